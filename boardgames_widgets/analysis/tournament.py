"""Tournaments: agents play each other over seats and seeds; win rates, CIs and Elo.

A *pairing* of two agents plays ``games`` games. The agents take alternate seats
(A, B, A, B, … in a game for more than two) and swap seats every other game;
games ``2k`` and ``2k + 1`` share one seed, so both agents meet the same dice and
deals from both sides ("duplicate" play, which cuts the luck out of comparisons).
Every pairing uses the same seeds. An agent's result in a game is the share of the
win that went to its seats (1, 0, or 1/k of a k-way shared win).

Games run through any :class:`concurrent.futures.Executor` (a process pool, or
``dask.distributed``'s ``Client.get_executor()``); by default in this process.
Every game's randomness comes from its seed, so the same seeds give the same
table whatever runs the games — provided the agents are deterministic given the
generator they are handed (an agent with a time budget is not).

An agent that crashes or returns an illegal action loses nothing and wins
nothing: the game is recorded as an error, charged to that agent, and the
tournament goes on.
"""

from __future__ import annotations

import html
import itertools
from collections.abc import Mapping, Sequence
from concurrent.futures import Executor, as_completed
from dataclasses import dataclass
from typing import Any

from boardgames_widgets.analysis.ratings import elo_ratings, wilson_interval
from boardgames_widgets.core.api import Game
from boardgames_widgets.core.play import AgentError, agent_name, play_game
from boardgames_widgets.core.rng import Seed, derive_seed


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
        returns: each seat's return, or ``None`` if the game ended in an error.
        actions: how many actions were played (chance included).
        error: what went wrong, or ``None``.
        at_fault: the agent (by name) that crashed or played illegally, if any.
    """

    match: Match
    returns: tuple[float, ...] | None
    actions: int
    error: str | None = None
    at_fault: str | None = None

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
        games: games finished (errors excluded).
        score: the agent's points in them (1 a win, shares for shared wins).
        errors: games of this pairing that ended in an error (either side's).
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
        games: games it finished.
        score: its points in them.
        faults: games it broke (crashed or played an illegal action).
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
        """The games that ended in an error."""
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
        rows = self.rows()
        widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
        lines = ["  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)).rstrip() for r in rows]
        lines.insert(1, "  ".join("-" * w for w in widths))
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        rows = self.rows()
        head = "".join(f"<th>{html.escape(c)}</th>" for c in rows[0])
        body = "".join("<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in row) + "</tr>" for row in rows[1:])
        caption = html.escape(f"{self.game} {dict(self.config)}: win rate (95% CI) of the row against the column")
        return f"<table><caption>{caption}</caption><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def play_match(game: Game[Any, Any], agents: Mapping[str, Any], match: Match) -> MatchResult:
    """Play one scheduled game; an agent's failure becomes an error, never an exception.

    A top-level function, so process pools and dask can ship it to workers.
    """
    seats = [agents[name] for name in match.seats]
    try:
        record = play_game(game, seats, match.seed)
    except AgentError as exc:
        return MatchResult(match, None, len(exc.record.actions), str(exc), match.seats[exc.seat])
    except Exception as exc:  # a rules bug: report it, keep the tournament going
        return MatchResult(match, None, 0, f"{type(exc).__name__}: {exc}")
    assert record.returns is not None
    return MatchResult(match, tuple(record.returns), len(record.actions))


def schedule(pairs: Sequence[tuple[str, str]], num_players: int, games: int, seed: Seed = 0) -> list[Match]:
    """The games of each pair: alternate seats, swapped every other game, seeds shared in twos."""
    matches = []
    for a, b in pairs:
        for i in range(games):
            first, second = (a, b) if i % 2 == 0 else (b, a)
            seats = tuple(first if k % 2 == 0 else second for k in range(num_players))
            matches.append(Match(len(matches), seats, derive_seed(seed, "game", i // 2)))
    return matches


def _named(agents: Mapping[str, Any] | Sequence[Any]) -> dict[str, Any]:
    """Agents by name: a mapping as given, a sequence named by :func:`agent_name` (made unique)."""
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


def _run(
    game: Game[Any, Any],
    agents: dict[str, Any],
    matches: list[Match],
    executor: Executor | None,
    progress: bool,
) -> list[MatchResult]:
    """Play every match, in this process or through ``executor``; results in schedule order."""
    from tqdm.auto import tqdm

    bar = tqdm(total=len(matches), disable=not progress, desc=f"{game.info.name} tournament", unit="game")
    results: list[MatchResult] = []
    if executor is None:
        for m in matches:
            results.append(play_match(game, agents, m))
            bar.update()
    else:
        futures = {executor.submit(play_match, game, agents, m): m.index for m in matches}
        by_index: dict[int, MatchResult] = {}
        for future in as_completed(futures):
            by_index[futures[future]] = future.result()
            bar.update()
        results = [by_index[m.index] for m in matches]
    bar.close()
    return results


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
        if r.at_fault is not None:
            faults[r.at_fault] += 1
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


def round_robin(
    game: Game[Any, Any],
    agents: Mapping[str, Any] | Sequence[Any],
    games: int = 20,
    *,
    seed: Seed = 0,
    executor: Executor | None = None,
    progress: bool = True,
) -> TournamentResult:
    """Every agent plays every other agent ``games`` times.

    Args:
        game: the game (its configuration fixes the number of seats).
        agents: agents by name, or a sequence of agents (named by their ``name``).
        games: games per pairing (an even number gives every agent each seat equally).
        seed: the tournament's seed; game ``i`` of every pairing uses the same seeds.
        executor: runs the games (``None``: in this process, one after the other).
        progress: show a progress bar.

    Raises:
        ValueError: fewer than two agents.
    """
    named = _named(agents)
    if len(named) < 2:
        raise ValueError("a round robin needs at least two agents")
    pairs = list(itertools.combinations(named, 2))
    return _tournament(game, named, pairs, games, seed, executor, progress)


def gauntlet(
    game: Game[Any, Any],
    candidate: tuple[str, Any] | Any,
    opponents: Mapping[str, Any] | Sequence[Any],
    games: int = 20,
    *,
    seed: Seed = 0,
    executor: Executor | None = None,
    progress: bool = True,
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

    Raises:
        ValueError: no opponents, or an opponent has the candidate's name.
    """
    name, agent = candidate if isinstance(candidate, tuple) else (agent_name(candidate), candidate)
    field = _named(opponents)
    if not field:
        raise ValueError("a gauntlet needs at least one opponent")
    if name in field:
        raise ValueError(f"an opponent is also called {name!r}: give the candidate as (name, agent)")
    named = {name: agent, **field}
    return _tournament(game, named, [(name, other) for other in field], games, seed, executor, progress)


def _tournament(
    game: Game[Any, Any],
    named: dict[str, Any],
    pairs: list[tuple[str, str]],
    games: int,
    seed: Seed,
    executor: Executor | None,
    progress: bool,
) -> TournamentResult:
    matches = schedule(pairs, game.num_players, games, seed)
    return _summarize(game, list(named), _run(game, named, matches, executor, progress))
