"""Session fixtures for the real-browser tests (see ``browser_helpers.py`` for the recipe)."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from typing import Any

import pytest
from browser_helpers import CHROMIUM, CHROMIUM_FLAGS, REPO, LabServer, skip_reason, start_lab


# -- fixtures --------------------------------------------------------------------------------
@pytest.fixture(scope="session")
def lab() -> Iterator[LabServer]:
    reason = skip_reason()
    if reason:
        pytest.skip(reason)
    server = start_lab(sorted((REPO / "notebooks" / "games").glob("*.ipynb")))
    try:
        yield server
    finally:
        server.stop()
        shutil.rmtree(server.root.parent, ignore_errors=True)


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    reason = skip_reason()
    if reason:
        pytest.skip(reason)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
        try:
            yield b
        finally:
            b.close()


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1200, "height": 1400}, device_scale_factor=1)
    pg = context.new_page()
    pg.set_default_timeout(30_000)
    try:
        yield pg
    finally:
        context.close()
