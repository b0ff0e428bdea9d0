"""The bots a seat picker offers, by name: an extensible registry.

Each entry maps a name shown to people to a factory ``factory(game) -> agent``; an
agent has ``act(observation, legal_actions, rng)``. Other modules (stronger agents,
search bots) add themselves with :func:`register_bot`; widgets read the registry when
they are built, so a bot registered before a widget is created is offered by it.

>>> "Random bot" in BOTS
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from boardgames_widgets.agents import FirstActionAgent, RandomAgent
from boardgames_widgets.i18n import N_

#: The seat picker's entry for a person at the screen.
HUMAN = N_("Human")

BotFactory = Callable[[Any], Any]


def _greedy(game: Any) -> Any:
    from boardgames_widgets.agents import GreedyAgent

    return GreedyAgent(game)


def _strong(game: Any) -> Any:
    from boardgames_widgets.agents import strong_agent

    return strong_agent(game)


#: Bot name -> factory(game) -> agent, in the order the pickers list them (the names are
#: translated where shown; a bot registered without a translation keeps its name).
BOTS: dict[str, BotFactory] = {
    N_("First-choice bot"): lambda game: FirstActionAgent(),
    N_("Random bot"): lambda game: RandomAgent(),
    N_("Greedy bot"): _greedy,
    N_("Strong bot (tree search)"): _strong,
}

#: Name of the bot asked for hints and for "Let the bot move" on a human's turn
#: (quick: a hint is computed while the person waits). ``None`` means the most
#: recently registered bot.
HINT_BOT: str | None = "Greedy bot"


def register_bot(name: str, factory: BotFactory, *, hint: bool = False) -> None:
    """Offer a bot in every seat picker created from now on.

    Args:
        name: the name shown in the picker (must not be ``"Human"``).
        factory: called with the game, returns an agent.
        hint: also make it the bot that gives hints.

    Raises:
        ValueError: the name is empty or ``"Human"``, or factory is not callable.
    """
    global HINT_BOT
    if not name or name == HUMAN:
        raise ValueError(f"a bot cannot be called {name!r}")
    if not callable(factory):
        raise ValueError(f"the factory of bot {name!r} must be callable")
    BOTS[name] = factory
    if hint:
        HINT_BOT = name


def hint_bot_name() -> str:
    """The name of the bot used for hints."""
    if HINT_BOT is not None and HINT_BOT in BOTS:
        return HINT_BOT
    return list(BOTS)[-1]
