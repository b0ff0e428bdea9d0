"""Every check of every lesson, judged the way a teacher would (issue 18).

* every exercise knows at least three typical wrong answers, each with its own message;
* a numeric exercise judges an answer at the digits the student gives (issue 31): the right
  value rounded to any digits passes, unless a known mistake rounds the same way — then
  "close — give more digits"; a typical wrong value at any rounding the right value does not
  share gets its own message — never "correct";
* no hint is solution code.
The lesson-specific wrong answers (functions, moves, …) are tested in ``test_lessons_<lesson>.py``.
"""

from __future__ import annotations

import math
import re

import pytest

from boardgames_widgets.lessons.check import (
    CLOSE,
    COARSEST_SHARE,
    CORRECT,
    DECIMAL_COMMA,
    LESSON_MODULES,
    NOT_A_NUMBER,
    NOT_ANSWERED,
    Lesson,
    _load,
    as_number,
    example_value,
    given_decimals,
    matches_at_given_digits,
)

GENERIC = {NOT_A_NUMBER, NOT_ANSWERED, DECIMAL_COMMA}
EXERCISES = [(lid, q) for lid in LESSON_MODULES for q in _load(lid).exercises]


def _lesson(lid: str) -> Lesson:
    return _load(lid)


@pytest.mark.parametrize(("lid", "q"), EXERCISES)
def test_every_exercise_names_at_least_three_typical_mistakes(lid, q):
    exercise = _lesson(lid).exercises[q]
    if lid == "strategy.tournament" and q == "q1":  # an agent: its verdicts are tested by playing agents
        pytest.skip("AgentExercise: index, not-legal and random-level agents in test_lessons_strategy_tournament")
    specific = [m for m in exercise.misconceptions if m.key not in GENERIC]
    assert len(specific) >= 3
    assert len({m.message for m in specific}) == len(specific), "each mistake has its own message"


NUMERIC = [(lid, q) for lid, q in EXERCISES if _load(lid).exercises[q].digits is not None]


def _examples(exercise) -> list[tuple[str, float]]:
    return [
        (m.key or f"m{i}", float(example_value(m.example)))
        for i, m in enumerate(exercise.misconceptions, 1)
        if m.example is not None
    ]


def _rights(exercise) -> list[float]:
    return [float(exercise.reference()), *(float(r()) for r in exercise.also_right)]


def _fits_a_right_value(exercise, answer, digits) -> bool:
    return any(matches_at_given_digits(r, answer, asked=digits) for r in _rights(exercise))


def _forms(value: float, d: int) -> list[object]:
    """The ways a student writes ``value`` rounded to ``d`` places: a float, a text, a decimal comma."""
    text = f"{value:.{d}f}"
    return [round(value, d) if d else round(value), text, text.replace(".", ",")]


@pytest.mark.parametrize(("lid", "q"), NUMERIC)
def test_a_right_value_at_the_digits_given_passes_unless_a_mistake_rounds_the_same_then_more_digits(lid, q):
    """The class of "0.88 told 'You added the improvement'": judged at the student's digits."""
    lesson = _lesson(lid)
    exercise = lesson.exercises[q]
    digits = exercise.digits
    right = float(exercise.reference())
    for answer in (exercise.reference(), right):
        assert lesson.check(q, answer).message_id == CORRECT, (answer, lesson.check(q, answer))
    for d in range(digits + 4):
        for answer in _forms(right, d):
            verdict = lesson.check(q, answer)
            given = given_decimals(answer)
            coarse = given < digits and 0.5 * 10.0**-given > COARSEST_SHARE * abs(right)
            clashes = [key for key, w in _examples(exercise) if matches_at_given_digits(w, answer, asked=digits)]
            very = [key for key, w in _examples(exercise) if math.isclose(as_number(answer), w, rel_tol=1e-9)]
            if math.isclose(as_number(answer), right, rel_tol=1e-9):
                assert verdict.message_id == CORRECT, (answer, verdict)
            elif len(_rights(exercise)) > 1 and verdict.passed:
                assert _fits_a_right_value(exercise, answer, digits), (answer, verdict)
            elif very:  # the very value of a known mistake (0.88 when the mistake is 0.88): named
                assert verdict.message_id in very, (answer, verdict)
            elif given >= digits:
                assert verdict.message_id == CORRECT, (answer, verdict)
            elif coarse:
                assert not verdict.passed, (answer, verdict)
            elif clashes:
                assert verdict.message_id == CLOSE and "digits" in verdict.message, (answer, clashes, verdict)
            else:
                assert verdict.message_id == CORRECT, (answer, verdict)


@pytest.mark.parametrize(("lid", "q"), NUMERIC)
def test_a_known_mistake_is_named_at_any_rounding_the_right_value_does_not_share(lid, q):
    lesson = _lesson(lid)
    exercise = lesson.exercises[q]
    digits = exercise.digits
    for key, wrong in _examples(exercise):
        for d in range(1, digits + 4):
            for answer in _forms(wrong, d):
                verdict = lesson.check(q, answer)
                assert not verdict.passed or _fits_a_right_value(exercise, answer, digits), (answer, verdict)
                given = given_decimals(answer)
                if given < digits and 0.5 * 10.0**-given > COARSEST_SHARE * abs(wrong):
                    continue  # too coarse to say anything
                if math.isclose(as_number(answer), wrong, rel_tol=1e-9):  # the very wrong value: named
                    assert verdict.message_id == key, (answer, verdict)
                elif _fits_a_right_value(exercise, answer, digits):
                    assert verdict.message_id in (CLOSE, CORRECT), (answer, verdict)
                else:
                    same = [k for k, w in _examples(exercise) if matches_at_given_digits(w, answer, asked=digits)]
                    assert key in same and verdict.message_id in same, (answer, verdict)


WITH_EXAMPLES = [
    (lid, q) for lid, q in EXERCISES if any(m.example is not None for m in _load(lid).exercises[q].misconceptions)
]


@pytest.mark.parametrize(("lid", "q"), WITH_EXAMPLES)
def test_typical_wrong_values_get_their_own_message(lid, q):
    """The very wrong value is named; its roundings: ``test_a_known_mistake_is_named_at_any_rounding…``."""
    lesson = _lesson(lid)
    exercise = lesson.exercises[q]
    examples = [(i, m) for i, m in enumerate(exercise.misconceptions, 1) if m.example is not None]
    assert len(examples) >= 3 or exercise.digits is None, "a numeric exercise knows three typical wrong values"
    for i, m in examples:
        example = example_value(m.example)
        verdict = lesson.check(q, example)
        assert not verdict.passed, (example, verdict)
        same = [  # mistakes that give the very same value (the chosen move's win rate is the best one)
            n.key or f"m{j}"
            for j, n in examples
            if math.isclose(float(example_value(n.example)), float(example), rel_tol=1e-12)
        ]
        assert verdict.message_id == (m.key or f"m{i}") or verdict.message_id in same, (
            example,
            verdict,
        )  # its own message, not another's


CODE = re.compile(r"\bsum\(|\bFraction\(|\bfor \w+ in\b|\breturn\b|\bsl\.\w+\(|\+=|:\s*$")


@pytest.mark.parametrize(("lid", "q"), EXERCISES)
def test_hints_are_graduated_text_never_solution_code(lid, q):
    hints = _lesson(lid).exercises[q].hints
    assert len(hints) >= 2, "graduated: the idea first, then the step"
    for hint in hints:
        assert not CODE.search(hint), hint
