"""Chop Chop's legal moves, fast: what blocks a piece as bit masks, and move actions as keys.

:meth:`~.rules.ChopChop.legal_actions` filters the precomputed walk tables of
:mod:`.paths` with the masks of :func:`masks` (one ``&`` tests a whole walk) and
names each move by an integer key (:func:`action_key`), so a playout never builds
an action it does not play; :func:`options` turns the keys into the actions (each
:class:`Move` made once) and keeps them for the last state asked about. The masks are
the same rules as :meth:`~.rules.ChopChop.passable`, line by line, in another form.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardgames_widgets.games.chop_chop.actions import CAT, Action, Decline, Jump, Move, Pass
from boardgames_widgets.games.chop_chop.layout import Coord
from boardgames_widgets.games.chop_chop.state import UNCOVERED_CHEESE, ChopChopState, Phase

if TYPE_CHECKING:
    from boardgames_widgets.games.chop_chop.rules import ChopChop


def masks(game: ChopChop, state: ChopChopState, piece: int) -> tuple[int, int]:
    """The rules of :meth:`~.rules.ChopChop.passable` as two bit masks (bit ``c`` for cell ``c``): the cells ``piece``
    may not pass through, and the cells it may stop on. The same rules, line by line;
    masks let :meth:`~.rules.ChopChop._keyed` test a whole walk with one ``&``.
    """
    lay = game.layout
    nf = lay.n_floor
    table = lay.table
    tiles, cheese = game._cheese_mask
    if tiles is not state.tiles:  # tiles change rarely: reuse the last mask
        tiles = state.tiles
        cheese = 0
        for c, t in enumerate(tiles):
            if t == UNCOVERED_CHEESE:
                cheese |= 1 << c
        game._cheese_mask = (tiles, cheese)
    floor = game._floor_cells
    holes = game._every_cell ^ floor
    blocked = cheese | holes  # CC-T2; CC-M8: a hole only as the last step
    if piece == CAT:
        stop = floor & ~cheese
        alive = [p for p in state.mice if p >= 0]
        for p in alive:
            if p < nf and not table[p]:
                blocked |= 1 << p  # CC-M3: the cat may end on a mouse, not pass it
        if len(alive) == 1 and alive[0] >= nf:
            stop &= ~(1 << lay.entrance[alive[0] - nf])  # CC-W3
        return blocked, stop
    for p in state.mice:
        if 0 <= p < nf:
            blocked |= 1 << p
    cat = state.cat
    if cat >= 0 and not table[cat]:
        blocked |= 1 << cat
    stop = (floor & ~blocked) | holes
    for p in state.mice:
        if p >= nf:
            stop &= ~(1 << p)  # CC-M8: one mouse per hole
    return blocked, stop


def move_key(game: ChopChop, piece: int, dest: int, via: int) -> int:
    """The key of a move of ``piece`` landing on ``dest`` from ``via`` (a jump: ``via`` is ``dest``)."""
    n = game.layout.n_cells
    return ((piece + 1) * n + dest) * n + via


def action_key(game: ChopChop, action: Action) -> int:
    """The key of a MOVE / EXTRA / ARROW action in :meth:`~.rules.ChopChop._options` (-3: none)."""
    key = game._move_keys.get(id(action))
    if key is not None:  # fast path: a Move this game made (from legal_actions)
        return key
    if isinstance(action, Pass):
        return -1
    if isinstance(action, Decline):
        return -2
    index = game.layout.index
    if isinstance(action, Move):
        dest, via = index.get(action.to, -1), index.get(action.via, -1)
    elif isinstance(action, Jump):
        dest = via = index.get(action.to, -1)
    else:
        return -3
    if dest < 0 or via < 0 or not -1 <= action.piece < game.layout.n_holes:
        return -3
    return move_key(game, action.piece, dest, via)


def make_move(game: ChopChop, key: int) -> Move:
    """The one :class:`Move` object of ``key`` (made once, then reused: its ``id`` finds its key)."""
    n = game.layout.n_cells
    coords = game.layout.coords
    piece, rest = divmod(key, n * n)
    # setdefault: a Move once stored is never replaced (even by another thread), so
    # every id in _move_keys stays the id of a live Move of this game
    move = game._moves.setdefault(key, Move(piece - 1, coords[rest // n], coords[rest % n]))
    game._move_keys[id(move)] = key
    return move


def options(game: ChopChop, state: ChopChopState) -> tuple[list[Action], dict[int, tuple[int, ...]]]:
    """The legal actions of a MOVE / EXTRA / ARROW phase (:meth:`~.rules.ChopChop._keyed`),
    and their paths by :func:`action_key` (cached for the last state asked about)."""
    cached = game._cache
    if cached[0] is state:
        return cached[1], cached[2]
    keyed = game._keyed(state)
    actions: list[Action]
    if state.phase is Phase.ARROW:
        n = game.layout.n_cells
        piece = game.mover(state)
        coords = game.layout.coords
        actions = [Jump(piece, coords[key // n % n]) for key in keyed if key >= 0]
        actions.append(Decline())
    else:
        get = game._moves.get
        actions = [get(key) or make_move(game, key) for key in keyed if key >= 0]
        if -2 in keyed:
            actions.append(Decline())
        elif -1 in keyed:
            actions.append(Pass())
    game._cache = (state, actions, keyed)
    return actions, keyed


def move_paths(game: ChopChop, state: ChopChopState) -> dict[Action, tuple[Coord, ...]]:
    """Each legal move or jump with its representative path (as coordinates)."""
    coords = game.layout.coords
    actions, keyed = game._options(state)
    out: dict[Action, tuple[Coord, ...]] = {}
    for a in actions:
        path = keyed[game._action_key(a)]
        if path:
            out[a] = tuple(coords[c] for c in path)
    return out
