"""Lesson "Learning from play": tabular Q-learning for Pig's hold-or-roll decision.

Lesson id ``strategy.learning`` (notebook ``notebooks/lessons/strategy/05_learning_from_play.ipynb``).

**The decision.** In Pig (:mod:`boardgames_widgets.games.pig`) to :data:`TARGET` points, a
player with points at risk chooses: roll again or hold. The learner's position is three
whole numbers, ``(my score, the opponent's score, my turn total)`` — a few thousand
positions, small enough for a table with one value per action (roll, hold).

**The training** (:func:`train`) runs on the package's own game API, no Gymnasium: the
learner plays one seat (seat 0 in even episodes, seat 1 in odd ones) against the
rule-of-thumb bot :class:`HoldAt`, exploring ε-greedily. Between two decisions of the
learner the reward is 0; when the game ends it is :func:`reward` — 1 for the learner's
win, else 0 — and the Q-learning update (:func:`q_update`) with the step size
:func:`learning_rate` (1/visits: each value is the running average of its targets). The
dice of episode ``i`` come from their own seed (``derive_seed(seed, "train", i)``), so
:func:`win_rate` can replay the very training games and compare them with fresh ones.

**Learned agents are agents.** :func:`learned_agent` wraps the table as a
:class:`~boardgames_widgets.rl.PolicyAgent` (numpy only, no ``rl`` extra needed), which
``bw.play`` seats at the board and the tournaments accept.

Every correct answer of the exercises comes from these functions; the notebook's numbers
come from :func:`lesson_training` (cached, so checking costs nothing).
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

import numpy as np

from boardgames_widgets.analysis.ratings import wilson_interval
from boardgames_widgets.core.rng import derive_seed
from boardgames_widgets.games.pig.rules import HOLD, ROLL, Face, Pig, PigState
from boardgames_widgets.lessons.check import Exercise, Misconception, lazy_numeric_exercise, lesson
from boardgames_widgets.lessons.strategy_common import outputs_exercise
from boardgames_widgets.lessons.text import N_
from boardgames_widgets.rl.agents import PolicyAgent, q_table_policy

LESSON_ID = "strategy.learning"
#: The lesson's Pig: two players, first to 30 points (a small table, short games).
TARGET = 30
#: The rule-of-thumb bot's threshold: hold once the turn total reaches it.
HOLD_AT = 14
#: The lesson's training: episodes, exploration, seed.
EPISODES = 20_000
EPSILON = 0.1
#: Every value starts at an even chance: 1/2 (a table of zeros drags the early targets down).
INITIAL = 0.5
SEED = 5
#: The fixed set of games of the second training (Part D).
FIXED_GAMES = 200
#: How many training games are replayed, and fresh games played, to measure the learned table.
EVAL_GAMES = 2_000
#: Action indices of the table (those of the Pig encoding of :mod:`boardgames_widgets.rl`).
ROLL_INDEX, HOLD_INDEX = 0, 1

#: A position of the learner: (my score, the opponent's score, my turn total).
Key = tuple[int, int, int]
Update = Callable[[float, float, Sequence[float], bool, float], float]

ex = lesson(LESSON_ID)


def lesson_pig() -> Pig:
    """The lesson's game: Pig for two players to :data:`TARGET` points."""
    return Pig(num_players=2, target=TARGET)


class HoldAt:
    """The rule of thumb "hold once the turn total reaches ``k``" (``hold at 20`` in the classic
    game to 100) as an agent for any seat of Pig."""

    def __init__(self, k: int = HOLD_AT) -> None:
        self.k = k
        self.name = f"hold at {k}"

    def act(self, observation: PigState, legal_actions: Sequence[Any], rng: random.Random) -> Any:
        return HOLD if HOLD in legal_actions and observation.turn_total >= self.k else ROLL

    def __repr__(self) -> str:
        return f"HoldAt({self.k})"


def position(state: PigState, seat: int) -> Key:
    """The learner's position: ``(my score, the opponent's score, my turn total)``."""
    return (state.scores[seat], state.scores[1 - seat], state.turn_total)


# -- the three pieces the students write ------------------------------------------------------
def q_update(q: float, reward: float, next_values: Sequence[float], done: bool, alpha: float) -> float:
    """One Q-learning step: the new value of the action just taken.

    The target is the reward, plus — only if the game goes on — the best value of the next
    position (no discount: a game of Pig is short and only winning counts). The value moves
    a step ``alpha`` from ``q`` towards the target.
    """
    target = reward if done else reward + max(next_values)
    return q + alpha * (target - q)


