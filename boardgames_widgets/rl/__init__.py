"""Learning agents: our games as PettingZoo AEC and Gymnasium environments.

Optional: the environments need ``pip install "boardgames_widgets[rl]"`` (PettingZoo and
Gymnasium); the encodings and :class:`PolicyAgent` need only numpy. The package's
top-level ``import boardgames_widgets`` never imports this module.

* :func:`aec_env` — every seat of a game as a PettingZoo AEC environment;
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
from boardgames_widgets.rl.encoding import ENCODINGS, Encoding, encoding

if TYPE_CHECKING:
    from boardgames_widgets.rl.aec import BoardGameEnv
    from boardgames_widgets.rl.gym import IllegalAction, SeatEnv

__all__ = ["ENCODINGS", "Encoding", "PolicyAgent", "aec_env", "encoding", "gym_env", "q_table_policy"]

_ADVICE = 'boardgames_widgets.rl needs PettingZoo and Gymnasium: pip install "boardgames_widgets[rl]"'


def aec_env(
    game_id: str,
    num_players: int = 2,
    render_mode: str | None = None,
    *,
    max_moves: int | None = None,
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
        **config: the game's other parameters.

    Raises:
        ImportError: PettingZoo or Gymnasium is missing.
        ValueError: an unknown game or a bad configuration.
    """
    try:
        from boardgames_widgets.rl.aec import BoardGameEnv
    except ImportError as exc:  # pragma: no cover - depends on the environment
        raise ImportError(_ADVICE) from exc
    return BoardGameEnv(make_game(game_id, num_players=num_players, **config), render_mode, max_moves)


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
