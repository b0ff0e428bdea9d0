"""Fit Papageno's round-win model (the strong bot's evaluator) on Greedy self-play.

Who wins a Papageno round depends on more than the estimated totals: the player
with fewer face-down cards can end the round sooner (PA-E1), the player about to
move is a move ahead, and a lead means less while many cards are still face down.
This script measures those effects. It plays ``--games`` seeded Greedy-vs-Greedy
games (2 players) and, at the start of every turn, records for each player:

* ``lead``: the opponent's estimated total minus mine (as the Greedy agent
  estimates an area: face-down cards at the average unseen weight, PA-E2 pairs
  cancelled), so a positive lead is good;
* ``down_me``, ``down_opp``: face-down cards left in each area;
* ``to_move``: +1 if it is my turn, -1 if not;

and the round's result for that player (1 win, 1/2 tie, 0 loss). It then fits

    chance of winning the round = logistic(lead / (SCALE + SCALE_PER_DOWN · (down_me + down_opp))
                                           + DOWN_WEIGHT · (down_opp − down_me)
                                           + TEMPO · to_move)

by maximum likelihood (numpy only: a grid over the ratio SCALE_PER_DOWN / SCALE,
Newton's method for the rest), and prints the four parameters next to the values
:mod:`boardgames_widgets.agents.rollout` uses, with the log-loss of each model
(lower is better; 0.693 is a coin toss).

Run from the project root: ``python benchmarks/papageno_round_model.py`` (about a
minute on 2 cores for 20,000 games).
"""

from __future__ import annotations

import argparse
import random
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import numpy as np

from boardgames_widgets import make_game
from boardgames_widgets.agents import GreedyAgent
from boardgames_widgets.agents import papageno as rollout
from boardgames_widgets.agents.papageno import _papageno_area, _papageno_unknown
from boardgames_widgets.games.papageno.rules import Phase

#: Games per worker task (each task has its own seed, so results do not depend on the workers).
CHUNK = 500

#: A game longer than this many actions is dropped (two Greedy players can pass a card back
#: and forth until the round's turn limit).
MAX_ACTIONS = 3000


def features(game: Any, state: Any, me: int) -> list[float]:
    """``[lead, down_me, down_opp, to_move]`` of player ``me`` (2 players)."""
    deck = game.deck
    unknown = _papageno_unknown(game, state)
    opp = 1 - me
    lead = _papageno_area(state.grids[opp], deck, unknown) - _papageno_area(state.grids[me], deck, unknown)
    down = [sum(card is None for card in grid) for grid in state.grids]
    return [lead, down[me], down[opp], 1.0 if state.actor == me else -1.0]


def self_play(seed: int, games: int) -> tuple[np.ndarray, np.ndarray]:
    """Features and round results of ``games`` Greedy-vs-Greedy games from ``seed``."""
    game = make_game("papageno", num_players=2)
    rng = random.Random(seed)
    agents = [GreedyAgent(game), GreedyAgent(game)]
    rows: list[list[float]] = []
    results: list[float] = []

    def settle(pending: list[tuple[list[float], int]], scores: tuple[int, ...]) -> None:
        for row, me in pending:
            mine, theirs = scores[me], scores[1 - me]
            rows.append(row)
            results.append(1.0 if mine < theirs else 0.5 if mine == theirs else 0.0)

    for _ in range(games):
        state = game.new_initial_state()
        pending: list[tuple[list[float], int]] = []
        round_no, actions = state.round, 0
        while not game.is_terminal(state) and actions < MAX_ACTIONS:
            if state.round != round_no:
                settle(pending, state.last_scores)
                pending, round_no = [], state.round
            if game.is_chance_node(state):
                state = game.apply(state, game.sample_chance(state, rng))
                continue
            if state.phase is Phase.TURN:
                pending += [(features(game, state, me), me) for me in (0, 1)]
            player = game.current_player(state)
            action = agents[player].act(game.observation(state, player), game.legal_actions(state), rng)
            state = game.apply(state, action)
            actions += 1
        if game.is_terminal(state):
            settle(pending, state.last_scores)
    return np.array(rows), np.array(results)


def log_loss(p: np.ndarray, y: np.ndarray) -> float:
    """Mean cross-entropy of predictions ``p`` for results ``y`` (soft labels allowed)."""
    p = np.clip(p, 1e-9, 1 - 1e-9)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


