"""The OpenSpiel adapter: our games as pyspiel games, OpenSpiel's Python bots on them.

Skipped when ``open-spiel`` is not installed (it is the optional ``bench`` extra).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")

from open_spiel.python.algorithms import ismcts as os_ismcts  # noqa: E402
from open_spiel.python.algorithms import mcts as os_mcts  # noqa: E402

from boardgames_widgets import make_game  # noqa: E402
from boardgames_widgets import openspiel as bos  # noqa: E402
from boardgames_widgets.core.registry import game_ids  # noqa: E402


def decision_state(spiel_game: Any, seed: int) -> Any:
    """Play chance outcomes and random moves until a player's decision after a few moves."""
    rng = np.random.RandomState(seed)
    state = spiel_game.new_initial_state()
    moves = 0
    while state.is_chance_node() or moves < 3:
        if state.is_terminal():
            state = spiel_game.new_initial_state()
            continue
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=probs)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
            moves += 1
    return state


def test_a_game_with_an_action_table_is_numbered_by_it() -> None:
    # Food Chain lists every placement (Game.action_table): its player actions are numbered
    # by that table in every wrapper and every process, and OpenSpiel is told how many
    game = make_game("food_chain", num_players=2)
    table = game.action_table()
    assert table is not None and len(table) == 6 * 32 * 32
    loaded, wrapped = bos.load("food_chain", num_players=2), bos.from_game(game)
    assert loaded.num_distinct_actions() == wrapped.num_distinct_actions() == len(table)
    assert bos.from_game(make_game("pig")).num_distinct_actions() == bos.MAX_ACTIONS  # no table
    state = decision_state(loaded, 5)
    twin = bos.wrap_state(wrapped, state.state)  # a wrapper that has numbered nothing yet
    numbers = state.legal_actions()
    assert twin.legal_actions() == numbers == game.legal_action_ids(state.state)
    assert [loaded.codec.decode(n) for n in numbers] == [table[n] for n in numbers] == game.legal_actions(state.state)
    assert [state.action_to_string(0, n) for n in numbers] == [str(table[n]) for n in numbers]
    for n in (numbers[0], numbers[-1]):  # the search path applies the table's action
        child = state.child(n)
        assert child.state == game.apply(state.state, table[n]) and child.history()[-1] == n
    chance = bos.wrap_state(loaded, game.new_initial_state())
    assert all(n >= len(table) for n, _ in chance.chance_outcomes())  # chance outcomes after the table


@pytest.mark.parametrize("game_id", game_ids())
def test_random_games_through_pyspiel(game_id: str) -> None:
    spiel_game = bos.load(game_id, num_players=2)
    assert spiel_game.get_type().short_name == f"bgw_{game_id}"
    assert spiel_game.num_players() == 2
    rng = random.Random(0)
    state = spiel_game.new_initial_state()
    ours = make_game(game_id, num_players=2)
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            assert sum(p for _, p in outcomes) == pytest.approx(1.0)
            state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
        else:
            legal = state.legal_actions()
            texts = [state.action_to_string(state.current_player(), a) for a in legal]
            assert texts == [str(a) for a in ours.legal_actions(state.state)]
            state.apply_action(legal[rng.randrange(len(legal))])
    assert sum(state.returns()) == pytest.approx(1.0)


def test_clones_are_independent_and_share_the_numbering() -> None:
    spiel_game = bos.load("food_chain", num_players=2)
    state = decision_state(spiel_game, 0)
    clone = state.clone()
    before = state.state
    clone.apply_action(clone.legal_actions()[0])
    assert state.state == before and clone.state != before
    assert clone.codec is state.codec


def test_observer_strings_hide_what_the_player_cannot_see() -> None:
    spiel_game = bos.load("food_chain", num_players=2)
    state = decision_state(spiel_game, 1)
    ours = state.game
    assert state.observation_string(0) == repr(ours.observation(state.state, 0))
    assert state.information_state_string(1) == repr(ours.observation(state.state, 1))
    assert state.observation_string(0) != state.observation_string(1)


