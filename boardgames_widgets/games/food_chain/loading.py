"""Checking a loaded Food Chain state: every invariant the rules keep, with a message naming it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardgames_widgets.games.food_chain.state import (
    _CARD_ORDER,
    _NEIGHBOURS,
    ANIMALS,
    CARDS_PER_PLAYER,
    CHEESE,
    CHEESE_VALUES,
    OPENING_DRAWS,
    START,
    FoodChainState,
)

if TYPE_CHECKING:
    from boardgames_widgets.games.food_chain.rules import FoodChain


def validate_state(game: FoodChain, state: FoodChainState) -> None:
    """Card conservation and shape checks for a loaded state.

    Raises:
        ValueError: the state could not arise in this game.
    """
    n = game.num_players
    if state.num_players != n or len(state.hands) != n or len(state.placed) != n:
        raise ValueError(f"state is for {state.num_players} players, this game has {n}")
    counts = check_conservation(game, state)
    if counts is not None:
        raise ValueError(counts)
    problem = _table_problem(game, state) or _turn_problem(game, state)
    if problem:
        raise ValueError(f"invalid Food Chain state: {problem}")


def _table_problem(game: FoodChain, state: FoodChainState) -> str | None:
    """What is wrong with the cards: their fields, or the table's shape (FC-T1 … FC-T3)."""
    n = game.num_players
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
        if max(rows) - min(rows) >= game.side or max(cols) - min(cols) >= game.side:
            return f"the table must fit in a {game.side}×{game.side} square (FC-T2)"
    return None


def _turn_problem(game: FoodChain, state: FoodChainState) -> str | None:
    """What is wrong with whose turn it is and who still draws (FC-T1, FC-T4, FC-E1)."""
    n = game.num_players
    on_table = len(state.table) - (n in (2, 4))
    if any(not 0 <= k <= CARDS_PER_PLAYER for k in state.placed) or sum(state.placed) != on_table:
        return f"placed {state.placed} does not match the {on_table} cards placed on the table"
    if not 0 <= state.turn < n or state.turn != (game.first_player + on_table) % n:
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
