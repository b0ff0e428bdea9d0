"""The docs' example game, Pig: added by three files and one registry line (issue 28).

These tests prove the claim of the docs page "Adding a game": the folder ``games/pig``
holds at most three modules, the registry line is the only place outside it that names
the game, and with nothing more Pig passes the conformance suite, plays in the generic
widget, is played by the random and MCTS bots and in a tournament, saves and loads, and
has a picture and a rules summary. (Every registry-parametrised test runs on it too.)
"""

from __future__ import annotations

import ast
import pathlib
import random
import re

import pytest

import boardgames_widgets as bw
from boardgames_widgets import games
from boardgames_widgets.agents import MCTSAgent, RandomAgent
from boardgames_widgets.analysis.tournament import round_robin
from boardgames_widgets.core.registry import GAMES, GameSpec, spec
from boardgames_widgets.games.pig import HOLD, ROLL, Face, Pig
from boardgames_widgets.testing import check_game

ROOT = pathlib.Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "boardgames_widgets"


def test_pig_is_at_most_three_files_and_one_registry_line() -> None:
    folder = PACKAGE / "games" / "pig"
    files = sorted(p.name for p in folder.iterdir() if p.name != "__pycache__")
    assert files == ["__init__.py", "rules.py", "view.py"]
    mentions = []
    for path in PACKAGE.rglob("*"):
        if path.suffix not in {".py", ".md", ".po", ".pot", ".txt", ".json"} or folder in path.parents:
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if re.search(r"\bpig\b", line, re.IGNORECASE):
                mentions.append((path.relative_to(PACKAGE).as_posix(), number, line.strip()))
    assert mentions == [("games/__init__.py", mentions[0][1], '"pig",')], mentions
    assert "pig" in games.GAMES and "pig" in bw.game_ids()


def test_the_declaration_names_rules_view_and_english_summary_only() -> None:
    pig = spec("pig")
    assert isinstance(pig, GameSpec) and pig.rules is Pig and GAMES["pig"] is pig
    assert pig.widget is None and pig.agents is None and pig.words is None
    assert pig.summary("en") is not None and pig.summary("lv") is None
    # English-only fallback: every language gets the English summary
    assert bw.rules_summary("pig", "lv") == bw.rules_summary("pig", "en")
    with pytest.raises(ValueError, match="English"):
        GameSpec(id="pig", rules=Pig, summaries={"lv": "# Cūka"})
    with pytest.raises(ValueError, match="differs"):
        GameSpec(id="hog", rules=Pig)


@pytest.mark.parametrize(("players", "target"), [(2, 50), (6, 10), (3, 100)])
def test_pig_passes_the_conformance_suite(players: int, target: int) -> None:
    report = check_game(Pig(num_players=players, target=target), games=4, seed=1)
    assert report.chance_nodes > 0 and report.exact_draws > 0 and report.bad_inputs > 100


def test_the_rules_by_hand() -> None:
    game = Pig(num_players=2, target=10)
    state = game.new_initial_state()
    assert game.legal_actions(state) == [ROLL]  # PG-1: roll at least once
    with pytest.raises(bw.IllegalActionError, match="PG-1"):
        game.apply(state, HOLD)
    state = game.apply(game.apply(state, ROLL), Face(4))  # PG-2
    assert (state.turn_total, game.legal_actions(state)) == (4, [ROLL, HOLD])
    state = game.apply(state, HOLD)  # PG-3
    assert state.scores == (4, 0) and state.player == 1 and state.turn_total == 0
    state = game.apply(game.apply(state, ROLL), Face(6))
    state = game.apply(game.apply(state, ROLL), Face(1))  # PG-2: a pig loses the turn total
    assert state.scores == (4, 0) and state.player == 0 and state.last_roll == 1
    state = game.apply(game.apply(state, ROLL), Face(6))  # PG-4: 4 + 6 reaches 10 and wins at once
    assert game.is_terminal(state) and game.returns(state) == (1.0, 0.0) and state.scores == (10, 0)
    with pytest.raises(bw.GameError):
        game.apply(state, ROLL)
    assert game.from_json(game.to_json(state)) == state


def test_random_and_mcts_bots_and_a_tournament_play_pig() -> None:
    game = bw.make_game("pig", num_players=2, target=20)
    record = bw.play_game(game, [MCTSAgent(game, iterations=60), RandomAgent()], seed=3)
    assert game.is_terminal(record.final_state()) and sum(record.returns or ()) == 1
    again = bw.play_game(game, [MCTSAgent(game, iterations=60), RandomAgent()], seed=3)
    assert again.actions == record.actions  # seeded bots make the same moves
    bots = {"mcts": MCTSAgent(game, iterations=40), "random": RandomAgent()}
    result = round_robin(game, bots, games=4, progress=False)
    assert sum(s.games for s in result.standings) == 8


def test_pig_has_one_picture_for_repr_game_and_view() -> None:
    game = Pig(num_players=3)
    rng = random.Random(5)
    state = game.new_initial_state()
    for _ in range(12):
        state = game.apply(state, game.sample_chance(state, rng) if game.is_chance_node(state) else ROLL)
    svg = game.state_svg(state)
    assert svg.startswith("<svg") and "Pig" in svg and "/50" in svg
    assert state._repr_svg_() == svg
    from boardgames_widgets.core.painter import board_view

    assert board_view(game).state_svg(state, 1) == game.state_svg(state, 1)


def test_pig_plays_in_the_generic_widget() -> None:
    pytest.importorskip("ipywidgets")
    from boardgames_widgets.widgets import GenericGameWidget, widget_class

    assert widget_class("pig") is GenericGameWidget
    w = bw.play("pig", players=2, seed=4)
    assert isinstance(w, GenericGameWidget) and "<svg" in w.picture.value
    w.choices.value = ROLL
    w.btn_play.click()
    assert w.actions[-1] == ROLL or isinstance(w.actions[-1], Face)


def test_the_docs_page_shows_the_three_files_as_they_are() -> None:
    page = (ROOT / "docs" / "adding_a_game.md").read_text(encoding="utf-8")
    for name in ("__init__.py", "rules.py", "view.py"):
        assert f"```{{literalinclude}} /_generated/example_game/{name}" in page  # copied by docs/bgw_docs.py
    assert '    "pig",' in page and "adding_a_game" in (ROOT / "docs" / "index.md").read_text(encoding="utf-8")
    ast.parse((PACKAGE / "games" / "pig" / "rules.py").read_text(encoding="utf-8"))
