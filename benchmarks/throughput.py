"""Throughput of every registered game, as ratios to OpenSpiel measured in the same run.

Four tables (figures to report, never a test). Every figure is CPU time
(``time.process_time``); every anchor is measured again in every round, next to the
figures it divides, and each ratio is taken within its round (min-median over rounds).

1. **µs per action** — seeded random playouts of each game (one core): the time of a
   whole playout (asking for the legal actions or drawing chance, choosing, applying)
   divided by its actions. ``strict`` plays as a recorded game does (chance from
   ``chance_outcomes``, every action checked by ``game.apply``); ``trusted`` plays as
   search does (``game.sample_chance`` and ``game.apply_trusted`` for actions taken
   from ``legal_actions``); ``playout`` is :meth:`Game.random_playout`, the rollout MCTS
   runs (its actions counted by the trusted loop from a generator in the same state,
   untimed). The anchors are OpenSpiel's ``python_tic_tac_toe`` (once per round) and its
   C++ ``tic_tac_toe`` (again next to every game); the ratios say how many anchor actions
   one of our actions costs, so they stay meaningful on a busy or a faster machine.
2. **The OpenSpiel adapter** — a random playout through pyspiel's state API
   (:func:`adapter_playout`) against our own trusted step, in the same round; with
   ``--adapter-parts`` also where its time goes (:func:`adapter_parts_playout`: our loop
   with the adapter's work added piece by piece).
3. **MCTS iterations per CPU second** — per round, in turn: :func:`search.speed` of
   ``benchmarks/search.py`` (our :func:`~boardgames_widgets.agents.mcts.mcts` against
   OpenSpiel's Python ``MCTSBot`` on the same decision states, same simulations, same
   random rollouts), :func:`search.speed_same_rollout` (OpenSpiel's ``MCTSBot`` rolling
   out with *our* rollout function: rollouts are most of an iteration, so the first ratio
   mostly compares rollout code, the second the search trees themselves), and
   :func:`search.tree_share`: the share of our iteration that is not the rollout, both ways —
   *tree+game*, selection, expansion and backup with the game's calls they make (the new
   leaf's ``apply_trusted``, chance drawn or its odds listed, a node's ``legal_actions`` and
   ``current_player``), and *tree*, the tree's own work alone (those calls are the game's
   work) — from the same searches run twice, the rollouts timed apart in one and the game's
   calls in the other, the timer's own cost measured and taken off. An
   iteration is the same on both sides: one descent by UCB1 (chance sampled by its odds),
   one new leaf, one uniformly random rollout to the end of the game, one
   backpropagation. (OpenSpiel creates all children of a node at its second visit and
   evaluates the first one reached, and never rolls out from a chance node; ours adds one
   child per visit.) OpenSpiel plays through the :mod:`boardgames_widgets.openspiel`
   adapter and clones a state per iteration.
4. **Loading saved games** — CPU µs per action of ``GameRecord.from_json`` (JSON text to a
   validated record: every action parsed, checked and replayed) on seeded random games,
   against OpenSpiel's ``deserialize_game_and_state`` of C++ tic-tac-toe games.

Without ``open-spiel`` (the ``bench`` extra) the anchors and the MCTS ratio are skipped.
Figures go to stdout and, with ``--out``, to a file (``benchmarks/results/throughput.txt``).

Usage: python benchmarks/throughput.py [--games food_chain,chop_chop] [--seconds 1.0] [--runs 3]
       [--simulations 200] [--positions 3] [--records 20] [--skip-mcts] [--skip-loading] [--adapter-parts]
       [--out benchmarks/results/throughput.txt]
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
from search import speed, speed_same_rollout, tree_share  # benchmarks/search.py: our MCTS against OpenSpiel's


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
    """One random game through the OpenSpiel adapter, asking at each step what OpenSpiel's
    rollout (``RandomRolloutEvaluator``) asks: ``is_terminal``, ``is_chance_node``, then
    ``chance_outcomes`` (drawn by their float odds) or ``legal_actions`` of the
    ``current_player``, ``apply_action``. Its ``returns`` at the end are left out, as in
    our own loop (:func:`playout`): the game's own scoring, the same on both sides."""
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
            legal = state.legal_actions(state.current_player())
            state.apply_action(legal[rng.randrange(len(legal))])
        n += 1
    return n


