"""A sandbox for untrusted agents: every agent in a confined process of its own.

A sandbox is a subprocess (``python -m boardgames_widgets.core.sandbox_child``, not a
multiprocessing child), so process pools, dask's daemonic workers and scripts
without a ``__main__`` guard all start it the same way. The caller sends it the agent
once, then for each move only the observation and the legal actions; it answers
with the *index* of its choice, checked exactly, as a short JSON object — nothing an
agent makes is ever unpickled by the caller.

Layers of isolation (:func:`isolation_layer`):

``"bwrap"`` (Linux, the default for student code)
    The process runs under bubblewrap: the whole file system read-only, the
    folders in ``hide`` (other students' files, the results) replaced by empty
    ones, a private ``/tmp``, no network, its own process, IPC and user
    namespaces (it cannot see or signal any other process), every capability
    dropped, a new session, and it dies with its parent; a seccomp filter refuses
    every new process (threads are allowed) on x86-64 and arm64. Resource limits:
    address space, CPU time, open files, output size; the number of processes is
    also limited by ``RLIMIT_NPROC`` (when not run as root) and watched by the caller.
``"process"`` (only with ``trust=True``)
    A plain subprocess with the same resource limits and no confinement, for
    agents you trust (your own bots) or systems without bubblewrap.

If bubblewrap cannot start, :func:`isolation_layer` raises :class:`IsolationError`
with the reason — there is no silent fallback to a weaker layer or to this process.

Faults cost the agent its game, never the caller: an exception or an illegal
answer comes back as a message; a process that dies (a crash, a resource limit)
is seen as a closed pipe; a move over the time limit gets the process killed.
"""

from __future__ import annotations

import contextlib
import ctypes
import functools
import inspect
import os
import pickle
import select
import shutil
import signal
import subprocess
import sys
import threading
import time
import types
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from boardgames_widgets.core.api import Game
from boardgames_widgets.core.rng import Seed, derive_seed
from boardgames_widgets.core.sandbox_child import MAX_REPLY, read_frame, write_frame
from boardgames_widgets.core.seats import Fault, Seat, short_repr

#: Seconds a sandbox may take to start and load its agent (imports included).
START_TIME_LIMIT = 60.0
#: A move's time limit counts the agent's own CPU time: a process that did not get the CPU because the
#: machine is busy (a class server, a laptop running other work) is waited for, up to this many
#: times the limit of wall time. A process that loops uses its CPU and is stopped at the limit;
#: one that sleeps or blocks is stopped here. (Where the CPU time cannot be read, outside Linux,
#: the limit is wall time.)
BUSY_MACHINE_GRACE = 4.0
#: The layers of isolation, strongest first.
LAYERS = ("bwrap", "process")


class IsolationError(RuntimeError):
    """No isolation layer can start here (the message says why and what to do)."""


@dataclass(frozen=True)
class Limits:
    """What a sandboxed agent may use.

    Attributes:
        memory_mb: address space of its process (``RLIMIT_AS``), in MiB.
        cpu_seconds: CPU time of its process over its whole life (``RLIMIT_CPU``).
        processes: processes it may run at once (its own included).
        open_files: file descriptors (``RLIMIT_NOFILE``).
        output_bytes: what it may print (more is dropped; writing past it fails).
        start_time: seconds to start and import (charged to the agent: a forfeit).
        reset_time: seconds its ``reset()`` may take at the start of a game (a forfeit).
    """

    memory_mb: int = 1024
    cpu_seconds: int = 1800
    processes: int = 8
    open_files: int = 64
    output_bytes: int = 1 << 20
    start_time: float = START_TIME_LIMIT
    reset_time: float | None = 10.0


@dataclass(frozen=True)
class Confinement:
    """Where and how a sandbox runs.

    Attributes:
        layer: ``"bwrap"`` or ``"process"`` (see :func:`isolation_layer`).
        limits: its resource limits.
        hide: folders it must not see (replaced by empty ones under ``bwrap``).
        reveal: files inside hidden folders it may read (its own agent file).
        output: a file its output is appended to (``None``: this process's output).
    """

    layer: str = "bwrap"
    limits: Limits = Limits()
    hide: tuple[str, ...] = ()
    reveal: tuple[str, ...] = ()
    output: str | None = None


#: The sandbox's own empty, writable /tmp (a tmpfs): nothing the teacher keeps there is seen.
_SCRATCH = "/tmp"


