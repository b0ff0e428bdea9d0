"""The board outside JupyterLab: one game in Notebook 7 and the arcade in Voilà, at 1024×768.

Each gets its own server (started once for this module, stopped by PID). The checks are the
layout ones of ``test_browser_layout.py``: the canvas inside the page's output area,
nothing overflowing; Voilà shows the arcade's board with its seat pickers named after the
seats. Screenshots go to ``tests/browser/screenshots/``.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_helpers import REPO, LabServer, skip_reason, start_lab, wait_still

SHOTS = Path(__file__).resolve().parent / "screenshots"

FITS_JS = """
() => Array.from(document.querySelectorAll('.bgw-game')).map(g => {
  const c = g.querySelector('canvas'), cb = c.getBoundingClientRect();
  const out = g.closest('.jp-OutputArea-output') || g.parentElement, ob = out.getBoundingClientRect();
  const over = Array.from(g.querySelectorAll('button, .widget-label, .widget-dropdown'))
    .filter(e => e.offsetParent !== null && e.scrollWidth > e.clientWidth + 1).map(e => e.innerText.slice(0, 40));
  return {left: cb.left, right: cb.right, outLeft: ob.left, outRight: ob.right, vw: window.innerWidth, over};
})
"""


def serve(app: str, notebook: Path) -> Iterator[LabServer]:
    reason = skip_reason()
    if reason:
        pytest.skip(reason)
    server = start_lab([notebook], app=app)
    try:
        yield server
    finally:
        server.stop()
        shutil.rmtree(server.root.parent, ignore_errors=True)


@pytest.fixture(scope="module")
def notebook7() -> Iterator[LabServer]:
    yield from serve("notebook", REPO / "notebooks" / "games" / "mouse_trap.ipynb")


@pytest.fixture(scope="module")
def voila() -> Iterator[LabServer]:
    yield from serve("voila", REPO / "notebooks" / "arcade.ipynb")


def new_page(browser: Any) -> Any:
    context = browser.new_context(viewport={"width": 1024, "height": 768}, device_scale_factor=1)
    page = context.new_page()
    page.set_default_timeout(90_000)
    return page


def assert_fits(boxes: list[dict[str, Any]]) -> None:
    assert boxes
    for b in boxes:
        assert b["left"] >= b["outLeft"] - 1 and b["right"] <= b["outRight"] + 1 and b["right"] <= b["vw"], b
        assert not b["over"], b["over"]


def test_mouse_trap_in_notebook_7_fits(notebook7: LabServer, browser: Any) -> None:
    page = new_page(browser)
    try:
        page.goto(f"{notebook7.url}/notebooks/mouse_trap.ipynb?token={notebook7.token}")
        page.locator(".jp-Notebook").wait_for()
        page.wait_for_timeout(3000)  # the kernel starts
        page.locator(".lm-MenuBar-itemLabel", has_text="Run").first.click()
        page.locator('.lm-Menu-item[data-command="runmenu:run-all"]').click()
        page.locator(".bgw-game canvas").first.wait_for()
        wait_still(page, page.locator(".bgw-game canvas").first)
        assert_fits(page.evaluate(FITS_JS))
        SHOTS.mkdir(exist_ok=True)
        page.locator(".bgw-game").first.screenshot(path=str(SHOTS / "notebook7_mouse_trap_1024x768.png"))
    finally:
        page.context.close()


def test_the_arcade_in_voila_fits_and_names_the_seats(voila: LabServer, browser: Any) -> None:
    """The arcade fits at 1024×768, has one set of seat pickers, and asks no other host for anything."""
    from urllib.parse import urlsplit

    page = new_page(browser)
    hosts: list[str] = []
    page.on("request", lambda request: hosts.append(urlsplit(request.url).hostname or request.url[:5]))
    try:
        page.goto(f"{voila.url}/?token={voila.token}")
        page.locator(".bgw-arcade .bgw-game canvas").first.wait_for()
        wait_still(page, page.locator(".bgw-game canvas").first)
        assert_fits(page.evaluate(FITS_JS))
        # one set of seat pickers (the board's), named after the seats: pick Chop Chop and play
        page.locator(".bgw-arcade select").first.select_option(label="Chop Chop (2–5 players)")
        page.locator(".bgw-arcade button", has_text="Play").click()
        cat = page.locator(".bgw-game .widget-dropdown label", has_text="Cat player")
        cat.wait_for(state="attached")  # Chop Chop's board is there, its seat pickers folded under it
        chop_chop = page.locator(".bgw-game", has=page.locator(".widget-dropdown label", has_text="Cat player"))
        chop_chop.locator(".bgw-more").get_by_text("Players and settings").click()
        cat.wait_for()
        labels = [t for t in page.locator(".bgw-arcade .widget-dropdown label").all_inner_texts() if t.strip()]
        assert labels.count("Cat player") == 1 and "Mice player" in labels and "Player 0" not in labels, labels
        wait_still(page, page.locator(".bgw-game canvas").first)
        assert_fits(page.evaluate(FITS_JS))
        SHOTS.mkdir(exist_ok=True)
        page.screenshot(path=str(SHOTS / "voila_arcade_1024x768.png"), full_page=True)
        others = sorted({h for h in hosts if h not in ("127.0.0.1", "localhost", "data:", "blob:")})
        assert hosts and not others, others  # no CDN: a school filter cannot leave the page blank
    finally:
        page.context.close()
