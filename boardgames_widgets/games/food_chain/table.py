"""Where the next card may go (rules FC-T1 … FC-T3), one card at a time.

The rules (``legal_actions``, ``apply``) and the fast playout (:mod:`.playout`) both ask an
:class:`Edge` — the one place where the table's legal cells are worked out. A state carries
the edge of its table (derived, never saved: see :mod:`.state`), and placing a card grows
the parent's edge by that card, so no step scans the table again.

Two numberings of cells:

* the **grid** of the edge: (row, col) is ``(row + _GOFF) * _G + col + _GOFF`` for rows and
  columns ``-16 … 15``, one bit of a Python int per cell, sorted as the (row, col) pairs are,
  neighbours at ±1 and ±_G. A game's table fits in a 7 × 7 square around (0, 0) (FC-T2,
  FC-T3), far inside the grid, so sets of cells are ints and adding a card is a few
  operations on them;
* the wider numbering of :func:`cell_number` (``_W`` per row), which the count
  (:mod:`.scoring`) uses for any table.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import partial
from operator import itemgetter
from typing import Any

from boardgames_widgets.games.food_chain.state import _Memo

_W, _OFF = 1 << 12, 1 << 11


def cell_number(row: int, col: int) -> int:
    """The number of cell (row, col) for the count (see :mod:`.scoring`)."""
    return (int(row) + _OFF) * _W + int(col) + _OFF  # int: a card loaded at 1.0,0 is at 1,0


#: The edge's grid: ``_G`` cells a row, (0, 0) at row and column ``_GOFF``.
_G, _GOFF = 32, 16
#: The grid's size in cells.
GRID = _G * _G
#: The grid index of the middle of the table, (0, 0): the start card's cell, or the first card's (FC-T3).
MIDDLE = _GOFF * _G + _GOFF
#: The (row, col) of each grid cell.
GRID_CELLS: tuple[tuple[int, int], ...] = tuple((x // _G - _GOFF, x % _G - _GOFF) for x in range(GRID))
#: The :func:`cell_number` of each grid cell (the playout counts its table with them).
GRID_NUMBERS: tuple[int, ...] = tuple(cell_number(r, c) for r, c in GRID_CELLS)


def grid_index(row: int, col: int) -> int:
    """The grid index of cell (row, col); -1 outside the grid (no card can go there)."""
    if -_GOFF <= row < _G - _GOFF and -_GOFF <= col < _G - _GOFF:
        return (row + _GOFF) * _G + col + _GOFF
    return -1


def _around(x: int) -> int:
    """The four cells sharing a side with grid cell ``x`` (inside the grid), as a bit set."""
    r, c = divmod(x, _G)
    bits = 0
    for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
        if 0 <= rr < _G and 0 <= cc < _G:
            bits |= 1 << (rr * _G + cc)
    return bits


def _members(bits: int) -> tuple[int, ...]:
    """The grid cells of the bit set ``bits``, in order."""
    out = []
    while bits:
        low = bits & -bits
        out.append(low.bit_length() - 1)
        bits ^= low
    return tuple(out)


def _window(bounds: tuple[int, int, int, int]) -> int:
    """Every grid cell in grid rows ``lo … hi`` and columns ``lo … hi`` of ``bounds`` (clipped to the grid)."""
    rlo, rhi, clo, chi = max(bounds[0], 0), min(bounds[1], _G - 1), max(bounds[2], 0), min(bounds[3], _G - 1)
    row = sum(1 << c for c in range(clo, chi + 1))
    return sum(row << (r * _G) for r in range(rlo, rhi + 1))


_AROUND: tuple[int, ...] = tuple(_around(x) for x in range(GRID))
#: Memos for the hot loops: the cells of a few new bits, the window of the table's extent.
_MEMBERS: _Memo[int, tuple[int, ...]] = _Memo(_members)
_WINDOWS: _Memo[tuple[int, int, int, int], int] = _Memo(_window)
_FAR = 1 << 20  # beyond any grid row or column: the extent of a table with no card


def _one(x: int, items: Sequence[Any]) -> tuple[Any, ...]:
    """``(items[x],)``: :meth:`Edge.pick` of one cell (``itemgetter`` of one item returns the item itself)."""
    return (items[x],)


def _none(items: Sequence[Any]) -> tuple[Any, ...]:
    """``()``: :meth:`Edge.pick` of no cell."""
    return ()


class Edge:
    """The edge of a table: the cells where the next card may go, and what growing it needs.

    Immutable once made: :meth:`grow` returns the edge of the table one card longer, so a
    state can hand its edge to the states after it.

    Attributes:
        cells: the legal cells (FC-T1 … FC-T3), grid indices in order — ``legal_cells``'s order.
        legal: the same cells as a bit set.
        occupied: the cards' cells, a bit set.
        window: the cells the N × N square still allows (FC-T2), a bit set.
    """

    __slots__ = ("_pick", "cells", "chi", "clo", "legal", "occupied", "reach", "rhi", "rlo", "window")

    cells: tuple[int, ...]
    legal: int
    occupied: int
    window: int
    reach: int
    rlo: int
    rhi: int
    clo: int
    chi: int
    _pick: Callable[[Sequence[Any]], tuple[Any, ...]] | None

    @classmethod
    def empty(cls, side: int) -> Edge:
        """The edge of an empty table: FC-T3, the first card marks the middle (one cell)."""
        edge = cls.__new__(cls)
        edge.reach = side - 1  # FC-T2: a card lies at most N - 1 rows (columns) from any other
        edge.cells, edge.legal, edge.occupied, edge.window = (MIDDLE,), 1 << MIDDLE, 0, 1 << MIDDLE
        edge.rlo, edge.rhi, edge.clo, edge.chi = _FAR, -_FAR, _FAR, -_FAR
        edge._pick = None
        return edge

    @classmethod
    def of_table(cls, side: int, cells: Iterable[tuple[int, int]]) -> Edge:
        """The edge of a table whose cards lie on ``cells`` (row, col), in the order they were placed.

        Raises:
            ValueError: a card lies too far from the middle for the grid (no table
                of the game does: FC-T2, FC-T3).
        """
        edge = cls.empty(side)
        for row, col in cells:
            x = grid_index(row, col)
            if x < 0 or not (0 < row + _GOFF < _G - 1 and 0 < col + _GOFF < _G - 1):
                raise ValueError(f"a card at {row},{col} lies outside any Food Chain table")
            edge = edge.grow(x)
        return edge

    def grow(self, x: int) -> Edge:
        """The edge after a card is placed on grid cell ``x`` (which :attr:`legal` allows)."""
        bit = 1 << x
        occupied = self.occupied | bit
        r, c = divmod(x, _G)
        rest = self.legal & ~bit
        cells = self.cells
        if x in cells:  # (the table of a loaded state need not grow through legal cells)
            i = cells.index(x)
            cells = cells[:i] + cells[i + 1 :]
        new = Edge.__new__(Edge)
        new.reach = k = self.reach
        if self.rlo <= r <= self.rhi and self.clo <= c <= self.chi:
            window = self.window
            new.rlo, new.rhi, new.clo, new.chi = self.rlo, self.rhi, self.clo, self.chi
        else:
            # FC-T2: the table grows, so the square's window (every N × N square holding all
            # the cards) shrinks to the cells within N - 1 rows and columns of every card
            new.rlo, new.rhi = rlo, rhi = min(self.rlo, r), max(self.rhi, r)
            new.clo, new.chi = clo, chi = min(self.clo, c), max(self.chi, c)
            window = _WINDOWS[rhi - k, rlo + k, chi - k, clo + k]
            if rest & ~window:  # legal cells the square no longer allows
                rest &= window
                cells = tuple(y for y in cells if rest >> y & 1)
        # FC-T1: the empty neighbours of the new card inside the window may take the next cards
        added = _AROUND[x] & window & ~(occupied | rest)
        if added:
            cells = tuple(sorted(cells + _MEMBERS[added]))
        new.cells, new.legal, new.occupied, new.window = cells, rest | added, occupied, window
        new._pick = None
        return new

    def pick(self) -> Callable[[Sequence[Any]], tuple[Any, ...]]:
        """A function taking a sequence indexed by grid cell to its items at :attr:`cells`, in
        order, as a tuple (``legal_actions`` reads each card's placements with it; made once)."""
        pick = self._pick
        if pick is None:
            cells = self.cells
            pick = self._pick = itemgetter(*cells) if len(cells) > 1 else partial(_one, cells[0]) if cells else _none
        return pick
