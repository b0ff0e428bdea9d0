"""The games this package knows: one declaration per game, found through one registry line.

Each game lives in its own package ``boardgames_widgets.games.<id>`` whose ``__init__.py``
declares everything the rest of the package needs to know about it in one object::

    GAME = GameSpec(
        id="my_game",
        rules=MyGame,                                            # the Game class
        view="boardgames_widgets.games.my_game.view:View",       # its BoardView (optional)
        widget=None,                                             # its own board widget (optional)
        agents=None,                                             # the agents' knowledge module (optional)
        summaries={"en": SUMMARY},                               # rules summaries, or a folder of them
        words=None,                                              # per-game words for the players (optional)
    )

and the game is registered by one line, its id in :data:`boardgames_widgets.games.GAMES`.
Nothing else in the package lists game ids: :func:`game_ids`, :func:`make_game`, the
views (:func:`~boardgames_widgets.core.painter.board_view`), the widgets
(``widgets.WIDGETS``), the agents' tables (:mod:`boardgames_widgets.agents.knowledge`)
and the rules summaries (:func:`boardgames_widgets.i18n.rules_summary`) all read the
declarations. A declaration is imported the first time a game is asked for.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from boardgames_widgets import games as _games

if TYPE_CHECKING:  # the registry is read by core.api (pictures): no import at run time
    from boardgames_widgets.core.api import Game

#: Where the four original games keep their translated rules summaries (``<id>.<lang>.md``).
I18N_SUMMARIES = "boardgames_widgets.i18n:rules"


@dataclass(frozen=True)
class GameSpec:
    """Everything the package needs to know about one game, declared once as ``GAME`` in
    ``games/<id>/__init__.py``.

    References to code that may be heavy or optional (a view, a widget that needs
    ipywidgets, an agents module) are ``"module:Name"`` / ``"module"`` strings, imported
    when first used, so that reading a declaration imports only the rules.

    Attributes:
        id: the registry id; equal to the package's name and to ``rules.info.id``.
        rules: the :class:`~boardgames_widgets.core.api.Game` class.
        view: ``"module:Class"`` of its :class:`~boardgames_widgets.core.painter.BoardView`
            (``None``: no picture; the generic widget then shows the state in words).
        widget: ``"module:Class"`` of its own board widget (``None``: the generic widget
            that lists the legal moves).
        agents: the module of what the agents know about the game (``HEURISTIC``,
            ``EVALUATOR``, ``SEARCH`` … see :mod:`boardgames_widgets.agents.knowledge`);
            ``None``: the agents use their game-agnostic defaults.
        summaries: the rules in brief, as Markdown: either ``{"en": text, "lv": text …}``
            or ``"package:folder"`` holding ``<id>.<lang>.md`` files. English is required;
            a language without a summary gets the English one.
        words: the module of per-game words for the players (``RULE_WORDS``: rule ID ->
            plain sentence, marked with ``N_``), or ``None``.
    """

    id: str
    rules: type[Game[Any, Any]]
    view: str | None = None
    widget: str | None = None
    agents: str | None = None
    summaries: str | Mapping[str, str] = I18N_SUMMARIES
    words: str | None = None

    def __post_init__(self) -> None:
        if self.rules.info.id != self.id:
            raise ValueError(f"GameSpec id {self.id!r} differs from its rules' info.id {self.rules.info.id!r}")
        if isinstance(self.summaries, Mapping) and "en" not in self.summaries:
            raise ValueError(f"GameSpec {self.id!r}: the rules summaries need an English one ('en')")

    @property
    def english_only(self) -> bool:
        """Whether the game takes the documented English-only fallback: rules summary in
        English only, refused moves told with the generic plain sentence (see "Adding a game")."""
        return isinstance(self.summaries, Mapping) and set(self.summaries) == {"en"}

    def summary(self, lang: str) -> str | None:
        """The rules summary in ``lang``, or ``None`` if there is none in that language."""
        if isinstance(self.summaries, Mapping):
            return self.summaries.get(lang)
        from importlib import resources

        package, _, folder = self.summaries.partition(":")
        path = resources.files(package).joinpath(folder, f"{self.id}.{lang}.md")
        return path.read_text(encoding="utf-8") if path.is_file() else None


def load(reference: str) -> Any:
    """The object named by ``"module:Name"`` (or the module itself for ``"module"``)."""
    module, _, name = reference.partition(":")
    found = importlib.import_module(module)
    return getattr(found, name) if name else found


_SPECS: dict[str, GameSpec] = {}


def spec(game_id: str) -> GameSpec:
    """The declaration of a registered game.

    Raises:
        ValueError: ``game_id`` is not registered (the message lists the known ids).
    """
    known = _SPECS.get(game_id) if isinstance(game_id, str) else None
    if known is not None:
        return known
    if not isinstance(game_id, str) or game_id not in _games.GAMES:
        raise ValueError(f"unknown game {game_id!r}; known games: {', '.join(_games.GAMES)}")
    package = importlib.import_module(f"{_games.__name__}.{game_id}")
    found = getattr(package, "GAME", None)
    if not isinstance(found, GameSpec) or found.id != game_id:
        raise ValueError(f"games/{game_id}/__init__.py must declare GAME = GameSpec(id={game_id!r}, ...)")
    _SPECS[game_id] = found
    return found


class _Registry(Mapping[str, GameSpec]):
    """``game id -> GameSpec`` of every registered game (read-only, imported on first use)."""

    def __getitem__(self, game_id: str) -> GameSpec:
        if game_id not in _games.GAMES:
            raise KeyError(game_id)
        return spec(game_id)

    def __iter__(self) -> Iterator[str]:
        return iter(_games.GAMES)

    def __len__(self) -> int:
        return len(_games.GAMES)

    def __contains__(self, game_id: object) -> bool:
        return game_id in _games.GAMES

    def __repr__(self) -> str:
        return f"GAMES({', '.join(_games.GAMES)})"


#: Every registered game's declaration, by id (read from :data:`boardgames_widgets.games.GAMES`).
GAMES: Mapping[str, GameSpec] = _Registry()


def game_ids() -> list[str]:
    """The ids of every registered game."""
    return list(_games.GAMES)


def game_class(game_id: str) -> type[Game[Any, Any]]:
    """The class of a registered game.

    Raises:
        ValueError: ``game_id`` is not registered (the message lists the known ids).
    """
    return spec(game_id).rules


def make_game(game_id: str, **config: Any) -> Game[Any, Any]:
    """Build a registered game from its id and configuration.

    >>> make_game("food_chain", num_players=2)
    FoodChain(num_players=2)

    Raises:
        ValueError: unknown game, or a configuration the game rejects.
    """
    cls = game_class(game_id)
    try:
        return cls(**config)
    except TypeError as exc:
        raise ValueError(f"bad configuration for {game_id}: {exc}") from exc
