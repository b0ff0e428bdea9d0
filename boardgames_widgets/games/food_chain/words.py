"""Food Chain in words: log lines, the status line, the result and the score table.

The log stays on screen for everyone, so a drawn card is named only to the one person
who may know it (or when only bots play), never in hot-seat play.
"""

from __future__ import annotations

import html
from typing import Any

from boardgames_widgets.games.food_chain.rules import CARDS_PER_PLAYER, Card, Draw, FoodChainState, Place, score
from boardgames_widgets.i18n import N_, Translator
from boardgames_widgets.i18n.words import GameWords

#: The card kinds, marked for translation.
CARD_KINDS = (N_("cat"), N_("dog"), N_("mouse"), N_("cheese"))


def card_words(t: Translator, card: Card) -> str:
    """A card in words: "cat", "cheese worth 3" (translated)."""
    if card.kind == "cheese":
        return t("cheese worth {n}", n=card.value)
    return t(card.kind)


class FoodChainWords(GameWords):
    """What Food Chain says (see the module doc)."""

    def action_words(self, state: FoodChainState, action: Any) -> str:
        if isinstance(action, Draw):
            humans = self.humans
            if humans == [action.player] or not humans:
                return self._("{name} draws a {kind}.", name=self.player_name(action.player), kind=self._(action.kind))
            return self._("{name} draws a card.", name=self.player_name(action.player))
        if isinstance(action, Place):
            # no coordinates: the board draws none
            return self._(
                "{name} places {card}.",
                name=self.player_name(state.turn),
                card=card_words(self.tr, action.card(state.turn)),
            )
        return super().action_words(state, action)

    def status_words(self, state: FoodChainState) -> str:
        left = [CARDS_PER_PLAYER - k for k in state.placed]
        return self._(
            "Pile: {n} · cards still to place: {left}",
            n=sum(state.pile),
            left=", ".join(f"{self.player_name(i)} {n}" for i, n in enumerate(left)),
        )

    def result_words(self, state: FoodChainState) -> str:
        result = score(state)
        if len(result.winners) == 1:
            w = result.winners[0]
            return self.ngettext(
                "Game over — {name} wins with {n} point!",
                "Game over — {name} wins with {n} points!",
                result.points[w],
                name=self.player_name(w),
            )
        return self._(
            "Game over — shared win: {names}.", names=self.tr.join_and([self.player_name(w) for w in result.winners])
        )

    def panel_html(self, state: FoodChainState) -> str:
        if not self.game.is_terminal(state):
            return ""
        result = score(state)
        rows = "".join(
            f"<tr><td>{html.escape(self.player_name(i))}{' ★' if i in result.winners else ''}</td>"
            f"<td>{result.points[i]}</td><td>{result.cheese_left[i]}</td></tr>"
            for i in range(state.num_players)
        )
        t = self._
        player, points, cheese = t("Player"), t("Points"), t("Cheese left")
        removed = ", ".join(
            (
                self.ngettext("{n} cat fled from dogs", "{n} cats fled from dogs", len(result.fled_cats)),
                self.ngettext("{n} mouse caught by cats", "{n} mice caught by cats", len(result.caught_mice)),
                self.ngettext("{n} cheese eaten by mice", "{n} cheese eaten by mice", len(result.eaten_cheese)),
            )
        )
        return (
            '<table class="bgw-score" style="border-collapse:collapse;font-size:13px">'
            f"<tr><th style='padding:0 8px'>{player}</th><th style='padding:0 8px'>{points}</th>"
            f"<th style='padding:0 8px'>{cheese}</th></tr>{rows}</table>"
            f"<div style='font-size:12px;color:#555'>{html.escape(t('Removed: {what}.', what=removed))}</div>"
        )
