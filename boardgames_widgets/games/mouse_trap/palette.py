"""Mouse Trap's colours: the mice, the spaces, the stages of the contraption, the ink and the table.

Read by the board (:mod:`.view`) and the contraption (:mod:`.contraption`) alike.
"""

from __future__ import annotations

from boardgames_widgets.games.mouse_trap.layout import SpaceKind

#: Mouse colours, by seat (Red, Blue, Yellow, Green as in :data:`MOUSE_NAMES`).
MOUSE_COLOURS: tuple[str, ...] = ("#d9534f", "#2f7bbf", "#e6b800", "#3c9d4e")
#: Fill of each space type.
SPACE_COLOURS: dict[SpaceKind, str] = {
    SpaceKind.START: "#8fd18f",
    SpaceKind.BUILD: "#e9c28b",
    SpaceKind.BACK: "#a9cbe8",
    SpaceKind.AHEAD: "#a9cbe8",
    SpaceKind.TAKE: "#fbe58a",
    SpaceKind.TAKE3_RICHEST: "#f5cf4a",
    SpaceKind.LOSE: "#f2b8b5",
    SpaceKind.DOG_BONE: "#efefef",
    SpaceKind.SAFE: "#8fd18f",
    SpaceKind.TURN_CRANK: "#c7a6e0",
    SpaceKind.CHEESE_WHEEL: "#ffb347",
}
#: One colour per stage of the chain reaction (a built part shows its stage's colour).
STAGE_COLOURS: tuple[str, ...] = ("#8e6c4a", "#c0392b", "#d35400", "#2980b9", "#16a085", "#8e44ad", "#2c3e50")
BACKGROUND = "#f4ecd8"
INK = "#3e2f1c"
CHEESE = "#f7d24a"
HIGHLIGHT = "#ffe066"
