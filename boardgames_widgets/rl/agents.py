"""Learned agents are agents: a trained policy seated like any other bot.

A policy reads numbers: the observation vector and the action mask of an
:class:`~boardgames_widgets.rl.encodings.Encoding`. :class:`PolicyAgent` turns it into an
ordinary agent (``act(observation, legal_actions, rng)``) that :func:`~boardgames_widgets.play`,
:func:`~boardgames_widgets.core.play.play_game` and the tournaments accept: it encodes
the observation it is given, asks the policy, and answers one of the legal actions.

>>> from boardgames_widgets import make_game
>>> from boardgames_widgets.core.play import play_game
>>> game = make_game("pig", num_players=2)
>>> always_hold_at_20 = PolicyAgent(game, lambda v, mask: 1 if mask[1] and v[2] * 50 >= 20 else 0, name="hold at 20")
>>> play_game(game, [always_hold_at_20, always_hold_at_20], seed=1).returns in ((1.0, 0.0), (0.0, 1.0))
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import Any

import numpy as np

from boardgames_widgets.core.api import Game
from boardgames_widgets.rl.encodings import Encoding, Mask, Vector, encoding

#: A policy: ``policy(vector, mask)`` answers an action index, or one score per action
#: (the best legal one is played; ties go to the lowest index).
Policy = Callable[[Vector, Mask], Any]


class PolicyAgent:
    """A policy on encoded observations as an agent for any seat of ``game``.

    Args:
        game: the game (configuration included) the policy was trained on.
        policy: ``policy(vector, mask) -> index`` or ``-> scores`` (see :data:`Policy`).
        name: the agent's name in records and tournament tables.

    Raises (from :meth:`act`):
        ValueError: the policy answered an index that is not legal, or scores of the
            wrong length.
    """

    def __init__(self, game: Game[Any, Any], policy: Policy, *, name: str = "learned") -> None:
        self.game = game
        self.encoding: Encoding = encoding(game)
        self.policy = policy
        self.name = name

    def act(self, observation: Any, legal_actions: Sequence[Any], rng: random.Random) -> Any:
        enc = self.encoding
        vector = enc.encode(observation, enc.seat_of(observation))
        mask, numbers = enc.legal(legal_actions)
        answer = self.policy(vector, mask.copy())
        if isinstance(answer, int | np.integer) and not isinstance(answer, bool):
            index = int(answer)
            if index not in numbers:
                shown = enc.action(index) if 0 <= index < enc.num_actions else "no such action"
                raise ValueError(f"{self.name}: the policy chose index {index} ({shown}), not a legal action")
            return legal_actions[numbers.index(index)]
        scores = np.asarray(answer, dtype=np.float64)
        if scores.shape != (enc.num_actions,):
            raise ValueError(
                f"{self.name}: the policy must answer an index or {enc.num_actions} scores, not shape {scores.shape}"
            )
        best = max(range(len(numbers)), key=lambda k: (scores[numbers[k]], -numbers[k]))
        return legal_actions[best]

    def __repr__(self) -> str:
        return f"PolicyAgent({self.name!r}, {self.game!r})"


def q_table_policy(
    table: Mapping[Any, Sequence[float] | Vector],
    key: Callable[[Vector], Hashable] | None = None,
    default: float = 0.0,
) -> Policy:
    """A greedy policy from a Q-table: ``table[key(vector)]`` holds one value per action.

    ``key`` turns an observation vector into the table's key (default: its bytes, for a
    table filled with the same encoding). An unknown key scores every action
    ``default`` (then the lowest legal index is played).
    """
    make_key: Callable[[Vector], Hashable] = key if key is not None else (lambda v: v.tobytes())

    def policy(vector: Vector, mask: Mask) -> Any:
        values = table.get(make_key(vector))
        if values is None:
            return np.full(len(mask), default)
        return np.asarray(values, dtype=np.float64)

    return policy
