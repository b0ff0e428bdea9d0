"""Helpers for the search lessons (``notebooks/lessons/search/``).

Three parts, one per lesson:

* **Paths** (lesson 1) — the depth-first search of
  :func:`~boardgames_widgets.analysis.chop_chop.enumerate_paths` (the rules' own search)
  recorded frame by frame (:func:`dfs_frames`), breadth-first distances (:func:`bfs_distances`,
  :func:`bfs_frames`), the step rule of a piece as a plain function
  (:func:`step_rule`), pictures of the kitchen with squares lit up
  (:func:`board_svg`) and a stepper widget over recorded frames (:func:`stepper`).
* **Game trees** (lesson 2) — :class:`GameTree`, a two-player game seen as a tree
  of MAX and MIN nodes (single-outcome chance nodes, such as draws from Food
  Chain's open deck, are followed silently) that counts the nodes a search
  expands and evaluates; reference searches on it (:func:`minimax_value`,
  :func:`alphabeta_value`, :func:`tt_minimax_value`) and Food Chain endgames
  (:func:`food_chain_endgame`).
* **Chance nodes** (lesson 3) — the same tree with chance nodes left in, for the
  Chop Chop cat: :func:`expectimax_value` (with ``chance="average"`` for
  expectimax, ``"worst"`` for minimax that treats the dice as an opponent),
  endgames with one mouse carrying the last cheese home (:func:`cat_endgame`),
  an evaluation function (:func:`cat_evaluation`), a cat agent
  (:class:`SearchCat`) and a small duplicate tournament (:func:`cat_duel`).

Values are from the point of view of player 0 (MAX): Food Chain's value is
player 0's points minus player 1's (FC-E3), Chop Chop's the cat's chance to win.
"""

from __future__ import annotations

import html
import math
import random
from collections import deque
from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from boardgames_widgets.analysis.chop_chop import _piece, reachable
from boardgames_widgets.core.api import CHANCE, TERMINAL, Game
from boardgames_widgets.core.rng import derive_seed
from boardgames_widgets.core.session import Session
from boardgames_widgets.games.chop_chop.layout import Coord
from boardgames_widgets.games.chop_chop.paths import search_paths
from boardgames_widgets.games.chop_chop.rules import CAT, ChopChop, ChopChopState, Move
from boardgames_widgets.games.food_chain.rules import CARDS_PER_PLAYER, FoodChain, FoodChainState, score
from boardgames_widgets.lessons import text as tx

# ======================================================================================
# Lesson 1: paths
# ======================================================================================

#: Colours of the lit squares in the board pictures.
LIT_VISITED = "#f6c945"
LIT_FOUND = "#3aa05a"
LIT_PATH = "#d2452f"
LIT_BLOCKED = "#555555"


@dataclass(frozen=True)
class Frame:
    """One step of a recorded search, for the stepper.

    Attributes:
        path: the squares of the path being extended (DFS) or the frontier (BFS).
        visited: every square the search has stood on so far (lit yellow).
        found: landing squares found so far with their number of paths (DFS) or
            their distance (BFS) (lit green, with the number written on them).
        event: what happened: ``"start"``, ``"step"``, ``"found"``, ``"back"``, ``"done"``.
        text: the frame in words.
    """

    path: tuple[Coord, ...]
    visited: frozenset[Coord]
    found: tuple[tuple[Coord, int], ...]
    event: str
    text: str


