"""The Mouse Trap board widget driven by synthetic canvas events (no browser).

Each test clicks (or presses keys) the way the frontend sends them and asserts on
the game state that follows: the roll a click starts, the mouse that moves, the
cheese taken, the crank and the trap. Pixels are checked in ``tests/browser``.
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from fractions import Fraction

import pytest
from ipycanvas import Canvas
from widget_events import centre, key_down, mouse_down, record_canvas_texts

from boardgames_widgets.core import TERMINAL
from boardgames_widgets.core.painter import SVGPainter
from boardgames_widgets.games.mouse_trap import view as mtv
from boardgames_widgets.games.mouse_trap.layout import MouseTrapConfig, SpaceKind
from boardgames_widgets.games.mouse_trap.rules import (
    Crank,
    EndTurn,
    MouseTrap,
    MouseTrapState,
    MoveMouse,
    Phase,
    Roll,
    TakeCheese,
    TrapOutcome,
)
from boardgames_widgets.widgets import play
from boardgames_widgets.widgets.canvas_painter import CanvasPainter
from boardgames_widgets.widgets.mouse_trap import MouseTrapWidget, failing_stage, walk_path


def mt(players: int = 2, seed: int = 1, **kw) -> MouseTrapWidget:  # type: ignore[no-untyped-def]
    return MouseTrapWidget(players=players, seed=seed, speed="off", **kw)


def load(w: MouseTrapWidget, state: MouseTrapState) -> None:
    """Put the widget in a hand-made position (a scenario)."""
    w.load_state(state)


def crank_position(w: MouseTrapWidget, **changes) -> MouseTrapState:  # type: ignore[no-untyped-def]
    """Red on the Turn Crank with a complete trap and 3 cheese; Blue somewhere on the track."""
    cfg = w.cfg
    crank = cfg.position_of(SpaceKind.TURN_CRANK)
    n = w.game.num_players
    base = w.game.new_initial_state()
    fields = dict(
        positions=(crank, *[5] * (n - 1)),
        parts_built=cfg.num_parts,
        cheese=(3, *[0] * (n - 1)),
        pile=cfg.cheese_supply - 3,
        phase=Phase.AT_CRANK,
        mover=0,
    )
    fields.update(changes)
    return dataclasses.replace(base, **fields)


# -- rolling your own die (MT-1) -----------------------------------------------------------
def test_the_board_waits_for_the_human_to_roll_and_a_click_rolls() -> None:
    """MT-1: a turn is a roll and a move; the human rolls by clicking the die."""
    w = mt()
    assert w.actions == [] and w.waiting_seat() == 0
    assert "click the die to roll" in w.status.value
    mouse_down(w, *centre(w.die_rect))
    roll = w.actions[0]
    assert isinstance(roll, Roll)
    # Red's mouse walked the roll (and along a Back/Ahead arrow), then Blue (a bot) played
    assert w.states[1].positions[0] == walk_path(w.cfg, 0, roll.value)[-1]
    assert any(isinstance(a, Roll) for a in w.actions[1:])
    assert w.waiting_seat() == 0  # Red's turn again, waiting for the next click
    assert "Red rolled" in w.log[1]


def test_enter_rolls_the_die_from_the_keyboard() -> None:
    w = mt(seed=2)
    assert w.targets()[0].label == "the die: roll it"
    key_down(w, "Enter")
    assert isinstance(w.actions[0], Roll)
    assert "Enter to roll" in w.aria.value


def test_let_the_bot_move_rolls_for_the_human_and_undo_takes_it_back() -> None:
    w = mt(seed=3)
    w.bot_move()
    first = w.actions[0]
    assert isinstance(first, Roll) and len(w.actions) >= 2
    w.undo()
    assert w.actions == [] and w.waiting_seat() == 0
    w.bot_move()  # the same seed gives the same roll again
    assert w.actions[0] == first


def test_same_seed_same_rolls() -> None:
    a, b = mt(seed=7), mt(seed=7)
    for _ in range(3):
        a.bot_move()
        b.bot_move()
    assert a.actions == b.actions and a.state == b.state


def test_walk_path_goes_space_by_space_and_follows_a_back_arrow() -> None:
    """MT-BA: Back N moves exactly N spaces back, the space reached is not resolved."""
    cfg = MouseTrapConfig(2)
    assert cfg.spaces[6].kind is SpaceKind.BACK
    assert walk_path(cfg, 3, 3) == [4, 5, 6, 5, 4]
    assert walk_path(cfg, 3, 3, resolve=False) == [4, 5, 6]
    # round the Loop as a cycle (MT-L)
    wheel = cfg.position_of(SpaceKind.CHEESE_WHEEL)
    assert walk_path(cfg, wheel, 1) == [cfg.loop_start]


# -- choices as clicks --------------------------------------------------------------------
def test_clicking_an_opponents_mouse_on_the_turn_crank_pays_to_move_it() -> None:
    """MT-MO: on the Turn Crank, pay 1 cheese to roll for an opponent's mouse and move it."""
    w = mt()
    load(w, crank_position(w))
    assert [a for _, a in w.choices()] == [MoveMouse(1), EndTurn()]
    mx, my = w.lay.mouse_spots(w.state)[1]
    mouse_down(w, mx, my)
    assert w.actions[0] == MoveMouse(1)
    roll = w.actions[1]
    assert isinstance(roll, Roll)
    assert w.states[2].positions[1] == w.cfg.forward(5, roll.value)  # not resolved: a plain walk
    assert w.states[2].cheese[0] == 2


