"""Checking what a Chop Chop game is made from: its configuration, and a loaded state (every
invariant the turn machine keeps, with a message naming it)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from boardgames_widgets.core.numbers import short
from boardgames_widgets.games.chop_chop.layout import DEFAULT_TILE_MIX, EXTRA_STEPS, TILES, ChopChopConfig, check_range
from boardgames_widgets.games.chop_chop.state import (
    _CHEESE,
    CAT_SEAT,
    CAT_SIDE,
    DRAW,
    FACE_DOWN,
    MICE_SIDE,
    NO_TILE,
    NO_WINNER,
    UNCOVERED_CHEESE,
    ChopChopState,
    Phase,
)

if TYPE_CHECKING:
    from boardgames_widgets.games.chop_chop.rules import ChopChop


def validate_state(game: ChopChop, state: ChopChopState) -> None:
    lay = game.layout
    nf, nh = lay.n_floor, lay.n_holes
    problems = []
    if len(state.mice) != nh or len(state.holes_up) != nh:
        problems.append(f"there must be {nh} mice and {nh} hole tiles")
    if len(state.tiles) != nf:
        problems.append(f"there must be {nf} floor squares")
    if len(state.hidden) != len(TILES) or any(
        not 0 <= h <= m for h, m in zip(state.hidden, game.cfg.tile_mix, strict=True)
    ):
        problems.append("hidden tile counts do not fit the tile mix")
    if problems:
        raise ValueError("invalid Chop Chop state: " + "; ".join(problems))
    if any(t not in (NO_TILE, FACE_DOWN, UNCOVERED_CHEESE) for t in state.tiles):
        problems.append("tiles must be 0, 1 or 2")
    if sum(state.hidden) != state.tiles.count(FACE_DOWN):
        problems.append("the hidden counts do not match the face-down tiles")
    cheese_out = state.cheese + state.tiles.count(UNCOVERED_CHEESE) + state.hidden[_CHEESE]
    if cheese_out > game.cfg.tile_mix[_CHEESE] or state.cheese < 0:
        problems.append("more cheese than the mix holds")
    placed = state.phase is not Phase.PLACE
    if placed != (0 <= state.cat < nf) or (not placed and state.cat != -1):
        problems.append("the cat must be on a floor or table square once placed")
    alive = [p for p in state.mice if p != -1]
    if any(not 0 <= p < nf + nh for p in alive) or len(set(alive)) != len(alive):
        raise ValueError("invalid Chop Chop state: mice must be on distinct squares or holes (-1: caught)")
    if any(state.tiles[p] != NO_TILE for p in alive if p < nf) and state.phase is not Phase.REVEAL:
        problems.append("a mouse stands on a tile that was not resolved")
    if not 0 <= state.seat < game.num_players or not 1 <= state.next_mouse_seat < game.num_players:
        problems.append("seats out of range")
    if state.mice_turn == (state.seat == CAT_SEAT) and placed:
        problems.append("the seat does not match the side on turn")
    if state.winner not in (NO_WINNER, CAT_SIDE, MICE_SIDE, DRAW) or (state.winner != NO_WINNER) != (
        state.phase is Phase.OVER
    ):
        problems.append("winner and phase disagree")
    for field in ("mouse", "lock"):
        v = getattr(state, field)
        if not -1 <= v < nh or (v >= 0 and state.mice[v] < 0):
            problems.append(f"{field} must be -1 or a mouse still in play")
    if not -1 <= state.last_from < nf + nh or any(not 0 <= c < nf + nh for c in state.path):
        problems.append("cells out of range")
    if not 0 <= state.turns <= game.cfg.max_turns:
        problems.append(f"turns must be 0..{game.cfg.max_turns} (max_turns)")
    longest = max((*game.cfg.mouse_die, *game.cfg.cat_die, *EXTRA_STEPS.values()))
    if not 0 <= state.roll <= longest or len(state.path) > longest + 1:
        problems.append(f"the roll and the path are at most {longest} steps")
    if state.turns == game.cfg.max_turns and state.winner != DRAW:
        problems.append("at the turn limit the game is over, a draw (CC-W5)")
    if problems:
        raise ValueError("invalid Chop Chop state: " + "; ".join(problems))
    problems = _phase_problems(game, state)
    if problems:
        raise ValueError("invalid Chop Chop state: " + "; ".join(problems))


def _phase_problems(game: ChopChop, state: ChopChopState) -> list[str]:
    """What in ``state`` does not fit its phase (the fields are known to be in range):
    a state that loads must offer its player a decision with legal actions."""
    lay = game.layout
    nf = lay.n_floor
    phase = state.phase
    problems = []
    if state.mice_turn != (state.seat != CAT_SEAT):
        problems.append("seat: seat 0 is the cat player, seats 1… play the mice (mice_turn)")
    if not state.mice_turn and (state.mouse != -1 or state.lock != -1):
        problems.append("mouse, lock: no mouse moves on the cat's turn (-1)")
    if phase is Phase.PLACE and (state.mice_turn or state.turns or state.roll or state.mouse != -1):
        problems.append("phase: the cat player places the cat before the first turn (CC-S3)")
    if phase in (Phase.ROLL, Phase.ARROW, Phase.OVER, Phase.PLACE) and state.roll:
        problems.append(f"roll: must be 0 in the {phase.value} phase, not {state.roll}")
    if phase is Phase.ROLL and state.mouse != -1:
        problems.append("mouse: no mouse has moved before the die is rolled (-1)")
    if phase is Phase.MOVE:
        faces = game.cfg.mouse_die if state.mice_turn else game.cfg.cat_die
        if state.roll not in faces:
            problems.append(f"roll: {state.roll} is no face of the {'mouse' if state.mice_turn else 'cat'} die (CC-M2)")
        if state.mouse != -1:
            problems.append("mouse: no mouse has moved yet in the move phase (-1)")
        if state.mice_turn and state.lock >= 0 and state.mice[state.lock] < 0:
            problems.append("lock: the mouse of a double turn must still be in play (CC-T6)")
    if phase in (Phase.EXTRA, Phase.ARROW, Phase.REVEAL, Phase.FORK):
        if state.mice_turn and state.mouse < 0:
            problems.append(f"mouse: the {phase.value} phase needs the mouse that moved (mice_turn)")
        elif phase is Phase.FORK and not state.mice_turn:
            problems.append("phase: only the mice use a fork (CC-T5), it is the cat's turn")
        else:
            cell = game.piece_cell(state, game.mover(state))
            if phase is Phase.EXTRA:
                if state.roll not in EXTRA_STEPS.values():
                    problems.append(
                        f"roll: the extra steps are {sorted(EXTRA_STEPS.values())}, not {state.roll} (CC-T3)"
                    )
                if not 0 <= state.last_from < lay.n_cells or state.last_from == cell:
                    problems.append("last_from: the extra steps need the square just left (CC-T3)")
            if phase is Phase.REVEAL and (
                cell >= nf or state.tiles[cell] != FACE_DOWN or (not state.mice_turn and lay.table[cell])
            ):
                problems.append("phase: a tile is revealed only under a piece that stopped on a face-down tile (CC-T0)")
            if phase is Phase.FORK and not game._fork_cheese(state):
                problems.append("phase: a fork with no uncovered cheese to take (CC-T5)")
    return problems


def make_config(
    board_map: str,
    tile_mix: Mapping[str, int] | None,
    mouse_die: Iterable[int],
    cat_die: Iterable[int],
    cheese_to_win: int,
    max_turns: int,
) -> ChopChopConfig:
    """The configuration of a game made with these arguments (see :class:`~.rules.ChopChop`),
    checked: from Python or from a saved game's JSON alike.

    Raises:
        ValueError: a bad map, mix, die or limit.
    """
    mix = dict(DEFAULT_TILE_MIX if tile_mix is None else tile_mix)
    names = {t.value for t in TILES}
    unknown = set(mix) - names
    if unknown:
        raise ValueError(f"tile_mix: unknown tile kind(s) {short(sorted(unknown))}; known: {[t.value for t in TILES]}")
    counts = tuple(mix.get(t.value, 0) for t in TILES)
    if not all(isinstance(n, int) and not isinstance(n, bool) and n >= 0 for n in counts):
        raise ValueError(f"tile_mix: tile counts must be whole numbers >= 0, got {short(mix)}")
    dice = []
    for label, die in (("mouse_die", mouse_die), ("cat_die", cat_die)):
        faces = tuple(die)
        if not faces or not all(isinstance(f, int) and not isinstance(f, bool) and f >= 1 for f in faces):
            raise ValueError(f"{label} must list whole faces >= 1, got {short(faces)}")
        check_range("die_faces", len(faces))
        for f in faces:
            check_range("die_face", f)
        dice.append(faces)
    for label, value in (("cheese_to_win", cheese_to_win), ("max_turns", max_turns)):
        if not isinstance(value, int) or isinstance(value, bool) or value < 1:
            raise ValueError(f"{label} must be a whole number >= 1, got {short(value)}")
        check_range(label, value)
    cfg = ChopChopConfig(
        board_map=board_map,
        tile_mix=counts,
        mouse_die=dice[0],
        cat_die=dice[1],
        cheese_to_win=cheese_to_win,
        max_turns=max_turns,
    )
    if sum(counts) != cfg.layout.n_floor:
        raise ValueError(f"the tile mix has {sum(counts)} tiles but the board has {cfg.layout.n_floor} squares")
    return cfg


def config(game: ChopChop) -> dict[str, Any]:
    """The arguments that make this game again (:func:`make_config` checks them), as JSON-able values."""
    c = game.cfg
    return {
        "num_players": game.num_players,
        "board_map": c.board_map,
        "tile_mix": {t.value: n for t, n in zip(TILES, c.tile_mix, strict=True)},
        "mouse_die": list(c.mouse_die),
        "cat_die": list(c.cat_die),
        "cheese_to_win": c.cheese_to_win,
        "max_turns": c.max_turns,
    }
