"""Scoring one player's area at the end of a round (PA-X4, PA-E2), with an explanation.

Each card counts its weight (a Capture and a Pan Flute 10 each). An Egg takes the
printed weight of the card to its left or right in its row: an Egg in an outer column
has one neighbour (the middle card); an Egg in the middle column takes whichever side
gives its owner the lower total. Two cards of equal weight in one column cancel and
count 0; an Egg counts with the weight it took, and takes a neighbour's printed weight
even if that neighbour is cancelled.

PA-E2 (Assumption, an Egg beside an Egg): an Egg has no printed weight, so an Egg never
takes its weight from a neighbouring Egg. A middle Egg with one Egg neighbour takes the
other neighbour's printed weight; an Egg whose only neighbours are Eggs counts
:data:`EGG_WITHOUT_WEIGHT` (0).

>>> from boardgames_widgets.games.papageno.cards import DeckConfig
>>> s = score_area(("Egg", "Egg", "6", "3", "5", "6"), DeckConfig())
>>> s.total, s.cancelled_columns
(14, (2,))
>>> print(s.explain())
top-left Egg counts 0 (its only neighbour, top-middle, is an Egg); top-middle Egg takes 6 from top-right; right column cancels (6 = 6); total 0 + 6 + 0 + 3 + 5 + 0 = 14
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass

from boardgames_widgets.games.papageno.cards import (
    AREA_SIZE,
    COLUMNS,
    EGG,
    POSITION_NAMES,
    DeckConfig,
    column_of,
)

_COLUMN_NAMES = ("left", "middle", "right")

#: PA-E2 (Assumption): what an Egg counts when its only neighbours are Eggs (no printed
#: weight to take).
EGG_WITHOUT_WEIGHT = 0


@dataclass(frozen=True, slots=True)
class EggTake:
    """What one Egg counted: the weight it took and from where (PA-X4).

    Attributes:
        pos: the Egg's position (0 … 5).
        source: the neighbour position whose printed weight it took; for an Egg whose
            only neighbours are Eggs (PA-E2), its first neighbour (an Egg).
        weight: the weight taken (:data:`EGG_WITHOUT_WEIGHT` from an Egg).
    """

    pos: int
    source: int
    weight: int


@dataclass(frozen=True, slots=True)
class AreaScore:
    """One player's score for a round, explained (PA-E2).

    Attributes:
        cards: the six cards, by position.
        weights: each card's weight after Eggs took theirs.
        counted: what each card counts (0 where its column cancelled).
        cancelled_columns: the columns (0 left, 1 middle, 2 right) whose two cards cancelled.
        eggs: what each Egg took, in position order.
        total: the sum of ``counted``.
    """

    cards: tuple[str, ...]
    weights: tuple[int, ...]
    counted: tuple[int, ...]
    cancelled_columns: tuple[int, ...]
    eggs: tuple[EggTake, ...]
    total: int

    def explain(self) -> str:
        """The score in words: what each Egg took, which columns cancelled, the sum."""
        parts = []
        for egg in self.eggs:
            if self.cards[egg.source] == EGG:  # PA-E2: no printed weight beside it
                why = (
                    f"its only neighbour, {POSITION_NAMES[egg.source]}, is an Egg"
                    if len(_neighbours(egg.pos)) == 1
                    else "both its neighbours are Eggs"
                )
                parts.append(f"{POSITION_NAMES[egg.pos]} Egg counts {egg.weight} ({why})")
            else:
                parts.append(f"{POSITION_NAMES[egg.pos]} Egg takes {egg.weight} from {POSITION_NAMES[egg.source]}")
        for c in self.cancelled_columns:
            parts.append(f"{_COLUMN_NAMES[c]} column cancels ({self.weights[c]} = {self.weights[c + COLUMNS]})")
        parts.append("total " + " + ".join(str(v) for v in self.counted) + f" = {self.total}")
        return "; ".join(parts)


def _neighbours(pos: int) -> tuple[int, ...]:
    """The positions an Egg at ``pos`` may take its weight from (PA-X4), left first."""
    c = column_of(pos)
    if c == 1:
        return (pos - 1, pos + 1)
    return (pos + 1,) if c == 0 else (pos - 1,)


def _evaluate(cards: Sequence[str], sources: dict[int, int], deck: DeckConfig) -> AreaScore:
    weights: list[int] = []
    eggs = []
    for pos, card in enumerate(cards):
        if card == EGG:
            src = sources[pos]
            printed = deck.weight(cards[src])
            w = EGG_WITHOUT_WEIGHT if printed is None else printed  # PA-E2: nothing to take from an Egg
            eggs.append(EggTake(pos, src, w))
        else:
            printed = deck.weight(card)
            assert printed is not None
            w = printed
        weights.append(w)
    counted = list(weights)
    cancelled = []
    for c in range(COLUMNS):
        if weights[c] == weights[c + COLUMNS]:
            counted[c] = counted[c + COLUMNS] = 0
            cancelled.append(c)
    return AreaScore(tuple(cards), tuple(weights), tuple(counted), tuple(cancelled), tuple(eggs), sum(counted))


def score_area(cards: Sequence[str], deck: DeckConfig) -> AreaScore:
    """Score six face-up cards; middle-column Eggs choose the side best for their owner.

    When both sides give the same total the Egg takes from the left (a fixed,
    documented tie rule, so the explanation is reproducible).

    Raises:
        ValueError: not six cards, or a face-down (``None``) card among them.
    """
    if len(cards) != AREA_SIZE or any(c is None for c in cards):
        raise ValueError(f"an area is scored with its six cards face up, got {tuple(cards)!r}")
    fixed: dict[int, int] = {}
    choosers: dict[int, tuple[int, ...]] = {}
    for pos, card in enumerate(cards):
        if card == EGG:
            # PA-E2: an Egg never takes from an Egg; with only Eggs beside it, it counts 0
            options = tuple(n for n in _neighbours(pos) if cards[n] != EGG) or _neighbours(pos)[:1]
            if len(options) == 1:
                fixed[pos] = options[0]
            else:
                choosers[pos] = options
    best: AreaScore | None = None
    for choice in itertools.product(*choosers.values()):
        result = _evaluate(cards, {**fixed, **dict(zip(choosers, choice, strict=True))}, deck)
        if best is None or result.total < best.total:
            best = result
    assert best is not None
    return best
