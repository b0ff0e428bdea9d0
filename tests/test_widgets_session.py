"""``core.session.Session``: the one play loop, which the widgets, ``play_game`` and the lessons drive.

A widget's session keeps its generators' states for undo (``undo=True``); ``play_game``'s
draws from them directly (``undo=False``): both give the same game for the same seed, for
every registered game with bots in every seat. Undo puts the generators back; a bot that
breaks the rules of play costs its seat the game (``AgentError``) and changes nothing.
(That every player goes through the session is tests/test_one_play_loop.py.)
"""

from __future__ import annotations

import random

import pytest

from boardgames_widgets.agents import FirstActionAgent, GreedyAgent, RandomAgent
from boardgames_widgets.core import CHANCE, GameError, game_ids, make_game, play_game
from boardgames_widgets.core.registry import game_class
from boardgames_widgets.core.seats import AgentError, LocalSeat, SeatedAgent
from boardgames_widgets.core.session import Session, fresh_seed


def bots(game, kinds):  # type: ignore[no-untyped-def]
    make = {"random": lambda: RandomAgent(), "first": lambda: FirstActionAgent(), "greedy": lambda: GreedyAgent(game)}
    return [make[kinds[i % len(kinds)]]() for i in range(game.num_players)]


@pytest.mark.parametrize("game_id", game_ids())
@pytest.mark.parametrize("seed", [0, 7, "lesson"])
def test_session_with_bots_in_every_seat_plays_the_game_of_play_game(game_id: str, seed: object) -> None:
    players = game_class(game_id).info.max_players if seed == 7 else game_class(game_id).info.min_players
    game = make_game(game_id, num_players=players)
    kinds = ["random", "greedy"] if seed != "lesson" else ["random"]
    expected = play_game(game, bots(game, kinds), seed=seed)  # type: ignore[arg-type]
    session = Session(game, bots(game, kinds), seed=seed)  # type: ignore[arg-type]
    session.run()
    assert session.record() == expected


def test_a_person_seat_stops_the_session_and_their_move_is_committed() -> None:
    game = make_game("food_chain", num_players=2)
    s = Session(game, [None, RandomAgent()], seed=1)
    s.run()
    assert s.player == 0 and s.is_human(0)
    with pytest.raises(GameError, match="person"):
        s.propose()
    action = game.legal_actions(s.state)[0]
    s.commit(action)
    assert s.actions[-1] == action
    s.run()
    assert s.player in (0, CHANCE) or s.is_over


def test_propose_changes_nothing_until_commit() -> None:
    game = make_game("mouse_trap", num_players=2)
    s = Session(game, [RandomAgent(), RandomAgent()], seed=2)
    a, b = s.propose(), s.propose()
    assert a == b and s.actions == []
    s.commit(a)
    with pytest.raises(GameError, match="another position"):
        s.commit(b)


def test_undo_puts_the_generators_back_so_the_same_moves_give_the_same_rolls() -> None:
    game = make_game("mouse_trap", num_players=2)
    s = Session(game, [RandomAgent(), RandomAgent()], seed=3)
    s.run(max_actions=12)
    states = list(s.states)
    s.undo_to(4)
    assert s.states == states[:5]
    s.run(max_actions=12)
    assert s.states == states
    with pytest.raises(ValueError, match="go back"):
        s.undo_to(99)


def test_a_hint_uses_its_own_generator_and_leaves_the_game_alone() -> None:
    game = make_game("food_chain", num_players=2)
    agents = [RandomAgent(), RandomAgent()]
    s = Session(game, agents, seed=4)
    s.run(max_actions=3)
    while s.player < 0:
        s.step()
    before = list(s.states)
    s.hint(RandomAgent())
    s.run()
    t = Session(game, agents, seed=4)
    t.run()
    assert s.states[: len(before)] == before and s.record() == t.record()


def test_an_illegal_move_changes_nothing() -> None:
    game = make_game("food_chain", num_players=2)
    s = Session(game, [None, None], seed=5)
    while s.player < 0:
        s.step()
    n = len(s.actions)
    with pytest.raises(GameError):
        s.commit(_illegal(game, s.state))
    assert len(s.actions) == n


def _illegal(game, state):  # type: ignore[no-untyped-def]
    from boardgames_widgets.games.food_chain.rules import Place

    card = state.hands[state.turn][0]
    return Place(card.kind, card.value, 3, 3)


def test_new_game_with_another_seed_starts_over_and_fresh_seeds_have_five_digits() -> None:
    game = make_game("food_chain", num_players=2)
    s = Session(game, [RandomAgent(), RandomAgent()], seed=1)
    s.run()
    s.new_game(2)
    assert s.actions == [] and s.seed == 2
    s.run()
    assert s.record() == play_game(game, [RandomAgent(), RandomAgent()], seed=2)
    seeds = {fresh_seed(random.Random(i)) for i in range(20)}
    assert all(10_000 <= x < 100_000 for x in seeds) and len(seeds) > 15
    with pytest.raises(ValueError, match="seats"):
        Session(game, [None], seed=1)


def test_a_session_without_undo_plays_the_same_game_and_draws_each_move_once() -> None:
    game = make_game("mouse_trap", num_players=2)
    kept = Session(game, [RandomAgent(), RandomAgent()], seed=6)
    kept.run()
    once = Session(game, [RandomAgent(), RandomAgent()], seed=6, undo=False)
    move = once.propose()
    with pytest.raises(GameError, match="not committed"):
        once.propose()  # its generators moved on: a second draw would be another move
    once.commit(move)
    once.run()
    assert once.record() == kept.record()
    with pytest.raises(GameError, match="cannot go back"):
        once.undo_to(0)


def test_a_bot_that_answers_an_illegal_move_loses_its_seat_and_nothing_changes() -> None:
    game = make_game("food_chain", num_players=2)

    def cheat(observation, legal_actions, rng):  # type: ignore[no-untyped-def]
        return tuple(legal_actions[0])  # a look-alike of a legal action, not one

    s = Session(game, [RandomAgent(), cheat], seed=7)
    s.run(max_actions=4)
    with pytest.raises(AgentError) as caught:
        s.run()
    error = caught.value
    assert error.seat == 1 and error.agent == "cheat" and error.reason == "illegal"
    assert error.record == s.record() and s.player == 1


def test_a_bot_that_crashes_is_reported_with_the_game_so_far() -> None:
    game = make_game("food_chain", num_players=2)

    def broken(observation, legal_actions, rng):  # type: ignore[no-untyped-def]
        raise ZeroDivisionError("oops")

    s = Session(game, [broken, RandomAgent()], seed=8)
    with pytest.raises(AgentError, match="raised ZeroDivisionError: oops") as caught:
        s.run()
    assert caught.value.reason == "crash" and caught.value.record.actions == tuple(str(a) for a in s.actions)


def test_set_seat_closes_the_seat_it_replaces() -> None:
    game = make_game("food_chain", num_players=2)

    class Closing(LocalSeat):
        closed = 0

        def close(self) -> None:
            Closing.closed += 1

    s = Session(game, [SeatedAgent(Closing(RandomAgent()), "pooled"), RandomAgent()], seed=9)
    assert s.seat_name(0) == "pooled" and not s.is_human(0)
    s.set_seat(0, None)
    assert Closing.closed == 1 and s.is_human(0) and s.seat_name(0) == "Human"
