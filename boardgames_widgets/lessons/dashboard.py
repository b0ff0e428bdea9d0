"""The teacher's view of a class: read the students' check records, plot what they show.

Every lesson notebook saves ``checks_<lesson>.json`` next to itself (see
:mod:`boardgames_widgets.lessons.check`). After ``nbgrader collect`` the files sit in
``<course>/submitted/<student>/<assignment>/``; :func:`load_class` reads such a folder
(any depth), and the functions below answer the teacher's three questions:

* :func:`completion` — which share of the students has solved each exercise?
* :func:`misconceptions` — which typical mistakes came up most, per exercise (by the
  stable message id, shown with the lesson's own text)?
* :func:`stuck` — who tried an exercise several times and has not solved it yet?

:func:`sample_class` writes a small, seeded class of records (the dashboard notebook's
sample, and the tests').
"""

from __future__ import annotations

import json
import os
import random
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from boardgames_widgets.lessons.check import (
    CLOSE,
    CORRECT,
    CRASHED,
    DECIMAL_COMMA,
    NOT_A_NUMBER,
    NOT_ANSWERED,
    RECORD_FORMAT,
    UNJUDGEABLE,
    Exercise,
    _load,
    record_path,
)
from boardgames_widgets.lessons.text import N_, _, tr

#: what the generic message ids mean, for the plots
GENERIC = {
    CLOSE: N_("close: not enough digits"),
    CRASHED: N_("the student's code raised an error"),
    UNJUDGEABLE: N_("an answer of the wrong type"),
    NOT_A_NUMBER: N_("not a number"),
    DECIMAL_COMMA: N_("a decimal comma (Python read a pair)"),
}


@dataclass(frozen=True)
class StudentRecord:
    """One student's record of one lesson.

    Attributes:
        student: the student's id (the nbgrader folder name, else the name typed in the notebook).
        lesson: the lesson id.
        exercises: ``{exercise id: {"passed", "attempts", "tried": [{"answer", "message_id"}, ...]}}``.
    """

    student: str
    lesson: str
    exercises: dict[str, Any]


def load_class(folder: str | os.PathLike[str]) -> list[StudentRecord]:
    """Every ``checks_*.json`` under ``folder``, sorted by lesson and student.

    In nbgrader's layout (``submitted/<student>/<assignment>/checks_*.json``) the student
    is the folder two levels up; a record elsewhere is named by the name typed in it.
    Files that are not records (other JSON, another format) are skipped.

    Raises:
        FileNotFoundError: ``folder`` does not exist.
    """
    root = Path(folder)
    if not root.is_dir():
        raise FileNotFoundError(f"no folder {root}")
    records = []
    for path in sorted(root.rglob("checks_*.json")):
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue
        if not isinstance(data, dict) or data.get("format") != RECORD_FORMAT:
            continue
        parts = path.relative_to(root).parts
        student = parts[-3] if len(parts) >= 3 else (data.get("student") or path.parent.name)
        records.append(StudentRecord(student, str(data["lesson"]), dict(data.get("exercises", {}))))
    return sorted(records, key=lambda r: (r.lesson, r.student))


def _of(records: list[StudentRecord], lesson_id: str) -> list[StudentRecord]:
    return [r for r in records if r.lesson == lesson_id]


def completion(records: list[StudentRecord], lesson_id: str) -> dict[str, float]:
    """Per exercise of the lesson: the share of the class's records in which it is solved."""
    mine = _of(records, lesson_id)
    return {
        q: (sum(bool(r.exercises.get(q, {}).get("passed")) for r in mine) / len(mine) if mine else 0.0)
        for q in _load(lesson_id).exercises
    }


def message_text(exercise: Exercise, message_id: str) -> str:
    """The text behind a message id of ``exercise`` (a misconception, a hint, or a generic verdict).

    In the package's language (the teacher's: ``bw.set_language``), whatever language
    the student's notebook spoke: the record holds only the id.
    """
    for i, m in enumerate(exercise.misconceptions, 1):
        if (m.key or f"m{i}") == message_id:
            return tr(m.message)
    if message_id.startswith("hint") and message_id[4:].isdigit():
        hints = exercise.hints
        return _("no known mistake; got hint: {hint}", hint=tr(hints[min(int(message_id[4:]), len(hints)) - 1]))
    return tr(GENERIC[message_id]) if message_id in GENERIC else message_id


def misconceptions(records: list[StudentRecord], lesson_id: str, top: int = 3) -> dict[str, list[tuple[str, int]]]:
    """Per exercise: its most frequent wrong-answer messages, ``(message id, students)``.

    A student counts once per message (ten tries with the same mistake are one student).
    """
    out = {}
    for q in _load(lesson_id).exercises:
        counts: Counter[str] = Counter()
        for r in _of(records, lesson_id):
            ids = {t.get("message_id", "") for t in r.exercises.get(q, {}).get("tried", [])}
            counts.update(i for i in ids if i and i != CORRECT)
        out[q] = counts.most_common(top)
    return out


