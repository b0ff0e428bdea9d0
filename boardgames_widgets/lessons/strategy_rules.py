"""Exercises of the lesson "Rules of thumb, tested" (Papageno threshold policies).

Lesson id ``strategy.rules`` (notebook ``notebooks/lessons/strategy/01_rules_of_thumb.ipynb``).
Every correct answer comes from the package: the policy's own functions
(:mod:`boardgames_widgets.agents.papageno`) and the simulation of
:func:`~boardgames_widgets.lessons.strategy_tools.threshold_sweep` (cached, the same
call as in the notebook, so checking costs nothing there).
"""

from __future__ import annotations

from functools import cache
from typing import Any

from boardgames_widgets.agents.papageno import card_weight, pair_position, partner
from boardgames_widgets.lessons import strategy_tools as sl
from boardgames_widgets.lessons.check import Exercise, as_number, lazy_numeric_exercise, lesson
from boardgames_widgets.lessons.strategy_common import choice_exercise, outputs_exercise
from boardgames_widgets.lessons.text import M_, N_

LESSON_ID = "strategy.rules"
#: The threshold whose confidence interval q2 asks for.
Q2_K = 3
#: The thresholds of the sweep with the column-pair rule (lesson 1, part C).
PAIR_KS: tuple[int, ...] = tuple(range(0, 8))

ex = lesson(LESSON_ID)


# -- q1: the rule as a function ---------------------------------------------------------
def keep(card: str, k: int) -> bool:
    """The threshold rule: keep ``card`` when its weight is at most ``k``."""
    return card_weight(card) <= k


_Q1_CASES = [(c, k) for k in (-1, 3, 9) for c in ("-2", "0", "3", "4", "9", "Capture")]
ex.add(
    outputs_exercise(
        "q1",
        _Q1_CASES,
        keep,
        [
            (
                lambda c, k: card_weight(c) < k,
                N_("You used <. 'Keep any bird ≤ k' also keeps a bird that weighs exactly k."),
            ),
            (
                lambda c, k: card_weight(c) >= k,
                N_("That keeps the heavy cards. In Papageno the lowest total wins: keep the light ones."),
            ),
            (
                lambda c, k: (c != "Capture" and int(c) <= k) or c == "Capture",
                N_("A Capture card is not free: it weighs 10 (use card_weight), so it is kept only if k ≥ 10."),
            ),
        ],
        hint=(
            N_("The rule looks only at how much a card weighs, and compares it with the threshold k."),
            N_(
                "Cards are strings and a Capture has no number: get the weight with the helper, then compare "
                "it with k (k itself is kept)."
            ),
        ),
        errors=[
            (
                ValueError,
                N_(
                    "int('Capture') fails: a Capture card has no number printed on it. Use card_weight(card); "
                    "a Capture weighs 10."
                ),
            )
        ],
        normalize=lambda x: bool(x) if isinstance(x, bool | int) else x,
    )
)


# -- q2: the confidence interval of a mean, duplicate pairs as the unit ---------------------
def _std(values: tuple[float, ...]) -> float:
    m = sum(values) / len(values)
    std: float = (sum((v - m) ** 2 for v in values) / (len(values) - 1)) ** 0.5
    return std


@cache
def q2_data() -> tuple[float, int]:
    """The standard deviation of the pair means of ``keep ≤ 3``'s round totals, and the number of pairs."""
    pairs = sl.pair_means(sl.threshold_sweep()[sl.SWEEP_KS.index(Q2_K)].totals)
    return _std(pairs), len(pairs)


@cache
def q2_rounds_data() -> tuple[float, int]:
    """The same from the single rounds (the mistake of treating them as independent)."""
    totals = tuple(float(t) for t in sl.threshold_sweep()[sl.SWEEP_KS.index(Q2_K)].totals)
    return _std(totals), len(totals)


def _q2_exercise() -> Exercise:
    def right(z: float = 1.96) -> float:
        std, n = q2_data()
        return sl.half_width(std, n, z)

    def std() -> float:
        return q2_data()[0]

    def n() -> int:
        return q2_data()[1]

    def rounds(z: float = 1.96) -> float:
        s_rounds, n_rounds = q2_rounds_data()
        return sl.half_width(s_rounds, n_rounds, z)

    wrong = [
        (
            rounds,
            N_(
                "You treated the rounds as independent, but they come in duplicate pairs with the same cards: "
                "average each pair first, then use the pairs' standard deviation and the number of pairs."
            ),
        ),
        (lambda: 1.96 * std() / n(), N_("You divided by n. The spread of a mean shrinks with √n: divide by √n.")),
        (lambda: std() / n() ** 0.5, N_("That is the standard error s/√n. For 95% confidence multiply it by 1.96.")),
        (lambda: 2 * right(), N_("That is the whole width of the interval (low to high); the question asks for half.")),
        (
            lambda: 1.96 * std(),
            N_("That is the spread of a single pair's mean. A mean of n pairs varies less: divide by √n."),
        ),
    ]
    return lazy_numeric_exercise(
        "q2",
        right,
        [(f, m, f"m{i}") for i, (f, m) in enumerate(wrong, 1)],  # the ids the records know
        hint=(
            N_("The interval is the mean ± about two standard errors; the unit is one duplicate pair."),
            N_("Half width = 1.96 (or 2) × (standard deviation of the pair means) / √(number of pairs)."),
        ),
        digits=2,
        also_right=[lambda: right(2.0)],  # 2·s/√n, the rule of thumb of lesson one, is as good as 1.96·s/√n
    )


ex.add(_q2_exercise())


