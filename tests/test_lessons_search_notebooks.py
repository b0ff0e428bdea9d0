"""The search lesson notebooks: the structure every lesson must have (issue 11).

Each notebook has a title, audience, 3–5 objectives and class time; at least three
exercises answered through ``check``; every exercise has a hidden solution cell
(tagged ``solution``, nbgrader markers) whose stored output is a pass; open exercises
say "not answered" instead of failing; key numbers are marked ``# NBVAL_CHECK_OUTPUT``;
widget cells ignore their output; seeds are fixed; package code is shown with
``show_source``; a "for teachers" cell closes the notebook.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from boardgames_widgets.exercises import LESSON_MODULES, checker, lesson

ROOT = Path(__file__).resolve().parents[1]
LESSONS = ROOT / "notebooks" / "lessons" / "search"
NOTEBOOKS = {
    "01_paths.ipynb": "search.paths",
    "02_minimax_alphabeta.ipynb": "search.minimax",
    "03_expectimax.ipynb": "search.expectimax",
}
CHECK_CALL = re.compile(r'check\("(q\d+)"')


def _cells(name: str) -> list[dict]:
    nb = json.loads((LESSONS / name).read_text(encoding="utf-8"))
    assert nb["metadata"]["kernelspec"] == {
        "display_name": "Python 3 (ipykernel)",
        "language": "python",
        "name": "python3",
    }
    return nb["cells"]


def _src(cell: dict) -> str:
    return "".join(cell["source"])


def _tags(cell: dict) -> list[str]:
    return cell.get("metadata", {}).get("tags", [])


def _plain_outputs(cell: dict) -> str:
    out = []
    for o in cell.get("outputs", []):
        text = o.get("text", "")
        out.append(text if isinstance(text, str) else "".join(text))
        plain = o.get("data", {}).get("text/plain", "")
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
    assert 3 <= len(re.findall(r"^\d\. ", first, flags=re.M)) <= 5


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
    checker(lesson_id)
    assert asked <= set(lesson(lesson_id).exercises)


@pytest.mark.parametrize("name", NOTEBOOKS)
def test_open_exercises_say_not_answered_instead_of_failing(name):
    for c in _cells(name):
        if c["cell_type"] == "code" and CHECK_CALL.search(_src(c)) and "solution" not in _tags(c):
            out = _plain_outputs(c)
            assert "passed=False" in out and ("Not answered yet" in out or "returns None" in out), out


@pytest.mark.parametrize("name", NOTEBOOKS)
def test_outputs_clean_key_results_checked_code_shown_teachers_last(name):
    cells = _cells(name)
    code = [c for c in cells if c["cell_type"] == "code"]
    assert sum("# NBVAL_CHECK_OUTPUT" in _src(c) for c in code) >= 2
    for c in code:
        assert "ERROR" not in _plain_outputs(c)
        if "stepper(" in _src(c):
            assert "nbval-ignore-output" in _tags(c), _src(c)
    assert any("show_source(" in _src(c) for c in code)
    assert "## For teachers" in _src(cells[-1])
    assert any(c["cell_type"] == "code" and "plt.show()" in _src(c) for c in cells)


def test_lesson_1_animates_the_search_with_a_stepper():
    src = "\n".join(_src(c) for c in _cells("01_paths.ipynb"))
    assert "sl.stepper(" in src and "dfs_frames" in src and "bfs_frames" in src


def test_lesson_3_fixes_its_seed():
    src = "\n".join(_src(c) for c in _cells("03_expectimax.ipynb"))
    assert re.search(r"^SEED = \d+", src, flags=re.M) and "seed=SEED" in src
