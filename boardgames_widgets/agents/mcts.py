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
from boardgames_widgets.core.rng import FAST_INDEX, draw_outcome, index_drawer

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
    :class:`_Branch` nodes, each decision's children's statistics in arrays, and makes the
    same choices).

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


#: A chance node's odds as drawn (:func:`_chance_table`): the outcomes, the common denominator,
#: the bits a draw below it takes, the place drawn by each number below it (``None`` if it is
#: large), the cumulative weights and the place of the first outcome equal to each.
_Odds = tuple[list[Any], int, int, list[int] | None, list[int], list[int]]

#: A chance table maps every number a draw can give to its place when there are at most this many.
_SMALL_DRAW = 1024

#: What the search does at a node (:attr:`_Branch.kind`), in the order the loop asks: choose
#: among the children of a fully expanded decision (two of them, more, one: a forced move),
#: draw chance from the odds by a look-up, let the game draw it, expand a decision, prepare a new
#: leaf visited again, draw chance from the odds by bisection (a large denominator), or stop at
#: the end of the game.
_TWO, _MANY, _ONE, _ODDS, _DRAWN, _EXPAND, _NEW, _BISECT, _END = range(9)

#: A decision node's way up for the backup (:attr:`_Branch.link`): the link of the decision
#: node above it (``None`` at the root), its index among that node's children, its own
#: children's counts, totals and means, its groups, and its player. Numbers and lists only, no
#: node: the tree holds no reference cycle, so it is freed as soon as the search returns.
_Link = tuple["_Link | None", int, list[int], list[float], list[float], dict[tuple[int, float], list[int]], int]


class _Branch:
    """A node of :func:`mcts`'s tree: a state, what the search does there, and at a decision its
    children's statistics in arrays (index ``i`` is the ``i``-th child added), so that selection
    scores them without visiting a child object and the backup updates numbers in place.

    A new leaf holds only its state and its way up (most leaves are visited once: the rollout
    needs nothing else); the rest is made by :meth:`prepare` when the search comes back to it.

    Only decisions keep statistics. A chance node's visits are never needed (chance is drawn,
    not chosen), and a decision's own visits are one more than its children's (the iteration
    that added it, then one child per visit): the backup climbs from decision to decision, and
    ``up`` and ``slot`` of a node below a chance node are those of the chance node.

    Attributes:
        state: the full state here.
        up: the link of the nearest decision above (``None`` at the root).
        slot: the index among that decision's children of the child this node is (or is below).
        kind: what the search does here (:data:`_TWO` ... :data:`_END`; :data:`_NEW` until
            :meth:`prepare`).
        player: who acts here (a player index, ``CHANCE`` or ``TERMINAL``; set by :meth:`prepare`).
        untried: legal actions not expanded yet (decisions).
        actions: the action of each child (decisions: the root's answer reads them).
        kids: the children (decisions).
        counts: each child's visits (decisions).
        totals: each child's sum of this node's player's returns (decisions).
        means: ``totals[i] / counts[i]``, the first term of UCB1 (decisions).
        groups: a fully expanded decision's children by ``(visits, mean)`` (see
            :func:`_best_group`): made at its last expansion if it has many children, kept up
            to date by the backup; empty if the node scores child by child.
        link: a decision's way up, passed to each child (:data:`_Link`).
        drawn: a chance node's children by outcome (when the game draws chance its own way).
        odds: a chance node's odds (when chance is drawn as
            :func:`~boardgames_widgets.core.rng.draw_outcome` draws it, see :func:`_chance_table`),
            with ``common``, ``width`` and ``pick`` read from them, and ``placed``: its children
            by the outcome's place.
    """

    __slots__ = (
        "actions",
        "common",
        "counts",
        "drawn",
        "groups",
        "kids",
        "kind",
        "link",
        "means",
        "odds",
        "pick",
        "placed",
        "player",
        "slot",
        "state",
        "totals",
        "untried",
        "up",
        "width",
    )
    player: int
    untried: list[Any]
    actions: list[Any]
    kids: list[_Branch]
    counts: list[int]
    totals: list[float]
    means: list[float]
    groups: dict[tuple[int, float], list[int]]
    link: _Link
    drawn: dict[Any, _Branch]
    odds: _Odds
    common: int
    width: int
    pick: list[int]
    placed: list[_Branch | None]

    def __init__(self, state: Any, up: _Link | None, slot: int) -> None:
        self.state = state
        self.up = up
        self.slot = slot
        self.kind = _NEW

    def prepare(
        self, player: int, game: Game[Any, Any], tables: dict[tuple[int, ...], tuple[Any, _Odds]] | None
    ) -> None:
        """Make the node's lists when the search first needs them (at the root, or when a leaf
        is visited again): who acts here, and at a decision its legal actions (the expansion
        that follows pops from them), at a chance node its odds if chance is drawn from them
        (``tables``: the odds read so far, see :func:`_odds`). (Asking the game draws nothing:
        the random draws are those of the textbook tree.)"""
        self.player = player
        if player >= 0:
            self.kind, self.untried, self.actions, self.kids = _EXPAND, game.legal_actions(self.state), [], []
            self.counts, self.totals, self.means, self.groups = [], [], [], {}
            self.link = (self.up, self.slot, self.counts, self.totals, self.means, self.groups, player)
        elif player != CHANCE:
            self.kind = _END
        elif tables is None:
            self.kind, self.drawn = _DRAWN, {}
        else:
            odds = self.odds = _odds(game.chance_outcomes(self.state), tables)
            self.placed = [None] * len(odds[0])
            pick = odds[3]
            if pick is None:
                self.kind = _BISECT
            else:
                self.kind, self.common, self.width, self.pick = _ODDS, odds[1], odds[2], pick

    def expanded(self) -> None:
        """Its last untried action expanded: a decision now chooses among its children (many
        children are grouped by their statistics, see :func:`_best_group`)."""
        n = len(self.counts)
        self.kind = _ONE if n == 1 else _TWO if n == 2 else _MANY
        if n >= _MANY_CHILDREN:
            self.groups.update(_grouped(self.counts, self.means))


