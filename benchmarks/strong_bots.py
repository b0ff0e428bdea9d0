"""The strong bots' goals of issue 32: strength on fresh seeds and CPU time per move.

Two figures per game (figures to report, never a test):

1. **CPU per move** — the default strong bot (:func:`~boardgames_widgets.agents.strong_agent`)
   at a fixed budget (``--iterations``, default the game's
   :data:`~boardgames_widgets.agents.strong.STRONG_MIN_BUDGET`, the least search a move
   of the default bot ever gets) searches ``--moves`` decision states from random play;
   the process's CPU time per move (``time.process_time``: waiting for a core on a shared
   machine does not count), median, mean and largest, over ``--rounds`` rounds. Goal for
   Food Chain: at most 1 s.
2. **Strength** — the same bot against Greedy, ``--games`` games, seats alternating,
   games 2k and 2k+1 sharing a deal; win rate with its 95% Wilson interval. The tournament
   seed (``--seed``, default ``"issue32-fresh"``) is not the one any setting was tuned on
   (``benchmarks/search.py`` and the tuning runs used the gauntlet's default seed 0), so
   the games are fresh. Goals: Chop Chop at least 65%, Food Chain at least 80% at a
   budget that meets the CPU goal.

A fixed budget makes every game reproducible and independent of other work on the
machine: the default bot thinks for :data:`~boardgames_widgets.agents.strong.STRONG_SECONDS`
a move, never less than the minimum, so on a quiet machine it searches more than here.

Usage::

    python benchmarks/strong_bots.py                              # both games, 200 games each
    python benchmarks/strong_bots.py --only chop_chop --workers 2
    python benchmarks/strong_bots.py --only food_chain --iterations 7000 --skip strength
    python benchmarks/strong_bots.py --only food_chain --iterations 6000 --skip cpu --results /tmp/fresh
    python benchmarks/strong_bots.py --only food_chain --iterations 6000 --results /tmp/fresh --so-far
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from boardgames_widgets import make_game
from boardgames_widgets.agents import GreedyAgent, strong_agent
from boardgames_widgets.agents.strong import STRONG_MIN_BUDGET
from boardgames_widgets.analysis.tournament import gauntlet

sys.path.insert(0, str(Path(__file__).resolve().parent))
from search import decision_states, table

#: The games with a goal in issue 32.
GAMES = ("chop_chop", "food_chain")


def cpu_per_move(game_id: str, iterations: int, moves: int, rounds: int, seed: int) -> list[float]:
    """CPU seconds of each strong-bot move on ``moves`` decision states, ``rounds`` times over."""
    game = make_game(game_id, num_players=2)
    bot = strong_agent(game, iterations=iterations)
    states = decision_states(game, moves, seed=seed)
    times = []
    for _ in range(rounds):
        for i, state in enumerate(states):
            player = game.current_player(state)
            obs, legal = game.observation(state, player), game.legal_actions(state)
            start = time.process_time()
            bot.act(obs, legal, random.Random(i))
            times.append(time.process_time() - start)
    return times


def strength(game_id: str, iterations: int, games: int, seed: str, workers: int, results: str | None = None) -> Any:
    """The strong bot at ``iterations`` a move against Greedy: its pairing result (with
    ``results``, a JSON Lines file the finished games are appended to and resumed from)."""
    game = make_game(game_id, num_players=2)
    bot = strong_agent(game, iterations=iterations)
    executor = ProcessPoolExecutor(workers) if workers > 1 else None
    try:
        result = gauntlet(
            game,
            ("strong", bot),
            {"greedy": GreedyAgent(game)},
            games,
            seed=seed,
            executor=executor,
            progress=False,
            results_path=None if results is None else f"{results}.{game_id}.{iterations}.jsonl",
        )
    finally:
        if executor is not None:
            executor.shutdown()
    return result.pairing("strong", "greedy")


def finished(path: str) -> Any:
    """The strong bot's record in the games a ``--results`` file holds so far (a run still
    going, or stopped): read only, nothing is played."""
    from boardgames_widgets.analysis.tournament import PairingResult

    games, score, errors = 0, 0.0, 0
    with open(path, encoding="utf-8") as lines:
        for line in lines:
            row = json.loads(line)
            if row["returns"] is None:
                errors += 1
                continue
            games += 1
            score += row["returns"][row["seats"].index("strong")]
    return PairingResult("strong", "greedy", games, score, errors)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--only", default="", help="comma-separated game ids (default: chop_chop,food_chain)")
    parser.add_argument("--iterations", type=int, default=None, help="budget per move (default: the game's minimum)")
    parser.add_argument("--games", type=int, default=200, help="games against Greedy (default 200)")
    parser.add_argument("--seed", default="issue32-fresh", help="tournament seed (default: not a tuning seed)")
    parser.add_argument("--moves", type=int, default=8, help="decision states timed per round (default 8)")
    parser.add_argument("--rounds", type=int, default=3, help="rounds of the CPU timing (default 3)")
    parser.add_argument("--workers", type=int, default=1, help="processes for the games")
    parser.add_argument(
        "--results", default=None, help="keep finished games in RESULTS.<game>.<budget>.jsonl (resumable)"
    )
    parser.add_argument("--so-far", action="store_true", help="print the record in the --results files, play nothing")
    parser.add_argument("--skip", default="", help="comma-separated parts to skip: cpu,strength")
    args = parser.parse_args()
    ids = [g for g in GAMES if not args.only or g in args.only.split(",")]
    skip = set(args.skip.split(","))
    print("$ python benchmarks/strong_bots.py " + " ".join(sys.argv[1:]), flush=True)
    if args.so_far:
        for gid in ids:
            path = f"{args.results}.{gid}.{args.iterations or STRONG_MIN_BUDGET[gid]}.jsonl"
            if Path(path).exists():
                p = finished(path)
                print(f"{gid}: strong vs greedy {p.cell()} in {p.games} games so far ({path})")
        return
    rows = []
    for gid in ids:
        budget = args.iterations or STRONG_MIN_BUDGET[gid]
        row = [gid, f"{budget:,}"]
        if "cpu" not in skip:
            times = cpu_per_move(gid, budget, args.moves, args.rounds, seed=5)
            row += [f"{statistics.median(times):.2f}", f"{statistics.fmean(times):.2f}", f"{max(times):.2f}"]
        else:
            row += ["—", "—", "—"]
        if "strength" not in skip:
            start = time.perf_counter()
            p = strength(gid, budget, args.games, args.seed, args.workers, args.results)
            row += [p.cell(), str(p.games), f"{time.perf_counter() - start:.0f}"]
        else:
            row += ["—", "—", "—"]
        rows.append(row)
        print("  " + "  ".join(row), flush=True)
    print(f"\nStrong bot vs Greedy, fresh seed {args.seed!r}, 2 players, seats alternate, {args.workers} worker(s)")
    print(
        table(
            ["game", "iterations", "CPU s/move median", "mean", "max", "win rate (95% CI)", "games", "wall s"],
            rows,
        )
    )


if __name__ == "__main__":
    main()
