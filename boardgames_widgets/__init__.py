"""boardgames_widgets: four family games as Jupyter widgets, with lessons.

The rules core (``boardgames_widgets.core`` and ``boardgames_widgets.games``)
imports only the standard library; widgets (``play``) and the language functions
(``set_language``, ``rules_summary`` …) are imported lazily on first use, and are
listed in ``__all__`` and ``dir()`` like the others.
"""

from __future__ import annotations

from typing import Any

from boardgames_widgets.agents import RandomAgent
from boardgames_widgets.core import (
    CHANCE,
    TERMINAL,
    AgentError,
    GameError,
    GameOverError,
    GameRecord,
    IllegalActionError,
    InvalidActionError,
    game_ids,
    make_game,
    play_game,
)
from boardgames_widgets.lessons.copying import copy_lessons

__version__ = "0.2.0"

__all__ = [
    "CHANCE",
    "LANGUAGES",
    "TERMINAL",
    "AgentError",
    "GameError",
    "GameOverError",
    "GameRecord",
    "IllegalActionError",
    "InvalidActionError",
    "RandomAgent",
    "__version__",
    "copy_lessons",
    "game_ids",
    "get_language",
    "make_game",
    "play",
    "play_game",
    "rules_summary",
    "set_language",
]


#: Names served by :mod:`boardgames_widgets.i18n` (imported on first use; no ipywidgets).
_I18N_NAMES = {"set_language", "get_language", "rules_summary", "LANGUAGES"}


def __getattr__(name: str) -> Any:
    if name in _I18N_NAMES:
        from boardgames_widgets import i18n

        return getattr(i18n, name)
    # Widgets pull in ipywidgets/ipycanvas: import them only when asked for.
    if name in {"play"} or name.endswith("Widget"):
        from boardgames_widgets import widgets

        return getattr(widgets, name)
    raise AttributeError(f"module 'boardgames_widgets' has no attribute {name!r}")


def __dir__() -> list[str]:
    """Every public name, the lazily imported ones too (tab completion offers ``bw.play``)."""
    return sorted(set(globals()) | set(__all__))
