"""Text the widgets draw on the canvas is at least 12 px too (issue 20), not only the views'.

``tests/test_view_text_size.py`` checks what the views draw. The widgets of Food Chain,
Chop Chop and Papageno draw more on the same canvas: lit cells with step badges, prompts,
buttons, the round's banner, the end-of-game card, the "pass the device" curtain and the
animation frames. Here a widget with a human in every seat is played by clicking its own
click targets (as a player would, seeded), with hints asked now and then, and every text
drawn on the canvas is recorded with its size (transforms included).
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from random_states import random_states
from test_view_text_size import MIN_TEXT_PX, TextProbe
from widget_events import centre, mouse_down, record_canvas_texts

from boardgames_widgets.core import TERMINAL
from boardgames_widgets.core.registry import game_class
from boardgames_widgets.widgets import play

#: Clicks per game: enough to see prompts, selections, round ends and the end of a game.
CLICKS = 400


def drive(w: Any, seed: int) -> tuple[TextProbe, int]:
    """Click the widget's own targets at random until the game ends (or show an ended one); draw
    the animation frames of the first moves.

    Returns a probe holding the texts of the animation frames (drawn off screen) and the
    number of moves played by clicks.
    """
    rng = random.Random(seed)
    for k in range(CLICKS):
        if w.current_player() == TERMINAL:
            break
        if k % 9 == 4:
            w.btn_hint.click()
        targets = w.targets()
        if w.curtain is not None or w.waiting_seat() is not None or not targets:
            mouse_down(w, 5, 5)  # the curtain and the round's banner take a click anywhere
            continue
        mouse_down(w, *centre((lambda t: (t.x, t.y, t.w, t.h))(rng.choice(targets))))
    probe = TextProbe(*w.board_size())
    probe.lang = w.lang  # type: ignore[attr-defined]
    states, actions = w.states, w.actions
    for i, action in enumerate(actions[:60]):
        for frame in w.animation_frames(states[i], action, states[i + 1]):
            (frame[0] if isinstance(frame, tuple) else frame)(probe)
    moved = len(actions)
    if w.current_player() != TERMINAL:  # the end of the game is drawn too
        w.load_state(random_states(w.game, 1, seed=seed, terminal=True)[-1])
    return probe, moved


@pytest.mark.parametrize("lang", ["en", "lv", "ru", "he"])
@pytest.mark.parametrize("game_id", ["food_chain", "chop_chop", "papageno"])
def test_every_text_a_widget_draws_is_at_least_12_px(game_id: str, lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    drawn = record_canvas_texts(monkeypatch)
    info = game_class(game_id).info
    for n in sorted({info.min_players, info.max_players}):
        w = play(game_id, players=n, seed=4, speed="off", threaded=False, lang=lang, seats=["Human"] * n)
        probe, moved = drive(w, seed=n)
        texts = [(d.size, d.text) for d in drawn] + probe.texts
        assert w.current_player() == TERMINAL and moved > 40, "the game hardly moved"
        assert len({t for _s, t in texts}) > 20, "too few texts drawn to judge"
        small = sorted({(round(s, 1), t) for s, t in texts if s < MIN_TEXT_PX - 1e-9})
        assert not small, f"{game_id} ({n} players, {lang}) draws {small[:8]}"


def test_the_recorder_sees_the_widgets_own_overlay_texts(monkeypatch: pytest.MonkeyPatch) -> None:
    """The harness can fail: the Chop Chop widget's step badges and prompt are among the recorded texts."""
    drawn = record_canvas_texts(monkeypatch)
    w = play("chop_chop", players=2, seed=4, speed="off", threaded=False, seats=["Human", "Human"])
    drive(w, seed=1)
    words = {d.text for d in drawn}
    assert any(t.startswith("Cat") or t.startswith("Mice") for t in words)
    sizes = {d.text: d.size for d in drawn}
    assert "Press New game to play again" not in sizes or sizes["Press New game to play again"] >= MIN_TEXT_PX
