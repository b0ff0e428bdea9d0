"""The Papageno board widget driven by synthetic canvas events (no browser).

Clicks are sent the way the frontend sends them; the tests assert on the game state
that follows (which card was drawn, swapped, captured), on what each seat may see,
and on the end-of-round explanation. Pixels are checked in ``tests/browser``.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from typing import Any

from widget_events import centre, key_down, mouse_down

from boardgames_widgets.core import CHANCE, TERMINAL, sample_outcome
from boardgames_widgets.core.painter import SVGPainter
from boardgames_widgets.games.papageno import KINDS
from boardgames_widgets.games.papageno.rules import (
    CaptureSwap,
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
)
from boardgames_widgets.widgets import play
from boardgames_widgets.widgets.papageno import PapagenoWidget


def pa(players: int = 2, seed: int = 1, **kw: Any) -> PapagenoWidget:
    return PapagenoWidget(players=players, seed=seed, speed="off", **kw)


def table(
    game: Papageno,
    grids: tuple[tuple[str | None, ...], ...],
    *,
    phase: Phase,
    actor: int = 0,
    pos: int = -1,
    discard: tuple[str, ...] = ("5",),
    hand: str | None = None,
    hand_drawn: bool = False,
    ender: int = -1,
    round_wins: tuple[int, ...] | None = None,
    last_scores: tuple[int, ...] = (),
) -> PapagenoState:
    """A hand-made position whose unseen counts add up (the rest of the deck is unseen)."""
    seen = Counter(c for g in grids for c in g if c is not None) + Counter(discard)
    if hand is not None:
        seen[hand] += 1
    unseen = tuple(total - seen[k] for k, total in zip(KINDS, game.counts, strict=True))
    face_down = sum(c is None for g in grids for c in g)
    state = PapagenoState(
        phase=phase,
        grids=grids,
        discard=discard,
        draw_unseen=sum(unseen) - face_down,
        draw_known=(),
        unseen=unseen,
        actor=actor,
        hand=hand,
        hand_drawn=hand_drawn,
        hand_from_known=False,
        pos=pos,
        travelling=None,
        receiver=-1,
        round=1,
        first_player=0,
        round_wins=round_wins or (0,) * game.num_players,
        last_scores=last_scores,
        ender=ender,
        turns=0,
    )
    game.validate_state(state)
    return state


def to_my_turn(w: PapagenoWidget) -> None:
    """Play the opening (PA-S2) by clicks until the human's first real turn."""
    while w.state.phase is Phase.OPENING:
        lay = w.layout()
        pos = w.state.grids[0].index(None)
        mouse_down(w, *centre(lay.card_rect(0, pos)))
    assert w.state.phase is Phase.TURN and w.current_player() == 0


# -- the opening and a turn -----------------------------------------------------------------
def test_opening_click_on_a_face_down_card_turns_it_up() -> None:
    """PA-S2: each player turns up one of their own face-down cards."""
    w = pa()
    assert w.state.phase is Phase.OPENING and w.current_player() == 0
    assert "Turn up one of your cards" in w.status.value
    lay = w.layout()
    mouse_down(w, *centre(lay.card_rect(0, 4)))
    assert w.actions[1] == TurnUp(4)
    assert w.states[3].grids[0][4] is not None  # turned up by the reveal that followed
    # the bot opened too, and it is the human's turn to draw (PA-T1)
    assert w.state.phase is Phase.TURN and w.current_player() == 0


def test_draw_then_swap_puts_the_drawn_card_in_the_grid() -> None:
    """PA-T1: draw (and look at it secretly), then swap it for one of your six cards."""
    w = pa(seed=3)
    to_my_turn(w)
    lay = w.layout()
    mouse_down(w, *centre(lay.draw_pile_rect()))
    assert w.state.phase is Phase.PLACE and w.state.hand_drawn
    held = w.state.hand
    assert w.hand_visible(w.state)  # the drawer sees it ...
    assert "draws a card." in w.log[-1] and "bird" not in w.log[-1]  # ... the public log does not
    n = len(w.actions)
    mouse_down(w, *centre(lay.card_rect(0, 2)))
    assert w.actions[n] == Swap(2)
    assert w.states[n + 1].grids[0][2] == held


def test_a_drawn_card_can_be_thrown_on_the_discard_pile() -> None:
    """PA-T2: a drawn card may be discarded without swapping."""
    w = pa(seed=4)
    to_my_turn(w)
    lay = w.layout()
    mouse_down(w, *centre(lay.draw_pile_rect()))
    held = w.state.hand
    n = len(w.actions)
    mouse_down(w, *centre(lay.discard_rect()))
    assert w.actions[n] == DiscardDrawn()
    assert w.states[n + 1].discard[-1] == held


