"""Papageno: Greedy's rule of thumb, the round-win evaluator, the strong bot, threshold policies.

What the agents know about this game, in one place (:mod:`boardgames_widgets.agents.knowledge`
collects it by game id): ``HEURISTIC`` (Greedy's rule of thumb), ``EVALUATOR`` (a
position's value for search), ``SEARCH`` (the strong bot's search settings),
``MIN_BUDGET`` (the least search a strong bot's move gets), ``ROLLOUT`` (the playout of the strong bot, the rollout algorithm).

Threshold policies
------------------
Rules of thumb for Papageno: threshold policies ("keep any bird of weight ≤ k").

A *threshold policy* is the simplest strategy a person might write on a card:

* **Keep** a card whose weight is at most ``k``; let a heavier card go (discard a
  drawn card at once, PA-T2; never take a heavy card from the discard pile).
* **Where to put a kept card:** over my heaviest face-up card if that one is heavier
  than ``k`` (a sure gain), otherwise over a face-down card (its expected weight is
  about the average unseen card), otherwise over a face-up card heavier than the new
  one. If none of these exists the card is not kept after all.
* **Turn:** take the top discard when the policy would keep it, else draw.
* The opening turns up the top-left card; a Capture's swap is declined (PA-X1 is
  optional).
* **Hurry up** (:data:`HURRY_AFTER_RESHUFFLE`): once the draw pile has run out and been
  reshuffled (PA-S3), every drawn card goes over a face-down card, so the round ends.
  Without it two careful players could discard until the round's turn limit
  (``max_turns_per_round``, a termination rule of ours: the originals have none).

With ``pairs=True`` the policy also knows the **column-pair rule** (PA-E2: two equal
weights in a column cancel): a card of positive weight that matches a face-up card
of mine whose column partner does not match yet goes into that partner's place —
even a heavy one, since the pair then counts 0 — and cards of a cancelled pair are
never replaced. Pairs of negative weights are left alone: cancelling a −2 pair
*loses* 4 points.

The policy looks only at its observation (DESIGN.md: agents never see the state).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from boardgames_widgets.agents.rollout import HeuristicPolicy, Rollout, logistic
from boardgames_widgets.agents.strong import EVALUATOR_C, SearchSettings
from boardgames_widgets.core.api import Game
from boardgames_widgets.games.papageno.cards import (
    CAPTURE,
    CAPTURE_WEIGHT,
    COLUMNS,
    EGG,
    FLUTE,
    FLUTE_WEIGHT,
)
from boardgames_widgets.games.papageno.rules import (
    Decline,
    DiscardDrawn,
    Draw,
    Papageno,
    PapagenoObservation,
    Phase,
    Swap,
    TakeDiscard,
    TurnUp,
)


# -- Greedy's rule of thumb -------------------------------------------------------------------
def _papageno_area(grid: Sequence[str | None], deck: Any, unknown: float) -> float:
    """An estimate of an area's total: face-down cards at ``unknown``, equal columns cancelled."""
    from boardgames_widgets.games.papageno.cards import COLUMNS, EGG, column_of

    def printed(card: str | None) -> float:
        if card is None or card == EGG:
            return unknown
        weight: int = deck.weight(card)
        return float(weight)

    weights = []
    for pos, card in enumerate(grid):
        if card == EGG:  # an Egg takes a neighbour's weight in its row, the lower one if it may choose
            row_start = pos - column_of(pos)
            sides = [row_start + c for c in (column_of(pos) - 1, column_of(pos) + 1) if 0 <= c < COLUMNS]
            weights.append(min(printed(grid[s]) for s in sides))
        else:
            weights.append(printed(card))
    total = 0.0
    for col in range(COLUMNS):
        top, bottom = col, col + COLUMNS
        known = grid[top] is not None and grid[bottom] is not None
        if not (known and weights[top] == weights[bottom]):  # PA-E2: equal weights cancel
            total += weights[top] + weights[bottom]
    return total


def _papageno_unknown(game: Any, obs: Any) -> float:
    """The average printed weight of the cards this player has not seen (Eggs left out)."""
    from boardgames_widgets.games.papageno.cards import EGG, KINDS

    pairs = [(game.deck.weight(k), c) for k, c in zip(KINDS, obs.unseen, strict=True) if c and k != EGG]
    count = sum(c for _, c in pairs)
    return sum(w * c for w, c in pairs) / count if count else 0.0


