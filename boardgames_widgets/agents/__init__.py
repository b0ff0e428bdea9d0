"""Agents: anything with ``act(observation, legal_actions, rng) -> action``.

From simple to strong: :class:`RandomAgent`, :class:`GreedyAgent` (a rule of thumb
per game), :class:`MinimaxAgent` and :class:`ExpectimaxAgent` (exhaustive search to
a depth), :class:`MCTSAgent` and :class:`ISMCTSAgent` (Monte-Carlo tree search), and
:class:`RolloutAgent` (the rollout algorithm: every move played out by a base policy),
and :func:`strong_agent`, the default strong bot of a game.
"""

from boardgames_widgets.agents.basic import FirstActionAgent, RandomAgent
from boardgames_widgets.agents.greedy import GreedyAgent
from boardgames_widgets.agents.ismcts import ISMCTSAgent
from boardgames_widgets.agents.mcts import MCTSAgent
from boardgames_widgets.agents.rollout_agent import RolloutAgent
from boardgames_widgets.agents.search import ExpectimaxAgent, MinimaxAgent
from boardgames_widgets.agents.strong import strong_agent
from boardgames_widgets.core.play import Agent, AgentError, as_agent

__all__ = [
    "Agent",
    "AgentError",
    "ExpectimaxAgent",
    "FirstActionAgent",
    "GreedyAgent",
    "ISMCTSAgent",
    "MCTSAgent",
    "MinimaxAgent",
    "RandomAgent",
    "RolloutAgent",
    "as_agent",
    "strong_agent",
]
