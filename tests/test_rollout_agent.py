"""The rollout algorithm (agents/rollout_agent.py) and the playouts that stop at a round's end."""

from __future__ import annotations

import random
from typing import Any

import pytest
from test_agents import Nim, NimState

from boardgames_widgets import make_game, play_game
from boardgames_widgets.agents import GreedyAgent
from boardgames_widgets.agents.papageno import _even_match_chances, papageno_evaluator, papageno_round_over
from boardgames_widgets.agents.rollout import HeuristicPolicy, Rollout
from boardgames_widgets.agents.rollout_agent import RolloutAgent, rollout_search
from boardgames_widgets.agents.strong import STRONG_ROLLOUT
from boardgames_widgets.core.api import Game
from boardgames_widgets.games.papageno.rules import Phase


def take_one(game: Game[Any, Any], state: Any, legal: Any, rng: random.Random) -> Any:
    """Nim's laziest base policy: always take a single counter."""
    return 1


def test_rollouts_improve_on_their_base_policy() -> None:
    """Pile 6, both sides always taking 1: the mover loses. Trying each move with that policy
    to follow finds the winning move (take 2, leave a multiple of 4)."""
    game = Nim(pile=6)
    state = game.new_initial_state()
    result = rollout_search(game, state, game.legal_actions(state), random.Random(0), Rollout(take_one), samples=3)
    assert result.values == {1: 0.0, 2: 1.0, 3: 0.0}
    assert (result.action, result.iterations, result.nodes) == (2, 3, 9)


def test_every_move_gets_the_same_seeds() -> None:
    """Common random numbers: per sample, every move's playout starts from the same generator."""
    seen: list[float] = []

    def recording(game: Game[Any, Any], state: Any, rng: random.Random) -> tuple[float, ...]:
        seen.append(rng.random())
        return (0.5, 0.5)

    game = Nim(pile=5)
    state = game.new_initial_state()
    rollout_search(game, state, game.legal_actions(state), random.Random(1), recording, samples=4)
    per_sample = [seen[k : k + 3] for k in range(0, len(seen), 3)]
    assert len(per_sample) == 4
    assert all(len(set(first_draws)) == 1 for first_draws in per_sample)
    assert len({first_draws[0] for first_draws in per_sample}) == 4  # a new seed per sample


def test_a_time_budget_runs_whole_samples() -> None:
    game = Nim(pile=9)
    state = game.new_initial_state()
    result = rollout_search(game, state, [1, 2, 3], random.Random(0), Rollout(), samples=None, seconds=0.0)
    assert (result.iterations, result.nodes) == (1, 3)  # at least one sample, every move in it


def test_the_rollout_search_needs_a_budget_and_a_move() -> None:
    game = Nim()
    with pytest.raises(ValueError, match="budget"):
        rollout_search(game, NimState(3), [1], random.Random(0), Rollout(), samples=None)
    with pytest.raises(ValueError, match="no legal action"):
        rollout_search(game, NimState(3), [], random.Random(0), Rollout())
    with pytest.raises(ValueError, match="budget"):
        RolloutAgent(game, Rollout(), None)


def test_the_rollout_agent_is_reproducible_and_counts_its_playouts() -> None:
    game = make_game("papageno", num_players=2)
    bot = RolloutAgent(game, STRONG_ROLLOUT["papageno"], samples=3)
    records = [play_game(game, [bot, GreedyAgent(game)], seed=4, max_actions=40) for _ in range(2)]
    assert records[0].actions == records[1].actions
    assert bot.nodes > 0 and bot.last is not None and bot.last.iterations == 3
    bot.reset()
    assert bot.nodes == 0


def test_a_playout_can_stop_at_the_end_of_the_round() -> None:
    """PA-E3: stopped where the round is scored, the evaluator counts that round and calls the rest even."""
    game = make_game("papageno", num_players=2)  # first to 2 round wins
    playout = Rollout(HeuristicPolicy(epsilon=0.0), None, papageno_evaluator, until=papageno_round_over)
    outcomes = {tuple(playout(game, game.new_initial_state(), random.Random(seed))) for seed in range(6)}
    assert outcomes <= {(0.75, 0.25), (0.25, 0.75), (0.5, 0.5)}
    assert len(outcomes) >= 2
    with pytest.raises(ValueError, match="evaluator"):
        Rollout(until=papageno_round_over)


def test_the_papageno_evaluator_does_not_count_a_scored_round_twice() -> None:
    game = make_game("papageno", num_players=2)
    rng = random.Random(0)
    state = game.new_initial_state()
    while state.phase is not Phase.ROUND_OVER:
        if game.is_chance_node(state):
            state = game.apply(state, game.sample_chance(state, rng))
        else:
            state = game.apply(state, game.legal_actions(state)[0])
    assert papageno_round_over(game, state)
    assert papageno_evaluator(game, state) == _even_match_chances(tuple(state.round_wins), 2)
