"""Agents and search: exact expectimax, alpha-beta vs minimax, MCTS, ISMCTS, greedy, no peeking.

Two toy games, small enough to solve by hand, are defined here on the Game ABC:

* **Roll to four** (one player): roll a die; then stop, or reroll once. You win if the
  die finally shows 4 or more. Best play rerolls a 1, 2 or 3, so the exact chance of
  winning is 1/2 + 1/2 · 1/2 = 3/4.
* **Nim** (two players): take 1, 2 or 3 counters from a pile; whoever takes the last
  counter wins. The player to move wins exactly when the pile is not a multiple of 4,
  by leaving a multiple of 4.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar

import pytest

from boardgames_widgets import RandomAgent, make_game, play_game
from boardgames_widgets.agents.determinize import full_state, sample_state
from boardgames_widgets.agents.greedy import GreedyAgent, game_id_of
from boardgames_widgets.agents.ismcts import ISMCTSAgent, ismcts
from boardgames_widgets.agents.mcts import MCTSAgent, mcts
from boardgames_widgets.agents.rollout import Rollout
from boardgames_widgets.agents.rollout_agent import RolloutAgent
from boardgames_widgets.agents.search import (
    ExpectimaxAgent,
    MinimaxAgent,
    RolloutEvaluator,
    alphabeta,
    expectimax,
    minimax,
)
from boardgames_widgets.core.api import CHANCE, TERMINAL, Game, GameInfo, IllegalActionError
from boardgames_widgets.core.registry import game_ids
from boardgames_widgets.core.rng import sample_outcome


# -- toy games ------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class RollState:
    die: int = 0  # 0: not rolled yet
    rerolled: bool = False
    stopped: bool = False
    rolling: bool = True


class RollToFour(Game[RollState, Any]):
    """One player: roll, then stop or reroll once; win with 4 or more."""

    info: ClassVar[GameInfo] = GameInfo("roll_to_four", "Roll to four", 1, 1, True, False)

    def __init__(self, num_players: int = 1) -> None:
        super().__init__(num_players)

    def new_initial_state(self) -> RollState:
        return RollState()

    def current_player(self, state: RollState) -> int:
        if state.rolling:
            return CHANCE
        return TERMINAL if state.stopped or state.rerolled else 0

    def legal_actions(self, state: RollState) -> list[Any]:
        return ["stop", "reroll"] if self.current_player(state) == 0 else []

    def chance_outcomes(self, state: RollState) -> list[tuple[Any, Fraction]]:
        return [(d, Fraction(1, 6)) for d in range(1, 7)] if state.rolling else []

    def apply(self, state: RollState, action: Any) -> RollState:
        if state.rolling:
            return RollState(action, state.rerolled, False, False)
        if action not in self.legal_actions(state):
            raise IllegalActionError("R-1", f"{action!r} is not a choice here")
        return (
            RollState(state.die, True, False, True) if action == "reroll" else RollState(state.die, False, True, False)
        )

    def returns(self, state: RollState) -> tuple[float, ...]:
        return (int(self.is_terminal(state) and state.die >= 4),)

    def observation(self, state: RollState, player: int) -> RollState:
        return state

    def parse_action(self, text: str) -> Any:
        return int(text) if text.isdigit() else text


@dataclass(frozen=True, slots=True)
class NimState:
    pile: int
    to_move: int = 0


class Nim(Game[NimState, int]):
    """Two players take 1–3 counters; taking the last one wins."""

    info: ClassVar[GameInfo] = GameInfo("nim", "Nim", 2, 2, False, False)

    def __init__(self, num_players: int = 2, pile: int = 7) -> None:
        super().__init__(num_players)
        self.pile = pile

    def new_initial_state(self) -> NimState:
        return NimState(self.pile)

    def current_player(self, state: NimState) -> int:
        return TERMINAL if state.pile == 0 else state.to_move

    def legal_actions(self, state: NimState) -> list[int]:
        return [k for k in (1, 2, 3) if k <= state.pile]

    def chance_outcomes(self, state: NimState) -> list[tuple[int, Fraction]]:
        return []

    def apply(self, state: NimState, action: int) -> NimState:
        if action not in self.legal_actions(state):
            raise IllegalActionError("N-1", f"cannot take {action} from {state.pile}")
        return NimState(state.pile - action, 1 - state.to_move)

    def returns(self, state: NimState) -> tuple[float, ...]:
        if state.pile:
            return (0, 0)
        winner = 1 - state.to_move  # the player who just took the last counter
        return (int(winner == 0), int(winner == 1))

    def observation(self, state: NimState, player: int) -> NimState:
        return state

    def parse_action(self, text: str) -> int:
        return int(text)


def after_roll(die: int) -> RollState:
    return RollState(die, False, False, False)


# -- expectimax -----------------------------------------------------------------------------
def test_expectimax_exact_value_of_roll_to_four() -> None:
    """Rerolling 1-3 and keeping 4-6 wins with probability exactly 3/4."""
    game = RollToFour()
    result = expectimax(game, game.new_initial_state(), depth=2)
    assert result.value == Fraction(3, 4)
    assert isinstance(result.value, Fraction)


@pytest.mark.parametrize(("die", "best", "value"), [(2, "reroll", Fraction(1, 2)), (5, "stop", 1)])
def test_expectimax_chooses_by_exact_expectation(die: int, best: str, value: Fraction) -> None:
    result = expectimax(RollToFour(), after_roll(die), depth=1)
    assert (result.action, result.value) == (best, value)
    assert result.nodes == 1 + 1 + 1 + 6  # root, stop, reroll's chance node and its 6 outcomes


def test_expectimax_agent_plays_the_best_move() -> None:
    agent = ExpectimaxAgent(RollToFour(), depth=1)
    assert agent.act(after_roll(3), ["stop", "reroll"], random.Random(0)) == "reroll"
    assert agent.nodes > 0


# -- minimax and alpha-beta -----------------------------------------------------------------
@pytest.mark.parametrize("pile", [5, 7, 8, 9, 12])
def test_alphabeta_equals_minimax_with_fewer_nodes(pile: int) -> None:
    game = Nim(pile=pile)
    state = game.new_initial_state()
    plain = minimax(game, state, depth=pile)
    pruned = alphabeta(game, state, depth=pile)
    assert pruned.value == plain.value == (0 if pile % 4 == 0 else 1)
    assert pruned.nodes < plain.nodes
    if pile % 4:
        assert pile - plain.action == pile - pruned.action and (pile - pruned.action) % 4 == 0


def test_minimax_refuses_real_chance() -> None:
    with pytest.raises(ValueError, match="expectimax"):
        minimax(RollToFour(), RollState(), depth=2)


def test_minimax_follows_certain_draws_of_the_open_deck_food_chain() -> None:
    """Food Chain's open-deck variant is deterministic: every draw has one outcome."""
    game = make_game("food_chain", num_players=2, open_deck_seed=1)
    state = _first_decision(game, seed=0)
    plain, pruned = minimax(game, state, depth=2), alphabeta(game, state, depth=2)
    assert plain.value == pruned.value and pruned.nodes < plain.nodes
    agent = MinimaxAgent(game, depth=1)
    action = agent.act(game.observation(state, 0), game.legal_actions(state), random.Random(0))
    assert action in game.legal_actions(state)


