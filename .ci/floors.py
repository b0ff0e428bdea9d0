"""Print the oldest allowed version of every dependency, one ``name==version`` a line.

The floors are the ``>=`` bounds of ``[project] dependencies`` in pyproject.toml (the one
place they are written); ``.ci/oldest_deps.sh`` installs exactly these. A dependency
without a ``>=`` floor is an error: its oldest version would be untested.

Usage: ``python .ci/floors.py [pyproject.toml]``
"""

from __future__ import annotations

import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent


def dependencies(pyproject: pathlib.Path) -> list[str]:
    """The ``[project] dependencies`` strings (tomllib when there is one: Python 3.11+)."""
    text = pyproject.read_text(encoding="utf-8")
    try:
        import tomllib
    except ImportError:  # Python 3.10: the list is simple enough to read directly
        block = re.search(r"^dependencies = \[(.*?)\]", text, flags=re.S | re.M)
        assert block, "no dependencies list in pyproject.toml"
        return re.findall(r'"([^"]+)"', re.sub(r"#.*", "", block.group(1)))
    deps: list[str] = tomllib.loads(text)["project"]["dependencies"]
    return deps


def floors(deps: list[str]) -> list[str]:
    """``name==floor`` for each dependency.

    Raises:
        ValueError: a dependency has no ``>=`` floor.
    """
    out = []
    for dep in deps:
        m = re.fullmatch(r"\s*([A-Za-z0-9_.\-]+)(\[[^\]]*\])?\s*>=\s*([0-9][0-9A-Za-z.]*)\s*(,.*)?", dep)
        if not m:
            raise ValueError(f"dependency {dep!r} has no >= floor: its oldest version cannot be tested")
        out.append(f"{m.group(1)}=={m.group(3)}")
    return out


if __name__ == "__main__":
    path = pathlib.Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "pyproject.toml"
    print("\n".join(floors(dependencies(path))))
