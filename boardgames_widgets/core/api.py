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
import enum
import random
import types
import typing
from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar, Generic, TypeVar

from boardgames_widgets.core.rng import draw_outcome, index_drawer

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


class Game(ABC, Generic[S, A]):
    """The game API. Subclasses implement the abstract methods.

    A game object holds only its configuration (number of players and named
    parameters); every method takes the state it works on. A game may keep
    private caches for speed (tables worked out once from its configuration,
    answers for the last state asked about), but they never change an answer:
    the same state always gives the same result.
    """

    info: ClassVar[GameInfo]
    #: Whether the checked :meth:`apply` raises :class:`GameError`, at every chance node,
    #: for every action that is not one of :meth:`chance_outcomes` there (and accepts every
    #: one that is), and for every action once the game is over. A game that says so spares
    #: a saved game's replay asking who acts and building the outcomes (and their
    #: Fractions) at each entry to look the action up (see
    #: :func:`~boardgames_widgets.core.record.replay`); tests/test_chance_checked.py holds
    #: every game that says so to it. The default promises nothing.
    apply_checks_chance: ClassVar[bool] = False

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

    def action_table(self) -> Sequence[A] | None:
        """Every action a player of this game can ever be offered, in a fixed order, if the
        game lists them (index ``i`` is always the same action); ``None`` (the default) if not.

        A game that lists them also answers :meth:`legal_action_ids`, and the OpenSpiel
        adapter (:mod:`boardgames_widgets.openspiel`) then numbers its player actions by
        this table: a fixed ``num_distinct_actions``, the same numbers in every process, and
        no number to look up per legal action at each step.
        """
        return None

    def legal_action_ids(self, state: S) -> list[int]:
        """:meth:`legal_actions` as indices into :meth:`action_table`, in the same order.

        The default looks each action up in an index of the table, made at the first call
        and kept on the game (a game's configuration, and so its table, never changes); a
        game with a table writes a faster one (the conformance suite checks that both agree).

        Raises:
            TypeError: the game lists no action table.
        """
        index: dict[A, int] | None = self.__dict__.get("_action_index")
        if index is None:
            table = self.action_table()
            if table is None:
                raise TypeError(f"{self.info.name} lists no action table, so its actions have no fixed ids")
            index = self.__dict__["_action_index"] = {action: i for i, action in enumerate(table)}
        return [index[action] for action in self.legal_actions(state)]

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

    def apply_trusted(self, state: S, action: A) -> S:
        """:meth:`apply` for an action the caller took from ``legal_actions(state)`` or
        drew with ``sample_chance(state, …)`` / ``chance_outcomes(state)``: the same new
        state, without checking the action again.

        Search calls this in its playouts (hundreds of thousands of times per move), where
        every action comes from the game itself. A game may override it to skip its
        input checks; given any other action the result is undefined (it may raise
        anything or return a state that breaks the rules), so everything that takes
        actions from people, files or agents calls :meth:`apply`. The default is
        :meth:`apply`.
        """
        return self.apply(state, action)

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

    def random_playout(self, state: S, rng: random.Random) -> tuple[float, ...]:
        """Play ``state`` out to the end, every player picking uniformly at random among
        the legal actions and chance drawn by :meth:`sample_chance`; the returns at the end.

        This loop is the definition::

            while current_player(state) != TERMINAL:
                action = sample_chance(state, rng) at a chance node,
                         else legal[rng.randrange(len(legal))] with legal = legal_actions(state)
                state = apply_trusted(state, action)

        MCTS rollouts call it at every iteration, so a game may override it with a faster
        equivalent (one mutable working copy instead of a new state per step, no words
        for a log nobody reads). An override must give the same returns and leave ``rng``
        in the same state as this loop, for every state and seed (its tests check both),
        so a seeded search decides exactly as before. ``state`` itself never changes.
        """
        below = index_drawer(rng)
        current_player, legal_actions = self.current_player, self.legal_actions
        sample_chance, apply_trusted = self.sample_chance, self.apply_trusted
        while True:
            player = current_player(state)
            if player == CHANCE:
                action = sample_chance(state, rng)
            elif player == TERMINAL:
                return self.returns(state)
            else:
                legal = legal_actions(state)
                action = legal[below(len(legal))]
            state = apply_trusted(state, action)

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

    def from_json(self, data: Mapping[str, Any] | str | bytes) -> S:
        """The state saved by :meth:`to_json` (a dict, or its JSON text), validated.

        Raises:
            ValueError: the data is malformed (JSON text is read by
                :func:`~boardgames_widgets.core.codec.loads`: no duplicate keys, no deep
                nesting), for another game or configuration, or breaks an invariant of
                the rules.
        """
        from boardgames_widgets.core.codec import check_depth, decode, loads
        from boardgames_widgets.core.numbers import short

        if isinstance(data, str | bytes):
            data = loads(data)
        check_depth(data)
        if not isinstance(data, Mapping):
            raise ValueError(f"a saved state must be a JSON object, not {type(data).__name__}")
        unknown = set(data) - {"game", "config", "state"}
        if unknown:
            raise ValueError(f"unknown field(s) in saved state: {sorted(unknown)}")
        if data.get("game") != self.info.id:
            raise ValueError(f"saved state is for game {short(data.get('game'))}, not {self.info.id!r}")
        if data.get("config") != self.config():
            raise ValueError(f"saved state has config {short(data.get('config'))}, not {self.config()!r}")
        state_type = type(self.new_initial_state())
        state: S = decode(state_type, data.get("state"), path="state")
        self.validate_state(state)
        return state

    def validate_state(self, state: S) -> None:
        """Raise ``ValueError`` if ``state`` breaks an invariant (games override this)."""

    def state_svg(self, state: S, seat: int | None = None) -> str:
        """An SVG picture of ``state`` as ``seat`` may see it (``None``: every secret shown).

        Drawn by the game's view (``GameSpec.view`` of its declaration), the one picture
        that ``_repr_svg_`` and the widgets show too.

        Raises:
            NotImplementedError: the game declares no view.
        """
        from boardgames_widgets.core.painter import board_view

        try:
            view = board_view(self)
        except ValueError as exc:
            raise NotImplementedError(f"{self.info.name} has no picture: {exc}") from exc
        return view.state_svg(state, seat)

    def describe(self, state: S) -> str:
        """A one-line description of ``state`` in words (status lines, screen readers)."""
        return f"{self.info.name}: player {self.current_player(state)} to act"

    def replace_state(self, state: S, **changes: Any) -> S:
        """A copy of ``state`` with fields changed (tests and scenarios)."""
        return dataclasses.replace(state, **changes)  # type: ignore[type-var]


