"""Lesson 3 (Mouse Trap as a Markov chain): every check accepts the solution and names typical mistakes."""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import pytest

from boardgames_widgets.analysis import mouse_trap as mt
from boardgames_widgets.games.mouse_trap.layout import MouseTrapConfig
from boardgames_widgets.lessons import checker
from boardgames_widgets.lessons import probability_markov as lesson3

check = checker("probability.markov")
CFG = MouseTrapConfig()
P = mt.transition_matrix(CFG)


def test_q1_first_turn_counts_the_back_space_mt_ba():
    """MT-BA: roll 6 lands on BACK 2 and the turn ends on space 4, so two rolls of six end there."""
    solution = Fraction(sum(mt.one_turn(CFG, 0, r) == 4 for r in range(1, 7)), 6)
    assert solution == Fraction(1, 3) == lesson3.first_turn_probability(4)
    assert check("q1", solution).passed and check("q1", "1/3").passed and check("q1", P[0, 4]).passed
    assert "BACK 2" in check("q1", Fraction(1, 6)).message
    assert "Too many rolls" in check("q1", Fraction(1, 2)).message
    assert "percentage" in check("q1", 33.33333).message


def test_q2_within_twelve_turns_is_a_matrix_power_not_one_turn_of_the_pmf():
    d0 = np.eye(len(P))[0]
    solution = (d0 @ np.linalg.matrix_power(P, 12))[-1]
    pmf = mt.turns_to_loop_distribution(CFG)
    assert math.isclose(solution, pmf[:13].sum())
    assert check("q2", solution).passed
    assert "exactly turn 12" in check("q2", pmf[12]).message
    assert "still on the track" in check("q2", 1 - solution).message
    assert "after 11 turns" in check("q2", (d0 @ np.linalg.matrix_power(P, 11))[-1]).message


def _solution(p):
    q = p[:-1, :-1]
    return np.linalg.inv(np.eye(len(q)) - q)[0].sum()


def test_q3_expected_steps_function_and_its_typical_bugs():
    assert check("q3", _solution).passed
    assert math.isclose(_solution(P), mt.expected_turns_to_loop(CFG))

    def whole_matrix(p):
        return np.linalg.inv(np.eye(len(p)) - p)[0].sum()

    def whole_vector(p):
        q = p[:-1, :-1]
        return np.linalg.inv(np.eye(len(q)) - q).sum(axis=1)

    def plus(p):
        q = p[:-1, :-1]
        return np.linalg.inv(np.eye(len(q)) + q)[0].sum()

    def diagonal(p):
        q = p[:-1, :-1]
        return np.linalg.inv(np.eye(len(q)) - q)[0, 0]

    def unfinished(p): ...

    assert "cannot be inverted" in check("q3", whole_matrix).message
    assert "one number" in check("q3", whole_vector).message
    assert "I + Q" in check("q3", plus).message
    assert "N[0, 0]" in check("q3", diagonal).message
    assert "returns None" in check("q3", unfinished).message
    assert "function" in check("q3", 12.8).message


def test_q4_trap_reliability_is_the_product_of_the_stages():
    solution = math.prod(CFG.stage_reliability)
    assert solution == CFG.trap_works and math.isclose(float(solution), 0.85, abs_tol=0.01)
    assert check("q4", solution).passed
    assert "averaged" in check("q4", sum(CFG.stage_reliability) / 7).message
    assert "weakest stage" in check("q4", min(CFG.stage_reliability)).message
    assert "subtracted" in check("q4", 1 - sum(1 - r for r in CFG.stage_reliability)).message


def test_q5_improving_one_stage_multiplies():
    better = list(CFG.stage_reliability)
    better[3] = Fraction(99, 100)
    solution = MouseTrapConfig(stage_reliability=tuple(better)).trap_works
    assert solution == CFG.trap_works / Fraction(24, 25) * Fraction(99, 100)
    assert check("q5", solution).passed
    assert "added the improvement" in check("q5", CFG.trap_works + Fraction(3, 100)).message
    assert "new stage alone" in check("q5", Fraction(99, 100)).message
    assert "old trap" in check("q5", CFG.trap_works).message


@pytest.mark.parametrize("q", ["q1", "q2", "q4", "q5"])
def test_unanswered_and_wrong_type_never_raise(q):
    assert "Not answered yet" in check(q, ...).message
    assert "number" in check(q, "lots").message
