"""Chop Chop! — cat and mice in the kitchen (RULES.md §1)."""

from boardgames_widgets.core.registry import GameSpec
from boardgames_widgets.games.chop_chop.layout import (
    CAT_DIE,
    DEFAULT_MAP,
    DEFAULT_TILE_MIX,
    MOUSE_DIE,
    TILES,
    ChopChopConfig,
    Layout,
    Tile,
    parse_map,
)
from boardgames_widgets.games.chop_chop.rules import (
    CAT,
    ChopChop,
    ChopChopObservation,
    ChopChopState,
    Decline,
    Jump,
    Move,
    Pass,
    Phase,
    PlaceCat,
    Reveal,
    Roll,
    TakeCheese,
)
from boardgames_widgets.games.chop_chop.scenario import board_state, board_text

#: Everything the package knows about ChopChop (see :class:`~boardgames_widgets.core.registry.GameSpec`).
GAME = GameSpec(
    id="chop_chop",
    rules=ChopChop,
    view="boardgames_widgets.games.chop_chop.view:View",
    widget="boardgames_widgets.widgets.chop_chop:ChopChopWidget",
    agents="boardgames_widgets.agents.chop_chop",
    words="boardgames_widgets.games.chop_chop.words",
)

__all__ = [
    "CAT",
    "CAT_DIE",
    "DEFAULT_MAP",
    "DEFAULT_TILE_MIX",
    "GAME",
    "MOUSE_DIE",
    "TILES",
    "ChopChop",
    "ChopChopConfig",
    "ChopChopObservation",
    "ChopChopState",
    "Decline",
    "Jump",
    "Layout",
    "Move",
    "Pass",
    "Phase",
    "PlaceCat",
    "Reveal",
    "Roll",
    "TakeCheese",
    "Tile",
    "board_state",
    "board_text",
    "parse_map",
]
