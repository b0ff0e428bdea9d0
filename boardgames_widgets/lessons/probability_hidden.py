"""Exercises of the lesson "What's under the tile? What's in the deck?" (drawing without replacement).

Lesson id ``probability.hidden`` (notebook
``notebooks/lessons/probability/02_hidden_tiles_and_cards.ipynb``). The two scenarios
— a Chop Chop kitchen after eight tiles were turned, and a Papageno table after the
opening — are built here from the games' own rules and data, and every correct or
typical wrong answer is computed from them, never typed in.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from functools import cache

from boardgames_widgets.analysis import probability as pr
from boardgames_widgets.analysis.chop_chop import next_tile_distribution
from boardgames_widgets.games.chop_chop import DEFAULT_TILE_MIX, ChopChop, ChopChopState, Tile
from boardgames_widgets.games.chop_chop.scenario import board_state
from boardgames_widgets.games.papageno import KINDS, Draw, Papageno, PapagenoState, Reveal, TurnUp
from boardgames_widgets.lessons.check import Exercise, Misconception, is_number, lesson, numeric_exercise
from boardgames_widgets.lessons.probability_common import probability_exercise
from boardgames_widgets.lessons.strategy_common import outputs_exercise
from boardgames_widgets.lessons.text import M_, N_

LESSON_ID = "probability.hidden"

# --------------------------------------------------------------------------------------------
# Scenario 1: a Chop Chop kitchen after eight tiles were turned
# --------------------------------------------------------------------------------------------
#: The tiles turned so far, by kind (q1): three cheese went to the mice.
TILES_TURNED: Mapping[Tile, int] = {
    Tile.CHEESE: 3,
    Tile.PLATE: 2,
    Tile.PLUS2: 1,
    Tile.KNIFE: 1,
    Tile.ARROW: 1,
}

#: The kitchen of q1: ``.`` marks a square whose tile is gone; mice 0 and 1 stand on
#: squares whose tiles they turned — eight squares in all (the tokens are explained in
#: :mod:`boardgames_widgets.games.chop_chop.scenario`).
KITCHEN = """
- - - - o - - - -
- - # # . # # - -
- # . # # # 0 # -
- # # [C#] [#] [.] # # o
3 # . [#] [#] [#] . # -
- # # # # 1 # # -
- - # . # # # - -
- - - - 2 - - - -
"""


@cache
def kitchen() -> tuple[ChopChop, ChopChopState]:
    """The game and the state of the q1 kitchen (mice to roll; 3 cheese collected)."""
    game = ChopChop()
    hidden = {t: DEFAULT_TILE_MIX[t.value] - TILES_TURNED.get(t, 0) for t in Tile}
    state = board_state(game, KITCHEN, cheese=TILES_TURNED[Tile.CHEESE], hidden=hidden)
    return game, state


#: The tiles of a fresh kitchen, and how many of them are cheese (q2, q3).
ALL_TILES = sum(DEFAULT_TILE_MIX.values())
ALL_CHEESE = DEFAULT_TILE_MIX[Tile.CHEESE.value]

# --------------------------------------------------------------------------------------------
# Scenario 2: a Papageno table after the opening
# --------------------------------------------------------------------------------------------
#: Papageno for the lesson: 2 players (no Pan Flutes, PA-S1) and no Eggs, so every card has
#: a weight of its own (an Egg copies a neighbour, PA-X4 — an extension for teachers).
PAPAGENO_PLAYERS, PAPAGENO_EGGS = 2, 0
#: The chance outcomes and choices of the opening: the discard, then each player turns up
#: their top-left card.
OPENING: tuple[str, ...] = ("3", "8", "9")
#: The bird kinds (weights −2 … 9).
BIRD_KINDS = frozenset(k for k in KINDS if k.lstrip("-").isdigit())
#: My face-up card (top-left) and the discard's top card.
MY_CARD, DISCARD = OPENING[1], OPENING[0]


@cache
def table() -> tuple[Papageno, PapagenoState]:
    """The game and the state after :data:`OPENING`: player 0 to draw or take the discard."""
    game = Papageno(PAPAGENO_PLAYERS, eggs=PAPAGENO_EGGS)
    state = game.new_initial_state()
    discard, mine, theirs = OPENING
    for action in (Reveal(discard), TurnUp(0), Reveal(mine), TurnUp(0), Reveal(theirs)):
        state = game.apply(state, action)
    return game, state


def draw_distribution() -> dict[str, Fraction]:
    """P(the card player 0 draws is each kind), from the game's chance outcomes."""
    game, state = table()
    return pr.chance_distribution(game, game.apply(state, Draw()))


