"""The default "strong" bot of each game: MCTS, or ISMCTS where a player's decisions hide something."""

from __future__ import annotations

from typing import Any

from boardgames_widgets.agents.ismcts import ISMCTSAgent
from boardgames_widgets.agents.mcts import MCTSAgent
from boardgames_widgets.core.api import Game

#: Games in which a player deciding does not know the whole state: their strong bot is ISMCTS.
#: (Papageno hides cards too, but only from players who are not deciding: at a decision its
#: sampled state is exact, so plain MCTS searches it.)
HIDDEN_AT_DECISIONS: frozenset[str] = frozenset({"food_chain"})

#: Thinking time per move of the default strong bot, in seconds (a search stops at the
#: first iteration past it, so moves take a little longer: the median stays under 1 s).
STRONG_SECONDS = 0.9


def strong_agent(game: Game[Any, Any], seconds: float = STRONG_SECONDS, iterations: int | None = None) -> Any:
    """The default strong bot for ``game``: a time-limited (or iteration-limited) tree search."""
    cls = ISMCTSAgent if game.info.id in HIDDEN_AT_DECISIONS else MCTSAgent
    if iterations is not None:
        return cls(game, iterations, name=f"strong{iterations}")
    return cls(game, None, seconds, name=f"strong{seconds:g}s")
