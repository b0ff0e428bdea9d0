"""Slim executed notebooks before committing them: no stored widget state, palette PNG pictures.

Two things make an executed notebook heavy without helping anyone, and both would ship in the
wheel (every notebook under ``notebooks/`` does, in four languages):

* **widget state** — JupyterLab and nbclient save the state of every widget model a notebook
  displayed into its metadata (``metadata.widgets``): for a board, the whole canvas. Nothing
  reads it back (a widget comes alive only when its cell runs again) and nbval does not
  compare it. It is removed.
* **full-colour PNG pictures** — matplotlib's inline PNGs are 32-bit RGBA; a plot has few
  colours, and the same picture as a 256-colour palette PNG is a third of the size and looks
  the same. Each ``image/png`` output is re-encoded so (kept as it is when that is not
  smaller). nbval never compares PNG outputs.

Nothing else changes: cells, sources, the other outputs and the file's layout are written back
as nbformat writes them (sorted keys, one-space indent, UTF-8, a final newline).
``tests/test_shipped_notebooks.py`` checks that every notebook under ``notebooks/`` is slim, so
run this after executing notebooks (``tools/lesson_i18n.py generate``, nbclient, JupyterLab)::

    python tools/slim_notebooks.py               # every notebook under notebooks/
    python tools/slim_notebooks.py a.ipynb b/    # these notebooks and folders
    python tools/slim_notebooks.py --check       # list what is not slim; exit 1 if any

Needs Pillow (a dependency of matplotlib).
"""

from __future__ import annotations

import argparse
import base64
import io
import json
import pathlib
import sys
from collections.abc import Iterable, Iterator
from typing import Any

ROOT = pathlib.Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
PNG = "image/png"
#: A PNG's colour type (byte 25 of the file, in its IHDR chunk) for a palette image.
PALETTE = 3


def notebooks(paths: Iterable[pathlib.Path]) -> Iterator[pathlib.Path]:
    """The ``.ipynb`` files named, and those under the folders named (checkpoints left out), sorted."""
    for path in paths:
        if path.is_dir():
            yield from sorted(p for p in path.rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)
        elif path.suffix == ".ipynb" and path.is_file():
            yield path
        else:
            raise ValueError(f"{path} is neither a notebook (.ipynb) nor a folder")


def dumps(nb: object) -> str:
    """A notebook's text as nbformat writes it (so that slimming changes nothing else)."""
    return json.dumps(nb, sort_keys=True, indent=1, ensure_ascii=False, separators=(",", ": ")) + "\n"


def _png_outputs(nb: dict[str, Any]) -> Iterator[dict[str, Any]]:
    for cell in nb.get("cells", []):
        for output in cell.get("outputs", []):
            if PNG in output.get("data", {}):
                yield output["data"]


def _b64(value: str | list[str]) -> bytes:
    return base64.b64decode("".join(value))


def is_palette_png(data: bytes) -> bool:
    """Whether PNG bytes hold a palette image (read from the header: no decoding)."""
    return data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR" and data[25] == PALETTE


def palette_png(data: bytes) -> bytes:
    """The picture as a palette PNG (at most 256 colours, transparency kept), or ``data`` when not smaller."""
    from PIL import Image

    with Image.open(io.BytesIO(data)) as image:
        small = image.convert("RGBA").quantize(256, method=Image.Quantize.FASTOCTREE)
    out = io.BytesIO()
    small.save(out, "PNG", optimize=True)
    return out.getvalue() if len(out.getvalue()) < len(data) else data


def problems(nb: dict[str, Any]) -> list[str]:
    """What is not slim in a notebook: stored widget state, full-colour PNGs that would shrink."""
    found = []
    if "widgets" in nb.get("metadata", {}):
        found.append("stores widget state (metadata.widgets)")
    heavy = sum(
        1
        for data in _png_outputs(nb)
        if not is_palette_png(_b64(data[PNG])) and palette_png(_b64(data[PNG])) != _b64(data[PNG])
    )
    if heavy:
        found.append(f"{heavy} full-colour PNG output(s)")
    return found


def slim(path: pathlib.Path) -> tuple[int, int]:
    """Slim the notebook at ``path`` in place; its size in bytes before and after."""
    text = path.read_text(encoding="utf-8")
    nb = json.loads(text)
    nb.get("metadata", {}).pop("widgets", None)
    for data in _png_outputs(nb):
        raw = _b64(data[PNG])
        if not is_palette_png(raw):
            smaller = palette_png(raw)
            if smaller != raw:
                data[PNG] = base64.b64encode(smaller).decode("ascii")
    new = dumps(nb)
    if new != text:
        path.write_text(new, encoding="utf-8", newline="\n")
    return len(text.encode("utf-8")), len(new.encode("utf-8"))


def main(argv: list[str] | None = None) -> int:
    """The command line (see the module's docstring)."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("paths", nargs="*", type=pathlib.Path, help="notebooks or folders (default: notebooks/)")
    parser.add_argument("--check", action="store_true", help="only list what is not slim; exit 1 if anything is")
    args = parser.parse_args(argv)
    found = list(notebooks(args.paths or [NOTEBOOKS]))
    if args.check:
        bad = 0
        for path in found:
            for problem in problems(json.loads(path.read_text(encoding="utf-8"))):
                print(f"{path}: {problem} (run python tools/slim_notebooks.py)")
                bad += 1
        return 1 if bad else 0
    before = after = changed = 0
    for path in found:
        old, new = slim(path)
        before, after, changed = before + old, after + new, changed + (old != new)
        if old != new:
            print(f"{path}: {old:,} -> {new:,} bytes")
    print(f"{changed} of {len(found)} notebooks slimmed: {before:,} -> {after:,} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
