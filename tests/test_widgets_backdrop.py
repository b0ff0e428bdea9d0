"""Draw only what moves: a move's first animation frame is light, and the picture after it is the usual one.

The widget latency benchmark's position of each game (its player's own move) is played
with animation on, in the widget's worker thread (sleeping skipped), and every batch of
drawing commands sent is recorded per layer. Checked:

- the first batch after the click draws the animation layer alone, with far fewer
  commands than a full redraw of the pieces (the scene the old frames redrew), and it is
  alone on its way to the page for an animation step: the backdrop goes with the second
  frame (sent right behind the first, it kept the page from painting the first frame
  until it had drawn the backdrop's thousand-odd commands too);
- every later frame of the move is light too (the backdrop, the scene without the
  moving piece, is drawn once, on the layer under the animation);
- after the move (and the bot's reply), every layer shows exactly what a plain full
  redraw of the new state shows; so does a New game or a skip in the middle of it.
"""

from __future__ import annotations

import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from boardgames_widgets.widgets.base import BACKDROP_LAYER, Backdrop, GameWidget
from boardgames_widgets.widgets.canvas_painter import _Recorder

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
import widget_latency as wl

GAMES = ("chop_chop", "papageno", "mouse_trap")
#: The first frame (and every later one) draws less than this share of a full redraw's scene.
LIGHT = 1 / 5


def commands(ops: list[Any]) -> int:
    """How many drawing commands (calls and attribute assignments) a recording holds."""
    n = i = 0
    while i < len(ops):
        n += 1
        i += 2 + ops[i + 1]
    return n


@contextmanager
def sent_batches(w: Any) -> Iterator[list[dict[str, int]]]:
    """Record, per batch sent, the number of commands of each layer in it."""
    batches: list[dict[str, int]] = []
    names = {id(c): n for n, c in w.canvas._canvases.items()}
    real = _Recorder.replay

    def replay(ops: list[Any], canvas: Any) -> None:
        index = w.canvas.stats["batches"]
        while len(batches) <= index:
            batches.append({})
        batches[index][names[id(canvas)]] = commands(ops)
        real(ops, canvas)

    _Recorder.replay = staticmethod(replay)  # type: ignore[method-assign]
    try:
        yield batches
    finally:
        _Recorder.replay = staticmethod(real)  # type: ignore[method-assign]


def shown(w: Any) -> dict[str, list[Any]]:
    return {n: list(ops) for n, ops in w.canvas._shown.items()}


def plain_redraw(w: Any) -> dict[str, list[Any]]:
    w.redraw(full=True)
    return shown(w)


def animated(game_id: str, monkeypatch: pytest.MonkeyPatch, between: Any = None) -> tuple[Any, list[dict[str, int]]]:
    """Play the benchmark's move of ``game_id`` with animation on; the batches sent from the click on.

    ``between(w, k)`` runs in place of the pause after the k-th frame.
    """
    pos = wl.start_position(game_id)
    w = pos.twin
    w.speed.value = "normal"
    for x, y in pos.pre:
        w.handle_click(x, y)
    pauses = [0]

    def pause(seconds: float) -> None:
        pauses[0] += 1
        if between is not None:
            between(w, pauses[0])

    monkeypatch.setattr(time, "sleep", pause)
    w.threaded = True
    start = w.canvas.stats["batches"]
    with sent_batches(w) as batches:
        w.handle_click(*pos.move)
        while w._worker is not None and w._worker.is_alive():
            w._worker.join()
    w.threaded = False
    return w, batches[start:]


@pytest.mark.parametrize("game_id", GAMES)
def test_the_first_frame_and_the_later_ones_draw_only_what_moves(game_id: str, monkeypatch: pytest.MonkeyPatch) -> None:
    w, batches = animated(game_id, monkeypatch)
    full = commands(plain_redraw(w)["pieces"])
    first = batches[0]
    assert list(first) == ["animation"], first  # the first frame goes out alone
    assert 0 < first["animation"] < full * LIGHT, (first, full)
    assert set(batches[1]) == {BACKDROP_LAYER, "animation"}, batches[1]  # the backdrop, with frame 2
    landed = next(i for i, b in enumerate(batches) if "pieces" in b)  # the move lands
    assert all("animation" in b for b in batches[:landed]), batches[:landed]  # no backdrop in a batch alone
    frames = [b["animation"] for b in batches[1:landed]]
    assert len(frames) >= 3
    assert max(frames) < full * LIGHT, (frames, full)


