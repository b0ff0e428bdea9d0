"""The games this package knows, by id, imported lazily."""

from __future__ import annotations

import importlib
from typing import Any

from boardgames_widgets.core.api import Game

#: game id -> "module:Class". A game is listed here once its rules pass the conformance suite.
GAMES: dict[str, str] = {
    "food_chain": "boardgames_widgets.games.food_chain.rules:FoodChain",
    "chop_chop": "boardgames_widgets.games.chop_chop.rules:ChopChop",
    "papageno": "boardgames_widgets.games.papageno.rules:Papageno",
    "mouse_trap": "boardgames_widgets.games.mouse_trap.rules:MouseTrap",
}


def game_ids() -> list[str]:
    """The ids of every registered game."""
    return list(GAMES)


def game_class(game_id: str) -> type[Game[Any, Any]]:
    """The class of a registered game.

    Raises:
        ValueError: ``game_id`` is not registered (the message lists the known ids).
    """
    if not isinstance(game_id, str) or game_id not in GAMES:
        raise ValueError(f"unknown game {game_id!r}; known games: {', '.join(GAMES)}")
    module, _, name = GAMES[game_id].partition(":")
    cls: type[Game[Any, Any]] = getattr(importlib.import_module(module), name)
    return cls


def make_game(game_id: str, **config: Any) -> Game[Any, Any]:
    """Build a registered game from its id and configuration.

    >>> make_game("food_chain", num_players=2)
    FoodChain(num_players=2)

    Raises:
        ValueError: unknown game, or a configuration the game rejects.
    """
    cls = game_class(game_id)
    try:
        return cls(**config)
    except TypeError as exc:
        raise ValueError(f"bad configuration for {game_id}: {exc}") from exc
