"""The strong bot: guided and cut-off rollouts, per-game evaluators, and matches it must win."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

from boardgames_widgets import RandomAgent, make_game, play_game
from boardgames_widgets.agents import GreedyAgent, MCTSAgent, strong_agent
from boardgames_widgets.agents.greedy import HEURISTICS
from boardgames_widgets.agents.ismcts import ISMCTSAgent, ismcts
from boardgames_widgets.agents.mcts import mcts, random_rollout, sample_chance
from boardgames_widgets.agents.papageno import _match_chances
from boardgames_widgets.agents.rollout import (
    EVALUATORS,
    HeuristicPolicy,
    Rollout,
    logistic,
    margins,
    random_policy,
    share_by_margin,
)
from boardgames_widgets.agents.rollout_agent import RolloutAgent
from boardgames_widgets.agents.strong import STRONG_ROLLOUT, STRONG_SEARCH, STRONG_SECONDS, SearchSettings
from boardgames_widgets.analysis.tournament import gauntlet
from boardgames_widgets.core.api import CHANCE, TERMINAL, Game
from boardgames_widgets.core.registry import game_class, game_ids


def states_along_a_random_game(game: Game[Any, Any], seed: int, every: int = 7) -> list[Any]:
    """Every ``every``-th decision state of one random game, and its final state."""
    rng = random.Random(seed)
    state, out, k = game.new_initial_state(), [], 0
    while game.current_player(state) != TERMINAL:
        if game.current_player(state) == CHANCE:
            state = game.apply(state, sample_chance(game.chance_outcomes(state), rng))
            continue
        if k % every == 0:
            out.append(state)
        k += 1
        legal = game.legal_actions(state)
        state = game.apply(state, legal[rng.randrange(len(legal))])
    return [*out, state]


class Recording:
    """A policy that remembers the moves it was asked for (to compare two playouts)."""

    def __init__(self, policy: Any) -> None:
        self.policy = policy
        self.moves: list[str] = []

    def __call__(self, game: Game[Any, Any], state: Any, legal: Any, rng: random.Random) -> Any:
        move = self.policy(game, state, legal, rng)
        self.moves.append(str(move))
        return move


# -- rollouts -------------------------------------------------------------------------------
@pytest.mark.parametrize("game_id", ["mouse_trap", "papageno", "food_chain"])
def test_a_guided_rollout_is_seeded_and_reproducible(game_id: str) -> None:
    game = make_game(game_id, num_players=2)
    start = game.new_initial_state()
    runs = []
    for _ in range(2):
        policy = Recording(HeuristicPolicy(epsilon=0.2))
        returns = Rollout(policy)(game, start, random.Random(5))
        runs.append((policy.moves, tuple(returns)))
    assert runs[0] == runs[1]
    assert runs[0][0] and sum(runs[0][1]) == pytest.approx(1.0)  # played to the end


def test_a_guided_rollout_follows_the_heuristic_without_epsilon() -> None:
    """With epsilon 0 every move of the playout is one the Greedy heuristic scores best."""
    game = make_game("mouse_trap", num_players=2)
    heuristic = HEURISTICS["mouse_trap"]
    checked = 0

    def checking(game: Game[Any, Any], state: Any, legal: Any, rng: random.Random) -> Any:
        nonlocal checked
        move = HeuristicPolicy(epsilon=0.0)(game, state, legal, rng)
        obs = game.observation(state, game.current_player(state))
        assert heuristic(game, obs, move) == max(heuristic(game, obs, a) for a in legal)
        checked += 1
        return move

    for seed in range(5):
        Rollout(checking)(game, game.new_initial_state(), random.Random(seed))
    assert checked > 5


def test_the_default_rollout_is_the_random_rollout() -> None:
    game = make_game("papageno", num_players=2)
    state = game.new_initial_state()
    assert Rollout()(game, state, random.Random(4)) == random_rollout(game, state, random.Random(4))


def test_a_cut_off_rollout_asks_the_evaluator() -> None:
    game = make_game("chop_chop", num_players=2)
    asked: list[Any] = []

    def evaluator(g: Game[Any, Any], s: Any) -> tuple[float, ...]:
        asked.append(s)
        return (0.25, 0.75)

    state = game.new_initial_state()
    assert Rollout(random_policy, 0, evaluator)(game, state, random.Random(0)) == (0.25, 0.75)
    assert asked == [state]  # 0 moves: the leaf itself
    assert Rollout(random_policy, 5, evaluator)(game, state, random.Random(0)) == (0.25, 0.75)
    assert game.current_player(asked[-1]) >= 0 and asked[-1] != state


def test_a_cut_off_needs_an_evaluator() -> None:
    with pytest.raises(ValueError, match="evaluator"):
        Rollout(random_policy, 3)
    with pytest.raises(ValueError, match="probability"):
        HeuristicPolicy(epsilon=1.5)


# -- evaluators -----------------------------------------------------------------------------
@pytest.mark.parametrize("game_id", [g for g in game_ids() if g in EVALUATORS])
@pytest.mark.parametrize("most", [False, True])
def test_evaluators_give_returns_in_0_1_and_exact_results_at_the_end(game_id: str, most: bool) -> None:
    players = game_class(game_id).info.max_players if most else 2
    game = make_game(game_id, num_players=players)
    evaluate = EVALUATORS[game_id]
    for seed in range(3):
        *middle, end = states_along_a_random_game(game, seed)
        for state in middle:
            values = evaluate(game, state)
            assert len(values) == players and all(0.0 <= v <= 1.0 for v in values)
            assert sum(values) == pytest.approx(1.0)
        assert tuple(evaluate(game, end)) == tuple(game.returns(end))


def test_share_by_margin_favours_the_leader() -> None:
    assert margins([5, 2, 3]) == [2, -3, -2]
    even = share_by_margin([0.0, 0.0], 1.0)
    assert even == (0.5, 0.5)
    lead = share_by_margin(margins([4.0, 2.0]), 2.0)
    assert lead == pytest.approx((0.731, 0.269), abs=1e-3)  # a lead of one scale: about 3 to 1


def test_papageno_match_chances_by_hand() -> None:
    """PA-E3, first to 2 round wins: one win up, an even round to come: 1/2 + 1/2 · 1/2 = 3/4."""
    assert _match_chances((1, 0), (0.5, 0.5), 2) == pytest.approx((0.75, 0.25))
    assert _match_chances((1, 1), (0.9, 0.1), 2) == pytest.approx((0.9, 0.1))
    assert _match_chances((2, 0), (0.5, 0.5), 2) == (1.0, 0.0)


def _papageno_position(grids: tuple[tuple[str | None, ...], ...], actor: int) -> tuple[Any, Any]:
    """A 2-player Papageno game and a turn-start state with these areas (round 1, no wins)."""
    from boardgames_widgets.games.papageno.rules import Phase

    game = make_game("papageno", num_players=2)
    state = game.new_initial_state()
    return game, dataclasses.replace(state, phase=Phase.TURN, grids=grids, actor=actor)


def test_papageno_round_chances_follow_the_fitted_model_by_hand() -> None:
    """Everything face up, player 0 two points ahead and to move: logistic(2 / SCALE + TEMPO)."""
    from boardgames_widgets.agents import papageno as rollout

    game, state = _papageno_position((("1", "2", "3", "4", "5", "6"), ("1", "2", "3", "4", "5", "8")), actor=0)
    expected = logistic(2 / rollout.PAPAGENO_SCALE + rollout.PAPAGENO_TEMPO)
    assert rollout.papageno_round_chances(game, state) == pytest.approx((expected, 1 - expected))
    # round 1, first to 2 wins, later rounds even: P(game) = p · 3/4 + (1 - p) · 1/4
    assert EVALUATORS["papageno"](game, state)[0] == pytest.approx(expected * 0.75 + (1 - expected) * 0.25)


def test_papageno_round_chances_value_lead_tempo_and_fewer_face_down_cards() -> None:
    """The effects the model measured on Greedy self-play (benchmarks/papageno_round_model.py)."""
    from boardgames_widgets.agents.papageno import papageno_round_chances

    up = ("1", "2", "3", "4", "5", "6")
    even = _papageno_position((up, up), actor=1)
    assert papageno_round_chances(*even)[0] < 0.5 < papageno_round_chances(*_papageno_position((up, up), 0))[0]
    ahead = _papageno_position((("1", "2", "3", "4", "5", "-2"), up), actor=1)
    assert papageno_round_chances(*ahead)[0] > papageno_round_chances(*even)[0]
    # the same lead is less sure while cards are still face down
    hidden = (None, None, None, "4", "5", "6")
    hidden_ahead = _papageno_position(((None, None, None, "4", "5", "-2"), hidden), actor=1)
    hidden_even = _papageno_position((hidden, hidden), actor=1)
    gain_up = papageno_round_chances(*ahead)[0] - papageno_round_chances(*even)[0]
    gain_hidden = papageno_round_chances(*hidden_ahead)[0] - papageno_round_chances(*hidden_even)[0]
    assert 0 < gain_hidden < gain_up


def test_papageno_round_chances_with_face_down_cards_by_hand() -> None:
    """All four terms: face-down cards count the average unseen weight ``u`` (as Greedy's estimate)."""
    from boardgames_widgets.agents import papageno as rollout
    from boardgames_widgets.games.papageno.cards import EGG, KINDS

    game, state = _papageno_position(((None, None, "3", "4", "5", "6"), (None, "2", "3", "4", "5", "6")), actor=1)
    pairs = [(game.deck.weight(k), c) for k, c in zip(KINDS, state.unseen, strict=True) if c and k != EGG]
    u = sum(w * c for w, c in pairs) / sum(c for _, c in pairs)
    lead = (u + 20) - (2 * u + 18)  # the opponent's total minus mine; no column pairs cancel
    z = lead / (rollout.PAPAGENO_SCALE + 3 * rollout.PAPAGENO_SCALE_PER_DOWN)
    z += rollout.PAPAGENO_DOWN_WEIGHT * (1 - 2) - rollout.PAPAGENO_TEMPO
    assert rollout.papageno_round_chances(game, state)[0] == pytest.approx(logistic(z))


def test_food_chain_evaluator_sees_the_cheese_a_mouse_eats() -> None:
    """FC-E2: a mouse next to my cheese makes my position worse."""
    from boardgames_widgets.games.food_chain.rules import CHEESE, MOUSE, Card, Placed

    game = make_game("food_chain", num_players=2)
    state = game.new_initial_state()
    start = state.table[0]
    mine = Placed(start.row, start.col + 1, Card(CHEESE, 3, 0))
    safe = dataclasses.replace(state, table=(*state.table, mine))
    eaten = dataclasses.replace(state, table=(*state.table, mine, Placed(start.row, start.col + 2, Card(MOUSE))))
    assert EVALUATORS["food_chain"](game, safe)[0] > 0.5 > EVALUATORS["food_chain"](game, eaten)[0]


# -- search with an evaluator ---------------------------------------------------------------
def test_mcts_with_an_evaluator_still_finds_the_forced_win() -> None:
    """An evaluator that knows nothing (1/2 each): the exact end of the game decides (Nim, pile 5)."""
    from tests.test_agents import Nim

    game = Nim(pile=5)
    result = mcts(game, game.new_initial_state(), random.Random(1), iterations=2000, evaluator=lambda g, s: (0.5, 0.5))
    assert result.action == 1


def test_search_with_an_evaluator_is_reproducible() -> None:
    game = make_game("food_chain", num_players=2)
    state = states_along_a_random_game(game, 2)[1]
    obs = game.observation(state, game.current_player(state))
    runs = [ismcts(game, obs, random.Random(9), iterations=150, evaluator=EVALUATORS["food_chain"]) for _ in range(2)]
    assert runs[0].visits == runs[1].visits and runs[0].action == runs[1].action


def test_the_strong_bot_uses_each_games_simulation() -> None:
    for game_id in game_ids():
        game = make_game(game_id, num_players=2)
        bot = strong_agent(game, iterations=10)
        if game_id in STRONG_ROLLOUT:
            assert isinstance(bot, RolloutAgent)
            assert (bot.rollout, bot.samples, bot.seconds) == (STRONG_ROLLOUT[game_id], 10, None)
            continue
        how = STRONG_SEARCH.get(game_id, SearchSettings())  # a game without settings: plain MCTS
        assert (bot.evaluator, bot.rollout, bot.c) == (how.evaluator, how.rollout, how.c)
    assert isinstance(strong_agent(make_game("food_chain")), ISMCTSAgent)
    assert isinstance(strong_agent(make_game("mouse_trap")), MCTSAgent)
    assert strong_agent(make_game("papageno")).seconds == STRONG_SECONDS


@pytest.mark.parametrize("game_id", game_ids())
def test_the_strong_bot_is_reproducible_with_an_iteration_budget(game_id: str) -> None:
    game = make_game(game_id, num_players=2)

    def agents() -> list[Any]:
        return [strong_agent(game, iterations=20), GreedyAgent(game)]

    first = play_game(game, agents(), seed=5, max_actions=40)
    assert first.actions == play_game(game, agents(), seed=5, max_actions=40).actions


# -- strength (seeded: an iteration budget makes every game reproducible) -------------------
def test_the_strong_bot_beats_random_and_greedy_at_food_chain() -> None:
    """Seeded Food Chain matches, seats alternating: the strong bot (ISMCTS scoring leaves with
    the FC-E2 evaluator) wins every game against Random with 100 iterations a move, and more
    than half of 24 games against Greedy with 300 (it wins about 2 in 3: benchmarks/search.py;
    12 games were too few to say "most" reliably)."""
    game = make_game("food_chain", num_players=2)
    easy = gauntlet(game, ("strong", strong_agent(game, iterations=100)), {"random": RandomAgent()}, 8, progress=False)
    assert easy.pairing("strong", "random").score == 8
    hard = gauntlet(
        game, ("strong", strong_agent(game, iterations=300)), {"greedy": GreedyAgent(game)}, 24, progress=False
    )
    assert hard.pairing("strong", "greedy").score > 12


# -- minimum search budgets (issue 19) ---------------------------------------------------------
def test_strong_bots_have_a_minimum_budget_they_never_drop_below() -> None:
    from boardgames_widgets.agents.strong import STRONG_MIN_BUDGET

    assert set(STRONG_MIN_BUDGET) == set(STRONG_SEARCH) >= {"food_chain", "chop_chop", "papageno", "mouse_trap"}
    assert STRONG_MIN_BUDGET["papageno"] == 50 and STRONG_MIN_BUDGET["food_chain"] >= 7981
    for game_id in game_ids():
        bot = strong_agent(make_game(game_id))
        least = bot.min_samples if isinstance(bot, RolloutAgent) else bot.min_iterations
        assert least == STRONG_MIN_BUDGET.get(game_id, 1)  # a game without a budget: at least one iteration
        assert (bot.min_samples if isinstance(bot, RolloutAgent) else bot.min_iterations) >= 1
    assert strong_agent(make_game("food_chain"), iterations=10).min_iterations == 1  # a fixed budget is exact


@pytest.mark.parametrize(
    ("game_id", "minimum", "moves"), [("mouse_trap", 7, 300), ("papageno", 2, 12), ("food_chain", 7, 20)]
)
def test_a_timed_search_runs_its_minimum_even_with_no_time(game_id: str, minimum: int, moves: int) -> None:
    game = make_game(game_id)
    bot = strong_agent(game, seconds=0.0, minimum=minimum)
    seen: list[Any] = []

    def watch(state: Any, action: Any) -> None:
        if bot.last is not None and all(bot.last is not s for s in seen):
            seen.append(bot.last)

    play_game(game, [bot, bot], seed=3, max_actions=moves, on_action=watch)
    assert seen and all(result.iterations == minimum for result in seen)
