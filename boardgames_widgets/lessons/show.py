"""Showing the package's own code in a lesson.

A lesson that explains an algorithm shows the package's real implementation
(``show_source(enumerate_paths)``, ``show_source(MCTSAgent)``), never a copy that
could drift from it.
"""

from __future__ import annotations

from typing import Any


def source(obj: Any, *, docstring: bool = False) -> str:
    """The source code of a function or class, by default without its docstring.

    Raises:
        TypeError: ``obj`` has no source (a built-in).
    """
    import ast
    import inspect
    import textwrap

    text = textwrap.dedent(inspect.getsource(obj))
    if docstring:
        return text
    tree = ast.parse(text)
    node = tree.body[0]
    body = getattr(node, "body", [])
    if body and isinstance(body[0], ast.Expr) and isinstance(getattr(body[0], "value", None), ast.Constant):
        lines = text.splitlines(keepends=True)
        doc = body[0]
        text = "".join(lines[: doc.lineno - 1] + lines[doc.end_lineno :])
    return text


def show_source(obj: Any, *, docstring: bool = False) -> Any:
    """The source of ``obj`` as highlighted code for a notebook (``IPython.display.Code``)."""
    from IPython.display import Code

    return Code(source(obj, docstring=docstring), language="python")  # type: ignore[no-untyped-call]


def describe(game: Any, state: Any) -> str:
    """The position in one sentence, in the notebook's language (``bw.set_language``).

    Written for the positions the lessons print: Food Chain (to place, to draw, game over)
    and Papageno (a held card, the end of the game; any other moment as "player k to act").
    Other games' states get the game's own English :meth:`~boardgames_widgets.core.api.Game.describe`.
    """
    from boardgames_widgets.core.api import CHANCE, TERMINAL
    from boardgames_widgets.games.food_chain.rules import CARDS_PER_PLAYER, FoodChainState, score
    from boardgames_widgets.games.papageno import PapagenoState
    from boardgames_widgets.games.papageno.cards import card_name
    from boardgames_widgets.lessons.text import _

    player = game.current_player(state)
    if isinstance(state, FoodChainState):
        if player == TERMINAL:
            winners = score(state).winners
            if len(winners) == 1:
                return _("Game over: player {player} wins.", player=winners[0])
            return _("Game over: a shared win for players {players}.", players=", ".join(map(str, winners)))
        pile = sum(state.pile)
        if player == CHANCE:
            return _("Player {player} draws a card ({pile} left in the pile).", player=state.to_draw[0], pile=pile)
        return _(
            "Player {player} to place ({hand} cards in hand, {left} still to place, {pile} in the pile).",
            player=player,
            hand=len(state.hands[player]),
            left=CARDS_PER_PLAYER - state.placed[player],
            pile=pile,
        )
    if isinstance(state, PapagenoState):
        if player == TERMINAL:
            champions = [i for i, r in enumerate(game.returns(state)) if r > 0]
            totals = ", ".join(str(t) for t in state.last_scores)
            return _(
                "Game over: round totals {totals}; the winner: player {players}.",
                totals=totals,
                players=", ".join(map(str, champions)),
            )
        if state.hand is not None and player == state.actor:
            if state.hand_drawn:
                return _("Player {player} holds a secretly drawn card: swap it in or discard it.", player=player)
            return _("Player {player} holds the {card} and swaps it in.", player=player, card=card_name(state.hand))
        return _("Papageno, round {round}: player {player} to act.", round=state.round, player=player)
    return str(game.describe(state))
