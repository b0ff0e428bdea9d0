"""The classroom loop with the real nbgrader: release all the lessons, run them, autograde them.

In a temporary course folder (``make_course``): one ``nbgrader generate_assignment "*"`` makes
the student versions of all ten lessons. Each released notebook runs top to bottom as
released (every check says "not answered yet"; the record next to it lists no attempt);
then a student's submission with the reference answers filled into the answer cells is
autograded by ``nbgrader autograde``: every check in the autograded notebooks passes and
every lesson gets full marks. Slow (about twenty notebook runs): marked ``nbgrader``.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("nbgrader")  # the notebook stack (nbformat, nbclient) comes with it

import nbformat
from nbclient import NotebookClient

from boardgames_widgets.lessons import dashboard
from boardgames_widgets.lessons.course import ASSIGNMENTS, lessons_source, make_course
from boardgames_widgets.lessons.course_cli import nbgrader_env

STUDENT = "ada"
#: what nbgrader leaves of a solution region (the course's code_stub), with its indentation
STUB = re.compile(r"^[ \t]*# YOUR CODE HERE\n[ \t]*\.\.\.\n", re.M)


def _lesson_id(notebook: Path) -> str:
    """The lesson id a notebook's checker uses (``checker("probability.dice", ...)``)."""
    code = "\n".join(c.source for c in nbformat.read(notebook, as_version=4).cells if c.cell_type == "code")
    found = re.search(r'checker\("([\w.]+)"', code)
    assert found is not None, notebook
    return found.group(1)