def weight(card: str) -> int:
    """The printed weight of a card of the lesson's deck."""
    game, _ = table()
    w = game.deck.weight(card)
    assert w is not None  # no Eggs in this deck
    return w


def expected_unseen_weight() -> Fraction:
    """q4: the expected weight of a card nobody has seen yet."""
    return pr.expectation(draw_distribution(), weight)


def cancel_probability() -> Fraction:
    """q5: P(a face-down card of mine is a twin of my face-up card, so the pair cancels)."""
    return draw_distribution().get(MY_CARD, Fraction(0))


def draw_blind_gain() -> Fraction:
    """q6: the expected weight saved by drawing: keep the card if lighter than mine, else discard it."""
    mine = weight(MY_CARD)
    return pr.expectation(draw_distribution(), lambda c: max(0, mine - weight(c)))


def take_discard_gain() -> int:
    """The sure weight saved by taking the discard in place of my face-up card."""
    return weight(MY_CARD) - weight(DISCARD)


# --------------------------------------------------------------------------------------------
# the exercises
# --------------------------------------------------------------------------------------------
ex = lesson(LESSON_ID)

_, _kitchen = kitchen()
_hidden = sum(_kitchen.hidden)
_turned = sum(TILES_TURNED.values())
_cheese_left = ALL_CHEESE - TILES_TURNED[Tile.CHEESE]
ex.add(
    probability_exercise(
        "q1",
        next_tile_distribution(_kitchen)[Tile.CHEESE],
        [
            (
                Fraction(ALL_CHEESE, ALL_TILES),
                N_(
                    "That is the chance for the very first tile. Eight tiles have left the table "
                    "(three of them cheese): count only the tiles still face down."
                ),
            ),
            (
                Fraction(_cheese_left, ALL_TILES),
                N_(
                    "You removed the cheese already found but still divide by all 38 tiles; "
                    "the eight turned tiles are gone from the bottom of the fraction too."
                ),
            ),
            (
                Fraction(ALL_CHEESE, _hidden),
                N_(
                    "You divide by the tiles still face down (good) but still count all ten cheeses; "
                    "three of them are already found."
                ),
            ),
            (
                Fraction(1, len(DEFAULT_TILE_MIX)),
                N_("The seven kinds of tile are not equally likely: count tiles, not kinds."),
            ),
        ],
        hint=(
            N_("Only the tiles still face down can be the next one, and each is equally likely."),
            N_("P(cheese) = (cheese tiles still face down) / (all tiles still face down)."),
        ),
    )
)

ex.add(
    numeric_exercise(
        "q2",
        pr.expected_draws_until_first(ALL_CHEESE, ALL_TILES),
        [
            (
                Fraction(ALL_TILES, ALL_CHEESE),
                N_(
                    "38/10 is the waiting time if every flipped tile were put back and shuffled in "
                    "(a geometric distribution). Without replacement the non-cheese tiles run out, "
                    "so the wait is shorter."
                ),
            ),
            (
                Fraction(ALL_TILES - ALL_CHEESE, ALL_CHEESE + 1),
                N_(
                    "That is the expected number of non-cheese tiles before the first cheese; "
                    "add the flip that finds the cheese."
                ),
            ),
            (
                Fraction(ALL_TILES, 2),
                N_("Half the tiles is the wait for one particular tile, not for the first of ten cheeses."),
            ),
        ],
        hint=(
            N_(
                "Think of where the cheeses lie among the other tiles in a random order: by symmetry every gap is alike."
            ),
            N_("The 10 cheeses cut the 28 other tiles into 11 gaps of equal expected size."),
        ),
    )
)

