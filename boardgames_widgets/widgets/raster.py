"""A PNG backend of the :class:`~boardgames_widgets.core.painter.Painter` protocol, on matplotlib's Agg.

Where widgets cannot run (an untrusted notebook, nbconvert HTML, GitHub, nbviewer, a
restarted kernel) a board shows as a picture. SVG is the sharp one, but an untrusted
notebook hides SVG (it may carry scripts) and shows PNG, so the widget's display also
carries a PNG. Matplotlib is already a dependency of the package and its Agg renderer
needs no browser and no other library, so the views draw their PNG through
:class:`PNGPainter` exactly as they draw SVG and canvas pictures.

Right-to-left text: matplotlib up to 3.9 lays text out left to right, glyph after glyph,
so :func:`visual_order` puts a text holding Hebrew letters in display order first (Hebrew
runs reversed, numbers and Latin kept). Newer matplotlib shapes text with libraqm, which
applies the Unicode bidirectional algorithm itself; reordering there too would reverse
Hebrew twice. :func:`matplotlib_orders_rtl` finds out which matplotlib is installed by
laying out two Hebrew letters once (the capability, not a version number), and
:meth:`PNGPainter.text` reorders only where matplotlib does not.
"""

from __future__ import annotations

import functools
import io
import unicodedata
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from boardgames_widgets.core.painter import Point
from boardgames_widgets.i18n import has_rtl_letters

#: Dots per inch of the figure: one dot per logical (CSS) pixel times :data:`RESOLUTION`.
DPI = 72.0
#: The font of the PNG text: DejaVu Sans (the first of the painter's font stack) ships with
#: matplotlib, so it is there wherever the package is, with Latvian, Russian and Hebrew letters.
PNG_FONT = "DejaVu Sans"
#: Pixels of the PNG per logical pixel (1: the size the board is shown at; small files).
RESOLUTION = 1.0

#: Explicit embeddings and overrides (removed, as rule X9 does; the package never writes them).
_EMBEDDINGS = {"LRE", "RLE", "LRO", "RLO", "PDF", "BN"}
#: Isolate initiators and their paragraph direction (FSI: the first strong letter decides).
_ISOLATES = {"\u2066": 0, "\u2067": 1, "\u2068": None}  # LRI, RLI, FSI
_PDI = "\u2069"
#: Neutral and isolate classes (rules N1 and N2), an isolate counting as one neutral unit.
_NEUTRAL = {"B", "S", "WS", "ON", "ISO"}
#: Mirrored pairs drawn in right-to-left runs (rule L4) for the brackets texts use.
_MIRROR = dict(zip("()[]{}<>«»", ")(][}{><»«", strict=True))


def _first_strong(text: str) -> int | None:
    """0 (left to right), 1 (right to left) or ``None``: the first strong letter outside isolates (P2)."""
    depth = 0
    for ch in text:
        if ch in _ISOLATES:
            depth += 1
        elif ch == _PDI:
            depth = max(0, depth - 1)
        elif depth == 0:
            kind = unicodedata.bidirectional(ch)
            if kind == "L":
                return 0
            if kind in ("R", "AL"):
                return 1
    return None


def _units(text: str) -> list[tuple[str, str]]:
    """``text`` as (bidi class, display text) units: characters, and each isolate as one neutral
    unit already in display order (resolved as a paragraph of its own, its direction its initiator's)."""
    units: list[tuple[str, str]] = []
    i = 0
    while i < len(text):
        ch = text[i]
        if ch in _ISOLATES:
            depth, j = 1, i + 1
            while j < len(text) and depth:
                depth += 1 if text[j] in _ISOLATES else -1 if text[j] == _PDI else 0
                j += 1
            inner = text[i + 1 : j - 1] if depth == 0 else text[i + 1 : j]
            level = _ISOLATES[ch]
            units.append(("ISO", _display(inner, _first_strong(inner) or 0 if level is None else level)))
            i = j
            continue
        kind = unicodedata.bidirectional(ch)
        if kind not in _EMBEDDINGS and ch != _PDI:
            units.append((kind, ch))
        i += 1
    return units


_OPENING = {"(": ")", "[": "]", "{": "}"}


