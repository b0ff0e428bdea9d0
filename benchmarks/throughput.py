"""Throughput of every registered game, as ratios to OpenSpiel measured in the same run.

Two tables (figures to report, never a test):

Every figure is CPU time (``time.process_time``). The OpenSpiel anchors are measured
again in every round, next to the games, and each ratio is taken within its round.

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
   both figures in iterations per CPU second (the median of ``--runs``) and the ratio, and a
   third column with OpenSpiel's ``MCTSBot`` rolling out with *our* rollout function
   (:func:`search.speed_same_rollout`): rollouts are most of an iteration, so the first
   ratio mostly compares rollout code, the second the search trees themselves. An iteration is the same on
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
from search import speed, speed_same_rollout  # benchmarks/search.py: our MCTS against OpenSpiel's


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


def us_per_action(run: Callable[[random.Random], int], seconds: float, seed: int = 0) -> float:
    """CPU µs per action (``time.process_time``) of playing ``run`` for about ``seconds``."""
    rng, actions = random.Random(seed), 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        actions += run(rng)
    return (time.process_time() - start) / actions * 1e6


def adapter_playout(spiel_game: Any, rng: random.Random) -> int:
    """One random game through the OpenSpiel adapter, as OpenSpiel's search steps:
    ``legal_actions`` or ``chance_outcomes`` (drawn by their float odds), ``apply_action``."""
    state = spiel_game.new_initial_state()
    n = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            r, pick = rng.random(), outcomes[-1][0]
            for action, p in outcomes:
                r -= p
                if r < 0:
                    pick = action
                    break
            state.apply_action(pick)
        else:
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
        n += 1
    return n


def median(values: list[float]) -> float:
    ordered = sorted(values)
    mid = len(ordered) // 2
    return ordered[mid] if len(ordered) % 2 else (ordered[mid - 1] + ordered[mid]) / 2


def anchor_games() -> tuple[Any, Any] | None:
    """OpenSpiel's python_tic_tac_toe and C++ tic_tac_toe (None without open-spiel)."""
    try:
        import pyspiel
        from open_spiel.python import games as _python_games  # noqa: F401  (registers python_tic_tac_toe)
    except ImportError:
        return None
    return pyspiel.load_game("python_tic_tac_toe"), pyspiel.load_game("tic_tac_toe")


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
        f"# Python {platform.python_version()}, {platform.machine()}; one core; CPU time (time.process_time);"
        f" {args.runs} rounds, anchors measured in every round",
    ]

    def say(line: str) -> None:
        print(line, flush=True)
        lines.append(line)

    spiel = anchor_games()
    if spiel is None:
        say("(open-spiel not installed: no anchors, no adapter, no MCTS ratio)")
    configs = []
    for gid in args.games.split(","):
        info = game_class(gid).info
        for n in sorted({info.min_players, info.max_players}):
            configs.append((gid, n, make_game(gid, num_players=n)))
    adapters: dict[tuple[str, int], Any] = {}
    if spiel is not None:
        from boardgames_widgets.openspiel import from_game

        adapters = {(gid, n): from_game(game) for gid, n, game in configs}
    # rounds: the anchors are measured again in every round, next to the games, and each
    # ratio is taken within its round (so a busy moment slows both sides of a ratio)
    rows: dict[tuple[str, int], list[tuple[float, ...]]] = {(gid, n): [] for gid, n, _ in configs}
    anchor_rounds: list[tuple[float, float]] = []
    for r in range(args.runs):
        py = cc = float("nan")
        if spiel is not None:
            cc = us_per_action(lambda rng: spiel_playout(spiel[1], rng), args.seconds, r)
            py = us_per_action(lambda rng: spiel_playout(spiel[0], rng), args.seconds, r)
        anchor_rounds.append((py, cc))
        for gid, n, game in configs:
            strict = us_per_action(lambda rng, g=game: playout(g, rng), args.seconds, r)
            trusted = us_per_action(lambda rng, g=game: playout(g, rng, trusted=True), args.seconds, r)
            adapter = float("nan")
            if spiel is not None:
                adapter = us_per_action(lambda rng, sg=adapters[gid, n]: adapter_playout(sg, rng), args.seconds, r)
            rows[gid, n].append((strict, trusted, adapter, py, cc))
    if spiel is not None:
        say(
            f"anchor OpenSpiel python_tic_tac_toe: {median([a[0] for a in anchor_rounds]):.2f} µs/action; "
            f"C++ tic_tac_toe: {median([a[1] for a in anchor_rounds]):.3f} µs/action (CPU, median of {args.runs} rounds)"
        )
    say("")
    say(f"1. CPU µs per action of seeded random playouts (median of {args.runs} rounds); ratios to the C++")
    say("   anchor measured in the same round, min-median over rounds")
    say(f"{'game':<11} {'players':>7} {'strict':>8} {'trusted':>8} {'strict/C++':>12} {'trusted/C++':>12}")
    for (gid, n), figures in rows.items():
        strict, trusted = median([f[0] for f in figures]), median([f[1] for f in figures])
        row = f"{gid:<11} {n:>7} {strict:>8.2f} {trusted:>8.2f}"
        if spiel is not None:
            rs = [f[0] / f[4] for f in figures]
            rt = [f[1] / f[4] for f in figures]
            row += f" {min(rs):>5.1f}-{median(rs):<6.1f} {min(rt):>5.1f}-{median(rt):<6.1f}"
        say(row)
    if spiel is not None:
        say("")
        say("2. The OpenSpiel adapter (boardgames_widgets.openspiel): CPU µs per action of a random playout")
        say("   through pyspiel's state API, against our own trusted step (goal: at most 1.5x)")
        say(f"{'game':<11} {'players':>7} {'adapter':>8} {'ours':>8} {'adapter/ours':>13}")
        for (gid, n), figures in rows.items():
            ratios = [f[2] / f[1] for f in figures]
            say(
                f"{gid:<11} {n:>7} {median([f[2] for f in figures]):>8.2f} {median([f[1] for f in figures]):>8.2f}"
                f" {min(ratios):>6.2f}-{median(ratios):<6.2f}"
            )
    if not args.skip_mcts:
        say("")
        say(f"3. MCTS iterations per CPU second, 2 players, {args.simulations} simulations x {args.positions} states")
        say("   ours; OpenSpiel's Python MCTSBot with its own random rollout through the adapter (as before);")
        say("   and OpenSpiel's MCTSBot rolling out with our rollout function (the same rollout on both sides)")
        say(f"{'game':<11} {'ours':>9} {'OpenSpiel':>10} {'ratio':>6} {'OS+our rollout':>15} {'ratio':>6}")
        for gid in args.games.split(","):
            runs = [speed(gid, args.simulations, args.positions) for _ in range(args.runs)]
            same = [speed_same_rollout(gid, args.simulations, args.positions) for _ in range(args.runs)]
            ours = median([r[0] for r in runs])
            theirs = median([r[1] for r in runs if r[1] is not None]) if runs[0][1] is not None else None
            theirs_same = median([x for x in same if x is not None]) if same[0] is not None else None
            ratio = f"{ours / theirs:>6.1f}" if theirs else f"{'-':>6}"
            ratio_same = f"{ours / theirs_same:>6.1f}" if theirs_same else f"{'-':>6}"
            say(f"{gid:<11} {ours:>9.0f} {theirs or 0:>10.0f} {ratio} {theirs_same or 0:>15.0f} {ratio_same}")
    if args.out is not None:
        args.out.write_text("\n".join(lines) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
