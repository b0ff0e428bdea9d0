"""Food Chain — dog, cat, mouse, cheese (RULES.md §4)."""

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

__all__ = [
    "CAT",
    "CHEESE",
    "DOG",
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
