"""Every check of every lesson, judged the way a teacher would (issue 18).

* every exercise knows at least three typical wrong answers, each with its own message;
* a numeric exercise accepts its answer correctly rounded to the decimal places it asks
  for (and the exact value), and says "close — give more digits" to a coarser rounding;
* a typical wrong value, rounded the same way, still gets its own message — never "correct";
* no hint is solution code.
The lesson-specific wrong answers (functions, moves, …) are tested in ``test_lessons_<lesson>.py``.
"""

from __future__ import annotations

import re

import pytest

from boardgames_widgets.lessons.check import CLOSE, CORRECT, LESSON_MODULES, NOT_A_NUMBER, NOT_ANSWERED, Lesson, _load

GENERIC = {NOT_A_NUMBER, NOT_ANSWERED}
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


@pytest.mark.parametrize(("lid", "q"), NUMERIC)
def test_numeric_answers_pass_exact_and_correctly_rounded_and_a_near_miss_is_told_close(lid, q):
    lesson = _lesson(lid)
    exercise = lesson.exercises[q]
    digits = exercise.digits
    right = float(exercise.reference())
    for answer in (exercise.reference(), right, round(right, digits), f"{right:.{digits}f}"):
        assert lesson.check(q, answer).message_id == CORRECT, (answer, lesson.check(q, answer))
    coarse = round(right, digits - 1)
    if abs(coarse - right) > 0.5 * 10.0**-digits:  # really coarser: not also a correct rounding
        verdict = lesson.check(q, coarse)
        assert not verdict.passed and verdict.message_id in (
            CLOSE,
            *[m.key or f"m{i}" for i, m in enumerate(exercise.misconceptions, 1)],
        )


WITH_EXAMPLES = [
    (lid, q) for lid, q in EXERCISES if any(m.example is not None for m in _load(lid).exercises[q].misconceptions)
]


@pytest.mark.parametrize(("lid", "q"), WITH_EXAMPLES)
def test_typical_wrong_values_rounded_still_get_their_own_message(lid, q):
    lesson = _lesson(lid)
    exercise = lesson.exercises[q]
    examples = [(i, m) for i, m in enumerate(exercise.misconceptions, 1) if m.example is not None]
    assert len(examples) >= 3 or exercise.digits is None, "a numeric exercise knows three typical wrong values"
    for i, m in examples:
        rounded = [] if exercise.digits is None else [round(float(m.example), exercise.digits)]
        for answer in (m.example, *rounded):
            verdict = lesson.check(q, answer)
            assert not verdict.passed, (answer, verdict)
            assert verdict.message_id == (m.key or f"m{i}"), (answer, verdict)  # its own message, not another's


CODE = re.compile(r"\bsum\(|\bFraction\(|\bfor \w+ in\b|\breturn\b|\bsl\.\w+\(|\+=|:\s*$")


@pytest.mark.parametrize(("lid", "q"), EXERCISES)
def test_hints_are_graduated_text_never_solution_code(lid, q):
    hints = _lesson(lid).exercises[q].hints
    assert len(hints) >= 2, "graduated: the idea first, then the step"
    for hint in hints:
        assert not CODE.search(hint), hint
