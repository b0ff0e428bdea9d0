"""Seeded randomness. Every random thing takes a seed or a :class:`random.Random`."""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from fractions import Fraction
from itertools import compress
from operator import getitem
from typing import Generic, TypeVar

T = TypeVar("T")

Seed = int | str | None


def make_rng(seed: Seed | random.Random) -> random.Random:
    """A :class:`random.Random` from a seed, or the generator itself if given one."""
    if isinstance(seed, random.Random):
        return seed
    return random.Random(seed)


def derive_seed(seed: Seed, *labels: object) -> str:
    """A new seed for a named purpose, so streams (chance, each agent) stay independent.

    >>> derive_seed(7, "agent", 1)
    '7/agent/1'
    """
    return "/".join(str(x) for x in (seed, *labels))


def sample_outcome(outcomes: Sequence[tuple[T, Fraction]], rng: random.Random) -> T:
    """Draw one outcome with its exact probability.

    The probabilities are put over a common denominator ``D`` and one integer in
    ``range(D)`` is drawn, so the draw is exact and the same seed always gives the
    same outcome.

    Raises:
        ValueError: no outcomes, or probabilities that do not sum to exactly 1.
    """
    if not outcomes:
        raise ValueError("no chance outcomes to sample from")
    denominator = math.lcm(*(p.denominator for _, p in outcomes))
    # the exact check "sum == 1" in integers over the common denominator (no Fraction
    # arithmetic: this runs at every chance node of every playout)
    if sum(p.numerator * (denominator // p.denominator) for _, p in outcomes) != denominator:
        total = sum((p for _, p in outcomes), Fraction(0))
        raise ValueError(f"chance probabilities sum to {total}, not 1")
    r = rng.randrange(denominator)
    for outcome, p in outcomes:
        r -= p.numerator * (denominator // p.denominator)
        if r < 0:
            return outcome
    raise AssertionError("unreachable: probabilities sum to 1")


def draw_outcome(outcomes: Sequence[tuple[T, Fraction]], rng: random.Random) -> T:
    """:func:`sample_outcome` without re-checking that the probabilities sum to 1, for
    the hot loops of search (the conformance suite checks every game's sums).

    The same generator gives the same outcome as :func:`sample_outcome`.

    Raises:
        ValueError: the probabilities sum to less than 1 (detected only if the draw falls past them).
    """
    denominators = [p.denominator for _, p in outcomes]
    common = math.lcm(*denominators)
    r = rng.randrange(common)
    for (outcome, p), q in zip(outcomes, denominators, strict=True):
        r -= p.numerator * (common // q)
        if r < 0:
            return outcome
    raise ValueError("chance probabilities sum to less than 1")


def draw_by_counts(items: Sequence[T], counts: Sequence[int], rng: random.Random) -> T:
    """One of ``items`` drawn as one thing out of a bag holding ``counts[i]`` of item ``i``
    (a card of a kind from the unseen cards): each comes with probability count/total, from
    a single ``randrange``. Games use it in their direct ``sample_chance``.

    >>> rng = random.Random(1)
    >>> sorted({draw_by_counts("ab", [0, 3], rng) for _ in range(20)})
    ['b']

    Raises:
        ValueError: the bag is empty.
    """
    total = sum(counts)
    if total <= 0:
        raise ValueError("nothing to draw: every count is 0")
    r = rng.randrange(total)
    for item, count in zip(items, counts, strict=True):
        r -= count
        if r < 0:
            return item
    raise AssertionError("unreachable: r < total")


class CountedOdds(Generic[T]):
    """The exact twin of :func:`draw_by_counts`: the chance outcomes of drawing one thing out
    of a bag holding ``counts[i]`` of item ``i``, as ``(item, Fraction(count, total))`` for
    each item left, in order — a game's ``chance_outcomes``.

    The pairs are made once for each bag size (``total``) and kept, so a list is picked from
    them at C level (no Fraction, with its gcd, and no tuple built per chance node), and
    whoever remembers pairs by their identity (the OpenSpiel adapter) knows them all.

    >>> odds = CountedOdds("abc")
    >>> odds([1, 0, 3])
    [('a', Fraction(1, 4)), ('c', Fraction(3, 4))]
    >>> odds([0, 1, 3])[1] is odds([1, 0, 3])[1]  # the same pair, kept
    True
    """

    def __init__(self, items: Sequence[T]) -> None:
        self.items = tuple(items)
        self._pairs: dict[int, tuple[tuple[tuple[T, Fraction], ...], ...]] = {}

    def __call__(self, counts: Sequence[int]) -> list[tuple[T, Fraction]]:
        """The outcomes for ``counts`` (one count per item, in order; counts ≥ 0); none for an empty bag."""
        total = sum(counts)
        if total <= 0:
            return []
        pairs = self._pairs.get(total)
        if pairs is None:  # per item, per count 0 … total: (item, count / total)
            odds = [Fraction(c, total) for c in range(total + 1)]
            pairs = self._pairs.setdefault(total, tuple(tuple((item, p) for p in odds) for item in self.items))
        return list(compress(map(getitem, pairs, counts), counts))  # the items left, at C level


def _randbelow(getrandbits: Callable[[int], int]) -> Callable[[int], int]:
    """``n -> r`` in ``range(n)`` drawn as :meth:`random.Random.randrange` draws it: the
    fewest random bits that hold ``n``, drawn again while the number is ``n`` or more."""

    def below(n: int) -> int:
        if n < 1:  # as randrange: nothing to draw from (getrandbits(0) would loop forever)
            raise ValueError(f"empty range for an index below {n}")
        k = n.bit_length()
        r = getrandbits(k)
        while r >= n:
            r = getrandbits(k)
        return r

    return below


def _same_draws() -> bool:
    """Whether :func:`_randbelow` draws exactly as this Python's ``randrange`` does."""
    ours, theirs = random.Random(2024), random.Random(2024)
    below = _randbelow(ours.getrandbits)
    return all(below(n) == theirs.randrange(n) for n in (*range(1, 70), 1000, 2**31 + 3, 10**30) for _ in range(3))


#: Whether a draw below ``n`` may use ``getrandbits`` directly and still give ``randrange(n)``
#: (checked once, at import): :func:`index_drawer`, and the MCTS tree where it writes the draw out.
FAST_INDEX = _same_draws()


def index_drawer(rng: random.Random) -> Callable[[int], int]:
    """A function ``below(n)`` returning ``rng.randrange(n)`` (``n >= 1``): the same number,
    the same draws from ``rng``, so mixing both keeps a seeded stream as it was.

    Playouts draw a random index at every step, and ``randrange`` checks its arguments
    in Python before drawing; for a plain :class:`random.Random` (when this Python's
    ``randrange`` draws as :func:`_randbelow` does, checked at import) ``below`` draws
    directly with ``rng.getrandbits``. Otherwise it is ``rng.randrange`` itself.

    >>> a, b = random.Random(5), random.Random(5)
    >>> below = index_drawer(a)
    >>> [below(6) for _ in range(5)] == [b.randrange(6) for _ in range(5)]
    True
    """
    if FAST_INDEX and type(rng) is random.Random:
        return _randbelow(rng.getrandbits)
    return rng.randrange
