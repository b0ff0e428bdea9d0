"""The kernel-side latency benchmark drives a real kernel as the page would (benchmarks/kernel_latency.py)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
import kernel_latency as kl
import widget_latency as wl

pytest.importorskip("jupyter_client")


def test_its_clicks_play_the_person_s_move_and_its_report_reads_them() -> None:
    """The mouse-downs reach the canvases at the right points: the set-up selects, the move commits.

    (The figures are for benchmarks/results; here only the mechanics: a wrong scale or
    comm would click beside the board, and the move would never be played.)
    """
    pos = wl.start_position("mouse_trap")
    kernel = kl.Kernel()
    try:
        top, bare, scale = kl.open_game(kernel, "mouse_trap")
        kernel.drain(0.5)
        before = int(kernel.run("print(len(game.actions))"))
        anchor = kernel.click(bare, 20.0, 20.0)
        kernel.drain(0.5)
        assert anchor > 0
        assert int(kernel.run("print(len(game.actions))")) == before  # the anchor is not the board
        first = kernel.click(top, pos.move[0] * scale, pos.move[1] * scale)
        kernel.settle(0.5)  # the roll's animation and the bot's reply
        assert first > 0
        assert int(kernel.run("print(len(game.actions))")) > before  # the roll, and what followed it
    finally:
        kernel.stop()
    lines = kl.report(kl.KernelRun("mouse_trap", "here", [2.0, 4.0, 3.0], [3.0, 4.0, 6.0]))
    assert lines[0] == "mouse_trap: 3 rounds, the kernel's package here"
    assert "ratio move / anchor    1.50x" in lines[3]
    assert "move - anchor          1.00 ms" in lines[4]
