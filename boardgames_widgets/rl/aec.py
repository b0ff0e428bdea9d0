"""Our games as PettingZoo AEC environments (:func:`boardgames_widgets.rl.aec_env`)."""

from __future__ import annotations

import io
import random
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv  # type: ignore[import-untyped]

from boardgames_widgets.core.api import CHANCE, TERMINAL, Game
from boardgames_widgets.rl.encoding import Encoding, Mask, encoding

#: ``render_mode`` values: a picture of the table (every card shown) or its description.
RENDER_MODES = ("ansi", "rgb_array")


def agent_name(seat: int) -> str:
    """The PettingZoo agent name of a seat: ``player_0``, ``player_1`` …"""
    return f"player_{seat}"


class BoardGameEnv(AECEnv[str, dict[str, Any], int]):  # type: ignore[misc]
    """One of our games as a PettingZoo AEC environment (made by :func:`~boardgames_widgets.rl.aec_env`).

    Agents are ``player_0 … player_{n-1}`` (the seats). Only the seat to act is
    ``agent_selection``; chance (dice, draws, shuffles) is resolved inside the
    environment from the generator seeded by ``reset(seed=…)``, so one seed and one
    sequence of actions give one game. An observation is ``{"observation": float32
    vector, "action_mask": int8 vector}`` built from the seat's own
    ``game.observation`` only (:class:`~boardgames_widgets.rl.encoding.Encoding`); the mask
    is all zeros for a seat that is not to act. Rewards come once, at the end: each
    seat's return of the game (1 a win, ``1/k`` a win shared by ``k``, 0 a loss).

    Args:
        game: the game (its configuration fixes the seats).
        render_mode: ``None``, ``"ansi"`` (``game.describe``) or ``"rgb_array"`` (the
            board picture, every secret shown, as a ``height × width × 3`` ``uint8`` array).
        max_moves: truncate the game after this many moves by the players (``None``:
            play to the end; chance outcomes do not count).

    Attributes:
        game: the game.
        encoding: its action table and observation encoding.
        state: the current state of the game (the full state: for tests and pictures,
            not for the agents).
    """

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": list(RENDER_MODES),
        "name": "boardgames_widgets_v0",
        "is_parallelizable": False,
        "render_fps": 1,
    }

    def __init__(self, game: Game[Any, Any], render_mode: str | None = None, max_moves: int | None = None) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode must be None or one of {RENDER_MODES}, not {render_mode!r}")
        if max_moves is not None and (type(max_moves) is not int or max_moves < 1):
            raise ValueError(f"max_moves must be None or a whole number >= 1, not {max_moves!r}")
        self.game = game
        self.encoding: Encoding = encoding(game)
        self.render_mode = render_mode
        self.max_moves = max_moves
        n = game.num_players
        self.possible_agents = [agent_name(p) for p in range(n)]
        self._seat = {name: p for p, name in enumerate(self.possible_agents)}
        enc = self.encoding
        space = spaces.Dict(
            {
                "observation": spaces.Box(0.0, 1.0, (enc.size,), np.float32),
                "action_mask": spaces.Box(0, 1, (enc.num_actions,), np.int8),
            }
        )
        self.observation_spaces = {a: space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(enc.num_actions) for a in self.possible_agents}
        self._no_mask: Mask = np.zeros(enc.num_actions, dtype=np.int8)
        self._rng = random.Random()
        self.state: Any = None
        self._legal: tuple[Mask, tuple[int, ...]] = (self._no_mask, ())
        self._legal_actions: list[Any] = []
        self.moves = 0

    # -- spaces ------------------------------------------------------------------------
    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    # -- the game ----------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game; ``seed`` fixes its chance (deals, dice) exactly.

        Without a seed the next game continues the generator of the last seeded one
        (fresh entropy if there never was one).
        """
        if seed is not None:
            self._rng = random.Random(seed)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.moves = 0
        self._set_state(self.game.new_initial_state())

    def _set_state(self, state: Any) -> None:
        """Play chance out from ``state``, then make the player to act the agent selected."""
        game, rng = self.game, self._rng
        player = game.current_player(state)
        while player == CHANCE:
            state = game.apply_trusted(state, game.sample_chance(state, rng))
            player = game.current_player(state)
        self.state = state
        if player == TERMINAL:
            self._legal_actions = []
            self._legal = (self._no_mask, ())
            returns = game.returns(state)
            for agent in self.agents:
                self.rewards[agent] = float(returns[self._seat[agent]])
                self.terminations[agent] = True
            return
        self._legal_actions = game.legal_actions(state)
        self._legal = self.encoding.legal(self._legal_actions)
        self.agent_selection = self.possible_agents[player]

    def step(self, action: int | None) -> None:
        """Play the action numbered ``action`` for ``agent_selection`` (``None`` for a
        finished agent, as PettingZoo asks).

        Raises:
            ValueError: ``action`` is not an index of a legal action (the message names
                the action and the legal ones; nothing changes).
        """
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        index = int(action) if isinstance(action, int | np.integer) else -1
        mask, numbers = self._legal
        if not 0 <= index < self.encoding.num_actions or not mask[index]:
            shown = (
                repr(action)
                if index < 0
                else f"{index} ({self.encoding.action(index) if 0 <= index < len(mask) else 'no such action'})"
            )
            legal = ", ".join(f"{i} ({a})" for i, a in zip(numbers[:8], self._legal_actions[:8], strict=False))
            raise ValueError(
                f"{agent}: action {shown} is not legal now; legal: {legal}{' …' if len(numbers) > 8 else ''}"
            )
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        chosen = self._legal_actions[numbers.index(index)]
        self.moves += 1
        self._set_state(self.game.apply_trusted(self.state, chosen))
        if self.max_moves is not None and self.moves >= self.max_moves and not self.terminations[agent]:
            for a in self.agents:
                self.truncations[a] = True
        self._accumulate_rewards()

    def observe(self, agent: str) -> dict[str, Any]:
        """``agent``'s observation vector and action mask (zeros unless it is to act)."""
        seat = self._seat[agent]
        game = self.game
        vector = self.encoding.encode(game.observation(self.state, seat), seat)
        acting = agent == self.agent_selection and not (self.terminations[agent] or self.truncations[agent])
        mask = self._legal[0].copy() if acting else self._no_mask.copy()
        return {"observation": vector, "action_mask": mask}

    def legal_actions(self) -> list[Any]:
        """The legal actions (our action objects) of the agent selected, in index order of the game."""
        return list(self._legal_actions)

    def render(self) -> Any:
        """``"ansi"``: the state in words; ``"rgb_array"``: the table as an RGB array.

        Raises:
            ValueError: the environment was made without a ``render_mode``.
        """
        if self.render_mode is None:
            raise ValueError("this environment was made with render_mode=None: give 'ansi' or 'rgb_array'")
        if self.render_mode == "ansi":
            return self.game.describe(self.state)
        return rgb_array(self.game, self.state)

    def close(self) -> None:
        """Nothing to release."""

    def __repr__(self) -> str:
        return f"<BoardGameEnv {self.game!r}>"


def rgb_array(game: Game[Any, Any], state: Any, seat: int | None = None) -> np.ndarray[Any, np.dtype[np.uint8]]:
    """The board picture of ``state`` (as ``seat`` sees it; ``None``: every secret shown),
    drawn by the PNG painter, as a ``height × width × 3`` ``uint8`` array."""
    from PIL import Image

    from boardgames_widgets.core.painter import board_view
    from boardgames_widgets.widgets.raster import PNGPainter

    view = board_view(game)
    painter = PNGPainter(view.width, view.height)
    view.draw(painter, state, seat)
    with Image.open(io.BytesIO(painter.to_png())) as image:
        return np.asarray(image.convert("RGB"), dtype=np.uint8)
