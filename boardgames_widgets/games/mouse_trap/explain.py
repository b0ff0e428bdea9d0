"""Strict inputs for Mouse Trap: an action of the right class with fields of the right types."""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardgames_widgets.core.api import InvalidActionError, check_action
from boardgames_widgets.games.mouse_trap.actions import _ACTION_TYPES, Action, MoveMouse, TakeCheese

if TYPE_CHECKING:
    from boardgames_widgets.games.mouse_trap.rules import MouseTrap


def check_input(game: MouseTrap, action: Action) -> None:
    """Strict inputs: a Mouse Trap action whose fields have their types and ranges.

    Raises:
        InvalidActionError: not an action, a field of the wrong type, a seat that
            does not exist or a number of cheese pieces below 1.
    """
    check_action(action, _ACTION_TYPES, "Mouse Trap")
    n = game.num_players
    if type(action) is MoveMouse and not 0 <= action.player < n:
        raise InvalidActionError(f"{action!r}: there is no player {action.player}")
    if type(action) is TakeCheese and not all(0 <= p < n and k >= 1 for p, k in action.amounts):
        raise InvalidActionError(f"{action!r}: takes are (seat, pieces >= 1) pairs")