#: The steps of :func:`adapter_parts_playout`: our own loop, then the adapter's work added one
#: piece at a time (numbering the legal actions — for a game with an action table, its
#: ``legal_action_ids`` in place of its legal actions; the copy handed out and the look-up of
#: the chosen number; chance outcomes listed, numbered and drawn by their float odds).
ADAPTER_PARTS = ("ours", "+numbering", "+copy, look-up", "+chance lists")


def adapter_parts_playout(game: Any, spiel_game: Any, rng: random.Random, parts: int) -> int:
    """One random game by our trusted loop with the first ``parts`` pieces of the adapter's
    work added (:data:`ADAPTER_PARTS`; 0: our own loop), without the wrapper: where the
    adapter's time goes. Returns the number of actions applied."""
    state = game.new_initial_state()
    n = 0
    while not game.is_terminal(state):
        if game.is_chance_node(state):
            if parts >= 3:  # as a pyspiel user: every outcome numbered, one drawn by the odds
                outcomes = game.chance_outcomes(state)
                numbers, odds = spiel_game.chance_offer(outcomes)
                r, pick = rng.random(), odds[-1][0]
                for number, p in odds[:]:
                    r -= p
                    if r < 0:
                        pick = number
                        break
                action = outcomes[numbers.index(pick)][0]
            else:
                action = game.sample_chance(state, rng)
        elif parts >= 1 and spiel_game.table is not None:  # numbered by the game's action table
            numbers = game.legal_action_ids(state)
            if parts >= 2:
                offered = numbers[:]
                pick = numbers[numbers.index(offered[rng.randrange(len(offered))])]
            else:
                pick = numbers[rng.randrange(len(numbers))]
            action = spiel_game.table[pick]
        else:
            legal = game.legal_actions(state)
            if parts >= 2:
                numbers = spiel_game.numbers(legal)
                offered = numbers[:]
                action = legal[numbers.index(offered[rng.randrange(len(offered))])]
            else:
                if parts >= 1:
                    spiel_game.numbers(legal)
                action = legal[rng.randrange(len(legal))]
        state = game.apply_trusted(state, action)
        n += 1
    return n


def random_playout_us_per_action(game: Any, seconds: float, seed: int = 0) -> float:
    """CPU µs per action of :meth:`Game.random_playout` (the playout MCTS rollouts run).

    ``random_playout`` returns no count of actions, so each game is also played, untimed,
    by the step-by-step trusted loop (:func:`playout`) from a generator in the same state:
    the same moves (the override's promise, checked here on the generators' states)."""
    rng, counter = random.Random(seed), random.Random(seed)
    actions, spent = 0, 0.0
    while spent < seconds:
        n = playout(game, counter, trusted=True)  # untimed: counts the actions
        state = game.new_initial_state()
        start = time.process_time()
        game.random_playout(state, rng)
        spent += time.process_time() - start
        actions += n
        if rng.getstate() != counter.getstate():
            raise RuntimeError(f"{game.info.id}: random_playout drew differently from the step-by-step loop")
    return spent / actions * 1e6


def record_texts(game: Any, count: int, seed: int = 0) -> list[tuple[str, int]]:
    """``count`` seeded random games of ``game`` as saved records (JSON text), each with its
    number of actions (:func:`boardgames_widgets.testing.random_record`, seeds ``seed`` ...)."""
    from boardgames_widgets.testing import random_record

    records = [random_record(game, seed + k) for k in range(count)]
    return [(record.to_json(), len(record.actions)) for record in records]


def loading_us_per_action(texts: list[tuple[str, int]], seconds: float) -> float:
    """CPU µs per action of loading saved records: ``GameRecord.from_json`` (JSON text to a
    validated record: every action parsed, checked and replayed, the returns compared)."""
    from boardgames_widgets.core.record import GameRecord

    actions, start = 0, time.process_time()
    while time.process_time() - start < seconds:
        for text, n in texts:
            GameRecord.from_json(text)
            actions += n
    return (time.process_time() - start) / actions * 1e6


