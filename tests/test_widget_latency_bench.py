"""The widget latency benchmark's pure parts: its positions and its confidence interval (no browser)."""

from __future__ import annotations

import math
import random
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
import widget_latency as wl


@pytest.mark.parametrize("game_id", wl.GAMES)
def test_each_round_commits_one_move_of_the_person(game_id: str) -> None:
    """The set-up clicks only select; the move click commits the person's move (seat 0)."""
    pos = wl.check_position(game_id)
    assert pos.twin.human_to_move() or pos.twin.waiting_seat() == 0


@pytest.mark.parametrize("game_id", wl.GAMES)
def test_the_position_is_the_same_every_time(game_id: str) -> None:
    a, b = wl.start_position(game_id), wl.start_position(game_id)
    assert a.twin.state == b.twin.state
    assert (a.pre, a.move) == (b.pre, b.move)


def test_median_ci_is_the_order_statistic_interval() -> None:
    xs = [float(i) for i in range(1, 101)]  # n = 100: the 95% interval is x(40)..x(61)
    med, lo, hi = wl.median_ci(xs)
    assert (med, lo, hi) == (50.5, 40.0, 61.0)
    assert math.isnan(wl.median_ci([1.0, 2.0, 3.0])[1])  # too few for a 95% interval


def test_median_ci_covers_the_median_about_95_percent() -> None:
    rng = random.Random(5)
    hits = 0
    for _ in range(400):
        _, lo, hi = wl.median_ci([rng.random() for _ in range(41)])
        hits += lo <= 0.5 <= hi
    assert 0.92 * 400 <= hits <= 0.99 * 400


def test_the_anchor_the_reset_and_the_game_are_in_one_output() -> None:
    """One output: a click on either canvas leaves JupyterLab's active cell as it is.

    With the anchor in a cell of its own, the focus a click gives its canvas made JupyterLab
    switch the active cell before the game's mouse-down was sent, and not before the anchor's
    (measured: 4–8 ms more in the page for the game's click alone).
    """
    import ast

    import ipywidgets as W

    ns: dict[str, object] = {}
    shown: list[object] = []
    for cell in wl.notebook_cells("mouse_trap"):  # run as the kernel would: a last expression is shown
        tree = ast.parse(cell)
        last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
        exec(compile(tree, "<cell>", "exec"), ns)  # the benchmark's own notebook
        if last is not None:
            value = eval(compile(ast.Expression(last.value), "<cell>", "eval"), ns)
            if value is not None:
                shown.append(value)
    assert len(shown) == 1  # one output
    (out,) = shown
    assert isinstance(out, W.Box)
    game, row = out.children
    assert game is ns["game"]
    assert ns["bare"] in row.children and ns["reset"] in row.children


class _FakeMouse:
    def __init__(self, log: list[str]) -> None:
        self.log = log

    def move(self, x: float, y: float) -> None:
        self.log.append(f"move {x:g},{y:g}")

    def down(self) -> None:
        self.log.append("down")

    def up(self) -> None:
        self.log.append("up")


class _FakePage:
    """Answers "ms since the last websocket message" from a script; logs the rest."""

    def __init__(self, quiet: list[float]) -> None:
        self.log: list[str] = []
        self.mouse = _FakeMouse(self.log)
        self.quiet = quiet

    def evaluate(self, js: str) -> object:
        if "lastWs" in js:
            self.log.append("quiet?")
            return self.quiet.pop(0)
        self.log.append("reset")
        return None

    def wait_for_timeout(self, ms: float) -> None:
        self.log.append("wait")


def test_a_measured_click_hovers_until_the_websocket_is_quiet_then_presses() -> None:
    """The mouse-move/mouse-out traffic is over before the measured mouse-down (anchor and game alike)."""
    page = _FakePage(quiet=[0.0, 40.0, 400.0])
    wl.press(page, 10, 20)
    assert page.log == ["move 10,20", "quiet?", "wait", "quiet?", "wait", "quiet?", "reset", "down", "up"]


def test_hover_gives_up_when_the_websocket_never_goes_quiet() -> None:
    page = _FakePage(quiet=[0.0] * 10_000)
    with pytest.raises(TimeoutError):
        wl.hover(page, 1, 2, timeout=0.0)


def test_each_ratio_is_taken_to_its_own_rounds_anchor() -> None:
    """Every round gives a first frame; only the full rounds (on to the bot's reply) give the
    later figures, each over the anchor of the round it was measured in."""
    run = wl.GameRun("food_chain")
    run.anchor = [10.0, 20.0, 40.0]
    run.first = [11.0, 30.0, 40.0]
    run.full = [(0, wl.MoveTimes(11.0, 500.0, 2000.0, True, 9)), (2, wl.MoveTimes(40.0, 800.0, 4000.0, True, 9))]
    assert run.ratios("first") == [1.1, 1.5, 1.0]
    assert run.ratios("done") == [50.0, 20.0]
    assert run.ratios("reply") == [200.0, 100.0]
