"""The Chop Chop board driven by synthetic clicks and keys (no browser): logic only."""

from __future__ import annotations

from typing import Any

import pytest
from test_chop_chop import SHUT_IN  # CC-W5: the last free mouse is about to be caught, the other is shut in

from boardgames_widgets.core import TERMINAL
from boardgames_widgets.games.chop_chop import view as ccv
from boardgames_widgets.games.chop_chop.rules import (
    CAT,
    ChopChop,
    Decline,
    Jump,
    Move,
    Pass,
    Phase,
    PlaceCat,
)
from boardgames_widgets.games.chop_chop.scenario import board_state
from boardgames_widgets.widgets import play
from boardgames_widgets.widgets.chop_chop import ChopChopWidget


def click_cell(w: ChopChopWidget, rc: tuple[int, int]) -> None:
    """A mouse-down on board square ``rc``, in bitmap pixels as the browser sends it."""
    x, y = ccv.cell_center(w.lay, w.lay.index[rc])
    s = w.canvas.scale  # type: ignore[union-attr]
    w.canvas.top._handle_frontend_event(None, {"event": "mouse_down", "x": x * s, "y": y * s}, [])  # type: ignore[union-attr]


def press(w: ChopChopWidget, key: str) -> None:
    w.canvas.top._handle_frontend_event(  # type: ignore[union-attr]
        None, {"event": "key_down", "key": key, "shift_key": False, "ctrl_key": False, "meta_key": False}, []
    )


def cc(**kw: Any) -> ChopChopWidget:
    kw.setdefault("seed", 1)
    return ChopChopWidget(players=2, speed="off", **kw)


def moves_made(w: ChopChopWidget) -> list[Move]:
    return [a for a in w.actions if isinstance(a, Move)]


# Mouse 0 on (1,2) with the cat far away on the table: a roll of 2 reaches (2,3)
# (under the table) from (1,3) or from (2,2).
OPEN = """
- - - - o - - - -
- - . . . . . - -
- . . 0 . . . . -
- . . [.] [.] [C] . . 1
3 . . [.] [.] [.] . . -
- . . . . . . . -
- - . . . . . - -
- - - - 2 - - - -
"""


def scenario(w: ChopChopWidget, text: str, **kw: Any) -> None:
    w.load_state(board_state(w.game, text, **kw))


def test_play_opens_chop_chop_with_the_mice_for_people() -> None:
    w = play("chop_chop", players=2, seed=1, speed="off")
    assert isinstance(w, ChopChopWidget)
    assert w.seat_label(0) == "Random bot" and w.seat_label(1) == "Human"
    # the cat bot placed the cat (CC-S3), the mice rolled: the people's turn
    assert w.state.phase is Phase.MOVE and w.state.mice_turn
    assert "rolled" in w.status.value


def test_click_a_mouse_then_a_lit_square_moves_it_exactly_the_roll() -> None:
    """CC-M2: a piece moves exactly the number rolled; the lit squares are the legal landings."""
    w = cc()
    roll = w.state.roll
    assert w.landings() == {}  # nothing lit before a mouse is chosen (CC-M7: one mouse moves)
    mouse = w.movable_pieces()[0]
    click_cell(w, w.game.coord(w.game.piece_cell(w.state, mouse)))
    assert w.sel_piece == mouse
    lit = w.landings()
    assert lit and all(a.piece == mouse for acts in lit.values() for a in acts)
    target = next(c for c, acts in lit.items() if len(acts) == 1)
    action = lit[target][0]
    click_cell(w, w.game.coord(target))
    assert moves_made(w)[0] == action
    assert len(w.game.move_paths(w.states[w.actions.index(action)])[action]) == roll + 1


def test_a_landing_reached_from_two_sides_asks_which_way_in() -> None:
    """CC-T3 needs the square a piece came from: the widget asks when it is ambiguous."""
    w = cc()
    scenario(w, OPEN, roll=2)
    click_cell(w, (1, 2))
    click_cell(w, (2, 3))
    assert w.sel_landing == w.lay.index[(2, 3)]
    vias = {a.via for a in w.landings()[w.sel_landing]}
    assert vias == {(1, 3), (2, 2)}
    assert "Which way in" in w.aria.value
    click_cell(w, (2, 2))
    assert moves_made(w)[0] == Move(0, (2, 3), (2, 2))


def test_an_unlit_square_changes_nothing() -> None:
    w = cc()
    scenario(w, OPEN, roll=2)
    click_cell(w, (1, 2))
    click_cell(w, (5, 5))
    assert w.actions == []
    assert "not lit" in w.status.value


def test_keyboard_digit_picks_a_mouse_and_enter_moves_it() -> None:
    w = cc()
    scenario(w, OPEN, roll=1)
    press(w, "0")
    assert w.sel_piece == 0
    target = w.cursor_target()  # the cursor jumped to the first lit square
    assert target is not None and target.label.startswith("lit square")
    press(w, "ArrowRight")
    assert "Cursor on" in w.aria.value
    while not w.cursor_target().label.startswith("lit square"):  # type: ignore[union-attr]
        press(w, "ArrowRight")
    press(w, "Enter")
    assert moves_made(w)[0].piece == 0


def test_pass_when_no_move_of_the_roll_exists() -> None:
    """CC-M10: no legal move of exactly the roll: the turn passes (a button and the P key)."""
    w = cc()
    # mouse 0 is caught, the others hide in their holes and every entrance shows
    # uncovered cheese, where nobody may step (CC-T2)
    scenario(
        w,
        """
    - - - - o - - - -
    - - . . * . . - -
    - . . . . . . . -
    - . . [.] [.] [C] . * 1
    3 * . [.] [.] [.] . . -
    - . . . . . . . -
    - - . . * . . - -
    - - - - 2 - - - -
    """,
        roll=1,
    )
    assert w.game.legal_actions(w.state) == [Pass()]
    assert "pass" in w.status.value.lower() or "pass" in w.aria.value.lower()
    press(w, "p")
    assert w.actions[0] == Pass()


