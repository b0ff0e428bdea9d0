"""The chrome every board shares: status line, panel, screen-reader line, buttons, pickers, log.

:class:`GameChrome` is an ``ipywidgets.VBox`` around a
:class:`~boardgames_widgets.widgets.keys.KeyboardController`: it builds the controls
(New game / Undo / Hint / Let the bot move, the animation speed, the language, one
seat picker per seat), puts the controller's words on the page in the widget's
language and direction, and carries the picture that stands in for the board wherever
widgets cannot run (a saved notebook reopened, nbconvert, GitHub).
:class:`~boardgames_widgets.widgets.base.GameWidget` adds the canvas.
"""

from __future__ import annotations

import base64
import html
from collections.abc import Sequence
from typing import Any

import ipywidgets as W  # type: ignore[import-untyped]

from boardgames_widgets import i18n as _i18n
from boardgames_widgets.core import Game
from boardgames_widgets.core.painter import BoardView, SVGPainter, board_view
from boardgames_widgets.core.rng import Seed
from boardgames_widgets.widgets.keys import KeyboardController

#: Animation speeds offered by the speed control: label -> seconds per animation step.
SPEEDS: dict[str, float] = {"off": 0.0, "fast": 0.06, "normal": 0.14, "slow": 0.3}
#: The speed names as the control shows them (translated where shown).
SPEED_WORDS = {"off": _i18n.N_("off"), "fast": _i18n.N_("fast"), "normal": _i18n.N_("normal"), "slow": _i18n.N_("slow")}

#: Right-to-left languages lay the chrome out from the right (the class ``bgw-rtl``).
RTL_CSS = (
    "<style>.bgw-rtl{direction:rtl}"
    ".bgw-rtl .bgw-status,.bgw-rtl .bgw-log,.bgw-rtl .bgw-panel,.bgw-rtl .bgw-aria{direction:rtl;text-align:right}"
    ".bgw-rtl .widget-label,.bgw-rtl .widget-button,.bgw-rtl .widget-toggle-button{direction:rtl}"
    # an icon keeps a little room from its label on either side
    ".bgw-game .widget-button i.fa{margin:0 0.35em}"
    # room between the board and the column beside (or below) it
    ".bgw-main{gap:6px 14px}.bgw-side{flex-shrink:1}"
    # the screen-reader line is read aloud but not shown (the status line shows the same)
    ".bgw-aria{position:absolute!important;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;"
    "clip:rect(0,0,0,0);clip-path:inset(50%);white-space:nowrap;border:0}"
    # long words wrap inside a button instead of overflowing it
    ".bgw-game .widget-button,.bgw-game .widget-toggle-button{white-space:normal;height:auto;min-height:28px}</style>"
)

#: Height of the caption under the fallback picture ("Run this cell again to play").
CAPTION_H = 30.0


