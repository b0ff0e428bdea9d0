"""Every registered game's widget, driven without a browser: the shared contract.

The widget plays the game of ``play_game`` for the same seed and bots, each New game
has a fresh seed shown in the log, a language switch after New game works, and each
committed action draws the pieces layer once.
"""

from __future__ import annotations

import re

import pytest

from boardgames_widgets.agents import RandomAgent
from boardgames_widgets.core import TERMINAL, game_ids, make_game, play_game
from boardgames_widgets.core.registry import game_class
from boardgames_widgets.widgets import play

GAMES = game_ids()


def widget(game_id: str, **kw):  # type: ignore[no-untyped-def]
    kw.setdefault("speed", "off")
    return play(game_id, **kw)


@pytest.mark.parametrize("game_id", GAMES)
def test_a_widget_with_bots_in_every_seat_plays_the_game_of_play_game(game_id: str) -> None:
    n = game_class(game_id).info.min_players
    w = widget(game_id, seed=11, seats=["Random bot"] * n)
    assert w.current_player() == TERMINAL
    expected = play_game(make_game(game_id, num_players=n), [RandomAgent() for _ in range(n)], seed=11)
    assert w.record.actions == expected.actions
    assert w.record.returns == expected.returns


def seed_in_log(w) -> str:  # type: ignore[no-untyped-def]
    found = re.search(r"seed (\S+?)\.$", w.log[0])
    assert found is not None, w.log[0]
    return found.group(1)


@pytest.mark.parametrize("game_id", GAMES)
def test_every_new_game_has_a_fresh_seed_shown_in_the_log(game_id: str) -> None:
    w = widget(game_id, seed=5)
    assert seed_in_log(w) == "5" and w.seed == 5
    seeds = set()
    for _ in range(4):
        w.btn_new.click()
        seeds.add(w.seed)
        assert seed_in_log(w) == str(w.seed)  # the log starts over with the new seed
    assert len(seeds) == 4 and 5 not in seeds
    assert all(isinstance(s, int) and 10_000 <= s < 100_000 for s in seeds)
    # the New-game seeds follow from an explicit first seed: a re-run notebook replays them
    again = widget(game_id, seed=5)
    again.btn_new.click()
    w2 = widget(game_id, seed=5)
    w2.btn_new.click()
    assert again.seed == w2.seed and again.record.actions == w2.record.actions


def test_the_seed_shown_after_new_game_replays_that_game() -> None:
    n = 2
    w = widget("food_chain", seed=3, seats=["Random bot"] * n)
    w.btn_new.click()
    shown = int(seed_in_log(w))
    again = widget("food_chain", seed=shown, seats=["Random bot"] * n)
    assert again.record.actions == w.record.actions


def test_without_a_seed_every_widget_gets_its_own() -> None:
    seeds = {widget("food_chain").seed for _ in range(5)}
    assert len(seeds) > 1


@pytest.mark.parametrize("game_id", GAMES)
def test_changing_language_after_new_game_re_renders_the_log(game_id: str) -> None:
    """The old crash: ``zip() argument 2 is longer than argument 1`` after New game."""
    w = widget(game_id, seed=2)
    w.bot_move()
    w.btn_new.click()
    w.bot_move()
    w.lang_picker.value = "lv"
    assert w.last_error is None
    assert "Something went wrong" not in w.status.value
    english = widget(game_id, seed=w.seed)
    assert w.log[0] != english.log[0] and str(w.seed) in w.log[0]


@pytest.mark.parametrize("game_id", GAMES)
def test_each_committed_action_draws_the_pieces_once(game_id: str) -> None:
    w = widget(game_id, seed=4)
    if w.canvas is None:  # the generic widget (a game without a board widget) has no canvas layers
        w.bot_move()
        assert len(w.actions) >= 1 and "<svg" in w.picture.value
        return
    for _ in range(3):
        if w.current_player() == TERMINAL:
            break
        before_redraws, before_actions = w.redraws, len(w.actions)
        w.bot_move()
        played = len(w.actions) - before_actions
        assert played >= 1
        assert w.redraws - before_redraws == played


# -- the one view contract ------------------------------------------------------------------
def some_states(game_id: str, n: int = 30):  # type: ignore[no-untyped-def]
    """The states of a seeded random game (enough to reach hands, rolls and pieces)."""
    from boardgames_widgets.core.session import Session

    game = make_game(game_id, num_players=game_class(game_id).info.min_players)
    s = Session(game, [RandomAgent() for _ in range(game.num_players)], seed=1)
    s.run(max_actions=n)
    return game, s.states


