"""Papageno — small is beautiful (RULES.md §3, rules PA-S1 … PA-E3).

Each player has six cards in two rows of three, face down at first. On a turn you
draw a card (and look at it secretly) or take the top discard, and swap it for one
of your six cards; the new card lies face up, the old one goes face up onto the
discard pile. Capture and Pan Flute cards act when you swap them in yourself. The
round ends when someone has six cards face up; the lowest total wins the round and
the first to win two rounds wins the game.

How chance and hidden cards are modelled
----------------------------------------
Nobody — not even their owner — knows a face-down card, and nobody knows the
order of the draw pile. So the state does not fix those cards in advance: a card's
identity is drawn by a chance node at the moment it is *seen* (drawn by a player,
turned up in the opening, swapped out face down, passed on by a Pan Flute, revealed
at the end of the round), uniformly from the pool of cards nobody has seen yet
(``unseen``, exact :class:`~fractions.Fraction` probabilities over the remaining
multiset). Every unseen card is equally likely to be in every unseen place, so this
is exactly the same game as dealing everything at the start.

When the draw pile runs out (PA-S3) the discards except the top card become the new
draw pile: a *known* multiset (everyone saw those cards) in an unknown order,
tracked separately (``draw_known``) from the unseen pool.

The only secret in a state is the card a player has just drawn and is holding: it
is hidden from the other players by :meth:`Papageno.observation` (and removed from
the counts they are shown, so they cannot work it out).

Seats and directions: play goes clockwise, which is to the left, so the left
neighbour of player ``p`` is ``(p + 1) % n``. Positions are numbered 0 … 5, row by
row from the owner's top-left, and named ``top-left`` … ``bottom-right``.

Termination (not in the originals): when a round reaches ``max_turns_per_round``
turns (:data:`MAX_TURNS_PER_ROUND`) and nobody has six cards face up, it ends at
once, as if the player who took that last turn had turned up their sixth card: the
others turn their cards up, clockwise from that player's left, then that player's own
face-down cards turn up too, and the round is scored (PA-E1–E3). Without it two
deterministic players can pass a Capture or a Pan Flute back and forth for ever.

Assumptions (named module constants, documented where defined):
:data:`ROUND_END_CHECK`, :data:`NEXT_ROUND_TIE`, :data:`OPENING_ORDER`,
:data:`RESHUFFLE_TIMING`, :data:`MAX_TURNS_PER_ROUND`; the deck's in
:mod:`~boardgames_widgets.games.papageno.cards`.
"""

from __future__ import annotations

import enum
import random
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import cache
from typing import Any, ClassVar, cast

from boardgames_widgets.core.api import (
    CHANCE,
    TERMINAL,
    Game,
    GameInfo,
    GameOverError,
    IllegalActionError,
    InvalidActionError,
    check_action,
    check_action_text,
    check_seat,
    freeze_draft,
)
from boardgames_widgets.core.rng import draw_by_counts, index_drawer
from boardgames_widgets.games.papageno.cards import (
    AREA_SIZE,
    BIRD_WEIGHTS,
    CAPTURE,
    CAPTURE_WEIGHT,
    FLUTE,
    FLUTE_WEIGHT,
    KIND_INDEX,
    KINDS,
    POSITION_INDEX,
    POSITION_NAMES,
    SEED_BIRD_COUNTS,
    SEED_CAPTURES,
    SEED_EGGS,
    SEED_FLUTES,
    DeckConfig,
    card_name,
    cards_from_counts,
    check_range,
    counts_of,
    sorted_cards,
)
from boardgames_widgets.games.papageno.scoring import AreaScore, score_area

#: **Assumption** (PA-E1): "the round ends as soon as one player has all six cards face up"
#: is checked at the end of the turn: a Capture choice or a Pan Flute chain already under
#: way is completed first (the card's power "works when placed", PA-X1/PA-X2).
ROUND_END_CHECK = "end of turn"
#: **Assumption** (PA-S4): the next round is started by the player who scored the most
#: points; if several tie, by the first of them clockwise from the previous round's starter.
NEXT_ROUND_TIE = "first tied player clockwise from the previous starter"
#: **Assumption** (PA-S2): the opening reveals are taken one player at a time, clockwise from
#: the round's first player (all face-down cards look alike, so the order tells nobody anything).
OPENING_ORDER = "clockwise from the first player"
#: **Assumption** (PA-S3): the draw pile is reshuffled when a player wants to draw and it is
#: empty; the top discard stays as the discard pile.
RESHUFFLE_TIMING = "when a player draws from an empty pile"
#: The default round wins needed to win the game (PA-E3: 2).
ROUNDS_TO_WIN = 2
#: **Termination** (not in the originals): the default ``max_turns_per_round``. After this
#: many turns (the opening reveals of PA-S2 are not turns) a round ends as if the player who
#: took the last one had turned up their sixth card (see the module docstring). Ordinary play
#: never comes near it; turns per round that ended by itself, measured with 2–5 players:
#: random players median 20–30, longest 89 of 23,600 rounds; threshold policies longest 43;
#: Greedy players longest 45 with 2–4 players, and with 5 players 99% under 75 but one of
#: about 4,000 rounds took 585. Without a limit two Greedy players can pass a Capture back and
#: forth for ever (about 1 game in 60 with 2 players, more with more players), and five
#: threshold policies a Pan Flute.
MAX_TURNS_PER_ROUND = 1000


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


# --- actions ---------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class TurnUp:
    """Opening: turn up one of your own face-down cards (PA-S2).

    >>> str(TurnUp(0))
    'turn up top-left'
    """

    pos: int

    def __str__(self) -> str:
        return f"turn up {POSITION_NAMES[self.pos]}"


@dataclass(frozen=True, slots=True)
class Draw:
    """Draw the top card of the draw pile and look at it secretly (PA-T1)."""

    def __str__(self) -> str:
        return "draw"


@dataclass(frozen=True, slots=True)
class TakeDiscard:
    """Take the top card of the discard pile; it must be swapped in (PA-T1, PA-T2)."""

    def __str__(self) -> str:
        return "take discard"


@dataclass(frozen=True, slots=True)
class Swap:
    """Swap the card in hand for your card at ``pos`` (face up or down), PA-T1, PA-T4.

    >>> str(Swap(4))
    'swap bottom-middle'
    """

    pos: int

    def __str__(self) -> str:
        return f"swap {POSITION_NAMES[self.pos]}"


