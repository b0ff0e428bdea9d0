"""Fixed numberings of actions and fixed-length observation vectors, one per game.

Learning code wants numbers: a policy network has one output per action and reads a
vector of the same length at every step. Our actions are small frozen values and our
observations are frozen dataclasses, so each game gets an :class:`Encoding`:

* a **fixed action index space**: :attr:`Encoding.actions` lists every action the game can
  ever offer a player, so index ``i`` always means the same action
  (:meth:`~Encoding.action` and :meth:`~Encoding.action_index` round-trip), whatever the
  position; the legal actions of a position are a mask over it (:meth:`~Encoding.mask`);
* an **observation encoding**: :meth:`~Encoding.encode` turns what one seat may know
  (``game.observation(state, seat)``, never the full state) into a ``float32`` vector of
  :attr:`~Encoding.size` numbers in [0, 1], laid out in the named :attr:`~Encoding.blocks`
  (see :meth:`~Encoding.layout` and the docs page "Environments"). Seats are counted
  from the observer: block entry 0 is always "me", entry 1 the next player clockwise.

Only numpy is needed here; the PettingZoo and Gymnasium environments of
:mod:`boardgames_widgets.rl` are built on these encodings.
"""

from __future__ import annotations

import importlib
from abc import ABC, abstractmethod
from collections.abc import Iterable, Sequence
from typing import Any, ClassVar

import numpy as np
import numpy.typing as npt

from boardgames_widgets.core.api import Game
from boardgames_widgets.core.registry import make_game

#: The encoding of each game that has one, as ``"module:Class"`` (imported when first used).
ENCODINGS: dict[str, str] = {
    "food_chain": "boardgames_widgets.rl.food_chain:FoodChainEncoding",
    "chop_chop": "boardgames_widgets.rl.chop_chop:ChopChopEncoding",
    "papageno": "boardgames_widgets.rl.papageno:PapagenoEncoding",
    "mouse_trap": "boardgames_widgets.rl.mouse_trap:MouseTrapEncoding",
    "pig": "boardgames_widgets.rl.pig:PigEncoding",
}

#: How many lists of legal actions an encoding remembers the mask of (then it starts afresh).
MASK_CACHE = 4096
#: Lists of legal actions up to this long are also remembered by value (cheap to hash).
SHORT_LIST = 8

Vector = npt.NDArray[np.float32]
Mask = npt.NDArray[np.int8]