@pytest.mark.parametrize("game_id", GAMES)
def test_the_first_frame_stays_alone_on_its_way_for_a_step(game_id: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Nothing is sent behind the first frame until its step is over: the page paints it first."""
    sent_at_pause: list[int] = []

    def pause(w: Any, k: int) -> None:
        sent_at_pause.append(w.canvas.stats["batches"])

    w, batches = animated(game_id, monkeypatch, pause)
    click = w.canvas.stats["batches"] - len(batches)  # the batches sent before the click
    assert list(batches[0]) == ["animation"]
    assert sent_at_pause[0] - click == 1, (sent_at_pause, click)  # the first pause comes right after frame 1


@pytest.mark.parametrize("game_id", GAMES)
def test_after_the_move_every_layer_shows_a_plain_redraw(game_id: str, monkeypatch: pytest.MonkeyPatch) -> None:
    w, batches = animated(game_id, monkeypatch)
    assert len(batches) > 5
    after = shown(w)
    assert after["animation"] == plain_redraw(w)["animation"]
    assert after == plain_redraw(w)
    assert w._in_flight is None


@pytest.mark.parametrize("game_id", GAMES)
def test_a_new_game_or_a_skip_mid_animation_leaves_a_plain_board(game_id: str, monkeypatch: pytest.MonkeyPatch) -> None:
    def new_game(w: Any, k: int) -> None:
        if k == 3:
            w.new_game(seed=5)

    w, _ = animated(game_id, monkeypatch, new_game)
    assert w.seed == 5  # the New game took place mid-animation
    assert shown(w) == plain_redraw(w)

    def skip(w: Any, k: int) -> None:
        if k == 2:
            w._skip_animation = True

    w, _ = animated(game_id, monkeypatch, skip)
    assert shown(w) == plain_redraw(w)


@pytest.mark.parametrize("game_id", GAMES)
def test_a_redraw_mid_animation_keeps_the_frame_over_its_backdrop(
    game_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A page reload during the walk redraws what was on screen: backdrop and frame, pieces unmoved."""
    seen: list[dict[str, list[Any]]] = []

    def reload(w: Any, k: int) -> None:
        if k == 3:
            before = shown(w)
            w.redraw(full=True, reconnect=True)
            seen.extend([before, shown(w)])

    animated(game_id, monkeypatch, reload)
    before, again = seen
    assert before == again


@pytest.mark.parametrize("game_id", GAMES)
def test_the_first_frame_lifts_the_moving_thing_where_it_stands(game_id: str) -> None:
    """Frame 1 comes before the backdrop: the layers under it still show the scene before the move."""
    pos = wl.start_position(game_id)
    w = pos.twin
    actions: list[Any] = []
    w.play = lambda a: actions.append(a) or True
    w.advance_chance = lambda: actions.append(w.session.propose().action) or True
    for x, y in pos.pre:
        w.handle_click(x, y)
    w.handle_click(*pos.move)
    state = w.state
    items = list(w.animation_frames(state, actions[0], w.game.apply(state, actions[0])))
    assert isinstance(items[0], Backdrop)
    assert not any(isinstance(item, Backdrop) for item in items[1:2])


@pytest.mark.parametrize("game_id", GAMES)
def test_the_click_draws_the_first_frame_itself_and_the_worker_goes_on_from_the_second(
    game_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No thread start and no wait for the GIL before the click's answer; no frame drawn twice or skipped."""
    drawn: list[tuple[str, Any, Any]] = []
    started: list[tuple[Any, Any, Any]] = []
    draw_frame, start_animation = GameWidget._draw_frame, GameWidget.start_animation

    def spy_draw(self: Any, state: Any, gen: int, frame: Any, backdrop: Any, first: bool) -> bool:
        drawn.append((threading.current_thread().name, state, frame))
        return draw_frame(self, state, gen, frame, backdrop, first)

    def spy_start(self: Any, state: Any, action: Any, after: Any, gen: int) -> None:
        started.append((state, action, after))
        start_animation(self, state, action, after, gen)

    monkeypatch.setattr(GameWidget, "_draw_frame", spy_draw)
    monkeypatch.setattr(GameWidget, "start_animation", spy_start)
    w, _ = animated(game_id, monkeypatch)
    state, action, after = started[-1]  # the person's move (the set-up played before, unthreaded)
    move = [(name, frame) for name, s, frame in drawn if s is state]
    assert move[0][0] == threading.current_thread().name  # the click's own thread drew frame 1
    assert {name for name, _ in move[1:]} == {"bgw-worker"}
    items = [i for i in w.animation_frames(state, action, after) if not isinstance(i, Backdrop)]
    expected = [i[0] if isinstance(i, tuple) else i for i in items]
    assert [type(f) for _, f in move] == [type(f) for f in expected]  # every frame once, in order
    assert len(move) == len(expected) > 2


@pytest.mark.parametrize("game_id", GAMES)
def test_a_first_frame_that_fails_in_the_click_is_reported_by_the_worker_and_frees_the_board(
    game_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The click's thread never leaves the board busy: the worker meets the error, says so, the game is unchanged."""

    real = type(wl.start_position(game_id).twin).animation_frames

    def broken(self: Any, state: Any, action: Any, after: Any) -> Any:
        if self.threaded:  # the benchmark's move; its set-up, played unthreaded before it, is animated as usual
            raise RuntimeError("a broken frame")
        return real(self, state, action, after)

    monkeypatch.setattr(type(wl.start_position(game_id).twin), "animation_frames", broken)
    w, _ = animated(game_id, monkeypatch)
    assert not w.busy
    assert "a broken frame" in (w.last_error or "")
    assert "The game is unchanged" in w.message


def test_a_worker_of_an_older_game_leaves_the_new_click_s_first_frame_to_its_own_move(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A late bot move of the game before a New game must not take (and lose) the person's started animation."""
    pos = wl.start_position("mouse_trap")
    w = pos.twin
    w.speed.value = "normal"
    monkeypatch.setattr(time, "sleep", lambda seconds: None)
    w.threaded = True
    state = w.state
    action = w.session.propose().action
    after = w.game.apply(state, action)
    w.start_animation(state, action, after, w._generation)
    started = w._started
    assert started is not None and started.next > 0
    w.animate(state, action, after, w._generation - 1)  # the old game's worker, one generation behind
    assert w._started is started
    w.animate(state, action, after, w._generation)  # the move's own worker takes it
    assert w._started is None
    w.threaded = False
