"""nbgrader with the translated lessons (issue 23; tiered in issue 27).

The generated lessons (``notebooks/<lang>/lessons``) share every code cell with the English
ones (``tools/lesson_i18n.py`` guarantees it, ``tests/test_lesson_translations.py`` checks
it), and the English loop (``tests/test_lessons_nbgrader.py``) runs and autogrades all ten.
So for each language this runs what differs, not the same cells again:

* ``nbgrader generate_assignment`` releases all ten lessons in the language, and every
  released notebook keeps the English release's code cells (solutions stubbed the same way;
  only the comments' words are translated),
  with the language set in its first cell;
* one lesson per language (:data:`LESSON_PER_LANGUAGE`, a different topic in each) runs as
  released and every check says "not answered yet" *in that language*; then a submission with
  the reference answers goes through nbgrader's real exchange and is autograded to full
  marks, every check saying so in that language.
"""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("nbgrader")  # the notebook stack (nbformat, nbclient) comes with it

import nbformat
from nbclient import NotebookClient
from test_lessons_nbgrader import STUDENT, _answer_cells, _nbgrader, _text, submit_and_autograde

import boardgames_widgets as bw
from boardgames_widgets.lessons.check import NOT_ANSWERED_TEXT
from boardgames_widgets.lessons.course import ASSIGNMENTS, lessons_source, make_course
from boardgames_widgets.lessons.text import tr

ROOT = Path(__file__).resolve().parents[1]
LANGS = [lang for lang in ("lv", "ru", "he") if (ROOT / "notebooks" / lang / "lessons").is_dir()]
#: The lesson each language runs through the whole loop: a different topic in each.
LESSON_PER_LANGUAGE = {"lv": "probability_01_dice", "ru": "search_02_minimax", "he": "strategy_02_mcts"}


def _code_cells(nb: nbformat.NotebookNode) -> list[str]:
    """The code cells without their comments' words (a translated lesson has its comments translated)."""
    import sys

    sys.path.insert(0, str(ROOT / "tools"))
    try:
        from lesson_i18n import strip_comments
    finally:
        sys.path.remove(str(ROOT / "tools"))
    return [strip_comments(c.source) for c in nb.cells if c.cell_type == "code"]


@pytest.fixture(scope="module")
def english_release(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = make_course(tmp_path_factory.mktemp("course_en"))
    _nbgrader(root, "generate_assignment", "*")
    return root


@pytest.fixture(scope="module", params=LANGS)
def course(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> tuple[str, Path]:
    lang = request.param
    root = make_course(tmp_path_factory.mktemp(f"course_{lang}"), lang=lang)
    _nbgrader(root, "generate_assignment", "*")
    return lang, root


def test_every_translated_release_keeps_the_english_code_cells(course: tuple[str, Path], english_release: Path) -> None:
    lang, root = course
    names = [n for n, nb in ASSIGNMENTS.items() if (lessons_source(lang) / nb).exists()]
    assert len(names) == len(ASSIGNMENTS), f"{lang}: a lesson is not generated"
    for name in names:
        notebook = Path(ASSIGNMENTS[name]).name
        translated = nbformat.read(root / "release" / name / notebook, as_version=4)
        english = nbformat.read(english_release / "release" / name / notebook, as_version=4)
        assert f'bw.set_language("{lang}")' in translated.cells[0].source, (lang, name)
        assert _code_cells(translated)[1:] == _code_cells(english), (lang, name)  # first: the language cell
        assert "### BEGIN SOLUTION" not in "".join(_code_cells(translated)), (lang, name)


def test_translated_release_runs_and_says_not_answered_in_its_language(course: tuple[str, Path]) -> None:
    lang, root = course
    assert tr(NOT_ANSWERED_TEXT, lang) != str(NOT_ANSWERED_TEXT)
    name = LESSON_PER_LANGUAGE[lang]
    folder = root / "release" / name
    nb = nbformat.read(folder / Path(ASSIGNMENTS[name]).name, as_version=4)
    NotebookClient(nb, timeout=900, kernel_name="python3", resources={"metadata": {"path": str(folder)}}).execute()
    answers = _answer_cells(nb)
    assert answers, (lang, name)
    for grade_id, cell in answers.items():
        out = _text(cell)
        assert "passed=False" in out and "message_id='not_answered'" in out, (lang, name, grade_id, out)
        assert "Not answered yet" not in out, (lang, name, grade_id, out)  # said in the lesson's language
    for cell in nb.cells:
        assert "ERROR" not in _text(cell), (lang, name, cell.source[:200])
    bw.set_language(None)


def test_translated_submission_autogrades_to_full_marks_and_every_check_passes(course: tuple[str, Path]) -> None:
    lang, root = course
    name = LESSON_PER_LANGUAGE[lang]
    submit_and_autograde(root, [name], lessons_source(lang))
    correct = tr("Correct!", lang)
    assert correct != "Correct!"
    graded = nbformat.read(root / "autograded" / STUDENT / name / Path(ASSIGNMENTS[name]).name, as_version=4)
    answers = _answer_cells(graded)
    assert answers, (lang, name)
    for grade_id, cell in answers.items():
        out = _text(cell)
        assert "passed=True" in out, (lang, name, grade_id, out)
        assert "message='Correct!'" not in out, (lang, name, grade_id, out)  # said in the lesson's language


def test_each_language_runs_a_lesson_of_a_different_topic() -> None:
    assert set(LESSON_PER_LANGUAGE) >= set(LANGS)
    topics = {LESSON_PER_LANGUAGE[lang].split("_")[0] for lang in LANGS}
    assert len(topics) == len(LANGS)
    assert set(LESSON_PER_LANGUAGE.values()) <= set(ASSIGNMENTS)
