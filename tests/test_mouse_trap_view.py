"""Mouse Trap pictures: the SVG shows the board, the trap, the mice and the cheese; clicks hit-test."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from boardgames_widgets.core.painter import SVGPainter
from boardgames_widgets.games.mouse_trap import TRAP_PARTS, MouseTrap, MouseTrapState, Phase
from boardgames_widgets.games.mouse_trap.view import MOUSE_COLOURS, STAGE_COLOURS, MouseTrapLayout, draw, draw_svg

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
    assert lay.width > lay.panel_left and lay.height > lay.board_bottom


@pytest.mark.parametrize("track_len", [1, 9, 10, 20, 41])
def test_serpentine_spaces_never_overlap_for_other_track_lengths(track_len):
    game = MouseTrap(2, track=["START"] + ["DOG BONE"] * (track_len - 1))
    lay = MouseTrapLayout.for_config(game.cfg)
    centres = [lay.centre(i) for i in range(game.cfg.num_spaces)]
    for i, (x1, y1) in enumerate(centres):
        assert x1 - 0.5 * lay.cell >= 0 and x1 + 0.5 * lay.cell <= lay.panel_left
        assert y1 - 0.5 * lay.cell >= lay.header
        for x2, y2 in centres[i + 1 :]:
            assert (x1 - x2) ** 2 + (y1 - y2) ** 2 >= (0.8 * lay.cell) ** 2
    painter = SVGPainter(lay.width, lay.height)
    assert draw(painter, game.cfg, game.new_initial_state(), highlights={0}) is not None
    ET.fromstring(draw_svg(game.cfg, game.new_initial_state()))
