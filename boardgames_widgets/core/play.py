"""The play loop: agents act on observations, chance is sampled from a seed.

An agent is anything with ``act(observation, legal_actions, rng) -> action`` (and
optionally ``reset()``), or a plain function with that signature. Agents never see
the state: only what ``game.observation(state, player)`` shows them.

Fair play: the legal actions are handed over as a tuple, and an answer counts only
if it is one of the game's own legal action values *of the same type* (a plain
tuple that equals a ``NamedTuple`` action is a look-alike, not a move). The value
applied is always the game's own. An agent that raises, answers with anything
else, or takes longer than ``move_time_limit`` loses the game with an
:class:`AgentError`. With ``isolate=True`` every agent runs in a process of its own
(:mod:`boardgames_widgets.core.sandbox`) that sees only observations and legal
actions.
"""

from __future__ import annotations

import random
import warnings
from collections.abc import Callable, Sequence
from typing import Any

from boardgames_widgets.core.api import CHANCE, GameError
from boardgames_widgets.core.api import Game as _Game
from boardgames_widgets.core.record import GameRecord
from boardgames_widgets.core.rng import Seed, derive_seed, sample_outcome
from boardgames_widgets.core.sandbox import BrokenSeat, Confinement, isolation_layer, open_seat, processes_available
from boardgames_widgets.core.seats import (
    FAULT_REASONS,
    Agent,
    Fault,
    FaultReason,
    FunctionAgent,
    LocalSeat,
    Seat,
    SeatedAgent,
    agent_name,
    as_agent,
    call_with_time_limit,
    illegal_detail,
    legal_index,
    short_repr,
)

__all__ = [
    "FAULT_REASONS",
    "Agent",
    "AgentError",
    "Fault",
    "FaultReason",
    "FunctionAgent",
    "LocalSeat",
    "Seat",
    "SeatedAgent",
    "agent_name",
    "agent_rngs",
    "as_agent",
    "call_with_time_limit",
    "illegal_detail",
    "legal_index",
    "play_game",
    "short_repr",
]


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
    """One independent generator per seat, derived from the game's seed."""
    return [random.Random(derive_seed(seed, "agent", i)) for i in range(n)]


def _seat(agent: Any, game: _Game[Any, Any], move_time_limit: float | None, isolate: bool) -> Seat:
    """Where ``agent`` plays: in a sandbox process when isolated or time-limited, else here.

    A time limit alone uses the strongest layer available (a plain process where
    bubblewrap is missing); ``isolate=True`` needs bubblewrap and refuses without it.
    Where no process can be started at all (JupyterLite) a time limit is kept by a thread.
    """
    if isinstance(agent, SeatedAgent):
        return agent.seat
    if isolate or (move_time_limit is not None and processes_available()):
        layer = isolation_layer(trust=not isolate)
        seat = open_seat(agent, game, move_time_limit, confinement=Confinement(layer))
        if isolate or not isinstance(seat, BrokenSeat):
            return seat
        warnings.warn(  # asked for a time limit, not for isolation: play here, and say so
            f"{agent_name(agent)} {seat.fault.detail}: it plays in this process, where a thread keeps its time "
            "limit (a long call into C cannot be stopped); define it at the top level of a cell or a module",
            RuntimeWarning,
            stacklevel=3,
        )
    return LocalSeat(agent, move_time_limit)


class _Rules:
    """The game's rules as its classes (and the object's public attributes) hold them, to catch an agent patching them.

    The game's private attributes (caches) may change as it plays; nothing else may.
    """

    def __init__(self, game: _Game[Any, Any]) -> None:
        self.owners: list[Any] = [c for c in type(game).__mro__ if c is not object]
        self.saved = [dict(vars(c)) for c in self.owners]
        self.game = game
        self.public = {k: v for k, v in vars(game).items() if not k.startswith("_")}
        self.public_ids = [(k, id(v)) for k, v in self.public.items()]

    def _same(self) -> bool:
        """The quick check (in C): nothing changed."""
        try:
            if any(dict(vars(o)) != saved for o, saved in zip(self.owners, self.saved, strict=True)):
                return False
        except Exception:  # a class attribute whose == does not give a bool: look closer
            return False
        now = [(k, id(v)) for k, v in vars(self.game).items() if not k.startswith("_")]
        return now == self.public_ids

    def changed(self) -> str | None:
        """What an agent changed (it is put back as it was), or ``None``."""
        if self._same():
            return None
        found = None
        for owner, saved in zip(self.owners, self.saved, strict=True):
            now = vars(owner)
            for k in [k for k in set(now) | set(saved) if k not in saved or k not in now or now[k] is not saved[k]]:
                found = found or f"{owner.__name__}.{k}"
                if k in saved:
                    setattr(owner, k, saved[k])
                else:
                    delattr(owner, k)
        now = {k: v for k, v in vars(self.game).items() if not k.startswith("_")}
        for k in [k for k in set(now) | set(self.public) if now.get(k, self) is not self.public.get(k, self)]:
            found = found or f"{type(self.game).__name__}.{k}"
            if k in self.public:
                self.game.__dict__[k] = self.public[k]
            else:
                del self.game.__dict__[k]
        return found


