"""Exercises of the lesson "Random walks with rules: Mouse Trap as a Markov chain".

Lesson id ``probability.markov`` (notebook ``notebooks/lessons/probability/03_markov_chains.ipynb``).
Every correct answer — and every typical wrong one — is computed from the package
(:mod:`boardgames_widgets.analysis.mouse_trap` and the default
:class:`~boardgames_widgets.games.mouse_trap.layout.MouseTrapConfig`), never typed in.
"""

from __future__ import annotations

import math
from fractions import Fraction
from statistics import fmean
from typing import Any

import numpy as np

from boardgames_widgets.analysis import mouse_trap as mt
from boardgames_widgets.games.mouse_trap.layout import TRAP_STAGES, MouseTrapConfig
from boardgames_widgets.lessons.check import lesson
from boardgames_widgets.lessons.probability_common import function_exercise, probability_exercise
from boardgames_widgets.lessons.text import M_, N_

LESSON_ID = "probability.markov"

#: q1: the space whose probability after the first turn from START is asked.
Q1_TARGET = 4
#: q2: "in the Loop within this many turns".
Q2_TURNS = 12
#: q5: the stage that gets improved (0-based index into TRAP_STAGES) and its new reliability.
Q5_STAGE = 3
Q5_NEW_RELIABILITY = Fraction(99, 100)

CONFIG = MouseTrapConfig()


def first_turn_probability(target: int, config: MouseTrapConfig = CONFIG) -> Fraction:
    """P(a mouse on START ends its first turn on ``target``), exactly: rolls, then Back/Ahead."""
    hits = sum(mt.one_turn(config, 0, d) == target for d in range(1, config.die_faces + 1))
    return Fraction(hits, config.die_faces)


def within_turns(turns: int, config: MouseTrapConfig = CONFIG) -> float:
    """P(a mouse from START is in the Loop after at most ``turns`` turns): row 0 of ``Pᵗ``."""
    p = mt.transition_matrix(config)
    return float(np.linalg.matrix_power(p, turns)[0, -1])


def improved_trap(stage: int, new: Fraction, config: MouseTrapConfig = CONFIG) -> Fraction:
    """P(the trap works) when stage ``stage`` works with probability ``new``."""
    rel = list(config.stage_reliability)
    rel[stage] = new
    return MouseTrapConfig(stage_reliability=tuple(rel)).trap_works


def expected_steps(p: Any) -> float:
    """Expected steps to absorption from state 0 of a chain whose last state absorbs.

    The reference answer of q3: ``Q`` is ``P`` without its last row and column,
    ``N = (I − Q)⁻¹`` and the answer is the sum of row 0 of ``N``.
    """
    q = np.asarray(p, dtype=float)[:-1, :-1]
    n = np.linalg.inv(np.eye(len(q)) - q)
    return float(n[0].sum())


def q3_cases() -> list[tuple[Any]]:
    """The chains a q3 function is tried on: the board, the board without Back/Ahead, a small chain."""
    plain = tuple(N_("DOG BONE") if s.startswith(("BACK", "AHEAD")) else s for s in CONFIG.track)
    small = np.array([[0.5, 0.3, 0.2], [0.2, 0.4, 0.4], [0.0, 0.0, 1.0]])
    return [
        (mt.transition_matrix(CONFIG),),
        (mt.transition_matrix(MouseTrapConfig(track=plain)),),
        (small,),
    ]


ex = lesson(LESSON_ID)
_faces = CONFIG.die_faces
_stages = CONFIG.stage_reliability
_works = CONFIG.trap_works

ex.add(
    probability_exercise(
        "q1",
        first_turn_probability(Q1_TARGET),
        [
            (
                Fraction(1, _faces),
                N_(
                    "That is the chance to roll a 4. A roll of 6 lands on space 6, BACK 2, "
                    "which sends the mouse to space 4 as well (MT-BA): two rolls end there."
                ),
            ),
            (
                first_turn_probability(Q1_TARGET) + Fraction(1, _faces),
                N_(
                    "Too many rolls: only a 4 (straight there) and a 6 (BACK 2 from space 6) end on space 4; "
                    "the space a Back/Ahead jump reaches is not resolved again."
                ),
            ),
        ],
        hint=(
            N_(
                "Each roll has probability 1/6; a roll that ends on a Back or Ahead square moves the mouse once more before its turn ends."
            ),
            N_("Go through the rolls 1 to 6 one by one: where does the mouse stand when its turn ends?"),
        ),
    )
)

