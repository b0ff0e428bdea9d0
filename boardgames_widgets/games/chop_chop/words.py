"""Chop Chop in words: log lines, the status line, how the game ended.

Seat 0 is the cat player, seats 1… the mouse players (RULES.md §1).
"""

from __future__ import annotations

from typing import Any

from boardgames_widgets.games.chop_chop.layout import Tile
from boardgames_widgets.games.chop_chop.rules import (
    CAT,
    DRAW,
    MICE_SIDE,
    ChopChop,
    ChopChopState,
    Decline,
    Jump,
    Move,
    Pass,
    Phase,
    PlaceCat,
    Reveal,
    Roll,
    TakeCheese,
)
from boardgames_widgets.i18n.words import GameWords


class ChopChopWords(GameWords):
    """What Chop Chop says (see the module doc)."""

    game: ChopChop

    def player_name(self, player: int) -> str:
        if player == 0:
            return self._("Cat player")
        n = self.game.num_players
        return self._("Mice player") if n == 2 else self._("Mouse player {n}", n=player)

    def end_words(self, state: ChopChopState) -> str:
        """How the game ended, in one sentence (like the rules' description, translated)."""
        left = sum(m >= 0 for m in state.mice)
        if state.winner == MICE_SIDE:
            return self.ngettext(
                "The mice win: they carried {n} cheese home.",
                "The mice win: they carried {n} cheese home.",
                state.cheese,
            )
        if state.winner == DRAW:
            if state.turns >= self.game.cfg.max_turns:  # the safety net (CC-W5)
                return self.ngettext(
                    "A draw: the game stopped after {n} turn.",
                    "A draw: the game stopped after {n} turns.",
                    state.turns,
                )
            return self.dead_words(state)
        if left == 0:
            return self.ngettext(
                "The cat wins: all mice are caught ({n} cheese collected).",
                "The cat wins: all mice are caught ({n} cheese collected).",
                state.cheese,
            )
        return self.ngettext(
            "The cat wins: the mice ran out of time after {n} turn.",
            "The cat wins: the mice ran out of time after {n} turns.",
            state.turns,
        )  # records made before CC-W5, when the turn limit was a cat win

    def dead_words(self, state: ChopChopState) -> str:
        """Why a position ended as a draw before the turn limit (CC-W5: neither side can reach its goal)."""
        left = [m for m in state.mice if m >= 0]
        if left and all(self.game.layout.is_hole(m) for m in left):
            return self._("A draw: the last mice are shut in their holes behind cheese, so nobody can win.")
        return self._(
            "A draw: nobody can win any more — the cat cannot reach the mice that are left, "
            "and the mice cannot get the cheese they need."
        )

    def _piece_words(self, piece: int) -> str:
        return self._("The cat") if piece == CAT else self._("Mouse {n}", n=piece + 1)

    def action_words(self, state: ChopChopState, action: Any) -> str:
        t = self._
        mice = state.mice_turn
        if isinstance(action, PlaceCat):
            return t("The cat starts on the table.")
        if isinstance(action, Roll):
            return t("The mice roll {n}.", n=action.value) if mice else t("The cat rolls {n}.", n=action.value)
        if isinstance(action, Move):
            piece = self._piece_words(action.piece)
            if state.phase is Phase.EXTRA:
                words = self.ngettext(
                    "{piece} walks {n} extra step",
                    "{piece} walks {n} extra steps",
                    state.roll,
                    piece=piece,
                )
            else:
                words = self.ngettext("{piece} walks {n} step", "{piece} walks {n} steps", state.roll, piece=piece)
            catch = self._catch_words(state, action)
            return words + (catch if catch else ".")  # "… and catches mouse 2!" ends with its own "!"
        if isinstance(action, Jump):
            return t("{piece} jumps along the arrow.", piece=self._piece_words(action.piece))
        if isinstance(action, Decline):
            return t("The mice decline the tile.") if mice else t("The cat declines the tile.")
        if isinstance(action, Pass):
            if mice:
                return t("The mice cannot move exactly {n}: the turn passes.", n=state.roll)
            return t("The cat cannot move exactly {n}: the turn passes.", n=state.roll)
        if isinstance(action, TakeCheese):
            return t("The mice fork a cheese.")
        if isinstance(action, Reveal):
            return self._reveal_words(state, action.tile)
        return super().action_words(state, action)

    def _catch_words(self, state: ChopChopState, action: Move) -> str:
        if action.piece != CAT:
            return ""
        dest = self.game.layout.index[action.to]
        if self.game.layout.table[dest]:
            return ""
        caught = [m for m, c in enumerate(state.mice) if c == dest]
        return " " + self._("and catches mouse {n}!", n=caught[0] + 1) if caught else ""

    def _reveal_words(self, state: ChopChopState, tile: Tile) -> str:
        t = self._
        piece = self._piece_words(self.game.mover(state))
        mice = state.mice_turn
        if tile is Tile.CHEESE:
            if mice:
                return t("{piece} turns over cheese: the mice take it!", piece=piece)
            return t("{piece} turns over cheese: the cat sits on it.", piece=piece)
        if tile is Tile.PLATE:
            return t("{piece} turns over a broken plate: nothing happens.", piece=piece)
        if tile in (Tile.PLUS1, Tile.PLUS2):
            return t("{piece} turns over +{n}: it may walk {n} more.", piece=piece, n=tile.value[1])
        if tile is Tile.ARROW:
            return t("{piece} turns over an arrow: it may jump anywhere.", piece=piece)
        if tile is Tile.FORK:
            if mice:
                return t("{piece} turns over a fork: the mice may take an uncovered cheese.", piece=piece)
            return t("{piece} turns over a fork: nothing for the cat.", piece=piece)
        if mice:
            return t("{piece} turns over a knife: ouch! The mice skip their next turn.", piece=piece)
        return t("{piece} turns over a knife: ouch! The cat skips its next turn.", piece=piece)

    def status_words(self, state: ChopChopState) -> str:
        t = self._
        parts = [t("Cheese {n}/{need}", n=state.cheese, need=self.game.cfg.cheese_to_win)]
        left = sum(m >= 0 for m in state.mice)
        parts.append(self.ngettext("{n} mouse left", "{n} mice left", left))
        if state.roll and state.phase is Phase.MOVE:
            parts.append(t("rolled {n}", n=state.roll))
        if state.cat_skip:
            parts.append(t("knife: the cat skips its next turn"))
        if state.mice_skip:
            parts.append(t("knife: the mice skip their next turn"))
        if state.lock >= 0:
            parts.append(t("double turn: mouse {n} moves again", n=state.lock + 1))
        return " · ".join(parts)

    def result_words(self, state: ChopChopState) -> str:
        return self._("Game over — {how}", how=self.end_words(state))
