"""The classroom loop with the real nbgrader: release all ten lessons, run them, autograde them.

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
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("nbgrader")  # the notebook stack (nbformat, nbclient) comes with it

import nbformat
from nbclient import NotebookClient

from boardgames_widgets.lessons.course import ASSIGNMENTS, lessons_source, make_course

pytestmark = pytest.mark.nbgrader

STUDENT = "ada"


def _nbgrader(course: Path, *args: str) -> str:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(Path(__file__).resolve().parents[1]), *sys.path])}
    done = subprocess.run(
        [sys.executable, "-m", "nbgrader", *args, "--force"],
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


def submit_and_autograde(course: Path, names: list[str], source: Path) -> None:
    """Submit each released lesson with the reference answers typed in, autograde, expect full marks."""
    for name in names:
        notebook = ASSIGNMENTS[name]
        released = nbformat.read(course / "release" / name / Path(notebook).name, as_version=4)
        reference = _answer_cells(nbformat.read(source / notebook, as_version=4))
        for grade_id, cell in _answer_cells(released).items():
            cell.source = reference[grade_id].source  # the student typed the reference answer
        target = course / "submitted" / STUDENT / name
        target.mkdir(parents=True)
        nbformat.write(released, target / Path(notebook).name)
    _nbgrader(course, "autograde", "*")

    from nbgrader.api import Gradebook

    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gb:
        for name in names:
            submission = gb.find_submission(name, STUDENT)
            assert submission.max_score >= 3
            assert submission.score == submission.max_score, (name, submission.score, submission.max_score)


def test_filled_submission_autogrades_to_full_marks_and_every_check_passes(course: Path) -> None:
    submit_and_autograde(course, list(ASSIGNMENTS), lessons_source())
    for name, notebook in ASSIGNMENTS.items():
        graded = nbformat.read(course / "autograded" / STUDENT / name / Path(notebook).name, as_version=4)
        for grade_id, cell in _answer_cells(graded).items():
            assert "passed=True" in _text(cell), (name, grade_id, _text(cell))


def test_course_folder_has_the_config_that_keeps_the_release_runnable(tmp_path: Path) -> None:
    root = make_course(tmp_path, ["probability_01_dice"])
    assert (root / "source" / "probability_01_dice" / "01_dice.ipynb").exists()
    config = (root / "nbgrader_config.py").read_text(encoding="utf-8")
    assert 'code_stub = {"python": "# YOUR CODE HERE\\n..."}' in config
    with pytest.raises(KeyError):
        make_course(tmp_path, ["no_such_lesson"])
    shutil.rmtree(root / "source")