def _nbgrader(course: Path, *args: str, force: bool = True) -> str:
    # nbgrader runs `alembic` from PATH: this Python's bin first, activated environment or not (issue 31)
    env = {**nbgrader_env(), "PYTHONPATH": os.pathsep.join([str(Path(__file__).resolve().parents[1]), *sys.path])}
    done = subprocess.run(
        [sys.executable, "-m", "nbgrader", *args, *(["--force"] if force else [])],
        cwd=course,
        env=env,
        capture_output=True,
        text=True,
        timeout=1800,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout + done.stderr


def _answer_cells(nb: nbformat.NotebookNode) -> dict[str, nbformat.NotebookNode]:
    return {
        c.metadata.nbgrader["grade_id"]: c
        for c in nb.cells
        if c.cell_type == "code" and c.metadata.get("nbgrader", {}).get("solution")
    }


def _text(cell: nbformat.NotebookNode) -> str:
    parts = []
    for o in cell.get("outputs", []):
        parts.append(o.get("text", ""))
        parts.append(o.get("data", {}).get("text/plain", ""))
        if o.get("output_type") == "error":
            parts.append(f"ERROR {o.get('ename')}: {o.get('evalue')}")
    return "\n".join(parts)


@pytest.fixture(scope="module")
def course(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = make_course(tmp_path_factory.mktemp("course"))
    for name in ASSIGNMENTS:  # as if the teacher had tried the lesson in source/: not handed out
        (root / "source" / name / "checks_teacher.json").write_text("{}", encoding="utf-8")
    _nbgrader(root, "generate_assignment", "*")
    return root


def test_release_has_no_solution_and_keeps_the_answer_cells(course: Path) -> None:
    for name, notebook in ASSIGNMENTS.items():
        released = nbformat.read(course / "release" / name / Path(notebook).name, as_version=4)
        source = nbformat.read(lessons_source() / notebook, as_version=4)
        answers = _answer_cells(released)
        assert set(answers) == set(_answer_cells(source)) and len(answers) >= 3, name
        for grade_id, cell in answers.items():
            assert "BEGIN SOLUTION" not in cell.source and "raise NotImplementedError" not in cell.source
            assert 'check("' in cell.source, (name, grade_id)  # the check stays in the student's cell
            if cell.source.startswith("def "):  # the student's function is the one that is checked
                header = cell.source.split("\n")[0]
                assert sum(header in c.source for c in released.cells if c.cell_type == "code") == 1
        assert "HIDDEN TESTS" not in "".join(c.source for c in released.cells)
        assert not list((course / "release" / name).glob("checks_*.json"))


@pytest.mark.parametrize("name", list(ASSIGNMENTS))
def test_released_lesson_runs_to_the_end_and_says_not_answered(course: Path, name: str) -> None:
    folder = course / "release" / name
    path = folder / Path(ASSIGNMENTS[name]).name
    nb = nbformat.read(path, as_version=4)
    NotebookClient(nb, timeout=900, kernel_name="python3", resources={"metadata": {"path": str(folder)}}).execute()
    for grade_id, cell in _answer_cells(nb).items():
        out = _text(cell)
        assert "Not answered yet" in out and "passed=False" in out, (name, grade_id, out)
    for cell in nb.cells:
        assert "ERROR" not in _text(cell), (name, cell.source[:200])
    (record,) = folder.glob("checks_*.json")
    saved = json.loads(record.read_text(encoding="utf-8"))
    assert saved["exercises"] == {} and saved["student"] == ""  # "not answered" is not an attempt


#: an answer cell's suggestion: ``answer_q1 = ...  # a probability, e.g. Fraction(1, 4)``
SUGGESTED = re.compile(r"^(answer_\w+) = \.\.\.(\s*#.*?e\.g\.\s+(.+))$", re.M)


@pytest.mark.parametrize("name", list(ASSIGNMENTS))
def test_released_lesson_runs_with_the_suggested_forms_typed_in(course: Path, name: str) -> None:
    """Issue 31: the student version defines every name its answer cells suggest (no NameError)."""
    folder = course / "release" / name
    nb = nbformat.read(folder / Path(ASSIGNMENTS[name]).name, as_version=4)
    typed = 0
    for cell in _answer_cells(nb).values():
        cell.source, n = SUGGESTED.subn(lambda m: f"{m.group(1)} = {m.group(3)}", cell.source)
        typed += n
    NotebookClient(nb, timeout=900, kernel_name="python3", resources={"metadata": {"path": str(folder)}}).execute()
    for cell in nb.cells:
        out = _text(cell)
        assert "NameError" not in out and "ERROR" not in out, (name, cell.source[:200], out)
    for grade_id, cell in _answer_cells(nb).items():
        assert "raised NameError" not in _text(cell), (name, grade_id)
    for record in folder.glob("checks_*.json"):
        record.unlink()  # the run's record is not part of the release


def _type_answers(released: nbformat.NotebookNode, reference: nbformat.NotebookNode) -> None:
    """The student types the reference answer where the stub is (only the solution region's body)."""
    solutions = {
        grade_id: re.search(r"### BEGIN SOLUTION\n(.*?)[ \t]*### END SOLUTION\n", cell.source, re.S)
        for grade_id, cell in _answer_cells(reference).items()
    }
    for grade_id, cell in _answer_cells(released).items():
        solution, stub = solutions[grade_id], STUB.search(cell.source)
        assert solution is not None and stub is not None, (grade_id, cell.source)
        cell.source = cell.source[: stub.start()] + solution.group(1) + cell.source[stub.end() :]


def submit_and_autograde(course: Path, names: list[str], source: Path) -> None:
    """The classroom loop with nbgrader's own exchange, then autograde: full marks, records collected.

    The teacher releases each lesson (``nbgrader release_assignment``); the student fetches it,
    types the reference answers into the answer cells, runs the notebook (which writes the
    record of the checks next to it) and submits (``nbgrader submit``); the teacher collects
    (``nbgrader collect``) and autogrades (``nbgrader autograde``).
    """
    exchange, home = course / "exchange", course.parent / f"home_{course.name}"
    settings = f'c.CourseDirectory.course_id = "lessons"\nc.Exchange.root = {str(exchange)!r}\n'
    config = course / "nbgrader_config.py"
    if "Exchange.root" not in config.read_text(encoding="utf-8"):
        config.write_text(config.read_text(encoding="utf-8") + settings, encoding="utf-8")
    home.mkdir(exist_ok=True)
    (home / "nbgrader_config.py").write_text(
        f"c = get_config()  # noqa: F821\n{settings}c.CourseDirectory.student_id = {STUDENT!r}\n", encoding="utf-8"
    )
    for name in names:
        notebook = Path(ASSIGNMENTS[name]).name
        (course / "release" / name / "checks_teacher.json").write_text("{}", encoding="utf-8")  # a teacher's run
        _nbgrader(course, "release_assignment", name)
        _nbgrader(home, "fetch_assignment", name, force=False)
        folder = home / name
        assert not list(folder.glob("checks_*.json")), "a teacher's record is not handed out"
        nb = nbformat.read(folder / notebook, as_version=4)
        _type_answers(nb, nbformat.read(source / ASSIGNMENTS[name], as_version=4))
        NotebookClient(nb, timeout=900, kernel_name="python3", resources={"metadata": {"path": str(folder)}}).execute()
        nbformat.write(nb, folder / notebook)
        for grade_id, cell in _answer_cells(nb).items():
            assert "passed=True" in _text(cell), (name, grade_id, _text(cell))
        _nbgrader(home, "submit", name, force=False)
        _nbgrader(course, "collect", name, force=False)
    _nbgrader(course, "autograde", "*")

    from nbgrader.api import Gradebook

    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gb:
        for name in names:
            submission = gb.find_submission(name, STUDENT)
            assert submission.max_score >= 3
            assert submission.score == submission.max_score, (name, submission.score, submission.max_score)
    records = dashboard.load_class(course / "submitted")  # the teacher's dashboard reads what collect left
    assert sorted(r.lesson for r in records) == sorted(_lesson_id(source / ASSIGNMENTS[n]) for n in names)
    for record in records:
        assert record.student == STUDENT
        assert set(dashboard.completion(records, record.lesson).values()) == {1.0}, record


#: The eleven lessons in two courses (six and five), so that two test workers share the autograding
#: (every other lesson: the heavy strategy and search lessons fall into both halves).
AUTOGRADE_HALVES = {"odd": list(ASSIGNMENTS)[0::2], "even": list(ASSIGNMENTS)[1::2]}


@pytest.mark.parametrize("half", list(AUTOGRADE_HALVES))
def test_filled_submission_is_collected_and_autogrades_to_full_marks_and_every_check_passes(
    tmp_path: Path, half: str
) -> None:
    names = AUTOGRADE_HALVES[half]
    course = make_course(tmp_path / "course", names)
    _nbgrader(course, "generate_assignment", "*")
    submit_and_autograde(course, names, lessons_source())
    for name in names:
        notebook = ASSIGNMENTS[name]
        graded = nbformat.read(course / "autograded" / STUDENT / name / Path(notebook).name, as_version=4)
        for grade_id, cell in _answer_cells(graded).items():
            assert "passed=True" in _text(cell), (name, grade_id, _text(cell))


def test_the_halves_autograde_every_lesson_once() -> None:
    halves = list(AUTOGRADE_HALVES.values())
    assert sorted(halves[0] + halves[1]) == sorted(ASSIGNMENTS) and not set(halves[0]) & set(halves[1])


def test_course_folder_has_the_config_that_keeps_the_release_runnable(tmp_path: Path) -> None:
    root = make_course(tmp_path, ["probability_01_dice"])
    assert (root / "source" / "probability_01_dice" / "01_dice.ipynb").exists()
    config = (root / "nbgrader_config.py").read_text(encoding="utf-8")
    assert 'code_stub = {"python": "# YOUR CODE HERE\\n..."}' in config
    with pytest.raises(KeyError):
        make_course(tmp_path, ["no_such_lesson"])
    shutil.rmtree(root / "source")
