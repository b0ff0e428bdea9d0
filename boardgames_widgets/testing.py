"""The conformance suite, shipped: check that a game keeps the promises of the game API.

:func:`check_game` plays seeded random games of a game and checks, at every step,
everything the agents, search, records and widgets rely on (pgx ships its
``api_test`` and OpenSpiel its random simulation test the same way). The project's
own tests run it on every registered game; a student who writes a fifth game runs
it on theirs:

>>> from boardgames_widgets import make_game
>>> from boardgames_widgets.testing import check_game
>>> report = check_game(make_game("mouse_trap", num_players=2), games=2, seed=0)
>>> report.games, report.states > 0, report.bad_inputs > 0
(2, True, True)

A failed check raises :class:`ConformanceError` (an ``AssertionError``) naming the
check, the game and the action or state at fault, so a ``pytest`` test needs no more
than ``check_game(MyGame())``. What is checked:

- **invariants per apply**: random playouts end (``max_actions``) with returns in
  [0, 1] summing to 1 (or all 0); every state reached passes ``validate_state``,
  hashes, equals its copy, pickles; ``apply`` never changes the state it is given;
  ``apply_trusted`` (search's path) gives the same state as ``apply``;
  ``legal_actions`` / ``chance_outcomes`` are fresh lists of distinct actions that
  print and parse back (``parse_action(str(a)) == a``).
- **exact chance**: chance nodes list outcomes with exact :class:`~fractions.Fraction`
  probabilities summing to 1 (and no legal actions); ``sample_chance`` gives every
  outcome exactly its probability (every way it can use its generator is enumerated).
- **JSON round trips**: ``from_json(to_json(state)) == state`` through real JSON, and a
  record of each game played survives :class:`~boardgames_widgets.core.record.GameRecord`
  ``to_json`` / ``from_json`` and replays to the same states.
- **observation leaks**: observations are JSON-able and deterministic; for a game with
  ``sample_state(obs, rng)`` (hidden information), every state drawn from a player's
  observation gives that player the very same observation — so nothing the observation
  shows depends on what the player may not know.
- **consistent leaks**: a sampler built from the observation repeats whatever the
  observation leaks, so it cannot see a leak. A hidden-information game therefore offers
  ``hidden_variants(state, player, rng)``: states that differ from ``state`` only in what
  ``player`` may not know (another player's hand, the order of a face-down pile, a card
  someone holds unseen), changed *from the rules*, not from the observation. Each
  variant must give ``player`` the very same observation. A hidden-information game
  without it gets a :class:`ConformanceWarning` saying how to provide it.
- **bad inputs**: each one raises the right error and changes nothing — well-formed
  actions of other moments raise :class:`~boardgames_widgets.core.api.IllegalActionError`
  naming a rule ID; actions with a field of the wrong type (``Roll(3.0)``, ``True`` for a
  number) or out of range raise a ``GameError`` (the wrong type an ``InvalidActionError``);
  objects that are no action raise ``InvalidActionError``; a finished game raises
  ``GameOverError``; ``parse_action`` refuses non-ASCII digits; ``observation`` refuses
  seats that do not exist (``ValueError``); saved states with a number pushed far out of
  range are refused by ``from_json`` (``ValueError``).
- **own playouts**: a game that overrides :meth:`~boardgames_widgets.core.api.Game.random_playout`
  (search's rollouts) plays exactly as :func:`reference_playout`, its definition: the same
  returns, the same numbers drawn from the generator, the starting state unchanged.
"""

from __future__ import annotations

import copy
import dataclasses
import enum
import json
import math
import pickle
import random
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from boardgames_widgets.core.api import (
    CHANCE,
    TERMINAL,
    Game,
    GameError,
    GameOverError,
    IllegalActionError,
    InvalidActionError,
    has_own_sampler,
)
from boardgames_widgets.core.codec import encode
from boardgames_widgets.core.record import GameRecord
from boardgames_widgets.core.rng import sample_outcome

__all__ = [
    "ConformanceError",
    "ConformanceReport",
    "ConformanceWarning",
    "ScriptedRandom",
    "check_game",
    "exact_distribution",
    "random_record",
    "reference_playout",
]

