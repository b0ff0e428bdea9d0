"""The sandbox's cost per move: in-process play against sandboxed play (figures, never a test).

Random agents play Food Chain and Papageno games (2 players) three ways on the same
seeds: in this process, in this process with a move time limit (each move in a helper
thread), and with every agent in a sandbox process (``isolate=True``: the observation
and the legal actions are pickled to the agent's process, its answer comes back as
JSON). Each line gives the seconds per agent move and the ratio to in-process play,
the anchor measured in the same run. Starting the sandboxes is counted separately
(a tournament starts them once and reuses them).

Usage::

    python benchmarks/sandbox.py --games 40
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any

from boardgames_widgets import RandomAgent, make_game
from boardgames_widgets.core.play import LocalSeat, Seat, SeatedAgent, play_game
from boardgames_widgets.core.sandbox import SandboxPool, open_seat


def run(game: Any, games: int, mode: str, pool: SandboxPool) -> tuple[float, int]:
    """Seconds and agent moves for ``games`` games played in ``mode``."""
    agents = [RandomAgent(), RandomAgent()]
    total = 0.0
    decisions: list[bool] = []

    def count(state: Any, action: Any) -> None:
        decisions.append(not game.is_chance_node(state))

    for i in range(games):
        if mode == "sandbox":
            seats: list[Seat] = [open_seat(a, game, 60.0, pool) for a in agents]
        else:
            seats = [LocalSeat(a, 60.0 if mode == "thread" else None) for a in agents]
        start = time.perf_counter()
        play_game(game, [SeatedAgent(s, n) for s, n in zip(seats, "ab", strict=True)], seed=i, on_action=count)
        total += time.perf_counter() - start
    return total, sum(decisions)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=40, help="games per game and mode (default 40)")
    args = parser.parse_args()
    print("$ python benchmarks/sandbox.py " + " ".join(sys.argv[1:]), flush=True)
    rows = []
    for game_id in ("food_chain", "papageno"):
        game = make_game(game_id, num_players=2)
        with SandboxPool() as pool:
            start = time.perf_counter()
            run(game, 1, "sandbox", pool)  # start the two sandboxes (and the fork server)
            startup = time.perf_counter() - start
            anchor = None
            for mode in ("in-process", "thread", "sandbox"):
                seconds, moves = run(game, args.games, mode, pool)
                per_move = seconds / moves
                anchor = anchor or per_move
                rows.append([game_id, mode, f"{1e6 * per_move:,.0f}", f"{per_move / anchor:.1f}×", str(moves)])
        rows.append([game_id, "sandbox start", f"{1e6 * startup:,.0f}", "(2 processes, once)", ""])
    header = ["game", "agents run", "µs per move", "ratio to in-process", "moves"]
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]
    for r in [header, ["-" * w for w in widths], *rows]:
        print("  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)).rstrip())


if __name__ == "__main__":
    main()