def reward(state: PigState, seat: int) -> float:
    """The learner's reward at ``state``: 1 when the game is over and ``seat`` won, else 0."""
    return 1.0 if state.winner >= 0 and state.winner == seat else 0.0


def learning_rate(visits: int) -> float:
    """The step size for a value updated for the ``visits``-th time: 1/visits (a running average)."""
    return 1.0 / visits


# -- training -----------------------------------------------------------------------------------
@dataclass
class Training:
    """A trained table and how it was trained.

    Attributes:
        q: position -> ``[value of roll, value of hold]``.
        visits: position -> how often each action was updated.
        wins: the learner's result in each training episode (exploring, while it learnt).
        seed: the training's seed (the dice of episode ``i`` come from ``derive_seed(seed, "train", i)``).
        opponent: the threshold of the :class:`HoldAt` bot it trained against.
        tracked: ``(episode, value of roll, value of hold)`` at :data:`TRACKED` after every update there.
        games: the number of fixed games the episodes cycled through (``None``: a new game each time).
    """

    q: dict[Key, list[float]] = field(default_factory=dict)
    visits: dict[Key, list[int]] = field(default_factory=dict)
    wins: list[float] = field(default_factory=list)
    seed: int = SEED
    opponent: int = HOLD_AT
    tracked: list[tuple[int, float, float]] = field(default_factory=list)
    games: int | None = None

    @property
    def episodes(self) -> int:
        return len(self.wins)


#: A position whose two values the lesson follows through training (a first turn with 14 points at risk).
TRACKED: Key = (0, 0, 14)


def _dice(seed: int | str, kind: str, episode: int) -> random.Random:
    return random.Random(derive_seed(seed, kind, episode))


def play_episode(
    game: Pig,
    seat: int,
    opponent: HoldAt,
    dice: random.Random,
    choose: Callable[[Key, PigState], int],
    after: Callable[[Key, int, PigState], None] | None = None,
) -> PigState:
    """Play one game of the learner (``seat``) against ``opponent``; return the final state.

    ``choose(position, state)`` answers the learner's action index where it has a choice (points
    at risk; with none it must roll, PG-1); ``after(position, index, state)`` is told the state
    the learner meets next (its next decision, or the end of the game).
    """
    state = game.new_initial_state()
    last: tuple[Key, int] | None = None
    while state.winner < 0:
        if state.rolling:
            state = game.apply_trusted(state, Face(dice.randint(1, 6)))
        elif state.player != seat:
            state = game.apply_trusted(state, HOLD if state.turn_total >= opponent.k else ROLL)
        elif not state.turn_total:
            state = game.apply_trusted(state, ROLL)
        else:
            here = position(state, seat)
            if last is not None and after is not None:
                after(*last, state)
            index = choose(here, state)
            last = (here, index)
            state = game.apply_trusted(state, HOLD if index == HOLD_INDEX else ROLL)
    if last is not None and after is not None:
        after(*last, state)
    return state


def train(
    episodes: int = EPISODES,
    *,
    update: Update = q_update,
    rate: Callable[[int], float] = learning_rate,
    reward_of: Callable[[PigState, int], float] = reward,
    epsilon: float = EPSILON,
    opponent: int = HOLD_AT,
    seed: int = SEED,
    games: int | None = None,
    initial: float = INITIAL,
) -> Training:
    """Q-learning against :class:`HoldAt` (``opponent``): ``episodes`` games, ε-greedy.

    With ``games`` the episodes cycle through that many fixed games (episode ``i`` replays
    the dice of game ``i % games``, like a fixed set of recorded games or training levels);
    without, every episode is a new game.

    ``update``, ``rate`` and ``reward_of`` are the three pieces of the lesson's exercises
    (the package's :func:`q_update`, :func:`learning_rate`, :func:`reward` by default), so a
    student's own functions can train the table too.
    """
    game = lesson_pig()
    bot = HoldAt(opponent)
    out = Training(seed=seed, opponent=opponent, games=games)
    q, visits = out.q, out.visits
    explore = random.Random(derive_seed(seed, "explore"))

    def choose(key: Key, state: PigState) -> int:
        values = q.setdefault(key, [initial, initial])
        if explore.random() < epsilon:
            return explore.randrange(2)
        return HOLD_INDEX if values[HOLD_INDEX] > values[ROLL_INDEX] else ROLL_INDEX

    for episode in range(episodes):
        seat = episode % 2

        def after(key: Key, index: int, state: PigState, seat: int = seat, episode: int = episode) -> None:
            done = state.winner >= 0
            next_values = (0.0, 0.0) if done else q.setdefault(position(state, seat), [initial, initial])
            counts = visits.setdefault(key, [0, 0])
            counts[index] += 1
            values = q[key]
            values[index] = float(update(values[index], reward_of(state, seat), next_values, done, rate(counts[index])))
            if key == TRACKED:
                out.tracked.append((episode, values[ROLL_INDEX], values[HOLD_INDEX]))

        dice = _dice(seed, "train", episode if games is None else episode % games)
        final = play_episode(game, seat, bot, dice, choose, after)
        out.wins.append(1.0 if final.winner == seat else 0.0)
    return out


