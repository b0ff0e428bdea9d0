"""Mouse Trap's track as a Markov chain: how long until a mouse reaches the Loop?

One mouse alone on the track moves by die rolls. Where it stands after a turn depends
only on where it stood before and on the roll, so its position is a *Markov chain*.
A turn is: roll, move forward (into the Loop, which is a cycle), and if the space
reached says BACK N or AHEAD N, move again — once: the space reached by that jump is
not resolved (MT-BA). Cheese and building do not move mice, so they do not matter here;
neither do opponents (they could move the mouse only once the trap is complete, MT-MO).

* :func:`transition_matrix` — the matrix ``P`` with ``P[i, j]`` = P(from ``i`` to ``j``
  in one turn); with ``loop="absorbing"`` the whole Loop is one absorbing state (the
  last row and column), with ``loop="cycle"`` every Loop space is its own state.
* :func:`turns_to_loop_distribution` — P(the mouse first reaches the Loop on turn t),
  from the powers of ``P``; :func:`turns_to_loop_distribution_exact` gives the same in
  exact fractions.
* :func:`expected_turns_to_loop` — the mean, from the fundamental matrix
  ``N = (I − Q)⁻¹`` (``Q`` = the track-to-track block); :func:`expected_turns_to_loop_exact`
  solves the same equations in fractions.
* :func:`expected_landings` and :func:`expected_parts_before_loop` — how often a mouse
  lands on each space before the Loop, and how many trap parts a game therefore expects
  to build on the track (the reason for the 2 / 2-3 / 2-3-4 build labels).
* :func:`simulate_turns_to_loop` — a seeded simulation of many mice, for comparison.

>>> round(expected_turns_to_loop(), 3) == round(float(expected_turns_to_loop_exact()), 3)
True
"""

from __future__ import annotations

from fractions import Fraction
from typing import Literal

import numpy as np
import numpy.typing as npt

from boardgames_widgets.games.mouse_trap.layout import MouseTrapConfig

FloatArray = npt.NDArray[np.float64]


def _cfg(config: MouseTrapConfig | None) -> MouseTrapConfig:
    return config if config is not None else MouseTrapConfig()


def one_turn(config: MouseTrapConfig, position: int, roll: int) -> int:
    """Where a mouse on ``position`` ends its turn after rolling ``roll`` (MT-1, MT-BA, MT-L)."""
    return config.jump(config.forward(position, roll))


def transition_matrix(
    config: MouseTrapConfig | None = None, *, loop: Literal["absorbing", "cycle"] = "absorbing"
) -> FloatArray:
    """The one-turn transition matrix of a mouse's position.

    Args:
        config: the board (default: the default track and Loop).
        loop: ``"absorbing"``: states are the track positions 0..L-1 and one last state
            "in the Loop" that never leaves; ``"cycle"``: every position, the Loop a cycle.

    Returns:
        A square row-stochastic matrix.

    Raises:
        ValueError: ``loop`` is neither ``"absorbing"`` nor ``"cycle"``.
    """
    cfg = _cfg(config)
    faces = cfg.die_faces
    if loop == "absorbing":
        size = cfg.loop_start + 1
        m = np.zeros((size, size))
        for i in range(cfg.loop_start):
            for d in range(1, faces + 1):
                m[i, min(one_turn(cfg, i, d), cfg.loop_start)] += 1.0 / faces
        m[cfg.loop_start, cfg.loop_start] = 1.0
        return m
    if loop == "cycle":
        size = cfg.num_spaces
        m = np.zeros((size, size))
        for i in range(size):
            for d in range(1, faces + 1):
                m[i, one_turn(cfg, i, d)] += 1.0 / faces
        return m
    raise ValueError(f"loop must be 'absorbing' or 'cycle', not {loop!r}")


def turns_to_loop_distribution(
    config: MouseTrapConfig | None = None, *, max_turns: int | None = None, tail: float = 1e-12
) -> FloatArray:
    """``pmf[t]`` = P(a mouse starting on START first reaches the Loop on turn ``t``).

    Computed by pushing the starting distribution through the matrix turn by turn:
    P(in the Loop after t turns) = ``(e₀ Pᵗ)[L]``, and pmf[t] is its increase.

    Args:
        config: the board.
        max_turns: stop after this many turns (default: once less than ``tail`` is left).
        tail: the probability mass allowed to remain unaccounted for.
    """
    cfg = _cfg(config)
    m = transition_matrix(cfg)
    dist = np.zeros(m.shape[0])
    dist[0] = 1.0
    pmf = [0.0]
    t = 0
    while (max_turns is None and 1.0 - dist[-1] > tail) or (max_turns is not None and t < max_turns):
        before = dist[-1]
        dist = dist @ m
        pmf.append(dist[-1] - before)
        t += 1
    return np.array(pmf)


def turns_to_loop_distribution_exact(config: MouseTrapConfig | None = None, *, max_turns: int = 40) -> list[Fraction]:
    """The same distribution in exact fractions, for turns 0..``max_turns``."""
    cfg = _cfg(config)
    p = Fraction(1, cfg.die_faces)
    dist: dict[int, Fraction] = {0: Fraction(1)}
    pmf = [Fraction(0)]
    for _ in range(max_turns):
        nxt: dict[int, Fraction] = {}
        arrived = Fraction(0)
        for pos, q in dist.items():
            for d in range(1, cfg.die_faces + 1):
                to = one_turn(cfg, pos, d)
                if to >= cfg.loop_start:
                    arrived += q * p
                else:
                    nxt[to] = nxt.get(to, Fraction(0)) + q * p
        pmf.append(arrived)
        dist = nxt
    return pmf


