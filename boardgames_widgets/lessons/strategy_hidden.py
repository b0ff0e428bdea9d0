"""Exercises of the lesson "Playing with hidden cards: ISMCTS" (Papageno).

Lesson id ``strategy.hidden`` (notebook ``notebooks/lessons/strategy/03_ismcts.ipynb``).
The position is :func:`~boardgames_widgets.lessons.strategy_tools.held_card_state` with
the lesson's seed: player 0 has just drawn a card that player 1 cannot see. Every answer
comes from the game's own observation and chance outcomes.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from fractions import Fraction
from functools import cache
from typing import Any

from boardgames_widgets.agents.determinize import sample_state
from boardgames_widgets.agents.ismcts import ISNode
from boardgames_widgets.agents.mcts import random_rollout
from boardgames_widgets.agents.papageno import card_weight
from boardgames_widgets.games.papageno import CAPTURE, KINDS, PapagenoObservation, PapagenoState
from boardgames_widgets.lessons import strategy_tools as sl
from boardgames_widgets.lessons.check import Exercise, Misconception, NotAnswered, lesson, numeric_exercise
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

# -- q2: the student writes the determinization loop ------------------------------------------------
#: the lesson's search of player 0's decision (iterations, as in the notebook)
SEARCH_ITERATIONS = 1500
#: q2's searches: iterations per position (small: the check runs the student's loop on every case).
Q2_ITERATIONS = 24


@cache
def lesson_search() -> Any:
    """The notebook's ISMCTS search of player 0's decision (same seed, rollouts by ``keep ≤ 3 + pairs``)."""
    from boardgames_widgets.agents.ismcts import ismcts

    game = sl.lesson_papageno()
    state, _ = position()
    return ismcts(
        game,
        game.observation(state, 0),
        random.Random(SEED),
        iterations=SEARCH_ITERATIONS,
        rollout=sl.policy_rollout(_rule()),
    )


def _rule() -> Any:
    from boardgames_widgets.agents.papageno import ThresholdPolicy

    return ThresholdPolicy(3, pairs=True, game=sl.lesson_papageno())


def determinized_search(game: Any, state: Any, iterations: int, rng: random.Random, rollout: Any) -> ISNode:
    """q2's reference: ISMCTS for the player to move in ``state``, a fresh sample of their observation per iteration.

    Draw for draw the same search as :func:`~boardgames_widgets.agents.ismcts.ismcts` on that
    observation with the same ``rng`` (``tests/test_lessons_strategy_hidden.py``).
    """
    root = sl.is_root()
    seen = game.observation(state, game.current_player(state))
    for _ in range(iterations):
        world = sample_state(game, seen, rng)
        sl.ismcts_iteration(game, root, world, rng, rollout)
    return root


def _once(game: Any, state: Any, iterations: int, rng: random.Random, rollout: Any) -> ISNode:
    root = sl.is_root()
    world = sample_state(game, game.observation(state, game.current_player(state)), rng)
    for _ in range(iterations):
        sl.ismcts_iteration(game, root, world, rng, rollout)
    return root


def _true_state(game: Any, state: Any, iterations: int, rng: random.Random, rollout: Any) -> ISNode:
    root = sl.is_root()
    for _ in range(iterations):
        sl.ismcts_iteration(game, root, state, rng, rollout)
    return root


def _other_player(game: Any, state: Any, iterations: int, rng: random.Random, rollout: Any) -> ISNode:
    root = sl.is_root()
    seen = game.observation(state, 1 - game.current_player(state))
    for _ in range(iterations):
        sl.ismcts_iteration(game, root, sample_state(game, seen, rng), rng, rollout)
    return root


def _tree_per_world(game: Any, state: Any, iterations: int, rng: random.Random, rollout: Any) -> ISNode:
    seen = game.observation(state, game.current_player(state))
    root = sl.is_root()
    for _ in range(iterations):
        root = sl.is_root()
        sl.ismcts_iteration(game, root, sample_state(game, seen, rng), rng, rollout)
    return root


def q2_cases() -> list[tuple[Any, Any, Any, int]]:
    """q2's positions: ``(game, state, rollout, seed)`` — the lesson's Papageno decision and three Food Chain ones.

    In the Food Chain positions the player to move cannot see the pile's order nor the other's
    cards, so searching the true state and searching samples give different trees.
    """
    papageno = sl.lesson_papageno()
    cases: list[tuple[Any, Any, Any, int]] = [(papageno, position()[0], sl.policy_rollout(_rule()), SEED)]
    from boardgames_widgets.games.food_chain import FoodChain

    for k, state in enumerate(sl.hidden_food_chain_positions()):
        cases.append((FoodChain(2), state, random_rollout, SEED + k + 1))
    return cases


def _tree(root: Any) -> Any:
    """What q2 compares: the root's visits and, per first move, its visits and total."""
    if not isinstance(root, ISNode):
        return ("not a root", type(root).__name__)
    kids = tuple(sorted((str(a), ch.visits, round(float(ch.total), 9)) for a, ch in root.children.items()))
    return (root.visits, kids)


