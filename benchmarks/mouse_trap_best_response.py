"""Mouse Trap, 2 players: the exact best reply to Greedy, and how far the strong bot is from it.

Issue 19 asks for "the value of the best possible policy against Greedy, computed exactly
or near-exactly, and the strong bot within 2 points of it". This script computes it by
value iteration over the real decision points, using the game's own board data.

Why the decision points are few (read off ``games/mouse_trap/rules.py``):

* With 2 players a player has exactly one opponent, so ``TAKE_CHOICE`` (splitting a take
  between *tied* richest opponents) never happens.
* The only other decision, ``AT_CRANK``, needs a complete trap: moving an opponent
  (MT-MO) needs ``move_needs_complete_trap`` satisfied, and cranking needs a complete trap
  (MT-P). So until the 16th part is built the game is a pure chance process: no policy
  can change anything before that moment.
* After it, a decision is met only on the Turn Crank: pay 1 cheese to roll the opponent's
  mouse forward (again and again, while cheese lasts), or stop (crank if the opponent sits
  on the Cheese Wheel, else end the turn). The crank itself is forced when the opponent
  is on the Wheel and there is nothing to decide.

So the game after completion is a Markov decision process for the bot (Greedy's choices
are fixed by its rule) whose states, at the start of a turn, are: who moves, both mice's
positions (47 spaces), both players' cheese (the pile is the rest of 52). That is
2 x 47 x 47 x 53 x 53 = 12.4 million numbers: small enough for value iteration with
numpy. The decision inside a Turn Crank visit (pay or stop, given the opponent's position
and the cheese) is solved inside each sweep, exactly.

The only simplification: the 500-round limit is left out (the round is not in the
state). It changes nothing measurable: random games last a median of 39 rounds and none
of 6,000 reached 250 (``benchmarks/mouse_trap_markov.py``).

The value of a policy is then the average, over the moment the trap gets complete, of
the exact value of that state. That moment's state (who moves, where the mice are, how
much cheese) comes from the real rules: ``--samples`` games are played by chance alone
up to completion (no decision can happen before). The only error left is that sampling,
reported as a 95% interval (the same sample serves every policy, so the difference
between two policies is paired and its interval narrow).

Checks, all printed:

1. The model of Greedy's rule is read from the real heuristic (``agents/mouse_trap.py``).
2. One whole turn expanded with the real rules from ``--bellman`` random states gives
   the tables' values back (to rounding): the model is the game, and it has converged.
3. Greedy against Greedy in the model averages exactly 50% over the two seats.
4. The best reply, as an agent, plays ``--check-games`` real games (``play_game``)
   against the real ``GreedyAgent``: its win share must match the model's value; and
   Greedy itself, audited as the strong bot is below, must give away what the tables say.
5. The strong bot (MCTS at ``--iterations``, its minimum budget) plays ``--strong-games``
   real games against Greedy. At each of its decisions the exact tables say how much
   winning chance its move gave away (the best move's value minus its move's value).
   By the performance difference lemma the expected sum of these over a game is exactly
   (best value − strong bot's value), so this paired estimate of the gap has a small
   interval even with few games; its raw win share is printed too.

Usage::

    python benchmarks/mouse_trap_best_response.py --samples 100000 --bellman 300 --check-games 20000 --strong-games 600
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from collections.abc import Sequence
from typing import Any

import numpy as np

from boardgames_widgets import make_game, play_game
from boardgames_widgets.agents import GreedyAgent, strong_agent
from boardgames_widgets.agents.mouse_trap import mouse_trap_heuristic
from boardgames_widgets.agents.strong import STRONG_MIN_BUDGET
from boardgames_widgets.analysis.ratings import wilson_interval
from boardgames_widgets.games.mouse_trap import rules
from boardgames_widgets.games.mouse_trap.layout import SpaceKind

GAME = make_game("mouse_trap", num_players=2)
CFG = GAME.cfg  # type: ignore[attr-defined]
N = CFG.num_spaces  # positions 0..N-1
C = CFG.cheese_supply + 1  # cheese 0..52
FACES = CFG.die_faces
SAFE = CFG.position_of(SpaceKind.SAFE)
CRANK = CFG.position_of(SpaceKind.TURN_CRANK)
WHEEL = CFG.position_of(SpaceKind.CHEESE_WHEEL)
P_WORKS = float(CFG.trap_works)


# -- the model -----------------------------------------------------------------------------------
def greedy_pays() -> np.ndarray:
    """For each position of the opponent: does Greedy pay to move it (rather than crank / end)?

    Read from the real heuristic on a real ``AT_CRANK`` state (mover on the Turn Crank, 1 cheese).
    """
    pays = np.zeros(N, dtype=bool)
    for q in range(N):
        if q == SAFE:
            continue  # a mouse on Safe cannot be moved
        state = rules.MouseTrapState(
            positions=(CRANK, q),
            caught=(False, False),
            cheese=(1, 0),
            pile=CFG.cheese_supply - 1,
            parts_built=CFG.num_parts,
            mover=0,
            phase=rules.Phase.AT_CRANK,
        )
        obs = GAME.observation(state, 0)
        legal = GAME.legal_actions(state)
        best = max(legal, key=lambda a: mouse_trap_heuristic(GAME, obs, a))
        pays[q] = isinstance(best, rules.MoveMouse)
    return pays


def cheese_maps() -> dict[SpaceKind | tuple[SpaceKind, int], np.ndarray]:
    """For each space that changes cheese: (mover, opponent) cheese before → after, as flat indices."""
    maps: dict[Any, np.ndarray] = {}
    kinds = {
        (space.kind, space.amount)
        for space in CFG.spaces
        if space.kind in (SpaceKind.TAKE, SpaceKind.TAKE3_RICHEST, SpaceKind.LOSE, SpaceKind.CHEESE_WHEEL)
    }
    for kind, amount in kinds:
        out = np.arange(C * C)
        for me in range(C):
            for opp in range(C - me):  # valid pairs only (the rest stay put and are never read)
                pile, m, o = CFG.cheese_supply - me - opp, me, opp
                if kind is SpaceKind.LOSE:
                    m -= min(amount, m)
                else:
                    want = 2 if kind is SpaceKind.CHEESE_WHEEL else amount
                    got = 0 if kind is SpaceKind.TAKE3_RICHEST else min(want, pile)
                    rob = min(want - got, o)
                    m, o = m + got + rob, o - rob
                out[me * C + opp] = m * C + o
        maps[(kind, amount)] = out
    return maps


class Model:
    """Exact values after the trap is complete. ``bot[p_me, p_opp, c_me, c_opp]`` is the bot's
    chance to win with the bot to roll; ``greedy[...]`` the same with Greedy to roll
    ("me" is always the player to move)."""

    def __init__(self, bot_policy: str) -> None:
        self.bot_policy = bot_policy  # "best" or "greedy"
        self.pays = greedy_pays()
        self.maps = cheese_maps()
        self.fwd = np.array([[CFG.forward(q, d) for d in range(1, FACES + 1)] for q in range(N)])
        self.bot = np.full((N, N, C, C), 0.5)
        self.greedy = np.full((N, N, C, C), 0.5)
        self._bot_crank: np.ndarray | None = None  # the bot's Turn Crank values, once solved

    def crank_visit(self, after: np.ndarray, bot_moves: bool) -> np.ndarray:
        """Values on landing on the Turn Crank, ``[q, c_me, c_opp]`` (q: the opponent's position),
        given ``after[p_me, p_opp, c_me, c_opp]``, the values once the turn has passed."""
        end = after[CRANK]  # end the turn: [q, c_me, c_opp]
        crank = P_WORKS * (1.0 if bot_moves else 0.0) + (1 - P_WORKS) * end[SAFE]  # [c_me, c_opp]
        stop = end.copy()
        stop[WHEEL] = crank
        a: np.ndarray = np.empty_like(end)
        a[:, 0, :] = stop[:, 0, :]
        movable = np.arange(N) != SAFE
        for c in range(1, C):
            pay = a[self.fwd, c - 1, :].mean(axis=1)  # [q, c_opp]
            if bot_moves and self.bot_policy == "best":
                choice = np.maximum(pay, stop[:, c, :])
            else:
                choice = np.where(self.pays[:, None], pay, stop[:, c, :])
            a[:, c, :] = np.where(movable[:, None], choice, stop[:, c, :])
        return a

    def sweep(self, bot_moves: bool) -> float:
        """One update of the values with ``bot_moves`` to roll; returns the largest change."""
        nxt = self.greedy if bot_moves else self.bot
        after = nxt.transpose(1, 0, 3, 2)  # [p_me, p_opp, c_me, c_opp] once the turn has passed
        flat = after.reshape(N, N, C * C)
        crank = self.crank_visit(after, bot_moves)
        new = np.zeros((N, N, C, C))
        view = new.reshape(N, N, C * C)
        for p in range(N):
            acc = view[p]
            for d in range(1, FACES + 1):
                to = CFG.forward(p, d)
                space = CFG.spaces[to]
                if space.kind in (SpaceKind.BACK, SpaceKind.AHEAD):
                    acc += flat[CFG.jump(to)]
                elif space.kind is SpaceKind.TURN_CRANK:
                    acc += crank.reshape(N, C * C)
                elif (space.kind, space.amount) in self.maps:
                    acc += flat[to][:, self.maps[(space.kind, space.amount)]]
                else:  # build (the trap is complete), dog bone, safe: nothing happens
                    acc += flat[to]
            acc /= FACES
        old = self.bot if bot_moves else self.greedy
        change = float(np.abs(new - old).max())
        if bot_moves:
            self.bot = new
        else:
            self.greedy = new
        return change

    def solve(self, tol: float = 1e-12, max_sweeps: int = 20000) -> int:
        """Value iteration (the two movers in turn) until no value moves by ``tol``."""
        for k in range(1, max_sweeps + 1):
            change = max(self.sweep(True), self.sweep(False))
            if change < tol:
                return k
        raise RuntimeError("value iteration did not converge")

    def value(self, state: rules.MouseTrapState, bot_seat: int) -> float:
        """The bot's exact chance to win from a state at the start of a turn, trap complete."""
        o = 1 - bot_seat
        if state.mover == bot_seat:
            return float(
                self.bot[state.positions[bot_seat], state.positions[o], state.cheese[bot_seat], state.cheese[o]]
            )
        return float(
            self.greedy[state.positions[o], state.positions[bot_seat], state.cheese[o], state.cheese[bot_seat]]
        )

    def q_values(self, state: rules.MouseTrapState) -> tuple[float, float]:
        """At the bot's Turn Crank decision: (value of paying to move, value of stopping)."""
        if self._bot_crank is None:
            self._bot_crank = self.crank_visit(self.greedy.transpose(1, 0, 3, 2), True)
        a = self._bot_crank
        me, o = state.mover, 1 - state.mover
        q, cm, co = state.positions[o], state.cheese[me], state.cheese[o]
        pay = float(a[self.fwd[q], cm - 1, co].mean())
        end = self.greedy.transpose(1, 0, 3, 2)[CRANK]
        stop = P_WORKS + (1 - P_WORKS) * float(end[SAFE, cm, co]) if q == WHEEL else float(end[q, cm, co])
        return pay, stop


def policy_differences(model: Model) -> dict[int, tuple[int, float]]:
    """Where the best reply's choice on the Turn Crank differs from Greedy's rule, by the opponent's
    position: how many (cheese, cheese) decisions, and the largest winning chance at stake."""
    a = model.crank_visit(model.greedy.transpose(1, 0, 3, 2), True)
    end = model.greedy.transpose(1, 0, 3, 2)[CRANK]
    out: dict[int, tuple[int, float]] = {}
    for q in range(N):
        if q == SAFE:
            continue
        count, worst = 0, 0.0
        for cm in range(1, C):
            for co in range(C - cm):
                pay = float(a[model.fwd[q], cm - 1, co].mean())
                stop = P_WORKS + (1 - P_WORKS) * float(end[SAFE, cm, co]) if q == WHEEL else float(end[q, cm, co])
                if (pay > stop + 1e-12) != bool(model.pays[q]) and abs(pay - stop) > 1e-12:
                    count += 1
                    worst = max(worst, abs(pay - stop))
        if count:
            out[q] = (count, worst)
    return out


# -- sampling the moment the trap is complete ------------------------------------------------------
def completion_states(samples: int, seed: int) -> list[rules.MouseTrapState]:
    """The state at the start of the first turn with a complete trap, in ``samples`` games of chance."""
    out = []
    rng = random.Random(seed)
    for _ in range(samples):
        state = GAME.new_initial_state()
        while state.parts_built < CFG.num_parts or state.phase is not rules.Phase.ROLL:
            assert GAME.is_chance_node(state), "a decision before the trap is complete"
            state = GAME.apply(state, GAME.sample_chance(state, rng))
        out.append(state)
    return out


def mean_interval(values: Sequence[float]) -> tuple[float, float, float]:
    """Mean and its 95% normal interval."""
    mean = statistics.fmean(values)
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values))
    return mean, mean - half, mean + half