def play_game(
    game: _Game[Any, Any],
    agents: Sequence[Any],
    seed: Seed = 0,
    *,
    max_actions: int | None = None,
    on_action: Callable[[Any, Any], None] | None = None,
    move_time_limit: float | None = None,
    isolate: bool = False,
) -> GameRecord:
    """Play one game to the end and return its record.

    Args:
        game: any game of this package.
        agents: one agent (or function) per seat.
        seed: seeds chance and, independently, each agent's generator.
        max_actions: stop early after this many actions (the record is unfinished).
        on_action: called as ``on_action(state, action)`` before each action is applied.
        move_time_limit: seconds an agent may take per move (``None``: no limit); a
            move that takes longer is stopped and loses the game. With a limit every
            agent runs in a process of its own, so even a long call into C is stopped.
        isolate: run every agent in a confined process of its own that sees only
            observations and legal actions (see :mod:`boardgames_widgets.core.sandbox`);
            refused with :class:`~boardgames_widgets.core.sandbox.IsolationError` where
            bubblewrap cannot start. An agent defined in a notebook cell is sent as its
            source code.

    An agent that plays in this process and changes the game's rules (an attribute of
    the game or of its classes) forfeits the game, and the rules are put back.

    Raises:
        ValueError: the number of agents does not match the game's players.
        AgentError: an agent raised, returned an illegal action or ran out of time
            (``.reason`` says which); ``.record`` holds the game up to that point.
    """
    if len(agents) != game.num_players:
        raise ValueError(
            f"{game.info.name} with {game.num_players} players needs {game.num_players} agents, got {len(agents)}"
        )
    names = tuple(agent_name(a) for a in agents)
    chance_rng = random.Random(derive_seed(seed, "chance"))
    state = game.new_initial_state()
    actions: list[str] = []

    def record(finished: bool = False) -> GameRecord:
        return GameRecord(
            game.info.id,
            game.config(),
            seed,
            tuple(actions),
            names,
            tuple(game.returns(state)) if finished else None,
        )

    seats: list[Seat] = []
    try:
        for a in agents:
            seats.append(_seat(a, game, move_time_limit, isolate))
        rules = _Rules(game) if any(isinstance(s, LocalSeat) for s in seats) else None

        def check_rules(seat: int) -> None:
            changed = rules.changed() if rules is not None else None
            if changed is not None:
                detail = f"changed the rules of the game ({changed}): the game is void, the rules are restored"
                raise AgentError(seat, names[seat], "crash", detail, record())

        for i, s in enumerate(seats):
            try:
                s.start(seed, i)  # reset() the agent, seed its generator
            except Fault as fault:
                raise AgentError(i, names[i], fault.reason, fault.detail, record()) from fault.__cause__
            check_rules(i)

        while not game.is_terminal(state):
            if max_actions is not None and len(actions) >= max_actions:
                return record()
            player = game.current_player(state)
            if player == CHANCE:
                action = sample_outcome(game.chance_outcomes(state), chance_rng)
            else:
                legal = tuple(game.legal_actions(state))
                obs = game.observation(state, player)
                try:
                    action = legal[seats[player].act(obs, legal)]  # always the game's own value
                except Fault as fault:
                    raise AgentError(player, names[player], fault.reason, fault.detail, record()) from fault.__cause__
                check_rules(player)
            if on_action is not None:
                on_action(state, action)
            try:
                state = game.apply(state, action)
            except GameError as exc:  # legal_actions and apply disagree: a rules bug, say so plainly
                raise RuntimeError(f"rules bug: legal action {action!r} was rejected: {exc}") from exc
            actions.append(str(action))
        return record(finished=True)
    finally:
        for s in seats:
            s.close()