def step_rule(state: ChopChopState, piece: Any, *, game: ChopChop | None = None) -> Callable[[Coord], list[Coord]]:
    """The squares ``piece`` may step onto from a square, as a function ``neighbours(square)``.

    The rules of one step (CC-M1 orthogonal, CC-M3 no passing through pieces or
    uncovered cheese, CC-M5/CC-M6 the table's layers, CC-M8 holes). A square the
    piece may stop on but not pass through (a mouse, for the cat; a hole, for a
    mouse) is included only where it would end the move, so the function is exact
    for positions where no such square can be reached before the last step — the
    lesson's exercises use such positions.

    Raises:
        ValueError: an unknown piece.
    """
    game = game or ChopChop()
    lay = game.layout
    who = _piece(piece)
    may_pass, may_stop = game.passable(state, who)
    nbrs = lay.cat_nbrs if who == CAT else lay.mouse_nbrs

    def neighbours(square: Coord) -> list[Coord]:
        cell = lay.index[square]
        return [lay.coords[n] for n in nbrs[cell] if may_pass[n] or may_stop[n]]

    return neighbours


def count_walks(state: ChopChopState, piece: Any, steps: int, *, game: ChopChop | None = None) -> int:
    """The number of walks of ``steps`` that may revisit squares (CC-M4 ignored) — a typical wrong count.

    Raises:
        ValueError: an unknown piece.
    """
    game = game or ChopChop()
    lay = game.layout
    neighbours = step_rule(state, piece, game=game)
    start = lay.coords[game.piece_cell(state, _piece(piece))]

    def walks(square: Coord, left: int) -> int:
        if left == 0:
            return 1
        return sum(walks(n, left - 1) for n in neighbours(square))

    return walks(start, steps)


def dfs_frames(state: ChopChopState, piece: Any, steps: int, *, game: ChopChop | None = None) -> list[Frame]:
    """The depth-first search of :func:`enumerate_paths` — the rules' own
    :func:`~boardgames_widgets.games.chop_chop.paths.search_paths` — recorded one step at a time.

    Raises:
        ValueError: an unknown piece.
    """
    game = game or ChopChop()
    lay = game.layout
    who = _piece(piece)
    may_pass, may_stop = game.passable(state, who)
    nbrs = lay.cat_nbrs if who == CAT else lay.mouse_nbrs
    start = game.piece_cell(state, who)
    frames: list[Frame] = []
    visited: set[Coord] = set()
    found: dict[Coord, int] = {}

    def snap(path: Sequence[int], event: str, text: str) -> None:
        coords = tuple(lay.coords[c] for c in path)
        frames.append(Frame(coords, frozenset(visited), tuple(sorted(found.items())), event, text))

    if start >= 0 and steps >= 1:
        snap(
            [start],
            "start",
            tx.ngettext(
                "start on {square}, {n} step to walk",
                "start on {square}, {n} steps to walk",
                steps,
                square=lay.coords[start],
            ),
        )
        for event, path in search_paths(nbrs, start, steps, may_pass, may_stop, trace=True):
            here = lay.coords[path[-1]]
            if event == "back":  # every way on from this path tried
                if len(path) > 1:
                    snap(path[:-1], "back", tx._("every way on from {square} tried: step back", square=here))
                continue
            visited.add(here)
            if event == "found":  # a path of exactly the steps
                found[here] = found.get(here, 0) + 1
                snap(
                    path,
                    "found",
                    tx._(
                        "{steps} steps done: land on {square} (path {path})",
                        steps=steps,
                        square=here,
                        path=sum(found.values()),
                    ),
                )
            else:  # "step": a path entered, to be extended
                snap(
                    path,
                    "step",
                    tx.ngettext(
                        "at {square} after {n} step: try its neighbours",
                        "at {square} after {n} steps: try its neighbours",
                        len(path) - 1,
                        square=here,
                    ),
                )
    n_paths = sum(found.values())
    frames.append(
        Frame(
            (),
            frozenset(visited),
            tuple(sorted(found.items())),
            "done",
            tx._("done: {paths} paths, {squares} landing squares", paths=n_paths, squares=len(found)),
        )
    )
    return frames


