"""The play loop: agents act on observations, chance is sampled from a seed.

An agent is anything with ``act(observation, legal_actions, rng) -> action`` (and
optionally ``reset()``), or a plain function with that signature. Agents never see
the state: only what ``game.observation(state, player)`` shows them.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Protocol, runtime_checkable

from boardgames_widgets.core.api import CHANCE, GameError
from boardgames_widgets.core.api import Game as _Game
from boardgames_widgets.core.record import GameRecord
from boardgames_widgets.core.rng import Seed, derive_seed, sample_outcome


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


class AgentError(RuntimeError):
    """An agent crashed or chose an action that is not legal.

    Attributes:
        seat: the seat of the agent at fault.
        agent: its name.
        record: the game record up to (not including) the faulty move; still valid.
    """

    def __init__(self, seat: int, agent: str, reason: str, record: GameRecord) -> None:
        self.seat = seat
        self.agent = agent
        self.reason = reason
        self.record = record
        super().__init__(f"agent {agent!r} in seat {seat} {reason} (after {len(record.actions)} actions)")


def agent_rngs(seed: Seed, n: int) -> list[random.Random]:
    """One independent generator per seat, derived from the game's seed."""
    return [random.Random(derive_seed(seed, "agent", i)) for i in range(n)]


def play_game(
    game: _Game[Any, Any],
    agents: Sequence[Any],
    seed: Seed = 0,
    *,
    max_actions: int | None = None,
    on_action: Callable[[Any, Any], None] | None = None,
) -> GameRecord:
    """Play one game to the end and return its record.

    Args:
        game: any game of this package.
        agents: one agent (or function) per seat.
        seed: seeds chance and, independently, each agent's generator.
        max_actions: stop early after this many actions (the record is unfinished).
        on_action: called as ``on_action(state, action)`` before each action is applied.

    Raises:
        ValueError: the number of agents does not match the game's players.
        AgentError: an agent raised or returned an illegal action; ``.record`` holds
            the game up to that point.
    """
    if len(agents) != game.num_players:
        raise ValueError(
            f"{game.info.name} with {game.num_players} players needs {game.num_players} agents, got {len(agents)}"
        )
    seats = [as_agent(a) for a in agents]
    for a in seats:
        reset = getattr(a, "reset", None)
        if callable(reset):
            reset()
    names = tuple(agent_name(a) for a in agents)
    chance_rng = random.Random(derive_seed(seed, "chance"))
    rngs = agent_rngs(seed, len(seats))
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

    while not game.is_terminal(state):
        if max_actions is not None and len(actions) >= max_actions:
            return record()
        player = game.current_player(state)
        if player == CHANCE:
            action = sample_outcome(game.chance_outcomes(state), chance_rng)
        else:
            legal = game.legal_actions(state)
            obs = game.observation(state, player)
            try:
                action = seats[player].act(obs, legal, rngs[player])
            except Exception as exc:  # an agent's bug must not take the game down with it
                raise AgentError(player, names[player], f"raised {type(exc).__name__}: {exc}", record()) from exc
            if action not in legal:
                raise AgentError(player, names[player], f"returned an illegal action {action!r}", record())
        if on_action is not None:
            on_action(state, action)
        try:
            state = game.apply(state, action)
        except GameError as exc:  # legal_actions and apply disagree: a rules bug, say so plainly
            raise RuntimeError(f"rules bug: legal action {action!r} was rejected: {exc}") from exc
        actions.append(str(action))
    return record(finished=True)
