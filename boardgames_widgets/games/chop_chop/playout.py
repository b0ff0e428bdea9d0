"""Chop Chop's fast random playout: the rules' own steps on one mutable draft.

:meth:`~boardgames_widgets.core.api.Game.random_playout` defines what it must equal (the same
draws from the generator, the same returns); the conformance suite checks it does, and the
tests compare the final position with the definition's on many seeded games.

Most of a random game is a die roll, a move as rolled, perhaps a tile turned that is a
broken plate or cheese, and the next turn. :func:`play` does those steps written out in one
loop — the moves of :func:`.moves.table_moves` (the masks of :func:`.moves.masks`, the walk
tables and the moves they remember), :meth:`~.rules.ChopChop._move`,
:meth:`~.rules.ChopChop._resolve`, :meth:`~.rules.ChopChop._end_turn` with the usual answer
of :meth:`.deadness.Deadness.is_dead`, and :meth:`~.rules.ChopChop._start_turn` — with no
list of moves and no call per piece or step (a playout spent more time calling than
deciding), writing to the draft only what the turn leaves changed. Everything else (a catch,
a hole tile turned, extra steps, an arrow, a fork, a knife's skipped turn, a win, any other
answer of the dead-position test, a custom die's long moves) goes through the rules' own
methods, unchanged.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, cast

from boardgames_widgets.core.rng import index_drawer
from boardgames_widgets.games.chop_chop.actions import _REVEALS, CAT
from boardgames_widgets.games.chop_chop.layout import TILES, Tile
from boardgames_widgets.games.chop_chop.moves import ROLL_STRIDE, build_table, nth_move, remember
from boardgames_widgets.games.chop_chop.paths import TABLE_MAX_STEPS
from boardgames_widgets.games.chop_chop.state import (
    DRAW,
    FACE_DOWN,
    NO_TILE,
    UNCOVERED_CHEESE,
    ChopChopState,
    Phase,
    _Draft,
)

if TYPE_CHECKING:
    from boardgames_widgets.games.chop_chop.rules import ChopChop


def random_playout(game: ChopChop, state: ChopChopState, rng: random.Random) -> tuple[float, ...]:
    """:meth:`Game.random_playout` on one mutable draft: the same draws from ``rng``
    and the same returns, faster (see :func:`play`)."""
    return game.returns(cast(ChopChopState, play(game, state, rng)))


def play(game: ChopChop, state: ChopChopState, rng: random.Random) -> _Draft:
    """The random game from ``state`` to its end, as :meth:`Game.random_playout` plays it
    (the same draws from ``rng``): the final position, as a draft.

    Each step changes the draft in place (no new state), and a move is drawn among the
    moves of :meth:`~.rules.ChopChop._moves_by_piece`, in the order of
    :meth:`~.rules.ChopChop.legal_actions`, without building the actions themselves.
    Chance draws as :meth:`~.rules.ChopChop.sample_chance` (``below`` draws as ``rng.randrange``).
    """
    below = index_drawer(rng)
    d = _Draft(state)
    view = cast(ChopChopState, d)  # the rules read a draft as a state (the same fields)
    # each die's faces by side (mice: True) and how many, as sample_chance draws them
    faces = {mice: ([r.value for r in rolls], len(rolls)) for mice, rolls in game._roll_faces.items()}
    # and the bits a draw takes (when ``below`` draws with ``getrandbits``, see index_drawer)
    mice_faces, cat_faces = ((*faces[side], faces[side][1].bit_length()) for side in (True, False))
    direct = below != rng.randrange
    getrandbits = rng.getrandbits
    nn = game.layout.n_cells**2
    roll, move, extra, arrow, reveal = Phase.ROLL, Phase.MOVE, Phase.EXTRA, Phase.ARROW, Phase.REVEAL
    moves_by_piece, move_piece, end_turn = game._moves_by_piece, game._move, game._end_turn
    jump_targets = game._jump_targets
    # what the written-out roll, move and next turn read (see moves.masks, rules._move, _end_turn)
    lay = game.layout
    n, nf = game._n_cells, lay.n_floor
    bits = game._mask_tables
    holes, floor, bit, open_floor, entrance = bits.holes, bits.floor, bits.bit, bits.open_floor, bits.entrance
    every_cell = game._every_cell
    on_table = lay.table
    roll_walks = game._roll_walks
    cat_walks = roll_walks[0]
    deadness = game._deadness
    tile_masks, is_dead, open_is_live = deadness.tile_masks, deadness.is_dead, deadness._open_is_live
    max_turns, cheese_to_win = game.cfg.max_turns, game.cfg.cheese_to_win
    mouse_seats = game.num_players - 1
    dead_tables, tables, off_table = deadness._cache, deadness._tables, deadness._off_table
    cheese_kind, fork_kind, arrow_kind = deadness._kinds
    plate_kind = TILES.index(Tile.PLATE)
    known_tiles: tuple[int, ...] | None = None  # the tiles `cheese` and `face_down` were computed for
    face_down = 0
    path: tuple[int, ...]  # the move played this turn (empty: Pass)
    found: int | None
    cheese = 0
    while True:
        phase = d.phase
        if phase is roll:
            mice_turn = d.mice_turn
            values, count, width = mice_faces if mice_turn else cat_faces
            if direct:  # below(count), written out (the same draws)
                r = getrandbits(width)
                while r >= count:
                    r = getrandbits(width)
                steps = values[r]
            else:
                steps = values[below(count)]
            if steps > TABLE_MAX_STEPS:  # a custom die's long move: the search (below)
                d.roll = steps
                d.phase = move
                continue
            # -- the move as rolled (moves.table_moves written out) --
            tiles = d.tiles
            if tiles is not known_tiles:
                cheese, face_down = tile_masks(tiles)
                known_tiles = tiles
            mice = d.mice
            if not mice_turn:  # CC-S4: the cat player moves the cat (moves.masks, line by line)
                blocked = cheese | holes  # CC-T2; CC-M8: never a hole
                for p in mice:
                    blocked |= open_floor[p]  # CC-M3: the cat may end on a mouse, not pass it
                stop = floor & ~cheese
                if mice.count(-1) == len(mice) - 1:  # one mouse left: if in a hole, not on its entrance (CC-W3)
                    stop &= ~entrance[max(mice)]
                start = d.cat
                table = cat_walks[start * ROLL_STRIDE + steps] or build_table(game, CAT, start, steps, -1)
                seen = (blocked | (every_cell ^ stop) << n) & table.reach
                found = table.memo.get(seen)
                if found is None:
                    found = remember(game, table, seen)
                if not found:  # CC-M10: Pass, the only action
                    below(1)
                    path = ()
                else:
                    i = below(found.bit_count())
                    while i:  # the i-th move: its walk is the i-th bit from the lowest
                        found &= found - 1
                        i -= 1
                    path = table.paths[(found & -found).bit_length() - 1]
                    dest = path[-1]
                    if not on_table[dest] and (dest in mice or tiles[dest] == FACE_DOWN):
                        # a catch (CC-C1) or a tile turned (CC-T0): the rules' own move
                        d.roll = steps
                        d.phase = move
                        move_piece(d, CAT, path)
                        continue
                    # -- rules._move, the cat's part: nothing happens on arrival --
                    d.path = path
                    d.cat = dest
            else:  # the mice: CC-S4 any mouse still in play, CC-T6 the same mouse after a knife
                lock = d.lock
                if lock >= 0 and mice[lock] < 0:  # (no such position in a game) the rules' own moves
                    d.roll = steps
                    d.phase = move
                    continue
                occupied = 0
                for p in mice:
                    occupied |= bit[p]
                # CC-T2; CC-M8: a hole only as the last step; CC-M3 (CC-M5, CC-M6)
                blocked = cheese | holes | occupied & floor | open_floor[d.cat]
                stop = floor & ~blocked | holes & ~occupied  # CC-M8: one mouse per hole
                bad = blocked | (every_cell ^ stop) << n
                total = 0
                groups = []
                for piece, start in enumerate(mice):
                    if start < 0 or (lock >= 0 and piece != lock):
                        continue
                    table = roll_walks[piece + 1][start * ROLL_STRIDE + steps] or build_table(
                        game, piece, start, steps, -1
                    )
                    seen = bad & table.reach
                    found = table.memo.get(seen)
                    if found is None:
                        found = remember(game, table, seen)
                    if found:
                        total += found.bit_count()
                        groups.append((piece, table, found))
                if not total:  # CC-M10: Pass, the only action
                    below(1)
                    path = ()
                else:
                    i = below(total)
                    for group in groups:  # the mouse of the i-th move
                        count = group[2].bit_count()
                        if i < count:
                            break
                        i -= count
                    piece, table, found = group
                    while i:  # the i-th move of this mouse
                        found &= found - 1
                        i -= 1
                    path = table.paths[(found & -found).bit_length() - 1]
                    start, dest = path[0], path[-1]
                    if (
                        d.carried
                        or (start >= nf and not d.holes_up[start - nf])
                        or (d.cheese >= cheese_to_win if dest >= nf else tiles[dest] == FACE_DOWN)
                    ):  # cheese carried (CC-W2), a hole tile turned (CC-M9), a tile turned (CC-T0):
                        d.roll = steps
                        d.phase = move
                        move_piece(d, piece, path)  # the rules' own move
                        continue
                    # -- rules._move, the mice's part: nothing happens on arrival --
                    d.path = path
                    mice = d.mice = (*mice[:piece], dest, *mice[piece + 1 :])
        elif phase is reveal:  # draw_by_counts, drawing its number with below (the same draws)
            hidden = d.hidden
            r = below(sum(hidden)) - hidden[0]
            kind = 0  # the kind drawn
            while r >= 0:
                kind += 1
                r -= hidden[kind]
            mice_turn = d.mice_turn
            if not (
                kind == plate_kind
                or (not mice_turn and kind in (cheese_kind, fork_kind))
                or (kind == cheese_kind and d.cheese + 1 < cheese_to_win)
            ):
                game._step(d, _REVEALS[kind], ())  # extra steps, an arrow, a fork, a knife, a win
                continue
            # -- rules._step and _resolve: a broken plate (CC-T1), cheese (CC-T2), the cat's fork --
            d.hidden = (*hidden[:kind], hidden[kind] - 1, *hidden[kind + 1 :])
            tiles = d.tiles
            if mice_turn:
                cell = d.mice[d.mouse]
                d.tiles = (*tiles[:cell], NO_TILE, *tiles[cell + 1 :])
                if kind == cheese_kind:
                    d.cheese += 1  # CC-T2 (not the last cheese: no win to check)
            else:
                cell = d.cat
                # CC-T2: the cat sits on uncovered cheese; CC-T1, CC-T5: a plate or a fork is gone
                d.tiles = (*tiles[:cell], UNCOVERED_CHEESE if kind == cheese_kind else NO_TILE, *tiles[cell + 1 :])
            tiles = d.tiles
            cheese, face_down = tile_masks(tiles)
            known_tiles = tiles
            mice = d.mice
            path = ()  # (the move's fields are the draft's already)
        elif phase is arrow:  # CC-T4: a jump to any target, or Decline (the order of legal_actions)
            piece = d.mouse if d.mice_turn else CAT
            cells = jump_targets(view, piece)
            i = below(len(cells) + 1)
            if i < len(cells):
                move_piece(d, piece, (d.cat if piece == CAT else d.mice[piece], cells[i]))
            else:
                end_turn(d)
            continue
        elif phase is move or phase is extra:
            # the i-th legal action, found piece by piece (no list of actions built)
            groups2, last = moves_by_piece(view)
            i = below(sum([found.bit_count() for _, _, found in groups2]) + (last != 0))
            for keys, paths, found in groups2:
                count = found.bit_count()
                if i < count:
                    walk = nth_move(found, i)
                    move_piece(d, keys[walk] // nn - 1, paths[walk])
                    break
                i -= count
            else:  # Pass or Decline
                end_turn(d)
            continue
        elif phase is Phase.OVER:
            return d
        else:  # PLACE, FORK
            legal = game.legal_actions(view)
            game._step(d, legal[below(len(legal))], ())
            continue
        # -- rules._end_turn and _start_turn: the next turn (CC-S4, CC-W5); after a move
        # the draft still says ROLL, as the next turn starts (is_dead reads no MOVE phase) --
        if d.mice_skip or d.cat_skip:  # a knife's skipped turn (CC-T6): the rules' own
            if phase is roll:
                d.roll = steps
                d.phase = move
            if path:  # what rules._move set and _start_turn resets
                d.last_from = path[-2]
                if mice_turn:
                    d.mouse = piece  # CC-M7
            end_turn(d)
            continue
        turns = d.turns = d.turns + 1
        if cheese or not open_is_live:
            # CC-W5: deadness.is_dead's usual answer written out (the cat can still meet
            # every mouse: live); any other answer is is_dead's own
            cat_comp, mouse_comp, anywhere, arrow_catch = dead_tables.get(cheese) or tables(cheese)
            reach = cat_comp[d.cat]
            catch = reach & ~cheese if reach & (reach - 1) else 0
            arrows = d.hidden[arrow_kind] > 0
            if arrows and reach & face_down & off_table:
                catch |= arrow_catch
            catch &= off_table
            for p in mice:
                if p >= 0:
                    reach = mouse_comp[p]
                    if arrows and reach & face_down:
                        reach |= anywhere
                    if not reach & catch:
                        dead = is_dead(d)
                        break
            else:
                dead = False
        else:
            dead = False
        if turns >= max_turns or dead:
            d.phase = Phase.OVER  # CC-W5: a draw (rules._finish)
            d.winner = DRAW
            d.roll = 0
            if path:  # what rules._move set
                d.last_from = path[-2]
                if mice_turn:
                    d.mouse = piece  # CC-M7
            return d
        d.phase = roll
        d.roll = 0
        d.last_from = -1
        d.lock = -1
        d.mouse = -1
        if mice_turn:
            d.mice_turn = False
            d.seat = 0  # CAT_SEAT
        else:
            d.mice_turn = True
            seat = d.seat = d.next_mouse_seat  # CC-S4: mouse turns rotate among the mouse players
            d.next_mouse_seat = seat % mouse_seats + 1
