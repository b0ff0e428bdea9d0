"""Root pytest configuration: what to collect, and which tier each test belongs to.

Test tiers (issue 27)
=====================
``python -m pytest`` runs the **fast tier**: every unit, property, conformance and doctest,
the widget logic without a browser, the lesson checks without executing the lessons, and
one English notebook as a smoke test. It must stay within about three minutes on a quiet
2-core machine, so that a contributor runs it after every change.

Everything else carries a marker, given here and only here (no test file marks itself):

==============  ===========================================================================
``notebooks``   a notebook executed under nbval (all but :data:`SMOKE_NOTEBOOKS`)
``nbgrader``    the real nbgrader loop (release, run, submit, collect, autograde)
``browser``     a real JupyterLab/Voilà in headless Chromium
``docs``        a Sphinx + JupyterLite build of the docs site
``packaging``   builds the sdist/wheel or a fresh venv (the Binder check)
``slow``        anything else that takes more than a few seconds (listed in :data:`SLOW`)
==============  ===========================================================================

A test gets its tier from its path, from the fixtures it uses (a test that asks for the
built docs ``site`` needs Sphinx, whatever file it is in), or from :data:`SLOW`. Unless told
otherwise, the run deselects every tier: ``python -m pytest --all`` runs them all, ``-m
notebooks`` (any ``-m`` expression) chooses by marker, and naming a test file or node id on
the command line runs it whatever its tier. ``.ci/run`` runs the fast tier, then
the other tiers with pytest-xdist, and prints the wall time of each. Under pytest-xdist
(``-n N``) whole files go to one worker (``--dist loadfile``, set here unless another
``--dist`` is given): a notebook's cells must run in order in one kernel, and module fixtures
(an nbgrader course, the built docs site) are built once. The nbgrader tier runs with
``--dist loadgroup``: the tests in :data:`SPREAD` go to any worker, the rest stay with their
file. ``python -m pytest --all -n auto`` runs everything.

A new test that takes more than about a second goes into :data:`SLOW` (or uses one of the
fixtures below); ``--durations`` in CI's output shows the slowest ones.
"""

from __future__ import annotations

import fnmatch
import importlib.util
from pathlib import Path

import pytest

#: tests/test_tiers.py runs this configuration on a small project of its own.
pytest_plugins = ["pytester"]

collect_ignore_glob = ["docs/*", "benchmarks/*", "binder/*"]
# The OpenSpiel adapter imports open_spiel, an optional extra (`bench`).
if importlib.util.find_spec("pyspiel") is None:
    collect_ignore_glob.append("boardgames_widgets/openspiel.py")
# The reinforcement-learning environments import gymnasium and pettingzoo (the `rl` extra).
if importlib.util.find_spec("gymnasium") is None or importlib.util.find_spec("pettingzoo") is None:
    collect_ignore_glob += [
        "boardgames_widgets/rl/aec.py",
        "boardgames_widgets/rl/gym.py",
        "boardgames_widgets/rl/__init__.py",
    ]

#: The markers of the tiers, in the order ``.ci/run`` reports them.
TIERS: tuple[str, ...] = ("notebooks", "nbgrader", "browser", "docs", "packaging", "slow")

#: Notebooks that the fast tier executes under nbval (the smoke test: the package's front door).
SMOKE_NOTEBOOKS: frozenset[str] = frozenset({"notebooks/00_start_here.ipynb"})

#: Tier by node id (``fnmatch`` patterns on the node id, whose path is relative to the
#: repository root): whole folders, files, or single tests.
NODE_TIERS: tuple[tuple[str, str], ...] = (
    ("*.ipynb::*", "notebooks"),
    ("tests/browser/*", "browser"),
    ("tests/test_lessons_nbgrader*.py::*", "nbgrader"),
    ("tests/test_lessons_course.py::test_course_end_to_end_*", "nbgrader"),
)

#: Tier by fixture: a test that needs one of these fixtures needs what it builds.
FIXTURE_TIERS: dict[str, str] = {
    "site": "docs",  # tests/test_docs.py: sphinx-build of the whole site with JupyterLite
    "dists": "packaging",  # tests/test_packaging.py: builds the sdist and the wheel
    "lab": "browser",
    "browser": "browser",
    "page": "browser",
}

