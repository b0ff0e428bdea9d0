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
3. **An evaluator per game** (:data:`EVALUATORS`): a formula from the rules that
   says how well each player is doing, squashed into [0, 1] by a logistic curve.

:class:`Rollout` combines the three; :func:`default_rollout` picks, per game, the
combination the strong bot uses (measured in ``benchmarks/search.py``). Everything
random uses the generator it is handed, so a seeded search stays reproducible.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any

from boardgames_widgets.agents.greedy import HEURISTICS, Heuristic
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


#: Food Chain: a lead of this many points counts as about a 3-to-1 favourite.
FOOD_CHAIN_SCALE = 2.0

#: Food Chain: points a cheese card risks per empty square beside it, per point of its value.
FOOD_CHAIN_EXPOSURE = 0.15


def food_chain_evaluator(game: Game[Any, Any], state: Any) -> tuple[float, ...]:
    """Score the table as if the game ended now (FC-E2, FC-E3): each player's lead, squashed.

    The tie-break (more cheese on the table) adds a tenth of a point per card, and
    each cheese loses :data:`FOOD_CHAIN_EXPOSURE` of its value per empty square beside it.
    """
    if game.is_terminal(state):
        return game.returns(state)
    from boardgames_widgets.games.food_chain.rules import CHEESE, score

    result = score(state)
    points = [pts + 0.1 * c for pts, c in zip(result.points, result.cheese_left, strict=True)]
    occupied = {(p.row, p.col) for p in state.table}
    for p in state.table:  # a cheese beside an empty square may meet a mouse there later
        if p.card.kind == CHEESE:
            empty = sum((p.row + dr, p.col + dc) not in occupied for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)))
            points[p.card.owner] -= FOOD_CHAIN_EXPOSURE * p.card.value * empty
    return share_by_margin(margins(points), FOOD_CHAIN_SCALE)


#: Papageno's round-win model (:func:`papageno_round_chances`), fitted by maximum likelihood on
#: 20,000 Greedy-vs-Greedy games (``benchmarks/papageno_round_model.py``): the weight points
#: of lead that count as one unit of logistic odds with every card face up ...
PAPAGENO_SCALE = 1.53
#: ... and how much that grows per face-down card left in the two areas (a lead is less sure
#: while cards are still hidden).
PAPAGENO_SCALE_PER_DOWN = 0.93
#: Log-odds per face-down card fewer than the opponent: fewer cards to turn up, so the round
#: can be ended sooner (PA-E1).
PAPAGENO_DOWN_WEIGHT = 0.34
#: Log-odds for being the player to move (a turn ahead), against -this for waiting.
PAPAGENO_TEMPO = 0.32


def papageno_round_chances(game: Game[Any, Any], state: Any) -> tuple[float, ...]:
    """Each player's estimated chance of winning the current round of ``state``.

    Every area's total is estimated as the Greedy heuristic does (face-down cards at
    the average unseen weight, equal columns cancelled). Player ``i``'s log-odds
    against the leading other player ``j`` are::

        lead / (PAPAGENO_SCALE + PAPAGENO_SCALE_PER_DOWN * (down_i + down_j))
        + PAPAGENO_DOWN_WEIGHT * (down_j - down_i) + PAPAGENO_TEMPO * (+1 to move, -1 not)

    where ``lead`` is ``j``'s estimated total minus ``i``'s and ``down`` counts
    face-down cards; the chances are then normalized to sum to 1. With two
    players this is the logistic model fitted on Greedy self-play: a 2-point lead
    with everything face up is worth about 79%, with four cards face down on each
    side only about 56%; a player who is to move with one face-down card against
    two wins an even-looking round about 66% of the time.
    """
    from boardgames_widgets.agents.greedy import _papageno_area, _papageno_unknown

    deck = game.deck  # type: ignore[attr-defined]
    unknown = _papageno_unknown(game, state)  # the unseen counts are public: a state has them too
    totals = [_papageno_area(grid, deck, unknown) for grid in state.grids]
    down = [sum(card is None for card in grid) for grid in state.grids]
    raw = []
    for i, total in enumerate(totals):
        j = min((k for k in range(len(totals)) if k != i), key=totals.__getitem__)
        scale = PAPAGENO_SCALE + PAPAGENO_SCALE_PER_DOWN * (down[i] + down[j])
        tempo = PAPAGENO_TEMPO if state.actor == i else -PAPAGENO_TEMPO
        raw.append(logistic((totals[j] - total) / scale + PAPAGENO_DOWN_WEIGHT * (down[j] - down[i]) + tempo))
    norm = sum(raw)
    return tuple(r / norm for r in raw)


def papageno_evaluator(game: Game[Any, Any], state: Any) -> tuple[float, ...]:
    """Rounds won so far plus this round's estimated chances, as a chance of winning the game.

    This round's chances come from :func:`papageno_round_chances`; later rounds count
    as even (each player 1/n).
    """
    if game.is_terminal(state):
        return game.returns(state)
    from boardgames_widgets.games.papageno.rules import Phase

    need = game.rounds_to_win  # type: ignore[attr-defined]
    if state.phase is Phase.ROUND_OVER:  # the round is scored: its win is in round_wins already
        return _even_match_chances(tuple(state.round_wins), need)
    return _match_chances(state.round_wins, papageno_round_chances(game, state), need)


def papageno_round_over(game: Game[Any, Any], state: Any) -> bool:
    """Whether the Papageno round of ``state`` has been scored (PA-E3) and the next is not dealt
    yet: where :data:`~boardgames_widgets.agents.strong.STRONG_ROLLOUT`'s playouts stop."""
    from boardgames_widgets.games.papageno.rules import Phase

    return state.phase is Phase.ROUND_OVER


