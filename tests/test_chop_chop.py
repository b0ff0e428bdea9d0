"""Chop Chop rules (RULES.md §1): one or more tests per rule ID, scenarios as text boards.

Board tokens (see ``games/chop_chop/scenario.py``): ``#`` face-down tile, ``.`` bare
square, ``*`` uncovered cheese, ``C`` cat, digits mice, ``[..]`` squares under the table
(rows 2–3, columns 2–4), ``o`` an empty hole, ``-`` outside. Coordinates are (row, col)
from the top-left floor square; the holes are top (-1,3), right (2,7), bottom (6,3),
left (3,-1) with entrances (0,3), (2,6), (5,3), (3,0).
"""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import pairwise
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from boardgames_widgets import make_game
from boardgames_widgets.core import CHANCE, TERMINAL, GameOverError, IllegalActionError, InvalidActionError
from boardgames_widgets.core.rng import sample_outcome
from boardgames_widgets.games.chop_chop import (
    CAT,
    DEFAULT_MAP,
    TILES,
    ChopChop,
    Decline,
    Jump,
    Move,
    Pass,
    Phase,
    PlaceCat,
    Reveal,
    Roll,
    TakeCheese,
    Tile,
)
from boardgames_widgets.games.chop_chop.rules import DRAW, FACE_DOWN, NO_TILE, UNCOVERED_CHEESE
from boardgames_widgets.games.chop_chop.scenario import board_state, board_text

GAME = ChopChop()

EMPTY = """
- - - - o - - - -
- - . . . . . - -
- . . . . . . . -
- . . [.] [.] [.] . . o
o . . [.] [.] [.] . . -
- . . . . . . . -
- - . . . . C - -
- - - - o - - - -
"""
#: The empty kitchen without the cat, for scenarios that put the cat elsewhere.
NOCAT = EMPTY.replace("C", ".")


def state_of(text: str, **kw):
    return board_state(GAME, text, **kw)


def cell(rc):
    return GAME.layout.index[rc]


def moves_of(state, piece=None):
    return {a for a in GAME.legal_actions(state) if isinstance(a, Move) and (piece is None or a.piece == piece)}


def dests(state, piece):
    return {a.to for a in moves_of(state, piece)}


def rule_of(state, action) -> str:
    with pytest.raises(IllegalActionError) as err:
        GAME.apply(state, action)
    return err.value.rule


def play(state, *actions):
    for a in actions:
        state = GAME.apply(state, a)
    return state


# -- setup ------------------------------------------------------------------------------


def test_cc_s1_all_38_tiles_lie_face_down_and_the_first_reveal_is_cheese_10_in_38():
    """CC-S1: 38 face-down tiles; their faces are drawn on reveal, 10/38 cheese."""
    s = GAME.new_initial_state()
    assert s.tiles == (FACE_DOWN,) * 38
    assert dict(zip(TILES, s.hidden, strict=True)) == {
        Tile.CHEESE: 10,
        Tile.PLATE: 10,
        Tile.PLUS1: 4,
        Tile.PLUS2: 4,
        Tile.ARROW: 4,
        Tile.FORK: 3,
        Tile.KNIFE: 3,
    }
    s = play(s, PlaceCat((2, 3)), Roll(1), Move(0, (0, 3), (-1, 3)))
    assert GAME.current_player(s) == CHANCE
    outcomes = dict(GAME.chance_outcomes(s))
    assert outcomes[Reveal(Tile.CHEESE)] == Fraction(10, 38)
    assert outcomes[Reveal(Tile.FORK)] == Fraction(3, 38)
    assert sum(outcomes.values()) == 1
    after = GAME.apply(s, Reveal(Tile.KNIFE))
    assert after.hidden[TILES.index(Tile.KNIFE)] == 2 and sum(after.hidden) == 37


def test_cc_s1_a_tile_kind_that_is_used_up_cannot_be_revealed():
    """CC-S1: the reveal chance node only offers kinds still face down."""
    s = state_of(EMPTY.replace("- - . . . . . - -", "- - 0 # . . . - -", 1), roll=1, hidden={Tile.PLATE: 1})
    s = GAME.apply(s, Move(0, (0, 2), (0, 1)))
    assert GAME.chance_outcomes(s) == [(Reveal(Tile.PLATE), Fraction(1))]
    assert rule_of(s, Reveal(Tile.CHEESE)) == "CC-S1"
    with pytest.raises(InvalidActionError, match="Reveal.tile must be Tile"):
        GAME.apply(s, Reveal("gold"))  # type: ignore[arg-type]  # not a Tile: a clear error, not a KeyError


def test_cc_s2_each_mouse_starts_in_its_own_hole_with_the_hole_tile_down():
    """CC-S2: four hole tiles hole-side down, one mouse on each."""
    s = GAME.new_initial_state()
    assert [GAME.coord(c) for c in s.mice] == [(-1, 3), (2, 7), (6, 3), (3, -1)]
    assert s.holes_up == (False,) * 4


def test_cc_s3_the_cat_player_chooses_a_table_top_square_first():
    """CC-S3: the first decision is the cat player's: one of the 6 table-top squares."""
    s = GAME.new_initial_state()
    assert GAME.current_player(s) == 0
    assert set(GAME.legal_actions(s)) == {PlaceCat((r, c)) for r in (2, 3) for c in (2, 3, 4)}
    assert rule_of(s, PlaceCat((0, 1))) == "CC-S3"
    assert rule_of(s, Roll(2)) == "CC-S3"
    s = GAME.apply(s, PlaceCat((3, 4)))
    assert GAME.coord(s.cat) == (3, 4)


