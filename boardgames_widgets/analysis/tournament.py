"""Tournaments: agents play each other over seats and seeds; win rates, CIs and Elo.

A *pairing* of two agents plays ``games`` games. The agents take alternate seats
(A, B, A, B, … in a game for more than two) and swap seats every other game;
games ``2k`` and ``2k + 1`` share one seed, so both agents meet the same dice and
deals from both sides ("duplicate" play, which cuts the luck out of comparisons).
Every pairing uses the same seeds. An agent's result in a game is the share of the
win that went to its seats (1, 0, or 1/k of a k-way shared win).

Games run through any :class:`concurrent.futures.Executor` (a process pool such
as :func:`default_executor`, threads, or ``dask.distributed``'s
``Client.get_executor()``); by default in this process. Every game's randomness
comes from its seed, so the same seeds give the same table whatever runs the
games — provided the agents are deterministic given the generator they are
handed (an agent with a time budget is not).

Fair play (see :mod:`boardgames_widgets.core.play`): an agent that crashes, returns
anything but one of the legal actions, or runs over ``move_time_limit`` *forfeits*
the game: it scores 0, the other seats share the win, and the fault is counted in
its row. With ``isolate`` every agent runs in a sandbox process of its own
(:mod:`boardgames_widgets.core.sandbox`); agents read from a folder of student
files with :func:`load_agents` are isolated by default.

Nothing is lost: a game whose task fails (a worker process died, an agent could
not be sent to a process pool) is played again once in this process, its agents
in sandboxes; if that fails too it is recorded as an error of its pairing. Agents
that cannot be pickled (lambdas, closures) play their games in a thread of this
process when the executor is a process pool. With ``results_path`` every finished
game is appended to a JSON Lines file as it ends, and a rerun with the same file
plays only the games still missing.
"""

from __future__ import annotations

import html
import importlib.util
import itertools
import json
import os
import pickle
import sys
import warnings
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor, ThreadPoolExecutor, as_completed
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from boardgames_widgets.analysis.ratings import elo_ratings, wilson_interval
from boardgames_widgets.core.api import Game
from boardgames_widgets.core.play import AgentError, LocalSeat, SeatedAgent, agent_name, as_agent, play_game
from boardgames_widgets.core.rng import Seed, derive_seed
from boardgames_widgets.core.sandbox import (
    SandboxPool,
    open_seat,
    processes_available,
    sandbox_context,
    shared_pool,
    warn_fallback,
)


@dataclass(frozen=True, slots=True)
class Match:
    """One scheduled game.

    Attributes:
        index: its place in the schedule.
        seats: the agent (by name) in each seat.
        seed: the game's seed.
    """

    index: int
    seats: tuple[str, ...]
    seed: str


