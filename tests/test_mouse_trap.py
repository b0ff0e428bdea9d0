"""Mouse Trap rules (RULES.md §2), rule by rule, with scenarios written as small text boards.

A board lists one mouse per line, then the trap::

    Red     TURN CRANK     3 cheese   <- to move
    Blue    CHEESE WHEEL   5 cheese
    Yellow  caught
    trap 16

A space is named as printed on the board (its first occurrence on the track, or the
Loop's landmark) or given as ``#12`` (a position). The pile holds the rest of the 52.
On the default board: 0 START, 2 TAKE 1, 3 BUILD 2, 4 DOG BONE, 6 BACK 2, 7 BUILD 2-3,
8 TAKE 2, 10 LOSE 1, 12 AHEAD 3, 14 TAKE 3 FROM RICHEST, ..., 40 LOSE 1, then the Loop
41 SAFE, 42 TAKE 1, 43 BUILD 2-3-4, 44 TURN CRANK, 45 DOG BONE, 46 CHEESE WHEEL.
"""

from __future__ import annotations

import json
import math
import random
import re
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from boardgames_widgets import make_game
from boardgames_widgets.core import CHANCE, TERMINAL, GameOverError, IllegalActionError, InvalidActionError
from boardgames_widgets.core.rng import sample_outcome
from boardgames_widgets.games.mouse_trap import (
    DEFAULT_TRACK,
    MOUSE_NAMES,
    TRAP_PARTS,
    TRAP_STAGES,
    Crank,
    EndTurn,
    MouseTrap,
    MouseTrapConfig,
    MouseTrapState,
    MoveMouse,
    Phase,
    Roll,
    SpaceKind,
    TakeCheese,
    TrapOutcome,
    parse_space,
)

# ------------------------------------------------------------------------------------------
# text boards
# ------------------------------------------------------------------------------------------

_LINE = re.compile(
    r"^(?P<name>\w+)\s+(?:(?P<caught>caught)|(?P<space>#\d+|[A-Z][A-Z0-9 -]*?))\s*"
    r"(?:(?P<cheese>\d+) cheese)?\s*(?P<mover><- to move)?$"
)


def position(game: MouseTrap, space: str) -> int:
    """The position of a space named as on the board (first occurrence) or ``#n``."""
    if space.startswith("#"):
        return int(space[1:])
    return [str(s) for s in game.cfg.spaces].index(space)


def board(game: MouseTrap, text: str, **changes: object) -> MouseTrapState:
    """The state a text board describes (a ROLL phase unless ``changes`` say otherwise)."""
    n = game.num_players
    positions, caught, cheese = [0] * n, [False] * n, [0] * n
    mover = parts = 0
    for raw in text.strip().splitlines():
        line = raw.strip()
        if line.startswith("trap "):
            parts = int(line.split()[1])
            continue
        m = _LINE.match(line)
        assert m, f"bad board line {line!r}"
        seat = MOUSE_NAMES.index(m["name"])
        if m["caught"]:
            caught[seat] = True
            positions[seat] = game.cfg.num_spaces - 1
        else:
            positions[seat] = position(game, m["space"].strip())
            cheese[seat] = int(m["cheese"] or 0)
        if m["mover"]:
            mover = seat
    state = MouseTrapState(
        positions=tuple(positions),
        caught=tuple(caught),
        cheese=tuple(cheese),
        pile=game.cfg.cheese_supply - sum(cheese),
        parts_built=parts,
        mover=mover,
        phase=Phase.ROLL,
    )
    state = game.replace_state(state, **changes)
    game.validate_state(state)
    return state


def roll_to(game: MouseTrap, state: MouseTrapState, space: str) -> MouseTrapState:
    """Apply the roll that brings the mover's mouse to ``space`` (which must be 1..6 ahead)."""
    target = position(game, space)
    for d in range(1, 7):
        if game.cfg.forward(state.positions[state.mover], d) == target:
            return game.apply(state, Roll(d))
    raise AssertionError(f"{space} is not within one roll")


def conserved(game: MouseTrap, state: MouseTrapState) -> bool:
    return state.pile + sum(state.cheese) == game.cfg.cheese_supply


G2, G3, G4 = MouseTrap(2), MouseTrap(3), MouseTrap(4)
SAFE, CRANK, WHEEL = "SAFE", "TURN CRANK", "CHEESE WHEEL"


# ------------------------------------------------------------------------------------------
# the data tables
# ------------------------------------------------------------------------------------------


