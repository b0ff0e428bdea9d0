"""The structure every lesson notebook must have (issues 10, 11 and 12), checked on all of them.

Each lesson has a title, who it is for, 3–5 objectives and its class time; at least
three exercises answered through ``check``; for every exercise ONE answer cell whose
reference answer is an nbgrader solution region (inside the function's body for a
function), stored output a pass, followed by a locked nbgrader cell with a hidden test;
no nbgrader marker text anywhere else (it breaks ``generate_assignment``; the student
version itself is run in ``test_lessons_nbgrader.py``); key numbers marked
``# NBVAL_CHECK_OUTPUT``; widget cells that nbval ignores; package code shown next to
the demo; a matplotlib picture; a fixed seed; and a "for teachers" cell at the end.
The exercises themselves are tested in ``tests/test_lessons_<topic>_<lesson>.py``.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from boardgames_widgets.lessons.check import LESSON_MODULES, checker, lesson

LESSONS = Path(__file__).resolve().parents[1] / "notebooks" / "lessons"
#: notebook (relative to notebooks/lessons) -> the lesson id its ``check`` uses
NOTEBOOKS = {
    "probability/01_dice.ipynb": "probability.dice",
    "probability/02_hidden_tiles_and_cards.ipynb": "probability.hidden",
    "probability/03_markov_chains.ipynb": "probability.markov",
    "search/01_paths.ipynb": "search.paths",
    "search/02_minimax_alphabeta.ipynb": "search.minimax",
    "search/03_expectimax.ipynb": "search.expectimax",
    "strategy/01_rules_of_thumb.ipynb": "strategy.rules",
    "strategy/02_mcts_from_scratch.ipynb": "strategy.mcts",
    "strategy/03_ismcts.ipynb": "strategy.hidden",
    "strategy/04_class_tournament.ipynb": "strategy.tournament",
    "strategy/05_learning_from_play.ipynb": "strategy.learning",
}
CHECK_CALL = re.compile(r'check\("(q\d+)"')
#: calls that display a live widget: their output must be ignored by nbval
WIDGET_CALL = re.compile(r"\bbw\.play\(|roll_widget\(|stepper\(")


def test_every_lesson_notebook_is_listed_here():
    on_disk = {str(p.relative_to(LESSONS)) for p in LESSONS.rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts}
    assert on_disk == set(NOTEBOOKS)


def test_the_start_notebook_has_a_course_map_linking_every_lesson_and_the_dashboard():
    """Issue 18: the order, levels and 45-minute plan are where a newcomer starts."""
    start = json.loads((LESSONS.parent / "00_start_here.ipynb").read_text(encoding="utf-8"))
    text = "\n".join("".join(c["source"]) for c in start["cells"] if c["cell_type"] == "markdown")
    assert "course map" in text.lower() and "45 minutes" in text
    for name in NOTEBOOKS:
        assert f"](lessons/{name})" in text, name
    assert "](teacher_dashboard.ipynb)" in text
    assert (LESSONS.parent / "teacher_dashboard.ipynb").exists()


def _cells(name: str) -> list[dict]:
    nb = json.loads((LESSONS / name).read_text(encoding="utf-8"))
    assert nb["metadata"]["kernelspec"]["name"] == "python3"
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


def _nbgrader(cell: dict) -> dict:
    return cell.get("metadata", {}).get("nbgrader", {})


MARKERS = ("BEGIN SOLUTION", "END SOLUTION", "BEGIN HIDDEN TESTS", "END HIDDEN TESTS")


@pytest.mark.parametrize("name", NOTEBOOKS)
def test_every_exercise_has_one_nbgrader_answer_cell_that_passes_and_a_hidden_test(name):
    cells = _cells(name)
    lesson_id = NOTEBOOKS[name]
    assert lesson_id in LESSON_MODULES
    asked = [q for c in cells if c["cell_type"] == "code" for q in CHECK_CALL.findall(_src(c))]
    for i, c in enumerate(cells):
        src = _src(c)
        if c["cell_type"] != "code" or not CHECK_CALL.search(src):
            continue
        (q,) = set(CHECK_CALL.findall(src))
        meta = _nbgrader(c)
        assert meta["solution"] is True and meta["grade"] is False and meta["grade_id"] == f"{q}_answer", src
        assert not _tags(c), "no solution/raises-exception tags: one visible answer cell"
        begin, end = src.index("### BEGIN SOLUTION"), src.index("### END SOLUTION")
        assert begin < end < src.index(f'check("{q}"')
        if src.startswith("def "):  # the region is inside the body: the student's def survives the release
            assert "\n    ### BEGIN SOLUTION" in src
        assert "passed=True" in _plain_outputs(c), f"{name}: the reference answer of {q} does not pass"
        test = cells[i + 1]
        assert _nbgrader(test) == {
            "grade": True,
            "grade_id": f"{q}_test",
            "locked": True,
            "points": 1,
            "schema_version": 3,
            "solution": False,
            "task": False,
        }
        assert f'check.grade("{q}", ' in _src(test) and "### BEGIN HIDDEN TESTS" in _src(test)
    assert len(asked) == len(set(asked)) >= 3, "one answer cell per exercise"
    checker(lesson_id)  # imports the lesson's module
    assert set(asked) == set(lesson(lesson_id).exercises)
    for c in cells:
        if c["cell_type"] == "markdown":
            assert not any(m in _src(c) for m in MARKERS), "marker text outside a region breaks nbgrader"


@pytest.mark.parametrize("name", NOTEBOOKS)
def test_exercises_are_asked_in_reading_order(name):
    """q1, q2, q3, … from top to bottom: headings, answer cells and the checks' ids agree."""
    cells = _cells(name)
    headings = [
        q for c in cells if c["cell_type"] == "markdown" for q in re.findall(r"^### Exercise (q\d+)\b", _src(c), re.M)
    ]
    asked = [q for c in cells if c["cell_type"] == "code" for q in CHECK_CALL.findall(_src(c))]
    in_order = [f"q{i}" for i in range(1, len(asked) + 1)]
    assert asked == in_order, asked
    assert headings == in_order, headings
    assert sorted(checker(NOTEBOOKS[name], record=False).lesson.exercises, key=lambda q: int(q[1:])) == in_order


