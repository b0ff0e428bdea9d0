"""The lessons' words outside the catalog's sentences: game terms, positions, numbers, the cross-table (issue 23)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

import boardgames_widgets as bw
from boardgames_widgets.agents import GreedyAgent, RandomAgent
from boardgames_widgets.agents.papageno import ThresholdPolicy
from boardgames_widgets.analysis.tournament import round_robin
from boardgames_widgets.games.chop_chop import Tile
from boardgames_widgets.games.mouse_trap.layout import TRAP_STAGES
from boardgames_widgets.lessons import search_minimax as scenes
from boardgames_widgets.lessons import strategy_tools as sl
from boardgames_widgets.lessons.leaderboard import cross_table
from boardgames_widgets.lessons.show import describe
from boardgames_widgets.lessons.text import _, number, numbers, term


@pytest.fixture
def latvian() -> Iterator[None]:
    bw.set_language("lv")
    yield
    bw.set_language(None)


def test_terms_are_said_as_the_widgets_say_them(latvian: None) -> None:
    assert term("knife") == "nazis" and term(Tile.CHEESE.value) == "siers"
    assert term(TRAP_STAGES[0].name) == bw.i18n.translator("lv")(TRAP_STAGES[0].name) != TRAP_STAGES[0].name
    assert term("+1") == "+1"  # a word the widgets do not translate stays as it is


def test_numbers_take_the_languages_decimal_separator(latvian: None) -> None:
    assert number(0.25, ".3f") == "0,250" and numbers((1.0, 0.5)) == "1,0; 0,5"
    assert _("c = {c:4.2f}: best move {rate:.0%} of the time", c=2, rate=0.5).startswith("c = 2,00")
    bw.set_language("en")
    assert number(0.25, ".3f") == "0.250" and numbers((1.0, 0.5)) == "1.0, 0.5"


def test_describe_says_the_position_in_the_notebooks_language() -> None:
    game, endgame = scenes.endgame()
    english = describe(game, endgame)
    assert english == game.describe(endgame)  # the same sentence as the rules' own, in English
    bw.set_language("ru")
    try:
        russian = describe(game, endgame)
    finally:
        bw.set_language(None)
    assert russian != english and "5" in russian and "2" in russian
    papageno = sl.lesson_papageno()
    held = sl.held_card_state(3)
    assert describe(papageno, held) == "Player 0 holds a secretly drawn card: swap it in or discard it."
    record = bw.play_game(papageno, [ThresholdPolicy(3, game=papageno), GreedyAgent(papageno)], seed=1)
    final = record.final_state()
    winners = [i for i, r in enumerate(papageno.returns(final)) if r > 0]
    assert describe(papageno, final).endswith(f"the winner: player {', '.join(map(str, winners))}.")


def test_cross_table_is_the_results_table_with_translated_headings(latvian: None) -> None:
    game = bw.make_game("food_chain", num_players=2)
    result = round_robin(game, {"a": RandomAgent(), "b": GreedyAgent(game)}, games=2, seed=1, progress=False)
    table = cross_table(result).splitlines()
    english = str(result).splitlines()
    assert table[0].split()[0] == "aģents" and "pret" in table[0] and "vs" not in table[0].split()
    assert [line.split()[:3] for line in table[2:]] == [line.split()[:3] for line in english[2:]]  # same rows
