"""Lesson 1 (rules of thumb): the threshold policies, the sweep, and every check with its typical mistakes."""

from __future__ import annotations

import random
from statistics import stdev

import pytest

from boardgames_widgets.agents import GreedyAgent
from boardgames_widgets.agents.papageno import (
    ThresholdPolicy,
    card_weight,
    pair_position,
    placement,
)
from boardgames_widgets.core.play import play_game
from boardgames_widgets.games.papageno import DiscardDrawn, Draw, Phase, Swap, TakeDiscard
from boardgames_widgets.lessons import checker
from boardgames_widgets.lessons import strategy_rules as lesson1
from boardgames_widgets.lessons import strategy_tools as sl

check = checker("strategy.rules")


def test_threshold_policy_keeps_light_cards_and_lets_heavy_ones_go_pa_t2():
    """PA-T2: a drawn card heavier than k is discarded at once; a light one replaces a heavy face-up card."""
    grid = ("8", None, "2", None, None, None)
    assert placement(grid, "1", 3) == 0  # over the 8 (heavier than k)
    assert placement(grid, "5", 3) is None  # heavier than k: let it go
    assert placement(("3", None, None, None, None, None), "1", 3) == 1  # the 3 is not above k: a face-down card
    assert placement(("3", "2", "1", "0", "2", "3"), "4", 5) is None  # nothing heavier to replace


def test_pair_rule_completes_columns_of_positive_weight_pa_e2():
    """PA-E2: equal weights in a column cancel, so a heavy twin is worth placing; negative pairs are not."""
    assert pair_position(("7", None, None, None, None, None), "7") == 3
    assert pair_position((None, None, None, "9", None, None), "9") == 0
    assert pair_position(("7", None, None, "7", None, None), "7") is None  # already cancelled
    assert pair_position(("-1", None, None, None, None, None), "-1") is None
    assert placement(("7", None, None, None, None, None), "7", 3, pairs=True) == 3
    assert placement(("7", None, None, None, None, None), "7", 3) is None


def test_policy_acts_legally_through_whole_games_and_rounds_end_pa_e1():
    """PA-E1: rounds end (the hurry-up rule after a reshuffle keeps picky policies from stalling)."""
    game = sl.lesson_papageno()
    for k in (-2, 0, 3, 9):
        for pairs in (False, True):
            record = play_game(game, [ThresholdPolicy(k, pairs, game), GreedyAgent(game)], seed=k)
            assert record.returns is not None and sum(record.returns) == pytest.approx(1.0)


def test_policy_decisions_on_observations_pa_t1():
    """PA-T1: take the discard only when the policy would keep it; otherwise draw."""
    game = sl.lesson_papageno()
    policy = ThresholdPolicy(3, game=game)
    rng = random.Random(0)
    state = game.new_initial_state()
    while not (state.phase is Phase.TURN and state.actor == 0):
        player = game.current_player(state)
        legal = game.legal_actions(state) if player >= 0 else [o for o, _ in game.chance_outcomes(state)]
        state = game.apply(state, legal[0])
    obs = game.observation(state, 0)
    expected = TakeDiscard() if card_weight(obs.discard[-1]) <= 3 else Draw()
    assert policy.act(obs, game.legal_actions(state), rng) == expected
    held = sl.held_card_state(0)
    obs = game.observation(held, 0)
    action = policy.act(obs, game.legal_actions(held), rng)
    assert action == (
        DiscardDrawn() if policy.target(obs.grids[0], obs.hand) is None else Swap(policy.target(obs.grids[0], obs.hand))
    )


def test_mean_interval_and_half_width():
    mean, lo, hi = sl.mean_interval([1, 2, 3, 4])
    assert mean == 2.5 and hi - mean == pytest.approx(1.959963984540054 * stdev([1, 2, 3, 4]) / 2)
    assert lo == pytest.approx(2 * mean - hi)
    with pytest.raises(ValueError):
        sl.mean_interval([1])
    assert sl.pair_means([1, 3, 2, 2]) == (2.0, 2.0)
    with pytest.raises(ValueError, match="incomplete pair"):
        sl.pair_means([1, 2, 3])


def test_sweep_is_u_shaped_and_the_pair_rule_helps():
    sweep = sl.threshold_sweep()
    means = [e.mean_total for e in sweep]
    best = sl.best_threshold(sweep)
    assert 0 < best < 7
    assert means[0] > min(means) < means[-1]
    assert lesson1.pair_rule_saving() > 0


def test_q1_keep_rule():
    assert check("q1", lambda c, k: card_weight(c) <= k).passed
    assert "exactly k" in check("q1", lambda c, k: card_weight(c) < k).message
    assert "keep the light ones" in check("q1", lambda c, k: card_weight(c) >= k).message
    assert "no number printed" in check("q1", lambda c, k: int(c) <= k).message
    assert "returns None" in check("q1", lambda c, k: None).message


def test_q2_half_width_of_the_interval():
    std, n = lesson1.q2_data()
    assert n == len(sl.threshold_sweep()[0].totals) // 2  # duplicate pairs are the unit
    assert check("q2", 1.96 * std / n**0.5).passed
    assert check("q2", 2 * std / n**0.5).passed  # the 2·s/√n rule of lesson one
    s_rounds, n_rounds = lesson1.q2_rounds_data()
    assert "duplicate pairs" in check("q2", 1.96 * s_rounds / n_rounds**0.5).message
    assert "divide by √n" in check("q2", 1.96 * std / n).message
    assert "standard error" in check("q2", std / n**0.5).message
    assert "whole width" in check("q2", 2 * 1.96 * std / n**0.5).message
    assert "single pair" in check("q2", 1.96 * std).message


def test_q3_best_threshold():
    sweep = sl.threshold_sweep()
    best = sl.SWEEP_KS[min(range(len(sweep)), key=lambda i: sweep[i].mean_total)]
    assert check("q3", best).passed and check("q3", float(best)).passed
    worst = sl.SWEEP_KS[max(range(len(sweep)), key=lambda i: sweep[i].mean_total)]
    assert "lowest total wins" in check("q3", worst).message
    assert "one row away" in check("q3", best + 1).message
    assert "keeps almost nothing" in check("q3", -2).message or "highest mean" in check("q3", -2).message


def test_q4_pair_position():
    assert check("q4", pair_position).passed
    assert "same row" in check("q4", lesson1._same_row).message
    assert "column partner" in check("q4", lesson1._own_position).message
    assert "weight ≤ 0" in check("q4", lesson1._negative_too).message


def test_q5_what_the_pair_rule_saves():
    saving = lesson1.pair_rule_saving()
    assert check("q5", saving).passed
    assert "wrong sign" in check("q5", -saving).message
    with_pairs = sl.threshold_sweep(lesson1.PAIR_KS, True)[lesson1.PAIR_KS.index(3)].mean_total
    assert "with the pair rule" in check("q5", with_pairs).message


@pytest.mark.parametrize("q", ["q1", "q2", "q3", "q4", "q5"])
def test_unanswered_never_raises(q):
    assert "Not answered yet" in check(q, ...).message