def bfs_distances(state: ChopChopState, piece: Any, *, game: ChopChop | None = None) -> dict[Coord, int]:
    """The fewest steps ``piece`` needs to reach each square (breadth-first search).

    Squares it may stop on but not pass (a mouse for the cat, a hole for a mouse)
    get a distance but are not walked through. The start square has distance 0.

    Raises:
        ValueError: an unknown piece.
    """
    return {sq: d for sq, d, _ in _bfs(state, piece, game or ChopChop())}


def _bfs(state: ChopChopState, piece: Any, game: ChopChop) -> list[tuple[Coord, int, tuple[Coord, ...]]]:
    """(square, distance, frontier after it was reached) in the order BFS reaches them."""
    lay = game.layout
    who = _piece(piece)
    may_pass, may_stop = game.passable(state, who)
    nbrs = lay.cat_nbrs if who == CAT else lay.mouse_nbrs
    start = game.piece_cell(state, who)
    dist = {start: 0}
    queue = deque([start])
    order: list[tuple[Coord, int, tuple[Coord, ...]]] = [(lay.coords[start], 0, (lay.coords[start],))]
    while queue:
        cell = queue.popleft()
        if cell != start and not may_pass[cell]:
            continue  # may stop here, not walk on
        for nxt in nbrs[cell]:
            if nxt not in dist and (may_pass[nxt] or may_stop[nxt]):
                dist[nxt] = dist[cell] + 1
                queue.append(nxt)
                order.append((lay.coords[nxt], dist[nxt], tuple(lay.coords[c] for c in queue)))
    return order


def bfs_frames(state: ChopChopState, piece: Any, *, game: ChopChop | None = None) -> list[Frame]:
    """Breadth-first search recorded square by square: the distances fill in ring by ring.

    Raises:
        ValueError: an unknown piece.
    """
    game = game or ChopChop()
    frames: list[Frame] = []
    seen: dict[Coord, int] = {}
    for square, d, frontier in _bfs(state, piece, game):
        seen[square] = d
        frames.append(
            Frame(
                frontier,
                frozenset(seen),
                tuple(sorted(seen.items())),
                "step",
                tx.ngettext(
                    "{square} is {n} step away; {waiting} square(s) waiting in the queue",
                    "{square} is {n} steps away; {waiting} square(s) waiting in the queue",
                    d,
                    square=square,
                    waiting=len(frontier),
                ),
            )
        )
    frames.append(
        Frame(
            (), frozenset(seen), tuple(sorted(seen.items())), "done", tx._("done: {squares} squares", squares=len(seen))
        )
    )
    return frames


def board_svg(
    state: ChopChopState,
    *,
    lit: Iterable[Coord] = (),
    found: dict[Coord, int] | Iterable[tuple[Coord, int]] = (),
    path: Sequence[Coord] = (),
    blocked: Iterable[Coord] = (),
    caption: str = "",
    game: ChopChop | None = None,
    scale: float = 0.7,
) -> str:
    """The kitchen with squares lit up: ``lit`` yellow, ``found`` green with a number,
    ``blocked`` grey, and ``path`` drawn as a red line; ``caption`` under the board.
    """
    from boardgames_widgets.core.painter import SVGPainter
    from boardgames_widgets.games.chop_chop import view

    game = game or ChopChop()
    lay = game.layout
    w, h = view.board_size(lay)
    cap_h = 28 if caption else 0
    p = SVGPainter(w * scale, (h + cap_h) * scale, title="Chop Chop search")
    found_items = dict(found.items() if isinstance(found, dict) else found)
    with p.transform(scale=scale):
        view.draw_state(p, state, lay, cheese_to_win=game.cfg.cheese_to_win)
        cell = view.CELL
        for squares, colour in ((lit, LIT_VISITED), (found_items, LIT_FOUND), (blocked, LIT_BLOCKED)):
            for sq in squares:
                x, y = view.cell_origin(lay, lay.index[sq])
                p.rect(x + 3, y + 3, cell - 6, cell - 6, fill=colour, opacity=0.3, radius=6)
                p.rect(x + 3, y + 3, cell - 6, cell - 6, stroke=colour, line_width=4, radius=6)
        for sq, n in found_items.items():
            x, y = view.cell_origin(lay, lay.index[sq])
            p.circle(x + cell - 13, y + 13, 10, fill="#ffffff", stroke=LIT_FOUND, line_width=2)
            p.text(x + cell - 13, y + 13, str(n), size=12, fill="#1b5e20", bold=True)
        if len(path) >= 1:
            pts = [view.cell_center(lay, lay.index[sq]) for sq in path]
            if len(pts) >= 2:
                p.polygon(pts, stroke=LIT_PATH, line_width=5, closed=False, opacity=0.8)
            p.circle(*pts[0], 7, fill=LIT_PATH)
            p.circle(*pts[-1], 9, fill="none", stroke=LIT_PATH, line_width=3)
        if caption:
            p.text(w / 2, h + cap_h / 2 - 2, caption, size=15, fill=view.INK)
    return p.to_svg()


