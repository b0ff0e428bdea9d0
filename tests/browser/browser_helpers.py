"""Helpers for the real-browser tests: a JupyterLab server, Chromium, page utilities.

The recipe is the one in BROWSER_TESTING.md: JupyterLab on 127.0.0.1 with a random
token and its config, settings, workspaces and runtime folders in a temporary
directory; Debian's Chromium driven by Python Playwright with
``executable_path="/usr/bin/chromium"`` (never ``playwright install``). The server is
stopped by its PID in the fixture's finalizer. Everything skips with a clear reason
when Chromium or Playwright is missing.

``conftest.py`` turns these into session fixtures; ``benchmarks/widget_latency.py``
uses them directly.
"""

from __future__ import annotations

import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[2]
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
ARTIFACTS = REPO / "test-artifacts"


def skip_reason() -> str | None:
    """Why browser tests cannot run here, or None."""
    if not os.path.exists(CHROMIUM):
        return f"{CHROMIUM} is missing (apt-get install -y chromium)"
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "the playwright Python package is missing (pip install playwright)"
    if shutil.which("jupyter") is None and not _has_module("jupyterlab"):
        return "jupyterlab is missing (pip install jupyterlab)"
    return None


def _has_module(name: str) -> bool:
    import importlib.util

    return importlib.util.find_spec(name) is not None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class LabServer:
    """A running JupyterLab server."""

    url: str
    token: str
    root: Path
    process: subprocess.Popen[bytes]

    def api(self, method: str, path: str) -> Any:
        req = urllib.request.Request(f"{self.url}{path}?token={self.token}", method=method)
        with urllib.request.urlopen(req, timeout=10) as r:
            body = r.read()
        return json.loads(body) if body else None

    def delete_sessions(self, attempts: int = 5) -> None:
        """Shut every session down. A kernel still busy (a bot thinking in its worker thread)
        can make the server answer 500 while it shuts down; the session is asked again,
        and one already gone (404) is fine."""
        for s in self.api("GET", "/api/sessions") or []:
            for attempt in range(attempts):
                try:
                    self.api("DELETE", f"/api/sessions/{s['id']}")
                    break
                except urllib.error.HTTPError as exc:
                    if exc.code == 404:
                        break
                    if attempt == attempts - 1:
                        raise
                    time.sleep(1.0)

    def notebook_url(self, name: str) -> str:
        return f"{self.url}/lab/tree/{name}?reset&token={self.token}"

    def stop(self) -> None:
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(timeout=5)


def start_lab(notebooks: list[Path], app: str = "jupyterlab") -> LabServer:
    """Start JupyterLab (or ``app="notebook"``: Notebook 7, ``"voila"``: Voilà) on a copy of ``notebooks``.

    Voilà serves the first notebook at the server's root URL.

    Raises:
        RuntimeError: the server did not answer within a minute.
    """
    tmp = Path(tempfile.mkdtemp(prefix="bgw-lab-"))
    root = tmp / "root"
    root.mkdir()
    for nb in notebooks:
        shutil.copy(nb, root / nb.name)
    env = dict(os.environ)
    for var, sub in (
        ("JUPYTER_CONFIG_DIR", "config"),
        ("JUPYTERLAB_WORKSPACES_DIR", "workspaces"),
        ("JUPYTERLAB_SETTINGS_DIR", "settings"),
        ("JUPYTER_RUNTIME_DIR", "runtime"),
    ):
        (tmp / sub).mkdir()
        env[var] = str(tmp / sub)
    # no "would you like news?" pop-up over the notebook
    news = tmp / "settings" / "@jupyterlab" / "apputils-extension"
    news.mkdir(parents=True)
    (news / "notification.jupyterlab-settings").write_text('{"fetchNews": "false", "checkForUpdates": false}')
    env["PYTHONPATH"] = os.pathsep.join([str(REPO), env.get("PYTHONPATH", "")]).rstrip(os.pathsep)
    port, token = _free_port(), secrets.token_hex(16)
    cmd = [
        sys.executable,
        "-m",
        app,
        "--no-browser",
        f"--port={port}",
        f"--ServerApp.token={token}",
        f"--ServerApp.root_dir={root}",
        "--ServerApp.open_browser=False",
    ]
    if app == "voila":
        from boardgames_widgets.cli import voila_template

        template_args, template_env = voila_template()  # the arcade's own template, as `play` serves it
        env.update(template_env)
        cmd = [sys.executable, "-m", "voila", str(root / notebooks[0].name), "--no-browser", f"--port={port}"]
        cmd += ["--Voila.ip=127.0.0.1", f"--token={token}", *template_args]
    else:
        cmd += ["--ip=127.0.0.1"]
    if app == "jupyterlab":
        cmd += ["--LabApp.news_url=None", "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate"]
    if hasattr(os, "geteuid") and os.geteuid() == 0 and app != "voila":
        cmd.append("--allow-root")
    log = open(tmp / "server.log", "wb")  # noqa: SIM115 - closed with the process
    proc = subprocess.Popen(cmd, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    server = LabServer(f"http://127.0.0.1:{port}", token, root, proc)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"{app} exited: {(tmp / 'server.log').read_text()[-2000:]}")
        try:
            if app == "voila":
                urllib.request.urlopen(f"{server.url}/?token={token}", timeout=30).close()
            else:
                server.api("GET", "/api/status")
            return server
        except OSError:
            time.sleep(0.25)
    server.stop()
    raise RuntimeError("jupyter lab did not answer within 60 s")


