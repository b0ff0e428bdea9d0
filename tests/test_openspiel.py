"""The OpenSpiel adapter: our games as pyspiel games, OpenSpiel's Python bots on them.

Skipped when ``open-spiel`` is not installed (it is the optional ``bench`` extra).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")

from open_spiel.python.algorithms import ismcts as os_ismcts  # noqa: E402
from open_spiel.python.algorithms import mcts as os_mcts  # noqa: E402

from boardgames_widgets import make_game  # noqa: E402
from boardgames_widgets import openspiel as bos  # noqa: E402
from boardgames_widgets.core.registry import game_ids  # noqa: E402


def decision_state(spiel_game: Any, seed: int) -> Any:
    """Play chance outcomes and random moves until a player's decision after a few moves."""
    rng = np.random.RandomState(seed)
    state = spiel_game.new_initial_state()
    moves = 0
    while state.is_chance_node() or moves < 3:
        if state.is_terminal():
            state = spiel_game.new_initial_state()
            continue
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=probs)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
            moves += 1
    return state


@pytest.mark.parametrize("game_id", game_ids())
def test_random_games_through_pyspiel(game_id: str) -> None:
    spiel_game = bos.load(game_id, num_players=2)
    assert spiel_game.get_type().short_name == f"bgw_{game_id}"
    assert spiel_game.num_players() == 2
    rng = random.Random(0)
    state = spiel_game.new_initial_state()
    ours = make_game(game_id, num_players=2)
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            assert sum(p for _, p in outcomes) == pytest.approx(1.0)
            state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
        else:
            legal = state.legal_actions()
            texts = [state.action_to_string(state.current_player(), a) for a in legal]
            assert texts == [str(a) for a in ours.legal_actions(state.state)]
            state.apply_action(legal[rng.randrange(len(legal))])
    assert sum(state.returns()) == pytest.approx(1.0)


def test_clones_are_independent_and_share_the_numbering() -> None:
    spiel_game = bos.load("food_chain", num_players=2)
    state = decision_state(spiel_game, 0)
    clone = state.clone()
    before = state.state
    clone.apply_action(clone.legal_actions()[0])
    assert state.state == before and clone.state != before
    assert clone.codec is state.codec


def test_observer_strings_hide_what_the_player_cannot_see() -> None:
    spiel_game = bos.load("food_chain", num_players=2)
    state = decision_state(spiel_game, 1)
    ours = state.game
    assert state.observation_string(0) == repr(ours.observation(state.state, 0))
    assert state.information_state_string(1) == repr(ours.observation(state.state, 1))
    assert state.observation_string(0) != state.observation_string(1)


@pytest.mark.parametrize("game_id", game_ids())
def test_openspiel_python_mctsbot_plays_our_games(game_id: str) -> None:
    spiel_game = bos.load(game_id, num_players=2)
    state = decision_state(spiel_game, 2)
    evaluator = os_mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))
    bot = os_mcts.MCTSBot(spiel_game, 1.4, 8, evaluator, random_state=np.random.RandomState(0))
    assert bot.step(state) in state.legal_actions()


@pytest.mark.parametrize("game_id", ["food_chain", "papageno"])
def test_openspiel_python_ismctsbot_with_our_resampler(game_id: str) -> None:
    spiel_game = bos.load(game_id, num_players=2)
    state = decision_state(spiel_game, 3)
    evaluator = os_mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))
    bot = os_ismcts.ISMCTSBot(
        spiel_game,
        evaluator,
        1.4,
        10,
        random_state=np.random.RandomState(0),
        use_observation_string=True,
        allow_inconsistent_action_sets=True,
    )
    bot.set_resampler(bos.resampler(0))
    assert bot.step(state) in state.legal_actions()


def test_from_game_wraps_any_configuration() -> None:
    spiel_game = bos.from_game(make_game("food_chain", num_players=2, open_deck_seed=4))
    state = spiel_game.new_initial_state()
    assert len(state.chance_outcomes()) == 1  # the open deck: every draw is known


def test_codec_numbers_actions_in_order_of_appearance() -> None:
    codec = bos.ActionCodec()
    assert [codec.encode(a) for a in ("x", "y", "x")] == [0, 1, 0]
    assert codec.decode(1) == "y"
    with pytest.raises(ValueError):
        codec.decode(5)