#: Playouts longer than this are taken as non-terminating.
MAX_ACTIONS = 20_000
#: Chance nodes whose common denominator is larger are not enumerated exactly.
MAX_ENUMERATED_DRAWS = 10_000
#: A rule ID as RULES.md writes them (``CC-M3``, ``PA-X1``, ``MT-MO``, ``FC-T4``).
RULE_ID = re.compile(r"^[A-Z]{2}-[A-Z0-9]+$")
#: Digits that ``str.isdigit`` accepts but an action text must not contain.
_FOREIGN_DIGITS = ("０１２３４５６７８９", "٠١٢٣٤٥٦٧٨٩", "०१२३४५६७८९")


class ConformanceError(AssertionError):
    """A game broke a promise of the game API; the message says which and where."""


class ConformanceWarning(UserWarning):
    """A check could not run on a game (it says what the game should offer so it can)."""


@dataclass
class ConformanceReport:
    """What :func:`check_game` looked at (so a test can see the checks were not empty).

    Attributes:
        games: random games played to the end.
        states: states checked (validated, hashed, pickled, round-tripped).
        chance_nodes: chance nodes whose outcomes were checked.
        exact_draws: chance nodes whose ``sample_chance`` odds were enumerated exactly.
        observations: observations checked (and re-derived from sampled states).
        bad_inputs: bad inputs tried, each refused with the right error.
        playouts: the game's own ``random_playout`` compared with :func:`reference_playout`
            (0 for a game that keeps the generic loop).
        leak_checks: observations compared with those of the game's ``hidden_variants``
            (states that differ only in what the player cannot see).
    """

    games: int = 0
    states: int = 0
    chance_nodes: int = 0
    exact_draws: int = 0
    observations: int = 0
    bad_inputs: int = 0
    leak_checks: int = 0
    playouts: int = 0


# -- exact odds of a sampler ----------------------------------------------------------------
class _Exhausted(Exception):
    """The scripted generator ran past its script: one more branch to enumerate."""

    def __init__(self, n: int) -> None:
        self.n = n


class ScriptedRandom(random.Random):
    """A generator whose integer draws follow a script.

    ``_randbelow`` serves ``randrange``, ``randint``, ``choice`` and ``shuffle``, so every
    way a sampler can use the generator can be enumerated. Float draws (``random()``)
    cannot be enumerated and raise ``AssertionError``.
    """

    def __new__(cls, script: list[int]) -> ScriptedRandom:  # Python 3.10 would seed from the script
        return super().__new__(cls, 0)  # type: ignore[call-arg]

    def __init__(self, script: list[int]) -> None:
        super().__init__(0)
        self.script, self.used = script, 0
        self.sizes: list[int] = []

    def _randbelow(self, n: int) -> int:
        if self.used == len(self.script):
            raise _Exhausted(n)
        self.sizes.append(n)
        self.used += 1
        return self.script[self.used - 1]

    def random(self) -> float:
        raise AssertionError("sample_chance must draw integers (randrange/choice), so its odds are exact")


def exact_distribution(sample: Callable[[random.Random], Any]) -> dict[Any, Fraction]:
    """The exact distribution of ``sample(rng)``: every script of integer draws, each with
    probability the product of 1/n over its draws.

    >>> exact_distribution(lambda rng: rng.randrange(3) == 0)
    {False: Fraction(2, 3), True: Fraction(1, 3)}
    """
    dist: dict[Any, Fraction] = {}
    stack: list[list[int]] = [[]]
    while stack:
        script = stack.pop()
        rng = ScriptedRandom(script)
        try:
            outcome = sample(rng)
        except _Exhausted as more:
            stack.extend([*script, k] for k in range(more.n))
            continue
        if rng.used != len(script):
            raise ConformanceError("the sampler drew fewer numbers than this branch")
        p = Fraction(1)
        for n in rng.sizes:
            p /= n
        dist[outcome] = dist.get(outcome, Fraction(0)) + p
    return dict(sorted(dist.items(), key=lambda kv: repr(kv[0])))


