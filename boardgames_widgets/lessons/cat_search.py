"""The cat and the last mouse (search lesson 3, ``notebooks/lessons/search/03_expectimax.ipynb``).

The :class:`~boardgames_widgets.lessons.game_trees.GameTree` with chance nodes left in, for
the Chop Chop cat: :func:`expectimax_value` (with ``chance="average"`` for expectimax,
``"worst"`` for minimax that treats the dice as an opponent), endgames with one mouse carrying
the last cheese home (:func:`cat_endgame`), an evaluation function (:func:`cat_evaluation`),
a cat agent (:class:`SearchCat`), games played on from a position (:func:`play_from`) and a
small duplicate tournament (:func:`cat_duel`). The lessons reach these through
:mod:`~boardgames_widgets.lessons.search_tools`.

Values are from the point of view of player 0 (MAX): the cat's chance to win.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import Any

from boardgames_widgets.analysis.chop_chop import reachable
from boardgames_widgets.core.api import Game
from boardgames_widgets.core.rng import derive_seed
from boardgames_widgets.core.session import Session
from boardgames_widgets.games.chop_chop.layout import Coord
from boardgames_widgets.games.chop_chop.rules import ChopChop, ChopChopState, Move
from boardgames_widgets.lessons import text as tx
from boardgames_widgets.lessons.game_trees import CHANCE_NODE, END, MAX, GameTree

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