def greedy_index(q: dict[Key, list[float]], key: Key) -> int:
    """The table's choice at ``key``: hold when its value is higher (roll on a tie or an unknown position)."""
    values = q.get(key)
    return HOLD_INDEX if values is not None and values[HOLD_INDEX] > values[ROLL_INDEX] else ROLL_INDEX


def win_rate(training: Training, games: int = EVAL_GAMES, *, fresh: bool = True) -> tuple[float, float, float]:
    """The greedy table's win rate against the training's bot, with its 95% (Wilson) interval.

    Args:
        training: the trained table.
        games: how many games (seats alternate as in training).
        fresh: ``True``: new games (dice the table never saw); ``False``: the training games
            again, with the same dice (the first ``games`` of them, at most the training's fixed set).

    Returns:
        ``(rate, low, high)``.
    """
    game = lesson_pig()
    bot = HoldAt(training.opponent)
    if not fresh and training.games is not None:
        games = min(games, training.games)
    wins = 0
    for episode in range(games):
        seat = episode % 2
        dice = _dice(training.seed, "new" if fresh else "train", episode)
        final = play_episode(game, seat, bot, dice, lambda key, state: greedy_index(training.q, key))
        wins += final.winner == seat
    low, high = wilson_interval(wins, games)
    return wins / games, low, high


def start_value(training: Training) -> float:
    """The table's own estimate of its chance to win from its first choice in seat 0: the best
    value after a first roll of 2 … 6, averaged over those five faces (1/5 each)."""
    return sum(max(training.q.get((0, 0, face), [INITIAL, INITIAL])) for face in range(2, 7)) / 5


def decisions(q: dict[Key, list[float]], theirs: int, target: int = TARGET) -> np.ndarray:
    """The table's choice in every position with the opponent at ``theirs`` points: rows are my
    turn total (0 … target), columns my score (0 … target − 1); 1 = hold, 0 = roll, NaN = never met."""
    out = np.full((target + 1, target), np.nan)
    for (mine, other, turn), values in q.items():
        if other == theirs and mine < target and turn <= target:
            out[turn, mine] = 1.0 if values[HOLD_INDEX] > values[ROLL_INDEX] else 0.0
    return out


def learned_agent(training: Training, name: str = "learned") -> PolicyAgent:
    """The greedy table as an ordinary agent (any seat), through the Pig encoding of
    :mod:`boardgames_widgets.rl`: its first numbers are the scores (mine first) and the turn
    total, each divided by the target."""
    game = lesson_pig()

    def key(vector: np.ndarray) -> Key:
        mine, theirs, turn = (round(float(x) * TARGET) for x in vector[:3])
        return (mine, theirs, turn)

    return PolicyAgent(game, q_table_policy(training.q, key=key), name=name)


@cache
def lesson_training() -> Training:
    """The notebook's training (:data:`EPISODES` episodes, seed :data:`SEED`), computed once."""
    return train()


@cache
def fixed_training() -> Training:
    """The notebook's second training: the same episodes, cycling through :data:`FIXED_GAMES` fixed games."""
    return train(games=FIXED_GAMES)


@cache
def lesson_rates() -> dict[str, float]:
    """The numbers q4 asks about, for the table trained on :data:`FIXED_GAMES` fixed games: its
    win rate on fresh games (the honest one), on its training games, while training, the
    table's own estimate, and (for comparison) the first table's win rate on fresh games."""
    t = fixed_training()
    return {
        "fresh": win_rate(t, fresh=True)[0],
        "training_games": win_rate(t, fresh=False)[0],
        "while_training": sum(t.wins) / len(t.wins),
        "table": start_value(t),
        "first_table": win_rate(lesson_training(), fresh=True)[0],
    }


