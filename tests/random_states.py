"""Seeded random positions of any game, for tests that compare two ways of answering.

The speed-path tests check a fast path against the plain rules on many positions;
they all want the same thing: every state of a few seeded random games (moves
uniformly at random, chance drawn as search draws it, by ``game.sample_chance``).
"""

from __future__ import annotations

import random
from typing import Any


def random_states(game: Any, games: int, seed: int, *, terminal: bool = False) -> list[Any]:
    """Every state of ``games`` seeded random games, in order (the final states too if ``terminal``)."""
    rng = random.Random(seed)
    out = []
    for _ in range(games):
        state = game.new_initial_state()
        while not game.is_terminal(state):
            out.append(state)
            if game.is_chance_node(state):
                action = game.sample_chance(state, rng)
            else:
                legal = game.legal_actions(state)
                action = legal[rng.randrange(len(legal))]
            state = game.apply(state, action)
        if terminal:
            out.append(state)
    return out
