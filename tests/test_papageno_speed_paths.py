"""Papageno's fast paths give exactly what the plain rules give (RULES.md §3).

``Papageno.apply`` checks the actions of an ordinary turn without building the legal
list (``_is_legal``) and tests a Capture's options without building them
(``_can_capture``); these tests compare both with the plain lists on the positions
of seeded random games, for every action of a pool (PA-T1, PA-T2, PA-X1).
"""

from __future__ import annotations

import pytest
from random_states import random_states

from boardgames_widgets.games.papageno.rules import (
    CaptureSwap,
    Decline,
    DiscardDrawn,
    Draw,
    NextRound,
    Papageno,
    Phase,
    Reveal,
    Swap,
    TakeDiscard,
    TurnUp,
)

POOL = [
    Draw(),
    TakeDiscard(),
    DiscardDrawn(),
    Decline(),
    NextRound(),
    Reveal("3"),
    *(Swap(p) for p in range(-1, 8)),
    *(TurnUp(p) for p in range(6)),
    CaptureSwap(0, 1, 0),
]


def positions(game, games: int, seed: int) -> list:
    """Every state of ``games`` seeded random games."""
    return random_states(game, games, seed)


@pytest.mark.parametrize("num_players", [2, 4])
def test_is_legal_is_membership_in_legal_actions_pa_t1_pa_t2(num_players):
    game = Papageno(num_players)
    states = [s for s in positions(game, 3, seed=num_players) if game.current_player(s) >= 0]
    assert {s.phase for s in states} >= {Phase.TURN, Phase.PLACE, Phase.OPENING}
    for state in states:
        legal = game.legal_actions(state)
        for action in POOL + legal:
            assert game._is_legal(state, action) == (action in legal), (state.phase, action)


@pytest.mark.parametrize("num_players", [3, 5])
def test_can_capture_is_whether_a_capture_swap_exists_pa_x1(num_players):
    game = Papageno(num_players)
    for state in positions(game, 4, seed=20 + num_players)[::2]:
        for me in range(num_players):
            for pos in range(6):
                probe = game.replace_state(state, actor=me, pos=pos)
                assert game._can_capture(state.grids, me, pos) == bool(game._capture_swaps(probe))
