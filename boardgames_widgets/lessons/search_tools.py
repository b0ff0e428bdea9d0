"""Helpers for the search lessons (``notebooks/lessons/search/``).

Three parts, one per lesson:

* **Paths** (lesson 1) — the depth-first search of
  :func:`~boardgames_widgets.analysis.chop_chop.enumerate_paths` (the rules' own search)
  recorded frame by frame (:func:`dfs_frames`), breadth-first distances (:func:`bfs_distances`,
  :func:`bfs_frames`), the step rule of a piece as a plain function
  (:func:`step_rule`), pictures of the kitchen with squares lit up
  (:func:`board_svg`) and a stepper widget over recorded frames (:func:`stepper`).
* **Game trees** (lesson 2) — :class:`GameTree`, a two-player game seen as a tree
  of MAX and MIN nodes (single-outcome chance nodes, such as draws from Food
  Chain's open deck, are followed silently) that counts the nodes a search
  expands and evaluates; reference searches on it (:func:`minimax_value`,
  :func:`alphabeta_value`, :func:`tt_minimax_value`) and Food Chain endgames
  (:func:`food_chain_endgame`).
* **Chance nodes** (lesson 3) — the same tree with chance nodes left in, for the
  Chop Chop cat: :func:`expectimax_value` (with ``chance="average"`` for
  expectimax, ``"worst"`` for minimax that treats the dice as an opponent),
  endgames with one mouse carrying the last cheese home (:func:`cat_endgame`),
  an evaluation function (:func:`cat_evaluation`), a cat agent
  (:class:`SearchCat`) and a small duplicate tournament (:func:`cat_duel`).

Values are from the point of view of player 0 (MAX): Food Chain's value is
player 0's points minus player 1's (FC-E3), Chop Chop's the cat's chance to win.

The code lives in one module per reader — :mod:`~boardgames_widgets.lessons.path_frames`
(paths), :mod:`~boardgames_widgets.lessons.game_trees` (game trees, Food Chain endgames) and
:mod:`~boardgames_widgets.lessons.cat_search` (chance nodes, the cat) — and this module, the
lessons' one import (``from boardgames_widgets.lessons import search_tools as sl``), names
every helper again.
"""

from __future__ import annotations

from boardgames_widgets.lessons.cat_search import (
    CAT_ENDGAME_TURNS,
    CLOSENESS_WEIGHT,
    DuelResult,
    SearchCat,
    by_landing,
    cat_duel,
    cat_endgame,
    cat_evaluation,
    cat_evaluation_plus,
    cat_game,
    cat_tree,
    catch_only,
    caught,
    expectimax_value,
    move_values,
    play_from,
    pounce_chance,
    random_cat_endgames,
    sign_test,
)
from boardgames_widgets.lessons.game_trees import (
    CHANCE_NODE,
    END,
    FOOD_CHAIN_SEED,
    MAX,
    MIN,
    GameTree,
    TreeNode,
    Work,
    alphabeta_value,
    best_first,
    build_tree,
    count_nodes,
    count_positions,
    draw_tree,
    food_chain_endgame,
    food_chain_margin,
    food_chain_tree,
    measure,
    minimax_value,
    tt_minimax_value,
)
from boardgames_widgets.lessons.path_frames import (
    LIT_BLOCKED,
    LIT_FOUND,
    LIT_PATH,
    LIT_VISITED,
    Frame,
    bfs_distances,
    bfs_frames,
    board_svg,
    count_walks,
    dfs_frames,
    frame_svg,
    step_rule,
    stepper,
    svg_row,
)

# Lesson 1 shows the breadth-first search's source (``show_source(sl._bfs)``).
from boardgames_widgets.lessons.path_frames import _bfs as _bfs

__all__ = [
    "CAT_ENDGAME_TURNS",
    "CHANCE_NODE",
    "CLOSENESS_WEIGHT",
    "END",
    "FOOD_CHAIN_SEED",
    "LIT_BLOCKED",
    "LIT_FOUND",
    "LIT_PATH",
    "LIT_VISITED",
    "MAX",
    "MIN",
    "DuelResult",
    "Frame",
    "GameTree",
    "SearchCat",
    "TreeNode",
    "Work",
    "alphabeta_value",
    "best_first",
    "bfs_distances",
    "bfs_frames",
    "board_svg",
    "build_tree",
    "by_landing",
    "cat_duel",
    "cat_endgame",
    "cat_evaluation",
    "cat_evaluation_plus",
    "cat_game",
    "cat_tree",
    "catch_only",
    "caught",
    "count_nodes",
    "count_positions",
    "count_walks",
    "dfs_frames",
    "draw_tree",
    "expectimax_value",
    "food_chain_endgame",
    "food_chain_margin",
    "food_chain_tree",
    "frame_svg",
    "measure",
    "minimax_value",
    "move_values",
    "play_from",
    "pounce_chance",
    "random_cat_endgames",
    "sign_test",
    "step_rule",
    "stepper",
    "svg_row",
    "tt_minimax_value",
]
