"""Mouse Trap pictures, drawn once through the :class:`~boardgames_widgets.core.painter.Painter`.

The picture is narrow (at most 560 px, issue 20) and read from the top: the status line;
the track, winding in rows that turn back at the ends (a serpentine), runs into the Loop,
a ring of boxes beside its last space; beside the ring, one row per player (their mouse,
their cheese, whether the mouse is caught) and the cheese pile; the die, with room for
the widget's prompt and choice buttons; the contraption (the seven stages of the chain
reaction); the trap's parts in building order (built ones coloured by their stage). No
text is smaller than :data:`MIN_TEXT` (12 px): a label that does not fit in bold is
drawn plain, a long heading takes two lines, and the stop sign shows a bar, not a word.

:class:`MouseTrapLayout` holds every coordinate (exported for the widget) and a pure
:meth:`~MouseTrapLayout.hit_test` that turns a click into a space, a mouse, a trap part
or a player's row.

This module draws the board; the contraption and its parts' little drawings are in
:mod:`.contraption`, the colours in :mod:`.palette` and the measuring of text in
:mod:`.lettering` (every name is still importable from here).
"""

from __future__ import annotations

import math
from collections.abc import Collection
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from boardgames_widgets.core.painter import Hit, LayoutView, Painter, SVGPainter, svg_of
from boardgames_widgets.games.mouse_trap.contraption import ART_H as ART_H
from boardgames_widgets.games.mouse_trap.contraption import ART_W as ART_W
from boardgames_widgets.games.mouse_trap.contraption import PART_ART as PART_ART
from boardgames_widgets.games.mouse_trap.contraption import draw_cage as draw_cage
from boardgames_widgets.games.mouse_trap.contraption import draw_contraption as draw_contraption
from boardgames_widgets.games.mouse_trap.layout import (
    MOUSE_NAMES,
    TRAP_PARTS,
    TRAP_STAGES,
    MouseTrapConfig,
    Space,
    SpaceKind,
)
from boardgames_widgets.games.mouse_trap.lettering import MIN_TEXT as MIN_TEXT
from boardgames_widgets.games.mouse_trap.lettering import fit_size as fit_size
from boardgames_widgets.games.mouse_trap.lettering import fits as fits
from boardgames_widgets.games.mouse_trap.lettering import text_block as text_block
from boardgames_widgets.games.mouse_trap.lettering import text_width as text_width
from boardgames_widgets.games.mouse_trap.lettering import wrap as wrap
from boardgames_widgets.games.mouse_trap.palette import BACKGROUND as BACKGROUND
from boardgames_widgets.games.mouse_trap.palette import CHEESE as CHEESE
from boardgames_widgets.games.mouse_trap.palette import HIGHLIGHT as HIGHLIGHT
from boardgames_widgets.games.mouse_trap.palette import INK as INK
from boardgames_widgets.games.mouse_trap.palette import MOUSE_COLOURS as MOUSE_COLOURS
from boardgames_widgets.games.mouse_trap.palette import SPACE_COLOURS as SPACE_COLOURS
from boardgames_widgets.games.mouse_trap.palette import STAGE_COLOURS as STAGE_COLOURS
from boardgames_widgets.games.mouse_trap.rules import MouseTrapState, Phase
from boardgames_widgets.i18n import Translator, painter_translator

#: Height of the contraption strip (its title line and the seven stages).
STRIP_H = 106.0
#: Side of the die.
DIE = 46.0
#: A Loop space: a rounded box wide enough for its longest translated word at 12 px.
LOOP_W, LOOP_H = 68.0, 40.0
#: A player's row and the cheese pile's row, and the gap between rows.
ROW_H, ROW_GAP = 28.0, 3.0
#: The narrowest player panel that still fits a name, "caught" and the cheese count.
PANEL_MIN_W = 200.0
#: A choice button's height and the gap between buttons (the widget draws them in :attr:`MouseTrapLayout.controls_rect`).
BUTTON_H, BUTTON_GAP = 26.0, 6.0
#: Room for the prompt above the choice buttons (two lines of 12-px text).
PROMPT_H = 32.0
#: Rows of the trap's part list.
PART_ROWS = 6

Rect = tuple[float, float, float, float]