def _bracket_pairs(units: list[tuple[str, str]], kinds: list[str], sos: str) -> None:
    """Rule N0 on ``kinds`` (in place): each matched pair of brackets that encloses a strong
    letter of the paragraph's direction takes it; one that encloses only the other direction
    takes that direction when the text before the pair has it too (digits count as R)."""

    def strong(k: str) -> str | None:
        return "L" if k == "L" else "R" if k in ("R", "EN", "AN") else None

    stack: list[int] = []
    pairs = []
    for i, (_, s) in enumerate(units):
        if kinds[i] != "ON":
            continue
        if s in _OPENING:
            stack.append(i)
        elif s in _OPENING.values():
            for depth in range(len(stack) - 1, -1, -1):
                if _OPENING[units[stack[depth]][1]] == s:
                    pairs.append((stack[depth], i))
                    del stack[depth:]
                    break
    for open_, close in sorted(pairs):
        inside = {strong(k) for k in kinds[open_ + 1 : close]} - {None}
        if not inside:
            continue
        if sos in inside:
            side = sos
        else:
            before = next((s for s in map(strong, reversed(kinds[:open_])) if s is not None), sos)
            side = before if before in inside else sos
        kinds[open_] = kinds[close] = side


def _display(text: str, base: int) -> str:
    """The Unicode bidirectional algorithm (UAX #9) on one line whose paragraph level is ``base``.

    Rules W1–W7, N1–N2, I1–I2, L1, L2 and L4 (for :data:`_MIRROR`) on the classes of
    :func:`unicodedata.bidirectional`; isolates (LRI, RLI, FSI … PDI, as
    :func:`~boardgames_widgets.i18n.isolate_numbers` writes them) are resolved as paragraphs of
    their own and then move as one neutral unit; bracket pairs (N0) for ``()``, ``[]`` and
    ``{}``. Not done: explicit embeddings and overrides (removed: the package never writes them).
    Checked against python-bidi in the tests.
    """
    units = _units(text)
    if not units:
        return ""
    kinds = [k for k, _ in units]
    sos = "R" if base else "L"
    # W1: a non-spacing mark takes the class of what precedes it (a neutral after an isolate)
    for i, k in enumerate(kinds):
        if k == "NSM":
            kinds[i] = sos if i == 0 else "ON" if kinds[i - 1] == "ISO" else kinds[i - 1]
    # W2, W3: European digits after Arabic letters are Arabic; Arabic letters are R
    last = sos
    for i, k in enumerate(kinds):
        if k in ("L", "R", "AL"):
            last = k
        elif k == "EN" and last == "AL":
            kinds[i] = "AN"
    kinds = ["R" if k == "AL" else k for k in kinds]
    # W4: one separator between two numbers of the same kind joins them
    for i in range(1, len(kinds) - 1):
        before, after = kinds[i - 1], kinds[i + 1]
        if kinds[i] == "ES" and before == after == "EN":
            kinds[i] = "EN"
        elif kinds[i] == "CS" and before == after and before in ("EN", "AN"):
            kinds[i] = before
    # W5: terminators (%, $, +...) next to European digits are digits
    i = 0
    while i < len(kinds):
        if kinds[i] == "ET":
            j = i
            while j < len(kinds) and kinds[j] == "ET":
                j += 1
            if (i > 0 and kinds[i - 1] == "EN") or (j < len(kinds) and kinds[j] == "EN"):
                kinds[i:j] = ["EN"] * (j - i)
            i = j
        else:
            i += 1
    # W6: other separators and terminators are neutral
    kinds = ["ON" if k in ("ES", "ET", "CS") else k for k in kinds]
    # W7: European digits after left-to-right letters (or at the start of such a line) are L
    last = sos
    for i, k in enumerate(kinds):
        if k in ("L", "R"):
            last = k
        elif k == "EN" and last == "L":
            kinds[i] = "L"
    # N0: a pair of brackets takes the direction of what it encloses
    _bracket_pairs(units, kinds, sos)
    # N1, N2: a run of neutrals between two letters of one direction takes it (digits count as R),
    # any other the paragraph's
    i = 0
    while i < len(kinds):
        if kinds[i] in _NEUTRAL:
            j = i
            while j < len(kinds) and kinds[j] in _NEUTRAL:
                j += 1
            before = sos if i == 0 else "R" if kinds[i - 1] in ("R", "EN", "AN") else "L"
            after = sos if j == len(kinds) else "R" if kinds[j] in ("R", "EN", "AN") else "L"
            side = before if before == after else sos
            kinds[i:j] = [side] * (j - i)
            i = j
        else:
            i += 1
    # I1, I2: levels; an isolate sits above the paragraph (it keeps its own order inside)
    if base == 0:
        levels = [1 if k == "R" else 2 if k in ("EN", "AN") else 0 for k in kinds]
    else:
        levels = [2 if k in ("L", "EN", "AN") else 1 for k in kinds]
    # L1: whitespace (and isolates' neutral marks) at the end of the line goes back to the paragraph level
    n = len(units)
    while n > 0 and units[n - 1][0] in ("WS", "S", "BN"):
        levels[n - 1] = base
        n -= 1
    # L2: from the highest level down to the lowest odd one, reverse every run at or above it
    texts = [_MIRROR.get(s, s) if len(s) == 1 and level % 2 else s for (_, s), level in zip(units, levels, strict=True)]
    order = list(range(len(units)))
    top = max(levels)
    lowest_odd = min((lv for lv in levels if lv % 2), default=top + 1)
    for level in range(top, lowest_odd - 1, -1):
        i = 0
        while i < len(order):
            if levels[order[i]] >= level:
                j = i
                while j < len(order) and levels[order[j]] >= level:
                    j += 1
                order[i:j] = reversed(order[i:j])
                i = j
            else:
                i += 1
    return "".join(texts[i] for i in order)


