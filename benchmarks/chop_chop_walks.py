"""Chop Chop's random playout before and after a change, and against OpenSpiel's C++ anchor.

Issue 32 asks for Chop Chop's walks from precomputed tables and playouts at least 1.8×
faster, and a playout at most 3× OpenSpiel's C++ ``tic_tac_toe`` per action. This
benchmark times :meth:`Game.random_playout` of the package as it is and of the package
at an earlier commit (``--baseline``, extracted with ``git archive`` into a temporary
directory and imported under another name), on the same seeded games from the initial
state, and OpenSpiel's C++ ``tic_tac_toe`` (``benchmarks/throughput.py``'s anchor), all
in the same rounds, interleaved (the order changes from round to round). Every round plays
fresh seeds: the rules remember the moves they found (``moves.table_moves``), so games
played before would be faster than new ones (``--same-games`` plays the same seeds every
round, to see how much).

Figures are CPU time (``time.process_time``) per action; an action is every step of a
game (die rolls, moves, tiles turned, decisions), counted once by stepping the same
games through the public API. Both versions must play the same games from the same
seeds (same returns, same draws from the generator): the benchmark checks it first.
Ratios are taken within a round; reported as min–median over the rounds. The same rounds
also time both versions step by step through the API, as ``benchmarks/throughput.py``'s
trusted path plays (``legal_actions``, ``sample_chance``, ``apply_trusted``).

Usage: python benchmarks/chop_chop_walks.py [--baseline 9fad9bf] [--rounds 5] [--games 300]
       [--players 2] [--same-games] [--out benchmarks/results/chop_chop_walks.txt]
"""

from __future__ import annotations

import argparse
import importlib
import io
import platform
import random
import re
import subprocess
import sys
import tarfile
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from boardgames_widgets.core.registry import make_game
from boardgames_widgets.testing import reference_playout

sys.path.insert(0, str(Path(__file__).resolve().parent))
from throughput import anchor_games, median, playout, spiel_playout, us_per_action

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = "boardgames_widgets"


def baseline_game(rev: str, num_players: int, into: Path) -> Any:
    """A Chop Chop game of the package at commit ``rev`` (imported as ``bgw_<rev>``)."""
    name = f"bgw_{re.sub(r'[^0-9A-Za-z]', '_', rev)}"
    blob = subprocess.run(["git", "archive", rev, PACKAGE], cwd=ROOT, check=True, capture_output=True).stdout
    with tarfile.open(fileobj=io.BytesIO(blob)) as tar:
        for member in tar.getmembers():
            if not member.isfile() or not member.name.endswith(".py"):
                continue
            data = tar.extractfile(member)
            assert data is not None
            text = re.sub(rf"\b{PACKAGE}\b", name, data.read().decode("utf-8"))
            target = into / name / Path(member.name).relative_to(PACKAGE)
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text, encoding="utf-8")
    sys.path.insert(0, str(into))
    registry = importlib.import_module(f"{name}.core.registry")
    return registry.make_game("chop_chop", num_players=num_players)


def actions_of(game: Any, seeds: range) -> int:
    """The actions of the seeded random games (every step, chance included)."""
    total = 0
    for seed in seeds:
        rng, state = random.Random(seed), game.new_initial_state()
        while not game.is_terminal(state):
            if game.is_chance_node(state):
                action = game.sample_chance(state, rng)
            else:
                legal = game.legal_actions(state)
                action = legal[rng.randrange(len(legal))]
            state = game.apply_trusted(state, action)
            total += 1
    return total


def same_games(ours: Any, theirs: Any, seeds: range) -> None:
    """Both play the same games: the same returns, the same draws (and as the definition)."""
    for seed in seeds:
        a, b, c = random.Random(seed), random.Random(seed), random.Random(seed)
        got = ours.random_playout(ours.new_initial_state(), a)
        if got != theirs.random_playout(theirs.new_initial_state(), b) or a.getstate() != b.getstate():
            raise SystemExit(f"seed {seed}: the two versions play different games")
        if got != reference_playout(ours, ours.new_initial_state(), c) or a.getstate() != c.getstate():
            raise SystemExit(f"seed {seed}: random_playout is not the reference playout")


