"""Chop Chop in words: reading an action's text, and describing a position in one line."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from boardgames_widgets.core.api import InvalidActionError, check_action_text
from boardgames_widgets.core.numbers import short
from boardgames_widgets.games.chop_chop.actions import (
    CAT,
    Action,
    Decline,
    Jump,
    Move,
    Pass,
    PlaceCat,
    Reveal,
    Roll,
    TakeCheese,
)
from boardgames_widgets.games.chop_chop.layout import TILES
from boardgames_widgets.games.chop_chop.state import CAT_SIDE, MICE_SIDE, ChopChopState, Phase

if TYPE_CHECKING:
    from boardgames_widgets.games.chop_chop.rules import ChopChop

_C = r"\((-?\d+),(-?\d+)\)"
_PIECE = r"(cat|mouse (\d+))"
_PATTERNS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(rf"cat starts at {_C}"), "place"),
    (re.compile(r"roll (\d+)"), "roll"),
    (re.compile(r"reveal (\S+)"), "reveal"),
    (re.compile(rf"{_PIECE} to {_C} via {_C}"), "move"),
    (re.compile(rf"{_PIECE} jumps to {_C}"), "jump"),
    (re.compile(rf"fork takes {_C}"), "take"),
)


def parse_action(game: ChopChop, text: str) -> Action:
    check_action_text(text)
    t = " ".join(text.split())
    if t == "pass":
        return Pass()
    if t == "decline":
        return Decline()
    for pattern, kind in _PATTERNS:
        m = pattern.fullmatch(t)
        if not m:
            continue
        g = m.groups()
        if kind == "place":
            return PlaceCat((int(g[0]), int(g[1])))
        if kind == "roll":
            return Roll(int(g[0]))
        if kind == "reveal":
            for tile in TILES:
                if tile.value == g[0]:
                    return Reveal(tile)
            break
        if kind == "take":
            return TakeCheese((int(g[0]), int(g[1])))
        piece = CAT if g[0] == "cat" else int(g[1])
        if kind == "jump":
            return Jump(piece, (int(g[2]), int(g[3])))
        move = Move(piece, (int(g[2]), int(g[3])), (int(g[4]), int(g[5])))
        # the game's own Move object of a move on its board (equal, and its key found by
        # identity when it is checked and played, as the legal actions' are)
        key = game._action_key(move)
        return move if key < 0 else game._moves.get(key) or game._make_move(key)
    raise InvalidActionError(f"{short(text)} is not a Chop Chop action (e.g. 'roll 3', 'mouse 1 to (1,3) via (0,3)')")


def describe(game: ChopChop, state: ChopChopState) -> str:
    cheese = f"mice have {state.cheese}/{game.cfg.cheese_to_win} cheese"
    left = sum(p >= 0 for p in state.mice)
    mice = f"{left} {'mouse' if left == 1 else 'mice'} left"
    if state.phase is Phase.OVER:
        if state.winner == MICE_SIDE:
            return f"The mice win: they carried {state.cheese} cheese home. {mice.capitalize()}."
        if state.winner == CAT_SIDE:
            return f"The cat wins: all mice are caught ({state.cheese} cheese collected)."
        if state.turns >= game.cfg.max_turns:
            return f"A draw (CC-W5): the turn limit of {state.turns} turns is reached; {cheese}."
        nf = game.layout.n_floor
        if all(p < 0 or p >= nf for p in state.mice):
            return f"A draw (CC-W5): {mice}, shut in their holes behind uncovered cheese; {cheese}."
        return f"A draw (CC-W5): {mice}; walled in by uncovered cheese, neither side can reach its goal; {cheese}."
    who = "cat" if not state.mice_turn else f"mice (player {state.seat})"
    doing = {
        Phase.PLACE: "the cat player chooses the cat's starting square on the table",
        Phase.ROLL: f"the {who} roll{'s' if not state.mice_turn else ''} the die",
        Phase.MOVE: f"the {who} rolled {state.roll} and must move",
        Phase.REVEAL: "a tile is turned over",
        Phase.EXTRA: f"the {who} may take {state.roll} extra step{'s' if state.roll > 1 else ''}",
        Phase.ARROW: f"the {who} may jump anywhere (arrow)",
        Phase.FORK: "the mice choose which cheese to fork",
    }[state.phase]
    double = " (double turn)" if state.lock >= 0 else ""
    return f"Chop Chop: {doing}{double}; {cheese}; {mice}."
