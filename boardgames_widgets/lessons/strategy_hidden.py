"""Exercises of the lesson "Playing with hidden cards: ISMCTS" (Papageno).

Lesson id ``strategy.hidden`` (notebook ``notebooks/lessons/strategy/03_ismcts.ipynb``).
The position is :func:`~boardgames_widgets.lessons.strategy_tools.held_card_state` with
the lesson's seed: player 0 has just drawn a card that player 1 cannot see. Every answer
comes from the game's own observation and chance outcomes.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from functools import cache
from typing import Any

from boardgames_widgets.agents.papageno_policies import card_weight
from boardgames_widgets.games.papageno import CAPTURE, KINDS, PapagenoObservation, PapagenoState
from boardgames_widgets.lessons import strategy_tools as sl
from boardgames_widgets.lessons.check import (
    Misconception,
    as_number,
    is_number,
    lazy_numeric_exercise,
    lesson,
    numeric_exercise,
)
from boardgames_widgets.lessons.probability_common import probability_exercise
from boardgames_widgets.lessons.text import N_

LESSON_ID = "strategy.hidden"
#: The notebook's seed (it picks the position).
SEED = 3
#: The held weights q4 looks at (every card weight of the lesson's deck).
HELD_WEIGHTS: tuple[int, ...] = tuple(range(-2, 11))

ex = lesson(LESSON_ID)


@cache
def position() -> tuple[PapagenoState, PapagenoObservation]:
    """The lesson's position and player 1's observation of it."""
    game = sl.lesson_papageno()
    state = sl.held_card_state(SEED)
    return state, game.observation(state, 1)


def capture_probability() -> Fraction:
    """q1: P(the card player 0 holds is a Capture), for player 1."""
    _, obs = position()
    return Fraction(obs.unseen[KINDS.index(CAPTURE)], sum(obs.unseen))


def held_weight() -> int:
    """The weight of the card player 0 holds (q3 is about player 0's decision)."""
    state, _ = position()
    assert state.hand is not None
    return card_weight(state.hand, sl.lesson_papageno())


@cache
def face_down() -> dict[int, Fraction]:
    """The weight distribution of player 0's face-down cards, from the engine's chance node."""
    state, _ = position()
    return sl.face_down_weights(sl.lesson_papageno(), state)


def best_peek_weight() -> int:
    """q4: the held weight at which a peek is worth most."""
    return max(HELD_WEIGHTS, key=lambda w: sl.peek_value(face_down(), w))


_game = sl.lesson_papageno()
_state, _obs = position()
_captures_in_deck = _game.counts[KINDS.index(CAPTURE)]
_kinds_unseen = sum(1 for n in _obs.unseen if n)
_obs0 = _game.observation(_state, 0)
ex.add(
    probability_exercise(
        "q1",
        capture_probability(),
        [
            (
                Fraction(_captures_in_deck, _game.deck_size),
                N_(
                    "That is the share of Captures in the whole deck. Player 1 has seen some cards (face up, "
                    "discarded): the held card is one of the cards player 1 has not seen."
                ),
            ),
            (
                Fraction(1, _kinds_unseen),
                N_("The kinds are not equally likely: count the unseen cards of each kind."),
            ),
            (
                Fraction(_obs0.unseen[KINDS.index(CAPTURE)], sum(_obs0.unseen)),
                N_(
                    "Those are player 0's counts, who has seen the drawn card and taken it out. Player 1 has not: "
                    "use player 1's observation, where the held card is still among the unseen cards."
                ),
            ),
        ],
        hint=(
            N_("Player 1 reasons only from what player 1 has seen."),
            N_("P = (Captures player 1 has not seen) / (all cards player 1 has not seen): read obs.unseen."),
        ),
        digits=3,
    )
)

# -- q2: reading an ISMCTS search ----------------------------------------------------------------
#: the lesson's search of player 0's decision (iterations, as in the notebook)
SEARCH_ITERATIONS = 1500


@cache
def lesson_search() -> Any:
    """The notebook's ISMCTS search of player 0's decision (same seed, rollouts by ``keep ≤ 3 + pairs``)."""
    import random

    from boardgames_widgets.agents.ismcts import ismcts
    from boardgames_widgets.agents.papageno_policies import ThresholdPolicy

    game = sl.lesson_papageno()
    state, _ = position()
    rule = ThresholdPolicy(3, pairs=True, game=game)
    return ismcts(
        game,
        game.observation(state, 0),
        random.Random(SEED),
        iterations=SEARCH_ITERATIONS,
        rollout=sl.policy_rollout(rule),
    )


def chosen_share() -> float:
    """q2: the share of the search's iterations spent on the move it finally plays."""
    result = lesson_search()
    share: float = result.visits[result.action] / sum(result.visits.values())
    return share


_q2_wrong: list[tuple[Callable[[], float], str, str]] = [
    (
        lambda: lesson_search().values[lesson_search().action],
        N_(
            "That is the move's estimated win rate. The question asks which share of the iterations (visits) went to it."
        ),
        "win_rate",
    ),
    (
        lambda: 1 / len(lesson_search().visits),
        N_(
            "The visits are not spread evenly over the moves: UCB1 sends more iterations to moves that look good. "
            "Read the visits of the chosen move."
        ),
        "even",
    ),
    (
        lambda: max(lesson_search().values.values()),
        N_("That is the best win rate in the table, not a share of the iterations."),
        "best_value",
    ),
]
ex.add(
    lazy_numeric_exercise(
        "q2",
        chosen_share,
        _q2_wrong,
        hint=(
            N_(
                "Each ISMCTS iteration samples the hidden cards afresh and then walks down the one tree: each "
                "iteration is one visit of one first move."
            ),
            N_("Take the visits of the move the search plays and divide by the total number of iterations."),
        ),
        digits=2,
    )
)
ex.exercises["q2"].misconceptions = [
    *ex.exercises["q2"].misconceptions[:1],
    Misconception(
        lambda a: is_number(a) and as_number(a) > 1,
        N_("That looks like a count of visits: divide by the number of iterations to get a share."),
        "count",
    ),
    *ex.exercises["q2"].misconceptions[1:],
]


_w = held_weight()
_dist = face_down()
_mean = sl.expected(_dist)
ex.add(
    numeric_exercise(
        "q3",
        sl.peek_value(_dist, _w),
        [
            (
                sum((max(0, x - _w) * p for x, p in _dist.items()), Fraction(0)),
                N_(
                    "That is what you save *with* the peek. Its value is the difference: subtract what you "
                    "save without it, max(0, E[X] − held)."
                ),
            ),
            (
                _mean - _w,
                N_(
                    "That is the average saving of always swapping, without a peek. The question asks what "
                    "the peek adds to the best decision without it."
                ),
            ),
            (
                -sl.peek_value(_dist, _w),
                N_("Right size, wrong sign: information never hurts a decision-maker, so its value is ≥ 0."),
            ),
            (
                max(Fraction(0), _w - _mean),
                N_(
                    "You compared the wrong way round: swapping saves X − held (the face-down card X leaves, "
                    "the held card comes in)."
                ),
            ),
        ],
        hint=(
            N_(
                "Information is worth what it saves: the best decision with the peek against the best decision without it."
            ),
            N_("With a peek: E[max(0, X − held)]. Without: max(0, E[X] − held). The value is the difference."),
        ),
    )
)

ex.add(
    numeric_exercise(
        "q4",
        best_peek_weight(),
        [
            (
                min(HELD_WEIGHTS),
                N_(
                    "With the lightest card you swap anyway — whatever the peek shows. Information is worth "
                    "something only when it can change your decision."
                ),
            ),
            (
                max(HELD_WEIGHTS),
                N_(
                    "With a very heavy card you never swap, whatever the peek shows: the information changes "
                    "nothing, so it is worth (almost) nothing."
                ),
            ),
            (
                max(HELD_WEIGHTS, key=lambda w: sl.peek_value(_dist, w) if w != best_peek_weight() else -1),
                N_("Close — that is the second best. Compare the values in the table once more."),
            ),
        ],
        hint=(
            N_("A peek is worth most when the decision without it is a close call."),
            N_("Compute peek_value for every held weight from −2 to 10 and take the largest."),
        ),
        rel=1e-9,
    )
)
