"""Mouse Trap as numbers (see :mod:`boardgames_widgets.rl.encodings`).

**Actions**, in index order: ``MoveMouse`` of each seat (absolute; my own never legal),
``Crank``, ``EndTurn``, then every ``TakeCheese`` split: the pieces taken from each seat,
``0 … M`` each (``M`` = see below), read as a number in base
``M + 1`` with seat 0 as the lowest digit (the all-zero split is left out). ``M`` is the
largest amount printed on a space, at least 3 and the Loop's build parts (4 on the
default track): 28, 129 and 630 actions for 2, 3 and 4 players.

**Observation blocks** (seats counted from the observer; nothing is hidden):

* ``positions`` — each seat's mouse, one-hot over the spaces (START, the track, the Loop);
  ``caught`` — each seat's mouse is caught; ``cheese`` — each seat's cheese / the supply;
* ``pile`` — cheese in the pile / the supply; ``parts`` — trap parts built / all parts;
* ``phase`` — one-hot over :class:`~boardgames_widgets.games.mouse_trap.rules.Phase`;
  ``mover`` — the seat on turn; ``moving`` — the seat whose mouse is being moved;
* ``take_amount`` — cheese still to take / ``M``; ``take_from`` — the tied richest seats;
* ``last_roll`` — the last roll / the die's faces; ``round`` — round / the round limit.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from typing import Any

from boardgames_widgets.games.mouse_trap.rules import (
    Crank,
    EndTurn,
    MouseTrapObservation,
    MoveMouse,
    Phase,
    TakeCheese,
)
from boardgames_widgets.rl.encodings import Encoding, Vector, scaled

_PHASES: tuple[Phase, ...] = tuple(Phase)
#: The most a TAKE 3 FROM RICHEST space takes (MT-T3).
_TAKE_RICHEST = 3


class MouseTrapEncoding(Encoding):
    """Mouse Trap's action table and observation vector (module docstring)."""

    game_id = "mouse_trap"

    def __init__(self, game: Any) -> None:
        cfg = game.cfg
        self.cfg = cfg
        self.spaces = cfg.num_spaces
        # the most one take can ask of the opponents: a space's amount or a build's parts
        self.max_take = max(_TAKE_RICHEST, cfg.loop_build_parts, *(space.amount for space in cfg.spaces))
        super().__init__(game)

    def action_table(self) -> Iterable[Any]:
        n = self.num_players
        yield from (MoveMouse(p) for p in range(n))
        yield Crank()
        yield EndTurn()
        # digits little-endian: seat 0 changes fastest
        for split in itertools.product(range(self.max_take + 1), repeat=n):
            amounts = tuple((p, k) for p, k in enumerate(reversed(split)) if k)
            if amounts:
                yield TakeCheese(amounts)

    def block_sizes(self) -> Sequence[tuple[str, int]]:
        n = self.num_players
        return (
            ("positions", n * self.spaces),
            ("caught", n),
            ("cheese", n),
            ("pile", 1),
            ("parts", 1),
            ("phase", len(_PHASES)),
            ("mover", n),
            ("moving", n),
            ("take_amount", 1),
            ("take_from", n),
            ("last_roll", 1),
            ("round", 1),
        )

    def fill(self, vector: Vector, observation: MouseTrapObservation, seat: int) -> None:
        s = observation.state
        cfg = self.cfg
        supply = cfg.cheese_supply
        positions, caught, cheese = self.at("positions"), self.at("caught"), self.at("cheese")
        for p in range(self.num_players):
            r = self.relative(p, seat)
            if s.caught[p]:
                vector[caught + r] = 1.0
            else:
                vector[positions + r * self.spaces + s.positions[p]] = 1.0
            vector[cheese + r] = scaled(s.cheese[p], supply)
        vector[self.at("pile")] = scaled(s.pile, supply)
        vector[self.at("parts")] = scaled(s.parts_built, cfg.num_parts)
        vector[self.at("phase") + _PHASES.index(s.phase)] = 1.0
        if s.phase is not Phase.OVER:
            vector[self.at("mover") + self.relative(s.mover, seat)] = 1.0
        if s.moving >= 0:
            vector[self.at("moving") + self.relative(s.moving, seat)] = 1.0
        vector[self.at("take_amount")] = scaled(s.take_amount, self.max_take)
        for p in s.take_from:
            vector[self.at("take_from") + self.relative(p, seat)] = 1.0
        vector[self.at("last_roll")] = scaled(s.last_roll, cfg.die_faces)
        vector[self.at("round")] = scaled(s.round, cfg.max_rounds)
