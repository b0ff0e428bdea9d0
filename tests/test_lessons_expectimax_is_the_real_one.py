"""The expectimax shown in the search lesson gives the package's own expectimax values.

The lesson keeps a short teaching version (``search_tools.expectimax_value``, over the
lesson's two-player :class:`~boardgames_widgets.lessons.search_tools.GameTree`); the bots use
:func:`boardgames_widgets.agents.search.expectimax`. Valued the same way (player 0's return at
the end of the game, the neutral 1/2 before it), the two must agree everywhere.
"""

from __future__ import annotations

import random

import pytest

from boardgames_widgets.agents import search as real_search
from boardgames_widgets.games.chop_chop.rules import ChopChop
from boardgames_widgets.lessons import search_expectimax as lesson3
from boardgames_widgets.lessons import search_tools as sl


def _returns_tree(game: ChopChop) -> sl.GameTree:
    return sl.GameTree(game, lambda s: game.returns(s)[0] if game.is_terminal(s) else 0.5)


def late_states(game: ChopChop, seed: int, count: int) -> list:
    """Decision states of a seeded random game, taken near its end (where values are not all 1/2)."""
    rng = random.Random(seed)
    states = [game.new_initial_state()]
    while not game.is_terminal(states[-1]):
        s = states[-1]
        states.append(
            game.apply(s, game.sample_chance(s, rng) if game.is_chance_node(s) else rng.choice(game.legal_actions(s)))
        )
    decisions = [s for s in states[:-1] if not game.is_chance_node(s)]
    return decisions[-count:]


@pytest.mark.parametrize("depth", [1, 2, 3])
def test_teaching_expectimax_equals_the_agents_expectimax_on_the_lesson_position(depth: int) -> None:
    state = lesson3.pounce_state()
    game = lesson3.game()
    tree = _returns_tree(game)
    real = real_search.expectimax(game, state, depth, player=0).value
    assert sl.expectimax_value(tree, state, depth) == pytest.approx(real, abs=1e-12)


@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_teaching_expectimax_equals_the_agents_expectimax_near_the_end_of_random_games(seed: int) -> None:
    game = ChopChop()
    tree = _returns_tree(game)
    values = []
    for state in late_states(game, seed, 6):
        real = real_search.expectimax(game, state, 2, player=0).value
        assert sl.expectimax_value(tree, state, 2) == pytest.approx(real, abs=1e-12)
        values.append(real)
    assert len(values) == 6 and len(set(values)) > 1  # not all the neutral 1/2: the comparison means something
