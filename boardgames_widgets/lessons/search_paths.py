"""Exercises of the lesson "Every way to walk exactly n squares" (Chop Chop moves as paths).

Lesson id ``search.paths`` (notebook ``notebooks/lessons/search/01_paths.ipynb``).
Every correct answer comes from the rules engine's own path search
(:func:`~boardgames_widgets.analysis.chop_chop.enumerate_paths`,
:func:`~boardgames_widgets.analysis.chop_chop.reachable`) or from
:func:`~boardgames_widgets.lessons.search_tools.bfs_distances`. The function
exercises are judged like an autograder: the student's search gets a counting
``neighbours`` function, so the check sees how many squares it expanded and can
say "you did not prune", not just "wrong".
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Callable
from functools import cache
from typing import Any

from boardgames_widgets.analysis.chop_chop import enumerate_paths, reachable
from boardgames_widgets.games.chop_chop import ChopChop, ChopChopState, board_state
from boardgames_widgets.games.chop_chop.layout import Coord
from boardgames_widgets.games.chop_chop.rules import UNCOVERED_CHEESE
from boardgames_widgets.lessons import search_tools as sl
from boardgames_widgets.lessons.check import Exercise, Misconception, NotAnswered, lesson, numeric_exercise
from boardgames_widgets.lessons.text import M_, N_

LESSON_ID = "search.paths"

#: The cat's kitchen: the cat on open floor at (1,1), uncovered cheese on (1,3), (2,6)
#: and (4,1) (CC-T2: nobody passes it), mouse 0 hidden under the table, the others in holes.
CAT_BOARD = """
- - - - o - - - -
- - # # # # # - -
- # C # * # # # -
- # # [#] [#] [#] # * 1
3 # # [0] [#] [#] # # -
- # * # # # # # -
- - # # # # # - -
- - - - 2 - - - -
"""

#: The mice's kitchen: mouse 0 at (3,1) next to the table, the cat on the table top at
#: (2,3), mouse 2 at (4,1), uncovered cheese on (1,3) and (4,2), mouse 3 in the left hole.
MOUSE_BOARD = """
- - - - o - - - -
- - # # # # # - -
- # # # * # # # -
- # # [#] [C#] [#] # # 1
3 # 0 [#] [#] [#] # # -
- # 2 * # # # # -
- - # # # # # - -
- - - - o - - - -
"""

#: q1: the cat's roll.
Q1_STEPS = 3
#: q3: the mouse's roll.
Q3_STEPS = 3
#: q4: the square the cat wants to reach in the cat's kitchen (behind the cheese at (1,3)).
Q4_GOAL: Coord = (1, 4)
#: The cat positions of the function exercises (q2, q4) in the cat's kitchen, with rolls.
CAT_STARTS: tuple[tuple[Coord, int], ...] = (
    ((1, 1), 2),
    ((1, 1), 3),
    ((1, 1), 4),
    ((4, 4), 3),
    ((0, 4), 4),
    ((1, 1), 6),
    ((4, 4), 5),
)
#: The (start, goal) pairs of q4.
BFS_CASES: tuple[tuple[Coord, Coord], ...] = (((1, 1), (1, 4)), ((1, 1), (3, 6)), ((4, 4), (5, 2)), ((0, 4), (4, 0)))


@cache
def game() -> ChopChop:
    """The standard Chop Chop game (2 players)."""
    return ChopChop()


@cache
def cat_state(cat: Coord = (1, 1)) -> ChopChopState:
    """The cat's kitchen with the cat on ``cat`` (about to roll)."""
    state = board_state(game(), CAT_BOARD, mice_turn=False)
    return dataclasses.replace(state, cat=game().layout.index[cat])


@cache
def mouse_state() -> ChopChopState:
    """The mice's kitchen (the mice about to roll)."""
    return board_state(game(), MOUSE_BOARD, mice_turn=True)


def without_table(state: ChopChopState) -> ChopChopState:
    """``state`` as if the squares under the table were walls (a typical wrong model of CC-M6)."""
    lay = game().layout
    tiles = tuple(UNCOVERED_CHEESE if lay.table[c] else t for c, t in enumerate(state.tiles))
    return dataclasses.replace(state, tiles=tiles)


def cat_blocks_everywhere(state: ChopChopState) -> ChopChopState:
    """``state`` as if the cat on the table top also blocked the square under it (wrong: CC-M5/CC-M6)."""
    tiles = list(state.tiles)
    tiles[state.cat] = UNCOVERED_CHEESE
    return dataclasses.replace(state, tiles=tuple(tiles))


