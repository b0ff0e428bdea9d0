"""The Chop Chop board: roll, click a mouse or the cat, click a lit square, watch it walk.

The kitchen is the game's own picture (``games/chop_chop/view.py``) drawn on the
canvas; this widget adds a strip under the kitchen with the die (grey for the mice,
blue for the cat) and the Pass / No thanks buttons, the lit squares (with the number
of steps), the choice of the square to come in from when a landing square can be
reached from several sides (it matters for +1/+2 tiles, CC-T3), the piece walking
its path, tiles flipping with their picture, knife and double-turn announcements and
the win screen.

Seats: seat 0 is the cat player, seats 1… the mouse players (RULES.md §1). By
default the mice are played by people and the cat by a bot.

Keys: arrows move the cursor over what can be clicked, Enter/Space clicks, digits
0–3 pick a mouse, ``p`` passes, ``d`` declines an optional tile, Escape unselects.
"""

from __future__ import annotations

import dataclasses
import random
import textwrap
from collections.abc import Iterable
from typing import Any

from boardgames_widgets.core.painter import Painter
from boardgames_widgets.core.rng import derive_seed
from boardgames_widgets.games.chop_chop import view as ccv
from boardgames_widgets.games.chop_chop.layout import Tile
from boardgames_widgets.games.chop_chop.rules import (
    CAT,
    DRAW,
    MICE_SIDE,
    ChopChop,
    ChopChopState,
    Decline,
    Jump,
    Move,
    Pass,
    Phase,
    PlaceCat,
    Reveal,
    Roll,
    TakeCheese,
)
from boardgames_widgets.games.chop_chop.view import DIE_COLOURS, draw_die, draw_tile_face
from boardgames_widgets.games.chop_chop.words import ChopChopWords
from boardgames_widgets.widgets.base import LIFT_WEIGHT, AnimationItem, Backdrop, GameWidget, Target
from boardgames_widgets.widgets.canvas_painter import CanvasPainter

#: Height of the strip under the kitchen (die, buttons, prompt).
STRIP = 74.0
#: Animation steps per square walked, per die tumble and per tile flip.
WALK_SUBSTEPS, TUMBLES, FLIP_STEPS = 3, 6, 4
#: A walk starts with the piece lifted where it stands, this much bigger, for
#: :data:`~boardgames_widgets.widgets.base.LIFT_WEIGHT` animation steps.
LIFT_SCALE = 1.12


