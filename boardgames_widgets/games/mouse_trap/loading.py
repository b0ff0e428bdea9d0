"""Checking a loaded Mouse Trap state: every invariant the turn machine keeps, with a message naming it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardgames_widgets.games.mouse_trap.state import MouseTrapState, Phase

if TYPE_CHECKING:
    from boardgames_widgets.games.mouse_trap.rules import MouseTrap


def validate_state(game: MouseTrap, state: MouseTrapState) -> None:
    """Check the invariants of a loaded state.

    Raises:
        ValueError: a broken invariant (wrong sizes, cheese not conserved, ...).
    """
    n = game.num_players
    c = game.cfg
    if not (len(state.positions) == len(state.caught) == len(state.cheese) == n):
        raise ValueError(f"a {n}-player state needs {n} positions, caught flags and cheese counts")
    if not all(0 <= p < c.num_spaces for p in state.positions):
        raise ValueError(f"positions must be 0..{c.num_spaces - 1}: {state.positions}")
    if min(state.cheese) < 0 or state.pile < 0:
        raise ValueError("cheese counts cannot be negative")
    if state.pile + sum(state.cheese) != c.cheese_supply:
        raise ValueError(f"MT-2: pile {state.pile} + players {sum(state.cheese)} is not the supply {c.cheese_supply}")
    if any(state.cheese[p] for p in range(n) if state.caught[p]):
        raise ValueError("MT-T: a caught player's cheese belongs to the cranker")
    if not 0 <= state.parts_built <= c.num_parts:
        raise ValueError(f"parts_built must be 0..{c.num_parts}")
    if not 0 <= state.mover < n:
        raise ValueError(f"mover must be a seat 0..{n - 1}")
    if not 1 <= state.round <= c.max_rounds:
        raise ValueError(f"round must be 1..{c.max_rounds}")
    if not 0 <= state.last_roll <= c.die_faces:
        raise ValueError(f"last_roll must be 0..{c.die_faces}")
    if not all(0 <= p < n for p in (*state.take_from, *state.winners)) or len(set(state.take_from)) != len(
        state.take_from
    ):
        raise ValueError("take_from and winners must be distinct seats")
    if state.phase is not Phase.TAKE_CHOICE and (state.take_amount or state.take_from):
        raise ValueError("take_amount and take_from belong to the TAKE_CHOICE phase only")
    if state.phase is not Phase.MOVE_ROLL and state.moving != -1:
        raise ValueError("moving is -1 outside the MOVE_ROLL phase")
    if state.phase is not Phase.OVER and state.winners:
        raise ValueError("winners belong to a finished game only")
    free = [p for p in range(n) if not state.caught[p]]
    if state.phase is Phase.OVER:
        if not state.winners or not set(state.winners) <= set(free):
            raise ValueError("a finished game needs winners with free mice")
        return
    if len(free) < 2:
        raise ValueError("MT-W: a game with one free mouse is over")
    if state.caught[state.mover]:
        raise ValueError("a caught player has no turns")
    if state.phase is Phase.TAKE_CHOICE:
        tied = state.take_from
        if len(tied) < 2 or state.mover in tied or any(state.caught[p] for p in tied) or state.take_amount < 1:
            raise ValueError("TAKE_CHOICE needs two or more tied opponents and an amount")
        if len({state.cheese[p] for p in tied}) != 1 or state.cheese[tied[0]] < 1:
            raise ValueError("TAKE_CHOICE opponents must be tied with cheese to take")
        if state.take_amount > c.cheese_supply:
            raise ValueError(f"TAKE_CHOICE amount {state.take_amount} is more than the cheese supply")
    if state.phase is Phase.MOVE_ROLL and (
        not 0 <= state.moving < n or state.moving == state.mover or state.caught[state.moving]
    ):
        raise ValueError("MOVE_ROLL needs a free opponent being moved")
    if state.phase in (Phase.AT_CRANK, Phase.MOVE_ROLL, Phase.CRANK) and state.positions[state.mover] != game._crank:
        raise ValueError("the crank phases need the mover on the Turn Crank")
    if state.phase is Phase.AT_CRANK and not game.legal_actions(state):
        raise ValueError("AT_CRANK without choices")