_BWRAP_FLAGS = (
    "--unshare-all",
    "--die-with-parent",
    "--new-session",
    "--cap-drop",
    "ALL",
    "--uid",
    "65534",
    "--gid",
    "65534",
)


# -- seccomp: no new processes (threads are fine) --------------------------------------------------
#: (audit arch, clone, clone3, fork, vfork) per machine; -1: no such system call there
_SYSCALLS = {
    "x86_64": (0xC000003E, 56, 435, 57, 58),
    "aarch64": (0xC00000B7, 220, 435, -1, -1),
}
_CLONE_THREAD = 0x00010000


def seccomp_program(machine: str | None = None) -> bytes | None:
    """A classic-BPF seccomp filter that refuses every new process but allows threads (``None`` if unknown here).

    ``fork``/``vfork`` and ``clone`` without ``CLONE_THREAD`` fail with ``EPERM``; ``clone3``
    with ``ENOSYS`` (so the C library makes its threads with ``clone``); system calls of
    another ABI (32-bit, x32) fail with ``EPERM``. Given to bubblewrap (``--seccomp``).
    """
    import platform
    import struct

    numbers = _SYSCALLS.get(machine or platform.machine())
    if numbers is None:
        return None
    arch, clone, clone3, fork, vfork = numbers

    def ins(code: int, k: int, jt: int = 0, jf: int = 0) -> bytes:
        return struct.pack("=HBBI", code, jt, jf, k & 0xFFFFFFFF)

    ld, jeq, jge, jset, ret = 0x20, 0x15, 0x35, 0x45, 0x06
    allow, eperm, enosys = 0x7FFF0000, 0x00050000 | 1, 0x00050000 | 38
    program = [  # jumps count from the next instruction
        ins(ld, 4),  # 0: the ABI
        ins(jeq, arch, 0, 9),  # 1: another ABI -> 11
        ins(ld, 0),  # 2: the system call's number
        ins(jge, 0x40000000, 7, 0),  # 3: x32 -> 11
        ins(jeq, fork, 6, 0),  # 4: fork -> 11
        ins(jeq, vfork, 5, 0),  # 5: vfork -> 11
        ins(jeq, clone3, 5, 0),  # 6: clone3 -> 12
        ins(jeq, clone, 0, 2),  # 7: not clone -> 10
        ins(ld, 16),  # 8: clone's flags (their low half)
        ins(jset, _CLONE_THREAD, 0, 1),  # 9: a thread -> 10, else 11
        ins(ret, allow),  # 10
        ins(ret, eperm),  # 11
        ins(ret, enosys),  # 12
    ]
    return b"".join(program)


def processes_available() -> bool:
    """Whether this interpreter can start processes at all (not under JupyterLite/WASI)."""
    return sys.platform not in ("emscripten", "wasi")


@functools.cache
def _bwrap_status() -> str | None:
    """``None`` if bubblewrap works here, else why not."""
    if not sys.platform.startswith("linux"):
        return f"OS isolation is Linux-only (bubblewrap); this is {sys.platform}"
    bwrap = shutil.which("bwrap")
    if bwrap is None:
        return "bubblewrap is not installed (on Debian/Ubuntu: apt install bubblewrap)"
    command = [bwrap, "--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc", "--tmpfs", _SCRATCH]
    for folder in _needed_inside((_SCRATCH,)):
        command += ["--ro-bind", folder, folder]
    command += _BWRAP_FLAGS
    try:
        done = subprocess.run(
            [*command, "--", sys.executable, "-c", "pass"], capture_output=True, timeout=60, check=False
        )
    except (OSError, subprocess.TimeoutExpired) as exc:
        return f"bubblewrap could not start: {exc}"
    if done.returncode != 0:
        why = done.stderr.decode(errors="replace").strip()[:300] or f"exit code {done.returncode}"
        return f"bubblewrap could not start a sandbox here: {why}"
    return None


def isolation_layer(trust: bool = False) -> str:
    """The layer sandboxes use here: ``"bwrap"``, or ``"process"`` when ``trust`` and bubblewrap cannot start.

    Raises:
        IsolationError: bubblewrap cannot start (the message says why) and ``trust`` is false,
            or no process can be started at all.
    """
    if not processes_available():
        raise IsolationError(f"no processes can be started on {sys.platform}: agents cannot be isolated")
    problem = _bwrap_status()
    if problem is None:
        return "bwrap"
    if trust:
        return "process"
    raise IsolationError(
        f"refusing to run untrusted agents: {problem}. Pass trust_students=True (--trust-students) "
        "only if you trust every agent file: they would then run as your own user, unconfined."
    )


