"""``Session``: one game being played — its history, its seats, undo, hint and the bot step.

A session is pure Python (no widgets): the board widgets drive one, and it plays
exactly like :func:`~boardgames_widgets.core.play.play_game`. Chance is drawn from one
stream ``random.Random(derive_seed(seed, "chance"))`` and each seat's agent from its
own stream of :func:`~boardgames_widgets.core.play.agent_rngs`, so with bots in every
seat the same seed gives the same game in a widget and in a tournament.

The generators' states are kept for every position of the history, so Undo puts them
back too: Undo followed by the same move gives the same roll. A move is chosen in two
steps, :meth:`Session.propose` (which draws from copies of the generators and changes
nothing, so a bot may think in another thread) and :meth:`Session.commit`.

>>> from boardgames_widgets.core import make_game
>>> from boardgames_widgets.agents import RandomAgent
>>> s = Session(make_game("food_chain", num_players=2), [RandomAgent(), RandomAgent()], seed=3)
>>> s.run()
>>> s.is_over
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from boardgames_widgets.core.api import CHANCE, TERMINAL, GameError
from boardgames_widgets.core.api import Game as _Game
from boardgames_widgets.core.play import Agent, agent_name, agent_rngs, as_agent
from boardgames_widgets.core.record import GameRecord
from boardgames_widgets.core.rng import Seed, derive_seed, sample_outcome

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
            no generator of the session was used — a person's move, a hint).
    """

    player: int
    action: Any
    position: int
    rng_after: Any = None


class Session:
    """One game in play: history of states and actions, seats, undo, hint and bot steps.

    Args:
        game: the game.
        agents: one entry per seat: an agent (or plain function), or ``None`` for a person.
        seed: seeds chance and the agents exactly as :func:`~boardgames_widgets.core.play.play_game` does.
        names: the seats' names for the record (default: the agents' names, ``"Human"``).

    Raises:
        ValueError: the number of seats does not match the game's players.
    """

    def __init__(
        self,
        game: _Game[Any, Any],
        agents: Sequence[Any | None],
        seed: Seed = 0,
        *,
        names: Sequence[str] | None = None,
    ) -> None:
        if len(agents) != game.num_players:
            raise ValueError(
                f"{game.info.name} with {game.num_players} players needs {game.num_players} seats, got {len(agents)}"
            )
        self.game = game
        self.agents: list[Agent | None] = [None if a is None else as_agent(a) for a in agents]
        self._names = list(names) if names is not None else None
        self.seed: Seed = seed
        self.states: list[Any] = []
        self.actions: list[Any] = []
        self._rng_states: list[_RngStates] = []
        self.new_game(seed)

    # -- starting ---------------------------------------------------------------------------
    def new_game(self, seed: Seed | None = None, state: Any = None) -> None:
        """Start again (with ``seed`` if given, else the current one); agents are reset.

        Args:
            seed: the new game's seed.
            state: start from this position instead of the initial state (a lesson's
                scenario); the record then replays only from the initial state.
        """
        if seed is not None:
            self.seed = seed
        for agent in self.agents:
            reset = getattr(agent, "reset", None)
            if callable(reset):
                reset()
        chance = random.Random(derive_seed(self.seed, "chance"))
        rngs = agent_rngs(self.seed, self.game.num_players)
        self.states = [self.game.new_initial_state() if state is None else state]
        self.actions = []
        self._rng_states = [(chance.getstate(), tuple(r.getstate() for r in rngs))]

    def set_seat(self, seat: int, agent: Any | None) -> None:
        """Put a person (``None``) or an agent in ``seat`` from now on.

        Raises:
            IndexError: no such seat.
        """
        self.agents[seat] = None if agent is None else as_agent(agent)

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
        return 0 <= seat < self.game.num_players and self.agents[seat] is None

    def seat_name(self, seat: int) -> str:
        """The name of what plays ``seat`` (as the record keeps it)."""
        if self._names is not None:
            return self._names[seat]
        agent = self.agents[seat]
        return HUMAN_NAME if agent is None else agent_name(agent)

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

    # -- choosing and playing -------------------------------------------------------------------
    def _rng(self, index: int) -> random.Random:
        """A copy of generator ``index`` (0: chance, 1 + seat: that seat's agent) at the current position."""
        chance, agents = self._rng_states[-1]
        rng = random.Random()
        rng.setstate(chance if index == 0 else agents[index - 1])
        return rng

    def propose(self, agent: Any = None) -> Proposal:
        """Choose the next automatic move without playing it: a chance outcome, or the seat's agent's move.

        Args:
            agent: let this agent choose instead of the seat's own (a hint, or "let the bot
                move" on a person's turn); it draws from a generator of its own
                (``derive_seed(seed, "hint", n)``), so the seat's streams are untouched.

        Raises:
            GameError: the game is over, a person's seat is to act and no ``agent`` was
                given, or the agent chose an illegal action.
        """
        state, n = self.state, len(self.actions)
        player = self.game.current_player(state)
        if player == TERMINAL:
            raise GameError("the game is over")
        if player == CHANCE:
            rng = self._rng(0)
            return Proposal(CHANCE, sample_outcome(self.game.chance_outcomes(state), rng), n, rng.getstate())
        own = agent is None
        chooser = self.agents[player] if own else as_agent(agent)
        if chooser is None:
            raise GameError(f"seat {player} is played by a person: give an agent to choose for them")
        rng = self._rng(1 + player) if own else random.Random(derive_seed(self.seed, "hint", n))
        legal = self.game.legal_actions(state)
        action = chooser.act(self.game.observation(state, player), legal, rng)
        if action not in legal:
            raise GameError(f"the bot {agent_name(chooser)!r} chose an illegal move {action!r}")
        return Proposal(player, action, n, rng.getstate() if own else None)

    def hint(self, agent: Any) -> Any:
        """What ``agent`` would play now for the player to act (changes nothing).

        Raises:
            GameError: nobody is to choose a move (chance or the end), or the agent chose an illegal action.
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
        chance, agents = self._rng_states[-1]
        if isinstance(move, Proposal):
            if move.position != len(self.actions):
                raise GameError("this move was chosen for another position")
            action = move.action
            if move.rng_after is not None:
                if move.player == CHANCE:
                    chance = move.rng_after
                else:
                    agents = (*agents[: move.player], move.rng_after, *agents[move.player + 1 :])
        else:
            action = move
        if after is None:
            after = self.game.apply(self.state, action)
        self.actions.append(action)
        self.states.append(after)
        self._rng_states.append((chance, agents))
        return after

    def step(self) -> Any:
        """Play one automatic move (chance or the seat's agent) and return the new state.

        Raises:
            GameError: a person is to act, or the game is over.
        """
        return self.commit(self.propose())

    def run(self, max_actions: int | None = None) -> None:
        """Play automatic moves until a person is to act or the game ends (or ``max_actions`` in all)."""
        while True:
            p = self.player
            if p == TERMINAL or (p >= 0 and self.agents[p] is None):
                return
            if max_actions is not None and len(self.actions) >= max_actions:
                return
            self.step()

    def undo_to(self, k: int) -> None:
        """Go back to the position after the first ``k`` actions (the generators go back too).

        Raises:
            ValueError: ``k`` is not between 0 and the number of actions played.
        """
        if not 0 <= k <= len(self.actions):
            raise ValueError(f"cannot go back to move {k}: {len(self.actions)} moves were played")
        del self.actions[k:]
        del self.states[k + 1 :]
        del self._rng_states[k + 1 :]