def test_default_track_has_every_space_type_about_40_spaces_and_a_6_space_loop():
    cfg = MouseTrapConfig()
    assert cfg.loop_start == 41  # START + 40 spaces
    assert cfg.loop_length == 6
    assert {s.kind for s in cfg.spaces} == set(SpaceKind)
    labels = {s.labels for s in cfg.spaces if s.kind is SpaceKind.BUILD}
    assert labels == {(2,), (2, 3), (2, 3, 4)}
    # the Loop's build space counts for every player count, so the trap always gets finished
    assert any(s.kind is SpaceKind.BUILD and s.labels == (2, 3, 4) for s in cfg.spaces[cfg.loop_start :])


def test_trap_has_16_named_parts_in_order_and_works_about_85_percent_as_the_product_of_its_stages():
    assert len(TRAP_PARTS) == 16
    assert TRAP_PARTS[0] == "base" and TRAP_PARTS[-1] == "cage"
    assert sorted(p for s in TRAP_STAGES for p in s.parts) == list(range(1, 17))
    p = MouseTrapConfig().trap_works
    assert p == math.prod((s.reliability for s in TRAP_STAGES), start=Fraction(1))
    assert abs(float(p) - 0.85) < 0.005


def test_spaces_parse_and_print_back():
    for text in (*DEFAULT_TRACK, "SAFE", "TURN CRANK", "CHEESE WHEEL"):
        assert str(parse_space(text)) == text
    for bad in ("BUILD 5", "TAKE", "BACK 0", "FLY 3", "BUILD 3-2"):
        with pytest.raises(ValueError):
            parse_space(bad)


def test_config_rebuilds_the_game_and_a_track_can_be_replaced():
    track = ["START", "TAKE 1", "BUILD 2-3-4", "BACK 1"]
    game = make_game("mouse_trap", num_players=3, track=track, max_rounds=50, stage_reliability=["1"] * 7)
    assert game.cfg.loop_start == 4
    again = make_game("mouse_trap", **json.loads(json.dumps(game.config())))
    assert again == game and again.config() == game.config()
    crank = board(game, "Red TURN CRANK\nBlue CHEESE WHEEL\nYellow START\ntrap 16", phase=Phase.CRANK)
    assert game.chance_outcomes(crank) == [(TrapOutcome(True), 1)]
    for bad in (
        {"track": ["TAKE 1"]},
        {"loop": ["SAFE", "TURN CRANK"]},
        {"stage_reliability": ["1/2"]},
        {"stage_reliability": ["0"] * 7},
        {"max_rounds": 0},
        {"first_player": 5},
        {"colour": "red"},
    ):
        with pytest.raises(ValueError):
            make_game("mouse_trap", num_players=2, **bad)
    with pytest.raises(ValueError):
        MouseTrap(5)


# ------------------------------------------------------------------------------------------
# MT-1, MT-2: turns and the cheese supply
# ------------------------------------------------------------------------------------------


def test_mt_1_mice_start_on_start_and_the_first_player_rolls_one_fair_die():
    """MT-1: every mouse on START; the chosen first player rolls; the die is fair."""
    game = MouseTrap(3, first_player=1)
    s = game.new_initial_state()
    assert s.positions == (0, 0, 0) and s.mover == 1
    assert game.current_player(s) == CHANCE and game.legal_actions(s) == []
    assert game.chance_outcomes(s) == [(Roll(d), Fraction(1, 6)) for d in range(1, 7)]


def test_mt_1_the_mouse_moves_the_roll_and_play_goes_clockwise_sharing_spaces():
    """MT-1: move exactly the roll, resolve the space, next player clockwise; mice share spaces."""
    s = board(G3, "Red START <- to move\nBlue DOG BONE\nYellow START")
    s = G3.apply(s, Roll(4))  # Red onto #4 DOG BONE, where Blue already is
    assert s.positions == (4, 4, 0)
    assert s.mover == 1 and s.phase is Phase.ROLL
    s = G3.apply(G3.apply(s, Roll(1)), Roll(1))
    assert s.mover == 0 and s.round == 2  # Yellow passed back to Red: a new round


def test_mt_2_cheese_gathered_from_pile_and_spent_to_move_opponents_returns_to_the_pile():
    """MT-2: cheese comes from the pile and from players; spending it (MT-MO) returns it to the pile."""
    s = board(G2, "Red #40 2 cheese <- to move\nBlue #30\ntrap 16")
    s = G2.apply(s, Roll(4))  # 40 + 4 = Loop index 3: TURN CRANK
    assert s.phase is Phase.AT_CRANK
    pile = s.pile
    s = G2.apply(s, MoveMouse(1))
    assert s.pile == pile + 1 and s.cheese[0] == 1 and conserved(G2, s)


