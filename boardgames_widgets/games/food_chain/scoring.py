"""The end of a Food Chain game: the removals (rule FC-E2) and the count (rule FC-E3).

:func:`score` explains a table's count; the rules' returns and the fast playout's take the
winners from the same two steps, :func:`remove_in_order` and :func:`count`.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TypeVar

from boardgames_widgets.games.food_chain.state import CAT, CHEESE, DOG, MOUSE, Card, FoodChainScore, FoodChainState
from boardgames_widgets.games.food_chain.table import _W, cell_number

T = TypeVar("T")
#: A card on the table for the count: its cell's number (see :mod:`.table`), the card, and
#: what the caller wants back for it (:func:`score`: the :class:`Placed`; the playout: the card).
Entry = tuple[int, Card, T]


def _beside(cards: list[Entry[T]], around: set[int]) -> tuple[list[Entry[T]], list[Entry[T]]]:
    """The ``cards`` on a cell sharing a side with one of ``around``, and the others."""
    if not around:  # nothing to be next to (no dogs left, say): every card stays
        return [], cards
    gone: list[Entry[T]] = []
    stay: list[Entry[T]] = []
    for entry in cards:
        x = entry[0]
        # the four sides, written out: this runs for every card of every game search plays out
        if x - 1 in around or x + 1 in around or x - _W in around or x + _W in around:
            gone.append(entry)
        else:
            stay.append(entry)
    return gone, stay


def remove_in_order(
    table: Iterable[Entry[T]],
) -> tuple[list[Entry[T]], list[Entry[T]], list[Entry[T]], list[Entry[T]]]:
    """FC-E2: before counting, remove in this order, each step all at once: the cats next to
    a dog flee, then the mice next to a remaining cat are caught, then the cheese next to a
    remaining mouse is eaten. Returns the fled cats, the caught mice, the eaten cheese and
    the cheese still on the table, each in table order. (One card per cell: "the cats not
    fled" are the cats with no dog beside them, and so on.)"""
    dogs: set[int] = set()
    cats: list[Entry[T]] = []
    mice: list[Entry[T]] = []
    cheese: list[Entry[T]] = []
    for entry in table:
        kind = entry[1].kind
        if kind == CHEESE:
            cheese.append(entry)
        elif kind == MOUSE:
            mice.append(entry)
        elif kind == CAT:
            cats.append(entry)
        elif kind == DOG:
            dogs.add(entry[0])
    fled, cats = _beside(cats, dogs)  # 1. cats next to a dog flee
    caught, mice = _beside(mice, {e[0] for e in cats})  # 2. mice next to a remaining cat are caught
    eaten, cheese = _beside(cheese, {e[0] for e in mice})  # 3. cheese next to a remaining mouse is eaten
    return fled, caught, eaten, cheese


def count(cheese: Iterable[Card], num_players: int) -> tuple[list[int], list[int], list[int]]:
    """FC-E3: each player scores the values of their own cheese still on the table; most
    points wins, ties broken by more cheese cards left, still tied is a shared win.
    Returns the points, the cheese cards left and the winners."""
    points, left = [0] * num_players, [0] * num_players
    for card in cheese:
        points[card.owner] += card.value
        left[card.owner] += 1
    best = max(zip(points, left, strict=True))
    winners = [i for i in range(num_players) if (points[i], left[i]) == best]
    return points, left, winners


def shares(winners: list[int] | tuple[int, ...], num_players: int) -> tuple[float, ...]:
    """The returns: the winners share 1 equally, everyone else gets 0."""
    return tuple(1 / len(winners) if i in winners else 0.0 for i in range(num_players))


def score(state: FoodChainState) -> FoodChainScore:
    """Remove cards in the order of FC-E2, then count points as in FC-E3.

    Works on any state (a lesson may score a game in progress); the game's result
    uses it at the end.
    """
    fled, caught, eaten, cheese = remove_in_order((cell_number(p.row, p.col), p.card, p) for p in state.table)
    points, left, winners = count((e[1] for e in cheese), state.num_players)
    return FoodChainScore(
        tuple(e[2] for e in fled),
        tuple(e[2] for e in caught),
        tuple(e[2] for e in eaten),
        tuple(points),
        tuple(left),
        tuple(winners),
    )
