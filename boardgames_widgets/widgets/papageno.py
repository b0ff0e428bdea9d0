"""The Papageno board: draw or take the discard, then swap the card into your grid.

The picture is the game's own view (``games/papageno/view.py``): every player's 2 × 3
grid (backs for face-down cards, birds with their weights), the draw pile, the discard
pile and the card in play — drawn from a seat, so a secretly drawn card shows only to
its drawer. This widget adds:

* **clicks**: at the start of a round, click one of your face-down cards to turn it up
  (PA-S2); on your turn click the draw pile or the discard pile (PA-T1), then one of your
  six cards to swap, or the discard pile to throw a drawn card away (PA-T2); after placing
  a Capture, click one of your face-up cards and an opponent's (PA-X1), or *No swap*;
* **animations**: cards slide from the pile to the hand, from the hand into the grid and
  to the discard pile, between two players for a Capture, and round the table for a Pan
  Flute (PA-X2); cards flip when turned up;
* **the end of a round**: every card turned up one by one, then the score explanation
  drawn on the grids — cancelled columns crossed out, arrows from each Egg to the
  neighbour whose weight it copies, each total — the round-wins tally, and at the end
  the match winner. The next round is dealt when a person clicks.
* **seats**: any mix of people and bots; with several people a "pass the device" screen
  hides the private cards between turns; the *Show all (teacher)* toggle shows the
  table as the teacher sees it (a drawn card included).

Keys: arrows move the cursor over what can be clicked now, Enter/Space clicks, digits
1–6 pick one of your own cards, Escape drops a half-made Capture choice.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

import ipywidgets as W  # type: ignore[import-untyped]

from boardgames_widgets.games.papageno import view as pv
from boardgames_widgets.games.papageno.cards import AREA_SIZE, FLUTE
from boardgames_widgets.games.papageno.rules import (
    CaptureSwap,
    Decline,
    DiscardDrawn,
    Draw,
    Papageno,
    PapagenoState,
    Phase,
    Reveal,
    Swap,
    TakeDiscard,
    TurnUp,
)
from boardgames_widgets.games.papageno.words import COLUMN_WORDS, POSITION_WORDS, PapagenoWords
from boardgames_widgets.widgets.base import LIFT_WEIGHT, AnimationItem, Backdrop, GameWidget, Target
from boardgames_widgets.widgets.canvas_painter import CanvasPainter

#: Animation steps of one card sliding from one place to another.
SLIDE_STEPS = 5
#: Animation steps of a card being turned over.
FLIP_STEPS = 4
#: The size of the "No swap" button shown with a Capture.
DECLINE_W, DECLINE_H = 118.0, 28.0

Rect = tuple[float, float, float, float]


@dataclass(frozen=True)
class Move:
    """One card sliding in an animation.

    Attributes:
        card: the card's face, or ``None`` to show its back.
        src, dst: where it starts and lands.
        cover: what to draw where it left: ``"slot"`` (an empty place in a grid),
            ``"hand"``, ``"discard"`` (the card below shows) or ``""`` (nothing).
    """

    card: str | None
    src: Rect
    dst: Rect
    cover: str = ""


def _lerp(a: Rect, b: Rect, t: float) -> Rect:
    t = t * t * (3 - 2 * t)  # ease in and out
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2], a[3])


def _centre(r: Rect) -> tuple[float, float]:
    return r[0] + r[2] / 2, r[1] + r[3] / 2


def _inside(r: Rect, x: float, y: float) -> bool:
    return r[0] <= x <= r[0] + r[2] and r[1] <= y <= r[1] + r[3]


class PapagenoWidget(GameWidget):
    """Play Papageno: ``PapagenoWidget(players=3, seed=1)``.

    Args:
        game: a :class:`Papageno` (default: a new one for ``players``).
        players: 2 to 5.
        show_all: start with the teacher view (every known card shown).
        **kwargs: see :class:`~boardgames_widgets.widgets.base.GameWidget`.
    """

    game_id = "papageno"
    game: Papageno

    @property
    def words(self) -> PapagenoWords:
        """The game's words (``games/papageno/words.py``) in the widget's language."""
        return PapagenoWords(self.game, self.tr, self.humans)

    def __init__(self, game: Any = None, *, players: int | None = None, show_all: bool = False, **kwargs: Any) -> None:
        if game is None:
            game = "papageno"
            if players is None:
                players = 2
        self.show_all = W.ToggleButton(value=show_all, icon="eye", layout=W.Layout(width="auto"))
        super().__init__(game, players=players, **kwargs)
        self.add_setting(self.show_all)  # the teacher's toggle, folded with the settings
        self.show_all.observe(self.wrap(lambda _: self._teacher_changed()), names="value")
        self.language_changed()

    def language_changed(self) -> None:
        self.show_all.description = self._("Show all (teacher)")
        self.show_all.tooltip = self._("Show every player's drawn card (for teaching; spoils the secret)")

    # -- cards and places in words (``games/papageno/words.py``) ---------------------------------
    def card_words(self, card: str) -> str:
        """A card's name: "bird 7", "Capture", "Pan Flute", "Egg" (translated)."""
        return self.words.card_words(card)

    def pos_words(self, pos: int) -> str:
        """A place in a grid: "top-left" … "bottom-right" (translated)."""
        return self.words.pos_words(pos)

    # -- geometry -----------------------------------------------------------------------------
    def setup(self) -> None:
        self.capture_mine: int | None = None
        self.capture_theirs: tuple[int, int] | None = None
        humans = [i for i in range(self.game.num_players) if self.is_human(i)] if self.agents else []
        self._last_seat = humans[0] if humans else 0

    def draw_seat(self) -> int | None:
        """The seat the table is drawn from (``None``: the teacher view)."""
        if self.show_all.value:
            return None
        v = self.viewer()
        if v is not None:
            self._last_seat = v
            return v
        return self._last_seat

    def layout(self) -> pv.PapagenoLayout:
        """The geometry of the table as drawn now."""
        seat = self.draw_seat()
        return pv.PapagenoLayout(self.game.num_players, 0 if seat is None else seat)

    def decline_rect(self) -> Rect:
        """Where the "No swap" button of a Capture is drawn (the bottom right of the prompt's room)."""
        x, y, w, h = self.layout().prompt_rect()
        return x + w - DECLINE_W - 2, y + h - DECLINE_H - 2, DECLINE_W, DECLINE_H

    def _teacher_changed(self) -> None:
        if self.show_all.value and self.curtain is not None:
            self._seen_by = self.curtain
            self.curtain = None
        self.redraw(full=True)

    # -- what may be clicked now ------------------------------------------------------------------
    def me(self) -> int | None:
        """The human to act now (nobody while a curtain is up or something runs)."""
        if not self.human_to_move() or self.curtain is not None:
            return None
        return self.current_player()

    def clickable(self) -> list[tuple[Rect, str, Any]]:
        """``(rect, words, what)`` for everything a click would do something with now."""
        state: PapagenoState = self.state
        lay = self.layout()
        out: list[tuple[Rect, str, Any]] = []
        if self.waiting_seat() is not None:
            return [(self._banner_rect(lay), self._("deal the next round"), "next")]
        me = self.me()
        if me is None:
            return out
        phase = state.phase
        if phase is Phase.OPENING:
            for pos, card in enumerate(state.grids[me]):
                if card is None:
                    out.append(
                        (
                            lay.card_rect(me, pos),
                            self._("turn up your {pos} card", pos=self.pos_words(pos)),
                            TurnUp(pos),
                        )
                    )
        elif phase is Phase.TURN:
            legal = self.game.legal_actions(state)
            if Draw() in legal:
                out.append((lay.draw_pile_rect(), self._("draw a card from the pile"), Draw()))
            if TakeDiscard() in legal:
                words = self._("take the {card} from the discard", card=self.card_words(state.discard[-1]))
                out.append((lay.discard_rect(), words, TakeDiscard()))
        elif phase is Phase.PLACE:
            for pos in range(AREA_SIZE):
                out.append(
                    (lay.card_rect(me, pos), self._("swap into your {pos} card", pos=self.pos_words(pos)), Swap(pos))
                )
            if state.hand_drawn:
                out.append((lay.discard_rect(), self._("throw the drawn card away"), DiscardDrawn()))
        elif phase is Phase.CAPTURE:
            for pos, card in enumerate(state.grids[me]):
                if card is not None and pos != state.pos:
                    words = self._("your {pos} {card}", pos=self.pos_words(pos), card=self.card_words(card))
                    out.append((lay.card_rect(me, pos), words, ("mine", pos)))
            for other in range(state.num_players):
                if other == me:
                    continue
                for pos, card in enumerate(state.grids[other]):
                    if card is not None:
                        words = self._(
                            "{name}'s {pos} {card}",
                            name=self.player_name(other),
                            pos=self.pos_words(pos),
                            card=self.card_words(card),
                        )
                        out.append((lay.card_rect(other, pos), words, ("theirs", other, pos)))
            out.append((self.decline_rect(), self._("no swap"), Decline()))
        return out

    # -- drawing --------------------------------------------------------------------------------
    def draw_board(self, p: CanvasPainter, state: PapagenoState) -> None:
        p.rect(0, 0, p.width, p.height, fill=pv.BACKGROUND)

    def draw_pieces(self, p: CanvasPainter, state: PapagenoState, viewer: int | None) -> None:
        self._scene(p, state)

    def _scene(self, p: Any, state: PapagenoState) -> None:
        seat = self.draw_seat()
        assert self.view is not None
        self.view.draw(p, state, seat)
        if state.phase in (Phase.ROUND_OVER, Phase.GAME_OVER):
            self._draw_scores(p, state)

    def _banner_rect(self, lay: pv.PapagenoLayout) -> Rect:
        return lay.middle_rect()

    def _draw_scores(self, p: Any, state: PapagenoState) -> None:
        """PA-E2: the round's result in a banner (the view marks every grid's score)."""
        pv.draw_banner(p, self._banner_rect(self.layout()), *self.words.banner_words(state))

    def draw_overlay(self, p: CanvasPainter, state: PapagenoState) -> None:
        if self.curtain is not None and not self.show_all.value:
            self.draw_curtain(p, pv.PLAYER_COLOURS, background="#3b2e4a")
            return
        hint = self.hint_action
        targets: list[tuple[Rect, bool]] = []
        button = None
        for rect, _, what in self.clickable():
            if what == "next":
                continue
            if isinstance(what, Decline):
                button = (rect, self._("No swap"), hint == what)
                continue
            chosen = what == ("mine", self.capture_mine) or (
                self.capture_theirs is not None and what == ("theirs", *self.capture_theirs)
            )
            targets.append((rect, chosen))
        me = self.me()
        prompt = None
        if me is not None and state.phase in (Phase.TURN, Phase.PLACE, Phase.OPENING, Phase.CAPTURE):
            prompt = (self.layout().prompt_rect(), self._prompt(state))
        pv.draw_marks(p, targets=targets, button=button, hints=self._hint_rects(hint), prompt=prompt)

    def _hint_rects(self, hint: Any) -> list[Rect]:
        if hint is None or self.curtain is not None:
            return []
        lay = self.layout()
        me = self.current_player()
        if isinstance(hint, Draw):
            return [lay.draw_pile_rect()]
        if isinstance(hint, TakeDiscard | DiscardDrawn):
            return [lay.discard_rect()]
        if isinstance(hint, Swap | TurnUp) and me >= 0:
            return [lay.card_rect(me, hint.pos)]
        if isinstance(hint, CaptureSwap) and me >= 0:
            return [lay.card_rect(me, hint.mine), lay.card_rect(hint.other, hint.theirs)]
        if isinstance(hint, Decline):
            return [self.decline_rect()]
        return []

    def _prompt(self, state: PapagenoState) -> str:
        if state.phase is Phase.OPENING:
            return self._("Turn up one of your cards")
        if state.phase is Phase.TURN:
            return self._("← Draw, or take the discard")
        if state.phase is Phase.PLACE:
            if state.hand_drawn:
                return self._("Swap it into your grid — or throw it on the discard")
            return self._("Swap it into your grid")
        return self._("Capture: pick one of yours and one of theirs")

    # -- animation -------------------------------------------------------------------------------
    def hand_visible(self, state: PapagenoState) -> bool:
        """Whether the table as drawn now may show the card held in ``state``."""
        seat = self.draw_seat()
        return seat is None or self.game.hand_visible_to(state, seat)

    def animation_frames(self, state: PapagenoState, action: Any, after: PapagenoState) -> Iterable[AnimationItem]:
        if self.curtain is not None:
            return []
        lay = self.layout()
        legs, flip = self.card_moves(state, action, after, lay)
        # only the cards move: the table under them (their places covered, the cards of the
        # legs already run landed) is a backdrop, drawn once per flip and per leg
        frames: list[AnimationItem] = []
        if flip is not None:
            card, rect, cover = flip
            # the end-of-round reveal turns many cards: each turns twice as fast
            weight = 0.5 if state.phase is Phase.END_REVEAL else 1.0
            frames.append(Backdrop(lambda p: self._flip_backdrop(p, state, rect, cover)))
            frames.append((lambda p: self._card(p, None, rect), LIFT_WEIGHT * weight))  # lifted where it lies
            for k in range(1, FLIP_STEPS + 1):
                frames.append((lambda p, k=k: self._flip_card(p, card, rect, k), weight))
        for i in range(len(legs)):
            frames.append(Backdrop(lambda p, i=i: self._slide_backdrop(p, state, legs, i)))
            if i == 0 and flip is None:  # lifted where they lie: the table as it was
                frames.append((lambda p: self._slide_cards(p, legs[0], 0.0), LIFT_WEIGHT))
            for k in range(1, SLIDE_STEPS + 1):
                frames.append(lambda p, i=i, t=k / SLIDE_STEPS: self._slide_cards(p, legs[i], t))
        return frames

    def card_moves(
        self, state: PapagenoState, action: Any, after: PapagenoState, lay: pv.PapagenoLayout
    ) -> tuple[list[list[Move]], tuple[str, Rect, str] | None]:
        """The cards that slide (legs run one after another) and a card that flips first."""
        me = state.actor
        n = state.num_players
        pile, discard, hand = lay.draw_pile_rect(), lay.discard_rect(), lay.hand_rect()
        legs: list[list[Move]] = []
        flip: tuple[str, Rect, str] | None = None
        if isinstance(action, TakeDiscard):
            legs.append([Move(state.discard[-1], discard, hand, "discard")])
        elif isinstance(action, DiscardDrawn):
            legs.append([Move(state.hand, hand, discard, "hand")])
        elif isinstance(action, CaptureSwap):
            a, b = lay.card_rect(me, action.mine), lay.card_rect(action.other, action.theirs)
            legs.append(
                [
                    Move(state.grids[me][action.mine], a, b, "slot"),
                    Move(state.grids[action.other][action.theirs], b, a, "slot"),
                ]
            )
        elif isinstance(action, Swap):
            pos = action.pos
            here = lay.card_rect(me, pos)
            old = state.grids[me][pos]
            first = [Move(state.hand, hand, here, "hand")]
            if old is None:
                if state.hand != FLUTE:
                    first.append(Move(None, here, discard, "slot"))
                legs.append(first)
            elif state.hand == FLUTE:
                legs += self._flute_legs(state, old, here, (me + 1) % n, pos, lay, first, "slot")
            else:
                first.append(Move(old, here, discard, "slot"))
                legs.append(first)
        elif isinstance(action, Reveal):
            card = action.card
            phase = state.phase
            if phase is Phase.DEAL:
                legs.append([Move(card, pile, discard)])
            elif phase is Phase.DRAW_REVEAL:
                shown = card if self.hand_visible(after) else None
                legs.append([Move(shown, pile, hand)])
            elif phase in (Phase.OPENING_REVEAL, Phase.END_REVEAL):
                for player in range(n):
                    for pos in range(AREA_SIZE):
                        if state.grids[player][pos] is None and after.grids[player][pos] is not None:
                            flip = (card, lay.card_rect(player, pos), "slot")
            elif phase is Phase.SWAP_REVEAL:
                here = lay.card_rect(me, state.pos)
                if state.grids[me][state.pos] == FLUTE:
                    flip = (card, here, "")
                    legs += self._flute_legs(state, card, here, (me + 1) % n, state.pos, lay, [], "")
                else:
                    flip = (card, discard, "discard")
            elif phase is Phase.FLUTE_REVEAL:
                here = lay.card_rect(state.receiver, state.pos)
                flip = (card, here, "")
                legs += self._flute_legs(state, card, here, (state.receiver + 1) % n, state.pos, lay, [], "")
        return legs, flip

    def _flute_legs(
        self,
        state: PapagenoState,
        card: str,
        src: Rect,
        receiver: int,
        pos: int,
        lay: pv.PapagenoLayout,
        first: list[Move],
        cover: str,
    ) -> list[list[Move]]:
        """PA-X2: ``card`` travels left, replacing each player's card at ``pos`` in turn."""
        legs: list[list[Move]] = []
        n = state.num_players
        leg = list(first)
        while receiver != state.actor:
            dst = lay.card_rect(receiver, pos)
            leg.append(Move(card, src, dst, cover))
            legs.append(leg)
            leg = []
            old = state.grids[receiver][pos]
            if old is None:  # a face-down card leaves: it is turned up next (a chance step)
                return legs
            card, src, cover = old, dst, ""
            receiver = (receiver + 1) % n
        leg.append(Move(card, src, lay.discard_rect(), cover))
        legs.append(leg)
        return legs

    def _cover(self, p: Any, state: PapagenoState, rect: Rect, kind: str) -> None:
        x, y, w, h = rect
        if kind == "slot":
            p.rect(x - 1, y - 1, w + 2, h + 2, fill=pv.TABLE)
            p.rect(x + 2, y + 2, w - 4, h - 4, stroke="#9ccc9c", line_width=1, radius=5)
        elif kind == "hand":
            p.rect(x - 2, y - 2, w + 4, h + 4, fill=pv.BACKGROUND)
        elif kind == "discard":
            p.rect(x - 2, y - 2, w + 4, h + 4, fill=pv.BACKGROUND)
            if len(state.discard) >= 2:
                pv.draw_card(p, state.discard[-2], x, y, w, h)
            else:
                p.rect(x, y, w, h, stroke=pv.INK, line_width=1, radius=5, opacity=0.5)

    def _card(self, p: Any, card: str | None, rect: Rect, scale_x: float = 1.0) -> None:
        x, y, w, h = rect
        cw = max(1.0, w * scale_x)
        cx = x + (w - cw) / 2
        # a little shadow lifts a moving card off the table
        p.rect(cx + 3, y + 4, cw, h, fill="#000000", radius=5, opacity=0.18)
        if card is None:
            pv.draw_back(p, cx, y, cw, h)
        else:
            pv.draw_card(p, card, cx, y, cw, h)

    def _slide_backdrop(self, p: Any, state: PapagenoState, legs: list[list[Move]], i: int) -> None:
        """The table under leg ``i``: its cards' places covered, the earlier legs' cards landed."""
        self._opaque_scene(p, state)
        for leg in legs[: i + 1]:
            for m in leg:
                if m.cover:
                    self._cover(p, state, m.src, m.cover)
        for leg in legs[:i]:
            for m in leg:
                x, y, w, h = m.dst
                if m.card is None:
                    pv.draw_back(p, x, y, w, h)
                else:
                    pv.draw_card(p, m.card, x, y, w, h)

    def _slide_cards(self, p: Any, leg: list[Move], t: float) -> None:
        """The cards of one leg, ``t`` (0 … 1) of their way."""
        for m in leg:
            self._card(p, m.card, _lerp(m.src, m.dst, t))

    def _opaque_scene(self, p: Any, state: PapagenoState) -> None:
        """The table on its background: a backdrop hides the overlay's marks under it."""
        p.rect(0, 0, p.width, p.height, fill=pv.BACKGROUND)
        self._scene(p, state)

    def _flip_backdrop(self, p: Any, state: PapagenoState, rect: Rect, cover: str) -> None:
        self._opaque_scene(p, state)
        if cover:
            self._cover(p, state, rect, cover)

    def _flip_card(self, p: Any, card: str, rect: Rect, k: int) -> None:
        half = FLIP_STEPS / 2
        if k <= half:  # the back narrows ...
            self._card(p, None, rect, 1 - k / (half + 0.5))
        else:  # ... and the face widens
            self._card(p, card, rect, (k - half) / half)

    # -- clicks and keys -----------------------------------------------------------------------------
    def click(self, x: float, y: float) -> None:
        if self.waiting_seat() is not None:
            self.advance_chance()
            return
        state: PapagenoState = self.state
        for rect, _, what in self.clickable():
            if _inside(rect, x, y):
                self._activate(what)
                return
        assert self.view is not None
        hit = self.view.hit_test(x, y)
        me = self.current_player()
        if hit is None:
            return
        t = self._
        if state.phase is Phase.TURN:
            self.say(t("First draw a card from the pile or take the top card of the discard pile."))
        elif state.phase is Phase.OPENING:
            self.say(t("Turn up one of your own face-down cards (PA-S2)."))
        elif state.phase is Phase.PLACE and hit.kind == "discard":
            self.say(t("A card taken from the discard pile must be swapped in (PA-T2)."))
        elif state.phase is Phase.PLACE:
            self.say(t("Swap the card into your own grid (the bottom one)."))
        elif state.phase is Phase.CAPTURE and hit.kind == "card" and hit.index == me and hit.sub == state.pos:
            self.say(t("The Capture you just placed stays with you (PA-X1): pick another card."))
        elif state.phase is Phase.CAPTURE:
            self.say(t("A Capture swaps two face-up cards: one of yours and one of an opponent's."))

    def _activate(self, what: Any) -> None:
        if isinstance(what, tuple):
            if what[0] == "mine":
                self.capture_mine = None if self.capture_mine == what[1] else what[1]
            else:
                theirs = (what[1], what[2])
                self.capture_theirs = None if self.capture_theirs == theirs else theirs
            if self.capture_mine is not None and self.capture_theirs is not None:
                self.play(CaptureSwap(self.capture_mine, *self.capture_theirs))
            return
        if what == "next":
            self.advance_chance()
            return
        self.play(what)

    def play(self, action: Any) -> bool:
        """Play ``action`` (see :meth:`GameWidget.play`); the status line names it at once."""
        if self.human_to_move():
            self.message = self.action_words(self.state, action)  # before the animation runs
        return super().play(action)

    def targets(self) -> list[Target]:
        return [Target(*rect, words) for rect, words, _ in self.clickable()]

    def key(self, key: str) -> bool:
        me = self.me()
        if me is None or not key.isdigit() or not 1 <= int(key) <= AREA_SIZE:
            return False
        rect = self.layout().card_rect(me, int(key) - 1)
        for i, (r, _, _) in enumerate(self.clickable()):
            if r == rect:
                self.cursor = i
                self.handle_click(*_centre(rect))
                return True
        return False

    def reset_selection(self) -> None:
        self.capture_mine = None
        self.capture_theirs = None

    def describe_selection(self) -> str:
        state: PapagenoState = self.state
        me = self.me()
        if me is None:
            return ""
        t = self._
        down = t("face down")
        own = ", ".join(
            f"{self.pos_words(p)} {down if c is None else self.card_words(c)}" for p, c in enumerate(state.grids[me])
        )
        held = " " + t("You hold the {card}.", card=self.card_words(state.hand)) if state.hand is not None else ""
        sel = ""
        if self.capture_mine is not None:
            sel += " " + t("Capture: your {pos} chosen.", pos=self.pos_words(self.capture_mine))
        if self.capture_theirs is not None:
            o, q = self.capture_theirs
            sel += " " + t("Capture: {name}'s {pos} chosen.", name=self.player_name(o), pos=self.pos_words(q))
        return t("Your cards: {cards}.", cards=own) + held + sel

    def show_hint(self, action: Any) -> None:
        if isinstance(action, CaptureSwap):
            self.capture_mine = action.mine

    # -- words ----------------------------------------------------------------------------------
    def chance_waits_for(self, state: PapagenoState) -> int | None:
        if state.phase is Phase.ROUND_OVER:
            humans = self.humans
            return humans[0] if humans else None
        return None

    def chance_words(self) -> str:
        """While chance acts: cards are dealt or turned, nothing is rolled."""
        if self.state.phase is Phase.DEAL:
            return self._("Dealing…")
        return self._("Turning a card…")

    def waiting_words(self, state: PapagenoState, seat: int) -> str:
        return self._(
            "Round {round} is over — click the board to deal round {next}.", round=state.round, next=state.round + 1
        )

    def status_words(self, state: PapagenoState) -> str:
        me = self.me()
        prompt = (
            f"{self._prompt(state).lstrip('← ')}. " if me is not None and state.phase is not Phase.ROUND_OVER else ""
        )
        return prompt + super().status_words(state)


__all__ = ["COLUMN_WORDS", "POSITION_WORDS", "PapagenoWidget"]
