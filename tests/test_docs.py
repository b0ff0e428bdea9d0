"""The documentation site builds offline with warnings as errors, and shows what it must.

One ``sphinx-build -W -b html`` into a temporary folder (module fixture) feeds the checks:
a page with pictures per registered game, every notebook rendered, the API reference, no
widget JavaScript from a CDN, and the JupyterLite site with this package's wheel and the
notebooks. Skipped when the ``docs`` extra is not installed. The fast checks at the top
need no build.
"""

from __future__ import annotations

import html as htmllib
import importlib.util
import json
import pathlib
import re
import sys
import zipfile

import pytest

import boardgames_widgets as bw
from boardgames_widgets.core.registry import GAMES, game_class

ROOT = pathlib.Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
sys.path.insert(0, str(DOCS))
import bgw_docs  # noqa: E402

HAVE_SPHINX = all(importlib.util.find_spec(m) is not None for m in ("sphinx", "myst_nb", "pydata_sphinx_theme"))
HAVE_LITE = all(
    importlib.util.find_spec(m) is not None
    for m in ("jupyterlite_sphinx", "jupyterlite_core", "jupyterlite_pyodide_kernel", "hatchling")
)
needs_build = pytest.mark.skipif(not HAVE_SPHINX, reason="the docs extra is not installed (pip install -e '.[docs]')")
needs_lite = pytest.mark.skipif(not (HAVE_SPHINX and HAVE_LITE), reason="jupyterlite-sphinx & co. are not installed")

RULE_ID = re.compile(r"^\s*- ([A-Z]{2}-[A-Z]+\d+[a-z]?)\b", re.M)


def _rule_ids(section_body: str) -> set[str]:
    return set(RULE_ID.findall(section_body))


# -- fast checks (no build) --------------------------------------------------------------
def test_rules_copy_has_a_section_for_every_registered_game() -> None:
    sections = bgw_docs.rules_sections(bgw_docs.RULES.read_text(encoding="utf-8"))
    for gid in bw.game_ids():
        info = game_class(gid).info
        if not info.rules_section:  # a game outside RULES.md (Pig): its page shows its rules summary
            assert bw.rules_summary(gid, "en").startswith("# ")
            continue
        assert info.rules_section in sections, f"{gid}: section {info.rules_section} missing from docs/rules/RULES.md"
        assert _rule_ids(sections[info.rules_section][1]), f"{gid}: no rule IDs in its section"
    assert "(seed" not in sections["4"][0]


def test_rules_copy_has_the_rule_ids_of_the_shared_rules() -> None:
    """docs/rules/RULES.md is a copy of the project's RULES.md; it must not lose a rule."""
    shared = ROOT.parent / "shared" / "RULES.md"
    if not shared.exists():
        pytest.skip("no shared/RULES.md beside the repository")
    ours = _rule_ids(bgw_docs.RULES.read_text(encoding="utf-8"))
    theirs = _rule_ids(shared.read_text(encoding="utf-8"))
    assert theirs <= ours, (
        f"rules missing from the docs copy: {sorted(theirs - ours)}; run cp {shared} docs/rules/RULES.md"
    )


def test_rule_ids_become_bold_anchors() -> None:
    out = bgw_docs.emphasise_rule_ids("Setup\n- FC-S1 Each player gets one set.\n  - CC-M3 No jumping.\nFC-T1 inline")
    assert '- <span id="rule-fc-s1"></span>**FC-S1** Each player' in out
    assert '<span id="rule-cc-m3"></span>**CC-M3**' in out
    assert out.endswith("FC-T1 inline")  # only list items are rules


def test_static_notebook_replaces_widgets_with_a_note_and_drops_widget_state() -> None:
    nb = {
        "metadata": {"widgets": {"application/vnd.jupyter.widget-state+json": {}}},
        "cells": [
            {
                "cell_type": "code",
                "outputs": [
                    {
                        "output_type": "display_data",
                        "data": {bgw_docs.WIDGET_MIME: {"model_id": "x"}, "text/plain": "VBox()"},
                    },
                    {"output_type": "display_data", "data": {"image/svg+xml": "<svg/>"}},
                ],
            }
        ],
    }
    nb["cells"].append({"cell_type": "code", "metadata": {"nbgrader": {"solution": True}}, "source": "x = 1"})
    out = bgw_docs.static_notebook(nb, depth=2)
    assert out["cells"][1]["metadata"]["tags"] == ["hide-input"]  # solutions stay folded
    assert "widgets" not in out["metadata"]
    first, second = out["cells"][0]["outputs"]
    assert bgw_docs.WIDGET_MIME not in first["data"]
    assert 'href="../../try_it.html"' in first["data"]["text/html"]
    assert second["data"] == {"image/svg+xml": "<svg/>"}
    assert bgw_docs.WIDGET_MIME in nb["cells"][0]["outputs"][0]["data"]  # the original is untouched


