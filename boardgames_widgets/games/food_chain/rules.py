"""Food Chain — dog, cat, mouse, cheese (RULES.md §4, rules FC-S1 … FC-E3).

Players take turns placing one card from their hand next to the cards on the
table, inside an N × N square. At the end, cats next to a dog flee, then mice
next to a remaining cat are caught, then cheese next to a remaining mouse is
eaten; each player scores the cheese of their own set still on the table.

Chance is explicit: every draw from the face-down pile is a chance node whose
outcomes are the animal kinds still in the pile, weighted by how many are left.
Other players' hands and the pile are hidden (see :meth:`FoodChain.observation`).

Coordinates: the start card lies at (0, 0); rows grow downwards, columns to the
right. With 3 players there is no start card and, because only the relative
layout matters, the first card is placed at (0, 0) (rule FC-T3).
"""

from __future__ import annotations

import functools
import itertools
import operator
import random
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any, ClassVar, NamedTuple, TypeVar

from boardgames_widgets.core.api import (
    CHANCE,
    TERMINAL,
    Game,
    GameInfo,
    GameOverError,
    IllegalActionError,
    InvalidActionError,
    check_action,
    check_action_text,
    check_seat,
    state_builder,
)
from boardgames_widgets.core.rng import index_drawer

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


def _cells_around(cell: tuple[int, int]) -> frozenset[tuple[int, int]]:
    """The four cells sharing a side with ``cell``."""
    r, c = cell
    return frozenset((r + dr, c + dc) for dr, dc in _NEIGHBOURS)


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


class Place(NamedTuple):
    """Place a card from your hand at (row, col) (rules FC-T1 … FC-T3).

    A cheese card is always the placing player's own, so the action names only
    its kind and value.

    >>> str(Place(CAT, 0, 0, 1)), str(Place(CHEESE, 3, -1, 0))
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


def _square(window: tuple[int, int, int, int]) -> frozenset[tuple[int, int]]:
    """Every cell of the window (lowest row, highest row, lowest column, highest column).

    ``FoodChain.legal_cells`` intersects the empty neighbours with this set (one set
    operation) instead of comparing each cell with the four bounds.
    """
    rlo, rhi, clo, chi = (int(x) for x in window)  # whole numbers (a card placed at 1.0,0 makes floats)
    return frozenset((r, c) for r in range(rlo, rhi + 1) for c in range(clo, chi + 1))


def _placement(card: tuple[str, int], cell: tuple[int, int]) -> Place:
    """The action placing the card ``(kind, value)`` at ``cell``."""
    return Place(card[0], card[1], cell[0], cell[1])


def _placements_of(card: tuple[str, int]) -> _Memo[tuple[int, int], Place]:
    """A memo of the placements of the card ``(kind, value)``, by cell."""
    return _Memo(functools.partial(_placement, card))


def _draw_odds(key: tuple[int, tuple[int, int, int]]) -> list[tuple[Action, Fraction]]:
    """The outcomes of ``player`` drawing from ``pile``: each kind left, weighted by its count."""
    player, pile = key
    total = sum(pile)
    return [(Draw(player, kind), Fraction(count, total)) for kind, count in zip(ANIMALS, pile, strict=True) if count]


class _Layout(NamedTuple):
    """The shape of the cards on a table (see :meth:`FoodChain._layout`).

    Attributes:
        table: the table described.
        occupied: the cells holding a card.
        frontier: the empty cells sharing a side with an occupied one.
        rows: the lowest and highest row holding a card.
        cols: the lowest and highest column holding a card.
    """

    table: tuple[Placed, ...]
    occupied: set[tuple[int, int]]
    frontier: set[tuple[int, int]]
    rows: tuple[int, int]
    cols: tuple[int, int]


@dataclass(frozen=True, slots=True, repr=False)
class FoodChainState:
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
#: Builds a :class:`FoodChainState` from its fields without the frozen dataclass's per-field
#: cost (see :func:`~boardgames_widgets.core.api.state_builder`).
_build_state = state_builder(FoodChainState)


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


def _adjacent(cards: Iterable[Placed], around: set[tuple[int, int]]) -> tuple[Placed, ...]:
    """The ``cards`` sharing a side with one of the ``around`` positions."""
    if not around:  # nothing to be next to (no dogs left, say): nothing to look for
        return ()
    return tuple(
        p
        for p in cards
        # the four sides, written out: this runs for every card of every game search plays out
        if (p.row - 1, p.col) in around
        or (p.row + 1, p.col) in around
        or (p.row, p.col - 1) in around
        or (p.row, p.col + 1) in around
    )


def _key(p: Placed) -> tuple[int, int, str, int, int]:
    """What makes two placed cards equal, as a tuple (fast to hash and compare)."""
    return (p.row, p.col, p.card.kind, p.card.value, p.card.owner)


def _without(cards: list[Placed], removed: tuple[Placed, ...]) -> list[Placed]:
    """The ``cards`` not equal to a ``removed`` one (``p not in removed``, by a set of keys)."""
    if not removed:
        return cards
    gone = {_key(p) for p in removed}
    return [p for p in cards if _key(p) not in gone]


def _cells(cards: Iterable[Placed]) -> set[tuple[int, int]]:
    """The positions of ``cards``."""
    return {(p.row, p.col) for p in cards}


def score(state: FoodChainState) -> FoodChainScore:
    """Remove cards in the order of FC-E2, then count points as in FC-E3.

    Works on any state (a lesson may score a game in progress); the game's result
    uses it at the end.
    """
    table: dict[str, list[Placed]] = {DOG: [], CAT: [], MOUSE: [], CHEESE: []}  # the cards of each kind
    for p in state.table:
        if p.card.kind in table:
            table[p.card.kind].append(p)
    fled = _adjacent(table[CAT], _cells(table[DOG]))  # 1. cats next to a dog flee
    cats = _without(table[CAT], fled)
    caught = _adjacent(table[MOUSE], _cells(cats))  # 2. mice next to a remaining cat are caught
    mice = _without(table[MOUSE], caught)
    eaten = _adjacent(table[CHEESE], _cells(mice))  # 3. cheese next to a remaining mouse is eaten
    cheese = [p.card for p in _without(table[CHEESE], eaten)]
    n = state.num_players
    points = tuple(sum(c.value for c in cheese if c.owner == i) for i in range(n))
    left = tuple(sum(1 for c in cheese if c.owner == i) for i in range(n))
    best = max(zip(points, left, strict=True))
    winners = tuple(i for i in range(n) if (points[i], left[i]) == best)
    return FoodChainScore(fled, caught, eaten, points, left, winners)


#: A playout numbers cell (row, col) as ``(row + _OFF) * _W + col + _OFF``: one int per
#: cell, sorted as the (row, col) pairs are, the neighbours at ±1 and ±_W (a table
#: fits in a 7 × 7 square around (0, 0), far from the edges of the numbering).
_W, _OFF = 64, 32


def _cell_number(cell: tuple[int, int]) -> int:
    """The playout's number of ``cell`` (see :data:`_W`)."""
    return (cell[0] + _OFF) * _W + cell[1] + _OFF


