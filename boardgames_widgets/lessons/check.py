"""Instant feedback for lesson exercises: ``check("q1", answer)``.

Each lesson registers its exercises in a module of this package (one module per
lesson). An exercise knows its correct answer — computed by the package's own
functions, never typed in — and the typical wrong answers, each with a message
that names the misconception behind it ("that is the probability for one roll;
the knife gives two"). A student's notebook does::

    from boardgames_widgets.lessons import checker
    check = checker("probability.dice")
    check("q1", my_answer)

``check`` never raises: an unanswered exercise (``...`` or ``None``) or a crashing
student function is reported as feedback, so a notebook with open exercises still
runs from top to bottom (and under nbval).
"""

from __future__ import annotations

import html
import importlib
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

#: lesson id -> module that registers its exercises (imported on first use).
LESSON_MODULES: dict[str, str] = {
    "probability.dice": "boardgames_widgets.lessons.probability_dice",
    "probability.hidden": "boardgames_widgets.lessons.probability_hidden",
    "probability.markov": "boardgames_widgets.lessons.probability_markov",
    "search.paths": "boardgames_widgets.lessons.search_paths",
    "search.minimax": "boardgames_widgets.lessons.search_minimax",
    "search.expectimax": "boardgames_widgets.lessons.search_expectimax",
    "strategy.rules": "boardgames_widgets.lessons.strategy_rules",
    "strategy.mcts": "boardgames_widgets.lessons.strategy_mcts",
    "strategy.hidden": "boardgames_widgets.lessons.strategy_hidden",
    "strategy.tournament": "boardgames_widgets.lessons.strategy_tournament",
}


@dataclass(frozen=True)
class Feedback:
    """The verdict on one answer: passed or not, and a message for the student."""

    passed: bool
    message: str
    exercise: str = ""

    def __bool__(self) -> bool:
        return self.passed

    def __str__(self) -> str:
        return f"{'✔' if self.passed else '✘'} {self.exercise}: {self.message}"

    def _repr_html_(self) -> str:
        colour, mark = ("#e6f4ea", "✔") if self.passed else ("#fdecea", "✘")
        return (
            f'<div style="background:{colour};padding:6px 10px;border-radius:6px;">'
            f"<b>{mark} {html.escape(self.exercise)}</b> {html.escape(self.message)}</div>"
        )


@dataclass(frozen=True)
class Misconception:
    """A typical wrong answer and what it tells about the student's thinking.

    Attributes:
        matches: true for answers that show this misconception.
        message: what to tell the student (names the likely mistake).
    """

    matches: Callable[[Any], bool]
    message: str


@dataclass
class Exercise:
    """One exercise: how to judge an answer, and what to say.

    Attributes:
        id: the short id used in the notebook (``"q1"``).
        is_correct: true for a correct answer.
        misconceptions: typical wrong answers, checked in order.
        hint: said when a wrong answer matches no known misconception.
        prepare: turns the raw answer into what the judges compare (e.g. calls
            the student's function on test cases); may raise, which is reported.
        praise: said on a correct answer.
    """

    id: str
    is_correct: Callable[[Any], bool]
    misconceptions: Sequence[Misconception] = ()
    hint: str = "Not yet. Re-read the question and try again."
    prepare: Callable[[Any], Any] | None = None
    praise: str = "Correct!"

    def check(self, answer: Any) -> Feedback:
        """Judge ``answer``; never raises."""
        if answer is None or answer is Ellipsis:
            return Feedback(False, "Not answered yet: replace ... with your answer and run the cell again.", self.id)
        try:
            value = self.prepare(answer) if self.prepare else answer
        except Exception as exc:  # the student's code crashed: say how, don't raise
            return Feedback(False, f"Your code raised {type(exc).__name__}: {exc}", self.id)
        try:
            if self.is_correct(value):
                return Feedback(True, self.praise, self.id)
            for m in self.misconceptions:
                if m.matches(value):
                    return Feedback(False, m.message, self.id)
        except Exception as exc:
            return Feedback(
                False, f"Could not judge this answer ({type(exc).__name__}: {exc}); check its type.", self.id
            )
        return Feedback(False, self.hint, self.id)


@dataclass
class Lesson:
    """The exercises of one lesson notebook, by id."""

    id: str
    exercises: dict[str, Exercise] = field(default_factory=dict)

    def add(self, exercise: Exercise) -> Exercise:
        """Register ``exercise`` (ids are unique within a lesson)."""
        if exercise.id in self.exercises:
            raise ValueError(f"lesson {self.id!r} already has an exercise {exercise.id!r}")
        self.exercises[exercise.id] = exercise
        return exercise

    def check(self, exercise_id: str, answer: Any) -> Feedback:
        """Judge ``answer`` to exercise ``exercise_id``; never raises."""
        exercise = self.exercises.get(exercise_id)
        if exercise is None:
            known = ", ".join(self.exercises)
            return Feedback(
                False, f"There is no exercise {exercise_id!r} in this lesson (there are: {known}).", exercise_id
            )
        return exercise.check(answer)


_LESSONS: dict[str, Lesson] = {}


def lesson(lesson_id: str) -> Lesson:
    """The lesson ``lesson_id``, created on first use (lesson modules call this)."""
    return _LESSONS.setdefault(lesson_id, Lesson(lesson_id))


def checker(lesson_id: str) -> Callable[[str, Any], Feedback]:
    """The ``check(exercise_id, answer)`` function of a lesson notebook.

    Raises:
        ValueError: no lesson has this id.
    """
    if lesson_id not in _LESSONS and lesson_id in LESSON_MODULES:
        importlib.import_module(LESSON_MODULES[lesson_id])
    if lesson_id not in _LESSONS:
        known = ", ".join(sorted(set(LESSON_MODULES) | set(_LESSONS))) or "none yet"
        raise ValueError(f"unknown lesson {lesson_id!r}; known lessons: {known}")
    return _LESSONS[lesson_id].check


# -- helpers for typical answers ---------------------------------------------------------
def as_number(answer: Any) -> float:
    """A numeric answer as a float (accepts int, float, Fraction, numpy scalars, '3/8')."""
    if isinstance(answer, str):
        return float(Fraction(answer.strip()))
    if isinstance(answer, bool):
        raise TypeError("a number was expected, not True/False")
    return float(answer)


def close_to(expected: float | Fraction, rel: float = 1e-3, abs_tol: float = 1e-6) -> Callable[[Any], bool]:
    """A judge: true for numbers within ``rel`` (relative) or ``abs_tol`` of ``expected``."""
    target = float(expected)

    def judge(answer: Any) -> bool:
        try:
            return math.isclose(as_number(answer), target, rel_tol=rel, abs_tol=abs_tol)
        except (TypeError, ValueError, ZeroDivisionError):
            return False

    return judge


def numeric_exercise(
    exercise_id: str,
    expected: float | Fraction,
    wrong: Sequence[tuple[float | Fraction, str]] = (),
    *,
    hint: str = "Not yet. Re-read the question and try again.",
    rel: float = 1e-3,
) -> Exercise:
    """An exercise whose answer is a number, with known wrong numbers and their messages."""
    misconceptions = [Misconception(close_to(value, rel), message) for value, message in wrong]
    not_a_number = Misconception(
        lambda a: not _is_number(a), "Your answer should be a number (an int, a float or a Fraction)."
    )
    return Exercise(exercise_id, close_to(expected, rel), [not_a_number, *misconceptions], hint)


def _is_number(answer: Any) -> bool:
    try:
        as_number(answer)
    except (TypeError, ValueError, ZeroDivisionError):
        return False
    return True
