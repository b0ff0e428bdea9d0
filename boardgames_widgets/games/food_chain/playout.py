"""Food Chain's fast random playout: the rules' own steps on one mutable copy of the position.

:meth:`~boardgames_widgets.core.api.Game.random_playout` defines what it must equal (the same
draws from the generator, the same returns); the conformance suite checks it does. The cells
a card may go to come from the rules' :class:`~.table.Edge` (FC-T1 … FC-T3), a draw from
:func:`~.state.kind_at` (FC-T4) and the result from :func:`~.scoring.remove_in_order` and
:func:`~.scoring.count` (FC-E2, FC-E3), as for ``apply`` and ``returns``.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from boardgames_widgets.core.rng import index_drawer
from boardgames_widgets.games.food_chain.scoring import count, remove_in_order, shares
from boardgames_widgets.games.food_chain.state import (
    _ANIMAL_CARDS,
    CARDS_PER_PLAYER,
    CAT,
    DOG,
    Card,
    FoodChainState,
    kind_at,
)
from boardgames_widgets.games.food_chain.table import GRID_NUMBERS, cell_number

if TYPE_CHECKING:
    from boardgames_widgets.games.food_chain.rules import FoodChain


def random_playout(game: FoodChain, state: FoodChainState, rng: random.Random) -> tuple[float, ...]:
    """:meth:`Game.random_playout` on one mutable copy of the position: the same draws from
    ``rng`` and the same returns, several times faster.

    A step of the generic loop lists every placement (each different card of the hand at
    each legal cell, about fifty) and builds a new state; here the edge of the table
    grows card by card, and the drawn index ``i`` of :meth:`legal_actions`'s list is read
    as card ``i // cells``, cell ``i % cells`` (the list is card by card, the cells
    sorted), so nothing is listed. Chance draws as :meth:`sample_chance` does.
    """
    below = index_drawer(rng)
    n = state.num_players
    # the table as the count reads it: (numbered cell, card, card)
    table: list[tuple[int, Card, Card]] = [(cell_number(p.row, p.col), p.card, p.card) for p in state.table]
    # each hand as [card, how many] per different card, in hand order: the cards
    # legal_actions lists, one after the other (the first such card of the hand)
    hands: list[list[list[Any]]] = []
    for hand in state.hands:
        entries: list[list[Any]] = []
        for card in hand:
            if entries and entries[-1][0].kind == card.kind and entries[-1][0].value == card.value:
                entries[-1][1] += 1
            else:
                entries.append([card, 1])
        hands.append(entries)
    dogs, cats, mice = state.pile
    order = list(reversed(state.pile_order))  # the top card last: pop() takes it
    to_draw = list(reversed(state.to_draw))  # the next drawer last
    turn = state.turn
    placed = list(state.placed)
    short = sum(1 for k in placed if k < CARDS_PER_PLAYER)  # FC-E1: the game ends when none is short
    cards_of = _ANIMAL_CARDS
    edge = game._edge(state)  # the rules' edge of this table (FC-T1 … FC-T3)
    numbers = GRID_NUMBERS
    while True:
        if to_draw:  # chance: a card from the pile into the drawer's hand (sample_chance, _draw)
            player = to_draw.pop()
            kind = order.pop() if order else kind_at(dogs, cats, below(dogs + cats + mice))
            if kind == DOG:
                dogs -= 1
            elif kind == CAT:
                cats -= 1
            else:
                mice -= 1
            entries = hands[player]
            for i, entry in enumerate(entries):  # its place in the sorted hand (kind, value, owner)
                held = entry[0]
                if held.kind == kind:  # (an animal: value 0, no owner)
                    entry[1] += 1
                    break
                if held.kind > kind:  # cards sort by kind first: no card of this kind held
                    entries.insert(i, [cards_of[kind], 1])
                    break
            else:
                entries.append([cards_of[kind], 1])
            continue
        if not short:  # FC-E1
            break
        player = turn
        entries = hands[player]
        cells = edge.cells  # FC-T1 … FC-T3, as legal_cells
        pick, at = divmod(below(len(entries) * len(cells)), len(cells))
        entry = entries[pick]
        card = entry[0]
        if entry[1] == 1:
            del entries[pick]
        else:
            entry[1] -= 1
        x = cells[at]
        table.append((numbers[x], card, card))
        edge = edge.grow(x)
        placed[player] += 1
        if placed[player] == CARDS_PER_PLAYER:
            short -= 1
        if dogs + cats + mice > 0:  # FC-T4: draw, unless the pile is empty
            to_draw.append(player)
        turn = (player + 1) % n
    cheese = remove_in_order(table)[3]  # FC-E2
    return shares(count((e[1] for e in cheese), n)[2], n)  # FC-E3
