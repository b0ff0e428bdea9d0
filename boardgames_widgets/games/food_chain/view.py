"""Food Chain pictures, drawn once through the :class:`~boardgames_widgets.core.painter.Painter`.

The same :func:`draw` feeds the SVG pictures (``_repr_svg_``, docs, README) and
the live canvas widget. :class:`FoodChainLayout` holds the geometry and a pure
:meth:`~FoodChainLayout.hit_test` that turns a click into a board cell or a hand card.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from boardgames_widgets.core.painter import Hit, Painter, SVGPainter
from boardgames_widgets.games.food_chain.rules import (
    CAT,
    CHEESE,
    CHEESE_SHAPES,
    CHEESE_VALUES,
    DOG,
    MOUSE,
    OPENING_DRAWS,
    SQUARE_SIDE,
    START,
    Card,
    FoodChainState,
    score,
)
from boardgames_widgets.i18n import Translator, painter_translator

PLAYER_COLOURS = ("#d9534f", "#2f7bbf", "#3c9d4e", "#9b59b6")
TABLE_COLOUR = "#e8d9b5"
OUTSIDE_COLOUR = "#d8cfbd"
CARD_COLOUR = "#fffaf0"
HIGHLIGHT = "#ffe066"
REMOVAL_COLOURS = {1: "#8e44ad", 2: "#c0392b", 3: "#d35400"}
#: The widest picture, so that it is shown at 100 % in a 560-px notebook output (issue 20).
MAX_WIDTH = 560.0
#: The smallest text drawn, in px (issue 20: at least 12 CSS px at 100 % zoom).
MIN_TEXT = 12.0


@dataclass(frozen=True)
class FoodChainLayout:
    """Geometry of a Food Chain picture.

    The board window spans rows and columns ``-(N-1) … N-1`` around the start
    card, which holds every position the N × N rule (FC-T2) can ever allow. Cells
    are as big as :data:`MAX_WIDTH` allows (at most 46 px); hand cards have one
    size for every table, so a four-player hand is as readable as a two-player one.
    """

    num_players: int
    cell: float = 0.0
    margin: float = 12.0
    header: float = 34.0

    def __post_init__(self) -> None:
        if not self.cell:
            object.__setattr__(self, "cell", min(46.0, (MAX_WIDTH - 2 * self.margin) / self.span))

    @property
    def side(self) -> int:
        """N, the side of the square (FC-T2)."""
        return SQUARE_SIDE[self.num_players]

    @property
    def span(self) -> int:
        """Cells across the board window."""
        return 2 * self.side - 1

    @property
    def board_size(self) -> float:
        return self.span * self.cell

    @property
    def hand_card(self) -> tuple[float, float]:
        """Width and height of a card in a hand (room for :data:`MAX_HAND` of them in :data:`MAX_WIDTH`)."""
        return 52.0, 66.0

    @property
    def hand_top(self) -> float:
        return self.header + self.board_size + 2 * self.margin

    @property
    def width(self) -> float:
        return self.board_size + 2 * self.margin

    def height(self, hand_rows: int = 1) -> float:
        return self.hand_top + hand_rows * (self.hand_card[1] + 22) + self.margin

    def cell_xy(self, row: int, col: int) -> tuple[float, float]:
        """Top-left corner of board cell (row, col)."""
        k = self.side - 1
        return self.margin + (col + k) * self.cell, self.header + self.margin + (row + k) * self.cell

    def hand_xy(self, index: int, hand_row: int = 0) -> tuple[float, float]:
        """Top-left corner of the ``index``-th card of a hand shown in row ``hand_row``."""
        w, h = self.hand_card
        return self.margin + 70 + index * (w + 4), self.hand_top + 18 + hand_row * (h + 22)

    def hit_test(self, x: float, y: float) -> tuple[str, int, int] | None:
        """What a click at (x, y) points at: ``("cell", row, col)``, ``("hand", index, 0)`` or None."""
        k = self.side - 1
        bx, by = x - self.margin, y - self.header - self.margin
        if 0 <= bx < self.board_size and 0 <= by < self.board_size:
            return ("cell", int(by // self.cell) - k, int(bx // self.cell) - k)
        w, h = self.hand_card
        x0, y0 = self.hand_xy(0)
        if y0 <= y < y0 + h and x >= x0:
            i = int((x - x0) // (w + 4))
            if x - x0 - i * (w + 4) <= w:
                return ("hand", i, 0)
        return None


# -- card art ----------------------------------------------------------------------------
def draw_card(p: Painter, card: Card, x: float, y: float, w: float, h: float, *, faded: bool = False) -> None:
    """One card with its animal or cheese drawn in code (no image files)."""
    opacity = 0.35 if faded else 1.0
    p.rect(
        x + 1.5,
        y + 1.5,
        w - 3,
        h - 3,
        fill=CARD_COLOUR,
        stroke="#6b5b45",
        line_width=1.2,
        radius=w * 0.12,
        opacity=opacity,
    )
    cx, cy, s = x + w / 2, y + h / 2, min(w, h) * 0.36
    kind = card.kind
    if kind == DOG:
        p.ellipse(cx - s * 0.75, cy - s * 0.1, s * 0.32, s * 0.6, fill="#6b4226", opacity=opacity)
        p.ellipse(cx + s * 0.75, cy - s * 0.1, s * 0.32, s * 0.6, fill="#6b4226", opacity=opacity)
        p.circle(cx, cy, s * 0.78, fill="#b5793f", opacity=opacity)
        p.ellipse(cx, cy + s * 0.3, s * 0.42, s * 0.3, fill="#e9c9a0", opacity=opacity)
        p.circle(cx, cy + s * 0.18, s * 0.14, fill="#222", opacity=opacity)
        _eyes(p, cx, cy - s * 0.2, s, opacity)
    elif kind == CAT:
        for sign in (-1, 1):
            p.polygon(
                [
                    (cx + sign * s * 0.75, cy - s * 0.2),
                    (cx + sign * s * 0.6, cy - s * 1.0),
                    (cx + sign * s * 0.15, cy - s * 0.6),
                ],
                fill="#e67e22",
                opacity=opacity,
            )
        p.circle(cx, cy, s * 0.75, fill="#f39c12", opacity=opacity)
        _eyes(p, cx, cy - s * 0.12, s, opacity, colour="#2e7d32")
        p.polygon(
            [(cx - s * 0.1, cy + s * 0.15), (cx + s * 0.1, cy + s * 0.15), (cx, cy + s * 0.28)],
            fill="#c0392b",
            opacity=opacity,
        )
        for sign in (-1, 1):
            for dy in (0.2, 0.35):
                p.line(
                    cx + sign * s * 0.2,
                    cy + s * dy,
                    cx + sign * s * 0.95,
                    cy + s * (dy - 0.1),
                    stroke="#5d4037",
                    line_width=0.8,
                )
    elif kind == MOUSE:
        p.circle(cx - s * 0.55, cy - s * 0.5, s * 0.38, fill="#9e9e9e", opacity=opacity)
        p.circle(cx + s * 0.55, cy - s * 0.5, s * 0.38, fill="#9e9e9e", opacity=opacity)
        p.circle(cx - s * 0.55, cy - s * 0.5, s * 0.22, fill="#f8bbd0", opacity=opacity)
        p.circle(cx + s * 0.55, cy - s * 0.5, s * 0.22, fill="#f8bbd0", opacity=opacity)
        p.ellipse(cx, cy + s * 0.1, s * 0.58, s * 0.62, fill="#bdbdbd", opacity=opacity)
        _eyes(p, cx, cy, s * 0.7, opacity)
        p.circle(cx, cy + s * 0.5, s * 0.1, fill="#e91e63", opacity=opacity)
    elif kind == CHEESE:
        colour = PLAYER_COLOURS[card.owner % len(PLAYER_COLOURS)]
        p.polygon(
            [(cx - s, cy + s * 0.6), (cx + s, cy + s * 0.6), (cx + s, cy - s * 0.1), (cx - s, cy + s * 0.05)],
            fill="#f7c948",
            stroke="#c99a06",
            line_width=1.0,
            opacity=opacity,
        )
        p.polygon(
            [(cx - s, cy + s * 0.05), (cx + s, cy - s * 0.1), (cx + s * 0.2, cy - s * 0.7)],
            fill="#ffe27a",
            stroke="#c99a06",
            line_width=1.0,
            opacity=opacity,
        )
        p.circle(cx - s * 0.45, cy + s * 0.3, s * 0.12, fill="#e0a800", opacity=opacity)
        p.circle(cx + s * 0.5, cy + s * 0.25, s * 0.09, fill="#e0a800", opacity=opacity)
        p.text(cx + s * 0.05, cy + s * 0.28, str(card.value), size=max(MIN_TEXT, s * 0.8), fill="#5a3d00", bold=True)
        shape_marker(
            p, CHEESE_SHAPES[card.owner % len(CHEESE_SHAPES)], x + w * 0.2, y + h * 0.2, min(w, h) * 0.1, colour
        )
    elif kind == START:
        pts = []
        for i in range(10):
            r = s * (0.9 if i % 2 == 0 else 0.4)
            a = -math.pi / 2 + i * math.pi / 5
            pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
        p.polygon(pts, fill="#f1c40f", stroke="#b7950b", line_width=1.0, opacity=opacity)


def _eyes(p: Painter, cx: float, cy: float, s: float, opacity: float, colour: str = "#222") -> None:
    for sign in (-1, 1):
        p.circle(cx + sign * s * 0.28, cy, s * 0.12, fill="#fff", opacity=opacity)
        p.circle(cx + sign * s * 0.28, cy, s * 0.07, fill=colour, opacity=opacity)


def shape_marker(p: Painter, shape: str, cx: float, cy: float, r: float, colour: str) -> None:
    """A player's cheese-set shape (FC-S1) in their colour."""
    if shape == "circle":
        p.circle(cx, cy, r, fill=colour)
    elif shape == "square":
        p.rect(cx - r, cy - r, 2 * r, 2 * r, fill=colour)
    elif shape == "diamond":
        p.polygon([(cx, cy - r * 1.2), (cx + r * 1.2, cy), (cx, cy + r * 1.2), (cx - r * 1.2, cy)], fill=colour)
    else:
        p.polygon([(cx, cy - r * 1.2), (cx + r * 1.1, cy + r * 0.8), (cx - r * 1.1, cy + r * 0.8)], fill=colour)


