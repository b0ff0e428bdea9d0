"""Exercises of the lesson "Monte Carlo Tree Search from scratch" (UCT on Food Chain endgames).

Lesson id ``strategy.mcts`` (notebook ``notebooks/lessons/strategy/02_mcts_from_scratch.ipynb``).
The tree the questions are about is grown by the package's own UCT
(:func:`~boardgames_widgets.lessons.strategy_tools.uct_search`) with the lesson's seed,
so every correct answer is computed, never typed in.
"""

from __future__ import annotations

import dataclasses
import math
import random
from collections.abc import Callable, Sequence
from functools import cache
from typing import Any

from boardgames_widgets.core.api import CHANCE
from boardgames_widgets.core.rng import derive_seed
from boardgames_widgets.lessons import strategy_tools as sl
from boardgames_widgets.lessons.check import (
    NOT_ANSWERED,
    Exercise,
    Misconception,
    NotAnswered,
    lesson,
    numeric_exercise,
)
from boardgames_widgets.lessons.strategy_common import outputs_exercise
from boardgames_widgets.lessons.text import N_

LESSON_ID = "strategy.mcts"
#: The notebook's seed (the tree q5 counts is grown with it).
SEED = 2
#: The puzzle whose tree q5 counts (and q3's search grows), and the iterations grown.
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


@cache
def lesson_tree() -> sl.TreeNode:
    """The notebook's tree: :data:`Q2_ITERATIONS` iterations on puzzle :data:`Q2_PUZZLE` (q5 counts its nodes)."""
    p = sl.endgame_puzzles()[Q2_PUZZLE]
    return sl.uct_search(p.game, p.state, Q2_ITERATIONS, C, seed=SEED)


# -- q2: the student writes selection ------------------------------------------------------------
#: q2's parents: (parent visits, [(child visits, child total), ...], c). No two children tie under
#: UCB1 nor under any mistake below (``tests/test_lessons_strategy_mcts.py`` checks it), so a
#: student's tie order can neither pass a mistake nor hide one.
Q2_CASES: tuple[tuple[int, tuple[tuple[int, float], ...], float], ...] = (
    (103, ((23, 22.0), (34, 1.0), (30, 24.0), (16, 1.0)), C),
    (76, ((16, 9.0), (3, 1.0), (26, 0.0), (31, 17.0)), 2.0),
    (65, ((31, 15.0), (25, 17.0), (7, 3.0), (1, 0.0)), 0.5),
    (80, ((17, 14.0), (27, 4.0), (4, 0.0), (32, 21.0)), C),
    (48, ((3, 0.0), (35, 35.0), (2, 0.0), (8, 0.0)), 0.5),
)
#: What a student's selection returned when it was not one of the children.
NOT_A_CHILD, AN_ACTION = "not a child", "an action"


def _parent(visits: int, children: Sequence[tuple[int, float]]) -> sl.TreeNode:
    """A fresh parent node with the given children (their actions are ``"a"``, ``"b"``, …)."""
    node = sl.TreeNode(None, CHANCE, None, [], visits=visits)
    node.children = [
        sl.TreeNode(None, 0, chr(ord("a") + i), [], visits=v, total=t) for i, (v, t) in enumerate(children)
    ]
    return node


def _picked(f: Any) -> Callable[[int, Sequence[tuple[int, float]], float], Any]:
    """Runs a selection function on a fresh parent; which child it picked (its index), or what it gave instead."""

    def run(visits: int, children: Sequence[tuple[int, float]], c: float) -> Any:
        node = _parent(visits, children)
        kids = list(node.children)
        chosen = f(node, c)
        for i, kid in enumerate(kids):
            if chosen is kid:
                return i
        if chosen is None:
            return None
        if any(chosen == kid.action for kid in kids):
            return AN_ACTION
        return NOT_A_CHILD

    return run