def without_other_mice(state: ChopChopState, keep: int) -> ChopChopState:
    """``state`` with every mouse but ``keep`` taken off the board (ignores CC-M3)."""
    mice = tuple(m if i == keep else -1 for i, m in enumerate(state.mice))
    return dataclasses.replace(state, mice=mice)


# -- the student's view of one step -------------------------------------------------------
class CountingNeighbours:
    """The step rule of a piece as ``neighbours(square)``, counting how often it is asked."""

    def __init__(self, rule: Callable[[Coord], list[Coord]]) -> None:
        self.rule = rule
        self.calls = 0
        self.asked: Counter[Coord] = Counter()

    def __call__(self, square: Coord) -> list[Coord]:
        self.calls += 1
        self.asked[tuple(square)] += 1  # type: ignore[index]
        return list(self.rule(tuple(square)))  # type: ignore[arg-type]


def reference_paths(start: Coord, n: int, neighbours: Callable[[Coord], list[Coord]]) -> list[list[Coord]]:
    """Depth-first search with a visited check: every path of exactly ``n`` steps (the solution)."""
    paths: list[list[Coord]] = []

    def extend(path: list[Coord]) -> None:
        if len(path) == n + 1:
            paths.append(path)
            return
        for nxt in neighbours(path[-1]):
            if nxt not in path:
                extend([*path, nxt])

    extend([start])
    return paths


#: Marks an answer that lists landing squares instead of paths.
LANDING = "landing"


def _is_square(item: Any) -> bool:
    return isinstance(item, list | tuple) and len(item) == 2 and all(_int_like(x) for x in item)


def _norm(paths: Any) -> list[tuple[Coord, ...]]:
    return sorted(tuple(tuple(sq) for sq in p) for p in paths)


@dataclasses.dataclass
class _Run:
    """The student's answers on every case, the engine's, and the work done."""

    got: list[list[tuple[Any, ...]]]
    want: list[list[tuple[Coord, ...]]]
    steps: list[int]
    starts: list[Coord]
    calls: list[int]
    pruned_calls: list[int]
    #: per case: whether the squares asked are those of a pruning search (each asked a whole number of times)
    pruned_shape: list[bool] = dataclasses.field(default_factory=list)


def _run_paths(func: Any) -> _Run:
    if not callable(func):
        raise TypeError(N_("q2 expects your function all_paths(start, n, neighbours), not a value"))
    run = _Run([], [], [], [], [], [])
    for cat, n in CAT_STARTS:
        state = cat_state(cat)
        rule = sl.step_rule(state, "cat", game=game())
        counter = CountingNeighbours(rule)
        out = func(cat, n, counter)
        if out is None:
            raise NotAnswered(N_("your function returns None: return the list of paths"))
        items = list(out)
        if items and all(_is_square(p) for p in items):
            run.got.append([(LANDING, tuple(p)) for p in items])  # landing squares, not paths
        else:
            run.got.append(_norm(items))
        run.want.append(_norm(enumerate_paths(state, "cat", n, game=game())))
        run.steps.append(n)
        run.starts.append(cat)
        run.calls.append(counter.calls)
        # the work of a search that prunes: one expansion per path prefix, leaves included
        run.pruned_calls.append(sum(len(_norm(reference_paths(cat, k, rule))) for k in range(n + 1)))
        run.pruned_shape.append(_asks_like_a_pruning_search(counter.asked, cat, n, rule))
    return run


def _asks_like_a_pruning_search(
    asked: Counter[Coord], start: Coord, n: int, rule: Callable[[Coord], list[Coord]]
) -> bool:
    """Whether ``asked`` is the work of a search that prunes, however it is organised.

    A search that prunes asks ``neighbours`` about the last square of each path that does
    not revisit a square (the inner ones; perhaps the full ones too), maybe more than once
    each (a search that calls ``neighbours()`` twice per node still prunes): ``asked`` is
    ``a × inner + b × full`` for whole ``a ≥ 1``, ``0 ≤ b ≤ a``. A search that does not
    prune also asks about the ends of walks that revisit a square, which breaks that shape.
    Recursive, iterative or breadth-first: the order does not matter.
    """
    inner: Counter[Coord] = Counter(p[-1] for k in range(n) for p in reference_paths(start, k, rule))
    full: Counter[Coord] = Counter(p[-1] for p in reference_paths(start, n, rule))
    for a in range(1, 5):
        for b in range(a + 1):
            shape = Counter({sq: a * inner[sq] + b * full[sq] for sq in inner.keys() | full.keys()})
            if +shape == +asked:
                return True
    return False


