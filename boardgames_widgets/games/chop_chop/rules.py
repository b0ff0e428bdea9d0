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

This module is the rulebook: the set-up, whose turn, the legal actions, what an
action does and the result; each rule ID marks the code that enforces it. The
other readers have their own modules (every name stays importable from here):
:mod:`.actions` and :mod:`.state` (the vocabulary), :mod:`.paths` (the one
self-avoiding search of a move, CC-M4, which the analysis and the lessons reuse),
:mod:`.moves` (the legal moves as bit masks and keys, the fast form of
:meth:`ChopChop.passable`), :mod:`.explain` (why an action is refused),
:mod:`.loading` (checking a configuration and a loaded state), :mod:`.text`
(actions and positions in words) and :mod:`.playout` (the fast random playout).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Mapping
from fractions import Fraction
from typing import ClassVar

from boardgames_widgets.core.api import (
    CHANCE,
    TERMINAL,
    Game,
    GameInfo,
    GameOverError,
    IllegalActionError,
    check_seat,
)
from boardgames_widgets.core.rng import CountedOdds, draw_by_counts
from boardgames_widgets.games.chop_chop import explain, loading, moves, playout, text
from boardgames_widgets.games.chop_chop.actions import _REVEALS, _coord_text
from boardgames_widgets.games.chop_chop.actions import CAT as CAT
from boardgames_widgets.games.chop_chop.actions import Action as Action
from boardgames_widgets.games.chop_chop.actions import Decline as Decline
from boardgames_widgets.games.chop_chop.actions import Jump as Jump
from boardgames_widgets.games.chop_chop.actions import Move as Move
from boardgames_widgets.games.chop_chop.actions import Pass as Pass
from boardgames_widgets.games.chop_chop.actions import PlaceCat as PlaceCat
from boardgames_widgets.games.chop_chop.actions import Reveal as Reveal
from boardgames_widgets.games.chop_chop.actions import Roll as Roll
from boardgames_widgets.games.chop_chop.actions import TakeCheese as TakeCheese
from boardgames_widgets.games.chop_chop.deadness import Deadness
from boardgames_widgets.games.chop_chop.layout import (
    CAT_DIE,
    CHEESE_TO_WIN,
    DEFAULT_MAP,
    EXTRA_STEPS,
    MAX_TURNS,
    MOUSE_DIE,
    ChopChopConfig,
    Coord,
    Layout,
    Tile,
)
from boardgames_widgets.games.chop_chop.paths import TABLE_MAX_STEPS as TABLE_MAX_STEPS
from boardgames_widgets.games.chop_chop.paths import Walk as Walk
from boardgames_widgets.games.chop_chop.paths import first_paths
from boardgames_widgets.games.chop_chop.state import _CHEESE, _TILE_INDEX, _Draft, _set
from boardgames_widgets.games.chop_chop.state import CAT_SEAT as CAT_SEAT
from boardgames_widgets.games.chop_chop.state import CAT_SIDE as CAT_SIDE
from boardgames_widgets.games.chop_chop.state import DRAW as DRAW
from boardgames_widgets.games.chop_chop.state import FACE_DOWN as FACE_DOWN
from boardgames_widgets.games.chop_chop.state import MICE_SIDE as MICE_SIDE
from boardgames_widgets.games.chop_chop.state import NO_TILE as NO_TILE
from boardgames_widgets.games.chop_chop.state import NO_WINNER as NO_WINNER
from boardgames_widgets.games.chop_chop.state import UNCOVERED_CHEESE as UNCOVERED_CHEESE
from boardgames_widgets.games.chop_chop.state import ChopChopObservation as ChopChopObservation
from boardgames_widgets.games.chop_chop.state import ChopChopState as ChopChopState
from boardgames_widgets.games.chop_chop.state import Phase as Phase

#: The chance outcomes of a tile turned up from the face-down counts (kept pairs, exact odds).
_REVEAL_ODDS: CountedOdds[Action] = CountedOdds(_REVEALS)


