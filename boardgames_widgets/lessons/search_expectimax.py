"""Exercises of the lesson "Chance nodes: expectimax" (the Chop Chop cat choosing where to wait).

Lesson id ``search.expectimax`` (notebook ``notebooks/lessons/search/03_expectimax.ipynb``).
Positions are bare-kitchen endgames (:func:`~boardgames_widgets.lessons.search_tools.cat_endgame`):
the cat and one mouse left. Correct answers come from the rules engine's path search
(:func:`~boardgames_widgets.lessons.search_tools.pounce_chance`) and from
:func:`~boardgames_widgets.lessons.search_tools.expectimax_value`; the student's
expectimax runs on a counting tree, like an autograder.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from fractions import Fraction
from functools import cache
from typing import Any

from boardgames_widgets.analysis.chop_chop import reachable
from boardgames_widgets.games.chop_chop import ChopChop, ChopChopState
from boardgames_widgets.games.chop_chop.layout import Coord
from boardgames_widgets.lessons import search_tools as sl
from boardgames_widgets.lessons.check import Exercise, Misconception, NotAnswered, close_to, lesson
from boardgames_widgets.lessons.probability_common import probability_exercise
from boardgames_widgets.lessons.text import N_

LESSON_ID = "search.expectimax"

#: q1: the cat about to roll on (1,1), the mouse next to it on (1,2).
POUNCE_CAT, POUNCE_MOUSE = (1, 1), (1, 2)
#: The "where to wait" position: the cat on (4,4) has rolled 2, the mouse is on (5,1).
WAIT_CAT, WAIT_MOUSE, WAIT_ROLL = (4, 4), (5, 1), 2
#: Depth of the lesson's search for the waiting square: the cat's move, the mouse's move.
WAIT_DEPTH = 2
#: q2 cases: (cat, mouse, roll, depth).
EXPECTIMAX_CASES: tuple[tuple[Coord, Coord, int, int], ...] = (
    ((4, 4), (5, 1), 2, 2),
    ((1, 3), (4, 5), 2, 3),
    ((3, 3), (5, 5), 2, 2),
    ((1, 1), (1, 2), 0, 1),
)


@cache
def game() -> ChopChop:
    """The game of the lesson (2 players, the turn limit of the cat endgames)."""
    return sl.cat_game()


@cache
def position(cat: Coord, mouse: Coord, roll: int = 0) -> ChopChopState:
    """A bare-kitchen endgame, the cat to move (``roll`` 0: about to roll)."""
    return sl.cat_endgame(game(), cat, mouse, roll=roll)


def pounce_state() -> ChopChopState:
    """The q1 position."""
    return position(POUNCE_CAT, POUNCE_MOUSE)


def wait_state() -> ChopChopState:
    """The "where to wait" position."""
    return position(WAIT_CAT, WAIT_MOUSE, WAIT_ROLL)


def faces_reaching(state: ChopChopState, target: Coord) -> list[int]:
    """The cat die's faces (with repeats) for which the cat can land on ``target``."""
    g = game()
    return [f for f in g.cfg.cat_die if target in reachable(state, "cat", f, game=g)]


def wait_values(depth: int = WAIT_DEPTH, chance: str = "average") -> dict[Coord, float]:
    """The value of each square the cat may wait on in the "where to wait" position."""
    return sl.move_values(sl.cat_tree(game()), wait_state(), depth, chance)


def nearest_square(values: dict[Coord, float], target: Coord) -> Coord:
    """The square nearest ``target`` (rows + columns) — the greedy cat's choice."""
    return min(values, key=lambda sq: abs(sq[0] - target[0]) + abs(sq[1] - target[1]))


# -- typical wrong expectimax searches ------------------------------------------------------
def _variant(kind: str) -> Callable[[sl.GameTree, Any, int], float]:
    """Wrong expectimax: chance nodes unweighted, or using up depth."""

    def search(tree: sl.GameTree, state: Any, depth: int) -> float:
        to_move = tree.to_move(state)
        if to_move == sl.END or depth == 0:
            return tree.value(state)
        if to_move == sl.CHANCE_NODE:
            outs = tree.outcomes(state)
            nxt = depth - 1 if kind == "chance-depth" else depth
            vals = [search(tree, tree.play(state, o), nxt) for o, _ in outs]
            if kind == "chance-depth":
                return sum(float(p) * v for (_, p), v in zip(outs, vals, strict=True))
            return sum(vals) / len(vals)
        vals = [search(tree, tree.play(state, m), depth - 1) for m in tree.moves(state)]
        return max(vals) if to_move == sl.MAX else min(vals)

    return search