# -- q1: the update rule --------------------------------------------------------------------------
_Q1_CASES: list[tuple[float, float, tuple[float, ...], bool, float]] = [
    (0.5, 0.0, (0.25, 0.75), False, 0.5),
    (0.5, 1.0, (0.25, 0.75), True, 0.5),
    (0.25, 0.0, (0.5, 0.125), True, 1.0),
    (0.0, 0.0, (0.625, 0.375), False, 0.25),
    (0.75, 0.5, (0.25, 0.125), False, 0.5),
    (0.375, 1.0, (0.875, 0.25), True, 0.125),
]


def _always_bootstrap(q: float, r: float, nxt: Sequence[float], done: bool, alpha: float) -> float:
    return q + alpha * (r + max(nxt) - q)


ex.add(
    outputs_exercise(
        "q1",
        _Q1_CASES,
        q_update,
        [
            (
                _always_bootstrap,
                N_(
                    "You bootstrapped from the end of the game: when done is True there is no next move, so the "
                    "target is the reward alone — ignore next_values."
                ),
            ),
            (
                lambda q, r, nxt, done, alpha: r if done else r + max(nxt),
                N_("You returned the target itself. Move only a step alpha towards it: q + alpha·(target − q)."),
            ),
            (
                lambda q, r, nxt, done, alpha: q + alpha * (q - (r if done else r + max(nxt))),
                N_("Wrong sign: that moves q away from the target. The step is alpha·(target − q)."),
            ),
            (
                lambda q, r, nxt, done, alpha: q + alpha * ((r if done else r + min(nxt)) - q),
                N_("You used min: the learner will play its best action next, so the target takes max(next_values)."),
            ),
            (
                lambda q, r, nxt, done, alpha: q + alpha * ((r if done else max(nxt)) - q),
                N_(
                    "You dropped the reward when the game goes on (here it is 0, but not in every game): target = reward + max(next_values)."
                ),
            ),
            (
                lambda q, r, nxt, done, alpha: q + alpha * ((r if done else r + sum(nxt) / len(nxt)) - q),
                N_("You averaged the next values. Q-learning assumes the best action next: take max(next_values)."),
            ),
        ],
        hint=(
            N_(
                "First the target: the reward, plus the best next value only if the game goes on. Then move q towards it."
            ),
            N_(
                "The target is the reward alone once the game is over, else the reward plus the largest next "
                "value; the new value is the old one plus alpha times (target minus the old value)."
            ),
        ),
        normalize=lambda x: round(float(x), 9) if isinstance(x, int | float) and not isinstance(x, bool) else x,
    )
)


# -- q2: whose reward ------------------------------------------------------------------------------
def _over(scores: tuple[int, int], winner: int) -> PigState:
    return PigState(TARGET, scores, player=winner, winner=winner)


_Q2_CASES: list[tuple[PigState, int]] = [
    (_over((31, 12), 0), 0),
    (_over((31, 12), 0), 1),
    (_over((17, 33), 1), 1),
    (_over((17, 33), 1), 0),
    (PigState(TARGET, (8, 20), player=1, turn_total=6), 0),
    (PigState(TARGET, (25, 3), player=0, turn_total=4), 0),
    (PigState(TARGET, (22, 28), player=1), 1),
]
ex.add(
    outputs_exercise(
        "q2",
        _Q2_CASES,
        reward,
        [
            (
                lambda s, seat: 1.0 if s.winner >= 0 and s.winner == s.player else 0.0,
                N_(
                    "That is the reward of the player on turn, not the learner's: when Pig ends, the player on "
                    "turn is the winner, so your learner would be rewarded for every game. Use seat."
                ),
            ),
            (
                lambda s, seat: 1.0 if s.winner == 0 else 0.0,
                N_("That is seat 0's reward. The learner sits in seat 1 in every other game: use seat."),
            ),
            (
                lambda s, seat: 1.0 if s.winner >= 0 and s.winner != seat else 0.0,
                N_("That rewards the opponent's win. The learner's reward is 1 when seat is the winner."),
            ),
            (
                lambda s, seat: 1.0 if s.winner >= 0 else 0.0,
                N_("That gives 1 for every finished game, lost ones too; only a win of seat earns 1."),
            ),
            (
                lambda s, seat: 1.0 if s.winner == seat or (s.winner < 0 and s.player == seat) else 0.0,
                N_("While the game goes on the reward is 0: nobody has won yet (state.winner is −1)."),
            ),
        ],
        hint=(
            N_("The reward is the learner's: it is 1 only at the end of a game that seat won."),
            N_("state.winner is −1 while the game goes on, else the winning seat: compare it with seat."),
        ),
        normalize=lambda x: float(x) if isinstance(x, int | float) else x,
    )
)


