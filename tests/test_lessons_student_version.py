"""The student version of every lesson defines every name its answer cells suggest (issue 31).

Search lesson 3's answer cell suggested ``Fraction(1, 4)`` while ``from fractions import Fraction``
sat inside the solution region, so the student version raised NameError on the suggested form.
This fast test makes the student version the way nbgrader does (each solution region becomes
the course's stub, hidden tests are dropped) and checks, statically, that every name a
suggestion in an answer cell uses (``e.g. Fraction(1, 4)``, "a Fraction is fine") is bound by
the code the student has before it. ``test_lessons_nbgrader.py`` runs the real released
notebooks with the suggested forms typed in.
"""

from __future__ import annotations

import ast
import builtins
import re
from pathlib import Path

import pytest

LESSONS = Path(__file__).resolve().parents[1] / "notebooks" / "lessons"
NOTEBOOKS = sorted(LESSONS.glob("*/*.ipynb"))
SOLUTION = re.compile(r"[ \t]*### BEGIN SOLUTION\n.*?### END SOLUTION\n?", re.S)
HIDDEN = re.compile(r"[ \t]*### BEGIN HIDDEN TESTS\n.*?### END HIDDEN TESTS\n?", re.S)
#: what a comment in an answer cell suggests: ``e.g. Fraction(1, 4)`` or a name it offers
SUGGESTION = re.compile(r"e\.g\.\s+(.+)$")
OFFERED = re.compile(r"\b(Fraction|np|math)\b")


def student_version(source: str) -> str:
    """A code cell as nbgrader releases it (the course's stub for a solution, no hidden tests)."""
    source = HIDDEN.sub("", source)
    return SOLUTION.sub(lambda m: m.group(0)[: len(m.group(0)) - len(m.group(0).lstrip())] + "...\n", source)


def bound_names(code: str) -> set[str]:
    """Names a cell binds at top level: imports, assignments, functions, classes, loop targets."""
    try:
        tree = ast.parse(code)
    except SyntaxError:
        return set()
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import | ast.ImportFrom):
            names |= {(a.asname or a.name).split(".")[0] for a in node.names}
        elif isinstance(node, ast.FunctionDef | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
    return names


def suggested_names(cell_source: str) -> set[str]:
    """The names used by what an answer cell's comments suggest."""
    names: set[str] = set()
    for line in cell_source.splitlines():
        if "#" not in line:
            continue
        comment = line.split("#", 1)[1]
        found = SUGGESTION.search(comment)
        if found:
            try:
                tree = ast.parse(found.group(1).strip().rstrip(".;"), mode="eval")
            except SyntaxError:
                continue
            names |= {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)}
        names |= set(OFFERED.findall(comment))
    return names


def _cells(path: Path) -> list[dict[str, object]]:
    import json

    return list(json.loads(path.read_text(encoding="utf-8"))["cells"])


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_the_student_version_defines_every_name_an_answer_cell_suggests(notebook: Path) -> None:
    defined = set(dir(builtins))
    checked = 0
    for cell in _cells(notebook):
        if cell["cell_type"] != "code":
            continue
        source = "".join(cell["source"]) if isinstance(cell["source"], list) else str(cell["source"])
        released = student_version(source)
        is_answer = bool(cell.get("metadata", {}).get("nbgrader", {}).get("solution"))  # type: ignore[union-attr]
        if is_answer:
            missing = suggested_names(released) - defined - bound_names(released)
            assert not missing, (
                f"{notebook.name}: the answer cell suggests {sorted(missing)} but the student has no such name"
            )
            checked += 1
        defined |= bound_names(released)
    assert checked >= 3, notebook


def test_the_test_sees_a_suggestion_whose_import_is_inside_the_solution() -> None:
    """The issue's case, as it was: the test must fail on it."""
    cell = (
        "answer_q1 = ...  # a probability, e.g. Fraction(1, 4)\n"
        "### BEGIN SOLUTION\nfrom fractions import Fraction\nanswer_q1 = Fraction(1, 2)\n### END SOLUTION\n"
        'check("q1", answer_q1)\n'
    )
    released = student_version(cell)
    assert "from fractions" not in released and released.count("...") == 2
    assert suggested_names(released) - bound_names(released) - set(dir(builtins)) == {"Fraction"}
