"""The lessons in the players' languages: catalogs and generated notebooks (needs Babel and nbformat).

The English notebooks under ``notebooks/lessons/`` (and ``notebooks/teacher_dashboard.ipynb``)
are the source. Their words go into one gettext domain, ``lessons``, next to the widgets'
catalogs (``boardgames_widgets/locale/<lang>/LC_MESSAGES/lessons.po`` + ``.mo``):

* every Markdown cell, whole (msgid = ``"".join(cell["source"]).strip("\\n")``, the cell id
  as a comment);
* the strings a learner reads in code cells, marked ``_("…")`` / ``ngettext(…)``, and the
  comments of code cells (one message per comment, without its ``#``; nbgrader's and nbval's
  markers are not words and stay). The code itself stays identical in every language: only the
  comments' text changes (:func:`strip_comments` gives what must be equal);
* the package's feedback, hints, misconception messages, ``check_all()`` and dashboard
  words (``boardgames_widgets/lessons/*.py``: ``_``, ``N_``, ``M_``, ``ngettext``);
* the course map ``notebooks/lessons/README.md``, paragraph by paragraph (its table and code
  blocks stay as they are, with one translated note under the table); ``generate`` writes
  ``notebooks/<lang>/lessons/README.md``, which ``copy_lessons(lang=…)`` hands out.

Usage (from the repository root)::

    python tools/lesson_i18n.py extract   # -> boardgames_widgets/locale/lessons.pot
    python tools/lesson_i18n.py templates DIR  # the template split for translators (a few .pot files)
    python tools/lesson_i18n.py merge DIR...   # translators' .po files -> every language's lessons.po (by msgid)
    python tools/lesson_i18n.py compile   # lessons.po -> lessons.mo
    python tools/lesson_i18n.py generate  # the lv/ru/he notebooks (notebooks/lessons/<lang>/…)
    python tools/lesson_i18n.py check     # exit 1: missing/untranslated/stale entry, old .mo, stale notebook

Generated notebooks live in ``notebooks/lessons/<lang>/<topic>/<name>.ipynb`` and
``notebooks/<lang>/teacher_dashboard.ipynb``; never edit them by hand. Only the languages
in :data:`COMPLETE` are generated (those whose catalog has every message translated).
"""

from __future__ import annotations

import io
import json
import re
import sys
import tokenize
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "boardgames_widgets"
LOCALE = PACKAGE / "locale"
DOMAIN = "lessons"
POT = LOCALE / f"{DOMAIN}.pot"
NOTEBOOKS = ROOT / "notebooks"
LANGS = ("lv", "ru", "he")
#: The package's version (written once, in __init__.py): the catalogs' Project-Id-Version.
VERSION = re.findall(r'^__version__ = "([^"]+)"$', (PACKAGE / "__init__.py").read_text(encoding="utf-8"), flags=re.M)[0]
#: Babel keyword specs: function name -> argument positions of the message(s).
KEYWORDS: dict[str, Any] = {"_": None, "N_": None, "M_": None, "ngettext": (1, 2)}
#: The languages whose notebooks are generated (every message translated); see ``check``.
COMPLETE: tuple[str, ...] = ("lv", "ru", "he")
#: Marks the first cell of a generated notebook (it sets the language).
LANGUAGE_CELL_TAG = "bgw-language"
RTL = frozenset({"he"})


def source_notebooks() -> list[Path]:
    """The English notebooks that are translated: the lessons and the teacher's dashboard."""
    lessons = sorted(p for p in (NOTEBOOKS / "lessons").glob("*/*.ipynb") if p.parts[-3] == "lessons")
    return [*lessons, NOTEBOOKS / "teacher_dashboard.ipynb"]


def python_files() -> list[Path]:
    """The package's lesson modules (feedback, hints, dashboard words)."""
    return sorted(p for p in (PACKAGE / "lessons").glob("*.py"))


