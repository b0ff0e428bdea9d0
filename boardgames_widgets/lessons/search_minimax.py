"""Exercises of the lesson "Game trees: minimax and alpha-beta" (Food Chain endgames).

Lesson id ``search.minimax`` (notebook ``notebooks/lessons/search/02_minimax_alphabeta.ipynb``).
The endgames come from :func:`~boardgames_widgets.lessons.search_tools.food_chain_endgame`
(2 players, open deck: a perfect-information tree). The checks work like an
autograder: the student's search runs on a :class:`~boardgames_widgets.lessons.search_tools.GameTree`
that counts the nodes it expands, so a check can say "you did not prune" or "your
depth is off by one", not just "wrong". Every correct value comes from the
reference searches of :mod:`boardgames_widgets.lessons.search_tools`.
"""

from __future__ import annotations

import dataclasses
import itertools
import math
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any

from boardgames_widgets.games.food_chain.rules import FoodChain, FoodChainState
from boardgames_widgets.lessons import search_tools as sl
from boardgames_widgets.lessons.check import Exercise, Misconception, NotAnswered, lesson, numeric_exercise
from boardgames_widgets.lessons.text import M_, N_

LESSON_ID = "search.minimax"

#: The lesson's main endgame: open-deck seed and cards left to place.
MAIN_SEED, MAIN_LEFT = sl.FOOD_CHAIN_SEED, 4
#: q1 cases (deck seed, cards left, depth): the values at depth ± 1 differ from the value.
MINIMAX_CASES: tuple[tuple[int, int, int], ...] = ((0, 4, 2), (0, 4, 3), (2, 4, 2), (0, 3, 3))
#: q2 and q4 cases (deck seed, cards left, depth).
ALPHABETA_CASES: tuple[tuple[int, int, int], ...] = ((0, 4, 4), (0, 5, 3), (2, 4, 3), (3, 5, 3))


@cache
def endgame(seed: int = MAIN_SEED, left: int = MAIN_LEFT) -> tuple[FoodChain, FoodChainState]:
    """The endgame with deck ``seed`` and ``left`` cards to place."""
    return sl.food_chain_endgame(left, seed)


def tree_for(seed: int = MAIN_SEED, left: int = MAIN_LEFT) -> tuple[sl.GameTree, FoodChainState]:
    """A fresh counting tree (value: player 0's point margin) and the endgame's state."""
    game, state = endgame(seed, left)
    return sl.food_chain_tree(game), state


# -- typical wrong searches (to recognise their answers) -----------------------------------
def max_everywhere(tree: sl.GameTree, state: Any, depth: int) -> float:
    """Wrong: every level maximizes (forgets that player 1 plays against player 0)."""
    if depth == 0 or tree.is_over(state):
        return tree.value(state)
    return max(max_everywhere(tree, tree.play(state, m), depth - 1) for m in tree.moves(state))


def swapped(tree: sl.GameTree, state: Any, depth: int) -> float:
    """Wrong: MIN where MAX should be and the other way round."""
    if depth == 0 or tree.is_over(state):
        return tree.value(state)
    children = [swapped(tree, tree.play(state, m), depth - 1) for m in tree.moves(state)]
    return min(children) if tree.to_move(state) == sl.MAX else max(children)


def alphabeta_strict(tree: sl.GameTree, state: Any, depth: int, alpha: float, beta: float) -> float:
    """Alpha-beta that cuts only when alpha > beta (prunes a little less; still correct)."""
    if depth == 0 or tree.is_over(state):
        return tree.value(state)
    maximize = tree.to_move(state) == sl.MAX
    best = -math.inf if maximize else math.inf
    for m in tree.moves(state):
        v = alphabeta_strict(tree, tree.play(state, m), depth - 1, alpha, beta)
        if maximize:
            best = max(best, v)
            alpha = max(alpha, best)
        else:
            best = min(best, v)
            beta = min(beta, best)
        if alpha > beta:
            break
    return best


@dataclass
class _Case:
    """One case of a function exercise: what the student's search did and what it should do."""

    value: Any
    expanded: int
    want: float
    minus: float
    plus: float
    wrong: dict[str, float]
    work: dict[str, int]


def _numeric(x: Any) -> bool:
    return isinstance(x, int | float) and not isinstance(x, bool)


