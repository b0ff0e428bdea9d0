"""Papageno rules (RULES.md §3): every PA rule ID, with scenario tables.

Areas are written row by row, rows split by ``/``, ``.`` for a face-down card:
``"7 . Egg / 3 . Capture"``. Player 0 is the left neighbour of player n-1;
play passes to the left, ``(p + 1) % n``.
"""

from __future__ import annotations

import itertools
import json
import random
from dataclasses import replace
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from boardgames_widgets.agents import GreedyAgent, RandomAgent
from boardgames_widgets.core import (
    CHANCE,
    TERMINAL,
    GameOverError,
    IllegalActionError,
    InvalidActionError,
    make_game,
    play_game,
)
from boardgames_widgets.core.record import GameRecord
from boardgames_widgets.core.rng import sample_outcome
from boardgames_widgets.games.papageno import (
    CAPTURE,
    EGG,
    FLUTE,
    KINDS,
    CaptureSwap,
    DeckConfig,
    Decline,
    DiscardDrawn,
    Draw,
    NextRound,
    Papageno,
    PapagenoState,
    Phase,
    Reveal,
    Swap,
    TakeDiscard,
    TurnUp,
    next_starter,
    score_area,
)
from boardgames_widgets.games.papageno.cards import KIND_INDEX, counts_of
from boardgames_widgets.games.papageno.rules import MAX_TURNS_PER_ROUND

TL, TM, TR, BL, BM, BR = range(6)


# -- building positions from text -------------------------------------------------------------
def area(text: str) -> tuple[str | None, ...]:
    """``"7 . Egg / 3 . ."`` → ``("7", None, "Egg", "3", None, None)``."""
    rows = [r.split() for r in text.split("/")]
    assert len(rows) == 2 and all(len(r) == 3 for r in rows), text
    return tuple(None if t == "." else t for r in rows for t in r)


def table(
    game: Papageno,
    *areas: str,
    discard: tuple[str, ...] = ("4",),
    phase: Phase = Phase.TURN,
    actor: int = 0,
    hand: str | None = None,
    hand_drawn: bool = False,
    draw_known: tuple[str, ...] = (),
    **changes: Any,
) -> PapagenoState:
    """A consistent state with these areas (one text per player) and piles.

    Cards not on the table, in hand or on the discard pile are unseen. With
    ``draw_known`` (a reshuffled draw pile) the cards that would otherwise be in the
    draw pile are put at the bottom of the discard pile, so only face-down cards are unseen.
    """
    assert len(areas) == game.num_players
    grids = tuple(area(a) for a in areas)
    seen = [c for g in grids for c in g if c is not None] + list(discard) + list(draw_known)
    if hand is not None:
        seen.append(hand)
    unseen = [total - s for total, s in zip(game.counts, counts_of(seen), strict=True)]
    assert min(unseen) >= 0, f"more cards on the table than in the deck: {unseen}"
    face_down = sum(c is None for g in grids for c in g)
    extra: list[str] = []
    if draw_known:
        surplus = sum(unseen) - face_down
        for i in range(len(KINDS) - 1, -1, -1):
            while surplus and unseen[i]:
                unseen[i] -= 1
                surplus -= 1
                extra.append(KINDS[i])
    state = PapagenoState(
        phase=phase,
        grids=grids,
        discard=(*extra, *discard),
        draw_unseen=sum(unseen) - face_down,
        draw_known=tuple(draw_known),
        unseen=tuple(unseen),
        actor=actor,
        hand=hand,
        hand_drawn=hand_drawn,
        hand_from_known=False,
        pos=-1,
        travelling=None,
        receiver=-1,
        round=1,
        first_player=0,
        round_wins=(0,) * game.num_players,
        last_scores=(),
        ender=-1,
        turns=0,
    )
    state = replace(state, **changes)
    game.validate_state(state)
    return state


def outcomes(game: Papageno, state: PapagenoState) -> dict[str, Fraction]:
    return {str(a): p for a, p in game.chance_outcomes(state)}


def run(game: Papageno, state: PapagenoState, *texts: str) -> PapagenoState:
    for t in texts:
        state = game.apply(state, game.parse_action(t))
        game.validate_state(state)
    return state


def playout(game: Papageno, seed: int, stop: Any = None) -> list[PapagenoState]:
    rng = random.Random(seed)
    state = game.new_initial_state()
    states = [state]
    while not game.is_terminal(state):
        if game.is_chance_node(state):
            action = sample_outcome(game.chance_outcomes(state), rng)
        else:
            legal = game.legal_actions(state)
            action = legal[rng.randrange(len(legal))]
        state = game.apply(state, action)
        states.append(state)
    return states


# -- setup --------------------------------------------------------------------------------------
def test_PA_S1_deck_composition_and_pan_flutes_removed_for_two_players():
    """PA-S1: 40 birds over −2…9, 4 Pan Flute, 4 Capture, 4 Egg; no Pan Flutes with 2 players."""
    deck = DeckConfig()
    assert sum(deck.bird_counts) == 40 and len(deck.bird_counts) == 12
    assert deck.deck_size(3) == 52 and deck.deck_size(5) == 52
    assert deck.deck_size(2) == 48 and deck.counts(2)[KIND_INDEX[FLUTE]] == 0
    assert DeckConfig.preset("retail").deck_size(3) == 50
    assert deck.weight(CAPTURE) == 10 and deck.weight(FLUTE) == 10 and deck.weight(EGG) is None
    assert deck.weight("-2") == -2 and deck.weight("9") == 9
    two, three = Papageno(2), Papageno(3)
    assert "reveal Flute" not in outcomes(two, two.new_initial_state())
    first = outcomes(three, three.new_initial_state())
    assert first["reveal Flute"] == Fraction(4, 52) and first["reveal -2"] == Fraction(2, 52)
    assert sum(first.values()) == 1
    # the 2-player game never sees a Pan Flute
    for seed in range(3):
        assert all(FLUTE not in (c for g in s.grids for c in g) for s in playout(two, seed))