# -- q3: a learning rate that decays ----------------------------------------------------------------
_Q3_VISITS: tuple[int, ...] = (1, 2, 3, 4, 5, 10, 100, 1000)


def _q3_exercise() -> Exercise:
    expected = [learning_rate(n) for n in _Q3_VISITS]

    def prepare(f: Any) -> list[float]:
        if not callable(f):
            raise TypeError(N_("the answer to this exercise is a function: pass its name, without ()"))
        outs = [f(n) for n in _Q3_VISITS]
        if all(o is None or o is Ellipsis for o in outs):
            return []
        return [float(o) for o in outs]

    def close(outs: list[float], values: list[float]) -> bool:
        return len(outs) == len(values) and all(
            math.isclose(a, b, rel_tol=1e-9) for a, b in zip(outs, values, strict=True)
        )

    def shape(test: Callable[[list[float]], bool]) -> Callable[[Any], bool]:
        return lambda outs: bool(outs) and not close(outs, expected) and test(outs)

    return Exercise(
        "q3",
        is_correct=lambda outs: close(outs, expected),
        misconceptions=[
            Misconception(
                lambda outs: outs == [],
                N_(
                    "Not answered yet: your function returns None — finish its body and end it with return (the answer)."
                ),
                "not_answered",
            ),
            Misconception(
                shape(lambda o: max(o) - min(o) < 1e-12),
                N_(
                    "That learning rate never decays: each value keeps jumping after the latest games and never "
                    "settles. With 1/visits it becomes the average of all its targets."
                ),
                "m1",
            ),
            Misconception(
                shape(lambda o: o[-1] * _Q3_VISITS[-1] < 0.01),
                N_(
                    "That decays too fast (like 1/visits²): the steps add up to a finite sum, so the values freeze "
                    "before they have learnt. Use 1/visits."
                ),
                "m2",
            ),
            Misconception(
                shape(lambda o: close(o, [1 / (n + 1) for n in _Q3_VISITS])),
                N_(
                    "Off by one: on the first visit the step must be 1, so the first target replaces the initial guess."
                ),
                "m3",
            ),
            Misconception(
                shape(lambda o: any(b > a for a, b in itertools.pairwise(o)) or o[0] > 1),
                N_("A learning rate lies between 0 and 1 and shrinks as a value is updated more often."),
                "m4",
            ),
        ],
        hint=(
            N_("After n targets, a value that is their average moves by 1/n of the difference to the new one."),
            N_("The step is one divided by the number of visits: 1, 1/2, 1/3, …"),
        ),
        prepare=prepare,
    )


ex.add(_q3_exercise())


# -- q4: the honest win rate ------------------------------------------------------------------------
def honest_rate() -> float:
    """The learned table's win rate on fresh games: the estimate to report."""
    return lesson_rates()["fresh"]


ex.add(
    lazy_numeric_exercise(
        "q4",
        honest_rate,
        [
            (
                lambda: lesson_rates()["training_games"],
                N_(
                    "That is the win rate on the training games: the table was fitted to exactly those dice, so "
                    "it flatters the learner. Judge it on games it has never seen."
                ),
                "m1",
            ),
            (
                lambda: lesson_rates()["while_training"],
                N_(
                    "That is the win rate while it learnt: it mixes the early, clueless games and the random "
                    "exploring moves. Measure the finished table, on new games."
                ),
                "m2",
            ),
            (
                lambda: lesson_rates()["table"],
                N_(
                    "That is the table's own opinion of itself: its values average targets from the whole "
                    "training, early guesses included — not a measurement. Measure by playing new games."
                ),
                "m3",
            ),
            (
                lambda: lesson_rates()["first_table"],
                N_(
                    "That is the first table's win rate (trained on a new game every time); the question is "
                    "about the table trained on the 200 fixed games."
                ),
                "m4",
            ),
        ],
        hint=(
            N_("An honest estimate comes from games the learner has not trained on, played with its final table."),
            N_("Read the row of the new games."),
        ),
        digits=2,
    )
)
