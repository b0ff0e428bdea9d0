"""A greedy agent: score every legal action with a rule of thumb, play the best.

No look-ahead: one documented heuristic per game scores ``(observation, action)``
pairs, from the observation alone (plus the rules, which are public). Ties are
broken at random with the generator the agent is handed, so it stays reproducible.
The heuristic is picked by the game's id, taken from the observation's type (the
module ``boardgames_widgets.games.<id>.rules``), so one ``GreedyAgent()`` can sit
at any game.

The heuristics, in words (each lives in its game's agent knowledge, ``agents/<game id>.py``):

* **Food Chain** — score the table as if the game ended now (FC-E2), with the card
  placed: my points minus the best opponent's. So animals go where they remove the
  opponents' cheese and cheese goes where nothing eats it; a cheese also loses a
  little for each empty neighbouring square where a mouse could land later.
* **Papageno** — estimate my area's total: face-down cards at the average weight
  of the unseen cards, two equal cards in a column cancelled. Swap where the total
  drops most (keep low birds, chase column pairs); take the discard only when it
  beats the average draw; capture the swap that helps me most.
* **Chop Chop** — the cat closes the distance to the nearest mouse it could catch
  (and catches one when it can); a mouse grabs reachable cheese (face-down tiles,
  holes once the cheese is home), and keeps out of the cat's dice range unless it
  is under the table or in a hole.
* **Mouse Trap** — crank whenever an opponent sits on the Cheese Wheel; pay to move
  an opponent only when the die can bring it to the Wheel; take cheese from the
  richest opponent.

A game without a rule of thumb (no ``HEURISTIC`` in the agent knowledge its declaration
names) scores every action alike: Greedy then plays at random, so the Hint button and the
seat pickers work for every game.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from boardgames_widgets.agents.knowledge import ByGame
from boardgames_widgets.core.api import Game
from boardgames_widgets.core.registry import make_game

#: A heuristic scores one legal action in an observation (higher is better).
Heuristic = Callable[[Game[Any, Any], Any, Any], float]


def game_id_of(observation: Any) -> str:
    """The id of the game an observation comes from, read off its type's module.

    >>> from boardgames_widgets.games.food_chain.rules import FoodChainObservation
    >>> game_id_of(FoodChainObservation.__new__(FoodChainObservation))
    'food_chain'

    Raises:
        TypeError: the observation's type does not belong to a game of this package.
    """
    parts = type(observation).__module__.split(".")
    if len(parts) >= 3 and parts[:2] == ["boardgames_widgets", "games"]:
        return parts[2]
    raise TypeError(f"cannot tell which game a {type(observation).__name__} observation belongs to")


#: The heuristic of each game, by game id (each defined in its game's module, ``agents/<game id>.py``).
HEURISTICS: Mapping[str, Heuristic] = ByGame("HEURISTIC")


class GreedyAgent:
    """Plays the legal action its game's heuristic scores highest (ties at random).

    Args:
        game: the game (for its rules' parameters); if omitted, a default game of the
            observation's kind with the observation's number of players is assumed.
        heuristics: heuristics by game id (default :data:`HEURISTICS`).
    """

    name = "greedy"

    def __init__(self, game: Game[Any, Any] | None = None, heuristics: Mapping[str, Heuristic] | None = None) -> None:
        self.game = game
        self.heuristics = HEURISTICS if heuristics is None else heuristics

    def _game_for(self, observation: Any) -> Game[Any, Any]:
        if self.game is None:
            n = getattr(observation, "num_players", None) or getattr(
                getattr(observation, "state", None), "num_players", None
            )
            gid = game_id_of(observation)
            self.game = make_game(gid) if n is None else make_game(gid, num_players=n)
        return self.game

    def act(self, observation: Any, legal_actions: Sequence[Any], rng: random.Random) -> Any:
        """The best-scoring legal action.

        A game without a rule of thumb (its declaration names no agent knowledge) scores
        every action alike, so Greedy plays one of them at random.
        """
        game = self._game_for(observation)
        heuristic = self.heuristics.get(game.info.id)
        if heuristic is None:
            return legal_actions[rng.randrange(len(legal_actions))]
        scores = [heuristic(game, observation, a) for a in legal_actions]
        best = max(scores)
        choices = [a for a, s in zip(legal_actions, scores, strict=True) if s == best]
        return choices[rng.randrange(len(choices))]

    def __repr__(self) -> str:
        return "GreedyAgent()"
