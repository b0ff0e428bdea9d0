"""Environment steps per CPU second of every game's PettingZoo AEC environment, as ratios to
PettingZoo's own classic ``tictactoe_v3`` and ``connect_four_v3`` measured in the same run.

A step is what a learning loop does per move: ``env.last()`` (the observation vector and
action mask of the agent to act), one legal action drawn uniformly from the mask with a
seeded generator, ``env.step(action)``; games are reset with a fresh seed when they
end (the dead steps of finished agents are not counted). The rounds are interleaved:
in each round every environment runs for ``--seconds`` of CPU time
(``time.process_time``), and each ratio is taken within its round, so a busy machine
slows both sides alike. The table gives the median over ``--rounds``. Goal (issue 34):
at least as many steps per second as ``connect_four_v3``.

The anchors need pygame (``pip install "pettingzoo[classic]"``).

Usage: python benchmarks/rl_envs.py [--seconds 1.0] [--rounds 3] [--players 2]
       [--out benchmarks/results/rl_envs.txt]
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
from pettingzoo.classic import connect_four_v3, tictactoe_v3

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from boardgames_widgets import rl
from boardgames_widgets.core.registry import GAMES


def steps_per_second(make: Callable[[], Any], seconds: float, seed: int) -> float:
    """Steps per CPU second of the environment ``make()`` played by uniform random legal moves."""
    env = make()
    rng = random.Random(seed)
    game_seed = seed * 1_000_003
    env.reset(seed=game_seed)
    steps = 0
    start = time.process_time()
    end = start + seconds
    while True:
        obs, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            if time.process_time() >= end:
                break
            game_seed += 1
            env.reset(seed=game_seed)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        env.step(int(legal[rng.randrange(len(legal))]))
        steps += 1
        if steps % 64 == 0 and time.process_time() >= end:
            break
    return steps / (time.process_time() - start)


def main(argv: list[str] | None = None) -> str:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args(argv)
    anchors: dict[str, Callable[[], Any]] = {"tictactoe_v3": tictactoe_v3.env, "connect_four_v3": connect_four_v3.env}
    ours: dict[str, Callable[[], Any]] = {
        gid: (lambda gid=gid: rl.aec_env(gid, num_players=max(args.players, GAMES[gid].rules.info.min_players)))
        for gid in GAMES
    }
    rates: dict[str, list[float]] = {name: [] for name in (*anchors, *ours)}
    ratios: dict[str, dict[str, list[float]]] = {gid: {a: [] for a in anchors} for gid in ours}
    for r in range(args.rounds):
        got = {}
        for name, make in (*anchors.items(), *ours.items()):
            got[name] = steps_per_second(make, args.seconds, seed=r + 1)
            rates[name].append(got[name])
        for gid in ours:
            for a in anchors:
                ratios[gid][a].append(got[gid] / got[a])
    lines = [
        f"# AEC environment steps per CPU second, median of {args.rounds} rounds of {args.seconds:g} s each",
        f"# Python {platform.python_version()} on {platform.machine()}; {args.players} players where allowed",
        f"{'environment':<18} {'steps/s':>10} {'÷ tictactoe_v3':>16} {'÷ connect_four_v3':>18}",
    ]
    for name in anchors:
        lines.append(f"{name:<18} {statistics.median(rates[name]):>10,.0f}")
    for gid in ours:
        t, c = (statistics.median(ratios[gid][a]) for a in anchors)
        lines.append(f"{gid:<18} {statistics.median(rates[gid]):>10,.0f} {t:>16.2f} {c:>18.2f}")
    text = "\n".join(lines)
    print(text)
    if args.out is not None:
        args.out.write_text(text + "\n", encoding="utf-8")
    return text


if __name__ == "__main__":
    main()