# -- the suite --------------------------------------------------------------------------------
def check_game(
    game: Game[Any, Any], games: int = 6, seed: int = 0, max_actions: int = MAX_ACTIONS
) -> ConformanceReport:
    """Run the conformance checks on ``game`` over ``games`` seeded random games.

    Args:
        game: the game to check (one configuration; check each player count you allow).
        games: how many random games to play (seeds ``seed``, ``seed + 1``, …).
        seed: the first seed; the same seed checks the same games.
        max_actions: a playout longer than this fails (the game does not end).

    Returns:
        What was checked, as counts.

    Raises:
        ConformanceError: a check failed; the message names the check and the input.
    """
    report = ConformanceReport()
    table = game.action_table()
    if table is not None and len(set(table)) != len(table):
        raise _fail(game, "action table", "action_table() lists an action twice")
    runs = [_playout(game, seed + k, max_actions) for k in range(games)]
    report.games = len(runs)
    pool = list(dict.fromkeys(a for run in runs for _, a in run[:-1]))
    for k, run in enumerate(runs):
        _check_result(game, run[-1][0])
        _check_record(game, run, seed + k)
        for i, (state, action) in enumerate(run):
            report.states += 1
            _check_state(game, state)
            every = i % 3 == 0 or k == 0
            if action is not None:
                _check_apply_keeps_input(game, state, action) if every else None
                report.chance_nodes += _check_chance(game, state)
                _check_actions(game, state)
                if k < 2 and _check_exact_draws(game, state):
                    report.exact_draws += 1
            if every:
                report.leak_checks += _check_hidden_variants(game, state, seed + k + i)
                report.observations += _check_observations(game, state)
                report.bad_inputs += _check_bad_inputs(game, state, pool, action)
                report.playouts += _check_own_playout(game, state, seed + k + i)
    _warn_unchecked_leaks(game, report)
    report.bad_inputs += _check_bad_saved_states(game, runs[0])
    report.bad_inputs += _check_bad_texts(game, pool)
    if game.info.has_chance and report.chance_nodes == 0:
        raise ConformanceError(f"{game!r}: info.has_chance but no chance node was reached")
    return report


def _fail(game: Game[Any, Any], check: str, detail: str) -> ConformanceError:
    return ConformanceError(f"{game!r} {check}: {detail}")


def _playout(game: Game[Any, Any], seed: int, max_actions: int) -> list[tuple[Any, Any]]:
    """(state, action) pairs of a seeded random playout, ending with (terminal state, None)."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    path: list[tuple[Any, Any]] = []
    while not game.is_terminal(state):
        if len(path) >= max_actions:
            raise _fail(game, "termination", f"no end after {max_actions} actions (seed {seed})")
        if game.is_chance_node(state):
            action = _sample_checked(game, state, rng)
        else:
            legal = game.legal_actions(state)
            if not legal:
                raise _fail(game, "legal actions", f"a player node with no legal action: {game.describe(state)}")
            action = legal[rng.randrange(len(legal))]
        path.append((state, action))
        state = game.apply(state, action)
    path.append((state, None))
    return path


def random_record(game: Game[Any, Any], seed: int) -> GameRecord:
    """A seeded random game of a registered ``game`` as a saved record: every player picks
    uniformly among the legal actions, chance is drawn from ``chance_outcomes`` by
    :func:`~boardgames_widgets.core.rng.sample_outcome` (as a recorded game draws it), all
    from ``random.Random(seed)``; the record keeps ``seed`` and the returns at the end.
    For tests and benchmarks of saving and loading."""
    rng = random.Random(seed)
    state, texts = game.new_initial_state(), []
    while not game.is_terminal(state):
        if game.is_chance_node(state):
            action = sample_outcome(game.chance_outcomes(state), rng)
        else:
            legal = game.legal_actions(state)
            action = legal[rng.randrange(len(legal))]
        texts.append(str(action))
        state = game.apply(state, action)
    return GameRecord(game.info.id, game.config(), seed, tuple(texts), (), tuple(game.returns(state)))


def reference_playout(game: Game[Any, Any], state: Any, rng: random.Random) -> tuple[float, ...]:
    """What :meth:`Game.random_playout <boardgames_widgets.core.api.Game.random_playout>` is
    defined to do, written with the public API only: uniformly random legal actions
    (``rng.randrange``), chance by ``sample_chance``, to the end; the returns."""
    while True:
        player = game.current_player(state)
        if player == CHANCE:
            action = game.sample_chance(state, rng)
        elif player == TERMINAL:
            return tuple(game.returns(state))
        else:
            legal = game.legal_actions(state)
            action = legal[rng.randrange(len(legal))]
        state = game.apply_trusted(state, action)


def _check_own_playout(game: Game[Any, Any], state: Any, seed: int) -> int:
    """A game's own ``random_playout`` plays as :func:`reference_playout` from ``state`` (1 if checked)."""
    if type(game).random_playout is Game.random_playout:
        return 0
    before = game.to_json(state)
    ours, theirs = random.Random(seed), random.Random(seed)
    got = tuple(game.random_playout(state, ours))
    want = reference_playout(game, state, theirs)
    if got != want:
        raise _fail(game, "own playout", f"random_playout returns {got}, the definition {want} (seed {seed})")
    if ours.getstate() != theirs.getstate():
        raise _fail(game, "own playout", f"random_playout draws other numbers than the definition (seed {seed})")
    if game.to_json(state) != before:
        raise _fail(game, "own playout", "random_playout changed the state it started from")
    return 1