def test_cc_s4_mice_move_first_and_mouse_players_rotate_any_mouse_any_player():
    """CC-S4: mice first; with 3 mouse players the mouse turns go 1, 2, 3, 1, …; cat turns between."""
    game = ChopChop(num_players=4)
    s = game.apply(game.new_initial_state(), PlaceCat((2, 2)))
    assert s.mice_turn and s.seat == 1 and game.current_player(s) == CHANCE
    rng = random.Random(4)
    fresh_mouse_turns, sides = [], []
    while not game.is_terminal(s) and len(fresh_mouse_turns) < 12:
        if s.phase is Phase.MOVE:
            sides.append(s.mice_turn)
            if s.mice_turn and s.lock < 0:
                fresh_mouse_turns.append(s.seat)
                # any mouse player may move any mouse still in play
                assert {a.piece for a in moves_of(s)} <= {m for m, p in enumerate(s.mice) if p >= 0}
            if not s.mice_turn:
                assert game.current_player(s) == 0
        if game.is_chance_node(s):
            a = sample_outcome(game.chance_outcomes(s), rng)
        else:
            legal = game.legal_actions(s)
            a = legal[rng.randrange(len(legal))]
        s = game.apply(s, a)
    assert fresh_mouse_turns == [1, 2, 3] * 4
    assert sides[0] is True
    assert True in sides and False in sides


# -- movement ---------------------------------------------------------------------------


def test_cc_m1_moves_are_orthogonal_steps():
    """CC-M1: with a 1 a piece reaches exactly its orthogonal neighbours, never a diagonal."""
    s = state_of(EMPTY.replace("- . . . . . . . -", "- . . . 0 . . . -", 1), roll=1)
    assert dests(s, 0) == {(0, 3), (2, 3), (1, 2), (1, 4)}
    assert rule_of(s, Move(0, (0, 2), (1, 3))) == "CC-M1"
    assert rule_of(s, Move(0, (9, 9), (1, 3))) == "CC-M1"


def test_cc_m2_a_piece_moves_exactly_the_number_rolled():
    """CC-M2: a 2 never lands next to the start nor on it; every landing is 2 steps away."""
    s = state_of(EMPTY.replace("- . . . . . . . -", "- . 0 . . . . . -", 1), roll=2)
    landings = dests(s, 0)
    assert landings and all(abs(r - 1) + abs(c - 1) == 2 for r, c in landings)
    assert rule_of(s, Move(0, (1, 2), (1, 1))) == "CC-M2"


def test_cc_m3_the_cat_rolls_3_and_must_walk_round_a_mouse():
    """CC-M3 / CC-C1: no jumping over the mouse at (0,2); the cat goes round — and may
    end on the mouse by walking round it."""
    s = state_of(
        """
        - - - - o - - - -
        - - C 0 . . . - -
        - . . . . . . . -
        - . . [.] [.] [.] . . o
        o . . [.] [.] [.] . . -
        - . . . . . . . -
        - - . . . . . - -
        - - - - o - - - -
        """,
        mice_turn=False,
        roll=3,
    )
    legal = moves_of(s, CAT)
    assert Move(CAT, (1, 3), (1, 2)) in legal  # (0,1) → (1,1) → (1,2) → (1,3)
    assert Move(CAT, (1, 3), (0, 3)) not in legal  # only through the mouse
    assert rule_of(s, Move(CAT, (1, 3), (0, 3))) == "CC-M3"
    assert (0, 4) not in dests(s, CAT)  # straight along row 0 means jumping the mouse
    path = GAME.move_paths(s)[Move(CAT, (1, 3), (1, 2))]
    assert path == ((0, 1), (1, 1), (1, 2), (1, 3))
    caught = GAME.apply(s, Move(CAT, (0, 2), (1, 2)))  # round and onto the mouse
    assert caught.mice[0] == -1


def test_cc_m3_a_mouse_may_not_pass_through_the_cat_nor_end_on_another_mouse():
    """CC-M3: mice go round the cat and never stop on an occupied square."""
    s = state_of(
        """
        - - - - o - - - -
        - - 0 C . . . - -
        - . 1 . . . . . -
        - . . [.] [.] [.] . . o
        o . . [.] [.] [.] . . -
        - . . . . . . . -
        - - . . . . . - -
        - - - - o - - - -
        """,
        roll=2,
    )
    assert (0, 4) not in dests(s, 0)  # (0,1) → (0,2)=cat → (0,3): blocked
    assert rule_of(s, Move(0, (0, 3), (0, 2))) == "CC-M3"
    s1 = GAME.replace_state(s, roll=1)
    assert rule_of(s1, Move(0, (1, 1), (0, 1))) == "CC-M3"  # mouse 1 sits there
    assert rule_of(s1, Move(0, (0, 2), (0, 1))) == "CC-M3"  # the cat sits there


def test_cc_m4_a_move_never_revisits_a_square_including_the_start():
    """CC-M4: self-avoiding paths — the cat cannot come back to its start with a 2."""
    s = state_of(NOCAT.replace("- - . . . . . - -", "- - . . C . . - -", 1), mice_turn=False, roll=2)
    assert (0, 3) not in dests(s, CAT)
    assert rule_of(s, Move(CAT, (0, 3), (0, 2))) == "CC-M4"
    for path in GAME.move_paths(s).values():
        assert len(set(path)) == len(path) == 3


def test_cc_m5_the_cat_walks_across_the_table_top_over_a_mouse_below():
    """CC-M5: the table top is floor to the cat, and a mouse under it does not block it."""
    s = state_of(
        """
        - - - - o - - - -
        - - . . . . . - -
        - . . . . . . . -
        - . C [0] [.] [.] . . o
        o . . [.] [.] [.] . . -
        - . . . . . . . -
        - - . . . . . - -
        - - - - o - - - -
        """,
        mice_turn=False,
        roll=3,
    )
    assert Move(CAT, (2, 4), (2, 3)) in moves_of(s, CAT)
    after = GAME.apply(s, Move(CAT, (2, 4), (2, 3)))
    assert GAME.coord(after.cat) == (2, 4) and GAME.coord(after.mice[0]) == (2, 2)


