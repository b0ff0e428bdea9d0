"""Bounded numbers from untrusted text, and short quotes of bad values.

Saved games, configurations and students' answers are input from anywhere. Python's
own parsers do arithmetic before any range check can run: ``Fraction("1e-10000000")``
builds ``10**10000000`` (seconds; ``1e-100000000`` runs for hours) and ``int()`` of
5,000 digits raises a bare ``ValueError`` ("Exceeds the limit (4300 digits)"). And an
error message that repeats a 1 MB bad value is itself 1 MB. The helpers here bound the
*text* first, then convert:

- :func:`parse_fraction` — a fraction, decimal or integer with a bounded number of
  digits and a bounded exponent (the parser of configs, saved states and lesson answers);
- :func:`long_digit_run` — the first run of too many digits in a text (action texts);
- :func:`short` — a bad value quoted as at most a short prefix; :func:`clip` — a message cut short.

>>> parse_fraction("49/50")
Fraction(49, 50)
>>> parse_fraction("0.85")
Fraction(17, 20)
>>> parse_fraction("1e-10000000")
Traceback (most recent call last):
...
ValueError: value: '1e-10000000' is not a number of at most 40 digits with an exponent of at most 3 digits
>>> short("x" * 1000)
"'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'… (1000 characters)"
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Any

#: The most digits :func:`parse_fraction` accepts in a numerator, denominator or mantissa.
MAX_DIGITS = 40
#: The most digits of a decimal exponent (so at most ``1e±999``).
MAX_EXPONENT_DIGITS = 3
#: The most digits in a row an action text may hold (no action needs more than a few).
MAX_ACTION_DIGITS = 18
#: How much of a bad value an error message quotes.
QUOTE_CHARS = 40

_D = rf"\d{{1,{MAX_DIGITS}}}"
_NUMBER = re.compile(
    rf"\s{{0,20}}[+-]?(?:{_D}\s{{0,20}}/\s{{0,20}}{_D}"
    rf"|(?:{_D}(?:\.\d{{0,{MAX_DIGITS}}})?|\.{_D})(?:[eE][+-]?\d{{1,{MAX_EXPONENT_DIGITS}}})?)\s{{0,20}}",
    re.ASCII,
)
_LONG_RUN = re.compile(rf"\d{{{MAX_ACTION_DIGITS + 1}}}", re.ASCII)


def short(value: Any, limit: int = QUOTE_CHARS) -> str:
    """``repr(value)`` if short, else the repr of a prefix of it and the full length.

    Never builds the repr of a long string, list or dict (a 1 MB bad value gives a
    message of about ``limit`` characters).

    >>> short("roll 3")
    "'roll 3'"
    >>> short(list(range(100)), 10)
    'list of 100 items'
    """
    if isinstance(value, str | bytes):
        if len(value) <= limit:
            return repr(value)
        return f"{value[:limit]!r}… ({len(value)} characters)"
    if isinstance(value, list | tuple | dict | set | frozenset):
        if len(value) > limit // 4:
            return f"{type(value).__name__} of {len(value)} items"
        text = repr(value)
        return text if len(text) <= 4 * limit else text[: 4 * limit] + "…"
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 128:
        return f"an integer of {value.bit_length()} bits"
    text = repr(value)
    return text if len(text) <= 4 * limit else text[: 4 * limit] + "…"


def clip(message: str, limit: int = 300) -> str:
    """``message`` cut to ``limit`` characters (a message that quoted a long value).

    >>> clip("abc", 2)
    'ab… (3 characters)'
    """
    return message if len(message) <= limit else f"{message[:limit]}… ({len(message)} characters)"


def parse_fraction(value: Any, name: str = "value") -> Fraction:
    """An exact :class:`~fractions.Fraction` from an int, a Fraction or text, bounded.

    Text may be an integer, ``a/b``, or a decimal with an optional exponent (``0.85``,
    ``85e-2``), each with at most :data:`MAX_DIGITS` digits per part and at most
    :data:`MAX_EXPONENT_DIGITS` exponent digits — checked on the text, before any
    arithmetic, so no input takes long. ``name`` is the field named in errors.

    Raises:
        ValueError: not such a number, a zero denominator, or an int of more than
            :data:`MAX_DIGITS` digits (the message quotes at most a short prefix).
    """
    if isinstance(value, bool):
        raise ValueError(f"{name}: expected a number, got {value!r}")
    if isinstance(value, Fraction):
        value_bits = max(value.numerator.bit_length(), value.denominator.bit_length())
        if value_bits > 4 * MAX_DIGITS:
            raise ValueError(f"{name}: {short(value)} has more than {MAX_DIGITS} digits")
        return value
    if isinstance(value, int):
        if value.bit_length() > 4 * MAX_DIGITS or len(str(abs(value))) > MAX_DIGITS:
            raise ValueError(f"{name}: {short(value)} has more than {MAX_DIGITS} digits")
        return Fraction(value)
    if not isinstance(value, str):
        raise ValueError(f"{name}: expected a number or its text, got {type(value).__name__}")
    if len(value) > 2 * MAX_DIGITS + 100 or not _NUMBER.fullmatch(value):
        raise ValueError(
            f"{name}: {short(value)} is not a number of at most {MAX_DIGITS} digits"
            f" with an exponent of at most {MAX_EXPONENT_DIGITS} digits"
        )
    try:
        return Fraction(value.strip().replace(" ", ""))
    except ZeroDivisionError:
        raise ValueError(f"{name}: {short(value)} has a zero denominator") from None
    except ValueError as exc:
        raise ValueError(f"{name}: {short(value)}: {exc}") from None


def long_digit_run(text: str) -> str | None:
    """A prefix of the first run of more than :data:`MAX_ACTION_DIGITS` digits in ``text``
    (None if there is none): no action text needs a number that long.

    >>> long_digit_run("roll 3") is None
    True
    >>> long_digit_run("roll " + "9" * 5000)
    '9999999999999999999…'
    """
    m = _LONG_RUN.search(text)
    if m is None:
        return None
    return m.group()[: MAX_ACTION_DIGITS + 1] + "…"
