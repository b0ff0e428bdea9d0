"""The strategy lesson notebooks: structure every lesson must have (issue 12).

Each notebook has a title, audience, objectives and class time; at least three
exercises answered through ``check``; every exercise has a hidden solution cell
(tagged ``solution``, nbgrader markers) whose stored output is a pass; key numbers
are marked ``# NBVAL_CHECK_OUTPUT``; widget cells ignore their output; seeds are
fixed; a "for teachers" cell closes the notebook. The exercises themselves are
tested in ``tests/test_lessons_strategy_<lesson>.py``.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from boardgames_widgets.exercises import LESSON_MODULES, checker, lesson

ROOT = Path(__file__).resolve().parents[1]
LESSONS = ROOT / "notebooks" / "lessons" / "strategy"
NOTEBOOKS = {
    "01_rules_of_thumb.ipynb": "strategy.rules",
    "02_mcts_from_scratch.ipynb": "strategy.mcts",
    "03_ismcts.ipynb": "strategy.hidden",
    "04_class_tournament.ipynb": "strategy.tournament",
}
CHECK_CALL = re.compile(r'check\("(q\d+)"')


def _cells(name: str) -> list[dict]:
    path = LESSONS / name
    if not path.exists():
        pytest.skip(f"{name} not written yet")
    nb = json.loads(path.read_text(encoding="utf-8"))
    assert nb["metadata"]["kernelspec"]["name"] == "python3"
    return nb["cells"]


def _src(cell: dict) -> str:
    return "".join(cell["source"])


def _tags(cell: dict) -> list[str]:
    return cell.get("metadata", {}).get("tags", [])


def _plain_outputs(cell: dict) -> str:
    out = []
    for o in cell.get("outputs", []):
        out.append(o.get("text", "") if isinstance(o.get("text"), str) else "".join(o.get("text", [])))
        data = o.get("data", {})
        plain = data.get("text/plain", "")
        out.append(plain if isinstance(plain, str) else "".join(plain))
        if o.get("output_type") == "error":
            out.append(f"ERROR {o.get('ename')}")
    return "\n".join(out)


@pytest.mark.parametrize("name", NOTEBOOKS)
def test_lesson_has_title_audience_objectives_and_time(name):
    first = _src(_cells(name)[0])
    assert first.startswith("# ")
    assert "Who it is for" in first and "How long" in first
    assert re.search(r"\b(30|35|40|45) minutes\b", first)
    objectives = re.findall(r"^\d\. ", first, flags=re.M)
    assert 3 <= len(objectives) <= 5


@pytest.mark.parametrize("name", NOTEBOOKS)
def test_every_exercise_has_a_hidden_nbgrader_solution_that_passes(name):
    cells = _cells(name)
    lesson_id = NOTEBOOKS[name]
    assert lesson_id in LESSON_MODULES
    asked = {
        q for c in cells if c["cell_type"] == "code" and "solution" not in _tags(c) for q in CHECK_CALL.findall(_src(c))
    }
    solved = {}
    for c in cells:
        if "solution" in _tags(c):
            src = _src(c)
            assert "### BEGIN SOLUTION" in src and "### END SOLUTION" in src
            assert src.index("### BEGIN SOLUTION") < src.index("### END SOLUTION")
            assert c["metadata"]["jupyter"]["source_hidden"] is True
            assert c["metadata"]["nbgrader"]["solution"] is True
            assert "raises-exception" in _tags(c)  # an nbgrader stub must not fail nbval
            (q,) = set(CHECK_CALL.findall(src))
            solved[q] = _plain_outputs(c)
    assert len(asked) >= 3
    assert asked == set(solved), "every exercise needs exactly one solution cell"
    for q, output in solved.items():
        assert "passed=True" in output, f"{name}: the stored solution of {q} does not pass: {output}"
    checker(lesson_id)  # imports the lesson's module
    known = set(lesson(lesson_id).exercises)
    assert asked <= known


@pytest.mark.parametrize("name", NOTEBOOKS)
def test_open_exercises_say_not_answered_instead_of_failing(name):
    cells = _cells(name)
    student = [
        c for c in cells if c["cell_type"] == "code" and CHECK_CALL.search(_src(c)) and "solution" not in _tags(c)
    ]
    for c in student:
        out = _plain_outputs(c)
        assert "passed=False" in out and ("Not answered yet" in out or "returns None" in out), out
        assert "ERROR" not in out


@pytest.mark.parametrize("name", NOTEBOOKS)
def test_outputs_are_clean_and_key_results_checked(name):
    cells = _cells(name)
    code = [c for c in cells if c["cell_type"] == "code"]
    assert sum("# NBVAL_CHECK_OUTPUT" in _src(c) for c in code) >= 3
    for c in code:
        assert "ERROR" not in _plain_outputs(c) or "solution" in _tags(c)
        if re.search(r"\bbw\.play\(", _src(c)):
            assert "nbval-ignore-output" in _tags(c), _src(c)
    assert any("SEED" in _src(c) or "seed=" in _src(c) for c in code)


@pytest.mark.parametrize("name", NOTEBOOKS)
def test_lesson_ends_with_a_for_teachers_cell(name):
    last = _src(_cells(name)[-1])
    assert last.startswith("## For teachers")
    for part in ("Prerequisites", "Common mistakes", "Extensions"):
        assert part in last


@pytest.mark.parametrize("name", NOTEBOOKS)
def test_package_code_is_shown_and_a_widget_and_a_picture_appear(name):
    cells = _cells(name)
    code = [_src(c) for c in cells if c["cell_type"] == "code"]
    assert any("show_source(" in src or "inspect.getsource(" in src for src in code)
    assert any("bw.play(" in src for src in code)
    pictures = [o for c in cells for o in c.get("outputs", []) if "image/png" in o.get("data", {})]
    assert pictures, "a matplotlib picture is expected"
