"""Learning agents: our games as PettingZoo AEC and Gymnasium environments.

Optional: the environments need ``pip install "boardgames_widgets[rl]"`` (PettingZoo and
Gymnasium); the encodings and :class:`PolicyAgent` need only numpy. The package's
top-level ``import boardgames_widgets`` never imports this module.

* :func:`aec_env` — every seat of a game as a PettingZoo AEC environment;
* :func:`parallel_env` — the same as a PettingZoo parallel environment (one step, one
  cycle of the table: the seat to move moves, the others wait);
* :func:`gym_env` — one seat as a Gymnasium environment, the others played by agents
  (the rule-of-thumb bot by default);
* :func:`encoding` — the fixed action table and observation encoding of a game;
* :class:`PolicyAgent` — a trained policy as an ordinary agent (``bw.play``, tournaments).

See the docs page "Environments" for the encodings of each game and a training example.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from boardgames_widgets.core.registry import make_game
from boardgames_widgets.rl.agents import PolicyAgent, q_table_policy
from boardgames_widgets.rl.encodings import ENCODINGS, Encoding, encoding

if TYPE_CHECKING:
    from boardgames_widgets.rl.aec import BoardGameEnv, CycleParallelEnv, TurnOrder
    from boardgames_widgets.rl.aec import IllegalAction as AECIllegalAction
    from boardgames_widgets.rl.gym import IllegalAction, SeatEnv

__all__ = [
    "ENCODINGS",
    "Encoding",
    "PolicyAgent",
    "aec_env",
    "encoding",
    "gym_env",
    "parallel_env",
    "q_table_policy",
]

_ADVICE = 'boardgames_widgets.rl needs PettingZoo and Gymnasium: pip install "boardgames_widgets[rl]"'


def aec_env(
    game_id: str,
    num_players: int = 2,
    render_mode: str | None = None,
    *,
    max_moves: int | None = None,
    turn_order: TurnOrder | None = None,
    max_cycles: int | None = None,
    illegal_action: AECIllegalAction = "raise",
    seed: int | None = None,
    **config: Any,
) -> BoardGameEnv:
    """A registered game as a PettingZoo AEC environment.

    >>> env = aec_env("pig", num_players=2)
    >>> env.reset(seed=7)
    >>> env.agent_selection, env.observe("player_0")["action_mask"].tolist()
    ('player_0', [1, 0])

    Args:
        game_id: the registry id (``"food_chain"``).
        num_players: the seats.
        render_mode: ``None``, ``"ansi"`` or ``"rgb_array"``.
        max_moves: truncate after this many moves (``None``: play to the end).
        turn_order: ``"game"`` (the default: only the seat to move is selected) or
            ``"cycle"`` (every seat once per cycle; see :class:`~boardgames_widgets.rl.aec.BoardGameEnv`).
        max_cycles: truncate after this many cycles (implies ``turn_order="cycle"``).
        illegal_action: ``"raise"`` (the default) or ``"random"`` (a random legal move
            instead, flagged in ``infos[agent]["illegal_action"]``).
        seed: seeds a ``reset()`` without a seed and the agents' action spaces
            (``None``: fresh entropy; ``reset(seed=…)`` always wins).
        **config: the game's other parameters.

    Raises:
        ImportError: PettingZoo or Gymnasium is missing.
        ValueError: an unknown game or a bad configuration.
    """
    try:
        from boardgames_widgets.rl.aec import BoardGameEnv
    except ImportError as exc:  # pragma: no cover - depends on the environment
        raise ImportError(_ADVICE) from exc
    game = make_game(game_id, num_players=num_players, **config)
    return BoardGameEnv(
        game,
        render_mode,
        max_moves,
        turn_order=turn_order,
        max_cycles=max_cycles,
        illegal_action=illegal_action,
        seed=seed,
    )


def parallel_env(
    game_id: str,
    num_players: int = 2,
    render_mode: str | None = None,
    *,
    max_cycles: int | None = None,
    illegal_action: AECIllegalAction = "raise",
    seed: int | None = None,
    **config: Any,
) -> CycleParallelEnv:
    """A registered game as a PettingZoo parallel environment: each step is one cycle
    (every live seat sends an action; the seat the game asks moves, the others' actions
    are ignored). The arguments are those of :func:`aec_env`.

    >>> env = parallel_env("pig", num_players=2, max_cycles=3)
    >>> observations, infos = env.reset(seed=1)
    >>> [int(observations[a]["action_mask"].sum()) for a in env.agents]  # player_0 may roll
    [1, 0]

    Raises:
        ImportError: PettingZoo or Gymnasium is missing.
        ValueError: an unknown game or a bad configuration.
    """
    try:
        from boardgames_widgets.rl.aec import CycleParallelEnv
    except ImportError as exc:  # pragma: no cover - depends on the environment
        raise ImportError(_ADVICE) from exc
    aec = aec_env(
        game_id,
        num_players,
        render_mode,
        turn_order="cycle",
        max_cycles=max_cycles,
        illegal_action=illegal_action,
        seed=seed,
        **config,
    )
    return CycleParallelEnv(aec)


def gym_env(
    game_id: str,
    num_players: int = 2,
    seat: int = 0,
    opponents: Any = None,
    *,
    render_mode: str | None = None,
    illegal_action: IllegalAction = "lose",
    illegal_reward: float = -1.0,
    max_moves: int | None = None,
    **config: Any,
) -> SeatEnv:
    """One seat of a registered game as a Gymnasium environment.

    Args:
        game_id: the registry id.
        num_players: the seats.
        seat: the learner's seat.
        opponents: ``None`` (the rule-of-thumb bot at every other seat), one agent for
            all of them, ``n - 1`` agents in seat order, or ``{seat: agent}``.
        render_mode: ``None``, ``"ansi"`` or ``"rgb_array"`` (from the learner's seat).
        illegal_action: ``"lose"`` (end the episode with ``illegal_reward``) or ``"raise"``.
        illegal_reward: the reward of an illegal action under ``"lose"``.
        max_moves: truncate after this many moves of the learner.
        **config: the game's other parameters.

    Raises:
        ImportError: Gymnasium is missing.
        ValueError: an unknown game, a bad configuration, seat or opponents.
    """
    try:
        from boardgames_widgets.rl.gym import SeatEnv
    except ImportError as exc:  # pragma: no cover - depends on the environment
        raise ImportError(_ADVICE) from exc
    game = make_game(game_id, num_players=num_players, **config)
    return SeatEnv(
        game,
        seat,
        opponents,
        render_mode=render_mode,
        illegal_action=illegal_action,
        illegal_reward=illegal_reward,
        max_moves=max_moves,
    )
