"""The ipycanvas backend of the :class:`~boardgames_widgets.core.painter.Painter` protocol.

The games' ``view.py`` modules draw through the painter protocol; :class:`CanvasPainter`
turns those calls into ipycanvas drawing commands, so the live widget and the SVG
pictures share one drawing code.

Crispness: the canvas bitmap is :data:`PIXEL_RATIO` times larger than its full CSS
size, and every layer starts with a scale transform, so lines and text stay sharp on
high-DPI screens whatever the browser's ``devicePixelRatio``, and when a narrow output
shows the board smaller (it scales to the width it is given, down to
:data:`MIN_WIDTH`). Mouse coordinates arrive in bitmap pixels whatever the CSS size;
divide them by :meth:`LayeredCanvas.to_logical`.
"""

from __future__ import annotations

import math
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from ipycanvas import Canvas, MultiCanvas, hold_canvas  # type: ignore[import-untyped]

from boardgames_widgets.core.painter import FONT_FAMILY, Point
from boardgames_widgets.i18n import has_rtl_letters, is_rtl

#: Bitmap pixels per CSS pixel: drawing at 2× keeps the board sharp on high-DPI screens
#: and costs little on ordinary ones (the browser downsamples).
PIXEL_RATIO = 2.0

#: The narrowest the board is shown (CSS pixels); below that the output scrolls sideways.
MIN_WIDTH = 560

#: One lock for every drawing batch of this package: ``hold_canvas`` batches through a
#: module-global manager in ipycanvas, so two threads drawing at once would interleave.
DRAW_LOCK = threading.RLock()

_ALIGN = {"left": "left", "center": "center", "right": "right"}


class CanvasPainter:
    """Draws the painter protocol onto one ipycanvas :class:`~ipycanvas.Canvas`.

    Args:
        canvas: the canvas (or one layer of a :class:`~ipycanvas.MultiCanvas`).
        width: the logical (CSS pixel) width the view draws in.
        height: the logical height.
        scale: bitmap pixels per logical pixel (pixel ratio times zoom).

    Use :meth:`begin` to clear the canvas and set the base scale before a frame.
    """

    def __init__(self, canvas: Canvas, width: float, height: float, scale: float = PIXEL_RATIO) -> None:
        self.canvas = canvas
        self.width = width
        self.height = height
        self.scale = scale
        self._attrs: dict[str, Any] = {}
        #: The language of the text drawn here (views translate with it).
        self.lang: str | None = None
        #: Lay text holding right-to-left letters out right to left (Hebrew).
        self.rtl = False

    # -- state helpers ------------------------------------------------------------------
    def _set(self, name: str, value: Any) -> None:
        # ipycanvas sends a command for every assignment: skip repeats within a frame.
        if self._attrs.get(name, _MISSING) != value:
            setattr(self.canvas, name, value)
            self._attrs[name] = value

    def begin(self) -> None:
        """Clear the canvas and set the base scale (call at the start of each frame)."""
        self._attrs.clear()
        self.canvas.reset_transform()
        self.canvas.clear()
        self.canvas.set_transform(self.scale, 0, 0, self.scale, 0, 0)
        self._set("global_alpha", 1.0)
        self._set("line_join", "round")
        self._set("line_cap", "round")

    def _paint(self, fill: str | None, stroke: str | None, line_width: float, opacity: float) -> None:
        self._set("global_alpha", opacity)
        if fill:
            self._set("fill_style", fill)
            self.canvas.fill()
        if stroke:
            self._set("stroke_style", stroke)
            self._set("line_width", line_width)
            self.canvas.stroke()

    # -- the painter protocol --------------------------------------------------------------
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
        c = self.canvas
        c.begin_path()
        r = max(0.0, min(radius, w / 2, h / 2))
        if r:
            c.move_to(x + r, y)
            c.arc_to(x + w, y, x + w, y + h, r)
            c.arc_to(x + w, y + h, x, y + h, r)
            c.arc_to(x, y + h, x, y, r)
            c.arc_to(x, y, x + w, y, r)
            c.close_path()
        else:
            c.rect(x, y, w, h)
        self._paint(fill, stroke, line_width, opacity)

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
        self.canvas.begin_path()
        self.canvas.arc(cx, cy, r, 0, 2 * math.pi)
        self._paint(fill, stroke, line_width, opacity)

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
        self.canvas.begin_path()
        self.canvas.ellipse(cx, cy, rx, ry, 0, 0, 2 * math.pi)
        self._paint(fill, stroke, line_width, opacity)

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
        if not points:
            return
        c = self.canvas
        c.begin_path()
        (x0, y0), *rest = points
        c.move_to(x0, y0)
        for x, y in rest:
            c.line_to(x, y)
        if closed:
            c.close_path()
        self._paint(fill if closed else None, stroke, line_width, opacity)

    def line(
        self, x1: float, y1: float, x2: float, y2: float, *, stroke: str = "#000", line_width: float = 1.0
    ) -> None:
        """A straight line."""
        c = self.canvas
        c.begin_path()
        c.move_to(x1, y1)
        c.line_to(x2, y2)
        self._paint(None, stroke, line_width, 1.0)

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
        """Text; ``align`` is left, center or right; vertically centred on y.

        In a right-to-left language (:attr:`rtl`) a text with Hebrew letters is laid out
        right to left; numbers and signs alone ("-2", "+1") stay left to right.
        """
        rtl = rtl or (self.rtl and has_rtl_letters(text))
        self._set("global_alpha", 1.0)
        self._set("font", f"{'bold ' if bold else ''}{size:g}px {FONT_FAMILY}")
        self._set("text_align", _ALIGN.get(align, "center"))
        self._set("text_baseline", "middle")
        self._set("direction", "rtl" if rtl else "ltr")
        self._set("fill_style", fill)
        self.canvas.fill_text(text, x, y)

    @contextmanager
    def transform(self, dx: float = 0.0, dy: float = 0.0, scale: float = 1.0) -> Iterator[None]:
        """Draw the body translated by (dx, dy) and then scaled."""
        c = self.canvas
        c.save()
        c.translate(dx, dy)
        if scale != 1.0:
            c.scale(scale)
        try:
            yield
        finally:
            c.restore()
            # restore() resets the browser's context: forget what we think is set.
            self._attrs.clear()