# -- cheap immutable states ---------------------------------------------------------------
def freeze_draft(draft: Any, state_cls: type[S]) -> S:
    """Turn a mutable draft into an instance of the frozen dataclass ``state_cls``, in place.

    Building a ``@dataclass(frozen=True, slots=True)`` state costs a call of
    ``object.__setattr__`` per field (4.8–6.9 µs a state, a fifth to a third of an
    ``apply``). A game instead fills a draft — an instance of a plain class whose
    ``__slots__`` are the state's field names in the same order, so setting a field is
    one store — and then changes the draft's class to ``state_cls``: CPython allows it
    because both classes add the same slots to ``object``. The result is a genuine
    state (frozen to users, equal, hashable, picklable, a dataclass); the draft object
    must not be used afterwards.

    Raises:
        TypeError: the draft's slots differ from the state's fields (a programming error).
    """
    draft.__class__ = state_cls
    state: S = draft
    return state


def state_builder(state_cls: type[S]) -> Callable[..., S]:
    """A function ``build(*fields) -> state`` as fast as :func:`freeze_draft`, for a game
    that builds states from values rather than from a draft (fields in declaration
    order, all of them; no checks: for the game's own code).

    >>> @dataclass(frozen=True, slots=True)
    ... class Point:
    ...     x: int
    ...     y: int
    >>> state_builder(Point)(1, 2) == Point(1, 2)
    True
    """
    names = [f.name for f in dataclasses.fields(state_cls)]  # type: ignore[arg-type]
    draft = type(f"_{state_cls.__name__}Draft", (), {"__slots__": tuple(names)})
    args = ", ".join(names)
    sets = "".join(f"    s.{n} = {n}\n" for n in names)
    source = f"def build({args}):\n    s = _draft()\n{sets}    s.__class__ = _cls\n    return s\n"
    scope: dict[str, Any] = {"_draft": draft, "_cls": state_cls}
    exec(source, scope)  # generated from the dataclass's own field names, as dataclasses do
    build: Callable[..., S] = scope["build"]
    return build


