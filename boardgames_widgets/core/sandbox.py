"""A sandbox for untrusted agents: every agent in a process of its own.

A sandboxed agent lives in a worker process started with the ``forkserver`` method
(``spawn`` where there is no fork server, as on Windows), never a plain ``fork``:
the worker starts from a fresh interpreter, not a copy of this one, so no game
state is in its memory. It receives the agent once (pickled), then for each move
only the observation and the legal actions, and answers with the *index* of its
choice, checked exactly (:func:`~boardgames_widgets.core.play.legal_index`) — in
plain JSON, so nothing the agent makes is ever unpickled here. Walking the stack
from ``act`` finds the worker's loop, the observation and the legal actions.

Faults cost the agent its game, never the caller: an exception or an illegal
answer comes back as a message; a process that dies (``os._exit``, a crash) is
seen as a closed pipe; a move over the time limit gets the process killed. An
agent that cannot be pickled cannot be sent to a sandbox and loses its game.

Where processes cannot be started (JupyterLite, some locked-down machines,
inside a daemonic worker) agents run in this process instead, with a thread-based
time limit, and a warning says so once.
"""

from __future__ import annotations

import contextlib
import importlib
import json
import multiprocessing
import multiprocessing.context
import os
import pickle
import random
import sys
import threading
import warnings
from typing import Any

from boardgames_widgets.core.api import Game
from boardgames_widgets.core.play import (
    Fault,
    LocalSeat,
    Seat,
    as_agent,
    illegal_detail,
    legal_index,
    short_repr,
)
from boardgames_widgets.core.rng import Seed, derive_seed

#: Seconds a sandbox may take to start and load its agent (imports included).
START_TIME_LIMIT = 60.0
#: The longest answer a sandbox may send (bytes); a longer one is a crash.
MAX_REPLY = 1 << 16

_fallback_warned = False


def processes_available() -> bool:
    """Whether this interpreter can start worker processes at all (not under JupyterLite/WASI)."""
    return sys.platform not in ("emscripten", "wasi")


def sandbox_context() -> multiprocessing.context.BaseContext:
    """The start method for sandboxes and process pools: ``forkserver`` if there is one, else ``spawn``."""
    method = "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn"
    return multiprocessing.get_context(method)


def _forget_inherited_fork_server() -> None:
    """In a child made by a plain ``fork`` (a default ``ProcessPoolExecutor`` worker on Linux):
    drop the parent's fork server, so that this process starts a server of its own.

    The parent's server is not this process's to use: asking whether it is still alive
    (``os.waitpid`` on a process that is not our child) fails with ``ChildProcessError``,
    and every sandbox would then fall back to in-process play, where a frame walker can
    find the state in memory.
    """
    server = _fork_server()
    if server is None or getattr(server, "_forkserver_pid", None) is None:
        return
    alive = getattr(server, "_forkserver_alive_fd", None)
    fresh = {"_forkserver_address": None, "_forkserver_alive_fd": None, "_forkserver_pid": None}
    if hasattr(server, "_forkserver_authkey"):
        fresh["_forkserver_authkey"] = None
    server.__dict__.update(fresh, _lock=threading.Lock())  # a lock held at the fork would never be released
    if alive is not None:
        with contextlib.suppress(OSError):
            os.close(alive)  # the parent's server must not stay alive because of this process


def _fork_server() -> Any:
    """The standard library's fork server object, or ``None`` where there is none."""
    try:
        from multiprocessing import forkserver
    except ImportError:  # pragma: no cover - no fork server on this platform
        return None
    return getattr(forkserver, "_forkserver", None)


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_forget_inherited_fork_server)


def warn_fallback(why: object) -> None:
    """Say once that agents run in this process because processes cannot be started."""
    global _fallback_warned
    if not _fallback_warned:
        _fallback_warned = True
        warnings.warn(
            f"cannot start sandbox processes here ({why}): agents run in this process, with a thread-based time limit",
            RuntimeWarning,
            stacklevel=3,
        )


# -- the worker side -------------------------------------------------------------------------
def _reply(conn: Any, **message: Any) -> None:
    conn.send_bytes(json.dumps(message).encode())


