"""Right-to-left text in the PNG pictures: one implementation of the Unicode bidirectional algorithm.

Matplotlib before 3.11 draws text glyph after glyph, left to right, so
:func:`~boardgames_widgets.widgets.raster.visual_order` puts a Hebrew text in display order (as a
browser does in the canvas's right-to-left box); 3.11 on (Python 3.11+) orders it itself. The
order is checked against python-bidi (the ``test`` extra) on every Hebrew line the widgets
draw, and read from the glyphs of a drawn picture.
"""

from __future__ import annotations

import pathlib
import re

import pytest

from boardgames_widgets.i18n import has_rtl_letters, isolate_numbers
from boardgames_widgets.widgets.raster import PNGPainter, visual_order

#: Brackets are drawn mirrored in right-to-left runs (rule L4): python-bidi leaves that to the renderer.
_SAME_BRACKETS = str.maketrans("()[]{}", "||||||")
_ISOLATES = dict.fromkeys(map(ord, "\u2066\u2067\u2068\u2069"))


def _python_bidi(text: str) -> str:
    bidi = pytest.importorskip("bidi", reason="python-bidi is not installed (pip install -e '.[test]')")
    return str(bidi.get_display(text, base_dir="R")).translate(_ISOLATES)


@pytest.mark.parametrize(
    ("logical", "display"),
    [
        ("שחקן 2: 3 נקודות", "תודוקנ 3 :2 ןקחש"),  # the example: the hand-written order said "2: 3"
        ("אב 12", "12 בא"),
        ("א -1", "1- א"),
        (isolate_numbers("א -1"), "-1 א"),  # an isolated signed number keeps its sign in front
        ("10% מהמשחקים", "םיקחשמהמ 10%"),
        ("Round 2 סיבוב", "בוביס Round 2"),
        ("ניקוד: 12, 7, 3", "3 ,7 ,12 :דוקינ"),
        ("שחקן 1 (כחול)", "(לוחכ) 1 ןקחש"),  # brackets mirrored in a right-to-left run
        ("Round 2", "Round 2"),  # no Hebrew: unchanged
        ("\u2066-1\u2069 a", "-1 a"),  # no Hebrew: only the isolates go
    ],
)
def test_visual_order(logical: str, display: str) -> None:
    assert visual_order(logical) == display
    if has_rtl_letters(logical):
        assert display.translate(_SAME_BRACKETS) == _python_bidi(logical).translate(_SAME_BRACKETS)


def test_every_hebrew_line_the_widgets_draw_is_ordered_as_python_bidi_orders_it() -> None:
    pytest.importorskip("bidi", reason="python-bidi is not installed (pip install -e '.[test]')")
    read_po = pytest.importorskip("babel.messages.pofile", reason="Babel is not installed").read_po

    po = pathlib.Path(__file__).resolve().parents[1] / "boardgames_widgets" / "locale" / "he" / "LC_MESSAGES"
    with (po / "boardgames_widgets.po").open("rb") as fh:  # the source tree's (the wheel ships the .mo only)
        catalog = read_po(fh, locale="he")
    lines = []
    for message in catalog:
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for text in strings:
            for line in text.splitlines():
                line = re.sub(r"\{[^}]*\}", "12", line)  # placeholders as the widgets fill them
                if has_rtl_letters(line):
                    lines += [line, isolate_numbers(line)]
    assert len(lines) > 300
    wrong = [
        line
        for line in lines
        if visual_order(line).translate(_SAME_BRACKETS) != _python_bidi(line).translate(_SAME_BRACKETS)
    ]
    assert not wrong, wrong[:5]


def _ink_boxes(png: bytes) -> list[tuple[int, int]]:
    """(left, right) of each run of inked columns, left to right."""
    import io

    import numpy as np
    from PIL import Image

    cols = (np.asarray(Image.open(io.BytesIO(png)).convert("L")) < 128).any(axis=0)
    boxes, x = [], 0
    while x < len(cols):
        if cols[x]:
            x0 = x
            while x < len(cols) and cols[x]:
                x += 1
            boxes.append((x0, x - 1))
        else:
            x += 1
    return boxes


def test_the_picture_reads_numbers_and_their_colon_as_a_browser_does() -> None:
    """ "ב 2: 3 א" in a right-to-left box shows, from the left: alef, 3, a space, the colon right
    against the 2, bet. Read from the glyphs: the colon is far from the 3 and close to the 2
    (the hand-written order drew "2: 3": close to the left digit)."""
    p = PNGPainter(400, 80, lang="he")
    p.rtl = True
    p.rect(0, 0, 400, 80, fill="#fff")
    p.text(380, 40, "ב 2: 3 א", size=40, align="right")
    alef, left_digit, colon, right_digit, bet = _ink_boxes(p.to_png())
    assert colon[1] - colon[0] < (left_digit[1] - left_digit[0]) / 2  # the narrow one is the colon
    gap_before, gap_after = colon[0] - left_digit[1], right_digit[0] - colon[1]
    assert gap_before > 2 * gap_after, (gap_before, gap_after)
    assert bet[1] - bet[0] > 0 and alef[0] < left_digit[0]
