"""Mouse Trap's actions: a roll, the trap's outcome, a take, a move, a crank, the end of a turn.

Every action is a small frozen dataclass whose ``str`` is the text a record stores and
:meth:`~boardgames_widgets.games.mouse_trap.rules.MouseTrap.parse_action` reads back.
"""

from __future__ import annotations

from dataclasses import dataclass

from boardgames_widgets.games.mouse_trap.layout import MOUSE_NAMES


@dataclass(frozen=True, slots=True)
class Roll:
    """A chance outcome: the die shows ``value`` (the mover's roll, or an opponent's move)."""

    value: int

    def __str__(self) -> str:
        return f"roll {self.value}"


@dataclass(frozen=True, slots=True)
class TrapOutcome:
    """A chance outcome of the crank: the trap works (every mouse on the wheel is caught) or not."""

    works: bool

    def __str__(self) -> str:
        return "trap works" if self.works else "trap fails"


@dataclass(frozen=True, slots=True)
class TakeCheese:
    """The mover's choice how to take cheese from tied richest opponents (MT-TC, MT-T3).

    Attributes:
        amounts: ``(player, pieces)`` pairs, by seat, pieces ≥ 1.
    """

    amounts: tuple[tuple[int, int], ...]

    def __str__(self) -> str:
        return "take " + ", ".join(f"{n} from {MOUSE_NAMES[p]}" for p, n in self.amounts)


@dataclass(frozen=True, slots=True)
class MoveMouse:
    """Pay 1 cheese to roll for an opponent's mouse and move it (MT-MO)."""

    player: int

    def __str__(self) -> str:
        return f"move {MOUSE_NAMES[self.player]}"


@dataclass(frozen=True, slots=True)
class Crank:
    """Turn the crank (MT-T)."""

    def __str__(self) -> str:
        return "crank"


@dataclass(frozen=True, slots=True)
class EndTurn:
    """End the turn on the Turn Crank without (more) moving of opponents."""

    def __str__(self) -> str:
        return "end turn"


Action = Roll | TrapOutcome | TakeCheese | MoveMouse | Crank | EndTurn
_ACTION_TYPES = (Roll, TrapOutcome, TakeCheese, MoveMouse, Crank, EndTurn)
