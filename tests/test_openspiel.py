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


def _spiel_playout(spiel_game: Any, seed: int) -> tuple[Any, list[str]]:
    """A random game through pyspiel's API; the final state and every action's text."""
    rng = random.Random(seed)
    state = spiel_game.new_initial_state()
    texts = []
    while not state.is_terminal():
        legal = [a for a, _ in state.chance_outcomes()] if state.is_chance_node() else state.legal_actions()
        action = legal[rng.randrange(len(legal))]
        texts.append(state.action_to_string(state.current_player(), action))
        state.apply_action(action)
    return state, texts


@pytest.mark.parametrize("game_id", game_ids())
def test_the_adapter_plays_the_same_game_as_the_core(game_id: str) -> None:
    # the fast paths (numbers remembered per object, apply_trusted) against our checked core
    ours = make_game(game_id, num_players=2)
    spiel_game = bos.from_game(ours)
    for seed in range(3):
        final, texts = _spiel_playout(spiel_game, seed)
        state = ours.new_initial_state()
        for text in texts:
            state = ours.apply(state, ours.parse_action(text))
        assert state == final.state
        assert final.returns() == list(ours.returns(state))
        assert len(final.history()) == len(texts)  # pyspiel's apply_action kept the history


@pytest.mark.parametrize("game_id", game_ids())
def test_chance_odds_are_the_exact_fractions(game_id: str) -> None:
    ours = make_game(game_id, num_players=2)
    spiel_game = bos.from_game(ours)
    rng = random.Random(0)
    state, seen = spiel_game.new_initial_state(), 0
    while not state.is_terminal() and seen < 200:
        if state.is_chance_node():
            seen += 1
            odds = state.chance_outcomes()
            exact = ours.chance_outcomes(state.state)
            assert [(state.codec.decode(n), p) for n, p in odds] == [(o, float(f)) for o, f in exact]
            assert sum(p for _, p in odds) == pytest.approx(1.0)
            assert state.legal_actions() == [n for n, _ in odds]
            state.apply_action(odds[rng.randrange(len(odds))][0])
        else:
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
    assert seen or not ours.info.has_chance


def test_an_illegal_action_number_is_still_refused() -> None:
    from boardgames_widgets.core.api import GameError

    spiel_game = bos.load("food_chain", num_players=2)
    state = decision_state(spiel_game, 4)
    legal = set(state.legal_actions())
    known_but_illegal = next(n for n in range(len(state.codec.actions)) if n not in legal)
    before = state.state
    with pytest.raises(GameError):
        state.apply_action(known_but_illegal)
    with pytest.raises(ValueError):
        state.apply_action(len(state.codec.actions) + 5)  # no action has that number
    assert state.state is before  # nothing changed
    # a number that is legal but was never offered by this state goes through the checked apply
    fresh = bos.wrap_state(spiel_game, state.state)
    fresh.apply_action(sorted(legal)[0])
    assert fresh.state == state.game.apply(state.state, state.codec.decode(sorted(legal)[0]))


@pytest.mark.parametrize("game_id", game_ids())
def test_python_answers_match_pyspiels_own(game_id: str) -> None:
    # legal_actions / is_chance_node answered in Python, as pyspiel's C++ State would
    spiel_game = bos.load(game_id, num_players=2)
    state = decision_state(spiel_game, 5)
    for _ in range(40):
        if state.is_terminal():
            break
        player = state.current_player()
        assert state.is_chance_node() == pyspiel.State.is_chance_node(state)
        assert state.is_player_node() == pyspiel.State.is_player_node(state)
        assert state.legal_actions() == pyspiel.State.legal_actions(state)
        if player >= 0:
            assert state.legal_actions(player) == pyspiel.State.legal_actions(state, player)
            assert state.legal_actions(1 - player) == [] == pyspiel.State.legal_actions(state, 1 - player)
        state.apply_action(state.legal_actions()[0])
    assert state.legal_actions() == [] or not state.is_terminal()