def _revisits(run: _Run) -> bool:
    return any(len(set(p)) < len(p) for paths in run.got for p in paths if p and p[0] != LANDING)


def _lengths(run: _Run, extra: int) -> bool:
    return all(
        paths and all(len(p) == n + 1 + extra for p in paths) for paths, n in zip(run.got, run.steps, strict=True)
    )


def _no_start(run: _Run) -> bool:
    return all(
        paths and all(len(p) == n and p[0] != s for p in paths)
        for paths, n, s in zip(run.got, run.steps, run.starts, strict=True)
    )


def _same_paths(run: _Run) -> bool:
    return run.got == run.want


def _landings(run: _Run) -> bool:
    return any(p and p[0] == LANDING for paths in run.got for p in paths)


def _duplicates(run: _Run) -> bool:
    return any(len(set(paths)) < len(paths) for paths in run.got) and all(
        sorted(set(g)) == w for g, w in zip(run.got, run.want, strict=True)
    )


def _not_pruned(run: _Run) -> bool:
    """Right paths with more work than a pruning search, and not a pruning search's work repeated."""
    return _same_paths(run) and any(
        c > p and not shaped for c, p, shaped in zip(run.calls, run.pruned_calls, run.pruned_shape, strict=True)
    )


# -- BFS ------------------------------------------------------------------------------------
def reference_fewest_steps(start: Coord, goal: Coord, neighbours: Callable[[Coord], list[Coord]]) -> int | None:
    """Breadth-first search: the fewest steps from ``start`` to ``goal`` (None: unreachable)."""
    from collections import deque

    dist = {start: 0}
    queue = deque([start])
    while queue:
        sq = queue.popleft()
        if sq == goal:
            return dist[sq]
        for nxt in neighbours(sq):
            if nxt not in dist:
                dist[nxt] = dist[sq] + 1
                queue.append(nxt)
    return None


def _run_bfs(func: Any) -> list[tuple[Any, int, int]]:
    if not callable(func):
        raise TypeError(N_("q4 expects your function fewest_steps(start, goal, neighbours), not a value"))
    out = []
    for start, goal in BFS_CASES:
        state = cat_state(start)
        counter = CountingNeighbours(sl.step_rule(state, "cat", game=game()))
        got = func(start, goal, counter)
        if got is None:
            raise NotAnswered(N_("your function returns None: return the number of steps"))
        want = sl.bfs_distances(state, "cat", game=game())[goal]
        manhattan = abs(start[0] - goal[0]) + abs(start[1] - goal[1])
        out.append((got, want, manhattan))
    return out


