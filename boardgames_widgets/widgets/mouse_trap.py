"""The Mouse Trap board: roll your own die, watch your mouse walk, crank the trap.

The picture is the game's own view (``games/mouse_trap/view.py``: the winding track,
the Loop, the cheese counters, the die, the contraption — the seven stages of the chain
reaction, each part appearing as it is built — and the part list), 558 px wide so that
it is drawn at full size in a laptop's notebook column. This widget makes it playable:

* the **die**: on a human's turn the board waits for a click (or Enter) to roll;
* **choice buttons** drawn beside the die, in the room the view leaves for them: how to
  take cheese from tied richest opponents (MT-TC, MT-T3), and on the Turn Crank: pay 1
  cheese to move an opponent (MT-MO), turn the crank or end the turn (MT-T). Clicking an
  opponent's mouse or row moves it; clicking the Turn Crank space cranks.

Animations: the die tumbles, then the mouse walks space by space (and on along a
Back/Ahead arrow); when the crank turns, the chain reaction runs stage by stage and
ends in the cage dropping on the Cheese Wheel — or sticking at a visible stage.

Assumption (:data:`FAILING_STAGE_RULE`): the rules only decide *whether* the trap works
(with the product of the stage reliabilities). For the picture of a failing trap, the
stage where it sticks is drawn with its exact conditional probability, from a
generator seeded by the game's seed and the move number (same seed, same picture).
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterable
from fractions import Fraction
from typing import Any

from boardgames_widgets.core.rng import derive_seed
from boardgames_widgets.games.mouse_trap import view as mtv
from boardgames_widgets.games.mouse_trap.layout import (
    TRAP_PARTS,
    TRAP_STAGES,
    MouseTrapConfig,
    SpaceKind,
)
from boardgames_widgets.games.mouse_trap.rules import (
    Crank,
    MouseTrap,
    MouseTrapState,
    MoveMouse,
    Phase,
    Roll,
    TakeCheese,
    TrapOutcome,
)
from boardgames_widgets.games.mouse_trap.words import MouseTrapWords, button_words
from boardgames_widgets.widgets.base import AnimationItem, Backdrop, GameWidget, Target
from boardgames_widgets.widgets.canvas_painter import CanvasPainter

#: The default zoom: full size (the board is 558 CSS pixels wide, so it is shown at 100 % in
#: a JupyterLab output area at 1024×768 with the file browser open; a narrower column shows
#: it smaller: the canvas scales to the width it is given).
DEFAULT_ZOOM = 1.0
#: How a failing trap's sticking stage is chosen (see the module docstring).
FAILING_STAGE_RULE = "exact conditional probability, seeded by the game seed and move number"
#: Size of a choice button drawn on the board (its width follows the room: two to four to a row).
BUTTON_H, BUTTON_GAP = mtv.BUTTON_H, mtv.BUTTON_GAP
#: Most choice buttons to a row (ten ways to take cheese from three tied opponents make three rows).
BUTTONS_PER_ROW = 4
#: Animation steps: the die tumbling, a mouse's step, a stage of the chain reaction.
DIE_FRAMES = 3
STAGE_WEIGHT = 1.6
CAGE_FRAMES = 5
RESULT_WEIGHT = 7.0

Rect = tuple[float, float, float, float]
Choice = tuple[str, Any]  # (words on the button, action)


def failing_stage(cfg: MouseTrapConfig, rng: random.Random) -> int:
    """The stage (0-based) where a trap that fails sticks, drawn with its exact probability.

    P(stage k fails | the trap fails) = r_1 ⋯ r_(k-1) (1 − r_k) / (1 − r_1 ⋯ r_7).

    >>> cfg = MouseTrapConfig(2)
    >>> 0 <= failing_stage(cfg, random.Random(1)) < len(TRAP_STAGES)
    True
    """
    weights: list[Fraction] = []
    ok = Fraction(1)
    for r in cfg.stage_reliability:
        weights.append(ok * (1 - r))
        ok *= r
    total = sum(weights, Fraction(0))
    if total == 0:
        return len(weights) - 1
    u = Fraction(rng.random()) * total
    acc = Fraction(0)
    for k, w in enumerate(weights):
        acc += w
        if u < acc:
            return k
    return len(weights) - 1


def draw_button_face(p: Any, rect: Rect, words: str, action: Any, *, icons: bool = False) -> None:
    """The words on a choice button at 12 px (bold where they fit); with ``icons``, a way to take
    cheese is drawn as "2 [mouse] + 1 [mouse]" in the mice's colours instead (when words do not fit)."""
    x, y, w, h = rect
    room = w - 8
    if not (icons and isinstance(action, TakeCheese)):
        p.text(x + w / 2, y + h / 2, words, size=mtv.MIN_TEXT, fill=mtv.INK, bold=mtv.fits(words, room, bold=True))
        return
    part, plus = 28.0, 12.0
    n = len(action.amounts)
    left = x + (w - n * part - (n - 1) * plus) / 2
    for i, (seat, amount) in enumerate(action.amounts):
        px = left + i * (part + plus)
        p.text(px + 5, y + h / 2, str(amount), size=mtv.MIN_TEXT + 1, fill=mtv.INK, bold=True)
        mtv.draw_mouse(p, px + 20, y + h / 2 + 1, 10, mtv.MOUSE_COLOURS[seat % len(mtv.MOUSE_COLOURS)])
        if i:
            p.text(px - plus / 2, y + h / 2, "+", size=mtv.MIN_TEXT + 1, fill=mtv.INK, bold=True)


