"""Why Papageno refuses an action: strict input types, and the rule a refused action breaks.

The rules (:mod:`.rules`) decide *whether* an action is legal; these functions say *why not*,
naming the rule ID, for the :class:`~boardgames_widgets.core.api.IllegalActionError` a
person reads.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardgames_widgets.core.api import InvalidActionError, check_action
from boardgames_widgets.games.papageno.actions import (
    _ACTION_TYPES,
    _FIXED_ACTIONS,
    Action,
    CaptureSwap,
    DiscardDrawn,
    Draw,
    NextRound,
    Reveal,
    Swap,
    TurnUp,
)
from boardgames_widgets.games.papageno.cards import AREA_SIZE, KIND_INDEX, KINDS, POSITION_NAMES, card_name
from boardgames_widgets.games.papageno.state import PapagenoState, Phase

if TYPE_CHECKING:
    from boardgames_widgets.games.papageno.rules import Papageno


#: The actions :mod:`.actions` makes once (every action but a Capture's swap): their fields
#: are in range by construction, and ``parse_action`` and ``legal_actions`` hand out these
#: very objects, so they are recognised by identity (a module constant never goes away, so
#: its id is never another object's; a look-alike is another object, checked in full).
_FIXED: dict[int, Action] = {id(a): a for a in _FIXED_ACTIONS}
#: The look-up's default: an object nobody else holds (``None`` is no action).
_UNKNOWN = object()


def check_input(game: Papageno, action: Action) -> None:
    """Strict inputs: a Papageno action whose fields have their types and ranges.

    Raises:
        InvalidActionError: not an action, a field of the wrong type, a position
            outside 0 … 5, a seat that does not exist or a card kind that does not.
    """
    if _FIXED.get(id(action), _UNKNOWN) is action:  # one of the module's own actions: well formed, in range
        return
    check_action(action, _ACTION_TYPES, "Papageno")
    if type(action) is TurnUp or type(action) is Swap:
        positions: tuple[int, ...] = (action.pos,)
    elif type(action) is CaptureSwap:
        positions = (action.mine, action.theirs)
        if not 0 <= action.other < game.num_players:
            raise InvalidActionError(f"{action!r}: there is no player {action.other}")
    elif type(action) is Reveal:
        if action.card not in KIND_INDEX:
            raise InvalidActionError(f"{action!r}: there is no card {action.card!r} (cards: {', '.join(KINDS)})")
        return
    else:
        return
    if not all(0 <= p < AREA_SIZE for p in positions):
        raise InvalidActionError(f"{action!r}: positions are 0 to {AREA_SIZE - 1}")


def why_not_chance(game: Papageno, state: PapagenoState, action: Action) -> tuple[str, str]:
    if not isinstance(action, Reveal | NextRound):
        return "PA-T1", f"chance acts now ({state.phase.value}); {action} is a player's action"
    if isinstance(action, Reveal) and state.phase is Phase.DRAW_REVEAL and not state.draw_unseen:
        return "PA-S3", f"the reshuffled draw pile holds no {card_name(action.card)} (it has {state.draw_known})"
    return "PA-S1", f"{action} is not a possible outcome now: no such card is left unseen"


def why_not(game: Papageno, state: PapagenoState, action: Action) -> tuple[str, str]:
    phase, who = state.phase, f"player {state.actor}"
    if isinstance(action, Reveal | NextRound):
        return "PA-T1", f"{action} is a chance outcome, but {who} is to act ({phase.value})"
    if phase is Phase.OPENING:
        if isinstance(action, TurnUp):
            return "PA-S2", f"{who}'s {POSITION_NAMES[action.pos]} card is already face up"
        return "PA-S2", f"{who} must first turn up one of their own cards, not {action}"
    if phase is Phase.TURN:
        if isinstance(action, Draw):
            return "PA-S3", "the draw pile is empty and there are no discards to reshuffle"
        return "PA-T1", f"{who} must first draw or take the top discard, not {action}"
    if phase is Phase.PLACE:
        if isinstance(action, DiscardDrawn):
            return (
                "PA-T2",
                f"{who} took the {card_name(state.hand or '?')} from the discard pile: it must be swapped in",
            )
        return "PA-T1", f"{who} holds a card and must swap it for one of their six cards, not {action}"
    if phase is Phase.CAPTURE:
        if isinstance(action, CaptureSwap):
            me = state.actor
            if action.mine == state.pos:
                return "PA-X1", f"the Capture card just played at {POSITION_NAMES[state.pos]} may not be given away"
            if action.other == me or not 0 <= action.other < game.num_players:
                return "PA-X1", f"a Capture swaps with an opponent's card, not with player {action.other}"
            if state.grids[me][action.mine] is None or state.grids[action.other][action.theirs] is None:
                return "PA-X1", "a Capture swaps two face-up cards only"
        return "PA-X1", f"{who} may use the Capture (swap two face-up cards) or decline, not {action}"
    return "PA-T1", f"{action} is not possible now ({phase.value})"
