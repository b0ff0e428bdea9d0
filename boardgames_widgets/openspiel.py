"""Our games as OpenSpiel Python games, so OpenSpiel's algorithms run on them.

Optional: needs ``pip install open-spiel`` (the ``bench`` extra). Importing this
module without it raises :class:`ImportError` with that advice.

* :func:`register` registers one of our games with ``pyspiel`` under the short
  name ``bgw_<id>`` (``bgw_food_chain``); :func:`load` registers if needed and
  loads it with a configuration; :func:`from_game` wraps a game object directly.
* **Actions** are OpenSpiel integers. Our actions are small hashable values with
  no fixed numbering, so each wrapped game numbers them in order of first
  appearance (:class:`ActionCodec`) — stable within a process, which is all
  OpenSpiel's search needs. Chance outcomes are numbered the same way and keep
  their exact probabilities (as floats, as OpenSpiel wants).
* The **observer** shows ``repr(game.observation(state, player))``: the
  observation and information-state strings are the player's observation (our
  observations are not perfect-recall histories). No tensors are offered.
* ISMCTS needs to resample hidden information: :func:`resampler` returns the
  callback for ``ISMCTSBot.set_resampler``, built on our ``sample_state``.

Use OpenSpiel's *Python* bots (``open_spiel.python.algorithms.mcts.MCTSBot``,
``ismcts.ISMCTSBot``): its C++ bots crash on Python games.

>>> import pyspiel
>>> spiel_game = load("food_chain", num_players=2)
>>> spiel_game.get_type().short_name
'bgw_food_chain'
>>> state = spiel_game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())
(True, 3)
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from operator import itemgetter
from typing import Any

try:
    import numpy as np
    import pyspiel  # type: ignore[import-not-found]
except ImportError as exc:  # pragma: no cover - depends on the environment
    raise ImportError(
        "boardgames_widgets.openspiel needs OpenSpiel: pip install open-spiel (or the 'bench' extra)"
    ) from exc

from boardgames_widgets.agents.determinize import can_sample, sample_state
from boardgames_widgets.core.api import CHANCE, TERMINAL, Game
from boardgames_widgets.core.registry import game_class, make_game

_first, _second = itemgetter(0), itemgetter(1)

#: Prefix of the OpenSpiel short names of our games.
PREFIX = "bgw_"
#: Declared bound on distinct action numbers (numbers are handed out as actions appear).
MAX_ACTIONS = 1 << 20
#: How many lists of actions (and of chance outcomes) a game remembers the numbering of.
NUMBERING_CACHE = 4096
#: How many action objects (and probability objects) a game remembers the number (float) of.
IDENTITY_CACHE = 1 << 16
#: Declared bound on the length of a game (the conformance suite's playout limit).
MAX_GAME_LENGTH = 20_000


class ActionCodec:
    """Numbers actions (and chance outcomes) in order of first appearance."""

    def __init__(self) -> None:
        self.ids: dict[Any, int] = {}
        self.actions: list[Any] = []

    def encode(self, action: Any) -> int:
        """The number of ``action`` (a new one if it was never seen)."""
        number = self.ids.get(action)
        if number is None:
            number = self.ids[action] = len(self.actions)
            self.actions.append(action)
        return number

    def decode(self, number: int) -> Any:
        """The action numbered ``number``.

        Raises:
            ValueError: no action has that number.
        """
        if not 0 <= number < len(self.actions):
            raise ValueError(f"no action is numbered {number}")
        return self.actions[number]


def _game_type(cls: type[Game[Any, Any]]) -> pyspiel.GameType:
    info = cls.info
    return pyspiel.GameType(
        short_name=PREFIX + info.id,
        long_name=f"boardgames_widgets {info.name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=(
            pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
            if info.has_chance
            else pyspiel.GameType.ChanceMode.DETERMINISTIC
        ),
        information=(
            pyspiel.GameType.Information.IMPERFECT_INFORMATION
            if info.hidden_information
            else pyspiel.GameType.Information.PERFECT_INFORMATION
        ),
        utility=pyspiel.GameType.Utility.CONSTANT_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=info.max_players,
        min_num_players=info.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=False,
        parameter_specification={"num_players": info.min_players, "config": "{}"},
    )


class SpielGame(pyspiel.Game):  # type: ignore[misc]
    """One of our games seen through OpenSpiel's ``pyspiel.Game`` interface.

    Attributes:
        game: our game object.
        codec: the numbering of its actions.
    """

    def __init__(self, game: Game[Any, Any], params: dict[str, Any] | None = None) -> None:
        self.game = game
        self.codec = ActionCodec()
        # numberings of the lists of actions seen (see numbered)
        self._numbering: dict[tuple[int, ...], tuple[list[Any], dict[int, Any]]] = {}
        self._remember, self._hits, self._misses = True, 0, 0
        # id(object) -> (object, its number / its float): the objects are kept, so an id is not reused
        self._number_of: dict[int, tuple[Any, int]] = {}
        self._float_of: dict[int, tuple[Any, float]] = {}
        self._by_identity = self._float_by_identity = True
        info = pyspiel.GameInfo(
            num_distinct_actions=MAX_ACTIONS,
            max_chance_outcomes=MAX_ACTIONS,
            num_players=game.num_players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=1.0,
            max_game_length=MAX_GAME_LENGTH,
        )
        config = {k: v for k, v in game.config().items() if k != "num_players"}
        given = params or {"num_players": game.num_players, "config": json.dumps(config, sort_keys=True)}
        super().__init__(_game_type(type(game)), info, given)

    def numbered(self, actions: list[Any]) -> dict[int, Any]:
        """``actions`` by their numbers (numbering new ones).

        Our games hand out the same action objects again and again (made once, kept in
        tables), so the numbering of a list is remembered by the identities of its
        objects; the cache holds the objects themselves, so an identity it knows is never
        reused by another object. It is emptied when it grows past
        :data:`NUMBERING_CACHE` lists, and given up for a game whose lists seldom repeat
        (after 1,000 misses, more misses than hits). A list not remembered is numbered in
        C-level passes from each object's number, remembered by its identity (see
        :meth:`odds`).
        """
        remember = self._remember
        if remember:
            key = tuple(map(id, actions))
            got = self._numbering.get(key)
            if got is not None:
                self._hits += 1
                return got[1]
            self._misses += 1
            if self._misses > 1000 and self._misses > self._hits:
                # this game's lists seldom repeat: remembering them does not pay
                self._remember = remember = False
                self._numbering.clear()
        offered = dict(zip(self._numbers(actions), actions, strict=True))
        if remember:
            if len(self._numbering) >= NUMBERING_CACHE:
                self._numbering.clear()
            self._numbering[key] = (actions, offered)
        return offered

    def _numbers(self, actions: Sequence[Any]) -> list[int]:
        """The numbers of ``actions`` (numbering new ones), in C-level passes where possible.

        Each action's number is remembered by the identity of the object (the cache holds
        the object, so its identity is not reused): our games keep their actions in
        tables. A game that makes new action objects each time soon holds far more objects
        than distinct actions; then numbers are looked up by equality (hashing each action).
        """
        if self._by_identity:
            known = list(map(self._number_of.get, map(id, actions)))
            if None not in known:
                return list(map(_second, known))  # type: ignore[arg-type]
            return [self._learn(a) for a in actions]
        numbers = list(map(self.codec.ids.get, actions))
        if None in numbers:
            numbers = list(map(self.codec.encode, actions))
        return numbers  # type: ignore[return-value]

    def _learn(self, action: Any) -> int:
        """``action``'s number (numbering it if it is new), remembered by its identity."""
        known = self._number_of.get(id(action))
        if known is None:
            if len(self._number_of) >= min(IDENTITY_CACHE, 1000 + 4 * len(self.codec.actions)):
                # far more objects than distinct actions: this game makes new ones each time
                self._number_of.clear()
                self._by_identity = False
            known = self._number_of[id(action)] = (action, self.codec.encode(action))
        return known[1]

    def _floats(self, probabilities: Sequence[Any]) -> list[float]:
        """Exact odds (``Fraction``) as floats, each remembered by the identity of the object
        (our games keep their few odds in tables), as :meth:`_numbers` does."""
        if self._float_by_identity:
            known = list(map(self._float_of.get, map(id, probabilities)))
            if None not in known:
                return [k[1] for k in known]  # type: ignore[index]
            if len(self._float_of) + len(probabilities) > IDENTITY_CACHE:  # new objects each time
                self._float_of.clear()
                self._float_by_identity = False
            else:
                for p in probabilities:
                    self._float_of[id(p)] = (p, p.numerator / p.denominator)
        return [p.numerator / p.denominator for p in probabilities]

    def odds(self, outcomes: list[tuple[Any, Any]]) -> tuple[dict[int, Any], list[tuple[int, float]]]:
        """Chance ``outcomes`` numbered, and their exact odds as floats.

        A few C-level passes (see :meth:`_numbers`, :meth:`_floats`), no arithmetic on
        fractions for odds seen before. (Remembering whole lists, as :meth:`numbered`
        does, does not pay here: Papageno's card pools seldom repeat.)
        """
        if not outcomes:
            return {}, []
        actions, probabilities = zip(*outcomes, strict=True)
        numbers = self._numbers(actions)
        return dict(zip(numbers, actions, strict=True)), list(zip(numbers, self._floats(probabilities), strict=True))

    def new_initial_state(self) -> SpielState:
        """The initial state, wrapped."""
        return SpielState(self, self.game.new_initial_state())

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Observer:
        """An observer showing each player's observation as text."""
        return Observer(self.game)


