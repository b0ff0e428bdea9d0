"""The lessons in Latvian, Russian and Hebrew (issue 23): catalogs, generated notebooks, feedback.

* The ``lessons`` catalogs are complete for every generated language (no missing,
  untranslated or stale message; the ``.mo`` compiled from the ``.po``), and every
  generated notebook is what ``tools/lesson_i18n.py generate`` makes from the English
  source now (not stale).
* Structure of every generated notebook: the first cell sets the language, the code cells
  are the English ones with their comments translated, Markdown is translated (Hebrew wrapped right to left, code blocks
  and display formulas left to right), and the cells whose output nbval compares have a
  stored, error-free output. Every generated notebook also runs under nbval (``notebooks/``
  is a test path): measured 241 s for all 33 on this machine (about 80 s per language, as
  for the English ones), so no language is left to the structural check alone.
* A wrong answer in a Latvian, Russian and Hebrew lesson gets its feedback in that language;
  the dashboard shows a record in the teacher's language; ``"0,47"`` is a number.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

import boardgames_widgets as bw
from boardgames_widgets.lessons import checker
from boardgames_widgets.lessons.check import as_number
from boardgames_widgets.lessons.text import M_, lessons_translator, tr

ROOT = Path(__file__).resolve().parents[1]


def _tool() -> Any:
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import lesson_i18n
    finally:
        sys.path.remove(str(ROOT / "tools"))
    return lesson_i18n


@pytest.fixture(scope="module")
def tool() -> Any:
    """``tools/lesson_i18n.py`` as a module (it needs Babel)."""
    pytest.importorskip("babel")
    return _tool()


@pytest.fixture(autouse=True)
def _english_afterwards() -> Iterator[None]:
    yield
    bw.set_language(None)


def _complete() -> tuple[str, ...]:
    """The languages whose notebooks are generated (their catalogs must be complete)."""
    return tuple(_tool().COMPLETE)


def test_catalogs_complete_and_notebooks_fresh(tool: Any) -> None:
    """No missing, untranslated or stale message; .mo up to date; no stale or missing notebook."""
    assert tool.problems() == []


def test_every_generated_notebook_has_the_structure(tool: Any) -> None:
    nbformat = pytest.importorskip("nbformat")
    sources = tool.source_notebooks()
    for lang in _complete():
        for source in sources:
            target = tool.target_path(source, lang)
            nb = nbformat.read(target, as_version=4)
            english = nbformat.read(source, as_version=4)
            first, *cells = nb.cells
            assert first.cell_type == "code" and f'bw.set_language("{lang}")' in first.source, target
            assert [c.cell_type for c in cells] == [c.cell_type for c in english.cells], target
            for mine, theirs in zip(cells, english.cells, strict=True):
                if mine.cell_type == "code":  # the same code; only the comments' words differ
                    assert tool.strip_comments(mine.source) == tool.strip_comments(theirs.source), (
                        target,
                        mine.get("id"),
                    )
                    if "NBVAL_CHECK_OUTPUT" in mine.source:
                        assert mine.outputs, (target, mine.get("id"), "checked output not stored")
                    assert not [o for o in mine.outputs if o.output_type == "error"], (target, mine.get("id"))
                elif theirs.source.strip():
                    assert mine.source != theirs.source, (target, "Markdown not translated")
                    if lang == "he":
                        assert mine.source.startswith('<div dir="rtl">') or mine.source.startswith('<div dir="ltr">')
                        assert mine.source.count('<div dir="rtl">') >= 1, target


def test_code_comments_are_translated_and_the_code_is_not(tool: Any) -> None:
    """Issue 31: a comment's words are a message; strings, nbgrader's and nbval's markers stay as they are."""
    code = (
        '# NBVAL_CHECK_OUTPUT\nx = "# not a comment"  # a number\n'
        "def f():\n    ### BEGIN SOLUTION\n    return 1  # noqa: E731\n    ### END SOLUTION\n"
    )
    assert [c[3] for c in tool.code_comments(code)] == ["a number"]
    translated, missing = tool.translate_comments(code, {"a number": "skaitlis"}.get)
    assert missing == [] and '"# not a comment"  # skaitlis' in translated
    assert tool.strip_comments(translated) == tool.strip_comments(code)
    assert translated.replace("skaitlis", "a number") == code
    assert tool.translate_comments(code, lambda text: None) == (code, ["a number"])


def test_generated_lessons_have_their_comments_in_their_language(tool: Any) -> None:
    nbformat = pytest.importorskip("nbformat")
    english = "type your name between the quotes"
    for lang in _complete():
        for source in tool.source_notebooks()[:-1]:  # the lessons (every one has the checker's line)
            nb = nbformat.read(tool.target_path(source, lang), as_version=4)
            code = "\n".join(c.source for c in nb.cells if c.cell_type == "code")
            assert "checker(" in code and english not in code, (lang, source.name)


def test_the_course_map_goes_through_the_catalogs(tool: Any) -> None:
    """Issue 31: notebooks/lessons/README.md is translated paragraph by paragraph; its table and commands stay."""
    english = tool.README.read_text(encoding="utf-8")
    kinds = [kind for kind, _ in tool.readme_blocks(english)]
    assert "table" in kinds and "code" in kinds and kinds.count("text") >= 5
    from babel.messages.catalog import Catalog

    untranslated, missing = tool.translate_readme(Catalog(locale="lv"))
    assert set(missing) == set(tool.readme_messages()) and untranslated.strip() != ""
    for lang in _complete():
        translated = tool.readme_path(lang).read_text(encoding="utf-8")
        assert translated == tool.translate_readme(tool._read(tool.po_path(lang), lang))[0]
        for kind, block in tool.readme_blocks(english):
            assert (block in translated) == (kind != "text"), (lang, block[:60])


