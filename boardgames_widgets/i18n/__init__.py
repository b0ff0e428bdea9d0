"""The players' language: English, Latvian, Russian and Hebrew (``en``, ``lv``, ``ru``, ``he``).

Every user-facing string of the widgets and of the pictures the views draw goes
through the standard :mod:`gettext` machinery, with one catalog per language in
``boardgames_widgets/locale/<lang>/LC_MESSAGES/boardgames_widgets.po`` and its compiled
``.mo`` next to it. The ``.mo`` files are committed and shipped in the wheel, so nothing
is compiled at run time and the package needs no Babel to run.

Nothing is installed globally: :func:`translator` returns a per-language
:class:`Translator`, and each widget holds its own, so two widgets on one page can
speak two languages and a running widget can switch (its language picker).

The package default comes from ``bw.set_language("ru")``, else from the environment
variable :data:`ENV_VAR` (``BOARDGAMES_WIDGETS_LANG=lv``), else English.

>>> t = translator("ru")
>>> t.ngettext("{n} mouse left", "{n} mice left", 3)
'осталось 3 мыши'
>>> translator("lv").ngettext("{n} mouse left", "{n} mice left", 0)
'nav palikusi neviena pele'
>>> translator("en")("Undo"), translator("he").rtl
('Undo', True)

**What is translated.** Everything a player reads in a widget: the status line, the
buttons and pickers (bot names too), the move log, prompts, hints, "pass the device"
screens, end screens and score tables, the words drawn on the canvas by the widgets
and the views (``games/*/view.py``: headers, card names, pile labels, the Mouse Trap
part list and space labels), and the rules summaries (:func:`rules_summary`). Names of
game things come from :mod:`boardgames_widgets.i18n.terms` and the widgets' own lists.

**What stays English, on purpose.** Action texts in the rules' notation (records,
``parse_action``, the generic widget's move list), and the reasons the rules give when
they refuse a move (``IllegalActionError`` texts in each game's ``rules.py``, for
programmers): a player reads one plain sentence per rule ID instead
(:mod:`boardgames_widgets.i18n.plain`, e.g. "У первой карты своё место: …"), with the rule
ID and the English reason under a "why?" detail. The rules' one-line ``describe()`` is
read to screen readers in English only; other languages rely on the translated status
words. Mouse Trap's log is a sentence told from the change of state (roll, space, cheese,
parts built, catches) in every language.

**Right to left.** In Hebrew the chrome gets the CSS class ``bgw-rtl`` (``direction:
rtl``), the status line, log and panel carry ``dir="rtl"``, and the canvas painter lays
out every text holding Hebrew letters right to left (the canvas ``direction``), while
numbers, signs and card weights ("0/10", "-2", "+1") stay left to right; in translated
sentences signed numbers ("-1", "0-0") are wrapped in left-to-right isolates
(:func:`isolate_numbers`), so "−1" after a Hebrew word does not read "1−". The board itself
is not mirrored: its geometry is the game's. (The SVG pictures are not adjusted.)

**The lessons** have a catalog domain of their own, :data:`LESSONS_DOMAIN` (``lessons.po``
next to the widgets' catalogs: feedback, hints, plot labels and the notebooks' Markdown),
read through :mod:`boardgames_widgets.lessons.text` and maintained by ``tools/lesson_i18n.py``.

**Maintaining the catalogs** (Babel is needed only for this, not at run time)::

    python tools/i18n.py extract   # source -> boardgames_widgets/locale/boardgames_widgets.pot
    python tools/i18n.py update    # merge the template into every language's .po
    python tools/i18n.py compile   # .po -> .mo (commit both)
    python tools/i18n.py check     # every entry translated, no stale entries, .mo up to date

or by hand with ``pybabel extract -F babel.cfg -k N_ -k ngettext:1,2 -o
boardgames_widgets/locale/boardgames_widgets.pot boardgames_widgets``, ``pybabel update -i
… -d boardgames_widgets/locale -D boardgames_widgets`` and ``pybabel compile -d
boardgames_widgets/locale -D boardgames_widgets``. Markers: ``_("…")`` and
``self._("…", name=…)`` (translate, then ``str.format`` with the keywords),
``ngettext(singular, plural, n, …)`` and ``N_("…")`` (mark a name for extraction; it is
translated later, where it is shown).
"""

from __future__ import annotations

import gettext
import os
import re
import threading
from pathlib import Path
from typing import Any

