"""Click-to-screen latency of the four game widgets, measured in a real browser.

Starts JupyterLab on 127.0.0.1 and Debian's headless Chromium (the recipe of
``tests/browser``). For each game (Food Chain, Chop Chop, Papageno, Mouse Trap) it opens
a notebook with the game as ``bw.play`` shows it — **default animation speed**, seat 0
the person, seat 1 the **default strong bot** ("Strong bot (tree search)") — and, in
the same output (see :func:`notebook_cells`), the anchor: a bare ipycanvas canvas whose
mouse-down handler clears it and draws a rectangle and a text.

Every round plays the **same position** (:func:`start_position`: seed 1, a fixed prefix
of moves; a hidden "bench reset" button loads it again with ``load_state``, which also
restarts the chance stream, so the player's move and its dice are the same each round):

1. reset to the position; the set-up clicks that do not commit a move (Food Chain: pick
   the hand card; Chop Chop: pick the piece if several can move), each waited out;
2. the anchor click on the bare canvas (measured);
3. the click that commits the player's move (measured); in every ``--reply-every``-th
   round (4 by default; the first included) everything that follows too — the move's
   animation, the strong bot thinking and its move, chance — until the status line says
   it is the person's turn again and the page is quiet. The other rounds end once the
   move's first frame is drawn (the next round's reset stops its animation).

The anchor click and the game click alternate, so both are measured under the same
load, moment by moment; each round's ratio is taken to its own anchor. A click's time
varies from one click to the next (7 to 25 ms, in the page and the server: on the
kernel's side both take a few ms, see ``kernel_latency.py``), so the ±target takes
hundreds of rounds: most rounds stop at the first frame (the goal's figure), the later
figures come from the full rounds. One anchor click a round, not several: each measured
click is the first on its canvas after a click on the other one (the set-up clicks are
on the board), and a second or third click on the same canvas comes ~2 ms sooner
(measured: 10.2 ms the first, 8.3 ms the next two, medians of 72 rounds), which would
make the anchor look faster than any move click can be. Both measured
clicks are made the same way (:func:`press`): the mouse is moved onto the canvas, the
mouse-move and mouse-out messages ipycanvas sends for it are left to finish, then the
button goes down and up — as a person's mouse reaches the board before they click.

Inside the page the time of each mouse-down, of each change of the status line and of
every 2D drawing call (with the canvas it draws on) is recorded (``performance.now``:
the browser's wall clock — latency is wall time; the interleaved anchor is what makes
the ratio meaningful on a shared machine). Definitions, all from the mouse-down:

* **first frame** (the player's own move first shown): the end of the first burst of
  drawing calls on the board after the click. With animation on this is the move's
  first animation frame (the card lifted on its way, the die tumbling, the first step of
  the walk, the card starting to slide), drawn on the animation layer; it is the
  first visible response and **the goal is at most 1.1× the anchor**;
* **animation done**: the end of the first burst that draws on the pieces layer — the
  move settled on the board (the animation is paced by the speed setting, 0.14 s a step
  at "normal", so this is mostly the animation's length, not work);
* **bot's reply shown**: the end of the last burst on the pieces layer before the
  person's turn comes back (the bot's move on the board after its thinking — the strong
  bot's time budget, 0.9 s a move or its game's minimum — its animation and chance);
* **anchor**: the end of the first burst on the bare canvas.

A burst is a run of drawing calls with gaps of at most 4 ms (one message's work in the
browser). The pieces layer is recognised in the page: ipycanvas composites the layers
onto the visible canvas in order, so the second source of that composite is it.

Rounds: at least ``--min-rounds``, then until the 95% confidence interval of the median
first-frame ratio (the median's order-statistic interval, distribution-free) has a
half-width of at most ``--target`` (0.05), or ``--rounds`` is reached. (Stopping on the
width is a sequential rule: the interval's coverage is a little under its nominal 95%.)
Printed per game: medians and spreads in milliseconds, each ratio's median with its
interval, whether the ±target was reached and whether the 1.1 goal was met, and the load
average while the game was measured.

Run: ``python benchmarks/widget_latency.py [--games ...] [--rounds N] [--target 0.05]
[--reply-every 4] [--raw rounds.jsonl]`` (``--raw``: each round's figures)
(needs /usr/bin/chromium, playwright, jupyterlab). Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import shutil
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, TextIO

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
    wait_still,
    write_notebook,
)

GAMES = ("food_chain", "chop_chop", "papageno", "mouse_trap")
SEED = 1
#: The opponent: the default strong bot, as the seat picker names it.
STRONG = "Strong bot (tree search)"
#: The status line says this (and not the words below) when the person is to act again.
YOUR_TURN = "your turn"
BUSY_WORDS = ("thinking", "Rolling")

#: Drawing calls recorded in the page (with the canvas drawn on), and the time of every
#: mouse-down and status change. ``sources`` keeps, per canvas, the first canvases drawn
#: onto it with drawImage (for a MultiCanvas: its layers, bottom first); it is never reset.
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
  // the last websocket message either way: the page and the kernel are quiet once it is old
  rec.lastWs = 0;
  const OrigWS = window.WebSocket;
  window.WebSocket = class extends OrigWS {
    constructor(...a) { super(...a); this.addEventListener('message', () => { rec.lastWs = performance.now(); }); }
    send(d) { rec.lastWs = performance.now(); return super.send(d); }
  };
  new MutationObserver(muts => {
    for (const m of muts) {
      const el = m.target.nodeType === 1 ? m.target : m.target.parentElement;
      const status = el && el.closest && el.closest('.bgw-status');
      if (status) { rec.texts.push([performance.now(), status.innerText]); return; }
    }
  }).observe(document, {subtree: true, childList: true, characterData: true});
})();
"""


