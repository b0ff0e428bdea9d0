"""Food Chain rules, one test (at least) per rule ID of RULES.md §4.

Scenario boards are written as text: ``D`` dog, ``C`` cat, ``M`` mouse, ``S`` the
start card, ``3a`` a cheese of value 3 owned by player a (0), ``1b`` player b (1),
``.`` an empty place. The top-left character is at row 0, column 0.
"""

from __future__ import annotations

import json
import random
import re
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from boardgames_widgets import GameRecord, IllegalActionError, RandomAgent, make_game, play_game
from boardgames_widgets.core import CHANCE, TERMINAL, GameOverError, InvalidActionError
from boardgames_widgets.core.codec import encode
from boardgames_widgets.core.rng import sample_outcome
from boardgames_widgets.games.food_chain import (
    CAT,
    CHEESE,
    DOG,
    MOUSE,
    START,
    Card,
    Draw,
    FoodChain,
    FoodChainState,
    Place,
    Placed,
)
from boardgames_widgets.games.food_chain.rules import CARDS_PER_PLAYER, check_conservation, score

KINDS = {"D": DOG, "C": CAT, "M": MOUSE, "S": START}


def table(text: str) -> tuple[Placed, ...]:
    """Cards on the table from a text board (see the module docstring)."""
    out = []
    for r, line in enumerate(text.strip("\n").splitlines()):
        for c, token in enumerate(line.split()):
            if token == ".":
                continue
            if token in KINDS:
                out.append(Placed(r, c, Card(KINDS[token])))
            else:
                out.append(Placed(r, c, Card(CHEESE, int(token[0]), ord(token[1]) - ord("a"))))
    return tuple(out)


