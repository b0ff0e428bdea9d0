"""Food Chain's fast paths give exactly the answers of the rules as first written.

The rules keep memos, and a state carries the edge of its table (grown from its
parent's by one card, or worked out from the cards for a state made any other way).
These tests compare them with straightforward reference versions on many states,
visited in a shuffled order, and states with their edge with the same states without.
"""

from __future__ import annotations

import copy
import pickle
import random

import pytest
from random_states import random_states

from boardgames_widgets.core.api import CHANCE, GameError, IllegalActionError, InvalidActionError
from boardgames_widgets.games.food_chain.rules import (
    _NEIGHBOURS,
    CAT,
    CHEESE,
    DOG,
    MOUSE,
    Draw,
    FoodChain,
    FoodChainScore,
    FoodChainState,
    Place,
    score,
)


def reference_legal_cells(game: FoodChain, state: FoodChainState) -> list[tuple[int, int]]:
    """FC-T1 … FC-T3 as first written: every empty neighbour inside the square's window."""
    if not state.table:
        return [(0, 0)]
    occupied = {(p.row, p.col) for p in state.table}
    k = game.side - 1
    rows, cols = [p.row for p in state.table], [p.col for p in state.table]
    rlo, rhi, clo, chi = max(rows) - k, min(rows) + k, max(cols) - k, min(cols) + k
    cells = {
        (r + dr, c + dc) for r, c in occupied for dr, dc in _NEIGHBOURS if rlo <= r + dr <= rhi and clo <= c + dc <= chi
    }
    return sorted(cells - occupied)


def reference_score(state: FoodChainState) -> FoodChainScore:
    """FC-E2 and FC-E3 as first written."""

    def adjacent(cards, kind, around):
        return tuple(
            p
            for p in cards
            if p.card.kind == kind and any((p.row + dr, p.col + dc) in around for dr, dc in _NEIGHBOURS)
        )

    cards = list(state.table)
    fled = adjacent(cards, CAT, {(p.row, p.col) for p in cards if p.card.kind == DOG})
    remaining = [p for p in cards if p not in fled]
    caught = adjacent(remaining, MOUSE, {(p.row, p.col) for p in remaining if p.card.kind == CAT})
    remaining = [p for p in remaining if p not in caught]
    eaten = adjacent(remaining, CHEESE, {(p.row, p.col) for p in remaining if p.card.kind == MOUSE})
    remaining = [p for p in remaining if p not in eaten]
    n = state.num_players
    points = tuple(
        sum(p.card.value for p in remaining if p.card.kind == CHEESE and p.card.owner == i) for i in range(n)
    )
    left = tuple(sum(1 for p in remaining if p.card.kind == CHEESE and p.card.owner == i) for i in range(n))
    best = max(zip(points, left, strict=True))
    winners = tuple(i for i in range(n) if (points[i], left[i]) == best)
    return FoodChainScore(fled, caught, eaten, points, left, winners)


def shuffled_states(game: FoodChain, games: int, seed: int) -> list[FoodChainState]:
    """Every state of ``games`` random games (the final ones too), shuffled."""
    states = random_states(game, games, seed, terminal=True)
    random.Random(seed).shuffle(states)
    return states


def outcome(game: FoodChain, state: FoodChainState, action: object) -> object:
    """The state after ``action``, or the error (class, rule, message) it raises."""
    try:
        return game.apply(state, action)  # type: ignore[arg-type]
    except IllegalActionError as exc:
        return (type(exc), exc.rule, str(exc))
    except GameError as exc:
        return (type(exc), str(exc))


@pytest.mark.parametrize("num_players", [2, 3, 4])
def test_legal_cells_and_actions_match_the_reference_in_any_order(num_players):
    game = FoodChain(num_players)
    for state in shuffled_states(game, 6, seed=num_players):
        assert game.legal_cells(state) == reference_legal_cells(game, state)
        if game.current_player(state) >= 0:
            cells = reference_legal_cells(game, state)
            hand = list(dict.fromkeys(state.hands[state.turn]))
            assert game.legal_actions(state) == [Place(c.kind, c.value, r, col) for c in hand for r, col in cells]


