"""Exercises of the lesson "Dice that are not what they seem" (Chop Chop's cat and mouse dice).

Lesson id ``probability.dice`` (notebook ``notebooks/lessons/probability/01_dice.ipynb``).
The dice come from the game's own chance outcomes; the chance that the cat can end
its move on a mouse ``k`` squares away is found by the rules engine's own path search
(:func:`~boardgames_widgets.analysis.chop_chop.reachable`) on a real kitchen. No answer
is typed in.
"""

from __future__ import annotations

import html
import math
from collections.abc import Mapping
from fractions import Fraction
from functools import cache
from typing import Any

import numpy as np

from boardgames_widgets.analysis import probability as pr
from boardgames_widgets.analysis.chop_chop import reachable
from boardgames_widgets.games.chop_chop import ChopChop, ChopChopState
from boardgames_widgets.games.chop_chop.layout import Coord
from boardgames_widgets.games.chop_chop.scenario import board_state
from boardgames_widgets.lessons.check import lesson, numeric_exercise
from boardgames_widgets.lessons.probability_common import function_exercise, probability_exercise
from boardgames_widgets.lessons.text import N_, _, number

LESSON_ID = "probability.dice"

#: The kitchen at the start: the cat on the table top, every mouse in its hole.
START_BOARD = """
- - - - 0 - - - -
- - # # # # # - -
- # # # # # # # -
- # # [C#] [#] [#] # # 1
3 # # [#] [#] [#] # # -
- # # # # # # # -
- - # # # # # - -
- - - - 2 - - - -
"""

#: Where the cat stands in the "reach" scenario, and the row the mouse stands on (open floor,
#: not under the table, so it can be caught: CC-C1).
CAT_SQUARE: Coord = (1, 1)
#: The farthest mouse distance the scenario board allows (the mouse at (1, 1 + k)).
MAX_DISTANCE = 5


@cache
def game() -> ChopChop:
    """The standard Chop Chop game (2 players) the lesson rolls with."""
    return ChopChop()


@cache
def roll_states() -> tuple[ChopChopState, ChopChopState]:
    """Two start positions: the mice about to roll, the cat about to roll."""
    g = game()
    return board_state(g, START_BOARD, mice_turn=True), board_state(g, START_BOARD, mice_turn=False)


def mouse_die() -> dict[int, Fraction]:
    """The mouse die, read from the game's chance outcomes."""
    return pr.chance_distribution(game(), roll_states()[0])


def cat_die() -> dict[int, Fraction]:
    """The cat die, read from the game's chance outcomes."""
    return pr.chance_distribution(game(), roll_states()[1])


def chase_board(k: int) -> str:
    """A kitchen with the cat on :data:`CAT_SQUARE` and mouse 0 ``k`` squares to its right.

    Raises:
        ValueError: ``k`` not in ``1 … MAX_DISTANCE``.
    """
    if not 1 <= k <= MAX_DISTANCE:
        raise ValueError(f"the mouse can stand 1 to {MAX_DISTANCE} squares from the cat, not {k}")
    rows = [line.split() for line in START_BOARD.strip("\n").splitlines()]
    # the map has a one-cell border: board (r, c) is rows[r + 1][c + 1]; empty the table's cat
    rows[3][3] = "[#]"
    r, c = CAT_SQUARE
    rows[r + 1][c + 1] = "C#"
    rows[r + 1][c + 1 + k] = "0"
    rows[0][4] = "o"  # mouse 0 has left its hole
    return "\n".join(" ".join(row) for row in rows)


@cache
def chase_state(k: int) -> ChopChopState:
    """The :func:`chase_board` position, the cat about to roll."""
    return board_state(game(), chase_board(k), mice_turn=False)


def mouse_square(k: int) -> Coord:
    """Where the mouse stands in :func:`chase_state`."""
    return (CAT_SQUARE[0], CAT_SQUARE[1] + k)


def cat_can_land_on_mouse(k: int, roll: int) -> bool:
    """Whether some legal cat move of exactly ``roll`` steps ends on the mouse ``k`` squares away."""
    return mouse_square(k) in reachable(chase_state(k), "cat", roll, game=game())


def reach_probability(die: Mapping[int, Fraction], k: int) -> Fraction:
    """P(one roll of ``die`` lets the cat end its move on a mouse ``k`` squares away), by the engine."""
    return sum((p for roll, p in die.items() if cat_can_land_on_mouse(k, roll)), Fraction(0))


# --------------------------------------------------------------------------------------------
# the exercises
# --------------------------------------------------------------------------------------------
ex = lesson(LESSON_ID)
_cat, _mouse = cat_die(), mouse_die()
_faces_cat = game().cfg.cat_die
_ordinary = pr.die(range(1, 7))

