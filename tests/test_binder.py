"""Binder works the first time: its files are right, and a fresh environment runs every notebook.

The fast checks always run. The full check (``binder/check.py``: a fresh venv from
``binder/requirements.txt`` alone executes every notebook; about 70 s plus the notebooks)
runs when ``CI`` is ``true`` or ``BGW_BINDER_CHECK=1``; ``BGW_BINDER_CHECK=0`` skips it.
"""

from __future__ import annotations

import ast
import importlib.util
import json
import os
import pathlib
import re
import shutil
import subprocess
import sys
from importlib import metadata

import pytest
from packaging.requirements import Requirement

ROOT = pathlib.Path(__file__).resolve().parent.parent
BINDER = ROOT / "binder"
NOTEBOOKS = sorted(p for p in (ROOT / "notebooks").rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)
#: What Binder's base image provides besides the requirements (repo2docker's Python stack).
BASE_IMAGE = ("ipykernel", "ipywidgets", "jupyterlab", "notebook")


def _load_check():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("binder_check", BINDER / "check.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _requirement_lines() -> list[str]:
    lines = (BINDER / "requirements.txt").read_text(encoding="utf-8").splitlines()
    return [s.split("#")[0].strip() for s in lines if s.split("#")[0].strip()]


def test_runtime_is_python_312() -> None:
    assert (BINDER / "runtime.txt").read_text(encoding="utf-8").strip() == "python-3.12"


def test_requirements_install_this_repository_and_voila_and_nothing_else() -> None:
    lines = _requirement_lines()
    assert "-e ." in lines or "." in lines, "repo2docker does not install the repository unless listed"
    others = [Requirement(s).name.lower() for s in lines if s not in ("-e .", ".")]
    assert others == ["voila"]


def test_no_postbuild_or_start_script() -> None:
    for name in ("postBuild", "start", "apt.txt", "environment.yml"):
        assert not (BINDER / name).exists(), f"binder/{name} is not needed: remove it or justify it here"


def test_readme_badges_open_existing_notebooks() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    urls = re.findall(r"\((https://mybinder\.org/v2/gh/[^)\s]+)\)", readme)
    targets = {re.sub(r"%2F", "/", u.split("urlpath=")[1]) for u in urls}
    assert "lab/tree/notebooks/00_start_here.ipynb" in targets
    assert "voila/render/notebooks/arcade.ipynb" in targets
    for t in targets:
        path = ROOT / t.split("/", 2)[2]
        assert path.exists(), f"a Binder badge opens {path}, which does not exist"


def _imports(nb_path: pathlib.Path) -> set[str]:
    nb = json.loads(nb_path.read_text(encoding="utf-8"))
    found: set[str] = set()
    for cell in nb["cells"]:
        if cell["cell_type"] != "code":
            continue
        src = "".join(cell["source"])
        src = "\n".join("" if line.lstrip().startswith(("%", "!")) else line for line in src.splitlines())
        try:
            tree = ast.parse(src)
        except SyntaxError:
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                found.update(a.name.split(".")[0] for a in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                found.add(node.module.split(".")[0])
    return found


def _closure(names: list[str]) -> set[str]:
    """Installed distributions reachable from ``names`` through their requirements."""
    seen: set[str] = set()
    todo = [n.lower().replace("_", "-") for n in names]
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        try:
            reqs = metadata.requires(name) or []
        except metadata.PackageNotFoundError:
            continue
        for r in reqs:
            req = Requirement(r)
            if req.marker is None or req.marker.evaluate({"extra": ""}):
                todo.append(req.name.lower().replace("_", "-"))
    return seen


@pytest.mark.parametrize("nb_path", NOTEBOOKS, ids=[str(p.relative_to(ROOT)) for p in NOTEBOOKS])
def test_notebook_imports_come_with_the_binder_environment(nb_path: pathlib.Path) -> None:
    """Every module a notebook imports is in the standard library or installed by Binder."""
    declared = [Requirement(s).name for s in _requirement_lines() if s not in ("-e .", ".")]
    project = ["boardgames_widgets", *declared, *BASE_IMAGE]
    available = _closure(project)
    owners = metadata.packages_distributions()
    for module in sorted(_imports(nb_path)):
        if module in sys.stdlib_module_names or module == "boardgames_widgets":
            continue
        dists = {d.lower().replace("_", "-") for d in owners.get(module, [])}
        assert dists & available, (
            f"{nb_path.name} imports {module!r} (from {sorted(dists) or 'nowhere'}), which Binder does not install: "
            "add it to the package's dependencies in pyproject.toml"
        )


def test_check_script_finds_the_notebooks_and_the_runtime() -> None:
    check = _load_check()
    assert check.runtime_version() == "3.12"
    found = check.notebooks([])
    assert ROOT / "notebooks" / "00_start_here.ipynb" in found
    assert ROOT / "notebooks" / "arcade.ipynb" in found
    sample = check.sample_notebooks()
    english = [p for p in found if p.relative_to(ROOT / "notebooks").parts[0] not in ("lv", "ru", "he")]
    assert set(english) < set(sample) < set(found)
    for lang in ("lv", "ru", "he"):
        assert ROOT / "notebooks" / lang / check.TRANSLATED_SAMPLE in sample


def _full_check_wanted() -> bool:
    flag = os.environ.get("BGW_BINDER_CHECK")
    if flag is not None:
        return flag == "1"
    return os.environ.get("CI", "").lower() == "true"


@pytest.mark.skipif(not _full_check_wanted(), reason="set BGW_BINDER_CHECK=1 (CI=true does) to build the Binder venv")
def test_fresh_binder_venv_runs_every_notebook_and_a_missing_dependency_fails(tmp_path: pathlib.Path) -> None:
    nbformat = pytest.importorskip("nbformat", reason="the Binder check writes a probe notebook (the notebook stack)")

    check = _load_check()
    venv = tmp_path / "venv"
    python = check.find_python(check.runtime_version()) or sys.executable
    check.build_env(venv, python)
    failures = {}
    for nb in check.sample_notebooks():
        err = check.run_notebook(nb, venv)
        if err is not None:
            failures[str(nb.relative_to(ROOT))] = err[-2000:]
    assert not failures, f"notebooks that fail in the Binder environment: {failures}"
    # The environment is really the Binder one: a module the notebooks may not rely on is absent.
    probe = tmp_path / "probe.ipynb"
    nbformat.write(nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("import pytest")]), str(probe))
    err = check.run_notebook(probe, venv)
    assert err is not None and "No module named 'pytest'" in err


@pytest.mark.skipif(shutil.which("repo2docker") is None, reason="repo2docker is not installed")
def test_repo2docker_build_plan_uses_python_312_and_the_requirements() -> None:
    res = subprocess.run(
        ["repo2docker", "--no-build", "--debug", str(ROOT)], capture_output=True, text=True, timeout=300, check=False
    )
    out = res.stdout + res.stderr
    assert res.returncode == 0, out[-3000:]
    assert "python=3.12" in out
    assert 'pip install --no-cache-dir -r "binder/requirements.txt"' in out