class _Shared:
    """A reference that copying keeps shared (OpenSpiel clones states with a deep copy).

    Used for the game and its action numbering, which all clones must share.
    """

    __slots__ = ("value",)

    def __init__(self, value: Any) -> None:
        self.value = value

    def __deepcopy__(self, memo: dict[int, Any]) -> _Shared:
        return self

    def __copy__(self) -> _Shared:
        return self


class _Now:
    """One of our (immutable) states and what the adapter learnt about it, asked once each.

    ``player`` is the OpenSpiel player id (``None``: not asked yet); ``offered`` maps the
    numbers of the actions (or chance outcomes) the state offered to the actions (``None``:
    not asked yet). Everything here is a fact about the immutable ``state``, so copying
    keeps it shared: a clone of a wrapper shares it until one of them applies an action
    (which puts a new ``_Now`` in that wrapper only).
    """

    __slots__ = ("offered", "player", "state")

    def __init__(self, state: Any) -> None:
        self.state = state
        self.player: int | None = None
        self.offered: dict[int, Any] | None = None

    def __deepcopy__(self, memo: dict[int, Any]) -> _Now:
        return self

    def __copy__(self) -> _Now:
        return self


class SpielState(pyspiel.State):  # type: ignore[misc]
    """A state of one of our games seen through ``pyspiel.State``.

    Our states are immutable; OpenSpiel's are mutated by ``apply_action``, so the
    wrapper holds the current immutable state and replaces it on every action.

    The hot path is OpenSpiel's search (``legal_actions``, ``chance_outcomes`` and
    ``apply_action`` at every step), so the wrapper keeps a direct reference to the
    wrapped game, asks our game for the current player and the legal actions once per
    state, numbers each list of actions once (:meth:`SpielGame.numbered`), hands out
    odds as floats computed once per outcome list (:meth:`SpielGame.odds`), and applies
    an action numbered from the current state's own legal list (or chance outcome
    list) with ``game.apply_trusted``, the search path; any other number goes through
    the checked ``game.apply`` (an illegal one raises). ``current_player``,
    ``is_terminal``, ``is_chance_node``, ``is_player_node`` and ``legal_actions`` answer
    in Python, without the round trips through pyspiel's C++ ``State`` (each of which
    asks Python for the current player again); ``apply_action`` stays pyspiel's, which
    keeps the history.
    """

    def __init__(self, spiel_game: SpielGame, state: Any) -> None:
        super().__init__(spiel_game)
        self._game = _Shared(spiel_game)
        self._now = _Now(state)

    @property
    def spiel_game(self) -> SpielGame:
        """The wrapped game."""
        game: SpielGame = self._game.value
        return game

    @property
    def game(self) -> Game[Any, Any]:
        """Our game object."""
        return self._game.value.game  # type: ignore[no-any-return]

    @property
    def codec(self) -> ActionCodec:
        """The game's action numbering."""
        return self._game.value.codec  # type: ignore[no-any-return]

    @property
    def state(self) -> Any:
        """Our (immutable) state."""
        return self._now.state

    def current_player(self) -> int:
        """The player to act, ``PlayerId.CHANCE`` or ``PlayerId.TERMINAL``."""
        now = self._now
        player = now.player
        if player is None:  # pyspiel asks several times a step: ask our game once per state
            player = self._game.value.game.current_player(now.state)
            if player == CHANCE:
                player = _CHANCE_ID
            elif player == TERMINAL:
                player = _TERMINAL_ID
            now.player = player
        return player

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self.current_player() == _TERMINAL_ID

    def is_chance_node(self) -> bool:
        """Whether chance acts next."""
        return self.current_player() == _CHANCE_ID

    def is_player_node(self) -> bool:
        """Whether a player acts next."""
        return self.current_player() >= 0

    def legal_actions(self, player: int | None = None) -> list[int]:
        """The numbers of the legal actions of ``player`` (default: the one to act).

        As pyspiel's: the chance outcomes' numbers at a chance node, nothing at the end of
        the game or for a player who is not to act.
        """
        current = self.current_player()
        if player is not None and player != current:
            return []
        if current >= 0:
            return self._legal_actions(current)
        if current == _CHANCE_ID:
            return [number for number, _ in self.chance_outcomes()]
        return []

    def _legal_actions(self, player: int) -> list[int]:
        if player != self.current_player():
            return []
        now = self._now
        offered = now.offered
        if offered is None:
            offered = now.offered = self._game.value.numbered(self._game.value.game.legal_actions(now.state))
        return list(offered)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Outcome numbers with their probabilities (the exact fractions as floats)."""
        now = self._now
        spiel_game: SpielGame = self._game.value
        now.offered, odds = spiel_game.odds(spiel_game.game.chance_outcomes(now.state))
        return odds

    def _apply_action(self, action: int) -> None:
        game = self._game.value.game
        now = self._now
        offered = now.offered
        if offered is not None and action in offered:
            new = game.apply_trusted(now.state, offered[action])  # offered by this very state
        else:
            new = game.apply(now.state, self._game.value.codec.decode(action))  # checked: may raise
        self._now = _Now(new)

    def _action_to_string(self, player: int, action: int) -> str:
        return str(self.codec.decode(action))

    def returns(self) -> list[float]:
        """Each player's return (0 to 1; zeros before the end)."""
        return list(self.game.returns(self.state))

    def __str__(self) -> str:
        return self.game.describe(self.state)