@dataclass(frozen=True, slots=True)
class DiscardDrawn:
    """Discard the card just drawn without swapping (PA-T2; never a card taken from the discard)."""

    def __str__(self) -> str:
        return "discard"


@dataclass(frozen=True, slots=True)
class CaptureSwap:
    """Capture: swap your face-up card at ``mine`` with player ``other``'s face-up card at ``theirs`` (PA-X1).

    >>> str(CaptureSwap(0, 2, 5))
    'capture top-left for p2 bottom-right'
    """

    mine: int
    other: int
    theirs: int

    def __str__(self) -> str:
        return f"capture {POSITION_NAMES[self.mine]} for p{self.other} {POSITION_NAMES[self.theirs]}"


@dataclass(frozen=True, slots=True)
class Decline:
    """Do not use the Capture's optional swap (PA-X1)."""

    def __str__(self) -> str:
        return "decline"


@dataclass(frozen=True, slots=True)
class Reveal:
    """Chance outcome: the card being seen is ``card`` (a draw, a card turned up).

    >>> str(Reveal("-2")), str(Reveal("Capture"))
    ('reveal -2', 'reveal Capture')
    """

    card: str

    def __str__(self) -> str:
        return f"reveal {self.card}"


@dataclass(frozen=True, slots=True)
class NextRound:
    """Chance outcome (probability 1): clear the table and start the next round (PA-S4)."""

    def __str__(self) -> str:
        return "next round"


Action = TurnUp | Draw | TakeDiscard | Swap | DiscardDrawn | CaptureSwap | Decline | Reveal | NextRound
#: The action classes as a tuple (``isinstance`` with a tuple is faster than with the union).
_ACTION_TYPES = (TurnUp, Draw, TakeDiscard, Swap, DiscardDrawn, CaptureSwap, Decline, Reveal, NextRound)

_DRAW, _TAKE, _DISCARD, _DECLINE, _NEXT = Draw(), TakeDiscard(), DiscardDrawn(), Decline(), NextRound()
_SWAPS = tuple(Swap(p) for p in range(AREA_SIZE))
_TURN_UPS = tuple(TurnUp(p) for p in range(AREA_SIZE))
_REVEALS = tuple(Reveal(k) for k in KINDS)
_FIXED_ACTIONS: tuple[Action, ...] = (_DRAW, _TAKE, _DISCARD, _DECLINE, _NEXT, *_SWAPS, *_TURN_UPS, *_REVEALS)
_FIXED_TEXT: dict[str, Action] = {str(a): a for a in _FIXED_ACTIONS}
_POS_RE = "|".join(POSITION_NAMES)
_CAPTURE_RE = re.compile(rf"capture ({_POS_RE}) for p(\d) ({_POS_RE})")


# --- state ---------------------------------------------------------------------------------
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


def _set(grid: Grid, pos: int, card: str | None) -> Grid:
    return (*grid[:pos], card, *grid[pos + 1 :])


def _set_grid(grids: tuple[Grid, ...], player: int, pos: int, card: str | None) -> tuple[Grid, ...]:
    return (*grids[:player], _set(grids[player], pos, card), *grids[player + 1 :])


def _take(counts: tuple[int, ...], card: str) -> tuple[int, ...]:
    i = KIND_INDEX[card]
    return (*counts[:i], counts[i] - 1, *counts[i + 1 :])


def _remove_one(cards: tuple[str, ...], card: str) -> tuple[str, ...]:
    i = cards.index(card)
    return cards[:i] + cards[i + 1 :]


@cache
def _fraction(count: int, total: int) -> Fraction:
    """``Fraction(count, total)``, made once: building a Fraction (a gcd and checks) is
    slow, and chance nodes ask for the same few card odds over and over."""
    return Fraction(count, total)


def _multiset_outcomes(counts: Sequence[int]) -> list[tuple[Action, Fraction]]:
    total = sum(counts)
    return [(_REVEALS[i], _fraction(c, total)) for i, c in enumerate(counts) if c]


def next_starter(scores: Sequence[int], previous_first: int) -> int:
    """PA-S4: who starts the next round — the player who scored the most points.

    Ties go to the first tied player clockwise from the previous round's starter
    (:data:`NEXT_ROUND_TIE`).

    >>> next_starter((5, 9, 9), previous_first=2)
    2
    >>> next_starter((5, 9, 9), previous_first=0)
    1
    """
    n = len(scores)
    most = max(scores)
    for k in range(n):
        p = (previous_first + k) % n
        if scores[p] == most:
            return p
    raise AssertionError("unreachable")