ex.add(
    numeric_exercise(
        "q3",
        pr.expected_draws_until_all(ALL_CHEESE, ALL_TILES),
        [
            (
                ALL_TILES,
                N_(
                    "38 would mean the last cheese is always the very last tile (and ten waits of "
                    "38/10 are right only if flipped tiles were put back). Each non-cheese tile comes "
                    "before the last cheese only with probability 10/11."
                ),
            ),
            (
                (ALL_TILES - ALL_CHEESE) * Fraction(ALL_CHEESE, ALL_CHEESE + 1),
                N_(
                    "That counts the non-cheese tiles flipped before the last cheese; add the ten cheese flips themselves."
                ),
            ),
            (
                pr.expected_draws_until_first(ALL_CHEESE, ALL_TILES),
                N_("That is the wait for the first cheese; the mice need all ten."),
            ),
        ],
        hint=(
            N_(
                "The flips until the last cheese are a sum: count, tile by tile, whether it is turned before the last cheese."
            ),
            N_(
                "Linearity of expectation: 10 cheese flips + (28 other tiles) × P(a given other tile "
                "comes before the last cheese)."
            ),
        ),
    )
)

_game, _table = table()
_full_deck = pr.distribution(
    (kind, Fraction(n, _game.deck_size)) for kind, n in zip(KINDS, _game.counts, strict=True) if n
)
_draw = draw_distribution()
_mine = weight(MY_CARD)
_kinds_in_deck = [k for k, n in zip(KINDS, _game.counts, strict=True) if n]
_birds_unseen = {k: p for k, p in _draw.items() if k in BIRD_KINDS}
_bird_total = sum(_birds_unseen.values(), Fraction(0))

ex.add(
    numeric_exercise(
        "q4",
        expected_unseen_weight(),
        [
            (
                pr.expectation(_full_deck, weight),
                N_(
                    "That is the average of the whole deck. The 3 on the discard pile, your 8 and "
                    "their 9 are not among the unseen cards any more: use the unseen counts."
                ),
            ),
            (
                Fraction(sum(weight(k) for k in _kinds_in_deck), len(_kinds_in_deck)),
                N_(
                    "You averaged the kinds of card, as if each weight were equally common. "
                    "Weight each kind by how many unseen cards it has."
                ),
            ),
            (
                sum((weight(k) * p for k, p in _birds_unseen.items()), Fraction(0)) / _bird_total,
                N_("You left out the Capture cards: they are cards too, and each weighs 10."),
            ),
        ],
        hint=(
            N_("The next card is one of the cards you have not seen, each equally likely: average their weights."),
            N_("E[weight] = Σ weight × (unseen cards of that kind) / (all unseen cards)."),
        ),
    )
)

ex.add(
    probability_exercise(
        "q5",
        cancel_probability(),
        [
            (
                _full_deck[MY_CARD],
                N_(
                    "You used the whole deck. Three cards are already face up and cannot be the "
                    "face-down card: use the unseen counts."
                ),
            ),
            (
                Fraction(_game.counts[KINDS.index(MY_CARD)], _unseen_total := sum(_game.observation(_table, 0).unseen)),
                N_(
                    "You divided by the unseen cards but still counted the 8 you can see; it is "
                    "face up, so one fewer 8 is hidden."
                ),
            ),
            (
                _draw[MY_CARD] * _unseen_total / _game.deck_size,
                N_("The top of the fraction is right, but divide by the cards still unseen, not the whole deck."),
            ),
            (
                Fraction(1, len(_kinds_in_deck)),
                N_("The kinds are not equally likely: count the unseen cards of each kind."),
            ),
        ],
        hint=(
            N_("A face-down card is one of the cards you have not seen; which of them would cancel with yours?"),
            N_("P(twin) = (unseen cards with the same weight as yours) / (all unseen cards)."),
        ),
        digits=3,
    )
)


# -- q6: the student writes the blind draw's expected saving; the check runs it ------------------------
def saved_by_drawing(held: int, draw: Mapping[str, Fraction]) -> Fraction:
    """q6's reference: the expected weight saved by drawing blind (keep a lighter card, else discard it at once).

    ``held`` is the weight of the card to get rid of, ``draw`` the drawn card's distribution.
    """
    return sum((p * max(0, held - weight(card)) for card, p in draw.items()), Fraction(0))


#: q6's cases: held weights with the lesson's draw, and with other unseen pools (a fresh deck, three cards).
Q6_HELD: tuple[int, ...] = (8, 3, -2, 10, 6)