def visual_order(text: str) -> str:
    """``text`` in left-to-right display order, as a browser shows it in a right-to-left box.

    A text with Hebrew letters is laid out right to left (its paragraph is right to left, as
    the canvas's ``direction = "rtl"``) by the Unicode bidirectional algorithm
    (:func:`_display`): Hebrew runs reversed, numbers and Latin words kept, the pieces in
    reading order from the right. A text without them only loses its bidi isolates.

    >>> visual_order("abc")
    'abc'
    >>> visual_order("שלום 12") == "12 " + "םולש"
    True
    >>> visual_order("שחקן 2: 3 נקודות") == "תודוקנ 3 :2 ןקחש"  # as python-bidi and browsers
    True
    """
    if not has_rtl_letters(text):
        return "".join(ch for ch in text if ch not in _ISOLATES and ch != _PDI)
    return _display(text, 1)


#: Right-to-left mark: starts a paragraph right to left (as the canvas's ``direction = "rtl"``).
RLM = "\u200f"
#: The first matplotlib that lays text out with the Unicode bidirectional algorithm itself
#: (libraqm): 3.11, which needs Python 3.11. Before it, :func:`visual_order` does.
MATPLOTLIB_WITH_BIDI = (3, 11)


@functools.cache
def matplotlib_orders_rtl() -> bool:
    """Whether the installed matplotlib puts right-to-left text in display order itself (3.11 on).

    Its public version says so (``matplotlib.__version_info__``); the tests read the glyph
    order of a drawn picture either way.
    """
    import matplotlib

    return tuple(matplotlib.__version_info__[:2]) >= MATPLOTLIB_WITH_BIDI


def png_text(text: str) -> str:
    """``text`` as :class:`PNGPainter` hands it to matplotlib.

    Where matplotlib orders right-to-left text itself (:func:`matplotlib_orders_rtl`),
    a text with Hebrew letters keeps its logical order (and its bidi isolates) and starts
    with a right-to-left mark, so that it reads from the right like the canvas's; every
    other text goes through :func:`visual_order` (display order, no isolates).
    """
    if matplotlib_orders_rtl() and has_rtl_letters(text):
        return RLM + text
    return visual_order(text)  # a text without Hebrew only loses its bidi isolates