def test_a_card_taken_from_the_discard_must_be_swapped_in() -> None:
    """PA-T2: the discard's card cannot be thrown back; the click explains why."""
    w = pa(seed=5)
    to_my_turn(w)
    lay = w.layout()
    top = w.state.discard[-1]
    mouse_down(w, *centre(lay.discard_rect()))
    assert w.actions[-1] == TakeDiscard() and w.state.hand == top
    n = len(w.actions)
    mouse_down(w, *centre(lay.discard_rect()))
    assert len(w.actions) == n
    assert "PA-T2" in w.status.value
    mouse_down(w, *centre(lay.card_rect(1, 0)))  # an opponent's card: not yours to swap
    assert len(w.actions) == n and "your own grid" in w.status.value


def test_a_grid_click_before_drawing_asks_to_draw_first() -> None:
    w = pa(seed=6)
    to_my_turn(w)
    n = len(w.actions)
    mouse_down(w, *centre(w.layout().card_rect(0, 0)))
    assert len(w.actions) == n and "draw a card" in w.status.value


def test_keyboard_plays_the_opening_and_a_draw() -> None:
    """Every action is reachable from the keyboard: digits pick your cards, arrows + Enter the piles."""
    w = pa(seed=7)
    key_down(w, "3")
    assert w.actions[1] == TurnUp(2)
    assert w.state.phase is Phase.TURN
    labels = [t.label for t in w.targets()]
    assert labels[0] == "draw a card from the pile"
    key_down(w, "Enter")
    assert Draw() in w.actions and w.state.phase is Phase.PLACE
    assert "You hold the" in w.aria.value


# -- Capture and Pan Flute ---------------------------------------------------------------------
def capture_table(game: Papageno) -> PapagenoState:
    return table(
        game,
        (("Capture", "3", None, None, "7", None), ("1", None, "9", None, None, None)),
        phase=Phase.CAPTURE,
        actor=0,
        pos=0,
    )


def test_capture_click_mine_then_theirs_swaps_them() -> None:
    """PA-X1: after placing a Capture, swap one of your face-up cards with an opponent's."""
    w = pa()
    w.load_state(capture_table(w.game))
    lay = w.layout()
    mouse_down(w, *centre(lay.card_rect(0, 0)))  # the Capture itself may not go
    assert w.actions == [] and "PA-X1" in w.status.value
    mouse_down(w, *centre(lay.card_rect(0, 4)))
    assert w.capture_mine == 4
    mouse_down(w, *centre(lay.card_rect(1, 2)))
    assert w.actions[0] == CaptureSwap(4, 1, 2)
    assert w.states[1].grids[0][4] == "9" and w.states[1].grids[1][2] == "7"


def test_capture_can_be_declined_with_the_button() -> None:
    """PA-X1: the Capture's swap is optional."""
    w = pa()
    w.load_state(capture_table(w.game))
    mouse_down(w, *centre(w.decline_rect()))
    assert w.actions[0] == Decline()


def test_capture_animation_crosses_the_two_cards() -> None:
    w = pa()
    state = capture_table(w.game)
    action = CaptureSwap(1, 1, 0)
    legs, flip = w.card_moves(state, action, w.game.apply(state, action), w.layout())
    assert flip is None and len(legs) == 1
    a, b = legs[0]
    assert (a.card, b.card) == ("3", "1") and a.src == b.dst and a.dst == b.src


def test_pan_flute_animation_passes_the_cards_round_the_table() -> None:
    """PA-X2: the replaced card moves to the left neighbour's same position, and so on round."""
    game = Papageno(3)
    w = PapagenoWidget(game, seed=1, speed="off")
    state = table(
        game,
        (("2", None, None, None, None, None), ("6", None, None, None, None, None), ("8", None, None, None, None, None)),
        phase=Phase.PLACE,
        actor=0,
        hand="Flute",
        hand_drawn=True,
    )
    after = game.apply(state, Swap(0))
    assert after.grids[1][0] == "2" and after.grids[2][0] == "6" and after.discard[-1] == "8"
    lay = w.layout()
    legs, _ = w.card_moves(state, Swap(0), after, lay)
    assert [[m.card for m in leg] for leg in legs] == [["Flute", "2"], ["6"], ["8"]]
    assert legs[-1][-1].dst == lay.discard_rect()
    svg = SVGPainter(*w.board_size())
    for f in w.animation_frames(state, Swap(0), after):
        (f[0] if isinstance(f, tuple) else f)(svg)
    assert svg.to_svg().count("<") > 100


# -- the end of a round -----------------------------------------------------------------------
def round_over_table(game: Papageno) -> PapagenoState:
    grids = (("Egg", "5", "3", "1", "5", "3"), ("4", "4", "2", "6", "0", "-1"))
    return table(game, grids, phase=Phase.ROUND_OVER, ender=1, round_wins=(0, 1), last_scores=(7, 15))