def test_cc_m6_a_mouse_under_the_table_cannot_be_caught():
    """CC-M6 / CC-C1: the cat stops on the table top above the mouse; the mouse stays."""
    s = state_of(
        """
        - - - - 0 - - - -
        - - . . . . . - -
        - . . . . . . . -
        - . . [C] [1] [.] . . o
        3 . . [.] [.] [.] . . -
        - . . . . . . . -
        - - . . . . . - -
        - - - - 2 - - - -
        """,
        mice_turn=False,
        roll=1,
    )
    after = GAME.apply(s, Move(CAT, (2, 3), (2, 2)))
    assert after.cat == after.mice[1] == cell((2, 3))
    assert after.mice[1] != -1
    assert "[C1]" in board_text(GAME, after)
    # and the mouse walks under the table beneath the cat like on floor
    t = state_of(board_text(GAME, after), roll=2)
    assert (3, 2) in dests(t, 1)  # (2,3) → (2,2) under the cat → (3,2)


def test_cc_m7_on_a_mouse_turn_exactly_one_mouse_moves():
    """CC-M7: one mouse moves; during its extra steps no other mouse may."""
    s = state_of(
        """
        - - - - o - - - -
        - - . . . . . - -
        - . 0 # . . . . -
        - . . [.] [.] [.] . 1 o
        o . . [.] [.] [.] . . -
        - . . . . . . . -
        - - . . . . C - -
        - - - - o - - - -
        """,
        roll=1,
        hidden={Tile.PLUS1: 1},
    )
    after = play(s, Move(0, (1, 2), (1, 1)), Reveal(Tile.PLUS1))
    assert after.phase is Phase.EXTRA and after.mice[1] == s.mice[1]
    assert rule_of(after, Move(1, (2, 5), (2, 6))) == "CC-M7"


def test_cc_m8_a_mouse_cannot_enter_an_occupied_hole():
    """CC-M8: at most one mouse per hole, entered from its entrance as the last step."""
    board = """
        - - - - 0 - - - -
        - - . 1 . . . - -
        - . . . . . . . -
        - . . [.] [.] [.] . . o
        o . . [.] [.] [.] . . -
        - . . . . . . . -
        - - . . . . C - -
        - - - - o - - - -
        """
    s = state_of(board, roll=2)
    assert (-1, 3) not in dests(s, 1)
    assert rule_of(s, Move(1, (-1, 3), (0, 3))) == "CC-M8"
    free = state_of(board.replace("- - - - 0 - - - -", "- - - - o - - - -"), roll=2)
    assert Move(1, (-1, 3), (0, 3)) in moves_of(free, 1)
    assert GAME.is_chance_node(GAME.apply(free, Move(1, (-1, 3), (0, 3)))) is True  # next: the cat's roll


def test_cc_m8_the_cat_never_enters_a_hole_and_holes_are_only_a_last_step():
    """CC-M8: the cat cannot go into a hole; a mouse cannot walk through one."""
    s = state_of(NOCAT.replace("- - . . . . . - -", "- - . . C . . - -", 1), mice_turn=False, roll=1)
    assert (-1, 3) not in dests(s, CAT)
    assert rule_of(s, Move(CAT, (-1, 3), (0, 3))) == "CC-M8"
    m = state_of(EMPTY.replace("- - . . . . . - -", "- - . . 0 . . - -", 1), roll=3)
    for path in GAME.move_paths(m).values():
        assert all(GAME.layout.index[rc] < GAME.layout.n_floor for rc in path[:-1])


def test_cc_m9_leaving_the_starting_hole_turns_the_hole_tile_up():
    """CC-M9: out only through the entrance; the first exit turns the hole tile."""
    s = play(GAME.new_initial_state(), PlaceCat((2, 2)), Roll(1))
    assert {a.to for a in moves_of(s, 0)} == {(0, 3)}
    assert {a.to for a in moves_of(s)} == {(0, 3), (2, 6), (5, 3), (3, 0)}
    after = GAME.apply(s, Move(0, (0, 3), (-1, 3)))
    assert after.holes_up == (True, False, False, False)
    s3 = play(GAME.new_initial_state(), PlaceCat((2, 2)), Roll(3))
    assert all(p[1] == (0, 3) for a, p in GAME.move_paths(s3).items() if a.piece == 0)


def test_cc_m10_no_legal_move_means_the_turn_passes():
    """CC-M10: boxed in by uncovered cheese, the only action is to pass (the mouse in the
    right hole can still collect cheese, so the game goes on, CC-W5)."""
    s = state_of(
        """
        - - - - o - - - -
        - - C * # # # - -
        - . * # # # # # -
        - # # [#] [#] [#] # # 1
        o # # [#] [#] [#] # # -
        - # # # # # # # -
        - - # # # # # - -
        - - - - o - - - -
        """,
        mice_turn=False,
        roll=2,
    )
    assert GAME.legal_actions(s) == [Pass()]
    after = GAME.apply(s, Pass())
    assert after.mice_turn and after.phase is Phase.ROLL and after.cat == s.cat and after.mice == s.mice
    moving = state_of(EMPTY.replace("- - . . . . . - -", "- - 0 . . . . - -", 1), roll=1)
    assert rule_of(moving, Pass()) == "CC-M10"


# -- tiles ------------------------------------------------------------------------------

ONE_TILE = """
- - - - o - - - -
- - . . . . . - -
- . . . . . . . -
- . . [.] [.] [.] . . o
o . . [.] [.] [.] . . -
- . 0 # . . . C -
- - . . . . . - -
- - - - o - - - -
"""


def mouse_finds(tile: Tile, board: str = ONE_TILE, **kw):
    s = state_of(board, roll=1, hidden={tile: 1}, **kw)
    return play(s, Move(0, (4, 2), (4, 1)), Reveal(tile))


