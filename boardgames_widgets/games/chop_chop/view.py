"""Pictures of Chop Chop positions, drawn through the painter (SVG or canvas).

The geometry is exported so a widget can map clicks: the map cell holding board
coordinate ``(r, c)`` (holes included, they sit in the map's border) has its
top-left corner at ``(ORIGIN_X + (c + 1) * CELL, ORIGIN_Y + (r + 1) * CELL)``.
:func:`hit_test` does that mapping backwards and is pure.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from boardgames_widgets.core.painter import Hit, Painter, SVGPainter, svg_of
from boardgames_widgets.games.chop_chop.layout import CHEESE_TO_WIN, DEFAULT_MAP, Coord, Layout, Tile, parse_map
from boardgames_widgets.games.chop_chop.rules import (
    DRAW,
    FACE_DOWN,
    MICE_SIDE,
    UNCOVERED_CHEESE,
    ChopChopState,
    Phase,
)
from boardgames_widgets.i18n import painter_translator

#: Side of one square, in pixels.
CELL = 56
#: Blank space around the picture.
PAD = 10
#: The smallest text drawn, in px (issue 20: at least 12 CSS px at 100 % zoom).
MIN_TEXT = 12.0
#: Height of the status strip above the kitchen.
HEADER = 46
#: Pixel position of the map's top-left cell (board coordinate (-1, -1)).
ORIGIN_X = PAD
ORIGIN_Y = PAD + HEADER

# warm kitchen colours
WALL = "#f4e4c1"
FLOOR_A = "#f7ead0"
FLOOR_B = "#e7c9a0"
GROUT = "#d2b48c"
TILE_BACK = "#4f7cac"
TILE_BACK_EDGE = "#36597f"
TILE_BACK_MARK = "#7fa6cf"
TABLE_TOP = "#a0642d"
TABLE_EDGE = "#6e4019"
HOLE_DARK = "#3a2616"
HOLE_TILE = "#c8a06a"
CHEESE = "#f6c945"
CHEESE_EDGE = "#c8961b"
CAT_FUR = "#e07b39"
CAT_DARK = "#a94f1c"
MOUSE_FUR = "#9a9a9e"
MOUSE_DARK = "#5e5e63"
PINK = "#f2a7b5"
INK = "#3b2a1a"
PATH = "#d2452f"


def board_size(layout: Layout) -> tuple[float, float]:
    """(width, height) of the picture in pixels."""
    return (2 * PAD + (layout.cols + 2) * CELL, 2 * PAD + HEADER + (layout.rows + 2) * CELL)


def cell_origin(layout: Layout, cell: int) -> tuple[float, float]:
    """The top-left pixel of a cell (floor square or hole)."""
    r, c = layout.coords[cell]
    return ORIGIN_X + (c + 1) * CELL, ORIGIN_Y + (r + 1) * CELL


def cell_center(layout: Layout, cell: int) -> tuple[float, float]:
    """The centre pixel of a cell."""
    x, y = cell_origin(layout, cell)
    return x + CELL / 2, y + CELL / 2


def hit_test(x: float, y: float, layout: Layout | None = None) -> int | None:
    """The cell index of the square or hole under pixel ``(x, y)``, or ``None``.

    ``layout.coords[cell]`` is its board coordinate, which actions use
    (``Move.to``, ``Jump.to``).

    >>> lay = parse_map(DEFAULT_MAP)
    >>> lay.coords[hit_test(*cell_center(lay, lay.index[(2, 3)]), lay)]
    (2, 3)
    >>> hit_test(*cell_center(lay, lay.hole_cell(0)), lay) == lay.hole_cell(0)  # the top hole
    True
    >>> hit_test(0, 0, lay) is None
    True
    """
    lay = layout or parse_map(DEFAULT_MAP)
    rc: Coord = (math.floor((y - ORIGIN_Y) / CELL) - 1, math.floor((x - ORIGIN_X) / CELL) - 1)
    return lay.index.get(rc)


# -- pieces ---------------------------------------------------------------------------


def draw_cat(p: Painter, cx: float, cy: float, s: float = 1.0) -> None:
    """A ginger cat seen from above, centred on (cx, cy); ``s`` scales it."""
    u = CELL / 56 * s
    p.polygon(
        [(cx + 10 * u, cy + 10 * u), (cx + 20 * u, cy + 16 * u), (cx + 24 * u, cy + 6 * u)],
        stroke=CAT_DARK,
        line_width=4 * u,
        closed=False,
    )
    p.ellipse(cx + 3 * u, cy + 8 * u, 14 * u, 11 * u, fill=CAT_FUR, stroke=CAT_DARK, line_width=1.5 * u)
    for ex in (-1, 1):
        p.polygon(
            [
                (cx - 8 * u + ex * 8 * u, cy - 14 * u),
                (cx - 8 * u + ex * 3 * u, cy - 24 * u),
                (cx - 8 * u + ex * 1 * u, cy - 12 * u),
            ],
            fill=CAT_FUR,
            stroke=CAT_DARK,
            line_width=1.5 * u,
        )
    p.circle(cx - 8 * u, cy - 8 * u, 11 * u, fill=CAT_FUR, stroke=CAT_DARK, line_width=1.5 * u)
    for ex in (-1, 1):
        p.ellipse(cx - 8 * u + ex * 4.5 * u, cy - 10 * u, 2 * u, 3 * u, fill="#2b6e2f")
    p.polygon([(cx - 10 * u, cy - 4 * u), (cx - 6 * u, cy - 4 * u), (cx - 8 * u, cy - 2 * u)], fill=PINK)
    for side in (-1, 1):
        p.line(
            cx - 8 * u + side * 3 * u,
            cy - 3 * u,
            cx - 8 * u + side * 14 * u,
            cy - 5 * u,
            stroke=CAT_DARK,
            line_width=0.8 * u,
        )
        p.line(
            cx - 8 * u + side * 3 * u,
            cy - 2 * u,
            cx - 8 * u + side * 14 * u,
            cy - 1 * u,
            stroke=CAT_DARK,
            line_width=0.8 * u,
        )


def draw_mouse(p: Painter, cx: float, cy: float, label: str = "", s: float = 1.0, opacity: float = 1.0) -> None:
    """A grey mouse with round ears and a long tail, centred on (cx, cy)."""
    u = CELL / 56 * s
    p.polygon(
        [(cx + 9 * u, cy + 4 * u), (cx + 17 * u, cy + 10 * u), (cx + 14 * u, cy + 18 * u), (cx + 20 * u, cy + 22 * u)],
        stroke=MOUSE_DARK,
        line_width=1.6 * u,
        closed=False,
        opacity=opacity,
    )
    p.ellipse(
        cx + 2 * u, cy + 1 * u, 11 * u, 9 * u, fill=MOUSE_FUR, stroke=MOUSE_DARK, line_width=1.2 * u, opacity=opacity
    )
    for ex in (-1, 1):
        p.circle(
            cx - 9 * u + ex * 3 * u,
            cy - 9 * u + abs(ex) * 0,
            5 * u,
            fill=MOUSE_FUR,
            stroke=MOUSE_DARK,
            line_width=1 * u,
            opacity=opacity,
        )
        p.circle(cx - 9 * u + ex * 3 * u, cy - 9 * u, 2.8 * u, fill=PINK, opacity=opacity)
    p.circle(cx - 10 * u, cy - 2 * u, 6.5 * u, fill=MOUSE_FUR, stroke=MOUSE_DARK, line_width=1.2 * u, opacity=opacity)
    p.circle(cx - 15.5 * u, cy + 0.5 * u, 1.6 * u, fill=PINK, opacity=opacity)
    p.circle(cx - 11 * u, cy - 4 * u, 1.2 * u, fill="#111", opacity=opacity)
    if label:
        p.text(cx + 3 * u, cy + 1.5 * u, label, size=max(MIN_TEXT, 10 * u), fill="#111", bold=True)


def draw_cheese(p: Painter, cx: float, cy: float, s: float = 1.0) -> None:
    """A wedge of cheese with holes."""
    u = CELL / 56 * s
    p.polygon(
        [(cx - 15 * u, cy + 10 * u), (cx + 16 * u, cy + 10 * u), (cx + 16 * u, cy - 6 * u), (cx - 15 * u, cy + 4 * u)],
        fill=CHEESE,
        stroke=CHEESE_EDGE,
        line_width=1.5 * u,
    )
    p.polygon(
        [(cx - 15 * u, cy + 4 * u), (cx + 16 * u, cy - 6 * u), (cx + 10 * u, cy - 10 * u)],
        fill="#fbe08a",
        stroke=CHEESE_EDGE,
        line_width=1.5 * u,
    )
    for hx, hy, hr in ((-6, 6, 2.5), (4, 3, 3), (11, 7, 1.8)):
        p.circle(cx + hx * u, cy + hy * u, hr * u, fill=CHEESE_EDGE)


def _face_down(p: Painter, x: float, y: float) -> None:
    m = 5
    p.rect(x + m, y + m, CELL - 2 * m, CELL - 2 * m, fill=TILE_BACK, stroke=TILE_BACK_EDGE, line_width=1.5, radius=6)
    cx, cy = x + CELL / 2, y + CELL / 2
    q = CELL * 0.18
    p.polygon([(cx, cy - q), (cx + q, cy), (cx, cy + q), (cx - q, cy)], stroke=TILE_BACK_MARK, line_width=1.5)


def _hole(p: Painter, lay: Layout, hole: int, up: bool) -> None:
    cell = lay.hole_cell(hole)
    x, y = cell_origin(lay, cell)
    ex, ey = cell_center(lay, lay.entrance[hole])
    cx, cy = x + CELL / 2, y + CELL / 2
    p.rect(
        x + 4,
        y + 4,
        CELL - 8,
        CELL - 8,
        fill=HOLE_TILE if not up else "#e3c89a",
        stroke=TABLE_EDGE,
        line_width=1.5,
        radius=8,
    )
    if up:
        # an arched mouse hole opening towards the floor
        dx, dy = (ex - cx) / CELL, (ey - cy) / CELL
        p.ellipse(cx + dx * 6, cy + dy * 6, 15 if dx == 0 else 11, 11 if dx == 0 else 15, fill=HOLE_DARK)
    else:
        p.text(cx, cy, "?", size=18, fill=TABLE_EDGE, bold=True)


# -- the dice and the tile faces ------------------------------------------------------------------
#: Die colours (body, edge) by side: grey for the mice, blue for the cat.
DIE_COLOURS = {True: ("#b9b9be", "#5e5e63"), False: ("#4f7cac", "#1f3f66")}
_PIPS = {
    1: [(0.5, 0.5)],
    2: [(0.28, 0.28), (0.72, 0.72)],
    3: [(0.25, 0.25), (0.5, 0.5), (0.75, 0.75)],
    4: [(0.28, 0.28), (0.72, 0.28), (0.28, 0.72), (0.72, 0.72)],
    5: [(0.25, 0.25), (0.75, 0.25), (0.5, 0.5), (0.25, 0.75), (0.75, 0.75)],
    6: [(0.28, 0.22), (0.72, 0.22), (0.28, 0.5), (0.72, 0.5), (0.28, 0.78), (0.72, 0.78)],
}


def draw_die(p: Painter, x: float, y: float, size: float, value: int, mice: bool) -> None:
    """The die of a side (grey for the mice, blue for the cat) showing ``value``."""
    body, edge = DIE_COLOURS[mice]
    p.rect(x, y, size, size, fill=body, stroke=edge, line_width=2, radius=size * 0.18)
    pip = "#fff" if not mice else "#222"
    for px, py in _PIPS.get(value, []):
        p.circle(x + px * size, y + py * size, size * 0.085, fill=pip)
    if value not in _PIPS:
        p.text(x + size / 2, y + size / 2, str(value), size=size * 0.5, fill=pip, bold=True)


def draw_tile_face(p: Painter, tile: Tile, x: float, y: float, cell: float, *, card: bool = False) -> None:
    """The picture on a tile's face, in a square cell at (x, y)."""
    cx, cy = x + cell / 2, y + cell / 2
    if card:
        p.rect(x + 4, y + 4, cell - 8, cell - 8, fill="#fffdf5", stroke=TILE_BACK_EDGE, line_width=2, radius=6)
    if tile is Tile.CHEESE:
        draw_cheese(p, cx, cy, s=0.8)
    elif tile is Tile.PLATE:
        p.circle(cx, cy, cell * 0.3, fill="#f5f5f5", stroke="#9e9e9e", line_width=1.5)
        p.polygon(
            [(cx - 4, cy - 17), (cx + 3, cy - 4), (cx - 3, cy + 4), (cx + 5, cy + 17)],
            stroke="#616161",
            line_width=2,
            closed=False,
        )
    elif tile in (Tile.PLUS1, Tile.PLUS2):
        p.text(cx, cy, tile.value, size=cell * 0.42, fill="#2e7d32", bold=True)
    elif tile is Tile.ARROW:
        s = cell * 0.3
        p.polygon(
            [
                (cx - s, cy - s * 0.3),
                (cx + s * 0.2, cy - s * 0.3),
                (cx + s * 0.2, cy - s * 0.8),
                (cx + s, cy),
                (cx + s * 0.2, cy + s * 0.8),
                (cx + s * 0.2, cy + s * 0.3),
                (cx - s, cy + s * 0.3),
            ],
            fill="#1e88e5",
            stroke="#0d47a1",
            line_width=1.2,
        )
    elif tile is Tile.FORK:
        s = cell * 0.3
        p.line(cx, cy - s * 0.1, cx, cy + s * 1.1, stroke="#757575", line_width=3)
        for dx in (-0.4, -0.13, 0.13, 0.4):
            p.line(cx + dx * s, cy - s, cx + dx * s, cy - s * 0.1, stroke="#757575", line_width=2)
        p.line(cx - 0.4 * s, cy - s * 0.1, cx + 0.4 * s, cy - s * 0.1, stroke="#757575", line_width=2.5)
    elif tile is Tile.KNIFE:
        s = cell * 0.32
        p.polygon(
            [(cx - s, cy + s * 0.35), (cx + s * 0.35, cy - s * 0.9), (cx + s * 0.1, cy + s * 0.1)],
            fill="#cfd8dc",
            stroke="#546e7a",
            line_width=1.2,
        )
        p.line(cx - s * 0.1, cy + s * 0.2, cx + s * 0.9, cy + s, stroke="#5d4037", line_width=4)


