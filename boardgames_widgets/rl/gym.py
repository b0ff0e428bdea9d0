"""One seat of one of our games as a Gymnasium environment (:func:`boardgames_widgets.rl.gym_env`)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, Literal

import gymnasium
import numpy as np
from gymnasium import spaces

from boardgames_widgets.core.api import CHANCE, TERMINAL, Game
from boardgames_widgets.core.rng import derive_seed
from boardgames_widgets.core.seats import as_agent, legal_index
from boardgames_widgets.rl.aec import RENDER_MODES, rgb_array
from boardgames_widgets.rl.encodings import Encoding, Mask, encoding

#: How many games in a row may end before the learner's first move (see ``SeatEnv.reset``).
MAX_SKIPPED_GAMES = 1000

#: What a learner's illegal action does: end the episode as a loss, or raise ``ValueError``.
IllegalAction = Literal["lose", "raise"]


def default_opponent(game: Game[Any, Any]) -> Any:
    """The package's rule-of-thumb bot for ``game`` (:class:`~boardgames_widgets.agents.GreedyAgent`)."""
    from boardgames_widgets.agents import GreedyAgent

    return GreedyAgent(game)


class SeatEnv(gymnasium.Env[dict[str, Any], int]):
    """One seat of a game as a Gymnasium environment; the other seats are played by agents.

    Made by :func:`~boardgames_widgets.rl.gym_env`. The observation is the seat's
    ``{"observation", "action_mask"}`` (as in :class:`~boardgames_widgets.rl.aec.BoardGameEnv`;
    the mask is also ``info["action_mask"]``); an action is an index of the game's action
    table. After the learner's action the environment plays chance and the other seats
    until the learner is to act again or the game ends. The reward is 0 until the end,
    then the learner's return (1 a win, ``1/k`` shared, 0 a loss).

    An illegal action (``illegal_action="lose"``, the default) ends the episode with
    reward ``illegal_reward`` and ``info["illegal_action"] = True``, as PettingZoo's
    classic games do; with ``"raise"`` it raises ``ValueError`` and changes nothing.
    """

    # an instance attribute in gymnasium.Env, so not a ClassVar here
    metadata: dict[str, Any] = {"render_modes": list(RENDER_MODES), "render_fps": 1}  # noqa: RUF012

    def __init__(
        self,
        game: Game[Any, Any],
        seat: int = 0,
        opponents: Any = None,
        *,
        render_mode: str | None = None,
        illegal_action: IllegalAction = "lose",
        illegal_reward: float = -1.0,
        max_moves: int | None = None,
    ) -> None:
        n = game.num_players
        if type(seat) is not int or not 0 <= seat < n:
            raise ValueError(f"seat must be 0..{n - 1}, not {seat!r}")
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode must be None or one of {RENDER_MODES}, not {render_mode!r}")
        if illegal_action not in ("lose", "raise"):
            raise ValueError(f"illegal_action must be 'lose' or 'raise', not {illegal_action!r}")
        if max_moves is not None and (type(max_moves) is not int or max_moves < 1):
            raise ValueError(f"max_moves must be None or a whole number >= 1, not {max_moves!r}")
        self.game = game
        self.seat = seat
        self.encoding: Encoding = encoding(game)
        self.opponents = _seat_agents(game, seat, opponents)
        self.render_mode = render_mode
        self.illegal_action = illegal_action
        self.illegal_reward = float(illegal_reward)
        self.max_moves = max_moves
        enc = self.encoding
        self.observation_space = spaces.Dict(
            {
                "observation": spaces.Box(0.0, 1.0, (enc.size,), np.float32),
                "action_mask": spaces.Box(0, 1, (enc.num_actions,), np.int8),
            }
        )
        self.action_space = spaces.Discrete(enc.num_actions)  # type: ignore[assignment]
        lo = min(0.0, self.illegal_reward)
        self.reward_range = (lo, max(1.0, self.illegal_reward))
        self._rng = random.Random()
        self._agent_rngs: dict[int, random.Random] = {}
        self.state: Any = None
        self._legal_actions: list[Any] = []
        self._legal: tuple[Mask, tuple[int, ...]] = (np.zeros(enc.num_actions, dtype=np.int8), ())
        self.moves = 0

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        """Start a new game; ``seed`` fixes chance and the other seats' generators exactly.

        A game that ends before the learner's first move (a Mouse Trap game can: its
        players choose only at the crank) teaches nothing, so the next game is dealt;
        ``info["skipped_games"]`` counts them.

        Raises:
            RuntimeError: :data:`MAX_SKIPPED_GAMES` games in a row ended without a move.
        """
        super().reset(seed=seed)
        if seed is not None:
            self._rng = random.Random(seed)
        self.moves = 0
        for skipped in range(MAX_SKIPPED_GAMES):
            base = self._rng.getrandbits(64)
            self._agent_rngs = {p: random.Random(derive_seed(base, "seat", p)) for p in self.opponents}
            self._advance(self.game.new_initial_state())
            if not self.game.is_terminal(self.state):
                info = self._info()
                info["skipped_games"] = skipped
                return self._observe(), info
        raise RuntimeError(f"{MAX_SKIPPED_GAMES} games in a row ended before seat {self.seat} had a move")

    def _advance(self, state: Any) -> None:
        """Play chance and the other seats from ``state`` until the learner acts or the game ends."""
        game, rng = self.game, self._rng
        while True:
            player = game.current_player(state)
            if player == CHANCE:
                state = game.apply_trusted(state, game.sample_chance(state, rng))
            elif player == TERMINAL or player == self.seat:
                break
            else:
                legal = game.legal_actions(state)
                choice = self.opponents[player].act(game.observation(state, player), legal, self._agent_rngs[player])
                i = legal_index(choice, legal)
                if i is None:
                    raise ValueError(f"the agent of seat {player} answered {choice!r}, not a legal action")
                state = game.apply_trusted(state, legal[i])
        self.state = state
        if player == TERMINAL:
            self._legal_actions = []
            self._legal = (np.zeros(self.encoding.num_actions, dtype=np.int8), ())
        else:
            self._legal_actions = game.legal_actions(state)
            self._legal = self.encoding.legal(self._legal_actions)

    def step(self, action: int) -> tuple[dict[str, Any], float, bool, bool, dict[str, Any]]:
        """Play the learner's action numbered ``action``, then the others' until the learner's next turn."""
        if self.state is None or self.game.is_terminal(self.state):
            raise RuntimeError("the game is over: call reset() first")
        index = int(action) if isinstance(action, int | np.integer) and not isinstance(action, bool) else -1
        mask, numbers = self._legal
        if not 0 <= index < self.encoding.num_actions or not mask[index]:
            if self.illegal_action == "raise":
                raise ValueError(f"action {action!r} is not legal now; legal indices: {list(numbers)}")
            info = self._info()
            info["illegal_action"] = True
            return self._observe(), self.illegal_reward, True, False, info
        self.moves += 1
        self._advance(self.game.apply_trusted(self.state, self._legal_actions[numbers.index(index)]))
        terminated = self.game.is_terminal(self.state)
        reward = float(self.game.returns(self.state)[self.seat]) if terminated else 0.0
        truncated = not terminated and self.max_moves is not None and self.moves >= self.max_moves
        return self._observe(), reward, terminated, truncated, self._info()

    def _observe(self) -> dict[str, Any]:
        vector = self.encoding.encode(self.game.observation(self.state, self.seat), self.seat)
        return {"observation": vector, "action_mask": self._legal[0].copy()}

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self._legal[0].copy()}

    def legal_actions(self) -> list[Any]:
        """The learner's legal actions now (our action objects)."""
        return list(self._legal_actions)

    def render(self) -> Any:
        """``"ansi"``: the state in words; ``"rgb_array"``: the table as seen from the learner's seat."""
        if self.render_mode is None:
            return None
        if self.render_mode == "ansi":
            return self.game.describe(self.state)
        return rgb_array(self.game, self.state, self.seat)


def _seat_agents(game: Game[Any, Any], seat: int, opponents: Any) -> dict[int, Any]:
    """The agent of each other seat: ``None`` (the rule-of-thumb bot everywhere), one
    agent for every other seat, a sequence of ``n - 1`` agents (in seat order, the
    learner's seat left out) or a mapping ``seat -> agent``."""
    others = [p for p in range(game.num_players) if p != seat]
    if opponents is None:
        return {p: as_agent(default_opponent(game)) for p in others}
    if isinstance(opponents, Mapping):
        if sorted(opponents) != others:
            raise ValueError(f"opponents must give an agent for each of the seats {others}, not {sorted(opponents)}")
        return {p: as_agent(opponents[p]) for p in others}
    if isinstance(opponents, Sequence) and not isinstance(opponents, str):
        if len(opponents) != len(others):
            raise ValueError(f"opponents must list {len(others)} agents (seats {others}), not {len(opponents)}")
        return {p: as_agent(a) for p, a in zip(others, opponents, strict=True)}
    return {p: as_agent(opponents) for p in others}