@pytest.mark.parametrize("game_id", game_ids())
def test_openspiel_python_mctsbot_plays_our_games(game_id: str) -> None:
    spiel_game = bos.load(game_id, num_players=2)
    state = decision_state(spiel_game, 2)
    evaluator = os_mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))
    bot = os_mcts.MCTSBot(spiel_game, 1.4, 8, evaluator, random_state=np.random.RandomState(0))
    assert bot.step(state) in state.legal_actions()


@pytest.mark.parametrize("game_id", ["food_chain", "papageno"])
def test_openspiel_python_ismctsbot_with_our_resampler(game_id: str) -> None:
    spiel_game = bos.load(game_id, num_players=2)
    state = decision_state(spiel_game, 3)
    evaluator = os_mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))
    bot = os_ismcts.ISMCTSBot(
        spiel_game,
        evaluator,
        1.4,
        10,
        random_state=np.random.RandomState(0),
        use_observation_string=True,
        allow_inconsistent_action_sets=True,
    )
    bot.set_resampler(bos.resampler(0))
    assert bot.step(state) in state.legal_actions()


def test_from_game_wraps_any_configuration() -> None:
    spiel_game = bos.from_game(make_game("food_chain", num_players=2, open_deck_seed=4))
    state = spiel_game.new_initial_state()
    assert len(state.chance_outcomes()) == 1  # the open deck: every draw is known


def test_codec_numbers_actions_in_order_of_appearance() -> None:
    codec = bos.ActionCodec()
    assert [codec.encode(a) for a in ("x", "y", "x")] == [0, 1, 0]
    assert codec.decode(1) == "y"
    with pytest.raises(ValueError):
        codec.decode(5)


def _spiel_playout(spiel_game: Any, seed: int) -> tuple[Any, list[str]]:
    """A random game through pyspiel's API; the final state and every action's text."""
    rng = random.Random(seed)
    state = spiel_game.new_initial_state()
    texts = []
    while not state.is_terminal():
        legal = [a for a, _ in state.chance_outcomes()] if state.is_chance_node() else state.legal_actions()
        action = legal[rng.randrange(len(legal))]
        texts.append(state.action_to_string(state.current_player(), action))
        state.apply_action(action)
    return state, texts


@pytest.mark.parametrize("game_id", game_ids())
def test_the_adapter_plays_the_same_game_as_the_core(game_id: str) -> None:
    # the fast paths (numbers remembered per object, apply_trusted) against our checked core
    ours = make_game(game_id, num_players=2)
    spiel_game = bos.from_game(ours)
    for seed in range(3):
        final, texts = _spiel_playout(spiel_game, seed)
        state = ours.new_initial_state()
        for text in texts:
            state = ours.apply(state, ours.parse_action(text))
        assert state == final.state
        assert final.returns() == list(ours.returns(state))
        assert len(final.history()) == len(texts)  # pyspiel's apply_action kept the history


@pytest.mark.parametrize("odds_by", [bos._BY_PAIRS, bos._BY_ITEMS, 0])
@pytest.mark.parametrize("game_id", game_ids())
def test_chance_odds_are_the_exact_fractions(game_id: str, odds_by: int) -> None:
    # each way of remembering lists of outcomes (by their pairs, by what is in them, not at all)
    ours = make_game(game_id, num_players=2)
    spiel_game = bos.from_game(ours)
    spiel_game._odds_by = odds_by
    rng = random.Random(0)
    state, seen = spiel_game.new_initial_state(), 0
    while not state.is_terminal() and seen < 200:
        assert state.chance_outcomes() == [] or state.is_chance_node()  # nothing stale from the step before
        if state.is_chance_node():
            seen += 1
            odds = state.chance_outcomes()
            exact = ours.chance_outcomes(state.state)
            assert [(state.codec.decode(n), p) for n, p in odds] == [(o, float(f)) for o, f in exact]
            assert sum(p for _, p in odds) == pytest.approx(1.0)
            assert state.legal_actions() == [n for n, _ in odds]
            state.apply_action(odds[rng.randrange(len(odds))][0])
        else:
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
    assert seen or not ours.info.has_chance


