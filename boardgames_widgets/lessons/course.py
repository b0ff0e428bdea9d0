"""An nbgrader course folder for the eleven lessons: ``make_course(folder)``.

The lesson notebooks in ``notebooks/lessons/`` are the *source* (teacher's) version:
each exercise has one answer cell whose reference answer is an nbgrader solution
region, and a locked cell with a hidden test below it. ``make_course`` lays them out
as nbgrader expects (``source/<assignment>/<notebook>``, one assignment per lesson)
and writes the course's ``nbgrader_config.py``, whose one setting matters: the stub
that replaces a solution is ``...`` (Python's "nothing yet"), so the student version
runs from top to bottom and every check says "not answered yet" — nbgrader's default
stub, ``raise NotImplementedError()``, would stop Run All at the first top-level answer.

Then, in the course folder::

    nbgrader generate_assignment "*" --force      # the student versions, in release/
    nbgrader release_assignment "<lesson>"        # (or hand out release/<lesson>/ another way)
    nbgrader collect "<lesson>"                   # the notebooks and the checks_*.json records
    nbgrader autograde "<lesson>" --force

and point ``notebooks/teacher_dashboard.ipynb`` at ``<course>/submitted``. A student's record
(``checks_<lesson>.json``) is collected with the notebook; a record the teacher made by running
a lesson in ``source/`` or ``release/`` is left out of ``generate_assignment`` and
``release_assignment`` (not out of formgrader's buttons: delete it there by hand).
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

#: assignment name -> the lesson notebook (relative to ``notebooks/lessons``), in course order
ASSIGNMENTS: dict[str, str] = {
    "probability_01_dice": "probability/01_dice.ipynb",
    "probability_02_hidden": "probability/02_hidden_tiles_and_cards.ipynb",
    "probability_03_markov": "probability/03_markov_chains.ipynb",
    "search_01_paths": "search/01_paths.ipynb",
    "search_02_minimax": "search/02_minimax_alphabeta.ipynb",
    "search_03_expectimax": "search/03_expectimax.ipynb",
    "strategy_01_rules": "strategy/01_rules_of_thumb.ipynb",
    "strategy_02_mcts": "strategy/02_mcts_from_scratch.ipynb",
    "strategy_03_ismcts": "strategy/03_ismcts.ipynb",
    "strategy_04_tournament": "strategy/04_class_tournament.ipynb",
    "strategy_05_learning": "strategy/05_learning_from_play.ipynb",
}

#: the course's ``nbgrader_config.py``
NBGRADER_CONFIG = '''\
"""nbgrader settings for the boardgames_widgets lessons (written by make_course)."""

c = get_config()  # noqa: F821
# A solution becomes "..." (nothing yet), so the student version runs from top to bottom and
# every check says "not answered yet"; nbgrader's default stub raises NotImplementedError.
c.ClearSolutions.code_stub = {"python": "# YOUR CODE HERE\\n..."}
# A student's record of the checks (checks_<lesson>.json, next to the notebook) travels with the
# submission: nbgrader collect brings it to submitted/<student>/<assignment>/ for the dashboard.
c.CourseDirectory.ignore = [".ipynb_checkpoints", "*.pyc", "__pycache__", "feedback"]
# A record the teacher made by running a lesson in source/ or release/ is not handed out.
c.GenerateAssignmentApp.CourseDirectory.ignore = [*c.CourseDirectory.ignore, "checks_*.json"]
c.ReleaseAssignmentApp.CourseDirectory.ignore = [*c.CourseDirectory.ignore, "checks_*.json"]
'''


def lessons_source(lang: str | None = None) -> Path:
    """The lessons' notebooks shipped with the package (or of the source checkout).

    Args:
        lang: ``"lv"``, ``"ru"`` or ``"he"``: the generated translations
            (``notebooks/<lang>/lessons``); ``None`` or ``"en"``: the English source.

    Raises:
        FileNotFoundError: the package's notebooks are missing (a broken installation), or the
            lessons are not generated in ``lang``.
    """
    from boardgames_widgets.lessons.copying import notebooks_dir

    notebooks = notebooks_dir()  # the package's own copy after pip install, else the checkout's
    folder = notebooks / "lessons" if lang in (None, "en") else notebooks / str(lang) / "lessons"
    if not folder.is_dir():
        raise FileNotFoundError(f"no lesson notebooks at {folder}: reinstall boardgames_widgets")
    return folder


def make_course(folder: str | os.PathLike[str], assignments: list[str] | None = None, lang: str | None = None) -> Path:
    """Lay out an nbgrader course for the lessons in ``folder`` (created if missing).

    Args:
        folder: the course folder (nbgrader's ``CourseDirectory.root``).
        assignments: which lessons (names from :data:`ASSIGNMENTS`); all eleven by default.
        lang: the lessons' language (``"lv"``, ``"ru"``, ``"he"``: the generated
            translations; English by default).

    Returns:
        The course folder.

    Raises:
        KeyError: an unknown assignment name.
        FileNotFoundError: the lesson notebooks are not there (see :func:`lessons_source`).
    """
    root = Path(folder)
    source = lessons_source(lang)
    names = list(ASSIGNMENTS) if assignments is None else assignments
    for name in names:
        notebook = source / ASSIGNMENTS[name]
        target = root / "source" / name
        target.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(notebook, target / notebook.name)
    (root / "nbgrader_config.py").write_text(NBGRADER_CONFIG, encoding="utf-8")
    return root
