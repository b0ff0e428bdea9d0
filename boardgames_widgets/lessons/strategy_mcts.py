"""Exercises of the lesson "Monte Carlo Tree Search from scratch" (UCT on Food Chain endgames).

Lesson id ``strategy.mcts`` (notebook ``notebooks/lessons/strategy/02_mcts_from_scratch.ipynb``).
The tree the questions are about is grown by the package's own UCT
(:func:`~boardgames_widgets.lessons.strategy_tools.uct_search`) with the lesson's seed,
so every correct answer is computed, never typed in.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable, Sequence
from functools import cache
from typing import Any

from boardgames_widgets.core.api import CHANCE
from boardgames_widgets.lessons import strategy_tools as sl
from boardgames_widgets.lessons.check import NOT_ANSWERED, Exercise, Misconception, lesson, numeric_exercise
from boardgames_widgets.lessons.strategy_common import outputs_exercise
from boardgames_widgets.lessons.text import N_

LESSON_ID = "strategy.mcts"
#: The notebook's seed (the tree of q2 and q4 is grown with it).
SEED = 2
#: The puzzle whose tree q2 and q4 look at, and the iterations grown.
Q2_PUZZLE, Q2_ITERATIONS = 0, 40
#: q1's numbers: a child won ``Q1_TOTAL`` of its ``Q1_VISITS`` visits; its parent has ``Q1_PARENT`` visits.
Q1_TOTAL, Q1_VISITS, Q1_PARENT = 6, 10, 50
#: The exploration constant of the lesson (UCB1's textbook value for results in [0, 1]).
C = math.sqrt(2)

ex = lesson(LESSON_ID)

# -- q1: the UCB1 score ----------------------------------------------------------------------
_mean = Q1_TOTAL / Q1_VISITS
_bonus_inside = math.log(Q1_PARENT) / Q1_VISITS
ex.add(
    numeric_exercise(
        "q1",
        sl.ucb1(Q1_TOTAL, Q1_VISITS, Q1_PARENT, C),
        [
            (_mean, N_("That is only the mean result (exploitation). UCB1 adds the exploration bonus c·√(ln N / n).")),
            (
                _mean + C * _bonus_inside,
                N_("You forgot the square root around ln N / n in the exploration bonus."),
            ),
            (
                _mean + C * math.sqrt(math.log10(Q1_PARENT) / Q1_VISITS),
                N_("ln is the natural logarithm (math.log), not log10."),
            ),
            (
                _mean + C * math.sqrt(math.log(Q1_VISITS) / Q1_PARENT),
                N_(
                    "You swapped the counts: the logarithm is of the parent's visits N, divided by the child's visits n."
                ),
            ),
            (
                Q1_TOTAL + C * math.sqrt(_bonus_inside),
                N_("Use the child's mean result (total / visits), not its total."),
            ),
            (
                C * math.sqrt(_bonus_inside),
                N_("That is the exploration bonus alone; add the child's mean result."),
            ),
        ],
        hint=(
            N_("UCB1 adds two parts: how good the move looked so far, and a bonus for being tried rarely."),
            N_(
                "The first part is the average result (total / visits); the bonus is c·√(ln N / n) with c = √2, "
                "N the parent's visits and n the move's."
            ),
        ),
    )
)


# -- q2: which child does selection follow? ---------------------------------------------------
@cache
def lesson_tree() -> sl.TreeNode:
    """The notebook's tree: :data:`Q2_ITERATIONS` iterations on puzzle :data:`Q2_PUZZLE`."""
    p = sl.endgame_puzzles()[Q2_PUZZLE]
    return sl.uct_search(p.game, p.state, Q2_ITERATIONS, C, seed=SEED)


def _is(expected: str) -> Callable[[Any], bool]:
    """Matches the answer ``expected``."""
    return lambda answer: bool(answer == expected)


def _child_by(key: Any) -> str:
    root = lesson_tree()
    return str(max(root.children, key=key).action)


def selected() -> str:
    """The move the next selection step follows from the root."""
    return str(sl.select(lesson_tree(), C).action)


def _normalize_move(answer: Any) -> str:
    return " ".join(str(answer).split())


def _q2() -> Exercise:
    right = selected()
    root = lesson_tree()
    candidates = [
        (
            _child_by(lambda ch: ch.visits),
            N_(
                "That is the most visited move — what MCTS plays at the end of the search. "
                "During the search, selection follows the highest UCB1 score."
            ),
        ),
        (
            _child_by(lambda ch: ch.mean),
            N_(
                "That move has the best mean so far: pure exploitation (c = 0). UCB1 adds a bonus for moves tried rarely."
            ),
        ),
        (
            _child_by(lambda ch: -ch.visits),
            N_("That move was tried least, but its results are poor. UCB1 balances the mean and the bonus."),
        ),
    ]
    misconceptions = [Misconception(_is(wrong), message) for wrong, message in candidates if wrong != right]
    moves = {str(ch.action) for ch in root.children}
    misconceptions.append(
        Misconception(
            lambda a: a not in moves,
            N_("Give one of the moves in the table, as text exactly as it is printed (e.g. 'mouse@2,-3')."),
        )
    )
    return Exercise(
        "q2",
        is_correct=lambda a: a == right,
        misconceptions=misconceptions,
        hint=(
            N_("Selection follows the highest UCB1 score, not the highest average."),
            N_("Compute UCB1 for every row of the table (N = the root's visits) and take the largest."),
        ),
        prepare=_normalize_move,
    )


