"""``boardgames-widgets course``: a course from the teacher's own copy, set up and explained (issue 31).

Fast tests of the layout, the settings and the command line. The whole loop through nbgrader's
real exchange with three students is ``test_course_end_to_end_through_the_exchange_with_three_students``
(marked ``nbgrader``: it runs nbgrader and the lessons).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import boardgames_widgets as bw
from boardgames_widgets import cli
from boardgames_widgets.lessons import copying
from boardgames_widgets.lessons.course import ASSIGNMENTS, lessons_source
from boardgames_widgets.lessons.course_cli import DEFAULT_TIMEOUT, Course, lesson_folder, nbgrader_env, teacher_note_ids

SAMPLE = Path(__file__).resolve().parents[1] / "notebooks" / "lessons" / "sample_class" / "submitted"


def test_init_takes_the_teachers_own_edited_copy_and_explains_every_setting(tmp_path: Path) -> None:
    bw.copy_lessons(tmp_path / "mine")
    dice = tmp_path / "mine" / "lessons" / ASSIGNMENTS["probability_01_dice"]
    edited = dice.read_text(encoding="utf-8").replace("Dice", "Dice (our class)", 1)
    dice.write_text(edited, encoding="utf-8")
    course = Course.init(
        tmp_path / "course", lessons_from=tmp_path / "mine", course_id="class7b", exchange=tmp_path / "ex", timeout=120
    )
    assert course.lessons() == list(ASSIGNMENTS)
    copied = course.root / "source" / "probability_01_dice" / dice.name
    assert "Dice (our class)" in copied.read_text(encoding="utf-8")  # the teacher's edit is what students get
    config = (course.root / "nbgrader_config.py").read_text(encoding="utf-8")
    assert "c.CourseDirectory.course_id = 'class7b'" in config
    assert f"c.Exchange.root = {str((tmp_path / 'ex').resolve())!r}" in config
    assert "c.ExecutePreprocessor.timeout = 120" in config and "30 s" in config and "JupyterHub" in config
    assert 'code_stub = {"python": "# YOUR CODE HERE\\n..."}' in config
    compile(config, "nbgrader_config.py", "exec")  # a valid config file


def test_init_some_lessons_and_the_default_exchange_and_timeout(tmp_path: Path) -> None:
    course = Course.init(tmp_path, lessons=["search_03_expectimax", "probability_01_dice"])
    assert course.lessons() == ["probability_01_dice", "search_03_expectimax"]  # course order
    config = (tmp_path / "nbgrader_config.py").read_text(encoding="utf-8")
    assert f"timeout = {DEFAULT_TIMEOUT}" in config and (tmp_path / "exchange").is_dir()
    with pytest.raises(KeyError, match="not lessons of this course"):
        course.release(["strategy_02_mcts"])
    with pytest.raises(KeyError):
        Course.init(tmp_path / "other", lessons=["no_such_lesson"])
    with pytest.raises(ValueError, match="timeout"):
        Course.init(tmp_path / "other", timeout=0)


def test_the_lessons_are_found_through_the_package_not_a_checkout(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """After pip install the notebooks live in the package: no parents[2]/notebooks lookup."""
    shipped = tmp_path / "site-packages" / "boardgames_widgets" / "notebooks"
    shutil.copytree(lessons_source(), shipped / "lessons", ignore=shutil.ignore_patterns("sample_class"))
    monkeypatch.setattr(copying, "notebooks_dir", lambda: shipped)
    assert lessons_source() == shipped / "lessons"
    assert lesson_folder() == shipped / "lessons"
    course = Course.init(tmp_path / "course", lessons=["probability_01_dice"])
    assert (course.root / "source" / "probability_01_dice" / "01_dice.ipynb").is_file()
    with pytest.raises(FileNotFoundError, match="no lesson notebooks"):
        lesson_folder(tmp_path / "empty")


def test_nbgrader_runs_with_this_pythons_bin_first_on_path(monkeypatch: pytest.MonkeyPatch) -> None:
    """nbgrader runs `alembic` from PATH: an unactivated environment must still find it."""
    monkeypatch.setenv("PATH", "/usr/bin")
    env = nbgrader_env()
    assert env["PATH"].split(os.pathsep)[0] == str(Path(sys.executable).parent)


def test_the_course_command_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["course", "init", str(tmp_path / "c"), "--lessons", "probability_01_dice", "--timeout", "90"]) == 0
    assert "1 lesson;" in capsys.readouterr().out
    assert "timeout = 90" in (tmp_path / "c" / "nbgrader_config.py").read_text(encoding="utf-8")
    assert cli.main(["course", "release", str(tmp_path / "nowhere")]) == 2
    assert "course init" in capsys.readouterr().err
    assert cli.main(["course", "collect", str(tmp_path / "c"), "search_01_paths"]) == 1
    assert "not lessons of this course" in capsys.readouterr().err


def test_report_writes_the_dashboard_of_the_collected_records(tmp_path: Path) -> None:
    course = Course.init(tmp_path, lessons=["probability_01_dice", "search_02_minimax"])
    empty = course.report()
    assert "No records yet" in empty.read_text(encoding="utf-8")
    shutil.copytree(SAMPLE, tmp_path / "submitted")
    page = course.report().read_text(encoding="utf-8")
    assert "<h2>probability.dice</h2>" in page and "<h2>search.minimax</h2>" in page
    assert "data:image/png;base64," in page and "<h2>Stuck</h2>" in page
    assert cli.main(["course", "report", str(tmp_path)]) == 0


# -- the whole loop: nbgrader tier ---------------------------------------------------------------
STUDENTS = ("ada", "ben", "cy")


def _nbgrader(cwd: Path, *args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
    done = subprocess.run(
        [sys.executable, "-m", "nbgrader", *args],
        cwd=cwd,
        env=nbgrader_env(),
        capture_output=True,
        text=True,
        check=False,
    )
    assert not check or done.returncode == 0, done.stdout + done.stderr
    return done


def test_course_end_to_end_through_the_exchange_with_three_students(tmp_path: Path) -> None:
    """init → release (all) → three students fetch, answer and submit → collect (all) → autograde (all) → report."""
    pytest.importorskip("nbgrader")
    import nbformat
    from nbclient import NotebookClient

    lessons = ["probability_01_dice", "search_01_paths"]
    course = Course.init(tmp_path / "course", lessons=lessons, course_id="c31", exchange=tmp_path / "exchange")
    assert course.release() == lessons
    assert not list((tmp_path / "course").glob("release/*/checks_*.json"))
    for k, student in enumerate(STUDENTS):
        home = tmp_path / student
        home.mkdir()
        (home / "nbgrader_config.py").write_text(
            f"c = get_config()  # noqa: F821\nc.CourseDirectory.course_id = 'c31'\n"
            f"c.Exchange.root = {str((tmp_path / 'exchange').resolve())!r}\nc.CourseDirectory.student_id = {student!r}\n",
            encoding="utf-8",
        )
        for name in lessons:
            _nbgrader(home, "fetch_assignment", name)
            path = home / name / Path(ASSIGNMENTS[name]).name
            nb = nbformat.read(path, as_version=4)
            if k < 2:  # ada and ben answer q1 with the reference; cy leaves everything open
                reference = nbformat.read(course.root / "source" / name / path.name, as_version=4)
                ref = next(
                    c
                    for c in reference.cells
                    if c.get("metadata", {}).get("nbgrader", {}).get("grade_id") == "q1_answer"
                )
                cell = next(
                    c for c in nb.cells if c.get("metadata", {}).get("nbgrader", {}).get("grade_id") == "q1_answer"
                )
                body = ref.source.split("### BEGIN SOLUTION\n")[1].split("### END SOLUTION")[0]
                cell.source = cell.source.replace("# YOUR CODE HERE\n...\n", body)
            NotebookClient(
                nb, timeout=600, kernel_name="python3", resources={"metadata": {"path": str(path.parent)}}
            ).execute()
            nbformat.write(nb, path)
            _nbgrader(home, "submit", name)
    assert course.collect() == lessons
    for student in STUDENTS:
        for name in lessons:
            assert (course.root / "submitted" / student / name).is_dir()
            assert list((course.root / "submitted" / student / name).glob("checks_*.json"))
    assert not (course.root / "submitted" / "*").exists()
    assert course.autograde() == lessons
    from nbgrader.api import Gradebook

    with Gradebook(f"sqlite:///{course.root / 'gradebook.db'}") as gb:
        for name in lessons:
            scores = {s: gb.find_submission(name, s).score for s in STUDENTS}
            assert scores["ada"] == scores["ben"] == 1 and scores["cy"] == 0, (name, scores)
    page = course.report().read_text(encoding="utf-8")
    assert "probability.dice" in page and "search.paths" in page
    records = json.loads(next((course.root / "submitted" / "ada" / lessons[0]).glob("checks_*.json")).read_text())
    assert records["exercises"]["q1"]["passed"] is True


def test_the_teachers_notes_go_to_teacher_notes_not_to_the_students(tmp_path: Path) -> None:
    course = Course.init(tmp_path, lang="lv", lessons=["probability_01_dice", "strategy_04_tournament"])
    for name in course.lessons():
        text = next((course.root / "source" / name).glob("*.ipynb")).read_text(encoding="utf-8")
        cells = json.loads(text)["cells"]
        assert not {c.get("id") for c in cells} & teacher_note_ids()
        assert "BEGIN SOLUTION" in text  # the rest of the teacher's version is there
    notes = (course.root / "teacher_notes.md").read_text(encoding="utf-8")
    assert notes.count("# probability_01_dice") == 1 and "strategy_04_tournament" in notes
    assert len(notes) > 500
