"""Why Chop Chop refuses an action: strict inputs, and the rule an illegal action breaks.

The rules (:mod:`.rules`) decide what is legal; this module only puts a refusal into
words, naming the rule: :func:`explain` is asked after ``apply`` found that a move is
not among the legal ones.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardgames_widgets.core.api import GameError, IllegalActionError, InvalidActionError, check_action
from boardgames_widgets.games.chop_chop.actions import (
    _ACTION_TYPES,
    CAT,
    Action,
    Decline,
    Jump,
    Move,
    Pass,
    _coord_text,
    _piece_name,
)
from boardgames_widgets.games.chop_chop.paths import walk_outcomes
from boardgames_widgets.games.chop_chop.state import UNCOVERED_CHEESE, ChopChopState, Phase

if TYPE_CHECKING:
    from boardgames_widgets.games.chop_chop.rules import ChopChop


def check_input(game: ChopChop, action: Action) -> None:
    """Strict inputs: a Chop Chop action whose fields have their types and ranges.

    Raises:
        InvalidActionError: not an action, a field of the wrong type, or a piece
            that is neither the cat nor a mouse of this kitchen.
    """
    check_action(action, _ACTION_TYPES, "Chop Chop")
    moving = type(action) is Move or type(action) is Jump
    if moving and not CAT <= action.piece < game.layout.n_holes:  # type: ignore[union-attr]
        raise InvalidActionError(f"{action!r}: there is no {_piece_name(action.piece)}")  # type: ignore[union-attr]


_PHASE_RULES: dict[Phase, tuple[str, str]] = {
    Phase.PLACE: ("CC-S3", "the cat player must first put the cat on a table-top square"),
    Phase.ROLL: ("CC-M2", "the die must be rolled first (a chance outcome 'roll n' is expected)"),
    Phase.REVEAL: ("CC-T0", "the tile just reached is being turned over (a 'reveal' outcome is expected)"),
    Phase.MOVE: ("CC-M2", "the side to move must move a piece the number rolled (or pass, CC-M10)"),
    Phase.EXTRA: ("CC-T3", "the piece may take its extra steps of a +1/+2 tile or decline"),
    Phase.ARROW: ("CC-T4", "the piece may jump with the arrow or decline"),
    Phase.FORK: ("CC-T5", "the mice must choose which uncovered cheese the fork takes"),
}


def wrong_phase(game: ChopChop, state: ChopChopState, action: Action) -> GameError:
    rule, text = _PHASE_RULES[state.phase]
    return IllegalActionError(rule, f"{text}; {action} does not fit here")


def explain(game: ChopChop, state: ChopChopState, action: Action) -> GameError:
    """The rule an action breaks in a MOVE / EXTRA / ARROW phase."""
    phase = state.phase
    if isinstance(action, Pass):
        if phase is Phase.MOVE:
            return IllegalActionError("CC-M10", f"a side may pass only when no move of {state.roll} exists")
        return wrong_phase(game, state, action)
    if isinstance(action, Decline) or not isinstance(action, Move | Jump):
        return wrong_phase(game, state, action)
    if isinstance(action, Jump) != (phase is Phase.ARROW):
        return wrong_phase(game, state, action)
    piece = action.piece
    name = _piece_name(piece)
    if piece != CAT and not 0 <= piece < len(state.mice):
        return InvalidActionError(f"there is no {name}")
    if state.mice_turn and piece == CAT:
        return IllegalActionError("CC-S4", "it is the mice's turn, not the cat's")
    if not state.mice_turn and piece != CAT:
        return IllegalActionError("CC-S4", "it is the cat's turn, not the mice's")
    if piece != CAT and state.mice[piece] < 0:
        return IllegalActionError("CC-C1", f"{name} was caught and has left the game")
    if phase is Phase.MOVE and state.lock >= 0 and piece != state.lock:
        return IllegalActionError("CC-T6", f"on the knife's double turn mouse {state.lock} must move again")
    if phase is not Phase.MOVE and piece != game.mover(state):
        return IllegalActionError("CC-M7", f"only {_piece_name(game.mover(state))} moves on this turn")
    lay = game.layout
    dest = lay.index.get(action.to)
    if dest is None:
        return IllegalActionError("CC-M1", f"{_coord_text(action.to)} is not a square of the kitchen")
    at = _coord_text(action.to)
    if isinstance(action, Jump):
        return _explain_jump(game, state, piece, dest, at)
    nf = lay.n_floor
    if dest == game.piece_cell(state, piece):
        return IllegalActionError(
            "CC-M4", f"{name} may not come back to {at}, where its move starts: a move never re-enters a square"
        )
    if dest >= nf:
        if piece == CAT:
            return IllegalActionError("CC-M8", f"the cat never enters a hole ({at})")
        if dest in state.mice:
            return IllegalActionError("CC-M8", f"the hole at {at} already holds a mouse")
    elif state.tiles[dest] == UNCOVERED_CHEESE:
        return IllegalActionError("CC-T2", f"no piece may stop on the uncovered cheese at {at}")
    elif piece != CAT and (dest in state.mice or (dest == state.cat and not lay.table[dest])):
        return IllegalActionError("CC-M3", f"a mouse may not end its move on the occupied square {at}")
    alive = [p for p in state.mice if p >= 0]
    if piece == CAT and len(alive) == 1 and alive[0] >= nf and dest == lay.entrance[alive[0] - nf]:
        return IllegalActionError("CC-W3", f"the last mouse hides in its hole: the cat may not stop on {at}")
    via = lay.index.get(action.via)
    nbrs = lay.cat_nbrs if piece == CAT else lay.mouse_nbrs
    if via is None or dest not in nbrs[via]:
        return IllegalActionError("CC-M1", f"{at} is not one orthogonal step from {_coord_text(action.via)}")
    start = game.piece_cell(state, piece)
    steps = state.roll
    forbid = state.last_from if phase is Phase.EXTRA else -1
    key = (dest, via)
    if (
        forbid >= 0
        and key in walk_outcomes(nbrs, start, steps, True)
        and key not in walk_outcomes(nbrs, start, steps, True, forbid)
    ):
        return IllegalActionError(
            "CC-T3", f"the extra steps may not go back to {lay.name(forbid)}, the square just left"
        )
    if key in walk_outcomes(nbrs, start, steps, True, forbid):
        return IllegalActionError(
            "CC-M3",
            f"every path of {steps} from {lay.name(start)} to {at} passes through a piece or uncovered cheese",
        )
    if key in walk_outcomes(nbrs, start, steps, False, forbid):
        return IllegalActionError("CC-M4", f"{name} can reach {at} in {steps} only by revisiting a square")
    return IllegalActionError("CC-M2", f"{name} cannot reach {at} via {_coord_text(action.via)} in exactly {steps}")


def _explain_jump(game: ChopChop, state: ChopChopState, piece: int, dest: int, at: str) -> GameError:
    lay = game.layout
    nf = lay.n_floor
    if dest >= nf:
        return IllegalActionError("CC-T4", f"the arrow never takes a piece into a hole ({at})")
    if state.tiles[dest] == UNCOVERED_CHEESE:
        return IllegalActionError("CC-T4", f"the arrow may not land on the uncovered cheese at {at}")
    if dest == game.piece_cell(state, piece):
        return IllegalActionError("CC-T4", "the arrow jumps to another square (decline to stay)")
    alive = [p for p in state.mice if p >= 0]
    if piece == CAT and len(alive) == 1 and alive[0] >= nf and dest == lay.entrance[alive[0] - nf]:
        return IllegalActionError("CC-W3", f"the last mouse hides in its hole: the cat may not stop on {at}")
    if piece == CAT:
        return IllegalActionError("CC-T4", f"the cat may not jump onto a mouse at {at}")
    return IllegalActionError("CC-T4", f"a mouse may not jump onto the occupied square {at}")
