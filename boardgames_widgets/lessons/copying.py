"""Copy the notebooks that ship with the package into a folder of the user's.

A ``pip install boardgames_widgets`` brings the start notebook, the arcade, one notebook per
game, the lessons and the teacher dashboard inside the package (``boardgames_widgets/notebooks``
in the wheel); an editable install reads them from ``notebooks/`` in the source tree.
:func:`copy_lessons` (and ``boardgames-widgets lessons DIR`` on the command line) puts them where
a student or a teacher can open and change them, and never overwrites a file they changed
unless asked to.
"""

from __future__ import annotations

import json
import os
import pathlib
from dataclasses import dataclass

__all__ = ["CopyReport", "copy_lessons", "notebooks_dir", "shipped_files", "translated_source"]

_PACKAGE = pathlib.Path(__file__).resolve().parents[1]  # boardgames_widgets/
#: Folders and files that are never copied (editor and Python caches).
_SKIP_PARTS = {".ipynb_checkpoints", "__pycache__"}
#: The id of the cell that ``lang=`` puts first in each copied notebook.
LANGUAGE_CELL_ID = "bgw-language"
#: Languages whose lessons are generated from the English ones (``notebooks/<lang>/…``,
#: ``tools/lesson_i18n.py``): the folders are copied only in their language, in place of English.
TRANSLATED = ("lv", "ru", "he")


def notebooks_dir() -> pathlib.Path:
    """The folder the notebooks are read from: the package's own copy, else the source tree's.

    Raises:
        FileNotFoundError: neither exists (a broken installation).
    """
    shipped = _PACKAGE / "notebooks"
    if shipped.is_dir():
        return shipped
    source = _PACKAGE.parent / "notebooks"
    if source.is_dir() and (_PACKAGE.parent / "pyproject.toml").is_file():
        return source
    raise FileNotFoundError(f"no notebooks found in {shipped} or {source}: reinstall boardgames_widgets")


def is_record(rel: pathlib.PurePath) -> bool:
    """Whether ``rel`` is a record of a notebook's checks (``checks_<lesson>.json``), left by a run.

    Records are never copied: a student would continue someone else's. Only the dashboard's
    seeded sample class (``lessons/sample_class/``) is copied, for the teacher's dashboard.
    """
    return rel.name.startswith("checks_") and rel.suffix == ".json" and "sample_class" not in rel.parts


def shipped_files() -> list[pathlib.PurePosixPath]:
    """Every file that :func:`copy_lessons` copies, relative to :func:`notebooks_dir`, sorted.

    The translated trees (``lv/``, ``ru/``, ``he/``) are not listed: with ``lang`` a file
    of ``<lang>/`` (a translated lesson) is copied in place of the English one
    (see :func:`translated_source`).

    Raises:
        FileNotFoundError: the notebooks are missing (see :func:`notebooks_dir`).
    """
    root = notebooks_dir()
    out = []
    for path in root.rglob("*"):
        rel = path.relative_to(root)
        if rel.parts[0] in TRANSLATED:
            continue
        if path.is_file() and not (_SKIP_PARTS & set(rel.parts)) and not rel.name.startswith("."):
            if is_record(rel):
                continue  # someone's record of the checks: a student would continue it
            out.append(pathlib.PurePosixPath(rel.as_posix()))
    return sorted(out)


def translated_source(rel: pathlib.PurePosixPath, lang: str | None) -> pathlib.Path:
    """The file copied for ``rel`` in ``lang``: the generated translation when there is one."""
    root = notebooks_dir()
    if lang in TRANSLATED:
        translated = root / lang / rel
        if translated.is_file():
            return translated
    return root / rel