@dataclass(frozen=True)
class MouseTrapLayout:
    """The geometry of a Mouse Trap picture (pure numbers; no drawing).

    From the top: the status line; the track, winding in rows of :attr:`columns` spaces;
    beside its last space the Loop (a ring of rounded boxes), with the players' rows and
    the cheese pile beside the ring where there is room (else under it); the die with the
    room for the widget's prompt and choice buttons beside it; the contraption (the seven
    stages of the chain reaction); the trap's parts in three columns. The picture is at
    most 560 px wide (a JupyterLab output area at 1024×768 with the file browser open is
    592), so it is drawn at full size and no text is under :data:`MIN_TEXT` CSS px.

    Attributes:
        track_length: spaces before the Loop (START included).
        loop_length: spaces in the Loop.
        num_players: seats shown in the player panel.
        columns: spaces per row of the serpentine.
        cell: the side of a track space's square cell.
        margin: the border around everything.
        header: the height of the status line at the top.
        gap: the room between two parts of the picture.
    """

    track_length: int
    loop_length: int
    num_players: int
    columns: int = 10
    cell: float = 53.0
    margin: float = 14.0
    header: float = 38.0
    gap: float = 8.0

    @classmethod
    def for_config(cls, cfg: MouseTrapConfig) -> MouseTrapLayout:
        """The layout of a game's board."""
        return cls(cfg.loop_start, cfg.loop_length, cfg.num_players)

    # -- the track ---------------------------------------------------------------------
    @property
    def rows(self) -> int:
        """Rows of the serpentine."""
        return -(-self.track_length // self.columns)

    @property
    def last_row_rightward(self) -> bool:
        """Whether the last row runs left to right."""
        return (self.rows - 1) % 2 == 0

    @cached_property
    def content_width(self) -> float:
        """The width inside the margins (the track's, or the Loop's if that is wider)."""
        ring = max(sum(self._ring_extent(start)[:2]) for start in (0.0, math.pi))
        return max(self.columns * self.cell, ring)

    @property
    def track_left(self) -> float:
        """The x of the track's left edge."""
        return self.margin

    @property
    def track_top(self) -> float:
        """The y of the track's top edge."""
        return self.header + 4

    def cell_of(self, position: int) -> tuple[int, int]:
        """(row, column) of a track position in the serpentine."""
        row, k = divmod(position, self.columns)
        return row, (k if row % 2 == 0 else self.columns - 1 - k)

    # -- the Loop ----------------------------------------------------------------------
    @cached_property
    def loop_radius(self) -> float:
        """The radius of the ring the Loop's spaces sit on: the smallest at which no two boxes touch."""
        n, step = self.loop_length, 2 * math.pi / self.loop_length
        r = max(1.2 * self.cell, (LOOP_W + 6) / (2 * math.sin(math.pi / n)))

        def apart(r: float, start: float) -> bool:
            pts = [(r * math.cos(start + i * step), r * math.sin(start + i * step)) for i in range(n)]
            return all(
                abs(ax - bx) >= LOOP_W + 4 or abs(ay - by) >= LOOP_H + 4
                for i, (ax, ay) in enumerate(pts)
                for bx, by in pts[i + 1 :]
            )

        while not (apart(r, 0.0) and apart(r, math.pi)):
            r += 1.0
        return r

    @property
    def space_radius(self) -> float:
        """Half the height of a Loop space (its box is :data:`LOOP_W` × :data:`LOOP_H`)."""
        return LOOP_H / 2

    def _ring_extent(self, start: float) -> tuple[float, float, float, float]:
        """How far the Loop's boxes reach (left, right, up, down) from the ring's centre."""
        r, step = self.loop_radius, 2 * math.pi / self.loop_length
        xs = [r * math.cos(start + i * step) for i in range(self.loop_length)]
        ys = [r * math.sin(start + i * step) for i in range(self.loop_length)]
        return (-min(xs) + LOOP_W / 2, max(xs) + LOOP_W / 2, -min(ys) + LOOP_H / 2, max(ys) + LOOP_H / 2)

    @cached_property
    def _ring(self) -> tuple[float, float, float, float]:
        """(centre x, centre y, angle of SAFE, +1 clockwise / -1 anticlockwise) of the Loop."""
        last = self.track_length - 1
        row, col = self.cell_of(last)
        top = self.track_top + row * self.cell
        left, right = self.track_left, self.track_left + self.content_width
        x0, x1 = self.track_left + col * self.cell, self.track_left + (col + 1) * self.cell
        right_ext, left_ext = self._ring_extent(math.pi), self._ring_extent(0.0)
        if self.last_row_rightward and right - x1 - self.gap >= right_ext[0] + right_ext[1]:
            # beside the last space, on its right; SAFE on the ring's left, the ring turns clockwise
            start, turn = math.pi, 1.0
            cx, cy = x1 + self.gap + right_ext[0], top + right_ext[2] + 2
        elif not self.last_row_rightward and x0 - left - self.gap >= left_ext[0] + left_ext[1]:
            # the mirror image: on its left, turning anticlockwise
            start, turn = 0.0, -1.0
            cx, cy = x0 - self.gap - left_ext[1], top + left_ext[2] + 2
        else:  # no room beside the last space: under it
            start, turn = math.pi, 1.0
            cx = min(max((x0 + x1) / 2, left + right_ext[0]), right - right_ext[1])
            cy = top + self.cell + self.gap + right_ext[2]
        # SAFE is the box nearest the last space of the track (the ring turns in steps of a box)
        lx, ly = (x0 + x1) / 2, top + self.cell / 2
        step = 2 * math.pi / self.loop_length
        r = self.loop_radius
        k = min(
            range(self.loop_length),
            key=lambda i: math.hypot(
                cx + r * math.cos(start + i * step) - lx, cy + r * math.sin(start + i * step) - ly
            ),
        )
        return cx, cy, start + k * step, turn

    @property
    def loop_centre(self) -> tuple[float, float]:
        """The centre of the Loop's ring."""
        return self._ring[0], self._ring[1]

    def _loop_angle(self, i: int) -> float:
        _, _, start, turn = self._ring
        return start + turn * i * 2 * math.pi / self.loop_length

    def centre(self, position: int) -> tuple[float, float]:
        """The centre of any space (track or Loop)."""
        if position < self.track_length:
            row, col = self.cell_of(position)
            return self.track_left + (col + 0.5) * self.cell, self.track_top + (row + 0.5) * self.cell
        cx, cy = self.loop_centre
        a = self._loop_angle(position - self.track_length)
        return cx + self.loop_radius * math.cos(a), cy + self.loop_radius * math.sin(a)

    def space_rect(self, position: int) -> Rect:
        """(x, y, w, h) of a space as drawn: a square on the track, a wider box in the Loop."""
        x, y = self.centre(position)
        if position < self.track_length:
            s = 0.9 * self.cell
            return x - s / 2, y - s / 2, s, s
        return x - LOOP_W / 2, y - LOOP_H / 2, LOOP_W, LOOP_H

    @cached_property
    def ring_rect(self) -> Rect:
        """(x, y, w, h) around every box of the Loop."""
        cx, cy = self.loop_centre
        left, right, up, down = self._ring_extent(self._ring[2])
        return cx - left, cy - up, left + right, up + down

    @cached_property
    def board_bottom(self) -> float:
        """The lowest y the track and the Loop use."""
        _, y, _, h = self.ring_rect
        return max(self.track_top + self.rows * self.cell, y + h)

    # -- the players and the pile ------------------------------------------------------
    @cached_property
    def panel_height(self) -> float:
        """The height of the players' rows and the pile's row."""
        return (self.num_players + 1) * (ROW_H + ROW_GAP) - ROW_GAP

    @cached_property
    def panel_rect(self) -> Rect:
        """(x, y, w, h) of the players' rows and the pile: beside the Loop where there is room, else under the board."""
        left, right = self.margin, self.margin + self.content_width
        rx, ry, rw, _ = self.ring_rect
        cols = [self.cell_of(p)[1] for p in self._last_row()]
        row_top = self.track_top + (self.rows - 1) * self.cell
        if ry >= row_top + self.cell:  # the ring is under the track: the band beside it is its own
            band_top, used_left, used_right = ry, rx, rx + rw
        else:  # the ring is beside the last row
            band_top = row_top
            used_left = min(self.track_left + min(cols) * self.cell, rx)
            used_right = max(self.track_left + (max(cols) + 1) * self.cell, rx + rw)
        room_left, room_right = used_left - self.gap - left, right - used_right - self.gap
        if self.board_bottom - band_top >= self.panel_height and max(room_left, room_right) >= PANEL_MIN_W:
            if room_right >= room_left:
                return right - room_right, band_top, room_right, self.panel_height
            return left, band_top, room_left, self.panel_height
        return left, self.board_bottom + self.gap, min(self.content_width, 2 * PANEL_MIN_W), self.panel_height

    def _last_row(self) -> range:
        start = (self.rows - 1) * self.columns
        return range(start, self.track_length)

    def player_box(self, seat: int) -> Rect:
        """(x, y, w, h) of a player's row."""
        x, y, w, _ = self.panel_rect
        return x, y + seat * (ROW_H + ROW_GAP), w, ROW_H

    @property
    def pile_box(self) -> Rect:
        """(x, y, w, h) of the cheese pile's row, under the players."""
        return self.player_box(self.num_players)

    # -- the die and the room for choices --------------------------------------------------
    @property
    def button_rows(self) -> int:
        """Rows of choice buttons there is room for: with 4 players, three rows of four (ten ways to take 3 cheese
        from three tied opponents); else two rows of two."""
        return 3 if self.num_players >= 4 else 2

    @cached_property
    def die_rect(self) -> Rect:
        """(x, y, w, h) of the die, under the board and the players."""
        _, py, _, ph = self.panel_rect
        return self.margin, max(self.board_bottom, py + ph) + self.gap, DIE, DIE

    @cached_property
    def controls_rect(self) -> Rect:
        """(x, y, w, h) beside the die where the widget writes "click to roll", its prompt and choice buttons."""
        _, y, _, _ = self.die_rect
        x = self.margin + DIE + 12
        h = max(DIE, PROMPT_H + self.button_rows * (BUTTON_H + BUTTON_GAP))
        return x, y, self.margin + self.content_width - x, h

    # -- the contraption and the part list -----------------------------------------------------
    @cached_property
    def strip_rect(self) -> Rect:
        """(x, y, w, h) of the contraption: the seven stages of the chain reaction."""
        _, y, _, h = self.controls_rect
        return self.margin, y + h + self.gap, self.content_width, STRIP_H

    def stage_rect(self, k: int) -> Rect:
        """(x, y, w, h) of stage ``k`` (0-based) of the contraption."""
        x, y, w, h = self.strip_rect
        sw = w / len(TRAP_STAGES)
        return x + k * sw + 2, y + 20, sw - 4, h - 22

    @cached_property
    def parts_top(self) -> float:
        """The y of the part list's heading."""
        _, y, _, h = self.strip_rect
        return y + h + self.gap

    @property
    def part_height(self) -> float:
        """The height of one part's row in the list."""
        return 17.0

    def part_box(self, index: int) -> Rect:
        """(x, y, w, h) of trap part ``index`` (0-based): three columns, top to bottom."""
        col, row = divmod(index, PART_ROWS)
        cols = -(-len(TRAP_PARTS) // PART_ROWS)
        cw = self.content_width / cols
        return self.margin + col * cw, self.parts_top + 20 + row * self.part_height, cw - 6, self.part_height

    @cached_property
    def width(self) -> float:
        """The width of the whole picture."""
        return self.content_width + 2 * self.margin

    @cached_property
    def height(self) -> float:
        """The height of the whole picture."""
        return self.part_box(PART_ROWS - 1)[1] + self.part_height + self.margin

    def mouse_spot(self, position: int, slot: int) -> tuple[float, float]:
        """Where the ``slot``-th mouse (0..3) on a space is drawn."""
        cx, cy = self.centre(position)
        d = 0.2 * self.cell
        return cx + (-d if slot % 2 == 0 else d), cy + (-d * 0.55 if slot < 2 else d * 0.95)

    def mouse_spots(self, state: MouseTrapState) -> dict[int, tuple[float, float]]:
        """Where each free mouse is drawn (mice sharing a space sit side by side)."""
        spots: dict[int, tuple[float, float]] = {}
        count: dict[int, int] = {}
        for p, pos in enumerate(state.positions):
            if state.caught[p]:
                continue
            slot = count.get(pos, 0)
            count[pos] = slot + 1
            spots[p] = self.mouse_spot(pos, slot % 4)
        return spots

    # -- clicks ------------------------------------------------------------------------
    def hit_test(self, x: float, y: float, state: MouseTrapState | None = None) -> tuple[str, int] | None:
        """What a click at (x, y) points at.

        Returns:
            ``("mouse", seat)`` (only with ``state``), ``("space", position)``,
            ``("part", index)`` (0-based), ``("player", seat)``, ``("pile", 0)`` or None.
        """
        if state is not None:
            for p, (mx, my) in self.mouse_spots(state).items():
                if math.hypot(x - mx, y - my) <= 0.17 * self.cell:
                    return ("mouse", p)
        half = 0.5 * self.cell
        for pos in range(self.track_length + self.loop_length):
            if pos < self.track_length:
                cx, cy = self.centre(pos)
                if abs(x - cx) <= half and abs(y - cy) <= half:
                    return ("space", pos)
            elif _inside(x, y, self.space_rect(pos)):
                return ("space", pos)
        for i in range(len(TRAP_PARTS)):
            if _inside(x, y, self.part_box(i)):
                return ("part", i)
        for seat in range(self.num_players):
            if _inside(x, y, self.player_box(seat)):
                return ("player", seat)
        if _inside(x, y, self.pile_box):
            return ("pile", 0)
        return None


def _inside(x: float, y: float, rect: Rect) -> bool:
    bx, by, bw, bh = rect
    return bx <= x < bx + bw and by <= y < by + bh


# -- little drawings ----------------------------------------------------------------------
def draw_mouse(p: Painter, x: float, y: float, size: float, colour: str, *, opacity: float = 1.0) -> None:
    """A mouse seen from above: body, ears, eye and tail."""
    p.line(x + 0.5 * size, y + 0.15 * size, x + 1.05 * size, y + 0.45 * size, stroke="#555", line_width=1.2)
    p.ellipse(x, y, 0.62 * size, 0.42 * size, fill=colour, stroke="#333", line_width=1, opacity=opacity)
    p.circle(x - 0.42 * size, y - 0.36 * size, 0.2 * size, fill=colour, stroke="#333", line_width=1, opacity=opacity)
    p.circle(x - 0.62 * size, y - 0.02 * size, 0.07 * size, fill="#111", opacity=opacity)


def draw_cheese(p: Painter, x: float, y: float, size: float) -> None:
    """A wedge of cheese with holes."""
    p.polygon(
        [(x - size, y + 0.6 * size), (x + size, y + 0.6 * size), (x + size, y - 0.6 * size)],
        fill=CHEESE,
        stroke="#b08a1a",
        line_width=1,
    )
    p.circle(x + 0.45 * size, y + 0.2 * size, 0.16 * size, fill="#e0b52f")
    p.circle(x + 0.05 * size, y + 0.35 * size, 0.1 * size, fill="#e0b52f")


def _status(cfg: MouseTrapConfig, state: MouseTrapState, _: Translator | None = None) -> str:
    if _ is None:
        _ = painter_translator(None)
    names = [_(n) for n in MOUSE_NAMES]
    if state.phase is Phase.OVER:
        who = _.join_and([names[p] for p in state.winners])
        return _.ngettext("{names} wins!", "{names} win!", len(state.winners), names=who)
    r, name = state.round, names[state.mover]
    if state.phase is Phase.ROLL:
        line = _("Round {round} · {name} to roll", round=r, name=name)
    elif state.phase is Phase.TAKE_CHOICE:
        line = _("Round {round} · {name} chooses whom to take {n} cheese from", round=r, name=name, n=state.take_amount)
    elif state.phase is Phase.AT_CRANK:
        line = _("Round {round} · {name} is on the Turn Crank", round=r, name=name)
    elif state.phase is Phase.MOVE_ROLL and state.moving >= 0:
        line = _("Round {round} · {name} rolls for {other}", round=r, name=name, other=names[state.moving])
    elif state.phase is Phase.MOVE_ROLL:
        line = _("Round {round} · {name} rolls", round=r, name=name)
    else:
        line = _("Round {round} · {name} turns the crank", round=r, name=name)
    return line + (" · " + _("last roll {n}", n=state.last_roll) if state.last_roll else "")


def draw_lines(
    p: Painter,
    x: float,
    y: float,
    lines: list[str],
    size: float,
    *,
    fill: str = INK,
    align: str = "left",
    bold: bool = False,
) -> None:
    """Lines of text centred as a block on ``y``, one line height (1.2 em) apart."""
    step = 1.2 * size
    top = y - step * (len(lines) - 1) / 2
    for i, line in enumerate(lines):
        p.text(x, top + i * step, line, size=size, fill=fill, align=align, bold=bold)


def space_label(space: Space, cfg: MouseTrapConfig, _: Translator) -> str:
    """A space's label on the board in plain words: "build" where this game's players build
    (none on a build space for other player counts: it is drawn faded), else the sign or word.

    The rules' short labels ("B234": build with 2, 3 or 4 players) are for records and texts.
    """
    if space.kind is SpaceKind.BUILD:
        return _("build") if cfg.can_build_on(space) else ""
    return _(space.short)


def draw_marks(
    p: Painter,
    lay: MouseTrapLayout,
    cfg: MouseTrapConfig,
    state: MouseTrapState,
    *,
    mice: Collection[int] = (),
    crank: bool = False,
    players: Collection[int] = (),
) -> None:
    """The marks of a choice over the board (the widget's overlay layer): the ``mice`` that may
    move (ringed), the Turn Crank space when it may be turned, the ``players`` cheese may be taken from."""
    spots = lay.mouse_spots(state)
    for seat in mice:
        if seat in spots:
            mx, my = spots[seat]
            p.circle(mx, my, 0.2 * lay.cell, stroke="#e0a800", line_width=3)
    if crank:
        sx, sy, sw, sh = lay.space_rect(cfg.position_of(SpaceKind.TURN_CRANK))
        p.rect(sx - 4, sy - 4, sw + 8, sh + 8, stroke="#e0a800", line_width=3, radius=14)
    for seat in players:
        bx, by, bw, bh = lay.player_box(seat)
        p.rect(bx - 2, by - 2, bw + 4, bh + 4, stroke="#e0a800", line_width=2, radius=6)


def draw_label(
    p: Painter, x: float, y: float, text: str, width: float, *, fill: str = INK, align: str = "center"
) -> None:
    """A 12-px label: bold where it fits in ``width``, else plain (never smaller)."""
    p.text(x, y, text, size=MIN_TEXT, fill=fill, align=align, bold=fits(text, width, bold=True))


def draw(
    p: Painter,
    cfg: MouseTrapConfig,
    state: MouseTrapState,
    *,
    layout: MouseTrapLayout | None = None,
    highlights: Collection[int] = (),
    status: str | None = None,
    die: int | None = None,
    stage: int = -1,
    spark: float = 0.0,
    stuck: int = -1,
    fresh: tuple[int, ...] = (),
    absent: Collection[int] = (),
) -> MouseTrapLayout:
    """Draw ``state`` of a game with config ``cfg``.

    Args:
        p: the painter (SVG or canvas).
        cfg: the game's configuration (its track and Loop).
        state: the position to draw.
        layout: the geometry (default: :meth:`MouseTrapLayout.for_config`).
        highlights: positions to light up (for example where a mouse may go).
        status: the header line (default: whose turn and the last roll).
        die: the face the die shows (default: the last roll).
        stage: the stage of the chain reaction running (-1: none), with a spark at
            ``spark`` (0 … 1) along it; ``stuck``: the stage where a failing trap sticks.
        fresh: parts just built (their stage glows).
        absent: seats whose mouse is not drawn on the track (it is being animated).

    Returns:
        The layout used, for hit-testing.
    """
    lay = layout or MouseTrapLayout.for_config(cfg)
    c = lay.cell
    _ = painter_translator(p)
    p.rect(0, 0, p.width, p.height, fill=BACKGROUND)
    draw_header(p, lay, status or _status(cfg, state, _))

    # the path: a thick line through every centre, then the spaces on top
    centres = [lay.centre(i) for i in range(cfg.num_spaces)]
    p.polygon(centres[: cfg.loop_start + 1], stroke="#b9a57f", line_width=0.3 * c, closed=False)
    p.polygon(centres[cfg.loop_start :], stroke="#b9a57f", line_width=0.3 * c, closed=True)
    for pos, space in enumerate(cfg.spaces):
        x = centres[pos][0]
        fill = SPACE_COLOURS[space.kind]
        dim = space.kind is SpaceKind.BUILD and not cfg.can_build_on(space)
        bx, by, bw, bh = lay.space_rect(pos)
        if pos in highlights:
            p.rect(bx - 3, by - 3, bw + 6, bh + 6, fill=HIGHLIGHT, radius=9)
        if pos < cfg.loop_start:
            p.rect(bx, by, bw, bh, fill=fill, stroke="#7a6a4f", line_width=1, radius=6, opacity=0.55 if dim else 1.0)
            p.text(bx + 3, by + 8, str(pos), size=MIN_TEXT, fill="#7d6c54", align="left")
            draw_label(p, x, by + bh - 9, space_label(space, cfg, _), bw - 4)
        else:
            p.rect(bx, by, bw, bh, fill=fill, stroke="#5b3f7a", line_width=1.5, radius=12)
            draw_label(p, x, by + bh - 10, space_label(space, cfg, _), bw - 6)
    lx, ly = lay.loop_centre
    draw_label(p, lx, ly - 9, _("THE LOOP"), 2 * lay.loop_radius - LOOP_W - 4, fill="#6b5b45")
    p.text(lx, ly + 11, "↻", size=16, fill="#6b5b45")

    # the mice
    for seat, (mx, my) in lay.mouse_spots(state).items():
        if seat not in absent:
            draw_track_mouse(p, lay, state, seat, mx, my)

    draw_players(p, lay, cfg, state, _)
    draw_contraption(p, lay, state.parts_built, _, stage=stage, spark=spark, stuck=stuck, fresh=fresh)
    draw_parts(p, lay, cfg, state.parts_built, _)
    draw_die(p, lay, state.last_roll if die is None else die, state.mover)
    return lay


def draw_header(p: Painter, lay: MouseTrapLayout, status: str) -> None:
    """The status line at the top (on the background drawn before)."""
    size, lines = text_block(status, lay.content_width)
    draw_lines(p, lay.margin, lay.header / 2 + 1, lines, size, bold=True)


def draw_track_mouse(p: Painter, lay: MouseTrapLayout, state: MouseTrapState, seat: int, x: float, y: float) -> None:
    """``seat``'s mouse on the track at (x, y), ringed while it is that player's turn."""
    if seat == state.mover and state.phase is not Phase.OVER:
        p.circle(x, y, 0.17 * lay.cell, fill=HIGHLIGHT, opacity=0.9)
    draw_mouse(p, x, y, 0.24 * lay.cell, MOUSE_COLOURS[seat])


def draw_players(p: Painter, lay: MouseTrapLayout, cfg: MouseTrapConfig, state: MouseTrapState, _: Translator) -> None:
    """One row per player (their mouse, name, cheese; caught or winning), then the cheese pile."""
    for seat in range(cfg.num_players):
        bx, by, bw, bh = lay.player_box(seat)
        caught = state.caught[seat]
        turn = seat == state.mover and state.phase is not Phase.OVER
        winner = state.phase is Phase.OVER and seat in state.winners
        p.rect(bx, by, bw, bh, fill=HIGHLIGHT if (turn or winner) else "#fffaf0", stroke="#b9a57f", radius=5)
        draw_mouse(p, bx + 16, by + bh / 2 + 1, 13, MOUSE_COLOURS[seat], opacity=0.35 if caught else 1.0)
        label = _(MOUSE_NAMES[seat]) + (" · " + _("caught") if caught else "") + (" · " + _("wins") if winner else "")
        room = bw - 36 - 58
        bold = (turn or winner) and fits(label, room, bold=True)
        p.text(bx + 36, by + bh / 2, label, size=MIN_TEXT, fill=INK, align="left", bold=bold)
        draw_cheese(p, bx + bw - 44, by + bh / 2, 8)
        p.text(bx + bw - 8, by + bh / 2, str(state.cheese[seat]), size=13, fill=INK, align="right", bold=True)
        if caught:
            p.line(bx + 4, by + 4, bx + 28, by + bh - 4, stroke="#333", line_width=2)
    bx, by, bw, bh = lay.pile_box
    draw_cheese(p, bx + 12, by + bh / 2, 9)
    pile = _("pile: {n} of {supply} cheese", n=state.pile, supply=cfg.cheese_supply)
    p.text(bx + 28, by + bh / 2, pile, size=MIN_TEXT, fill=INK, align="left")


def draw_parts(p: Painter, lay: MouseTrapLayout, cfg: MouseTrapConfig, built: int, _: Translator) -> None:
    """The trap's parts in building order, three columns; built ones in their stage's colour."""
    complete = built >= cfg.num_parts
    title = _("complete!") if complete else _("{built}/{parts} built", built=built, parts=cfg.num_parts)
    heading = _("Trap {title} · works {p}", title=title, p=format(float(cfg.trap_works), ".1%"))
    size, lines = text_block(heading, lay.content_width, sizes=(13, MIN_TEXT))
    draw_lines(p, lay.margin, lay.parts_top + 8, lines[:1], size, bold=True)
    stage_of = {part: k for k, stage in enumerate(TRAP_STAGES) for part in stage.parts}
    for i, name in enumerate(TRAP_PARTS):
        bx, by, bw, bh = lay.part_box(i)
        done = i < built
        colour = STAGE_COLOURS[stage_of.get(i + 1, 0) % len(STAGE_COLOURS)]
        p.rect(bx, by + 2, bh - 4, bh - 4, fill=colour if done else "#ffffff", stroke=colour, line_width=1.2, radius=3)
        label = f"{i + 1} {_(name)}"
        room = bw - bh - 2
        bold = done and fits(label, room, bold=True)
        p.text(bx + bh + 1, by + bh / 2, label, size=MIN_TEXT, fill=INK if done else "#8a8072", align="left", bold=bold)
        if done and i == built - 1 and not complete:  # "← last" after the name, the arrow alone, or a ring
            p.rect(bx - 2, by, bh, bh, stroke="#e0a800", line_width=2, radius=4)
            x = bx + bh + 1 + text_width(label, MIN_TEXT, bold=bold) + 6
            for last in (_("← last"), "←"):
                if fits(last, bx + bw - x):
                    p.text(x, by + bh / 2, last, size=MIN_TEXT, fill="#6b5b45", align="left")
                    break


def draw_die(p: Painter, lay: MouseTrapLayout, value: int, mover: int) -> None:
    """The die in the mover's colour showing ``value`` (0: not rolled yet, "?")."""
    x, y, w, h = lay.die_rect
    colour = MOUSE_COLOURS[mover % len(MOUSE_COLOURS)]
    p.rect(x, y, w, h, fill="#ffffff", stroke=colour, line_width=3, radius=8)
    spots = {
        1: [(0.5, 0.5)],
        2: [(0.27, 0.27), (0.73, 0.73)],
        3: [(0.27, 0.27), (0.5, 0.5), (0.73, 0.73)],
        4: [(0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)],
        5: [(0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)],
        6: [(0.27, 0.25), (0.73, 0.25), (0.27, 0.5), (0.73, 0.5), (0.27, 0.75), (0.73, 0.75)],
    }
    if value in spots:
        for fx, fy in spots[value]:
            p.circle(x + fx * w, y + fy * h, 0.085 * w, fill=INK)
    elif value:
        p.text(x + w / 2, y + h / 2, str(value), size=20, fill=INK, bold=True)
    else:
        p.text(x + w / 2, y + h / 2, "?", size=20, fill="#a0978a", bold=True)  # a sign, not a word


def draw_svg(cfg: MouseTrapConfig, state: MouseTrapState, **kwargs: object) -> str:
    """An SVG picture of ``state`` of a game with config ``cfg``."""
    lay = MouseTrapLayout.for_config(cfg)
    painter = SVGPainter(lay.width, lay.height, title="Mouse Trap")
    draw(painter, cfg, state, layout=lay, **kwargs)  # type: ignore[arg-type]
    return painter.to_svg()


class View(LayoutView):
    """The Mouse Trap view in the one shape of every game (:class:`~boardgames_widgets.core.painter.BoardView`).

    Mouse Trap has no secrets: every seat sees the same picture.
    """

    def __init__(self, game: Any) -> None:
        self.cfg: MouseTrapConfig = game.cfg
        self.layout: MouseTrapLayout = MouseTrapLayout.for_config(self.cfg)
        self._state: MouseTrapState | None = None

    def draw(
        self, p: Painter, state: MouseTrapState, seat: int | None, *, status: str | None = None, **scene: Any
    ) -> None:
        """Draw ``state`` (the same for every seat); ``scene``: the animation's die, stage, spark, stuck, fresh (see :func:`draw`)."""
        self._state = state
        draw(p, self.cfg, state, layout=self.layout, status=status, **scene)

    def hit_test(self, x: float, y: float) -> Hit | None:
        """``Hit(kind, number)`` with kind ``mouse``, ``space``, ``part``, ``player`` or ``pile``, or ``None``.

        A mouse is found where it was drawn last.
        """
        found = self.layout.hit_test(x, y, self._state)
        return None if found is None else Hit(*found)

    def state_svg(self, state: MouseTrapState, seat: int | None = None) -> str:
        """The picture as an SVG document."""
        return svg_of(self, state, seat, "Mouse Trap")
