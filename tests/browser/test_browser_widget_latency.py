"""``benchmarks/widget_latency.py``'s measuring functions, run in the real browser on one game, one round.

No timing is asserted (the machine may be busy): only that a round is measured and its
figures are in order — the move's first frame before its animation is done, and the bot's
reply not before it.
"""

from __future__ import annotations

import sys
from typing import Any

from browser_helpers import REPO, LabServer, write_notebook

sys.path.insert(0, str(REPO / "benchmarks"))
import widget_latency as wl


def test_a_full_and_a_short_round_of_mouse_trap_are_measured(lab: LabServer, page: Any) -> None:
    write_notebook(lab.root / "bench_mouse_trap.ipynb", wl.notebook_cells("mouse_trap"))
    page.add_init_script(wl.INSTRUMENT_JS)
    run = wl.measure_game(page, lab, "mouse_trap", rounds=2, min_rounds=2, target=0.05, reply_every=2)
    assert len(run.first) == len(run.anchor) == 2 and [k for k, _ in run.full] == [0]
    (_, move) = run.full[0]
    # the reply is the last burst on the pieces layer before the person's turn is back: the
    # move's own landing when no later one was seen (on a busy machine the wait may end with
    # the landing), never before it
    assert 0 < move.first < move.done <= move.reply and run.first[0] == move.first
    # the short round: its first frame only, the next reset stopping the animation
    assert 0 < run.first[1] < move.done
    assert run.on_animation == [True, True]  # the die tumbles first, on the animation layer
    assert min(run.anchor) > 0
    assert any("first frame" in line for line in wl.report(run, 0.05))