def test_PA_S1_deck_parameters_rebuild_through_make_game():
    """PA-S1: the deck is a named parameter set; config() rebuilds the same game."""
    game = Papageno.preset("retail", 4, rounds_to_win=1, first_player=2)
    assert game.deck.eggs == 2 and game.deck_size == 50
    again = make_game("papageno", **json.loads(json.dumps(game.config())))
    assert again == game and again.deck == game.deck
    custom = Papageno(3, bird_counts=[0] * 11 + [40], captures=0, flutes=0, eggs=0)
    assert outcomes(custom, custom.new_initial_state()) == {"reveal 9": Fraction(1)}
    with pytest.raises(ValueError):
        Papageno(3, bird_counts=[1, 2, 3])
    with pytest.raises(ValueError):
        Papageno(5, bird_counts=[1] * 12, captures=0, flutes=0, eggs=0)  # 12 cards for 30 places
    with pytest.raises(ValueError):
        DeckConfig.preset("deluxe")


def test_PA_S2_opening_each_player_turns_up_one_card_of_their_choice():
    """PA-S2: six face-down cards each; each player (clockwise from the first) turns up one."""
    game = Papageno(3, first_player=1)
    state = game.new_initial_state()
    assert game.current_player(state) == CHANCE and state.phase is Phase.DEAL
    assert all(g == (None,) * 6 for g in state.grids)
    state = run(game, state, "reveal 5")
    assert state.discard == ("5",) and state.draw_unseen == 52 - 18 - 1
    order = []
    for pos, card in ((TL, "3"), (BR, "Egg"), (TM, "9")):
        assert state.phase is Phase.OPENING
        order.append(game.current_player(state))
        assert game.legal_actions(state) == [TurnUp(p) for p in range(6)]
        state = run(game, state, str(TurnUp(pos)))
        assert game.current_player(state) == CHANCE
        state = run(game, state, f"reveal {card}")
    assert order == [1, 2, 0]
    assert state.grids[1] == ("3", None, None, None, None, None)
    assert state.grids[2] == (None, None, None, None, None, "Egg")
    assert state.grids[0] == (None, "9", None, None, None, None)
    assert state.phase is Phase.TURN and game.current_player(state) == 1


def test_PA_S3_the_top_card_starts_the_discard_pile_and_a_reshuffle_keeps_the_top_discard():
    """PA-S3: an empty draw pile is refilled from the discards; the top discard stays."""
    game = Papageno(2)
    state = table(
        game,
        "1 . . / . . .",
        ". 2 . / . . .",
        discard=("5", "5", "7", "2"),
        draw_known=("0",),
    )
    # empty the reshuffled pile first: draw the 0 and discard it
    state = run(game, state, "draw")
    assert outcomes(game, state) == {"reveal 0": Fraction(1)}
    state = run(game, state, "reveal 0", "discard")
    assert state.draw_unseen == 0 and state.draw_known == ()
    assert game.legal_actions(replace(state, phase=Phase.TURN)) == [Draw(), TakeDiscard()]
    top = state.discard[-1]
    before = state.discard[:-1]
    state = run(game, state, "draw")
    assert state.discard == (top,)
    assert sorted(state.draw_known) == sorted(before)
    expected = {f"reveal {k}": Fraction(c, len(before)) for k, c in zip(KINDS, counts_of(before), strict=True) if c}
    assert outcomes(game, state) == expected
    # the face-down cards are still dealt from the unseen pool, not from the reshuffled pile
    state = run(game, state, "reveal 5")
    assert state.hand == "5" and state.hand_from_known
    state = run(game, state, "swap top-left")
    assert state.phase is Phase.SWAP_REVEAL
    assert outcomes(game, state) == {
        f"reveal {k}": Fraction(c, sum(state.unseen)) for k, c in zip(KINDS, state.unseen, strict=True) if c
    }
    assert sum(state.unseen) == 10  # the ten face-down cards (nine left, plus the one turned up)


def test_PA_S4_next_round_is_started_by_the_player_with_the_most_points():
    """PA-S4: round 1 by the chosen first player; later rounds by the highest scorer (ties clockwise)."""
    assert next_starter((12, 30, 25), previous_first=0) == 1
    assert next_starter((12, 30, 30), previous_first=0) == 1
    assert next_starter((12, 30, 30), previous_first=2) == 2
    assert next_starter((30, 1, 30), previous_first=1) == 2
    game = Papageno(3, first_player=2)
    assert game.new_initial_state().actor == 2
    # a finished round whose highest scorer is player 1
    state = table(
        game,
        "1 1 3 / 2 2 4",
        "9 9 8 / 7 6 .",
        "0 0 -1 / 5 -1 -2",
        discard=("3",),
        phase=Phase.PLACE,
        actor=1,
        hand="5",
    )
    state = run(game, state, "swap bottom-right", "reveal 9")
    assert state.phase is Phase.ROUND_OVER
    assert state.last_scores == (13, 9 + 9 + 8 + 7 + 6 + 5, 0 + 0 - 1 + 5 - 1 - 2)
    scores = [s.total for s in game.scores(state)]
    assert tuple(scores) == state.last_scores
    assert scores.index(max(scores)) == 1
    assert game.chance_outcomes(state) == [(NextRound(), Fraction(1))]
    nxt = run(game, state, "next round")
    assert nxt.round == 2 and nxt.first_player == 1 and nxt.actor == 1
    assert nxt.phase is Phase.DEAL and all(g == (None,) * 6 for g in nxt.grids)
    assert nxt.discard == () and sum(nxt.unseen) == 52 and nxt.round_wins == state.round_wins