@cache
def _reference(seed: int, left: int, depth: int) -> tuple[float, float, float, dict[str, float], dict[str, int]]:
    """The reference answers of one case (computed once): value, values at depth - 1 and
    depth + 1, the typical wrong values, and the nodes each search expands."""
    tree, state = tree_for(seed, left)
    ref = sl.measure(sl.minimax_value, tree, state, depth)
    ab = sl.measure(sl.alphabeta_value, tree, state, depth)
    strict = sl.measure(lambda t, s, d: alphabeta_strict(t, s, d, -math.inf, math.inf), tree, state, depth)
    return (
        ref.value,
        sl.alphabeta_value(tree, state, max(depth - 1, 0)),
        sl.alphabeta_value(tree, state, depth + 1),
        {"max": max_everywhere(tree, state, depth), "swapped": swapped(tree, state, depth)},
        {"minimax": ref.expanded, "alphabeta": ab.expanded, "strict": strict.expanded},
    )


def _run(func: Any, kind: str) -> list[_Case]:
    if not callable(func):
        raise TypeError(N_("this exercise expects your function, not a value"))
    cases = MINIMAX_CASES if kind == "minimax" else ALPHABETA_CASES
    out = []
    for seed, left, depth in cases:
        tree, state = tree_for(seed, left)
        tree.reset()
        got = func(tree, state, depth) if kind == "minimax" else func(tree, state, depth, -math.inf, math.inf)
        if got is None:
            raise NotAnswered(N_("your function returns None: return the value"))
        out.append(_Case(got, tree.expanded, *_reference(seed, left, depth)))
    return out


def _values_ok(cases: list[_Case]) -> bool:
    return all(_numeric(c.value) and math.isclose(c.value, c.want) for c in cases)


def _all_like(attr: str) -> Callable[[list[_Case]], bool]:
    def judge(cases: list[_Case]) -> bool:
        if not all(_numeric(c.value) for c in cases) or _values_ok(cases):
            return False
        if attr in ("minus", "plus"):
            return all(math.isclose(c.value, getattr(c, attr)) for c in cases)
        return all(math.isclose(c.value, c.wrong[attr]) for c in cases)

    return judge


def _off_by_one(cases: list[_Case]) -> bool:
    return _all_like("minus")(cases) or _all_like("plus")(cases)


_COMMON = [
    Misconception(lambda cs: not all(_numeric(c.value) for c in cs), N_("Return a number: the value for player 0.")),
    Misconception(
        _off_by_one,
        N_(
            "Your depth is off by one: depth counts moves. At depth 0 return tree.value(state) without "
            "expanding; each recursive call gets depth - 1."
        ),
    ),
    Misconception(
        _all_like("max"),
        N_(
            "You maximize at every level. Player 1 (MIN) picks the move that is worst for player 0: take the "
            "min where tree.to_move(state) is 'min'."
        ),
    ),
    Misconception(_all_like("swapped"), N_("You swapped MAX and MIN: player 0, who moves at 'max' nodes, maximizes.")),
]


# --------------------------------------------------------------------------------------------
# the exercises
# --------------------------------------------------------------------------------------------
ex = lesson(LESSON_ID)

ex.add(
    Exercise(
        "q1",
        is_correct=_values_ok,
        misconceptions=_COMMON,
        hint=(
            N_(
                "Minimax stops at the end of the game or at the depth limit; in between, the player to move picks what is best for them."
            ),
            N_("Check the end of the game (tree.is_over) as well as depth 0, and that each level takes max or min."),
        ),
        prepare=lambda f: _run(f, "minimax"),
        praise=N_("Correct — the minimax value on every endgame and depth."),
    )
)


def _not_pruned(cases: list[_Case]) -> bool:
    return _values_ok(cases) and all(c.expanded >= c.work["minimax"] for c in cases)


def _prunes_little(cases: list[_Case]) -> bool:
    return _values_ok(cases) and sum(c.expanded for c in cases) > sum(c.work["strict"] for c in cases)


ex.add(
    Exercise(
        "q2",
        is_correct=lambda cs: _values_ok(cs) and not _prunes_little(cs),
        misconceptions=[
            Misconception(
                _not_pruned,
                N_(
                    "Right values, but you did not prune: your search expanded every node plain minimax expands. "
                    "After each child update alpha (at MAX) or beta (at MIN) and stop the loop once alpha >= beta."
                ),
            ),
            Misconception(
                _prunes_little,
                N_(
                    "Right values, but you prune less than alpha-beta can: pass the updated alpha and beta down "
                    "to the next children, and cut as soon as alpha >= beta."
                ),
            ),
            *_COMMON,
            Misconception(
                lambda cs: (
                    all(_numeric(c.value) for c in cs)
                    and sum(c.expanded for c in cs) < sum(c.work["alphabeta"] for c in cs)
                ),
                N_(
                    "You cut too much: some values are wrong. Cut only when alpha >= beta, and start with "
                    "best = -inf at MAX and +inf at MIN."
                ),
            ),
        ],
        hint=(
            N_("Alpha-beta gives the same value as minimax, but stops looking at moves that cannot change the result."),
            N_("Compare your value with minimax on the same tree; then count tree.expanded."),
        ),
        prepare=lambda f: _run(f, "alphabeta"),
        praise=N_("Correct — the minimax value, and the nodes alpha-beta can skip were skipped."),
    )
)

