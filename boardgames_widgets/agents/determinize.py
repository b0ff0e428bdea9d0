"""How a search agent gets a full state when it may only see an observation.

Search needs a model: the game object (its rules) and a full state to play
forward from. Agents, however, receive observations only (DESIGN.md, principle 3).
The search agents of this package are therefore built with the game object and
obtain a state from an observation in one of two honest ways:

1. **The observation is the state.** In a perfect-information game a game's
   ``observation`` may return the full state itself, or show it whole in a
   ``state`` field; nothing is hidden, so the agent searches it directly
   (:func:`full_state`).
2. **Determinization.** Otherwise the agent samples a full state consistent with
   what it sees: ``game.sample_state(observation, rng)`` when the game offers it,
   else a sampler registered here for that game id (:data:`SAMPLERS`). Each sample
   fills the unseen parts (an opponent's hand, the order of a pile) at random,
   uniformly among the possibilities consistent with the observation; the past
   choices of opponents are *not* used as evidence.

An agent never asks for anything beyond the observation, so it cannot cheat.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

from boardgames_widgets.agents.knowledge import ByGame
from boardgames_widgets.core.api import Game, has_own_sampler

#: A sampler draws a full state consistent with an observation.
Sampler = Callable[[Game[Any, Any], Any, random.Random], Any]

_STATE_TYPES: dict[Game[Any, Any], type] = {}


def state_type(game: Game[Any, Any]) -> type:
    """The class of ``game``'s states (cached per game configuration)."""
    if game not in _STATE_TYPES:
        _STATE_TYPES[game] = type(game.new_initial_state())
    return _STATE_TYPES[game]


def full_state(game: Game[Any, Any], observation: Any) -> Any | None:
    """The full state when the observation is one, or shows one as its ``state`` field; else ``None``.

    A game whose observation carries the whole state (Mouse Trap, Chop Chop) has
    decided that a player may know all of it.
    """
    for candidate in (observation, getattr(observation, "state", None)):
        if isinstance(candidate, state_type(game)):
            return candidate
    return None


def can_sample(game: Game[Any, Any]) -> bool:
    """Whether full states can be sampled from observations of ``game``."""
    return has_own_sampler(game) or game.info.id in SAMPLERS


def sample_state(game: Game[Any, Any], observation: Any, rng: random.Random) -> Any:
    """A full state consistent with ``observation``: the state itself, or a random determinization.

    Raises:
        TypeError: the observation is not a full state and the game offers no way
            to sample one.
    """
    state = full_state(game, observation)
    if state is not None:
        return state
    if has_own_sampler(game):
        return game.sample_state(observation, rng)
    sampler = SAMPLERS.get(game.info.id)
    if sampler is None:
        raise TypeError(
            f"{game.info.name} observations are not full states and the game has no sample_state(observation, rng): "
            "a search agent cannot build a state to search from"
        )
    return sampler(game, observation, rng)


#: Samplers for games whose class has no ``sample_state`` of its own, by game id (each in its
#: game's module, ``agents/<game id>.py``, as ``SAMPLE_STATE``).
SAMPLERS: Mapping[str, Sampler] = ByGame("SAMPLE_STATE")