# -- the turn ---------------------------------------------------------------------------------
def test_PA_T1_draw_look_and_swap_the_new_card_goes_face_up_the_old_one_onto_the_discard():
    """PA-T1: draw (exact chance over the unseen cards), swap; the replaced card is discarded face up."""
    game = Papageno(2)
    state = table(game, "3 . . / . . .", ". 8 . / . . .", discard=("6",))
    assert game.legal_actions(state) == [Draw(), TakeDiscard()]
    drawn = run(game, state, "draw")
    assert game.current_player(drawn) == CHANCE
    probs = outcomes(game, drawn)
    total = sum(state.unseen)
    assert probs == {f"reveal {k}": Fraction(c, total) for k, c in zip(KINDS, state.unseen, strict=True) if c}
    held = run(game, drawn, "reveal -1")
    assert held.hand == "-1" and held.hand_drawn and held.draw_unseen == state.draw_unseen - 1
    assert game.legal_actions(held) == [*(Swap(p) for p in range(6)), DiscardDrawn()]
    after = run(game, held, "swap top-left")
    assert after.grids[0] == ("-1", None, None, None, None, None)
    assert after.discard == ("6", "3") and after.actor == 1 and after.phase is Phase.TURN


def test_PA_T1_take_the_discard_and_swap_a_face_down_card_which_is_turned_up():
    """PA-T1: take the top discard; swapping a face-down card turns it up onto the discard pile."""
    game = Papageno(2)
    state = table(game, "3 . . / . . .", ". 8 . / . . .", discard=("6", "0"))
    held = run(game, state, "take discard")
    assert held.hand == "0" and not held.hand_drawn and held.discard == ("6",)
    swapping = run(game, held, "swap bottom-right")
    assert swapping.phase is Phase.SWAP_REVEAL and swapping.grids[0][BR] == "0"
    assert outcomes(game, swapping) == {
        f"reveal {k}": Fraction(c, sum(state.unseen)) for k, c in zip(KINDS, state.unseen, strict=True) if c
    }
    done = run(game, swapping, "reveal 9")
    assert done.discard == ("6", "9") and done.grids[0] == ("3", None, None, None, None, "0")


def test_PA_T2_a_drawn_card_may_be_discarded_a_taken_card_may_not():
    """PA-T2: discard a drawn card at once; a card taken from the discard pile must be swapped in."""
    game = Papageno(2)
    state = table(game, "3 . . / . . .", ". 8 . / . . .", discard=("6",))
    drawn = run(game, state, "draw", "reveal Capture", "discard")
    assert drawn.discard == ("6", "Capture") and drawn.grids == state.grids
    assert drawn.phase is Phase.TURN and drawn.actor == 1  # a discarded Capture does nothing
    taken = run(game, state, "take discard")
    assert DiscardDrawn() not in game.legal_actions(taken)
    with pytest.raises(IllegalActionError) as err:
        game.apply(taken, DiscardDrawn())
    assert err.value.rule == "PA-T2" and "must be swapped" in str(err.value)


def test_PA_T3_no_one_may_look_at_a_face_down_card_before_it_is_swapped_out():
    """PA-T3: no action looks at a face-down card; its identity is decided only when it is turned up."""
    game = Papageno(2)
    state = table(game, "3 . . / . . .", ". 8 . / . . .", discard=("6",))
    assert state.grids[0][TM] is None  # not even the full state knows it
    obs = game.observation(state, 0)
    assert obs.grids[0] == ("3", None, None, None, None, None)
    held = run(game, state, "take discard")
    for action in game.legal_actions(held):  # only swaps: none peeks
        assert isinstance(action, Swap)
    assert run(game, held, "swap top-middle").phase is Phase.SWAP_REVEAL


def test_PA_T4_the_new_card_takes_exactly_the_replaced_cards_place():
    """PA-T4: any card may be replaced, face up or not; nothing else moves; no swapping of two own cards."""
    game = Papageno(2)
    state = table(game, "3 . 5 / . 7 .", ". 8 . / . . .", discard=("6", "1"), phase=Phase.PLACE, hand="1")
    state = replace(state, discard=("6",))
    for pos in range(6):
        after = game.apply(state, Swap(pos))
        changed = [p for p in range(6) if after.grids[0][p] != state.grids[0][p]]
        assert changed == [pos] and after.grids[0][pos] == "1"
        assert after.grids[1] == state.grids[1]
    assert len(game.legal_actions(state)) == 6  # one swap per position: nothing else
    with pytest.raises(InvalidActionError):
        game.parse_action("swap top-left bottom-left")


# -- special cards ----------------------------------------------------------------------------
def test_PA_X1_capture_swaps_two_face_up_cards_and_may_not_give_itself_away():
    """PA-X1: after placing a Capture, swap a face-up card of yours with an opponent's; not the Capture."""
    game = Papageno(3)
    state = table(
        game,
        "9 . . / . . 8",
        ". -2 . / . . .",
        ". . . / 0 . .",
        discard=("5", "Capture"),
    )
    state = run(game, state, "take discard", "swap top-middle", "reveal 6")
    assert state.phase is Phase.CAPTURE and game.current_player(state) == 0
    assert state.discard[-1] == "6"
    legal = game.legal_actions(state)
    assert set(legal) == {
        CaptureSwap(TL, 1, TM),
        CaptureSwap(TL, 2, BL),
        CaptureSwap(BR, 1, TM),
        CaptureSwap(BR, 2, BL),
        Decline(),
    }
    with pytest.raises(IllegalActionError) as err:
        game.apply(state, CaptureSwap(TM, 1, TM))  # the Capture just played
    assert err.value.rule == "PA-X1" and "may not be given away" in str(err.value)
    with pytest.raises(IllegalActionError) as err:
        game.apply(state, CaptureSwap(TL, 1, TL))  # a face-down card of the opponent
    assert err.value.rule == "PA-X1"
    done = run(game, state, "capture top-left for p1 top-middle")
    assert done.grids[0][:2] == ("-2", "Capture") and done.grids[1][TM] == "9"
    assert done.phase is Phase.TURN and done.actor == 1
    declined = run(game, state, "decline")
    assert declined.grids == state.grids and declined.actor == 1


