"""Chop Chop's fast random playout: the rules' own steps on one mutable draft.

:meth:`~boardgames_widgets.core.api.Game.random_playout` defines what it must equal (the same
draws from the generator, the same returns); the conformance suite checks it does.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, cast

from boardgames_widgets.core.rng import index_drawer
from boardgames_widgets.games.chop_chop.actions import _REVEALS
from boardgames_widgets.games.chop_chop.moves import nth_move
from boardgames_widgets.games.chop_chop.state import ChopChopState, Phase, _Draft

if TYPE_CHECKING:
    from boardgames_widgets.games.chop_chop.rules import ChopChop


def random_playout(game: ChopChop, state: ChopChopState, rng: random.Random) -> tuple[float, ...]:
    """:meth:`Game.random_playout` on one mutable draft: the same draws from ``rng``
    and the same returns, faster.

    Each step changes the draft in place (no new state), and a move is drawn
    among the moves of :meth:`~.rules.ChopChop._moves_by_piece`, in the order of
    :meth:`~.rules.ChopChop.legal_actions`, without building the actions themselves.
    Chance draws as :meth:`~.rules.ChopChop.sample_chance` (``below`` draws as ``rng.randrange``).
    """
    below = index_drawer(rng)
    d = _Draft(state)
    view = cast(ChopChopState, d)  # the rules read a draft as a state (the same fields)
    # each die's faces by side (mice: True) and how many, as sample_chance draws them
    faces = {mice: ([r.value for r in rolls], len(rolls)) for mice, rolls in game._roll_faces.items()}
    nn = game.layout.n_cells**2
    roll, move, extra, arrow, reveal = Phase.ROLL, Phase.MOVE, Phase.EXTRA, Phase.ARROW, Phase.REVEAL
    moves_by_piece, move_piece, end_turn = game._moves_by_piece, game._move, game._end_turn
    while True:
        phase = d.phase
        if phase is roll:
            values, count = faces[d.mice_turn]
            d.roll = values[below(count)]
            d.phase = move
        elif phase is move or phase is extra or phase is arrow:
            # the i-th legal action, found piece by piece (no list of actions built)
            groups, last = moves_by_piece(view)
            if len(groups) == 1:
                i = below(groups[0][2].bit_count() + (last != 0))
            else:
                i = below(sum([found.bit_count() for _, _, found in groups]) + (last != 0))
            for keys, paths, found in groups:
                count = found.bit_count()
                if i < count:
                    walk = nth_move(found, i)
                    move_piece(d, keys[walk] // nn - 1, paths[walk])
                    break
                i -= count
            else:  # Pass or Decline
                end_turn(d)
        elif phase is reveal:  # draw_by_counts, drawing its number with below (the same draws)
            r = below(sum(d.hidden))
            for kind, count in enumerate(d.hidden):
                r -= count
                if r < 0:
                    game._step(d, _REVEALS[kind], ())
                    break
        elif phase is Phase.OVER:
            return game.returns(view)
        else:  # PLACE, FORK
            legal = game.legal_actions(view)
            game._step(d, legal[below(len(legal))], ())
