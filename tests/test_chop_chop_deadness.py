"""CC-W5: dead positions, checked against an exhaustive search of the game.

``ChopChop.is_dead`` decides deadness by reachability over the kitchen (see
:mod:`boardgames_widgets.games.chop_chop.deadness`). It must be *sound*: a position it
calls dead has no sequence of moves and chance outcomes at all that ends in a win for
either side. On a small kitchen that is checked by brute force: every state reachable
from the position is visited (a game without the CC-W5 check, so the search is not cut
short), and none may be a win.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from chop_chop_boards import SMALL

from boardgames_widgets.games.chop_chop.layout import TILES, Tile
from boardgames_widgets.games.chop_chop.rules import (
    CAT,
    CAT_SIDE,
    DRAW,
    FACE_DOWN,
    MICE_SIDE,
    NO_TILE,
    UNCOVERED_CHEESE,
    ChopChop,
    ChopChopState,
    Move,
    Pass,
    Phase,
)
from boardgames_widgets.games.chop_chop.scenario import board_state

MIX = {"cheese": 4, "plate": 4, "+1": 1, "arrow": 1, "fork": 1, "knife": 1}
SMALL_GAME = ChopChop(board_map=SMALL, tile_mix=MIX, cheese_to_win=3)


class _NoDeadEnd(ChopChop):
    """The same game without CC-W5's early end: the brute-force search sees every move."""

    def is_dead(self, state: object) -> bool:  # type: ignore[override]
        return False


SEARCH_GAME = _NoDeadEnd(board_map=SMALL, tile_mix=MIX, cheese_to_win=3, max_turns=100_000)


def _key(s: ChopChopState) -> tuple[object, ...]:
    """A state without its turn counter and picture path (they change no rule)."""
    return (s.phase, s.seat, s.mice_turn, s.cat, s.mice, s.tiles, s.hidden, s.holes_up, s.cheese, s.carried,
            s.roll, s.mouse, s.last_from, s.lock, s.cat_skip, s.mice_skip, s.next_mouse_seat)  # fmt: skip


def a_side_can_win(game: ChopChop, start: ChopChopState, limit: int = 400_000) -> bool | None:
    """Whether some sequence of actions and chance outcomes from ``start`` ends in a win
    (None: more than ``limit`` states, undecided)."""
    seen = {_key(start)}
    todo = [start]
    while todo:
        s = todo.pop()
        if s.phase is Phase.OVER:
            if s.winner in (CAT_SIDE, MICE_SIDE):
                return True
            continue
        nexts = [a for a, _ in game.chance_outcomes(s)] if game.is_chance_node(s) else game.legal_actions(s)
        for a in nexts:
            t = game.apply_trusted(s, a)
            k = _key(t)
            if k not in seen:
                if len(seen) >= limit:
                    return None
                seen.add(k)
                todo.append(t)
    return False


