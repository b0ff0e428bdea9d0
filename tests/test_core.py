"""The game-agnostic core: sampling, codec, records, the play loop, the painter, imports."""

from __future__ import annotations

import dataclasses
import enum
import json
import random
import subprocess
import sys
from collections import Counter
from fractions import Fraction

import pytest

from boardgames_widgets import AgentError, GameRecord, RandomAgent, make_game, play_game
from boardgames_widgets.core import GameError, IllegalActionError
from boardgames_widgets.core.codec import decode, encode
from boardgames_widgets.core.painter import SVGPainter
from boardgames_widgets.core.rng import derive_seed, sample_outcome


# -- sampling ------------------------------------------------------------------------------
def test_sample_outcome_is_exact_and_seeded():
    outcomes = [("a", Fraction(1, 6)), ("b", Fraction(1, 2)), ("c", Fraction(1, 3))]
    rng = random.Random(1)
    counts = Counter(sample_outcome(outcomes, rng) for _ in range(6000))
    assert abs(counts["b"] / 6000 - 0.5) < 0.03 and abs(counts["a"] / 6000 - 1 / 6) < 0.03
    draws = [sample_outcome(outcomes, random.Random(9)) for _ in range(3)]
    assert len(set(draws)) == 1


def test_sample_outcome_rejects_probabilities_that_do_not_sum_to_one():
    with pytest.raises(ValueError, match="sum to 1/2"):
        sample_outcome([("a", Fraction(1, 2))], random.Random(0))
    with pytest.raises(ValueError, match="no chance outcomes"):
        sample_outcome([], random.Random(0))


def test_derived_seeds_are_distinct_per_purpose():
    assert derive_seed(3, "agent", 0) != derive_seed(3, "agent", 1) != derive_seed(3, "chance")


# -- codec ---------------------------------------------------------------------------------
class Colour(enum.Enum):
    RED = 1
    BLUE = 2


@dataclasses.dataclass(frozen=True)
class Inner:
    x: int
    tag: str | None = None


@dataclasses.dataclass(frozen=True)
class Outer:
    items: tuple[Inner, ...]
    pair: tuple[int, str]
    colour: Colour
    odds: Fraction
    seen: frozenset[int]
    flag: bool = False


def test_codec_round_trips_nested_frozen_data():
    value = Outer((Inner(1), Inner(2, "t")), (3, "x"), Colour.BLUE, Fraction(2, 7), frozenset({4, 1}), True)
    data = json.loads(json.dumps(encode(value)))
    assert decode(Outer, data) == value


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (
            {"items": [{"x": "1"}], "pair": [1, "a"], "colour": "RED", "odds": "1/2", "seen": []},
            r"value.items\[0\].x: expected int",
        ),
        ({"items": [], "pair": [1], "colour": "RED", "odds": "1/2", "seen": []}, "value.pair: expected 2 items"),
        (
            {"items": [], "pair": [1, "a"], "colour": "GREEN", "odds": "1/2", "seen": []},
            "value.colour: expected one of",
        ),
        ({"items": [], "pair": [1, "a"], "colour": "RED", "odds": "1/2", "seen": [], "extra": 1}, "unknown field"),
        ({"items": [], "pair": [1, "a"], "colour": "RED", "seen": []}, "missing field"),
        ({"items": [], "pair": [1, "a"], "colour": "RED", "odds": "x", "seen": []}, "value.odds"),
        ({"items": [], "pair": [1, "a"], "colour": "RED", "odds": "1/2", "seen": [], "flag": 1}, "expected true/false"),
        ([1, 2], "expected an object"),
    ],
)
def test_codec_names_the_bad_entry(data, message):
    with pytest.raises(ValueError, match=message):
        decode(Outer, data)


# -- the play loop and agents --------------------------------------------------------------
def test_a_crashing_agent_is_reported_by_name_and_the_record_stays_valid():
    game = make_game("food_chain", num_players=2)

    def clumsy(observation, legal_actions, rng):
        if sum(observation.placed) >= 5:
            raise ZeroDivisionError("oops")
        return legal_actions[0]

    with pytest.raises(AgentError, match="agent 'clumsy' in seat 1 raised ZeroDivisionError: oops") as info:
        play_game(game, [RandomAgent(), clumsy], seed=1)
    record = GameRecord.from_json(info.value.record.to_json())
    assert info.value.seat == 1
    assert sum(record.final_state().placed) == 5


def test_a_cheating_agent_returning_an_illegal_action_is_reported():
    game = make_game("food_chain", num_players=2)
    cheat = game.parse_action("dog@4,4")
    with pytest.raises(AgentError, match="returned an illegal action") as info:
        play_game(game, [lambda o, legal, r: cheat, RandomAgent()], seed=1)
    assert info.value.seat == 0
    assert len(info.value.record.states()) == len(info.value.record.actions) + 1


