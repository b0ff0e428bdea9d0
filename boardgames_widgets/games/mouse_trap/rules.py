"""Mouse Trap rules (RULES.md §2): a roll-and-move race that ends in a chain-reaction trap.

Pure and standard-library only. The board and the trap are data (:mod:`.layout`); this
module is the turn machine:

``ROLL`` (chance: the mover's die) → the landing space is resolved → possibly
``TAKE_CHOICE`` (the mover splits a take between tied richest opponents) → possibly,
on the Turn Crank, ``AT_CRANK`` (pay 1 cheese to move an opponent, crank, or end the
turn) with ``MOVE_ROLL`` (chance: the die for the opponent's mouse) and ``CRANK``
(chance: does the trap work?) → the next free player's ``ROLL``.

>>> game = MouseTrap(num_players=2)
>>> state = game.new_initial_state()
>>> game.chance_outcomes(state)[0]
(Roll(value=1), Fraction(1, 6))
>>> state = game.apply(state, Roll(5))
>>> game.describe(state)
'Mouse Trap, round 1: Blue to roll; trap 1/16 built; pile 51; cheese Red 1, Blue 0. Red rolled 5: Build (2-3-4): added the base, took 1 from the pile.'
"""

from __future__ import annotations

import enum
import itertools
import random
import re
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
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
    state_builder,
)
from boardgames_widgets.core.numbers import short
from boardgames_widgets.core.rng import index_drawer
from boardgames_widgets.games.mouse_trap.layout import (
    MOUSE_NAMES,
    TRAP_PARTS,
    SpaceKind,
    make_config,
)

# ----------------------------------------------------------------------------------------
# Actions
# ----------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Roll:
    """A chance outcome: the die shows ``value`` (the mover's roll, or an opponent's move)."""

    value: int

    def __str__(self) -> str:
        return f"roll {self.value}"


@dataclass(frozen=True, slots=True)
class TrapOutcome:
    """A chance outcome of the crank: the trap works (every mouse on the wheel is caught) or not."""

    works: bool

    def __str__(self) -> str:
        return "trap works" if self.works else "trap fails"


@dataclass(frozen=True, slots=True)
class TakeCheese:
    """The mover's choice how to take cheese from tied richest opponents (MT-TC, MT-T3).

    Attributes:
        amounts: ``(player, pieces)`` pairs, by seat, pieces ≥ 1.
    """

    amounts: tuple[tuple[int, int], ...]

    def __str__(self) -> str:
        return "take " + ", ".join(f"{n} from {MOUSE_NAMES[p]}" for p, n in self.amounts)


@dataclass(frozen=True, slots=True)
class MoveMouse:
    """Pay 1 cheese to roll for an opponent's mouse and move it (MT-MO)."""

    player: int

    def __str__(self) -> str:
        return f"move {MOUSE_NAMES[self.player]}"


@dataclass(frozen=True, slots=True)
class Crank:
    """Turn the crank (MT-T)."""

    def __str__(self) -> str:
        return "crank"


@dataclass(frozen=True, slots=True)
class EndTurn:
    """End the turn on the Turn Crank without (more) moving of opponents."""

    def __str__(self) -> str:
        return "end turn"


Action = Roll | TrapOutcome | TakeCheese | MoveMouse | Crank | EndTurn
_ACTION_TYPES = (Roll, TrapOutcome, TakeCheese, MoveMouse, Crank, EndTurn)

# ----------------------------------------------------------------------------------------
# State
# ----------------------------------------------------------------------------------------


class Phase(enum.Enum):
    """Where in a turn the game is."""

    ROLL = "the mover rolls (chance)"
    TAKE_CHOICE = "the mover chooses whom to take cheese from"
    AT_CRANK = "the mover on the Turn Crank: move an opponent, crank or end the turn"
    MOVE_ROLL = "the die for an opponent's mouse being moved (chance)"
    CRANK = "the crank is turned: does the trap work? (chance)"
    OVER = "the game is over"


