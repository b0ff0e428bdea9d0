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