def playouts_time(game: Any, seeds: range) -> float:
    """CPU seconds of ``random_playout`` over the seeded games."""
    start_state = game.new_initial_state()
    playout = game.random_playout
    start = time.process_time()
    for seed in seeds:
        playout(start_state, random.Random(seed))
    return time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--baseline", default="9fad9bf", help="the commit to compare with")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--games", type=int, default=300, help="seeded random games per round")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seconds", type=float, default=1.0, help="anchor time per round")
    parser.add_argument(
        "--same-games", action="store_true", help="play the same seeds every round (positions met before)"
    )
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args()
    lines = [
        f"# benchmarks/chop_chop_walks.py --baseline {args.baseline} --rounds {args.rounds} "
        f"--games {args.games} --players {args.players}" + (" --same-games" if args.same_games else ""),
        f"# Python {platform.python_version()}, {platform.machine()}; one core; CPU time (time.process_time);"
        " baseline, current and anchor interleaved in every round",
    ]

    def say(line: str) -> None:
        print(line, flush=True)
        lines.append(line)

    with tempfile.TemporaryDirectory() as tmp:
        old = baseline_game(args.baseline, args.players, Path(tmp))
        new = make_game("chop_chop", num_players=args.players)
        counter = make_game("chop_chop", num_players=args.players)  # counts actions (remembers nothing for `new`)
        same_games(new, old, range(100))
        spiel = anchor_games()
        for game in (old, new):  # build the walk tables (each game's first moves build them)
            playouts_time(game, range(20))

        def fresh(r: int) -> range:
            """Round ``r``'s games: seeds neither version has played (what a version
            remembers from earlier games must not make a round easier)."""
            if args.same_games:
                return range(1000, 1000 + args.games)
            return range(1000 + r * args.games, 1000 + (r + 1) * args.games)

        runs: dict[str, Callable[[int, int], float]] = {
            "baseline": lambda r, actions: playouts_time(old, fresh(r)) / actions * 1e6,
            "current": lambda r, actions: playouts_time(new, fresh(r)) / actions * 1e6,
            # throughput.py's trusted path: legal_actions, sample_chance, apply_trusted, step by step
            "baseline trusted": lambda r, _: us_per_action(
                lambda rng: playout(old, rng, trusted=True), args.seconds, 10**6 + r
            ),
            "current trusted": lambda r, _: us_per_action(
                lambda rng: playout(new, rng, trusted=True), args.seconds, 10**6 + r
            ),
        }
        if spiel is not None:
            runs["C++"] = lambda r, _: us_per_action(lambda rng: spiel_playout(spiel[1], rng), args.seconds, r)
        rounds: list[dict[str, float]] = []
        total = 0
        for r in range(args.rounds):
            actions = actions_of(counter, fresh(r))
            total += actions
            order = list(runs)[r % len(runs) :] + list(runs)[: r % len(runs)]
            rounds.append({name: runs[name](r, actions) for name in order})
            say("round " + str(r + 1) + ": " + ", ".join(f"{k} {v:.3f} µs/action" for k, v in rounds[-1].items()))
    say("")
    kind = "the same seeded games every round" if args.same_games else "fresh seeded games"
    say(f"Chop Chop, {args.players} players, random_playout from the initial state: {args.games} {kind}")
    say(f"a round ({total} actions in all); CPU µs per action, median of {args.rounds} rounds; ratios min-median")

    def ratio(num: str, den: str) -> str:
        values = [r[num] / r[den] for r in rounds]
        return f"{min(values):.2f}-{median(values):.2f}"

    say(f"  baseline ({args.baseline}) {median([r['baseline'] for r in rounds]):.3f}")
    say(f"  current               {median([r['current'] for r in rounds]):.3f}")
    say(f"  speed-up (baseline / current): {ratio('baseline', 'current')}  (goal at least 1.8)")
    if spiel is not None:
        say(f"  OpenSpiel C++ tic_tac_toe {median([r['C++'] for r in rounds]):.3f}")
        say(
            f"  baseline / C++: {ratio('baseline', 'C++')};  current / C++: {ratio('current', 'C++')}  (goal at most 3)"
        )
    say("Step by step through the API (benchmarks/throughput.py's trusted path, a fresh seed and")
    say(f"{args.seconds} s a round): CPU µs per action, median")
    say(
        f"  baseline {median([r['baseline trusted'] for r in rounds]):.3f}; current "
        f"{median([r['current trusted'] for r in rounds]):.3f}; speed-up {ratio('baseline trusted', 'current trusted')}"
    )
    if spiel is not None:
        say(f"  baseline / C++: {ratio('baseline trusted', 'C++')};  current / C++: {ratio('current trusted', 'C++')}")
    if args.out is not None:
        args.out.write_text("\n".join(lines) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