# -- q3: the best threshold ---------------------------------------------------------------
def best_k() -> int:
    """The k with the lowest mean total in the lesson's sweep."""
    return sl.best_threshold(sl.threshold_sweep())


def _worst_k() -> int:
    sweep = sl.threshold_sweep()
    return max(zip(sl.SWEEP_KS, sweep, strict=True), key=lambda ke: ke[1].mean_total)[0]


def _as_int(answer: Any) -> int:
    if isinstance(answer, bool):
        raise TypeError(N_("give the threshold k as a whole number"))
    value = as_number(answer)
    if value != int(value):
        raise ValueError(N_("the threshold k is a whole number (a bird weight)"))
    return int(value)


ex.add(
    choice_exercise(
        "q3",
        best_k,
        [
            (
                lambda a, right: a == _worst_k(),
                N_("That k has the highest mean total. In Papageno the lowest total wins the round."),
            ),
            (
                lambda a, right: a == max(sl.SWEEP_KS),
                N_("k = 9 keeps every bird, heavy ones too; the table shows that costs many points."),
            ),
            (
                lambda a, right: a == min(sl.SWEEP_KS),
                N_(
                    "k = −2 keeps almost nothing, so the face-down cards stay average; the table shows that costs points."
                ),
            ),
            (
                lambda a, right: abs(a - right) == 1,
                N_("Close! Read the mean totals again: the lowest one is one row away."),
            ),
        ],
        hint=(
            N_("In Papageno the lowest total wins."),
            N_("Find the row of the sweep with the smallest mean total."),
        ),
        prepare=_as_int,
    )
)


# -- q4: the column-pair rule --------------------------------------------------------------
def _same_row(grid: Any, card: str) -> int | None:
    w = card_weight(card)
    if w <= 0:
        return None
    for pos, _c in enumerate(grid):
        row = range(pos - pos % 3, pos - pos % 3 + 3)
        if any(q != pos and grid[q] is not None and card_weight(grid[q]) == w for q in row):
            return pos
    return None


def _own_position(grid: Any, card: str) -> int | None:
    w = card_weight(card)
    if w <= 0:
        return None
    for pos, c in enumerate(grid):
        if c is not None and card_weight(c) == w and grid[partner(pos)] != c:
            return pos
    return None


def _negative_too(grid: Any, card: str) -> int | None:
    w = card_weight(card)
    for pos in range(len(grid)):
        mate = grid[partner(pos)]
        if mate is not None and card_weight(mate) == w and not (grid[pos] is not None and card_weight(grid[pos]) == w):
            return pos
    return None


_Q4_CASES: list[tuple[tuple[str | None, ...], str]] = [
    (("7", None, "3", None, None, None), "7"),
    ((None, "5", None, "2", None, "8"), "8"),
    (("4", "4", None, None, None, None), "4"),
    (("-2", None, None, None, "6", None), "-2"),
    (("6", "1", None, "6", None, None), "6"),
    ((None, None, None, "9", "1", "1"), "1"),
    (("3", "0", "5", None, None, None), "2"),
    (("0", None, None, None, None, None), "0"),
]
ex.add(
    outputs_exercise(
        "q4",
        _Q4_CASES,
        pair_position,
        [
            (
                _same_row,
                N_("You looked for the twin in the same row. Pairs cancel in a column (PA-E2): top and bottom."),
            ),
            (
                _own_position,
                N_(
                    "You returned the place of the matching card itself. The new card goes into its column "
                    "partner's place (pos ± 3), so the two stand one above the other."
                ),
            ),
            (
                _negative_too,
                N_("You also pair cards of weight ≤ 0. A pair counts 0, so two −2s (worth −4) would lose 4 points."),
            ),
        ],
        hint=(
            N_("A pair is two cards of the same positive weight in one column, one above the other."),
            N_(
                "For each position, look at its column partner (pos + 3 or pos − 3); skip columns already paired "
                "and cards of weight ≤ 0."
            ),
        ),
    )
)


# -- q5: what the pair rule adds --------------------------------------------------------------
def pair_rule_saving(k: int = Q2_K) -> float:
    """How much lower the mean total of ``keep ≤ k`` is with the column-pair rule."""
    plain = sl.threshold_sweep()[sl.SWEEP_KS.index(k)]
    paired = sl.threshold_sweep(PAIR_KS, True)[PAIR_KS.index(k)]
    return plain.mean_total - paired.mean_total


def _q5() -> Exercise:
    def with_pairs() -> float:
        return sl.threshold_sweep(PAIR_KS, True)[PAIR_KS.index(Q2_K)].mean_total

    def without_pairs() -> float:
        return sl.threshold_sweep()[sl.SWEEP_KS.index(Q2_K)].mean_total

    return lazy_numeric_exercise(
        "q5",
        pair_rule_saving,
        [
            (
                lambda: -pair_rule_saving(),
                N_(
                    "Right size, wrong sign: the saving is (total without pairs) − (total with pairs), a positive number."
                ),
                "",
            ),
            (
                with_pairs,
                N_("That is the mean total with the pair rule; the question asks how much lower it is than without."),
                "",
            ),
            (
                without_pairs,
                N_(
                    "That is the mean total without the pair rule; the question asks for the difference the rule makes."
                ),
                "",
            ),
        ],
        hint=(
            N_(
                "Both sweeps played the same deals: compare the two mean totals of the same rule, with and without pairs."
            ),
            M_("Subtract the two mean totals of keep≤{k}: without the pair rule minus with it.", k=Q2_K),
        ),
        digits=2,
    )


ex.add(_q5())