def random_position(rng: random.Random) -> ChopChopState | None:
    """A random valid mid-game position of the small kitchen at a die roll (or None)."""
    lay = SMALL_GAME.layout
    nf, nh = lay.n_floor, lay.n_holes
    cat = rng.randrange(nf)
    mice = []
    for m in range(nh):
        r = rng.random()
        if r < 0.25:
            mice.append(-1)
        elif r < 0.5:
            mice.append(lay.hole_cell(m))
        else:
            mice.append(rng.randrange(nf + nh))
    alive = [p for p in mice if p >= 0]
    if not alive or len(set(alive)) != len(alive) or (cat in alive and not lay.table[cat]):
        return None
    tiles = []
    for c in range(nf):
        kind = rng.choice((NO_TILE, NO_TILE, FACE_DOWN, UNCOVERED_CHEESE, UNCOVERED_CHEESE))
        tiles.append(NO_TILE if c in mice else kind)
    face_down = tiles.count(FACE_DOWN)
    if face_down > 3:
        return None
    caps = dict(zip(TILES, SMALL_GAME.cfg.tile_mix, strict=True))
    cheese = rng.randrange(0, 3)
    caps[Tile.CHEESE] -= cheese + tiles.count(UNCOVERED_CHEESE)
    if caps[Tile.CHEESE] < 0:
        return None
    hidden = dict.fromkeys(TILES, 0)
    for _ in range(face_down):
        kinds = [k for k in TILES if caps[k] > hidden[k]]
        hidden[rng.choice(kinds)] += 1
    holes_up = tuple(mice[h] != lay.hole_cell(h) or rng.random() < 0.5 for h in range(nh))
    mice_turn = rng.random() < 0.5
    s = ChopChopState(
        phase=Phase.ROLL,
        seat=1 if mice_turn else 0,
        mice_turn=mice_turn,
        cat=cat,
        mice=tuple(mice),
        tiles=tuple(tiles),
        hidden=tuple(hidden[k] for k in TILES),
        holes_up=holes_up,
        cheese=cheese,
        carried=False,
        roll=0,
        mouse=-1,
        last_from=-1,
        path=(),
        lock=-1,
        cat_skip=False,
        mice_skip=False,
        next_mouse_seat=1,
        turns=0,
        winner=-1,
    )
    try:
        SMALL_GAME.validate_state(s)
    except ValueError:
        return None
    return s


def _positions(count: int, seed: int) -> list[ChopChopState]:
    rng = random.Random(seed)
    out: list[ChopChopState] = []
    while len(out) < count:
        s = random_position(rng)
        if s is not None:
            out.append(s)
    return out


def check_sound(count: int, seed: int) -> tuple[int, int, int, int]:
    """Brute force over ``count`` random positions: (called dead, live by search, dead by
    search but not called dead, undecided). Fails if a live position is called dead."""
    dead = live = missed = undecided = 0
    for s in _positions(count, seed):
        verdict = a_side_can_win(SEARCH_GAME, s)
        if verdict is None:
            undecided += 1
            continue
        if SMALL_GAME.is_dead(s):
            dead += 1
            assert verdict is False, f"CC-W5: a live position was called dead:\n{s}"
        elif verdict:
            live += 1
        else:
            missed += 1
    return dead, live, missed, undecided


def test_CC_W5_never_calls_a_live_position_dead_exhaustive_search_on_a_small_kitchen() -> None:
    """CC-W5 soundness: every random small-kitchen position called dead has no win left
    for either side, by a search of every state reachable from it."""
    dead, live, _, undecided = check_sound(30, seed=1)
    assert dead >= 5 and live >= 5 and undecided == 0


def test_CC_W5_never_calls_a_live_position_dead_exhaustive_search_1000_positions() -> None:
    """CC-W5 soundness, the long run (slow tier): 1,000 random small-kitchen positions."""
    dead, live, _, undecided = check_sound(1000, seed=2)
    assert dead >= 100 and live >= 100 and undecided <= 10


ON_ENTRANCE = """
- - - - o - - - -
- - . * 0 * . - -
- . . . * . . . -
- . . [.] [.] [.] . . o
o . . [.] [.] [.] C . -
- . . . . . . . -
- - . . . . . - -
- - - - o - - - -
"""
ON_FLOOR = """
- - - - o - - - -
- - * . . . . - -
- * 0 * . . . . -
- . * [.] [.] [.] . . o
o . . [.] [.] [.] C . -
- . . . . . . . -
- - . . . . . - -
- - - - o - - - -
"""


@pytest.mark.parametrize("board", [ON_ENTRANCE, ON_FLOOR], ids=["on its entrance", "on open floor"])
def test_CC_W5_a_boxed_in_last_mouse_is_dead(board: str) -> None:
    """CC-W5: the issue's examples — no face-down tile left, the last mouse boxed in by
    uncovered cheese (on its empty hole's entrance or on open floor): a draw after the
    next move, not 2,000 actions later."""
    game = ChopChop()
    s = board_state(game, board, mice_turn=False, roll=1, cheese=4, holes_up=(True,) * 4)
    assert game.is_dead(s)
    end = game.apply(s, Move(CAT, (3, 6), (3, 5)))
    assert end.winner == DRAW and end.turns == 1
    assert "neither side" in game.describe(end)


