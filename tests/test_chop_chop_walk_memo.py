"""Chop Chop's remembered moves and fast dead-position test give what the plain rules give.

The rules find a piece's moves by filtering its walk table and remember the moves per
pattern of blocked cells (:func:`~boardgames_widgets.games.chop_chop.moves.table_moves`);
:meth:`ChopChop.is_dead` tries the usual answer first. These tests compare both with
the plain versions — the depth-first search over :meth:`ChopChop.passable` (CC-M1 …
CC-M8, CC-T2, CC-W3) and the reachability argument of CC-W5 written step by step —
on every position of many seeded random games, with one game object throughout (so
most answers come from what it remembered) and with a memory so small it forgets all
the time; and the fast playout against its definition on many seeds.
"""

from __future__ import annotations

import random

import pytest
from chop_chop_boards import SMALL
from random_states import random_states

from boardgames_widgets.games.chop_chop import moves
from boardgames_widgets.games.chop_chop.paths import first_paths
from boardgames_widgets.games.chop_chop.rules import CAT, ChopChop, ChopChopState, Phase
from boardgames_widgets.testing import reference_playout

SMALL_MIX = {"cheese": 4, "plate": 3, "+2": 1, "arrow": 2, "fork": 1, "knife": 1}


def searched(game: ChopChop, state: ChopChopState) -> dict[int, tuple[int, ...]]:
    """The legal moves of a MOVE / EXTRA phase by the depth-first search itself, keyed as
    ``ChopChop._keyed`` keys them (Decline / Pass last)."""
    if state.phase is Phase.EXTRA:
        pieces, forbid = [game.mover(state)], state.last_from
    elif not state.mice_turn:
        pieces, forbid = [CAT], -1
    elif state.lock >= 0:
        pieces, forbid = [state.lock], -1
    else:
        pieces, forbid = [m for m, p in enumerate(state.mice) if p >= 0], -1
    n = game.layout.n_cells
    out: dict[int, tuple[int, ...]] = {}
    for piece in pieces:
        free, end = game.passable(state, piece)
        nbrs = game.layout.cat_nbrs if piece == CAT else game.layout.mouse_nbrs
        first_paths(nbrs, game.piece_cell(state, piece), state.roll, free, end, forbid, out, (piece + 1) * n * n)
    if state.phase is Phase.EXTRA:
        out[-2] = ()
    elif not out:
        out[-1] = ()
    return out


def move_states(game: ChopChop, games: int, seed: int) -> list[ChopChopState]:
    return [s for s in random_states(game, games, seed) if s.phase in (Phase.MOVE, Phase.EXTRA)]


@pytest.mark.parametrize(("num_players", "board"), [(2, None), (5, None), (3, SMALL)])
def test_remembered_moves_are_the_search_cc_m1_cc_m4(num_players: int, board: str | None) -> None:
    """Same moves, same order, same paths as the search, on every move of 12 games."""
    kwargs = {} if board is None else {"board_map": board, "tile_mix": SMALL_MIX, "cheese_to_win": 3}
    game = ChopChop(num_players, **kwargs)  # type: ignore[arg-type]
    states = move_states(game, 12, seed=100 + num_players)
    assert any(s.phase is Phase.EXTRA for s in states)
    for state in states:
        assert list(game._keyed(state).items()) == list(searched(game, state).items())
    assert game._memo_size > 0


def test_moves_are_the_same_when_the_memory_forgets_cc_m1_cc_m4(monkeypatch: pytest.MonkeyPatch) -> None:
    """A memory of 3 move lists forgets all the time: still the same moves."""
    monkeypatch.setattr(moves, "MEMO_LIMIT", 3)
    game = ChopChop(4)
    for state in move_states(game, 4, seed=9):
        assert list(game._keyed(state).items()) == list(searched(game, state).items())
        assert game._memo_size <= 3


def plain_is_dead(game: ChopChop, s: ChopChopState) -> bool:
    """CC-W5 as :mod:`~boardgames_widgets.games.chop_chop.deadness` argues it, step by step:
    the walls decided first, then the cat's goal, then the mice's (no shortcut)."""
    dead = game._deadness
    if s.cat < 0:
        return False
    alive = [(m, p) for m, p in enumerate(s.mice) if p >= 0]
    if not alive:
        return False
    cheese = sum(1 << c for c, t in enumerate(s.tiles) if t == 2)
    face_down = sum(1 << c for c, t in enumerate(s.tiles) if t == 1)
    walls = cheese
    if cheese and s.phase is Phase.FORK:
        walls = 0
    elif cheese and s.hidden[dead._kinds[1]]:
        _, mouse, anywhere, _ = dead._tables(walls)
        arrows = s.hidden[dead._kinds[2]] > 0
        for m, p in alive:
            reach = anywhere if arrows and mouse[p] & face_down else mouse[p]
            if reach & face_down or (s.phase is Phase.ARROW and s.mice_turn and m == s.mouse):
                walls = 0
                break
    cat_comp, _, _, arrow_catch = dead._tables(walls)
    reach = cat_comp[s.cat]
    catch = reach & ~walls if reach & (reach - 1) else 0
    if (s.phase is Phase.ARROW and not s.mice_turn) or (
        s.hidden[dead._kinds[2]] and reach & face_down & dead._off_table
    ):
        catch |= arrow_catch
    catch &= dead._off_table
    if all(r & catch for r in dead._reaches(s, alive, walls, face_down)):
        return False
    return not dead._mice_can_win(s, alive, walls, face_down, cheese)


@pytest.mark.parametrize(("num_players", "board"), [(2, None), (4, None), (2, SMALL)])
def test_is_dead_is_the_plain_argument_cc_w5(num_players: int, board: str | None) -> None:
    """The fast test (the usual answer first, masks remembered) says what the plain one says."""
    kwargs = {} if board is None else {"board_map": board, "tile_mix": SMALL_MIX, "cheese_to_win": 3}
    game = ChopChop(num_players, **kwargs)  # type: ignore[arg-type]
    states = random_states(game, 20, seed=200 + num_players, terminal=True)
    verdicts = [game.is_dead(s) for s in states]
    assert verdicts == [plain_is_dead(game, s) for s in states]
    assert any(verdicts)


@pytest.mark.parametrize("num_players", [2, 3, 5])
def test_the_fast_playout_plays_as_its_definition_from_the_start(num_players: int) -> None:
    """30 seeded games from the initial state: the same returns, the same draws."""
    game = ChopChop(num_players)
    for seed in range(30):
        ours, theirs = random.Random(seed), random.Random(seed)
        got = game.random_playout(game.new_initial_state(), ours)
        assert got == reference_playout(game, game.new_initial_state(), theirs)
        assert ours.getstate() == theirs.getstate()