_tree, _state = tree_for()
ex.add(
    numeric_exercise(
        "q3",
        sl.count_positions(_tree, _state, MAIN_LEFT),
        [
            (
                sl.count_nodes(_tree, _state, MAIN_LEFT),
                N_(
                    "You counted nodes of the tree. A transposition table stores each position once, however "
                    "many move orders lead to it."
                ),
            ),
            (
                sl.count_positions(_tree, _state, MAIN_LEFT) - 1,
                N_("Count the root position too."),
            ),
            (
                sl.count_positions(_tree, _state, MAIN_LEFT) - sl.count_positions(_tree, _state, MAIN_LEFT - 1),
                M_(
                    "You counted only the positions {left} moves deep; the table also stores every position on "
                    "the way there, and the start.",
                    left=MAIN_LEFT,
                ),
            ),
        ],
        hint=(
            N_("A transposition table stores each position once, however many move orders lead to it."),
            N_("Count the different positions (not the paths) within the depth, the starting position included."),
        ),
    )
)


@dataclasses.dataclass
class _OrderRun:
    """The student's ordering on the q4 cases: per case ``(same moves?, same value?, nodes with it,
    nodes without order, nodes best-first)``, and how it ordered each node it was asked about."""

    rows: list[tuple[bool, bool, int, int, int]]
    #: per node asked: ``"best"`` (best first for the player to move, ties in any order), ``"worst"``,
    #: ``"mixed"`` or ``"tie"`` (every move scores the same); with the player to move
    nodes: list[tuple[str, str]]


def order_kind(tree: sl.GameTree, state: Any, ordered: list[Any]) -> str:
    """How ``ordered`` sorts a node's moves by their quick score (``tree.evaluate`` after the move).

    ``"best"``: best first for the player to move; ``"worst"``: worst first; ``"tie"``:
    every move scores the same; else ``"mixed"``. Ties among equal scores may be in any
    order, so the verdict does not depend on how a sort breaks them.
    """
    saved = (tree.expanded, tree.evaluated)
    sign = 1 if tree.to_move(state) == sl.MAX else -1
    scores = [sign * tree.evaluate(tree.play(state, m)) for m in ordered]
    tree.expanded, tree.evaluated = saved
    if len(set(scores)) < 2:
        return "tie"
    if all(x >= y for x, y in itertools.pairwise(scores)):
        return "best"
    if all(x <= y for x, y in itertools.pairwise(scores)):
        return "worst"
    return "mixed"


def _run_order(func: Any) -> _OrderRun:
    """Run the student's ordering inside alpha-beta on every case, watching each node's order."""
    if not callable(func):
        raise TypeError(N_("q4 expects your function order(tree, state, moves)"))
    out = _OrderRun([], [])

    def watched(tree: sl.GameTree, state: Any, moves: list[Any]) -> list[Any]:
        got = func(tree, state, moves)
        if got is not None and sorted(map(str, got)) == sorted(map(str, moves)):
            out.nodes.append((str(tree.to_move(state)), order_kind(tree, state, list(got))))
        return got  # type: ignore[no-any-return]

    for seed, left, depth in ALPHABETA_CASES:
        tree, state = tree_for(seed, left)
        moves = tree.moves(state)
        got = func(tree, state, list(moves))
        if got is None:
            raise NotAnswered(N_("your function returns None: return the moves in your order"))
        same = got is not None and sorted(map(str, got)) == sorted(map(str, moves))
        if not same:
            out.rows.append((False, False, 0, 0, 0))
            continue
        mine = sl.measure(sl.alphabeta_value, tree, state, depth, order=watched)
        plain = sl.measure(sl.alphabeta_value, tree, state, depth)
        good = sl.measure(sl.alphabeta_value, tree, state, depth, order=sl.best_first)
        out.rows.append((True, math.isclose(mine.value, plain.value), mine.expanded, plain.expanded, good.expanded))
    return out


def _kinds(run: _OrderRun, player: str | None = None) -> set[str]:
    """The orders seen at nodes where the scores differ (of one player, or of both)."""
    return {k for p, k in run.nodes if k != "tie" and (player is None or p == player)}


