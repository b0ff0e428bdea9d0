"""Mouse Trap (RULES.md §2): a roll-and-move race into a chain-reaction trap, for 2–4 players."""

from boardgames_widgets.core.registry import GameSpec
from boardgames_widgets.games.mouse_trap.layout import (
    DEFAULT_LOOP,
    DEFAULT_TRACK,
    MOUSE_NAMES,
    TRAP_PARTS,
    TRAP_STAGES,
    MouseTrapConfig,
    Space,
    SpaceKind,
    TrapStage,
    parse_space,
)
from boardgames_widgets.games.mouse_trap.rules import (
    Action,
    Crank,
    EndTurn,
    MouseTrap,
    MouseTrapObservation,
    MouseTrapState,
    MoveMouse,
    Phase,
    Roll,
    TakeCheese,
    TrapOutcome,
)

#: Everything the package knows about MouseTrap (see :class:`~boardgames_widgets.core.registry.GameSpec`).
GAME = GameSpec(
    id="mouse_trap",
    rules=MouseTrap,
    view="boardgames_widgets.games.mouse_trap.view:View",
    widget="boardgames_widgets.widgets.mouse_trap:MouseTrapWidget",
    agents="boardgames_widgets.agents.mouse_trap",
    words="boardgames_widgets.games.mouse_trap.words",
)

__all__ = [
    "DEFAULT_LOOP",
    "DEFAULT_TRACK",
    "GAME",
    "MOUSE_NAMES",
    "TRAP_PARTS",
    "TRAP_STAGES",
    "Action",
    "Crank",
    "EndTurn",
    "MouseTrap",
    "MouseTrapConfig",
    "MouseTrapObservation",
    "MouseTrapState",
    "MoveMouse",
    "Phase",
    "Roll",
    "Space",
    "SpaceKind",
    "TakeCheese",
    "TrapOutcome",
    "TrapStage",
    "parse_space",
]