_within = within_turns(Q2_TURNS)
_pmf = mt.turns_to_loop_distribution()
ex.add(
    probability_exercise(
        "q2",
        _within,
        [
            (
                float(_pmf[Q2_TURNS]),
                M_(
                    "That is the chance to arrive on exactly turn {t}. 'Within {t} turns' "
                    "adds the chances of turns 1, 2, …, {t} — or read the Loop column of P^{t}.",
                    t=Q2_TURNS,
                ),
            ),
            (
                1 - _within,
                N_(
                    "That is the chance the mouse is still on the track; the question asks for the Loop "
                    "(the last, absorbing state)."
                ),
            ),
            (
                float(np.linalg.matrix_power(mt.transition_matrix(CONFIG), Q2_TURNS - 1)[0, -1]),
                M_(
                    "That is after {t1} turns: P^t holds the distribution after t turns, so use P^{t}.",
                    t1=Q2_TURNS - 1,
                    t=Q2_TURNS,
                ),
            ),
        ],
        hint=(
            N_("The distribution after n turns is the start distribution moved n times by the transition matrix."),
            N_("Start from the row vector (1, 0, …, 0) and multiply by P once per turn; read the last entry."),
        ),
    )
)

ex.add(
    probability_exercise(
        "q4",
        _works,
        [
            (
                fmean(float(r) for r in _stages),
                N_(
                    "You averaged the stages. A chain reaction works only if every stage works, "
                    "one after the other: multiply the probabilities."
                ),
            ),
            (
                min(_stages),
                N_(
                    "The weakest stage is only an upper bound: the trap also fails when any of the "
                    "other stages fails. Multiply all the stage probabilities."
                ),
            ),
            (
                1 - sum(1 - r for r in _stages),
                N_(
                    "You subtracted every failure chance from 1. That counts the runs where two stages "
                    "fail twice; multiply the success chances instead (it is a little more)."
                ),
            ),
        ],
        hint=(
            N_("The trap works only if every stage works, one after the other."),
            N_("P(all stages work) = P(stage 1) · P(stage 2 | stage 1 worked) · …"),
        ),
    )
)

_old = _stages[Q5_STAGE]
_improved = improved_trap(Q5_STAGE, Q5_NEW_RELIABILITY)
ex.add(
    probability_exercise(
        "q5",
        _improved,
        [
            (
                _works + (Q5_NEW_RELIABILITY - _old),
                N_(
                    "You added the improvement. In a product, improving one factor multiplies: "
                    "divide out the old stage and multiply in the new one."
                ),
            ),
            (
                Q5_NEW_RELIABILITY,
                N_("That is the new stage alone; the trap still needs all the other stages to work."),
            ),
            (
                _works,
                N_("That is the old trap: replace the stage's probability by the new one."),
            ),
        ],
        hint=(
            N_("Only one factor of the product changes."),
            M_(
                "Multiply all seven stage probabilities, with {p} for stage {stage}.",
                p=Q5_NEW_RELIABILITY,
                stage=Q5_STAGE + 1,
            ),
        ),
        digits=3,
    )
)


def _is_scalar(x: Any) -> bool:
    return np.ndim(x) == 0


def _inverse_q_plus(p: Any) -> float:
    q = np.asarray(p, dtype=float)[:-1, :-1]
    return float(np.linalg.inv(np.eye(len(q)) + q)[0].sum())


def _last_row(p: Any) -> float:
    q = np.asarray(p, dtype=float)[:-1, :-1]
    return float(np.linalg.inv(np.eye(len(q)) - q)[-1].sum())


def _diagonal(p: Any) -> float:
    q = np.asarray(p, dtype=float)[:-1, :-1]
    return float(np.linalg.inv(np.eye(len(q)) - q)[0, 0])


ex.add(
    function_exercise(
        "q3",
        q3_cases(),
        expected_steps,
        [
            (_inverse_q_plus, N_("You inverted I + Q. The equations are m = 1 + Q m, so m = (I − Q)⁻¹ · 1.")),
            (
                _last_row,
                N_("You summed the last row of N, which starts next to the Loop; the mouse starts in state 0."),
            ),
            (
                _diagonal,
                N_(
                    "N[0, 0] counts only the turns spent on START. Sum the whole row 0: turns spent on every track space."
                ),
            ),
        ],
        errors=[
            (
                np.linalg.LinAlgError,
                N_(
                    "Take Q = P[:-1, :-1] first: with the absorbing state inside, I − P cannot be inverted "
                    "(its last row is all zeros)."
                ),
            )
        ],
        shape=[
            (
                lambda outs: not all(_is_scalar(o) for o in outs),
                N_("Return one number (the expected steps from state 0), not a vector or a matrix."),
            ),
            (
                lambda outs: any(isinstance(o, float) and math.isnan(o) for o in outs),
                N_("Your function returned nan: did an inverse fail?"),
            ),
        ],
        hint=(
            N_(
                "Before absorption the mouse moves only among the transient states: their part of P decides how long it stays."
            ),
            N_(
                "Take the transient block Q of P, the fundamental matrix N = (I − Q)⁻¹, and add up the row of the start square."
            ),
        ),
    )
)

#: The stages, for the notebook's table (name, reliability).
STAGES = tuple((s.name, r) for s, r in zip(TRAP_STAGES, _stages, strict=True))