def _serve(conn: Any, payload: bytes, modules: tuple[str, ...]) -> None:  # pragma: no cover - runs in the sandbox
    """The sandbox's loop: load the agent for each game, answer each move with an index."""
    try:
        for module in modules:
            importlib.import_module(module)
    except BaseException as exc:
        _reply(conn, crash=f"could not be loaded: {type(exc).__name__}: {exc}")
        return
    _reply(conn, ready=True)
    agent: Any = None
    rng = random.Random()
    while True:
        try:
            message = conn.recv()
        except (EOFError, OSError):
            return
        if message is None:
            return
        kind = message[0]
        try:
            if kind == "game":
                agent = as_agent(pickle.loads(payload))
                rng = random.Random(message[1])
                reset = getattr(agent, "reset", None)
                if callable(reset):
                    reset()
                _reply(conn, ok=True)
            else:
                legal = message[2]
                action = agent.act(message[1], legal, rng)
                index = legal_index(action, legal)
                if index is None:
                    _reply(conn, illegal=illegal_detail(action, legal))
                else:
                    _reply(conn, index=index)
        except BaseException as exc:
            _reply(conn, crash=f"raised {type(exc).__name__}: {str(exc)[:300]}")


# -- the caller's side -----------------------------------------------------------------------
class Sandbox:
    """One worker process holding one agent.

    Raises:
        OSError: the process cannot be started (also other start failures, see :func:`open_seat`).
    """

    def __init__(self, payload: bytes, modules: tuple[str, ...] = (), name: str = "agent") -> None:
        ctx = sandbox_context()
        self.payload = payload
        self.conn, child = ctx.Pipe()
        self.process = ctx.Process(  # type: ignore[attr-defined]
            target=_serve, args=(child, payload, modules), name=f"sandbox: {name}", daemon=True
        )
        self.process.start()
        child.close()
        self.alive = True
        self.ready = False

    def _receive(self, limit: float | None, what: str) -> dict[str, Any]:
        """The worker's next message (a JSON object).

        Raises:
            Fault: no answer in time (the process is killed), the process died, or nonsense came.
        """
        try:
            answered = self.conn.poll(limit)
        except (OSError, EOFError):
            answered = True
        if not answered:
            self.kill()
            raise Fault("time", f"did not {what} within {limit:g} s")
        try:
            data = self.conn.recv_bytes(MAX_REPLY)
            message = json.loads(data)
        except (EOFError, OSError, ValueError) as exc:
            self.kill()
            code = self.process.exitcode
            ended = (
                f"crashed: its process ended (exit code {code})"
                if code is not None
                else f"crashed: its process broke ({exc})"
            )
            raise Fault("crash", ended) from exc
        if not isinstance(message, dict):
            self.kill()
            raise Fault("crash", "crashed: its process sent nonsense")
        return message

    def _send(self, message: Any) -> None:
        try:
            self.conn.send(message)
        except (OSError, EOFError, BrokenPipeError) as exc:
            self.kill()
            raise Fault("crash", f"crashed: its process ended (exit code {self.process.exitcode})") from exc

    def start_game(self, seed: str) -> None:
        """Load a fresh copy of the agent with its generator seeded by ``seed``.

        Raises:
            Fault: the agent could not be loaded or reset.
        """
        if not self.alive:
            raise Fault("crash", "crashed: its process has ended")
        if not self.ready:
            message = self._receive(START_TIME_LIMIT, "start")
            if "crash" in message:
                self.kill()
                raise Fault("crash", str(message["crash"]))
            self.ready = True
        self._send(("game", seed))
        message = self._receive(START_TIME_LIMIT, "load")
        if "crash" in message:
            raise Fault("crash", str(message["crash"]))

    def act(self, observation: Any, legal_actions: tuple[Any, ...], limit: float | None) -> int:
        """The index of the agent's choice among ``legal_actions``.

        Raises:
            Fault: the agent raised, answered illegally, too late, or its process died.
        """
        self._send(("act", observation, legal_actions))
        message = self._receive(limit, "answer")
        index = message.get("index")
        if type(index) is int and 0 <= index < len(legal_actions):
            return index
        if "illegal" in message:
            raise Fault("illegal", str(message["illegal"]))
        if "crash" in message:
            raise Fault("crash", str(message["crash"]))
        self.kill()
        raise Fault("crash", "crashed: its process sent nonsense")

    def kill(self) -> None:
        """Stop the process now."""
        self.alive = False
        if self.process.is_alive():
            self.process.kill()
        self.process.join(5)
        self.conn.close()

    def close(self) -> None:
        """Ask the process to end; kill it if it does not."""
        if self.alive:
            self.alive = False
            with contextlib.suppress(OSError, EOFError):
                self.conn.send(None)
            self.process.join(1)
        if self.process.is_alive():
            self.process.kill()
            self.process.join(5)
        self.conn.close()


