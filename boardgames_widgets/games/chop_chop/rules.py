"""Chop Chop! — cat and mice in the kitchen (RULES.md §1, rules CC-S1 … CC-W5).

Seats: **seat 0 is the cat player**; seats ``1 … n-1`` are the mouse players, who
share the 4 mice (any mouse player may move any mouse, CC-S4). Seat 1 (the
"youngest mouse player") moves first; mouse turns then rotate 1, 2, …, n-1.

A game runs as follows. The cat player first chooses the cat's starting square on
the table top (CC-S3, :class:`PlaceCat`). Then each turn is:

1. a die roll — a chance node (:class:`Roll`, exact probabilities of the die faces);
2. a move (:class:`Move`) of exactly the rolled length (CC-M1 … CC-M9), or
   :class:`Pass` when no move exists (CC-M10);
3. if the piece stops on a face-down tile, the tile's face is drawn — a chance node
   (:class:`Reveal`) over the tiles still face down, weighted by how many of each
   are left (10/38 cheese on the first reveal). Tile identities are never stored
   before they are turned: the state holds only how many of each kind are still
   hidden, so nothing can leak;
4. the tile resolves (CC-T1 … CC-T6). Optional choices are decisions: the extra
   steps of +1/+2 (a :class:`Move` or :class:`Decline`), the arrow's free jump
   (:class:`Jump` or :class:`Decline`), and which uncovered cheese a fork takes
   when there are several (:class:`TakeCheese`).

Moves as actions: a move is a path, but the legal actions are one per distinct
*outcome* — the piece, its landing square and the square it came from (``via``,
which is what CC-T3 needs) — and the engine keeps one representative path for
pictures (``state.path``; :meth:`ChopChop.move_paths` lists them).

Interpretations (documented, see RULES.md §1 for the rule texts):

- The table's two layers are separate: the cat on a table top and a mouse under
  the same square neither block nor catch each other (CC-M5, CC-M6, CC-C1).
  The tile of a table square lies under the table, so only a mouse can turn it;
  the cat stopping on the table top turns nothing.
- The extra steps of +1/+2 form a new self-avoiding move from the landing square
  whose first step may not go back to the square just left; so the piece may come
  back to where it stood before the roll (CC-T3). After an arrow jump the "square
  just left" is the square jumped from.
- The knife (CC-T6): the side that found it skips its next turn. If the mice get
  two turns in a row, the same mouse player plays both and must move the same
  mouse again. Mouse-player rotation advances only on turns actually played.
- A fork with exactly one uncovered cheese available takes it at once; with
  several, the mice choose (CC-T5).
- Dead positions (CC-W5, an Assumption): when neither side can ever reach its goal
  the game ends at once as a draw. The engine checks this after every turn by
  reachability over the kitchen (:meth:`ChopChop.is_dead`, :mod:`.deadness`): the
  uncovered cheese that can never leave again (CC-T2, CC-T5) walls off parts of the
  kitchen — mice shut in holes behind cheese, a mouse or the cat boxed in — and the
  check asks whether the cat can still meet every mouse off the table and whether the
  mice can still collect, turn their hole tiles and carry their cheese home. It never
  calls a live position dead, and no random game plays on to the turn limit.
- A draw is a result shared by the two sides: the cat player gets 1/2 and the mouse
  players share the other 1/2 (as they share a win).
- Termination (a safety net, not in the originals): after ``max_turns`` turns the game
  ends as a draw, never as a win for either side (CC-W5). Since dead positions end at
  once, ordinary games never come near it.

Coordinates are ``(row, col)`` with ``(0, 0)`` the top-left floor square; holes lie
outside the floor (``(-1, 3)`` is the top hole of the default map).
"""

from __future__ import annotations

import enum
import random
import re
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cache, lru_cache
from typing import Any, ClassVar, cast

from boardgames_widgets.core.api import (
    CHANCE,
    TERMINAL,
    Game,
    GameError,
    GameInfo,
    GameOverError,
    IllegalActionError,
    InvalidActionError,
    check_action,
    check_action_text,
    check_seat,
    freeze_draft,
)
from boardgames_widgets.core.numbers import short
from boardgames_widgets.core.rng import draw_by_counts, index_drawer
from boardgames_widgets.games.chop_chop.deadness import Deadness
from boardgames_widgets.games.chop_chop.layout import (
    CAT_DIE,
    CHEESE_TO_WIN,
    DEFAULT_MAP,
    DEFAULT_TILE_MIX,
    EXTRA_STEPS,
    MAX_TURNS,
    MOUSE_DIE,
    TILES,
    ChopChopConfig,
    Coord,
    Layout,
    Tile,
    check_range,
)

#: The piece id of the cat in actions (mice are 0 … 3).
CAT = -1
#: ``state.winner`` values: playing, the cat won, the mice won, a draw (CC-W5).
NO_WINNER, CAT_SIDE, MICE_SIDE, DRAW = -1, 0, 1, 2
#: The cat player's seat.
CAT_SEAT = 0

#: ``state.tiles`` values, per floor square.
NO_TILE, FACE_DOWN, UNCOVERED_CHEESE = 0, 1, 2

_TILE_INDEX: dict[Tile, int] = {t: i for i, t in enumerate(TILES)}
_CHEESE = _TILE_INDEX[Tile.CHEESE]

#: Moves of at most this many steps are found from precomputed walk tables (see
#: :func:`_walk_table`); longer ones (only with a custom die) by a depth-first search.
#: Self-avoiding walks of 6 steps are at most 4 × 3**5 = 972 per square.
TABLE_MAX_STEPS = 6


class Phase(enum.Enum):
    """What the game waits for."""

    PLACE = "place"  # the cat player chooses the cat's starting square (CC-S3)
    ROLL = "roll"  # chance: the die of the side to move
    MOVE = "move"  # the side to move chooses a move (or passes, CC-M10)
    REVEAL = "reveal"  # chance: the face of the tile the piece stopped on (CC-T0)
    EXTRA = "extra"  # +1/+2: extra steps or decline (CC-T3)
    ARROW = "arrow"  # arrow: free jump or decline (CC-T4)
    FORK = "fork"  # fork: which uncovered cheese to take (CC-T5)
    OVER = "over"


def _piece_name(piece: int) -> str:
    return "cat" if piece == CAT else f"mouse {piece}"


def _coord_text(rc: Coord) -> str:
    return f"({rc[0]},{rc[1]})"


# -- actions ---------------------------------------------------------------------------


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

_C = r"\((-?\d+),(-?\d+)\)"
_PIECE = r"(cat|mouse (\d+))"
_PATTERNS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(rf"cat starts at {_C}"), "place"),
    (re.compile(r"roll (\d+)"), "roll"),
    (re.compile(r"reveal (\S+)"), "reveal"),
    (re.compile(rf"{_PIECE} to {_C} via {_C}"), "move"),
    (re.compile(rf"{_PIECE} jumps to {_C}"), "jump"),
    (re.compile(rf"fork takes {_C}"), "take"),
)


