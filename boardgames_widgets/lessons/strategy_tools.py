"""Helpers of the strategy lessons (``notebooks/lessons/strategy/``).

* **Evaluating a rule of thumb** (lesson 1): :func:`evaluate` plays an agent against an
  opponent over seeds and seats and reports its mean round total and win rate with 95%
  confidence intervals (:func:`mean_interval`, Wilson); :func:`threshold_sweep` does it
  for every threshold policy of :mod:`~boardgames_widgets.agents.papageno`.
* **Monte Carlo Tree Search from scratch** (lesson 2): a small, readable UCT —
  :func:`ucb1`, :func:`select`, :func:`expand`, :func:`rollout`, :func:`backup`,
  :func:`uct_iteration`, :func:`uct_search` — with :func:`draw_tree` (the tree as a
  picture) and Food Chain *endgame puzzles* whose best moves are known exactly
  (:func:`endgame_puzzles`, :func:`puzzle_hit_rate`).
* **Hidden cards** (lesson 3): :func:`held_card_state` (a Papageno position where a player
  holds a card the other cannot see), :func:`face_down_weights` and :func:`peek_value`
  (the value of information), :func:`policy_rollout` (ISMCTS rollouts by a rule of thumb),
  :func:`is_root` and :func:`ismcts_iteration` (the engine's pieces the students' determinization
  loop calls) and :func:`hidden_food_chain_positions` (where that loop's check looks).
* **Tournaments** (lesson 4): :func:`side_win_rate` (one side's win rate in an asymmetric
  game, e.g. the Chop Chop mice), :func:`round_robin_games` (loading students' files: lessons.leaderboard).

Everything random takes a seed; the same seed gives the same numbers.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from typing import Any

from boardgames_widgets.agents.determinize import sample_state
from boardgames_widgets.agents.ismcts import ISNode
from boardgames_widgets.agents.ismcts import _iteration as _is_iteration
from boardgames_widgets.agents.mcts import UCT_C
from boardgames_widgets.agents.papageno import ThresholdPolicy, card_weight
from boardgames_widgets.analysis.ratings import Z95, wilson_interval
from boardgames_widgets.core.api import CHANCE, TERMINAL, Game
from boardgames_widgets.core.play import play_game
from boardgames_widgets.core.rng import derive_seed, sample_outcome
from boardgames_widgets.games.papageno import Draw, Papageno, PapagenoState, Phase, Reveal, Swap
from boardgames_widgets.lessons import text as tx

# ==============================================================================================
# Lesson 1 — rules of thumb, tested
# ==============================================================================================
#: The Papageno of the strategy lessons: two players (no Pan Flutes, PA-S1), no Eggs (every
#: card has a weight of its own) and a single round (PA-E3 with one round win), so a game is
#: one round and its result is that round's totals.
LESSON_PAPAGENO: Mapping[str, int] = {"num_players": 2, "rounds_to_win": 1, "eggs": 0}
#: The thresholds k tried in lesson 1 (every bird weight, −2 … 9).
SWEEP_KS: tuple[int, ...] = tuple(range(-2, 10))
#: Games per policy in lesson 1's sweep (an even number: both seats equally often).
SWEEP_GAMES = 160
#: The seed of lesson 1's sweep.
SWEEP_SEED = 1


def lesson_papageno() -> Papageno:
    """The lesson's Papageno (:data:`LESSON_PAPAGENO`)."""
    return Papageno(
        num_players=LESSON_PAPAGENO["num_players"],
        rounds_to_win=LESSON_PAPAGENO["rounds_to_win"],
        eggs=LESSON_PAPAGENO["eggs"],
    )


def half_width(std: float, n: int, z: float = Z95) -> float:
    """Half the width of the 95% confidence interval of a mean: ``z · s / √n``.

    >>> round(half_width(8.0, 100), 3)
    1.568
    """
    return z * std / math.sqrt(n)


def mean_interval(values: Sequence[float], z: float = Z95) -> tuple[float, float, float]:
    """The mean of ``values`` and its 95% confidence interval ``(mean, low, high)``.

    The normal approximation with the sample standard deviation (``n − 1``), fine for
    the hundred-odd games of a lesson.

    Raises:
        ValueError: fewer than two values.
    """
    n = len(values)
    if n < 2:
        raise ValueError("a confidence interval needs at least two values")
    mean = sum(values) / n
    std = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1))
    h = half_width(std, n, z)
    return mean, mean - h, mean + h