@pytest.mark.parametrize("num_players", [2, 3, 4])
def test_score_matches_the_reference_on_finished_and_unfinished_tables(num_players):
    game = FoodChain(num_players)
    for state in shuffled_states(game, 6, seed=10 + num_players):
        assert score(state) == reference_score(state)


@pytest.mark.parametrize("num_players", [2, 3, 4])
def test_apply_gives_the_same_state_or_error_with_and_without_the_fast_cell_check(num_players):
    """A game that has just listed the legal cells of a state checks a placement there by
    one lookup; a fresh game checks every rule. Legal or not, the answers must agree."""
    game = FoodChain(num_players)
    rng = random.Random(num_players)
    kinds = [(DOG, 0), (CAT, 0), (MOUSE, 0), (CHEESE, 1), (CHEESE, 2), (CHEESE, 3), (CAT, 5), ("fox", 0)]
    checked = 0
    for state in shuffled_states(game, 3, seed=20 + num_players):
        if game.current_player(state) == CHANCE:
            tries = [Draw(p, k) for p in range(num_players) for k in (DOG, CAT, MOUSE, "fox")]
        else:
            span = range(-game.side, game.side + 1)
            tries = [Place(*rng.choice(kinds), rng.choice(span), rng.choice(span)) for _ in range(6)]
            tries += game.legal_actions(state)[:4]
        legal = set(game.legal_actions(state))
        for action in tries:
            fresh = FoodChain(num_players)
            game.legal_cells(state)  # the fast path's memo now holds this state
            got = outcome(game, state, action)
            assert got == outcome(fresh, state, action)
            if isinstance(action, Place) and game.current_player(state) >= 0:
                # strict inputs: an animal has value 0 (cat@… with value 5 is malformed)
                assert isinstance(got, FoodChainState) == (action in legal)
                if action.kind != CHEESE and action.value != 0:
                    assert got[0] is InvalidActionError
            checked += 1
    assert checked > 100


def test_sample_chance_draws_the_open_decks_top_card_and_refuses_a_decision_node():
    game = FoodChain(2, open_deck_seed=3)
    state = game.new_initial_state()
    assert game.sample_chance(state, random.Random(0)) == Draw(0, state.pile_order[0])
    while game.current_player(state) == CHANCE:
        state = game.apply(state, game.sample_chance(state, random.Random(0)))
    with pytest.raises(ValueError):
        game.sample_chance(state, random.Random(0))


def test_a_game_with_full_memos_pickles_and_copies_to_an_equal_game():
    """The memos are left out of a pickle or copy (they fill again on use)."""
    game = FoodChain(3)
    states = shuffled_states(game, 1, seed=7)
    for other in (pickle.loads(pickle.dumps(game)), copy.deepcopy(game)):
        assert other == game
        for state in states:
            if game.current_player(state) >= 0:
                assert other.legal_actions(state) == game.legal_actions(state)


@pytest.mark.parametrize("num_players", [2, 3])
def test_the_edge_grown_card_by_card_allows_the_cells_legal_cells_lists(num_players):
    """The playout and apply share table.Edge (FC-T1 … FC-T3): grown one card at a time from
    the empty table, it allows exactly the reference cells at every step of a game."""
    from boardgames_widgets.games.food_chain.table import GRID_CELLS, Edge, grid_index

    game = FoodChain(num_players)
    for state in random_states(game, 2, seed=30 + num_players, terminal=True):
        edge = Edge.empty(game.side)
        for p in state.table:
            edge = edge.grow(grid_index(p.row, p.col))
        assert [GRID_CELLS[x] for x in edge.cells] == reference_legal_cells(game, state)
        assert edge.legal == sum(1 << x for x in edge.cells)


@pytest.mark.parametrize("num_players", [2, 3, 4])
def test_a_state_without_its_edge_gives_the_same_answers(num_players):
    """The edge a state carries is derived: the same state rebuilt from its fields (as loading,
    unpickling or a determinization make it) lists the same actions and plays the same."""
    game = FoodChain(num_players)
    for state in shuffled_states(game, 3, seed=40 + num_players):
        rebuilt = FoodChainState(*(getattr(state, f) for f in FoodChainState.__dataclass_fields__))
        for other in (rebuilt, pickle.loads(pickle.dumps(state)), copy.deepcopy(state)):
            assert other == state and hash(other) == hash(state) and repr(other) == repr(state)
            assert FoodChain(num_players).legal_actions(other) == game.legal_actions(state)
            assert game.legal_cells(other) == game.legal_cells(state)
            for action in game.legal_actions(state)[:3]:
                assert game.apply(other, action) == game.apply_trusted(state, action)


