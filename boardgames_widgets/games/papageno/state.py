"""Papageno's positions: the phases, the state, a player's observation and the draft the rules
write on (RULES.md §3; the rules themselves are in :mod:`.rules`)."""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any

from boardgames_widgets.core.api import freeze_draft
from boardgames_widgets.games.papageno.cards import KIND_INDEX


class Phase(enum.Enum):
    """What happens next. Chance acts in the ``*_REVEAL``, ``DEAL`` and ``ROUND_OVER`` phases."""

    DEAL = "deal"  #: chance: the top card of the draw pile is turned up as the discard (PA-S3)
    OPENING = "opening"  #: a player chooses a card of theirs to turn up (PA-S2)
    OPENING_REVEAL = "opening reveal"  #: chance: the chosen card is turned up
    TURN = "turn"  #: the active player draws or takes the discard (PA-T1)
    DRAW_REVEAL = "draw reveal"  #: chance: which card the active player draws (PA-T1, PA-S3)
    PLACE = "place"  #: the active player swaps the card in, or discards a drawn card (PA-T1, PA-T2)
    SWAP_REVEAL = "swap reveal"  #: chance: the face-down card swapped out is turned up (PA-T1)
    FLUTE_REVEAL = "flute reveal"  #: chance: a face-down card replaced by a Pan Flute's card (PA-X2)
    CAPTURE = "capture"  #: the active player may swap a face-up card with an opponent's (PA-X1)
    END_REVEAL = "end reveal"  #: chance: the others turn their cards up (PA-E1)
    ROUND_OVER = "round over"  #: chance (one outcome): the next round is dealt (PA-S4)
    GAME_OVER = "game over"  #: someone has won enough rounds (PA-E3)

    # A member is equal only to itself (a plain Enum), so hashing it by identity is as
    # good as Enum's own hash of its name, which runs in Python: the rules test
    # ``phase in _CHANCE_PHASES`` at every step (a set's order was never fixed anyway:
    # str hashes differ from one run to the next).
    __hash__ = object.__hash__


_CHANCE_PHASES = frozenset(
    {
        Phase.DEAL,
        Phase.OPENING_REVEAL,
        Phase.DRAW_REVEAL,
        Phase.SWAP_REVEAL,
        Phase.FLUTE_REVEAL,
        Phase.END_REVEAL,
        Phase.ROUND_OVER,
    }
)


Grid = tuple[str | None, ...]


@dataclass(frozen=True, slots=True, repr=False)
class PapagenoState:
    """A complete Papageno position.

    Face-down cards are ``None``: their identities are not decided until someone sees
    them (see the module docstring), so the state holds no secret except ``hand``.

    Attributes:
        phase: what happens next.
        grids: each player's six positions: a face-up card or ``None`` (face down).
        discard: the discard pile, bottom first; the last card is the top.
        draw_unseen: cards in the draw pile nobody has seen (the pile as dealt).
        draw_known: after a reshuffle (PA-S3), the cards of the draw pile, a known multiset
            in :data:`~boardgames_widgets.games.papageno.cards.KINDS` order (order unknown).
        unseen: per kind (aligned with ``KINDS``), the cards nobody has seen: the face-down
            cards and the ``draw_unseen`` cards of the draw pile.
        actor: the active player (whose turn, or whose opening choice).
        hand: the card the active player holds, drawn or taken, before it is placed.
        hand_drawn: ``hand`` came from the draw pile (only its drawer has seen it).
        hand_from_known: ``hand`` was drawn from a reshuffled (known) draw pile.
        pos: the position being turned up or swapped, or where a Capture was placed; -1.
        travelling: a Pan Flute chain's card on its way to ``receiver`` (PA-X2).
        receiver: the player whose card at ``pos`` a Pan Flute card is replacing; -1.
        round: the round number, from 1.
        first_player: who started this round (PA-S4).
        round_wins: rounds won by each player (PA-E3).
        last_scores: each player's total in the last finished round (empty before).
        ender: the player whose six face-up cards ended the round (PA-E1), or who took
            its last turn when the turn limit ended it (``max_turns_per_round``); -1.
        turns: turns finished in this round (for ``max_turns_per_round``; the opening's
            reveals do not count).
    """

    phase: Phase
    grids: tuple[Grid, ...]
    discard: tuple[str, ...]
    draw_unseen: int
    draw_known: tuple[str, ...]
    unseen: tuple[int, ...]
    actor: int
    hand: str | None
    hand_drawn: bool
    hand_from_known: bool
    pos: int
    travelling: str | None
    receiver: int
    round: int
    first_player: int
    round_wins: tuple[int, ...]
    last_scores: tuple[int, ...]
    ender: int
    turns: int

    @property
    def num_players(self) -> int:
        """How many players sit at the table."""
        return len(self.grids)

    def __repr__(self) -> str:
        """A one-line summary (display the state to see the board)."""
        return f"<PapagenoState: round {self.round}, {self.phase.value}, player {self.actor} to act>"

    def _repr_svg_(self) -> str:
        from boardgames_widgets.core.registry import make_game

        game: Any = make_game("papageno", num_players=self.num_players)
        return str(game.state_svg(self, bare=True))


