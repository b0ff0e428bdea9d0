"""Maintain the message catalogs of boardgames_widgets (needs Babel; the package itself does not).

Usage (from the repository root)::

    python tools/i18n.py extract   # the source -> boardgames_widgets/locale/boardgames_widgets.pot
    python tools/i18n.py update    # merge the template into every language's .po (new entries empty)
    python tools/i18n.py compile   # every .po -> its .mo (commit both: nothing compiles at run time)
    python tools/i18n.py check     # exit 1 on a missing, empty, fuzzy or stale entry or an old .mo
    python tools/i18n.py all       # extract, update, compile, check

Markers found in the source: ``_("…")``, ``self._("…", key=…)``, ``t("…")`` (a local
alias of ``self._``), ``ngettext(singular, plural, n)`` (also ``self.ngettext``,
``_.ngettext``) and ``N_("…")``. The files scanned are listed in ``babel.cfg``.
"""

from __future__ import annotations

import io
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "boardgames_widgets"
LOCALE = PACKAGE / "locale"
DOMAIN = "boardgames_widgets"
POT = LOCALE / f"{DOMAIN}.pot"
LANGS = ("en", "lv", "ru", "he")
#: The package's version (written once, in __init__.py): the catalogs' Project-Id-Version.
VERSION = re.findall(r'^__version__ = "([^"]+)"$', (PACKAGE / "__init__.py").read_text(encoding="utf-8"), flags=re.M)[0]
#: Babel keyword specs: function name -> argument positions of the message(s).
KEYWORDS = {"_": None, "t": None, "N_": None, "gettext": None, "ngettext": (1, 2)}
#: The files that show words to players (the same as babel.cfg). Every module of a game's folder:
#: its view and the drawing modules split from it (Mouse Trap's ``contraption.py``) and its words;
#: the rules modules mark no message.
PATTERNS = ("widgets/**/*.py", "games/*/*.py", "i18n/**/*.py")


def source_files() -> list[Path]:
    """The Python files messages are extracted from, sorted."""
    out: set[Path] = set()
    for pattern in PATTERNS:
        out.update(p for p in PACKAGE.glob(pattern) if "__pycache__" not in p.parts)
    return sorted(out)


def extract() -> object:
    """A Babel catalog of every message in :func:`source_files` (with source locations)."""
    from babel.messages.catalog import Catalog
    from babel.messages.extract import extract as babel_extract

    catalog = Catalog(project="boardgames_widgets", version=VERSION, domain=DOMAIN, charset="utf-8")
    for path in source_files():
        rel = path.relative_to(ROOT).as_posix()
        with path.open("rb") as fh:
            for lineno, message, comments, _context in babel_extract("python", fh, KEYWORDS, strip_comment_tags=True):
                catalog.add(message, None, [(rel, lineno)], auto_comments=comments)
    return catalog


def write_pot() -> object:
    """Write the template; return the catalog."""
    from babel.messages.pofile import write_po

    catalog = extract()
    LOCALE.mkdir(exist_ok=True)
    with POT.open("wb") as fh:
        write_po(fh, catalog, width=120, sort_output=True, omit_header=False)
    return catalog


def po_path(lang: str) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def update() -> None:
    """Merge the template into every language's catalog (keeps translations, drops stale entries)."""
    from babel.messages.pofile import read_po, write_po

    template = extract()
    for lang in LANGS:
        path = po_path(lang)
        with path.open("rb") as fh:
            catalog = read_po(fh, locale=lang)
        catalog.update(template, no_fuzzy_matching=True)
        catalog.version = VERSION  # the header names the package version it was made for
        catalog.obsolete.clear()
        with path.open("wb") as fh:
            write_po(fh, catalog, width=120, sort_output=True)


def compile_all() -> None:
    """Compile every .po to its .mo."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    for lang in LANGS:
        path = po_path(lang)
        with path.open("rb") as fh:
            catalog = read_po(fh, locale=lang)
        buf = io.BytesIO()
        write_mo(buf, catalog, use_fuzzy=False)
        path.with_suffix(".mo").write_bytes(buf.getvalue())


def check() -> list[str]:
    """Problems: missing or stale entries, empty or fuzzy translations, a .mo out of date."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    template = extract()
    wanted = {m.id for m in template if m.id}  # type: ignore[attr-defined]
    problems = []
    for lang in LANGS:
        path = po_path(lang)
        with path.open("rb") as fh:
            catalog = read_po(fh, locale=lang)
        have = {m.id for m in catalog if m.id}
        for mid in sorted(wanted - have, key=str):
            problems.append(f"{lang}: missing {mid!r}")
        for mid in sorted(have - wanted, key=str):
            problems.append(f"{lang}: stale {mid!r}")
        for m in catalog:
            if not m.id:
                continue
            strings = m.string if isinstance(m.string, tuple) else (m.string,)
            if not all(strings):
                problems.append(f"{lang}: untranslated {m.id!r}")
            if m.fuzzy:
                problems.append(f"{lang}: fuzzy {m.id!r}")
        buf = io.BytesIO()
        write_mo(buf, catalog, use_fuzzy=False)
        mo = path.with_suffix(".mo")
        if not mo.exists() or mo.read_bytes() != buf.getvalue():
            problems.append(f"{lang}: {mo.name} is not compiled from the current .po (run compile)")
    return problems


def main(argv: list[str]) -> int:
    cmd = argv[1] if len(argv) > 1 else "check"
    if cmd in ("extract", "all"):
        cat = write_pot()
        print(f"{POT.relative_to(ROOT)}: {len(cat)} messages")  # type: ignore[arg-type]
    if cmd in ("update", "all"):
        update()
    if cmd in ("compile", "all"):
        compile_all()
    if cmd in ("check", "all"):
        problems = check()
        for p in problems:
            print(p)
        print("catalogs OK" if not problems else f"{len(problems)} problems")
        return 1 if problems else 0
    if cmd not in ("extract", "update", "compile", "check", "all"):
        print(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
