"""Chop Chop's written-out playout (:func:`~boardgames_widgets.games.chop_chop.playout.play`)
plays the game its definition plays: the same final position, field by field, and the same
draws from the generator — from the start and from positions in the middle of games, on the
default kitchen with 2 to 5 players, a small kitchen, a custom die with long moves (the
search, not the walk tables), a low turn limit (games that end there) and a memory of moves
so small it forgets all the time."""

from __future__ import annotations

import random
from typing import Any

import pytest
from chop_chop_boards import SMALL
from random_states import random_states

from boardgames_widgets.core.api import CHANCE, TERMINAL
from boardgames_widgets.games.chop_chop import moves
from boardgames_widgets.games.chop_chop.playout import play
from boardgames_widgets.games.chop_chop.rules import ChopChop, ChopChopState
from boardgames_widgets.games.chop_chop.state import _FIELDS

SMALL_MIX = {"cheese": 4, "plate": 3, "+2": 1, "arrow": 2, "fork": 1, "knife": 1}


def defined_end(game: ChopChop, state: ChopChopState, rng: random.Random) -> ChopChopState:
    """The final position of :func:`~boardgames_widgets.testing.reference_playout`'s game
    (the public API only: ``sample_chance``, ``legal_actions`` and ``rng.randrange``, ``apply_trusted``)."""
    while True:
        player = game.current_player(state)
        if player == TERMINAL:
            return state
        if player == CHANCE:
            action = game.sample_chance(state, rng)
        else:
            legal = game.legal_actions(state)
            action = legal[rng.randrange(len(legal))]
        state = game.apply_trusted(state, action)


def fields(position: Any) -> tuple[Any, ...]:
    return tuple(getattr(position, name) for name in _FIELDS)


def check_same_games(game: ChopChop, starts: list[ChopChopState], seed: int) -> None:
    for k, start in enumerate(starts):
        ours, theirs = random.Random(seed + k), random.Random(seed + k)
        got = play(game, start, ours)
        want = defined_end(game, start, theirs)
        assert fields(got) == fields(want), f"start {k}"
        assert ours.getstate() == theirs.getstate(), f"start {k}"
        assert game.random_playout(start, random.Random(seed + k)) == game.returns(want)


@pytest.mark.parametrize("num_players", [2, 3, 5])
def test_the_playout_ends_where_its_definition_ends_from_the_start(num_players: int) -> None:
    """60 seeded games from the initial state: the same final position, the same draws."""
    game = ChopChop(num_players)
    check_same_games(game, [game.new_initial_state()] * 40, seed=5000 + num_players)


@pytest.mark.parametrize("num_players", [2, 4])
def test_the_playout_ends_where_its_definition_ends_from_any_phase(num_players: int) -> None:
    """From every 7th position of 4 random games (every phase: rolls, moves, tiles turned,
    extra steps, arrows, forks, knives' double turns)."""
    game = ChopChop(num_players)
    starts = random_states(game, 4, seed=77 + num_players)[::7]
    check_same_games(game, starts, seed=900)


@pytest.mark.parametrize(
    ("kwargs", "games"),
    [
        ({"board_map": SMALL, "tile_mix": SMALL_MIX, "cheese_to_win": 3}, 25),  # small, quickly over
        ({"mouse_die": (1, 2, 7), "cat_die": (1, 7), "max_turns": 60}, 4),  # long moves: the search itself
        ({"max_turns": 30}, 25),  # games that end at the turn limit
    ],
)
def test_the_playout_ends_where_its_definition_ends_on_other_kitchens(kwargs: dict[str, Any], games: int) -> None:
    game = ChopChop(3, **kwargs)
    check_same_games(game, [game.new_initial_state()] * games, seed=31)


def test_the_playout_is_the_same_when_the_memory_forgets(monkeypatch: pytest.MonkeyPatch) -> None:
    """A memory of 5 move lists forgets all the time: still the same games."""
    monkeypatch.setattr(moves, "MEMO_LIMIT", 5)
    game = ChopChop(2)
    check_same_games(game, [game.new_initial_state()] * 15, seed=123)
    assert game._memo_size <= 5