ex.add(_q2())


# -- q3: backpropagation -----------------------------------------------------------------------
#: Paths (the movers from the root down) and the results backed up through them.
Q3_CASES: tuple[tuple[tuple[int, ...], tuple[float, ...]], ...] = (
    ((CHANCE, 0, 1, 0), (1.0, 0.0)),
    ((CHANCE, 1, 0), (0.0, 1.0)),
    ((CHANCE, 0, 1, 0, 1), (0.5, 0.5)),
    ((CHANCE, 2, 0, 1), (0.0, 0.0, 1.0)),
)


def _run_backup(f: Any) -> Any:
    def run(movers: Sequence[int], returns: Sequence[float]) -> tuple[tuple[int, float], ...]:
        path = [sl.TreeNode(None, m, None, [], visits=3, total=1.0) for m in movers]
        f(path, returns)
        return tuple((n.visits, round(float(n.total), 9)) for n in path)

    return run


def _opponent(path: Any, returns: Any) -> None:
    for node in path:
        node.visits += 1
        if node.mover >= 0:
            node.total += returns[(node.mover + 1) % len(returns)]


def _no_visits(path: Any, returns: Any) -> None:
    for node in path:
        if node.mover >= 0:
            node.total += returns[node.mover]


def _root_too(path: Any, returns: Any) -> None:
    for node in path:
        node.visits += 1
        node.total += returns[node.mover]


def _player0(path: Any, returns: Any) -> None:
    for node in path:
        node.visits += 1
        node.total += returns[0]


def _leaf_only(path: Any, returns: Any) -> None:
    node = path[-1]
    node.visits += 1
    if node.mover >= 0:
        node.total += returns[node.mover]


def _q3() -> Exercise:
    base = outputs_exercise(
        "q3",
        Q3_CASES,
        lambda movers, returns: _run_backup(sl.backup)(movers, returns),
        [
            (
                lambda m, r: _run_backup(_opponent)(m, r),
                N_(
                    "You credited the other player. A node must hold the result of the player who chose the move "
                    "into it (its mover), so that selection picks moves good for that player."
                ),
            ),
            (
                lambda m, r: _run_backup(_no_visits)(m, r),
                N_("You forgot to count the visits: every node on the path gets visits += 1."),
            ),
            (
                lambda m, r: _run_backup(_root_too)(m, r),
                N_(
                    "The root's mover is CHANCE (−1), and returns[-1] quietly gives the last player's result. "
                    "Skip nodes whose mover is negative."
                ),
            ),
            (
                lambda m, r: _run_backup(_player0)(m, r),
                N_(
                    "You added player 0's result everywhere; then player 1 would choose moves that are good for player 0."
                ),
            ),
            (
                lambda m, r: _run_backup(lambda path, returns: None)(m, r),
                N_(
                    "Not answered yet: nothing changed (your function updates no node) — finish its body: "
                    "it must update visits and total of every node on the path."
                ),
            ),
            (
                lambda m, r: _run_backup(_leaf_only)(m, r),
                N_("You updated only the new leaf. Backpropagation updates every node on the path, up to the root."),
            ),
        ],
        hint=(
            N_("Backup walks back up the path of the iteration: every node on it was visited once more."),
            N_(
                "Each node counts one more visit, and adds the result of the player who chose the move into it "
                "(its mover); the root has no mover."
            ),
        ),
    )
    base.misconceptions = [  # an empty body is an open exercise, not a mistake
        dataclasses.replace(m, key=NOT_ANSWERED) if m.message.startswith("Not answered yet") else m
        for m in base.misconceptions
    ]
    inner = base.prepare
    assert inner is not None

    def prepare(f: Any) -> Any:
        if not callable(f):
            raise TypeError(N_("the answer to this exercise is a function: pass its name, without ()"))
        return inner(lambda movers, returns: _run_backup(f)(movers, returns))

    base.prepare = prepare
    return base


ex.add(_q3())


# -- q4: how big is the tree? -------------------------------------------------------------------
def tree_size() -> int:
    """Nodes in the lesson's tree (the root included)."""
    return lesson_tree().size()


ex.add(
    numeric_exercise(
        "q4",
        tree_size(),
        [
            (Q2_ITERATIONS, N_("Close: each iteration adds one node, but the tree also has its root.")),
            (
                Q2_ITERATIONS * sl.PUZZLE_CARDS_LEFT,
                N_("A rollout's positions are not stored: one iteration adds only the one node it expanded."),
            ),
            (len(lesson_tree().children), N_("That is the number of the root's children, not of all the nodes.")),
        ],
        hint=(
            N_("Count what one iteration adds to the tree, then how many iterations there were."),
            N_("Which step adds a node to the tree, and how many per iteration?"),
        ),
    )
)