class GameChrome(KeyboardController, W.VBox):  # type: ignore[misc]
    """The controls and texts around a board (see the module doc); arguments as :class:`GameWidget`."""

    def __init__(
        self,
        game: Game[Any, Any] | str | None = None,
        *,
        players: int | None = None,
        seed: Seed = None,
        seats: Sequence[Any] | None = None,
        speed: str = "normal",
        zoom: float = 1.0,
        threaded: bool | None = None,
        lang: str | None = None,
        **config: Any,
    ) -> None:
        W.VBox.__init__(self)
        if speed not in SPEEDS:
            raise ValueError(f"speed must be one of {', '.join(SPEEDS)}, not {speed!r}")
        self._relabelling = False
        # the chrome's texts exist before the controller first speaks
        self.status = W.HTML(layout=W.Layout(min_height="2.9em"))  # two lines: the board does not jump
        self.status.add_class("bgw-status")
        self.panel = W.HTML()
        self.panel.add_class("bgw-panel")
        self.aria = W.HTML()
        self.aria.add_class("bgw-aria")
        self.log_view = W.HTML(
            layout=W.Layout(height="7.5em", overflow="auto", border="1px solid #ddd", padding="0 6px", width="auto")
        )
        self.log_view.add_class("bgw-log")
        self.errors = W.Output(layout=W.Layout(display="none"))
        KeyboardController.__init__(
            self, game, players=players, seed=seed, seats=seats, threaded=threaded, lang=lang, start=False, **config
        )
        self.seat_pickers: list[W.Dropdown] = []
        for i, choices in enumerate(self.seat_choices):
            dd = W.Dropdown(
                options=self._seat_options(choices),
                value=self.seat_label(i),
                description=self.player_name(i),
                layout=W.Layout(width="auto", min_width="200px", max_width="100%"),
            )
            dd.style.description_width = "initial"  # the whole seat name, in every language
            dd.observe(self.wrap(lambda ch, i=i: self._seat_picked(i, ch["new"])), names="value")
            self.seat_pickers.append(dd)
        self.btn_new = W.Button(icon="refresh")
        self.btn_undo = W.Button(icon="undo")
        self.btn_hint = W.Button(icon="lightbulb-o")
        self.btn_bot = W.Button(icon="android")
        for b in (self.btn_new, self.btn_undo, self.btn_hint, self.btn_bot):
            b.layout.width = "auto"
        self.btn_new.on_click(self.wrap(lambda _: self.new_game()))
        self.btn_undo.on_click(self.wrap(lambda _: self.undo()))
        self.btn_hint.on_click(self.wrap(lambda _: self.hint()))
        self.btn_bot.on_click(self.wrap(lambda _: self.bot_move()))
        self.speed = W.ToggleButtons(options=[(self._(SPEED_WORDS[k]), k) for k in SPEEDS], value=speed)
        self.speed.style.button_width = "auto"
        self.speed.style.description_width = "initial"
        self.lang_picker = W.Dropdown(
            options=[(name, code) for code, name in _i18n.LANGUAGES.items()],
            value=self.tr.lang,
            layout=W.Layout(width="auto", min_width="200px"),
        )
        self.lang_picker.style.description_width = "initial"  # "Language" uncut in every language
        self.lang_picker.observe(self.wrap(lambda ch: self._language_picked(ch["new"])), names="value")
        self.rtl_style = W.HTML(RTL_CSS, layout=W.Layout(display="none"))
        self._label_chrome()

        #: The game's view (``games/<game>/view.py``, one shape for every game); ``None`` if it has none.
        self.view: BoardView | None
        try:
            self.view = board_view(self.game)
        except ValueError:
            self.view = None
        self.canvas: Any = None
        self.setup()
        self._after_change()
        board = self._build_board(zoom)
        #: The buttons for the current move (New game / Undo / Hint / Let the bot move).
        self.buttons = W.HBox(
            [self.btn_new, self.btn_undo, self.btn_hint, self.btn_bot], layout=W.Layout(flex_flow="row wrap")
        )
        self.buttons.add_class("bgw-buttons")
        #: The column beside the board (below it when the output is too narrow): the status
        #: line, the panel, the buttons and the log, so that a laptop shows them with the board.
        self.side = W.VBox(
            [self.status, self.panel, self.aria, self.buttons, self.log_view],
            layout=W.Layout(flex="1 1 200px", min_width="200px", max_width="520px"),
        )
        self.side.add_class("bgw-side")
        main = W.HBox([board, self.side], layout=W.Layout(flex_flow="row wrap", align_items="flex-start"))
        main.add_class("bgw-main")
        #: The folded secondary controls: animation speed, language, who plays each seat.
        self.settings = W.VBox(
            [
                W.HBox([self.speed, self.lang_picker], layout=W.Layout(flex_flow="row wrap")),
                W.HBox(self.seat_pickers, layout=W.Layout(flex_flow="row wrap")),
            ]
        )
        self.settings.add_class("bgw-settings")
        self.more = W.Accordion(children=[self.settings], selected_index=None)
        self.more.add_class("bgw-more")
        self._title_more()
        self.children = [main, self.more, self.errors, self.rtl_style]
        self.add_class("bgw-game")
        if self.tr.rtl:
            self.add_class("bgw-rtl")
        self._log_new_game()
        self.redraw(full=True)
        self._kick()

    def _build_board(self, zoom: float) -> W.Widget:
        """The board's widget (the canvas; see :class:`GameWidget`)."""
        raise NotImplementedError

    # ==================================================================================
    # Texts on the page
    # ==================================================================================
    def show_text(self) -> None:
        """Put the status line, the panel and the screen-reader line on the page."""
        line = self.status_line()
        extra = self.status_extra()
        refused = bool(self.last_error and self.message)
        colour = "#b71c1c" if refused else "#222"
        d = self.tr.direction
        why = ""
        if refused and self.why:
            question = self._("why?")
            why = (
                ' <details style="display:inline-block;font-size:12px;color:#555;vertical-align:top">'
                f"<summary>{html.escape(question)}</summary>"
                f'<span dir="ltr">{html.escape(self.why)}</span></details>'
            )
        self.status.value = (
            f'<div dir="{d}" style="font-size:15px;color:{colour};direction:{d}"><b>{html.escape(line)}</b>'
            + why
            + (f' <span style="color:#555">{html.escape(extra)}</span>' if extra else "")
            + "</div>"
        )
        text = self.screen_reader_text()
        panel = self.panel_text()
        self.panel.value = f'<div dir="{d}">{panel}</div>' if panel and self.tr.rtl else panel
        self.aria.value = (
            f'<div role="status" aria-live="polite" dir="{d}" style="font-size:12px;color:#444">'
            f"{html.escape(text)}</div>"
        )

    def show_log(self) -> None:
        """Put the move log on the page, newest first."""
        items = "".join(f"<div>{len(self._log) - i}. {html.escape(t)}</div>" for i, t in enumerate(reversed(self._log)))
        d = self.tr.direction
        self.log_view.value = f'<div dir="{d}" style="font-size:12px;line-height:1.35;direction:{d}">{items}</div>'

    def report_error(self, trace: str) -> None:
        """Keep the traceback in the hidden error output (a teacher can show it)."""
        self.errors.append_stdout(trace)  # thread-safe, unlike "with output:"

    # ==================================================================================
    # Language and seats
    # ==================================================================================
    def set_language(self, lang: str) -> None:
        """Speak ``lang`` from now on: chrome, status, log and the board are redrawn.

        Raises:
            ValueError: unknown language.
        """
        self.tr = _i18n.translator(lang)
        self.lang_picker.value = self.tr.lang  # the picker's observer sees no change of language
        if self.tr.rtl:
            self.add_class("bgw-rtl")
        else:
            self.remove_class("bgw-rtl")
        self._label_chrome()
        super().set_language(lang)

    def _language_picked(self, lang: str) -> None:
        if lang != self.tr.lang:
            self.set_language(lang)

    def _seat_picked(self, seat: int, label: str) -> None:
        if not self._relabelling:
            self.set_seat(seat, label)

    def _seat_options(self, values: list[str]) -> list[Any]:
        """A seat picker's options as (words, value) pairs.

        Always pairs: ipywidgets reads a list that mixes pairs and plain values as values
        only (a bot registered without a translation would break every other option).
        """
        return [(self.seat_words(v), v) for v in values]

    def _label_chrome(self) -> None:
        """Put the current language's words on the buttons, pickers and the canvas."""
        t = self._
        for btn, words, tip in (
            (self.btn_new, t("New game"), t("Start again (same seats)")),
            (self.btn_undo, t("Undo"), t("Take back your last move (U)")),
            (self.btn_hint, t("Hint"), t("What would the bot do? (H)")),
            (self.btn_bot, t("Let the bot move"), t("The bot plays this move (B)")),
        ):
            btn.description, btn.tooltip = words, tip
        self.speed.description = t("Animation")
        speed = self.speed.value
        self.speed.options = [(t(SPEED_WORDS[k]), k) for k in SPEEDS]
        self.speed.value = speed
        self.speed.tooltips = [t("no animation"), "", "", ""]
        self.lang_picker.description = t("Language")
        self._title_more()
        self._relabelling = True  # new option labels are no change of seat
        try:
            for i, dd in enumerate(self.seat_pickers):
                value = dd.value
                dd.options = self._seat_options(self.seat_choices[i])
                dd.value = value
                dd.description = self.player_name(i)
        finally:
            self._relabelling = False
        canvas = getattr(self, "canvas", None)
        if canvas is not None:
            canvas.set_language(self.tr.lang)

    def _title_more(self) -> None:
        more = getattr(self, "more", None)
        if more is not None:
            more.titles = (self._("Players and settings"),)

    def add_setting(self, widget: W.Widget) -> None:
        """Put a game's own secondary control among the folded settings (Papageno's "Show all")."""
        self.settings.children = (*self.settings.children, widget)

    # ==================================================================================
    # A picture wherever widgets cannot run
    # ==================================================================================
    def summary(self) -> str:
        """One line saying what this is: "Food Chain, 2 players — run this cell to play"."""
        return self.ngettext(
            "{game}, {n} player — run this cell to play",
            "{game}, {n} players — run this cell to play",
            self.game.num_players,
            game=self._(self.game.info.name),
        )

    def picture_seat(self) -> int | None:
        """The seat the fallback picture is drawn from, or ``None`` when no picture may be shown.

        The viewer's seat; a game without secrets shows everything; with several people at
        one screen and the "pass the device" screen up, no picture (it would show a hand).
        """
        viewer = self.viewer()
        if viewer is not None:
            return viewer
        if not self.game.info.hidden_information:
            return 0
        return None

    def board_picture(self, fmt: str = "svg") -> str | bytes | None:
        """The current board as an image with the line "Run this cell to play" under it.

        Args:
            fmt: ``"svg"`` (a string) or ``"png"`` (bytes, drawn with matplotlib's Agg).

        Returns:
            The image, or ``None`` when the game has no view or no picture may be shown.
        """
        seat = self.picture_seat()
        if self.view is None or (seat is None and self.game.info.hidden_information):
            return None
        w, h = self.view.width, self.view.height
        caption = self._("Run this cell again to play.")
        painter: Any
        if fmt == "png":
            from boardgames_widgets.widgets.raster import PNGPainter

            painter = PNGPainter(w, h + CAPTION_H, lang=self.tr.lang)
        else:
            painter = SVGPainter(w, h + CAPTION_H, title=self._(self.game.info.name))
            painter.lang = self.tr.lang
        painter.rtl = self.tr.rtl
        self.view.draw(painter, self.state, seat)
        painter.rect(0, h, w, CAPTION_H, fill="#fff8e1")
        painter.text(w / 2, h + CAPTION_H / 2, "⟳ " + caption, size=15, fill="#5d4037", bold=True)
        image: str | bytes = painter.to_png() if fmt == "png" else painter.to_svg()
        return image

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        """The live widget, plus a picture of the board and one line of text for wherever widgets cannot run.

        An untrusted notebook, nbconvert HTML, GitHub and nbviewer show the picture (PNG
        where SVG is not trusted) and ``text/plain`` is one readable line.
        """
        data: dict[str, Any] = dict(super()._repr_mimebundle_(**kwargs) or {})
        data["text/plain"] = self.summary()
        try:
            svg, png = self.board_picture("svg"), self.board_picture("png")
        except Exception:  # a picture must never keep the board from showing
            svg = png = None
        if isinstance(svg, str):
            data["image/svg+xml"] = svg
        if isinstance(png, bytes):
            data["image/png"] = base64.b64encode(png).decode("ascii")
        return data

    def _ipython_display_(self) -> None:
        """Show the live widget, then the stand-in: the board's picture and the recovery line.

        The stand-in is a separate output that needs no widget model, hidden by CSS while
        the live board is connected on the page. Reopened without a kernel (the widget's
        model is gone: "model not found"), after a kernel restart (the board is
        disconnected), in nbconvert's HTML or on GitHub, it shows the position and says,
        in the widget's language, to run the cell again.
        """
        from IPython.display import display

        bundle = self._repr_mimebundle_()
        png = bundle.pop("image/png", None)
        bundle.pop("image/svg+xml", None)  # the picture is in the stand-in (shown once in static views)
        display(bundle, raw=True)  # type: ignore[no-untyped-call]
        display({"text/html": self.recovery_html(png), "text/plain": ""}, raw=True)  # type: ignore[no-untyped-call]

    def recovery_html(self, png: str | None = None) -> str:
        """The stand-in shown only where the live board is missing or disconnected.

        Args:
            png: the board's picture, base64 PNG (``None``: the line alone).
        """
        d = self.tr.direction
        words = html.escape(self._("The board needs its Python kernel: run this cell again to play."))
        picture = (
            f'<img class="bgw-picture" alt="{html.escape(self.summary())}" src="data:image/png;base64,{png}"'
            ' style="max-width:100%;height:auto;display:block">'
            if png
            else ""
        )
        live = ":has(.bgw-game:not(.jupyter-widgets-disconnected))"
        said = self._("The board needs its Python kernel: run this cell again to play.")
        css_words = html.escape(said.replace("\\", "\\\\").replace('"', '\\"'), quote=False)
        return (
            f'<div class="bgw-recover" dir="{d}" style="font-size:14px;color:#5d4037;padding:4px 0">'
            f"{picture}<div>⟳ {words}</div></div>"
            f"<style>.jp-OutputArea{live} .bgw-recover,.output_area{live} .bgw-recover{{display:none}}"
            # a disconnected board (kernel restarted) stays on the page, greyed out (its clicks go
            # nowhere), with the line on top of it; the stand-in's picture would repeat it
            ":has(.bgw-game.jupyter-widgets-disconnected) .bgw-picture{display:none!important}"
            ".bgw-game.jupyter-widgets-disconnected canvas{opacity:.35}"
            f'.bgw-game.jupyter-widgets-disconnected::after{{content:"⟳ {css_words}";order:-1;font-size:15px;'
            "font-weight:bold;color:#b71c1c;background:#fff8e1;padding:4px 8px}</style>"
        )
