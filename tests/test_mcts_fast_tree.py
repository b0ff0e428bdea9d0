"""The search's tree (``agents.mcts``, issue 32: arrays of children's statistics, chance odds
read once per chance node) decides exactly as the textbook tree it replaced.

:func:`reference_mcts` below is the search as it was before (a :class:`~boardgames_widgets.agents.mcts.Node`
per state, a dict of children, UCB1 child by child, ``game.sample_chance`` at every chance
visit). Both run on many seeded positions of every game, with random rollouts, a game's own
rollout and evaluator settings, and a rollout that counts its calls: the same action, the same
visits and values of every root action, the same nodes, and the generator left in the same state.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

import pytest
from random_states import random_states

from boardgames_widgets.agents.mcts import (
    UCT_C,
    LeafEvaluator,
    MCTSResult,
    Node,
    Rollout,
    _best_group,
    _best_index,
    _grouped,
    _ucb_child,
    mcts,
    random_rollout,
    simulate,
)
from boardgames_widgets.agents.strong import STRONG_SEARCH
from boardgames_widgets.agents.tree import backup, root_statistics
from boardgames_widgets.core.api import CHANCE, TERMINAL, Game, GameInfo
from boardgames_widgets.core.registry import game_ids, make_game


# -- the search as it was (kept here as the reference) ----------------------------------------
def _new_node(game: Game[Any, Any], state: Any, mover: int) -> Node:
    player = game.current_player(state)
    return Node(state, player, mover, None if player >= 0 else [])


def _descend(game: Game[Any, Any], root: Node, rng: random.Random, c: float) -> list[Node]:
    path = [root]
    node = root
    while node.player != TERMINAL:
        if node.player == CHANCE:
            outcome = game.sample_chance(node.state, rng)
            child = node.children.get(outcome)
            if child is None:
                child = node.children[outcome] = _new_node(game, game.apply_trusted(node.state, outcome), CHANCE)
                path.append(child)
                return path
        elif node.untried or node.untried is None:
            if node.untried is None:
                node.untried = game.legal_actions(node.state)
            action = node.untried.pop(rng.randrange(len(node.untried)))
            child = node.children[action] = _new_node(game, game.apply_trusted(node.state, action), node.player)
            path.append(child)
            return path
        else:
            child = _ucb_child(node, c)
        path.append(child)
        node = child
    return path


def reference_mcts(
    game: Game[Any, Any],
    state: Any,
    rng: random.Random,
    iterations: int,
    c: float = UCT_C,
    rollout: Rollout = random_rollout,
    evaluator: LeafEvaluator | None = None,
) -> MCTSResult:
    """The search before issue 32's tree, for iteration budgets."""
    root = _new_node(game, state, CHANCE)
    nodes = 1
    for _ in range(iterations):
        path = _descend(game, root, rng, c)
        leaf = path[-1]
        nodes += leaf.visits == 0
        backup(path, simulate(game, leaf.state, rng, rollout, evaluator))
    best, visits, values = root_statistics(root)
    return MCTSResult(best, iterations, nodes, visits, values)


