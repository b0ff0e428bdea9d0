"""The games as learning environments (issue 34): PettingZoo's and Gymnasium's own checks,
the fixed action tables, hidden information, reproducibility, learned agents as agents."""

from __future__ import annotations

import random
import types
import warnings
from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env
from pettingzoo.test import (  # type: ignore[import-untyped]
    api_test,
    max_cycles_test,
    parallel_api_test,
    parallel_seed_test,
    seed_test,
)

from boardgames_widgets import rl
from boardgames_widgets.core.api import Game
from boardgames_widgets.core.play import play_game
from boardgames_widgets.core.registry import GAMES, make_game

#: Every registered game at every player count it allows.
CASES = [
    pytest.param(gid, n, id=f"{gid}-{n}p")
    for gid in GAMES
    for n in range(GAMES[gid].rules.info.min_players, GAMES[gid].rules.info.max_players + 1)
]


def _quiet() -> Any:
    """PettingZoo warns that a dict observation is not a Box (as for its own classic games)."""
    ctx = warnings.catch_warnings()
    ctx.__enter__()
    warnings.simplefilter("ignore", UserWarning)
    return ctx


@pytest.mark.parametrize(("game_id", "num_players"), CASES)
def test_pettingzoo_api_and_seed_tests_pass(game_id: str, num_players: int) -> None:
    ctx = _quiet()
    try:
        api_test(rl.aec_env(game_id, num_players=num_players), num_cycles=300)
        seed_test(lambda: rl.aec_env(game_id, num_players=num_players), num_cycles=100)
    finally:
        ctx.__exit__(None, None, None)


@pytest.mark.parametrize(("game_id", "num_players"), CASES)
def test_pettingzoo_max_cycles_test_passes_in_cycle_order(game_id: str, num_players: int) -> None:
    # max_cycles_test samples actions without their masks: illegal ones become random legal
    # moves. It resets without a seed and needs a game longer than 4 moves, which a Mouse Trap
    # game (moves only at the crank) need not be: the environments' seed fixes the game.
    module = types.SimpleNamespace(
        env=lambda max_cycles: rl.aec_env(game_id, num_players, max_cycles=max_cycles, illegal_action="random", seed=0),
        parallel_env=lambda max_cycles: rl.parallel_env(
            game_id, num_players, max_cycles=max_cycles, illegal_action="random", seed=0
        ),
    )
    max_cycles_test(module)


@pytest.mark.parametrize("game_id", list(GAMES))
def test_the_cycle_order_and_the_parallel_env_pass_pettingzoos_tests(game_id: str) -> None:
    ctx = _quiet()
    try:
        api_test(rl.aec_env(game_id, num_players=2, turn_order="cycle"), num_cycles=200)
        parallel_api_test(rl.parallel_env(game_id, 2, illegal_action="random"), num_cycles=200)
        parallel_seed_test(lambda: rl.parallel_env(game_id, 2, illegal_action="random"), num_cycles=100)
    finally:
        ctx.__exit__(None, None, None)


def test_a_cycle_is_every_seat_once_and_exactly_one_move() -> None:
    env = rl.aec_env("papageno", num_players=3, turn_order="cycle")
    env.reset(seed=8)
    rng = random.Random(1)
    selected: list[str] = []
    while len(selected) < 60:
        agent = env.agent_selection
        selected.append(agent)
        masks = [int(env.observe(a)["action_mask"].sum() > 0) for a in env.agents]
        assert sum(masks) <= 1  # at most one seat may move
        mask = env.observe(agent)["action_mask"]
        moves = env.moves
        env.step(rng.choice(np.flatnonzero(mask).tolist()) if mask.any() else None)
        assert env.moves == moves + int(mask.any())
    assert selected == [f"player_{k % 3}" for k in range(60)]
    assert env.moves == env.cycles == 20


def test_a_random_legal_move_replaces_an_illegal_one_only_when_asked() -> None:
    env = rl.aec_env("pig", num_players=2, illegal_action="random")
    env.reset(seed=1)
    env.step(1)  # hold before the first roll: the only legal move, roll, is played instead
    assert env.infos["player_0"]["illegal_action"] and env.moves == 1
    with pytest.raises(ValueError, match="turn_order"):
        rl.aec_env("pig", num_players=2, turn_order="game", max_cycles=3)


def _random_states(game: Game[Any, Any], seed: int, games: int = 2) -> list[Any]:
    rng = random.Random(seed)
    states = []
    for _ in range(games):
        state = game.new_initial_state()
        while not game.is_terminal(state):
            if game.is_chance_node(state):
                state = game.apply(state, game.sample_chance(state, rng))
                continue
            states.append(state)
            state = game.apply(state, rng.choice(game.legal_actions(state)))
        states.append(state)
    return states


