"""A greedy agent: score every legal action with a rule of thumb, play the best.

No look-ahead: one documented heuristic per game scores ``(observation, action)``
pairs, from the observation alone (plus the rules, which are public). Ties are
broken at random with the generator the agent is handed, so it stays reproducible.
The heuristic is picked by the game's id, taken from the observation's type (the
module ``boardgames_widgets.games.<id>.rules``), so one ``GreedyAgent()`` can sit
at any game.

The heuristics, in words:

* **Food Chain** — score the table as if the game ended now (FC-E2), with the card
  placed: my points minus the best opponent's. So animals go where they remove the
  opponents' cheese and cheese goes where nothing eats it; a cheese also loses a
  little for each empty neighbouring square where a mouse could land later.
* **Papageno** — estimate my area's total: face-down cards at the average weight
  of the unseen cards, two equal cards in a column cancelled. Swap where the total
  drops most (keep low birds, chase column pairs); take the discard only when it
  beats the average draw; capture the swap that helps me most.
* **Chop Chop** — the cat closes the distance to the nearest mouse it could catch
  (and catches one when it can); a mouse grabs reachable cheese (face-down tiles,
  holes once the cheese is home), and keeps out of the cat's dice range unless it
  is under the table or in a hole.
* **Mouse Trap** — crank whenever an opponent sits on the Cheese Wheel; pay to move
  an opponent only when the die can bring it to the Wheel; take cheese from the
  richest opponent.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from boardgames_widgets.core.api import Game
from boardgames_widgets.core.registry import make_game

#: A heuristic scores one legal action in an observation (higher is better).
Heuristic = Callable[[Game[Any, Any], Any, Any], float]


def game_id_of(observation: Any) -> str:
    """The id of the game an observation comes from, read off its type's module.

    >>> from boardgames_widgets.games.food_chain.rules import FoodChainObservation
    >>> game_id_of(FoodChainObservation.__new__(FoodChainObservation))
    'food_chain'

    Raises:
        TypeError: the observation's type does not belong to a game of this package.
    """
    parts = type(observation).__module__.split(".")
    if len(parts) >= 3 and parts[:2] == ["boardgames_widgets", "games"]:
        return parts[2]
    raise TypeError(f"cannot tell which game a {type(observation).__name__} observation belongs to")


# -- Food Chain ---------------------------------------------------------------------------
#: Food Chain: points lost per empty square next to one of my cheese cards, per point of value.
FOOD_CHAIN_EXPOSURE = 0.1


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
    return result.points[me] - others - FOOD_CHAIN_EXPOSURE * exposure


# -- Papageno -------------------------------------------------------------------------------
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


# -- Chop Chop ------------------------------------------------------------------------------
def _manhattan(a: tuple[int, int], b: tuple[int, int]) -> int:
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


def chop_chop_heuristic(game: Game[Any, Any], obs: Any, action: Any) -> float:
    """Cat: catch, else get close to a catchable mouse. Mice: cheese and holes, out of the cat's reach."""
    from boardgames_widgets.games.chop_chop import rules
    from boardgames_widgets.games.chop_chop.layout import TILES, Tile

    layout, state, cfg = game.layout, obs.state, game.cfg  # type: ignore[attr-defined]
    to = getattr(action, "to", getattr(action, "at", None))
    if isinstance(action, rules.TakeCheese):
        return 10.0
    if to is None:  # Pass, Decline: stay where we are
        return 0.0
    cell = layout.index[to]
    if obs.player == 0:  # the cat
        prey = [layout.coords[m] for m in state.mice if m >= 0 and not layout.is_hole(m) and not layout.table[m]]
        if to in prey:
            return 100.0  # CC-C1: a catch
        return -min((_manhattan(to, p) for p in prey), default=0)
    # a mouse
    value = 0.0
    if layout.is_hole(cell):
        value += 50.0 if state.cheese >= cfg.cheese_to_win else 1.0
    elif state.tiles[cell] == 1:  # a face-down tile: cheese with probability cheese left / tiles left
        value += 3.0 * state.hidden[TILES.index(Tile.CHEESE)] / max(1, sum(state.hidden))
    safe = layout.is_hole(cell) or layout.table[cell]
    if not safe and state.cat >= 0 and _manhattan(layout.coords[state.cat], to) <= max(cfg.cat_die):
        value -= 4.0
    return value


# -- Mouse Trap -----------------------------------------------------------------------------
def mouse_trap_heuristic(game: Game[Any, Any], obs: Any, action: Any) -> float:
    """Crank when someone is on the Wheel; move an opponent if a roll can reach the Wheel; rob the rich."""
    from boardgames_widgets.games.mouse_trap import rules
    from boardgames_widgets.games.mouse_trap.layout import SpaceKind

    state, cfg = obs.state, game.cfg  # type: ignore[attr-defined]
    if isinstance(action, rules.Crank):
        return 10.0
    if isinstance(action, rules.MoveMouse):
        wheel, here = cfg.position_of(SpaceKind.CHEESE_WHEEL), state.positions[action.player]
        distance = wheel - here if here < cfg.loop_start else (wheel - here) % cfg.loop_length
        reachable = 1 <= distance <= cfg.die_faces
        return 2.0 if reachable else -1.0
    if isinstance(action, rules.TakeCheese):
        return float(sum(state.cheese[p] * n for p, n in action.amounts))
    return 0.0  # EndTurn


#: The heuristic of each game, by game id.
HEURISTICS: dict[str, Heuristic] = {
    "food_chain": food_chain_heuristic,
    "papageno": papageno_heuristic,
    "chop_chop": chop_chop_heuristic,
    "mouse_trap": mouse_trap_heuristic,
}


class GreedyAgent:
    """Plays the legal action its game's heuristic scores highest (ties at random).

    Args:
        game: the game (for its rules' parameters); if omitted, a default game of the
            observation's kind with the observation's number of players is assumed.
        heuristics: heuristics by game id (default :data:`HEURISTICS`).
    """

    name = "greedy"

    def __init__(self, game: Game[Any, Any] | None = None, heuristics: dict[str, Heuristic] | None = None) -> None:
        self.game = game
        self.heuristics = HEURISTICS if heuristics is None else heuristics

    def _game_for(self, observation: Any) -> Game[Any, Any]:
        if self.game is None:
            n = getattr(observation, "num_players", None) or getattr(
                getattr(observation, "state", None), "num_players", None
            )
            gid = game_id_of(observation)
            self.game = make_game(gid) if n is None else make_game(gid, num_players=n)
        return self.game

    def act(self, observation: Any, legal_actions: Sequence[Any], rng: random.Random) -> Any:
        """The best-scoring legal action.

        Raises:
            TypeError: no heuristic is known for this game.
        """
        game = self._game_for(observation)
        heuristic = self.heuristics.get(game.info.id)
        if heuristic is None:
            raise TypeError(f"GreedyAgent has no heuristic for {game.info.name}")
        scores = [heuristic(game, observation, a) for a in legal_actions]
        best = max(scores)
        choices = [a for a, s in zip(legal_actions, scores, strict=True) if s == best]
        return choices[rng.randrange(len(choices))]

    def __repr__(self) -> str:
        return "GreedyAgent()"
