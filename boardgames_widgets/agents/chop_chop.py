"""Chop Chop: Greedy's rule of thumb, the evaluator and the strong bot's settings.

What the agents know about this game, in one place (:mod:`boardgames_widgets.agents.knowledge`
collects it by game id): ``HEURISTIC`` (Greedy's rule of thumb), ``EVALUATOR`` (a
position's value for search), ``SEARCH`` (the strong bot's search settings),
``MIN_BUDGET`` (the least search a strong bot's move gets).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from boardgames_widgets.agents.rollout import logistic
from boardgames_widgets.agents.strong import EVALUATOR_C, SearchSettings
from boardgames_widgets.core.api import Game


# -- Greedy's rule of thumb -------------------------------------------------------------------
def _manhattan(a: tuple[int, int], b: tuple[int, int]) -> int:
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


def chop_chop_heuristic(game: Game[Any, Any], obs: Any, action: Any) -> float:
    """Cat: catch, else get close to a catchable mouse. Mice: cheese and holes, out of the cat's reach."""
    from boardgames_widgets.games.chop_chop import rules
    from boardgames_widgets.games.chop_chop.layout import TILES, Tile

    layout, state, cfg = game.layout, obs.state, game.cfg  # type: ignore[attr-defined]
    to = getattr(action, "to", getattr(action, "at", None))
    if isinstance(action, rules.TakeCheese):
        return 10.0
    if to is None:  # Pass, Decline: stay where we are
        return 0.0
    cell = layout.index[to]
    if obs.player == 0:  # the cat
        prey = [layout.coords[m] for m in state.mice if m >= 0 and not layout.is_hole(m) and not layout.table[m]]
        if to in prey:
            return 100.0  # CC-C1: a catch
        return -min((_manhattan(to, p) for p in prey), default=0)
    # a mouse
    value = 0.0
    if layout.is_hole(cell):
        value += 50.0 if state.cheese >= cfg.cheese_to_win else 1.0
    elif state.tiles[cell] == 1:  # a face-down tile: cheese with probability cheese left / tiles left
        value += 3.0 * state.hidden[TILES.index(Tile.CHEESE)] / max(1, sum(state.hidden))
    safe = layout.is_hole(cell) or layout.table[cell]
    if not safe and state.cat >= 0 and _manhattan(layout.coords[state.cat], to) <= max(cfg.cat_die):
        value -= 4.0
    return value


# -- the evaluator ----------------------------------------------------------------------------
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
    uncovered = state.tiles.count(UNCOVERED_CHEESE)
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


# -- what the agents know ---------------------------------------------------------------------
HEURISTIC = chop_chop_heuristic
EVALUATOR = chop_chop_evaluator
#: No playout (a random game lasts hundreds of moves): leaves are scored by the evaluator.
SEARCH = SearchSettings(evaluator=chop_chop_evaluator, c=EVALUATOR_C)
#: 68% (62-75) against Greedy in 200 fresh games at 6,000 iterations a move, 0.14 s CPU
#: (``benchmarks/results/strong_bots.txt``); 3,000 gave 64% (57-71) there: the mice's side
#: is where more search tells (0.39 of a point a game as the mice, against 0.335).
MIN_BUDGET = 6000
