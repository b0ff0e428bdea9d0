"""Lesson 4 (class tournament): agents from files, Elo intervals, the mice team, and every check."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from boardgames_widgets.agents import FirstActionAgent, GreedyAgent, RandomAgent
from boardgames_widgets.analysis.ratings import elo_expected, wilson_interval
from boardgames_widgets.analysis.tournament import round_robin
from boardgames_widgets.games.chop_chop import ChopChop
from boardgames_widgets.games.food_chain import FoodChain
from boardgames_widgets.lessons import checker
from boardgames_widgets.lessons import strategy_tools as sl
from boardgames_widgets.lessons import strategy_tournament as lesson4
from boardgames_widgets.lessons.leaderboard import Leaderboard, class_tournament, elo_interval

check = checker("strategy.tournament")


def hunter(observation, legal_actions, rng):
    where = {(p.row, p.col): p.card for p in observation.table}

    def score(a):
        around = [where.get((a.row + dr, a.col + dc)) for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))]
        if a.kind == "mouse":
            return 2 * sum(c is not None and c.kind == "cheese" and c.owner != observation.player for c in around)
        if a.kind == "cheese":
            return 1 - sum(c is None for c in around) / 4 - sum(c is not None and c.kind == "mouse" for c in around)
        return 0

    best = max(score(a) for a in legal_actions)
    return rng.choice([a for a in legal_actions if score(a) == best])


STUDENTS = {
    "ada.py": "def act(observation, legal_actions, rng):\n    return legal_actions[-1]\n",
    "cy.py": "def act(observation, legal_actions, rng)\n    return legal_actions[0]\n",
    "dan.py": "def act(observation, legal_actions, rng):\n    while True:\n        pass\n",
    "eve.py": "def act(observation, legal_actions, rng):\n    return legal_actions[1 // 0]\n",
}


def test_class_tournament_survives_a_looping_and_a_crashing_agent_with_the_same_table_everywhere(tmp_path):
    """Processes or in-process: the same table; the looping and crashing agents forfeit every game they play."""
    for name, text in STUDENTS.items():
        (tmp_path / name).write_text(text)
    game = FoodChain(2)
    bots = {"random": RandomAgent()}
    result, board, loaded = class_tournament(
        game, tmp_path, bots, games=2, seed=3, move_time_limit=0.5, workers=2, show=False
    )
    assert sorted(loaded.agents) == ["ada", "dan", "eve"]
    assert [f for f, _ in loaded.problems] == ["cy.py"] and "SyntaxError" in loaded.problems[0][1]
    assert board.finished == 6 * 2 == sum(s.games for s in result.standings) // 2
    faults = {s.agent: s.faults for s in result.standings}
    assert faults["ada"] == faults["random"] == 0
    assert faults["dan"] + faults["eve"] == 3 * 2 * 2 - 2  # every game they play, but dan-eve forfeits once
    assert {r.fault for r in result.matches if r.faulty == "dan"} == {"time"}
    assert {r.fault for r in result.matches if r.faulty == "eve"} == {"crash"}
    _, here, _ = class_tournament(game, loaded, bots, games=2, seed=3, move_time_limit=0.5, workers=0, show=False)
    assert here.text() == board.text()
    top = board.standings()[0]
    assert top[0] in ("ada", "random") and top[5] < top[4] < top[6]


def test_leaderboard_updates_live_with_a_progress_bar_and_elo_intervals():
    game = FoodChain(2)
    names = ["greedy", "random"]
    board = Leaderboard(names, total=4)
    view = board.widget()
    bar, table = view.children
    round_robin(
        game, {"greedy": GreedyAgent(game), "random": RandomAgent()}, games=4, progress=False, on_result=board.update
    )
    assert bar.value == 4 == board.finished and bar.description == "4/4"
    assert "<table>" in table.value and "greedy" in table.value
    name, games, _points, faults, elo, lo, hi = board.standings()[0]
    assert (name, games, faults) == ("greedy", 4, 0) and lo < elo < hi
    assert elo_interval(1500, 10, 20)[0] < 1500 < elo_interval(1500, 10, 20)[1]


def test_round_robin_games():
    assert sl.round_robin_games(4, 10) == 60
    assert sl.round_robin_games(27, 10) == 3510


def test_elo_intervals_contain_the_ratings():
    game = FoodChain(2)
    result = round_robin(
        game,
        {"greedy": GreedyAgent(game), "random": RandomAgent(), "first": FirstActionAgent()},
        games=6,
        progress=False,
    )
    intervals = sl.elo_intervals(result, samples=40, seed=1)
    for s in result.standings:
        lo, hi = intervals[s.agent]
        assert lo <= hi and lo - 1 <= s.elo <= hi + 1


def test_team_mice_beat_greedy_mice_against_the_greedy_cat_cc_c1():
    """CC-C1/CC-W2: the team policy keeps mice out of the cat's reach and wins more often than each-for-itself mice."""
    game = ChopChop(2)
    cat = GreedyAgent(game)
    team = sl.side_win_rate(game, 1, sl.team_mice, [cat], games=60, seed=1)
    greedy = sl.side_win_rate(game, 1, GreedyAgent(game), [cat], games=60, seed=1)
    assert team.games == 60 and team.win_rate > greedy.win_rate


