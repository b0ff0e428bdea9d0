"""The ipycanvas backend of the :class:`~boardgames_widgets.core.painter.Painter` protocol.

The games' ``view.py`` modules draw through the painter protocol; :class:`CanvasPainter`
turns those calls into ipycanvas drawing commands, so the live widget and the SVG
pictures share one drawing code.

Size and crispness: the board is shown as large as fits the output's width and the
window's height (:func:`fit_css`): smaller on a laptop, so that the status line and the
buttons stay on screen with it, up to :data:`MAX_GROWTH` times its full size on a wide
output. The canvas bitmap is :data:`PIXEL_RATIO` times its full CSS size and every layer
starts with a scale transform: at least one bitmap pixel per screen pixel at any size the
board is shown with a ``devicePixelRatio`` up to 2 at full size (up to 1.33 when grown
1.5×), so lines and text stay sharp. (ipycanvas tells the kernel nothing about the
displayed size, so the bitmap cannot follow it.) Mouse coordinates arrive in bitmap
pixels whatever the CSS size; divide them by :meth:`LayeredCanvas.to_logical`.

Latency: in the browser every layer a batch touches costs a re-composite of the whole
board (ipycanvas copies every layer onto the visible canvas once per layer switched to).
:meth:`LayeredCanvas.frame` therefore records each layer's drawing first, sends only the
layers whose drawing differs from what the browser already shows (all of them on a full
redraw), each layer's commands in one contiguous run, starting with the layer the
browser has selected already and ending with the one sent most often (likely the next
batch's first): a click that changes two layers costs two composites, not five.
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

#: The narrowest the board is shown on a short window (CSS pixels; a narrower output still gets it whole).
MIN_WIDTH = 300

#: One lock for every drawing batch of this package: ``hold_canvas`` batches through a
#: module-global manager in ipycanvas, so two threads drawing at once would interleave.
DRAW_LOCK = threading.RLock()

_ALIGN = {"left": "left", "center": "center", "right": "right"}

#: A layer's recorded drawing: a flat list ``[name, n, arg1, …, argn, name, n, …]`` where
#: ``name`` is an ipycanvas method, or ``"="`` for an attribute (``n`` is then 2: name, value).
#: Flat, so that a recording is one list of numbers and strings: no thousands of small
#: tuples for the garbage collector to walk through after every move.
Ops = list[Any]


class _Recorder:
    """Stands in for an ipycanvas canvas during a frame: records calls and attribute assignments.

    :meth:`replay` sends them to a real canvas later, in the same order; two recordings
    that compare equal draw the same picture.
    """

    __slots__ = ("ops",)

    def __init__(self) -> None:
        object.__setattr__(self, "ops", [])

    def __getattr__(self, name: str) -> Any:
        ops: Ops = self.ops

        def record(*args: Any) -> None:
            ops.append(name)
            ops.append(len(args))
            ops.extend(args)

        return record

    def __setattr__(self, name: str, value: Any) -> None:
        self.ops.extend(("=", 2, name, value))

    @staticmethod
    def replay(ops: Ops, canvas: Canvas) -> None:
        """Send the recorded operations to ``canvas``.

        On an ipycanvas :class:`~ipycanvas.Canvas`, a drawing attribute (``fill_style``,
        ``font``…) is set the short way: the value is stored and the very "set" command
        ipycanvas's own ``__setattr__`` sends is sent, without the trait validation and
        change notification in between (half the cost of a frame: an animation's first
        frame leaves the kernel sooner). The attributes are plain strings and numbers that
        the painter writes, no trait observes them and none is synced to the browser, so
        the commands sent are the same. Anything else goes through ``setattr``.
        """
        fast = _fast_attributes(canvas)
        i, end = 0, len(ops)
        while i < end:
            name, n = ops[i], ops[i + 1]
            args = ops[i + 2 : i + 2 + n]
            if name == "=":
                attr, value = args
                code = fast.get(attr) if fast is not None and type(value) in _PLAIN else None
                if code is None:
                    setattr(canvas, attr, value)
                else:
                    canvas._trait_values[attr] = value
                    canvas._canvas_manager.send_command(canvas, [_SET, [code, value]])
            else:
                getattr(canvas, name)(*args)
            i += 2 + n


#: Value types a drawing attribute may be set to the short way (see :meth:`_Recorder.replay`).
_PLAIN = frozenset({str, float, int})


def _set_command() -> int:
    from ipycanvas.canvas import COMMANDS  # type: ignore[import-untyped]

    return int(COMMANDS["set"])


_SET = _set_command()


def _fast_attributes(canvas: Any) -> dict[str, int] | None:
    """The drawing attributes of an ipycanvas canvas (name -> command code), or None for anything else.

    Only a plain :class:`~ipycanvas.Canvas` qualifies (not a subclass that could
    override ``__setattr__``), and only attributes that are plain traits with no observer.
    """
    if type(canvas) is not Canvas:
        return None
    attrs: dict[str, int] = Canvas.ATTRS
    return attrs


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
        #: Where the commands go: the ipycanvas canvas, or a recorder during a layered frame.
        self.canvas: Any = canvas
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


#: A wide output shows the board up to this many times its full size (the bitmap stays sharper).
MAX_GROWTH = 1.5
#: Room kept beside a board for the side column (status line, buttons, log; CSS pixels).
SIDE_WIDTH = 240
#: Room kept in the window's height when the status line and the buttons are below the board
#: (CSS pixels): the notebook's own bars above and below, the status line, the buttons.
BELOW_CHROME = 250
#: Room kept in the window's height when they are beside it: the notebook's own bars only.
BESIDE_CHROME = 140


def fit_css(css_width: int, aspect: float) -> str:
    """The board's CSS ``width``: as large as fits the output's width and the window's height.

    The larger of two fits: the board with the status line and the buttons below it
    (at most its full size, :data:`BELOW_CHROME` px of the window's height kept for them
    and the notebook's bars), and the board with them beside it (:data:`SIDE_WIDTH` px of
    the output's width kept for them, :data:`BESIDE_CHROME` px of the height for the
    notebook's bars, up to :data:`MAX_GROWTH` times the full size). So a laptop shows the
    board smaller rather than pushing the buttons off the screen, and a wide output shows
    it bigger with the controls beside it. At least :data:`MIN_WIDTH` px, at most the
    output's width. Clicks stay right at any size (the front end reports them in bitmap
    pixels).

    >>> fit_css(500, 1.2)
    'min(100%, max(300px, min(500px, (100vh - 250px) * 0.8333), min(750px, 100% - 240px, (100vh - 140px) * 0.8333)))'
    """
    grown = math.floor(css_width * MAX_GROWTH)
    below = f"min({css_width}px, (100vh - {BELOW_CHROME}px) * {1 / aspect:.4f})"
    beside = f"min({grown}px, 100% - {SIDE_WIDTH}px, (100vh - {BESIDE_CHROME}px) * {1 / aspect:.4f})"
    return f"min(100%, max({MIN_WIDTH}px, {below}, {beside}))"


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
        # Responsive: the board takes the width that fits the output and the window (see
        # fit_css) and keeps its proportions (height auto). The bitmap is PIXEL_RATIO times the
        # full size, so it stays crisp shown smaller or grown, and the front end reports clicks
        # in bitmap pixels whatever the CSS size: hit-testing follows the scale by itself.
        self.multi.layout.width = fit_css(math.ceil(width * zoom), height / width)
        self.multi.layout.height = "auto"
        self.multi.layout.flex = "0 0 auto"  # beside the side column, the board keeps its width
        self._canvases: dict[str, Canvas] = {name: self.multi[i] for i, name in enumerate(self.names)}
        self.painters = {name: CanvasPainter(c, width, height, self.scale) for name, c in self._canvases.items()}
        #: What the browser shows on each layer: the operations last sent (``None``: not known).
        self._shown: dict[str, Ops | None] = dict.fromkeys(self.names)
        #: Batches of commands sent, layers sent in them, and layers left out as unchanged.
        self.stats = {"batches": 0, "layers_sent": 0, "layers_unchanged": 0}
        self._sends = dict.fromkeys(self.names, 0)

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
        """The painter of one layer (not cleared; call ``begin()`` for a fresh frame).

        It draws straight to the browser: the next :meth:`frame` sends that layer again.
        """
        self._shown[name] = None
        return self.painters[name]

    @contextmanager
    def frame(self, *names: str, force: bool = False) -> Iterator[dict[str, CanvasPainter]]:
        """Redraw the named layers (each cleared first); what changed goes in one batch of commands.

        The painters record while the body draws; then every layer whose drawing differs
        from what the browser shows (every named layer when ``force``) is sent, each in
        one contiguous run of commands, the layer the browser has selected first. A
        layer drawn exactly as shown already costs nothing. If the body raises, nothing
        is sent (the browser keeps the last complete picture).
        """
        with DRAW_LOCK:
            recorders = {n: _Recorder() for n in names}
            painters = {n: self.painters[n] for n in names}
            try:
                for n, p in painters.items():
                    p.canvas = recorders[n]
                    p.begin()
                yield painters
            finally:
                for n, p in painters.items():
                    p.canvas = self._canvases[n]
            changed = [n for n in names if force or recorders[n].ops != self._shown[n]]
            self.stats["layers_unchanged"] += len(names) - len(changed)
            if not changed:
                return
            # ipycanvas re-composites the board once per layer a batch switches to (and once
            # for the layer selected before it): start with that one, switch to each only once
            from ipycanvas.canvas import _CANVAS_MANAGER

            # for the next batch's sake, end with the layer sent most often (the overlay, say)
            current = _CANVAS_MANAGER._current_canvas
            changed.sort(key=lambda n: (self._canvases[n] is not current, self._sends[n]))
            with hold_canvas():
                for n in changed:
                    _Recorder.replay(recorders[n].ops, self._canvases[n])
                    self._shown[n] = recorders[n].ops
                    self._sends[n] += 1
            self.stats["batches"] += 1
            self.stats["layers_sent"] += len(changed)

    def forget_client_state(self) -> None:
        """Make the next batch re-announce its canvas and resend every layer (after a page reload).

        ipycanvas sends "switch canvas" only when the target canvas changes; a new
        browser client starts with none selected, so a redraw right after a reload
        was dropped (ipycanvas issue #322). A new client also shows none of the layers.
        """
        from ipycanvas.canvas import _CANVAS_MANAGER

        _CANVAS_MANAGER._current_canvas = None
        self._shown = dict.fromkeys(self.names)
