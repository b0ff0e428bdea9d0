"""Every public name of the package is in ``__all__`` and ``dir()`` (issue 28): ``bw.play`` tab-completes."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import boardgames_widgets as bw

ROOT = Path(__file__).resolve().parents[1]


def test_the_lazy_names_are_listed_and_resolve() -> None:
    for name in ("play", "set_language", "get_language", "rules_summary", "LANGUAGES", "GameOverError"):
        assert name in bw.__all__ and name in dir(bw), name
    assert set(bw.__all__) <= set(dir(bw))
    assert bw.GameOverError is bw.core.GameOverError
    assert issubclass(bw.GameOverError, bw.GameError)


def test_dir_does_not_import_the_widgets() -> None:
    code = "import sys, boardgames_widgets as bw; dir(bw); print('ipywidgets' in sys.modules)"
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True).stdout
    assert out.strip() == "False"
