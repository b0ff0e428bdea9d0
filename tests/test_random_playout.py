"""Every game's own ``random_playout`` plays exactly as the loop that defines it.

MCTS rollouts call :meth:`Game.random_playout` at every iteration; the games
override it with faster versions (one mutable working copy, no list of actions
built, no words for the log). An override must give the same returns and draw the
same numbers from the generator as the definition, for every state and seed, so a
seeded search decides exactly as before: these tests compare both on positions of
every phase of every game, and pin the decisions of seeded MCTS searches.
"""

from __future__ import annotations

import hashlib
import random
from typing import Any

import pytest
from random_states import random_states

from boardgames_widgets.agents.mcts import mcts
from boardgames_widgets.core.api import Game
from boardgames_widgets.core.registry import game_class, game_ids, make_game
from boardgames_widgets.core.rng import index_drawer, sample_outcome
from boardgames_widgets.testing import reference_playout

#: The games whose fast playout is pinned: each must keep its override (a game without
#: one plays out with the generic loop, which is correct but slower).
FAST_PLAYOUTS = ("food_chain", "chop_chop", "papageno", "mouse_trap", "pig")


def has_own_playout(game_id: str) -> bool:
    return game_class(game_id).random_playout is not Game.random_playout


def test_the_pinned_games_keep_their_fast_playout() -> None:
    for game_id in FAST_PLAYOUTS:
        assert has_own_playout(game_id), f"{game_id} plays out with the generic loop (slow): is the override gone?"


def configurations() -> list[tuple[str, dict[str, Any]]]:
    """Every game that has its own playout with every number of players, and Food Chain's open deck."""
    out: list[tuple[str, dict[str, Any]]] = []
    for gid in filter(has_own_playout, game_ids()):
        info = game_class(gid).info
        out += [(gid, {"num_players": n}) for n in range(info.min_players, info.max_players + 1)]
    out += [("food_chain", {"num_players": n, "open_deck_seed": 11}) for n in (2, 3)]
    return out


def sample_positions(game: Game[Any, Any], seed: int) -> list[Any]:
    """States of seeded random games: the first few of every phase (and of every
    player to act), then every 9th, and the final states too."""
    states = random_states(game, 3, seed, terminal=True)
    firsts: dict[Any, int] = {}
    picked = []
    for i, state in enumerate(states):
        kind = (game.current_player(state), getattr(state, "phase", None))
        firsts[kind] = firsts.get(kind, 0) + 1
        if firsts[kind] <= 3 or i % 9 == 0:
            picked.append(state)
    return picked


@pytest.mark.parametrize(("game_id", "config"), configurations())
def test_random_playout_is_the_reference_loop(game_id: str, config: dict[str, Any]) -> None:
    game = make_game(game_id, **config)
    positions = sample_positions(game, seed=len(config) * 10 + config["num_players"])
    assert len({type(s) for s in positions}) == 1
    for i, state in enumerate(positions):
        before = game.to_json(state)
        for seed in (i, 1000 + i):
            ours, theirs = random.Random(seed), random.Random(seed)
            got = game.random_playout(state, ours)
            want = reference_playout(game, state, theirs)
            assert got == want, f"{game_id} {config}: position {i}, seed {seed}"
            assert ours.getstate() == theirs.getstate(), f"{game_id}: other draws at position {i}, seed {seed}"
            assert game.to_json(state) == before, "a playout changed the state it started from"


@pytest.mark.parametrize("game_id", game_ids())
def test_generic_loop_is_the_reference_loop(game_id: str) -> None:
    """The base class's loop (what a game without an override runs) draws as ``randrange``."""
    game = make_game(game_id)
    for i, state in enumerate(sample_positions(game, seed=3)[::4]):
        ours, theirs = random.Random(i), random.Random(i)
        assert Game.random_playout(game, state, ours) == reference_playout(game, state, theirs)
        assert ours.getstate() == theirs.getstate()


def test_index_drawer_draws_as_randrange() -> None:
    for n in (*range(1, 300), 2**20 + 1, 10**12):
        a, b = random.Random(n), random.Random(n)
        below = index_drawer(a)
        assert [below(n) for _ in range(5)] == [b.randrange(n) for _ in range(5)]
        assert a.getstate() == b.getstate()


def test_index_drawer_refuses_an_empty_range_and_respects_subclasses() -> None:
    with pytest.raises(ValueError):
        index_drawer(random.Random(0))(0)

    class Loaded(random.Random):
        def randrange(self, *args: Any, **kwargs: Any) -> int:
            return 0

    rng = Loaded(1)
    assert index_drawer(rng) == rng.randrange  # a subclass keeps its own randrange


#: sha256 (first 16 digits) of seeded 60-iteration MCTS searches on 3 positions of each
#: configuration: the actions, visits, values, nodes and the generator's next number,
#: pinned before the games had their own playouts (they must not change a decision).
#: Chop Chop's were pinned again when CC-W5 learned to see every dead position (a playout
#: that reaches one now ends there as a draw, so the searches' values changed with the rules).
MCTS_DECISIONS: dict[tuple[str, int], str] = {
    ("food_chain", 2): "bf597586b3b9d773",
    ("food_chain", 4): "e2d1d4cabf626340",
    ("chop_chop", 2): "1e7a401188762d80",
    ("chop_chop", 5): "3b93514bddf7012d",
    ("papageno", 2): "409144d25cc8c816",
    ("papageno", 5): "79557fc06bd3f7c8",
    ("mouse_trap", 2): "a56154b26bff7491",
    ("mouse_trap", 4): "6c7bfa1517930ebe",
}


def mcts_fingerprint(game_id: str, num_players: int) -> str:
    game = make_game(game_id, num_players=num_players)
    rng = random.Random(7)
    positions: list[Any] = []
    while len(positions) < 3:  # after the deal and 4 random moves, as benchmarks/search.py picks them
        state, made = game.new_initial_state(), 0
        while not game.is_terminal(state) and (game.is_chance_node(state) or made < 4):
            if game.is_chance_node(state):
                state = game.apply(state, sample_outcome(game.chance_outcomes(state), rng))
            else:
                legal = game.legal_actions(state)
                state = game.apply(state, legal[rng.randrange(len(legal))])
                made += 1
        if not game.is_terminal(state):
            positions.append(state)
    digest = hashlib.sha256()
    for i, state in enumerate(positions):
        search_rng = random.Random(i)
        r = mcts(game, state, search_rng, iterations=60)
        visits = sorted(r.visits.items(), key=repr)
        values = sorted(r.values.items(), key=repr)
        digest.update(repr((r.action, visits, values, r.nodes, search_rng.random())).encode())
    return digest.hexdigest()[:16]


@pytest.mark.parametrize(("game_id", "num_players"), sorted(MCTS_DECISIONS))
def test_seeded_mcts_decides_as_before(game_id: str, num_players: int) -> None:
    assert mcts_fingerprint(game_id, num_players) == MCTS_DECISIONS[game_id, num_players]
