"""The Try it page and JupyterLite say in words when Pyodide cannot load (a real Chromium, offline),
and no page of the site asks another host for anything (only Pyodide, on the Try it page and in JupyterLite).

The docs site (with its JupyterLite) is built once and served from 127.0.0.1; every request to
another host is refused, as on a computer without internet access or behind a school filter that
blocks the Pyodide CDN. The check must then show its message; when the CDN answers, it must not.
"""

from __future__ import annotations

import functools
import http.server
import importlib.util
import sys
import threading
from collections.abc import Iterator
from typing import Any

import pytest
from browser_helpers import REPO, skip_reason

sys.path.insert(0, str(REPO / "docs"))
import bgw_docs

HAVE_LITE = all(
    importlib.util.find_spec(m) is not None
    for m in ("sphinx", "myst_nb", "pydata_sphinx_theme", "jupyterlite_sphinx", "jupyterlite_pyodide_kernel")
)
ALERT = "#bgw-pyodide-status[role=alert]"


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


@pytest.fixture(scope="module")
def site_url() -> Iterator[str]:
    reason = skip_reason()
    if reason:
        pytest.skip(reason)
    if not HAVE_LITE:
        pytest.skip("the docs extra (with jupyterlite-sphinx) is not installed")
    site = bgw_docs.build_site(lite=True)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_QuietHandler, directory=str(site)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


def _refuse_other_hosts(page: Any, base: str) -> list[str]:
    """Route the page like a computer without internet: this site answers, nothing else does."""
    refused: list[str] = []

    def handle(route: Any) -> None:
        url = route.request.url
        if url.startswith(base):
            route.continue_()
        else:
            refused.append(url)
            route.abort("internetdisconnected")

    page.route("**/*", handle)
    return refused


def test_try_it_page_says_python_needs_the_pyodide_cdn(page: Any, site_url: str) -> None:
    refused = _refuse_other_hosts(page, site_url)
    page.goto(site_url + "try_it.html")
    alert = page.locator(ALERT)
    alert.wait_for(state="visible", timeout=30_000)
    assert bgw_docs.PYODIDE_OFFLINE_WORDS in alert.inner_text()
    assert page.evaluate("document.documentElement.dataset.bgwPyodide") == "unreachable"
    assert refused and all(u.startswith(bgw_docs.pyodide_url().rsplit("/", 1)[0]) for u in refused), refused


def test_jupyterlite_itself_says_so_above_the_notebook(page: Any, site_url: str) -> None:
    refused = _refuse_other_hosts(page, site_url)
    page.goto(site_url + "lite/lab/index.html?path=00_start_here.ipynb")
    alert = page.locator(ALERT)
    alert.wait_for(state="visible", timeout=60_000)
    text = alert.inner_text()
    assert bgw_docs.PYODIDE_OFFLINE_WORDS in text and "cdn.jsdelivr.net" in text
    box = alert.bounding_box()
    assert box is not None and box["y"] < 5 and box["height"] > 20  # a banner at the top, not hidden in a log
    page.get_by_role("button", name="Close this message").click()
    assert page.locator(ALERT).count() == 0
    page.locator(".jp-RenderedMarkdown h1:visible", has_text="Start here").first.wait_for(timeout=60_000)  # opened
    page.wait_for_load_state("networkidle")
    # JupyterLab, its extensions and fonts all came from this site: only Pyodide was asked elsewhere.
    assert refused and all(u.startswith(bgw_docs.pyodide_url().rsplit("/", 1)[0]) for u in refused), refused


#: Pages of every kind: the landing page, a game's page, a notebook, the API, the search, the teachers' page.
SITE_PAGES = (
    "index.html",
    "_generated/games/food_chain.html",
    "_generated/notebooks/lessons/probability/01_dice.html",
    "_generated/api.html",
    "search.html?q=mouse",
    "for_teachers.html",
)


@pytest.mark.parametrize("name", SITE_PAGES)
def test_a_page_asks_no_other_host_in_a_real_browser(page: Any, site_url: str, name: str) -> None:
    """What the browser really fetches (fonts, styles, scripts, pictures, and what scripts load later)."""
    refused = _refuse_other_hosts(page, site_url)
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url))
    answer = page.goto(site_url + name)
    assert answer is not None and answer.status == 200
    page.wait_for_load_state("networkidle")
    assert len(asked) > 3  # the page's own styles and scripts
    assert refused == [], f"{name} asks other hosts: {refused}"


def test_no_message_when_the_cdn_answers(page: Any, site_url: str) -> None:
    cdn = bgw_docs.pyodide_url()

    def handle(route: Any) -> None:
        url = route.request.url
        if url.startswith(site_url):
            route.continue_()
        elif url == cdn:
            route.fulfill(status=200, content_type="text/javascript", body="export const loadPyodide = null;")
        else:
            route.abort("internetdisconnected")

    page.route("**/*", handle)
    page.goto(site_url + "try_it.html")
    page.wait_for_function("document.documentElement.dataset.bgwPyodide === 'reachable'", timeout=30_000)
    assert page.locator(ALERT).count() == 0
    assert page.locator("#bgw-pyodide-status").inner_text().strip() == ""
