"""A small Chop Chop kitchen for tests that want games over quickly.

Two holes, a 4×3 floor, the tiles in the middle: the walk, deadness and playout tests
play it next to the printed board (each with its own tile mix).
"""

from __future__ import annotations

SMALL = """
- - 0 - - -
- . . . . -
- . T T . 1
- . . . . -
- - - - - -
"""