def _searched(f: Any) -> tuple[Any, ...]:
    return tuple(
        _tree(f(game, state, Q2_ITERATIONS, random.Random(seed), rollout)) for game, state, rollout, seed in q2_cases()
    )


@cache
def _right() -> tuple[Any, ...]:
    return _searched(determinized_search)


Q2_MISTAKES: tuple[tuple[Any, str, str], ...] = (
    (
        _true_state,
        N_(
            "You searched the true state: it holds what the player cannot see (the order of the pile, the other's "
            "cards), so your search cheats — sample_state(game, state, rng) gives the true state back, too. Build the "
            "player's observation, game.observation(state, player), and sample a world from it."
        ),
        "true_state",
    ),
    (
        _once,
        N_(
            "You sampled one world and searched it every iteration: that trusts one guess of the hidden cards. "
            "Sample a fresh world inside the loop, once per iteration."
        ),
        "once",
    ),
    (
        _other_player,
        N_(
            "You sampled from the other player's observation. The search is for the player to move: "
            "game.observation(state, game.current_player(state))."
        ),
        "other_player",
    ),
    (
        _tree_per_world,
        N_(
            "You made a new tree for every world: ISMCTS grows one tree for all of them, so its statistics "
            "average over the worlds. Make the root once, before the loop."
        ),
        "tree_per_world",
    ),
)


def _q2() -> Exercise:
    def prepare(f: Any) -> tuple[Any, ...]:
        if not callable(f):
            raise TypeError(N_("the answer to this exercise is a function: pass its name, without ()"))
        trees = _searched(f)
        if all(t == (0, ()) for t in trees):
            raise NotAnswered(N_("your search leaves the tree empty — write the loop"))
        return trees

    misconceptions: list[Misconception] = [
        Misconception(
            lambda trees: any(t[0] == "not a root" for t in trees),
            N_("Return the root of your tree (the node sl.is_root() gave you)."),
            "not_root",
        )
    ]
    for wrong, message, key in Q2_MISTAKES:
        misconceptions.append(Misconception(_equals_outputs(wrong), message, key))
    misconceptions.append(
        Misconception(
            lambda trees: any(t[0] != Q2_ITERATIONS for t in trees),
            N_("Your loop must run exactly `iterations` iterations: one sampled world and one ISMCTS iteration each."),
            "count",
        )
    )
    return Exercise(
        "q2",
        is_correct=lambda trees: trees == _right(),
        misconceptions=misconceptions,
        hint=(
            N_(
                "Every iteration: sample a world from the observation of the player to move, then run one ISMCTS "
                "iteration on it in the one tree."
            ),
            N_(
                "Compare your loop with the engine's on the same seed: the rng you are given draws the world first, "
                "then the same rng runs the iteration on it — one world, one iteration, every time round."
            ),
        ),
        prepare=prepare,
    )


def _equals_outputs(wrong: Any) -> Callable[[Any], bool]:
    cached: list[Any] = []

    def matches(trees: Any) -> bool:
        if not cached:
            cached.append(_searched(wrong))
        return bool(trees == cached[0])

    return matches


ex.add(_q2())


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