#: Slow tests by node id prefix (measured with ``--durations``; each over ~1.5 s on a quiet
#: 2-core machine, or a many-game statistical run). A prefix without ``::`` names a file.
SLOW: tuple[str, ...] = (
    "tests/test_agents_strong.py::test_the_strong_bot_beats_random_and_greedy_at_food_chain",
    "tests/test_agents_strong.py::test_the_strong_bot_is_reproducible_with_an_iteration_budget[papageno]",
    "tests/test_cli.py::test_play_serves_the_arcade_with_that_game_on_127_0_0_1",
    "tests/test_conformance.py::test_every_registered_game_passes_check_game[chop_chop-5p]",
    "tests/test_conformance.py::test_every_registered_game_passes_check_game[chop_chop-2p]",
    "tests/test_conformance.py::test_every_registered_game_passes_check_game[papageno-5p]",
    "tests/test_conformance.py::test_every_registered_game_passes_check_game[food_chain-4p]",
    "tests/test_conformance.py::test_every_registered_game_passes_check_game[mouse_trap-4p]",
    "tests/test_conformance.py::test_every_registered_game_passes_check_game[papageno-2p]",
    "tests/test_docs.py::test_doc_examples_run",
    "tests/test_fair_play.py::test_a_forked_pool_worker_starts_real_sandboxes",
    "tests/test_fair_play.py::test_every_cheat_forfeits_in_a_process_pool_round_robin",
    "tests/test_fair_play.py::test_load_agents_reports_problems_and_plays_on",
    "tests/test_fair_play.py::test_same_table_serial_threads_processes_dask",
    "tests/test_fair_play.py::test_six_agents_one_cheating_one_looping_one_crashing",
    "tests/test_kernel_latency_bench.py",
    "tests/test_lessons_search.py::test_q2_expectimax_not_minimax_against_dice",
    # issue 34, the learning lesson: its q4 numbers train two tables of 20 000 games (about 7 s, cached)
    "tests/test_lessons_checks.py::test_a_right_value_at_the_digits_given_passes_unless_a_mistake_rounds_the_same_then_more_digits[strategy.learning-q4]",
    "tests/test_lessons_checks.py::test_a_known_mistake_is_named_at_any_rounding_the_right_value_does_not_share[strategy.learning-q4]",
    "tests/test_lessons_checks.py::test_typical_wrong_values_get_their_own_message[strategy.learning-q4]",
    "tests/test_lessons_strategy_learning.py::test_a_table_trained_on_200_fixed_games_flatters_itself_on_them",
    "tests/test_lessons_strategy_learning.py::test_q4_names_the_win_rate_on_the_training_games",
    "tests/test_lessons_strategy_learning.py::test_the_learned_table_beats_the_rule_of_thumb_and_the_wrong_players_reward_does_not",
    "tests/test_lessons_search.py::test_q4_an_ordering_worse_than_best_first_at_the_player_to_move_is_told_so",
    "tests/test_lessons_search.py::test_q4_move_ordering",
    "tests/test_lessons_strategy_rules.py::test_sweep_is_u_shaped_and_the_pair_rule_helps",
    "tests/test_lessons_strategy_tournament.py::test_class_tournament_survives_a_looping_and_a_crashing_agent_with_the_same_table_everywhere",
    "tests/test_lessons_strategy_tournament.py::test_team_mice_beat_greedy_mice_against_the_greedy_cat_cc_c1",
    "tests/test_papageno.py::test_two_greedy_players_can_no_longer_pass_a_capture_back_and_forth_for_ever",
    "tests/test_papageno_hidden.py::test_observations_of_others_never_depend_on_a_secret_card[5]",
    "tests/test_papageno_speed_paths.py::test_can_capture_is_whether_a_capture_swap_exists_pa_x1[5]",
    "tests/test_random_playout.py::test_random_playout_is_the_reference_loop[chop_chop-config6]",
    "tests/test_random_playout.py::test_random_playout_is_the_reference_loop[chop_chop-config4]",
    "tests/test_random_playout.py::test_random_playout_is_the_reference_loop[chop_chop-config5]",
    "tests/test_random_playout.py::test_random_playout_is_the_reference_loop[chop_chop-config3]",
    "tests/test_random_playout.py::test_random_playout_is_the_reference_loop[papageno-config10]",
    "tests/test_random_playout.py::test_random_playout_is_the_reference_loop[papageno-config9]",
    "tests/test_random_playout.py::test_random_playout_is_the_reference_loop[papageno-config8]",
    "tests/test_random_playout.py::test_seeded_mcts_decides_as_before[chop_chop-5]",
    "tests/test_random_playout.py::test_seeded_mcts_decides_as_before[chop_chop-2]",
    "tests/test_rollout_agent.py::test_the_rollout_agent_is_reproducible_and_counts_its_playouts",
    "tests/test_tournament.py::test_same_table_through_dask",
    "tests/test_widgets.py::test_bot_seats_play_the_whole_game_by_themselves",
    "tests/test_widgets_chop_chop.py::test_a_knife_is_announced_and_a_whole_game_ends_on_a_win_screen",
    "tests/test_widgets_every_game.py::test_a_widget_with_bots_in_every_seat_plays_the_game_of_play_game[chop_chop]",
    "tests/test_widgets_every_game.py::test_a_widget_with_bots_in_every_seat_plays_the_game_of_play_game[mouse_trap]",
    "tests/test_widgets_every_game.py::test_a_widget_with_bots_in_every_seat_plays_the_game_of_play_game[papageno]",
    "tests/test_widgets_every_game.py::test_every_new_game_has_a_fresh_seed_shown_in_the_log[chop_chop]",
    "tests/test_widgets_every_game.py::test_the_display_carries_a_picture_and_one_line_of_text[mouse_trap]",
    "tests/test_widgets_every_game.py::test_the_seed_shown_after_new_game_replays_that_game",
    "tests/test_widgets_mouse_trap.py::test_bots_play_a_whole_game_to_the_end",
    "tests/test_widgets_mouse_trap.py::test_every_text_the_widget_draws_is_at_least_12_px_and_inside_the_board",
    "tests/test_widgets_mouse_trap.py::test_roll_animation_tumbles_the_die_then_walks_each_space",
    "tests/test_widgets_papageno.py::test_a_whole_match_by_the_bot_button_ends_with_the_match_winner",
    "tests/test_widgets_papageno.py::test_bots_against_bots_play_to_the_end_with_five_players",
    "tests/test_widgets_papageno.py::test_every_animation_of_a_random_match_draws",
    "tests/test_widgets_text_size.py::test_every_text_a_widget_draws_is_at_least_12_px",
    "tests/test_widgets_text_size.py::test_the_recorder_sees_the_widgets_own_overlay_texts",
    "tests/test_workflows.py::test_check_jsonschema_itself_agrees",
    # a fresh venv with Binder's pins that runs every English notebook (CI=true turns it on)
    "tests/test_binder.py::test_fresh_binder_venv_runs_every_notebook_and_a_missing_dependency_fails",
    # issue 29: the hostile class (bubblewrap sandboxes; the quick attack tests stay fast)
    "tests/test_hostile_class_executors.py",
    "tests/test_hostile_class.py::test_escapes_fail_and_cost_the_escaper",
    "tests/test_hostile_class.py::test_the_seed_replay_attack_learns_nothing_from_a_secret_seed",
    "tests/test_hostile_class.py::test_resources_are_limited_and_charged",
    "tests/test_hostile_class.py::test_forged_and_edited_results_are_refused",
    "tests/test_hostile_class.py::test_a_late_student_reuses_every_finished_game",
    "tests/test_hostile_class.py::test_names_are_file_names_and_display_names_are_clean",
    "tests/test_hostile_class.py::test_the_cli_leaves_no_process_on_sigterm_or_ctrl_c",
    # issue 30: every text of every seat arrangement; the controller without ipywidgets (a subprocess)
    "tests/test_widgets_secrets.py",
    "tests/test_widgets_controller.py::test_the_controller_imports_and_plays_without_ipywidgets",
    # issue 30: a Food Chain widget plays four turns against a bot (the hand's stable order); a
    # Chop Chop widget's overlay against its view's marks
    "tests/test_widgets_view_words.py::test_food_chain_hand_keeps_its_order_when_a_card_is_drawn",
    "tests/test_view_marks.py::test_a_widgets_overlay_is_what_the_view_draws_for_its_marks",
    # issue 31: checks judged whatever the student's tie order; the dashboard at class size;
    # the rules-of-thumb lesson's answers (one shared simulation of many games)
    "tests/test_lessons_checks.py::test_a_right_value_at_the_digits_given_passes_unless_a_mistake_rounds_the_same_then_more_digits[strategy.rules-q2]",
    "tests/test_lessons_checks.py::test_a_right_value_at_the_digits_given_passes_unless_a_mistake_rounds_the_same_then_more_digits[strategy.rules-q5]",
    "tests/test_lessons_dashboard.py::test_the_completion_chart_is_readable_for_every_lesson_and_thirty_students",
    "tests/test_lessons_search.py::test_q4_best_first_passes_and_worst_first_is_named_whatever_the_tie_order",
    "tests/test_lessons_search.py::test_q4_worst_first_only_at_small_nodes_does_not_pass",
    # issue 31: the ISMCTS lesson runs the student's determinization loop for every mistake it names
    "tests/test_lessons_strategy_hidden.py::test_q2_student_loop_is_run_and_compared_with_the_engine",
    # issue 32: CC-W5 against exhaustive search; the leak checks of the conformance suite
    "tests/test_chop_chop_deadness.py::test_CC_W5_never_calls_a_live_position_dead_exhaustive_search_1000_positions",
    "tests/test_conformance_leaks.py::test_the_real_hidden_information_games_pass_and_are_checked_for_leaks",
    "tests/test_conformance_leaks.py::test_a_hidden_information_game_without_variants_is_told_how_to_provide_them",
    # issue 34: the rendered picture (matplotlib) and PettingZoo's own checks past 2 players
    "tests/test_rl_envs.py::test_render_shows_the_table[rgb_array]",
    "tests/test_rl_envs.py::test_the_docs_training_example_runs",
    "tests/test_rl_envs.py::test_the_package_never_imports_the_rl_extra",
    "tests/test_rl_envs.py::test_the_cycle_order_and_the_parallel_env_pass_pettingzoos_tests[chop_chop]",
    "tests/test_rl_envs.py::test_pettingzoo_api_and_seed_tests_pass[food_chain-3p]",
    "tests/test_rl_envs.py::test_pettingzoo_api_and_seed_tests_pass[food_chain-4p]",
    "tests/test_rl_envs.py::test_pettingzoo_api_and_seed_tests_pass[chop_chop-3p]",
    "tests/test_rl_envs.py::test_pettingzoo_api_and_seed_tests_pass[chop_chop-4p]",
    "tests/test_rl_envs.py::test_pettingzoo_api_and_seed_tests_pass[chop_chop-5p]",
    "tests/test_rl_envs.py::test_pettingzoo_api_and_seed_tests_pass[papageno-3p]",
    "tests/test_rl_envs.py::test_pettingzoo_api_and_seed_tests_pass[papageno-4p]",
    "tests/test_rl_envs.py::test_pettingzoo_api_and_seed_tests_pass[papageno-5p]",
    "tests/test_rl_envs.py::test_pettingzoo_api_and_seed_tests_pass[mouse_trap-3p]",
    "tests/test_rl_envs.py::test_pettingzoo_api_and_seed_tests_pass[mouse_trap-4p]",
    "tests/test_rl_envs.py::test_pettingzoo_api_and_seed_tests_pass[pig-3p]",
    "tests/test_rl_envs.py::test_pettingzoo_api_and_seed_tests_pass[pig-4p]",
    "tests/test_rl_envs.py::test_pettingzoo_api_and_seed_tests_pass[pig-5p]",
    "tests/test_rl_envs.py::test_pettingzoo_api_and_seed_tests_pass[pig-6p]",
    # issue 32: two ISMCTS searches against the reference selection, tree for tree
    "tests/test_strong_bot_shortcuts.py::test_ismcts_inlined_selection_makes_the_same_tree_as_max_over_ucb",
)