def test_q1_own_agent_is_played():
    assert check("q1", hunter).passed
    assert "not its index" in check("q1", lambda o, legal, rng: 0).message
    assert "returns None" in check("q1", lambda o, legal, rng: None).message
    first = check("q1", lambda o, legal, rng: legal[0])
    assert "the bar is 60%" in first.message and "Idea:" in first.message and first.message_id == "hint1"
    then = lesson4.ex.check("q1", lambda o, legal, rng: legal[0], 1)  # after one unexplained try: the step
    assert "Step by step" in then.message and then.message_id == "hint2"
    assert "random move" in check("q1", lambda o, legal, rng: rng.choice(legal)).message
    assert "crashed" in check("q1", lambda o, legal, rng: 1 / 0).message
    assert "not one of legal_actions" in check("q1", lambda o, legal, rng: "cat").message
    assert "is an agent" in check("q1", 3).message


def test_q2_wilson_lower_end():
    right = wilson_interval(13, 20)[0]
    assert check("q2", right).passed
    p = 13 / 20
    assert "Wald" in check("q2", p - 1.96 * math.sqrt(p * (1 - p) / 20)).message
    assert "win rate itself" in check("q2", p).message
    assert "upper end" in check("q2", wilson_interval(13, 20)[1]).message


def test_q3_elo_expected_score():
    assert check("q3", 1 / (1 + 10 ** (-0.5))).passed
    assert check("q3", elo_expected(1700, 1500)).passed
    assert "weaker player" in check("q3", 1 / (1 + 10**0.5)).message
    assert "powers of 10" in check("q3", 1 / (1 + math.exp(-0.5))).message
    assert "400 points" in check("q3", 1 / (1 + 10 ** (-1))).message


def test_q4_round_robin_size():
    n = lesson4.CLASS_SIZE + lesson4.BOTS
    assert check("q4", n * (n - 1) // 2 * 10).passed
    assert "twice" in check("q4", n * (n - 1) * 10).message
    assert "number of pairings" in check("q4", n * (n - 1) // 2).message
    assert "built-in bots" in check("q4", 24 * 23 // 2 * 10).message


@pytest.mark.parametrize("q", ["q1", "q2", "q3", "q4"])
def test_unanswered_never_raises(q):
    assert "Not answered yet" in check(q, ...).message


def test_where_bubblewrap_cannot_start_the_lesson_runs_its_own_trusted_files(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """macOS, Windows and hosted notebooks: the lesson's files (the student's own) are trusted, a class's refused."""
    from boardgames_widgets.analysis.tournament import load_agents
    from boardgames_widgets.core import sandbox

    monkeypatch.setattr(sandbox, "_bwrap_status", lambda: "no bubblewrap here (simulated)")
    folder = tmp_path
    (folder / "ada.py").write_text("def act(observation, legal_actions, rng):\n    return legal_actions[-1]\n")
    (folder / "ben.py").write_text("def act(observation, legal_actions, rng):\n    return rng.choice(legal_actions)\n")
    with pytest.raises(sandbox.IsolationError, match="no bubblewrap here"):
        load_agents(folder)
    trusted = load_agents(folder, trust_students=True)
    assert trusted.isolation == "process" and sorted(trusted.agents) == ["ada", "ben"]
    result, _board, _loaded = class_tournament(
        FoodChain(), trusted, {"first": FirstActionAgent()}, games=2, seed=1, workers=0, show=False
    )
    assert sorted(s.agent for s in result.standings) == ["ada", "ben", "first"]
    assert sum(s.games for s in result.standings) == 3 * 2 * 2 and not result.errors
    with pytest.raises(sandbox.IsolationError):  # a folder given by path is not trusted unless said so
        class_tournament(FoodChain(), folder, games=2, seed=1, workers=0, show=False)