def test_an_illegal_action_number_is_still_refused() -> None:
    from boardgames_widgets.core.api import GameError

    spiel_game = bos.load("food_chain", num_players=2)
    state = decision_state(spiel_game, 4)
    legal = set(state.legal_actions())
    known_but_illegal = next(n for n in range(len(state.codec.actions)) if n not in legal)
    before = state.state
    with pytest.raises(GameError):
        state.apply_action(known_but_illegal)
    with pytest.raises(ValueError):
        state.apply_action(len(state.codec.actions) + 5)  # no action has that number
    assert state.state is before  # nothing changed
    # a number that is legal but was never offered by this state goes through the checked apply
    fresh = bos.wrap_state(spiel_game, state.state)
    fresh.apply_action(sorted(legal)[0])
    assert fresh.state == state.game.apply(state.state, state.codec.decode(sorted(legal)[0]))


@pytest.mark.parametrize("game_id", game_ids())
def test_python_answers_match_pyspiels_own(game_id: str) -> None:
    # legal_actions / is_chance_node answered in Python, as pyspiel's C++ State would
    spiel_game = bos.load(game_id, num_players=2)
    state = decision_state(spiel_game, 5)
    for _ in range(40):
        if state.is_terminal():
            break
        player = state.current_player()
        assert state.is_chance_node() == pyspiel.State.is_chance_node(state)
        assert state.is_player_node() == pyspiel.State.is_player_node(state)
        assert state.legal_actions() == pyspiel.State.legal_actions(state)
        if player >= 0:
            assert state.legal_actions(player) == pyspiel.State.legal_actions(state, player)
            assert state.legal_actions(1 - player) == [] == pyspiel.State.legal_actions(state, 1 - player)
        state.apply_action(state.legal_actions()[0])
    assert state.legal_actions() == [] or not state.is_terminal()


def _cpp_replay(spiel_game: Any, actions: list[int]) -> Any:
    """The same actions through pyspiel's C++ ``apply_action`` (which keeps its own history)."""
    state = spiel_game.new_initial_state()
    for action in actions:
        pyspiel.State.apply_action(state, action)
    return state


@pytest.mark.parametrize("game_id", game_ids())
def test_the_history_is_pyspiels(game_id: str) -> None:
    # apply_action is answered in Python: the history questions must answer as pyspiel's
    spiel_game = bos.from_game(make_game(game_id, num_players=2))
    final, _ = _spiel_playout(spiel_game, 7)
    replica = _cpp_replay(spiel_game, final.history())
    assert replica.state == final.state
    for state in (final, replica):
        assert state.history() == pyspiel.State.history(replica)
        assert state.history_str() == pyspiel.State.history_str(replica)
        assert state.move_number() == pyspiel.State.move_number(replica) == len(state.history())
        assert not state.is_initial_state()
    assert [(p.player, p.action) for p in final.full_history()] == [
        (p.player, p.action) for p in pyspiel.State.full_history(replica)
    ]
    fresh = spiel_game.new_initial_state()
    assert fresh.is_initial_state() and fresh.history() == [] and fresh.history_str() == ""
    # true at the first decision when only chance has acted before it, false everywhere else; and
    # pyspiel's own answer where it has one (OpenSpiel >= 1.6; 1.5, our floor, has none)
    pyspiels = getattr(pyspiel.State, "is_initial_non_chance_state", None)
    state = spiel_game.new_initial_state()
    answers, deciders = [], []
    rng = random.Random(5)
    while deciders.count(True) < 4:  # through the chance that opens the game, and three decisions
        answers.append(state.is_initial_non_chance_state())
        deciders.append(not state.is_chance_node())
        if pyspiels is not None:
            assert answers[-1] == pyspiels(_cpp_replay(spiel_game, state.history()))
        state.apply_action(rng.choice(state.legal_actions()))
    first_decision = deciders.index(True)
    assert answers == [step == first_decision for step in range(len(answers))]