def logistic_fit(features: np.ndarray, y: np.ndarray, steps: int = 50) -> np.ndarray:
    """Weights ``w`` of ``logistic(features @ w)`` by Newton's method (no intercept)."""
    w = np.zeros(features.shape[1])
    for _ in range(steps):
        p = 1 / (1 + np.exp(-(features @ w)))
        grad = features.T @ (p - y)
        hess = (features * (p * (1 - p))[:, None]).T @ features
        step = np.linalg.solve(hess, grad)
        w -= step
        if np.abs(step).max() < 1e-10:
            break
    return w


def fit(x: np.ndarray, y: np.ndarray) -> tuple[tuple[float, float, float, float], float]:
    """``(SCALE, SCALE_PER_DOWN, DOWN_WEIGHT, TEMPO)`` and their log-loss."""
    lead, down_me, down_opp, to_move = x.T
    best: tuple[float, tuple[float, float, float, float]] | None = None
    for ratio in np.linspace(0.0, 2.0, 81):  # SCALE_PER_DOWN / SCALE
        columns = np.column_stack([lead / (1 + ratio * (down_me + down_opp)), down_opp - down_me, to_move])
        w = logistic_fit(columns, y)
        loss = log_loss(1 / (1 + np.exp(-(columns @ w))), y)
        if best is None or loss < best[0]:
            scale = 1 / w[0]
            best = (loss, (float(scale), float(ratio * scale), float(w[1]), float(w[2])))
    assert best is not None
    return best[1], best[0]


def predict(x: np.ndarray, params: tuple[float, float, float, float]) -> np.ndarray:
    """The model's chance of winning the round for each row of ``x``."""
    scale, per_down, down_weight, tempo = params
    lead, down_me, down_opp, to_move = x.T
    z = lead / (scale + per_down * (down_me + down_opp)) + down_weight * (down_opp - down_me) + tempo * to_move
    return 1 / (1 + np.exp(-z))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20_000, help="Greedy-vs-Greedy games (default 20,000)")
    parser.add_argument("--workers", type=int, default=2, help="worker processes (default 2)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first chunk of games")
    args = parser.parse_args()

    started = time.perf_counter()
    chunks = max(1, args.games // CHUNK)
    seeds = [args.seed + k for k in range(chunks)]
    with ProcessPoolExecutor(args.workers) as pool:
        parts = list(pool.map(self_play, seeds, [CHUNK] * chunks))
    x = np.concatenate([p[0] for p in parts])
    y = np.concatenate([p[1] for p in parts])
    print(f"{chunks * CHUNK:,} games, {len(y):,} turn starts, {time.perf_counter() - started:.0f} s")

    params, loss = fit(x, y)
    used = (
        rollout.PAPAGENO_SCALE,
        rollout.PAPAGENO_SCALE_PER_DOWN,
        rollout.PAPAGENO_DOWN_WEIGHT,
        rollout.PAPAGENO_TEMPO,
    )
    names = ("PAPAGENO_SCALE", "PAPAGENO_SCALE_PER_DOWN", "PAPAGENO_DOWN_WEIGHT", "PAPAGENO_TEMPO")
    print(f"\n{'parameter':<24}  {'fitted':>7}  {'in rollout.py':>13}")
    for name, fitted, value in zip(names, params, used, strict=True):
        print(f"{name:<24}  {fitted:7.2f}  {value:13.2f}")

    lead_only = 1 / (1 + np.exp(-x[:, 0] / 4.0))
    print(f"\n{'model':<44}  log-loss")
    print(f"{'coin toss':<44}  {log_loss(np.full_like(y, 0.5), y):.4f}")
    print(f"{'lead only, logistic(lead / 4) (before)':<44}  {log_loss(lead_only, y):.4f}")
    print(f"{'fitted (this run)':<44}  {loss:.4f}")
    print(f"{'rollout.py parameters':<44}  {log_loss(predict(x, used), y):.4f}")

    print("\nCalibration of the rollout.py parameters (predicted vs observed round wins):")
    p = predict(x, used)
    print(f"{'predicted':<12}  {'observed':>8}  {'positions':>9}")
    for lo in np.arange(0.0, 1.0, 0.1):
        inside = (p >= lo) & (p < lo + 0.1)
        if inside.any():
            print(f"{lo:.1f}–{lo + 0.1:.1f}      {y[inside].mean():8.3f}  {inside.sum():9,}")


if __name__ == "__main__":
    main()
