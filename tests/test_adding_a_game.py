"""The docs' example game, Pig: added by three files and one registry line (issue 28).

These tests prove the claim of the docs page "Adding a game": the folder ``games/pig``
holds at most three modules, the registry line is the only place outside it that names
the game, and with nothing more Pig passes the conformance suite, plays in the generic
widget, is played by the random and MCTS bots and in a tournament, saves and loads, and
has a picture and a rules summary. (Every registry-parametrised test runs on it too.)
"""

from __future__ import annotations

import ast
import dataclasses
import pathlib
import random
import re
from fractions import Fraction

import pytest

import boardgames_widgets as bw
from boardgames_widgets import GameRecord, games
from boardgames_widgets.agents import MCTSAgent, RandomAgent
from boardgames_widgets.analysis.tournament import round_robin
from boardgames_widgets.core import registry
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
        if PACKAGE / "rl" in path.parents:  # an environment encoding is optional (the rl extra), not a 4th file
            continue
        if PACKAGE / "lessons" in path.parents:  # a lesson that teaches with Pig uses it; it registers nothing
            continue
        if path.stem == "lessons" and path.suffix in {".po", ".pot"}:  # the lessons' texts, translated
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if path.suffix in {".po", ".pot"} and line.startswith("#:"):  # where a shared word is used, not a registry
                continue
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


# -- the contract's other corners: no chance, one player, no view (a game made in the test) -----
@dataclasses.dataclass(frozen=True)
class NimState:
    heap: int
    player: int


@dataclasses.dataclass(frozen=True)
class Take:
    n: int

    def __str__(self) -> str:
        return f"take {self.n}"


class Nim(bw.core.Game[NimState, Take]):
    """Take 1 or 2 from a heap of 5; whoever takes the last wins. No chance; 1 to 3 players."""

    info = bw.core.GameInfo("nim_test", "Nim", 1, 3, has_chance=False, hidden_information=False)

    def new_initial_state(self) -> NimState:
        return NimState(5, 0)

    def current_player(self, state: NimState) -> int:
        return bw.TERMINAL if state.heap == 0 else state.player

    def legal_actions(self, state: NimState) -> list[Take]:
        return [Take(n) for n in (1, 2) if n <= state.heap]

    def chance_outcomes(self, state: NimState) -> list[tuple[Take, Fraction]]:
        return []

    def apply(self, state: NimState, action: Take) -> NimState:
        bw.core.api.check_action(action, (Take,), "Nim")
        if state.heap == 0:
            raise bw.GameOverError("the heap is empty")
        if action not in self.legal_actions(state):
            raise bw.IllegalActionError("NI-1", f"take 1 or 2 (at most the heap), not {action.n}")
        heap = state.heap - action.n
        return NimState(heap, state.player if heap == 0 else (state.player + 1) % self.num_players)

    def returns(self, state: NimState) -> tuple[float, ...]:
        if state.heap:
            return (0.0,) * self.num_players
        return tuple(1.0 if p == state.player else 0.0 for p in range(self.num_players))

    def observation(self, state: NimState, player: int) -> NimState:
        bw.core.api.check_seat(player, self.num_players)
        return state

    def parse_action(self, text: str) -> Take:
        if text in ("take 1", "take 2"):
            return Take(int(text[-1]))
        raise bw.InvalidActionError(f"{text!r} is not a Nim action")

    def validate_state(self, state: NimState) -> None:
        if not (0 <= state.heap <= 5 and 0 <= state.player < self.num_players):
            raise ValueError(f"no such Nim state: {state}")


@pytest.fixture
def nim(monkeypatch: pytest.MonkeyPatch) -> str:
    """Nim registered for one test, as its declaration and registry line would."""
    monkeypatch.setattr(games, "GAMES", (*games.GAMES, "nim_test"))
    monkeypatch.setitem(
        registry._SPECS,
        "nim_test",
        GameSpec(id="nim_test", rules=Nim, summaries={"en": "# Nim — the rules in brief\n"}),
    )
    return "nim_test"


@pytest.mark.parametrize("players", [1, 2, 3])
def test_a_game_without_chance_view_or_knowledge_for_one_to_three_players(nim: str, players: int) -> None:
    from boardgames_widgets.agents import GreedyAgent, strong_agent
    from boardgames_widgets.agents.greedy import HEURISTICS

    game = bw.make_game(nim, num_players=players)
    report = check_game(game, games=3)
    assert report.chance_nodes == 0 and report.playouts == 0 and report.bad_inputs > 10
    bots = [MCTSAgent(game, iterations=20), GreedyAgent(game), strong_agent(game, iterations=10)][:players]
    record = bw.play_game(game, bots, seed=2)
    assert sum(record.returns or ()) == 1 and len(record.actions) <= 5  # a short game
    assert GameRecord.from_json(record.to_json()).states()[-1] == record.final_state()
    assert nim not in HEURISTICS and bw.rules_summary(nim, "he").startswith("# Nim")
    with pytest.raises(NotImplementedError, match="no picture"):
        game.state_svg(game.new_initial_state())


def test_a_game_without_a_view_plays_in_the_generic_widget_in_words(nim: str) -> None:
    pytest.importorskip("ipywidgets")
    w = bw.play(nim, players=2, seed=1)
    assert "<pre>" in w.picture.value and w.choices.options
