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

import itertools
import random
from collections.abc import Sequence
from fractions import Fraction
from typing import Any, ClassVar

from boardgames_widgets.core.api import (
    CHANCE,
    TERMINAL,
    Game,
    GameInfo,
    GameOverError,
    IllegalActionError,
    check_seat,
)

# The actions and the state are in modules of their own (one per reader); the rules name them here.
from boardgames_widgets.games.mouse_trap import explain, loading, playout, text
from boardgames_widgets.games.mouse_trap.actions import (
    Action as Action,
)
from boardgames_widgets.games.mouse_trap.actions import (
    Crank as Crank,
)
from boardgames_widgets.games.mouse_trap.actions import (
    EndTurn as EndTurn,
)
from boardgames_widgets.games.mouse_trap.actions import (
    MoveMouse as MoveMouse,
)
from boardgames_widgets.games.mouse_trap.actions import (
    Roll as Roll,
)
from boardgames_widgets.games.mouse_trap.actions import (
    TakeCheese as TakeCheese,
)
from boardgames_widgets.games.mouse_trap.actions import (
    TrapOutcome as TrapOutcome,
)
from boardgames_widgets.games.mouse_trap.layout import (
    MOUSE_NAMES,
    TRAP_PARTS,
    SpaceKind,
    make_config,
)
from boardgames_widgets.games.mouse_trap.state import (
    MouseTrapObservation as MouseTrapObservation,
)
from boardgames_widgets.games.mouse_trap.state import (
    MouseTrapState as MouseTrapState,
)
from boardgames_widgets.games.mouse_trap.state import (
    Phase as Phase,
)
from boardgames_widgets.games.mouse_trap.state import _Work


def _take_allocations(amount: int, tied: Sequence[int], each: int) -> list[TakeCheese]:
    """Every way to take ``amount`` (or as much as they have) from ``tied`` players with ``each`` pieces."""
    total = min(amount, each * len(tied))
    out = []
    for split in itertools.product(range(each + 1), repeat=len(tied)):
        if sum(split) == total:
            out.append(TakeCheese(tuple((p, n) for p, n in zip(tied, split, strict=True) if n > 0)))
    return out


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
    #: apply refuses a roll or trap outcome chance does not offer, and everything after the end
    apply_checks_chance: ClassVar[bool] = True

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

    # -- applying actions ----------------------------------------------------------
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

    # -- in modules of their own, one per reader: strict inputs (explain), the action texts and
    # the one-line description (text), checking a loaded state (loading), the fast playout ------
    _check_input = explain.check_input
    parse_action = text.parse_action
    describe = text.describe
    validate_state = loading.validate_state
    random_playout = playout.random_playout