@dataclass(frozen=True, slots=True, repr=False)
class MouseTrapState:
    """A whole Mouse Trap position (perfect information).

    Attributes:
        positions: each player's mouse (0 = START; the Loop follows the track).
        caught: whether each player's mouse is caught (out of the game).
        cheese: each player's cheese.
        pile: cheese in the pile; ``pile + sum(cheese)`` is always the supply (52).
        parts_built: trap parts built so far (parts 1..parts_built).
        mover: the player whose turn it is.
        phase: the step of the turn.
        take_amount: in TAKE_CHOICE, the pieces still to take.
        take_from: in TAKE_CHOICE, the tied richest opponents.
        moving: in MOVE_ROLL, the opponent whose mouse is being moved (else -1).
        round: the round being played (1-based).
        last_roll: the last die roll (0 before the first).
        winners: at the end, the winner(s).
        event: what just happened, in words.
    """

    positions: tuple[int, ...]
    caught: tuple[bool, ...]
    cheese: tuple[int, ...]
    pile: int
    parts_built: int
    mover: int
    phase: Phase
    take_amount: int = 0
    take_from: tuple[int, ...] = ()
    moving: int = -1
    round: int = 1
    last_roll: int = 0
    winners: tuple[int, ...] = ()
    event: str = ""

    def __repr__(self) -> str:
        """A one-line summary (display the state to see the board)."""
        return f"<MouseTrapState: round {self.round}, {self.phase.value}, player {self.mover} to act>"

    def _repr_svg_(self) -> str:
        from boardgames_widgets.core.registry import make_game

        return make_game("mouse_trap", num_players=len(self.positions)).state_svg(self)


@dataclass(frozen=True, slots=True)
class MouseTrapObservation:
    """What a player sees: everything (Mouse Trap has no hidden information)."""

    player: int
    state: MouseTrapState


#: Builds a :class:`MouseTrapState` from its fields without the frozen dataclass's per-field
#: cost (see :func:`~boardgames_widgets.core.api.state_builder`).
_build_state = state_builder(MouseTrapState)


class _Work:
    """A mutable scratch copy of a state, used inside :meth:`MouseTrap.apply`."""

    __slots__ = (
        "caught",
        "cheese",
        "events",
        "last_roll",
        "mover",
        "moving",
        "parts_built",
        "phase",
        "pile",
        "positions",
        "round",
        "say",
        "take_amount",
        "take_from",
        "winners",
    )

    def __init__(self, s: MouseTrapState) -> None:
        self.positions = list(s.positions)
        self.caught = list(s.caught)
        self.cheese = list(s.cheese)
        self.pile = s.pile
        self.parts_built = s.parts_built
        self.mover = s.mover
        self.phase = s.phase
        self.take_amount = 0
        self.take_from: tuple[int, ...] = ()
        self.moving = -1
        self.round = s.round
        self.last_roll = s.last_roll
        self.winners: tuple[int, ...] = ()
        self.events: list[str] = []
        self.say = True  # whether to put the events into words (a playout reads none)

    def freeze(self) -> MouseTrapState:
        return _build_state(
            tuple(self.positions),
            tuple(self.caught),
            tuple(self.cheese),
            self.pile,
            self.parts_built,
            self.mover,
            self.phase,
            self.take_amount,
            self.take_from,
            self.moving,
            self.round,
            self.last_roll,
            self.winners,
            " ".join(self.events),
        )


def _take_allocations(amount: int, tied: Sequence[int], each: int) -> list[TakeCheese]:
    """Every way to take ``amount`` (or as much as they have) from ``tied`` players with ``each`` pieces."""
    total = min(amount, each * len(tied))
    out = []
    for split in itertools.product(range(each + 1), repeat=len(tied)):
        if sum(split) == total:
            out.append(TakeCheese(tuple((p, n) for p, n in zip(tied, split, strict=True) if n > 0)))
    return out


_TAKE_RE = re.compile(r"^take (.+)$")
_TAKE_PART_RE = re.compile(r"^(\d+) from (\w+)$")