def test_a_widget_shows_its_own_picture_of_the_board_then_the_note() -> None:
    """The widget's mime bundle carries the board (SVG and PNG): static pages show it, not a blank."""
    widget = {
        bgw_docs.WIDGET_MIME: {"model_id": "x"},
        "image/svg+xml": "<svg>board</svg>",
        "image/png": "iVBOR",
        "text/plain": "Food Chain, 2 players — run this cell to play",
    }
    nb = {"cells": [{"cell_type": "code", "outputs": [{"output_type": "display_data", "data": widget}]}]}
    picture, note = bgw_docs.static_notebook(nb, depth=1)["cells"][0]["outputs"]
    assert picture["data"] == {k: v for k, v in widget.items() if k != bgw_docs.WIDGET_MIME}
    assert 'href="../try_it.html"' in note["data"]["text/html"]


def test_lite_notebook_starts_with_the_install_cell_and_has_no_outputs() -> None:
    nb = {
        "metadata": {},
        "cells": [{"cell_type": "code", "source": "1+1", "outputs": [{"x": 1}], "execution_count": 3}],
    }
    out = bgw_docs.lite_notebook(nb)
    assert out["cells"][0]["source"].endswith("%pip install -q boardgames_widgets")
    assert out["cells"][1]["outputs"] == [] and out["cells"][1]["execution_count"] is None
    assert out["metadata"]["kernelspec"]["name"] == "python"


def test_repacked_wheel_is_a_valid_wheel(tmp_path: pathlib.Path) -> None:
    path = bgw_docs.repack_installed("comm", tmp_path)
    assert path.name.startswith("comm-") and path.name.endswith("-py3-none-any.whl")
    with zipfile.ZipFile(path) as zf:
        names = zf.namelist()
        assert "comm/__init__.py" in names
        info = next(n.split("/")[0] for n in names if n.endswith(".dist-info/METADATA"))
        record = zf.read(f"{info}/RECORD").decode()
        assert "Tag: py3-none-any" in zf.read(f"{info}/WHEEL").decode()
    recorded = {line.split(",")[0] for line in record.splitlines()}
    assert set(names) == recorded  # every file listed, with its hash


def test_doc_examples_run() -> None:
    """The Python blocks of 'Write your own agent' and 'Getting started' run as written."""
    for page in ("own_agent.md", "getting_started.md"):
        ns: dict[str, object] = {}
        text = (DOCS / page).read_text(encoding="utf-8")
        blocks = re.findall(r"```python\n(.*?)```", text, flags=re.S)
        assert blocks, page
        for block in blocks:
            exec(compile(block, page, "exec"), ns)


# -- the build -------------------------------------------------------------------------
@pytest.fixture(scope="module")
def site() -> pathlib.Path:
    if not HAVE_SPHINX:
        pytest.skip("the docs extra is not installed (pip install -e '.[docs]')")
    return bgw_docs.build_site(lite=HAVE_LITE)


@needs_build
def test_every_game_has_a_page_with_pictures_and_its_rule_ids(site: pathlib.Path) -> None:
    sections = bgw_docs.rules_sections(bgw_docs.RULES.read_text(encoding="utf-8"))
    for gid in bw.game_ids():
        info = game_class(gid).info
        page = site / "_generated" / "games" / f"{gid}.html"
        assert page.exists(), f"no page for {gid}"
        html = page.read_text(encoding="utf-8")
        assert info.name in html
        for tag in ("middle", "end"):
            m = re.search(rf'<img[^>]+src="([^"]*{gid}_{tag}\.svg)"', html)
            assert m, f"{gid}: no {tag} picture on its page"
            svg = (page.parent / m.group(1)).resolve().read_text(encoding="utf-8")
            assert "<svg" in svg[:300] and svg.rstrip().endswith("</svg>")
        for rid in _rule_ids(sections[info.rules_section][1]) if info.rules_section else ():
            assert f'id="rule-{rid.lower()}"' in html, f"{gid}: rule {rid} not on its page"
        text = htmllib.unescape(re.sub(r"<[^>]+>", "", html))
        assert "Play it in the widget" in text and f'bw.play("{gid}"' in text


