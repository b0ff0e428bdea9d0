"""Seats and faults: where an agent runs, and how it breaks the rules of play.

Shared by the one play loop (:class:`~boardgames_widgets.core.session.Session`, which
:func:`~boardgames_widgets.core.play.play_game`, the widgets and the lessons drive) and
the sandbox (:mod:`boardgames_widgets.core.sandbox`), so none of them imports another
for these. A *seat* asks its agent for a move and answers with the *index* of the
choice among the legal actions, checked exactly (:func:`legal_index`); an agent that
raises, answers with anything else, or is too slow makes its seat raise a
:class:`Fault`, which the loop turns into an :class:`AgentError` that costs the agent
its game.
"""

from __future__ import annotations

import ctypes
import random
import sys
import threading
import time
import warnings
from collections.abc import Callable, Sequence
from typing import Any, Literal, Protocol, runtime_checkable

from boardgames_widgets.core.record import GameRecord
from boardgames_widgets.core.rng import Seed, derive_seed


@runtime_checkable
class Agent(Protocol):
    """What a seat needs: pick one of the legal actions from an observation."""

    def act(self, observation: Any, legal_actions: Sequence[Any], rng: random.Random) -> Any:
        """Return one element of ``legal_actions``."""
        ...


class FunctionAgent:
    """Wraps a plain function ``f(observation, legal_actions, rng)`` as an agent."""

    def __init__(self, func: Callable[[Any, Sequence[Any], random.Random], Any], name: str | None = None) -> None:
        self.func = func
        self.name = name or getattr(func, "__name__", "function")

    def act(self, observation: Any, legal_actions: Sequence[Any], rng: random.Random) -> Any:
        return self.func(observation, legal_actions, rng)

    def __repr__(self) -> str:
        return f"FunctionAgent({self.name})"


def as_agent(agent: Any) -> Agent:
    """Accept an agent object or a plain function.

    Raises:
        TypeError: ``agent`` has no ``act`` method and is not callable.
    """
    if hasattr(agent, "act"):
        return agent  # type: ignore[no-any-return]
    if callable(agent):
        return FunctionAgent(agent)
    raise TypeError(
        f"{agent!r} is not an agent: give an object with act(observation, legal_actions, rng) or a function"
    )


def agent_name(agent: Any) -> str:
    """A short name for an agent, for records, logs and tables."""
    name = getattr(agent, "name", None)
    if isinstance(name, str):
        return name
    return type(agent).__name__ if not callable(agent) or hasattr(agent, "act") else getattr(agent, "__name__", "agent")


#: Why an agent lost a game: an illegal answer, an exception (or a dead process), too slow, too much memory.
FaultReason = Literal["illegal", "crash", "time", "memory"]


class Fault(Exception):
    """What a seat reports when its agent broke the rules of play (becomes an :class:`AgentError`).

    Attributes:
        reason: ``"illegal"``, ``"crash"`` or ``"time"``.
        detail: what happened, for people.
    """

    def __init__(self, reason: FaultReason, detail: str) -> None:
        self.reason = reason
        self.detail = detail
        super().__init__(detail)


class AgentError(RuntimeError):
    """An agent crashed, chose an action that is not legal, or ran out of time.

    Attributes:
        seat: the seat of the agent at fault.
        agent: its name.
        reason: ``"illegal"``, ``"crash"`` or ``"time"``.
        detail: what happened, for people: ``"returned an illegal action None"``,
            ``"raised ZeroDivisionError: oops"``, ``"did not answer within 0.5 s"``.
        record: the game record up to (not including) the faulty move; still valid.
    """

    def __init__(self, seat: int, agent: str, reason: str, detail: str, record: GameRecord) -> None:
        self.seat = seat
        self.agent = agent
        self.reason = reason
        self.detail = detail
        self.record = record
        super().__init__(f"agent {agent!r} in seat {seat} {detail} (after {len(record.actions)} actions)")

    def __reduce__(self) -> tuple[Any, ...]:  # picklable, so it survives a process pool
        return (AgentError, (self.seat, self.agent, self.reason, self.detail, self.record))


def agent_rngs(seed: Seed, n: int) -> list[random.Random]:
    """One independent generator per seat, derived from the game's seed (what :meth:`LocalSeat.start` seeds)."""
    return [random.Random(derive_seed(seed, "agent", i)) for i in range(n)]


def legal_index(action: Any, legal_actions: Sequence[Any]) -> int | None:
    """The position of ``action`` among the legal actions, or ``None`` if it is not one.

    Exact: an element counts only if it has the very type of ``action`` and equals it,
    so a plain tuple equal to a ``NamedTuple`` action, ``True`` for ``1`` or ``1.0``
    for ``1`` is not a legal action. A comparison that raises counts as "not equal".
    """
    kind = type(action)
    for i, legal in enumerate(legal_actions):
        if type(legal) is kind:
            try:
                if bool(legal == action):
                    return i
            except Exception:
                return None
    return None


def short_repr(value: Any, limit: int = 120) -> str:
    """``repr(value)`` cut to ``limit`` characters, and never an exception."""
    try:
        text = repr(value)
    except Exception as exc:
        text = f"<{type(value).__name__} whose repr raised {type(exc).__name__}>"
    return text if len(text) <= limit else text[: limit - 1] + "…"


