"""Chop Chop's legal moves, fast: what blocks a piece as bit masks, and move actions as keys.

:meth:`~.rules.ChopChop.legal_actions` filters the precomputed walk tables of
:mod:`.paths` with the masks of :func:`masks` (bit sets of cells: which walks a blocked
cell stops is precomputed too, :class:`PieceWalks`) and names each move by an integer
key (:func:`action_key`), so a playout never builds an action it does not play;
:func:`options` turns the keys into the actions (each :class:`Move` made once) and keeps
them for the last state asked about. The masks are the same rules as
:meth:`~.rules.ChopChop.passable`, line by line, in another form.

A piece's moves from a square depend only on which cells of its walks are blocked
(:attr:`PieceWalks.reach`), and positions repeat those cells often (the same rolls from
the same squares past the same cheese): :func:`table_moves` remembers the moves it found
under each pattern of blocked cells (about 78% of the moves of random games are found
remembered). Remembered or not, the moves are the same (the tests compare both with the
search itself).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from boardgames_widgets.games.chop_chop.actions import CAT, DECLINE, PASS, Action, Decline, Jump, Move, Pass, jump
from boardgames_widgets.games.chop_chop.layout import Coord, Layout
from boardgames_widgets.games.chop_chop.paths import TABLE_MAX_STEPS, Walk, walk_table
from boardgames_widgets.games.chop_chop.state import ChopChopState, Phase

if TYPE_CHECKING:
    from boardgames_widgets.games.chop_chop.rules import ChopChop


class MaskTables:
    """A layout's cells as bits, for :func:`masks` (each table has one more entry, 0, so
    that index -1, "nowhere", adds no bit).

    Attributes:
        floor: every floor square (table squares included).
        holes: every hole.
        bit: per cell, its bit.
        open_floor: per cell, its bit if it is a floor square without the table over it.
        entrance: per cell, the bit of its entrance square if it is a hole.
    """

    __slots__ = ("bit", "entrance", "floor", "holes", "open_floor")

    def __init__(self, lay: Layout) -> None:
        nf, n = lay.n_floor, lay.n_cells
        self.floor = (1 << nf) - 1
        self.holes = ((1 << n) - 1) ^ self.floor
        self.bit = (*[1 << c for c in range(n)], 0)
        self.open_floor = (*[1 << c if c < nf and not lay.table[c] else 0 for c in range(n)], 0)
        self.entrance = (*[1 << lay.entrance[c - nf] if c >= nf else 0 for c in range(n)], 0)


def masks(game: ChopChop, state: ChopChopState, piece: int) -> tuple[int, int]:
    """The rules of :meth:`~.rules.ChopChop.passable` as two bit masks (bit ``c`` for cell ``c``): the cells ``piece``
    may not pass through, and the cells it may stop on. The same rules, line by line;
    masks let :func:`table_moves` test a whole walk with one ``&``.
    """
    bits = game._mask_tables
    tiles, cheese, _ = game._deadness.tiles_memo  # tiles change rarely: the last masks made
    if tiles is not state.tiles:
        cheese = game._deadness.tile_masks(state.tiles)[0]
    mice = state.mice
    if piece == CAT:
        blocked = cheese | bits.holes  # CC-T2; CC-M8: never a hole
        open_floor = bits.open_floor
        for p in mice:
            blocked |= open_floor[p]  # CC-M3: the cat may end on a mouse, not pass it (CC-M5, CC-M6)
        stop = bits.floor & ~cheese
        if mice.count(-1) == len(mice) - 1:  # one mouse left: if in a hole, not on its entrance (CC-W3)
            stop &= ~bits.entrance[max(mice)]
        return blocked, stop
    occupied = 0
    bit = bits.bit
    for p in mice:
        occupied |= bit[p]
    # CC-T2; CC-M8: a hole only as the last step; CC-M3: no passing, and no stopping on, another
    # mouse, nor the cat unless it is on the table top (CC-M5, CC-M6)
    blocked = cheese | bits.holes | occupied & bits.floor | bits.open_floor[state.cat]
    stop = bits.floor & ~blocked | bits.holes & ~occupied  # CC-M8: one mouse per hole
    return blocked, stop


#: One piece's moves: every walk's move key and path (in the order of the search), and the
#: moves among them as a walk set (bit ``i`` for walk ``i``; see :class:`PieceWalks`): the
#: moves in the order of :meth:`~.rules.ChopChop.legal_actions` are its bits from the lowest.
Moves = tuple[tuple[int, ...], tuple[tuple[int, ...], ...], int]

#: The walk tables of moves as rolled are indexed ``start * ROLL_STRIDE + steps`` (a die
#: face is at most 8, see :data:`~.layout.PARAMETER_RANGES`).
ROLL_STRIDE = 9

#: Moves a game remembers (:func:`table_moves`) in one generation: past it, a new
#: generation starts and the one before the last is forgotten (what the last one found
#: again moves into the new one), so the moves in use stay. A bound on memory (about
#: 190 bytes each, two generations: at most about 12 MB a game object); fresh random games
#: find about 80-85% of their moves remembered.
MEMO_LIMIT = 1 << 15


class PieceWalks:
    """One piece's walks from one square (a :func:`~.paths.walk_table` with the piece's
    move keys), and the moves they gave under each pattern of blocked cells met so far.

    Walk ``i`` of the table is bit ``i`` of a *walk set* (an int). A piece's moves are a
    walk set: per move key the first walk nothing stops, so its moves in the order of
    :meth:`~.rules.ChopChop.legal_actions` are its bits from the lowest.

    Attributes:
        keys, paths: per walk, its move key and its path, in the order of the search.
        reach: every bit of every walk (see :data:`~.paths.Walk`): the only cells whose
            blocking matters.
        stopped_by: per bit of a walk (a cell passed, a landing), the walks with it.
        firsts: the first walk of each move key (the moves when nothing is in the way).
        later: per walk, the later walks with its move key, in order.
        every: all walks.
        memo: ``bad & reach`` (see :func:`table_moves`) -> the moves as a walk set.
        old: the memo of the generation before (see :data:`MEMO_LIMIT`).
        walks_of: per move key, its walks (a walk set).
    """

    __slots__ = ("every", "firsts", "keys", "later", "memo", "old", "paths", "reach", "stopped_by", "walks_of")

    def __init__(self, walks: tuple[Walk, ...], base: int, n_cells: int) -> None:
        self.keys = tuple(base + outcome for _, outcome, _ in walks)
        self.paths = tuple(path for _, _, path in walks)
        stopped_by = [0] * (2 * n_cells)
        by_key: dict[int, list[int]] = {}
        reach = 0
        for i, (bits, outcome, _) in enumerate(walks):
            reach |= bits
            by_key.setdefault(outcome, []).append(i)
            while bits:
                low = bits & -bits
                stopped_by[low.bit_length() - 1] |= 1 << i
                bits ^= low
        later: list[tuple[int, ...]] = [()] * len(walks)
        firsts = 0
        for group in by_key.values():
            firsts |= 1 << group[0]
            for k, i in enumerate(group):
                later[i] = tuple(group[k + 1 :])
        self.reach = reach
        self.stopped_by = stopped_by
        self.firsts = firsts
        self.later = tuple(later)
        self.every = (1 << len(walks)) - 1
        self.memo: dict[int, int] = {}
        self.old: dict[int, int] = {}
        self.walks_of = {base + outcome: sum(1 << i for i in group) for outcome, group in by_key.items()}


def filter_walks(table: PieceWalks, bad: int) -> int:
    """The moves of ``table`` as a walk set: per move key the first walk with no bit in
    ``bad`` (blocked cells passed, landings where the piece may not stop) — the moves
    :func:`~.paths.first_paths` finds by searching, with the same paths, in the same order.

    One step per blocked cell (the walks it stops), and one per move whose first walk is
    stopped (its next walk that is not), never one per walk.
    """
    stopped = 0
    stopped_by = table.stopped_by
    while bad:
        low = bad & -bad
        stopped |= stopped_by[low.bit_length() - 1]
        bad ^= low
    firsts = table.firsts
    moves = firsts & ~stopped
    lost = firsts & stopped
    later = table.later
    while lost:  # a move whose first walk is stopped: its first walk that is not, if any
        low = lost & -lost
        for i in later[low.bit_length() - 1]:
            if not stopped >> i & 1:
                moves |= 1 << i
                break
        lost ^= low
    return moves


def table_moves(game: ChopChop, state: ChopChopState, pieces: Sequence[int], steps: int, forbid: int) -> list[Moves]:
    """The moves of each of ``pieces`` (all the cat, or all mice: they share :func:`masks`)
    of exactly ``steps`` whose first step is not ``forbid`` (CC-M1, CC-M2, CC-M4, CC-T3).

    Each piece's walk table from its square filtered by what blocks it now, remembered
    per pattern of blocked cells its walks touch (``bad & reach``): only those cells can
    change the result.
    """
    blocked, stop = masks(game, state, pieces[0])
    n = game._n_cells
    # a walk is out if it passes a blocked cell or lands where it may not stop
    bad = blocked | (game._every_cell ^ stop) << n
    tables = game._piece_walks
    out = []
    for piece in pieces:
        start = state.cat if piece == CAT else state.mice[piece]
        if forbid < 0:  # a move as rolled: its table by index (no key to build and hash)
            table = game._roll_walks[piece + 1][start * ROLL_STRIDE + steps]
        else:
            table = tables.get((piece, start, steps, forbid))
        if table is None:
            table = build_table(game, piece, start, steps, forbid)
        seen = bad & table.reach
        got = table.memo.get(seen)
        if got is None:
            got = remember(game, table, seen)
        out.append((table.keys, table.paths, got))
    return out


def build_table(game: ChopChop, piece: int, start: int, steps: int, forbid: int) -> PieceWalks:
    """The walk table of ``piece`` from ``start`` (made once per game, then found in
    ``game._piece_walks``, and in ``game._roll_walks`` for moves as rolled)."""
    lay, n = game.layout, game._n_cells
    walks = walk_table(lay.cat_nbrs if piece == CAT else lay.mouse_nbrs, start, steps, forbid, n)
    table = game._piece_walks[piece, start, steps, forbid] = PieceWalks(walks, (piece + 1) * n * n, n)
    if forbid < 0:
        game._roll_walks[piece + 1][start * ROLL_STRIDE + steps] = table
    return table


def remember(game: ChopChop, table: PieceWalks, seen: int) -> int:
    """The moves of ``table`` when ``seen`` (``bad & table.reach``) blocks it, not in its
    memo: from the generation before or filtered now, and remembered (:data:`MEMO_LIMIT`
    bounds the memory: past it, every table starts a new generation)."""
    if game._memo_size >= MEMO_LIMIT:  # a new generation (the oldest is forgotten)
        for other in game._piece_walks.values():
            other.old = other.memo
            other.memo = {}
        game._memo_size = 0
    got = table.old.get(seen)
    if got is None:
        got = filter_walks(table, seen)
    table.memo[seen] = got
    game._memo_size += 1
    return got


def move_path(game: ChopChop, state: ChopChopState, key: int) -> tuple[int, ...] | None:
    """The path of the action with ``key`` (:func:`action_key`) if it is legal in ``state``,
    else None: ``game._keyed(state).get(key)``, the check of :meth:`~.rules.ChopChop.apply`.

    A move as rolled or extra steps (the usual action of a saved game) needs only the
    moves of the piece it moves: its key names the piece, and a piece's moves do not
    depend on the other pieces that may move (:func:`table_moves`; their keys differ).
    So only that piece's walks are filtered, if it may move at all. Pass, Decline,
    arrows and a custom die's long moves ask :meth:`~.rules.ChopChop._keyed`.
    """
    phase = state.phase
    steps = state.roll
    if key < 0 or phase is Phase.ARROW or steps > TABLE_MAX_STEPS:
        return game._keyed(state).get(key)
    if phase is not Phase.MOVE and phase is not Phase.EXTRA:
        return None
    n = game._n_cells
    piece = key // (n * n) - 1
    # a piece of ChopChop._movers(state)? (its rules, without the list)
    forbid = -1
    if phase is Phase.EXTRA:
        may = piece == game.mover(state)  # CC-M7
        forbid = state.last_from  # CC-T3
    elif not state.mice_turn:
        may = piece == CAT  # CC-S4
    elif state.lock >= 0:
        may = piece == state.lock  # CC-T6
    else:
        may = 0 <= piece < len(state.mice) and state.mice[piece] >= 0  # CC-S4
    if not may:
        return None  # not a piece that may move now
    # table_moves(game, state, [piece], steps, forbid), the one walk set it finds, written out
    start = state.cat if piece == CAT else state.mice[piece]
    if forbid < 0:
        table = game._roll_walks[piece + 1][start * ROLL_STRIDE + steps]
    else:
        table = game._piece_walks.get((piece, start, steps, forbid))
    if table is None:
        table = build_table(game, piece, start, steps, forbid)
    walks = table.walks_of.get(key, 0)
    if not walks:
        return None  # no walk of that piece ends so (CC-M1, CC-M2, CC-M4)
    blocked, stop = masks(game, state, piece)
    seen = (blocked | (game._every_cell ^ stop) << n) & table.reach
    found = table.memo.get(seen)
    if found is None:
        found = remember(game, table, seen)
    walks &= found  # the one walk of the move if it is legal (CC-M3, CC-M8, CC-T2, CC-T3, CC-W3)
    return table.paths[walks.bit_length() - 1] if walks else None


def nth_move(moves: int, index: int) -> int:
    """The walk of the ``index``-th move (from 0) of a walk set of moves."""
    for _ in range(index):
        moves &= moves - 1
    return (moves & -moves).bit_length() - 1


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
        actions = [jump(piece, coords[key // n % n]) for key in keyed if key >= 0]
        actions.append(DECLINE)
    else:
        get = game._moves.get
        actions = [get(key) or make_move(game, key) for key in keyed if key >= 0]
        if -2 in keyed:
            actions.append(DECLINE)
        elif -1 in keyed:
            actions.append(PASS)
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