def test_agents_see_observations_only():
    game = make_game("food_chain", num_players=2)
    seen = []

    def spy(observation, legal_actions, rng):
        seen.append(observation)
        return legal_actions[0]

    play_game(game, [spy, RandomAgent()], seed=2)
    assert seen and all(type(o).__name__ == "FoodChainObservation" for o in seen)


def test_play_game_checks_the_number_of_agents():
    with pytest.raises(ValueError, match="needs 3 agents, got 2"):
        play_game(make_game("food_chain", num_players=3), [RandomAgent()] * 2)


def test_make_game_rejects_unknown_games_and_bad_configs():
    with pytest.raises(ValueError, match="unknown game 'chess'; known games: .*food_chain"):
        make_game("chess")
    with pytest.raises(ValueError, match="Food Chain is for 2 to 4 players, not 7"):
        make_game("food_chain", num_players=7)
    with pytest.raises(ValueError, match="bad configuration"):
        make_game("food_chain", colour="red")


def test_illegal_action_error_carries_its_rule():
    err = IllegalActionError("FC-T1", "no")
    assert err.rule == "FC-T1" and str(err) == "FC-T1: no"
    assert isinstance(err, GameError) and isinstance(err, ValueError)


# -- painter -------------------------------------------------------------------------------
def test_svg_painter_escapes_text_and_nests_transforms():
    p = SVGPainter(100, 50, title="a<b")
    with p.transform(10, 5, scale=2):
        p.text(1, 2, "cats & dogs <3")
        p.polygon([(0, 0), (1, 1), (2, 0)], fill="red", stroke="#000")
    svg = p.to_svg()
    assert "cats &amp; dogs &lt;3" in svg and "<title>a&lt;b</title>" in svg
    assert svg.index('<g transform="translate(10,5) scale(2)">') < svg.index("<text") < svg.index("</g>")


# -- import hygiene ------------------------------------------------------------------------
def test_the_rules_core_does_not_import_widget_libraries():
    code = (
        "import sys, boardgames_widgets as bw; from boardgames_widgets.core.registry import game_ids\n"
        "for g in game_ids(): bw.make_game(g, num_players=2)\n"
        "bad = [m for m in ('ipywidgets', 'ipycanvas', 'numpy', 'matplotlib') if m in sys.modules]\n"
        "print(bw.__version__, bad)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split()[1:] == ["[]"], out


@pytest.mark.parametrize("game_id", ["food_chain", "chop_chop", "papageno", "mouse_trap"])
def test_a_state_prints_as_one_short_line_and_shows_as_a_picture(game_id: str) -> None:
    """An untrusted notebook shows text/plain: one short line, not every field of the state."""
    from boardgames_widgets import make_game

    game = make_game(game_id)
    state = game.new_initial_state()
    rng = random.Random(3)
    for _ in range(12):
        if game.is_terminal(state):
            break
        state = game.apply(
            state,
            rng.choice(game.legal_actions(state)) if not game.is_chance_node(state) else game.sample_chance(state, rng),
        )
        text = repr(state)
        assert text.startswith(f"<{type(state).__name__}: ") and text.endswith(">")
        assert "\n" not in text and len(text) < 100
    assert state._repr_svg_().lstrip().startswith("<svg")


def test_counted_odds_are_the_exact_odds_of_draw_by_counts_from_kept_pairs():
    """``CountedOdds`` lists what ``draw_by_counts`` draws, with exact odds, from pairs kept
    per bag size (the same objects whichever counts ask for them)."""
    from boardgames_widgets.core.rng import CountedOdds, draw_by_counts
    from boardgames_widgets.testing import exact_distribution

    odds = CountedOdds("abcd")
    for counts in ([1, 0, 3, 2], [0, 0, 5, 0], [2, 2, 2, 2], [0, 1, 0, 0]):
        listed = odds(counts)
        drawn = exact_distribution(lambda rng, c=counts: draw_by_counts("abcd", c, rng))
        assert dict(listed) == drawn and [item for item, _ in listed] == [
            i for i, c in zip("abcd", counts, strict=True) if c
        ]
        assert all(type(p) is Fraction for _, p in listed)
    assert odds([0, 0, 0, 0]) == []
    assert odds([1, 0, 3, 2])[2] is odds([0, 3, 1, 2])[2]  # ("d", 2/6) both times: one kept pair
    assert odds([1, 0, 3, 2])[1] is not odds([1, 0, 3, 4])[1]  # ("c", 3/6) and ("c", 3/8)
