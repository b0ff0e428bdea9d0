"""Check the Binder setup without Docker: a fresh venv from ``binder/requirements.txt`` only
runs every notebook.

Usage (from anywhere): ``python binder/check.py [--python PATH] [--keep DIR] [--sample] [notebooks...]``

What it does, like repo2docker would:

1. creates an empty virtual environment with Python 3.12 (``binder/runtime.txt``) when an
   interpreter for it is found, else with the running Python (a note is printed);
2. installs ``ipykernel`` — a stand-in for Binder's base image, which already has JupyterLab,
   Notebook, ipykernel and ipywidgets — and then ``-r binder/requirements.txt`` from the
   repository root, as repo2docker does (``-e .`` means this repository);
3. executes every notebook under ``notebooks/`` (or the ones given; ``--sample``: every English
   notebook and one translated lesson a language, what the test suite runs) in that
   environment's kernel, driven by nbclient, in memory (the files are not changed).

Any missing dependency makes a cell fail, and the script exits with status 1 naming the
notebook and the error. It prints how long each step took. Needs the package registry
(pip) and ``nbclient`` in the Python that runs it.
"""

from __future__ import annotations

import argparse
import glob
import json
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
BINDER = ROOT / "binder"
#: What Binder's base image brings that ``requirements.txt`` need not list (the kernel).
BASE_IMAGE_STANDIN = ["ipykernel>=6"]
#: The kernel name registered inside the check's environment.
KERNEL_NAME = "binder-check"
#: Seconds one cell may run before the check calls it hung.
CELL_TIMEOUT = 900


def runtime_version() -> str:
    """The Python version ``binder/runtime.txt`` asks for (``"3.12"``)."""
    text = (BINDER / "runtime.txt").read_text(encoding="utf-8").strip()
    return text.removeprefix("python-")


def find_python(version: str) -> str | None:
    """A working interpreter for ``version`` (pyenv shims that refuse to run are skipped)."""
    candidates = [shutil.which(f"python{version}")]
    candidates += sorted(glob.glob(os.path.expanduser(f"~/.pyenv/versions/{version}*/bin/python{version}")))
    candidates += [f"/usr/bin/python{version}", f"/usr/local/bin/python{version}"]
    for c in candidates:
        if not c or not os.path.exists(c):
            continue
        try:
            out = subprocess.run([c, "--version"], capture_output=True, text=True, timeout=30, check=False)
        except OSError:
            continue
        if out.returncode == 0 and out.stdout.strip().startswith(f"Python {version}"):
            return c
    return None


def notebooks(given: list[str]) -> list[pathlib.Path]:
    """The notebooks to run: the given ones, else every ``notebooks/**/*.ipynb``."""
    if given:
        return [pathlib.Path(g).resolve() for g in given]
    found = sorted((ROOT / "notebooks").rglob("*.ipynb"))
    return [p for p in found if ".ipynb_checkpoints" not in p.parts]


#: The translated lesson the Binder test runs in each language (``sample_notebooks``).
TRANSLATED_SAMPLE = "lessons/probability/01_dice.ipynb"


def sample_notebooks() -> list[pathlib.Path]:
    """Every English notebook, and one translated lesson per language.

    The translations share the English code cells (``tools/lesson_i18n.py check`` guarantees
    it, and the notebooks test tier runs every one of them); in the Binder environment what a
    translation adds is its language's catalogs, which one lesson per language exercises.
    """
    found = notebooks([])
    langs = sorted({p.relative_to(ROOT / "notebooks").parts[0] for p in found if _translated(p)})
    english = [p for p in found if not _translated(p)]
    return english + [ROOT / "notebooks" / lang / TRANSLATED_SAMPLE for lang in langs]


def _translated(path: pathlib.Path) -> bool:
    first = path.relative_to(ROOT / "notebooks").parts[0]
    return len(first) == 2 and (ROOT / "notebooks" / first).is_dir()