def test_PA_X1_a_capture_with_nothing_to_swap_is_skipped():
    """PA-X1: the swap is optional; with no face-up card of your own but the Capture, the turn just ends."""
    game = Papageno(2)
    state = table(game, "5 . . / . . .", ". 8 . / . . .", discard=("Capture",))
    after = run(game, state, "take discard", "swap top-left")
    assert after.grids[0][TL] == CAPTURE and after.phase is Phase.TURN and after.actor == 1


def test_PA_X2_pan_flute_round_with_five_players():
    """PA-X2: the replaced card travels left position by position; the last one (from the right) is discarded.

    Player 1 swaps a Pan Flute into top-left over a 9. The 9 goes to player 2's top-left
    (an 8 there travels on), player 3's top-left is face down (a chance turns it up: a
    Capture, which arrives at player 4's and does not act, PA-X3), player 4's 2 goes to
    player 0, whose 1 comes back round and is discarded.
    """
    game = Papageno(5)
    state = table(
        game,
        "1 . . / . . .",
        "9 . . / . 3 .",
        "8 . . / . . .",
        ". . . / . . 7",
        "2 . . / . . .",
        discard=("6", "Flute"),
        actor=1,
    )
    state = run(game, state, "take discard", "swap top-left")
    assert state.phase is Phase.FLUTE_REVEAL and state.receiver == 3 and state.pos == TL
    assert state.grids[1][TL] == FLUTE and state.grids[2][TL] == "9" and state.grids[3][TL] == "8"
    assert game.current_player(state) == CHANCE
    assert outcomes(game, state)["reveal Capture"] == Fraction(state.unseen[KIND_INDEX[CAPTURE]], sum(state.unseen))
    state = run(game, state, "reveal Capture")
    assert [g[TL] for g in state.grids] == ["2", FLUTE, "9", "8", CAPTURE]
    assert state.discard == ("6", "1")
    assert state.phase is Phase.TURN and state.actor == 2  # no Capture choice for player 4 (PA-X3)


def test_PA_X2_pan_flute_chain_over_face_up_cards_is_one_step():
    """PA-X2: with every card in the chain face up the whole exchange happens at once."""
    game = Papageno(3)
    state = table(game, "1 . . / . . .", ". . . / . 3 .", ". 6 . / . 9 .", discard=("Flute",), actor=1)
    state = run(game, state, "take discard", "swap bottom-middle")
    # 3 -> player 2 (9 travels on) -> player 0 (face down: turned up, then discarded)
    assert state.phase is Phase.FLUTE_REVEAL and state.receiver == 0
    state = run(game, state, "reveal 4")
    assert state.grids[2][BM] == "3" and state.grids[0][BM] == "9" and state.discard == ("4",)


def test_PA_X2_pan_flute_over_a_face_down_card_turns_it_up_before_it_travels():
    """PA-X2 / PA-T1: the face-down card the Pan Flute replaces is turned up, then passed left."""
    game = Papageno(3)
    state = table(game, ". . . / . . 2", ". . . / . . .", "1 . . / . . .", discard=("Flute",), actor=2)
    state = run(game, state, "take discard", "swap top-middle")
    assert state.phase is Phase.SWAP_REVEAL and state.grids[2][TM] == FLUTE
    state = run(game, state, "reveal Flute")  # another Pan Flute: it arrives and does nothing (PA-X3)
    assert state.phase is Phase.FLUTE_REVEAL and state.receiver == 0 and state.grids[0][TM] == FLUTE
    state = run(game, state, "reveal 7")
    assert state.phase is Phase.FLUTE_REVEAL and state.receiver == 1 and state.grids[1][TM] == "7"
    state = run(game, state, "reveal 3")
    assert state.discard == ("3",) and state.phase is Phase.TURN and state.actor == 0


def test_PA_X3_a_captured_pan_flute_does_not_play():
    """PA-X3: taking a Pan Flute with a Capture moves it without a Pan Flute exchange."""
    game = Papageno(3)
    state = table(game, "5 . . / . . .", ". Flute . / . . .", "7 . . / . . .", discard=("Capture",))
    state = run(game, state, "take discard", "swap top-middle", "reveal 2")
    assert state.phase is Phase.CAPTURE
    state = run(game, state, "capture top-left for p1 top-middle")
    assert state.grids[0][:2] == (FLUTE, CAPTURE) and state.grids[1][TM] == "5"
    assert state.grids[2][TL] == "7" and state.phase is Phase.TURN and state.actor == 1


def test_PA_X4_egg_in_the_middle_column_chooses_the_better_side():
    """PA-X4 / PA-E2: a middle Egg takes the side best for its owner — here the heavier 7, which cancels.

    3 Egg 7      left: 3 3 7 / 5 7 4 = 29
    5  7  4      right: 3 7 7 / 5 7 4, middle column 7 = 7 cancels: 19
    """
    score = score_area(area("3 Egg 7 / 5 7 4"), DeckConfig())
    assert score.total == 19
    assert [(e.pos, e.source, e.weight) for e in score.eggs] == [(TM, TR, 7)]
    assert score.cancelled_columns == (1,)
    assert score.counted == (3, 0, 7, 5, 0, 4)
    simple = score_area(area("3 Egg 7 / 5 2 4"), DeckConfig())
    assert simple.total == 3 + 3 + 7 + 5 + 2 + 4 and simple.eggs[0].source == TL
    assert "top-middle Egg takes 7 from top-right" in score.explain()
    assert "middle column cancels (7 = 7)" in score.explain()