def _random_walk(game: MouseTrap, choices: list[int]) -> list[MouseTrapState]:
    state = game.new_initial_state()
    states = [state]
    for k in choices:
        if game.is_terminal(state):
            break
        if game.is_chance_node(state):
            outcomes = game.chance_outcomes(state)
            action = outcomes[k % len(outcomes)][0]
        else:
            legal = game.legal_actions(state)
            action = legal[k % len(legal)]
        state = game.apply(state, action)
        states.append(state)
    return states


@settings(max_examples=60, deadline=None)
@given(n=st.integers(2, 4), choices=st.lists(st.integers(0, 10**6), min_size=50, max_size=600))
def test_mt_2_the_52_cheese_are_conserved_in_every_reachable_state(n, choices):
    """MT-2 (property): pile + everybody's cheese is always 52; caught players hold none."""
    game = [G2, G3, G4][n - 2]
    for state in _random_walk(game, choices):
        assert state.pile + sum(state.cheese) == 52
        assert min(state.cheese) >= 0 and state.pile >= 0
        assert all(c == 0 for c, out in zip(state.cheese, state.caught, strict=True) if out)
        game.validate_state(state)


def test_mt_2_a_state_that_loses_cheese_is_rejected_on_load():
    s = board(G2, "Red START 3 cheese\nBlue START")
    bad = G2.replace_state(s, pile=s.pile - 1)
    with pytest.raises(ValueError, match="MT-2"):
        G2.validate_state(bad)
    data = G2.to_json(bad)
    with pytest.raises(ValueError):
        G2.from_json(data)


# ------------------------------------------------------------------------------------------
# MT-B, MT-P: building
# ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("game", "space", "builds"),
    [
        (G4, "BUILD 2-3-4", True),
        (G4, "BUILD 2-3", False),
        (G4, "BUILD 2", False),
        (G3, "BUILD 2-3-4", True),
        (G3, "BUILD 2-3", True),
        (G3, "BUILD 2", False),
        (G2, "BUILD 2", True),
        (G2, "BUILD 2-3", True),
        (G2, "BUILD 2-3-4", True),
    ],
    ids=lambda v: v if isinstance(v, str) else None,
)
def test_mt_b_build_only_when_the_player_count_is_on_the_label(game, space, builds):
    """MT-B: 4 players build on 2-3-4 only; 3 on 2-3 and 2-3-4; 2 on any; a build takes 1 cheese."""
    text = "\n".join(f"{MOUSE_NAMES[p]} START" for p in range(game.num_players))
    s = board(game, text + "\ntrap 5")
    target = position(game, space)
    s = game.replace_state(s, positions=(target - 1, *s.positions[1:]))
    s = game.apply(s, Roll(1))
    assert s.positions[0] == target
    assert s.parts_built == (6 if builds else 5)
    assert s.cheese[0] == (1 if builds else 0)


def test_mt_b_a_build_space_in_the_loop_adds_two_parts_and_takes_two_cheese():
    """MT-B: in the Loop a build adds 2 parts and 2 cheese; a complete trap ignores build spaces."""
    s = board(G4, "Red SAFE <- to move\nBlue START\nYellow START\nGreen START\ntrap 7")
    s = roll_to(G4, s, "#43")  # the Loop's BUILD 2-3-4
    assert s.positions[0] == 43 and s.parts_built == 9 and s.cheese[0] == 2
    s = board(G4, "Red SAFE\nBlue START\nYellow START\nGreen START\ntrap 15")
    s = G4.apply(s, Roll(2))
    assert s.parts_built == 16 and s.cheese[0] == 1  # only the cage was missing: 1 part, 1 cheese
    s = board(G4, "Red SAFE\nBlue START\nYellow START\nGreen START\ntrap 16")
    s = G4.apply(s, Roll(2))
    assert s.parts_built == 16 and s.cheese[0] == 0 and "complete" in s.event


def test_mt_b_build_cheese_with_an_empty_pile_comes_from_the_richest_opponent():
    """MT-B with MT-TC: the cheese for building comes from the richest opponent when the pile is empty."""
    s = board(G3, "Red START 10 cheese\nBlue START 40 cheese\nYellow START 2 cheese")
    assert s.pile == 0
    s = G3.apply(s, Roll(1))  # #1 BUILD 2-3-4
    assert s.parts_built == 1 and s.cheese == (11, 39, 2)


