"""The shared widget, the canvas painter and the Food Chain board, driven without a browser.

Events are synthetic (``canvas._handle_frontend_event``), as the frontend would send
them; the tests assert on the game state that follows (logic only: pixels, sizing
and focus are checked in ``tests/browser``).
"""

from __future__ import annotations

import pytest
from ipycanvas import Canvas, hold_canvas
from ipycanvas.canvas import _CANVAS_MANAGER
from widget_events import key_down, mouse_down

import boardgames_widgets as bw
from boardgames_widgets.core import TERMINAL
from boardgames_widgets.core.painter import SVGPainter
from boardgames_widgets.games.food_chain.rules import Place
from boardgames_widgets.widgets import BOTS, GenericGameWidget, play, register_bot, widget_class
from boardgames_widgets.widgets.canvas_painter import PIXEL_RATIO, CanvasPainter, LayeredCanvas
from boardgames_widgets.widgets.food_chain import FoodChainWidget


def center(box: tuple[float, float], w: float, h: float) -> tuple[float, float]:
    return box[0] + w / 2, box[1] + h / 2


# -- the canvas painter ------------------------------------------------------------------
def captured(draw) -> list:  # type: ignore[no-untyped-def]
    """The command batch that ``draw`` sends (read before hold_canvas flushes)."""
    _CANVAS_MANAGER._current_canvas = None  # every batch starts with its "switch canvas"
    with hold_canvas():
        draw()
        commands = list(_CANVAS_MANAGER._commands_cache)
    return commands


def test_canvas_painter_draws_every_painter_operation() -> None:
    c = Canvas(width=200, height=100)
    p = CanvasPainter(c, 100, 50)

    def draw() -> None:
        p.begin()
        p.rect(1, 2, 30, 20, fill="#f00", stroke="#000", radius=4)
        p.circle(10, 10, 5, fill="#0f0")
        p.ellipse(20, 20, 5, 3, stroke="#00f")
        p.polygon([(0, 0), (5, 0), (5, 5)], fill="#abc", opacity=0.5)
        p.polygon([(0, 0), (5, 5)], stroke="#abc", closed=False)
        p.line(0, 0, 10, 10, stroke="#123")
        with p.transform(5, 5, 2):
            p.text(0, 0, "hi", size=10, bold=True)

    commands = captured(draw)
    assert len(commands) > 30
    # the font of the bold text reached the canvas as a "set" command
    assert c.font.startswith("bold 10px")
    assert c.text_baseline == "middle"


def test_canvas_painter_skips_repeated_attribute_commands() -> None:
    c = Canvas(width=20, height=20)
    p = CanvasPainter(c, 10, 10)
    once = captured(lambda: (p.begin(), p.circle(1, 1, 1, fill="#f00")))
    twice = captured(lambda: (p.begin(), p.circle(1, 1, 1, fill="#f00"), p.circle(2, 2, 1, fill="#f00")))
    # the second circle costs its path and fill only, not a second fill_style
    assert len(twice) - len(once) == 3


def test_layered_canvas_is_drawn_at_twice_its_css_size() -> None:
    lc = LayeredCanvas(300, 200)
    assert (lc.multi.width, lc.multi.height) == (600, 400)
    # the board takes the width that fits the output and the window's height (up to 1.5× on a
    # wide and tall output, smaller on a laptop), keeping its proportions
    assert lc.multi.layout.height == "auto"
    assert lc.multi.layout.width == (
        "min(100%, max(300px, min(300px, (100vh - 250px) * 1.5000), min(450px, 100% - 240px, (100vh - 140px) * 1.5000)))"
    )
    assert lc.to_logical(60, 40) == (60 / PIXEL_RATIO, 40 / PIXEL_RATIO)


def test_the_view_draws_the_same_on_svg_and_canvas() -> None:
    from boardgames_widgets.games.food_chain import view

    game = bw.make_game("food_chain", num_players=2)
    state = game.new_initial_state()
    svg = SVGPainter(500, 500)
    view.draw(svg, state, player=0)
    c = Canvas(width=1000, height=1000)
    commands = captured(lambda: view.draw(CanvasPainter(c, 500, 500), state, player=0))
    assert svg.to_svg().count("<") > 20 and len(commands) > 50


# -- play() and the registry ---------------------------------------------------------------
def test_play_opens_the_board_widget_of_a_game() -> None:
    w = play("food_chain", players=2, seed=1)
    assert isinstance(w, FoodChainWidget)
    assert w.game.num_players == 2
    assert isinstance(bw.FoodChainWidget(players=3, seed=2), FoodChainWidget)


