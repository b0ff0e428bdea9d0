"""Agents: anything with ``act(observation, legal_actions, rng) -> action``."""

from boardgames_widgets.agents.basic import FirstActionAgent, RandomAgent
from boardgames_widgets.core.play import Agent, AgentError, as_agent

__all__ = ["Agent", "AgentError", "FirstActionAgent", "RandomAgent", "as_agent"]
