"""Papageno's cards, deck tables and table positions: the documented assumptions (RULES.md §3).

A card is a short string: a bird is its printed weight (``"-2"`` … ``"9"``), the
special cards are ``"Capture"`` (Papageno), ``"Flute"`` (Pan Flute) and ``"Egg"``.
Every count and weight the seed leaves open is a field of :class:`DeckConfig`,
so a lesson can change it and the rules follow.

>>> DeckConfig().counts(3)[KIND_INDEX["Capture"]], DeckConfig().deck_size(2), DeckConfig().deck_size(3)
(4, 48, 52)
>>> DeckConfig.preset("retail").deck_size(3)
50
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from boardgames_widgets.core.api import check_parameter

#: The special card Capture (Papageno), PA-X1.
CAPTURE = "Capture"
#: The special card Pan Flute, PA-X2.
FLUTE = "Flute"
#: The special card Egg, PA-X4.
EGG = "Egg"
#: The printed weights of the bird cards (RULES.md §3: −2 … 9).
BIRD_WEIGHTS: tuple[int, ...] = tuple(range(-2, 10))
#: Every kind of card, in a fixed order (the order of all per-kind count tuples).
KINDS: tuple[str, ...] = (*(str(w) for w in BIRD_WEIGHTS), CAPTURE, FLUTE, EGG)
#: Index of each kind in :data:`KINDS`.
KIND_INDEX: dict[str, int] = {k: i for i, k in enumerate(KINDS)}
#: The special cards.
SPECIALS: frozenset[str] = frozenset({CAPTURE, FLUTE, EGG})

#: **Assumption** (RULES.md §3): how the 40 bird cards spread over the weights −2 … 9.
#: Light birds are a little rarer, as a "small is beautiful" game suggests; the two
#: extreme weights have 2 and 3 cards. Indexed like :data:`BIRD_WEIGHTS`:
#: −2:2, −1:3, 0:3, 1:4, 2:4, 3:4, 4:4, 5:4, 6:3, 7:3, 8:3, 9:3.
SEED_BIRD_COUNTS: tuple[int, ...] = (2, 3, 3, 4, 4, 4, 4, 4, 3, 3, 3, 3)
#: Capture (Papageno) cards in the seed's deck.
SEED_CAPTURES = 4
#: Pan Flute cards in the seed's deck (removed with 2 players, PA-S1).
SEED_FLUTES = 4
#: Egg cards in the seed's deck. **Published:** the retail deck has 2 (see :data:`PRESETS`).
SEED_EGGS = 4
#: **Published:** a Capture (Papageno) card weighs 10.
CAPTURE_WEIGHT = 10
#: **Published** (RULES.md §3, a German review: "Papageno und die Panflöte schlagen sogar
#: mit 10 Punkten ins Gewicht"): a Pan Flute card weighs 10, like a Capture card.
FLUTE_WEIGHT = 10

#: The documented range of every numeric parameter of the deck and the game (inclusive),
#: checked by the constructors: a saved game is input from anywhere.
PARAMETER_RANGES: dict[str, tuple[int, int]] = {
    "bird_count": (0, 60),
    "captures": (0, 20),
    "flutes": (0, 20),
    "eggs": (0, 20),
    "capture_weight": (-100, 100),
    "flute_weight": (-100, 100),
    "rounds_to_win": (1, 10),
    "max_turns_per_round": (1, 10_000),
}


def check_range(name: str, value: object) -> None:
    """:func:`~boardgames_widgets.core.api.check_parameter` with :data:`PARAMETER_RANGES`.

    Raises:
        ValueError: ``value`` is not an integer in the documented range of ``name``.
    """
    check_parameter(name, value, PARAMETER_RANGES)


#: Cards per player area (PA-S2): 2 rows of 3.
ROWS, COLUMNS = 2, 3
AREA_SIZE = ROWS * COLUMNS
#: The most players a game of Papageno seats (RULES.md §3).
MAX_PLAYERS = 5
#: The six positions of an area, index ``row * 3 + column``, as named in action texts.
POSITION_NAMES: tuple[str, ...] = (
    "top-left",
    "top-middle",
    "top-right",
    "bottom-left",
    "bottom-middle",
    "bottom-right",
)
POSITION_INDEX: dict[str, int] = {name: i for i, name in enumerate(POSITION_NAMES)}


def row_of(pos: int) -> int:
    """The row (0 top, 1 bottom) of position ``pos``."""
    return pos // COLUMNS


def column_of(pos: int) -> int:
    """The column (0 left, 1 middle, 2 right) of position ``pos``."""
    return pos % COLUMNS


def card_name(card: str) -> str:
    """The card in words: ``"bird 7"``, ``"bird -2"``, ``"Capture"``, ``"Pan Flute"``, ``"Egg"``.

    >>> card_name("7"), card_name("Flute")
    ('bird 7', 'Pan Flute')
    """
    if card == FLUTE:
        return "Pan Flute"
    return card if card in SPECIALS else f"bird {card}"


def sorted_cards(cards: Iterable[str]) -> tuple[str, ...]:
    """Cards sorted in :data:`KINDS` order (the canonical form of a multiset)."""
    return tuple(sorted(cards, key=KIND_INDEX.__getitem__))


def cards_from_counts(counts: Sequence[int]) -> tuple[str, ...]:
    """The multiset with ``counts[i]`` cards of ``KINDS[i]``, in :data:`KINDS` order."""
    return tuple(k for k, c in zip(KINDS, counts, strict=True) for _ in range(c))


def counts_of(cards: Iterable[str]) -> tuple[int, ...]:
    """Per-kind counts (aligned with :data:`KINDS`) of a multiset of cards."""
    out = [0] * len(KINDS)
    for c in cards:
        out[KIND_INDEX[c]] += 1
    return tuple(out)


@dataclass(frozen=True, slots=True)
class DeckConfig:
    """The deck and the weights: every number the seed leaves open, by name.

    Attributes:
        bird_counts: cards per bird weight −2 … 9 (12 numbers, 40 in the seed).
        captures: Capture (Papageno) cards.
        flutes: Pan Flute cards (with 2 players they are removed, PA-S1).
        eggs: Egg cards (4 in the seed, 2 in the retail deck).
        capture_weight: what a Capture card weighs at the end (Published: 10).
        flute_weight: what a Pan Flute card weighs (Published: 10).
        remove_flutes_for_two: PA-S1, remove the Pan Flutes with 2 players.

    Raises:
        ValueError: a count or weight outside :data:`PARAMETER_RANGES`, or a bird table
            without 12 entries.
    """

    bird_counts: tuple[int, ...] = SEED_BIRD_COUNTS
    captures: int = SEED_CAPTURES
    flutes: int = SEED_FLUTES
    eggs: int = SEED_EGGS
    capture_weight: int = CAPTURE_WEIGHT
    flute_weight: int = FLUTE_WEIGHT
    remove_flutes_for_two: bool = True
    _weights: tuple[int | None, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        birds = tuple(self.bird_counts)
        object.__setattr__(self, "bird_counts", birds)
        if len(birds) != len(BIRD_WEIGHTS):
            raise ValueError(f"bird_counts needs {len(BIRD_WEIGHTS)} numbers (weights -2..9), got {len(birds)}")
        for count in birds:
            check_range("bird_count", count)
        for name in ("captures", "flutes", "eggs", "capture_weight", "flute_weight"):
            check_range(name, getattr(self, name))
        if type(self.remove_flutes_for_two) is not bool:
            raise ValueError(f"remove_flutes_for_two must be true or false, not {self.remove_flutes_for_two!r}")
        object.__setattr__(self, "_weights", (*BIRD_WEIGHTS, self.capture_weight, self.flute_weight, None))

    @staticmethod
    def preset(name: str, **overrides: Any) -> DeckConfig:
        """A named deck: ``"seed"`` (the seed's 4 Eggs) or ``"retail"`` (2 Eggs, 50 cards).

        Raises:
            ValueError: unknown preset name.
        """
        if name not in PRESETS:
            raise ValueError(f"unknown Papageno deck preset {name!r}; known: {', '.join(PRESETS)}")
        return replace(PRESETS[name], **overrides)

    def counts(self, num_players: int) -> tuple[int, ...]:
        """Cards of each kind (aligned with :data:`KINDS`) in play with ``num_players`` (PA-S1)."""
        flutes = 0 if num_players == 2 and self.remove_flutes_for_two else self.flutes
        return (*self.bird_counts, self.captures, flutes, self.eggs)

    def deck_size(self, num_players: int) -> int:
        """How many cards are shuffled with ``num_players`` (PA-S1)."""
        return sum(self.counts(num_players))

    def weight(self, card: str) -> int | None:
        """The printed weight of ``card`` (``None`` for an Egg, which has none)."""
        return self._weights[KIND_INDEX[card]]


#: Named decks. ``seed``: the seed's components (4 Eggs, 52 cards). ``retail``: the
#: published retail deck with 2 Eggs (50 cards).
PRESETS: dict[str, DeckConfig] = {
    "seed": DeckConfig(),
    "retail": DeckConfig(eggs=2),
}