@pytest.mark.parametrize("name", NOTEBOOKS)
def test_numeric_questions_state_the_digits_they_want(name):
    cells = _cells(name)
    exercises = checker(NOTEBOOKS[name], record=False).lesson.exercises
    text = "\n".join(_src(c) for c in cells if c["cell_type"] == "markdown")
    for q, exercise in exercises.items():
        if exercise.digits is not None:
            assert re.search(rf"Exercise {q}\b.*?rounded to {exercise.digits} decimal places", text, flags=re.S), q


@pytest.mark.parametrize("name", NOTEBOOKS)
def test_outputs_are_clean_seeded_checked_and_widgets_ignored(name):
    code = [c for c in _cells(name) if c["cell_type"] == "code"]
    assert sum("# NBVAL_CHECK_OUTPUT" in _src(c) for c in code) >= 2
    for c in code:
        assert "ERROR" not in _plain_outputs(c)
        if WIDGET_CALL.search(_src(c)):
            assert "nbval-ignore-output" in _tags(c), _src(c)
    source = "\n".join(_src(c) for c in code)
    if re.search(r"random|rng|simulat|play_game|round_robin|gauntlet|mcts", source, flags=re.I):
        assert re.search(r"\bSEED\b|seed=", source), "a notebook that uses chance must fix its seed"


@pytest.mark.parametrize("name", NOTEBOOKS)
def test_package_code_is_shown_next_to_a_picture(name):
    cells = _cells(name)
    code = [_src(c) for c in cells if c["cell_type"] == "code"]
    assert any("show_source(" in src or "getsource(" in src for src in code)
    assert any("image/png" in o.get("data", {}) for c in cells for o in c.get("outputs", [])), "a matplotlib picture"


@pytest.mark.parametrize("name", NOTEBOOKS)
def test_lesson_ends_with_a_for_teachers_cell(name):
    last = _src(_cells(name)[-1])
    assert last.startswith("## For teachers")
    for part in ("Prerequisites", "Common mistakes", "Extensions"):
        assert part in last, part


@pytest.mark.parametrize("name", [n for n in NOTEBOOKS if n.startswith("strategy/")])
def test_strategy_lessons_let_you_play_a_bot_in_the_widget(name):
    assert any("bw.play(" in _src(c) for c in _cells(name))


def test_search_lesson_1_animates_the_search_with_a_stepper():
    src = "\n".join(_src(c) for c in _cells("search/01_paths.ipynb"))
    assert "sl.stepper(" in src and "dfs_frames" in src and "bfs_frames" in src


class _Ran(Exception):
    """Raised by the stand-in answer: proves that the check called it."""


def _runs(*args: object, **kwargs: object) -> None:
    raise _Ran("the check ran the student's code")


@pytest.mark.parametrize("name", NOTEBOOKS)
def test_every_lesson_has_an_exercise_whose_check_runs_the_students_code(name):
    """Issue 31: in every lesson the student writes code at least once, and the check runs it (not a read-off)."""
    functions = []
    for cell in _cells(name):
        grade_id = cell.get("metadata", {}).get("nbgrader", {}).get("grade_id", "")
        if grade_id.endswith("_answer") and "".join(cell["source"]).lstrip().startswith("def "):
            functions.append(grade_id.removesuffix("_answer"))
    assert functions, f"{name}: no exercise asks for a function"
    check = checker(NOTEBOOKS[name], record=False)
    ran = [q for q in functions if check(q, _runs).message_id == "crashed"]
    assert ran, f"{name}: no check runs the student's function ({functions})"
