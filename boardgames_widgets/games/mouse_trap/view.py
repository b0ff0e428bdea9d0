"""Mouse Trap pictures, drawn once through the :class:`~boardgames_widgets.core.painter.Painter`.

The track winds across the board in rows that turn back at the ends (a serpentine)
and runs into the Loop, drawn as a ring. Beside them: the trap's parts in building
order (built ones coloured by the stage they belong to), then one row per player with
their mouse, their cheese and whether the mouse is caught, and the cheese pile.

:class:`MouseTrapLayout` holds every coordinate (exported for the widget) and a pure
:meth:`~MouseTrapLayout.hit_test` that turns a click into a space, a mouse, a trap part
or a player's row.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Collection
from dataclasses import dataclass
from typing import Any

from boardgames_widgets.core.painter import Hit, LayoutView, Painter, SVGPainter, svg_of
from boardgames_widgets.games.mouse_trap.layout import (
    MOUSE_NAMES,
    TRAP_PARTS,
    TRAP_STAGES,
    MouseTrapConfig,
    SpaceKind,
)
from boardgames_widgets.games.mouse_trap.rules import MouseTrapState, Phase
from boardgames_widgets.i18n import Translator, painter_translator

#: Mouse colours, by seat (Red, Blue, Yellow, Green as in :data:`MOUSE_NAMES`).
MOUSE_COLOURS: tuple[str, ...] = ("#d9534f", "#2f7bbf", "#e6b800", "#3c9d4e")
#: Fill of each space type.
SPACE_COLOURS: dict[SpaceKind, str] = {
    SpaceKind.START: "#8fd18f",
    SpaceKind.BUILD: "#e9c28b",
    SpaceKind.BACK: "#a9cbe8",
    SpaceKind.AHEAD: "#a9cbe8",
    SpaceKind.TAKE: "#fbe58a",
    SpaceKind.TAKE3_RICHEST: "#f5cf4a",
    SpaceKind.LOSE: "#f2b8b5",
    SpaceKind.DOG_BONE: "#efefef",
    SpaceKind.SAFE: "#8fd18f",
    SpaceKind.TURN_CRANK: "#c7a6e0",
    SpaceKind.CHEESE_WHEEL: "#ffb347",
}
#: Height of the contraption strip under the track.
STRIP_H = 112.0
#: Side of the die.
DIE = 46.0
#: One colour per stage of the chain reaction (a built part shows its stage's colour).
STAGE_COLOURS: tuple[str, ...] = ("#8e6c4a", "#c0392b", "#d35400", "#2980b9", "#16a085", "#8e44ad", "#2c3e50")
BACKGROUND = "#f4ecd8"
INK = "#3e2f1c"
CHEESE = "#f7d24a"
HIGHLIGHT = "#ffe066"


@dataclass(frozen=True)
class MouseTrapLayout:
    """The geometry of a Mouse Trap picture (pure numbers; no drawing).

    Attributes:
        track_length: spaces before the Loop (START included).
        loop_length: spaces in the Loop.
        num_players: seats shown in the player panel.
        columns: spaces per row of the serpentine.
        cell: the side of a track space's square cell.
        margin: the border around everything.
        header: the height of the status line at the top.
    """

    track_length: int
    loop_length: int
    num_players: int
    columns: int = 9
    cell: float = 54.0
    margin: float = 14.0
    header: float = 30.0

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
        """Whether the last row runs left to right (the Loop then sits on the right)."""
        return (self.rows - 1) % 2 == 0

    @property
    def loop_radius(self) -> float:
        """The radius of the ring the Loop's spaces sit on."""
        return max(1.2 * self.cell, 0.95 * self.cell / (2 * math.sin(math.pi / self.loop_length)))

    @property
    def space_radius(self) -> float:
        """The radius of a Loop space (drawn as a circle)."""
        return 0.42 * self.cell

    @property
    def loop_room(self) -> float:
        """Width taken by the Loop beside the track."""
        return 2 * (self.loop_radius + self.space_radius) + 0.4 * self.cell

    @property
    def track_left(self) -> float:
        """The x of the track's left edge."""
        return self.margin + (0.0 if self.last_row_rightward else self.loop_room)

    @property
    def track_top(self) -> float:
        """The y of the track's top edge."""
        overhang = self.loop_radius + self.space_radius - (self.rows - 0.5) * self.cell
        return self.header + self.margin + max(0.0, overhang)

    def cell_of(self, position: int) -> tuple[int, int]:
        """(row, column) of a track position in the serpentine."""
        row, k = divmod(position, self.columns)
        return row, (k if row % 2 == 0 else self.columns - 1 - k)

    @property
    def loop_centre(self) -> tuple[float, float]:
        """The centre of the Loop's ring."""
        y = self.track_top + (self.rows - 1 + 0.5) * self.cell
        r = self.loop_radius + self.space_radius
        if self.last_row_rightward:
            return self.track_left + self.columns * self.cell + 0.2 * self.cell + r, y
        return self.margin + r, y

    def _loop_angle(self, i: int) -> float:
        start = math.pi if self.last_row_rightward else 0.0
        step = 2 * math.pi / self.loop_length
        return start + (i * step if self.last_row_rightward else -i * step)

    def centre(self, position: int) -> tuple[float, float]:
        """The centre of any space (track or Loop)."""
        if position < self.track_length:
            row, col = self.cell_of(position)
            return self.track_left + (col + 0.5) * self.cell, self.track_top + (row + 0.5) * self.cell
        cx, cy = self.loop_centre
        a = self._loop_angle(position - self.track_length)
        return cx + self.loop_radius * math.cos(a), cy + self.loop_radius * math.sin(a)

    @property
    def board_width(self) -> float:
        """Width of the track plus the Loop."""
        return self.columns * self.cell + self.loop_room

    @property
    def board_bottom(self) -> float:
        """The lowest y the board uses."""
        return max(
            self.track_top + self.rows * self.cell,
            self.loop_centre[1] + self.loop_radius + self.space_radius,
        )

    # -- the panels --------------------------------------------------------------------
    @property
    def panel_left(self) -> float:
        """The x of the trap / players panel."""
        return self.margin + self.board_width + self.margin

    @property
    def panel_width(self) -> float:
        """The width of the trap / players panel."""
        return 210.0

    @property
    def part_height(self) -> float:
        """The height of one part's row in the trap list."""
        return 17.0

    def part_box(self, index: int) -> tuple[float, float, float, float]:
        """(x, y, w, h) of trap part ``index`` (0-based) in the list."""
        return (
            self.panel_left,
            self.header + self.margin + 24 + index * self.part_height,
            self.panel_width,
            self.part_height,
        )

    def player_box(self, seat: int) -> tuple[float, float, float, float]:
        """(x, y, w, h) of a player's row under the trap list."""
        top = self.part_box(len(TRAP_PARTS))[1] + 34
        return self.panel_left, top + seat * 30, self.panel_width, 28

    @property
    def pile_box(self) -> tuple[float, float, float, float]:
        """(x, y, w, h) of the cheese pile."""
        x, y, w, h = self.player_box(self.num_players)
        return x, y + 4, w, h

    # -- the contraption and the die, under the track ------------------------------------------
    @property
    def strip_rect(self) -> tuple[float, float, float, float]:
        """(x, y, w, h) of the contraption: the seven stages of the chain reaction."""
        return (self.track_left, self.track_top + self.rows * self.cell + 8, self.columns * self.cell, STRIP_H)

    def stage_rect(self, k: int) -> tuple[float, float, float, float]:
        """(x, y, w, h) of stage ``k`` (0-based) of the contraption."""
        x, y, w, h = self.strip_rect
        sw = w / len(TRAP_STAGES)
        return x + k * sw + 2, y + 16, sw - 4, h - 18

    @property
    def die_rect(self) -> tuple[float, float, float, float]:
        """(x, y, w, h) of the die, under the contraption and the Loop."""
        _, y, _, h = self.strip_rect
        below = max(y + h, self.loop_centre[1] + self.loop_radius + self.space_radius) + 8
        return self.margin, below, DIE, DIE

    @property
    def width(self) -> float:
        """The width of the whole picture."""
        return self.panel_left + self.panel_width + self.margin

    @property
    def height(self) -> float:
        """The height of the whole picture."""
        die_bottom = self.die_rect[1] + DIE + 10
        return max(self.board_bottom, self.pile_box[1] + self.pile_box[3], die_bottom) + self.margin

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
            cx, cy = self.centre(pos)
            if pos < self.track_length:
                if abs(x - cx) <= half and abs(y - cy) <= half:
                    return ("space", pos)
            elif math.hypot(x - cx, y - cy) <= self.space_radius:
                return ("space", pos)
        for i in range(len(TRAP_PARTS)):
            bx, by, bw, bh = self.part_box(i)
            if bx <= x < bx + bw and by <= y < by + bh:
                return ("part", i)
        for seat in range(self.num_players):
            bx, by, bw, bh = self.player_box(seat)
            if bx <= x < bx + bw and by <= y < by + bh:
                return ("player", seat)
        bx, by, bw, bh = self.pile_box
        if bx <= x < bx + bw and by <= y < by + bh:
            return ("pile", 0)
        return None