@dataclass(frozen=True)
class CopyReport:
    """What :func:`copy_lessons` did, file by file (paths relative to ``directory``)."""

    directory: pathlib.Path
    #: Files that were not there and were written.
    copied: tuple[str, ...] = ()
    #: Files that were there already with the same content (left alone).
    unchanged: tuple[str, ...] = ()
    #: Files that differed and were overwritten (``force=True``).
    replaced: tuple[str, ...] = ()
    #: Files that differed and were kept as they are (no ``force``).
    kept: tuple[str, ...] = ()

    @property
    def notebooks(self) -> int:
        """How many notebooks the folder now has from this package."""
        return sum(name.endswith(".ipynb") for name in self.copied + self.unchanged + self.replaced + self.kept)

    def summary(self, force_option: str = "force=True") -> str:
        """One line: where, how many files were copied, already there, replaced or kept.

        Kept files are named (the first three) with how to replace them: ``force_option``
        (``"--force"`` on the command line).

        >>> CopyReport(pathlib.Path("class"), copied=("a.ipynb",), kept=("b.ipynb",)).summary("--force")
        'Lessons in class: 1 file copied, 0 already up to date, 1 changed file kept (b.ipynb; add --force to replace it).'
        """

        def files(n: int) -> str:
            return f"{n} file" if n == 1 else f"{n} files"

        parts = [f"{files(len(self.copied))} copied", f"{len(self.unchanged)} already up to date"]
        if self.replaced:
            parts.append(f"{len(self.replaced)} changed {files(len(self.replaced)).split()[1]} replaced")
        if self.kept:
            names = ", ".join(self.kept[:3]) + (f" and {len(self.kept) - 3} more" if len(self.kept) > 3 else "")
            it = "it" if len(self.kept) == 1 else "them"
            parts.append(
                f"{len(self.kept)} changed {files(len(self.kept)).split()[1]} kept ({names}; add {force_option} to replace {it})"
            )
        return f"Lessons in {self.directory}: " + ", ".join(parts) + "."

    def __str__(self) -> str:
        return self.summary()


def _with_language(data: bytes, lang: str) -> bytes:
    """A notebook's bytes with a first cell that sets the package's language to ``lang``."""
    nb = json.loads(data.decode("utf-8"))
    cell: dict[str, object] = {
        "cell_type": "code",
        "execution_count": None,
        "metadata": {"tags": [LANGUAGE_CELL_ID]},
        "outputs": [],
        "source": f'import boardgames_widgets as bw\n\nbw.set_language("{lang}")  # the language of the boards',
    }
    if any("id" in c for c in nb.get("cells", [])):
        cell["id"] = LANGUAGE_CELL_ID
    nb["cells"] = [cell, *nb.get("cells", [])]
    return (json.dumps(nb, indent=1, ensure_ascii=False) + "\n").encode("utf-8")


def copy_lessons(directory: str | os.PathLike[str], force: bool = False, lang: str | None = None) -> CopyReport:
    """Copy the start notebook, the arcade, the game notebooks, the lessons and the teacher dashboard.

    Sub-folders are kept (``lessons/probability/01_dice.ipynb`` ...). A file that is already
    there with the same content is left alone; one that differs (a student's work) is kept
    unless ``force`` is true. Run it again after an upgrade to get new notebooks.

    Args:
        directory: the folder to copy into (created when missing).
        force: overwrite files that differ from the package's copy.
        lang: ``"en"``, ``"lv"``, ``"ru"`` or ``"he"``: the lessons and the teacher dashboard
            are copied in that language (the generated translations: prose, feedback and
            plots translated, a first cell that sets the language); every other notebook
            starts with a cell that sets the language of the boards. ``None`` copies the
            English notebooks unchanged.

    Returns:
        What was copied, left alone, replaced and kept; ``str()`` of it is a one-line summary.

    Raises:
        ValueError: unknown language.
        NotADirectoryError: ``directory`` exists and is a file.
        FileNotFoundError: the package's notebooks are missing (a broken installation).

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as d:
    ...     first, again = copy_lessons(d), copy_lessons(d)
    >>> "00_start_here.ipynb" in first.copied, len(again.copied), again.unchanged == first.copied
    (True, 0, True)
    """
    if lang is not None:
        from boardgames_widgets.i18n import check_language

        lang = check_language(lang)
    target = pathlib.Path(directory).expanduser()
    if target.exists() and not target.is_dir():
        raise NotADirectoryError(f"{target} is a file, not a folder: choose a folder to copy the lessons into")
    source = notebooks_dir()
    done: dict[str, list[str]] = {"copied": [], "unchanged": [], "replaced": [], "kept": []}
    for rel in shipped_files():
        path = translated_source(rel, lang)
        data = path.read_bytes()
        if lang is not None and rel.suffix == ".ipynb" and path == source / rel:
            data = _with_language(data, lang)
        dest = target.joinpath(*rel.parts)
        if not dest.exists():
            outcome = "copied"
        elif dest.read_bytes() == data:
            done["unchanged"].append(str(rel))
            continue
        elif force:
            outcome = "replaced"
        else:
            done["kept"].append(str(rel))
            continue
        dest.parent.mkdir(parents=True, exist_ok=True)
        dest.write_bytes(data)
        done[outcome].append(str(rel))
    return CopyReport(directory=target, **{k: tuple(v) for k, v in done.items()})
