"""What a Food Chain player cannot see, varied: states that differ only in it (for the
conformance suite's leak check). Food Chain's sampler for ISMCTS is in
:mod:`boardgames_widgets.agents.food_chain`."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import TYPE_CHECKING

from boardgames_widgets.games.food_chain.state import _ANIMAL_CARDS, _CARD_ORDER, ANIMALS, FoodChainState

if TYPE_CHECKING:
    from boardgames_widgets.games.food_chain.rules import FoodChain


def hidden_variants(game: FoodChain, state: FoodChainState, player: int, rng: random.Random) -> list[FoodChainState]:
    """States that differ from ``state`` only in what ``player`` cannot see (for the
    conformance suite's leak check, :mod:`boardgames_widgets.testing`).

    Hidden are the animals in the other players' hands and the face-down pile: each
    variant swaps one animal of another player's hand with an animal of another kind
    from the pile (hand sizes, cheese cards and the table stay). Up to
    :attr:`~boardgames_widgets.games.food_chain.rules.FoodChain.HIDDEN_VARIANTS` of them, drawn with ``rng``. The open-deck variant hides
    nothing (the known pile order tells who drew what): no variants.
    """
    if state.pile_order:
        return []
    out = []
    for q, hand in enumerate(state.hands):
        if q == player:
            continue
        for card in sorted({c for c in hand if c.kind in ANIMALS}, key=_CARD_ORDER):
            for k, kind in enumerate(ANIMALS):
                if kind == card.kind or state.pile[k] == 0:
                    continue
                pile = list(state.pile)
                pile[k] -= 1
                pile[ANIMALS.index(card.kind)] += 1
                rest = list(hand)
                rest.remove(card)
                hands = list(state.hands)
                hands[q] = tuple(sorted((*rest, _ANIMAL_CARDS[kind]), key=_CARD_ORDER))
                out.append(replace(state, hands=tuple(hands), pile=(pile[0], pile[1], pile[2])))
    rng.shuffle(out)
    return out[: game.HIDDEN_VARIANTS]
