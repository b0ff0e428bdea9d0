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

This module is the rulebook: setting up, who acts, the legal actions, ``apply`` and the
result, each rule ID at the code that enforces it. Where a card may go is worked out in
:mod:`.table` (FC-T1 … FC-T3) and the end of the game in :mod:`.scoring` (FC-E2, FC-E3):
``apply``, ``returns`` and the fast playout (:mod:`.playout`) share those steps. The cards
and the state are in :mod:`.state`, the actions in :mod:`.actions`; why an action is
refused (:mod:`.explain`), texts (:mod:`.text`), loading checks (:mod:`.loading`) and the
leak check's variants (:mod:`.hidden`) have modules of their own. Every name is still
importable from here.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import ClassVar, TypeVar

from boardgames_widgets.core.api import (
    CHANCE,
    TERMINAL,
    Game,
    GameInfo,
    GameOverError,
    IllegalActionError,
    check_seat,
)
from boardgames_widgets.games.food_chain import explain, hidden, loading, playout, text
from boardgames_widgets.games.food_chain.actions import _ACTION_TYPES as _ACTION_TYPES
from boardgames_widgets.games.food_chain.actions import ACTION_TABLE, PLACEMENT_IDS, PLACEMENTS, WELL_FORMED, _draw_odds
from boardgames_widgets.games.food_chain.actions import (
    Action as Action,
)
from boardgames_widgets.games.food_chain.actions import (
    Draw as Draw,
)
from boardgames_widgets.games.food_chain.actions import (
    Place as Place,
)
from boardgames_widgets.games.food_chain.loading import check_conservation as check_conservation
from boardgames_widgets.games.food_chain.scoring import score as score
from boardgames_widgets.games.food_chain.scoring import shares
from boardgames_widgets.games.food_chain.state import _ANIMAL_CARDS, _build_placed, _build_state, _Memo
from boardgames_widgets.games.food_chain.state import _CARD_ORDER as _CARD_ORDER
from boardgames_widgets.games.food_chain.state import _NEIGHBOURS as _NEIGHBOURS
from boardgames_widgets.games.food_chain.state import (
    ANIMALS as ANIMALS,
)
from boardgames_widgets.games.food_chain.state import (
    CARDS_PER_PLAYER as CARDS_PER_PLAYER,
)
from boardgames_widgets.games.food_chain.state import (
    CAT as CAT,
)
from boardgames_widgets.games.food_chain.state import (
    CHEESE as CHEESE,
)
from boardgames_widgets.games.food_chain.state import (
    CHEESE_SHAPES as CHEESE_SHAPES,
)
from boardgames_widgets.games.food_chain.state import (
    CHEESE_VALUES as CHEESE_VALUES,
)
from boardgames_widgets.games.food_chain.state import (
    DOG as DOG,
)
from boardgames_widgets.games.food_chain.state import (
    FULL_DECK as FULL_DECK,
)
from boardgames_widgets.games.food_chain.state import (
    MOUSE as MOUSE,
)
from boardgames_widgets.games.food_chain.state import (
    OPENING_DRAWS as OPENING_DRAWS,
)
from boardgames_widgets.games.food_chain.state import (
    REMOVED_BY_PLAYERS as REMOVED_BY_PLAYERS,
)
from boardgames_widgets.games.food_chain.state import (
    SQUARE_SIDE as SQUARE_SIDE,
)
from boardgames_widgets.games.food_chain.state import (
    START as START,
)
from boardgames_widgets.games.food_chain.state import (
    Card as Card,
)
from boardgames_widgets.games.food_chain.state import (
    FoodChainObservation as FoodChainObservation,
)
from boardgames_widgets.games.food_chain.state import (
    FoodChainScore as FoodChainScore,
)
from boardgames_widgets.games.food_chain.state import (
    FoodChainState as FoodChainState,
)
from boardgames_widgets.games.food_chain.state import (
    Placed as Placed,
)
from boardgames_widgets.games.food_chain.state import (
    kind_at as kind_at,
)
from boardgames_widgets.games.food_chain.table import _G, _GOFF, GRID_CELLS, Edge, grid_index

