"""Loading records fast without loading them less strictly: one game object per
configuration, action texts parsed once, chance outcomes checked against the game's list."""

from __future__ import annotations

import json
from typing import Any

import pytest

from boardgames_widgets import GameRecord, make_game
from boardgames_widgets.core import record as record_module
from boardgames_widgets.core.record import cached_game, replay
from boardgames_widgets.core.registry import game_ids
from boardgames_widgets.testing import random_record


def _record(game_id: str, seed: int) -> GameRecord:
    return random_record(make_game(game_id, num_players=2), seed)


def _reference_replay(record: GameRecord) -> list[Any]:
    """The replay as it was: a new game object, every text parsed, every action checked."""
    game = make_game(record.game, **record.config)
    state = game.new_initial_state()
    states = [state]
    for text in record.actions:
        action = game.parse_action(text)
        if game.is_chance_node(state):
            assert action in {o for o, _ in game.chance_outcomes(state)}
        state = game.apply(state, action)
        states.append(state)
    return states


@pytest.mark.parametrize("game_id", game_ids())
def test_fast_loading_gives_the_reference_states(game_id: str) -> None:
    for seed in range(4):
        text = _record(game_id, seed).to_json()
        for _ in range(2):  # the second time every text is in the parse memo
            loaded = GameRecord.from_json(text)
            assert replay(loaded) == _reference_replay(loaded)


def test_one_game_object_per_configuration() -> None:
    a = cached_game("mouse_trap", {"num_players": 2})
    assert cached_game("mouse_trap", {"num_players": 2}) is a
    assert cached_game("mouse_trap", {"num_players": 3}) is not a
    assert cached_game("mouse_trap", {"num_players": 3}) == make_game("mouse_trap", num_players=3)
    with pytest.raises(ValueError, match="unknown|not"):
        cached_game("no_such_game", {})
    with pytest.raises(ValueError):
        cached_game("mouse_trap", {"num_players": 99})
    assert record_module._games  # bounded: emptied past GAME_CACHE entries
    assert len(record_module._games) <= record_module.GAME_CACHE


@pytest.mark.parametrize("game_id", game_ids())
def test_a_bad_entry_is_refused_the_same_way_after_the_memo_is_warm(game_id: str) -> None:
    good = _record(game_id, 0)
    GameRecord.from_json(good.to_json())  # warms the game's parse memo
    data = json.loads(good.to_json())
    data["returns"] = None
    # an action repeated out of its place: refused (or not) as before, with the same message
    refused = 0
    for i in range(1, min(len(good.actions), 30)):
        bad = dict(data, actions=[*good.actions[:i], good.actions[i - 1], *good.actions[i:]])
        try:
            GameRecord.from_json(json.dumps(bad))
        except ValueError as exc:
            refused += 1
            with pytest.raises(ValueError) as before:
                _reference_replay_refusal(GameRecord(game_id, good.config, 0, tuple(bad["actions"])))
            assert str(before.value) == str(exc)
        else:
            _reference_replay_refusal(GameRecord(game_id, good.config, 0, tuple(bad["actions"])))
    assert refused


def _reference_replay_refusal(record: GameRecord) -> None:
    """The message the replay gave before the fast path, for a refused record."""
    from boardgames_widgets.core.api import TERMINAL, GameError
    from boardgames_widgets.core.numbers import clip, short

    game = make_game(record.game, **record.config)
    state = game.new_initial_state()
    for i, text in enumerate(record.actions):
        if game.current_player(state) == TERMINAL:
            raise ValueError(f"actions[{i}] {short(text)}: the game is already over")
        try:
            action = game.parse_action(text)
            if game.is_chance_node(state) and action not in {o for o, _ in game.chance_outcomes(state)}:
                raise GameError(f"{short(text)} is not a possible chance outcome here")
            state = game.apply(state, action)
        except GameError as exc:
            raise ValueError(f"actions[{i}] {short(text)}: {clip(str(exc))}") from exc
