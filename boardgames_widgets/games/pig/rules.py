"""Pig — the dice game of pushing your luck (the docs' example of adding a game).

The rules, as they are usually told (rule IDs as the other games' in RULES.md):

* **PG-1** Players take turns, seat 0 first. On your turn you either *roll* the die or
  *hold*; you must roll at least once before you may hold.
* **PG-2** A roll of 2 to 6 is added to your turn total and you choose again. A roll
  of **1** ("pig") loses the whole turn total and ends your turn.
* **PG-3** Holding adds your turn total to your score and ends your turn.
* **PG-4** The first player whose score plus turn total reaches the target (50 here;
  100 in the classic game) wins at once.

Chance is explicit: after a roll the state is a chance node whose six outcomes are the
faces of the die, 1/6 each. Everything is public (no hidden information).

>>> game = Pig(num_players=2)
>>> state = game.apply(game.new_initial_state(), ROLL)
>>> game.chance_outcomes(state)[0]
(Face(value=1), Fraction(1, 6))
>>> state = game.apply(state, Face(5))
>>> game.describe(state), game.legal_actions(state)
('Player 0: turn total 5 (score 0). Roll or hold?', [Roll(), Hold()])
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any, ClassVar

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
    check_parameter,
    check_seat,
)
from boardgames_widgets.core.rng import index_drawer

#: The faces of the die.
FACES: tuple[int, ...] = (1, 2, 3, 4, 5, 6)
#: The range of each numeric parameter (a saved game is input from anywhere).
PARAMETER_RANGES: dict[str, tuple[int, int]] = {"target": (10, 200)}
#: The default target: half the classic 100, so that a classroom game stays short.
DEFAULT_TARGET = 50


@dataclass(frozen=True, slots=True)
class Roll:
    """Roll the die (PG-1, PG-2)."""

    def __str__(self) -> str:
        return "roll"


@dataclass(frozen=True, slots=True)
class Hold:
    """Bank the turn total and end the turn (PG-3)."""

    def __str__(self) -> str:
        return "hold"


@dataclass(frozen=True, slots=True)
class Face:
    """Chance outcome: the die shows ``value`` (PG-2)."""

    value: int

    def __str__(self) -> str:
        return f"rolled {self.value}"


ROLL, HOLD = Roll(), Hold()
Action = Roll | Hold | Face
_ACTION_TYPES = (Roll, Hold, Face)
_ODDS: tuple[tuple[Face, Fraction], ...] = tuple((Face(v), Fraction(1, len(FACES))) for v in FACES)


@dataclass(frozen=True, slots=True)
class PigState:
    """A moment of a game of Pig (everything is public: it is also every player's observation).

    Attributes:
        target: the score that wins (the game's configuration, kept for pictures).
        scores: each player's banked points.
        player: whose turn it is.
        turn_total: the points rolled this turn, not banked yet.
        rolling: a die is in the air (a chance node).
        last_roll: the face rolled last (0 before anyone rolled).
        winner: the winning seat once the game is over, else -1.
    """

    target: int
    scores: tuple[int, ...]
    player: int = 0
    turn_total: int = 0
    rolling: bool = False
    last_roll: int = 0
    winner: int = -1

    def __repr__(self) -> str:
        return f"<PigState: scores {list(self.scores)}, player {self.player} on {self.turn_total}>"

    def _repr_svg_(self) -> str:
        from boardgames_widgets.core.registry import make_game

        return make_game("pig", num_players=len(self.scores), target=self.target).state_svg(self)


class Pig(Game[PigState, Action]):
    """Pig for 2 to 6 players.

    Args:
        num_players: 2 to 6.
        target: the score that wins, 10 to 200 (default :data:`DEFAULT_TARGET`).

    Raises:
        ValueError: a parameter out of range.
    """

    info: ClassVar[GameInfo] = GameInfo(
        id="pig",
        name="Pig",
        min_players=2,
        max_players=6,
        has_chance=True,
        hidden_information=False,
    )
    #: apply refuses, while the die rolls, everything but a face 1 to 6 (PG-2): chance_outcomes exactly
    apply_checks_chance: ClassVar[bool] = True

    def __init__(self, num_players: int = 2, target: int = DEFAULT_TARGET) -> None:
        super().__init__(num_players)
        check_parameter("target", target, PARAMETER_RANGES)
        self.target = target

    def config(self) -> dict[str, Any]:
        cfg: dict[str, Any] = {"num_players": self.num_players}
        if self.target != DEFAULT_TARGET:
            cfg["target"] = self.target
        return cfg

    # -- the rules ----------------------------------------------------------------------
    def new_initial_state(self) -> PigState:
        return PigState(self.target, (0,) * self.num_players)

    def current_player(self, state: PigState) -> int:
        if state.winner >= 0:
            return TERMINAL
        return CHANCE if state.rolling else state.player

    def legal_actions(self, state: PigState) -> list[Action]:
        if state.winner >= 0 or state.rolling:
            return []
        return [ROLL, HOLD] if state.turn_total else [ROLL]  # PG-1: roll at least once

    def chance_outcomes(self, state: PigState) -> list[tuple[Action, Fraction]]:
        return list(_ODDS) if state.rolling and state.winner < 0 else []

    def apply(self, state: PigState, action: Action) -> PigState:
        check_action(action, _ACTION_TYPES, "Pig")
        if state.winner >= 0:
            raise GameOverError("the game is over")
        if state.rolling:
            if type(action) is not Face:
                raise IllegalActionError("PG-2", f"the die is rolling: the next action is a face, not {action}")
            if action.value not in FACES:
                raise InvalidActionError(f"a die has faces 1 to 6, not {action.value}")
        elif type(action) is Face:
            raise IllegalActionError("PG-1", f"{action}: roll the die first")
        elif type(action) is Hold and not state.turn_total:
            raise IllegalActionError("PG-1", "roll at least once before holding")
        return self.apply_trusted(state, action)

    def apply_trusted(self, state: PigState, action: Action) -> PigState:
        if type(action) is Roll:  # PG-1
            return replace(state, rolling=True)
        if type(action) is Hold:  # PG-3
            return self._end_turn(state, state.turn_total)
        roll = action.value  # type: ignore[union-attr]
        if roll == 1:  # PG-2: a pig loses the turn total
            return replace(self._end_turn(state, 0), last_roll=1)
        turn_total = state.turn_total + roll  # PG-2
        if state.scores[state.player] + turn_total >= self.target:  # PG-4: the target wins at once
            scores = _added(state.scores, state.player, turn_total)
            return replace(state, scores=scores, turn_total=0, rolling=False, last_roll=roll, winner=state.player)
        return replace(state, turn_total=turn_total, rolling=False, last_roll=roll)

    def _end_turn(self, state: PigState, banked: int) -> PigState:
        """PG-2, PG-3: bank ``banked`` points and pass the die to the next player."""
        scores = _added(state.scores, state.player, banked)
        return replace(state, scores=scores, player=(state.player + 1) % self.num_players, turn_total=0, rolling=False)

    def random_playout(self, state: PigState, rng: random.Random) -> tuple[float, ...]:
        """:meth:`Game.random_playout` (an optional speed-up: MCTS rollouts) on local
        numbers: the same draws from ``rng`` and the same returns, no state per step.

        The definition draws, at a decision, an index below the number of legal actions
        (``[ROLL]`` before the turn's first roll, ``[ROLL, HOLD]`` after it) and, at the
        rolling die, ``randrange(6)``: the index of the face (six outcomes of 1/6 each).
        """
        if state.winner >= 0:
            return self.returns(state)
        below = index_drawer(rng)
        n, target = self.num_players, self.target
        scores = list(state.scores)
        player, total, rolling = state.player, state.turn_total, state.rolling
        while True:
            if rolling:
                face = below(6) + 1  # the face's index among FACES
                rolling = False
                if face == 1:  # PG-2: a pig loses the turn total and ends the turn
                    total, player = 0, (player + 1) % n
                else:
                    total += face  # PG-2
                    if scores[player] + total >= target:  # PG-4: the target wins at once
                        return tuple(1.0 if p == player else 0.0 for p in range(n))
            elif total and below(2):  # PG-3: hold (index 1 of [ROLL, HOLD])
                scores[player] += total
                total, player = 0, (player + 1) % n
            else:  # PG-1: roll (before the first roll [ROLL] is the only action: below(1) draws too)
                if not total:
                    below(1)
                rolling = True

    def returns(self, state: PigState) -> tuple[float, ...]:
        if state.winner < 0:
            return (0.0,) * self.num_players
        return tuple(1.0 if p == state.winner else 0.0 for p in range(self.num_players))

    def observation(self, state: PigState, player: int) -> PigState:
        check_seat(player, self.num_players)
        return state  # nothing is hidden

    # -- text and loading -------------------------------------------------------------------
    def parse_action(self, text: str) -> Action:
        t = check_action_text(text).strip()
        if t == "roll":
            return ROLL
        if t == "hold":
            return HOLD
        word, _, number = t.partition(" ")
        if word == "rolled" and number.isdigit() and int(number) in FACES:
            return Face(int(number))
        raise InvalidActionError(f"{text!r} is not a Pig action (examples: 'roll', 'hold', 'rolled 4')")

    def describe(self, state: PigState) -> str:
        if state.winner >= 0:
            return f"Game over: player {state.winner} wins with {state.scores[state.winner]} points."
        score = state.scores[state.player]
        if state.rolling:
            return f"Player {state.player} rolls the die (turn total {state.turn_total}, score {score})."
        if not state.turn_total:
            return f"Player {state.player} to roll (score {score})."
        return f"Player {state.player}: turn total {state.turn_total} (score {score}). Roll or hold?"

    def validate_state(self, state: PigState) -> None:
        """Raise ``ValueError`` naming the field if ``state`` cannot happen in this game."""
        n, target = self.num_players, self.target
        if state.target != target:
            raise ValueError(f"target is {state.target}, not this game's {target}")
        if len(state.scores) != n:
            raise ValueError(f"scores has {len(state.scores)} entries, not one per player ({n})")
        if not 0 <= state.player < n or not -1 <= state.winner < n:
            raise ValueError(f"player {state.player} / winner {state.winner} is not a seat of {n}")
        if not 0 <= state.last_roll <= len(FACES):
            raise ValueError(f"last_roll must be 0 (none) or a face 1..6, not {state.last_roll}")
        for seat, score in enumerate(state.scores):
            top = target + len(FACES) - 1 if seat == state.winner else target - 1
            if not 0 <= score <= top:
                raise ValueError(f"scores[{seat}] = {score} is outside 0..{top}")
        if state.winner >= 0:
            if state.turn_total or state.rolling or state.player != state.winner:
                raise ValueError("a finished game has no turn total, no rolling die and the winner's turn")
        elif not 0 <= state.turn_total < target - state.scores[state.player]:
            raise ValueError(f"turn_total {state.turn_total} would already have reached the target")


def _added(scores: tuple[int, ...], seat: int, points: int) -> tuple[int, ...]:
    return (*scores[:seat], scores[seat] + points, *scores[seat + 1 :])


#: The rules in brief, shown by ``rules_summary("pig")`` (English only: see "Adding a game").
SUMMARY = """# Pig — the rules in brief

Pig is played with one die by 2 to 6 players. The first to reach the target score
(50; 100 in the classic game) wins.

* **Your turn.** Roll the die, as often as you like. Every roll of 2 to 6 is added to
  your *turn total*. You must roll at least once.
* **Pig!** If you roll a 1, you lose your whole turn total and your turn ends.
* **Hold.** Instead of rolling you may hold: your turn total is added to your score and
  the next player takes the die.
* **Winning.** As soon as your score plus your turn total reaches the target, you win.
"""