# -- the position each round plays ----------------------------------------------------------
@dataclass
class Position:
    """A game's benchmark position: a twin widget standing on it, and where to click.

    ``pre``: clicks that only select (waited out, not measured); ``move``: the click that
    commits the player's move. Coordinates are logical board pixels.
    """

    twin: Any
    pre: list[tuple[float, float]] = field(default_factory=list)
    move: tuple[float, float] = (0.0, 0.0)


def _centre(rect: tuple[float, float, float, float]) -> tuple[float, float]:
    x, y, w, h = rect
    return x + w / 2, y + h / 2


def start_position(game_id: str) -> Position:
    """The position every round of ``game_id`` plays, found on a synchronous twin (seed :data:`SEED`).

    Food Chain and Mouse Trap: the first move (place a card; roll the die). Papageno: the
    first full turn, after the openings and the draw (swap the drawn card into the grid).
    Chop Chop: the cat's first walk (the set-up placements and the roll played first).
    The twin's opponent is the random bot: only the prefix is played on it, and the
    position is then loaded into the real widget (the strong bot plays from there).
    """
    import boardgames_widgets as bw

    twin = bw.play(game_id, players=2, seed=SEED, seats=["Human", "Random bot"], threaded=False, speed="off")
    if game_id == "food_chain":
        lay = twin.layout_fc
        w, h = lay.hand_card
        hx, hy = lay.hand_xy(0)
        pos = Position(twin, pre=[(hx + w / 2, hy + h / 2)])
        twin.handle_click(*pos.pre[0])
        r, c = twin.game.legal_cells(twin.state)[0]
        cx, cy = lay.cell_xy(r, c)
        pos.move = (cx + lay.cell / 2, cy + lay.cell / 2)
        twin.reset_selection()
        return pos
    if game_id == "mouse_trap":
        return Position(twin, move=_centre(twin.die_rect))
    if game_id == "papageno":
        lay = twin.layout()
        twin.handle_click(*_centre(lay.card_rect(0, 0)))  # the opening: turn up a card (the bot opens too)
        twin.handle_click(*_centre(lay.draw_pile_rect()))  # draw: the card to swap in
        return Position(twin, move=_centre(twin.layout().card_rect(0, 1)))
    if game_id == "chop_chop":
        from boardgames_widgets.games.chop_chop import view as ccv
        from boardgames_widgets.games.chop_chop.rules import Jump, Move

        for _ in range(100):
            if twin.human_to_move() and any(isinstance(a, Move | Jump) for a in twin.game.legal_actions(twin.state)):
                break
            if not twin.advance_chance():  # a roll waiting for the person's click
                twin.play(twin.game.legal_actions(twin.state)[0])  # a set-up placement
        else:
            raise RuntimeError("Chop Chop: no walk for the cat in 100 steps")
        pos = Position(twin)
        pieces = twin.movable_pieces()
        if len(pieces) > 1:
            pos.pre.append(ccv.cell_center(twin.lay, twin.game.piece_cell(twin.state, pieces[0])))
            twin.sel_piece = pieces[0]
        landing = next(cell for cell, acts in twin.landings().items() if len(acts) == 1)
        pos.move = ccv.cell_center(twin.lay, landing)
        twin.reset_selection()
        return pos
    raise ValueError(f"no benchmark position for {game_id!r}")


