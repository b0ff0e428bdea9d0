"""Food Chain — dog, cat, mouse, cheese (RULES.md §4)."""

from boardgames_widgets.core.registry import GameSpec
from boardgames_widgets.games.food_chain.rules import (
    CAT,
    CHEESE,
    DOG,
    MOUSE,
    START,
    Card,
    Draw,
    FoodChain,
    FoodChainObservation,
    FoodChainScore,
    FoodChainState,
    Place,
    Placed,
    score,
)

#: Everything the package knows about FoodChain (see :class:`~boardgames_widgets.core.registry.GameSpec`).
GAME = GameSpec(
    id="food_chain",
    rules=FoodChain,
    view="boardgames_widgets.games.food_chain.view:View",
    widget="boardgames_widgets.widgets.food_chain:FoodChainWidget",
    agents="boardgames_widgets.agents.food_chain",
    words="boardgames_widgets.games.food_chain.words",
)

__all__ = [
    "CAT",
    "CHEESE",
    "DOG",
    "GAME",
    "MOUSE",
    "START",
    "Card",
    "Draw",
    "FoodChain",
    "FoodChainObservation",
    "FoodChainScore",
    "FoodChainState",
    "Place",
    "Placed",
    "score",
]
