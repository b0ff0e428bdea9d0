"""Throughput of every registered game, as ratios to OpenSpiel measured in the same run.

Two tables (figures to report, never a test):

1. **µs per action** — seeded random playouts of each game (one core): the time of a
   whole playout (asking for the legal actions or drawing chance, choosing, applying)
   divided by its actions. ``strict`` plays as a recorded game does (chance from
   ``chance_outcomes``, every action checked by ``game.apply``); ``trusted`` plays as
   search does (``game.sample_chance`` and ``game.apply_trusted`` for actions taken
   from ``legal_actions``). The anchors, measured the same way in the same run, are
   OpenSpiel's ``python_tic_tac_toe`` (a Python game) and its C++ ``tic_tac_toe``;
   the ratios say how many anchor actions one of our actions costs, so they stay
   meaningful on a busy or a faster machine.
2. **MCTS iterations per second** — :func:`search.speed` of ``benchmarks/search.py``
   (our :func:`~boardgames_widgets.agents.mcts.mcts` against OpenSpiel's Python
   ``MCTSBot`` on the same decision states, same simulations, same random rollouts):
   both figures in iterations per CPU second (the best of ``--runs``) and the ratio. An iteration is the same on
   both sides: one descent by UCB1 (chance sampled by its odds), one new leaf, one
   uniformly random rollout to the end of the game, one backpropagation. (OpenSpiel
   creates all children of a node at its second visit and evaluates the first one
   reached, and never rolls out from a chance node; ours adds one child per visit.)
   Our rollouts run :meth:`Game.random_playout`, which each game plays on one mutable
   working copy: the same moves from the same seed as the step-by-step loop (the
   tests check it), fewer objects built. OpenSpiel plays through the
   :mod:`boardgames_widgets.openspiel` adapter: ``legal_actions``, ``chance_outcomes``
   and the checked ``apply`` of every step, and a state cloned per iteration.

Without ``open-spiel`` (the ``bench`` extra) the anchors and the MCTS ratio are skipped.
Figures go to stdout and, with ``--out``, to a file (``benchmarks/results/throughput.txt``).

Usage: python benchmarks/throughput.py [--games food_chain,chop_chop] [--seconds 1.0] [--runs 3]
       [--simulations 200] [--positions 3] [--out benchmarks/results/throughput.txt]
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from boardgames_widgets.core.registry import game_class, game_ids, make_game
from boardgames_widgets.core.rng import sample_outcome

sys.path.insert(0, str(Path(__file__).resolve().parent))
from search import speed  # benchmarks/search.py: our MCTS against OpenSpiel's


def playout(game: Any, rng: random.Random, trusted: bool = False) -> int:
    """One random game; returns the number of actions applied.

    ``trusted``: chance by ``game.sample_chance`` and actions by ``game.apply_trusted``
    (as search plays); otherwise as a recorded game (``chance_outcomes``, ``apply``).
    """
    state = game.new_initial_state()
    apply = game.apply_trusted if trusted else game.apply
    n = 0
    while not game.is_terminal(state):
        if game.is_chance_node(state):
            action = game.sample_chance(state, rng) if trusted else sample_outcome(game.chance_outcomes(state), rng)
        else:
            legal = game.legal_actions(state)
            action = legal[rng.randrange(len(legal))]
        state = apply(state, action)
        n += 1
    return n


def spiel_playout(game: Any, rng: random.Random) -> int:
    """One random game of an OpenSpiel game (no chance in tic-tac-toe); returns its actions."""
    state = game.new_initial_state()
    n = 0
    while not state.is_terminal():
        legal = state.legal_actions()
        state.apply_action(legal[rng.randrange(len(legal))])
        n += 1
    return n


def us_per_action(run: Callable[[random.Random], int], seconds: float, runs: int) -> float:
    """The best over ``runs`` of µs per action, each run playing for about ``seconds``.

    The best, not the median: on a shared machine other work only ever adds time, so the
    fastest run is the least disturbed measurement of the same work.
    """
    figures = []
    for seed in range(runs):
        rng, actions = random.Random(seed), 0
        start = time.perf_counter()
        while time.perf_counter() - start < seconds:
            actions += run(rng)
        figures.append((time.perf_counter() - start) / actions * 1e6)
    return min(figures)


def anchors(seconds: float, runs: int) -> tuple[float, float] | None:
    """µs per action of OpenSpiel's python_tic_tac_toe and C++ tic_tac_toe (None without open-spiel)."""
    try:
        import pyspiel
        from open_spiel.python import games as _python_games  # noqa: F401  (registers python_tic_tac_toe)
    except ImportError:
        return None
    py = pyspiel.load_game("python_tic_tac_toe")
    cc = pyspiel.load_game("tic_tac_toe")
    return (
        us_per_action(lambda rng: spiel_playout(py, rng), seconds, runs),
        us_per_action(lambda rng: spiel_playout(cc, rng), seconds, runs),
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", default=",".join(game_ids()))
    parser.add_argument("--seconds", type=float, default=1.0, help="time per run")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--simulations", type=int, default=200, help="MCTS simulations per position")
    parser.add_argument("--positions", type=int, default=3, help="MCTS decision states per game")
    parser.add_argument("--skip-mcts", action="store_true")
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args()
    lines: list[str] = [
        f"# benchmarks/throughput.py --seconds {args.seconds} --runs {args.runs} "
        f"--simulations {args.simulations} --positions {args.positions}",
        f"# Python {platform.python_version()}, {platform.machine()}; one core; best of {args.runs} runs "
        "(the least disturbed by other work on the machine)",
    ]

    def say(line: str) -> None:
        print(line, flush=True)
        lines.append(line)

    anchor = anchors(args.seconds, args.runs)
    if anchor is None:
        say("(open-spiel not installed: no anchors, no MCTS ratio)")
    else:
        say(
            f"anchor OpenSpiel python_tic_tac_toe: {anchor[0]:.2f} µs/action; C++ tic_tac_toe: {anchor[1]:.3f} µs/action"
        )
    say("")
    say("1. µs per action of seeded random playouts (ratio: our action in anchor actions)")
    head = f"{'game':<11} {'players':>7} {'strict':>8} {'trusted':>8}"
    if anchor is not None:
        head += f" {'trusted/py ttt':>14} {'trusted/C++ ttt':>15}"
    say(head)
    for gid in args.games.split(","):
        info = game_class(gid).info
        for n in sorted({info.min_players, info.max_players}):
            game = make_game(gid, num_players=n)
            strict = us_per_action(lambda rng, g=game: playout(g, rng), args.seconds, args.runs)
            trusted = us_per_action(lambda rng, g=game: playout(g, rng, trusted=True), args.seconds, args.runs)
            row = f"{gid:<11} {n:>7} {strict:>8.2f} {trusted:>8.2f}"
            if anchor is not None:
                row += f" {trusted / anchor[0]:>14.2f} {trusted / anchor[1]:>15.1f}"
            say(row)
    if not args.skip_mcts:
        say("")
        say(f"2. MCTS iterations per second, 2 players, {args.simulations} simulations x {args.positions} states")
        say(f"{'game':<11} {'ours':>9} {'OpenSpiel':>10} {'ratio':>6}")
        for gid in args.games.split(","):
            runs = [speed(gid, args.simulations, args.positions) for _ in range(args.runs)]
            ours = max(r[0] for r in runs)
            theirs = max((r[1] for r in runs if r[1] is not None), default=None)
            ratio = f"{ours / theirs:>6.1f}" if theirs else f"{'-':>6}"
            say(f"{gid:<11} {ours:>9.0f} {theirs or 0:>10.0f} {ratio}")
    if args.out is not None:
        args.out.write_text("\n".join(lines) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
