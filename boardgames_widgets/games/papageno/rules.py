"""Papageno — small is beautiful (RULES.md §3, rules PA-S1 … PA-E3).

Each player has six cards in two rows of three, face down at first. On a turn you
draw a card (and look at it secretly) or take the top discard, and swap it for one
of your six cards; the new card lies face up, the old one goes face up onto the
discard pile. Capture and Pan Flute cards act when you swap them in yourself. The
round ends when someone has six cards face up; the lowest total wins the round and
the first to win two rounds wins the game.

How chance and hidden cards are modelled
----------------------------------------
Nobody — not even their owner — knows a face-down card, and nobody knows the
order of the draw pile. So the state does not fix those cards in advance: a card's
identity is drawn by a chance node at the moment it is *seen* (drawn by a player,
turned up in the opening, swapped out face down, passed on by a Pan Flute, revealed
at the end of the round), uniformly from the pool of cards nobody has seen yet
(``unseen``, exact :class:`~fractions.Fraction` probabilities over the remaining
multiset). Every unseen card is equally likely to be in every unseen place, so this
is exactly the same game as dealing everything at the start.

When the draw pile runs out (PA-S3) the discards except the top card become the new
draw pile: a *known* multiset (everyone saw those cards) in an unknown order,
tracked separately (``draw_known``) from the unseen pool.

The only secret in a state is the card a player has just drawn and is holding: it
is hidden from the other players by :meth:`Papageno.observation` (and removed from
the counts they are shown, so they cannot work it out).

Seats and directions: play goes clockwise, which is to the left, so the left
neighbour of player ``p`` is ``(p + 1) % n``. Positions are numbered 0 … 5, row by
row from the owner's top-left, and named ``top-left`` … ``bottom-right``.

Termination (not in the originals): when a round reaches ``max_turns_per_round``
turns (:data:`MAX_TURNS_PER_ROUND`) and nobody has six cards face up, it ends at
once, as if the player who took that last turn had turned up their sixth card: the
others turn their cards up, clockwise from that player's left, then that player's own
face-down cards turn up too, and the round is scored (PA-E1–E3). Without it two
deterministic players can pass a Capture or a Pan Flute back and forth for ever.

Assumptions (named module constants, documented where defined):
:data:`ROUND_END_CHECK`, :data:`NEXT_ROUND_TIE`, :data:`OPENING_ORDER`,
:data:`RESHUFFLE_TIMING`, :data:`MAX_TURNS_PER_ROUND`; the deck's in
:mod:`~boardgames_widgets.games.papageno.cards`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from fractions import Fraction
from typing import Any, ClassVar, TypeVar

from boardgames_widgets.core.api import (
    CHANCE,
    TERMINAL,
    Game,
    GameInfo,
    GameOverError,
    IllegalActionError,
    check_seat,
)
from boardgames_widgets.core.rng import CountedOdds, draw_by_counts

# The actions and the state are in modules of their own (one per reader); the rules name them here.
from boardgames_widgets.games.papageno import explain, hidden, loading, playout, text
from boardgames_widgets.games.papageno.actions import (
    _NEXT,
    _REVEALS,
    ACTIONS,
    Offers,
)
from boardgames_widgets.games.papageno.actions import (
    Action as Action,
)
from boardgames_widgets.games.papageno.actions import (
    CaptureSwap as CaptureSwap,
)
from boardgames_widgets.games.papageno.actions import (
    Decline as Decline,
)
from boardgames_widgets.games.papageno.actions import (
    DiscardDrawn as DiscardDrawn,
)
from boardgames_widgets.games.papageno.actions import (
    Draw as Draw,
)
from boardgames_widgets.games.papageno.actions import (
    NextRound as NextRound,
)
from boardgames_widgets.games.papageno.actions import (
    Reveal as Reveal,
)
from boardgames_widgets.games.papageno.actions import (
    Swap as Swap,
)
from boardgames_widgets.games.papageno.actions import (
    TakeDiscard as TakeDiscard,
)
from boardgames_widgets.games.papageno.actions import (
    TurnUp as TurnUp,
)
from boardgames_widgets.games.papageno.actions import action_ids as _action_ids
from boardgames_widgets.games.papageno.actions import action_table as _action_table
from boardgames_widgets.games.papageno.cards import (
    AREA_SIZE,
    CAPTURE,
    CAPTURE_WEIGHT,
    FLUTE,
    FLUTE_WEIGHT,
    KIND_INDEX,
    MAX_PLAYERS,
    SEED_BIRD_COUNTS,
    SEED_CAPTURES,
    SEED_EGGS,
    SEED_FLUTES,
    DeckConfig,
    check_range,
    counts_of,
    sorted_cards,
)
from boardgames_widgets.games.papageno.scoring import AreaScore, score_area
from boardgames_widgets.games.papageno.state import _CHANCE_PHASES, _Draft, _remove_one, _take
from boardgames_widgets.games.papageno.state import (
    Grid as Grid,
)
from boardgames_widgets.games.papageno.state import (
    PapagenoObservation as PapagenoObservation,
)
from boardgames_widgets.games.papageno.state import (
    PapagenoState as PapagenoState,
)
from boardgames_widgets.games.papageno.state import (
    Phase as Phase,
)

#: **Assumption** (PA-E1): "the round ends as soon as one player has all six cards face up"
#: is checked at the end of the turn: a Capture choice or a Pan Flute chain already under
#: way is completed first (the card's power "works when placed", PA-X1/PA-X2).
ROUND_END_CHECK = "end of turn"
#: **Assumption** (PA-S4): the next round is started by the player who scored the most
#: points; if several tie, by the first of them clockwise from the previous round's starter.
NEXT_ROUND_TIE = "first tied player clockwise from the previous starter"
#: **Assumption** (PA-S2): the opening reveals are taken one player at a time, clockwise from
#: the round's first player (all face-down cards look alike, so the order tells nobody anything).
OPENING_ORDER = "clockwise from the first player"
#: **Assumption** (PA-S3): the draw pile is reshuffled when a player wants to draw and it is
#: empty; the top discard stays as the discard pile.
RESHUFFLE_TIMING = "when a player draws from an empty pile"
#: The default round wins needed to win the game (PA-E3: 2).
ROUNDS_TO_WIN = 2
#: **Termination** (not in the originals): the default ``max_turns_per_round``. After this
#: many turns (the opening reveals of PA-S2 are not turns) a round ends as if the player who
#: took the last one had turned up their sixth card (see the module docstring). Ordinary play
#: never comes near it; turns per round that ended by itself, measured with 2–5 players:
#: random players median 20–30, longest 89 of 23,600 rounds; threshold policies longest 43;
#: Greedy players longest 45 with 2–4 players, and with 5 players 99% under 75 but one of
#: about 4,000 rounds took 585. Without a limit two Greedy players can pass a Capture back and
#: forth for ever (about 1 game in 60 with 2 players, more with more players), and five
#: threshold policies a Pan Flute.
MAX_TURNS_PER_ROUND = 1000


def _set(grid: Grid, pos: int, card: str | None) -> Grid:
    return (*grid[:pos], card, *grid[pos + 1 :])


def _set_grid(grids: tuple[Grid, ...], player: int, pos: int, card: str | None) -> tuple[Grid, ...]:
    return (*grids[:player], _set(grids[player], pos, card), *grids[player + 1 :])


#: The chance outcomes of a card drawn from counts of each kind (kept pairs, exact odds).
_DRAW_ODDS: CountedOdds[Action] = CountedOdds(_REVEALS)


def next_starter(scores: Sequence[int], previous_first: int) -> int:
    """PA-S4: who starts the next round — the player who scored the most points.

    Ties go to the first tied player clockwise from the previous round's starter
    (:data:`NEXT_ROUND_TIE`).

    >>> next_starter((5, 9, 9), previous_first=2)
    2
    >>> next_starter((5, 9, 9), previous_first=0)
    1
    """
    n = len(scores)
    most = max(scores)
    for k in range(n):
        p = (previous_first + k) % n
        if scores[p] == most:
            return p
    raise AssertionError("unreachable")


#: A legal action's entry: the action, or its number in the action table.
_T = TypeVar("_T")


class Papageno(Game[PapagenoState, Action]):
    """Papageno for 2–5 players (RULES.md §3).

    Args:
        num_players: 2 to 5.
        first_player: who starts round 1 (PA-S4, "a chosen player").
        rounds_to_win: round wins that win the game (PA-E3: 2; 1 plays a single round; at most 10).
        bird_counts, captures, flutes, eggs, capture_weight, flute_weight,
            remove_flutes_for_two: the deck, see
            :class:`~boardgames_widgets.games.papageno.cards.DeckConfig`.
        max_turns_per_round: after this many turns a round ends as if the player who took
            the last one had turned up their sixth card: everyone turns their cards up and
            the round is scored (termination guard, not in the originals; default
            :data:`MAX_TURNS_PER_ROUND`, at most 10,000). Every range is in
            :data:`~boardgames_widgets.games.papageno.cards.PARAMETER_RANGES`.

    Raises:
        ValueError: a parameter out of range.

    >>> game = Papageno(3)
    >>> state = game.new_initial_state()
    >>> game.current_player(state) == CHANCE, len(game.chance_outcomes(state))
    (True, 15)
    """

    info: ClassVar[GameInfo] = GameInfo(
        id="papageno",
        name="Papageno",
        min_players=2,
        max_players=MAX_PLAYERS,
        has_chance=True,
        hidden_information=True,
        rules_section="3",
    )
    #: apply refuses, at a chance node, exactly what chance_outcomes does not offer (_is_outcome)
    apply_checks_chance: ClassVar[bool] = True

    def __init__(
        self,
        num_players: int = 2,
        first_player: int = 0,
        rounds_to_win: int = ROUNDS_TO_WIN,
        bird_counts: Sequence[int] = SEED_BIRD_COUNTS,
        captures: int = SEED_CAPTURES,
        flutes: int = SEED_FLUTES,
        eggs: int = SEED_EGGS,
        capture_weight: int = CAPTURE_WEIGHT,
        flute_weight: int = FLUTE_WEIGHT,
        remove_flutes_for_two: bool = True,
        max_turns_per_round: int = MAX_TURNS_PER_ROUND,
    ) -> None:
        super().__init__(num_players)
        if not isinstance(first_player, int) or not 0 <= first_player < num_players:
            raise ValueError(f"first_player must be a seat 0..{num_players - 1}, not {first_player!r}")
        if type(first_player) is not int:
            raise ValueError(f"first_player must be a seat 0..{num_players - 1}, not {first_player!r}")
        check_range("rounds_to_win", rounds_to_win)
        check_range("max_turns_per_round", max_turns_per_round)
        if isinstance(bird_counts, str) or not isinstance(bird_counts, Sequence):
            raise ValueError(f"bird_counts must be a list of 12 numbers, not {bird_counts!r}")
        self.first_player = first_player
        self.rounds_to_win = rounds_to_win
        self.max_turns_per_round = max_turns_per_round
        self.deck = DeckConfig(
            bird_counts=tuple(bird_counts),
            captures=captures,
            flutes=flutes,
            eggs=eggs,
            capture_weight=capture_weight,
            flute_weight=flute_weight,
            remove_flutes_for_two=remove_flutes_for_two,
        )
        self.counts = self.deck.counts(num_players)
        self.deck_size = sum(self.counts)
        self._ids = _action_ids(num_players)  # legal_action_ids' entries (made once per player count)
        if self.deck_size < AREA_SIZE * num_players + 2:
            raise ValueError(
                f"a deck of {self.deck_size} cards is too small for {num_players} players "
                f"(needs {AREA_SIZE * num_players + 2})"
            )

    @classmethod
    def preset(cls, name: str, num_players: int = 2, **config: Any) -> Papageno:
        """A game with a named deck: ``"seed"`` (4 Eggs) or ``"retail"`` (2 Eggs).

        >>> Papageno.preset("retail", 3).deck.eggs
        2

        Raises:
            ValueError: unknown preset.
        """
        deck = DeckConfig.preset(name)
        params: dict[str, Any] = {
            "bird_counts": deck.bird_counts,
            "captures": deck.captures,
            "flutes": deck.flutes,
            "eggs": deck.eggs,
            "capture_weight": deck.capture_weight,
            "flute_weight": deck.flute_weight,
            "remove_flutes_for_two": deck.remove_flutes_for_two,
        }
        params.update(config)
        return cls(num_players, **params)

    def config(self) -> dict[str, Any]:
        d = self.deck
        return {
            "num_players": self.num_players,
            "first_player": self.first_player,
            "rounds_to_win": self.rounds_to_win,
            "max_turns_per_round": self.max_turns_per_round,
            "bird_counts": list(d.bird_counts),
            "captures": d.captures,
            "flutes": d.flutes,
            "eggs": d.eggs,
            "capture_weight": d.capture_weight,
            "flute_weight": d.flute_weight,
            "remove_flutes_for_two": d.remove_flutes_for_two,
        }

    # -- setting up -------------------------------------------------------------------------
    def _fresh_round(self, round_no: int, first: int, wins: tuple[int, ...], scores: tuple[int, ...]) -> PapagenoState:
        """PA-S1/PA-S2: all cards shuffled, six face down per player, the rest as the draw pile."""
        n = self.num_players
        return PapagenoState(
            phase=Phase.DEAL,
            grids=((None,) * AREA_SIZE,) * n,
            discard=(),
            draw_unseen=self.deck_size - AREA_SIZE * n,
            draw_known=(),
            unseen=self.counts,
            actor=first,
            hand=None,
            hand_drawn=False,
            hand_from_known=False,
            pos=-1,
            travelling=None,
            receiver=-1,
            round=round_no,
            first_player=first,
            round_wins=wins,
            last_scores=scores,
            ender=-1,
            turns=0,
        )

    def new_initial_state(self) -> PapagenoState:
        return self._fresh_round(1, self.first_player, (0,) * self.num_players, ())

    # -- who acts -----------------------------------------------------------------------------
    def current_player(self, state: PapagenoState) -> int:
        phase = state.phase
        # fast path: the two phases of an ordinary turn (testing ``in`` a set of phases
        # calls the enum's hash in Python, and playouts ask this at every step)
        if phase is Phase.TURN or phase is Phase.PLACE:
            return state.actor
        if phase in _CHANCE_PHASES:
            return CHANCE
        if phase is Phase.GAME_OVER:
            return TERMINAL
        return state.actor

    def legal_actions(self, state: PapagenoState) -> list[Action]:
        return self._offer(state, ACTIONS)

    def action_table(self) -> tuple[Action, ...]:
        """Every action a player can be offered, in a fixed order (:func:`.actions.action_table`)."""
        return _action_table(self.num_players)

    def legal_action_ids(self, state: PapagenoState) -> list[int]:
        """:meth:`legal_actions` as numbers in :meth:`action_table`: the same walk, over the numbers."""
        return self._offer(state, self._ids)

    def _offer(self, state: PapagenoState, o: Offers[_T]) -> list[_T]:
        """The legal actions' entries in ``o`` (the actions, or their numbers)."""
        phase = state.phase
        if phase is Phase.TURN:  # PA-T1: draw or take the top discard
            out: list[_T] = []
            if state.draw_unseen or state.draw_known or len(state.discard) >= 2:  # PA-S3: reshuffle when empty
                out.append(o.draw)
            if state.discard:
                out.append(o.take)
            return out
        if phase is Phase.PLACE:  # PA-T4: any of the six; PA-T2: only a drawn card may be discarded
            return [*o.swaps, o.discard] if state.hand_drawn else list(o.swaps)
        if phase is Phase.CAPTURE:  # PA-X1: swap two face-up cards, or decline
            return [*self._capture_swaps(state, o.capture_swaps), o.decline]
        if phase is Phase.OPENING:  # PA-S2: each player turns up one card of their own
            turn_ups = o.turn_ups
            return [turn_ups[p] for p, c in enumerate(state.grids[state.actor]) if c is None]
        return []

    def _capture_swaps(self, state: PapagenoState, swaps: tuple[tuple[tuple[_T, ...], ...], ...]) -> list[_T]:
        """PA-X1: every swap of a face-up card of yours (not the Capture just placed) with an
        opponent's, as its entry in ``swaps`` (``swaps[mine][other][theirs]``)."""
        me = state.actor
        mine = [p for p, c in enumerate(state.grids[me]) if c is not None and p != state.pos]
        out: list[_T] = []
        if not mine:
            return out
        n = self.num_players
        for k in range(1, n):
            other = (me + k) % n
            theirs = [p for p, c in enumerate(state.grids[other]) if c is not None]
            out.extend(swaps[m][other][t] for m in mine for t in theirs)
        return out

    def _can_capture(self, grids: tuple[Grid, ...], me: int, pos: int) -> bool:
        """PA-X1: whether :meth:`_capture_swaps` offers any swap (without building them):
        a face-up card of ``me`` other than the Capture at ``pos``, and a face-up card of an opponent."""
        if all(c is None or p == pos for p, c in enumerate(grids[me])):
            return False
        return any(c is not None for other, grid in enumerate(grids) if other != me for c in grid)

    def chance_outcomes(self, state: PapagenoState) -> list[tuple[Action, Fraction]]:
        phase = state.phase
        if phase is Phase.ROUND_OVER:
            return [(_NEXT, Fraction(1))]
        if phase is Phase.DRAW_REVEAL and not state.draw_unseen:
            return _DRAW_ODDS(counts_of(state.draw_known))
        if phase in _CHANCE_PHASES:
            return _DRAW_ODDS(state.unseen)
        return []

    def sample_chance(self, state: PapagenoState, rng: random.Random) -> Action:
        """One chance outcome drawn directly: one card of the pile or pool it comes from.

        The same odds as :meth:`chance_outcomes` (each card of the pool equally likely,
        so a kind with ``c`` of ``total`` cards comes ``c/total`` of the time), without
        building the list of outcomes and its fractions — search does this at every
        chance node of every playout.
        """
        phase = state.phase
        if phase is Phase.ROUND_OVER:
            return _NEXT
        if phase is Phase.DRAW_REVEAL and not state.draw_unseen:  # a card of the reshuffled pile
            known = state.draw_known
            return _REVEALS[KIND_INDEX[known[rng.randrange(len(known))]]]
        if phase in _CHANCE_PHASES:  # a card nobody has seen
            return draw_by_counts(_REVEALS, state.unseen, rng)
        return super().sample_chance(state, rng)

    # -- applying -----------------------------------------------------------------------------
    def apply(self, state: PapagenoState, action: Action) -> PapagenoState:
        phase = state.phase
        if phase is Phase.GAME_OVER:
            raise GameOverError(f"the game is over (round wins {state.round_wins}); no more actions")
        self._check_input(action)
        if phase in _CHANCE_PHASES:
            if not self._is_outcome(state, action):
                raise IllegalActionError(*self._why_not_chance(state, action))
        elif not self._is_legal(state, action):
            raise IllegalActionError(*self._why_not(state, action))
        return self._advance(state, action)

    def apply_trusted(self, state: PapagenoState, action: Action) -> PapagenoState:
        """:meth:`apply` without checking ``action`` again: it comes from ``legal_actions``
        or ``sample_chance`` of ``state`` (search's playouts; see :meth:`Game.apply_trusted`)."""
        return self._advance(state, action)

    def _advance(self, state: PapagenoState, action: Action) -> PapagenoState:
        """The state after ``action``, which is known to be legal here."""
        if type(action) is NextRound:
            return self._next_round(state)
        d = _Draft(state)
        self._step(d, action)
        return d.freeze()

    def _step(self, d: _Draft, action: Action) -> None:
        """Carry out ``action`` (not :class:`NextRound`), legal in the position ``d``
        holds, on ``d`` itself."""
        kind = type(action)
        if kind is Reveal:
            self._reveal(d, action.card)  # type: ignore[union-attr]
        elif kind is Swap:
            self._swap(d, action.pos)  # type: ignore[union-attr]
        elif kind is Draw:
            self._draw(d)
        elif kind is TakeDiscard:
            d.phase = Phase.PLACE
            d.hand = d.discard[-1]
            d.discard = d.discard[:-1]
            d.hand_drawn = False
        elif kind is DiscardDrawn:
            d.discard = (*d.discard, d.hand)  # type: ignore[arg-type]
            self._end_turn(d)
        elif kind is TurnUp:
            d.phase = Phase.OPENING_REVEAL
            d.pos = action.pos  # type: ignore[union-attr]
        elif kind is CaptureSwap:
            assert isinstance(action, CaptureSwap)
            me, other = d.actor, action.other
            a, b = d.grids[me][action.mine], d.grids[other][action.theirs]
            d.grids = _set_grid(_set_grid(d.grids, me, action.mine, b), other, action.theirs, a)
            self._end_turn(d)
        else:  # Decline
            self._end_turn(d)

    def _is_legal(self, state: PapagenoState, action: Action) -> bool:
        """Whether ``action`` is in ``legal_actions(state)``.

        The phases of an ordinary turn, the opening and the Capture answer without building
        the list and comparing ``action`` with each entry (exactly the entries
        :meth:`legal_actions` lists: an action equals an entry only if it is of the same
        class with equal fields; tests/test_papageno_speed_paths.py compares the two);
        the rest use the list itself.
        """
        phase = state.phase
        if phase is Phase.TURN:
            if type(action) is Draw:
                return bool(state.draw_unseen or state.draw_known or len(state.discard) >= 2)
            return type(action) is TakeDiscard and bool(state.discard)
        if phase is Phase.PLACE:
            if type(action) is Swap:
                return 0 <= action.pos < AREA_SIZE
            return type(action) is DiscardDrawn and state.hand_drawn
        if phase is Phase.CAPTURE:  # the entries of _capture_swaps, and Decline
            if type(action) is CaptureSwap:
                return self._is_capture_swap(state, action)
            return type(action) is Decline
        if phase is Phase.OPENING:  # a TurnUp of one of the actor's face-down cards
            return (
                type(action) is TurnUp and 0 <= action.pos < AREA_SIZE and state.grids[state.actor][action.pos] is None
            )
        return action in self.legal_actions(state)

    def _is_capture_swap(self, state: PapagenoState, swap: CaptureSwap) -> bool:
        """Whether ``swap`` is one of :meth:`_capture_swaps` (without building them): a
        face-up card of the actor's other than the Capture just placed, for a face-up card
        of an opponent's. Its fields are ints (``check_input``); their ranges are tested
        here, as the list's entries are all in range."""
        me, other, mine, theirs = state.actor, swap.other, swap.mine, swap.theirs
        return (
            0 <= mine < AREA_SIZE
            and 0 <= theirs < AREA_SIZE
            and other != me
            and 0 <= other < self.num_players
            and mine != state.pos
            and state.grids[me][mine] is not None
            and state.grids[other][theirs] is not None
        )

    def _is_outcome(self, state: PapagenoState, action: Action) -> bool:
        """Whether ``action`` is among ``chance_outcomes(state)`` (without building them)."""
        if state.phase is Phase.ROUND_OVER:
            return isinstance(action, NextRound)
        if not isinstance(action, Reveal) or action.card not in KIND_INDEX:
            return False
        if state.phase is Phase.DRAW_REVEAL and not state.draw_unseen:
            return action.card in state.draw_known
        return state.unseen[KIND_INDEX[action.card]] > 0

    def _draw(self, d: _Draft) -> None:
        """PA-T1 draw; PA-S3 reshuffle the discards (top card stays) if the pile is empty."""
        if not d.draw_unseen and not d.draw_known:
            d.draw_known = sorted_cards(d.discard[:-1])
            d.discard = d.discard[-1:]
        d.phase = Phase.DRAW_REVEAL

    def _reveal(self, d: _Draft, card: str) -> None:
        """The card being seen turns out to be ``card``: carry on where the chance node was."""
        phase = d.phase
        if phase is Phase.DRAW_REVEAL:
            d.phase = Phase.PLACE
            d.hand = card
            d.hand_drawn = True
            if d.draw_unseen:
                d.hand_from_known = False
                d.draw_unseen -= 1
                d.unseen = _take(d.unseen, card)
            else:
                d.hand_from_known = True
                d.draw_known = _remove_one(d.draw_known, card)
            return
        d.unseen = _take(d.unseen, card)
        if phase is Phase.DEAL:  # PA-S3: the top card of the draw pile starts the discard pile
            d.phase = Phase.OPENING
            d.discard = (card,)
            d.draw_unseen -= 1
        elif phase is Phase.OPENING_REVEAL:  # PA-S2
            d.grids = _set_grid(d.grids, d.actor, d.pos, card)
            nxt = (d.actor + 1) % self.num_players
            d.phase = Phase.TURN if nxt == d.first_player else Phase.OPENING
            d.actor = nxt
            d.pos = -1
        elif phase is Phase.SWAP_REVEAL:  # PA-T1: the swapped-out card goes face up
            self._after_swap(d, card)
        elif phase is Phase.FLUTE_REVEAL:  # PA-X2: the replaced card travels on
            self._flute_chain(d, card, (d.receiver + 1) % self.num_players)
        else:
            assert phase is Phase.END_REVEAL
            player, pos = self._next_face_down(d.grids, d.ender)
            d.grids = _set_grid(d.grids, player, pos, card)
            self._reveal_rest(d)

    def _swap(self, d: _Draft, pos: int) -> None:
        """PA-T1/PA-T4: the held card goes face up exactly where the replaced card lay."""
        me = d.actor
        old = d.grids[me][pos]
        d.grids = _set_grid(d.grids, me, pos, d.hand)
        d.hand = None
        d.hand_drawn = False
        d.hand_from_known = False
        d.pos = pos
        if old is None:  # PA-T3: nobody has seen it; it is turned up as it leaves
            d.phase = Phase.SWAP_REVEAL
            return
        self._after_swap(d, old)

    def _after_swap(self, d: _Draft, old: str) -> None:
        """The swapped-in card is placed by the active player's own swap, so it activates (PA-X3)."""
        placed = d.grids[d.actor][d.pos]
        if placed == FLUTE:  # PA-X2
            self._flute_chain(d, old, (d.actor + 1) % self.num_players)
            return
        d.discard = (*d.discard, old)
        if placed == CAPTURE:  # PA-X1 (optional; offered only when some swap is possible)
            d.phase = Phase.CAPTURE
            if self._can_capture(d.grids, d.actor, d.pos):
                return
        self._end_turn(d)

    def _flute_chain(self, d: _Draft, card: str, receiver: int) -> None:
        """PA-X2: ``card`` goes to ``receiver``'s same position; the replaced card travels on left.

        Cards arriving this way never activate (PA-X3). The card coming back round to the
        active player (from their right neighbour) is discarded.
        """
        pos, grids = d.pos, d.grids
        while receiver != d.actor:
            old = grids[receiver][pos]
            grids = _set_grid(grids, receiver, pos, card)
            if old is None:
                d.phase = Phase.FLUTE_REVEAL
                d.grids = grids
                d.travelling = None
                d.receiver = receiver
                return
            card = old
            receiver = (receiver + 1) % self.num_players
        d.grids = grids
        d.discard = (*d.discard, card)
        d.travelling = None
        self._end_turn(d)

    def _end_turn(self, d: _Draft) -> None:
        """Pass the turn left, or end the round: someone has six face-up cards (PA-E1), or
        this was the round's last turn (``max_turns_per_round``, see the module docstring)."""
        d.hand = None
        d.hand_drawn = False
        d.hand_from_known = False
        d.pos = -1
        d.travelling = None
        d.receiver = -1
        d.turns += 1
        if d.turns >= self.max_turns_per_round or any(None not in grid for grid in d.grids):
            d.ender = d.actor
            self._reveal_rest(d)
            return
        d.phase = Phase.TURN
        d.actor = (d.actor + 1) % self.num_players

    def _next_face_down(self, grids: tuple[Grid, ...], ender: int) -> tuple[int, int]:
        """PA-E1: the next card the others turn up, clockwise from the player who ended the round."""
        n = self.num_players
        for k in range(1, n + 1):
            p = (ender + k) % n
            for pos, c in enumerate(grids[p]):
                if c is None:
                    return p, pos
        raise AssertionError("no face-down card left")

    def _reveal_rest(self, d: _Draft) -> None:
        """PA-E1: the others turn their cards up one by one (chance), then the round is scored."""
        if any(None in grid for grid in d.grids):
            d.phase = Phase.END_REVEAL
            return
        self._score(d)

    def _score(self, d: _Draft) -> None:
        """PA-E2/PA-E3: score every area; the lowest totals each win the round."""
        totals = tuple(score_area(grid, self.deck).total for grid in d.grids)  # type: ignore[arg-type]
        low = min(totals)
        wins = tuple(w + (t == low) for w, t in zip(d.round_wins, totals, strict=True))
        over = max(wins) >= self.rounds_to_win
        d.phase = Phase.GAME_OVER if over else Phase.ROUND_OVER
        d.round_wins = wins
        d.last_scores = totals

    def _next_round(self, state: PapagenoState) -> PapagenoState:
        first = next_starter(state.last_scores, state.first_player)
        return self._fresh_round(state.round + 1, first, state.round_wins, state.last_scores)

    # -- results ------------------------------------------------------------------------------
    def scores(self, state: PapagenoState) -> tuple[AreaScore, ...]:
        """Each player's explained score (PA-E2); needs every card face up.

        Raises:
            ValueError: some card is still face down.
        """
        return tuple(score_area(grid, self.deck) for grid in state.grids)  # type: ignore[arg-type]

    def round_winners(self, state: PapagenoState) -> tuple[int, ...]:
        """The players with the lowest total in the last finished round (PA-E3; ties share)."""
        if not state.last_scores:
            return ()
        low = min(state.last_scores)
        return tuple(p for p, t in enumerate(state.last_scores) if t == low)

    def returns(self, state: PapagenoState) -> tuple[float, ...]:
        n = self.num_players
        if state.phase is not Phase.GAME_OVER:
            return (0.0,) * n
        best = max(state.round_wins)
        winners = [p for p in range(n) if state.round_wins[p] == best]
        return tuple(1.0 / len(winners) if p in winners else 0.0 for p in range(n))

    # -- hidden information -------------------------------------------------------------------
    def hand_visible_to(self, state: PapagenoState, player: int) -> bool:
        """Whether ``player`` may see the held card: always, unless another player drew it (PA-T1)."""
        return not state.hand_drawn or player == state.actor

    def observation(self, state: PapagenoState, player: int) -> PapagenoObservation:
        """What ``player`` knows: all face-up cards, the discards, pile sizes; their own drawn card.

        Raises:
            ValueError: ``player`` is not a seat.
        """
        check_seat(player, self.num_players)
        hand, unseen, known = state.hand, state.unseen, state.draw_known
        hidden = state.hand is not None and not self.hand_visible_to(state, player)
        if hidden:
            assert state.hand is not None
            if state.hand_from_known:
                known = sorted_cards((*known, state.hand))
            else:
                i = KIND_INDEX[state.hand]
                unseen = (*unseen[:i], unseen[i] + 1, *unseen[i + 1 :])
            hand = None
        return PapagenoObservation(
            player=player,
            phase=state.phase,
            grids=state.grids,
            discard=state.discard,
            draw_pile_size=state.draw_unseen + len(state.draw_known),
            draw_known=known,
            unseen=unseen,
            actor=state.actor,
            hand=hand,
            hand_hidden=hidden,
            hand_drawn=state.hand_drawn,
            hand_from_known=state.hand_from_known,
            pos=state.pos,
            travelling=state.travelling,
            receiver=state.receiver,
            round=state.round,
            first_player=state.first_player,
            round_wins=state.round_wins,
            last_scores=state.last_scores,
            ender=state.ender,
            turns=state.turns,
        )

    def state_svg(
        self,
        state: PapagenoState,
        seat: int | None = None,
        deal_rng: random.Random | None = None,
        *,
        bare: bool = False,
    ) -> str:
        """An SVG picture from ``seat``, or the teacher view (``seat=None``), drawn by the view.

        With ``deal_rng`` the teacher view also shows a :meth:`possible_deal` of the
        face-down cards (veiled, marked "?"): what nobody knows yet, made visible.
        ``bare`` draws the state alone, without this game's status line and score marks
        (a state's ``_repr_svg_``: a state does not know its game's deck).

        Raises:
            ValueError: ``deal_rng`` given for a player's view.
        """
        from boardgames_widgets.core.painter import board_view

        deal = None if deal_rng is None else self.possible_deal(state, deal_rng)
        view: Any = board_view(self)
        return str(view.state_svg(state, seat, deal=deal, bare=bare))

    # -- in modules of their own, one per reader: why an action is refused (explain), the action
    # texts and the one-line description (text), and checking a loaded state (loading) ---------
    random_playout = playout.random_playout
    possible_deal = hidden.possible_deal
    sample_state = hidden.sample_state
    hidden_variants = hidden.hidden_variants
    _check_input = explain.check_input
    _why_not_chance = explain.why_not_chance
    _why_not = explain.why_not
    parse_action = text.parse_action
    describe = text.describe
    validate_state = loading.validate_state