def test_cc_t0_a_tile_is_turned_only_when_a_move_ends_on_it():
    """CC-T0: ending on a face-down tile is a chance node; a bare square does nothing."""
    s = state_of(ONE_TILE, roll=1, hidden={Tile.PLATE: 1})
    on_tile = GAME.apply(s, Move(0, (4, 2), (4, 1)))
    assert on_tile.phase is Phase.REVEAL and GAME.current_player(on_tile) == CHANCE
    bare = GAME.apply(s, Move(0, (4, 0), (4, 1)))
    assert bare.phase is Phase.ROLL and not bare.mice_turn
    passing = state_of(ONE_TILE, roll=2, hidden={Tile.PLATE: 1})
    over = GAME.apply(passing, Move(0, (4, 3), (4, 2)))  # passes over the tile at (4,2)
    assert over.tiles[cell((4, 2))] == FACE_DOWN and not over.mice_turn
    assert rule_of(on_tile, Move(0, (4, 1), (4, 2))) == "CC-T0"


def test_cc_t1_a_broken_plate_does_nothing_and_leaves_the_board():
    """CC-T1: the plate is removed, the mice's turn ends."""
    after = mouse_finds(Tile.PLATE)
    assert after.tiles[cell((4, 2))] == NO_TILE and after.cheese == 0
    assert not after.mice_turn and after.phase is Phase.ROLL


def test_cc_t2_a_mouse_takes_cheese():
    """CC-T2: cheese found by a mouse goes to the team."""
    after = mouse_finds(Tile.CHEESE)
    assert after.cheese == 1 and after.tiles[cell((4, 2))] == NO_TILE


def test_cc_t2_cheese_uncovered_by_the_cat_stays_blocks_and_the_cat_sits_on_it():
    """CC-T2: the cat's cheese stays face up under the cat; later nobody passes or stops on it."""
    s = state_of(
        """
        - - - - o - - - -
        - - . . . . . - -
        - . . . . . . . -
        - . . [.] [.] [.] . . o
        o . . [.] [.] [.] C # -
        - . . . . . . 0 -
        - - . . . . . - -
        - - - - o - - - -
        """,
        mice_turn=False,
        roll=1,
        hidden={Tile.CHEESE: 1},
    )
    s = play(s, Move(CAT, (3, 6), (3, 5)), Reveal(Tile.CHEESE))
    assert s.tiles[cell((3, 6))] == UNCOVERED_CHEESE and s.cat == cell((3, 6))
    assert GAME.apply(s, Roll(1)).phase is Phase.MOVE
    # the cat leaves; the cheese now blocks every piece
    gone = GAME.replace_state(s, cat=cell((0, 1)), mice_turn=True, seat=1, phase=Phase.MOVE, roll=2)
    assert (2, 6) not in dests(gone, 0)  # (4,6) → (3,6) cheese → (2,6)
    assert rule_of(GAME.replace_state(gone, roll=1), Move(0, (3, 6), (4, 6))) == "CC-T2"
    cat_turn = GAME.replace_state(gone, mice_turn=False, seat=0, cat=cell((2, 6)), roll=1)
    assert (3, 6) not in dests(cat_turn, CAT)


def test_cc_t3_plus_one_may_return_to_the_square_before_the_roll_but_not_to_the_square_just_left():
    """CC-T3: (4,1) → (5,1) → (5,2) → (4,2) finds +1: (4,1) is allowed, (5,2) is not."""
    s = state_of(
        """
        - - - - o - - - -
        - - . . . . . - -
        - . . . . . . . -
        - . . [.] [.] [.] . . o
        o . . [.] [.] [.] . C -
        - . 0 # . . . . -
        - - . . . . . - -
        - - - - o - - - -
        """,
        roll=3,
        hidden={Tile.PLUS1: 1},
    )
    s = play(s, Move(0, (4, 2), (5, 2)), Reveal(Tile.PLUS1))
    assert s.phase is Phase.EXTRA and s.roll == 1 and GAME.current_player(s) == 1
    extra = moves_of(s, 0)
    assert Move(0, (4, 1), (4, 2)) in extra  # back where it stood before the roll
    assert Move(0, (5, 2), (4, 2)) not in extra  # the square it has just come from
    assert rule_of(s, Move(0, (5, 2), (4, 2))) == "CC-T3"
    assert Decline() in GAME.legal_actions(s)
    declined = GAME.apply(s, Decline())
    assert not declined.mice_turn and declined.mice[0] == cell((4, 2))
    back = GAME.apply(s, Move(0, (4, 1), (4, 2)))
    assert back.mice[0] == cell((4, 1)) and not back.mice_turn


def test_cc_t3_plus_two_steps_and_the_tile_reached_is_resolved_too():
    """CC-T3: +2 gives exactly 2 optional steps; a face-down tile reached is turned too."""
    s = state_of(
        """
        - - - - o - - - -
        - - . . . . . - -
        - . . . . . . . -
        - . . [.] [.] [.] . . o
        o . . [.] [.] [.] . . -
        - . 0 # . # . C -
        - - . . . . . - -
        - - - - o - - - -
        """,
        roll=1,
        hidden={Tile.PLUS2: 1, Tile.CHEESE: 1},
    )
    s = play(s, Move(0, (4, 2), (4, 1)), Reveal(Tile.PLUS2))
    assert s.roll == 2 and all(abs(r - 4) + abs(c - 2) in (0, 2) for r, c in dests(s, 0))
    s = GAME.apply(s, Move(0, (4, 4), (4, 3)))
    assert s.phase is Phase.REVEAL
    s = GAME.apply(s, Reveal(Tile.CHEESE))
    assert s.cheese == 1 and not s.mice_turn


