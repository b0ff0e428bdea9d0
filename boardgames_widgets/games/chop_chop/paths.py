"""Chop Chop's moves as paths: the one depth-first search of a move (CC-M1, CC-M2, CC-M4).

A move is a walk of orthogonal steps (CC-M1) of exactly the number rolled (CC-M2) that
never re-enters a square, its start included (CC-M4: the path is self-avoiding).
:func:`search_paths` is the package's only implementation of that search; everything
that walks a move uses it:

* the rules (:meth:`~.rules.ChopChop.legal_actions` through :func:`walk_table`, the
  walks of a square precomputed once per board, and :meth:`~.rules.ChopChop.paths`),
* the explanation of a refused move (:func:`walk_outcomes`, :mod:`.explain`),
* :func:`~boardgames_widgets.analysis.chop_chop.enumerate_paths` and the search
  lesson's recorded frames (:func:`~boardgames_widgets.lessons.search_tools.dfs_frames`),
  which follow its ``"step"`` / ``"found"`` / ``"back"`` events.

Cells are indices into a :class:`~.layout.Layout` (``nbrs`` is its ``cat_nbrs`` or
``mouse_nbrs``: the table's layers, CC-M5/CC-M6, and the holes, CC-M8, are in them).
What blocks a piece now (CC-M3, CC-M8, CC-T2, CC-W3) comes in as ``may_pass`` /
``may_stop``, from :meth:`~.rules.ChopChop.passable`.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import cache
from typing import Literal

#: What :func:`search_paths` reports: a path entered and still to extend, a path of
#: exactly the steps (a move), every way on from a path tried.
Event = Literal["step", "found", "back"]

#: Moves of at most this many steps are found from precomputed walk tables (see
#: :func:`walk_table`); longer ones (only with a custom die) by the search itself.
#: Self-avoiding walks of 6 steps are at most 4 × 3**5 = 972 per square.
TABLE_MAX_STEPS = 6

#: One walk of a walk table: (its cells as bits, ``landing * n_cells + via``, the path).
#: Bits ``0 … n_cells-1`` are the cells passed through between start and landing, bit
#: ``n_cells + landing`` the landing cell, so one ``&`` tests a walk (see :func:`.moves.filter_walks`).
Walk = tuple[int, int, tuple[int, ...]]


def search_paths(
    nbrs: Sequence[Sequence[int]],
    start: int,
    steps: int,
    may_pass: Sequence[bool],
    may_stop: Sequence[bool],
    not_first: int = -1,
    *,
    trace: bool = False,
    self_avoiding: bool = True,
) -> Iterator[tuple[Event, tuple[int, ...]]]:
    """The depth-first search of a move: every path of exactly ``steps`` from ``start``.

    Stand on the start, try each neighbour in turn (in ``nbrs`` order) and go on deeper
    until ``steps`` are done, then step back and try the next neighbour. The path so far
    is the visited set: a neighbour already on it is skipped at once (CC-M4), so a
    branch that would revisit a square is never explored.

    Args:
        nbrs: each cell's neighbours, one orthogonal step away (CC-M1).
        start: the cell the move starts on.
        steps: the exact length of the move (CC-M2); nothing is found below 1.
        may_pass: per cell, whether the piece may pass through it (CC-M3, CC-M8, CC-T2).
        may_stop: per cell, whether the piece may end its move on it (CC-M3, CC-M8, CC-W3).
        not_first: a cell the first step may not go to (CC-T3: the square just left), -1 none.
        trace: also report the paths entered (``"step"``) and left (``"back"``), for a
            lesson's pictures; otherwise only the moves (``"found"``).
        self_avoiding: ``False`` lets a walk revisit squares — not a move, only to
            explain a refusal as CC-M4.

    Yields:
        ``(event, path)`` in the order of the search; ``path`` is the cells from ``start``.
    """
    if steps < 1:
        return
    path = [start]

    def extend() -> Iterator[tuple[Event, tuple[int, ...]]]:
        if len(path) == steps + 1:  # exactly the number rolled: a move (CC-M2)
            yield "found", tuple(path)
            return
        if trace:
            yield "step", tuple(path)
        last_step = len(path) == steps
        first_step = len(path) == 1
        for nxt in nbrs[path[-1]]:
            if self_avoiding and nxt in path:  # CC-M4: never twice on the same square
                continue
            if first_step and nxt == not_first:  # CC-T3: not straight back
                continue
            if may_stop[nxt] if last_step else may_pass[nxt]:
                path.append(nxt)
                yield from extend()
                path.pop()
        if trace:
            yield "back", tuple(path)

    yield from extend()


def self_avoiding_paths(
    nbrs: Sequence[Sequence[int]],
    start: int,
    steps: int,
    may_pass: Sequence[bool],
    may_stop: Sequence[bool],
    not_first: int = -1,
) -> Iterator[tuple[int, ...]]:
    """Every legal path of a move (CC-M1 … CC-M4), in the order of :func:`search_paths`."""
    for _, path in search_paths(nbrs, start, steps, may_pass, may_stop, not_first):
        yield path


def first_paths(
    nbrs: Sequence[Sequence[int]],
    start: int,
    steps: int,
    may_pass: Sequence[bool],
    may_stop: Sequence[bool],
    not_first: int,
    out: dict[int, tuple[int, ...]],
    base: int,
) -> None:
    """Put into ``out`` the first path found per outcome of a move, keyed
    ``base + landing * n_cells + via`` (``via``: the cell before the landing; one action
    stands for every path with the same piece, landing and via: CC-T3 needs the via)."""
    n_cells = len(nbrs)
    for path in self_avoiding_paths(nbrs, start, steps, may_pass, may_stop, not_first):
        key = base + path[-1] * n_cells + path[-2]
        if key not in out:
            out[key] = path


@cache  # shared by every game on the same board (layouts are cached, so their tables are the same objects)
def walk_table(
    nbrs: tuple[tuple[int, ...], ...], start: int, steps: int, not_first: int, n_cells: int
) -> tuple[Walk, ...]:
    """Every self-avoiding walk (CC-M4) of exactly ``steps`` from ``start`` whose first step
    is not ``not_first``, ignoring every piece, **in the order of** :func:`search_paths`.

    :func:`first_paths` keeps the walks whose cells passed through are all free and whose
    landing is a stopping cell, the first walk per outcome. A table lists the same
    walks in the same order, so filtering it with bit masks finds exactly the same
    moves, the same representative paths, in the same order — without searching again,
    which was most of the time of a Chop Chop playout.
    """
    everywhere = [True] * n_cells
    out: list[Walk] = []
    for path in self_avoiding_paths(nbrs, start, steps, everywhere, everywhere, not_first):
        landing = path[-1]
        bits = 1 << (n_cells + landing)
        for c in path[1:-1]:
            bits |= 1 << c
        out.append((bits, landing * n_cells + path[-2], path))
    return tuple(out)


def walk_outcomes(
    nbrs: Sequence[Sequence[int]], start: int, steps: int, self_avoiding: bool, not_first: int = -1
) -> set[tuple[int, int]]:
    """(landing, via) pairs of the walks ignoring every piece (to explain a refused move:
    with ``self_avoiding=False`` the walks that only a revisit makes, CC-M4)."""
    everywhere = [True] * len(nbrs)
    walks = search_paths(nbrs, start, steps, everywhere, everywhere, not_first, self_avoiding=self_avoiding)
    return {(path[-1], path[-2]) for _, path in walks}