# -- MCTS -----------------------------------------------------------------------------------
def test_mcts_finds_the_forced_win_in_nim() -> None:
    """From a pile of 5 only "take 1" wins (it leaves 4); MCTS finds it."""
    game = Nim(pile=5)
    result = mcts(game, game.new_initial_state(), random.Random(1), iterations=2000)
    assert result.action == 1
    assert result.values[1] > 0.9
    assert result.iterations == 2000 and 1 < result.nodes <= 2001


def test_mcts_handles_chance_nodes() -> None:
    game = RollToFour()
    assert mcts(game, after_roll(1), random.Random(0), iterations=300).action == "reroll"
    assert mcts(game, after_roll(6), random.Random(0), iterations=300).action == "stop"


def test_mcts_needs_a_decision_and_a_budget() -> None:
    game = RollToFour()
    with pytest.raises(ValueError, match="chance"):
        mcts(game, RollState(), random.Random(0))
    with pytest.raises(ValueError, match="budget"):
        mcts(game, after_roll(1), random.Random(0), iterations=None)


def test_rollout_evaluator_estimates_nim() -> None:
    game = Nim(pile=4)
    value = RolloutEvaluator(rollouts=200, seed=3)(game, game.new_initial_state())
    assert sum(value) == pytest.approx(1.0)