def _grouped(counts: list[int], means: list[float]) -> dict[tuple[int, float], list[int]]:
    """The children's indices by ``(visits, mean)``, each list in order (see :func:`_best_group`)."""
    groups: dict[tuple[int, float], list[int]] = {}
    for i, pair in enumerate(zip(counts, means, strict=True)):
        groups.setdefault(pair, []).append(i)
    return groups


def _chance_table(outcomes: Sequence[tuple[Any, Fraction]]) -> _Odds:
    """A chance node's odds as :func:`~boardgames_widgets.core.rng.draw_outcome` draws from them:
    the outcomes, the common denominator of their odds and the bits of a draw below it, their
    cumulative integer weights over that denominator (the draw ``r = randrange(common)`` picks
    the first outcome whose cumulative weight exceeds ``r``: ``bisect_right``), and the place of
    the first outcome equal to each (an outcome listed twice is one child). If the denominator
    is small (a die: 6) the place of every draw is listed too, so that a draw is one look-up."""
    common = math.lcm(*(p.denominator for _, p in outcomes))
    cumulative, total = [], 0
    for _, p in outcomes:
        total += p.numerator * (common // p.denominator)
        cumulative.append(total)
    listed = [o for o, _ in outcomes]
    first = [listed.index(o) for o in listed]
    pick = [first[bisect_right(cumulative, r)] for r in range(common)] if common <= _SMALL_DRAW else None
    return listed, common, common.bit_length(), pick, cumulative, first


def _odds(outcomes: list[tuple[Any, Fraction]], tables: dict[tuple[int, ...], tuple[Any, _Odds]]) -> _Odds:
    """:func:`_chance_table` of ``outcomes``, made once per search for the same pairs.

    Games hand out the same (outcome, probability) pairs again and again (a die's six faces),
    and reading Fractions costs far more than the draw: ``tables`` keeps each table by the
    identities of the pairs, with the pairs (so that no identity is reused while it is kept;
    a pair is a tuple, so the same pair always has the same outcome and odds)."""
    key = tuple(map(id, outcomes))
    kept = tables.get(key)
    if kept is None:
        kept = tables[key] = (outcomes, _chance_table(outcomes))
    return kept[1]


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
    keeps its decisions' children's statistics in arrays (:class:`_Branch`); the choices are
    those of the textbook tree of :class:`Node` and :func:`_ucb_child` — the same random
    draws, the same scores, the same visits (a test runs both on seeded positions of every
    game). A node with many children scores each kind of child once (:func:`_best_group`).
    At a chance node of a game that draws chance from its odds (no ``sample_chance`` of its
    own) the odds are read once per search and drawn from as ``draw_outcome`` draws. A new
    leaf is a state and its way up; who acts there is asked only if it is visited again.
    Selection keeps no path: the backup climbs from the leaf by the decisions' links
    (:data:`_Link`), past chance nodes, which keep no statistics.
    """
    player = game.current_player(state)
    if player < 0:
        raise ValueError("MCTS searches from a player's decision, not from a chance or terminal state")
    until = deadline("MCTS", iterations, seconds)
    current_player, apply_trusted, sample_chance = game.current_player, game.apply_trusted, game.sample_chance
    by_odds = getattr(sample_chance, "__func__", None) is Game.sample_chance  # no draw of its own
    tables: dict[tuple[int, ...], tuple[Any, _Odds]] | None = {} if by_odds else None
    below = index_drawer(rng)  # rng.randrange's draws
    # randrange's draw written out where it draws as the generator's getrandbits (index_drawer's test)
    getrandbits = rng.getrandbits if FAST_INDEX and type(rng) is random.Random else None
    log, sqrt, clock, terminal_returns = math.log, math.sqrt, time.perf_counter, game.returns
    root = _Branch(state, None, 0)
    root.prepare(player, game, tables)
    playout = game.random_playout if rollout is random_rollout and evaluator is None else None  # one call fewer
    timed, stop = until != math.inf, math.inf if iterations is None else iterations
    done, ended = 0, 0
    while done < stop and (not timed or done < min_iterations or clock() < until):
        # 1. selection and 2. expansion, down to a new leaf (or a terminal one); ``visits``: the
        # node's visits (-1 below a chance node: one more than its children's, counted if needed)
        node, visits = root, done
        while True:
            kind = node.kind
            if kind <= _ONE:  # a fully expanded decision: the child with the best UCB1 score
                counts = node.counts
                if kind == _TWO:  # _best_index written out for two children (roll or hold)
                    if visits < 0:
                        visits = counts[0] + counts[1] + 1
                    log_n, means = log(visits), node.means
                    i = 1 if means[1] + c * sqrt(log_n / counts[1]) > means[0] + c * sqrt(log_n / counts[0]) else 0
                elif kind == _MANY:
                    if visits < 0:
                        visits = sum(counts) + 1
                    log_n, groups = log(visits), node.groups
                    if not groups:
                        i = _best_index(node.means, counts, log_n, c)
                    elif len(groups) > len(counts) // 2:  # hardly fewer pairs than children: score child by child
                        groups.clear()
                        i = _best_index(node.means, counts, log_n, c)
                    else:
                        i = _best_group(groups, log_n, c)
                else:  # a forced move
                    i = 0
                visits = counts[i]
                node = node.kids[i]
            elif kind == _ODDS:  # draw_outcome's draw; the child by the outcome's place (no hashing)
                common = node.common
                if getrandbits is None:
                    r = below(common)
                else:
                    width = node.width
                    r = getrandbits(width)
                    while r >= common:
                        r = getrandbits(width)
                j = node.pick[r]
                kid = node.placed[j]
                if kid is None:
                    leaf = _Branch(apply_trusted(node.state, node.odds[0][j]), node.up, node.slot)
                    node.placed[j] = leaf
                    break
                node, visits = kid, -1
            elif kind == _DRAWN:  # the game's own draw: the child by the outcome
                action = sample_chance(node.state, rng)
                kid = node.drawn.get(action)
                if kid is None:
                    leaf = node.drawn[action] = _Branch(apply_trusted(node.state, action), node.up, node.slot)
                    break
                node, visits = kid, -1
            elif kind == _EXPAND:  # one untried action, picked at random, is a new leaf
                untried = node.untried
                action = untried.pop(below(len(untried)))
                counts, i = node.counts, len(node.counts)
                leaf = _Branch(apply_trusted(node.state, action), node.link, i)
                node.actions.append(action)
                node.kids.append(leaf)
                counts.append(0)
                node.totals.append(0.0)
                node.means.append(0.0)
                if not untried:
                    node.expanded()
                break
            elif kind == _NEW:  # a leaf visited again: who acts here, and its lists
                node.prepare(current_player(node.state), game, tables)
            elif kind == _BISECT:  # draw_outcome's draw from a large denominator: the place by bisection
                outcomes, common, _, _, cumulative, first = node.odds
                j = first[bisect_right(cumulative, below(common))]
                kid = node.placed[j]
                if kid is None:
                    leaf = _Branch(apply_trusted(node.state, outcomes[j]), node.up, node.slot)
                    node.placed[j] = leaf
                    break
                node, visits = kid, -1
            else:  # the end of the game: the leaf is an old node (every other iteration adds one)
                leaf = node
                ended += 1
                break
        # 3. simulation (as simulate(): exact at the end with an evaluator)
        returns: Sequence[float]
        if playout is not None:
            returns = playout(leaf.state, rng)
        elif evaluator is None:
            returns = rollout(game, leaf.state, rng)
        elif (leaf.player if leaf.kind != _NEW else current_player(leaf.state)) == TERMINAL:
            returns = terminal_returns(leaf.state)
        else:
            returns = evaluator(game, leaf.state)
        # 4. backpropagation: from the leaf up, each decision counts its child's visit and adds its player's return
        link, i = leaf.up, leaf.slot
        while link is not None:
            link, slot, counts, totals, means, groups, player = link
            visits = counts[i] = counts[i] + 1
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
            i = slot
        done += 1
    visits_of = dict(zip(root.actions, root.counts, strict=True))
    values = {a: t / v for a, t, v in zip(root.actions, root.totals, root.counts, strict=True)}
    best = max(visits_of, key=visits_of.__getitem__)  # the first most visited
    return MCTSResult(best, done, 1 + done - ended, visits_of, values)


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