@pytest.mark.parametrize("game_id", GAMES)
def test_every_view_has_the_one_shape(game_id: str) -> None:
    from boardgames_widgets.core.painter import Hit, SVGPainter, board_view

    game, states = some_states(game_id)
    view = board_view(game)
    assert view.width > 0 and view.height > 0
    for state in (states[0], states[-1]):
        for seat in (0, None):
            svg = view.state_svg(state, seat)
            painter = SVGPainter(view.width, view.height)
            view.draw(painter, state, seat)
            assert svg.count("<") > 10 and painter.to_svg().count("<") == svg.count("<") - 2  # + <title></title>
    view.draw(SVGPainter(view.width, view.height), states[-1], 0)
    hits = [view.hit_test(x, y) for x in range(0, int(view.width), 17) for y in range(0, int(view.height), 17)]
    found = [h for h in hits if h is not None]
    assert found and all(isinstance(h, Hit) for h in found)
    assert view.hit_test(-50, -50) is None


@pytest.mark.parametrize("game_id", GAMES)
def test_the_widget_draws_and_hit_tests_through_the_view(game_id: str) -> None:
    w = widget(game_id, seed=3)
    assert w.view is not None
    width, height = w.board_size()
    assert width >= w.view.width and height >= w.view.height


# -- a picture wherever widgets cannot run -------------------------------------------------------
@pytest.mark.parametrize("game_id", GAMES)
def test_the_display_carries_a_picture_and_one_line_of_text(game_id: str) -> None:
    import base64

    from boardgames_widgets.widgets.raster import png_size

    w = widget(game_id, seed=1)
    bundle = w._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle
    text = bundle["text/plain"]
    assert "\n" not in text and "run this cell to play" in text and "HTML(" not in text
    assert bundle["image/svg+xml"].startswith("<svg") and "Run this cell again to play" in bundle["image/svg+xml"]
    png = base64.b64decode(bundle["image/png"])
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    assert png_size(png)[0] == pytest.approx(w.view.width, abs=2)


def test_the_picture_speaks_the_widgets_language_and_so_does_the_recovery_line() -> None:
    w = widget("food_chain", seed=1, lang="lv")
    assert w._repr_mimebundle_()["text/plain"].startswith("Barības ķēde")
    html = w.recovery_html()
    live = ":has(.bgw-game:not(.jupyter-widgets-disconnected)) .bgw-recover"
    assert 'class="bgw-recover"' in html and live in html and "{display:none}" in html
    assert "palaid šo šūnu vēlreiz" in html and "run this cell" not in html  # in the widget's language


def test_the_stand_in_is_an_output_of_its_own_with_the_picture() -> None:
    """Shown in a notebook: the widget, then a stand-in (picture + line) that needs no widget model."""
    from IPython.core.interactiveshell import InteractiveShell

    shell = InteractiveShell.instance()
    shown: list[dict] = []  # type: ignore[type-arg]
    publish = shell.display_pub.publish
    shell.display_pub.publish = lambda data, metadata=None, **kw: shown.append(data)  # type: ignore[method-assign]
    try:
        widget("mouse_trap", seed=1)._ipython_display_()
    finally:
        shell.display_pub.publish = publish  # type: ignore[method-assign]
    live, stand_in = shown
    assert "application/vnd.jupyter.widget-view+json" in live and "image/png" not in live
    assert '<img class="bgw-picture"' in stand_in["text/html"] and "data:image/png;base64," in stand_in["text/html"]
    assert "run this cell again" in stand_in["text/html"]


def test_no_picture_while_the_device_is_passed_between_two_people() -> None:
    w = widget("food_chain", seed=1, seats=["Human", "Human"])
    assert w.curtain == 0
    bundle = w._repr_mimebundle_()
    assert "image/png" not in bundle and "image/svg+xml" not in bundle


def test_visual_order_keeps_numbers_and_reverses_hebrew_runs() -> None:
    from boardgames_widgets.widgets.raster import visual_order

    assert visual_order("Round 2") == "Round 2"
    assert visual_order("אב 12") == "12 בא"


def ink_boxes(png: bytes) -> list[tuple[int, int, int, int]]:
    """(left, right, top, bottom) of each run of inked columns of a picture, left to right."""
    import io

    import numpy as np
    from PIL import Image

    ink = np.asarray(Image.open(io.BytesIO(png)).convert("L")) < 128
    cols = ink.any(axis=0)
    boxes, x = [], 0
    while x < len(cols):
        if not cols[x]:
            x += 1
            continue
        x0 = x
        while x < len(cols) and cols[x]:
            x += 1
        rows = np.flatnonzero(ink[:, x0:x].any(axis=1))
        boxes.append((x0, x - 1, int(rows[0]), int(rows[-1])))
    return boxes


