"""Games that say their checked ``apply`` refuses every action that is not a chance outcome,
and every action once the game is over (``Game.apply_checks_chance``), keep their word, and
a saved game's replay, which then leaves those checks to ``apply``, accepts and refuses
exactly what it did when it asked who acts and looked every chance action up among
``chance_outcomes`` first (the same errors, word for word).

Loading is a trust boundary (saved games come from anyone): each tampered record below is
replayed both ways and must be refused both ways with the same message.
"""

from __future__ import annotations

import random

import pytest
from random_states import random_states

from boardgames_widgets.core.api import GameError
from boardgames_widgets.core.record import GameRecord, replay
from boardgames_widgets.core.registry import game_class, game_ids, make_game
from boardgames_widgets.testing import random_record

CHECKED = [gid for gid in game_ids() if game_class(gid).apply_checks_chance]
#: Texts that parse to actions of the game that no chance node offers (or to nothing).
EXTRA_TEXTS = {
    "papageno": ["reveal 9", "reveal Egg", "reveal Flute", "next round", "draw", "swap top-left", "decline"],
    "food_chain": [
        "p0 draws dog",
        "p1 draws cat",
        "p1 draws mouse",
        "p3 draws dog",
        "p5 draws dog",
        "p0 draws cheese",
        "cheese1@0,1",
    ],
    "pig": ["rolled 0", "rolled 7", "rolled 1", "roll", "hold"],
    "mouse_trap": [
        "roll 0",
        "roll 7",
        "roll 1",
        "trap works",
        "trap fails",
        "crank",
        "end turn",
        "move Red",
        "move Green",
    ],
}


def test_the_games_that_say_so():
    assert {"papageno", "food_chain", "pig", "mouse_trap"} <= set(CHECKED)


#: Configurations with other chance nodes: a Mouse Trap trap that always works (no "trap fails").
MORE_CONFIGS = {"mouse_trap": [{"stage_reliability": ["1"] * 7}]}


def _configs(gid: str) -> list:
    info = game_class(gid).info
    games = [make_game(gid, num_players=n) for n in sorted({info.min_players, info.max_players})]
    return games + [make_game(gid, **config) for config in MORE_CONFIGS.get(gid, [])]


def _pool(game, states, texts) -> list:
    """Every chance outcome and legal action of ``states``, and what ``texts`` parse to."""
    pool = {}
    for state in states:
        for action, _ in game.chance_outcomes(state):
            pool[str(action)] = action
        for action in game.legal_actions(state):
            pool[str(action)] = action
    for text in texts:
        try:
            action = game.parse_action(text)
        except GameError:
            continue
        pool.setdefault(str(action), action)
    return list(pool.values())


@pytest.mark.parametrize("gid", CHECKED)
def test_apply_refuses_at_chance_nodes_exactly_what_chance_outcomes_does_not_offer(gid):
    for game in _configs(gid):
        states = random_states(game, 4, seed=7)
        pool = _pool(game, states, EXTRA_TEXTS.get(gid, []))
        chance = [s for s in states if game.is_chance_node(s)]
        assert chance
        for state in chance[::3]:
            offered = [o for o, _ in game.chance_outcomes(state)]
            for action in pool:
                try:
                    game.apply(state, action)
                    accepted = True
                except GameError:
                    accepted = False
                assert accepted == (action in offered), (gid, game.num_players, action)
        ends = [s for s in random_states(game, 3, seed=8, terminal=True) if game.is_terminal(s)]
        assert ends
        for state in ends:
            for action in pool:
                with pytest.raises(GameError):
                    game.apply(state, action)


def _both_ways(record: GameRecord, monkeypatch) -> tuple[str, object]:
    """``replay(record)`` as it runs, and with the outcomes looked up first (the reference):
    each as ("ok", states) or ("error", message)."""

    def run():
        try:
            return "ok", replay(record)
        except ValueError as exc:
            return "error", str(exc)

    fast = run()
    with monkeypatch.context() as m:
        m.setattr(type(record.make_game()), "apply_checks_chance", False)
        reference = run()
    return fast, reference


@pytest.mark.parametrize("gid", CHECKED)
def test_tampered_chance_entries_are_refused_with_the_same_words(gid, monkeypatch):
    """Attack: every chance entry of saved games swapped for another outcome, a player's
    action, an action no chance node offers or a text that is no action: refused (or, for an
    outcome possible there, accepted) exactly as before, with the same message."""
    rng = random.Random(11)
    refused = 0
    for game in _configs(gid):
        records = [random_record(game, seed) for seed in range(3)]
        texts = sorted({t for r in records for t in r.actions}) + EXTRA_TEXTS.get(gid, []) + ["", "reveal x9"]
        for record in records:
            states = replay(record)
            spots = [i for i, s in enumerate(states[:-1]) if game.is_chance_node(s)]
            for i in rng.sample(spots, min(8, len(spots))):
                for text in rng.sample(texts, min(6, len(texts))):
                    actions = (*record.actions[:i], text, *record.actions[i + 1 :])
                    tampered = GameRecord(record.game, dict(record.config), None, actions)
                    fast, reference = _both_ways(tampered, monkeypatch)
                    assert fast[0] == reference[0], (gid, i, text)
                    if fast[0] == "error":
                        assert fast[1] == reference[1]
                        refused += 1
                    else:
                        assert fast[1] == reference[1]  # the same states
    assert refused > 20


@pytest.mark.parametrize("gid", CHECKED)
def test_entries_after_the_end_are_refused_with_the_same_words(gid, monkeypatch):
    """Attack: a finished saved game with more entries after its end (actions of the game,
    chance outcomes, texts that are no action): "the game is already over", as before."""
    game = _configs(gid)[-1]
    record = random_record(game, 2)
    extras = [*sorted(set(record.actions))[:6], *EXTRA_TEXTS.get(gid, []), "", "nonsense", "x" * 5000]
    for extra in extras:
        tampered = GameRecord(record.game, dict(record.config), None, (*record.actions, extra))
        fast, reference = _both_ways(tampered, monkeypatch)
        assert fast == reference and fast[0] == "error" and "the game is already over" in str(fast[1])


@pytest.mark.parametrize("gid", CHECKED)
def test_an_impossible_draw_in_a_saved_game_is_still_refused(gid):
    """Attack: a record whose chance entry names an outcome impossible there, as JSON."""
    game = _configs(gid)[0]
    record = random_record(game, 5)
    states = replay(record)
    data = record.to_dict()
    for i, state in enumerate(states[:-1]):
        if not game.is_chance_node(state):
            continue
        offered = {str(o) for o, _ in game.chance_outcomes(state)}
        candidates = [str(a) for a in _pool(game, states, EXTRA_TEXTS.get(gid, [])) if str(a) not in offered]
        if candidates:
            data["actions"] = [*record.actions[:i], candidates[0], *record.actions[i + 1 :]]
            with pytest.raises(ValueError, match=rf"actions\[{i}\]"):
                GameRecord.from_json(data)
            return
    raise AssertionError("no chance node to tamper with")
