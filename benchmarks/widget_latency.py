"""Click-to-redraw latency of the game widgets, measured in a real browser.

Starts JupyterLab on 127.0.0.1 and Debian's headless Chromium (the recipe of
``tests/browser``), opens a notebook with a Food Chain board (animation off) and
clicks it 20 times: 10 clicks that select a card (the overlay is redrawn) and 10 that
place it (the move is played, the bot answers, the board is redrawn). Inside the page,
the time of each mouse-down, of each change of the status / screen-reader text and of
every 2D drawing call is recorded; a click's latency is from the mouse-down to the
later of "text changed" and "last drawing call of the redraw".

The anchor, measured in the same page and run: a bare ipycanvas canvas whose mouse-down
handler clears it and draws a rectangle and a text (10 clicks); the widget's
click→redraw is printed as a ratio to it (goal: at most 1.1× for a click that selects).
Redraws per committed action are counted on a twin widget driven by the same clicks
(the pieces layer should be drawn once per action).

Then it times one full redraw (the ``R`` key redraws every layer) and, on a Chop
Chop board with animation on, the browser time of each animation frame (a frame is a
burst of drawing calls; bursts are split at gaps of more than 4 ms).

Run: ``python benchmarks/widget_latency.py`` (needs /usr/bin/chromium, playwright,
jupyterlab). Prints figures; asserts nothing.
"""

from __future__ import annotations

import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "tests" / "browser"))

from browser_helpers import (  # noqa: E402
    CHROMIUM,
    CHROMIUM_FLAGS,
    click_board,
    open_and_run,
    skip_reason,
    start_lab,
    top_canvas,
    wait_status,
    wait_still,
    write_notebook,
)

#: Drawing calls recorded in the page, and the time of every mouse-down and text change.
INSTRUMENT_JS = """
(() => {
  const rec = window.__bgw = {draws: [], clicks: [], texts: []};
  const P = CanvasRenderingContext2D.prototype;
  for (const name of ['fill', 'stroke', 'fillText', 'fillRect', 'clearRect', 'drawImage', 'putImageData',
                      'setTransform', 'arc', 'lineTo']) {
    const orig = P[name];
    P[name] = function (...args) {
      const t0 = performance.now();
      const r = orig.apply(this, args);
      rec.draws.push([t0, performance.now()]);
      return r;
    };
  }
  document.addEventListener('mousedown', () => rec.clicks.push(performance.now()), true);
  document.addEventListener('keydown', () => rec.clicks.push(performance.now()), true);
  new MutationObserver(muts => {
    for (const m of muts) {
      const el = m.target.nodeType === 1 ? m.target : m.target.parentElement;
      if (el && el.closest && el.closest('.bgw-status, .bgw-aria')) { rec.texts.push(performance.now()); return; }
    }
  }).observe(document, {subtree: true, childList: true, characterData: true});
})();
"""

FOOD_CHAIN_NB = [
    "import boardgames_widgets as bw",
    'game = bw.play("food_chain", players=2, seed=1, speed="off")\ngame',
    # the anchor: a bare ipycanvas click -> draw, in the same page
    "from ipycanvas import Canvas, hold_canvas\n"
    "bare = Canvas(width=400, height=200, layout={'width': '200px', 'height': '100px'})\n"
    "bare.add_class('bgw-bare')\n"
    "def _down(x, y):\n"
    "    with hold_canvas():\n"
    "        bare.clear(); bare.fill_style = '#cde'; bare.fill_rect(0, 0, 400, 200)\n"
    "        bare.fill_style = '#000'; bare.font = '24px sans-serif'; bare.fill_text(f'{x:.0f},{y:.0f}', 20, 100)\n"
    "bare.on_mouse_down(_down)\n"
    "bare",
]
CHOP_CHOP_NB = [
    "import boardgames_widgets as bw",
    'game = bw.play("chop_chop", players=2, seed=1, speed="normal")\ngame',
]


