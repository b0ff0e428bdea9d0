"""The probability helpers the lessons use (``boardgames_widgets.analysis.probability``)."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

from boardgames_widgets.analysis import probability as pr
from boardgames_widgets.games.chop_chop import ChopChop, PlaceCat


def test_distribution_merges_equal_values_and_insists_on_a_total_of_one():
    assert pr.distribution([("a", Fraction(1, 2)), ("a", Fraction(1, 4)), ("b", Fraction(1, 4))]) == {
        "a": Fraction(3, 4),
        "b": Fraction(1, 4),
    }
    with pytest.raises(ValueError, match="add up to 1/2"):
        pr.distribution([("a", Fraction(1, 2))])


def test_chance_distribution_reads_a_game_roll_and_refuses_a_decision_node():
    game = ChopChop()
    placing = game.new_initial_state()
    with pytest.raises(ValueError, match="not a chance node"):
        pr.chance_distribution(game, placing)
    rolling = game.apply(placing, PlaceCat((2, 3)))
    assert pr.chance_distribution(game, rolling) == pr.die(game.cfg.mouse_die)


def test_moments_of_a_die():
    d = pr.die([1, 1, 2, 2, 3, 4])
    assert pr.mean(d) == Fraction(13, 6)
    assert pr.variance(d) == pr.expectation(d, lambda x: x * x) - pr.mean(d) ** 2 == Fraction(41, 36)
    assert pr.std(d) == pytest.approx(float(Fraction(41, 36)) ** 0.5)
    assert pr.probability(d, lambda x: x >= 3) == Fraction(1, 3)
    with pytest.raises(ValueError):
        pr.die([])


def test_sums_of_rolls_convolve_and_add_means_and_variances():
    d = pr.die([1, 1, 2, 2, 2, 3])
    three = pr.sum_of_rolls(d, 3)
    assert sum(three.values()) == 1 and min(three) == 3 and max(three) == 9
    assert pr.mean(three) == 3 * pr.mean(d) and pr.variance(three) == 3 * pr.variance(d)
    assert pr.sum_of_rolls(d, 1) == d
    with pytest.raises(ValueError):
        pr.sum_of_rolls(d, 0)


def test_sampling_is_seeded_and_follows_the_distribution():
    d = pr.die([1, 1, 2, 2, 2, 3])
    a, b = pr.sample(d, 50_000, seed=4), pr.sample(d, 50_000, seed=4)
    assert np.array_equal(a, b)
    assert abs(a.mean() - float(pr.mean(d))) < 0.02
    assert pr.running_mean([1, 2, 3, 6]).tolist() == [1.0, 1.5, 2.0, 3.0]


@pytest.mark.parametrize("which", ["first", "all"])
def test_waiting_times_without_replacement_exact_and_simulated(which):
    exact = pr.draws_until_distribution(10, 38, which)
    assert sum(exact.values()) == 1
    expected = pr.expected_draws_until_first(10, 38) if which == "first" else pr.expected_draws_until_all(10, 38)
    assert pr.mean(exact) == expected
    sim = pr.simulate_draws_until(10, 38, trials=50_000, seed=2, which=which)
    assert abs(sim.mean() - float(expected)) < 0.1
    with pytest.raises(ValueError):
        pr.simulate_draws_until(0, 38)


def test_hypergeometric_sums_to_one():
    assert sum(pr.hypergeometric(k, 5, 10, 38) for k in range(6)) == 1
    assert pr.hypergeometric(0, 3, 10, 38) == Fraction(28 * 27 * 26, 38 * 37 * 36)


def test_source_leaves_the_docstring_out():
    from boardgames_widgets.lessons.show import source

    text = source(pr.mean)
    assert text.startswith("def mean(") and '"""' not in text and "return expectation(dist)" in text
    assert '"""' in source(pr.mean, docstring=True)


def test_roll_widget_counts_rolls_and_starts_again():
    from boardgames_widgets.lessons.probability_dice import roll_widget

    w = roll_widget(pr.die([1, 2]), seed=3, title="coin")
    w.roll(1000)
    board = w.children[1]
    assert "rolls so far: 1000" in board.value and "exact mean: 3/2" in board.value
    w.children[0].children[-1].click()  # "Start again"
    assert "rolls so far: 0" in board.value
    assert [b.description for b in w.children[0].children] == [
        "Roll once",
        "Roll 10 times",
        "Roll 1000 times",
        "Start again",
    ]


def test_roll_widget_speaks_the_notebooks_language():
    import boardgames_widgets as bw
    from boardgames_widgets.lessons.probability_dice import roll_widget

    bw.set_language("lv")
    try:
        w = roll_widget(pr.die([1, 2]), seed=3, title="monēta")
        w.roll(4)
    finally:
        bw.set_language(None)
    words = [b.description for b in w.children[0].children]
    assert words[0] != "Roll once" and words[-1] != "Start again"
    board = w.children[1].value
    assert "rolls so far" not in board and "exact P" not in board
    assert "1,500" in board  # the exact mean 3/2, with a decimal comma
