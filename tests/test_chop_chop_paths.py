"""Chop Chop's one path search (issue 28): :func:`paths.search_paths` finds the moves of the
rules, of the analysis and of the search lesson (CC-M1, CC-M2, CC-M3, CC-M4, CC-T3).

The reference is a brute force written here: every sequence of neighbour choices of the
right length, kept when it never repeats a square. Listed in lexicographic order of the
choices, it is the order a depth-first search visits, so even the order is compared.
"""

from __future__ import annotations

import itertools

import pytest
from random_states import random_states

from boardgames_widgets.analysis.chop_chop import enumerate_paths
from boardgames_widgets.games.chop_chop import paths
from boardgames_widgets.games.chop_chop.rules import CAT, ChopChop, Phase
from boardgames_widgets.lessons import search_tools as sl


def brute_force(nbrs, start, steps, may_pass, may_stop, not_first=-1):
    """Every self-avoiding path of ``steps`` by trying every choice of neighbours (CC-M4)."""
    out = []
    widest = max(len(n) for n in nbrs)
    for choice in itertools.product(range(widest), repeat=steps):
        path = [start]
        for i in choice:
            here = nbrs[path[-1]]
            if i >= len(here):
                break
            path.append(here[i])
        else:
            inner, last = path[1:-1], path[-1]
            if (
                len(set(path)) == len(path)  # CC-M4: never twice on a square, the start included
                and path[1] != not_first  # CC-T3
                and all(may_pass[c] for c in inner)  # CC-M3
                and may_stop[last]
            ):
                out.append(tuple(path))
    return out


def positions(num_players: int):
    game = ChopChop(num_players)
    return game, [s for s in random_states(game, 2, seed=num_players) if s.phase is not Phase.PLACE][::9]


@pytest.mark.parametrize("num_players", [2, 5])
def test_the_search_finds_every_self_avoiding_path_in_order_cc_m1_cc_m2_cc_m4(num_players):
    game, states = positions(num_players)
    lay = game.layout
    checked = 0
    for state in states:
        for piece in (CAT, *range(len(state.mice))):
            start = game.piece_cell(state, piece)
            if start < 0:
                continue
            nbrs = lay.cat_nbrs if piece == CAT else lay.mouse_nbrs
            may_pass, may_stop = game.passable(state, piece)
            for steps in (1, 2, 3):
                for not_first in (-1, nbrs[start][0]):
                    want = brute_force(nbrs, start, steps, may_pass, may_stop, not_first)
                    got = list(paths.self_avoiding_paths(nbrs, start, steps, may_pass, may_stop, not_first))
                    assert got == want
                    checked += len(got)
    assert checked > 100


def test_the_trace_steps_in_and_back_out_of_every_path_it_extends():
    """``trace=True``: each path entered ("step") is left ("back") after every path found
    below it, and each "found" path is one step longer than the path it extends."""
    game, states = positions(2)
    state = states[1]
    lay = game.layout
    may_pass, may_stop = game.passable(state, CAT)
    open_paths: list[tuple[int, ...]] = []
    found = []
    for event, path in paths.search_paths(lay.cat_nbrs, state.cat, 3, may_pass, may_stop, trace=True):
        if event == "step":
            assert path[:-1] == (open_paths[-1] if open_paths else ())
            open_paths.append(path)
        elif event == "back":
            assert open_paths.pop() == path
        else:
            assert path[:-1] == open_paths[-1] and len(path) == 4
            found.append(path)
    assert not open_paths
    assert found == list(paths.self_avoiding_paths(lay.cat_nbrs, state.cat, 3, may_pass, may_stop))


def test_rules_analysis_and_lesson_walk_the_same_paths_cc_m4():
    """The rules' moves, :func:`enumerate_paths` and the lesson's recorded frames all come
    from the one search: the same paths, the same first path per outcome, the same counts."""
    game, states = positions(3)
    lay = game.layout
    for state in states[:6]:
        for piece in (CAT, 0):
            if game.piece_cell(state, piece) < 0:
                continue
            for steps in (2, 3):
                listed = enumerate_paths(state, piece, steps, game=game)
                first: dict[tuple[int, int], tuple[int, ...]] = {}
                for p in listed:
                    cells = tuple(lay.index[c] for c in p)
                    first.setdefault((cells[-1], cells[-2]), cells)
                assert game.paths(state, piece, steps) == first
                frames = sl.dfs_frames(state, piece, steps, game=game)
                assert [f.path for f in frames if f.event == "found"] == [tuple(p) for p in listed]


def test_walk_tables_are_the_search_ignoring_pieces_cc_m4():
    game = ChopChop(2)
    lay = game.layout
    n = lay.n_cells
    everywhere = [True] * n
    start = lay.index[(2, 3)]
    table = paths.walk_table(lay.cat_nbrs, start, 3, -1, n)
    walks = list(paths.self_avoiding_paths(lay.cat_nbrs, start, 3, everywhere, everywhere))
    assert [path for _, _, path in table] == walks
    assert all(len(set(path)) == 4 for path in walks)  # CC-M4
    revisits = paths.walk_outcomes(lay.cat_nbrs, start, 2, self_avoiding=False)
    assert (start, lay.cat_nbrs[start][0]) in revisits  # there and back again: only without CC-M4
    assert (start, lay.cat_nbrs[start][0]) not in paths.walk_outcomes(lay.cat_nbrs, start, 2, self_avoiding=True)
