"""A tiny drawing interface, written against once, with several backends, and the one view contract.

Every game's ``view.py`` draws through :class:`Painter`: rectangles, circles,
polygons, lines, text and a translate/scale stack. :class:`SVGPainter` turns the
drawing into an SVG string (``_repr_svg_``, docs, README pictures, snapshot
tests); the widgets use an ipycanvas backend with the same methods.

Every game's view offers one shape, :class:`BoardView` (a class made from the game,
named by the game's declaration, ``GameSpec.view``): its size, ``draw(painter, state, seat)``,
``hit_test(x, y) -> Hit`` and ``state_svg(state, seat)``. :func:`board_view` makes the
view of any registered game.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from html import escape
from typing import Any, Protocol

Point = tuple[float, float]

#: A font stack that exists on every platform (no web fonts are fetched).
FONT_FAMILY = "DejaVu Sans, Verdana, Arial, sans-serif"


class Painter(Protocol):
    """The drawing operations a view may use. Colours are CSS colour strings."""

    width: float
    height: float

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

    def line(
        self, x1: float, y1: float, x2: float, y2: float, *, stroke: str = "#000", line_width: float = 1.0
    ) -> None:
        """A straight line."""

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

    @contextmanager
    def transform(self, dx: float = 0.0, dy: float = 0.0, scale: float = 1.0) -> Iterator[None]:
        """Draw the body translated by (dx, dy) and then scaled."""
        yield


def _num(v: float) -> str:
    return f"{v:.2f}".rstrip("0").rstrip(".") if v != int(v) else str(int(v))


def _paint_attrs(fill: str | None, stroke: str | None, line_width: float, opacity: float = 1.0) -> str:
    parts = [f'fill="{escape(fill)}"' if fill else 'fill="none"']
    if stroke:
        parts.append(f'stroke="{escape(stroke)}" stroke-width="{_num(line_width)}"')
    if opacity != 1.0:
        parts.append(f'opacity="{_num(opacity)}"')
    return " ".join(parts)


_ANCHOR = {"left": "start", "center": "middle", "right": "end"}


class SVGPainter:
    """Collects drawing operations as SVG elements.

    >>> p = SVGPainter(40, 20)
    >>> p.rect(0, 0, 40, 20, fill="#fff")
    >>> p.to_svg().startswith('<svg xmlns="http://www.w3.org/2000/svg"')
    True
    """

    def __init__(self, width: float, height: float, *, title: str | None = None) -> None:
        self.width = width
        self.height = height
        self.title = title
        self._parts: list[str] = []

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
        r = f' rx="{_num(radius)}"' if radius else ""
        self._parts.append(
            f'<rect x="{_num(x)}" y="{_num(y)}" width="{_num(w)}" height="{_num(h)}"{r} '
            f"{_paint_attrs(fill, stroke, line_width, opacity)}/>"
        )

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
        self._parts.append(
            f'<circle cx="{_num(cx)}" cy="{_num(cy)}" r="{_num(r)}" {_paint_attrs(fill, stroke, line_width, opacity)}/>'
        )

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
        self._parts.append(
            f'<ellipse cx="{_num(cx)}" cy="{_num(cy)}" rx="{_num(rx)}" ry="{_num(ry)}" '
            f"{_paint_attrs(fill, stroke, line_width, opacity)}/>"
        )

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
        pts = " ".join(f"{_num(x)},{_num(y)}" for x, y in points)
        tag = "polygon" if closed else "polyline"
        attrs = _paint_attrs(fill if closed else None, stroke, line_width, opacity)
        join = ' stroke-linejoin="round" stroke-linecap="round"' if stroke else ""
        self._parts.append(f'<{tag} points="{pts}" {attrs}{join}/>')

    def line(
        self, x1: float, y1: float, x2: float, y2: float, *, stroke: str = "#000", line_width: float = 1.0
    ) -> None:
        self._parts.append(
            f'<line x1="{_num(x1)}" y1="{_num(y1)}" x2="{_num(x2)}" y2="{_num(y2)}" '
            f'stroke="{escape(stroke)}" stroke-width="{_num(line_width)}" stroke-linecap="round"/>'
        )

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
        weight = ' font-weight="bold"' if bold else ""
        direction = ' direction="rtl"' if rtl else ""
        self._parts.append(
            f'<text x="{_num(x)}" y="{_num(y)}" font-size="{_num(size)}" font-family="{FONT_FAMILY}" '
            f'text-anchor="{_ANCHOR[align]}" dominant-baseline="central" fill="{escape(fill)}"{weight}{direction}>'
            f"{escape(text)}</text>"
        )

    @contextmanager
    def transform(self, dx: float = 0.0, dy: float = 0.0, scale: float = 1.0) -> Iterator[None]:
        s = f" scale({_num(scale)})" if scale != 1.0 else ""
        self._parts.append(f'<g transform="translate({_num(dx)},{_num(dy)}){s}">')
        try:
            yield
        finally:
            self._parts.append("</g>")

    def to_svg(self) -> str:
        """The finished SVG document."""
        title = f"<title>{escape(self.title)}</title>" if self.title else ""
        return (
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{_num(self.width)}" height="{_num(self.height)}" '
            f'viewBox="0 0 {_num(self.width)} {_num(self.height)}">{title}{"".join(self._parts)}</svg>'
        )


@dataclass(frozen=True)
class Hit:
    """What a click on a board points at.

    Attributes:
        kind: what it is, in the view's words (``"cell"``, ``"hand"``, ``"card"``,
            ``"space"``, ``"part"``, ``"draw"`` …).
        index: its first number (a cell's row or index, a card's position, a seat); -1 for none.
        sub: its second number (a cell's column, a card's position in a seat's area); -1 for none.
    """

    kind: str
    index: int = -1
    sub: int = -1


class BoardView(Protocol):
    """The one shape of every game's view (``games/<game>/view.py``, class ``View``).

    A view is made from a game (``View(game)``) and draws any of its states. It
    remembers the seat and state it drew last, so :meth:`hit_test` maps a click on the
    picture as it is shown.
    """

    @property
    def width(self) -> float:
        """The picture's width in logical (CSS) pixels."""
        ...

    @property
    def height(self) -> float:
        """The picture's height in logical (CSS) pixels."""
        ...

    def draw(self, p: Painter, state: Any, seat: int | None) -> None:
        """Draw ``state`` as ``seat`` may see it (``None``: hide nobody's secrets — the teacher view)."""
        ...

    def hit_test(self, x: float, y: float) -> Hit | None:
        """What a click at logical (x, y) on the last picture drawn points at, or ``None``."""
        ...

    def state_svg(self, state: Any, seat: int | None = None) -> str:
        """The picture as an SVG document."""
        ...


class LayoutView:
    """Base of a view whose picture is the size of its ``layout`` (``layout.width`` × ``layout.height``)."""

    layout: Any

    @property
    def width(self) -> float:
        """The picture's width (its layout's)."""
        return float(self.layout.width)

    @property
    def height(self) -> float:
        """The picture's height (its layout's)."""
        return float(self.layout.height)


def board_view(game: Any) -> BoardView:
    """The view of a registered game: the class its declaration names (``GameSpec.view``), made from ``game``.

    Raises:
        ValueError: the game is not registered, or declares no view.
    """
    from boardgames_widgets.core.registry import load, spec

    game_id = game.info.id
    reference = spec(game_id).view
    if reference is None:
        raise ValueError(f"the game {game_id!r} has no view (its GameSpec names none)")
    view: BoardView = load(reference)(game)
    return view


def svg_of(view: BoardView, state: Any, seat: int | None, title: str) -> str:
    """The SVG document of ``view`` drawing ``state`` from ``seat`` (the views' ``state_svg``)."""
    painter = SVGPainter(view.width, view.height, title=title)
    view.draw(painter, state, seat)
    return painter.to_svg()