def test_lesson_pages_get_a_language_switcher() -> None:
    """A lesson in several languages links to its other versions (issue 23); a game page has none."""
    targets = {
        "lessons/probability/01_dice.ipynb",
        "lv/lessons/probability/01_dice.ipynb",
        "he/lessons/probability/01_dice.ipynb",
        "games/papageno.ipynb",
    }
    lv = bgw_docs.language_switcher(pathlib.PurePosixPath("lv/lessons/probability/01_dice.ipynb"), targets)
    assert lv is not None and "**Latviešu**" in lv and "Русский" not in lv  # ru is not there: no link
    assert "[English](../../../lessons/probability/01_dice.ipynb)" in lv
    assert "[עברית](../../../he/lessons/probability/01_dice.ipynb)" in lv
    en = bgw_docs.language_switcher(pathlib.PurePosixPath("lessons/probability/01_dice.ipynb"), targets)
    assert en is not None and "[Latviešu](../../lv/lessons/probability/01_dice.ipynb)" in en
    assert bgw_docs.language_switcher(pathlib.PurePosixPath("games/papageno.ipynb"), targets) is None
    try_it = bgw_docs.try_it_body(lite=True)
    for code in ("lv", "ru", "he"):  # every generated lesson is rendered (with its switcher) and in JupyterLite
        for rel in (ROOT / "notebooks" / code).rglob("*.ipynb"):
            assert rel.relative_to(ROOT / "notebooks") in bgw_docs.notebook_paths()
            assert f"path={rel.relative_to(ROOT / 'notebooks').as_posix()}" in try_it


@needs_build
def test_translated_lesson_pages_are_rendered_with_the_switcher(site: pathlib.Path) -> None:
    pages = site / "_generated" / "notebooks"
    for code in ("lv", "ru", "he"):
        if not (ROOT / "notebooks" / code / "lessons" / "probability" / "01_dice.ipynb").exists():
            continue
        page = (pages / code / "lessons" / "probability" / "01_dice.html").read_text(encoding="utf-8")
        assert "bgw-languages" in page and "../../../lessons/probability/01_dice.html" in page, code
    english = (pages / "lessons" / "probability" / "01_dice.html").read_text(encoding="utf-8")
    assert "bgw-languages" in english and "עברית" in english


@needs_build
def test_every_notebook_is_rendered(site: pathlib.Path) -> None:
    rels = bgw_docs.notebook_paths()
    assert pathlib.Path("00_start_here.ipynb") in rels
    assert pathlib.Path("arcade.ipynb") not in rels  # an app, not a page
    for rel in rels:
        assert (site / "_generated" / "notebooks" / rel.with_suffix(".html")).exists(), rel
    start = (site / "_generated" / "notebooks" / "00_start_here.html").read_text(encoding="utf-8")
    assert "<svg" in start  # boards are stored as SVG outputs and survive into HTML


@needs_build
def test_api_reference_documents_core_agents_and_analysis(site: pathlib.Path) -> None:
    html = (site / "_generated" / "api.html").read_text(encoding="utf-8")
    # Each object is documented once: under its package when the package exports it,
    # otherwise under its module.
    for pattern in (
        r"boardgames_widgets\.core\.Game",
        r"boardgames_widgets\.core\.play_game",
        r"boardgames_widgets\.agents\.RandomAgent",
        r"boardgames_widgets\.agents(\.mcts)?\.MCTSAgent",
        r"boardgames_widgets\.analysis(\.tournament)?\.round_robin",
        r"boardgames_widgets\.widgets\.play",
    ):
        assert len(re.findall(f'id="{pattern}"', html)) == 1, pattern


#: Tag attributes through which a page makes the browser fetch something (links to follow are not).
RESOURCE_ATTRS = re.compile(
    r"<(script|img|iframe|source|video|audio|embed|track|input)\b[^>]*?\s(?:src|srcset)=[\"']([^\"']+)"
    r"|<(link)\b(?![^>]*rel=[\"']canonical)[^>]*?\shref=[\"']([^\"']+)"
    r"|<(object)\b[^>]*?\sdata=[\"']([^\"']+)"
    r"|(data-pyodide-url)=[\"']([^\"']+)",
    re.I,
)
CSS_URLS = re.compile(r"url\(\s*[\"']?([^\"')\s]+)|@import\s+[\"']([^\"']+)", re.I)
REMOTE = ("http:", "https:", "//")
#: The one third-party host a page may use: the Pyodide CDN, on the Try it page and in JupyterLite.
PYODIDE_CDN = "https://cdn.jsdelivr.net/pyodide/"