# -- checking the model against the real rules -----------------------------------------------------
def bellman_gap(model: Model, states: Sequence[rules.MouseTrapState], bot_seat: int) -> float:
    """The largest gap between the tables and one real turn played from each state.

    From each state (a complete trap, start of a turn), the turn is expanded with the real
    rules (``GAME.chance_outcomes`` and ``GAME.apply``) over every die roll and crank outcome,
    with the bot's choices made to maximise and Greedy's by its real heuristic, down to the
    start of the next turn, where the tables give the value. If the tables are the game's
    values, nothing changes (up to rounding): this checks both the model of the rules
    and that value iteration has converged.
    """
    memo: dict[tuple[Any, ...], float] = {}

    def expect(state: rules.MouseTrapState, first: bool) -> float:
        if GAME.is_terminal(state):
            return float(GAME.returns(state)[bot_seat])
        if state.phase is rules.Phase.ROLL and not first:
            return model.value(state, bot_seat)
        key = (state.positions, state.cheese, state.mover, state.phase, state.moving, first)
        if key in memo:
            return memo[key]
        if GAME.is_chance_node(state):
            v = sum(float(p) * expect(GAME.apply(state, a), False) for a, p in GAME.chance_outcomes(state))
        else:
            legal = GAME.legal_actions(state)
            if state.mover == bot_seat and model.bot_policy == "best":
                v = max(expect(GAME.apply(state, a), False) for a in legal)
            else:
                obs = GAME.observation(state, state.mover)
                choice = max(legal, key=lambda a: mouse_trap_heuristic(GAME, obs, a))
                v = expect(GAME.apply(state, choice), False)
        memo[key] = v
        return v

    return max(abs(expect(s, True) - model.value(s, bot_seat)) for s in states)


