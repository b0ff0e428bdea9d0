"""Information-set MCTS: search what you know, not what you wish you knew.

Single-observer ISMCTS (Cowling, Powley and Whitehouse, 2012). Every iteration
starts from a fresh *determinization*: a full state sampled consistently with the
searching player's observation (``sample_state``). The tree is shared by all
determinizations; its nodes are sequences of players' actions (chance outcomes
are sampled and do not branch the tree), so its statistics average over the
worlds the player cannot tell apart instead of trusting any single one.

An action may be legal in one determinization and not in another, so each child
counts how often it was *available*; UCB1 uses that count in place of the
parent's visits ("subset-armed bandit").
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from typing import Any

from boardgames_widgets.agents.determinize import sample_state
from boardgames_widgets.agents.mcts import (
    UCT_C,
    LeafEvaluator,
    MCTSAgent,
    MCTSResult,
    Rollout,
    random_rollout,
    simulate,
)
from boardgames_widgets.agents.tree import deadline, root_statistics, run, ucb1
from boardgames_widgets.core.api import CHANCE, TERMINAL, Game


@dataclass(eq=False, slots=True)
class ISNode:
    """A node of the information-set tree.

    Attributes:
        mover: the player who chose the action leading here (``CHANCE`` at the root).
        children: expanded children by action.
        visits: iterations through this node.
        available: iterations in which this node's action was legal at its parent.
        total: the sum of ``mover``'s returns.

    (``mover``, ``children``, ``visits`` and ``total`` are the statistics every tree search
    keeps: :class:`~boardgames_widgets.agents.tree.Stats`.)
    """

    mover: int
    children: dict[Any, ISNode] = field(default_factory=dict)
    visits: int = 0
    available: int = 0
    total: float = 0.0

    def ucb(self, c: float) -> float:
        """UCB1 with the availability count in place of the parent's visits."""
        return ucb1(self.total, self.visits, math.log(self.available), c)


def _iteration(
    game: Game[Any, Any],
    root: ISNode,
    state: Any,
    rng: random.Random,
    c: float,
    rollout: Rollout,
    evaluator: LeafEvaluator | None = None,
) -> bool:
    """One iteration on one determinization; whether it added a node."""
    node, path = root, [root]
    added = False
    log, sqrt = math.log, math.sqrt
    while True:
        player = game.current_player(state)
        if player == TERMINAL:
            break
        if player == CHANCE:  # chance is sampled, the tree does not branch on it
            state = game.apply_trusted(state, game.sample_chance(state, rng))
            continue
        legal = game.legal_actions(state)
        children = node.children
        untried = []
        kids = []
        for a in legal:  # one pass: count availability, collect the untried actions
            child = children.get(a)
            if child is None:
                untried.append(a)
            else:
                child.available += 1
                kids.append(child)
        if untried:  # expansion: one new child, then roll out
            action = untried[rng.randrange(len(untried))]
            child = children[action] = ISNode(player, available=1)
            path.append(child)
            state = game.apply_trusted(state, action)
            added = True
            break
        # selection: ISNode.ucb written out (no call per child, the tree's hottest loop);
        # strictly greater keeps the first of equal scores, as max() over ``legal`` did
        best_score = -math.inf
        for a, child in zip(legal, kids, strict=True):  # every action is a child here: the lists align
            visits = child.visits
            score = child.total / visits + c * sqrt(log(child.available) / visits)
            if score > best_score:
                action, best_score, node = a, score, child
        path.append(node)
        state = game.apply_trusted(state, action)
    returns = simulate(game, state, rng, rollout, evaluator)
    for n in path:
        n.visits += 1
        if n.mover >= 0:
            n.total += returns[n.mover]
    return added


def ismcts(
    game: Game[Any, Any],
    observation: Any,
    rng: random.Random,
    *,
    iterations: int | None = 1000,
    seconds: float | None = None,
    c: float = UCT_C,
    rollout: Rollout = random_rollout,
    evaluator: LeafEvaluator | None = None,
    min_iterations: int = 1,
) -> MCTSResult:
    """Search from ``observation`` with single-observer ISMCTS.

    Args:
        game: the game.
        observation: what the player to move sees (never the hidden state).
        rng: the only source of randomness (determinizations, chance, rollouts).
        iterations: stop after this many iterations (``None``: no limit).
        seconds: stop after this much time (``None``: no limit).
        c: the exploration constant of UCB1.
        rollout: plays a new leaf out and returns every player's return.
        evaluator: if given, estimates a new leaf's returns instead of a rollout.
        min_iterations: run at least this many iterations even past ``seconds``.

    Raises:
        ValueError: no budget is given.
        TypeError: states cannot be sampled from this game's observations.
    """
    until = deadline("ISMCTS", iterations, seconds)
    root = ISNode(CHANCE)

    def iteration() -> int:
        return _iteration(game, root, sample_state(game, observation, rng), rng, c, rollout, evaluator)

    done, nodes = run(iteration, iterations, until, min_iterations)
    best, visits, values = root_statistics(root)
    return MCTSResult(best, done, nodes, visits, values)


class ISMCTSAgent(MCTSAgent):
    """Plays the action ISMCTS likes best; for games with hidden information.

    Args:
        game: the game played (it, or this package, must be able to sample states
            from observations: see :mod:`~boardgames_widgets.agents.determinize`).
        iterations: iterations per move (``None`` with ``seconds``: time only).
        seconds: time per move (``None``: iterations only, which is reproducible).
        c: the UCB1 exploration constant.
        rollout: plays leaves out (default: uniformly random).
        evaluator: estimates leaves instead of rollouts (default: none, roll out).
        name: the name shown in records and tables.

    Attributes:
        nodes: tree nodes added in the current game (cleared by :meth:`reset`).
        last: the result of the latest search.
    """

    label = "ismcts"

    def search(self, observation: Any, rng: random.Random) -> MCTSResult:
        """One information-set search from ``observation`` (a fresh determinization per iteration)."""
        return ismcts(
            self.game,
            observation,
            rng,
            iterations=self.iterations,
            seconds=self.seconds,
            c=self.c,
            rollout=self.rollout,
            evaluator=self.evaluator,
            min_iterations=self.min_iterations,
        )