#: nbgrader tests that may run on any worker: each builds its own course or runs one released
#: lesson. ``.ci/run`` runs the nbgrader tier with ``--dist loadgroup``; every other test there
#: stays with its file (an ``xdist_group`` per file: its module fixtures are built once).
SPREAD: tuple[str, ...] = (
    "tests/test_lessons_nbgrader.py::test_released_lesson_runs_to_the_end_and_says_not_answered",
    "tests/test_lessons_nbgrader.py::test_released_lesson_runs_with_the_suggested_forms_typed_in",
    "tests/test_lessons_nbgrader.py::test_filled_submission_is_collected_and_autogrades_to_full_marks_and_every_check_passes",
)


#: Where the collection hook leaves the :data:`SLOW` entries that name no collected test
#: (``None`` when the run did not collect the files they name); ``tests/test_tiers.py`` fails on them.
STALE_SLOW_KEY = pytest.StashKey["list[str] | None"]()


def _matches(prefix: str, nodeid: str) -> bool:
    if "::" not in prefix:
        return nodeid.startswith(prefix + "::")
    return nodeid == prefix or nodeid.startswith((prefix + "[", prefix + "::"))


def _stale_slow_entries(root: Path, items: list[pytest.Item]) -> list[str] | None:
    """SLOW entries naming a missing file, or no collected test of a file that was collected."""
    ids = [item.nodeid for item in items]
    files = {nodeid.split("::", 1)[0] for nodeid in ids}
    gone = [prefix for prefix in SLOW if not (root / prefix.split("::", 1)[0]).is_file()]
    named = [prefix for prefix in SLOW if prefix.split("::", 1)[0] in files]
    if not named and not gone:
        return None
    return gone + [prefix for prefix in named if not any(_matches(prefix, nodeid) for nodeid in ids)]


