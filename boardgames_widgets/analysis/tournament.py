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

import hashlib
import hmac
import itertools
import json
import multiprocessing
import multiprocessing.context
import os
import pickle
import re
import secrets
import sys
import warnings
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor, ThreadPoolExecutor, as_completed
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

# The result records and the agent files live in modules of their own (issue 28: split by
# reader); they are re-exported here, so every ``from ...tournament import X`` keeps working.
from boardgames_widgets.analysis.agent_files import AgentFolder as AgentFolder
from boardgames_widgets.analysis.agent_files import FileAgent as FileAgent
from boardgames_widgets.analysis.agent_files import display_name as display_name
from boardgames_widgets.analysis.agent_files import file_digest as file_digest
from boardgames_widgets.analysis.agent_files import load_agents as load_agents
from boardgames_widgets.analysis.results import Match as Match
from boardgames_widgets.analysis.results import MatchResult as MatchResult
from boardgames_widgets.analysis.results import PairingResult as PairingResult
from boardgames_widgets.analysis.results import ResultsError as ResultsError
from boardgames_widgets.analysis.results import Standing as Standing
from boardgames_widgets.analysis.results import TournamentResult as TournamentResult
from boardgames_widgets.analysis.results import _summarize as _summarize
from boardgames_widgets.analysis.results import text_table as text_table
from boardgames_widgets.core.api import Game
from boardgames_widgets.core.play import AgentError, LocalSeat, SeatedAgent, agent_name, play_game
from boardgames_widgets.core.rng import Seed, derive_seed
from boardgames_widgets.core.sandbox import (
    Confinement,
    IsolationError,
    Limits,
    SandboxPool,
    describe_layer,
    isolation_layer,
    open_seat,
    processes_available,
    shared_pool,
)

__all__ = [
    "AgentFolder",
    "FileAgent",
    "IsolationError",
    "Match",
    "MatchResult",
    "PairingResult",
    "ResultsError",
    "Standing",
    "TournamentResult",
    "default_executor",
    "gauntlet",
    "load_agents",
    "play_match",
    "round_robin",
    "schedule",
    "text_table",
]


def sandbox_context() -> multiprocessing.context.BaseContext:
    """The start method for process pools: ``forkserver`` if there is one, else ``spawn``."""
    method = "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn"
    return multiprocessing.get_context(method)


def _forfeit_returns(seats: tuple[str, ...], faulty: str) -> tuple[float, ...]:
    """0 for the faulty agent's seats, an equal share of the win for every other seat."""
    others = sum(1 for name in seats if name != faulty)
    return tuple(0.0 if name == faulty or not others else 1.0 / others for name in seats)


def safe_file_name(name: str) -> str:
    """``name`` as a file name: letters, digits, ``-``, ``_`` and ``.`` only.

    >>> safe_file_name("Bob the bot/1")
    'Bob_the_bot_1'
    """
    return re.sub(r"[^A-Za-z0-9_.-]+", "_", name).strip("._")[:80] or "agent"


def _confinement(base: Confinement, output_dir: str | None, name: str, agent: Any) -> Confinement:
    """``base`` for one agent: its own file readable, its output to its own file."""
    path = getattr(agent, "path", None) if isinstance(agent, FileAgent) else None
    reveal = (*base.reveal, path) if path else base.reveal
    output = str(Path(output_dir) / (safe_file_name(name) + ".txt")) if output_dir else base.output
    return replace(base, reveal=reveal, output=output)