def _check_result(game: Game[Any, Any], final: Any) -> None:
    if game.current_player(final) != TERMINAL:
        raise _fail(game, "termination", "the playout ended on a state that is not terminal")
    returns = game.returns(final)
    if len(returns) != game.num_players or not all(0 <= r <= 1 for r in returns):
        raise _fail(game, "returns", f"{returns} must be one number in [0, 1] per player")
    if sum(returns) != 0 and not math.isclose(sum(returns), 1.0):
        raise _fail(game, "returns", f"{returns} must sum to 1 (or be all 0)")
    if game.legal_actions(final) != [] or game.chance_outcomes(final) != []:
        raise _fail(game, "terminal", "a terminal state offers actions or chance outcomes")


def _check_state(game: Game[Any, Any], state: Any) -> None:
    """Invariants of every state reached: valid, hashable, equal to its copy, picklable, JSON round trip."""
    try:
        game.validate_state(state)
    except ValueError as exc:
        raise _fail(game, "validate_state", f"a state reached in play is refused: {exc}") from exc
    twin = copy.deepcopy(state)
    if twin != state or hash(twin) != hash(state):
        raise _fail(game, "state value", "a state's copy is not equal to it (or hashes differently)")
    if pickle.loads(pickle.dumps(state)) != state:
        raise _fail(game, "pickle", "a state does not survive pickling")
    data = json.loads(json.dumps(game.to_json(state)))
    try:
        loaded = game.from_json(data)
    except ValueError as exc:
        raise _fail(game, "JSON round trip", f"from_json(to_json(state)) refuses a state of play: {exc}") from exc
    if loaded != state:
        raise _fail(game, "JSON round trip", f"from_json(to_json(state)) differs: {game.describe(state)}")


def _check_apply_keeps_input(game: Game[Any, Any], state: Any, action: Any) -> None:
    """``apply`` and ``apply_trusted`` never change their input and agree."""
    before = copy.deepcopy(state)
    snapshot = json.dumps(game.to_json(state), sort_keys=True)
    after = game.apply(state, action)
    if game.apply_trusted(state, action) != after:
        raise _fail(game, "apply_trusted", f"apply_trusted(state, {action}) differs from apply")
    if state != before or json.dumps(game.to_json(state), sort_keys=True) != snapshot:
        raise _fail(game, "immutability", f"apply(state, {action}) changed the state it was given")


def _check_chance(game: Game[Any, Any], state: Any) -> int:
    if game.current_player(state) != CHANCE:
        if game.chance_outcomes(state) != []:
            raise _fail(game, "exact chance", "a player node lists chance outcomes")
        return 0
    outcomes = game.chance_outcomes(state)
    if not outcomes:
        raise _fail(game, "exact chance", "a chance node with no outcomes")
    if not all(isinstance(p, Fraction) and p > 0 for _, p in outcomes):
        raise _fail(game, "exact chance", f"probabilities must be positive Fractions: {outcomes}")
    if sum(p for _, p in outcomes) != 1:
        raise _fail(game, "exact chance", f"probabilities sum to {sum(p for _, p in outcomes)}, not 1")
    if len({o for o, _ in outcomes}) != len(outcomes):
        raise _fail(game, "exact chance", "duplicate chance outcomes")
    if game.legal_actions(state) != []:
        raise _fail(game, "exact chance", "a chance node lists legal actions")
    return 1


def _check_exact_draws(game: Game[Any, Any], state: Any) -> bool:
    """``sample_chance`` gives each outcome exactly its probability (when enumerable)."""
    if game.current_player(state) != CHANCE:
        return False
    want = dict(game.chance_outcomes(state))
    if math.lcm(*(p.denominator for p in want.values())) > MAX_ENUMERATED_DRAWS:
        return False
    got = {o: p for o, p in exact_distribution(lambda rng: game.sample_chance(state, rng)).items() if p}
    if got != want:
        raise _fail(game, "exact chance", f"sample_chance draws {got}, but chance_outcomes says {want}")
    return True