def test_mt_p_parts_are_added_strictly_in_numerical_order():
    """MT-P: part 1 (base) first, then 2, 3, ...; the event names the parts added."""
    s = board(G2, "Red START <- to move\nBlue START")
    s = G2.apply(s, Roll(1))
    assert s.parts_built == 1 and "base" in s.event
    s = G2.apply(s, Roll(1))
    assert s.parts_built == 2 and "gear support" in s.event
    s = board(G2, "Red SAFE\nBlue START\ntrap 2")
    s = G2.apply(s, Roll(2))
    assert s.parts_built == 4 and "gears, crank" in s.event


def test_mt_p_the_trap_cannot_be_sprung_before_it_is_complete():
    """MT-P: on the Turn Crank with an opponent on the Cheese Wheel, an incomplete trap does nothing."""
    s = board(G2, "Red SAFE 5 cheese\nBlue CHEESE WHEEL\ntrap 15")
    s = roll_to(G2, s, CRANK)
    assert s.phase is Phase.ROLL and s.mover == 1 and not any(s.caught)
    # even where moving opponents is allowed before completion, the crank is not
    game = MouseTrap(2, move_needs_complete_trap=False)
    s = board(game, "Red TURN CRANK 5 cheese\nBlue CHEESE WHEEL\ntrap 15", phase=Phase.AT_CRANK)
    assert game.legal_actions(s) == [MoveMouse(1), EndTurn()]
    with pytest.raises(IllegalActionError, match="MT-P") as err:
        game.apply(s, Crank())
    assert err.value.rule == "MT-P"


# ------------------------------------------------------------------------------------------
# MT-BA, MT-TC, MT-T3, MT-LC, MT-DB, MT-CW: the spaces
# ------------------------------------------------------------------------------------------


def test_mt_ba_back_and_ahead_move_exactly_n_and_the_space_reached_is_not_resolved():
    """MT-BA: BACK 4 from #34 reaches #30 LOSE 1 (no cheese lost); AHEAD 2 from #26 reaches #28 TAKE 1 (none taken)."""
    s = board(G2, "Red #30 5 cheese\nBlue START")
    s = G2.apply(s, Roll(4))  # 30 + 4 = #34 BACK 4 -> #30 LOSE 1
    assert s.positions[0] == 30 and s.cheese[0] == 5 and s.pile == 47
    s = board(G2, "Red #22\nBlue START")
    s = G2.apply(s, Roll(4))  # #26 AHEAD 2 -> #28 TAKE 1
    assert s.positions[0] == 28 and s.cheese[0] == 0 and s.pile == 52
    s = board(G2, "Red #9\nBlue START")
    s = G2.apply(s, Roll(3))  # #12 AHEAD 3 -> #15 BUILD 2-3: no building
    assert s.positions[0] == 15 and s.parts_built == 0
    s = board(G2, "Red START\nBlue START")
    s = G2.apply(s, Roll(6))  # #6 BACK 2 -> #4 DOG BONE
    assert s.positions[0] == 4 and s.mover == 1


def test_mt_ba_back_never_goes_behind_start_and_ahead_can_enter_the_loop():
    """MT-BA: a custom track: BACK 5 from #2 stops on START; AHEAD 4 from #39 goes round into the Loop."""
    game = MouseTrap(2, track=["START", "DOG BONE", "BACK 5"])
    s = game.apply(board(game, "Red START\nBlue START"), Roll(2))
    assert s.positions[0] == 0
    s = board(G2, "Red #38\nBlue START")
    s = G2.apply(s, Roll(1))  # #39 AHEAD 1 -> #40 (LOSE 1, not resolved)
    assert s.positions[0] == 40


def test_mt_tc_take_from_the_pile_and_from_the_richest_opponent_when_it_is_empty():
    """MT-TC: TAKE 2 from the pile; with an empty pile from the opponent with the most cheese."""
    s = G3.apply(board(G3, "Red #6\nBlue START\nYellow START"), Roll(2))  # #8 TAKE 2
    assert s.cheese == (2, 0, 0) and s.pile == 50
    s = board(G3, "Red #6 10 cheese\nBlue START 30 cheese\nYellow START 12 cheese")
    s = G3.apply(s, Roll(2))
    assert s.cheese == (12, 28, 12) and s.pile == 0
    # a pile with 1 piece: that one, then 1 from the richest
    s = board(G3, "Red #6 10 cheese\nBlue START 29 cheese\nYellow START 12 cheese")
    s = G3.apply(s, Roll(2))
    assert s.cheese == (12, 28, 12) and s.pile == 0
    # the richest opponent has fewer than N: take what they have
    s = board(G2, "Red #6 51 cheese\nBlue START 1 cheese")
    s = G2.apply(s, Roll(2))
    assert s.cheese == (52, 0) and s.phase is Phase.ROLL


