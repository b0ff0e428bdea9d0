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
import re
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

_LTR_RUN = re.compile(r"[0-9A-Za-z.,:/%+\-−×=]+(?:\s+[0-9A-Za-z.,:/%+\-−×=]+)*")


def visual_order(text: str) -> str:
    """``text`` in left-to-right display order: right-to-left text reversed, numbers and Latin kept.

    >>> visual_order("abc")
    'abc'
    >>> visual_order("שלום 12") == "12 " + "םולש"
    True
    """
    text = text.replace("\u2066", "").replace("\u2069", "")  # bidi isolates: this function does their work
    if not has_rtl_letters(text):
        return text
    parts: list[str] = []
    pos = 0
    for m in _LTR_RUN.finditer(text):
        parts.append(text[pos : m.start()][::-1])
        parts.append(m.group(0))
        pos = m.end()
    parts.append(text[pos:][::-1])
    # the runs in reversed order, each right-to-left run itself reversed: the display order
    return "".join(reversed(parts))


#: Right-to-left mark: starts a paragraph right to left (as the canvas's ``direction = "rtl"``).
RLM = "\u200f"


@functools.cache
def matplotlib_orders_rtl() -> bool:
    """Whether the installed matplotlib puts right-to-left text in display order itself.

    Probed once: ``"אב"`` is laid out with the PNG font by matplotlib's own text layout
    (``matplotlib._text_helpers.layout``, used by the Agg renderer); if its leftmost glyph
    is ``ב``, matplotlib applied the bidirectional algorithm. Any failure of the probe
    (a private helper that moved, say) answers ``False``: the package reorders itself, as
    for matplotlib before 3.10.
    """
    try:
        from matplotlib import _text_helpers
        from matplotlib.font_manager import FontProperties, findfont, get_font

        font = get_font(findfont(FontProperties(family=PNG_FONT)))
        font.set_size(12, DPI)
        items = list(_text_helpers.layout("\u05d0\u05d1", font))
        glyph = [getattr(item, "glyph_index", getattr(item, "glyph_idx", None)) for item in items]
        leftmost = min(range(len(items)), key=lambda i: float(items[i].x))
        return len(items) == 2 and glyph[leftmost] == font.get_char_index(0x05D1)
    except Exception:
        return False


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
