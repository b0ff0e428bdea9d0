"""Strict inputs and bounded loading (issue 21): one test per bad input.

Every bad input raises the right error, names what is wrong (the rule ID for a
well-formed action at the wrong moment, the parameter for a configuration) and
changes nothing.
"""

from __future__ import annotations

import dataclasses
import json
import random
from typing import Any

import pytest
from test_chop_chop import SHUT_IN

from boardgames_widgets import GameRecord, make_game
from boardgames_widgets.core import CHANCE, IllegalActionError, InvalidActionError
from boardgames_widgets.core.codec import loads
from boardgames_widgets.core.rng import sample_outcome
from boardgames_widgets.games.chop_chop import CAT, ChopChop, Move, Phase, PlaceCat
from boardgames_widgets.games.chop_chop import Roll as CCRoll
from boardgames_widgets.games.chop_chop.scenario import board_state
from boardgames_widgets.games.food_chain.rules import CAT as FC_CAT
from boardgames_widgets.games.food_chain.rules import Draw, FoodChain, Place, Placed
from boardgames_widgets.games.mouse_trap.rules import MouseTrap, MoveMouse, TakeCheese
from boardgames_widgets.games.mouse_trap.rules import Roll as MTRoll
from boardgames_widgets.games.papageno.rules import Papageno, Swap, TurnUp