def test_play_rejects_an_unknown_game() -> None:
    with pytest.raises(ValueError, match="unknown game"):
        play("chess")


def test_widget_class_falls_back_to_the_generic_widget(monkeypatch: pytest.MonkeyPatch) -> None:
    from boardgames_widgets import widgets

    monkeypatch.setitem(widgets.WIDGETS, "food_chain", "boardgames_widgets.widgets.nowhere:Nothing")
    assert widget_class("food_chain") is GenericGameWidget


def test_generic_widget_plays_from_the_list_of_legal_moves() -> None:
    w = GenericGameWidget("food_chain", players=2, seed=3)
    assert w.human_to_move()
    before = len(w.actions)
    first = w.choices.options[0][1]
    w.choices.value = first
    w.btn_play.click()
    assert w.actions[before] == first
    assert "<svg" in w.picture.value


def test_bad_seat_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown player"):
        FoodChainWidget(players=2, seats=["Human", "Deep Blue"])


# -- Food Chain: clicks ---------------------------------------------------------------
def fc(seed: int = 1, **kw) -> FoodChainWidget:  # type: ignore[no-untyped-def]
    return FoodChainWidget(players=2, seed=seed, speed="off", **kw)


def test_food_chain_click_card_then_cell_places_it() -> None:
    """FC-T1: a card from the hand goes next to a card on the table."""
    w = fc()
    lay = w.layout_fc
    hand = w.state.hands[0]
    mouse_down(w, *center(lay.hand_xy(0), *lay.hand_card))
    assert w.selected == 0
    assert w.legal_cells() == w.game.legal_cells(w.state)
    r, c = w.legal_cells()[0]
    mouse_down(w, *center(lay.cell_xy(r, c), lay.cell, lay.cell))
    placed = [a for a in w.actions if isinstance(a, Place)]
    assert placed[0] == Place(hand[0].kind, hand[0].value, r, c)
    # the bot (seat 1) answered and it is the human's turn again
    assert w.current_player() == 0
    assert len(placed) == 2
    assert "your turn" in w.status.value


def test_food_chain_click_on_an_illegal_cell_changes_nothing() -> None:
    """FC-T3: the first card must touch the start card; a refused click gives a friendly message."""
    w = fc()
    lay = w.layout_fc
    mouse_down(w, *center(lay.hand_xy(1), *lay.hand_card))
    n = len(w.actions)
    mouse_down(w, *center(lay.cell_xy(3, 3), lay.cell, lay.cell))
    assert len(w.actions) == n
    assert "The first card has its own place" in w.status.value
    assert "<summary>why?</summary>" in w.status.value and "Rule FC-T3:" in w.status.value
    assert "Traceback" not in w.status.value


def test_food_chain_cell_before_card_asks_for_a_card() -> None:
    w = fc()
    lay = w.layout_fc
    r, c = w.legal_cells()[0]
    mouse_down(w, *center(lay.cell_xy(r, c), lay.cell, lay.cell))
    assert "card in your hand" in w.status.value


def test_food_chain_keyboard_plays_a_move() -> None:
    """Every action is reachable from the keyboard: digit picks a card, arrows + Enter a cell."""
    w = fc()
    n = len([a for a in w.actions if isinstance(a, Place)])
    key_down(w, "2")
    assert w.selected == 1
    key_down(w, "ArrowRight")
    assert "Cursor on" in w.aria.value
    target = w.cursor_target()
    assert target is not None
    key_down(w, "Enter")
    places = [a for a in w.actions if isinstance(a, Place)]
    assert len(places) >= n + 1


def test_food_chain_keys_outside_the_game_are_ignored() -> None:
    w = fc()
    before = (len(w.actions), w.selected, w.cursor)
    key_down(w, "s")
    w.canvas.top._handle_frontend_event(  # type: ignore[union-attr]
        None, {"event": "key_down", "key": "u", "shift_key": False, "ctrl_key": True, "meta_key": False}, []
    )
    assert (len(w.actions), w.selected, w.cursor) == before


def test_undo_takes_back_the_human_move_and_the_bot_reply() -> None:
    w = fc()
    start = list(w.actions)
    w.bot_move()  # "Let the bot move" plays the human's turn
    assert len(w.actions) > len(start)
    w.undo()
    assert w.actions == start
    assert w.current_player() == 0


def test_same_seed_same_game_and_undo_replays_the_same_draws() -> None:
    a, b = fc(seed=5), fc(seed=5)
    assert a.state == b.state
    a.bot_move()
    after = a.state
    a.undo()
    a.bot_move()
    assert a.state == after