def test_mt_tc_a_tie_for_the_most_is_the_movers_choice_all_from_one_or_split():
    """MT-TC tie: Blue and Yellow both have 20 and the pile is empty: Red chooses how to take 2."""
    s = board(G4, "Red #6 10 cheese <- to move\nBlue START 20 cheese\nYellow START 20 cheese\nGreen START 2 cheese")
    s = G4.apply(s, Roll(2))  # #8 TAKE 2
    assert s.phase is Phase.TAKE_CHOICE and G4.current_player(s) == 0
    options = G4.legal_actions(s)
    assert [str(a) for a in options] == ["take 2 from Yellow", "take 1 from Blue, 1 from Yellow", "take 2 from Blue"]
    after = G4.apply(s, G4.parse_action("take 2 from Blue"))
    assert after.cheese == (12, 18, 20, 2) and after.mover == 1 and after.phase is Phase.ROLL
    after = G4.apply(s, TakeCheese(((1, 1), (2, 1))))
    assert after.cheese == (12, 19, 19, 2)
    with pytest.raises(IllegalActionError, match="MT-TC"):
        G4.apply(s, TakeCheese(((3, 2),)))  # Green is not among the richest
    with pytest.raises(IllegalActionError, match="MT-TC"):
        G4.apply(s, TakeCheese(((1, 1),)))  # too little


def test_mt_tc_a_tie_of_opponents_with_one_piece_each_leaves_no_choice():
    """MT-TC: take 2 from two opponents with 1 each: only the split takes the whole amount."""
    s = board(G3, "Red #6 50 cheese\nBlue START 1 cheese\nYellow START 1 cheese")
    s = G3.apply(s, Roll(2))
    assert s.phase is Phase.ROLL and s.cheese == (52, 0, 0)


def test_mt_t3_take_three_from_the_richest_opponent_even_if_the_pile_has_cheese():
    """MT-T3: #14 takes 3 from the richest opponent although the pile is full."""
    s = board(G3, "Red #12\nBlue START 5 cheese\nYellow START 4 cheese")
    s = G3.apply(s, Roll(2))
    assert s.cheese == (3, 2, 4) and s.pile == 43
    s = board(G3, "Red #12\nBlue START 2 cheese\nYellow START 1 cheese")
    s = G3.apply(s, Roll(2))  # the richest has only 2: take what they have
    assert s.cheese == (2, 0, 1)
    s = board(G3, "Red #12\nBlue START\nYellow START")
    s = G3.apply(s, Roll(2))  # nobody has any
    assert s.cheese == (0, 0, 0) and "nobody" in s.event


def test_mt_t3_ties_are_the_movers_choice_as_in_mt_tc():
    """MT-T3 tie: Blue and Yellow both have 2; Red takes 3: every allocation takes all 3 available."""
    s = board(G3, "Red #12\nBlue START 2 cheese\nYellow START 2 cheese")
    s = G3.apply(s, Roll(2))
    assert s.phase is Phase.TAKE_CHOICE
    assert {str(a) for a in G3.legal_actions(s)} == {
        "take 1 from Blue, 2 from Yellow",
        "take 2 from Blue, 1 from Yellow",
    }
    s = G3.apply(s, G3.legal_actions(s)[0])
    assert s.cheese[0] == 3 and sum(s.cheese) == 4


def test_mt_lc_lose_returns_cheese_to_the_pile_or_all_you_have():
    """MT-LC: LOSE 2 returns 2; with only 1, returns that one."""
    s = G2.apply(board(G2, "Red #20 5 cheese\nBlue START"), Roll(1))  # #21 LOSE 2
    assert s.cheese[0] == 3 and s.pile == 49
    s = G2.apply(board(G2, "Red #20 1 cheese\nBlue START"), Roll(1))
    assert s.cheese[0] == 0 and s.pile == 52


