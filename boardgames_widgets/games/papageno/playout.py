"""Papageno's fast random playout: the rules' own steps on one mutable draft, no state per step.

:meth:`~boardgames_widgets.core.api.Game.random_playout` defines what it must equal (the same
draws from the generator, the same returns); the conformance suite checks it does.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, cast

from boardgames_widgets.core.rng import index_drawer
from boardgames_widgets.games.papageno.actions import _DISCARD, _SWAPS, _TAKE
from boardgames_widgets.games.papageno.cards import KINDS
from boardgames_widgets.games.papageno.state import _CHANCE_PHASES, PapagenoState, Phase, _Draft

if TYPE_CHECKING:
    from boardgames_widgets.games.papageno.rules import Papageno


def random_playout(game: Papageno, state: PapagenoState, rng: random.Random) -> tuple[float, ...]:
    """:meth:`Game.random_playout` on one mutable draft (a new one each round): the
    same draws from ``rng`` and the same returns, faster.

    No state is built per step; the two phases of an ordinary turn draw the index
    of :meth:`legal_actions`'s list without building it (TURN: draw, then take;
    PLACE: the six swaps, then discarding a drawn card), and a card is revealed as
    :meth:`sample_chance` draws it (one index below the cards it may be).
    """
    below = index_drawer(rng)
    d = _Draft(state)
    view = cast(PapagenoState, d)  # the rules read a draft as a state (the same fields)
    turn, place, over, next_round = Phase.TURN, Phase.PLACE, Phase.GAME_OVER, Phase.ROUND_OVER
    draw_reveal = Phase.DRAW_REVEAL
    swaps = len(_SWAPS)
    while True:
        phase = d.phase
        if phase is turn:  # [Draw if the pile or the discards allow, TakeDiscard if a discard]
            can_draw = bool(d.draw_unseen or d.draw_known or len(d.discard) >= 2)
            i = below(can_draw + bool(d.discard))
            if can_draw and i == 0:
                game._draw(d)
            else:
                game._step(d, _TAKE)
        elif phase is place:  # [the six swaps, DiscardDrawn if the card was drawn]
            i = below(swaps + 1 if d.hand_drawn else swaps)
            if i < swaps:
                game._swap(d, i)
            else:
                game._step(d, _DISCARD)
        elif phase is over:
            return game.returns(view)
        elif phase is next_round:
            d = _Draft(game._next_round(view))
            view = cast(PapagenoState, d)
        elif phase is draw_reveal and not d.draw_unseen:  # a card of the reshuffled pile
            known = d.draw_known
            game._reveal(d, known[below(len(known))])
        elif phase in _CHANCE_PHASES:  # a card nobody has seen: index r of the unseen cards
            unseen = d.unseen
            r = below(sum(unseen))
            k = 0
            while r >= unseen[k]:  # the kinds own consecutive ranges as long as their counts
                r -= unseen[k]
                k += 1
            game._reveal(d, KINDS[k])
        else:  # OPENING, CAPTURE
            legal = game.legal_actions(view)
            game._step(d, legal[below(len(legal))])