def test_hint_selects_the_suggested_card_and_changes_no_state() -> None:
    w = fc()
    state = w.state
    action = w.hint()
    assert isinstance(action, Place)
    assert w.state is state
    assert str(w._hand()[w.selected]) == action.label
    assert "Hint" in w.status.value


def test_a_whole_game_with_the_bot_button_ends_with_a_score_table() -> None:
    """FC-E2 / FC-E3: at the end the score table and the winner show."""
    w = fc(seed=2)
    while w.current_player() != TERMINAL:
        w.bot_move()
    assert "Game over" in w.status.value
    assert "Cheese left" in w.panel.value
    mouse_down(w, 10, 10)
    assert "New game" in w.status.value
    w.btn_new.click()
    assert w.current_player() == 0 and sum(w.state.placed) == 0


def test_bot_seats_play_the_whole_game_by_themselves() -> None:
    w = FoodChainWidget(players=3, seed=4, seats=["Random bot", "First-choice bot", "Random bot"], speed="off")
    assert w.current_player() == TERMINAL
    assert w.record.returns is not None


def test_switching_a_seat_to_a_bot_lets_it_move() -> None:
    w = fc()
    w.seat_pickers[0].value = "Random bot"
    assert w.current_player() == TERMINAL


def test_pass_the_device_hides_hands_between_two_humans() -> None:
    w = fc(seats=["Human", "Human"])
    assert w.curtain == 0 and w.viewer() is None
    assert "Pass the device" in w.status.value
    lay = w.layout_fc
    mouse_down(w, 5, 5)  # "I am ready"
    assert w.curtain is None and w.viewer() == 0
    w.bot_move()
    assert w.current_player() == 1 and w.curtain == 1
    # a click on the curtain only lifts it
    n = len(w.actions)
    mouse_down(w, *center(lay.hand_xy(0), *lay.hand_card))
    assert len(w.actions) == n and w.viewer() == 1 and w.selected is None


def test_an_agent_object_can_sit_in_a_seat() -> None:
    class Stubborn:
        name = "stubborn"

        def act(self, observation, legal, rng):  # type: ignore[no-untyped-def]
            return legal[-1]

    w = fc(seats=["Human", Stubborn()])
    assert "stubborn (yours)" in [value for _, value in w.seat_pickers[1].options]
    w.bot_move()
    last = [a for a in w.actions if isinstance(a, Place)][-1]
    assert last == w.game.legal_actions(w.states[w.actions.index(last)])[-1]


