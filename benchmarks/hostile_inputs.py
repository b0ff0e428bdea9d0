"""Hostile saved games: every input of at most 1 MB is accepted or refused in at most 1 s
of CPU time and 100 MiB of memory (issue 32).

Each case is a JSON text a user could hand to ``GameRecord.from_json`` or
``Game.from_json`` (a saved game, a record, a configuration). The script times each
(``time.process_time``) and measures its peak memory (``tracemalloc``), prints one row
per case — size, outcome, CPU ms, peak MiB, the first words of the error — and exits 1
if any case breaks a limit. Run: ``python benchmarks/hostile_inputs.py``.
"""

from __future__ import annotations

import contextlib
import json
import random
import sys
import time
import tracemalloc
from collections.abc import Callable
from typing import Any

from boardgames_widgets import GameRecord, RandomAgent, make_game, play_game
from boardgames_widgets.games.chop_chop.scenario import board_state

MB = 1_000_000
CPU_LIMIT = 1.0
MEMORY_LIMIT = 100 * 2**20


def record(game: str, actions: list[str], config: dict[str, Any] | None = None) -> str:
    return json.dumps({"schema": 1, "game": game, "config": config or {}, "actions": actions})


def cases() -> list[tuple[str, str, Callable[[str], Any]]]:
    """(name, JSON text, loader) for every hostile input."""
    load_record = GameRecord.from_json
    cc = make_game("chop_chop")
    state = board_state(cc, "\n".join(["- - - - 0 - - - -", "- - # # # # # - -", "- # # # # # # # -",
        "- # # [C#] [#] [#] # # 1", "3 # # [#] [#] [#] # # -", "- # # # # # # # -", "- - # # # # # - -",
        "- - - - 2 - - - -"]), roll=2)  # fmt: skip
    roll0 = cc.to_json(state)
    roll0["state"]["roll"] = 0
    out: list[tuple[str, str, Callable[[str], Any]]] = [
        ("chop_chop move phase with roll 0", json.dumps(roll0), cc.from_json),
        ("mouse_trap reliability 1e-10000000", record("mouse_trap", [], {"stage_reliability": ["1e-10000000"] * 7}), load_record),
        ("mouse_trap reliability 1e-(1 MB of 9s)", record("mouse_trap", [], {"stage_reliability": ["1e-" + "9" * (MB - 200)]}), load_record),
        ("mouse_trap reliability 1 MB fraction", record("mouse_trap", [], {"stage_reliability": ["1" * (MB // 2 - 100) + "/" + "3" * (MB // 2 - 100)]}), load_record),
        ("JSON: 1 MB of '['", "[" * MB, load_record),
        ("JSON: a 1 MB integer", '{"schema": ' + "9" * (MB - 20) + "}", load_record),
        ("JSON: a 1 MB float exponent", '{"schema": 1e' + "9" * (MB - 20) + "}", load_record),
        ("chop_chop state, 1 MB phase name", json.dumps({**cc.to_json(state), "state": {**cc.to_json(state)["state"], "phase": "x" * MB}}), cc.from_json),
        ("chop_chop config, 1 MB board map", json.dumps({"game": "chop_chop", "config": {"board_map": "." * MB}, "state": {}}), cc.from_json),
        ("record, 1 MB game id", record("x" * MB, []), load_record),
        ("record, 100,000 empty actions", record("chop_chop", [""] * 100_000), load_record),
    ]  # fmt: skip
    for game in ("chop_chop", "mouse_trap", "papageno", "food_chain"):
        out.append((f"{game} action 'roll' + 1 MB of 9s", record(game, ["roll " + "9" * (MB - 100)]), load_record))
        out.append((f"{game} action of 1 MB of letters", record(game, ["x" * (MB - 100)]), load_record))
        # legal play: the longest of 20 seeded random games (per-action cost of a replay)
        longest = max(
            (play_game(make_game(game), [RandomAgent() for _ in range(2)], seed=s) for s in range(20)),
            key=lambda r: len(r.actions),
        )
        out.append((f"{game} longest of 20 random games", longest.to_json(), load_record))
    rng = random.Random(0)
    junk = "".join(rng.choice('{}[]",:0123456789eE.-') for _ in range(MB))
    out.append(("1 MB of JSON punctuation", junk, load_record))
    return out


def measure(text: str, load: Callable[[str], Any]) -> tuple[str, float, float]:
    """(outcome, CPU seconds, peak bytes): timed alone, then run again under tracemalloc
    (which slows Python down several times) for the memory."""
    t0 = time.process_time()
    try:
        load(text)
        outcome = "accepted"
    except ValueError as exc:
        outcome = "refused: " + str(exc)[:70].replace("\n", " ")
    cpu = time.process_time() - t0
    tracemalloc.start()
    with contextlib.suppress(ValueError):
        load(text)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return outcome, cpu, peak


def main() -> int:
    bad = 0
    print(f"{'case':42} {'bytes':>9} {'CPU ms':>8} {'peak MiB':>9}  outcome")
    for name, text, load in cases():
        outcome, cpu, peak = measure(text, load)
        over = cpu > CPU_LIMIT or peak > MEMORY_LIMIT or len(text.encode()) > MB + 1000
        bad += over
        mark = "  OVER" if over else ""
        print(f"{name:42} {len(text.encode()):9} {1000 * cpu:8.1f} {peak / 2**20:9.1f}  {outcome}{mark}")
    print("all within 1 s CPU and 100 MiB" if not bad else f"{bad} case(s) over the limits")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
