"""CC-W5 in random play: how many Chop Chop games run to the turn limit (goal: none).

Plays seeded uniformly random games (every player picks a legal action at random, chance
as the rules' odds) with the default kitchen and turn limit, and counts how each ended:
a cat win, a mice win, a draw in a dead position (CC-W5), a draw at the turn limit.
Since dead positions end at once (``ChopChop.is_dead``, reachability over the kitchen),
no game should reach the limit. Prints the counts, how long the longest game was and
the CPU time (``time.process_time``).

Run: ``python benchmarks/chop_chop_deadness.py [games] [players]`` (default 10000, 2).
"""

from __future__ import annotations

import random
import sys
import time
from collections import Counter

from boardgames_widgets.games.chop_chop.rules import CAT_SIDE, DRAW, MICE_SIDE, ChopChop, Phase


def random_game(game: ChopChop, seed: int) -> tuple[str, int, int]:
    """One seeded random game: (how it ended, turns, actions)."""
    rng = random.Random(seed)
    s = game.new_initial_state()
    actions = 0
    while s.phase is not Phase.OVER:
        if game.is_chance_node(s):
            a = game.sample_chance(s, rng)
        else:
            legal = game.legal_actions(s)
            a = legal[rng.randrange(len(legal))]
        s = game.apply_trusted(s, a)
        actions += 1
    if s.winner == CAT_SIDE:
        how = "cat wins"
    elif s.winner == MICE_SIDE:
        how = "mice win"
    elif s.winner == DRAW and s.turns >= game.cfg.max_turns:
        how = "turn limit"
    else:
        assert s.winner == DRAW and game.is_dead(s)
        how = "dead position"
    return how, s.turns, actions


def run(games: int, players: int = 2) -> Counter[str]:
    """Play ``games`` seeded random games; print and return the counts of endings."""
    game = ChopChop(num_players=players)
    ends: Counter[str] = Counter()
    longest = total = 0
    t0 = time.process_time()
    for seed in range(games):
        how, turns, actions = random_game(game, seed)
        ends[how] += 1
        longest = max(longest, turns)
        total += actions
    cpu = time.process_time() - t0
    print(f"Chop Chop, {players} players, {games} seeded random games ({total} actions, {cpu:.1f} s CPU):")
    for how in ("cat wins", "mice win", "dead position", "turn limit"):
        print(f"  {how:14} {ends[how]:6}")
    print(f"  longest game: {longest} turns (turn limit {game.cfg.max_turns})")
    return ends


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000
    p = int(sys.argv[2]) if len(sys.argv) > 2 else 2
    ends = run(n, p)
    sys.exit(1 if ends["turn limit"] else 0)