def reset(page: Any) -> None:
    page.evaluate("() => { const r = window.__bgw; r.draws = []; r.clicks = []; r.texts = []; }")


def settle(page: Any, quiet_ms: float = 250, timeout: float = 20.0, text: bool = True) -> dict[str, Any]:
    """Wait until no drawing call happened for ``quiet_ms``; return the records."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        rec = page.evaluate(
            "() => ({draws: window.__bgw.draws, clicks: window.__bgw.clicks, texts: window.__bgw.texts,"
            " now: performance.now()})"
        )
        last = rec["draws"][-1][1] if rec["draws"] else None
        if last is not None and rec["now"] - last > quiet_ms and (rec["texts"] or not text):
            return rec  # type: ignore[no-any-return]
        page.wait_for_timeout(50)
    raise TimeoutError("the board did not settle")


def latency(rec: dict[str, Any]) -> tuple[float, float]:
    """(first response, settled): mouse-down to the first redraw with the new text,
    and to the last drawing call (the bot's answer included)."""
    click = rec["clicks"][0]
    after = {"draws": [d for d in rec["draws"] if d[0] >= click]}
    first_burst_end = after["draws"][0][0] + bursts(after)[0]
    text = min(t for t in rec["texts"] if t >= click)
    return max(first_burst_end, text) - click, max(max(e for _, e in after["draws"]), text) - click


def bursts(rec: dict[str, Any], gap: float = 4.0) -> list[float]:
    """Durations of bursts of drawing calls (one burst ≈ one frame's work in the browser)."""
    out: list[float] = []
    start = end = None
    for s, e in rec["draws"]:
        if start is None or end is None:
            start, end = s, e
        elif s - end > gap:
            out.append(end - start)
            start, end = s, e
        else:
            end = max(end, e)
    if start is not None and end is not None:
        out.append(end - start)
    return out


def main() -> int:
    reason = skip_reason()
    if reason:
        print(f"skipped: {reason}")
        return 0
    from playwright.sync_api import sync_playwright

    from boardgames_widgets.games.chop_chop import view as ccv
    from boardgames_widgets.games.food_chain.rules import Place
    from boardgames_widgets.widgets.chop_chop import ChopChopWidget
    from boardgames_widgets.widgets.food_chain import FoodChainWidget

    tmp = Path(tempfile.mkdtemp(prefix="bgw-bench-"))
    nbs = [
        write_notebook(tmp / "bench_food_chain.ipynb", FOOD_CHAIN_NB),
        write_notebook(tmp / "bench_chop_chop.ipynb", CHOP_CHOP_NB),
    ]
    server = start_lab(nbs)
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
            page = browser.new_page(viewport={"width": 1200, "height": 1400}, device_scale_factor=1)
            page.add_init_script(INSTRUMENT_JS)

            # -- Food Chain: 10 selections + 10 moves, animation off ------------------------
            open_and_run(page, server, "bench_food_chain.ipynb")
            wait_status(page, "your turn")
            canvas = top_canvas(page)
            twin = FoodChainWidget(players=2, seed=1, speed="off", threaded=False)
            lay = twin.layout_fc
            w, h = lay.hand_card
            select_ms, move_ms = [], []
            for _ in range(10):
                box = wait_still(page, canvas)
                hx, hy = lay.hand_xy(0)
                reset(page)
                click_board(page, box, hx + w / 2, hy + h / 2)
                select_ms.append(latency(settle(page)))
                card = twin.state.hands[0][0]
                r, c = twin.game.legal_cells(twin.state)[0]
                cx, cy = lay.cell_xy(r, c)
                reset(page)
                click_board(page, box, cx + lay.cell / 2, cy + lay.cell / 2)
                move_ms.append(latency(settle(page)))
                twin.play(Place(card.kind, card.value, r, c))
                wait_status(page, "your turn")

            # -- the anchor: a bare ipycanvas canvas, 10 clicks ---------------------------------
            bare = page.locator(".bgw-bare").first
            bare.scroll_into_view_if_needed()
            bare_box = wait_still(page, bare)
            bare_ms = []
            for k in range(10):
                reset(page)
                page.mouse.click(bare_box["x"] + 20 + 15 * k, bare_box["y"] + 50)
                rec = settle(page, text=False)
                click = rec["clicks"][0]
                draws = [d for d in rec["draws"] if d[0] >= click]
                bare_ms.append(draws[0][0] + bursts({"draws": draws})[0] - click)
            canvas.scroll_into_view_if_needed()
            canvas.focus()  # the R key below goes to the board again

            # -- redraws per committed action, on a twin driven by the same clicks ------------
            count = FoodChainWidget(players=2, seed=1, speed="off", threaded=False)
            before_redraws, before_actions = count.redraws, len(count.actions)
            for _ in range(10):
                count.handle_click(hx + w / 2, hy + h / 2)
                r, c = count.game.legal_cells(count.state)[0]
                cx, cy = lay.cell_xy(r, c)
                count.handle_click(cx + lay.cell / 2, cy + lay.cell / 2)
            per_action = (count.redraws - before_redraws) / (len(count.actions) - before_actions)

            # -- one full redraw (the R key), five times ------------------------------------
            full_ms = []
            for _ in range(5):
                reset(page)
                page.keyboard.press("r")
                rec = settle(page, text=False)
                full_ms.append(sum(bursts(rec)))

            # -- Chop Chop with animation: browser time per frame ---------------------------
            open_and_run(page, server, "bench_chop_chop.ipynb")
            wait_status(page, "your turn")
            canvas = top_canvas(page)
            box = wait_still(page, canvas)
            cc = ChopChopWidget(players=2, seed=1, speed="off", threaded=False)
            mouse = cc.movable_pieces()[0]
            cc.sel_piece = mouse
            landing = next(cell for cell, acts in cc.landings().items() if len(acts) == 1)
            start = cc.game.piece_cell(cc.state, mouse)
            click_board(page, box, *ccv.cell_center(cc.lay, start))
            page.wait_for_timeout(500)
            reset(page)
            click_board(page, box, *ccv.cell_center(cc.lay, landing))
            rec = settle(page, quiet_ms=1500, timeout=30, text=False)
            frames = bursts(rec)
            browser.close()
    finally:
        server.stop()
        shutil.rmtree(tmp, ignore_errors=True)

    first = [f for f, _ in select_ms + move_ms]
    print("Widget latency in headless Chromium (JupyterLab, ipycanvas), milliseconds")
    print(f"  click -> redraw, all 20 clicks:      median {statistics.median(first):6.1f}  max {max(first):6.1f}")
    print(f"    select a card (overlay redrawn):   median {statistics.median(f for f, _ in select_ms):6.1f}")
    print(f"    place a card (move shown):         median {statistics.median(f for f, _ in move_ms):6.1f}")
    print(f"    ... until the bot has answered:    median {statistics.median(s for _, s in move_ms):6.1f}")
    anchor = statistics.median(bare_ms)
    print(f"  anchor: bare ipycanvas click -> draw: median {anchor:6.1f}  (same page, same run)")
    print(f"  ratio select / anchor:                {statistics.median(f for f, _ in select_ms) / anchor:6.2f}x")
    print(f"  ratio place / anchor:                 {statistics.median(f for f, _ in move_ms) / anchor:6.2f}x")
    print(f"  pieces-layer redraws per action:      {per_action:6.2f}  (goal 1; twin widget, same clicks)")
    print(f"  one full redraw (all layers):        median {statistics.median(full_ms):6.1f}")
    if frames:
        print(
            f"  animation frame (Chop Chop walk):    median {statistics.median(frames):6.1f}  "
            f"max {max(frames):6.1f}  ({len(frames)} frames)"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
