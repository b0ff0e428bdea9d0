"""The shipped notebooks are slim: no stored widget state, pictures as palette PNGs.

Every notebook under ``notebooks/`` ships in the wheel (in four languages). An executed
notebook stores the state of every widget it displayed (``metadata.widgets``: a board's whole
canvas) and matplotlib's full-colour PNGs; ``tools/slim_notebooks.py`` removes the first and
re-encodes the second — run it after executing notebooks.
"""

from __future__ import annotations

import base64
import importlib.util
import io
import json
import pathlib
import re
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
spec = importlib.util.spec_from_file_location("slim_notebooks", ROOT / "tools" / "slim_notebooks.py")
assert spec and spec.loader
slim_notebooks = importlib.util.module_from_spec(spec)
sys.modules["slim_notebooks"] = slim_notebooks
spec.loader.exec_module(slim_notebooks)

NOTEBOOKS = sorted(slim_notebooks.notebooks([ROOT / "notebooks"]))


def test_there_are_shipped_notebooks_in_every_language() -> None:
    rel = {p.relative_to(ROOT / "notebooks").parts[0] for p in NOTEBOOKS}
    assert {"lessons", "games", "lv", "ru", "he", "00_start_here.ipynb"} <= rel


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.relative_to(ROOT / "notebooks").as_posix())
def test_no_shipped_notebook_stores_widget_state_or_heavy_pictures(path: pathlib.Path) -> None:
    nb = json.loads(path.read_text(encoding="utf-8"))
    assert slim_notebooks.problems(nb) == [], f"{path.name}: run python tools/slim_notebooks.py"


def _png(mode: str) -> bytes:
    """A small plot-like picture: a few colours with soft (anti-aliased) edges."""
    from PIL import Image, ImageDraw

    image = Image.new("RGBA", (120, 80), (255, 255, 255, 255))
    draw = ImageDraw.Draw(image)
    for i in range(0, 120, 7):
        draw.line([(i, 0), (119 - i, 79)], fill=(30 + i, 90, 200 - i, 255), width=2)
    out = io.BytesIO()
    image.convert(mode).save(out, "PNG")
    return out.getvalue()


def _notebook(png: bytes) -> dict[str, object]:
    return {
        "cells": [
            {
                "cell_type": "code",
                "execution_count": 1,
                "id": "a1",
                "metadata": {},
                "outputs": [
                    {
                        "data": {"image/png": base64.b64encode(png).decode(), "text/plain": ["<Figure>"]},
                        "metadata": {},
                        "output_type": "display_data",
                    }
                ],
                "source": ["plot()  # ünïcode, עברית"],
            }
        ],
        "metadata": {
            "kernelspec": {"name": "python3"},
            "widgets": {"application/vnd.jupyter.widget-state+json": {"state": {"x": {"model_name": "Canvas"}}}},
        },
        "nbformat": 4,
        "nbformat_minor": 5,
    }


def test_the_tool_strips_widget_state_and_shrinks_pictures_and_nothing_else(tmp_path: pathlib.Path) -> None:
    png = _png("RGBA")
    assert not slim_notebooks.is_palette_png(png)
    path = tmp_path / "lesson.ipynb"
    path.write_text(slim_notebooks.dumps(_notebook(png)), encoding="utf-8")
    assert slim_notebooks.main(["--check", str(tmp_path)]) == 1
    assert slim_notebooks.problems(json.loads(path.read_text(encoding="utf-8"))) == [
        "stores widget state (metadata.widgets)",
        "1 full-colour PNG output(s)",
    ]
    before, after = slim_notebooks.slim(path)
    assert after < before
    nb = json.loads(path.read_text(encoding="utf-8"))
    assert "widgets" not in nb["metadata"] and nb["metadata"]["kernelspec"] == {"name": "python3"}
    small = base64.b64decode(nb["cells"][0]["outputs"][0]["data"]["image/png"])
    assert slim_notebooks.is_palette_png(small) and len(small) < len(png)
    expected = _notebook(png)
    expected["metadata"].pop("widgets")  # type: ignore[attr-defined]
    expected["cells"][0]["outputs"][0]["data"]["image/png"] = nb["cells"][0]["outputs"][0]["data"]["image/png"]  # type: ignore[index]
    assert path.read_text(encoding="utf-8") == slim_notebooks.dumps(expected)  # nothing else changed
    assert slim_notebooks.main(["--check", str(path)]) == 0
    assert slim_notebooks.slim(path) == (after, after)  # a second run changes nothing


def test_the_pictures_look_the_same_after_shrinking() -> None:
    from PIL import Image, ImageChops

    png = _png("RGBA")
    small = slim_notebooks.palette_png(png)
    with Image.open(io.BytesIO(png)) as a, Image.open(io.BytesIO(small)) as b:
        diff = ImageChops.difference(a.convert("RGBA").convert("RGB"), b.convert("RGBA").convert("RGB"))
        assert a.size == b.size
        assert max(hi for _, hi in diff.getextrema()) <= 24  # per channel, out of 255


def test_the_layout_is_nbformats_so_slimming_changes_only_what_it_should() -> None:
    """The tool writes a notebook back byte for byte as nbformat does: a slim notebook is unchanged."""
    for path in NOTEBOOKS[:5]:
        text = path.read_text(encoding="utf-8")
        assert slim_notebooks.dumps(json.loads(text)) == text, path


def test_a_path_that_is_not_a_notebook_is_refused(tmp_path: pathlib.Path) -> None:
    (tmp_path / "notes.txt").write_text("x", encoding="utf-8")
    with pytest.raises(ValueError, match="neither a notebook"):
        list(slim_notebooks.notebooks([tmp_path / "notes.txt"]))


BOARD_NOTEBOOKS = [*sorted((ROOT / "notebooks" / "games").glob("*.ipynb")), ROOT / "notebooks" / "00_start_here.ipynb"]


@pytest.mark.parametrize("path", BOARD_NOTEBOOKS, ids=lambda p: p.relative_to(ROOT / "notebooks").as_posix())
def test_an_html_export_shows_the_board_picture(path: pathlib.Path) -> None:
    """Exported with nbconvert (as a teacher shares a notebook, or GitHub shows it), a notebook
    without stored widget state still shows its board: the picture the widget's output carries
    beside the live board, a real PNG the size of a board."""
    nbformat = pytest.importorskip("nbformat")
    nbconvert = pytest.importorskip("nbconvert")
    from PIL import Image

    html, _ = nbconvert.HTMLExporter().from_notebook_node(nbformat.read(path, as_version=4))
    pictures = [dict(re.findall(r'(\w+)="([^"]*)"', tag)) for tag in re.findall(r"<img [^>]*>", html)]
    boards = [p for p in pictures if p.get("class") == "bgw-picture"]
    assert len(boards) == 1, f"{path.name}: {len(boards)} board pictures in its HTML export"
    assert "run this cell" in boards[0]["alt"]
    media, _, data = boards[0]["src"].partition(",")
    assert media == "data:image/png;base64"
    with Image.open(io.BytesIO(base64.b64decode(data))) as image:
        assert min(image.size) >= 200, image.size


def test_the_game_notebooks_are_one_per_registered_game() -> None:
    from boardgames_widgets.core.registry import GAMES

    shipped = {p.stem for p in (ROOT / "notebooks" / "games").glob("*.ipynb")}
    assert shipped == set(GAMES) - {"pig"}, "Pig, the 'Adding a game' example, is played from the start notebook"