def frame_svg(state: ChopChopState, frame: Frame, *, game: ChopChop | None = None, show_path: bool = True) -> str:
    """One recorded frame drawn on the board (visited yellow, found green, path red)."""
    return board_svg(
        state,
        lit=frame.visited,
        found=frame.found,
        path=frame.path if show_path else (),
        caption=frame.text,
        game=game,
    )


def stepper(frames: Sequence[Any], render: Callable[[Any], str], *, interval_ms: int = 400) -> Any:
    """A widget that shows recorded frames one by one: a Play button and a slider.

    Args:
        frames: the recorded frames.
        render: turns one frame into HTML or SVG text.
        interval_ms: time per frame while playing.

    Raises:
        ValueError: no frames.
    """
    import ipywidgets as widgets  # type: ignore[import-untyped]

    if not frames:
        raise ValueError("the stepper needs at least one frame")
    last = len(frames) - 1
    play = widgets.Play(value=0, min=0, max=last, step=1, interval=interval_ms, description=tx._("play"))
    slider = widgets.IntSlider(value=0, min=0, max=last, step=1, description=tx._("frame"), continuous_update=True)
    widgets.jslink((play, "value"), (slider, "value"))
    board = widgets.HTML(render(frames[0]))

    def show(change: dict[str, Any]) -> None:
        board.value = render(frames[change["new"]])

    slider.observe(show, names="value")
    box = widgets.VBox([widgets.HBox([play, slider]), board])
    box.frames = frames
    box.slider = slider
    box.board = board
    return box


def svg_row(svgs: Sequence[str], captions: Sequence[str] = ()) -> str:
    """Several SVG pictures side by side as one HTML block (for ``IPython.display.HTML``)."""
    cells = []
    for i, svg in enumerate(svgs):
        cap = f"<div style='text-align:center'>{html.escape(captions[i])}</div>" if i < len(captions) else ""
        cells.append(f"<div style='display:inline-block;margin:4px;vertical-align:top'>{svg}{cap}</div>")
    return "<div>" + "".join(cells) + "</div>"


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


# -- Chop Chop: the cat and the last mouse --------------------------------------------------
#: The turn limit of the cat lessons' games: the cat has this many turns (cat and mouse turns
#: together) to catch the last mouse. The engine's ``max_turns`` ends the game there.
CAT_ENDGAME_TURNS = 16


def cat_game(max_turns: int = CAT_ENDGAME_TURNS) -> ChopChop:
    """The 2-player Chop Chop game of the cat lesson (a turn limit keeps games short)."""
    return ChopChop(2, max_turns=max_turns)