# -- the whole picture ----------------------------------------------------------------------
def allowed_window(state: FoodChainState) -> tuple[int, int, int, int] | None:
    """Rows and columns (rmin, rmax, cmin, cmax) that the N × N rule (FC-T2) still allows."""
    if not state.table:
        return None
    n = SQUARE_SIDE[state.num_players]
    rows = [p.row for p in state.table]
    cols = [p.col for p in state.table]
    return max(rows) - n + 1, min(rows) + n - 1, max(cols) - n + 1, min(cols) + n - 1


def draw(
    p: Painter,
    state: FoodChainState,
    *,
    player: int | None = None,
    highlights: Collection[tuple[int, int]] = (),
    selected: int | None = None,
    layout: FoodChainLayout | None = None,
    removal_steps: int | None = None,
    status: str | None = None,
    hands: Mapping[int, Sequence[Card]] | None = None,
) -> FoodChainLayout:
    """Draw ``state`` from ``player``'s seat (``None``: the teacher's view, every hand open).

    Args:
        highlights: board cells to light up (legal cells in the widget).
        selected: index of the selected card in the shown hand.
        removal_steps: how many removal steps of FC-E2 to mark (0–3); default all at the end.
        status: the header text; a description of the position by default.
        hands: the order a seat's hand is shown in (:func:`stable_hand`); the rules' sorted
            order for a seat not given.
    """
    lay = layout or FoodChainLayout(state.num_players)
    c = lay.cell
    _ = painter_translator(p)
    p.rect(0, 0, p.width, p.height, fill="#f4ecd8")
    finished = all(k >= 12 for k in state.placed) and not state.to_draw
    result = score(state) if finished else None
    if status is None:
        status = _header(_, state, result)
    p.text(lay.margin, lay.header / 2 + 4, status, size=14, fill="#3e2f1c", align="left", bold=True)
    # the table and the part of it the N × N rule still allows
    x0, y0 = lay.cell_xy(-(lay.side - 1), -(lay.side - 1))
    p.rect(x0, y0, lay.board_size, lay.board_size, fill=OUTSIDE_COLOUR, radius=6)
    window = allowed_window(state)
    if window is not None:
        rmin, rmax, cmin, cmax = window
        ax, ay = lay.cell_xy(rmin, cmin)
        p.rect(
            ax,
            ay,
            (cmax - cmin + 1) * c,
            (rmax - rmin + 1) * c,
            fill=TABLE_COLOUR,
            stroke="#a48a5a",
            line_width=1.5,
            radius=4,
        )
    else:
        p.rect(x0, y0, lay.board_size, lay.board_size, fill=TABLE_COLOUR, radius=6)
    for r, col in highlights:
        hx, hy = lay.cell_xy(r, col)
        p.rect(hx + 2, hy + 2, c - 4, c - 4, fill=HIGHLIGHT, stroke="#e0a800", line_width=1.5, radius=5, opacity=0.9)
    removed_step: dict[tuple[int, int], int] = {}
    if result is not None:
        steps = 3 if removal_steps is None else removal_steps
        for step, group in enumerate((result.fled_cats, result.caught_mice, result.eaten_cheese), start=1):
            if step <= steps:
                for placed in group:
                    removed_step[(placed.row, placed.col)] = step
    for placed in state.table:
        x, y = lay.cell_xy(placed.row, placed.col)
        removed_at = removed_step.get((placed.row, placed.col))
        draw_card(p, placed.card, x, y, c, c, faded=removed_at is not None)
        if removed_at is not None:
            colour = REMOVAL_COLOURS[removed_at]
            p.line(x + 6, y + 6, x + c - 6, y + c - 6, stroke=colour, line_width=3)
            p.line(x + c - 6, y + 6, x + 6, y + c - 6, stroke=colour, line_width=3)
            p.circle(x + c - 9, y + 9, 9, fill=colour)
            p.text(x + c - 9, y + 9, str(removed_at), size=MIN_TEXT, fill="#fff", bold=True)
    # hands
    seats = range(state.num_players) if player is None else [player]
    for row, seat in enumerate(seats):
        hx, hy = lay.hand_xy(0, row)
        colour = PLAYER_COLOURS[seat % len(PLAYER_COLOURS)]
        shape_marker(p, CHEESE_SHAPES[seat], lay.margin + 10, hy + lay.hand_card[1] / 2, 6, colour)
        # the seat from 1 beside its colour's mark (the status line says "Player 1")
        p.text(lay.margin + 22, hy + lay.hand_card[1] / 2, str(seat + 1), size=15, fill=colour, align="left", bold=True)
        if result is not None:
            p.text(
                lay.margin + 70,
                hy - 9,
                _.ngettext("{n} point", "{n} points", result.points[seat])
                + ", "
                + _.ngettext("{n} cheese left", "{n} cheese left", result.cheese_left[seat]),
                size=MIN_TEXT,
                fill="#3e2f1c",
                align="left",
            )
        w, h = lay.hand_card
        shown = state.hands[seat] if hands is None or seat not in hands else hands[seat]
        for i, card in enumerate(shown):
            x, y = lay.hand_xy(i, row)
            if player is not None and i == selected:
                p.rect(x - 3, y - 3, w + 6, h + 6, fill=HIGHLIGHT, radius=8)
            draw_card(p, card, x, y, w, h)
    return lay


