"""Papageno in words: reading an action's text, and describing a position in one line."""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardgames_widgets.core.api import InvalidActionError, check_action_text
from boardgames_widgets.games.papageno.actions import _CAPTURE_RE, _CAPTURE_SWAPS, _FIXED_TEXT, Action, CaptureSwap
from boardgames_widgets.games.papageno.cards import POSITION_INDEX, POSITION_NAMES, card_name
from boardgames_widgets.games.papageno.state import PapagenoState, Phase

if TYPE_CHECKING:
    from boardgames_widgets.games.papageno.rules import Papageno


def parse_action(game: Papageno, text: str) -> Action:
    """The action a record's text names (``str(action)`` read back); :class:`InvalidActionError` if none."""
    check_action_text(text)
    t = " ".join(text.strip().split())
    action = _FIXED_TEXT.get(t)
    if action is not None:
        return action
    m = _CAPTURE_RE.fullmatch(t)
    if m:
        mine, other, theirs = POSITION_INDEX[m.group(1)], int(m.group(2)), POSITION_INDEX[m.group(3)]
        by_other = _CAPTURE_SWAPS[mine]
        # the kept object when there is one (as legal_actions hands out); a seat past the
        # largest game is still read, for apply to refuse by its rule
        return by_other[other][theirs] if other < len(by_other) else CaptureSwap(mine, other, theirs)
    raise InvalidActionError(
        f"{text!r} is not a Papageno action (try 'draw', 'take discard', 'swap top-left', 'discard', "
        "'turn up bottom-right', 'capture top-left for p1 top-right', 'decline', 'reveal 7')"
    )


def describe(game: Papageno, state: PapagenoState) -> str:
    """One line saying where the round stands and who does what next."""
    phase, p = state.phase, f"player {state.actor}"
    wins = "-".join(str(w) for w in state.round_wins)
    head = f"Papageno round {state.round} (round wins {wins})"
    top = card_name(state.discard[-1]) if state.discard else "nothing"
    pile = state.draw_unseen + len(state.draw_known)
    if phase is Phase.DEAL:
        what = "dealing: the top card of the draw pile is turned up"
    elif phase is Phase.OPENING:
        what = f"{p} chooses a card to turn up"
    elif phase is Phase.TURN:
        what = f"{p} to draw ({pile} in the pile) or take the discard ({top})"
    elif phase is Phase.DRAW_REVEAL:
        what = f"{p} draws a card"
    elif phase is Phase.PLACE:
        held = "a secretly drawn card" if state.hand_drawn else f"the {card_name(state.hand or '?')}"
        what = f"{p} holds {held} and swaps it" + (" or discards it" if state.hand_drawn else " in")
    elif phase in (Phase.OPENING_REVEAL, Phase.SWAP_REVEAL):
        what = f"{p}'s {POSITION_NAMES[state.pos]} card is turned up"
    elif phase is Phase.FLUTE_REVEAL:
        what = f"Pan Flute: player {state.receiver}'s {POSITION_NAMES[state.pos]} card is turned up"
    elif phase is Phase.CAPTURE:
        what = f"{p} may use the Capture to swap a face-up card with an opponent's, or decline"
    elif phase is Phase.END_REVEAL and state.turns >= game.max_turns_per_round and None in state.grids[state.ender]:
        what = f"round over (the turn limit, {state.turns} turns, is reached): everyone turns their cards up"
    elif phase is Phase.END_REVEAL:
        what = f"round over (player {state.ender} has six cards face up): the others turn their cards up"
    else:
        scores = ", ".join(f"p{i} {t}" for i, t in enumerate(state.last_scores))
        winners = " and ".join(f"player {w}" for w in game.round_winners(state))
        if phase is Phase.ROUND_OVER:
            what = f"round {state.round} scores {scores}; won by {winners}"
        else:
            champs = [i for i, r in enumerate(game.returns(state)) if r > 0]
            what = f"game over, scores {scores}; {' and '.join(f'player {c}' for c in champs)} won the game"
    return f"{head}: {what}"