def illegal_detail(action: Any, legal_actions: Sequence[Any]) -> str:
    """The :attr:`AgentError.detail` of an illegal answer: what was returned, and why it is not a move."""
    text = f"returned an illegal action {short_repr(action)}"
    kinds = {type(a) for a in legal_actions}
    try:
        lookalike = any(a == action for a in legal_actions)
    except Exception:
        lookalike = False
    if lookalike and type(action) not in kinds:
        names = ", ".join(sorted(k.__name__ for k in kinds))
        return (
            f"{text} (a {type(action).__name__} that equals a legal action but is not one: legal actions are {names})"
        )
    return text


class _Stopped(BaseException):
    """Raised inside an agent's thread to stop a move that ran out of time."""


_no_thread_warned = False


def _threads_work() -> bool:
    return sys.platform not in ("emscripten", "wasi")


def _stop_thread(thread: threading.Thread) -> None:
    """Raise :class:`_Stopped` in ``thread`` (takes effect at its next Python instruction)."""
    if thread.ident is not None:
        ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(thread.ident), ctypes.py_object(_Stopped))


def _crash_detail(exc: BaseException) -> str:
    return f"raised {type(exc).__name__}: {exc}"


def call_with_time_limit(func: Callable[[], Any], limit: float | None) -> Any:
    """Call ``func()``; an exception becomes a ``"crash"`` :class:`Fault`, a late answer a ``"time"`` one.

    With a limit the call runs in a helper thread; if it has not answered after
    ``limit`` seconds the thread is stopped (an exception is raised in it at its next
    Python instruction: a loop stops at once, a ``sleep`` when it wakes) and abandoned.
    Where threads cannot be started (JupyterLite) a late answer is detected only once
    it comes (warned once).

    Raises:
        Fault: the call raised, or did not answer in time.
    """
    global _no_thread_warned
    if limit is None or not _threads_work():
        start = time.perf_counter()
        try:
            value = func()
        except (Exception, SystemExit) as exc:
            raise Fault("crash", _crash_detail(exc)) from exc
        if limit is not None:
            if not _no_thread_warned:
                _no_thread_warned = True
                warnings.warn(
                    "threads cannot be started here: a move's time limit is checked only when the agent answers",
                    RuntimeWarning,
                    stacklevel=3,
                )
            if time.perf_counter() - start > limit:
                raise Fault("time", f"did not answer within {limit:g} s")
        return value
    box: dict[str, Any] = {}

    def run() -> None:
        try:
            box["value"] = func()
        except _Stopped:
            pass
        except BaseException as exc:
            box["error"] = exc

    thread = threading.Thread(target=run, name="agent move", daemon=True)
    thread.start()
    thread.join(limit)
    if thread.is_alive():
        _stop_thread(thread)
        raise Fault("time", f"did not answer within {limit:g} s")
    if "error" in box:
        raise Fault("crash", _crash_detail(box["error"])) from box["error"]
    return box.get("value")


class Seat(Protocol):
    """Where one seat's agent runs: in this process (:class:`LocalSeat`) or in a sandbox."""

    def start(self, seed: Seed, seat: int) -> None:
        """Get ready for a new game (``reset()`` the agent, seed its generator).

        Raises:
            Fault: the agent cannot start.
        """

    def act(self, observation: Any, legal_actions: tuple[Any, ...]) -> int:
        """The index of the agent's (exactly legal) choice.

        Raises:
            Fault: the agent raised, answered with an illegal action or too late.
        """
        ...

    def close(self) -> None:
        """Release what the seat holds (a process)."""


class LocalSeat:
    """An agent that runs in this process (a time limit is enforced with a thread)."""

    def __init__(self, agent: Any, move_time_limit: float | None = None) -> None:
        self.agent = as_agent(agent)
        self.move_time_limit = move_time_limit
        self.rng = random.Random()

    def start(self, seed: Seed, seat: int) -> None:
        """``reset()`` the agent and seed its generator for seat ``seat`` of the game seeded ``seed``.

        Raises:
            Fault: ``reset()`` raised.
        """
        self.rng = random.Random(derive_seed(seed, "agent", seat))
        reset = getattr(self.agent, "reset", None)
        if callable(reset):
            call_with_time_limit(reset, None)

    def act(self, observation: Any, legal_actions: tuple[Any, ...]) -> int:
        """Ask the agent; check its answer exactly.

        Raises:
            Fault: the agent raised, answered with an illegal action or too late.
        """
        action = call_with_time_limit(
            lambda: self.agent.act(observation, legal_actions, self.rng), self.move_time_limit
        )
        index = legal_index(action, legal_actions)
        if index is None:
            raise Fault("illegal", illegal_detail(action, legal_actions))
        return index

    def close(self) -> None:
        """Nothing to release."""


class SeatedAgent:
    """An agent whose seat is already set up (a sandbox from a pool): :func:`play_game` uses it as it is.

    Tournaments hand these to :func:`play_game` to reuse sandboxes across games; the game
    closes the seat when it ends (a pooled sandbox goes back to its pool).

    Attributes:
        seat: where the agent runs.
        name: its name in the record.
    """

    def __init__(self, seat: Seat, name: str) -> None:
        self.seat = seat
        self.name = name
