"""``GameWidget``: one game, its history, its seats and a view, plus the shared chrome.

A widget is thin (DESIGN.md, principle 7): clicks and keys become candidate
actions and the rules decide. The chrome is the same for every game: a status line
(whose turn, the roll, the score), a move log in words, the buttons New game / Undo /
Hint / Let the bot move, an animation-speed control and one seat picker per seat
(Human or any bot of :data:`~boardgames_widgets.widgets.bots.BOTS`).

Threading: inside a Jupyter kernel, bots, chance and animations run in a worker
thread, so the notebook stays responsive while a bot thinks ("thinking…" shows when it
takes more than a moment); outside a kernel (unit tests, scripts) everything runs
synchronously. Every drawing batch holds
:data:`~boardgames_widgets.widgets.canvas_painter.DRAW_LOCK`.

Latency: a committed move is drawn in one batch (only the layers that changed, see
:meth:`~boardgames_widgets.widgets.canvas_painter.LayeredCanvas.frame`) and leaves the
kernel before the next chance or bot step starts computing; its log line follows it.

The game itself — history, seats, undo, hint, the bot step — is a
:class:`~boardgames_widgets.core.session.Session`, seeded exactly like
:func:`~boardgames_widgets.core.play_game`: with bots in every seat the same seed gives
the same game in a widget and in a tournament, and Undo followed by the same move gives
the same roll. Every New game gets a fresh seed, shown in the log ("seed 48213"), so a
teacher can replay it with ``play(..., seed=48213)``.
"""

from __future__ import annotations

import base64
import html
import random
import sys
import threading
import time
import traceback
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

import ipywidgets as W  # type: ignore[import-untyped]

from boardgames_widgets import i18n as _i18n
from boardgames_widgets.core import CHANCE, TERMINAL, Game, GameError, GameRecord, make_game
from boardgames_widgets.core.painter import BoardView, SVGPainter, board_view
from boardgames_widgets.core.play import agent_name, as_agent
from boardgames_widgets.core.rng import Seed, derive_seed
from boardgames_widgets.core.session import Proposal, Session, fresh_seed
from boardgames_widgets.i18n.plain import plain_reason, why_words
from boardgames_widgets.widgets import bots as _bots
from boardgames_widgets.widgets.canvas_painter import DRAW_LOCK, CanvasPainter, LayeredCanvas

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
    # long words wrap inside a button instead of overflowing it
    ".bgw-game .widget-button,.bgw-game .widget-toggle-button{white-space:normal;height:auto;min-height:28px}</style>"
)

#: Keys the board itself uses; every other key is left to JupyterLab.
NAV_KEYS = {"ArrowLeft": (-1, 0), "ArrowRight": (1, 0), "ArrowUp": (0, -1), "ArrowDown": (0, 1)}

#: Height of the caption under the fallback picture ("Run this cell again to play").
CAPTION_H = 30.0

#: How many log lines are kept on screen.
LOG_LINES = 300


@dataclass(frozen=True)
class Target:
    """Something on the board the keyboard cursor can rest on (a cell, a card, a piece).

    Attributes:
        x, y, w, h: its box in logical coordinates (Enter "clicks" its centre).
        label: words for screen readers ("cell (2,3)", "mouse card").
    """

    x: float
    y: float
    w: float
    h: float
    label: str

    @property
    def center(self) -> tuple[float, float]:
        """The point a keyboard activation clicks."""
        return self.x + self.w / 2, self.y + self.h / 2


#: One animation frame: called with the animation layer's painter (a lambda may carry defaults).
Frame = Callable[..., object]


def _in_kernel() -> bool:
    if sys.platform == "emscripten":  # Pyodide (JupyterLite) has no threads: run synchronously
        return False
    try:
        from IPython import get_ipython  # type: ignore[attr-defined]
    except ImportError:  # pragma: no cover - IPython comes with ipywidgets
        return False
    ip = get_ipython()  # type: ignore[no-untyped-call]
    return ip is not None and getattr(ip, "kernel", None) is not None


def _flush_output(timeout: float = 0.1) -> None:
    """Wait (at most ``timeout`` seconds) until the kernel has sent every message queued so far.

    ipykernel sends messages from its own I/O thread. While a worker thread computes (a
    bot thinking, the next redraw being built) it holds the GIL, and the I/O thread gets
    it back only every few milliseconds per system call: a drawn move could wait tens of
    milliseconds before leaving the kernel. Waiting here, without the GIL, lets it go out
    first. Outside a kernel this returns at once.
    """
    try:
        from IPython import get_ipython  # type: ignore[attr-defined]
    except ImportError:  # pragma: no cover - IPython comes with ipywidgets
        return
    ip = get_ipython()  # type: ignore[no-untyped-call]
    iopub = getattr(getattr(ip, "kernel", None), "iopub_thread", None)
    schedule = getattr(iopub, "schedule", None)
    if schedule is None:
        return
    sent = threading.Event()
    schedule(sent.set)  # runs on the I/O thread after everything queued before it
    sent.wait(timeout)