def test_PA_X4_egg_in_an_outer_column_takes_the_middle_card():
    """PA-X4: an Egg at the left or right takes its only neighbour, the middle card of its row."""
    score = score_area(area("1 2 Egg / Egg 9 0"), DeckConfig())
    assert [(e.pos, e.source, e.weight) for e in score.eggs] == [(TR, TM, 2), (BL, BM, 9)]
    assert score.total == 1 + 2 + 2 + 9 + 9 + 0


def test_PA_E2_egg_next_to_a_cancelled_card_takes_its_printed_weight():
    """PA-E2: the Egg takes the printed 6 even though that 6 cancels with the 6 below it.

    Egg 6 1        middle column 6 = 6 cancels to 0 + 0,
     2  6 3        but the Egg still counts 6: total 6 + 0 + 1 + 2 + 0 + 3 = 12
    """
    score = score_area(area("Egg 6 1 / 2 6 3"), DeckConfig())
    assert score.eggs[0].weight == 6 and score.cancelled_columns == (1,)
    assert score.counted == (6, 0, 1, 2, 0, 3) and score.total == 12
    # an Egg counts with the weight it took, so it can cancel too
    score = score_area(area("Egg 6 1 / 6 2 3"), DeckConfig())
    assert score.cancelled_columns == (0,) and score.total == 0 + 6 + 1 + 0 + 2 + 3


def test_PA_E2_weights_and_column_cancellation():
    """PA-E2: each card counts its weight (Capture 10, Pan Flute 10); equal cards in a column cancel."""
    deck = DeckConfig()
    score = score_area(area("Capture Flute -2 / Capture 4 -2"), deck)
    assert score.cancelled_columns == (0, 2) and score.total == 0 + 10 + 0 + 0 + 4 + 0
    # a Capture and a Pan Flute weigh the same (10), so they cancel in one column
    assert score_area(area("Capture 1 2 / Flute 3 4"), deck).cancelled_columns == (0,)
    assert score_area(area("9 8 7 / 6 5 4"), deck).total == 39
    assert score_area(area("Capture 0 0 / 1 1 2"), DeckConfig(capture_weight=12)).total == 12 + 0 + 0 + 1 + 1 + 2
    with pytest.raises(ValueError):
        score_area(area("1 . 2 / 3 4 5"), deck)


def test_PA_E2_pan_flute_weighs_10_by_default_and_follows_its_parameter():
    """PA-E2 (Published): a Pan Flute weighs 10 like a Capture; ``flute_weight`` is a named parameter."""
    assert DeckConfig().weight("Flute") == 10 == Papageno(3).deck.weight("Flute")
    assert Papageno(3).config()["flute_weight"] == 10
    assert score_area(area("Flute 1 2 / 3 4 5"), DeckConfig()).total == 10 + 1 + 2 + 3 + 4 + 5
    assert score_area(area("Flute 1 2 / 3 4 5"), Papageno(3, flute_weight=0).deck).total == 1 + 2 + 3 + 4 + 5


def test_PA_E2_an_egg_never_takes_its_weight_from_an_egg():
    """PA-E2 (Assumption): a middle Egg with one Egg neighbour takes the other neighbour's
    printed weight; an Egg whose only neighbours are Eggs counts 0.

     5  0  8        bottom-middle Egg takes the 9 (never "0 from the Egg"),
     9 Egg Egg      bottom-right Egg has only an Egg beside it: 0.  5 + 0 + 8 + 9 + 9 + 0 = 31
    """
    score = score_area(area("5 0 8 / 9 Egg Egg"), DeckConfig())
    assert [(e.pos, e.source, e.weight) for e in score.eggs] == [(BM, BL, 9), (BR, BM, 0)]
    assert score.total == 31
    assert "bottom-right Egg counts 0 (its only neighbour, bottom-middle, is an Egg)" in score.explain()
    # Egg Egg 6 / 6 Capture 5: top-middle takes the 6, top-left counts 0
    assert score_area(area("Egg Egg 6 / 6 Capture 5"), DeckConfig()).total == 0 + 6 + 6 + 6 + 10 + 5
    # three Eggs in a row: none has a printed weight to take
    row = score_area(area("Egg Egg Egg / 1 2 3"), DeckConfig())
    assert row.weights[:3] == (0, 0, 0) and row.total == 6
    assert "top-middle Egg counts 0 (both its neighbours are Eggs)" in row.explain()


def test_PA_E1_round_ends_mid_table_and_the_others_reveal():
    """PA-E1: player 1 of 4 turns up their sixth card; the round ends at once and the others reveal.

    Players 2 and 3 get no last turn; their face-down cards, then player 0's, are turned
    up by chance (exact probabilities over the unseen cards), then the round is scored.
    """
    game = Papageno(4)
    state = table(
        game,
        "1 . 2 / 3 4 5",
        "0 0 1 / 1 . 2",
        "9 . . / 8 7 6",
        "3 3 4 / 4 . 9",
        discard=("-2",),
        actor=1,
    )
    state = run(game, state, "take discard", "swap bottom-middle", "reveal 8")
    assert state.phase is Phase.END_REVEAL and state.ender == 1 and state.discard == ("8",)
    revealed = []
    cards = iter(["5", "6", "4", "-1"])
    while state.phase is Phase.END_REVEAL:
        probs = outcomes(game, state)
        assert sum(probs.values()) == 1
        assert probs == {
            f"reveal {k}": Fraction(c, sum(state.unseen)) for k, c in zip(KINDS, state.unseen, strict=True) if c
        }
        before = state.grids
        state = run(game, state, f"reveal {next(cards)}")
        revealed.append(next((p, i) for p in range(4) for i in range(6) if before[p][i] != state.grids[p][i]))
    assert revealed == [(2, TM), (2, TR), (3, BM), (0, TM)]
    assert state.phase is Phase.ROUND_OVER
    assert [g for g in state.grids] == [
        area("1 -1 2 / 3 4 5"),
        area("0 0 1 / 1 -2 2"),
        area("9 5 6 / 8 7 6"),
        area("3 3 4 / 4 4 9"),
    ]
    assert state.last_scores == (14, 2, 9 + 5 + 8 + 7, 27)  # player 2's right column 6 = 6 cancels
    assert state.round_wins == (0, 1, 0, 0)
    assert "won by player 1" in game.describe(state)