def test_cc_t4_the_arrow_jumps_a_mouse_anywhere_but_the_table_top_cheese_holes_or_a_piece():
    """CC-T4: a mouse may jump under the table but not onto cheese, a hole or a piece."""
    board = ONE_TILE.replace("- - . . . . . - -", "- - * 1 . . . - -", 1)
    s = mouse_finds(Tile.ARROW, board)
    assert s.phase is Phase.ARROW
    targets = {a.to for a in GAME.legal_actions(s) if isinstance(a, Jump)}
    assert (2, 3) in targets  # under the table
    assert not targets & {(0, 1), (0, 2), (4, 6), (4, 2), (-1, 3)}  # cheese, mouse, cat, itself, hole
    assert rule_of(s, Jump(0, (0, 1))) == "CC-T4"
    assert rule_of(s, Jump(0, (-1, 3))) == "CC-T4"
    assert rule_of(s, Jump(0, (4, 6))) == "CC-T4"
    assert Decline() in GAME.legal_actions(s)
    jumped = GAME.apply(s, Jump(0, (5, 5)))
    assert jumped.mice[0] == cell((5, 5)) and not jumped.mice_turn


def test_cc_t4_the_cat_arrow_skips_mice_and_the_tile_reached_is_resolved():
    """CC-T4: the cat may jump onto the table top, not onto a mouse; the tile reached is turned."""
    s = state_of(
        """
        - - - - o - - - -
        - - # . . . . - -
        - . . . . . . . -
        - . . [1] [.] [.] . . o
        o . . [.] [.] [.] . . -
        - . 0 # . . C . -
        - - . . . . . - -
        - - - - o - - - -
        """,
        mice_turn=False,
        roll=3,
        hidden={Tile.ARROW: 1, Tile.PLATE: 1},
    )
    s = play(s, Move(CAT, (4, 2), (4, 3)), Reveal(Tile.ARROW))
    targets = {a.to for a in GAME.legal_actions(s) if isinstance(a, Jump)}
    assert (2, 2) in targets  # table top above mouse 1
    assert (4, 1) not in targets and (-1, 3) not in targets
    assert rule_of(s, Jump(CAT, (4, 1))) == "CC-T4"
    s = GAME.apply(s, Jump(CAT, (0, 1)))
    assert s.phase is Phase.REVEAL and s.last_from == cell((4, 2))
    assert GAME.apply(s, Reveal(Tile.PLATE)).mice_turn


def test_cc_t5_fork_takes_one_uncovered_cheese_without_moving():
    """CC-T5: one cheese: taken at once; several: the mice choose; cat on it / none: nothing."""
    one = mouse_finds(Tile.FORK, ONE_TILE.replace("- - . . . . . - -", "- - * . . . . - -", 1), cheese=3)
    assert one.cheese == 4 and one.tiles[cell((0, 1))] == NO_TILE and one.mice[0] == cell((4, 2))
    two = mouse_finds(Tile.FORK, ONE_TILE.replace("- - . . . . . - -", "- - * . . . * - -", 1))
    assert two.phase is Phase.FORK
    assert set(GAME.legal_actions(two)) == {TakeCheese((0, 1)), TakeCheese((0, 5))}
    assert rule_of(two, TakeCheese((1, 1))) == "CC-T5"
    took = GAME.apply(two, TakeCheese((0, 5)))
    assert took.cheese == 1 and took.tiles[cell((0, 5))] == NO_TILE and took.tiles[cell((0, 1))] == UNCOVERED_CHEESE
    none = mouse_finds(Tile.FORK)
    assert none.cheese == 0 and not none.mice_turn
    sat_on = mouse_finds(Tile.FORK, ONE_TILE.replace("C -", "C* -"))
    assert sat_on.cheese == 0 and sat_on.tiles[cell((4, 6))] == UNCOVERED_CHEESE


def test_cc_t5_a_fork_found_by_the_cat_does_nothing():
    """CC-T5: cat: nothing."""
    s = state_of(ONE_TILE.replace("0 # . . . C", "0 . . . C #"), mice_turn=False, roll=1, hidden={Tile.FORK: 1})
    s = play(s, Move(CAT, (4, 6), (4, 5)), Reveal(Tile.FORK))
    assert s.mice_turn and s.phase is Phase.ROLL and s.tiles[cell((4, 6))] == NO_TILE


def test_cc_t6_knife_gives_the_cat_two_moves():
    """CC-T6: a mouse cuts itself: the mice skip their next turn, the cat moves twice."""
    s = mouse_finds(Tile.KNIFE)
    assert not s.mice_turn and s.mice_skip
    s = play(s, Roll(1), Move(CAT, (3, 6), (4, 6)))
    assert s.phase is Phase.ROLL and not s.mice_turn and not s.mice_skip  # the cat again
    s = play(s, Roll(1), Move(CAT, (2, 6), (3, 6)))
    assert s.mice_turn


def test_cc_t6_when_the_mice_get_two_turns_the_same_mouse_moves_twice():
    """CC-T6: the cat cuts itself; the same mouse player moves the same mouse twice."""
    game = ChopChop(num_players=3)
    s = board_state(
        game,
        ONE_TILE.replace("- . . . . . . . -", "- . 2 . . . . . -", 1).replace("0 # . . . C", "0 . . . C #"),
        mice_turn=False,
        roll=1,
        hidden={Tile.KNIFE: 1},
    )
    s = play_in(game, s, Move(CAT, (4, 6), (4, 5)), Reveal(Tile.KNIFE))
    assert s.mice_turn and s.cat_skip
    seat = s.seat
    s = play_in(game, s, Roll(1), Move(0, (5, 1), (4, 1)))
    assert s.mice_turn and s.lock == 0 and s.seat == seat and not s.cat_skip
    s = game.apply(s, Roll(1))
    assert {a.piece for a in game.legal_actions(s) if isinstance(a, Move)} == {0}
    with pytest.raises(IllegalActionError) as err:
        game.apply(s, Move(2, (0, 1), (1, 1)))
    assert err.value.rule == "CC-T6"
    s = game.apply(s, Move(0, (5, 2), (5, 1)))
    assert not s.mice_turn


