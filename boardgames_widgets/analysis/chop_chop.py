"""Chop Chop questions answered exactly: where can a piece go, and what tile comes next?

* :func:`enumerate_paths` — every path of exactly ``steps`` a piece may walk, found by
  the rules' own depth-first search (:func:`~boardgames_widgets.games.chop_chop.paths.search_paths`,
  the one the lessons show): orthogonal steps (CC-M1), exact length (CC-M2), never
  through another piece or uncovered cheese (CC-M3, CC-T2), never twice on a square
  (CC-M4), the table's layers (CC-M5, CC-M6) and the holes (CC-M8).
* :func:`reachable` — every landing square with the number of distinct paths to it.
* :func:`next_tile_distribution` — the exact probability of each face for the next
  tile turned over: the tiles still face down are equally likely to be anywhere.

Pieces are named ``CAT`` (``-1``, or the text ``"cat"``) or a mouse number.
Squares are board coordinates ``(row, col)``.

>>> from boardgames_widgets.games.chop_chop import ChopChop, PlaceCat
>>> game = ChopChop()
>>> state = game.apply(game.new_initial_state(), PlaceCat((2, 3)))
>>> reachable(state, "cat", 2)[(2, 3)]  # never back onto the start (CC-M4)
Traceback (most recent call last):
KeyError: (2, 3)
>>> reachable(state, "cat", 2)[(3, 4)]  # two ways: via (2,4) or via (3,3)
2
>>> next_tile_distribution(state)[Tile.CHEESE]
Fraction(5, 19)
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from functools import cache

from boardgames_widgets.games.chop_chop.layout import TILES, Coord, Tile
from boardgames_widgets.games.chop_chop.paths import self_avoiding_paths
from boardgames_widgets.games.chop_chop.rules import CAT, ChopChop, ChopChopState

Piece = int | str


@cache
def _default_game() -> ChopChop:
    return ChopChop()


def _piece(piece: Piece) -> int:
    if piece == "cat":
        return CAT
    if isinstance(piece, str) and piece.startswith("mouse"):
        return int(piece.removeprefix("mouse").strip())
    if isinstance(piece, int) and not isinstance(piece, bool):
        return piece
    raise ValueError(f"a piece is 'cat', CAT or a mouse number, not {piece!r}")


def enumerate_paths(
    state: ChopChopState,
    piece: Piece,
    steps: int,
    *,
    not_first: Coord | None = None,
    game: ChopChop | None = None,
) -> list[list[Coord]]:
    """Every legal path of exactly ``steps`` for ``piece``, start square included.

    Args:
        state: the position (pieces and uncovered cheese block the way).
        piece: ``"cat"`` / ``CAT`` or a mouse number.
        steps: the number rolled (or the extra steps of a +1/+2 tile).
        not_first: a square the first step may not go to (CC-T3: the square just left).
        game: the game whose board to use (default: the standard kitchen).

    Raises:
        ValueError: an unknown piece.
    """
    game = game or _default_game()
    lay = game.layout
    who = _piece(piece)
    may_pass, may_stop = game.passable(state, who)
    neighbours = lay.cat_nbrs if who == CAT else lay.mouse_nbrs
    forbidden = lay.index.get(not_first, -1) if not_first is not None else -1
    start = game.piece_cell(state, who)
    if start < 0:
        return []
    found = self_avoiding_paths(neighbours, start, steps, may_pass, may_stop, forbidden)
    return [[lay.coords[c] for c in path] for path in found]


def reachable(
    state: ChopChopState, piece: Piece, steps: int, *, not_first: Coord | None = None, game: ChopChop | None = None
) -> dict[Coord, int]:
    """Every square ``piece`` can land on with ``steps``, and how many paths lead there.

    Raises:
        ValueError: an unknown piece.
    """
    ends = Counter(path[-1] for path in enumerate_paths(state, piece, steps, not_first=not_first, game=game))
    return dict(sorted(ends.items()))


def landing_distribution(
    state: ChopChopState, piece: Piece, die: tuple[int, ...] | None = None, *, game: ChopChop | None = None
) -> dict[Coord, Fraction]:
    """P(square is among the landing squares) for one roll of ``die`` — how exposed a
    square is. Defaults to the piece's own die.

    Raises:
        ValueError: an unknown piece.
    """
    game = game or _default_game()
    who = _piece(piece)
    faces = die or (game.cfg.cat_die if who == CAT else game.cfg.mouse_die)
    out: Counter[Coord] = Counter()
    for face in faces:
        for square in reachable(state, who, face, game=game):
            out[square] += 1
    return {sq: Fraction(n, len(faces)) for sq, n in sorted(out.items())}


def next_tile_distribution(state: ChopChopState) -> dict[Tile, Fraction]:
    """The exact distribution of the face of the next tile turned over.

    Every face-down tile is equally likely to be any of the tiles not yet seen, so
    P(kind) = (kind still hidden) / (tiles still hidden). Empty when none is left.
    """
    total = sum(state.hidden)
    return {t: Fraction(n, total) for t, n in zip(TILES, state.hidden, strict=True) if n}
