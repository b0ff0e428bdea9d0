"""The oldest allowed version of every dependency, as written in pyproject.toml.

``python .ci/floors.py`` prints the runtime dependencies' floors, one ``name==version`` a line:
the ``>=`` bounds of ``[project] dependencies`` (the one place they are written);
``.ci/oldest_deps.sh`` installs exactly these. A dependency without a ``>=`` floor is an error:
its oldest version would be untested.

``python .ci/floors.py --extras lab,docs,bench,dask,test`` prints the requirements of the runtime
dependencies and of those extras as written (self-references such as
``boardgames_widgets[lab]`` expanded, markers kept), for a resolver that picks the lowest
version of each (``uv pip install --resolution lowest-direct``); then
``python .ci/floors.py --check FILE`` (run inside that environment) says which installed
version is not its floor — a floor that cannot be installed with the others (a release that
does not exist, is yanked, or conflicts) is a floor nobody tested, and must be raised. A patch
release counts as its floor when the floor names no patch (``>=1.26`` is met by 1.26.3).

Usage: ``python .ci/floors.py [--extras A,B | --check FILE] [pyproject.toml]``
"""

from __future__ import annotations

import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
#: ``name[extras] >= version`` at the start of a requirement (markers may follow ``;``).
FLOOR = re.compile(r"\s*([A-Za-z0-9_.\-]+)(\[[^\]]*\])?\s*>=\s*([0-9][0-9A-Za-z.]*)\s*(,[^;]*)?(;.*)?")


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
        m = FLOOR.fullmatch(dep)
        if not m:
            raise ValueError(f"dependency {dep!r} has no >= floor: its oldest version cannot be tested")
        out.append(f"{m.group(1)}=={m.group(3)}")
    return out


def extra_requirements(pyproject: pathlib.Path, extras: list[str]) -> list[str]:
    """The runtime dependencies and those of ``extras``, self-references expanded, each once.

    Raises:
        KeyError: no such extra.
        ValueError: a requirement has no ``>=`` floor.
    """
    import tomllib

    project = tomllib.loads(pyproject.read_text(encoding="utf-8"))["project"]
    optional: dict[str, list[str]] = project["optional-dependencies"]
    name = project["name"]
    out: list[str] = list(project["dependencies"])
    todo, done = list(extras), set()
    while todo:
        extra = todo.pop(0)
        if extra in done:
            continue
        done.add(extra)
        for req in optional[extra]:
            own = re.fullmatch(rf"\s*{re.escape(name)}\[([^\]]*)\]\s*(;.*)?", req)  # a marker: all the same here
            if own:
                todo += [e.strip() for e in own.group(1).split(",")]
            elif req not in out:
                out.append(req)
    floors(out)  # every one has a floor
    return out


def check_installed(requirements: list[str]) -> list[str]:
    """Which requirement (that applies here) is installed at another version than its floor."""
    from importlib.metadata import PackageNotFoundError, version

    from packaging.markers import Marker
    from packaging.version import Version

    problems = []
    for req in requirements:
        m = FLOOR.fullmatch(req)
        if not m:
            raise ValueError(f"requirement {req!r} has no >= floor")
        if m.group(5) and not Marker(m.group(5)[1:].strip()).evaluate():
            continue  # not for this Python or system
        name, floor = m.group(1), Version(m.group(3))
        try:
            have = Version(version(name))
        except PackageNotFoundError:
            problems.append(f"{name}: not installed (floor {floor})")
            continue
        width = max(len(floor.release), 2)
        if have.release[:width] != (floor.release + (0,) * width)[:width]:
            problems.append(
                f"{name}: the oldest installable version is {have}, the floor says {floor}: raise the floor"
            )
    return problems


def main(argv: list[str]) -> int:
    args = list(argv)
    path = ROOT / "pyproject.toml"
    if args and not args[-1].startswith("-") and args[-1].endswith(".toml"):
        path = pathlib.Path(args.pop())
    if args[:1] == ["--extras"] and len(args) == 2:
        print("\n".join(extra_requirements(path, [e for e in args[1].split(",") if e])))
    elif args[:1] == ["--check"] and len(args) == 2:
        lines = pathlib.Path(args[1]).read_text(encoding="utf-8").splitlines()
        problems = check_installed([line for line in lines if line.strip()])
        print("\n".join(problems) or f"every floor installed ({len(lines)} requirements)")
        return 1 if problems else 0
    elif not args:
        print("\n".join(floors(dependencies(path))))
    else:
        print(__doc__, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
