"""The games, one package each: ``games/<id>/__init__.py`` declares ``GAME = GameSpec(...)``.

:data:`GAMES` is the registry: a game is known to the package (``make_game``, the
widgets, the bots, the tournaments, every game-parametrised test) once its id is here.
See :mod:`boardgames_widgets.core.registry` and the docs page "Adding a game".
"""

#: The registered games, in the order menus show them. A game is listed once its rules
#: pass the conformance suite (:func:`boardgames_widgets.testing.check_game`).
GAMES: tuple[str, ...] = (
    "food_chain",
    "chop_chop",
    "papageno",
    "mouse_trap",
    "pig",
)
