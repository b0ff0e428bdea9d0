"""Mouse Trap: Greedy's rule of thumb, the evaluator and the strong bot's settings.

What the agents know about this game, in one place (:mod:`boardgames_widgets.agents.knowledge`
collects it by game id): ``HEURISTIC`` (Greedy's rule of thumb), ``EVALUATOR`` (a
position's value for search), ``SEARCH`` (the strong bot's search settings),
``MIN_BUDGET`` (the least search a strong bot's move gets).
"""

from __future__ import annotations

from typing import Any

from boardgames_widgets.agents.rollout import HeuristicPolicy, Rollout, margins, share_by_margin
from boardgames_widgets.agents.strong import SearchSettings
from boardgames_widgets.core.api import Game


# -- Greedy's rule of thumb -------------------------------------------------------------------
def mouse_trap_heuristic(game: Game[Any, Any], obs: Any, action: Any) -> float:
    """Crank when someone is on the Wheel; move an opponent if a roll can reach the Wheel; rob the rich."""
    from boardgames_widgets.games.mouse_trap import rules
    from boardgames_widgets.games.mouse_trap.layout import SpaceKind

    state, cfg = obs.state, game.cfg  # type: ignore[attr-defined]
    if isinstance(action, rules.Crank):
        return 10.0
    if isinstance(action, rules.MoveMouse):
        wheel, here = cfg.position_of(SpaceKind.CHEESE_WHEEL), state.positions[action.player]
        distance = wheel - here if here < cfg.loop_start else (wheel - here) % cfg.loop_length
        reachable = 1 <= distance <= cfg.die_faces
        return 2.0 if reachable else -1.0
    if isinstance(action, rules.TakeCheese):
        return float(sum(state.cheese[p] * n for p, n in action.amounts))
    return 0.0  # EndTurn


# -- the evaluator ----------------------------------------------------------------------------
#: Mouse Trap: a lead of this much "safety" counts as a 3-to-1 favourite (see the evaluator).
MOUSE_TRAP_SCALE = 6.0


def mouse_trap_evaluator(game: Game[Any, Any], state: Any) -> tuple[float, ...]:
    """Free mice share the win; among them, cheese (to move others into the trap) counts."""
    if game.is_terminal(state):
        return game.returns(state)
    values = [-100.0 if caught else float(c) for caught, c in zip(state.caught, state.cheese, strict=True)]
    return share_by_margin(margins(values), MOUSE_TRAP_SCALE)


# -- what the agents know ---------------------------------------------------------------------
HEURISTIC = mouse_trap_heuristic
EVALUATOR = mouse_trap_evaluator
#: Cheap playouts to the end by an epsilon-greedy policy (Greedy's rule, a random move one time in ten).
SEARCH = SearchSettings(rollout=Rollout(HeuristicPolicy(epsilon=0.1)))
#: The budget of the decision audit (``benchmarks/decision_audit.py``) and of the Mouse Trap
#: strength figures (``benchmarks/mouse_trap_strength.py``, ``benchmarks/mouse_trap_best_response.py``).
MIN_BUDGET = 3000