def test_end_turn_button() -> None:
    w = mt()
    load(w, crank_position(w))
    rects = w.button_rects(len(w.choices()))
    mouse_down(w, *centre(rects[1]))
    assert w.actions[0] == EndTurn()


def test_clicking_the_turn_crank_springs_the_trap() -> None:
    """MT-T: an opponent on the Cheese Wheel: turn the crank; it works or the mouse runs to Safe."""
    w = mt(seed=5)
    wheel = w.cfg.position_of(SpaceKind.CHEESE_WHEEL)
    load(w, crank_position(w, positions=(w.cfg.position_of(SpaceKind.TURN_CRANK), wheel)))
    assert Crank() in [a for _, a in w.choices()]
    cx, cy = w.lay.centre(w.cfg.position_of(SpaceKind.TURN_CRANK))
    mouse_down(w, cx, cy + w.lay.space_radius * 0.6)  # on the space, beside Red's mouse
    assert w.actions[:1] == [Crank()]
    outcome = w.actions[1]
    assert isinstance(outcome, TrapOutcome)
    if outcome.works:  # MT-W: the last free mouse wins
        assert w.states[2].caught[1] and w.current_player() == TERMINAL
        assert "Red has the last free mouse" in w.status.value
    else:
        assert w.states[2].positions[1] == w.cfg.position_of(SpaceKind.SAFE)


def test_digits_pick_a_choice_button() -> None:
    w = mt()
    load(w, crank_position(w))
    key_down(w, "2")
    assert w.actions[0] == EndTurn()


def test_tied_richest_opponents_choice_by_button_and_by_row() -> None:
    """MT-TC / MT-T3: the mover chooses how to take cheese from tied richest opponents."""
    w = mt(players=3)
    base = w.game.new_initial_state()
    state = dataclasses.replace(
        base, cheese=(0, 2, 2), pile=w.cfg.cheese_supply - 4, phase=Phase.TAKE_CHOICE, take_amount=3, take_from=(1, 2)
    )
    load(w, state)
    actions = [a for _, a in w.choices()]
    assert TakeCheese(((1, 2), (2, 1))) in actions and TakeCheese(((1, 1), (2, 2))) in actions
    # a click on Yellow's row takes as much as possible from Yellow
    mouse_down(w, *centre(w.lay.player_box(2)))
    assert w.actions[0] == TakeCheese(((1, 1), (2, 2)))
    assert w.states[1].cheese == (3, 1, 0)
    w.undo()
    # a button does the same job
    words = [words for words, _ in w.choices()]
    i = words.index("Take 2 Blue + 1 Yellow")
    mouse_down(w, *centre(w.button_rects(len(words))[i]))
    assert w.actions[0] == TakeCheese(((1, 2), (2, 1)))


