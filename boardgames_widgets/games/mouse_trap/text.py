"""Mouse Trap in words: reading an action's text, and describing a position in one line."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from boardgames_widgets.core.api import InvalidActionError, check_action_text
from boardgames_widgets.core.numbers import short
from boardgames_widgets.games.mouse_trap.actions import Action, Crank, EndTurn, MoveMouse, Roll, TakeCheese, TrapOutcome
from boardgames_widgets.games.mouse_trap.layout import MOUSE_NAMES
from boardgames_widgets.games.mouse_trap.state import MouseTrapState, Phase

if TYPE_CHECKING:
    from boardgames_widgets.games.mouse_trap.rules import MouseTrap


_TAKE_RE = re.compile(r"^take (.+)$")
_TAKE_PART_RE = re.compile(r"^(\d+) from (\w+)$")
#: Each mouse's seat by its name in lower case (made once, not per action read).
_SEATS = {name.lower(): i for i, name in enumerate(MOUSE_NAMES)}


def parse_action(game: MouseTrap, text: str) -> Action:
    """The action whose ``str()`` is ``text`` ("roll 4", "move Blue", "take 2 from Red, 1 from Green").

    Raises:
        InvalidActionError: ``text`` names no action of this game.
    """
    check_action_text(text)
    t = " ".join(text.strip().split())
    low = t.lower()
    names = _SEATS
    if low == "crank":
        return Crank()
    if low == "end turn":
        return EndTurn()
    if low in ("trap works", "trap fails"):
        return TrapOutcome(low == "trap works")
    if low.startswith("roll "):
        v = low[5:]
        if v.isdigit() and 1 <= int(v) <= game.cfg.die_faces:
            return Roll(int(v))
    if low.startswith("move ") and low[5:] in names:
        return MoveMouse(names[low[5:]])
    m = _TAKE_RE.match(low)
    if m:
        pairs = []
        for chunk in m.group(1).split(","):
            pm = _TAKE_PART_RE.match(chunk.strip())
            if pm is None or pm.group(2) not in names or int(pm.group(1)) < 1:
                break
            pairs.append((names[pm.group(2)], int(pm.group(1))))
        else:
            seats = [p for p, _ in pairs]
            if seats == sorted(set(seats)):
                return TakeCheese(tuple(pairs))
    raise InvalidActionError(
        f"{short(text)} is not a Mouse Trap action (try 'roll 4', 'move Blue', 'crank', 'end turn', "
        "'take 2 from Red, 1 from Green', 'trap works')"
    )


def describe(game: MouseTrap, state: MouseTrapState) -> str:
    """One line in words: whose turn, the trap, the cheese, what just happened."""
    c = game.cfg
    names = MOUSE_NAMES
    cheese = ", ".join(
        f"{names[p]} {'caught' if state.caught[p] else state.cheese[p]}" for p in range(game.num_players)
    )
    ph = state.phase
    if ph is Phase.OVER:
        who = " and ".join(names[p] for p in state.winners)
        status = f"{who} {'win' if len(state.winners) > 1 else 'wins'}"
    elif ph is Phase.ROLL:
        status = f"{names[state.mover]} to roll"
    elif ph is Phase.TAKE_CHOICE:
        status = f"{names[state.mover]} to choose whom to take {state.take_amount} cheese from"
    elif ph is Phase.AT_CRANK:
        status = f"{names[state.mover]} on the Turn Crank to move a mouse or crank"
    elif ph is Phase.MOVE_ROLL:
        status = f"rolling for {names[state.moving]}'s mouse"
    else:
        status = "the crank turns"
    line = (
        f"Mouse Trap, round {state.round}: {status}; trap {state.parts_built}/{c.num_parts} built; "
        f"pile {state.pile}; cheese {cheese}."
    )
    return f"{line} {state.event}" if state.event else line
