"""agents/tree.py: the parts MCTS and ISMCTS share (issue 28)."""

from __future__ import annotations

import math

import pytest

from boardgames_widgets.agents.ismcts import ISNode
from boardgames_widgets.agents.mcts import Node
from boardgames_widgets.agents.tree import backup, deadline, root_statistics, run, ucb1
from boardgames_widgets.core.api import CHANCE


def test_backup_counts_every_node_and_adds_each_movers_return() -> None:
    path = [Node(None, 0, CHANCE, []), Node(None, 1, 0, []), ISNode(1)]
    backup(path, (0.25, 0.75))
    assert [n.visits for n in path] == [1, 1, 1]
    assert [n.total for n in path] == [0.0, 0.25, 0.75]  # the root's mover is chance: nothing added


def test_root_statistics_picks_the_first_most_visited_action() -> None:
    root = Node(None, 0, CHANCE, [])
    root.children = {"a": Node(None, 1, 0, [], visits=3, total=1.5), "b": Node(None, 1, 0, [], visits=3, total=3.0)}
    assert root_statistics(root) == ("a", {"a": 3, "b": 3}, {"a": 0.5, "b": 1.0})


def test_the_budget_loop_stops_at_the_iterations_and_runs_at_least_the_minimum() -> None:
    calls: list[int] = []

    def iteration() -> int:
        calls.append(1)
        return len(calls) % 2  # every other iteration adds a node

    assert run(iteration, 5, math.inf, 1) == (5, 1 + 3)
    calls.clear()
    assert run(iteration, None, -math.inf, 2) == (2, 1 + 1)  # past the deadline: the minimum only
    with pytest.raises(ValueError, match="give MCTS a budget"):
        deadline("MCTS", None, None)


def test_ucb1_is_the_textbook_score_and_isnode_uses_it() -> None:
    assert ucb1(1.0, 4, math.log(16), 2.0) == 0.25 + 2.0 * math.sqrt(math.log(16) / 4)
    node = ISNode(0, visits=4, available=16, total=1.0)
    assert node.ucb(2.0) == ucb1(1.0, 4, math.log(16), 2.0)
