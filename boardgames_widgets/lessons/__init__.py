"""The lessons: one module per lesson notebook, plus the shared pieces.

* :mod:`~boardgames_widgets.lessons.check` — ``check("q1", answer)``: instant feedback that
  names the misconception behind a wrong answer, graduated hints, and a small record of
  the class (what was tried, which misconception fired) saved next to the notebook;
  ``check_all()`` sums it up with points.
* :mod:`~boardgames_widgets.lessons.show` — ``show_source``: the package's real code in a lesson.
* ``probability_dice``, ``probability_hidden``, ``probability_markov``, ``search_paths``,
  ``search_minimax``, ``search_expectimax``, ``strategy_rules``, ``strategy_mcts``,
  ``strategy_hidden``, ``strategy_tournament`` — the exercises (and scenarios) of each lesson;
  ``search_tools`` / ``strategy_tools`` hold the helpers the search and strategy lessons share.
* :mod:`~boardgames_widgets.lessons.dashboard` — the teacher's view of a folder of records.
"""

from __future__ import annotations

from boardgames_widgets.lessons.check import LESSON_MODULES, Feedback, checker

__all__ = ["LESSON_MODULES", "Feedback", "checker"]