def papageno_heuristic(game: Game[Any, Any], obs: Any, action: Any) -> float:
    """Minus my estimated total after ``action``; a Capture also counts what the opponent gains."""
    from boardgames_widgets.games.papageno import rules

    me, deck = obs.player, game.deck  # type: ignore[attr-defined]
    unknown = _papageno_unknown(game, obs)
    grid = obs.grids[me]
    now = _papageno_area(grid, deck, unknown)

    def best_with(card: str | None) -> float:
        return min(_papageno_area((*grid[:p], card, *grid[p + 1 :]), deck, unknown) for p in range(len(grid)))

    if isinstance(action, rules.Swap):
        return -_papageno_area((*grid[: action.pos], obs.hand, *grid[action.pos + 1 :]), deck, unknown)
    if isinstance(action, rules.DiscardDrawn):
        return -now
    if isinstance(action, rules.TakeDiscard):
        return -best_with(obs.discard[-1])
    if isinstance(action, rules.Draw):  # expect an average card, then swap it in or let it go
        return -min(now, best_with(None))
    if isinstance(action, rules.CaptureSwap):
        theirs = obs.grids[action.other]
        mine_card, their_card = grid[action.mine], theirs[action.theirs]
        new_mine = (*grid[: action.mine], their_card, *grid[action.mine + 1 :])
        new_theirs = (*theirs[: action.theirs], mine_card, *theirs[action.theirs + 1 :])
        gain = now - _papageno_area(new_mine, deck, unknown)
        harm = _papageno_area(new_theirs, deck, unknown) - _papageno_area(theirs, deck, unknown)
        return -now + gain + harm / 2
    return -now  # TurnUp, Decline: nothing to choose between


# -- the evaluator: a round-win model ---------------------------------------------------------
#: Papageno's round-win model (:func:`papageno_round_chances`), fitted by maximum likelihood on
#: 20,000 Greedy-vs-Greedy games (``benchmarks/papageno_round_model.py``): the weight points
#: of lead that count as one unit of logistic odds with every card face up ...
PAPAGENO_SCALE = 1.53
#: ... and how much that grows per face-down card left in the two areas (a lead is less sure
#: while cards are still hidden).
PAPAGENO_SCALE_PER_DOWN = 0.93
#: Log-odds per face-down card fewer than the opponent: fewer cards to turn up, so the round
#: can be ended sooner (PA-E1).
PAPAGENO_DOWN_WEIGHT = 0.34
#: Log-odds for being the player to move (a turn ahead), against -this for waiting.
PAPAGENO_TEMPO = 0.32


def papageno_round_chances(game: Game[Any, Any], state: Any) -> tuple[float, ...]:
    """Each player's estimated chance of winning the current round of ``state``.

    Every area's total is estimated as the Greedy heuristic does (face-down cards at
    the average unseen weight, equal columns cancelled). Player ``i``'s log-odds
    against the leading other player ``j`` are::

        lead / (PAPAGENO_SCALE + PAPAGENO_SCALE_PER_DOWN * (down_i + down_j))
        + PAPAGENO_DOWN_WEIGHT * (down_j - down_i) + PAPAGENO_TEMPO * (+1 to move, -1 not)

    where ``lead`` is ``j``'s estimated total minus ``i``'s and ``down`` counts
    face-down cards; the chances are then normalized to sum to 1. With two
    players this is the logistic model fitted on Greedy self-play: a 2-point lead
    with everything face up is worth about 79%, with four cards face down on each
    side only about 56%; a player who is to move with one face-down card against
    two wins an even-looking round about 66% of the time.
    """

    deck = game.deck  # type: ignore[attr-defined]
    unknown = _papageno_unknown(game, state)  # the unseen counts are public: a state has them too
    totals = [_papageno_area(grid, deck, unknown) for grid in state.grids]
    down = [sum(card is None for card in grid) for grid in state.grids]
    raw = []
    for i, total in enumerate(totals):
        j = min((k for k in range(len(totals)) if k != i), key=totals.__getitem__)
        scale = PAPAGENO_SCALE + PAPAGENO_SCALE_PER_DOWN * (down[i] + down[j])
        tempo = PAPAGENO_TEMPO if state.actor == i else -PAPAGENO_TEMPO
        raw.append(logistic((totals[j] - total) / scale + PAPAGENO_DOWN_WEIGHT * (down[j] - down[i]) + tempo))
    norm = sum(raw)
    return tuple(r / norm for r in raw)


def papageno_evaluator(game: Game[Any, Any], state: Any) -> tuple[float, ...]:
    """Rounds won so far plus this round's estimated chances, as a chance of winning the game.

    This round's chances come from :func:`papageno_round_chances`; later rounds count
    as even (each player 1/n).
    """
    if game.is_terminal(state):
        return game.returns(state)
    from boardgames_widgets.games.papageno.rules import Phase

    need = game.rounds_to_win  # type: ignore[attr-defined]
    if state.phase is Phase.ROUND_OVER:  # the round is scored: its win is in round_wins already
        return _even_match_chances(tuple(state.round_wins), need)
    return _match_chances(state.round_wins, papageno_round_chances(game, state), need)