def _header(_: Translator, state: FoodChainState, result: object) -> str:
    from boardgames_widgets.games.food_chain.rules import FoodChainScore

    if isinstance(result, FoodChainScore):
        if len(result.winners) == 1:
            w = result.winners[0]
            return _.ngettext(
                "Player {player} wins with {n} point",
                "Player {player} wins with {n} points",
                result.points[w],
                player=w + 1,
            )
        names = _.join_and([_("Player {n}", n=w + 1) for w in result.winners])
        return _("Shared win: {names}", names=names)
    if state.to_draw:
        return _("Player {player} draws · pile {n}", player=state.to_draw[0] + 1, n=sum(state.pile))
    return _("Player {player} to place · pile {n}", player=state.turn + 1, n=sum(state.pile))


def stable_hand(shown: Sequence[Card], hand: Sequence[Card]) -> list[Card]:
    """``hand`` in the order ``shown`` had it: the cards still held keep their places, new ones go at the end.

    The rules keep a hand sorted; a player sees it in a stable order instead (a drawn card
    does not shuffle the others).

    >>> a, b, c = Card(CHEESE, 1), Card(CHEESE, 2), Card(DOG)
    >>> [str(x) for x in stable_hand([b, a], [a, b, c])]
    ['cheese2', 'cheese1', 'dog']
    >>> [str(x) for x in stable_hand([b, c, a], [a, c])]
    ['dog', 'cheese1']
    """
    left = list(hand)
    out: list[Card] = []
    for card in shown:
        if card in left:
            left.remove(card)
            out.append(card)
    return out + left


