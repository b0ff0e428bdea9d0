"""``GameController``: a board's game logic without ipywidgets — seats, worker, undo, hints, words.

The board widgets are thin (DESIGN.md, principle 7): a click or a key becomes a
candidate action and the rules decide. Everything between the click and the rules
that is not drawing lives here, in plain Python that a unit test can drive with no
widget library and no browser:

- the game in play, a :class:`~boardgames_widgets.core.session.Session` (history,
  seats, undo, hint, the bot step), seeded exactly like
  :func:`~boardgames_widgets.core.play_game`;
- the worker thread that lets bots, chance and animations run while the notebook stays
  responsive, with *generations*: a New game, an Undo or a seat change starts a new
  generation and every job of an older one stops at its next step;
- the "pass the device" curtain and the seat whose secrets may be shown
  (:meth:`GameController.viewer`);
- the words: the status line, the screen-reader line and the move log, in the
  controller's language.

:class:`~boardgames_widgets.widgets.base.GameWidget` adds the canvas and the chrome by
overriding the drawing hooks (:meth:`GameController.redraw`,
:meth:`GameController.show_text`, :meth:`GameController.animate`).

>>> c = GameController("food_chain", seed=1, seats=["Random bot", "Random bot"])
>>> c.current_player() < 0  # bots in every seat play to the end at once outside a kernel
True
>>> c.log[0]
'New game of Food Chain, 2 players, seed 1.'
"""

from __future__ import annotations

import random
import threading
import traceback
from collections.abc import Callable, Sequence
from typing import Any, ClassVar

from boardgames_widgets import i18n as _i18n
from boardgames_widgets.core import CHANCE, TERMINAL, Game, GameError, GameRecord
from boardgames_widgets.core.rng import Seed, derive_seed
from boardgames_widgets.core.seats import agent_name, as_agent
from boardgames_widgets.core.session import Proposal, Session, fresh_seed
from boardgames_widgets.i18n.plain import plain_reason, why_words
from boardgames_widgets.widgets import bots as _bots
from boardgames_widgets.widgets.hooks import LOG_LINES, BoardHooks, Target, flush_output, in_kernel, resolve_game