def papageno_round_over(game: Game[Any, Any], state: Any) -> bool:
    """Whether the Papageno round of ``state`` has been scored (PA-E3) and the next is not dealt
    yet: where :data:`~boardgames_widgets.agents.strong.STRONG_ROLLOUT`'s playouts stop."""
    from boardgames_widgets.games.papageno.rules import Phase

    return state.phase is Phase.ROUND_OVER


def _match_chances(wins: Sequence[int], round_chance: Sequence[float], need: int) -> tuple[float, ...]:
    """Each player's chance to be first to ``need`` round wins when this round goes to
    each player with ``round_chance`` and every later round is even (ties ignored)."""
    total = [0.0] * len(wins)
    for p, odds in enumerate(round_chance):
        after = _even_match_chances(tuple(w + (q == p) for q, w in enumerate(wins)), need)
        for q in range(len(wins)):
            total[q] += odds * after[q]
    return tuple(total)


@lru_cache(maxsize=1024)
def _even_match_chances(wins: tuple[int, ...], need: int) -> tuple[float, ...]:
    """Each player's chance to be first to ``need`` round wins if every round is even."""
    n = len(wins)
    best = max(wins)
    if best >= need:
        winners = [p for p in range(n) if wins[p] == best]
        return tuple(1.0 / len(winners) if p in winners else 0.0 for p in range(n))
    total = [0.0] * n
    for p in range(n):
        after = _even_match_chances(tuple(w + (q == p) for q, w in enumerate(wins)), need)
        for q in range(n):
            total[q] += after[q] / n
    return tuple(total)


# -- threshold policies -----------------------------------------------------------------------
#: How a threshold policy values a card it cannot weigh: an Egg (it takes a neighbour's
#: weight at the end, PA-X4) or a face-down card. About the average card of the deck.
AVERAGE_GUESS = 4


#: Once the draw pile has been reshuffled (PA-S3), swap every drawn card over a face-down
#: card so the round comes to an end (a game between two picky policies could otherwise
#: go on until the round's turn limit).
HURRY_AFTER_RESHUFFLE = True


def card_weight(card: str, game: Papageno | None = None) -> int:
    """The weight a policy uses for ``card``: its printed weight, :data:`AVERAGE_GUESS` for an Egg.

    >>> card_weight("-2"), card_weight("Capture")
    (-2, 10)
    """
    if game is not None:
        w = game.deck.weight(card)
        return AVERAGE_GUESS if w is None else w
    if card == CAPTURE:
        return CAPTURE_WEIGHT
    if card == FLUTE:
        return FLUTE_WEIGHT
    if card == EGG:
        return AVERAGE_GUESS
    return int(card)


def partner(pos: int) -> int:
    """The other position of ``pos``'s column (top ↔ bottom).

    >>> partner(0), partner(4)
    (3, 1)
    """
    return pos + COLUMNS if pos < COLUMNS else pos - COLUMNS


def cancelled(grid: Sequence[str | None], pos: int, game: Papageno | None = None) -> bool:
    """Whether the face-up card at ``pos`` cancels with its face-up column partner (PA-E2)."""
    a, b = grid[pos], grid[partner(pos)]
    return a is not None and b is not None and card_weight(a, game) == card_weight(b, game)


def pair_position(grid: Sequence[str | None], card: str, game: Papageno | None = None) -> int | None:
    """Where ``card`` would complete a cancelling column pair worth having, or ``None``.

    The place is the column partner of a face-up card of the same weight, provided
    that partner does not already match it; only cards of positive weight are worth
    pairing (a pair counts 0, PA-E2). The first such place from the top-left wins.

    >>> pair_position(("7", None, "3", None, None, None), "7")
    3
    >>> pair_position(("-2", None, None, None, None, None), "-2") is None
    True
    """
    w = card_weight(card, game)
    if w <= 0:
        return None
    for pos in range(len(grid)):
        mate = grid[partner(pos)]
        if mate is not None and card_weight(mate, game) == w and not cancelled(grid, pos, game):
            return pos
    return None


def placement(
    grid: Sequence[str | None], card: str, k: int, *, pairs: bool = False, game: Papageno | None = None
) -> int | None:
    """Where a threshold policy puts ``card`` in ``grid``, or ``None`` to let it go.

    See the module docstring for the rule, in words.
    """
    if pairs:
        pos = pair_position(grid, card, game)
        if pos is not None:
            return pos
    w = card_weight(card, game)
    if w > k:
        return None
    face_up = [p for p, c in enumerate(grid) if c is not None and not (pairs and cancelled(grid, p, game))]
    heaviest = max(face_up, key=lambda p: card_weight(grid[p], game), default=None)  # type: ignore[arg-type]
    if heaviest is not None and card_weight(grid[heaviest], game) > max(k, w):  # type: ignore[arg-type]
        return heaviest
    face_down = [p for p, c in enumerate(grid) if c is None]
    if face_down:
        return face_down[0]
    if heaviest is not None and card_weight(grid[heaviest], game) > w:  # type: ignore[arg-type]
        return heaviest
    return None