def spiel_loading_us_per_action(game: Any, seconds: float, seed: int = 0) -> float:
    """The anchor of loading: CPU µs per action of ``pyspiel.deserialize_game_and_state`` on
    seeded random games of ``game`` (OpenSpiel's saved form: the game and its action history)."""
    import pyspiel

    rng, texts = random.Random(seed), []
    for _ in range(20):
        state = game.new_initial_state()
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
        texts.append((pyspiel.serialize_game_and_state(game, state), len(state.history())))
    actions, start = 0, time.process_time()
    while time.process_time() - start < seconds:
        for text, n in texts:
            pyspiel.deserialize_game_and_state(text)
            actions += n
    return (time.process_time() - start) / actions * 1e6


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
    parser.add_argument("--skip-loading", action="store_true")
    parser.add_argument(
        "--adapter-parts", action="store_true", help="also table 2b: where the adapter's time goes, piece by piece"
    )
    parser.add_argument("--records", type=int, default=20, help="saved games per game for loading")
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
        py = float("nan")
        if spiel is not None:
            py = us_per_action(lambda rng: spiel_playout(spiel[0], rng), args.seconds, r)
        for gid, n, game in configs:
            cc = float("nan")
            if spiel is not None:  # the C++ anchor again next to every game, for its ratios
                cc = us_per_action(lambda rng: spiel_playout(spiel[1], rng), args.seconds / 2, r)
            strict = us_per_action(lambda rng, g=game: playout(g, rng), args.seconds, r)
            trusted = us_per_action(lambda rng, g=game: playout(g, rng, trusted=True), args.seconds, r)
            fast = random_playout_us_per_action(game, args.seconds, r)
            adapter = float("nan")
            if spiel is not None:
                adapter = us_per_action(lambda rng, sg=adapters[gid, n]: adapter_playout(sg, rng), args.seconds, r)
            rows[gid, n].append((strict, trusted, adapter, py, cc, fast))
            anchor_rounds.append((py, cc))
    if spiel is not None:
        say(
            f"anchor OpenSpiel python_tic_tac_toe: {median([a[0] for a in anchor_rounds]):.2f} µs/action; "
            f"C++ tic_tac_toe: {median([a[1] for a in anchor_rounds]):.3f} µs/action (CPU, median of {args.runs} rounds)"
        )
    say("")
    say(f"1. CPU µs per action of seeded random playouts (median of {args.runs} rounds); ratios to the C++")
    say("   anchor measured in the same round, min-median over rounds")
    say("   (playout: Game.random_playout, the rollout of MCTS; goal: at most 3x the C++ anchor)")
    say(
        f"{'game':<11} {'players':>7} {'strict':>8} {'trusted':>8} {'playout':>8}"
        f" {'strict/C++':>12} {'trusted/C++':>12} {'playout/C++':>12}"
    )
    for (gid, n), figures in rows.items():
        strict, trusted = median([f[0] for f in figures]), median([f[1] for f in figures])
        row = f"{gid:<11} {n:>7} {strict:>8.2f} {trusted:>8.2f} {median([f[5] for f in figures]):>8.2f}"
        if spiel is not None:
            for k in (0, 1, 5):
                ratios = [f[k] / f[4] for f in figures]
                row += f" {min(ratios):>5.1f}-{median(ratios):<6.1f}"
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
        if args.adapter_parts:
            say("")
            say("2b. Where the adapter's time goes: our trusted loop with the adapter's work added piece by piece")
            say("   (adapter_parts_playout, no wrapper), and the adapter, as ratios to our loop in the same round")
            say("   (the adapter asks our game who acts once a state where our loop asks is_terminal and")
            say("   is_chance_node, so it can come out below the last piece)")
            say(f"{'game':<11} {'players':>7}" + "".join(f" {part:>15}" for part in (*ADAPTER_PARTS[1:], "adapter")))
            for gid, n, game in configs:
                spiel_game = adapters[gid, n]
                parts_rounds = []
                for r in range(args.runs):
                    times = [
                        us_per_action(
                            lambda rng, g=game, sg=spiel_game, k=k: adapter_parts_playout(g, sg, rng, k),
                            args.seconds,
                            r,
                        )
                        for k in range(len(ADAPTER_PARTS))
                    ]
                    times.append(us_per_action(lambda rng, sg=spiel_game: adapter_playout(sg, rng), args.seconds, r))
                    parts_rounds.append([t / times[0] for t in times[1:]])
                say(
                    f"{gid:<11} {n:>7}"
                    + "".join(
                        f" {min(p[k] for p in parts_rounds):>7.2f}-{median([p[k] for p in parts_rounds]):<7.2f}"
                        for k in range(len(ADAPTER_PARTS))
                    )
                )
    if not args.skip_mcts:
        say("")
        say(f"3. MCTS iterations per CPU second, 2 players, {args.simulations} simulations x {args.positions} states")
        say("   ours; OpenSpiel's Python MCTSBot with its own random rollout through the adapter (as before);")
        say("   and OpenSpiel's MCTSBot rolling out with our rollout function (the same rollout on both sides)")
        say("   (each round runs all three, in turn, and each ratio is taken within its round: min-median);")
        say("   tree+game: the share of our iteration that is not the rollout: selection, expansion and")
        say("   backup with the game's calls they make (the new leaf's apply_trusted, chance drawn or its")
        say("   odds listed, a revisited node's legal_actions and current_player);")
        say("   tree: the tree's own work alone, selection, expansion and backup (the goal: at most 10%),")
        say("   those game calls counted as the game's work; from our searches run twice, the rollouts timed")
        say("   apart in one, the game's calls in the other (the timer's own cost measured and taken off),")
        say("   min-median over rounds;")
        say("   µs: each share of our median iteration in µs (a faster rollout raises a share, not the time)")
        say(
            f"{'game':<11} {'ours':>9} {'OpenSpiel':>10} {'ratio':>11} {'OS+our rollout':>15} {'ratio':>11}"
            f" {'tree+game':>11} {'µs':>5} {'tree':>11} {'µs':>5}"
        )
        for gid in args.games.split(","):
            rounds = []
            for _ in range(args.runs):
                ours, theirs = speed(gid, args.simulations, args.positions)
                same = speed_same_rollout(gid, args.simulations, args.positions)
                rounds.append((ours, theirs, same, tree_share(gid, args.simulations, args.positions)))

            def ratio(k: int, rounds: list[tuple[Any, ...]] = rounds) -> str:
                values = [r[0] / r[k] for r in rounds if r[k]]
                return f"{min(values):>5.1f}-{median(values):<5.1f}" if values else f"{'-':>11}"

            theirs = median([r[1] for r in rounds]) if rounds[0][1] else 0.0
            same = median([r[2] for r in rounds]) if rounds[0][2] else 0.0
            iteration_us = 1e6 / median([r[0] for r in rounds])
            row = (
                f"{gid:<11} {median([r[0] for r in rounds]):>9.0f} {theirs:>10.0f} {ratio(1)} {same:>15.0f} {ratio(2)}"
            )
            for shares in ([100 * r[3].tree for r in rounds], [100 * r[3].own for r in rounds]):
                row += f" {min(shares):>4.1f}-{median(shares):<4.1f}% {median(shares) / 100 * iteration_us:>5.1f}"
            say(row)
    if not args.skip_loading:
        say("")
        say("4. Loading saved games: CPU µs per action of GameRecord.from_json (JSON text to a validated")
        say(f"   record) on {args.records} seeded random games per game, against OpenSpiel's")
        say("   deserialize_game_and_state of C++ tic_tac_toe measured next to it in the same round;")
        say("   ratios min-median over rounds (game objects are built once per configuration, as in a session)")
        say(f"{'game':<11} {'players':>7} {'load':>8} {'anchor':>8} {'load/anchor':>12}")
        for gid, n, game in configs:
            texts = record_texts(game, args.records)
            figures = []
            for r in range(args.runs):
                anchor = spiel_loading_us_per_action(spiel[1], args.seconds / 2, r) if spiel else float("nan")
                figures.append((loading_us_per_action(texts, args.seconds), anchor))
            ratios = [f[0] / f[1] for f in figures]
            say(
                f"{gid:<11} {n:>7} {median([f[0] for f in figures]):>8.2f} {median([f[1] for f in figures]):>8.3f}"
                f" {min(ratios):>5.1f}-{median(ratios):<6.1f}"
            )
    if args.out is not None:
        args.out.write_text("\n".join(lines) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