@pytest.mark.parametrize("game_id", list(GAMES))
def test_the_action_table_numbers_every_legal_action_and_round_trips(game_id: str) -> None:
    enc = rl.encoding(game_id, num_players=2)
    for i, action in enumerate(enc.actions):
        assert enc.action_index(action) == i
        assert enc.action(i) == action
        assert enc.action_index(enc.game.parse_action(str(action))) == i  # the text names it too
    for state in _random_states(enc.game, seed=3):
        legal = enc.game.legal_actions(state)
        mask, numbers = enc.legal(legal)
        assert [enc.action(i) for i in numbers] == legal
        assert int(mask.sum()) == len(legal)
    with pytest.raises(ValueError, match="action index"):
        enc.action(enc.num_actions)
    with pytest.raises(ValueError, match="not an action"):
        enc.action_index("roll")


@pytest.mark.parametrize("game_id", list(GAMES))
def test_observations_are_vectors_in_the_unit_box_of_the_documented_size(game_id: str) -> None:
    enc = rl.encoding(game_id, num_players=3)
    assert enc.size == sum(length for _, _, length in enc.blocks)
    for state in _random_states(enc.game, seed=5, games=1)[::7]:
        for seat in range(3):
            v = enc.encode(enc.game.observation(state, seat), seat)
            assert v.dtype == np.float32 and v.shape == (enc.size,)
            assert v.min() >= 0.0 and v.max() <= 1.0


def test_a_hidden_card_never_reaches_another_seats_observation_food_chain() -> None:
    from boardgames_widgets.games.food_chain.rules import Card

    env = rl.aec_env("food_chain", num_players=3)
    env.reset(seed=11)
    game, state = env.game, env.state
    hand = state.hands[1]
    i = next(k for k, c in enumerate(hand) if c.kind != "cheese")
    other = next(k for k in ("dog", "cat", "mouse") if k != hand[i].kind)
    changed_hand = tuple(sorted((*hand[:i], *hand[i + 1 :], Card(other))))
    changed = game.replace_state(state, hands=(state.hands[0], changed_hand, state.hands[2]))
    enc = env.encoding
    for seat in (0, 2):
        before = enc.encode(game.observation(state, seat), seat)
        assert np.array_equal(before, enc.encode(game.observation(changed, seat), seat))
    # the owner does see the change: the test can fail
    assert not np.array_equal(enc.encode(game.observation(state, 1), 1), enc.encode(game.observation(changed, 1), 1))


def test_a_drawn_card_reaches_only_its_drawer_papageno() -> None:
    from boardgames_widgets.games.papageno.rules import Draw

    env = rl.aec_env("papageno", num_players=2)
    env.reset(seed=4)
    game = env.game
    draw = env.encoding.action_index(Draw())
    while not (game.observation(env.state, 0).hand_drawn and env.state.hand is not None):
        mask = env.observe(env.agent_selection)["action_mask"]
        env.step(draw if mask[draw] else int(np.flatnonzero(mask)[0]))
    state = env.state
    actor = state.actor
    from boardgames_widgets.games.papageno.cards import KIND_INDEX

    # another card drawn instead: the held card goes back among the unseen, the other leaves them
    other_card = next(k for k, i in KIND_INDEX.items() if k != state.hand and state.unseen[i] > 0)
    unseen = list(state.unseen)
    unseen[KIND_INDEX[state.hand]] += 1
    unseen[KIND_INDEX[other_card]] -= 1
    changed = game.replace_state(state, hand=other_card, unseen=tuple(unseen))
    enc = env.encoding
    watcher = 1 - actor
    assert np.array_equal(
        enc.encode(game.observation(state, watcher), watcher), enc.encode(game.observation(changed, watcher), watcher)
    )
    assert not np.array_equal(
        enc.encode(game.observation(state, actor), actor), enc.encode(game.observation(changed, actor), actor)
    )