def test_PA_E1_six_face_up_cards_end_the_round_only_after_the_turn_finishes():
    """PA-E1 (Assumption ROUND_END_CHECK): a Capture placed as your sixth face-up card still acts first."""
    game = Papageno(2)
    state = table(game, "1 2 3 / 4 5 .", "9 . . / . . .", discard=("Capture",))
    state = run(game, state, "take discard", "swap bottom-right", "reveal 6")
    assert state.phase is Phase.CAPTURE
    state = run(game, state, "capture top-left for p1 top-left")
    assert state.phase is Phase.END_REVEAL and state.grids[0][TL] == "9" and state.grids[1][TL] == "1"


def _finished_round(game: Papageno, areas: tuple[str, ...], wins: tuple[int, ...]) -> PapagenoState:
    """Player 0 swaps the discarded 0 over their last face-down card (a 9); every other card is face up."""
    state = table(game, *areas, discard=("0",), actor=0, round_wins=wins)
    state = replace(state, round=sum(wins) + 1)
    return run(game, state, "take discard", "swap bottom-right", "reveal 9")


def test_PA_E3_lowest_total_wins_the_round_and_ties_share_it():
    """PA-E3: the lowest total wins the round (Assumption: ties share the round win)."""
    game = Papageno(3)
    state = _finished_round(game, ("1 1 -1 / 2 3 .", "2 2 3 / 4 4 5", "5 5 6 / 7 7 8"), (0, 0, 0))
    assert state.last_scores == (6, 20, 38)
    assert state.round_wins == (1, 0, 0) and state.phase is Phase.ROUND_OVER
    assert game.returns(state) == (0.0, 0.0, 0.0)
    tie = _finished_round(game, ("1 1 -1 / 2 3 .", "-1 0 3 / 2 -2 4", "5 5 6 / 7 7 8"), (0, 0, 0))
    assert tie.last_scores[0] == tie.last_scores[1] and tie.round_wins == (1, 1, 0)
    assert game.round_winners(tie) == (0, 1)


def test_PA_E3_first_to_two_round_wins_wins_the_game():
    """PA-E3: the first player to win 2 rounds wins; two reaching 2 together share the win."""
    game = Papageno(3)
    won = _finished_round(game, ("1 1 -1 / 2 3 .", "2 2 3 / 4 4 5", "5 5 6 / 7 7 8"), (1, 1, 0))
    assert won.phase is Phase.GAME_OVER and game.current_player(won) == TERMINAL
    assert game.returns(won) == (1.0, 0.0, 0.0)
    with pytest.raises(GameOverError):
        game.apply(won, Draw())
    shared = _finished_round(game, ("1 1 -1 / 2 3 .", "-1 0 3 / 2 -2 4", "5 5 6 / 7 7 8"), (1, 1, 0))
    assert game.returns(shared) == (0.5, 0.5, 0.0)
    single = Papageno(3, rounds_to_win=1)
    one = _finished_round(single, ("1 1 -1 / 2 3 .", "2 2 3 / 4 4 5", "5 5 6 / 7 7 8"), (0, 0, 0))
    assert single.is_terminal(one) and single.returns(one) == (1.0, 0.0, 0.0)
    assert "player 0 won the game" in game.describe(won)


# -- termination (not in the originals): max_turns_per_round ------------------------------------
def _greedy_games(game: Papageno, games: int, cap: int = 20_000) -> list[list[PapagenoState]]:
    """The bug report's loop: ``games`` Greedy-vs-Greedy games on one generator, every state kept."""
    rng, agent, out = random.Random(0), GreedyAgent(game), []
    for _ in range(games):
        state = game.new_initial_state()
        states = [state]
        while not game.is_terminal(state) and len(states) <= cap:
            if game.is_chance_node(state):
                action = game.sample_chance(state, rng)
            else:
                p = game.current_player(state)
                action = agent.act(game.observation(state, p), game.legal_actions(state), rng)
            state = game.apply(state, action)
            states.append(state)
        out.append(states)
    return out


def _round_lengths(states: list[PapagenoState]) -> list[int]:
    """The turn count each round of a game ended with."""
    return [s.turns for prev, s in itertools.pairwise(states) if s.ender >= 0 and prev.ender < 0]


def test_two_greedy_players_can_no_longer_pass_a_capture_back_and_forth_for_ever():
    """Termination: game 61 of the bug report looped (TakeDiscard, Swap, CaptureSwap …) for ever."""
    small = Papageno(2, max_turns_per_round=60)  # Greedy rounds take at most ~25 turns
    games = _greedy_games(small, 62)
    assert all(small.is_terminal(g[-1]) for g in games)
    assert max(_round_lengths(games[60])) < 60 and _round_lengths(games[61])[1] == 60  # its looping round
    default = Papageno(2)
    last = _greedy_games(default, 62)[61]
    assert default.is_terminal(last[-1]) and MAX_TURNS_PER_ROUND in _round_lengths(last)
    assert [i for i, g in enumerate(games) if 60 in _round_lengths(g)] == [61]  # no other round comes near


