"""How wide Mouse Trap's text is drawn, and where it breaks (no text under :data:`MIN_TEXT`).

The picture is narrow (at most 560 px, issue 20), so every label is measured before it is
drawn: a label that does not fit in bold is drawn plain, a long heading takes two lines.
The widths are estimated per character (no font is at hand when an SVG is written).
"""

from __future__ import annotations

#: The smallest text the view draws, in CSS px at 100 % (issue 20); nothing is drawn smaller.
MIN_TEXT = 12.0


def _em(ch: str, bold: bool) -> float:
    """The width of one character in em of DejaVu Sans (the board's first font), estimated by its class."""
    if ch == " ":
        return 0.35 if bold else 0.32
    if ch in "iljI.,:;!|'`ıļīį":
        return 0.35 if bold else 0.29
    if ch in "()[]{}/\\-tfr«»":
        return 0.5 if bold else 0.42
    if ch in "mwMWШЩЖЮшщжюм":
        return 1.05 if bold else 0.95
    if "\u0590" <= ch <= "\u05ff":
        return 0.68 if bold else 0.62
    if "\u0400" <= ch <= "\u04ff":  # Cyrillic
        return (0.8 if bold else 0.72) if ch.isupper() else (0.7 if bold else 0.64)
    if ch.isupper():
        return 0.76 if bold else 0.66
    if ch.isdigit():
        return 0.7 if bold else 0.64
    if ch.isalpha():
        return 0.68 if bold else 0.6
    return 0.9 if bold else 0.84  # arrows and signs


def text_width(text: str, size: float, *, bold: bool = False) -> float:
    """The estimated width of ``text`` at ``size`` px (within about 10 % of DejaVu Sans, a little wide).

    >>> round(text_width("START", 12, bold=True))  # DejaVu Sans Bold: 42
    46
    """
    return size * sum(_em(ch, bold) for ch in text)


def fits(text: str, width: float, size: float = MIN_TEXT, *, bold: bool = False) -> bool:
    """Whether ``text`` fits in ``width`` px at ``size``."""
    return text_width(text, size, bold=bold) <= width


def fit_size(text: str, width: float, size: float, *, bold: bool = True) -> float:
    """The font size (at most ``size``, never under :data:`MIN_TEXT`) at which ``text`` fits in ``width``."""
    need = text_width(text, 1.0, bold=bold)
    return max(MIN_TEXT, min(size, width / need if need else size))


def wrap(text: str, width: float, size: float, *, bold: bool = False, lines: int = 2) -> list[str]:
    """``text`` broken at spaces into at most ``lines`` lines of at most ``width`` px (the last may be longer)."""
    out: list[str] = []
    words = text.split(" ")
    while words and len(out) < lines - 1:
        k = len(words)
        while k > 1 and not fits(" ".join(words[:k]), width, size, bold=bold):
            k -= 1
        out.append(" ".join(words[:k]))
        words = words[k:]
    if words:
        out.append(" ".join(words))
    return out


def text_block(
    text: str, width: float, *, sizes: tuple[float, ...] = (15, 14, 13), bold: bool = True
) -> tuple[float, list[str]]:
    """(size, lines) for a heading: one line at the largest of ``sizes`` that fits, else two lines.

    Never smaller than :data:`MIN_TEXT`.
    """
    for size in sizes:
        if fits(text, width, size, bold=bold):
            return size, [text]
    for size in (*sizes[-1:], MIN_TEXT):
        lines = wrap(text, width, size, bold=bold)
        if all(fits(line, width, size, bold=bold) for line in lines):
            return size, lines
    return MIN_TEXT, wrap(text, width, MIN_TEXT, bold=bold)