def hebrew_png(text: str) -> bytes:
    from boardgames_widgets.widgets.raster import PNGPainter

    p = PNGPainter(300, 80, lang="he")
    p.rtl = True
    p.rect(0, 0, 300, 80, fill="#fff")
    p.text(280, 40, text, size=40, align="right")
    return p.to_png()


def test_the_png_picture_shows_hebrew_right_to_left_whatever_matplotlib_does_itself() -> None:
    # shin (wide) then yod (small) in reading order: on the picture the yod is on the left.
    # Reversed twice (or never) the wide shin would come first.
    (yod, shin) = ink_boxes(hebrew_png("שי"))
    assert yod[1] - yod[0] < (shin[1] - shin[0]) / 2
    assert yod[3] - yod[2] < (shin[3] - shin[2]) * 0.75
    # a signed number after a Hebrew word (isolated, as the translator makes it) stays "-1",
    # on the left of the word: minus, one, alef
    from boardgames_widgets.i18n import isolate_numbers

    minus, one, alef = ink_boxes(hebrew_png(isolate_numbers("א -1")))
    assert minus[3] - minus[2] < (one[3] - one[2]) / 3  # the flat one is the minus, first
    assert one[1] - one[0] < alef[1] - alef[0]  # the narrow "1", then the wide alef


def test_the_png_text_is_reordered_only_where_matplotlib_does_not_reorder_it() -> None:
    from boardgames_widgets.widgets.raster import RLM, matplotlib_orders_rtl, png_text, visual_order

    assert png_text("Round -1") == "Round -1"
    if matplotlib_orders_rtl():
        assert png_text("אב 12") == RLM + "אב 12"  # logical order: matplotlib shapes it
    else:
        assert png_text("אב 12") == visual_order("אב 12") == "12 בא"


# -- plain words ---------------------------------------------------------------------------------
def test_every_rule_the_rules_can_break_has_a_plain_sentence_in_every_language() -> None:
    """Each rule ID raised in a game's rules (``rules.py`` and the modules it is split into by
    reader, such as ``explain.py``) has a sentence, translated into lv, ru and he."""
    import pathlib

    from boardgames_widgets.core.registry import spec
    from boardgames_widgets.i18n import translator
    from boardgames_widgets.i18n.plain import RULE_WORDS

    root = pathlib.Path(__file__).resolve().parents[1] / "boardgames_widgets" / "games"
    raised = set()
    for rules in root.glob("*/rules.py"):
        if spec(rules.parent.name).english_only:  # documented fallback: the generic sentence
            continue
        for module in rules.parent.glob("*.py"):
            text = module.read_text()
            raised |= set(re.findall(r'IllegalActionError\(\s*"([A-Z]{2}-[A-Z0-9]+)"', text))
            raised |= set(re.findall(r'\("([A-Z]{2}-[A-Z0-9]+)", "', text))
    assert len(raised) > 20
    assert raised <= set(RULE_WORDS), raised - set(RULE_WORDS)
    for lang in ("lv", "ru", "he"):
        t = translator(lang)
        for rule, words in RULE_WORDS.items():
            assert t(words) != words, (lang, rule)
            assert not re.search(r"[A-Z]{2}-[A-Z0-9]", t(words))


@pytest.mark.parametrize("game_id", GAMES)
def test_random_refused_moves_read_plainly(game_id: str) -> None:
    """Whatever the rules refuse, the status line names no rule ID; the ID is under "why?"."""
    from boardgames_widgets.core import IllegalActionError

    game, states = some_states(game_id, n=60)
    w = widget(game_id, seed=1)
    seen = 0
    for state in states:
        if game.current_player(state) < 0:
            continue
        legal = set(game.legal_actions(state))
        for other in states:
            if game.current_player(other) < 0:
                continue
            for action in game.legal_actions(other):
                if action in legal:
                    continue
                try:
                    game.apply(state, action)
                except IllegalActionError as exc:
                    words = w.friendly_error(exc)
                    assert exc.rule not in words and "not allowed" not in words, words
                    assert w.why is not None and exc.rule in w.why
                    seen += 1
                except Exception:
                    pass
                if seen >= 12:
                    return
    assert seen > 0


def test_no_hint_while_the_die_waits_says_roll_the_die() -> None:
    w = widget("mouse_trap", seed=1)
    assert w.waiting_seat() == 0
    assert w.hint() is None
    assert "chance" not in w.status.value.lower() and "roll" in w.status.value.lower()