def _worst_everywhere(run: _OrderRun) -> bool:
    return all(r[0] for r in run.rows) and _kinds(run) == {"worst"}


def _worst_at(player: str) -> Callable[[_OrderRun], bool]:
    other = sl.MIN if player == sl.MAX else sl.MAX
    return lambda run: (
        all(r[0] for r in run.rows) and _kinds(run, player) == {"worst"} and _kinds(run, other) == {"best"}
    )


def _worst_somewhere(run: _OrderRun) -> bool:
    return all(r[0] for r in run.rows) and "worst" in _kinds(run)


def _ascending(tree: sl.GameTree, state: Any, moves: list[Any]) -> list[Any]:
    """A typical wrong ordering: lowest value first for both players (worst-first at MAX)."""
    return sl.best_first(tree, state, moves)[:: 1 if tree.to_move(state) == sl.MIN else -1]


def _descending(tree: sl.GameTree, state: Any, moves: list[Any]) -> list[Any]:
    """A typical wrong ordering: highest value first for both players (worst-first at MIN)."""
    return sl.best_first(tree, state, moves)[:: 1 if tree.to_move(state) == sl.MAX else -1]


def _worst_first(tree: sl.GameTree, state: Any, moves: list[Any]) -> list[Any]:
    """A typical wrong ordering: the worst move for the player to move first."""
    return sl.best_first(tree, state, moves)[::-1]


#: how much more work than best-first still counts as "best move first" (another good heuristic)
Q4_SLACK = 1.05


def _good_enough(run: _OrderRun) -> bool:
    """Correct: same moves, same value, about as little work as best-first (or less), and
    nowhere the worst move first for the player to move."""
    rows = run.rows
    if not all(r[0] and r[1] for r in rows) or "worst" in _kinds(run):
        return False
    return sum(r[2] for r in rows) <= Q4_SLACK * sum(r[4] for r in rows)


ex.add(
    Exercise(
        "q4",
        is_correct=_good_enough,
        misconceptions=[
            Misconception(
                lambda run: not all(r[0] for r in run.rows),
                N_("Your ordering must return the same moves, only in another order (none lost, none added)."),
            ),
            Misconception(
                _worst_everywhere,
                N_(
                    "Your ordering makes alpha-beta slower: it puts the worst moves first. At MAX the moves with the "
                    "highest value should come first, at MIN the lowest."
                ),
                "m2",
            ),
            Misconception(
                _worst_at(sl.MAX),
                N_(
                    "At MIN your order is right, but at MAX you try the lowest values first — that is MAX's worst "
                    "move. Order for the player to move: MAX wants the highest value first."
                ),
                "m3",
            ),
            Misconception(
                _worst_at(sl.MIN),
                N_(
                    "At MAX your order is right, but at MIN you try the highest values first — that is MIN's worst "
                    "move. Order for the player to move: MIN wants the lowest value first."
                ),
                "m4",
            ),
            Misconception(
                lambda run: sum(r[2] for r in run.rows) > sum(r[3] for r in run.rows),
                N_(
                    "Your ordering makes alpha-beta slower than no ordering at all: some player's worst moves come "
                    "first. Put the best move for the player to move first."
                ),
                "m5",
            ),
            Misconception(
                lambda run: sum(r[2] for r in run.rows) == sum(r[3] for r in run.rows),
                N_(
                    "Alpha-beta does exactly as much work as with the moves in their own order: your function does "
                    "not reorder them (sorted() returns a new list — return that one)."
                ),
                "m6",
            ),
            Misconception(
                _worst_somewhere,
                N_(
                    "At some nodes your ordering puts the worst move for the player to move first (it may still look "
                    "fast on small nodes). Order every node the same way: best for the player to move first."
                ),
                "worst_somewhere",
            ),
            Misconception(
                lambda run: all(r[0] for r in run.rows),
                N_(
                    "Your ordering helps, but alpha-beta still does clearly more work than with the best move first: "
                    "at some nodes the player to move does not try its best move first."
                ),
                "m7",
            ),
        ],
        hint=(
            N_(
                "Alpha-beta cuts early when the best move is tried first. Which player is to move, and which "
                "value does that player like?"
            ),
            N_(
                "Give every move a quick score — the value of the position right after it (tree.evaluate) — and "
                "sort by it: highest first when MAX is to move, lowest first when MIN is."
            ),
        ),
        prepare=_run_order,
        praise=N_("Correct — with your ordering alpha-beta expands fewer nodes."),
    )
)
