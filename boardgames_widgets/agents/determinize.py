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
from collections.abc import Callable
from typing import Any

from boardgames_widgets.core.api import Game

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
    return callable(getattr(game, "sample_state", None)) or game.info.id in SAMPLERS


def sample_state(game: Game[Any, Any], observation: Any, rng: random.Random) -> Any:
    """A full state consistent with ``observation``: the state itself, or a random determinization.

    Raises:
        TypeError: the observation is not a full state and the game offers no way
            to sample one.
    """
    state = full_state(game, observation)
    if state is not None:
        return state
    own = getattr(game, "sample_state", None)
    if callable(own):
        return own(observation, rng)
    sampler = SAMPLERS.get(game.info.id)
    if sampler is None:
        raise TypeError(
            f"{game.info.name} observations are not full states and the game has no sample_state(observation, rng): "
            "a search agent cannot build a state to search from"
        )
    return sampler(game, observation, rng)


def food_chain_sample_state(game: Game[Any, Any], observation: Any, rng: random.Random) -> Any:
    """A Food Chain state consistent with one player's observation.

    What is known: the table (placed in turn order, so who placed each card), every
    player's unplaced cheese (each set is 1, 1, 2, 2, 3, 3), the observer's hand and
    every hand's size. What is hidden: which animals the others hold and the pile.
    The unseen animals are dealt at random to the others' hands, the rest is the
    pile. In the open-deck variant nothing is hidden: the animals everyone drew
    follow from the known deck order, and the one consistent state is rebuilt.

    Raises:
        ValueError: the observation is not at a decision of its player.
    """
    from boardgames_widgets.games.food_chain.rules import (
        ANIMALS,
        CHEESE,
        CHEESE_VALUES,
        START,
        Card,
        FoodChainState,
    )

    obs = observation
    n = obs.num_players
    if obs.current_player < 0:
        raise ValueError("a Food Chain state can be sampled only at a player's decision")
    placed = [p for p in obs.table if p.card.kind != START]
    first = (obs.current_player - len(placed)) % n  # cards are placed in turn order
    placer = [(first + k) % n for k in range(len(placed))]
    animals_placed: list[list[str]] = [[] for _ in range(n)]
    cheese_left = [list(CHEESE_VALUES) for _ in range(n)]
    for who, p in zip(placer, placed, strict=True):
        if p.card.kind == CHEESE:
            cheese_left[p.card.owner].remove(p.card.value)
        else:
            animals_placed[who].append(p.card.kind)

    deck = game.deck()  # type: ignore[attr-defined]
    if obs.pile_order:  # open deck: replay the known order to see who drew what
        order = _open_deck_order(game)
        drawn = order[: len(order) - len(obs.pile_order)]
        held = [[] for _ in range(n)]  # type: list[list[str]]
        for j, kind in enumerate(drawn):
            who = (first + j) % n if j < 2 * n else placer[j - 2 * n]
            held[who].append(kind)
        for who in range(n):
            for kind in animals_placed[who]:
                held[who].remove(kind)
        hidden_hands = held
        pile = tuple(obs.pile_order.count(kind) for kind in ANIMALS)
    else:
        unseen = list(deck)
        for kind in [p.card.kind for p in placed if p.card.kind in ANIMALS] + [
            c.kind for c in obs.hand if c.kind in ANIMALS
        ]:
            unseen[ANIMALS.index(kind)] -= 1
        pool = [kind for kind, count in zip(ANIMALS, unseen, strict=True) for _ in range(count)]
        rng.shuffle(pool)
        hidden_hands = []
        for who in range(n):
            k = 0 if who == obs.player else obs.hand_sizes[who] - len(cheese_left[who])
            hidden_hands.append(pool[:k])
            pool = pool[k:]
        pile = tuple(pool.count(kind) for kind in ANIMALS)
    hands = []
    for who in range(n):
        if who == obs.player:
            hands.append(obs.hand)
        else:
            cards = [Card(CHEESE, v, who) for v in cheese_left[who]] + [Card(kind) for kind in hidden_hands[who]]
            hands.append(tuple(sorted(cards)))
    return FoodChainState(
        n, obs.table, tuple(hands), (pile[0], pile[1], pile[2]), obs.pile_order, (), obs.current_player, obs.placed
    )


def _open_deck_order(game: Any) -> tuple[str, ...]:
    """The pile of Food Chain's open-deck variant from the top down, before any draw."""
    state = game.new_initial_state()
    order: tuple[str, ...] = state.pile_order
    return order


#: Samplers for games whose rules module has no ``sample_state`` of its own, by game id.
SAMPLERS: dict[str, Sampler] = {"food_chain": food_chain_sample_state}