def advance(game: Any, seed: int, until: Any) -> Any:
    """A seeded random game's first state for which ``until(state)`` holds."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    while not until(state):
        if game.is_chance_node(state):
            action = sample_outcome(game.chance_outcomes(state), rng)
        else:
            legal = game.legal_actions(state)
            action = legal[rng.randrange(len(legal))]
        state = game.apply(state, action)
    return state


def refused(game: Any, state: Any, action: Any, error: type[Exception] = InvalidActionError) -> Exception:
    """Apply ``action``: it must raise ``error`` and leave ``state`` as it was."""
    before = json.dumps(game.to_json(state), sort_keys=True)
    with pytest.raises(error) as caught:
        game.apply(state, action)
    assert json.dumps(game.to_json(state), sort_keys=True) == before
    return caught.value


# -- action fields: type and range -----------------------------------------------------------
def test_roll_with_a_float_face_is_invalid():
    """``Roll(3.0) == Roll(3)`` in Python, so without a type check it was accepted."""
    game = ChopChop()
    state = game.apply(game.new_initial_state(), PlaceCat((2, 3)))
    assert game.current_player(state) == CHANCE
    assert "Roll.value must be int" in str(refused(game, state, CCRoll(3.0)))  # type: ignore[arg-type]
    mt = MouseTrap(2)
    refused(mt, mt.new_initial_state(), MTRoll(3.0))  # type: ignore[arg-type]


def test_turn_up_with_a_float_or_a_bool_position_is_invalid():
    game = Papageno(2)
    state = advance(game, 0, lambda s: s.phase.name == "OPENING")
    assert TurnUp(1) in game.legal_actions(state)
    refused(game, state, TurnUp(pos=1.0))  # type: ignore[arg-type]
    refused(game, state, TurnUp(pos=True))  # type: ignore[arg-type]
    refused(game, state, TurnUp(pos=6))  # no such position: malformed, not IndexError


def test_swap_out_of_range_is_invalid_not_an_index_error():
    game = Papageno(3)
    state = advance(game, 1, lambda s: s.phase.name == "PLACE")
    assert "positions are 0 to 5" in str(refused(game, state, Swap(99)))


def test_place_with_a_float_row_is_invalid():
    game = FoodChain(2)
    state = advance(game, 0, lambda s: game.current_player(s) >= 0)
    good = game.legal_actions(state)[0]
    assert "Place.row must be int" in str(refused(game, state, good._replace(row=float(good.row))))


def test_place_of_an_animal_with_a_value_is_invalid():
    game = FoodChain(2)
    state = advance(game, 0, lambda s: game.current_player(s) >= 0)
    refused(game, state, Place(FC_CAT, 5, 0, 1))


def test_move_mouse_with_a_bool_seat_is_invalid():
    game = MouseTrap(3)
    state = game.new_initial_state()
    refused(game, state, MoveMouse(True))  # type: ignore[arg-type]
    refused(game, state, MoveMouse(7))  # no such seat: malformed, not IndexError


def test_take_cheese_with_a_bad_pair_is_invalid():
    game = MouseTrap(3)
    refused(game, game.new_initial_state(), TakeCheese(((1, 0),)))


def test_move_of_a_piece_that_does_not_exist_is_invalid():
    game = ChopChop()
    state = board_state(game, _KITCHEN, mice_turn=False, roll=1)
    refused(game, state, Move(9, (1, 4), (0, 4)))


# -- the wrong moment names its rule ----------------------------------------------------------
def test_food_chain_draw_at_a_placement_names_FC_T1():
    game = FoodChain(2)
    state = advance(game, 0, lambda s: game.current_player(s) >= 0)
    error = refused(game, state, Draw(0, FC_CAT), IllegalActionError)
    assert isinstance(error, IllegalActionError) and error.rule == "FC-T1"


def test_a_placement_at_a_draw_names_FC_T4():
    game = FoodChain(2)
    error = refused(game, game.new_initial_state(), Place(FC_CAT, 0, 0, 1), IllegalActionError)
    assert isinstance(error, IllegalActionError) and error.rule == "FC-T4"


#: The kitchen of the CC-W5 tests with the top entrance clear: mouse 0 in the top hole, mouse 1
#: at (1,4), the cat at (0,4).
_KITCHEN = SHUT_IN.replace("* C", ". C")


def test_CC_M4_a_mouse_returning_to_its_start_via_another_square():
    """CC-M4, not CC-M3: the square is "occupied" only by the moving mouse itself."""
    game = ChopChop()
    state = board_state(game, _KITCHEN, roll=2)
    state = dataclasses.replace(state, seat=1, mice_turn=True, phase=Phase.MOVE)
    error = refused(game, state, Move(1, (1, 4), (1, 5)), IllegalActionError)
    assert isinstance(error, IllegalActionError) and error.rule == "CC-M4"
    cat = refused(
        game, dataclasses.replace(state, mice_turn=False, seat=0), Move(CAT, (0, 4), (0, 3)), IllegalActionError
    )
    assert isinstance(cat, IllegalActionError) and cat.rule == "CC-M4"


# -- texts and seats -------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("gid", "text"),
    [
        ("chop_chop", "roll ３"),
        ("papageno", "capture top-left for p١ top-right"),
        ("food_chain", "cat@０,1"),
        ("mouse_trap", "roll ٣"),
        ("chop_chop", "roll ²"),
    ],
)
def test_parse_action_accepts_ascii_digits_only(gid, text):
    with pytest.raises(InvalidActionError, match="ASCII"):
        make_game(gid, num_players=2).parse_action(text)


@pytest.mark.parametrize("gid", ["food_chain", "chop_chop", "papageno", "mouse_trap"])
def test_observation_of_a_seat_that_does_not_exist_is_a_value_error(gid):
    """Seat -1 used to return the last player's hand (Python's negative index)."""
    game = make_game(gid, num_players=2)
    state = game.new_initial_state()
    for seat in (-1, 2, 1.0, True):
        with pytest.raises(ValueError, match="no player"):
            game.observation(state, seat)


# -- bounded loading: configurations -----------------------------------------------------------
@pytest.mark.parametrize(
    ("gid", "config", "name"),
    [
        ("mouse_trap", {"die_faces": 1_000_000}, "die_faces"),
        ("mouse_trap", {"cheese_supply": 10**9}, "cheese_supply"),
        ("mouse_trap", {"max_rounds": 10**9}, "max_rounds"),
        ("mouse_trap", {"stage_reliability": ["1/" + "9" * 40] * 7}, "reliability_denominator"),
        ("chop_chop", {"mouse_die": [40]}, "die_face"),
        ("chop_chop", {"cat_die": [1] * 1000}, "die_faces"),
        ("chop_chop", {"max_turns": 10**9}, "max_turns"),
        ("chop_chop", {"cheese_to_win": 10**9}, "cheese_to_win"),
        ("chop_chop", {"board_map": "- " * 5000}, "map_characters"),
        ("papageno", {"rounds_to_win": 10**9}, "rounds_to_win"),
        ("papageno", {"max_turns_per_round": 10**9}, "max_turns_per_round"),
        ("papageno", {"captures": 10**6}, "captures"),
        ("papageno", {"flute_weight": 10**9}, "flute_weight"),
        ("papageno", {"bird_counts": [10**6] * 12}, "bird_count"),
        ("food_chain", {"open_deck_seed": 2**80}, "open_deck_seed"),
        ("food_chain", {"first_player": True}, "first_player"),
    ],
)
def test_configuration_out_of_its_documented_range_names_the_parameter(gid, config, name):
    with pytest.raises(ValueError, match=name):
        make_game(gid, num_players=2, **config)


def test_the_80_byte_mouse_trap_record_is_refused_at_once():
    text = '{"schema":1,"game":"mouse_trap","config":{"num_players":2,"die_faces":1000000},"actions":[]}'
    with pytest.raises(ValueError, match="die_faces"):
        GameRecord.from_json(text)


# -- bounded loading: JSON ---------------------------------------------------------------------
def test_duplicate_json_keys_are_refused():
    record = '{"schema":1,"game":"papageno","game":"mouse_trap","config":{"num_players":2},"actions":[]}'
    with pytest.raises(ValueError, match="duplicate key 'game'"):
        GameRecord.from_json(record)
    game = MouseTrap(2)
    text = json.dumps(game.to_json(game.new_initial_state()))
    with pytest.raises(ValueError, match="duplicate key"):
        game.from_json(text.replace('"pile":', '"pile": 1, "pile":'))


def test_over_deep_json_is_a_value_error_not_a_recursion_error():
    with pytest.raises(ValueError, match="deeper"):
        GameRecord.from_json("[" * 100_000)
    with pytest.raises(ValueError, match="deeper"):
        loads("[" * 70 + "]" * 70)
    with pytest.raises(ValueError, match="deeper"):
        MouseTrap(2).from_json({"game": "mouse_trap", "config": {}, "state": [[[[[[[[]]]]]]]] * 1, "x": _deep(80)})


def _deep(n: int) -> Any:
    out: Any = []
    for _ in range(n):
        out = [out]
    return out


def test_nan_is_not_a_json_number():
    with pytest.raises(ValueError, match="NaN"):
        loads('{"returns": [NaN]}')


# -- bounded loading: validate_state is complete ------------------------------------------------
def saved(game: Any, state: Any, **changes: Any) -> dict[str, Any]:
    data = json.loads(json.dumps(game.to_json(state)))
    data["state"].update(changes)
    return data


def test_food_chain_card_at_row_a_billion_is_refused():
    game = FoodChain(2)
    state = advance(game, 0, lambda s: len(s.table) >= 3)
    far = Placed(10**9, 0, state.table[-1].card)
    data = json.loads(json.dumps(game.to_json(dataclasses.replace(state, table=(*state.table[:-1], far)))))
    with pytest.raises(ValueError, match="shares no side|square"):
        game.from_json(data)


def test_chop_chop_mouse_off_the_board_is_refused():
    game = ChopChop()
    state = game.new_initial_state()
    for cell in (-2, -(10**9), 10**9):
        with pytest.raises(ValueError, match="mice"):
            game.from_json(saved(game, state, mice=[cell, *state.mice[1:]]))


def test_chop_chop_turns_beyond_the_limit_are_refused():
    game = ChopChop()
    with pytest.raises(ValueError, match="max_turns"):
        game.from_json(saved(game, game.new_initial_state(), turns=10**9))


def test_papageno_round_wins_of_a_billion_are_refused():
    game = Papageno(2)
    state = advance(game, 0, lambda s: s.phase.name == "TURN")
    with pytest.raises(ValueError, match="round wins"):
        game.from_json(saved(game, state, round_wins=[10**9, 0]))


def test_papageno_face_up_card_turned_face_down_is_refused():
    game = Papageno(3)
    state = advance(game, 2, lambda s: s.phase.name == "TURN" and s.turns >= 3)
    grid = list(state.grids[0])
    pos = next(p for p, c in enumerate(grid) if c is not None)
    grid[pos] = None
    grids = [list(g) for g in state.grids]
    grids[0] = grid
    with pytest.raises(ValueError, match="seen"):
        game.from_json(saved(game, state, grids=grids))


def test_mouse_trap_take_amount_outside_its_phase_is_refused():
    game = MouseTrap(2)
    with pytest.raises(ValueError, match="take_amount"):
        game.from_json(saved(game, game.new_initial_state(), take_amount=10**9))