# -- state -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, repr=False)
class ChopChopState:
    """A complete Chop Chop position. Nothing in it is secret: face-down tiles are
    only counted (``hidden``), their faces are drawn when turned.

    Cells are indices into the game's :class:`~.layout.Layout` (floor squares first,
    then holes); ``-1`` means "nowhere".

    Attributes:
        phase: what the game waits for.
        seat: the seat whose turn it is (0 = cat player).
        mice_turn: whether the mice side is on turn (else the cat).
        cat: the cat's cell (-1 before CC-S3).
        mice: each mouse's cell, -1 once caught (CC-C1).
        tiles: per floor square, 0 no tile, 1 face down, 2 uncovered cheese (CC-T2).
        hidden: how many face-down tiles of each kind remain, in ``TILES`` order.
        holes_up: per hole, whether its tile is hole-side up (CC-M9).
        cheese: the mice team's cheese.
        carried: a mouse entered a hole after the team had all its cheese (CC-W2).
        roll: the die roll in the MOVE phase, the extra steps in the EXTRA phase.
        mouse: the mouse moving this turn (-1 until one moves, and on cat turns).
        last_from: the square the moving piece has just left (CC-T3), -1 if none.
        path: a representative path of the last move or jump (for pictures).
        lock: the mouse that must move on the second turn of a knife double turn.
        cat_skip: the cat side skips its next turn (knife, CC-T6).
        mice_skip: the mice side skips its next turn (knife, CC-T6).
        next_mouse_seat: the mouse player who plays the next fresh mouse turn.
        turns: turns finished so far (for ``max_turns``).
        winner: -1 while playing, 0 cat, 1 mice, 2 a draw (CC-W5).
    """

    phase: Phase
    seat: int
    mice_turn: bool
    cat: int
    mice: tuple[int, ...]
    tiles: tuple[int, ...]
    hidden: tuple[int, ...]
    holes_up: tuple[bool, ...]
    cheese: int
    carried: bool
    roll: int
    mouse: int
    last_from: int
    path: tuple[int, ...]
    lock: int
    cat_skip: bool
    mice_skip: bool
    next_mouse_seat: int
    turns: int
    winner: int

    def __repr__(self) -> str:
        """A one-line summary (display the state to see the board)."""
        return f"<ChopChopState: {self.phase.value}, turn {self.turns}, {self.cheese} cheese taken>"

    def _repr_svg_(self) -> str:
        """The state drawn on the default kitchen (use ``game.state_svg`` for others)."""
        from boardgames_widgets.core.registry import make_game

        return make_game("chop_chop").state_svg(self)


_FIELDS: tuple[str, ...] = tuple(ChopChopState.__dataclass_fields__)


class _Draft:
    """A mutable copy of a state while an action is applied."""

    __slots__ = _FIELDS

    phase: Phase
    seat: int
    mice_turn: bool
    cat: int
    mice: tuple[int, ...]
    tiles: tuple[int, ...]
    hidden: tuple[int, ...]
    holes_up: tuple[bool, ...]
    cheese: int
    carried: bool
    roll: int
    mouse: int
    last_from: int
    path: tuple[int, ...]
    lock: int
    cat_skip: bool
    mice_skip: bool
    next_mouse_seat: int
    turns: int
    winner: int

    def __init__(self, s: ChopChopState) -> None:  # written out: this is the hot path
        self.phase = s.phase
        self.seat = s.seat
        self.mice_turn = s.mice_turn
        self.cat = s.cat
        self.mice = s.mice
        self.tiles = s.tiles
        self.hidden = s.hidden
        self.holes_up = s.holes_up
        self.cheese = s.cheese
        self.carried = s.carried
        self.roll = s.roll
        self.mouse = s.mouse
        self.last_from = s.last_from
        self.path = s.path
        self.lock = s.lock
        self.cat_skip = s.cat_skip
        self.mice_skip = s.mice_skip
        self.next_mouse_seat = s.next_mouse_seat
        self.turns = s.turns
        self.winner = s.winner

    def freeze(self) -> ChopChopState:
        """The draft itself, turned into the frozen state (see
        :func:`~boardgames_widgets.core.api.freeze_draft`); not used after."""
        return freeze_draft(self, ChopChopState)


@dataclass(frozen=True, slots=True)
class ChopChopObservation:
    """What a player sees: the whole state (only face-down tiles are unknown, to
    everyone, and the state holds none of their faces).

    Attributes:
        player: the seat observing.
        current_player: the player to act (or CHANCE / TERMINAL).
        state: the public position.
    """

    player: int
    current_player: int
    state: ChopChopState


def _set(t: tuple[Any, ...], i: int, v: Any) -> tuple[Any, ...]:
    return (*t[:i], v, *t[i + 1 :])


@lru_cache(maxsize=4096)
def _reveal_outcomes(hidden: tuple[int, ...]) -> tuple[tuple[Reveal, Fraction], ...]:
    total = sum(hidden)
    return tuple((Reveal(TILES[k]), Fraction(n, total)) for k, n in enumerate(hidden) if n)


def _die_outcomes(faces: tuple[int, ...]) -> tuple[tuple[Roll, Fraction], ...]:
    counts = Counter(faces)
    return tuple((Roll(v), Fraction(counts[v], len(faces))) for v in sorted(counts))


def _dfs(
    nbrs: tuple[tuple[int, ...], ...],
    start: int,
    steps: int,
    free: list[bool],
    end: list[bool],
    forbid_first: int,
    out: dict[int, tuple[int, ...]],
    base: int,
    n_cells: int,
) -> None:
    """Every self-avoiding path of exactly ``steps`` from ``start`` that passes only
    ``free`` cells and ends on an ``end`` cell. Keeps the first path found per outcome,
    keyed ``base + landing * n_cells + via`` (``via``: the cell before the landing)."""

    path = [start]

    def walk(cell: int, left: int) -> None:
        for n in nbrs[cell]:
            if n in path:
                continue
            if left == 1:
                if end[n]:
                    key = base + n * n_cells + cell
                    if key not in out:
                        out[key] = (*path, n)
            elif free[n]:
                path.append(n)
                walk(n, left - 1)
                path.pop()

    for n in nbrs[start]:
        if n == forbid_first:
            continue
        if steps == 1:
            key = base + n * n_cells + start
            if end[n] and key not in out:
                out[key] = (start, n)
        elif free[n]:
            path.append(n)
            walk(n, steps - 1)
            path.pop()


#: One walk of a walk table: (its cells as bits, ``landing * n_cells + via``, the path).
#: Bits ``0 … n_cells-1`` are the cells passed through between start and landing, bit
#: ``n_cells + landing`` the landing cell, so one ``&`` tests a walk (see :meth:`ChopChop._options`).
Walk = tuple[int, int, tuple[int, ...]]


@cache  # shared by every game on the same board (layouts are cached, so their tables are the same objects)
def _walk_table(
    nbrs: tuple[tuple[int, ...], ...], start: int, steps: int, forbid_first: int, n_cells: int
) -> tuple[Walk, ...]:
    """Every self-avoiding walk of exactly ``steps`` from ``start`` whose first step is not
    ``forbid_first``, ignoring every piece, **in the order** :func:`_dfs` **visits them**.

    :func:`_dfs` keeps the walks whose cells passed through are all free and whose
    landing is a stopping cell, the first walk per outcome. A table lists the same
    walks in the same order, so filtering it with bit masks finds exactly the same
    moves, the same representative paths, in the same order — without the recursion,
    which was most of the time of a Chop Chop playout.
    """
    out: list[Walk] = []
    path = [start]

    def walk(cell: int, left: int) -> None:
        for n in nbrs[cell]:
            if n in path:
                continue
            if left == 1:
                bits = 1 << (n_cells + n)
                for c in path[1:]:
                    bits |= 1 << c
                out.append((bits, n * n_cells + cell, (*path, n)))
            else:
                path.append(n)
                walk(n, left - 1)
                path.pop()

    for n in nbrs[start]:
        if n == forbid_first:
            continue
        if steps == 1:
            out.append((1 << (n_cells + n), n * n_cells + start, (start, n)))
        else:
            path.append(n)
            walk(n, steps - 1)
            path.pop()
    return tuple(out)


def _walk_outcomes(
    nbrs: tuple[tuple[int, ...], ...], start: int, steps: int, self_avoiding: bool, forbid_first: int = -1
) -> set[tuple[int, int]]:
    """(landing, via) pairs of walks ignoring every piece (used to explain errors)."""
    out: set[tuple[int, int]] = set()

    def walk(cell: int, left: int, path: tuple[int, ...]) -> None:
        for n in nbrs[cell]:
            if (self_avoiding and n in path) or (len(path) == 1 and n == forbid_first):
                continue
            if left == 1:
                out.add((n, cell))
            else:
                walk(n, left - 1, (*path, n))

    walk(start, steps, (start,))
    return out


# -- the game ----------------------------------------------------------------------------