BOXED_CAT = """
- - - - o - - - -
- - C * . . . - -
- . * . . . . . -
- . . [.] [.] [.] . . o
o . . [.] [.] [.] . . -
- . . . . . . . -
- - . . 1 . . - -
- - - - o - - - -
"""


def test_CC_W5_a_boxed_in_cat_with_the_mice_short_of_cheese_is_dead() -> None:
    """CC-W5: the cat walled into a corner by cheese, the mice unable to find enough cheese."""
    game = ChopChop()
    up = (True,) * 4
    s = board_state(game, BOXED_CAT, mice_turn=False, roll=2, cheese=5, holes_up=up)
    assert game.is_dead(s)
    assert game.apply(s, Pass()).winner == DRAW
    # the last 3 cheese and a fork (it may take an uncovered cheese) still face down: play on
    live = BOXED_CAT.replace("- . . . . . . . -", "- # # # # # . . -", 1)
    hidden = {Tile.CHEESE: 3, Tile.FORK: 1, Tile.PLATE: 1}
    s = board_state(game, live, mice_turn=False, roll=2, cheese=5, holes_up=up, hidden=hidden)
    assert not game.is_dead(s) and not game.is_terminal(game.apply(s, Pass()))
    # without the fork the two uncovered cheese are lost for good: 5 + 3 < 10, dead
    s = board_state(
        game, live, mice_turn=False, roll=2, cheese=5, holes_up=up, hidden={**hidden, Tile.FORK: 0, Tile.PLATE: 2}
    )
    assert game.is_dead(s)


SHUT_BEHIND_CHEESE = """
- - - - 0 - - - -
- - . . * . C - -
- . . . . . . . -
- . . [.] [.] [.] . . o
o . . [.] [.] [.] . . -
- . 1 . . . . . -
- - # # . . . - -
- - - - o - - - -
"""


def test_CC_W5_uncovered_cheese_a_fork_may_still_take_is_no_wall() -> None:
    """CC-W5: while a fork is face down and a mouse can reach a face-down tile, the cheese
    that shuts a hole may still be forked away: not dead. Once no mouse can reach a
    face-down tile, that cheese never moves again."""
    game = ChopChop()
    up = (True,) * 4
    fork = {Tile.FORK: 1, Tile.PLATE: 1}
    s = board_state(game, SHUT_BEHIND_CHEESE, mice_turn=False, roll=1, cheese=9, hidden=fork, holes_up=up)
    assert not game.is_dead(s)
    plates = board_state(
        game, SHUT_BEHIND_CHEESE, mice_turn=False, roll=1, cheese=9, hidden={Tile.PLATE: 2}, holes_up=up
    )
    # without a fork the tenth cheese is out of reach and mouse 0 can never be caught
    assert game.is_dead(plates)
    for state in (s, plates):
        assert game.is_dead(replace(state, mice=(state.mice[0], -1, -1, -1)))


def test_CC_W5_random_games_never_reach_the_turn_limit() -> None:
    """CC-W5: 50 seeded random games of the default kitchen; every draw is a dead position
    found at once, none plays on to the turn limit (the 10,000-game run is
    ``benchmarks/chop_chop_deadness.py``)."""
    game = ChopChop()
    draws = 0
    for seed in range(50):
        rng = random.Random(seed)
        s = game.new_initial_state()
        while s.phase is not Phase.OVER:
            if game.is_chance_node(s):
                a = game.sample_chance(s, rng)
            else:
                legal = game.legal_actions(s)
                a = legal[rng.randrange(len(legal))]
            s = game.apply_trusted(s, a)
        assert s.turns < game.cfg.max_turns
        if s.winner == DRAW:
            draws += 1
            assert game.is_dead(s)
    assert draws >= 2
