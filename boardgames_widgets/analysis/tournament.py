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
import html
import itertools
import json
import multiprocessing
import multiprocessing.context
import os
import pickle
import re
import secrets
import sys
import unicodedata
import warnings
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor, ThreadPoolExecutor, as_completed
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from boardgames_widgets.analysis.ratings import elo_ratings, wilson_interval
from boardgames_widgets.core.api import Game
from boardgames_widgets.core.play import AgentError, LocalSeat, SeatedAgent, agent_name, as_agent, play_game
from boardgames_widgets.core.rng import Seed, derive_seed
from boardgames_widgets.core.sandbox import (
    Confinement,
    IsolationError,
    Limits,
    SandboxPool,
    describe_layer,
    isolation_layer,
    open_seat,
    probe_file,
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


class ResultsError(ValueError):
    """A results file holds a line this tournament did not write (forged or edited)."""


def sandbox_context() -> multiprocessing.context.BaseContext:
    """The start method for process pools: ``forkserver`` if there is one, else ``spawn``."""
    method = "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn"
    return multiprocessing.get_context(method)


@dataclass(frozen=True, slots=True)
class Match:
    """One scheduled game.

    Attributes:
        index: its place in the schedule.
        seats: the agent (by name) in each seat.
        seed: the game's seed.
        round: the game's number within its pairing (``-1``: not known).
    """

    index: int
    seats: tuple[str, ...]
    seed: str
    round: int = -1


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

    def to_json(self) -> dict[str, Any]:
        """The result as a JSON-able dict (one line of a results file)."""
        m = self.match
        return {
            "index": m.index,
            "seats": list(m.seats),
            "seed": m.seed,
            "round": m.round,
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
            Match(int(data["index"]), tuple(data["seats"]), str(data["seed"]), int(data.get("round", -1))),
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
        reasons: its forfeits by reason (``"illegal"``, ``"crash"``, ``"time"``, ``"memory"``).
    """

    agent: str
    elo: float
    games: int
    score: float
    faults: int
    reasons: Mapping[str, int] = field(default_factory=dict)

    def forfeits(self) -> str:
        """Its forfeits as short text: ``"5: 3 time, 2 crash"`` (``"0"`` for none)."""
        if not self.faults:
            return "0"
        parts = ", ".join(f"{n} {r}" for r, n in sorted(self.reasons.items(), key=lambda x: (-x[1], x[0])))
        return f"{self.faults}: {parts}" if parts else str(self.faults)

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
        isolation: the isolation layer agents ran under (``""``: none were isolated).
        problems: ``(file name, reason)`` for each agent file that was not played.
        display_names: the ``NAME`` of agents from files, where it differs from the file's.
    """

    game: str
    config: Mapping[str, Any]
    standings: tuple[Standing, ...]
    pairings: tuple[PairingResult, ...]
    matches: tuple[MatchResult, ...]
    isolation: str = field(default="", compare=False)
    problems: tuple[tuple[str, str], ...] = field(default=(), compare=False)
    display_names: Mapping[str, str] = field(default_factory=dict, compare=False)

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

    def standings_rows(self, width: int = 100) -> list[list[str]]:
        """The standings as text cells, best first, cut to fit ``width`` characters.

        Columns: rank, agent, Elo, games, win rate, forfeits (with their reasons);
        files that were not played follow, with why.
        """
        out = [["#", "agent", "Elo", "games", "win rate", "forfeits"]]
        for rank, st in enumerate(self.standings, 1):
            rate = f"{100 * st.win_rate:.0f}%" if st.games else "—"
            shown = self.display_names.get(st.agent)
            agent = f"{st.agent} ({shown})" if shown and shown != st.agent else st.agent
            out.append([str(rank), agent, f"{st.elo:.0f}", str(st.games), rate, st.forfeits()])
        for file, problem in self.problems:
            out.append(["—", file, "", "", "", "not played: " + problem])
        return [[_fit(c, 28 if i == 1 else width - 50) for i, c in enumerate(row)] for row in out]

    def standings_text(self, width: int = 100) -> str:
        """:meth:`standings_rows` as aligned text, at most about ``width`` characters wide."""
        return text_table(self.standings_rows(width))

    def __str__(self) -> str:
        text = text_table(self.rows())
        if max(len(line) for line in text.splitlines()) <= 100:
            return text
        return self.standings_text()  # the full cross table would not fit: see save_cross_table

    def plot(self, ax: Any = None, title: str | None = None) -> Any:
        """The cross table as a picture: one row and one column per agent, best first.

        Each cell is coloured by the win rate of the row's agent against the column's and
        labelled with it (an empty cell: the two never finished a game). Readable where the
        text table is too wide for a screen (twenty agents and more).

        Args:
            ax: a matplotlib axes to draw in (a new figure, sized to the class, if ``None``).
            title: the title (English words and the game by default).

        Returns:
            The axes.
        """
        import matplotlib.pyplot as plt
        import numpy as np

        names = [s.agent for s in self.standings]
        rate = {(p.agent, p.opponent): p.win_rate for p in self.pairings if p.games}
        grid = np.array([[rate.get((a, b), np.nan) for b in names] for a in names], dtype=float)
        if ax is None:
            side = 0.45 * len(names) + 2.5
            _fig, ax = plt.subplots(figsize=(side + 1.5, side))
        image = ax.imshow(np.ma.masked_invalid(grid), cmap="RdYlGn", vmin=0, vmax=1)
        small = 8 if len(names) <= 16 else 6
        for i, row in enumerate(grid):
            for j, value in enumerate(row):
                if not np.isnan(value):
                    ax.text(j, i, f"{100 * value:.0f}", ha="center", va="center", fontsize=small)
        ax.set_xticks(range(len(names)), names, rotation=90, fontsize=small)
        ax.set_yticks(range(len(names)), names, fontsize=small)
        ax.set_xlabel("opponent")
        ax.figure.colorbar(image, ax=ax, fraction=0.046, pad=0.04, label="win rate of the row against the column")
        ax.set_title(title if title is not None else f"{self.game}: win rate (%) of each agent against each other")
        return ax

    def _repr_html_(self) -> str:
        rows = self.rows()
        head = "".join(f"<th>{html.escape(c)}</th>" for c in rows[0])
        body = "".join("<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in row) + "</tr>" for row in rows[1:])
        caption = html.escape(f"{self.game} {dict(self.config)}: win rate (95% CI) of the row against the column")
        return f"<table><caption>{caption}</caption><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def _fit(text: str, width: int) -> str:
    """``text`` cut to ``width`` characters (with an ellipsis)."""
    return text if len(text) <= width else text[: width - 1] + "…"


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


def _summarize(game: Game[Any, Any], names: list[str], results: list[MatchResult]) -> TournamentResult:
    """Pairing records, standings and Elo ratings from the games played."""
    totals: dict[tuple[str, str], list[float]] = {}  # (agent, opponent) -> [games, score, errors]
    faults = dict.fromkeys(names, 0)
    reasons: dict[str, dict[str, int]] = {n: {} for n in names}
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
            why = reasons[r.faulty]
            why[r.fault or "crash"] = why.get(r.fault or "crash", 0) + 1
    pairings = [PairingResult(a, b, int(t[0]), t[1], int(t[2])) for (a, b), t in totals.items()]
    ratings = elo_ratings((p.agent, p.opponent, p.score, p.games) for p in pairings if p.agent < p.opponent)
    standings = [
        Standing(
            n,
            ratings.get(n, 1500.0),
            sum(p.games for p in pairings if p.agent == n),
            sum(p.score for p in pairings if p.agent == n),
            faults[n],
            reasons[n],
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


# -- agents from a folder of student files ----------------------------------------------------
_modules: dict[tuple[str, float], Any] = {}


def file_digest(path: str | os.PathLike[str]) -> str:
    """The SHA-256 of a file's contents (a changed file is a new agent: its games are played again)."""
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


class FileAgent:
    """An agent defined in a Python file: a sandbox loads it from its path.

    It pickles as its path, so a process pool or a sandbox can take it even if the
    file's agent is a lambda. Played in this process (only with ``trust_students``)
    the file is imported here on first use.

    Attributes:
        path: the file.
        attribute: the name of the agent in it (``"agent"`` or ``"act"``).
        name: the agent's name in tables (its file's name without ``.py``).
        display_name: the file's ``NAME`` (control characters stripped, made unique), or ``name``.
        digest: the SHA-256 of the file when it was loaded.
    """

    def __init__(
        self, path: str | os.PathLike[str], attribute: str, name: str, display_name: str | None = None
    ) -> None:
        self.path = str(Path(path).resolve())
        self.attribute = attribute
        self.name = name
        self.display_name = display_name or name
        self.digest = file_digest(self.path)
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
        keep = ("path", "attribute", "name", "display_name", "digest")
        return {k: self.__dict__[k] for k in keep}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state, _agent=None)

    def __repr__(self) -> str:
        return f"FileAgent({self.name!r}, {self.path!r})"


def _import_file(path: str) -> Any:
    """The module of a Python file (imported once per process and version of the file).

    Only for files the teacher trusts: student files are imported in sandboxes.

    Raises:
        ImportError: the file cannot be imported (anything it raises comes through as is).
    """
    import importlib.util

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


def display_name(text: str) -> str:
    """A ``NAME`` fit for a table: control and format characters dropped, spaces squeezed, 40 characters at most.

    >>> display_name("first\\n| fake row |")
    'first| fake row |'
    """
    kept = "".join(c for c in text if unicodedata.category(c)[0] != "C")
    return " ".join(kept.split())[:40]


@dataclass(frozen=True)
class AgentFolder:
    """The agents of a folder of Python files.

    Attributes:
        agents: the agents by file name without ``.py`` (:class:`FileAgent` objects,
            sandboxed by default), ready for :func:`round_robin`.
        problems: ``(file name, plain message)`` for each file that failed to import
            or defines no agent.
        isolation: the isolation layer the files were imported under.
    """

    agents: dict[str, Any]
    problems: tuple[tuple[str, str], ...] = ()
    isolation: str = ""


def load_agents(
    folder: str | os.PathLike[str],
    *,
    import_time_limit: float = 30.0,
    trust_students: bool = False,
    hide: Sequence[str | os.PathLike[str]] = (),
) -> AgentFolder:
    """Every agent in a folder of student files, and what is wrong with the others.

    A file (``*.py``, not starting with ``_`` or ``.``) defines a function
    ``act(observation, legal_actions, rng)`` or an object ``agent`` (an object with
    such an ``act`` method, or such a function), and may set ``NAME`` (a display
    name: its agent is known by its file name). Each file is first imported in a
    sandbox (bubblewrap: it sees neither the folder's other files nor ``hide``), so a
    file that crashes, loops or calls ``os._exit`` on import is reported, not run
    here; it answers in plain JSON.

    Args:
        folder: the folder.
        import_time_limit: seconds a file may take to import.
        trust_students: where bubblewrap cannot start, import in plain processes
            instead of refusing.
        hide: more folders the files must not see (the results).

    Raises:
        FileNotFoundError: the folder does not exist.
        IsolationError: bubblewrap cannot start and ``trust_students`` is false.
    """
    root = Path(folder)
    if not root.is_dir():
        raise FileNotFoundError(f"no folder {str(root)!r}")
    layer = isolation_layer(trust_students)
    hidden = tuple(sorted({str(root.resolve()), *(str(Path(h).resolve()) for h in hide)}))
    confinement = Confinement(layer, Limits(), hidden)
    agents: dict[str, Any] = {}
    problems: list[tuple[str, str]] = []
    shown: set[str] = set()
    for path in sorted(root.glob("*.py")):
        if path.name.startswith(("_", ".")):
            continue
        found = probe_file(str(path.resolve()), confinement, import_time_limit)
        if "problem" in found:
            problems.append((path.name, str(found["problem"])))
            continue
        name = path.stem
        shown_as = display_name(found["name"]) if isinstance(found["name"], str) else ""
        shown_as = shown_as or name
        if shown_as in shown:
            shown_as = f"{shown_as} ({name})"
        shown.add(shown_as)
        agents[name] = FileAgent(path, found["attribute"], name, shown_as)
    return AgentFolder(agents, tuple(problems), layer)


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