def test_a_click_beside_the_choices_explains_what_to_do() -> None:
    w = mt()
    load(w, crank_position(w))
    mouse_down(w, *centre(w.lay.part_box(0)))
    assert w.actions == []
    assert "buttons under the board" in w.status.value


# -- animation ------------------------------------------------------------------------------
def test_roll_animation_tumbles_the_die_then_walks_each_space() -> None:
    w = mt()
    state = w.state
    after = w.game.apply(state, Roll(6))
    frames = list(w.animation_frames(state, Roll(6), after))
    path = walk_path(w.cfg, 0, 6)
    assert len(frames) >= 3 + len(path)
    p = CanvasPainter(Canvas(width=20, height=20), *w.board_size())
    for f in frames:
        (f[0] if isinstance(f, tuple) else f)(p)


def test_building_shows_the_new_part() -> None:
    """MT-B / MT-P: a build space adds the next part; the animation ends on it."""
    w = mt()
    state = w.state
    after = w.game.apply(state, Roll(1))  # "BUILD 2-3-4" at position 1
    assert after.parts_built == 1
    frames = list(w.animation_frames(state, Roll(1), after))
    assert isinstance(frames[-1], tuple) and frames[-1][1] > 1


def test_crank_animation_runs_every_stage_when_the_trap_works() -> None:
    w = mt()
    wheel = w.cfg.position_of(SpaceKind.CHEESE_WHEEL)
    state = dataclasses.replace(
        crank_position(w, positions=(w.cfg.position_of(SpaceKind.TURN_CRANK), wheel)), phase=Phase.CRANK
    )
    works = list(w.animation_frames(state, TrapOutcome(True), w.game.apply(state, TrapOutcome(True))))
    fails = list(w.animation_frames(state, TrapOutcome(False), w.game.apply(state, TrapOutcome(False))))
    assert len(works) > len(fails)
    svg = SVGPainter(*w.board_size())
    for f in works + fails:
        (f[0] if isinstance(f, tuple) else f)(svg)
    assert "stuck!" in svg.to_svg() and "SNAP!" in svg.to_svg()


def test_failing_stage_follows_the_conditional_probabilities() -> None:
    """A failing trap sticks at stage k with P = r1…r(k-1)(1-rk) / (1 - r1…r7)."""
    only_third = MouseTrapConfig(2, stage_reliability=(1, 1, Fraction(1, 2), 1, 1, 1, 1))
    assert {failing_stage(only_third, random.Random(s)) for s in range(50)} == {2}
    half = MouseTrapConfig(2, stage_reliability=(Fraction(1, 2), Fraction(1, 2), 1, 1, 1, 1, 1))
    counts = Counter(failing_stage(half, random.Random(s)) for s in range(3000))
    # P(first | fail) = (1/2) / (3/4) = 2/3, P(second | fail) = 1/3
    assert set(counts) == {0, 1}
    assert 0.6 < counts[0] / 3000 < 0.73


# -- whole games ------------------------------------------------------------------------------
def test_bots_play_a_whole_game_to_the_end() -> None:
    """MT-W: the last player with a free mouse wins."""
    short = ["START", "BUILD 2-3-4", "TAKE 1", "BUILD 2-3-4", "AHEAD 1", "BUILD 2-3-4"]
    game = MouseTrap(3, track=short, loop_build_parts=4)
    w = MouseTrapWidget(game, seed=4, speed="off", seats=["Random bot", "First-choice bot", "Random bot"])
    assert w.current_player() == TERMINAL
    assert "Game over" in w.status.value
    assert w.record.returns is not None


