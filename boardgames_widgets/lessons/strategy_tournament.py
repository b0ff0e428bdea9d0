"""Exercises of the lesson "Class tournament" (your own agent, round robins, Elo, confidence).

Lesson id ``strategy.tournament`` (notebook ``notebooks/lessons/strategy/04_class_tournament.ipynb``).
Correct answers come from :mod:`boardgames_widgets.analysis.ratings` and
:func:`~boardgames_widgets.lessons.strategy_tools.round_robin_games`; the agent of q4 is
judged by playing it (q1).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache
from typing import Any

from boardgames_widgets.agents import FirstActionAgent, RandomAgent
from boardgames_widgets.analysis.ratings import Z95, elo_expected, wilson_interval
from boardgames_widgets.core.play import AgentError
from boardgames_widgets.lessons import strategy_tools as sl
from boardgames_widgets.lessons.check import (
    CORRECT,
    CRASHED,
    NOT_ANSWERED,
    NOT_ANSWERED_TEXT,
    Exercise,
    Feedback,
    lesson,
    numeric_exercise,
)
from boardgames_widgets.lessons.probability_common import probability_exercise
from boardgames_widgets.lessons.text import M_, N_, Message, tr

LESSON_ID = "strategy.tournament"
#: q4: a class of this many students, plus the built-in bots, each pair playing this many games.
CLASS_SIZE, BOTS, GAMES_PER_PAIRING = 24, 3, 10
#: q2: an agent won this many of this many games.
Q2_WINS, Q2_GAMES = 13, 20
#: q3: the rating gap (the stronger player's rating minus the weaker's).
Q3_GAP = 200
#: q1: games against each opponent, the seed, and the win rate to reach against both.
Q1_GAMES, Q1_SEED, Q1_BAR = 20, 4, 0.6

ex = lesson(LESSON_ID)

# -- q4 -------------------------------------------------------------------------------------
_n = CLASS_SIZE + BOTS
ex.add(
    numeric_exercise(
        "q4",
        sl.round_robin_games(_n, GAMES_PER_PAIRING),
        [
            (
                _n * (_n - 1) * GAMES_PER_PAIRING,
                N_("You counted every pairing twice: A against B is the same pairing as B against A. Divide by 2."),
            ),
            (_n * _n * GAMES_PER_PAIRING, N_("That lets every agent play itself too, and counts each pairing twice.")),
            (
                _n * (_n - 1) // 2,
                N_("That is the number of pairings; each pairing plays 10 games."),
            ),
            (
                CLASS_SIZE * (CLASS_SIZE - 1) // 2 * GAMES_PER_PAIRING,
                N_("You left out the three built-in bots: they are in the round robin too."),
            ),
        ],
        hint=(
            N_("In a round robin every agent meets every other agent once per game of a pairing — the bots too."),
            N_("Count the pairs of agents (n choose 2), then multiply by the games per pairing."),
        ),
        rel=1e-9,
    )
)

# -- q2 -------------------------------------------------------------------------------------
_p = Q2_WINS / Q2_GAMES
_wald_half = Z95 * math.sqrt(_p * (1 - _p) / Q2_GAMES)
ex.add(
    probability_exercise(
        "q2",
        wilson_interval(Q2_WINS, Q2_GAMES)[0],
        [
            (
                _p - _wald_half,
                N_(
                    "That is the simple (Wald) interval p ± 1.96·√(p(1−p)/n). The tables use Wilson's interval, "
                    "which is better with few games and never leaves [0, 1]: use the formula shown above."
                ),
            ),
            (_p, N_("That is the win rate itself; the question asks for the lower end of its 95% interval.")),
            (
                wilson_interval(Q2_WINS, Q2_GAMES)[1],
                N_("That is the upper end of the interval; the question asks for the lower end."),
            ),
            (_wald_half, N_("That is a half width, not the lower end of the interval.")),
        ],
        hint=(
            N_("Use the interval the tables use (Wilson's), with the win rate and the number of games above."),
            N_(
                "Wilson: centre (p + z²/2n)/(1 + z²/n), half width z·√(p(1−p)/n + z²/4n²)/(1 + z²/n); lower end = centre − half."
            ),
        ),
        rel=2e-3,
    )
)

# -- q3 -------------------------------------------------------------------------------------
ex.add(
    probability_exercise(
        "q3",
        elo_expected(1500 + Q3_GAP, 1500),
        [
            (
                elo_expected(1500, 1500 + Q3_GAP),
                N_("That is what the weaker player is expected to score. The stronger one expects more than half."),
            ),
            (
                1 / (1 + math.exp(-Q3_GAP / 400)),
                N_("Elo's formula uses powers of 10, not of e: 1 / (1 + 10^(−gap/400))."),
            ),
            (
                0.5 + Q3_GAP / 400,
                N_("Expected scores are not linear in the gap: use 1 / (1 + 10^(−gap/400))."),
            ),
            (
                1 / (1 + 10 ** (-Q3_GAP / 200)),
                N_("Elo's scale is 400 points (a 400-point gap means 10 : 1), not 200."),
            ),
        ],
        hint=(
            N_("Elo's expected score depends only on the rating gap, through a curve with base 10 and scale 400."),
            N_("E = 1 / (1 + 10^(−gap/400))."),
        ),
    )
)


# -- q1: your own agent -------------------------------------------------------------------------
@dataclass(frozen=True)
class AgentVerdict:
    """How a student's agent did (or how it failed)."""

    rates: tuple[float, ...] = ()
    error: str = ""
    returned: Any = None


