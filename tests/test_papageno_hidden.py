"""Papageno hidden information: observations and sampling states for search.

A face-down card is unknown to everyone, its owner included (PA-S2, PA-T3); a card
just drawn is seen by its drawer alone (PA-T1). These tests check that nothing in
``observation()`` or its JSON (``core.codec.encode``) tells another player more.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import replace

import pytest
from test_papageno import playout, run, table

from boardgames_widgets.core.codec import decode, encode
from boardgames_widgets.games.papageno import (
    KINDS,
    Papageno,
    PapagenoObservation,
    PapagenoState,
    Phase,
    sample_state,
)
from boardgames_widgets.games.papageno.cards import KIND_INDEX, cards_from_counts, counts_of


def _with_hand(state: PapagenoState, card: str) -> PapagenoState:
    """The same position with a different secretly drawn card (from the same source)."""
    assert state.hand is not None and state.hand_drawn
    if state.hand_from_known:
        known = sorted((*state.draw_known, state.hand), key=KIND_INDEX.__getitem__)
        known.remove(card)
        return replace(state, hand=card, draw_known=tuple(known))
    unseen = list(state.unseen)
    unseen[KIND_INDEX[state.hand]] += 1
    unseen[KIND_INDEX[card]] -= 1
    return replace(state, hand=card, unseen=tuple(unseen))


def _possible_hands(state: PapagenoState) -> set[str]:
    if state.hand_from_known:
        return {*state.draw_known, state.hand}
    return {k for k, c in zip(KINDS, state.unseen, strict=True) if c} | {state.hand}


def _public_unseen(game: Papageno, obs: PapagenoObservation) -> tuple[int, ...]:
    """The cards a player has not seen, worked out from public facts only."""
    seen = [c for g in obs.grids for c in g if c is not None] + list(obs.discard) + list(obs.draw_known)
    seen += [c for c in (obs.hand, obs.travelling) if c is not None]
    return tuple(t - s for t, s in zip(game.counts, counts_of(seen), strict=True))


def test_PA_T1_a_drawn_card_is_seen_by_its_drawer_alone():
    """PA-T1: the drawer sees the drawn card; the others' observations (and JSON) do not depend on it."""
    game = Papageno(3)
    state = table(game, "3 . . / . . .", ". 8 . / . . .", ". . 5 / . . .", discard=("6",))
    state = run(game, state, "draw", "reveal Capture")
    mine = game.observation(state, 0)
    assert mine.hand == "Capture" and not mine.hand_hidden
    for other in (1, 2):
        obs = game.observation(state, other)
        assert obs.hand is None and obs.hand_hidden and obs.hand_drawn
        text = json.dumps(encode(obs))
        assert "Capture" not in text
        for card in _possible_hands(state):
            alt = _with_hand(state, card)
            game.validate_state(alt)
            assert game.observation(alt, other) == obs
            assert json.dumps(encode(game.observation(alt, other))) == text
    assert game.observation(_with_hand(state, "9"), 0) != mine


def test_PA_T3_face_down_cards_are_unknown_even_to_their_owner():
    """PA-T3 / PA-S2: every face-down card is None in every observation, the owner's own included."""
    game = Papageno(4)
    for state in playout(game, 5)[:200]:
        for p in range(4):
            obs = game.observation(state, p)
            assert obs.grids == state.grids  # face-down cards are None: no identity exists yet
            for q in range(4):
                for pos, card in enumerate(obs.grids[q]):
                    if state.grids[q][pos] is None:
                        assert card is None


@pytest.mark.parametrize("n", [2, 5])
def test_observations_of_others_never_depend_on_a_secret_card(n):
    """PA-T1: along random games, whatever card the drawer holds, the others observe the same thing."""
    game = Papageno(n)
    checked = 0
    for seed in range(2):
        for state in playout(game, seed):
            for p in range(n):
                obs = game.observation(state, p)
                assert obs.unseen == _public_unseen(game, obs), "counts must follow from public facts"
                assert obs.draw_pile_size == state.draw_unseen + len(state.draw_known)
            if state.phase is not Phase.PLACE or not state.hand_drawn:
                continue
            for card in _possible_hands(state):
                alt = _with_hand(state, card)
                for p in range(n):
                    if p != state.actor:
                        assert encode(game.observation(alt, p)) == encode(game.observation(state, p))
                checked += 1
    assert checked > 20


def test_observation_json_round_trips():
    """Observations are frozen, JSON-able and decode back with the codec."""
    game = Papageno(3)
    for state in playout(game, 2)[::7]:
        obs = game.observation(state, 1)
        data = json.loads(json.dumps(encode(obs)))
        assert decode(PapagenoObservation, data) == obs


@pytest.mark.parametrize("n", [2, 5])
def test_sample_state_is_a_legal_state_consistent_with_the_observation(n):
    """sample_state gives full, valid states that every player would observe exactly as given."""
    game = Papageno(n)
    rng = random.Random(7)
    for state in playout(game, 1)[::3]:
        for p in range(n):
            obs = game.observation(state, p)
            sampled = sample_state(game, obs, rng)
            game.validate_state(sampled)
            assert game.observation(sampled, p) == obs
            assert game.current_player(sampled) == game.current_player(state)
            assert game.legal_actions(sampled) == game.legal_actions(state)
            assert game.from_json(json.loads(json.dumps(game.to_json(sampled)))) == sampled
            if not obs.hand_hidden:
                assert sampled == state  # nothing is hidden from this player
            for action in game.legal_actions(sampled)[:3]:
                game.apply(sampled, action)


def test_sample_state_deals_a_hidden_card_with_its_exact_probability():
    """A card held by another player is dealt from the observer's unseen cards, by multiplicity."""
    game = Papageno(2)
    state = table(game, "3 . . / . . .", ". 8 . / . . .", discard=("6",))
    state = run(game, state, "draw", "reveal 7")
    obs = game.observation(state, 1)
    pool = cards_from_counts(obs.unseen)
    rng = random.Random(3)
    draws = 4000
    seen = Counter(sample_state(game, obs, rng).hand for _ in range(draws))
    assert set(seen) == set(pool)
    for card, count in Counter(pool).items():
        assert abs(seen[card] / draws - count / len(pool)) < 0.025


def test_sample_state_deals_from_a_reshuffled_pile():
    """PA-S3: a card drawn from a reshuffled pile is one of that pile's known cards."""
    game = Papageno(2)
    state = table(game, "3 . . / . . .", ". 8 . / . . .", discard=("6",), draw_known=("5", "5", "9"))
    state = run(game, state, "draw", "reveal 9")
    obs = game.observation(state, 1)
    assert obs.draw_known == ("5", "5", "9") and obs.draw_pile_size == 2
    rng = random.Random(1)
    hands = Counter(sample_state(game, obs, rng).hand for _ in range(600))
    assert set(hands) == {"5", "9"} and hands["5"] > hands["9"]
    with pytest.raises(ValueError):
        sample_state(Papageno(3), obs, rng)