def _argmax_by(score: Callable[[sl.TreeNode, sl.TreeNode, float], float]) -> Any:
    return lambda node, c: max(node.children, key=lambda ch: score(ch, node, c))


def _bonus(ch: sl.TreeNode, node: sl.TreeNode, c: float) -> float:
    return c * math.sqrt(math.log(node.visits) / ch.visits)


#: Typical wrong selections, each with the message naming it.
SELECT_MISTAKES: tuple[tuple[Any, str], ...] = (
    (
        _argmax_by(lambda ch, node, c: ch.total / ch.visits),
        N_(
            "Your selection has no exploration term: it follows the best mean so far (c = 0), so a move that was "
            "unlucky once is never tried again. Add the bonus c·√(ln N / n)."
        ),
    ),
    (
        _argmax_by(lambda ch, node, c: ch.visits),
        N_(
            "You picked the most visited child — what MCTS plays at the end of the search. During the search, "
            "selection follows the highest UCB1 score."
        ),
    ),
    (
        _argmax_by(lambda ch, node, c: ch.total + _bonus(ch, node, c)),
        N_("Use the child's mean result (total / visits), not its total."),
    ),
    (
        _argmax_by(lambda ch, node, c: ch.total / ch.visits + c * math.log(node.visits) / ch.visits),
        N_("You forgot the square root around ln N / n in the exploration bonus."),
    ),
    (
        _argmax_by(lambda ch, node, c: ch.total / ch.visits + c * math.sqrt(math.log10(node.visits) / ch.visits)),
        N_("ln is the natural logarithm (math.log), not log10."),
    ),
    (
        _argmax_by(lambda ch, node, c: ch.total / ch.visits + c * math.sqrt(math.log(ch.visits) / node.visits)),
        N_("You swapped the counts: the logarithm is of the parent's visits N, divided by the child's visits n."),
    ),
    (
        _argmax_by(lambda ch, node, c: ch.total / ch.visits + _bonus(ch, node, C)),
        N_("Your selection ignores c: use the exploration constant it is given, not a number of your own."),
    ),
    (
        _argmax_by(_bonus),
        N_("That is the exploration bonus alone; add the child's mean result."),
    ),
    (
        lambda node, c: min(node.children, key=lambda ch: sl.ucb1(ch.total, ch.visits, node.visits, c)),
        N_("You took the lowest UCB1 score: selection follows the highest (max, not min)."),
    ),
)


def _q2() -> Exercise:
    base = outputs_exercise(
        "q2",
        Q2_CASES,
        _picked(sl.select),
        [(_picked(f), message) for f, message in SELECT_MISTAKES],
        hint=(
            N_("Selection follows the child with the highest UCB1 score: its mean plus the exploration bonus."),
            N_(
                "Score every child: its mean (total / visits) plus c times the square root of ln N / visits, with N "
                "the parent's visits; give back the child node with the largest score."
            ),
        ),
    )
    base.misconceptions = [
        *base.misconceptions,
        Misconception(
            lambda outs: AN_ACTION in outs,
            N_("Return the child node itself (it has .visits and .children), not its move."),
        ),
        Misconception(
            lambda outs: NOT_A_CHILD in outs,
            N_("Return one of node.children — the node itself, not its score or a new node."),
        ),
    ]
    inner = base.prepare
    assert inner is not None

    def prepare(f: Any) -> Any:
        if not callable(f):
            raise TypeError(N_("the answer to this exercise is a function: pass its name, without ()"))
        return inner(_picked(f))

    base.prepare = prepare
    return base


ex.add(_q2())


# -- q3: the student writes expansion ------------------------------------------------------------
#: q3's search: its iterations (with the student's expansion, the package's other steps).
Q3_ITERATIONS = 30


