"""The record of the class: what ``check`` saves, ``check_all``, and the teacher's dashboard."""

from __future__ import annotations

import filecmp
import json
from fractions import Fraction
from pathlib import Path

from boardgames_widgets.lessons import checker, dashboard
from boardgames_widgets.lessons.check import record_path

SAMPLE = Path(__file__).resolve().parents[1] / "notebooks" / "lessons" / "sample_class" / "submitted"


def _student(folder: Path, name: str, answers: list[tuple[str, object]]) -> Path:
    """A student's notebook folder in nbgrader's submitted layout, with the record check() writes."""
    where = folder / name / "probability_01_dice"
    where.mkdir(parents=True)
    check = checker("probability.dice", student=name.title(), record=record_path("probability.dice", where))
    for q, answer in answers:
        check(q, answer)
    return where


def test_check_saves_what_was_tried_and_which_message_fired(tmp_path: Path) -> None:
    path = tmp_path / "checks_probability.dice.json"
    check = checker("probability.dice", student="Ada", record=path)
    assert not check("q2", 3.5).passed  # the mean of an ordinary die
    assert not check("q2", ...).passed  # not answered: no attempt
    assert check("q2", Fraction(13, 6)).passed
    saved = json.loads(path.read_text(encoding="utf-8"))
    assert saved["lesson"] == "probability.dice" and saved["student"] == "Ada"
    assert set(saved) == {"format", "lesson", "student", "exercises"}  # nothing else personal
    q2 = saved["exercises"]["q2"]
    assert q2["passed"] is True and q2["attempts"] == 2
    assert [t["message_id"] for t in q2["tried"]] == [check.lesson.check("q2", 3.5).message_id, "correct"]
    assert q2["tried"][0]["answer"] == "3.5"
    again = checker("probability.dice", record=path)  # a re-run notebook continues its record
    assert again.record["q2"]["attempts"] == 2


