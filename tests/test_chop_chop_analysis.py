"""Chop Chop analysis helpers (paths, reachable squares, next tile) and the picture."""

from __future__ import annotations

import random
from fractions import Fraction

from boardgames_widgets.analysis.chop_chop import (
    enumerate_paths,
    landing_distribution,
    next_tile_distribution,
    reachable,
)
from boardgames_widgets.core.rng import sample_outcome
from boardgames_widgets.games.chop_chop import ChopChop, Move, Phase, PlaceCat, Reveal, Roll, Tile
from boardgames_widgets.games.chop_chop.scenario import board_state
from boardgames_widgets.games.chop_chop.view import (
    CELL,
    ORIGIN_X,
    ORIGIN_Y,
    board_size,
    cell_center,
    hit_test,
    state_svg,
)

GAME = ChopChop()

OPEN_FLOOR = """
- - - - o - - - -
- - . . . . . - -
- . . . . . . . -
- . . [.] [.] [.] . . o
o . . [.] [.] [.] . . -
- . . . 0 . . . -
- - . . . . C - -
- - - - o - - - -
"""


def test_cc_m2_m4_paths_on_open_floor_are_counted_exactly():
    """CC-M2 / CC-M4: from (4,3) a mouse has 4 paths of 1, 12 of 2 (minus the walls)."""
    s = board_state(GAME, OPEN_FLOOR)
    one = reachable(s, 0, 1)
    assert one == {(3, 3): 1, (4, 2): 1, (4, 4): 1, (5, 3): 1}
    two = reachable(s, 0, 2)
    assert two[(4, 1)] == 1 and two[(3, 4)] == 2  # (3,4): via (3,3) or via (4,4)
    assert (4, 3) not in two  # never back onto the start
    assert sum(two.values()) == len(enumerate_paths(s, 0, 2))
    # (5,3) is the bottom hole's entrance: a 2 can end in the hole
    assert two[(6, 3)] == 1


def test_reachable_agrees_with_the_legal_moves_in_random_positions():
    """The analysis DFS and the rules engine give the same landing squares."""
    rng = random.Random(7)
    s = GAME.new_initial_state()
    compared = 0
    while not GAME.is_terminal(s) and compared < 60:
        if s.phase is Phase.MOVE:
            legal = [a for a in GAME.legal_actions(s) if isinstance(a, Move)]
            for piece in {a.piece for a in legal}:
                from_rules = {(a.to, a.via) for a in legal if a.piece == piece}
                paths = enumerate_paths(s, piece, s.roll)
                assert {(p[-1], p[-2]) for p in paths} == from_rules
                assert set(reachable(s, piece, s.roll)) == {to for to, _ in from_rules}
                assert len(paths) >= len(from_rules)
            compared += 1
        if GAME.is_chance_node(s):
            a = sample_outcome(GAME.chance_outcomes(s), rng)
        else:
            options = GAME.legal_actions(s)
            a = options[rng.randrange(len(options))]
        s = GAME.apply(s, a)
    assert compared == 60


def test_cc_t3_not_first_excludes_the_square_just_left():
    """CC-T3 in the analysis: the first extra step may not go back."""
    s = board_state(GAME, OPEN_FLOOR)
    assert (3, 3) in reachable(s, 0, 1)
    assert (3, 3) not in reachable(s, 0, 1, not_first=(3, 3))


def test_next_tile_distribution_is_exact_and_follows_the_hidden_counts():
    """CC-S1: 10/38 cheese first; after a cheese is found, 9/37."""
    s = GAME.apply(GAME.new_initial_state(), PlaceCat((2, 3)))
    dist = next_tile_distribution(s)
    assert dist[Tile.CHEESE] == Fraction(10, 38) and sum(dist.values()) == 1
    s = GAME.apply(GAME.apply(GAME.apply(s, Roll(1)), Move(0, (0, 3), (-1, 3))), Reveal(Tile.CHEESE))
    assert next_tile_distribution(s)[Tile.CHEESE] == Fraction(9, 37)


def test_landing_distribution_uses_the_pieces_die():
    s = board_state(GAME, OPEN_FLOOR)
    cat = landing_distribution(s, "cat")
    assert all(0 < p <= 1 for p in cat.values())
    assert cat[(5, 4)] == Fraction(1, 2)  # a 1 (2 faces of 1,1,2,2,2,3) or a 3 round (4,5),(4,4)
    mouse = landing_distribution(s, 0)
    assert mouse[(3, 3)] >= Fraction(2, 6)


def test_hit_test_maps_every_cell_centre_back_and_misses_outside():
    lay = GAME.layout
    for c in range(lay.n_cells):
        x, y = cell_center(lay, c)
        assert hit_test(x, y, lay) == c
        assert hit_test(x + CELL * 0.45, y - CELL * 0.45, lay) == c
    assert hit_test(ORIGIN_X + 1, ORIGIN_Y + 1, lay) is None  # the map's blank corner
    assert hit_test(-5, -5, lay) is None
    w, h = board_size(lay)
    assert (w, h) == (2 * ORIGIN_X + 9 * CELL, ORIGIN_Y + ORIGIN_X + 8 * CELL)


def test_svg_picture_shows_pieces_table_holes_and_cheese():
    s = board_state(
        GAME,
        """
        - - - - 0 - - - -
        - - # * . . . - -
        - . . . . . . . -
        - . . [C#] [1] [#] . . o
        o . . [#] [#] [#] . . -
        - . . . . 2 . . -
        - - . . . . . - -
        - - - - 3 - - - -
        """,
        cheese=4,
    )
    svg = state_svg(s)
    assert svg.startswith("<svg") and svg.endswith("</svg>")
    assert "4/10" in svg and "Mice: roll" in svg
    assert svg == GAME.state_svg(s) == s._repr_svg_()
    assert svg.count("<ellipse") >= 8  # cat and mice bodies, hole openings
