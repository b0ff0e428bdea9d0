"""The one game API every game, agent, search algorithm and widget speaks.

A game is an object with a small OpenSpiel-shaped surface. States are immutable
values; every transition is ``apply(state, action) -> new_state``. Chance (dice,
draws, shuffles) is explicit: at a chance node ``current_player`` is :data:`CHANCE`
and ``chance_outcomes`` lists ``(outcome, probability)`` pairs with exact
:class:`fractions.Fraction` probabilities; an outcome is applied like any action.

Hidden information lives in ``observation(state, player)`` only: agents receive
observations and legal actions, never the full state.
"""

from __future__ import annotations

import dataclasses
import random
from abc import ABC, abstractmethod
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar, Generic, TypeVar

from boardgames_widgets.core.rng import draw_outcome

#: ``current_player`` at a chance node (a die roll, a draw).
CHANCE = -1
#: ``current_player`` once the game is over.
TERMINAL = -4

S = TypeVar("S", bound=Hashable)
A = TypeVar("A", bound=Hashable)


class GameError(ValueError):
    """Base class of every error the rules raise."""


class IllegalActionError(GameError):
    """A well-formed action that the rules forbid here.

    Attributes:
        rule: the rule ID broken, as in RULES.md (for example ``"FC-T1"``).
    """

    def __init__(self, rule: str, message: str) -> None:
        self.rule = rule
        self.detail = message
        super().__init__(f"{rule}: {message}")


class InvalidActionError(GameError):
    """An action that is malformed: wrong type, unparsable text, out of range."""


class GameOverError(GameError):
    """An action was given to a finished game."""


@dataclass(frozen=True, slots=True)
class GameInfo:
    """Metadata of a game, as data.

    Attributes:
        id: the registry id (``"food_chain"``).
        name: the name shown to people (``"Food Chain"``).
        min_players: the fewest players the rules allow.
        max_players: the most players the rules allow.
        has_chance: whether the game has chance nodes.
        hidden_information: whether some player ever lacks information another has.
        rules_section: the section of RULES.md these rules implement.
    """

    id: str
    name: str
    min_players: int
    max_players: int
    has_chance: bool
    hidden_information: bool
    rules_section: str = ""


ChanceOutcomes = list[tuple[A, Fraction]]


