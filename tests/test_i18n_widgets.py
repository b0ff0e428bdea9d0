"""The widgets in four languages: constructor ``lang``, the picker, RTL Hebrew, live switching.

The canvas checks record what reaches ipycanvas (every ``fill_text`` with the
canvas's text direction at that moment), so they test the painter command stream,
not pixels.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from ipycanvas import Canvas

import boardgames_widgets as bw
from boardgames_widgets import i18n
from boardgames_widgets.i18n import has_rtl_letters
from boardgames_widgets.widgets.chop_chop import ChopChopWidget
from boardgames_widgets.widgets.food_chain import FoodChainWidget
from boardgames_widgets.widgets.mouse_trap import MouseTrapWidget
from boardgames_widgets.widgets.papageno import PapagenoWidget

FAST = {"speed": "off", "threaded": False}


@pytest.fixture
def texts(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[tuple[str, str]]]:
    """Every (text, direction) drawn on any canvas while the test runs."""
    seen: list[tuple[str, str]] = []
    original = Canvas.fill_text

    def fill_text(self: Canvas, text: str, x: float, y: float, *args: Any) -> Any:
        seen.append((text, self.direction))
        return original(self, text, x, y, *args)

    monkeypatch.setattr(Canvas, "fill_text", fill_text)
    yield seen


@pytest.fixture(autouse=True)
def english_default() -> Iterator[None]:
    i18n.set_language("en")
    yield
    i18n.set_language(None)


def drawn(texts: list[tuple[str, str]], action: Callable[[], object]) -> list[tuple[str, str]]:
    texts.clear()
    action()
    return list(texts)


def test_english_stays_the_default() -> None:
    w = ChopChopWidget(players=2, seed=1, **FAST)
    assert w.lang == "en" and w.btn_new.description == "New game"
    assert "Mice player, your turn." in w.status.value and 'dir="ltr"' in w.status.value
    assert "bgw-rtl" not in w._dom_classes


def test_switching_language_rerenders_chrome_log_and_canvas(texts: list[tuple[str, str]]) -> None:
    """Chop Chop, in English, then Hebrew through the picker, then Russian, then English again."""
    w = ChopChopWidget(players=2, seed=1, **FAST)
    status_en, log_en = w.status.value, w.log
    canvas_en = drawn(texts, lambda: w.redraw(full=True))
    assert ("Mice: roll", "ltr") in canvas_en or any(t.startswith("Mice rolled") for t, _ in canvas_en)

    he = drawn(texts, lambda: setattr(w.lang_picker, "value", "he"))  # as a person picks it
    assert w.lang == "he" and w.tr.rtl
    # the chrome
    assert "שחקן העכברים, תורך." in w.status.value and 'dir="rtl"' in w.status.value
    assert "bgw-rtl" in w._dom_classes and "direction:rtl" in w.rtl_style.value
    assert w.btn_new.description == "משחק חדש" and w.btn_undo.description == "ביטול"
    assert w.speed.description == "הנפשה" and w.speed.value == "off" and w.lang_picker.description == "שפה"
    labels = dict((v, k) for k, v in w.seat_pickers[0].options)  # type: ignore[misc]
    assert w.seat_pickers[0].value == "Random bot" and labels["Random bot"] == "בוט אקראי"
    assert w.seat_pickers[1].description == "שחקן העכברים"
    # the log is told again in the new language
    assert len(w.log) == len(log_en) and w.log != log_en and "משחק חדש" in w.log[0]
    # the canvas is redrawn at once: Hebrew text laid out right to left, numbers left to right
    assert any(has_rtl_letters(t) and d == "rtl" for t, d in he), he
    assert all(d == "ltr" for t, d in he if not has_rtl_letters(t))
    assert any(t == "0/10" and d == "ltr" for t, d in he)  # the cheese count stays readable
    assert "לחצו על עכבר" in " ".join(t for t, _ in he)  # the prompt in the strip

    ru = drawn(texts, lambda: w.set_language("ru"))
    assert "Игрок за мышей, ваш ход." in w.status.value and 'dir="ltr"' in w.status.value
    assert "bgw-rtl" not in w._dom_classes and w.lang_picker.value == "ru"
    assert any("нажмите на мышь" in t for t, _ in ru) and all(d == "ltr" for _, d in ru)

    back = drawn(texts, lambda: w.set_language("en"))
    assert w.status.value == status_en and w.log == log_en
    assert sorted(back) == sorted(canvas_en)


def test_play_takes_lang_and_the_package_default() -> None:
    w = bw.play("papageno", lang="lv", seed=1, **FAST)
    assert w.lang == "lv" and w.show_all.description == "Rādīt visu (skolotājam)"
    assert "kārta" in w.status.value
    bw.set_language("ru")
    w2 = bw.play("food_chain", seed=1, **FAST)
    assert w2.lang == "ru" and w2.btn_hint.description == "Подсказка"
    assert "Игрок 1, ваш ход: нажмите на карту в руке, затем на подсвеченную клетку." in w2.status.value
    with pytest.raises(ValueError, match="unknown language"):
        bw.play("food_chain", lang="xx", **FAST)


@pytest.mark.parametrize("lang", ["lv", "ru", "he"])
def test_a_refused_move_says_in_plain_words_why_with_the_rule_id_under_why(lang: str) -> None:
    """FC-T3 refused: a plain sentence in the player's language; the rule ID only under "why?"."""
    import re

    from boardgames_widgets.games.food_chain.rules import Place

    w = FoodChainWidget(players=2, seed=1, lang=lang, **FAST)
    card = w.state.hands[0][0]
    assert not w.play(Place(card.kind, card.value, 3, 3))  # far from the start card
    sentence = {
        "lv": "Pirmajai kārtij ir sava vieta",
        "ru": "У первой карты своё место",
        "he": "לקלף הראשון יש מקום משלו",
    }
    headline = re.sub(r"<details.*?</details>", "", w.status.value)
    assert sentence[lang] in headline
    assert "FC-" not in headline and "3,3" not in headline  # no rule ID, no coordinates
    why = {"lv": "kāpēc?", "ru": "почему?", "he": "למה?"}[lang]
    assert f"<summary>{why}</summary>" in w.status.value and "FC-T3" in w.why  # type: ignore[operator]


