"""Papageno pictures, drawn once through the :class:`~boardgames_widgets.core.painter.Painter`.

Each player's 2 × 3 area of cards (backs for face-down cards, birds with their
weights, the special cards drawn in code), the draw pile, the discard pile and the
card in play. A picture is drawn *from a seat*: a secretly drawn card shows only
from its drawer's seat. The teacher view (``player=None``) shows that card too and
lists the unseen cards; face-down cards stay backs with a "?" there, because no
one — not even the game — has decided them yet (they are dealt when seen).

:class:`PapagenoLayout` holds every coordinate (exported for the widget) and a pure
:meth:`~PapagenoLayout.hit_test` that turns a click into a card, a pile or the
card in play.
"""

from __future__ import annotations

import math
import textwrap
from collections.abc import Sequence
from dataclasses import dataclass

from boardgames_widgets.core.painter import Hit as CoreHit
from boardgames_widgets.core.painter import LayoutView, Painter, SVGPainter
from boardgames_widgets.games.papageno.cards import (
    AREA_SIZE,
    BIRD_WEIGHTS,
    CAPTURE,
    COLUMNS,
    EGG,
    FLUTE,
    KINDS,
    column_of,
    row_of,
)
from boardgames_widgets.games.papageno.rules import Grid, Papageno, PapagenoObservation, PapagenoState, Phase
from boardgames_widgets.games.papageno.scoring import AreaScore
from boardgames_widgets.i18n import Translator, painter_translator

BACKGROUND = "#fdf6e3"
INK = "#3b2e4a"
TABLE = "#c8e6c9"
CARD_FACE = "#fffdf5"
BACK = "#6a4fb3"
BACK_TRIM = "#b39ddb"
HIGHLIGHT = "#ff9800"
ACTIVE = "#e91e63"
#: The face colour of each special card (it tells them apart along with the picture and the sign).
SPECIAL_FACES: dict[str, str] = {CAPTURE: "#fff59d", FLUTE: "#b2ebf2", EGG: "#e3f2fd"}
#: Seat colours (name labels and area frames).
PLAYER_COLOURS: tuple[str, ...] = ("#e53935", "#1e88e5", "#43a047", "#fb8c00", "#8e24aa")
#: A bright body colour per bird weight −2 … 9 (light birds cool, heavy birds warm).
BIRD_COLOURS: dict[int, str] = dict(
    zip(
        BIRD_WEIGHTS,
        (
            "#00bcd4",
            "#26c6da",
            "#4dd0e1",
            "#66bb6a",
            "#9ccc65",
            "#d4e157",
            "#ffee58",
            "#ffca28",
            "#ffa726",
            "#ff7043",
            "#ec407a",
            "#ab47bc",
        ),
        strict=True,
    )
)


@dataclass(frozen=True)
class Hit:
    """What a click points at.

    Attributes:
        kind: ``"card"`` (a position of an area), ``"draw"``, ``"discard"`` or ``"hand"``.
        player: the area's owner for ``"card"``; -1 otherwise.
        pos: the position 0 … 5 for ``"card"``; -1 otherwise.
    """

    kind: str
    player: int = -1
    pos: int = -1


#: The smallest text drawn, in px (issue 20: at least 12 CSS px at 100 % zoom).
MIN_TEXT = 12.0
#: The distance between two lines of :data:`MIN_TEXT` text.
LINE_H = 15.0