ex.add(
    probability_exercise(
        "q1",
        _cat[2],
        [
            (
                Fraction(1, len(_faces_cat)),
                N_("1/6 is the chance of one face. The cat die shows 2 on three of its six faces."),
            ),
            (
                Fraction(1, len(_cat)),
                N_("The numbers 1, 2 and 3 are not equally likely: count the faces that show each one."),
            ),
        ],
        hint=(
            N_("The six faces are equally likely, and some faces show the same number."),
            N_("Count the faces that show a 2, then divide by the number of faces."),
        ),
    )
)

ex.add(
    numeric_exercise(
        "q2",
        pr.mean(_mouse),
        [
            (
                Fraction(sum(_mouse), len(_mouse)),
                N_(
                    "You averaged the different numbers 1, 2, 3, 4. Weight each by its probability: "
                    "1 and 2 are on two faces each."
                ),
            ),
            (pr.mean(_ordinary), N_("3.5 is the mean of an ordinary die; this die has faces 1, 1, 2, 2, 3, 4.")),
            (
                6 * pr.mean(_mouse),
                N_("That is the sum of the six faces. The average divides it by the number of faces."),
            ),
        ],
        hint=(
            N_("The expected value is a weighted average: each value counts as often as it comes up."),
            N_("Add up what the six faces show and divide by the number of faces."),
        ),
    )
)

ex.add(
    numeric_exercise(
        "q3",
        pr.variance(_cat),
        [
            (
                pr.std(_cat),
                N_("That is the standard deviation, the square root of the variance. The variance is its square."),
            ),
            (
                pr.expectation(_cat, lambda x: x * x),
                N_("That is E[X²]. The variance is E[X²] − (E[X])²: subtract the square of the mean."),
            ),
            (
                pr.variance(pr.die(sorted(_cat))),
                N_("You treated 1, 2, 3 as equally likely. Weight the squared distances by the probabilities."),
            ),
            (
                pr.expectation(_cat, lambda x: abs(x - pr.mean(_cat))),
                N_("That is the mean absolute distance from the mean; the variance averages the squared distances."),
            ),
        ],
        hint=(
            N_("The variance measures how far rolls land from the mean: start from the cat die's mean."),
            N_("For each value take (value − mean)², weight it by the value's probability, and add up."),
        ),
    )
)


def _only_exact(die: Mapping[int, Fraction], k: int) -> Fraction:
    return die.get(k, Fraction(0))


def _at_least(die: Mapping[int, Fraction], k: int) -> Fraction:
    return sum((p for r, p in die.items() if r >= k), Fraction(0))


def _at_most(die: Mapping[int, Fraction], k: int) -> Fraction:
    return sum((p for r, p in die.items() if r <= k), Fraction(0))


def q4_cases() -> list[tuple[dict[int, Fraction], int]]:
    """The (die, distance) pairs a q4 function is tried on."""
    return [(_cat, k) for k in (1, 2, 3, 4)] + [(_mouse, k) for k in (1, 2, 3, 4)] + [(_ordinary, k) for k in (1, 2, 5)]


ex.add(
    function_exercise(
        "q4",
        q4_cases(),
        reach_probability,
        [
            (
                _only_exact,
                N_(
                    "You forgot the detours: with a roll of k + 2 the cat can step aside, go along and come "
                    "back (CC-M4 forbids only revisiting a square)."
                ),
            ),
            (
                _at_least,
                N_(
                    "A roll of k + 1 cannot end on the mouse: every step changes the colour of a chessboard "
                    "square, so the roll must be k, k + 2, k + 4, … (CC-M2: the whole roll must be used)."
                ),
            ),
            (
                _at_most,
                N_("A roll smaller than k never reaches the mouse: the cat must end its move on the mouse's square."),
            ),
        ],
        shape=[
            (
                lambda outs: not all(isinstance(o, int | float | Fraction) or hasattr(o, "__float__") for o in outs),
                N_("Return one number, the probability, for each (die, k)."),
            )
        ],
        hint=(
            N_("Which rolls can end exactly k squares away? Think of the chessboard colours, and of detours."),
            N_("A roll works when it is long enough and has the right parity; add up the chances of those rolls."),
        ),
    )
)

_two = pr.sum_distribution(_cat, _cat)
ex.add(
    probability_exercise(
        "q5",
        pr.probability(_two, lambda s: s >= 4),
        [
            (
                pr.probability(_cat, lambda s: s >= 4),
                N_("That is the probability for one roll; the knife gives the cat two."),
            ),
            (
                1
                - sum(
                    (_cat[a] * _cat[b] for a in _cat for b in _cat if a <= b and a + b < 4),
                    Fraction(0),
                ),
                N_("You counted (1, 2) and (2, 1) as one outcome. They are two different ways to roll a 3."),
            ),
            (
                Fraction(sum(1 for s in _two if s >= 4), len(_two)),
                N_("The sums 2 … 6 are not equally likely: add up P(first) × P(second) for each pair."),
            ),
            (
                pr.probability(_two, lambda s: s > 4),
                N_("At least 4 includes a total of exactly 4."),
            ),
        ],
        hint=(
            N_("Two rolls make a new random number, the total, with its own distribution."),
            N_(
                "List the pairs (first roll, second roll); a pair's chance is the product of the two chances. "
                "Add the pairs whose total is at least 4."
            ),
        ),
    )
)