def _int_like(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


# --------------------------------------------------------------------------------------------
# the exercises
# --------------------------------------------------------------------------------------------
ex = lesson(LESSON_ID)

_cat = cat_state()
_paths = enumerate_paths(_cat, "cat", Q1_STEPS, game=game())
ex.add(
    numeric_exercise(
        "q1",
        len(_paths),
        [
            (
                sl.count_walks(_cat, "cat", Q1_STEPS, game=game()),
                N_(
                    "You counted paths that revisit a square (like there and back again). CC-M4: within one move "
                    "the cat never stands twice on the same square, its start included."
                ),
            ),
            (
                len(reachable(_cat, "cat", Q1_STEPS, game=game())),
                N_(
                    "You counted landing squares. The question asks for paths: two different paths may end on the "
                    "same square and both count."
                ),
            ),
            (
                len(enumerate_paths(_cat, "cat", Q1_STEPS - 1, game=game())),
                M_("Your depth is off by one: that is the number of paths of {steps} steps.", steps=Q1_STEPS - 1),
            ),
            (
                len(enumerate_paths(_cat, "cat", Q1_STEPS + 1, game=game())),
                M_("Your depth is off by one: that is the number of paths of {steps} steps.", steps=Q1_STEPS + 1),
            ),
        ],
        hint=(
            N_("A path is a sequence of squares: count every way, not every end square."),
            N_("Run the depth-first search on the board above, or count the paths in the stepper's last frame."),
        ),
    )
)

ex.add(
    Exercise(
        "q2",
        is_correct=lambda run: _same_paths(run) and not _not_pruned(run),
        misconceptions=[
            Misconception(
                _not_pruned,
                N_(
                    "Right paths, but you did not prune: your search walked on past squares it had already visited "
                    "and threw those walks away at the end. Check `nxt not in path` before going deeper, so a dead "
                    "branch is never expanded."
                ),
            ),
            Misconception(
                _landings,
                N_("You returned landing squares. Return whole paths: lists of squares, the start first."),
            ),
            Misconception(
                _revisits,
                N_("You counted paths that revisit a square (CC-M4): skip a neighbour that is already on the path."),
            ),
            Misconception(
                _no_start,
                N_("Your paths leave out the start square: a path of n steps lists n + 1 squares, the start first."),
            ),
            Misconception(
                lambda run: _lengths(run, -1) or _lengths(run, 1),
                N_(
                    "Your depth is off by one: a path of n steps has n + 1 squares (the start included). "
                    "Stop when len(path) == n + 1."
                ),
            ),
            Misconception(_duplicates, N_("Some paths are listed twice: each path should appear once.")),
            Misconception(
                lambda run: all(len(g) <= len(w) for g, w in zip(run.got, run.want, strict=True)),
                N_("Some paths are missing: at every square try every neighbour, not just the first that works."),
            ),
        ],
        hint=(
            N_("Extend a path one step at a time, and never step on a square the path already visited."),
            N_("Compare your paths with enumerate_paths on the same board and roll."),
        ),
        prepare=_run_paths,
        praise=N_("Correct — every path, none twice, and no square expanded in vain."),
    )
)

_mouse = mouse_state()
_mouse_land = reachable(_mouse, 0, Q3_STEPS, game=game())
ex.add(
    numeric_exercise(
        "q3",
        len(_mouse_land),
        [
            (
                sum(_mouse_land.values()),
                N_(
                    "You counted paths. The question asks for landing squares: count each square once, however "
                    "many paths lead there."
                ),
            ),
            (
                len(reachable(without_table(_mouse), 0, Q3_STEPS, game=game())),
                N_(
                    "You kept the mouse out from under the table. CC-M6: mice walk under the table like floor "
                    "(only the top is the cat's)."
                ),
            ),
            (
                len(reachable(cat_blocks_everywhere(_mouse), 0, Q3_STEPS, game=game())),
                N_(
                    "The cat is on the table top, the mouse underneath: two layers (CC-M5, CC-M6), so the cat does "
                    "not block the square below it."
                ),
            ),
            (
                len(reachable(without_other_mice(_mouse, 0), 0, Q3_STEPS, game=game())),
                N_("Mouse 2 is in the way: no piece passes through another or stops on it (CC-M3)."),
            ),
        ],
        hint=(
            N_("Count landing squares, not paths: many paths end on the same square."),
            N_("Mark every square where a path of exactly 3 steps can end (holes too), then count the marks."),
        ),
    )
)


def _q4_wrong(kind: str) -> Callable[[list[tuple[Any, int, int]]], bool]:
    def judge(rows: list[tuple[Any, int, int]]) -> bool:
        if not all(_int_like(g) for g, _, _ in rows):
            return False
        if kind == "manhattan":
            return all(g == m for g, _, m in rows) and any(w != m for _, w, m in rows)
        if kind == "squares":
            return all(g == w + 1 for g, w, _ in rows)
        if kind == "longer":
            return all(g >= w for g, w, _ in rows) and any(g > w for g, w, _ in rows)
        return False

    return judge


ex.add(
    Exercise(
        "q4",
        is_correct=lambda rows: all(_int_like(g) and g == w for g, w, _ in rows),
        misconceptions=[
            Misconception(
                lambda rows: not all(_int_like(g) for g, _, _ in rows),
                N_("Return a whole number of steps (an int)."),
            ),
            Misconception(
                _q4_wrong("manhattan"),
                N_(
                    "You measured a straight line (rows + columns apart). The uncovered cheese is in the way "
                    "(CC-T2): search the squares the cat can actually step on."
                ),
            ),
            Misconception(
                _q4_wrong("squares"),
                N_("Your depth is off by one: you counted squares, start included. Count steps: the start is 0."),
            ),
            Misconception(
                _q4_wrong("longer"),
                N_(
                    "Your search found a way, but not always the shortest: a depth-first search follows one path "
                    "first. Use a queue (breadth-first), so squares are reached in order of distance."
                ),
            ),
        ],
        hint=(
            N_("Explore the squares in order of distance: all squares 1 step away first, then 2, …"),
            N_("Breadth-first search: a queue, a distance per square, the start at 0."),
        ),
        prepare=_run_bfs,
        praise=N_("Correct — breadth-first search reaches every square by a shortest way."),
    )
)