def random_states(count: int, seed: int) -> list[rules.MouseTrapState]:
    """Start-of-turn states with a complete trap: mice anywhere, cheese anyhow (sum at most 52)."""
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        a = rng.randrange(C)
        b = rng.randrange(C - a)
        cheese = (a, b) if rng.random() < 0.5 else (b, a)
        out.append(
            rules.MouseTrapState(
                positions=(rng.randrange(N), rng.randrange(N)),
                caught=(False, False),
                cheese=cheese,
                pile=CFG.cheese_supply - a - b,
                parts_built=CFG.num_parts,
                mover=rng.randrange(2),
                phase=rules.Phase.ROLL,
            )
        )
    return out


# -- agents that read the tables -------------------------------------------------------------------
class BestReply:
    """Plays the best reply to Greedy from the exact tables (2-player Mouse Trap only)."""

    name = "best reply"

    def __init__(self, model: Model) -> None:
        self.model = model
        self.cache: dict[tuple[int, ...], tuple[float, float]] = {}

    def q(self, state: rules.MouseTrapState) -> tuple[float, float]:
        key = (*state.positions, *state.cheese, state.mover)
        if key not in self.cache:
            self.cache[key] = self.model.q_values(state)
        return self.cache[key]

    def act(self, observation: Any, legal_actions: Sequence[Any], rng: random.Random) -> Any:
        pay, stop = self.q(observation.state)
        want = rules.MoveMouse if pay > stop else (rules.Crank, rules.EndTurn)
        return next(a for a in legal_actions if isinstance(a, want))