class Game(ABC, Generic[S, A]):
    """The game API. Subclasses implement the abstract methods.

    A game object holds only its configuration (number of players and named
    parameters); every method takes the state it works on. A game may keep
    private caches for speed (tables worked out once from its configuration,
    answers for the last state asked about), but they never change an answer:
    the same state always gives the same result.
    """

    info: ClassVar[GameInfo]

    def __init__(self, num_players: int) -> None:
        lo, hi = self.info.min_players, self.info.max_players
        if not isinstance(num_players, int) or isinstance(num_players, bool):
            raise TypeError(f"num_players must be an int, not {type(num_players).__name__}")
        if not lo <= num_players <= hi:
            raise ValueError(f"{self.info.name} is for {lo} to {hi} players, not {num_players}")
        self.num_players = num_players

    # -- configuration -------------------------------------------------------------
    def config(self) -> dict[str, Any]:
        """The JSON-able configuration that rebuilds this game with :func:`make_game`."""
        return {"num_players": self.num_players}

    def __repr__(self) -> str:
        args = ", ".join(f"{k}={v!r}" for k, v in self.config().items())
        return f"{type(self).__name__}({args})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Game) and type(self) is type(other) and self.config() == other.config()

    def __hash__(self) -> int:
        return hash((type(self).__name__, repr(sorted(self.config().items()))))

    # -- the game API ---------------------------------------------------------------
    @abstractmethod
    def new_initial_state(self) -> S:
        """The state before anything happens (often a chance node: the deal)."""

    @abstractmethod
    def current_player(self, state: S) -> int:
        """The player to act, or :data:`CHANCE`, or :data:`TERMINAL`."""

    @abstractmethod
    def legal_actions(self, state: S) -> list[A]:
        """The legal actions of the player to act (empty at chance and terminal nodes)."""

    @abstractmethod
    def chance_outcomes(self, state: S) -> list[tuple[A, Fraction]]:
        """The outcomes of a chance node with exact probabilities summing to 1."""

    @abstractmethod
    def apply(self, state: S, action: A) -> S:
        """The state after ``action``; never mutates ``state``.

        Raises:
            IllegalActionError: the rules forbid the action here (names the rule).
            InvalidActionError: the action is malformed.
            GameOverError: the game is already over.
        """

    @abstractmethod
    def returns(self, state: S) -> tuple[float, ...]:
        """Each player's result in [0, 1] at a terminal state.

        1 for a win, ``1/k`` each for a win shared by ``k`` players, 0 for a loss;
        all zeros before the end.
        """

    @abstractmethod
    def observation(self, state: S, player: int) -> Any:
        """What ``player`` may know of ``state``: a frozen, JSON-able value."""

    @abstractmethod
    def parse_action(self, text: str) -> A:
        """The action whose ``str()`` is ``text``.

        Raises:
            InvalidActionError: ``text`` names no action of this game.
        """

    # -- derived helpers --------------------------------------------------------------
    def is_terminal(self, state: S) -> bool:
        """Whether the game is over."""
        return self.current_player(state) == TERMINAL

    def is_chance_node(self, state: S) -> bool:
        """Whether chance acts next."""
        return self.current_player(state) == CHANCE

    def sample_chance(self, state: S, rng: random.Random) -> A:
        """One outcome of the chance node ``state``, drawn with its exact probability.

        Search code (MCTS playouts, ISMCTS) calls this hundreds of thousands of times,
        so a game may override it with a direct draw (a die face, a card from the
        unseen cards) that is faster than building :meth:`chance_outcomes`. An
        override must give every outcome exactly its probability in
        :meth:`chance_outcomes` (the conformance suite checks this exactly); it may
        use ``rng`` differently, so records of played games keep using
        :func:`~boardgames_widgets.core.rng.sample_outcome` (same seed, same game).
        """
        return draw_outcome(self.chance_outcomes(state), rng)

    def sample_state(self, observation: Any, rng: random.Random) -> S:
        """A full state consistent with ``observation``, drawn at random (for search with hidden information).

        Optional: a game whose players do not see everything may override it, filling
        the unseen parts (a hand, the order of a pile) at random among the possibilities
        consistent with the observation. Search agents use
        :func:`boardgames_widgets.agents.determinize.sample_state`, which also knows
        perfect-information observations and the samplers of ``agents/<game id>.py``.

        Raises:
            NotImplementedError: this game does not offer it.
        """
        raise NotImplementedError(f"{self.info.name} has no sample_state(observation, rng)")

    def to_json(self, state: S) -> dict[str, Any]:
        """A JSON-able dict of ``state`` (no pickle), read back by :meth:`from_json`."""
        from boardgames_widgets.core.codec import encode

        return {"game": self.info.id, "config": self.config(), "state": encode(state)}

    def from_json(self, data: Mapping[str, Any]) -> S:
        """The state saved by :meth:`to_json`, validated.

        Raises:
            ValueError: the data is malformed, for another game or configuration,
                or breaks an invariant of the rules.
        """
        from boardgames_widgets.core.codec import decode

        if not isinstance(data, Mapping):
            raise ValueError(f"a saved state must be a JSON object, not {type(data).__name__}")
        unknown = set(data) - {"game", "config", "state"}
        if unknown:
            raise ValueError(f"unknown field(s) in saved state: {sorted(unknown)}")
        if data.get("game") != self.info.id:
            raise ValueError(f"saved state is for game {data.get('game')!r}, not {self.info.id!r}")
        if data.get("config") != self.config():
            raise ValueError(f"saved state has config {data.get('config')!r}, not {self.config()!r}")
        state_type = type(self.new_initial_state())
        state: S = decode(state_type, data.get("state"), path="state")
        self.validate_state(state)
        return state

    def validate_state(self, state: S) -> None:
        """Raise ``ValueError`` if ``state`` breaks an invariant (games override this)."""

    def state_svg(self, state: S, player: int | None = None) -> str:
        """An SVG picture of ``state`` (from ``player``'s seat when given)."""
        raise NotImplementedError(f"{self.info.name} has no picture yet")

    def describe(self, state: S) -> str:
        """A one-line description of ``state`` in words (status lines, screen readers)."""
        return f"{self.info.name}: player {self.current_player(state)} to act"

    def replace_state(self, state: S, **changes: Any) -> S:
        """A copy of ``state`` with fields changed (tests and scenarios)."""
        return dataclasses.replace(state, **changes)  # type: ignore[type-var]


def check_legal(legal: Sequence[A], action: A, rule: str, message: str) -> None:
    """Raise :class:`IllegalActionError` with ``rule`` unless ``action`` is in ``legal``."""
    if action not in legal:
        raise IllegalActionError(rule, message)
