"""Why Food Chain refuses an action: strict input types, and the rule a refused action breaks.

The rules (:mod:`.rules`, :mod:`.table`) decide *whether* an action is legal; these functions
say *why not*, naming the rule ID, for the
:class:`~boardgames_widgets.core.api.IllegalActionError` a person reads.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardgames_widgets.core.api import InvalidActionError, check_action
from boardgames_widgets.games.food_chain.actions import _ACTION_TYPES, Action, Draw, Place
from boardgames_widgets.games.food_chain.state import _NEIGHBOURS, ANIMALS, CHEESE, START, Card, FoodChainState

if TYPE_CHECKING:
    from boardgames_widgets.games.food_chain.rules import FoodChain


def check_input(game: FoodChain, action: Action) -> None:
    """Strict inputs: a Food Chain action whose fields have their types and ranges.

    Raises:
        InvalidActionError: not an action, a field of the wrong type, a card kind
            that does not exist (an animal has value 0) or a seat that does not.
    """
    check_action(action, _ACTION_TYPES, "Food Chain")
    if type(action) is Place:
        if action.kind != CHEESE and (action.kind not in ANIMALS or action.value != 0):
            raise InvalidActionError(f"{action!r}: a card is a {', '.join(ANIMALS)} (value 0) or a cheese")
    elif type(action) is Draw and (not 0 <= action.player < game.num_players or action.kind not in ANIMALS):
        raise InvalidActionError(f"{action!r}: a draw is a seat and one of {', '.join(ANIMALS)}")


def pile_text(state: FoodChainState) -> str:
    """What the pile holds, in words: ``3 dog, 6 cat, 9 mouse``."""
    return ", ".join(f"{c} {k}" for k, c in zip(ANIMALS, state.pile, strict=True))


def why_not_draw(game: FoodChain, state: FoodChainState, draw: Draw) -> tuple[str, str]:
    """The rule (FC-T4) a draw that is not among the chance outcomes breaks, and why."""
    return "FC-T4", f"{draw} is impossible: player {state.to_draw[0]} draws from a pile holding {pile_text(state)}"


def why_not_cell(game: FoodChain, state: FoodChainState, move: Place, card: Card) -> tuple[str, str]:
    """The rule (FC-T1 … FC-T3) that forbids placing ``card`` at the cell of ``move``, and why
    (for a cell :meth:`~boardgames_widgets.games.food_chain.rules.FoodChain.legal_cells` does not list)."""
    cell = (move.row, move.col)
    occupied = {(p.row, p.col) for p in state.table}
    if not state.table and cell != (0, 0):
        return "FC-T3", "with 3 players the first card marks the middle of the table: place it at 0,0"
    if cell in occupied:
        return "FC-T1", f"{move.row},{move.col} already holds a card"
    if state.table and not any((move.row + dr, move.col + dc) in occupied for dr, dc in _NEIGHBOURS):
        rule = "FC-T3" if len(state.table) == 1 and state.table[0].card.kind == START else "FC-T1"
        return rule, f"{card} at {move.row},{move.col} does not share a side with a card on the table"
    return "FC-T2", f"{card} at {move.row},{move.col} would not fit in a {game.side}×{game.side} square"
