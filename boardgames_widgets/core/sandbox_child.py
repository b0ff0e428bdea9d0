"""The program that runs inside a sandbox: ``python -m boardgames_widgets.core.sandbox_child IN OUT CAP``.

It reads requests from file descriptor ``IN`` (sent by the trusted caller: pickles of
observations and legal actions) and answers on ``OUT`` with plain JSON objects only
(an action's index, a name, an error text), each at most :data:`MAX_REPLY` bytes, so
nothing an agent makes is ever unpickled by the caller. Everything the agent prints
goes to its standard output and error, cut after ``CAP`` bytes.

Requests (each a length-prefixed pickle): ``("probe", path)`` — import a student file
and say which agent it defines; ``("load", spec, modules)`` — import ``modules`` and
keep the agent ``spec``; ``("game", seed)`` — a fresh agent for a new game, its
generator seeded ``seed``, ``reset()``; ``("act", observation, legal_actions)`` —
the index of its move; ``None`` — stop.
"""

from __future__ import annotations

import contextlib
import importlib
import importlib.util
import io
import json
import os
import pickle
import random
import signal
import stat
import struct
import sys
from pathlib import Path
from typing import Any

#: The longest answer a sandbox may send (bytes); a longer one is a crash.
MAX_REPLY = 1 << 16
#: The longest request the caller sends (bytes).
MAX_REQUEST = 1 << 28
_HEADER = struct.Struct(">I")


def write_frame(fd: int, data: bytes) -> None:
    """Write ``data`` with its length in front.

    Raises:
        OSError: the other end is gone.
    """
    view = memoryview(_HEADER.pack(len(data)) + data)
    while view:
        n = os.write(fd, view)
        view = view[n:]


def read_exact(fd: int, n: int) -> bytes | None:
    """``n`` bytes from ``fd``, or ``None`` if it ends first."""
    chunks = bytearray()
    while len(chunks) < n:
        chunk = os.read(fd, n - len(chunks))
        if not chunk:
            return None
        chunks += chunk
    return bytes(chunks)


def read_frame(fd: int, limit: int) -> bytes | None:
    """One length-prefixed message, or ``None`` at the end of the stream.

    Raises:
        ValueError: the message is longer than ``limit`` bytes.
    """
    header = read_exact(fd, _HEADER.size)
    if header is None:
        return None
    (size,) = _HEADER.unpack(header)
    if size > limit:
        raise ValueError(f"a message of {size} bytes (at most {limit})")
    return read_exact(fd, size)


class _CappedOutput(io.TextIOBase):
    """A text stream that writes to a file descriptor until ``cap`` bytes, then drops the rest (said once)."""

    def __init__(self, fd: int, budget: list[int]) -> None:
        self.fd = fd
        self.budget = budget

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        data = text.encode("utf-8", "replace")
        if self.budget[0] > 0:
            part = data[: self.budget[0]]
            self.budget[0] -= len(part)
            if self.budget[0] <= 0:
                part += b"\n[output cut: the limit of the agent's output was reached]\n"
            try:
                os.write(self.fd, part)
            except OSError:
                self.budget[0] = 0
        return len(text)


def _reply(fd: int, **message: Any) -> None:
    data = json.dumps(message).encode()
    if len(data) > MAX_REPLY:  # pragma: no cover - our own messages are short
        data = json.dumps({"crash": "sent an answer that is too long"}).encode()
    write_frame(fd, data)


def _import_file(path: str) -> Any:
    module_name = f"_student_agent_{Path(path).stem}"
    spec = importlib.util.spec_from_file_location(module_name, path)
    if spec is None or spec.loader is None:
        raise ImportError(f"cannot import {path}")
    module = importlib.util.module_from_spec(spec)
    sys.modules[module_name] = module
    spec.loader.exec_module(module)
    return module


