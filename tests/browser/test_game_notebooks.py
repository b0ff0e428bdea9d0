"""Each game notebook in a real JupyterLab + Chromium: run it, click the board, see the game move.

The assertions are about the game advancing (the status text changes and the canvas
pixels change), never about exact pixels. Screenshots go to ``test-artifacts/``.
"""

from __future__ import annotations

from typing import Any

from browser_helpers import (
    LabServer,
    click_board,
    open_and_run,
    pixels,
    save_notebook,
    screenshot,
    status_text,
    top_canvas,
    wait_pixels_change,
    wait_status,
    wait_status_change,
    wait_still,
)


def test_food_chain_notebook_plays_a_card_by_clicks(lab: LabServer, page: Any) -> None:
    """Run the Food Chain notebook, click a hand card then a lit cell: the card is placed."""
    from boardgames_widgets.games.food_chain.view import FoodChainLayout

    open_and_run(page, lab, "food_chain.ipynb")
    wait_status(page, "your turn")
    canvas = top_canvas(page)
    box = wait_still(page, canvas)
    page.wait_for_function("() => document.querySelector('.bgw-game canvas') !== null")
    screenshot(page, "food_chain_start")
    lay = FoodChainLayout(2)
    before_status, before_pixels = status_text(page), pixels(page)

    # pick the first card of the hand: only the overlay changes (a frame round the card)
    hx, hy = lay.hand_xy(0)
    w, h = lay.hand_card
    click_board(page, box, hx + w / 2, hy + h / 2)
    selected_pixels = wait_pixels_change(page, before_pixels)
    wait_status(page, "click a lit square to place your")  # the status line says the next step
    before_status = status_text(page)

    # then the cell right of the start card
    cx, cy = lay.cell_xy(0, 1)
    box = wait_still(page, canvas)
    click_board(page, box, cx + lay.cell / 2, cy + lay.cell / 2)
    after_status = wait_status_change(page, before_status)
    wait_status(page, "your turn")
    after_pixels = wait_pixels_change(page, selected_pixels)
    screenshot(page, "food_chain_after_move")
    wait_status(page, "still to place: Player 1 11")  # players are numbered from 1 in every text
    assert "still to place: Player 1 11" in status_text(page), after_status
    assert after_pixels != before_pixels
    log = page.locator(".bgw-game .bgw-log").inner_text()
    assert "Player 1 places" in log and "column" not in log  # no coordinates: the board draws none

    # the keyboard alone plays the next move: digit 1 picks a card, Enter the first lit cell
    before_status = status_text(page)
    page.keyboard.press("1")  # the canvas has the focus since the click
    page.keyboard.press("Enter")
    wait_status_change(page, before_status)
    wait_status(page, "Player 1 10")
    screenshot(page, "food_chain_after_keyboard_move")


def test_food_chain_reload_redraws_the_board(lab: LabServer, page: Any) -> None:
    """After a page reload the canvas is drawn again (ipycanvas #322 pitfall)."""
    open_and_run(page, lab, "food_chain.ipynb")
    wait_status(page, "your turn")
    wait_still(page, top_canvas(page))
    page.wait_for_function(
        "() => { const c = document.querySelector('.bgw-game canvas');"
        " return c && c.getContext('2d').getImageData(20, 20, 1, 1).data[3] > 0; }"
    )
    save_notebook(page)  # the saved output names the widget; Lab restores it from the kernel
    page.reload()
    page.get_by_text("Python 3 (ipykernel) | Idle").wait_for(timeout=60_000)
    wait_status(page, "your turn")
    wait_still(page, top_canvas(page))
    # the board gets its pixels back (MultiCanvas shows its layers in one <canvas>)
    page.wait_for_function(
        "() => Array.from(document.querySelectorAll('.bgw-game canvas')).some(c => c.width > 100"
        " && c.getContext('2d').getImageData(c.width / 2, c.height / 2, 1, 1).data[3] > 0)",
        timeout=20_000,
    )
    screenshot(page, "food_chain_after_reload")


def test_chop_chop_notebook_moves_a_mouse_by_clicks(lab: LabServer, page: Any) -> None:
    """Run the Chop Chop notebook, click a mouse then a lit square: the mouse walks there."""
    from boardgames_widgets.games.chop_chop import view as ccv
    from boardgames_widgets.widgets.chop_chop import ChopChopWidget

    # the same seed gives the same game: find the move the page will offer
    twin = ChopChopWidget(players=2, seed=1, speed="off", threaded=False)
    mouse = twin.movable_pieces()[0]
    start = twin.game.piece_cell(twin.state, mouse)
    twin.sel_piece = mouse
    landing = next(c for c, acts in twin.landings().items() if len(acts) == 1)

    open_and_run(page, lab, "chop_chop.ipynb")
    wait_status(page, "your turn")
    canvas = top_canvas(page)
    box = wait_still(page, canvas)
    screenshot(page, "chop_chop_start")
    before_status, before_pixels = status_text(page), pixels(page)

    click_board(page, box, *ccv.cell_center(twin.lay, start))
    selected_pixels = wait_pixels_change(page, before_pixels)  # the landing squares light up
    screenshot(page, "chop_chop_selected")
    box = wait_still(page, canvas)
    click_board(page, box, *ccv.cell_center(twin.lay, landing))
    wait_status_change(page, before_status)
    wait_status(page, "your turn")
    wait_pixels_change(page, selected_pixels)
    screenshot(page, "chop_chop_after_move")
    log = page.locator(".bgw-game .bgw-log").inner_text()
    assert f"Mouse {mouse + 1} walks" in log, log  # mice counted from 1 in words
