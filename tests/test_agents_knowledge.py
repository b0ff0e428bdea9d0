"""One home per game (issues 19, 28): a game's agent knowledge lives in the module its declaration names."""

from __future__ import annotations

import dataclasses
import importlib
import sys
import types
from typing import Any

import pytest

from boardgames_widgets.agents import determinize, greedy, rollout, strong
from boardgames_widgets.agents.knowledge import ByGame, game_module
from boardgames_widgets.core import registry
from boardgames_widgets.core.api import Game
from boardgames_widgets.core.registry import game_ids, make_game


@pytest.mark.parametrize("game_id", game_ids())
def test_every_game_has_one_agents_module_with_its_knowledge(game_id: str) -> None:
    module = game_module(game_id)
    if registry.spec(game_id).agents is None:  # a game without agent knowledge: the defaults
        assert module is None
        for table in (greedy.HEURISTICS, rollout.EVALUATORS, strong.STRONG_SEARCH, strong.STRONG_MIN_BUDGET):
            assert game_id not in table
        return
    assert module is not None and module.__name__ == registry.spec(game_id).agents
    assert greedy.HEURISTICS[game_id] is module.HEURISTIC
    assert rollout.EVALUATORS[game_id] is module.EVALUATOR
    assert strong.STRONG_SEARCH[game_id] is module.SEARCH
    assert strong.STRONG_MIN_BUDGET[game_id] == module.MIN_BUDGET >= 1
    assert (game_id in strong.HIDDEN_AT_DECISIONS) == bool(getattr(module, "HIDDEN_AT_DECISIONS", False))


def test_the_tables_hold_the_games_own_objects() -> None:
    from boardgames_widgets.agents import food_chain, papageno

    with pytest.raises(ModuleNotFoundError):  # the shim that re-exported agents.papageno is gone (issue 28)
        importlib.import_module("boardgames_widgets.agents.papageno_policies")
    assert papageno.ThresholdPolicy.__module__ == papageno.__name__  # the lessons import it from there
    assert determinize.SAMPLERS["food_chain"] is food_chain.SAMPLE_STATE
    assert strong.STRONG_ROLLOUT["papageno"] is papageno.ROLLOUT
    with pytest.raises(AttributeError):
        _ = greedy.papageno_heuristic  # the forwards to the games' modules are gone (issue 28)


def test_a_fifth_game_needs_only_its_declaration(monkeypatch: pytest.MonkeyPatch) -> None:
    from boardgames_widgets import games
    from boardgames_widgets.games.pig import Pig

    def toy_heuristic(game: Any, observation: Any, action: Any) -> float:
        return 1.0

    class Toy(Pig):
        info = dataclasses.replace(Pig.info, id="toy")

    toy = types.ModuleType("toy_agents")
    toy.HEURISTIC = toy_heuristic  # type: ignore[attr-defined]
    toy.MIN_BUDGET = 10  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "toy_agents", toy)
    monkeypatch.setattr(games, "GAMES", (*games.GAMES, "toy"))
    monkeypatch.setitem(registry._SPECS, "toy", registry.GameSpec(id="toy", rules=Toy, agents="toy_agents"))
    heuristics, budgets, evaluators = ByGame("HEURISTIC"), ByGame("MIN_BUDGET"), ByGame("EVALUATOR")
    assert heuristics["toy"] is toy_heuristic and budgets["toy"] == 10
    assert "toy" not in evaluators and len(evaluators) == len(rollout.EVALUATORS)
    assert make_game("toy").info.id == "toy"


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
