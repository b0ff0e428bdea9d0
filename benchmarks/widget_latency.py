"""Click-to-redraw latency of the game widgets, measured in a real browser.

Starts JupyterLab on 127.0.0.1 and Debian's headless Chromium (the recipe of
``tests/browser``) and opens a notebook with a Food Chain board (animation off) and,
in the same page, the anchor: a bare ipycanvas canvas whose mouse-down handler clears it
and draws a rectangle and a text. It then plays ``--rounds`` rounds (default 20; a New
game when a game ends, after 12); each round clicks a hand card (select), a lit cell
(place: the move is played, chance refills the hand, the bot answers, chance refills its
hand) and the bare canvas (anchor), so the anchor is measured under the same load as the
board, moment by moment.

Inside the page the time of each mouse-down, of each change of the status /
screen-reader text and of every 2D drawing call (with the canvas it draws on) is
recorded. Definitions, all from the mouse-down:

* select → shown: the later of "text changed" and the end of the first burst of drawing
  calls (the overlay with the selected card);
* place → move shown: the later of the first text change and the end of the first burst
  that draws on the pieces layer (the board with the player's card on it and the
  updated status line: the move, nothing of the bot's reply);
* place → bot's reply shown: the end of the last burst that draws on the pieces layer
  (the bot's card on the board, its hand refilled, the player's turn again);
* anchor: the end of the first burst on the bare canvas.

A burst is a run of drawing calls with gaps of at most 4 ms (one message's work in the
browser). The pieces layer is recognised in the page: ipycanvas composites the layers
onto the visible canvas in order, so the second source of that composite is it.

Printed: median and spread (min–max) of each, their ratios to the anchor (goal: at most
1.1× for select and place; also the median of each round's ratio to its own anchor
click), canvas batches and layer composites per place click in the browser, and, on a
twin widget driven by the same clicks, pieces-layer redraws and layers sent per committed
action. Then one full redraw (the ``R`` key redraws every layer) and, on a Chop Chop
board with animation on, the browser time of each animation frame.

Run: ``python benchmarks/widget_latency.py [--rounds N]`` (needs /usr/bin/chromium,
playwright, jupyterlab). Prints figures; asserts nothing. The machine may be shared:
compare ratios, and run it a few times.
"""

from __future__ import annotations

import argparse
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

#: Drawing calls recorded in the page (with the canvas drawn on), and the time of every
#: mouse-down and text change. ``sources`` keeps, per canvas, the first canvases drawn onto
#: it with drawImage (for a MultiCanvas: its layers, bottom first); it is never reset.
INSTRUMENT_JS = """
(() => {
  const ids = new WeakMap();
  let next = 0;
  const id = c => { if (!c) return -1; if (!ids.has(c)) ids.set(c, next++); return ids.get(c); };
  const rec = window.__bgw = {draws: [], clicks: [], texts: [], sources: {}};
  const P = CanvasRenderingContext2D.prototype;
  for (const name of ['fill', 'stroke', 'fillText', 'fillRect', 'clearRect', 'drawImage', 'putImageData',
                      'setTransform', 'arc', 'lineTo']) {
    const orig = P[name];
    P[name] = function (...args) {
      const t0 = performance.now();
      const r = orig.apply(this, args);
      const target = id(this.canvas);
      let source = -1;
      if (name === 'drawImage' && args[0] instanceof HTMLCanvasElement) {
        source = id(args[0]);
        const seen = rec.sources[target] = rec.sources[target] || [];
        if (seen.length < 16) seen.push(source);
      }
      rec.draws.push([t0, performance.now(), target, source]);
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


Draw = list[float]  # [start, end, target canvas id, source canvas id or -1]


def reset(page: Any) -> None:
    page.evaluate("() => { const r = window.__bgw; r.draws = []; r.clicks = []; r.texts = []; }")


def settle(page: Any, quiet_ms: float = 250, timeout: float = 20.0, text: bool = True) -> dict[str, Any]:
    """Wait until no drawing call happened for ``quiet_ms``; return the records."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        rec = page.evaluate(
            "() => ({draws: window.__bgw.draws, clicks: window.__bgw.clicks, texts: window.__bgw.texts,"
            " sources: window.__bgw.sources, now: performance.now()})"
        )
        last = rec["draws"][-1][1] if rec["draws"] else None
        if last is not None and rec["now"] - last > quiet_ms and (rec["texts"] or not text):
            return rec  # type: ignore[no-any-return]
        page.wait_for_timeout(50)
    raise TimeoutError("the board did not settle")