def fit_size(text: str, width: float, size: float, *, bold: bool = True) -> float:
    """The font size (at most ``size``, at least 9) at which ``text`` fits in ``width`` pixels.

    The width is estimated (0.62 em per letter bold, 0.56 plain), so long translations
    shrink a little instead of running past the panel.
    """
    per_em = 0.62 if bold else 0.56
    return max(9.0, min(size, width / max(1, len(text)) / per_em))


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

    Returns:
        The layout used, for hit-testing.
    """
    lay = layout or MouseTrapLayout.for_config(cfg)
    c = lay.cell
    _ = painter_translator(p)
    p.rect(0, 0, p.width, p.height, fill=BACKGROUND)
    p.text(lay.margin, lay.header / 2 + 4, status or _status(cfg, state, _), size=15, fill=INK, align="left", bold=True)

    # the path: a thick line through every centre, then the spaces on top
    centres = [lay.centre(i) for i in range(cfg.num_spaces)]
    p.polygon(centres[: cfg.loop_start + 1], stroke="#b9a57f", line_width=0.3 * c, closed=False)
    p.polygon(centres[cfg.loop_start :], stroke="#b9a57f", line_width=0.3 * c, closed=True)
    for pos, space in enumerate(cfg.spaces):
        x, y = centres[pos]
        fill = SPACE_COLOURS[space.kind]
        dim = space.kind is SpaceKind.BUILD and not cfg.can_build_on(space)
        lit = pos in highlights
        if pos < cfg.loop_start:
            s = 0.9 * c
            if lit:
                p.rect(x - s / 2 - 3, y - s / 2 - 3, s + 6, s + 6, fill=HIGHLIGHT, radius=8)
            p.rect(
                x - s / 2,
                y - s / 2,
                s,
                s,
                fill=fill,
                stroke="#7a6a4f",
                line_width=1,
                radius=6,
                opacity=0.55 if dim else 1.0,
            )
            p.text(x - s / 2 + 3, y - s / 2 + 7, str(pos), size=8, fill="#6b5b45", align="left")
            short = _(space.short)
            p.text(x, y + 0.28 * c, short, size=10 if len(short) < 5 else 9, fill=INK, bold=True)
        else:
            r = lay.space_radius
            if lit:
                p.circle(x, y, r + 3, fill=HIGHLIGHT)
            p.circle(x, y, r, fill=fill, stroke="#5b3f7a", line_width=1.5)
            p.text(x, y + 0.24 * c, _(space.short), size=9, fill=INK, bold=True)
    lx, ly = lay.loop_centre
    p.text(lx, ly - 8, _("THE LOOP"), size=10, fill="#6b5b45", bold=True)
    p.text(lx, ly + 8, "↻", size=16, fill="#6b5b45")

    # the mice
    for seat, (mx, my) in lay.mouse_spots(state).items():
        if seat == state.mover and state.phase is not Phase.OVER:
            p.circle(mx, my, 0.17 * c, fill=HIGHLIGHT, opacity=0.9)
        draw_mouse(p, mx, my, 0.24 * c, MOUSE_COLOURS[seat])

    # the trap: parts in order, built ones in their stage's colour
    x0 = lay.panel_left
    complete = state.parts_built >= cfg.num_parts
    title = _("complete!") if complete else _("{built}/{parts} built", built=state.parts_built, parts=cfg.num_parts)
    heading = _("Trap {title} · works {p}", title=title, p=format(float(cfg.trap_works), ".1%"))
    p.text(
        x0,
        lay.header + lay.margin + 8,
        heading,
        size=fit_size(heading, lay.panel_width, 12),
        fill=INK,
        align="left",
        bold=True,
    )
    stage_of = {part: k for k, stage in enumerate(TRAP_STAGES) for part in stage.parts}
    for i, name in enumerate(TRAP_PARTS):
        bx, by, bw, bh = lay.part_box(i)
        built = i < state.parts_built
        colour = STAGE_COLOURS[stage_of.get(i + 1, 0) % len(STAGE_COLOURS)]
        p.rect(bx, by + 1, bh - 3, bh - 3, fill=colour if built else "#ffffff", stroke=colour, line_width=1.2, radius=3)
        p.text(
            bx + bh + 2,
            by + bh / 2,
            f"{i + 1:>2} {_(name)}",
            size=11,
            fill=INK if built else "#a0978a",
            align="left",
            bold=built,
        )
        if built and i == state.parts_built - 1 and not complete:
            p.text(bx + bw - 4, by + bh / 2, _("← last"), size=9, fill="#6b5b45", align="right")

    # the players and the pile
    for seat in range(cfg.num_players):
        bx, by, bw, bh = lay.player_box(seat)
        caught = state.caught[seat]
        turn = seat == state.mover and state.phase is not Phase.OVER
        winner = state.phase is Phase.OVER and seat in state.winners
        p.rect(bx, by, bw, bh, fill=HIGHLIGHT if (turn or winner) else "#fffaf0", stroke="#b9a57f", radius=5)
        draw_mouse(p, bx + 16, by + bh / 2 + 1, 13, MOUSE_COLOURS[seat], opacity=0.35 if caught else 1.0)
        label = _(MOUSE_NAMES[seat]) + (" · " + _("caught") if caught else "") + (" · " + _("wins") if winner else "")
        p.text(bx + 36, by + bh / 2, label, size=12, fill=INK, align="left", bold=turn or winner)
        draw_cheese(p, bx + bw - 44, by + bh / 2, 8)
        p.text(bx + bw - 8, by + bh / 2, str(state.cheese[seat]), size=13, fill=INK, align="right", bold=True)
        if caught:
            p.line(bx + 4, by + 4, bx + 28, by + bh - 4, stroke="#333", line_width=2)
    bx, by, bw, bh = lay.pile_box
    draw_cheese(p, bx + 12, by + bh / 2, 9)
    pile = _("pile: {n} of {supply} cheese", n=state.pile, supply=cfg.cheese_supply)
    p.text(bx + 28, by + bh / 2, pile, size=12, fill=INK, align="left")
    draw_contraption(p, lay, state.parts_built, _, stage=stage, spark=spark, stuck=stuck, fresh=fresh)
    draw_die(p, lay, state.last_roll if die is None else die, state.mover)
    return lay


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


def draw_contraption(
    p: Painter,
    lay: MouseTrapLayout,
    built: int,
    _: Translator,
    *,
    stage: int = -1,
    spark: float = 0.0,
    stuck: int = -1,
    fresh: tuple[int, ...] = (),
) -> None:
    """The trap as a machine, stage by stage: built parts in colour, the others faint.

    ``stage`` runs (with a spark at ``spark``), ``stuck`` is crossed out, ``fresh`` parts glow.
    """
    x, y, w, h = lay.strip_rect
    p.rect(x, y, w, h, fill="#fffaf0", stroke="#b9a57f", radius=8)
    words = _("The trap — the chain reaction, stage by stage")
    p.text(x + 8, y + 9, words, size=10, fill="#6b5b45", align="left")
    for k, st in enumerate(TRAP_STAGES):
        sx, sy, sw, sh = lay.stage_rect(k)
        colour = STAGE_COLOURS[k % len(STAGE_COLOURS)]
        done = stage > k
        if k == stage or any(part in fresh for part in st.parts):
            p.rect(sx - 1, sy - 1, sw + 2, sh + 2, fill=HIGHLIGHT, stroke="#e0a800", line_width=2, radius=6)
        elif done:
            p.rect(sx, sy, sw, sh, fill="#e8f5e9", radius=6)
        with p.transform(sx, sy, sw / 66.0):
            for part in st.parts:
                PART_ART[part](p, colour if part <= built else None)
        if k == stage and spark > 0:
            p.circle(sx + sw * spark, sy + sh * (0.25 + 0.5 * spark), 5, fill="#ff5722", stroke="#fff", line_width=1.5)
        if done:
            p.text(sx + sw - 7, sy + 8, "✓", size=11, fill="#2e7d32", bold=True)
        if k == stuck:
            p.line(sx + 6, sy + 6, sx + sw - 6, sy + sh - 6, stroke="#c62828", line_width=4)
            p.line(sx + sw - 6, sy + 6, sx + 6, sy + sh - 6, stroke="#c62828", line_width=4)
            p.text(sx + sw / 2, sy + sh / 2, _("stuck!"), size=12, fill="#c62828", bold=True)


# -- the contraption, part by part (drawn in a 66 × 94 box) -----------------------------------
def draw_cage(p: Painter, cx: float, y: float, r: float) -> None:
    """The cage seen from the side, its bottom edge at ``y``."""
    top = y - 1.6 * r
    p.line(cx, top - 40, cx, top, stroke="#555", line_width=1.5)
    p.rect(cx - r, top, 2 * r, 1.6 * r, stroke="#37474f", line_width=2.5, radius=3)
    for k in range(1, 5):
        bx = cx - r + k * (2 * r / 5)
        p.line(bx, top, bx, y, stroke="#37474f", line_width=1.6)
    p.rect(cx - r - 3, top - 4, 2 * r + 6, 6, fill="#37474f", radius=2)


def _ghost(colour: str | None) -> tuple[str, str, float]:
    """(fill, stroke, opacity) of a part: coloured when built, a faint outline when not."""
    if colour is None:
        return "#ffffff", "#c9bfae", 0.55
    return colour, "#2b2b2b", 1.0


def _base(p: Painter, c: str | None) -> None:
    f, s, o = _ghost(c)
    p.rect(3, 82, 60, 9, fill=f, stroke=s, radius=2, opacity=o)


def _gear_support(p: Painter, c: str | None) -> None:
    f, s, o = _ghost(c)
    p.rect(27, 40, 8, 42, fill=f, stroke=s, opacity=o)


def _gears(p: Painter, c: str | None) -> None:
    f, s, o = _ghost(c)
    for cx, cy, r in ((31, 38, 11), (48, 52, 7)):
        for k in range(8):
            a = k * math.pi / 4
            p.circle(cx + (r + 2) * math.cos(a), cy + (r + 2) * math.sin(a), 2.2, fill=f, opacity=o)
        p.circle(cx, cy, r, fill=f, stroke=s, opacity=o)
        p.circle(cx, cy, 2.5, fill="#ffffff", opacity=o)


def _crank(p: Painter, c: str | None) -> None:
    f, s, o = _ghost(c)
    p.polygon([(31, 38), (12, 20)], stroke=s, line_width=3, closed=False, opacity=o)
    p.circle(12, 20, 4, fill=f, stroke=s, opacity=o)


def _lever(p: Painter, c: str | None) -> None:
    f, s, o = _ghost(c)
    p.polygon([(6, 80), (46, 44)], stroke=f if c else s, line_width=4, closed=False, opacity=o)
    p.circle(26, 62, 3, fill=s, opacity=o)


def _stop_sign(p: Painter, c: str | None) -> None:
    f, s, o = _ghost(c)
    p.polygon([(52, 86), (52, 34)], stroke="#777" if c else s, line_width=2, closed=False, opacity=o)
    pts = [
        (52 + 11 * math.cos(math.pi / 8 + k * math.pi / 4), 24 + 11 * math.sin(math.pi / 8 + k * math.pi / 4))
        for k in range(8)
    ]
    p.polygon(pts, fill="#d32f2f" if c else f, stroke=s, opacity=o)
    if c:
        p.text(52, 24, "STOP", size=5.5, fill="#ffffff", bold=True)


def _boot(p: Painter, c: str | None) -> None:
    f, s, o = _ghost(c)
    p.polygon([(16, 4), (16, 22)], stroke=s, line_width=1.5, closed=False, opacity=o)
    p.polygon([(10, 22), (22, 22), (22, 38), (34, 40), (34, 48), (10, 48)], fill=f, stroke=s, opacity=o)


def _bucket(p: Painter, c: str | None) -> None:
    f, s, o = _ghost(c)
    p.polygon([(38, 52), (60, 52), (56, 78), (42, 78)], fill=f, stroke=s, opacity=o)
    p.polygon([(38, 52), (49, 40), (60, 52)], stroke=s, line_width=1.2, closed=False, opacity=o)


def _ball(p: Painter, c: str | None) -> None:
    f, s, o = _ghost(c)
    p.circle(12, 20, 7, fill="#b0bec5" if c else f, stroke=s, opacity=o)


def _stairs(p: Painter, c: str | None) -> None:
    f, s, o = _ghost(c)
    pts = [(4, 30)]
    for k in range(5):
        x, y = 4 + k * 12, 30 + k * 11
        pts += [(x + 12, y), (x + 12, y + 11)]
    pts += [(64, 90), (4, 90)]
    p.polygon(pts, fill=f, stroke=s, opacity=o)


def _rain_pipe(p: Painter, c: str | None) -> None:
    f, s, o = _ghost(c)
    p.polygon([(6, 8), (40, 24), (12, 44), (40, 62)], stroke=f if c else s, line_width=6, closed=False, opacity=o)


def _helping_hand(p: Painter, c: str | None) -> None:
    f, s, o = _ghost(c)
    p.polygon([(56, 92), (50, 70)], stroke=s, line_width=2, closed=False, opacity=o)
    p.ellipse(48, 66, 9, 7, fill="#ffcc80" if c else f, stroke=s, opacity=o)
    for k in range(4):
        p.polygon([(42 + 4 * k, 61), (40 + 4 * k, 53)], stroke=s, line_width=2, closed=False, opacity=o)


def _bathtub(p: Painter, c: str | None) -> None:
    f, s, o = _ghost(c)
    p.polygon([(4, 14), (40, 14), (36, 30), (8, 30)], fill=f, stroke=s, opacity=o)
    p.polygon([(22, 30), (22, 90)], stroke=s, line_width=2, closed=False, opacity=o)


def _diver(p: Painter, c: str | None) -> None:
    f, s, o = _ghost(c)
    p.polygon([(30, 70), (62, 62)], stroke=s, line_width=3, closed=False, opacity=o)
    p.circle(54, 44, 4, fill="#ffcc80" if c else f, stroke=s, opacity=o)
    p.polygon(
        [(54, 48), (54, 60), (50, 66), (54, 60), (58, 66)],
        stroke=f if c else s,
        line_width=2.5,
        closed=False,
        opacity=o,
    )
    p.polygon([(48, 52), (60, 52)], stroke=f if c else s, line_width=2.5, closed=False, opacity=o)


def _tub(p: Painter, c: str | None) -> None:
    f, s, o = _ghost(c)
    p.polygon([(6, 70), (30, 70), (27, 90), (9, 90)], fill=f, stroke=s, opacity=o)


def _cage(p: Painter, c: str | None) -> None:
    f, s, o = _ghost(c)
    p.polygon([(48, 0), (48, 16)], stroke=s, line_width=1.5, closed=False, opacity=o)
    p.rect(36, 16, 24, 28, stroke=f if c else s, line_width=2.5, radius=2, opacity=o)
    for k in range(1, 4):
        p.polygon([(36 + 6 * k, 16), (36 + 6 * k, 44)], stroke=f if c else s, line_width=1.5, closed=False, opacity=o)


#: Part number (1-based, as in :data:`TRAP_PARTS`) -> its little drawing.
PART_ART: dict[int, Callable[[Any, str | None], None]] = {
    1: _base,
    2: _gear_support,
    3: _gears,
    4: _crank,
    5: _lever,
    6: _stop_sign,
    7: _boot,
    8: _bucket,
    9: _ball,
    10: _stairs,
    11: _rain_pipe,
    12: _helping_hand,
    13: _bathtub,
    14: _diver,
    15: _tub,
    16: _cage,
}


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