def wrap(text: str, size: float, width: float, *, bold: bool = False) -> list[str]:
    """``text`` broken into lines at spaces so that each line fits ``width`` px at ``size`` px.

    Widths are estimated generously (DejaVu Sans, the widest font of the family list, averages
    about 0.6 em a letter, Cyrillic a little more), so a line never runs past ``width``.
    A word longer than a line stays whole on its own line.

    >>> wrap("Swap it into your grid", 12, 100)
    ['Swap it into', 'your grid']
    """
    per_char = size * (0.7 if bold else 0.64)
    most = max(1, int(width // per_char))
    return textwrap.wrap(text, most, break_long_words=False, break_on_hyphens=False)


def draw_lines(
    p: Painter,
    x: float,
    y: float,
    text: str,
    width: float,
    max_lines: int,
    *,
    size: float = MIN_TEXT,
    fill: str = INK,
    align: str = "left",
    bold: bool = False,
) -> int:
    """Draw ``text`` wrapped to ``width`` in at most ``max_lines`` lines from ``y`` (the first line's
    middle) down; a text too long ends with "…". Returns the number of lines drawn."""
    lines = wrap(text, size, width, bold=bold)
    if len(lines) > max_lines:
        lines = [*lines[: max_lines - 1], lines[max_lines - 1] + " …"]
    step = max(LINE_H, size * 1.25)
    for k, line in enumerate(lines):
        p.text(x, y + k * step, line, size=size, fill=fill, align=align, bold=bold)
    return len(lines)


@dataclass(frozen=True)
class PapagenoLayout:
    """The geometry of a Papageno picture (pure numbers, no drawing).

    Two columns of panels, at most 560 px wide (issue 20): the opponents fill rows of
    two from the top in turn order from the viewer's left neighbour (a row's lone panel
    is centred); the bottom row holds the viewer's area on the left and the middle panel
    on the right (the draw pile, the discard pile and the card in play, with room below
    for the card's caption and the widget's prompt). Under them: the status line and a
    note (the teacher view's unseen cards), both wrapped.

    Attributes:
        num_players: 2 to 5.
        viewer: whose seat is at the bottom (the teacher view puts player 0 there).
    """

    num_players: int
    viewer: int = 0
    card_w: float = 64.0
    card_h: float = 86.0
    gap: float = 6.0
    pad: float = 10.0
    label_h: float = 34.0
    margin: float = 12.0
    #: Lines of the note under the table (the teacher view's unseen cards).
    note_lines: int = 4
    #: Lines of the status line.
    status_lines: int = 2

    @property
    def area_w(self) -> float:
        """Width of one player's panel."""
        return COLUMNS * self.card_w + (COLUMNS - 1) * self.gap + 2 * self.pad

    @property
    def area_h(self) -> float:
        """Height of one player's panel (name label included)."""
        return 2 * self.card_h + self.gap + 2 * self.pad + self.label_h

    @property
    def opponent_rows(self) -> int:
        """Rows of opponents above the bottom row (two a row)."""
        return self.num_players // 2

    @property
    def width(self) -> float:
        """Picture width: two panels side by side."""
        return 2 * self.area_w + 3 * self.margin

    @property
    def note_h(self) -> float:
        """Height of the note under the table."""
        return self.note_lines * LINE_H

    @property
    def status_h(self) -> float:
        """Height of the status line."""
        return self.status_lines * LINE_H + 6

    @property
    def bottom_y(self) -> float:
        """Top of the bottom row (the viewer's area and the middle panel)."""
        return self.margin + self.opponent_rows * (self.area_h + self.margin)

    @property
    def height(self) -> float:
        """Picture height."""
        return self.bottom_y + self.area_h + self.margin + self.note_h + self.status_h

    def column_x(self, column: int) -> float:
        """Left edge of panel column 0 or 1."""
        return self.margin + column * (self.area_w + self.margin)

    def seat_order(self) -> tuple[int, ...]:
        """The opponents in turn order from the viewer's left neighbour (rows of two, top down)."""
        n = self.num_players
        return tuple((self.viewer + k) % n for k in range(1, n))

    def area_origin(self, player: int) -> tuple[float, float]:
        """Top-left corner of ``player``'s panel."""
        if player == self.viewer:
            return self.column_x(0), self.bottom_y
        order = self.seat_order()
        k = order.index(player)
        row, column = divmod(k, 2)
        y = self.margin + row * (self.area_h + self.margin)
        if column == 0 and k == len(order) - 1:  # alone in its row
            return (self.width - self.area_w) / 2, y
        return self.column_x(column), y

    def card_rect(self, player: int, pos: int) -> tuple[float, float, float, float]:
        """(x, y, w, h) of the card at ``pos`` in ``player``'s area."""
        ax, ay = self.area_origin(player)
        x = ax + self.pad + column_of(pos) * (self.card_w + self.gap)
        y = ay + self.label_h + self.pad + row_of(pos) * (self.card_h + self.gap)
        return x, y, self.card_w, self.card_h

    def middle_rect(self) -> tuple[float, float, float, float]:
        """(x, y, w, h) of the middle panel: the piles, the card in play and their words."""
        return self.column_x(1), self.bottom_y, self.area_w, self.area_h

    def _pile_y(self) -> float:
        return self.bottom_y + self.pad

    def draw_pile_rect(self) -> tuple[float, float, float, float]:
        """(x, y, w, h) of the draw pile."""
        return self.column_x(1) + 2, self._pile_y() + 4, self.card_w, self.card_h

    def discard_rect(self) -> tuple[float, float, float, float]:
        """(x, y, w, h) of the discard pile's top card."""
        return self.column_x(1) + (self.area_w - self.card_w) / 2, self._pile_y() + 4, self.card_w, self.card_h

    def hand_rect(self) -> tuple[float, float, float, float]:
        """(x, y, w, h) of the card in play (held, or travelling round with a Pan Flute)."""
        return self.column_x(1) + self.area_w - self.card_w - 2, self._pile_y() + 4, self.card_w, self.card_h

    def pile_label_y(self) -> float:
        """Middle of the line naming the piles and the card in play (under the cards)."""
        return self._pile_y() + 4 + self.card_h + 11

    def caption_y(self) -> float:
        """Middle of the first line of the caption of the card in play (two lines at most)."""
        return self.pile_label_y() + LINE_H + 4

    def prompt_rect(self) -> tuple[float, float, float, float]:
        """(x, y, w, h) of the room left in the middle panel for the widget's prompt and buttons."""
        y = self.caption_y() + LINE_H + 9
        x, top, w, h = self.middle_rect()
        return x, y, w, top + h - y

    def status_y(self) -> float:
        """Middle of the first line of the status line (right under the table)."""
        return self.bottom_y + self.area_h + self.margin + LINE_H / 2

    def note_y(self) -> float:
        """Middle of the first line of the note (under the status line; empty in a seat's picture)."""
        return self.status_y() + self.status_h

    def hit_test(self, x: float, y: float) -> Hit | None:
        """What a click at (x, y) points at, or ``None``.

        >>> lay = PapagenoLayout(3, viewer=1)
        >>> cx, cy, w, h = lay.card_rect(1, 4)
        >>> lay.hit_test(cx + w / 2, cy + h / 2)
        Hit(kind='card', player=1, pos=4)
        >>> dx, dy, _, _ = lay.draw_pile_rect()
        >>> lay.hit_test(dx + 5, dy + 5).kind
        'draw'
        """

        def inside(r: tuple[float, float, float, float]) -> bool:
            return r[0] <= x <= r[0] + r[2] and r[1] <= y <= r[1] + r[3]

        for player in range(self.num_players):
            for pos in range(AREA_SIZE):
                if inside(self.card_rect(player, pos)):
                    return Hit("card", player, pos)
        for kind, rect in (
            ("draw", self.draw_pile_rect()),
            ("discard", self.discard_rect()),
            ("hand", self.hand_rect()),
        ):
            if inside(rect):
                return Hit(kind)
        return None


def hit_test(num_players: int, viewer: int, x: float, y: float) -> Hit | None:
    """What a click at (x, y) points at in a picture drawn from ``viewer``'s seat (pure)."""
    return PapagenoLayout(num_players, viewer).hit_test(x, y)


# -- card art ---------------------------------------------------------------------------------
def draw_bird(p: Painter, cx: float, cy: float, size: float, colour: str) -> None:
    """A round little bird facing right: tail, body, wing, head, beak, eye, legs."""
    s = size
    p.polygon(
        [(cx - 0.55 * s, cy), (cx - 0.95 * s, cy - 0.3 * s), (cx - 0.9 * s, cy + 0.2 * s)],
        fill=colour,
        stroke=INK,
        line_width=1,
    )
    p.line(cx - 0.1 * s, cy + 0.45 * s, cx - 0.15 * s, cy + 0.75 * s, stroke=INK, line_width=1.2)
    p.line(cx + 0.15 * s, cy + 0.45 * s, cx + 0.15 * s, cy + 0.75 * s, stroke=INK, line_width=1.2)
    p.ellipse(cx - 0.1 * s, cy + 0.05 * s, 0.55 * s, 0.45 * s, fill=colour, stroke=INK, line_width=1)
    p.ellipse(cx - 0.2 * s, cy + 0.05 * s, 0.3 * s, 0.18 * s, fill="#ffffff", opacity=0.55)
    p.circle(cx + 0.4 * s, cy - 0.35 * s, 0.28 * s, fill=colour, stroke=INK, line_width=1)
    p.polygon(
        [(cx + 0.64 * s, cy - 0.42 * s), (cx + 0.9 * s, cy - 0.32 * s), (cx + 0.64 * s, cy - 0.24 * s)],
        fill="#ffb300",
        stroke=INK,
        line_width=0.8,
    )
    p.circle(cx + 0.47 * s, cy - 0.4 * s, 0.06 * s, fill=INK)


def _draw_net(p: Painter, cx: float, cy: float, s: float) -> None:
    p.line(cx - 0.7 * s, cy + 0.8 * s, cx - 0.1 * s, cy + 0.1 * s, stroke="#795548", line_width=2.2)
    p.circle(cx + 0.2 * s, cy - 0.25 * s, 0.45 * s, fill="#fff8e1", stroke="#795548", line_width=1.5)
    for k in (-1, 0, 1):
        p.line(
            cx + 0.2 * s + k * 0.2 * s,
            cy - 0.65 * s,
            cx + 0.2 * s + k * 0.2 * s,
            cy + 0.15 * s,
            stroke="#a1887f",
            line_width=0.8,
        )
        p.line(
            cx - 0.2 * s,
            cy - 0.25 * s + k * 0.2 * s,
            cx + 0.6 * s,
            cy - 0.25 * s + k * 0.2 * s,
            stroke="#a1887f",
            line_width=0.8,
        )


def _draw_flute(p: Painter, cx: float, cy: float, s: float) -> None:
    for k in range(5):
        h = (1.2 - 0.17 * k) * s
        x = cx - 0.6 * s + k * 0.25 * s
        p.rect(x, cy - 0.6 * s, 0.22 * s, h, fill="#ffd54f", stroke="#8d6e63", line_width=0.8, radius=0.08 * s)
    p.rect(cx - 0.65 * s, cy - 0.3 * s, 1.3 * s, 0.14 * s, fill="#8d6e63")


def _draw_egg(p: Painter, cx: float, cy: float, s: float) -> None:
    p.ellipse(cx, cy, 0.45 * s, 0.6 * s, fill="#fff3e0", stroke=INK, line_width=1)
    for dx, dy in ((-0.15, -0.2), (0.18, 0.05), (-0.05, 0.3)):
        p.circle(cx + dx * s, cy + dy * s, 0.07 * s, fill="#90caf9")


def draw_back(p: Painter, x: float, y: float, w: float, h: float, *, mark: str = "") -> None:
    """The back of a card (face down); ``mark`` is written on it (the teacher view's "?")."""
    p.rect(x, y, w, h, fill=BACK, stroke=INK, line_width=1.2, radius=5)
    p.rect(x + 4, y + 4, w - 8, h - 8, stroke=BACK_TRIM, line_width=1, radius=3)
    p.circle(x + w / 2, y + h / 2, min(w, h) * 0.2, fill=BACK_TRIM, opacity=0.6)
    if mark:
        p.text(x + w / 2, y + h / 2, mark, size=16, fill="#ffffff", bold=True)


def draw_card(p: Painter, card: str, x: float, y: float, w: float, h: float) -> None:
    """A face-up card: a bird with its weight, or a special card, drawn in code.

    The special cards carry their picture and their sign (10, 0, ↔) but no name: a name
    at the smallest readable size (:data:`MIN_TEXT`) does not fit a card in every language.
    """
    cx, cy, s = x + w / 2, y + h * 0.58, w * 0.36
    big = max(MIN_TEXT, w * 0.22)
    if card == CAPTURE:
        p.rect(x, y, w, h, fill=SPECIAL_FACES[CAPTURE], stroke=INK, line_width=1.2, radius=5)
        _draw_net(p, cx, cy, s)
        p.text(x + 5, y + big * 0.85, "10", size=big, fill=INK, align="left", bold=True)
    elif card == FLUTE:
        p.rect(x, y, w, h, fill=SPECIAL_FACES[FLUTE], stroke=INK, line_width=1.2, radius=5)
        _draw_flute(p, cx, cy - 2, s)
        p.text(x + 5, y + big * 0.85, "0", size=big, fill=INK, align="left", bold=True)
    elif card == EGG:
        p.rect(x, y, w, h, fill=SPECIAL_FACES[EGG], stroke=INK, line_width=1.2, radius=5)
        _draw_egg(p, cx, cy - 2, s)
        p.text(x + 5, y + big * 0.85, "↔", size=big, fill=INK, align="left", bold=True)
    else:
        weight = int(card)
        p.rect(x, y, w, h, fill=CARD_FACE, stroke=INK, line_width=1.2, radius=5)
        draw_bird(p, cx, cy, s, BIRD_COLOURS[weight])
        label = f"−{-weight}" if weight < 0 else str(weight)
        p.text(x + 5, y + big * 0.85, label, size=big, fill=INK, align="left", bold=True)
        p.text(x + w - 5, y + h - 10, label, size=MIN_TEXT, fill=INK, align="right")


# -- the scene --------------------------------------------------------------------------------
def _status(state: PapagenoState | PapagenoObservation, winners: Sequence[int], _: Translator) -> str:
    """The board's caption: the round and what happens now, in plain words, players from 1.

    Public: nothing a seat may not know (a drawn card is "the drawn card").
    """
    who = _("Player {n}", n=state.actor + 1)
    phase = state.phase
    if phase is Phase.DEAL:
        what = _("The cards are dealt; the top card of the draw pile is turned up.")
    elif phase is Phase.OPENING:
        what = _("{who} chooses a card to turn up.", who=who)
    elif phase is Phase.TURN:
        what = _("{who} draws from the pile or takes the top card of the discard pile.", who=who)
    elif phase is Phase.DRAW_REVEAL:
        what = _("{who} draws a card.", who=who)
    elif phase is Phase.PLACE and state.hand_drawn:
        what = _("{who} puts the drawn card in their area or throws it away.", who=who)
    elif phase is Phase.PLACE:
        what = _("{who} puts the card from the discard pile in their area.", who=who)
    elif phase in (Phase.OPENING_REVEAL, Phase.SWAP_REVEAL):
        what = _("A card of {who} turns up.", who=who)
    elif phase is Phase.FLUTE_REVEAL:
        what = _("Pan Flute: a card of {who} turns up.", who=_("Player {n}", n=state.receiver + 1))
    elif phase is Phase.CAPTURE:
        what = _("{who} may use the Capture: swap a face-up card with another player's, or not.", who=who)
    elif phase is Phase.END_REVEAL:
        what = _("The round is over: every card turns up.")
    else:
        won = _.join_and([_("Player {n}", n=w + 1) for w in winners])
        if phase is Phase.ROUND_OVER:
            what = _("{won} won the round (the lowest total wins).", won=won) if won else ""
        else:
            what = _("Game over.")
    return _("Round {round}: {what}", round=state.round, what=what)


def _draw(
    p: Painter,
    state: PapagenoState | PapagenoObservation,
    viewer: int | None,
    hand: str | None,
    hand_hidden: bool,
    draw_size: int,
    unseen_text: str,
    status: str,
    deal: Sequence[Grid] | None = None,
    scores: Sequence[AreaScore] | None = None,
    winners: Sequence[int] = (),
) -> None:
    n = state.num_players
    lay = PapagenoLayout(n, 0 if viewer is None else viewer)
    _ = painter_translator(p)
    p.rect(0, 0, lay.width, lay.height, fill=BACKGROUND)
    # areas
    for player in range(n):
        ax, ay = lay.area_origin(player)
        colour = PLAYER_COLOURS[player % len(PLAYER_COLOURS)]
        active = player == state.actor and state.phase not in (Phase.ROUND_OVER, Phase.GAME_OVER, Phase.DEAL)
        p.rect(
            ax,
            ay,
            lay.area_w,
            lay.area_h,
            fill=TABLE,
            stroke=ACTIVE if active else colour,
            line_width=3 if active else 1.5,
            radius=8,
        )
        name = _("Player {n}", n=player + 1) + (" " + _("(you)") if player == viewer else "")
        extra = _("wins {n}", n=state.round_wins[player])
        if state.last_scores and scores is None:
            extra += " · " + _("last score {n}", n=state.last_scores[player])
        p.text(ax + 10, ay + 12, name, size=13, fill=colour, align="left", bold=True)
        p.text(ax + 10, ay + 12 + LINE_H, extra, size=MIN_TEXT, fill=INK, align="left")
        grid = state.grids[player]
        for pos in range(AREA_SIZE):
            x, y, w, h = lay.card_rect(player, pos)
            card = grid[pos]
            dealt = deal[player][pos] if deal is not None and card is None else None
            if dealt is not None:  # a possible identity of a face-down card (teacher view)
                draw_card(p, dealt, x, y, w, h)
                p.rect(x, y, w, h, fill="#ffffff", opacity=0.45, radius=5)
                p.rect(x, y, w, h, stroke=BACK, line_width=2, radius=5)
                p.circle(x + w - 10, y + 10, 9, fill=BACK)
                p.text(x + w - 10, y + 10, "?", size=MIN_TEXT, fill="#ffffff", bold=True)
            elif card is None:
                draw_back(p, x, y, w, h, mark="?" if viewer is None else "")
            else:
                draw_card(p, card, x, y, w, h)
        if scores is not None:
            _draw_score_marks(
                p,
                lay,
                player,
                scores[player],
                won=player in winners,
            )
        target = state.receiver if state.phase is Phase.FLUTE_REVEAL else state.actor
        if player == target and state.pos >= 0:
            x, y, w, h = lay.card_rect(player, state.pos)
            p.rect(x - 3, y - 3, w + 6, h + 6, stroke=HIGHLIGHT, line_width=3, radius=7)
    # piles
    x, y, w, h = lay.draw_pile_rect()
    if draw_size:
        for k in range(min(3, draw_size) - 1, -1, -1):
            draw_back(p, x + 2 * k, y - 2 * k, w, h)
    else:
        p.rect(x, y, w, h, stroke=INK, line_width=1, radius=5, opacity=0.5)
    p.text(x + w / 2, lay.pile_label_y(), _("draw {n}", n=draw_size), size=MIN_TEXT, fill=INK)
    x, y, w, h = lay.discard_rect()
    if state.discard:
        draw_card(p, state.discard[-1], x, y, w, h)
    else:
        p.rect(x, y, w, h, stroke=INK, line_width=1, radius=5, opacity=0.5)
    p.text(x + w / 2, lay.pile_label_y(), _("discard {n}", n=len(state.discard)), size=MIN_TEXT, fill=INK)
    x, y, w, h = lay.hand_rect()
    travelling = state.travelling
    caption = ""
    if hand is not None:
        draw_card(p, hand, x, y, w, h)
        caption = _("held by player {n}", n=state.actor + 1)
    elif hand_hidden:
        draw_back(p, x, y, w, h, mark="")
        caption = _("player {n}'s secret card", n=state.actor + 1)
    elif travelling is not None:
        draw_card(p, travelling, x, y, w, h)
        caption = _("Pan Flute: travelling left")
    if caption:
        mx, _my, mw, _mh = lay.middle_rect()
        draw_lines(p, mx + mw - 2, lay.caption_y(), caption, mw - 4, 2, align="right")
    if unseen_text:
        draw_lines(p, lay.margin, lay.note_y(), unseen_text, lay.width - 2 * lay.margin, lay.note_lines)
    draw_lines(p, lay.margin, lay.status_y(), status, lay.width - 2 * lay.margin, lay.status_lines)


def _draw_score_marks(p: Painter, lay: PapagenoLayout, player: int, score: AreaScore, *, won: bool) -> None:
    """PA-E2 at a glance: cancelled columns crossed out with their 0, an arrow from each Egg
    to the card it copies with the weight it takes, and the area's total in a badge (a star
    for the round's winner)."""
    _ = painter_translator(p)
    for c in score.cancelled_columns:
        x, y, w, _h = lay.card_rect(player, c)
        _x, y2, _w, h2 = lay.card_rect(player, c + COLUMNS)
        p.line(x + 3, y + 3, x + w - 3, y2 + h2 - 3, stroke="#c62828", line_width=3)
        p.line(x + w - 3, y + 3, x + 3, y2 + h2 - 3, stroke="#c62828", line_width=3)
        p.rect(x + w / 2 - 10, (y + y2 + h2) / 2 - 9, 20, 18, fill="#ffffff", stroke="#c62828", radius=4)
        p.text(x + w / 2, (y + y2 + h2) / 2, "0", size=12, fill="#c62828", bold=True)
    for egg in score.eggs:
        a = lay.card_rect(player, egg.pos)
        b = lay.card_rect(player, egg.source)
        ax, ay = a[0] + a[2] / 2, a[1] + a[3] / 2
        bx = b[0] + b[2] / 2
        y0 = a[1] + (26 if bx > ax else 36)  # two Eggs copying each other: two arrows
        arrow(p, ax, y0, bx + (-12 if bx > ax else 12), y0, "#1565c0")
        p.rect(ax - 17, ay + 6, 34, 20, fill="#1565c0", radius=4)
        p.text(ax, ay + 16, f"={egg.weight}", size=MIN_TEXT, fill="#ffffff", bold=True)
    ax, ay = lay.area_origin(player)
    cx, cy = ax + lay.area_w - 20, ay + lay.label_h / 2 + 1
    p.circle(cx, cy, 15, fill="#2e7d32" if won else "#ffffff", stroke="#2e7d32", line_width=2)
    p.text(cx, cy, str(score.total), size=13, fill="#ffffff" if won else "#2e7d32", bold=True)
    if won:
        p.text(cx - 26, cy, "★", size=18, fill="#f9a825", bold=True)


def arrow(p: Painter, x1: float, y1: float, x2: float, y2: float, colour: str) -> None:
    """A straight arrow from (x1, y1) to (x2, y2)."""
    p.line(x1, y1, x2, y2, stroke=colour, line_width=2.5)
    a = math.atan2(y2 - y1, x2 - x1)
    head = [
        (x2, y2),
        (x2 - 9 * math.cos(a - 0.45), y2 - 9 * math.sin(a - 0.45)),
        (x2 - 9 * math.cos(a + 0.45), y2 - 9 * math.sin(a + 0.45)),
    ]
    p.polygon(head, fill=colour)


def draw(
    p: Painter,
    state: PapagenoState,
    player: int | None = None,
    *,
    game: Papageno | None = None,
    deal: Sequence[Grid] | None = None,
) -> None:
    """Draw ``state`` as ``player`` sees it (``None``: the teacher view, every known card shown).

    Args:
        p: where to draw.
        state: the position.
        player: the seat to draw from, or ``None`` for the teacher view.
        game: the game (for the status line and, at the end of a round, the score marks).
        deal: teacher view only: a possible identity for every face-down card
            (:meth:`Papageno.possible_deal`), drawn veiled with a "?".

    Raises:
        ValueError: ``deal`` given for a player's view (it would show unknown cards as known).
    """
    if deal is not None and player is not None:
        raise ValueError("a possible deal is shown in the teacher view only (player=None)")
    hand_visible = player is None or not state.hand_drawn or player == state.actor
    hand = state.hand if hand_visible else None
    hidden = state.hand is not None and not hand_visible
    unseen = ""
    _ = painter_translator(p)
    if player is None:
        parts = [f"{k}×{c}" for k, c in zip(KINDS, state.unseen, strict=True) if c]
        unseen = _("Unseen (face down + draw pile): {cards}", cards="  ".join(parts))
        if state.draw_known:
            unseen += "   " + _("reshuffled pile: {cards}", cards=" ".join(state.draw_known))
    scores = None
    winners: Sequence[int] = ()
    if game is not None and state.phase in (Phase.ROUND_OVER, Phase.GAME_OVER):
        scores = game.scores(state)
        winners = game.round_winners(state)
    _draw(
        p,
        state,
        player,
        hand,
        hidden,
        state.draw_unseen + len(state.draw_known),
        unseen,
        _status(state, winners, _),
        deal,
        scores,
        winners,
    )


def render_svg(
    state: PapagenoState,
    player: int | None = None,
    *,
    game: Papageno | None = None,
    deal: Sequence[Grid] | None = None,
) -> str:
    """An SVG picture of ``state`` from ``player``'s seat (``None``: teacher view); see :func:`draw`.

    Raises:
        ValueError: ``deal`` given for a player's view.
    """
    lay = PapagenoLayout(state.num_players, 0 if player is None else player)
    p = SVGPainter(lay.width, lay.height, title="Papageno")
    draw(p, state, player, game=game, deal=deal)
    return p.to_svg()


def render_observation_svg(obs: PapagenoObservation) -> str:
    """An SVG picture of what one player knows (their observation)."""
    lay = PapagenoLayout(obs.num_players, obs.player)
    p = SVGPainter(lay.width, lay.height, title="Papageno")
    _draw(
        p,
        obs,
        obs.player,
        obs.hand,
        obs.hand_hidden,
        obs.draw_pile_size,
        "",
        _status(obs, (), painter_translator(p)),
    )
    return p.to_svg()


def draw_banner(p: Painter, rect: tuple[float, float, float, float], head: str, why: str, foot: str) -> None:
    """The end-of-round banner in ``rect``: the result (``head``), how to read the marks, what next."""
    bx, by, bw, bh = rect
    p.rect(bx, by, bw, bh, fill="#fffde7", stroke="#f9a825", line_width=2, radius=10)
    x, width, y = bx + bw / 2, bw - 12, by + 14
    y += 19 * draw_lines(p, x, y, head, width, 3, size=15, align="center", bold=True) + 3
    y += LINE_H * draw_lines(p, x, y, why, width, 5, fill="#5d4037", align="center") + 5
    draw_lines(p, x, y, foot, width, 4, align="center")


def draw_marks(
    p: Painter,
    *,
    targets: Sequence[tuple[tuple[float, float, float, float], bool]] = (),
    button: tuple[tuple[float, float, float, float], str, bool] | None = None,
    hints: Sequence[tuple[float, float, float, float]] = (),
    prompt: tuple[tuple[float, float, float, float], str] | None = None,
) -> None:
    """The marks of a turn over the table (the widget's overlay layer).

    Args:
        targets: the cards and piles that may be clicked, as ``(rect, chosen)`` (a chosen one
            stands out in pink).
        button: a button drawn on the table, ``(rect, words, hinted)`` (the Capture's "No swap").
        hints: what the hint bot would click (framed green).
        prompt: ``(rect, words)``: what to do now, in the middle of the table.
    """
    for (x, y, w, h), chosen in targets:
        p.rect(
            x - 3,
            y - 3,
            w + 6,
            h + 6,
            stroke="#e91e63" if chosen else HIGHLIGHT,
            line_width=4 if chosen else 2,
            radius=7,
            opacity=1.0 if chosen else 0.8,
        )
    if button is not None:
        (x, y, w, h), words, hinted = button
        p.rect(x, y, w, h, fill="#c8e6c9" if hinted else "#fff3c4", stroke="#b08a1a", line_width=1.5, radius=6)
        p.text(x + w / 2, y + h / 2, words, size=12, fill=INK, bold=True)
    for x, y, w, h in hints:
        p.rect(x - 5, y - 5, w + 10, h + 10, stroke="#2e7d32", line_width=3, radius=8)
    if prompt is not None:
        (x, y, w, _h), words = prompt
        draw_lines(p, x + 2, y + 8, words, w - 4, 3, fill="#5d4037", bold=True)


class View(LayoutView):
    """The Papageno view in the one shape of every game (:class:`~boardgames_widgets.core.painter.BoardView`).

    A seat's picture puts that seat at the bottom and shows only what it may know;
    the teacher view (``seat=None``) shows every known card with player 0 at the bottom.
    """

    def __init__(self, game: Papageno) -> None:
        self.game = game
        self.num_players = game.num_players
        self.layout: PapagenoLayout = PapagenoLayout(self.num_players, 0)  # the same size from every seat

    def draw(self, p: Painter, state: PapagenoState, seat: int | None) -> None:
        """Draw ``state`` as ``seat`` sees it (see :func:`draw`)."""
        self.layout = PapagenoLayout(self.num_players, 0 if seat is None else seat)
        draw(p, state, seat, game=self.game)

    def hit_test(self, x: float, y: float) -> CoreHit | None:
        """``Hit("card", player, pos)``, ``Hit("draw")``, ``Hit("discard")`` or ``Hit("hand")``, or ``None``."""
        found = self.layout.hit_test(x, y)
        return None if found is None else CoreHit(found.kind, found.player, found.pos)

    def state_svg(
        self, state: PapagenoState, seat: int | None = None, *, deal: Sequence[Grid] | None = None, bare: bool = False
    ) -> str:
        """The picture from ``seat`` as an SVG document.

        ``deal``: the teacher view also shows these face-down cards, veiled (see
        :meth:`Papageno.state_svg`); ``bare``: without the game's status line and score marks.

        Raises:
            ValueError: ``deal`` given for a player's view.
        """
        self.layout = PapagenoLayout(self.num_players, 0 if seat is None else seat)
        return render_svg(state, seat, game=None if bare else self.game, deal=deal)

    def observation_svg(self, obs: PapagenoObservation) -> str:
        """The picture of what one player knows (an observation's ``_repr_svg_``)."""
        return render_observation_svg(obs)
