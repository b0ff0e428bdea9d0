"""Papageno in words: cards and places, log lines, results and the round's score table.

The log is public: a drawn card stays secret in it.
"""

from __future__ import annotations

import html
from typing import Any

from boardgames_widgets.games.papageno.cards import AREA_SIZE, CAPTURE, COLUMNS, EGG, FLUTE
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
from boardgames_widgets.i18n import N_
from boardgames_widgets.i18n.words import GameWords

#: The six places of a grid in words (``POSITION_NAMES`` of the rules, translated where shown).
POSITION_WORDS = (
    N_("top-left"),
    N_("top-middle"),
    N_("top-right"),
    N_("bottom-left"),
    N_("bottom-middle"),
    N_("bottom-right"),
)
#: The three columns in words.
COLUMN_WORDS = (N_("left"), N_("middle"), N_("right"))


class PapagenoWords(GameWords):
    """What Papageno says (see the module doc)."""

    game: Papageno

    # -- cards and places in words ----------------------------------------------------------------
    def card_words(self, card: str) -> str:
        """A card's name: "bird 7", "Capture", "Pan Flute", "Egg" (translated)."""
        if card == FLUTE:
            return self._("Pan Flute")
        if card == CAPTURE:
            return self._("Capture")
        if card == EGG:
            return self._("Egg")
        return self._("bird {n}", n=card)

    def card_a(self, card: str) -> str:
        """A card's name with its article where the language has one ("a bird 7", "an Egg")."""
        if card == FLUTE:
            return self._("a Pan Flute")
        if card == CAPTURE:
            return self._("a Capture")
        if card == EGG:
            return self._("an Egg")
        return self._("a bird {n}", n=card)

    def pos_words(self, pos: int) -> str:
        """A place in a grid: "top-left" … "bottom-right" (translated)."""
        return self._(POSITION_WORDS[pos])

    def action_words(self, state: PapagenoState, action: Any) -> str:
        who = self.player_name(state.actor)
        words = self._words(state, action, who)
        try:
            after = self.game.apply(state, action)
        except Exception:  # words must never break the log
            return words
        if after.phase in (Phase.ROUND_OVER, Phase.GAME_OVER) and state.phase not in (
            Phase.ROUND_OVER,
            Phase.GAME_OVER,
        ):
            totals = ", ".join(f"{self.player_name(i)} {t}" for i, t in enumerate(after.last_scores))
            won = self.tr.join_and([self.player_name(w) for w in self.game.round_winners(after)])
            words += " " + self._(
                "Round {round} scores: {totals} — {won} won the round.", round=after.round, totals=totals, won=won
            )
        return words

    def _words(self, state: PapagenoState, action: Any, who: str) -> str:
        t = self._
        if isinstance(action, Reveal):
            a = self.card_a(action.card)
            phase = state.phase
            if phase is Phase.DEAL:
                return t("Round {round}: the first discard is {card}.", round=state.round, card=a)
            if phase is Phase.DRAW_REVEAL:
                return t("{who} draws a card.", who=who)  # the log is public: the drawn card stays secret
            if phase is Phase.OPENING_REVEAL:
                return t("{who}'s {pos} card is {card}.", who=who, pos=self.pos_words(state.pos), card=a)
            if phase is Phase.SWAP_REVEAL:
                return t("{who}'s old {pos} card turns up: {card}.", who=who, pos=self.pos_words(state.pos), card=a)
            if phase is Phase.FLUTE_REVEAL:
                return t(
                    "Pan Flute: {name}'s {pos} card, {card}, moves on.",
                    name=self.player_name(state.receiver),
                    pos=self.pos_words(state.pos),
                    card=a,
                )
            n = state.num_players
            for k in range(1, n + 1):  # END_REVEAL: clockwise from the player who ended the round
                player = (state.ender + k) % n
                for pos in range(AREA_SIZE):
                    if state.grids[player][pos] is None:
                        return t(
                            "{who}'s {pos} card turns up: {card}.",
                            who=self.player_name(player),
                            pos=self.pos_words(pos),
                            card=a,
                        )
            return t("A card turns up: {card}.", card=a)
        if isinstance(action, TurnUp):
            return t("{who} turns up their {pos} card.", who=who, pos=self.pos_words(action.pos))
        if isinstance(action, Draw):
            return t("{who} draws from the pile.", who=who)
        if isinstance(action, TakeDiscard):
            return t("{who} takes the {card} from the discard pile.", who=who, card=self.card_words(state.discard[-1]))
        if isinstance(action, DiscardDrawn):
            return t("{who} throws the drawn {card} away.", who=who, card=self.card_words(state.hand or "?"))
        if isinstance(action, Swap):
            old = state.grids[state.actor][action.pos]
            drawn, where = self.card_words(state.hand or "?"), self.pos_words(action.pos)
            if old is None:
                return t("{who} puts the {card} at {pos}.", who=who, card=drawn, pos=where)
            return t(
                "{who} puts the {card} at {pos}, the {old} leaves.",
                who=who,
                card=drawn,
                pos=where,
                old=self.card_words(old),
            )
        if isinstance(action, CaptureSwap):
            mine = state.grids[state.actor][action.mine]
            theirs = state.grids[action.other][action.theirs]
            return t(
                "{who} uses the Capture: their {mine} for {name}'s {theirs}.",
                who=who,
                mine=self.card_words(mine or "?"),
                name=self.player_name(action.other),
                theirs=self.card_words(theirs or "?"),
            )
        if isinstance(action, Decline):
            return t("{who} does not use the Capture.", who=who)
        if isinstance(action, NextRound):
            return t("Round {round} is dealt.", round=state.round + 1)
        return super().action_words(state, action)

    def status_words(self, state: PapagenoState) -> str:
        tally = ", ".join(f"{self.player_name(i)} {w}" for i, w in enumerate(state.round_wins))
        pile = state.draw_unseen + len(state.draw_known)
        return self._("Round {round} · round wins: {tally} · draw pile {n}", round=state.round, tally=tally, n=pile)

    def result_words(self, state: PapagenoState) -> str:
        champs = [i for i, r in enumerate(self.game.returns(state)) if r > 0]
        wins = "–".join(str(w) for w in state.round_wins)
        if len(champs) == 1:
            return self._(
                "Game over — {name} wins the match ({wins} in rounds)!", name=self.player_name(champs[0]), wins=wins
            )
        return self._(
            "Game over — shared win: {names} ({wins}).",
            names=self.tr.join_and([self.player_name(c) for c in champs]),
            wins=wins,
        )

    def panel_html(self, state: PapagenoState) -> str:
        if state.phase not in (Phase.ROUND_OVER, Phase.GAME_OVER):
            return ""
        scores = self.game.scores(state)
        winners = self.game.round_winners(state)
        rows = "".join(
            f"<tr><td style='padding:0 8px;white-space:nowrap'>{html.escape(self.player_name(i))}"
            f"{' ★' if i in winners else ''}</td>"
            f"<td style='padding:0 8px'>{s.total}</td><td style='padding:0 8px'>{state.round_wins[i]}</td>"
            f"<td style='padding:0 8px;color:#555'>{html.escape(self.explain(s))}</td></tr>"
            for i, s in enumerate(scores)
        )
        t = self._
        head, note = t("Round {round} scores", round=state.round), t("(lowest wins the round)")
        player, total, wins, why = t("Player"), t("Total"), t("Round wins"), t("Why")
        return (
            f"<div style='font-size:13px'><b>{head}</b> {note}</div>"
            '<table class="bgw-score" style="border-collapse:collapse;font-size:12px">'
            f"<tr><th style='padding:0 8px'>{player}</th><th style='padding:0 8px'>{total}</th>"
            f"<th style='padding:0 8px;white-space:nowrap'>{wins}</th>"
            f"<th style='padding:0 8px;text-align:start'>{why}</th></tr>{rows}</table>"
        )

    def banner_words(self, state: PapagenoState) -> tuple[str, str, str]:
        """The end-of-round banner (PA-E2): who won, how to read the marks, what to do next."""
        tally = ", ".join(f"{self.player_name(i)} {w}" for i, w in enumerate(state.round_wins))
        if state.phase is Phase.GAME_OVER:
            champs = [i for i, r in enumerate(self.game.returns(state)) if r > 0]
            head = self.ngettext(
                "{names} wins the match!",
                "{names} win the match!",
                len(champs),
                names=self.tr.join_and([self.player_name(c) for c in champs]),
            )
            foot = self._("Round wins: {tally}. Press New game to play again.", tally=tally)
        else:
            names = self.tr.join_and([self.player_name(w) for w in self.game.round_winners(state)])
            head = self._("Round {round}: lowest total wins — {names}", round=state.round, names=names)
            foot = self._(
                "Round wins: {tally} (first to {need}). Click here to deal round {next}.",
                tally=tally,
                need=self.game.rounds_to_win,
                next=state.round + 1,
            )
        why = self._("Crossed out: a column of two equal weights counts 0.  Arrows: an Egg copies its neighbour.")
        return head, why, foot

    def explain(self, s: Any) -> str:
        """A grid's score in words (the scoring module's ``explain``, in this language)."""
        if self.tr.lang == "en":
            return str(s.explain())
        parts = []
        for egg in s.eggs:
            words = self._(
                "{pos} Egg takes {n} from {source}",
                pos=self.pos_words(egg.pos),
                n=egg.weight,
                source=self.pos_words(egg.source),
            )
            if s.cards[egg.source] == EGG:
                words += " (" + self._("an Egg") + ")"
            parts.append(words)
        for c in s.cancelled_columns:
            parts.append(
                self._(
                    "{column} column cancels ({a} = {b})",
                    column=self._(COLUMN_WORDS[c]),
                    a=s.weights[c],
                    b=s.weights[c + COLUMNS],
                )
            )
        parts.append(self._("total {sum} = {total}", sum=" + ".join(str(v) for v in s.counted), total=s.total))
        return "; ".join(parts)
