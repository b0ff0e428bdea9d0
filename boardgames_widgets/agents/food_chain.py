"""Food Chain: Greedy's rule of thumb, the evaluator, the strong bot's settings, determinization.

What the agents know about this game, in one place (:mod:`boardgames_widgets.agents.knowledge`
collects it by game id): ``HEURISTIC`` (Greedy's rule of thumb), ``EVALUATOR`` (a
position's value for search), ``SEARCH`` (the strong bot's search settings),
``MIN_BUDGET`` (the least search a strong bot's move gets), ``HIDDEN_AT_DECISIONS`` and
``SAMPLE_STATE`` (a full state drawn from an observation).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from boardgames_widgets.agents.rollout import margins, share_by_margin
from boardgames_widgets.agents.strong import EVALUATOR_C, SearchSettings
from boardgames_widgets.core.api import Game

# -- Greedy's rule of thumb -------------------------------------------------------------------
#: Food Chain: points lost per empty square next to one of my cheese cards, per point of value.
HEURISTIC_EXPOSURE = 0.1


def food_chain_heuristic(game: Game[Any, Any], obs: Any, action: Any) -> float:
    """My points minus the best opponent's if the game ended with ``action`` played, less exposure."""
    from boardgames_widgets.games.food_chain.rules import CHEESE, FoodChainState, Placed, score

    me: int = obs.player
    table = (*obs.table, Placed(action.row, action.col, action.card(me)))
    n = obs.num_players
    result = score(FoodChainState(n, table, ((),) * n, (0, 0, 0), (), (), me, obs.placed))
    others = max(p for i, p in enumerate(result.points) if i != me)
    occupied = {(p.row, p.col) for p in table}
    exposure: int = sum(
        p.card.value * sum((p.row + dr, p.col + dc) not in occupied for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)))
        for p in table
        if p.card.kind == CHEESE and p.card.owner == me
    )
    return result.points[me] - others - HEURISTIC_EXPOSURE * exposure


# -- the evaluator ----------------------------------------------------------------------------
#: Food Chain: a lead of this many points counts as about a 3-to-1 favourite.
FOOD_CHAIN_SCALE = 2.0

#: Food Chain: points a cheese card risks per empty square beside it, per point of its value.
EVALUATOR_EXPOSURE = 0.15


def food_chain_evaluator(game: Game[Any, Any], state: Any) -> tuple[float, ...]:
    """Score the table as if the game ended now (FC-E2, FC-E3): each player's lead, squashed.

    The tie-break (more cheese on the table) adds a tenth of a point per card, and
    each cheese loses :data:`EVALUATOR_EXPOSURE` of its value per empty square beside it.

    The search's leaf scorer, so :func:`~boardgames_widgets.games.food_chain.rules.score`'s
    removals are counted on cells here without building its explanation (one card per
    cell: "the cats not fled" are the cats with no dog beside them, and so on); the
    numbers are the same, added in the same order.
    """
    if game.is_terminal(state):
        return game.returns(state)
    from boardgames_widgets.games.food_chain.rules import CAT, CHEESE, DOG, MOUSE

    occupied: set[tuple[int, int]] = set()
    dogs: set[tuple[int, int]] = set()
    cats: list[tuple[int, int]] = []
    mice: list[tuple[int, int]] = []
    cheese: list[tuple[int, int, Any]] = []
    for p in state.table:
        r, c, card = p.row, p.col, p.card
        occupied.add((r, c))
        kind = card.kind
        if kind == CHEESE:
            cheese.append((r, c, card))
        elif kind == MOUSE:
            mice.append((r, c))
        elif kind == CAT:
            cats.append((r, c))
        elif kind == DOG:
            dogs.add((r, c))
    # FC-E2: 1. cats next to a dog flee; 2. mice next to a remaining cat are caught
    stay = {(r, c) for r, c in cats if not ({(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)} & dogs)}
    free = {(r, c) for r, c in mice if not ({(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)} & stay)}
    n = state.num_players
    pts, left = [0] * n, [0] * n
    for r, c, card in cheese:  # 3. cheese next to a remaining mouse is eaten; the rest counts (FC-E3)
        if not ({(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)} & free):
            pts[card.owner] += card.value
            left[card.owner] += 1
    points = [v + 0.1 * k for v, k in zip(pts, left, strict=True)]
    for r, c, card in cheese:  # a cheese beside an empty square may meet a mouse there later
        empty = sum(cell not in occupied for cell in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)))
        points[card.owner] -= EVALUATOR_EXPOSURE * card.value * empty
    return share_by_margin(margins(points), FOOD_CHAIN_SCALE)


