"""The conformance suite: one set of API checks run on every registered game.

Each registered game is checked with its fewest and its most players. A game is
registered (``core/registry.py``) only once it passes this suite.
"""

from __future__ import annotations

import copy
import json
import math
import random
from fractions import Fraction
from typing import Any

import pytest
from exact_draws import exact_distribution

from boardgames_widgets import GameRecord, RandomAgent, make_game, play_game
from boardgames_widgets.core import CHANCE, TERMINAL, GameError
from boardgames_widgets.core.codec import encode
from boardgames_widgets.core.registry import game_class, game_ids
from boardgames_widgets.core.rng import sample_outcome

#: Playouts longer than this are taken as non-terminating.
MAX_ACTIONS = 20_000
SEEDS = range(6)
#: Chance nodes whose common denominator is larger are not enumerated exactly.
MAX_ENUMERATED_DRAWS = 10_000


def _configs() -> list[tuple[str, int]]:
    out = []
    for gid in game_ids():
        info = game_class(gid).info
        for n in sorted({info.min_players, info.max_players}):
            out.append((gid, n))
    return out


CONFIGS = _configs()
IDS = [f"{g}-{n}p" for g, n in CONFIGS]


def random_playout(game: Any, seed: int) -> list[tuple[Any, Any]]:
    """(state, action) pairs of a seeded random playout, ending with (terminal, None)."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    path = []
    while not game.is_terminal(state):
        assert len(path) < MAX_ACTIONS, f"no end after {MAX_ACTIONS} actions"
        if game.is_chance_node(state):
            action = sample_outcome(game.chance_outcomes(state), rng)
        else:
            legal = game.legal_actions(state)
            action = legal[rng.randrange(len(legal))]
        path.append((state, action))
        state = game.apply(state, action)
    path.append((state, None))
    return path


@pytest.fixture(scope="module", params=CONFIGS, ids=IDS)
def playouts(request: pytest.FixtureRequest) -> tuple[Any, list[list[tuple[Any, Any]]]]:
    gid, n = request.param
    game = make_game(gid, num_players=n)
    return game, [random_playout(game, s) for s in SEEDS]


def test_random_playouts_terminate_with_valid_returns(playouts):
    game, runs = playouts
    for run in runs:
        final = run[-1][0]
        assert game.current_player(final) == TERMINAL
        returns = game.returns(final)
        assert len(returns) == game.num_players
        assert all(0 <= r <= 1 for r in returns)
        assert sum(returns) == pytest.approx(1.0) or sum(returns) == 0


def test_apply_never_mutates_its_input(playouts):
    game, runs = playouts
    for state, action in runs[0][:-1]:
        before = copy.deepcopy(state)
        snapshot = json.dumps(game.to_json(state), sort_keys=True)
        game.apply(state, action)
        assert state == before
        assert json.dumps(game.to_json(state), sort_keys=True) == snapshot


def test_chance_probabilities_are_exact_and_sum_to_one(playouts):
    game, runs = playouts
    seen = 0
    for run in runs:
        for state, _ in run[:-1]:
            if game.current_player(state) != CHANCE:
                assert game.chance_outcomes(state) == []
                continue
            outcomes = game.chance_outcomes(state)
            assert outcomes, "a chance node with no outcomes"
            assert all(isinstance(p, Fraction) and p > 0 for _, p in outcomes)
            assert sum(p for _, p in outcomes) == 1
            assert len({o for o, _ in outcomes}) == len(outcomes), "duplicate chance outcomes"
            assert game.legal_actions(state) == []
            seen += 1
    assert seen > 0 or not game.info.has_chance


def test_sample_chance_gives_each_outcome_exactly_its_probability(playouts):
    """Search draws chance with ``game.sample_chance`` (a game may override it for speed):
    enumerating every draw it can make must give exactly ``chance_outcomes``."""
    game, runs = playouts
    checked = 0
    for run in runs[:2]:
        for state, _ in run[:-1]:
            if game.current_player(state) != CHANCE:
                continue
            want = {o: p for o, p in game.chance_outcomes(state)}
            if math.lcm(*(p.denominator for p in want.values())) > MAX_ENUMERATED_DRAWS:
                continue  # e.g. the trap's odds (a product of seven stages): too many draws to enumerate
            got = exact_distribution(lambda rng, state=state: game.sample_chance(state, rng))
            assert {o: p for o, p in got.items() if p} == want
            checked += 1
    assert checked > 0 or not game.info.has_chance


def test_legal_actions_are_nonempty_distinct_and_parse_back(playouts):
    game, runs = playouts
    for state, _ in runs[0][:-1]:
        player = game.current_player(state)
        actions = game.legal_actions(state) if player != CHANCE else [o for o, _ in game.chance_outcomes(state)]
        assert actions, "a player node with no legal action"
        assert len(set(actions)) == len(actions), "duplicate legal actions"
        for a in actions:
            assert game.parse_action(str(a)) == a
    final = runs[0][-1][0]
    assert game.legal_actions(final) == []


def test_actions_not_legal_here_are_rejected_with_a_game_error(playouts):
    game, runs = playouts
    pool = {a for run in runs for _, a in run[:-1]}
    checked = 0
    for state, _ in runs[0][:-1:3]:
        if game.is_chance_node(state):
            legal = {o for o, _ in game.chance_outcomes(state)}
        else:
            legal = set(game.legal_actions(state))
        for bad in list(pool - legal)[:5]:
            with pytest.raises(GameError):
                game.apply(state, bad)
            checked += 1
    with pytest.raises(GameError):
        game.apply(runs[0][-1][0], runs[0][0][1])
    assert checked > 0


def test_states_round_trip_through_json(playouts):
    game, runs = playouts
    for state, _ in runs[1]:
        data = json.loads(json.dumps(game.to_json(state)))
        assert game.from_json(data) == state


def test_observations_are_json_able_and_deterministic(playouts):
    game, runs = playouts
    for state, _ in runs[2][::2]:
        for p in range(game.num_players):
            obs = game.observation(state, p)
            json.dumps(encode(obs))
            assert game.observation(state, p) == obs


@pytest.mark.parametrize(("gid", "n"), CONFIGS, ids=IDS)
def test_same_seed_same_game_and_records_round_trip(gid, n):
    game = make_game(gid, num_players=n)
    agents = [RandomAgent() for _ in range(n)]
    a = play_game(game, agents, seed=11)
    b = play_game(game, agents, seed=11)
    assert a.actions == b.actions
    assert a.returns is not None
    loaded = GameRecord.from_json(a.to_json())
    assert loaded == a
    assert game.is_terminal(loaded.final_state())
    assert tuple(game.returns(loaded.final_state())) == a.returns
    c = play_game(game, agents, seed=12)
    assert c.actions != a.actions


@pytest.mark.parametrize(("gid", "n"), CONFIGS, ids=IDS)
def test_undo_is_replay_of_a_prefix(gid, n):
    game = make_game(gid, num_players=n)
    record = play_game(game, [RandomAgent() for _ in range(n)], seed=3)
    states = record.states()
    k = len(record.actions) // 2
    assert record.truncated(k).states() == states[: k + 1]


def test_exact_distribution_sees_a_biased_sampler():
    """The enumeration behind the sample_chance check is exact, so a bias cannot hide."""
    assert exact_distribution(lambda rng: rng.randrange(3) == 0) == {True: Fraction(1, 3), False: Fraction(2, 3)}
    two_dice = exact_distribution(lambda rng: rng.randint(1, 6) + rng.randint(1, 6))
    assert two_dice[7] == Fraction(1, 6) and two_dice[2] == Fraction(1, 36)


def test_legal_actions_and_chance_outcomes_are_fresh_lists(playouts):
    """Callers own the lists they get (MCTS pops untried actions from them): a game that
    caches its answers must hand out copies."""
    game, runs = playouts
    for state, _ in runs[0][:-1]:
        ask = game.chance_outcomes if game.current_player(state) == CHANCE else game.legal_actions
        first = ask(state)
        before = list(first)
        first.clear()
        assert ask(state) == before and ask(state) is not first
