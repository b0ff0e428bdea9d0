"""The strong bots' shortcuts change no number (issue 32): Food Chain's evaluator counts the
table on cells instead of through ``score``, its sampler works out what an observation
fixes once per observation, and ISMCTS selects in one inlined pass."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

from boardgames_widgets.agents import food_chain as fc_agent
from boardgames_widgets.agents.determinize import sample_state
from boardgames_widgets.agents.food_chain import EVALUATOR_EXPOSURE, FOOD_CHAIN_SCALE, food_chain_evaluator
from boardgames_widgets.agents.ismcts import ISNode, ismcts
from boardgames_widgets.agents.mcts import random_rollout, simulate
from boardgames_widgets.agents.rollout import margins, share_by_margin
from boardgames_widgets.core.api import CHANCE, TERMINAL
from boardgames_widgets.games.food_chain.rules import CHEESE, FoodChain, score


def _reference_evaluator(game: FoodChain, state: Any) -> tuple[float, ...]:
    """The evaluator as its docstring defines it, through the rules' own ``score``."""
    if game.is_terminal(state):
        return game.returns(state)
    result = score(state)
    points = [pts + 0.1 * c for pts, c in zip(result.points, result.cheese_left, strict=True)]
    occupied = {(p.row, p.col) for p in state.table}
    for p in state.table:
        if p.card.kind == CHEESE:
            empty = sum((p.row + dr, p.col + dc) not in occupied for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)))
            points[p.card.owner] -= EVALUATOR_EXPOSURE * p.card.value * empty
    return share_by_margin(margins(points), FOOD_CHAIN_SCALE)


def _random_states(game: FoodChain, games: int, seed: int) -> list[Any]:
    rng, out = random.Random(seed), []
    for _ in range(games):
        state = game.new_initial_state()
        while not game.is_terminal(state):
            if game.is_chance_node(state):
                state = game.apply(state, game.sample_chance(state, rng))
                continue
            out.append(state)
            legal = game.legal_actions(state)
            state = game.apply(state, legal[rng.randrange(len(legal))])
        out.append(state)
    return out


def test_food_chain_evaluator_equals_the_score_based_definition() -> None:
    for n in (2, 4):
        game = FoodChain(n)
        for state in _random_states(game, 6, seed=n):
            assert food_chain_evaluator(game, state) == _reference_evaluator(game, state)


def test_food_chain_sampler_gives_the_same_states_with_or_without_its_memo() -> None:
    """A fresh copy of the observation misses the memo: the same seed deals the same state."""
    for open_deck in (None, 5):
        game = FoodChain(3, open_deck_seed=open_deck)
        for state in _random_states(game, 2, seed=7)[:-1:5]:
            obs = game.observation(state, game.current_player(state))
            first = [fc_agent.food_chain_sample_state(game, obs, random.Random(k)) for k in range(3)]
            again = [
                fc_agent.food_chain_sample_state(game, dataclasses.replace(obs), random.Random(k)) for k in range(3)
            ]
            assert first == again
            for sampled in first:
                assert game.observation(sampled, obs.player) == obs


def _reference_ismcts(game: FoodChain, obs: Any, rng: random.Random, iterations: int, c: float) -> dict[Any, int]:
    """ISMCTS as first written: availability counted, then ``max(legal, key=ucb)``."""
    root = ISNode(CHANCE)
    for _ in range(iterations):
        state = sample_state(game, obs, rng)
        node, path = root, [root]
        while True:
            player = game.current_player(state)
            if player == TERMINAL:
                break
            if player == CHANCE:
                state = game.apply_trusted(state, game.sample_chance(state, rng))
                continue
            legal = game.legal_actions(state)
            for a in legal:
                if a in node.children:
                    node.children[a].available += 1
            untried = [a for a in legal if a not in node.children]
            if untried:
                action = untried[rng.randrange(len(untried))]
                node.children[action] = child = ISNode(player, available=1)
                path.append(child)
                state = game.apply_trusted(state, action)
                break
            parent = node
            node = parent.children[max(legal, key=lambda a: parent.children[a].ucb(c))]
            path.append(node)
            state = game.apply_trusted(state, next(a for a, ch in parent.children.items() if ch is node))
        returns = simulate(game, state, rng, random_rollout, food_chain_evaluator)
        for n in path:
            n.visits += 1
            if n.mover >= 0:
                n.total += returns[n.mover]
    return {a: ch.visits for a, ch in root.children.items()}


def test_ismcts_inlined_selection_makes_the_same_tree_as_max_over_ucb() -> None:
    game = FoodChain(2)
    states = [s for s in _random_states(game, 1, seed=3) if game.current_player(s) >= 0]
    for state in (states[3], states[-3]):  # early (many cells) and late (deep trees)
        obs = game.observation(state, game.current_player(state))
        result = ismcts(game, obs, random.Random(0), iterations=400, c=0.5, evaluator=food_chain_evaluator)
        assert result.visits == _reference_ismcts(game, obs, random.Random(0), 400, 0.5)
        assert max(result.visits.values()) > 1  # the tree did select, not only expand
