"""Showing the package's own code in a lesson.

A lesson that explains an algorithm shows the package's real implementation
(``show_source(enumerate_paths)``, ``show_source(MCTSAgent)``), never a copy that
could drift from it.
"""

from __future__ import annotations

from typing import Any


def source(obj: Any, *, docstring: bool = False) -> str:
    """The source code of a function or class, by default without its docstring.

    Raises:
        TypeError: ``obj`` has no source (a built-in).
    """
    import ast
    import inspect
    import textwrap

    text = textwrap.dedent(inspect.getsource(obj))
    if docstring:
        return text
    tree = ast.parse(text)
    node = tree.body[0]
    body = getattr(node, "body", [])
    if body and isinstance(body[0], ast.Expr) and isinstance(getattr(body[0], "value", None), ast.Constant):
        lines = text.splitlines(keepends=True)
        doc = body[0]
        text = "".join(lines[: doc.lineno - 1] + lines[doc.end_lineno :])
    return text


def show_source(obj: Any, *, docstring: bool = False) -> Any:
    """The source of ``obj`` as highlighted code for a notebook (``IPython.display.Code``)."""
    from IPython.display import Code

    return Code(source(obj, docstring=docstring), language="python")  # type: ignore[no-untyped-call]