def q6_cases() -> list[tuple[int, Mapping[str, Fraction]]]:
    """``(held, draw)`` pairs the student's function is run on."""
    few = {"-2": Fraction(1, 4), "5": Fraction(1, 4), "9": Fraction(1, 2)}
    return [
        *((held, draw_distribution()) for held in Q6_HELD),
        (8, _full_deck),
        (5, _full_deck),
        (4, few),
        (9, few),
    ]


def _mean_weight(draw: Mapping[str, Fraction]) -> Fraction:
    return sum((p * weight(card) for card, p in draw.items()), Fraction(0))


#: Typical wrong functions, each with the message that names it.
Q6_MISTAKES = (
    (
        lambda held, draw: held - _mean_weight(draw),
        N_(
            "Your function assumes you must keep whatever you draw (held − E[weight]). PA-T2 lets you discard a "
            "drawn card at once, so a heavy card costs nothing: average max(0, held − weight)."
        ),
    ),
    (
        lambda held, draw: max(Fraction(0), held - _mean_weight(draw)),
        N_(
            "You took max(0, …) of the average. You decide after seeing the card, so take max(0, held − weight) for "
            "each card first, then average: E[max(0, gain)], not max(0, E[gain])."
        ),
    ),
    (
        lambda held, draw: saved_by_drawing(weight(MY_CARD), draw),
        N_("Your function always uses the 8 of the table above: use the weight held it is given."),
    ),
    (
        lambda held, draw: saved_by_drawing(held, draw_distribution()),
        N_(
            "Your function ignores its draw argument (does it use the notebook's draw?): average over the draw it is given."
        ),
    ),
    (
        lambda held, draw: sum((Fraction(max(0, held - weight(card))) for card in draw), Fraction(0)) / len(draw),
        N_("The cards are not equally likely: weight each card's saving by its probability p."),
    ),
    (
        lambda held, draw: sum((p * max(0, weight(card) - held) for card, p in draw.items()), Fraction(0)),
        N_("The wrong way round: you save held − weight, when the drawn card is lighter than the one you hold."),
    ),
)


def _q6() -> Exercise:
    return outputs_exercise(
        "q6",
        q6_cases(),
        saved_by_drawing,
        Q6_MISTAKES,
        hint=(
            N_("You only swap when it helps: the saving of one drawn card is never negative."),
            N_("Saving = held − weight when the drawn card is lighter, else 0; average it with the probabilities p."),
        ),
        normalize=lambda x: round(float(x), 9) if is_number(x) and not isinstance(x, str) else x,
    )


ex.add(_q6())


def _decision(answer: object) -> str:
    """'draw', 'discard', 'number' (a gain instead of the decision), or 'unclear'."""
    if is_number(answer) and not isinstance(answer, str):
        return "number"
    text = answer.strip().lower() if isinstance(answer, str) else ""
    has_draw, has_discard = "draw" in text, "discard" in text
    if has_draw == has_discard:
        return "unclear"
    return "draw" if has_draw else "discard"


_best = "discard" if take_discard_gain() > draw_blind_gain() else "draw"
_other = "draw" if _best == "discard" else "discard"
ex.add(
    Exercise(
        "q7",
        is_correct=lambda choice: choice == _best,
        misconceptions=[
            Misconception(
                lambda choice: choice == "unclear", N_("Answer with one word in quotes: 'draw' or 'discard'.")
            ),
            Misconception(
                lambda choice: choice == "number",
                N_(
                    "You gave a number — an expected gain? The question asks for the decision: compare the two "
                    "gains, then answer 'draw' or 'discard'."
                ),
            ),
            Misconception(
                lambda choice: choice == _other,
                M_(
                    "Compare the two expected gains: the discard gives a sure "
                    "{discard}, drawing gives {draw:.2f} on average. "
                    "A lighter average card does not beat a sure thing that is better still.",
                    discard=take_discard_gain(),
                    draw=float(draw_blind_gain()),
                ),
            ),
        ],
        prepare=_decision,
        hint=(
            N_("Which choice saves more points on average: the sure card on the discard pile, or a blind draw?"),
            N_("Answer with one word in quotes: 'draw' or 'discard'."),
        ),
    )
)
