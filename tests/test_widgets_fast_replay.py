"""The short way of setting drawing attributes sends exactly the commands ipycanvas's own ``setattr`` sends.

Every game's full redraw and every frame of a move's animation is recorded, then replayed
twice into fresh ipycanvas canvases — the short way (:meth:`_Recorder.replay`) and the
reference way (``setattr`` for every assignment) — and the command streams ipycanvas
would send, and the canvases' attribute values, are compared.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest
from ipycanvas import Canvas, hold_canvas  # type: ignore[import-untyped]
from ipycanvas.canvas import _CANVAS_MANAGER  # type: ignore[import-untyped]

from boardgames_widgets.widgets.canvas_painter import _Recorder

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
import widget_latency as wl

GAMES = ("food_chain", "chop_chop", "papageno", "mouse_trap")


def reference_replay(ops: list[Any], canvas: Canvas) -> None:
    i = 0
    while i < len(ops):
        name, n = ops[i], ops[i + 1]
        args = ops[i + 2 : i + 2 + n]
        if name == "=":
            setattr(canvas, args[0], args[1])
        else:
            getattr(canvas, name)(*args)
        i += 2 + n


def sent(replay: Any, ops: list[Any]) -> tuple[str, dict[str, Any]]:
    """The commands a replay of ``ops`` sends (one batch, the canvas's id blanked), and its attribute values after."""
    canvas = Canvas(width=10, height=10)
    with hold_canvas():
        replay(ops, canvas)
        commands = json.dumps(_CANVAS_MANAGER._commands_cache)
    assert len(commands) > 20
    return commands.replace(canvas.model_id, "CANVAS"), {a: getattr(canvas, a) for a in Canvas.ATTRS}


def recordings(game_id: str) -> list[list[Any]]:
    """Every layer of a full redraw of the benchmark position, and every frame of the move's animation."""
    pos = wl.start_position(game_id)
    w = pos.twin
    out: list[list[Any]] = []
    w.redraw(full=True)
    out += [list(ops) for ops in w.canvas._shown.values() if ops]
    state = w.state
    actions: list[Any] = []
    w.play = lambda a: actions.append(a) or True  # catch the move the click makes
    w.advance_chance = lambda: actions.append(w.session.propose().action) or True
    for x, y in pos.pre:
        w.handle_click(x, y)
    w.handle_click(*pos.move)
    after = w.game.apply(state, actions[0])
    for item in w.animation_frames(state, actions[0], after):
        frame = item[0] if isinstance(item, tuple) else item
        rec = _Recorder()
        painter = w.canvas.painters["animation"]
        real, painter.canvas = painter.canvas, rec
        try:
            painter.begin()
            frame(painter)
        finally:
            painter.canvas = real
        out.append(rec.ops)
    return out


@pytest.mark.parametrize("game_id", GAMES)
def test_the_short_replay_sends_what_setattr_sends(game_id: str) -> None:
    recs = recordings(game_id)
    assert len(recs) >= 3
    assert any("=" in ops for ops in recs)
    for ops in recs:
        fast, fast_values = sent(_Recorder.replay, ops)
        slow, slow_values = sent(reference_replay, ops)
        assert fast == slow
        assert fast_values == slow_values


def test_a_value_that_is_not_plain_goes_through_setattr() -> None:
    ops: list[Any] = ["=", 2, "line_width", True]  # a bool: validated (and refused or cast) by the trait
    fast, _ = sent(_Recorder.replay, ops)
    slow, _ = sent(reference_replay, ops)
    assert fast == slow