@dataclass(frozen=True, slots=True)
class PapagenoObservation:
    """What one player may know (hidden information, see :meth:`Papageno.observation`).

    Face-down cards are ``None`` for everyone, their owner included (PA-S2, PA-T3). The
    card a player is holding after drawing is shown to that player only; for everyone
    else it is ``None`` and counted back into ``unseen`` / ``draw_known`` (where it
    came from), so the counts give nothing away.

    Attributes:
        player: whose observation this is.
        phase, grids, discard, actor, pos, travelling, receiver, round, first_player,
        round_wins, last_scores, ender, turns: as in :class:`PapagenoState` (all public).
        draw_pile_size: cards in the draw pile.
        draw_known: the known cards of a reshuffled draw pile, as this player knows them.
        unseen: per kind, the cards this player has not seen (aligned with ``KINDS``).
        hand: the card the active player holds, if this player may see it.
        hand_hidden: someone holds a card this player may not see.
        hand_drawn: the held card came from the draw pile.
        hand_from_known: the held card came from a reshuffled (known) draw pile.
    """

    player: int
    phase: Phase
    grids: tuple[Grid, ...]
    discard: tuple[str, ...]
    draw_pile_size: int
    draw_known: tuple[str, ...]
    unseen: tuple[int, ...]
    actor: int
    hand: str | None
    hand_hidden: bool
    hand_drawn: bool
    hand_from_known: bool
    pos: int
    travelling: str | None
    receiver: int
    round: int
    first_player: int
    round_wins: tuple[int, ...]
    last_scores: tuple[int, ...]
    ender: int
    turns: int

    @property
    def num_players(self) -> int:
        """How many players sit at the table."""
        return len(self.grids)

    def _repr_svg_(self) -> str:
        from boardgames_widgets.core.painter import board_view
        from boardgames_widgets.core.registry import make_game

        view: Any = board_view(make_game("papageno", num_players=self.num_players))
        return str(view.observation_svg(self))


_STATE_FIELDS: tuple[str, ...] = tuple(PapagenoState.__dataclass_fields__)


class _Draft:
    """A mutable copy of a state while an action is applied.

    An action may pass through several steps (a swap, a Pan Flute chain, the end of
    the turn, the end of the round); each step changes a few fields of the draft, and
    one frozen state is built at the end. Building a frozen dataclass costs a call per
    field, so building one per step (as :func:`dataclasses.replace` would) was the
    slowest part of a random playout.
    """

    __slots__ = _STATE_FIELDS

    phase: Phase
    grids: tuple[Grid, ...]
    discard: tuple[str, ...]
    draw_unseen: int
    draw_known: tuple[str, ...]
    unseen: tuple[int, ...]
    actor: int
    hand: str | None
    hand_drawn: bool
    hand_from_known: bool
    pos: int
    travelling: str | None
    receiver: int
    round: int
    first_player: int
    round_wins: tuple[int, ...]
    last_scores: tuple[int, ...]
    ender: int
    turns: int

    def __init__(self, s: PapagenoState) -> None:  # written out: this is the hot path
        self.phase = s.phase
        self.grids = s.grids
        self.discard = s.discard
        self.draw_unseen = s.draw_unseen
        self.draw_known = s.draw_known
        self.unseen = s.unseen
        self.actor = s.actor
        self.hand = s.hand
        self.hand_drawn = s.hand_drawn
        self.hand_from_known = s.hand_from_known
        self.pos = s.pos
        self.travelling = s.travelling
        self.receiver = s.receiver
        self.round = s.round
        self.first_player = s.first_player
        self.round_wins = s.round_wins
        self.last_scores = s.last_scores
        self.ender = s.ender
        self.turns = s.turns

    def freeze(self) -> PapagenoState:
        """The draft itself, turned into the frozen state: its class becomes
        :class:`PapagenoState` (the same slots in the same order, see
        :func:`~boardgames_widgets.core.api.freeze_draft`). The draft is not used after."""
        return freeze_draft(self, PapagenoState)


def _take(counts: tuple[int, ...], card: str) -> tuple[int, ...]:
    i = KIND_INDEX[card]
    return (*counts[:i], counts[i] - 1, *counts[i + 1 :])


def _remove_one(cards: tuple[str, ...], card: str) -> tuple[str, ...]:
    i = cards.index(card)
    return cards[:i] + cards[i + 1 :]