def stuck(records: list[StudentRecord], min_attempts: int = 3) -> list[tuple[str, str, str, int, str]]:
    """Students who tried an exercise at least ``min_attempts`` times without solving it.

    Returns:
        ``(student, lesson, exercise, attempts, last message id)`` rows, most attempts first.
    """
    rows = []
    for r in records:
        for q, e in r.exercises.items():
            attempts = int(e.get("attempts", 0))
            if attempts >= min_attempts and not e.get("passed"):
                last = e.get("tried", [{}])[-1].get("message_id", "") if e.get("tried") else ""
                rows.append((r.student, r.lesson, q, attempts, last))
    return sorted(rows, key=lambda row: (-row[3], row[0], row[1], row[2]))


def plot_completion(records: list[StudentRecord], ax: Any = None) -> Any:
    """A grid, one row per lesson and one column per exercise: the share of students who solved it.

    Readable for a whole course (ten lessons, thirty students): every cell is labelled with
    its percentage, and the figure grows with the number of lessons.
    """
    import matplotlib.pyplot as plt
    import numpy as np

    lessons = sorted({r.lesson for r in records})
    table = [completion(records, lesson_id) for lesson_id in lessons]
    width = max((len(row) for row in table), default=1)
    grid = np.full((len(lessons), width), np.nan)
    for i, row in enumerate(table):
        for j, share in enumerate(row.values()):
            grid[i, j] = share
    if ax is None:
        _fig, ax = plt.subplots(figsize=(1.1 * width + 3, 0.45 * len(lessons) + 1.2))
    ax.imshow(np.ma.masked_invalid(grid), cmap="RdYlGn", vmin=0, vmax=1, aspect="auto")
    for i, row in enumerate(table):
        for j, share in enumerate(row.values()):
            ax.text(j, i, f"{share:.0%}", ha="center", va="center", fontsize=8)
    ax.set_xticks(range(width), [f"q{j + 1}" for j in range(width)])
    ax.set_yticks(range(len(lessons)), lessons)
    ax.set_title(_("Completion per exercise: share of students who solved it"))
    return ax


def plot_misconceptions(records: list[StudentRecord], lesson_id: str, ax: Any = None, top: int = 3) -> Any:
    """Horizontal bars: the most frequent mistakes of each exercise of one lesson (students per message)."""
    import matplotlib.pyplot as plt
    from matplotlib.ticker import MaxNLocator

    exercises = _load(lesson_id).exercises
    rows = [
        (f"{q}: {message_text(exercises[q], mid)[:70]}", n)
        for q, common in misconceptions(records, lesson_id, top).items()
        for mid, n in common
    ]
    if ax is None:
        _fig, ax = plt.subplots(figsize=(9, 0.35 * len(rows) + 1))
    ax.barh(range(len(rows)), [n for _label, n in rows], color="#d62728")
    ax.set_yticks(range(len(rows)), [label for label, _n in rows], fontsize=8)
    ax.invert_yaxis()
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))  # students are counted in whole numbers
    ax.set_xlabel(_("students"))
    ax.set_title(_("Most frequent mistakes — {lesson}", lesson=lesson_id))
    return ax


def sample_class(
    folder: str | os.PathLike[str], lessons: tuple[str, ...] = ("probability.dice", "search.minimax"), *, seed: int = 0
) -> Path:
    """Write a seeded sample class (eight students) in nbgrader's ``submitted`` layout.

    Each simulated student works through each exercise: some solve it at once, some make
    one or two of the exercise's typical mistakes first, some stay stuck.

    Returns:
        ``folder``.
    """
    rng = random.Random(seed)
    root = Path(folder)
    students = ["ada", "ben", "chloe", "dev", "emma", "farid", "gus", "hana"]
    for student in students:
        skill = rng.random()
        for lesson_id in lessons:
            exercises: dict[str, Any] = {}
            for q, exercise in _load(lesson_id).exercises.items():
                if rng.random() < 0.15 * (1 - skill):  # not tried
                    continue
                keys = [m.key or f"m{i}" for i, m in enumerate(exercise.misconceptions, 1)] + ["hint1", "hint2"]
                keys = [k for k in keys if k != NOT_ANSWERED]
                tried = [
                    {"answer": "...", "message_id": rng.choice(keys)}
                    for _try in range(rng.choice((0, 0, 1, 1, 2, 3, 4)) if rng.random() > skill / 2 else 0)
                ]
                passed = rng.random() < 0.5 + skill / 2
                if passed:
                    tried.append({"answer": "...", "message_id": CORRECT})
                if not tried:
                    continue
                exercises[q] = {"passed": passed, "attempts": len(tried), "tried": tried}
            assignment = root / student / lesson_id.replace(".", "_")
            assignment.mkdir(parents=True, exist_ok=True)
            data = {"format": RECORD_FORMAT, "lesson": lesson_id, "student": "", "exercises": exercises}
            record_path(lesson_id, assignment).write_text(
                json.dumps(data, indent=1, sort_keys=True) + "\n", encoding="utf-8"
            )
    return root
