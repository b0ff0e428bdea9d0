"""The conformance suite (:func:`boardgames_widgets.testing.check_game`) on every registered game.

Each registered game is checked with its fewest and its most players. A game is
registered (``games/__init__.py``) only once it passes this suite.
"""

from __future__ import annotations

import dataclasses
import random
from fractions import Fraction

import pytest

from boardgames_widgets import GameRecord, RandomAgent, make_game, play_game
from boardgames_widgets.core.api import Game
from boardgames_widgets.core.registry import game_class, game_ids
from boardgames_widgets.games.food_chain.rules import FoodChain
from boardgames_widgets.games.mouse_trap.rules import MouseTrap, Roll
from boardgames_widgets.testing import ConformanceError, check_game, exact_distribution

SEEDS = 6


def _configs() -> list[tuple[str, int]]:
    out = []
    for gid in game_ids():
        info = game_class(gid).info
        for n in sorted({info.min_players, info.max_players}):
            out.append((gid, n))
    return out


CONFIGS = _configs()
IDS = [f"{g}-{n}p" for g, n in CONFIGS]


@pytest.mark.parametrize(("gid", "n"), CONFIGS, ids=IDS)
def test_every_registered_game_passes_check_game(gid, n):
    report = check_game(make_game(gid, num_players=n), games=SEEDS, seed=0)
    assert report.games == SEEDS and report.states > SEEDS
    assert report.bad_inputs > 100 and report.observations > 0
    game = make_game(gid, num_players=n)
    if game.info.has_chance:
        assert report.chance_nodes > 0 and report.exact_draws > 0
    else:
        assert report.chance_nodes == 0
    # a game's own fast playout, if it has one, is checked against the definition
    assert (report.playouts > 0) == (type(game).random_playout is not Game.random_playout)


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


def test_exact_distribution_sees_a_biased_sampler():
    """The enumeration behind the sample_chance check is exact, so a bias cannot hide."""
    assert exact_distribution(lambda rng: rng.randrange(3) == 0) == {True: Fraction(1, 3), False: Fraction(2, 3)}
    two_dice = exact_distribution(lambda rng: rng.randint(1, 6) + rng.randint(1, 6))
    assert two_dice[7] == Fraction(1, 6) and two_dice[2] == Fraction(1, 36)


# -- the suite catches broken games (so a pass means something) ---------------------------


class _BiasedDie(MouseTrap):
    """A game whose fast die favours 6: ``sample_chance`` disagrees with ``chance_outcomes``."""

    def sample_chance(self, state, rng):
        if self.is_chance_node(state) and state.phase.name == "ROLL":
            return Roll(6) if rng.randrange(2) else Roll(1 + rng.randrange(6))
        return super().sample_chance(state, rng)


class _LooseRoll(MouseTrap):
    """A game that takes ``Roll(3.0)`` (equal to ``Roll(3)`` in Python) without checking its type."""

    def _check_input(self, action):
        if isinstance(action, Roll):
            return
        super()._check_input(action)


class _Mutating(MouseTrap):
    """A game whose observation of seat -1 quietly shows the last player (no seat check)."""

    def observation(self, state, player):
        return super().observation(state, player % self.num_players)


class _ShortcutPlayout(MouseTrap):
    """A game whose fast playout skips a random draw: the rollouts of search play another game."""

    def random_playout(self, state, rng):
        rng.random()
        return super().random_playout(state, rng)


class _SkewedIds(FoodChain):
    """A game whose action numbers point one entry past its legal actions in its table."""

    def legal_action_ids(self, state):
        return [i + 1 for i in super().legal_action_ids(state)]


class _TableTwice(FoodChain):
    """A game whose action table lists an action twice (two numbers for one action)."""

    def action_table(self):
        table = super().action_table()
        return (*table, table[0])


@pytest.mark.parametrize(
    ("broken", "check"),
    [
        (_BiasedDie, "exact chance"),
        (_LooseRoll, "bad input"),
        (_Mutating, "observation"),
        (_ShortcutPlayout, "own playout"),
        (_SkewedIds, "action table"),
        (_TableTwice, "action table"),
    ],
    ids=[
        "biased sample_chance",
        "loose action fields",
        "no seat check",
        "playout unlike its definition",
        "ids not the legal actions",
        "an action listed twice",
    ],
)
def test_check_game_catches_a_broken_game(broken, check):
    with pytest.raises(ConformanceError, match=check):
        check_game(broken(2), games=2, seed=0)


def test_check_game_catches_a_state_that_breaks_json():
    """A state changed behind the rules' back (a float where an int belongs) fails the checks."""

    class _Floaty(MouseTrap):
        def apply(self, state, action):
            new = super().apply(state, action)
            return dataclasses.replace(new, pile=float(new.pile)) if new.pile == 40 else new

    with pytest.raises(ConformanceError, match="JSON round trip"):
        check_game(_Floaty(2), games=2, seed=0)


def test_legal_action_ids_by_default_look_the_actions_up_in_the_table():
    """A game that lists a table but writes no ``legal_action_ids`` gets the base class's
    look-up: the same numbers as Food Chain's own walk; a game without a table has none."""

    class LookedUp(FoodChain):
        legal_action_ids = Game.legal_action_ids

    fast, slow = FoodChain(2), LookedUp(2)
    rng, state, checked = random.Random(3), fast.new_initial_state(), 0
    while not fast.is_terminal(state):
        if fast.is_chance_node(state):
            state = fast.apply(state, fast.sample_chance(state, rng))
            continue
        ids = fast.legal_action_ids(state)
        assert ids == slow.legal_action_ids(state) and ids
        assert [fast.action_table()[i] for i in ids] == fast.legal_actions(state)
        state, checked = fast.apply(state, fast.legal_actions(state)[rng.randrange(len(ids))]), checked + 1
    assert checked == 24  # 12 cards each
    assert len(slow.__dict__["_action_index"]) == len(fast.action_table())  # the index made once, kept
    with pytest.raises(TypeError, match="no action table"):
        make_game("pig").legal_action_ids(make_game("pig").new_initial_state())
