"""The kernel's part of a click: mouse-down message in, first drawing message out (no browser).

``widget_latency.py`` measures a click in a real browser, where the page's own work (its
layout, painting, the websocket) spreads each round's ratio by a factor of two, so a
change of a millisecond in the kernel is lost in it. This benchmark takes the page away:
it starts a real IPython kernel (``jupyter_client``), builds the same notebook as
``widget_latency.py`` (:func:`widget_latency.notebook_cells`: the game at its benchmark
position, default animation, the default strong bot; the bare ipycanvas anchor), and then
plays the page's part itself. Each round:

1. the position is loaded again (the reset button's ``load_state``), and the set-up clicks
   that only select are sent, each waited out;
2. the anchor: a ``mouse_down`` comm message to the bare canvas, as ipycanvas's front end
   sends it; the time until the kernel's first drawing message comes back on IOPub;
3. the game: a ``mouse_down`` to the board's top canvas at the move's point; the time
   until its first drawing message (the move's first animation frame) comes back; then
   everything that follows (the animation, the bot's reply) is waited out, until the game
   is no longer busy and IOPub has been quiet for ``--quiet`` seconds (the other steps' answers are one batch each:
   :data:`SHORT_QUIET`).

Times are the client's wall clock (``time.perf_counter``), from just before the message
is sent to its reply's arrival: the kernel's handling, its threads, and the ZeroMQ hops
both ways on this machine. Anchor and game alternate, so both see the same load. Printed
per game: medians (with the order-statistic 95% interval of the median ratio, as in
``widget_latency.py``) of the anchor, the game's first frame, their ratio and their
difference in milliseconds.

Run: ``python benchmarks/kernel_latency.py [--games ...] [--rounds 40]``. To time other
code, put it first on the kernel's path: ``PYTHONPATH=/path/to/checkout python ...``
(the kernel inherits the environment). Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import queue
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from widget_latency import GAMES, median_ci, notebook_cells, start_position

#: IOPub silence that ends the wait after a reset, a set-up click or the anchor (their
#: answers are one batch each); after the move the wait is ``--quiet`` long.
SHORT_QUIET = 0.3


@dataclass
class KernelRun:
    """One game's rounds: per round the anchor's and the game's latency, in ms."""

    game_id: str
    package: str  # the kernel's boardgames_widgets (which code was timed)
    anchor: list[float] = field(default_factory=list)
    first: list[float] = field(default_factory=list)


