"""Synthetic canvas events for widget tests, as the browser front end would send them.

Coordinates are the board's logical coordinates; the canvas is drawn at ``scale``
times that, so events arrive scaled.
"""

from __future__ import annotations

from boardgames_widgets.widgets.base import GameWidget


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