def clean_env(venv: pathlib.Path) -> dict[str, str]:
    """The environment for pip and the kernel: the venv first, nothing leaking from outside."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "VIRTUAL_ENV", "JUPYTER", "PIP_"))}
    env["PATH"] = f"{venv / 'bin'}{os.pathsep}{env.get('PATH', '')}"
    env["VIRTUAL_ENV"] = str(venv)
    env["PYTHONNOUSERSITE"] = "1"
    env["JUPYTER_PATH"] = str(venv / "share" / "jupyter")
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    env["MPLBACKEND"] = "Agg"
    return env


def build_env(venv: pathlib.Path, python: str) -> None:
    """Create the venv and install the base-image stand-in and the Binder requirements.

    Raises:
        subprocess.CalledProcessError: venv creation or an install failed.
    """
    subprocess.run([python, "-m", "venv", str(venv)], check=True)
    env = clean_env(venv)
    pip = [str(venv / "bin" / "python"), "-m", "pip", "install", "--quiet"]
    subprocess.run([*pip, *BASE_IMAGE_STANDIN], check=True, env=env, cwd=ROOT)
    subprocess.run([*pip, "-r", str(BINDER / "requirements.txt")], check=True, env=env, cwd=ROOT)
    spec = venv / "share" / "jupyter" / "kernels" / KERNEL_NAME
    spec.mkdir(parents=True, exist_ok=True)
    kernel = {
        "argv": [str(venv / "bin" / "python"), "-m", "ipykernel_launcher", "-f", "{connection_file}"],
        "display_name": "Binder check",
        "language": "python",
    }
    (spec / "kernel.json").write_text(json.dumps(kernel), encoding="utf-8")


def run_notebook(path: pathlib.Path, venv: pathlib.Path) -> str | None:
    """Execute one notebook in the venv's kernel; the error text, or None when it ran."""
    import nbclient
    import nbformat
    from jupyter_client.kernelspec import KernelSpecManager
    from jupyter_client.manager import KernelManager

    nb = nbformat.read(str(path), as_version=4)
    ksm = KernelSpecManager(kernel_dirs=[str(venv / "share" / "jupyter" / "kernels")])
    km = KernelManager(kernel_name=KERNEL_NAME, kernel_spec_manager=ksm)
    client = nbclient.NotebookClient(
        nb,
        km=km,
        kernel_name=KERNEL_NAME,
        timeout=CELL_TIMEOUT,
        resources={"metadata": {"path": str(path.parent)}},
    )
    try:
        client.execute(cwd=str(path.parent), env=clean_env(venv))
    except Exception as exc:  # CellExecutionError, DeadKernelError, timeouts
        return f"{type(exc).__name__}: {exc}"
    finally:  # nbclient leaves a kernel it was handed running: one per notebook would pile up
        if km.has_kernel:
            km.shutdown_kernel(now=True)
    return None


def main(argv: list[str] | None = None) -> int:
    """Build the environment, run the notebooks, print timings; 0 when every notebook ran."""
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--python", help="interpreter for the venv (default: the one runtime.txt names)")
    ap.add_argument("--keep", help="build the venv in this folder and keep it")
    ap.add_argument("--sample", action="store_true", help="every English notebook and one translated lesson a language")
    ap.add_argument("notebooks", nargs="*", help="notebooks to run (default: all under notebooks/)")
    args = ap.parse_args(argv)

    version = runtime_version()
    python = args.python or os.environ.get("BGW_BINDER_PYTHON") or find_python(version)
    if python is None:
        python = sys.executable
        print(f"note: no Python {version} found; using {sys.version.split()[0]} ({python})")
    tmp = None
    if args.keep:
        venv = pathlib.Path(args.keep).resolve()
        if venv.exists():
            shutil.rmtree(venv)
    else:
        tmp = tempfile.TemporaryDirectory(prefix="binder-check-")
        venv = pathlib.Path(tmp.name) / "venv"
    try:
        t0 = time.perf_counter()
        build_env(venv, python)
        t_env = time.perf_counter() - t0
        print(f"venv from binder/requirements.txt: {t_env:.1f} s ({python})", flush=True)
        failures = []
        t1 = time.perf_counter()
        for nb in sample_notebooks() if args.sample else notebooks(args.notebooks):
            t = time.perf_counter()
            err = run_notebook(nb, venv)
            rel = nb.relative_to(ROOT) if nb.is_relative_to(ROOT) else nb
            print(f"  {'ok  ' if err is None else 'FAIL'} {rel} ({time.perf_counter() - t:.1f} s)", flush=True)
            if err is not None:
                failures.append((rel, err))
        print(f"notebooks: {time.perf_counter() - t1:.1f} s; total {time.perf_counter() - t0:.1f} s")
        for rel, err in failures:
            print(f"\n== {rel} failed in the Binder environment:\n{err[-3000:]}")
        return 1 if failures else 0
    finally:
        if tmp is not None:
            tmp.cleanup()


if __name__ == "__main__":
    sys.exit(main())
