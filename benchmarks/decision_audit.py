"""Decision audit: where does the strong bot disagree with Greedy, and what is it worth?

Greedy plays Greedy (2 players, seeded games). At every real decision (more than one
legal action) the strong bot searches the same position with a fixed number of
iterations; the audit counts how often its choice is one Greedy would also make
(one of Greedy's best-scored actions), per kind of decision, and how much better
the search thinks its own choice is where they differ: the mean value gap (a chance
of winning, from the search's root values) and that gap summed per game.

The summed gap per game estimates what *improving Greedy's decisions one at a time*
could gain: if it is a fraction of a percentage point, no bot that plays better
moves in Greedy's positions can beat Greedy by much. (It is the search's estimate,
not a proof: its values are Monte-Carlo means with sampling error.)

Usage::

    python benchmarks/decision_audit.py --game mouse_trap --iterations 3000 --games 60
"""

from __future__ import annotations

import argparse
import random
from collections import Counter
from typing import Any

from boardgames_widgets import make_game, play_game
from boardgames_widgets.agents import GreedyAgent, strong_agent
from boardgames_widgets.agents.greedy import HEURISTICS


class Auditor:
    """A Greedy player that asks the strong bot about every decision it makes."""

    def __init__(self, game: Any, tally: Counter[tuple[str, bool]], gaps: list[float], iterations: int) -> None:
        self.game, self.tally, self.gaps = game, tally, gaps
        self.greedy = GreedyAgent(game)
        self.heuristic = HEURISTICS[game.info.id]
        self.bot = strong_agent(game, iterations=iterations)
        self.searches = 0

    def act(self, observation: Any, legal: list[Any], rng: random.Random) -> Any:
        if len(legal) > 1:
            scores = [self.heuristic(self.game, observation, a) for a in legal]
            greedy_best = {a for a, s in zip(legal, scores, strict=True) if s == max(scores)}
            self.searches += 1
            result = self.bot.search(observation, random.Random(self.searches))
            kind = " or ".join(sorted({type(a).__name__ for a in legal}))
            agree = result.action in greedy_best
            self.tally[(kind, agree)] += 1
            if not agree:
                best_greedy_value = max(result.values.get(a, 0.0) for a in greedy_best)
                self.gaps.append(result.values[result.action] - best_greedy_value)
        return self.greedy.act(observation, legal, rng)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default="mouse_trap")
    parser.add_argument("--iterations", type=int, default=3000, help="strong bot's iterations per decision")
    parser.add_argument("--games", type=int, default=60)
    args = parser.parse_args()
    game = make_game(args.game, num_players=2)
    tally: Counter[tuple[str, bool]] = Counter()
    gaps: list[float] = []
    for seed in range(args.games):
        play_game(game, [Auditor(game, tally, gaps, args.iterations) for _ in range(2)], seed=seed)
    decisions = sum(tally.values())
    print(
        f"$ python benchmarks/decision_audit.py --game {args.game} --iterations {args.iterations} --games {args.games}"
    )
    print(f"\n{args.game}, Greedy vs Greedy, {args.games} games: {decisions / args.games:.1f} real decisions per game")
    kinds = sorted({k for k, _ in tally})
    width = max(len(k) for k in [*kinds, "choice between"])
    print(f"{'choice between'.ljust(width)}  decisions  strong bot agrees with Greedy")
    for kind in kinds:
        n = tally[(kind, True)] + tally[(kind, False)]
        print(f"{kind.ljust(width)}  {n:9d}  {tally[(kind, True)] / n:.1%}")
    total_agree = sum(v for (_, agree), v in tally.items() if agree)
    print(f"{'all'.ljust(width)}  {decisions:9d}  {total_agree / decisions:.1%}")
    mean_gap = sum(gaps) / len(gaps) if gaps else 0.0
    print(
        f"where they differ: mean value gap {mean_gap:.3f} (chance of winning); "
        f"summed per game {sum(gaps) / args.games:.4f} (= {100 * sum(gaps) / args.games:.2f} points of win rate)"
    )


if __name__ == "__main__":
    main()