def check_position(game_id: str) -> Position:
    """:func:`start_position`, checked: its clicks commit exactly one move of the person on a second twin."""
    pos = start_position(game_id)
    other = start_position(game_id)
    n = len(other.twin.actions)
    for x, y in pos.pre:
        other.twin.handle_click(x, y)
        if len(other.twin.actions) != n:
            raise AssertionError(f"{game_id}: a set-up click committed a move")
    who = other.twin.current_player()
    if who < 0:
        who = other.twin.waiting_seat()  # a roll that waits for its player's click
    other.twin.handle_click(*pos.move)
    if len(other.twin.actions) == n or who != 0:
        raise AssertionError(f"{game_id}: the move click did not commit the person's move")
    return pos


def notebook_cells(game_id: str) -> list[str]:
    """The benchmark notebook: the game at its position, the bare anchor canvas and the reset button.

    All three are shown in **one output**: a click on a canvas focuses it, and JupyterLab
    makes the cell holding the focus the active cell (class changes, a relayout) before
    ipycanvas sends the mouse-down. With the anchor in a cell of its own, every game click
    paid that switch and the anchor click did not (its cell was already active from the
    reset button): 4–8 ms in the page before the game's click even left it.
    """
    return [
        f"import sys\nsys.path.insert(0, {str(REPO / 'benchmarks')!r})\n"
        "import ipywidgets as W\nimport boardgames_widgets as bw\nfrom widget_latency import start_position",
        f"S0 = start_position({game_id!r}).twin.state\n"
        f"game = bw.play({game_id!r}, players=2, seed={SEED}, seats=['Human', {STRONG!r}])  # default speed\n"
        "game.load_state(S0)",
        # the anchor: a bare ipycanvas click -> draw, in the same output as the game; and the reset
        "from ipycanvas import Canvas, hold_canvas\n"
        "bare = Canvas(width=400, height=200, layout={'width': '200px', 'height': '100px'})\n"
        "bare.add_class('bgw-bare')\n"
        "def _down(x, y):\n"
        "    with hold_canvas():\n"
        "        bare.clear(); bare.fill_style = '#cde'; bare.fill_rect(0, 0, 400, 200)\n"
        "        bare.fill_style = '#000'; bare.font = '24px sans-serif'; bare.fill_text(f'{x:.0f},{y:.0f}', 20, 100)\n"
        "bare.on_mouse_down(_down)\n"
        "reset = W.Button(description='bench reset')\nreset.add_class('bgw-bench-reset')\n"
        "reset.on_click(lambda _: game.load_state(S0))\n"
        "W.VBox([game, W.HBox([bare, reset])])",
    ]


# -- reading the page -----------------------------------------------------------------------
Draw = list[float]  # [start, end, target canvas id, source canvas id or -1]