class SandboxSeat:
    """A seat whose agent runs in a :class:`Sandbox`."""

    def __init__(self, sandbox: Sandbox, move_time_limit: float | None, pool: SandboxPool | None = None) -> None:
        self.sandbox = sandbox
        self.move_time_limit = move_time_limit
        self.pool = pool

    def start(self, seed: Seed, seat: int) -> None:
        """Load a fresh copy of the agent for seat ``seat`` of the game seeded ``seed``.

        Raises:
            Fault: the agent could not be loaded or reset.
        """
        self.sandbox.start_game(derive_seed(seed, "agent", seat))

    def act(self, observation: Any, legal_actions: tuple[Any, ...]) -> int:
        """The index of the agent's choice.

        Raises:
            Fault: the agent raised, answered illegally, too late, or its process died.
        """
        return self.sandbox.act(observation, legal_actions, self.move_time_limit)

    def close(self) -> None:
        """Give the sandbox back to its pool (or stop it)."""
        if self.pool is not None:
            self.pool.give_back(self.sandbox)
        else:
            self.sandbox.close()


class BrokenSeat:
    """A seat whose agent cannot even be seated (it cannot be pickled): it loses at the start."""

    def __init__(self, fault: Fault) -> None:
        self.fault = fault

    def start(self, seed: Seed, seat: int) -> None:
        """Always fails.

        Raises:
            Fault: why the agent cannot play.
        """
        raise self.fault

    def act(self, observation: Any, legal_actions: tuple[Any, ...]) -> int:
        """Never reached.

        Raises:
            Fault: why the agent cannot play.
        """
        raise self.fault

    def close(self) -> None:
        """Nothing to release."""


class SandboxPool:
    """Idle sandboxes kept for the next game, by agent; a context manager that stops them all."""

    def __init__(self) -> None:
        self._idle: dict[bytes, list[Sandbox]] = {}
        self._lock = threading.Lock()

    def take(self, payload: bytes, modules: tuple[str, ...], name: str) -> Sandbox:
        """An idle live sandbox with this agent, or a new one.

        Raises:
            OSError: a new process cannot be started.
        """
        with self._lock:
            idle = self._idle.get(payload, [])
            while idle:
                box = idle.pop()
                if box.alive and box.process.is_alive():
                    return box
                box.close()
        return Sandbox(payload, modules, name)

    def give_back(self, sandbox: Sandbox) -> None:
        """Keep a sandbox that is still alive for reuse."""
        if sandbox.alive and sandbox.process.is_alive():
            with self._lock:
                self._idle.setdefault(sandbox.payload, []).append(sandbox)
        else:
            sandbox.close()

    def close(self) -> None:
        """Stop every idle sandbox."""
        with self._lock:
            boxes = [b for idle in self._idle.values() for b in idle]
            self._idle.clear()
        for b in boxes:
            b.close()

    def __enter__(self) -> SandboxPool:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


_shared_pool: SandboxPool | None = None


def shared_pool() -> SandboxPool:
    """This process's pool of idle sandboxes (worker processes of a tournament reuse theirs)."""
    global _shared_pool
    if _shared_pool is None:
        _shared_pool = SandboxPool()
    return _shared_pool


def open_seat(
    agent: Any, game: Game[Any, Any], move_time_limit: float | None = None, pool: SandboxPool | None = None
) -> Seat:
    """A seat for ``agent`` in a sandbox (from ``pool`` if given).

    An agent that cannot be pickled gets a seat that loses at the start; where
    processes cannot be started, the agent runs in this process (warned once).
    """
    if not processes_available():
        warn_fallback(f"no processes on {sys.platform}")
        return LocalSeat(agent, move_time_limit)
    try:
        payload = pickle.dumps(agent)
    except Exception as exc:
        detail = f"could not be sent to its sandbox: it cannot be pickled ({type(exc).__name__}: {exc})"
        return BrokenSeat(Fault("crash", detail))
    modules = (type(game).__module__,)
    name = short_repr(getattr(agent, "name", type(agent).__name__), 60)
    try:
        box = pool.take(payload, modules, name) if pool is not None else Sandbox(payload, modules, name)
    except (OSError, RuntimeError, AssertionError, ImportError, ValueError, NotImplementedError) as exc:
        warn_fallback(f"{type(exc).__name__}: {exc}")
        return LocalSeat(agent, move_time_limit)
    return SandboxSeat(box, move_time_limit, pool)
