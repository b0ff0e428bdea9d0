"""Checking a loaded Papageno state: every invariant the rules keep, with a message naming it."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from boardgames_widgets.games.papageno.cards import (
    AREA_SIZE,
    BIRD_WEIGHTS,
    CAPTURE,
    KIND_INDEX,
    KINDS,
    card_name,
    sorted_cards,
)
from boardgames_widgets.games.papageno.state import PapagenoState, Phase

if TYPE_CHECKING:
    from boardgames_widgets.games.papageno.rules import Papageno


def validate_state(game: Papageno, state: PapagenoState) -> None:
    """Check the invariants of a loaded state (card conservation, shapes, phases).

    Raises:
        ValueError: the state breaks an invariant; the message says which.
    """
    n = game.num_players

    def bad(msg: str) -> ValueError:
        return ValueError(f"invalid Papageno state: {msg}")

    if not isinstance(state, PapagenoState):
        raise bad(f"expected PapagenoState, got {type(state).__name__}")
    if len(state.grids) != n or any(len(g) != AREA_SIZE for g in state.grids):
        raise bad(f"expected {n} areas of {AREA_SIZE} positions")
    seen: list[str] = [c for g in state.grids for c in g if c is not None]
    seen += [*state.discard, *state.draw_known]
    seen += [c for c in (state.hand, state.travelling) if c is not None]
    for c in seen:
        if c not in KIND_INDEX:
            raise bad(f"unknown card {c!r}")
    if list(state.draw_known) != list(sorted_cards(state.draw_known)):
        raise bad("draw_known must be sorted in KINDS order")
    if len(state.unseen) != len(KINDS) or min(state.unseen) < 0 or state.draw_unseen < 0:
        raise bad("unseen counts must be one non-negative number per kind")
    seen_counts = Counter(seen)
    for k, total, u in zip(KINDS, game.counts, state.unseen, strict=True):
        if seen_counts[k] + u != total:
            raise bad(f"{total} {card_name(k)} cards in the deck, but {seen_counts[k]} seen and {u} unseen")
    face_down = sum(c is None for g in state.grids for c in g)
    if state.phase in (Phase.SWAP_REVEAL, Phase.FLUTE_REVEAL):
        face_down += 1  # the card being turned up has left its place but is not seen yet
    if sum(state.unseen) != face_down + state.draw_unseen:
        raise bad(f"{sum(state.unseen)} unseen cards, but {face_down} face down and {state.draw_unseen} in the pile")
    if state.draw_unseen and state.draw_known:
        raise bad("the draw pile is either as dealt or reshuffled, not both")
    for name in ("actor", "first_player"):
        if not 0 <= getattr(state, name) < n:
            raise bad(f"{name} must be a seat 0..{n - 1}")
    if len(state.round_wins) != n or (state.last_scores and len(state.last_scores) != n):
        raise bad("round_wins and last_scores need one entry per player")
    if state.round < 1 or sum(state.round_wins) < state.round - 1:
        raise bad(f"round {state.round} with round wins {state.round_wins}")
    needs_hand = state.phase is Phase.PLACE
    if (state.hand is not None) != needs_hand:
        raise bad(f"a card is held exactly in the place phase, not in {state.phase.value}")
    if state.hand_drawn != (needs_hand and state.hand_drawn) or (state.hand_from_known and not state.hand_drawn):
        raise bad("hand_drawn / hand_from_known set without a drawn card")
    if state.phase in (Phase.OPENING_REVEAL, Phase.SWAP_REVEAL, Phase.FLUTE_REVEAL, Phase.CAPTURE):
        if not 0 <= state.pos < AREA_SIZE:
            raise bad(f"{state.phase.value} needs a position")
    elif state.pos != -1:
        raise bad(f"no position belongs to the {state.phase.value} phase")
    cell_owner = state.receiver if state.phase is Phase.FLUTE_REVEAL else state.actor
    if state.phase in (Phase.OPENING_REVEAL, Phase.SWAP_REVEAL, Phase.FLUTE_REVEAL):
        if state.phase is Phase.FLUTE_REVEAL and not 0 <= state.receiver < n:
            raise bad("a Pan Flute reveal needs a receiver")
        if state.phase is Phase.OPENING_REVEAL and state.grids[cell_owner][state.pos] is not None:
            raise bad("the card to turn up is already face up")
    if state.phase is Phase.CAPTURE and state.grids[state.actor][state.pos] != CAPTURE:
        raise bad("the capture phase needs the Capture card just placed at pos")
    finished = state.phase in (Phase.END_REVEAL, Phase.ROUND_OVER, Phase.GAME_OVER)
    if finished and not 0 <= state.ender < n:
        raise bad("a finished round needs the player who ended it")
    limit = game.max_turns_per_round
    if not 0 <= state.turns <= limit:
        raise bad(f"turns must be 0..{limit} (max_turns_per_round), not {state.turns}")
    if state.turns == limit and not finished:
        raise bad(f"the round has had its {limit} turns (max_turns_per_round) but is in {state.phase.value}")
    if state.turns and state.phase in (Phase.DEAL, Phase.OPENING, Phase.OPENING_REVEAL):
        raise bad(f"{state.turns} turns played before the opening ({state.phase.value}) is over")
    if state.phase in (Phase.ROUND_OVER, Phase.GAME_OVER) and any(None in g for g in state.grids):
        raise bad("a scored round has every card face up")
    if state.phase is Phase.GAME_OVER and max(state.round_wins) < game.rounds_to_win:
        raise bad("game over before anyone won enough rounds")
    over = state.phase is Phase.GAME_OVER
    if not all(0 <= w <= (game.rounds_to_win if over else game.rounds_to_win - 1) for w in state.round_wins):
        raise bad(f"round wins must be 0..{game.rounds_to_win} (rounds_to_win), not {state.round_wins}")
    heaviest = AREA_SIZE * max(abs(w) for w in (*BIRD_WEIGHTS, game.deck.capture_weight, game.deck.flute_weight))
    if any(not -heaviest <= t <= heaviest for t in state.last_scores):
        raise bad(f"a round total is between -{heaviest} and {heaviest}")
    if state.travelling is not None:
        raise bad("a Pan Flute card travels within one action only")
    if (state.phase is Phase.FLUTE_REVEAL) != (state.receiver != -1) or state.receiver == state.actor:
        raise bad("receiver is the player a Pan Flute card reaches (flute reveal only), never the actor")
    if not finished and state.ender != -1:
        raise bad("ender belongs to a finished round only")
    if state.phase is Phase.DEAL and any(c is not None for g in state.grids for c in g):
        raise bad("every card lies face down before the deal (PA-S2)")
