"""Mouse Trap's fast paths give exactly the answers of the plain rules.

``sample_chance`` draws the die and the crank directly; the conformance suite
cannot enumerate the crank's draws (its denominator is in the billions), so here
a trap with small odds is enumerated exactly, and the default trap's draw is
checked to be one integer below the denominator. The tables built in ``__init__``
(where a roll takes a mouse, each space's words) must agree with the config.
"""

from __future__ import annotations

import random

import pytest
from exact_draws import ScriptedRandom, exact_distribution

from boardgames_widgets.games.mouse_trap import MouseTrap, MouseTrapState, Phase, Roll, TrapOutcome


def at(game: MouseTrap, phase: Phase) -> MouseTrapState:
    state = game.new_initial_state()
    return game.replace_state(state, phase=phase, moving=1 if phase is Phase.MOVE_ROLL else -1)


@pytest.mark.parametrize("reliability", [["1/2", "2/3", "1", "1", "1", "1", "3/4"], ["1"] * 7])
def test_the_crank_is_drawn_with_exactly_the_odds_of_chance_outcomes(reliability):
    game = MouseTrap(2, stage_reliability=reliability)
    state = at(game, Phase.CRANK)
    want = dict(game.chance_outcomes(state))
    assert exact_distribution(lambda rng: game.sample_chance(state, rng)) == want


def test_the_default_crank_draws_one_integer_below_the_denominator():
    game = MouseTrap(2)
    state = at(game, Phase.CRANK)
    p = dict(game.chance_outcomes(state))[TrapOutcome(True)]
    for r, works in [(0, True), (p.numerator - 1, True), (p.numerator, False), (p.denominator - 1, False)]:
        rng = ScriptedRandom([r])
        assert game.sample_chance(state, rng) == TrapOutcome(works)
        assert rng.sizes == [p.denominator]


@pytest.mark.parametrize("phase", [Phase.ROLL, Phase.MOVE_ROLL])
def test_the_die_is_drawn_with_exactly_the_odds_of_chance_outcomes(phase):
    game = MouseTrap(3, die_faces=4)
    state = at(game, phase)
    assert exact_distribution(lambda rng: game.sample_chance(state, rng)) == dict(game.chance_outcomes(state))


def test_sample_chance_refuses_a_decision_node():
    game = MouseTrap(2)
    with pytest.raises(ValueError):
        game.sample_chance(at(game, Phase.AT_CRANK), random.Random(0))


@pytest.mark.parametrize(
    "params",
    [{}, {"die_faces": 8}, {"loop": ["SAFE", "BACK 2", "TURN CRANK", "AHEAD 1", "CHEESE WHEEL"]}],
)
def test_the_roll_and_words_tables_agree_with_the_config(params):
    game = MouseTrap(2, **params)
    c = game.cfg
    for pos in range(c.num_spaces):
        assert game._words[pos] == c.spaces[pos].words
        for roll in range(1, c.die_faces + 1):
            assert game._ahead(pos, roll) == c.forward(pos, roll)
    assert game._ahead(c.num_spaces + 3, 2) == c.forward(c.num_spaces + 3, 2)  # off the table: computed


def test_a_roll_moves_as_forward_says_and_tells_the_space_in_words():
    game = MouseTrap(2)
    state = game.apply(game.new_initial_state(), Roll(3))
    pos = game.cfg.forward(0, 3)
    assert state.positions[0] == game.cfg.jump(pos)
    assert game.cfg.spaces[pos].words in state.event
