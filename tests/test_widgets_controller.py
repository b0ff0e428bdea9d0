"""``widgets.controller.GameController``: the board's logic without ipywidgets or a browser.

The worker thread and its generations, undo, hints, seats, the curtain and the texts are
tested here on the controller alone (the widgets add only drawing and controls).
"""

from __future__ import annotations

import subprocess
import sys
import threading

from boardgames_widgets.core import CHANCE, TERMINAL
from boardgames_widgets.games.food_chain.rules import Draw
from boardgames_widgets.widgets.controller import GameController


def test_the_controller_imports_and_plays_without_ipywidgets() -> None:
    # the package boardgames_widgets.widgets (whose __init__ imports the widgets) is replaced by a
    # bare package: only the controller's own imports run, and ipywidgets cannot be imported
    code = (
        "import sys, types, pathlib, boardgames_widgets\n"
        "sys.modules['ipywidgets'] = None; sys.modules['ipycanvas'] = None\n"
        "pkg = types.ModuleType('boardgames_widgets.widgets')\n"
        "pkg.__path__ = [str(pathlib.Path(boardgames_widgets.__file__).parent / 'widgets')]\n"
        "sys.modules['boardgames_widgets.widgets'] = pkg\n"
        "from boardgames_widgets.widgets.controller import GameController\n"
        "c = GameController('food_chain', seed=3, seats=['Random bot', 'Random bot'])\n"
        "assert c.current_player() < 0 and 'seed 3' in c.log[0], c.log\n"
        "print(len(c.log))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert int(out.stdout) > 10


def test_a_person_moves_then_the_bot_answers_and_undo_takes_both_back() -> None:
    c = GameController("food_chain", seed=1)
    assert c.is_human(0) and not c.is_human(1)
    assert c.current_player() == 0
    dealt = len(c.actions)  # the deal (chance) came first
    action = c.game.legal_actions(c.state)[0]
    assert c.play(action)
    assert c.current_player() == 0 and len(c.actions) >= dealt + 2  # the bot (and chance) answered
    c.undo()
    assert len(c.actions) == dealt and c.current_player() == 0
    assert c.log[-1] == f"Undo: back to move {dealt}."


def test_a_refused_move_changes_nothing_and_says_why_in_plain_words() -> None:
    c = GameController("food_chain", seed=1)
    state = c.state
    assert not c.play(Draw(1, "cat"))
    assert c.state is state and c.last_error and c.why and "FC-" in c.why
    assert "FC-" not in c.status_line()


def test_hint_answers_with_a_legal_move_and_the_bot_name() -> None:
    c = GameController("food_chain", seed=2)
    action = c.hint()
    assert action in c.game.legal_actions(c.state)
    assert c.status_line().startswith("Hint (")


def test_new_game_takes_a_fresh_seed_shown_in_the_log_and_an_explicit_seed_reproduces() -> None:
    seeds = set()
    for _ in range(4):
        c = GameController("food_chain", seats=["Random bot", "Random bot"])
        seeds.add(c.seed)
        assert f"seed {c.seed!r}" in c.log[0]
    assert len(seeds) > 1  # os.urandom: four kernels do not play the same games
    a = GameController("food_chain", seed=5, seats=["Random bot", "Random bot"])
    b = GameController("food_chain", seed=5, seats=["Random bot", "Random bot"])
    assert a.actions == b.actions
    a.new_game()
    b.new_game()
    assert a.seed == b.seed and a.actions == b.actions  # derived from the given seed: a re-run replays


def test_a_new_game_starts_a_new_generation_and_stops_the_old_worker() -> None:
    gate = threading.Event()
    started = threading.Event()

    class Slow:
        name = "slow"

        def act(self, observation, legal, rng):  # type: ignore[no-untyped-def]
            started.set()
            gate.wait(5)
            return legal[0]

    c = GameController("food_chain", seed=1, seats=["Human", Slow()], threaded=True)
    if c._worker is not None:
        c._worker.join(5)  # the deal
    assert c.current_player() == 0
    c.play(c.game.legal_actions(c.state)[0])
    assert started.wait(5)
    gen = c._generation
    c.new_game(seed=9)
    assert c._generation > gen
    old_worker = c._worker
    gate.set()  # the slow bot answers now, for the old game
    for w in (old_worker, c._worker):
        assert w is not None
        w.join(5)
    # the old worker's move was dropped: replaying the new game's own actions gives its state
    assert c.seed == 9
    state = c.game.new_initial_state()
    for a in c.actions:
        state = c.game.apply(state, a)
    assert state == c.state


def test_seat_changes_are_logged_and_take_effect() -> None:
    c = GameController("food_chain", seed=1)
    c.set_seat(1, "Human")
    assert c.humans == [0, 1]
    assert c.log[-1] == "Player 2 is now played by Human."  # seats are numbered from 1 for people


def test_the_curtain_hides_the_next_players_hand_in_hot_seat_play() -> None:
    c = GameController("food_chain", seed=1, seats=["Human", "Human"])
    action = c.game.legal_actions(c.state)[0]
    c.handle_click(-1, -1)  # lifts the first curtain if any
    c.play(action)
    while c.current_player() == CHANCE:
        c.bot_move()
    if c.current_player() != TERMINAL:
        assert c.curtain == c.current_player()
        assert c.viewer() is None
        c.handle_click(-1, -1)
        assert c.curtain is None and c.viewer() == c.current_player()


def test_status_lines_say_the_next_step_and_hint_answers_a_roll() -> None:
    from boardgames_widgets.widgets import play

    w = play("food_chain", seed=1, speed="off", threaded=False)
    assert w.status_line() == "Player 1, your turn: click a card in your hand, then a lit square."
    w.handle_key("1")
    assert w.status_line().startswith("Player 1, your turn: click a lit square to place your ")
    m = play("mouse_trap", seed=1, seats=["Human", "Random bot"], speed="off", threaded=False)
    assert m.waiting_seat() == 0
    assert m.hint() is None
    assert m.status_line() == "Hint: Red, your turn — click the die to roll."
    p = play("papageno", seed=1, seats=["Random bot", "Random bot"], speed="off", threaded=False)
    p.new_game(seed=2)
    assert "Rolling" not in p.chance_words()


def test_no_glyph_needs_an_emoji_font_and_the_screen_reader_line_is_hidden_from_sight() -> None:
    from boardgames_widgets.widgets import play
    from boardgames_widgets.widgets.chrome import RTL_CSS

    w = play("food_chain", seed=4, seats=["Random bot", "Random bot"], speed="off", threaded=False)
    assert "bgw-score" in w.panel.value
    assert all(ord(ch) < 0x1F000 for ch in w.panel.value + w.status.value + w.log_view.value)
    assert ".bgw-aria{position:absolute" in RTL_CSS and "clip:rect(0,0,0,0)" in RTL_CSS
    assert 'role="status"' in w.aria.value