# -- strict inputs ------------------------------------------------------------------------
def has_own_sampler(game: Game[Any, Any]) -> bool:
    """Whether ``game``'s class overrides the optional :meth:`Game.sample_state`."""
    own = getattr(type(game), "sample_state", None)
    return callable(own) and own is not Game.sample_state


def check_parameter(name: str, value: Any, ranges: Mapping[str, tuple[int, int]]) -> None:
    """Raise ``ValueError`` naming ``name`` unless ``value`` is an ``int`` within ``ranges[name]``.

    Every game documents the range of each numeric parameter in a ``PARAMETER_RANGES``
    table and checks it in its constructor: a saved game is input from anywhere.

    >>> check_parameter("die_faces", 10**6, {"die_faces": (1, 20)})
    Traceback (most recent call last):
    ...
    ValueError: die_faces must be an integer 1..20, not 1000000

    Raises:
        ValueError: ``value`` is not an integer (``bool`` excluded) in the range.
    """
    lo, hi = ranges[name]
    if type(value) is not int or not lo <= value <= hi:
        raise ValueError(f"{name} must be an integer {lo}..{hi}, not {value!r}")


_FIELDS: dict[type, tuple[tuple[str, Any], ...]] = {}


def _declared_fields(cls: type) -> tuple[tuple[str, Any], ...]:
    """``(name, type)`` of each field of a dataclass or ``NamedTuple`` action class (cached)."""
    known = _FIELDS.get(cls)
    if known is not None:
        return known
    hints = typing.get_type_hints(cls)
    if dataclasses.is_dataclass(cls):
        names = [f.name for f in dataclasses.fields(cls)]
    else:
        names = list(getattr(cls, "_fields", ()))
    fields = _FIELDS[cls] = tuple((n, hints[n]) for n in names)
    return fields


def fits_type(tp: Any, value: Any) -> bool:
    """Whether ``value`` is exactly of the plain declared type ``tp``.

    Exact means no look-alikes: ``True`` and ``3.0`` are not ``int``, a list is not a
    tuple. Supports ``int``, ``str``, ``bool``, ``float``, ``None``, enums, ``Literal``,
    ``X | Y``, fixed and variable tuples and nested dataclasses / NamedTuples.

    >>> fits_type(int, 3), fits_type(int, 3.0), fits_type(int, True), fits_type(tuple[int, int], (1, 2))
    (True, False, False, True)
    """
    if tp is int or tp is str or tp is bool:
        return type(value) is tp
    if tp is float:
        return type(value) is float or type(value) is int
    if tp is Any:
        return True
    if tp is None or tp is type(None):
        return value is None
    origin = typing.get_origin(tp)
    if origin is tuple:
        if type(value) is not tuple:
            return False
        args = typing.get_args(tp)
        if len(args) == 2 and args[1] is Ellipsis:
            return all(fits_type(args[0], v) for v in value)
        return len(args) == len(value) and all(fits_type(a, v) for a, v in zip(args, value, strict=True))
    if origin is typing.Union or origin is types.UnionType:
        return any(fits_type(a, value) for a in typing.get_args(tp))
    if origin is typing.Literal:
        return any(type(value) is type(a) and value == a for a in typing.get_args(tp))
    if isinstance(tp, type):
        if issubclass(tp, enum.Enum):
            return type(value) is tp
        if dataclasses.is_dataclass(tp) or hasattr(tp, "_fields"):
            return type(value) is tp and all(fits_type(t, getattr(value, n)) for n, t in _declared_fields(tp))
        return isinstance(value, tp)
    return True