#: Language code -> its own name (the language picker shows these).
LANGUAGES: dict[str, str] = {"en": "English", "lv": "Latviešu", "ru": "Русский", "he": "עברית"}
#: Languages written right to left.
RTL_LANGUAGES: frozenset[str] = frozenset({"he"})
#: The gettext domain (the catalogs' file name).
DOMAIN = "boardgames_widgets"
#: The lessons' domain (feedback, hints, plot labels of the lesson notebooks): ``lessons.po``.
LESSONS_DOMAIN = "lessons"
#: Where the catalogs live: ``<LOCALE_DIR>/<lang>/LC_MESSAGES/<DOMAIN>.mo``.
LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
#: The environment variable giving the package's default language.
ENV_VAR = "BOARDGAMES_WIDGETS_LANG"
#: The language used when nothing else is chosen.
FALLBACK = "en"

_lock = threading.Lock()
_cache: dict[tuple[str, str], Translator] = {}
_default: str | None = None


def N_(message: str) -> str:
    """Mark ``message`` for extraction without translating it now (it is translated where shown)."""
    return message


def normalize(lang: str | None) -> str | None:
    """``"ru_RU.UTF-8"`` -> ``"ru"``, ``"HE"`` -> ``"he"``, ``"iw"`` -> ``"he"``; ``None`` for unknown ones.

    >>> normalize("lv_LV.UTF-8"), normalize("xx"), normalize(None)
    ('lv', None, None)
    """
    if not lang:
        return None
    code = lang.strip().replace("-", "_").split(".")[0].split("_")[0].lower()
    code = {"iw": "he", "lav": "lv", "rus": "ru", "heb": "he", "eng": "en"}.get(code, code)
    return code if code in LANGUAGES else None


def check_language(lang: str) -> str:
    """The language code for ``lang``.

    Raises:
        ValueError: ``lang`` is not one of :data:`LANGUAGES`.
    """
    code = normalize(lang)
    if code is None:
        raise ValueError(f"unknown language {lang!r}; choose one of {', '.join(LANGUAGES)}")
    return code


def set_language(lang: str | None) -> None:
    """Set the package's default language (``None``: back to :data:`ENV_VAR` or English).

    Widgets created afterwards (and pictures drawn without a widget) use it; a running
    widget keeps its own until its picker or :meth:`GameWidget.set_language` changes it.

    Raises:
        ValueError: unknown language.
    """
    global _default
    _default = None if lang is None else check_language(lang)


def get_language() -> str:
    """The package's default language: :func:`set_language`, else :data:`ENV_VAR`, else English."""
    if _default is not None:
        return _default
    return normalize(os.environ.get(ENV_VAR)) or FALLBACK


def is_rtl(lang: str) -> bool:
    """Whether ``lang`` is written right to left."""
    return normalize(lang) in RTL_LANGUAGES


def has_rtl_letters(text: str) -> bool:
    """Whether ``text`` holds a right-to-left letter (Hebrew or Arabic).

    Pure numbers and signs ("-2", "+1", "3/10") have none: drawn left to right they
    stay readable in a Hebrew picture.

    >>> has_rtl_letters("-2"), has_rtl_letters("גבינה 3")
    (False, True)
    """
    return any("\u0590" <= ch <= "\u08ff" or "\ufb1d" <= ch <= "\ufefc" for ch in text)


#: Left-to-right isolate and its end (Unicode bidi controls, understood by browsers and canvases).
LRI, PDI = "\u2066", "\u2069"
#: A number with a sign ("-1", "+2") or with signs between digits ("0-0", "3−1"): one left-to-right run.
_SIGNED = re.compile(r"[+\-−]?\d+(?:[.,]\d+)?(?:[\-−/:]\d+)*")


def isolate_numbers(value: str | int) -> str:
    """``value`` with every signed number wrapped in a left-to-right isolate.

    >>> isolate_numbers("ציפור -1") == "ציפור " + LRI + "-1" + PDI
    True
    >>> isolate_numbers(3), isolate_numbers("0-0") == LRI + "0-0" + PDI
    ('3', True)
    """
    return _SIGNED.sub(lambda m: m.group(0) if m.group(0).isdigit() else LRI + m.group(0) + PDI, str(value))