def test_the_python_and_cpp_paths_mix() -> None:
    # pyspiel.State.apply_action (C++) lands in _apply_action: the same step, the same history
    spiel_game = bos.load("mouse_trap", num_players=2)
    rng = random.Random(3)
    state = spiel_game.new_initial_state()
    applied = []
    while len(applied) < 40:  # Mouse Trap games are longer
        legal = state.legal_actions()
        action = legal[rng.randrange(len(legal))]
        if len(applied) % 3:
            state.apply_action(action)
        else:
            pyspiel.State.apply_action(state, action)
        applied.append(action)
    assert state.history() == applied
    assert state.state == _cpp_replay(spiel_game, applied).state
    pyspiel.State.apply_action_with_legality_check(state, state.legal_actions()[-1])  # C++ checks, then applies
    assert state.history()[:-1] == applied and state.move_number() == 41


def test_clones_and_children_have_their_own_history() -> None:
    spiel_game = bos.load("papageno", num_players=2)
    state = decision_state(spiel_game, 6)
    before, history = state.state, state.history()
    clone = state.clone()
    action = state.legal_actions()[0]
    child = state.child(action)
    assert state.state is before and state.history() == history  # untouched
    assert clone.history() == history and clone.state is before
    clone.apply_action(action)
    assert clone.history() == child.history() == [*history, action]
    assert clone.state == child.state
    cpp_child = pyspiel.State.child(state, action)  # C++ Clone (deep-copies the Python attributes) and apply
    assert cpp_child.history() == child.history() and cpp_child.state == child.state
    assert state.history() == history


def test_legal_actions_are_a_copy_and_numbers_are_integers() -> None:
    spiel_game = bos.load("chop_chop", num_players=2)
    state = decision_state(spiel_game, 8)
    legal = state.legal_actions()
    legal.reverse()
    legal.append(-1)
    assert state.legal_actions() == legal[-2::-1]
    outcomes_state = spiel_game.new_initial_state()
    while not outcomes_state.is_chance_node():
        outcomes_state.apply_action(outcomes_state.legal_actions()[0])
    odds = outcomes_state.chance_outcomes()
    odds.clear()
    assert outcomes_state.chance_outcomes()
    chosen = state.legal_actions()[0]
    copy = state.clone()
    state.apply_action(np.int64(chosen))  # any integer, as pyspiel takes it
    copy.apply_action(chosen)
    assert state.history() == copy.history() and type(state.history()[-1]) is int
    assert state.state == copy.state
    with pytest.raises(TypeError):
        copy.apply_action(float(copy.legal_actions()[0]))