class MouseTrapWidget(GameWidget):
    """Play Mouse Trap: ``MouseTrapWidget(players=3, seed=1)``.

    Args:
        game: a :class:`MouseTrap` (default: a new one for ``players``).
        players: 2, 3 or 4.
        zoom: the board's size (default :data:`DEFAULT_ZOOM`).
        **kwargs: see :class:`~boardgames_widgets.widgets.base.GameWidget`.
    """

    game_id = "mouse_trap"
    game: MouseTrap
    view: mtv.View

    @property
    def words(self) -> MouseTrapWords:
        """The game's words (``games/mouse_trap/words.py``) in the widget's language."""
        return MouseTrapWords(self.game, self.tr, self.humans)

    def __init__(self, game: Any = None, *, players: int | None = None, **kwargs: Any) -> None:
        if game is None:
            game = "mouse_trap"
            if players is None:
                players = 2
        kwargs.setdefault("zoom", DEFAULT_ZOOM)
        super().__init__(game, players=players, **kwargs)

    # -- geometry -----------------------------------------------------------------------
    def setup(self) -> None:
        self.cfg = self.game.cfg
        self.lay = self.view.layout
        lay = self.lay
        self.strip_rect: Rect = lay.strip_rect
        self.die_rect: Rect = lay.die_rect
        self.controls_rect: Rect = lay.controls_rect
        x, y, _, _ = self.controls_rect
        self.choices_origin = (x, y + mtv.PROMPT_H)
        self.failed_stage: dict[int, int] = {}

    def board_size(self) -> tuple[float, float]:
        return self.lay.width, self.lay.height

    def stage_rect(self, k: int) -> Rect:
        """(x, y, w, h) of stage ``k`` (0-based) of the contraption strip."""
        return self.lay.stage_rect(k)

    # -- choices ------------------------------------------------------------------------
    def choices(self) -> list[Choice]:
        """The buttons a human may click now (empty on a roll or someone else's turn)."""
        if not self.human_to_move():
            return []
        return [(button_words(self.tr, a), a) for a in self.game.legal_actions(self.state)]

    def button_rects(self, n: int) -> list[Rect]:
        """Where ``n`` choice buttons are drawn: beside the die, under the prompt, two to a row
        (more to a row when they would not fit in the layout's rows)."""
        x0, y0 = self.choices_origin
        width = self.controls_rect[2]
        per_row = min(BUTTONS_PER_ROW, max(2, -(-n // self.lay.button_rows)))
        bw = (width - (per_row - 1) * BUTTON_GAP) / per_row
        out = []
        for i in range(n):
            r, c = divmod(i, per_row)
            out.append((x0 + c * (bw + BUTTON_GAP), y0 + r * (BUTTON_H + BUTTON_GAP), bw, BUTTON_H))
        return out

    # -- drawing ------------------------------------------------------------------------
    def draw_pieces(self, p: CanvasPainter, state: MouseTrapState, viewer: int | None) -> None:
        self._scene(p, state)

    def _scene(
        self,
        p: CanvasPainter,
        state: MouseTrapState,
        *,
        die: int | None = None,
        status: str | None = None,
        stage: int = -1,
        spark: float = 0.0,
        stuck: int = -1,
        fresh: tuple[int, ...] = (),
        absent: tuple[int, ...] = (),
    ) -> None:
        self.view.draw(
            p, state, None, status=status, die=die, stage=stage, spark=spark, stuck=stuck, fresh=fresh, absent=absent
        )

    def draw_overlay(self, p: CanvasPainter, state: MouseTrapState) -> None:
        lay = self.lay
        if self.waiting_seat() is not None:
            x, y, w, h = self.die_rect
            p.rect(x - 4, y - 4, w + 8, h + 8, stroke="#e0a800", line_width=3, radius=10)
            words = self._("Click to roll!")
            size = mtv.fit_size(words, self.controls_rect[2], 15)
            p.text(self.controls_rect[0], y + h / 2, words, size=size, fill=mtv.INK, align="left", bold=True)
            return
        choices = self.choices()
        hint = self.hint_action
        rects = self.button_rects(len(choices))
        # the ways to take cheese are all drawn alike: in words if every one fits, else as mice
        icons = any(
            isinstance(a, TakeCheese) and not mtv.fits(words, r[2] - 8)
            for (words, a), r in zip(choices, rects, strict=True)
        )
        for (words, action), (bx, by, bw, bh) in zip(choices, rects, strict=True):
            lit = action == hint
            p.rect(
                bx,
                by,
                bw,
                bh,
                fill="#fff3c4" if not lit else "#c8e6c9",
                stroke="#2e7d32" if lit else "#b08a1a",
                line_width=2.5 if lit else 1.5,
                radius=6,
            )
            draw_button_face(p, (bx, by, bw, bh), words, action, icons=icons)
        if choices:
            x, y, w, _ = self.controls_rect
            lines = mtv.wrap(self.words.prompt(state), w, mtv.MIN_TEXT)
            mtv.draw_lines(p, x, y + mtv.PROMPT_H / 2 - 2, lines, mtv.MIN_TEXT, fill="#6b5b45")
        actions = [a for _, a in choices]
        mtv.draw_marks(
            p,
            lay,
            self.cfg,
            state,
            mice=[a.player for a in actions if isinstance(a, MoveMouse)],
            crank=any(isinstance(a, Crank) for a in actions),
            players=sorted({seat for a in actions if isinstance(a, TakeCheese) for seat, _ in a.amounts}),
        )

    # -- animation ------------------------------------------------------------------------
    def animation_frames(self, state: MouseTrapState, action: Any, after: MouseTrapState) -> Iterable[AnimationItem]:
        if isinstance(action, Roll) and state.phase in (Phase.ROLL, Phase.MOVE_ROLL):
            return self._walk_frames(state, action, after)
        if isinstance(action, TrapOutcome):
            return self._crank_frames(state, action, after)
        return []

    def _walk_frames(self, state: MouseTrapState, action: Roll, after: MouseTrapState) -> list[AnimationItem]:
        """The die tumbles, then the mouse walks: only the die, the status line and the mouse are drawn.

        The board without the walking mouse is a backdrop, drawn once; the first frame
        shows the mouse where it stands (over itself) with the die starting to tumble.
        """
        cfg = self.cfg
        who = state.mover if state.phase is Phase.ROLL else state.moving
        frames: list[AnimationItem] = [Backdrop(lambda p: self._scene(p, state, absent=(who,)))]
        faces = cfg.die_faces
        start = self.lay.mouse_spots(state).get(who)
        for k in range(DIE_FRAMES):
            face = (action.value + 2 * k + 1) % faces + 1
            frames.append(lambda p, face=face: self._walker(p, state, who, start, die=face, status=self._("Rolling…")))
        path = walk_path(cfg, state.positions[who], action.value, resolve=state.phase is Phase.ROLL)
        name = self.player_name(who)
        for i, pos in enumerate(path):
            mid = dataclasses.replace(state, positions=_with(state.positions, who, pos), last_roll=action.value)
            words = self._("{name} rolled {n}: step {k}", name=name, n=action.value, k=min(i + 1, action.value))
            spot = start if pos == state.positions[who] else self._free_spot(state, who, pos)
            frames.append(lambda p, mid=mid, spot=spot, words=words: self._walker(p, mid, who, spot, status=words))
        if after.parts_built > state.parts_built:
            new = ", ".join(self._(part) for part in TRAP_PARTS[state.parts_built : after.parts_built])
            mid = dataclasses.replace(
                state, positions=after.positions, parts_built=after.parts_built, last_roll=action.value
            )
            fresh = tuple(range(state.parts_built + 1, after.parts_built + 1))
            words = self._("{name} builds the {parts}!", name=name, parts=new)
            # the new part glows on the whole board: a backdrop of its own, nothing over it
            frames.append(Backdrop(lambda p: self._scene(p, mid, status=words, fresh=fresh)))
            frames.append((_nothing, 3.0))
        return frames

    def _walker(
        self,
        p: CanvasPainter,
        state: MouseTrapState,
        who: int,
        spot: tuple[float, float] | None,
        *,
        status: str,
        die: int | None = None,
    ) -> None:
        """What changes while a mouse walks: the status line, the die and the mouse ``who`` at ``spot``."""
        lay = self.lay
        p.rect(0, 0, p.width, lay.header, fill=mtv.BACKGROUND)
        mtv.draw_header(p, lay, status)
        mtv.draw_die(p, lay, state.last_roll if die is None else die, state.mover)
        if spot is not None:
            mtv.draw_track_mouse(p, lay, state, who, *spot)

    def _free_spot(self, state: MouseTrapState, who: int, pos: int) -> tuple[float, float]:
        """Where ``who`` stands on ``pos`` while walking: beside the mice drawn there (never on one)."""
        here = sum(1 for q, at in enumerate(state.positions) if q != who and at == pos and not state.caught[q])
        return self.lay.mouse_spot(pos, here % 4)

    def _crank_frames(self, state: MouseTrapState, action: TrapOutcome, after: MouseTrapState) -> list[AnimationItem]:
        frames: list[AnimationItem] = []
        stuck = -1
        if not action.works:
            rng = random.Random(derive_seed(self.seed, "failing stage", len(self.actions)))
            stuck = failing_stage(self.cfg, rng)
            self.failed_stage[len(self.actions)] = stuck
        last = len(TRAP_STAGES) - 1 if action.works else stuck
        for k in range(last + 1):
            words = self._("Stage {k}: {stage}", k=k + 1, stage=self._(TRAP_STAGES[k].name))
            for t in (0.3, 0.8):
                frames.append(
                    (
                        lambda p, k=k, t=t, words=words: self._scene(p, state, status=words, stage=k, spark=t),
                        STAGE_WEIGHT / 2,
                    )
                )
        victims = [
            q
            for q in range(len(state.positions))
            if state.caught[q] != after.caught[q] or (not action.works and state.positions[q] != after.positions[q])
        ]
        who = self.tr.join_and([self.player_name(q) for q in victims]) or self._("nobody")
        if action.works:
            done = len(TRAP_STAGES)
            for i in range(1, CAGE_FRAMES + 1):
                frames.append(lambda p, i=i: self._cage_frame(p, state, i / CAGE_FRAMES, done))
            frames.append(
                (
                    lambda p: self._cage_frame(
                        p, state, 1.0, done, banner=self._("SNAP! The cage drops: {who} caught!", who=who)
                    ),
                    RESULT_WEIGHT,
                )
            )
        else:
            words = self.ngettext(
                "The trap sticks at stage {k} — {who} escapes to Safe!",
                "The trap sticks at stage {k} — {who} escape to Safe!",
                len(victims),
                k=stuck + 1,
                who=who,
            )
            frames.append((lambda p: self._scene(p, state, status=words, stage=stuck, stuck=stuck), RESULT_WEIGHT))
        return frames

    def _cage_frame(self, p: CanvasPainter, state: MouseTrapState, t: float, done: int, banner: str = "") -> None:
        self._scene(p, state, status=banner or self._("…and the cage falls!"), stage=done)
        cx, cy = self.lay.centre(self.cfg.position_of(SpaceKind.CHEESE_WHEEL))
        r = self.lay.space_radius + 4
        top = cy - 3 * self.lay.cell
        y = top + (cy - top) * t * t
        mtv.draw_cage(p, cx, y, r)

    # -- clicks and keys ----------------------------------------------------------------
    def click(self, x: float, y: float) -> None:
        seat = self.waiting_seat()
        if seat is not None:
            self.message = self._("{name} rolls the die…", name=self.player_name(seat))  # at once, before the animation
            self.advance_chance()
            return
        choices = self.choices()
        for (_, action), (bx, by, bw, bh) in zip(choices, self.button_rects(len(choices)), strict=True):
            if bx <= x <= bx + bw and by <= y <= by + bh:
                self.play(action)
                return
        hit = self.view.hit_test(x, y)
        if hit is None or not choices:
            return
        kind, idx = hit.kind, hit.index
        actions = [a for _, a in choices]
        if kind in ("mouse", "player"):
            moves = [a for a in actions if isinstance(a, MoveMouse) and a.player == idx]
            if moves:
                self.play(moves[0])
                return
            takes = [a for a in actions if isinstance(a, TakeCheese) and dict(a.amounts).get(idx, 0) > 0]
            if takes:  # take as much as possible from the clicked player
                self.play(max(takes, key=lambda a: dict(a.amounts)[idx]))
                return
        if kind == "space" and idx == self.cfg.position_of(SpaceKind.TURN_CRANK):
            cranks = [a for a in actions if isinstance(a, Crank)]
            if cranks:
                self.play(cranks[0])
                return
        self.say(self._("Choose one of the buttons under the board."))

    def targets(self) -> list[Target]:
        if self.waiting_seat() is not None:
            x, y, w, h = self.die_rect
            return [Target(x, y, w, h, self._("the die: roll it"))]
        choices = self.choices()
        return [
            Target(*rect, self._("button: {words}", words=words))
            for (words, _), rect in zip(choices, self.button_rects(len(choices)), strict=True)
        ]

    def play(self, action: Any) -> bool:
        """Play ``action`` (see :meth:`GameWidget.play`); the status line names it at once."""
        if self.human_to_move():
            self.message = button_words(self.tr, action) + "…"
        return super().play(action)

    def key(self, key: str) -> bool:
        choices = self.choices()
        if key.isdigit() and choices:
            i = int(key) - 1
            if 0 <= i < len(choices):
                self.play(choices[i][1])
                return True
        return False

    def describe_selection(self) -> str:
        if self.waiting_seat() is not None:
            return self._("Press Enter to roll the die.")
        choices = self.choices()
        if not choices:
            return ""
        return self._("Choices: {list}.", list="; ".join(f"{i + 1}: {w}" for i, (w, _) in enumerate(choices)))

    # -- words ----------------------------------------------------------------------------
    def chance_waits_for(self, state: MouseTrapState) -> int | None:
        if state.phase is Phase.ROLL and self.is_human(state.mover):
            return state.mover
        return None

    def waiting_words(self, state: MouseTrapState, seat: int) -> str:
        return self._("{name}, your turn — click the die to roll.", name=self.player_name(seat))


def _with(values: tuple[int, ...], i: int, v: int) -> tuple[int, ...]:
    return (*values[:i], v, *values[i + 1 :])


def walk_path(cfg: MouseTrapConfig, start: int, roll: int, *, resolve: bool = True) -> list[int]:
    """The spaces a mouse steps on, one by one: ``roll`` steps ahead, then along a Back/Ahead arrow.

    >>> cfg = MouseTrapConfig(2)
    >>> walk_path(cfg, 0, 6)  # onto "BACK 2" at 6, then back to 4
    [1, 2, 3, 4, 5, 6, 5, 4]
    """
    path = []
    pos = start
    for _ in range(roll):
        pos = cfg.forward(pos, 1)
        path.append(pos)
    if resolve:
        target = cfg.jump(pos)
        space = cfg.spaces[pos]
        guard = 0
        while pos != target and guard < cfg.num_spaces:
            pos = cfg.backward(pos, 1) if space.kind is SpaceKind.BACK else cfg.forward(pos, 1)
            path.append(pos)
            guard += 1
    return path


def _nothing(p: CanvasPainter) -> None:
    """An empty animation frame (the picture is all on the backdrop)."""