class PNGPainter:
    """Collects drawing operations on a matplotlib figure and renders a PNG.

    Args:
        width: the logical width of the picture.
        height: the logical height.
        lang: the language of the text drawn (views translate with it).

    >>> p = PNGPainter(40, 20)
    >>> p.rect(0, 0, 40, 20, fill="#fff")
    >>> p.to_png()[:8] == b"\\x89PNG\\r\\n\\x1a\\n"
    True
    """

    def __init__(self, width: float, height: float, *, lang: str | None = None) -> None:
        from matplotlib.figure import Figure  # the object-oriented API: no pyplot, no global state

        self.width = width
        self.height = height
        self.lang = lang
        self.rtl = False
        self._fig = Figure(figsize=(width / DPI, height / DPI), dpi=DPI)
        ax = self._fig.add_axes((0.0, 0.0, 1.0, 1.0))
        ax.set_xlim(0, width)
        ax.set_ylim(height, 0)
        ax.set_axis_off()
        self._ax = ax
        self._stack: list[tuple[float, float, float]] = [(0.0, 0.0, 1.0)]
        self._z = 0

    # -- helpers ---------------------------------------------------------------------------
    def _xy(self, x: float, y: float) -> tuple[float, float]:
        dx, dy, s = self._stack[-1]
        return dx + x * s, dy + y * s

    def _len(self, v: float) -> float:
        return v * self._stack[-1][2]

    @staticmethod
    def _points(px: float) -> float:
        """A length in logical pixels as matplotlib points (at :data:`DPI` one point is one pixel)."""
        return px * 72.0 / DPI

    def _style(self, fill: str | None, stroke: str | None, line_width: float, opacity: float) -> dict[str, Any]:
        self._z += 1
        return {
            "facecolor": fill or "none",
            "edgecolor": stroke or "none",
            "linewidth": self._points(self._len(line_width)) if stroke else 0.0,
            "alpha": opacity,
            "zorder": self._z,
            "joinstyle": "round",
        }

    # -- the painter protocol ---------------------------------------------------------------
    def rect(
        self,
        x: float,
        y: float,
        w: float,
        h: float,
        *,
        fill: str | None = None,
        stroke: str | None = None,
        line_width: float = 1.0,
        radius: float = 0.0,
        opacity: float = 1.0,
    ) -> None:
        """A rectangle with its top-left corner at (x, y), optionally rounded."""
        from matplotlib.patches import FancyBboxPatch, Rectangle

        x0, y0 = self._xy(x, y)
        w, h = self._len(w), self._len(h)
        r = max(0.0, min(self._len(radius), w / 2, h / 2))
        style = self._style(fill, stroke, line_width, opacity)
        if r:
            patch: Any = FancyBboxPatch((x0, y0), w, h, boxstyle=f"round,pad=0,rounding_size={r:g}", **style)
        else:
            patch = Rectangle((x0, y0), w, h, **style)
        self._ax.add_patch(patch)

    def circle(
        self,
        cx: float,
        cy: float,
        r: float,
        *,
        fill: str | None = None,
        stroke: str | None = None,
        line_width: float = 1.0,
        opacity: float = 1.0,
    ) -> None:
        """A circle."""
        self.ellipse(cx, cy, r, r, fill=fill, stroke=stroke, line_width=line_width, opacity=opacity)

    def ellipse(
        self,
        cx: float,
        cy: float,
        rx: float,
        ry: float,
        *,
        fill: str | None = None,
        stroke: str | None = None,
        line_width: float = 1.0,
        opacity: float = 1.0,
    ) -> None:
        """An axis-aligned ellipse."""
        from matplotlib.patches import Ellipse

        centre = self._xy(cx, cy)
        style = self._style(fill, stroke, line_width, opacity)
        self._ax.add_patch(Ellipse(centre, 2 * self._len(rx), 2 * self._len(ry), **style))

    def polygon(
        self,
        points: Sequence[Point],
        *,
        fill: str | None = None,
        stroke: str | None = None,
        line_width: float = 1.0,
        closed: bool = True,
        opacity: float = 1.0,
    ) -> None:
        """A polygon (or an open polyline with ``closed=False``)."""
        from matplotlib.patches import Polygon

        if not points:
            return
        pts = [self._xy(x, y) for x, y in points]
        style = self._style(fill if closed else None, stroke, line_width, opacity)
        self._ax.add_patch(Polygon(pts, closed=closed, capstyle="round", **style))

    def line(
        self, x1: float, y1: float, x2: float, y2: float, *, stroke: str = "#000", line_width: float = 1.0
    ) -> None:
        """A straight line."""
        self.polygon([(x1, y1), (x2, y2)], stroke=stroke, line_width=line_width, closed=False)

    def text(
        self,
        x: float,
        y: float,
        text: str,
        *,
        size: float = 12,
        fill: str = "#000",
        align: str = "center",
        bold: bool = False,
        rtl: bool = False,
    ) -> None:
        """Text; ``align`` is left, center or right; vertically centred on y."""
        x0, y0 = self._xy(x, y)
        self._z += 1
        self._ax.text(
            x0,
            y0,
            png_text(text),
            fontsize=self._points(self._len(size)),
            color=fill,
            ha=align,
            va="center_baseline",
            fontweight="bold" if bold else "normal",
            family=PNG_FONT,
            zorder=self._z,
        )

    @contextmanager
    def transform(self, dx: float = 0.0, dy: float = 0.0, scale: float = 1.0) -> Iterator[None]:
        """Draw the body translated by (dx, dy) and then scaled."""
        ox, oy, s = self._stack[-1]
        self._stack.append((ox + dx * s, oy + dy * s, s * scale))
        try:
            yield
        finally:
            self._stack.pop()

    def to_png(self) -> bytes:
        """The finished picture as PNG bytes (:data:`RESOLUTION` pixels per logical pixel).

        The picture is stored with a palette of 256 colours (Pillow, which matplotlib
        needs anyway): about a third of the size of full colour, and notebooks stay small.
        """
        from matplotlib.backends.backend_agg import FigureCanvasAgg
        from PIL import Image

        canvas = FigureCanvasAgg(self._fig)
        self._fig.set_dpi(DPI * RESOLUTION)
        canvas.draw()  # type: ignore[no-untyped-call]
        pixels = canvas.buffer_rgba()  # type: ignore[no-untyped-call]
        rgba = Image.frombuffer("RGBA", canvas.get_width_height(), pixels, "raw", "RGBA", 0, 1)
        buf = io.BytesIO()
        rgba.convert("RGB").quantize(colors=256, method=Image.Quantize.MEDIANCUT).save(buf, format="PNG", optimize=True)
        return buf.getvalue()