def split_bursts(draws: list[Draw], gap: float = 4.0) -> list[list[Draw]]:
    """Runs of drawing calls separated by more than ``gap`` ms (one burst ≈ one message's work)."""
    out: list[list[Draw]] = []
    end = None
    for d in draws:
        if end is None or d[0] - end > gap:
            out.append([d])
            end = d[1]
        else:
            out[-1].append(d)
            end = max(end, d[1])
    return out


def bursts(rec: dict[str, Any], gap: float = 4.0) -> list[float]:
    """Durations of the bursts of drawing calls."""
    return [max(d[1] for d in b) - b[0][0] for b in split_bursts(rec["draws"], gap)]


def layer_ids(rec: dict[str, Any], n_layers: int) -> list[int]:
    """The canvas ids of a MultiCanvas's layers, bottom first (the sources of its composite)."""
    for seen in rec["sources"].values():
        if len(set(seen[:n_layers])) == n_layers:
            return list(seen[:n_layers])
    raise LookupError("no composite of the board's layers was seen")


def after_click(rec: dict[str, Any]) -> tuple[float, list[list[Draw]], float]:
    """(mouse-down time, bursts after it, first text change after it)."""
    click = rec["clicks"][0]
    later = split_bursts([d for d in rec["draws"] if d[0] >= click])
    text = min((t for t in rec["texts"] if t >= click), default=float("nan"))
    return click, later, text


def end(burst: list[Draw]) -> float:
    return max(d[1] for d in burst)


def select_latency(rec: dict[str, Any]) -> float:
    """Mouse-down → the later of the first text change and the end of the first burst."""
    click, later, text = after_click(rec)
    return max(end(later[0]), text) - click


def place_latency(rec: dict[str, Any], pieces: int) -> tuple[float, float, int, int]:
    """(move shown, bot's reply shown, bursts, composites) of a place click (see the module doc)."""
    click, later, text = after_click(rec)
    on_pieces = [b for b in later if any(d[2] == pieces for d in b)]
    composites = sum(1 for b in later for d in b if d[3] == pieces)  # each composite copies the pieces layer once
    return max(end(on_pieces[0]), text) - click, end(on_pieces[-1]) - click, len(later), composites