def _match_chances(wins: Sequence[int], round_chance: Sequence[float], need: int) -> tuple[float, ...]:
    """Each player's chance to be first to ``need`` round wins when this round goes to
    each player with ``round_chance`` and every later round is even (ties ignored)."""
    total = [0.0] * len(wins)
    for p, odds in enumerate(round_chance):
        after = _even_match_chances(tuple(w + (q == p) for q, w in enumerate(wins)), need)
        for q in range(len(wins)):
            total[q] += odds * after[q]
    return tuple(total)


@lru_cache(maxsize=1024)
def _even_match_chances(wins: tuple[int, ...], need: int) -> tuple[float, ...]:
    """Each player's chance to be first to ``need`` round wins if every round is even."""
    n = len(wins)
    best = max(wins)
    if best >= need:
        winners = [p for p in range(n) if wins[p] == best]
        return tuple(1.0 / len(winners) if p in winners else 0.0 for p in range(n))
    total = [0.0] * n
    for p in range(n):
        after = _even_match_chances(tuple(w + (q == p) for q, w in enumerate(wins)), need)
        for q in range(n):
            total[q] += after[q] / n
    return tuple(total)


#: Chop Chop: weights of the mice's progress in the evaluator (see :func:`chop_chop_evaluator`).
CHOP_CHOP_WEIGHTS: dict[str, float] = {
    "cheese": 0.45,  # per cheese the mice hold
    "mouse": 0.9,  # per mouse still free
    "hole_up": 0.25,  # per hole tile turned up
    "uncovered": 1.0,  # per cheese the cat has uncovered (only a fork can fetch it now)
    "threat": 3.0,  # per mouse, times the chance the cat's next roll can reach it
    "bias": -4.6,  # the mice start well behind: no cheese yet
}


def chop_chop_evaluator(game: Game[Any, Any], state: Any) -> tuple[float, ...]:
    """The mice's chance of winning from their progress: cheese, free mice, holes opened.

    ``logistic(bias + cheese·w + free mice·w + holes up·w − uncovered cheese·w −
    threat·w)``, where the threat adds up, over the mice on open floor, the chance
    that the cat's roll matches their distance (:func:`chop_chop_catch_chance`; the
    cat may still have to move first, so half of it on the mice's turn). The cat
    (seat 0) gets the rest, the mouse players share the mice's part. When
    too little cheese is left within the mice's reach (held, still face down, or
    uncovered with a fork still face down to fetch it), the mice cannot win (CC-W2):
    the cat gets everything.
    """
    if game.is_terminal(state):
        return game.returns(state)
    from boardgames_widgets.games.chop_chop.layout import TILES, Tile
    from boardgames_widgets.games.chop_chop.rules import UNCOVERED_CHEESE

    w = CHOP_CHOP_WEIGHTS
    n = game.num_players
    free = sum(1 for m in state.mice if m >= 0)
    uncovered = sum(1 for t in state.tiles if t == UNCOVERED_CHEESE)
    hidden_cheese = state.hidden[TILES.index(Tile.CHEESE)]
    forks = state.hidden[TILES.index(Tile.FORK)]
    if free == 0 or state.cheese + hidden_cheese + min(uncovered, forks) < game.cfg.cheese_to_win:  # type: ignore[attr-defined]
        return (1.0,) + (0.0,) * (n - 1)
    layout, die = game.layout, game.cfg.cat_die  # type: ignore[attr-defined]
    threat = 0.0
    if state.cat >= 0:
        cr, cc = layout.coords[state.cat]
        for m in state.mice:
            if 0 <= m < layout.n_floor and not layout.table[m]:  # CC-C1: under the table or in a hole is safe
                r, c = layout.coords[m]
                threat += chop_chop_catch_chance(abs(r - cr) + abs(c - cc), die)
    if state.mice_turn:
        threat /= 2
    x = (
        w["bias"]
        + w["cheese"] * state.cheese
        + w["mouse"] * free
        + w["hole_up"] * sum(state.holes_up)
        - w["uncovered"] * uncovered
        - w["threat"] * threat
    )
    mice = logistic(x)
    return (1.0 - mice,) + (mice / (n - 1),) * (n - 1)


def chop_chop_catch_chance(distance: int, die: Sequence[int]) -> float:
    """The chance that a roll of the cat's ``die`` lets a walk end ``distance`` squares away.

    On a grid a walk of ``r`` steps ends an even or odd number of squares away as ``r``
    is even or odd, and no farther than ``r``: so the roll must be at least the
    distance and of the same parity (pieces in the way are ignored).

    >>> chop_chop_catch_chance(1, (1, 1, 2, 2, 2, 3))  # a roll of 1 or 3
    0.5
    """
    return sum(1 for r in die if r >= distance and (r - distance) % 2 == 0) / len(die)


#: Mouse Trap: a lead of this much "safety" counts as a 3-to-1 favourite (see the evaluator).
MOUSE_TRAP_SCALE = 6.0


def mouse_trap_evaluator(game: Game[Any, Any], state: Any) -> tuple[float, ...]:
    """Free mice share the win; among them, cheese (to move others into the trap) counts."""
    if game.is_terminal(state):
        return game.returns(state)
    values = [-100.0 if caught else float(c) for caught, c in zip(state.caught, state.cheese, strict=True)]
    return share_by_margin(margins(values), MOUSE_TRAP_SCALE)


#: The evaluator of each game, by game id.
EVALUATORS: dict[str, Evaluator] = {
    "food_chain": food_chain_evaluator,
    "papageno": papageno_evaluator,
    "chop_chop": chop_chop_evaluator,
    "mouse_trap": mouse_trap_evaluator,
}