# -- secrets in hot-seat play ----------------------------------------------------------------------
def synced_commands(monkeypatch: pytest.MonkeyPatch, w, draw) -> dict[str, list]:  # type: ignore[no-untyped-def]
    """The canvas commands ``draw`` sends to the browser, grouped by the canvas layer they draw on."""
    from ipycanvas.canvas import _CANVAS_MANAGER, COMMANDS

    sent: list = []
    monkeypatch.setattr(_CANVAS_MANAGER, "_send_custom", lambda command, buffers=(): sent.append(command))
    _CANVAS_MANAGER._current_canvas = None
    draw()
    layer_of = {f"IPY_MODEL_{w.canvas.multi[i].model_id}": name for i, name in enumerate(w.canvas.names)}
    by_layer: dict[str, list] = {}
    current = None
    for batch in sent:
        for command in batch if isinstance(batch[0], list) else [batch]:
            if command[0] == COMMANDS["switchCanvas"]:
                current = layer_of.get(str(command[1][0]), "?")
                continue
            by_layer.setdefault(current or "?", []).append(command)
    return by_layer


def every_trait_text(w) -> str:  # type: ignore[no-untyped-def]
    """Every synced trait value of the widget and all its children, as one text."""
    import ipywidgets as W

    out, todo = [], [w]
    while todo:
        x = todo.pop()
        for name in x.keys:
            value = getattr(x, name)
            if isinstance(value, W.Widget):
                todo.append(value)
            elif isinstance(value, list | tuple):
                todo.extend(v for v in value if isinstance(v, W.Widget))
                out.append(repr([v for v in value if not isinstance(v, W.Widget)]))
            else:
                out.append(repr(value))
    return "\n".join(out)


@pytest.mark.parametrize("game_id", ["food_chain", "papageno"])
def test_behind_the_curtain_no_canvas_command_or_trait_shows_a_secret(
    game_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from ipycanvas.canvas import COMMANDS

    w = widget(game_id, seed=3, seats=["Human", "Human"])
    # play on until the device is passed to player 1
    for _ in range(40):
        if w.curtain == 1:
            break
        if w.curtain is not None:
            w.handle_click(-1, -1)  # "I am ready"
        else:
            w.bot_move()
    assert w.curtain == 1 and w.viewer() is None
    layers = synced_commands(monkeypatch, w, lambda: w.redraw(full=True))
    pieces = layers.get("pieces", [])
    drawing = {COMMANDS[k] for k in ("fillText", "fill", "stroke", "fillRect", "arc", "ellipse")}
    assert pieces and not [c for c in pieces if c[0] in drawing]  # cleared, nothing drawn
    texts = every_trait_text(w)
    assert "Your hand" not in texts and "Pass the device" in texts
    if game_id == "food_chain":
        for kind in ("cat", "dog", "mouse", "cheese"):
            assert f"draws a {kind}" not in texts
    # lifting the curtain draws player 1's own view
    layers = synced_commands(monkeypatch, w, lambda: w.handle_click(-1, -1))
    assert [c for c in layers.get("pieces", []) if c[0] in drawing]
    assert w.viewer() == 1


# -- the arcade ------------------------------------------------------------------------------------
def test_the_arcade_has_one_set_of_seat_pickers_with_real_names_and_speaks_every_language() -> None:
    from boardgames_widgets.widgets.arcade import Arcade

    a = Arcade(game="chop_chop", seed=1, speed="off", threaded=False)
    assert a.board is not None and a.board.seed == 1
    names = [dd.description for dd in a.board.seat_pickers]
    assert names == ["Cat player", "Mice player"]
    texts = every_trait_text(a)
    assert texts.count("Cat player") == 1  # one set of pickers: the board's
    a.set_language("lv")
    assert a.play_button.description != "Play" and a.board.lang == "lv"
    assert a.board.seat_pickers[0].description != "Cat player"
    a.game_picker.value = "papageno"
    assert a.players_picker.value == 2
    board = a.play()
    assert board.game.info.id == "papageno" and board.lang == "lv" and board.seed != 1
    assert "image/png" in a._repr_mimebundle_()


def test_the_arcade_opens_the_game_that_boardgames_widgets_play_names(monkeypatch: pytest.MonkeyPatch) -> None:
    """``boardgames-widgets play papageno`` passes the game to the Voilà page in BGW_ARCADE_GAME."""
    from boardgames_widgets.cli import ARCADE_GAME_ENV
    from boardgames_widgets.widgets.arcade import Arcade

    monkeypatch.setenv(ARCADE_GAME_ENV, "papageno")
    assert Arcade(seed=1, speed="off", threaded=False).game_picker.value == "papageno"
    assert Arcade(game="mouse_trap", seed=1, speed="off", threaded=False).game_picker.value == "mouse_trap"
    monkeypatch.setenv(ARCADE_GAME_ENV, "chess")
    with pytest.raises(ValueError, match="unknown game 'chess'"):
        Arcade(seed=1, speed="off", threaded=False)
