"""Our games as OpenSpiel Python games, so OpenSpiel's algorithms run on them.

Optional: needs ``pip install open-spiel`` (the ``bench`` extra). Importing this
module without it raises :class:`ImportError` with that advice.

* :func:`register` registers one of our games with ``pyspiel`` under the short
  name ``bgw_<id>`` (``bgw_food_chain``); :func:`load` registers if needed and
  loads it with a configuration; :func:`from_game` wraps a game object directly.
* **Actions** are OpenSpiel integers. A game that lists every action a player can be
  offered (:meth:`Game.action_table <boardgames_widgets.core.api.Game.action_table>`:
  Food Chain, Papageno) has its player actions numbered by that table — ``num_distinct_actions`` is
  its length, and the numbers are the same in every process. Other games' actions are
  small hashable values with no fixed numbering, so each wrapped game numbers them in
  order of first appearance (:class:`ActionCodec`) — stable within a process, which is
  all OpenSpiel's search needs. Chance outcomes are numbered that way too (after the
  table's numbers) and keep their exact probabilities (as floats, as OpenSpiel wants).
* The **observer** shows ``repr(game.observation(state, player))``: the
  observation and information-state strings are the player's observation (our
  observations are not perfect-recall histories). No tensors are offered.
* **Speed**: OpenSpiel's search and random play ask a state the same few questions at
  every step, so :class:`SpielState` answers them all in Python (``apply_action``,
  ``clone`` and the history included; pyspiel's C++ versions call back into Python),
  asks our game once per state, takes a game's numbers from its action table or numbers
  a list of actions in one C-level pass (by equality where the actions hash in C, else
  by the identity of our action objects), remembers the float odds of each list of
  chance outcomes (or, for a list that never repeats, of each kept outcome pair), and
  applies an action the state offered by ``apply_trusted``.
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
import operator
import random
import types
from collections.abc import Sequence
from itertools import chain
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
#: How many lists of chance outcomes a game remembers the numbers and odds of.
NUMBERING_CACHE = 4096
#: How many action objects (and probability objects) a game remembers the number (float) of.
IDENTITY_CACHE = 1 << 14
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

    Besides the numbering of actions (:class:`ActionCodec`, by equality, looked up there
    directly while the actions hash in C), a game remembers
    the number of one object per action by its identity (our games hand out the same
    action objects again and again, made once and kept in tables), the float of each
    probability object, and the odds of each list of chance outcomes it has seen; see
    :meth:`numbers` and :meth:`chance_offer`.

    Attributes:
        game: our game object.
        codec: the numbering of its actions.
    """

    def __init__(self, game: Game[Any, Any], params: dict[str, Any] | None = None) -> None:
        self.game = game
        self.codec = ActionCodec()
        #: The game's action table (player actions numbered by it), or None.
        self.table = table = game.action_table()
        if table is not None:  # numbers 0 … len - 1 are the table's; chance outcomes follow
            for number, action in enumerate(table):
                if self.codec.encode(action) != number:
                    raise ValueError(f"{game.info.name}'s action table lists {action!r} twice")
        # id(action object) -> its number; the objects are kept (in _objects), so an id
        # listed here cannot become another object's
        self._number_of: dict[int, int] = {}
        self._objects: list[Any] = []
        self._number_by_id = self._number_of.__getitem__
        # while every action type seen hashes and compares at C level (a NamedTuple of
        # strings and numbers, say), actions are numbered by equality straight from the
        # codec: cheaper than by identity (no id() per action), and nothing to remember
        self._by_value = True
        self._number_by_value = self.codec.ids.__getitem__
        self._vetted: set[type] = set()
        # id(probability object) -> its float; the objects are kept, as above
        self._float_of: dict[int, float] = {}
        self._probabilities: list[Any] = []
        self._float_by_id = self._float_of.__getitem__
        # id((outcome, probability) pair) -> (its number, its float); the pairs are kept, as above
        self._odds_of_pair: dict[int, tuple[int, float]] = {}
        self._pairs: list[Any] = []
        self._odds_by_pair_id = self._odds_of_pair.__getitem__
        # ids of a list's (outcome, probability) pairs (or of what is in them)
        #   -> (the list, kept; numbers, odds)
        self._odds: dict[tuple[int, ...], tuple[Any, list[int], list[tuple[int, float]]]] = {}
        # how lists of outcomes are told apart (_BY_PAIRS, _BY_ITEMS, 0: not remembered)
        self._odds_by, self._hits, self._misses = _BY_PAIRS, 0, 0
        self._kit = _Kit(self)
        info = pyspiel.GameInfo(
            num_distinct_actions=MAX_ACTIONS if table is None else len(table),
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

    def numbers(self, actions: Sequence[Any]) -> list[int]:
        """The numbers of ``actions`` (numbering new ones), in order.

        Usually one C-level pass. While every type of action the game offered hashes and
        compares at C level (Food Chain's draws, ``NamedTuple`` objects of strings and numbers), each
        action's number is looked up by equality in the codec itself: cheaper than by
        identity (no ``id()`` per action, nothing remembered). Otherwise (a ``dataclass``,
        whose hash and equality are Python code) each action object's number is looked up
        by its identity; an object not known by identity is numbered by equality
        (:class:`ActionCodec`) and then known by identity too. A game that makes new
        objects each time (a ``Pass()``) fills that memory with objects never seen again:
        it is emptied when it holds :data:`IDENTITY_CACHE` objects (the objects kept in
        tables are learnt again). Either way the number is the codec's, by equality.
        """
        try:
            if self._by_value:
                return list(map(self._number_by_value, actions))
            return list(map(self._number_by_id, map(id, actions)))
        except KeyError:
            pass
        if not self._by_value:
            try:  # known actions in objects made afresh: by equality, at C level
                numbers = list(map(self._number_by_value, actions))
            except KeyError:
                pass
            else:
                self._remember(actions, numbers)
                return numbers
        return [self._learn(action) for action in actions]  # a new action among them

    def _remember(self, actions: Sequence[Any], numbers: list[int]) -> None:
        """Know ``actions``' objects by identity from now on (``numbers`` are theirs), at C level."""
        if len(self._objects) + len(actions) > IDENTITY_CACHE:
            self._number_of.clear()
            self._objects.clear()
        self._number_of.update(zip(map(id, actions), numbers, strict=True))
        self._objects.extend(actions)  # kept, so their ids stay their own

    def _learn(self, action: Any) -> int:
        """``action``'s number by equality, its object then known by identity (see :meth:`numbers`).

        The first object of each type decides whether numbering by equality stays the cheap
        way (:func:`_hashes_at_c_level`): one type that does not ends it for the game.
        """
        kind = type(action)
        if kind not in self._vetted:
            self._vetted.add(kind)
            if self._by_value and not _hashes_at_c_level(kind):
                self._by_value = self._kit.by_value = False
        if len(self._objects) >= IDENTITY_CACHE:
            self._number_of.clear()
            self._objects.clear()
        number = self._number_of[id(action)] = self.codec.encode(action)
        self._objects.append(action)  # kept, so its id stays its own
        return number

    def floats(self, probabilities: Sequence[Any]) -> list[float]:
        """Exact odds (``Fraction``) as floats: each object's float computed once,
        remembered by the identity of the object (our games keep their few odds in
        tables), as :meth:`numbers` does; at most :data:`IDENTITY_CACHE` objects."""
        try:
            return list(map(self._float_by_id, map(id, probabilities)))
        except KeyError:
            pass
        known = self._float_of
        if len(known) + len(probabilities) > IDENTITY_CACHE:  # a game making new objects each time
            known.clear()
            self._probabilities.clear()
        out = []
        for p in probabilities:
            value = known.get(id(p))
            if value is None:
                value = known[id(p)] = p.numerator / p.denominator
                self._probabilities.append(p)  # kept, so its id stays its own
            out.append(value)
        return out

    def chance_offer(self, outcomes: list[tuple[Any, Any]]) -> tuple[list[int], list[tuple[int, float]]]:
        """Chance ``outcomes`` numbered: their numbers, and ``(number, float)`` in the same order.

        Our games build their outcome lists from remembered pairs (a die, a crank, the
        draw odds of a pile), so the answer is remembered per list, by the identities of
        its pairs (the list is kept, so they stay its own): one C-level pass and a
        look-up. A game whose lists seldom repeat that way is told apart after 1,000
        misses, more misses than hits: then by the identities of the outcomes and
        probabilities in the pairs, and if that fails too (Papageno's card pools: every
        count of the unseen cards its own list), lists are not remembered at all. Every
        list is then read pair by pair: each pair's number and float known by the pair's
        identity (Papageno keeps its pairs in tables), in two C-level passes, or else
        found as :meth:`_read_pairs` finds them. The memory of lists is emptied when it
        holds :data:`NUMBERING_CACHE` lists.
        """
        if not outcomes:
            return [], []
        by = self._odds_by
        if by:
            key = tuple(map(id, outcomes)) if by == _BY_PAIRS else tuple(map(id, chain.from_iterable(outcomes)))
            got = self._odds.get(key)
            if got is not None:
                self._hits += 1
                return got[1], got[2]
            self._misses += 1
            if self._misses > 1000 and self._misses > self._hits:  # try the next key, or none
                self._odds_by = by = _BY_ITEMS if by == _BY_PAIRS else 0
                self._hits = self._misses = 0
                self._odds.clear()
        try:  # the usual case: every pair known by its identity (kept in the game's tables)
            odds = list(map(self._odds_by_pair_id, map(id, outcomes)))
            numbers = list(map(_FIRST, odds))
        except KeyError:  # a pair not known by identity
            numbers, odds = self._read_pairs(outcomes)
        if by:
            if len(self._odds) >= NUMBERING_CACHE:
                self._odds.clear()
            self._odds[key] = (outcomes, numbers, odds)
        return numbers, odds

    def _read_pairs(self, outcomes: list[tuple[Any, Any]]) -> tuple[list[int], list[tuple[int, float]]]:
        """:meth:`chance_offer` for a list with a pair not known by identity: the outcomes'
        numbers as :meth:`numbers` finds them and the probabilities' floats as :meth:`floats`
        (two C-level passes while those are known), each pair then known by identity. A game
        that builds its pairs afresh fills that memory with pairs never seen again: it is
        emptied when it holds :data:`IDENTITY_CACHE` pairs."""
        try:  # every outcome and probability object known
            if self._by_value:
                numbers = list(map(self._number_by_value, map(_FIRST, outcomes)))
            else:
                numbers = list(map(self._number_by_id, map(id, map(_FIRST, outcomes))))
            odds = list(zip(numbers, map(self._float_by_id, map(id, map(_SECOND, outcomes))), strict=True))
        except KeyError:  # something new: number and convert it (and know it from now on)
            actions, probabilities = zip(*outcomes, strict=True)
            numbers = self.numbers(actions)
            odds = list(zip(numbers, self.floats(probabilities), strict=True))
        if len(self._pairs) + len(outcomes) > IDENTITY_CACHE:
            self._odds_of_pair.clear()
            self._pairs.clear()
        self._odds_of_pair.update(zip(map(id, outcomes), odds, strict=True))
        self._pairs.extend(outcomes)  # kept, so their ids stay their own
        return numbers, odds

    def new_initial_state(self) -> SpielState:
        """The initial state, wrapped."""
        return SpielState(self, self.game.new_initial_state())

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Observer:
        """An observer showing each player's observation as text."""
        return Observer(self.game)


class _Kit:
    """What every state of one wrapped game needs at each step, looked up once.

    Copying keeps it shared (pyspiel's C++ ``Clone`` deep-copies a state's attributes).
    """

    __slots__ = (
        "action_ids",
        "apply",
        "apply_trusted",
        "by_value",
        "chance_offer",
        "chance_outcomes",
        "codec",
        "current_player",
        "game",
        "legal_actions",
        "number_by_id",
        "number_by_value",
        "spiel_game",
        "table",
    )

    def __init__(self, spiel_game: SpielGame) -> None:
        game = spiel_game.game
        self.spiel_game, self.game, self.codec = spiel_game, game, spiel_game.codec
        self.apply, self.apply_trusted = game.apply, game.apply_trusted
        self.current_player, self.legal_actions = game.current_player, game.legal_actions
        self.chance_outcomes, self.chance_offer = game.chance_outcomes, spiel_game.chance_offer
        self.table, self.action_ids = spiel_game.table, game.legal_action_ids
        self.number_by_id = spiel_game._number_by_id
        # SpielGame._learn turns by_value off for good (the game's actions numbered by identity)
        self.by_value, self.number_by_value = spiel_game._by_value, spiel_game._number_by_value

    def __deepcopy__(self, memo: dict[int, Any]) -> _Kit:
        return self

    def __copy__(self) -> _Kit:
        return self


class _Box:
    """One wrapper's current (immutable) state, what it offers, and the history.

    ``player`` is the OpenSpiel player id (ours are the same numbers). ``numbers``,
    ``actions`` and ``odds`` are what the state offers (numbers; our actions in the same
    order — or, for a game numbered by its action table, the whole table, indexed by the
    number — or at a chance node the game's ``(outcome, probability)`` pairs as it listed
    them; and ``(number, float)`` at a chance node), asked once:
    ``numbers`` is ``None`` until asked, and ``actions`` and ``odds`` mean nothing until
    then (they may be the last state's). The lists may be shared with other states and the game's
    memory, so they are never changed in place: callers get copies. ``history`` holds the
    numbers applied since ``origin``.

    Each wrapper has its own box (a clone gets a copy), changed in place at each step.
    """

    __slots__ = ("actions", "history", "kit", "numbers", "odds", "origin", "player", "state")

    def __init__(self, kit: _Kit, state: Any, origin: Any, history: list[int]) -> None:
        self.kit, self.state, self.origin = kit, state, origin
        self.player: int = kit.current_player(state)
        self.numbers: list[int] | None = None
        self.actions: Sequence[Any] = ()
        self.odds: list[tuple[int, float]] = _NO_ODDS
        self.history = history

    def copy(self) -> _Box:
        """The same state and offer (shared: never changed in place), the history copied."""
        box = _Box.__new__(_Box)
        box.kit, box.state, box.origin, box.player = self.kit, self.state, self.origin, self.player
        box.numbers, box.actions, box.odds = self.numbers, self.actions, self.odds
        box.history = self.history[:]
        return box

    def __deepcopy__(self, memo: dict[int, Any]) -> _Box:
        return self.copy()

    def __copy__(self) -> _Box:
        return self.copy()

    def offer(self) -> list[int]:
        """Ask the state what it offers (the legal actions, or the chance outcomes), once."""
        kit, player = self.kit, self.player
        if player >= 0:
            if kit.table is not None:  # numbered by the game's table: nothing to look up
                self.actions, numbers = kit.table, kit.action_ids(self.state)
                self.numbers, self.odds = numbers, _NO_ODDS
                return numbers
            self.actions = actions = kit.legal_actions(self.state)
            try:  # SpielGame.numbers' usual cases, inline
                if kit.by_value:
                    numbers = list(map(kit.number_by_value, actions))
                else:
                    numbers = list(map(kit.number_by_id, map(id, actions)))
            except KeyError:
                numbers = kit.spiel_game.numbers(actions)
            self.numbers, self.odds = numbers, _NO_ODDS
        elif player == _CHANCE_ID:  # actions: the (outcome, probability) pairs themselves
            self.actions = outcomes = kit.chance_outcomes(self.state)
            numbers, self.odds = kit.chance_offer(outcomes)
            self.numbers = numbers
        else:  # the end: nothing
            numbers = []
            self.numbers, self.actions, self.odds = numbers, (), _NO_ODDS
        return numbers


class SpielState(pyspiel.State):  # type: ignore[misc]
    """A state of one of our games seen through ``pyspiel.State``.

    Our states are immutable; OpenSpiel's are changed by ``apply_action``, so the
    wrapper holds the current immutable state (in a :class:`_Box`) and replaces it at
    every action.

    The hot path is OpenSpiel's search and random play (``is_terminal``,
    ``is_chance_node``, ``legal_actions`` or ``chance_outcomes``, ``apply_action`` at
    every step), so all of these answer in Python: pyspiel's C++ ``State`` would call
    back into Python for each (its ``apply_action`` asks for the current player and
    then calls ``_apply_action``: two round trips per step, about half the adapter's
    cost per step before). The wrapper asks our game for the player once per state (at
    the step that makes it) and for the legal actions or chance outcomes once per state,
    numbers them at C level (:meth:`SpielGame.numbers`, :meth:`SpielGame.chance_offer`:
    odds as floats computed once), and applies a number this state offered with
    ``game.apply_trusted`` (the search path); any other number goes through the checked
    ``game.apply`` (an illegal one raises, and nothing changes).

    Since ``apply_action`` is answered here, so are the questions about the history
    (``history``, ``history_str``, ``move_number``, ``is_initial_state``;
    ``full_history`` and ``is_initial_non_chance_state`` replay it through pyspiel),
    ``clone`` and ``child``. pyspiel's C++ path stays correct: ``pyspiel.State.apply_action``
    (and C++ code such as ``apply_action_with_legality_check``) lands in
    ``_apply_action``, the same step.
    """

    def __init__(self, spiel_game: SpielGame, state: Any, *, box: _Box | None = None) -> None:
        super().__init__(spiel_game)
        self._box = box if box is not None else _Box(spiel_game._kit, state, state, [])

    @property
    def spiel_game(self) -> SpielGame:
        """The wrapped game."""
        return self._box.kit.spiel_game

    @property
    def game(self) -> Game[Any, Any]:
        """Our game object."""
        return self._box.kit.game

    @property
    def codec(self) -> ActionCodec:
        """The game's action numbering."""
        return self._box.kit.codec

    @property
    def state(self) -> Any:
        """Our (immutable) state."""
        return self._box.state

    def current_player(self) -> int:
        """The player to act, ``PlayerId.CHANCE`` or ``PlayerId.TERMINAL``."""
        return self._box.player

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self._box.player == _TERMINAL_ID

    def is_chance_node(self) -> bool:
        """Whether chance acts next."""
        return self._box.player == _CHANCE_ID

    def is_player_node(self) -> bool:
        """Whether a player acts next."""
        return self._box.player >= 0

    def legal_actions(self, player: int | None = None) -> list[int]:
        """The numbers of the legal actions of ``player`` (default: the one to act).

        As pyspiel's: the chance outcomes' numbers at a chance node, nothing at the end of
        the game or for a player who is not to act.
        """
        box = self._box
        if player is not None and player != box.player and box.player != _CHANCE_ID:
            return []
        numbers = box.numbers
        if numbers is None:
            numbers = box.offer()
        return numbers[:]  # a copy: OpenSpiel's MCTS shuffles the list it gets

    def _legal_actions(self, player: int) -> list[int]:
        return self.legal_actions(player)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Outcome numbers with their probabilities (the exact fractions as floats)."""
        box = self._box
        if box.numbers is None:
            box.offer()
        return box.odds[:]

    def apply_action(self, action: int) -> None:
        """Apply the action (or chance outcome) numbered ``action``.

        Raises:
            GameError: the action is illegal here (the state does not change).
            ValueError: no action has that number.
            TypeError: ``action`` is not an integer.
        """
        if type(action) is not int:
            action = operator.index(action)  # as pyspiel: any integer (numpy's too), never a float
        box = self._box
        kit = box.kit
        try:
            index = box.numbers.index(action)  # type: ignore[union-attr]
        except (AttributeError, ValueError):  # never asked for (None), or not offered: the checked path
            new = kit.apply(box.state, kit.codec.decode(action))  # may raise
        else:  # offered by this very state: the search path
            if box.player == _CHANCE_ID:
                chosen = box.actions[index][0]
            else:  # (box.actions: the legal actions in order, or the whole action table)
                chosen = box.actions[index if kit.table is None else action]
            new = kit.apply_trusted(box.state, chosen)
        box.history.append(action)
        box.state = new
        box.player = kit.current_player(new)
        box.numbers = None  # (actions and odds are stale until the next offer)

    # pyspiel's C++ apply_action (pyspiel.State.apply_action(state, n), C++ algorithms) lands here
    _apply_action = apply_action

    def clone(self) -> SpielState:
        """An independent copy (the same state and offer, its own history)."""
        box = self._box
        return SpielState(box.kit.spiel_game, box.state, box=box.copy())

    def child(self, action: int) -> SpielState:
        """A copy with ``action`` applied."""
        state = self.clone()
        state.apply_action(action)
        return state

    def history(self) -> list[int]:
        """The numbers applied so far (since the state this wrapper started from)."""
        return self._box.history[:]

    def history_str(self) -> str:
        """:meth:`history` as pyspiel writes it."""
        return ", ".join(map(str, self._box.history))

    def move_number(self) -> int:
        """How many actions were applied."""
        return len(self._box.history)

    def is_initial_state(self) -> bool:
        """Whether no action was applied yet."""
        return not self._box.history

    def full_history(self) -> list[Any]:
        """The ``pyspiel.PlayerAction`` of each action applied (replayed through pyspiel)."""
        return pyspiel.State.full_history(self._replayed())  # type: ignore[no-any-return]

    def is_initial_non_chance_state(self) -> bool:
        """Whether no player has acted yet and chance is not to act (only chance acted so far).

        pyspiel's own answer since OpenSpiel 1.6; computed here from :meth:`full_history`, so that
        it answers the same with every OpenSpiel we support (1.5 has no such method).
        """
        if self.is_chance_node():
            return False
        chance = pyspiel.PlayerId.CHANCE
        return all(step.player == chance for step in self.full_history())

    def _replayed(self) -> SpielState:
        """This state rebuilt through pyspiel's C++ ``apply_action``, whose history is pyspiel's own."""
        box = self._box
        replica = SpielState(box.kit.spiel_game, box.origin)
        for action in box.history:
            pyspiel.State.apply_action(replica, action)
        return replica

    def _action_to_string(self, player: int, action: int) -> str:
        return str(self._box.kit.codec.decode(action))

    def returns(self) -> list[float]:
        """Each player's return (0 to 1; zeros before the end)."""
        box = self._box
        return list(box.kit.game.returns(box.state))

    def __str__(self) -> str:
        box = self._box
        return box.kit.game.describe(box.state)


_CHANCE_ID = int(pyspiel.PlayerId.CHANCE)
_TERMINAL_ID = int(pyspiel.PlayerId.TERMINAL)
if (_CHANCE_ID, _TERMINAL_ID) != (CHANCE, TERMINAL):  # pragma: no cover - fixed by both APIs
    raise ImportError("boardgames_widgets.openspiel: pyspiel's player ids are not ours")
_NO_ODDS: list[tuple[int, float]] = []
#: What ``type.__hash__`` and ``type.__eq__`` are when a type hashes and compares in C
#: (``tuple``'s, ``int``'s, ``object``'s ...); a ``dataclass`` writes its own in Python.
_C_SLOTS = (types.WrapperDescriptorType, types.BuiltinFunctionType, types.MethodWrapperType)


def _hashes_at_c_level(kind: type) -> bool:
    """Whether objects of ``kind`` hash and compare without running Python code of their own
    (a ``NamedTuple`` of strings and numbers: looked up by equality faster than by identity)."""
    return isinstance(kind.__hash__, _C_SLOTS) and isinstance(kind.__eq__, _C_SLOTS)


_FIRST, _SECOND = operator.itemgetter(0), operator.itemgetter(1)  # of an (outcome, probability) pair
_BY_PAIRS, _BY_ITEMS = 1, 2  # SpielGame.chance_offer's keys  # what a player node or the end offers (never changed)


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