def _numbered_window(window: tuple[int, int, int, int]) -> frozenset[int]:
    """:func:`_square` of a window given in numbered rows and columns (``row + _OFF``), as numbers."""
    rlo, rhi, clo, chi = window
    return frozenset(r * _W + c for r in range(rlo, rhi + 1) for c in range(clo, chi + 1))


def _playout_returns(table: list[tuple[int, Card]], n: int) -> tuple[float, ...]:
    """The returns of a finished game with these cards on the table (numbered cell,
    card; see :data:`_W`): :func:`score`'s winners (FC-E2, FC-E3) counted on cells
    alone, without building its explanation.

    Each cell holds one card, so "the cats not fled" are the cats with no dog beside
    them, and so on (what :func:`_without` removes by equality in :func:`score`).
    """
    dogs: set[int] = set()
    cats: list[int] = []
    mice: list[int] = []
    cheese: list[tuple[int, Card]] = []
    for x, card in table:
        kind = card.kind
        if kind == CHEESE:
            cheese.append((x, card))
        elif kind == MOUSE:
            mice.append(x)
        elif kind == CAT:
            cats.append(x)
        elif kind == DOG:
            dogs.add(x)
    # 1. cats next to a dog flee; 2. mice next to a remaining cat are caught
    stay = {x for x in cats if not (x - 1 in dogs or x + 1 in dogs or x - _W in dogs or x + _W in dogs)}
    free = {x for x in mice if not (x - 1 in stay or x + 1 in stay or x - _W in stay or x + _W in stay)}
    points, left = [0] * n, [0] * n
    for x, card in cheese:  # 3. cheese next to a remaining mouse is eaten; the rest counts
        if not (x - 1 in free or x + 1 in free or x - _W in free or x + _W in free):
            points[card.owner] += card.value
            left[card.owner] += 1
    best = max(zip(points, left, strict=True))
    winners = [i for i in range(n) if (points[i], left[i]) == best]
    return tuple(1 / len(winners) if i in winners else 0.0 for i in range(n))


