"""Chop Chop's checked ``apply`` finds a move from the moving piece's walks only
(:func:`~boardgames_widgets.games.chop_chop.moves.move_path`): it must accept exactly the
moves the legal actions hold, with the same paths, and refuse everything else — a move of a
piece that may not move now (the other side's, another mouse on a knife's double turn, a
caught mouse, another piece on extra steps), a move through or onto what blocks, a jump
named as a move. Loading saved games checks every move this way: a trust boundary."""

from __future__ import annotations

import json
import random

import pytest
from chop_chop_boards import SMALL
from random_states import random_states

from boardgames_widgets import GameRecord
from boardgames_widgets.core.api import IllegalActionError
from boardgames_widgets.games.chop_chop.actions import CAT, Move
from boardgames_widgets.games.chop_chop.rules import ChopChop, ChopChopState, Phase
from boardgames_widgets.testing import random_record

SMALL_MIX = {"cheese": 4, "plate": 3, "+2": 1, "arrow": 2, "fork": 1, "knife": 1}


def every_key(game: ChopChop) -> list[int]:
    """Every key a Move or Jump can have (any piece, any landing, any via next to it or the
    landing itself), and Pass, Decline and no action."""
    lay = game.layout
    keys = [-1, -2, -3]
    for piece in range(-1, lay.n_holes):
        for dest in range(lay.n_cells):
            for via in {dest, *lay.cat_nbrs[dest], *lay.mouse_nbrs[dest]}:
                keys.append(game._key(piece, dest, via))
    return keys


def moving_states(game: ChopChop, games: int, seed: int) -> list[ChopChopState]:
    phases = (Phase.MOVE, Phase.EXTRA, Phase.ARROW)
    return [s for s in random_states(game, games, seed) if s.phase in phases]


@pytest.mark.parametrize(("num_players", "board"), [(2, None), (4, None), (3, SMALL)])
def test_the_moving_piece_s_walks_find_what_the_legal_actions_hold(num_players: int, board: str | None) -> None:
    """Every key in every move, extra-steps and arrow position of seeded games (every 3rd):
    the same path as the legal actions' or None alike."""
    kwargs = {} if board is None else {"board_map": board, "tile_mix": SMALL_MIX, "cheese_to_win": 3}
    game = ChopChop(num_players, **kwargs)  # type: ignore[arg-type]
    keys = every_key(game)
    states = moving_states(game, 3, seed=40 + num_players)[::3]
    assert {s.phase for s in states} >= {Phase.MOVE, Phase.EXTRA}
    accepted = 0
    for state in states:
        keyed = game._keyed(state)
        for key in keys:
            path = game._move_path(state, key)
            assert path == keyed.get(key), (state, key)
            accepted += path is not None
    assert accepted


def test_a_knife_s_double_turn_refuses_every_other_mouse_cc_t6() -> None:
    """On the second turn of a knife's double turn only the same mouse moves: another
    mouse's move that its own walks would allow is refused (so is the cat's)."""
    game = ChopChop(3)
    states = [s for s in random_states(game, 40, seed=3) if s.phase is Phase.MOVE and s.lock >= 0]
    assert states
    tried = 0
    for state in states:
        for piece in [CAT, *range(game.layout.n_holes)]:
            if piece == state.lock:
                continue
            alone = ChopChopState(**{**_fields(state), "lock": -1, "mice_turn": piece != CAT})
            for outcome in game.paths(alone, piece, state.roll) if game.piece_cell(state, piece) >= 0 else {}:
                move = Move(piece, game.coord(outcome[0]), game.coord(outcome[1]))
                with pytest.raises(IllegalActionError):
                    game.apply(state, move)
                tried += 1
    assert tried


def test_a_tampered_saved_game_moving_a_piece_that_may_not_move_is_refused() -> None:
    """Saved games where one move is replaced by a move of a piece not on turn (the
    cat on the mice's turn, a mouse on the cat's, a caught mouse, another mouse on extra
    steps), geometrically possible for that piece: every one refused, naming the entry."""
    game = ChopChop(2)
    refused = 0
    for seed in range(6):
        record = random_record(game, seed)
        state = game.new_initial_state()
        rng = random.Random(seed)
        for i, text in enumerate(record.actions):
            if state.phase in (Phase.MOVE, Phase.EXTRA) and rng.random() < 0.3:
                movers = {CAT} if not state.mice_turn else set(range(game.layout.n_holes))
                if state.phase is Phase.EXTRA:
                    movers = {game.mover(state)}
                elif state.lock >= 0:
                    movers = {state.lock}
                for piece in set(range(-1, game.layout.n_holes)) - movers:
                    start = game.piece_cell(state, piece)
                    if start < 0:
                        forged = Move(piece, game.coord(0), game.coord(1))  # a caught mouse
                    else:
                        free = ChopChopState(**{**_fields(state), "mice_turn": piece != CAT})
                        outcomes = list(game.paths(free, piece, state.roll))
                        if not outcomes:
                            continue
                        forged = Move(piece, game.coord(outcomes[0][0]), game.coord(outcomes[0][1]))
                    assert game._action_key(forged) not in game._keyed(state)  # not a legal action
                    data = json.loads(record.to_json())
                    data["actions"] = [*record.actions[:i], str(forged), *record.actions[i + 1 :]]
                    data["returns"] = None
                    with pytest.raises(ValueError, match=str(i)):
                        GameRecord.from_json(json.dumps(data))
                    refused += 1
            state = game.apply(state, game.parse_action(text))
    assert refused > 20


def _fields(state: ChopChopState) -> dict[str, object]:
    return {name: getattr(state, name) for name in ChopChopState.__dataclass_fields__}