def describe_layer(layer: str) -> str:
    """One line for people: what protects the teacher under ``layer``."""
    if layer == "bwrap":
        return "isolation: bubblewrap (read-only, others hidden, no network, own PIDs) + resource limits"
    if layer == "process":
        return "isolation: NONE (agents trusted): own processes with resource limits, not confined"
    return f"isolation: {layer}"


# -- the agent, as sent to its process ---------------------------------------------------------
def _module_globals(code: types.CodeType, namespace: dict[str, Any]) -> list[tuple[str, str]]:
    """``(name, module)`` for each module the code (and code nested in it) refers to by a global name."""
    found: list[tuple[str, str]] = []
    codes = [code]
    while codes:
        c = codes.pop()
        for name in c.co_names:
            value = namespace.get(name)
            if isinstance(value, types.ModuleType) and (name, value.__name__) not in found:
                found.append((name, value.__name__))
        codes.extend(k for k in c.co_consts if isinstance(k, types.CodeType))
    return found


def _source_spec(agent: Any) -> dict[str, Any]:
    """An agent defined in ``__main__`` (a notebook cell, a script) sent as its source code.

    Raises:
        TypeError: its source cannot be found.
        OSError: its source cannot be found.
    """
    target = agent if isinstance(agent, types.FunctionType) else type(agent)
    source = inspect.getsource(target)
    namespace = getattr(sys.modules.get(target.__module__), "__dict__", {})
    codes = (
        [agent.__code__]
        if isinstance(agent, types.FunctionType)
        else [f.__code__ for f in vars(target).values() if isinstance(f, types.FunctionType)]
    )
    imports = sorted({pair for c in codes for pair in _module_globals(c, namespace)})
    spec: dict[str, Any] = {
        "kind": "source",
        "source": _dedent(source),
        "name": target.__name__,
        "imports": imports,
    }
    if not isinstance(agent, types.FunctionType):
        spec["state"] = pickle.dumps(vars(agent))
    return spec


def _dedent(source: str) -> str:
    import textwrap

    return textwrap.dedent(source)


def agent_spec(agent: Any) -> dict[str, Any]:
    """How ``agent`` is sent to its sandbox: its file, a pickle by reference, or its source.

    Raises:
        Fault: the agent cannot be sent (a ``"crash"``, charged to it).
    """
    path, attribute = getattr(agent, "path", None), getattr(agent, "attribute", None)
    if type(agent).__name__ == "FileAgent" and isinstance(path, str) and isinstance(attribute, str):
        return {"kind": "file", "path": path, "attribute": attribute}
    target = agent if isinstance(agent, types.FunctionType) else type(agent)
    if getattr(target, "__module__", None) == "__main__" and getattr(target, "__name__", "<") != "<lambda>":
        try:
            return _source_spec(agent)
        except (OSError, TypeError, pickle.PicklingError) as exc:
            raise Fault("crash", f"could not be sent to its sandbox: its source cannot be found ({exc})") from exc
    try:
        return {"kind": "pickle", "data": pickle.dumps(agent)}
    except Exception as exc:
        detail = f"could not be sent to its sandbox: it cannot be pickled ({type(exc).__name__}: {exc})"
        raise Fault("crash", detail) from exc


# -- the caller's side -----------------------------------------------------------------------
def _python_path() -> str:
    import boardgames_widgets

    here = str(Path(boardgames_widgets.__file__).resolve().parent.parent)
    entries = [here, *(p for p in sys.path if p and Path(p).is_dir())]
    return os.pathsep.join(dict.fromkeys(entries))


try:  # POSIX only: on Windows there are no sandboxes (isolation is Linux-only), the import must not fail
    import resource
except ImportError:  # pragma: no cover - Windows
    resource = None  # type: ignore[assignment]

_LIBC: Any = None
if sys.platform.startswith("linux"):
    with contextlib.suppress(OSError):
        _LIBC = ctypes.CDLL(None, use_errno=True)


