"""Better simulations for MCTS: rollout policies, cut-off rollouts and per-game evaluators.

Step 3 of an MCTS iteration plays a new leaf out and reports who won. A uniformly
random playout is the textbook choice and works for any game, but it can be a poor
judge: random players never crank the trap, swap birds blindly, and a random game
of Chop Chop lasts hundreds of moves. Three classic remedies, all written here as
plain functions or small classes that plug into ``mcts(..., rollout=...)``:

1. **A rollout policy** — play the playout with a cheap rule of thumb instead of at
   random. :class:`HeuristicPolicy` is *epsilon-greedy* on the Greedy agent's
   heuristic: with probability ``epsilon`` a random move (so playouts still explore),
   otherwise the move the heuristic likes best.
2. **A cut-off** — stop the playout after ``max_actions`` moves and let an
   *evaluator* estimate every player's return of the state reached, a number in
   [0, 1] like a real result. ``max_actions=0`` evaluates the leaf itself.
3. **An evaluator per game** (:data:`EVALUATORS`, each in its game's module
   ``agents/<game id>.py``): a formula from the rules that says how well each player
   is doing, squashed into [0, 1] by a logistic curve (:func:`share_by_margin`).

:class:`Rollout` combines the three; :func:`default_rollout` picks, per game, the
combination the strong bot uses (measured in ``benchmarks/search.py``). Everything
random uses the generator it is handed, so a seeded search stays reproducible.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from boardgames_widgets.agents.greedy import HEURISTICS, Heuristic
from boardgames_widgets.agents.knowledge import ByGame
from boardgames_widgets.agents.mcts import LeafEvaluator, random_rollout
from boardgames_widgets.core.api import CHANCE, TERMINAL, Game

#: A rollout policy picks a move in a full state: ``policy(game, state, legal, rng)``.
Policy = Callable[[Game[Any, Any], Any, Sequence[Any], random.Random], Any]

#: An evaluator estimates every player's return of a (full) state, each in [0, 1].
Evaluator = LeafEvaluator


def random_policy(game: Game[Any, Any], state: Any, legal: Sequence[Any], rng: random.Random) -> Any:
    """A uniformly random legal move."""
    return legal[rng.randrange(len(legal))]


class HeuristicPolicy:
    """Epsilon-greedy on a heuristic: usually the best-scored move, sometimes a random one.

    The heuristic is the :class:`~boardgames_widgets.agents.greedy.GreedyAgent`'s
    for the game (it scores a move from the mover's observation). Ties between
    best moves are broken at random.

    Args:
        epsilon: the probability of a uniformly random move instead (0: always greedy).
        heuristic: scores ``(game, observation, action)``; default: the game's Greedy heuristic.
    """

    def __init__(self, epsilon: float = 0.1, heuristic: Heuristic | None = None) -> None:
        if not 0.0 <= epsilon <= 1.0:
            raise ValueError(f"epsilon is a probability, not {epsilon}")
        self.epsilon = epsilon
        self.heuristic = heuristic

    def __call__(self, game: Game[Any, Any], state: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        """The move to play in ``state``."""
        if len(legal) == 1:
            return legal[0]
        if rng.random() < self.epsilon:
            return legal[rng.randrange(len(legal))]
        heuristic = self.heuristic or HEURISTICS[game.info.id]
        observation = game.observation(state, game.current_player(state))
        scores = [heuristic(game, observation, a) for a in legal]
        best = max(scores)
        choices = [a for a, s in zip(legal, scores, strict=True) if s == best]
        return choices[rng.randrange(len(choices))]

    def __repr__(self) -> str:
        return f"HeuristicPolicy(epsilon={self.epsilon})"


class Rollout:
    """A playout by ``policy``, cut off after ``max_actions`` moves and scored by ``evaluator``.

    With the defaults (random policy, no cut-off) this is exactly
    :func:`~boardgames_widgets.agents.mcts.random_rollout`. Chance outcomes are always
    drawn with their exact odds and do not count as moves.

    Args:
        policy: picks the playout's moves (default :func:`random_policy`).
        max_actions: moves played before the evaluator takes over (``None``: play to the end).
        evaluator: estimates the returns where the playout stops short of the end
            (required with ``max_actions`` or ``until``).
        until: ``until(game, state)`` is true where the playout stops early and the
            evaluator scores the state (for example :func:`papageno_round_over`: the end
            of the round); checked before every move and chance outcome.

    Raises:
        ValueError: ``max_actions`` or ``until`` without an evaluator, or a negative cut-off.
    """

    def __init__(
        self,
        policy: Policy = random_policy,
        max_actions: int | None = None,
        evaluator: Evaluator | None = None,
        until: Callable[[Game[Any, Any], Any], bool] | None = None,
    ) -> None:
        if max_actions is not None and (evaluator is None or max_actions < 0):
            raise ValueError("a cut-off rollout needs an evaluator and a cut-off of 0 moves or more")
        if until is not None and evaluator is None:
            raise ValueError("a rollout that stops early (until=...) needs an evaluator")
        self.policy = policy
        self.max_actions = max_actions
        self.evaluator = evaluator
        self.until = until

    def __call__(self, game: Game[Any, Any], state: Any, rng: random.Random) -> Sequence[float]:
        """Every player's return (or its estimate) from ``state``."""
        if self.policy is random_policy and self.max_actions is None and self.until is None:
            return random_rollout(game, state, rng)
        budget = math.inf if self.max_actions is None else self.max_actions
        moves = 0
        while True:
            player = game.current_player(state)
            if player == TERMINAL:
                return game.returns(state)
            if self.until is not None and self.until(game, state):
                assert self.evaluator is not None
                return self.evaluator(game, state)
            if player == CHANCE:
                state = game.apply_trusted(state, game.sample_chance(state, rng))
                continue
            if moves >= budget:
                assert self.evaluator is not None
                return self.evaluator(game, state)
            state = game.apply_trusted(state, self.policy(game, state, game.legal_actions(state), rng))
            moves += 1

    def __repr__(self) -> str:
        policy = getattr(self.policy, "__name__", None) or repr(self.policy)
        evaluator = getattr(self.evaluator, "__name__", None)
        until = getattr(self.until, "__name__", None)
        return f"Rollout(policy={policy}, max_actions={self.max_actions}, evaluator={evaluator}, until={until})"


# -- evaluators ----------------------------------------------------------------------------
def logistic(x: float) -> float:
    """The logistic curve ``1 / (1 + e^-x)``: any number into (0, 1), 0 into 1/2."""
    if x < -60:
        return 0.0
    return 1.0 / (1.0 + math.exp(-x))


def share_by_margin(margins: Sequence[float], scale: float) -> tuple[float, ...]:
    """Turn each player's margin over the best other player into a chance of winning.

    ``logistic(margin / scale)`` per player, then normalized to sum to 1 (so with two
    players a lead of ``scale`` gives about 73% to 27%).
    """
    raw = [logistic(m / scale) for m in margins]
    total = sum(raw)
    return tuple(r / total for r in raw)


def margins(values: Sequence[float]) -> list[float]:
    """Each value minus the best of the others' (how far ahead each player is)."""
    out = []
    for i, v in enumerate(values):
        others = [w for j, w in enumerate(values) if j != i]
        out.append(v - max(others) if others else 0.0)
    return out


#: The evaluator of each game, by game id (each defined in its game's module, ``agents/<game id>.py``).
EVALUATORS: Mapping[str, Evaluator] = ByGame("EVALUATOR")
