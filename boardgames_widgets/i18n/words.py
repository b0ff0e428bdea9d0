"""``GameWords``: what a game says to its players — log lines, status, results, score panels.

Every game keeps its words beside its rules, in ``games/<game>/words.py``: a subclass of
:class:`GameWords` built for one language (a :class:`~boardgames_widgets.i18n.Translator`)
and the people at the board. The board widgets only ask (the widget of a game says
what a click means; its words say what happened). Words never change a state and never
fail a game: they are plain functions of the state.

>>> from boardgames_widgets.core import make_game
>>> from boardgames_widgets.i18n import translator
>>> w = GameWords(make_game("food_chain", num_players=2), translator("en"))
>>> w.player_name(0)
'Player 1'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from boardgames_widgets.core.api import CHANCE
from boardgames_widgets.i18n import Translator


class GameWords:
    """The words of any game (a subclass per game says more).

    Args:
        game: the game.
        tr: the language.
        humans: the seats played by people (words about a secret depend on who may know it).
    """

    def __init__(self, game: Any, tr: Translator, humans: Sequence[int] = ()) -> None:
        self.game = game
        self.tr = tr
        self.humans = list(humans)

    def _(self, message: str, **kwargs: Any) -> str:
        """``message`` in this language, formatted with ``kwargs``."""
        return self.tr.gettext(message, **kwargs)

    def ngettext(self, singular: str, plural: str, count: int, /, **kwargs: Any) -> str:
        """The plural form for ``count``, formatted with ``n=count`` and ``kwargs``."""
        return self.tr.ngettext(singular, plural, count, **kwargs)

    def player_name(self, player: int) -> str:
        """The name of a seat as people see it: "Player 1" for seat 0 (records keep the seats as they are)."""
        return self._("Player {n}", n=player + 1)

    def action_words(self, state: Any, action: Any) -> str:
        """One log line for ``action`` played in ``state``."""
        p = self.game.current_player(state)
        who = self._("Chance") if p == CHANCE else self.player_name(p)
        return f"{who}: {action}"

    def status_words(self, state: Any) -> str:
        """The status line's words beyond whose turn it is (the roll, the score)."""
        return ""

    def result_words(self, state: Any) -> str:
        """Who won, in words."""
        r = self.game.returns(state)
        best = max(r)
        winners = [self.player_name(i) for i, v in enumerate(r) if v == best and v > 0]
        if not winners:
            return self._("Game over.")
        if len(winners) == 1:
            return self._("Game over — {name} wins!", name=winners[0])
        return self._("Game over — shared win: {names}.", names=self.tr.join_and(winners))

    def panel_html(self, state: Any) -> str:
        """HTML shown under the board (a score table at the end, say); empty for none."""
        return ""
