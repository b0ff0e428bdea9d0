"""Playing a game to the end: agents act on observations, chance is sampled from a seed.

:func:`play_game` puts each agent in its seat (here, or in a sandbox process) and runs
the package's one play loop, :class:`~boardgames_widgets.core.session.Session`, to the
end — the loop the widgets and the lessons drive too, so a seed gives the same game in
all of them. Seats, faults and :class:`AgentError` live in
:mod:`boardgames_widgets.core.seats` (re-exported here).

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

import warnings
from collections.abc import Callable, Sequence
from typing import Any

from boardgames_widgets.core.api import Game as _Game
from boardgames_widgets.core.record import GameRecord
from boardgames_widgets.core.rng import Seed
from boardgames_widgets.core.sandbox import BrokenSeat, Confinement, isolation_layer, open_seat, processes_available
from boardgames_widgets.core.seats import (
    Agent,
    AgentError,
    Fault,
    FaultReason,
    FunctionAgent,
    LocalSeat,
    Seat,
    SeatedAgent,
    agent_name,
    agent_rngs,
    as_agent,
    call_with_time_limit,
    illegal_detail,
    legal_index,
    short_repr,
)
from boardgames_widgets.core.session import Session

__all__ = [
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
    seats: list[Seat] = []
    try:
        for a in agents:
            seats.append(_seat(a, game, move_time_limit, isolate))
        seated = [SeatedAgent(s, agent_name(a)) for s, a in zip(seats, agents, strict=True)]
        session = Session(game, seated, seed, undo=False, watch_rules=True)
        session.run(max_actions, on_action=on_action)
        return session.record()
    finally:
        for s in seats:
            s.close()