def test_reset_with_a_seed_replays_the_same_game_exactly() -> None:
    def trace(seed: int) -> list[Any]:
        env = rl.aec_env("food_chain", num_players=2)
        env.reset(seed=seed)
        rng = random.Random(0)
        out = []
        for agent in env.agent_iter():
            obs, reward, term, trunc, _ = env.last()
            out.append((agent, obs["observation"].tobytes(), reward))
            if term or trunc:
                env.step(None)
                continue
            env.step(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
        return out

    assert trace(5) == trace(5)
    assert trace(5) != trace(6)  # the seed reaches the deal


def test_an_illegal_index_is_refused_and_changes_nothing() -> None:
    env = rl.aec_env("pig", num_players=2)
    env.reset(seed=1)
    before = env.state
    with pytest.raises(ValueError, match="not legal"):
        env.step(1)  # hold before the first roll
    assert env.state is before


@pytest.mark.parametrize("mode", ["ansi", "rgb_array"])
def test_render_shows_the_table(mode: str) -> None:
    env = rl.aec_env("mouse_trap", num_players=2, render_mode=mode)
    env.reset(seed=2)
    picture = env.render()
    if mode == "ansi":
        assert picture == env.game.describe(env.state)
    else:
        assert picture.dtype == np.uint8 and picture.ndim == 3 and picture.shape[2] == 3
        assert picture.std() > 0  # something is drawn


def test_max_moves_truncates_every_agent() -> None:
    env = rl.aec_env("chop_chop", num_players=2, max_moves=3)
    env.reset(seed=0)
    moves = 0
    for _agent in env.agent_iter():
        obs, _, term, trunc, _ = env.last()
        if term or trunc:
            assert trunc and not term
            env.step(None)
            continue
        env.step(int(np.flatnonzero(obs["action_mask"])[0]))
        moves += 1
    assert moves == 3


@pytest.mark.parametrize("game_id", list(GAMES))
def test_the_gymnasium_seat_env_passes_check_env(game_id: str) -> None:
    ctx = _quiet()
    try:
        check_env(rl.gym_env(game_id, num_players=2, seat=1), skip_render_check=True)
    finally:
        ctx.__exit__(None, None, None)


def test_the_seat_env_plays_the_others_and_pays_the_return_at_the_end() -> None:
    env = rl.gym_env("pig", num_players=3, seat=2, opponents=lambda obs, legal, rng: legal[-1])
    _, info = env.reset(seed=3)
    rng = random.Random(0)
    total, done = 0.0, False
    while not done:
        assert env.game.current_player(env.state) == 2
        action = rng.choice(np.flatnonzero(info["action_mask"]).tolist())
        _, reward, done, _, info = env.step(action)
        total += reward
    assert total == env.game.returns(env.state)[2]
    _, info = env.reset(seed=3)
    assert not info["action_mask"][1]  # no holding before the first roll
    _, reward, done, _, info = env.step(1)
    assert done and reward == -1.0 and info["illegal_action"]


def test_a_learned_policy_is_an_agent_in_games_and_tournaments() -> None:
    from boardgames_widgets.agents import RandomAgent
    from boardgames_widgets.analysis.tournament import round_robin

    game = make_game("pig", num_players=2)
    enc = rl.encoding(game)
    # a tiny Q-table learned elsewhere: roll until the turn total reaches 20% of the target
    table = {}
    for state in _random_states(game, seed=1, games=20):
        if game.is_terminal(state):
            continue
        v = enc.encode(game.observation(state, state.player), state.player)
        table[v.tobytes()] = [1.0, 0.0] if state.turn_total < 10 else [0.0, 1.0]
    agent = rl.PolicyAgent(game, rl.q_table_policy(table), name="q")
    record = play_game(game, [agent, RandomAgent()], seed=2)
    assert record.returns in ((1.0, 0.0), (0.0, 1.0))
    result = round_robin(game, {"q": agent, "random": RandomAgent()}, games=10, seed=0, progress=False)
    assert {s.agent for s in result.standings} == {"q", "random"}
    assert sum(s.games for s in result.standings) == 20 and not any(s.faults for s in result.standings)
    with pytest.raises(ValueError, match="not a legal action"):
        start = game.new_initial_state()
        rl.PolicyAgent(game, lambda v, mask: 1).act(start, game.legal_actions(start), random.Random(0))


def test_the_docs_training_example_runs() -> None:
    import pathlib
    import re

    text = (pathlib.Path(__file__).parent.parent / "docs" / "environments.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", text, flags=re.S)
    assert blocks
    ns: dict[str, Any] = {}
    for block in blocks:
        exec(compile(block, "environments.md", "exec"), ns)
    assert {s.agent for s in ns["table"].standings} == {"q-learning", "greedy"}


def test_a_game_over_before_the_learners_first_move_is_not_an_episode() -> None:
    env = rl.gym_env("mouse_trap", num_players=2, seat=0)
    _, info = env.reset(seed=1)  # the first game of this seed ends with no choice for seat 0
    assert info["skipped_games"] >= 1
    assert env.game.current_player(env.state) == 0 and info["action_mask"].any()
    _, again = env.reset(seed=1)
    assert again["skipped_games"] == info["skipped_games"]


def test_the_package_never_imports_the_rl_extra() -> None:
    import subprocess
    import sys

    code = (
        "import sys, boardgames_widgets, boardgames_widgets.agents\n"
        "loaded = [m for m in ('boardgames_widgets.rl', 'pettingzoo', 'gymnasium') if m in sys.modules]\n"
        "assert not loaded, loaded\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