class Encoding(ABC):
    """The numbers of one game's actions and observations (one configuration of it).

    Subclasses list the action table (:meth:`action_table`), the observation blocks
    (:meth:`block_sizes`) and fill a vector (:meth:`fill`).

    Attributes:
        game: the game encoded.
        num_players: its number of seats.
        actions: every action, by index (a tuple: index ``i`` is ``actions[i]``).
        num_actions: ``len(actions)``.
        blocks: ``(name, start, length)`` of each named part of an observation vector.
        size: the length of an observation vector.
    """

    game_id: ClassVar[str]

    def __init__(self, game: Game[Any, Any]) -> None:
        if game.info.id != self.game_id:
            raise ValueError(f"{type(self).__name__} encodes {self.game_id}, not {game.info.id}")
        self.game = game
        self.num_players = n = game.num_players
        self.actions: tuple[Any, ...] = tuple(self.action_table())
        self._index: dict[Any, int] = {}
        for i, action in enumerate(self.actions):
            if self._index.setdefault(action, i) != i:  # a programming error in a table
                raise RuntimeError(f"{action} appears twice in the action table of {self.game_id}")
        self.num_actions = len(self.actions)
        blocks, start = [], 0
        for name, length in self.block_sizes():
            blocks.append((name, start, length))
            start += length
        self.blocks: tuple[tuple[str, int, int], ...] = tuple(blocks)
        self._at = {name: s for name, s, _ in blocks}
        self.size = start
        self._seats = n
        # the masks of the lists of legal actions seen last, by the identities of their
        # objects (games hand out the same action objects again and again): one lookup
        # instead of a dict lookup per action
        self._masks: dict[tuple[int, ...], tuple[Sequence[Any], Mask, tuple[int, ...]]] = {}
        self._masks_by_value: dict[tuple[Any, ...], tuple[Mask, tuple[int, ...]]] = {}
        self._remember, self._hits, self._misses = True, 0, 0

    # -- what subclasses write ----------------------------------------------------------
    @abstractmethod
    def action_table(self) -> Iterable[Any]:
        """Every action a player of this configuration can ever be offered, in index order."""

    @abstractmethod
    def block_sizes(self) -> Sequence[tuple[str, int]]:
        """``(name, length)`` of each block of the observation vector, in order."""

    @abstractmethod
    def fill(self, vector: Vector, observation: Any, seat: int) -> None:
        """Write the encoding of ``observation`` (of ``seat``) into the zeroed ``vector``."""

    # -- actions ------------------------------------------------------------------------
    def action_index(self, action: Any) -> int:
        """The index of ``action``.

        Raises:
            ValueError: ``action`` is not in this game's action table.
        """
        try:
            return self._index[action]
        except (KeyError, TypeError):
            raise ValueError(f"{action!r} is not an action of {self.game!r}'s action table") from None

    def action(self, index: int) -> Any:
        """The action numbered ``index``.

        Raises:
            ValueError: ``index`` is not a whole number ``0 … num_actions - 1``.
        """
        if isinstance(index, np.integer):
            index = int(index)
        if type(index) is not int or not 0 <= index < self.num_actions:
            raise ValueError(f"action index must be an int 0..{self.num_actions - 1}, not {index!r}")
        return self.actions[index]

    def legal(self, legal_actions: Sequence[Any]) -> tuple[Mask, tuple[int, ...]]:
        """The mask of ``legal_actions`` (1 at each legal index) and their indices, in order.

        The mask is shared with later calls for the same list: copy it before changing it.

        Raises:
            ValueError: a legal action is missing from the action table (a bug in the table).
        """
        remember = self._remember
        if remember:
            key = tuple(map(id, legal_actions))
            got = self._masks.get(key)
            if got is not None:  # the cache keeps those very objects alive: no other has their ids
                self._hits += 1
                return got[1], got[2]
            self._misses += 1
            if self._misses > 1000 and self._misses > self._hits:
                # this game rarely offers the same list twice: remembering does not pay
                self._remember = remember = False
                self._masks.clear()
        short = len(legal_actions) <= SHORT_LIST
        if short:  # equal actions made anew (a game that builds its actions each time): by value
            by_value = tuple(legal_actions)
            known = self._masks_by_value.get(by_value)
            if known is not None:
                return known
        index = self._index
        try:
            numbers = tuple(index[a] for a in legal_actions)
        except KeyError as exc:
            raise ValueError(
                f"legal action {exc.args[0]!r} is missing from the action table of {self.game_id}"
            ) from None
        mask = np.zeros(self.num_actions, dtype=np.int8)
        mask[list(numbers)] = 1
        mask.flags.writeable = False
        if remember:
            if len(self._masks) >= MASK_CACHE:
                self._masks.clear()
            self._masks[key] = (list(legal_actions), mask, numbers)
        if short:
            if len(self._masks_by_value) >= MASK_CACHE:
                self._masks_by_value.clear()
            self._masks_by_value[by_value] = (mask, numbers)
        return mask, numbers

    def mask(self, legal_actions: Sequence[Any]) -> Mask:
        """A new ``int8`` vector of :attr:`num_actions` entries: 1 where the action is legal."""
        return self.legal(legal_actions)[0].copy()

    # -- observations -------------------------------------------------------------------
    def encode(self, observation: Any, seat: int | None = None) -> Vector:
        """The ``float32`` vector (values in [0, 1]) of ``observation``, as ``seat`` sees it
        (``None``: the seat named in the observation, :meth:`seat_of`)."""
        if seat is None:
            seat = self.seat_of(observation)
        vector = np.zeros(self.size, dtype=np.float32)
        self.fill(vector, observation, seat)
        return vector

    def seat_of(self, observation: Any) -> int:
        """The seat whose observation this is (``observation.player`` in our games)."""
        return int(observation.player)

    def block(self, vector: Vector, name: str) -> Vector:
        """The part of ``vector`` in the block ``name``.

        Raises:
            KeyError: no block has that name.
        """
        for block_name, start, length in self.blocks:
            if block_name == name:
                return vector[start : start + length]
        raise KeyError(f"no block {name!r}; blocks: {[b for b, _, _ in self.blocks]}")

    def layout(self) -> str:
        """The blocks of the observation vector as a small table (name, positions)."""
        rows = [f"{name:<16} {start:>5} … {start + length - 1:<5} ({length})" for name, start, length in self.blocks]
        return "\n".join(rows)

    # -- helpers for subclasses -------------------------------------------------------------
    def at(self, name: str) -> int:
        """Where block ``name`` starts."""
        return self._at[name]

    def relative(self, player: int, seat: int) -> int:
        """``player`` counted from ``seat`` (0 = the observer, 1 = the next player …)."""
        return (player - seat) % self._seats

    def __repr__(self) -> str:
        return f"<{type(self).__name__}: {self.game_id}, {self.num_players} players, {self.num_actions} actions, {self.size} numbers>"


def scaled(value: float, top: float) -> float:
    """``value / top`` clipped into [0, 1] (counts and scores as features)."""
    if top <= 0:
        return 0.0
    x = value / top
    return 0.0 if x < 0 else 1.0 if x > 1 else x


def encoding(game: Game[Any, Any] | str, **config: Any) -> Encoding:
    """The :class:`Encoding` of ``game`` (a game object, or a registered id and its configuration).

    >>> enc = encoding("pig", num_players=2)
    >>> enc.actions
    (Roll(), Hold())
    >>> enc.action(enc.action_index(enc.actions[1]))
    Hold()

    Raises:
        ValueError: an unknown game, a bad configuration, or a game without an encoding.
    """
    if isinstance(game, str):
        game = make_game(game, **config)
    elif config:
        raise ValueError("give a configuration only with a game id")
    reference = ENCODINGS.get(game.info.id)
    if reference is None:
        raise ValueError(f"{game.info.name} has no encoding for learning agents yet (known: {', '.join(ENCODINGS)})")
    module, _, name = reference.partition(":")
    cls: type[Encoding] = getattr(importlib.import_module(module), name)
    return cls(game)
