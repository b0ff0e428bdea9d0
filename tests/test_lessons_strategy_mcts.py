"""Lesson 2 (MCTS from scratch): the teaching UCT, the endgame puzzles, and every check's typical mistakes."""

from __future__ import annotations

import math
import random

import pytest

from boardgames_widgets.agents.search import alphabeta
from boardgames_widgets.core.api import CHANCE
from boardgames_widgets.core.play import play_game
from boardgames_widgets.games.food_chain import FoodChain
from boardgames_widgets.lessons import checker
from boardgames_widgets.lessons import strategy_mcts as lesson2
from boardgames_widgets.lessons import strategy_tools as sl

check = checker("strategy.mcts")


def test_ucb1_formula():
    assert sl.ucb1(6, 10, 50) == pytest.approx(0.6 + math.sqrt(2) * math.sqrt(math.log(50) / 10))
    assert sl.ucb1(6, 10, 50, c=0) == 0.6


def test_backup_credits_each_node_to_its_mover():
    path = [sl.TreeNode(None, m, None, []) for m in (CHANCE, 0, 1)]
    sl.backup(path, (1.0, 0.0))
    assert [n.visits for n in path] == [1, 1, 1]
    assert [n.total for n in path] == [0.0, 1.0, 0.0]


def test_each_iteration_adds_one_node_until_the_tree_reaches_the_end():
    p = sl.endgame_puzzles()[0]
    tree = sl.uct_search(p.game, p.state, 30, seed=0)
    assert tree.visits == 30 and tree.size() == 31
    assert sum(ch.visits for ch in tree.children) == 30


def test_puzzles_are_exact_fc_e2():
    """FC-E2/FC-E3: puzzle values come from alpha-beta over the open deck's last placements (removal and scoring)."""
    puzzles = sl.endgame_puzzles()
    assert len(puzzles) == 8
    p = puzzles[0]
    assert sum(p.state.placed) == 24 - sl.PUZZLE_CARDS_LEFT
    assert len(set(p.values.values())) > 1
    assert p.best == alphabeta(p.game, p.state, sl.PUZZLE_CARDS_LEFT).value


def test_more_iterations_find_more_best_moves():
    few = sl.puzzle_hit_rate(2, repeats=1)
    many = sl.puzzle_hit_rate(128, repeats=1)
    assert many > few
    assert many >= 0.6


def test_uct_agent_plays_whole_open_deck_games_legally():
    game = FoodChain(2, open_deck_seed=5)
    record = play_game(game, [sl.UCTAgent(game, 20), sl.UCTAgent(game, 5)], seed=1)
    assert record.returns is not None


def test_draw_tree_runs(tmp_path):
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    p = sl.endgame_puzzles()[0]
    fig, ax = plt.subplots()
    sl.draw_tree(sl.uct_search(p.game, p.state, 50, seed=0), ax)
    fig.savefig(tmp_path / "tree.png")
    plt.close(fig)
    assert (tmp_path / "tree.png").stat().st_size > 1000


def test_q1_ucb1():
    assert check("q1", 6 / 10 + math.sqrt(2) * math.sqrt(math.log(50) / 10)).passed
    assert "square root" in check("q1", 0.6 + math.sqrt(2) * math.log(50) / 10).message
    assert "log10" in check("q1", 0.6 + math.sqrt(2) * math.sqrt(math.log10(50) / 10)).message
    assert "swapped" in check("q1", 0.6 + math.sqrt(2) * math.sqrt(math.log(10) / 50)).message
    assert "only the mean" in check("q1", 0.6).message


def test_q2_student_selection_is_run_and_compared_with_the_package():
    def good(node, c):
        return max(
            node.children, key=lambda ch: ch.total / ch.visits + c * math.sqrt(math.log(node.visits) / ch.visits)
        )

    def good_last_on_ties(node, c):  # another tie order: the cases have no ties, so it passes too
        best, best_score = None, -math.inf
        for ch in node.children:
            score = sl.ucb1(ch.total, ch.visits, node.visits, c)
            if score >= best_score:
                best, best_score = ch, score
        return best

    assert check("q2", good).passed and check("q2", good_last_on_ties).passed and check("q2", sl.select).passed
    assert "no exploration term" in check("q2", lambda node, c: max(node.children, key=lambda ch: ch.mean)).message
    assert "most visited" in check("q2", lambda node, c: max(node.children, key=lambda ch: ch.visits)).message
    assert "not its move" in check("q2", lambda node, c: good(node, c).action).message
    assert "ignores c" in check("q2", lambda node, c: good(node, math.sqrt(2))).message
    assert "Not answered yet" in check("q2", lambda node, c: None).message
    assert "is a function" in check("q2", 3).message


def test_q2_every_mistake_is_named_whatever_the_tie_order():
    """No case ties under UCB1 or under a mistake, and every mistake picks differently from the right choice."""
    right = tuple(lesson2._picked(sl.select)(*case) for case in lesson2.Q2_CASES)
    for visits, children, c in lesson2.Q2_CASES:
        node = lesson2._parent(visits, children)
        scores = sorted((sl.ucb1(ch.total, ch.visits, visits, c) for ch in node.children), reverse=True)
        assert scores[0] - scores[1] > 1e-3
    for f, message in lesson2.SELECT_MISTAKES:
        picks = tuple(lesson2._picked(f)(*case) for case in lesson2.Q2_CASES)
        reversed_picks = tuple(  # the same mistake with children in the other order picks the same nodes
            len(children) - 1 - lesson2._picked(f)(visits, tuple(reversed(children)), c)
            for visits, children, c in lesson2.Q2_CASES
        )
        assert picks != right and picks == reversed_picks
        assert check("q2", f).message == message


