"""Instant feedback for lesson exercises, ``check("q1", answer)``, and a record of the class.

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
runs from top to bottom (and under nbval). ``NotImplementedError`` (nbgrader's
stub) counts as "not answered yet" too.

**Numbers.** A numeric exercise states how many decimal places it wants
(``digits``). An answer is judged at the digits the student gives: the right value
correctly rounded to them passes (``0.88`` for 0.878 when three places were asked),
unless a known mistake rounds the same way — then, and for a near miss, the message
is "close — give more digits"; a known mistake is named at any rounding that is not
also the right value's. Exact forms (``Fraction``, ``"3/8"``) always pass, ``"50%"``
reads as 0.5, and ``0,47`` (a tuple in Python: a decimal comma) is named.

**Hints** are graduated: the first unexplained wrong answer gets the idea, later
ones the step — never the solution code.

**The record.** ``check`` keeps, per notebook, what was tried and which message fired
(by its stable *message id*, so a translated lesson reads the same record), and saves
it as a small JSON file next to the notebook (``checks_<lesson>.json``: the lesson,
the name the student typed — nothing else personal — and per exercise the attempts).
``check.check_all()`` prints the summary with points. Records are written only
inside a notebook kernel (or with an explicit ``record=`` path), never by plain
Python such as the unit tests; :mod:`boardgames_widgets.lessons.dashboard` reads a
folder of them.
"""

from __future__ import annotations

import contextlib
import html
import importlib
import json
import math
import os
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from typing import Any

from boardgames_widgets.core.numbers import parse_fraction
from boardgames_widgets.lessons.text import N_, _, ngettext, tr

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
    "strategy.learning": "boardgames_widgets.lessons.strategy_learning",
}


#: message ids of the verdicts every exercise can give (lesson-specific ones are ``m1``, ``m2``, …)
NOT_ANSWERED = "not_answered"
CORRECT = "correct"
CRASHED = "crashed"
UNJUDGEABLE = "unjudgeable"
CLOSE = "close"
NO_SUCH_EXERCISE = "no_such_exercise"
NOT_A_NUMBER = "not_a_number"
DECIMAL_COMMA = "decimal_comma"
NOT_ANSWERED_TEXT = N_("Not answered yet: replace ... with your answer and run the cell again.")
DEFAULT_HINT = N_("Not yet. Re-read the question and try again.")
RECORD_FORMAT = 1
#: attempts kept per exercise in a record (the oldest are dropped)
MAX_TRIED = 30