class GameWidget(W.VBox):  # type: ignore[misc]
    """The shared widget: canvas + chrome for any game of the package.

    Args:
        game: a game object or a registered game id (default: the subclass's game).
        players: number of players when ``game`` is an id.
        seed: seeds chance and the bots of the first game; same seed + same moves = same
            game (default: a fresh seed). Each New game takes a fresh seed (derived from
            this one when given, so a re-run notebook replays the same games).
        seats: per seat ``"Human"``, a bot name of :data:`BOTS`, or an agent object.
            Default: seat 0 human, the others ``"Random bot"``.
        speed: one of :data:`SPEEDS` (``"off"`` shows results without animation).
        zoom: enlarge or shrink the board.
        threaded: run bots and animations in a worker thread (default: only inside a
            Jupyter kernel).
        lang: the players' language, one of ``en``, ``lv``, ``ru``, ``he`` (default: the
            package's, see :func:`boardgames_widgets.set_language`); the language
            picker changes it while playing.
        **config: further named parameters of the game when ``game`` is an id.

    Raises:
        ValueError: unknown game, bad configuration, or a bad seat.
    """

    #: The registered game id a subclass shows (``None``: any game).
    game_id: ClassVar[str | None] = None
    #: The canvas layers, bottom first (the top one receives mouse and keys).
    layers: ClassVar[tuple[str, ...]] = ("board", "pieces", "overlay", "animation")

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
        super().__init__()
        self.tr: _i18n.Translator = _i18n.translator(lang)
        if game is None:
            game = self.game_id
        if game is None:
            raise ValueError("give a game (an id such as 'food_chain' or a game object)")
        if isinstance(game, str):
            if players is not None:
                config["num_players"] = players
            elif "num_players" not in config:
                from boardgames_widgets.core.registry import game_class

                config["num_players"] = game_class(game).info.min_players
            game = make_game(game, **config)
        elif players is not None and players != game.num_players:
            raise ValueError(f"the game object has {game.num_players} players, not {players}")
        if speed not in SPEEDS:
            raise ValueError(f"speed must be one of {', '.join(SPEEDS)}, not {speed!r}")
        self.game: Game[Any, Any] = game
        self._seed_source = random.Random(derive_seed(seed, "new game")) if seed is not None else None
        if seed is None:
            seed = fresh_seed()
        self.threaded = _in_kernel() if threaded is None else threaded
        self._lock = threading.RLock()
        self._generation = 0
        self._worker: threading.Thread | None = None
        self.busy = False
        self.thinking = False
        self.message = ""
        self.hint_action: Any = None
        self.last_error: str | None = None
        #: The rule ID and the rules' own reason for the last refused move (the "why?" detail).
        self.why: str | None = None
        self.cursor = 0
        self.curtain: int | None = None  # "pass the device" screen for this player
        self._seen_by: int | None = None  # the human who last saw the board unhidden
        self._skip_animation = False
        self._log: list[str] = []
        self._log_redo: list[Callable[[], str] | None] = []
        #: How many times the pieces layer was drawn (one per committed action; tests count it).
        #: A drawing identical to what the page shows is not sent again (see ``canvas.stats``).
        self.redraws = 0

        # -- seats ------------------------------------------------------------------
        n = game.num_players
        if seats is None:
            seats = [_bots.HUMAN] + ["Random bot"] * (n - 1)
        if len(seats) != n:
            raise ValueError(f"{game.info.name} with {n} players needs {n} seats, got {len(seats)}")
        self._custom_agents: dict[str, Any] = {}
        self.session = Session(game, [None] * n, seed)
        self.seat_pickers: list[W.Dropdown] = []
        self._seat_values: list[list[str]] = []
        for i, s in enumerate(seats):
            options = [_bots.HUMAN, *_bots.BOTS]
            if not isinstance(s, str):
                label = f"{agent_name(s)} (yours)"
                self._custom_agents[label] = as_agent(s)
                options.append(label)
                s = label
            elif s not in options:
                raise ValueError(f"seat {i}: unknown player {s!r}; choose from {', '.join(options)}")
            self._seat_values.append(options)
            dd = W.Dropdown(
                options=self._seat_options(options),
                value=s,
                description=self.player_name(i),
                layout=W.Layout(width="auto", min_width="250px", max_width="100%"),
            )
            dd.style.description_width = "initial"  # the whole seat name, in every language
            dd.observe(self._wrap(lambda ch, i=i: self._seat_changed(i)), names="value")
            self.seat_pickers.append(dd)
            self.session.set_seat(i, self._make_agent(s))
        self.session.new_game()  # the bots' reset(), as play_game does

        # -- chrome -----------------------------------------------------------------
        # room for two lines: the board does not jump when the status line wraps
        self.status = W.HTML(layout=W.Layout(min_height="2.9em"))
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
        self.btn_new = W.Button(icon="refresh")
        self.btn_undo = W.Button(icon="undo")
        self.btn_hint = W.Button(icon="lightbulb-o")
        self.btn_bot = W.Button(icon="android")
        for b in (self.btn_new, self.btn_undo, self.btn_hint, self.btn_bot):
            b.layout.width = "auto"
        self.btn_new.on_click(self._wrap(lambda _: self.new_game()))
        self.btn_undo.on_click(self._wrap(lambda _: self.undo()))
        self.btn_hint.on_click(self._wrap(lambda _: self.hint()))
        self.btn_bot.on_click(self._wrap(lambda _: self.bot_move()))
        self.speed = W.ToggleButtons(options=[(self._(SPEED_WORDS[k]), k) for k in SPEEDS], value=speed)
        self.speed.style.button_width = "auto"
        self.speed.style.description_width = "initial"
        self.lang_picker = W.Dropdown(
            options=[(name, code) for code, name in _i18n.LANGUAGES.items()],
            value=self.tr.lang,
            layout=W.Layout(width="auto", min_width="200px"),
        )
        self.lang_picker.style.description_width = "initial"  # "Language" uncut in every language
        self.lang_picker.observe(self._wrap(lambda ch: self._language_picked(ch["new"])), names="value")
        self.rtl_style = W.HTML(RTL_CSS, layout=W.Layout(display="none"))
        self._label_chrome()

        #: The game's view (``games/<game>/view.py``, one shape for every game); ``None`` if it has none.
        self.view: BoardView | None
        try:
            self.view = board_view(game)
        except ValueError:
            self.view = None
        self.setup()
        self._after_change()
        self.canvas: LayeredCanvas | None = None
        board = self._build_board(zoom)
        buttons = W.HBox(
            [self.btn_new, self.btn_undo, self.btn_hint, self.btn_bot], layout=W.Layout(flex_flow="row wrap")
        )
        seats_box = W.HBox(self.seat_pickers, layout=W.Layout(flex_flow="row wrap"))
        self.children = [
            self.status,
            board,
            self.panel,
            self.aria,
            buttons,
            W.HBox([self.speed, self.lang_picker], layout=W.Layout(flex_flow="row wrap")),
            seats_box,
            self.log_view,
            self.errors,
            self.rtl_style,
        ]
        self.add_class("bgw-game")
        if self.tr.rtl:
            self.add_class("bgw-rtl")

        self._log_new_game()
        self.redraw(full=True)
        self._kick()

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
        """Show the widget (with its picture), then the recovery line.

        The line "Run this cell again to play" is hidden by CSS while the live board is on
        the page; after a kernel restart, or a reload without a kernel, the board is gone
        ("model not found") and the line says what to do, in the widget's language.
        """
        from IPython.display import display

        display(self._repr_mimebundle_(), raw=True)  # type: ignore[no-untyped-call]
        display({"text/html": self.recovery_html(), "text/plain": ""}, raw=True)  # type: ignore[no-untyped-call]

    def recovery_html(self) -> str:
        """The recovery line (shown only where the live board is missing)."""
        d = self.tr.direction
        words = html.escape(self._("The board needs its Python kernel: run this cell again to play."))
        return (
            f'<div class="bgw-recover" dir="{d}" style="font-size:14px;color:#5d4037;padding:4px 0">⟳ {words}</div>'
            "<style>.jp-OutputArea:has(.bgw-game) .bgw-recover,"
            ".output_area:has(.bgw-game) .bgw-recover{display:none}</style>"
        )

    # ==================================================================================
    # Language
    # ==================================================================================
    def _(self, message: str, **kwargs: Any) -> str:
        """``message`` in the widget's language, formatted with ``kwargs``."""
        return self.tr.gettext(message, **kwargs)

    def ngettext(self, singular: str, plural: str, count: int, /, **kwargs: Any) -> str:
        """The plural form for ``count`` in the widget's language, formatted with ``n=count`` and ``kwargs``."""
        return self.tr.ngettext(singular, plural, count, **kwargs)

    @property
    def lang(self) -> str:
        """The widget's language code (``en``, ``lv``, ``ru`` or ``he``)."""
        return self.tr.lang

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
        self.message = ""
        self.last_error = None
        self._log = [redo() if redo is not None else text for text, redo in zip(self._log, self._log_redo, strict=True)]
        self._show_log()
        self.language_changed()
        self.redraw(full=True)

    def _language_picked(self, lang: str) -> None:
        if lang != self.tr.lang:
            self.set_language(lang)

    def language_changed(self) -> None:
        """Hook: relabel the subclass's own controls after a language switch."""

    def _seat_words(self, label: str) -> str:
        """A seat picker's entry as shown: ``Human`` and the bots' names translated."""
        if label.endswith(" (yours)"):
            return self._("{name} (yours)", name=label[: -len(" (yours)")])
        return self._(label)

    def _seat_options(self, values: list[str]) -> list[Any]:
        """A seat picker's options as (words, value) pairs.

        Always pairs: ipywidgets reads a list that mixes pairs and plain values as values
        only (a bot registered without a translation would break every other option).
        """
        return [(self._seat_words(v), v) for v in values]

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
        self._relabelling = True  # new option labels are no change of seat
        try:
            for i, dd in enumerate(self.seat_pickers):
                value = dd.value
                dd.options = self._seat_options(self._seat_values[i])
                dd.value = value
                dd.description = self.player_name(i)
        finally:
            self._relabelling = False
        canvas = getattr(self, "canvas", None)
        if canvas is not None:
            canvas.set_language(self.tr.lang)

    # ==================================================================================
    # Hooks for subclasses
    # ==================================================================================
    def setup(self) -> None:
        """Create the subclass's own attributes (called once, before the first drawing)."""

    def board_size(self) -> tuple[float, float]:
        """The logical (CSS pixel) size of the board (default: the view's)."""
        if self.view is not None:
            return (self.view.width, self.view.height)
        return (480.0, 360.0)

    def draw_board(self, p: CanvasPainter, state: Any) -> None:
        """Draw the layer that rarely changes (only on full redraws)."""

    def draw_pieces(self, p: CanvasPainter, state: Any, viewer: int | None) -> None:
        """Draw the pieces layer from ``viewer``'s seat (``None``: hide every secret); default: the view's picture."""
        if self.view is not None:
            self.view.draw(p, state, viewer)

    def draw_overlay(self, p: CanvasPainter, state: Any) -> None:
        """Draw highlights, the current selection and any screen over the board."""

    def click(self, x: float, y: float) -> None:
        """A click at logical (x, y) during a human's turn: select, or :meth:`play` an action."""

    def targets(self) -> list[Target]:
        """What the keyboard cursor can visit now (in reading order)."""
        return []

    def key(self, key: str) -> bool:
        """A key the base class did not handle; return True if it was used."""
        return False

    def reset_selection(self) -> None:
        """Forget any half-made choice (a selected card or piece)."""

    def describe_selection(self) -> str:
        """Words for the current selection, for the screen-reader line."""
        return ""

    def player_name(self, player: int) -> str:
        """The name of a seat as people see it (0-based, like the rules' descriptions)."""
        return self._("Player {n}", n=player)

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

    def animation_frames(self, state: Any, action: Any, after: Any) -> Iterable[Frame | tuple[Frame, float]]:
        """Frames drawn on the animation layer before ``action`` shows (default: none).

        A frame is a function of a painter, or ``(frame, weight)`` to show it
        ``weight`` animation steps long.
        """
        return ()

    def panel_html(self, state: Any) -> str:
        """HTML shown under the board (a score table at the end, say); empty for none."""
        return ""

    def show_hint(self, action: Any) -> None:
        """Show a suggested action (default: in the status line only)."""

    def chance_waits_for(self, state: Any) -> int | None:
        """The human seat whose click starts the chance event of ``state``, or ``None``.

        Default ``None``: chance acts by itself. A game where people roll their own
        die returns the seat of the human to roll: the board then waits for a click
        (or Enter, or "Let the bot move"), and :meth:`advance_chance` draws the outcome.
        """
        return None

    def waiting_words(self, state: Any, seat: int) -> str:
        """The status line while chance waits for ``seat``'s click (see :meth:`chance_waits_for`)."""
        return self._("{name}, your turn — click the board to roll.", name=self.player_name(seat))

    # ==================================================================================
    # The game
    # ==================================================================================
    @property
    def state(self) -> Any:
        """The current state."""
        return self.session.state

    @property
    def states(self) -> list[Any]:
        """Every state of the game so far, the first shown first (the session's history)."""
        return self.session.states

    @property
    def actions(self) -> list[Any]:
        """Every action played so far."""
        return self.session.actions

    @property
    def agents(self) -> list[Any]:
        """The agent of each seat (``None``: a person)."""
        return self.session.agents

    @property
    def seed(self) -> Seed:
        """The seed of the game being played (a New game takes a fresh one)."""
        return self.session.seed

    @property
    def record(self) -> GameRecord:
        """The game so far, as a record (replayable, savable)."""
        return self.session.record(names=[self.seat_label(i) for i in range(self.game.num_players)])

    def seat_label(self, player: int) -> str:
        """What sits in a seat: ``"Human"`` or a bot's name."""
        return str(self.seat_pickers[player].value)

    def is_human(self, player: int) -> bool:
        """Whether a person plays this seat."""
        return self.session.is_human(player)

    @property
    def humans(self) -> list[int]:
        """The seats played by people."""
        return [i for i in range(self.game.num_players) if self.is_human(i)]

    def current_player(self) -> int:
        """The player to act in the current state."""
        return self.game.current_player(self.state)

    def human_to_move(self) -> bool:
        """Whether a person is to act now (and nothing is running)."""
        return not self.busy and self.is_human(self.current_player())

    def viewer(self) -> int | None:
        """The seat whose secrets the board shows (``None``: show no secrets).

        One human: always theirs. Several humans: the human to act once they have
        dismissed the "pass the device" screen; nobody's while it shows. No human:
        the player to act (people are watching bots play).
        """
        humans = self.humans
        if self.curtain is not None:
            return None
        if len(humans) == 1:
            return humans[0]
        p = self.current_player()
        if not humans:
            return p if p >= 0 else None
        if p in humans:
            return p
        return self._seen_by if self._seen_by in humans else None

    def new_game(self, seed: Seed | None = None) -> None:
        """Start again with the same seats and a fresh seed (or ``seed`` if given), shown in the log."""
        with self._lock:
            self._stop_running()
            self._seen_by = None
            self.session.new_game(fresh_seed(self._seed_source) if seed is None else seed)
            self._log = []
            self._log_redo = []
            self._after_change()
        self._log_new_game()
        self.redraw(full=True)
        self._kick()

    def _log_new_game(self) -> None:
        seed, n = self.seed, self.game.num_players
        self._log_line(
            lambda: self.ngettext(
                "New game of {game}, {n} player, seed {seed}.",
                "New game of {game}, {n} players, seed {seed}.",
                n,
                game=self._(self.game.info.name),
                seed=repr(seed),
            )
        )

    def load_state(self, state: Any) -> None:
        """Continue from a given position (a lesson's scenario, a test).

        The history starts there: Undo goes no further back, and :attr:`record` holds
        only the moves made since (it replays from the initial state only if
        ``state`` is the initial state).

        Raises:
            ValueError: ``state`` breaks an invariant of the game.
        """
        self.game.validate_state(state)
        with self._lock:
            self._stop_running()
            self.session.new_game(state=state)
            self._after_change()
        self._log_line(lambda: self._("A position was loaded."))
        self.redraw(full=True)
        self._kick()

    def undo(self) -> None:
        """Take back the last human move (and the bot and chance moves after it).

        With no human seat, takes back one move. The states are rebuilt by replaying a
        prefix of the record.
        """
        with self._lock:
            if not self.actions:
                self._say(self._("Nothing to undo yet."))
                return
            n = len(self.actions)
            if self.humans:
                # back to the last position where a human was to act, before their move
                k = n - 1
                while k > 0 and not self._human_acts_at(self.states[k]):
                    k -= 1
                if not self._human_acts_at(self.states[k]):
                    self._say(self._("Nothing of yours to undo yet."))
                    return
            else:
                k = n - 1
            self._stop_running()
            self.session.undo_to(k)
            self._after_change()
        self._log_line(lambda: self._("Undo: back to move {k}.", k=k))
        self.redraw(full=True)
        self._kick()

    def _human_acts_at(self, state: Any) -> bool:
        p = self.game.current_player(state)
        if p == CHANCE:
            seat = self.chance_waits_for(state)
            return seat is not None and self.is_human(seat)
        return self.is_human(p)

    def hint(self) -> Any:
        """Ask the hint bot what it would play now; show it and return it."""
        p = self.current_player()
        if p < 0:
            waiting = self.waiting_seat()
            if p == TERMINAL:
                self._say(self._("No move to hint: the game is over."))
            elif waiting is not None:
                self._say(self.waiting_words(self.state, waiting))
            else:
                self._say(self._("Wait a moment: a move is still running."))
            return None
        action = self.session.hint(self._hint_agent())
        self.hint_action = action
        self.show_hint(action)
        self._say(
            self._(
                "Hint ({bot}): {move}",
                bot=self._(_bots.hint_bot_name()),
                move=self.action_words(self.state, action),
            )
        )
        self.redraw()
        return action

    def bot_move(self) -> None:
        """Let a bot play the current move (the hint bot on a human's turn)."""
        if self.busy:
            self._say(self._("Wait a moment: a move is still running."))
            return
        p = self.current_player()
        if p == TERMINAL:
            self._say(self._("The game is over: press New game to play again."))
            return
        if p == CHANCE:
            if not self.advance_chance():
                self._kick()
            return
        if self.is_human(p):
            self.play(self.session.hint(self._hint_agent()))
            return
        with self._lock:
            self.busy = True
        self._run(lambda: None)

    def play(self, action: Any) -> bool:
        """Play ``action`` for the player to act (as a click would); False if refused.

        A refused action (illegal, not your turn, game over) changes nothing and shows
        why in the status line.
        """
        with self._lock:
            if self.busy:
                self._say(self._("Wait a moment: a move is still running."))
                return False
            if self.curtain is not None:
                self._say(self._("{name}: click the board when you are ready.", name=self.player_name(self.curtain)))
                return False
            state = self.state
            try:
                after = self.game.apply(state, action)
            except GameError as exc:
                self._say(self.friendly_error(exc), error=True)
                self.redraw(pieces=False)
                return False
            self.busy = True
            move = Proposal(self.game.current_player(state), action, len(self.actions))
        self._run(lambda: self._commit(state, move, after, self._generation))
        return True

    def waiting_seat(self) -> int | None:
        """The human whose click the current chance event waits for (see :meth:`chance_waits_for`)."""
        if self.current_player() != CHANCE:
            return None
        seat = self.chance_waits_for(self.state)
        return seat if seat is not None and self.is_human(seat) else None

    def advance_chance(self) -> bool:
        """Draw the outcome of a chance event that waits for a click; False if none waits."""
        with self._lock:
            if self.busy or self.waiting_seat() is None:
                return False
            state = self.state
            move = self.session.propose()
            after = self.game.apply(state, move.action)
            self.busy = True
        self._run(lambda: self._commit(state, move, after, self._generation))
        return True

    def friendly_error(self, exc: GameError) -> str:
        """The status message for a move the rules refused: one plain sentence in the widget's language.

        The sentence names no rule ID and no coordinates (:mod:`boardgames_widgets.i18n.plain`);
        the rule ID and the rules' own reason (English, for programmers, as in the
        exception) go to :attr:`why`, shown under a "why?" detail.
        """
        rule = getattr(exc, "rule", None)
        detail = getattr(exc, "detail", None) or str(exc) or self._("no reason given")
        self.why = why_words(self.tr, rule, detail)
        return plain_reason(self.tr, rule)

    # ==================================================================================
    # Internals: seats, bots, the automatic loop
    # ==================================================================================
    def _make_agent(self, label: str) -> Any:
        if label == _bots.HUMAN:
            return None
        if label in self._custom_agents:
            return self._custom_agents[label]
        return as_agent(_bots.BOTS[label](self.game))

    def _seat_changed(self, seat: int) -> None:
        if getattr(self, "_relabelling", False):
            return
        with self._lock:
            self.session.set_seat(seat, self._make_agent(self.seat_pickers[seat].value))
            self._stop_running()
            self._after_change()
        self._log_line(
            lambda: self._(
                "{name} is now played by {who}.",
                name=self.player_name(seat),
                who=self._seat_words(self.seat_label(seat)),
            )
        )
        self.redraw()
        self._kick()

    def _hint_agent(self) -> Any:
        """The bot that gives hints and plays "Let the bot move" on a person's turn."""
        return as_agent(_bots.BOTS[_bots.hint_bot_name()](self.game))

    def _run(self, job: Callable[[], object]) -> None:
        """Run ``job`` then the automatic moves, in the worker thread when threaded."""
        gen = self._generation

        def body() -> None:
            try:
                job()
                self._auto(gen)
            except Exception as exc:
                self._unexpected(exc)
            finally:
                with self._lock:
                    if gen == self._generation:
                        self.busy = False
                        self.thinking = False
                if gen == self._generation:
                    try:
                        self.redraw(pieces=False)
                    except Exception as exc:  # a worker thread must never die with a traceback
                        self._unexpected(exc)

        if self.threaded:
            t = threading.Thread(target=body, name="bgw-worker", daemon=True)
            self._worker = t
            t.start()
        else:
            body()

    def _kick(self) -> None:
        """Let chance and bots act until a human is to move (or the game ends)."""
        p = self.current_player()
        if p == CHANCE or (p >= 0 and not self.is_human(p)):
            with self._lock:
                self.busy = True
            self._run(lambda: None)

    def _auto(self, gen: int) -> None:
        while True:
            with self._lock:
                if gen != self._generation:
                    return
                state = self.state
                p = self.game.current_player(state)
            if p == TERMINAL or (p >= 0 and self.is_human(p)):
                return
            if p == CHANCE:
                if self.waiting_seat() is not None:
                    return
                move = self.session.propose()
            else:
                move = self._propose_thinking()
            after = self.game.apply(state, move.action)
            if not self._commit(state, move, after, gen):
                return

    #: In a worker thread, a bot that answers within this many seconds never shows "thinking…"
    #: (no flicker, and four fewer messages for the page to handle before the bot's move shows).
    THINKING_DELAY: ClassVar[float] = 0.25

    def _propose_thinking(self) -> Proposal:
        """The bot's move, with "thinking…" in the status line while it thinks (see :attr:`THINKING_DELAY`)."""
        if not self.threaded:
            with self._lock:
                self.thinking = True
            self.redraw(pieces=False)
            try:
                return self.session.propose()
            finally:
                with self._lock:
                    self.thinking = False
                self._refresh_text()
        done = threading.Event()

        def show() -> None:
            with self._lock:
                if done.is_set():
                    return
                self.thinking = True
            self._refresh_text()

        timer = threading.Timer(self.THINKING_DELAY, show)
        timer.daemon = True
        timer.start()
        try:
            return self.session.propose()
        finally:
            timer.cancel()
            with self._lock:
                done.set()
                shown, self.thinking = self.thinking, False
            if shown:
                self._refresh_text()

    def _commit(self, state: Any, move: Proposal, after: Any, gen: int) -> bool:
        """Animate and record one move (drawing the pieces once); False if the game changed meanwhile."""
        action = move.action
        self._animate(state, action, after, gen)
        with self._lock:
            if gen != self._generation or self.state is not state:
                return False
            words = self.action_words(state, action)
            self.session.commit(move, after)
            self._after_change()
        self.redraw()  # the move shows first; the log line follows
        self._log_line(words, lambda: self.action_words(state, action))
        if self.threaded:
            _flush_output()  # the move reaches the page before the next bot or chance step computes
        return True

    def _after_change(self) -> None:
        self.hint_action = None
        self.message = ""
        self.last_error = None
        self.why = None
        self.reset_selection()
        self.cursor = 0
        humans = self.humans
        p = self.game.current_player(self.state)
        hidden = self.game.info.hidden_information
        self.curtain = p if hidden and len(humans) > 1 and p in humans and p != self._seen_by else None

    def _stop_running(self) -> None:
        # Any worker still running belongs to an older generation and will stop on its own.
        self._generation += 1
        self.busy = False
        self.thinking = False

    def _animate(self, state: Any, action: Any, after: Any, gen: int) -> None:
        delay = SPEEDS[self.speed.value]
        if self.canvas is None:
            return
        frames = list(self.animation_frames(state, action, after))
        if not frames:
            return
        self._skip_animation = False
        for item in frames:
            frame, weight = item if isinstance(item, tuple) else (item, 1.0)
            if gen != self._generation:
                return
            if self._skip_animation or delay == 0 or not self.threaded:
                continue
            t0 = time.perf_counter()
            with self.canvas.frame("animation") as ps:
                frame(ps["animation"])
            rest = delay * weight - (time.perf_counter() - t0)
            if rest > 0:
                time.sleep(rest)
        with self.canvas.frame("animation"):
            pass

    # ==================================================================================
    # Drawing and text
    # ==================================================================================
    def _build_board(self, zoom: float) -> W.Widget:
        w, h = self.board_size()
        self.canvas = LayeredCanvas(w, h, self.layers, zoom=zoom)
        self.canvas.set_language(self.tr.lang)
        top = self.canvas.top
        top.on_mouse_down(self._wrap(self._on_mouse_down))
        top.on_key_down(self._wrap(self._on_key_down))
        top.on_client_ready(self._wrap(lambda: self.redraw(full=True, reconnect=True)))
        return self.canvas.multi

    def redraw(self, full: bool = False, pieces: bool = True, reconnect: bool = False) -> None:
        """Redraw the board (all layers when ``full``) and refresh the texts."""
        self._refresh_text()
        if self.canvas is None:
            return
        state, viewer = self.state, self.viewer()
        with DRAW_LOCK:
            if reconnect:
                self.canvas.forget_client_state()
            names = ["overlay"]
            if pieces or full:
                names.insert(0, "pieces")
            if full:
                names.insert(0, "board")
                names.append("animation")
            with self.canvas.frame(*names, force=full) as ps:
                if "pieces" in ps:
                    self.redraws += 1
                if full:
                    self.draw_board(ps["board"], state)
                # behind the "pass the device" screen the pieces layer stays empty: the next
                # player's secrets are drawn only once they lift it
                if "pieces" in ps and self.curtain is None:
                    self.draw_pieces(ps["pieces"], state, viewer)
                self.draw_overlay(ps["overlay"], state)
                self._draw_cursor(ps["overlay"])

    def draw_curtain(self, p: CanvasPainter, colours: Sequence[str], background: str = "#3e2f1c") -> None:
        """The opaque "pass the device" screen for :attr:`curtain` (in their colour of ``colours``)."""
        assert self.curtain is not None
        colour = colours[self.curtain % len(colours)]
        p.rect(0, 0, p.width, p.height, fill=background)
        p.text(p.width / 2, p.height / 2 - 24, self._("Pass the device"), size=26, fill="#fff", bold=True)
        words = self._("to {name}", name=self.player_name(self.curtain))
        p.text(p.width / 2, p.height / 2 + 14, words, size=22, fill=colour, bold=True)
        p.text(p.width / 2, p.height / 2 + 50, self._("Click or press Enter when ready"), size=14, fill="#eee")

    def _draw_cursor(self, p: CanvasPainter) -> None:
        if not self.keyboard_active:
            return
        ts = self.targets()
        if not ts:
            return
        t = ts[self.cursor % len(ts)]
        p.rect(t.x - 2, t.y - 2, t.w + 4, t.h + 4, stroke="#1565c0", line_width=3, radius=4)

    #: Set while the keyboard drives the board (the cursor is drawn).
    keyboard_active = False
    #: Whether a click (a selection) changes the pieces layer, not only the overlay.
    click_redraws_pieces = False

    def _refresh_text(self) -> None:
        state = self.state
        p = self.game.current_player(state)
        if self.message:
            line = self.message
        elif p == TERMINAL:
            line = self.result_words(state)
        elif self.curtain is not None:
            line = self._(
                "Pass the device to {name} — click the board when ready.", name=self.player_name(self.curtain)
            )
        elif p == CHANCE:
            waiting = self.waiting_seat()
            line = self._("Rolling…") if waiting is None else self.waiting_words(state, waiting)
        elif self.thinking:
            line = self._(
                "{name} ({who}) is thinking…", name=self.player_name(p), who=self._seat_words(self.seat_label(p))
            )
        elif self.is_human(p):
            line = self._("{name}, your turn.", name=self.player_name(p))
        else:
            line = self._("{name} ({who}) to move.", name=self.player_name(p), who=self._seat_words(self.seat_label(p)))
        extra = self.status_words(state) if p != TERMINAL else ""
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
        try:
            # the rules describe a position in English: other languages rely on the status words
            desc = self.game.describe(state) if self.tr.lang == "en" else ""
        except Exception:  # a description must never break the board
            desc = ""
        sel = self.describe_selection()
        cur = self.cursor_target() if self.keyboard_active else None
        if cur is not None:
            cursor = self._("Cursor on {label}.", label=cur.label)
            sel = f"{sel} {cursor}".strip()
        text = " ".join(x for x in (line, desc, sel) if x)
        panel = self.panel_html(state)
        self.panel.value = f'<div dir="{d}">{panel}</div>' if panel and self.tr.rtl else panel
        self.aria.value = (
            f'<div role="status" aria-live="polite" dir="{d}" style="font-size:12px;color:#444">'
            f"{html.escape(text)}</div>"
        )

    def _log_line(self, text: str | Callable[[], str], redo: Callable[[], str] | None = None) -> None:
        """Add a line to the move log: a text, or a function giving it (run again on a language switch)."""
        if callable(text):
            redo, text = text, text()
        self._log.append(text)
        self._log_redo.append(redo)
        del self._log[:-LOG_LINES]
        del self._log_redo[:-LOG_LINES]
        self._show_log()

    def _show_log(self) -> None:
        items = "".join(f"<div>{len(self._log) - i}. {html.escape(t)}</div>" for i, t in enumerate(reversed(self._log)))
        d = self.tr.direction
        self.log_view.value = f'<div dir="{d}" style="font-size:12px;line-height:1.35;direction:{d}">{items}</div>'

    @property
    def log(self) -> list[str]:
        """The move log, oldest first."""
        return list(self._log)

    def _say(self, text: str, error: bool = False) -> None:
        self.message = text
        self.last_error = text if error else None
        if not error:
            self.why = None
        self._refresh_text()

    # ==================================================================================
    # Events
    # ==================================================================================
    def _wrap(self, handler: Callable[..., Any]) -> Callable[..., Any]:
        """Run an event handler so that no error ever reaches the page as a traceback."""

        def safe(*args: Any) -> Any:
            try:
                return handler(*args)
            except GameError as exc:
                self._say(self.friendly_error(exc), error=True)
            except Exception as exc:
                self._unexpected(exc)
            return None

        return safe

    def _unexpected(self, exc: BaseException) -> None:
        self.last_error = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
        self.errors.append_stdout(self.last_error)  # thread-safe, unlike "with output:"
        error = f"{type(exc).__name__}: {exc}"
        self.message = self._("Something went wrong ({error}). The game is unchanged.", error=error)
        self._refresh_text()

    def _on_mouse_down(self, x: float, y: float) -> None:
        assert self.canvas is not None
        lx, ly = self.canvas.to_logical(x, y)
        self.keyboard_active = False
        self.handle_click(lx, ly)

    def handle_click(self, x: float, y: float) -> None:
        """A click at logical coordinates (what a mouse-down does)."""
        if self.busy:
            self._skip_animation = True
            return
        if self.curtain is not None:
            self._seen_by = self.curtain
            self.curtain = None
            self.message = ""
            self.redraw()
            return
        p = self.current_player()
        if p == TERMINAL:
            self._say(self.result_words(self.state) + " " + self._("Press New game to play again."))
            return
        if p == CHANCE and self.waiting_seat() is not None:
            p = self.waiting_seat()  # type: ignore[assignment]
        if not self.is_human(p):
            self._say(
                self._(
                    "It is {name}'s turn ({who}).", name=self.player_name(p), who=self._seat_words(self.seat_label(p))
                )
            )
            return
        self.message = ""
        self.last_error = None
        n, generation = len(self.actions), self._generation
        self.click(x, y)
        if self.busy or len(self.actions) != n or self._generation != generation:
            return  # a move was played: its commit drew the board
        self.redraw(pieces=self.click_redraws_pieces)

    def _on_key_down(self, key: str, shift: bool = False, ctrl: bool = False, meta: bool = False) -> None:
        if ctrl or meta:
            return  # leave shortcuts (Ctrl+S …) alone
        self.handle_key(key)

    def handle_key(self, key: str) -> None:
        """A key press on the board: arrows move the cursor, Enter/Space click, digits pick."""
        if key in NAV_KEYS:
            self.keyboard_active = True
            self._move_cursor(*NAV_KEYS[key])
        elif key in ("Enter", " "):
            if self.curtain is not None or self.busy:
                self.handle_click(-1, -1)
                return
            ts = self.targets()
            if ts:
                self.keyboard_active = True
                self.handle_click(*ts[self.cursor % len(ts)].center)
        elif key == "Escape":
            self.reset_selection()
            self.message = ""
            self.redraw(pieces=False)
        elif key in ("u", "U"):
            self.undo()
        elif key in ("h", "H"):
            self.hint()
        elif key in ("b", "B"):
            self.bot_move()
        elif key in ("r", "R"):
            self.redraw(full=True)
        elif self.key(key):
            self.keyboard_active = True
            self.redraw(pieces=self.click_redraws_pieces)

    def _move_cursor(self, dx: int, dy: int) -> None:
        ts = self.targets()
        if not ts:
            return
        cur = ts[self.cursor % len(ts)]
        cx, cy = cur.center
        best, best_score = None, float("inf")
        for i, t in enumerate(ts):
            tx, ty = t.center
            ddx, ddy = tx - cx, ty - cy
            along = ddx * dx + ddy * dy
            if along <= 1e-6:
                continue
            across = abs(ddx * dy) + abs(ddy * dx)
            score = along + 2.5 * across
            if score < best_score:
                best, best_score = i, score
        if best is None:  # wrap around in reading order
            best = (self.cursor + (1 if dx + dy > 0 else -1)) % len(ts)
        self.cursor = best
        self.redraw(pieces=False)

    def cursor_target(self) -> Target | None:
        """The target under the keyboard cursor."""
        ts = self.targets()
        return ts[self.cursor % len(ts)] if ts else None
