"""Chop Chop in Hebrew in a real JupyterLab + Chromium: one turn by clicks, right-to-left text.

The notebook is written at test time into the server's folder (``bw.play("chop_chop",
lang="he")``). The test moves a mouse by two clicks (the mouse, then a lit square — the
board itself is not mirrored), waits for the cat bot to answer, and checks that the
status line is Hebrew with a computed ``direction: rtl``, that the chrome is laid out
right to left, and that the move log speaks Hebrew too.
"""

from __future__ import annotations

from typing import Any

from browser_helpers import (
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

NOTEBOOK = "chop_chop_he.ipynb"


def write_he_notebook(lab: LabServer) -> None:
    write_notebook(
        lab.root / NOTEBOOK,
        ["import boardgames_widgets as bw\ngame = bw.play('chop_chop', players=2, seed=1, lang='he')\ngame"],
    )


def computed_direction(page: Any, selector: str) -> str:
    return page.evaluate(  # type: ignore[no-any-return]
        "sel => getComputedStyle(document.querySelector(sel)).direction", selector
    )


def test_chop_chop_in_hebrew_plays_a_turn_with_rtl_status(lab: LabServer, page: Any) -> None:
    from boardgames_widgets.games.chop_chop import view as ccv
    from boardgames_widgets.widgets.chop_chop import ChopChopWidget

    # the same seed gives the same game: find the move the page will offer
    twin = ChopChopWidget(players=2, seed=1, speed="off", threaded=False, lang="he")
    mouse = twin.movable_pieces()[0]
    start = twin.game.piece_cell(twin.state, mouse)
    twin.sel_piece = mouse
    landing = next(c for c, acts in twin.landings().items() if len(acts) == 1)
    your_turn = twin.status.value.split("<b>")[1].split("</b>")[0]
    assert "תורך" in your_turn

    write_he_notebook(lab)
    open_and_run(page, lab, NOTEBOOK)
    wait_status(page, "תורך")
    canvas = top_canvas(page)
    box = wait_still(page, canvas)
    screenshot(page, "chop_chop_he_start")

    # right to left: the status line, the log, and the chrome around the board
    assert computed_direction(page, ".bgw-game .bgw-status div[dir]") == "rtl"
    assert computed_direction(page, ".bgw-game .bgw-log") == "rtl"
    assert computed_direction(page, ".bgw-game") == "rtl"
    assert page.locator(".bgw-game button", has_text="משחק חדש").count() == 1

    before_status, before_pixels = status_text(page), pixels(page)
    click_board(page, box, *ccv.cell_center(twin.lay, start))
    selected = wait_pixels_change(page, before_pixels)
    box = wait_still(page, canvas)
    click_board(page, box, *ccv.cell_center(twin.lay, landing))
    wait_status_change(page, before_status)
    wait_status(page, "תורך")  # the cat bot has answered: the mice again
    wait_pixels_change(page, selected)
    screenshot(page, "chop_chop_he_after_move")

    status = status_text(page)
    assert your_turn in status and any("\u0590" <= ch <= "\u05ff" for ch in status), status
    assert computed_direction(page, ".bgw-game .bgw-status div[dir]") == "rtl"
    assert page.evaluate("() => document.querySelector('.bgw-game .bgw-status div[dir]').getAttribute('dir')") == "rtl"
    log = page.locator(".bgw-game .bgw-log").inner_text()
    assert f"עכבר {mouse + 1} הולך" in log, log  # "Mouse n walks …" in Hebrew, mice counted from 1
    assert "החתול" in log  # the cat's roll and move
