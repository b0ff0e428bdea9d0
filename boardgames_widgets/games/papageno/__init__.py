"""Papageno — small is beautiful (RULES.md §3): collect the lightest birds, win two rounds."""

from __future__ import annotations

import random

from boardgames_widgets.core.registry import GameSpec
from boardgames_widgets.games.papageno.cards import (
    CAPTURE,
    EGG,
    FLUTE,
    KINDS,
    POSITION_NAMES,
    PRESETS,
    DeckConfig,
)
from boardgames_widgets.games.papageno.rules import (
    Action,
    CaptureSwap,
    Decline,
    DiscardDrawn,
    Draw,
    NextRound,
    Papageno,
    PapagenoObservation,
    PapagenoState,
    Phase,
    Reveal,
    Swap,
    TakeDiscard,
    TurnUp,
    next_starter,
)
from boardgames_widgets.games.papageno.scoring import AreaScore, EggTake, score_area


def sample_state(game: Papageno, obs: PapagenoObservation, rng: random.Random) -> PapagenoState:
    """A full state consistent with ``obs``, for information-set search (see :meth:`Papageno.sample_state`).

    Raises:
        ValueError: ``obs`` is not an observation of ``game``.
    """
    return game.sample_state(obs, rng)


#: Everything the package knows about Papageno (see :class:`~boardgames_widgets.core.registry.GameSpec`).
GAME = GameSpec(
    id="papageno",
    rules=Papageno,
    view="boardgames_widgets.games.papageno.view:View",
    widget="boardgames_widgets.widgets.papageno:PapagenoWidget",
    agents="boardgames_widgets.agents.papageno",
    words="boardgames_widgets.games.papageno.words",
)

__all__ = [
    "CAPTURE",
    "EGG",
    "FLUTE",
    "GAME",
    "KINDS",
    "POSITION_NAMES",
    "PRESETS",
    "Action",
    "AreaScore",
    "CaptureSwap",
    "DeckConfig",
    "Decline",
    "DiscardDrawn",
    "Draw",
    "EggTake",
    "NextRound",
    "Papageno",
    "PapagenoObservation",
    "PapagenoState",
    "Phase",
    "Reveal",
    "Swap",
    "TakeDiscard",
    "TurnUp",
    "next_starter",
    "sample_state",
    "score_area",
]