STATE_JS = """
() => { const s = document.querySelector('.bgw-game .bgw-status');
  return {draws: window.__bgw.draws, clicks: window.__bgw.clicks, texts: window.__bgw.texts,
          sources: window.__bgw.sources, now: performance.now(), status: s ? s.innerText : ''}; }
"""


def reset_records(page: Any) -> None:
    page.evaluate("() => { const r = window.__bgw; r.draws = []; r.clicks = []; r.texts = []; }")


def hover(page: Any, x: float, y: float, quiet_ms: float = 150, timeout: float = 30.0) -> None:
    """Move the mouse to (x, y) and wait until no websocket message has passed for ``quiet_ms``.

    ipycanvas sends every mouse move over a canvas, and a mouse-out when the mouse leaves
    one, to the kernel; the kernel answers each with a busy and an idle status that the page
    handles in order, before anything sent later. A person's mouse reaches the board before
    the button goes down; this lets that traffic finish before the measured mouse-down, for
    the anchor and the game alike (moving straight from the anchor to the board and pressing
    at once queued a mouse-out and a mouse-move — four status messages — ahead of the
    game's first frame and only a mouse-move ahead of the anchor's).
    """
    page.mouse.move(x, y)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if page.evaluate("() => performance.now() - window.__bgw.lastWs") > quiet_ms:
            return
        page.wait_for_timeout(30)
    raise TimeoutError("the websocket did not go quiet")


def press(page: Any, x: float, y: float) -> None:
    """A measured click at page coordinates (x, y): hover there first (see :func:`hover`), then press."""
    hover(page, x, y)
    reset_records(page)
    page.mouse.down()
    page.mouse.up()


def board_point(page: Any, box: dict[str, float], x: float, y: float) -> tuple[float, float]:
    """Page coordinates of logical board coordinates (x, y) of the first game widget (as ``click_board``)."""
    from boardgames_widgets.widgets.canvas_painter import PIXEL_RATIO

    bitmap = page.evaluate("() => document.querySelector('.bgw-game canvas').width")
    scale = box["width"] / (bitmap / PIXEL_RATIO)
    return box["x"] + x * scale, box["y"] + y * scale


def person_to_act(status: str) -> bool:
    return YOUR_TURN in status and not any(w in status for w in BUSY_WORDS)


def settle(page: Any, quiet_ms: float = 250, timeout: float = 60.0, turn_back: bool = False) -> dict[str, Any]:
    """Wait until no drawing call happened for ``quiet_ms``; return the records.

    ``turn_back``: also wait until the status line has left the person's turn and come
    back to it (the move, the bot's reply and chance are all done).
    """
    deadline = time.monotonic() + timeout
    left = False
    while time.monotonic() < deadline:
        rec = page.evaluate(STATE_JS)
        if turn_back:
            left = left or any(not person_to_act(t) for _, t in rec["texts"]) or not person_to_act(rec["status"])
        last = rec["draws"][-1][1] if rec["draws"] else None
        quiet = last is not None and rec["now"] - last > quiet_ms
        if quiet and (not turn_back or (left and person_to_act(rec["status"]))):
            return rec  # type: ignore[no-any-return]
        page.wait_for_timeout(40)
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


def end(burst: list[Draw]) -> float:
    return max(d[1] for d in burst)


def layer_ids(rec: dict[str, Any], n_layers: int) -> list[int]:
    """The canvas ids of the clicked board's layers, bottom first (the sources of its composite).

    A page may hold several layered canvases (the arcade's pictures, another board): the
    board is the one whose layers were drawn on after the click.
    """
    click = rec["clicks"][0]
    drawn = {d[2] for d in rec["draws"] if d[0] >= click}
    best: list[int] = []
    for seen in rec["sources"].values():
        ids = list(dict.fromkeys(seen))[:n_layers]
        if len(ids) == n_layers and len(drawn & set(ids)) > len(drawn & set(best)):
            best = ids
    if not best:
        raise LookupError("no composite of the board's layers was seen")
    return best