class ChopChop(Game[ChopChopState, Action]):
    """Chop Chop! for 2–5 players: seat 0 is the cat, seats 1 … n-1 the mice.

    Args:
        num_players: 2 to 5 (1 cat player and 1–4 mouse players).
        board_map: the kitchen map (:data:`~.layout.DEFAULT_MAP`).
        tile_mix: tile counts by name (``cheese``, ``plate``, ``+1``, ``+2``, ``arrow``,
            ``fork``, ``knife``; missing names count 0); must add up to the number of
            floor squares. Default :data:`~.layout.DEFAULT_TILE_MIX`.
        mouse_die: the mouse die faces (default 1,1,2,2,3,4; 1 to 20 faces of 1 to 8).
        cat_die: the cat die faces (default 1,1,2,2,2,3; 1 to 20 faces of 1 to 8).
        cheese_to_win: the cheese the mice need (CC-W2, default 10; 1 to 100).
        max_turns: after this many turns the game ends as a draw (a safety net, CC-W5;
            default 1000, at most 100,000; see :data:`~.layout.MAX_TURNS`). The ranges are
            :data:`~.layout.PARAMETER_RANGES`; a map has at most 30 rows and 30 columns.

    >>> game = ChopChop(num_players=3)
    >>> state = game.apply(game.new_initial_state(), PlaceCat((2, 3)))
    >>> game.chance_outcomes(state)[:2]
    [(Roll(value=1), Fraction(1, 3)), (Roll(value=2), Fraction(1, 3))]

    Raises:
        ValueError: a bad map, mix, die or limit.
    """

    info: ClassVar[GameInfo] = GameInfo(
        id="chop_chop",
        name="Chop Chop",
        min_players=2,
        max_players=5,
        has_chance=True,
        hidden_information=False,
        rules_section="1",
    )

    def __init__(
        self,
        num_players: int = 2,
        *,
        board_map: str = DEFAULT_MAP,
        tile_mix: Mapping[str, int] | None = None,
        mouse_die: Iterable[int] = MOUSE_DIE,
        cat_die: Iterable[int] = CAT_DIE,
        cheese_to_win: int = CHEESE_TO_WIN,
        max_turns: int = MAX_TURNS,
    ) -> None:
        super().__init__(num_players)
        mix = dict(DEFAULT_TILE_MIX if tile_mix is None else tile_mix)
        names = {t.value for t in TILES}
        unknown = set(mix) - names
        if unknown:
            raise ValueError(
                f"tile_mix: unknown tile kind(s) {short(sorted(unknown))}; known: {[t.value for t in TILES]}"
            )
        counts = tuple(mix.get(t.value, 0) for t in TILES)
        if not all(isinstance(n, int) and not isinstance(n, bool) and n >= 0 for n in counts):
            raise ValueError(f"tile_mix: tile counts must be whole numbers >= 0, got {short(mix)}")
        dice = []
        for label, die in (("mouse_die", mouse_die), ("cat_die", cat_die)):
            faces = tuple(die)
            if not faces or not all(isinstance(f, int) and not isinstance(f, bool) and f >= 1 for f in faces):
                raise ValueError(f"{label} must list whole faces >= 1, got {short(faces)}")
            check_range("die_faces", len(faces))
            for f in faces:
                check_range("die_face", f)
            dice.append(faces)
        for label, value in (("cheese_to_win", cheese_to_win), ("max_turns", max_turns)):
            if not isinstance(value, int) or isinstance(value, bool) or value < 1:
                raise ValueError(f"{label} must be a whole number >= 1, got {short(value)}")
            check_range(label, value)
        self.cfg = ChopChopConfig(
            board_map=board_map,
            tile_mix=counts,
            mouse_die=dice[0],
            cat_die=dice[1],
            cheese_to_win=cheese_to_win,
            max_turns=max_turns,
        )
        self.layout: Layout = self.cfg.layout
        if sum(counts) != self.layout.n_floor:
            raise ValueError(f"the tile mix has {sum(counts)} tiles but the board has {self.layout.n_floor} squares")
        self._dice = {True: _die_outcomes(dice[0]), False: _die_outcomes(dice[1])}
        # one Roll per face of each die (faces repeat: 1,1,2,2,3,4), for sample_chance
        self._roll_faces = {True: tuple(Roll(f) for f in dice[0]), False: tuple(Roll(f) for f in dice[1])}
        # walk tables by (cat?, start, steps, forbidden first step), looked up in the
        # shared cache of _walk_table when first needed (hashing its arguments is slow)
        self._walks: dict[tuple[bool, int, int, int], tuple[Walk, ...]] = {}
        self._cheese_mask: tuple[tuple[int, ...], int] = ((), 0)  # tiles -> uncovered cheese as bits
        self._n_cells = self.layout.n_cells
        self._every_cell = (1 << self._n_cells) - 1  # a bit per cell (floor squares, then holes)
        self._floor_cells = (1 << self.layout.n_floor) - 1  # a bit per floor square
        self._moves: dict[int, Move] = {}  # Move objects by (piece, landing, via), made once
        # the key of each of those Move objects by its id(): they are kept in _moves for
        # the game's lifetime, so an id found here is that very object
        self._move_keys: dict[int, int] = {}
        self._floor: tuple[tuple[int, ...], list[bool]] = ((), [])  # tiles -> not uncovered cheese
        # the options of the last state asked about, as one tuple so threads never
        # see a state paired with another state's options
        self._cache: tuple[ChopChopState | None, list[Action], dict[int, tuple[int, ...]]] = (None, [], {})
        self._deadness = Deadness(
            self.layout,
            cheese_to_win,
            _CHEESE,
            _TILE_INDEX[Tile.FORK],
            _TILE_INDEX[Tile.ARROW],
            arrow_phase=Phase.ARROW,
            fork_phase=Phase.FORK,
        )

    # -- configuration ------------------------------------------------------------------
    def config(self) -> dict[str, Any]:
        c = self.cfg
        return {
            "num_players": self.num_players,
            "board_map": c.board_map,
            "tile_mix": {t.value: n for t, n in zip(TILES, c.tile_mix, strict=True)},
            "mouse_die": list(c.mouse_die),
            "cat_die": list(c.cat_die),
            "cheese_to_win": c.cheese_to_win,
            "max_turns": c.max_turns,
        }

    def __repr__(self) -> str:
        if self.cfg == ChopChopConfig():
            return f"ChopChop(num_players={self.num_players})"
        return super().__repr__()

    # -- coordinates --------------------------------------------------------------------
    def cell(self, rc: Coord) -> int:
        """The cell index of board coordinate ``rc``.

        Raises:
            IllegalActionError: ``rc`` is not a square or hole of this board (CC-M1).
        """
        cell = self.layout.index.get(rc)
        if cell is None:
            raise IllegalActionError("CC-M1", f"{_coord_text(rc)} is not a square of the kitchen")
        return cell

    def coord(self, cell: int) -> Coord:
        """The board coordinate of a cell index."""
        return self.layout.coords[cell]

    # -- the game API -------------------------------------------------------------------
    def new_initial_state(self) -> ChopChopState:
        lay = self.layout
        return ChopChopState(
            phase=Phase.PLACE,
            seat=CAT_SEAT,
            mice_turn=False,
            cat=-1,
            mice=tuple(lay.hole_cell(h) for h in range(lay.n_holes)),
            tiles=(FACE_DOWN,) * lay.n_floor,
            hidden=self.cfg.tile_mix,
            holes_up=(False,) * lay.n_holes,
            cheese=0,
            carried=False,
            roll=0,
            mouse=-1,
            last_from=-1,
            path=(),
            lock=-1,
            cat_skip=False,
            mice_skip=False,
            next_mouse_seat=1,
            turns=0,
            winner=NO_WINNER,
        )

    def current_player(self, state: ChopChopState) -> int:
        phase = state.phase
        if phase is Phase.ROLL or phase is Phase.REVEAL:
            return CHANCE
        if phase is Phase.OVER:
            return TERMINAL
        return state.seat

    def chance_outcomes(self, state: ChopChopState) -> list[tuple[Action, Fraction]]:
        if state.phase is Phase.ROLL:
            return list(self._dice[state.mice_turn])
        if state.phase is Phase.REVEAL:
            return list(_reveal_outcomes(state.hidden))
        return []

    def sample_chance(self, state: ChopChopState, rng: random.Random) -> Action:
        """One chance outcome drawn directly: a face of the die, or one face-down tile.

        The same odds as :meth:`chance_outcomes` (every face of the die, every hidden
        tile equally likely) without building the outcomes and their fractions —
        search does this at every chance node of every playout.
        """
        if state.phase is Phase.ROLL:
            faces = self._roll_faces[state.mice_turn]
            return faces[rng.randrange(len(faces))]
        if state.phase is Phase.REVEAL:
            return draw_by_counts(_REVEALS, state.hidden, rng)
        return super().sample_chance(state, rng)

    def legal_actions(self, state: ChopChopState) -> list[Action]:
        phase = state.phase
        if phase is Phase.MOVE or phase is Phase.EXTRA or phase is Phase.ARROW:
            return list(self._options(state)[0])
        if phase is Phase.PLACE:
            return [PlaceCat(self.coord(c)) for c in self._start_cells()]
        if phase is Phase.FORK:
            return [TakeCheese(self.coord(c)) for c in self._fork_cheese(state)]
        return []

    def apply(self, state: ChopChopState, action: Action) -> ChopChopState:
        self._check_input(action)
        phase = state.phase
        if phase is Phase.OVER:
            raise GameOverError(f"the game is over; {action} cannot be played")
        if phase is Phase.ROLL:
            if not isinstance(action, Roll):
                raise self._wrong_phase(state, action)
            if action.value not in (self.cfg.mouse_die if state.mice_turn else self.cfg.cat_die):
                side = "mouse" if state.mice_turn else "cat"
                raise IllegalActionError("CC-M2", f"the {side} die has no face {action.value}")
        elif phase is Phase.REVEAL:
            if not isinstance(action, Reveal):
                raise self._wrong_phase(state, action)
            if state.hidden[_TILE_INDEX[action.tile]] == 0:
                raise IllegalActionError("CC-S1", f"no face-down {action.tile.value} tile is left")
        elif phase is Phase.PLACE:
            if not isinstance(action, PlaceCat):
                raise self._wrong_phase(state, action)
            if self.layout.index.get(action.at, -1) not in self._start_cells():
                raise IllegalActionError("CC-S3", f"the cat starts on a table-top square, not {_coord_text(action.at)}")
        elif phase is Phase.FORK:
            if not isinstance(action, TakeCheese):
                raise self._wrong_phase(state, action)
            if self.layout.index.get(action.at, -1) not in self._fork_cheese(state):
                raise IllegalActionError(
                    "CC-T5", f"there is no uncovered cheese the fork can take at {_coord_text(action.at)}"
                )
        elif self._action_key(action) not in self._options(state)[1]:  # MOVE, EXTRA, ARROW
            raise self._explain(state, action)
        return self._advance(state, action)

    def apply_trusted(self, state: ChopChopState, action: Action) -> ChopChopState:
        """:meth:`apply` without checking ``action`` again: it comes from ``legal_actions``
        or ``sample_chance`` of ``state`` (search's playouts; see :meth:`Game.apply_trusted`)."""
        return self._advance(state, action)

    def _advance(self, state: ChopChopState, action: Action) -> ChopChopState:
        """The state after ``action``, which is known to be legal here."""
        d = _Draft(state)
        phase = state.phase
        moving = phase is Phase.MOVE or phase is Phase.EXTRA or phase is Phase.ARROW
        self._step(d, action, self._options(state)[1][self._action_key(action)] if moving else ())
        return d.freeze()

    def _step(self, d: _Draft, action: Action, path: tuple[int, ...]) -> None:
        """Carry out ``action``, legal in the position ``d`` holds, on ``d`` itself;
        ``path`` is the move's path in a MOVE / EXTRA / ARROW phase (see :meth:`_options`)."""
        phase = d.phase
        if phase is Phase.ROLL:
            d.roll = action.value  # type: ignore[union-attr]
            d.phase = Phase.MOVE
        elif phase is Phase.REVEAL:
            k = _TILE_INDEX[action.tile]  # type: ignore[union-attr]
            d.hidden = _set(d.hidden, k, d.hidden[k] - 1)
            self._resolve(d, action.tile)  # type: ignore[union-attr]
        elif phase is Phase.PLACE:
            d.cat = self.layout.index[action.at]  # type: ignore[union-attr]
            self._start_turn(d, mice=True, double=False)
        elif phase is Phase.FORK:
            self._take_cheese(d, self.layout.index[action.at])  # type: ignore[union-attr]
        elif type(action) is Move or type(action) is Jump:  # MOVE, EXTRA, ARROW
            self._move(d, action.piece, path)
        else:  # Pass or Decline
            self._end_turn(d)

    def random_playout(self, state: ChopChopState, rng: random.Random) -> tuple[float, ...]:
        """:meth:`Game.random_playout` on one mutable draft: the same draws from ``rng``
        and the same returns, faster.

        Each step changes the draft in place (no new state), and a move is drawn
        among the paths of :meth:`_keyed`, in the order of :meth:`legal_actions`,
        without building the actions themselves. Chance draws as :meth:`sample_chance`.
        """
        below = index_drawer(rng)
        d = _Draft(state)
        view = cast(ChopChopState, d)  # the rules read a draft as a state (the same fields)
        faces = self._roll_faces
        nn = self.layout.n_cells**2
        while True:
            phase = d.phase
            if phase is Phase.ROLL:
                rolls = faces[d.mice_turn]
                d.roll = rolls[below(len(rolls))].value
                d.phase = Phase.MOVE
            elif phase is Phase.MOVE or phase is Phase.EXTRA or phase is Phase.ARROW:
                keyed = self._keyed(view)
                key = list(keyed)[below(len(keyed))]
                if key < 0:  # Pass or Decline
                    self._end_turn(d)
                else:
                    self._move(d, key // nn - 1, keyed[key])
            elif phase is Phase.REVEAL:
                self._step(d, draw_by_counts(_REVEALS, d.hidden, rng), ())
            elif phase is Phase.OVER:
                return self.returns(view)
            else:  # PLACE, FORK
                legal = self.legal_actions(view)
                self._step(d, legal[below(len(legal))], ())

    def _check_input(self, action: Action) -> None:
        """Strict inputs: a Chop Chop action whose fields have their types and ranges.

        Raises:
            InvalidActionError: not an action, a field of the wrong type, or a piece
                that is neither the cat nor a mouse of this kitchen.
        """
        check_action(action, _ACTION_TYPES, "Chop Chop")
        moving = type(action) is Move or type(action) is Jump
        if moving and not CAT <= action.piece < self.layout.n_holes:  # type: ignore[union-attr]
            raise InvalidActionError(f"{action!r}: there is no {_piece_name(action.piece)}")  # type: ignore[union-attr]

    def returns(self, state: ChopChopState) -> tuple[float, ...]:
        n = self.num_players
        if state.winner == CAT_SIDE:
            return (1.0,) + (0.0,) * (n - 1)
        if state.winner == MICE_SIDE:
            return (0.0,) + (1.0 / (n - 1),) * (n - 1)
        if state.winner == DRAW:  # CC-W5: the two sides share the result
            return (0.5,) + (0.5 / (n - 1),) * (n - 1)
        return (0.0,) * n

    def observation(self, state: ChopChopState, player: int) -> ChopChopObservation:
        """What ``player`` sees: everything (only face-down tiles are unknown, to everyone).

        Raises:
            ValueError: ``player`` is not a seat.
        """
        check_seat(player, self.num_players)
        return ChopChopObservation(player=player, current_player=self.current_player(state), state=state)

    def parse_action(self, text: str) -> Action:
        check_action_text(text)
        t = " ".join(text.split())
        if t == "pass":
            return Pass()
        if t == "decline":
            return Decline()
        for pattern, kind in _PATTERNS:
            m = pattern.fullmatch(t)
            if not m:
                continue
            g = m.groups()
            if kind == "place":
                return PlaceCat((int(g[0]), int(g[1])))
            if kind == "roll":
                return Roll(int(g[0]))
            if kind == "reveal":
                for tile in TILES:
                    if tile.value == g[0]:
                        return Reveal(tile)
                break
            if kind == "take":
                return TakeCheese((int(g[0]), int(g[1])))
            piece = CAT if g[0] == "cat" else int(g[1])
            if kind == "jump":
                return Jump(piece, (int(g[2]), int(g[3])))
            return Move(piece, (int(g[2]), int(g[3])), (int(g[4]), int(g[5])))
        raise InvalidActionError(
            f"{short(text)} is not a Chop Chop action (e.g. 'roll 3', 'mouse 1 to (1,3) via (0,3)')"
        )

    # -- helpers the lessons and widgets use -------------------------------------------
    def mover(self, state: ChopChopState) -> int:
        """The piece moving this turn: ``CAT``, a mouse, or -1 if the mice have not chosen."""
        return state.mouse if state.mice_turn else CAT

    def move_paths(self, state: ChopChopState) -> dict[Action, tuple[Coord, ...]]:
        """Each legal move or jump with its representative path (as coordinates)."""
        coords = self.layout.coords
        actions, keyed = self._options(state)
        out: dict[Action, tuple[Coord, ...]] = {}
        for a in actions:
            path = keyed[self._action_key(a)]
            if path:
                out[a] = tuple(coords[c] for c in path)
        return out

    def piece_cell(self, state: ChopChopState, piece: int) -> int:
        """The cell of ``piece`` (-1 if caught or not placed)."""
        return state.cat if piece == CAT else state.mice[piece]

    def paths(
        self, state: ChopChopState, piece: int, steps: int, forbid_first: int = -1
    ) -> dict[tuple[int, int], tuple[int, ...]]:
        """Every outcome (landing cell, cell before it) of a legal ``steps``-long move of
        ``piece`` in ``state``, with a representative path (cell indices).

        Applies CC-M1 … CC-M8, CC-T2 (uncovered cheese), CC-W3 (the last mouse's hole).
        """
        start = self.piece_cell(state, piece)
        if start < 0 or steps < 1:
            return {}
        n = self.layout.n_cells
        keyed: dict[int, tuple[int, ...]] = {}
        free, end = self.passable(state, piece)
        nbrs = self.layout.cat_nbrs if piece == CAT else self.layout.mouse_nbrs
        _dfs(nbrs, start, steps, free, end, forbid_first, keyed, 0, n)
        return {(k // n, k % n): path for k, path in keyed.items()}

    # -- internals ----------------------------------------------------------------------
    def _start_cells(self) -> tuple[int, ...]:
        return self.layout.table_cells() or tuple(range(self.layout.n_floor))

    def passable(self, state: ChopChopState, piece: int) -> tuple[list[bool], list[bool]]:
        """Per cell: may ``piece`` pass through it, and may it stop on it, in ``state``.

        Encodes CC-M3 (no passing through pieces; the cat may stop on a mouse, a mouse
        never on an occupied square), CC-M5/CC-M6 (the table's layers), CC-M8 (holes:
        mice only, last step only, one mouse each), CC-T2 (uncovered cheese) and
        CC-W3 (the last mouse's hole entrance).
        """
        lay = self.layout
        nf = lay.n_floor
        table = lay.table
        tiles, floor = self._floor
        if tiles is not state.tiles:  # tiles change rarely: reuse the last table
            tiles = state.tiles
            floor = [t != UNCOVERED_CHEESE for t in tiles] + [False] * lay.n_holes
            self._floor = (tiles, floor)
        free = floor[:]
        if piece == CAT:
            end = free[:]
            alive = [p for p in state.mice if p >= 0]
            for p in alive:
                if p < nf and not table[p]:
                    free[p] = False  # CC-M3: the cat may end on a mouse, not pass it
            if len(alive) == 1 and alive[0] >= nf:
                end[lay.entrance[alive[0] - nf]] = False  # CC-W3
            return free, end
        for p in state.mice:
            if 0 <= p < nf:
                free[p] = False
        cat = state.cat
        if cat >= 0 and not table[cat]:
            free[cat] = False
        end = free[:nf] + [True] * lay.n_holes  # free is False on holes: CC-M8, a hole only as the last step
        for p in state.mice:
            if p >= nf:
                end[p] = False  # CC-M8: one mouse per hole
        return free, end

    def _masks(self, state: ChopChopState, piece: int) -> tuple[int, int]:
        """:meth:`passable` as two bit masks (bit ``c`` for cell ``c``): the cells ``piece``
        may not pass through, and the cells it may stop on. The same rules, line by line;
        masks let :meth:`_options` test a whole walk with one ``&``.
        """
        lay = self.layout
        nf = lay.n_floor
        table = lay.table
        tiles, cheese = self._cheese_mask
        if tiles is not state.tiles:  # tiles change rarely: reuse the last mask
            tiles = state.tiles
            cheese = 0
            for c, t in enumerate(tiles):
                if t == UNCOVERED_CHEESE:
                    cheese |= 1 << c
            self._cheese_mask = (tiles, cheese)
        floor = self._floor_cells
        holes = self._every_cell ^ floor
        blocked = cheese | holes  # CC-T2; CC-M8: a hole only as the last step
        if piece == CAT:
            stop = floor & ~cheese
            alive = [p for p in state.mice if p >= 0]
            for p in alive:
                if p < nf and not table[p]:
                    blocked |= 1 << p  # CC-M3: the cat may end on a mouse, not pass it
            if len(alive) == 1 and alive[0] >= nf:
                stop &= ~(1 << lay.entrance[alive[0] - nf])  # CC-W3
            return blocked, stop
        for p in state.mice:
            if 0 <= p < nf:
                blocked |= 1 << p
        cat = state.cat
        if cat >= 0 and not table[cat]:
            blocked |= 1 << cat
        stop = (floor & ~blocked) | holes
        for p in state.mice:
            if p >= nf:
                stop &= ~(1 << p)  # CC-M8: one mouse per hole
        return blocked, stop

    def _key(self, piece: int, dest: int, via: int) -> int:
        n = self.layout.n_cells
        return ((piece + 1) * n + dest) * n + via

    def _action_key(self, action: Action) -> int:
        """The key of a MOVE / EXTRA / ARROW action in :meth:`_options` (-3: none)."""
        key = self._move_keys.get(id(action))
        if key is not None:  # fast path: a Move this game made (from legal_actions)
            return key
        if isinstance(action, Pass):
            return -1
        if isinstance(action, Decline):
            return -2
        index = self.layout.index
        if isinstance(action, Move):
            dest, via = index.get(action.to, -1), index.get(action.via, -1)
        elif isinstance(action, Jump):
            dest = via = index.get(action.to, -1)
        else:
            return -3
        if dest < 0 or via < 0 or not -1 <= action.piece < self.layout.n_holes:
            return -3
        return self._key(action.piece, dest, via)

    def _make_move(self, key: int) -> Move:
        n = self.layout.n_cells
        coords = self.layout.coords
        piece, rest = divmod(key, n * n)
        # setdefault: a Move once stored is never replaced (even by another thread), so
        # every id in _move_keys stays the id of a live Move of this game
        move = self._moves.setdefault(key, Move(piece - 1, coords[rest // n], coords[rest % n]))
        self._move_keys[id(move)] = key
        return move

    def _options(self, state: ChopChopState) -> tuple[list[Action], dict[int, tuple[int, ...]]]:
        """The legal actions of a MOVE / EXTRA / ARROW phase, and their paths by
        :meth:`_action_key` (cached for the last state asked about)."""
        cached = self._cache
        if cached[0] is state:
            return cached[1], cached[2]
        keyed = self._keyed(state)
        actions: list[Action]
        if state.phase is Phase.ARROW:
            n = self.layout.n_cells
            piece = self.mover(state)
            coords = self.layout.coords
            actions = [Jump(piece, coords[key // n % n]) for key in keyed if key >= 0]
            actions.append(Decline())
        else:
            get = self._moves.get
            actions = [get(key) or self._make_move(key) for key in keyed if key >= 0]
            if -2 in keyed:
                actions.append(Decline())
            elif -1 in keyed:
                actions.append(Pass())
        self._cache = (state, actions, keyed)
        return actions, keyed

    def _keyed(self, state: ChopChopState) -> dict[int, tuple[int, ...]]:
        """The legal actions of a MOVE / EXTRA / ARROW phase as their :meth:`_action_key`
        with their paths, in the order of :meth:`legal_actions` (-2: Decline, -1: Pass,
        last); empty in other phases."""
        keyed: dict[int, tuple[int, ...]] = {}
        phase = state.phase
        if phase is Phase.MOVE or phase is Phase.EXTRA:
            if phase is Phase.EXTRA:
                pieces = [self.mover(state)]
                forbid = state.last_from
            elif not state.mice_turn:
                pieces = [CAT]
                forbid = -1
            elif state.lock >= 0:
                pieces = [state.lock]
                forbid = -1
            else:
                pieces = [m for m, p in enumerate(state.mice) if p >= 0]
                forbid = -1
            n = self._n_cells
            steps = state.roll
            is_cat = pieces[0] == CAT
            nbrs = self.layout.cat_nbrs if is_cat else self.layout.mouse_nbrs
            if steps <= TABLE_MAX_STEPS:
                # fast path: the precomputed walks, filtered by what blocks the piece now
                # (the same moves, paths and order as the search below, see _walk_table)
                blocked, stop = self._masks(state, pieces[0])
                # a walk is out if it passes a blocked cell or lands where it may not stop
                bad = blocked | (self._every_cell & ~stop) << n
                walks = self._walks
                mice = state.mice
                for piece in pieces:
                    start = state.cat if piece == CAT else mice[piece]
                    table = walks.get((is_cat, start, steps, forbid))
                    if table is None:
                        table = walks[is_cat, start, steps, forbid] = _walk_table(nbrs, start, steps, forbid, n)
                    base = (piece + 1) * n * n
                    for bits, outcome, path in table:
                        if not bits & bad:
                            key = base + outcome
                            if key not in keyed:
                                keyed[key] = path
            else:
                # mice share one table of what blocks them (a mouse's own square is its start)
                free, end = self.passable(state, pieces[0])
                for piece in pieces:
                    start = self.piece_cell(state, piece)
                    _dfs(nbrs, start, steps, free, end, forbid, keyed, (piece + 1) * n * n, n)
            if phase is Phase.EXTRA:
                keyed[-2] = ()
            elif not keyed:
                keyed[-1] = ()
        elif phase is Phase.ARROW:
            piece = self.mover(state)
            start = self.piece_cell(state, piece)
            for cell in self._jump_targets(state, piece):
                keyed[self._key(piece, cell, cell)] = (start, cell)
            keyed[-2] = ()
        return keyed

    def _jump_targets(self, state: ChopChopState, piece: int) -> list[int]:
        """CC-T4: where the arrow may take ``piece``."""
        lay = self.layout
        nf = lay.n_floor
        blocked = {c for c in range(nf) if state.tiles[c] == UNCOVERED_CHEESE}
        if piece == CAT:
            alive = [p for p in state.mice if p >= 0]
            blocked.update(p for p in alive if p < nf and not lay.table[p])
            blocked.add(state.cat)
            if len(alive) == 1 and alive[0] >= nf:
                blocked.add(lay.entrance[alive[0] - nf])  # CC-W3
        else:
            blocked.update(p for p in state.mice if p >= 0)
            if not lay.table[state.cat]:
                blocked.add(state.cat)
        return [c for c in range(nf) if c not in blocked]

    def _fork_cheese(self, state: ChopChopState) -> list[int]:
        """CC-T5: uncovered cheese the mice may fork (not the one the cat sits on)."""
        return [c for c, t in enumerate(state.tiles) if t == UNCOVERED_CHEESE and c != state.cat]

    def _move(self, d: _Draft, piece: int, path: tuple[int, ...]) -> None:
        """Carry out a move or jump along ``path`` and handle the arrival."""
        lay = self.layout
        nf = lay.n_floor
        start, dest = path[0], path[-1]
        d.path = path
        d.last_from = path[-2]
        if not d.mice_turn:
            d.cat = dest
            if not lay.table[dest]:
                caught = [m for m, p in enumerate(d.mice) if p == dest]
                if caught:  # CC-C1
                    d.mice = _set(d.mice, caught[0], -1)
                    if all(p < 0 for p in d.mice):  # CC-W1
                        self._finish(d, CAT_SIDE)
                        return
                if d.tiles[dest] == FACE_DOWN:
                    d.phase = Phase.REVEAL
                    return
            self._end_turn(d)
            return
        d.mouse = piece
        d.mice = _set(d.mice, piece, dest)
        if start >= nf and not d.holes_up[start - nf]:  # CC-M9
            d.holes_up = _set(d.holes_up, start - nf, True)
        if dest >= nf and d.cheese >= self.cfg.cheese_to_win:
            d.carried = True  # CC-W2: the cheese is carried home
        if self._mice_won(d):
            return
        if dest < nf and d.tiles[dest] == FACE_DOWN:
            d.phase = Phase.REVEAL
            return
        self._end_turn(d)

    def _resolve(self, d: _Draft, tile: Tile) -> None:
        """Turn over and resolve the tile under the moving piece (CC-T0 … CC-T6)."""
        cell = d.mice[d.mouse] if d.mice_turn else d.cat
        if tile is Tile.CHEESE and not d.mice_turn:
            d.tiles = _set(d.tiles, cell, UNCOVERED_CHEESE)  # CC-T2: the cat sits on it
            self._end_turn(d)
            return
        d.tiles = _set(d.tiles, cell, NO_TILE)
        if tile is Tile.CHEESE:
            d.cheese += 1  # CC-T2
            if not self._mice_won(d):
                self._end_turn(d)
        elif tile in EXTRA_STEPS:  # CC-T3
            d.phase = Phase.EXTRA
            d.roll = EXTRA_STEPS[tile]
        elif tile is Tile.ARROW:  # CC-T4
            d.phase = Phase.ARROW
            d.roll = 0
        elif tile is Tile.FORK and d.mice_turn:  # CC-T5
            options = [c for c, t in enumerate(d.tiles) if t == UNCOVERED_CHEESE and c != d.cat]
            if len(options) == 1:
                self._take_cheese(d, options[0])
            elif options:
                d.phase = Phase.FORK
            else:
                self._end_turn(d)
        elif tile is Tile.KNIFE:  # CC-T6
            if d.mice_turn:
                d.mice_skip = True
            else:
                d.cat_skip = True
            self._end_turn(d)
        else:  # CC-T1 broken plate, or a fork found by the cat
            self._end_turn(d)

    def _take_cheese(self, d: _Draft, cell: int) -> None:
        d.tiles = _set(d.tiles, cell, NO_TILE)
        d.cheese += 1
        if not self._mice_won(d):
            self._end_turn(d)

    def _mice_won(self, d: _Draft) -> bool:
        """CC-W2 (and CC-W4: the game ends at once)."""
        if d.cheese >= self.cfg.cheese_to_win and d.carried and all(d.holes_up):
            self._finish(d, MICE_SIDE)
            return True
        return False

    def _finish(self, d: _Draft, winner: int) -> None:
        d.phase = Phase.OVER
        d.winner = winner
        d.roll = 0

    def is_dead(self, state: ChopChopState | _Draft) -> bool:
        """CC-W5: whether neither side can ever reach its goal.

        Decided by reachability over the kitchen (:class:`~.deadness.Deadness`): the
        uncovered cheese that can never leave again walls the kitchen into parts; the
        cat can win only if it can still meet every mouse left on a square off the
        table, the mice only if enough cheese lies within their reach, every hole tile
        still down can be turned and a mouse can still carry the cheese home. The test
        over-approximates where pieces can go (other pieces and dice lengths are
        ignored, arrows may take a piece anywhere), so it never calls a live position
        dead. Examples: the mice left shut in holes behind uncovered cheese; a mouse
        boxed in by cheese on open floor or on its hole's entrance; a boxed-in cat.
        """
        return self._deadness.is_dead(state)

    def _end_turn(self, d: _Draft) -> None:
        """Finish the turn and hand the next one over (CC-S4, knife skips CC-T6), or end
        the game as a draw: a dead position or the turn limit (CC-W5)."""
        d.turns += 1
        if d.turns >= self.cfg.max_turns or self.is_dead(d):
            self._finish(d, DRAW)
            return
        played_mice = d.mice_turn
        mice = not played_mice
        for _ in range(2):  # CC-T6: a side with a pending skip gives its turn away
            if mice and d.mice_skip:
                d.mice_skip = False
            elif not mice and d.cat_skip:
                d.cat_skip = False
            else:
                break
            mice = not mice
        self._start_turn(d, mice=mice, double=mice and played_mice)

    def _start_turn(self, d: _Draft, *, mice: bool, double: bool) -> None:
        d.phase = Phase.ROLL
        d.roll = 0
        d.last_from = -1
        d.mice_turn = mice
        if not mice:
            d.seat = CAT_SEAT
            d.lock = -1
        elif double:
            d.lock = d.mouse  # CC-T6: the same mouse (and player) moves again
        else:
            d.lock = -1
            d.seat = d.next_mouse_seat
            d.next_mouse_seat = d.next_mouse_seat % (self.num_players - 1) + 1
        d.mouse = -1

    # -- errors -------------------------------------------------------------------------
    _PHASE_RULES: ClassVar[dict[Phase, tuple[str, str]]] = {
        Phase.PLACE: ("CC-S3", "the cat player must first put the cat on a table-top square"),
        Phase.ROLL: ("CC-M2", "the die must be rolled first (a chance outcome 'roll n' is expected)"),
        Phase.REVEAL: ("CC-T0", "the tile just reached is being turned over (a 'reveal' outcome is expected)"),
        Phase.MOVE: ("CC-M2", "the side to move must move a piece the number rolled (or pass, CC-M10)"),
        Phase.EXTRA: ("CC-T3", "the piece may take its extra steps of a +1/+2 tile or decline"),
        Phase.ARROW: ("CC-T4", "the piece may jump with the arrow or decline"),
        Phase.FORK: ("CC-T5", "the mice must choose which uncovered cheese the fork takes"),
    }

    def _wrong_phase(self, state: ChopChopState, action: Action) -> GameError:
        rule, text = self._PHASE_RULES[state.phase]
        return IllegalActionError(rule, f"{text}; {action} does not fit here")

    def _explain(self, state: ChopChopState, action: Action) -> GameError:
        """The rule an action breaks in a MOVE / EXTRA / ARROW phase."""
        phase = state.phase
        if isinstance(action, Pass):
            if phase is Phase.MOVE:
                return IllegalActionError("CC-M10", f"a side may pass only when no move of {state.roll} exists")
            return self._wrong_phase(state, action)
        if isinstance(action, Decline) or not isinstance(action, Move | Jump):
            return self._wrong_phase(state, action)
        if isinstance(action, Jump) != (phase is Phase.ARROW):
            return self._wrong_phase(state, action)
        piece = action.piece
        name = _piece_name(piece)
        if piece != CAT and not 0 <= piece < len(state.mice):
            return InvalidActionError(f"there is no {name}")
        if state.mice_turn and piece == CAT:
            return IllegalActionError("CC-S4", "it is the mice's turn, not the cat's")
        if not state.mice_turn and piece != CAT:
            return IllegalActionError("CC-S4", "it is the cat's turn, not the mice's")
        if piece != CAT and state.mice[piece] < 0:
            return IllegalActionError("CC-C1", f"{name} was caught and has left the game")
        if phase is Phase.MOVE and state.lock >= 0 and piece != state.lock:
            return IllegalActionError("CC-T6", f"on the knife's double turn mouse {state.lock} must move again")
        if phase is not Phase.MOVE and piece != self.mover(state):
            return IllegalActionError("CC-M7", f"only {_piece_name(self.mover(state))} moves on this turn")
        lay = self.layout
        dest = lay.index.get(action.to)
        if dest is None:
            return IllegalActionError("CC-M1", f"{_coord_text(action.to)} is not a square of the kitchen")
        at = _coord_text(action.to)
        if isinstance(action, Jump):
            return self._explain_jump(state, piece, dest, at)
        nf = lay.n_floor
        if dest == self.piece_cell(state, piece):
            return IllegalActionError(
                "CC-M4", f"{name} may not come back to {at}, where its move starts: a move never re-enters a square"
            )
        if dest >= nf:
            if piece == CAT:
                return IllegalActionError("CC-M8", f"the cat never enters a hole ({at})")
            if dest in state.mice:
                return IllegalActionError("CC-M8", f"the hole at {at} already holds a mouse")
        elif state.tiles[dest] == UNCOVERED_CHEESE:
            return IllegalActionError("CC-T2", f"no piece may stop on the uncovered cheese at {at}")
        elif piece != CAT and (dest in state.mice or (dest == state.cat and not lay.table[dest])):
            return IllegalActionError("CC-M3", f"a mouse may not end its move on the occupied square {at}")
        alive = [p for p in state.mice if p >= 0]
        if piece == CAT and len(alive) == 1 and alive[0] >= nf and dest == lay.entrance[alive[0] - nf]:
            return IllegalActionError("CC-W3", f"the last mouse hides in its hole: the cat may not stop on {at}")
        via = lay.index.get(action.via)
        nbrs = lay.cat_nbrs if piece == CAT else lay.mouse_nbrs
        if via is None or dest not in nbrs[via]:
            return IllegalActionError("CC-M1", f"{at} is not one orthogonal step from {_coord_text(action.via)}")
        start = self.piece_cell(state, piece)
        steps = state.roll
        forbid = state.last_from if phase is Phase.EXTRA else -1
        key = (dest, via)
        if (
            forbid >= 0
            and key in _walk_outcomes(nbrs, start, steps, True)
            and key not in _walk_outcomes(nbrs, start, steps, True, forbid)
        ):
            return IllegalActionError(
                "CC-T3", f"the extra steps may not go back to {lay.name(forbid)}, the square just left"
            )
        if key in _walk_outcomes(nbrs, start, steps, True, forbid):
            return IllegalActionError(
                "CC-M3",
                f"every path of {steps} from {lay.name(start)} to {at} passes through a piece or uncovered cheese",
            )
        if key in _walk_outcomes(nbrs, start, steps, False, forbid):
            return IllegalActionError("CC-M4", f"{name} can reach {at} in {steps} only by revisiting a square")
        return IllegalActionError("CC-M2", f"{name} cannot reach {at} via {_coord_text(action.via)} in exactly {steps}")

    def _explain_jump(self, state: ChopChopState, piece: int, dest: int, at: str) -> GameError:
        lay = self.layout
        nf = lay.n_floor
        if dest >= nf:
            return IllegalActionError("CC-T4", f"the arrow never takes a piece into a hole ({at})")
        if state.tiles[dest] == UNCOVERED_CHEESE:
            return IllegalActionError("CC-T4", f"the arrow may not land on the uncovered cheese at {at}")
        if dest == self.piece_cell(state, piece):
            return IllegalActionError("CC-T4", "the arrow jumps to another square (decline to stay)")
        alive = [p for p in state.mice if p >= 0]
        if piece == CAT and len(alive) == 1 and alive[0] >= nf and dest == lay.entrance[alive[0] - nf]:
            return IllegalActionError("CC-W3", f"the last mouse hides in its hole: the cat may not stop on {at}")
        if piece == CAT:
            return IllegalActionError("CC-T4", f"the cat may not jump onto a mouse at {at}")
        return IllegalActionError("CC-T4", f"a mouse may not jump onto the occupied square {at}")

    # -- validation, pictures, words ----------------------------------------------------
    def validate_state(self, state: ChopChopState) -> None:
        lay = self.layout
        nf, nh = lay.n_floor, lay.n_holes
        problems = []
        if len(state.mice) != nh or len(state.holes_up) != nh:
            problems.append(f"there must be {nh} mice and {nh} hole tiles")
        if len(state.tiles) != nf:
            problems.append(f"there must be {nf} floor squares")
        if len(state.hidden) != len(TILES) or any(
            not 0 <= h <= m for h, m in zip(state.hidden, self.cfg.tile_mix, strict=True)
        ):
            problems.append("hidden tile counts do not fit the tile mix")
        if problems:
            raise ValueError("invalid Chop Chop state: " + "; ".join(problems))
        if any(t not in (NO_TILE, FACE_DOWN, UNCOVERED_CHEESE) for t in state.tiles):
            problems.append("tiles must be 0, 1 or 2")
        if sum(state.hidden) != state.tiles.count(FACE_DOWN):
            problems.append("the hidden counts do not match the face-down tiles")
        cheese_out = state.cheese + state.tiles.count(UNCOVERED_CHEESE) + state.hidden[_CHEESE]
        if cheese_out > self.cfg.tile_mix[_CHEESE] or state.cheese < 0:
            problems.append("more cheese than the mix holds")
        placed = state.phase is not Phase.PLACE
        if placed != (0 <= state.cat < nf) or (not placed and state.cat != -1):
            problems.append("the cat must be on a floor or table square once placed")
        alive = [p for p in state.mice if p != -1]
        if any(not 0 <= p < nf + nh for p in alive) or len(set(alive)) != len(alive):
            raise ValueError("invalid Chop Chop state: mice must be on distinct squares or holes (-1: caught)")
        if any(state.tiles[p] != NO_TILE for p in alive if p < nf) and state.phase is not Phase.REVEAL:
            problems.append("a mouse stands on a tile that was not resolved")
        if not 0 <= state.seat < self.num_players or not 1 <= state.next_mouse_seat < self.num_players:
            problems.append("seats out of range")
        if state.mice_turn == (state.seat == CAT_SEAT) and placed:
            problems.append("the seat does not match the side on turn")
        if state.winner not in (NO_WINNER, CAT_SIDE, MICE_SIDE, DRAW) or (state.winner != NO_WINNER) != (
            state.phase is Phase.OVER
        ):
            problems.append("winner and phase disagree")
        for field in ("mouse", "lock"):
            v = getattr(state, field)
            if not -1 <= v < nh or (v >= 0 and state.mice[v] < 0):
                problems.append(f"{field} must be -1 or a mouse still in play")
        if not -1 <= state.last_from < nf + nh or any(not 0 <= c < nf + nh for c in state.path):
            problems.append("cells out of range")
        if not 0 <= state.turns <= self.cfg.max_turns:
            problems.append(f"turns must be 0..{self.cfg.max_turns} (max_turns)")
        longest = max((*self.cfg.mouse_die, *self.cfg.cat_die, *EXTRA_STEPS.values()))
        if not 0 <= state.roll <= longest or len(state.path) > longest + 1:
            problems.append(f"the roll and the path are at most {longest} steps")
        if state.turns == self.cfg.max_turns and state.winner != DRAW:
            problems.append("at the turn limit the game is over, a draw (CC-W5)")
        if problems:
            raise ValueError("invalid Chop Chop state: " + "; ".join(problems))
        problems = self._phase_problems(state)
        if problems:
            raise ValueError("invalid Chop Chop state: " + "; ".join(problems))

    def _phase_problems(self, state: ChopChopState) -> list[str]:
        """What in ``state`` does not fit its phase (the fields are known to be in range):
        a state that loads must offer its player a decision with legal actions."""
        lay = self.layout
        nf = lay.n_floor
        phase = state.phase
        problems = []
        if state.mice_turn != (state.seat != CAT_SEAT):
            problems.append("seat: seat 0 is the cat player, seats 1… play the mice (mice_turn)")
        if not state.mice_turn and (state.mouse != -1 or state.lock != -1):
            problems.append("mouse, lock: no mouse moves on the cat's turn (-1)")
        if phase is Phase.PLACE and (state.mice_turn or state.turns or state.roll or state.mouse != -1):
            problems.append("phase: the cat player places the cat before the first turn (CC-S3)")
        if phase in (Phase.ROLL, Phase.ARROW, Phase.OVER, Phase.PLACE) and state.roll:
            problems.append(f"roll: must be 0 in the {phase.value} phase, not {state.roll}")
        if phase is Phase.ROLL and state.mouse != -1:
            problems.append("mouse: no mouse has moved before the die is rolled (-1)")
        if phase is Phase.MOVE:
            faces = self.cfg.mouse_die if state.mice_turn else self.cfg.cat_die
            if state.roll not in faces:
                problems.append(
                    f"roll: {state.roll} is no face of the {'mouse' if state.mice_turn else 'cat'} die (CC-M2)"
                )
            if state.mouse != -1:
                problems.append("mouse: no mouse has moved yet in the move phase (-1)")
            if state.mice_turn and state.lock >= 0 and state.mice[state.lock] < 0:
                problems.append("lock: the mouse of a double turn must still be in play (CC-T6)")
        if phase in (Phase.EXTRA, Phase.ARROW, Phase.REVEAL, Phase.FORK):
            if state.mice_turn and state.mouse < 0:
                problems.append(f"mouse: the {phase.value} phase needs the mouse that moved (mice_turn)")
            elif phase is Phase.FORK and not state.mice_turn:
                problems.append("phase: only the mice use a fork (CC-T5), it is the cat's turn")
            else:
                cell = self.piece_cell(state, self.mover(state))
                if phase is Phase.EXTRA:
                    if state.roll not in EXTRA_STEPS.values():
                        problems.append(
                            f"roll: the extra steps are {sorted(EXTRA_STEPS.values())}, not {state.roll} (CC-T3)"
                        )
                    if not 0 <= state.last_from < lay.n_cells or state.last_from == cell:
                        problems.append("last_from: the extra steps need the square just left (CC-T3)")
                if phase is Phase.REVEAL and (
                    cell >= nf or state.tiles[cell] != FACE_DOWN or (not state.mice_turn and lay.table[cell])
                ):
                    problems.append(
                        "phase: a tile is revealed only under a piece that stopped on a face-down tile (CC-T0)"
                    )
                if phase is Phase.FORK and not self._fork_cheese(state):
                    problems.append("phase: a fork with no uncovered cheese to take (CC-T5)")
        return problems

    def describe(self, state: ChopChopState) -> str:
        cheese = f"mice have {state.cheese}/{self.cfg.cheese_to_win} cheese"
        left = sum(p >= 0 for p in state.mice)
        mice = f"{left} {'mouse' if left == 1 else 'mice'} left"
        if state.phase is Phase.OVER:
            if state.winner == MICE_SIDE:
                return f"The mice win: they carried {state.cheese} cheese home. {mice.capitalize()}."
            if state.winner == CAT_SIDE:
                return f"The cat wins: all mice are caught ({state.cheese} cheese collected)."
            if state.turns >= self.cfg.max_turns:
                return f"A draw (CC-W5): the turn limit of {state.turns} turns is reached; {cheese}."
            nf = self.layout.n_floor
            if all(p < 0 or p >= nf for p in state.mice):
                return f"A draw (CC-W5): {mice}, shut in their holes behind uncovered cheese; {cheese}."
            return f"A draw (CC-W5): {mice}; walled in by uncovered cheese, neither side can reach its goal; {cheese}."
        who = "cat" if not state.mice_turn else f"mice (player {state.seat})"
        doing = {
            Phase.PLACE: "the cat player chooses the cat's starting square on the table",
            Phase.ROLL: f"the {who} roll{'s' if not state.mice_turn else ''} the die",
            Phase.MOVE: f"the {who} rolled {state.roll} and must move",
            Phase.REVEAL: "a tile is turned over",
            Phase.EXTRA: f"the {who} may take {state.roll} extra step{'s' if state.roll > 1 else ''}",
            Phase.ARROW: f"the {who} may jump anywhere (arrow)",
            Phase.FORK: "the mice choose which cheese to fork",
        }[state.phase]
        double = " (double turn)" if state.lock >= 0 else ""
        return f"Chop Chop: {doing}{double}; {cheese}; {mice}."