def probe(path: str) -> dict[str, Any]:
    """What agent a student file defines: ``{"attribute": ..., "name": ...}`` or ``{"problem": ...}``."""
    try:
        module = _import_file(path)
    except BaseException as exc:
        return {"problem": f"cannot be imported: {type(exc).__name__}: {str(exc)[:300]}"}
    for attribute in ("agent", "act"):
        value = getattr(module, attribute, None)
        if value is not None:
            if not (callable(value) or callable(getattr(value, "act", None))):
                return {"problem": f"its {attribute} is a {type(value).__name__}, not an agent or a function"}
            name = getattr(module, "NAME", None)
            return {"attribute": attribute, "name": name[:200] if isinstance(name, str) else None}
    return {
        "problem": "defines no agent: write a function act(observation, legal_actions, rng) or an object named agent"
    }


def load(spec: dict[str, Any], modules: dict[str, Any]) -> Any:
    """A fresh agent from its ``spec`` (a file, a pickle by reference, or source code)."""
    kind = spec["kind"]
    if kind == "file":
        path = spec["path"]
        if path not in modules:
            modules[path] = _import_file(path)
        return getattr(modules[path], spec["attribute"])
    if kind == "pickle":
        return pickle.loads(spec["data"])  # from the trusted caller
    namespace: dict[str, Any] = {"__name__": "__agent__"}
    for name, module in spec.get("imports", ()):
        namespace[name] = importlib.import_module(module)
    exec(compile(spec["source"], f"<agent {spec['name']}>", "exec"), namespace)  # the agent's own code, in its sandbox
    value = namespace[spec["name"]]
    if "state" in spec:
        agent = value.__new__(value)
        agent.__dict__.update(pickle.loads(spec["state"]))
        return agent
    return value


def serve(in_fd: int, out_fd: int) -> None:  # pragma: no cover - runs in the sandbox
    """Answer requests until told to stop or the caller goes away."""
    from boardgames_widgets.core.seats import as_agent, illegal_detail, legal_index

    spec: dict[str, Any] | None = None
    modules: dict[str, Any] = {}
    agent: Any = None
    rng = random.Random()
    while True:
        try:
            data = read_frame(in_fd, MAX_REQUEST)
        except (OSError, ValueError):
            return
        if data is None:
            return
        request = pickle.loads(data)  # from the trusted caller
        if request is None:
            return
        kind = request[0]
        try:
            if kind == "probe":
                _reply(out_fd, **probe(request[1]))
            elif kind == "load":
                spec = request[1]
                for module in request[2]:
                    importlib.import_module(module)
                if spec is not None and spec.get("kind") == "file":  # imported now, under the start limit
                    modules[spec["path"]] = _import_file(spec["path"])
                _reply(out_fd, ready=True)
            elif kind == "game":
                assert spec is not None
                agent = as_agent(load(spec, modules))
                rng = random.Random(request[1])
                reset = getattr(agent, "reset", None)
                if callable(reset):
                    reset()
                _reply(out_fd, ok=True)
            else:
                legal = request[2]
                action = agent.act(request[1], legal, rng)
                index = legal_index(action, legal)
                if index is None:
                    _reply(out_fd, illegal=illegal_detail(action, legal))
                else:
                    _reply(out_fd, index=index)
        except BaseException as exc:
            text = f"raised {type(exc).__name__}: {str(exc)[:300]}"
            _reply(out_fd, crash=text, memory=isinstance(exc, MemoryError))


def main(argv: list[str]) -> None:  # pragma: no cover - runs in the sandbox
    """Set up the agent's output and serve."""
    in_fd, out_fd, cap = int(argv[1]), int(argv[2]), int(argv[3])
    if hasattr(signal, "SIGXFSZ"):
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write over the output limit fails instead
    used = 0
    with contextlib.suppress(OSError):
        info = os.fstat(1)
        used = info.st_size if stat.S_ISREG(info.st_mode) else 0  # the agent's earlier sandboxes wrote there too
    budget = [cap - used]
    sys.stdout = _CappedOutput(1, budget)
    sys.stderr = _CappedOutput(2, budget)
    with contextlib.suppress(OSError):  # the caller went away (it stopped listening): nothing more to say
        serve(in_fd, out_fd)


if __name__ == "__main__":  # pragma: no cover
    main(sys.argv)