def rel(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def markdown_msgid(cell: dict[str, Any]) -> str:
    """A Markdown cell's message id: its whole source without leading/trailing newlines."""
    source = cell["source"]
    return ("".join(source) if isinstance(source, list) else source).strip("\n")


def _code(cell: dict[str, Any]) -> str:
    source = cell["source"]
    return "".join(source) if isinstance(source, list) else source


def _python_messages(code: str) -> Iterator[tuple[int, Any, list[str]]]:
    from babel.messages.extract import extract as babel_extract

    for lineno, message, comments, _context in babel_extract(
        "python", io.BytesIO(code.encode("utf-8")), KEYWORDS, strip_comment_tags=True
    ):
        yield lineno, message, comments


#: Comments that are markers for tools, not words for a learner: nbgrader's regions, nbval's, linters'.
_MACHINE_COMMENT = re.compile(r"^#+\s*(BEGIN|END) (SOLUTION|HIDDEN TESTS)\b|NBVAL_|^#\s*(noqa|type:|pragma|fmt:)")
_COMMENT = re.compile(r"(#+\s*)(.*?)\s*$")


def code_comments(code: str) -> list[tuple[int, int, str, str]]:
    """``(line, column, prefix, text)`` of every comment a learner reads in ``code`` (``line`` from 1).

    Found with :mod:`tokenize`, so a ``#`` inside a string is not a comment; a cell that does not
    tokenize (an IPython magic that is not Python) has none.
    """
    out = []
    try:
        tokens = list(tokenize.generate_tokens(io.StringIO(code).readline))
    except (tokenize.TokenError, SyntaxError):
        return []
    for token in tokens:
        if token.type != tokenize.COMMENT or _MACHINE_COMMENT.search(token.string):
            continue
        m = _COMMENT.match(token.string)
        if m and m.group(2):
            out.append((token.start[0], token.start[1], m.group(1), m.group(2)))
    return out


def translate_comments(code: str, translate: Any) -> tuple[str, list[str]]:
    """``code`` with each comment's text replaced by ``translate(text)``; the texts it had none for.

    A comment runs to the end of its line, so replacing it never moves any code.
    """
    lines = code.splitlines(keepends=True)
    missing = []
    for line_no, column, prefix, text in code_comments(code):
        translated = translate(text)
        if translated is None:
            missing.append(text)
            continue
        line = lines[line_no - 1]
        end = len(line.rstrip("\r\n"))
        lines[line_no - 1] = line[:column] + prefix + " ".join(translated.split("\n")) + line[end:]
    return "".join(lines), missing


def strip_comments(code: str) -> str:
    """``code`` with the learner's comments emptied: what a translated code cell shares with the English one."""
    return translate_comments(code, lambda text: "")[0]


#: The course map, translated paragraph by paragraph (see :func:`readme_blocks`).
README = NOTEBOOKS / "lessons" / "README.md"
#: Said under the course map's table in a translated README (the table itself stays in English).
README_TABLE_NOTE = (
    "The table gives the lessons' titles and levels in English; the lessons themselves are in this language."
)


def readme_blocks(text: str) -> list[tuple[str, str]]:
    """``(kind, block)`` of a Markdown file: ``"text"`` paragraphs, ``"code"`` fences, ``"table"`` rows.

    Blocks are separated by blank lines (a fenced block is one block, blank lines and all).
    """
    blocks: list[tuple[str, str]] = []
    current: list[str] = []
    fenced = False

    def close() -> None:
        if current:
            block = "\n".join(current)
            kind = "code" if block.startswith("```") else "table" if block.startswith("|") else "text"
            blocks.append((kind, block))
            current.clear()

    for line in text.strip("\n").split("\n"):
        if line.startswith("```"):
            fenced = not fenced
        if not line.strip() and not fenced:
            close()
        else:
            current.append(line)
    close()
    return blocks


def readme_messages() -> list[str]:
    """The course map's messages: its paragraphs, and the note under its table."""
    blocks = readme_blocks(README.read_text(encoding="utf-8"))
    texts = [block for kind, block in blocks if kind == "text"]
    return texts + ([README_TABLE_NOTE] if any(kind == "table" for kind, _ in blocks) else [])


def translate_readme(catalog: Any) -> tuple[str, list[str]]:
    """The course map in the catalog's language, and the messages it lacks."""
    out: list[str] = []
    missing: list[str] = []
    for kind, block in readme_blocks(README.read_text(encoding="utf-8")):
        if kind != "text":
            out.append(block)
            if kind == "table":
                note = _translation(catalog, README_TABLE_NOTE)
                out.append(note or README_TABLE_NOTE)
                missing += [] if note else [README_TABLE_NOTE]
            continue
        text = _translation(catalog, block)
        out.append(text or block)
        missing += [] if text else [block]
    return "\n\n".join(out) + "\n", missing


def readme_path(lang: str) -> Path:
    """Where the ``lang`` course map lives (next to the generated lessons)."""
    return NOTEBOOKS / lang / "lessons" / "README.md"


def notebook_entries(path: Path) -> Iterator[tuple[str, Any, str, str]]:
    """``(kind, message, location, comment)`` of a notebook: ``"markdown"``, ``"code"`` or ``"comment"``."""
    nb = json.loads(path.read_text(encoding="utf-8"))
    for cell in nb["cells"]:
        if cell["cell_type"] == "markdown":
            mid = markdown_msgid(cell)
            if mid.strip():
                yield "markdown", mid, rel(path), f"cell {cell.get('id', '')}"
        elif cell["cell_type"] == "code":
            for _lineno, message, _comments in _python_messages(_code(cell)):
                yield "code", message, rel(path), f"code cell {cell.get('id', '')}"
            for _line, _column, _prefix, text in code_comments(_code(cell)):
                yield "comment", text, rel(path), f"code cell {cell.get('id', '')} (a comment)"


def _catalog() -> Any:
    from babel.messages.catalog import Catalog

    return Catalog(project="boardgames_widgets lessons", version=VERSION, domain=DOMAIN, charset="utf-8")


def extract(kinds: Iterable[str] = ("markdown", "code", "comment", "readme", "python")) -> Any:
    """A Babel catalog of every lesson message of the given kinds."""
    kinds = set(kinds)
    catalog = _catalog()
    if kinds & {"markdown", "code", "comment"}:
        for path in source_notebooks():
            for kind, message, location, comment in notebook_entries(path):
                if kind in kinds:
                    catalog.add(message, None, [(location, 0)], auto_comments=[comment])
    if "readme" in kinds:
        for i, message in enumerate(readme_messages(), 1):
            catalog.add(message, None, [(rel(README), 0)], auto_comments=[f"course map, paragraph {i}"])
    if "python" in kinds:
        for path in python_files():
            for lineno, message, comments in _python_messages(path.read_text(encoding="utf-8")):
                catalog.add(message, None, [(rel(path), lineno)], auto_comments=comments)
    return catalog


def _write(catalog: Any, path: Path) -> None:
    from babel.messages.pofile import write_po

    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as fh:
        write_po(fh, catalog, width=120, sort_output=False, omit_header=False)


def _read(path: Path, lang: str | None = None) -> Any:
    from babel.messages.pofile import read_po

    with path.open("rb") as fh:
        return read_po(fh, locale=lang)


#: How the Python-side template is split for translators: file stem -> predicate on a location.
TEMPLATE_GROUPS: dict[str, Any] = {
    "feedback_probability": lambda loc: "/lessons/probability_" in loc,
    "feedback_search": lambda loc: "/lessons/search_" in loc and "search_tools" not in loc,
    "feedback_strategy": lambda loc: "/lessons/strategy_" in loc and "strategy_tools" not in loc,
    "feedback_common_tools_dashboard": lambda loc: loc.startswith("boardgames_widgets/"),
    "notebook_code": lambda loc: loc.startswith("notebooks/"),
}


def write_templates(folder: Path) -> dict[str, int]:
    """Batch 2 for translators: the non-Markdown messages, split into a few ``.pot`` files.

    Each message goes to the first group whose predicate matches one of its locations.
    """
    everything = extract(("code", "comment", "python"))
    groups = {name: _catalog() for name in TEMPLATE_GROUPS}
    for message in everything:
        if not message.id:
            continue
        locations = [loc for loc, _ in message.locations]
        for name, pred in TEMPLATE_GROUPS.items():
            if any(pred(loc) for loc in locations):
                groups[name].add(
                    message.id, None, message.locations, auto_comments=message.auto_comments, flags=message.flags
                )
                break
    counts = {}
    for name, catalog in groups.items():
        _write(catalog, folder / f"{name}.pot")
        counts[name] = len(catalog)
    return counts


def po_path(lang: str) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def write_pot() -> Any:
    catalog = extract()
    _write(catalog, POT)
    return catalog


def merge(sources: Iterable[Path]) -> dict[str, int]:
    """Merge translators' ``.po`` files (``<dir>/<lang>/**/*.po``) into every language's ``lessons.po``.

    Messages are matched by msgid (plural entries by their singular); a translation is
    taken only when every form is filled and not fuzzy. Entries of the template with no
    translation stay empty (``check`` reports them). Returns translated entries per language.
    """
    template = extract()
    found: dict[str, dict[Any, Any]] = {lang: {} for lang in LANGS}
    for source in sources:
        for lang in LANGS:
            folder = source / lang
            pos = sorted(folder.rglob("*.po")) if folder.is_dir() else []
            for po in (
                p
                for p in pos
                if not any(part.startswith(("_", ".")) for p in [p] for part in p.relative_to(folder).parts)
            ):
                try:
                    catalog = _read(po, lang)
                except Exception as exc:  # a broken file is reported, the rest merges
                    print(f"{po}: cannot read ({exc})", file=sys.stderr)
                    continue
                for m in catalog:
                    strings = m.string if isinstance(m.string, tuple) else (m.string,)
                    if m.id and all(strings) and not m.fuzzy:
                        found[lang][m.id if isinstance(m.id, str) else m.id[0]] = m.string
    counts = {}
    for lang in LANGS:
        path = po_path(lang)
        old = _read(path, lang) if path.exists() else None
        catalog = _read_template_as(lang, template)
        n = 0
        for m in catalog:
            if not m.id:
                continue
            key = m.id if isinstance(m.id, str) else m.id[0]
            string = found[lang].get(key)
            if string is None and old is not None:
                prev = old.get(m.id)
                if prev is not None and not prev.fuzzy:
                    string = prev.string
            if string is not None and _shape_ok(m.id, string, catalog.num_plurals):
                m.string = string
                n += 1
        path.parent.mkdir(parents=True, exist_ok=True)
        _write(catalog, path)
        counts[lang] = n
    return counts


def _read_template_as(lang: str, template: Any) -> Any:
    """The template as a fresh catalog of ``lang`` (with its plural rule)."""
    from babel.messages.pofile import write_po

    buf = io.BytesIO()
    write_po(buf, template, width=120)
    buf.seek(0)
    from babel.messages.pofile import read_po

    catalog = read_po(buf, locale=lang)
    # the widgets' Plural-Forms (not Babel's defaults for lv and he): one rule per language in the package
    widgets = _read(LOCALE / lang / "LC_MESSAGES" / "boardgames_widgets.po", lang)
    catalog._num_plurals, catalog._plural_expr = widgets.num_plurals, widgets.plural_expr
    return catalog


def _shape_ok(mid: Any, string: Any, num_plurals: int) -> bool:
    """A plural message needs a tuple of the language's forms; a singular one a string."""
    if isinstance(mid, tuple | list):
        return isinstance(string, tuple | list) and len(string) == num_plurals and all(string)
    return isinstance(string, str) and bool(string)


def compile_all() -> None:
    from babel.messages.mofile import write_mo

    for lang in LANGS:
        buf = io.BytesIO()
        write_mo(buf, _read(po_path(lang), lang), use_fuzzy=False)
        po_path(lang).with_suffix(".mo").write_bytes(buf.getvalue())


# -- generated notebooks ------------------------------------------------------------------
LANGUAGE_NAMES = {"lv": "Latvian", "ru": "Russian", "he": "Hebrew"}
#: A fenced code block or a display formula: kept left to right inside a Hebrew cell.
_LTR_BLOCK = re.compile(r"(^```.*?^```[ \t]*$|^\$\$.*?\$\$[ \t]*$)", re.M | re.S)


def target_path(source: Path, lang: str) -> Path:
    """Where the ``lang`` version of ``source`` lives: ``notebooks/<lang>/<same path>``."""
    return NOTEBOOKS / lang / source.relative_to(NOTEBOOKS)


def generated_notebooks(lang: str) -> list[Path]:
    """The ``lang`` notebooks that exist (generated and committed)."""
    return [p for p in (target_path(s, lang) for s in source_notebooks()) if p.exists()]


def rtl_markdown(text: str) -> str:
    """A Hebrew Markdown cell: prose in ``<div dir="rtl">``, code blocks and display formulas left to right.

    Inline code and formulas keep their own direction (the browser runs them left to right
    inside the right-to-left paragraph).
    """
    parts = []
    for i, chunk in enumerate(_LTR_BLOCK.split(text)):
        if not chunk.strip("\n"):
            continue
        direction = "ltr" if i % 2 else "rtl"
        parts.append(f'<div dir="{direction}">\n\n{chunk.strip(chr(10))}\n\n</div>')
    return "\n".join(parts)


def language_cell(lang: str) -> dict[str, Any]:
    """The first cell of a generated notebook: it sets the package's language."""
    return {
        "cell_type": "code",
        "execution_count": None,
        "id": LANGUAGE_CELL_TAG,
        "metadata": {"tags": [LANGUAGE_CELL_TAG]},
        "outputs": [],
        "source": (
            "import boardgames_widgets as bw\n\n"
            f'bw.set_language("{lang}")  # this notebook speaks {LANGUAGE_NAMES[lang]}: '
            "the games, the feedback and the plots"
        ),
    }


def translate_notebook(source: Path, lang: str, catalog: Any) -> tuple[Any, list[str]]:
    """The ``lang`` version of ``source`` (not executed) and the messages it lacks.

    Markdown cells are replaced by their translation (Hebrew wrapped right to left), code
    cells keep their code and get their comments translated (outputs cleared), and a first
    cell sets the language.
    """
    import nbformat

    nb = nbformat.reads(source.read_text(encoding="utf-8"), as_version=4)
    missing: list[str] = []
    for cell in nb.cells:
        if cell.cell_type == "markdown":
            mid = markdown_msgid(cell)
            if not mid.strip():
                continue
            text = _translation(catalog, mid)
            if text is None:
                missing.append(mid)
                continue
            cell.source = rtl_markdown(text) if lang in RTL else text
        elif cell.cell_type == "code":
            cell.outputs = []
            cell.execution_count = None
            for _lineno, message, _comments in _python_messages(cell.source):
                mid = message if isinstance(message, str) else message[0]
                if _translation(catalog, message) is None:
                    missing.append(mid)
            cell.source, untranslated = translate_comments(cell.source, lambda text: _translation(catalog, text))
            missing += untranslated
    nb.cells.insert(0, nbformat.from_dict(language_cell(lang)))
    nb.metadata["boardgames_widgets"] = {
        "language": lang,
        "source": source.relative_to(NOTEBOOKS).as_posix(),
        "generated_by": "tools/lesson_i18n.py generate (do not edit by hand)",
    }
    return nb, missing


def _translation(catalog: Any, message: Any) -> Any:
    m = catalog.get(message)
    if m is None or m.fuzzy:
        return None
    strings = m.string if isinstance(m.string, tuple) else (m.string,)
    return m.string if strings and all(strings) else None


def _is_markdown(message: Any) -> bool:
    """Whether a catalog entry is a Markdown cell (its text is not a ``str.format`` template)."""
    return all(loc.endswith(".ipynb") for loc, _ in message.locations) and not any(
        c.startswith("code cell") for c in message.auto_comments
    )


def _fields(text: str) -> set[tuple[str, str]]:
    """The ``{name:spec}`` fields of a ``str.format`` template."""
    import string

    try:
        return {(name, spec or "") for _lit, name, spec, _conv in string.Formatter().parse(text) if name is not None}
    except ValueError:
        return {("<broken braces>", text)}


def field_problems(message: Any) -> list[str]:
    """A translation must keep the fields of its message id (any order): ``{mean:.3f}`` stays ``{mean:.3f}``."""
    ids = message.id if isinstance(message.id, tuple | list) else (message.id,)
    strings = message.string if isinstance(message.string, tuple | list) else (message.string,)
    wanted = set().union(*(_fields(i) for i in ids)) - {("n", "")}
    out = []
    for s in strings:
        if s and _fields(s) - {("n", "")} != wanted:
            out.append(f"fields differ in {s!r:.60} (want {sorted(wanted)})")
    return out


def _strip(nb: Any) -> list[tuple[Any, ...]]:
    """What must match between a generated notebook and a fresh translation: cells, not outputs."""

    def meta(cell: Any) -> str:  # nbclient adds run times under "execution"
        return json.dumps({k: v for k, v in cell.metadata.items() if k != "execution"}, sort_keys=True)

    return [(c.cell_type, c.get("id"), c.source, meta(c)) for c in nb.cells] + [
        ("meta", json.dumps(nb.metadata.get("boardgames_widgets"), sort_keys=True))
    ]


def generate(langs: Iterable[str], *, execute: bool = True, only: str = "") -> dict[str, list[str]]:
    """Write the translated notebooks of ``langs`` (executed with nbclient, so stored outputs are real).

    A notebook is written only when every message it uses is translated. Returns, per
    language, the notebooks left out (with how many messages are missing).
    """
    import nbformat

    skipped: dict[str, list[str]] = {}
    for lang in langs:
        catalog = _read(po_path(lang), lang)
        _install(lang)
        readme, missing = translate_readme(catalog)
        if missing:
            skipped.setdefault(lang, []).append(f"{rel(README)}: {len(missing)} messages untranslated")
        elif not readme_path(lang).exists() or readme_path(lang).read_text(encoding="utf-8") != readme:
            readme_path(lang).parent.mkdir(parents=True, exist_ok=True)
            readme_path(lang).write_text(readme, encoding="utf-8")
            print(f"wrote {rel(readme_path(lang))}")
        for source in source_notebooks():
            if only and only not in source.as_posix():
                continue
            nb, missing = translate_notebook(source, lang, catalog)
            out = target_path(source, lang)
            if missing:
                skipped.setdefault(lang, []).append(f"{rel(source)}: {len(missing)} messages untranslated")
                continue
            out.parent.mkdir(parents=True, exist_ok=True)
            if out.exists() and _strip(nbformat.read(out, as_version=4)) == _strip(nb):
                continue  # up to date (outputs kept)
            if execute:
                try:
                    _execute(nb, out.parent)
                except Exception as exc:  # a cell failed: report it, write nothing, go on
                    skipped.setdefault(lang, []).append(f"{rel(source)}: does not run ({str(exc)[-300:]})")
                    continue
            nbformat.write(nb, out)
            print(f"wrote {rel(out)}")
    return skipped


def _install(lang: str) -> None:
    """Files a generated notebook reads next to itself (the dashboard's sample class)."""
    import shutil

    sample = NOTEBOOKS / "lessons" / "sample_class"
    dest = NOTEBOOKS / lang / "lessons" / "sample_class"
    if sample.is_dir():
        shutil.rmtree(dest, ignore_errors=True)
        shutil.copytree(sample, dest)


def _execute(nb: Any, folder: Path) -> None:
    from nbclient import NotebookClient

    NotebookClient(nb, timeout=1800, kernel_name="python3", resources={"metadata": {"path": str(folder)}}).execute()
    for cell in nb.cells:  # run times would change the file at every run
        cell.metadata.pop("execution", None)
    for record in folder.glob("checks_*.json"):  # a run writes the lesson's record next to it
        record.unlink()


def problems(langs: Iterable[str] = COMPLETE) -> list[str]:
    """What the check finds: untranslated or stale catalog entries, an old .mo, a stale or missing notebook."""
    import nbformat
    from babel.messages.mofile import write_mo

    template = extract()
    wanted = {m.id for m in template if m.id}
    out = []
    if not POT.exists() or {m.id for m in _read(POT) if m.id} != wanted:
        out.append(f"{rel(POT)} is stale (run extract)")
    for lang in langs:
        path = po_path(lang)
        if not path.exists():
            out.append(f"{lang}: no {rel(path)}")
            continue
        catalog = _read(path, lang)
        have = {m.id for m in catalog if m.id}
        out += [f"{lang}: missing {mid!r:.80}" for mid in sorted(wanted - have, key=str)]
        out += [f"{lang}: stale {mid!r:.80}" for mid in sorted(have - wanted, key=str)]
        out += [f"{lang}: untranslated {m.id!r:.80}" for m in catalog if m.id and _translation(catalog, m.id) is None]
        out += [f"{lang}: {p}" for m in catalog if m.id and not _is_markdown(m) for p in field_problems(m)]
        buf = io.BytesIO()
        write_mo(buf, catalog, use_fuzzy=False)
        mo = path.with_suffix(".mo")
        if not mo.exists() or mo.read_bytes() != buf.getvalue():
            out.append(f"{lang}: {mo.name} is not compiled from the current .po (run compile)")
        readme, _missing = translate_readme(catalog)
        if not readme_path(lang).exists() or readme_path(lang).read_text(encoding="utf-8") != readme:
            out.append(f"{lang}: {rel(readme_path(lang))} is stale (run generate)")
        for source in source_notebooks():
            target = target_path(source, lang)
            nb, _missing = translate_notebook(source, lang, catalog)
            if not target.exists():
                out.append(f"{lang}: {rel(target)} is missing (run generate)")
            elif _strip(nbformat.read(target, as_version=4)) != _strip(nb):
                out.append(f"{lang}: {rel(target)} is stale (run generate)")
    return out


def main(argv: list[str]) -> int:
    cmd = argv[1] if len(argv) > 1 else "check"
    if cmd == "extract":
        print(f"{rel(POT)}: {len(write_pot())} messages")
    elif cmd == "templates":
        folder = Path(argv[2])
        for name, n in write_templates(folder).items():
            print(f"{folder / name}.pot: {n} messages")
    elif cmd == "merge":
        print(merge(Path(a) for a in argv[2:]))
    elif cmd == "compile":
        compile_all()
    elif cmd == "generate":
        langs = [a for a in argv[2:] if a in LANGS] or list(COMPLETE)
        only = next((a for a in argv[2:] if a not in LANGS and not a.startswith("-")), "")
        for lang, left_out in generate(langs, execute="--no-execute" not in argv, only=only).items():
            print(f"{lang}: not generated:", *left_out, sep="\n  ")
    elif cmd == "check":
        found = problems()
        print(*found[:50], sep="\n")
        print("lessons catalogs and notebooks OK" if not found else f"{len(found)} problems")
        return 1 if found else 0
    else:
        print(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