def _die_outcomes(faces: tuple[int, ...]) -> tuple[tuple[Roll, Fraction], ...]:
    counts = Counter(faces)
    return tuple((Roll(v), Fraction(counts[v], len(faces))) for v in sorted(counts))


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
        self.cfg = loading.make_config(board_map, tile_mix, mouse_die, cat_die, cheese_to_win, max_turns)
        self.layout: Layout = self.cfg.layout
        dice = (self.cfg.mouse_die, self.cfg.cat_die)
        self._dice = {True: _die_outcomes(dice[0]), False: _die_outcomes(dice[1])}
        # one Roll per face of each die (faces repeat: 1,1,2,2,3,4), for sample_chance
        self._roll_faces = {True: tuple(Roll(f) for f in dice[0]), False: tuple(Roll(f) for f in dice[1])}
        # each piece's walk tables by (piece, start, steps, forbidden first step), built from
        # the shared cache of walk_table when first needed, with the moves they gave
        # (moves.table_moves); _memo_size counts the move lists remembered
        self._piece_walks: dict[tuple[int, int, int, int], moves.PieceWalks] = {}
        # the same tables for moves as rolled (no forbidden first step), by piece and index
        self._roll_walks: list[list[moves.PieceWalks | None]] = [
            [None] * (self.layout.n_cells * moves.ROLL_STRIDE) for _ in range(self.layout.n_holes + 1)
        ]
        self._memo_size = 0
        self._mask_tables = moves.MaskTables(self.layout)
        self._n_cells = self.layout.n_cells
        self._every_cell = (1 << self._n_cells) - 1  # a bit per cell (floor squares, then holes)
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
        """The set-up: every tile face down, none known (CC-S1), a mouse on each hole tile
        lying hole-side down (CC-S2), the cat player to place the cat (CC-S3)."""
        lay = self.layout
        return ChopChopState(
            phase=Phase.PLACE,
            seat=CAT_SEAT,
            mice_turn=False,
            cat=-1,
            mice=tuple(lay.hole_cell(h) for h in range(lay.n_holes)),
            tiles=(FACE_DOWN,) * lay.n_floor,  # CC-S1
            hidden=self.cfg.tile_mix,  # CC-S1: only counted; a face is drawn when turned (CC-T0)
            holes_up=(False,) * lay.n_holes,  # CC-S2
            cheese=0,
            carried=False,
            roll=0,
            mouse=-1,
            last_from=-1,
            path=(),
            lock=-1,
            cat_skip=False,
            mice_skip=False,
            next_mouse_seat=1,  # CC-S4: the youngest mouse player starts
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
        if state.phase is Phase.REVEAL:  # CC-T0: any face still down, equally likely (CC-S1)
            return _REVEAL_ODDS(state.hidden)
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
        if phase is Phase.PLACE:  # CC-S3
            return [PlaceCat(self.coord(c)) for c in self._start_cells()]
        if phase is Phase.FORK:  # CC-T5: several uncovered cheeses, the mice choose
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
        else:  # MOVE, EXTRA, ARROW: the path by key is enough (no list of actions to build)
            cached = self._cache
            key = self._action_key(action)
            # the legal actions' paths if known, else the moving piece's moves only
            path = cached[2].get(key) if cached[0] is state else self._move_path(state, key)
            if path is None:
                raise self._explain(state, action)
            d = _Draft(state)
            self._step(d, action, path)
            return d.freeze()
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
            self._start_turn(d, True, False)
        elif phase is Phase.FORK:
            self._take_cheese(d, self.layout.index[action.at])  # type: ignore[union-attr]
        elif type(action) is Move or type(action) is Jump:  # MOVE, EXTRA, ARROW
            self._move(d, action.piece, path)
        else:  # Pass or Decline
            self._end_turn(d)

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

    # -- helpers the lessons and widgets use -------------------------------------------
    def mover(self, state: ChopChopState) -> int:
        """The piece moving this turn: ``CAT``, a mouse, or -1 if the mice have not chosen."""
        return state.mouse if state.mice_turn else CAT

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
        first_paths(nbrs, start, steps, free, end, forbid_first, keyed, 0)  # CC-M1 … CC-M4
        return {(k // n, k % n): path for k, path in keyed.items()}

    # -- internals ----------------------------------------------------------------------
    def _start_cells(self) -> tuple[int, ...]:
        """CC-S3: the table-top squares the cat may start on (any floor square on a map without a table)."""
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
                free[p] = False  # CC-M3: no passing, and no stopping on, another mouse
        cat = state.cat
        if cat >= 0 and not table[cat]:  # CC-M5, CC-M6: the cat on the table top is above the mice
            free[cat] = False  # CC-M3
        end = free[:nf] + [True] * lay.n_holes  # free is False on holes: CC-M8, a hole only as the last step
        for p in state.mice:
            if p >= nf:
                end[p] = False  # CC-M8: one mouse per hole
        return free, end

    def _movers(self, state: ChopChopState) -> tuple[list[int], int]:
        """The pieces that may move in a MOVE / EXTRA phase, and the cell the first step may
        not go to (-1: none)."""
        if state.phase is Phase.EXTRA:
            # CC-M7: the piece that found the +1/+2 goes on; CC-T3: not straight back to the square just left
            return [self.mover(state)], state.last_from
        if not state.mice_turn:
            return [CAT], -1  # CC-S4: the cat player moves the cat
        if state.lock >= 0:
            return [state.lock], -1  # CC-T6: the same mouse again on the knife's double turn
        return [m for m, p in enumerate(state.mice) if p >= 0], -1  # CC-S4: any mouse still in play

    def _moves_by_piece(self, state: ChopChopState) -> tuple[list[moves.Moves], int]:
        """The legal actions of a MOVE / EXTRA / ARROW phase: per piece, its moves
        (:data:`.moves.Moves`: keys (:meth:`_action_key`) and paths, and which of them are
        moves, in the order of :meth:`legal_actions`); and the action that comes last: -2
        Decline, -1 Pass, 0 none. Nothing in other phases."""
        phase = state.phase
        if phase is Phase.MOVE or phase is Phase.EXTRA:
            pieces, forbid = self._movers(state)
            steps = state.roll  # CC-M2: exactly the number rolled (or the extra steps)
            if steps <= TABLE_MAX_STEPS:
                # fast path: the precomputed self-avoiding walks (CC-M1, CC-M2, CC-M4), filtered by
                # what blocks the pieces now (the same moves, paths and order as the search below,
                # see paths.walk_table and moves.table_moves)
                groups = self._table_moves(state, pieces, steps, forbid)
            else:
                # the self-avoiding search itself (CC-M1, CC-M2, CC-M4); mice share one table
                # of what blocks them (a mouse's own square is its start)
                free, end = self.passable(state, pieces[0])
                nbrs = self.layout.cat_nbrs if pieces[0] == CAT else self.layout.mouse_nbrs
                n = self._n_cells
                groups = []
                for piece in pieces:
                    found: dict[int, tuple[int, ...]] = {}
                    first_paths(
                        nbrs, self.piece_cell(state, piece), steps, free, end, forbid, found, (piece + 1) * n * n
                    )
                    groups.append((tuple(found), tuple(found.values()), (1 << len(found)) - 1))
            if phase is Phase.EXTRA:
                return groups, -2  # CC-T3: the extra steps are optional
            for _, _, any_move in groups:
                if any_move:
                    return groups, 0
            return groups, -1  # CC-M10: no move of the rolled length, the turn passes
        if phase is Phase.ARROW:
            piece = self.mover(state)
            start = self.piece_cell(state, piece)
            cells = self._jump_targets(state, piece)
            keys = tuple(self._key(piece, cell, cell) for cell in cells)
            return [(keys, tuple((start, cell) for cell in cells), (1 << len(cells)) - 1)], -2  # CC-T4: optional
        return [], 0

    def _keyed(self, state: ChopChopState) -> dict[int, tuple[int, ...]]:
        """The legal actions of a MOVE / EXTRA / ARROW phase as their :meth:`_action_key`
        with their paths, in the order of :meth:`legal_actions` (-2: Decline, -1: Pass,
        last); empty in other phases."""
        groups, last = self._moves_by_piece(state)
        keyed: dict[int, tuple[int, ...]] = {}
        for keys, paths, moves_left in groups:
            while moves_left:  # each move in order: the lowest walk left
                low = moves_left & -moves_left
                i = low.bit_length() - 1
                keyed[keys[i]] = paths[i]
                moves_left ^= low
        if last:
            keyed[last] = ()
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
                if dest in d.mice:  # CC-C1
                    d.mice = _set(d.mice, d.mice.index(dest), -1)
                    if all(p < 0 for p in d.mice):  # CC-W1
                        self._finish(d, CAT_SIDE)
                        return
                if d.tiles[dest] == FACE_DOWN:  # CC-T0 (a table square's tile lies under the table)
                    d.phase = Phase.REVEAL
                    return
            self._end_turn(d)
            return
        d.mouse = piece  # CC-M7: this mouse is the one moving this turn
        d.mice = _set(d.mice, piece, dest)
        if start >= nf and not d.holes_up[start - nf]:  # CC-M9
            d.holes_up = _set(d.holes_up, start - nf, True)
        if dest >= nf and d.cheese >= self.cfg.cheese_to_win:
            d.carried = True  # CC-W2: the cheese is carried home
        if d.carried and self._mice_won(d):  # (no win before the cheese is carried home)
            return
        if dest < nf and d.tiles[dest] == FACE_DOWN:  # CC-T0: the tile reached is turned over
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
        """CC-T5: the fork takes the uncovered cheese at ``cell`` for the mice."""
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
        if d.mice_skip or d.cat_skip:
            for _ in range(2):  # CC-T6: a side with a pending skip gives its turn away
                if mice and d.mice_skip:
                    d.mice_skip = False
                elif not mice and d.cat_skip:
                    d.cat_skip = False
                else:
                    break
                mice = not mice
        self._start_turn(d, mice, mice and played_mice)

    def _start_turn(self, d: _Draft, mice: bool, double: bool) -> None:
        d.phase = Phase.ROLL
        d.roll = 0
        d.last_from = -1
        d.mice_turn = mice  # CC-S4: cat and mice alternate
        if not mice:
            d.seat = CAT_SEAT
            d.lock = -1
        elif double:
            d.lock = d.mouse  # CC-T6: the same mouse (and player) moves again
        else:
            d.lock = -1
            d.seat = d.next_mouse_seat  # CC-S4: mouse turns rotate among the mouse players
            d.next_mouse_seat = d.next_mouse_seat % (self.num_players - 1) + 1
        d.mouse = -1

    _masks = moves.masks
    _table_moves = moves.table_moves
    _options = moves.options
    move_paths = moves.move_paths
    _key = moves.move_key
    _action_key = moves.action_key
    _move_path = moves.move_path
    _make_move = moves.make_move

    # -- refusals, loading, words and the fast playout: each in its reader's module -------
    _check_input = explain.check_input
    _wrong_phase = explain.wrong_phase
    _explain = explain.explain
    config = loading.config
    validate_state = loading.validate_state
    parse_action = text.parse_action
    describe = text.describe
    random_playout = playout.random_playout
