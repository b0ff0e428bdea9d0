"""Secrets kept at one screen: every text a board shows, for every arrangement of seats.

For each game with hidden information, each player count of 2 and 3, and each way of
putting people and bots in the seats, the first 60 steps of a game are played through the widget (a
person's move is the hint bot's, after asking for the Hint). At every step every text on
the page is read — the status line, the screen-reader line, the panel, the log, and the
Hint's answer — and checked against what the people at the screen may know:

- behind the "pass the device" curtain: the screen-reader line says only the status,
  the panel is empty, nothing names a hand, and Hint names no move;
- with a person at the board, the rules' own description (which names every card) is
  never read out;
- the log names a drawn card only when one person plays (and only theirs) or bots alone;
- after a seat changes to a person mid-game, the log says the earlier draws again without
  the cards.
"""

from __future__ import annotations

import html
import itertools
import re

import pytest

from boardgames_widgets.core import CHANCE, TERMINAL
from boardgames_widgets.core.registry import game_class
from boardgames_widgets.widgets import play

HIDDEN = [g for g in ("food_chain", "papageno") if game_class(g).info.hidden_information]
#: Words that only ever describe one player's own secret cards.
PRIVATE = ("Your hand", "Your cards", "You hold", "Selected:", "holds the")
DRAWN = re.compile(r"(.+?) draws an? (cat|dog|mouse|cheese)\b")


def text(value: str) -> str:
    """The words of an HTML value."""
    return html.unescape(re.sub(r"<[^>]+>", " ", value))


def arrangements(n: int) -> list[list[str]]:
    return [list(seats) for seats in itertools.product(["Human", "Random bot"], repeat=n)]


def check_texts(w) -> None:  # type: ignore[no-untyped-def]
    status, aria, panel, log = (text(x.value) for x in (w.status, w.aria, w.panel, w.log_view))
    humans = w.humans
    if w.curtain is not None:
        assert panel.strip() == ""
        assert " ".join(aria.split()) == " ".join(w.status_line().split())
        for words in PRIVATE:
            assert words not in status + aria, (words, status, aria)
    if humans:
        desc = w.game.describe(w.state)
        assert desc not in aria
    for line in w.log:
        m = DRAWN.match(line)
        if m:
            assert len(humans) <= 1, line
            if humans:
                assert m.group(1) == w.player_name(humans[0]), (line, humans)
    assert "holds the" not in log


def walk(w, limit: int = 60) -> int:  # type: ignore[no-untyped-def]
    """Play the game through the widget, checking every text; the number of steps checked."""
    steps = 0
    for steps in range(limit):  # noqa: B007
        check_texts(w)
        p = w.current_player()
        if p == TERMINAL:
            break
        if w.curtain is not None:
            assert w.hint() is None
            assert "ready" in w.status_line()
            check_texts(w)
            w.handle_click(-1, -1)  # the next person lifts the curtain
            continue
        if p == CHANCE:
            assert w.waiting_seat() is not None  # chance that acts alone never waits
            w.hint()
            w.bot_move()
            continue
        assert w.is_human(p)
        hinted = w.hint()
        assert hinted in w.game.legal_actions(w.state)
        check_texts(w)
        w.bot_move()
    return steps


@pytest.mark.parametrize("game_id", HIDDEN)
@pytest.mark.parametrize("players", [2, 3])
def test_no_text_shows_a_secret_in_any_seat_arrangement(game_id: str, players: int) -> None:
    for i, seats in enumerate(arrangements(players)):
        w = play(game_id, players=players, seats=seats, seed=100 + i, speed="off", threaded=False)
        steps = walk(w)
        assert steps > 0 or "Human" not in seats  # bots alone play to the end at once


@pytest.mark.parametrize("game_id", HIDDEN)
def test_a_seat_that_becomes_human_mid_game_hides_the_earlier_draws(game_id: str) -> None:
    w = play(game_id, players=2, seats=["Human", "Random bot"], seed=5, speed="off", threaded=False)
    for _ in range(6):
        if w.current_player() == TERMINAL:
            break
        w.bot_move()
    w.seat_pickers[1].value = "Human"
    assert w.humans == [0, 1]
    check_texts(w)
    assert not any(DRAWN.match(line) for line in w.log)


def test_hint_under_the_curtain_names_no_card() -> None:
    w = play("food_chain", players=2, seats=["Human", "Human"], seed=3, speed="off", threaded=False)
    w.handle_click(-1, -1)
    w.play(w.game.legal_actions(w.state)[0])
    assert w.curtain == 1
    assert w.hint() is None
    assert text(w.status.value).strip().startswith("Player 2: click the board when you are ready.")
