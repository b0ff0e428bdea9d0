"""A widget for any registered game: the picture plus a list of legal moves.

Games without a board widget of their own (yet) are still playable this way: the
state is shown as the game's SVG picture (or in words), and the legal actions are
offered in a drop-down list with a Play button. The chrome (status, log, Undo, Hint,
bots, seats) is the shared one of :class:`~boardgames_widgets.widgets.base.GameWidget`.
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as W  # type: ignore[import-untyped]

from boardgames_widgets.widgets.base import GameWidget


class GenericGameWidget(GameWidget):
    """Plays any game by choosing its legal actions from a list."""

    def _build_board(self, zoom: float) -> W.Widget:
        self.picture = W.HTML(layout=W.Layout(min_height="60px"))
        self.choices = W.Dropdown(description=self._("Your move"), layout=W.Layout(width="420px"))
        self.choices.style.description_width = "80px"
        self.btn_play = W.Button(description=self._("Play"), button_style="primary", icon="play")
        self.btn_play.on_click(self.wrap(lambda _: self._play_choice()))
        self._picture_zoom = zoom
        return W.VBox([self.picture, W.HBox([self.choices, self.btn_play])])

    def _play_choice(self) -> None:
        if not self.human_to_move():
            self.handle_click(-1, -1)  # shows whose turn it is, or the result
            return
        if self.choices.value is None:
            self.say(self._("Choose a move in the list first."))
            return
        self.play(self.choices.value)

    def language_changed(self) -> None:
        self.choices.description = self._("Your move")
        self.btn_play.description = self._("Play")

    def redraw(self, full: bool = False, pieces: bool = True, reconnect: bool = False) -> None:
        """Show the picture and the list of legal moves of the current state."""
        self.show_text()
        state = self.state
        viewer = self.viewer()
        try:
            svg = self.game.state_svg(state, viewer)
            self.picture.value = f'<div style="zoom:{self._picture_zoom:g}">{svg}</div>'
        except NotImplementedError:
            self.picture.value = f"<pre>{html.escape(self.game.describe(state))}</pre>"
        except Exception as exc:  # a picture must never break the game
            note = self._("(no picture: {error})", error=exc)
            self.picture.value = f"<pre>{html.escape(self.game.describe(state))}\n{html.escape(note)}</pre>"
        legal: list[Any] = self.game.legal_actions(state) if self.human_to_move() else []
        self.choices.options = [(str(a), a) for a in legal]
        self.choices.disabled = self.btn_play.disabled = not legal