class Papageno(Game[PapagenoState, Action]):
    """Papageno for 2–5 players (RULES.md §3).

    Args:
        num_players: 2 to 5.
        first_player: who starts round 1 (PA-S4, "a chosen player").
        rounds_to_win: round wins that win the game (PA-E3: 2; 1 plays a single round; at most 10).
        bird_counts, captures, flutes, eggs, capture_weight, flute_weight,
            remove_flutes_for_two: the deck, see
            :class:`~boardgames_widgets.games.papageno.cards.DeckConfig`.
        max_turns_per_round: after this many turns a round ends as if the player who took
            the last one had turned up their sixth card: everyone turns their cards up and
            the round is scored (termination guard, not in the originals; default
            :data:`MAX_TURNS_PER_ROUND`, at most 10,000). Every range is in
            :data:`~boardgames_widgets.games.papageno.cards.PARAMETER_RANGES`.

    Raises:
        ValueError: a parameter out of range.

    >>> game = Papageno(3)
    >>> state = game.new_initial_state()
    >>> game.current_player(state) == CHANCE, len(game.chance_outcomes(state))
    (True, 15)
    """

    info: ClassVar[GameInfo] = GameInfo(
        id="papageno",
        name="Papageno",
        min_players=2,
        max_players=5,
        has_chance=True,
        hidden_information=True,
        rules_section="3",
    )

    def __init__(
        self,
        num_players: int = 2,
        first_player: int = 0,
        rounds_to_win: int = ROUNDS_TO_WIN,
        bird_counts: Sequence[int] = SEED_BIRD_COUNTS,
        captures: int = SEED_CAPTURES,
        flutes: int = SEED_FLUTES,
        eggs: int = SEED_EGGS,
        capture_weight: int = CAPTURE_WEIGHT,
        flute_weight: int = FLUTE_WEIGHT,
        remove_flutes_for_two: bool = True,
        max_turns_per_round: int = MAX_TURNS_PER_ROUND,
    ) -> None:
        super().__init__(num_players)
        if not isinstance(first_player, int) or not 0 <= first_player < num_players:
            raise ValueError(f"first_player must be a seat 0..{num_players - 1}, not {first_player!r}")
        if type(first_player) is not int:
            raise ValueError(f"first_player must be a seat 0..{num_players - 1}, not {first_player!r}")
        check_range("rounds_to_win", rounds_to_win)
        check_range("max_turns_per_round", max_turns_per_round)
        if isinstance(bird_counts, str) or not isinstance(bird_counts, Sequence):
            raise ValueError(f"bird_counts must be a list of 12 numbers, not {bird_counts!r}")
        self.first_player = first_player
        self.rounds_to_win = rounds_to_win
        self.max_turns_per_round = max_turns_per_round
        self.deck = DeckConfig(
            bird_counts=tuple(bird_counts),
            captures=captures,
            flutes=flutes,
            eggs=eggs,
            capture_weight=capture_weight,
            flute_weight=flute_weight,
            remove_flutes_for_two=remove_flutes_for_two,
        )
        self.counts = self.deck.counts(num_players)
        self.deck_size = sum(self.counts)
        if self.deck_size < AREA_SIZE * num_players + 2:
            raise ValueError(
                f"a deck of {self.deck_size} cards is too small for {num_players} players "
                f"(needs {AREA_SIZE * num_players + 2})"
            )

    @classmethod
    def preset(cls, name: str, num_players: int = 2, **config: Any) -> Papageno:
        """A game with a named deck: ``"seed"`` (4 Eggs) or ``"retail"`` (2 Eggs).

        >>> Papageno.preset("retail", 3).deck.eggs
        2

        Raises:
            ValueError: unknown preset.
        """
        deck = DeckConfig.preset(name)
        params: dict[str, Any] = {
            "bird_counts": deck.bird_counts,
            "captures": deck.captures,
            "flutes": deck.flutes,
            "eggs": deck.eggs,
            "capture_weight": deck.capture_weight,
            "flute_weight": deck.flute_weight,
            "remove_flutes_for_two": deck.remove_flutes_for_two,
        }
        params.update(config)
        return cls(num_players, **params)

    def config(self) -> dict[str, Any]:
        d = self.deck
        return {
            "num_players": self.num_players,
            "first_player": self.first_player,
            "rounds_to_win": self.rounds_to_win,
            "max_turns_per_round": self.max_turns_per_round,
            "bird_counts": list(d.bird_counts),
            "captures": d.captures,
            "flutes": d.flutes,
            "eggs": d.eggs,
            "capture_weight": d.capture_weight,
            "flute_weight": d.flute_weight,
            "remove_flutes_for_two": d.remove_flutes_for_two,
        }

    # -- setting up -------------------------------------------------------------------------
    def _fresh_round(self, round_no: int, first: int, wins: tuple[int, ...], scores: tuple[int, ...]) -> PapagenoState:
        """PA-S1/PA-S2: all cards shuffled, six face down per player, the rest as the draw pile."""
        n = self.num_players
        return PapagenoState(
            phase=Phase.DEAL,
            grids=((None,) * AREA_SIZE,) * n,
            discard=(),
            draw_unseen=self.deck_size - AREA_SIZE * n,
            draw_known=(),
            unseen=self.counts,
            actor=first,
            hand=None,
            hand_drawn=False,
            hand_from_known=False,
            pos=-1,
            travelling=None,
            receiver=-1,
            round=round_no,
            first_player=first,
            round_wins=wins,
            last_scores=scores,
            ender=-1,
            turns=0,
        )

    def new_initial_state(self) -> PapagenoState:
        return self._fresh_round(1, self.first_player, (0,) * self.num_players, ())

    # -- who acts -----------------------------------------------------------------------------
    def current_player(self, state: PapagenoState) -> int:
        phase = state.phase
        # fast path: the two phases of an ordinary turn (testing ``in`` a set of phases
        # calls the enum's hash in Python, and playouts ask this at every step)
        if phase is Phase.TURN or phase is Phase.PLACE:
            return state.actor
        if phase in _CHANCE_PHASES:
            return CHANCE
        if phase is Phase.GAME_OVER:
            return TERMINAL
        return state.actor

    def legal_actions(self, state: PapagenoState) -> list[Action]:
        phase = state.phase
        if phase is Phase.TURN:
            out: list[Action] = []
            if state.draw_unseen or state.draw_known or len(state.discard) >= 2:
                out.append(_DRAW)
            if state.discard:
                out.append(_TAKE)
            return out
        if phase is Phase.PLACE:
            return [*_SWAPS, _DISCARD] if state.hand_drawn else list(_SWAPS)
        if phase is Phase.CAPTURE:
            return [*self._capture_swaps(state), _DECLINE]
        if phase is Phase.OPENING:
            return [_TURN_UPS[p] for p, c in enumerate(state.grids[state.actor]) if c is None]
        return []

    def _capture_swaps(self, state: PapagenoState) -> list[Action]:
        """PA-X1: every swap of a face-up card of yours (not the Capture just placed) with an opponent's."""
        me = state.actor
        mine = [p for p, c in enumerate(state.grids[me]) if c is not None and p != state.pos]
        out: list[Action] = []
        if not mine:
            return out
        n = self.num_players
        for k in range(1, n):
            other = (me + k) % n
            theirs = [p for p, c in enumerate(state.grids[other]) if c is not None]
            out.extend(CaptureSwap(m, other, t) for m in mine for t in theirs)
        return out

    def _can_capture(self, grids: tuple[Grid, ...], me: int, pos: int) -> bool:
        """PA-X1: whether :meth:`_capture_swaps` offers any swap (without building them):
        a face-up card of ``me`` other than the Capture at ``pos``, and a face-up card of an opponent."""
        if all(c is None or p == pos for p, c in enumerate(grids[me])):
            return False
        return any(c is not None for other, grid in enumerate(grids) if other != me for c in grid)

    def chance_outcomes(self, state: PapagenoState) -> list[tuple[Action, Fraction]]:
        phase = state.phase
        if phase is Phase.ROUND_OVER:
            return [(_NEXT, Fraction(1))]
        if phase is Phase.DRAW_REVEAL and not state.draw_unseen:
            return _multiset_outcomes(counts_of(state.draw_known))
        if phase in _CHANCE_PHASES:
            return _multiset_outcomes(state.unseen)
        return []

    def sample_chance(self, state: PapagenoState, rng: random.Random) -> Action:
        """One chance outcome drawn directly: one card of the pile or pool it comes from.

        The same odds as :meth:`chance_outcomes` (each card of the pool equally likely,
        so a kind with ``c`` of ``total`` cards comes ``c/total`` of the time), without
        building the list of outcomes and its fractions — search does this at every
        chance node of every playout.
        """
        phase = state.phase
        if phase is Phase.ROUND_OVER:
            return _NEXT
        if phase is Phase.DRAW_REVEAL and not state.draw_unseen:  # a card of the reshuffled pile
            known = state.draw_known
            return _REVEALS[KIND_INDEX[known[rng.randrange(len(known))]]]
        if phase in _CHANCE_PHASES:  # a card nobody has seen
            return draw_by_counts(_REVEALS, state.unseen, rng)
        return super().sample_chance(state, rng)

    # -- applying -----------------------------------------------------------------------------
    def apply(self, state: PapagenoState, action: Action) -> PapagenoState:
        phase = state.phase
        if phase is Phase.GAME_OVER:
            raise GameOverError(f"the game is over (round wins {state.round_wins}); no more actions")
        self._check_input(action)
        if phase in _CHANCE_PHASES:
            if not self._is_outcome(state, action):
                raise IllegalActionError(*self._why_not_chance(state, action))
        elif not self._is_legal(state, action):
            raise IllegalActionError(*self._why_not(state, action))
        return self._advance(state, action)

    def apply_trusted(self, state: PapagenoState, action: Action) -> PapagenoState:
        """:meth:`apply` without checking ``action`` again: it comes from ``legal_actions``
        or ``sample_chance`` of ``state`` (search's playouts; see :meth:`Game.apply_trusted`)."""
        return self._advance(state, action)

    def _advance(self, state: PapagenoState, action: Action) -> PapagenoState:
        """The state after ``action``, which is known to be legal here."""
        if type(action) is NextRound:
            return self._next_round(state)
        d = _Draft(state)
        self._step(d, action)
        return d.freeze()

    def _step(self, d: _Draft, action: Action) -> None:
        """Carry out ``action`` (not :class:`NextRound`), legal in the position ``d``
        holds, on ``d`` itself."""
        kind = type(action)
        if kind is Reveal:
            self._reveal(d, action.card)  # type: ignore[union-attr]
        elif kind is Swap:
            self._swap(d, action.pos)  # type: ignore[union-attr]
        elif kind is Draw:
            self._draw(d)
        elif kind is TakeDiscard:
            d.phase = Phase.PLACE
            d.hand = d.discard[-1]
            d.discard = d.discard[:-1]
            d.hand_drawn = False
        elif kind is DiscardDrawn:
            d.discard = (*d.discard, d.hand)  # type: ignore[arg-type]
            self._end_turn(d)
        elif kind is TurnUp:
            d.phase = Phase.OPENING_REVEAL
            d.pos = action.pos  # type: ignore[union-attr]
        elif kind is CaptureSwap:
            assert isinstance(action, CaptureSwap)
            me, other = d.actor, action.other
            a, b = d.grids[me][action.mine], d.grids[other][action.theirs]
            d.grids = _set_grid(_set_grid(d.grids, me, action.mine, b), other, action.theirs, a)
            self._end_turn(d)
        else:  # Decline
            self._end_turn(d)

    def random_playout(self, state: PapagenoState, rng: random.Random) -> tuple[float, ...]:
        """:meth:`Game.random_playout` on one mutable draft (a new one each round): the
        same draws from ``rng`` and the same returns, faster.

        No state is built per step; the two phases of an ordinary turn draw the index
        of :meth:`legal_actions`'s list without building it (TURN: draw, then take;
        PLACE: the six swaps, then discarding a drawn card), and a card is revealed as
        :meth:`sample_chance` draws it (one index below the cards it may be).
        """
        below = index_drawer(rng)
        d = _Draft(state)
        view = cast(PapagenoState, d)  # the rules read a draft as a state (the same fields)
        turn, place, over, next_round = Phase.TURN, Phase.PLACE, Phase.GAME_OVER, Phase.ROUND_OVER
        draw_reveal = Phase.DRAW_REVEAL
        swaps = len(_SWAPS)
        while True:
            phase = d.phase
            if phase is turn:  # [Draw if the pile or the discards allow, TakeDiscard if a discard]
                can_draw = bool(d.draw_unseen or d.draw_known or len(d.discard) >= 2)
                i = below(can_draw + bool(d.discard))
                if can_draw and i == 0:
                    self._draw(d)
                else:
                    self._step(d, _TAKE)
            elif phase is place:  # [the six swaps, DiscardDrawn if the card was drawn]
                i = below(swaps + 1 if d.hand_drawn else swaps)
                if i < swaps:
                    self._swap(d, i)
                else:
                    self._step(d, _DISCARD)
            elif phase is over:
                return self.returns(view)
            elif phase is next_round:
                d = _Draft(self._next_round(view))
                view = cast(PapagenoState, d)
            elif phase is draw_reveal and not d.draw_unseen:  # a card of the reshuffled pile
                known = d.draw_known
                self._reveal(d, known[below(len(known))])
            elif phase in _CHANCE_PHASES:  # a card nobody has seen: index r of the unseen cards
                unseen = d.unseen
                r = below(sum(unseen))
                k = 0
                while r >= unseen[k]:  # the kinds own consecutive ranges as long as their counts
                    r -= unseen[k]
                    k += 1
                self._reveal(d, KINDS[k])
            else:  # OPENING, CAPTURE
                legal = self.legal_actions(view)
                self._step(d, legal[below(len(legal))])

    def _check_input(self, action: Action) -> None:
        """Strict inputs: a Papageno action whose fields have their types and ranges.

        Raises:
            InvalidActionError: not an action, a field of the wrong type, a position
                outside 0 … 5, a seat that does not exist or a card kind that does not.
        """
        check_action(action, _ACTION_TYPES, "Papageno")
        if type(action) is TurnUp or type(action) is Swap:
            positions: tuple[int, ...] = (action.pos,)
        elif type(action) is CaptureSwap:
            positions = (action.mine, action.theirs)
            if not 0 <= action.other < self.num_players:
                raise InvalidActionError(f"{action!r}: there is no player {action.other}")
        elif type(action) is Reveal:
            if action.card not in KIND_INDEX:
                raise InvalidActionError(f"{action!r}: there is no card {action.card!r} (cards: {', '.join(KINDS)})")
            return
        else:
            return
        if not all(0 <= p < AREA_SIZE for p in positions):
            raise InvalidActionError(f"{action!r}: positions are 0 to {AREA_SIZE - 1}")

    def _is_legal(self, state: PapagenoState, action: Action) -> bool:
        """Whether ``action`` is in ``legal_actions(state)``.

        The phases of an ordinary turn answer without building the list and comparing
        ``action`` with each entry (exactly the entries :meth:`legal_actions` lists:
        an action equals an entry only if it is of the same class with equal fields);
        the rarer phases use the list itself.
        """
        phase = state.phase
        if phase is Phase.TURN:
            if type(action) is Draw:
                return bool(state.draw_unseen or state.draw_known or len(state.discard) >= 2)
            return type(action) is TakeDiscard and bool(state.discard)
        if phase is Phase.PLACE:
            if type(action) is Swap:
                return action.pos in range(AREA_SIZE)
            return type(action) is DiscardDrawn and state.hand_drawn
        return action in self.legal_actions(state)

    def _is_outcome(self, state: PapagenoState, action: Action) -> bool:
        """Whether ``action`` is among ``chance_outcomes(state)`` (without building them)."""
        if state.phase is Phase.ROUND_OVER:
            return isinstance(action, NextRound)
        if not isinstance(action, Reveal) or action.card not in KIND_INDEX:
            return False
        if state.phase is Phase.DRAW_REVEAL and not state.draw_unseen:
            return action.card in state.draw_known
        return state.unseen[KIND_INDEX[action.card]] > 0

    def _why_not_chance(self, state: PapagenoState, action: Action) -> tuple[str, str]:
        if not isinstance(action, Reveal | NextRound):
            return "PA-T1", f"chance acts now ({state.phase.value}); {action} is a player's action"
        if isinstance(action, Reveal) and state.phase is Phase.DRAW_REVEAL and not state.draw_unseen:
            return "PA-S3", f"the reshuffled draw pile holds no {card_name(action.card)} (it has {state.draw_known})"
        return "PA-S1", f"{action} is not a possible outcome now: no such card is left unseen"

    def _why_not(self, state: PapagenoState, action: Action) -> tuple[str, str]:
        phase, who = state.phase, f"player {state.actor}"
        if isinstance(action, Reveal | NextRound):
            return "PA-T1", f"{action} is a chance outcome, but {who} is to act ({phase.value})"
        if phase is Phase.OPENING:
            if isinstance(action, TurnUp):
                return "PA-S2", f"{who}'s {POSITION_NAMES[action.pos]} card is already face up"
            return "PA-S2", f"{who} must first turn up one of their own cards, not {action}"
        if phase is Phase.TURN:
            if isinstance(action, Draw):
                return "PA-S3", "the draw pile is empty and there are no discards to reshuffle"
            return "PA-T1", f"{who} must first draw or take the top discard, not {action}"
        if phase is Phase.PLACE:
            if isinstance(action, DiscardDrawn):
                return (
                    "PA-T2",
                    f"{who} took the {card_name(state.hand or '?')} from the discard pile: it must be swapped in",
                )
            return "PA-T1", f"{who} holds a card and must swap it for one of their six cards, not {action}"
        if phase is Phase.CAPTURE:
            if isinstance(action, CaptureSwap):
                me = state.actor
                if action.mine == state.pos:
                    return "PA-X1", f"the Capture card just played at {POSITION_NAMES[state.pos]} may not be given away"
                if action.other == me or not 0 <= action.other < self.num_players:
                    return "PA-X1", f"a Capture swaps with an opponent's card, not with player {action.other}"
                if state.grids[me][action.mine] is None or state.grids[action.other][action.theirs] is None:
                    return "PA-X1", "a Capture swaps two face-up cards only"
            return "PA-X1", f"{who} may use the Capture (swap two face-up cards) or decline, not {action}"
        return "PA-T1", f"{action} is not possible now ({phase.value})"

    def _draw(self, d: _Draft) -> None:
        """PA-T1 draw; PA-S3 reshuffle the discards (top card stays) if the pile is empty."""
        if not d.draw_unseen and not d.draw_known:
            d.draw_known = sorted_cards(d.discard[:-1])
            d.discard = d.discard[-1:]
        d.phase = Phase.DRAW_REVEAL

    def _reveal(self, d: _Draft, card: str) -> None:
        """The card being seen turns out to be ``card``: carry on where the chance node was."""
        phase = d.phase
        if phase is Phase.DRAW_REVEAL:
            d.phase = Phase.PLACE
            d.hand = card
            d.hand_drawn = True
            if d.draw_unseen:
                d.hand_from_known = False
                d.draw_unseen -= 1
                d.unseen = _take(d.unseen, card)
            else:
                d.hand_from_known = True
                d.draw_known = _remove_one(d.draw_known, card)
            return
        d.unseen = _take(d.unseen, card)
        if phase is Phase.DEAL:  # PA-S3: the top card of the draw pile starts the discard pile
            d.phase = Phase.OPENING
            d.discard = (card,)
            d.draw_unseen -= 1
        elif phase is Phase.OPENING_REVEAL:  # PA-S2
            d.grids = _set_grid(d.grids, d.actor, d.pos, card)
            nxt = (d.actor + 1) % self.num_players
            d.phase = Phase.TURN if nxt == d.first_player else Phase.OPENING
            d.actor = nxt
            d.pos = -1
        elif phase is Phase.SWAP_REVEAL:  # PA-T1: the swapped-out card goes face up
            self._after_swap(d, card)
        elif phase is Phase.FLUTE_REVEAL:  # PA-X2: the replaced card travels on
            self._flute_chain(d, card, (d.receiver + 1) % self.num_players)
        else:
            assert phase is Phase.END_REVEAL
            player, pos = self._next_face_down(d.grids, d.ender)
            d.grids = _set_grid(d.grids, player, pos, card)
            self._reveal_rest(d)

    def _swap(self, d: _Draft, pos: int) -> None:
        """PA-T1/PA-T4: the held card goes face up exactly where the replaced card lay."""
        me = d.actor
        old = d.grids[me][pos]
        d.grids = _set_grid(d.grids, me, pos, d.hand)
        d.hand = None
        d.hand_drawn = False
        d.hand_from_known = False
        d.pos = pos
        if old is None:  # PA-T3: nobody has seen it; it is turned up as it leaves
            d.phase = Phase.SWAP_REVEAL
            return
        self._after_swap(d, old)

    def _after_swap(self, d: _Draft, old: str) -> None:
        """The swapped-in card is placed by the active player's own swap, so it activates (PA-X3)."""
        placed = d.grids[d.actor][d.pos]
        if placed == FLUTE:  # PA-X2
            self._flute_chain(d, old, (d.actor + 1) % self.num_players)
            return
        d.discard = (*d.discard, old)
        if placed == CAPTURE:  # PA-X1 (optional; offered only when some swap is possible)
            d.phase = Phase.CAPTURE
            if self._can_capture(d.grids, d.actor, d.pos):
                return
        self._end_turn(d)

    def _flute_chain(self, d: _Draft, card: str, receiver: int) -> None:
        """PA-X2: ``card`` goes to ``receiver``'s same position; the replaced card travels on left.

        Cards arriving this way never activate (PA-X3). The card coming back round to the
        active player (from their right neighbour) is discarded.
        """
        pos, grids = d.pos, d.grids
        while receiver != d.actor:
            old = grids[receiver][pos]
            grids = _set_grid(grids, receiver, pos, card)
            if old is None:
                d.phase = Phase.FLUTE_REVEAL
                d.grids = grids
                d.travelling = None
                d.receiver = receiver
                return
            card = old
            receiver = (receiver + 1) % self.num_players
        d.grids = grids
        d.discard = (*d.discard, card)
        d.travelling = None
        self._end_turn(d)

    def _end_turn(self, d: _Draft) -> None:
        """Pass the turn left, or end the round: someone has six face-up cards (PA-E1), or
        this was the round's last turn (``max_turns_per_round``, see the module docstring)."""
        d.hand = None
        d.hand_drawn = False
        d.hand_from_known = False
        d.pos = -1
        d.travelling = None
        d.receiver = -1
        d.turns += 1
        if d.turns >= self.max_turns_per_round or any(None not in grid for grid in d.grids):
            d.ender = d.actor
            self._reveal_rest(d)
            return
        d.phase = Phase.TURN
        d.actor = (d.actor + 1) % self.num_players

    def _next_face_down(self, grids: tuple[Grid, ...], ender: int) -> tuple[int, int]:
        """PA-E1: the next card the others turn up, clockwise from the player who ended the round."""
        n = self.num_players
        for k in range(1, n + 1):
            p = (ender + k) % n
            for pos, c in enumerate(grids[p]):
                if c is None:
                    return p, pos
        raise AssertionError("no face-down card left")

    def _reveal_rest(self, d: _Draft) -> None:
        """PA-E1: the others turn their cards up one by one (chance), then the round is scored."""
        if any(None in grid for grid in d.grids):
            d.phase = Phase.END_REVEAL
            return
        self._score(d)

    def _score(self, d: _Draft) -> None:
        """PA-E2/PA-E3: score every area; the lowest totals each win the round."""
        totals = tuple(score_area(grid, self.deck).total for grid in d.grids)  # type: ignore[arg-type]
        low = min(totals)
        wins = tuple(w + (t == low) for w, t in zip(d.round_wins, totals, strict=True))
        over = max(wins) >= self.rounds_to_win
        d.phase = Phase.GAME_OVER if over else Phase.ROUND_OVER
        d.round_wins = wins
        d.last_scores = totals

    def _next_round(self, state: PapagenoState) -> PapagenoState:
        first = next_starter(state.last_scores, state.first_player)
        return self._fresh_round(state.round + 1, first, state.round_wins, state.last_scores)

    # -- results ------------------------------------------------------------------------------
    def scores(self, state: PapagenoState) -> tuple[AreaScore, ...]:
        """Each player's explained score (PA-E2); needs every card face up.

        Raises:
            ValueError: some card is still face down.
        """
        return tuple(score_area(grid, self.deck) for grid in state.grids)  # type: ignore[arg-type]

    def round_winners(self, state: PapagenoState) -> tuple[int, ...]:
        """The players with the lowest total in the last finished round (PA-E3; ties share)."""
        if not state.last_scores:
            return ()
        low = min(state.last_scores)
        return tuple(p for p, t in enumerate(state.last_scores) if t == low)

    def returns(self, state: PapagenoState) -> tuple[float, ...]:
        n = self.num_players
        if state.phase is not Phase.GAME_OVER:
            return (0.0,) * n
        best = max(state.round_wins)
        winners = [p for p in range(n) if state.round_wins[p] == best]
        return tuple(1.0 / len(winners) if p in winners else 0.0 for p in range(n))

    # -- hidden information -------------------------------------------------------------------
    def hidden_variants(self, state: PapagenoState, player: int, rng: random.Random) -> list[PapagenoState]:
        """States that differ from ``state`` only in what ``player`` cannot see (for the
        conformance suite's leak check, :mod:`boardgames_widgets.testing`).

        The one secret of a Papageno state is the card another player drew (PA-T1): each
        variant holds instead another card it could have been — another kind of the
        unseen cards, or of the known draw pile after a reshuffle (PA-S3) — with the
        counts it came from adjusted. Face-down cards hold no identity (``None``), so
        nothing else can change. Every variant, in ``KINDS`` order (``rng`` is unused:
        there are at most as many as card kinds).
        """
        hand = state.hand
        if hand is None or self.hand_visible_to(state, player):
            return []
        out = []
        if state.hand_from_known:
            for card in sorted(set(state.draw_known) - {hand}, key=KIND_INDEX.__getitem__):
                known = sorted_cards((*_remove_one(state.draw_known, card), hand))
                out.append(replace(state, hand=card, draw_known=known))
        else:
            for card in sorted(set(cards_from_counts(state.unseen)) - {hand}, key=KIND_INDEX.__getitem__):
                unseen = list(_take(state.unseen, card))
                unseen[KIND_INDEX[hand]] += 1
                out.append(replace(state, hand=card, unseen=tuple(unseen)))
        return out

    def hand_visible_to(self, state: PapagenoState, player: int) -> bool:
        """Whether ``player`` may see the held card: always, unless another player drew it (PA-T1)."""
        return not state.hand_drawn or player == state.actor

    def observation(self, state: PapagenoState, player: int) -> PapagenoObservation:
        """What ``player`` knows: all face-up cards, the discards, pile sizes; their own drawn card.

        Raises:
            ValueError: ``player`` is not a seat.
        """
        check_seat(player, self.num_players)
        hand, unseen, known = state.hand, state.unseen, state.draw_known
        hidden = state.hand is not None and not self.hand_visible_to(state, player)
        if hidden:
            assert state.hand is not None
            if state.hand_from_known:
                known = sorted_cards((*known, state.hand))
            else:
                i = KIND_INDEX[state.hand]
                unseen = (*unseen[:i], unseen[i] + 1, *unseen[i + 1 :])
            hand = None
        return PapagenoObservation(
            player=player,
            phase=state.phase,
            grids=state.grids,
            discard=state.discard,
            draw_pile_size=state.draw_unseen + len(state.draw_known),
            draw_known=known,
            unseen=unseen,
            actor=state.actor,
            hand=hand,
            hand_hidden=hidden,
            hand_drawn=state.hand_drawn,
            hand_from_known=state.hand_from_known,
            pos=state.pos,
            travelling=state.travelling,
            receiver=state.receiver,
            round=state.round,
            first_player=state.first_player,
            round_wins=state.round_wins,
            last_scores=state.last_scores,
            ender=state.ender,
            turns=state.turns,
        )

    def possible_deal(self, state: PapagenoState, rng: random.Random) -> tuple[Grid, ...]:
        """Every area with each face-down card given an identity, for the teacher's picture.

        The identities are a uniformly random assignment of the unseen cards to the
        face-down places — exactly the chances the game itself uses when it turns them up.
        The state is not changed: a later chance node may reveal something else.

        >>> game = Papageno(2)
        >>> grids = game.possible_deal(game.new_initial_state(), random.Random(0))
        >>> sum(c is None for g in grids for c in g)
        0
        """
        pool = list(cards_from_counts(state.unseen))
        rng.shuffle(pool)
        cards = iter(pool)
        return tuple(tuple(c if c is not None else next(cards) for c in g) for g in state.grids)

    def sample_state(self, obs: PapagenoObservation, rng: random.Random) -> PapagenoState:
        """A full state consistent with ``obs``, drawn with its exact probability (for ISMCTS).

        The state leaves unseen cards undecided (they are dealt by chance nodes when
        seen), so the only thing to deal is a card another player is holding after a
        draw: it is drawn uniformly from the cards it could be (the observer's unseen
        pool, or the reshuffled pile it came from).

        Raises:
            ValueError: ``obs`` is not an observation of this game.
        """
        if not isinstance(obs, PapagenoObservation) or obs.num_players != self.num_players:
            raise ValueError("not an observation of this Papageno game")
        hand, unseen, known = obs.hand, obs.unseen, obs.draw_known
        if obs.hand_hidden:
            if obs.hand_from_known:
                hand = known[rng.randrange(len(known))]
                known = _remove_one(known, hand)
            else:
                pool = cards_from_counts(unseen)
                hand = pool[rng.randrange(len(pool))]
                unseen = _take(unseen, hand)
        draw_unseen = obs.draw_pile_size - len(known)
        state = PapagenoState(
            phase=obs.phase,
            grids=obs.grids,
            discard=obs.discard,
            draw_unseen=draw_unseen,
            draw_known=known,
            unseen=unseen,
            actor=obs.actor,
            hand=hand,
            hand_drawn=obs.hand_drawn,
            hand_from_known=obs.hand_from_known,
            pos=obs.pos,
            travelling=obs.travelling,
            receiver=obs.receiver,
            round=obs.round,
            first_player=obs.first_player,
            round_wins=obs.round_wins,
            last_scores=obs.last_scores,
            ender=obs.ender,
            turns=obs.turns,
        )
        self.validate_state(state)
        return state

    # -- text -----------------------------------------------------------------------------------
    def parse_action(self, text: str) -> Action:
        check_action_text(text)
        t = " ".join(text.strip().split())
        action = _FIXED_TEXT.get(t)
        if action is not None:
            return action
        m = _CAPTURE_RE.fullmatch(t)
        if m:
            return CaptureSwap(POSITION_INDEX[m.group(1)], int(m.group(2)), POSITION_INDEX[m.group(3)])
        raise InvalidActionError(
            f"{text!r} is not a Papageno action (try 'draw', 'take discard', 'swap top-left', 'discard', "
            "'turn up bottom-right', 'capture top-left for p1 top-right', 'decline', 'reveal 7')"
        )

    def describe(self, state: PapagenoState) -> str:
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
        elif phase is Phase.END_REVEAL and state.turns >= self.max_turns_per_round and None in state.grids[state.ender]:
            what = f"round over (the turn limit, {state.turns} turns, is reached): everyone turns their cards up"
        elif phase is Phase.END_REVEAL:
            what = f"round over (player {state.ender} has six cards face up): the others turn their cards up"
        else:
            scores = ", ".join(f"p{i} {t}" for i, t in enumerate(state.last_scores))
            winners = " and ".join(f"player {w}" for w in self.round_winners(state))
            if phase is Phase.ROUND_OVER:
                what = f"round {state.round} scores {scores}; won by {winners}"
            else:
                champs = [i for i, r in enumerate(self.returns(state)) if r > 0]
                what = f"game over, scores {scores}; {' and '.join(f'player {c}' for c in champs)} won the game"
        return f"{head}: {what}"

    def state_svg(
        self,
        state: PapagenoState,
        seat: int | None = None,
        deal_rng: random.Random | None = None,
        *,
        bare: bool = False,
    ) -> str:
        """An SVG picture from ``seat``, or the teacher view (``seat=None``), drawn by the view.

        With ``deal_rng`` the teacher view also shows a :meth:`possible_deal` of the
        face-down cards (veiled, marked "?"): what nobody knows yet, made visible.
        ``bare`` draws the state alone, without this game's status line and score marks
        (a state's ``_repr_svg_``: a state does not know its game's deck).

        Raises:
            ValueError: ``deal_rng`` given for a player's view.
        """
        from boardgames_widgets.core.painter import board_view

        deal = None if deal_rng is None else self.possible_deal(state, deal_rng)
        view: Any = board_view(self)
        return str(view.state_svg(state, seat, deal=deal, bare=bare))

    # -- loading ------------------------------------------------------------------------------
    def validate_state(self, state: PapagenoState) -> None:
        """Check the invariants of a loaded state (card conservation, shapes, phases).

        Raises:
            ValueError: the state breaks an invariant; the message says which.
        """
        n = self.num_players

        def bad(msg: str) -> ValueError:
            return ValueError(f"invalid Papageno state: {msg}")

        if not isinstance(state, PapagenoState):
            raise bad(f"expected PapagenoState, got {type(state).__name__}")
        if len(state.grids) != n or any(len(g) != AREA_SIZE for g in state.grids):
            raise bad(f"expected {n} areas of {AREA_SIZE} positions")
        seen: list[str] = [c for g in state.grids for c in g if c is not None]
        seen += [*state.discard, *state.draw_known]
        seen += [c for c in (state.hand, state.travelling) if c is not None]
        for c in seen:
            if c not in KIND_INDEX:
                raise bad(f"unknown card {c!r}")
        if list(state.draw_known) != list(sorted_cards(state.draw_known)):
            raise bad("draw_known must be sorted in KINDS order")
        if len(state.unseen) != len(KINDS) or min(state.unseen) < 0 or state.draw_unseen < 0:
            raise bad("unseen counts must be one non-negative number per kind")
        seen_counts = Counter(seen)
        for k, total, u in zip(KINDS, self.counts, state.unseen, strict=True):
            if seen_counts[k] + u != total:
                raise bad(f"{total} {card_name(k)} cards in the deck, but {seen_counts[k]} seen and {u} unseen")
        face_down = sum(c is None for g in state.grids for c in g)
        if state.phase in (Phase.SWAP_REVEAL, Phase.FLUTE_REVEAL):
            face_down += 1  # the card being turned up has left its place but is not seen yet
        if sum(state.unseen) != face_down + state.draw_unseen:
            raise bad(
                f"{sum(state.unseen)} unseen cards, but {face_down} face down and {state.draw_unseen} in the pile"
            )
        if state.draw_unseen and state.draw_known:
            raise bad("the draw pile is either as dealt or reshuffled, not both")
        for name in ("actor", "first_player"):
            if not 0 <= getattr(state, name) < n:
                raise bad(f"{name} must be a seat 0..{n - 1}")
        if len(state.round_wins) != n or (state.last_scores and len(state.last_scores) != n):
            raise bad("round_wins and last_scores need one entry per player")
        if state.round < 1 or sum(state.round_wins) < state.round - 1:
            raise bad(f"round {state.round} with round wins {state.round_wins}")
        needs_hand = state.phase is Phase.PLACE
        if (state.hand is not None) != needs_hand:
            raise bad(f"a card is held exactly in the place phase, not in {state.phase.value}")
        if state.hand_drawn != (needs_hand and state.hand_drawn) or (state.hand_from_known and not state.hand_drawn):
            raise bad("hand_drawn / hand_from_known set without a drawn card")
        if state.phase in (Phase.OPENING_REVEAL, Phase.SWAP_REVEAL, Phase.FLUTE_REVEAL, Phase.CAPTURE):
            if not 0 <= state.pos < AREA_SIZE:
                raise bad(f"{state.phase.value} needs a position")
        elif state.pos != -1:
            raise bad(f"no position belongs to the {state.phase.value} phase")
        cell_owner = state.receiver if state.phase is Phase.FLUTE_REVEAL else state.actor
        if state.phase in (Phase.OPENING_REVEAL, Phase.SWAP_REVEAL, Phase.FLUTE_REVEAL):
            if state.phase is Phase.FLUTE_REVEAL and not 0 <= state.receiver < n:
                raise bad("a Pan Flute reveal needs a receiver")
            if state.phase is Phase.OPENING_REVEAL and state.grids[cell_owner][state.pos] is not None:
                raise bad("the card to turn up is already face up")
        if state.phase is Phase.CAPTURE and state.grids[state.actor][state.pos] != CAPTURE:
            raise bad("the capture phase needs the Capture card just placed at pos")
        finished = state.phase in (Phase.END_REVEAL, Phase.ROUND_OVER, Phase.GAME_OVER)
        if finished and not 0 <= state.ender < n:
            raise bad("a finished round needs the player who ended it")
        limit = self.max_turns_per_round
        if not 0 <= state.turns <= limit:
            raise bad(f"turns must be 0..{limit} (max_turns_per_round), not {state.turns}")
        if state.turns == limit and not finished:
            raise bad(f"the round has had its {limit} turns (max_turns_per_round) but is in {state.phase.value}")
        if state.turns and state.phase in (Phase.DEAL, Phase.OPENING, Phase.OPENING_REVEAL):
            raise bad(f"{state.turns} turns played before the opening ({state.phase.value}) is over")
        if state.phase in (Phase.ROUND_OVER, Phase.GAME_OVER) and any(None in g for g in state.grids):
            raise bad("a scored round has every card face up")
        if state.phase is Phase.GAME_OVER and max(state.round_wins) < self.rounds_to_win:
            raise bad("game over before anyone won enough rounds")
        over = state.phase is Phase.GAME_OVER
        if not all(0 <= w <= (self.rounds_to_win if over else self.rounds_to_win - 1) for w in state.round_wins):
            raise bad(f"round wins must be 0..{self.rounds_to_win} (rounds_to_win), not {state.round_wins}")
        heaviest = AREA_SIZE * max(abs(w) for w in (*BIRD_WEIGHTS, self.deck.capture_weight, self.deck.flute_weight))
        if any(not -heaviest <= t <= heaviest for t in state.last_scores):
            raise bad(f"a round total is between -{heaviest} and {heaviest}")
        if state.travelling is not None:
            raise bad("a Pan Flute card travels within one action only")
        if (state.phase is Phase.FLUTE_REVEAL) != (state.receiver != -1) or state.receiver == state.actor:
            raise bad("receiver is the player a Pan Flute card reaches (flute reveal only), never the actor")
        if not finished and state.ender != -1:
            raise bad("ender belongs to a finished round only")
        if state.phase is Phase.DEAL and any(c is not None for g in state.grids for c in g):
            raise bad("every card lies face down before the deal (PA-S2)")
