"""The Markov chain of a mouse on the Mouse Trap track (MT-1, MT-BA, MT-L), exact and simulated."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

from boardgames_widgets.analysis.mouse_trap import (
    expected_landings,
    expected_parts_before_loop,
    expected_turns_to_loop,
    expected_turns_to_loop_exact,
    loop_stationary,
    one_turn,
    simulate_turns_to_loop,
    space_table,
    transition_matrix,
    turns_to_loop_distribution,
    turns_to_loop_distribution_exact,
)
from boardgames_widgets.games.mouse_trap import MouseTrapConfig


def test_transition_matrix_is_stochastic_with_the_loop_absorbing_and_back_ahead_jumps():
    """MT-BA in the chain: from #0 a roll of 6 lands on BACK 2 and the turn ends on #4."""
    m = transition_matrix()
    assert m.shape == (42, 42)
    assert np.allclose(m.sum(axis=1), 1.0)
    assert m[41, 41] == 1.0
    assert m[0, 6] == 0.0 and m[0, 4] == pytest.approx(2 / 6)  # a 4, or a 6 then BACK 2
    assert m[9, 15] == pytest.approx(2 / 6)  # a 6, or a 3 onto #12 AHEAD 3 -> #15
    assert one_turn(MouseTrapConfig(), 38, 1) == 40  # #39 AHEAD 1


def test_mt_l_the_loop_as_a_cycle_never_leaves_and_is_uniform_in_the_long_run():
    """MT-L: once in the Loop a mouse stays there; with no jumps in it every Loop space is equally likely."""
    m = transition_matrix(loop="cycle")
    assert m.shape == (47, 47)
    assert np.allclose(m[41:, 41:].sum(axis=1), 1.0)
    assert np.allclose(loop_stationary(), 1 / 6)
    with pytest.raises(ValueError):
        transition_matrix(loop="spiral")  # type: ignore[arg-type]


def test_expected_turns_exact_and_float_agree_with_the_distribution():
    exact = expected_turns_to_loop_exact()
    assert isinstance(exact, Fraction)
    assert float(exact) == pytest.approx(expected_turns_to_loop(), rel=1e-12)
    pmf = turns_to_loop_distribution()
    assert pmf.sum() == pytest.approx(1.0, abs=1e-9)
    assert float((pmf * np.arange(len(pmf))).sum()) == pytest.approx(float(exact), rel=1e-9)
    exact_pmf = turns_to_loop_distribution_exact(max_turns=20)
    assert all(float(a) == pytest.approx(b, abs=1e-15) for a, b in zip(exact_pmf, pmf[:21], strict=True))
    assert exact_pmf[:7] == [0] * 7  # 40 spaces need at least 7 rolls (AHEAD jumps add at most 6)


def test_hand_checkable_tracks():
    """A track of START alone: the first roll always enters the Loop; START + 5 bones: 1 + P(roll <= 5)·..."""
    assert expected_turns_to_loop_exact(MouseTrapConfig(track=("START",))) == 1
    cfg = MouseTrapConfig(track=("START", "DOG BONE"))
    # from 0: a 1 lands on #1 (then any roll enters); anything else enters at once
    assert expected_turns_to_loop_exact(cfg) == 1 + Fraction(1, 6)
    back = MouseTrapConfig(track=("START", "BACK 1"))  # a 1 sends the mouse back to START
    assert expected_turns_to_loop_exact(back) == Fraction(6, 5)


def test_simulation_agrees_with_the_chain_and_is_seeded():
    a = simulate_turns_to_loop(20_000, seed=7)
    assert np.array_equal(a, simulate_turns_to_loop(20_000, seed=7))
    assert a.mean() == pytest.approx(expected_turns_to_loop(), abs=0.15)
    assert a.min() >= 7


def test_expected_landings_and_parts_make_the_build_labels_fair_across_player_counts():
    landings = expected_landings()
    assert landings[0] == 0.0 and landings.sum() > 10
    parts = [expected_parts_before_loop(MouseTrapConfig(num_players=n)) for n in (2, 3, 4)]
    assert all(8 <= p <= 13 for p in parts)  # roughly the same building for every player count
    rows = space_table()
    assert rows[1][:2] == (1, "BUILD 2-3-4") and len(rows) == 41