@dataclass(frozen=True, slots=True)
class MatchResult:
    """How one game went.

    Attributes:
        match: the game played.
        returns: each seat's return; for a forfeit 0 for the faulty agent's seats and
            an equal share of the win for the others; ``None`` if the game ended in an
            error nobody is charged with (a rules bug, a task that failed twice).
        actions: how many actions were played (chance included).
        error: what went wrong, or ``None``.
        fault: why the game was forfeited: ``"illegal"``, ``"crash"`` or ``"time"``.
        faulty: the agent (by name) that forfeited it.
    """

    match: Match
    returns: tuple[float, ...] | None
    actions: int
    error: str | None = None
    fault: str | None = None
    faulty: str | None = None

    @property
    def at_fault(self) -> str | None:
        """The agent that forfeited the game (older name of :attr:`faulty`)."""
        return self.faulty

    def to_json(self) -> dict[str, Any]:
        """The result as a JSON-able dict (one line of a results file)."""
        m = self.match
        return {
            "index": m.index,
            "seats": list(m.seats),
            "seed": m.seed,
            "returns": None if self.returns is None else list(self.returns),
            "actions": self.actions,
            "error": self.error,
            "fault": self.fault,
            "faulty": self.faulty,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> MatchResult:
        """The inverse of :meth:`to_json`.

        Raises:
            KeyError: a field is missing.
        """
        returns = data["returns"]
        return cls(
            Match(int(data["index"]), tuple(data["seats"]), str(data["seed"])),
            None if returns is None else tuple(float(r) for r in returns),
            int(data["actions"]),
            data["error"],
            data["fault"],
            data["faulty"],
        )

    def score(self, agent: str) -> float:
        """The share of the win that went to ``agent``'s seats."""
        if self.returns is None:
            return 0.0
        return sum(r for name, r in zip(self.match.seats, self.returns, strict=True) if name == agent)


@dataclass(frozen=True, slots=True)
class PairingResult:
    """An agent's record against one opponent.

    Attributes:
        agent: the agent.
        opponent: the opponent.
        games: games finished, forfeits included (errors excluded).
        score: the agent's points in them (1 a win, shares for shared wins).
        errors: games of this pairing that ended in an error nobody is charged with.
    """

    agent: str
    opponent: str
    games: int
    score: float
    errors: int

    @property
    def win_rate(self) -> float:
        """Points per finished game (``nan`` if none finished)."""
        return self.score / self.games if self.games else float("nan")

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% Wilson confidence interval of the win rate."""
        return wilson_interval(self.score, self.games)

    def cell(self) -> str:
        """The win rate with its interval, as text: ``62% (55–69)``."""
        if not self.games:
            return f"— ({self.errors} err)" if self.errors else "—"
        lo, hi = self.interval
        text = f"{100 * self.win_rate:.0f}% ({100 * lo:.0f}–{100 * hi:.0f})"
        return f"{text} {self.errors} err" if self.errors else text


@dataclass(frozen=True, slots=True)
class Standing:
    """An agent's line of the table.

    Attributes:
        agent: the agent's name.
        elo: its fitted Elo rating.
        games: games it finished (forfeits included).
        score: its points in them.
        faults: games it forfeited (crashed, played an illegal action, ran out of time).
    """

    agent: str
    elo: float
    games: int
    score: float
    faults: int

    @property
    def win_rate(self) -> float:
        """Points per finished game."""
        return self.score / self.games if self.games else float("nan")


def text_table(rows: Sequence[Sequence[str]]) -> str:
    """Rows of text cells (a header row first) as aligned plain text, a rule under the header.

    >>> print(text_table([["agent", "Elo"], ["greedy", "1612"]]))
    agent   Elo
    ------  ----
    greedy  1612
    """
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    lines = ["  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)).rstrip() for r in rows]
    lines.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(lines)


@dataclass(frozen=True, slots=True)
class TournamentResult:
    """Everything a tournament produced, as plain data.

    Attributes:
        game: the game's id.
        config: the game's configuration.
        standings: one line per agent, best Elo first.
        pairings: every agent's record against every opponent it met (both directions).
        matches: every game, in schedule order.
    """

    game: str
    config: Mapping[str, Any]
    standings: tuple[Standing, ...]
    pairings: tuple[PairingResult, ...]
    matches: tuple[MatchResult, ...]

    def pairing(self, agent: str, opponent: str) -> PairingResult:
        """``agent``'s record against ``opponent``.

        Raises:
            KeyError: the two never met.
        """
        for p in self.pairings:
            if (p.agent, p.opponent) == (agent, opponent):
                return p
        raise KeyError(f"{agent!r} never played {opponent!r}")

    @property
    def errors(self) -> tuple[MatchResult, ...]:
        """The games that ended in an error or a forfeit."""
        return tuple(m for m in self.matches if m.error is not None)

    def rows(self) -> list[list[str]]:
        """The table as text cells: a header row, then one row per agent."""
        names = [s.agent for s in self.standings]
        met = {(p.agent, p.opponent): p for p in self.pairings}
        out = [["agent", "Elo", "games", "win rate", "errors", *[f"vs {n}" for n in names]]]
        for s in self.standings:
            cells = [met[(s.agent, n)].cell() if (s.agent, n) in met else "" for n in names]
            rate = f"{100 * s.win_rate:.0f}%" if s.games else "—"
            out.append([s.agent, f"{s.elo:.0f}", str(s.games), rate, str(s.faults), *cells])
        return out

    def __str__(self) -> str:
        return text_table(self.rows())

    def _repr_html_(self) -> str:
        rows = self.rows()
        head = "".join(f"<th>{html.escape(c)}</th>" for c in rows[0])
        body = "".join("<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in row) + "</tr>" for row in rows[1:])
        caption = html.escape(f"{self.game} {dict(self.config)}: win rate (95% CI) of the row against the column")
        return f"<table><caption>{caption}</caption><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def _forfeit_returns(seats: tuple[str, ...], faulty: str) -> tuple[float, ...]:
    """0 for the faulty agent's seats, an equal share of the win for every other seat."""
    others = sum(1 for name in seats if name != faulty)
    return tuple(0.0 if name == faulty or not others else 1.0 / others for name in seats)


def play_match(
    game: Game[Any, Any],
    agents: Mapping[str, Any],
    match: Match,
    move_time_limit: float | None = None,
    isolated: frozenset[str] = frozenset(),
    pool: SandboxPool | None = None,
) -> MatchResult:
    """Play one scheduled game; an agent's fault becomes a forfeit, never an exception.

    A top-level function, so process pools and dask can ship it to workers.

    Args:
        game: the game.
        agents: the agents by name (at least those of ``match``).
        match: the game to play.
        move_time_limit: seconds per move (``None``: no limit).
        isolated: the names of the agents to run in sandboxes.
        pool: where to take sandboxes from (``None``: this process's shared pool).
    """
    seats = [
        SeatedAgent(
            open_seat(agents[name], game, move_time_limit, pool or shared_pool())
            if name in isolated
            else LocalSeat(agents[name], move_time_limit),
            name,
        )
        for name in match.seats
    ]
    try:
        record = play_game(game, seats, match.seed)
    except AgentError as exc:
        faulty = match.seats[exc.seat]
        returns = _forfeit_returns(match.seats, faulty)
        return MatchResult(match, returns, len(exc.record.actions), str(exc), exc.reason, faulty)
    except Exception as exc:  # a rules bug: report it, keep the tournament going
        return MatchResult(match, None, 0, f"{type(exc).__name__}: {exc}")
    assert record.returns is not None
    return MatchResult(match, tuple(record.returns), len(record.actions))


def schedule(pairs: Sequence[tuple[str, str]], num_players: int, games: int, seed: Seed = 0) -> list[Match]:
    """The games of each pair: alternate seats, swapped every other game, seeds shared in twos."""
    matches: list[Match] = []
    for a, b in pairs:
        for i in range(games):
            first, second = (a, b) if i % 2 == 0 else (b, a)
            seats = tuple(first if k % 2 == 0 else second for k in range(num_players))
            matches.append(Match(len(matches), seats, derive_seed(seed, "game", i // 2)))
    return matches


def _named(agents: Mapping[str, Any] | Sequence[Any] | AgentFolder) -> dict[str, Any]:
    """Agents by name: a mapping as given, a sequence named by :func:`agent_name` (made unique)."""
    if isinstance(agents, AgentFolder):
        return dict(agents.agents)
    if isinstance(agents, Mapping):
        return dict(agents)
    named: dict[str, Any] = {}
    for agent in agents:
        base = name = agent_name(agent)
        k = 2
        while name in named:
            name, k = f"{base}#{k}", k + 1
        named[name] = agent
    return named


def _ships_by_pickle(executor: Executor) -> bool:
    """Whether ``executor`` sends its tasks to other processes (threads share this one)."""
    return not isinstance(executor, ThreadPoolExecutor)


def _picklable(*values: Any) -> bool:
    try:
        pickle.dumps(values)
    except Exception:
        return False
    return True


def _read_results(path: Path, game: Game[Any, Any]) -> dict[tuple[int, tuple[str, ...], str], MatchResult]:
    """The finished games of a results file (task failures are played again), by their key."""
    done: dict[tuple[int, tuple[str, ...], str], MatchResult] = {}
    if not path.exists():
        return done
    for line in path.read_text(encoding="utf-8").splitlines():
        try:
            data = json.loads(line)
            if data.get("game") != game.info.id or data.get("config") != game.config():
                continue
            r = MatchResult.from_json(data)
        except (ValueError, KeyError, TypeError, AttributeError):
            continue  # a line cut short by a crash: that game is played again
        if r.returns is not None:
            done[(r.match.index, r.match.seats, r.match.seed)] = r
    return done


@dataclass
class _Runner:
    """Plays a tournament's games and hands each result on as it comes."""

    game: Game[Any, Any]
    agents: dict[str, Any]
    move_time_limit: float | None
    isolated: frozenset[str]
    finish: Callable[[MatchResult], None]
    pool: SandboxPool = field(default_factory=SandboxPool)
    shippable: dict[str, bool] = field(default_factory=dict)

    def here(self, match: Match, isolated: frozenset[str] | None = None) -> MatchResult:
        """Play ``match`` in this process."""
        iso = self.isolated if isolated is None else isolated
        return play_match(self.game, self.agents, match, self.move_time_limit, iso, self.pool)

    def retry(self, match: Match, exc: BaseException) -> MatchResult:
        """Play a failed task again, once, in this process with every picklable agent in a sandbox."""
        safe = frozenset(n for n in match.seats if _picklable(self.agents[n])) | self.isolated
        try:
            return self.here(match, safe)
        except Exception as again:
            return MatchResult(match, None, 0, f"task failed twice: {type(exc).__name__}: {exc}; then {again}")

    def run(self, matches: list[Match], executor: Executor | None) -> None:
        """Play every match, in this process or through ``executor``."""
        if executor is None:
            for m in matches:
                try:
                    result = self.here(m)
                except Exception as exc:
                    result = self.retry(m, exc)
                self.finish(result)
            return
        ship = _ships_by_pickle(executor)
        local = ThreadPoolExecutor(1, thread_name_prefix="tournament") if ship else None
        futures: dict[Future[MatchResult], Match] = {}
        try:
            for m in matches:
                if not ship:
                    futures[executor.submit(play_match, self.game, self.agents, m, *self._task(m), self.pool)] = m
                elif all(self._ships(n) for n in m.seats):
                    futures[self._submit(executor, m)] = m
                else:
                    assert local is not None
                    futures[local.submit(self.here, m)] = m
            for future in as_completed(futures):
                m = futures[future]
                try:
                    result = future.result()
                except Exception as exc:  # a dead worker, a broken pool: play it again here
                    result = self.retry(m, exc)
                self.finish(result)
        finally:
            if local is not None:
                local.shutdown(wait=True)

    def _ships(self, name: str) -> bool:
        """Whether agent ``name`` (with the game) can be pickled to another process (asked once)."""
        if name not in self.shippable:
            self.shippable[name] = _picklable(self.game, self.agents[name])
        return self.shippable[name]

    def _task(self, m: Match) -> tuple[float | None, frozenset[str]]:
        return self.move_time_limit, frozenset(n for n in m.seats if n in self.isolated)

    def _submit(self, executor: Executor, m: Match) -> Future[MatchResult]:
        agents = {n: self.agents[n] for n in set(m.seats)}
        try:
            return executor.submit(play_match, self.game, agents, m, *self._task(m))
        except Exception as exc:  # a broken pool refuses new work
            failed: Future[MatchResult] = Future()
            failed.set_exception(exc)
            return failed


def _run(
    game: Game[Any, Any],
    agents: dict[str, Any],
    matches: list[Match],
    executor: Executor | None,
    progress: bool,
    move_time_limit: float | None = None,
    isolated: frozenset[str] = frozenset(),
    results_path: str | os.PathLike[str] | None = None,
    on_result: Callable[[MatchResult], None] | None = None,
) -> list[MatchResult]:
    """Play every match still missing from ``results_path``; results in schedule order."""
    from tqdm.auto import tqdm  # type: ignore[import-untyped]

    path = Path(results_path) if results_path is not None else None
    done = _read_results(path, game) if path is not None else {}
    by_index = {m.index: done[k] for m in matches if (k := (m.index, m.seats, m.seed)) in done}
    todo = [m for m in matches if m.index not in by_index]
    bar = tqdm(
        total=len(matches),
        initial=len(by_index),
        disable=not progress,
        desc=f"{game.info.name} tournament",
        unit="game",
    )
    out = path.open("a", encoding="utf-8") if path is not None else None
    if out is not None and out.tell() and not path.read_bytes().endswith(b"\n"):  # type: ignore[union-attr]
        out.write("\n")  # a last line cut short by a crash stays a line of its own

    def finish(result: MatchResult) -> None:
        by_index[result.match.index] = result
        if out is not None:
            line = {"game": game.info.id, "config": game.config(), **result.to_json()}
            out.write(json.dumps(line) + "\n")
            out.flush()
        if on_result is not None:
            on_result(result)
        bar.update()

    runner = _Runner(game, agents, move_time_limit, isolated, finish)
    try:
        runner.run(todo, executor)
    finally:
        runner.pool.close()
        shared_pool().close()
        bar.close()
        if out is not None:
            out.close()
    return [by_index[m.index] for m in matches]


def _summarize(game: Game[Any, Any], names: list[str], results: list[MatchResult]) -> TournamentResult:
    """Pairing records, standings and Elo ratings from the games played."""
    totals: dict[tuple[str, str], list[float]] = {}  # (agent, opponent) -> [games, score, errors]
    faults = dict.fromkeys(names, 0)
    for r in results:
        a, b = r.match.seats[0], r.match.seats[1]
        for me, other in ((a, b), (b, a)):
            t = totals.setdefault((me, other), [0, 0.0, 0])
            if r.returns is None:
                t[2] += 1
            else:
                t[0] += 1
                t[1] += r.score(me)
        if r.faulty is not None:
            faults[r.faulty] += 1
    pairings = [PairingResult(a, b, int(t[0]), t[1], int(t[2])) for (a, b), t in totals.items()]
    ratings = elo_ratings((p.agent, p.opponent, p.score, p.games) for p in pairings if p.agent < p.opponent)
    standings = [
        Standing(
            n,
            ratings.get(n, 1500.0),
            sum(p.games for p in pairings if p.agent == n),
            sum(p.score for p in pairings if p.agent == n),
            faults[n],
        )
        for n in names
    ]
    standings.sort(key=lambda s: -s.elo)
    return TournamentResult(game.info.id, game.config(), tuple(standings), tuple(pairings), tuple(results))


_KEYWORDS_DOC = """
        seed: the tournament's seed; game ``i`` of every pairing uses the same seeds.
        executor: runs the games (``None``: in this process, one after the other), for
            example :func:`default_executor`, a ``ThreadPoolExecutor`` or dask's
            ``Client.get_executor()``.
        progress: show a progress bar.
        move_time_limit: seconds an agent may take per move; a slower move is stopped
            and forfeits the game (``None``: no limit).
        isolate: run agents in sandbox processes: ``True`` all, ``False`` none,
            ``None`` those that came from :func:`load_agents`.
        results_path: a JSON Lines file to append each finished game to; a rerun with
            the same file plays only the games still missing.
        on_result: called in this process with each game's :class:`MatchResult` as it
            finishes (for a live leaderboard).
"""


def round_robin(
    game: Game[Any, Any],
    agents: Mapping[str, Any] | Sequence[Any],
    games: int = 20,
    *,
    seed: Seed = 0,
    executor: Executor | None = None,
    progress: bool = True,
    move_time_limit: float | None = None,
    isolate: bool | None = None,
    results_path: str | os.PathLike[str] | None = None,
    on_result: Callable[[MatchResult], None] | None = None,
) -> TournamentResult:
    """Every agent plays every other agent ``games`` times.

    Args:
        game: the game (its configuration fixes the number of seats).
        agents: agents by name, or a sequence of agents (named by their ``name``), or
            an :class:`AgentFolder`.
        games: games per pairing (an even number gives every agent each seat equally).
        seed: the tournament's seed; game ``i`` of every pairing uses the same seeds.
        executor: runs the games (``None``: in this process, one after the other).
        progress: show a progress bar.
        move_time_limit: seconds an agent may take per move (``None``: no limit).
        isolate: sandbox processes for ``True`` all agents, ``False`` none, ``None``
            those from :func:`load_agents`.
        results_path: a JSON Lines file of finished games, appended to and resumed from.
        on_result: called in this process with each game's result as it finishes.

    Raises:
        ValueError: fewer than two agents.
    """
    named = _named(agents)
    if len(named) < 2:
        raise ValueError("a round robin needs at least two agents")
    pairs = list(itertools.combinations(named, 2))
    options = _Options(seed, executor, progress, move_time_limit, isolate, results_path, on_result)
    return _tournament(game, named, pairs, games, options)


def gauntlet(
    game: Game[Any, Any],
    candidate: tuple[str, Any] | Any,
    opponents: Mapping[str, Any] | Sequence[Any],
    games: int = 20,
    *,
    seed: Seed = 0,
    executor: Executor | None = None,
    progress: bool = True,
    move_time_limit: float | None = None,
    isolate: bool | None = None,
    results_path: str | os.PathLike[str] | None = None,
    on_result: Callable[[MatchResult], None] | None = None,
) -> TournamentResult:
    """One candidate plays each opponent ``games`` times (opponents do not meet each other).

    Args:
        game: the game.
        candidate: the agent under test, or a ``(name, agent)`` pair.
        opponents: the field, by name or as a sequence.
        games: games per opponent.
        seed: the tournament's seed.
        executor: runs the games (``None``: in this process).
        progress: show a progress bar.
        move_time_limit: seconds an agent may take per move (``None``: no limit).
        isolate: sandbox processes for ``True`` all agents, ``False`` none, ``None``
            those from :func:`load_agents`.
        results_path: a JSON Lines file of finished games, appended to and resumed from.
        on_result: called in this process with each game's result as it finishes.

    Raises:
        ValueError: no opponents, or an opponent has the candidate's name.
    """
    name, agent = candidate if isinstance(candidate, tuple) else (agent_name(candidate), candidate)
    field_ = _named(opponents)
    if not field_:
        raise ValueError("a gauntlet needs at least one opponent")
    if name in field_:
        raise ValueError(f"an opponent is also called {name!r}: give the candidate as (name, agent)")
    named = {name: agent, **field_}
    options = _Options(seed, executor, progress, move_time_limit, isolate, results_path, on_result)
    return _tournament(game, named, [(name, other) for other in field_], games, options)


@dataclass(frozen=True)
class _Options:
    seed: Seed
    executor: Executor | None
    progress: bool
    move_time_limit: float | None
    isolate: bool | None
    results_path: str | os.PathLike[str] | None
    on_result: Callable[[MatchResult], None] | None


def _tournament(
    game: Game[Any, Any], named: dict[str, Any], pairs: list[tuple[str, str]], games: int, o: _Options
) -> TournamentResult:
    matches = schedule(pairs, game.num_players, games, o.seed)
    if o.isolate is None:
        isolated = frozenset(n for n, a in named.items() if isinstance(a, FileAgent))
    else:
        isolated = frozenset(named) if o.isolate else frozenset()
    results = _run(
        game, named, matches, o.executor, o.progress, o.move_time_limit, isolated, o.results_path, o.on_result
    )
    return _summarize(game, list(named), results)


# -- agents from a folder of student files ----------------------------------------------------
_modules: dict[tuple[str, float], Any] = {}


class FileAgent:
    """An agent defined in a Python file, loaded on first use in whatever process plays it.

    It pickles as its path, so a process pool or a sandbox can take it even if the
    file's agent is a lambda.

    Attributes:
        path: the file.
        attribute: the name of the agent in it (``"agent"`` or ``"act"``).
        name: the agent's name in tables.
    """

    def __init__(self, path: str | os.PathLike[str], attribute: str, name: str) -> None:
        self.path = str(Path(path).resolve())
        self.attribute = attribute
        self.name = name
        self._agent: Any = None

    def _target(self) -> Any:
        if self._agent is None:
            self._agent = as_agent(getattr(_import_file(self.path), self.attribute))
        return self._agent

    def act(self, observation: Any, legal_actions: Sequence[Any], rng: Any) -> Any:
        """The file's agent's move."""
        return self._target().act(observation, legal_actions, rng)

    def reset(self) -> None:
        """Reset the file's agent, if it can be."""
        reset = getattr(self._target(), "reset", None)
        if callable(reset):
            reset()

    def __getstate__(self) -> dict[str, Any]:
        return {"path": self.path, "attribute": self.attribute, "name": self.name}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state, _agent=None)

    def __repr__(self) -> str:
        return f"FileAgent({self.name!r}, {self.path!r})"


def _import_file(path: str) -> Any:
    """The module of a Python file (imported once per process and version of the file).

    Raises:
        ImportError: the file cannot be imported (anything it raises comes through as is).
    """
    key = (path, Path(path).stat().st_mtime)
    if key not in _modules:
        module_name = f"_student_agent_{len(_modules)}_{Path(path).stem}"
        spec = importlib.util.spec_from_file_location(module_name, path)
        if spec is None or spec.loader is None:
            raise ImportError(f"cannot import {path}")
        module = importlib.util.module_from_spec(spec)
        sys.modules[module_name] = module  # pickle finds classes defined in the file
        spec.loader.exec_module(module)
        _modules[key] = module
    return _modules[key]


def _inspect_file(path: str) -> tuple[str, str] | str:
    """``(attribute, name)`` of the agent a file defines, or a plain message of what is wrong."""
    try:
        module = _import_file(path)
    except BaseException as exc:
        return f"cannot be imported: {type(exc).__name__}: {exc}"
    for attribute in ("agent", "act"):
        value = getattr(module, attribute, None)
        if value is not None:
            if not (callable(value) or callable(getattr(value, "act", None))):
                return f"its {attribute} is a {type(value).__name__}, not an agent or a function"
            name = getattr(module, "NAME", None)
            return attribute, name if isinstance(name, str) and name.strip() else Path(path).stem
    return "defines no agent: write a function act(observation, legal_actions, rng) or an object named agent"


def _inspect_in_process(path: str, conn: Any) -> None:  # pragma: no cover - runs in a sandbox
    conn.send(_inspect_file(path))


def _inspect_isolated(path: str, limit: float) -> tuple[str, str] | str:
    """:func:`_inspect_file` in a sandbox process, so a student file's import runs outside this one."""
    if not processes_available():
        warn_fallback(f"no processes on {sys.platform}")
        return _inspect_file(path)
    try:
        ctx = sandbox_context()
        parent, child = ctx.Pipe()
        process = ctx.Process(target=_inspect_in_process, args=(path, child), daemon=True)  # type: ignore[attr-defined]
        process.start()
    except (OSError, RuntimeError, AssertionError, ImportError, ValueError, NotImplementedError) as exc:
        warn_fallback(f"{type(exc).__name__}: {exc}")
        return _inspect_file(path)
    child.close()
    try:
        if not parent.poll(limit):
            return f"did not finish importing within {limit:g} s"
        answer = parent.recv()
    except (EOFError, OSError):
        process.join(5)
        return f"cannot be imported: its process ended (exit code {process.exitcode})"
    finally:
        if process.is_alive():
            process.kill()
        process.join(5)
        parent.close()
    if isinstance(answer, str) or (
        isinstance(answer, tuple) and len(answer) == 2 and all(isinstance(x, str) for x in answer)
    ):
        return answer
    return "cannot be imported: it answered nonsense"


@dataclass(frozen=True)
class AgentFolder:
    """The agents of a folder of Python files.

    Attributes:
        agents: the agents by name (the file's ``NAME``, or its stem), ready for
            :func:`round_robin` (they are :class:`FileAgent` objects, sandboxed by default).
        problems: ``(file name, plain message)`` for each file that failed to import
            or defines no agent.
    """

    agents: dict[str, Any]
    problems: tuple[tuple[str, str], ...] = ()


def load_agents(folder: str | os.PathLike[str], *, import_time_limit: float = 30.0) -> AgentFolder:
    """Every agent in a folder of student files, and what is wrong with the others.

    A file (``*.py``, not starting with ``_`` or ``.``) defines a function
    ``act(observation, legal_actions, rng)`` or an object ``agent`` (an object with
    such an ``act`` method, or such a function), and may set ``NAME``. Each file is
    first imported in a sandbox process (so a file that crashes, loops or calls
    ``os._exit`` on import is reported, not run here).

    Args:
        folder: the folder.
        import_time_limit: seconds a file may take to import.

    Raises:
        FileNotFoundError: the folder does not exist.
    """
    root = Path(folder)
    if not root.is_dir():
        raise FileNotFoundError(f"no folder {str(root)!r}")
    agents: dict[str, Any] = {}
    problems: list[tuple[str, str]] = []
    for path in sorted(root.glob("*.py")):
        if path.name.startswith(("_", ".")):
            continue
        found = _inspect_isolated(str(path.resolve()), import_time_limit)
        if isinstance(found, str):
            problems.append((path.name, found))
            continue
        attribute, name = found
        if name in agents:
            name = f"{name} ({path.stem})"
        agents[name] = FileAgent(path, attribute, name)
    return AgentFolder(agents, tuple(problems))


_thread_pool_warned = False


def default_executor(max_workers: int | None = None) -> Executor:
    """A process pool safe to use from a notebook (``forkserver``/``spawn``), or threads where there are no processes.

    Use it as a context manager: ``with default_executor() as ex: round_robin(..., executor=ex)``.
    Where processes cannot be started (JupyterLite) it returns a
    ``ThreadPoolExecutor`` and says so once.
    """
    global _thread_pool_warned
    if processes_available():
        try:
            return ProcessPoolExecutor(max_workers, mp_context=sandbox_context())
        except (OSError, RuntimeError, ImportError, ValueError, NotImplementedError) as exc:
            reason = f"{type(exc).__name__}: {exc}"
    else:
        reason = f"no processes on {sys.platform}"
    if not _thread_pool_warned:
        _thread_pool_warned = True
        warnings.warn(f"cannot start worker processes ({reason}): games run in threads", RuntimeWarning, stacklevel=2)
    return ThreadPoolExecutor(max_workers)
