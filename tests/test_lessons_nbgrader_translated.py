"""nbgrader with the translated lessons (issue 23): release every lesson in every generated language.

For each language whose lessons are generated (``notebooks/<lang>/lessons``), the whole
loop of the English test (``tests/test_lessons_nbgrader.py``) runs again: ``nbgrader
generate_assignment`` makes the student versions; each runs top to bottom and every check
says "not answered yet" *in that language*; then a submission with the reference answers
typed in is autograded to full marks, and in the graded notebooks every check has passed
and said so in that language. Slow (about twenty notebook runs per language, some two
minutes each): marked ``nbgrader``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("nbgrader")  # the notebook stack (nbformat, nbclient) comes with it

import nbformat
from nbclient import NotebookClient

import boardgames_widgets as bw
from boardgames_widgets.lessons.check import NOT_ANSWERED_TEXT
from boardgames_widgets.lessons.course import ASSIGNMENTS, lessons_source, make_course
from boardgames_widgets.lessons.text import tr

pytestmark = pytest.mark.nbgrader

from test_lessons_nbgrader import STUDENT, _answer_cells, _nbgrader, _text, submit_and_autograde  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
LANGS = [lang for lang in ("lv", "ru", "he") if (ROOT / "notebooks" / lang / "lessons").is_dir()]


@pytest.fixture(scope="module", params=LANGS)
def course(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> tuple[str, Path]:
    lang = request.param
    root = make_course(tmp_path_factory.mktemp(f"course_{lang}"), lang=lang)
    _nbgrader(root, "generate_assignment", "*")
    return lang, root


def test_translated_release_runs_and_says_not_answered_in_its_language(course: tuple[str, Path]) -> None:
    lang, root = course
    assert tr(NOT_ANSWERED_TEXT, lang) != str(NOT_ANSWERED_TEXT)
    for name, notebook in ASSIGNMENTS.items():
        if not (lessons_source(lang) / notebook).exists():
            continue
        folder = root / "release" / name
        nb = nbformat.read(folder / Path(notebook).name, as_version=4)
        assert f'bw.set_language("{lang}")' in nb.cells[0].source
        NotebookClient(nb, timeout=900, kernel_name="python3", resources={"metadata": {"path": str(folder)}}).execute()
        for grade_id, cell in _answer_cells(nb).items():
            out = _text(cell)
            assert "passed=False" in out and "message_id='not_answered'" in out, (lang, name, grade_id, out)
            assert "Not answered yet" not in out, (lang, name, grade_id, out)  # said in the lesson's language
        for cell in nb.cells:
            assert "ERROR" not in _text(cell), (lang, name, cell.source[:200])
    bw.set_language(None)


def test_translated_submission_autogrades_to_full_marks_and_every_check_passes(course: tuple[str, Path]) -> None:
    lang, root = course
    names = [n for n, nb in ASSIGNMENTS.items() if (lessons_source(lang) / nb).exists()]
    assert len(names) == len(ASSIGNMENTS), f"{lang}: a lesson is not generated"
    submit_and_autograde(root, names, lessons_source(lang))
    correct = tr("Correct!", lang)
    assert correct != "Correct!"
    for name in names:
        notebook = ASSIGNMENTS[name]
        graded = nbformat.read(root / "autograded" / STUDENT / name / Path(notebook).name, as_version=4)
        for grade_id, cell in _answer_cells(graded).items():
            out = _text(cell)
            assert "passed=True" in out, (lang, name, grade_id, out)
            assert "message='Correct!'" not in out, (lang, name, grade_id, out)  # said in the lesson's language
