"""Lesson 2 (hidden tiles and cards): every check accepts the solution and names typical mistakes."""

from __future__ import annotations

from fractions import Fraction

import pytest

from boardgames_widgets.analysis import probability as pr
from boardgames_widgets.analysis.chop_chop import next_tile_distribution
from boardgames_widgets.games.chop_chop import Tile
from boardgames_widgets.games.papageno import KINDS, Draw
from boardgames_widgets.lessons import checker
from boardgames_widgets.lessons import probability_hidden as lesson2

check = checker("probability.hidden")


def test_kitchen_scenario_is_a_valid_state_with_eight_tiles_gone_cc_s1():
    """CC-S1: 38 tiles; eight have been turned (three cheese, now the mice's), thirty lie face down."""
    game, state = lesson2.kitchen()
    assert sum(state.hidden) == 30 and state.cheese == 3
    assert state.hidden[list(Tile).index(Tile.CHEESE)] == 7
    game.validate_state(state)


def test_q1_next_tile_uses_the_tiles_still_face_down():
    _, state = lesson2.kitchen()
    solution = Fraction(10 - 3, 38 - 8)
    assert solution == next_tile_distribution(state)[Tile.CHEESE]
    assert check("q1", solution).passed and check("q1", "7/30").passed
    assert "very first tile" in check("q1", Fraction(10, 38)).message
    assert "still divide by all 38" in check("q1", Fraction(7, 38)).message
    assert "three of them are already found" in check("q1", Fraction(10, 30)).message
    assert "count tiles, not kinds" in check("q1", Fraction(1, 7)).message
    assert "percentage" in check("q1", 23.3333).message


def test_q2_first_cheese_without_replacement():
    solution = 1 + Fraction(28, 11)
    assert solution == pr.mean(pr.draws_until_distribution(10, 38, "first"))
    assert check("q2", solution).passed
    assert "put back" in check("q2", 3.8).message
    assert "add the flip that finds the cheese" in check("q2", Fraction(28, 11)).message
    assert "one particular tile" in check("q2", 19).message


def test_q3_all_ten_cheeses_by_linearity_of_expectation():
    solution = 10 + 28 * Fraction(10, 11)
    assert solution == pr.mean(pr.draws_until_distribution(10, 38, "all"))
    sim = pr.simulate_draws_until(10, 38, trials=20_000, seed=3)
    assert abs(sim.mean() - float(solution)) < 0.05
    assert check("q3", solution).passed
    assert "very last tile" in check("q3", 38).message
    assert "add the ten cheese flips" in check("q3", 28 * Fraction(10, 11)).message
    assert "first cheese" in check("q3", Fraction(39, 11)).message


def _draw():
    game, state = lesson2.table()
    return game, pr.chance_distribution(game, game.apply(state, Draw()))


def test_papageno_table_is_the_opening_described_pa_s2():
    """PA-S1/PA-S2/PA-S3: two players, no flutes; discard 3, my top-left 8, their top-left 9; 41 unseen."""
    game, state = lesson2.table()
    assert state.discard == ("3",) and state.grids[0][0] == "8" and state.grids[1][0] == "9"
    assert sum(game.observation(state, 0).unseen) == 41 == game.deck_size - 3


def test_q4_expected_weight_of_an_unseen_card():
    game, draw = _draw()
    solution = sum(p * game.deck.weight(c) for c, p in draw.items())
    assert solution == Fraction(163, 41)
    assert check("q4", solution).passed
    full = Fraction(sum(game.deck.weight(k) * n for k, n in zip(KINDS, game.counts, strict=True) if n), 44)
    assert "whole deck" in check("q4", full).message
    assert "averaged the kinds" in check("q4", 4).message
    assert "Capture" in check("q4", Fraction(163 - 40, 37)).message


def test_q5_cancelling_pair_pa_e2():
    """PA-E2: equal weights in a column cancel; P(the card under my 8 is an 8) from the unseen counts."""
    game, state = lesson2.table()
    me = game.observation(state, 0)
    solution = Fraction(me.unseen[KINDS.index("8")], sum(me.unseen))
    assert solution == Fraction(2, 41)
    assert check("q5", solution).passed
    assert "whole deck" in check("q5", Fraction(3, 44)).message
    assert "still counted the 8 you can see" in check("q5", Fraction(3, 41)).message
    assert "not the whole deck" in check("q5", Fraction(2, 44)).message
    assert "not equally likely" in check("q5", Fraction(1, 13)).message


def test_q6_blind_draw_is_worth_the_expected_positive_part_pa_t2():
    """PA-T2: a drawn card may be discarded at once, so the draw is worth E[max(0, held − weight)].

    q6's answer is the student's function: the check runs it for several held weights and piles.
    """
    game, draw = _draw()
    assert lesson2.saved_by_drawing(8, draw) == Fraction(175, 41)

    def mine(held, draw):
        return sum(p * max(0, held - game.deck.weight(c)) for c, p in draw.items())

    assert check("q6", mine).passed
    assert check("q6", lambda held, draw: float(mine(held, draw))).passed  # floats are judged as well
    mean = lambda draw: sum(p * game.deck.weight(c) for c, p in draw.items())  # noqa: E731
    assert "must keep whatever you draw" in check("q6", lambda held, draw: held - mean(draw)).message
    assert "max(0, …) of the average" in check("q6", lambda held, draw: max(0, held - mean(draw))).message
    assert "always uses the 8" in check("q6", lambda held, draw: mine(8, draw)).message
    assert "ignores its draw argument" in check("q6", lambda held, _: mine(held, lesson2.draw_distribution())).message
    assert "Not answered yet" in check("q6", lambda held, draw: None).message


def test_q7_the_sure_discard_beats_the_blind_draw():
    assert lesson2.take_discard_gain() > lesson2.draw_blind_gain()
    assert check("q7", "discard").passed and check("q7", " Take the DISCARD ").passed
    assert "Compare the two expected gains" in check("q7", "draw").message
    assert "one word" in check("q7", "draw or discard").message
    assert "You gave a number" in check("q7", 5).message


@pytest.mark.parametrize("q", ["q1", "q2", "q3", "q4", "q5", "q6", "q7"])
def test_unanswered_never_raises(q):
    assert "Not answered yet" in check(q, ...).message