_CHANCE_ID = int(pyspiel.PlayerId.CHANCE)
_TERMINAL_ID = int(pyspiel.PlayerId.TERMINAL)


class Observer:
    """OpenSpiel's Python observer protocol: strings only (``tensor`` is empty)."""

    def __init__(self, game: Game[Any, Any]) -> None:
        self.game = game
        self.tensor = np.zeros(0, np.float32)
        self.dict: dict[str, Any] = {}

    def set_from(self, state: SpielState, player: int) -> None:
        """No tensor to fill."""

    def string_from(self, state: SpielState, player: int) -> str:
        """``player``'s observation of ``state``, as text."""
        return repr(self.game.observation(state.state, player))


def register(game_id: str) -> str:
    """Register our game ``game_id`` with OpenSpiel (once); its OpenSpiel short name."""
    name = PREFIX + game_id
    if name in pyspiel.registered_names():
        return name
    cls = game_class(game_id)

    class Registered(SpielGame):
        """``SpielGame`` built by ``pyspiel.load_game`` from OpenSpiel parameters."""

        def __init__(self, params: dict[str, Any] | None = None) -> None:
            params = params or {}
            config = json.loads(params.get("config", "{}") or "{}")
            n = int(params.get("num_players", cls.info.min_players))
            super().__init__(make_game(game_id, num_players=n, **config), params)

    Registered.__name__ = Registered.__qualname__ = f"SpielGame_{game_id}"
    pyspiel.register_game(_game_type(cls), Registered)
    return name


