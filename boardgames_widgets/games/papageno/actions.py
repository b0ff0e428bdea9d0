"""Papageno's actions: what a player or chance can do (RULES.md §3), and their texts.

Every action is a small frozen dataclass whose ``str`` is the text a record stores and
:meth:`~boardgames_widgets.games.papageno.rules.Papageno.parse_action` reads back.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from typing import Generic, TypeVar

from boardgames_widgets.games.papageno.cards import AREA_SIZE, KINDS, MAX_PLAYERS, POSITION_NAMES


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
#: Every capture swap, ``_CAPTURE_SWAPS[mine][other][theirs]``, made once (the legal actions hand out
#: these, so whoever numbers actions by identity, as the OpenSpiel adapter does, knows them at once).
_CAPTURE_SWAPS = tuple(
    tuple(tuple(CaptureSwap(m, o, t) for t in range(AREA_SIZE)) for o in range(MAX_PLAYERS)) for m in range(AREA_SIZE)
)

_T = TypeVar("_T")


class Offers(Generic[_T]):
    """What ``legal_actions`` hands out, by phase: the actions themselves (:data:`ACTIONS`) or
    their numbers in :func:`action_table` (:func:`action_ids`), walked by the same code."""

    __slots__ = ("capture_swaps", "decline", "discard", "draw", "swaps", "take", "turn_ups")

    def __init__(
        self,
        draw: _T,
        take: _T,
        discard: _T,
        decline: _T,
        swaps: tuple[_T, ...],
        turn_ups: tuple[_T, ...],
        capture_swaps: tuple[tuple[tuple[_T, ...], ...], ...],
    ) -> None:
        self.draw, self.take, self.discard, self.decline = draw, take, discard, decline
        self.swaps, self.turn_ups, self.capture_swaps = swaps, turn_ups, capture_swaps


#: The actions ``legal_actions`` hands out, by phase.
ACTIONS: Offers[Action] = Offers(_DRAW, _TAKE, _DISCARD, _DECLINE, _SWAPS, _TURN_UPS, _CAPTURE_SWAPS)


@cache
def action_table(num_players: int) -> tuple[Action, ...]:
    """Every action a player of a ``num_players`` game can ever be offered, in a fixed order
    (``Papageno.action_table``): draw, take, discard, decline, the six swaps, the six
    turn-ups, then ``CaptureSwap(mine, other, theirs)`` by mine, other, theirs."""
    captures = (_CAPTURE_SWAPS[m][o][t] for m in range(AREA_SIZE) for o in range(num_players) for t in range(AREA_SIZE))
    return (_DRAW, _TAKE, _DISCARD, _DECLINE, *_SWAPS, *_TURN_UPS, *captures)


@cache
def action_ids(num_players: int) -> Offers[int]:
    """:data:`ACTIONS` as numbers in :func:`action_table` (``Papageno.legal_action_ids``)."""
    number = {action: i for i, action in enumerate(action_table(num_players))}.__getitem__
    return Offers(
        number(_DRAW),
        number(_TAKE),
        number(_DISCARD),
        number(_DECLINE),
        tuple(map(number, _SWAPS)),
        tuple(map(number, _TURN_UPS)),
        tuple(tuple(tuple(map(number, other)) for other in mine[:num_players]) for mine in _CAPTURE_SWAPS),
    )


_FIXED_ACTIONS: tuple[Action, ...] = (_DRAW, _TAKE, _DISCARD, _DECLINE, _NEXT, *_SWAPS, *_TURN_UPS, *_REVEALS)
_FIXED_TEXT: dict[str, Action] = {str(a): a for a in _FIXED_ACTIONS}
_POS_RE = "|".join(POSITION_NAMES)
_CAPTURE_RE = re.compile(rf"capture ({_POS_RE}) for p(\d) ({_POS_RE})")
