#!/usr/bin/env bash
# The oldest dependency versions we allow, on the oldest Python we support.
#
# A fresh Python 3.10 venv gets exactly the floors of pyproject.toml's dependencies
# (.ci/floors.py: ipywidgets 8.0, ipycanvas 0.13.2, numpy 1.24, matplotlib 3.7, tqdm 4.60),
# pytest, hypothesis, packaging, nbval and ipykernel, and the wheel given as $1 without its
# dependencies; then the non-browser tests run: unit, property and doctests (tests that need an
# optional extra skip by themselves), and every notebook under nbval, its kernel importing the
# installed wheel with the oldest dependencies. Skips with a message when no Python 3.10 is found
# (BGW_OLDEST_PYTHON=/path/to/python3.10 chooses one).
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
BGW_BINDER_CHECK=0 MPLBACKEND=Agg "$vpy" -m pytest -o addopts="" -p no:cacheprovider --doctest-modules -m "not browser" -W ignore::DeprecationWarning \
  --ignore=tests/browser -q boardgames_widgets tests
echo "tests with the oldest versions: $((SECONDS - start)) s"
# Every notebook (English and translated) in a kernel of this venv: the lessons' plots, widgets and
# checks with matplotlib 3.7, numpy 1.24, ipywidgets 8.0 and ipycanvas 0.13.2.
t=$SECONDS
MPLBACKEND=Agg "$vpy" -m pytest -o addopts="" -p no:cacheprovider --nbval-lax --nbval-current-env -q \
  -W ignore::DeprecationWarning notebooks
echo "notebooks with the oldest versions: $((SECONDS - t)) s"
echo "oldest-dependencies job: $((SECONDS - start)) s"
