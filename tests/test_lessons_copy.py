"""Copies of the lessons are clean: a record of someone's checks is never copied (issue 31)."""

from __future__ import annotations

import pathlib

import pytest

import boardgames_widgets as bw
from boardgames_widgets.lessons import copying as lessons_copy


@pytest.fixture
def tree(tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch) -> pathlib.Path:
    """A notebooks folder as an editable install leaves it after a teacher tried the lessons."""
    root = tmp_path / "notebooks"
    lesson = root / "lessons" / "probability"
    lesson.mkdir(parents=True)
    (lesson / "01_dice.ipynb").write_text("{}", encoding="utf-8")
    (lesson / "checks_probability.dice.json").write_text('{"student": "someone"}', encoding="utf-8")
    (root / "checks_x.json").write_text("{}", encoding="utf-8")
    sample = root / "lessons" / "sample_class" / "submitted" / "ada" / "probability_dice"
    sample.mkdir(parents=True)
    (sample / "checks_probability.dice.json").write_text("{}", encoding="utf-8")
    monkeypatch.setattr(lessons_copy, "notebooks_dir", lambda: root)
    return root


def test_records_left_in_the_notebooks_are_never_copied_but_the_sample_class_is(
    tree: pathlib.Path, tmp_path: pathlib.Path
) -> None:
    names = {str(p) for p in lessons_copy.shipped_files()}
    assert "lessons/probability/01_dice.ipynb" in names
    assert not any(n.endswith("checks_probability.dice.json") and "sample_class" not in n for n in names)
    assert "checks_x.json" not in names
    assert "lessons/sample_class/submitted/ada/probability_dice/checks_probability.dice.json" in names
    report = bw.copy_lessons(tmp_path / "class")
    assert not (tmp_path / "class" / "lessons" / "probability" / "checks_probability.dice.json").exists()
    assert all("checks_" not in name or "sample_class" in name for name in report.copied)


def test_copy_lessons_lives_in_the_lessons_package_and_the_old_shim_is_gone() -> None:
    import importlib.util

    assert bw.copy_lessons is lessons_copy.copy_lessons
    assert (lessons_copy.notebooks_dir() / "lessons").is_dir()
    assert importlib.util.find_spec("boardgames_widgets.lessons_copy") is None


def test_is_record_names_only_records() -> None:
    assert lessons_copy.is_record(pathlib.PurePosixPath("lessons/search/checks_search.paths.json"))
    assert not lessons_copy.is_record(pathlib.PurePosixPath("lessons/sample_class/submitted/a/b/checks_x.json"))
    assert not lessons_copy.is_record(pathlib.PurePosixPath("lessons/checks.ipynb"))


NOTEBOOKS = pathlib.Path(__file__).resolve().parents[1] / "notebooks"


def _skeleton(text: str) -> tuple[list[str], list[str], list[str]]:
    """What a translation must keep: the links, the code blocks and the table rows' links."""
    import re

    return (
        re.findall(r"\]\(([^)]+)\)", text),
        re.findall(r"```.*?```", text, flags=re.S),
        [line for line in text.splitlines() if line.startswith("| ")],
    )


@pytest.mark.parametrize("lang", lessons_copy.TRANSLATED)
def test_the_lessons_readme_is_copied_in_the_chosen_language_and_agrees_with_the_english(
    lang: str, tmp_path: pathlib.Path
) -> None:
    english = (NOTEBOOKS / "lessons" / "README.md").read_text(encoding="utf-8")
    translated = (NOTEBOOKS / lang / "lessons" / "README.md").read_text(encoding="utf-8")
    assert _skeleton(translated) == _skeleton(english), "update the translated README with the English one"
    assert translated != english
    bw.copy_lessons(tmp_path / "class", lang=lang)
    assert (tmp_path / "class" / "lessons" / "README.md").read_text(encoding="utf-8") == translated
