"""Old home of :mod:`boardgames_widgets.lessons.copying` (``copy_lessons``); kept for old imports."""

from __future__ import annotations

from boardgames_widgets.lessons.copying import (
    LANGUAGE_CELL_ID,
    TRANSLATED,
    CopyReport,
    copy_lessons,
    is_record,
    notebooks_dir,
    shipped_files,
    translated_source,
)

__all__ = [
    "LANGUAGE_CELL_ID",
    "TRANSLATED",
    "CopyReport",
    "copy_lessons",
    "is_record",
    "notebooks_dir",
    "shipped_files",
    "translated_source",
]
