"""Positions written as small text boards, for tests and lessons.

A board is the kitchen map (one line per row, one-cell border for the holes) with
what lies on each square instead of its kind. Tokens, separated by spaces:

``#``   a face-down tile            ``.``   a bare square (its tile is gone)
``*``   uncovered cheese (CC-T2)    ``C``   the cat (``C*``: on uncovered cheese)
``0``–``9`` a mouse                 ``-``   nothing (outside the kitchen)

Squares under the table are written in brackets: ``[#]``, ``[C]`` (the cat on the
top), ``[2]`` (mouse 2 underneath), ``[C2]`` (both), ``[.]``. In the border, ``o``
is an empty hole and a digit is a mouse hiding in that hole.

>>> from boardgames_widgets.games.chop_chop.rules import ChopChop, PlaceCat
>>> game = ChopChop()
>>> state = board_state(game, '''
... - - - - 0 - - - -
... - - # # # # # - -
... - # # # # # # # -
... - # # [C#] [#] [#] # # 1
... 3 # # [#] [#] [#] # # -
... - # # # # # # # -
... - - # # # # # - -
... - - - - 2 - - - -
... ''')
>>> state == game.apply(game.new_initial_state(), PlaceCat((2, 2)))
True
>>> print(board_text(game, state).splitlines()[3])
- # # [C#] [#] [#] # # 1
"""

from __future__ import annotations

import dataclasses
from typing import Any

from boardgames_widgets.games.chop_chop.layout import TILES, Tile
from boardgames_widgets.games.chop_chop.rules import (
    CAT_SEAT,
    FACE_DOWN,
    NO_TILE,
    UNCOVERED_CHEESE,
    ChopChop,
    ChopChopState,
    Phase,
)

#: The order in which tiles are taken out of the mix when a board has fewer
#: face-down tiles than the mix (cheese already collected is removed first).
_REMOVAL_ORDER: tuple[Tile, ...] = (
    Tile.PLATE,
    Tile.KNIFE,
    Tile.FORK,
    Tile.ARROW,
    Tile.PLUS2,
    Tile.PLUS1,
    Tile.CHEESE,
)


def board_state(
    game: ChopChop,
    text: str,
    *,
    mice_turn: bool = True,
    roll: int = 0,
    cheese: int = 0,
    hidden: dict[Tile, int] | None = None,
    holes_up: tuple[bool, ...] | None = None,
    **changes: Any,
) -> ChopChopState:
    """The state drawn in ``text`` (see the module docstring).

    Args:
        game: the game (its layout must match the board's shape).
        text: the board.
        mice_turn: whose turn it is (mouse player 1 or the cat player).
        roll: the die already rolled (the MOVE phase); 0 for the ROLL phase.
        cheese: the mice's cheese.
        hidden: the face-down tiles by kind; by default the mix minus the cheese
            already out, then minus plates, knives, forks, … until it fits.
        holes_up: per hole; by default a hole is up unless its own mouse sits in it.
        **changes: any other :class:`ChopChopState` field.

    Raises:
        ValueError: the board does not fit the game's layout, or the state is invalid.
    """
    lay = game.layout
    rows = [line.split() for line in text.strip("\n").splitlines() if line.strip()]
    nf = lay.n_floor
    tiles = [NO_TILE] * nf
    mice = [-1] * lay.n_holes
    cat = -1
    seen: set[int] = set()
    for mr, row in enumerate(rows):
        for mc, tok in enumerate(row):
            if tok == "-":
                continue
            rc = (mr - 1, mc - 1)
            cell = lay.index.get(rc)
            if cell is None:
                raise ValueError(f"board: {tok!r} at {rc} is not a square or hole of the layout")
            seen.add(cell)
            if cell >= nf:
                if tok.isdigit():
                    mice[int(tok)] = cell
                elif tok != "o":
                    raise ValueError(f"board: hole {rc} must be 'o' or a mouse digit, not {tok!r}")
                continue
            bracketed = tok.startswith("[") and tok.endswith("]")
            if bracketed != lay.table[cell]:
                raise ValueError(
                    f"board: {rc} {'is' if lay.table[cell] else 'is not'} under the table: write {tok!r} accordingly"
                )
            body = tok[1:-1] if bracketed else tok
            if body.startswith("C"):
                if cat >= 0:
                    raise ValueError("board: there is only one cat")
                cat = cell
                body = body[1:] or "."
            if body.isdigit():
                mice[int(body)] = cell
                body = "."
            if body not in ("#", ".", "*"):
                raise ValueError(f"board: unknown token {tok!r} at {rc}")
            tiles[cell] = {"#": FACE_DOWN, ".": NO_TILE, "*": UNCOVERED_CHEESE}[body]
    if len(seen) != lay.n_cells:
        raise ValueError(f"board: {lay.n_cells - len(seen)} squares or holes of the layout are missing")
    mix = dict(zip(TILES, game.cfg.tile_mix, strict=True))
    if hidden is None:
        need = tiles.count(FACE_DOWN)
        left = dict(mix)
        left[Tile.CHEESE] -= cheese + tiles.count(UNCOVERED_CHEESE)
        for kind in _REMOVAL_ORDER:
            excess = sum(left.values()) - need
            left[kind] -= min(max(excess, 0), left[kind])
        hidden = left
    if holes_up is None:
        holes_up = tuple(mice[h] != lay.hole_cell(h) for h in range(lay.n_holes))
    state = ChopChopState(
        phase=Phase.MOVE if roll else Phase.ROLL,
        seat=1 if mice_turn else CAT_SEAT,
        mice_turn=mice_turn,
        cat=cat,
        mice=tuple(mice),
        tiles=tuple(tiles),
        hidden=tuple(hidden.get(t, 0) for t in TILES),
        holes_up=holes_up,
        cheese=cheese,
        carried=False,
        roll=roll,
        mouse=-1,
        last_from=-1,
        path=(),
        lock=-1,
        cat_skip=False,
        mice_skip=False,
        next_mouse_seat=(2 if game.num_players > 2 else 1) if mice_turn else 1,
        turns=0,
        winner=-1,
    )
    state = dataclasses.replace(state, **changes)
    game.validate_state(state)
    return state


def board_text(game: ChopChop, state: ChopChopState) -> str:
    """The text board of ``state`` (the inverse of :func:`board_state`'s board)."""
    lay = game.layout
    nf = lay.n_floor
    grid = [["-"] * (lay.cols + 2) for _ in range(lay.rows + 2)]
    where = {cell: str(m) for m, cell in enumerate(state.mice) if cell >= 0}
    for cell, (r, c) in enumerate(lay.coords):
        if cell >= nf:
            tok = where.get(cell, "o")
        else:
            body = {FACE_DOWN: "#", NO_TILE: ".", UNCOVERED_CHEESE: "*"}[state.tiles[cell]]
            mouse = where.get(cell)
            tok = mouse or body
            if cell == state.cat:  # the cat alone is "C"; over a tile or a mouse "C#", "C2"
                tok = "C" + (mouse or ("" if body == "." else body))
            if lay.table[cell]:
                tok = f"[{tok}]"
        grid[r + 1][c + 1] = tok
    return "\n".join(" ".join(row) for row in grid)
