"""The test tiers of the root ``conftest.py`` (issue 27): which test runs when."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType, SimpleNamespace

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _root_conftest() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bgw_root_conftest", ROOT / "conftest.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


tiers = _root_conftest()


def _tier(nodeid: str, *fixtures: str) -> str | None:
    return tiers._tier_of(SimpleNamespace(nodeid=nodeid, fixturenames=list(fixtures)))


def test_every_slow_entry_names_a_collected_test(request: pytest.FixtureRequest) -> None:
    (loaded,) = [  # the root conftest as pytest loaded it (its stash key is that module's)
        m
        for m in request.config.pluginmanager.get_plugins()
        if getattr(m, "__file__", None) == str(ROOT / "conftest.py")
    ]
    stale = request.config.stash.get(loaded.STALE_SLOW_KEY, None)
    if stale is None:
        pytest.skip("run with the files that conftest.SLOW names (the whole suite) to check it")
    assert stale == [], f"conftest.SLOW names tests that no longer exist (renamed? moved?): {stale}"


@pytest.mark.parametrize(
    ("nodeid", "fixtures", "tier"),
    [
        ("notebooks/lessons/search/01_paths.ipynb::Cell 3", (), "notebooks"),
        ("notebooks/lv/lessons/probability/01_dice.ipynb::Cell 0", (), "notebooks"),
        ("tests/browser/test_browser_layout.py::test_x", ("page",), "browser"),
        ("tests/test_lessons_nbgrader.py::test_x[probability_01_dice]", ("course",), "nbgrader"),
        ("tests/test_lessons_nbgrader_translated.py::test_x[lv]", (), "nbgrader"),
        (
            "tests/test_lessons_course.py::test_course_end_to_end_through_the_exchange_with_three_students",
            (),
            "nbgrader",
        ),
        ("tests/test_lessons_course.py::test_the_course_command_line", (), None),
        ("tests/test_docs.py::test_every_notebook_is_rendered", ("site",), "docs"),
        ("tests/test_packaging.py::test_twine_check_passes", ("dists",), "packaging"),
        ("tests/test_anything.py::test_needs_a_browser_page", ("page",), "browser"),
        ("tests/test_core.py::test_something_quick", ("tmp_path",), None),
        ("boardgames_widgets/core/api.py::boardgames_widgets.core.api.Game", (), None),
    ],
)
def test_a_test_gets_its_tier_from_its_path_or_its_fixtures(
    nodeid: str, fixtures: tuple[str, ...], tier: str | None
) -> None:
    assert _tier(nodeid, *fixtures) == tier


def test_the_smoke_notebook_runs_in_the_fast_tier_and_is_english() -> None:
    assert tiers.SMOKE_NOTEBOOKS
    for path in tiers.SMOKE_NOTEBOOKS:
        assert (ROOT / path).is_file()
        assert _tier(f"{path}::Cell 0") is None
        assert not any(f"/{lang}/" in path for lang in ("lv", "ru", "he"))


def test_slow_entries_mark_a_whole_function_or_one_case() -> None:
    function = next(p for p in tiers.SLOW if "::" in p and "[" not in p)
    assert _tier(function) == "slow"
    assert _tier(function + "[a-case]") == "slow"
    assert _tier(function + "_with_a_longer_name") is None  # a prefix of a name is not a match
    case = next(p for p in tiers.SLOW if "[" in p)
    assert _tier(case) == "slow"
    assert _tier(case.split("[", 1)[0] + "[another-case]") in (None, "slow")


def test_the_default_run_deselects_every_tier_and_all_runs_them(pytester: pytest.Pytester) -> None:
    conftest = (ROOT / "conftest.py").read_text(encoding="utf-8")
    conftest = conftest.replace("SLOW: tuple[str, ...] = (", 'SLOW: tuple[str, ...] = (\n    "test_t.py::test_slow",')
    pytester.makeconftest(
        conftest + "\n\n@pytest.fixture\ndef site() -> int:  # as the docs build's fixture\n    return 1\n"
    )
    pytester.makepyfile(test_t="def test_quick(): pass\ndef test_slow(): pass\ndef test_docs(site): pass\n")
    pytester.makeini("[pytest]\ntestpaths = .\n")
    default = pytester.runpytest("-p", "no:cacheprovider")
    default.assert_outcomes(passed=1, deselected=2)
    everything = pytester.runpytest("-p", "no:cacheprovider", "--all")
    everything.assert_outcomes(passed=3)
    one_tier = pytester.runpytest("-p", "no:cacheprovider", "-m", "slow")
    one_tier.assert_outcomes(passed=1, deselected=2)
    named = pytester.runpytest("-p", "no:cacheprovider", "test_t.py::test_slow")
    named.assert_outcomes(passed=1)


def test_a_renamed_or_removed_slow_test_is_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(
        tiers, "SLOW", ("tests/test_tiers.py::test_gone", "tests/no_such_file.py", "tests/test_tiers.py")
    )
    items = [SimpleNamespace(nodeid="tests/test_tiers.py::test_here")]
    assert tiers._stale_slow_entries(ROOT, items) == ["tests/no_such_file.py", "tests/test_tiers.py::test_gone"]
    assert tiers._stale_slow_entries(ROOT, [SimpleNamespace(nodeid="tests/test_core.py::test_x")]) == [
        "tests/no_such_file.py"
    ]


def test_spread_names_nbgrader_tests_and_the_rest_of_the_tier_stays_with_its_file(pytester: pytest.Pytester) -> None:
    """Under ``--dist loadgroup`` only the SPREAD tests leave their file's worker."""
    for prefix in tiers.SPREAD:
        path, name = prefix.split("::")
        assert _tier(prefix) == "nbgrader"
        assert f"def {name}(" in (ROOT / path).read_text(encoding="utf-8"), prefix
    pytester.makeconftest((ROOT / "conftest.py").read_text(encoding="utf-8"))
    pytester.mkdir("tests")
    pytester.makepyfile(**{"tests/test_lessons_nbgrader_x": "def test_a(): pass\ndef test_b(): pass\n"})
    items, _ = pytester.inline_genitems("--all")
    groups = {item.name: [m.args for m in item.iter_markers("xdist_group")] for item in items}
    assert groups == {
        "test_a": [("tests/test_lessons_nbgrader_x.py",)],
        "test_b": [("tests/test_lessons_nbgrader_x.py",)],
    }