def test_rtl_markdown_keeps_code_and_formulas_left_to_right(tool: Any) -> None:
    text = "שלום\n\n```python\nx = 1\n```\n\nעוד\n\n$$\nE[X] = 1\n$$"
    out = tool.rtl_markdown(text)
    assert out.count('<div dir="rtl">') == 2 and out.count('<div dir="ltr">') == 2
    assert '<div dir="ltr">\n\n```python\nx = 1\n```\n\n</div>' in out
    assert '<div dir="ltr">\n\n$$\nE[X] = 1\n$$\n\n</div>' in out


@pytest.mark.parametrize("lang", ["lv", "ru", "he"])
def test_a_wrong_answer_gets_feedback_in_the_notebooks_language(lang: str) -> None:
    """As in a generated notebook: its first cell sets the language, then check() answers in it."""
    english = checker("probability.dice", record=False)("q1", Fraction(1, 6))
    assert english.message.startswith("1/6 is the chance of one face")
    bw.set_language(lang)
    check = checker("probability.dice", record=False)
    feedback = check("q1", Fraction(1, 6))
    assert not feedback.passed and feedback.message_id == english.message_id == "m2"
    expected = lessons_translator(lang).catalog.gettext(english.message)
    if lang not in _complete():
        pytest.skip(f"{lang}: catalog incomplete, notebooks not generated")
    assert feedback.message == expected and feedback.message != english.message
    hint = check("q1", Fraction(5, 7))  # no known mistake: the first hint, translated
    assert hint.message_id == "hint1" and hint.message == tr(check.lesson.exercises["q1"].hints[0]) != str(
        check.lesson.exercises["q1"].hints[0]
    )
    assert check("q1", ...).message == tr("Not answered yet: replace ... with your answer and run the cell again.")


def test_a_message_with_values_is_shown_in_any_language() -> None:
    m = M_("Your depth is off by one: that is the number of paths of {steps} steps.", steps=4)
    assert str(m) == "Your depth is off by one: that is the number of paths of 4 steps."
    for lang in _complete():
        shown = tr(m, lang)
        assert "4" in shown and shown != str(m), lang


def test_decimal_comma_is_accepted_and_shown() -> None:
    assert as_number("0,47") == pytest.approx(0.47) and as_number(" 3/8 ") == 0.375
    with pytest.raises(ValueError):
        as_number("1,000.5")  # a thousands separator is not a decimal comma
    assert tr(M_("drawing gives {draw:.2f} on average", draw=4.268), "en") == "drawing gives 4.27 on average"
    assert "4,27" in tr(M_("drawing gives {draw:.2f} on average", draw=4.268), "lv")
    assert "4,27" in tr(M_("drawing gives {draw:.2f} on average", draw=4.268), "ru")
    assert "4.27" in tr(M_("drawing gives {draw:.2f} on average", draw=4.268), "he")
    bw.set_language("lv")
    assert checker("probability.dice", record=False)("q1", "0,5").passed  # P(cat die shows 2) = 3/6


def test_check_all_and_dashboard_speak_the_current_language(capsys: pytest.CaptureFixture[str]) -> None:
    from boardgames_widgets.lessons import dashboard
    from boardgames_widgets.lessons.check import _load

    exercise = _load("probability.dice").exercises["q1"]
    english = dashboard.message_text(exercise, "m2")
    for lang in _complete():
        bw.set_language(lang)
        assert dashboard.message_text(exercise, "m2") == lessons_translator(lang).catalog.gettext(english) != english
        check = checker("probability.dice", record=False)
        check("q1", Fraction(1, 6))
        text = check.check_all()
        assert "Points" not in text and "q1" in text, (lang, text)
    capsys.readouterr()


def test_record_stores_message_ids_not_texts(tmp_path: Path) -> None:
    bw.set_language("ru")
    check = checker("probability.dice", record=tmp_path / "r.json")
    check("q1", Fraction(1, 6))
    saved = json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))
    (tried,) = saved["exercises"]["q1"]["tried"]
    assert {k: tried[k] for k in ("answer", "message_id")} == {"answer": "Fraction(1, 6)", "message_id": "m2"}
    assert set(tried) <= {"answer", "message_id", "fingerprint"}  # ids and a digest of the answer, no text


def test_stored_feedback_of_the_generated_lessons_is_in_their_language(tool: Any) -> None:
    """Executed at generation: every check output (the teacher's version, answers filled in) speaks the language."""
    nbformat = pytest.importorskip("nbformat")
    for lang in _complete():
        verdicts = 0
        for target in tool.generated_notebooks(lang):
            for cell in nbformat.read(target, as_version=4).cells:
                for out in cell.get("outputs", []):
                    text = out.get("data", {}).get("text/plain", "") if "data" in out else out.get("text", "")
                    if "Feedback(passed=" in text:
                        verdicts += 1
                        assert "passed=True" in text, (target, text[:200])  # the reference answers pass
                        assert "message='Correct" not in text and "Not answered" not in text, (target, text[:200])
        assert verdicts >= 30, (lang, verdicts)
