"""Exact and simulated probability for the lessons: dice, draws without replacement.

A *distribution* here is a plain ``dict`` from outcomes to exact
:class:`~fractions.Fraction` probabilities that sum to 1. The games hand them out
through ``chance_outcomes`` (a list of ``(action, probability)``), so the exact
numbers in a lesson come straight from the rules:

>>> from fractions import Fraction
>>> cat = die((1, 1, 2, 2, 2, 3))
>>> cat[2], mean(cat), variance(cat)
(Fraction(1, 2), Fraction(11, 6), Fraction(17, 36))
>>> sum_distribution(cat, cat)[4]
Fraction(13, 36)
>>> expected_draws_until_all(10, 38)
Fraction(390, 11)

* :func:`distribution` / :func:`chance_distribution` — a game's chance outcomes as
  ``{value: probability}`` (merging outcomes that show the same value).
* :func:`die`, :func:`mean`, :func:`variance`, :func:`std`, :func:`probability`,
  :func:`expectation` — the basic vocabulary.
* :func:`sum_distribution`, :func:`sum_of_rolls` — the distribution of a sum of
  independent rolls (a convolution).
* :func:`sample`, :func:`running_mean` — seeded, vectorised simulation (numpy) and
  the law of large numbers.
* :func:`expected_draws_until_first`, :func:`expected_draws_until_all`,
  :func:`draws_until_distribution`, :func:`hypergeometric`,
  :func:`simulate_draws_until` — drawing without
  replacement (face-down tiles, a deck of cards).

A function's code to read next to the demo (``source``, ``show_source``) is the lessons'
(:mod:`boardgames_widgets.lessons.show`): this module imports nothing from the lessons.

The dice lesson's live "roll the die" widget is
:func:`boardgames_widgets.lessons.probability_dice.roll_widget` (its words are the lesson's).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Iterable, Mapping
from fractions import Fraction
from typing import Any, Literal, TypeVar

import numpy as np
import numpy.typing as npt

K = TypeVar("K", bound=Hashable)
Dist = dict[Any, Fraction]
FloatArray = npt.NDArray[np.float64]


# ------------------------------------------------------------------------------------------
# exact distributions
# ------------------------------------------------------------------------------------------
def _default_key(outcome: object) -> Hashable:
    """An outcome's value: ``.value`` (a die roll), ``.card`` / ``.tile`` (a reveal), or itself."""
    for attr in ("value", "card", "tile"):
        if hasattr(outcome, attr):
            found: Hashable = getattr(outcome, attr)
            return found
    return outcome


def distribution(outcomes: Iterable[tuple[object, Fraction]], key: Callable[[Any], Hashable] | None = None) -> Dist:
    """``{value: probability}`` from ``(outcome, probability)`` pairs, merging equal values.

    Args:
        outcomes: what ``game.chance_outcomes(state)`` returns.
        key: the value of an outcome (default: its ``value``, ``card`` or ``tile``
            attribute if it has one, else the outcome itself).

    Raises:
        ValueError: the probabilities do not add up to exactly 1.

    >>> distribution([("a", Fraction(1, 3)), ("b", Fraction(1, 3)), ("a", Fraction(1, 3))])
    {'a': Fraction(2, 3), 'b': Fraction(1, 3)}
    """
    keyf = key or _default_key
    out: Dist = {}
    for outcome, p in outcomes:
        k = keyf(outcome)
        out[k] = out.get(k, Fraction(0)) + Fraction(p)
    total = sum(out.values(), Fraction(0))
    if total != 1:
        raise ValueError(f"the probabilities add up to {total}, not 1")
    return out


def chance_distribution(game: Any, state: Any, key: Callable[[Any], Hashable] | None = None) -> Dist:
    """The distribution of the chance event about to happen in ``state``.

    Raises:
        ValueError: ``state`` is not a chance node of ``game``.
    """
    outcomes = game.chance_outcomes(state)
    if not outcomes:
        raise ValueError("this state is not a chance node: nothing random happens next")
    return distribution(outcomes, key)