#: The most cards a hand can hold: the cheese set plus the opening draws.
MAX_HAND = len(CHEESE_VALUES) + OPENING_DRAWS


def draw_marks(
    p: Painter,
    lay: FoodChainLayout,
    *,
    cells: Collection[tuple[int, int]] = (),
    lit: bool = False,
    selected: int | None = None,
    hint_cell: tuple[int, int] | None = None,
    hint_card: int | None = None,
) -> None:
    """The marks of a turn over the picture (the widget's overlay layer).

    Args:
        cells: the cells a card may go to: faint, bright once a card is chosen (``lit``).
        selected: the index of the chosen card in the shown hand (framed).
        hint_cell: the cell the hint bot would play (framed green), ``hint_card`` its card.
    """
    c = lay.cell
    for r, col in cells:
        x, y = lay.cell_xy(r, col)
        p.rect(
            x + 2,
            y + 2,
            c - 4,
            c - 4,
            fill=HIGHLIGHT,
            stroke="#e0a800",
            line_width=1.5,
            radius=5,
            opacity=0.9 if lit else 0.35,
        )
    w, h = lay.hand_card
    if selected is not None:
        x, y = lay.hand_xy(selected)
        p.rect(x - 3, y - 3, w + 6, h + 6, stroke="#e0a800", line_width=4, radius=8)
    if hint_cell is not None:
        x, y = lay.cell_xy(*hint_cell)
        p.rect(x + 1, y + 1, c - 2, c - 2, stroke="#2e7d32", line_width=3, radius=6)
        if hint_card is not None:
            hx, hy = lay.hand_xy(hint_card)
            p.rect(hx - 3, hy - 3, w + 6, h + 6, stroke="#2e7d32", line_width=3, radius=8)