@cache
def _reference(cat: Coord, mouse: Coord, roll: int, depth: int) -> dict[str, float]:
    tree = sl.cat_tree(game())
    s = position(cat, mouse, roll)
    return {
        "want": sl.expectimax_value(tree, s, depth),
        "worst": sl.expectimax_value(tree, s, depth, "worst"),
        "best": sl.expectimax_value(tree, s, depth, "best"),
        "minus": sl.expectimax_value(tree, s, max(depth - 1, 0)),
        "plus": sl.expectimax_value(tree, s, depth + 1),
        "unweighted": _variant("unweighted")(tree, s, depth),
        "chance-depth": _variant("chance-depth")(tree, s, depth),
    }


def _run(func: Any) -> list[tuple[Any, dict[str, float]]]:
    if not callable(func):
        raise TypeError(N_("q2 expects your function expectimax(tree, state, depth)"))
    out = []
    for cat, mouse, roll, depth in EXPECTIMAX_CASES:
        tree = sl.cat_tree(game())
        got = func(tree, position(cat, mouse, roll), depth)
        if got is None:
            raise NotAnswered(N_("your function returns None: return the value"))
        out.append((got, _reference(cat, mouse, roll, depth)))
    return out


def _number(x: Any) -> bool:
    return isinstance(x, int | float | Fraction) and not isinstance(x, bool)


def _like(key: str) -> Callable[[list[tuple[Any, dict[str, float]]]], bool]:
    def judge(rows: list[tuple[Any, dict[str, float]]]) -> bool:
        if not all(_number(g) for g, _ in rows) or _ok(rows):
            return False
        return all(math.isclose(float(g), ref[key], abs_tol=1e-9) for g, ref in rows)

    return judge


def _ok(rows: list[tuple[Any, dict[str, float]]]) -> bool:
    return all(_number(g) and math.isclose(float(g), ref["want"], abs_tol=1e-9) for g, ref in rows)


# --------------------------------------------------------------------------------------------
# the exercises
# --------------------------------------------------------------------------------------------
ex = lesson(LESSON_ID)

_faces = game().cfg.cat_die
_hits = faces_reaching(pounce_state(), POUNCE_MOUSE)
_distinct = sorted(set(_faces))
ex.add(
    probability_exercise(
        "q1",
        Fraction(len(_hits), len(_faces)),
        [
            (
                Fraction(len(set(_hits)), len(_distinct)),
                N_(
                    "You treated the numbers 1, 2, 3 as equally likely. The cat die has faces 1, 1, 2, 2, 2, 3: "
                    "weight each number by its faces."
                ),
            ),
            (1, N_("That is the luckiest roll: a chance node is not the cat's choice. Average over the faces.")),
            (0, N_("That is the unluckiest roll — treating the die as an opponent (minimax). Average over the faces.")),
            (
                Fraction(_faces.count(1), len(_faces)),
                N_(
                    "A 3 also works: the cat can walk around (three steps ending next door). Use reachable for every face."
                ),
            ),
        ],
        hint=(
            N_("The die has six faces, equally likely; which of them let the cat end its move on the mouse?"),
            N_("For each face of the cat die: can the cat land on the mouse? Then (faces that can) / 6."),
        ),
    )
)