def die(faces: Iterable[int]) -> dict[int, Fraction]:
    """A die with the given faces, each face equally likely (repeated faces add up).

    Raises:
        ValueError: a die without faces.
    """
    faces = tuple(faces)
    if not faces:
        raise ValueError("a die needs at least one face")
    p = Fraction(1, len(faces))
    out: dict[int, Fraction] = {}
    for f in faces:
        out[f] = out.get(f, Fraction(0)) + p
    return dict(sorted(out.items()))


def expectation(dist: Mapping[Any, Fraction], f: Callable[[Any], Any] | None = None) -> Fraction:
    """``E[f(X)]`` = the sum of ``f(x) · P(x)`` (``f`` defaults to the value itself)."""
    g = f or (lambda x: x)
    return sum((Fraction(g(x)) * p for x, p in dist.items()), Fraction(0))


def mean(dist: Mapping[Any, Fraction]) -> Fraction:
    """The expected value ``E[X]``: each value weighted by its probability."""
    return expectation(dist)


def variance(dist: Mapping[Any, Fraction]) -> Fraction:
    """``Var X = E[(X − E[X])²]``: the average squared distance from the mean."""
    mu = mean(dist)
    return expectation(dist, lambda x: (x - mu) ** 2)


def std(dist: Mapping[Any, Fraction]) -> float:
    """The standard deviation: the square root of the variance (same unit as ``X``)."""
    return math.sqrt(variance(dist))


def probability(dist: Mapping[Any, Fraction], event: Callable[[Any], bool]) -> Fraction:
    """``P(event)``: the total probability of the values for which ``event`` is true."""
    return sum((p for x, p in dist.items() if event(x)), Fraction(0))


def sum_distribution(a: Mapping[Any, Fraction], b: Mapping[Any, Fraction]) -> Dist:
    """The distribution of ``X + Y`` for independent ``X ~ a`` and ``Y ~ b``.

    Every pair ``(x, y)`` is one outcome with probability ``P(x)·P(y)``; pairs with
    the same sum add up.
    """
    out: Dist = {}
    for x, p in a.items():
        for y, q in b.items():
            out[x + y] = out.get(x + y, Fraction(0)) + p * q
    return dict(sorted(out.items()))


def sum_of_rolls(dist: Mapping[Any, Fraction], n: int) -> Dist:
    """The distribution of the sum of ``n`` independent rolls of ``dist``.

    Raises:
        ValueError: ``n`` < 1.
    """
    if n < 1:
        raise ValueError(f"at least one roll is needed, not {n}")
    out: Dist = dict(dist)
    for _ in range(n - 1):
        out = sum_distribution(out, dist)
    return out


# ------------------------------------------------------------------------------------------
# simulation
# ------------------------------------------------------------------------------------------
def sample(dist: Mapping[Any, Fraction], size: int, seed: int = 0) -> FloatArray:
    """``size`` independent draws from a numeric distribution (seeded, vectorised).

    >>> sample(die((1, 2)), 5, seed=1).tolist()
    [2.0, 2.0, 1.0, 2.0, 1.0]
    """
    values = np.array([float(x) for x in dist], dtype=np.float64)
    probs = np.array([float(p) for p in dist.values()], dtype=np.float64)
    rng = np.random.default_rng(seed)
    idx = rng.choice(len(values), size=size, p=probs / probs.sum())
    return np.asarray(values[idx], dtype=np.float64)


def running_mean(samples: npt.ArrayLike) -> FloatArray:
    """The mean of the first 1, 2, 3, … samples (the law of large numbers in a curve)."""
    x = np.asarray(samples, dtype=np.float64)
    return np.asarray(np.cumsum(x) / np.arange(1, len(x) + 1), dtype=np.float64)


# ------------------------------------------------------------------------------------------
# drawing without replacement
# ------------------------------------------------------------------------------------------
def _check_counts(special: int, total: int) -> None:
    if not 0 < special <= total:
        raise ValueError(f"need 0 < special <= total, got special={special}, total={total}")


