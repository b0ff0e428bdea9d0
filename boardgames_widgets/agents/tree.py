"""What the Monte-Carlo tree searches share (:mod:`.mcts` on full states, :mod:`.ismcts` on
information sets): a node's statistics, the UCB1 score, backpropagation, the budget loop and
the root's answer. Each search keeps its own selection loop (the hottest loop of all, written
out) with the score of :func:`ucb1`; ISMCTS's iteration also writes its backpropagation out,
because the ISMCTS lesson shows that function whole. MCTS writes all four steps out in one
loop over statistics kept in arrays (issue 32: the tree's own work is what is left of an
iteration besides the rollout), choosing exactly as these parts would.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Protocol


class Stats(Protocol):
    """A tree node's statistics, the part every Monte-Carlo tree search keeps
    (:class:`~boardgames_widgets.agents.mcts.Node`, :class:`~boardgames_widgets.agents.ismcts.ISNode`).

    Attributes:
        mover: who chose the action leading here (``CHANCE`` at the root or after a chance outcome).
        children: the expanded children, by action.
        visits: how many iterations passed through this node.
        total: the sum of ``mover``'s returns over those iterations.
    """

    mover: int
    visits: int
    total: float

    @property
    def children(self) -> Mapping[Any, Stats]: ...


def ucb1(total: float, visits: int, log_parent: float, c: float) -> float:
    """UCB1: the mean return plus ``c * sqrt(ln(parent visits) / visits)`` (the searches' selection
    loops write this out, one per child, rather than call it)."""
    return total / visits + c * math.sqrt(log_parent / visits)


def backup(path: Iterable[Stats], returns: Sequence[float]) -> None:
    """Backpropagation: every node on the path counts the visit and adds its mover's return."""
    for node in path:
        node.visits += 1
        if node.mover >= 0:
            node.total += returns[node.mover]


def deadline(name: str, iterations: int | None, seconds: float | None) -> float:
    """The ``time.perf_counter()`` at which a search with this budget stops (``inf``: none).

    Raises:
        ValueError: no budget is given.
    """
    if iterations is None and seconds is None:
        raise ValueError(f"give {name} a budget: iterations, seconds or both")
    return math.inf if seconds is None else time.perf_counter() + seconds


def run(iteration: Callable[[], int], iterations: int | None, until: float, min_iterations: int) -> tuple[int, int]:
    """Run ``iteration()`` (which returns the nodes it added) until the budget is spent: at most
    ``iterations``, and until ``until`` (see :func:`deadline`) but at least ``min_iterations``
    times. Returns the iterations run and the nodes of the tree (the root counts one)."""
    nodes, done = 1, 0
    while (iterations is None or done < iterations) and (done < min_iterations or time.perf_counter() < until):
        nodes += iteration()
        done += 1
    return done, nodes


def root_statistics(root: Stats) -> tuple[Any, dict[Any, int], dict[Any, float]]:
    """The most visited root action (the first of equal ones), and each root action's visits and mean return."""
    visits = {a: ch.visits for a, ch in root.children.items()}
    values = {a: ch.total / ch.visits for a, ch in root.children.items()}
    best = max(root.children, key=lambda a: visits[a])
    return best, visits, values