def _tier_of(item: pytest.Item) -> str | None:
    path = item.nodeid.split("::", 1)[0]
    if path.endswith(".ipynb") and path in SMOKE_NOTEBOOKS:
        return None
    for pattern, tier in NODE_TIERS:
        if fnmatch.fnmatch(item.nodeid, pattern):
            return tier
    for name in getattr(item, "fixturenames", ()):
        if name in FIXTURE_TIERS:
            return FIXTURE_TIERS[name]
    if any(_matches(prefix, item.nodeid) for prefix in SLOW):
        return "slow"
    return None


#: What each tier's marker means (registered here, so ``pytest --markers`` lists them).
TIER_HELP: dict[str, str] = {
    "notebooks": "executes a notebook under nbval",
    "nbgrader": "runs the real nbgrader (release, submit, collect, autograde)",
    "browser": "drives a real JupyterLab or Voila in headless Chromium (skips without /usr/bin/chromium)",
    "docs": "builds the docs site with Sphinx and JupyterLite",
    "packaging": "builds the sdist and wheel, or a fresh venv",
    "slow": "takes more than a few seconds (many games, a subprocess pool, Dask)",
}


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--all",
        action="store_true",
        dest="bgw_all_tiers",
        help="run every test tier (" + ", ".join(TIERS) + "), not only the fast one",
    )