class Kernel:
    """A real IPython kernel driven as a front end would: code to run, comm messages to send."""

    def __init__(self) -> None:
        from jupyter_client.manager import start_new_kernel

        self.km, self.kc = start_new_kernel(kernel_name="python3")

    def run(self, code: str, timeout: float = 120.0) -> str:
        """Run ``code``; its standard output (raises on an error)."""
        out: list[str] = []

        def keep(msg: dict[str, Any]) -> None:
            if msg["msg_type"] == "stream":
                out.append(msg["content"]["text"])
            elif msg["msg_type"] == "error":
                raise RuntimeError("\n".join(msg["content"]["traceback"]))

        reply = self.kc.execute_interactive(code, timeout=timeout, output_hook=keep)
        if reply["content"]["status"] != "ok":
            raise RuntimeError(f"{code!r}: {reply['content']}")
        return "".join(out)

    def drain(self, quiet: float, timeout: float = 60.0) -> None:
        """Read IOPub until nothing came for ``quiet`` seconds."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                self.kc.get_iopub_msg(timeout=quiet)
            except queue.Empty:
                return
        raise TimeoutError("IOPub never went quiet")

    def settle(self, quiet: float, timeout: float = 120.0) -> None:
        """Wait until the game is no longer busy (its worker done: the bot's reply, chance) and IOPub is quiet.

        A bot thinking longer than ``quiet`` would otherwise end the wait early, and its
        move's drawing would land in the next round's measurement.
        """
        deadline = time.monotonic() + timeout
        self.drain(quiet)
        while self.run("print(game.busy)").strip() != "False":
            if time.monotonic() > deadline:
                raise TimeoutError("the game stayed busy")
            self.drain(quiet)

    def click(self, comm_id: str, x: float, y: float, timeout: float = 10.0) -> float:
        """Send a mouse-down to canvas ``comm_id``; ms until the first drawing message comes back."""
        content = {"method": "custom", "content": {"event": "mouse_down", "x": x, "y": y}}
        msg = self.kc.session.msg("comm_msg", {"comm_id": comm_id, "data": content})
        start = time.perf_counter()
        self.kc.shell_channel.send(msg)
        deadline = start + timeout
        while True:
            reply = self.kc.get_iopub_msg(timeout=max(0.0, deadline - time.perf_counter()))
            if reply["msg_type"] == "comm_msg" and reply.get("buffers"):  # ipycanvas: commands in buffers
                return (time.perf_counter() - start) * 1000

    def stop(self) -> None:
        self.kc.stop_channels()
        self.km.shutdown_kernel(now=True)


def open_game(kernel: Kernel, game_id: str) -> tuple[str, str, float]:
    """Run ``game_id``'s benchmark notebook in ``kernel``: the board's top canvas, the anchor's
    canvas (their comm ids) and the board's scale (logical to bitmap pixels)."""
    for cell in notebook_cells(game_id):
        kernel.run(cell)
    top, bare, scale = kernel.run("print(game.canvas.top.model_id, bare.model_id, game.canvas.scale)").split()
    return top, bare, float(scale)


def measure_game(game_id: str, rounds: int, quiet: float) -> KernelRun:
    """``rounds`` rounds of anchor then game click on ``game_id``'s benchmark position."""
    pos = start_position(game_id)
    kernel = Kernel()
    try:
        top, bare, scale = open_game(kernel, game_id)
        where = kernel.run("print(bw.__file__)").strip()
        kernel.drain(quiet)
        run = KernelRun(game_id, where)
        for _ in range(rounds):
            kernel.run("game.load_state(S0)")
            kernel.drain(SHORT_QUIET)
            for x, y in pos.pre:
                kernel.click(top, x * scale, y * scale)
                kernel.drain(SHORT_QUIET)
            run.anchor.append(kernel.click(bare, 20.0, 20.0))
            kernel.drain(SHORT_QUIET)
            run.first.append(kernel.click(top, pos.move[0] * scale, pos.move[1] * scale))
            kernel.settle(quiet)  # the animation, the bot's thinking and its move
        return run
    finally:
        kernel.stop()


def report(run: KernelRun) -> list[str]:
    ratios = [g / a for g, a in zip(run.first, run.anchor, strict=True)]
    diffs = [g - a for g, a in zip(run.first, run.anchor, strict=True)]
    med, lo, hi = median_ci(ratios)
    dmed, dlo, dhi = median_ci(diffs)

    def ms(xs: list[float]) -> str:
        return f"median {statistics.median(xs):6.2f}  (min {min(xs):6.2f}, max {max(xs):6.2f})"

    return [
        f"{run.game_id}: {len(ratios)} rounds, the kernel's package {run.package}",
        f"  anchor: bare canvas mouse-down -> first drawing message   {ms(run.anchor)} ms",
        f"  move: board mouse-down -> first frame's message           {ms(run.first)} ms",
        f"  ratio move / anchor   {med:5.2f}x  95% CI {lo:5.2f}-{hi:5.2f}",
        f"  move - anchor         {dmed:5.2f} ms  95% CI {dlo:5.2f}-{dhi:5.2f}",
    ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", nargs="+", default=list(GAMES), choices=GAMES)
    parser.add_argument("--rounds", type=int, default=40, help="rounds a game (default 40)")
    parser.add_argument("--quiet", type=float, default=2.0, help="IOPub silence that ends a round's wait (s)")
    args = parser.parse_args(argv)
    path = os.environ.get("PYTHONPATH", "")
    print(f"# python benchmarks/kernel_latency.py {' '.join(argv if argv is not None else sys.argv[1:])}")
    print(
        f"# {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}; load average {os.getloadavg()[0]:.2f}; "
        f"a real IPython kernel, no browser; client wall clock, ms; PYTHONPATH={path or '(none)'}"
    )
    for game_id in args.games:
        run = measure_game(game_id, args.rounds, args.quiet)
        print("\n".join(report(run)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