def write_notebook(path: Path, sources: list[str]) -> Path:
    """A notebook of code cells (``sources``) with a kernelspec (so no "Select Kernel" dialog)."""
    nb = {
        "cells": [
            {"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [], "source": src}
            for src in sources
        ],
        "metadata": {
            "kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"},
            "language_info": {"name": "python"},
        },
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    path.write_text(json.dumps(nb), encoding="utf-8")
    return path


# -- page helpers ---------------------------------------------------------------------------
def open_and_run(page: Any, server: LabServer, name: str) -> None:
    """Open a notebook with a fresh kernel, wait until it is idle, then Run All."""
    server.delete_sessions()
    page.goto(server.notebook_url(name))
    page.get_by_text("Python 3 (ipykernel) | Idle").wait_for(timeout=60_000)
    page.locator(".lm-MenuBar-itemLabel", has_text="Run").first.click()
    page.locator('.lm-Menu-item[data-command="runmenu:run-all"]').click()


def save_notebook(page: Any) -> None:
    """File → Save (keyboard shortcuts would go to a focused canvas)."""
    page.locator(".lm-MenuBar-itemLabel", has_text="File").first.click()
    page.locator('.lm-Menu-item[data-command="docmanager:save"]').click()
    page.wait_for_function("() => !document.querySelector('.lm-TabBar-tab.jp-mod-dirty')", timeout=15_000)


def widget_root(page: Any) -> Any:
    """The first game widget in the page's outputs."""
    return page.locator(".bgw-game").first


def top_canvas(page: Any) -> Any:
    """The top canvas layer of the first game widget (the one receiving clicks)."""
    return widget_root(page).locator("canvas").last


def wait_still(page: Any, locator: Any, timeout: float = 15.0) -> dict[str, float]:
    """Wait until ``locator``'s box stops moving (the notebook scrolls after runs)."""
    deadline = time.monotonic() + timeout
    box = locator.bounding_box()
    while time.monotonic() < deadline:
        page.wait_for_timeout(120)
        again = locator.bounding_box()
        if again == box and box is not None:
            return box  # type: ignore[no-any-return]
        box = again
    raise AssertionError("the canvas kept moving")


#: A digest of every layer's pixels of the first game widget (sums of sampled pixels).
PIXELS_JS = """
() => {
  const root = document.querySelector('.bgw-game');
  if (!root) return null;
  let out = [];
  for (const c of root.querySelectorAll('canvas')) {
    const ctx = c.getContext('2d');
    const d = ctx.getImageData(0, 0, c.width, c.height).data;
    let s = 0, n = 0;
    for (let i = 0; i < d.length; i += 4 * 7) { s = (s + d[i] * 3 + d[i + 1] * 5 + d[i + 2] * 7 + d[i + 3]) % 1000000007; n += d[i + 3] > 0; }
    out.push(s + ':' + n);
  }
  return out.join('|');
}
"""


def pixels(page: Any) -> str | None:
    """The pixel digest of the first game widget."""
    return page.evaluate(PIXELS_JS)  # type: ignore[no-any-return]


def status_text(page: Any) -> str:
    return widget_root(page).locator(".bgw-status").inner_text()  # type: ignore[no-any-return]


def wait_status(page: Any, contains: str, timeout: float = 30_000) -> None:
    widget_root(page).locator(".bgw-status", has_text=contains).wait_for(timeout=timeout)


def wait_status_change(page: Any, old: str, timeout: float = 15_000) -> str:
    page.wait_for_function(
        "old => { const e = document.querySelector('.bgw-game .bgw-status'); return e && e.innerText !== old; }",
        arg=old,
        timeout=timeout,
    )
    return status_text(page)


def wait_pixels_change(page: Any, old: str | None, timeout: float = 15_000) -> str:
    page.wait_for_function(f"old => ({PIXELS_JS})() !== old", arg=old, timeout=timeout)
    return pixels(page)  # type: ignore[return-value]


def click_board(page: Any, box: dict[str, float], x: float, y: float) -> None:
    """Click at logical board coordinates of the first game widget (its drawing's pixels, zoom 1).

    The board is shown at the size that fits the window (smaller on a laptop, bigger on a
    wide screen): the point is scaled by the shown width over the drawing's width (the
    canvas bitmap is ``PIXEL_RATIO`` times the drawing).
    """
    from boardgames_widgets.widgets.canvas_painter import PIXEL_RATIO

    bitmap = page.evaluate("() => document.querySelector('.bgw-game canvas').width")
    scale = box["width"] / (bitmap / PIXEL_RATIO)
    page.mouse.click(box["x"] + x * scale, box["y"] + y * scale)


def screenshot(page: Any, name: str) -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=False)
    return path