def _expand_with(pick=lambda node: node.untried.pop(), mover=None, append=True, answer=True):
    def expand(game, node, rng):
        move = pick(node)
        who = game.current_player(node.state) if mover is None else mover(game, node, move)
        child = sl.new_node(game, game.apply(node.state, move), who, move, rng)
        if append:
            node.children.append(child)
        return child if answer else None

    return expand


def test_q3_student_expansion_is_run_and_its_work_counted():
    assert check("q3", sl.expand).passed
    assert check("q3", _expand_with(pick=lambda node: node.untried.pop(0))).passed  # any untried move will do

    def every_move(game, node, rng):
        children = [_expand_with()(game, node, rng) for _ in range(len(node.untried))]
        return children[0]

    assert "more than one node" in check("q3", every_move).message
    assert "Remove the move" in check("q3", _expand_with(pick=lambda node: node.untried[-1])).message
    assert "not in node.children" in check("q3", _expand_with(append=False)).message
    assert "Return the new child" in check("q3", _expand_with(answer=False)).message
    after = _expand_with(
        mover=lambda game, node, move: game.current_player(
            sl.settle(game, game.apply(node.state, move), random.Random(0))
        )
    )
    assert "not the player to move after it" in check("q3", after).message
    assert "Not answered yet" in check("q3", lambda game, node, rng: None).message


def test_q3_an_expansion_that_keeps_something_between_calls_is_caught_by_the_whole_search():
    seen = set()

    def remembers(game, node, rng):  # expands a move only the first time it meets it anywhere
        child = _expand_with()(game, node, rng)
        if str(child.action) in seen:
            node.children.remove(child)
            return node.children[0] if node.children else child
        seen.add(str(child.action))
        return child

    assert not check("q3", remembers).passed


def test_q4_backup_function():
    def good(path, returns):
        for node in path:
            node.visits += 1
            if node.mover >= 0:
                node.total += returns[node.mover]

    assert check("q4", good).passed
    assert "other player" in check("q4", lesson2._opponent).message
    assert "returns[-1]" in check("q4", lesson2._root_too).message
    assert "count the visits" in check("q4", lesson2._no_visits).message
    assert "only the new leaf" in check("q4", lesson2._leaf_only).message
    assert "Not answered yet: nothing changed" in check("q4", lambda path, returns: None).message
    assert "is a function" in check("q4", 3).message


def test_q5_tree_size():
    tree = lesson2.lesson_tree()
    assert check("q5", tree.size()).passed and tree.size() == lesson2.Q2_ITERATIONS + 1
    assert "its root" in check("q5", lesson2.Q2_ITERATIONS).message
    assert "not stored" in check("q5", lesson2.Q2_ITERATIONS * sl.PUZZLE_CARDS_LEFT).message


def test_settle_resolves_single_outcome_chance():
    game = FoodChain(2, open_deck_seed=1)
    state = sl.settle(game, game.new_initial_state(), random.Random(0))
    assert game.current_player(state) == 0


@pytest.mark.parametrize("q", ["q1", "q2", "q3", "q4", "q5"])
def test_unanswered_never_raises(q):
    assert "Not answered yet" in check(q, ...).message


def test_teaching_selection_equals_the_mcts_agents_selection():
    """sl.select (shown in the lesson) and agents.mcts._ucb_child pick the same child for the same statistics."""
    from boardgames_widgets.agents import mcts as real_mcts

    rng = random.Random(7)
    for _ in range(200):
        stats = [(rng.randint(0, 30), rng.randint(1, 30)) for _ in range(rng.randint(2, 6))]
        stats = [(min(total, visits), visits) for total, visits in stats]
        parent = sum(v for _, v in stats) + 1
        c = rng.choice([0.0, 0.5, math.sqrt(2), 2.0])
        lesson_root = sl.TreeNode(None, -1, None, [], visits=parent)
        lesson_root.children = [sl.TreeNode(None, 0, i, [], visits=v, total=t) for i, (t, v) in enumerate(stats)]
        real_root = real_mcts.Node(None, 0, -1, [], visits=parent)
        real_root.children = {i: real_mcts.Node(i, 1, 0, [], visits=v, total=t) for i, (t, v) in enumerate(stats)}
        assert sl.select(lesson_root, c).action == real_mcts._ucb_child(real_root, c).state


def test_teaching_rollout_draws_as_the_mcts_agents_rollout():
    """sl.rollout (shown in the lesson) plays the same game as agents.mcts.random_rollout from the same seed."""
    from boardgames_widgets.agents.mcts import random_rollout

    for p in sl.endgame_puzzles()[:4]:
        for seed in range(5):
            lesson_rng, real_rng = random.Random(seed), random.Random(seed)
            assert sl.rollout(p.game, p.state, lesson_rng) == tuple(random_rollout(p.game, p.state, real_rng))
            assert lesson_rng.getstate() == real_rng.getstate()