def png_size(png: bytes) -> tuple[int, int]:
    """(width, height) in pixels of a PNG, read from its header."""
    return int.from_bytes(png[16:20], "big"), int.from_bytes(png[20:24], "big")


class Picture:
    """A board picture that shows everywhere: SVG, PNG (for untrusted notebooks) and one line of text.

    Made by :func:`picture`; a notebook shows it as the last expression of a cell.
    """

    def __init__(self, svg: str, png: bytes, text: str) -> None:
        self.svg = svg
        self.png = png
        self.text = text

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        import base64

        return {
            "image/svg+xml": self.svg,
            "image/png": base64.b64encode(self.png).decode("ascii"),
            "text/plain": self.text,
        }

    def __repr__(self) -> str:
        return self.text


def picture(game: Any, state: Any, seat: int | None = None, *, lang: str | None = None) -> Picture:
    """A picture of ``state`` of ``game`` from ``seat`` (``None``: the teacher view) that shows everywhere.

    A state shows itself as SVG, which an untrusted notebook hides (and then prints the
    state's long ``repr``); this picture also carries a PNG and a one-line text.

    >>> from boardgames_widgets import make_game
    >>> g = make_game("food_chain", num_players=2)
    >>> picture(g, g.new_initial_state())
    Food Chain: Player 0 draws a card (18 left in the pile).

    Raises:
        ValueError: the game has no view.
    """
    from boardgames_widgets.core.painter import SVGPainter, board_view
    from boardgames_widgets.i18n import translator

    t = translator(lang)
    view = board_view(game)
    svg = SVGPainter(view.width, view.height, title=t(game.info.name))
    svg.lang = t.lang  # type: ignore[attr-defined]
    view.draw(svg, state, seat)
    png = PNGPainter(view.width, view.height, lang=t.lang)
    png.rtl = t.rtl
    view.draw(png, state, seat)
    try:
        words = game.describe(state)
    except Exception:  # a description must never keep the picture from showing
        words = ""
    text = f"{t(game.info.name)}: {words}" if words else t(game.info.name)
    return Picture(svg.to_svg(), png.to_png(), text.splitlines()[0] if text else text)
