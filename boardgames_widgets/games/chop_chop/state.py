"""Chop Chop's positions: the phases, the state, an observation, and the draft an action is
applied on (RULES.md §1; the turn machine is in :mod:`.rules`)."""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any

from boardgames_widgets.core.api import freeze_draft
from boardgames_widgets.games.chop_chop.layout import TILES, Tile

#: ``state.winner`` values: playing, the cat won, the mice won, a draw (CC-W5).
NO_WINNER, CAT_SIDE, MICE_SIDE, DRAW = -1, 0, 1, 2
#: The cat player's seat.
CAT_SEAT = 0

#: ``state.tiles`` values, per floor square.
NO_TILE, FACE_DOWN, UNCOVERED_CHEESE = 0, 1, 2

_TILE_INDEX: dict[Tile, int] = {t: i for i, t in enumerate(TILES)}
_CHEESE = _TILE_INDEX[Tile.CHEESE]


class Phase(enum.Enum):
    """What the game waits for."""

    PLACE = "place"  # the cat player chooses the cat's starting square (CC-S3)
    ROLL = "roll"  # chance: the die of the side to move
    MOVE = "move"  # the side to move chooses a move (or passes, CC-M10)
    REVEAL = "reveal"  # chance: the face of the tile the piece stopped on (CC-T0)
    EXTRA = "extra"  # +1/+2: extra steps or decline (CC-T3)
    ARROW = "arrow"  # arrow: free jump or decline (CC-T4)
    FORK = "fork"  # fork: which uncovered cheese to take (CC-T5)
    OVER = "over"


# -- state -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, repr=False)
class ChopChopState:
    """A complete Chop Chop position. Nothing in it is secret: face-down tiles are
    only counted (``hidden``), their faces are drawn when turned.

    Cells are indices into the game's :class:`~.layout.Layout` (floor squares first,
    then holes); ``-1`` means "nowhere".

    Attributes:
        phase: what the game waits for.
        seat: the seat whose turn it is (0 = cat player).
        mice_turn: whether the mice side is on turn (else the cat).
        cat: the cat's cell (-1 before CC-S3).
        mice: each mouse's cell, -1 once caught (CC-C1).
        tiles: per floor square, 0 no tile, 1 face down, 2 uncovered cheese (CC-T2).
        hidden: how many face-down tiles of each kind remain, in ``TILES`` order.
        holes_up: per hole, whether its tile is hole-side up (CC-M9).
        cheese: the mice team's cheese.
        carried: a mouse entered a hole after the team had all its cheese (CC-W2).
        roll: the die roll in the MOVE phase, the extra steps in the EXTRA phase.
        mouse: the mouse moving this turn (-1 until one moves, and on cat turns).
        last_from: the square the moving piece has just left (CC-T3), -1 if none.
        path: a representative path of the last move or jump (for pictures).
        lock: the mouse that must move on the second turn of a knife double turn.
        cat_skip: the cat side skips its next turn (knife, CC-T6).
        mice_skip: the mice side skips its next turn (knife, CC-T6).
        next_mouse_seat: the mouse player who plays the next fresh mouse turn.
        turns: turns finished so far (for ``max_turns``).
        winner: -1 while playing, 0 cat, 1 mice, 2 a draw (CC-W5).
    """

    phase: Phase
    seat: int
    mice_turn: bool
    cat: int
    mice: tuple[int, ...]
    tiles: tuple[int, ...]
    hidden: tuple[int, ...]
    holes_up: tuple[bool, ...]
    cheese: int
    carried: bool
    roll: int
    mouse: int
    last_from: int
    path: tuple[int, ...]
    lock: int
    cat_skip: bool
    mice_skip: bool
    next_mouse_seat: int
    turns: int
    winner: int

    def __repr__(self) -> str:
        """A one-line summary (display the state to see the board)."""
        return f"<ChopChopState: {self.phase.value}, turn {self.turns}, {self.cheese} cheese taken>"

    def _repr_svg_(self) -> str:
        """The state drawn on the default kitchen (use ``game.state_svg`` for others)."""
        from boardgames_widgets.core.registry import make_game

        return make_game("chop_chop").state_svg(self)


_FIELDS: tuple[str, ...] = tuple(ChopChopState.__dataclass_fields__)


class _Draft:
    """A mutable copy of a state while an action is applied."""

    __slots__ = _FIELDS

    phase: Phase
    seat: int
    mice_turn: bool
    cat: int
    mice: tuple[int, ...]
    tiles: tuple[int, ...]
    hidden: tuple[int, ...]
    holes_up: tuple[bool, ...]
    cheese: int
    carried: bool
    roll: int
    mouse: int
    last_from: int
    path: tuple[int, ...]
    lock: int
    cat_skip: bool
    mice_skip: bool
    next_mouse_seat: int
    turns: int
    winner: int

    def __init__(self, s: ChopChopState) -> None:  # written out: this is the hot path
        self.phase = s.phase
        self.seat = s.seat
        self.mice_turn = s.mice_turn
        self.cat = s.cat
        self.mice = s.mice
        self.tiles = s.tiles
        self.hidden = s.hidden
        self.holes_up = s.holes_up
        self.cheese = s.cheese
        self.carried = s.carried
        self.roll = s.roll
        self.mouse = s.mouse
        self.last_from = s.last_from
        self.path = s.path
        self.lock = s.lock
        self.cat_skip = s.cat_skip
        self.mice_skip = s.mice_skip
        self.next_mouse_seat = s.next_mouse_seat
        self.turns = s.turns
        self.winner = s.winner

    def freeze(self) -> ChopChopState:
        """The draft itself, turned into the frozen state (see
        :func:`~boardgames_widgets.core.api.freeze_draft`); not used after."""
        return freeze_draft(self, ChopChopState)


@dataclass(frozen=True, slots=True)
class ChopChopObservation:
    """What a player sees: the whole state (only face-down tiles are unknown, to
    everyone, and the state holds none of their faces).

    Attributes:
        player: the seat observing.
        current_player: the player to act (or CHANCE / TERMINAL).
        state: the public position.
    """

    player: int
    current_player: int
    state: ChopChopState


def _set(t: tuple[Any, ...], i: int, v: Any) -> tuple[Any, ...]:
    return (*t[:i], v, *t[i + 1 :])