def play_in(game, state, *actions):
    for a in actions:
        state = game.apply(state, a)
    return state


# -- capture and the end ----------------------------------------------------------------


def test_cc_c1_the_cat_catches_a_mouse_it_ends_on_but_not_one_in_a_hole():
    """CC-C1: caught mice leave the game; a hole is out of the cat's reach."""
    s = state_of(
        """
        - - - - 0 - - - -
        - - . . C 1 . - -
        - . . . . . . . -
        - . . [.] [.] [.] . . o
        o . . [.] [.] [.] . . -
        - . . . . . . . -
        - - . . . . . - -
        - - - - o - - - -
        """,
        mice_turn=False,
        roll=1,
    )
    assert (-1, 3) not in dests(s, CAT)
    after = GAME.apply(s, Move(CAT, (0, 4), (0, 3)))
    assert after.mice == (cell((-1, 3)), -1, -1, -1) and not GAME.is_terminal(after)
    assert (
        rule_of(GAME.replace_state(after, mice_turn=True, seat=1, phase=Phase.MOVE, roll=1), Move(1, (0, 5), (0, 4)))
        == "CC-C1"
    )


def test_cc_w1_the_cat_wins_when_all_four_mice_are_caught():
    """CC-W1: catching the last mouse ends the game for the cat."""
    s = state_of(NOCAT.replace("- - . . . . . - -", "- - . C 0 . . - -", 1), mice_turn=False, roll=1)
    end = GAME.apply(s, Move(CAT, (0, 3), (0, 2)))
    assert GAME.current_player(end) == TERMINAL and GAME.returns(end) == (1.0, 0.0)
    assert "cat wins" in GAME.describe(end).lower()


WIN_BOARD = """
- - - - o - - - -
- - . 0 # . . - -
- . . . . . . . -
- . . [.] [.] [.] . . o
o . . [.] [.] [.] . . -
- . . . . . . . -
- - . . . . C - -
- - - - o - - - -
"""


def test_cc_w2_the_mice_have_10_cheese_but_win_only_when_one_enters_a_hole():
    """CC-W2: the tenth cheese alone does not win; carrying it home does."""
    game = ChopChop(num_players=3)
    s = board_state(game, WIN_BOARD, roll=1, cheese=9, hidden={Tile.CHEESE: 1})
    s = play_in(game, s, Move(0, (0, 3), (0, 2)), Reveal(Tile.CHEESE))
    assert s.cheese == 10 and not game.is_terminal(s) and not s.carried
    s = play_in(game, s, Roll(1), Move(CAT, (5, 4), (5, 5)), Roll(1))
    s = game.apply(s, Move(0, (-1, 3), (0, 3)))
    assert game.is_terminal(s) and s.carried
    assert game.returns(s) == (0.0, 0.5, 0.5)
    assert "mice win" in game.describe(s).lower()


def test_cc_w2_a_hole_entered_before_the_tenth_cheese_does_not_count():
    """CC-W2: only a hole entered after the tenth cheese carries it home."""
    s = state_of(WIN_BOARD, roll=2, cheese=5)
    s = GAME.apply(s, Move(0, (-1, 3), (0, 3)))
    assert not s.carried and not GAME.is_terminal(s)


def test_cc_w2_every_hole_tile_must_be_up_and_the_last_exit_wins_at_once():
    """CC-W2 / CC-W4: with a mouse never out of its hole the mice cannot win; its first
    exit, after the cheese was carried home, wins at once."""
    board = WIN_BOARD.replace("o . . [.] [.] [.] . . -", "3 . . [.] [.] [.] . . -")
    s = state_of(board, roll=2, cheese=10)
    assert s.holes_up == (True, True, True, False)
    s = GAME.apply(s, Move(0, (-1, 3), (0, 3)))
    assert s.carried and not GAME.is_terminal(s)
    s = GAME.replace_state(s, mice_turn=True, seat=1, phase=Phase.MOVE, roll=1)
    s = GAME.apply(s, Move(3, (3, 0), (3, -1)))
    assert GAME.is_terminal(s) and s.winner == 1


def test_cc_w3_the_cat_may_not_wait_on_the_entrance_of_the_last_mouses_hole():
    """CC-W3: last mouse hiding in the top hole: the cat may not stop on (0,3)."""
    s = state_of(
        """
        - - - - 0 - - - -
        - - . . . . . - -
        - . . . C . . . -
        - . . [.] [.] [.] . . o
        o . . [.] [.] [.] . . -
        - . . . . . . . -
        - - . . . . . - -
        - - - - o - - - -
        """,
        mice_turn=False,
        roll=1,
    )
    assert GAME.coord(s.cat) == (1, 3)
    assert (0, 3) not in dests(s, CAT)
    assert rule_of(s, Move(CAT, (0, 3), (1, 3))) == "CC-W3"
    three = GAME.replace_state(s, roll=3)
    assert (0, 3) not in dests(three, CAT) and (0, 3) in reach_ignoring_w3(three)
    arrow = GAME.replace_state(s, phase=Phase.ARROW, roll=0)
    assert Jump(CAT, (0, 3)) not in GAME.legal_actions(arrow)
    assert rule_of(arrow, Jump(CAT, (0, 3))) == "CC-W3"


def reach_ignoring_w3(state):
    two_mice = GAME.replace_state(state, mice=(state.mice[0], cell((5, 5)), -1, -1))
    return dests(two_mice, CAT)


