"""Pig — the dice game of pushing your luck: the docs' example of adding a game ("Adding a game").

The whole game is three files: this declaration, :mod:`~boardgames_widgets.games.pig.rules`
and :mod:`~boardgames_widgets.games.pig.view`; one line registers it
(:data:`boardgames_widgets.games.GAMES`). It has no board widget of its own (the generic
widget plays it from the list of moves) and no agent knowledge (the bots' game-agnostic
defaults play it); its rules summary is English only.
"""

from boardgames_widgets.core.registry import GameSpec
from boardgames_widgets.games.pig.rules import HOLD, ROLL, SUMMARY, Face, Hold, Pig, PigState, Roll

#: Everything the package knows about Pig (see :class:`~boardgames_widgets.core.registry.GameSpec`).
GAME = GameSpec(
    id="pig",
    rules=Pig,
    view="boardgames_widgets.games.pig.view:View",
    summaries={"en": SUMMARY},
)

__all__ = ["GAME", "HOLD", "ROLL", "Face", "Hold", "Pig", "PigState", "Roll"]
