"""Food Chain's actions: a player places a card (FC-T1 … FC-T3), chance deals a drawn card
(FC-S4, FC-T4). Their ``str`` is the text a record stores and
:meth:`~boardgames_widgets.games.food_chain.rules.FoodChain.parse_action` reads back."""

from __future__ import annotations

import functools
from fractions import Fraction
from typing import NamedTuple

from boardgames_widgets.games.food_chain.state import ANIMALS, CHEESE, Card, _Memo
from boardgames_widgets.games.food_chain.table import CELLS


class Place(NamedTuple):
    """Place a card from your hand at (row, col) (rules FC-T1 … FC-T3).

    A cheese card is always the placing player's own, so the action names only
    its kind and value.

    >>> str(Place("cat", 0, 0, 1)), str(Place(CHEESE, 3, -1, 0))
    ('cat@0,1', 'cheese3@-1,0')
    """

    kind: str
    value: int
    row: int
    col: int

    @property
    def label(self) -> str:
        """The card's name: ``cat``, ``cheese3``."""
        return f"cheese{self.value}" if self.kind == CHEESE else self.kind

    def card(self, player: int) -> Card:
        """The card this places when ``player`` plays it."""
        return Card(CHEESE, self.value, player) if self.kind == CHEESE else Card(self.kind)

    def __str__(self) -> str:
        return f"{self.label}@{self.row},{self.col}"


class Draw(NamedTuple):
    """Chance outcome: ``player`` draws a card of ``kind`` from the pile (FC-S4, FC-T4)."""

    player: int
    kind: str

    def __str__(self) -> str:
        return f"p{self.player} draws {self.kind}"


Action = Place | Draw
_ACTION_TYPES = (Place, Draw)


def _placement(card: tuple[str, int], x: int) -> Place:
    """The action placing the card ``(kind, value)`` at the cell numbered ``x`` (see :mod:`.table`)."""
    row, col = CELLS[x]
    return Place(card[0], card[1], row, col)


def _placements_of(card: tuple[str, int]) -> _Memo[int, Place]:
    """A memo of the placements of the card ``(kind, value)``, by numbered cell."""
    return _Memo(functools.partial(_placement, card))


def _draw_odds(key: tuple[int, tuple[int, int, int]]) -> list[tuple[Action, Fraction]]:
    """The outcomes of ``player`` drawing from ``pile``: each kind left, weighted by its count."""
    player, pile = key
    total = sum(pile)
    return [(Draw(player, kind), Fraction(count, total)) for kind, count in zip(ANIMALS, pile, strict=True) if count]
