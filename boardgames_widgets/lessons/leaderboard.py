"""The class tournament: students' agent files, fair time-limited play, a live leaderboard.

:func:`class_tournament` loads every ``.py`` file of a folder
(:func:`~boardgames_widgets.analysis.tournament.load_agents`: a file that does not import
or defines no agent is reported, not played), adds the bots, and runs a round robin with
the fair-play rules of :mod:`boardgames_widgets.analysis.tournament`: each agent plays in
a sandbox process with a time limit per move, and a game in which an agent crashes,
loops or plays an illegal action is a forfeit (it scores 0, its opponent the win) — no
game is lost, and one student's bug cannot stop the class. The games run in a process
pool where processes can be started, otherwise in threads (JupyterLite, some Windows
set-ups); every game's randomness comes from its seed, so the table is the same either way.

:class:`Leaderboard` is the live view: a progress bar and a table (points, forfeits, Elo
with an approximate 95% interval) that updates as each game finishes.
"""

from __future__ import annotations

import html
import math
import os
from collections.abc import Mapping
from typing import Any

from boardgames_widgets.analysis.ratings import elo_ratings, wilson_interval
from boardgames_widgets.analysis.tournament import (
    AgentFolder,
    MatchResult,
    TournamentResult,
    default_executor,
    load_agents,
    round_robin,
    text_table,
)
from boardgames_widgets.core.api import Game
from boardgames_widgets.lessons.text import _, number

ELO_SCALE = 400.0


def _logit_elo(p: float) -> float:
    return ELO_SCALE * math.log10(p / (1 - p))


def elo_interval(elo: float, score: float, games: int) -> tuple[float, float]:
    """An approximate 95% interval around a fitted Elo rating.

    The agent's score rate ``p`` has the Wilson interval ``(lo, hi)``; the rating moves
    by as much as the Elo difference that ``p`` → ``lo`` (or ``hi``) means.

    >>> lo, hi = elo_interval(1500, 10, 20)
    >>> round(lo), round(hi)
    (1352, 1648)
    """
    if games == 0:
        return -math.inf, math.inf
    p = (score + 0.5) / (games + 1)  # one virtual draw keeps 0% and 100% finite
    lo, hi = wilson_interval(score, games)
    edge = 0.25 / (games + 1)  # an unbeaten agent's interval stays open upwards, but finite
    lo = min(max(lo, edge), p)
    hi = max(min(hi, 1 - edge), p)
    return elo + _logit_elo(lo) - _logit_elo(p), elo + _logit_elo(hi) - _logit_elo(p)


def cross_table(result: TournamentResult) -> str:
    """A finished round robin as a text table in the notebook's language.

    One row per agent (best Elo first): its Elo, games, win rate and errors, then its win
    rate against each column's agent with the 95% Wilson interval — the table of
    :class:`~boardgames_widgets.analysis.tournament.TournamentResult`, its headings translated.
    """
    rows = result.rows()
    names = [s.agent for s in result.standings]
    rows[0] = [_("agent"), "Elo", _("games"), _("win rate"), _("errors"), *[_("vs {name}", name=n) for n in names]]
    return text_table(rows)


