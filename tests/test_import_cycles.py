"""No import circles anywhere in the package (issue 28).

Every module's imports are read with :mod:`ast` — at the top and inside functions (the
lazy imports of ``_repr_svg_`` and friends count: a circle there is still two modules that
need each other), but not those under ``if TYPE_CHECKING:`` — and the graph of the
package's own modules must have no cycle. A package's ``__init__`` importing its own
submodules is not a circle with them (a submodule always runs its package first).
"""

from __future__ import annotations

import ast
import functools
import importlib
import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "boardgames_widgets"
NAME = "boardgames_widgets"


def module_name(path: pathlib.Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES = {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _imports(tree: ast.AST) -> list[ast.Import | ast.ImportFrom]:
    found: list[ast.Import | ast.ImportFrom] = []

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and _is_type_checking(node):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.Import | ast.ImportFrom):
            found.append(node)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    return found


def _resolve(module: str, node: ast.ImportFrom, is_package: bool) -> str:
    if not node.level:
        return node.module or ""
    base = module.split(".") if is_package else module.split(".")[:-1]
    base = base[: len(base) - (node.level - 1)]
    return ".".join([*base, node.module] if node.module else base)


@functools.cache
def import_graph() -> dict[str, set[str]]:
    """module -> the package's modules it imports (a ``from m import name`` of a submodule counts as that submodule)."""
    graph: dict[str, set[str]] = {}
    for module, path in MODULES.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        targets: set[str] = set()
        for node in _imports(tree):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            else:
                source = _resolve(module, node, path.name == "__init__.py")
                names = [f"{source}.{a.name}" if f"{source}.{a.name}" in MODULES else source for a in node.names]
            for name in names:
                while name and name not in MODULES:
                    name = name.rpartition(".")[0]
                if name.startswith(NAME) and name != module and not module.startswith(name + "."):
                    targets.add(name)
        graph[module] = targets
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out: list[list[str]] = []

    def connect(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in graph.get(v, ()):
            if w not in index:
                connect(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                out.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            connect(v)
    return out


def test_the_checker_sees_a_circle() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_the_graph_reads_lazy_imports() -> None:
    graph = import_graph()
    assert "boardgames_widgets.core.registry" in graph["boardgames_widgets.core.painter"]  # inside board_view


def test_the_package_has_no_import_circle() -> None:
    found = cycles(import_graph())
    assert found == [], "import circles:\n" + "\n".join(" <-> ".join(c) for c in found)


@pytest.mark.parametrize("module", sorted(MODULES))
def test_every_module_imports(module: str) -> None:
    if module.startswith(f"{NAME}.widgets") or module.startswith(f"{NAME}.lessons"):
        pytest.importorskip("ipywidgets")
    if module == f"{NAME}.openspiel":
        pytest.importorskip("pyspiel")
    if module in (f"{NAME}.rl.aec", f"{NAME}.rl.gym"):  # the rl extra
        pytest.importorskip("gymnasium")
        pytest.importorskip("pettingzoo")
    importlib.import_module(module)
