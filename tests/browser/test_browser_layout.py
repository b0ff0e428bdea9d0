"""The board at first sight, in a real JupyterLab + Chromium: it fits, it scales, it shows a picture.

One notebook holds all four games; it is opened at 1024×768 (the file browser open) and
at 1920×1080. Each board's canvas must sit inside its output area and the chrome must
not overflow. Scrolled to its top, each widget shows the board, the status line and the
buttons for the current move together in the notebook's visible area (issue 30): on the
laptop the board is shown smaller as far as the height needs, on the wide screen it grows
with the controls beside it; Hint moves nothing out of view; the secondary controls are
folded. A board shown smaller or bigger still takes a click on the right card
(hit-testing follows the scale). The same page in Latvian and Hebrew
is checked for overflowing buttons and labels and for the same visibility. A saved game notebook opened fresh (not
trusted, no kernel run) shows the board's picture. Screenshots go to
``tests/browser/screenshots/`` (kept by CI as artifacts, ignored by git).

All tests share the session's one JupyterLab server and one Chromium.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from browser_helpers import LabServer, open_and_run, wait_still, write_notebook

from boardgames_widgets.widgets.canvas_painter import PIXEL_RATIO

SHOTS = Path(__file__).resolve().parent / "screenshots"
GAMES = ("food_chain", "chop_chop", "papageno", "mouse_trap")
VIEWPORTS = {"1024x768": (1024, 768), "1920x1080": (1920, 1080)}


def layout_notebook(lab: LabServer, lang: str) -> str:
    """A notebook with the four games in ``lang`` (seed 1), written into the server's folder."""
    name = f"layout_{lang}.ipynb"
    cells = ["import boardgames_widgets as bw"] + [f"bw.play({g!r}, seed=1, lang={lang!r})" for g in GAMES]
    write_notebook(lab.root / name, cells)
    return name


#: Per game widget: the canvas's box, its output area's box, and every overflowing control.
MEASURE_JS = """
() => Array.from(document.querySelectorAll('.bgw-game')).map(g => {
  const c = g.querySelector('canvas');
  const out = g.closest('.jp-OutputArea-output');
  const cb = c.getBoundingClientRect(), ob = out.getBoundingClientRect();
  const over = Array.from(g.querySelectorAll('button, .widget-label, .widget-dropdown, .widget-toggle-buttons'))
    .filter(e => e.offsetParent !== null && e.scrollWidth > e.clientWidth + 1)
    .map(e => (e.innerText || e.className).slice(0, 40));
  return {left: cb.left, right: cb.right, width: cb.width, height: cb.height, bitmap: c.width,
          outLeft: ob.left, outRight: ob.right, gameScroll: g.scrollWidth, gameWidth: g.clientWidth, over};
})
"""


def open_page(browser: Any, lab: LabServer, name: str, size: tuple[int, int]) -> Any:
    context = browser.new_context(viewport={"width": size[0], "height": size[1]}, device_scale_factor=1)
    page = context.new_page()
    page.set_default_timeout(60_000)
    open_and_run(page, lab, name)
    page.wait_for_function(f"() => document.querySelectorAll('.bgw-game canvas').length >= {len(GAMES)}")
    wait_still(page, page.locator(".bgw-game").last)
    return page


def shoot(page: Any, prefix: str) -> None:
    """One screenshot of the window per board, the board's widget scrolled to the notebook's top."""
    SHOTS.mkdir(exist_ok=True)
    for i, game in enumerate(GAMES):
        game_widget = page.locator(".bgw-game").nth(i)
        game_widget.evaluate("e => e.scrollIntoView({block: 'start'})")
        wait_still(page, game_widget)
        page.screenshot(path=str(SHOTS / f"{prefix}_{game}.png"))


def assert_fits(boxes: list[dict[str, Any]]) -> None:
    assert len(boxes) == len(GAMES)
    for game, b in zip(GAMES, boxes, strict=True):
        assert b["left"] >= b["outLeft"] - 1 and b["right"] <= b["outRight"] + 1, (game, b)  # nothing clipped
        assert b["gameScroll"] <= b["gameWidth"] + 1, (game, b)  # no control sticks out sideways
        assert not b["over"], (game, b["over"])  # no button or label cut


#: One game widget scrolled to the top of the notebook: the boxes of the notebook's visible
#: area, the board, the status line and the buttons for the current move.
IN_VIEW_JS = """
i => { const g = document.querySelectorAll('.bgw-game')[i];
  const box = e => { const r = e.getBoundingClientRect();
                     return {left: r.left, top: r.top, right: r.right, bottom: r.bottom, width: r.width, height: r.height}; };
  const scroller = g.closest('.jp-WindowedPanel-outer') || g.closest('.jp-Notebook');
  const c = g.querySelector('canvas');
  return {view: box(scroller), canvas: box(c), bitmap: c.width, status: box(g.querySelector('.bgw-status')),
          buttons: Array.from(g.querySelectorAll('.bgw-buttons button')).map(box),
          settings: g.querySelector('.bgw-settings').offsetParent !== null};
}
"""