#: P(the sum of two cat rolls is even and at least 4) — what the knife's double turn really
#: needs to land on a mouse 4 squares away (for the teachers' extension).
DOUBLE_TURN_REACH_4 = pr.probability(_two, lambda s: s >= 4 and s % 2 == 0)
#: The standard deviation of the mouse die, for the notebook's simulation.
MOUSE_STD = math.sqrt(pr.variance(_mouse))


# ------------------------------------------------------------------------------------------
# a live roll widget (its words are the lesson's, in the notebook's language)
# ------------------------------------------------------------------------------------------
_PIPS = {1: "⚀", 2: "⚁", 3: "⚂", 4: "⚃", 5: "⚄", 6: "⚅"}


def _tally_html(dist: Mapping[Any, Fraction], counts: Mapping[Any, int], last: Any, title: str) -> str:
    n = sum(counts.values())
    rows = []
    for x, p in dist.items():
        c = counts.get(x, 0)
        share = c / n if n else 0.0
        rows.append(
            "<tr>"
            f"<td style='padding:0 8px'><b>{html.escape(str(x))}</b></td>"
            f"<td style='padding:0 8px'>{p}</td>"
            f"<td style='padding:0 8px'>{c}</td>"
            f"<td style='padding:0 8px'>{number(share, '.3f')}</td>"
            "<td><div style='position:relative;width:220px;height:14px;background:#eee'>"
            f"<div style='position:absolute;height:14px;width:{220 * share:.0f}px;background:#5b8dd6'></div>"
            f"<div style='position:absolute;left:{220 * float(p):.0f}px;height:14px;width:2px;background:#d62728'></div>"
            "</div></td></tr>"
        )
    face = _PIPS.get(last, str(last)) if last is not None else "–"
    mu = pr.mean(dist)
    average = sum(float(x) * c for x, c in counts.items()) / n if n else float("nan")
    th = "<th style='padding:0 8px;text-align:start'>"
    header = (_("value"), _("exact P"), _("count"), _("share"), _("share (blue) vs exact P (red line)"))
    so_far = _("rolls so far: {n}; last roll:", n=n)
    averages = _(
        "average so far: {average:.3f} · exact mean: {mu} = {decimal:.3f}", average=average, mu=mu, decimal=float(mu)
    )
    return (
        f"<div><b>{html.escape(title)}</b> — {html.escape(so_far)} "
        f"<span style='font-size:28px'>{html.escape(str(face))}</span> ({html.escape(str(last))})</div>"
        f"<div>{html.escape(averages)}</div>"
        "<table><tr>" + "".join(f"{th}{html.escape(h)}</th>" for h in header) + "</tr>" + "".join(rows) + "</table>"
    )


def roll_widget(dist: Mapping[Any, Fraction], *, seed: int = 0, title: str = "die") -> Any:
    """A live widget: roll a die once, 10 or 1000 times and watch the shares approach the exact P.

    Its buttons and table speak the notebook's language (``bw.set_language``).

    Args:
        dist: the die (``{value: probability}``).
        seed: the random seed (same seed, same rolls).
        title: the die's name, as the learner reads it.

    Returns:
        An ``ipywidgets.VBox`` (show it as the last expression of a cell); its ``roll(n)``
        rolls ``n`` times as the buttons do.
    """
    import ipywidgets as w  # type: ignore[import-untyped]

    values = list(dist)
    probs = np.array([float(p) for p in dist.values()])
    state: dict[str, Any] = {"rng": np.random.default_rng(seed), "counts": dict.fromkeys(values, 0), "last": None}
    board = w.HTML(_tally_html(dist, state["counts"], None, title))

    def roll(n: int) -> None:
        idx = state["rng"].choice(len(values), size=n, p=probs / probs.sum())
        for i in idx:
            state["counts"][values[i]] += 1
        state["last"] = values[idx[-1]]
        board.value = _tally_html(dist, state["counts"], state["last"], title)

    def reset(_event: Any = None) -> None:
        state.update(rng=np.random.default_rng(seed), counts=dict.fromkeys(values, 0), last=None)
        board.value = _tally_html(dist, state["counts"], None, title)

    buttons = []
    for n in (1, 10, 1000):
        b = w.Button(description=_("Roll {n} times", n=n) if n > 1 else _("Roll once"))
        b.on_click(lambda _event, n=n: roll(n))
        buttons.append(b)
    again = w.Button(description=_("Start again"))
    again.on_click(reset)
    box = w.VBox([w.HBox([*buttons, again]), board])
    box.roll = roll  # for scripted demos and tests
    return box
