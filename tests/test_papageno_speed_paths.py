"""Papageno's fast paths give exactly what the plain rules give (RULES.md §3).

``Papageno.apply`` checks the actions of an ordinary turn without building the legal
list (``_is_legal``) and tests a Capture's options without building them
(``_can_capture``); these tests compare both with the plain lists on the positions
of seeded random games, for every action of a pool (PA-T1, PA-T2, PA-X1).
"""

from __future__ import annotations

import pytest
from random_states import random_states

from boardgames_widgets.core.api import InvalidActionError
from boardgames_widgets.games.papageno.actions import ACTIONS
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
                assert game._can_capture(state.grids, me, pos) == bool(
                    game._capture_swaps(probe, ACTIONS.capture_swaps)
                )


@pytest.mark.parametrize("num_players", [2, 5])
def test_capture_and_opening_legality_without_the_lists_pa_x1_pa_s2(num_players):
    """``_is_legal`` in the Capture and opening phases (no list built) against membership
    in ``legal_actions``, for every Capture swap with fields in and out of range, every
    turn-up, Decline and the other actions of the pool."""
    game = Papageno(num_players)
    states = [s for s in positions(game, 12, seed=40 + num_players) if s.phase in (Phase.CAPTURE, Phase.OPENING)]
    assert {s.phase for s in states} == {Phase.CAPTURE, Phase.OPENING}
    swaps = [CaptureSwap(m, o, t) for m in range(-1, 7) for o in range(-1, num_players + 1) for t in range(-1, 7)]
    turn_ups = [TurnUp(p) for p in range(-1, 7)]
    for state in states:
        legal = game.legal_actions(state)
        for action in POOL + swaps + turn_ups + legal:
            assert game._is_legal(state, action) == (action in legal), (state.phase, action)


def test_the_modules_own_actions_skip_the_input_check_a_look_alike_does_not():
    """``check_input`` knows the actions :mod:`.actions` makes by identity; an equal
    object built elsewhere, or one with a field of the wrong type, is checked in full."""
    from boardgames_widgets.core.api import InvalidActionError
    from boardgames_widgets.games.papageno import explain

    game = Papageno(2)
    for action in (Swap(3), Reveal("3"), TurnUp(0), Draw()):
        assert id(action) not in explain._FIXED or explain._FIXED[id(action)] is not action
        game._check_input(action)  # well formed: accepted, checked in full
    bad_ones = (Swap(6), Swap(True), Swap(3.0), TurnUp(-1), Reveal("10"), Reveal(3), CaptureSwap(0, 2, 0))
    for bad in (*bad_ones, None, 0, "draw", explain._FIXED):
        with pytest.raises(InvalidActionError):
            game._check_input(bad)
    assert all(explain._FIXED[id(a)] is a for a in explain._FIXED.values())


@pytest.mark.parametrize("num_players", [2, 5])
def test_capture_swaps_are_kept_objects_pa_x1(num_players):
    """The capture swaps the legal actions offer are made once (the OpenSpiel adapter knows them by
    identity) and are exactly the swaps PA-X1 allows, for every seat up to the most players."""
    game = Papageno(num_players)
    seen: dict[CaptureSwap, CaptureSwap] = {}
    offered = 0
    for state in random_states(game, 30, seed=num_players):
        if game.is_chance_node(state) or game.is_terminal(state) or state.phase is not Phase.CAPTURE:
            continue
        me, grids = state.actor, state.grids
        swaps = [a for a in game.legal_actions(state) if isinstance(a, CaptureSwap)]
        expected = {
            (m, o, t)
            for o in range(num_players)
            if o != me
            for m, mine in enumerate(grids[me])
            if mine is not None and m != state.pos
            for t, theirs in enumerate(grids[o])
            if theirs is not None
        }
        assert {(a.mine, a.other, a.theirs) for a in swaps} == expected
        for swap in swaps:
            assert seen.setdefault(swap, swap) is swap
        offered += len(swaps)
    assert offered > 20 and any(a.other == num_players - 1 for a in seen)  # the last seat was reached


@pytest.mark.parametrize("num_players", [2, 5])
def test_chance_outcomes_are_kept_pairs_with_the_exact_odds(num_players):
    """A draw's outcomes come from kept ``(Reveal, Fraction)`` pairs (one table per pile
    size): each kind left with exactly count / cards left, the same pair objects every time."""
    from collections import Counter
    from fractions import Fraction

    from boardgames_widgets.games.papageno.cards import KINDS, counts_of

    game = Papageno(num_players)
    chance = [s for s in positions(game, 3, seed=40 + num_players) if game.is_chance_node(s)]
    draws = [s for s in chance if s.phase is not Phase.ROUND_OVER]
    assert len(draws) > 20
    for state in draws:
        counts = (
            counts_of(state.draw_known) if state.phase is Phase.DRAW_REVEAL and not state.draw_unseen else state.unseen
        )
        outcomes = game.chance_outcomes(state)
        total = sum(counts)
        assert outcomes == [(Reveal(k), Fraction(c, total)) for k, c in zip(KINDS, counts, strict=True) if c]
        again = game.chance_outcomes(state)
        assert again is not outcomes and all(a is b for a, b in zip(again, outcomes, strict=True))
        assert Counter(type(p) for _, p in outcomes) == {Fraction: len(outcomes)}


def test_a_parsed_capture_is_the_object_legal_actions_hands_out_pa_x1():
    """Reading a saved Capture gives the kept swap (found by identity by whoever numbers
    actions so); a seat past the largest game still reads, for ``apply`` to refuse."""
    game = Papageno(5)
    captures = [s for s in positions(game, 6, seed=7) if s.phase is Phase.CAPTURE]
    assert captures
    for state in captures:
        for action in game.legal_actions(state):
            assert game.parse_action(str(action)) is action
    far = game.parse_action("capture top-left for p7 top-right")
    assert far == CaptureSwap(0, 7, 2)
    with pytest.raises(InvalidActionError, match="there is no player 7"):
        game.apply(captures[0], far)
