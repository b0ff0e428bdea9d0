#!/usr/bin/env bash
# What a school's IT person does: install the built wheel into a fresh venv, outside the
# source tree, copy the lessons with the command line (a second time: nothing copied; a changed
# notebook kept, then replaced with --force; from Python; in Latvian), run one lesson under
# nbval, and run a class tournament of two agent files.
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
# A pupil's changed notebook is kept, and replaced only with --force.
echo '{"cells": [], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}' >class/arcade.ipynb
kept=$(venv/bin/boardgames-widgets lessons class)
echo "$kept"
case "$kept" in *"1 changed file kept (arcade.ipynb; add --force"*) ;; *) echo "a changed file was not kept" >&2; exit 1 ;; esac
grep -q '"cells": \[\]' class/arcade.ipynb || { echo "a changed file was overwritten" >&2; exit 1; }
forced=$(venv/bin/boardgames-widgets lessons class --force)
echo "$forced"
case "$forced" in *"1 changed file replaced"*) ;; *) echo "--force did not replace it" >&2; exit 1 ;; esac
# The same from Python, and in Latvian.
venv/bin/python -c 'import boardgames_widgets as bw; r = bw.copy_lessons("class_py"); print(r); assert r.notebooks >= 17'
venv/bin/boardgames-widgets lessons class_lv --lang lv
grep -q 'bw.set_language(\\"lv\\")' "class_lv/$lesson" || { echo "the Latvian lesson does not set its language" >&2; exit 1; }
for command in lessons play tournament; do venv/bin/boardgames-widgets "$command" --help >/dev/null; done

t=$SECONDS
venv/bin/python -m pytest -p no:cacheprovider --nbval-lax --nbval-current-env -q "class/$lesson" "class_lv/$lesson"
echo "nbval $lesson (English and Latvian): $((SECONDS - t)) s"

# A class tournament of two agent files: progress bar, table printed and saved.
mkdir agents
printf 'def act(observation, legal_actions, rng):\n    return rng.choice(legal_actions)\n' >agents/alice.py
printf 'def act(observation, legal_actions, rng):\n    return legal_actions[0]\n' >agents/bob.py
venv/bin/boardgames-widgets tournament agents --game food_chain --games 2 --workers 1 2>tournament.err
grep -q "Food Chain tournament: 100%" tournament.err || { cat tournament.err >&2; echo "no progress bar" >&2; exit 1; }
test -s agents/standings.md && test -s agents/standings.csv || { echo "the table was not saved" >&2; exit 1; }
echo "wheel check: $((SECONDS - start)) s"
