"""Game-tree search on full states: minimax, alpha-beta and expectimax.

These are plain functions over the game API, written to be read next to a
textbook. Each takes a game and a *full* state (search needs a model of the
game, not just an observation; see :mod:`boardgames_widgets.agents.determinize`
for how agents obtain one) and returns a :class:`SearchResult`: the value of the
state, the best action for the player to move and the number of nodes the
search visited, so lessons can compare algorithms by the work they do.

Values are returns in [0, 1] (1 a win, 0 a loss). ``depth`` counts player
decisions; chance nodes do not use up depth (the chance after the last decision
is still resolved). At the depth limit an *evaluator* estimates each player's
return of the state reached.

* :func:`minimax` and :func:`alphabeta` are for deterministic games: the root
  player maximizes its value, every other player minimizes it (in games with
  more than two players this is the "paranoid" assumption). A chance node with a
  single certain outcome, like a draw from an open deck, is simply followed.
* :func:`expectimax` handles chance exactly: a chance node is worth the average
  of its outcomes weighted by their exact :class:`~fractions.Fraction`
  probabilities, and each player picks the move best for themselves ("max^n").
  When returns and evaluations are exact numbers (ints or fractions) the value
  is exact too.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from boardgames_widgets.core.api import CHANCE, TERMINAL, Game
from boardgames_widgets.core.rng import sample_outcome

#: An evaluator estimates every player's return of a state (used below the depth limit).
Evaluator = Callable[[Game[Any, Any], Any], Sequence[float]]


@dataclass(frozen=True, slots=True)
class SearchResult:
    """What a search found.

    Attributes:
        value: the value of the searched state for the player searched for.
        action: the best action for the player to move (``None`` at a chance node,
            at the end of the game or at depth 0).
        nodes: how many states the search visited (a measure of work done).
    """

    value: float
    action: Any
    nodes: int


def neutral_evaluator(game: Game[Any, Any], state: Any) -> tuple[float, ...]:
    """The exact returns at the end of the game, an equal share ``1/n`` before it.

    The evaluator that knows nothing: search with it only sees wins and losses
    that lie within its depth.
    """
    if game.is_terminal(state):
        return game.returns(state)
    return (1 / game.num_players,) * game.num_players


class RolloutEvaluator:
    """Estimates a state by playing it out at random ``rollouts`` times.

    Args:
        rollouts: playouts per evaluated state.
        seed: seeds the playouts, so a search with this evaluator is reproducible.
    """

    def __init__(self, rollouts: int = 1, seed: int | str | None = 0) -> None:
        self.rollouts = rollouts
        self.rng = random.Random(seed)

    def __call__(self, game: Game[Any, Any], state: Any) -> tuple[float, ...]:
        totals = [0.0] * game.num_players
        for _ in range(self.rollouts):
            for i, r in enumerate(random_playout(game, state, self.rng)):
                totals[i] += r
        return tuple(t / self.rollouts for t in totals)


def random_playout(game: Game[Any, Any], state: Any, rng: random.Random) -> tuple[float, ...]:
    """Play uniformly random legal actions (chance by its odds) to the end; the returns."""
    while not game.is_terminal(state):
        if game.is_chance_node(state):
            action = sample_outcome(game.chance_outcomes(state), rng)
        else:
            legal = game.legal_actions(state)
            action = legal[rng.randrange(len(legal))]
        state = game.apply(state, action)
    return game.returns(state)


def _certain_outcome(game: Game[Any, Any], state: Any) -> Any:
    """The only outcome of a chance node with one outcome.

    Raises:
        ValueError: the chance node has several outcomes (minimax cannot handle chance).
    """
    outcomes = game.chance_outcomes(state)
    if len(outcomes) != 1:
        raise ValueError(
            f"minimax and alpha-beta need a deterministic game, but this chance node has {len(outcomes)} "
            "outcomes: use expectimax"
        )
    return outcomes[0][0]


class _Count:
    """The states a search has visited (shared by its recursion and its root)."""

    __slots__ = ("nodes",)

    def __init__(self) -> None:
        self.nodes = 0


V = TypeVar("V")


def _root(
    game: Game[Any, Any],
    state: Any,
    depth: int,
    count: _Count,
    decides: bool,
    value: Callable[[Any, int], V],
    score: Callable[[V], float],
) -> tuple[V, Any]:
    """The root of a depth-limited search (:func:`minimax`, :func:`expectimax`; :func:`alphabeta`
    writes the same steps out, as lesson 02 shows it, passing its bounds down).

    At the end of the game, at depth 0 or where the searcher does not decide (``decides``
    false) the root is valued like any state, by the search's recursion ``value(state,
    depth)``; otherwise each legal action in turn, keeping the first whose child scores
    best (``score`` reads the number the root maximizes from a value). Returns the value
    and the best action (``None`` without a decision).
    """
    if game.is_terminal(state) or depth == 0 or not decides:
        return value(state, depth), None
    count.nodes += 1  # the root
    best_action, best, best_score = None, None, -math.inf
    for a in game.legal_actions(state):
        v = value(game.apply(state, a), depth - 1)
        s = score(v)
        if s > best_score:
            best_action, best, best_score = a, v, s
    assert best is not None, "a player to move always has a legal action"
    return best, best_action


def minimax(
    game: Game[Any, Any],
    state: Any,
    depth: int,
    *,
    player: int | None = None,
    evaluator: Evaluator = neutral_evaluator,
) -> SearchResult:
    """Plain minimax: try every line of play ``depth`` decisions deep.

    Args:
        game: the game.
        state: a full state (not an observation).
        depth: how many decisions to look ahead.
        player: whose value to maximize (default: the player to move, or player 0).
        evaluator: estimates states at the depth limit.

    Raises:
        ValueError: a chance node with several outcomes is reached.
    """
    me = max(game.current_player(state), 0) if player is None else player
    count = _Count()

    def value(s: Any, d: int) -> float:
        count.nodes += 1
        mover = game.current_player(s)
        if mover == CHANCE:
            return value(game.apply(s, _certain_outcome(game, s)), d)
        if mover == TERMINAL or d == 0:
            return evaluator(game, s)[me]
        children = [value(game.apply(s, a), d - 1) for a in game.legal_actions(s)]
        return max(children) if mover == me else min(children)

    best, action = _root(game, state, depth, count, game.current_player(state) == me, value, lambda v: v)
    return SearchResult(best, action, count.nodes)


def alphabeta(
    game: Game[Any, Any],
    state: Any,
    depth: int,
    *,
    player: int | None = None,
    evaluator: Evaluator = neutral_evaluator,
) -> SearchResult:
    """Minimax with alpha-beta pruning: the same value, fewer nodes.

    ``alpha`` is the value the maximizing player is already sure of, ``beta`` the
    value the minimizing players are sure of. Once ``alpha >= beta`` the rest of a
    node's children cannot change the result and are skipped ("pruned").

    Args:
        game: the game.
        state: a full state (not an observation).
        depth: how many decisions to look ahead.
        player: whose value to maximize (default: the player to move, or player 0).
        evaluator: estimates states at the depth limit.

    Raises:
        ValueError: a chance node with several outcomes is reached.
    """
    me = max(game.current_player(state), 0) if player is None else player
    nodes = 0

    def value(s: Any, d: int, alpha: float, beta: float) -> float:
        nonlocal nodes
        nodes += 1
        mover = game.current_player(s)
        if mover == CHANCE:
            return value(game.apply(s, _certain_outcome(game, s)), d, alpha, beta)
        if mover == TERMINAL or d == 0:
            return evaluator(game, s)[me]
        if mover == me:
            best = -math.inf
            for a in game.legal_actions(s):
                best = max(best, value(game.apply(s, a), d - 1, alpha, beta))
                alpha = max(alpha, best)
                if alpha >= beta:
                    break  # the minimizer will never let play reach here
            return best
        best = math.inf
        for a in game.legal_actions(s):
            best = min(best, value(game.apply(s, a), d - 1, alpha, beta))
            beta = min(beta, best)
            if alpha >= beta:
                break  # the maximizer already has something better elsewhere
        return best

    if game.is_terminal(state) or depth == 0 or game.current_player(state) != me:
        root_value = value(state, depth, -math.inf, math.inf)
        return SearchResult(root_value, None, nodes)
    nodes += 1  # the root
    best_action, best = None, -math.inf
    for a in game.legal_actions(state):
        v = value(game.apply(state, a), depth - 1, best, math.inf)
        if v > best:
            best_action, best = a, v
    return SearchResult(best, best_action, nodes)


def expectimax(
    game: Game[Any, Any],
    state: Any,
    depth: int,
    *,
    player: int | None = None,
    evaluator: Evaluator = neutral_evaluator,
) -> SearchResult:
    """Expectimax with exact chance: every player maximizes their own expected return.

    Args:
        game: the game.
        state: a full state (not an observation).
        depth: how many decisions to look ahead (chance nodes are free).
        player: whose value to report (default: the player to move, or player 0 at
            a chance node).
        evaluator: estimates states at the depth limit.
    """
    count = _Count()

    def values(s: Any, d: int) -> tuple[float, ...]:
        count.nodes += 1
        mover = game.current_player(s)
        if mover == CHANCE:
            outcomes = [(p, values(game.apply(s, o), d)) for o, p in game.chance_outcomes(s)]
            return tuple(sum(p * v[i] for p, v in outcomes) for i in range(game.num_players))
        if mover == TERMINAL or d == 0:
            return tuple(evaluator(game, s))
        return max((values(game.apply(s, a), d - 1) for a in game.legal_actions(s)), key=lambda v: v[mover])

    mover = game.current_player(state)
    me = player if player is not None else max(mover, 0)
    best, action = _root(game, state, depth, count, mover != CHANCE, values, lambda v: v[mover])
    return SearchResult(best[me], action, count.nodes)


class MinimaxAgent:
    """Plays the move alpha-beta (or plain minimax) finds, ``depth`` decisions deep.

    The agent is built with the game (its model of the rules) and searches the
    state it sees; if the observation hides something, it searches one sampled
    state consistent with it (see :mod:`~boardgames_widgets.agents.determinize`).
    Meant for deterministic games such as Food Chain's open-deck variant.

    Attributes:
        nodes: states visited in the current game (cleared by :meth:`reset`).
    """

    def __init__(
        self,
        game: Game[Any, Any],
        depth: int = 2,
        evaluator: Evaluator = neutral_evaluator,
        *,
        pruning: bool = True,
        name: str | None = None,
    ) -> None:
        self.game = game
        self.depth = depth
        self.evaluator = evaluator
        self.pruning = pruning
        self.name = name or f"{'alphabeta' if pruning else 'minimax'}{depth}"
        self.nodes = 0

    def reset(self) -> None:
        """Start counting nodes afresh for a new game."""
        self.nodes = 0

    def act(self, observation: Any, legal_actions: Sequence[Any], rng: random.Random) -> Any:
        """The best action found by the search (the first legal one if the search finds none)."""
        from boardgames_widgets.agents.determinize import sample_state

        search = alphabeta if self.pruning else minimax
        result = search(self.game, sample_state(self.game, observation, rng), self.depth, evaluator=self.evaluator)
        self.nodes += result.nodes
        return result.action if result.action in legal_actions else legal_actions[0]

    def __repr__(self) -> str:
        return f"MinimaxAgent(depth={self.depth}, pruning={self.pruning})"


class ExpectimaxAgent:
    """Plays the move with the best expected return, ``depth`` decisions deep, chance exact.

    Attributes:
        nodes: states visited in the current game (cleared by :meth:`reset`).
    """

    def __init__(
        self, game: Game[Any, Any], depth: int = 1, evaluator: Evaluator = neutral_evaluator, *, name: str | None = None
    ) -> None:
        self.game = game
        self.depth = depth
        self.evaluator = evaluator
        self.name = name or f"expectimax{depth}"
        self.nodes = 0

    def reset(self) -> None:
        """Start counting nodes afresh for a new game."""
        self.nodes = 0

    def act(self, observation: Any, legal_actions: Sequence[Any], rng: random.Random) -> Any:
        """The action with the best expected value (determinizing hidden parts once)."""
        from boardgames_widgets.agents.determinize import sample_state

        result = expectimax(self.game, sample_state(self.game, observation, rng), self.depth, evaluator=self.evaluator)
        self.nodes += result.nodes
        return result.action if result.action in legal_actions else legal_actions[0]

    def __repr__(self) -> str:
        return f"ExpectimaxAgent(depth={self.depth})"
