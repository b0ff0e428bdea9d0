"""Game records: a game id, its configuration, a seed and the list of actions.

A record is the saved form of a game. Chance outcomes are stored as actions too,
so replaying a record needs no random numbers and always rebuilds the same states.
Undo is the replay of a prefix. Loading validates everything and raises
``ValueError`` naming the entry at fault; there is no pickle and no eval.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from boardgames_widgets.core.api import CHANCE, TERMINAL, Game, GameError
from boardgames_widgets.core.codec import check_depth, loads
from boardgames_widgets.core.numbers import clip, short
from boardgames_widgets.core.registry import game_class, make_game
from boardgames_widgets.core.rng import Seed

#: Bumped whenever the JSON layout of a record changes.
SCHEMA_VERSION = 1

_FIELDS = {"schema", "game", "config", "seed", "actions", "players", "returns"}


@dataclass(frozen=True)
class GameRecord:
    """A finished or unfinished game, as data.

    Attributes:
        game: the registry id of the game.
        config: the game's configuration (``Game.config()``).
        seed: the seed the game was played with (informative: replay needs no seed).
        actions: every action in order, chance outcomes included, as readable text.
        players: a name per seat (agents' names), for people reading the record.
        returns: the final returns, or ``None`` if the game did not finish.
    """

    game: str
    config: Mapping[str, Any]
    seed: Seed = None
    actions: tuple[str, ...] = ()
    players: tuple[str, ...] = ()
    returns: tuple[float, ...] | None = None
    _game_cache: list[Game[Any, Any]] = field(default_factory=list, repr=False, compare=False)

    def make_game(self) -> Game[Any, Any]:
        """The game object this record was played with (shared by records of the same
        game and configuration: see :func:`cached_game`)."""
        if not self._game_cache:
            self._game_cache.append(cached_game(self.game, self.config))
        return self._game_cache[0]

    def states(self) -> list[Any]:
        """Every state of the game, from the initial state to the last (replays).

        Raises:
            ValueError: an entry cannot be parsed or is illegal at its point.
        """
        return replay(self)

    def final_state(self) -> Any:
        """The state after the last action."""
        return self.states()[-1]

    def truncated(self, n_actions: int) -> GameRecord:
        """The record of the first ``n_actions`` actions (undo)."""
        if not 0 <= n_actions <= len(self.actions):
            raise ValueError(f"cannot keep {n_actions} of {len(self.actions)} actions")
        return GameRecord(self.game, dict(self.config), self.seed, self.actions[:n_actions], self.players, None)

    def to_dict(self) -> dict[str, Any]:
        """The JSON-able form, with the schema version."""
        return {
            "schema": SCHEMA_VERSION,
            "game": self.game,
            "config": dict(self.config),
            "seed": self.seed,
            "actions": list(self.actions),
            "players": list(self.players),
            "returns": None if self.returns is None else list(self.returns),
        }

    def to_json(self, indent: int | None = None) -> str:
        """The record as a JSON string."""
        return json.dumps(self.to_dict(), indent=indent, ensure_ascii=False)

    @classmethod
    def from_json(cls, data: str | Mapping[str, Any]) -> GameRecord:
        """Load and fully validate a record (every action is replayed).

        Raises:
            ValueError: malformed JSON (a duplicate key, nesting too deep: see
                :func:`~boardgames_widgets.core.codec.loads`), wrong types, unknown game or
                field, a configuration out of its documented range, a schema this version
                cannot read, or an action that is unparsable or illegal at its point (the
                message names the entry).
        """
        if isinstance(data, str | bytes):
            try:
                data = loads(data)
            except ValueError as exc:
                raise ValueError(f"game record is not valid JSON: {exc}") from exc
        else:
            check_depth(data)
        if not isinstance(data, Mapping):
            raise ValueError(f"game record must be a JSON object, not {type(data).__name__}")
        unknown = set(data) - _FIELDS
        if unknown:
            raise ValueError(f"game record has unknown field(s): {sorted(unknown)}")
        if data.get("schema") != SCHEMA_VERSION:
            raise ValueError(f"game record schema {data.get('schema')!r} is not supported (expected {SCHEMA_VERSION})")
        game = data.get("game")
        if not isinstance(game, str):
            raise ValueError(f"game record field 'game' must be a string, not {type(game).__name__}")
        config = data.get("config", {})
        if not isinstance(config, Mapping) or not all(isinstance(k, str) for k in config):
            raise ValueError("game record field 'config' must be an object")
        seed = data.get("seed")
        if seed is not None and (not isinstance(seed, int | str) or isinstance(seed, bool)):
            raise ValueError(f"game record field 'seed' must be an int, a string or null, not {seed!r}")
        actions = data.get("actions", [])
        if not isinstance(actions, list):
            raise ValueError("game record field 'actions' must be a list")
        for i, a in enumerate(actions):
            if not isinstance(a, str):
                raise ValueError(f"game record actions[{i}] must be a string, not {type(a).__name__}")
        players = data.get("players", [])
        if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
            raise ValueError("game record field 'players' must be a list of strings")
        returns = data.get("returns")
        if returns is not None and (
            not isinstance(returns, list)
            or not all(isinstance(r, int | float) and not isinstance(r, bool) for r in returns)
        ):
            raise ValueError("game record field 'returns' must be a list of numbers or null")
        record = cls(
            game,
            dict(config),
            seed,
            tuple(actions),
            tuple(players),
            None if returns is None else tuple(float(r) for r in returns),
        )
        states = replay(record)  # validates the game, its config and every action
        game_obj = record.make_game()
        if returns is not None:
            final = states[-1]
            if not game_obj.is_terminal(final):
                raise ValueError("game record has 'returns' but its actions do not finish the game")
            if tuple(game_obj.returns(final)) != record.returns:
                raise ValueError(f"game record 'returns' {returns} do not match the replay {game_obj.returns(final)}")
        return record


#: How many game objects :func:`cached_game` keeps (one per game and configuration).
GAME_CACHE = 32
_games: dict[tuple[str, type, str], Game[Any, Any]] = {}
#: How many action texts a game object's parse memo keeps (see :func:`replay`).
PARSE_MEMO = 4096
_parsed: dict[int, tuple[Game[Any, Any], dict[str, Any]]] = {}


def cached_game(game_id: str, config: Mapping[str, Any]) -> Game[Any, Any]:
    """``make_game(game_id, **config)``, built once per game and configuration.

    Building a game object (its board, tables and checks) can cost more than replaying a
    whole game (a third of loading a Mouse Trap record), and game objects are immutable
    rules, so records of the same game share one. The key is the game's class and its
    configuration as canonical JSON; a configuration that is not plain JSON is built
    afresh every time.

    Raises:
        ValueError: unknown game or bad configuration (as :func:`make_game`).
    """
    try:
        key = (game_id, game_class(game_id), json.dumps(config, sort_keys=True, allow_nan=False))
    except (TypeError, ValueError):  # an unknown id raises here too, with make_game's message
        return make_game(game_id, **config)
    game = _games.get(key)
    if game is None:
        game = make_game(game_id, **config)
        if len(_games) >= GAME_CACHE:
            _games.clear()
            _parsed.clear()
        _games[key] = game
        _parsed[id(game)] = (game, {})
    return game


def _parse_memo(game: Game[Any, Any]) -> dict[str, Any]:
    """Where ``replay`` keeps the actions parsed from their texts: one memo per game object
    of :func:`cached_game` (records of the same game share it), else one per replay."""
    kept = _parsed.get(id(game))
    if kept is None or kept[0] is not game:
        return {}
    memo = kept[1]
    if len(memo) >= PARSE_MEMO:
        memo.clear()
    return memo


#: Action texts up to this length are parsed once (the same die roll, draw or move comes
#: again and again); longer ones are parsed every time (and not kept).
_PARSED_TEXT = 64


def _outcome(game: Game[Any, Any], state: Any, action: Any, text: str, parsed: dict[str, Any]) -> Any:
    """The game's own chance outcome equal to ``action`` at ``state`` (which is then
    remembered for ``text``: next time it is found by identity, without comparing).

    Raises:
        GameError: ``action`` is not one of the outcomes of ``state``.
    """
    outcomes = game.chance_outcomes(state)
    for outcome, _ in outcomes:
        if outcome is action:
            return outcome
    for outcome, _ in outcomes:
        if outcome == action:
            if parsed.get(text) is action:
                parsed[text] = outcome
            return outcome
    raise GameError(f"{short(text)} is not a possible chance outcome here")


def replay(record: GameRecord) -> list[Any]:
    """Rebuild every state of ``record``, validating each action.

    Every action is parsed, checked and applied by the game's checked ``apply`` (the
    authority: a record replays as it was played); a chance outcome must also be one of
    ``chance_outcomes`` at its point (see :func:`_outcome`). A game whose ``apply`` refuses
    everything else, and everything once the game is over (:attr:`Game.apply_checks_chance
    <boardgames_widgets.core.api.Game.apply_checks_chance>`), is left to check both itself
    (:func:`_replay_checked`): who acts and the outcomes are then asked only to word a
    refusal, which reads as it always did. A text is
    parsed once, and its action kept for the next time the game meets it (actions are
    immutable values; see :func:`cached_game`).

    Raises:
        ValueError: unknown game or bad config, or an action that cannot be parsed or
            is illegal at its point; the message names the entry and why.
    """
    game = record.make_game()
    state = game.new_initial_state()
    states = [state]
    parsed = _parse_memo(game)
    if type(game).apply_checks_chance:
        _replay_checked(game, state, record.actions, parsed, states)
        return states
    current_player, parse, apply = game.current_player, game.parse_action, game.apply
    for i, text in enumerate(record.actions):
        player = current_player(state)
        if player == TERMINAL:
            raise _over(i, text)
        try:
            action = _parse_entry(text, parse, parsed)
            if player == CHANCE:
                action = _outcome(game, state, action, text, parsed)
            state = apply(state, action)
        except GameError as exc:
            raise _entry_error(i, text, exc) from exc
        states.append(state)
    return states


def _parse_entry(text: Any, parse: Callable[[Any], Any], parsed: dict[str, Any]) -> Any:
    """The action of a record entry: a short text already read is taken from ``parsed``
    (one reading per distinct text in a load), any other entry is parsed."""
    action = parsed.get(text) if type(text) is str else None
    if action is None:
        action = parse(text)
        if type(text) is str and len(text) <= _PARSED_TEXT:
            parsed[text] = action
    return action


def _replay_checked(
    game: Game[Any, Any], state: Any, actions: tuple[str, ...], parsed: dict[str, Any], states: list[Any]
) -> None:
    """:func:`replay`'s loop for a game whose checked ``apply`` refuses every action at a
    finished game and every action that is not a chance outcome at a chance node
    (:attr:`Game.apply_checks_chance <boardgames_widgets.core.api.Game.apply_checks_chance>`):
    nothing is asked before ``apply`` (neither who acts nor the outcomes). Only when an entry
    is refused are they asked, so that the error is the one the plain loop raises (a
    finished game first, then an outcome that chance does not offer, else the refusal)."""
    parse, apply = game.parse_action, game.apply
    append = states.append
    for i, text in enumerate(actions):
        try:
            action = _parse_entry(text, parse, parsed)
        except Exception as exc:
            if game.current_player(state) == TERMINAL:
                raise _over(i, text) from None
            if isinstance(exc, GameError):
                raise _entry_error(i, text, exc) from exc
            raise
        try:
            state = apply(state, action)
        except Exception as exc:
            player = game.current_player(state)
            if player == TERMINAL:
                raise _over(i, text) from None
            if player == CHANCE:
                refusal = _not_an_outcome(game, state, action, text, parsed)
                if refusal is not None:
                    raise _entry_error(i, text, refusal) from refusal
            if isinstance(exc, GameError):
                raise _entry_error(i, text, exc) from exc
            raise
        append(state)


def _not_an_outcome(
    game: Game[Any, Any], state: Any, action: Any, text: str, parsed: dict[str, Any]
) -> GameError | None:
    """:func:`_outcome`'s refusal of ``action`` at the chance node ``state``, or ``None``
    if it is one of the outcomes there."""
    try:
        _outcome(game, state, action, text, parsed)
    except GameError as refusal:
        return refusal
    return None


def _over(i: int, text: str) -> ValueError:
    """The error of a record whose ``actions[i]``, ``text``, comes after the end of the game."""
    return ValueError(f"actions[{i}] {short(text)}: the game is already over")


def _entry_error(i: int, text: str, exc: GameError) -> ValueError:
    """The error of a record whose ``actions[i]``, ``text``, was refused with ``exc``."""
    return ValueError(f"actions[{i}] {short(text)}: {clip(str(exc))}")