def load(game_id: str, **config: Any) -> SpielGame:
    """Our game ``game_id`` with ``config``, loaded through ``pyspiel.load_game``."""
    name = register(game_id)
    n = config.pop("num_players", game_class(game_id).info.min_players)
    spiel_game: SpielGame = pyspiel.load_game(name, {"num_players": n, "config": json.dumps(config, sort_keys=True)})
    return spiel_game


def from_game(game: Game[Any, Any]) -> SpielGame:
    """Wrap a game object (any configuration, even one not in the registry)."""
    return SpielGame(game)


def wrap_state(spiel_game: SpielGame, state: Any) -> SpielState:
    """One of our states as a state of ``spiel_game`` (to search a given position)."""
    return SpielState(spiel_game, state)


def resampler(seed: int | None = 0) -> Any:
    """A callback for ``ISMCTSBot.set_resampler``: a state consistent with the player's observation.

    Raises:
        TypeError: (when called) the game offers no way to sample states.
    """
    rng = random.Random(seed)

    def resample(state: SpielState, player: int) -> SpielState:
        game = state.game
        if not can_sample(game):
            raise TypeError(f"{game.info.name} cannot sample states from observations")
        return SpielState(state.spiel_game, sample_state(game, game.observation(state.state, player), rng))

    return resample