class Translator:
    """One language's messages: ``t("msgid", **kw)``, ``t.gettext``, ``t.ngettext``.

    Keyword arguments fill ``{name}`` fields of the translated text with
    :meth:`str.format` (a translator may reorder them).

    Args:
        lang: a code of :data:`LANGUAGES`.
        catalog: the compiled catalog (``None``: messages stay as written).
    """

    def __init__(self, lang: str, catalog: gettext.NullTranslations | None = None) -> None:
        self.lang = lang
        self.catalog = catalog if catalog is not None else gettext.NullTranslations()

    @property
    def rtl(self) -> bool:
        """Whether this language is written right to left."""
        return self.lang in RTL_LANGUAGES

    @property
    def direction(self) -> str:
        """``"rtl"`` or ``"ltr"`` (for HTML ``dir`` and the canvas ``direction``)."""
        return "rtl" if self.rtl else "ltr"

    def _isolated(self, kwargs: dict[str, Any]) -> dict[str, Any]:
        """In a right-to-left language, signed numbers in the values are isolated left to right.

        Without it the bidi algorithm shows "−1" after a Hebrew word as "1−".
        """
        if not self.rtl:
            return kwargs
        return {k: isolate_numbers(v) if isinstance(v, str | int) else v for k, v in kwargs.items()}

    def gettext(self, message: str, **kwargs: Any) -> str:
        """``message`` translated, then formatted with ``kwargs`` (if any)."""
        text = self.catalog.gettext(message) if message else message
        return text.format(**self._isolated(kwargs)) if kwargs else text

    __call__ = gettext

    def ngettext(self, singular: str, plural: str, count: int, /, **kwargs: Any) -> str:
        """The plural form for ``count`` (the catalog's Plural-Forms rule), formatted with ``n=count`` and ``kwargs``."""
        kwargs.setdefault("n", count)
        return self.catalog.ngettext(singular, plural, count).format(**self._isolated(kwargs))

    def join_and(self, names: list[str] | tuple[str, ...]) -> str:
        """``["A", "B", "C"]`` -> ``"A, B and C"`` in this language."""
        names = list(names)
        if len(names) <= 1:
            return "".join(names)
        return self.gettext("{first} and {last}", first=", ".join(names[:-1]), last=names[-1])

    def __repr__(self) -> str:
        return f"Translator({self.lang!r})"


def _load(lang: str, domain: str = DOMAIN) -> gettext.NullTranslations | None:
    mo = LOCALE_DIR / lang / "LC_MESSAGES" / f"{domain}.mo"
    try:
        with mo.open("rb") as fh:
            return gettext.GNUTranslations(fh)
    except (FileNotFoundError, OSError):
        return None


def translator(lang: str | None = None, domain: str = DOMAIN) -> Translator:
    """The :class:`Translator` of ``lang`` (default: :func:`get_language`), loaded once.

    ``domain`` picks the catalog: the widgets' (:data:`DOMAIN`) or the lessons'
    (:data:`LESSONS_DOMAIN`).

    Raises:
        ValueError: unknown language.
    """
    code = get_language() if lang is None else check_language(lang)
    with _lock:
        t = _cache.get((code, domain))
        if t is None:
            t = _cache[(code, domain)] = Translator(code, _load(code, domain))
        return t


def painter_translator(painter: Any) -> Translator:
    """The translator for text drawn on ``painter``: its ``lang`` attribute, else the default.

    A widget's canvas painters carry the widget's language; an SVG picture drawn for a
    notebook or the docs uses the package default.
    """
    return translator(getattr(painter, "lang", None))


def rules_summary(game_id: str, lang: str | None = None) -> str:
    """The rules of ``game_id`` in brief, as Markdown, in ``lang`` (default: the package's).

    The summaries are the game's own (``GameSpec.summaries`` in its declaration). A game
    without a summary in ``lang`` gets its English one: the four original games have all
    four languages; the docs' example game ("Adding a game") is English only.

    >>> rules_summary("food_chain", "lv").splitlines()[0]
    '# Barības ķēde — noteikumi īsumā'

    Raises:
        ValueError: unknown game or language.
    """
    from boardgames_widgets.core.registry import GAMES, spec

    code = get_language() if lang is None else check_language(lang)
    if game_id not in GAMES:
        raise ValueError(f"no rules summary for game {game_id!r}; known: {', '.join(summary_games())}")
    game = spec(game_id)
    text = game.summary(code)
    if text is None:
        text = game.summary("en")
    if text is None:
        raise ValueError(f"no rules summary for game {game_id!r} (its GameSpec.summaries has no English one)")
    return text


def summary_games(lang: str = "en") -> list[str]:
    """The registered games that have a rules summary of their own in ``lang``, sorted."""
    from boardgames_widgets.core.registry import GAMES

    return sorted(game_id for game_id, game in GAMES.items() if game.summary(lang) is not None)


__all__ = [
    "DOMAIN",
    "ENV_VAR",
    "LANGUAGES",
    "LESSONS_DOMAIN",
    "LOCALE_DIR",
    "N_",
    "RTL_LANGUAGES",
    "Translator",
    "check_language",
    "get_language",
    "has_rtl_letters",
    "is_rtl",
    "normalize",
    "painter_translator",
    "rules_summary",
    "set_language",
    "summary_games",
    "translator",
]
