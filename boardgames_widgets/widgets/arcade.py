"""The arcade: pick a game, how many play and the language, then play — no code.

One page for Voilà and for people who would rather not type, in the chosen language from
its title down (the notebook holds no other words, so Voilà shows nothing untranslated): a game picker, a players
picker, the language picker and a Play button above the board. Who sits in each seat
(a person or a bot) is chosen with the board's own seat pickers, under their real names
("Cat player", "Red" …): one set of pickers, never two. Everything is translated.

>>> from boardgames_widgets.widgets.arcade import Arcade
>>> a = Arcade(game="papageno", lang="lv", threaded=False)  # doctest: +SKIP
"""

from __future__ import annotations

import html
import os
from typing import Any

import ipywidgets as W  # type: ignore[import-untyped]

from boardgames_widgets import i18n as _i18n
from boardgames_widgets.cli import ARCADE_GAME_ENV
from boardgames_widgets.core.registry import game_class, game_ids
from boardgames_widgets.widgets.base import GameWidget


class Arcade(W.VBox):  # type: ignore[misc]
    """A game chooser above a board: game, players, language, Play.

    Args:
        game: the game shown first (default: the one named by the ``BGW_ARCADE_GAME``
            environment variable, which ``boardgames-widgets play GAME`` sets, else the
            first registered game).
        lang: the language (default: the package's, see :func:`boardgames_widgets.set_language`).
        seed: the first game's seed (default: a fresh one; every Play takes a fresh one).
        **board: passed on to every board (``speed``, ``threaded`` …).

    Raises:
        ValueError: unknown game or language.
    """

    def __init__(self, game: str | None = None, *, lang: str | None = None, seed: Any = None, **board: Any) -> None:
        super().__init__()
        self.tr = _i18n.translator(lang)
        ids = game_ids()
        game = game or os.environ.get(ARCADE_GAME_ENV) or None
        if game is not None and game not in ids:
            raise ValueError(f"unknown game {game!r}; known games: {', '.join(ids)}")
        self._board_kwargs = board
        self._seed = seed
        self.title = W.HTML()
        self.game_picker = W.Dropdown(value=None, layout=W.Layout(width="auto", min_width="260px"))
        self.players_picker = W.Dropdown(layout=W.Layout(width="auto", min_width="150px"))
        self.lang_picker = W.Dropdown(
            options=[(name, code) for code, name in _i18n.LANGUAGES.items()],
            value=self.tr.lang,
            layout=W.Layout(width="auto", min_width="180px"),
        )
        for picker in (self.game_picker, self.players_picker, self.lang_picker):
            picker.style.description_width = "initial"  # whole words in every language
        self.play_button = W.Button(button_style="success", icon="play", layout=W.Layout(width="auto"))
        self.board_box = W.Box(layout=W.Layout(width="100%"))
        self.board: GameWidget | None = None
        self._label(first=game or ids[0])
        self.game_picker.observe(lambda _: self._game_changed(), names="value")
        self.lang_picker.observe(lambda ch: self.set_language(ch["new"]), names="value")
        self.play_button.on_click(lambda _: self.play())
        self.children = [
            self.title,
            W.HBox(
                [self.game_picker, self.players_picker, self.lang_picker, self.play_button],
                layout=W.Layout(flex_flow="row wrap"),
            ),
            self.board_box,
        ]
        self.add_class("bgw-arcade")
        self.play()

    def _(self, message: str, **kwargs: Any) -> str:
        return self.tr.gettext(message, **kwargs)

    def _label(self, first: str | None = None) -> None:
        """Put the current language's words on the arcade's controls."""
        d = self.tr.direction
        title = html.escape(self._("The arcade"))
        words = html.escape(
            self._("Choose a game and how many play, then press Play. Under the board, choose who sits where.")
        )
        more = html.escape(
            self._(
                "Several people can share one screen: in a game with hidden cards the board asks the next "
                "player to take the device before it shows their cards."
            )
        )
        self.title.value = (
            f'<div dir="{d}" style="font-size:15px"><h2 style="margin:0 0 4px">{title}</h2><b>{words}</b>'
            f'<div style="font-size:13px;color:#555">{more}</div></div>'
        )
        value = first or self.game_picker.value
        options = []
        for gid in game_ids():
            info = game_class(gid).info
            label = self.tr.ngettext(
                "{game} ({low}–{n} player)",
                "{game} ({low}–{n} players)",
                info.max_players,
                game=self._(info.name),
                low=info.min_players,
            )
            options.append((label, gid))
        self._relabelling = True
        try:
            self.game_picker.options = options
            self.game_picker.value = value
        finally:
            self._relabelling = False
        self.game_picker.description = self._("Game")
        self.players_picker.description = self._("Players")
        self.lang_picker.description = self._("Language")
        self.play_button.description = self._("Play")
        if self.tr.rtl:
            self.add_class("bgw-rtl")
        else:
            self.remove_class("bgw-rtl")
        self._game_changed(keep=True)

    def _game_changed(self, keep: bool = False) -> None:
        if getattr(self, "_relabelling", False) or self.game_picker.value is None:
            return
        info = game_class(self.game_picker.value).info
        old = self.players_picker.value
        self.players_picker.options = list(range(info.min_players, info.max_players + 1))
        self.players_picker.value = old if keep and old in self.players_picker.options else info.min_players

    def set_language(self, lang: str) -> None:
        """Speak ``lang``: the arcade's words and the board's.

        Raises:
            ValueError: unknown language.
        """
        self.tr = _i18n.translator(lang)
        if self.lang_picker.value != self.tr.lang:
            self.lang_picker.value = self.tr.lang
        self._label()
        if self.board is not None:
            self.board.set_language(self.tr.lang)

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        """The live arcade, plus the board's picture and one line for wherever widgets cannot run."""
        data: dict[str, Any] = dict(super()._repr_mimebundle_(**kwargs) or {})
        data["text/plain"] = self._("The arcade — run this cell to play")
        if self.board is not None:
            board = self.board._repr_mimebundle_(**kwargs)
            data.update({k: v for k, v in board.items() if k.startswith("image/")})
        return data

    def play(self) -> GameWidget:
        """Start the chosen game (a fresh seed each time, unless the arcade was given one for the first)."""
        from boardgames_widgets.widgets import play

        seed, self._seed = self._seed, None
        board = play(
            self.game_picker.value,
            players=self.players_picker.value,
            seed=seed,
            lang=self.tr.lang,
            **self._board_kwargs,
        )
        board.lang_picker.layout.display = "none"  # the arcade's language picker speaks for both
        self.board = board
        self.board_box.children = [board]
        return board
