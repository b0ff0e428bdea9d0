"""The Chop Chop kitchen as data: the board map, the tile mix and the two dice.

Everything here is a documented assumption of RULES.md §1, given as a named value
so that another layout, mix or die can be loaded (see :class:`ChopChopConfig`).

The board is read from a map string (:data:`DEFAULT_MAP`): one line per row,
tokens separated by spaces. The map has a one-cell border around the floor, where
the mouse holes sit. Board coordinates ``(row, col)`` are map coordinates minus
one, so the floor's top-left square is ``(0, 0)`` and the holes of the default
map are at ``(-1, 3)``, ``(2, 7)``, ``(6, 3)`` and ``(3, -1)``.

Tokens:

``.``
    a floor square (a face-down tile lies on it at the start, CC-S1);
``T``
    a floor square with the table over it: the cat walks on the top
    (CC-M5), mice and the tile are underneath (CC-M6);
``-``
    nothing (outside the kitchen, or a missing corner);
``0`` … ``9``
    mouse hole number *n*; it must touch exactly one floor square, its
    entrance (CC-M8). Mouse *n* starts in hole *n* (CC-S2).

Cells are numbered for speed: the floor squares in reading order first
(``0 … n_floor-1``), then the holes (``n_floor + n``). Neighbour tables for the
cat (floor and table top, never holes) and for the mice (floor, under the table,
and hole ↔ entrance) are computed once per layout.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache

from boardgames_widgets.core.api import check_parameter

Coord = tuple[int, int]

#: The default kitchen (Assumption of RULES.md §1, derived from the counts): a
#: 6 × 7 floor without its corners (38 squares), the table over rows 2–3 and
#: columns 2–4, holes top (0,3), right (2,6), bottom (5,3) and left (3,0).
DEFAULT_MAP = """
- - - - 0 - - - -
- - . . . . . - -
- . . . . . . . -
- . . T T T . . 1
3 . . T T T . . -
- . . . . . . . -
- - . . . . . - -
- - - - 2 - - - -
"""


class Tile(enum.Enum):
    """The faces of the 38 floor tiles (CC-T1 … CC-T6). The value is the printed name."""

    CHEESE = "cheese"
    PLATE = "plate"
    PLUS1 = "+1"
    PLUS2 = "+2"
    ARROW = "arrow"
    FORK = "fork"
    KNIFE = "knife"


#: The tile kinds in the order the state counts them.
TILES: tuple[Tile, ...] = tuple(Tile)

#: Assumption (RULES.md §1): 10 cheese, 10 broken plates, 4 "+1", 4 "+2", 4 arrows,
#: 3 forks and 3 knives — 38 tiles, one per floor square.
DEFAULT_TILE_MIX: Mapping[str, int] = {
    "cheese": 10,
    "plate": 10,
    "+1": 4,
    "+2": 4,
    "arrow": 4,
    "fork": 3,
    "knife": 3,
}

#: Published: the grey mouse die.
MOUSE_DIE: tuple[int, ...] = (1, 1, 2, 2, 3, 4)
#: Published: the blue cat die.
CAT_DIE: tuple[int, ...] = (1, 1, 2, 2, 2, 3)
#: CC-W2: the cheese the mice must collect.
CHEESE_TO_WIN = 10
#: Assumption (a safety net, not in the originals): the game ends after this many
#: turns in all (mouse and cat turns both count; passed turns count, skipped ones
#: do not), as a draw (CC-W5). Dead positions end at once as a draw (CC-W5,
#: reachability over the kitchen), so only a live game can reach it: in 10,000
#: uniformly random games 5 ran past 1,000 turns, every one a live chase of the last
#: mouse by a cat that plays at random (it can still catch it); none reaches 5,000
#: (``benchmarks/chop_chop_deadness.py``). Real games last well under 200 turns.
MAX_TURNS = 5000

#: The documented range of every numeric parameter (inclusive), checked by the
#: constructor: a saved game is input from anywhere, and the moves of a piece grow
#: exponentially with the roll (a die face of 20 took 18 s to list the moves).
PARAMETER_RANGES: dict[str, tuple[int, int]] = {
    "die_face": (1, 8),
    "die_faces": (1, 20),
    "cheese_to_win": (1, 100),
    "max_turns": (1, 100_000),
    "map_characters": (1, 4_000),
    "map_rows": (3, 30),
    "map_columns": (3, 30),
}


def check_range(name: str, value: int) -> None:
    """:func:`~boardgames_widgets.core.api.check_parameter` with :data:`PARAMETER_RANGES`.

    Raises:
        ValueError: ``value`` is outside the documented range of ``name``.
    """
    check_parameter(name, value, PARAMETER_RANGES)


#: Extra steps granted by the +1 / +2 tiles (CC-T3).
EXTRA_STEPS: Mapping[Tile, int] = {Tile.PLUS1: 1, Tile.PLUS2: 2}

_STEPS: tuple[Coord, ...] = ((-1, 0), (0, 1), (1, 0), (0, -1))


@dataclass(frozen=True, eq=False)
class Layout:
    """A parsed kitchen map with precomputed neighbour tables.

    Attributes:
        text: the map it was read from.
        rows: floor rows (the map without its border).
        cols: floor columns.
        coords: cell index -> board coordinate (floor squares first, then holes).
        n_floor: the number of floor squares (table squares included).
        table: per cell, whether the table stands over it.
        n_holes: the number of mouse holes (= the number of mice).
        entrance: hole number -> the cell index of its entrance square.
        cat_nbrs: per cell, the cells the cat may step to (no holes).
        mouse_nbrs: per cell, the cells a mouse may step to (holes only via entrances).
        index: board coordinate -> cell index.
    """

    text: str
    rows: int
    cols: int
    coords: tuple[Coord, ...]
    n_floor: int
    table: tuple[bool, ...]
    n_holes: int
    entrance: tuple[int, ...]
    cat_nbrs: tuple[tuple[int, ...], ...]
    mouse_nbrs: tuple[tuple[int, ...], ...]
    index: Mapping[Coord, int] = field(repr=False)

    @property
    def n_cells(self) -> int:
        """Floor squares plus holes."""
        return self.n_floor + self.n_holes

    def hole_cell(self, hole: int) -> int:
        """The cell index of hole number ``hole``."""
        return self.n_floor + hole

    def is_hole(self, cell: int) -> bool:
        """Whether ``cell`` is a mouse hole."""
        return cell >= self.n_floor

    def table_cells(self) -> tuple[int, ...]:
        """The cells under (and on top of) the table."""
        return tuple(c for c in range(self.n_floor) if self.table[c])

    def name(self, cell: int) -> str:
        """A cell as people read it: ``(2,3)``; holes are named by their coordinate too."""
        r, c = self.coords[cell]
        return f"({r},{c})"


def parse_map(text: str) -> Layout:
    """Read a kitchen map (see the module docstring for the tokens).

    >>> lay = parse_map(DEFAULT_MAP)
    >>> lay.n_floor, lay.n_holes, lay.name(lay.entrance[0])
    (38, 4, '(0,3)')

    Raises:
        ValueError: ragged rows, an unknown token, a floor square on the border,
            hole numbers that are not 0 … n-1 exactly once, or a hole that does not
            touch exactly one floor square.
    """
    if isinstance(text, str):
        check_range("map_characters", len(text))
    return _parse_map(text)


@cache
def _parse_map(text: str) -> Layout:
    if not isinstance(text, str):
        raise ValueError(f"a board map must be a string, not {type(text).__name__}")
    grid = [line.split() for line in text.strip("\n").splitlines() if line.strip()]
    if len(grid) < 3:
        raise ValueError("a board map needs at least 3 lines (the floor and its border)")
    width = len(grid[0])
    check_range("map_rows", len(grid))
    check_range("map_columns", width)
    for i, row in enumerate(grid):
        if len(row) != width:
            raise ValueError(f"board map line {i} has {len(row)} tokens, expected {width}")
    floor: list[Coord] = []
    table: list[bool] = []
    holes: dict[int, Coord] = {}
    for mr, row in enumerate(grid):
        for mc, tok in enumerate(row):
            rc = (mr - 1, mc - 1)
            on_border = mr in (0, len(grid) - 1) or mc in (0, width - 1)
            if tok in (".", "T"):
                if on_border:
                    raise ValueError(f"board map: floor square at {rc} lies on the border (holes only)")
                floor.append(rc)
                table.append(tok == "T")
            elif tok.isdigit() and len(tok) == 1:
                if int(tok) in holes:
                    raise ValueError(f"board map: hole {tok} appears twice")
                holes[int(tok)] = rc
            elif tok != "-":
                raise ValueError(f"board map: unknown token {tok!r} at line {mr}, column {mc}")
    if not floor:
        raise ValueError("board map has no floor squares")
    if sorted(holes) != list(range(len(holes))) or not holes:
        raise ValueError(f"board map: holes must be numbered 0 … n-1, got {sorted(holes)}")
    n_floor = len(floor)
    coords = tuple(floor) + tuple(holes[h] for h in range(len(holes)))
    index = {rc: i for i, rc in enumerate(coords)}
    entrance: list[int] = []
    for h in range(len(holes)):
        hr, hc = holes[h]
        touching = [index[(hr + dr, hc + dc)] for dr, dc in _STEPS if index.get((hr + dr, hc + dc), n_floor) < n_floor]
        if len(touching) != 1:
            raise ValueError(f"board map: hole {h} at {holes[h]} touches {len(touching)} floor squares, not exactly 1")
        entrance.append(touching[0])
    cat_nbrs: list[tuple[int, ...]] = []
    mouse_nbrs: list[tuple[int, ...]] = []
    for i, (r, c) in enumerate(coords):
        if i >= n_floor:
            cat_nbrs.append(())
            mouse_nbrs.append((entrance[i - n_floor],))
            continue
        steps = tuple(index[(r + dr, c + dc)] for dr, dc in _STEPS if index.get((r + dr, c + dc), n_floor) < n_floor)
        cat_nbrs.append(steps)
        mouse_nbrs.append(steps + tuple(n_floor + h for h in range(len(holes)) if entrance[h] == i))
    rows = max(r for r, _ in floor) + 1
    cols = max(c for _, c in floor) + 1
    return Layout(
        text=text,
        rows=rows,
        cols=cols,
        coords=coords,
        n_floor=n_floor,
        table=tuple(table) + (False,) * len(holes),
        n_holes=len(holes),
        entrance=tuple(entrance),
        cat_nbrs=tuple(cat_nbrs),
        mouse_nbrs=tuple(mouse_nbrs),
        index=index,
    )


@dataclass(frozen=True, slots=True)
class ChopChopConfig:
    """The named parameters of a Chop Chop game.

    Attributes:
        board_map: the kitchen map (:data:`DEFAULT_MAP`).
        tile_mix: how many tiles of each kind, in :data:`TILES` order; must add up to
            the number of floor squares (CC-S1).
        mouse_die: the faces of the mouse die.
        cat_die: the faces of the cat die.
        cheese_to_win: cheese the mice must collect (CC-W2).
        max_turns: the turn limit (see :data:`MAX_TURNS`); at the limit the game is a draw.
    """

    board_map: str = DEFAULT_MAP
    tile_mix: tuple[int, ...] = tuple(DEFAULT_TILE_MIX[t.value] for t in TILES)
    mouse_die: tuple[int, ...] = MOUSE_DIE
    cat_die: tuple[int, ...] = CAT_DIE
    cheese_to_win: int = CHEESE_TO_WIN
    max_turns: int = MAX_TURNS

    @property
    def layout(self) -> Layout:
        """The parsed board map."""
        return parse_map(self.board_map)
