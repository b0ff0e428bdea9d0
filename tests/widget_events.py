"""Synthetic canvas events for widget tests, as the browser front end would send them.

Coordinates are the board's logical coordinates; the canvas is drawn at ``scale``
times that, so events arrive scaled.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, NamedTuple

import pytest

from boardgames_widgets.widgets.base import GameWidget
from boardgames_widgets.widgets.canvas_painter import CanvasPainter


def mouse_down(w: GameWidget, x: float, y: float) -> None:
    """A click at logical (x, y) on the widget's board."""
    assert w.canvas is not None
    s = w.canvas.scale
    w.canvas.top._handle_frontend_event(None, {"event": "mouse_down", "x": x * s, "y": y * s}, [])


def key_down(w: GameWidget, key: str) -> None:
    """A key pressed while the board has the focus."""
    assert w.canvas is not None
    w.canvas.top._handle_frontend_event(
        None, {"event": "key_down", "key": key, "shift_key": False, "ctrl_key": False, "meta_key": False}, []
    )


def centre(rect: tuple[float, float, float, float]) -> tuple[float, float]:
    """The centre of an (x, y, w, h) box."""
    x, y, w, h = rect
    return x + w / 2, y + h / 2


class DrawnText(NamedTuple):
    """One text a widget drew on its canvas; ``size`` is on screen (transforms applied)."""

    x: float
    y: float
    text: str
    size: float
    align: str
    bold: bool


def record_canvas_texts(monkeypatch: pytest.MonkeyPatch) -> list[DrawnText]:
    """Every non-blank text any :class:`CanvasPainter` draws from now on (the list grows)."""
    seen: list[DrawnText] = []
    current = [1.0]
    text, transform = CanvasPainter.text, CanvasPainter.transform

    def recording_text(
        painter: CanvasPainter,
        x: float,
        y: float,
        words: str,
        *,
        size: float = 12,
        align: str = "center",
        bold: bool = False,
        **kwargs: Any,
    ) -> None:
        if words.strip():
            seen.append(DrawnText(x, y, words, size * current[0], align, bold))
        text(painter, x, y, words, size=size, align=align, bold=bold, **kwargs)

    @contextmanager
    def recording_transform(
        painter: CanvasPainter, dx: float = 0.0, dy: float = 0.0, scale: float = 1.0
    ) -> Iterator[None]:
        before = current[0]
        current[0] *= scale
        try:
            with transform(painter, dx, dy, scale):
                yield
        finally:
            current[0] = before

    monkeypatch.setattr(CanvasPainter, "text", recording_text)
    monkeypatch.setattr(CanvasPainter, "transform", recording_transform)
    return seen
