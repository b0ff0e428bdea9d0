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

#: Prefix of the OpenSpiel short names of our games.
PREFIX = "bgw_"
#: Declared bound on distinct action numbers (numbers are handed out as actions appear).
MAX_ACTIONS = 1 << 20
#: How many lists of actions (and of chance outcomes) a game remembers the numbering of.
NUMBERING_CACHE = 4096
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
        # numberings and float odds of the lists of objects seen (see numbered, odds)
        self._numbering: dict[tuple[int, ...], tuple[list[Any], dict[int, Any]]] = {}
        self._remember, self._hits, self._misses = True, 0, 0
        self._odds: dict[tuple[int, ...], tuple[list[Any], dict[int, Any], list[tuple[int, float]]]] = {}
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
        :data:`NUMBERING_CACHE` lists, and given up for a game whose lists are mostly new
        objects (after 1,000 misses, more misses than hits).
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
                # this game makes new action objects each time: remembering does not pay
                self._remember = remember = False
                self._numbering.clear()
        codec = self.codec
        ids = codec.ids
        offered: dict[int, Any] = {}
        for a in actions:
            number = ids.get(a)
            if number is None:
                number = codec.encode(a)
            offered[number] = a
        if remember:
            if len(self._numbering) >= NUMBERING_CACHE:
                self._numbering.clear()
            self._numbering[key] = (actions, offered)
        return offered

    def odds(self, outcomes: list[tuple[Any, Any]]) -> tuple[dict[int, Any], list[tuple[int, float]]]:
        """Chance ``outcomes`` numbered, and with their exact odds as floats (once per list)."""
        key = tuple(map(id, (x for pair in outcomes for x in pair))) if self._remember else ()
        got = self._odds.get(key) if key else None
        if got is None:
            numbers = self.numbered([o for o, _ in outcomes])
            as_floats = [(n, p.numerator / p.denominator) for n, (_, p) in zip(numbers, outcomes, strict=True)]
            got = (outcomes, numbers, as_floats)
            if key:
                if len(self._odds) >= NUMBERING_CACHE:
                    self._odds.clear()
                self._odds[key] = got
        return got[1], list(got[2])

    def new_initial_state(self) -> SpielState:
        """The initial state, wrapped."""
        return SpielState(self, self.game.new_initial_state())

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Observer:
        """An observer showing each player's observation as text."""
        return Observer(self.game)


class _Shared:
    """A reference that copying keeps shared (OpenSpiel clones states with a deep copy).

    Used for the game and its action numbering, which all clones must share, and for
    our immutable states, which are safe to share.
    """

    __slots__ = ("value",)

    def __init__(self, value: Any) -> None:
        self.value = value

    def __deepcopy__(self, memo: dict[int, Any]) -> _Shared:
        return self

    def __copy__(self) -> _Shared:
        return self


class SpielState(pyspiel.State):  # type: ignore[misc]
    """A state of one of our games seen through ``pyspiel.State``.

    Our states are immutable; OpenSpiel's are mutated by ``apply_action``, so the
    wrapper holds the current immutable state and replaces it on every action.

    The hot path is OpenSpiel's search (``legal_actions``, ``chance_outcomes`` and
    ``apply_action`` at every step), so the wrapper keeps direct references to the
    game and its numbering, numbers the legal actions of a state once, hands out
    odds as floats computed once per outcome list, and applies an action numbered
    from the current state's own legal list (or chance outcome list) with
    ``game.apply_trusted``, the search path; any other number goes through the
    checked ``game.apply``.
    """

    def __init__(self, spiel_game: SpielGame, state: Any) -> None:
        super().__init__(spiel_game)
        self._game = _Shared(spiel_game)
        self._state = _Shared(state)
        # what the current state offered: its action numbers -> actions (None: not asked yet)
        self._offered = _Shared(None)
        self._player = _Shared((None, 0))  # (state, its current player), asked once per state

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
        return self._state.value

    def current_player(self) -> int:
        """The player to act, ``PlayerId.CHANCE`` or ``PlayerId.TERMINAL``."""
        state = self._state.value
        known = self._player.value
        if known[0] is state:  # asked again for the same state (pyspiel asks several times a step)
            return known[1]  # type: ignore[no-any-return]
        player = self._game.value.game.current_player(state)
        if player == CHANCE:
            player = _CHANCE_ID
        elif player == TERMINAL:
            player = _TERMINAL_ID
        self._player = _Shared((state, player))
        return player  # type: ignore[no-any-return]

    def _numbered(self, actions: list[Any]) -> dict[int, Any]:
        """The actions by their numbers (numbering new ones), remembered per list of objects."""
        spiel_game: SpielGame = self._game.value
        return spiel_game.numbered(actions)

    def _legal_actions(self, player: int) -> list[int]:
        offered = self._offered.value
        if offered is None or offered[0] is not self._state.value:
            state = self._state.value
            offered = (state, self._numbered(self._game.value.game.legal_actions(state)))
            self._offered = _Shared(offered)
        return list(offered[1])

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Outcome numbers with their probabilities (exact fractions made floats, once)."""
        state = self._state.value
        spiel_game = self._game.value
        outcomes = spiel_game.game.chance_outcomes(state)
        offered, odds = spiel_game.odds(outcomes)
        self._offered = _Shared((state, offered))
        result: list[tuple[int, float]] = odds
        return result

    def _apply_action(self, action: int) -> None:
        game = self._game.value.game
        state = self._state.value
        offered = self._offered.value
        if offered is not None and offered[0] is state and action in offered[1]:
            new = game.apply_trusted(state, offered[1][action])  # offered by this very state
        else:
            new = game.apply(state, self._game.value.codec.decode(action))
        self._state = _Shared(new)
        self._offered = _Shared(None)

    def _action_to_string(self, player: int, action: int) -> str:
        return str(self.codec.decode(action))

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self.current_player() == _TERMINAL_ID

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