def _check_actions(game: Game[Any, Any], state: Any) -> None:
    """Fresh lists of distinct actions that print and parse back (and, for a game with an
    action table, the same actions by their numbers in it)."""
    chance = game.current_player(state) == CHANCE
    ask = game.chance_outcomes if chance else game.legal_actions
    first = ask(state)
    before = list(first)
    first.clear()
    again = ask(state)
    if again != before or again is first:
        raise _fail(game, "fresh lists", "legal_actions / chance_outcomes must hand out a new list each time")
    actions = [o for o, _ in before] if chance else before
    if len(set(actions)) != len(actions):
        raise _fail(game, "legal actions", "duplicate legal actions")
    table = game.action_table()
    if table is not None and not chance:
        ids = game.legal_action_ids(state)
        if not all(type(i) is int and 0 <= i < len(table) for i in ids) or [table[i] for i in ids] != before:
            raise _fail(
                game,
                "action table",
                f"legal_action_ids gives {ids[:8]!r}…, not legal_actions' places in action_table()",
            )
    for a in actions:
        if game.parse_action(str(a)) != a:
            raise _fail(game, "text", f"parse_action(str({a!r})) gives {game.parse_action(str(a))!r}")


def _check_observations(game: Game[Any, Any], state: Any) -> int:
    """JSON-able, deterministic, seats checked; re-derived from sampled states (no leak)."""
    checked = 0
    # Only a sampler the game's class offers itself (Game.sample_state is optional).
    sample_state = game.sample_state if has_own_sampler(game) else None
    for p in range(game.num_players):
        obs = game.observation(state, p)
        json.dumps(encode(obs))
        if game.observation(state, p) != obs:
            raise _fail(game, "observation", "the same state gives different observations")
        if sample_state is not None and not game.is_terminal(state):
            for k in range(2):
                guess = sample_state(obs, random.Random(k))
                if game.observation(guess, p) != obs:
                    raise _fail(
                        game,
                        "observation leak",
                        f"player {p}'s observation changes with what they cannot know ({game.describe(state)})",
                    )
        checked += 1
    for seat in (-1, game.num_players):
        try:
            game.observation(state, seat)
        except ValueError:
            continue
        raise _fail(game, "observation", f"observation(state, {seat}) must raise ValueError: no such seat")
    return checked


def _unchanged(game: Game[Any, Any], state: Any, snapshot: str, what: str) -> None:
    if json.dumps(game.to_json(state), sort_keys=True) != snapshot:
        raise _fail(game, "bad input", f"{what} changed the state")


def _expect(game: Game[Any, Any], state: Any, action: Any, errors: tuple[type[Exception], ...], what: str) -> None:
    try:
        game.apply(state, action)
    except errors as exc:
        if isinstance(exc, IllegalActionError) and not RULE_ID.match(exc.rule):
            raise _fail(game, "bad input", f"{what} {action!r}: rule {exc.rule!r} is not a rule ID") from exc
        return
    except Exception as exc:
        names = "/".join(e.__name__ for e in errors)
        raise _fail(game, "bad input", f"{what} {action!r} raised {type(exc).__name__}({exc}), not {names}") from exc
    raise _fail(game, "bad input", f"{what} {action!r} was accepted ({game.describe(state)})")


def _check_bad_inputs(game: Game[Any, Any], state: Any, pool: list[Any], action: Any) -> int:
    snapshot = json.dumps(game.to_json(state), sort_keys=True)
    tried = 0
    if game.is_terminal(state):
        for a in pool[:3]:
            _expect(game, state, a, (GameOverError,), "an action after the end")
            tried += 1
        _unchanged(game, state, snapshot, "an action after the end")
        return tried
    legal = (
        {o for o, _ in game.chance_outcomes(state)} if game.is_chance_node(state) else set(game.legal_actions(state))
    )
    for a in [a for a in pool if a not in legal][:6]:  # well-formed, but not now: name the rule
        _expect(game, state, a, (IllegalActionError,), "an action not legal here")
        tried += 1
    for thing in (None, "draw", 3, 2.5, (), object()):
        _expect(game, state, thing, (InvalidActionError,), "a non-action")
        tried += 1
    for bad, wrong_type in _malformed(action):
        if not wrong_type and bad in legal:
            continue  # a changed value that happens to be another legal action
        _expect(game, state, bad, (InvalidActionError,) if wrong_type else (GameError,), "a malformed action")
        tried += 1
    _unchanged(game, state, snapshot, "a bad input")
    return tried


