#!/usr/bin/env bash
# What a school's IT person does: install the built wheel into a fresh venv, outside the
# source tree, copy the lessons with the command line, and run one lesson under nbval.
#
# Usage: bash .ci/wheel_check.sh dist/boardgames_widgets-*.whl [LESSON]
# LESSON is a path inside the copied folder (default: the dice lesson).
set -euo pipefail
wheel=$(realpath "${1:?usage: wheel_check.sh WHEEL [LESSON]}")
lesson="${2:-lessons/probability/01_dice.ipynb}"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"  # nowhere near the source tree: only the installed wheel can be imported
unset PYTHONPATH
export PIP_DISABLE_PIP_VERSION_CHECK=1 MPLBACKEND=Agg
start=$SECONDS
python3 -m venv venv
venv/bin/python -m pip install --quiet "$wheel" "pytest>=8" "nbval>=0.11" "ipykernel>=6" 2>&1 | grep -v "^WARNING: Location" || true
echo "fresh venv with the wheel: $((SECONDS - start)) s"

where=$(venv/bin/python -c "import boardgames_widgets as bw; print(bw.__file__)")
case "$where" in
  "$work"/venv/*) ;;
  *) echo "boardgames_widgets was imported from $where, not from the wheel" >&2; exit 1 ;;
esac
venv/bin/boardgames-widgets --version
summary=$(venv/bin/boardgames-widgets lessons class)
echo "$summary"
case "$summary" in "Lessons in class: "*" files copied, 0 already up to date.") ;; *) echo "unexpected summary" >&2; exit 1 ;; esac
for nb in 00_start_here.ipynb arcade.ipynb games/food_chain.ipynb "$lesson"; do
  test -f "class/$nb" || { echo "class/$nb was not copied" >&2; exit 1; }
done
again=$(venv/bin/python -m boardgames_widgets lessons class)
case "$again" in *" 0 files copied, "*) ;; *) echo "a second copy copied again: $again" >&2; exit 1 ;; esac

t=$SECONDS
venv/bin/python -m pytest -p no:cacheprovider --nbval-lax --nbval-current-env -q "class/$lesson"
echo "nbval $lesson: $((SECONDS - t)) s; wheel check: $((SECONDS - start)) s"