# -- the whole picture ----------------------------------------------------------------


#: Marks over the kitchen: lit landing squares, the square passed through, the pieces that may move.
LIT, LIT_EDGE, VIA, VIA_EDGE, SELECT = "#ffe066", "#e0a800", "#e1bee7", "#7b1fa2", "#2e7d32"


def draw_marks(
    p: Painter,
    layout: Layout,
    *,
    landings: Sequence[int] = (),
    steps: str = "",
    chosen: int | None = None,
    via: Sequence[tuple[int, Sequence[Coord]]] = (),
    movable: Sequence[int] = (),
    active: int | None = None,
    hint: int | None = None,
) -> None:
    """The marks of a turn over the kitchen (the widget's overlay layer; cells as layout indices).

    Args:
        landings: the squares the chosen piece may land on (lit), each with ``steps`` in a badge.
        chosen: the landing square chosen so far (a thicker edge).
        via: for the chosen landing, each square it may be entered from, with the path there.
        movable: the cells of the pieces that may move (ringed), ``active`` the selected one.
        hint: the square the hint bot would go to (framed).
    """
    cell = CELL
    for c in landings:
        x, y = cell_origin(layout, c)
        p.rect(
            x + 3,
            y + 3,
            cell - 6,
            cell - 6,
            fill=LIT,
            stroke=LIT_EDGE,
            line_width=3 if c == chosen else 2,
            radius=7,
            opacity=0.55,
        )
        if steps:
            p.circle(x + cell - 12, y + 12, 10, fill=LIT_EDGE)
            p.text(x + cell - 12, y + 12, steps, size=MIN_TEXT, fill="#fff", bold=True)
    for c, path in via:
        x, y = cell_origin(layout, c)
        p.rect(x + 6, y + 6, cell - 12, cell - 12, fill=VIA, stroke=VIA_EDGE, line_width=2, radius=6)
        if path:
            pts = [cell_center(layout, layout.index[rc]) for rc in path]
            p.polygon(pts, stroke=VIA_EDGE, line_width=3, closed=False, opacity=0.6)
    for c in movable:
        cx, cy = cell_center(layout, c)
        p.circle(cx, cy, cell * 0.46, stroke=SELECT, line_width=4 if c == active else 2)
    if hint is not None:
        x, y = cell_origin(layout, hint)
        p.rect(x + 1, y + 1, cell - 2, cell - 2, stroke=VIA_EDGE, line_width=4, radius=8)