def cat_endgame(game: ChopChop, cat: Coord, mouse: Coord, *, roll: int = 0, cheese: int = 0) -> ChopChopState:
    """A bare kitchen (every tile gone), the cat at ``cat``, mouse 0 at ``mouse``, the other
    mice caught. The cat is to move: it has rolled ``roll`` (0: it is about to roll).
    With no tile left the mice cannot win; the question is whether the cat catches the
    mouse before the turn limit.

    Raises:
        ValueError: squares that are not on the floor, or the same square twice.
    """
    import dataclasses

    from boardgames_widgets.games.chop_chop.rules import NO_TILE, Phase

    lay = game.layout
    if cat == mouse:
        raise ValueError("the cat and the mouse need different squares")
    for sq in (cat, mouse):
        if sq not in lay.index or lay.is_hole(lay.index[sq]):
            raise ValueError(f"{sq} is not a floor square")
    start = game.new_initial_state()
    mice = (lay.index[mouse],) + (-1,) * (lay.n_holes - 1)
    state = dataclasses.replace(
        start,
        phase=Phase.MOVE if roll else Phase.ROLL,
        seat=0,
        mice_turn=False,
        cat=lay.index[cat],
        mice=mice,
        tiles=(NO_TILE,) * lay.n_floor,
        hidden=(0,) * len(start.hidden),
        holes_up=(True,) * lay.n_holes,
        cheese=cheese,
        roll=roll,
        next_mouse_seat=1,
    )
    game.validate_state(state)
    return state


def by_landing(action: Any) -> Hashable:
    """Group Chop Chop moves by piece and landing square (on a bare floor the way in does not matter)."""
    if isinstance(action, Move):
        return ("move", action.piece, action.to)
    key: Hashable = action
    return key


def caught(state: ChopChopState) -> bool:
    """Whether every mouse has been caught (the cat's goal, CC-W1)."""
    return all(m < 0 for m in state.mice)


def pounce_chance(state: ChopChopState, *, game: ChopChop | None = None) -> float:
    """The chance that one roll of the cat die lets the cat land on the mouse (CC-C1):
    the fraction of the die's faces for which the rules' path search (:func:`reachable`)
    finds a path ending on the mouse. 0 if the mouse is under the table or in a hole."""
    game = game or cat_game()
    return _pounce(game, state.cat, state.mice, state.tiles, state)


_POUNCE_CACHE: dict[tuple[Any, int, tuple[int, ...], tuple[int, ...]], float] = {}


def _pounce(game: ChopChop, cat: int, mice: tuple[int, ...], tiles: tuple[int, ...], state: ChopChopState) -> float:
    """:func:`pounce_chance`, remembered per (game, cat, mice, tiles) — all it depends on."""
    key = (game.cfg, cat, mice, tiles)
    hit = _POUNCE_CACHE.get(key)
    if hit is not None:
        return hit
    lay = game.layout
    faces = game.cfg.cat_die
    best = 0
    for m in mice:
        if m < 0 or lay.is_hole(m) or lay.table[m]:
            continue
        target = lay.coords[m]
        best = max(best, sum(1 for f in faces if target in reachable(state, "cat", f, game=game)))
    if len(_POUNCE_CACHE) > 100_000:
        _POUNCE_CACHE.clear()
    _POUNCE_CACHE[key] = value = best / len(faces)
    return value


def cat_evaluation(state: ChopChopState, *, game: ChopChop | None = None) -> float:
    """The lesson's evaluation function for the cat: 1 once the mouse is caught, 0 when
    time is up without a catch, otherwise :func:`pounce_chance` — how likely the cat's
    next roll lands on the mouse as things stand. Exact when the cat is about to roll;
    a rough guess when the mouse still moves first."""
    if caught(state):
        return 1.0
    if state.winner >= 0:
        return 0.0
    return pounce_chance(state, game=game)


#: Weight of the closeness bonus in :func:`cat_evaluation_plus`: small enough never to
#: outweigh a real chance to catch (the smallest such chance is 1/6 per face).
CLOSENESS_WEIGHT = 0.01


