#!/usr/bin/env bash
# The oldest dependency versions we allow, on the oldest Python we support.
#
# A fresh Python 3.10 venv gets exactly the floors of pyproject.toml's dependencies
# (.ci/floors.py: ipywidgets 8.0, ipycanvas 0.13.2, numpy 1.24, matplotlib 3.7, tqdm 4.60),
# pytest, hypothesis, packaging, nbval and ipykernel, and the wheel given as $1 without its
# dependencies; then the fast test tier runs (unit, property and doctests; tests that need an
# optional extra skip by themselves), and the English notebooks under nbval, its kernel importing the
# installed wheel with the oldest dependencies. Skips with a message when no Python 3.10 is found
# (BGW_OLDEST_PYTHON=/path/to/python3.10 chooses one).
#
# Then every extra's floors (lab, docs, bench, dask, test): a second venv where uv installs the
# lowest version of every requirement that resolves with the others (`--resolution lowest-direct`),
# `.ci/floors.py --check` fails when one is not its floor (a floor that does not exist, is yanked,
# or conflicts with the rest was never tested: raise it), and what uses the extras runs: OpenSpiel's
# bots (bench), the round robin on Dask (dask), the docs' own-wheel build with the floor hatchling and
# every docs/lab module imported (docs, lab), under the test extra's floors (pytest, hypothesis...).
#
# Usage: bash .ci/oldest_deps.sh dist/boardgames_widgets-*.whl
set -euo pipefail
cd "$(dirname "$0")/.."
wheel=$(realpath "${1:?usage: oldest_deps.sh WHEEL}")

py="${BGW_OLDEST_PYTHON:-}"
if [ -z "$py" ]; then
  for c in python3.10 /root/.pyenv/versions/3.10*/bin/python3.10 /usr/bin/python3.10 /usr/local/bin/python3.10; do
    if command -v "$c" >/dev/null 2>&1 && "$c" -c 'import sys; assert sys.version_info[:2] == (3, 10)' 2>/dev/null; then
      py=$(command -v "$c"); break
    fi
  done
fi
if [ -z "$py" ]; then
  echo "SKIPPED the oldest-dependencies job: no Python 3.10 found (set BGW_OLDEST_PYTHON to one)"
  exit 0
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
start=$SECONDS
"$py" -m venv "$work/venv"
vpy="$work/venv/bin/python"
python3 .ci/floors.py >"$work/floors.txt"
echo "oldest versions: $(tr '\n' ' ' <"$work/floors.txt")on $("$vpy" --version)"
export PIP_DISABLE_PIP_VERSION_CHECK=1
"$vpy" -m pip install --quiet -r "$work/floors.txt" "pytest>=8" "hypothesis>=6" packaging "nbval>=0.11" "ipykernel>=6" 2>&1 | grep -v "^WARNING: Location" || true
"$vpy" -m pip install --quiet --no-deps "$wheel"
"$vpy" -m pip check
# The floors really are what is installed (a resolver that picked newer versions would test nothing).
"$vpy" - "$work/floors.txt" <<'PY'
import sys
from importlib.metadata import version
from packaging.version import Version
for line in open(sys.argv[1]):
    name, floor = line.strip().split("==")
    assert Version(version(name)) == Version(floor), f"{name} {version(name)} installed, floor {floor}"
PY
echo "venv ready in $((SECONDS - start)) s"
# From the source tree (the tests import the package from it, as the rest of CI does), with
# pyproject's addopts replaced (its doctests and nbval are run explicitly).
# The Binder check builds its own full-stack venv; the main job runs it, not this one.
# The fast tier (the root conftest.py deselects the marked tiers): the heavy tiers exercise
# the same code with the current versions in the main job.
BGW_BINDER_CHECK=0 MPLBACKEND=Agg "$vpy" -m pytest -o addopts="" -p no:cacheprovider --doctest-modules -W ignore::DeprecationWarning \
  -q boardgames_widgets tests
echo "tests with the oldest versions: $((SECONDS - start)) s"
# The English notebooks in a kernel of this venv: the lessons' plots, widgets and checks with
# matplotlib 3.7, numpy 1.24, ipywidgets 8.0 and ipycanvas 0.13.2. (The generated lv/ru/he
# lessons have the same code cells; the main job runs them.)
t=$SECONDS
MPLBACKEND=Agg "$vpy" -m pytest -o addopts="" -p no:cacheprovider --nbval-lax --nbval-current-env -q \
  -W ignore::DeprecationWarning --all notebooks/*.ipynb notebooks/games notebooks/lessons
echo "notebooks with the oldest versions: $((SECONDS - t)) s"

# Every extra's floors.
t=$SECONDS
"$py" -m venv "$work/extras"
xpy="$work/extras/bin/python"
python3 .ci/floors.py --extras lab,docs,bench,dask,rl,test >"$work/extras.txt"
"$xpy" -m pip install --quiet uv 2>&1 | grep -v "^WARNING: Location" || true
"$work/extras/bin/uv" pip install --quiet --python "$xpy" --resolution lowest-direct -r "$work/extras.txt"
"$xpy" -m pip install --quiet --no-deps "$wheel" 2>&1 | grep -v "^WARNING: Location" || true
"$xpy" -m pip check
"$xpy" .ci/floors.py --check "$work/extras.txt"
echo "extras' floors installed in $((SECONDS - t)) s"
"$xpy" - <<'PY'
import pathlib, sys, tempfile
sys.path.insert(0, "docs")
import bgw_docs  # the docs' helpers: build this package's wheel with the floor hatchling
print("docs extra: built", bgw_docs.build_own_wheel(pathlib.Path(tempfile.mkdtemp())).name)
import distributed, jupyter_server, jupyterlab, jupyterlab_server, jupyterlite_core, jupyterlite_pyodide_kernel  # noqa
import jupyterlite_sphinx, myst_nb, notebook, pydata_sphinx_theme, pyspiel, sphinx, voila  # noqa
print("lab, docs, bench and dask modules import")
PY
BGW_BINDER_CHECK=0 MPLBACKEND=Agg "$xpy" -m pytest -o addopts="" -p no:cacheprovider -q -W ignore::DeprecationWarning \
  tests/test_openspiel.py tests/test_tournament.py::test_same_table_through_dask \
  tests/test_fair_play.py::test_same_table_serial_threads_processes_dask
echo "extras with their floors: $((SECONDS - t)) s"
echo "oldest-dependencies job: $((SECONDS - start)) s"
