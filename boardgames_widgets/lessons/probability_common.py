"""Shared pieces of the probability lessons' exercises (not a lesson itself).

* :func:`probability_exercise` — a numeric exercise whose answer is a probability:
  on top of the lesson's own misconceptions it recognises an answer given in
  percent and a "probability" outside ``[0, 1]``.
* :func:`function_exercise` — the student writes a function; it is run on test
  cases and its outputs are compared with the package's, and with the outputs of
  typical wrong functions (each with its message).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any

from boardgames_widgets.lessons.check import (
    NOT_ANSWERED,
    Exercise,
    Misconception,
    as_number,
    close_to,
    numeric_exercise,
)
from boardgames_widgets.lessons.text import N_

PERCENT = N_("You gave a percentage; write a probability as a number between 0 and 1 (25% is 0.25).")
OUT_OF_RANGE = N_("A probability is never below 0 or above 1: check what you divided by what.")


def probability_exercise(
    exercise_id: str,
    expected: float | Fraction,
    wrong: Sequence[tuple[float | Fraction, str]] = (),
    *,
    hint: str | Sequence[str],
    rel: float = 1e-3,
    digits: int = 2,
) -> Exercise:
    """A numeric exercise whose answer is a probability (see the module docstring).

    Raises:
        ValueError: a typical wrong value lies within rounding of the right one.
    """
    ex = numeric_exercise(exercise_id, expected, wrong, hint=hint, rel=rel, digits=digits)
    percent = Misconception(
        close_to(100 * Fraction(expected), rel, digits=max(0, digits - 2)), PERCENT, example=100 * Fraction(expected)
    )
    outside = Misconception(lambda a: not 0 <= as_number(a) <= 1, OUT_OF_RANGE)
    ex.misconceptions = [*ex.misconceptions, percent, outside]
    return ex


def outputs_close(a: Sequence[Any], b: Sequence[Any], rel: float = 1e-6) -> bool:
    """Whether two lists of numeric outputs agree (floats, Fractions, numpy scalars)."""
    if len(a) != len(b):
        return False
    try:
        return all(
            math.isclose(as_number(x), as_number(y), rel_tol=rel, abs_tol=1e-9) for x, y in zip(a, b, strict=True)
        )
    except (TypeError, ValueError, ZeroDivisionError):
        return False


class Crashed:
    """The student's function raised an exception that names a typical mistake."""

    def __init__(self, error: Exception) -> None:
        self.error = error


def _crashed_with(error: type[Exception]) -> Callable[[list[Any]], bool]:
    return lambda outs: len(outs) == 1 and isinstance(outs[0], Crashed) and isinstance(outs[0].error, error)


def _same_as(expected: list[Any]) -> Callable[[list[Any]], bool]:
    return lambda outs: outputs_close(outs, expected)


def function_exercise(
    exercise_id: str,
    cases: Sequence[tuple[Any, ...]],
    reference: Callable[..., Any],
    wrong: Sequence[tuple[Callable[..., Any], str]] = (),
    *,
    hint: str | Sequence[str],
    shape: Sequence[tuple[Callable[[list[Any]], bool], str]] = (),
    errors: Sequence[tuple[type[Exception], str]] = (),
) -> Exercise:
    """An exercise whose answer is a function, judged on ``cases``.

    Args:
        exercise_id: the id (``"q5"``).
        cases: the argument tuples the student's function is called with.
        reference: the package's function (gives the correct outputs).
        wrong: typical wrong functions, each with the message naming the mistake.
        hint: said when the outputs match nothing known.
        shape: tests on the raw list of outputs (wrong type or shape, e.g. an array
            where a number is expected), each with its message; checked first.
    """

    def prepare(f: Any) -> list[Any]:
        if not callable(f):
            raise TypeError(N_("the answer to this exercise is a function: pass its name, without ()"))
        try:
            return [f(*args) for args in cases]
        except tuple(e for e, _ in errors) as exc:
            return [Crashed(exc)]

    expected = [reference(*args) for args in cases]

    def wrong_outputs(g: Callable[..., Any]) -> list[Any] | None:
        try:
            return [g(*args) for args in cases]
        except Exception:  # a wrong formula may fail on some case: then it never matches
            return None

    unfinished = Misconception(
        lambda outs: all(o is None or o is Ellipsis for o in outs),
        N_("Not answered yet: your function returns None — finish its body and end it with return (the answer)."),
        NOT_ANSWERED,
    )
    misconceptions = [unfinished]
    misconceptions += [Misconception(_crashed_with(e), m) for e, m in errors]
    misconceptions += [Misconception(test, message) for test, message in shape]
    for g, message in wrong:
        outs = wrong_outputs(g)
        if outs is not None:
            misconceptions.append(Misconception(_same_as(outs), message))
    return Exercise(
        exercise_id,
        is_correct=lambda outs: outputs_close(outs, expected),
        misconceptions=misconceptions,
        hint=hint,
        prepare=prepare,
    )
