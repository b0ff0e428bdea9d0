"""Names of game things that the rules modules define in English, marked for translation.

The rules (``games/*/layout.py``, ``cards.py``) keep their English names (they appear in
action texts and records); the widgets and views translate them where they are shown,
with ``translator(lang)(name)``. This module only lists them with :func:`N_` so that
extraction finds them; ``tests/test_i18n.py`` checks the lists match the rules' tuples.
"""

from __future__ import annotations

from boardgames_widgets.i18n import N_

#: Mouse Trap: the colours that name the four mice (``layout.MOUSE_NAMES``).
MOUSE_TRAP_MICE = (N_("Red"), N_("Blue"), N_("Yellow"), N_("Green"))

#: Mouse Trap: the 16 parts of the trap, in building order (``layout.TRAP_PARTS``).
MOUSE_TRAP_PARTS = (
    N_("base"),
    N_("gear support"),
    N_("gears"),
    N_("crank"),
    N_("lever"),
    N_("stop sign"),
    N_("boot"),
    N_("bucket"),
    N_("ball"),
    N_("stairs"),
    N_("rain pipe"),
    N_("helping hand"),
    N_("bathtub"),
    N_("diver"),
    N_("tub"),
    N_("cage"),
)

#: Mouse Trap: the seven stages of the chain reaction (``layout.TRAP_STAGES`` names).
MOUSE_TRAP_STAGES = (
    N_("the crank turns the gears"),
    N_("the gears swing the lever into the stop sign"),
    N_("the boot kicks the bucket over"),
    N_("the ball rolls down the stairs"),
    N_("the ball runs down the rain pipe to the helping hand"),
    N_("the ball drops through the bathtub and launches the diver"),
    N_("the diver lands in the tub and the cage falls"),
)

#: Mouse Trap: the word labels drawn on spaces (``Space.short``; the others are signs and numbers).
MOUSE_TRAP_SPACE_LABELS = (N_("START"), N_("SAFE"), N_("CRANK"), N_("WHEEL"), N_("bone"))

#: Chop Chop: the kinds of face-down tile that have a name (``Tile`` values; "+1" and "+2" are numbers).
CHOP_CHOP_TILES = (N_("cheese"), N_("plate"), N_("arrow"), N_("fork"), N_("knife"))

#: Game names (``GameInfo.name``), shown in the log's first line.
GAME_NAMES = (N_("Food Chain"), N_("Chop Chop"), N_("Papageno"), N_("Mouse Trap"))

__all__ = [
    "CHOP_CHOP_TILES",
    "GAME_NAMES",
    "MOUSE_TRAP_MICE",
    "MOUSE_TRAP_PARTS",
    "MOUSE_TRAP_SPACE_LABELS",
    "MOUSE_TRAP_STAGES",
]