@cache
def _food_chain() -> Any:
    from boardgames_widgets.games.food_chain import FoodChain

    return FoodChain(2)


def judge_agent(agent: Any) -> AgentVerdict:
    """Play ``agent`` against the Random and the First-choice bots (:data:`Q1_GAMES` games each)."""
    if not callable(agent) and not hasattr(agent, "act"):
        raise TypeError(N_("the answer to this exercise is an agent: a function f(observation, legal_actions, rng)"))
    game = _food_chain()
    rates = []
    for opponent in (RandomAgent(), FirstActionAgent()):
        try:
            e = sl.evaluate(game, agent, opponent, Q1_GAMES, Q1_SEED)
        except AgentError as exc:
            cause = exc.__cause__
            if cause is not None:
                return AgentVerdict(error=f"{type(cause).__name__}: {cause}")
            returned = exc.detail.removeprefix("returned an illegal action ")
            return AgentVerdict(error="illegal", returned=returned)
        rates.append(e.win_rate)
    return AgentVerdict(tuple(rates))


class AgentExercise(Exercise):
    """q1: the answer is an agent; it is played, and the verdict names what went wrong."""

    def check(self, answer: Any, unexplained: int = 0) -> Feedback:
        """Play the agent and judge it; never raises."""
        if answer is None or answer is Ellipsis:
            return Feedback(False, tr(NOT_ANSWERED_TEXT), self.id, NOT_ANSWERED)
        try:
            v = judge_agent(answer)
        except Exception as exc:
            return Feedback(False, tr(str(exc)), self.id, CRASHED)
        if v.error == "illegal":
            if v.returned == "None":
                message = N_(
                    "Not answered yet: your function returns None — finish its body and end it with "
                    "return (one of legal_actions)."
                )
                return Feedback(False, tr(message), self.id, NOT_ANSWERED)
            if v.returned.lstrip("-").isdigit():
                message = N_(
                    "Your agent returned a number. Return one of legal_actions itself "
                    "(e.g. legal_actions[0]), not its index."
                )
            else:
                message = N_(
                    "Your agent returned something that is not one of legal_actions; return an element of that list."
                )
            return Feedback(False, tr(message), self.id, "m1" if v.returned.lstrip("-").isdigit() else "m2")
        if v.error:
            if "NotImplementedError" in v.error:  # nbgrader's stub
                return Feedback(False, tr(NOT_ANSWERED_TEXT), self.id, NOT_ANSWERED)
            message = M_("Your agent crashed during a game ({error}); fix it and run again.", error=v.error)
            return Feedback(False, tr(message), self.id, CRASHED)
        if min(v.rates) >= Q1_BAR:
            message = M_("Well played: {rates}. Now enter it in the class tournament!", rates=_rates_text(v))
            return Feedback(True, tr(message), self.id, CORRECT)
        message = M_(
            "Your agent plays legally, but {rates} (the bar is {bar:.0%} against both).",
            rates=_rates_text(v),
            bar=Q1_BAR,
        )
        if max(v.rates) <= 0.55:
            random_like = N_("It does about as well as a random move: does it look at the table at all?")
            return Feedback(False, tr(message) + " " + tr(random_like), self.id, "m3")
        level = min(unexplained, len(self.hints) - 1)  # the idea first, then the step
        return Feedback(False, tr(message) + " " + tr(self.hints[level]), self.id, f"hint{level + 1}")


def _rates_text(v: AgentVerdict) -> Message:
    r, f = v.rates
    return M_(
        "it won {random:.0%} against the Random bot and {first:.0%} against the First-choice bot", random=r, first=f
    )


ex.add(
    AgentExercise(
        "q1",
        is_correct=lambda v: False,
        hint=(
            N_(
                "Idea: a good placement keeps your own cheese safe or puts the opponent's cheese in danger. "
                "Does your agent look at the table before it chooses?"
            ),
            N_(
                "Step by step: give each of the legal actions a score — a point for a mouse next to the "
                "opponent's cheese, a point for your cheese where few squares are free around it — and play "
                "the action with the best score."
            ),
        ),
    )
)