def pair_means(totals: Sequence[float]) -> tuple[float, ...]:
    """The mean of each duplicate pair (games ``2i`` and ``2i + 1`` share their cards).

    The two rounds of a pair are not independent (same cards), so the pair, not the
    round, is the unit of a confidence interval: ``mean_interval(pair_means(totals))``.

    >>> pair_means([3, 5, 10, 0])
    (4.0, 5.0)

    Raises:
        ValueError: an odd number of totals (a pair is incomplete).
    """
    if len(totals) % 2:
        raise ValueError("duplicate play gives rounds in pairs: an odd number of totals has an incomplete pair")
    return tuple((totals[i] + totals[i + 1]) / 2 for i in range(0, len(totals), 2))


@dataclass(frozen=True)
class Evaluation:
    """How an agent did against an opponent.

    Attributes:
        name: the agent's name.
        totals: its round total in each game (Papageno; empty for other games).
        score: its points (1 a win, a share of a shared win).
        games: games played.
    """

    name: str
    totals: tuple[int, ...]
    score: float
    games: int

    @property
    def mean_total(self) -> float:
        """The mean round total (lower is better in Papageno)."""
        return mean_interval(self.totals)[0]

    @property
    def total_interval(self) -> tuple[float, float]:
        """The 95% confidence interval of the mean total, with duplicate pairs as the unit."""
        _, lo, hi = mean_interval(pair_means(self.totals))
        return lo, hi

    @property
    def win_rate(self) -> float:
        """Points per game."""
        return self.score / self.games

    @property
    def win_interval(self) -> tuple[float, float]:
        """The 95% Wilson interval of the win rate."""
        return wilson_interval(self.score, self.games)

    def __str__(self) -> str:
        lo, hi = self.win_interval
        text = tx._("{name}: win rate {rate:.0%} ({lo:.0%}–{hi:.0%})", name=self.name, rate=self.win_rate, lo=lo, hi=hi)
        if self.totals:
            tlo, thi = self.total_interval
            text += tx._(", mean total {mean:.2f} ({lo:.2f}–{hi:.2f})", mean=self.mean_total, lo=tlo, hi=thi)
        return tx.ngettext("{text} in {n} game", "{text} in {n} games", self.games, text=text)


def _name(agent: Any) -> str:
    return str(getattr(agent, "name", getattr(agent, "__name__", type(agent).__name__)))


