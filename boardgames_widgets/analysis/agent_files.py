"""Agents from a folder of student files: each file's agent, its digest and its display name.

:func:`load_agents` imports every file of a folder in a sandbox and hands back an
:class:`AgentFolder` of :class:`FileAgent` objects, ready for
:func:`~boardgames_widgets.analysis.tournament.round_robin` (which runs them sandboxed).
A :class:`FileAgent` pickles as its path, so it crosses to a sandbox or a worker process
without its file being imported here (issue 28: split from the tournament runner by reader).
"""

from __future__ import annotations

import hashlib
import os
import sys
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from boardgames_widgets.core.play import as_agent
from boardgames_widgets.core.sandbox import Confinement, Limits, isolation_layer, probe_file

__all__ = ["AgentFolder", "FileAgent", "display_name", "file_digest", "load_agents"]

# Trusted files imported in this process, by path and modification time (an edited file is imported anew).
_modules: dict[tuple[str, float], Any] = {}


def file_digest(path: str | os.PathLike[str]) -> str:
    """The SHA-256 of a file's contents (a changed file is a new agent: its games are played again)."""
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


class FileAgent:
    """An agent defined in a Python file: a sandbox loads it from its path.

    It pickles as its path, so a process pool or a sandbox can take it even if the
    file's agent is a lambda. Played in this process (only with ``trust_students``)
    the file is imported here on first use.

    Attributes:
        path: the file.
        attribute: the name of the agent in it (``"agent"`` or ``"act"``).
        name: the agent's name in tables (its file's name without ``.py``).
        display_name: the file's ``NAME`` (control characters stripped, made unique), or ``name``.
        digest: the SHA-256 of the file when it was loaded.
    """

    def __init__(
        self, path: str | os.PathLike[str], attribute: str, name: str, display_name: str | None = None
    ) -> None:
        self.path = str(Path(path).resolve())
        self.attribute = attribute
        self.name = name
        self.display_name = display_name or name
        self.digest = file_digest(self.path)
        self._agent: Any = None

    def _target(self) -> Any:
        if self._agent is None:
            self._agent = as_agent(getattr(_import_file(self.path), self.attribute))
        return self._agent

    def act(self, observation: Any, legal_actions: Sequence[Any], rng: Any) -> Any:
        """The file's agent's move."""
        return self._target().act(observation, legal_actions, rng)

    def reset(self) -> None:
        """Reset the file's agent, if it can be."""
        reset = getattr(self._target(), "reset", None)
        if callable(reset):
            reset()

    def __getstate__(self) -> dict[str, Any]:
        keep = ("path", "attribute", "name", "display_name", "digest")
        return {k: self.__dict__[k] for k in keep}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state, _agent=None)

    def __repr__(self) -> str:
        return f"FileAgent({self.name!r}, {self.path!r})"


def _import_file(path: str) -> Any:
    """The module of a Python file (imported once per process and version of the file).

    Only for files the teacher trusts: student files are imported in sandboxes.

    Raises:
        ImportError: the file cannot be imported (anything it raises comes through as is).
    """
    import importlib.util

    key = (path, Path(path).stat().st_mtime)
    if key not in _modules:
        module_name = f"_student_agent_{len(_modules)}_{Path(path).stem}"
        spec = importlib.util.spec_from_file_location(module_name, path)
        if spec is None or spec.loader is None:
            raise ImportError(f"cannot import {path}")
        module = importlib.util.module_from_spec(spec)
        sys.modules[module_name] = module  # pickle finds classes defined in the file
        spec.loader.exec_module(module)
        _modules[key] = module
    return _modules[key]


def display_name(text: str) -> str:
    """A ``NAME`` fit for a table: control and format characters dropped, spaces squeezed, 40 characters at most.

    >>> display_name("first\\n| fake row |")
    'first| fake row |'
    """
    kept = "".join(c for c in text if unicodedata.category(c)[0] != "C")
    return " ".join(kept.split())[:40]


@dataclass(frozen=True)
class AgentFolder:
    """The agents of a folder of Python files.

    Attributes:
        agents: the agents by file name without ``.py`` (:class:`FileAgent` objects,
            sandboxed by default), ready for :func:`~boardgames_widgets.analysis.tournament.round_robin`.
        problems: ``(file name, plain message)`` for each file that failed to import
            or defines no agent.
        isolation: the isolation layer the files were imported under.
    """

    agents: dict[str, Any]
    problems: tuple[tuple[str, str], ...] = ()
    isolation: str = ""


def load_agents(
    folder: str | os.PathLike[str],
    *,
    import_time_limit: float = 30.0,
    trust_students: bool = False,
    hide: Sequence[str | os.PathLike[str]] = (),
) -> AgentFolder:
    """Every agent in a folder of student files, and what is wrong with the others.

    A file (``*.py``, not starting with ``_`` or ``.``) defines a function
    ``act(observation, legal_actions, rng)`` or an object ``agent`` (an object with
    such an ``act`` method, or such a function), and may set ``NAME`` (a display
    name: its agent is known by its file name). Each file is first imported in a
    sandbox (bubblewrap: it sees neither the folder's other files nor ``hide``), so a
    file that crashes, loops or calls ``os._exit`` on import is reported, not run
    here; it answers in plain JSON.

    Args:
        folder: the folder.
        import_time_limit: seconds a file may take to import.
        trust_students: where bubblewrap cannot start, import in plain processes
            instead of refusing.
        hide: more folders the files must not see (the results).

    Raises:
        FileNotFoundError: the folder does not exist.
        IsolationError: bubblewrap cannot start and ``trust_students`` is false.
    """
    root = Path(folder)
    if not root.is_dir():
        raise FileNotFoundError(f"no folder {str(root)!r}")
    layer = isolation_layer(trust_students)
    hidden = tuple(sorted({str(root.resolve()), *(str(Path(h).resolve()) for h in hide)}))
    confinement = Confinement(layer, Limits(), hidden)
    agents: dict[str, Any] = {}
    problems: list[tuple[str, str]] = []
    shown: set[str] = set()
    for path in sorted(root.glob("*.py")):
        if path.name.startswith(("_", ".")):
            continue
        found = probe_file(str(path.resolve()), confinement, import_time_limit)
        if "problem" in found:
            problems.append((path.name, str(found["problem"])))
            continue
        name = path.stem
        shown_as = display_name(found["name"]) if isinstance(found["name"], str) else ""
        shown_as = shown_as or name
        if shown_as in shown:
            shown_as = f"{shown_as} ({name})"
        shown.add(shown_as)
        agents[name] = FileAgent(path, found["attribute"], name, shown_as)
    return AgentFolder(agents, tuple(problems), layer)