def test_a_round_ends_exactly_at_the_turn_limit_and_is_scored():
    """Termination: the limit-th turn ends the round as if its player had turned up their sixth card.

    The others turn their cards up clockwise from that player's left, then the player's own
    face-down cards turn up, and the round is scored as usual (PA-E1–E3).
    """
    game = Papageno(2, max_turns_per_round=10)
    areas = ("1 2 3 / 4 5 .", "9 . . / . . 8")
    before = run(game, table(game, *areas, discard=("0",), turns=8), "take discard", "swap top-left")
    assert before.phase is Phase.TURN and before.actor == 1 and before.turns == 9  # one turn short: play on
    state = run(game, table(game, *areas, discard=("0",), turns=9), "take discard", "swap top-left")
    assert state.phase is Phase.END_REVEAL and state.ender == 0 and state.turns == 10
    assert "turn limit" in game.describe(state)
    revealed = []
    cards = iter(["-1", "7", "6", "0", "5"])
    while state.phase is Phase.END_REVEAL:
        grids = state.grids
        state = run(game, state, f"reveal {next(cards)}")
        revealed.append(next((p, i) for p in range(2) for i in range(6) if grids[p][i] != state.grids[p][i]))
    assert revealed == [(1, TM), (1, TR), (1, BL), (1, BM), (0, BR)]
    assert state.grids == (area("0 2 3 / 4 5 5"), area("9 -1 7 / 6 0 8"))
    assert state.phase is Phase.ROUND_OVER and state.last_scores == (19, 29) and state.round_wins == (1, 0)
    assert state.turns == 10
    nxt = run(game, state, "next round")
    assert nxt.phase is Phase.DEAL and nxt.round == 2 and nxt.turns == 0


def test_six_face_up_cards_on_the_last_turn_end_the_round_the_ordinary_way():
    """PA-E1 still applies on the limit-th turn: player 0's sixth card ends it; no limit message."""
    game = Papageno(2, max_turns_per_round=10)
    state = run(game, table(game, "1 2 3 / 4 5 .", "9 . . / . . 8", discard=("0",), turns=9), "take discard")
    state = run(game, state, "swap bottom-right", "reveal 6")
    assert state.phase is Phase.END_REVEAL and state.ender == 0 and state.turns == 10
    assert "player 0 has six cards face up" in game.describe(state)


@pytest.mark.parametrize("n", [2, 5])
def test_the_turn_counter_counts_every_turn_and_restarts_each_round(n):
    """``turns`` counts the turns begun (one draw or take each), not the opening; 0 at every deal."""
    game = Papageno(n, max_turns_per_round=7)
    states = playout(game, 3)
    begun = 0
    for prev, s in itertools.pairwise(states):
        game.validate_state(s)
        if s.phase is Phase.DEAL:
            assert s.turns == 0
            begun = 0
        if prev.phase is Phase.TURN:
            begun += 1
        if s.phase is Phase.TURN:
            assert s.turns == begun  # every turn begun so far is finished
        if s.ender >= 0 and prev.ender < 0:
            assert s.turns == begun <= 7
    lengths = _round_lengths(states)
    assert len(lengths) == states[-1].round and 7 in lengths  # random rounds take ~20 turns: the limit bites


@pytest.mark.parametrize("bad", [0, -3, 2.5, True, "100", None])
def test_max_turns_per_round_must_be_a_positive_whole_number(bad):
    with pytest.raises(ValueError, match="max_turns_per_round"):
        Papageno(2, max_turns_per_round=bad)
    with pytest.raises(ValueError, match="max_turns_per_round"):
        make_game("papageno", num_players=2, max_turns_per_round=bad)


def test_the_turn_limit_is_configuration_and_the_counter_is_saved():
    """config() carries the limit (records rebuild the game); JSON keeps the counter; loading checks it."""
    game = Papageno(3, max_turns_per_round=40)
    assert game.config()["max_turns_per_round"] == 40 and make_game("papageno", **game.config()) == game
    assert Papageno(3).config()["max_turns_per_round"] == MAX_TURNS_PER_ROUND != 40
    state = table(game, "3 . . / . . .", ". 8 . / . . .", ". . . / . . .", discard=("6",), turns=23)
    data = json.loads(json.dumps(game.to_json(state)))
    assert data["state"]["turns"] == 23 and game.from_json(data) == state
    with pytest.raises(ValueError, match="config"):
        Papageno(3).from_json(data)  # the same position under another limit is another game
    for turns, message in ((-1, "turns must be 0..40"), (41, "turns must be 0..40"), (40, "has had its 40 turns")):
        bad = json.loads(json.dumps(data))
        bad["state"]["turns"] = turns
        with pytest.raises(ValueError, match=message):
            game.from_json(bad)
    bad = json.loads(json.dumps(data))
    bad["state"]["turns"] = "23"
    with pytest.raises(ValueError, match="turns"):
        game.from_json(bad)
    del bad["state"]["turns"]
    with pytest.raises(ValueError, match="missing"):
        game.from_json(bad)
    with pytest.raises(ValueError, match="before the opening"):
        game.validate_state(replace(game.new_initial_state(), turns=1))
    finished = run(game, table(game, "1 2 3 / 4 5 .", "9 9 8 / 8 7 .", "6 6 5 / 5 4 .", discard=("0",), turns=39))
    finished = run(game, finished, "take discard", "swap top-left")
    assert finished.phase is Phase.END_REVEAL and finished.turns == 40
    game.validate_state(finished)  # at the limit only once the round is over