def test_play_opens_the_mouse_trap_board() -> None:
    w = play("mouse_trap", players=4, seed=1, speed="off")
    assert isinstance(w, MouseTrapWidget)
    assert w.player_name(3) == "Green"
    assert "pile 52" in w.status.value


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_board_fits_and_buttons_stay_inside(players: int) -> None:
    """Issue 20: at most 560 px wide (drawn at 100 % in a 592-px output area), not too tall, and
    every choice button (ten ways to take cheese from three tied opponents with 4 players) stays
    in the room beside the die, above the contraption."""
    w = mt(players=players)
    width, height = w.board_size()
    assert width <= 560 and height < 900
    cx, cy, cw, ch = w.controls_rect
    rects = w.button_rects(10 if players == 4 else 4)
    for x, y, bw, bh in rects:
        assert cx <= x and x + bw <= cx + cw + 1e-9 and cy <= y and y + bh <= cy + ch + 1e-9
        assert y + bh < w.strip_rect[1] and x >= w.die_rect[0] + w.die_rect[2]
    for i, (x, y, bw, bh) in enumerate(rects):  # no two buttons overlap
        for x2, y2, _, _ in rects[i + 1 :]:
            assert abs(x - x2) >= bw or abs(y - y2) >= bh


# -- readable text (issue 20) -------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "lv", "ru", "he"])
def test_every_text_the_widget_draws_is_at_least_12_px_and_inside_the_board(
    monkeypatch: pytest.MonkeyPatch, lang: str
) -> None:
    """The board, the overlay (click to roll, the prompt, every choice button), and the animations
    (the die tumbling, a part being built, the chain reaction working and sticking, the cage):
    no text under 12 px, none running out of the board, no button's words wider than the button."""
    seen = record_canvas_texts(monkeypatch)
    w = mt(players=4, lang=lang)
    width, _ = w.board_size()
    w.redraw(full=True)  # waiting for the die
    wheel = w.cfg.position_of(SpaceKind.CHEESE_WHEEL)
    at_crank = (w.cfg.position_of(SpaceKind.TURN_CRANK), wheel, 5, 5)
    load(w, crank_position(w, positions=at_crank, cheese=(3, 2, 2, 2), pile=w.cfg.cheese_supply - 9))
    assert len(w.choices()) == 4  # move one of three opponents or turn the crank
    w.redraw(full=True)
    base = w.game.new_initial_state()
    tied = dataclasses.replace(
        base, cheese=(0, 3, 3, 3), pile=w.cfg.cheese_supply - 9, phase=Phase.TAKE_CHOICE, take_amount=3,
        take_from=(1, 2, 3),
    )  # fmt: skip
    load(w, tied)
    assert len(w.choices()) == 10  # ten ways to take 3 from three tied opponents
    w.redraw(full=True)
    buttons = list(zip(w.choices(), w.button_rects(len(w.choices())), strict=True))
    p = CanvasPainter(Canvas(width=20, height=20), *w.board_size())
    crank = dataclasses.replace(
        crank_position(w, positions=(w.cfg.position_of(SpaceKind.TURN_CRANK), wheel, wheel, wheel)), phase=Phase.CRANK
    )
    frames = list(w.animation_frames(base, Roll(1), w.game.apply(base, Roll(1))))
    for works in (True, False):
        frames += w.animation_frames(crank, TrapOutcome(works), w.game.apply(crank, TrapOutcome(works)))
    for f in frames:
        (f[0] if isinstance(f, tuple) else f)(p)
    assert "stuck!" in {t for _, _, t, *_ in seen} or lang != "en"
    assert seen
    small = [(t, size) for _, _, t, size, _, _ in seen if size < mtv.MIN_TEXT]
    assert not small
    for x, _, text, size, align, bold in seen:
        tw = mtv.text_width(text, size, bold=bold)
        left = {"left": x, "right": x - tw}.get(align, x - tw / 2)
        assert left >= 0 and left + tw <= width, (text, left, tw)
    # the tied-take buttons: words where they fit, else "2 [mouse] + 1 [mouse]"; never wider than the button
    for _choice, (bx, by, bw, bh) in buttons:
        inside = [(t, s, b) for x, y, t, s, _, b in seen if bx <= x <= bx + bw and by <= y <= by + bh]
        assert inside
        for t, s, b in inside:
            assert mtv.text_width(t, s, bold=b) <= bw, (t, bw)
