"""Our games as PettingZoo AEC environments (:func:`boardgames_widgets.rl.aec_env`)."""

from __future__ import annotations

import hashlib
import io
import random
from typing import Any, ClassVar, Literal

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv  # type: ignore[import-untyped]

from boardgames_widgets.core.api import CHANCE, TERMINAL, Game
from boardgames_widgets.core.rng import derive_seed
from boardgames_widgets.rl.encodings import Encoding, Mask, encoding

#: ``render_mode`` values: a picture of the table (every card shown) or its description.
RENDER_MODES = ("ansi", "rgb_array")

#: Who is ``agent_selection``: the seat the game asks (``"game"``), or every seat in turn
#: once per cycle, the seat the game asks moving and the others' actions ignored (``"cycle"``).
TurnOrder = Literal["game", "cycle"]
#: What an illegal action index does: raise ``ValueError``, or play a legal action drawn
#: uniformly from the environment's seeded generator (``infos[agent]["illegal_action"]``).
IllegalAction = Literal["raise", "random"]
#: How many games in a row may end before anyone moves (see ``BoardGameEnv.reset``).
MAX_SKIPPED_GAMES = 1000


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
    ``game.observation`` only (:class:`~boardgames_widgets.rl.encodings.Encoding`); the mask
    is all zeros for a seat that is not to act. Rewards come once, at the end: each
    seat's return of the game (1 a win, ``1/k`` a win shared by ``k``, 0 a loss).

    Args:
        game: the game (its configuration fixes the seats).
        render_mode: ``None``, ``"ansi"`` (``game.describe``) or ``"rgb_array"`` (the
            board picture, every secret shown, as a ``height × width × 3`` ``uint8`` array).
        max_moves: truncate the game after this many moves by the players (``None``:
            play to the end; chance outcomes do not count).
        turn_order: ``"game"`` (only the seat to move is selected) or ``"cycle"``: every
            seat is selected once per cycle, in seat order; in each cycle exactly one of
            them — the seat the game asks — moves, and the others' actions are ignored
            (their masks are all zeros). This is the shape of a simultaneous-move
            environment (a cycle is one step of :class:`CycleParallelEnv`), for code and
            checks that count cycles, like PettingZoo's ``max_cycles_test``.
        max_cycles: with ``turn_order="cycle"`` (implied by giving it), truncate after
            this many cycles.
        illegal_action: ``"raise"`` (the default) or ``"random"`` (see :data:`IllegalAction`).
        seed: seeds the generator of chance for a ``reset()`` without a seed, and each
            agent's action space (``action_space(agent).sample()``); ``None``: fresh entropy.

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

    def __init__(
        self,
        game: Game[Any, Any],
        render_mode: str | None = None,
        max_moves: int | None = None,
        *,
        turn_order: TurnOrder | None = None,
        max_cycles: int | None = None,
        illegal_action: IllegalAction = "raise",
        seed: int | None = None,
    ) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode must be None or one of {RENDER_MODES}, not {render_mode!r}")
        for label, limit in (("max_moves", max_moves), ("max_cycles", max_cycles)):
            if limit is not None and (type(limit) is not int or limit < 1):
                raise ValueError(f"{label} must be None or a whole number >= 1, not {limit!r}")
        if turn_order is None:
            turn_order = "game" if max_cycles is None else "cycle"
        if turn_order not in ("game", "cycle"):
            raise ValueError(f"turn_order must be 'game' or 'cycle', not {turn_order!r}")
        if max_cycles is not None and turn_order != "cycle":
            raise ValueError("max_cycles counts cycles: it needs turn_order='cycle'")
        if illegal_action not in ("raise", "random"):
            raise ValueError(f"illegal_action must be 'raise' or 'random', not {illegal_action!r}")
        self.turn_order: TurnOrder = turn_order
        self.max_cycles = max_cycles
        self.illegal_action: IllegalAction = illegal_action
        self.cycles = 0
        self._position = 0  # cycle order: the seat selected now
        self._moved = False  # cycle order: whether this cycle's move was made
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
        # with a seed, each agent's action space samples from a generator of its own
        self.action_spaces = {
            a: spaces.Discrete(enc.num_actions, seed=None if seed is None else _space_seed(seed, p))
            for p, a in enumerate(self.possible_agents)
        }
        self._no_mask: Mask = np.zeros(enc.num_actions, dtype=np.int8)
        self._rng = random.Random(seed)  # reset() without a seed continues it
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
        self.cycles = 0
        self._position = 0
        self._moved = False
        # a game that ends before anyone moves (a Mouse Trap game can: players choose only
        # at the crank) is not an episode: deal the next one (infos[agent]["skipped_games"])
        skipped = 0
        self._set_state(self.game.new_initial_state())
        while self.terminations[self.possible_agents[0]]:
            skipped += 1
            if skipped >= MAX_SKIPPED_GAMES:
                raise RuntimeError(f"{MAX_SKIPPED_GAMES} games in a row ended before anyone moved")
            self.rewards = dict.fromkeys(self.agents, 0.0)
            self.terminations = dict.fromkeys(self.agents, False)
            self._set_state(self.game.new_initial_state())
        if skipped:
            self.infos = {a: {"skipped_games": skipped} for a in self.agents}
        if self.turn_order == "cycle":
            self.agent_selection = self.possible_agents[0]

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
        if self.turn_order == "game":
            self.agent_selection = self.possible_agents[player]

    def _to_move(self, agent: str) -> bool:
        """Whether ``agent`` is the one to make a move now."""
        if self.terminations[agent] or self.truncations[agent] or not self._legal_actions:
            return False
        seat = self._seat[agent]
        if self.turn_order == "cycle":
            return not self._moved and seat == self._position and self.game.current_player(self.state) == seat
        return agent == self.agent_selection

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
        chosen, replaced = self._choose(agent, action) if self._to_move(agent) else (None, False)
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self.infos[agent] = {"illegal_action": True} if replaced else {}
        if chosen is not None:
            self.moves += 1
            self._moved = True
            self._set_state(self.game.apply_trusted(self.state, chosen[0]))
            if self.max_moves is not None and self.moves >= self.max_moves and not self.terminations[agent]:
                for a in self.agents:
                    self.truncations[a] = True
        if self.turn_order == "cycle" and not self.terminations[agent]:
            self._position += 1
            if self._position == len(self.possible_agents):
                self._position, self._moved = 0, False
                self.cycles += 1
                if self.max_cycles is not None and self.cycles >= self.max_cycles:
                    for a in self.agents:
                        self.truncations[a] = True
            self.agent_selection = self.possible_agents[self._position]
        self._accumulate_rewards()

    def _choose(self, agent: str, action: int | None) -> tuple[tuple[Any], bool]:
        """The legal action numbered ``action`` (in a 1-tuple) and whether it replaced an
        illegal one (``illegal_action="random"``).

        Raises:
            ValueError: ``action`` is not the index of a legal action (``"raise"``).
        """
        index = int(action) if isinstance(action, int | np.integer) and not isinstance(action, bool) else -1
        mask, numbers = self._legal
        if 0 <= index < self.encoding.num_actions and mask[index]:
            return (self._legal_actions[numbers.index(index)],), False
        if self.illegal_action == "random":
            return (self._legal_actions[self._rng.randrange(len(numbers))],), True
        shown = (
            repr(action)
            if index < 0
            else f"{index} ({self.encoding.action(index) if 0 <= index < len(mask) else 'no such action'})"
        )
        legal = ", ".join(f"{i} ({a})" for i, a in zip(numbers[:8], self._legal_actions[:8], strict=False))
        raise ValueError(f"{agent}: action {shown} is not legal now; legal: {legal}{' …' if len(numbers) > 8 else ''}")

    def observe(self, agent: str) -> dict[str, Any]:
        """``agent``'s observation vector and action mask (zeros unless it is to move now)."""
        seat = self._seat[agent]
        game = self.game
        vector = self.encoding.encode(game.observation(self.state, seat), seat)
        mask = self._legal[0].copy() if self._to_move(agent) else self._no_mask.copy()
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


