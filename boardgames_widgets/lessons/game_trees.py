"""Game trees (search lessons 2 and 3).

:class:`GameTree`, a two-player game seen as a tree of MAX and MIN nodes (single-outcome
chance nodes, such as draws from Food Chain's open deck, are followed silently) that counts
the nodes a search expands and evaluates; reference searches on it (:func:`minimax_value`,
:func:`alphabeta_value`, :func:`tt_minimax_value`), the tree as a picture
(:func:`build_tree`, :func:`draw_tree`), the work a search does (:func:`measure`) and Food
Chain endgames (:func:`food_chain_endgame`). The chance-node searches of lesson 3 are in
:mod:`~boardgames_widgets.lessons.cat_search`; the lessons reach both through
:mod:`~boardgames_widgets.lessons.search_tools`.

Values are from the point of view of player 0 (MAX): Food Chain's value is player 0's points
minus player 1's (FC-E3).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from boardgames_widgets.core.api import CHANCE, TERMINAL, Game
from boardgames_widgets.games.chop_chop.rules import ChopChopState
from boardgames_widgets.games.food_chain.rules import CARDS_PER_PLAYER, FoodChain, FoodChainState, score

# ======================================================================================
# Lessons 2 and 3: game trees
# ======================================================================================

MAX, MIN, CHANCE_NODE, END = "max", "min", "chance", "end"


@dataclass
class GameTree:
    """A two-player game seen as a search tree, from player 0's point of view.

    Player 0 is MAX, player 1 is MIN. Chance nodes with a single outcome (a draw
    from Food Chain's open deck) are followed by :meth:`play` without showing up;
    chance nodes with several outcomes are ``"chance"`` nodes (:meth:`outcomes`).
    The tree counts the work a search does: :attr:`expanded` (calls of
    :meth:`moves`, i.e. nodes whose children were generated) and :attr:`evaluated`
    (calls of :meth:`value`).

    Args:
        game: the game.
        evaluate: value of a state for player 0 (exact at the end of the game, an
            estimate before it).
        group_moves: optional function giving each legal action a key; actions with
            the same key are one move (the first is kept). Used for Chop Chop on a
            bare floor, where the way into a square does not matter.
    """

    game: Game[Any, Any]
    evaluate: Callable[[Any], float]
    group_moves: Callable[[Any], Hashable] | None = None
    expanded: int = 0
    evaluated: int = 0

    def reset(self) -> None:
        """Set the counters to zero."""
        self.expanded = 0
        self.evaluated = 0

    def settle(self, state: Any) -> Any:
        """Follow chance nodes that have a single outcome."""
        game = self.game
        while game.current_player(state) == CHANCE:
            outcomes = game.chance_outcomes(state)
            if len(outcomes) != 1:
                break
            state = game.apply(state, outcomes[0][0])
        return state

    def to_move(self, state: Any) -> str:
        """``"max"`` (player 0), ``"min"`` (player 1), ``"chance"`` or ``"end"``."""
        p = self.game.current_player(self.settle(state))
        if p == TERMINAL:
            return END
        if p == CHANCE:
            return CHANCE_NODE
        return MAX if p == 0 else MIN

    def is_over(self, state: Any) -> bool:
        """Whether the game has ended."""
        return self.to_move(state) == END

    def moves(self, state: Any) -> list[Any]:
        """The legal moves of the player to move (counts one expansion)."""
        state = self.settle(state)
        self.expanded += 1
        actions = self.game.legal_actions(state)
        if self.group_moves is None:
            return actions
        out: dict[Hashable, Any] = {}
        for a in actions:
            out.setdefault(self.group_moves(a), a)
        return list(out.values())

    def outcomes(self, state: Any) -> list[tuple[Any, Fraction]]:
        """The outcomes of a chance node with their probabilities (counts one expansion)."""
        state = self.settle(state)
        self.expanded += 1
        return self.game.chance_outcomes(state)

    def play(self, state: Any, move: Any) -> Any:
        """The state after ``move`` (or chance outcome), single-outcome draws followed."""
        return self.settle(self.game.apply(self.settle(state), move))

    def value(self, state: Any) -> float:
        """The (estimated) value of ``state`` for player 0 (counts one evaluation)."""
        self.evaluated += 1
        return self.evaluate(self.settle(state))

    def key(self, state: Any) -> Hashable:
        """A key equal for states that are the same position (for transposition tables)."""
        state = self.settle(state)
        if isinstance(state, FoodChainState):
            return (frozenset(state.table), state.hands, state.pile_order, state.to_draw, state.turn, state.placed)
        if isinstance(state, ChopChopState):
            return (state.phase, state.mice_turn, state.cat, state.mice, state.tiles, state.roll, state.winner)
        key: Hashable = state
        return key


# -- reference searches ---------------------------------------------------------------------
def minimax_value(tree: GameTree, state: Any, depth: int) -> float:
    """Plain minimax, ``depth`` moves deep (the lesson's reference solution)."""
    if depth == 0 or tree.is_over(state):
        return tree.value(state)
    children = [minimax_value(tree, tree.play(state, m), depth - 1) for m in tree.moves(state)]
    return max(children) if tree.to_move(state) == MAX else min(children)


def alphabeta_value(
    tree: GameTree,
    state: Any,
    depth: int,
    alpha: float = -math.inf,
    beta: float = math.inf,
    order: Callable[[GameTree, Any, list[Any]], list[Any]] | None = None,
) -> float:
    """Minimax with alpha-beta pruning; ``order`` may sort the moves first (best first)."""
    if depth == 0 or tree.is_over(state):
        return tree.value(state)
    moves = tree.moves(state)
    if order is not None:
        moves = order(tree, state, moves)
    if tree.to_move(state) == MAX:
        best = -math.inf
        for m in moves:
            best = max(best, alphabeta_value(tree, tree.play(state, m), depth - 1, alpha, beta, order))
            alpha = max(alpha, best)
            if alpha >= beta:
                break  # MIN will never let play come here
        return best
    best = math.inf
    for m in moves:
        best = min(best, alphabeta_value(tree, tree.play(state, m), depth - 1, alpha, beta, order))
        beta = min(beta, best)
        if alpha >= beta:
            break  # MAX already has something better elsewhere
    return best


def tt_minimax_value(tree: GameTree, state: Any, depth: int, table: dict[Hashable, float] | None = None) -> float:
    """Minimax that remembers every position it has valued (a transposition table)."""
    table = {} if table is None else table
    key = (tree.key(state), depth)
    if key in table:
        return table[key]
    if depth == 0 or tree.is_over(state):
        v = tree.value(state)
    else:
        children = [tt_minimax_value(tree, tree.play(state, m), depth - 1, table) for m in tree.moves(state)]
        v = max(children) if tree.to_move(state) == MAX else min(children)
    table[key] = v
    return v


def best_first(tree: GameTree, state: Any, moves: list[Any]) -> list[Any]:
    """Move ordering: the moves sorted by the value of the position right after them,
    best for the player to move first (one cheap look, no search)."""
    sign = 1 if tree.to_move(state) == MAX else -1
    saved = (tree.expanded, tree.evaluated)
    scored = sorted(moves, key=lambda m: -sign * tree.evaluate(tree.play(state, m)))
    tree.expanded, tree.evaluated = saved  # the look does not count as search work
    return scored


def count_nodes(tree: GameTree, state: Any, depth: int) -> int:
    """Every node of the tree down to ``depth`` (root included)."""
    if depth == 0 or tree.is_over(state):
        return 1
    if tree.to_move(state) == CHANCE_NODE:
        return 1 + sum(count_nodes(tree, tree.play(state, o), depth) for o, _ in tree.game.chance_outcomes(state))
    return 1 + sum(count_nodes(tree, tree.play(state, m), depth - 1) for m in tree.game.legal_actions(state))


def count_positions(tree: GameTree, state: Any, depth: int) -> int:
    """The number of different positions in the tree down to ``depth`` (what a transposition table stores)."""
    seen: set[tuple[Hashable, int]] = set()

    def walk(s: Any, d: int) -> None:
        k = (tree.key(s), d)
        if k in seen:
            return
        seen.add(k)
        if d > 0 and not tree.is_over(s):
            for m in tree.game.legal_actions(tree.settle(s)):
                walk(tree.play(s, m), d - 1)

    walk(state, depth)
    return len({k for k, _ in seen})


@dataclass
class TreeNode:
    """One node of a drawn game tree.

    Attributes:
        kind: ``"max"``, ``"min"``, ``"chance"`` or ``"end"`` (a leaf: end or depth limit).
        move: the move (text) that leads here from the parent ("" at the root).
        value: the minimax value.
        depth: the level (0 at the root).
        children: the child nodes.
        visited: whether alpha-beta looked at this node (False: pruned).
        x: horizontal position in the picture.
    """

    kind: str
    move: str
    value: float
    depth: int
    children: list[TreeNode] = field(default_factory=list)
    visited: bool = False
    x: float = 0.0


def build_tree(tree: GameTree, state: Any, depth: int) -> TreeNode:
    """The whole minimax tree down to ``depth``, with the nodes alpha-beta visits marked."""

    def build(s: Any, d: int, level: int, move: str) -> TreeNode:
        kind = tree.to_move(s)
        if d == 0 or kind == END:
            return TreeNode(END, move, tree.evaluate(tree.settle(s)), level)
        kids = [build(tree.play(s, m), d - 1, level + 1, str(m)) for m in tree.game.legal_actions(tree.settle(s))]
        value = max(k.value for k in kids) if kind == MAX else min(k.value for k in kids)
        return TreeNode(kind, move, value, level, kids)

    def visit(node: TreeNode, alpha: float, beta: float) -> float:
        node.visited = True
        if not node.children:
            return node.value
        best = -math.inf if node.kind == MAX else math.inf
        for child in node.children:
            v = visit(child, alpha, beta)
            if node.kind == MAX:
                best = max(best, v)
                alpha = max(alpha, best)
            else:
                best = min(best, v)
                beta = min(beta, best)
            if alpha >= beta:
                break
        return best

    root = build(state, depth, 0, "")
    visit(root, -math.inf, math.inf)
    return root


def draw_tree(ax: Any, root: TreeNode, *, show_pruning: bool = True, label_moves: bool = True) -> None:
    """Draw a :func:`build_tree` tree on a matplotlib axis: MAX nodes as upward triangles,
    MIN nodes downward, leaves as squares, each with its minimax value; nodes alpha-beta
    pruned in light grey with dashed edges (if ``show_pruning``)."""
    leaves: list[TreeNode] = []

    def place(node: TreeNode) -> None:
        if not node.children:
            node.x = float(len(leaves))
            leaves.append(node)
            return
        for child in node.children:
            place(child)
        node.x = sum(c.x for c in node.children) / len(node.children)

    place(root)
    markers = {MAX: "^", MIN: "v", END: "s", CHANCE_NODE: "o"}

    def draw(node: TreeNode) -> None:
        faded = show_pruning and not node.visited
        for child in node.children:
            pruned = show_pruning and not child.visited
            ax.plot(
                [node.x, child.x],
                [-node.depth, -child.depth],
                color="#cccccc" if pruned else "#555555",
                linestyle="--" if pruned else "-",
                zorder=1,
            )
            if label_moves and node.depth == 0:
                ax.text(
                    child.x,
                    -child.depth + 0.3,
                    child.move,
                    fontsize=7,
                    color="#999999" if pruned else "#333333",
                    ha="center",
                    va="center",
                    rotation=0,
                    bbox={"facecolor": "white", "edgecolor": "none", "pad": 1},
                )
            draw(child)
        colour = "#dddddd" if faded else {MAX: "#1f77b4", MIN: "#d62728"}.get(node.kind, "#2ca02c")
        ax.scatter([node.x], [-node.depth], s=650, marker=markers[node.kind], color=colour, zorder=2)
        ax.text(
            node.x,
            -node.depth,
            f"{node.value:+.0f}",
            fontsize=8,
            color="#999999" if faded else "white",
            ha="center",
            va="center",
            zorder=3,
            fontweight="bold",
        )

    draw(root)
    ax.set_xlim(-0.7, len(leaves) - 0.3)
    ax.set_ylim(-(max(n.depth for n in leaves) + 0.5), 0.5)
    ax.axis("off")


@dataclass(frozen=True)
class Work:
    """The result of one search with its work counted."""

    value: float
    expanded: int
    evaluated: int


def measure(search: Callable[..., float], tree: GameTree, state: Any, depth: int, **kwargs: Any) -> Work:
    """Run ``search(tree, state, depth, **kwargs)`` on fresh counters; the value and the work."""
    tree.reset()
    v = search(tree, state, depth, **kwargs)
    return Work(v, tree.expanded, tree.evaluated)


# -- Food Chain endgames ----------------------------------------------------------------------
#: The open deck's seed and the seed of the game played to reach the lesson's endgames.
FOOD_CHAIN_SEED = 0


def food_chain_margin(state: FoodChainState) -> float:
    """Player 0's points minus player 1's if the game ended now (FC-E2, FC-E3)."""
    points = score(state).points
    return float(points[0] - points[1])


def food_chain_tree(game: FoodChain) -> GameTree:
    """The Food Chain tree whose value is player 0's point margin."""
    return GameTree(game, food_chain_margin)


def food_chain_endgame(left: int, seed: int = FOOD_CHAIN_SEED) -> tuple[FoodChain, FoodChainState]:
    """A 2-player open-deck Food Chain game played by greedy players until ``left`` cards remain to place.

    The deck is shuffled with ``seed`` and known to both players, so every draw has
    one outcome and the rest of the game is a perfect-information tree.

    Raises:
        ValueError: ``left`` is not between 1 and 24.
    """
    from boardgames_widgets.agents.greedy import GreedyAgent

    total = 2 * CARDS_PER_PLAYER
    if not 1 <= left <= total:
        raise ValueError(f"left must be between 1 and {total}, not {left}")
    game = FoodChain(2, open_deck_seed=seed)
    state = game.new_initial_state()
    rng = random.Random(seed)
    agent = GreedyAgent(game)
    while True:
        p = game.current_player(state)
        if p == CHANCE:
            state = game.apply(state, game.chance_outcomes(state)[0][0])
            continue
        if total - sum(state.placed) <= left:
            return game, state
        state = game.apply(state, agent.act(game.observation(state, p), game.legal_actions(state), rng))
