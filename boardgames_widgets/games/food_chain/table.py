"""Where the next card may go (rules FC-T1 … FC-T3), one card at a time.

The rules (:meth:`~boardgames_widgets.games.food_chain.rules.FoodChain.legal_cells` and
``apply``) and the fast playout (:mod:`.playout`) both ask a :class:`Layout` — the one
place where the table's frontier and the N × N square's window are worked out.

Cells are numbered: (row, col) is ``(row + _OFF) * _W + col + _OFF``, one int per cell,
sorted as the (row, col) pairs are, its neighbours at ±1 and ±_W. A game's table fits in
a 7 × 7 square around (0, 0) (FC-T2, FC-T3), far from the edges of the numbering.
"""

from __future__ import annotations

from collections.abc import Iterable

from boardgames_widgets.games.food_chain.state import _Memo

_W, _OFF = 1 << 12, 1 << 11
#: The number of the middle of the table, (0, 0): the start card's cell, or the first card's (FC-T3).
MIDDLE = _OFF * _W + _OFF


def cell_number(row: int, col: int) -> int:
    """The number of cell (row, col)."""
    return (int(row) + _OFF) * _W + int(col) + _OFF  # int: a card loaded at 1.0,0 is at 1,0


def _around(x: int) -> frozenset[int]:
    """The four cells sharing a side with cell ``x``."""
    return frozenset((x - 1, x + 1, x - _W, x + _W))


def _window(bounds: tuple[int, int, int, int]) -> frozenset[int]:
    """Every cell in the numbered rows ``lo … hi`` and columns ``lo … hi`` of ``bounds``."""
    rlo, rhi, clo, chi = bounds
    return frozenset(r * _W + c for r in range(rlo, rhi + 1) for c in range(clo, chi + 1))


def _cell_of_number(x: int) -> tuple[int, int]:
    r, c = divmod(x, _W)
    return (r - _OFF, c - _OFF)


#: The (row, col) of each numbered cell, one tuple per cell (a memo).
CELLS: _Memo[int, tuple[int, int]] = _Memo(_cell_of_number)
#: Memos for the hot loops (search asks for the same neighbours and windows again and again).
_AROUND: _Memo[int, frozenset[int]] = _Memo(_around)
_WINDOWS: _Memo[tuple[int, int, int, int], frozenset[int]] = _Memo(_window)
_FAR = 1 << 30  # beyond any numbered row or column: the extent of a table with no card


class Layout:
    """The shape of the cards on a table: the occupied cells, the empty cells beside them
    (the frontier) and the window of cells the N × N square still allows.

    Mutable: :meth:`grow` adds one card. The rules keep the layout of the last table they
    saw and :meth:`copy` it to add the next card; the playout grows one copy to the end.
    """

    __slots__ = ("chi", "clo", "frontier", "occupied", "reach", "rhi", "rlo", "window")

    def __init__(self, side: int, cells: Iterable[int] = ()) -> None:
        self.reach = side - 1  # FC-T2: a card lies at most N - 1 rows (columns) from any other
        self.occupied: set[int] = set()
        # FC-T3: on an empty table (3 players) the first card marks the middle: one cell
        self.frontier: set[int] = {MIDDLE}
        self.window: frozenset[int] = frozenset(self.frontier)
        self.rlo, self.rhi, self.clo, self.chi = _FAR, -_FAR, _FAR, -_FAR
        for x in cells:
            self.grow(x)

    def copy(self) -> Layout:
        """An independent copy (growing it leaves this one as it is)."""
        new = Layout.__new__(Layout)
        new.reach = self.reach
        new.occupied = self.occupied.copy()
        new.frontier = self.frontier.copy()
        new.window = self.window
        new.rlo, new.rhi, new.clo, new.chi = self.rlo, self.rhi, self.clo, self.chi
        return new

    def legal(self) -> set[int]:
        """The cells where the next card may go (FC-T1: an empty cell sharing a side with a
        card; FC-T2: inside the square's window; FC-T3: the middle of an empty table)."""
        return self.frontier & self.window

    def grow(self, x: int) -> None:
        """A card is placed on cell ``x`` (which :meth:`legal` allows)."""
        occupied = self.occupied
        occupied.add(x)
        frontier = self.frontier
        frontier.update(_AROUND[x] - occupied)  # FC-T1: its empty neighbours may take the next cards
        frontier.discard(x)
        r, c = divmod(x, _W)
        if not (self.rlo <= r <= self.rhi and self.clo <= c <= self.chi):
            # FC-T2: the table grows, so the square's window (every N × N square holding all
            # the cards) shrinks to the cells within N - 1 rows and columns of every card
            self.rlo, self.rhi = rlo, rhi = min(self.rlo, r), max(self.rhi, r)
            self.clo, self.chi = clo, chi = min(self.clo, c), max(self.chi, c)
            k = self.reach
            self.window = _WINDOWS[rhi - k, rlo + k, chi - k, clo + k]