def cat_evaluation_plus(state: ChopChopState, *, game: ChopChop | None = None) -> float:
    """:func:`cat_evaluation` plus a tiny bonus for standing close to the mouse
    (``CLOSENESS_WEIGHT / (1 + rows + columns apart)``). When no square gives a chance
    to pounce, every value is 0 and the plain evaluation cannot choose; the bonus
    breaks those ties toward the mouse."""
    value = cat_evaluation(state, game=game)
    if caught(state) or state.winner >= 0:
        return value
    lay = (game or cat_game()).layout
    cr, cc = lay.coords[state.cat]
    gaps = [abs(cr - r) + abs(cc - c) for r, c in (lay.coords[m] for m in state.mice if m >= 0)]
    return value + CLOSENESS_WEIGHT / (1 + min(gaps)) if gaps else value


def catch_only(state: ChopChopState) -> float:
    """The evaluation that knows nothing: 1 if the mouse is caught, else 0."""
    return 1.0 if caught(state) else 0.0


def expectimax_value(tree: GameTree, state: Any, depth: int, chance: str = "average") -> float:
    """Expectimax (``chance="average"``): chance nodes are worth the probability-weighted
    average of their outcomes. With ``chance="worst"`` the dice are treated as an
    opponent who picks the worst outcome for MAX (minimax against dice).

    ``depth`` counts decisions; chance nodes do not use it up.

    Raises:
        ValueError: an unknown ``chance`` rule.
    """
    if chance not in ("average", "worst", "best"):
        raise ValueError(f"chance must be 'average', 'worst' or 'best', not {chance!r}")
    kind = tree.to_move(state)
    if kind == END or depth == 0:
        return tree.value(state)
    if kind == CHANCE_NODE:
        pairs = [(p, expectimax_value(tree, tree.play(state, o), depth, chance)) for o, p in tree.outcomes(state)]
        if chance == "average":
            return sum(float(p) * v for p, v in pairs)
        return min(v for _, v in pairs) if chance == "worst" else max(v for _, v in pairs)
    children = [expectimax_value(tree, tree.play(state, m), depth - 1, chance) for m in tree.moves(state)]
    return max(children) if kind == MAX else min(children)


def cat_tree(game: ChopChop, evaluate: Callable[[ChopChopState], float] | None = None) -> GameTree:
    """The Chop Chop tree for the cat (MAX), moves grouped by landing square."""
    return GameTree(game, evaluate or (lambda s: cat_evaluation(s, game=game)), group_moves=by_landing)


def move_values(tree: GameTree, state: ChopChopState, depth: int, chance: str = "average") -> dict[Coord, float]:
    """The value of each square the cat may wait on (the cat has rolled), ``depth`` decisions deep."""
    out: dict[Coord, float] = {}
    for m in tree.moves(state):
        out[m.to] = expectimax_value(tree, tree.play(state, m), depth - 1, chance)
    return out


class SearchCat:
    """A cat that searches: it plays the move with the best expectimax value.

    Args:
        game: the game.
        depth: decisions to look ahead (its own move included).
        evaluate: the evaluation at the depth limit (default :func:`cat_evaluation`).
        chance: ``"average"`` (expectimax) or ``"worst"`` (dice as an opponent).
    """

    def __init__(
        self,
        game: ChopChop,
        depth: int = 2,
        evaluate: Callable[[ChopChopState], float] | None = None,
        chance: str = "average",
        name: str | None = None,
    ) -> None:
        self.tree = cat_tree(game, evaluate)
        self.depth = depth
        self.chance = chance
        self.name = name or tx._("expectimax cat (depth {depth})", depth=depth)

    def act(self, observation: Any, legal_actions: Sequence[Any], rng: random.Random) -> Any:
        """The legal action with the best value (ties: the first). Moves to the same
        square are searched once (on a bare floor the way in does not matter)."""
        state = observation.state
        best, best_v = legal_actions[0], -math.inf
        seen: set[Hashable] = set()
        for a in legal_actions:
            key = by_landing(a)
            if key in seen:
                continue
            seen.add(key)
            v = expectimax_value(self.tree, self.tree.play(state, a), self.depth - 1, self.chance)
            if v > best_v + 1e-12:
                best, best_v = a, v
        return best

    def __repr__(self) -> str:
        return self.name


