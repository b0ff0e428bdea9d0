"""CC-W5: dead positions of Chop Chop, found by reachability over the kitchen.

A position is *dead* when neither side can ever reach its goal (RULES.md §1, CC-W5).
Deciding that exactly would need a search of the whole game; this module decides it
from an **over-approximation** of where each piece can ever get to, so it is sound —
it never calls a live position dead — and it catches every dead position that random
play produces (no random game reaches the turn limit, see
``benchmarks/chop_chop_deadness.py``).

The argument, step by step:

1. *Walls.* Uncovered cheese (CC-T2) is never passed nor stopped on. It leaves the
   board only when the mice reveal a fork (CC-T5). Until then walls only grow (the
   cat may uncover more cheese). So if no mouse can ever reveal a face-down tile while
   forks are still face down, the uncovered cheese is *permanent*; otherwise the
   check assumes every cheese may go (no walls at all), which can only make more
   squares reachable.
2. *Reach.* Every step of every move is an orthogonal step onto a square that is no
   wall, so a piece can only ever get to squares of its connected component of the
   kitchen without walls (the cat's graph: floor and table top; the mice's graph:
   floor, under the table, holes through their entrances). Other pieces block only
   for a while and dice lengths only restrict further: both are ignored, which again
   only adds squares. A piece that can reach a face-down tile while arrows (CC-T4)
   are face down may later jump anywhere: its reach is then every square.
3. *The cat's goal* (CC-W1) needs, for every mouse left, a square off the table
   (CC-C1: under the table and in holes a mouse is safe) that both the cat and that
   mouse can reach.
4. *The mice's goal* (CC-W2) needs enough cheese within reach (cheese already taken,
   face-down tiles the mice can reach — or every hidden and uncovered cheese if a
   fork may still come), every hole tile still down to have its mouse able to step
   out, and — unless the cheese was carried home already — a mouse able to step into
   a hole.

If neither goal passes its test the position is dead. Components are computed once
per set of walls and cached, so the check costs a few bit operations per turn.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from boardgames_widgets.games.chop_chop.layout import Layout

#: ``state.tiles`` values (as in :mod:`.rules`).
_FACE_DOWN, _UNCOVERED_CHEESE = 1, 2
#: A tile's binary digit in a mask of uncovered cheese, of face-down tiles (see
#: :meth:`Deadness.tile_masks`).
_CHEESE_DIGITS = bytes(ord("1") if t == _UNCOVERED_CHEESE else ord("0") for t in range(256))
_FACE_DOWN_DIGITS = bytes(ord("1") if t == _FACE_DOWN else ord("0") for t in range(256))
#: Cached component tables kept per layout before the cache is emptied.
_CACHE_LIMIT = 4096


class _Position(Protocol):
    """The fields of a Chop Chop state (or draft) that deadness reads."""

    @property
    def phase(self) -> object: ...
    @property
    def mice_turn(self) -> bool: ...
    @property
    def cat(self) -> int: ...
    @property
    def mice(self) -> tuple[int, ...]: ...
    @property
    def tiles(self) -> tuple[int, ...]: ...
    @property
    def hidden(self) -> tuple[int, ...]: ...
    @property
    def holes_up(self) -> tuple[bool, ...]: ...
    @property
    def cheese(self) -> int: ...
    @property
    def carried(self) -> bool: ...
    @property
    def mouse(self) -> int: ...


def _components(nbrs: tuple[tuple[int, ...], ...], cells: int, walls: int) -> list[int]:
    """Per cell, the bit mask of the cells reachable from it without entering a wall.

    A wall cell itself (the cat may sit on uncovered cheese) reaches itself and the
    components of its neighbours that are not walls.
    """
    comp = [0] * cells
    for start in range(cells):
        if comp[start] or walls >> start & 1:
            continue
        seen = 1 << start
        todo = [start]
        while todo:
            c = todo.pop()
            for n in nbrs[c]:
                bit = 1 << n
                if not seen & bit and not walls & bit:
                    seen |= bit
                    todo.append(n)
        c = seen
        while c:
            low = c & -c
            comp[low.bit_length() - 1] = seen
            c ^= low
    for start in range(cells):
        if walls >> start & 1:
            mask = 1 << start
            for n in nbrs[start]:
                if not walls >> n & 1:
                    mask |= comp[n]
            comp[start] = mask
    return comp


class Deadness:
    """The CC-W5 test for one kitchen layout and goal (see the module docstring).

    Args:
        layout: the kitchen.
        cheese_to_win: the cheese the mice need (CC-W2).
        cheese_kind: the index of cheese in ``state.hidden`` (``TILES`` order).
        fork_kind: the index of the fork.
        arrow_kind: the index of the arrow.
        arrow_phase, fork_phase: the rules' ARROW and FORK phases.
    """

    def __init__(
        self,
        layout: Layout,
        cheese_to_win: int,
        cheese_kind: int,
        fork_kind: int,
        arrow_kind: int,
        arrow_phase: object,
        fork_phase: object,
    ) -> None:
        self.layout = layout
        self.cheese_to_win = cheese_to_win
        self._kinds = (cheese_kind, fork_kind, arrow_kind)
        self._arrow_phase = arrow_phase
        self._fork_phase = fork_phase
        nf, cells = layout.n_floor, layout.n_cells
        self._nf = nf
        self._cells = cells
        self._floor = (1 << nf) - 1
        self._holes = ((1 << cells) - 1) ^ self._floor
        self._off_table = sum(1 << c for c in range(nf) if not layout.table[c])
        self._hole_bits = tuple(1 << layout.hole_cell(h) for h in range(layout.n_holes))
        self._cat_steps = tuple(sum(1 << n for n in layout.cat_nbrs[c]) for c in range(cells))
        self._cache: dict[int, tuple[list[int], list[int], int, int]] = {}
        self.tiles_memo: tuple[tuple[int, ...], int, int] = ((), 0, 0)  # see tile_masks
        # without uncovered cheese, can the cat meet every mouse wherever both stand? (the
        # kitchen is one piece for the cat, and every mouse can reach a square off the table)
        cat0, mouse0, _, _ = self._tables(0)
        self._open_is_live = all(cat0[c] & self._floor == self._floor for c in range(nf)) and all(
            mouse0[c] & self._off_table for c in range(cells)
        )

    def _tables(self, walls: int) -> tuple[list[int], list[int], int, int]:
        """Cat components, mouse components, the mice's reach after an arrow, and the
        squares the cat may step onto (so catch a mouse on) after an arrow."""
        got = self._cache.get(walls)
        if got is None:
            if len(self._cache) >= _CACHE_LIMIT:
                self._cache.clear()
            lay = self.layout
            cat = _components(lay.cat_nbrs, self._cells, walls | self._holes)
            mouse = _components(lay.mouse_nbrs, self._cells, walls)
            anywhere = 0
            free_floor = self._floor & ~walls
            c = free_floor
            while c:
                low = c & -c
                anywhere |= mouse[low.bit_length() - 1]
                c ^= low
            # CC-T4: the cat's arrow never lands on a mouse, so it catches only by a step
            # onto the mouse's square from a square next to it that is no wall
            steps = 0
            c = free_floor
            while c:
                low = c & -c
                steps |= self._cat_steps[low.bit_length() - 1]
                c ^= low
            got = self._cache[walls] = (cat, mouse, anywhere, steps & free_floor)
        return got

    def tile_masks(self, tiles: tuple[int, ...]) -> tuple[int, int]:
        """The uncovered cheese and the face-down tiles of ``tiles`` as bit masks (bit ``c``
        for square ``c``), remembered for the last ``tiles`` asked about (in
        :attr:`tiles_memo`, which the rules' move masks read too)."""
        memo = self.tiles_memo
        if memo[0] is tiles:
            return memo[1], memo[2]
        # each tile as a binary digit, read as one number (the last square the highest bit)
        raw = bytes(tiles)[::-1]
        cheese, face_down = int(raw.translate(_CHEESE_DIGITS), 2), int(raw.translate(_FACE_DOWN_DIGITS), 2)
        self.tiles_memo = (tiles, cheese, face_down)
        return cheese, face_down

    def is_dead(self, s: _Position) -> bool:
        """Whether neither side can ever reach its goal from ``s`` (CC-W5)."""
        if s.cat < 0:
            return False  # the cat is not placed yet: the game has not begun
        memo = self.tiles_memo
        if memo[0] is s.tiles:
            _, cheese, face_down = memo
        else:
            cheese, face_down = self.tile_masks(s.tiles)
        if not cheese and self._open_is_live:
            return False  # the cat can still catch every mouse (the fast path of a game's start)
        mice = s.mice
        if mice.count(-1) == len(mice):
            return False  # the cat has won already
        # the usual answer first: the cat can still meet every mouse even behind every
        # uncovered cheese. Fewer walls only let every piece reach more, so then it can
        # also with the walls decided below: the position is live.
        # (_cat_can_win written out: most positions of a game stop here)
        cat_comp, mouse, anywhere, arrow_catch = self._cache.get(cheese) or self._tables(cheese)
        reach = cat_comp[s.cat]
        catch = reach & ~cheese if reach & (reach - 1) else 0
        if s.phase is not self._arrow_phase:  # no arrow being used now (CC-T4)
            arrows = s.hidden[self._kinds[2]] > 0
            if arrows and reach & face_down & self._off_table:
                catch |= arrow_catch
            catch &= self._off_table
            for p in mice:
                if p >= 0:
                    reach = mouse[p]
                    if arrows and reach & face_down:
                        reach |= anywhere
                    if not reach & catch:
                        break
            else:
                return False
        elif self._cat_can_win(s, cheese, face_down):
            return False
        alive = [(m, p) for m, p in enumerate(s.mice) if p >= 0]
        walls = cheese
        if cheese:
            if s.phase is self._fork_phase:
                walls = 0  # a fork is being used now: a cheese leaves
            elif s.hidden[self._kinds[1]]:
                # could a mouse ever reveal a fork? (walls only grow until one does)
                _, mouse, anywhere, _ = self._tables(walls)
                arrows = s.hidden[self._kinds[2]] > 0
                for m, p in alive:
                    reach = mouse[p]
                    if arrows and reach & face_down:
                        reach = anywhere
                    if reach & face_down or (s.phase is self._arrow_phase and s.mice_turn and m == s.mouse):
                        walls = 0  # it could: any cheese may go (fewer walls, more reach)
                        break
        if walls != cheese and self._cat_can_win(s, walls, face_down):
            return False
        return not self._mice_can_win(s, alive, walls, face_down, cheese)

    def _reaches(self, s: _Position, alive: list[tuple[int, int]], walls: int, face_down: int) -> list[int]:
        """Per mouse left, the squares it might ever get to."""
        _, mouse, anywhere, _ = self._tables(walls)
        arrows = s.hidden[self._kinds[2]] > 0
        out = []
        for m, p in alive:
            reach = mouse[p]
            if (arrows and reach & face_down) or (s.phase is self._arrow_phase and s.mice_turn and m == s.mouse):
                reach |= anywhere  # CC-T4: an arrow may take it anywhere
            out.append(reach)
        return out

    def _cat_can_win(self, s: _Position, walls: int, face_down: int) -> bool:
        """Whether the cat can still meet every mouse left on a square off the table (the
        reaches of :meth:`_reaches`, written out: most positions stop here, so it is hot)."""
        cat_comp, mouse, anywhere, arrow_catch = self._tables(walls)
        reach = cat_comp[s.cat]
        # a catch ends a walk on the mouse's square (a boxed-in square is never entered)
        catch = reach & ~walls if reach & (reach - 1) else 0
        arrows = s.hidden[self._kinds[2]] > 0
        arrow_phase = s.phase is self._arrow_phase
        if (arrow_phase and not s.mice_turn) or (arrows and reach & face_down & self._off_table):
            catch |= arrow_catch  # CC-T4: the cat's arrow, then a step
        catch &= self._off_table  # CC-C1: never under the table, never in a hole
        jumper = s.mouse if arrow_phase and s.mice_turn else -2  # a mouse on its arrow now
        for m, p in enumerate(s.mice):
            if p >= 0:
                reach = mouse[p]
                if (arrows and reach & face_down) or m == jumper:
                    reach |= anywhere  # CC-T4: an arrow may take it anywhere
                if not reach & catch:
                    return False
        return True

    def _mice_can_win(
        self, s: _Position, alive: list[tuple[int, int]], walls: int, face_down: int, cheese: int
    ) -> bool:
        reaches = self._reaches(s, alive, walls, face_down)
        kind_cheese, kind_fork, _ = self._kinds
        hidden_cheese = s.hidden[kind_cheese]
        if walls == 0 and (cheese or hidden_cheese) and (s.phase is self._fork_phase or s.hidden[kind_fork]):
            more = hidden_cheese + cheese.bit_count()  # a fork may take any uncovered cheese
        else:
            within = 0
            for r in reaches:
                within |= r
            more = min(hidden_cheese, (within & face_down).bit_count())
        if s.cheese + more < self.cheese_to_win:
            return False
        where = dict(alive)
        for h, up in enumerate(s.holes_up):
            if not up:  # CC-W2: its mouse must still step out (CC-M9)
                p = where.get(h, -1)
                if p < 0 or p != self.layout.hole_cell(h):
                    return False
                if not reaches[[m for m, _ in alive].index(h)] & self._floor:
                    return False
        if s.carried:
            return True
        # CC-W2: a mouse must still step into a hole after the last cheese
        return any(r & self._holes and r & self._floor for r in reaches)
