"""The exercise framework: verdicts, misconception messages, never raising."""

from fractions import Fraction

import pytest

from boardgames_widgets.lessons.check import Exercise, Misconception, checker, lesson, numeric_exercise

demo = lesson("tests.demo")
demo.add(
    numeric_exercise(
        "q1",
        Fraction(11, 36),
        [(Fraction(1, 6), "that is the probability for one roll; the knife gives two")],
        hint="count the pairs of rolls",
    )
)
demo.add(
    Exercise(
        "q2",
        is_correct=lambda outputs: outputs == [1, 2, 6],
        misconceptions=[Misconception(lambda outputs: outputs[-1] > 6, "you counted paths that revisit a square")],
        prepare=lambda f: [f(n) for n in (1, 2, 3)],
    )
)
check = checker("tests.demo")


def test_correct_answers_pass_in_any_numeric_form():
    for answer in (Fraction(11, 36), 11 / 36, "11/36", 0.30556):
        assert check("q1", answer).passed


def test_wrong_answers_name_the_misconception_or_give_the_hint():
    assert check("q1", 1 / 6).message == "that is the probability for one roll; the knife gives two"
    assert check("q1", 0.9).message == "count the pairs of rolls"
    assert "should be a number" in check("q1", "many").message


def test_function_answers_are_run_and_crashes_are_reported():
    assert check("q2", lambda n: [1, 2, 6][n - 1]).passed
    assert check("q2", lambda n: [1, 2, 9][n - 1]).message == "you counted paths that revisit a square"
    crash = check("q2", lambda n: 1 / 0)
    assert not crash.passed and "ZeroDivisionError" in crash.message


def test_unanswered_and_unknown_exercises_never_raise():
    assert "Not answered yet" in check("q1", ...).message
    assert "no exercise 'q9'" in check("q9", 1).message
    with pytest.raises(ValueError, match="unknown lesson 'nope'"):
        checker("nope")


def test_feedback_renders_as_html():
    assert "✔" in check("q1", 11 / 36)._repr_html_()
    assert "✘" in check("q1", 0.5)._repr_html_()
