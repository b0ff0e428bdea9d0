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


# -- issue 31: judged at the digits the student gives ------------------------------------------
tie = lesson("tests.digits")
tie.add(numeric_exercise("q1", 0.878, [(0.8833, "you added the improvement"), (0.6, "the old trap")], digits=3))
tie.add(numeric_exercise("q2", 0.4712, [(0.25, "one die only"), (0.75, "the complement")], digits=3))
tie_check = checker("tests.digits")


def test_a_right_value_at_fewer_digits_passes_when_no_mistake_rounds_the_same():
    for answer in (0.47, "0.47", "0,47", 0.471, "47%", "47.1%"):
        assert tie_check("q2", answer).passed, answer


def test_a_rounding_shared_by_the_right_value_and_a_mistake_asks_for_more_digits():
    verdict = tie_check("q1", 0.88)  # 0.878 and 0.8833 both round to 0.88
    assert not verdict.passed and verdict.message_id == "close" and "more digits" in verdict.message
    assert tie_check("q1", 0.878).passed and tie_check("q1", "0,878").passed
    assert tie_check("q1", 0.883).message == "you added the improvement"
    assert tie_check("q1", 0.6).message == "the old trap"  # the very value, at any digits


def test_a_rounding_too_coarse_to_say_anything_is_not_accepted():
    assert not tie_check("q2", 0.5).passed
    assert not tie_check("q2", 0).passed


def test_a_decimal_comma_in_code_is_named_not_called_a_non_number():
    verdict = tie_check("q2", (0, 47))  # what Python makes of  answer = 0,47
    assert not verdict.passed and verdict.message_id == "decimal_comma" and "0.47" in verdict.message
    assert tie_check("q2", ("a", "b")).message_id == "not_a_number"


def test_given_decimals_reads_the_students_form():
    from boardgames_widgets.lessons.check import given_decimals

    assert [given_decimals(a) for a in (0.88, "0,880", "50%", 3, 7 / 11)] == [2, 3, 2, 0, 16]
    assert given_decimals(Fraction(1, 3)) is None and given_decimals("1/3") is None


@pytest.mark.parametrize(("lang", "word"), [("lv", "komat"), ("ru", "запят"), ("he", "פסיק")])
def test_the_decimal_comma_tuple_and_a_percent_text_are_understood_in_every_language(lang: str, word: str) -> None:
    import boardgames_widgets as bw

    try:
        bw.set_language(lang)
        check = checker("probability.dice", record=False)
        verdict = check("q1", (0, 5))  # answer = 0,5 typed with the language's decimal comma
        assert verdict.message_id == "decimal_comma" and word in verdict.message, verdict
        assert check("q1", "50%").passed  # P = 1/2 written as a percentage, as text
    finally:
        bw.set_language("en")