class Audited:
    """Wraps the strong bot: plays its moves and adds up the winning chance each one gives away."""

    def __init__(self, agent: Any, reply: BestReply) -> None:
        self.agent, self.reply = agent, reply
        self.name = agent.name
        self.loss = 0.0
        self.decisions = 0
        self.mistakes = 0

    def act(self, observation: Any, legal_actions: Sequence[Any], rng: random.Random) -> Any:
        action = self.agent.act(observation, legal_actions, rng)
        pay, stop = self.reply.q(observation.state)
        chosen = pay if isinstance(action, rules.MoveMouse) else stop
        self.decisions += 1
        self.loss += max(pay, stop) - chosen
        self.mistakes += chosen < max(pay, stop) - 1e-12
        return action


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--samples", type=int, default=100000, help="games of chance up to the complete trap")
    parser.add_argument("--check-games", type=int, default=20000, help="real games, best reply vs Greedy")
    parser.add_argument("--strong-games", type=int, default=600, help="real games, strong bot vs Greedy")
    parser.add_argument("--iterations", type=int, default=STRONG_MIN_BUDGET["mouse_trap"])
    parser.add_argument("--bellman", type=int, default=300, help="random states for the check against the rules")
    parser.add_argument("--seed", type=int, default=19)
    args = parser.parse_args()
    print("$ python benchmarks/mouse_trap_best_response.py " + " ".join(sys.argv[1:]), flush=True)

    t0 = time.perf_counter()
    pays = greedy_pays()
    print(f"\nGreedy pays to move the opponent from positions {[int(q) for q in np.flatnonzero(pays)]}")
    print(f"(Safe {SAFE}, Turn Crank {CRANK}, Cheese Wheel {WHEEL}; P(trap works) = {P_WORKS:.4f})")
    best, greedy = Model("best"), Model("greedy")
    sweeps = best.solve(), greedy.solve()
    print(f"value iteration: {sweeps[0]} and {sweeps[1]} sweeps to 1e-12, {time.perf_counter() - t0:.0f} s")
    t0 = time.perf_counter()
    checks = random_states(args.bellman, args.seed)
    gaps = [bellman_gap(model, checks, seat) for model in (best, greedy) for seat in (0, 1)]
    print(
        f"check against the real rules: one turn expanded with GAME.apply from {len(checks)} random states "
        f"(both seats, both models): largest gap {max(gaps):.1e}, {time.perf_counter() - t0:.0f} s"
    )

    differ = policy_differences(best)
    total = sum(n for n, _ in differ.values())
    print(f"the best reply stops where Greedy pays, or pays where Greedy stops, in {total:,} of the")
    print(
        f"{(N - 1) * sum(C - c for c in range(1, C)):,} Turn Crank decisions (opponent's position: how many, largest value gap):"
    )
    print("  " + "; ".join(f"{q}: {n:,}, {100 * gap:.2f} pt" for q, (n, gap) in sorted(differ.items())))

    t0 = time.perf_counter()
    starts = completion_states(args.samples, args.seed)
    print(f"{args.samples:,} games of chance up to the complete trap, {time.perf_counter() - t0:.0f} s")
    rounds = [s.round for s in starts]
    print(
        f"  trap complete in round: median {statistics.median(rounds):.0f}, 5%-95% "
        f"{np.percentile(rounds, 5):.0f}-{np.percentile(rounds, 95):.0f}"
    )

    print("\nValue against Greedy (exact after completion; 95% interval from the sampled completion states)")
    rows = {}
    for name, model in (("best reply", best), ("Greedy itself", greedy)):
        per_seat = [[model.value(s, seat) for s in starts] for seat in (0, 1)]
        both = [(a + b) / 2 for a, b in zip(*per_seat, strict=True)]
        rows[name] = both
        m, lo, hi = mean_interval(both)
        s0, s1 = (statistics.fmean(v) for v in per_seat)
        print(
            f"  {name:14s} {100 * m:.2f}% ({100 * lo:.2f}-{100 * hi:.2f})   seat 1 {100 * s0:.2f}%, seat 2 {100 * s1:.2f}%"
        )
    gain = [a - b for a, b in zip(rows["best reply"], rows["Greedy itself"], strict=True)]
    m, lo, hi = mean_interval(gain)
    print(f"  best reply − Greedy, paired: {100 * m:+.3f} points ({100 * lo:+.3f} to {100 * hi:+.3f})")

    reply = BestReply(best)
    if args.check_games:
        t0 = time.perf_counter()
        scores = []
        for i in range(args.check_games):
            seat = i % 2
            agents: list[Any] = [GreedyAgent(), GreedyAgent()]
            agents[seat] = reply
            record = play_game(GAME, agents, seed=f"br/{args.seed}/{i // 2}")
            assert record.returns is not None
            scores.append(record.returns[seat])
        given = []
        for i in range(args.check_games):
            seat = i % 2
            audited = Audited(GreedyAgent(), reply)
            agents = [GreedyAgent(), GreedyAgent()]
            agents[seat] = audited
            play_game(GAME, agents, seed=f"br/{args.seed}/{i // 2}")
            given.append(audited.loss)
        gm, glo, ghi = mean_interval(given)
        print(
            f"\nCheck of the paired estimate used for the strong bot below: Greedy itself, audited in "
            f"{len(given):,} real games, gives away {100 * gm:.3f} points a game (95% CI {100 * glo:.3f} to "
            f"{100 * ghi:.3f}); the tables say best − Greedy = {100 * statistics.fmean(gain):.3f}"
        )
        lo, hi = wilson_interval(sum(scores), len(scores))
        print(
            f"Check: the best reply in {len(scores):,} real games against GreedyAgent (play_game, both seats): "
            f"{100 * statistics.fmean(scores):.1f}% ({100 * lo:.1f}-{100 * hi:.1f}), {time.perf_counter() - t0:.0f} s"
        )

    if args.strong_games:
        t0 = time.perf_counter()
        losses, scores, decisions, mistakes = [], [], 0, 0
        for i in range(args.strong_games):
            seat = i % 2
            bot = Audited(strong_agent(GAME, iterations=args.iterations), reply)
            agents = [GreedyAgent(), GreedyAgent()]
            agents[seat] = bot
            record = play_game(GAME, agents, seed=f"mt2/{i // 2}")
            assert record.returns is not None
            scores.append(record.returns[seat])
            losses.append(bot.loss)
            decisions += bot.decisions
            mistakes += bot.mistakes
            if (i + 1) % 100 == 0 and i + 1 < args.strong_games:  # running figures, in case of a stop
                print(
                    f"  ... {i + 1} games: win share {100 * statistics.fmean(scores):.1f}%, given away "
                    f"{100 * statistics.fmean(losses):.3f} points a game, {mistakes} moves not the best reply's",
                    flush=True,
                )
        lo, hi = wilson_interval(sum(scores), len(scores))
        m, glo, ghi = mean_interval(losses)
        print(
            f"\nStrong bot (MCTS, {args.iterations:,} iterations a move) in {len(scores)} real games against Greedy "
            f"(both seats), {time.perf_counter() - t0:.0f} s"
        )
        print(f"  win share {100 * statistics.fmean(scores):.1f}% ({100 * lo:.1f}-{100 * hi:.1f})")
        print(f"  decisions {decisions:,}; moves other than the best reply's {mistakes:,}")
        print(
            f"  winning chance given away per game (= best value − its value): {100 * m:.3f} points "
            f"(95% CI {100 * glo:.3f} to {100 * ghi:.3f})"
        )


if __name__ == "__main__":
    main()
