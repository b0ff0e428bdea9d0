"""The views' own texts in plain, translated words (issue 30).

Every text a board draws, for a few positions of a seeded game of each game in every
language: no player or mouse numbered from 0 ("P0", "Player 0", "mouse 0"), no Mouse
Trap square code ("B234"), Papageno's caption in the board's language (not the rules'
English line, nor a weaker fallback). Chop Chop says why a dead position is a draw
(CC-W5); Food Chain's hand keeps its order when a card is drawn.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from boardgames_widgets import i18n
from boardgames_widgets.core.painter import SVGPainter, board_view
from boardgames_widgets.core.registry import make_game
from boardgames_widgets.games.chop_chop.rules import CAT, DRAW, ChopChop, Move
from boardgames_widgets.games.chop_chop.scenario import board_state
from boardgames_widgets.games.chop_chop.words import ChopChopWords
from boardgames_widgets.games.food_chain import view as fcv
from boardgames_widgets.games.papageno.rules import Phase

LANGS = ("en", "lv", "ru", "he")
#: A player, mouse or seat counted from 0, in any of the four languages, or a square's code.
FROM_ZERO = re.compile(r"\bP0\b|\b(Player|player|Mouse|mouse|Spēlētājs|Игрок|игрок|שחקן) 0\b|\bB\d{2,}\b")


def texts(game: Any, state: Any, seat: int | None, lang: str) -> list[str]:
    """Every text the game's view draws of ``state`` from ``seat`` in ``lang``."""
    view = board_view(game)
    p: Any = SVGPainter(view.width, view.height)
    p.lang = lang
    view.draw(p, state, seat)
    return [t for t in re.findall(r">([^<>]+)</text>", p.to_svg()) if t.strip()]


def positions(game_id: str, count: int, seed: int = 3, **config: Any) -> tuple[Any, list[Any]]:
    """``count`` positions of a random game (chance and moves from one seeded generator), the last ones included."""
    game = make_game(game_id, **config)
    rng = random.Random(seed)
    state = game.new_initial_state()
    seen = [state]
    while not game.is_terminal(state) and len(seen) < 400:
        if game.is_chance_node(state):
            action = game.sample_chance(state, rng)
        else:
            action = rng.choice(list(game.legal_actions(state)))
        state = game.apply(state, action)
        seen.append(state)
    step = max(1, len(seen) // count)
    return game, [*seen[::step][:count], seen[-1]]


@pytest.mark.parametrize("game_id", ["food_chain", "chop_chop", "papageno", "mouse_trap"])
def test_no_board_counts_players_from_zero_or_shows_a_code(game_id: str) -> None:
    game, states = positions(game_id, 6)
    first = texts(game, states[0], 0, "en")
    assert {"food_chain": "Player 1 ", "papageno": "Player 1 (you)", "chop_chop": "1", "mouse_trap": "Red"}[
        game_id
    ] in " | ".join(first), first  # the first seat, counted from 1 (or by colour)
    for state in states:
        for lang in LANGS:
            for seat in (0, None):
                if seat is None and not game.info.hidden_information:
                    continue
                for t in texts(game, state, seat, lang):
                    assert not FROM_ZERO.search(t), (game_id, lang, t)


def test_mouse_trap_build_squares_say_build_in_words() -> None:
    game, (state, *_) = positions("mouse_trap", 1)
    for lang in LANGS:
        words = texts(game, state, 0, lang)
        build = i18n.translator(lang)("build")
        assert build != "build" or lang == "en"
        buildable = sum(game.cfg.can_build_on(s) for s in game.cfg.spaces)
        assert words.count(build) == buildable > 0, lang


def test_papageno_caption_is_in_the_boards_language_for_every_phase() -> None:
    game, states = positions("papageno", 400, num_players=3)
    by_phase = {s.phase: s for s in states}
    assert {Phase.OPENING, Phase.TURN, Phase.PLACE, Phase.ROUND_OVER} <= set(by_phase)
    for phase, state in by_phase.items():
        english = texts(game, state, 0, "en")
        caption_en = next(t for t in english if t.startswith("Round "))
        assert "Player " + str(state.actor + 1) in caption_en or phase in (
            Phase.DEAL,
            Phase.FLUTE_REVEAL,
            Phase.END_REVEAL,
            Phase.ROUND_OVER,
            Phase.GAME_OVER,
        )
        for lang in ("lv", "ru", "he"):
            drawn = texts(game, state, 0, lang)
            assert caption_en not in drawn, (phase, lang)  # not the English line
            assert not any("seen by" in t or "round wins" in t or "chooses" in t for t in drawn), (phase, lang)


BOXED_ON_FLOOR = """
- - - - o - - - -
- - * . . . . - -
- * 0 * . . . . -
- . * [.] [.] [.] . . o
o . . [.] [.] [.] C . -
- . . . . . . . -
- - . . . . . - -
- - - - o - - - -
"""


@pytest.mark.parametrize("lang", LANGS)
def test_chop_chop_says_why_a_dead_position_is_a_draw(lang: str) -> None:
    """CC-W5: the last mouse walled in by cheese on open floor: "nobody can win any more", not "shut in holes"."""
    game = ChopChop()
    s = board_state(game, BOXED_ON_FLOOR, mice_turn=False, roll=1, cheese=4, holes_up=(True,) * 4)
    end = game.apply(s, Move(CAT, (3, 6), (3, 5)))
    assert end.winner == DRAW and end.turns < game.cfg.max_turns
    tr = i18n.translator(lang)
    words = ChopChopWords(game, tr).end_words(end)
    assert words == tr(
        "A draw: nobody can win any more — the cat cannot reach the mice that are left, "
        "and the mice cannot get the cheese they need."
    )
    assert words != tr("A draw: the last mice are shut in their holes behind cheese, so nobody can win.")


def test_food_chain_hand_keeps_its_order_when_a_card_is_drawn() -> None:
    """Seat 0 plays its last card four times (a bot answers, cards are drawn): the cards still
    held keep their places, drawn cards come at the end, so the shown order is not the rules' sorted one."""
    import boardgames_widgets as bw
    from boardgames_widgets.games.food_chain.rules import Place

    w = bw.play("food_chain", seed=5, lang="en", threaded=False, speed="off")
    unsorted = 0
    for _ in range(4):
        assert w.current_player() == 0
        before = w.shown_hand(w.state, 0)
        card = before[-1]
        w.play(Place(card.kind, card.value, *w.game.legal_cells(w.state)[0]))
        after = w.shown_hand(w.state, 0)
        assert after[: len(before) - 1] == before[:-1]
        assert sorted(map(str, after)) == sorted(map(str, w.state.hands[0]))  # the same cards
        unsorted += after != list(w.state.hands[0])
        assert w._hand() == after  # what the clicks and the picture use
    assert unsorted


def test_stable_hand_appends_a_drawn_card_where_the_rules_would_sort_it_first() -> None:
    from boardgames_widgets.games.food_chain.rules import CHEESE, DOG, MOUSE, Card

    shown = [Card(CHEESE, 3), Card(DOG), Card(CHEESE, 1)]
    sorted_hand = sorted([*shown, Card(MOUSE)], key=lambda c: (c.kind, c.value))
    assert fcv.stable_hand(shown, sorted_hand) == [*shown, Card(MOUSE)]
