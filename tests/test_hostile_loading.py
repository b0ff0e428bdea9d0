"""Loading rejects inconsistent or hostile input quickly, with short messages naming the
field (issue 32). Speed is measured in ``benchmarks/hostile_inputs.py``, not here."""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

import pytest

from boardgames_widgets import GameRecord, make_game
from boardgames_widgets.core import InvalidActionError
from boardgames_widgets.core.numbers import MAX_DIGITS, clip, long_digit_run, parse_fraction, short
from boardgames_widgets.games.chop_chop import ChopChop, PlaceCat
from boardgames_widgets.games.chop_chop.rules import Phase
from boardgames_widgets.games.chop_chop.scenario import board_state
from boardgames_widgets.games.mouse_trap.rules import MouseTrap

CC = ChopChop()
NINES = "9" * 5000


def saved(game: Any, state: Any, **changes: Any) -> dict[str, Any]:
    data = game.to_json(state)
    data["state"].update(changes)
    return data


def refused_with(game: Any, data: Any) -> str:
    with pytest.raises(ValueError) as err:
        game.from_json(data)
    return str(err.value)


# -- Chop Chop: every inconsistent state is refused ---------------------------------------
BOARD = """
- - - - 0 - - - -
- - # # # # # - -
- # # # # # # # -
- # # [C#] [#] [#] # # 1
3 # # [#] [#] [#] # # -
- # # # # # # # -
- - # # # # # - -
- - - - 2 - - - -
"""


def test_a_move_phase_with_roll_0_is_refused_naming_roll() -> None:
    """A move-phase state with ``roll: 0`` used to load, then hang ``legal_actions``."""
    s = board_state(CC, BOARD, roll=2)
    assert "roll" in refused_with(CC, saved(CC, s, roll=0))
    assert "roll" in refused_with(CC, saved(CC, s, roll=5))  # no face of the mouse die


def test_a_fork_with_nothing_to_take_is_refused() -> None:
    s = board_state(CC, BOARD, roll=2)
    message = refused_with(CC, saved(CC, s, phase="FORK", mouse=0, roll=0))
    assert "fork" in message and "CC-T5" in message
    message = refused_with(CC, saved(CC, s, phase="FORK", mice_turn=False, seat=0))
    assert "phase" in message


def test_an_arrow_phase_on_the_mice_turn_without_a_mouse_is_refused() -> None:
    """It used to offer the mice the cat's jumps."""
    s = board_state(CC, BOARD, roll=2)
    assert "mouse" in refused_with(CC, saved(CC, s, phase="ARROW", roll=0, mouse=-1))
    assert "mouse" in refused_with(CC, saved(CC, s, phase="EXTRA", roll=1, mouse=-1))


def test_a_seat_of_the_wrong_side_or_a_stray_reveal_is_refused() -> None:
    s = board_state(CC, BOARD, roll=2)
    assert "seat" in refused_with(CC, saved(CC, s, seat=0))
    assert "mouse" in refused_with(CC, saved(CC, s, mice_turn=False, seat=0, mouse=1))
    # a reveal needs a piece standing on a face-down tile: mouse 0 is in its hole
    assert "CC-T0" in refused_with(CC, saved(CC, s, phase="REVEAL", mouse=0))
    # the state the rules themselves reach loads
    placed = CC.apply(CC.new_initial_state(), PlaceCat((2, 3)))
    assert CC.from_json(CC.to_json(placed)) == placed and placed.phase is Phase.ROLL


# -- numbers are bounded before any arithmetic ---------------------------------------------
def test_mouse_trap_refuses_a_huge_exponent_before_computing_it() -> None:
    """``stage_reliability: "1e-10000000"`` used to build 10**10000000 (6.3 s)."""
    for bad in ("1e-10000000", "1" * 10_000 + "/2", "1/0", "0.5e", "nan"):
        with pytest.raises(ValueError, match="stage_reliability") as err:
            MouseTrap(stage_reliability=(bad,) * 7)
        assert len(str(err.value)) < 300
    assert MouseTrap(stage_reliability=("0.85", "1", "99/100", "49/50", 1, "1e-3", "1")).cfg.stage_reliability[
        0
    ] == Fraction(17, 20)


def test_parse_fraction_takes_plain_numbers_and_refuses_long_ones() -> None:
    """The bounded parser the lessons share for students' answers (issue 32)."""
    assert parse_fraction("3/4") == Fraction(3, 4)
    assert parse_fraction(" -0.25 ") == Fraction(-1, 4)
    assert parse_fraction("25e-2") == Fraction(1, 4)
    assert parse_fraction(7) == 7
    for bad in ("1e-10000000", "9" * (MAX_DIGITS + 1), "1/0", "1/2/3", "0x10", "", True, None, 10**100):
        with pytest.raises(ValueError, match="answer"):
            parse_fraction(bad, "answer")


def test_a_record_with_a_huge_exponent_in_its_config_is_refused_naming_the_field() -> None:
    record = {"schema": 1, "game": "mouse_trap", "config": {"stage_reliability": ["1e-10000000"] * 7}}
    with pytest.raises(ValueError, match="stage_reliability") as err:
        GameRecord.from_json(json.dumps(record))
    assert len(str(err.value)) < 300


# -- long numbers in action texts ------------------------------------------------------
@pytest.mark.parametrize(
    ("game_id", "text"),
    [
        ("chop_chop", f"roll {NINES}"),
        ("chop_chop", f"cat starts at ({NINES},0)"),
        ("mouse_trap", f"roll {NINES}"),
        ("papageno", f"roll {NINES}"),
        ("food_chain", f"take {NINES} from Red"),
    ],
)
def test_a_5000_digit_number_in_an_action_text_is_an_invalid_action(game_id: str, text: str) -> None:
    game = make_game(game_id)
    with pytest.raises(InvalidActionError) as err:
        game.parse_action(text)
    assert len(str(err.value)) < 200


def test_a_record_with_a_long_number_names_the_entry_and_quotes_a_prefix() -> None:
    record = {"schema": 1, "game": "chop_chop", "config": {}, "actions": ["cat starts at (2,3)", f"roll {NINES}"]}
    with pytest.raises(ValueError) as err:
        GameRecord.from_json(json.dumps(record))
    message = str(err.value)
    assert message.startswith("actions[1] 'roll 99") and "too long" in message and len(message) < 400


def test_error_messages_quote_only_a_prefix_of_a_1_mb_value() -> None:
    huge = "x" * 1_000_000
    record = {"schema": 1, "game": "chop_chop", "config": {}, "actions": [huge]}
    with pytest.raises(ValueError) as err:
        GameRecord.from_json(json.dumps(record))
    assert len(str(err.value)) < 600
    s = CC.new_initial_state()
    assert len(refused_with(CC, saved(CC, s, phase=huge))) < 600
    assert len(refused_with(CC, {**CC.to_json(s), "config": {"board_map": huge}})) < 600
    with pytest.raises(ValueError) as err2:
        ChopChop(tile_mix={huge: 38})
    assert len(str(err2.value)) < 600


def test_short_and_clip_keep_messages_short() -> None:
    assert short("roll 3") == "'roll 3'"
    assert len(short("y" * 10**6)) < 80 and "1000000 characters" in short("y" * 10**6)
    assert short(list(range(10**5))) == "list of 100000 items"
    assert clip("z" * 1000, 10).startswith("zzzzzzzzzz…")
    assert long_digit_run("take 12 from Red") is None
