"""Sphinx configuration: Sphinx + myst-nb + pydata-sphinx-theme, plus a JupyterLite site.

Build (offline): ``sphinx-build -W -b html docs docs/_build/html``. Set ``BGW_DOCS_LITE=0``
to leave out the JupyterLite site (faster; the Try it page then says how to build it).
Pages that follow the code (one per game, the notebooks, the API) are generated at every
build by :mod:`bgw_docs` into ``docs/_generated/``.
"""

from __future__ import annotations

import importlib.util
import os
import pathlib
import sys

try:
    import tomllib
except ImportError:  # Python 3.10: Sphinx itself depends on tomli there
    import tomli as tomllib

DOCS = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(DOCS))

import bgw_docs  # noqa: E402

sys.path.insert(1, str(bgw_docs.ROOT))

import boardgames_widgets  # noqa: E402

#: Build the JupyterLite "try it" site (needs jupyterlite-sphinx, jupyterlite-core,
#: jupyterlite-pyodide-kernel and hatchling: the ``docs`` extra).
LITE = os.environ.get("BGW_DOCS_LITE", "1") != "0" and importlib.util.find_spec("jupyterlite_sphinx") is not None

bgw_docs.generate_all(lite=LITE)

#: Where the project lives: read from the one place that names it, pyproject.toml's [project.urls].
PROJECT_URLS: dict[str, str] = tomllib.loads((bgw_docs.ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"][
    "urls"
]

project = "boardgames_widgets"
author = "boardgames_widgets developers"
copyright = "2026, boardgames_widgets developers"
release = version = boardgames_widgets.__version__

extensions = ["myst_nb", "sphinx.ext.autodoc", "sphinx.ext.napoleon"]
if LITE:
    extensions.append("jupyterlite_sphinx")
    tags.add("lite")  # noqa: F821 - provided by Sphinx

exclude_patterns = [
    "_build",
    "_contents",
    "_generated/lite",
    "_generated/lite_files",
    "_generated/try_it_body.md",  # included by try_it.md, not a page of its own
    "rules",
    "images/*.py",
    "**.ipynb_checkpoints",
    ".jupyterlite.doit.db",
]
root_doc = "index"

# -- MyST and notebooks -----------------------------------------------------------------
myst_enable_extensions = ["colon_fence", "deflist"]
myst_heading_anchors = 3
#: The notebooks are rendered with the outputs stored in them: no kernel runs at build time,
#: so the build is offline, fast and the same everywhere. (nbval in the test suite checks that
#: the notebooks run.)
nb_execution_mode = "off"
#: Live widgets are replaced by a note in the static pages (bgw_docs.static_notebook) and no
#: widget state is stored, so no widget JavaScript is loaded at all — in particular none from
#: a CDN. Boards show as SVG pictures instead (ipycanvas pixels never survive into HTML).
nb_ipywidgets_js: dict[str, dict[str, str]] = {}
nb_render_markdown_format = "myst"
#: Prefer plain text to LaTeX outputs: rendering LaTeX would load MathJax from a CDN.
nb_mime_priority_overrides = [("html", "text/latex", 110)]
# Notebooks are written for JupyterLab, where headings may skip a level. A type alias that
# several modules define (e.g. ``Evaluator``) makes type hints ambiguous cross-references:
# harmless, the hint still shows.
suppress_warnings = ["myst.header", "ref.python"]

# -- API --------------------------------------------------------------------------------
autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_default_options = {"show-inheritance": True}
napoleon_google_docstring = True
napoleon_numpy_docstring = False
napoleon_use_rtype = False

# -- HTML -------------------------------------------------------------------------------
html_theme = "pydata_sphinx_theme"
html_title = "boardgames_widgets"
html_static_path = ["_static"]
html_css_files = ["bgw.css"]
html_theme_options = {
    "navigation_with_keys": True,
    "show_toc_level": 2,
    "footer_start": ["copyright"],
    "footer_end": ["sphinx-version"],
    "github_url": PROJECT_URLS["Source"],
}
html_last_updated_fmt = None

# -- JupyterLite ------------------------------------------------------------------------
if LITE:
    jupyterlite_dir = str(DOCS / "_generated" / "lite")
    jupyterlite_contents = [str(DOCS / "_generated" / "lite_files" / "*")]
    jupyterlite_bind_ipynb_suffix = False  # myst-nb renders the .ipynb pages
    jupyterlite_silence = True


# -- No third-party requests ----------------------------------------------------------------
def _drop_remote_assets(app: object) -> None:
    """Remove stylesheets and scripts that extensions add from other hosts.

    jupyterlite-sphinx adds a Google font (``fonts.googleapis.com``) to every page: schools under
    the GDPR avoid requests to third parties, and the font is only decoration (the button text
    falls back to the theme's font). ``tests/test_docs.py`` checks every built page.
    """
    registry = app.registry  # type: ignore[attr-defined]
    for name in ("css_files", "js_files"):
        kept = [(f, a) for f, a in getattr(registry, name) if not str(f).startswith(("http:", "https:", "//"))]
        getattr(registry, name)[:] = kept


def _lite_pyodide_check(app: object, exception: Exception | None) -> None:
    """After jupyterlite-sphinx's build: JupyterLite's pages say in words when Pyodide cannot load."""
    if exception is None and LITE:
        bgw_docs.add_pyodide_check(pathlib.Path(app.outdir) / "lite")  # type: ignore[attr-defined]


def setup(app: object) -> None:
    """Sphinx hook: this configuration's own adjustments (run after the extensions' setup)."""
    _drop_remote_assets(app)
    # jupyterlite-sphinx builds the lite site at build-finished (priority 500): run after it.
    app.connect("build-finished", _lite_pyodide_check, priority=900)  # type: ignore[attr-defined]
