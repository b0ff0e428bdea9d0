"""What nobody at the table knows, made concrete: a possible deal of the face-down cards, and a
full state consistent with one player's observation (for determinising searches such as ISMCTS)."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import TYPE_CHECKING

from boardgames_widgets.games.papageno.cards import KIND_INDEX, cards_from_counts, sorted_cards
from boardgames_widgets.games.papageno.state import Grid, PapagenoObservation, PapagenoState, _remove_one, _take

if TYPE_CHECKING:
    from boardgames_widgets.games.papageno.rules import Papageno


def possible_deal(game: Papageno, state: PapagenoState, rng: random.Random) -> tuple[Grid, ...]:
    """Every area with each face-down card given an identity, for the teacher's picture.

    The identities are a uniformly random assignment of the unseen cards to the
    face-down places — exactly the chances the game itself uses when it turns them up.
    The state is not changed: a later chance node may reveal something else.

    >>> from boardgames_widgets.games.papageno.rules import Papageno
    >>> game = Papageno(2)
    >>> grids = game.possible_deal(game.new_initial_state(), random.Random(0))
    >>> sum(c is None for g in grids for c in g)
    0
    """
    pool = list(cards_from_counts(state.unseen))
    rng.shuffle(pool)
    cards = iter(pool)
    return tuple(tuple(c if c is not None else next(cards) for c in g) for g in state.grids)


def sample_state(game: Papageno, observation: PapagenoObservation, rng: random.Random) -> PapagenoState:
    """A full state consistent with ``observation``, drawn with its exact probability (for ISMCTS).

    The state leaves unseen cards undecided (they are dealt by chance nodes when
    seen), so the only thing to deal is a card another player is holding after a
    draw: it is drawn uniformly from the cards it could be (the observer's unseen
    pool, or the reshuffled pile it came from).

    Raises:
        ValueError: ``observation`` is not an observation of this game.
    """
    if not isinstance(observation, PapagenoObservation) or observation.num_players != game.num_players:
        raise ValueError("not an observation of this Papageno game")
    hand, unseen, known = observation.hand, observation.unseen, observation.draw_known
    if observation.hand_hidden:
        if observation.hand_from_known:
            hand = known[rng.randrange(len(known))]
            known = _remove_one(known, hand)
        else:
            pool = cards_from_counts(unseen)
            hand = pool[rng.randrange(len(pool))]
            unseen = _take(unseen, hand)
    draw_unseen = observation.draw_pile_size - len(known)
    state = PapagenoState(
        phase=observation.phase,
        grids=observation.grids,
        discard=observation.discard,
        draw_unseen=draw_unseen,
        draw_known=known,
        unseen=unseen,
        actor=observation.actor,
        hand=hand,
        hand_drawn=observation.hand_drawn,
        hand_from_known=observation.hand_from_known,
        pos=observation.pos,
        travelling=observation.travelling,
        receiver=observation.receiver,
        round=observation.round,
        first_player=observation.first_player,
        round_wins=observation.round_wins,
        last_scores=observation.last_scores,
        ender=observation.ender,
        turns=observation.turns,
    )
    game.validate_state(state)
    return state


def hidden_variants(game: Papageno, state: PapagenoState, player: int, rng: random.Random) -> list[PapagenoState]:
    """States that differ from ``state`` only in what ``player`` cannot see (for the
    conformance suite's leak check, :mod:`boardgames_widgets.testing`).

    The one secret of a Papageno state is the card another player drew (PA-T1): each
    variant holds instead another card it could have been — another kind of the
    unseen cards, or of the known draw pile after a reshuffle (PA-S3) — with the
    counts it came from adjusted. Face-down cards hold no identity (``None``), so
    nothing else can change. Every variant, in ``KINDS`` order (``rng`` is unused:
    there are at most as many as card kinds).
    """
    hand = state.hand
    if hand is None or game.hand_visible_to(state, player):
        return []
    out = []
    if state.hand_from_known:
        for card in sorted(set(state.draw_known) - {hand}, key=KIND_INDEX.__getitem__):
            known = sorted_cards((*_remove_one(state.draw_known, card), hand))
            out.append(replace(state, hand=card, draw_known=known))
    else:
        for card in sorted(set(cards_from_counts(state.unseen)) - {hand}, key=KIND_INDEX.__getitem__):
            unseen = list(_take(state.unseen, card))
            unseen[KIND_INDEX[hand]] += 1
            out.append(replace(state, hand=card, unseen=tuple(unseen)))
    return out