def fundamental_matrix(config: MouseTrapConfig | None = None) -> FloatArray:
    """``N = (I − Q)⁻¹``: ``N[i, j]`` = expected turns ending on track space ``j`` when starting from ``i``."""
    m = transition_matrix(config)
    q = m[:-1, :-1]
    return np.asarray(np.linalg.inv(np.eye(q.shape[0]) - q), dtype=np.float64)


def expected_turns_to_loop(config: MouseTrapConfig | None = None, start: int = 0) -> float:
    """The expected number of turns from ``start`` until the mouse is in the Loop."""
    n = fundamental_matrix(config)
    return float(n[start].sum())


def _solve_exact(a: list[list[Fraction]], b: list[Fraction]) -> list[Fraction]:
    """Gauss–Jordan elimination in fractions (a small dense system)."""
    size = len(b)
    rows = [[*a[i], b[i]] for i in range(size)]
    for col in range(size):
        pivot = next(r for r in range(col, size) if rows[r][col] != 0)
        rows[col], rows[pivot] = rows[pivot], rows[col]
        inv = 1 / rows[col][col]
        rows[col] = [v * inv for v in rows[col]]
        for r in range(size):
            if r != col and rows[r][col] != 0:
                f = rows[r][col]
                rows[r] = [v - f * w for v, w in zip(rows[r], rows[col], strict=True)]
    return [rows[i][size] for i in range(size)]


def expected_turns_to_loop_exact(config: MouseTrapConfig | None = None, start: int = 0) -> Fraction:
    """The expected turns to the Loop as an exact fraction: solves ``m = 1 + Q m``."""
    cfg = _cfg(config)
    size = cfg.loop_start
    p = Fraction(1, cfg.die_faces)
    a = [[Fraction(int(i == j)) for j in range(size)] for i in range(size)]
    for i in range(size):
        for d in range(1, cfg.die_faces + 1):
            to = one_turn(cfg, i, d)
            if to < size:
                a[i][to] -= p
    return _solve_exact(a, [Fraction(1)] * size)[start]


def expected_landings(config: MouseTrapConfig | None = None) -> FloatArray:
    """Expected number of times a mouse from START *lands* on each track space by a roll.

    Landing (a roll ends there, so the space is resolved) is not the same as ending a
    turn there: a BACK/AHEAD space is landed on but left at once, and the space a jump
    reaches is not landed on.
    """
    cfg = _cfg(config)
    visits = fundamental_matrix(cfg)[0]
    out = np.zeros(cfg.loop_start)
    for i in range(cfg.loop_start):
        for d in range(1, cfg.die_faces + 1):
            to = cfg.forward(i, d)
            if to < cfg.loop_start:
                out[to] += visits[i] / cfg.die_faces
    return out


def expected_parts_before_loop(config: MouseTrapConfig | None = None) -> float:
    """Trap parts a game expects to build on the track (every mouse, before the Loop).

    Counts each build space that is for this number of players (MT-B), ignoring the
    cap of a complete trap.
    """
    cfg = _cfg(config)
    landings = expected_landings(cfg)
    per_mouse = sum(landings[i] for i in range(cfg.loop_start) if cfg.can_build_on(cfg.spaces[i]))
    return float(cfg.num_players * per_mouse)


def simulate_turns_to_loop(
    n_mice: int = 100_000, seed: int = 0, config: MouseTrapConfig | None = None, *, max_turns: int = 10_000
) -> FloatArray:
    """Turns each of ``n_mice`` simulated mice needs to reach the Loop (seeded, vectorised).

    Raises:
        RuntimeError: some mouse has not arrived after ``max_turns`` turns.
    """
    cfg = _cfg(config)
    rng = np.random.default_rng(seed)
    # one lookup table: next_pos[position, roll-1] (the Loop collapsed to loop_start)
    table = np.array(
        [[min(one_turn(cfg, i, d), cfg.loop_start) for d in range(1, cfg.die_faces + 1)] for i in range(cfg.loop_start)]
        + [[cfg.loop_start] * cfg.die_faces],
        dtype=np.int64,
    )
    pos = np.zeros(n_mice, dtype=np.int64)
    turns = np.zeros(n_mice, dtype=np.int64)
    for _ in range(max_turns):
        moving = pos < cfg.loop_start
        if not moving.any():
            return turns.astype(np.float64)
        rolls = rng.integers(0, cfg.die_faces, size=n_mice)
        pos = np.where(moving, table[pos, rolls], pos)
        turns += moving
    raise RuntimeError(f"some mice did not reach the Loop in {max_turns} turns")


def space_table(config: MouseTrapConfig | None = None) -> list[tuple[int, str, float]]:
    """(position, space, expected landings) for every track space: a table for the lessons."""
    cfg = _cfg(config)
    landings = expected_landings(cfg)
    return [(i, str(cfg.spaces[i]), float(landings[i])) for i in range(cfg.loop_start)]


def loop_stationary(config: MouseTrapConfig | None = None) -> FloatArray:
    """The long-run share of turns a mouse ends on each Loop space (the cycle's stationary law)."""
    cfg = _cfg(config)
    m = transition_matrix(cfg, loop="cycle")[cfg.loop_start :, cfg.loop_start :]
    w, v = np.linalg.eig(m.T)
    k = int(np.argmin(np.abs(w - 1.0)))
    pi = np.real(v[:, k])
    return np.asarray(pi / pi.sum(), dtype=np.float64)


__all__ = [
    "expected_landings",
    "expected_parts_before_loop",
    "expected_turns_to_loop",
    "expected_turns_to_loop_exact",
    "fundamental_matrix",
    "loop_stationary",
    "one_turn",
    "simulate_turns_to_loop",
    "space_table",
    "transition_matrix",
    "turns_to_loop_distribution",
    "turns_to_loop_distribution_exact",
]