def test_mt_db_the_dog_bone_does_nothing():
    """MT-DB: landing on the dog bone changes nothing but the position and the turn."""
    before = board(G2, "Red START 3 cheese\nBlue START 4 cheese\ntrap 3")
    after = G2.apply(before, Roll(4))
    assert after.positions == (4, 0) and after.cheese == before.cheese and after.pile == before.pile
    assert after.parts_built == 3 and after.mover == 1


def test_mt_cw_the_cheese_wheel_gives_two_cheese_or_takes_them_from_the_richest():
    """MT-CW: 2 from the pile; with an empty pile from the richest opponent as in MT-TC."""
    s = roll_to(G2, board(G2, "Red #42\nBlue START"), WHEEL)
    assert s.cheese[0] == 2
    s = roll_to(G3, board(G3, "Red #42 2 cheese\nBlue START 40 cheese\nYellow START 10 cheese"), WHEEL)
    assert s.cheese == (4, 38, 10)


# ------------------------------------------------------------------------------------------
# MT-L: the Loop
# ------------------------------------------------------------------------------------------


def test_mt_l_the_loop_is_a_cycle_from_safe_to_the_cheese_wheel_and_round_again():
    """MT-L: from the Cheese Wheel a roll of 1 reaches Safe; a long roll into the Loop wraps round."""
    cfg = MouseTrapConfig()
    assert [str(s) for s in cfg.spaces[41:]] == ["SAFE", "TAKE 1", "BUILD 2-3-4", "TURN CRANK", "DOG BONE", WHEEL]
    assert cfg.forward(46, 1) == 41
    assert cfg.forward(46, 6) == 46
    assert cfg.forward(40, 6) == 46
    assert all(41 <= cfg.forward(p, d) <= 46 for p in range(41, 47) for d in range(1, 7))
    s = G2.apply(board(G2, "Red CHEESE WHEEL\nBlue START"), Roll(1))
    assert s.positions[0] == 41  # Safe: nothing happens
    assert s.cheese[0] == 0


# ------------------------------------------------------------------------------------------
# MT-T, MT-MO, MT-W: the trap, moving opponents, the end
# ------------------------------------------------------------------------------------------


def test_mt_t_crank_is_a_chance_node_with_the_exact_product_of_stage_reliabilities():
    """MT-T: landing on the Turn Crank with an opponent on the wheel and no cheese: the crank turns."""
    s = board(G2, "Red DOG BONE\nBlue CHEESE WHEEL\ntrap 16", positions=(43, 46))
    s = G2.apply(s, Roll(1))
    assert s.phase is Phase.CRANK and G2.current_player(s) == CHANCE
    p = math.prod((st.reliability for st in TRAP_STAGES), start=Fraction(1))
    assert G2.chance_outcomes(s) == [(TrapOutcome(True), p), (TrapOutcome(False), 1 - p)]


def test_mt_t_must_crank_when_an_opponent_is_on_the_wheel_and_may_not_otherwise():
    """MT-T: with an opponent on the wheel the turn cannot end without cranking; without one, no crank."""
    s = board(G3, "Red TURN CRANK 2 cheese\nBlue CHEESE WHEEL\nYellow #10\ntrap 16", phase=Phase.AT_CRANK)
    assert G3.legal_actions(s) == [MoveMouse(1), MoveMouse(2), Crank()]
    with pytest.raises(IllegalActionError, match="MT-T"):
        G3.apply(s, EndTurn())
    s = board(G3, "Red TURN CRANK 2 cheese\nBlue #20\nYellow #10\ntrap 16", phase=Phase.AT_CRANK)
    assert G3.legal_actions(s) == [MoveMouse(1), MoveMouse(2), EndTurn()]
    with pytest.raises(IllegalActionError, match="MT-T"):
        G3.apply(s, Crank())


def test_mt_t_two_mice_on_the_wheel_are_caught_at_once_and_their_cheese_goes_to_the_cranker():
    """MT-T: the trap works: Blue and Yellow on the wheel are both caught; their cheese goes to Red."""
    s = board(
        G4,
        "Red TURN CRANK 4 cheese\nBlue CHEESE WHEEL 6 cheese\nYellow CHEESE WHEEL 3 cheese\nGreen #12 5 cheese\ntrap 16",
    )
    s = G4.replace_state(s, phase=Phase.CRANK)
    s = G4.apply(s, TrapOutcome(True))
    assert s.caught == (False, True, True, False)
    assert s.cheese == (13, 0, 0, 5) and conserved(G4, s)
    assert s.mover == 3 and s.phase is Phase.ROLL  # Blue and Yellow are skipped
    s = G4.apply(s, Roll(2))  # Green #14 TAKE 3 FROM RICHEST: caught players are not opponents any more
    assert s.cheese == (10, 0, 0, 8)
    assert s.mover == 0


