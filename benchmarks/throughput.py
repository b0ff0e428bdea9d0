"""Random-playout throughput of every registered game.

Prints, per game and player count: complete random games per second (one core,
chance sampled as recorded games sample it, no observations built), the median
milliseconds per game, the same with chance drawn as search draws it
(``game.sample_chance``, a game's direct draw), and microseconds per ``apply``,
each the median of several runs. Figures to report, never a test.

Usage: python benchmarks/throughput.py [--games food_chain,chop_chop] [--seconds 1.0] [--runs 5]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from boardgames_widgets.core.registry import game_class, game_ids, make_game
from boardgames_widgets.core.rng import sample_outcome


def playout(game, rng: random.Random, search_draws: bool = False) -> int:
    """One random game; returns the number of actions applied. Chance is drawn from
    ``chance_outcomes`` like a recorded game, or by ``game.sample_chance`` like search."""
    state = game.new_initial_state()
    n = 0
    while not game.is_terminal(state):
        if game.is_chance_node(state):
            action = (
                game.sample_chance(state, rng) if search_draws else sample_outcome(game.chance_outcomes(state), rng)
            )
        else:
            legal = game.legal_actions(state)
            action = legal[rng.randrange(len(legal))]
        state = game.apply(state, action)
        n += 1
    return n


def search_ms(game, seconds: float, seed: int) -> float:
    """Median ms per random game with search's chance draws (``game.sample_chance``)."""
    rng, times = random.Random(seed), []
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        t0 = time.perf_counter()
        playout(game, rng, search_draws=True)
        times.append(time.perf_counter() - t0)
    return statistics.median(times) * 1e3


def measure(game, seconds: float, seed: int) -> tuple[float, float, float]:
    """(games per second, median ms per game, µs per apply) over about ``seconds``."""
    rng = random.Random(seed)
    times, actions = [], 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        t0 = time.perf_counter()
        actions += playout(game, rng)
        times.append(time.perf_counter() - t0)
    total = sum(times)
    # µs per apply: time of apply alone, on states from one game
    state, pairs = game.new_initial_state(), []
    while not game.is_terminal(state):
        action = (
            sample_outcome(game.chance_outcomes(state), rng)
            if game.is_chance_node(state)
            else rng.choice(game.legal_actions(state))
        )
        pairs.append((state, action))
        state = game.apply(state, action)
    t0 = time.perf_counter()
    for _ in range(20):
        for s, a in pairs:
            game.apply(s, a)
    apply_us = (time.perf_counter() - t0) / (20 * len(pairs)) * 1e6
    return len(times) / total, statistics.median(times) * 1e3, apply_us


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default=",".join(game_ids()))
    parser.add_argument("--seconds", type=float, default=1.0, help="time per run")
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    print(f"{'game':<12} {'players':>7} {'games/s':>10} {'ms/game':>9} {'ms/game (search draws)':>23} {'µs/apply':>9}")
    for gid in args.games.split(","):
        info = game_class(gid).info
        for n in sorted({info.min_players, info.max_players}):
            game = make_game(gid, num_players=n)
            runs = [measure(game, args.seconds, seed) for seed in range(args.runs)]
            gps = statistics.median(r[0] for r in runs)
            ms = statistics.median(r[1] for r in runs)
            us = statistics.median(r[2] for r in runs)
            fast = statistics.median(search_ms(game, args.seconds, seed) for seed in range(args.runs))
            print(f"{gid:<12} {n:>7} {gps:>10.0f} {ms:>9.2f} {fast:>23.2f} {us:>9.1f}")


if __name__ == "__main__":
    main()
