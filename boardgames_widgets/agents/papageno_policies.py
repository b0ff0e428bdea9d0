"""Rules of thumb for Papageno: threshold policies ("keep any bird of weight ≤ k").

A *threshold policy* is the simplest strategy a person might write on a card:

* **Keep** a card whose weight is at most ``k``; let a heavier card go (discard a
  drawn card at once, PA-T2; never take a heavy card from the discard pile).
* **Where to put a kept card:** over my heaviest face-up card if that one is heavier
  than ``k`` (a sure gain), otherwise over a face-down card (its expected weight is
  about the average unseen card), otherwise over a face-up card heavier than the new
  one. If none of these exists the card is not kept after all.
* **Turn:** take the top discard when the policy would keep it, else draw.
* The opening turns up the top-left card; a Capture's swap is declined (PA-X1 is
  optional).
* **Hurry up** (:data:`HURRY_AFTER_RESHUFFLE`): once the draw pile has run out and been
  reshuffled (PA-S3), every drawn card goes over a face-down card, so the round ends.
  Without it two careful players could discard until the round's turn limit
  (``max_turns_per_round``, a termination rule of ours: the originals have none).

With ``pairs=True`` the policy also knows the **column-pair rule** (PA-E2: two equal
weights in a column cancel): a card of positive weight that matches a face-up card
of mine whose column partner does not match yet goes into that partner's place —
even a heavy one, since the pair then counts 0 — and cards of a cancelled pair are
never replaced. Pairs of negative weights are left alone: cancelling a −2 pair
*loses* 4 points.

The policy looks only at its observation (DESIGN.md: agents never see the state).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from boardgames_widgets.games.papageno.cards import (
    CAPTURE,
    CAPTURE_WEIGHT,
    COLUMNS,
    EGG,
    FLUTE,
    FLUTE_WEIGHT,
)
from boardgames_widgets.games.papageno.rules import (
    Decline,
    DiscardDrawn,
    Draw,
    Papageno,
    PapagenoObservation,
    Phase,
    Swap,
    TakeDiscard,
    TurnUp,
)

#: How a threshold policy values a card it cannot weigh: an Egg (it takes a neighbour's
#: weight at the end, PA-X4) or a face-down card. About the average card of the deck.
AVERAGE_GUESS = 4


#: Once the draw pile has been reshuffled (PA-S3), swap every drawn card over a face-down
#: card so the round comes to an end (a game between two picky policies could otherwise
#: go on until the round's turn limit).
HURRY_AFTER_RESHUFFLE = True


def card_weight(card: str, game: Papageno | None = None) -> int:
    """The weight a policy uses for ``card``: its printed weight, :data:`AVERAGE_GUESS` for an Egg.

    >>> card_weight("-2"), card_weight("Capture")
    (-2, 10)
    """
    if game is not None:
        w = game.deck.weight(card)
        return AVERAGE_GUESS if w is None else w
    if card == CAPTURE:
        return CAPTURE_WEIGHT
    if card == FLUTE:
        return FLUTE_WEIGHT
    if card == EGG:
        return AVERAGE_GUESS
    return int(card)


def partner(pos: int) -> int:
    """The other position of ``pos``'s column (top ↔ bottom).

    >>> partner(0), partner(4)
    (3, 1)
    """
    return pos + COLUMNS if pos < COLUMNS else pos - COLUMNS


def cancelled(grid: Sequence[str | None], pos: int, game: Papageno | None = None) -> bool:
    """Whether the face-up card at ``pos`` cancels with its face-up column partner (PA-E2)."""
    a, b = grid[pos], grid[partner(pos)]
    return a is not None and b is not None and card_weight(a, game) == card_weight(b, game)


def pair_position(grid: Sequence[str | None], card: str, game: Papageno | None = None) -> int | None:
    """Where ``card`` would complete a cancelling column pair worth having, or ``None``.

    The place is the column partner of a face-up card of the same weight, provided
    that partner does not already match it; only cards of positive weight are worth
    pairing (a pair counts 0, PA-E2). The first such place from the top-left wins.

    >>> pair_position(("7", None, "3", None, None, None), "7")
    3
    >>> pair_position(("-2", None, None, None, None, None), "-2") is None
    True
    """
    w = card_weight(card, game)
    if w <= 0:
        return None
    for pos in range(len(grid)):
        mate = grid[partner(pos)]
        if mate is not None and card_weight(mate, game) == w and not cancelled(grid, pos, game):
            return pos
    return None


def placement(
    grid: Sequence[str | None], card: str, k: int, *, pairs: bool = False, game: Papageno | None = None
) -> int | None:
    """Where a threshold policy puts ``card`` in ``grid``, or ``None`` to let it go.

    See the module docstring for the rule, in words.
    """
    if pairs:
        pos = pair_position(grid, card, game)
        if pos is not None:
            return pos
    w = card_weight(card, game)
    if w > k:
        return None
    face_up = [p for p, c in enumerate(grid) if c is not None and not (pairs and cancelled(grid, p, game))]
    heaviest = max(face_up, key=lambda p: card_weight(grid[p], game), default=None)  # type: ignore[arg-type]
    if heaviest is not None and card_weight(grid[heaviest], game) > max(k, w):  # type: ignore[arg-type]
        return heaviest
    face_down = [p for p, c in enumerate(grid) if c is None]
    if face_down:
        return face_down[0]
    if heaviest is not None and card_weight(grid[heaviest], game) > w:  # type: ignore[arg-type]
        return heaviest
    return None


class ThresholdPolicy:
    """Papageno's rule of thumb "keep any bird of weight ≤ k" (with the column-pair rule if ``pairs``).

    Args:
        k: the largest weight kept.
        pairs: also complete cancelling column pairs (PA-E2).
        game: the game, for its card weights (default: the printed weights).
        name: the name shown in tables (default ``keep≤k`` or ``keep≤k+pairs``).
    """

    def __init__(self, k: int, pairs: bool = False, game: Papageno | None = None, name: str | None = None) -> None:
        self.k = k
        self.pairs = pairs
        self.game = game
        self.name = name or f"keep≤{k}" + ("+pairs" if pairs else "")

    def target(self, grid: Sequence[str | None], card: str) -> int | None:
        """Where the policy would put ``card`` (``None``: let it go)."""
        return placement(grid, card, self.k, pairs=self.pairs, game=self.game)

    def act(self, observation: Any, legal_actions: Sequence[Any], rng: random.Random) -> Any:
        """The policy's action (see the module docstring).

        Raises:
            TypeError: the observation is not a Papageno observation.
        """
        obs = observation
        if not isinstance(obs, PapagenoObservation):
            raise TypeError("ThresholdPolicy plays Papageno only")
        grid = obs.grids[obs.player]
        phase = obs.phase
        hurry = HURRY_AFTER_RESHUFFLE and (bool(obs.draw_known) or obs.draw_pile_size == 0)
        face_down = [p for p, c in enumerate(grid) if c is None]
        if hurry and face_down:
            if phase is Phase.TURN and Draw() in legal_actions:
                return Draw()
            if phase is Phase.PLACE:
                return Swap(face_down[0])
        if phase is Phase.TURN:
            take = TakeDiscard()
            if take in legal_actions and self.target(grid, obs.discard[-1]) is not None:
                return take
            return Draw() if Draw() in legal_actions else take
        if phase is Phase.PLACE:
            assert obs.hand is not None
            pos = self.target(grid, obs.hand)
            if pos is not None:
                return Swap(pos)
            if DiscardDrawn() in legal_actions:
                return DiscardDrawn()
            # a card taken from the discard must be placed: over the heaviest card (face-down: about average)
            return Swap(max(range(len(grid)), key=lambda p: self._value(grid[p])))
        if phase is Phase.CAPTURE:
            return Decline() if Decline() in legal_actions else legal_actions[0]
        if phase is Phase.OPENING:
            return TurnUp(0) if TurnUp(0) in legal_actions else legal_actions[0]
        return legal_actions[0]

    def _value(self, card: str | None) -> int:
        return AVERAGE_GUESS if card is None else card_weight(card, self.game)

    def __repr__(self) -> str:
        return f"ThresholdPolicy(k={self.k}, pairs={self.pairs})"


__all__ = [
    "AVERAGE_GUESS",
    "HURRY_AFTER_RESHUFFLE",
    "ThresholdPolicy",
    "cancelled",
    "card_weight",
    "pair_position",
    "partner",
    "placement",
]