def draw_state(
    p: Painter, state: ChopChopState, layout: Layout | None = None, *, cheese_to_win: int = CHEESE_TO_WIN
) -> None:
    """Draw ``state`` on ``p`` (which must be at least :func:`board_size` big)."""
    lay = layout or parse_map(DEFAULT_MAP)
    w, h = board_size(lay)
    p.rect(0, 0, w, h, fill=WALL)
    nf = lay.n_floor
    # floor
    for cell in range(nf):
        x, y = cell_origin(lay, cell)
        r, c = lay.coords[cell]
        p.rect(x, y, CELL, CELL, fill=FLOOR_A if (r + c) % 2 else FLOOR_B, stroke=GROUT, line_width=1)
    # tiles on the floor (those under the table are drawn under it)
    for cell in range(nf):
        x, y = cell_origin(lay, cell)
        if state.tiles[cell] == FACE_DOWN:
            _face_down(p, x, y)
        elif state.tiles[cell] == UNCOVERED_CHEESE:
            draw_cheese(p, x + CELL / 2, y + CELL / 2)
    for hole in range(lay.n_holes):
        _hole(p, lay, hole, state.holes_up[hole])
    # mice under the table first, then the table, then the other pieces
    for m, cell in enumerate(state.mice):
        if 0 <= cell < nf and lay.table[cell]:
            cx, cy = cell_center(lay, cell)
            draw_mouse(p, cx, cy, str(m + 1))  # mice counted from 1, as in the log
    table = lay.table_cells()
    if table:
        xs = [cell_origin(lay, c)[0] for c in table]
        ys = [cell_origin(lay, c)[1] for c in table]
        x0, y0, x1, y1 = min(xs), min(ys), max(xs) + CELL, max(ys) + CELL
        p.rect(x0 + 3, y0 + 6, x1 - x0 - 2, y1 - y0 - 2, fill="#000", radius=10, opacity=0.15)
        p.rect(
            x0 + 2,
            y0 + 2,
            x1 - x0 - 4,
            y1 - y0 - 4,
            fill=TABLE_TOP,
            stroke=TABLE_EDGE,
            line_width=3,
            radius=10,
            opacity=0.55,
        )
        for gx in range(1, round((x1 - x0) / CELL)):
            p.line(x0 + gx * CELL, y0 + 6, x0 + gx * CELL, y1 - 6, stroke=TABLE_EDGE, line_width=0.8)
        for lx, ly in ((x0 + 10, y0 + 10), (x1 - 10, y0 + 10), (x0 + 10, y1 - 10), (x1 - 10, y1 - 10)):
            p.circle(lx, ly, 4, fill=TABLE_EDGE)
    for m, cell in enumerate(state.mice):
        if cell >= 0 and not (cell < nf and lay.table[cell]):
            cx, cy = cell_center(lay, cell)
            draw_mouse(p, cx, cy, str(m + 1))  # mice counted from 1, as in the log
    # the last move's path
    if len(state.path) >= 2:
        pts = [cell_center(lay, c) for c in state.path]
        p.polygon(pts, stroke=PATH, line_width=3, closed=False, opacity=0.55)
        p.circle(*pts[0], 4, fill=PATH, opacity=0.7)
    if state.cat >= 0:
        cx, cy = cell_center(lay, state.cat)
        draw_cat(p, cx, cy)
    _header(p, state, w, cheese_to_win)


