"""Write an SVG picture of a finished (seeded, random) game of every registered game.

Usage (from the project root): python docs/make_pictures.py
The README and the docs show these files; re-run after changing a view.
"""

from __future__ import annotations

import pathlib

import boardgames_widgets as bw
from boardgames_widgets.core.registry import game_ids

OUT = pathlib.Path(__file__).parent / "images"
#: Seeds chosen to give a representative finished game of each.
SEEDS = {"food_chain": 1}


def main() -> None:
    OUT.mkdir(exist_ok=True)
    for gid in game_ids():
        game = bw.make_game(gid, num_players=2)
        record = bw.play_game(game, [bw.RandomAgent()] * game.num_players, seed=SEEDS.get(gid, 1))
        path = OUT / f"{gid}.svg"
        path.write_text(game.state_svg(record.final_state()), encoding="utf-8")
        print("wrote", path)


if __name__ == "__main__":
    main()