def test_cc_w4_the_game_ends_at_once_and_nothing_more_can_be_played():
    """CC-W4: the first side to reach its goal wins; a finished game takes no action."""
    s = state_of(NOCAT.replace("- - . . . . . - -", "- - . C 0 . . - -", 1), mice_turn=False, roll=1)
    end = GAME.apply(s, Move(CAT, (0, 3), (0, 2)))
    assert GAME.legal_actions(end) == [] and GAME.chance_outcomes(end) == []
    with pytest.raises(GameOverError):
        GAME.apply(end, Roll(1))


# -- API details ------------------------------------------------------------------------


def test_moves_are_one_action_per_outcome_with_valid_representative_paths():
    """CC-M1 … CC-M4: legal moves are distinct (landing, via) outcomes, each with a real path."""
    rng = random.Random(1)
    s = GAME.new_initial_state()
    checked = 0
    while not GAME.is_terminal(s) and checked < 150:
        if s.phase is Phase.MOVE:
            paths = GAME.move_paths(s)
            for action, path in paths.items():
                assert path[-1] == action.to and path[-2] == action.via
                assert len(path) == s.roll + 1 and len(set(path)) == len(path)
                assert all(abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1 for a, b in pairwise(path))
            checked += 1
        if GAME.is_chance_node(s):
            a = sample_outcome(GAME.chance_outcomes(s), rng)
        else:
            legal = GAME.legal_actions(s)
            assert len(set(legal)) == len(legal)
            a = legal[rng.randrange(len(legal))]
        s = GAME.apply(s, a)
    assert checked > 20


def test_actions_print_and_parse_back():
    for a in (
        PlaceCat((2, 3)),
        Roll(4),
        Reveal(Tile.PLUS2),
        Move(CAT, (1, 2), (1, 3)),
        Move(3, (-1, 3), (0, 3)),
        Jump(2, (4, 5)),
        Decline(),
        Pass(),
        TakeCheese((0, 1)),
    ):
        assert GAME.parse_action(str(a)) == a
    with pytest.raises(InvalidActionError):
        GAME.parse_action("mouse to nowhere")
    with pytest.raises(InvalidActionError):
        GAME.apply(GAME.new_initial_state(), "roll 3")  # type: ignore[arg-type]


def test_config_round_trips_and_names_its_parameters():
    game = ChopChop(num_players=4, max_turns=300, cat_die=[1, 2, 3])
    config = game.config()
    assert config["tile_mix"]["cheese"] == 10 and config["mouse_die"] == [1, 1, 2, 2, 3, 4]
    assert config["board_map"] == DEFAULT_MAP
    assert make_game("chop_chop", **config) == game
    assert repr(ChopChop()) == "ChopChop(num_players=2)"
    with pytest.raises(ValueError):
        ChopChop(tile_mix={"cheese": 10})
    with pytest.raises(ValueError):
        ChopChop(tile_mix={"gold": 38})
    with pytest.raises(ValueError):
        ChopChop(num_players=6)


def test_another_layout_can_be_loaded_and_played_to_the_end():
    small = """
    - - 0 - - -
    - . . . . -
    - . T T . 1
    - . . . . -
    - - - - - -
    """
    game = ChopChop(
        board_map=small, tile_mix={"cheese": 4, "plate": 4, "+1": 1, "arrow": 1, "fork": 1, "knife": 1}, cheese_to_win=3
    )
    assert game.layout.n_floor == 12 and game.layout.n_holes == 2
    assert {a.at for a in game.legal_actions(game.new_initial_state())} == {(1, 1), (1, 2)}
    for seed in range(5):
        rng = random.Random(seed)
        s = game.new_initial_state()
        for _ in range(20_000):
            if game.is_terminal(s):
                break
            if game.is_chance_node(s):
                a = sample_outcome(game.chance_outcomes(s), rng)
            else:
                legal = game.legal_actions(s)
                a = legal[rng.randrange(len(legal))]
            s = game.apply(s, a)
            game.validate_state(s)
        assert game.is_terminal(s)


def test_CC_W5_the_turn_limit_is_a_safety_net_that_ends_in_a_draw():
    """CC-W5: at the turn limit the game ends as a draw, never as a win for either side."""
    game = ChopChop(max_turns=6)
    rng = random.Random(0)
    s = game.new_initial_state()
    while not game.is_terminal(s):
        s = game.apply(
            s, sample_outcome(game.chance_outcomes(s), rng) if game.is_chance_node(s) else game.legal_actions(s)[0]
        )
    assert s.turns == 6 and s.winner == DRAW
    assert game.returns(s) == (0.5, 0.5)
    assert "turn limit" in game.describe(s) and "draw" in game.describe(s).lower()
    assert ChopChop(4, max_turns=6).returns(ChopChop(4).replace_state(s, winner=DRAW)) == (
        0.5,
        0.5 / 3,
        0.5 / 3,
        0.5 / 3,
    )


#: Mouse 0 hides in the top hole behind the cheese the cat uncovered at its entrance (0,3);
#: mouse 1, the only other mouse left, is out at (1,4), next to the cat at (0,4). With ``LIVE``
#: (every hole tile up; 9 cheese and a fork among the 12 face-down tiles, so mouse 1 may
#: still fork the uncovered cheese and collect all 10) the mice can still win while mouse 1 is free.
SHUT_IN = """
- - - - 0 - - - -
- - . . * C . - -
- . . . . 1 . . -
- . . [.] [.] [.] . . o
o . . [.] [.] [.] . . -
- # # # # # # # -
- - # # # # # - -
- - - - o - - - -
"""
LIVE: dict[str, Any] = {"holes_up": (True,) * 4, "hidden": {Tile.CHEESE: 9, Tile.FORK: 1, Tile.PLATE: 2}}