def _header(p: Painter, state: ChopChopState, width: float, cheese_to_win: int) -> None:
    y = PAD + HEADER / 2 - 4
    draw_cheese(p, PAD + 18, y, s=0.8)
    p.text(PAD + 40, y, f"{state.cheese}/{cheese_to_win}", size=16, fill=INK, align="left", bold=True)
    caught = sum(1 for m in state.mice if m < 0)
    for i in range(len(state.mice)):
        draw_mouse(p, PAD + 110 + i * 26, y + 2, s=0.5, opacity=0.3 if i < caught else 1.0)
    if state.roll and state.phase in (Phase.MOVE, Phase.EXTRA, Phase.ARROW):
        draw_die(p, PAD + 110 + len(state.mice) * 26 + 8, y - 15, 30, state.roll, state.mice_turn)
    _ = painter_translator(p)
    mice = state.mice_turn
    if state.phase is Phase.OVER:
        text = {MICE_SIDE: _("Mice win!"), DRAW: _("A draw!")}.get(state.winner, _("Cat wins!"))
    elif state.phase is Phase.PLACE:
        text = _("Cat: choose a table square")
    elif state.phase is Phase.ROLL:
        text = _("Mice: roll") if mice else _("Cat: roll")
    elif state.phase is Phase.MOVE:
        text = _("Mice rolled {n}", n=state.roll) if mice else _("Cat rolled {n}", n=state.roll)
    elif state.phase is Phase.EXTRA:
        text = _("Mice: +{n} steps?", n=state.roll) if mice else _("Cat: +{n} steps?", n=state.roll)
    elif state.phase is Phase.ARROW:
        text = _("Mice: arrow jump?") if mice else _("Cat: arrow jump?")
    elif state.phase is Phase.FORK:
        text = _("Mice: fork which cheese?")
    else:
        text = _("Turning a tile…")
    p.text(width - PAD - 4, y, text, size=15, fill=INK, align="right", bold=True)


