"""The conformance suite sees consistent leaks, bad odds and broken subclasses (issue 32).

A sampler built from an observation repeats whatever the observation leaks, so the
suite asks a hidden-information game for ``hidden_variants(state, player, rng)``: states
changed *from the rules* in what the player cannot see. The real Papageno and Food Chain
offer it (so ``check_game`` runs the leak check on them); the broken versions here are
subclasses whose observation leaks.
"""

from __future__ import annotations

import dataclasses
import random
import warnings
from fractions import Fraction
from typing import Any

import pytest

from boardgames_widgets.games.food_chain.rules import _CARD_ORDER as FC_ORDER
from boardgames_widgets.games.food_chain.rules import FoodChain, FoodChainState
from boardgames_widgets.games.mouse_trap.rules import MouseTrap
from boardgames_widgets.games.papageno.rules import Papageno, PapagenoState
from boardgames_widgets.testing import ConformanceError, ConformanceWarning, check_game


class _LeakyPapageno(Papageno):
    """Broken: every player sees the card just drawn (a consistent leak: a sampler reading
    this observation would deal that very card)."""

    def observation(self, state: PapagenoState, player: int) -> Any:
        obs = super().observation(state, player)
        return dataclasses.replace(obs, hand=state.hand, hand_hidden=False)


class _LeakyFoodChain(FoodChain):
    """Broken: the observation's hand carries every player's cards."""

    def observation(self, state: FoodChainState, player: int) -> Any:
        obs = super().observation(state, player)
        every = tuple(sorted((c for h in state.hands for c in h), key=FC_ORDER))
        return dataclasses.replace(obs, hand=every)


def test_the_real_hidden_information_games_pass_and_are_checked_for_leaks() -> None:
    for game in (Papageno(3), FoodChain(2)):
        with warnings.catch_warnings():
            warnings.simplefilter("error", ConformanceWarning)
            report = check_game(game, games=1, seed=0)
        assert report.leak_checks > 0


@pytest.mark.parametrize("broken", [_LeakyPapageno(3), _LeakyFoodChain(2)], ids=["papageno", "food chain"])
def test_a_consistent_observation_leak_is_caught(broken: Any) -> None:
    """The issue's two leaks: Papageno showing the drawn card to all; Food Chain's
    observation carrying every hand."""
    with pytest.raises(ConformanceError, match="observation leak"):
        check_game(broken, games=2, seed=0)


def test_a_hidden_information_game_without_variants_is_told_how_to_provide_them() -> None:
    without = type("_WithoutVariants", (FoodChain,), {"hidden_variants": None})
    with pytest.warns(ConformanceWarning, match="hidden_variants"):
        check_game(without(2), games=1, seed=0)


def test_papageno_variants_change_only_the_drawn_card_unseen_by_the_player() -> None:
    """Each variant holds another card than the one drawn, the unseen counts keep the
    total, and the drawer (who saw the card) gets none."""
    game, rng = Papageno(3), random.Random(4)
    state = game.new_initial_state()
    seen = 0
    while not game.is_terminal(state) and seen < 5:
        if state.hand is not None and state.hand_drawn:
            assert game.hidden_variants(state, state.actor, rng) == []
            other = (state.actor + 1) % 3
            variants = game.hidden_variants(state, other, rng)
            assert variants and all(v.hand != state.hand for v in variants)
            for v in variants:
                game.validate_state(v)
                assert sum(v.unseen) + len(v.draw_known) == sum(state.unseen) + len(state.draw_known)
                assert game.observation(v, other) == game.observation(state, other)
                assert game.observation(v, state.actor) != game.observation(state, state.actor)
            seen += 1
        if game.is_chance_node(state):
            state = game.apply(state, game.sample_chance(state, rng))
        else:
            legal = game.legal_actions(state)
            state = game.apply(state, legal[rng.randrange(len(legal))])
    assert seen == 5


def test_food_chain_variants_swap_another_hand_with_the_pile_and_none_in_the_open_deck() -> None:
    game, rng = FoodChain(2), random.Random(1)
    state = game.new_initial_state()
    while game.is_chance_node(state):
        state = game.apply(state, game.sample_chance(state, rng))
    variants = game.hidden_variants(state, 0, rng)
    assert 0 < len(variants) <= FoodChain.HIDDEN_VARIANTS
    for v in variants:
        game.validate_state(v)
        assert v.hands[0] == state.hands[0] and v.hands[1] != state.hands[1] and v.table == state.table
        assert game.observation(v, 0) == game.observation(state, 0)
        assert game.observation(v, 1) != game.observation(state, 1)
    open_deck = FoodChain(2, open_deck_seed=3)
    assert open_deck.hidden_variants(open_deck.new_initial_state(), 0, rng) == []


class _WrongOdds(MouseTrap):
    """Broken: the die's odds add up to 7/6."""

    def chance_outcomes(self, state: Any) -> list[Any]:
        out = super().chance_outcomes(state)
        if len(out) == 6:
            out[0] = (out[0][0], Fraction(1, 3))
        return out


class _NegativeOdds(MouseTrap):
    """Broken: a float probability."""

    def chance_outcomes(self, state: Any) -> list[Any]:
        return [(a, float(p)) for a, p in super().chance_outcomes(state)]


@pytest.mark.parametrize("broken", [_WrongOdds, _NegativeOdds], ids=["odds sum to 7/6", "float odds"])
def test_bad_odds_are_a_conformance_error_not_a_raw_value_error(broken: Any) -> None:
    with pytest.raises(ConformanceError, match="exact chance"):
        check_game(broken(2), games=1, seed=0)


class _ForgetfulConfig(MouseTrap):
    """Broken only for records: config() gives a parameter the game cannot be rebuilt from."""

    def config(self) -> dict[str, Any]:
        return {**super().config(), "cheese_supply": [self.cfg.cheese_supply]}


class _Stateful(MouseTrap):
    """Broken only for records (a subclass used to skip the record check): each new game
    starts with the next player, so replaying a record starts another game."""

    def new_initial_state(self) -> Any:
        self.started = getattr(self, "started", -1) + 1
        return dataclasses.replace(super().new_initial_state(), mover=self.started % self.num_players)


@pytest.mark.parametrize("broken", [_ForgetfulConfig, _Stateful], ids=["config", "stateful"])
def test_a_subclass_of_a_registered_game_gets_the_record_check(broken: Any) -> None:
    with pytest.raises(ConformanceError, match="record round trip"):
        check_game(broken(2), games=1, seed=0)


def test_an_honest_subclass_passes_the_record_check() -> None:
    check_game(type("_Plain", (MouseTrap,), {})(2), games=1, seed=0)