class GameController(BoardHooks):
    """One game at a board: seats, history, worker thread, undo, hints, curtain and words.

    Args:
        game: a game object or a registered game id (default: the class's :attr:`game_id`).
        players: number of players when ``game`` is an id.
        seed: seeds chance and the bots of the first game; same seed + same moves = same
            game (default: a fresh seed). Each New game takes a fresh seed (derived from
            this one when given, so a re-run notebook replays the same games).
        seats: per seat ``"Human"``, a bot name of :data:`~boardgames_widgets.widgets.bots.BOTS`,
            or an agent object. Default: seat 0 human, the others ``"Random bot"``.
        threaded: run bots and animations in a worker thread (default: only inside a
            Jupyter kernel).
        lang: the players' language (default: the package's).
        start: play the bots' and chance's first moves at once (a widget starts them
            after building its board).
        **config: further named parameters of the game when ``game`` is an id.

    Raises:
        ValueError: unknown game, bad configuration, or a bad seat.
    """

    #: The registered game id a subclass plays (``None``: any game).
    game_id: ClassVar[str | None] = None
    #: In a worker thread, a bot that answers within this many seconds never shows "thinking…"
    #: (no flicker, and four fewer messages for the page to handle before the bot's move shows).
    THINKING_DELAY: ClassVar[float] = 0.25

    def __init__(
        self,
        game: Game[Any, Any] | str | None = None,
        *,
        players: int | None = None,
        seed: Seed = None,
        seats: Sequence[Any] | None = None,
        threaded: bool | None = None,
        lang: str | None = None,
        start: bool = True,
        **config: Any,
    ) -> None:
        self.tr: _i18n.Translator = _i18n.translator(lang)
        game = resolve_game(self.game_id if game is None else game, players, config)
        self.game: Game[Any, Any] = game
        self._seed_source = random.Random(derive_seed(seed, "new game")) if seed is not None else None
        if seed is None:
            seed = fresh_seed()
        self.threaded = in_kernel() if threaded is None else threaded
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
        #: Set while the keyboard drives the board (the cursor is drawn).
        self.keyboard_active = False
        self.curtain: int | None = None  # "pass the device" screen for this player
        self._seen_by: int | None = None  # the human who last saw the board unhidden
        self._skip_animation = False
        self._log: list[str] = []
        self._log_redo: list[Callable[[], str] | None] = []

        n = game.num_players
        if seats is None:
            seats = [_bots.HUMAN] + ["Random bot"] * (n - 1)
        if len(seats) != n:
            raise ValueError(f"{game.info.name} with {n} players needs {n} seats, got {len(seats)}")
        self._custom_agents: dict[str, Any] = {}
        self.session = Session(game, [None] * n, seed)
        #: Each seat's choices (``"Human"``, the bots, a given agent) and what sits there now.
        self.seat_choices: list[list[str]] = []
        self._seat_labels: list[str] = []
        for i, s in enumerate(seats):
            options = [_bots.HUMAN, *_bots.BOTS]
            if not isinstance(s, str):
                label = f"{agent_name(s)} (yours)"
                self._custom_agents[label] = as_agent(s)
                options.append(label)
                s = label
            elif s not in options:
                raise ValueError(f"seat {i}: unknown player {s!r}; choose from {', '.join(options)}")
            self.seat_choices.append(options)
            self._seat_labels.append(s)
            self.session.set_seat(i, self._make_agent(s))
        self.session.new_game()  # the bots' reset(), as play_game does
        if start:
            self.start()

    def start(self) -> None:
        """Show the first position, log the new game and let bots and chance act."""
        self.setup()
        self._after_change()
        self._log_new_game()
        self.redraw(full=True)
        self._kick()

    # ==================================================================================
    # Language
    def set_language(self, lang: str) -> None:
        """Speak ``lang`` from now on: the status, the log and the board are said again.

        Raises:
            ValueError: unknown language.
        """
        self.tr = _i18n.translator(lang)
        self.message = ""
        self.last_error = None
        self.reword_log()
        self.language_changed()
        self.redraw(full=True)

    # ==================================================================================
    # Hooks: drawing (the widget draws; the controller alone draws nothing)
    # ==================================================================================
    # Hooks: what a click means, and the game's words
    # ==================================================================================
    # The game
    @property
    def record(self) -> GameRecord:
        """The game so far, as a record (replayable, savable)."""
        return self.session.record(names=[self.seat_label(i) for i in range(self.game.num_players)])

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
        self.log_line(
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
        self.log_line(lambda: self._("A position was loaded."))
        self.redraw(full=True)
        self._kick()

    def undo(self) -> None:
        """Take back the last human move (and the bot and chance moves after it).

        With no human seat, takes back one move. The states are rebuilt by replaying a
        prefix of the record.
        """
        with self._lock:
            if not self.actions:
                self.say(self._("Nothing to undo yet."))
                return
            n = len(self.actions)
            if self.humans:
                # back to the last position where a human was to act, before their move
                k = n - 1
                while k > 0 and not self._human_acts_at(self.states[k]):
                    k -= 1
                if not self._human_acts_at(self.states[k]):
                    self.say(self._("Nothing of yours to undo yet."))
                    return
            else:
                k = n - 1
            self._stop_running()
            self.session.undo_to(k)
            self._after_change()
        self.log_line(lambda: self._("Undo: back to move {k}.", k=k))
        self.redraw(full=True)
        self._kick()

    def _human_acts_at(self, state: Any) -> bool:
        p = self.game.current_player(state)
        if p == CHANCE:
            seat = self.chance_waits_for(state)
            return seat is not None and self.is_human(seat)
        return self.is_human(p)

    def hint(self) -> Any:
        """Ask the hint bot what it would play now; show it and return it.

        Behind the "pass the device" curtain the hint waits (it would tell the waiting
        player's cards to whoever holds the device). When a person's click is what comes
        next (a die to roll, a round to deal), the hint says so.
        """
        if self.curtain is not None:
            self.say(self._("{name}: click the board when you are ready.", name=self.player_name(self.curtain)))
            return None
        p = self.current_player()
        if p < 0:
            waiting = self.waiting_seat()
            if p == TERMINAL:
                self.say(self._("No move to hint: the game is over."))
            elif waiting is not None:
                self.say(self._("Hint: {move}", move=self.waiting_words(self.state, waiting)))
            else:
                self.say(self._("Wait a moment: a move is still running."))
            return None
        action = self.session.hint(self._hint_agent())
        self.hint_action = action
        self.show_hint(action)
        self.say(
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
            self.say(self._("Wait a moment: a move is still running."))
            return
        p = self.current_player()
        if p == TERMINAL:
            self.say(self._("The game is over: press New game to play again."))
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
                self.say(self._("Wait a moment: a move is still running."))
                return False
            if self.curtain is not None:
                self.say(self._("{name}: click the board when you are ready.", name=self.player_name(self.curtain)))
                return False
            state = self.state
            try:
                after = self.game.apply(state, action)
            except GameError as exc:
                self.say(self.friendly_error(exc), error=True)
                self.redraw(pieces=False)
                return False
            self.busy = True
            move = Proposal(self.game.current_player(state), action, len(self.actions))
            gen = self._generation
        self._start_animation(state, action, after, gen)
        self._run(lambda: self._commit(state, move, after, gen))
        return True

    def advance_chance(self) -> bool:
        """Draw the outcome of a chance event that waits for a click; False if none waits."""
        with self._lock:
            if self.busy or self.waiting_seat() is None:
                return False
            state = self.state
            move = self.session.propose()
            after = self.game.apply(state, move.action)
            self.busy = True
            gen = self._generation
        self._start_animation(state, move.action, after, gen)
        self._run(lambda: self._commit(state, move, after, gen))
        return True

    def _start_animation(self, state: Any, action: Any, after: Any, gen: int) -> None:
        """:meth:`start_animation` for a person's move, in the click's thread; never raises.

        If drawing the first frame fails, the worker animates the move from its start,
        meets the same error and reports it (then the move is not played and the board
        is free again): raising here would leave the board busy with no worker to free it.
        """
        try:
            self.start_animation(state, action, after, gen)
        except Exception:  # reported by the worker, which draws the same frames from the start
            return

    def friendly_error(self, exc: GameError) -> str:
        """The status message for a move the rules refused: one plain sentence in the controller's language.

        The sentence names no rule ID and no coordinates (:mod:`boardgames_widgets.i18n.plain`);
        the rule ID and the rules' own reason (English, for programmers, as in the
        exception) go to :attr:`why`, shown under a "why?" detail.
        """
        rule = getattr(exc, "rule", None)
        detail = getattr(exc, "detail", None) or str(exc) or self._("no reason given")
        self.why = why_words(self.tr, rule, detail)
        return plain_reason(self.tr, rule)

    def set_seat(self, seat: int, label: str) -> None:
        """Put ``"Human"``, a bot of :data:`~boardgames_widgets.widgets.bots.BOTS` or a given agent in ``seat``.

        Anything running stops; the log says who plays the seat now.

        Raises:
            ValueError: ``label`` is not one of the seat's choices.
        """
        if label not in self.seat_choices[seat]:
            raise ValueError(f"seat {seat}: unknown player {label!r}; choose from {', '.join(self.seat_choices[seat])}")
        with self._lock:
            self._seat_labels[seat] = label
            self.session.set_seat(seat, self._make_agent(label))
            self._stop_running()
            self._after_change()
        self.reword_log()  # a line that named a secret may not stay on screen for a new person
        self.log_line(
            lambda: self._(
                "{name} is now played by {who}.",
                name=self.player_name(seat),
                who=self.seat_words(self.seat_label(seat)),
            )
        )
        self.redraw()
        self._kick()

    # ==================================================================================
    # Texts
    # ==================================================================================
    # Events
    # ==================================================================================
    def wrap(self, handler: Callable[..., Any]) -> Callable[..., Any]:
        """Run an event handler so that no error ever reaches the page as a traceback."""

        def safe(*args: Any) -> Any:
            try:
                return handler(*args)
            except GameError as exc:
                self.say(self.friendly_error(exc), error=True)
            except Exception as exc:
                self._unexpected(exc)
            return None

        return safe

    def _unexpected(self, exc: BaseException) -> None:
        self.last_error = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
        self.report_error(self.last_error)
        error = f"{type(exc).__name__}: {exc}"
        self.message = self._("Something went wrong ({error}). The game is unchanged.", error=error)
        self.show_text()

    #: Whether a click (a selection) changes the pieces layer, not only the overlay.
    click_redraws_pieces = False

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
            self.say(self.result_words(self.state) + " " + self._("Press New game to play again."))
            return
        if p == CHANCE and self.waiting_seat() is not None:
            p = self.waiting_seat()  # type: ignore[assignment]
        if not self.is_human(p):
            self.say(
                self._(
                    "It is {name}'s turn ({who}).", name=self.player_name(p), who=self.seat_words(self.seat_label(p))
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

    # ==================================================================================
    # Internals: seats, bots, the automatic loop
    # ==================================================================================
    def _make_agent(self, label: str) -> Any:
        if label == _bots.HUMAN:
            return None
        if label in self._custom_agents:
            return self._custom_agents[label]
        return as_agent(_bots.BOTS[label](self.game))

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
                self.show_text()
        done = threading.Event()

        def show() -> None:
            with self._lock:
                if done.is_set():
                    return
                self.thinking = True
            self.show_text()

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
                self.show_text()

    def _commit(self, state: Any, move: Proposal, after: Any, gen: int) -> bool:
        """Animate and record one move (drawing the pieces once); False if the game changed meanwhile."""
        action = move.action
        self.animate(state, action, after, gen)
        with self._lock:
            if gen != self._generation or self.state is not state:
                return False
            words = self.action_words(state, action)
            self.session.commit(move, after)
            self._after_change()
        self.redraw()  # the move shows first; the log line follows
        self.log_line(words, lambda: self.action_words(state, action))
        if self.threaded:
            flush_output()  # the move reaches the page before the next bot or chance step computes
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


__all__ = ["LOG_LINES", "GameController", "Target", "flush_output", "in_kernel", "resolve_game"]