def play_match(
    game: Game[Any, Any],
    agents: Mapping[str, Any],
    match: Match,
    move_time_limit: float | None = None,
    isolated: frozenset[str] = frozenset(),
    pool: SandboxPool | None = None,
    confinement: Confinement | None = None,
    output_dir: str | None = None,
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
        confinement: how sandboxes run (``None``: bubblewrap with default limits).
        output_dir: a folder for each sandboxed agent's output (``NAME.txt``).

    Raises:
        IsolationError: a sandbox cannot start (never played unconfined instead).
    """
    seats: list[SeatedAgent] = []
    try:
        for name in match.seats:
            if name in isolated:
                base = confinement if confinement is not None else Confinement(isolation_layer())
                conf = _confinement(base, output_dir, name, agents[name])
                seat: Any = open_seat(agents[name], game, move_time_limit, pool or shared_pool(), conf)
            else:
                seat = LocalSeat(agents[name], move_time_limit)
            seats.append(SeatedAgent(seat, name))
    except BaseException:
        for s in seats:
            s.seat.close()
        raise
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
            matches.append(Match(len(matches), seats, derive_seed(seed, "game", i // 2), i))
    return matches


def secret_seed(secret: str, seed: Seed) -> str:
    """The seed every game's seeds derive from when the tournament has a ``secret``.

    An HMAC of ``seed`` under the secret: without the secret nobody (an agent that
    knows the public seed and matches its generator's state against guesses) can tell
    which seeds the games use, so it cannot replay the deals and draws.
    """
    return "s" + hmac.new(secret.encode(), str(seed).encode(), hashlib.sha256).hexdigest()[:40]


def read_or_make_secret(path: Path) -> str:
    """The tournament secret kept in ``path`` (made, random, readable by its owner only, if missing)."""
    if path.exists():
        return path.read_text(encoding="utf-8").strip()
    path.parent.mkdir(parents=True, exist_ok=True)
    secret = secrets.token_hex(32)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        f.write(secret + "\n")
    return secret


def _sign(secret: str, line: Mapping[str, Any]) -> str:
    body = json.dumps(line, sort_keys=True, separators=(",", ":"))
    return hmac.new(secret.encode(), body.encode(), hashlib.sha256).hexdigest()


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


_Key = tuple[tuple[str, ...], int, str, tuple[str, ...]]


def _key(match: Match, digests: Mapping[str, str]) -> _Key:
    """What makes a game the same game in another run: who sits where (and their files' contents), which game."""
    return (match.seats, match.round, match.seed, tuple(digests.get(n, "") for n in match.seats))


def _read_results(path: Path, game: Game[Any, Any], secret: str | None) -> dict[_Key, MatchResult]:
    """The finished games of a results file, by :func:`_key` (task failures are played again).

    Raises:
        ResultsError: a line is not signed by ``secret`` (forged or edited).
    """
    done: dict[_Key, MatchResult] = {}
    if not path.exists():
        return done
    for number, text in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        try:
            data = json.loads(text)
        except ValueError:
            continue  # a line cut short by a crash: that game is played again
        if not isinstance(data, dict):
            continue
        if secret is not None:
            mac = data.pop("mac", None)
            if not isinstance(mac, str) or not hmac.compare_digest(mac, _sign(secret, data)):
                raise ResultsError(
                    f"{path}, line {number}: not written by this tournament (its signature does not match): "
                    "someone forged or edited it. Nothing was played; remove that line (its game is played "
                    "again) or move the file away to start over."
                )
        try:
            if data.get("game") != game.info.id or data.get("config") != game.config() or "seats" not in data:
                continue
            r = MatchResult.from_json(data)
            digests = tuple(str(d) for d in data.get("digests", [""] * len(r.match.seats)))
        except (ValueError, KeyError, TypeError, AttributeError):
            continue
        if r.returns is not None:
            done[(r.match.seats, r.match.round, r.match.seed, digests)] = r
    return done


@dataclass
class _Runner:
    """Plays a tournament's games and hands each result on as it comes."""

    game: Game[Any, Any]
    agents: dict[str, Any]
    move_time_limit: float | None
    isolated: frozenset[str]
    finish: Callable[[MatchResult], None]
    confinement: Confinement | None = None
    output_dir: str | None = None
    pool: SandboxPool = field(default_factory=SandboxPool)
    shippable: dict[str, bool] = field(default_factory=dict)

    def here(self, match: Match, isolated: frozenset[str] | None = None) -> MatchResult:
        """Play ``match`` in this process (sandboxed agents in their sandboxes)."""
        iso = self.isolated if isolated is None else isolated
        return play_match(
            self.game, self.agents, match, self.move_time_limit, iso, self.pool, self.confinement, self.output_dir
        )

    def retry(self, match: Match, exc: BaseException) -> MatchResult:
        """Play a failed task again, once, in this process (with every picklable agent in a sandbox, if sandboxes run)."""
        safe = self.isolated | frozenset(n for n in match.seats if _picklable(self.agents[n]))
        try:
            if self.confinement is None:
                self.confinement = Confinement(isolation_layer(trust=True))
            return self.here(match, safe)
        except IsolationError:
            raise
        except Exception as again:
            return MatchResult(match, None, 0, f"task failed twice: {type(exc).__name__}: {exc}; then {again}")

    def run(self, matches: list[Match], executor: Executor | None) -> None:
        """Play every match, in this process or through ``executor``."""
        if executor is None:
            for m in matches:
                try:
                    result = self.here(m)
                except IsolationError:
                    raise
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
                    limit, iso = self._task(m)
                    task = (self.game, self.agents, m, limit, iso, self.pool, self.confinement, self.output_dir)
                    futures[executor.submit(play_match, *task)] = m
                elif all(self._ships(n) for n in m.seats):
                    futures[self._submit(executor, m)] = m
                else:
                    assert local is not None
                    futures[local.submit(self.here, m)] = m
            for future in as_completed(futures):
                m = futures[future]
                try:
                    result = future.result()
                except IsolationError:
                    raise
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
            limit, iso = self._task(m)
            return executor.submit(
                play_match, self.game, agents, m, limit, iso, None, self.confinement, self.output_dir
            )
        except Exception as exc:  # a broken pool refuses new work
            failed: Future[MatchResult] = Future()
            failed.set_exception(exc)
            return failed


@dataclass(frozen=True)
class _Setup:
    """How a tournament's games are played and kept."""

    move_time_limit: float | None
    isolated: frozenset[str]
    confinement: Confinement | None
    output_dir: str | None
    results_path: Path | None
    secret: str | None
    digests: Mapping[str, str]
    on_result: Callable[[MatchResult], None] | None


def _run(
    game: Game[Any, Any],
    agents: dict[str, Any],
    matches: list[Match],
    executor: Executor | None,
    progress: bool,
    s: _Setup,
) -> list[MatchResult]:
    """Play every match still missing from the results file; results in schedule order.

    Raises:
        ResultsError: the results file holds a line this tournament did not sign.
    """
    from tqdm.auto import tqdm  # type: ignore[import-untyped]

    path = s.results_path
    done = _read_results(path, game, s.secret) if path is not None else {}
    by_index: dict[int, MatchResult] = {}
    for m in matches:
        old = done.get(_key(m, s.digests))
        if old is not None:
            by_index[m.index] = replace(old, match=m)  # the same game, wherever it is in this schedule
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
            line: dict[str, Any] = {"game": game.info.id, "config": game.config(), **result.to_json()}
            line["digests"] = [s.digests.get(n, "") for n in result.match.seats]
            if s.secret is not None:
                line["mac"] = _sign(s.secret, line)
            out.write(json.dumps(line) + "\n")
            out.flush()
        if s.on_result is not None:
            s.on_result(result)
        bar.update()

    runner = _Runner(game, agents, s.move_time_limit, s.isolated, finish, s.confinement, s.output_dir)
    try:
        runner.run(todo, executor)
    finally:
        runner.pool.close()
        shared_pool().close()
        bar.close()
        if out is not None:
            out.close()
    return [by_index[m.index] for m in matches]


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
    agents: Mapping[str, Any] | Sequence[Any] | AgentFolder,
    games: int = 20,
    *,
    seed: Seed = 0,
    executor: Executor | None = None,
    progress: bool = True,
    move_time_limit: float | None = None,
    isolate: bool | None = None,
    results_path: str | os.PathLike[str] | None = None,
    on_result: Callable[[MatchResult], None] | None = None,
    trust_students: bool = False,
    secret: str | None = None,
    limits: Limits | None = None,
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
        results_path: a JSON Lines file of finished games, appended to and resumed from
            (each line signed with the tournament's secret, kept beside it as
            ``NAME.secret``; the agents' output goes to ``output/`` beside it).
        on_result: called in this process with each game's result as it finishes.
        trust_students: let agents run without OS isolation where bubblewrap cannot
            start (and student files unisolated with ``isolate=False``).
        secret: the tournament's secret (default: the one beside ``results_path``,
            made at random; without either the seeds are public, fine for bots).
        limits: the sandboxes' resource and start/reset time limits.

    Raises:
        ValueError: fewer than two agents.
        IsolationError: agents to isolate, and bubblewrap cannot start (without ``trust_students``).
        ResultsError: ``results_path`` holds a line this tournament did not sign.
    """
    named = _named(agents)
    if len(named) < 2:
        raise ValueError("a round robin needs at least two agents")
    pairs = list(itertools.combinations(named, 2))
    problems = agents.problems if isinstance(agents, AgentFolder) else ()
    options = _Options(
        seed,
        executor,
        progress,
        move_time_limit,
        isolate,
        results_path,
        on_result,
        trust_students,
        secret,
        limits,
        problems,
    )
    return _tournament(game, named, pairs, games, options)


def gauntlet(
    game: Game[Any, Any],
    candidate: tuple[str, Any] | Any,
    opponents: Mapping[str, Any] | Sequence[Any] | AgentFolder,
    games: int = 20,
    *,
    seed: Seed = 0,
    executor: Executor | None = None,
    progress: bool = True,
    move_time_limit: float | None = None,
    isolate: bool | None = None,
    results_path: str | os.PathLike[str] | None = None,
    on_result: Callable[[MatchResult], None] | None = None,
    trust_students: bool = False,
    secret: str | None = None,
    limits: Limits | None = None,
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
        results_path: a JSON Lines file of finished games, appended to and resumed from
            (each line signed with the tournament's secret, kept beside it as
            ``NAME.secret``; the agents' output goes to ``output/`` beside it).
        on_result: called in this process with each game's result as it finishes.
        trust_students: let agents run without OS isolation where bubblewrap cannot
            start (and student files unisolated with ``isolate=False``).
        secret: the tournament's secret (default: the one beside ``results_path``,
            made at random; without either the seeds are public, fine for bots).
        limits: the sandboxes' resource and start/reset time limits.

    Raises:
        ValueError: no opponents, or an opponent has the candidate's name.
        IsolationError: agents to isolate, and bubblewrap cannot start (without ``trust_students``).
        ResultsError: ``results_path`` holds a line this tournament did not sign.
    """
    name, agent = candidate if isinstance(candidate, tuple) else (agent_name(candidate), candidate)
    field_ = _named(opponents)
    if not field_:
        raise ValueError("a gauntlet needs at least one opponent")
    if name in field_:
        raise ValueError(f"an opponent is also called {name!r}: give the candidate as (name, agent)")
    named = {name: agent, **field_}
    problems = opponents.problems if isinstance(opponents, AgentFolder) else ()
    options = _Options(
        seed,
        executor,
        progress,
        move_time_limit,
        isolate,
        results_path,
        on_result,
        trust_students,
        secret,
        limits,
        problems,
    )
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
    trust_students: bool = False
    secret: str | None = None
    limits: Limits | None = None
    problems: tuple[tuple[str, str], ...] = ()


def _tournament(
    game: Game[Any, Any], named: dict[str, Any], pairs: list[tuple[str, str]], games: int, o: _Options
) -> TournamentResult:
    files = {n: a for n, a in named.items() if isinstance(a, FileAgent)}
    isolated = frozenset(files) if o.isolate is None else frozenset(named) if o.isolate else frozenset()
    if files and not set(files) <= isolated and not o.trust_students:
        raise IsolationError(
            "agents from student files run unisolated only with trust_students=True (--trust-students)"
        )
    path = Path(o.results_path).resolve() if o.results_path is not None else None
    confinement, layer, output_dir = None, "", None
    if isolated:
        layer = isolation_layer(o.trust_students)  # refuses, with the reason, if it cannot isolate
        hide = {str(Path(a.path).parent) for a in files.values()}
        if path is not None:
            hide.add(str(path.parent))
        confinement = Confinement(layer, o.limits or Limits(), tuple(sorted(hide)))
        if path is not None:
            output_dir = str(path.parent / "output")
            os.makedirs(output_dir, exist_ok=True)
        if o.progress:
            print(describe_layer(layer), file=sys.stderr)
    secret = o.secret
    if secret is None and path is not None:
        secret = read_or_make_secret(path.with_name(path.stem + ".secret"))
    seed = secret_seed(secret, o.seed) if secret is not None else o.seed
    matches = schedule(pairs, game.num_players, games, seed)
    if path is not None:
        info = {"game": game.info.id, "config": game.config(), "games": games, "seed": str(o.seed)}
        info["isolation"] = describe_layer(layer) if layer else "none: every agent ran in the teacher's processes"
        if confinement is not None:
            info["limits"] = dict(vars(confinement.limits))
        path.with_name(path.stem + ".info.json").write_text(json.dumps(info, indent=1) + "\n", encoding="utf-8")
    digests = {n: a.digest for n, a in files.items()}
    setup = _Setup(o.move_time_limit, isolated, confinement, output_dir, path, secret, digests, o.on_result)
    results = _run(game, named, matches, o.executor, o.progress, setup)
    summary = _summarize(game, list(named), results)
    shown = {n: a.display_name for n, a in files.items() if a.display_name != n}
    return replace(summary, isolation=layer, problems=o.problems, display_names=shown)


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