#: Actions already found well formed, by identity: ``id(action) -> (action, action_types)``.
#: The entry holds the action itself, so no other object can take its id while it is here;
#: a look-alike (``Swap(1.0)``, equal to ``Swap(1)``) is another object and is checked in
#: full. The same objects come back again and again (a saved game's texts are parsed once,
#: the games' move memos keep their actions), so loading and the widgets skip most checks.
_WELL_FORMED: dict[int, tuple[Any, tuple[type, ...]]] = {}
#: How many actions :data:`_WELL_FORMED` holds before it starts afresh.
WELL_FORMED_CAPACITY = 4096


def check_action(action: Any, action_types: tuple[type, ...], game_name: str) -> None:
    """Raise :class:`InvalidActionError` unless ``action`` is one of ``action_types``
    with every field of exactly its declared type (strict inputs).

    A look-alike field would otherwise pass the legality test (``Swap(1.0) == Swap(1)``
    and ``True == 1`` in Python) and leave a state that cannot be saved. Ranges are the
    game's to check. An action object already found well formed for the same
    ``action_types`` is not inspected again (actions are immutable values; see
    :data:`_WELL_FORMED`).

    Raises:
        InvalidActionError: not an action of the game, or a field of the wrong type.
    """
    known = _WELL_FORMED.get(id(action))
    if known is not None and known[0] is action and known[1] is action_types:
        return
    _check_fields(action, action_types, game_name)
    if len(_WELL_FORMED) >= WELL_FORMED_CAPACITY:
        _WELL_FORMED.clear()
    _WELL_FORMED[id(action)] = (action, action_types)


def _check_fields(action: Any, action_types: tuple[type, ...], game_name: str) -> None:
    """:func:`check_action`'s inspection, field by field."""
    if type(action) not in action_types:
        raise InvalidActionError(f"{action!r} is not a {game_name} action")
    for name, tp in _declared_fields(type(action)):
        value = getattr(action, name)
        if not fits_type(tp, value):
            raise InvalidActionError(
                f"{type(action).__name__}.{name} must be {_type_text(tp)}, not {value!r} ({type(value).__name__})"
            )


def _type_text(tp: Any) -> str:
    return tp.__name__ if isinstance(tp, type) else str(tp).replace("typing.", "")


def check_seat(player: Any, num_players: int) -> None:
    """Raise ``ValueError`` unless ``player`` is a seat ``0 … num_players - 1`` (an ``int``).

    >>> check_seat(-1, 2)
    Traceback (most recent call last):
    ...
    ValueError: no player -1 in a 2-player game (seats 0 to 1)

    Raises:
        ValueError: ``player`` is not a seat of the game.
    """
    if type(player) is not int or not 0 <= player < num_players:
        raise ValueError(f"no player {player!r} in a {num_players}-player game (seats 0 to {num_players - 1})")


def check_action_text(text: Any) -> str:
    """``text`` if it may be an action text: a ``str`` of ASCII characters only.

    Action texts use ASCII digits only: ``str.isdigit`` and the regular expression ``\\d``
    also accept other digits (``"roll ３"``), which no action prints.

    Raises:
        InvalidActionError: ``text`` is not a string, or holds a character outside ASCII.
    """
    from boardgames_widgets.core.numbers import long_digit_run, short

    if not isinstance(text, str):
        raise InvalidActionError(f"an action is text, not {type(text).__name__}")
    if not text.isascii():
        raise InvalidActionError(f"{short(text)}: action texts use ASCII characters (and digits 0-9) only")
    run = long_digit_run(text)
    if run is not None:
        raise InvalidActionError(f"{short(text)}: the number {run} is too long for any action")
    return text