def test_the_saved_state_holds_the_fields_only():
    from boardgames_widgets.core.codec import encode

    game = FoodChain(2)
    state = random_states(game, 1, seed=3)[-1]
    game.legal_actions(state)  # the edge is worked out and kept
    assert set(encode(state)) == set(FoodChainState.__dataclass_fields__)


def test_a_cell_far_off_the_table_is_refused_not_read_as_a_legal_one():
    """Cells once were numbered (row + 2048) * 4096 + col + 2048, so -2,4096 read as -1,0."""
    game = FoodChain(2)
    state = random_states(game, 1, seed=0)[0]
    while game.current_player(state) == CHANCE:
        state = game.apply(state, game.sample_chance(state, random.Random(0)))
    card = state.hands[state.turn][0]
    assert (-1, 0) in game.legal_cells(state)
    for row, col in ((-2, 4096), (-1, 4096 * 4096), (10**9, 0), (-17, 0), (0, 16)):
        with pytest.raises(IllegalActionError):
            game.apply(state, Place(card.kind, card.value, row, col))


def test_kept_actions_are_still_refused_where_they_do_not_fit():
    """apply skips the field checks of the Place and Draw objects the memos keep; a kept Draw
    naming a seat this game does not have is still malformed here."""
    from boardgames_widgets.games.food_chain.actions import DRAWS

    game = FoodChain(2)
    state = game.new_initial_state()
    with pytest.raises(InvalidActionError):
        game.apply(state, DRAWS[3, CAT])
    with pytest.raises(IllegalActionError):
        game.apply(state, DRAWS[1, CAT])  # a seat, but not the drawer


def test_parsed_actions_are_the_kept_ones_equal_to_a_fresh_reading():
    """``parse_action`` hands out the kept Place and Draw objects (which ``apply`` knows to be
    well formed) when there are some, else new ones: always equal to the plain reading, and
    a text naming a card the game has not (``cheese99``) does not grow the memo."""
    from boardgames_widgets.games.food_chain.actions import PLACEMENTS, WELL_FORMED

    game = FoodChain(4)
    kinds = [CAT, DOG, MOUSE, *(f"cheese{v}" for v in (0, 1, 2, 3, 4, 99))]
    before = len(PLACEMENTS)
    for kind in kinds:
        for row in (-17, -16, -3, 0, 2, 15, 16, 40):
            for col in (-16, -1, 0, 1, 15, 16):
                text = f"{kind}@{row},{col}"
                action = game.parse_action(text)
                value = int(kind[len(CHEESE) :]) if kind.startswith(CHEESE) else 0
                plain = Place(CHEESE if kind.startswith(CHEESE) else kind, value, row, col)
                assert action == plain and type(action) is Place and str(action) == text
                kept = -16 <= row < 16 and -16 <= col < 16 and (kind in (CAT, DOG, MOUSE) or 1 <= value <= 3)
                assert (id(action) in WELL_FORMED) == kept, text
    for player in range(6):
        for kind in (CAT, DOG, MOUSE):
            action = game.parse_action(f"p{player} draws {kind}")
            assert action == Draw(player, kind) and type(action) is Draw
            assert (id(action) in WELL_FORMED) == (player < 4)
    assert len(PLACEMENTS) <= max(before, 3 + 3)  # the game's own cards only


def test_the_initial_state_is_worked_out_once_and_equals_a_fresh_one():
    for n in (2, 3, 4):
        for open_deck_seed in (None, 7):
            game = FoodChain(n, open_deck_seed=open_deck_seed)
            first = game.new_initial_state()
            assert game.new_initial_state() is first
            assert first == game._set_up() == FoodChain(n, open_deck_seed=open_deck_seed)._set_up()