class MouseTrap(Game[MouseTrapState, Action]):
    """Mouse Trap for 2–4 players (RULES.md §2).

    Args:
        num_players: 2 to 4.
        **params: the named parameters of :class:`~.layout.MouseTrapConfig` (``track``,
            ``loop``, ``stage_reliability``, ``cheese_supply``, ``die_faces``,
            ``loop_build_parts``, ``move_needs_complete_trap``, ``max_rounds``,
            ``first_player``), as JSON-able values.

    Raises:
        ValueError: a bad number of players or a bad parameter.
    """

    info: ClassVar[GameInfo] = GameInfo(
        id="mouse_trap",
        name="Mouse Trap",
        min_players=2,
        max_players=4,
        has_chance=True,
        hidden_information=False,
        rules_section="2",
    )

    def __init__(self, num_players: int = 2, **params: Any) -> None:
        super().__init__(num_players)
        self.cfg = make_config(num_players, **params)
        c = self.cfg
        self._safe = c.position_of(SpaceKind.SAFE)
        self._crank = c.position_of(SpaceKind.TURN_CRANK)
        self._wheel = c.position_of(SpaceKind.CHEESE_WHEEL)
        self._p_works = c.trap_works
        p = Fraction(1, c.die_faces)
        self._rolls: list[tuple[Action, Fraction]] = [(Roll(d), p) for d in range(1, c.die_faces + 1)]
        crank: list[tuple[Action, Fraction]] = [(TrapOutcome(True), self._p_works)]
        if self._p_works < 1:
            crank.append((TrapOutcome(False), 1 - self._p_works))
        self._crank_outcomes = crank
        # Tables for the hot loops of search, built once from the config: the die's
        # outcomes, where each roll takes a mouse from each space, each space's words
        self._faces = c.die_faces
        self._num_parts = c.num_parts
        self._roll_actions = tuple(Roll(d) for d in range(1, c.die_faces + 1))
        self._forward = {(pos, d): c.forward(pos, d) for pos in range(c.num_spaces) for d in range(1, c.die_faces + 1)}
        self._words = tuple(space.words for space in c.spaces)

    # -- configuration -------------------------------------------------------------
    def config(self) -> dict[str, Any]:
        """The JSON-able configuration (every named parameter)."""
        return self.cfg.to_json()

    # -- the game API --------------------------------------------------------------
    def new_initial_state(self) -> MouseTrapState:
        """Every mouse on START, the whole supply in the pile, nothing built (MT-1)."""
        n = self.num_players
        return MouseTrapState(
            positions=(0,) * n,
            caught=(False,) * n,
            cheese=(0,) * n,
            pile=self.cfg.cheese_supply,
            parts_built=0,
            mover=self.cfg.first_player,
            phase=Phase.ROLL,
        )

    def current_player(self, state: MouseTrapState) -> int:
        """The mover at a decision, CHANCE for dice and the crank, TERMINAL at the end."""
        ph = state.phase
        if ph is Phase.OVER:
            return TERMINAL
        if ph in (Phase.ROLL, Phase.MOVE_ROLL, Phase.CRANK):
            return CHANCE
        return state.mover

    def legal_actions(self, state: MouseTrapState) -> list[Action]:
        """The mover's choices (empty at chance and terminal nodes)."""
        if state.phase is Phase.TAKE_CHOICE:
            each = state.cheese[state.take_from[0]]
            return list(_take_allocations(state.take_amount, state.take_from, each))
        if state.phase is Phase.AT_CRANK:
            movable, can_crank = self._crank_options(state.positions, state.caught, state.cheese, state)
            acts: list[Action] = [MoveMouse(p) for p in movable]
            acts.append(Crank() if can_crank else EndTurn())
            return acts
        return []

    def chance_outcomes(self, state: MouseTrapState) -> list[tuple[Action, Fraction]]:
        """The die (uniform) or the trap (works with the product of stage reliabilities)."""
        if state.phase in (Phase.ROLL, Phase.MOVE_ROLL):
            return list(self._rolls)
        if state.phase is Phase.CRANK:
            return list(self._crank_outcomes)
        return []

    def sample_chance(self, state: MouseTrapState, rng: random.Random) -> Action:
        """One die roll or crank outcome, drawn directly (faster for search), with the
        odds of :meth:`chance_outcomes`: a uniform face, or the trap works when one
        integer below the denominator of P(works) falls under its numerator."""
        ph = state.phase
        if ph is Phase.ROLL or ph is Phase.MOVE_ROLL:
            return rng.choice(self._roll_actions)
        if ph is Phase.CRANK:
            p = self._p_works
            if p.denominator == 1:  # a trap that always works: no draw needed
                return TrapOutcome(True)
            return TrapOutcome(rng.randrange(p.denominator) < p.numerator)
        return super().sample_chance(state, rng)  # not a chance node: the base class says why

    def returns(self, state: MouseTrapState) -> tuple[float, ...]:
        """1 for the winner (1/k each for k sharing a win at the round limit), else 0."""
        if state.phase is not Phase.OVER:
            return (0.0,) * self.num_players
        share = 1.0 / len(state.winners)
        return tuple(share if p in state.winners else 0.0 for p in range(self.num_players))

    def observation(self, state: MouseTrapState, player: int) -> MouseTrapObservation:
        """The whole state: Mouse Trap has no hidden information.

        Raises:
            ValueError: ``player`` is not a seat.
        """
        check_seat(player, self.num_players)
        return MouseTrapObservation(player, state)

    def parse_action(self, text: str) -> Action:
        """The action whose ``str()`` is ``text`` ("roll 4", "move Blue", "take 2 from Red, 1 from Green").

        Raises:
            InvalidActionError: ``text`` names no action of this game.
        """
        check_action_text(text)
        t = " ".join(text.strip().split())
        low = t.lower()
        names = {name.lower(): i for i, name in enumerate(MOUSE_NAMES)}
        if low == "crank":
            return Crank()
        if low == "end turn":
            return EndTurn()
        if low in ("trap works", "trap fails"):
            return TrapOutcome(low == "trap works")
        if low.startswith("roll "):
            v = low[5:]
            if v.isdigit() and 1 <= int(v) <= self.cfg.die_faces:
                return Roll(int(v))
        if low.startswith("move ") and low[5:] in names:
            return MoveMouse(names[low[5:]])
        m = _TAKE_RE.match(low)
        if m:
            pairs = []
            for chunk in m.group(1).split(","):
                pm = _TAKE_PART_RE.match(chunk.strip())
                if pm is None or pm.group(2) not in names or int(pm.group(1)) < 1:
                    break
                pairs.append((names[pm.group(2)], int(pm.group(1))))
            else:
                seats = [p for p, _ in pairs]
                if seats == sorted(set(seats)):
                    return TakeCheese(tuple(pairs))
        raise InvalidActionError(
            f"{short(text)} is not a Mouse Trap action (try 'roll 4', 'move Blue', 'crank', 'end turn', "
            "'take 2 from Red, 1 from Green', 'trap works')"
        )

    # -- applying actions ----------------------------------------------------------
    def _check_input(self, action: Action) -> None:
        """Strict inputs: a Mouse Trap action whose fields have their types and ranges.

        Raises:
            InvalidActionError: not an action, a field of the wrong type, a seat that
                does not exist or a number of cheese pieces below 1.
        """
        check_action(action, _ACTION_TYPES, "Mouse Trap")
        n = self.num_players
        if type(action) is MoveMouse and not 0 <= action.player < n:
            raise InvalidActionError(f"{action!r}: there is no player {action.player}")
        if type(action) is TakeCheese and not all(0 <= p < n and k >= 1 for p, k in action.amounts):
            raise InvalidActionError(f"{action!r}: takes are (seat, pieces >= 1) pairs")

    def apply(self, state: MouseTrapState, action: Action) -> MouseTrapState:
        """The state after ``action`` (a die roll, a trap outcome or the mover's choice).

        Raises:
            InvalidActionError: ``action`` is not a Mouse Trap action.
            GameOverError: the game is over.
            IllegalActionError: the action is not allowed here (names the rule).
        """
        self._check_input(action)
        return self._advance(state, action)

    def apply_trusted(self, state: MouseTrapState, action: Action) -> MouseTrapState:
        """:meth:`apply` without checking the action's fields: it comes from ``legal_actions``
        or ``sample_chance`` of ``state`` (search's playouts; see :meth:`Game.apply_trusted`)."""
        return self._advance(state, action)

    def _advance(self, state: MouseTrapState, action: Action) -> MouseTrapState:
        """The state after ``action`` (a well-formed action; the phase's rules are checked here)."""
        ph = state.phase
        if ph is Phase.OVER:
            raise GameOverError(f"the game is over; {action} cannot be played")
        w = _Work(state)
        name = MOUSE_NAMES[state.mover]
        if ph is Phase.ROLL:
            if not isinstance(action, Roll) or not 1 <= action.value <= self._faces:
                raise IllegalActionError("MT-1", f"{name} must roll the die (1-{self._faces}), not {action}")
            self._turn_roll(w, action.value)
        elif ph is Phase.MOVE_ROLL:
            if not isinstance(action, Roll) or not 1 <= action.value <= self._faces:
                raise IllegalActionError(
                    "MT-MO", f"the die must be rolled for {MOUSE_NAMES[state.moving]}'s mouse, not {action}"
                )
            self._move_roll(w, state.moving, action.value)
        elif ph is Phase.CRANK:
            if not isinstance(action, TrapOutcome) or (not action.works and self._p_works == 1):
                raise IllegalActionError("MT-T", f"the crank is being turned: the trap works or fails, not {action}")
            self._crank_result(w, action.works)
        elif ph is Phase.TAKE_CHOICE:
            legal = self.legal_actions(state)
            if action not in legal:
                raise IllegalActionError(
                    "MT-TC",
                    f"{name} must take {state.take_amount} cheese from the tied richest opponents "
                    f"({', '.join(MOUSE_NAMES[p] for p in state.take_from)}): one of {', '.join(map(str, legal))}, "
                    f"not {action}",
                )
            assert isinstance(action, TakeCheese)
            for p, n in action.amounts:
                w.cheese[p] -= n
                w.cheese[w.mover] += n
            if w.say:
                w.events.append(f"{name} {action}.")
            self._end_turn(w)
        else:  # AT_CRANK
            self._crank_decision(state, w, action)
        return w.freeze()

    def random_playout(self, state: MouseTrapState, rng: random.Random) -> tuple[float, ...]:
        """:meth:`Game.random_playout` on one mutable working copy, with no events put
        into words (nobody reads a playout's log): the same draws from ``rng`` and the
        same returns, faster. Chance draws as :meth:`sample_chance` does (a die face
        is ``rng.choice`` of the faces: index + 1)."""
        below = index_drawer(rng)
        w = _Work(state)
        w.say = False
        # what a step reads of the position beyond what _Work copies (it starts them afresh)
        w.take_amount, w.take_from, w.moving, w.winners = (
            state.take_amount,
            state.take_from,
            state.moving,
            state.winners,
        )
        view = cast(MouseTrapState, w)  # the rules read the working copy as a state
        faces = self._faces
        works = self._p_works
        while True:
            ph = w.phase
            if ph is Phase.ROLL:
                self._turn_roll(w, below(faces) + 1)
            elif ph is Phase.MOVE_ROLL:
                victim = w.moving
                w.moving = -1
                self._move_roll(w, victim, below(faces) + 1)
            elif ph is Phase.CRANK:
                self._crank_result(w, works.denominator == 1 or below(works.denominator) < works.numerator)
            elif ph is Phase.OVER:
                return self.returns(view)
            elif ph is Phase.TAKE_CHOICE:
                legal = self.legal_actions(view)
                take = legal[below(len(legal))]
                w.take_amount, w.take_from = 0, ()
                for p, n in take.amounts:  # type: ignore[union-attr]
                    w.cheese[p] -= n
                    w.cheese[w.mover] += n
                self._end_turn(w)
            else:  # AT_CRANK
                legal = self.legal_actions(view)
                self._crank_decision(view, w, legal[below(len(legal))])

    # -- the steps of a turn -------------------------------------------------------
    def _ahead(self, position: int, roll: int) -> int:
        """``cfg.forward(position, roll)``, from the table built in ``__init__`` (same answer, faster).

        Anything not in the table (a position off the board, a number that is not an
        int such as 2.0) goes the slow way, so it behaves exactly as before.
        """
        to = self._forward.get((position, roll)) if type(position) is type(roll) is int else None
        return self.cfg.forward(position, roll) if to is None else to

    def _turn_roll(self, w: _Work, roll: int) -> None:
        """MT-1: move the mover's mouse and resolve the landing space."""
        c = self.cfg
        me = w.mover
        name = MOUSE_NAMES[me]
        w.last_roll = roll
        pos = self._ahead(w.positions[me], roll)
        w.positions[me] = pos
        space = c.spaces[pos]
        k = space.kind
        head = f"{name} rolled {roll}: {self._words[pos]}" if w.say else ""
        if k is SpaceKind.BACK or k is SpaceKind.AHEAD:  # MT-BA: move, then stop; nothing else
            w.positions[me] = c.jump(pos)
            if w.say:
                w.events.append(f"{head}, to {self._words[w.positions[me]]} (not resolved).")
        elif k is SpaceKind.BUILD:  # MT-B, MT-P
            if w.parts_built >= self._num_parts:
                if w.say:
                    w.events.append(f"{head}: the trap is complete, nothing to build.")
            elif not c.can_build_on(space):
                if w.say:
                    w.events.append(f"{head}: not for {c.num_players} players.")
            else:
                want = c.loop_build_parts if pos >= c.loop_start else 1
                added = min(want, self._num_parts - w.parts_built)
                if w.say:
                    names = ", ".join(TRAP_PARTS[w.parts_built : w.parts_built + added])
                    w.events.append(f"{head}: added the {names},")
                w.parts_built += added
                if self._take(w, added, from_pile=True):
                    return
        elif k is SpaceKind.TAKE or k is SpaceKind.CHEESE_WHEEL:  # MT-TC, MT-CW
            if w.say:
                w.events.append(head + ":")
            if self._take(w, space.amount if k is SpaceKind.TAKE else 2, from_pile=True):
                return
        elif k is SpaceKind.TAKE3_RICHEST:  # MT-T3
            if w.say:
                w.events.append(head + ":")
            if self._take(w, space.amount, from_pile=False):
                return
        elif k is SpaceKind.LOSE:  # MT-LC
            lost = min(space.amount, w.cheese[me])
            w.cheese[me] -= lost
            w.pile += lost
            if w.say:
                w.events.append(f"{head}: returned {lost}.")
        elif k is SpaceKind.TURN_CRANK:  # MT-T, MT-MO
            if w.say:
                w.events.append(head + ".")
            if self._at_crank(w):
                return
        else:  # MT-DB, Safe, START: nothing happens
            if w.say:
                w.events.append(head + ".")
        self._end_turn(w)

    def _take(self, w: _Work, amount: int, *, from_pile: bool) -> bool:
        """Take ``amount`` cheese (MT-TC/MT-T3); True if the mover must now choose (a tie)."""
        me = w.mover
        got = min(amount, w.pile) if from_pile else 0
        w.pile -= got
        w.cheese[me] += got
        rest = amount - got
        words = [f"took {got} from the pile"] if got else []
        if rest > 0:
            opp = [p for p in range(self.num_players) if p != me and not w.caught[p]]
            most = max((w.cheese[p] for p in opp), default=0)
            tied = tuple(p for p in opp if w.cheese[p] == most) if most > 0 else ()
            if len(tied) == 1:
                n = min(rest, most)
                w.cheese[tied[0]] -= n
                w.cheese[me] += n
                words.append(f"took {n} from {MOUSE_NAMES[tied[0]]}")
            elif tied:
                options = _take_allocations(rest, tied, most)
                if len(options) == 1:
                    for p, n in options[0].amounts:
                        w.cheese[p] -= n
                        w.cheese[me] += n
                    words.append(str(options[0]).replace("take", "took", 1))
                else:
                    w.phase = Phase.TAKE_CHOICE
                    w.take_amount = rest
                    w.take_from = tied
                    words.append(f"must choose how to take {rest} from {', '.join(MOUSE_NAMES[p] for p in tied)}")
                    if w.say:
                        w.events.append(" and ".join(words) + ".")
                    return True
            elif not got:
                words.append("nobody has cheese to take")
        if w.say:
            w.events.append((" and ".join(words) or "took nothing") + ".")
        return False

    def _crank_options(
        self, positions: Sequence[int], caught: Sequence[bool], cheese: Sequence[int], state: MouseTrapState | _Work
    ) -> tuple[list[int], bool]:
        """(opponents the mover may pay to move, whether the crank can be turned)."""
        me = state.mover
        complete = state.parts_built >= self._num_parts
        opponents = [p for p in range(self.num_players) if p != me and not caught[p]]
        can_move = cheese[me] >= 1 and (complete or not self.cfg.move_needs_complete_trap)
        movable = [p for p in opponents if positions[p] != self._safe] if can_move else []
        can_crank = complete and any(positions[p] == self._wheel for p in opponents)
        return movable, can_crank

    def _at_crank(self, w: _Work) -> bool:
        """After landing on (or moving a mouse while on) the Turn Crank: True if the turn goes on."""
        movable, can_crank = self._crank_options(w.positions, w.caught, w.cheese, w)
        if movable:
            w.phase = Phase.AT_CRANK
            return True
        if can_crank:
            w.phase = Phase.CRANK
            if w.say:
                w.events.append(f"{MOUSE_NAMES[w.mover]} turns the crank!")
            return True
        return False

    def _crank_decision(self, state: MouseTrapState, w: _Work, action: Action) -> None:
        name = MOUSE_NAMES[state.mover]
        movable, can_crank = self._crank_options(state.positions, state.caught, state.cheese, state)
        if isinstance(action, MoveMouse):
            p = action.player
            if p == state.mover or not 0 <= p < self.num_players or state.caught[p]:
                raise IllegalActionError("MT-MO", f"{name} can only move a free opponent's mouse, not {action}")
            if state.cheese[state.mover] < 1:
                raise IllegalActionError("MT-MO", f"{name} has no cheese left to pay for moving a mouse")
            if state.positions[p] == self._safe:
                raise IllegalActionError("MT-MO", f"{MOUSE_NAMES[p]}'s mouse is on the Safe space and cannot be moved")
            assert p in movable
            w.cheese[state.mover] -= 1
            w.pile += 1
            w.phase = Phase.MOVE_ROLL
            w.moving = p
            if w.say:
                w.events.append(f"{name} pays 1 cheese to move {MOUSE_NAMES[p]}.")
        elif isinstance(action, Crank):
            if state.parts_built < self._num_parts:
                raise IllegalActionError("MT-P", "the trap can be sprung only when complete")
            if not can_crank:
                raise IllegalActionError("MT-T", "no opponent's mouse is on the Cheese Wheel: nothing to crank for")
            w.phase = Phase.CRANK
            if w.say:
                w.events.append(f"{name} turns the crank!")
        elif isinstance(action, EndTurn):
            if can_crank:
                raise IllegalActionError(
                    "MT-T", f"an opponent's mouse is on the Cheese Wheel: {name} must turn the crank, not end the turn"
                )
            if w.say:
                w.events.append(f"{name} ends the turn.")
            self._end_turn(w)
        else:
            raise IllegalActionError(
                "MT-MO", f"{name} is on the Turn Crank: move a mouse, crank or end turn, not {action}"
            )

    def _move_roll(self, w: _Work, victim: int, roll: int) -> None:
        """MT-MO: move an opponent's mouse; the space reached is not resolved."""
        w.last_roll = roll
        w.positions[victim] = self._ahead(w.positions[victim], roll)
        if w.say:
            w.events.append(f"{MOUSE_NAMES[victim]}'s mouse is moved {roll} to {self._words[w.positions[victim]]}.")
        if not self._at_crank(w):
            self._end_turn(w)

    def _crank_result(self, w: _Work, works: bool) -> None:
        """MT-T: catch every opponent on the Cheese Wheel, or send them all to Safe."""
        me = w.mover
        victims = [p for p in range(self.num_players) if p != me and not w.caught[p] and w.positions[p] == self._wheel]
        who = ", ".join(MOUSE_NAMES[p] for p in victims) if w.say else ""
        if works:
            for p in victims:
                w.caught[p] = True
                w.cheese[me] += w.cheese[p]
                w.cheese[p] = 0
            if w.say:
                w.events.append(f"The trap works: {who} caught.")
            free = [p for p in range(self.num_players) if not w.caught[p]]
            if len(free) == 1:  # MT-W
                w.phase = Phase.OVER
                w.winners = (free[0],)
                if w.say:
                    w.events.append(f"{MOUSE_NAMES[free[0]]} has the last free mouse and wins.")
                return
        else:
            for p in victims:
                w.positions[p] = self._safe
            if w.say:
                w.events.append(f"The trap fails: {who} to Safe.")
        self._end_turn(w)

    def _end_turn(self, w: _Work) -> None:
        """Pass the turn clockwise to the next free mouse (caught players are skipped)."""
        n = self.num_players
        first = self.cfg.first_player
        me = w.mover
        nxt = (me + 1) % n
        if w.caught[nxt]:  # the common case, the next seat free, needs no search
            nxt = next(p for p in ((me + i) % n for i in range(1, n + 1)) if not w.caught[p])
        if (nxt - first) % n <= (me - first) % n:
            w.round += 1
        if w.round > self.cfg.max_rounds:
            free = [p for p in range(n) if not w.caught[p]]
            most = max(w.cheese[p] for p in free)
            w.winners = tuple(p for p in free if w.cheese[p] == most)
            w.phase = Phase.OVER
            w.round = self.cfg.max_rounds
            if w.say:
                w.events.append(
                    f"After {self.cfg.max_rounds} rounds the most cheese wins: "
                    f"{', '.join(MOUSE_NAMES[p] for p in w.winners)}."
                )
            return
        w.mover = nxt
        w.phase = Phase.ROLL

    # -- checks and words ----------------------------------------------------------
    def validate_state(self, state: MouseTrapState) -> None:
        """Check the invariants of a loaded state.

        Raises:
            ValueError: a broken invariant (wrong sizes, cheese not conserved, ...).
        """
        n = self.num_players
        c = self.cfg
        if not (len(state.positions) == len(state.caught) == len(state.cheese) == n):
            raise ValueError(f"a {n}-player state needs {n} positions, caught flags and cheese counts")
        if not all(0 <= p < c.num_spaces for p in state.positions):
            raise ValueError(f"positions must be 0..{c.num_spaces - 1}: {state.positions}")
        if min(state.cheese) < 0 or state.pile < 0:
            raise ValueError("cheese counts cannot be negative")
        if state.pile + sum(state.cheese) != c.cheese_supply:
            raise ValueError(
                f"MT-2: pile {state.pile} + players {sum(state.cheese)} is not the supply {c.cheese_supply}"
            )
        if any(state.cheese[p] for p in range(n) if state.caught[p]):
            raise ValueError("MT-T: a caught player's cheese belongs to the cranker")
        if not 0 <= state.parts_built <= c.num_parts:
            raise ValueError(f"parts_built must be 0..{c.num_parts}")
        if not 0 <= state.mover < n:
            raise ValueError(f"mover must be a seat 0..{n - 1}")
        if not 1 <= state.round <= c.max_rounds:
            raise ValueError(f"round must be 1..{c.max_rounds}")
        if not 0 <= state.last_roll <= c.die_faces:
            raise ValueError(f"last_roll must be 0..{c.die_faces}")
        if not all(0 <= p < n for p in (*state.take_from, *state.winners)) or len(set(state.take_from)) != len(
            state.take_from
        ):
            raise ValueError("take_from and winners must be distinct seats")
        if state.phase is not Phase.TAKE_CHOICE and (state.take_amount or state.take_from):
            raise ValueError("take_amount and take_from belong to the TAKE_CHOICE phase only")
        if state.phase is not Phase.MOVE_ROLL and state.moving != -1:
            raise ValueError("moving is -1 outside the MOVE_ROLL phase")
        if state.phase is not Phase.OVER and state.winners:
            raise ValueError("winners belong to a finished game only")
        free = [p for p in range(n) if not state.caught[p]]
        if state.phase is Phase.OVER:
            if not state.winners or not set(state.winners) <= set(free):
                raise ValueError("a finished game needs winners with free mice")
            return
        if len(free) < 2:
            raise ValueError("MT-W: a game with one free mouse is over")
        if state.caught[state.mover]:
            raise ValueError("a caught player has no turns")
        if state.phase is Phase.TAKE_CHOICE:
            tied = state.take_from
            if len(tied) < 2 or state.mover in tied or any(state.caught[p] for p in tied) or state.take_amount < 1:
                raise ValueError("TAKE_CHOICE needs two or more tied opponents and an amount")
            if len({state.cheese[p] for p in tied}) != 1 or state.cheese[tied[0]] < 1:
                raise ValueError("TAKE_CHOICE opponents must be tied with cheese to take")
            if state.take_amount > c.cheese_supply:
                raise ValueError(f"TAKE_CHOICE amount {state.take_amount} is more than the cheese supply")
        if state.phase is Phase.MOVE_ROLL and (
            not 0 <= state.moving < n or state.moving == state.mover or state.caught[state.moving]
        ):
            raise ValueError("MOVE_ROLL needs a free opponent being moved")
        if (
            state.phase in (Phase.AT_CRANK, Phase.MOVE_ROLL, Phase.CRANK)
            and state.positions[state.mover] != self._crank
        ):
            raise ValueError("the crank phases need the mover on the Turn Crank")
        if state.phase is Phase.AT_CRANK and not self.legal_actions(state):
            raise ValueError("AT_CRANK without choices")

    def describe(self, state: MouseTrapState) -> str:
        """One line in words: whose turn, the trap, the cheese, what just happened."""
        c = self.cfg
        names = MOUSE_NAMES
        cheese = ", ".join(
            f"{names[p]} {'caught' if state.caught[p] else state.cheese[p]}" for p in range(self.num_players)
        )
        ph = state.phase
        if ph is Phase.OVER:
            who = " and ".join(names[p] for p in state.winners)
            status = f"{who} {'win' if len(state.winners) > 1 else 'wins'}"
        elif ph is Phase.ROLL:
            status = f"{names[state.mover]} to roll"
        elif ph is Phase.TAKE_CHOICE:
            status = f"{names[state.mover]} to choose whom to take {state.take_amount} cheese from"
        elif ph is Phase.AT_CRANK:
            status = f"{names[state.mover]} on the Turn Crank to move a mouse or crank"
        elif ph is Phase.MOVE_ROLL:
            status = f"rolling for {names[state.moving]}'s mouse"
        else:
            status = "the crank turns"
        line = (
            f"Mouse Trap, round {state.round}: {status}; trap {state.parts_built}/{c.num_parts} built; "
            f"pile {state.pile}; cheese {cheese}."
        )
        return f"{line} {state.event}" if state.event else line
