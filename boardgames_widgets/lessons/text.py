"""The lessons' words in the notebook's language: feedback, hints, plot labels (gettext domain ``lessons``).

The English texts are the message ids; the translations live in
``boardgames_widgets/locale/<lang>/LC_MESSAGES/lessons.po`` (compiled ``.mo`` next to it),
maintained by ``tools/lesson_i18n.py``. The language is the package's
(``bw.set_language("lv")``, the first cell of a generated notebook), read when a text
is *shown*, so an exercise defined at import time still answers in the notebook's language.

Markers (the extractor looks for these names):

* ``_("Sum of two dice")`` — translate now (notebook code cells, printed words);
  ``_("after {t} turns", t=3)`` translates, then fills the ``{fields}``.
* ``ngettext("{n} try", "{n} tries", n)`` — the plural form for ``n`` (``n`` filled in).
* ``N_("…")`` — mark a constant message; it stays English until :func:`tr` shows it.
* ``M_("… {turns} …", turns=12)`` — a message with values, kept as template + values
  (:class:`Message`, an English ``str``) so it can be shown in any language later.

>>> from boardgames_widgets.lessons.text import M_, tr
>>> m = M_("That is after {t} turns.", t=11)
>>> str(m), tr(m, "en")
('That is after 11 turns.', 'That is after 11 turns.')
"""

from __future__ import annotations

from typing import Any

from boardgames_widgets.i18n import (
    LESSONS_DOMAIN,
    N_,
    RTL_LANGUAGES,
    Translator,
    get_language,
    isolate_numbers,
    translator,
)

#: Languages that write a decimal comma ("0,47").
DECIMAL_COMMA = frozenset({"lv", "ru"})


class Message(str):
    """An English message made from a template and values; :func:`tr` shows it in any language.

    Attributes:
        template: the message id (``"{n} tiles"``).
        values: the values of its fields.
    """

    template: str
    values: dict[str, Any]

    def __new__(cls, template: str, **values: Any) -> Message:
        obj = super().__new__(cls, template.format(**values))
        obj.template = template
        obj.values = values
        return obj

    def __reduce__(self) -> tuple[Any, ...]:
        return (_message, (self.template, self.values))


def _message(template: str, values: dict[str, Any]) -> Message:
    return Message(template, **values)


def M_(template: str, **values: Any) -> Message:
    """Mark ``template`` for extraction and keep it with its ``values`` (see :class:`Message`)."""
    return Message(template, **values)


def lessons_translator(lang: str | None = None) -> Translator:
    """The :class:`~boardgames_widgets.i18n.Translator` of the lessons' catalog.

    Raises:
        ValueError: unknown language.
    """
    return translator(lang, LESSONS_DOMAIN)


def localize_value(value: Any, lang: str) -> Any:
    """A float shown with a decimal comma in Latvian and Russian; other values unchanged.

    >>> localize_value(0.47, "lv"), localize_value(0.47, "en"), localize_value(3, "ru")
    ('0,47', 0.47, 3)
    """
    if lang in DECIMAL_COMMA and isinstance(value, float):
        return repr(round(value, 12)).replace(".", ",")
    return value


def tr(message: str, lang: str | None = None) -> str:
    """``message`` in ``lang`` (default: the package's language): a :class:`Message` or a message id.

    A text that is not in the catalog (a student's error text, a name) stays as it is.

    Raises:
        ValueError: unknown language.
    """
    t = lessons_translator(lang)
    if isinstance(message, Message):
        values = {k: tr(v, t.lang) if isinstance(v, Message) else v for k, v in message.values.items()}
        return format_text(t.gettext(message.template), t.lang, values)
    return t.gettext(message)


def format_text(text: str, lang: str, values: dict[str, Any]) -> str:
    """``text.format(**values)`` with floats in the language's decimal separator and Hebrew isolates.

    A float with a format spec (``{p:.2f}``) gets its comma after formatting.
    """
    if not values:
        return text
    if lang in DECIMAL_COMMA:
        values = {k: _comma(v) for k, v in values.items()}
    elif lang in RTL_LANGUAGES:  # signed numbers ("-1") isolated left to right after Hebrew words
        values = {k: isolate_numbers(v) if isinstance(v, str) else v for k, v in values.items()}
    return text.format(**values)


def _comma(value: Any) -> Any:
    """A float, or an int written with a float format (``{c:4.2f}``), that formats with a decimal comma."""
    if isinstance(value, float):
        return _CommaFloat(value)
    if isinstance(value, int) and not isinstance(value, bool):
        return _CommaInt(value)
    return value


class _CommaInt(int):
    """An int that keeps its digits, but takes a decimal comma when formatted as a float (``"4.2f"``)."""

    def __format__(self, spec: str) -> str:
        if spec and spec[-1] in "eEfFgG%":
            return float.__format__(float(self), spec).replace(".", ",")
        return int.__format__(self, spec)


class _CommaFloat(float):
    """A float that formats with a decimal comma (``format(_CommaFloat(0.5), ".2f") == "0,50"``)."""

    def __format__(self, spec: str) -> str:
        return float.__format__(self, spec).replace(".", ",")

    def __str__(self) -> str:
        return repr(round(float(self), 12)).replace(".", ",")


def _(message: str, /, **values: Any) -> str:
    """``message`` translated into the package's language now, then its ``{fields}`` filled."""
    lang = get_language()
    return format_text(lessons_translator(lang).gettext(message), lang, values)


def number(value: float, spec: str = "") -> str:
    """``value`` written in the package's language's notation (a decimal comma in lv and ru).

    >>> number(0.25, ".3f")
    '0.250'
    """
    return format_text("{value:" + spec + "}", get_language(), {"value": float(value)})


def numbers(values: Any, spec: str = "") -> str:
    """Several numbers in the package's language's notation, one after another.

    Separated by ``", "``, or by ``"; "`` where the decimal separator is a comma (lv, ru).

    >>> numbers((1.0, 0.5))
    '1.0, 0.5'
    """
    sep = "; " if get_language() in DECIMAL_COMMA else ", "
    return sep.join(number(v, spec) for v in values)


def term(name: str) -> str:
    """A game's own word (a card, a space, a trap stage: ``i18n/terms.py``) as the widgets say it.

    The games keep their English names; the widgets' catalog translates them, so a lesson
    that prints one says it exactly as the board does. A word not in that catalog stays as it is.
    """
    return translator(get_language()).gettext(name)


def ngettext(singular: str, plural: str, n: int, /, **values: Any) -> str:
    """The plural form of the message for ``n`` in the package's language, ``{n}`` and ``values`` filled."""
    lang = get_language()
    values.setdefault("n", n)
    return format_text(lessons_translator(lang).catalog.ngettext(singular, plural, n), lang, values)


__all__ = [
    "DECIMAL_COMMA",
    "M_",
    "N_",
    "Message",
    "_",
    "lessons_translator",
    "localize_value",
    "ngettext",
    "number",
    "numbers",
    "term",
    "tr",
]
