"""One home per game (issue 19): each game's agent knowledge lives in ``agents/<game id>.py``."""

from __future__ import annotations

import sys
import types
from typing import Any

import pytest

from boardgames_widgets.agents import determinize, greedy, papageno_policies, rollout, strong
from boardgames_widgets.agents.knowledge import ByGame, game_module
from boardgames_widgets.core import registry
from boardgames_widgets.core.api import Game
from boardgames_widgets.core.registry import game_ids, make_game


@pytest.mark.parametrize("game_id", game_ids())
def test_every_game_has_one_agents_module_with_its_knowledge(game_id: str) -> None:
    module = game_module(game_id)
    assert module is not None and module.__name__ == f"boardgames_widgets.agents.{game_id}"
    assert greedy.HEURISTICS[game_id] is module.HEURISTIC
    assert rollout.EVALUATORS[game_id] is module.EVALUATOR
    assert strong.STRONG_SEARCH[game_id] is module.SEARCH
    assert strong.STRONG_MIN_BUDGET[game_id] == module.MIN_BUDGET >= 1
    assert (game_id in strong.HIDDEN_AT_DECISIONS) == bool(getattr(module, "HIDDEN_AT_DECISIONS", False))


def test_old_import_paths_still_work() -> None:
    from boardgames_widgets.agents import chop_chop, food_chain, mouse_trap, papageno

    assert greedy.papageno_heuristic is papageno.papageno_heuristic
    assert greedy._papageno_unknown is papageno._papageno_unknown
    assert greedy.FOOD_CHAIN_EXPOSURE == food_chain.HEURISTIC_EXPOSURE == 0.1
    assert rollout.FOOD_CHAIN_EXPOSURE == food_chain.EVALUATOR_EXPOSURE == 0.15
    assert rollout.chop_chop_catch_chance is chop_chop.chop_chop_catch_chance
    assert rollout.mouse_trap_evaluator is mouse_trap.mouse_trap_evaluator
    assert strong.STRONG_ROLLOUT["papageno"] is papageno.ROLLOUT and strong.PAPAGENO_PLAYOUT_CAP == 400
    assert determinize.food_chain_sample_state is food_chain.food_chain_sample_state
    assert determinize.SAMPLERS["food_chain"] is food_chain.SAMPLE_STATE
    assert papageno_policies.ThresholdPolicy is papageno.ThresholdPolicy
    with pytest.raises(AttributeError, match="no attribute 'nothing_here'"):
        _ = greedy.nothing_here


def test_a_fifth_game_needs_one_agents_module(monkeypatch: pytest.MonkeyPatch) -> None:
    def toy_heuristic(game: Any, observation: Any, action: Any) -> float:
        return 1.0

    toy = types.ModuleType("boardgames_widgets.agents.toy")
    toy.HEURISTIC = toy_heuristic  # type: ignore[attr-defined]
    toy.MIN_BUDGET = 10  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "boardgames_widgets.agents.toy", toy)
    monkeypatch.setattr(registry, "game_ids", lambda: [*game_ids(), "toy"])
    heuristics, budgets, evaluators = ByGame("HEURISTIC"), ByGame("MIN_BUDGET"), ByGame("EVALUATOR")
    assert heuristics["toy"] is toy_heuristic and budgets["toy"] == 10
    assert "toy" not in evaluators and len(evaluators) == len(game_ids())


def test_sample_state_is_an_optional_method_of_the_game_api() -> None:
    papageno, food_chain = make_game("papageno"), make_game("food_chain")
    assert determinize.has_own_sampler(papageno)  # Papageno's class samples its own states
    assert not determinize.has_own_sampler(food_chain)  # Food Chain's sampler is in agents/food_chain.py
    assert determinize.can_sample(food_chain) and determinize.can_sample(papageno)
    with pytest.raises(NotImplementedError, match="no sample_state"):
        Game.sample_state(food_chain, None, None)  # type: ignore[arg-type]


def test_agents_holding_the_tables_can_be_pickled() -> None:
    import pickle

    from boardgames_widgets.agents import GreedyAgent
    from boardgames_widgets.agents.rollout import HeuristicPolicy

    for value in (greedy.HEURISTICS, strong.HIDDEN_AT_DECISIONS, GreedyAgent(), HeuristicPolicy(epsilon=0.1)):
        copy = pickle.loads(pickle.dumps(value))
        assert type(copy) is type(value)
    assert dict(pickle.loads(pickle.dumps(greedy.HEURISTICS))) == dict(greedy.HEURISTICS)
    assert set(pickle.loads(pickle.dumps(strong.HIDDEN_AT_DECISIONS))) == {"food_chain"}
