"""Boards fit a laptop at full size: every view is at most :data:`MAX_BOARD_WIDTH` wide and
draws no text smaller than :data:`MIN_TEXT_PX` (issue 20, "minimum text size 12 CSS px").

At 1024×768 in JupyterLab 4 with the file browser open, a notebook's output area is 592 CSS
px wide (measured with Chromium; ``tests/browser/test_browser_layout.py`` checks the canvas
is shown at full size there). A board no wider than 560 px is drawn at 100 % in any output
area of at least 560 px, so a 12-px font in the view is 12 CSS px on screen.

Every game of the registry, its smallest and largest table, seeded random states (the
terminal one too), every seat and the teacher's view, in all four languages.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from random_states import random_states

from boardgames_widgets import i18n
from boardgames_widgets.core.painter import board_view
from boardgames_widgets.core.registry import game_class, game_ids, make_game

#: The widest board that is still drawn at 100 % in a 560-px output area.
MAX_BOARD_WIDTH = 560
#: The smallest text a player has to read, in CSS px at 100 % zoom.
MIN_TEXT_PX = 12.0


class TextProbe:
    """A painter that draws nothing and records every text with its size on screen."""

    def __init__(self, width: float = 0.0, height: float = 0.0) -> None:
        self.width, self.height = width, height
        self.texts: list[tuple[float, str]] = []
        self._scale = 1.0

    def rect(self, *args: Any, **kwargs: Any) -> None:
        pass

    circle = ellipse = polygon = line = rect

    def text(self, x: float, y: float, text: str, *, size: float = 12, **kwargs: Any) -> None:
        if text.strip():
            self.texts.append((size * self._scale, text))

    @contextmanager
    def transform(self, dx: float = 0.0, dy: float = 0.0, scale: float = 1.0) -> Iterator[None]:
        before = self._scale
        self._scale *= scale
        try:
            yield
        finally:
            self._scale = before


def player_counts(game_id: str) -> list[int]:
    info = game_class(game_id).info  # type: ignore[attr-defined]
    return sorted({info.min_players, info.max_players})


def smallest_texts(game_id: str, lang: str) -> tuple[float, list[str], float]:
    """The smallest text size drawn, the texts of that size, and the widest view."""
    smallest, which, widest = float("inf"), [], 0.0
    for n in player_counts(game_id):
        game = make_game(game_id, num_players=n)
        view = board_view(game)
        widest = max(widest, view.width)
        states = random_states(game, 2, seed=20, terminal=True)
        for state in [*states[:: max(1, len(states) // 10)], states[-1]]:
            for seat in [None, *range(n)]:
                probe = TextProbe(view.width, view.height)
                view.draw(probe, state, seat)
                for size, text in probe.texts:
                    if size < smallest - 1e-9:
                        smallest, which = size, [text]
                    elif abs(size - smallest) < 1e-9 and text not in which:
                        which.append(text)
    return smallest, which[:8], widest


@pytest.mark.parametrize("lang", ["en", "lv", "ru", "he"])
@pytest.mark.parametrize("game_id", game_ids())
def test_every_board_fits_a_laptop_at_full_size_with_readable_text(game_id: str, lang: str) -> None:
    i18n.set_language(lang)
    try:
        smallest, texts, widest = smallest_texts(game_id, lang)
    finally:
        i18n.set_language(None)
    assert widest <= MAX_BOARD_WIDTH, f"{game_id} is {widest:.0f} px wide (at most {MAX_BOARD_WIDTH})"
    assert smallest >= MIN_TEXT_PX, f"{game_id} draws {texts} at {smallest:.1f} px (at least {MIN_TEXT_PX})"


def test_the_probe_sees_a_small_text_and_a_scaled_one() -> None:
    """The harness can fail: a 9-px text and a 16-px text drawn at half scale are both found."""
    probe = TextProbe()
    probe.text(0, 0, "nine", size=9)
    with probe.transform(scale=0.5):
        probe.text(0, 0, "eight", size=16)
    assert probe.texts == [(9, "nine"), (8.0, "eight")]
