"""``GameWidget``: one game, its history, its seats and a view on a layered canvas, with the shared chrome.

A widget is thin (DESIGN.md, principle 7): clicks and keys become candidate
actions and the rules decide. The work is split in three:

- :mod:`~boardgames_widgets.widgets.controller` — the game at the board without
  ipywidgets: seats, the worker thread and its generations, undo, hints, the curtain,
  the status line and the log (unit-testable with no browser);
- :mod:`~boardgames_widgets.widgets.keys` — the keyboard and its cursor;
- :mod:`~boardgames_widgets.widgets.chrome` — the status line, the log, the buttons
  New game / Undo / Hint / Let the bot move, the animation speed, the language and one
  seat picker per seat (Human or any bot of :data:`~boardgames_widgets.widgets.bots.BOTS`),
  and the picture that stands in for the board where widgets cannot run.

This module adds the canvas: its layers, drawing, animation and mouse. A game's widget
(``widgets/<game>.py``) says what a click means; its words are in ``games/<game>/words.py``.

Threading: inside a Jupyter kernel, bots, chance and animations run in a worker
thread, so the notebook stays responsive while a bot thinks ("thinking…" shows when it
takes more than a moment); outside a kernel (unit tests, scripts) everything runs
synchronously. Every drawing batch holds
:data:`~boardgames_widgets.widgets.canvas_painter.DRAW_LOCK`.

Latency: a committed move is drawn in one batch (only the layers that changed, see
:meth:`~boardgames_widgets.widgets.canvas_painter.LayeredCanvas.frame`) and leaves the
kernel before the next chance or bot step starts computing; its log line follows it.
An animation draws only what moves (see :class:`Backdrop`): its first frame is a few
dozen drawing commands, sent alone; the rest of the scene goes with the second frame.
A person's move draws its first frame in the click's own thread, before the worker
starts (:meth:`GameWidget.start_animation`).

The game itself — history, seats, undo, hint, the bot step — is a
:class:`~boardgames_widgets.core.session.Session`, seeded exactly like
:func:`~boardgames_widgets.core.play_game`: with bots in every seat the same seed gives
the same game in a widget and in a tournament, and Undo followed by the same move gives
the same roll. Every New game gets a fresh seed, shown in the log ("seed 48213"), so a
teacher can replay it with ``play(..., seed=48213)``.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

import ipywidgets as W  # type: ignore[import-untyped]

from boardgames_widgets.widgets.canvas_painter import DRAW_LOCK, CanvasPainter, LayeredCanvas
from boardgames_widgets.widgets.chrome import CAPTION_H, RTL_CSS, SPEED_WORDS, SPEEDS, GameChrome
from boardgames_widgets.widgets.controller import LOG_LINES, Target
from boardgames_widgets.widgets.keys import NAV_KEYS

__all__ = [
    "BACKDROP_LAYER",
    "CAPTION_H",
    "LIFT_WEIGHT",
    "LOG_LINES",
    "NAV_KEYS",
    "RTL_CSS",
    "SPEEDS",
    "SPEED_WORDS",
    "AnimationItem",
    "Backdrop",
    "Frame",
    "GameWidget",
    "Target",
]

#: One animation frame: called with the animation layer's painter (a lambda may carry defaults).
Frame = Callable[..., object]

#: The layer an animation's :class:`Backdrop` is drawn on: the one right under the animation.
#: While a move animates there is no decision to mark (the highlights, the prompt, the
#: keyboard cursor of the overlay are hidden, as a full-scene frame hid them), and the
#: pieces layer keeps the position until the move lands: it is drawn once, from the new state.
BACKDROP_LAYER = "overlay"

#: Animation steps a move's first frame stays up: the moving piece lifted where it stands,
#: drawn over the board as it is, is the click's first visible answer; the backdrop (the
#: board without the piece) goes to the page with the next frame.
LIFT_WEIGHT = 0.5


@dataclass(frozen=True)
class Backdrop:
    """An item of :meth:`GameWidget.animation_frames`: what the layer under the animation shows from here on.

    "Draw only what moves": an animation's frames draw only the moving thing (and any
    small patch that must change) on the animation layer; the heavy rest of the scene —
    the board without the moving piece, opaque where the board is — is a backdrop,
    drawn once on :data:`BACKDROP_LAYER`. The frames that follow a backdrop are drawn
    over it, until the next backdrop.

    The first frame of a move is sent alone, over the pieces layer as it is (the scene
    before the move), so it must look like that scene: the moving piece at its start,
    drawn over itself. The backdrop goes out with the second frame, in one batch (as a
    later backdrop goes with its frame). Sent right after the first frame, it reached
    the page a few milliseconds behind it, before the page had painted: the page drew
    both (a backdrop is over a thousand commands) before the first frame showed.

    Calling it draws it (so code that walks the frames and draws each, like the tests
    checking text sizes, draws the backdrops too).
    """

    draw: Frame

    def __call__(self, p: CanvasPainter) -> None:
        """Draw the backdrop on ``p``."""
        self.draw(p)


#: What :meth:`GameWidget.animation_frames` yields: a frame, a weighted frame or a backdrop.
AnimationItem = Frame | tuple[Frame, float] | Backdrop


@dataclass(frozen=True)
class _InFlight:
    """The animation on screen: what :meth:`GameWidget.redraw` draws while it runs.

    Valid only while the widget still shows ``state`` in ``generation`` (after the move's
    commit, or a New game, the usual picture is drawn again).
    """

    generation: int
    state: Any
    frame: Frame
    backdrop: Backdrop | None


@dataclass(frozen=True)
class _Started:
    """A move's animation whose first frame the click's own thread drew (:meth:`GameWidget.start_animation`).

    :meth:`GameWidget.animate` goes on from ``items[next]`` once the first frame's step
    is over (``due``, in ``time.perf_counter`` seconds), if it animates the same move.
    """

    generation: int
    state: Any
    action: Any
    items: list[AnimationItem]
    next: int
    backdrop: Backdrop | None
    due: float


class GameWidget(GameChrome):
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

    #: The canvas layers, bottom first (the top one receives mouse and keys).
    layers: ClassVar[tuple[str, ...]] = ("board", "pieces", "overlay", "animation")
    #: How many times the pieces layer was drawn (one per committed action; tests count it).
    #: A drawing identical to what the page shows is not sent again (see ``canvas.stats``).
    redraws = 0
    canvas: LayeredCanvas | None
    #: The animation on screen (``None``: none; see :class:`_InFlight`).
    _in_flight: _InFlight | None = None
    #: A move's animation with its first frame drawn in the click's thread (see :meth:`start_animation`).
    _started: _Started | None = None

    # ==================================================================================
    # Hooks for subclasses: drawing
    # ==================================================================================
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

    def animation_frames(self, state: Any, action: Any, after: Any) -> Iterable[AnimationItem]:
        """Frames drawn on the animation layer before ``action`` shows (default: none).

        A frame is a function of a painter, or ``(frame, weight)`` to show it
        ``weight`` animation steps long. A :class:`Backdrop` among them is drawn on
        :data:`BACKDROP_LAYER` (the overlay, under the animation) for the frames that follow it: then those frames draw only what
        moves (the first frame of a move goes out on its own; the backdrop is
        computed and sent with the second frame).
        """
        return ()

    # ==================================================================================
    # The canvas
    # ==================================================================================
    def _build_board(self, zoom: float) -> W.Widget:
        w, h = self.board_size()
        self.canvas = LayeredCanvas(w, h, self.layers, zoom=zoom)
        self.canvas.set_language(self.tr.lang)
        top = self.canvas.top
        top.on_mouse_down(self.wrap(self._on_mouse_down))
        top.on_key_down(self.wrap(self.on_key_down))
        top.on_client_ready(self.wrap(lambda: self.redraw(full=True, reconnect=True)))
        return self.canvas.multi

    def _on_mouse_down(self, x: float, y: float) -> None:
        assert self.canvas is not None
        lx, ly = self.canvas.to_logical(x, y)
        self.keyboard_active = False
        self.handle_click(lx, ly)

    def start_animation(self, state: Any, action: Any, after: Any, gen: int) -> None:
        """Draw ``action``'s first animation frame now, in the click's own thread.

        The person's click is answered before the worker thread starts: handed to a new
        thread, the first frame waited for the thread to start and for the GIL, which
        the kernel's thread, still finishing the click's message, keeps for up to
        Python's switch interval (5 ms). :meth:`animate`, in the worker, goes on from
        the second frame once the first has had its step on screen. With no worker
        thread, or the animation off, nothing is drawn here.
        """
        self._started = None
        delay = SPEEDS[self.speed.value]
        if self.canvas is None or not self.threaded or delay == 0:
            return
        items = list(self.animation_frames(state, action, after))
        self._skip_animation = False
        backdrop: Backdrop | None = None
        for i, item in enumerate(items):
            if isinstance(item, Backdrop):
                backdrop = item
                continue
            frame, weight = item if isinstance(item, tuple) else (item, 1.0)
            t0 = time.perf_counter()
            if self._draw_frame(state, gen, frame, backdrop, True):
                self._started = _Started(gen, state, action, items, i + 1, backdrop, t0 + delay * weight)
            return

    def animate(self, state: Any, action: Any, after: Any, gen: int) -> None:
        """Draw ``action``'s animation frames at the chosen speed (only in a worker thread).

        If :meth:`start_animation` drew the first frame already (a person's move), the
        frames go on from the second. The last frame (and backdrop) stays on screen: the
        move's own redraw replaces them in one batch (pieces from the new state, the
        animation layer cleared), so the moved piece never disappears in between.
        """
        delay = SPEEDS[self.speed.value]
        if self.canvas is None:
            return
        started = self._started
        if started is not None and started.generation == gen and started.state is state and started.action is action:
            self._started = None  # (taken only by its own move: a worker of an older game passes it by)
            items, start, backdrop, first = started.items, started.next, started.backdrop, False
            rest = started.due - time.perf_counter()
            if rest > 0 and not self._skip_animation:
                time.sleep(rest)
        else:
            items = list(self.animation_frames(state, action, after))
            self._skip_animation = False
            start, backdrop, first = 0, None, True
        for item in items[start:]:
            if isinstance(item, Backdrop):
                backdrop = item
                continue
            frame, weight = item if isinstance(item, tuple) else (item, 1.0)
            if gen != self._generation:
                return
            if self._skip_animation or delay == 0 or not self.threaded:
                continue
            t0 = time.perf_counter()
            if not self._draw_frame(state, gen, frame, backdrop, first):
                return
            first = False
            rest = delay * weight - (time.perf_counter() - t0)
            if rest > 0:
                time.sleep(rest)

    def _draw_frame(self, state: Any, gen: int, frame: Frame, backdrop: Backdrop | None, first: bool) -> bool:
        """Show one animation frame over ``backdrop``; False if the game changed meanwhile.

        The first frame goes out alone, with no backdrop under it: the layers under it
        still show the scene before the move, and nothing else is on its way to the page
        for a whole animation step, so the page paints it as soon as it has drawn it. Its
        backdrop goes with the second frame, in the same batch; so does any later new
        backdrop. Behind the "pass the device" screen no backdrop is drawn (it would cover
        the screen).
        """
        assert self.canvas is not None
        with DRAW_LOCK:
            if gen != self._generation:
                return False
            shown = self._in_flight.backdrop if self._in_flight is not None and not first else None
            new = backdrop if not first and backdrop is not shown and self.curtain is None else None
            names = (BACKDROP_LAYER, "animation") if new is not None else ("animation",)
            self._in_flight = _InFlight(gen, state, frame, new if new is not None else shown)
            with self.canvas.frame(*names) as ps:
                frame(ps["animation"])
                if new is not None:
                    new(ps[BACKDROP_LAYER])
        return True

    def redraw(self, full: bool = False, pieces: bool = True, reconnect: bool = False) -> None:
        """Redraw the board (all layers when ``full``) and refresh the texts."""
        self.show_text()
        if self.canvas is None:
            return
        with DRAW_LOCK:
            state, viewer = self.state, self.viewer()
            # while a move's animation runs (its state still shown), its frame and backdrop
            # are part of the picture; otherwise the animation layer is empty
            run = self._in_flight
            if run is not None and (run.generation != self._generation or run.state is not state):
                run = self._in_flight = None
            if self.curtain is not None:
                run = None  # the screen is the picture
            if reconnect:
                self.canvas.forget_client_state()
            names = ["overlay", "animation"]
            if pieces or full:
                names.insert(0, "pieces")
            if full:
                names.insert(0, "board")
            with self.canvas.frame(*names, force=full) as ps:
                if "pieces" in ps:
                    self.redraws += 1
                if full:
                    self.draw_board(ps["board"], state)
                # behind the "pass the device" screen the pieces layer stays empty: the next
                # player's secrets are drawn only once they lift it
                if "pieces" in ps and self.curtain is None:
                    self.draw_pieces(ps["pieces"], state, viewer)
                if run is not None and run.backdrop is not None:
                    run.backdrop(ps[BACKDROP_LAYER])
                else:
                    self.draw_overlay(ps["overlay"], state)
                    self.draw_cursor(ps["overlay"])
                if run is not None:
                    run.frame(ps["animation"])

    def draw_curtain(self, p: CanvasPainter, colours: Sequence[str], background: str = "#3e2f1c") -> None:
        """The opaque "pass the device" screen for :attr:`curtain` (in their colour of ``colours``)."""
        assert self.curtain is not None
        colour = colours[self.curtain % len(colours)]
        p.rect(0, 0, p.width, p.height, fill=background)
        p.text(p.width / 2, p.height / 2 - 24, self._("Pass the device"), size=26, fill="#fff", bold=True)
        words = self._("to {name}", name=self.player_name(self.curtain))
        p.text(p.width / 2, p.height / 2 + 14, words, size=22, fill=colour, bold=True)
        p.text(p.width / 2, p.height / 2 + 50, self._("Click or press Enter when ready"), size=14, fill="#eee")

    def draw_cursor(self, p: CanvasPainter) -> None:
        """The keyboard cursor's frame around its target (while the keyboard drives the board)."""
        if not self.keyboard_active:
            return
        ts = self.targets()
        if not ts:
            return
        t = ts[self.cursor % len(ts)]
        p.rect(t.x - 2, t.y - 2, t.w + 4, t.h + 4, stroke="#1565c0", line_width=3, radius=4)
