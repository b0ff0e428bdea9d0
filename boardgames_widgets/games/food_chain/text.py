"""Food Chain in words: reading an action's text, and describing a position in one line."""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardgames_widgets.core.api import CHANCE, TERMINAL, InvalidActionError, check_action_text
from boardgames_widgets.games.food_chain.actions import DRAWS, PLACEMENTS, Action, Draw, Place
from boardgames_widgets.games.food_chain.scoring import score
from boardgames_widgets.games.food_chain.state import ANIMALS, CARDS_PER_PLAYER, CHEESE, CHEESE_VALUES, FoodChainState
from boardgames_widgets.games.food_chain.table import grid_index

if TYPE_CHECKING:
    from boardgames_widgets.games.food_chain.rules import FoodChain

#: The cards of the game, as ``(kind, value)``: their placements are read from the kept
#: :data:`~.actions.PLACEMENTS` (a memo that must not grow with whatever a text names).
_CARDS = frozenset({(kind, 0) for kind in ANIMALS} | {(CHEESE, v) for v in CHEESE_VALUES})


def parse_action(game: FoodChain, text: str) -> Action:
    """The action a record's text names (``str(action)`` read back); :class:`InvalidActionError` if none."""
    check_action_text(text)
    t = text.strip()
    if t.startswith("p") and " draws " in t:
        who, _, kind = t[1:].partition(" draws ")
        if who.isdigit() and kind in ANIMALS:
            player = int(who)
            return DRAWS.get((player, kind)) or Draw(player, kind)
    card_text, at, cell = t.partition("@")
    if at:
        try:
            row, col = (int(x) for x in cell.split(","))
        except ValueError:
            raise InvalidActionError(f"{text!r}: the cell must be 'row,col'") from None
        if card_text in ANIMALS:
            return _place(card_text, 0, row, col)
        if card_text.startswith(CHEESE) and card_text[len(CHEESE) :].isdigit():
            return _place(CHEESE, int(card_text[len(CHEESE) :]), row, col)
    raise InvalidActionError(
        f"{text!r} is not a Food Chain action (examples: 'cat@0,1', 'cheese3@-1,0', 'p0 draws dog')"
    )


def _place(kind: str, value: int, row: int, col: int) -> Place:
    """``Place(kind, value, row, col)``: the kept object when there is one (a card of the game
    on the edge's grid), which ``apply`` knows to be well formed (:data:`~.actions.WELL_FORMED`);
    an equal new one otherwise (drawn and parsed actions are then the very ones
    ``legal_actions`` and ``chance_outcomes`` hand out)."""
    x = grid_index(row, col)
    if x >= 0 and (kind, value) in _CARDS:
        return PLACEMENTS[kind, value][x]
    return Place(kind, value, row, col)


def describe(game: FoodChain, state: FoodChainState) -> str:
    """One line saying who does what next, or the result."""
    player = game.current_player(state)
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