def test_a_record_saved_before_the_turn_limit_existed_still_replays():
    """Old records have no ``max_turns_per_round`` in their config: they get the default."""
    game = Papageno(2)
    record = play_game(game, [RandomAgent(), RandomAgent()], seed=5)
    old = record.to_dict()
    del old["config"]["max_turns_per_round"]
    again = GameRecord.from_json(json.dumps(old))
    assert again.make_game() == game and again.final_state() == record.final_state()


def test_a_state_sampled_from_an_observation_reaches_the_limit_at_the_same_time():
    """The counter is public: ISMCTS's sampled states end the round on the same turn as the real one."""
    game = Papageno(2, max_turns_per_round=10)
    state = table(game, "1 2 3 / 4 . .", "9 . . / . . 8", phase=Phase.PLACE, hand="5", hand_drawn=True, turns=9)
    obs = game.observation(state, 1)
    assert obs.turns == 9 and obs.hand is None
    sampled = game.sample_state(obs, random.Random(1))
    assert sampled.turns == 9
    for s in (state, sampled):
        after = game.apply(s, DiscardDrawn())
        assert after.phase is Phase.END_REVEAL and after.turns == 10


# -- errors, text, invariants -----------------------------------------------------------------
def test_actions_print_and_parse_back_and_garbage_is_rejected():
    """Every action's text parses back (PA-T1 swap names, PA-X1 capture texts)."""
    game = Papageno(5)
    actions = [
        Draw(),
        TakeDiscard(),
        DiscardDrawn(),
        Decline(),
        NextRound(),
        *(Swap(p) for p in range(6)),
        *(TurnUp(p) for p in range(6)),
        *(Reveal(k) for k in KINDS),
        CaptureSwap(TL, 4, BR),
    ]
    for a in actions:
        assert game.parse_action(str(a)) == a
    assert game.parse_action("  swap   top-left ") == Swap(TL)
    for bad in ("", "swap middle", "reveal 10", "capture top-left for p1", 7):
        with pytest.raises(InvalidActionError):
            game.parse_action(bad)  # type: ignore[arg-type]
    with pytest.raises(InvalidActionError):
        game.apply(game.new_initial_state(), "reveal 5")  # type: ignore[arg-type]


def test_illegal_actions_name_the_rule_and_change_nothing():
    """Wrong-phase actions raise IllegalActionError naming a PA rule (PA-T1, PA-S2)."""
    game = Papageno(2)
    state = table(game, "3 . . / . . .", ". 8 . / . . .", discard=("6",))
    snapshot = json.dumps(game.to_json(state))
    for action, rule in ((Swap(TL), "PA-T1"), (Reveal("5"), "PA-T1"), (Decline(), "PA-T1")):
        with pytest.raises(IllegalActionError) as err:
            game.apply(state, action)
        assert err.value.rule == rule
    assert json.dumps(game.to_json(state)) == snapshot
    opening = run(game, game.new_initial_state(), "reveal 4", "turn up top-left", "reveal 1")
    assert opening.actor == 1
    with pytest.raises(IllegalActionError) as err:
        game.apply(opening, Draw())
    assert err.value.rule == "PA-S2"
    drawing = run(game, state, "draw")
    with pytest.raises(IllegalActionError):
        game.apply(drawing, Swap(TL))
    reshuffled = run(game, table(game, "3 . . / . . .", ". 8 . / . . .", discard=("6",), draw_known=("5", "7")), "draw")
    with pytest.raises(IllegalActionError) as err:
        game.apply(reshuffled, Reveal("9"))  # no 9 among the reshuffled discards
    assert err.value.rule == "PA-S3"
    assert outcomes(game, reshuffled) == {"reveal 5": Fraction(1, 2), "reveal 7": Fraction(1, 2)}


def test_loading_rejects_states_that_break_card_conservation():
    """validate_state: every card of the deck is exactly somewhere (PA-S1)."""
    game = Papageno(3)
    state = table(game, "3 . . / . . .", ". 8 . / . . .", ". . . / . . .", discard=("6",))
    data = game.to_json(state)
    assert game.from_json(json.loads(json.dumps(data))) == state
    bad = json.loads(json.dumps(data))
    bad["state"]["discard"].append("9")
    with pytest.raises(ValueError, match="seen"):
        game.from_json(bad)
    bad = json.loads(json.dumps(data))
    bad["state"]["grids"][0][0] = "Swan"
    with pytest.raises(ValueError, match="unknown card"):
        game.from_json(bad)
    bad = json.loads(json.dumps(data))
    bad["state"]["phase"] = "PLACE"
    with pytest.raises(ValueError):
        game.from_json(bad)


def test_describe_is_one_line_in_every_phase():
    """describe(state) is one line of words for every phase met in a 5-player game."""
    game = Papageno(5)
    phases = set()
    for state in playout(game, 4):
        text = game.describe(state)
        assert "\n" not in text and text.startswith("Papageno round")
        phases.add(state.phase)
    assert {Phase.DEAL, Phase.OPENING, Phase.TURN, Phase.PLACE, Phase.END_REVEAL, Phase.GAME_OVER} <= phases


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10_000), n=st.integers(2, 5), eggs=st.sampled_from([2, 4]))
def test_random_games_keep_every_card_and_end(seed, n, eggs):
    """Invariants over random games: conservation (PA-S1), exact chance, a finished match (PA-E3)."""
    game = Papageno(n, eggs=eggs)
    states = playout(game, seed)
    for s in states:
        game.validate_state(s)
        if game.is_chance_node(s):
            assert sum(p for _, p in game.chance_outcomes(s)) == 1
    final = states[-1]
    assert game.is_terminal(final) and max(final.round_wins) == game.rounds_to_win
    assert sum(game.returns(final)) == pytest.approx(1.0)