def after_click(rec: dict[str, Any]) -> tuple[float, list[list[Draw]]]:
    """(mouse-down time, bursts after it)."""
    click = rec["clicks"][0]
    return click, split_bursts([d for d in rec["draws"] if d[0] >= click])


def first_burst_latency(rec: dict[str, Any]) -> float:
    """Mouse-down → the end of the first burst of drawing after it."""
    click, later = after_click(rec)
    return end(later[0]) - click


@dataclass
class MoveTimes:
    """One committed move, from its mouse-down (ms)."""

    first: float  # the first frame shown
    done: float  # the move settled on the pieces layer (animation over)
    reply: float  # the bot's reply on the pieces layer, the person's turn back
    first_on_animation: bool  # the first frame was drawn on the animation layer
    bursts: int


def move_latency(rec: dict[str, Any], layers: dict[str, int]) -> MoveTimes:
    """The figures of a move click (see the module doc)."""
    click, later = after_click(rec)
    on_pieces = [b for b in later if any(d[2] == layers["pieces"] for d in b)]
    return MoveTimes(
        first=end(later[0]) - click,
        done=end(on_pieces[0]) - click,
        reply=end(on_pieces[-1]) - click,
        first_on_animation=any(d[2] == layers["animation"] for d in later[0]),
        bursts=len(later),
    )


# -- statistics -----------------------------------------------------------------------------
def median_ci(xs: list[float], level: float = 0.95) -> tuple[float, float, float]:
    """(median, low, high): the median and its distribution-free order-statistic confidence interval.

    The interval is ``[x_(k), x_(n-k+1)]`` with the largest ``k`` for which
    ``P(Binomial(n, 1/2) < k) <= (1 - level) / 2``; NaN bounds when ``n`` is too small.
    """
    n = len(xs)
    s = sorted(xs)
    med = statistics.median(s)
    alpha = (1 - level) / 2
    k, cdf = 0, 0.0
    while k < n:
        nxt = cdf + math.comb(n, k) / 2**n  # P(B <= k)
        if nxt > alpha:
            break
        cdf, k = nxt, k + 1
    if k == 0:
        return med, math.nan, math.nan
    return med, s[k - 1], s[n - k]


def half_width(xs: list[float]) -> float:
    _, lo, hi = median_ci(xs)
    return (hi - lo) / 2


@dataclass
class GameRun:
    """All rounds of one game.

    Attributes:
        anchor: each round's anchor click.
        first: each round's first frame; ``on_animation``: whether it was drawn on the animation layer.
        full: ``(round, times)`` of the rounds played on to the bot's reply.
    """

    game: str
    anchor: list[float] = field(default_factory=list)
    select: list[float] = field(default_factory=list)
    first: list[float] = field(default_factory=list)
    on_animation: list[bool] = field(default_factory=list)
    full: list[tuple[int, MoveTimes]] = field(default_factory=list)
    load: list[float] = field(default_factory=list)

    def ratios(self, what: str) -> list[float]:
        """``first`` (every round), ``done`` or ``reply`` (the full rounds), each over its round's anchor."""
        if what == "first":
            return [f / a for f, a in zip(self.first, self.anchor, strict=True)]
        return [getattr(m, what) / self.anchor[k] for k, m in self.full]