def _field_values(action: Any) -> Iterator[tuple[str, Any]]:
    if dataclasses.is_dataclass(action):
        for f in dataclasses.fields(action):
            yield f.name, getattr(action, f.name)
    elif hasattr(action, "_fields"):
        for name in action._fields:
            yield name, getattr(action, name)


def _rebuild(action: Any, name: str, value: Any) -> Any:
    if dataclasses.is_dataclass(action) and not isinstance(action, type):
        return dataclasses.replace(action, **{name: value})
    return action._replace(**{name: value})


def _variants(value: Any) -> Iterator[tuple[Any, bool]]:
    """Bad values for a field holding ``value``: (value, whether its type is wrong)."""
    if type(value) is int:
        yield float(value), True
        yield value == 1, True
        yield str(value), True
        yield None, True
        for v in (-1, -(10**9), 10**9, value + 97):
            yield v, False
    elif type(value) is bool:
        yield int(value), True
        yield "yes", True
    elif type(value) is str:
        yield 7, True
        yield None, True
        yield value + "?", False
        yield "", False
    elif isinstance(value, enum.Enum):
        yield value.value, True
        yield None, True
    elif type(value) is tuple:
        yield list(value), True
        yield None, True
        yield (), False
        yield (*value, *value), False
        for i, item in enumerate(value[:2]):
            for bad, wrong in _variants(item):
                yield (*value[:i], bad, *value[i + 1 :]), wrong


def _malformed(action: Any) -> Iterator[tuple[Any, bool]]:
    """The action with one field replaced by a bad value, and whether its type is wrong."""
    if action is None:
        return
    for name, value in _field_values(action):
        for bad, wrong in _variants(value):
            try:
                yield _rebuild(action, name, bad), wrong
            except (TypeError, ValueError):
                continue  # the action class refuses it already


def _check_bad_texts(game: Game[Any, Any], pool: list[Any]) -> int:
    """``parse_action`` refuses non-ASCII digits (``str.isdigit`` accepts them)."""
    tried = 0
    for a in pool:
        text = str(a)
        if not any(c.isdigit() for c in text):
            continue
        for digits in _FOREIGN_DIGITS:
            bad = text.translate(str.maketrans("0123456789", digits))
            _refused(game, "bad text", f"parse_action({bad!r})", InvalidActionError, game.parse_action, bad)
            tried += 1
        if tried >= 12:
            break
    return tried