def test_round_end_explains_the_scores_on_the_grids() -> None:
    """PA-E2: cancelled columns are crossed out, the Egg's arrow points at the card it copies."""
    w = pa()
    state = round_over_table(w.game)
    s0 = w.game.scores(state)[0]
    assert s0.cancelled_columns == (1, 2) and s0.eggs[0].weight == 5 and s0.total == 6
    svg = SVGPainter(*w.board_size())
    w._scene(svg, state)  # the view's picture with the score marks, then the widget's banner
    text = svg.to_svg()
    assert "=5" in text  # the Egg copies its neighbour's 5
    assert text.count("#c62828") >= 2 * 2 * 2  # two crossed columns, two strokes each (+ labels)
    words = " ".join(re.findall(r">([^<]*)</text>", text))  # the banner's lines, wrapped to fit
    assert "lowest total wins" in words and "Click here to deal round 2." in words
    assert "=5" in w.game.state_svg(state, 0)  # the marks are the view's: the SVG shows them too


def test_round_over_waits_for_a_click_then_deals_the_next_round() -> None:
    """PA-E3 / PA-S4: the round's result stays on screen until a person deals the next round."""
    w = pa()
    state = round_over_table(w.game)
    w.load_state(state)
    assert w.waiting_seat() == 0 and "click the board to deal round 2" in w.status.value
    assert "Round 1 scores" in w.panel.value and "column cancels" in w.panel.value
    mouse_down(w, 5, 5)  # anywhere: the whole board is the button
    assert w.actions[0] == NextRound()
    assert w.state.round == 2 and w.state.round_wins == (0, 1)


def test_a_whole_match_by_the_bot_button_ends_with_the_match_winner() -> None:
    """PA-E3: the first to win two rounds wins the match."""
    w = pa(seed=2)
    for _ in range(2000):
        if w.current_player() == TERMINAL:
            break
        w.bot_move()
    assert w.current_player() == TERMINAL
    assert max(w.state.round_wins) == 2
    assert "wins the match" in w.status.value
    assert "Round" in w.panel.value


# -- seats, secrets and the teacher ----------------------------------------------------------
def test_pass_the_device_between_two_people_hides_the_drawn_card() -> None:
    w = pa(seats=["Human", "Human"])
    assert w.curtain == 0 and "Pass the device" in w.status.value
    mouse_down(w, 5, 5)  # Player 0 is ready
    assert w.curtain is None and w.draw_seat() == 0
    mouse_down(w, *centre(w.layout().card_rect(0, 0)))  # opening
    assert w.current_player() == 1 and w.curtain == 1
    n = len(w.actions)
    mouse_down(w, *centre(w.layout().card_rect(1, 0)))  # a click on the curtain only lifts it
    assert len(w.actions) == n and w.draw_seat() == 1
    mouse_down(w, *centre(w.layout().card_rect(1, 0)))
    assert w.state.phase is Phase.TURN and w.curtain == 0
    mouse_down(w, 5, 5)
    mouse_down(w, *centre(w.layout().draw_pile_rect()))
    assert w.state.hand_drawn and w.hand_visible(w.state)
    # Player 1 never sees it: from their seat the card is hidden
    assert not w.game.hand_visible_to(w.state, 1)


def test_show_all_gives_the_teacher_view_and_lifts_the_curtain() -> None:
    w = pa(seats=["Human", "Human"])
    assert w.curtain == 0
    w.show_all.value = True
    assert w.curtain is None and w.draw_seat() is None
    assert w.show_all in w.settings.children  # folded with the other settings
    w.show_all.value = False
    assert w.draw_seat() == 0


def test_bots_against_bots_play_to_the_end_with_five_players() -> None:
    w = PapagenoWidget(Papageno(5, rounds_to_win=1), seed=3, speed="off", seats=["Random bot"] * 5)
    assert w.current_player() == TERMINAL and w.record.returns is not None


def test_play_opens_the_papageno_board() -> None:
    w = play("papageno", players=3, seed=1, speed="off")
    assert isinstance(w, PapagenoWidget) and w.game.num_players == 3


def test_every_animation_of_a_random_match_draws() -> None:
    """Slides and flips for every kind of action (draw, take, swap, reveal, Capture, Flute, rounds)."""
    game = Papageno(3)
    w = PapagenoWidget(game, seed=1, speed="off", seats=["Random bot"] * 3)
    rng = random.Random(5)
    state = game.new_initial_state()
    kinds: Counter[str] = Counter()
    svg = SVGPainter(*w.board_size())
    while game.current_player(state) != TERMINAL and sum(kinds.values()) < 1500:
        p = game.current_player(state)
        if p == CHANCE:
            action = sample_outcome(game.chance_outcomes(state), rng)
        else:
            action = rng.choice(game.legal_actions(state))
        after = game.apply(state, action)
        kind = type(action).__name__ + ("" if not isinstance(action, Reveal) else state.phase.value)
        kinds[kind] += 1
        if kinds[kind] <= 3:  # each kind of animation a few times
            for f in w.animation_frames(state, action, after):
                (f[0] if isinstance(f, tuple) else f)(svg)
        assert w.action_words(state, action)
        state = after
    assert {"Draw", "TakeDiscard", "Swap", "Revealdraw reveal", "Revealend reveal"} <= set(kinds)