@pytest.mark.parametrize("game_id", game_ids())
def test_numbers_by_identity_agree_with_numbers_by_equality(game_id: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # a tiny identity memory (emptied often) and odds never remembered: the same games
    monkeypatch.setattr(bos, "IDENTITY_CACHE", 8)
    ours = make_game(game_id, num_players=2)
    reference = bos.from_game(ours)
    stressed = bos.from_game(ours)
    stressed._odds_by = 0
    for seed in range(4):
        final, texts = _spiel_playout(stressed, seed)
        replayed, replayed_texts = _spiel_playout(reference, seed)
        assert texts == replayed_texts and final.state == replayed.state
        state = ours.new_initial_state()
        for text in texts:
            action = ours.parse_action(text)  # a new object, equal to the game's own
            assert stressed.numbers([action]) == reference.numbers([action])
            state = ours.apply(state, action)
        assert state == final.state


def test_pyspiels_random_simulation_test_passes() -> None:
    # OpenSpiel's own checks (C++ clones, histories, returns) on a game whose legal actions
    # come out sorted (OpenSpiel asks for that; our numbers follow first appearance)
    pyspiel.random_sim_test(bos.load("pig", num_players=2), num_sims=3, serialize=False, verbose=False)


def test_lists_of_outcomes_that_never_repeat_stop_being_remembered() -> None:
    from fractions import Fraction

    spiel_game = bos.from_game(make_game("pig", num_players=2))
    half = Fraction(1, 2)
    seen = []
    for i in range(2100):
        numbers, odds = spiel_game.chance_offer([(f"heads {i}", half), (f"tails {i}", half)])
        assert [spiel_game.codec.decode(n) for n in numbers] == [f"heads {i}", f"tails {i}"]
        assert odds == list(zip(numbers, [0.5, 0.5], strict=True))
        seen.append(spiel_game._odds_by)
    assert seen[0] == bos._BY_PAIRS and bos._BY_ITEMS in seen and seen[-1] == 0  # pairs, then items, then none
    assert not spiel_game._odds  # nothing kept
    assert [spiel_game.codec.decode(n) for n in spiel_game.numbers(["tails 7", "heads 7"])] == ["tails 7", "heads 7"]


def _by_identity(spiel_game: Any) -> Any:
    """``spiel_game`` made to number its actions by identity (as a game of dataclasses is)."""
    spiel_game._by_value = spiel_game._kit.by_value = False
    return spiel_game


@pytest.mark.parametrize("game_id", ["food_chain", "chop_chop"])
def test_numbering_by_equality_and_by_identity_play_the_same_games(game_id: str) -> None:
    # Food Chain's NamedTuples are looked up by equality (its draws; its placements are
    # numbered by its action table), Chop Chop's dataclasses by identity; forced the other
    # way round, the same numbers, odds and games
    ours = make_game(game_id, num_players=2)
    by_value, by_identity = bos.from_game(ours), _by_identity(bos.from_game(ours))
    _spiel_playout(by_value, 0)
    assert by_value._by_value == (game_id == "food_chain")  # told apart by the types offered
    for seed in range(3):
        a, texts_a = _spiel_playout(by_value, seed)
        b, texts_b = _spiel_playout(by_identity, seed)
        assert texts_a == texts_b and a.state == b.state and a.history() == b.history()
    assert by_value.codec.actions == by_identity.codec.actions  # numbered alike, in the same order


def test_actions_hashing_in_c_are_found_by_equality_without_being_remembered() -> None:
    from boardgames_widgets.games.food_chain.actions import Place

    spiel_game = bos.load("food_chain", num_players=2)
    state = decision_state(spiel_game, 9)
    legal = state.legal_actions()
    kept = len(spiel_game._objects)
    offered = [spiel_game.codec.decode(n) for n in legal]
    copies = [Place(*a) for a in offered]  # new objects, equal to the game's
    assert all(c is not a for c, a in zip(copies, offered, strict=True))
    assert spiel_game.numbers(copies) == legal
    assert len(spiel_game._objects) == kept  # found in the codec by equality: nothing new kept
    assert spiel_game._by_value and bos._hashes_at_c_level(Place)


def test_one_type_hashing_in_python_turns_numbering_by_equality_off() -> None:
    from dataclasses import dataclass

    @dataclass(frozen=True)
    class Move:
        to: int

    assert bos._hashes_at_c_level(str) and bos._hashes_at_c_level(tuple) and bos._hashes_at_c_level(object)
    assert not bos._hashes_at_c_level(Move) and not bos._hashes_at_c_level(list)
    spiel_game = bos.from_game(make_game("pig", num_players=2))
    first = spiel_game.numbers(["a", "b"])
    assert spiel_game._by_value and spiel_game._kit.by_value
    assert spiel_game.numbers([Move(1), "a", Move(2)]) == [2, first[0], 3]
    assert not spiel_game._by_value and not spiel_game._kit.by_value  # for good
    assert spiel_game.numbers([Move(2), "b", Move(1)]) == [3, first[1], 2]  # new objects, by equality


@pytest.mark.parametrize("game_id", ["chop_chop", "papageno", "mouse_trap"])
def test_clones_at_a_chance_node_draw_apart(game_id: str) -> None:
    # the offer (numbers, the game's pairs, the odds) is shared by a clone, never changed in
    # place: each copy draws its own outcome, and the next offer is the new state's
    ours = make_game(game_id, num_players=2)
    spiel_game = bos.from_game(ours)
    state, rng = spiel_game.new_initial_state(), random.Random(1)
    while not state.is_chance_node() or len(state.chance_outcomes()) < 2:
        state.apply_action(rng.choice(state.legal_actions()))
    odds, before = state.chance_outcomes(), state.state
    clone = state.clone()
    (first, _), (second, _) = odds[0], odds[-1]
    clone.apply_action(second)
    state_copy = state.clone()
    state.apply_action(first)
    assert state_copy.state is before and state_copy.chance_outcomes() == odds  # untouched
    for wrapper, number in ((state, first), (clone, second)):
        exact = ours.apply(before, spiel_game.codec.decode(number))
        assert wrapper.state == exact
        expected = (
            [(spiel_game.codec.decode(n), p) for n, p in wrapper.chance_outcomes()]
            if wrapper.is_chance_node()
            else [spiel_game.codec.decode(n) for n in wrapper.legal_actions()]
        )
        assert expected == (
            [(o, float(f)) for o, f in ours.chance_outcomes(exact)]
            if wrapper.is_chance_node()
            else list(ours.legal_actions(exact))
        )


def test_a_list_of_outcomes_with_a_new_probability_object_gets_its_exact_odds() -> None:
    from fractions import Fraction

    from boardgames_widgets.games.pig.rules import Face

    spiel_game = bos.from_game(make_game("pig", num_players=2))
    spiel_game._odds_by = 0  # each list read afresh
    faces = [Face(v) for v in (1, 2)]
    numbers, odds = spiel_game.chance_offer([(faces[0], Fraction(1, 3)), (faces[1], Fraction(2, 3))])
    again, odds_again = spiel_game.chance_offer([(faces[0], Fraction(2, 7)), (faces[1], Fraction(5, 7))])
    assert again == numbers  # the same outcomes (known now), new probability objects
    assert odds == list(zip(numbers, [1 / 3, 2 / 3], strict=True))
    assert odds_again == list(zip(numbers, [2 / 7, 5 / 7], strict=True))


def test_chance_pairs_are_known_by_identity_and_the_memory_stays_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    from fractions import Fraction

    from boardgames_widgets.games.pig.rules import Face

    monkeypatch.setattr(bos, "IDENTITY_CACHE", 30)
    spiel_game = bos.from_game(make_game("pig", num_players=2))
    spiel_game._odds_by = 0  # no memory of whole lists: each list read pair by pair
    kept = [(Face(v), Fraction(1, 6)) for v in range(1, 7)]  # pairs a game keeps in a table
    numbers, odds = spiel_game.chance_offer(kept[:])
    assert [spiel_game._odds_of_pair[id(pair)] for pair in kept] == odds == [(n, 1 / 6) for n in numbers]
    assert spiel_game.chance_offer(kept[2:]) == (numbers[2:], odds[2:])  # another list of the same pairs
    for _ in range(20):  # a game building new pairs each time: the same answers, a bounded memory
        fresh = [(Face(v), Fraction(1, 6)) for v in range(1, 7)]
        assert spiel_game.chance_offer(fresh) == (numbers, odds)
        assert len(spiel_game._pairs) == len(spiel_game._odds_of_pair) <= 30


def test_actions_made_afresh_are_found_by_equality_and_then_known_by_identity(monkeypatch: pytest.MonkeyPatch) -> None:
    from boardgames_widgets.games.papageno.actions import _DECLINE, CaptureSwap
    from boardgames_widgets.games.papageno.rules import Papageno

    class Untabled(Papageno):  # its actions numbered as they appear, not by its action table
        def action_table(self) -> None:
            return None

    monkeypatch.setattr(bos, "IDENTITY_CACHE", 40)
    spiel_game = bos.from_game(Untabled(3))

    def captures() -> list[Any]:  # as Papageno offers them: new objects each time, and a kept one
        return [*(CaptureSwap(m, other, t) for m in (0, 4) for other in (1, 2) for t in (1, 3, 5)), _DECLINE]

    first = spiel_game.numbers(captures())
    assert not spiel_game._by_value and first == list(range(len(first)))  # numbered in order
    for _ in range(5):
        fresh = captures()
        assert spiel_game.numbers(fresh) == first  # the same numbers, by equality
        assert [spiel_game._number_of[id(a)] for a in fresh] == first  # and now by identity
        assert len(spiel_game._objects) <= 40  # the memory is emptied, not grown for ever
    assert spiel_game.numbers([CaptureSwap(1, 2, 3), *captures()]) == [len(first), *first]  # a new one
