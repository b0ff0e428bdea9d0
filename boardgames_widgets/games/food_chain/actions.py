"""Food Chain's actions: a player places a card (FC-T1 … FC-T3), chance deals a drawn card
(FC-S4, FC-T4). Their ``str`` is the text a record stores and
:meth:`~boardgames_widgets.games.food_chain.rules.FoodChain.parse_action` reads back."""

from __future__ import annotations

from fractions import Fraction
from itertools import chain
from typing import NamedTuple

from boardgames_widgets.games.food_chain.state import ANIMALS, CHEESE, CHEESE_VALUES, Card, _Memo
from boardgames_widgets.games.food_chain.table import GRID, GRID_CELLS


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


#: The ids of actions kept for good by the memos below whose fields have their types and
#: ranges (a Draw's seat aside, which depends on the game): ``apply`` need not check them
#: again. (Kept objects: an id here is never reused by another object.)
WELL_FORMED: set[int] = set()


def _placements_of(card: tuple[str, int]) -> tuple[Place, ...]:
    """The placements of the card ``(kind, value)``, by grid cell (see :mod:`.table`): made
    once, so every list of legal actions holds the same Place objects."""
    kind, value = card
    places = tuple(Place(kind, value, row, col) for row, col in GRID_CELLS)
    if type(kind) is str and type(value) is int and (kind == CHEESE or (kind in ANIMALS and value == 0)):
        WELL_FORMED.update(map(id, places))  # what explain.check_input accepts
    return places


#: Every card's placements by grid cell, by ``(kind, value)`` (a memo shared by all games:
#: a Place is a plain value).
PLACEMENTS: _Memo[tuple[str, int], tuple[Place, ...]] = _Memo(_placements_of)

#: The cards a hand can hold, ``(kind, value)``, in the order of :data:`ACTION_TABLE`.
CARD_KINDS: tuple[tuple[str, int], ...] = (
    *((kind, 0) for kind in ANIMALS),
    *((CHEESE, v) for v in sorted(set(CHEESE_VALUES))),
)
#: Every placement a player can ever be offered (``FoodChain.action_table``): each card of
#: :data:`CARD_KINDS` at each grid cell, card by card, so the placement of the ``k``-th card at
#: grid cell ``x`` is number ``k * GRID + x``.
ACTION_TABLE: tuple[Place, ...] = tuple(chain.from_iterable(PLACEMENTS[card] for card in CARD_KINDS))
#: Each card's placements' numbers in :data:`ACTION_TABLE`, by grid cell (as :data:`PLACEMENTS`).
PLACEMENT_IDS: dict[tuple[str, int], tuple[int, ...]] = {
    card: tuple(range(k * GRID, (k + 1) * GRID)) for k, card in enumerate(CARD_KINDS)
}


#: One Draw per seat of the largest game and animal kind, kept (see :data:`WELL_FORMED`).
DRAWS: dict[tuple[int, str], Draw] = {(p, kind): Draw(p, kind) for p in range(4) for kind in ANIMALS}
WELL_FORMED.update(map(id, DRAWS.values()))


def _draw_odds(key: tuple[int, tuple[int, int, int]]) -> list[tuple[Action, Fraction]]:
    """The outcomes of ``player`` drawing from ``pile``: each kind left, weighted by its count."""
    player, pile = key
    total = sum(pile)
    kept = type(player) is int  # (True == 1, but Draw(True, …) is malformed)
    draws = [(DRAWS.get((player, kind)) if kept else None) or Draw(player, kind) for kind in ANIMALS]
    return [(draw, Fraction(count, total)) for draw, count in zip(draws, pile, strict=True) if count]
