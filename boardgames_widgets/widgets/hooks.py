"""What a board shows and says: the hooks a game's widget fills in, its words and its texts.

:class:`BoardHooks` is the part of :class:`~boardgames_widgets.widgets.controller.GameController`
that speaks: the language, the hooks a game's widget overrides (what a click means,
what the keyboard can visit, how chance waits for a person), the game's words
(``games/<game>/words.py``) and the texts built from them — the status line, the
screen-reader line, the panel and the move log. No ipywidgets here either.
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from boardgames_widgets import i18n as _i18n
from boardgames_widgets.core import CHANCE, TERMINAL, Game, make_game
from boardgames_widgets.core.rng import Seed
from boardgames_widgets.core.session import Session
from boardgames_widgets.i18n.words import GameWords

#: How many log lines are kept.
LOG_LINES = 300


def resolve_game(game: Game[Any, Any] | str | None, players: int | None, config: dict[str, Any]) -> Game[Any, Any]:
    """A game object from a game object or a registered id (with ``players`` and named parameters).

    Raises:
        ValueError: no game, an unknown one, a bad configuration or a player count that disagrees.
    """
    if game is None:
        raise ValueError("give a game (an id such as 'food_chain' or a game object)")
    if isinstance(game, str):
        if players is not None:
            config["num_players"] = players
        elif "num_players" not in config:
            from boardgames_widgets.core.registry import game_class

            config["num_players"] = game_class(game).info.min_players
        return make_game(game, **config)
    if players is not None and players != game.num_players:
        raise ValueError(f"the game object has {game.num_players} players, not {players}")
    return game


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


def in_kernel() -> bool:
    """Whether this runs inside a Jupyter kernel with threads (not Pyodide, not a script)."""
    if sys.platform == "emscripten":  # Pyodide (JupyterLite) has no threads: run synchronously
        return False
    try:
        from IPython import get_ipython  # type: ignore[attr-defined]
    except ImportError:  # pragma: no cover - IPython comes with ipywidgets
        return False
    ip = get_ipython()  # type: ignore[no-untyped-call]
    return ip is not None and getattr(ip, "kernel", None) is not None


def flush_output(timeout: float = 0.1) -> None:
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


class BoardHooks:
    """The speaking half of a board's controller (see the module doc); not used alone."""

    game: Game[Any, Any]
    tr: _i18n.Translator
    session: Session
    message: str
    last_error: str | None
    why: str | None
    busy: bool
    thinking: bool
    curtain: int | None
    cursor: int
    keyboard_active: bool
    _log: list[str]
    _log_redo: list[Callable[[], str] | None]
    _seat_labels: list[str]

    # ==================================================================================
    def _(self, message: str, **kwargs: Any) -> str:
        """``message`` in the controller's language, formatted with ``kwargs``."""
        return self.tr.gettext(message, **kwargs)

    def ngettext(self, singular: str, plural: str, count: int, /, **kwargs: Any) -> str:
        """The plural form for ``count`` in the controller's language, formatted with ``n=count`` and ``kwargs``."""
        return self.tr.ngettext(singular, plural, count, **kwargs)

    @property
    def lang(self) -> str:
        """The language code (``en``, ``lv``, ``ru`` or ``he``)."""
        return self.tr.lang

    def reword_log(self) -> None:
        """Say every log line again (in the current language, for the people now at the board)."""
        self._log = [redo() if redo is not None else text for text, redo in zip(self._log, self._log_redo, strict=True)]
        self.show_log()

    def language_changed(self) -> None:
        """Hook: relabel a subclass's own controls after a language switch."""

    def seat_words(self, label: str) -> str:
        """What sits in a seat, as shown: ``Human`` and the bots' names translated."""
        if label.endswith(" (yours)"):
            return self._("{name} (yours)", name=label[: -len(" (yours)")])
        return self._(label)

    # ==================================================================================
    def setup(self) -> None:
        """Create the subclass's own attributes (called once, before the first drawing)."""

    def redraw(self, full: bool = False, pieces: bool = True, reconnect: bool = False) -> None:
        """Redraw the board (all layers when ``full``) and refresh the texts (here: the texts)."""
        self.show_text()

    def show_text(self) -> None:
        """Show the status line, the panel and the screen-reader line (the widget puts them on the page)."""

    def show_log(self) -> None:
        """Show the move log (the widget puts it on the page)."""

    def start_animation(self, state: Any, action: Any, after: Any, gen: int) -> None:
        """Show the first frame of a person's ``action`` at once, in the click's thread (the widget draws it; here: none)."""

    def animate(self, state: Any, action: Any, after: Any, gen: int) -> None:
        """Play the animation of ``action`` before it shows (the widget draws it; here: none)."""

    def report_error(self, trace: str) -> None:
        """Keep the traceback of an unexpected error where a teacher can find it (the widget's log output)."""

    # ==================================================================================
    def click(self, x: float, y: float) -> None:
        """A click at logical (x, y) during a human's turn: select, or :meth:`play` an action."""

    def targets(self) -> list[Target]:
        """What the keyboard cursor can visit now (in reading order)."""
        return []

    def key(self, key: str) -> bool:
        """A key the shared keyboard handling did not use; return True if it was used."""
        return False

    def reset_selection(self) -> None:
        """Forget any half-made choice (a selected card or piece)."""

    def describe_selection(self) -> str:
        """Words for the current selection, for the screen-reader line."""
        return ""

    def show_hint(self, action: Any) -> None:
        """Show a suggested action (default: in the status line only)."""

    @property
    def words(self) -> GameWords:
        """The game's words in the current language, for the people now at the board.

        A game's widget returns its own (``games/<game>/words.py``): log lines, status,
        results, panels.
        """
        return GameWords(self.game, self.tr, self.humans)

    def player_name(self, player: int) -> str:
        """The name of a seat as people see it."""
        return self.words.player_name(player)

    def action_words(self, state: Any, action: Any) -> str:
        """One log line for ``action`` played in ``state``."""
        return self.words.action_words(state, action)

    def status_words(self, state: Any) -> str:
        """The status line's words beyond whose turn it is (the roll, the score)."""
        return self.words.status_words(state)

    def result_words(self, state: Any) -> str:
        """Who won, in words."""
        return self.words.result_words(state)

    def panel_html(self, state: Any) -> str:
        """HTML shown under the board (a score table at the end, say); empty for none."""
        return self.words.panel_html(state)

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

    def turn_words(self, state: Any) -> str:
        """What the person to act does now ("click a lit square to place your cat."); empty: nothing more."""
        return ""

    def chance_words(self) -> str:
        """The status line while chance acts by itself."""
        return self._("Rolling…")

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

    def seat_label(self, player: int) -> str:
        """What sits in a seat: ``"Human"`` or a bot's name."""
        return self._seat_labels[player]

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

    def waiting_seat(self) -> int | None:
        """The human whose click the current chance event waits for (see :meth:`chance_waits_for`)."""
        if self.current_player() != CHANCE:
            return None
        seat = self.chance_waits_for(self.state)
        return seat if seat is not None and self.is_human(seat) else None

    # ==================================================================================
    def status_line(self) -> str:
        """The status line's first part: whose turn it is and what they do now (or the message)."""
        state = self.state
        p = self.game.current_player(state)
        if self.message:
            return self.message
        if p == TERMINAL:
            return self.result_words(state)
        if self.curtain is not None:
            return self._(
                "Pass the device to {name} — click the board when ready.", name=self.player_name(self.curtain)
            )
        if p == CHANCE:
            waiting = self.waiting_seat()
            return self.chance_words() if waiting is None else self.waiting_words(state, waiting)
        if self.thinking:
            return self._(
                "{name} ({who}) is thinking…", name=self.player_name(p), who=self.seat_words(self.seat_label(p))
            )
        if self.is_human(p):
            todo = self.turn_words(state)
            if todo:
                return self._("{name}, your turn: {todo}", name=self.player_name(p), todo=todo)
            return self._("{name}, your turn.", name=self.player_name(p))
        return self._("{name} ({who}) to move.", name=self.player_name(p), who=self.seat_words(self.seat_label(p)))

    def status_extra(self) -> str:
        """The status line's second part (the roll, the score)."""
        state = self.state
        if self.game.current_player(state) == TERMINAL:
            return ""
        return self.status_words(state)

    def screen_reader_text(self) -> str:
        """What the screen-reader line says: the status, the position in words, the selection, the cursor.

        Behind the "pass the device" curtain it says the status line only.
        """
        line = self.status_line()
        if self.curtain is not None:
            return line
        try:
            # the rules describe a position in English: other languages rely on the status words
            desc = self.game.describe(self.state) if self.tr.lang == "en" and self.may_describe() else ""
        except Exception:  # a description must never break the board
            desc = ""
        sel = self.describe_selection()
        cur = self.cursor_target() if self.keyboard_active else None
        if cur is not None:
            cursor = self._("Cursor on {label}.", label=cur.label)
            sel = f"{sel} {cursor}".strip()
        return " ".join(x for x in (line, desc, sel) if x)

    def may_describe(self) -> bool:
        """Whether the rules' own description of the position may be read out.

        It names every secret (Papageno's: "player 1 holds the bird 7"), so in a game with
        hidden information it is read only while bots alone play.
        """
        return not self.game.info.hidden_information or not self.humans

    def panel_text(self) -> str:
        """The panel's HTML now (nothing behind the curtain)."""
        return "" if self.curtain is not None else self.panel_html(self.state)

    def cursor_target(self) -> Target | None:
        """The target under the keyboard cursor."""
        ts = self.targets()
        return ts[self.cursor % len(ts)] if ts else None

    def log_line(self, text: str | Callable[[], str], redo: Callable[[], str] | None = None) -> None:
        """Add a line to the move log: a text, or a function giving it (run again on a language switch)."""
        if callable(text):
            redo, text = text, text()
        self._log.append(text)
        self._log_redo.append(redo)
        del self._log[:-LOG_LINES]
        del self._log_redo[:-LOG_LINES]
        self.show_log()

    @property
    def log(self) -> list[str]:
        """The move log, oldest first."""
        return list(self._log)

    def say(self, text: str, error: bool = False) -> None:
        """Put ``text`` in the status line (in red when ``error``)."""
        self.message = text
        self.last_error = text if error else None
        if not error:
            self.why = None
        self.show_text()