def spread(xs: list[float]) -> str:
    return f"median {statistics.median(xs):6.1f}  (min {min(xs):6.1f}, max {max(xs):6.1f})"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=20, help="select + place + anchor clicks (default 20)")
    args = parser.parse_args()
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

            # -- Food Chain (animation off) and the anchor, interleaved -----------------------
            open_and_run(page, server, "bench_food_chain.ipynb")
            wait_status(page, "your turn")
            canvas = top_canvas(page)
            bare = page.locator(".bgw-bare").first
            bare.wait_for()
            twin = FoodChainWidget(players=2, seed=1, speed="off", threaded=False)
            lay = twin.layout_fc
            w, h = lay.hand_card
            hx, hy = lay.hand_xy(0)
            select_ms: list[float] = []
            move_ms: list[float] = []
            reply_ms: list[float] = []
            batches: list[int] = []
            composites: list[int] = []
            bare_ms: list[float] = []
            pieces = -1
            for k in range(args.rounds):
                if twin.game.is_terminal(twin.state):  # a game has 12 moves a player: start another
                    page.locator(".bgw-game button", has_text="New game").first.click()
                    twin.new_game()
                    wait_status(page, "your turn")
                canvas.scroll_into_view_if_needed()
                box = wait_still(page, canvas)
                reset(page)
                click_board(page, box, hx + w / 2, hy + h / 2)
                select_ms.append(select_latency(settle(page)))
                card = twin.state.hands[0][0]
                r, c = twin.game.legal_cells(twin.state)[0]
                cx, cy = lay.cell_xy(r, c)
                reset(page)
                click_board(page, box, cx + lay.cell / 2, cy + lay.cell / 2)
                rec = settle(page)
                if pieces < 0:
                    pieces = layer_ids(rec, len(twin.layers))[twin.layers.index("pieces")]
                move, reply, n_bursts, n_composites = place_latency(rec, pieces)
                move_ms.append(move)
                reply_ms.append(reply)
                batches.append(n_bursts)
                composites.append(n_composites)
                twin.play(Place(card.kind, card.value, r, c))
                wait_status(page, "Game over" if twin.game.is_terminal(twin.state) else "your turn")
                # the anchor, under the same load as the clicks just made
                bare.scroll_into_view_if_needed()  # a score table under the board pushes it down
                bare_box = wait_still(page, bare)
                reset(page)
                page.mouse.click(bare_box["x"] + 20 + 15 * (k % 10), bare_box["y"] + 50)
                rec = settle(page, text=False)
                click, later, _ = after_click(rec)
                bare_ms.append(end(later[0]) - click)
            canvas.focus()  # the R key below goes to the board again

            # -- redraws per committed action, on a twin driven by the same clicks ------------
            count = FoodChainWidget(players=2, seed=1, speed="off", threaded=False)
            assert count.canvas is not None
            stats: dict[str, int] = getattr(count.canvas, "stats", {})  # none before this was counted
            n_actions = n_redraws = 0
            n_sent = dict.fromkeys(stats, 0)
            for _ in range(args.rounds):
                if count.game.is_terminal(count.state):
                    count.new_game()  # not counted: only the clicks' own drawing is
                before, before_redraws, before_actions = dict(stats), count.redraws, len(count.actions)
                count.handle_click(hx + w / 2, hy + h / 2)
                r, c = count.game.legal_cells(count.state)[0]
                cx, cy = lay.cell_xy(r, c)
                count.handle_click(cx + lay.cell / 2, cy + lay.cell / 2)
                n_actions += len(count.actions) - before_actions
                n_redraws += count.redraws - before_redraws
                for k in n_sent:
                    n_sent[k] += stats[k] - before[k]
            per_action = n_redraws / n_actions
            sent = {k: v / n_actions for k, v in n_sent.items()}

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

    anchor = statistics.median(bare_ms)
    print(f"Widget latency in headless Chromium (JupyterLab, ipycanvas), milliseconds, {args.rounds} rounds")
    print(f"  anchor: bare ipycanvas click -> draw:  {spread(bare_ms)}")
    print(f"  select a card -> overlay shown:        {spread(select_ms)}")
    print(f"  place a card -> move shown:            {spread(move_ms)}")
    print(f"  place a card -> bot's reply shown:     {spread(reply_ms)}")
    print(f"  ratio select / anchor:                 {statistics.median(select_ms) / anchor:6.2f}x  (goal <= 1.1)")
    print(f"  ratio place (move shown) / anchor:     {statistics.median(move_ms) / anchor:6.2f}x  (goal <= 1.1)")
    print(f"  ratio bot's reply shown / anchor:      {statistics.median(reply_ms) / anchor:6.2f}x")
    paired_select = statistics.median(a / b for a, b in zip(select_ms, bare_ms, strict=True))
    paired_move = statistics.median(a / b for a, b in zip(move_ms, bare_ms, strict=True))
    print(f"  each round over its own anchor click:  select {paired_select:5.2f}x, place {paired_move:5.2f}x (median)")
    print(
        f"  per place click in the page:           {statistics.median(batches):4.0f} canvas batches, "
        f"{statistics.median(composites):4.0f} layer composites (median)"
    )
    line = f"  per committed action (twin widget):    {per_action:5.2f} pieces-layer redraws (goal 1)"
    if sent:
        line += (
            f", {sent['layers_sent']:5.2f} layers sent in {sent['batches']:5.2f} batches, "
            f"{sent['layers_unchanged']:5.2f} unchanged layers not sent"
        )
    print(line)
    print(f"  one full redraw (all layers):          median {statistics.median(full_ms):6.1f}")
    if frames:
        print(
            f"  animation frame (Chop Chop walk):      median {statistics.median(frames):6.1f}  "
            f"max {max(frames):6.1f}  ({len(frames)} frames)"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
