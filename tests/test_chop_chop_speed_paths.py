"""Chop Chop's fast paths give exactly what the plain rules give (RULES.md §1).

The rules find moves from precomputed walk tables filtered by bit masks
(``ChopChop._options``) and draw chance directly (``sample_chance``); these tests
compare them with the plain depth-first search over :meth:`ChopChop.passable`
(CC-M1 … CC-M8, CC-T2, CC-W3) on the positions of seeded random games.
"""

from __future__ import annotations

import pytest
from random_states import random_states

from boardgames_widgets.games.chop_chop import rules
from boardgames_widgets.games.chop_chop.rules import CAT, ChopChop, Move, Phase


def positions(game, games: int, seed: int) -> list:
    """Every state of ``games`` seeded random games."""
    return random_states(game, games, seed)


def bits(flags: list[bool]) -> int:
    return sum(1 << c for c, f in enumerate(flags) if f)


@pytest.mark.parametrize("num_players", [2, 5])
def test_masks_are_passable_as_bits_cc_m3_cc_m8_cc_t2_cc_w3(num_players):
    """The masks say exactly what :meth:`passable` says, for the cat and for every mouse."""
    game = ChopChop(num_players)
    n = game.layout.n_cells
    for state in positions(game, 6, seed=num_players)[::3]:
        if state.phase is Phase.PLACE:
            continue
        for piece in (CAT, *range(len(state.mice))):
            free, end = game.passable(state, piece)
            blocked, stop = game._masks(state, piece)
            assert blocked == ((1 << n) - 1) & ~bits(free)
            assert stop == bits(end)


@pytest.mark.parametrize("num_players", [2, 4])
def test_walk_tables_give_the_moves_of_the_depth_first_search_cc_m1_cc_m4(num_players, monkeypatch):
    """Same moves, same order, same representative paths with and without the tables
    (``TABLE_MAX_STEPS = 0`` sends every move through the search)."""
    game = ChopChop(num_players)
    states = [s for s in positions(game, 8, seed=10 + num_players) if s.phase in (Phase.MOVE, Phase.EXTRA)]
    assert any(s.phase is Phase.EXTRA for s in states)
    fast = [(game.legal_actions(s), game.move_paths(s)) for s in states]
    monkeypatch.setattr(rules, "TABLE_MAX_STEPS", 0)
    plain = ChopChop(num_players)
    slow = [(plain.legal_actions(s), plain.move_paths(s)) for s in states]
    assert fast == slow
    assert [list(p.items()) for _, p in fast] == [list(p.items()) for _, p in slow]


def test_a_die_longer_than_the_tables_uses_the_search_cc_m2():
    """A custom die with faces beyond ``TABLE_MAX_STEPS`` still plays by the search."""
    long = rules.TABLE_MAX_STEPS + 1
    game = ChopChop(2, mouse_die=(long,), cat_die=(1, long))
    states = [s for s in positions(game, 2, seed=3) if s.phase is Phase.MOVE and s.roll == long]
    assert states
    for state in states[:20]:
        for action, path in game.move_paths(state).items():
            assert len(path) == long + 1
            assert action in game.legal_actions(state)


def test_moves_made_by_the_game_and_equal_moves_made_elsewhere_apply_alike():
    """A Move from ``legal_actions`` (found by id) and an equal Move built by hand or
    parsed from text give the same next state (parsing gives the game's own Move)."""
    game = ChopChop(3)
    states = [s for s in positions(game, 3, seed=7) if s.phase is Phase.MOVE]
    for state in states[:40]:
        for action in game.legal_actions(state)[:3]:
            parsed = game.parse_action(str(action))
            assert parsed == action
            copy = Move(action.piece, action.to, action.via) if isinstance(action, Move) else parsed
            assert copy is not action or not isinstance(action, Move)  # found by its fields, not its id
            assert game.apply(state, copy) == game.apply(state, parsed) == game.apply(state, action)


def test_legal_actions_hand_out_kept_objects_cc_t4_cc_m10():
    """Decline, Pass, the arrow's jumps and the reveals are made once and handed out again
    (the OpenSpiel adapter then knows them by identity), and equal what a player would write."""
    from boardgames_widgets.games.chop_chop.actions import DECLINE, PASS, Decline, Jump, Pass, Reveal, jump

    game = ChopChop(3)
    seen: dict[object, object] = {}
    kinds = set()
    for state in positions(game, 8, seed=11):
        if game.is_chance_node(state):
            outcomes = game.chance_outcomes(state)
            actions = [a for a, _ in outcomes if isinstance(a, Reveal)]
        else:
            actions = [a for a in game.legal_actions(state) if isinstance(a, (Decline, Pass, Jump))]
        for action in actions:
            kinds.add(type(action))
            assert seen.setdefault(action, action) is action  # an equal one handed out before is this one
    assert {Decline, Reveal, Jump} <= kinds  # the positions did offer them (Pass is rarer)
    assert seen.get(Pass(), PASS) is PASS and seen.get(Decline()) is DECLINE
    assert jump(CAT, (4, 5)) == Jump(CAT, (4, 5)) and jump(CAT, (4, 5)) is jump(CAT, (4, 5))