def state_svg(state: ChopChopState, layout: Layout | None = None, *, cheese_to_win: int = CHEESE_TO_WIN) -> str:
    """An SVG picture of ``state``."""
    lay = layout or parse_map(DEFAULT_MAP)
    w, h = board_size(lay)
    painter = SVGPainter(w, h, title="Chop Chop")
    draw_state(painter, state, lay, cheese_to_win=cheese_to_win)
    return painter.to_svg()


class View:
    """The Chop Chop view in the one shape of every game (:class:`~boardgames_widgets.core.painter.BoardView`).

    Chop Chop hides nothing from anyone until a tile is turned, so every seat sees the same picture.
    """

    def __init__(self, game: Any) -> None:
        self.layout: Layout = game.layout
        self.cheese_to_win: int = game.cfg.cheese_to_win

    @property
    def width(self) -> float:
        """The kitchen's width."""
        return board_size(self.layout)[0]

    @property
    def height(self) -> float:
        """The kitchen's height (with the status strip on top)."""
        return board_size(self.layout)[1]

    def draw(self, p: Painter, state: ChopChopState, seat: int | None) -> None:
        """Draw ``state`` (the same for every seat)."""
        draw_state(p, state, self.layout, cheese_to_win=self.cheese_to_win)

    def hit_test(self, x: float, y: float) -> Hit | None:
        """``Hit("cell", index)`` of the square or hole under (x, y) (see :func:`hit_test`), or ``None``."""
        cell = hit_test(x, y, self.layout)
        return None if cell is None else Hit("cell", cell)

    def state_svg(self, state: ChopChopState, seat: int | None = None) -> str:
        """The picture as an SVG document."""
        return svg_of(self, state, seat, "Chop Chop")
