"""Mouse Trap's positions: the phases, the state, an observation, and the work copy a turn is
written on (RULES.md §2; the turn machine is in :mod:`.rules`)."""

from __future__ import annotations

import enum
from dataclasses import dataclass

from boardgames_widgets.core.api import state_builder


class Phase(enum.Enum):
    """Where in a turn the game is."""

    ROLL = "the mover rolls (chance)"
    TAKE_CHOICE = "the mover chooses whom to take cheese from"
    AT_CRANK = "the mover on the Turn Crank: move an opponent, crank or end the turn"
    MOVE_ROLL = "the die for an opponent's mouse being moved (chance)"
    CRANK = "the crank is turned: does the trap work? (chance)"
    OVER = "the game is over"


@dataclass(frozen=True, slots=True, repr=False)
class MouseTrapState:
    """A whole Mouse Trap position (perfect information).

    Attributes:
        positions: each player's mouse (0 = START; the Loop follows the track).
        caught: whether each player's mouse is caught (out of the game).
        cheese: each player's cheese.
        pile: cheese in the pile; ``pile + sum(cheese)`` is always the supply (52).
        parts_built: trap parts built so far (parts 1..parts_built).
        mover: the player whose turn it is.
        phase: the step of the turn.
        take_amount: in TAKE_CHOICE, the pieces still to take.
        take_from: in TAKE_CHOICE, the tied richest opponents.
        moving: in MOVE_ROLL, the opponent whose mouse is being moved (else -1).
        round: the round being played (1-based).
        last_roll: the last die roll (0 before the first).
        winners: at the end, the winner(s).
        event: what just happened, in words.
    """

    positions: tuple[int, ...]
    caught: tuple[bool, ...]
    cheese: tuple[int, ...]
    pile: int
    parts_built: int
    mover: int
    phase: Phase
    take_amount: int = 0
    take_from: tuple[int, ...] = ()
    moving: int = -1
    round: int = 1
    last_roll: int = 0
    winners: tuple[int, ...] = ()
    event: str = ""

    def __repr__(self) -> str:
        """A one-line summary (display the state to see the board)."""
        return f"<MouseTrapState: round {self.round}, {self.phase.value}, player {self.mover} to act>"

    def _repr_svg_(self) -> str:
        from boardgames_widgets.core.registry import make_game

        return make_game("mouse_trap", num_players=len(self.positions)).state_svg(self)


@dataclass(frozen=True, slots=True)
class MouseTrapObservation:
    """What a player sees: everything (Mouse Trap has no hidden information)."""

    player: int
    state: MouseTrapState


#: Builds a :class:`MouseTrapState` from its fields without the frozen dataclass's per-field
#: cost (see :func:`~boardgames_widgets.core.api.state_builder`).
_build_state = state_builder(MouseTrapState)


class _Work:
    """A mutable scratch copy of a state, used inside :meth:`MouseTrap.apply`."""

    __slots__ = (
        "caught",
        "cheese",
        "events",
        "last_roll",
        "mover",
        "moving",
        "parts_built",
        "phase",
        "pile",
        "positions",
        "round",
        "say",
        "take_amount",
        "take_from",
        "winners",
    )

    def __init__(self, s: MouseTrapState) -> None:
        self.positions = list(s.positions)
        self.caught = list(s.caught)
        self.cheese = list(s.cheese)
        self.pile = s.pile
        self.parts_built = s.parts_built
        self.mover = s.mover
        self.phase = s.phase
        self.take_amount = 0
        self.take_from: tuple[int, ...] = ()
        self.moving = -1
        self.round = s.round
        self.last_roll = s.last_roll
        self.winners: tuple[int, ...] = ()
        self.events: list[str] = []
        self.say = True  # whether to put the events into words (a playout reads none)

    def freeze(self) -> MouseTrapState:
        return _build_state(
            tuple(self.positions),
            tuple(self.caught),
            tuple(self.cheese),
            self.pile,
            self.parts_built,
            self.mover,
            self.phase,
            self.take_amount,
            self.take_from,
            self.moving,
            self.round,
            self.last_roll,
            self.winners,
            " ".join(self.events),
        )