def test_no_record_is_written_outside_a_notebook_unless_asked(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    checker("probability.dice")("q1", Fraction(1, 2))
    assert list(tmp_path.iterdir()) == []


def test_check_all_prints_the_summary_with_points(tmp_path: Path, capsys) -> None:
    check = checker("probability.dice", student="Ben", record=False)
    check("q1", Fraction(1, 2))
    check("q2", 2.0)
    text = check.check_all()
    assert capsys.readouterr().out.strip() == text
    assert "Lesson probability.dice — Ben" in text
    assert "q1: ✔ done (1 try)" in text and "q2: ✘ not yet (1 try)" in text and "q3: · not tried (0 tries)" in text
    assert text.endswith("Points: 1 / 5")


def test_hints_are_graduated_idea_first_then_the_step() -> None:
    check = checker("probability.dice", record=False)
    first, second, third = (check("q1", Fraction(5, 7)) for _ in range(3))
    assert (first.message_id, second.message_id, third.message_id) == ("hint1", "hint2", "hint2")
    assert "equally likely" in first.message and "Count the faces" in second.message
    for hint in (first.message, second.message):
        assert "Fraction(" not in hint and "sum(" not in hint  # never the solution code


def test_dashboard_reads_a_class_and_finds_completion_mistakes_and_stuck_students(tmp_path: Path) -> None:
    submitted = tmp_path / "submitted"
    _student(submitted, "ada", [("q1", Fraction(1, 2)), ("q2", 3.5), ("q2", Fraction(13, 6))])
    _student(submitted, "ben", [("q1", Fraction(1, 6)), ("q1", Fraction(1, 3)), ("q1", 0.9), ("q2", 3.5)])
    (submitted / "ben" / "notes.json").write_text("{}", encoding="utf-8")  # not a record: skipped
    records = dashboard.load_class(submitted)
    assert [(r.student, r.lesson) for r in records] == [("ada", "probability.dice"), ("ben", "probability.dice")]
    assert dashboard.completion(records, "probability.dice") == {"q1": 0.5, "q2": 0.5, "q3": 0.0, "q4": 0.0, "q5": 0.0}
    mean_of_ordinary_die = checker("probability.dice", record=False).lesson.check("q2", 3.5).message_id
    assert dashboard.misconceptions(records, "probability.dice")["q2"] == [(mean_of_ordinary_die, 2)]
    (row,) = dashboard.stuck(records, min_attempts=3)
    assert row[:4] == ("ben", "probability.dice", "q1", 3)
    exercise = checker("probability.dice", record=False).lesson.exercises["q2"]
    assert "ordinary die" in dashboard.message_text(exercise, mean_of_ordinary_die)
    assert dashboard.message_text(exercise, "close").startswith("close")


def test_the_committed_sample_class_is_the_seeded_sample(tmp_path: Path) -> None:
    """The dashboard notebook (run under nbval) reads this folder: it is exactly what sample_class makes."""
    made = dashboard.sample_class(tmp_path / "submitted")
    ours = sorted(p.relative_to(SAMPLE) for p in SAMPLE.rglob("*.json"))
    assert ours == sorted(p.relative_to(made) for p in made.rglob("*.json")) and len(ours) == 16
    for rel in ours:
        assert filecmp.cmp(SAMPLE / rel, made / rel, shallow=False), rel
    records = dashboard.load_class(SAMPLE)
    assert dashboard.stuck(records) and all(dashboard.misconceptions(records, r.lesson) for r in records)


# -- issue 31: a try is a changed answer; a chart for a whole course ----------------------------
def test_running_the_same_answer_again_is_not_a_new_try() -> None:
    from boardgames_widgets.lessons import checker

    check = checker("probability.dice", record=False)
    for _run in range(3):  # the student re-runs the notebook without changing the answer
        check("q1", 0.9)
    assert check.record["q1"]["attempts"] == 1 and len(check.record["q1"]["tried"]) == 1
    check("q1", 0.8)
    assert check.record["q1"]["attempts"] == 2

    def p_reach(die, k):
        return 0.5

    check("q4", p_reach)
    check("q4", p_reach)
    assert check.record["q4"]["attempts"] == 1

    def p_reach(die, k):  # the student edits the body and runs the cell again
        return 0.25

    check("q4", p_reach)
    assert check.record["q4"]["attempts"] == 2


def test_the_completion_chart_is_readable_for_every_lesson_and_thirty_students(tmp_path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    from boardgames_widgets.lessons.check import LESSON_MODULES

    folder = dashboard.sample_class(tmp_path / "submitted", tuple(LESSON_MODULES))
    extra = [f"s{k:02d}" for k in range(22)]  # 8 sample students + 22 more
    for name in extra:
        for lesson_dir in (folder / "ada").iterdir():
            (folder / name / lesson_dir.name).mkdir(parents=True)
            for record in lesson_dir.glob("*.json"):
                (folder / name / lesson_dir.name / record.name).write_bytes(record.read_bytes())
    records = dashboard.load_class(folder)
    lessons = len(LESSON_MODULES)  # eleven today: the chart must stay readable as the course grows
    assert lessons >= 11
    assert len({r.student for r in records}) == 30 and len({r.lesson for r in records}) == lessons
    ax = dashboard.plot_completion(records)
    ax.figure.canvas.draw()
    labels = [t for t in ax.get_yticklabels() if t.get_text()]
    assert len(labels) == lessons
    boxes = [t.get_window_extent() for t in labels]
    assert not any(a.overlaps(b) for i, a in enumerate(boxes) for b in boxes[i + 1 :]), "lesson labels overlap"
    xboxes = [t.get_window_extent() for t in ax.get_xticklabels() if t.get_text()]
    assert not any(a.overlaps(b) for i, a in enumerate(xboxes) for b in xboxes[i + 1 :]), "exercise labels overlap"
