"""Mouse Trap's fast random playout: the turn machine's own steps on one work copy.

:meth:`~boardgames_widgets.core.api.Game.random_playout` defines what it must equal (the same
draws from the generator, the same returns); the conformance suite checks it does.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, cast

from boardgames_widgets.core.rng import index_drawer
from boardgames_widgets.games.mouse_trap.state import MouseTrapState, Phase, _Work

if TYPE_CHECKING:
    from boardgames_widgets.games.mouse_trap.rules import MouseTrap


def random_playout(game: MouseTrap, state: MouseTrapState, rng: random.Random) -> tuple[float, ...]:
    """:meth:`Game.random_playout` on one mutable working copy, with no events put
    into words (nobody reads a playout's log): the same draws from ``rng`` and the
    same returns, faster. Chance draws as :meth:`sample_chance` does (a die face
    is ``rng.choice`` of the faces: index + 1)."""
    below = index_drawer(rng)
    w = _Work(state)
    w.say = False
    # what a step reads of the position beyond what _Work copies (it starts them afresh)
    w.take_amount, w.take_from, w.moving, w.winners = (
        state.take_amount,
        state.take_from,
        state.moving,
        state.winners,
    )
    view = cast(MouseTrapState, w)  # the rules read the working copy as a state
    faces = game._faces
    works = game._p_works
    while True:
        ph = w.phase
        if ph is Phase.ROLL:
            game._turn_roll(w, below(faces) + 1)
        elif ph is Phase.MOVE_ROLL:
            victim = w.moving
            w.moving = -1
            game._move_roll(w, victim, below(faces) + 1)
        elif ph is Phase.CRANK:
            game._crank_result(w, works.denominator == 1 or below(works.denominator) < works.numerator)
        elif ph is Phase.OVER:
            return game.returns(view)
        elif ph is Phase.TAKE_CHOICE:
            legal = game.legal_actions(view)
            take = legal[below(len(legal))]
            w.take_amount, w.take_from = 0, ()
            for p, n in take.amounts:  # type: ignore[union-attr]
                w.cheese[p] -= n
                w.cheese[w.mover] += n
            game._end_turn(w)
        else:  # AT_CRANK
            legal = game.legal_actions(view)
            game._crank_decision(view, w, legal[below(len(legal))])
