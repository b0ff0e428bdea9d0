"""Food Chain's parts and positions: the cards, the counts of the deck, the state, a player's
observation and the end-of-game count (RULES.md §4; the rules themselves are in :mod:`.rules`)."""

from __future__ import annotations

import operator
from collections.abc import Callable, Hashable
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Any, TypeVar

from boardgames_widgets.core.api import state_builder

if TYPE_CHECKING:
    from boardgames_widgets.games.food_chain.table import Edge

DOG, CAT, MOUSE, CHEESE, START = "dog", "cat", "mouse", "cheese", "start"
#: The animal kinds, in the order of the pile's counts.
ANIMALS: tuple[str, str, str] = (DOG, CAT, MOUSE)

#: Assumption (RULES.md §4): the 36 animal cards are 6 dogs, 12 cats and 18 mice.
FULL_DECK: tuple[int, int, int] = (6, 12, 18)
#: FC-S2: animal cards removed from the deck, by number of players (dogs, cats, mice).
REMOVED_BY_PLAYERS: dict[int, tuple[int, int, int]] = {2: (3, 6, 9), 3: (2, 3, 4), 4: (0, 0, 0)}
#: FC-T2: the side N of the square all cards must fit in, by number of players.
SQUARE_SIDE: dict[int, int] = {2: 5, 3: 6, 4: 7}
#: Assumption (RULES.md §4): the values of the 6 cheese cards of each set.
CHEESE_VALUES: tuple[int, ...] = (1, 1, 2, 2, 3, 3)
#: FC-S4: animal cards each player draws before the game starts.
OPENING_DRAWS = 2
#: FC-E1: the cards each player places in a game.
CARDS_PER_PLAYER = 12
#: The shape of each player's cheese set (FC-S1), used by pictures and text.
CHEESE_SHAPES: tuple[str, ...] = ("triangle", "circle", "square", "diamond")


def kind_at(dogs: int, cats: int, r: int) -> str:
    """FC-T4: the kind of card ``r`` (from 0) of a pile holding ``dogs`` dogs, then ``cats`` cats,
    then mice: each kind owns consecutive numbers as many as its cards, so a uniformly drawn
    ``r`` draws each kind with probability count / total.

    >>> [kind_at(1, 2, r) for r in range(4)]
    ['dog', 'cat', 'cat', 'mouse']
    """
    return DOG if r < dogs else CAT if r < dogs + cats else MOUSE


_NEIGHBOURS: tuple[tuple[int, int], ...] = ((-1, 0), (1, 0), (0, -1), (0, 1))

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class _Memo(dict[K, V]):
    """A dict that computes a missing value with ``make(key)`` on first use and keeps it.

    Search code asks for the same neighbour cells and the same actions hundreds of
    thousands of times; building each once and looking it up after is much faster.
    """

    __slots__ = ("make",)

    def __init__(self, make: Callable[[K], V]) -> None:
        super().__init__()
        self.make = make

    def __missing__(self, key: K) -> V:
        value = self[key] = self.make(key)
        return value

    def __reduce__(self) -> tuple[type[_Memo[K, V]], tuple[Callable[[K], V]]]:
        # a copy or pickle starts empty: every entry can be made again
        return (type(self), (self.make,))


@dataclass(frozen=True, slots=True, order=True)
class Card:
    """One card. Cheese cards have a value and an owner; animals have neither.

    >>> str(Card(CHEESE, 3, 1)), str(Card(CAT))
    ('cheese3', 'cat')
    """

    kind: str
    value: int = 0
    owner: int = -1

    def __str__(self) -> str:
        return f"cheese{self.value}" if self.kind == CHEESE else self.kind


#: One shared Card per animal kind for the draws: equal cards in a hand are then the
#: same object too, and comparing or hashing a hand skips comparing them field by field.
_ANIMAL_CARDS: dict[str, Card] = {kind: Card(kind) for kind in ANIMALS}
#: The order of cards in a hand (Card's own order, the fields in turn), as a sort key
#: that compares without calling Card's methods.
_CARD_ORDER = operator.attrgetter("kind", "value", "owner")


@dataclass(frozen=True, slots=True)
class Placed:
    """A card lying on the table at (row, col)."""

    row: int
    col: int
    card: Card


