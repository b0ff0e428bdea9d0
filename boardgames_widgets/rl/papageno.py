"""Papageno as numbers (see :mod:`boardgames_widgets.rl.encodings`).

Card kinds are :data:`~boardgames_widgets.games.papageno.cards.KINDS` (bird weights −2 … 9,
Capture, Flute, Egg: 15 kinds, ``K``); a player's area has 6 positions (top-left …
bottom-right).

**Actions**, in index order: ``Draw``, ``TakeDiscard``, ``DiscardDrawn``, ``Decline``;
``Swap`` at each position; ``TurnUp`` at each position; ``CaptureSwap(mine, other,
theirs)`` for each of my positions, each seat (absolute, my own never legal) and each of
their positions: ``16 + 36 n`` actions.

**Observation blocks** (seats counted from the observer; face-down cards are unknown to
everyone, a drawn card is known to its holder only):

* ``grids`` — per seat and position, one-hot over the ``K`` kinds plus "face down";
* ``discard_top`` — the top discard's kind (one-hot); ``discard`` — the discards per kind
  / copies in the deck;
* ``unseen`` — the cards of each kind I have not seen / copies; ``draw_known`` — a
  reshuffled pile's known cards per kind / copies; ``draw_pile`` — its size / the deck;
* ``hand`` — the card held, if I may see it (one-hot); ``hand_flags`` — someone holds a
  card I may not see, it was drawn, it came from a known pile;
* ``phase`` — one-hot over :class:`~boardgames_widgets.games.papageno.rules.Phase`;
  ``actor``, ``receiver``, ``ender``, ``first_player`` — seats, one-hot from me;
  ``pos`` — the position concerned (one-hot); ``travelling`` — the kind of a card on its
  way (one-hot);
* ``round_wins`` — rounds won / rounds to win; ``last_scores`` — last round's scores,
  (score + 20) / 100; ``round`` — round / 10; ``turns`` — turns this round / 100.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from boardgames_widgets.games.papageno.actions import action_table
from boardgames_widgets.games.papageno.cards import AREA_SIZE, KIND_INDEX, KINDS
from boardgames_widgets.games.papageno.rules import (
    PapagenoObservation,
    Phase,
)
from boardgames_widgets.rl.encodings import Encoding, Vector, scaled

_PHASES: tuple[Phase, ...] = tuple(Phase)
_K = len(KINDS)


class PapagenoEncoding(Encoding):
    """Papageno's action table and observation vector (module docstring)."""

    game_id = "papageno"

    def __init__(self, game: Any) -> None:
        self._copies = tuple(max(1, c) for c in game.counts)
        self._deck = max(1, game.deck_size)
        self._rounds = game.rounds_to_win
        super().__init__(game)

    def action_table(self) -> Iterable[Any]:
        return action_table(self.num_players)  # the game's own (Papageno.action_table)

    def block_sizes(self) -> Sequence[tuple[str, int]]:
        n = self.num_players
        return (
            ("grids", n * AREA_SIZE * (_K + 1)),
            ("discard_top", _K),
            ("discard", _K),
            ("unseen", _K),
            ("draw_known", _K),
            ("draw_pile", 1),
            ("hand", _K),
            ("hand_flags", 3),
            ("phase", len(_PHASES)),
            ("actor", n),
            ("receiver", n),
            ("ender", n),
            ("first_player", n),
            ("pos", AREA_SIZE),
            ("travelling", _K),
            ("round_wins", n),
            ("last_scores", n),
            ("round", 1),
            ("turns", 1),
        )

    def _seat(self, vector: Vector, block: str, player: int, seat: int) -> None:
        if player >= 0:
            vector[self.at(block) + self.relative(player, seat)] = 1.0

    def fill(self, vector: Vector, observation: PapagenoObservation, seat: int) -> None:
        o = observation
        copies = self._copies
        grids = self.at("grids")
        for p, grid in enumerate(o.grids):
            base = grids + self.relative(p, seat) * AREA_SIZE * (_K + 1)
            for pos, card in enumerate(grid):
                vector[base + pos * (_K + 1) + (_K if card is None else KIND_INDEX[card])] = 1.0
        if o.discard:
            vector[self.at("discard_top") + KIND_INDEX[o.discard[-1]]] = 1.0
        discard, known = [0] * _K, [0] * _K
        for card in o.discard:
            discard[KIND_INDEX[card]] += 1
        for card in o.draw_known:
            known[KIND_INDEX[card]] += 1
        at_discard, at_unseen, at_known = self.at("discard"), self.at("unseen"), self.at("draw_known")
        for k in range(_K):
            vector[at_discard + k] = scaled(discard[k], copies[k])
            vector[at_unseen + k] = scaled(o.unseen[k], copies[k])
            vector[at_known + k] = scaled(known[k], copies[k])
        vector[self.at("draw_pile")] = scaled(o.draw_pile_size, self._deck)
        if o.hand is not None:
            vector[self.at("hand") + KIND_INDEX[o.hand]] = 1.0
        flags = self.at("hand_flags")
        vector[flags] = float(o.hand_hidden)
        vector[flags + 1] = float(o.hand_drawn)
        vector[flags + 2] = float(o.hand_from_known)
        vector[self.at("phase") + _PHASES.index(o.phase)] = 1.0
        if o.phase is not Phase.GAME_OVER:
            self._seat(vector, "actor", o.actor, seat)
        self._seat(vector, "receiver", o.receiver, seat)
        self._seat(vector, "ender", o.ender, seat)
        self._seat(vector, "first_player", o.first_player, seat)
        if 0 <= o.pos < AREA_SIZE:
            vector[self.at("pos") + o.pos] = 1.0
        if o.travelling is not None:
            vector[self.at("travelling") + KIND_INDEX[o.travelling]] = 1.0
        wins, scores = self.at("round_wins"), self.at("last_scores")
        for p in range(self.num_players):
            r = self.relative(p, seat)
            vector[wins + r] = scaled(o.round_wins[p], self._rounds)
            if o.last_scores:
                vector[scores + r] = scaled(o.last_scores[p] + 20, 100)
        vector[self.at("round")] = scaled(o.round, 10)
        vector[self.at("turns")] = scaled(o.turns, 100)