class ThresholdPolicy:
    """Papageno's rule of thumb "keep any bird of weight ≤ k" (with the column-pair rule if ``pairs``).

    Args:
        k: the largest weight kept.
        pairs: also complete cancelling column pairs (PA-E2).
        game: the game, for its card weights (default: the printed weights).
        name: the name shown in tables (default ``keep≤k`` or ``keep≤k+pairs``).
    """

    def __init__(self, k: int, pairs: bool = False, game: Papageno | None = None, name: str | None = None) -> None:
        self.k = k
        self.pairs = pairs
        self.game = game
        self.name = name or f"keep≤{k}" + ("+pairs" if pairs else "")

    def target(self, grid: Sequence[str | None], card: str) -> int | None:
        """Where the policy would put ``card`` (``None``: let it go)."""
        return placement(grid, card, self.k, pairs=self.pairs, game=self.game)

    def act(self, observation: Any, legal_actions: Sequence[Any], rng: random.Random) -> Any:
        """The policy's action (see the module docstring).

        Raises:
            TypeError: the observation is not a Papageno observation.
        """
        obs = observation
        if not isinstance(obs, PapagenoObservation):
            raise TypeError("ThresholdPolicy plays Papageno only")
        grid = obs.grids[obs.player]
        phase = obs.phase
        hurry = HURRY_AFTER_RESHUFFLE and (bool(obs.draw_known) or obs.draw_pile_size == 0)
        face_down = [p for p, c in enumerate(grid) if c is None]
        if hurry and face_down:
            if phase is Phase.TURN and Draw() in legal_actions:
                return Draw()
            if phase is Phase.PLACE:
                return Swap(face_down[0])
        if phase is Phase.TURN:
            take = TakeDiscard()
            if take in legal_actions and self.target(grid, obs.discard[-1]) is not None:
                return take
            return Draw() if Draw() in legal_actions else take
        if phase is Phase.PLACE:
            assert obs.hand is not None
            pos = self.target(grid, obs.hand)
            if pos is not None:
                return Swap(pos)
            if DiscardDrawn() in legal_actions:
                return DiscardDrawn()
            # a card taken from the discard must be placed: over the heaviest card (face-down: about average)
            return Swap(max(range(len(grid)), key=lambda p: self._value(grid[p])))
        if phase is Phase.CAPTURE:
            return Decline() if Decline() in legal_actions else legal_actions[0]
        if phase is Phase.OPENING:
            return TurnUp(0) if TurnUp(0) in legal_actions else legal_actions[0]
        return legal_actions[0]

    def _value(self, card: str | None) -> int:
        return AVERAGE_GUESS if card is None else card_weight(card, self.game)

    def __repr__(self) -> str:
        return f"ThresholdPolicy(k={self.k}, pairs={self.pairs})"


# -- what the agents know ---------------------------------------------------------------------
HEURISTIC = papageno_heuristic
EVALUATOR = papageno_evaluator

#: Moves of the Greedy playout before the evaluator scores the position, in the best MCTS
#: found (a turn is two moves, draw or take and then where the card goes: this is the mover's
#: turn and the next player's). 4 beat Greedy in 61-62% of 200 games, leaf evaluation alone in
#: 54-56% (1,000 iterations a move each).
PAPAGENO_PLAYOUT_MOVES = 4
#: The best MCTS settings found (62% against Greedy); the strong bot is the rollout algorithm.
SEARCH = SearchSettings(
    rollout=Rollout(HeuristicPolicy(epsilon=0.0), PAPAGENO_PLAYOUT_MOVES, papageno_evaluator), c=EVALUATOR_C
)

#: A playout stops at the end of the round or after this many moves, whichever comes first (a
#: round between Greedy players takes about 30-100 moves; the cap only cuts short two Greedy
#: players passing a Capture card back and forth).
PAPAGENO_PLAYOUT_CAP = 400
#: The strong bot is the rollout algorithm: every legal move played out to the end of the round
#: by Greedy for both players, scored by the round-win model.
ROLLOUT = Rollout(HeuristicPolicy(epsilon=0.0), PAPAGENO_PLAYOUT_CAP, papageno_evaluator, until=papageno_round_over)
#: 80% (74-85) against Greedy at 50 samples a move (``benchmarks/results/search.txt``).
MIN_BUDGET = 50