def play_from(game: Game[Any, Any], state: Any, agents: Sequence[Any], seed: Any, *, max_actions: int = 10_000) -> Any:
    """Play ``state`` to the end with ``agents`` (one per seat); chance and agents seeded by ``seed``.

    The package's one play loop (:class:`~boardgames_widgets.core.session.Session`) plays
    it, exactly as :func:`~boardgames_widgets.core.play.play_game` would from the start.
    Returns the final state.

    Raises:
        RuntimeError: the game did not end within ``max_actions``.
        AgentError: an agent raised or answered with an action that is not legal.
    """
    session = Session(game, agents, seed, state=state, undo=False)
    session.run(max_actions)
    if not session.is_over:
        raise RuntimeError(f"the game did not end within {max_actions} actions")
    return session.state


def random_cat_endgames(game: ChopChop, n: int, seed: Any = 0) -> list[ChopChopState]:
    """``n`` endgame starts: the mouse on open floor (not under the table, not on a hole's
    entrance), the cat 3 to 5 squares away (rows + columns), the cat about to roll."""
    lay = game.layout
    rng = random.Random(derive_seed(seed, "cat endgames"))
    floor = [lay.coords[c] for c in range(lay.n_floor)]
    entrances = {lay.coords[e] for e in lay.entrance}
    open_floor = [sq for sq in floor if not lay.table[lay.index[sq]] and sq not in entrances]
    out: list[ChopChopState] = []
    while len(out) < n:
        mouse = rng.choice(open_floor)
        cat = rng.choice(floor)
        if 3 <= abs(cat[0] - mouse[0]) + abs(cat[1] - mouse[1]) <= 5:
            out.append(cat_endgame(game, cat, mouse))
    return out


@dataclass(frozen=True)
class DuelResult:
    """How often each cat caught the mouse, over the same starts and dice.

    Attributes:
        names: the cats.
        wins: the games in which each cat caught the mouse before the turn limit.
        games: the games each cat played.
        per_game: for each cat, whether it caught the mouse in each game (same order as the starts).
    """

    names: tuple[str, ...]
    wins: tuple[int, ...]
    games: int
    per_game: tuple[tuple[bool, ...], ...] = ()

    def rates(self) -> tuple[float, ...]:
        """Each cat's share of games won."""
        return tuple(w / self.games for w in self.wins)


def sign_test(better: int, worse: int) -> float:
    """Two-sided exact sign test (McNemar's test) for paired games.

    Of the games that only one of two players won, ``better`` went to the first and
    ``worse`` to the second; if both were equally good each such game would be a fair
    coin flip. The p-value is the chance of a split at least this lopsided.

    >>> sign_test(55, 9) < 1e-8
    True
    >>> round(sign_test(35, 22), 2)
    0.11
    """
    n = better + worse
    k = min(better, worse)
    tail: float = sum(math.comb(n, i) for i in range(k + 1)) / 2**n
    return min(1.0, 2 * tail)


def cat_duel(
    game: ChopChop, cats: Sequence[Any], starts: Sequence[ChopChopState], mice: Any, seed: Any = 0
) -> DuelResult:
    """Each cat plays every start against the same ``mice`` agent with the same seed
    (duplicate play: the same dice for every cat); how often each caught the mouse."""
    per_game = []
    for cat in cats:
        per_game.append(
            tuple(
                caught(play_from(game, start, [cat, mice], derive_seed(seed, "duel", i)))
                for i, start in enumerate(starts)
            )
        )
    wins = [sum(row) for row in per_game]
    names = tuple(getattr(c, "name", type(c).__name__) for c in cats)
    return DuelResult(names, tuple(wins), len(starts), tuple(per_game))
