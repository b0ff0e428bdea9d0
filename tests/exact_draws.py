"""Exact odds of a sampler that draws integers: enumerate every way it can use its generator.

Shared by the conformance suite (every game's ``sample_chance``) and the speed-path tests.
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any


class _Exhausted(Exception):
    """The scripted generator ran past its script: one more branch to enumerate."""

    def __init__(self, n: int) -> None:
        self.n = n


class ScriptedRandom(random.Random):
    """A generator whose integer draws follow a script (``_randbelow`` serves
    ``randrange``, ``randint``, ``choice`` and ``shuffle``), so every way a sampler can
    use it can be enumerated. Float draws (``random()``) cannot be enumerated and fail."""

    def __new__(cls, script: list[int]) -> ScriptedRandom:  # Python 3.10 would seed from the script
        return super().__new__(cls, 0)

    def __init__(self, script: list[int]) -> None:
        super().__init__(0)
        self.script, self.used, self.sizes = script, 0, []

    def _randbelow(self, n: int) -> int:  # type: ignore[override]
        if self.used == len(self.script):
            raise _Exhausted(n)
        self.sizes.append(n)
        self.used += 1
        return self.script[self.used - 1]

    def random(self) -> float:
        raise AssertionError("sample_chance must draw integers (randrange/choice), so its odds are exact")


def exact_distribution(sample: Any) -> dict[Any, Fraction]:
    """The exact distribution of ``sample(rng)``: every script of integer draws, each
    with probability the product of 1/n over its draws."""
    dist: dict[Any, Fraction] = {}
    stack: list[list[int]] = [[]]
    while stack:
        script = stack.pop()
        rng = ScriptedRandom(script)
        try:
            outcome = sample(rng)
        except _Exhausted as more:
            stack.extend([*script, k] for k in range(more.n))
            continue
        assert rng.used == len(script), "the sampler drew fewer numbers than this branch"
        p = Fraction(1)
        for n in rng.sizes:
            p /= n
        dist[outcome] = dist.get(outcome, Fraction(0)) + p
    return dist
