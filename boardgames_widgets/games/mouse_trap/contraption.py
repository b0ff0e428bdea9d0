"""The contraption: Mouse Trap's trap drawn as a machine, its seven stages of the chain reaction.

Each of the sixteen parts has a little drawing (:data:`PART_ART`, made in an
:data:`ART_W` × :data:`ART_H` box and scaled to its stage), coloured by its stage when
built and a faint outline when not; :func:`draw_contraption` draws the strip (the running
stage, its spark, a stuck stage crossed out, parts just built glowing) and
:func:`draw_cage` the cage as it falls (the widget's animation).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from boardgames_widgets.core.painter import Painter
from boardgames_widgets.games.mouse_trap.layout import TRAP_STAGES
from boardgames_widgets.games.mouse_trap.lettering import MIN_TEXT, fits
from boardgames_widgets.games.mouse_trap.palette import HIGHLIGHT, STAGE_COLOURS
from boardgames_widgets.i18n import Translator

if TYPE_CHECKING:
    from boardgames_widgets.games.mouse_trap.view import MouseTrapLayout


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
    p.text(x + 8, y + 11, words, size=MIN_TEXT, fill="#6b5b45", align="left")
    for k, st in enumerate(TRAP_STAGES):
        sx, sy, sw, sh = lay.stage_rect(k)
        colour = STAGE_COLOURS[k % len(STAGE_COLOURS)]
        done = stage > k
        if k == stage or any(part in fresh for part in st.parts):
            p.rect(sx - 1, sy - 1, sw + 2, sh + 2, fill=HIGHLIGHT, stroke="#e0a800", line_width=2, radius=6)
        elif done:
            p.rect(sx, sy, sw, sh, fill="#e8f5e9", radius=6)
        scale = min(sw / ART_W, sh / ART_H)
        with p.transform(sx + (sw - scale * ART_W) / 2, sy, scale):
            for part in st.parts:
                PART_ART[part](p, colour if part <= built else None)
        if k == stage and spark > 0:
            p.circle(sx + sw * spark, sy + sh * (0.25 + 0.5 * spark), 5, fill="#ff5722", stroke="#fff", line_width=1.5)
        if done:
            p.text(sx + sw - 7, sy + 8, "✓", size=MIN_TEXT, fill="#2e7d32", bold=True)
        if k == stuck:
            p.line(sx + 6, sy + 6, sx + sw - 6, sy + sh - 6, stroke="#c62828", line_width=4)
            p.line(sx + sw - 6, sy + 6, sx + 6, sy + sh - 6, stroke="#c62828", line_width=4)
            sign = _("stuck!")
            p.rect(sx + 1, sy + sh / 2 - 9, sw - 2, 18, fill="#fffaf0", opacity=0.85, radius=4)
            p.text(sx + sw / 2, sy + sh / 2, sign, size=MIN_TEXT, fill="#c62828", bold=fits(sign, sw - 2, bold=True))


# -- the contraption, part by part (drawn in a 66 × 94 box) -----------------------------------
#: The box every part's drawing is made in (scaled to a stage of the contraption).
ART_W, ART_H = 66.0, 94.0


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
    if c:  # a white bar, not the word: at this size a word could not be read
        p.rect(45, 22, 14, 4, fill="#ffffff", radius=1)


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