class Leaderboard:
    """A live leaderboard: call :meth:`update` with each finished game (``on_result``).

    Attributes:
        names: the agents.
        total: the games the tournament will play (for the progress bar).
        finished: the games seen so far.
        refit_every: the live table (its Elo fit) is refreshed every this many games and
            at the end; the progress bar after every game.
    """

    def __init__(self, names: list[str], total: int, refit_every: int = 20) -> None:
        self.names = list(names)
        self.total = total
        self.refit_every = max(1, refit_every)
        self.finished = 0
        self._pairs: dict[tuple[str, str], list[float]] = {}
        self._score = dict.fromkeys(self.names, 0.0)
        self._games = dict.fromkeys(self.names, 0)
        self._faults = dict.fromkeys(self.names, 0)
        self._widget: Any = None

    def update(self, result: MatchResult) -> None:
        """Count one finished game and refresh the view."""
        self.finished += 1
        seats = result.match.seats
        for name in set(seats):
            self._games[name] += 1
            self._score[name] += result.score(name)
        if result.faulty is not None:
            self._faults[result.faulty] += 1
        if len(set(seats)) == 2:
            a, b = sorted(set(seats))
            pair = self._pairs.setdefault((a, b), [0.0, 0])
            pair[0] += result.score(a)
            pair[1] += 1
        if self._widget is not None:
            self._refresh(table=self.finished % self.refit_every == 0 or self.finished >= self.total)

    def standings(self) -> list[tuple[str, int, float, int, float, float, float]]:
        """``(agent, games, points, forfeits, elo, elo low, elo high)``, best Elo first."""
        elo = elo_ratings([(a, b, s, int(n)) for (a, b), (s, n) in self._pairs.items()])
        rows = []
        for name in self.names:
            rating = elo.get(name, 1500.0)
            lo, hi = elo_interval(rating, self._score[name], self._games[name])
            rows.append((name, self._games[name], self._score[name], self._faults[name], rating, lo, hi))
        return sorted(rows, key=lambda r: (-r[4], r[0]))

    def text(self) -> str:
        """The table as plain text (for a notebook's checked output)."""
        agent, games_, points_, forfeits = _("agent"), _("games"), _("points"), _("forfeits")
        lines = [f"{agent:<14} {games_:>5} {points_:>7} {forfeits:>8}   " + _("Elo (95% interval)")]
        for name, games, points, faults, elo, lo, hi in self.standings():
            lines.append(
                f"{name:<14} {games:>5} {number(points, '>7.1f')} {faults:>8}   {elo:4.0f} ({lo:4.0f}–{hi:4.0f})"
            )
        return "\n".join(lines)

    def html(self) -> str:
        """The table as HTML."""
        rows = "".join(
            f"<tr><td>{html.escape(name)}</td><td>{games}</td><td>{points:.1f}</td><td>{faults}</td>"
            f"<td><b>{elo:.0f}</b> <span style='color:#666'>({lo:.0f}–{hi:.0f})</span></td></tr>"
            for name, games, points, faults, elo, lo, hi in self.standings()
        )
        words = (_("agent"), _("games"), _("points"), _("forfeits"), _("Elo (95% interval)"))
        head = "<tr>" + "".join(f"<th>{w}</th>" for w in words) + "</tr>"
        return f"<table>{head}{rows}</table>"

    def widget(self) -> Any:
        """The live view: a progress bar above the table (an ``ipywidgets.VBox``)."""
        import ipywidgets as widgets  # type: ignore[import-untyped]

        if self._widget is None:
            bar = widgets.IntProgress(value=0, min=0, max=max(self.total, 1), description=_("games"))
            self._widget = widgets.VBox([bar, widgets.HTML()])
            self._refresh()
        return self._widget

    def _refresh(self, table: bool = True) -> None:
        bar, view = self._widget.children
        bar.value = self.finished
        bar.description = f"{self.finished}/{self.total}"
        if table:
            view.value = self.html()


def class_tournament(
    game: Game[Any, Any],
    folder: str | os.PathLike[str] | AgentFolder,
    bots: Mapping[str, Any] | None = None,
    games: int = 10,
    *,
    seed: int = 0,
    move_time_limit: float | None = 1.0,
    workers: int | None = 2,
    show: bool = True,
    trust_students: bool | None = None,
) -> tuple[TournamentResult, Leaderboard, AgentFolder]:
    """A round robin of the students' agents in ``folder`` and the ``bots``, with a live leaderboard.

    Args:
        game: the game (two players).
        folder: the folder of ``.py`` files (or what :func:`load_agents` made of it).
        bots: built-in agents to add, by name.
        games: games per pairing.
        seed: the tournament's seed.
        move_time_limit: seconds per move; an agent over it forfeits the game.
        workers: processes (or threads, where there are no processes); ``None`` or
            ``0`` plays in this process.
        show: display the live leaderboard (in a notebook).
        trust_students: let the files run without OS isolation where bubblewrap cannot
            start (macOS, Windows, most hosted notebooks). ``None``: as the folder was
            loaded (``load_agents(folder, trust_students=True)``), else refuse there.

    Returns:
        The tournament's result, the leaderboard, and the loaded folder (its
        ``problems`` name the files that were not played).

    Raises:
        ValueError: fewer than two agents in all.
        FileNotFoundError: the folder does not exist.
        IsolationError: bubblewrap cannot start here and the files are not trusted.
    """
    if isinstance(folder, AgentFolder):
        loaded = folder
        trusted = bool(trust_students) or (trust_students is None and loaded.isolation == "process")
    else:
        trusted = bool(trust_students)
        loaded = load_agents(folder, trust_students=trusted)
    field = {**loaded.agents, **(bots or {})}
    if len(field) < 2:
        raise ValueError("a tournament needs at least two agents")
    pairs = len(field) * (len(field) - 1) // 2
    board = Leaderboard(list(field), pairs * games)
    if show:
        from IPython.display import display

        display(board.widget())  # type: ignore[no-untyped-call]
    options: dict[str, Any] = {
        "seed": seed,
        "progress": False,
        "move_time_limit": move_time_limit,
        "on_result": board.update,
        "trust_students": trusted,
    }
    if workers:
        with default_executor(workers) as executor:
            result = round_robin(game, field, games, executor=executor, **options)
    else:
        result = round_robin(game, field, games, **options)
    return result, board, loaded
