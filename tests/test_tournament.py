"""Tournaments and ratings: schedules, crashes reported, same tables whatever the executor."""

from __future__ import annotations

import random
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import pytest

from boardgames_widgets import RandomAgent, make_game
from boardgames_widgets.agents.basic import FirstActionAgent
from boardgames_widgets.agents.greedy import GreedyAgent
from boardgames_widgets.analysis.ratings import elo_expected, elo_ratings, elo_update, wilson_interval
from boardgames_widgets.analysis.tournament import gauntlet, round_robin, schedule


def crasher(observation: Any, legal_actions: Sequence[Any], rng: random.Random) -> Any:
    """An agent with a bug: it crashes on its third move."""
    if len(observation.table) > 4:
        raise RuntimeError("boom")
    return legal_actions[0]


def cheater(observation: Any, legal_actions: Sequence[Any], rng: random.Random) -> Any:
    """An agent that answers with something that is not a legal action."""
    return "take all the cheese"


@pytest.fixture(scope="module")
def game() -> Any:
    return make_game("food_chain", num_players=2)


def field() -> dict[str, Any]:
    return {"greedy": GreedyAgent(), "random": RandomAgent(), "first": FirstActionAgent()}


def test_schedule_swaps_seats_and_shares_seeds() -> None:
    matches = schedule([("a", "b")], num_players=4, games=4, seed=7)
    assert [m.seats for m in matches] == [("a", "b", "a", "b"), ("b", "a", "b", "a")] * 2
    assert matches[0].seed == matches[1].seed != matches[2].seed == matches[3].seed


def test_round_robin_table(game: Any) -> None:
    result = round_robin(game, field(), games=10, seed=1, progress=False)
    assert {s.agent for s in result.standings} == {"greedy", "random", "first"}
    assert len(result.matches) == 3 * 10
    for a, b in [("greedy", "random"), ("greedy", "first"), ("random", "first")]:
        ab, ba = result.pairing(a, b), result.pairing(b, a)
        assert ab.games == ba.games == 10
        assert ab.score + ba.score == pytest.approx(10)  # every game's win is shared out in full
        lo, hi = ab.interval
        assert lo <= ab.win_rate <= hi
    assert result.standings[0].agent == "greedy"  # the best Elo comes first
    html = result._repr_html_()
    assert html.startswith("<table>") and "vs greedy" in html and "%" in html
    assert "Elo" in str(result)


def test_the_cross_table_picture_colours_each_pairing_by_its_win_rate(game: Any) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    result = round_robin(game, field(), games=6, seed=1, progress=False)
    ax = result.plot()
    names = [s.agent for s in result.standings]
    assert [t.get_text() for t in ax.get_yticklabels()] == names  # best first, as in the standings
    grid = ax.get_images()[0].get_array()
    assert grid.shape == (3, 3) and grid.mask[0, 0]  # nobody plays itself
    for i, a in enumerate(names):
        for j, b in enumerate(names):
            if a != b:
                assert grid[i, j] == pytest.approx(result.pairing(a, b).win_rate)
    labels = {t.get_text() for t in ax.texts}
    assert f"{100 * result.pairing(names[0], names[1]).win_rate:.0f}" in labels
    plt.close(ax.figure)


def test_a_crashing_agent_forfeits_and_the_tournament_goes_on(game: Any) -> None:
    agents = {"random": RandomAgent(), "crasher": crasher, "cheater": cheater}
    result = round_robin(game, agents, games=4, seed=0, progress=False)
    crashed = result.pairing("crasher", "random")
    assert crashed.games == 4 and crashed.score == 0 and crashed.errors == 0  # four forfeits
    assert result.pairing("random", "crasher").score == 4
    faults = {s.agent: s.faults for s in result.standings}
    assert faults == {"random": 0, "crasher": 4, "cheater": 8}  # the cheater always fails first
    assert any("boom" in (m.error or "") for m in result.errors)
    assert any("illegal action" in (m.error or "") for m in result.errors)
    assert {m.fault for m in result.errors if m.faulty == "cheater"} == {"illegal"}
    assert {m.fault for m in result.errors if m.faulty == "crasher"} == {"crash"}
    assert result.standings[-1].agent == "cheater" and "errors" in str(result)  # the faults column


def test_gauntlet_plays_the_candidate_only(game: Any) -> None:
    result = gauntlet(game, ("champion", GreedyAgent()), [RandomAgent(), FirstActionAgent()], games=6, progress=False)
    assert {(p.agent, p.opponent) for p in result.pairings if p.agent == "champion"} == {
        ("champion", "random"),
        ("champion", "first"),
    }
    with pytest.raises(KeyError):
        result.pairing("random", "first")


def test_same_table_in_process_and_through_a_process_pool(game: Any) -> None:
    here = round_robin(game, field(), games=6, seed=3, progress=False)
    with ProcessPoolExecutor(max_workers=2) as pool:
        there = round_robin(game, field(), games=6, seed=3, executor=pool, progress=False)
    assert there == here
    assert str(there) == str(here)


def test_same_table_through_dask(game: Any) -> None:
    distributed = pytest.importorskip("dask.distributed")
    here = round_robin(game, field(), games=4, seed=5, progress=False)
    with (
        distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=True, dashboard_address=None) as cluster,
        distributed.Client(cluster) as client,
    ):
        there = round_robin(game, field(), games=4, seed=5, executor=client.get_executor(), progress=False)
    assert there == here


def test_wilson_interval() -> None:
    assert wilson_interval(0, 0) == (0.0, 1.0)
    lo, hi = wilson_interval(10, 10)
    assert hi == 1.0 and 0.69 < lo < 0.73  # never claims certainty from 10 games
    lo, hi = wilson_interval(50, 100)
    assert lo == pytest.approx(1 - hi)
    with pytest.raises(ValueError):
        wilson_interval(5, 4)


def test_elo() -> None:
    assert elo_expected(1500, 1500) == 0.5
    assert elo_update(1600, 1400, 0.0)[0] < 1600
    r = elo_ratings([("a", "b", 50, 100)])
    assert r["a"] == pytest.approx(1500) and r["b"] == pytest.approx(1500)
    r = elo_ratings([("a", "b", 100, 100)])  # unbeaten stays finite
    assert 1500 < r["a"] < 3000 and r["b"] < 1500
    r = elo_ratings([("a", "b", 76, 100)])
    assert r["a"] - r["b"] == pytest.approx(200, abs=15)  # 76% is about a 200-point gap
