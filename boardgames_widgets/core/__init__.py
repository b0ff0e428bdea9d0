"""The game-agnostic core: the game API, records, randomness, the play loop, drawing.

Importing the core never imports ipywidgets or ipycanvas.
"""

from boardgames_widgets.core.api import (
    CHANCE,
    TERMINAL,
    Game,
    GameError,
    GameInfo,
    GameOverError,
    IllegalActionError,
    InvalidActionError,
)
from boardgames_widgets.core.play import Agent, AgentError, as_agent, play_game
from boardgames_widgets.core.record import GameRecord, replay
from boardgames_widgets.core.registry import game_ids, make_game
from boardgames_widgets.core.rng import make_rng, sample_outcome

__all__ = [
    "CHANCE",
    "TERMINAL",
    "Agent",
    "AgentError",
    "Game",
    "GameError",
    "GameInfo",
    "GameOverError",
    "GameRecord",
    "IllegalActionError",
    "InvalidActionError",
    "as_agent",
    "game_ids",
    "make_game",
    "make_rng",
    "play_game",
    "replay",
    "sample_outcome",
]
