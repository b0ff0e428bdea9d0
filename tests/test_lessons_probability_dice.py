"""Lesson 1 (Chop Chop's dice): every check accepts the solution and names typical mistakes."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest

from boardgames_widgets.analysis import probability as pr
from boardgames_widgets.games.chop_chop import CAT_DIE, MOUSE_DIE
from boardgames_widgets.lessons import checker
from boardgames_widgets.lessons import probability_dice as lesson1

check = checker("probability.dice")
CAT, MOUSE = lesson1.cat_die(), lesson1.mouse_die()


def test_dice_from_chance_outcomes_match_the_published_faces_cc_m2():
    """CC-M2 rolls: the chance outcomes of a roll are the published dice, exactly."""
    assert CAT == pr.die(CAT_DIE) == {1: Fraction(1, 3), 2: Fraction(1, 2), 3: Fraction(1, 6)}
    assert pr.die(MOUSE_DIE) == MOUSE


def test_q1_a_value_on_three_faces():
    assert check("q1", Fraction(3, 6)).passed and check("q1", 0.5).passed
    assert "three of its six faces" in check("q1", Fraction(1, 6)).message
    assert "not equally likely" in check("q1", Fraction(1, 3)).message
    assert "percentage" in check("q1", 50).message


def test_q2_expected_value_of_the_mouse_die():
    solution = Fraction(1 + 1 + 2 + 2 + 3 + 4, 6)
    assert solution == pr.mean(MOUSE) == Fraction(13, 6)
    assert check("q2", solution).passed
    assert "averaged the different numbers" in check("q2", 2.5).message
    assert "ordinary die" in check("q2", 3.5).message
    assert "sum of the six faces" in check("q2", 13).message


def test_q3_variance_of_the_cat_die():
    mean = Fraction(11, 6)
    solution = sum(p * (v - mean) ** 2 for v, p in CAT.items())
    assert solution == pr.variance(CAT) == Fraction(17, 36)
    assert check("q3", solution).passed
    assert "standard deviation" in check("q3", math.sqrt(17 / 36)).message
    assert "E[X²]" in check("q3", Fraction(23, 6)).message
    assert "equally likely" in check("q3", Fraction(2, 3)).message


def test_reach_needs_exact_roll_and_parity_cc_m1_cc_m2_cc_m4():
    """CC-M1/M2/M4: orthogonal steps, the whole roll, no square twice — so roll ≥ k with the parity of k."""
    for k in range(1, lesson1.MAX_DISTANCE + 1):
        for roll in range(1, 7):
            assert lesson1.cat_can_land_on_mouse(k, roll) == (roll >= k and (roll - k) % 2 == 0), (k, roll)


def test_reach_scenario_keeps_the_mouse_catchable_cc_c1():
    """CC-C1: the mouse stands on open floor (not under the table), so the cat landing there catches it."""
    game = lesson1.game()
    for k in (1, 2):
        state = lesson1.chase_state(k)
        cell = game.layout.index[lesson1.mouse_square(k)]
        assert not game.layout.table[cell] and state.mice[0] == cell


def test_q4_function_reach_probability():
    def solution(die, k):
        return sum(p for r, p in die.items() if r >= k and (r - k) % 2 == 0)

    assert check("q4", solution).passed
    assert "detours" in check("q4", lambda die, k: die.get(k, 0)).message
    assert (
        "k + 1 cannot end on the mouse" in check("q4", lambda die, k: sum(p for r, p in die.items() if r >= k)).message
    )
    assert "smaller than k" in check("q4", lambda die, k: sum(p for r, p in die.items() if r <= k)).message
    assert "returns None" in check("q4", lambda die, k: None).message
    assert "function" in check("q4", 0.5).message


def test_q5_two_rolls_after_a_knife_cc_t6():
    """CC-T6: the knife gives the cat two turns in a row: the total of two independent cat rolls."""
    two = pr.sum_distribution(CAT, CAT)
    solution = sum(p for t, p in two.items() if t >= 4)
    assert solution == Fraction(5, 9)
    assert check("q5", solution).passed
    assert "one roll" in check("q5", 0).message
    assert "(1, 2) and (2, 1)" in check("q5", 1 - (Fraction(1, 9) + Fraction(1, 6))).message
    assert "not equally likely" in check("q5", Fraction(3, 5)).message
    assert "exactly 4" in check("q5", Fraction(7, 36)).message


@pytest.mark.parametrize("q", ["q1", "q2", "q3", "q4", "q5"])
def test_unanswered_never_raises(q):
    assert "Not answered yet" in check(q, ...).message
