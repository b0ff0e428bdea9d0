"""``Session``: the one play loop — a game's history, its seats, undo, hint and the bot step.

Every game played in this package goes through a session: :func:`~boardgames_widgets.core.play.play_game`
(and so the tournaments) runs one to the end, the board widgets drive one click by click,
and the lessons play their scenarios with one. A session is pure Python (no widgets).

Chance is drawn from one stream ``random.Random(derive_seed(seed, "chance"))`` and each
seat's agent from its own stream of :func:`~boardgames_widgets.core.seats.agent_rngs`, so
with bots in every seat the same seed gives the same game in a widget, in a lesson and in
a tournament. Agents play in *seats* (:mod:`boardgames_widgets.core.seats`): an agent given
here plays in this process (a :class:`~boardgames_widgets.core.seats.LocalSeat`); a
:class:`~boardgames_widgets.core.seats.SeatedAgent` brings a seat already set up, such as
a sandbox process (:mod:`boardgames_widgets.core.sandbox`). An agent that raises, answers
with anything but one of the legal actions (checked exactly), runs out of time or, with
``watch_rules``, changes the game's rules raises an :class:`~boardgames_widgets.core.seats.AgentError`
carrying the record so far.

A move is chosen in two steps, :meth:`Session.propose` and :meth:`Session.commit`. With
``undo=True`` (the default: a widget) the generators' states are kept for every position
of the history, so Undo puts them back too (Undo followed by the same move gives the same
roll), and :meth:`~Session.propose` draws from copies and changes nothing, so a bot may
think in another thread. With ``undo=False`` (``play_game``, the lessons' duels) the
session draws from its generators directly, which saves copying them at every move: a
proposal must then be committed before the next one is asked for.

>>> from boardgames_widgets.core import make_game
>>> from boardgames_widgets.agents import RandomAgent
>>> s = Session(make_game("food_chain", num_players=2), [RandomAgent(), RandomAgent()], seed=3)
>>> s.run()
>>> s.is_over
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from boardgames_widgets.core.api import CHANCE, TERMINAL, GameError
from boardgames_widgets.core.api import Game as _Game
from boardgames_widgets.core.record import GameRecord
from boardgames_widgets.core.rng import Seed, derive_seed, sample_outcome
from boardgames_widgets.core.seats import (
    AgentError,
    Fault,
    LocalSeat,
    Seat,
    SeatedAgent,
    agent_name,
    agent_rngs,
)

#: What a seat's name is when a person plays it.
HUMAN_NAME = "Human"

_RngStates = tuple[Any, tuple[Any, ...]]


def fresh_seed(source: random.Random | None = None) -> int:
    """A new five-digit game seed (easy to read aloud and to type back: ``seed=48213``).

    Args:
        source: the generator to draw from (default: the operating system's randomness,
            so every new game differs).
    """
    rng = source if source is not None else random.SystemRandom()
    return rng.randrange(10_000, 100_000)


@dataclass(frozen=True)
class Proposal:
    """A move chosen but not yet played: the action and the generator state after choosing it.

    Attributes:
        player: who acts (a seat, or :data:`~boardgames_widgets.core.CHANCE`).
        action: the action chosen.
        position: the length of the history it was chosen at (a later commit is refused).
        rng_after: the state of the generator that chose it, after choosing (``None``:
            no generator of the session was used — a person's move, a hint — or the
            session keeps no history of its generators, ``undo=False``).
    """

    player: int
    action: Any
    position: int
    rng_after: Any = None


class _Rules:
    """The game's rules as its classes (and the object's public attributes) hold them, to catch an agent patching them.

    The game's private attributes (caches) may change as it plays; nothing else may.
    """

    def __init__(self, game: _Game[Any, Any]) -> None:
        self.owners: list[Any] = [c for c in type(game).__mro__ if c is not object]
        self.saved = [dict(vars(c)) for c in self.owners]
        self.game = game
        self.public = {k: v for k, v in vars(game).items() if not k.startswith("_")}
        self.public_ids = [(k, id(v)) for k, v in self.public.items()]

    def _same(self) -> bool:
        """The quick check (in C): nothing changed."""
        try:
            if any(dict(vars(o)) != saved for o, saved in zip(self.owners, self.saved, strict=True)):
                return False
        except Exception:  # a class attribute whose == does not give a bool: look closer
            return False
        now = [(k, id(v)) for k, v in vars(self.game).items() if not k.startswith("_")]
        return now == self.public_ids

    def changed(self) -> str | None:
        """What an agent changed (it is put back as it was), or ``None``."""
        if self._same():
            return None
        found = None
        for owner, saved in zip(self.owners, self.saved, strict=True):
            now = vars(owner)
            for k in [k for k in set(now) | set(saved) if k not in saved or k not in now or now[k] is not saved[k]]:
                found = found or f"{owner.__name__}.{k}"
                if k in saved:
                    setattr(owner, k, saved[k])
                else:
                    delattr(owner, k)
        now = {k: v for k, v in vars(self.game).items() if not k.startswith("_")}
        for k in [k for k in set(now) | set(self.public) if now.get(k, self) is not self.public.get(k, self)]:
            found = found or f"{type(self.game).__name__}.{k}"
            if k in self.public:
                self.game.__dict__[k] = self.public[k]
            else:
                del self.game.__dict__[k]
        return found


class Session:
    """One game in play: history of states and actions, seats, undo, hint and bot steps.

    Args:
        game: the game.
        agents: one entry per seat: an agent (or plain function), which plays in this
            process; a :class:`~boardgames_widgets.core.seats.SeatedAgent`, whose seat is
            already set up (a sandbox); or ``None`` for a person.
        seed: seeds chance and the agents exactly as :func:`~boardgames_widgets.core.play.play_game` does.
        names: the seats' names for the record (default: the agents' names, ``"Human"``).
        state: start from this position instead of the initial state (a lesson's scenario).
        undo: keep the generators' states of every position, so :meth:`undo_to` can go
            back and :meth:`propose` changes nothing (``False``: draw from the generators
            directly, faster; every proposal must be committed before the next). A seat in
            a sandbox process keeps its generator there: its moves are drawn once either way.
        watch_rules: an agent playing in this process that changes the game's rules (an
            attribute of the game or of its classes) forfeits the game, and the rules are
            put back (what ``play_game`` asks for).

    Raises:
        ValueError: the number of seats does not match the game's players.
        AgentError: an agent could not start (its ``reset()`` raised).
    """

    def __init__(
        self,
        game: _Game[Any, Any],
        agents: Sequence[Any | None],
        seed: Seed = 0,
        *,
        names: Sequence[str] | None = None,
        state: Any = None,
        undo: bool = True,
        watch_rules: bool = False,
    ) -> None:
        n = game.num_players
        if len(agents) != n:
            raise ValueError(f"{game.info.name} with {n} players needs {n} seats, got {len(agents)}")
        self.game = game
        self.undo = undo
        self.seed: Seed = seed
        #: What plays each seat: the agent (``None``: a person; a ``SeatedAgent`` for a seat set up elsewhere).
        self.agents: list[Any] = [None] * n
        #: Where each seat's agent runs (``None``: a person).
        self.seats: list[Seat | None] = [None] * n
        self._seat_names = [HUMAN_NAME] * n
        self._names = list(names) if names is not None else None
        self._watch_rules = watch_rules
        self._rules: _Rules | None = None
        for i, agent in enumerate(agents):
            self._place(i, agent)
        self.states: list[Any] = []
        self.actions: list[Any] = []
        self._rng_states: list[_RngStates] = []  # undo: the generators at every position
        self._chance = random.Random()  # no undo: the generators themselves
        self._agent_rngs: list[random.Random] = []
        self._drawn: int | None = None  # no undo: the position of a proposal not yet committed
        self.new_game(seed, state)

    def _place(self, seat: int, agent: Any | None) -> None:
        if agent is None:
            where: Seat | None = None
            name = HUMAN_NAME
        elif isinstance(agent, SeatedAgent):
            where, name = agent.seat, agent.name
        else:
            where = LocalSeat(agent)
            name, agent = agent_name(agent), where.agent
        self.agents[seat] = agent
        self.seats[seat] = where
        self._seat_names[seat] = name
        if self._watch_rules and self._rules is None and isinstance(where, LocalSeat):
            self._rules = _Rules(self.game)

    # -- starting ---------------------------------------------------------------------------
    def new_game(self, seed: Seed | None = None, state: Any = None) -> None:
        """Start again (with ``seed`` if given, else the current one); every seat starts again (agents are reset).

        Args:
            seed: the new game's seed.
            state: start from this position instead of the initial state (a lesson's
                scenario); the record then replays only from the initial state.

        Raises:
            AgentError: an agent could not start (its ``reset()`` raised).
        """
        if seed is not None:
            self.seed = seed
        chance = random.Random(derive_seed(self.seed, "chance"))
        rngs = agent_rngs(self.seed, self.game.num_players)
        self.states = [self.game.new_initial_state() if state is None else state]
        self.actions = []
        self._drawn = None
        if self.undo:
            self._rng_states = [(chance.getstate(), tuple(r.getstate() for r in rngs))]
        else:
            self._chance, self._agent_rngs = chance, rngs
        for i, where in enumerate(self.seats):
            if where is not None:
                try:
                    where.start(self.seed, i)  # reset() the agent (a sandbox seeds its own generator)
                except Fault as fault:
                    raise self._agent_error(i, self.seat_name(i), fault) from fault.__cause__
                self._check_rules(i)

    def set_seat(self, seat: int, agent: Any | None) -> None:
        """Put a person (``None``) or an agent in ``seat`` from now on (it draws from the seat's stream).

        The seat that was there is closed (a sandbox's process ends, or goes back to its pool).

        Raises:
            IndexError: no such seat.
        """
        old = self.seats[seat]
        self._place(seat, agent)
        if old is not None and old is not self.seats[seat]:
            old.close()

    def close(self) -> None:
        """Close every seat (a sandbox's process ends, or goes back to its pool)."""
        for where in self.seats:
            if where is not None:
                where.close()

    # -- looking -----------------------------------------------------------------------------
    @property
    def state(self) -> Any:
        """The current state."""
        return self.states[-1]

    @property
    def player(self) -> int:
        """Who acts now: a seat, :data:`~boardgames_widgets.core.CHANCE` or :data:`~boardgames_widgets.core.TERMINAL`."""
        return self.game.current_player(self.state)

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.player == TERMINAL

    def is_human(self, seat: int) -> bool:
        """Whether a person plays ``seat``."""
        return 0 <= seat < self.game.num_players and self.seats[seat] is None

    def seat_name(self, seat: int) -> str:
        """The name of what plays ``seat`` (as the record keeps it)."""
        if self._names is not None:
            return self._names[seat]
        return self._seat_names[seat]

    def record(self, names: Sequence[str] | None = None) -> GameRecord:
        """The game so far as a replayable record (finished: with the returns)."""
        state = self.state
        finished = self.game.is_terminal(state)
        return GameRecord(
            self.game.info.id,
            self.game.config(),
            self.seed,
            tuple(str(a) for a in self.actions),
            tuple(names) if names is not None else tuple(self.seat_name(i) for i in range(self.game.num_players)),
            tuple(self.game.returns(state)) if finished else None,
        )

    # -- faults ------------------------------------------------------------------------------
    def _agent_error(self, seat: int, name: str, fault: Fault) -> AgentError:
        """The fault of the agent in ``seat``: it loses the game, which ends before its move."""
        return AgentError(seat, name, fault.reason, fault.detail, self.record())

    def _check_rules(self, seat: int) -> None:
        changed = self._rules.changed() if self._rules is not None else None
        if changed is not None:
            detail = f"changed the rules of the game ({changed}): the game is void, the rules are restored"
            raise AgentError(seat, self.seat_name(seat), "crash", detail, self.record())

    # -- choosing and playing -------------------------------------------------------------------
    @staticmethod
    def _copy(rng_state: Any) -> random.Random:
        rng = random.Random()
        rng.setstate(rng_state)
        return rng

    def propose(self, agent: Any = None) -> Proposal:
        """Choose the next automatic move without playing it: a chance outcome, or the seat's agent's move.

        The agent sees the observation of the player to act and the legal actions as a
        tuple; its answer counts only if it is one of them exactly
        (:func:`~boardgames_widgets.core.seats.legal_index`), and the value proposed is
        always the game's own.

        Args:
            agent: let this agent choose instead of the seat's own (a hint, or "let the bot
                move" on a person's turn); it plays in this process and draws from a
                generator of its own (``derive_seed(seed, "hint", n)``), so the seat's
                streams are untouched.

        Raises:
            GameError: the game is over, a person's seat is to act and no ``agent`` was
                given, or (``undo=False``) a proposal at this position was not committed.
            AgentError: the agent raised, answered with an illegal action, ran out of time
                or (``watch_rules``) changed the rules; ``.record`` holds the game so far.
        """
        state = self.states[-1]
        return self._propose(state, self.game.current_player(state), agent)

    def _propose(self, state: Any, player: int, agent: Any) -> Proposal:
        n = len(self.actions)
        if player == TERMINAL:
            raise GameError("the game is over")
        own = agent is None
        if own and not self.undo and self._drawn == n:
            raise GameError("a move proposed here was not committed (a session without undo draws only once)")
        if player == CHANCE:
            rng = self._copy(self._rng_states[-1][0]) if self.undo else self._chance
            action = sample_outcome(self.game.chance_outcomes(state), rng)
            self._drawn = n
            return Proposal(CHANCE, action, n, rng.getstate() if self.undo else None)
        where: Seat | None
        if own:
            where, name = self.seats[player], None
            if where is None:
                raise GameError(f"seat {player} is played by a person: give an agent to choose for them")
            rng = self._copy(self._rng_states[-1][1][player]) if self.undo else self._agent_rngs[player]
        else:
            where, name = LocalSeat(agent), agent_name(agent)
            rng = random.Random(derive_seed(self.seed, "hint", n))
        if isinstance(where, LocalSeat):
            where.rng = rng  # the session's stream (a sandbox keeps its own, seeded alike)
        legal = tuple(self.game.legal_actions(state))
        try:
            index = where.act(self.game.observation(state, player), legal)
        except Fault as fault:
            raise self._agent_error(
                player, self.seat_name(player) if name is None else name, fault
            ) from fault.__cause__
        self._check_rules(player)
        if own:
            self._drawn = n
        return Proposal(player, legal[index], n, rng.getstate() if own and self.undo else None)

    def hint(self, agent: Any) -> Any:
        """What ``agent`` would play now for the player to act (changes nothing).

        Raises:
            GameError: nobody is to choose a move (chance or the end).
            AgentError: the agent raised or chose an illegal action.
        """
        if self.player < 0:
            raise GameError("no move to hint now")
        return self.propose(agent).action

    def commit(self, move: Proposal | Any, after: Any = None) -> Any:
        """Play a move: a :class:`Proposal`, or an action of the player to act. Returns the new state.

        Args:
            move: the proposal, or a plain action (a person's move).
            after: ``game.apply(state, action)`` if already computed.

        Raises:
            GameError: the rules refuse the action (nothing changes), or the proposal was
                made at another position.
        """
        if isinstance(move, Proposal):
            if move.position != len(self.actions):
                raise GameError("this move was chosen for another position")
            action = move.action
        else:
            action = move
        if after is None:
            after = self.game.apply(self.states[-1], action)
        if self.undo:
            chance, agents = self._rng_states[-1]
            if isinstance(move, Proposal) and move.rng_after is not None:
                if move.player == CHANCE:
                    chance = move.rng_after
                else:
                    agents = (*agents[: move.player], move.rng_after, *agents[move.player + 1 :])
            self._rng_states.append((chance, agents))
        self._drawn = None
        self.actions.append(action)
        self.states.append(after)
        return after

    def step(self, on_action: Callable[[Any, Any], None] | None = None) -> Any:
        """Play one automatic move (chance or the seat's agent) and return the new state.

        Args:
            on_action: called as ``on_action(state, action)`` before the action is applied.

        Raises:
            GameError: a person is to act, or the game is over.
            AgentError: the seat's agent broke the rules of play (see :meth:`propose`).
            RuntimeError: the rules refused an action they listed as legal (a rules bug).
        """
        state = self.states[-1]
        return self._step(state, self.game.current_player(state), on_action)

    def _step(self, state: Any, player: int, on_action: Callable[[Any, Any], None] | None) -> Any:
        move = self._propose(state, player, None)
        if on_action is not None:
            on_action(state, move.action)
        try:
            after = self.game.apply(state, move.action)
        except GameError as exc:  # legal_actions and apply disagree: a rules bug, say so plainly
            raise RuntimeError(f"rules bug: legal action {move.action!r} was rejected: {exc}") from exc
        return self.commit(move, after)

    def run(self, max_actions: int | None = None, on_action: Callable[[Any, Any], None] | None = None) -> None:
        """Play automatic moves until a person is to act or the game ends (or ``max_actions`` in all).

        Args:
            max_actions: stop once the history holds this many actions.
            on_action: called as ``on_action(state, action)`` before each action is applied.

        Raises:
            AgentError: an agent broke the rules of play (see :meth:`propose`).
        """
        game, seats = self.game, self.seats
        while True:
            state = self.states[-1]
            p = game.current_player(state)
            if p == TERMINAL or (p >= 0 and seats[p] is None):
                return
            if max_actions is not None and len(self.actions) >= max_actions:
                return
            self._step(state, p, on_action)

    def undo_to(self, k: int) -> None:
        """Go back to the position after the first ``k`` actions (the generators go back too).

        Raises:
            ValueError: ``k`` is not between 0 and the number of actions played.
            GameError: the session keeps no history of its generators (``undo=False``).
        """
        if not self.undo:
            raise GameError("this session keeps no history of its generators (undo=False): it cannot go back")
        if not 0 <= k <= len(self.actions):
            raise ValueError(f"cannot go back to move {k}: {len(self.actions)} moves were played")
        del self.actions[k:]
        del self.states[k + 1 :]
        del self._rng_states[k + 1 :]