# -- hidden information ---------------------------------------------------------------------
def _first_decision(game: Game[Any, Any], seed: int, placements: int = 0) -> Any:
    """The state at a decision after the deal and ``placements`` random moves."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    while game.is_chance_node(state) or placements > 0:
        if game.is_chance_node(state):
            state = game.apply(state, sample_outcome(game.chance_outcomes(state), rng))
        else:
            legal = game.legal_actions(state)
            state = game.apply(state, legal[rng.randrange(len(legal))])
            placements -= 1
    return state


def _swap_hidden_cards(state: Any) -> Any:
    """The same Food Chain position for player 0, with player 1's animals swapped with the pile's."""
    from boardgames_widgets.games.food_chain.rules import ANIMALS, Card

    hand1 = [c for c in state.hands[1] if c.kind not in ANIMALS]
    animals = [c.kind for c in state.hands[1] if c.kind in ANIMALS]
    pile = list(state.pile)
    for k in animals:
        pile[ANIMALS.index(k)] += 1
    new_animals = []
    for kind in animals:  # replace each by a different kind that the pile holds
        other = next(o for o in ANIMALS if o != kind and pile[ANIMALS.index(o)] > 0)
        pile[ANIMALS.index(other)] -= 1
        new_animals.append(Card(other))
    hands = (state.hands[0], tuple(sorted(hand1 + new_animals)))
    return type(state)(
        state.num_players, state.table, hands, tuple(pile), state.pile_order, state.to_draw, state.turn, state.placed
    )


def test_agents_never_see_the_hidden_cards() -> None:
    """Two Food Chain states differing only in cards player 0 cannot see: same observation, same moves."""
    game = make_game("food_chain", num_players=2)
    state = _first_decision(game, seed=4, placements=4)
    assert game.current_player(state) == 0
    other = _swap_hidden_cards(state)
    assert other != state and other.hands[1] != state.hands[1]
    obs_a, obs_b = game.observation(state, 0), game.observation(other, 0)
    assert obs_a == obs_b
    assert full_state(game, obs_a) is None  # the observation does not carry the state
    legal = game.legal_actions(state)
    makers = (
        lambda: ISMCTSAgent(game, 60),
        lambda: MCTSAgent(game, 60),
        lambda: GreedyAgent(game),
        lambda: RolloutAgent(game, Rollout(), 2),
    )
    for make in makers:
        assert make().act(obs_a, legal, random.Random(9)) == make().act(obs_b, legal, random.Random(9))


def test_food_chain_determinization_is_consistent_with_the_observation() -> None:
    game = make_game("food_chain", num_players=3)
    state = _first_decision(game, seed=2, placements=5)
    player = game.current_player(state)
    obs = game.observation(state, player)
    rng = random.Random(0)
    samples = [sample_state(game, obs, rng) for _ in range(20)]
    for s in samples:
        assert game.observation(s, player) == obs
        game.validate_state(s)
    assert len({s.hands for s in samples}) > 1  # the others' animals really are guessed


def test_open_deck_food_chain_is_rebuilt_exactly() -> None:
    """With the deck order known, the observation determines the whole state."""
    game = make_game("food_chain", num_players=2, open_deck_seed=5)
    for placements in (0, 3, 8):
        state = _first_decision(game, seed=1, placements=placements)
        obs = game.observation(state, game.current_player(state))
        assert sample_state(game, obs, random.Random(0)) == state


def test_ismcts_searches_food_chain_from_an_observation() -> None:
    game = make_game("food_chain", num_players=2)
    state = _first_decision(game, seed=0)
    result = ismcts(game, game.observation(state, 0), random.Random(0), iterations=100)
    assert result.action in game.legal_actions(state)
    assert sum(result.visits.values()) == 100 and result.nodes > 1


# -- reproducibility and every game ----------------------------------------------------------
@pytest.mark.parametrize("game_id", game_ids())
def test_seeded_agents_are_reproducible(game_id: str) -> None:
    game = make_game(game_id, num_players=2)

    def agents() -> list[Any]:
        return [MCTSAgent(game, 8), GreedyAgent(game)]

    first = play_game(game, agents(), seed=11, max_actions=40)
    again = play_game(game, agents(), seed=11, max_actions=40)
    assert first.actions == again.actions
    assert len(first.actions) == 40 or game.is_terminal(first.final_state())  # a short game may end first


@pytest.mark.parametrize("game_id", game_ids())
def test_greedy_and_ismcts_play_every_game(game_id: str) -> None:
    game = make_game(game_id, num_players=3)
    record = play_game(game, [GreedyAgent(game), ISMCTSAgent(game, 5), RandomAgent()], seed=3, max_actions=60)
    assert len(record.actions) == 60 or sum(record.returns or ()) == pytest.approx(1.0)


def test_greedy_knows_the_game_from_the_observation() -> None:
    game = make_game("food_chain", num_players=2)
    obs = game.observation(_first_decision(game, seed=0), 0)
    assert game_id_of(obs) == "food_chain"
    with pytest.raises(TypeError):
        game_id_of(RollState())


def test_greedy_food_chain_keeps_cheese_away_from_mice() -> None:
    """With a mouse on the table, the greedy cheese goes where the mouse cannot eat it."""
    from boardgames_widgets.games.food_chain.rules import CHEESE, MOUSE, Card, Place, Placed

    game = make_game("food_chain", num_players=2)
    state = _first_decision(game, seed=0)
    state = game.replace_state(
        state,
        table=(*state.table, Placed(0, 1, Card(MOUSE))),
        hands=(tuple(c for c in state.hands[0] if c.kind == CHEESE), state.hands[1]),
        pile=(state.pile[0], state.pile[1], state.pile[2] - 1),
    )
    legal = game.legal_actions(state)
    action = GreedyAgent(game).act(game.observation(state, 0), legal, random.Random(0))
    assert isinstance(action, Place) and action.kind == CHEESE
    assert (action.row, action.col) not in {(0, 2), (1, 1), (-1, 1)}  # next to the mouse at (0, 1)