def _set_limits(limits: Limits) -> None:  # pragma: no cover - runs in the child between fork and exec
    if _LIBC is not None:  # die with the thread that started it (bubblewrap does so too)
        with contextlib.suppress(Exception):
            _LIBC.prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    if resource is None:  # pragma: no cover - Windows
        return
    mb = limits.memory_mb << 20
    pairs = [
        (resource.RLIMIT_AS, mb),
        (resource.RLIMIT_CPU, limits.cpu_seconds),
        (resource.RLIMIT_NOFILE, limits.open_files),
        (resource.RLIMIT_FSIZE, limits.output_bytes + 4096),
        (resource.RLIMIT_CORE, 0),
    ]
    if os.geteuid() != 0:  # root is not held to RLIMIT_NPROC: the caller counts processes instead
        pairs.append((resource.RLIMIT_NPROC, limits.processes + 2))
    for which, value in pairs:
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(which, (value, value))


def _needed_inside(hidden: tuple[str, ...]) -> list[str]:
    """The package and the interpreter's folders that lie in a hidden folder (they are shown again, read-only)."""
    import boardgames_widgets

    needed = [Path(boardgames_widgets.__file__).resolve().parent, Path(sys.prefix), Path(sys.base_prefix)]
    found: list[str] = []
    for path in needed:
        for folder in hidden:
            if path.is_relative_to(folder) and str(path) not in found:
                found.append(str(path))
    return found


def _code_in_scratch(hidden: tuple[str, ...]) -> list[str]:
    """The child's import path entries that lie in /tmp, outside every hidden folder.

    The sandbox's own /tmp is empty, so code kept there (a checkout or a venv in /tmp, the
    test modules that define agents) is shown again, read-only. They are mounted before the
    hidden folders, so a hidden folder inside one of them stays hidden.
    """
    found: list[str] = []
    for entry in _python_path().split(os.pathsep):
        path = Path(entry)
        inside = path.is_relative_to(_SCRATCH) and path != Path(_SCRATCH)
        if inside and not any(path.is_relative_to(folder) for folder in hidden):
            found.append(entry)
    return found


def sandbox_command(confinement: Confinement, in_fd: int, out_fd: int, seccomp_fd: int | None = None) -> list[str]:
    """The command line that starts a sandbox under ``confinement`` (``seccomp_fd``: a filter for bubblewrap)."""
    child = [
        sys.executable,
        "-B",
        "-c",
        "import sys; from boardgames_widgets.core.sandbox_child import main; main(sys.argv)",
        str(in_fd),
        str(out_fd),
        str(confinement.limits.output_bytes),
    ]
    if confinement.layer != "bwrap":
        return child
    bwrap = shutil.which("bwrap") or "bwrap"
    command = [bwrap, "--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc", "--tmpfs", _SCRATCH]
    for folder in _code_in_scratch(confinement.hide):
        command += ["--ro-bind", folder, folder]
    for folder in confinement.hide:
        command += ["--tmpfs", folder]
    for file in (*confinement.reveal, *_needed_inside((_SCRATCH, *confinement.hide))):
        command += ["--ro-bind", file, file]
    for folder in confinement.hide:
        command += ["--remount-ro", folder]
    if seccomp_fd is not None:
        command += ["--seccomp", str(seccomp_fd)]
    return [*command, *_BWRAP_FLAGS, "--chdir", _SCRATCH, "--", *child]


def _environment(layer: str) -> dict[str, str]:
    keep = ("PATH", "LANG", "LC_ALL", "SYSTEMROOT")
    env = {k: v for k, v in os.environ.items() if k in keep}
    env.update(
        PYTHONPATH=_python_path(),
        HOME="/tmp",
        PYTHONDONTWRITEBYTECODE="1",
        BGW_SANDBOX=layer,
        OPENBLAS_NUM_THREADS="1",
        OMP_NUM_THREADS="1",
        MKL_NUM_THREADS="1",
    )
    return env


def _process_tree(pid: int) -> dict[int, list[bytes]] | None:
    """The ``/proc/PID/stat`` fields (after the name) of ``pid`` and its descendants, by process id;
    ``None`` without ``/proc``.

    Processes with a smaller number than ``pid`` are not looked at (they are older).
    """
    stats: dict[int, list[bytes]] = {}
    try:
        entries = os.listdir("/proc")
    except OSError:
        return None
    for entry in entries:
        if entry.isdigit() and int(entry) >= pid:  # its descendants came later (unless pids wrapped around)
            try:
                with open(f"/proc/{entry}/stat", "rb") as f:
                    stat = f.read()
            except OSError:
                continue
            stats[int(entry)] = stat[stat.rfind(b")") + 2 :].split()
    if pid not in stats:
        return None
    tree: dict[int, list[bytes]] = {}
    frontier = {pid}
    while frontier:
        tree.update((p, stats[p]) for p in frontier)
        frontier = {p for p, fields in stats.items() if int(fields[1]) in frontier}
    return tree


