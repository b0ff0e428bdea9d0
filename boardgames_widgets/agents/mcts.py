"""Monte-Carlo tree search (UCT) on full states, and the agent that uses it.

One *iteration* of MCTS has four steps:

1. **Selection** — from the root, follow the child with the best UCB1 score
   ``mean + c * sqrt(ln(parent visits) / child visits)`` while every action of
   the node has been tried. At a chance node, sample an outcome by its odds.
2. **Expansion** — add one untried action (or a newly sampled chance outcome)
   as a new node.
3. **Simulation** — play the game out from there at random (a *rollout*), or
   ask an *evaluator* how good the new leaf looks (see
   :mod:`~boardgames_widgets.agents.rollout` for rollout policies, cut-off
   rollouts and the evaluator of each game).
4. **Backpropagation** — add the result to every node on the path. Each node
   keeps the total return of the player who *chose* the move into it, so every
   player picks moves good for themselves (this works for any number of players).

After the budget (a number of iterations, or seconds) the most visited root
action is played. With an iteration budget and a seeded generator the search is
reproducible; a time budget depends on the machine's speed.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from boardgames_widgets.agents.tree import backup, deadline, root_statistics, run
from boardgames_widgets.core.api import CHANCE, TERMINAL, Game
from boardgames_widgets.core.rng import draw_outcome

#: The UCB1 exploration constant. Returns lie in [0, 1], for which sqrt(2) is the textbook choice.
UCT_C = math.sqrt(2)

#: A rollout plays a state out and returns every player's return.
Rollout = Callable[[Game[Any, Any], Any, random.Random], Sequence[float]]

#: An evaluator estimates every player's return of a state, each in [0, 1] (no randomness).
LeafEvaluator = Callable[[Game[Any, Any], Any], Sequence[float]]


def simulate(
    game: Game[Any, Any], state: Any, rng: random.Random, rollout: Rollout, evaluator: LeafEvaluator | None
) -> Sequence[float]:
    """Step 3: the returns of a new leaf — exact at the end of the game, else the
    evaluator's estimate if there is one, else a rollout's result."""
    if evaluator is None:
        return rollout(game, state, rng)
    if game.current_player(state) == TERMINAL:
        return game.returns(state)
    return evaluator(game, state)


def sample_chance(outcomes: Sequence[tuple[Any, Fraction]], rng: random.Random) -> Any:
    """Draw a chance outcome with its exact probability (:func:`~boardgames_widgets.core.rng.draw_outcome`)."""
    return draw_outcome(outcomes, rng)


def random_rollout(game: Game[Any, Any], state: Any, rng: random.Random) -> tuple[float, ...]:
    """Uniformly random legal actions, chance by its exact odds, to the end of the game
    (:meth:`Game.random_playout <boardgames_widgets.core.api.Game.random_playout>`, which a
    game may run faster on a working copy: the same draws, the same returns)."""
    return game.random_playout(state, rng)


@dataclass(eq=False, slots=True)
class Node:
    """A node of the search tree: a state reached by a sequence of actions.

    Attributes:
        state: the full state at this node.
        player: who acts here (a player index, ``CHANCE``, or ``TERMINAL``).
        mover: who chose the action leading here (``CHANCE`` for a chance outcome).
        untried: legal actions not expanded yet (empty at chance and terminal nodes;
            ``None`` until the node is first expanded: most leaves are visited once, so
            their legal actions are listed only when needed — no random draw depends on it).
        children: the expanded children, by action.
        visits: how many iterations passed through this node.
        total: the sum of ``mover``'s returns over those iterations.

    (``mover``, ``children``, ``visits`` and ``total`` are the statistics every tree search
    keeps: :class:`~boardgames_widgets.agents.tree.Stats`.)
    """

    state: Any
    player: int
    mover: int
    untried: list[Any] | None
    children: dict[Any, Node] = field(default_factory=dict)
    visits: int = 0
    total: float = 0.0


@dataclass(frozen=True, slots=True)
class MCTSResult:
    """The outcome of one search.

    Attributes:
        action: the most visited action at the root.
        iterations: iterations run.
        nodes: nodes added to the tree (the work done).
        visits: root action -> visits, for display and for lessons.
        values: root action -> mean return for the player to move.
    """

    action: Any
    iterations: int
    nodes: int
    visits: dict[Any, int]
    values: dict[Any, float]


def _new_node(game: Game[Any, Any], state: Any, mover: int, rng: random.Random) -> Node:
    player = game.current_player(state)
    return Node(state, player, mover, None if player >= 0 else [])  # legal actions: asked at first expansion


def _ucb_child(node: Node, c: float) -> Node:
    """The child with the highest UCB1 score (ties: the first)."""
    log_n = math.log(node.visits)
    sqrt = math.sqrt
    children = iter(node.children.values())  # max() by score, written out (no call per child)
    best = next(children)
    best_score = best.total / best.visits + c * sqrt(log_n / best.visits)
    for ch in children:
        visits = ch.visits
        score = ch.total / visits + c * sqrt(log_n / visits)
        if score > best_score:  # strictly: the first of equal scores stays, as with max()
            best, best_score = ch, score
    return best


def _descend(game: Game[Any, Any], root: Node, rng: random.Random, c: float) -> list[Node]:
    """Steps 1 and 2: the path from the root down to a new leaf (or to the end of the game)."""
    path = [root]
    node = root
    while node.player != TERMINAL:
        if node.player == CHANCE:
            outcome = game.sample_chance(node.state, rng)
            child = node.children.get(outcome)
            if child is None:  # an outcome not seen before: a new leaf
                child = node.children[outcome] = _new_node(game, game.apply_trusted(node.state, outcome), CHANCE, rng)
                path.append(child)
                return path
        elif node.untried or node.untried is None:  # not fully expanded: add one untried action as a new leaf
            if node.untried is None:
                node.untried = game.legal_actions(node.state)
            action = node.untried.pop(rng.randrange(len(node.untried)))  # picked at random: no bias from the order
            child = node.children[action] = _new_node(game, game.apply_trusted(node.state, action), node.player, rng)
            path.append(child)
            return path
        else:
            child = _ucb_child(node, c)
        path.append(child)
        node = child
    return path


def mcts(
    game: Game[Any, Any],
    state: Any,
    rng: random.Random,
    *,
    iterations: int | None = 1000,
    seconds: float | None = None,
    c: float = UCT_C,
    rollout: Rollout = random_rollout,
    evaluator: LeafEvaluator | None = None,
    min_iterations: int = 1,
) -> MCTSResult:
    """Search ``state`` with UCT and return the most visited action.

    Args:
        game: the game.
        state: a full state where a player (not chance) is to act.
        rng: the only source of randomness (rollouts, chance samples, tie order).
        iterations: stop after this many iterations (``None``: no limit).
        seconds: stop after this much time (``None``: no limit).
        c: the exploration constant of UCB1.
        rollout: plays a new leaf out and returns every player's return.
        evaluator: if given, estimates a new leaf's returns instead of a rollout
            (a rollout cut off after 0 moves).
        min_iterations: run at least this many iterations even past ``seconds``
            (a slow machine then takes longer rather than playing weaker).

    Raises:
        ValueError: ``state`` is not a decision of a player, or no budget is given.
    """
    if game.current_player(state) < 0:
        raise ValueError("MCTS searches from a player's decision, not from a chance or terminal state")
    until = deadline("MCTS", iterations, seconds)
    root = _new_node(game, state, CHANCE, rng)

    def iteration() -> int:
        path = _descend(game, root, rng, c)  # 1. selection, 2. expansion
        leaf = path[-1]
        added = leaf.visits == 0
        backup(path, simulate(game, leaf.state, rng, rollout, evaluator))  # 3. simulation, 4. backpropagation
        return added

    done, nodes = run(iteration, iterations, until, min_iterations)
    best, visits, values = root_statistics(root)
    return MCTSResult(best, done, nodes, visits, values)


class MCTSAgent:
    """Plays the action UCT search likes best.

    Built with the game (its model of the rules). When the observation is the full
    state it is searched directly; otherwise one state consistent with the
    observation is sampled per move and searched as if everything were known
    (fast, but blind to the value of information: prefer :class:`ISMCTSAgent
    <boardgames_widgets.agents.ismcts.ISMCTSAgent>` for hidden-information games).

    Args:
        game: the game played.
        iterations: iterations per move (``None`` with ``seconds``: time only).
        seconds: time per move (``None``: iterations only, which is reproducible).
        c: the UCB1 exploration constant.
        rollout: plays leaves out (default: uniformly random).
        evaluator: estimates leaves instead of rollouts (default: none, roll out).
        name: the name shown in records and tables.
        min_iterations: iterations a move gets even when ``seconds`` run out first.

    Attributes:
        nodes: tree nodes added in the current game (cleared by :meth:`reset`).
        last: the result of the latest search.
    """

    #: prefix of the default name (``mcts1000``, ``mcts0.5s``)
    label = "mcts"

    def __init__(
        self,
        game: Game[Any, Any],
        iterations: int | None = 1000,
        seconds: float | None = None,
        *,
        c: float = UCT_C,
        rollout: Rollout = random_rollout,
        evaluator: LeafEvaluator | None = None,
        name: str | None = None,
        min_iterations: int = 1,
    ) -> None:
        self.game = game
        self.min_iterations = min_iterations
        self.iterations = iterations
        self.seconds = seconds
        self.c = c
        self.rollout = rollout
        self.evaluator = evaluator
        self.name = name or (f"{self.label}{iterations}" if seconds is None else f"{self.label}{seconds:g}s")
        self.nodes = 0
        self.last: MCTSResult | None = None

    def reset(self) -> None:
        """Start counting nodes afresh for a new game."""
        self.nodes = 0

    def act(self, observation: Any, legal_actions: Sequence[Any], rng: random.Random) -> Any:
        """Search and return the most visited action."""
        if len(legal_actions) == 1:
            return legal_actions[0]
        self.last = self.search(observation, rng)
        self.nodes += self.last.nodes
        return self.last.action

    def search(self, observation: Any, rng: random.Random) -> MCTSResult:
        """One search from ``observation``: sample one consistent state, then plain UCT."""
        from boardgames_widgets.agents.determinize import sample_state

        state = sample_state(self.game, observation, rng)
        return mcts(
            self.game,
            state,
            rng,
            iterations=self.iterations,
            seconds=self.seconds,
            c=self.c,
            rollout=self.rollout,
            evaluator=self.evaluator,
            min_iterations=self.min_iterations,
        )

    def __repr__(self) -> str:
        return f"{type(self).__name__}(iterations={self.iterations}, seconds={self.seconds})"