class FoodChain(Game[FoodChainState, Action]):
    """Food Chain for 2, 3 or 4 players.

    Args:
        num_players: 2, 3 or 4.
        first_player: the player who starts ("the oldest player", FC-T1 order).
        open_deck_seed: teaching variant — if given (an integer 0 … 2**63 − 1 or a string
            of at most 200 characters), the pile
            is shuffled with this seed and its order is known to everyone, so the game
            has perfect information (each draw is a chance node with a single outcome).

    Raises:
        ValueError: a parameter out of range.
    """

    info: ClassVar[GameInfo] = GameInfo(
        id="food_chain",
        name="Food Chain",
        min_players=2,
        max_players=4,
        has_chance=True,
        hidden_information=True,
        rules_section="4",
    )

    def __init__(self, num_players: int = 2, first_player: int = 0, open_deck_seed: int | str | None = None) -> None:
        super().__init__(num_players)
        if type(first_player) is not int or not 0 <= first_player < num_players:
            raise ValueError(f"first_player must be a seat from 0 to {num_players - 1}, not {first_player!r}")
        seed = open_deck_seed
        if seed is not None and not (
            (type(seed) is int and 0 <= seed < 2**63) or (type(seed) is str and len(seed) <= 200)
        ):
            raise ValueError(f"open_deck_seed must be None, an integer 0..2**63-1 or a short string, not {seed!r}")
        self.first_player = first_player
        self.open_deck_seed = open_deck_seed
        self.side = SQUARE_SIDE[num_players]
        # Memos for the hot loops of search (see _Memo): every cell's neighbours, every
        # card's placements by cell, the odds of every draw (Fractions are slow to build)
        self._around: _Memo[tuple[int, int], frozenset[tuple[int, int]]] = _Memo(_cells_around)
        self._placements: _Memo[tuple[str, int], _Memo[tuple[int, int], Place]] = _Memo(_placements_of)
        self._squares: _Memo[tuple[int, int, int, int], frozenset[tuple[int, int]]] = _Memo(_square)
        self._windows: _Memo[tuple[int, int, int, int], frozenset[int]] = _Memo(_numbered_window)  # playouts'
        self._draw_odds: _Memo[tuple[int, tuple[int, int, int]], list[tuple[Action, Fraction]]] = _Memo(_draw_odds)
        # The last state legal_cells worked out, with its answer as a set: a playout asks
        # for the legal actions and then applies one of them to that same state, so
        # _place can check the cell with one lookup instead of all the rules again
        self._last_cells: tuple[FoodChainState | None, set[tuple[int, int]]] = (None, set())
        self._last_layout: _Layout | None = None  # the last answer of _layout

    def config(self) -> dict[str, object]:
        cfg: dict[str, object] = {"num_players": self.num_players}
        if self.first_player:
            cfg["first_player"] = self.first_player
        if self.open_deck_seed is not None:
            cfg["open_deck_seed"] = self.open_deck_seed
        return cfg

    # -- setup -------------------------------------------------------------------------
    def deck(self) -> tuple[int, int, int]:
        """FC-S2: the dogs, cats and mice left in the deck for this many players."""
        removed = REMOVED_BY_PLAYERS[self.num_players]
        return (FULL_DECK[0] - removed[0], FULL_DECK[1] - removed[1], FULL_DECK[2] - removed[2])

    def new_initial_state(self) -> FoodChainState:
        """FC-S1 … FC-S4: cheese sets in hand, the pile, the start card; then the opening draws."""
        n = self.num_players
        # one Card object per cheese value and player (see _ANIMAL_CARDS for why)
        cheese = [{v: Card(CHEESE, v, i) for v in CHEESE_VALUES} for i in range(n)]
        hands = tuple(tuple(sorted(cheese[i][v] for v in CHEESE_VALUES)) for i in range(n))
        table = (Placed(0, 0, Card(START)),) if n in (2, 4) else ()
        pile = self.deck()
        order: tuple[str, ...] = ()
        if self.open_deck_seed is not None:
            cards = [kind for kind, count in zip(ANIMALS, pile, strict=True) for _ in range(count)]
            random.Random(self.open_deck_seed).shuffle(cards)
            order = tuple(cards)
        seats = [(self.first_player + k) % n for k in range(n)]
        to_draw = tuple(p for _ in range(OPENING_DRAWS) for p in seats)
        return FoodChainState(n, table, hands, pile, order, to_draw, self.first_player, (0,) * n)

    # -- the game API ----------------------------------------------------------------
    def current_player(self, state: FoodChainState) -> int:
        if state.to_draw:
            return CHANCE
        if min(state.placed) >= CARDS_PER_PLAYER:  # FC-E1: everyone has placed all their cards
            return TERMINAL
        return state.turn

    def legal_cells(self, state: FoodChainState) -> list[tuple[int, int]]:
        """Empty cells where a card may go now (FC-T1 adjacency, FC-T2 square, FC-T3 first card)."""
        if not state.table:
            return [(0, 0)]
        layout = self._layout(state.table)
        k = self.side - 1  # FC-T2: the square's window, as in _window
        rlo, rhi, clo, chi = layout.rows[1] - k, layout.rows[0] + k, layout.cols[1] - k, layout.cols[0] + k
        legal = layout.frontier & self._squares[rlo, rhi, clo, chi]  # the empty neighbours in the window
        self._last_cells = (state, legal)
        return sorted(legal)

    def _layout(self, table: tuple[Placed, ...]) -> _Layout:
        """The occupied cells of a non-empty ``table``, the empty cells next to them, and its extent.

        A playout places one card at a time, so when ``table`` is the table of the
        previous call plus one card, the answer is worked out from that one (the new
        card's cell becomes occupied, its empty neighbours join the frontier) instead
        of from every card again. The same table twice (search asks for the legal
        actions of a new leaf, then plays out from it) gets the same answer.
        """
        last = self._last_layout
        if last is not None and table is last.table:
            return last
        if last is not None and len(table) == len(last.table) + 1 and table[:-1] == last.table:
            new = table[-1]
            cell = (new.row, new.col)
            occupied = last.occupied | {cell}
            frontier = last.frontier | (self._around[cell] - occupied)  # its empty neighbours join
            frontier.discard(cell)  # and its own cell leaves
            rows = (min(last.rows[0], new.row), max(last.rows[1], new.row))
            cols = (min(last.cols[0], new.col), max(last.cols[1], new.col))
        else:
            occupied = {(p.row, p.col) for p in table}
            frontier = set(itertools.chain.from_iterable(map(self._around.__getitem__, occupied))) - occupied
            row_list, col_list = [r for r, _ in occupied], [c for _, c in occupied]
            rows, cols = (min(row_list), max(row_list)), (min(col_list), max(col_list))
        layout = self._last_layout = _Layout(table, occupied, frontier, rows, cols)
        return layout

    def _window(self, state: FoodChainState) -> tuple[int, int, int, int]:
        """The rows and columns (lo, hi, lo, hi) the N × N square (FC-T2) still allows."""
        rows = [p.row for p in state.table]
        cols = [p.col for p in state.table]
        k = self.side - 1
        return max(rows) - k, min(rows) + k, max(cols) - k, min(cols) + k

    def legal_actions(self, state: FoodChainState) -> list[Action]:
        if self.current_player(state) < 0:
            return []
        cells = self.legal_cells(state)
        actions: list[Action] = []
        last: tuple[str, int] | None = None
        for card in state.hands[state.turn]:  # each different card once, in hand order
            key = (card.kind, card.value)
            if key == last:  # hands are kept sorted (validate_state), so equal cards are neighbours
                continue
            last = key
            at = self._placements[key]  # the same Place objects every time (a memo)
            actions += map(at.__getitem__, cells)  # at[cell] for each cell
        return actions

    def chance_outcomes(self, state: FoodChainState) -> list[tuple[Action, Fraction]]:
        if not state.to_draw:
            return []
        player = state.to_draw[0]
        if state.pile_order:
            return [(Draw(player, state.pile_order[0]), Fraction(1))]
        return list(self._draw_odds[player, state.pile])  # a copy: the memo's list stays as it is

    def sample_chance(self, state: FoodChainState, rng: random.Random) -> Action:
        """One draw from the pile: a direct draw for search, with the odds of :meth:`chance_outcomes`.

        One integer below the pile size picks a card; the kinds own consecutive
        ranges as long as their counts, so each kind comes with probability count/total.
        """
        if not state.to_draw:
            return super().sample_chance(state, rng)  # not a chance node: the base class says why
        player = state.to_draw[0]
        if state.pile_order:  # open deck: the top card, with probability 1
            return Draw(player, state.pile_order[0])
        dogs, cats, mice = state.pile
        r = rng.randrange(dogs + cats + mice)
        return Draw(player, DOG if r < dogs else CAT if r < dogs + cats else MOUSE)

    def random_playout(self, state: FoodChainState, rng: random.Random) -> tuple[float, ...]:
        """:meth:`Game.random_playout` on one mutable copy of the position: the same
        draws from ``rng`` and the same returns, several times faster.

        A step of the generic loop lists every placement (each different card of the
        hand at each legal cell, about fifty) and builds a new state; here the legal
        cells come from a frontier kept up to date in place, and the drawn index
        ``i`` of :meth:`legal_actions`'s list is read as card ``i // cells``, cell
        ``i % cells`` (the list is card by card, the cells sorted), so nothing is
        listed. Chance draws as :meth:`sample_chance` does. One state is built, at the
        end, for :meth:`returns`.
        """
        below = index_drawer(rng)
        n = state.num_players
        table = [(_cell_number((p.row, p.col)), p.card) for p in state.table]  # cells numbered (see _W)
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
        windows, cards_of = self._windows, _ANIMAL_CARDS
        k = self.side - 1
        occupied = {x for x, _ in table}
        frontier: set[int] = set()
        for x in occupied:
            frontier.update((x - 1, x + 1, x - _W, x + _W))
        frontier -= occupied
        rlo = rhi = clo = chi = 0  # the lowest and highest numbered row and column holding a card
        if table:
            rlo, rhi = min(x // _W for x in occupied), max(x // _W for x in occupied)
            clo, chi = min(x % _W for x in occupied), max(x % _W for x in occupied)
        window = windows[rhi - k, rlo + k, chi - k, clo + k]  # FC-T2: the cells the square allows
        while True:
            if to_draw:  # chance: a card from the pile into the drawer's hand (sample_chance, _draw)
                player = to_draw.pop()
                if order:
                    kind = order.pop()
                else:
                    r = below(dogs + cats + mice)
                    kind = DOG if r < dogs else CAT if r < dogs + cats else MOUSE
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
            cells = sorted(frontier & window) if table else [_cell_number((0, 0))]
            pick, at = divmod(below(len(entries) * len(cells)), len(cells))
            entry = entries[pick]
            card = entry[0]
            if entry[1] == 1:
                del entries[pick]
            else:
                entry[1] -= 1
            x = cells[at]
            table.append((x, card))
            row, col = divmod(x, _W)
            if occupied:  # the frontier and the extent grow by this cell
                occupied.add(x)
                frontier.update((x - 1, x + 1, x - _W, x + _W))
                frontier -= occupied
                if not (rlo <= row <= rhi and clo <= col <= chi):  # the table grows: FC-T2's window shrinks
                    rlo, rhi, clo, chi = min(rlo, row), max(rhi, row), min(clo, col), max(chi, col)
                    window = windows[rhi - k, rlo + k, chi - k, clo + k]
            else:  # the very first card (3 players): it alone makes the table
                occupied.add(x)
                frontier = {x - 1, x + 1, x - _W, x + _W}
                rlo, rhi, clo, chi = row, row, col, col
                window = windows[rhi - k, rlo + k, chi - k, clo + k]
            placed[player] += 1
            if placed[player] == CARDS_PER_PLAYER:
                short -= 1
            if dogs + cats + mice > 0:  # FC-T4: draw, unless the pile is empty
                to_draw.append(player)
            turn = (player + 1) % n
        return _playout_returns(table, n)

    def apply(self, state: FoodChainState, action: Action) -> FoodChainState:
        player = self.current_player(state)
        if player == TERMINAL:
            raise GameOverError(f"the game is over; {action} cannot be played")
        self._check_input(action)
        if player == CHANCE:
            if type(action) is not Draw:
                raise IllegalActionError("FC-T4", f"a card must be drawn from the pile now, not {action}")
            self._check_draw(state, action)
            return self._draw(state, action)
        if type(action) is not Place:
            raise IllegalActionError("FC-T1", f"player {player} places a card from their hand now, not {action}")
        return self._place(state, action)

    def apply_trusted(self, state: FoodChainState, action: Action) -> FoodChainState:
        """:meth:`apply` without checking ``action`` again: it comes from ``legal_actions``
        or ``sample_chance`` of ``state`` (search's playouts; see :meth:`Game.apply_trusted`)."""
        if type(action) is Draw:
            return self._draw(state, action)
        return self._place(state, action)  # type: ignore[arg-type]

    def _check_input(self, action: Action) -> None:
        """Strict inputs: a Food Chain action whose fields have their types and ranges.

        Raises:
            InvalidActionError: not an action, a field of the wrong type, a card kind
                that does not exist (an animal has value 0) or a seat that does not.
        """
        check_action(action, _ACTION_TYPES, "Food Chain")
        if type(action) is Place:
            if action.kind != CHEESE and (action.kind not in ANIMALS or action.value != 0):
                raise InvalidActionError(f"{action!r}: a card is a {', '.join(ANIMALS)} (value 0) or a cheese")
        elif type(action) is Draw and (not 0 <= action.player < self.num_players or action.kind not in ANIMALS):
            raise InvalidActionError(f"{action!r}: a draw is a seat and one of {', '.join(ANIMALS)}")

    def _check_draw(self, state: FoodChainState, draw: Draw) -> None:
        """FC-T4: raise unless ``draw`` is among the chance outcomes (without building them)."""
        if draw.player != state.to_draw[0]:
            possible = False
        elif state.pile_order:
            possible = draw.kind == state.pile_order[0]
        else:
            possible = draw.kind in ANIMALS and state.pile[ANIMALS.index(draw.kind)] > 0
        if not possible:
            raise IllegalActionError(
                "FC-T4",
                f"{draw} is impossible: player {state.to_draw[0]} draws from a pile holding {self._pile_text(state)}",
            )

    def _draw(self, state: FoodChainState, draw: Draw) -> FoodChainState:
        """FC-S4, FC-T4: the drawing player takes a card of the drawn kind from the pile into their hand."""
        pile = list(state.pile)
        pile[ANIMALS.index(draw.kind)] -= 1
        hands = list(state.hands)
        hands[draw.player] = tuple(sorted((*hands[draw.player], _ANIMAL_CARDS[draw.kind]), key=_CARD_ORDER))
        return _build_state(
            state.num_players,
            state.table,
            tuple(hands),
            (pile[0], pile[1], pile[2]),
            state.pile_order[1:],
            state.to_draw[1:],
            state.turn,
            state.placed,
        )

    def _place(self, state: FoodChainState, move: Place) -> FoodChainState:
        """FC-T1 … FC-T4: the player to move puts a card from their hand on the table, then draws."""
        player = state.turn
        hand = state.hands[player]
        kind, value = move.kind, move.value
        # the card itself from the hand when it is there (the same object: no new Card, and
        # tuple.index finds it by identity), else the card the move names, for the error
        i = next((k for k, c in enumerate(hand) if c.kind == kind and c.value == value), -1)
        card = hand[i] if i >= 0 and (kind != CHEESE or hand[i].owner == player) else move.card(player)
        if i < 0 or hand[i] is not card:
            raise IllegalActionError("FC-T1", f"player {player} has no {card} in hand to place")
        last_state, last_legal = self._last_cells
        if last_state is not state or (move.row, move.col) not in last_legal:
            # not the state legal_cells just worked out, or an illegal cell: check every rule
            self._check_cell(state, move, card)
        hands = list(state.hands)
        hands[player] = hand[:i] + hand[i + 1 :]
        placed = list(state.placed)
        placed[player] += 1
        to_draw = (player,) if sum(state.pile) > 0 else ()  # FC-T4: no draw once the pile is empty
        return _build_state(
            state.num_players,
            (*state.table, _build_placed(move.row, move.col, card)),
            tuple(hands),
            state.pile,
            state.pile_order,
            to_draw,
            (player + 1) % state.num_players,
            tuple(placed),
        )

    def _check_cell(self, state: FoodChainState, move: Place, card: Card) -> None:
        """Raise the rule (FC-T1 … FC-T3) that forbids placing ``card`` at the cell of ``move``, if any."""
        cell = (move.row, move.col)
        occupied = {(p.row, p.col) for p in state.table}
        if not state.table and cell != (0, 0):
            raise IllegalActionError(
                "FC-T3", "with 3 players the first card marks the middle of the table: place it at 0,0"
            )
        if cell in occupied:
            raise IllegalActionError("FC-T1", f"{move.row},{move.col} already holds a card")
        if state.table and not any((move.row + dr, move.col + dc) in occupied for dr, dc in _NEIGHBOURS):
            rule = "FC-T3" if len(state.table) == 1 and state.table[0].card.kind == START else "FC-T1"
            raise IllegalActionError(
                rule, f"{card} at {move.row},{move.col} does not share a side with a card on the table"
            )
        rlo, rhi, clo, chi = self._window(state) if state.table else (0, 0, 0, 0)
        if not (rlo <= move.row <= rhi and clo <= move.col <= chi):
            raise IllegalActionError(
                "FC-T2", f"{card} at {move.row},{move.col} would not fit in a {self.side}×{self.side} square"
            )

    def returns(self, state: FoodChainState) -> tuple[float, ...]:
        if self.current_player(state) != TERMINAL:
            return (0.0,) * state.num_players
        winners = score(state).winners
        return tuple(1 / len(winners) if i in winners else 0.0 for i in range(state.num_players))

    def score(self, state: FoodChainState) -> FoodChainScore:
        """The end-of-game count with its explanation (see :func:`score`)."""
        return score(state)

    #: At most this many states from :meth:`hidden_variants` (a random choice among them).
    HIDDEN_VARIANTS = 4

    def hidden_variants(self, state: FoodChainState, player: int, rng: random.Random) -> list[FoodChainState]:
        """States that differ from ``state`` only in what ``player`` cannot see (for the
        conformance suite's leak check, :mod:`boardgames_widgets.testing`).

        Hidden are the animals in the other players' hands and the face-down pile: each
        variant swaps one animal of another player's hand with an animal of another kind
        from the pile (hand sizes, cheese cards and the table stay). Up to
        :data:`HIDDEN_VARIANTS` of them, drawn with ``rng``. The open-deck variant hides
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
        return out[: self.HIDDEN_VARIANTS]

    def observation(self, state: FoodChainState, player: int) -> FoodChainObservation:
        """What ``player`` knows: the table, the pile's size, their own hand and the hand sizes.

        Raises:
            ValueError: ``player`` is not a seat.
        """
        check_seat(player, self.num_players)
        return FoodChainObservation(
            player=player,
            current_player=self.current_player(state),
            hand=state.hands[player],
            table=state.table,
            pile_size=sum(state.pile),
            pile_order=state.pile_order,
            hand_sizes=tuple(len(h) for h in state.hands),
            placed=state.placed,
            num_players=state.num_players,
        )

    def parse_action(self, text: str) -> Action:
        check_action_text(text)
        t = text.strip()
        if t.startswith("p") and " draws " in t:
            who, _, kind = t[1:].partition(" draws ")
            if who.isdigit() and kind in ANIMALS:
                return Draw(int(who), kind)
        card_text, at, cell = t.partition("@")
        if at:
            try:
                row, col = (int(x) for x in cell.split(","))
            except ValueError:
                raise InvalidActionError(f"{text!r}: the cell must be 'row,col'") from None
            if card_text in ANIMALS:
                return Place(card_text, 0, row, col)
            if card_text.startswith(CHEESE) and card_text[len(CHEESE) :].isdigit():
                return Place(CHEESE, int(card_text[len(CHEESE) :]), row, col)
        raise InvalidActionError(
            f"{text!r} is not a Food Chain action (examples: 'cat@0,1', 'cheese3@-1,0', 'p0 draws dog')"
        )

    def describe(self, state: FoodChainState) -> str:
        player = self.current_player(state)
        if player == TERMINAL:
            s = score(state)
            pts = ", ".join(f"player {i}: {p}" for i, p in enumerate(s.points))
            who = " and ".join(f"player {w}" for w in s.winners)
            return f"Game over. Points — {pts}. {'Winner' if len(s.winners) == 1 else 'Shared win'}: {who}."
        if player == CHANCE:
            return f"Player {state.to_draw[0]} draws a card ({sum(state.pile)} left in the pile)."
        return (
            f"Player {player} to place ({len(state.hands[player])} cards in hand, "
            f"{CARDS_PER_PLAYER - state.placed[player]} still to place, {sum(state.pile)} in the pile)."
        )

    def validate_state(self, state: FoodChainState) -> None:
        """Card conservation and shape checks for a loaded state.

        Raises:
            ValueError: the state could not arise in this game.
        """
        n = self.num_players
        if state.num_players != n or len(state.hands) != n or len(state.placed) != n:
            raise ValueError(f"state is for {state.num_players} players, this game has {n}")
        counts = check_conservation(self, state)
        if counts is not None:
            raise ValueError(counts)
        problem = self._table_problem(state) or self._turn_problem(state)
        if problem:
            raise ValueError(f"invalid Food Chain state: {problem}")

    def _table_problem(self, state: FoodChainState) -> str | None:
        """What is wrong with the cards: their fields, or the table's shape (FC-T1 … FC-T3)."""
        n = self.num_players
        for card in (*(p.card for p in state.table), *(c for h in state.hands for c in h)):
            if card.kind == CHEESE:
                if card.value not in CHEESE_VALUES or not 0 <= card.owner < n:
                    return f"{card!r}: a cheese card has a value 1 to 3 and an owner"
            elif card.value != 0 or card.owner != -1:
                return f"{card!r}: only cheese cards have a value and an owner"
        if any(h != tuple(sorted(h, key=_CARD_ORDER)) for h in state.hands):
            return "hands are kept sorted"
        if any(c.kind == START for h in state.hands for c in h):
            return "the start card lies on the table"
        cells = [(p.row, p.col) for p in state.table]
        if len(set(cells)) != len(cells):
            return "two cards on one cell (FC-T1)"
        if cells and cells[0] != (0, 0):
            return "the first card on the table lies at 0,0 (FC-T3)"
        if (START in (p.card.kind for p in state.table)) != (n in (2, 4)) or any(
            p.card.kind == START for p in state.table[1:]
        ):
            return "the start card is the first card, with 2 or 4 players only (FC-S3)"
        for i, (r, c) in enumerate(cells[1:], start=1):
            if not any((r + dr, c + dc) in cells[:i] for dr, dc in _NEIGHBOURS):
                return f"the card at {r},{c} shares no side with a card placed before it (FC-T1)"
        if cells:
            rows, cols = [r for r, _ in cells], [c for _, c in cells]
            if max(rows) - min(rows) >= self.side or max(cols) - min(cols) >= self.side:
                return f"the table must fit in a {self.side}×{self.side} square (FC-T2)"
        return None

    def _turn_problem(self, state: FoodChainState) -> str | None:
        """What is wrong with whose turn it is and who still draws (FC-T1, FC-T4, FC-E1)."""
        n = self.num_players
        on_table = len(state.table) - (n in (2, 4))
        if any(not 0 <= k <= CARDS_PER_PLAYER for k in state.placed) or sum(state.placed) != on_table:
            return f"placed {state.placed} does not match the {on_table} cards placed on the table"
        if not 0 <= state.turn < n or state.turn != (self.first_player + on_table) % n:
            return f"player {state.turn} cannot be to place after {on_table} cards"
        if any(not 0 <= p < n for p in state.to_draw) or len(state.to_draw) > OPENING_DRAWS * n:
            return f"to_draw {state.to_draw} must list seats, at most {OPENING_DRAWS * n}"
        most = len(CHEESE_VALUES) + OPENING_DRAWS  # FC-T4: place one, draw one
        if any(len(h) > most for h in state.hands):
            return f"a player holds at most {most} cards"
        if any(k not in ANIMALS for k in state.pile_order) or (
            state.pile_order and tuple(state.pile_order.count(k) for k in ANIMALS) != state.pile
        ):
            return "the open pile order does not match the pile"
        return None

    @staticmethod
    def _pile_text(state: FoodChainState) -> str:
        return ", ".join(f"{c} {k}" for k, c in zip(ANIMALS, state.pile, strict=True))


def check_conservation(game: FoodChain, state: FoodChainState) -> str | None:
    """None if every card is in exactly one place (hand, table or pile), else what is wrong."""
    n = game.num_players
    animals = [0, 0, 0]
    cheese: dict[tuple[int, int], int] = {}
    starts = 0
    everywhere = [p.card for p in state.table] + [c for h in state.hands for c in h]
    for card in everywhere:
        if card.kind in ANIMALS:
            animals[ANIMALS.index(card.kind)] += 1
        elif card.kind == CHEESE:
            cheese[(card.owner, card.value)] = cheese.get((card.owner, card.value), 0) + 1
        elif card.kind == START:
            starts += 1
        else:
            return f"unknown card kind {card.kind!r}"
    deck = game.deck()
    for i, kind in enumerate(ANIMALS):
        if animals[i] + state.pile[i] != deck[i]:
            return f"{kind}s: {animals[i]} in play + {state.pile[i]} in the pile != {deck[i]} in the deck"
    want: dict[tuple[int, int], int] = {}
    for owner in range(n):
        for v in CHEESE_VALUES:
            want[(owner, v)] = want.get((owner, v), 0) + 1
    if cheese != want:
        return "cheese cards do not match one set of 1,1,2,2,3,3 per player"
    if starts != (1 if n in (2, 4) else 0):
        return "wrong number of start cards"
    if state.pile_order and len(state.pile_order) != sum(state.pile):
        return "the open pile order does not match the pile size"
    return None
