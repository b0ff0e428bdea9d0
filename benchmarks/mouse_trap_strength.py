"""Mouse Trap: the strong bot against what is possible (issue 19; figures, never a test).

With 2 players Greedy's decisions are almost always right (``decision_audit.py``), so
"65% against Greedy" is out of reach for any bot. This script measures instead:

* **3 and 4 players** — the strong bot in one seat, Greedy in the others: its win share
  (ties shared) with a 95% Wilson interval, next to the fair share 1/n. Every seed is
  played with the bot in every seat, so Greedy in its place would score exactly 1/n.
* **2 players** — a paired study (a cross-check; the exact value of the best policy
  against Greedy is computed by value iteration in ``mouse_trap_best_response.py``): the
  rollout algorithm (every legal move played out to the end by Greedy for both players,
  ``--samples`` common-random-number samples a move: one step of policy improvement on
  Greedy) plays the same seeds and seats as the strong bot, and the paired difference
  (strong − rollout) is printed with its 95% interval.

The strong bot gets a fixed number of iterations (``--iterations``, default its minimum
budget), so every game is reproducible and other work on the machine cannot weaken it.

Usage::

    python benchmarks/mouse_trap_strength.py --seeds2 100 --seeds3 30 --seeds4 20 --workers 2
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from boardgames_widgets import make_game, play_game
from boardgames_widgets.agents import GreedyAgent, RolloutAgent, strong_agent
from boardgames_widgets.agents.mouse_trap import mouse_trap_evaluator
from boardgames_widgets.agents.rollout import HeuristicPolicy, Rollout
from boardgames_widgets.agents.strong import STRONG_MIN_BUDGET
from boardgames_widgets.analysis.ratings import wilson_interval


def bot(game: Any, kind: str, budget: int) -> Any:
    """The candidate: ``strong`` (the default strong bot at ``budget`` iterations) or ``rollout``."""
    if kind == "strong":
        return strong_agent(game, iterations=budget)
    playout = Rollout(HeuristicPolicy(epsilon=0.0), 5000, mouse_trap_evaluator)  # to the end (games are shorter)
    return RolloutAgent(game, playout, budget, name="rollout")


def play(players: int, kind: str, budget: int, seed: int, seat: int) -> float:
    """The candidate's share of the win in one game (``seat``, Greedy elsewhere)."""
    game = make_game("mouse_trap", num_players=players)
    agents = [GreedyAgent(game) for _ in range(players)]
    agents[seat] = bot(game, kind, budget)
    record = play_game(game, agents, seed=f"mt{players}/{seed}")
    assert record.returns is not None
    return float(record.returns[seat])


def study(pool: Any, players: int, kind: str, budget: int, seeds: int) -> list[float]:
    """Scores in (seed, seat) order."""
    jobs = [(players, kind, budget, s, k) for s in range(seeds) for k in range(players)]
    return list(pool.map(play, *zip(*jobs, strict=True)))


def paired_interval(diffs: list[float]) -> tuple[float, float, float]:
    """Mean difference and its 95% normal interval."""
    mean = statistics.fmean(diffs)
    half = 1.96 * statistics.stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else math.inf
    return mean, mean - half, mean + half


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seeds2", type=int, default=100, help="2 players: seeds (each played from both seats)")
    parser.add_argument("--seeds3", type=int, default=30, help="3 players: seeds (each from every seat)")
    parser.add_argument("--seeds4", type=int, default=20, help="4 players: seeds (each from every seat)")
    parser.add_argument("--iterations", type=int, default=STRONG_MIN_BUDGET["mouse_trap"])
    parser.add_argument("--samples", type=int, default=100, help="rollout samples per move of the 2-player study")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    print("$ python benchmarks/mouse_trap_strength.py " + " ".join(sys.argv[1:]), flush=True)
    with ProcessPoolExecutor(args.workers) as pool:
        print(f"\nStrong bot ({args.iterations:,} iterations a move) in one seat, Greedy in the others")
        print("players  games  win share (95% CI)  fair share  wall s")
        for players, seeds in ((3, args.seeds3), (4, args.seeds4)):
            if not seeds:
                continue
            start = time.perf_counter()
            scores = study(pool, players, "strong", args.iterations, seeds)
            lo, hi = wilson_interval(sum(scores), len(scores))
            share = statistics.fmean(scores)
            print(
                f"{players:7d}  {len(scores):5d}  {100 * share:.1f}% ({100 * lo:.1f}–{100 * hi:.1f})"
                f"  {100 / players:9.1f}%  {time.perf_counter() - start:6.0f}",
                flush=True,
            )
        if args.seeds2:
            start = time.perf_counter()
            strong = study(pool, 2, "strong", args.iterations, args.seeds2)
            best = study(pool, 2, "rollout", args.samples, args.seeds2)
            wall = time.perf_counter() - start
            n = len(strong)
            print(f"\n2 players, {n} games each (every seed from both seats), paired, {wall:.0f} s")
            for name, scores in (("strong bot", strong), (f"rollout, {args.samples} samples", best)):
                lo, hi = wilson_interval(sum(scores), n)
                print(f"  {name:40s} {100 * statistics.fmean(scores):.1f}% ({100 * lo:.1f}–{100 * hi:.1f})")
            print("  Greedy itself (every seed from both seats) 50.0% exactly")
            mean, lo, hi = paired_interval([a - b for a, b in zip(strong, best, strict=True)])
            print(f"  strong − best, paired: {100 * mean:+.1f} points (95% CI {100 * lo:+.1f} to {100 * hi:+.1f})")
            differ = sum(a != b for a, b in zip(strong, best, strict=True))
            print(f"  games whose result differs between the two: {differ} of {n}")


if __name__ == "__main__":
    main()