def _processes_in(pid: int) -> int:
    """How many processes descend from ``pid`` (itself included); Linux only, 0 elsewhere."""
    return len(_process_tree(pid) or ())


_CLOCK_TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def _cpu_seconds_in(pid: int) -> float | None:
    """The CPU time ``pid`` and its descendants have used (theirs and their ended children's); ``None`` unknown."""
    tree = _process_tree(pid)
    if tree is None:
        return None
    # fields 14-17 of stat (utime, stime, cutime, cstime) are 11-14 after the pid and the name
    return sum(int(f) for fields in tree.values() for f in fields[11:15]) / _CLOCK_TICKS


class Sandbox:
    """One confined process holding one agent.

    Raises:
        OSError: the process cannot be started.
    """

    def __init__(self, spec: dict[str, Any], modules: tuple[str, ...], name: str, confinement: Confinement) -> None:
        self.spec = spec
        self.key = pickle.dumps((spec, modules, confinement))
        self.confinement = confinement
        self.limits = confinement.limits
        child_in, self._to_child = os.pipe()
        self._from_child, child_out = os.pipe()
        passed = [child_in, child_out]
        seccomp_fd = None
        program = seccomp_program() if confinement.layer == "bwrap" else None
        if program is not None:  # no new processes inside (threads are fine)
            seccomp_fd, write_end = os.pipe()
            os.write(write_end, program)
            os.close(write_end)
            passed.append(seccomp_fd)
        output: Any = None
        if confinement.output is not None:
            output = open(confinement.output, "ab")  # noqa: SIM115 - handed to the child, closed below
        try:
            self.process = subprocess.Popen(
                sandbox_command(confinement, child_in, child_out, seccomp_fd),
                stdin=subprocess.DEVNULL,
                stdout=output,
                stderr=output,
                pass_fds=tuple(passed),
                env=_environment(confinement.layer),
                start_new_session=True,
                preexec_fn=functools.partial(_set_limits, self.limits),
                close_fds=True,
            )
        except BaseException:
            for fd in (self._to_child, self._from_child):
                os.close(fd)
            raise
        finally:
            for fd in passed:
                os.close(fd)
            if output is not None:
                output.close()
        self.name = name
        self.alive = True
        self.ready = False
        self.games = 0
        self._modules = modules
        self._counted = 0.0

    # -- talking to it --
    def _receive(self, limit: float | None, what: str, cpu_limit: bool = False) -> dict[str, Any]:
        """The process's next message (a JSON object), within ``limit`` seconds.

        With ``cpu_limit`` (a move) the seconds are the process's own CPU time, and a process a
        busy machine kept off the CPU is waited for up to :data:`BUSY_MACHINE_GRACE` times
        ``limit``; otherwise (start, reset) they are wall time.

        Raises:
            Fault: no answer in time (the process is killed), the process died, too many
                processes, or nonsense came.
        """
        import json

        began = time.monotonic()
        deadline = None if limit is None else began + limit
        cpu_before = _cpu_seconds_in(self.process.pid) if cpu_limit and limit is not None else None
        while True:
            wait = 0.5 if deadline is None else min(0.5, deadline - time.monotonic())
            if wait <= 0 and limit is not None:
                owed = self._cpu_owed(limit, cpu_before)
                last = began + limit * BUSY_MACHINE_GRACE
                if owed is not None and owed > 0 and time.monotonic() < last:
                    deadline = min(time.monotonic() + max(owed, 0.02), last)
                    continue  # a busy machine kept it from the CPU: wait for the time it is owed
                self.kill()
                raise Fault("time", f"did not {what} within {limit:g} s")
            try:
                ready, _, _ = select.select([self._from_child], [], [], wait)
            except (OSError, ValueError):
                ready = [self._from_child]
            if ready:
                break
            self._count_processes(every=1.0)
        self._count_processes(every=2.0)
        try:
            data = read_frame(self._from_child, MAX_REPLY)
            message = json.loads(data) if data is not None else None
        except (OSError, ValueError) as exc:
            self.kill()
            raise Fault("crash", f"crashed: its process sent nonsense ({short_repr(str(exc), 80)})") from exc
        if message is None:  # it closed its pipe: it is ending, say how
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.process.wait(2)
            fault = self._ended()
            self.kill()
            raise fault
        if not isinstance(message, dict):
            self.kill()
            raise Fault("crash", "crashed: its process sent nonsense")
        return message

    def _cpu_owed(self, limit: float, before: float | None) -> float | None:
        """The CPU seconds of ``limit`` the sandbox has not used since ``before``; ``None`` unknown."""
        now = _cpu_seconds_in(self.process.pid)
        if before is None or now is None:
            return None
        return limit - (now - before)

    def _count_processes(self, every: float = 0.0) -> None:
        """Kill the sandbox if its agent runs too many processes (checked at most once per ``every`` seconds).

        Raises:
            Fault: too many processes.
        """
        now = time.monotonic()
        if now - self._counted < every:
            return
        self._counted = now
        if _processes_in(self.process.pid) > self.limits.processes + 3:  # bubblewrap's own two, and the agent's
            self.kill()
            raise Fault("crash", f"started more than {self.limits.processes} processes")

    def _ended(self) -> Fault:
        code = self.process.poll()
        if code is None:
            return Fault("crash", "crashed: its process closed its pipe")
        if code == -signal.SIGXCPU or code == 128 + signal.SIGXCPU:
            return Fault("time", "used up its CPU time limit")
        if code < 0:
            name = signal.Signals(-code).name if -code in signal.Signals._value2member_map_ else str(-code)
            return Fault("crash", f"crashed: its process was killed ({name})")
        return Fault("crash", f"crashed: its process ended (exit code {code})")

    def _send(self, message: Any) -> None:
        try:
            write_frame(self._to_child, pickle.dumps(message))
        except (OSError, ValueError) as exc:
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.process.wait(2)
            fault = self._ended()
            self.kill()
            raise fault from exc

    @staticmethod
    def _fault(message: dict[str, Any]) -> Fault:
        text = str(message.get("crash", "crashed"))[:500]
        if message.get("memory") is True:
            return Fault("memory", f"ran out of memory ({text})")
        return Fault("crash", text)

    def _start(self) -> None:
        if not self.ready:
            self._send(("load", self.spec, self._modules))
            message = self._receive(self.limits.start_time, "start")
            if "crash" in message:
                self.kill()
                raise self._fault(message)
            self.ready = True

    def probe(self, path: str) -> dict[str, Any]:
        """What agent the student file ``path`` defines (see :func:`~boardgames_widgets.core.sandbox_child.probe`).

        Raises:
            Fault: the process did not answer in time or died.
        """
        self._send(("probe", path))
        return self._receive(self.limits.start_time, "finish importing")

    def start_game(self, seed: str) -> None:
        """Load a fresh copy of the agent with its generator seeded by ``seed``.

        Raises:
            Fault: the agent could not be loaded or reset (in time).
        """
        if not self.alive:
            raise Fault("crash", "crashed: its process has ended")
        self._start()
        self.games += 1
        self._send(("game", seed))
        message = self._receive(self.limits.reset_time, "reset")
        if "crash" in message:
            raise self._fault(message)

    def act(self, observation: Any, legal_actions: tuple[Any, ...], limit: float | None) -> int:
        """The index of the agent's choice among ``legal_actions``.

        Raises:
            Fault: the agent raised, answered illegally, too late, or its process died.
        """
        self._send(("act", observation, legal_actions))
        message = self._receive(limit, "answer", cpu_limit=True)
        index = message.get("index")
        if type(index) is int and 0 <= index < len(legal_actions):
            return index
        if "illegal" in message:
            raise Fault("illegal", str(message["illegal"])[:500])
        if "crash" in message:
            raise self._fault(message)
        self.kill()
        raise Fault("crash", "crashed: its process sent nonsense")

    def is_alive(self) -> bool:
        """Whether the process still runs."""
        return self.alive and self.process.poll() is None

    def kill(self) -> None:
        """Stop the process and everything it started, now."""
        self.alive = False
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self.process.pid, signal.SIGKILL)
        with contextlib.suppress(ProcessLookupError):
            self.process.kill()
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.process.wait(5)
        self._close_fds()

    def _close_fds(self) -> None:
        for fd in (self._to_child, self._from_child):
            with contextlib.suppress(OSError):
                os.close(fd)
        self._to_child = self._from_child = -1

    def close(self) -> None:
        """Ask the process to end; then kill what is left of it."""
        if self.alive and self.process.poll() is None:
            with contextlib.suppress(OSError, ValueError):
                write_frame(self._to_child, pickle.dumps(None))
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.process.wait(1)
        self.kill()

    def __del__(self) -> None:  # a sandbox nobody closed must not outlive its owner
        with contextlib.suppress(Exception):
            if self.alive:
                self.kill()


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
    """A seat whose agent cannot even be seated (it cannot be sent to a sandbox): it loses at the start."""

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
        self._all: list[Sandbox] = []
        self._lock = threading.Lock()

    def take(self, spec: dict[str, Any], modules: tuple[str, ...], name: str, confinement: Confinement) -> Sandbox:
        """An idle live sandbox with this agent, or a new one.

        Raises:
            OSError: a new process cannot be started.
        """
        key = pickle.dumps((spec, modules, confinement))
        with self._lock:
            idle = self._idle.get(key, [])
            while idle:
                box = idle.pop()
                if box.is_alive():
                    return box
                box.close()
        box = Sandbox(spec, modules, name, confinement)
        with self._lock:
            self._all = [b for b in self._all if b.alive]
            self._all.append(box)
        return box

    def give_back(self, sandbox: Sandbox) -> None:
        """Keep a sandbox that is still alive for reuse."""
        if sandbox.is_alive():
            with self._lock:
                self._idle.setdefault(sandbox.key, []).append(sandbox)
        else:
            sandbox.close()

    def close(self) -> None:
        """Stop every sandbox this pool started (idle or not)."""
        with self._lock:
            boxes = list(self._all)
            self._all.clear()
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
    agent: Any,
    game: Game[Any, Any],
    move_time_limit: float | None = None,
    pool: SandboxPool | None = None,
    confinement: Confinement | None = None,
) -> Seat:
    """A seat for ``agent`` in a sandbox (from ``pool`` if given).

    An agent that cannot be sent to a process gets a seat that loses at the start.
    ``confinement`` defaults to the ``"bwrap"`` layer with default limits.

    Raises:
        IsolationError: the layer asked for cannot start here.
    """
    if confinement is None:
        confinement = Confinement(isolation_layer())
    elif confinement.layer == "bwrap":
        isolation_layer()  # raises, with the reason, if bubblewrap cannot start
    try:
        spec = agent_spec(agent)
    except Fault as fault:
        return BrokenSeat(fault)
    modules = (type(game).__module__,)
    name = short_repr(getattr(agent, "name", type(agent).__name__), 60)
    try:
        box = (
            pool.take(spec, modules, name, confinement)
            if pool is not None
            else Sandbox(spec, modules, name, confinement)
        )
    except OSError as exc:
        raise IsolationError(f"cannot start a sandbox process: {exc}") from exc
    return SandboxSeat(box, move_time_limit, pool)