def expected_draws_until_first(special: int, total: int) -> Fraction:
    """Expected draws (without replacement) until the first of ``special`` marked items.

    The ``special`` items cut the other ``total − special`` into ``special + 1`` gaps of
    equal expected size, so the first one comes at ``(total + 1) / (special + 1)``.

    Raises:
        ValueError: not ``0 < special <= total``.
    """
    _check_counts(special, total)
    return Fraction(total + 1, special + 1)


def expected_draws_until_all(special: int, total: int) -> Fraction:
    """Expected draws (without replacement) until all ``special`` marked items are found.

    By linearity of expectation: the ``special`` draws themselves, plus each of the
    other ``total − special`` items, which comes before the last special one with
    probability ``special / (special + 1)``. Together ``special · (total + 1) / (special + 1)``.

    Raises:
        ValueError: not ``0 < special <= total``.
    """
    _check_counts(special, total)
    others = total - special
    return special + others * Fraction(special, special + 1)


def draws_until_distribution(special: int, total: int, which: Literal["first", "all"] = "all") -> dict[int, Fraction]:
    """The exact distribution of the draws needed until the first / all ``special`` items.

    All orders are equally likely, so the positions of the special items are a random
    ``special``-subset of ``1 … total``. The last one is at ``t`` when the other
    ``special − 1`` lie among the first ``t − 1`` positions: ``C(t−1, k−1) / C(N, k)``;
    the first one is at ``t`` when they lie among the last ``N − t``: ``C(N−t, k−1) / C(N, k)``.

    Raises:
        ValueError: not ``0 < special <= total``, or ``which`` unknown.
    """
    _check_counts(special, total)
    ways = math.comb(total, special)
    if which == "all":
        return {t: Fraction(math.comb(t - 1, special - 1), ways) for t in range(special, total + 1)}
    if which == "first":
        return {t: Fraction(math.comb(total - t, special - 1), ways) for t in range(1, total - special + 2)}
    raise ValueError(f"which must be 'first' or 'all', not {which!r}")


def hypergeometric(found: int, draws: int, special: int, total: int) -> Fraction:
    """P(exactly ``found`` marked items among ``draws`` drawn without replacement).

    Raises:
        ValueError: impossible counts (negative, or more than there are).
    """
    if not (0 <= special <= total and 0 <= draws <= total):
        raise ValueError(f"bad counts: draws={draws}, special={special}, total={total}")
    return Fraction(math.comb(special, found) * math.comb(total - special, draws - found), math.comb(total, draws))


def simulate_draws_until(
    special: int, total: int, trials: int = 100_000, seed: int = 0, *, which: Literal["first", "all"] = "all"
) -> FloatArray:
    """Shuffle ``total`` items ``trials`` times; draws until the first / all special ones.

    Every item gets a random key; the draw order is the order of the keys. The last
    (first) special item is the one with the largest (smallest) key among items
    ``0 … special−1``, and the draws needed are the keys not larger than it.

    Raises:
        ValueError: not ``0 < special <= total``, or ``which`` unknown.
    """
    _check_counts(special, total)
    if which not in ("first", "all"):
        raise ValueError(f"which must be 'first' or 'all', not {which!r}")
    rng = np.random.default_rng(seed)
    keys = rng.random((trials, total))
    marked = keys[:, :special]
    edge = marked.max(axis=1) if which == "all" else marked.min(axis=1)
    return np.asarray((keys <= edge[:, None]).sum(axis=1), dtype=np.float64)


__all__ = [
    "Dist",
    "chance_distribution",
    "die",
    "distribution",
    "draws_until_distribution",
    "expectation",
    "expected_draws_until_all",
    "expected_draws_until_first",
    "hypergeometric",
    "mean",
    "probability",
    "running_mean",
    "sample",
    "simulate_draws_until",
    "std",
    "sum_distribution",
    "sum_of_rolls",
    "variance",
]
