"""Highlights and selection are drawn by the views (issue 30): each view's ``draw_marks``.

The widgets say what is lit, chosen or hinted; the views draw it. Each test draws the
marks on an SVG painter and finds them where the view's layout puts them, and checks
that a widget's overlay layer holds exactly what the view draws for the widget's marks.
"""

from __future__ import annotations

import re
from typing import Any

import boardgames_widgets as bw
from boardgames_widgets.core.painter import SVGPainter
from boardgames_widgets.games.chop_chop import view as ccv
from boardgames_widgets.games.chop_chop.rules import ChopChop
from boardgames_widgets.games.food_chain import view as fcv
from boardgames_widgets.games.mouse_trap import view as mtv
from boardgames_widgets.games.papageno import view as pv


def rects(svg: str) -> list[dict[str, str]]:
    """Every ``<rect>`` of ``svg`` as its attributes."""
    return [dict(re.findall(r'([\w-]+)="([^"]*)"', m)) for m in re.findall(r"<rect ([^>]*)/?>", svg)]


def test_food_chain_marks_light_the_cells_and_frame_the_chosen_and_hinted_cards() -> None:
    lay = fcv.FoodChainLayout(2)
    p = SVGPainter(600, 600)
    fcv.draw_marks(p, lay, cells=[(0, 1), (1, 0)], lit=True, selected=2, hint_cell=(0, 1), hint_card=0)
    found = rects(p.to_svg())
    lit = [r for r in found if r.get("fill") == fcv.HIGHLIGHT]
    x, y = lay.cell_xy(0, 1)
    assert len(lit) == 2 and any(float(r["x"]) == x + 2 and float(r["y"]) == y + 2 for r in lit)
    hx, _hy = lay.hand_xy(2)
    assert any(r.get("stroke") == "#e0a800" and float(r["x"]) == hx - 3 for r in found)  # the chosen card
    green = [r for r in found if r.get("stroke") == "#2e7d32"]
    assert len(green) == 2  # the hinted cell and its card


def test_chop_chop_marks_light_landings_with_steps_ring_pieces_and_frame_the_hint() -> None:
    lay = ChopChop().layout
    p = SVGPainter(600, 600)
    ccv.draw_marks(p, lay, landings=[3, 4], steps="2", chosen=4, movable=[10, 11], active=10, hint=4)
    svg = p.to_svg()
    lit = [r for r in rects(svg) if r.get("fill") == ccv.LIT]
    assert len(lit) == 2 and {r["stroke-width"] for r in lit} == {"2", "3"}  # the chosen landing stands out
    assert svg.count(">2</text>") == 2  # the steps on each lit square
    assert svg.count(f'stroke="{ccv.SELECT}"') == 2  # both movable pieces ringed
    x, _y = ccv.cell_origin(lay, 4)
    assert any(r.get("stroke") == ccv.VIA_EDGE and float(r["x"]) == x + 1 for r in rects(svg))  # the hint


def test_papageno_marks_targets_the_button_hints_and_prompt() -> None:
    p = SVGPainter(600, 600)
    card = (10.0, 20.0, 50.0, 70.0)
    pv.draw_marks(
        p,
        targets=[(card, False), ((70.0, 20.0, 50.0, 70.0), True)],
        button=((10.0, 200.0, 80.0, 24.0), "No swap", True),
        hints=[card],
        prompt=((200.0, 200.0, 150.0, 60.0), "Turn up one of your cards"),
    )
    svg = p.to_svg()
    found = rects(svg)
    assert any(r.get("stroke") == pv.HIGHLIGHT for r in found) and any(r.get("stroke") == "#e91e63" for r in found)
    assert any(r.get("fill") == "#c8e6c9" for r in found)  # the hinted button
    assert ">No swap</text>" in svg and "Turn up one" in svg  # the prompt wraps in its box


def test_mouse_trap_marks_ring_mice_the_crank_and_players() -> None:
    game = bw.make_game("mouse_trap", num_players=3)
    cfg = game.cfg  # type: ignore[attr-defined]
    lay = mtv.MouseTrapLayout.for_config(cfg)
    state = game.new_initial_state()
    p = SVGPainter(lay.width, lay.height)
    mtv.draw_marks(p, lay, cfg, state, mice=[0, 1], crank=True, players=[2])
    svg = p.to_svg()
    assert svg.count("<circle") == 2
    assert sum(r.get("stroke") == "#e0a800" for r in rects(svg)) == 2  # the crank's space and player 3's box


def test_a_widgets_overlay_is_what_the_view_draws_for_its_marks() -> None:
    """Chop Chop, a mouse chosen: the overlay layer holds the view's marks for the widget's landings."""
    from boardgames_widgets.widgets.canvas_painter import _Recorder

    w = bw.play("chop_chop", seed=1, lang="en", threaded=False, speed="off", seats=["Random bot", "Human"])
    w.sel_piece = w.movable_pieces()[0]
    w.redraw()
    assert w.canvas is not None
    overlay = w.canvas._shown["overlay"]
    rec = _Recorder()
    painter = ccv_painter(rec)
    lit = w.landings()
    ccv.draw_marks(painter, w.lay, landings=list(lit), steps=w._step_label(w.state))
    assert lit and contains(calls(overlay), calls(rec.ops))


def calls(ops: list[object] | None) -> list[object]:
    """The drawing calls of a recording, without its attribute settings (a painter skips repeated ones)."""
    assert ops is not None
    out: list[object] = []
    i = 0
    while i < len(ops):
        name, n = ops[i], ops[i + 1]
        assert isinstance(n, int)
        if name != "=":
            out.append((name, *ops[i + 2 : i + 2 + n]))
        i += 2 + n
    return out


def ccv_painter(rec: object) -> Any:
    from boardgames_widgets.widgets.canvas_painter import PIXEL_RATIO, CanvasPainter

    return CanvasPainter(rec, 10, 10, PIXEL_RATIO)


def contains(ops: list[object], part: list[object]) -> bool:
    """Whether ``part`` occurs in ``ops`` as one run."""
    n = len(part)
    return any(ops[i : i + n] == part for i in range(len(ops) - n + 1))