#: A legal action's entry: its Place, or its number in the action table.
_T = TypeVar("_T")


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
    #: apply refuses, at a draw, every Draw but the drawer's of a kind the pile holds (FC-T4): chance_outcomes exactly
    apply_checks_chance: ClassVar[bool] = True

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
        # A memo for the hot loops of search (see _Memo): the odds of every draw (Fractions
        # are slow to build)
        self._draw_odds: _Memo[tuple[int, tuple[int, int, int]], list[tuple[Action, Fraction]]] = _Memo(_draw_odds)
        # The last table whose edge was worked out from its cards (a state made other than by
        # the rules has no edge yet: search's determinizations share one table)
        self._last_edge: tuple[tuple[Placed, ...] | None, Edge] = (None, Edge.empty(self.side))
        # The initial state, once asked for (see new_initial_state)
        self._initial: FoodChainState | None = None

    def config(self) -> dict[str, object]:
        cfg: dict[str, object] = {"num_players": self.num_players}
        if self.first_player:
            cfg["first_player"] = self.first_player
        if self.open_deck_seed is not None:
            cfg["open_deck_seed"] = self.open_deck_seed
        return cfg

    # -- setting up ------------------------------------------------------------------------
    def deck(self) -> tuple[int, int, int]:
        """FC-S2: the dogs, cats and mice left in the deck for this many players."""
        removed = REMOVED_BY_PLAYERS[self.num_players]
        return (FULL_DECK[0] - removed[0], FULL_DECK[1] - removed[1], FULL_DECK[2] - removed[2])

    def new_initial_state(self) -> FoodChainState:
        """FC-S1 … FC-S4: cheese sets in hand, the pile, the start card; then the opening draws.

        The same (immutable) state every time, worked out once: it depends only on the
        configuration, and building it (the cheese cards, the sorted hands) cost as much as
        replaying a tenth of a saved game."""
        state = self._initial
        if state is None:
            state = self._initial = self._set_up()
        return state

    def _set_up(self) -> FoodChainState:
        """:meth:`new_initial_state`, built."""
        n = self.num_players
        # FC-S1: each player's set of cheese cards in hand (one Card object per value and
        # player: equal cards are then the same object, see _ANIMAL_CARDS)
        cheese = [{v: Card(CHEESE, v, i) for v in CHEESE_VALUES} for i in range(n)]
        hands = tuple(tuple(sorted(cheese[i][v] for v in CHEESE_VALUES)) for i in range(n))
        # FC-S3: the start card in the middle with 2 or 4 players
        table = (Placed(0, 0, Card(START)),) if n in (2, 4) else ()
        pile = self.deck()  # FC-S2, FC-S3: the rest of the animals, face down
        order: tuple[str, ...] = ()
        if self.open_deck_seed is not None:
            cards = [kind for kind, count in zip(ANIMALS, pile, strict=True) for _ in range(count)]
            random.Random(self.open_deck_seed).shuffle(cards)
            order = tuple(cards)
        seats = [(self.first_player + k) % n for k in range(n)]
        to_draw = tuple(p for _ in range(OPENING_DRAWS) for p in seats)  # FC-S4: two draws each
        return FoodChainState(n, table, hands, pile, order, to_draw, self.first_player, (0,) * n)

    # -- who acts, and what they may do ----------------------------------------------------
    def current_player(self, state: FoodChainState) -> int:
        if state.to_draw:  # FC-S4, FC-T4: a draw is due
            return CHANCE
        if min(state.placed) >= CARDS_PER_PLAYER:  # FC-E1: everyone has placed all their cards
            return TERMINAL
        return state.turn  # FC-T1: players place in turn

    def is_chance_node(self, state: FoodChainState) -> bool:
        return bool(state.to_draw)  # current_player's first test, without the call

    def is_terminal(self, state: FoodChainState) -> bool:
        return not state.to_draw and min(state.placed) >= CARDS_PER_PLAYER  # as current_player

    def legal_cells(self, state: FoodChainState) -> list[tuple[int, int]]:
        """Empty cells where a card may go now (FC-T1 adjacency, FC-T2 square, FC-T3 first
        card: see :class:`~boardgames_widgets.games.food_chain.table.Edge`), in order."""
        return [GRID_CELLS[x] for x in self._edge(state).cells]

    def _edge(self, state: FoodChainState) -> Edge:
        """The :class:`~boardgames_widgets.games.food_chain.table.Edge` of the state's table.

        A state the rules made carries it (each placement grows its parent's by one card);
        any other state (a new game, a loaded or unpickled one, a determinization) gets it
        worked out from its cards once, and keeps it. The same table as the last one worked
        out (search's determinizations all share the observed table) is looked up.
        """
        try:
            edge = state._edge
        except AttributeError:  # the slot is unset: a state not built by _build_state
            edge = None
        if edge is None:
            table = state.table
            last_table, edge = self._last_edge
            if table is not last_table:
                edge = Edge.of_table(self.side, [(p.row, p.col) for p in table])
                self._last_edge = (table, edge)
            object.__setattr__(state, "_edge", edge)  # derived: not a field (see _Derived)
        return edge

    def legal_actions(self, state: FoodChainState) -> list[Action]:
        return self._per_card(state, PLACEMENTS)  # the same Place objects every time (a memo)

    def action_table(self) -> tuple[Place, ...]:
        """Every card a hand can hold at every cell of the grid (:data:`.actions.ACTION_TABLE`)."""
        return ACTION_TABLE

    def legal_action_ids(self, state: FoodChainState) -> list[int]:
        """:meth:`legal_actions` as numbers in :meth:`action_table`: the same walk over the
        hand, picking numbers where it picks placements (nothing looked up per action)."""
        return self._per_card(state, PLACEMENT_IDS)

    def _per_card(self, state: FoodChainState, by_card: Mapping[tuple[str, int], Sequence[_T]]) -> list[_T]:
        """The legal actions' entries in ``by_card`` (a card's placements or their numbers, by grid cell)."""
        if state.to_draw or min(state.placed) >= CARDS_PER_PLAYER:  # not a player's decision
            return []
        pick = self._edge(state).pick()  # a card's entries at the legal cells, in order
        entries: list[_T] = []
        last: Card | None = None
        for card in state.hands[state.turn]:  # FC-T1: each different card of the hand once, in hand order
            # hands are kept sorted (validate_state), so equal cards are neighbours (and
            # usually the same object)
            if last is not None and (card is last or (card.value == last.value and card.kind == last.kind)):
                continue
            last = card
            entries += pick(by_card[card.kind, card.value])
        return entries

    def chance_outcomes(self, state: FoodChainState) -> list[tuple[Action, Fraction]]:
        if not state.to_draw:
            return []
        player = state.to_draw[0]
        if state.pile_order:  # the open-deck variant: the known top card
            return [(Draw(player, state.pile_order[0]), Fraction(1))]
        return list(self._draw_odds[player, state.pile])  # a copy: the memo's list stays as it is

    def sample_chance(self, state: FoodChainState, rng: random.Random) -> Action:
        """One draw from the pile: a direct draw for search, with the odds of :meth:`chance_outcomes`.

        One integer below the pile size picks a card (:func:`kind_at`).
        """
        if not state.to_draw:
            return super().sample_chance(state, rng)  # not a chance node: the base class says why
        player = state.to_draw[0]
        if state.pile_order:  # open deck: the top card, with probability 1
            return Draw(player, state.pile_order[0])
        dogs, cats, mice = state.pile
        return Draw(player, kind_at(dogs, cats, rng.randrange(dogs + cats + mice)))

    # -- playing ---------------------------------------------------------------------------
    def apply(self, state: FoodChainState, action: Action) -> FoodChainState:
        player = self.current_player(state)
        if player == TERMINAL:
            raise GameOverError(f"the game is over; {action} cannot be played")
        if id(action) not in WELL_FORMED or (type(action) is Draw and action.player >= self.num_players):
            self._check_input(action)  # not one of the actions the memos keep, known to be well formed
        if player == CHANCE:
            if type(action) is not Draw:
                raise IllegalActionError("FC-T4", f"a card must be drawn from the pile now, not {action}")
            if action.player != state.to_draw[0] or (  # FC-T4: the drawer takes a card the pile holds
                action.kind != state.pile_order[0] if state.pile_order else not state.pile[ANIMALS.index(action.kind)]
            ):
                raise IllegalActionError(*explain.why_not_draw(self, state, action))
            return self._draw(state, action)
        if type(action) is not Place:
            raise IllegalActionError("FC-T1", f"player {player} places a card from their hand now, not {action}")
        return self._place(state, action, check=True)

    def apply_trusted(self, state: FoodChainState, action: Action) -> FoodChainState:
        """:meth:`apply` without checking ``action`` again: it comes from ``legal_actions``
        or ``sample_chance`` of ``state`` (search's playouts; see :meth:`Game.apply_trusted`)."""
        if type(action) is Draw:
            return self._draw(state, action)
        return self._place(state, action, check=False)  # type: ignore[arg-type]

    def _draw(self, state: FoodChainState, draw: Draw) -> FoodChainState:
        """FC-S4, FC-T4: the drawing player takes a card of the drawn kind from the pile into their hand."""
        pile = list(state.pile)
        pile[ANIMALS.index(draw.kind)] -= 1
        hands = list(state.hands)
        hands[draw.player] = tuple(sorted((*hands[draw.player], _ANIMAL_CARDS[draw.kind]), key=_CARD_ORDER))
        try:
            edge = state._edge  # the same table: the same edge
        except AttributeError:
            edge = None
        return _build_state(
            state.num_players,
            state.table,
            tuple(hands),
            (pile[0], pile[1], pile[2]),
            state.pile_order[1:],
            state.to_draw[1:],
            state.turn,
            state.placed,
            edge,
        )

    def _place(self, state: FoodChainState, move: Place, check: bool) -> FoodChainState:
        """FC-T1 … FC-T4: the player to move puts a card from their hand on the table, then draws."""
        player = state.turn
        hand = state.hands[player]
        kind, value = move.kind, move.value
        # the card itself from the hand when it is there (the same object: no new Card), else
        # the card the move names, for the error
        i = -1
        for k, c in enumerate(hand):
            if c.value == value and c.kind == kind:
                i = k
                break
        edge = self._edge(state)
        if check:
            card = hand[i] if i >= 0 and (kind != CHEESE or hand[i].owner == player) else move.card(player)
            if i < 0 or hand[i] is not card:  # FC-T1: a card from your hand
                raise IllegalActionError("FC-T1", f"player {player} has no {card} in hand to place")
            x = grid_index(move.row, move.col)
            if x < 0 or not edge.legal >> x & 1:  # FC-T1 … FC-T3: a legal cell
                raise IllegalActionError(*explain.why_not_cell(self, state, move, card))
        else:
            x = (move.row + _GOFF) * _G + move.col + _GOFF  # grid_index of a cell legal_actions listed
        card = hand[i]
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
            (player + 1) % state.num_players,  # FC-T1: the next player in turn
            tuple(placed),
            edge.grow(x),  # the table's edge, one card longer
        )

    # -- the end ---------------------------------------------------------------------------
    def returns(self, state: FoodChainState) -> tuple[float, ...]:
        if self.current_player(state) != TERMINAL:
            return (0.0,) * state.num_players
        return shares(score(state).winners, state.num_players)  # FC-E2, FC-E3

    def score(self, state: FoodChainState) -> FoodChainScore:
        """The end-of-game count with its explanation (see :func:`score`)."""
        return score(state)

    # -- what each player sees -------------------------------------------------------------
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

    #: At most this many states from :meth:`hidden_variants` (a random choice among them).
    HIDDEN_VARIANTS = 4

    # -- in modules of their own, one per reader: the fast playout (playout), the leak check's
    # variants (hidden), why an action is refused (explain), the action texts and the one-line
    # description (text), and checking a loaded state (loading) --------------------------------
    random_playout = playout.random_playout
    hidden_variants = hidden.hidden_variants
    _check_input = explain.check_input
    parse_action = text.parse_action
    describe = text.describe
    validate_state = loading.validate_state
