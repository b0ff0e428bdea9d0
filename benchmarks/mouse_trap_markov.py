"""Mouse Trap: the Markov chain's expected turns to reach the Loop next to a simulation.

Prints the exact expectation (fractions and the fundamental matrix), the simulated mean
over many mice with its standard error, and — with ``--games`` — facts about random
games on the default board: how long they last, when the trap gets finished, how often
the ``max_rounds`` limit decides. Figures to report, never a test.

Usage: python benchmarks/mouse_trap_markov.py [--mice 100000] [--seed 0] [--games 2000]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from boardgames_widgets.analysis.mouse_trap import (
    expected_parts_before_loop,
    expected_turns_to_loop,
    expected_turns_to_loop_exact,
    simulate_turns_to_loop,
    turns_to_loop_distribution,
)
from boardgames_widgets.core.rng import sample_outcome
from boardgames_widgets.games.mouse_trap import MouseTrap, MouseTrapConfig


def markov_vs_simulation(mice: int, seed: int) -> None:
    exact = expected_turns_to_loop_exact()
    pmf = turns_to_loop_distribution()
    t0 = time.perf_counter()
    sim = simulate_turns_to_loop(mice, seed=seed)
    dt = time.perf_counter() - t0
    se = sim.std(ddof=1) / mice**0.5
    print("Turns for one mouse to reach the Loop (default board):")
    print(f"  Markov chain, exact        : {float(exact):.4f}  (= {exact.numerator}/{exact.denominator})")
    print(f"  Markov chain, (I-Q)^-1     : {expected_turns_to_loop():.4f}")
    mode = int(pmf.argmax())
    print(f"  distribution               : min {int((pmf > 0).argmax())}, mode {mode} (P={pmf[mode]:.3f})")
    print(f"  simulated, {mice:,} mice   : {sim.mean():.4f} ± {se:.4f} (s.e.), {dt:.2f} s")
    for n in (2, 3, 4):
        print(
            f"  expected parts built before the Loop, {n} players: {expected_parts_before_loop(MouseTrapConfig(n)):.1f}"
        )


def game_facts(games: int, seed: int) -> None:
    print(f"\nRandom games ({games} per player count, random agents):")
    for n in (2, 3, 4):
        game = MouseTrap(n)
        rng = random.Random(f"{seed}/{n}")
        rounds, actions, complete_round, limit = [], [], [], 0
        t0 = time.perf_counter()
        for _ in range(games):
            s = game.new_initial_state()
            k, done_at = 0, None
            while not game.is_terminal(s):
                if game.is_chance_node(s):
                    a = sample_outcome(game.chance_outcomes(s), rng)
                else:
                    legal = game.legal_actions(s)
                    a = legal[rng.randrange(len(legal))]
                s = game.apply(s, a)
                k += 1
                if done_at is None and s.parts_built == game.cfg.num_parts:
                    done_at = s.round
            rounds.append(s.round)
            actions.append(k)
            complete_round.append(done_at if done_at is not None else float("inf"))
            limit += s.event.startswith("After") or " After " in s.event
        dt = time.perf_counter() - t0
        finished = [r for r in complete_round if r != float("inf")]
        print(
            f"  {n} players: {games / dt:6.0f} games/s; rounds median {statistics.median(rounds):.0f}, "
            f"max {max(rounds)}; actions max {max(actions)}; trap finished in {len(finished) / games:.1%} "
            f"of games (median round {statistics.median(finished):.0f}); decided by max_rounds: {limit}"
        )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--mice", type=int, default=100_000)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--games", type=int, default=0, help="also play this many random games per player count")
    args = ap.parse_args()
    markov_vs_simulation(args.mice, args.seed)
    if args.games:
        game_facts(args.games, args.seed)


if __name__ == "__main__":
    main()