def test_optional_extra_steps_can_be_declined_with_the_button() -> None:
    """CC-T3: the extra steps of +1/+2 are optional: "No thanks" declines them."""
    w = cc()
    state = board_state(w.game, OPEN, roll=1)
    state = w.game.replace_state(state, phase=Phase.EXTRA, mouse=0, last_from=w.lay.index[(1, 1)])
    w.load_state(state)
    assert w._active_piece() == 0  # the piece is known: its landings are lit at once
    assert w.landings()
    box = w._button_box(0)
    s = w.canvas.scale  # type: ignore[union-attr]
    w.canvas.top._handle_frontend_event(  # type: ignore[union-attr]
        None, {"event": "mouse_down", "x": (box[0] + 5) * s, "y": (box[1] + 5) * s}, []
    )
    assert w.actions[0] == Decline()


def test_arrow_jump_is_a_click_on_any_lit_square() -> None:
    """CC-T4: the arrow lets the piece jump to any allowed square."""
    w = cc()
    state = board_state(w.game, OPEN, roll=0)
    state = w.game.replace_state(state, phase=Phase.ARROW, mouse=0)
    w.load_state(state)
    lit = w.landings()
    # anywhere but a square holding a piece (its own included), uncovered cheese or a hole
    assert w.lay.index[(5, 5)] in lit and w.lay.index[(1, 2)] not in lit
    assert not any(w.lay.is_hole(c) for c in lit)
    click_cell(w, (5, 5))
    assert w.actions[0] == Jump(0, (5, 5))


def test_the_cat_player_places_the_cat_on_a_lit_table_square() -> None:
    """CC-S3: the cat starts on a table-top square chosen by the cat player."""
    w = ChopChopWidget(players=2, seed=1, speed="off", seats=["Human", "Random bot"])
    assert w.state.phase is Phase.PLACE
    lit = {w.game.coord(c) for c in w.landings()}
    assert lit == {w.game.coord(c) for c in w.lay.table_cells()}
    click_cell(w, (3, 4))
    assert w.actions[0] == PlaceCat((3, 4))


def test_a_knife_is_announced_and_a_whole_game_ends_on_a_win_screen() -> None:
    """CC-T6 announced in words; CC-W1/CC-W2: the game ends with a winner in the status."""
    w = ChopChopWidget(players=3, seed=3, speed="off", seats=["Random bot", "Random bot", "Random bot"])
    assert w.current_player() == TERMINAL
    assert "Game over" in w.status.value
    log = " ".join(w.log)
    if "knife" in log:
        assert "skips its next turn" in log or "skip their next turn" in log
    assert "win" in w.status.value


def test_undo_returns_to_the_mice_before_their_move() -> None:
    w = cc()
    before = w.state
    w.bot_move()
    assert w.state != before
    w.undo()
    assert w.state == before


def test_the_cat_catching_a_mouse_is_told_in_words() -> None:
    """CC-C1: the cat ending its move on a mouse catches it."""
    w = ChopChopWidget(players=2, seed=1, speed="off", seats=["Human", "Human"])
    state = board_state(
        w.game,
        """
    - - - - o - - - -
    - - . . . . . - -
    - . . . . . . . -
    - . . [.] [.] [C] 0 . 1
    3 . . [.] [.] [.] . . -
    - . . . . . . . -
    - - . . . . . - -
    - - - - 2 - - - -
    """,
        mice_turn=False,
        roll=1,
    )
    w.load_state(state)
    assert w._active_piece() == CAT
    click_cell(w, (2, 5))
    assert any("catches mouse 1!" in line for line in w.log)  # mice counted from 1 in words
    assert w.state.mice[0] == -1


@pytest.mark.parametrize("players", [2, 5])
def test_every_player_count_opens(players: int) -> None:
    w = ChopChopWidget(players=players, seed=2, speed="off")
    assert isinstance(w.game, ChopChop) and len(w.seat_pickers) == players


def test_CC_W5_a_dead_position_is_shown_as_a_draw_not_a_cat_win() -> None:
    """CC-W5: the board says "A draw" and why, in the status line, the end screen and the SVG header."""
    w = cc()
    before = board_state(w.game, SHUT_IN, mice_turn=False, roll=1)
    end = w.game.apply(before, Move(CAT, (1, 4), (0, 4)))
    w.load_state(end)
    assert w.current_player() == TERMINAL
    words = w.end_words(end)
    assert words.startswith("A draw") and "shut in" in words and "cat wins" not in words.lower()
    assert "A draw" in w.status.value
    assert "A draw!" in ccv.state_svg(end, w.game.layout)


def test_CC_W5_the_turn_limit_is_a_draw_in_words_too() -> None:
    """CC-W5: the safety net's end is worded as a draw after n turns, in Latvian too."""
    w = cc(lang="lv")
    before = board_state(w.game, SHUT_IN, mice_turn=False, roll=1)
    end = w.game.apply(before, Move(CAT, (1, 4), (0, 4)))
    stopped = type(end)(**{**{f: getattr(end, f) for f in end.__dataclass_fields__}, "turns": w.game.cfg.max_turns})
    assert w.end_words(stopped).startswith("Neizšķirts: spēle beidzās pēc")