def remote_resources(text: str, css: bool = False) -> list[str]:
    """The addresses of other hosts that an HTML page (or a stylesheet) makes the browser fetch."""
    if css:
        found = [a or b for a, b in CSS_URLS.findall(text)]
    else:
        found = [next(v for v in groups[1::2] if v) for groups in RESOURCE_ATTRS.findall(text)]
        for style in re.findall(r"<style[^>]*>(.*?)</style>|style=\"([^\"]*)\"", text, flags=re.S | re.I):
            found += remote_resources(style[0] or style[1], css=True)
    return [u for u in found if u.strip().startswith(REMOTE)]


def test_the_resource_finder_sees_fonts_scripts_and_styles_but_not_links() -> None:
    page = (
        '<link rel="stylesheet" href="https://fonts.googleapis.com/css?family=Vibur" />'
        '<link rel="canonical" href="https://example.org/x.html">'
        '<script src="//cdn.example/a.js"></script><script src="_static/local.js"></script>'
        '<a href="https://github.com/o/r">source</a><img alt="x" src="https://img.example/b.png">'
        '<div style="background: url(https://img.example/c.png)"></div>'
        "<style>@import 'https://fonts.example/d.css';</style>"
        '<script src="_static/bgw_pyodide_check.js" data-pyodide-url="https://cdn.jsdelivr.net/pyodide/v1/full/pyodide.mjs">'
    )
    assert remote_resources(page) == [
        "https://fonts.googleapis.com/css?family=Vibur",
        "//cdn.example/a.js",
        "https://img.example/b.png",
        "https://cdn.jsdelivr.net/pyodide/v1/full/pyodide.mjs",
        "https://img.example/c.png",
        "https://fonts.example/d.css",
    ]


@needs_build
def test_no_page_makes_a_request_to_a_third_party_host(site: pathlib.Path) -> None:
    """Schools under the GDPR avoid third-party requests: every page uses only this site.

    The one exception is the Pyodide CDN, on the Try it page and in JupyterLite (Python for the
    browser cannot be served from here). jupyterlite-sphinx's Google font is named explicitly.
    """
    pages = sorted(site.rglob("*.html"))
    assert len(pages) > 20
    offenders: dict[str, list[str]] = {}
    for path in [*pages, *sorted(site.rglob("*.css")), *sorted(site.rglob("jupyter-lite.json"))]:
        rel = path.relative_to(site)
        text = path.read_text(encoding="utf-8", errors="replace")
        assert "fonts.googleapis" not in text and "fonts.gstatic" not in text, f"{rel} asks Google for a font"
        if path.suffix == ".json":
            found = [u for u in re.findall(r"\"((?:https?:)?//[^\"]+)\"", text) if not u.startswith("//")]
        else:
            found = remote_resources(text, css=path.suffix == ".css")
        may_use_pyodide = str(rel) == "try_it.html" or rel.parts[0] == "lite"
        bad = [u for u in found if not (may_use_pyodide and u.startswith(PYODIDE_CDN))]
        if bad:
            offenders[str(rel)] = bad
        if path.suffix == ".html" and rel.parts[0] != "lite":
            assert "widget-state+json" not in text, rel
    assert not offenders, f"third-party requests: {offenders}"


@needs_build
def test_the_landing_page_shows_the_four_boards(site: pathlib.Path) -> None:
    html = (site / "index.html").read_text(encoding="utf-8")
    shown = re.findall(r'<img[^>]+src="([^"]+\.svg)"', html)
    assert [pathlib.Path(s).name for s in shown] == [
        f"{g}.svg" for g in ("food_chain", "chop_chop", "papageno", "mouse_trap")
    ]
    for src in shown:
        svg = (site / src).read_text(encoding="utf-8")
        assert svg.startswith("<svg") and svg.rstrip().endswith("</svg>")
    for g in bw.game_ids()[:4]:
        assert game_class(g).info.name.split("!")[0] in html