def evaluate(
    game: Game[Any, Any], agent: Any, opponent: Any, games: int = SWEEP_GAMES, seed: Any = SWEEP_SEED
) -> Evaluation:
    """Play ``agent`` against ``opponent`` (two players) and collect its results.

    Games ``2i`` and ``2i + 1`` share a seed with the seats swapped ("duplicate" play:
    both sides get the same cards), so luck cancels out of comparisons.
    """
    totals: list[int] = []
    score = 0.0
    for i in range(games):
        seat = i % 2
        seats = [agent, opponent] if seat == 0 else [opponent, agent]
        last: list[Any] = [None, None]

        def remember(state: Any, action: Any, last: list[Any] = last) -> None:
            last[0], last[1] = state, action

        record = play_game(game, seats, derive_seed(seed, "game", i // 2), on_action=remember)
        assert record.returns is not None
        score += record.returns[seat]
        final = game.apply(last[0], last[1])
        if isinstance(final, PapagenoState) and final.last_scores:
            totals.append(final.last_scores[seat])
    return Evaluation(_name(agent), tuple(totals), score, games)


@cache
def threshold_sweep(
    ks: tuple[int, ...] = SWEEP_KS, pairs: bool = False, games: int = SWEEP_GAMES, seed: int = SWEEP_SEED
) -> tuple[Evaluation, ...]:
    """Every threshold policy ``keep ≤ k`` (``k`` in ``ks``) against the Greedy bot (cached)."""
    from boardgames_widgets.agents.greedy import GreedyAgent

    game = lesson_papageno()
    opponent = GreedyAgent(game)
    return tuple(evaluate(game, ThresholdPolicy(k, pairs, game), opponent, games, seed) for k in ks)


def best_threshold(evaluations: Sequence[Evaluation], ks: Sequence[int] = SWEEP_KS) -> int:
    """The k whose policy has the lowest mean total."""
    return min(zip(ks, evaluations, strict=True), key=lambda ke: ke[1].mean_total)[0]


# ==============================================================================================
# Lesson 2 — Monte Carlo Tree Search from scratch
# ==============================================================================================
@dataclass(eq=False)
class TreeNode:
    """A node of the lesson's search tree.

    Attributes:
        state: the state here (chance already resolved: see :func:`settle`).
        mover: who chose the move into this node (``CHANCE`` at the root).
        action: that move (``None`` at the root).
        untried: moves not expanded yet.
        children: the expanded children.
        visits: iterations that passed through this node.
        total: the sum of ``mover``'s results over those iterations.
    """

    state: Any
    mover: int
    action: Any
    untried: list[Any]
    children: list[TreeNode] = field(default_factory=list)
    visits: int = 0
    total: float = 0.0

    @property
    def mean(self) -> float:
        """The average result for ``mover`` (0 before the first visit)."""
        return self.total / self.visits if self.visits else 0.0

    def size(self) -> int:
        """Nodes in this subtree."""
        return 1 + sum(c.size() for c in self.children)


def settle(game: Game[Any, Any], state: Any, rng: random.Random) -> Any:
    """Play chance until a player must decide (or the game is over).

    The lesson's UCT is for games whose chance events have a single outcome, like the
    open-deck Food Chain (every draw is known). With real chance this turns the search
    into a guess of one future; the package's ``MCTSAgent`` branches on chance instead.
    """
    while game.current_player(state) == CHANCE:
        state = game.apply(state, sample_outcome(game.chance_outcomes(state), rng))
    return state


def new_node(game: Game[Any, Any], state: Any, mover: int, action: Any, rng: random.Random) -> TreeNode:
    """A fresh, unvisited node (its untried moves in random order).

    The package's ``agents.mcts`` draws the same odds differently (it pops an untried move at
    a random index when it expands): each untried move is equally likely to come next in both.
    Selection and rollout are tested equal to the agent's, draw for draw, and backup credits each
    node's mover as the agent does (``tests/test_lessons_strategy_mcts.py``).
    """
    state = settle(game, state, rng)
    untried = list(game.legal_actions(state)) if game.current_player(state) >= 0 else []
    rng.shuffle(untried)
    return TreeNode(state, mover, action, untried)


def ucb1(total: float, visits: int, parent_visits: int, c: float = math.sqrt(2)) -> float:
    """The UCB1 score: the mean result plus an exploration bonus.

    ``total / visits + c * sqrt(ln(parent_visits) / visits)``

    >>> round(ucb1(6, 10, 50), 3)
    1.485
    """
    return total / visits + c * math.sqrt(math.log(parent_visits) / visits)


def select(node: TreeNode, c: float = math.sqrt(2)) -> TreeNode:
    """1. Selection: the child with the highest UCB1 score (the first one on ties)."""
    return max(node.children, key=lambda ch: ucb1(ch.total, ch.visits, node.visits, c))


def expand(game: Game[Any, Any], node: TreeNode, rng: random.Random) -> TreeNode:
    """2. Expansion: add one untried move as a new child."""
    action = node.untried.pop()
    mover = game.current_player(node.state)
    child = new_node(game, game.apply(node.state, action), mover, action, rng)
    node.children.append(child)
    return child


def rollout(game: Game[Any, Any], state: Any, rng: random.Random) -> tuple[float, ...]:
    """3. Simulation: random moves to the end of the game; everybody's result."""
    while game.current_player(state) != TERMINAL:
        if game.current_player(state) == CHANCE:
            action = sample_outcome(game.chance_outcomes(state), rng)
        else:
            action = rng.choice(game.legal_actions(state))
        state = game.apply(state, action)
    return tuple(game.returns(state))


def backup(path: Sequence[TreeNode], returns: Sequence[float]) -> None:
    """4. Backpropagation: every node on the path counts the visit and its mover's result."""
    for node in path:
        node.visits += 1
        if node.mover >= 0:
            node.total += returns[node.mover]


def uct_iteration(game: Game[Any, Any], root: TreeNode, rng: random.Random, c: float = math.sqrt(2)) -> None:
    """One iteration: selection, expansion, simulation, backpropagation."""
    path = [root]
    node = root
    while not node.untried and node.children:  # 1. selection
        node = select(node, c)
        path.append(node)
    if node.untried:  # 2. expansion
        node = expand(game, node, rng)
        path.append(node)
    returns = rollout(game, node.state, rng)  # 3. simulation
    backup(path, returns)  # 4. backpropagation


def uct_search(game: Game[Any, Any], state: Any, iterations: int, c: float = math.sqrt(2), seed: Any = 0) -> TreeNode:
    """Grow a UCT tree from ``state`` for ``iterations`` iterations; its root.

    Raises:
        ValueError: no player is to move in ``state``.
    """
    rng = random.Random(derive_seed(seed, "uct"))
    root = new_node(game, state, CHANCE, None, rng)
    if game.current_player(root.state) < 0:
        raise ValueError("nobody is to move: nothing to search")
    for _ in range(iterations):
        uct_iteration(game, root, rng, c)
    return root


def most_visited(root: TreeNode) -> Any:
    """The move to play after the search: the most visited child's (the most robust choice)."""
    return max(root.children, key=lambda ch: ch.visits).action


class UCTAgent:
    """The lesson's UCT as an agent (for the widget and for matches).

    Args:
        game: the game (its rules are the model the search plays forward with).
        iterations: iterations per move.
        c: the exploration constant.
        name: shown in tables.
    """

    def __init__(self, game: Game[Any, Any], iterations: int = 200, c: float = math.sqrt(2), name: str = "") -> None:
        self.game, self.iterations, self.c = game, iterations, c
        self.name = name or f"my-uct{iterations}"

    def act(self, observation: Any, legal_actions: Sequence[Any], rng: random.Random) -> Any:
        """Search a state built from the observation; play the most visited move."""
        if len(legal_actions) == 1:
            return legal_actions[0]
        state = sample_state(self.game, observation, rng)
        return most_visited(uct_search(self.game, state, self.iterations, self.c, rng.random()))


def tree_layout(root: TreeNode, max_depth: int = 3) -> list[tuple[float, int, TreeNode, float | None, int | None]]:
    """Positions for a picture: ``(x, depth, node, parent_x, parent_depth)``; leaves spaced evenly."""
    out: list[tuple[float, int, TreeNode, float | None, int | None]] = []
    next_x = [0.0]

    def place(node: TreeNode, depth: int, parent: tuple[float, int] | None) -> float:
        kids = sorted(node.children, key=lambda ch: -ch.visits) if depth < max_depth else []
        if kids:
            index = len(out)
            out.append((0.0, depth, node, None, None))
            xs = [place(ch, depth + 1, None) for ch in kids]
            x = sum(xs) / len(xs)
            out[index] = (x, depth, node, *(parent or (None, None)))
            for j in range(index + 1, len(out)):  # children point back at this node
                cx, cd, cn, px, _pd = out[j]
                if cd == depth + 1 and px is None:
                    out[j] = (cx, cd, cn, x, depth)
            return x
        x = next_x[0]
        next_x[0] += 1
        out.append((x, depth, node, *(parent or (None, None))))
        return x

    place(root, 0, None)
    return out


def draw_tree(root: TreeNode, ax: Any, max_depth: int = 3, title: str = "") -> None:
    """Draw the tree on a matplotlib axis: circle area ~ visits, colour = mean result for its mover."""
    layout = tree_layout(root, max_depth)
    cmap = _cmap()
    for x, depth, _node, px, pd in layout:
        if px is not None and pd is not None:
            ax.plot([px, x], [-pd, -depth], color="#bbbbbb", lw=0.6, zorder=1)
    xs = [x for x, *_ in layout]
    ys = [-d for _, d, *_ in layout]
    sizes = [8 + 300 * n.visits / max(1, root.visits) ** 0.75 for _, _, n, *_ in layout]
    colours = [cmap(n.mean) if n.mover >= 0 else (0.3, 0.3, 0.3, 1.0) for _, _, n, *_ in layout]
    ax.scatter(xs, ys, s=sizes, c=colours, edgecolors="black", linewidths=0.3, zorder=2)
    ax.set_yticks([-d for d in range(max_depth + 1)], [tx._("depth {d}", d=d) for d in range(max_depth + 1)])
    ax.set_ylim(-max_depth - 0.35, 0.45)
    ax.set_xticks([])
    ax.set_title(title or tx._("{visits} iterations, {nodes} nodes", visits=root.visits, nodes=root.size()))
    for side in ("top", "right", "bottom"):
        ax.spines[side].set_visible(False)


def _cmap() -> Any:
    import matplotlib

    return matplotlib.colormaps["RdYlGn"]


#: Food Chain endgame puzzles: open deck (perfect information), this many placements left.
PUZZLE_CARDS_LEFT = 4


@dataclass(frozen=True)
class Puzzle:
    """A Food Chain position near the end whose moves' exact values are known.

    Attributes:
        game: the open-deck Food Chain it belongs to.
        state: the position (a player to move).
        values: each legal move's exact value for the player to move (1 win, ½ shared, 0 loss).
    """

    game: Any
    state: Any
    values: Mapping[Any, float]

    @property
    def best(self) -> float:
        """The value of the best move."""
        return max(self.values.values())

    def is_best(self, action: Any) -> bool:
        """Whether ``action`` is one of the best moves."""
        return self.values[action] == self.best

    @property
    def share_best(self) -> float:
        """The chance that a move picked at random is a best move."""
        return sum(self.is_best(a) for a in self.values) / len(self.values)


@cache
def endgame_puzzles(count: int = 8, cards_left: int = PUZZLE_CARDS_LEFT, seed: int = 0) -> tuple[Puzzle, ...]:
    """Positions from Greedy-vs-Greedy open-deck games where not every move is equally good.

    The moves' values are found exactly by alpha-beta search to the end of the game.
    """
    from boardgames_widgets.agents.greedy import GreedyAgent
    from boardgames_widgets.agents.search import alphabeta
    from boardgames_widgets.games.food_chain import FoodChain

    puzzles: list[Puzzle] = []
    k = 0
    while len(puzzles) < count:
        game = FoodChain(2, open_deck_seed=derive_seed(seed, "deck", k))
        record = play_game(game, [GreedyAgent(game), GreedyAgent(game)], derive_seed(seed, "game", k))
        k += 1
        for state in record.states():
            me = game.current_player(state)
            if me >= 0 and sum(state.placed) == 2 * 12 - cards_left:
                values = {
                    a: alphabeta(game, game.apply(state, a), cards_left - 1, player=me).value
                    for a in game.legal_actions(state)
                }
                if len(set(values.values())) > 1:
                    puzzles.append(Puzzle(game, state, values))
                break
    return tuple(puzzles)


def puzzle_hit_rate(
    iterations: int, c: float = math.sqrt(2), repeats: int = 2, seed: int = 0, puzzles: Sequence[Puzzle] | None = None
) -> float:
    """The share of searches (every puzzle, ``repeats`` seeds each) whose move is a best move."""
    puzzles = endgame_puzzles() if puzzles is None else puzzles
    hits = 0
    for i, p in enumerate(puzzles):
        for r in range(repeats):
            root = uct_search(p.game, p.state, iterations, c, seed=derive_seed(seed, i, r))
            hits += p.is_best(most_visited(root))
    return hits / (len(puzzles) * repeats)


# ==============================================================================================
# Lesson 3 — hidden cards
# ==============================================================================================
def held_card_state(seed: int = 0, policy: Any = None) -> PapagenoState:
    """A lesson-Papageno position in which player 0 holds a card just drawn (secret from player 1).

    Threshold policies (``keep ≤ 3``) play from the start until player 0 has drawn for
    the second time, so a few cards are already face up.
    """
    game = lesson_papageno()
    policy = policy or ThresholdPolicy(3, game=game)
    rng = random.Random(derive_seed(seed, "held"))
    state = game.new_initial_state()
    draws = 0
    while True:
        player = game.current_player(state)
        if player == CHANCE:
            action = sample_outcome(game.chance_outcomes(state), rng)
        elif player == TERMINAL:  # pragma: no cover - a round always has draws
            raise RuntimeError("the round ended before player 0 drew twice")
        else:
            if state.phase is Phase.TURN and player == 0:
                action = Draw()
                draws += 1
            else:
                action = policy.act(game.observation(state, player), game.legal_actions(state), rng)
        state = game.apply(state, action)
        if state.phase is Phase.PLACE and state.actor == 0 and state.hand_drawn and draws == 2:
            return state


def face_down_weights(game: Papageno, state: PapagenoState, player: int | None = None) -> dict[int, Fraction]:
    """The distribution of the weight of a face-down card of the active player, from the engine.

    The card is turned up by a chance node when it is swapped out; its outcomes are the
    game's own odds (the unseen cards). ``state`` must be a ``PLACE`` decision with a
    face-down card in the active player's area.

    Raises:
        ValueError: no face-down card to swap.
    """
    me = state.actor if player is None else player
    down = [p for p, c in enumerate(state.grids[me]) if c is None]
    if state.phase is not Phase.PLACE or not down:
        raise ValueError("need a PLACE decision with a face-down card")
    after = game.apply(state, Swap(down[0]))
    out: dict[int, Fraction] = {}
    for reveal, p in game.chance_outcomes(after):
        assert isinstance(reveal, Reveal)
        w = card_weight(reveal.card, game)
        out[w] = out.get(w, Fraction(0)) + p
    return dict(sorted(out.items()))


def expected(dist: Mapping[int, Fraction]) -> Fraction:
    """The mean of a weight distribution."""
    return sum((w * p for w, p in dist.items()), Fraction(0))


def peek_value(dist: Mapping[int, Fraction], held: int) -> Fraction:
    """What a peek at a face-down card is worth when deciding where a held card of weight ``held`` goes.

    The choice: swap the held card for the face-down card (saving ``X − held`` where ``X``
    is the face-down weight) or let it go (saving 0). Without a peek you swap when that
    pays on average: ``max(0, E[X] − held)``. With a peek you swap exactly when it pays:
    ``E[max(0, X − held)]``. The difference is the value of the information (never < 0).
    Column pairs are left out of this simple model.

    >>> peek_value({0: Fraction(1, 2), 8: Fraction(1, 2)}, 4)
    Fraction(2, 1)
    """
    with_peek = sum((max(0, w - held) * p for w, p in dist.items()), Fraction(0))
    without = max(Fraction(0), expected(dist) - held)
    return with_peek - without


def policy_rollout(policy: Any) -> Callable[[Game[Any, Any], Any, random.Random], tuple[float, ...]]:
    """A rollout for (IS)MCTS in which every player follows ``policy`` (chance by its odds)."""

    def play_out(game: Game[Any, Any], state: Any, rng: random.Random) -> tuple[float, ...]:
        while True:
            player = game.current_player(state)
            if player == TERMINAL:
                return tuple(game.returns(state))
            if player == CHANCE:
                action = sample_outcome(game.chance_outcomes(state), rng)
            else:
                action = policy.act(game.observation(state, player), game.legal_actions(state), rng)
            state = game.apply(state, action)

    return play_out


def is_root() -> ISNode:
    """A fresh root of an information-set tree (``agents.ismcts.ISNode``; nobody moved into it)."""
    return ISNode(CHANCE)


def ismcts_iteration(
    game: Game[Any, Any], root: ISNode, world: Any, rng: random.Random, rollout: Any, c: float = UCT_C
) -> None:
    """One ISMCTS iteration on one sampled ``world``: the engine's own step (``agents.ismcts``).

    Selection, expansion, rollout and backup in the one tree ``root``; the loop around it —
    a fresh determinization for every iteration — is what the lesson's students write.
    """
    _is_iteration(game, root, world, rng, c, rollout)


#: Food Chain positions for lesson 3's determinization check: cards left to place.
HIDDEN_CARDS_LEFT = 16


@cache
def hidden_food_chain_positions(count: int = 3, cards_left: int = HIDDEN_CARDS_LEFT, seed: int = 0) -> tuple[Any, ...]:
    """Food Chain positions (the usual hidden pile) from Greedy-vs-Greedy games, a player to move.

    What the player to move cannot see (the order of the pile, the other's cards) is in the
    state: a search that uses the state instead of samples of the observation finds other
    numbers, which is how lesson 3's check tells the two apart.
    """
    from boardgames_widgets.agents.greedy import GreedyAgent
    from boardgames_widgets.games.food_chain import FoodChain

    game = FoodChain(2)
    out: list[Any] = []
    k = 0
    while len(out) < count:
        record = play_game(game, [GreedyAgent(game), GreedyAgent(game)], derive_seed(seed, "hidden", k))
        k += 1
        for state in record.states():
            me = game.current_player(state)
            if me >= 0 and sum(state.placed) == 2 * 12 - cards_left:
                if sample_state(game, game.observation(state, me), random.Random(0)) != state:  # something is hidden
                    out.append(state)
                break
    return tuple(out)


# ==============================================================================================
# Lesson 4 — tournaments
# ==============================================================================================
def round_robin_games(agents: int, games_per_pairing: int) -> int:
    """Games in a round robin: every pair of agents once, ``games_per_pairing`` games each.

    >>> round_robin_games(4, 10)
    60
    """
    return agents * (agents - 1) // 2 * games_per_pairing


def side_win_rate(
    game: Game[Any, Any], side: int, agent: Any, others: Sequence[Any], games: int = 40, seed: Any = 0
) -> Evaluation:
    """``agent``'s results in seat ``side`` of an asymmetric game (the others fixed), over seeds.

    For Chop Chop, seat 1 is the mice team: one policy moves all four mice.
    """
    score = 0.0
    for i in range(games):
        seats = list(others)
        seats.insert(side, agent)
        record = play_game(game, seats, derive_seed(seed, "game", i))
        assert record.returns is not None
        score += record.returns[side]
    return Evaluation(_name(agent), (), score, games)


def team_mice(observation: Any, legal_actions: Sequence[Any], rng: random.Random) -> Any:
    """A Chop Chop mice policy that plays for the team: one policy moves all four mice.

    Each move is scored for the whole team after it: +3 × the chance of cheese if the mouse
    lands on a face-down tile, +50 for carrying the tenth cheese home, −4 for every mouse
    the cat could then reach (a mouse on the floor within the cat's longest roll). So a
    mouse in danger runs for cover, and a safe mouse is not sent into the cat's reach.
    """
    from boardgames_widgets.games.chop_chop.layout import TILES, Tile

    state, game = observation.state, _chop_chop()
    layout, reach = game.layout, max(game.cfg.cat_die)

    def exposed(cell: int) -> bool:
        if cell < 0 or layout.is_hole(cell) or layout.table[cell] or state.cat < 0:
            return False
        (r, c), (cr, cc) = layout.coords[cell], layout.coords[state.cat]
        return bool(abs(r - cr) + abs(c - cc) <= reach)

    def score(action: Any) -> float:
        to = getattr(action, "to", None)
        if to is None:  # pass, decline, take cheese: keep things as they are (a fork's cheese is good)
            return 10.0 if type(action).__name__ == "TakeCheese" else 0.0
        cell = layout.index[to]
        mice = [cell if i == action.piece else m for i, m in enumerate(state.mice)]
        value = -4.0 * sum(exposed(m) for m in mice)
        if layout.is_hole(cell) and state.cheese >= game.cfg.cheese_to_win:
            value += 50.0
        elif not layout.is_hole(cell) and state.tiles[cell] == 1:
            value += 3.0 * state.hidden[TILES.index(Tile.CHEESE)] / max(1, sum(state.hidden))
        return value

    scores = [score(a) for a in legal_actions]
    best = max(scores)
    return rng.choice([a for a, s in zip(legal_actions, scores, strict=True) if s == best])


@cache
def _chop_chop() -> Any:
    """The default Chop Chop (its kitchen and dice) for :func:`team_mice`."""
    from boardgames_widgets.games.chop_chop import ChopChop

    return ChopChop()


def elo_intervals(result: Any, samples: int = 200, seed: Any = 0) -> dict[str, tuple[float, float]]:
    """95% intervals of a tournament's Elo ratings, by the bootstrap.

    Each pairing's finished games are resampled with replacement ``samples`` times and
    the ratings refitted (:func:`~boardgames_widgets.analysis.ratings.elo_ratings`); the
    interval runs from the 2.5th to the 97.5th percentile of an agent's refitted ratings.

    Args:
        result: a :class:`~boardgames_widgets.analysis.tournament.TournamentResult`.
        samples: bootstrap resamples.
        seed: seeds the resampling.
    """
    from boardgames_widgets.analysis.ratings import elo_ratings

    rng = random.Random(derive_seed(seed, "elo-bootstrap"))
    games: dict[tuple[str, str], list[float]] = {}
    for m in result.matches:
        if m.returns is not None:
            a, b = sorted((m.match.seats[0], m.match.seats[1]))
            games.setdefault((a, b), []).append(m.score(a))
    ratings: dict[str, list[float]] = {s.agent: [] for s in result.standings}
    for _ in range(samples):
        rows = []
        for (a, b), scores in games.items():
            pick = [scores[rng.randrange(len(scores))] for _ in scores]
            rows.append((a, b, sum(pick), len(pick)))
        for name, r in elo_ratings(rows).items():
            ratings[name].append(r)
    out = {}
    for name, rs in ratings.items():
        rs.sort()
        out[name] = (rs[int(0.025 * (len(rs) - 1))], rs[int(0.975 * (len(rs) - 1))]) if rs else (math.nan, math.nan)
    return out
