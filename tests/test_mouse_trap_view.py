"""Mouse Trap pictures: the SVG shows the board, the trap, the mice and the cheese; clicks hit-test."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from boardgames_widgets import i18n
from boardgames_widgets.core.painter import SVGPainter
from boardgames_widgets.games.mouse_trap import TRAP_PARTS, MouseTrap, MouseTrapState, Phase
from boardgames_widgets.games.mouse_trap.layout import SpaceKind
from boardgames_widgets.games.mouse_trap.view import (
    MIN_TEXT,
    MOUSE_COLOURS,
    STAGE_COLOURS,
    MouseTrapLayout,
    draw,
    draw_svg,
    text_width,
)

G4 = MouseTrap(4)


def _state(**changes: object) -> MouseTrapState:
    s = G4.new_initial_state()
    return G4.replace_state(s, **changes)


def test_svg_is_well_formed_and_shows_every_space_part_mouse_and_cheese_count():
    s = _state(positions=(3, 44, 46, 46), cheese=(5, 7, 0, 2), pile=38, parts_built=9)
    svg = G4.state_svg(s)
    root = ET.fromstring(svg)  # well-formed XML
    assert root.tag.endswith("svg")
    texts = re.findall(r">([^<>]+)</text>", svg)
    for name in TRAP_PARTS:
        assert any(t.endswith(name) for t in texts), name
    assert "START" in texts and "CRANK" in texts and "WHEEL" in texts and "SAFE" in texts
    assert "pile: 38 of 52 cheese" in texts
    for count in ("5", "7", "0", "2"):
        assert count in texts
    for colour in MOUSE_COLOURS:
        assert colour in svg
    # built parts are filled with their stage's colour; part 10 (stairs) and later are not
    assert svg.count(f'fill="{STAGE_COLOURS[0]}"') >= 4  # parts 1-4, stage 1


def test_caught_mice_leave_the_board_and_the_winner_is_shown():
    s = _state(positions=(44, 46, 46, 46), caught=(False, True, True, True), cheese=(52, 0, 0, 0), pile=0,
               parts_built=16, phase=Phase.OVER, winners=(0,))  # fmt: skip
    svg = s._repr_svg_()
    assert "Red wins!" in svg and "Blue · caught" in svg and "Trap complete!" in svg
    lay = MouseTrapLayout.for_config(G4.cfg)
    assert set(lay.mouse_spots(s)) == {0}


def test_hit_test_finds_spaces_mice_parts_and_players_from_the_exported_geometry():
    lay = MouseTrapLayout.for_config(G4.cfg)
    for pos in range(G4.cfg.num_spaces):
        x, y = lay.centre(pos)
        assert lay.hit_test(x, y + 0.3 * lay.cell) == ("space", pos)
    s = _state(positions=(44, 44, 0, 0))
    spots = lay.mouse_spots(s)
    assert spots[0] != spots[1]
    for seat, (x, y) in spots.items():
        assert lay.hit_test(x, y, s) == ("mouse", seat)
    x, y, w, h = lay.part_box(4)
    assert lay.hit_test(x + w / 2, y + h / 2) == ("part", 4)
    x, y, w, h = lay.player_box(2)
    assert lay.hit_test(x + w / 2, y + h / 2) == ("player", 2)
    x, y, w, h = lay.pile_box
    assert lay.hit_test(x + 5, y + h / 2) == ("pile", 0)
    assert lay.hit_test(-5, -5) is None
    assert lay.width <= 560 and lay.height > lay.board_bottom
    # a click on a Loop box away from its centre (the boxes are wider than tall) is still that space
    crank = G4.cfg.position_of(SpaceKind.TURN_CRANK)
    x, y, w, h = lay.space_rect(crank)
    assert lay.hit_test(x + 3, y + h - 3) == ("space", crank)
    assert lay.hit_test(x + w + 6, y + h / 2) != ("space", crank)


def _overlap(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize(
    ("track_len", "loop_len"), [(1, 6), (9, 6), (10, 6), (11, 3), (20, 6), (30, 8), (40, 6), (41, 6)]
)
def test_spaces_and_panels_never_overlap_for_other_tracks_and_loops(track_len, loop_len, players):
    """Wherever the Loop lands (beside the last row on either side, or under it), nothing overlaps
    and everything is inside the picture."""
    loop = ["SAFE", "TURN CRANK"] + ["TAKE 1"] * (loop_len - 3) + ["CHEESE WHEEL"]
    game = MouseTrap(players, track=["START"] + ["DOG BONE"] * (track_len - 1), loop=loop)
    lay = MouseTrapLayout.for_config(game.cfg)
    spaces = [lay.space_rect(i) for i in range(game.cfg.num_spaces)]
    panels = [lay.player_box(p) for p in range(players)] + [lay.pile_box, lay.die_rect, lay.controls_rect]
    panels += [lay.strip_rect] + [lay.part_box(i) for i in range(len(TRAP_PARTS))]
    for i, a in enumerate(spaces + panels):
        x, y, w, h = a
        assert x >= 0 and x + w <= lay.width and y >= lay.header and y + h <= lay.height, (i, a)
        for b in (spaces + panels)[i + 1 :]:
            assert not _overlap(a, b), (i, a, b)
    assert lay.width <= 560
    for pos in range(game.cfg.num_spaces):  # every space is found where it is drawn
        x, y, w, h = lay.space_rect(pos)
        assert lay.hit_test(x + w / 2, y + h - 2) == ("space", pos)
    painter = SVGPainter(lay.width, lay.height)
    assert draw(painter, game.cfg, game.new_initial_state(), highlights={0}) is not None
    ET.fromstring(draw_svg(game.cfg, game.new_initial_state()))


class _Texts(SVGPainter):
    """An SVG painter that also keeps every text: (x, y, text, size, align, bold)."""

    def __init__(self, width: float, height: float) -> None:
        super().__init__(width, height)
        self.texts: list[tuple[float, float, str, float, str, bool]] = []

    def text(self, x, y, text, *, size=12, fill="#000", align="center", bold=False, rtl=False):  # type: ignore[no-untyped-def,override]
        self.texts.append((x, y, text, size, align, bold))
        super().text(x, y, text, size=size, fill=fill, align=align, bold=bold, rtl=rtl)


@pytest.mark.parametrize("lang", ["en", "lv", "ru", "he"])
def test_every_label_fits_its_box_and_the_picture_in_every_language(lang):
    """Issue 20: 12-px labels are not squeezed out of their boxes — a space's label fits the space,
    a player's words fit their row, and no text runs out of the 558-px picture."""
    i18n.set_language(lang)
    try:
        s = _state(positions=(44, 44, 46, 3), cheese=(5, 7, 0, 2), pile=38, parts_built=11,
                   caught=(False, False, True, False))  # fmt: skip
        lay = MouseTrapLayout.for_config(G4.cfg)
        p = _Texts(lay.width, lay.height)
        draw(p, G4.cfg, s, layout=lay, status="Round 12 · " + "Yellow chooses whom to take 3 cheese from" * 2)
    finally:
        i18n.set_language(None)
    boxes = [lay.space_rect(i) for i in range(G4.cfg.num_spaces)] + [lay.player_box(q) for q in range(4)]
    boxes += [lay.pile_box] + [lay.part_box(i) for i in range(len(TRAP_PARTS))]
    for x, y, text, size, align, bold in p.texts:
        assert size >= MIN_TEXT, text
        w = text_width(text, size, bold=bold)
        left = {"left": x, "right": x - w}.get(align, x - w / 2)
        assert left >= 0 and left + w <= lay.width, (text, left, w)
        for bx, by, bw, bh in boxes:
            if bx <= x <= bx + bw and by <= y <= by + bh:  # a text anchored in a box stays in it
                assert bx <= left and left + w <= bx + bw + 1, (text, (bx, bw), (left, w))