def test_the_offline_words_are_those_of_the_pyodide_check() -> None:
    script = (DOCS / "_static" / bgw_docs.PYODIDE_CHECK_JS).read_text(encoding="utf-8")
    assert bgw_docs.PYODIDE_OFFLINE_WORDS in script
    assert bgw_docs.pyodide_url().startswith(PYODIDE_CDN) and bgw_docs.pyodide_url().endswith("/pyodide.mjs")


@needs_lite
def test_lite_site_has_the_package_wheel_its_dependencies_and_the_notebooks(site: pathlib.Path) -> None:
    lite = site / "lite"
    index = json.loads((lite / "pypi" / "all.json").read_text(encoding="utf-8"))
    for name in ("boardgames_widgets", "ipycanvas", "ipywidgets", "comm", "jupyterlab_widgets"):
        assert name in index or name.replace("_", "-") in index, f"{name} not in the lite site's package index"
        assert list((lite / "pypi").glob(f"{name}-*-py3-none-any.whl")), f"no {name} wheel"
    (wheel,) = (lite / "pypi").glob("boardgames_widgets-*.whl")
    with zipfile.ZipFile(wheel) as zf:
        names = set(zf.namelist())
    assert "boardgames_widgets/core/registry.py" in names
    for gid in bw.game_ids():
        module = GAMES[gid].rules.__module__  # the game's rules ship in the wheel the site installs
        assert module.replace(".", "/") + ".py" in names
    for nb in (ROOT / "notebooks").rglob("*.ipynb"):
        if ".ipynb_checkpoints" in nb.parts:
            continue
        copy = lite / "files" / nb.relative_to(ROOT / "notebooks")
        assert copy.exists(), f"{copy} missing from the lite site"
        first = json.loads(copy.read_text(encoding="utf-8"))["cells"][0]
        assert "%pip install -q boardgames_widgets" in "".join(first["source"])
    config = json.loads((lite / "jupyter-lite.json").read_text(encoding="utf-8"))["jupyter-config-data"]
    extensions = {e["name"] for e in config["federated_extensions"]}
    assert {"@jupyter-widgets/jupyterlab-manager", "ipycanvas", "@jupyterlite/pyodide-kernel-extension"} <= extensions
    try_it = (site / "try_it.html").read_text(encoding="utf-8")
    assert "lite/lab/index.html?path=00_start_here.ipynb" in try_it
    assert "Pyodide CDN" in try_it
    # Both the page and JupyterLite's own pages run the check that says so when Pyodide cannot load.
    assert bgw_docs.pyodide_check_tag("") in try_it and 'id="bgw-pyodide-status"' in try_it
    for app in ("lab", "notebooks", "tree"):
        assert bgw_docs.pyodide_check_tag("../../") in (lite / app / "index.html").read_text(encoding="utf-8"), app


def test_the_notebooks_navigation_is_grouped_by_language() -> None:
    """English first; then each translation as a block of its own, every caption in its language's
    name — never a translated dashboard under a "He"/"Lv"/"Ru" heading among the English lessons."""
    index = bgw_docs.notebook_index(bgw_docs.notebook_paths())
    blocks = re.findall(r"```\{toctree\}\n:caption: ([^\n]+)\n:maxdepth: 1\n\n(.*?)```", index, flags=re.S)
    captions = [caption for caption, _ in blocks]
    assert captions[0] == "Start here" and not {"He", "Lv", "Ru"} & set(captions)
    names = bgw_docs.LESSON_LANGUAGES
    lang_of_caption = [next((c for c, n in names.items() if c != "en" and cap.startswith(n)), "en") for cap in captions]
    # English blocks, then lv, ru, he: each language's blocks together, in that order
    seen = list(dict.fromkeys(lang_of_caption))
    assert seen == ["en", "lv", "ru", "he"], captions
    assert lang_of_caption == sorted(lang_of_caption, key=seen.index)
    for (caption, body), lang in zip(blocks, lang_of_caption, strict=True):
        for entry in body.split():
            in_tree = bgw_docs.language_of(pathlib.PurePosixPath(entry + ".ipynb"))[0]
            assert in_tree == lang, f"{entry} is listed under {caption!r}"
    for lang in ("lv", "ru", "he"):
        assert f"{names[lang]}\n:maxdepth: 1\n\n{lang}/teacher_dashboard\n" in index
    listed = {e for _, body in blocks for e in body.split()}
    assert listed == {p.with_suffix("").as_posix() for p in bgw_docs.notebook_paths()}
