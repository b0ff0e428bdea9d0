"""Shared pieces of the strategy lessons' exercises (not a lesson itself).

* :func:`outputs_exercise` — the student writes a function; it is run on test cases
  and its outputs (any values that compare with ``==``: booleans, positions, ``None``)
  are compared with the package's, and with the outputs of typical wrong functions,
  each with its message.
* :func:`choice_exercise` — the answer is one of a few values (a threshold, a move);
  typical wrong choices have messages.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from boardgames_widgets.lessons.check import NOT_ANSWERED, Exercise, Misconception
from boardgames_widgets.lessons.text import N_


class _Crash:
    """The student's function raised: kept so a misconception can name the cause."""

    def __init__(self, error: Exception) -> None:
        self.error = error

    def __eq__(self, other: object) -> bool:
        return False

    __hash__ = None  # type: ignore[assignment]


def _run(f: Callable[..., Any], cases: Sequence[tuple[Any, ...]]) -> list[Any]:
    return [f(*args) for args in cases]


def _crashed_with(error: type[BaseException]) -> Callable[[Any], bool]:
    """Matches outputs showing one crash with ``error``."""
    return lambda outs: len(outs) == 1 and isinstance(outs[0], _Crash) and isinstance(outs[0].error, error)


def _equals(expected: Any) -> Callable[[Any], bool]:
    """Matches answers equal to ``expected``."""
    return lambda answer: bool(answer == expected)


def _judged_by(test: Callable[[Any, Any], bool], correct: Callable[[], Any]) -> Callable[[Any], bool]:
    """Matches answers for which ``test(answer, correct())`` holds."""
    return lambda answer: test(answer, correct())


def outputs_exercise(
    exercise_id: str,
    cases: Sequence[tuple[Any, ...]],
    reference: Callable[..., Any],
    wrong: Sequence[tuple[Callable[..., Any], str]] = (),
    *,
    hint: str | Sequence[str],
    errors: Sequence[tuple[type[Exception], str]] = (),
    normalize: Callable[[Any], Any] = lambda x: x,
) -> Exercise:
    """An exercise whose answer is a function, judged by its outputs on ``cases``.

    Args:
        exercise_id: the id (``"q4"``).
        cases: argument tuples the function is called with.
        reference: the package's function (gives the correct outputs).
        wrong: typical wrong functions with the message that names each mistake.
        hint: said when the outputs match nothing known.
        errors: exceptions that name a typical mistake, with their messages.
        normalize: applied to every output before comparing (e.g. ``bool``).
    """
    expected = [normalize(x) for x in _run(reference, cases)]

    def prepare(f: Any) -> list[Any]:
        if not callable(f):
            raise TypeError(N_("the answer to this exercise is a function: pass its name, without ()"))
        try:
            return [normalize(x) for x in _run(f, cases)]
        except tuple(e for e, _ in errors) as exc:
            return [_Crash(exc)]

    misconceptions = [
        Misconception(
            lambda outs: all(o is None for o in outs) and not all(e is None for e in expected),
            N_("Not answered yet: your function returns None — finish its body and end it with return (the answer)."),
            NOT_ANSWERED,
        )
    ]
    for error, message in errors:
        misconceptions.append(Misconception(_crashed_with(error), message))
    for g, message in wrong:
        try:
            outs = [normalize(x) for x in _run(g, cases)]
        except Exception:  # a wrong formula that crashes on some case never matches
            continue
        if outs != expected:
            misconceptions.append(Misconception(_equals(outs), message))
    return Exercise(
        exercise_id, is_correct=lambda outs: outs == expected, misconceptions=misconceptions, hint=hint, prepare=prepare
    )


def choice_exercise(
    exercise_id: str,
    correct: Callable[[], Any],
    wrong: Sequence[tuple[Callable[[Any, Any], bool], str]] = (),
    *,
    hint: str | Sequence[str],
    prepare: Callable[[Any], Any] | None = None,
) -> Exercise:
    """An exercise whose answer is one value, worked out lazily by ``correct()``.

    Args:
        exercise_id: the id.
        correct: computes the right answer (called when an answer is judged, so an
            expensive simulation runs only if the exercise is used; cache it).
        wrong: ``(test(answer, right_answer), message)`` for typical wrong answers.
        hint: said when nothing matches.
        prepare: normalizes the student's answer (e.g. ``int``) before judging.
    """
    misconceptions = [Misconception(_judged_by(test, correct), message) for test, message in wrong]
    return Exercise(
        exercise_id,
        is_correct=lambda a: a == correct(),
        misconceptions=misconceptions,
        hint=hint,
        prepare=prepare,
    )