GAMES = [
    (FoodChainWidget, {"players": 2}),
    (ChopChopWidget, {"players": 2}),
    (PapagenoWidget, {"players": 2}),
    (MouseTrapWidget, {"players": 2}),
]


def playout(game: Any, seed: int) -> list[tuple[Any, Any]]:
    """(state, action) pairs of a random game to its end (the rules alone: fast)."""
    import random

    from boardgames_widgets.core import sample_outcome

    rng = random.Random(seed)
    state, steps = game.new_initial_state(), []
    while game.current_player(state) != bw.TERMINAL:
        if game.current_player(state) == bw.CHANCE:
            action = sample_outcome(game.chance_outcomes(state), rng)
        else:
            action = rng.choice(game.legal_actions(state))
        steps.append((state, action))
        state = game.apply(state, action)
    steps.append((state, None))
    return steps


#: English words that must not be left in a translated sentence.
ENGLISH = ("wins", "turn", "rolled", "places", "draws", "Game over", "Player ", "cheese", "mouse", "card")


@pytest.mark.parametrize("lang", ["lv", "ru", "he"])
@pytest.mark.parametrize(("cls", "kw"), GAMES, ids=lambda x: getattr(x, "__name__", ""))
def test_a_whole_game_is_told_in_every_language(cls: type, kw: dict[str, Any], lang: str) -> None:
    """Every log sentence of a random game, then its end screen, in the language (no English left over)."""
    n = kw["players"]
    w = cls(seed=3, seats=["Human"] * n, lang=lang, **kw, **FAST)
    steps = playout(w.game, seed=5)
    lines = [w.action_words(state, action) for state, action in steps[:-1]]
    end = steps[-1][0]
    w.load_state(end)
    shown = [*lines, w.status.value, w.panel.value, w.log[-1]]
    assert all(lines) and w.status.value
    for line in shown:
        assert not any(word in line for word in ENGLISH), line
    if lang == "he":
        assert has_rtl_letters(w.status.value) and 'dir="rtl"' in w.status.value
        assert all(has_rtl_letters(line) for line in lines)


def test_mouse_trap_log_is_told_from_the_change_in_other_languages() -> None:
    def first_lines(lang: str) -> list[str]:
        w = MouseTrapWidget(
            players=3, seed=1, seats=["Human", "First-choice bot", "First-choice bot"], lang=lang, **FAST
        )
        for _ in range(3):
            w.bot_move()  # Red's roll (a click on the die), then the bots' turns
        return w.log

    en, lv = first_lines("en"), first_lines("lv")
    assert len(en) == len(lv) > 3
    assert en[1].startswith("Red rolled")  # the rules' own event text in English
    assert lv[1].startswith("Sarkanā: uzkrita")
    assert any(line.startswith("Zilā: uzkrita") for line in lv)


def test_papageno_cards_and_places_in_russian() -> None:
    w = PapagenoWidget(players=2, seed=2, lang="ru", **FAST)
    assert w.card_words("7") == "птица 7" and w.card_words("Flute") == "Флейта Пана"
    assert w.pos_words(0) == "вверху слева"
    words = [t.label for t in w.targets()]
    assert words and all("карт" in x for x in words), words


def test_a_bot_without_a_translation_does_not_break_the_seat_pickers(monkeypatch: pytest.MonkeyPatch) -> None:
    """A bot registered by a teacher has no translation; the other options keep theirs."""
    from boardgames_widgets.widgets.bots import BOTS, HUMAN

    monkeypatch.setitem(BOTS, "Class bot 7", lambda game: bw.RandomAgent())
    w = FoodChainWidget(players=2, seed=1, lang="he")
    pairs = dict((value, words) for words, value in w.seat_pickers[0].options)  # type: ignore[misc]
    assert w.seat_pickers[0].value == HUMAN and pairs[HUMAN] != HUMAN
    assert pairs["Class bot 7"] == "Class bot 7"


def test_hebrew_isolates_signed_numbers_so_minus_one_reads_minus_one() -> None:
    """In a right-to-left paragraph "−1" after a Hebrew word would show as "1−": it is isolated LTR."""
    from boardgames_widgets.i18n import LRI, PDI, translator

    he, en = translator("he"), translator("en")
    assert f"{LRI}-1{PDI}" in he("{name}, your turn.", name="bird -1")
    assert LRI not in en("{name}, your turn.", name="bird -1")


@pytest.mark.parametrize("lang", ["lv", "ru", "he"])
def test_the_arcade_page_speaks_the_language_from_its_title_down(lang: str) -> None:
    """Voilà shows the arcade notebook's outputs only: its one cell's words are all translated."""
    import json

    from boardgames_widgets.widgets.arcade import Arcade

    root = Path(__file__).resolve().parents[1]
    nb = json.loads((root / "notebooks" / "arcade.ipynb").read_text(encoding="utf-8"))
    assert [c["cell_type"] for c in nb["cells"]] == ["code"]  # no English intro for Voilà to show
    a = Arcade(game="food_chain", seed=1, lang=lang, **FAST)
    title = a.title.value
    for english in ("arcade", "Choose a game", "Several people", "documentation", "games/"):
        assert english not in title, (lang, english)
    assert "<h2" in title