def test_registered_bots_appear_in_new_seat_pickers(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(BOTS, "Lazy bot", lambda game: bw.RandomAgent())
    w = fc()
    assert "Lazy bot" in [value for _, value in w.seat_pickers[1].options]
    with pytest.raises(ValueError):
        register_bot("Human", lambda game: None)


def test_a_crashing_bot_shows_a_friendly_message_not_a_traceback() -> None:
    def broken(observation, legal, rng):  # type: ignore[no-untyped-def]
        raise RuntimeError("boom")

    w = fc(seats=["Human", broken])
    w.bot_move()
    assert "Something went wrong" in w.status.value
    assert "Traceback" not in w.status.value
    assert w.last_error is not None and "boom" in w.last_error


def test_client_ready_redraws_without_error() -> None:
    w = fc()
    w.canvas.top._handle_frontend_event(None, {"event": "client_ready"}, [])  # type: ignore[union-attr]
    assert w.last_error is None


# -- what reaches the browser: only changed layers, each once per batch ----------------------------
def sent_batches(monkeypatch: pytest.MonkeyPatch, w, draw) -> list[list[str]]:  # type: ignore[no-untyped-def]
    """The layers the browser re-composites for each batch ``draw`` sends, in order.

    As the ipycanvas front end does: the layer selected before the batch, then one entry
    per "switch canvas" command of the batch.
    """
    from ipycanvas.canvas import COMMANDS

    sent: list = []
    layer_of = {f"IPY_MODEL_{w.canvas.multi[i].model_id}": name for i, name in enumerate(w.canvas.names)}
    before = _CANVAS_MANAGER._current_canvas
    current = layer_of.get(f"IPY_MODEL_{before.model_id}") if before is not None else None
    monkeypatch.setattr(_CANVAS_MANAGER, "_send_custom", lambda command, buffers=(): sent.append(command))
    draw()
    out = []
    for batch in sent:
        layers = [current] if current is not None else []
        for c in batch if isinstance(batch[0], list) else [batch]:
            if c[0] == COMMANDS["switchCanvas"]:
                current = layer_of[str(c[1][0])]
                layers.append(current)
        out.append(layers)
    return out


def settled(w):  # type: ignore[no-untyped-def]
    """``w`` once its worker thread (if any) has finished."""
    if w._worker is not None:
        w._worker.join(30)
    return w


def test_a_layer_drawn_as_the_browser_shows_it_is_not_sent_again(monkeypatch: pytest.MonkeyPatch) -> None:
    w = fc()
    lay = w.layout_fc
    card = center(lay.hand_xy(0), *lay.hand_card)
    mouse_down(w, *card)
    # unselecting a card changes the overlay only: one batch, the overlay composited once
    assert sent_batches(monkeypatch, w, lambda: mouse_down(w, *card)) == [["overlay"]]
    # the same picture again changes nothing and sends nothing
    assert sent_batches(monkeypatch, w, lambda: key_down(w, "Escape")) == []
    # a full redraw (the R key, a reload) sends every layer, changed or not, each once
    for _ in range(2):
        (batch,) = sent_batches(monkeypatch, w, lambda: key_down(w, "r"))
        assert sorted(batch) == sorted(w.canvas.names)
    # and it ends with the layer drawn most often: the next click's batch starts there
    assert sent_batches(monkeypatch, w, lambda: mouse_down(w, *card)) == [["overlay"]]


def test_a_move_is_one_batch_switching_to_each_changed_layer_once(monkeypatch: pytest.MonkeyPatch) -> None:
    w = fc(seats=["Human", "Human"])  # no bot reply: the move's own batches only
    w.handle_click(-1, -1)  # lift the "pass the device" screen
    lay = w.layout_fc
    mouse_down(w, *center(lay.hand_xy(0), *lay.hand_card))
    r, c = w.game.legal_cells(w.state)[0]
    n = len(w.actions)
    batches = sent_batches(monkeypatch, w, lambda: mouse_down(w, *center(lay.cell_xy(r, c), lay.cell, lay.cell)))
    assert len(w.actions) > n
    # speed "off": nothing was drawn on the animation layer, so it is not cleared either
    assert all("animation" not in b for b in batches)
    # every batch switches to a layer once (the browser re-composites the board per switch)
    assert all(len(b) == len(set(b)) for b in batches)
    # the move: the pieces (the card on the table) and the overlay (no more lit cells)
    assert sorted(batches[0]) == ["overlay", "pieces"]


def test_a_frame_that_fails_sends_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    w = fc()
    assert w.canvas is not None

    def broken() -> None:
        with w.canvas.frame("pieces") as ps:  # type: ignore[union-attr]
            ps["pieces"].rect(0, 0, 10, 10, fill="#f00")
            raise RuntimeError("half a picture")

    def draw() -> None:
        with pytest.raises(RuntimeError):
            broken()

    assert sent_batches(monkeypatch, w, draw) == []
    # the painter draws on the real canvas again afterwards
    assert w.canvas.painters["pieces"].canvas is w.canvas.multi[w.canvas.names.index("pieces")]


def test_after_a_reload_every_layer_is_sent_again(monkeypatch: pytest.MonkeyPatch) -> None:
    w = fc()
    assert w.canvas is not None
    batches = sent_batches(
        monkeypatch,
        w,
        lambda: w.canvas.top._handle_frontend_event(None, {"event": "client_ready"}, []),  # type: ignore[union-attr]
    )
    assert set(batches[0]) == set(w.canvas.names)


def test_a_quick_bot_never_shows_thinking_and_a_slow_one_does() -> None:
    import threading
    import time

    release = threading.Event()

    class Slow:
        name = "slow"

        def act(self, observation, legal, rng):  # type: ignore[no-untyped-def]
            release.wait(30)
            return legal[0]

    # a worker thread, as in a kernel; "thinking…" as soon as the bot starts
    w = settled(fc(seats=["Human", Slow()], threaded=True))
    w.THINKING_DELAY = 0.0
    seen: list[str] = []
    w.status.observe(lambda ch: seen.append(ch["new"]), names="value")
    w.bot_move()  # the human's move (by the hint bot), then the slow bot's turn
    deadline = time.monotonic() + 30
    while not any("thinking" in s for s in seen) and time.monotonic() < deadline:
        time.sleep(0.01)
    release.set()
    assert w._worker is not None
    w._worker.join(30)
    assert any("thinking" in s for s in seen) and "thinking" not in w.status.value

    # a bot that answers within the delay: the status line never says "thinking…"
    w = settled(fc(threaded=True))
    w.THINKING_DELAY = 60.0
    seen.clear()
    w.status.observe(lambda ch: seen.append(ch["new"]), names="value")
    w.bot_move()
    assert w._worker is not None
    w._worker.join(30)
    assert len(w.actions) > 2 and not any("thinking" in s for s in seen)