def in_view(page: Any, index: int) -> dict[str, Any]:
    """Scroll game ``index``'s widget to the top of the notebook; its boxes (see IN_VIEW_JS)."""
    game = page.locator(".bgw-game").nth(index)
    game.evaluate("e => e.scrollIntoView({block: 'start'})")
    wait_still(page, game)
    return page.evaluate(IN_VIEW_JS, index)  # type: ignore[no-any-return]


def inside(b: dict[str, float], view: dict[str, float]) -> bool:
    return (
        b["left"] >= view["left"] - 1
        and b["right"] <= view["right"] + 1
        and (b["top"] >= view["top"] - 1 and b["bottom"] <= view["bottom"] + 1)
    )


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
def test_every_board_fits_its_output_area(lab: LabServer, browser: Any, viewport: str) -> None:
    page = open_page(browser, lab, layout_notebook(lab, "en"), VIEWPORTS[viewport])
    try:
        assert_fits(page.evaluate(MEASURE_JS))
        if viewport == "1024x768":
            assert page.locator("#jp-left-stack").is_visible()  # the file browser is open
        for i, game in enumerate(GAMES):
            b = in_view(page, i)
            scale = b["canvas"]["width"] / (b["bitmap"] / PIXEL_RATIO)
            # the board, the status line and the buttons for the current move on screen together
            for part in (b["canvas"], b["status"], *b["buttons"]):
                assert inside(part, b["view"]), (game, part, b["view"])
            assert not b["settings"], game  # the secondary controls are folded
            if viewport == "1024x768":
                # shown smaller only as much as the height needs (Mouse Trap is the tallest board)
                assert scale >= (0.6 if game == "mouse_trap" else 0.85), (game, scale)
            else:
                # a wide output shows the board bigger, the controls beside it, every bitmap
                # pixel at most one screen pixel wide (crisp)
                assert scale > (1.15 if game == "mouse_trap" else 1.4), (game, scale)
                assert all(btn["left"] >= b["canvas"]["right"] for btn in b["buttons"]), game
                assert PIXEL_RATIO / scale >= 1.0
        # ... and unfold with a click on "Players and settings"
        page.locator(".bgw-game").first.locator(".bgw-more", has_text="Players and settings").locator(
            "text=Players and settings"
        ).click()
        page.locator(".bgw-game .bgw-settings").first.wait_for(state="visible")
        shoot(page, f"en_{viewport}")
    finally:
        page.context.close()


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
def test_the_hinted_move_stays_in_view(lab: LabServer, browser: Any, viewport: str) -> None:
    """Hint on a laptop and on a wide screen: the board does not move, the highlight and the buttons stay on screen."""
    page = open_page(browser, lab, layout_notebook(lab, "en"), VIEWPORTS[viewport])
    try:
        for i, game in enumerate(GAMES):
            before = in_view(page, i)
            widget = page.locator(".bgw-game").nth(i)
            widget.locator(".bgw-status", has_text="your turn").wait_for()
            status = widget.locator(".bgw-status").inner_text()
            widget.locator(".bgw-buttons button").nth(2).click()  # Hint
            widget.locator(".bgw-status", has_text="Hint").wait_for()
            assert widget.locator(".bgw-status").inner_text() != status
            after = page.evaluate(IN_VIEW_JS, i)
            assert after["canvas"] == before["canvas"], game  # nothing scrolled or jumped
            for part in (after["canvas"], after["status"], *after["buttons"]):
                assert inside(part, after["view"]), (game, part)
            SHOTS.mkdir(exist_ok=True)
            page.screenshot(path=str(SHOTS / f"hint_{viewport}_{game}.png"))
    finally:
        page.context.close()


@pytest.mark.parametrize(("viewport", "zoom"), [("1024x768", 1.5), ("1920x1080", 1.0)])
def test_a_click_on_a_scaled_board_lands_on_the_right_card(
    lab: LabServer, browser: Any, viewport: str, zoom: float
) -> None:
    """Papageno shown smaller than asked for (``zoom=1.5`` on a laptop: it must fit with its
    buttons) and bigger (a wide output grows it): clicking where card 0 is shown turns card 0
    up (hit-testing follows the scale)."""
    from boardgames_widgets.games.papageno.view import PapagenoLayout

    name = f"scaled_papageno_{viewport}.ipynb"
    write_notebook(
        lab.root / name, ["import boardgames_widgets as bw", f"bw.play('papageno', seed=1, lang='en', zoom={zoom})"]
    )
    width, height = VIEWPORTS[viewport]
    context = browser.new_context(viewport={"width": width, "height": height}, device_scale_factor=1)
    page = context.new_page()
    page.set_default_timeout(60_000)
    open_and_run(page, lab, name)
    try:
        widget = page.locator(".bgw-game").first
        widget.locator(".bgw-status", has_text="your turn").wait_for()  # the deal has run: nothing is busy
        canvas = widget.locator("canvas").last
        lay = PapagenoLayout(2, viewer=0)
        x, y, w, h = lay.card_rect(0, 0)
        canvas.evaluate("c => c.scrollIntoView({block: 'center'})")
        box = wait_still(page, canvas)
        scale = box["width"] / lay.width
        if zoom > 1:
            assert scale < 0.95 * zoom  # smaller than asked for
        else:
            assert scale > 1.4  # grown
        before = widget.locator(".bgw-log").inner_text()
        # a mouse click at that point of the page (a locator's click would scroll the tall canvas first)
        page.mouse.click(box["x"] + (x + w / 2) * scale, box["y"] + (y + h / 2) * scale)
        page.wait_for_function("old => document.querySelector('.bgw-game .bgw-log').innerText !== old", arg=before)
        log = widget.locator(".bgw-log").inner_text()
        assert "turns up" in log, log
    finally:
        page.context.close()


