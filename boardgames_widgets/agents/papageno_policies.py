"""Rules of thumb for Papageno: threshold policies (moved to :mod:`boardgames_widgets.agents.papageno`).

Every name stays importable from here.
"""

from boardgames_widgets.agents.papageno import (
    AVERAGE_GUESS,
    HURRY_AFTER_RESHUFFLE,
    ThresholdPolicy,
    cancelled,
    card_weight,
    pair_position,
    partner,
    placement,
)

__all__ = [
    "AVERAGE_GUESS",
    "HURRY_AFTER_RESHUFFLE",
    "ThresholdPolicy",
    "cancelled",
    "card_weight",
    "pair_position",
    "partner",
    "placement",
]