def probe_file(path: str, confinement: Confinement, limit: float) -> dict[str, Any]:
    """Import a student file in a sandbox: ``{"attribute", "name"}`` or ``{"problem": text}``.

    Raises:
        IsolationError: no sandbox can be started.
    """
    limits = Limits(**{**confinement.limits.__dict__, "start_time": limit})
    conf = Confinement(confinement.layer, limits, confinement.hide, (*confinement.reveal, path), confinement.output)
    try:
        box = Sandbox({"kind": "probe"}, (), Path(path).name, conf)
    except OSError as exc:
        raise IsolationError(f"cannot start a sandbox process: {exc}") from exc
    try:
        answer = box.probe(path)
    except Fault as fault:
        detail = fault.detail
        if fault.reason == "time":
            detail = f"did not finish importing within {limit:g} s"
        elif detail.startswith("crashed: "):
            detail = "cannot be imported: " + detail.removeprefix("crashed: ")
        return {"problem": detail}
    finally:
        box.close()
    if isinstance(answer.get("problem"), str):
        return {"problem": answer["problem"][:500]}
    if answer.get("attribute") in ("agent", "act") and (answer.get("name") is None or isinstance(answer["name"], str)):
        return {"attribute": answer["attribute"], "name": answer.get("name")}
    return {"problem": "cannot be imported: it answered nonsense"}