# -- determinization --------------------------------------------------------------------------
def food_chain_sample_state(game: Game[Any, Any], observation: Any, rng: random.Random) -> Any:
    """A Food Chain state consistent with one player's observation.

    What is known: the table (placed in turn order, so who placed each card), every
    player's unplaced cheese (each set is 1, 1, 2, 2, 3, 3), the observer's hand and
    every hand's size. What is hidden: which animals the others hold and the pile.
    The unseen animals are dealt at random to the others' hands, the rest is the
    pile. In the open-deck variant nothing is hidden: the animals everyone drew
    follow from the known deck order, and the one consistent state is rebuilt.

    ISMCTS samples from the same observation thousands of times a move, so what
    follows from the observation alone is worked out once (:func:`_sampling_plan`, kept
    for the last observation asked about) and only the deal is drawn each time.

    Raises:
        ValueError: the observation is not at a decision of its player.
    """
    if observation.current_player < 0:
        raise ValueError("a Food Chain state can be sampled only at a player's decision")
    global _last_plan
    last = _last_plan
    if last is not None and last[0] is observation and last[1] is game:
        plan = last[2]
    else:
        plan = _sampling_plan(game, observation)
        _last_plan = (observation, game, plan)
    if not isinstance(plan, _Plan):
        return plan  # open deck: the one consistent state
    from boardgames_widgets.games.food_chain.rules import ANIMALS, FoodChainState

    obs = observation
    pool = list(plan.pool)
    rng.shuffle(pool)
    hands = []
    for who, (k, cheese) in enumerate(zip(plan.deal, plan.cheese, strict=True)):
        if who == obs.player:
            hands.append(obs.hand)
        else:
            cards = cheese + [plan.cards[kind] for kind in pool[:k]]
            hands.append(tuple(sorted(cards)))
        pool = pool[k:]
    pile = tuple(pool.count(kind) for kind in ANIMALS)
    return FoodChainState(
        obs.num_players,
        obs.table,
        tuple(hands),
        (pile[0], pile[1], pile[2]),
        obs.pile_order,
        (),
        obs.current_player,
        obs.placed,
    )


@dataclass(frozen=True)
class _Plan:
    """What a hidden-deck observation fixes for :func:`food_chain_sample_state`: the unseen
    animals to deal (in a fixed order, shuffled per sample), how many each player gets
    (0 for the observer), each player's unplaced cheese cards, and a card per animal kind."""

    pool: tuple[str, ...]
    deal: tuple[int, ...]
    cheese: tuple[list[Any], ...]
    cards: dict[str, Any]


#: The last (observation, game, plan) of :func:`food_chain_sample_state` (one search asks
#: about one observation many times; the observation is kept, so its id is not reused).
_last_plan: tuple[Any, Any, Any] | None = None


def _sampling_plan(game: Game[Any, Any], obs: Any) -> Any:
    """The part of :func:`food_chain_sample_state` that follows from the observation alone:
    a :class:`_Plan`, or in the open-deck variant the one consistent state."""
    from boardgames_widgets.games.food_chain.rules import (
        ANIMALS,
        CHEESE,
        CHEESE_VALUES,
        START,
        Card,
        FoodChainState,
    )

    n = obs.num_players
    placed = [p for p in obs.table if p.card.kind != START]
    first = (obs.current_player - len(placed)) % n  # cards are placed in turn order
    placer = [(first + k) % n for k in range(len(placed))]
    animals_placed: list[list[str]] = [[] for _ in range(n)]
    cheese_left = [list(CHEESE_VALUES) for _ in range(n)]
    for who, p in zip(placer, placed, strict=True):
        if p.card.kind == CHEESE:
            cheese_left[p.card.owner].remove(p.card.value)
        else:
            animals_placed[who].append(p.card.kind)
    cheese = tuple([Card(CHEESE, v, who) for v in cheese_left[who]] for who in range(n))

    if not obs.pile_order:
        unseen = list(game.deck())  # type: ignore[attr-defined]
        for kind in [p.card.kind for p in placed if p.card.kind in ANIMALS] + [
            c.kind for c in obs.hand if c.kind in ANIMALS
        ]:
            unseen[ANIMALS.index(kind)] -= 1
        pool = tuple(kind for kind, count in zip(ANIMALS, unseen, strict=True) for _ in range(count))
        deal = tuple(0 if who == obs.player else obs.hand_sizes[who] - len(cheese_left[who]) for who in range(n))
        return _Plan(pool, deal, cheese, {kind: Card(kind) for kind in ANIMALS})

    # open deck: replay the known order to see who drew what
    order = _open_deck_order(game)
    drawn = order[: len(order) - len(obs.pile_order)]
    held = [[] for _ in range(n)]  # type: list[list[str]]
    for j, kind in enumerate(drawn):
        who = (first + j) % n if j < 2 * n else placer[j - 2 * n]
        held[who].append(kind)
    for who in range(n):
        for kind in animals_placed[who]:
            held[who].remove(kind)
    pile = tuple(obs.pile_order.count(kind) for kind in ANIMALS)
    hands = [
        obs.hand if who == obs.player else tuple(sorted(cheese[who] + [Card(kind) for kind in held[who]]))
        for who in range(n)
    ]
    return FoodChainState(
        n, obs.table, tuple(hands), (pile[0], pile[1], pile[2]), obs.pile_order, (), obs.current_player, obs.placed
    )


def _open_deck_order(game: Any) -> tuple[str, ...]:
    """The pile of Food Chain's open-deck variant from the top down, before any draw."""
    state = game.new_initial_state()
    order: tuple[str, ...] = state.pile_order
    return order


# -- what the agents know ---------------------------------------------------------------------
HEURISTIC = food_chain_heuristic
EVALUATOR = food_chain_evaluator
SAMPLE_STATE = food_chain_sample_state
#: Hands are hidden from the player deciding: the strong bot is ISMCTS.
HIDDEN_AT_DECISIONS = True
#: No playout: each new leaf is scored by the evaluator, and the tree does the looking ahead.
SEARCH = SearchSettings(evaluator=food_chain_evaluator, c=EVALUATOR_C)
#: 83% (77-87) against Greedy at 7,981 iterations a move (``benchmarks/results/search.txt``).
MIN_BUDGET = 8000
