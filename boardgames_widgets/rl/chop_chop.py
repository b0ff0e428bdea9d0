"""Chop Chop as numbers (see :mod:`boardgames_widgets.rl.encodings`).

Cells are the kitchen map's cells (:class:`~boardgames_widgets.games.chop_chop.layout.Layout`:
floor squares first, then the mouse holes; ``C`` of them). Pieces are numbered
``0`` = the cat, ``1 … m`` = mice 0 … m-1 (``m`` holes).

**Actions**, in index order: ``PlaceCat`` on each floor square; ``Move`` of each piece to
each cell arriving from each of the 4 neighbouring coordinates (up, down, left, right)
that is a cell; ``Jump`` of each piece to each cell; ``TakeCheese`` on each floor
square; ``Decline``; ``Pass``. On the default kitchen (38 squares, 4 holes, 2-5
players alike): 958 actions.

**Observation blocks** (the whole position is public; face-down tiles are only counted):

* ``cat`` — the cat's cell, one-hot over the ``C`` cells; ``mice`` — each mouse's cell
  (``m × C``, all zero once caught);
* ``face_down``, ``cheese_up`` — per floor square: a face-down tile, an uncovered cheese;
  ``holes_up`` — per hole, hole side up;
* ``last_from`` — the square the moving piece just left; ``phase`` — one-hot over
  :class:`~boardgames_widgets.games.chop_chop.rules.Phase`;
* ``me`` — I play the cat, I play mice, it is my turn; ``to_act`` — seat on turn, counted
  from me; ``mice_turn``;
* ``cheese`` — the mice's cheese / cheese to win, cheese carried into a hole (CC-W2);
  ``roll`` — the roll (or extra steps) / the largest die face;
* ``moving``, ``lock`` — the mouse moving this turn, the mouse that must move (one-hot);
  ``skips`` — the cat, the mice skip their next turn;
* ``hidden`` — the face-down tiles of each kind / floor squares; ``turns`` — turns / the
  turn limit.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from boardgames_widgets.games.chop_chop.layout import TILES
from boardgames_widgets.games.chop_chop.rules import (
    CAT,
    FACE_DOWN,
    UNCOVERED_CHEESE,
    ChopChopObservation,
    Decline,
    Jump,
    Move,
    Pass,
    Phase,
    PlaceCat,
    TakeCheese,
)
from boardgames_widgets.rl.encodings import Encoding, Vector, scaled

#: The neighbours a move may arrive from, in index order: up, down, left, right.
DIRECTIONS: tuple[tuple[int, int], ...] = ((-1, 0), (1, 0), (0, -1), (0, 1))
_PHASES: tuple[Phase, ...] = tuple(Phase)


class ChopChopEncoding(Encoding):
    """Chop Chop's action table and observation vector (module docstring)."""

    game_id = "chop_chop"

    def __init__(self, game: Any) -> None:
        self.kitchen = game.layout
        self.cells = game.layout.n_cells
        self.floor = game.layout.n_floor
        self.holes = game.layout.n_holes
        cfg = game.cfg
        self._top_face = max(*cfg.mouse_die, *cfg.cat_die)
        self._cheese_to_win = cfg.cheese_to_win
        self._max_turns = cfg.max_turns
        super().__init__(game)

    def action_table(self) -> Iterable[Any]:
        lay = self.kitchen
        pieces = (CAT, *range(self.holes))
        floor = lay.coords[: self.floor]
        yield from (PlaceCat(at) for at in floor)
        for piece in pieces:
            for to in lay.coords:
                for dr, dc in DIRECTIONS:
                    via = (to[0] + dr, to[1] + dc)
                    if via in lay.index:
                        yield Move(piece, to, via)
        for piece in pieces:
            yield from (Jump(piece, to) for to in lay.coords)
        yield from (TakeCheese(at) for at in floor)
        yield Decline()
        yield Pass()

    def block_sizes(self) -> Sequence[tuple[str, int]]:
        c, f, m, n = self.cells, self.floor, self.holes, self.num_players
        return (
            ("cat", c),
            ("mice", m * c),
            ("face_down", f),
            ("cheese_up", f),
            ("holes_up", m),
            ("last_from", c),
            ("phase", len(_PHASES)),
            ("me", 3),
            ("to_act", n),
            ("mice_turn", 1),
            ("cheese", 2),
            ("roll", 1),
            ("moving", m),
            ("lock", m),
            ("skips", 2),
            ("hidden", len(TILES)),
            ("turns", 1),
        )

    def fill(self, vector: Vector, observation: ChopChopObservation, seat: int) -> None:
        s = observation.state
        c = self.cells
        if s.cat >= 0:
            vector[self.at("cat") + s.cat] = 1.0
        mice = self.at("mice")
        for i, cell in enumerate(s.mice):
            if cell >= 0:
                vector[mice + i * c + cell] = 1.0
        down, up = self.at("face_down"), self.at("cheese_up")
        for square, tile in enumerate(s.tiles):
            if tile == FACE_DOWN:
                vector[down + square] = 1.0
            elif tile == UNCOVERED_CHEESE:
                vector[up + square] = 1.0
        holes = self.at("holes_up")
        for i, hole_up in enumerate(s.holes_up):
            vector[holes + i] = float(hole_up)
        if s.last_from >= 0:
            vector[self.at("last_from") + s.last_from] = 1.0
        vector[self.at("phase") + _PHASES.index(s.phase)] = 1.0
        me = self.at("me")
        vector[me + (0 if seat == 0 else 1)] = 1.0
        if observation.current_player == seat:
            vector[me + 2] = 1.0
        if s.phase is not Phase.OVER:
            vector[self.at("to_act") + self.relative(s.seat, seat)] = 1.0
        vector[self.at("mice_turn")] = float(s.mice_turn)
        cheese = self.at("cheese")
        vector[cheese] = scaled(s.cheese, self._cheese_to_win)
        vector[cheese + 1] = float(s.carried)
        vector[self.at("roll")] = scaled(s.roll, self._top_face)
        if s.mouse >= 0:
            vector[self.at("moving") + s.mouse] = 1.0
        if s.lock >= 0:
            vector[self.at("lock") + s.lock] = 1.0
        skips = self.at("skips")
        vector[skips] = float(s.cat_skip)
        vector[skips + 1] = float(s.mice_skip)
        hidden = self.at("hidden")
        for k, count in enumerate(s.hidden):
            vector[hidden + k] = scaled(count, self.floor)
        vector[self.at("turns")] = scaled(s.turns, self._max_turns)
