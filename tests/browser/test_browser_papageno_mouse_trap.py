"""Papageno and Mouse Trap notebooks in a real JupyterLab + Chromium: a few turns by clicks.

Each test runs the game's notebook, clicks on the canvas where the widget's own
geometry says (the same layout classes the widget uses), and asserts that the game
advanced: the status text changes, the canvas pixels change, the move log grows.
Screenshots (also one in the middle of an animation) go to ``test-artifacts/``.
"""

from __future__ import annotations

from typing import Any

import pytest
from browser_helpers import (
    ARTIFACTS,
    LabServer,
    click_board,
    open_and_run,
    pixels,
    screenshot,
    status_text,
    top_canvas,
    wait_pixels_change,
    wait_status,
    wait_status_change,
    wait_still,
    write_notebook,
)


def log_text(page: Any) -> str:
    return page.locator(".bgw-game .bgw-log").inner_text()  # type: ignore[no-any-return]


def centre(rect: tuple[float, float, float, float]) -> tuple[float, float]:
    x, y, w, h = rect
    return x + w / 2, y + h / 2


def test_mouse_trap_notebook_rolls_by_clicks(lab: LabServer, page: Any) -> None:
    """Run the Mouse Trap notebook, click the die three times: the mice walk, the log grows."""
    from boardgames_widgets.widgets.mouse_trap import MouseTrapWidget

    geometry = MouseTrapWidget(players=3, seed=1, threaded=False, speed="off")
    die_x, die_y = centre(geometry.die_rect)
    open_and_run(page, lab, "mouse_trap.ipynb")
    wait_status(page, "click the die")
    canvas = top_canvas(page)
    box = wait_still(page, canvas)
    # the whole board fits the notebook column (nothing cut off on the right): it is drawn
    # at full size or scaled down to the column, and clicks follow the scale
    zoom = box["width"] / geometry.board_size()[0]
    assert zoom <= geometry.canvas.zoom + 0.01  # type: ignore[union-attr]
    assert box["x"] + box["width"] <= page.viewport_size["width"] - 30
    screenshot(page, "mouse_trap_start")
    for turn in range(3):
        before_status, before_pixels = status_text(page), pixels(page)
        box = wait_still(page, canvas)
        click_board(page, box, die_x, die_y)  # scaled to the board's shown size
        wait_status_change(page, before_status)
        if turn == 0:
            page.wait_for_timeout(350)  # the die tumbles, the mouse walks
            screenshot(page, "mouse_trap_walking")
        # the two bots play (animated), then it is Red's roll again (or a choice, or the end)
        page.wait_for_function(
            "() => { const s = document.querySelector('.bgw-game .bgw-status').innerText;"
            " return /click the die|Choose|Game over|your turn/.test(s) && !/Rolling|thinking/.test(s); }",
            timeout=60_000,
        )
        wait_pixels_change(page, before_pixels)
    screenshot(page, "mouse_trap_after_three_rolls")
    log = log_text(page)
    assert log.count("Red rolled") >= 3, log
    assert "Blue rolled" in log and "Yellow rolled" in log


MT_MEASURE_JS = """
() => { const g = document.querySelector('.bgw-game'), c = g.querySelector('canvas');
  const box = e => { const r = e.getBoundingClientRect(); return {left: r.left, right: r.right, top: r.top, bottom: r.bottom}; };
  const cb = c.getBoundingClientRect(), ob = g.closest('.jp-OutputArea-output').getBoundingClientRect();
  return {width: cb.width, left: cb.left, right: cb.right, outLeft: ob.left, outRight: ob.right,
          view: box(g.closest('.jp-WindowedPanel-outer') || g.closest('.jp-Notebook')), canvas: box(c),
          controls: [box(g.querySelector('.bgw-status')), ...Array.from(g.querySelectorAll('.bgw-buttons button')).map(box)],
          files: document.querySelector('#jp-left-stack').offsetWidth > 0}; }
"""


@pytest.mark.parametrize("lang", ["en", "he", "lv", "ru"])
def test_mouse_trap_fits_a_laptop_with_the_file_browser_open(lab: LabServer, browser: Any, lang: str) -> None:
    """Issue 30: at 1024×768 with the file browser open, the 4-player board, its status line and
    its buttons are on screen together (the tallest board is shown smaller, at most as much as
    the window's height needs) and the board sits inside its output area."""
    from boardgames_widgets.widgets.mouse_trap import MouseTrapWidget

    width = MouseTrapWidget(players=4, seed=1, threaded=False, speed="off").board_size()[0]
    name = f"mt_laptop_{lang}.ipynb"
    write_notebook(
        lab.root / name, ["import boardgames_widgets as bw", f"bw.play('mouse_trap', players=4, seed=1, lang={lang!r})"]
    )
    context = browser.new_context(viewport={"width": 1024, "height": 768}, device_scale_factor=1)
    page = context.new_page()
    page.set_default_timeout(60_000)
    try:
        open_and_run(page, lab, name)
        wait_status(page, {"en": "click the die", "he": "להטיל", "lv": "kauliņ", "ru": "кубик"}[lang])
        top_canvas(page).evaluate("c => c.closest('.bgw-game').scrollIntoView({block: 'start'})")
        wait_still(page, top_canvas(page))
        box = page.evaluate(MT_MEASURE_JS)
        assert box["files"], "the file browser is open"
        assert 0.6 * width <= box["width"] < width, box  # smaller, not a stamp
        assert box["left"] >= box["outLeft"] - 1 and box["right"] <= box["outRight"] + 1, box  # nothing clipped
        view = box["view"]
        for part in (box["canvas"], *box["controls"]):
            assert view["top"] - 1 <= part["top"] and part["bottom"] <= view["bottom"] + 1, (part, view)
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"mouse_trap_1024x768_{lang}.png"))
    finally:
        context.close()