class View:
    """The Food Chain view in the one shape of every game (:class:`~boardgames_widgets.core.painter.BoardView`).

    A seat's picture shows the table and that seat's hand; the teacher view
    (``seat=None``) shows every hand, one row each.
    """

    def __init__(self, game: Any) -> None:
        self.layout = FoodChainLayout(game.num_players)
        self.num_players: int = game.num_players
        self.seat: int | None = 0

    @property
    def width(self) -> float:
        """Room for the board and the longest hand."""
        return max(self.layout.width, self.layout.hand_xy(MAX_HAND)[0] + self.layout.margin)

    @property
    def height(self) -> float:
        """One hand row for a seat's picture, one per player for the teacher view."""
        return self.layout.height(1 if self.seat is not None else self.num_players)

    def draw(
        self,
        p: Painter,
        state: FoodChainState,
        seat: int | None,
        *,
        status: str | None = None,
        hands: Mapping[int, Sequence[Card]] | None = None,
    ) -> None:
        """Draw ``state`` from ``seat`` (see :func:`draw`)."""
        self.seat = seat
        draw(p, state, player=seat, layout=self.layout, status=status, hands=hands)

    def hit_test(self, x: float, y: float) -> Hit | None:
        """``Hit("cell", row, col)`` or ``Hit("hand", index)`` (the hand drawn last), or ``None``."""
        found = self.layout.hit_test(x, y)
        if found is None:
            return None
        kind, a, b = found
        return Hit(kind, a, b if kind == "cell" else -1)

    def state_svg(self, state: FoodChainState, seat: int | None = None) -> str:
        """The picture from ``seat`` as an SVG document, as wide as the hands shown need
        (``_repr_svg_``, ``game.state_svg``, the docs' pictures)."""
        self.seat = seat
        lay = self.layout
        longest = max(len(h) for h in (state.hands if seat is None else [state.hands[seat]]))
        width = max(lay.width, lay.hand_xy(longest)[0] + lay.margin)
        painter = SVGPainter(width, self.height, title="Food Chain")
        draw(painter, state, player=seat, layout=lay)
        return painter.to_svg()