def test_mt_t_a_failed_trap_sends_every_mouse_on_the_wheel_to_safe():
    """MT-T: the trap fails: the mice on the wheel move at once to Safe and keep their cheese."""
    s = board(G3, "Red TURN CRANK 1 cheese\nBlue CHEESE WHEEL 6 cheese\nYellow CHEESE WHEEL 3 cheese\ntrap 16")
    s = G3.apply(G3.replace_state(s, phase=Phase.CRANK), TrapOutcome(False))
    safe = position(G3, SAFE)
    assert s.positions == (position(G3, CRANK), safe, safe)
    assert s.cheese == (1, 6, 3) and not any(s.caught)
    assert s.mover == 1 and s.phase is Phase.ROLL  # one crank per turn


def test_mt_mo_moving_an_opponent_repeatedly_while_cheese_lasts():
    """MT-MO: each move costs 1 cheese and rolls the die (a chance node); it stops when the cheese runs out."""
    s = board(G3, "Red #40 3 cheese <- to move\nBlue #20 5 cheese\nYellow SAFE\ntrap 16")
    s = G3.apply(s, Roll(4))  # Red onto the Turn Crank
    assert s.phase is Phase.AT_CRANK
    assert G3.legal_actions(s) == [MoveMouse(1), EndTurn()]  # Yellow is on Safe: not movable
    for roll, expected in ((2, 22), (3, 25), (1, 26)):  # #22 BUILD, #25 DOG BONE, #26 AHEAD 2 — none resolved
        s = G3.apply(s, MoveMouse(1))
        assert s.phase is Phase.MOVE_ROLL and G3.current_player(s) == CHANCE
        assert G3.chance_outcomes(s) == [(Roll(d), Fraction(1, 6)) for d in range(1, 7)]
        s = G3.apply(s, Roll(roll))
        assert s.positions[1] == expected
    assert s.parts_built == 16 and s.cheese == (0, 5, 0) and s.pile == 47
    assert s.phase is Phase.ROLL and s.mover == 1  # no cheese left: the turn ended by itself


def test_mt_mo_the_space_a_moved_mouse_reaches_is_not_resolved_and_the_wheel_means_crank():
    """MT-MO: Blue is moved onto the Loop's TAKE 1 (gets nothing), then onto the wheel: Red must crank."""
    s = board(G2, "Red TURN CRANK 2 cheese\nBlue SAFE\ntrap 16", phase=Phase.AT_CRANK, positions=(44, 40))
    s = G2.apply(G2.apply(s, MoveMouse(1)), Roll(2))  # #40 + 2 = #42 TAKE 1
    assert s.positions[1] == 42 and s.cheese == (1, 0)
    s = G2.apply(G2.apply(s, MoveMouse(1)), Roll(4))  # #42 + 4 = #46 CHEESE WHEEL: no cheese for Blue
    assert s.positions[1] == 46 and s.cheese == (0, 0)
    assert s.phase is Phase.CRANK  # no cheese left and a mouse on the wheel: the crank turns
    s = G2.apply(s, TrapOutcome(True))
    assert G2.is_terminal(s) and G2.returns(s) == (1.0, 0.0)


def test_mt_mo_mice_on_safe_cannot_be_moved_nor_own_or_caught_mice():
    """MT-MO: a mouse on Safe, your own mouse and a caught mouse cannot be moved; no cheese, no moving."""
    s = board(G4, "Red TURN CRANK 3 cheese\nBlue SAFE\nYellow caught\nGreen #30\ntrap 16", phase=Phase.AT_CRANK)
    assert G4.legal_actions(s) == [MoveMouse(3), EndTurn()]
    for bad in (MoveMouse(1), MoveMouse(0), MoveMouse(2)):
        with pytest.raises(IllegalActionError, match="MT-MO"):
            G4.apply(s, bad)
    # with no cheese there is nothing to decide: landing on the crank just ends the turn
    s = board(G2, "Red #43\nBlue #30\ntrap 16")
    s = G2.apply(s, Roll(1))
    assert s.phase is Phase.ROLL and s.mover == 1


def test_mt_mo_needs_a_complete_trap_by_default():
    """MT-MO (assumption move_needs_complete_trap): before the trap is complete, no paying to move mice."""
    s = board(G2, "Red #43 5 cheese\nBlue #30\ntrap 15")
    s = G2.apply(s, Roll(1))
    assert s.phase is Phase.ROLL and s.cheese[0] == 5


