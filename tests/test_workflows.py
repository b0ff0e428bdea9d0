"""The GitHub Actions workflows (.github/workflows/) are valid and do what the docs say.

Validated offline against GitHub's workflow schema as vendored by ``check-jsonschema`` (the
``test`` extra), so a broken workflow fails here, not on GitHub; then read for what they
promise: the fast tier on Linux, macOS and Windows for every Python the classifiers name, the
full tier with ``.ci/run``, the oldest versions, and a release that checks, tests the wheel in
a fresh environment and publishes with trusted publishing.
"""

from __future__ import annotations

import json
import pathlib
import re
import shutil
import subprocess
from typing import Any

import pytest

pytest.importorskip("check_jsonschema", reason="check-jsonschema is not installed (pip install -e '.[test]')")
tomllib = pytest.importorskip("tomllib", reason="reading pyproject.toml needs Python 3.11's tomllib")
from ruamel.yaml import YAML  # noqa: E402  (check-jsonschema's YAML parser)

ROOT = pathlib.Path(__file__).resolve().parent.parent
WORKFLOWS = ROOT / ".github" / "workflows"
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]


def _schema(name: str) -> Any:
    """A JSON schema check-jsonschema ships (``vendor/github-workflows``...): no network."""
    import check_jsonschema

    path = pathlib.Path(check_jsonschema.__file__).parent / "builtin_schemas" / f"{name}.json"
    return json.loads(path.read_text(encoding="utf-8"))


def _errors(text: str, schema: str = "vendor/github-workflows") -> list[str]:
    """Where a workflow breaks the schema (as ``check-jsonschema --builtin-schema`` would say)."""
    import jsonschema

    spec = _schema(schema)
    validator = jsonschema.validators.validator_for(spec)(spec)
    data = YAML(typ="safe").load(text)
    return [f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in validator.iter_errors(data)]


def _load(name: str) -> dict[str, Any]:
    data: dict[str, Any] = YAML(typ="safe").load((WORKFLOWS / name).read_text(encoding="utf-8"))
    return data


def test_the_workflows_are_valid_against_githubs_schema_and_every_job_has_a_timeout() -> None:
    files = sorted(WORKFLOWS.glob("*.yml"))
    assert [f.name for f in files] == ["release.yml", "tests.yml"]
    for path in files:
        for schema in ("vendor/github-workflows", "custom/github-workflows-require-timeout"):
            assert _errors(path.read_text(encoding="utf-8"), schema) == [], (path.name, schema)


def test_a_broken_workflow_fails_the_validation() -> None:
    text = (WORKFLOWS / "tests.yml").read_text(encoding="utf-8")
    assert _errors(text.replace("runs-on: ${{ matrix.os }}", "runs_on: ${{ matrix.os }}", 1))
    assert _errors(text.replace("    timeout-minutes: 40\n", "", 1), "custom/github-workflows-require-timeout")
    assert _errors(text.replace("on:\n  push:", "on:\n  shove:", 1))


@pytest.mark.skipif(shutil.which("check-jsonschema") is None, reason="the check-jsonschema command is not installed")
def test_check_jsonschema_itself_agrees(tmp_path: pathlib.Path) -> None:
    """The same with the command line a contributor would run (offline: a schema it ships)."""
    res = subprocess.run(
        ["check-jsonschema", "--builtin-schema", "vendor.github-workflows", *map(str, sorted(WORKFLOWS.glob("*.yml")))],
        capture_output=True,
        text=True,
        check=False,
    )
    assert res.returncode == 0, res.stdout + res.stderr


def _classifier_pythons() -> list[str]:
    return sorted(
        (m for c in PROJECT["classifiers"] for m in re.findall(r"^Programming Language :: Python :: (3\.\d+)$", c)),
        key=lambda v: int(v.split(".")[1]),
    )


def test_the_fast_tier_runs_on_every_platform_and_every_python_the_classifiers_name() -> None:
    jobs = _load("tests.yml")["jobs"]
    matrix = jobs["fast"]["strategy"]["matrix"]
    assert set(matrix["os"]) == {"ubuntu-latest", "macos-latest", "windows-latest"}
    assert matrix["python"] == _classifier_pythons() == ["3.10", "3.11", "3.12", "3.13", "3.14"]
    runs = [step.get("run", "") for step in jobs["fast"]["steps"]]
    assert 'python -m pip install -e ".[test]"' in runs and "python -m pytest" in runs
    assert [s.get("run") for s in jobs["full"]["steps"]][-1] == "bash .ci/run"
    assert jobs["full"]["runs-on"] == "ubuntu-latest"
    assert any("oldest_deps.sh" in s.get("run", "") for s in jobs["oldest"]["steps"])


def test_the_release_builds_checks_tests_the_wheel_fresh_then_publishes_with_trusted_publishing() -> None:
    release = _load("release.yml")
    assert release["on"]["push"]["tags"] == ["v*"]
    jobs = release["jobs"]
    build = "\n".join(s.get("run", "") for s in jobs["build"]["steps"])
    assert "python -m build" in build and "twine check --strict" in build and "CHANGELOG.md" in build
    test = jobs["test-wheel"]
    assert test["needs"] == "build"
    assert set(test["strategy"]["matrix"]["os"]) == {"ubuntu-latest", "macos-latest", "windows-latest"}
    runs = "\n".join(s.get("run", "") for s in test["steps"])
    assert "python -m venv" in runs and "dist/*.whl" in runs and "python -m pytest" in runs
    assert "site-packages" in runs  # the tests must import the wheel, not the source tree
    publish = jobs["publish"]
    assert set(publish["needs"]) == {"build", "test-wheel"}
    assert publish["permissions"] == {"id-token": "write"}
    assert [s["uses"] for s in publish["steps"]][-1] == "pypa/gh-action-pypi-publish@release/v1"
    assert not [s for s in publish["steps"] if "with" in s and "password" in s["with"]], "no token: trusted publishing"
    assert release["permissions"] == {"contents": "read"}
