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
import time
from bisect import bisect_right, insort
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from boardgames_widgets.agents.tree import deadline
from boardgames_widgets.core.api import CHANCE, TERMINAL, Game
from boardgames_widgets.core.rng import draw_outcome, index_drawer

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
    """A node of the textbook search tree: a state reached by a sequence of actions (the
    lesson's picture of MCTS and :func:`_ucb_child`; :func:`mcts` itself keeps its tree in
    :class:`_Branch` nodes, with the same statistics in arrays).

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


def _ucb_child(node: Node, c: float) -> Node:
    """The child with the highest UCB1 score (ties: the first).

    The textbook selection over :class:`Node` (the lesson shows it); :func:`mcts` computes
    the same scores from its arrays (:func:`_best_index`), and a test keeps both equal."""
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


def _best_index(means: list[float], counts: list[int], log_n: float, c: float) -> int:
    """The index of the highest UCB1 score ``means[i] + c * sqrt(log_n / counts[i])`` (ties:
    the first) — :func:`_ucb_child`'s scores, the same floating-point operations in the same
    order (``means[i]`` is ``total / visits``, kept up to date by the backup), so the same child."""
    sqrt = math.sqrt
    best, best_score = 0, means[0] + c * sqrt(log_n / counts[0])
    for i in range(1, len(counts)):
        score = means[i] + c * sqrt(log_n / counts[i])
        if score > best_score:  # strictly: the first of equal scores stays
            best, best_score = i, score
    return best


#: A decision node with at least this many children scores them by kind (:func:`_best_group`).
_MANY_CHILDREN = 12


def _best_group(groups: dict[tuple[int, float], list[int]], log_n: float, c: float) -> int:
    """:func:`_best_index` over a node's children grouped by their statistics: ``groups`` maps
    each ``(visits, mean)`` pair to the indices of the children that have it, in order.

    A child's UCB1 score depends on its pair only, so the score is computed once per pair
    (Food Chain's ~99 children after a few hundred iterations have a dozen pairs: visited 1,
    2 or 3 times, each a few means), and of the pairs with the highest score the one with
    the lowest index wins — the first child of equal scores, as child by child."""
    sqrt = math.sqrt
    best, best_score = -1, -math.inf
    for (visits, mean), members in groups.items():
        score = mean + c * sqrt(log_n / visits)
        if score > best_score or (score == best_score and members[0] < best):
            best, best_score = members[0], score
    return best


#: A chance node's odds, read once (:func:`_chance_table`).
_Odds = tuple[list[Any], list[int], int, list[int], list[int]]

#: :attr:`_Branch.player` of a new leaf: not asked yet (neither a player, ``CHANCE`` nor ``TERMINAL``).
_NOT_ASKED = -99


class _Branch:
    """A node of :func:`mcts`'s tree: a state, who acts there, and its children's statistics
    in arrays (index ``i`` is the ``i``-th child added), so that selection scores them without
    visiting a child object and the backup updates numbers in place.

    The children's lists are made at the node's first expansion (most leaves are visited
    once: they never need them); a chance node's odds are read once, at its first visit.

    Attributes:
        state: the full state here.
        player: who acts here (a player index, ``CHANCE`` or ``TERMINAL``; :data:`_NOT_ASKED`
            at a new leaf until it is visited again: the rollout does not need it).
        untried: legal actions not expanded yet (``None`` until the first expansion).
        actions: the action (chance outcome) of each child.
        kids: the children.
        counts: each child's visits.
        totals: each child's sum of this node's player's returns (decision nodes).
        means: ``totals[i] / counts[i]``, the first term of UCB1.
        index: a chance node's child index by outcome (when the game draws chance its own way).
        odds: a chance node's odds and children by the outcome's place (when chance is drawn
            as :func:`~boardgames_widgets.core.rng.draw_outcome` draws it, see :func:`_chance_table`).
        groups: a fully expanded decision node's children by ``(visits, mean)`` (see
            :func:`_best_group`): made at its first selection if it has many children,
            kept up to date by the backup; empty if the node scores child by child.
    """

    __slots__ = (
        "actions",
        "counts",
        "groups",
        "index",
        "kids",
        "means",
        "odds",
        "player",
        "state",
        "totals",
        "untried",
    )
    actions: list[Any]
    counts: list[int]
    totals: list[float]
    means: list[float]
    index: dict[Any, int]

    def __init__(self, state: Any, player: int) -> None:
        self.state = state
        self.player = player
        self.untried: list[Any] | None = None
        self.kids: list[_Branch] | None = None  # the lists: made by grow()
        self.odds: _Odds | None = None
        self.groups: dict[tuple[int, float], list[int]] | None = None

    def grow(self) -> None:
        """Make the children's lists (at the first expansion)."""
        self.kids, self.actions, self.counts, self.totals, self.means, self.index = [], [], [], [], [], {}


