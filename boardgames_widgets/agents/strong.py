"""The default "strong" bot of each game: MCTS, ISMCTS where a player's decisions hide something,
or the rollout algorithm (Papageno).

Plain MCTS with random playouts is a weak judge of these games (random players
never protect their cheese, swap birds blindly, and wander the kitchen for hundreds
of moves), so the strong bot simulates each game the way that measured best in
``benchmarks/search.py`` (:data:`STRONG_SEARCH`):

* **Food Chain, Chop Chop** — no playout at all: each new leaf is scored by the
  game's evaluator (:mod:`~boardgames_widgets.agents.rollout`), and the tree
  itself does the looking ahead. Evaluations are smooth numbers near 1/2, so a
  smaller exploration constant suits them.
* **Papageno** — no tree: the rollout algorithm
  (:mod:`~boardgames_widgets.agents.rollout_agent`, :data:`STRONG_ROLLOUT`). Every
  legal move is played out to the end of the round by Greedy's rule of thumb for
  both players, from the same seeds for every move, and the best average wins.
  The round is decided by a few choices — when to close it, which card to give the
  next player — and playing to the end of the round shows them; MCTS spread over
  the chance of every draw did not get past 62% against Greedy, the rollouts win
  80% of 200 games with 50 samples a move, about 0.17 s
  (``benchmarks/results/search.txt``).
  :data:`STRONG_SEARCH` keeps the best MCTS settings found for it.
* **Mouse Trap** — cheap playouts to the end by an epsilon-greedy policy (the
  Greedy agent's rule of thumb, a random move one time in ten).

The bot thinks for :data:`STRONG_SECONDS` a move, but never less than its game's
:data:`STRONG_MIN_BUDGET` (the iterations, or samples, behind its measured
results): on a machine too slow to reach the minimum in time a move takes longer
(above 1 s) rather than the bot silently playing weaker.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from boardgames_widgets.agents.ismcts import ISMCTSAgent
from boardgames_widgets.agents.knowledge import ByGame
from boardgames_widgets.agents.mcts import UCT_C, LeafEvaluator, MCTSAgent, Rollout, random_rollout
from boardgames_widgets.agents.rollout_agent import RolloutAgent
from boardgames_widgets.core.api import Game

#: Thinking time per move of the default strong bot, in seconds (a search stops at the
#: first iteration past it, so moves take a little longer: the median stays under 1 s).
STRONG_SECONDS = 0.9

#: The exploration constant used with an evaluator (its values are close to 1/2, win/loss
#: playouts are 0 or 1: exploring as widely as sqrt(2) would waste the budget).
EVALUATOR_C = 0.5


@dataclass(frozen=True)
class SearchSettings:
    """How the strong bot simulates one game: ``rollout`` plays leaves out (used when
    there is no evaluator), ``evaluator`` scores leaves directly instead of a rollout
    (``None``: roll out), and ``c`` is the UCB1 exploration constant.
    """

    rollout: Rollout = random_rollout
    evaluator: LeafEvaluator | None = None
    c: float = UCT_C


# Each game's settings live in its module, agents/<game id>.py (see agents.knowledge).
#: The strong bot's simulation per game id (other games: random rollouts, c = sqrt(2)). Papageno's
#: entry is the best MCTS found for it (62% against Greedy), its strong bot is :data:`STRONG_ROLLOUT`'s.
STRONG_SEARCH: Mapping[str, SearchSettings] = ByGame("SEARCH")

#: Games whose strong bot is the rollout algorithm rather than a tree search: the playout
#: each move is judged by (see :mod:`~boardgames_widgets.agents.rollout_agent`).
STRONG_ROLLOUT: Mapping[str, Rollout] = ByGame("ROLLOUT")

#: Games in which a player deciding does not know the whole state: their strong bot is ISMCTS.
#: (Papageno hides cards too, but only from players who are not deciding: at a decision its
#: sampled state is exact, so plain MCTS searches it.)
HIDDEN_AT_DECISIONS: Mapping[str, bool] = ByGame("HIDDEN_AT_DECISIONS", keep=bool)

#: The least search a move of the default strong bot gets, per game: MCTS/ISMCTS iterations, or
#: samples of the rollout algorithm (Papageno). These are the budgets behind the results in
#: ``benchmarks/results/search.txt`` (Food Chain 83% vs Greedy at 7,981 iterations, Chop Chop
#: 68% (62-75) at 6,000 in 200 fresh games, ``benchmarks/results/strong_bots.txt``; Papageno
#: 80% at 50 samples; Mouse Trap's decision audit at 3,000). A quiet
#: machine like the one the results were taken on reaches them well within
#: :data:`STRONG_SECONDS` (Papageno 299 samples, Chop Chop 31,141 iterations a second) except
#: Food Chain, which needs about 1 s; a machine 3x slower thinks up to ~3 s there.
STRONG_MIN_BUDGET: Mapping[str, int] = ByGame("MIN_BUDGET")


def strong_agent(
    game: Game[Any, Any], seconds: float = STRONG_SECONDS, iterations: int | None = None, minimum: int | None = None
) -> Any:
    """The default strong bot for ``game``: a time-limited (or iteration-limited) search.

    MCTS or ISMCTS (:data:`STRONG_SEARCH`), or for the games in :data:`STRONG_ROLLOUT` a
    :class:`~boardgames_widgets.agents.rollout_agent.RolloutAgent` whose "iterations" are
    samples (every legal move played out once per sample).

    Args:
        game: the game to play.
        seconds: thinking time per move (ignored when ``iterations`` is given).
        iterations: iterations (or samples) per move instead of a time budget (reproducible).
        minimum: iterations (or samples) a timed move gets even if ``seconds`` run out
            first (``None``: the game's :data:`STRONG_MIN_BUDGET`; 1 for a game without one).
    """
    name = f"strong{iterations}" if iterations is not None else f"strong{seconds:g}s"
    budget = None if iterations is not None else seconds
    least = 1 if iterations is not None else STRONG_MIN_BUDGET.get(game.info.id, 1) if minimum is None else minimum
    playout = STRONG_ROLLOUT.get(game.info.id)
    if playout is not None:
        return RolloutAgent(game, playout, iterations, budget, name=name, min_samples=least)
    cls = ISMCTSAgent if game.info.id in HIDDEN_AT_DECISIONS else MCTSAgent
    how = STRONG_SEARCH.get(game.info.id, SearchSettings())
    return cls(
        game, iterations, budget, c=how.c, rollout=how.rollout, evaluator=how.evaluator, name=name, min_iterations=least
    )