def test_mt_w_the_last_free_mouse_wins():
    """MT-W: when the crank catches the last opponent, the cranker has the last free mouse and wins."""
    s = board(G3, "Red TURN CRANK\nBlue CHEESE WHEEL 4 cheese\nYellow caught\ntrap 16", phase=Phase.CRANK)
    s = G3.apply(s, TrapOutcome(True))
    assert G3.current_player(s) == TERMINAL and s.winners == (0,)
    assert G3.returns(s) == (1.0, 0.0, 0.0)
    assert G3.legal_actions(s) == [] and G3.chance_outcomes(s) == []
    with pytest.raises(GameOverError):
        G3.apply(s, Roll(1))
    assert "Red wins" in G3.describe(s)


def test_mt_w_after_max_rounds_the_most_cheese_wins_and_ties_share():
    """MT-W with the documented limit: after max_rounds rounds the free player(s) with the most cheese win."""
    game = MouseTrap(3, max_rounds=1)
    s = board(game, "Red START 5 cheese\nBlue START 5 cheese\nYellow START 2 cheese", mover=2)
    s = game.apply(s, Roll(4))  # Yellow on the dog bone ends round 1
    assert game.is_terminal(s) and s.winners == (0, 1)
    assert game.returns(s) == (0.5, 0.5, 0.0)


def test_caught_players_turns_are_skipped_and_they_cannot_act():
    """MT-T assumption: a caught mouse is out of the game; its player never moves again."""
    s = board(G4, "Red START <- to move\nBlue caught\nYellow caught\nGreen START")
    s = G4.apply(s, Roll(4))
    assert s.mover == 3
    s = G4.apply(s, Roll(4))
    assert s.mover == 0 and s.round == 2


# ------------------------------------------------------------------------------------------
# the API: actions, errors, words, records
# ------------------------------------------------------------------------------------------


def test_actions_print_and_parse_back_and_bad_text_is_rejected():
    for action in (Roll(3), TrapOutcome(True), TrapOutcome(False), Crank(), EndTurn(), MoveMouse(2),
                   TakeCheese(((1, 2), (3, 1)))):  # fmt: skip
        assert G4.parse_action(str(action)) == action
    assert G4.parse_action("  Move   blue ") == MoveMouse(1)
    for bad in ("roll 7", "roll x", "move Purple", "take 2 from", "take 1 from Blue, 1 from Blue", "jump", 3):
        with pytest.raises(InvalidActionError):
            G4.parse_action(bad)  # type: ignore[arg-type]


def test_wrong_actions_raise_game_errors_naming_a_rule():
    s = G2.new_initial_state()
    with pytest.raises(IllegalActionError, match="MT-1"):
        G2.apply(s, Crank())
    with pytest.raises(IllegalActionError):
        G2.apply(s, Roll(7))
    with pytest.raises(InvalidActionError):
        G2.apply(s, "roll 3")  # type: ignore[arg-type]
    crank = board(G2, "Red TURN CRANK\nBlue CHEESE WHEEL\ntrap 16", phase=Phase.CRANK)
    with pytest.raises(IllegalActionError, match="MT-T"):
        G2.apply(crank, Roll(2))
    always = MouseTrap(2, stage_reliability=["1"] * 7)
    with pytest.raises(IllegalActionError):
        always.apply(crank, TrapOutcome(False))


def test_describe_is_one_line_in_words_and_the_game_is_repeatable():
    game = MouseTrap(4)
    rng = random.Random(3)
    s = game.new_initial_state()
    seen = []
    while not game.is_terminal(s):
        line = game.describe(s)
        assert "\n" not in line and line.startswith("Mouse Trap, round")
        seen.append(line)
        if game.is_chance_node(s):
            a = sample_outcome(game.chance_outcomes(s), rng)
        else:
            legal = game.legal_actions(s)
            a = legal[rng.randrange(len(legal))]
        s = game.apply(s, a)
    assert "wins" in game.describe(s)
    assert any("to roll" in line for line in seen)


def test_observation_shows_everything_and_round_trips_through_json():
    s = board(G3, "Red TURN CRANK 1 cheese\nBlue CHEESE WHEEL\nYellow #5\ntrap 16", phase=Phase.AT_CRANK)
    obs = G3.observation(s, 2)
    assert obs.player == 2 and obs.state == s
    assert G3.from_json(json.loads(json.dumps(G3.to_json(s)))) == s