def _grow(game: Any, state: Any, iterations: int, expand: Any, seed: Any) -> sl.TreeNode:
    """The lesson's UCT with another expansion step (``sl.uct_search`` with ``expand`` in place of ``sl.expand``)."""
    rng = random.Random(derive_seed(seed, "uct"))
    root = sl.new_node(game, state, CHANCE, None, rng)
    for _ in range(iterations):
        path, node = [root], root
        while not node.untried and node.children:
            node = sl.select(node, C)
            path.append(node)
        if node.untried:
            node = expand(game, node, rng)
            if not isinstance(node, sl.TreeNode):
                raise NotAnswered(N_("your expansion returns None — end it with return child"))
            path.append(node)
        sl.backup(path, sl.rollout(game, node.state, rng))
    return root


@dataclasses.dataclass(frozen=True)
class Expansion:
    """What a student's expansion did to a fresh node (q3 judges these facts, not the code).

    Attributes:
        added: children added to the node.
        dropped: moves removed from ``node.untried``.
        returned: ``"child"`` (the new child), ``"none"``, or ``"other"``.
        from_untried: the new child's move was an untried move of the node.
        still_untried: the new child's move is still in ``node.untried``.
        mover: the child's mover is the player to move at the node.
        mover_is_next: the child's mover is the player to move at the child instead.
        state: the child's state is the position after its move.
        own_moves: the child's untried moves are the legal moves of its state.
        grown: nodes of the whole search with this expansion (``Q3_ITERATIONS + 1`` when right).
    """

    added: int
    dropped: int
    returned: str
    from_untried: bool = False
    still_untried: bool = False
    mover: bool = False
    mover_is_next: bool = False
    state: bool = False
    own_moves: bool = False
    grown: int = 0


def _fresh_nodes() -> list[tuple[Any, sl.TreeNode]]:
    """q3's nodes: the roots of three puzzles, one of them with two moves already expanded."""
    out = []
    for k, (puzzle_index, expanded) in enumerate(((0, 0), (1, 2), (2, 0))):
        p = sl.endgame_puzzles()[puzzle_index]
        rng = random.Random(derive_seed(SEED, "q3", k))
        node = sl.new_node(p.game, p.state, CHANCE, None, rng)
        for _ in range(expanded):
            sl.expand(p.game, node, rng)
        out.append((p.game, node))
    return out


def _expansion(f: Any) -> tuple[Expansion, ...]:
    facts = []
    for k, (game, node) in enumerate(_fresh_nodes()):
        before_children, before_untried = list(node.children), list(node.untried)
        child = f(game, node, random.Random(derive_seed(SEED, "q3 run", k)))
        new = [ch for ch in node.children if all(ch is not old for old in before_children)]
        dropped = len(before_untried) - len(node.untried)
        if child is None and not new and dropped == 0:
            raise NotAnswered(N_("your expansion changes nothing and returns None — finish its body"))
        returned = "child" if any(child is ch for ch in new) else "none" if child is None else "other"
        probe = child if isinstance(child, sl.TreeNode) else (new[0] if new else None)
        if probe is None:
            facts.append(Expansion(len(new), dropped, returned))
            continue
        player = game.current_player(node.state)
        legal = [str(a) for a in game.legal_actions(probe.state)] if game.current_player(probe.state) >= 0 else []
        after = None
        if probe.action in before_untried:
            after = sl.settle(game, game.apply(node.state, probe.action), random.Random(0))
        facts.append(
            Expansion(
                added=len(new),
                dropped=dropped,
                returned=returned,
                from_untried=probe.action in before_untried,
                still_untried=probe.action in node.untried,
                mover=probe.mover == player,
                mover_is_next=probe.mover != player and probe.mover == game.current_player(probe.state),
                state=after is not None and probe.state == after,
                own_moves=sorted(str(a) for a in probe.untried) == sorted(legal),
            )
        )
    if all(fact.added == 1 and fact.returned == "child" for fact in facts):
        p = sl.endgame_puzzles()[Q2_PUZZLE]
        grown = _grow(p.game, p.state, Q3_ITERATIONS, f, SEED).size()
        facts = [dataclasses.replace(fact, grown=grown) for fact in facts]
    return tuple(facts)