def _grouped(counts: list[int], means: list[float]) -> dict[tuple[int, float], list[int]]:
    """The children's indices by ``(visits, mean)``, each list in order (see :func:`_best_group`)."""
    groups: dict[tuple[int, float], list[int]] = {}
    for i, pair in enumerate(zip(counts, means, strict=True)):
        groups.setdefault(pair, []).append(i)
    return groups


def _chance_table(outcomes: Sequence[tuple[Any, Fraction]]) -> _Odds:
    """A chance node's odds as :func:`~boardgames_widgets.core.rng.draw_outcome` draws from them:
    the outcomes, their cumulative integer weights over the common denominator (the draw
    ``r = randrange(common)`` picks the first outcome whose cumulative weight exceeds ``r``:
    ``bisect_right``), that denominator, the place of the first outcome equal to each (an
    outcome listed twice is one child), and each place's child index (``-1``: none yet)."""
    common = math.lcm(*(p.denominator for _, p in outcomes))
    cumulative, total = [], 0
    for _, p in outcomes:
        total += p.numerator * (common // p.denominator)
        cumulative.append(total)
    listed = [o for o, _ in outcomes]
    return listed, cumulative, common, [listed.index(o) for o in listed], [-1] * len(listed)


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

    The four steps of an iteration are written out in one loop (the tree's own work is
    what is left of an iteration besides the rollout: every call saved counts). The tree
    keeps its children's statistics in arrays (:class:`_Branch`); the choices are those of
    the textbook tree of :class:`Node` and :func:`_ucb_child` — the same random draws, the
    same scores, the same visits (a test runs both on seeded positions of every game).
    A node with many children scores each kind of child once (:func:`_best_group`). At a
    chance node of a game that draws chance from its odds (no ``sample_chance`` of its own)
    the odds are read once per node and drawn from as ``draw_outcome`` draws. A new leaf's
    player is asked only if the leaf is visited again.
    """
    if game.current_player(state) < 0:
        raise ValueError("MCTS searches from a player's decision, not from a chance or terminal state")
    until = deadline("MCTS", iterations, seconds)
    current_player, apply_trusted, legal_actions = game.current_player, game.apply_trusted, game.legal_actions
    sample_chance, chance_outcomes = game.sample_chance, game.chance_outcomes
    by_odds = getattr(sample_chance, "__func__", None) is Game.sample_chance  # no draw of its own
    below = index_drawer(rng)  # rng.randrange's draws
    log, sqrt, clock, terminal_returns = math.log, math.sqrt, time.perf_counter, game.returns
    root = _Branch(state, current_player(state))
    playout = game.random_playout if rollout is random_rollout and evaluator is None else None  # one call fewer
    timed = until != math.inf
    done, nodes = 0, 1
    while (iterations is None or done < iterations) and (done < min_iterations or not timed or clock() < until):
        # 1. selection and 2. expansion: the path as (node, index of the child taken)
        node, visits = root, done
        path: list[_Branch] = []
        taken: list[int] = []
        while True:
            player = node.player
            if player >= 0:
                untried = node.untried
                if untried is None:  # the first expansion: list the legal actions now
                    untried = node.untried = legal_actions(node.state)
                    node.grow()
                if untried:  # not fully expanded: one untried action, picked at random, is a new leaf
                    action = untried.pop(below(len(untried)))
                else:
                    counts, groups = node.counts, node.groups
                    if groups is None:  # the first selection here: group many children by their statistics
                        groups = node.groups = _grouped(counts, node.means) if len(counts) >= _MANY_CHILDREN else {}
                    if groups:
                        if len(groups) > len(counts) // 2:  # hardly fewer pairs than children: score child by child
                            groups = node.groups = {}
                            i = _best_index(node.means, counts, log(visits), c)
                        else:
                            i = _best_group(groups, log(visits), c)
                    elif len(counts) == 2:  # _best_index written out for two children (roll or hold)
                        explore, means = c * sqrt(log(visits) / counts[0]), node.means
                        i = 1 if means[1] + c * sqrt(log(visits) / counts[1]) > means[0] + explore else 0
                    else:
                        i = _best_index(node.means, counts, log(visits), c) if len(counts) > 1 else 0
                    path.append(node)
                    taken.append(i)
                    visits = counts[i]
                    node = node.kids[i]  # type: ignore[index]
                    continue
            elif player == CHANCE:
                if node.kids is None:
                    node.grow()
                    if by_odds:
                        node.odds = _chance_table(chance_outcomes(node.state))
                odds = node.odds
                if odds is None:
                    action = sample_chance(node.state, rng)
                    i = node.index.get(action, -1)
                    if i < 0:
                        node.index[action] = len(node.counts)
                else:  # draw_outcome's draw; the child by the outcome's place in the list (no hashing)
                    outcomes, cumulative, common, first, child = odds
                    j = first[bisect_right(cumulative, below(common))]
                    action, i = outcomes[j], child[j]
                    if i < 0:
                        child[j] = len(node.counts)
                if i >= 0:
                    path.append(node)
                    taken.append(i)
                    visits = node.counts[i]
                    node = node.kids[i]  # type: ignore[index]
                    continue
            elif player == _NOT_ASKED:  # a leaf visited again: who acts here?
                node.player = current_player(node.state)
                continue
            else:  # the end of the game: the leaf is an old node
                leaf = node
                break
            # a new leaf: the child by ``action``
            new = apply_trusted(node.state, action)
            leaf = _Branch(new, _NOT_ASKED)  # who acts there: asked if it is visited again (most leaves are not)
            path.append(node)
            taken.append(len(node.counts))
            node.actions.append(action)
            node.kids.append(leaf)  # type: ignore[union-attr]
            node.counts.append(0)
            node.totals.append(0.0)
            node.means.append(0.0)
            nodes += 1
            break
        # 3. simulation (as simulate(): exact at the end with an evaluator)
        returns: Sequence[float]
        if playout is not None:
            returns = playout(leaf.state, rng)
        elif evaluator is None:
            returns = rollout(game, leaf.state, rng)
        elif (leaf.player if leaf.player != _NOT_ASKED else current_player(leaf.state)) == TERMINAL:
            returns = terminal_returns(leaf.state)
        else:
            returns = evaluator(game, leaf.state)
        # 4. backpropagation: each child on the path counts the visit; the mover's return is added
        for node, i in zip(path, taken, strict=True):
            counts = node.counts
            visits = counts[i] = counts[i] + 1
            player = node.player
            if player >= 0:
                totals, means, groups = node.totals, node.means, node.groups
                total = totals[i] = totals[i] + returns[player]
                if groups:  # the child moves from its old pair to its new one
                    key = (visits - 1, means[i])
                    members = groups[key]
                    if len(members) == 1:
                        del groups[key]
                    else:
                        members.remove(i)
                    mean = means[i] = total / visits
                    members = groups.setdefault((visits, mean), [])
                    insort(members, i)
                else:
                    means[i] = total / visits
        done += 1
    visits_of = dict(zip(root.actions, root.counts, strict=True))
    values = {a: t / v for a, t, v in zip(root.actions, root.totals, root.counts, strict=True)}
    best = max(visits_of, key=visits_of.__getitem__)  # the first most visited
    return MCTSResult(best, done, nodes, visits_of, values)


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
