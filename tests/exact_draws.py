"""Exact odds of a sampler that draws integers (shipped in :mod:`boardgames_widgets.testing`).

Kept for the speed-path tests, which import it from here.
"""

from boardgames_widgets.testing import ScriptedRandom, exact_distribution

__all__ = ["ScriptedRandom", "exact_distribution"]