# -- the comparisons ----------------------------------------------------------------------------
def decisions(game: Game[Any, Any], seed: int, count: int) -> list[Any]:
    """``count`` decision states spread over seeded random games."""
    states = [s for s in random_states(game, 2, seed) if game.current_player(s) >= 0]
    step = max(1, len(states) // count)
    return states[::step][:count]


def same_search(game: Game[Any, Any], state: Any, seed: int, iterations: int, **how: Any) -> None:
    ours_rng, ref_rng = random.Random(seed), random.Random(seed)
    ours = mcts(game, state, ours_rng, iterations=iterations, **how)
    ref = reference_mcts(game, state, ref_rng, iterations, **how)
    assert ours == ref
    assert list(ours.visits) == list(ref.visits)  # the same order too (the first most visited wins ties)
    assert ours_rng.getstate() == ref_rng.getstate()


@pytest.mark.parametrize("game_id", game_ids())
@pytest.mark.parametrize("players", [2, 3])
def test_random_rollouts_search_as_the_textbook_tree(game_id: str, players: int) -> None:
    game = make_game(game_id, num_players=players)
    for i, state in enumerate(decisions(game, 10 + players, 6)):
        same_search(game, state, i, 150 + 50 * (i % 3))


@pytest.mark.parametrize("game_id", game_ids())
def test_the_strong_bots_settings_search_as_the_textbook_tree(game_id: str) -> None:
    how = STRONG_SEARCH.get(game_id)
    if how is None:
        pytest.skip("no search settings of its own")
    game = make_game(game_id, num_players=2)
    for i, state in enumerate(decisions(game, 5, 4)):
        same_search(game, state, 100 + i, 200, c=how.c, rollout=how.rollout, evaluator=how.evaluator)


@pytest.mark.parametrize("game_id", game_ids())
def test_terminal_leaves_are_still_rolled_out_and_every_constant_works(game_id: str) -> None:
    """A rollout is called on every leaf, terminal ones too, as before (long searches reach the end)."""
    game = make_game(game_id, num_players=2)
    calls: list[int] = []

    def counting(game: Game[Any, Any], state: Any, rng: random.Random) -> Sequence[float]:
        calls.append(1)
        return game.random_playout(state, rng)

    states = [s for s in random_states(game, 1, 7) if game.current_player(s) >= 0]
    for i, state in enumerate(states[-3:]):  # near the end: terminal leaves are revisited
        for c in (0.0, 0.5, 3.0):
            calls.clear()
            same_search(game, state, i, 120, c=c, rollout=counting)
            assert len(calls) == 2 * 120


class TupleGame(Game[tuple[int, ...], int]):
    """The test games' common part: a state is the tuple of actions so far, its value their sum mod 3."""

    def new_initial_state(self) -> tuple[int, ...]:
        return ()

    def apply(self, state: tuple[int, ...], action: int) -> tuple[int, ...]:
        return (*state, action)

    def returns(self, state: tuple[int, ...]) -> tuple[float, ...]:
        a = sum(state) % 3
        return (1.0, 0.0) if a == 0 else (0.0, 1.0) if a == 1 else (0.5, 0.5)

    def observation(self, state: tuple[int, ...], player: int) -> tuple[int, ...]:
        return state

    def parse_action(self, text: str) -> int:
        return int(text)


def test_a_chance_node_with_uneven_odds_and_impossible_outcomes() -> None:
    """Chance odds read once per chance node draw as ``draw_outcome`` does (zero odds never drawn,
    an outcome listed twice is one child)."""

    class Loaded(TupleGame):
        info = GameInfo(
            id="loaded", name="Loaded", min_players=2, max_players=2, has_chance=True, hidden_information=False
        )

        def current_player(self, state: tuple[int, ...]) -> int:
            if len(state) >= 6:
                return TERMINAL
            return CHANCE if len(state) % 3 == 2 else len(state) % 3

        def legal_actions(self, state: tuple[int, ...]) -> list[int]:
            return [] if self.current_player(state) < 0 else [0, 1, 2]

        def chance_outcomes(self, state: tuple[int, ...]) -> list[tuple[int, Fraction]]:
            return [
                (0, Fraction(1, 3)),
                (1, Fraction(0)),
                (2, Fraction(1, 4)),
                (3, Fraction(1, 6)),
                (2, Fraction(1, 4)),
            ]

    game = Loaded(2)
    for seed in range(20):
        same_search(game, (), seed, 300, c=math.sqrt(seed % 4))


def test_the_array_scores_pick_the_textbook_child() -> None:
    """_best_index and _best_group (children by (visits, mean)) choose as _ucb_child, ties and near-ties too."""
    rng = random.Random(3)
    for case in range(3000):
        n = rng.randint(2, 40)
        counts = [rng.randint(1, 4) for _ in range(n)]
        if case % 2:  # win/draw/loss returns: many equal means, many equal scores
            totals = [rng.randint(0, 2 * v) / 2 for v in counts]
        else:  # an evaluator's returns: sums in different orders, means a rounding apart
            totals = [sum(rng.choice([0.1, 0.2, 0.3, 0.7]) for _ in range(v)) for v in counts]
        means = [t / v for t, v in zip(totals, counts, strict=True)]
        c = rng.choice([0.0, 0.5, math.sqrt(2)])
        parent = Node(None, 0, CHANCE, [], visits=sum(counts) + rng.randint(0, 3))
        parent.children = {
            i: Node(i, 1, 0, [], visits=v, total=t) for i, (t, v) in enumerate(zip(totals, counts, strict=True))
        }
        want = _ucb_child(parent, c).state
        log_n = math.log(parent.visits)
        assert _best_index(means, counts, log_n, c) == want
        assert _best_group(_grouped(counts, means), log_n, c) == want


class Tangle(TupleGame):
    """A test game for the tree's bookkeeping: chance after chance, a decision with many
    children below a chance node, forced moves, and chance odds of every kind.

    By ply (``len(state) % 5``): player 0 chooses among 13 actions (grouped scoring), chance,
    chance again, player 1 holds a forced move or chooses among 2, player 0 among 3; the game
    ends after 10 plies. ``odds`` are the chance outcomes (given as a list of pairs: ``fresh``
    makes new pair objects at every call, else the same pairs every time, as a die's faces);
    ``shuffled`` lists them in a different order on every other chance ply (another key of
    the search's table of odds)."""

    info = GameInfo(id="tangle", name="Tangle", min_players=2, max_players=2, has_chance=True, hidden_information=False)

    def __init__(self, odds: list[tuple[int, Fraction]], fresh: bool = False, shuffled: bool = False) -> None:
        super().__init__(2)
        self.odds, self.fresh, self.shuffled = odds, fresh, shuffled
        self.reversed = odds[::-1]

    def current_player(self, state: tuple[int, ...]) -> int:
        if len(state) >= 10:
            return TERMINAL
        return (0, CHANCE, CHANCE, 1, 0)[len(state) % 5]

    def legal_actions(self, state: tuple[int, ...]) -> list[int]:
        ply = len(state) % 5
        if self.current_player(state) < 0:
            return []
        if ply == 0:
            return list(range(13))
        if ply == 3:
            return [0] if sum(state) % 2 else [0, 1]  # a forced move half of the time
        return [0, 1, 2]

    def chance_outcomes(self, state: tuple[int, ...]) -> list[tuple[int, Fraction]]:
        if self.current_player(state) != CHANCE:
            return []
        odds = self.reversed if self.shuffled and len(state) % 5 == 2 else self.odds
        return [(o, Fraction(p)) for o, p in odds] if self.fresh else list(odds)


#: Chance odds: a die; uneven with an impossible outcome and one listed twice; a denominator
#: too large for the draw's look-up list (drawn by bisection).
TANGLE_ODDS = {
    "die": [(f, Fraction(1, 6)) for f in range(1, 7)],
    "uneven": [(0, Fraction(1, 3)), (1, Fraction(0)), (2, Fraction(1, 4)), (3, Fraction(1, 6)), (2, Fraction(1, 4))],
    "large": [(0, Fraction(1, 1031)), (1, Fraction(500, 1031)), (2, Fraction(1, 2)), (3, Fraction(61, 2062))],
}


@pytest.mark.parametrize("odds", sorted(TANGLE_ODDS))
@pytest.mark.parametrize("fresh", [False, True])
def test_chance_after_chance_and_many_children_below_chance(odds: str, fresh: bool) -> None:
    """Decisions below chance nodes (their visits one more than their children's), chance
    below chance, forced moves, grouped scoring below chance, and every kind of odds: each
    searched as the textbook tree, long enough to reach the end of the game."""
    for shuffled in (False, True):
        game = Tangle(TANGLE_ODDS[odds], fresh=fresh, shuffled=shuffled)
        for seed in range(6):
            same_search(game, (), seed, 600 + 100 * (seed % 3), c=(0.0, 0.7, UCT_C)[seed % 3])
        evaluator = lambda g, s: g.returns(s)  # noqa: E731 (an evaluator that is exact, terminal leaves too)
        same_search(game, (), 9, 500, evaluator=evaluator)


class OwnGenerator(random.Random):
    """A generator of its own class: the search draws through its ``randrange`` (not the
    written-out draw of a plain ``random.Random``), and must still draw as the textbook tree."""


@pytest.mark.parametrize(
    "game", [make_game("pig", num_players=2), Tangle(TANGLE_ODDS["uneven"])], ids=["pig", "tangle"]
)
def test_a_generator_of_its_own_class_draws_the_same(game: Game[Any, Any]) -> None:
    states = [game.new_initial_state()] if isinstance(game, Tangle) else decisions(game, 3, 4)
    for seed, state in enumerate(states):
        ours_rng, ref_rng = OwnGenerator(seed), OwnGenerator(seed)
        ours = mcts(game, state, ours_rng, iterations=400)
        assert ours == reference_mcts(game, state, ref_rng, 400)
        assert ours_rng.getstate() == ref_rng.getstate()
