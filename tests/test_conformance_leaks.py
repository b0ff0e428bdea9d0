"""The conformance suite sees consistent leaks, bad odds and broken subclasses (issue 32).

A sampler built from an observation repeats whatever the observation leaks, so the
suite asks a hidden-information game for ``hidden_variants(state, player, rng)``: states
changed *from the rules* in what the player cannot see. Papageno and Food Chain do not
offer it yet, so the honest and the broken versions here are subclasses that add it
(the real games are not changed); the broken ones leak in their observation.
"""

from __future__ import annotations

import dataclasses
import random
import warnings
from fractions import Fraction
from typing import Any

import pytest

from boardgames_widgets.games.food_chain.rules import _ANIMAL_CARDS as FC_CARDS
from boardgames_widgets.games.food_chain.rules import _CARD_ORDER as FC_ORDER
from boardgames_widgets.games.food_chain.rules import ANIMALS, FoodChain, FoodChainState
from boardgames_widgets.games.mouse_trap.rules import MouseTrap
from boardgames_widgets.games.papageno.cards import KIND_INDEX, cards_from_counts, sorted_cards
from boardgames_widgets.games.papageno.rules import Papageno, PapagenoState, _remove_one, _take
from boardgames_widgets.testing import ConformanceError, ConformanceWarning, check_game


class _HonestPapageno(Papageno):
    """Papageno with ``hidden_variants``: the card someone holds unseen, swapped for each
    other card it could be (PA rules: drawn from the unseen cards, or from a known pile)."""

    def hidden_variants(self, state: PapagenoState, player: int, rng: random.Random) -> list[PapagenoState]:
        hand = state.hand
        if hand is None or self.hand_visible_to(state, player):
            return []
        out = []
        if state.hand_from_known:
            for card in sorted(set(state.draw_known) - {hand}):
                known = sorted_cards((*_remove_one(state.draw_known, card), hand))
                out.append(dataclasses.replace(state, hand=card, draw_known=known))
        else:
            for card in sorted(set(cards_from_counts(state.unseen)) - {hand}):
                unseen = list(_take(state.unseen, card))
                unseen[KIND_INDEX[hand]] += 1
                out.append(dataclasses.replace(state, hand=card, unseen=tuple(unseen)))
        return out


class _LeakyPapageno(_HonestPapageno):
    """Broken: every player sees the card just drawn (a consistent leak: a sampler reading
    this observation would deal that very card)."""

    def observation(self, state: PapagenoState, player: int) -> Any:
        obs = super().observation(state, player)
        return dataclasses.replace(obs, hand=state.hand, hand_hidden=False)


class _HonestFoodChain(FoodChain):
    """Food Chain with ``hidden_variants``: an animal card of another player's hand swapped
    with an animal of another kind from the face-down pile (hand sizes stay)."""

    def hidden_variants(self, state: FoodChainState, player: int, rng: random.Random) -> list[FoodChainState]:
        out = []
        for q, hand in enumerate(state.hands):
            if q == player:
                continue
            for card in sorted({c for c in hand if c.kind in ANIMALS}, key=FC_ORDER):
                for k, kind in enumerate(ANIMALS):
                    if kind == card.kind or state.pile[k] == 0:
                        continue
                    pile = list(state.pile)
                    pile[k] -= 1
                    pile[ANIMALS.index(card.kind)] += 1
                    new = list(hand)
                    new.remove(card)
                    hands = list(state.hands)
                    hands[q] = tuple(sorted((*new, FC_CARDS[kind]), key=FC_ORDER))
                    out.append(dataclasses.replace(state, hands=tuple(hands), pile=tuple(pile)))
        rng.shuffle(out)
        return out[:4]


class _LeakyFoodChain(_HonestFoodChain):
    """Broken: the observation's hand carries every player's cards."""

    def observation(self, state: FoodChainState, player: int) -> Any:
        obs = super().observation(state, player)
        every = tuple(sorted((c for h in state.hands for c in h), key=FC_ORDER))
        return dataclasses.replace(obs, hand=every)


def test_honest_hidden_information_games_pass_and_are_checked_for_leaks() -> None:
    for game in (_HonestPapageno(3), _HonestFoodChain(2)):
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
    with pytest.warns(ConformanceWarning, match="hidden_variants"):
        check_game(FoodChain(2), games=1, seed=0)


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