def deal(game: FoodChain, seed: int = 0) -> FoodChainState:
    """The state after the opening draws, dealt with a seed."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    while game.current_player(state) == CHANCE:
        state = game.apply(state, sample_outcome(game.chance_outcomes(state), rng))
    return state


def finished_state(text: str, num_players: int = 2) -> FoodChainState:
    """A terminal state whose table is ``text`` (hands empty, everyone has placed 12)."""
    return FoodChainState(
        num_players, table(text), ((),) * num_players, (0, 0, 0), (), (), 0, (CARDS_PER_PLAYER,) * num_players
    )


# -- setup ---------------------------------------------------------------------------------
@pytest.mark.parametrize("n", [2, 3, 4])
def test_FC_S1_each_player_holds_one_cheese_set_of_their_own_shape(n):
    state = FoodChain(n).new_initial_state()
    for player, hand in enumerate(state.hands):
        cheese = [c for c in hand if c.kind == CHEESE]
        assert sorted(c.value for c in cheese) == [1, 1, 2, 2, 3, 3]
        assert {c.owner for c in cheese} == {player}


@pytest.mark.parametrize(("n", "deck"), [(2, (3, 6, 9)), (3, (4, 9, 14)), (4, (6, 12, 18))])
def test_FC_S2_animal_cards_removed_by_player_count(n, deck):
    game = FoodChain(n)
    assert game.deck() == deck
    assert game.new_initial_state().pile == deck


@pytest.mark.parametrize(("n", "start"), [(2, True), (3, False), (4, True)])
def test_FC_S3_start_card_only_with_2_or_4_players_and_the_pile_is_face_down(n, start):
    game = FoodChain(n)
    state = game.new_initial_state()
    assert (state.table == (Placed(0, 0, Card(START)),)) == start
    assert state.table == () or start
    # the pile is shuffled face down: a draw is a chance node over the kinds left, exactly weighted
    outcomes = dict(game.chance_outcomes(state))
    total = sum(game.deck())
    assert outcomes == {
        Draw(0, kind): Fraction(c, total) for kind, c in zip((DOG, CAT, MOUSE), game.deck(), strict=True)
    }


def test_FC_S4_everyone_draws_two_cards_before_the_first_turn():
    game = FoodChain(3)
    state = game.new_initial_state()
    assert state.to_draw == (0, 1, 2, 0, 1, 2)
    state = deal(game)
    assert game.current_player(state) == 0
    assert [len(h) for h in state.hands] == [8, 8, 8]
    assert sum(state.pile) == sum(game.deck()) - 6


# -- turns ---------------------------------------------------------------------------------
def test_FC_T1_a_card_must_share_a_side_with_a_card_on_the_table():
    game = FoodChain(2)
    state = deal(game)
    state = game.apply(state, Place(CHEESE, 1, 0, 1))  # next to the start card
    state = game.apply(state, game.chance_outcomes(state)[0][0])
    with pytest.raises(IllegalActionError, match="FC-T1") as info:
        game.apply(state, Place(CHEESE, 1, 1, -1))  # diagonal to the start card only: no shared side
    assert info.value.rule == "FC-T1"
    with pytest.raises(IllegalActionError, match="FC-T1.*already holds"):
        game.apply(state, Place(CHEESE, 1, 0, 1))
    state2 = game.apply(state, Place(CHEESE, 1, 0, 2))
    assert Placed(0, 2, Card(CHEESE, 1, 1)) in state2.table


def test_FC_T1_only_cards_from_your_own_hand():
    game = FoodChain(2)
    state = deal(game)
    dogs_in_hand = sum(1 for c in state.hands[0] if c.kind == DOG)
    if dogs_in_hand == 0:
        with pytest.raises(IllegalActionError, match="FC-T1: player 0 has no dog"):
            game.apply(state, Place(DOG, 0, 0, 1))
    # cheese of another value than the hand holds
    with pytest.raises(IllegalActionError, match="FC-T1: player 0 has no cheese5"):
        game.apply(state, Place(CHEESE, 5, 0, 1))


def test_FC_T2_cards_must_fit_in_an_N_by_N_square():
    game = FoodChain(2)  # N = 5
    row = " ".join(["S", "1a", "1b", "2a", "2b"])  # five cards in a row: the row is full
    state = FoodChainState(2, table(row), deal(game).hands, (3, 6, 9), (), (), 0, (2, 2))
    with pytest.raises(IllegalActionError, match="FC-T2: .* 5×5 square"):
        game.apply(state, Place(CHEESE, 3, 0, 5))
    cells = game.legal_cells(state)
    assert all(0 <= c <= 4 for _, c in cells)
    assert (1, 4) in cells and (-1, 0) in cells


def test_FC_T3_first_card_goes_next_to_the_start_card_with_2_players():
    game = FoodChain(2)
    state = deal(game)
    assert sorted(game.legal_cells(state)) == [(-1, 0), (0, -1), (0, 1), (1, 0)]
    with pytest.raises(IllegalActionError, match="FC-T3"):
        game.apply(state, Place(CHEESE, 1, 2, 2))


def test_FC_T3_with_3_players_the_first_card_may_go_anywhere():
    game = FoodChain(3)
    state = deal(game)
    assert game.legal_cells(state) == [(0, 0)]  # anywhere, up to translation: it marks (0, 0)
    state = game.apply(state, Place(CHEESE, 2, 0, 0))
    assert state.table == (Placed(0, 0, Card(CHEESE, 2, 0)),)


def test_FC_T4_draw_after_each_turn_until_the_pile_is_empty():
    game = FoodChain(2)
    state = deal(game)
    after = game.apply(state, Place(CHEESE, 1, 0, 1))
    assert game.current_player(after) == CHANCE and after.to_draw == (0,)
    # an empty pile: no draw, play goes on with the cards in hand
    empty = FoodChainState(2, state.table, state.hands, (0, 0, 0), (), (), 0, (0, 0))
    after = game.apply(empty, Place(CHEESE, 1, 0, 1))
    assert after.to_draw == () and game.current_player(after) == 1
    with pytest.raises(IllegalActionError, match="FC-T4"):
        game.apply(game.apply(state, Place(CHEESE, 1, 0, 1)), Place(CHEESE, 1, 0, 2))


def test_FC_T4_an_impossible_draw_is_rejected():
    game = FoodChain(2)
    state = FoodChainState(2, (), game.new_initial_state().hands, (0, 1, 0), (), (0,), 0, (0, 0))
    with pytest.raises(IllegalActionError, match="FC-T4.*impossible"):
        game.apply(state, Draw(0, DOG))


# -- the end -------------------------------------------------------------------------------
@pytest.mark.parametrize("n", [2, 3, 4])
def test_FC_E1_game_ends_when_the_square_is_full_and_everyone_placed_12(n):
    game = FoodChain(n)
    record = play_game(game, [RandomAgent()] * n, seed=5)
    final = record.final_state()
    assert game.current_player(final) == TERMINAL
    assert final.placed == (12,) * n
    side = game.side
    rows = {p.row for p in final.table}
    cols = {p.col for p in final.table}
    assert len(final.table) == side * side and len(rows) == side and len(cols) == side
    with pytest.raises(GameOverError):
        game.apply(final, Place(CAT, 0, 9, 9))


def test_FC_E2_removals_happen_in_order_each_step_all_at_once():
    # the dog scares the cat away, so the mouse next to it survives and eats the cheese;
    # the other cat (no dog nearby) catches its mouse, which therefore eats nothing
    state = finished_state(
        """
        D C M 1a
        . . . .
        C M 2b .
        """
    )
    s = score(state)
    assert [(p.row, p.col) for p in s.fled_cats] == [(0, 1)]
    assert [(p.row, p.col) for p in s.caught_mice] == [(2, 1)]
    assert [(p.row, p.col) for p in s.eaten_cheese] == [(0, 3)]
    assert s.points == (0, 2)
    assert s.removed() == s.fled_cats + s.caught_mice + s.eaten_cheese


def test_FC_E2_next_to_means_sharing_a_side_not_a_corner():
    state = finished_state(
        """
        D .
        . C
        M .
        """
    )
    assert score(state).fled_cats == ()
    assert [(p.row, p.col) for p in score(state).caught_mice] == []  # the mouse is diagonal to the cat


def test_FC_E3_most_points_wins_then_most_cheese_cards_then_a_draw():
    plain = finished_state("3a 1b")
    assert score(plain).winners == (0,)
    assert FoodChain(2).returns(plain) == (1.0, 0.0)
    tie_break = finished_state("3a 1b 2b")  # 3 points each; player b keeps two cheese cards
    assert score(tie_break).points == (3, 3)
    assert score(tie_break).winners == (1,)
    draw = finished_state("2a 1a 3b")  # 3 points each, player a has two cards: a wins
    assert score(draw).winners == (0,)
    real_draw = finished_state("1a 2a 2b 1b")
    assert score(real_draw).winners == (0, 1)
    assert FoodChain(2).returns(real_draw) == (0.5, 0.5)


def test_FC_E3_only_your_own_cheese_counts():
    s = score(finished_state("3a 3a 1b", num_players=2))
    assert s.points == (6, 1) and s.cheese_left == (2, 1)


# -- hidden information -----------------------------------------------------------------
def test_observation_shows_own_hand_and_hides_others():
    game = FoodChain(2)
    state = deal(game, seed=3)
    obs = game.observation(state, 0)
    assert obs.hand == state.hands[0]
    assert obs.hand_sizes == (8, 8)
    assert obs.pile_size == sum(state.pile)
    text = json.dumps(encode(obs))
    assert "hands" not in text and 'pile"' not in text
    # two states that differ only in player 1's animals look the same to player 0
    swapped = tuple(sorted([Card(DOG), Card(DOG), *(c for c in state.hands[1] if c.kind == CHEESE)]))
    other = FoodChainState(2, state.table, (state.hands[0], swapped), state.pile, (), (), 0, (0, 0))
    assert other != state or swapped == state.hands[1]
    assert game.observation(other, 0) == game.observation(state, 0)


def test_open_deck_variant_is_perfect_information_with_one_outcome_per_draw():
    game = FoodChain(2, open_deck_seed=4)
    state = game.new_initial_state()
    assert len(state.pile_order) == sum(game.deck())
    assert game.chance_outcomes(state) == [(Draw(0, state.pile_order[0]), Fraction(1))]
    assert game.observation(state, 1).pile_order == state.pile_order
    assert make_game("food_chain", **game.config()) == game


# -- card conservation (property) ---------------------------------------------------------
@settings(max_examples=40, deadline=None)
@given(n=st.sampled_from([2, 3, 4]), seed=st.integers(0, 10**6), stop=st.integers(0, 80))
def test_every_card_is_in_exactly_one_place(n, seed, stop):
    game = FoodChain(n)
    record = play_game(game, [RandomAgent()] * n, seed=seed, max_actions=stop)
    for state in record.states():
        assert check_conservation(game, state) is None


# -- bad input -----------------------------------------------------------------------------
def test_parse_action_round_trips_and_rejects_nonsense():
    game = FoodChain(2)
    for text in ["cat@0,1", "cheese3@-1,0", "p1 draws mouse"]:
        assert str(game.parse_action(text)) == text
    for bad in ["", "horse@0,1", "cat@a,b", "cheese@0,1", "p9 draws", 42]:
        with pytest.raises(InvalidActionError):
            game.parse_action(bad)  # type: ignore[arg-type]


def test_malformed_records_raise_clear_errors():
    game = FoodChain(2)
    good = play_game(game, [RandomAgent()] * 2, seed=1)
    data = good.to_dict()
    cases = {
        "not valid JSON": "{",
        "must be a JSON object": "[1, 2]",
        "unknown field": json.dumps({**data, "cheat": 1}),
        "unknown game 'chess'": json.dumps({**data, "game": "chess"}),
        "schema": json.dumps({**data, "schema": 99}),
        "actions\\[3\\] 'dog@7,7'": json.dumps({**data, "actions": [*data["actions"][:3], "dog@7,7"]}),
        "actions\\[0\\] 'banana'": json.dumps({**data, "actions": ["banana"]}),
        "do not match the replay": json.dumps({**data, "returns": [0.0, 1.0] if data["returns"][0] else [1.0, 0.0]}),
        "must be a string": json.dumps({**data, "actions": [1]}),
        "between 2 and 4|is for 2 to 4 players": json.dumps({**data, "config": {"num_players": 9}}),
    }
    for message, text in cases.items():
        with pytest.raises(ValueError, match=message):
            GameRecord.from_json(text)


def test_an_illegal_placement_in_a_record_names_the_rule():
    game = FoodChain(2)
    good = play_game(game, [RandomAgent()] * 2, seed=2)
    first_place = next(i for i, a in enumerate(good.actions) if "@" in a)
    bad = good.to_dict() | {"actions": [*good.actions[:first_place], "cheese1@3,3"], "returns": None}
    with pytest.raises(ValueError, match=r"FC-T3"):
        GameRecord.from_json(json.dumps(bad))


def test_saved_state_json_is_validated():
    game = FoodChain(2)
    state = deal(game)
    data = game.to_json(state)
    assert game.from_json(data) == state
    broken = json.loads(json.dumps(data))
    broken["state"]["pile"] = [9, 9, 9]
    with pytest.raises(ValueError, match="dogs: .* != 3"):
        game.from_json(broken)
    broken = json.loads(json.dumps(data))
    broken["state"]["hands"][0][0]["value"] = "x"
    with pytest.raises(ValueError, match=r"state.hands\[0\]\[0\].value: expected int"):
        game.from_json(broken)
    with pytest.raises(ValueError, match="for game 'papageno'"):
        game.from_json({**data, "game": "papageno"})


def test_state_svg_shows_the_table_and_the_removals():
    game = FoodChain(2)
    final = play_game(game, [RandomAgent()] * 2, seed=1).final_state()
    svg = final._repr_svg_()
    assert svg.startswith("<svg") and svg.count("<rect") > 25
    assert "wins" in svg or "Shared win" in svg
    seat_view = game.state_svg(deal(game), seat=0)
    teacher_view = game.state_svg(deal(game), seat=None)
    # one hand, labelled 1 (seats counted from 1 in pictures); the teacher view adds hand 2
    labels = re.findall(r'font-size="15"[^>]*>(\d)</text>', seat_view)
    assert labels == ["1"], labels
    assert re.findall(r'font-size="15"[^>]*>(\d)</text>', teacher_view) == ["1", "2"]
    assert "P0" not in seat_view and "Player 1" in seat_view
