"""A tournament's results as plain data: its games, each agent's records and the tables.

:func:`~boardgames_widgets.analysis.tournament.round_robin` and
:func:`~boardgames_widgets.analysis.tournament.gauntlet` return a :class:`TournamentResult`;
each finished game is a :class:`MatchResult`, one JSON line of a results file
(:meth:`MatchResult.to_json`). These are the names the readers of a result need (tables, a
leaderboard, a plot) without the machinery that plays the games (issue 28: split by reader).
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from boardgames_widgets.analysis.ratings import elo_ratings, wilson_interval
from boardgames_widgets.core.api import Game

__all__ = [
    "Match",
    "MatchResult",
    "PairingResult",
    "ResultsError",
    "Standing",
    "TournamentResult",
    "text_table",
]


class ResultsError(ValueError):
    """A results file holds a line this tournament did not write (forged or edited)."""


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