@pytest.mark.parametrize("lang", ["lv", "he"])
def test_latvian_and_hebrew_chrome_does_not_overflow(lab: LabServer, browser: Any, lang: str) -> None:
    page = open_page(browser, lab, layout_notebook(lab, lang), VIEWPORTS["1024x768"])
    try:
        assert_fits(page.evaluate(MEASURE_JS))
        for i, game in enumerate(GAMES):
            b = in_view(page, i)
            for part in (b["canvas"], b["status"], *b["buttons"]):
                assert inside(part, b["view"]), (lang, game, part, b["view"])
        shoot(page, f"{lang}_1024x768")
    finally:
        page.context.close()


def test_a_fresh_untrusted_open_shows_the_boards_picture(lab: LabServer, browser: Any) -> None:
    """The committed game notebook, opened without running anything, shows a PNG of the board."""
    context = browser.new_context(viewport={"width": 1024, "height": 768}, device_scale_factor=1)
    page = context.new_page()
    page.set_default_timeout(60_000)
    try:
        lab.delete_sessions()
        page.goto(lab.notebook_url("food_chain.ipynb"))
        img = page.locator(".jp-OutputArea-output img").first
        img.wait_for()
        assert img.evaluate("e => e.naturalWidth") > 300
        assert page.locator("text=FoodChainWidget(children").count() == 0
        SHOTS.mkdir(exist_ok=True)
        page.screenshot(path=str(SHOTS / "untrusted_food_chain.png"))
    finally:
        context.close()


def test_after_a_reload_without_its_kernel_the_board_says_run_this_cell_again(lab: LabServer, browser: Any) -> None:
    """The saved output keeps a recovery line, hidden while the board lives, shown when it is gone."""
    from browser_helpers import save_notebook

    name = "recover.ipynb"
    write_notebook(lab.root / name, ["import boardgames_widgets as bw\nbw.play('food_chain', seed=1, lang='lv')"])
    context = browser.new_context(viewport={"width": 1024, "height": 768}, device_scale_factor=1)
    page = context.new_page()
    page.set_default_timeout(60_000)
    try:
        open_and_run(page, lab, name)
        page.locator(".bgw-game canvas").first.wait_for()
        recover = page.locator(".bgw-recover").first
        recover.wait_for(state="attached")
        assert not recover.is_visible()  # the live board is there: the line hides
        save_notebook(page)
        lab.delete_sessions()  # the kernel is gone
        page.reload()
        recover = page.locator(".bgw-recover").first
        recover.wait_for(state="visible")
        assert "palaid šo šūnu vēlreiz" in recover.inner_text()  # in the board's language
        assert page.locator(".bgw-game").count() == 0
        picture = recover.locator("img.bgw-picture")
        assert picture.is_visible() and picture.evaluate("e => e.naturalWidth") > 300  # the board, reopened
        SHOTS.mkdir(exist_ok=True)
        page.screenshot(path=str(SHOTS / "reopened_without_kernel.png"))
    finally:
        context.close()


def test_after_a_kernel_restart_the_board_says_run_this_cell_again(lab: LabServer, browser: Any) -> None:
    """Kernel → Restart while a board is shown: the frozen board is greyed and the stand-in says what to do."""
    name = "restart.ipynb"
    write_notebook(lab.root / name, ["import boardgames_widgets as bw\nbw.play('chop_chop', seed=1)"])
    context = browser.new_context(viewport={"width": 1024, "height": 768}, device_scale_factor=1)
    page = context.new_page()
    page.set_default_timeout(60_000)
    try:
        open_and_run(page, lab, name)
        page.locator(".bgw-game canvas").first.wait_for()
        recover = page.locator(".bgw-recover").first
        recover.wait_for(state="attached")
        assert not recover.is_visible()
        page.locator(".lm-MenuBar-itemLabel", has_text="Kernel").first.click()
        page.locator('.lm-Menu-item[data-command="kernelmenu:restart"]').click()
        page.locator(".jp-Dialog-button.jp-mod-accept").click()  # "Restart"
        recover.wait_for(state="visible")
        assert "run this cell again" in recover.inner_text()
        assert not recover.locator("img.bgw-picture").is_visible()  # the greyed board is still there
        assert page.locator(".bgw-game.jupyter-widgets-disconnected").count() == 1
        SHOTS.mkdir(exist_ok=True)
        page.screenshot(path=str(SHOTS / "after_kernel_restart.png"))
    finally:
        context.close()
