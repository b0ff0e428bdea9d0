"""The simplest agents: uniformly random, and "always the first legal action"."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any


class RandomAgent:
    """Picks a legal action uniformly at random with the generator it is given."""

    name = "random"

    def act(self, observation: Any, legal_actions: Sequence[Any], rng: random.Random) -> Any:
        """A uniformly random legal action."""
        return legal_actions[rng.randrange(len(legal_actions))]

    def __repr__(self) -> str:
        return "RandomAgent()"


class FirstActionAgent:
    """Always plays the first legal action (deterministic; handy in tests)."""

    name = "first"

    def act(self, observation: Any, legal_actions: Sequence[Any], rng: random.Random) -> Any:
        """The first legal action."""
        return legal_actions[0]

    def __repr__(self) -> str:
        return "FirstActionAgent()"
