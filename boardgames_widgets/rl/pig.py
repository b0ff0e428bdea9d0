"""Pig as numbers (see :mod:`boardgames_widgets.rl.encodings`).

**Actions**: ``Roll`` (index 0), ``Hold`` (index 1).

**Observation blocks** (seats counted from the observer; nothing is hidden):
``scores`` — each seat's banked score / the target; ``turn_total`` — the points at risk
this turn / the target; ``rolling`` — the die is in the air; ``last_roll`` — the last
face, one-hot over 0 (none) … 6; ``to_act`` — the seat on turn, one-hot from me;
``winner`` — the winner, one-hot from me.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from boardgames_widgets.games.pig.rules import FACES, HOLD, ROLL, PigState
from boardgames_widgets.rl.encodings import Encoding, Vector, scaled


class PigEncoding(Encoding):
    """Pig's action table and observation vector (module docstring)."""

    game_id = "pig"

    def action_table(self) -> Iterable[Any]:
        return (ROLL, HOLD)

    def block_sizes(self) -> Sequence[tuple[str, int]]:
        n = self.num_players
        return (
            ("scores", n),
            ("turn_total", 1),
            ("rolling", 1),
            ("last_roll", len(FACES) + 1),
            ("to_act", n),
            ("winner", n),
        )

    def seat_of(self, observation: PigState) -> int:
        """Pig's observation is the state itself: an agent acts for the seat on turn."""
        return observation.player

    def fill(self, vector: Vector, observation: PigState, seat: int) -> None:
        s = observation
        scores = self.at("scores")
        for p, score in enumerate(s.scores):
            vector[scores + self.relative(p, seat)] = scaled(score, s.target)
        vector[self.at("turn_total")] = scaled(s.turn_total, s.target)
        vector[self.at("rolling")] = float(s.rolling)
        vector[self.at("last_roll") + max(0, min(s.last_roll, len(FACES)))] = 1.0
        if s.winner >= 0:
            vector[self.at("winner") + self.relative(s.winner, seat)] = 1.0
        else:
            vector[self.at("to_act") + self.relative(s.player, seat)] = 1.0