class ChopChopWidget(GameWidget):
    """Play Chop Chop: ``ChopChopWidget(players=2, seed=1)``.

    Args:
        game: a :class:`ChopChop` (default: a new one for ``players``).
        players: 2 to 5 (one cat player, the others share the mice).
        seats: default: the cat a bot, every mouse player a person.
        **kwargs: see :class:`~boardgames_widgets.widgets.base.GameWidget`.
    """

    game_id = "chop_chop"
    game: ChopChop

    @property
    def words(self) -> ChopChopWords:
        """The game's words (``games/chop_chop/words.py``) in the widget's language."""
        return ChopChopWords(self.game, self.tr, self.humans)

    def __init__(self, game: Any = None, *, players: int | None = None, seats: Any = None, **kwargs: Any) -> None:
        if game is None:
            game = "chop_chop"
            if players is None:
                players = 2
        n = game.num_players if isinstance(game, ChopChop) else players or 2
        if seats is None:
            seats = ["Random bot"] + ["Human"] * (n - 1)
        super().__init__(game, players=players, seats=seats, **kwargs)

    # -- set-up and geometry ------------------------------------------------------------------
    def setup(self) -> None:
        self.lay = self.game.layout
        self.kitchen_w, self.kitchen_h = ccv.board_size(self.lay)
        self.sel_piece: int | None = None
        self.sel_landing: int | None = None
        self._banner: tuple[str, int] = ("", -1)  # (kind, mouse): worded when drawn, in the language of the moment

    def board_size(self) -> tuple[float, float]:
        return self.kitchen_w, self.kitchen_h + STRIP

    # -- what can be clicked ----------------------------------------------------------------
    def _mover(self, state: ChopChopState) -> int:
        return self.game.mover(state)

    def _piece_cell(self, piece: int) -> int:
        return self.game.piece_cell(self.state, piece)

    def movable_pieces(self) -> list[int]:
        """Pieces the player to act may pick now (MOVE and EXTRA phases)."""
        if not self._my_turn():
            return []
        return sorted({a.piece for a in self.game.legal_actions(self.state) if isinstance(a, Move)})

    def _my_turn(self) -> bool:
        return self.human_to_move() and self.state.phase is not Phase.OVER

    def _active_piece(self) -> int | None:
        pieces = self.movable_pieces()
        if self.sel_piece in pieces:
            return self.sel_piece
        if len(pieces) == 1:
            return pieces[0]
        return None

    def landings(self) -> dict[int, list[Any]]:
        """Lit squares now: cell -> the legal actions that end there."""
        if not self._my_turn():
            return {}
        state = self.state
        index = self.lay.index
        out: dict[int, list[Any]] = {}
        piece = self._active_piece()
        for a in self.game.legal_actions(state):
            if isinstance(a, Move) and a.piece == piece:
                out.setdefault(index[a.to], []).append(a)
            elif isinstance(a, Jump | TakeCheese | PlaceCat):
                out.setdefault(index[a.to if isinstance(a, Jump) else a.at], []).append(a)
        return out

    def _buttons(self) -> list[tuple[str, str, Any]]:
        """Buttons in the strip: (key, label, action)."""
        if not self._my_turn():
            return []
        out: list[tuple[str, str, Any]] = []
        for a in self.game.legal_actions(self.state):
            if isinstance(a, Pass):
                out.append(("p", self._("Pass"), a))
            elif isinstance(a, Decline):
                out.append(("d", self._("No thanks"), a))
        return out

    def _button_box(self, i: int) -> tuple[float, float, float, float]:
        w = 150.0
        return self.kitchen_w - ccv.PAD - (i + 1) * (w + 8), self.kitchen_h + 14, w, 40

    # -- drawing ---------------------------------------------------------------------------
    def draw_board(self, p: CanvasPainter, state: ChopChopState) -> None:
        p.rect(0, 0, p.width, p.height, fill=ccv.WALL)

    def draw_pieces(self, p: CanvasPainter, state: ChopChopState, viewer: int | None) -> None:
        assert self.view is not None
        self.view.draw(p, state, viewer)

    def draw_overlay(self, p: CanvasPainter, state: ChopChopState) -> None:
        lay, cell = self.lay, ccv.CELL
        self._draw_strip(p, state)
        # the marks of the turn, drawn by the view: lit landings, the way in, movable pieces, the hint
        lit = self.landings()
        via: list[tuple[int, Any]] = []
        if self.sel_landing is not None:
            paths = self.game.move_paths(state)
            via = [(lay.index[a.via], paths.get(a)) for a in lit.get(self.sel_landing, []) if isinstance(a, Move)]
        active = self._active_piece()
        movable = self.movable_pieces()
        hint = self.hint_action
        hint_cell = None
        if isinstance(hint, Move | Jump | TakeCheese | PlaceCat):
            hint_cell = lay.index[hint.at if isinstance(hint, TakeCheese | PlaceCat) else hint.to]
        ccv.draw_marks(
            p,
            lay,
            landings=list(lit),
            steps=self._step_label(state),
            chosen=self.sel_landing,
            via=via,
            movable=[self._piece_cell(m) for m in movable],
            active=self._piece_cell(active) if active in movable else None,
            hint=hint_cell,
        )
        banner = self.banner
        if banner and state.phase is not Phase.OVER:
            p.rect(
                ccv.PAD + 40,
                ccv.PAD + ccv.HEADER + cell * 0.2,
                self.kitchen_w - 2 * ccv.PAD - 80,
                34,
                fill="#fff3e0",
                stroke="#e65100",
                line_width=2,
                radius=10,
                opacity=0.93,
            )
            p.text(
                self.kitchen_w / 2,
                ccv.PAD + ccv.HEADER + cell * 0.2 + 17,
                banner,
                size=14,
                fill="#bf360c",
                bold=True,
            )
        if state.phase is Phase.OVER:
            self._draw_win(p, state)

    def _draw_strip(self, p: CanvasPainter, state: ChopChopState) -> None:
        """The strip under the kitchen: the die, the prompt, the buttons."""
        p.rect(0, self.kitchen_h, p.width, STRIP, fill=ccv.WALL)
        if state.roll and state.phase is Phase.MOVE:
            draw_die(p, ccv.PAD + 8, self.kitchen_h + 10, 52, state.roll, state.mice_turn)
        elif state.phase is Phase.EXTRA:
            p.text(ccv.PAD + 34, self.kitchen_h + 36, f"+{state.roll}", size=26, fill=ccv.INK, bold=True)
        p.text(ccv.PAD + 74, self.kitchen_h + 36, self.prompt(), size=14, fill=ccv.INK, align="left")
        for i, (_, label, _a) in enumerate(self._buttons()):
            x, y, w, h = self._button_box(i)
            p.rect(x, y, w, h, fill="#fff8e1", stroke=ccv.TABLE_EDGE, line_width=2, radius=8)
            p.text(x + w / 2, y + h / 2, label, size=13, fill=ccv.INK, bold=True)

    def _draw_win(self, p: Painter, state: ChopChopState) -> None:
        mice = state.winner == MICE_SIDE
        w, h = self.kitchen_w, self.kitchen_h
        p.rect(
            40, h / 2 - 70, w - 80, 140, fill="#fffdf5", stroke=ccv.TABLE_EDGE, line_width=4, radius=18, opacity=0.96
        )
        if mice:
            ccv.draw_mouse(p, w / 2 - 170, h / 2 - 20, s=1.2)
            ccv.draw_cheese(p, w / 2 + 170, h / 2 - 20, s=1.2)
        else:
            ccv.draw_cat(p, w / 2 - 170, h / 2 - 10, s=1.2)
            ccv.draw_cat(p, w / 2 + 170, h / 2 - 10, s=1.2)
        if state.winner == DRAW:
            head = self._("A draw!")
        else:
            head = self._("The mice win!") if mice else self._("The cat wins!")
        p.text(w / 2, h / 2 - 22, head, size=26, fill=ccv.INK, bold=True)
        # the sentence in at most two lines of the card (about 0.64 em a letter at 12 px)
        lines = textwrap.wrap(self.end_words(state), int((w - 100) / (0.64 * ccv.MIN_TEXT)), break_long_words=False)
        if len(lines) > 2:
            lines = [lines[0], " ".join(lines[1:])]
        for k, line in enumerate(lines):
            p.text(w / 2, h / 2 + 14 + 16 * k, line, size=ccv.MIN_TEXT, fill=ccv.INK)
        p.text(w / 2, h / 2 + 52, self._("Press New game to play again"), size=ccv.MIN_TEXT, fill="#6d4c41")

    def _step_label(self, state: ChopChopState) -> str:
        if state.phase is Phase.MOVE:
            return str(state.roll)
        if state.phase is Phase.EXTRA:
            return f"+{state.roll}"
        return ""

    def prompt(self) -> str:
        """What the player to act should do now, in a few words."""
        state = self.state
        if state.phase is Phase.OVER:
            return self._("Game over.")
        if not self.human_to_move():
            return ""
        phase = state.phase
        if phase is Phase.PLACE:
            return self._("Click a lit table square for the cat.")
        if phase is Phase.FORK:
            return self._("Fork: click the cheese to take.")
        if phase is Phase.ARROW:
            return self._("Arrow: click a square to jump to.")
        if self.sel_landing is not None:
            return self._("Which way in? Click a purple square.")
        if phase is Phase.EXTRA:
            return self._("+{n}: walk on? Click a lit square.", n=state.roll)
        if self._buttons():
            return self._("No move of exactly {n}: click Pass.", n=state.roll)
        if self._active_piece() is None:
            return self._("Rolled {n}: click a mouse.", n=state.roll)
        return self._("Rolled {n}: click a lit square.", n=state.roll)

    # -- animations ------------------------------------------------------------------------------
    def animation_frames(self, state: ChopChopState, action: Any, after: ChopChopState) -> Iterable[AnimationItem]:
        lay = self.lay
        frames: list[AnimationItem] = []
        if isinstance(action, Roll):
            rng = random.Random(derive_seed(self.seed, "tumble", len(self.actions)))
            faces = self.game.cfg.mouse_die if state.mice_turn else self.game.cfg.cat_die
            y0 = self.kitchen_h
            for k in range(TUMBLES):
                face = rng.choice(faces)
                dx = 8 + k * 4

                def tumble(p: CanvasPainter, face: int = face, dx: float = dx, k: int = k) -> None:
                    p.rect(0, y0, p.width, STRIP, fill=ccv.WALL)
                    draw_die(p, ccv.PAD + dx, y0 + 10 + (k % 2) * 3, 52, face, state.mice_turn)
                    p.text(ccv.PAD + 120, y0 + 36, self._("Rolling…"), size=14, fill=ccv.INK, align="left")

                frames.append(tumble)

            def settle(p: CanvasPainter) -> None:
                p.rect(0, y0, p.width, STRIP, fill=ccv.WALL)
                draw_die(p, ccv.PAD + 8, y0 + 10, 52, action.value, state.mice_turn)
                if state.mice_turn:
                    words = self._("Mice rolled {n}!", n=action.value)
                else:
                    words = self._("Cat rolled {n}!", n=action.value)
                p.text(
                    ccv.PAD + 74,
                    y0 + 36,
                    words,
                    size=15,
                    fill=ccv.INK,
                    align="left",
                    bold=True,
                )

            frames.append((settle, 3.0))
        elif isinstance(action, Move | Jump):
            paths = self.game.move_paths(state)
            coords = paths.get(action) or ()
            cells = [lay.index[rc] for rc in coords]
            if len(cells) < 2:
                return frames
            piece = action.piece
            hidden = _without_piece(state, piece)
            pts = [ccv.cell_center(lay, c) for c in cells]
            cheese_to_win = self.game.cfg.cheese_to_win

            def backdrop(p: CanvasPainter) -> None:
                ccv.draw_state(p, hidden, lay, cheese_to_win=cheese_to_win)
                # the header counts the lifted piece as caught: draw it from the real state
                p.rect(0, 0, self.kitchen_w, ccv.PAD + ccv.HEADER, fill=ccv.WALL)
                ccv._header(p, state, self.kitchen_w, cheese_to_win)
                self._draw_strip(p, state)  # opaque everywhere: the overlay's marks are hidden

            def walk(p: CanvasPainter, x: float, y: float, s: float = 1.0) -> None:
                if piece == CAT:
                    ccv.draw_cat(p, x, y, s)
                else:
                    ccv.draw_mouse(p, x, y, str(piece), s)

            # only the piece moves: the kitchen without it is drawn once, under the walk; the
            # first frame lifts the piece where it stands (over itself, a little bigger: it
            # needs nothing under it but the board before the move)
            frames.append(Backdrop(backdrop))
            frames.append((lambda p: walk(p, *pts[0], LIFT_SCALE), LIFT_WEIGHT))
            if isinstance(action, Jump):
                steps = [(pts[0], pts[1], WALK_SUBSTEPS * 3)]
            else:
                steps = [(pts[i], pts[i + 1], WALK_SUBSTEPS) for i in range(len(pts) - 1)]
            for (x0, y0), (x1, y1), n in steps:
                for k in range(1, n + 1):
                    t = k / n
                    frames.append(lambda p, x=x0 + (x1 - x0) * t, y=y0 + (y1 - y0) * t: walk(p, x, y))
        elif isinstance(action, Reveal):
            piece = self._mover(state)
            cell = self.game.piece_cell(state, piece)
            if 0 <= cell < lay.n_floor:
                x, y = ccv.cell_origin(lay, cell)
                for k in range(FLIP_STEPS * 2 + 1):
                    t = abs(k - FLIP_STEPS) / FLIP_STEPS  # 1 → 0 → 1: narrowing back, widening face
                    face = k > FLIP_STEPS

                    def flip(p: CanvasPainter, t: float = t, face: bool = face) -> None:
                        w = (ccv.CELL - 8) * max(t, 0.06)
                        cx = x + ccv.CELL / 2
                        p.rect(x, y, ccv.CELL, ccv.CELL, fill=ccv.FLOOR_B)
                        p.rect(
                            cx - w / 2,
                            y + 4,
                            w,
                            ccv.CELL - 8,
                            fill="#fffdf5" if face else ccv.TILE_BACK,
                            stroke=ccv.TILE_BACK_EDGE,
                            line_width=1.5,
                            radius=5,
                        )
                        if face and t > 0.9:
                            draw_tile_face(p, action.tile, x, y, ccv.CELL)

                    frames.append(flip)
                frames.append((lambda p: draw_tile_face(p, action.tile, x, y, ccv.CELL, card=True), 4.0))
        return frames

    # -- clicks and keys ----------------------------------------------------------------------
    def click(self, x: float, y: float) -> None:
        for i, (_, _label, action) in enumerate(self._buttons()):
            bx, by, bw, bh = self._button_box(i)
            if bx <= x <= bx + bw and by <= y <= by + bh:
                self.play(action)
                return
        assert self.view is not None
        hit = self.view.hit_test(x, y)
        if hit is None:
            return
        cell = hit.index
        state = self.state
        # choosing the square to come in from
        if self.sel_landing is not None:
            for a in self.landings().get(self.sel_landing, []):
                if isinstance(a, Move) and self.lay.index[a.via] == cell:
                    self.play(a)
                    return
            self.sel_landing = None
        lit = self.landings()
        if cell in lit:
            actions = lit[cell]
            if len(actions) == 1:
                self.play(actions[0])
            else:
                self.sel_landing = cell
            return
        for piece in self.movable_pieces():
            if self._piece_cell(piece) == cell:
                self.sel_piece = piece
                return
        if state.phase is Phase.MOVE and self._buttons():
            self.say(self._("No piece can move exactly {n}: click Pass.", n=state.roll))
        elif state.phase is Phase.MOVE and self._active_piece() is None:
            self.say(self._("Click one of your mice first (circled in green)."))
        elif lit:
            self.say(self._("That square is not lit: choose a lit square."))

    def targets(self) -> list[Target]:
        if not self._my_turn():
            return []
        lay, cell = self.lay, ccv.CELL
        out: list[Target] = []
        for piece in self.movable_pieces():
            x, y = ccv.cell_origin(lay, self._piece_cell(piece))
            out.append(
                Target(x, y, cell, cell, self._("the cat") if piece == CAT else self._("mouse {n}", n=piece + 1))
            )
        for c in self.landings():
            x, y = ccv.cell_origin(lay, c)
            out.append(Target(x, y, cell, cell, self._("lit square {name}", name=lay.name(c))))
        if self.sel_landing is not None:
            for a in self.landings().get(self.sel_landing, []):
                if isinstance(a, Move):
                    x, y = ccv.cell_origin(lay, lay.index[a.via])
                    out.append(Target(x, y, cell, cell, self._("come in from {name}", name=lay.name(lay.index[a.via]))))
        for i, (_, label, _a) in enumerate(self._buttons()):
            bx, by, bw, bh = self._button_box(i)
            out.append(Target(bx, by, bw, bh, self._("button {label}", label=label)))
        return out

    def key(self, key: str) -> bool:
        if not self._my_turn():
            return False
        if key.isdigit() and int(key) in self.movable_pieces():
            self.sel_piece = int(key)
            self.sel_landing = None
            self.cursor = len(self.movable_pieces())  # first lit square
            return True
        for k, _label, action in self._buttons():
            if key.lower() == k:
                self.play(action)
                return True
        return False

    def reset_selection(self) -> None:
        self.sel_piece = None
        self.sel_landing = None

    def describe_selection(self) -> str:
        if not self._my_turn():
            return ""
        lit = self.landings()
        names = ", ".join(self.lay.name(c) for c in sorted(lit))
        piece = self._active_piece()
        sel = ""
        if piece is not None:
            sel = " " + (self._("Selected: the cat.") if piece == CAT else self._("Selected: mouse {n}.", n=piece + 1))
        return f"{self.prompt()}{sel}" + (" " + self._("Lit squares: {names}.", names=names) if names else "")

    def show_hint(self, action: Any) -> None:
        if isinstance(action, Move):
            self.sel_piece = action.piece

    @property
    def banner(self) -> str:
        """The announcement over the kitchen (a knife, a double turn), in the widget's language."""
        kind, mouse = self._banner
        if kind == "knife-cat":
            return self._("Knife! The cat plays twice.")
        if kind == "knife-mice":
            return self._("Knife! The mice play twice.")
        if kind == "double":
            return self._("Double turn: mouse {n} moves again!", n=mouse + 1)
        return ""

    def end_words(self, state: ChopChopState) -> str:
        """How the game ended, in one sentence (translated)."""
        return self.words.end_words(state)

    def _after_change(self) -> None:
        super()._after_change()
        state = self.states[-1]
        last = self.actions[-1] if self.actions else None
        if len(self.states) >= 2 and isinstance(last, Reveal) and last.tile is Tile.KNIFE:
            self._banner = ("knife-cat" if self.states[-2].mice_turn else "knife-mice", -1)
            return
        if state.lock >= 0 and state.phase is Phase.ROLL:
            self._banner = ("double", state.lock)
        elif state.phase in (Phase.ROLL, Phase.PLACE):
            self._banner = ("", -1)


def _without_piece(state: ChopChopState, piece: int) -> ChopChopState:
    """``state`` with ``piece`` lifted off the board and no path (for the walk animation)."""
    if piece == CAT:
        return dataclasses.replace(state, cat=-1, path=())
    mice = tuple(-1 if i == piece else c for i, c in enumerate(state.mice))
    return dataclasses.replace(state, mice=mice, path=())


__all__ = ["DIE_COLOURS", "ChopChopWidget", "draw_die", "draw_tile_face"]  # the art lives in the view
