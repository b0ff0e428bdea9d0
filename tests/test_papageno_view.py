"""Papageno pictures: SVG from any seat and the teacher view; hit-testing (no browser needed)."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from collections import Counter

import pytest
from test_papageno import playout, run, table

from boardgames_widgets.games.papageno import Papageno, Phase
from boardgames_widgets.games.papageno.cards import cards_from_counts
from boardgames_widgets.games.papageno.view import (
    SPECIAL_FACES,
    Hit,
    PapagenoLayout,
    hit_test,
    render_observation_svg,
)


def _parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag.endswith("svg")
    return root


@pytest.mark.parametrize("n", [2, 5])
def test_every_state_draws_from_every_seat_and_the_teacher_view(n):
    game = Papageno(n)
    states = playout(game, 3)
    for state in [*states[:: max(1, len(states) // 12)], states[-1]]:
        for seat in [None, *range(n)]:
            _parse(game.state_svg(state, seat))
        _parse(state._repr_svg_())
        _parse(game.observation(state, 0)._repr_svg_())


def test_PA_T1_a_secret_card_does_not_show_from_another_seat():
    """PA-T1: the picture from another seat is the same whatever the drawer holds."""
    game = Papageno(3)
    base = table(game, "3 . . / . . .", ". 8 . / . . .", ". . 5 / . . .", discard=("6",))
    capture = run(game, base, "draw", "reveal Capture")
    bird = run(game, base, "draw", "reveal 9")
    for seat in (1, 2):
        assert game.state_svg(capture, seat) == game.state_svg(bird, seat)
        assert "secret card" in game.state_svg(capture, seat)
    assert game.state_svg(capture, 0) != game.state_svg(bird, 0)
    face = f'fill="{SPECIAL_FACES["Capture"]}"'  # the Capture card's face, drawn without its name
    assert face not in game.state_svg(bird, 0) and face not in game.state_svg(capture, 1)
    assert face in game.state_svg(capture, 0) and face in game.state_svg(capture, None)
    assert render_observation_svg(game.observation(capture, 1)) == render_observation_svg(game.observation(bird, 1))


def test_teacher_view_lists_the_unseen_cards_and_marks_face_down_cards():
    game = Papageno(2)
    state = table(game, "3 . . / . . .", ". 8 . / . . .", discard=("6",))
    teacher = game.state_svg(state, None)
    assert "Unseen" in teacher and ">?</text>" in teacher
    assert ">?</text>" not in game.state_svg(state, 0)


def test_round_over_picture_shows_the_scores():
    game = Papageno(3)
    states = playout(game, 8)
    over = next(s for s in states if s.phase in (Phase.ROUND_OVER, Phase.GAME_OVER))
    svg = game.state_svg(over, 1)
    for p, total in enumerate(over.last_scores):
        assert f"Player {p + 1}" in svg and f">{total}</text>" in svg  # each area's total in its badge


@pytest.mark.parametrize("n", [2, 3, 5])
def test_hit_test_finds_every_card_and_pile(n):
    for viewer in range(n):
        lay = PapagenoLayout(n, viewer)
        boxes = []
        for player in range(n):
            for pos in range(6):
                x, y, w, h = lay.card_rect(player, pos)
                assert x >= 0 and x + w <= lay.width and y >= 0 and y + h <= lay.height
                assert hit_test(n, viewer, x + w / 2, y + h / 2) == Hit("card", player, pos)
                boxes.append((x, y, w, h))
        for kind, (x, y, w, h) in (
            ("draw", lay.draw_pile_rect()),
            ("discard", lay.discard_rect()),
            ("hand", lay.hand_rect()),
        ):
            assert lay.hit_test(x + w / 2, y + h / 2) == Hit(kind)
            boxes.append((x, y, w, h))
        for i, a in enumerate(boxes):  # nothing overlaps
            for b in boxes[i + 1 :]:
                assert a[0] + a[2] <= b[0] or b[0] + b[2] <= a[0] or a[1] + a[3] <= b[1] or b[1] + b[3] <= a[1]
        assert lay.hit_test(1, 1) is None
    # the viewer's own area is at the bottom
    lay = PapagenoLayout(4, viewer=2)
    assert lay.area_origin(2)[1] > lay.area_origin(3)[1]


def test_PA_E2_round_end_picture_marks_cancelled_columns_and_egg_choices():
    """PA-E2: at the end of a round the picture crosses out cancelled columns and shows what each Egg took."""
    game = Papageno(2)
    state = table(game, "Egg 6 1 / 2 6 .", "3 Egg 7 / 5 7 4", discard=("0",))
    over = run(game, state, "take discard", "swap bottom-right", "reveal 9")
    assert over.phase is Phase.ROUND_OVER
    svg = game.state_svg(over, 0)
    assert ">9</text>" in svg and ">19</text>" in svg  # totals: 6 + 0 + 1 + 2 + 0 + 0 and 3 + 0 + 7 + 5 + 0 + 4
    assert "=6" in svg and "=7" in svg  # the weight each Egg takes, under an arrow to its source
    assert svg.count(">0</text>") >= 2  # one "0" badge per cancelled column
    assert svg.count("#c62828") >= 2 * 2  # the cancelled columns crossed out


def test_teacher_view_can_show_a_possible_deal_of_the_face_down_cards():
    """The teacher view with deal_rng fills every face-down place with a possible card, veiled."""
    game = Papageno(3)
    state = table(game, "3 . . / . . .", ". 8 . / . . .", ". . 5 / . . .", discard=("6",))
    deal = game.possible_deal(state, random.Random(2))
    assert all(c is not None for g in deal for c in g)
    dealt = [deal[p][i] for p in range(3) for i in range(6) if state.grids[p][i] is None]
    pool = Counter(cards_from_counts(state.unseen))
    assert not Counter(dealt) - pool  # only unseen cards, never more than there are
    svg = game.state_svg(state, None, deal_rng=random.Random(2))
    assert svg.count(">?</text>") == len(dealt)
    with pytest.raises(ValueError):
        game.state_svg(state, 0, deal_rng=random.Random(2))
