"""Search figures: our MCTS against OpenSpiel's Python MCTSBot, strength, move latency.

Three tables, one run (figures to report, never a test):

1. **Speed** — on the same decision states of every registered game (2 players),
   our :func:`~boardgames_widgets.agents.mcts.mcts` and OpenSpiel's Python
   ``MCTSBot`` (on the :mod:`boardgames_widgets.openspiel` adapter) run the same
   number of simulations with the same rollout policy (uniformly random to the end
   of the game, chance by its odds) and the same UCT constant: iterations per
   second for each and the ratio. Skipped without ``open-spiel``. A last column
   gives the iterations per second of the strong bot's own search (its evaluator
   or rollout policy, :data:`~boardgames_widgets.agents.strong.STRONG_SEARCH`) on
   the same states: not comparable with OpenSpiel's, but it shows the work the
   strong bot gets done per second (Papageno: the best MCTS settings found; its
   strong bot is the rollout algorithm, whose "iterations" are samples).
2. **Strength** — the strong bot's win rate against Greedy and against Random, with
   95% Wilson intervals, seats swapped every other game (``--games`` per pairing).
   With ``--baseline N`` the textbook bot (MCTS or ISMCTS with uniformly random
   rollouts to the end, c = sqrt(2), the strong bot before evaluators) also plays
   ``N`` games against Greedy with the same time per move, so the gain is visible.
3. **Latency** — the median (and 90th percentile) time per move of the default
   strong bot (:func:`~boardgames_widgets.agents.strong_agent`).
4. **Budgets** — both budgets of each strong bot: the iterations (samples for the
   rollout algorithm) its time budget buys on this machine, and the minimum it never
   drops below (:data:`~boardgames_widgets.agents.strong.STRONG_MIN_BUDGET`, the
   budget behind its published results), with the seconds a move needs to reach the
   minimum here: above :data:`~boardgames_widgets.agents.strong.STRONG_SECONDS` the
   machine is too slow for the time budget alone, and moves take longer instead of
   the bot playing weaker.

Time budgets are wall-clock: on a busy machine the bots get fewer iterations, so
the figures are a lower bound of what the same budget buys on an idle one. With
``--calibrate`` the strength games use a fixed number of iterations per move
instead, measured per game just before: the iterations the bot runs in
``--seconds`` on this machine (median over a few moves, printed). The games are
then reproducible and unaffected by other work on the machine during the run.

Usage::

    python benchmarks/search.py                 # the full run: 200 games per pairing, 1 s per move
    python benchmarks/search.py --quick         # minutes: 20 games, 200 iterations per move
    python benchmarks/search.py --games 400 --workers 2 --only food_chain,papageno
    python benchmarks/search.py --calibrate --workers 2 --skip speed,latency   # load-independent strength
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor
from typing import Any, NamedTuple

from boardgames_widgets import RandomAgent, make_game
from boardgames_widgets.agents import GreedyAgent, ISMCTSAgent, MCTSAgent, strong_agent
from boardgames_widgets.agents.mcts import UCT_C, mcts
from boardgames_widgets.agents.strong import (
    HIDDEN_AT_DECISIONS,
    STRONG_MIN_BUDGET,
    STRONG_ROLLOUT,
    STRONG_SEARCH,
    STRONG_SECONDS,
    SearchSettings,
)
from boardgames_widgets.analysis.tournament import gauntlet
from boardgames_widgets.core.api import Game
from boardgames_widgets.core.registry import game_ids
from boardgames_widgets.core.rng import sample_outcome


def decision_states(game: Any, count: int, seed: int, moves: int = 4) -> list[Any]:
    """``count`` decision states, each after the deal and ``moves`` random moves."""
    rng = random.Random(seed)
    states = []
    while len(states) < count:
        state, made = game.new_initial_state(), 0
        while not game.is_terminal(state) and (game.is_chance_node(state) or made < moves):
            if game.is_chance_node(state):
                state = game.apply(state, sample_outcome(game.chance_outcomes(state), rng))
            else:
                legal = game.legal_actions(state)
                state = game.apply(state, legal[rng.randrange(len(legal))])
                made += 1
        if not game.is_terminal(state):
            states.append(state)
    return states


#: ``--quick``: samples per move of a rollout-algorithm strong bot (each plays every move out).
QUICK_SAMPLES = 20


def strong_speed(game_id: str, simulations: int, positions: int) -> float:
    """Iterations per second of MCTS simulating as the strong bot does (its evaluator or rollout)."""
    game = make_game(game_id, num_players=2)
    how = STRONG_SEARCH.get(game_id, SearchSettings())
    states = decision_states(game, positions, seed=1)
    start = time.perf_counter()
    for i, state in enumerate(states):
        mcts(
            game, state, random.Random(i), iterations=simulations, c=how.c, rollout=how.rollout, evaluator=how.evaluator
        )
    return simulations * len(states) / (time.perf_counter() - start)


def speed(game_id: str, simulations: int, positions: int) -> tuple[float, float | None]:
    """Iterations per CPU second of our MCTS and of OpenSpiel's (``None`` without open-spiel).

    Both sides are timed in the process's CPU time (``time.process_time``), not wall-clock
    time: on a shared machine, waiting for a core does not count against either side.
    """
    game = make_game(game_id, num_players=2)
    states = decision_states(game, positions, seed=1)
    start = time.process_time()
    for i, state in enumerate(states):
        mcts(game, state, random.Random(i), iterations=simulations, c=UCT_C)
    ours = simulations * len(states) / (time.process_time() - start)
    try:
        import numpy as np
        from open_spiel.python.algorithms import mcts as os_mcts

        from boardgames_widgets import openspiel as bos
    except ImportError:
        return ours, None
    spiel_game = bos.from_game(game)
    start = time.process_time()
    for i, state in enumerate(states):
        evaluator = os_mcts.RandomRolloutEvaluator(1, np.random.RandomState(i))
        bot = os_mcts.MCTSBot(
            spiel_game, UCT_C, simulations, evaluator, solve=False, random_state=np.random.RandomState(i)
        )
        bot.mcts_search(bos.wrap_state(spiel_game, state))
    theirs = simulations * len(states) / (time.process_time() - start)
    return ours, theirs


def _timed(clock: Callable[[], float], spent: list[float]) -> Any:
    """A rollout that plays out as ``game.random_playout`` and adds its CPU time to ``spent[0]``."""

    def timed_rollout(game: Any, state: Any, rng: Any) -> Any:
        start = clock()
        result = game.random_playout(state, rng)
        spent[0] += clock() - start
        return result

    return timed_rollout


def _plain(game: Any, state: Any, rng: Any) -> Any:
    return game.random_playout(state, rng)


class _Nothing:
    """A game whose rollout does nothing (to time the timer)."""

    def random_playout(self, state: Any, rng: Any) -> None:
        return None


def _nothing(state: Any, action: Any) -> None:
    """A game call that does nothing (to time the timer around the game's calls)."""
    return None


#: The game's methods that :func:`~boardgames_widgets.agents.mcts.mcts` calls besides the
#: rollout: the game's own work done for the tree (the new leaf's state, chance drawn or its
#: odds listed, a node's legal actions and whose turn it is, the returns at the end).
TREE_GAME_CALLS = ("current_player", "apply_trusted", "legal_actions", "sample_chance", "chance_outcomes", "returns")


def _timed_call(method: Callable[..., Any], clock: Callable[[], float], spent: list[float]) -> Callable[..., Any]:
    """``method``, adding the CPU time of each call to ``spent[0]`` and counting it in ``spent[1]``."""

    def timed(*args: Any) -> Any:
        start = clock()
        result = method(*args)
        spent[0] += clock() - start
        spent[1] += 1
        return result

    return timed


class _TimedGame:
    """``game`` with the calls the search tree makes timed apart (:data:`TREE_GAME_CALLS`, in
    ``spent``: CPU time and calls); the rollout (``random_playout``) and the rest as they are.

    A game without a ``sample_chance`` of its own keeps the base class's: the search then reads
    the odds (``chance_outcomes``, timed) and draws from them itself (tree work)."""

    def __init__(self, game: Any, clock: Callable[[], float], spent: list[float]) -> None:
        self._game = game
        self.random_playout = game.random_playout
        for name in TREE_GAME_CALLS:
            method = getattr(game, name)
            if getattr(method, "__func__", None) is Game.sample_chance:
                continue  # found through __getattr__ as is: the search sees a game without its own draw
            setattr(self, name, _timed_call(method, clock, spent))

    def __getattr__(self, name: str) -> Any:
        return getattr(self._game, name)


class TreeShare(NamedTuple):
    """The shares of our MCTS iteration (CPU time) outside the rollout (:func:`tree_share`).

    Attributes:
        tree: selection, expansion and backup, *with* the game's calls they make (the new
            leaf's ``apply_trusted``, chance drawn by ``sample_chance`` or its odds listed by
            ``chance_outcomes``, ``legal_actions`` and ``current_player`` of a node visited
            again): everything but the rollout.
        game: those game calls alone (the game's own work, done for the tree).
    """

    tree: float
    game: float

    @property
    def own(self) -> float:
        """The tree's own work alone (selection, expansion and backup without the game's calls)."""
        return self.tree - self.game


def _timer_costs(clock: Callable[[], float]) -> tuple[float, float, float, float]:
    """The timer's cost per timed call, in seconds, for the timed rollout and the timed game
    call: what an empty interval reads (inside) and what the timed call costs more than the
    plain one (both sides), each the least of five runs of 1,000 calls around calls that do
    nothing. Returns (rollout inside, rollout both, game call inside, game call both)."""
    nothing, empty, empty_calls = _Nothing(), [0.0], [0.0, 0]
    timed_nothing, timed_call = _timed(clock, empty), _timed_call(_nothing, clock, empty_calls)
    inside, both, call_inside, call_both = [], [], [], []
    for _ in range(5):
        start, empty[0] = clock(), 0.0
        for _ in range(1000):
            timed_nothing(nothing, None, None)
        middle = clock()
        for _ in range(1000):
            _plain(nothing, None, None)
        both.append((middle - start) - (clock() - middle))
        inside.append(empty[0])
        start, empty_calls[0] = clock(), 0.0
        for _ in range(1000):
            timed_call(None, None)
        middle = clock()
        for _ in range(1000):
            _nothing(None, None)
        call_both.append((middle - start) - (clock() - middle))
        call_inside.append(empty_calls[0])
    return min(inside) / 1000, min(both) / 1000, min(call_inside) / 1000, min(call_both) / 1000


def tree_share(game_id: str, simulations: int, positions: int) -> TreeShare:
    """The shares of our MCTS iteration outside the rollout: the tree with the game's calls it
    makes, and those calls alone (:class:`TreeShare`), in CPU time (``time.process_time``)
    of the same searches as :func:`speed` (same states, seeds and moves), run twice: once
    with each rollout timed apart (the tree with the game's calls is the rest), once with
    each of the game's calls for the tree timed apart (:class:`_TimedGame`).

    Timing every call costs: a pair of timer calls costs ~0.5-2 µs here, a tenth of Pig's
    whole iteration. That cost is measured right after (:func:`_timer_costs`) and taken off
    both sides: what an empty interval reads off the time measured inside the intervals,
    and the rest of the timing's cost off the search's time. What the timing costs beyond
    that in the search (its effect on caches) stays in the tree's own share, which is why
    the two kinds of call are timed in two searches rather than one (in one search the
    tree's own share of Pig read 2-3 points more). The calls that lead from the search to
    the game count as tree work.
    """
    game = make_game(game_id, num_players=2)
    states = decision_states(game, positions, seed=1)
    clock = time.process_time
    spent, in_game = [0.0], [0.0, 0]
    timed_rollout, timed_game = _timed(clock, spent), _TimedGame(game, clock, in_game)
    start = clock()
    for i, state in enumerate(states):
        mcts(game, state, random.Random(i), iterations=simulations, c=UCT_C, rollout=timed_rollout)
    rollouts_search = clock() - start
    start = clock()
    for i, state in enumerate(states):
        mcts(timed_game, state, random.Random(i), iterations=simulations, c=UCT_C, rollout=_plain)
    game_search, game_calls = clock() - start, int(in_game[1])
    inside, both, call_inside, call_both = _timer_costs(clock)
    rollouts = simulations * len(states)
    rollout_share = (spent[0] - rollouts * inside) / (rollouts_search - rollouts * both)
    game_share = (in_game[0] - game_calls * call_inside) / (game_search - game_calls * call_both)
    return TreeShare(1 - rollout_share, game_share)


def speed_same_rollout(game_id: str, simulations: int, positions: int) -> float | None:
    """Iterations per CPU second of OpenSpiel's MCTSBot whose evaluator rolls out with *our*
    rollout (``game.random_playout`` on the wrapped state): the same rollout function on both
    sides, so the comparison is of the trees' own work (``None`` without open-spiel)."""
    try:
        import numpy as np
        from open_spiel.python.algorithms import mcts as os_mcts

        from boardgames_widgets import openspiel as bos
    except ImportError:
        return None
    game = make_game(game_id, num_players=2)
    states = decision_states(game, positions, seed=1)

    class OurRollout(os_mcts.RandomRolloutEvaluator):  # type: ignore[misc]
        def __init__(self, seed: int) -> None:
            super().__init__(1, np.random.RandomState(seed))
            self.rng = random.Random(seed)

        def evaluate(self, state: Any) -> Any:
            return np.array(game.random_playout(state.state, self.rng))

    spiel_game = bos.from_game(game)
    start = time.process_time()
    for i, state in enumerate(states):
        bot = os_mcts.MCTSBot(
            spiel_game, UCT_C, simulations, OurRollout(i), solve=False, random_state=np.random.RandomState(i)
        )
        bot.mcts_search(bos.wrap_state(spiel_game, state))
    return simulations * len(states) / (time.process_time() - start)


def textbook_agent(game: Any, seconds: float, iterations: int | None) -> Any:
    """The textbook bot: MCTS (ISMCTS where decisions hide something), random rollouts, c = sqrt(2)."""
    cls = ISMCTSAgent if game.info.id in HIDDEN_AT_DECISIONS else MCTSAgent
    return cls(game, iterations, None if iterations else seconds, name="textbook")


def calibrate(game_id: str, seconds: float, moves: int, textbook: bool = False) -> int:
    """The iterations per move the strong (or textbook) bot runs in ``seconds`` here: the
    median over ``moves`` searches on positions from random play."""
    game = make_game(game_id, num_players=2)
    bot = textbook_agent(game, seconds, None) if textbook else strong_agent(game, seconds=seconds, minimum=1)
    rng = random.Random(0)
    counts = []
    for state in decision_states(game, moves, seed=3):
        counts.append(bot.search(game.observation(state, game.current_player(state)), rng).iterations)
    return round(statistics.median(counts))


def strength(
    game_id: str, games: int, seconds: float, iterations: int | None, executor: Executor | None, opponent: str
) -> Any:
    """The strong bot against Greedy or Random: the tournament result."""
    game = make_game(game_id, num_players=2)
    bot = strong_agent(game, seconds=seconds, iterations=iterations)
    field = {"greedy": GreedyAgent(game), "random": RandomAgent()}
    return gauntlet(game, ("strong", bot), {opponent: field[opponent]}, games, executor=executor, progress=False)


def baseline(game_id: str, games: int, seconds: float, iterations: int | None, executor: Executor | None) -> Any:
    """The textbook bot (uniformly random rollouts, c = sqrt(2)) against Greedy: the tournament result."""
    game = make_game(game_id, num_players=2)
    bot = textbook_agent(game, seconds, iterations)
    return gauntlet(game, ("textbook", bot), {"greedy": GreedyAgent(game)}, games, executor=executor, progress=False)


def latency(game_id: str, moves: int) -> list[float]:
    """Seconds per move of the default strong bot, on positions from random play."""
    game = make_game(game_id, num_players=2)
    bot = strong_agent(game)
    rng = random.Random(0)
    times = []
    for state in decision_states(game, moves, seed=2):
        player = game.current_player(state)
        start = time.perf_counter()
        bot.act(game.observation(state, player), game.legal_actions(state), rng)
        times.append(time.perf_counter() - start)
    return times


def table(header: list[str], rows: list[list[str]]) -> str:
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]
    lines = ["  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)) for r in [header, *rows]]
    lines.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=200, help="games per pairing (default 200)")
    parser.add_argument("--random-games", type=int, default=None, help="games against Random (default: --games)")
    parser.add_argument("--baseline", type=int, default=0, help="games of the textbook bot against Greedy (0: none)")
    parser.add_argument("--seconds", type=float, default=1.0, help="strong bot's time per move (default 1)")
    parser.add_argument("--iterations", type=int, default=None, help="iterations per move instead of --seconds")
    parser.add_argument(
        "--calibrate", action="store_true", help="strength games: --seconds turned into iterations measured per game"
    )
    parser.add_argument("--simulations", type=int, default=200, help="simulations per search in the speed test")
    parser.add_argument("--positions", type=int, default=3, help="positions per game in the speed test")
    parser.add_argument("--latency-moves", type=int, default=15, help="moves timed per game for latency")
    parser.add_argument("--workers", type=int, default=1, help="processes for the strength games")
    parser.add_argument("--only", default="", help="comma-separated game ids (default: every registered game)")
    parser.add_argument("--quick", action="store_true", help="20 games, 200 iterations per move, fewer samples")
    parser.add_argument("--skip", default="", help="comma-separated parts to skip: speed,strength,latency,budgets")
    parser.add_argument("--budget-moves", type=int, default=5, help="searches timed per game for the budgets")
    args = parser.parse_args()
    if args.quick:
        args.games, args.iterations, args.simulations, args.positions, args.latency_moves = 20, 200, 100, 2, 5
    ids = [g for g in game_ids() if not args.only or g in args.only.split(",")]
    skip = set(args.skip.split(","))
    random_games = args.games if args.random_games is None else args.random_games
    print("$ python benchmarks/search.py " + " ".join(sys.argv[1:]), flush=True)

    if "speed" not in skip:
        rows = []
        for gid in ids:
            ours, theirs = speed(gid, args.simulations, args.positions)
            ratio = f"{ours / theirs:.1f}×" if theirs else "—"
            strong = strong_speed(gid, args.simulations, args.positions)
            rows.append([gid, f"{ours:,.0f}", f"{theirs:,.0f}" if theirs else "not installed", ratio, f"{strong:,.0f}"])
        print(f"\nMCTS speed: {args.simulations} simulations × {args.positions} positions, random rollouts")
        print(table(["game", "ours it/s", "OpenSpiel it/s", "ratio", "strong bot's search it/s"], rows), flush=True)

    if "strength" not in skip:
        budget = f"{args.iterations} iterations" if args.iterations else f"{args.seconds:g} s"
        budget += ", as iterations measured per game" if args.calibrate and not args.iterations else ""
        print(
            f"\nStrength: strong bot ({budget} per move) vs Greedy ({args.games} games) and Random "
            f"({random_games} games), 2 players, seats alternate, {args.workers} worker(s)",
            flush=True,
        )
        rows = []
        executor = ProcessPoolExecutor(args.workers) if args.workers > 1 else None
        try:
            for gid in ids:
                iterations, textbook_iterations = args.iterations, args.iterations
                if args.quick and gid in STRONG_ROLLOUT:  # samples, each plays out every legal move
                    iterations = QUICK_SAMPLES
                if args.calibrate and not args.iterations:
                    iterations = calibrate(gid, args.seconds, 5)
                    textbook_iterations = calibrate(gid, args.seconds, 5, textbook=True) if args.baseline else None
                    print(
                        f"  {gid}: {args.seconds:g} s = {iterations:,} iterations of the strong bot"
                        + (f", {textbook_iterations:,} of the textbook bot" if textbook_iterations else ""),
                        flush=True,
                    )
                for opponent, games in (("greedy", args.games), ("random", random_games)):
                    start = time.perf_counter()
                    p = strength(gid, games, args.seconds, iterations, executor, opponent).pairing("strong", opponent)
                    rows.append(["strong", gid, opponent, p.cell(), str(p.games), f"{time.perf_counter() - start:.0f}"])
                    print("  " + "  ".join(rows[-1]), flush=True)
                if args.baseline:
                    start = time.perf_counter()
                    p = baseline(gid, args.baseline, args.seconds, textbook_iterations, executor).pairing(
                        "textbook", "greedy"
                    )
                    rows.append(
                        ["textbook", gid, "greedy", p.cell(), str(p.games), f"{time.perf_counter() - start:.0f}"]
                    )
                    print("  " + "  ".join(rows[-1]), flush=True)
        finally:
            if executor is not None:
                executor.shutdown()
        print(table(["bot", "game", "opponent", "win rate (95% CI)", "games", "wall s"], rows), flush=True)

    if "latency" not in skip:
        rows = []
        for gid in ids:
            times = latency(gid, args.latency_moves)
            p90 = statistics.quantiles(times, n=10)[-1] if len(times) > 1 else times[0]
            rows.append([gid, f"{statistics.median(times):.2f}", f"{p90:.2f}", str(len(times))])
        print("\nMove latency of the default strong bot (seconds)")
        print(table(["game", "median", "p90", "moves"], rows))

    if "budgets" not in skip:
        rows = []
        for gid in ids:
            timed = calibrate(gid, STRONG_SECONDS, args.budget_moves)
            least = STRONG_MIN_BUDGET.get(gid, 1)
            need = STRONG_SECONDS * least / max(timed, 1)
            rows.append([gid, f"{timed:,}", f"{least:,}", f"{need:.2f}", "minimum" if least > timed else "time"])
        print(f"\nBudgets of the strong bot per move: {STRONG_SECONDS:g} s, but never less than the minimum")
        print(
            table(["game", f"iterations in {STRONG_SECONDS:g} s here", "minimum", "s for the minimum", "binds"], rows)
        )


if __name__ == "__main__":
    main()