ex.add(
    Exercise(
        "q2",
        is_correct=_ok,
        misconceptions=[
            Misconception(lambda rows: not all(_number(g) for g, _ in rows), N_("Return a number: the cat's value.")),
            Misconception(
                _like("worst"),
                N_(
                    "You treated the dice as an opponent (the minimum over the outcomes): that is minimax, and it "
                    "is too pessimistic. A chance node is worth the probability-weighted average."
                ),
            ),
            Misconception(
                _like("best"),
                N_(
                    "You took the luckiest outcome at chance nodes. Nobody chooses the roll: average the outcomes, "
                    "weighted by their probabilities."
                ),
            ),
            Misconception(
                _like("unweighted"),
                N_(
                    "You averaged the outcomes as if they were equally likely. Weight each by its probability "
                    "(tree.outcomes gives (outcome, probability) pairs)."
                ),
            ),
            Misconception(
                _like("chance-depth"),
                N_(
                    "Your depth is off by one: chance nodes do not use up depth — only decisions (the cat's and the "
                    "mouse's moves) do."
                ),
            ),
            Misconception(
                lambda rows: _like("minus")(rows) or _like("plus")(rows),
                N_("Your depth is off by one: depth counts decisions. At depth 0 return tree.value(state)."),
            ),
        ],
        hint=(
            N_("At a die roll nobody chooses: the value is what happens on average."),
            N_("Three kinds of nodes: 'max' (the cat), 'min' (the mouse) and 'chance' (a die roll)."),
        ),
        prepare=_run,
        praise=N_("Correct — expectimax on every position and depth."),
    )
)


def _as_square(answer: Any) -> Coord:
    if isinstance(answer, str):
        parts = answer.strip().strip("()").split(",")
        return (int(parts[0]), int(parts[1]))
    r, c = answer
    return (int(r), int(c))


def _as_choice(answer: Any) -> tuple[Coord, Any]:
    """q3's answer ``((row, col), value)``; a bare square is told to add its value."""
    if isinstance(answer, list | tuple) and len(answer) == 2 and isinstance(answer[0], list | tuple | str):
        return _as_square(answer[0]), answer[1]
    _as_square(answer)  # a bare square: say what is missing (or fail on what is not a square)
    raise NotAnswered(N_("give the square and its expectimax value, as ((row, col), value)"))


_values = wait_values()
_best = max(_values, key=_values.__getitem__)
_shallow = wait_values(1)
_worst_roll = wait_values(WAIT_DEPTH, "worst")


def tied(values: dict[Coord, float], key: Callable[[Coord], float]) -> frozenset[Coord]:
    """The squares that share the top of ``key``: a choice among them depends only on tie order."""
    top = max(key(sq) for sq in values)
    return frozenset(sq for sq in values if math.isclose(key(sq), top, abs_tol=1e-12))


#: the greedy cat's squares: every square nearest the mouse (whichever a tie order picks)
GREEDY = tied(_values, lambda sq: -(abs(sq[0] - WAIT_MOUSE[0]) + abs(sq[1] - WAIT_MOUSE[1])))
#: the depth-1 favourites (the evaluation that does not fit the depth), all of them
SHALLOW = tied(_shallow, _shallow.__getitem__)


def _value_is(target: Callable[[Coord], float]) -> Callable[[tuple[Coord, Any]], bool]:
    return lambda choice: close_to(target(choice[0]), digits=2)(choice[1])


ex.add(
    Exercise(
        "q3",
        is_correct=lambda choice: choice[0] == _best and _value_is(_values.__getitem__)(choice),
        misconceptions=[
            Misconception(
                lambda choice: choice[0] not in _values,
                N_("The cat cannot land there with this roll: pick a square from the list."),
            ),
            Misconception(
                lambda choice: choice[0] in GREEDY and choice[0] != _best,
                N_(
                    "That is the greedy cat's square: nearest to the mouse. But the mouse moves first, with its "
                    "own die — wait where the mouse is likely to be catchable after its move."
                ),
            ),
            Misconception(
                lambda choice: (
                    (choice[0] in SHALLOW and choice[0] != _best)
                    or _value_is(lambda sq: _shallow.get(sq, math.nan))(choice)
                ),
                N_(
                    "That is the best square at depth 1: the evaluation looks at the mouse where it is now, but the "
                    "mouse moves before the cat rolls again. Search one decision deeper."
                ),
            ),
            Misconception(
                _value_is(_worst_roll.__getitem__),
                N_(
                    "That value takes the worst roll every time (minimax against dice): the mouse always escapes. "
                    "Weigh the rolls by their probabilities."
                ),
                "worst_roll",
            ),
        ],
        hint=(
            N_("The cat should go where its chance to catch the mouse later is best, averaged over the dice."),
            N_("Compare the expectimax values of the landing squares (depth 2): the highest wins."),
        ),
        prepare=_as_choice,
        praise=N_("Correct — the square with the best expected chance to catch the mouse."),
    )
)
