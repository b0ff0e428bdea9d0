"""Pig's fast random playout: the scores and the turn total as plain numbers, no state per step.

:meth:`~boardgames_widgets.core.api.Game.random_playout` defines what it must equal (the same
draws from the generator, the same returns); ``tests/test_random_playout.py`` and the
conformance suite check that it does.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from boardgames_widgets.core.rng import index_drawer

if TYPE_CHECKING:
    from boardgames_widgets.games.pig.rules import Pig, PigState


def random_playout(game: Pig, state: PigState, rng: random.Random) -> tuple[float, ...]:
    """:meth:`Game.random_playout` with the rules' steps on local numbers: the same draws
    from ``rng`` and the same returns, faster.

    The definition draws, at a decision, an index below the number of legal actions
    (``[roll]`` before the first roll of a turn, ``[roll, hold]`` after it, PG-1) and, at
    the rolling die, ``randrange(6)`` for the face (six outcomes of 1/6 each: the index of
    the face, as :func:`~boardgames_widgets.core.rng.draw_outcome` draws it).
    """
    if state.winner >= 0:
        return game.returns(state)
    below = index_drawer(rng)
    n, target = game.num_players, game.target
    scores = list(state.scores)
    player, total, rolling = state.player, state.turn_total, state.rolling
    while True:
        if rolling:
            face = below(6) + 1  # the face's index among FACES = (1, ..., 6)
            rolling = False
            if face == 1:  # PG-2: a pig loses the turn total and ends the turn
                total = 0
                player = (player + 1) % n
            else:
                total += face  # PG-2
                if scores[player] + total >= target:  # PG-4: the target wins at once
                    return tuple(1.0 if p == player else 0.0 for p in range(n))
        elif total and below(2):  # PG-3: hold (legal actions [roll, hold]: index 1)
            scores[player] += total
            total = 0
            player = (player + 1) % n
        else:  # PG-1: roll (the only legal action before the first roll draws below(1))
            if not total:
                below(1)
            rolling = True
