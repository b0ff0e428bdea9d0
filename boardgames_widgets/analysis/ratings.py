"""Win rates with confidence intervals, and Elo ratings.

* :func:`wilson_interval` — a 95% confidence interval for a win rate that stays
  inside [0, 1] and behaves well near 0% and 100% (Wilson, 1927).
* :func:`elo_expected` and :func:`elo_update` — the classic Elo formulas, one game
  at a time, as used by chess federations.
* :func:`elo_ratings` — ratings fitted to a whole tournament at once (the
  Bradley–Terry model on the Elo scale), so the order of the games does not matter.

A shared win counts as a fraction of a win (a draw between two is half a win each),
the usual convention for Elo; the Wilson interval then treats that fractional
count as the number of successes, a good approximation when draws are rare.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

#: z for a two-sided 95% interval of the normal distribution.
Z95 = 1.959963984540054
#: Elo's scale: a 400-point gap means the stronger player is expected to score 10:1.
ELO_SCALE = 400.0
#: The rating of an average player, where fitted ratings are anchored.
ELO_ANCHOR = 1500.0


def wilson_interval(wins: float, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a win rate of ``wins / games``.

    >>> lo, hi = wilson_interval(60, 100)
    >>> round(lo, 3), round(hi, 3)
    (0.502, 0.691)

    Raises:
        ValueError: negative counts or more wins than games.
    """
    if games < 0 or wins < 0 or wins > games:
        raise ValueError(f"need 0 <= wins <= games, got {wins} wins in {games} games")
    if games == 0:
        return (0.0, 1.0)
    p = wins / games
    denominator = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denominator
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denominator
    lo = 0.0 if wins == 0 else max(0.0, centre - half)
    hi = 1.0 if wins == games else min(1.0, centre + half)
    return (lo, hi)


def elo_expected(rating: float, opponent: float) -> float:
    """The score a player rated ``rating`` is expected to make against ``opponent`` (0 to 1).

    >>> elo_expected(1900, 1500)
    0.9090909090909091
    """
    return 1 / (1 + 10 ** ((opponent - rating) / ELO_SCALE))


def elo_update(rating: float, opponent: float, score: float, k: float = 32.0) -> tuple[float, float]:
    """Both ratings after one game in which the first player scored ``score`` (1, 0.5 or 0).

    >>> elo_update(1500, 1500, 1.0)
    (1516.0, 1484.0)
    """
    delta = k * (score - elo_expected(rating, opponent))
    return rating + delta, opponent - delta


def elo_ratings(
    results: Iterable[tuple[str, str, float, int]],
    *,
    anchor: float = ELO_ANCHOR,
    iterations: int = 10_000,
    tolerance: float = 1e-9,
) -> dict[str, float]:
    """Elo ratings that best explain a set of results (Bradley–Terry maximum likelihood).

    Each player also gets one virtual draw against a reference player rated
    ``anchor``: it keeps the rating of an unbeaten (or winless) player finite and
    pins the scale (a player who draws every game is rated ``anchor``). Solved by
    the minorization–maximization iteration of Hunter (2004).

    Args:
        results: ``(player, opponent, player's score, games)`` per pairing; the
            opponent's score is ``games - score``.
        anchor: the reference player's rating.
        iterations: at most this many sweeps.
        tolerance: stop when no strength changes by more than this (relative).

    >>> r = elo_ratings([("a", "b", 75, 100)])
    >>> r["a"] > 1500 > r["b"]
    True
    """
    wins: dict[str, float] = {}
    games: dict[tuple[str, str], int] = {}
    for player, opponent, score, n in results:
        for name in (player, opponent):
            wins.setdefault(name, 0.5)  # the virtual draw: half a win ...
        wins[player] += score
        wins[opponent] += n - score
        games[(player, opponent)] = games.get((player, opponent), 0) + n
        games[(opponent, player)] = games.get((opponent, player), 0) + n
    strength = dict.fromkeys(wins, 1.0)  # the reference player's strength is 1
    for _ in range(iterations):
        new = {}
        for name in strength:
            denominator = 1 / (strength[name] + 1)  # ... in one game against the reference
            for (a, b), n in games.items():
                if a == name:
                    denominator += n / (strength[a] + strength[b])
            new[name] = wins[name] / denominator
        change = max(abs(new[k] / strength[k] - 1) for k in strength) if strength else 0.0
        strength = new
        if change < tolerance:
            break
    return {name: anchor + ELO_SCALE * math.log10(s) for name, s in strength.items()}