class _Derived:
    """The part of a state worked out from its fields, never saved or compared: the edge of
    its table (:class:`~boardgames_widgets.games.food_chain.table.Edge`), which the state
    after a placement grows by one card instead of the rules scanning the table again.

    A slot outside the dataclass's fields, so equality, hashing, ``repr``, pickling and the
    saved-game format see only the fields; a state made any other way than by the rules
    (loaded, unpickled, built by hand) has it unset, and the rules work it out on first use.
    """

    __slots__ = ("_edge",)

    if TYPE_CHECKING:  # (for mypy only: type hints of the state name its fields alone)
        _edge: Edge | None


@dataclass(frozen=True, slots=True, repr=False)
class FoodChainState(_Derived):
    """A complete Food Chain position (hidden parts included).

    Attributes:
        num_players: 2, 3 or 4.
        table: the cards on the table, in the order they were placed (start card first).
        hands: each player's hand, sorted.
        pile: how many dogs, cats and mice are still in the face-down pile.
        pile_order: in the open-deck teaching variant, the pile from the top down
            (known to everyone); empty in the standard game.
        to_draw: the players who must still draw, in order (chance acts while non-empty).
        turn: the player who places next.
        placed: how many cards each player has placed.
    """

    num_players: int
    table: tuple[Placed, ...]
    hands: tuple[tuple[Card, ...], ...]
    pile: tuple[int, int, int]
    pile_order: tuple[str, ...]
    to_draw: tuple[int, ...]
    turn: int
    placed: tuple[int, ...]

    def __repr__(self) -> str:
        """A one-line summary (display the state to see the board)."""
        return f"<FoodChainState: {self.num_players} players, {len(self.table)} card{'' if len(self.table) == 1 else 's'} on the table, turn {self.turn}>"

    def _repr_svg_(self) -> str:
        from boardgames_widgets.core.registry import make_game

        return make_game("food_chain", num_players=self.num_players).state_svg(self)


#: Builds a :class:`Placed` from its fields without the frozen dataclass's per-field cost.
_build_placed = state_builder(Placed)


def _derived_builder() -> Callable[..., FoodChainState]:
    """A function ``build(*fields, edge=None) -> FoodChainState``: :func:`~boardgames_widgets.core.api.state_builder`
    for a state with the derived slot of :class:`_Derived` (the draft it fills must have the
    same slots, so that it may become a :class:`FoodChainState`)."""
    names = [f.name for f in fields(FoodChainState)]
    draft = type("_FoodChainStateDraft", (_Derived,), {"__slots__": tuple(names)})
    args = ", ".join(names)
    sets = "".join(f"    s.{n} = {n}\n" for n in names)
    source = f"def build({args}, edge=None):\n    s = _draft()\n{sets}    s._edge = edge\n    s.__class__ = _cls\n    return s\n"
    scope: dict[str, Any] = {"_draft": draft, "_cls": FoodChainState}
    exec(source, scope)  # generated from the dataclass's own field names, as dataclasses do
    build: Callable[..., FoodChainState] = scope["build"]
    return build


#: Builds a :class:`FoodChainState` from its fields (and, last, its table's edge, if known)
#: without the frozen dataclass's per-field cost.
_build_state = _derived_builder()


@dataclass(frozen=True, slots=True)
class FoodChainObservation:
    """What one player knows: their hand, the table, pile size and others' hand sizes."""

    player: int
    current_player: int
    hand: tuple[Card, ...]
    table: tuple[Placed, ...]
    pile_size: int
    pile_order: tuple[str, ...]
    hand_sizes: tuple[int, ...]
    placed: tuple[int, ...]
    num_players: int


@dataclass(frozen=True, slots=True)
class FoodChainScore:
    """The end-of-game count with its explanation (FC-E2, FC-E3).

    Attributes:
        fled_cats: step 1 — cats next to a dog.
        caught_mice: step 2 — mice next to a remaining cat.
        eaten_cheese: step 3 — cheese next to a remaining mouse.
        points: each player's points (values of their cheese still on the table).
        cheese_left: each player's number of cheese cards still on the table.
        winners: the winning players (several only if still tied after the tie-break).
    """

    fled_cats: tuple[Placed, ...]
    caught_mice: tuple[Placed, ...]
    eaten_cheese: tuple[Placed, ...]
    points: tuple[int, ...]
    cheese_left: tuple[int, ...]
    winners: tuple[int, ...]

    def removed(self) -> tuple[Placed, ...]:
        """Every card removed before counting, in removal order."""
        return self.fled_cats + self.caught_mice + self.eaten_cheese
