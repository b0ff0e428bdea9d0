"""Widgets (ipywidgets + ipycanvas). Imported lazily by ``boardgames_widgets``.

``play(game_id, players=..., seed=...)`` opens any registered game: its own board
widget when it has one (:data:`WIDGETS`), otherwise the generic widget that lists the
legal moves.
"""

from __future__ import annotations

import importlib
from typing import Any

from boardgames_widgets.widgets.base import GameWidget, Target
from boardgames_widgets.widgets.bots import BOTS, HUMAN, register_bot
from boardgames_widgets.widgets.generic import GenericGameWidget
from boardgames_widgets.widgets.raster import Picture, picture


def _board_widgets() -> dict[str, str]:
    from boardgames_widgets.core.registry import GAMES

    return {game_id: spec.widget for game_id, spec in GAMES.items() if spec.widget is not None}


#: game id -> "module:Class" of its board widget, read from the games' declarations
#: (``GameSpec.widget``); a game without one plays in :class:`GenericGameWidget`.
WIDGETS: dict[str, str] = _board_widgets()

_CLASS_NAMES = {spec.partition(":")[2]: spec for spec in WIDGETS.values()}

__all__ = [
    "BOTS",
    "HUMAN",
    "GameWidget",
    "GenericGameWidget",
    "Picture",
    "Target",
    "picture",
    "play",
    "register_bot",
    "widget_class",
]


def widget_class(game_id: str) -> type[GameWidget]:
    """The widget class for a game: its own, or :class:`GenericGameWidget`.

    Raises:
        ValueError: ``game_id`` is not a registered game.
    """
    from boardgames_widgets.core.registry import game_class

    game_class(game_id)  # raises ValueError naming the known games
    spec = WIDGETS.get(game_id)
    if spec is None:
        return GenericGameWidget
    module, _, name = spec.partition(":")
    try:
        cls: type[GameWidget] = getattr(importlib.import_module(module), name)
    except ImportError:  # the board widget is not there yet: still playable from a list
        return GenericGameWidget
    return cls


def play(game: str, players: int | None = None, seed: Any = None, **kwargs: Any) -> GameWidget:
    """Open a game in a widget (show it as the last expression of a cell).

    >>> w = play("food_chain", players=2, seed=1)  # doctest: +SKIP
    >>> w = play("papageno", lang="lv")  # doctest: +SKIP

    Args:
        game: a registered game id (see ``boardgames_widgets.game_ids()``).
        players: number of players (default: the fewest the game allows).
        seed: seeds chance and bots of the first game (default: a fresh seed; every
            New game takes a fresh one, shown in the log).
        **kwargs: ``seats``, ``speed``, ``zoom``, ``lang`` (``"en"``, ``"lv"``, ``"ru"`` or
            ``"he"``; default :func:`boardgames_widgets.set_language` or the environment
            variable ``BOARDGAMES_WIDGETS_LANG``) and the game's named parameters.

    Raises:
        ValueError: unknown game or bad configuration.
    """
    cls = widget_class(game)
    return cls(game, players=players, seed=seed, **kwargs)


def __getattr__(name: str) -> Any:
    spec = _CLASS_NAMES.get(name)
    if spec is None:
        raise AttributeError(f"module 'boardgames_widgets.widgets' has no attribute {name!r}")
    module, _, cls_name = spec.partition(":")
    return getattr(importlib.import_module(module), cls_name)
