"""The rollout algorithm: try every move, play each one out many times, keep the best.

Tesauro and Galperin's "on-line policy improvement" (1996), also called *flat Monte
Carlo* or simply *rollouts*:

1. Take a **base policy** — a rule of thumb that plays the whole game by itself, here
   the Greedy agent's (:class:`~boardgames_widgets.agents.rollout.HeuristicPolicy`).
2. For each legal move, apply it and let the base policy play on for every player
   (a *playout*, :class:`~boardgames_widgets.agents.rollout.Rollout`), many times.
3. Play the move whose playouts did best on average.

If the base policy's playouts were exact, the new player is never worse than the base
policy and usually better: it is one step of *policy improvement*. Against an
opponent who *is* the base policy this is exactly the question "what beats Greedy?".

Two details make it work with few playouts:

* **Common random numbers.** Move values differ by a few percent while single
  playouts are wins or losses, so each *sample* draws one seed, and every move is
  played out from the same seed: the same hidden cards (``sample_state``) and, as far
  as the playouts stay alike, the same draws. The luck then cancels out of the
  comparison between moves instead of drowning it.
* **Whole samples.** A sample plays every move once, and a time budget stops only
  between samples, so every move is judged on the same number of seeds.

Unlike MCTS there is no tree: all the budget goes to the moves at the root. That is
the right trade when a good base policy already knows how to play on (Papageno: the
round is decided by a few choices of when to close it and what to give away).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from boardgames_widgets.agents.determinize import sample_state
from boardgames_widgets.agents.mcts import Rollout
from boardgames_widgets.core.api import Game


@dataclass(frozen=True, slots=True)
class RolloutResult:
    """The outcome of one rollout search.

    Attributes:
        action: the move with the best mean return (the first of equals, in legal order).
        iterations: samples run (every move was played out once per sample).
        nodes: playouts started (moves × samples: the work done).
        values: move -> mean return of its playouts for the player to move.
    """

    action: Any
    iterations: int
    nodes: int
    values: dict[Any, float]


def rollout_search(
    game: Game[Any, Any],
    observation: Any,
    legal_actions: Sequence[Any],
    rng: random.Random,
    rollout: Rollout,
    *,
    samples: int | None = 100,
    seconds: float | None = None,
    min_samples: int = 1,
) -> RolloutResult:
    """Play every legal move out ``samples`` times from common seeds; the best mean wins.

    Args:
        game: the game.
        observation: what the player to move sees (a full state is searched as it is).
        legal_actions: the moves to compare.
        rng: the only source of randomness: it draws one seed per sample.
        rollout: plays a state out and returns every player's return.
        samples: samples to run (``None``: until ``seconds`` are up).
        seconds: time budget, checked between samples (``None``: no limit).
        min_samples: run at least this many samples even past ``seconds`` (a slow
            machine then takes longer rather than playing weaker).

    Raises:
        ValueError: no budget, or no legal action.
    """
    if samples is None and seconds is None:
        raise ValueError("give the rollout search a budget: samples, seconds or both")
    if not legal_actions:
        raise ValueError("no legal action to choose from")
    deadline = math.inf if seconds is None else time.perf_counter() + seconds
    totals = [0.0] * len(legal_actions)
    done = 0
    while (samples is None or done < samples) and (done < min_samples or time.perf_counter() < deadline):
        luck = random.Random(rng.getrandbits(64))
        state = sample_state(game, observation, luck)  # one guess at what is hidden, for every move
        mover = game.current_player(state)
        after_guess = luck.getstate()
        for k, action in enumerate(legal_actions):
            common = random.Random()
            common.setstate(after_guess)  # the same luck for every move
            totals[k] += rollout(game, game.apply(state, action), common)[mover]
        done += 1
    best = max(range(len(legal_actions)), key=totals.__getitem__)
    values = {a: t / done for a, t in zip(legal_actions, totals, strict=True)}
    return RolloutResult(legal_actions[best], done, done * len(legal_actions), values)


class RolloutAgent:
    """Plays the move whose playouts by a base policy do best (the rollout algorithm).

    Args:
        game: the game played.
        rollout: the playout (base policy, where it stops, how it is scored).
        samples: samples per move decision (``None`` with ``seconds``: time only).
        seconds: time per move decision (``None``: samples only, which is reproducible).
        name: the name shown in records and tables.
        min_samples: samples a move gets even when ``seconds`` run out first.

    Attributes:
        nodes: playouts started in the current game (cleared by :meth:`reset`).
        last: the result of the latest search.
    """

    def __init__(
        self,
        game: Game[Any, Any],
        rollout: Rollout,
        samples: int | None = 100,
        seconds: float | None = None,
        *,
        name: str | None = None,
        min_samples: int = 1,
    ) -> None:
        if samples is None and seconds is None:
            raise ValueError("give RolloutAgent a budget: samples, seconds or both")
        self.game = game
        self.rollout = rollout
        self.samples = samples
        self.seconds = seconds
        self.min_samples = min_samples
        self.name = name or (f"rollout{samples}" if seconds is None else f"rollout{seconds:g}s")
        self.nodes = 0
        self.last: RolloutResult | None = None

    def reset(self) -> None:
        """Start counting playouts afresh for a new game."""
        self.nodes = 0

    def search(self, observation: Any, rng: random.Random) -> RolloutResult:
        """One search of every legal move from ``observation``."""
        state = sample_state(self.game, observation, random.Random(0))  # the legal moves are public
        return self._search(observation, self.game.legal_actions(state), rng)

    def act(self, observation: Any, legal_actions: Sequence[Any], rng: random.Random) -> Any:
        """The move with the best playouts (the only move without searching)."""
        if len(legal_actions) == 1:
            return legal_actions[0]
        self.last = self._search(observation, legal_actions, rng)
        self.nodes += self.last.nodes
        return self.last.action

    def _search(self, observation: Any, legal_actions: Sequence[Any], rng: random.Random) -> RolloutResult:
        return rollout_search(
            self.game,
            observation,
            legal_actions,
            rng,
            self.rollout,
            samples=self.samples,
            seconds=self.seconds,
            min_samples=self.min_samples,
        )

    def __repr__(self) -> str:
        return f"RolloutAgent(samples={self.samples}, seconds={self.seconds})"