def _numbers(data: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """The paths of the integer leaves of a JSON value."""
    if type(data) is int:
        yield path
    elif isinstance(data, dict):
        for k, v in data.items():
            yield from _numbers(v, (*path, k))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            yield from _numbers(v, (*path, i))


def _set_path(data: Any, path: tuple[Any, ...], value: Any) -> Any:
    out = copy.deepcopy(data)
    node = out
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    return out


def _check_bad_saved_states(game: Game[Any, Any], run: list[tuple[Any, Any]]) -> int:
    """A saved state with any number pushed far out of range (10**9, -10**9) is refused."""
    tried = 0
    for state, _ in run[:: max(1, len(run) // 8)]:
        data = json.loads(json.dumps(game.to_json(state)))
        for path in _numbers(data["state"]):
            for far in (10**9, -(10**9)):
                bad = {**data, "state": _set_path(data["state"], path, far)}
                _refused(
                    game,
                    "bounded loading",
                    f"a saved state with state{list(path)} = {far}",
                    ValueError,
                    game.from_json,
                    bad,
                )
                tried += 1
    return tried


def _refused(
    game: Game[Any, Any], check: str, what: str, error: type[Exception], call: Callable[..., Any], arg: Any
) -> None:
    """``call(arg)`` must raise ``error`` (and nothing else)."""
    try:
        call(arg)
    except error:
        return
    except Exception as exc:
        raise _fail(game, check, f"{what} raised {type(exc).__name__}({exc}), not {error.__name__}") from exc
    raise _fail(game, check, f"{what} was accepted")


def _sample_checked(game: Game[Any, Any], state: Any, rng: random.Random) -> Any:
    """A chance outcome drawn with the listed odds; bad odds are a :class:`ConformanceError`."""
    outcomes = game.chance_outcomes(state)
    if not outcomes or not all(isinstance(p, Fraction) and p > 0 for _, p in outcomes):
        raise _fail(
            game, "exact chance", f"a chance node needs outcomes with positive Fraction odds: {outcomes!r:.300}"
        )
    try:
        return sample_outcome(outcomes, rng)
    except ValueError as exc:
        raise _fail(game, "exact chance", f"{exc} ({game.describe(state)})") from None


def _check_hidden_variants(game: Game[Any, Any], state: Any, seed: int) -> int:
    """Each player's observation is the same in every state of ``hidden_variants(state,
    player, rng)`` (the game's states that differ only in what the player cannot see)."""
    variants_of = getattr(game, "hidden_variants", None)
    if variants_of is None or game.is_terminal(state):
        return 0
    checked = 0
    for p in range(game.num_players):
        obs = game.observation(state, p)
        for variant in variants_of(state, p, random.Random(seed)):
            game.validate_state(variant)
            if game.observation(variant, p) != obs:
                raise _fail(
                    game,
                    "observation leak",
                    f"player {p}'s observation changes when only what they cannot see changes ({game.describe(state)})",
                )
            checked += 1
    return checked


def _warn_unchecked_leaks(game: Game[Any, Any], report: ConformanceReport) -> None:
    if game.info.hidden_information and report.leak_checks == 0:
        import warnings

        warnings.warn(
            ConformanceWarning(
                f"{game!r} hides information but no leak check ran: give it a method"
                " hidden_variants(state, player, rng) -> list of states that differ from state only"
                " in what player cannot see (changed from the rules, e.g. other hands reshuffled),"
                " and check_game compares the player's observations (see boardgames_widgets.testing)"
            ),
            stacklevel=3,
        )


def _check_own_record(game: Game[Any, Any], run: list[tuple[Any, Any]], seed: int) -> None:
    """The record check for a game the registry would not rebuild (a subclass of a
    registered game, a student's game): the record's JSON round trip, and its replay
    *by this game object* gives the states played."""
    from boardgames_widgets.core.record import replay

    record = GameRecord(
        game.info.id,
        game.config(),
        seed,
        tuple(str(a) for _, a in run[:-1]),
        tuple(f"random {p}" for p in range(game.num_players)),
        tuple(game.returns(run[-1][0])),
    )
    if json.loads(record.to_json()) != record.to_dict():
        raise _fail(game, "record round trip", "the record does not survive JSON")
    record._game_cache.append(game)  # replay with this very game, not the registry's
    try:
        states = replay(record)
    except ValueError as exc:
        raise _fail(game, "record round trip", f"the record of the game played does not replay: {exc}") from None
    if states != [s for s, _ in run]:
        raise _fail(game, "record round trip", "the replayed record does not give the states played")


def _check_record(game: Game[Any, Any], run: list[tuple[Any, Any]], seed: int) -> None:
    """The game's record survives JSON and replays to the same states (registered games only:
    a record names its game by registry id)."""
    from boardgames_widgets.core.registry import GAMES, make_game

    try:
        registered = game.info.id in GAMES and make_game(game.info.id, **game.config()) == game
    except ValueError as exc:
        raise _fail(game, "record round trip", f"config() does not rebuild the game: {exc}") from None
    if not registered:
        _check_own_record(game, run, seed)  # a subclass, or a game of its own
        return
    final = run[-1][0]
    record = GameRecord(
        game.info.id,
        game.config(),
        seed,
        tuple(str(a) for _, a in run[:-1]),
        tuple(f"random {p}" for p in range(game.num_players)),
        tuple(game.returns(final)),
    )
    loaded = GameRecord.from_json(record.to_json())
    if loaded != record:
        raise _fail(game, "record round trip", "GameRecord.from_json(record.to_json()) differs")
    states = loaded.states()
    if states != [s for s, _ in run]:
        raise _fail(game, "record round trip", "the replayed record does not give the states played")
    half = len(record.actions) // 2
    if record.truncated(half).states() != states[: half + 1]:
        raise _fail(game, "record round trip", "undo (a replayed prefix) does not give the earlier states")
