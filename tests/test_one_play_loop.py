"""One play loop (issue 28): ``play_game``, the widgets and the lessons all play through ``Session``.

A spy on the session's two steps — an agent (or chance) choosing a move, and the history
growing by one action — must see every action of a game played by ``play_game``, by a
board widget and by a lesson's scenario. A loop of their own anywhere would leave the spy
empty (or short) and these tests red.
"""

from __future__ import annotations

from typing import Any

import pytest

from boardgames_widgets.agents import GreedyAgent, RandomAgent
from boardgames_widgets.core import game_ids, make_game, play_game
from boardgames_widgets.core.registry import game_class
from boardgames_widgets.core.session import Proposal, Session


@pytest.fixture
def spy(monkeypatch: pytest.MonkeyPatch) -> dict[str, list[Any]]:
    """Every move the session's loop chose (``proposed``) and every action it played (``committed``)."""
    seen: dict[str, list[Any]] = {"proposed": [], "committed": []}
    propose, commit = Session._propose, Session.commit

    def spied_propose(self: Session, state: Any, player: int, agent: Any) -> Proposal:
        move = propose(self, state, player, agent)
        seen["proposed"].append(move.action)
        return move

    def spied_commit(self: Session, move: Any, after: Any = None) -> Any:
        new_state = commit(self, move, after)
        seen["committed"].append(self.actions[-1])
        return new_state

    monkeypatch.setattr(Session, "_propose", spied_propose)
    monkeypatch.setattr(Session, "commit", spied_commit)
    return seen


@pytest.mark.parametrize("game_id", game_ids())
def test_play_game_plays_every_action_through_the_session(spy: dict[str, list[Any]], game_id: str) -> None:
    game = make_game(game_id, num_players=game_class(game_id).info.min_players)
    bots = [RandomAgent() if i % 2 else GreedyAgent(game) for i in range(game.num_players)]
    record = play_game(game, bots, seed=4)
    assert record.returns is not None and len(record.actions) > 0
    assert [str(a) for a in spy["committed"]] == list(record.actions)
    assert spy["proposed"] == spy["committed"]  # each action was chosen by the loop, then played by it


def test_the_widget_plays_bots_and_people_through_the_session(spy: dict[str, list[Any]]) -> None:
    pytest.importorskip("ipywidgets")
    from boardgames_widgets.widgets import play

    w = play("food_chain", players=2, seed=3, seats=["Human", "Random bot"], speed="off")
    while w.current_player() != 0 and not w.session.is_over:
        w.bot_move()  # chance waiting for a click
    assert w.current_player() == 0
    before = len(w.actions)
    action = w.game.legal_actions(w.state)[0]
    assert w.play(action)  # a person's move: played by the session, chosen by nobody
    assert spy["committed"] == w.actions and w.actions[before] == action
    assert len(spy["proposed"]) == len(w.actions) - 1
    w.set_seat(0, "Random bot")
    w.bot_move()  # on a bot's turn or chance; the bots then play to the end
    assert w.session.is_over
    assert spy["committed"] == w.actions
    assert spy["proposed"] == [a for i, a in enumerate(w.actions) if i != before]


def test_the_lessons_play_their_scenarios_through_the_session(spy: dict[str, list[Any]]) -> None:
    pytest.importorskip("ipywidgets")
    from boardgames_widgets.lessons import search_tools as sl

    game = make_game("chop_chop", num_players=2)
    start = sl.random_cat_endgames(game, 1, seed=2)[0]
    end = sl.play_from(game, start, [sl.SearchCat(game, 1), GreedyAgent(game)], seed=5)
    assert spy["committed"] and spy["proposed"] == spy["committed"]
    state = start
    for action in spy["committed"]:  # the actions the session played lead from the start to the end
        state = game.apply(state, action)
    assert state == end and game.is_terminal(end)
    played = len(spy["committed"])
    duel = sl.cat_duel(game, [GreedyAgent(game)], [start], GreedyAgent(game), seed=5)
    assert duel.games == 1 and len(spy["committed"]) > played  # the duel's game went through it too