def first_frame(page: Any, after_ms: float = 60.0, timeout: float = 30.0) -> dict[str, Any]:
    """Wait until the first burst of drawing after the click is over (nothing drawn for
    ``after_ms`` after it began: a burst lasts a few ms, the next animation frame comes a
    step later); return the records."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        rec = page.evaluate(STATE_JS)
        click = rec["clicks"][0] if rec["clicks"] else None
        drawn = [d for d in rec["draws"] if click is not None and d[0] >= click]
        if drawn and rec["now"] - drawn[0][0] > after_ms:
            return rec  # type: ignore[no-any-return]
        page.wait_for_timeout(20)
    raise TimeoutError("no first frame after the move click")


def measure_game(
    page: Any,
    server: Any,
    game_id: str,
    rounds: int,
    min_rounds: int,
    target: float,
    minutes: float = math.inf,
    reply_every: int = 4,
    raw: TextIO | None = None,
) -> GameRun:
    """Play rounds of ``game_id`` in ``page`` (see the module doc).

    Every ``reply_every``-th round (the first included) plays on to the bot's reply, the
    others end once the first frame is drawn.
    Stops once the ±target is reached (after ``min_rounds``), or after ``rounds``, or once
    ``minutes`` have passed (the report then says the target was not reached). ``raw``: a
    JSON line per round is written there.
    """
    stop_at = time.monotonic() + 60 * minutes
    pos = check_position(game_id)
    open_and_run(page, server, f"bench_{game_id}.ipynb")
    page.locator(".bgw-bench-reset").first.wait_for(timeout=60_000)
    canvas = top_canvas(page)
    bare = page.locator(".bgw-bare").first
    reset_button = page.locator(".bgw-bench-reset").first
    run = GameRun(game_id)
    layers: dict[str, int] = {}
    names = list(pos.twin.layers)
    run.load.append(os.getloadavg()[0])
    for k in range(rounds):
        # 1. the position again (not measured)
        reset_button.scroll_into_view_if_needed()
        reset_records(page)
        reset_button.click()
        rec = settle(page)
        if not person_to_act(rec["status"]):
            raise RuntimeError(f"{game_id}: after the reset the status says {rec['status']!r}")
        canvas.scroll_into_view_if_needed()
        box = wait_still(page, canvas)
        for i, (x, y) in enumerate(pos.pre):
            reset_records(page)
            click_board(page, box, x, y)
            rec = settle(page)
            if i == 0:
                run.select.append(first_burst_latency(rec))
        # 2. the anchor
        bare.scroll_into_view_if_needed()
        bare_box = wait_still(page, bare)
        press(page, bare_box["x"] + 20 + 15 * (k % 10), bare_box["y"] + 50)
        run.anchor.append(first_burst_latency(settle(page)))
        # 3. the player's move; in a full round also the bot's reply
        canvas.scroll_into_view_if_needed()
        box = wait_still(page, canvas)
        press(page, *board_point(page, box, *pos.move))
        times: MoveTimes | None = None
        if k % reply_every == 0:
            rec = settle(page, turn_back=True)
            if not layers:
                ids = layer_ids(rec, len(names))
                layers = {name: ids[names.index(name)] for name in ("pieces", "animation")}
            times = move_latency(rec, layers)
            run.full.append((k, times))
            run.first.append(times.first)
            run.on_animation.append(times.first_on_animation)
        else:  # the first frame is all this round measures: the next reset stops the animation
            rec = first_frame(page)
            run.first.append(first_burst_latency(rec))
            first_burst = after_click(rec)[1][0]
            run.on_animation.append(any(d[2] == layers["animation"] for d in first_burst))
        if raw is not None:
            line = {"game": game_id, "round": k, "anchor": run.anchor[-1], "first": run.first[-1]}
            line |= {"on_animation": run.on_animation[-1]}
            if times is not None:
                line |= {"done": times.done, "reply": times.reply, "bursts": times.bursts}
            raw.write(json.dumps(line) + "\n")
            raw.flush()
        n = k + 1
        if n >= min_rounds and half_width(run.ratios("first")) <= target:
            break
        if time.monotonic() > stop_at:
            break
    run.load.append(os.getloadavg()[0])
    return run


# -- report ---------------------------------------------------------------------------------
def spread(xs: list[float]) -> str:
    return f"median {statistics.median(xs):7.1f}  (min {min(xs):7.1f}, max {max(xs):7.1f})"


def ratio_line(label: str, xs: list[float], goal: float | None, target: float | None) -> str:
    med, lo, hi = median_ci(xs)
    line = f"  {label:<34} {med:6.2f}x  95% CI {lo:5.2f}-{hi:5.2f} (±{(hi - lo) / 2:.3f})"
    if target is not None:
        line += f"  ±{target:g}: {'reached' if (hi - lo) / 2 <= target else 'NOT reached'}"
    if goal is not None:
        line += f"; goal <= {goal:g}: {'met' if med <= goal else 'MISSED'}"
    return line


def report(run: GameRun, target: float) -> list[str]:
    n, full = len(run.first), [m for _, m in run.full]
    out = [
        f"{run.game}: {n} rounds, {len(full)} of them on to the bot's reply "
        f"(load average {run.load[0]:.2f} at the start, {run.load[-1]:.2f} at the end)",
        f"  anchor: bare canvas click -> draw    {spread(run.anchor)}",
    ]
    if run.select:
        out.append(f"  select (not a move) -> shown        {spread(run.select)}")
    out += [
        f"  move -> first frame                 {spread(run.first)}",
        f"  move -> animation done              {spread([m.done for m in full])}",
        f"  move -> bot's reply shown           {spread([m.reply for m in full])}",
        ratio_line("ratio first frame / anchor", run.ratios("first"), 1.1, target),
        ratio_line("ratio animation done / anchor", run.ratios("done"), None, None),
        ratio_line("ratio bot's reply / anchor", run.ratios("reply"), None, None),
        f"  first frame drawn on the animation layer in {sum(run.on_animation)}/{n} rounds; "
        f"{statistics.median(m.bursts for m in full):.0f} canvas batches from click to reply (median)",
    ]
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--games", nargs="+", default=list(GAMES), choices=GAMES)
    parser.add_argument("--rounds", type=int, default=200, help="most rounds a game (default 200)")
    parser.add_argument("--min-rounds", type=int, default=30, help="fewest rounds a game (default 30)")
    parser.add_argument("--target", type=float, default=0.05, help="CI half-width to reach (default 0.05)")
    parser.add_argument("--minutes", type=float, default=math.inf, help="at most this long a game (default: no limit)")
    parser.add_argument(
        "--reply-every", type=int, default=4, help="every N-th round plays on to the bot's reply (default 4)"
    )
    parser.add_argument("--raw", type=Path, default=None, help="write each round's figures here, a JSON line each")
    args = parser.parse_args(argv)
    reason = skip_reason()
    if reason:
        print(f"skipped: {reason}")
        return 0
    from playwright.sync_api import sync_playwright

    when = datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    print(f"# python benchmarks/widget_latency.py {' '.join(argv if argv is not None else sys.argv[1:])}".rstrip())
    print(
        f"# {when}; {os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f} at the start; "
        f"headless Chromium, JupyterLab, ipycanvas; browser wall clock (performance.now), ms; "
        f"seed {SEED}, the same position every round; opponent: {STRONG}; default animation speed"
    )
    tmp = Path(tempfile.mkdtemp(prefix="bgw-bench-"))
    nbs = [write_notebook(tmp / f"bench_{g}.ipynb", notebook_cells(g)) for g in args.games]
    server = start_lab(nbs)
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
            page = browser.new_page(viewport={"width": 1200, "height": 1400}, device_scale_factor=1)
            page.set_default_timeout(60_000)
            page.add_init_script(INSTRUMENT_JS)
            raw = args.raw.open("a", encoding="utf-8") if args.raw is not None else None
            for g in args.games:
                run = measure_game(
                    page,
                    server,
                    g,
                    args.rounds,
                    min(args.min_rounds, args.rounds),
                    args.target,
                    args.minutes,
                    args.reply_every,
                    raw,
                )
                print("\n".join(report(run, args.target)), flush=True)
            if raw is not None:
                raw.close()
            browser.close()
    finally:
        server.stop()
        shutil.rmtree(tmp, ignore_errors=True)
        shutil.rmtree(server.root.parent, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
