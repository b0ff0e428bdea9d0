"""The Pig picture: one row per player (a bar toward the target), the die and the turn total.

Drawn through the :class:`~boardgames_widgets.core.painter.Painter`, so the same
:meth:`View.draw` feeds the SVG pictures and the generic widget. Its only words are
messages the other games' views already have ("Player {n}", "Game over — {name} wins!"),
so Pig's picture speaks every language of the package without a catalog entry of its own.
"""

from __future__ import annotations

from typing import Any

from boardgames_widgets.core.painter import Hit, Painter, svg_of
from boardgames_widgets.games.pig.rules import PigState
from boardgames_widgets.i18n import painter_translator

#: One colour per seat.
COLOURS: tuple[str, ...] = ("#d9534f", "#2f7bbf", "#e6b800", "#3c9d4e", "#8e5cc4", "#e07b39")
#: The picture's width, a player's row, the margin and the die's side.
WIDTH, ROW, MARGIN, DIE = 420.0, 34.0, 12.0, 56.0
#: Where each face's pips are, on a 3 × 3 grid.
PIPS: dict[int, tuple[tuple[int, int], ...]] = {
    1: ((1, 1),),
    2: ((0, 0), (2, 2)),
    3: ((0, 0), (1, 1), (2, 2)),
    4: ((0, 0), (0, 2), (2, 0), (2, 2)),
    5: ((0, 0), (0, 2), (1, 1), (2, 0), (2, 2)),
    6: ((0, 0), (0, 1), (0, 2), (2, 0), (2, 1), (2, 2)),
}


class View:
    """Pig's view in the one shape of every game (:class:`~boardgames_widgets.core.painter.BoardView`).

    Nothing is hidden, so every seat sees the same picture. A click anywhere means
    nothing in particular (:meth:`hit_test` returns the row of the player clicked on):
    the generic widget plays Pig from its list of moves.
    """

    def __init__(self, game: Any) -> None:
        self.num_players: int = game.num_players
        self.target: int = game.target

    @property
    def width(self) -> float:
        """The picture's width."""
        return WIDTH

    @property
    def height(self) -> float:
        """The rows of the players, then the die."""
        return MARGIN * 3 + ROW * self.num_players + DIE

    def draw(self, p: Painter, state: PigState, seat: int | None) -> None:
        """Draw ``state`` (the same for every ``seat``: Pig has no secrets)."""
        _ = painter_translator(p)
        bar_x, bar_w = 110.0, WIDTH - 110.0 - 60.0
        for player, score in enumerate(state.scores):
            y = MARGIN + player * ROW
            turn = player == state.player and state.winner < 0
            colour = COLOURS[player % len(COLOURS)]
            if turn or player == state.winner:
                p.rect(4, y, WIDTH - 8, ROW - 4, fill="#fff6d5", radius=6)
            p.text(MARGIN, y + ROW / 2 - 2, _("Player {n}", n=player), size=13, align="left", bold=turn)
            p.rect(bar_x, y + 6, bar_w, ROW - 16, fill="#eeeeee", stroke="#999999", radius=4)
            done = min(1.0, score / self.target)
            if done:
                p.rect(bar_x, y + 6, bar_w * done, ROW - 16, fill=colour, radius=4)
            if turn and state.turn_total:
                extra = min(1.0 - done, state.turn_total / self.target)
                p.rect(bar_x + bar_w * done, y + 6, bar_w * extra, ROW - 16, fill=colour, opacity=0.35)
            p.text(WIDTH - MARGIN, y + ROW / 2 - 2, f"{score}/{self.target}", size=13, align="right")
        y = MARGIN * 2 + ROW * self.num_players
        self._die(p, MARGIN, y, state.last_roll, rolling=state.rolling)
        if state.winner >= 0:
            words = _("Game over — {name} wins!", name=_("Player {n}", n=state.winner))
        else:
            words = f"+{state.turn_total}"
        p.text(MARGIN * 2 + DIE, y + DIE / 2, words, size=16, align="left", bold=True)

    @staticmethod
    def _die(p: Painter, x: float, y: float, face: int, *, rolling: bool) -> None:
        p.rect(x, y, DIE, DIE, fill="#ffffff", stroke="#333333", line_width=2, radius=8, opacity=0.5 if rolling else 1)
        step = DIE / 4
        for row, col in PIPS.get(face, ()):
            pip = "#d9534f" if face == 1 else "#222222"
            p.circle(x + step * (col + 1), y + step * (row + 1), 5, fill=pip)

    def hit_test(self, x: float, y: float) -> Hit | None:
        """``Hit("player", seat)`` for a click on a player's row, ``Hit("die")`` on the die, else ``None``."""
        row = int((y - MARGIN) // ROW)
        if 0 <= x <= WIDTH and 0 <= row < self.num_players and y >= MARGIN:
            return Hit("player", row)
        top = MARGIN * 2 + ROW * self.num_players
        if MARGIN <= x <= MARGIN + DIE and top <= y <= top + DIE:
            return Hit("die")
        return None

    def state_svg(self, state: PigState, seat: int | None = None) -> str:
        """The picture as an SVG document."""
        return svg_of(self, state, seat, "Pig")