def _names_files(config: pytest.Config) -> bool:
    """Whether the command line names test files or node ids (not only folders)."""
    here = config.invocation_params.dir
    return any("::" in arg or (here / arg).is_file() for arg in config.args)


@pytest.hookimpl(tryfirst=True)
def pytest_configure(config: pytest.Config) -> None:
    for tier in TIERS:
        config.addinivalue_line("markers", f"{tier}: {TIER_HELP[tier]}")
    # With ``-n N`` (pytest-xdist), hand out whole files, not single tests (see the docstring),
    # unless another ``--dist`` was asked for.
    if getattr(config.option, "dist", "no") == "load":
        config.option.dist = "loadfile"
    if config.option.markexpr or config.getoption("bgw_all_tiers") or _names_files(config):
        return
    config.option.markexpr = "not (" + " or ".join(TIERS) + ")"


@pytest.hookimpl(tryfirst=True)  # before the ``-m`` deselection of the mark plugin
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    config.stash[STALE_SLOW_KEY] = _stale_slow_entries(config.rootpath, items)
    for item in items:
        tier = _tier_of(item)
        if tier is not None:
            item.add_marker(getattr(pytest.mark, tier))
        if tier == "nbgrader" and not any(_matches(prefix, item.nodeid) for prefix in SPREAD):
            item.add_marker(pytest.mark.xdist_group(item.nodeid.split("::", 1)[0]))