def _any(test: Callable[[Expansion], bool]) -> Callable[[Any], bool]:
    return lambda facts: any(test(fact) for fact in facts)


def _expanded_right(facts: Any) -> bool:
    return all(
        f.added == 1
        and f.dropped == 1
        and f.returned == "child"
        and f.from_untried
        and not f.still_untried
        and f.mover
        and f.state
        and f.own_moves
        and f.grown == Q3_ITERATIONS + 1
        for f in facts
    )


def _q3() -> Exercise:
    def prepare(f: Any) -> Any:
        if not callable(f):
            raise TypeError(N_("the answer to this exercise is a function: pass its name, without ()"))
        return _expansion(f)

    return Exercise(
        "q3",
        is_correct=_expanded_right,
        misconceptions=[
            Misconception(
                _any(lambda f: f.added > 1),
                N_(
                    "You expanded more than one node: one iteration adds exactly one child (one untried move), "
                    "then rolls out from it. Adding every move at once spends the iteration on moves it never judges."
                ),
                "several",
            ),
            Misconception(
                _any(lambda f: f.added == 0),
                N_("The new child is not in node.children: append it, or selection will never find it again."),
                "not_added",
            ),
            Misconception(
                _any(lambda f: f.returned != "child"),
                N_("Return the new child: the iteration rolls out from it and backs up through it."),
                "not_returned",
            ),
            Misconception(
                _any(lambda f: not f.from_untried),
                N_("Take the move from node.untried: the other legal moves have children already."),
                "not_untried",
            ),
            Misconception(
                _any(lambda f: f.still_untried or f.dropped != 1),
                N_(
                    "Remove the move you expand from node.untried (node.untried.pop() does both), "
                    "or a later iteration expands it a second time."
                ),
                "not_removed",
            ),
            Misconception(
                _any(lambda f: f.mover_is_next),
                N_(
                    "The child's mover is the player who chose the move into it — the player to move at node "
                    "(game.current_player(node.state)), not the player to move after it."
                ),
                "mover",
            ),
            Misconception(
                _any(lambda f: not f.mover),
                N_("The child's mover is game.current_player(node.state): the player who chose the move into it."),
                "mover_other",
            ),
            Misconception(
                _any(lambda f: not f.state),
                N_(
                    "The child's state is the position after the move: sl.new_node(game, game.apply(node.state, move), "
                    "mover, move, rng)."
                ),
                "state",
            ),
            Misconception(
                _any(lambda f: not f.own_moves),
                N_("Make the child with sl.new_node: it fills in the child's own untried moves."),
                "untried",
            ),
            Misconception(
                _any(lambda f: f.grown != Q3_ITERATIONS + 1),
                N_(
                    "Each node looks right, but a whole search with your expansion does not add exactly one node "
                    "per iteration. Does your function keep something between calls?"
                ),
                "search",
            ),
        ],
        hint=(
            N_("Expansion adds one child for one untried move of the node and returns it."),
            N_(
                "Pop one move off node.untried; make the child with sl.new_node for the position after that move, "
                "with the player to move at node as its mover; add it to node.children and give it back."
            ),
        ),
        prepare=prepare,
    )


ex.add(_q3())


# -- q4: backpropagation (the student writes it) -----------------------------------------------------------------------
#: Paths (the movers from the root down) and the results backed up through them.
Q4_CASES: tuple[tuple[tuple[int, ...], tuple[float, ...]], ...] = (
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


def _q4() -> Exercise:
    base = outputs_exercise(
        "q4",
        Q4_CASES,
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


ex.add(_q4())


# -- q5: how big is the tree? -------------------------------------------------------------------
def tree_size() -> int:
    """Nodes in the lesson's tree (the root included)."""
    return lesson_tree().size()


ex.add(
    numeric_exercise(
        "q5",
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