class _Missing:
    pass


_MISSING = _Missing()


class LayeredCanvas:
    """A :class:`~ipycanvas.MultiCanvas` of named layers, drawn crisp, scaled to the width it is given.

    Args:
        width: logical width in CSS pixels.
        height: logical height in CSS pixels.
        layers: layer names, bottom first; the top layer receives the mouse and keys.
        zoom: CSS pixels per logical pixel at full size (enlarge or shrink the whole board);
            a narrower output shows it smaller (down to :data:`MIN_WIDTH`).
    """

    def __init__(
        self,
        width: float,
        height: float,
        layers: Sequence[str] = ("board", "pieces", "overlay", "animation"),
        zoom: float = 1.0,
    ) -> None:
        self.width = width
        self.height = height
        self.zoom = zoom
        self.scale = PIXEL_RATIO * zoom
        self.names = tuple(layers)
        self.multi = MultiCanvas(
            len(self.names),
            width=math.ceil(width * self.scale),
            height=math.ceil(height * self.scale),
        )
        # Responsive: the board takes the width it is given, up to its full size, and keeps
        # its proportions (height auto). The bitmap is PIXEL_RATIO times the full size, so it
        # stays crisp when shown smaller, and the front end reports clicks in bitmap pixels
        # whatever the CSS size: hit-testing follows the scale by itself.
        css_width = math.ceil(width * zoom)
        self.multi.layout.width = "100%"
        self.multi.layout.max_width = f"{css_width}px"
        self.multi.layout.min_width = f"{min(css_width, MIN_WIDTH)}px"
        self.multi.layout.height = "auto"
        self.painters = {
            name: CanvasPainter(self.multi[i], width, height, self.scale) for i, name in enumerate(self.names)
        }

    def set_language(self, lang: str) -> None:
        """Tell every layer's painter the language its text is in (and its direction)."""
        for p in self.painters.values():
            p.lang = lang
            p.rtl = is_rtl(lang)

    @property
    def top(self) -> Canvas:
        """The top layer: the one that receives mouse and keyboard events."""
        return self.multi[len(self.names) - 1]

    def to_logical(self, x: float, y: float) -> tuple[float, float]:
        """Bitmap coordinates of an event -> logical drawing coordinates."""
        return x / self.scale, y / self.scale

    def painter(self, name: str) -> CanvasPainter:
        """The painter of one layer (not cleared; call ``begin()`` for a fresh frame)."""
        return self.painters[name]

    @contextmanager
    def frame(self, *names: str) -> Iterator[dict[str, CanvasPainter]]:
        """Redraw the named layers (cleared first) in one batch of commands."""
        with DRAW_LOCK, hold_canvas():
            for n in names:
                self.painters[n].begin()
            yield {n: self.painters[n] for n in names}

    @staticmethod
    def forget_client_state() -> None:
        """Make the next batch re-announce its canvas (needed after a page reload).

        ipycanvas sends "switch canvas" only when the target canvas changes; a new
        browser client starts with none selected, so a redraw right after a reload
        was dropped (ipycanvas issue #322).
        """
        from ipycanvas.canvas import _CANVAS_MANAGER  # type: ignore[import-untyped]

        _CANVAS_MANAGER._current_canvas = None