def test_papageno_notebook_plays_an_opening_and_a_turn_by_clicks(lab: LabServer, page: Any) -> None:
    """Run the Papageno notebook: turn up a card, draw, swap it in — each step by a click."""
    from boardgames_widgets.games.papageno.view import PapagenoLayout
    from boardgames_widgets.widgets.papageno import PapagenoWidget

    lay = PapagenoLayout(3, 0)
    decline = PapagenoWidget(players=3, seed=1, threaded=False, speed="off").decline_rect()
    open_and_run(page, lab, "papageno.ipynb")
    wait_status(page, "Turn up one of your cards")
    canvas = top_canvas(page)
    box = wait_still(page, canvas)
    screenshot(page, "papageno_start")

    # the opening (PA-S2): turn up the top-left card; the bots open too
    before = pixels(page)
    click_board(page, box, *centre(lay.card_rect(0, 0)))
    wait_status(page, "Draw, or take the discard", timeout=60_000)
    wait_pixels_change(page, before)
    screenshot(page, "papageno_after_opening")

    # draw (PA-T1): the drawn card shows to its drawer, then swap it into the top-middle place
    before = pixels(page)
    box = wait_still(page, canvas)
    click_board(page, box, *centre(lay.draw_pile_rect()))
    wait_status(page, "Swap it into your grid")
    wait_pixels_change(page, before)
    screenshot(page, "papageno_drawn_card")
    before_status, before = status_text(page), pixels(page)
    click_board(page, box, *centre(lay.card_rect(0, 1)))
    wait_status_change(page, before_status)
    page.wait_for_timeout(250)
    screenshot(page, "papageno_sliding")
    page.wait_for_function(
        "() => /Draw, or take the discard|Capture: pick/.test(document.querySelector('.bgw-game .bgw-status').innerText)",
        timeout=60_000,
    )
    if "Capture: pick" in status_text(page):  # the drawn card was a Capture (PA-X1): no swap
        screenshot(page, "papageno_capture_choice")
        click_board(page, wait_still(page, canvas), *centre(decline))
        wait_status(page, "Draw, or take the discard", timeout=60_000)
    wait_pixels_change(page, before)
    screenshot(page, "papageno_after_turn")
    log = log_text(page)
    assert "Player 1 turns up their top-left card" in log  # seat 0, numbered from 1 for people
    assert "Player 1 puts the" in log and "at top-middle" in log
    assert "Player 2 draws" in log or "Player 2 takes" in log


LOG_LINES_JS = "() => document.querySelectorAll('.bgw-game .bgw-log div div').length"
SETTLED_JS = "() => /your turn|is over|Game over/.test(document.querySelector('.bgw-game .bgw-status').innerText)"


def test_papageno_round_end_shows_the_score_explanation(lab: LabServer, page: Any) -> None:
    """Let the bot play Player 0's turns until the round ends: the explanation shows; a click deals round 2."""
    open_and_run(page, lab, "papageno.ipynb")
    wait_status(page, "Turn up one of your cards")
    root = page.locator(".bgw-game").first
    root.locator(".bgw-more").get_by_text("Players and settings").click()  # the folded settings
    root.get_by_role("button", name="fast").click()
    bot = root.get_by_role("button", name="Let the bot move")
    for _ in range(120):
        if "is over" in status_text(page):
            break
        lines = page.evaluate(LOG_LINES_JS)
        bot.click()
        page.wait_for_function(f"() => ({LOG_LINES_JS})() > {lines}", timeout=30_000)
        page.wait_for_function(SETTLED_JS, timeout=60_000)
    assert "Round 1 is over" in status_text(page)
    canvas = top_canvas(page)
    box = wait_still(page, canvas)
    canvas.scroll_into_view_if_needed()
    box = wait_still(page, canvas)
    screenshot(page, "papageno_round_over")
    assert "Round 1 scores" in page.locator(".bgw-game .bgw-panel").inner_text()
    before = pixels(page)
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)  # the banner in the middle
    page.wait_for_function(
        "() => /Round 2 ·/.test(document.querySelector('.bgw-game .bgw-status').innerText)", timeout=60_000
    )
    wait_pixels_change(page, before)
    assert "Round 2 is dealt" in log_text(page)
