"""Chop Chop's actions: placing the cat, the die, a tile turned over, a move, a jump, a
decline, a pass and the fork's cheese (RULES.md §1).

Every action is a small frozen dataclass whose ``str`` is the text a record stores and
:meth:`~boardgames_widgets.games.chop_chop.rules.ChopChop.parse_action` reads back.
"""

from __future__ import annotations

from dataclasses import dataclass

from boardgames_widgets.games.chop_chop.layout import TILES, Coord, Tile

#: The piece id of the cat in actions (mice are 0 … 3).
CAT = -1


def _piece_name(piece: int) -> str:
    return "cat" if piece == CAT else f"mouse {piece}"


def _coord_text(rc: Coord) -> str:
    return f"({rc[0]},{rc[1]})"


@dataclass(frozen=True, slots=True)
class PlaceCat:
    """The cat player puts the cat on a table-top square (CC-S3).

    >>> str(PlaceCat((2, 3)))
    'cat starts at (2,3)'
    """

    at: Coord

    def __str__(self) -> str:
        return f"cat starts at {_coord_text(self.at)}"


@dataclass(frozen=True, slots=True)
class Roll:
    """Chance outcome: the die of the side to move shows ``value``.

    >>> str(Roll(3))
    'roll 3'
    """

    value: int

    def __str__(self) -> str:
        return f"roll {self.value}"


@dataclass(frozen=True, slots=True)
class Reveal:
    """Chance outcome: the face-down tile just reached turns out to be ``tile`` (CC-T0).

    >>> str(Reveal(Tile.CHEESE))
    'reveal cheese'
    """

    tile: Tile

    def __str__(self) -> str:
        return f"reveal {self.tile.value}"


#: One ``Reveal`` per tile kind, in ``TILES`` order (made once).
_REVEALS: tuple[Reveal, ...] = tuple(Reveal(t) for t in TILES)


@dataclass(frozen=True, slots=True)
class Move:
    """Move ``piece`` (``CAT`` or a mouse number) to ``to``, arriving from ``via``.

    One action stands for every path with that piece, landing square and last
    square left; the engine keeps a representative path (CC-M1 … CC-M4, CC-T3).

    >>> str(Move(2, (-1, 3), (0, 3)))
    'mouse 2 to (-1,3) via (0,3)'
    """

    piece: int
    to: Coord
    via: Coord

    def __str__(self) -> str:
        return f"{_piece_name(self.piece)} to {_coord_text(self.to)} via {_coord_text(self.via)}"


@dataclass(frozen=True, slots=True)
class Jump:
    """Arrow: ``piece`` jumps to any allowed square (CC-T4).

    >>> str(Jump(CAT, (4, 5)))
    'cat jumps to (4,5)'
    """

    piece: int
    to: Coord

    def __str__(self) -> str:
        return f"{_piece_name(self.piece)} jumps to {_coord_text(self.to)}"


@dataclass(frozen=True, slots=True)
class Decline:
    """Do not use an optional tile (+1/+2 extra steps, the arrow's jump)."""

    def __str__(self) -> str:
        return "decline"


@dataclass(frozen=True, slots=True)
class Pass:
    """No move of exactly the rolled length exists: the turn passes (CC-M10)."""

    def __str__(self) -> str:
        return "pass"


#: The one ``Decline`` and the one ``Pass`` the legal actions hand out (made once, so that
#: whoever numbers actions by identity, as the OpenSpiel adapter does, knows them at once).
DECLINE = Decline()
PASS = Pass()

#: Every ``Jump`` the legal actions have handed out, by piece and square (at most pieces × cells).
_JUMPS: dict[tuple[int, Coord], Jump] = {}


def jump(piece: int, to: Coord) -> Jump:
    """The arrow's jump of ``piece`` to ``to``, made once and handed out again after that.

    >>> jump(CAT, (4, 5)) is jump(CAT, (4, 5))
    True
    """
    made = _JUMPS.get((piece, to))
    if made is None:
        made = _JUMPS[piece, to] = Jump(piece, to)
    return made


@dataclass(frozen=True, slots=True)
class TakeCheese:
    """Fork: the mice take the uncovered cheese at ``at`` without moving (CC-T5).

    >>> str(TakeCheese((1, 2)))
    'fork takes (1,2)'
    """

    at: Coord

    def __str__(self) -> str:
        return f"fork takes {_coord_text(self.at)}"


Action = PlaceCat | Roll | Reveal | Move | Jump | Decline | Pass | TakeCheese
_ACTION_TYPES = (PlaceCat, Roll, Reveal, Move, Jump, Decline, Pass, TakeCheese)
