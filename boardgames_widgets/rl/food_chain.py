"""Food Chain as numbers (see :mod:`boardgames_widgets.rl.encodings`).

**Actions.** Every card kind a player can hold (dog, cat, mouse, cheese 1, 2, 3) at every
cell of the largest table the N × N square rule (FC-T2) allows around the start card:
rows and columns ``-(N-1) … N-1`` (N = 5, 6, 7 for 2, 3, 4 players). Index
``card × G² + (row + N - 1) × G + (col + N - 1)`` with ``G = 2N - 1``: 486, 726 and
1,014 actions.

**Observation blocks** (seats counted from the observer):

* ``board`` — ``(4 + n)`` planes of ``G × G`` cells (plane-major): start card, dog, cat,
  mouse, then one plane per seat holding that seat's cheese as value / 3;
* ``hand`` — my dogs, cats and mice (count / 8), my cheese 1, 2, 3 (count / 2);
* ``hand_sizes`` — each seat's number of cards in hand / 8;
* ``placed`` — each seat's cards placed / 12;
* ``pile`` — cards left in the pile / the deck;
* ``pile_top`` — open-deck variant only: the kind of the known top card (dog, cat, mouse);
* ``to_act`` — the seat to place next, one-hot (last entry: a draw or the end).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from boardgames_widgets.games.food_chain.actions import CARD_KINDS
from boardgames_widgets.games.food_chain.rules import (
    ANIMALS,
    CARDS_PER_PLAYER,
    CHEESE,
    SQUARE_SIDE,
    START,
    FoodChainObservation,
    Place,
)
from boardgames_widgets.rl.encodings import Encoding, Vector, scaled

#: The card kinds of the action table, in index order: (kind, value) (the game's own order).
CARDS = CARD_KINDS
_PLANE = {"start": 0, "dog": 1, "cat": 2, "mouse": 3}
#: Most cards of one kind a hand holds for the features (more reads as 1).
HAND_SCALE = 8


class FoodChainEncoding(Encoding):
    """Food Chain's action table and observation vector (module docstring)."""

    game_id = "food_chain"

    def __init__(self, game: Any) -> None:
        self.side = SQUARE_SIDE[game.num_players]
        self.width = 2 * self.side - 1
        super().__init__(game)
        self._deck = sum(game.deck())

    def action_table(self) -> Iterable[Any]:
        k, g = self.side - 1, self.width
        for kind, value in CARDS:
            for r in range(g):
                for c in range(g):
                    yield Place(kind, value, r - k, c - k)

    def block_sizes(self) -> Sequence[tuple[str, int]]:
        n, g = self.num_players, self.width
        return (
            ("board", (4 + n) * g * g),
            ("hand", 6),
            ("hand_sizes", n),
            ("placed", n),
            ("pile", 1),
            ("pile_top", 3),
            ("to_act", n + 1),
        )

    def fill(self, vector: Vector, observation: FoodChainObservation, seat: int) -> None:
        n, g, k = self.num_players, self.width, self.side - 1
        cells = g * g
        board = self.at("board")
        for placed in observation.table:
            card = placed.card
            cell = (placed.row + k) * g + placed.col + k
            if card.kind == CHEESE:
                plane = 4 + self.relative(card.owner, seat)
                vector[board + plane * cells + cell] = card.value / 3
            else:
                vector[board + _PLANE[card.kind] * cells + cell] = 1.0
        hand = self.at("hand")
        counts = [0] * 6
        for card in observation.hand:
            if card.kind == CHEESE:
                counts[2 + card.value] += 1
            elif card.kind != START:
                counts[ANIMALS.index(card.kind)] += 1
        for i in range(3):
            vector[hand + i] = scaled(counts[i], HAND_SCALE)
            vector[hand + 3 + i] = scaled(counts[3 + i], 2)
        sizes, placed_at = self.at("hand_sizes"), self.at("placed")
        for p in range(n):
            r = self.relative(p, seat)
            vector[sizes + r] = scaled(observation.hand_sizes[p], HAND_SCALE)
            vector[placed_at + r] = scaled(observation.placed[p], CARDS_PER_PLAYER)
        vector[self.at("pile")] = scaled(observation.pile_size, self._deck)
        if observation.pile_order:
            vector[self.at("pile_top") + ANIMALS.index(observation.pile_order[0])] = 1.0
        to_act = observation.current_player
        vector[self.at("to_act") + (self.relative(to_act, seat) if to_act >= 0 else n)] = 1.0