class CycleParallelEnv(ParallelEnv[str, dict[str, Any], int]):  # type: ignore[misc]
    """A game as a PettingZoo parallel environment: one step is one cycle of a
    :class:`BoardGameEnv` with ``turn_order="cycle"``.

    Every live agent sends an action each step; the one seat the game asks (the one
    whose ``action_mask`` is not all zeros) moves, the others' actions are ignored — the
    shape PettingZoo gives turn-based games in parallel form. Made by
    :func:`~boardgames_widgets.rl.parallel_env`.
    """

    def __init__(self, aec: BoardGameEnv) -> None:
        if aec.turn_order != "cycle":
            raise ValueError("a parallel environment needs an AEC environment with turn_order='cycle'")
        self.aec_env = aec
        self.possible_agents = aec.possible_agents
        self.metadata = aec.metadata
        self.render_mode = aec.render_mode
        self.agents: list[str] = []

    @property
    def unwrapped(self) -> BoardGameEnv:
        return self.aec_env

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.aec_env.observation_space(agent)

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.aec_env.action_space(agent)

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        aec = self.aec_env
        aec.reset(seed=seed, options=options)
        self.agents = aec.agents[:]
        return {a: aec.observe(a) for a in self.agents}, {a: dict(aec.infos[a]) for a in self.agents}

    def step(
        self, actions: dict[str, Any]
    ) -> tuple[dict[str, Any], dict[str, float], dict[str, bool], dict[str, bool], dict[str, Any]]:
        aec = self.aec_env
        live = self.agents[:]
        rewards = dict.fromkeys(live, 0.0)
        infos: dict[str, Any] = {a: {} for a in live}
        for _ in live:  # one cycle: each seat once, unless the game ends on the way
            agent = aec.agent_selection
            if aec.terminations[agent] or aec.truncations[agent]:
                break
            aec.step(actions.get(agent))
            for a, r in aec.rewards.items():
                rewards[a] += r
            infos[agent].update(aec.infos.get(agent, {}))
        terminations = {a: aec.terminations[a] for a in live}
        truncations = {a: aec.truncations[a] for a in live}
        observations = {a: aec.observe(a) for a in live}
        while aec.agents and (aec.terminations[aec.agent_selection] or aec.truncations[aec.agent_selection]):
            aec.step(None)  # finished agents leave
        self.agents = aec.agents[:]
        return observations, rewards, terminations, truncations, infos

    def render(self) -> Any:
        return self.aec_env.render()

    def state(self) -> Any:
        """The game's full state (for tests and pictures, not for the agents)."""
        return self.aec_env.state

    def close(self) -> None:
        """Nothing to release."""


def _space_seed(seed: int, seat: int) -> int:
    """A seed for ``seat``'s action space, derived from the environment's ``seed``."""
    digest = hashlib.sha256(derive_seed(seed, "action space", seat).encode()).digest()
    return int.from_bytes(digest[:8], "big")


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
