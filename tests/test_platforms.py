"""Every platform a teacher uses: nothing Linux-only at import time, paths and text portable.

The fast tier runs on Linux, macOS and Windows in GitHub Actions (.github/workflows/tests.yml);
these tests catch here, on Linux, what would break on the others: a module that imports a
POSIX-only standard module (``resource``, ``fcntl``, ``pwd``...) when the package is imported,
a file opened as text without ``encoding=`` (Windows' default is not UTF-8), and ``os.path``
string juggling where :mod:`pathlib` works everywhere.
"""

from __future__ import annotations

import ast
import functools
import importlib.util
import json
import os
import pathlib
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "boardgames_widgets"
#: Standard modules that exist on Linux (and mostly macOS) but not on Windows.
POSIX_ONLY = ("resource", "fcntl", "pwd", "grp", "termios", "pty", "tty", "crypt", "spwd", "syslog", "posix", "pexpect")
#: Modules that may need Linux to be imported; each must then say so in its ImportError. (The
#: tournament's isolation, when it uses Linux-only means, belongs here: it must fail clearly on
#: other systems when used, and never break ``import boardgames_widgets``.)
LINUX_ONLY_MODULES: frozenset[str] = frozenset()

_IMPORT_ALL = r"""
import builtins, importlib, json, pkgutil, sys
blocked = set(json.loads(sys.argv[1]))
real_import = builtins.__import__

def guarded(name, globals=None, locals=None, fromlist=(), level=0):
    # Our modules' own imports of a POSIX-only module fail, as on Windows. (Third-party
    # libraries' POSIX branches, such as IPython's, are theirs: on Windows they take another.)
    caller = (globals or {}).get("__name__") or ""
    if level == 0 and name.split(".")[0] in blocked and caller.split(".")[0] == package:
        raise ModuleNotFoundError(f"{caller} imports {name}, which Windows does not have")
    return real_import(name, globals, locals, fromlist, level)

package = sys.argv[3] if len(sys.argv) > 3 else "boardgames_widgets"
builtins.__import__ = guarded
root = importlib.import_module(package)
skip = set(json.loads(sys.argv[2]))
results = {}
for info in pkgutil.walk_packages(root.__path__, package + "."):
    if info.name in skip:
        continue
    try:
        importlib.import_module(info.name)
        results[info.name] = None
    except Exception as exc:
        results[info.name] = f"{type(exc).__name__}: {exc}"
print(json.dumps(results))
"""


def test_every_module_imports_without_posix_only_modules() -> None:
    """Importing the package, and every module a family or a class uses in a notebook (rules,
    boards, bots, lessons, checks, widgets, the tournament), needs nothing Linux-only."""
    skip = [] if importlib.util.find_spec("pyspiel") else ["boardgames_widgets.openspiel"]  # the bench extra
    if not (importlib.util.find_spec("gymnasium") and importlib.util.find_spec("pettingzoo")):  # the rl extra
        skip += ["boardgames_widgets.rl.aec", "boardgames_widgets.rl.gym"]
    res = subprocess.run(
        [sys.executable, "-c", _IMPORT_ALL, json.dumps(POSIX_ONLY), json.dumps(skip)],
        capture_output=True,
        text=True,
        check=False,
        cwd=ROOT,
        env={**os.environ, "MPLBACKEND": "Agg", "PYTHONPATH": str(ROOT)},
    )
    assert res.returncode == 0, res.stderr[-3000:]
    results: dict[str, str | None] = json.loads(res.stdout.strip().splitlines()[-1])
    assert len(results) >= 50 and "boardgames_widgets.lessons.dashboard" in results
    assert "boardgames_widgets.analysis.tournament" in results and "boardgames_widgets.core.sandbox" in results
    failed = {name: error for name, error in results.items() if error and name not in LINUX_ONLY_MODULES}
    assert not failed, f"these modules need a POSIX-only module at import time: {failed}"
    for name in LINUX_ONLY_MODULES & results.keys():
        assert results[name] is None or "Linux" in str(results[name]), (name, results[name])