@dataclass(frozen=True)
class Feedback:
    """The verdict on one answer: passed or not, a message, and the message's stable id.

    Attributes:
        passed: whether the answer is correct.
        message: what to tell the student.
        exercise: the exercise id (``"q1"``).
        message_id: which message this is (``"correct"``, ``"not_answered"``, ``"close"``,
            ``"hint1"``, ``"m2"`` for the exercise's second misconception, …): stable
            across languages, kept in the class record.
    """

    passed: bool
    message: str
    exercise: str = ""
    message_id: str = ""

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
        key: the message id (``"m1"``, … by position when empty).
        example: a typical answer that shows it (numeric exercises keep the wrong value, or a
            function that computes it: see :func:`example_value`).
    """

    matches: Callable[[Any], bool]
    message: str
    key: str = ""
    example: Any = None


class NotAnswered(Exception):
    """Raised by an exercise's ``prepare`` when the student's function is still a stub."""


def _not_answered(answer: Any) -> bool:
    return answer is None or answer is Ellipsis


@dataclass
class Exercise:
    """One exercise: how to judge an answer, and what to say.

    Attributes:
        id: the short id used in the notebook (``"q1"``).
        is_correct: true for a correct answer.
        misconceptions: typical wrong answers, checked in order.
        hint: said when a wrong answer matches no known misconception: one text, or
            graduated texts (the idea first, then the step), one per unexplained try.
        prepare: turns the raw answer into what the judges compare (e.g. calls
            the student's function on test cases); may raise, which is reported.
        praise: said on a correct answer.
        near: true for a numeric near miss (said: "close — give more digits").
        points: what the exercise counts in ``check_all()``.
        digits: the decimal places a numeric question asks for (stated in the notebook).
        reference: gives the right answer (numeric exercises; for tests and teachers).
        also_right: give other values that are right too (numeric exercises).
    """

    id: str
    is_correct: Callable[[Any], bool]
    misconceptions: Sequence[Misconception] = ()
    hint: str | Sequence[str] = DEFAULT_HINT
    prepare: Callable[[Any], Any] | None = None
    praise: str = N_("Correct!")
    near: Callable[[Any], bool] | None = None
    points: int = 1
    digits: int | None = None
    reference: Callable[[], Any] | None = None
    also_right: Sequence[Callable[[], Any]] = ()

    @property
    def hints(self) -> tuple[str, ...]:
        """The graduated hints (one or more)."""
        return (self.hint,) if isinstance(self.hint, str) else tuple(self.hint)

    def check(self, answer: Any, unexplained: int = 0) -> Feedback:
        """Judge ``answer``; never raises. The message is in the package's language.

        Args:
            answer: the student's answer.
            unexplained: how many earlier wrong answers got a hint (picks the next hint).
        """
        if _not_answered(answer):
            return Feedback(False, tr(NOT_ANSWERED_TEXT), self.id, NOT_ANSWERED)
        try:
            value = self.prepare(answer) if self.prepare else answer
        except NotImplementedError:  # nbgrader's stub in the student's function
            return Feedback(False, tr(NOT_ANSWERED_TEXT), self.id, NOT_ANSWERED)
        except NotAnswered as exc:
            return Feedback(False, _("Not answered yet: {reason}", reason=tr(str(exc))), self.id, NOT_ANSWERED)
        except Exception as exc:  # the student's code crashed: say how, don't raise
            text = _("Your code raised {error}: {reason}", error=type(exc).__name__, reason=tr(str(exc)))
            return Feedback(False, text, self.id, CRASHED)
        try:
            if self.is_correct(value):
                return Feedback(True, tr(self.praise), self.id, CORRECT)
            for i, m in enumerate(self.misconceptions, 1):
                if m.matches(value):
                    return Feedback(False, tr(m.message), self.id, m.key or f"m{i}")
            if self.near is not None and self.near(value):
                return Feedback(False, _("Close — give more digits (or the exact value)."), self.id, CLOSE)
        except Exception as exc:
            return Feedback(
                False,
                _(
                    "Could not judge this answer ({error}: {reason}); check its type.",
                    error=type(exc).__name__,
                    reason=str(exc),
                ),
                self.id,
                UNJUDGEABLE,
            )
        hints = self.hints
        level = min(unexplained, len(hints) - 1)
        return Feedback(False, tr(hints[level]), self.id, f"hint{level + 1}")


@dataclass
class Lesson:
    """The exercises of one lesson notebook, by id."""

    id: str
    exercises: dict[str, Exercise] = field(default_factory=dict)

    def add(self, exercise: Exercise) -> Exercise:
        """Register ``exercise`` (ids are unique within a lesson).

        Raises:
            ValueError: the lesson already has an exercise with this id.
        """
        if exercise.id in self.exercises:
            raise ValueError(f"lesson {self.id!r} already has an exercise {exercise.id!r}")
        self.exercises[exercise.id] = exercise
        return exercise

    def check(self, exercise_id: str, answer: Any, unexplained: int = 0) -> Feedback:
        """Judge ``answer`` to exercise ``exercise_id``; never raises."""
        exercise = self.exercises.get(exercise_id)
        if exercise is None:
            known = ", ".join(self.exercises)
            return Feedback(
                False,
                _(
                    "There is no exercise {exercise} in this lesson (there are: {known}).",
                    exercise=repr(exercise_id),
                    known=known,
                ),
                exercise_id,
                NO_SUCH_EXERCISE,
            )
        return exercise.check(answer, unexplained)


_LESSONS: dict[str, Lesson] = {}


def lesson(lesson_id: str) -> Lesson:
    """The lesson ``lesson_id``, created on first use (lesson modules call this)."""
    return _LESSONS.setdefault(lesson_id, Lesson(lesson_id))


def _load(lesson_id: str) -> Lesson:
    if lesson_id not in _LESSONS and lesson_id in LESSON_MODULES:
        importlib.import_module(LESSON_MODULES[lesson_id])
    if lesson_id not in _LESSONS:
        known = ", ".join(sorted(set(LESSON_MODULES) | set(_LESSONS))) or "none yet"
        raise ValueError(f"unknown lesson {lesson_id!r}; known lessons: {known}")
    return _LESSONS[lesson_id]


def _in_kernel() -> bool:
    """Whether this runs inside a Jupyter kernel (where a notebook's record belongs)."""
    shell = sys.modules.get("IPython")
    get = getattr(shell, "get_ipython", None)
    ip = get() if get is not None else None
    return ip is not None and hasattr(ip, "kernel")


def describe(answer: Any) -> str:
    """A short text of what the student tried (kept in the record; functions by name)."""
    if callable(answer) and not isinstance(answer, type):
        return f"function {getattr(answer, '__name__', '?')}"
    text = repr(answer)
    return text if len(text) <= 60 else text[:57] + "..."


def fingerprint(answer: Any) -> str:
    """A short digest of an answer, to tell a changed answer from the same one run again.

    A function is known by its code (bytecode, constants, names), so re-running an unchanged
    cell is not a new try, while an edited body is; other answers by their ``repr``.
    """
    import hashlib

    code = getattr(answer, "__code__", None)
    if code is not None:
        text = repr((code.co_code, code.co_consts, code.co_names, getattr(answer, "__defaults__", None)))
    else:
        text = f"{type(answer).__name__}:{answer!r}"
    return hashlib.sha1(text.encode("utf-8", "replace"), usedforsecurity=False).hexdigest()[:12]


def record_path(lesson_id: str, folder: str | os.PathLike[str] = ".") -> Path:
    """Where the record of lesson ``lesson_id`` is saved: ``checks_<lesson>.json`` in ``folder``."""
    return Path(folder) / f"checks_{lesson_id}.json"


class Checker:
    """The ``check(exercise_id, answer)`` of one lesson notebook, with its record.

    Attributes:
        lesson: the lesson.
        student: the name the student typed (the only personal data in the record).
        path: where the record is saved, or ``None`` (not saved).
        record: ``{exercise id: {"passed": bool, "attempts": int, "tried": [...]}}``.
    """

    def __init__(self, lesson_: Lesson, *, student: str = "", path: Path | None = None) -> None:
        self.lesson = lesson_
        self.student = student
        self.path = path
        self.record: dict[str, dict[str, Any]] = {}
        if path is not None and path.exists():  # a re-run notebook continues its record
            try:
                old = json.loads(path.read_text(encoding="utf-8"))
                if old.get("lesson") == lesson_.id:
                    self.record = dict(old.get("exercises", {}))
            except (OSError, ValueError):
                pass

    def __call__(self, exercise_id: str, answer: Any) -> Feedback:
        """Judge ``answer``, remember it in the record (and save it); never raises."""
        entry = self.record.get(exercise_id, {"passed": False, "attempts": 0, "hints": 0, "tried": []})
        feedback = self.lesson.check(exercise_id, answer, int(entry.get("hints", 0)))
        print_ = fingerprint(answer)
        tried_before = entry.get("tried", [])
        same = bool(tried_before) and tried_before[-1].get("fingerprint") == print_
        if feedback.message_id not in (NOT_ANSWERED, NO_SUCH_EXERCISE) and not same:  # a re-run is not a try
            entry["attempts"] = int(entry.get("attempts", 0)) + 1
            entry["passed"] = bool(entry.get("passed")) or feedback.passed
            if feedback.message_id.startswith("hint"):
                entry["hints"] = int(entry.get("hints", 0)) + 1
            tried = [
                *tried_before,
                {"answer": describe(answer), "message_id": feedback.message_id, "fingerprint": print_},
            ]
            entry["tried"] = tried[-MAX_TRIED:]
            self.record[exercise_id] = entry
        self.save()
        return feedback

    def grade(self, exercise_id: str, answer: Any) -> None:
        """For nbgrader's hidden tests: judge without recording.

        Raises:
            AssertionError: the answer is not correct (with the feedback message).
        """
        feedback = self.lesson.check(exercise_id, answer)
        if not feedback.passed:
            raise AssertionError(str(feedback))

    def to_json(self) -> dict[str, Any]:
        """The record as saved: format, lesson, student, exercises."""
        return {"format": RECORD_FORMAT, "lesson": self.lesson.id, "student": self.student, "exercises": self.record}

    def save(self) -> None:
        """Write the record next to the notebook (a failure to write is ignored: feedback first)."""
        if self.path is None:
            return
        with contextlib.suppress(OSError):
            self.path.write_text(json.dumps(self.to_json(), indent=1, sort_keys=True) + "\n", encoding="utf-8")

    def summary(self) -> list[tuple[str, bool, int, int]]:
        """Per exercise of the lesson: ``(id, passed, attempts, points earned)``."""
        rows = []
        order = sorted(self.lesson.exercises, key=lambda q: (len(q), q))  # q1, q2, …, q10
        for q, exercise in ((q, self.lesson.exercises[q]) for q in order):
            entry = self.record.get(q, {})
            passed = bool(entry.get("passed"))
            rows.append((q, passed, int(entry.get("attempts", 0)), exercise.points if passed else 0))
        return rows

    def check_all(self) -> str:
        """Print (and return) the summary: each exercise, its attempts, and the points."""
        rows = self.summary()
        lines = [_("Lesson {lesson}", lesson=self.lesson.id) + (f" — {self.student}" if self.student else "")]
        for q, passed, attempts, _points in rows:
            state = _("✔ done") if passed else (_("✘ not yet") if attempts else _("· not tried"))
            tries = ngettext("{n} try", "{n} tries", attempts)
            lines.append(f"  {q}: {state} ({tries})")
        earned = sum(r[3] for r in rows)
        total = sum(e.points for e in self.lesson.exercises.values())
        lines.append(_("Points: {earned} / {total}", earned=earned, total=total))
        text = "\n".join(lines)
        print(text)
        return text


def checker(lesson_id: str, *, student: str = "", record: bool | str | os.PathLike[str] | None = None) -> Checker:
    """The ``check(exercise_id, answer)`` function of a lesson notebook.

    Args:
        lesson_id: the lesson (``"probability.dice"``).
        student: the name the student types (kept in the record only).
        record: where to save the record: a path, ``True`` (``checks_<lesson>.json`` in the
            working folder, i.e. next to the notebook), ``False`` (nowhere), or ``None``
            (next to the notebook when running in a Jupyter kernel, else nowhere).

    Raises:
        ValueError: no lesson has this id.
    """
    the_lesson = _load(lesson_id)
    if record is None:
        record = _in_kernel()
    path = record_path(lesson_id) if record is True else None if record is False else Path(record)
    return Checker(the_lesson, student=student, path=path)


# -- helpers for typical answers ---------------------------------------------------------
def as_number(answer: Any) -> float:
    """A numeric answer as a float (accepts int, float, Fraction, numpy scalars, '3/8', '0,47', '50%')."""
    if isinstance(answer, str):
        text = answer.strip()
        percent = text.endswith("%")
        text = text.removesuffix("%").strip()
        if text.count(",") == 1 and "." not in text:  # a decimal comma ("0,47", lv and ru)
            text = text.replace(",", ".")
        value = float(parse_fraction(text, "answer"))  # bounded: no text makes it compute for long
        return value / 100 if percent else value
    if isinstance(answer, bool):
        raise TypeError(N_("a number was expected, not True/False"))
    return float(answer)


def given_decimals(answer: Any) -> int | None:
    """The decimal places a numeric answer was written with; ``None`` for an exact form.

    ``0.88`` has 2, ``"0,880"`` 3, ``"50%"`` 2 (it is 0.50), an int 0; a ``Fraction`` or
    ``"3/8"`` is exact (``None``). A float computed by the student (``7 / 11``) has its
    full repr, 16 or so places: it is judged as an unrounded value.

    >>> given_decimals(0.88), given_decimals("0,880"), given_decimals("50%"), given_decimals(3)
    (2, 3, 2, 0)
    >>> given_decimals(Fraction(1, 3)) is None, given_decimals("1/3") is None
    (True, True)
    """
    if isinstance(answer, Fraction | bool):
        return None
    if isinstance(answer, str):
        text = answer.strip()
        extra = 2 if text.endswith("%") else 0
        text = text.removesuffix("%").strip().replace(",", ".")
        if "/" in text:
            return None
    else:
        try:
            number_ = float(answer)
        except (TypeError, ValueError):
            return None
        if not math.isfinite(number_):
            return None
        if float(number_).is_integer() and not isinstance(answer, float) and "float" not in type(answer).__name__:
            return 0  # an int (or a numpy integer)
        text, extra = repr(number_), 0
    try:
        exponent = Decimal(text).as_tuple().exponent
    except ArithmeticError:
        return None
    return (max(0, -exponent) if isinstance(exponent, int) else 0) + extra


#: a rounding coarser than this share of the value says too little (``1`` for 0.878)
COARSEST_SHARE = 0.05


def matches_at_given_digits(target: float, answer: Any, *, asked: int | None, rel: float = 1e-3) -> bool:
    """Whether ``answer`` is ``target`` at the digits the student gave.

    An answer written with ``d`` decimal places matches when it lies within half a unit of
    its last place (``0.88`` for 0.878), or within ``rel`` (an unrounded computation).
    With fewer places than the question ``asked`` for, the rounding must still say
    something: half a unit of the last place at most :data:`COARSEST_SHARE` of the value.
    Whether such an answer is *accepted* also depends on the known mistakes (see
    :func:`numeric_exercise`: a rounding shared with a mistake is "give more digits").
    """
    try:
        x = as_number(answer)
    except (TypeError, ValueError, ZeroDivisionError):
        return False
    if math.isclose(x, target, rel_tol=rel, abs_tol=1e-9):
        return True
    d = given_decimals(answer)
    if d is None:
        return False
    half = 0.5 * 10.0**-d
    if asked is not None and d < asked and half > COARSEST_SHARE * abs(target):
        return False
    return abs(x - target) <= half + 1e-12


def is_decimal_comma_tuple(answer: Any) -> bool:
    """Whether ``answer`` is what Python makes of ``0,47``: a pair of whole numbers."""
    return (
        isinstance(answer, tuple)
        and len(answer) == 2
        and all(isinstance(x, int) and not isinstance(x, bool) for x in answer)
        and answer[1] >= 0
    )


DECIMAL_COMMA_TEXT = N_(
    "Python read your comma as two numbers: 0,47 is the pair (0, 47). In Python a decimal is written "
    "with a point: 0.47."
)


def close_to(
    expected: float | Fraction, rel: float = 1e-3, abs_tol: float = 1e-6, digits: int | None = None
) -> Callable[[Any], bool]:
    """A judge: true for numbers within ``rel`` (relative) or ``abs_tol`` of ``expected``.

    With ``digits`` (the decimal places the question asks for), an answer is judged at
    the digits the student gave (:func:`matches_at_given_digits`): ``0.88`` matches 0.878.
    """
    target = float(expected)
    if digits is not None:
        return lambda answer: matches_at_given_digits(target, answer, asked=digits, rel=rel)

    def judge(answer: Any) -> bool:
        try:
            return math.isclose(as_number(answer), target, rel_tol=rel, abs_tol=abs_tol)
        except (TypeError, ValueError, ZeroDivisionError):
            return False

    return judge


def unambiguous(
    expected: Callable[[], float | Fraction],
    wrong: Sequence[Callable[[], float | Fraction]],
    *,
    digits: int,
    rel: float = 1e-3,
) -> tuple[
    Callable[[Any], bool], Callable[[Callable[[], float | Fraction]], Callable[[Any], bool]], Callable[[Any], bool]
]:
    """The judges of a numeric exercise whose values are computed on demand.

    Returns ``(is_correct, is_mistake, ambiguous)``: ``is_correct`` accepts the right value
    at the digits the student gave unless a known wrong value rounds the same way;
    ``is_mistake(value)`` names a wrong value only when the right one does not match too;
    ``ambiguous`` is true for an answer that fits both (said: "give more digits").
    """

    def at(value: Callable[[], float | Fraction]) -> Callable[[Any], bool]:
        return lambda a: matches_at_given_digits(float(value()), a, asked=digits, rel=rel)

    def exactly(value: Callable[[], float | Fraction]) -> Callable[[Any], bool]:
        def judge(a: Any) -> bool:
            try:
                return math.isclose(as_number(a), float(value()), rel_tol=1e-9, abs_tol=1e-12)
            except (TypeError, ValueError, ZeroDivisionError):
                return False

        return judge

    right, right_exactly = at(expected), exactly(expected)
    mistakes = [(at(w), exactly(w)) for w in wrong]

    def ambiguous(a: Any) -> bool:
        if right_exactly(a) or any(e(a) for _m, e in mistakes):  # the very value: no doubt
            return False
        return right(a) and any(m(a) for m, _e in mistakes)

    def is_correct(a: Any) -> bool:
        return right_exactly(a) or (right(a) and not ambiguous(a) and not any(e(a) for _m, e in mistakes))

    def is_mistake(value: Callable[[], float | Fraction]) -> Callable[[Any], bool]:
        judge, very = at(value), exactly(value)
        return lambda a: not right_exactly(a) and (very(a) or (judge(a) and not right(a)))

    return is_correct, is_mistake, ambiguous


def near_miss(expected: float | Fraction, digits: int) -> Callable[[Any], bool]:
    """A judge: true for answers rounded to too few digits (``2.2`` when ``2.17`` is asked)."""
    target = float(expected)
    window = max(0.5 * 10.0 ** (1 - digits), 0.02 * abs(target)) + 1e-12
    return lambda a: is_number(a) and abs(as_number(a) - target) <= window


def numeric_exercise(
    exercise_id: str,
    expected: float | Fraction,
    wrong: Sequence[tuple[float | Fraction, str]] = (),
    *,
    hint: str | Sequence[str] = DEFAULT_HINT,
    rel: float = 1e-3,
    digits: int | None = 2,
) -> Exercise:
    """An exercise whose answer is a number, with known wrong numbers and their messages.

    Args:
        exercise_id: the id (``"q2"``).
        expected: the right value.
        wrong: typical wrong values, each with the message that names the misconception
            (recognised at the digits the student gives, like the right value; an answer
            that fits both the right value and a mistake is told "give more digits").
        hint: said for other wrong answers (graduated when several).
        rel: relative tolerance for unrounded answers.
        digits: decimal places the question asks for; ``None`` for whole-number
            answers, which must be exact.

    Raises:
        ValueError: a typical wrong value lies within rounding of the right one.
    """
    for value, _message in wrong:  # a rounded answer must never be both right and a known mistake
        if digits is not None and _rounding_collides(float(value), float(expected), digits):
            raise ValueError(
                f"{exercise_id}: the wrong value {value} is within rounding of the answer: ask for more digits"
            )
    not_a_number = Misconception(  # first: the mistakes' ids ("m2", …) stay as they were
        lambda a: not is_number(a) and not is_decimal_comma_tuple(a),
        N_("Your answer should be a number (an int, a float or a Fraction)."),
        NOT_A_NUMBER,
    )
    comma = Misconception(is_decimal_comma_tuple, DECIMAL_COMMA_TEXT, DECIMAL_COMMA)
    if digits is None or float(expected) == round(float(expected)):

        def exact(value: float | Fraction) -> Callable[[Any], bool]:
            if digits is None:
                return lambda a: is_number(a) and as_number(a) == float(value)
            return close_to(value, rel, digits=digits)

        misconceptions = [Misconception(exact(value), message, example=value) for value, message in wrong]
        return Exercise(
            exercise_id, exact(expected), [not_a_number, *misconceptions, comma], hint, reference=lambda: expected
        )

    def constant(value: float | Fraction) -> Callable[[], float | Fraction]:
        return lambda: value

    is_correct, is_mistake, ambiguous = unambiguous(
        constant(expected), [constant(value) for value, _m in wrong], digits=digits, rel=rel
    )
    misconceptions = [Misconception(is_mistake(constant(value)), message, example=value) for value, message in wrong]
    ex = Exercise(exercise_id, is_correct, [not_a_number, *misconceptions, comma], hint, reference=lambda: expected)
    coarse = near_miss(expected, digits)
    ex.near = lambda a: ambiguous(a) or coarse(a)
    ex.digits = digits
    return ex


def lazy_numeric_exercise(
    exercise_id: str,
    expected: Callable[[], float | Fraction],
    wrong: Sequence[tuple[Callable[[], float | Fraction], str, str]] = (),
    *,
    hint: str | Sequence[str] = DEFAULT_HINT,
    digits: int = 2,
    rel: float = 1e-3,
    also_right: Sequence[Callable[[], float | Fraction]] = (),
) -> Exercise:
    """A numeric exercise whose values are computed on first use (a simulation), judged like
    :func:`numeric_exercise` at the digits the student gives.

    Args:
        exercise_id: the id.
        expected: gives the right value (called when an answer is judged; cache it).
        wrong: ``(value, message, key)`` of each typical wrong value (``key`` may be ``""``).
        hint: said for other wrong answers.
        digits: the decimal places the question asks for.
        rel: relative tolerance for unrounded answers.
        also_right: other values that count as right too (``2·s/√n`` next to ``1.96·s/√n``).
    """
    values = [w for w, _m, _k in wrong]
    judges = [unambiguous(e, values, digits=digits, rel=rel) for e in (expected, *also_right)]

    def is_correct(a: Any) -> bool:
        return any(j[0](a) for j in judges)

    def ambiguous(a: Any) -> bool:
        return any(j[2](a) for j in judges)

    def is_mistake(value: Callable[[], float | Fraction]) -> Callable[[Any], bool]:
        tests = [j[1](value) for j in judges]
        return lambda a: all(t(a) for t in tests)

    not_a_number = Misconception(
        lambda a: not is_number(a) and not is_decimal_comma_tuple(a),
        N_("Your answer should be a number (an int, a float or a Fraction)."),
        NOT_A_NUMBER,
    )
    misconceptions = [Misconception(is_mistake(w), m, k, example=w) for w, m, k in wrong]
    comma = Misconception(is_decimal_comma_tuple, DECIMAL_COMMA_TEXT, DECIMAL_COMMA)
    ex = Exercise(exercise_id, is_correct, [not_a_number, *misconceptions, comma], hint, reference=expected)
    ex.near = lambda a: ambiguous(a) or near_miss(expected(), digits)(a)
    ex.digits = digits
    ex.also_right = tuple(also_right)
    return ex


def example_value(example: Any) -> Any:
    """A misconception's example: the value itself, or computed (a lazy exercise's callable)."""
    return example() if callable(example) else example


def _rounding_collides(wrong: float, right: float, digits: int) -> bool:
    """Whether the rounded wrong value would pass, or the rounded right value be named a mistake."""
    half = 0.5 * 10.0**-digits + 1e-12
    return any(
        abs(a - b) <= half for a, b in ((wrong, right), (round(wrong, digits), right), (round(right, digits), wrong))
    )


def is_number(answer: Any) -> bool:
    """Whether ``answer`` reads as a number (see :func:`as_number`)."""
    try:
        as_number(answer)
    except (TypeError, ValueError, ZeroDivisionError):
        return False
    return True
