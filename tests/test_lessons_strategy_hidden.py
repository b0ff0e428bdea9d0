"""Lesson 3 (hidden cards, ISMCTS): observations, determinization, the value of a peek, every check."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction

import pytest

from boardgames_widgets.agents import ISMCTSAgent
from boardgames_widgets.agents.determinize import sample_state
from boardgames_widgets.agents.papageno import ThresholdPolicy
from boardgames_widgets.games.papageno import KINDS, Phase
from boardgames_widgets.lessons import checker
from boardgames_widgets.lessons import strategy_hidden as lesson3
from boardgames_widgets.lessons import strategy_tools as sl

check = checker("strategy.hidden")


def test_held_card_is_hidden_from_the_other_player_pa_t1():
    """PA-T1: a drawn card is looked at secretly — the other player's observation hides it and counts it back."""
    game = sl.lesson_papageno()
    state = sl.held_card_state(lesson3.SEED)
    assert state.phase is Phase.PLACE and state.actor == 0 and state.hand_drawn
    other, me = game.observation(state, 1), game.observation(state, 0)
    assert other.hand is None and other.hand_hidden and me.hand == state.hand
    assert sum(other.unseen) == sum(me.unseen) + 1


def test_face_down_cards_are_not_in_the_state_pa_t3():
    """PA-T3: nobody looks at a face-down card; the engine does not even decide it before it is turned up."""
    state = sl.held_card_state(lesson3.SEED)
    assert None in state.grids[0] and None in state.grids[1]


def test_determinization_follows_the_unseen_counts():
    game = sl.lesson_papageno()
    state = sl.held_card_state(lesson3.SEED)
    obs = game.observation(state, 1)
    rng = random.Random(0)
    counts = Counter(sample_state(game, obs, rng).hand for _ in range(4000))
    for kind, n in zip(KINDS, obs.unseen, strict=True):
        assert abs(counts[kind] / 4000 - n / sum(obs.unseen)) < 0.03


def test_face_down_weights_come_from_the_chance_node_and_sum_to_one():
    game = sl.lesson_papageno()
    dist = sl.face_down_weights(game, sl.held_card_state(lesson3.SEED))
    assert sum(dist.values()) == 1 and min(dist) == -2 and max(dist) == 10


def test_peek_value_is_never_negative_and_peaks_near_the_mean():
    dist = lesson3.face_down()
    values = {w: sl.peek_value(dist, w) for w in range(-2, 11)}
    assert all(v >= 0 for v in values.values())
    assert values[-2] == 0 and values[10] == 0
    assert abs(lesson3.best_peek_weight() - float(sl.expected(dist))) <= 1
    assert sl.peek_value({0: Fraction(1, 2), 8: Fraction(1, 2)}, 4) == 2


def test_ismcts_with_policy_rollouts_plays_a_whole_round():
    game = sl.lesson_papageno()
    rule = ThresholdPolicy(3, True, game)
    e = sl.evaluate(game, ISMCTSAgent(game, 10, rollout=sl.policy_rollout(rule)), rule, games=2, seed=0)
    assert e.games == 2 and len(e.totals) == 2


def test_q1_capture_probability_for_the_other_player():
    game = sl.lesson_papageno()
    obs = lesson3.position()[1]
    right = Fraction(obs.unseen[KINDS.index("Capture")], sum(obs.unseen))
    assert check("q1", right).passed
    assert "whole deck" in check("q1", Fraction(4, game.deck_size)).message
    assert "not equally likely" in check("q1", Fraction(1, sum(1 for n in obs.unseen if n))).message
    mine = game.observation(lesson3.position()[0], 0)
    assert "player 0's counts" in check("q1", Fraction(mine.unseen[KINDS.index("Capture")], sum(mine.unseen))).message
    assert "percentage" in check("q1", 100 * float(right)).message


def test_q2_reference_loop_is_the_engines_ismcts_draw_for_draw():
    from boardgames_widgets.agents.ismcts import ismcts

    for game, state, rollout, seed in lesson3.q2_cases():
        root = lesson3.determinized_search(game, state, 12, random.Random(seed), rollout)
        seen = game.observation(state, game.current_player(state))
        result = ismcts(game, seen, random.Random(seed), iterations=12, rollout=rollout)
        assert {a: ch.visits for a, ch in root.children.items()} == result.visits


def test_q2_food_chain_cases_hide_something_from_the_player_to_move():
    """Else searching the true state could not be told from searching samples."""
    for state in sl.hidden_food_chain_positions():
        game = lesson3.q2_cases()[1][0]
        seen = game.observation(state, game.current_player(state))
        assert any(sample_state(game, seen, random.Random(i)) != state for i in range(5))


def _loop(world_of, *, fresh_root=False, count=lambda n: n):
    def my_ismcts(game, state, iterations, rng, rollout):
        root = sl.is_root()
        seen = game.observation(state, game.current_player(state))
        for _ in range(count(iterations)):
            if fresh_root:
                root = sl.is_root()
            sl.ismcts_iteration(game, root, world_of(game, state, seen, rng), rng, rollout)
        return root

    return my_ismcts


def test_q2_student_loop_is_run_and_compared_with_the_engine():
    assert check("q2", lesson3.determinized_search).passed
    assert check("q2", _loop(lambda game, state, seen, rng: sample_state(game, seen, rng))).passed
    assert "true state" in check("q2", _loop(lambda game, state, seen, rng: state)).message
    assert "true state" in check("q2", _loop(lambda game, state, seen, rng: sample_state(game, state, rng))).message
    other = _loop(
        lambda game, state, seen, rng: sample_state(game, game.observation(state, 1 - game.current_player(state)), rng)
    )
    assert "other player's observation" in check("q2", other).message
    fresh = _loop(lambda game, state, seen, rng: sample_state(game, seen, rng), fresh_root=True)
    assert "new tree for every world" in check("q2", fresh).message
    fewer = _loop(lambda game, state, seen, rng: sample_state(game, seen, rng), count=lambda n: n - 1)
    assert "exactly `iterations`" in check("q2", fewer).message
    assert "sampled one world" in check("q2", lesson3._once).message
    assert "Not answered yet" in check("q2", lambda game, state, iterations, rng, rollout: sl.is_root()).message
    assert "root" in check("q2", lambda game, state, iterations, rng, rollout: 5).message


def test_q3_value_of_a_peek():
    dist, h = lesson3.face_down(), lesson3.held_weight()
    with_peek = sum(max(0, x - h) * p for x, p in dist.items())
    without = max(0, sum(x * p for x, p in dist.items()) - h)
    assert check("q3", with_peek - without).passed
    assert "subtract" in check("q3", with_peek).message
    assert "wrong sign" in check("q3", without - with_peek).message


def test_q4_a_peek_is_worth_most_for_a_close_decision():
    assert check("q4", lesson3.best_peek_weight()).passed
    assert "swap anyway" in check("q4", -2).message
    assert "never swap" in check("q4", 10).message
    assert "second best" in check("q4", 5 if lesson3.best_peek_weight() == 4 else 4).message


@pytest.mark.parametrize("q", ["q1", "q2", "q3", "q4"])
def test_unanswered_never_raises(q):
    assert "Not answered yet" in check(q, ...).message
