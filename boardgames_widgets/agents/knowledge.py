"""What the agents know about each game, read from the module its declaration names.

A game's declaration (``GameSpec.agents`` in ``games/<id>/__init__.py``) may name a
module of agent knowledge — the four games use ``agents/<game id>.py`` — that defines
any of these names:

* ``HEURISTIC`` — Greedy's rule of thumb, ``heuristic(game, observation, action) -> score``
  (collected in :data:`boardgames_widgets.agents.greedy.HEURISTICS`);
* ``EVALUATOR`` — a full state's value for every player, in [0, 1]
  (:data:`boardgames_widgets.agents.rollout.EVALUATORS`);
* ``SEARCH`` — the strong bot's MCTS settings (:data:`~boardgames_widgets.agents.strong.STRONG_SEARCH`);
* ``ROLLOUT`` — the playout of a strong bot that is the rollout algorithm instead
  (:data:`~boardgames_widgets.agents.strong.STRONG_ROLLOUT`);
* ``MIN_BUDGET`` — the least search a strong bot's move gets
  (:data:`~boardgames_widgets.agents.strong.STRONG_MIN_BUDGET`);
* ``HIDDEN_AT_DECISIONS`` — true if the player deciding cannot see the whole state (ISMCTS);
* ``SAMPLE_STATE`` — a full state drawn from an observation, for a game whose class has
  no :meth:`~boardgames_widgets.core.api.Game.sample_state` of its own
  (:data:`~boardgames_widgets.agents.determinize.SAMPLERS`).

The tables are filled the first time they are read, from every registered game whose
declaration names such a module. A game without one (like the docs' example game) gets
the game-agnostic defaults: Greedy without a rule of thumb, random playouts, plain MCTS.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from types import ModuleType
from typing import Any, TypeVar, cast

V = TypeVar("V")


def game_module(game_id: str) -> ModuleType | None:
    """The agents' module of a registered game (``GameSpec.agents``), or ``None`` if it has none.

    Raises:
        ValueError: ``game_id`` is not registered.
        ImportError: the module is declared but fails to import.
    """
    from boardgames_widgets.core.registry import load, spec

    reference = spec(game_id).agents
    if reference is None:
        return None
    module: ModuleType = load(reference)
    return module


def _not_none(value: Any) -> bool:
    return value is not None


class ByGame(Mapping[str, V]):
    """A read-only table ``game id -> value`` of one name defined in the games' agents modules.

    Args:
        attribute: the name each game's module may define.
        keep: which values count (default: any but ``None``).
    """

    def __init__(self, attribute: str, keep: Callable[[Any], bool] = _not_none) -> None:
        self.attribute = attribute
        self.keep = keep
        self._data: dict[str, V] | None = None

    def _table(self) -> dict[str, V]:
        if self._data is None:
            from boardgames_widgets.core.registry import game_ids

            data: dict[str, V] = {}
            for game_id in game_ids():
                module = game_module(game_id)
                value = getattr(module, self.attribute, None)
                if module is not None and self.keep(value):
                    data[game_id] = cast(V, value)
            self._data = data
        return self._data

    def __getitem__(self, game_id: str) -> V:
        return self._table()[game_id]

    def __iter__(self) -> Iterator[str]:
        return iter(self._table())

    def __len__(self) -> int:
        return len(self._table())

    def __reduce__(self) -> tuple[Any, ...]:  # agents holding a table go to process pools and sandboxes
        return (ByGame, (self.attribute, self.keep))

    def __repr__(self) -> str:
        return f"ByGame({self.attribute!r}: {sorted(self._table())})"