def test_CC_W5_a_dead_position_ends_at_once_as_a_draw():
    """CC-W5: the cat catches the last free mouse; the other can never leave its hole past the
    uncovered cheese (CC-T2) and the cat can never catch it: the game ends at once, a draw."""
    s = state_of(SHUT_IN, mice_turn=False, roll=1, **LIVE)
    assert not GAME.is_dead(s)
    end = GAME.apply(s, Move(CAT, (1, 4), (0, 4)))
    assert end.mice[1] == -1 and GAME.is_dead(end)
    assert GAME.is_terminal(end) and end.winner == DRAW and end.turns == s.turns + 1
    assert GAME.returns(end) == (0.5, 0.5)
    assert "draw" in GAME.describe(end).lower() and "holes" in GAME.describe(end)
    # a dead position drawn as a scenario (a lesson's board) ends after its next move
    board = GAME.replace_state(end, phase=Phase.MOVE, winner=-1, mice_turn=True, seat=1, roll=2)
    assert GAME.legal_actions(board) == [Pass()]
    assert GAME.apply(board, Pass()).winner == DRAW


def test_CC_W5_the_cat_uncovering_an_entrance_ends_the_game_in_that_turn():
    """CC-W5: detected after every move, also when the cat's own reveal shuts the last way out.

    - - - - 0 - - - -        mouse 0: top hole, entrance (0,3) already uncovered cheese
    3 # C [.] ...            mouse 3: left hole; the cat steps onto (3,0) and finds cheese
    """
    board = SHUT_IN.replace("- . . . . 1 . . -", "- . . . . . . . -").replace("- - . . * C . - -", "- - . . * . . - -")
    board = board.replace("o . . [.] [.] [.] . . -", "3 # C [.] [.] [.] . . -")
    s = state_of(board, mice_turn=False, roll=1)
    s = GAME.apply(s, Move(CAT, (3, 0), (3, 1)))
    assert s.phase is Phase.REVEAL and not GAME.is_terminal(s)
    end = GAME.apply(s, Reveal(Tile.CHEESE))
    assert end.tiles[cell((3, 0))] == UNCOVERED_CHEESE
    assert GAME.is_terminal(end) and end.winner == DRAW


def test_CC_W5_a_free_mouse_or_a_clear_entrance_is_not_dead():
    """CC-W5: one free mouse (it may collect the cheese, it may be caught) or a clear entrance: play on."""
    assert not GAME.is_dead(state_of(SHUT_IN, mice_turn=False, roll=1, **LIVE))
    clear = SHUT_IN.replace("- . . . . 1 . . -", "- . . . . . . . -").replace("- - . . * C", "- - . . . C")
    s = state_of(clear, mice_turn=False, roll=1)
    assert not GAME.is_dead(s) and not GAME.is_terminal(s)


def random_game(seed: int):
    """The states of a seeded random game, the last one terminal."""
    rng = random.Random(seed)
    s = GAME.new_initial_state()
    yield s
    while not GAME.is_terminal(s):
        if GAME.is_chance_node(s):
            a = sample_outcome(GAME.chance_outcomes(s), rng)
        else:
            legal = GAME.legal_actions(s)
            a = legal[rng.randrange(len(legal))]
        s = GAME.apply(s, a)
        yield s


def test_CC_W5_random_games_end_in_dead_positions_long_before_the_turn_limit():
    """CC-W5: seeded random games that reach a dead position stop there (a draw), far from max_turns."""
    draws = 0
    for seed in range(60):
        *_, s = random_game(seed)
        assert s.turns < 1000
        if s.winner == DRAW:
            draws += 1
            assert GAME.is_dead(s)
    assert draws > 0


def test_cheese_is_conserved_and_states_stay_valid_in_random_games():
    """Invariant: collected + uncovered + face-down cheese = 10; no face is ever stored."""
    for seed in range(8):
        for s in random_game(seed):
            GAME.validate_state(s)
            assert s.cheese + s.tiles.count(UNCOVERED_CHEESE) + s.hidden[0] == 10
            assert sum(s.hidden) == s.tiles.count(FACE_DOWN)


def test_observations_show_everything_but_never_a_face_down_tile():
    """Nothing is hidden between players; face-down tiles are only counted, for everyone."""
    s = play(GAME.new_initial_state(), PlaceCat((2, 3)), Roll(2))
    cat_view, mouse_view = GAME.observation(s, 0), GAME.observation(s, 1)
    assert cat_view.state == mouse_view.state == s
    assert set(s.tiles) == {FACE_DOWN}
    assert not any(isinstance(getattr(s, f), Tile) for f in s.__dataclass_fields__)


def test_describe_is_one_line_with_turn_roll_and_cheese():
    s = play(GAME.new_initial_state(), PlaceCat((2, 3)), Roll(3))
    text = GAME.describe(s)
    assert "\n" not in text and "rolled 3" in text and "0/10 cheese" in text and "mice" in text


def test_json_round_trip_and_validation_rejects_nonsense():
    s = play(GAME.new_initial_state(), PlaceCat((2, 3)), Roll(3))
    assert GAME.from_json(GAME.to_json(s)) == s
    bad = GAME.to_json(s)
    bad["state"]["cheese"] = 11
    with pytest.raises(ValueError):
        GAME.from_json(bad)


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(2, 5))
def test_property_every_legal_action_applies_and_invariants_hold(seed, players):
    """CC-M2 / CC-T0 invariants: every offered action applies; cheese is conserved;
    the hidden counts match the face-down tiles; mice never share a square."""
    game = ChopChop(num_players=players)
    rng = random.Random(seed)
    s = game.new_initial_state()
    for _ in range(300):
        if game.is_terminal(s):
            break
        game.validate_state(s)
        assert s.cheese + s.tiles.count(UNCOVERED_CHEESE) + s.hidden[0] == 10
        if game.is_chance_node(s):
            a = sample_outcome(game.chance_outcomes(s), rng)
        else:
            legal = game.legal_actions(s)
            for option in legal:
                game.apply(s, option)
            a = legal[rng.randrange(len(legal))]
        s = game.apply(s, a)