def test_the_import_guard_catches_a_posix_only_import(tmp_path: pathlib.Path) -> None:
    """The same script on a package with a module that imports ``fcntl``: reported, not imported."""
    package = tmp_path / "posix_probe"
    package.mkdir()
    (package / "__init__.py").write_text("import json\n", encoding="utf-8")
    (package / "locks.py").write_text("import fcntl\n", encoding="utf-8")
    (package / "fine.py").write_text("import pathlib\n", encoding="utf-8")
    res = subprocess.run(
        [sys.executable, "-c", _IMPORT_ALL, json.dumps(POSIX_ONLY), json.dumps([]), "posix_probe"],
        capture_output=True,
        text=True,
        check=False,
        env={**os.environ, "PYTHONPATH": str(tmp_path)},
    )
    assert res.returncode == 0, res.stderr
    results = json.loads(res.stdout.strip().splitlines()[-1])
    assert results["posix_probe.fine"] is None
    assert "posix_probe.locks imports fcntl, which Windows does not have" in results["posix_probe.locks"]


def _rel(path: pathlib.Path) -> str:
    return path.relative_to(ROOT).as_posix() if path.is_relative_to(ROOT) else path.name


@functools.cache
def _tree(path: pathlib.Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"), filename=str(path))


def _calls(path: pathlib.Path) -> list[tuple[int, str, ast.Call]]:
    tree = _tree(path)
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            f = node.func
            name = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""
            out.append((node.lineno, name, node))
    return out


def _text_mode(call: ast.Call, mode_index: int) -> bool:
    """Whether an ``open`` call opens text (the default) rather than bytes."""
    mode = None
    if len(call.args) > mode_index and isinstance(call.args[mode_index], ast.Constant):
        mode = call.args[mode_index].value
    for kw in call.keywords:
        if kw.arg == "mode":
            mode = kw.value.value if isinstance(kw.value, ast.Constant) else "?"
    return not (isinstance(mode, str) and "b" in mode)


def text_without_encoding(path: pathlib.Path) -> list[str]:
    """Calls in a source file that read or write text without naming the encoding."""
    found = []
    for lineno, name, call in _calls(path):
        has_encoding = any(kw.arg == "encoding" for kw in call.keywords)
        if name in ("read_text", "write_text") and not has_encoding:
            found.append(f"{_rel(path)}:{lineno}: {name}() without encoding=")
        elif name == "open" and not has_encoding:
            builtin = isinstance(call.func, ast.Name)
            receiver = "" if builtin else ast.unparse(call.func.value)  # type: ignore[attr-defined]
            if receiver in ("Image", "webbrowser", "tarfile", "zipfile", "zf", "tf", "os"):
                continue  # not text files (os.open gives a file descriptor; os.fdopen names the encoding)
            if _text_mode(call, 1 if builtin else 0):
                found.append(f"{_rel(path)}:{lineno}: open() in text mode without encoding=")
    return found


def os_path_calls(path: pathlib.Path) -> list[str]:
    tree = _tree(path)
    return [
        f"{_rel(path)}:{node.lineno}: os.path.{node.attr}"
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute)
        and isinstance(node.value, ast.Attribute)
        and node.value.attr == "path"
        and isinstance(node.value.value, ast.Name)
        and node.value.value.id == "os"
    ]


def test_every_text_file_the_package_opens_names_its_encoding() -> None:
    found = [f for path in sorted(PACKAGE.rglob("*.py")) for f in text_without_encoding(path)]
    assert not found, "name the encoding (UTF-8: Windows' default is not):\n" + "\n".join(found)


def test_the_package_uses_pathlib_not_os_path() -> None:
    found = [f for path in sorted(PACKAGE.rglob("*.py")) for f in os_path_calls(path)]
    assert not found, "use pathlib:\n" + "\n".join(found)


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ("open('a.txt')", 1),
        ("open('a.txt', 'w')", 1),
        ("open('a.txt', 'rb')", 0),
        ("open('a.txt', encoding='utf-8')", 0),
        ("p.read_text()", 1),
        ("p.write_text('x', encoding='utf-8')", 0),
        ("p.open('a')", 1),
        ("p.open(mode='wb')", 0),
        ("Image.open(buf)", 0),
    ],
)
def test_the_encoding_check_finds_what_it_should(tmp_path: pathlib.Path, source: str, expected: int) -> None:
    path = tmp_path / "probe.py"
    path.write_text(source + "\n", encoding="utf-8")
    assert len(text_without_encoding(path)) == expected


def test_the_os_path_check_finds_it(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "probe.py"
    path.write_text("import os\nos.path.join('a', 'b')\n", encoding="utf-8")
    assert len(os_path_calls(path)) == 1
