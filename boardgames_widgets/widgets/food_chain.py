"""The Food Chain board: your hand as cards; click a card, then a lit cell.

The picture is the game's own view (``games/food_chain/view.py``) drawn on the
canvas; this widget adds the lit legal cells, the selected card, the keyboard
cursor, a card gliding from the hand to the table, the removal steps of FC-E2
shown one after the other at the end, and the score table. With several people at
one screen the hands hide behind a "pass the device" screen between turns.

Keys: arrows move the cursor over hand cards and cells, Enter/Space selects,
digits 1–8 pick a hand card, Escape drops the selection.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from boardgames_widgets.games.food_chain import view as fcv
from boardgames_widgets.games.food_chain.rules import (
    Card,
    FoodChain,
    FoodChainState,
    Place,
)
from boardgames_widgets.games.food_chain.words import CARD_KINDS, FoodChainWords, card_words
from boardgames_widgets.i18n import N_
from boardgames_widgets.widgets.base import Frame, GameWidget, Target
from boardgames_widgets.widgets.canvas_painter import CanvasPainter

#: Animation steps of a card gliding from the hand to its cell.
GLIDE_STEPS = 6
#: Animation steps each removal step of FC-E2 stays on screen.
REMOVAL_STEP_WEIGHT = 6.0


class FoodChainWidget(GameWidget):
    """Play Food Chain: ``FoodChainWidget(players=2, seed=1)``.

    Args:
        game: a :class:`FoodChain` (default: a new one for ``players``).
        players: 2, 3 or 4.
        **kwargs: see :class:`~boardgames_widgets.widgets.base.GameWidget`.
    """

    game_id = "food_chain"
    game: FoodChain
    view: fcv.View

    @property
    def words(self) -> FoodChainWords:
        """The game's words (``games/food_chain/words.py``) in the widget's language."""
        return FoodChainWords(self.game, self.tr, self.humans)

    def __init__(self, game: Any = None, *, players: int | None = None, **kwargs: Any) -> None:
        if game is None:
            game = "food_chain"
            if players is None:
                players = 2
        super().__init__(game, players=players, **kwargs)

    # -- geometry -------------------------------------------------------------------------
    def setup(self) -> None:
        self.layout_fc = self.view.layout
        self.selected: int | None = None
        #: Each seat's hand in the order it is shown (drawn cards at the end, see ``fcv.stable_hand``).
        self._shown_hands: dict[int, list[Card]] = {}

    def new_game(self, seed: Any = None) -> None:
        self._shown_hands.clear()  # a new deal is shown in the rules' order
        super().new_game(seed)

    # -- drawing ----------------------------------------------------------------------------
    def draw_board(self, p: CanvasPainter, state: FoodChainState) -> None:
        p.rect(0, 0, p.width, p.height, fill="#f4ecd8")

    def _status_text(self, state: FoodChainState) -> str | None:
        if self.game.is_terminal(state):
            return None
        p = self.game.current_player(state)
        if p < 0:
            return self._("Drawing a card · pile {n}", n=sum(state.pile))
        return self._("{name} to place · pile {n}", name=self.player_name(p), n=sum(state.pile))

    def draw_pieces(self, p: CanvasPainter, state: FoodChainState, viewer: int | None) -> None:
        seat = viewer if viewer is not None else max(self.game.current_player(state), 0)
        self.view.draw(p, state, seat, status=self._status_text(state), hands={seat: self.shown_hand(state, seat)})

    def legal_cells(self) -> list[tuple[int, int]]:
        """Cells where the player to act may place a card now."""
        if not self.human_to_move() or self.curtain is not None:
            return []
        return self.game.legal_cells(self.state)

    def draw_overlay(self, p: CanvasPainter, state: FoodChainState) -> None:
        if self.curtain is not None:
            self.draw_curtain(p, fcv.PLAYER_COLOURS, background="#3e2f1c")
            return
        hint = self.hint_action if isinstance(self.hint_action, Place) else None
        hand = self._hand()
        hint_card = None
        if hint is not None:
            hint_card = next((i for i, card in enumerate(hand) if str(card) == hint.label), None)
        fcv.draw_marks(
            p,
            self.layout_fc,
            cells=self.legal_cells(),
            lit=self.selected is not None,
            selected=self.selected if self.selected is not None and self.selected < len(hand) else None,
            hint_cell=(hint.row, hint.col) if hint is not None else None,
            hint_card=hint_card,
        )

    def _hand(self) -> list[Card]:
        v = self.viewer()
        seat = v if v is not None else max(self.current_player(), 0)
        return self.shown_hand(self.state, seat)

    def shown_hand(self, state: FoodChainState, seat: int) -> list[Card]:
        """``seat``'s hand in ``state`` as it is shown: in a stable order (the rules keep it sorted)."""
        shown = fcv.stable_hand(self._shown_hands.get(seat, ()), state.hands[seat])
        self._shown_hands[seat] = shown
        return shown

    # -- animation -------------------------------------------------------------------------
    def animation_frames(
        self, state: FoodChainState, action: Any, after: FoodChainState
    ) -> Iterable[Frame | tuple[Frame, float]]:
        if not isinstance(action, Place):
            return []
        lay = self.layout_fc
        player = state.turn
        card = action.card(player)
        viewer = self.viewer()
        hand = self.shown_hand(state, player)
        if viewer == player and card in hand:
            sx, sy = lay.hand_xy(hand.index(card))
            sw, sh = lay.hand_card
        else:  # another player's card comes from the header edge
            sx, sy, sw, sh = lay.width - lay.cell - lay.margin, 4.0, lay.cell, lay.cell
        tx, ty = lay.cell_xy(action.row, action.col)
        frames: list[Frame | tuple[Frame, float]] = []
        for k in range(1, GLIDE_STEPS + 1):
            t = k / GLIDE_STEPS
            t = t * t * (3 - 2 * t)  # ease in and out
            x, y = sx + (tx - sx) * t, sy + (ty - sy) * t
            w, h = sw + (lay.cell - sw) * t, sh + (lay.cell - sh) * t
            frames.append(lambda p, x=x, y=y, w=w, h=h: fcv.draw_card(p, card, x, y, w, h))
        if self.game.is_terminal(after):
            seat = viewer if viewer is not None else player
            for step in range(4):
                frames.append(
                    (
                        lambda p, step=step: fcv.draw(
                            p, after, player=seat, layout=lay, removal_steps=step, status=self._(_REMOVAL_TITLES[step])
                        ),
                        REMOVAL_STEP_WEIGHT,
                    )
                )
        return frames

    # -- clicks and keys ---------------------------------------------------------------------
    def click(self, x: float, y: float) -> None:
        hit = self.view.hit_test(x, y)
        if hit is None:
            return
        kind, a, b = hit.kind, hit.index, hit.sub
        hand = self._hand()
        if kind == "hand":
            if a < len(hand):
                self.selected = None if self.selected == a else a
            return
        if self.selected is None or self.selected >= len(hand):
            if (a, b) in self.game.legal_cells(self.state):
                self.say(self._("First click a card in your hand, then this cell."))
            return
        card = hand[self.selected]
        self.play(Place(card.kind, card.value, a, b))

    def targets(self) -> list[Target]:
        if not self.human_to_move() or self.curtain is not None:
            return []
        lay = self.layout_fc
        w, h = lay.hand_card
        out = []
        for i, card in enumerate(self._hand()):
            x, y = lay.hand_xy(i)
            out.append(Target(x, y, w, h, self._("card {i}: {card}", i=i + 1, card=card_words(self.tr, card))))
        if self.selected is not None:
            for r, col in self.legal_cells():
                x, y = lay.cell_xy(r, col)
                out.append(Target(x, y, lay.cell, lay.cell, self._("cell row {row}, column {col}", row=r, col=col)))
        return out

    def key(self, key: str) -> bool:
        if key.isdigit() and self.human_to_move() and self.curtain is None:
            i = int(key) - 1
            if 0 <= i < len(self._hand()):
                self.selected = i
                self.cursor = len(self._hand())  # jump to the first lit cell
                return True
        return False

    def reset_selection(self) -> None:
        self.selected = None

    def describe_selection(self) -> str:
        hand = self._hand()
        if not self.human_to_move() or self.curtain is not None:
            return ""
        words = ", ".join(card_words(self.tr, c) for c in hand)
        sel = ""
        if self.selected is not None:
            sel = " " + self._("Selected: {card}.", card=card_words(self.tr, hand[self.selected]))
        return self._("Your hand: {cards}.", cards=words) + sel

    def turn_words(self, state: FoodChainState) -> str:
        """The next step of a turn: pick a card, then a lit square."""
        hand = self._hand()
        if self.selected is not None and self.selected < len(hand):
            return self._("click a lit square to place your {card}.", card=card_words(self.tr, hand[self.selected]))
        return self._("click a card in your hand, then a lit square.")

    def show_hint(self, action: Any) -> None:
        if isinstance(action, Place):
            for i, card in enumerate(self._hand()):
                if str(card) == action.label:
                    self.selected = i
                    break


_REMOVAL_TITLES = (
    N_("The square is full! Now the animals act…"),
    N_("1. Cats next to a dog run away"),
    N_("2. Mice next to a remaining cat are caught"),
    N_("3. Cheese next to a remaining mouse is eaten"),
)


__all__ = ["CARD_KINDS", "FoodChainWidget"]
