"""``boardgames-widgets course``: an nbgrader course of the lessons, run with one command per step.

The same steps from Python::

    from boardgames_widgets.lessons.course_cli import Course
    course = Course.init("my_course", lessons_from="my_lessons", course_id="class7b", exchange="/srv/nbgrader/exchange")
    course.release()     # the student versions of all lessons, handed out through the exchange
    course.collect()     # every submission of every lesson
    course.autograde()   # every collected submission
    course.report()      # report.html: completion, misconceptions, stuck students

``init`` lays out the course from the teacher's own copy of the lessons (``boardgames-widgets
lessons DIR``, perhaps edited) or, without ``lessons_from``, from the notebooks the package ships
(so it works from a pip install), and writes ``nbgrader_config.py`` with the course id, the
exchange and a per-cell time limit, each explained in a comment. The lessons' notes for the
teacher ("For teachers": timing, common mistakes, extensions) are taken out of what students
get and gathered in ``teacher_notes.md`` in the course folder. Every step works on all the
course's lessons at once (or the ones named), never on a folder named ``*``. nbgrader runs
``alembic`` (and Jupyter kernels) from ``PATH``: the steps run nbgrader with this Python and put
its ``bin`` folder first on ``PATH``, so they work whether or not the environment is activated.
"""

from __future__ import annotations

import argparse
import contextlib
import html
import os
import shutil
import subprocess
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from boardgames_widgets.lessons.course import ASSIGNMENTS, NBGRADER_CONFIG

#: nbgrader's default is 30 s per cell; a busy server needs more for the lessons' simulations
DEFAULT_TIMEOUT = 300
#: a course's settings, added to the lessons' nbgrader_config.py
COURSE_SETTINGS = """
# -- this course (boardgames-widgets course init) ----------------------------------------------------
# The course id: students fetch and submit with it (JupyterHub: the course's name in the hub's list).
c.CourseDirectory.course_id = {course_id!r}
# The exchange: the folder through which lessons are released and submissions collected. On one
# machine any folder every user can write to; on JupyterHub a folder shared by all users
# (e.g. /srv/nbgrader/exchange, world-writable with the sticky bit: chmod 1777).
c.Exchange.root = {exchange!r}
# Seconds each cell may run while nbgrader executes a notebook (autograde, validate). nbgrader's
# default, 30 s, is too short for the lessons' simulations on a busy server: a cell stopped by the
# limit leaves NameErrors in the rest of the student's feedback.
c.ExecutePreprocessor.timeout = {timeout}
"""


def lesson_folder(lessons_from: str | os.PathLike[str] | None = None, lang: str | None = None) -> Path:
    """The folder with the lessons' notebooks (``probability/01_dice.ipynb``, …).

    Args:
        lessons_from: the teacher's copy (``boardgames-widgets lessons DIR``: ``DIR`` or
            ``DIR/lessons``); ``None``: the notebooks the package ships (in ``lang``).
        lang: with ``lessons_from=None``, ``"lv"``, ``"ru"`` or ``"he"`` for the translations.

    Raises:
        FileNotFoundError: no lesson notebooks there.
    """
    if lessons_from is None:
        from boardgames_widgets.lessons.copying import notebooks_dir

        root = notebooks_dir()
        folder = root / "lessons" if lang in (None, "en") else root / str(lang) / "lessons"
    else:
        folder = Path(lessons_from)
        if (folder / "lessons").is_dir():
            folder = folder / "lessons"
    if not any((folder / nb).is_file() for nb in ASSIGNMENTS.values()):
        raise FileNotFoundError(f"no lesson notebooks in {folder} (expected e.g. {next(iter(ASSIGNMENTS.values()))})")
    return folder


#: how a lesson's notes for the teacher begin (its last Markdown cell)
TEACHER_NOTES = "## For teachers"


def teacher_note_ids() -> frozenset[str]:
    """The cell ids of the teachers' notes in the shipped lessons (kept by the translations)."""
    import json

    ids: set[str] = set()
    with contextlib.suppress(FileNotFoundError):
        folder = lesson_folder()
        for notebook in ASSIGNMENTS.values():
            path = folder / notebook
            if path.is_file():
                cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
                ids |= {c["id"] for c in cells if c.get("id") and "".join(c["source"]).startswith(TEACHER_NOTES)}
    return frozenset(ids)


def split_teacher_notes(path: Path, ids: frozenset[str] = frozenset()) -> str:
    """Take the teachers' notes out of a lesson notebook (rewritten in place); their text.

    A note is a Markdown cell that starts with "## For teachers", or whose id is one of ``ids``
    (the same cell in a translated lesson).
    """
    import json

    nb = json.loads(path.read_text(encoding="utf-8"))
    notes, kept = [], []
    for cell in nb["cells"]:
        text = "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]
        if cell["cell_type"] == "markdown" and (text.startswith(TEACHER_NOTES) or cell.get("id") in ids):
            notes.append(text)
        else:
            kept.append(cell)
    if notes:
        nb["cells"] = kept
        path.write_text(json.dumps(nb, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return "\n\n".join(notes)


def nbgrader_env() -> dict[str, str]:
    """The environment nbgrader runs in: this Python's ``bin`` first on ``PATH`` (for ``alembic``)."""
    env = dict(os.environ)
    env["PATH"] = os.pathsep.join([str(Path(sys.executable).parent), env.get("PATH", "")])
    return env


@dataclass
class Course:
    """An nbgrader course folder of the lessons.

    Attributes:
        root: the course folder (nbgrader's ``CourseDirectory.root``).
    """

    root: Path

    @classmethod
    def init(
        cls,
        folder: str | os.PathLike[str],
        *,
        lessons_from: str | os.PathLike[str] | None = None,
        lessons: Sequence[str] | None = None,
        course_id: str = "lessons",
        exchange: str | os.PathLike[str] | None = None,
        timeout: int = DEFAULT_TIMEOUT,
        lang: str | None = None,
    ) -> Course:
        """Lay out a course: the lessons in ``source/``, and ``nbgrader_config.py``.

        Args:
            folder: the course folder (created when missing).
            lessons_from: the teacher's copy of the lessons (see :func:`lesson_folder`).
            lessons: which lessons (names of :data:`~boardgames_widgets.lessons.course.ASSIGNMENTS`);
                all the copy has by default.
            course_id: nbgrader's course id.
            exchange: the exchange folder (default: ``<folder>/exchange``, one machine).
            timeout: seconds per cell when nbgrader runs a notebook.
            lang: the shipped translation to use when ``lessons_from`` is ``None``.

        Raises:
            KeyError: an unknown lesson name.
            FileNotFoundError: no lessons in ``lessons_from``.
            ValueError: a timeout below 1 s.
        """
        if timeout < 1:
            raise ValueError(f"timeout must be at least 1 second, not {timeout}")
        source = lesson_folder(lessons_from, lang)
        names = list(lessons) if lessons else [n for n, nb in ASSIGNMENTS.items() if (source / nb).is_file()]
        root = Path(folder)
        ids = teacher_note_ids()
        notes = []
        for name in names:
            notebook = source / ASSIGNMENTS[name]
            target = root / "source" / name
            target.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(notebook, target / notebook.name)
            text = split_teacher_notes(target / notebook.name, ids)  # not handed out to the students
            if text:
                notes.append(f"<!-- {name} -->\n\n# {name}\n\n{text}")
        (root / "teacher_notes.md").write_text("\n\n".join(notes) + "\n", encoding="utf-8")
        exchange_root = Path(exchange) if exchange is not None else root / "exchange"
        exchange_root.mkdir(parents=True, exist_ok=True)
        settings = COURSE_SETTINGS.format(course_id=course_id, exchange=str(exchange_root.resolve()), timeout=timeout)
        (root / "nbgrader_config.py").write_text(NBGRADER_CONFIG + settings, encoding="utf-8")
        return cls(root)

    def lessons(self) -> list[str]:
        """The course's lessons (folders of ``source/``), in course order."""
        here = (
            {p.name for p in (self.root / "source").iterdir() if p.is_dir()}
            if (self.root / "source").is_dir()
            else set()
        )
        return [n for n in ASSIGNMENTS if n in here] + sorted(here - set(ASSIGNMENTS))

    def nbgrader(self, *args: str) -> str:
        """Run ``nbgrader ARGS`` in the course folder with this Python; its output.

        Raises:
            RuntimeError: nbgrader failed (with its output).
        """
        done = subprocess.run(
            [sys.executable, "-m", "nbgrader", *args],
            cwd=self.root,
            env=nbgrader_env(),
            capture_output=True,
            text=True,
            check=False,
        )
        if done.returncode != 0:
            raise RuntimeError(f"nbgrader {' '.join(args)} failed:\n{done.stdout}{done.stderr}")
        return done.stdout + done.stderr

    def _each(self, lessons: Sequence[str] | None) -> list[str]:
        names = list(lessons) if lessons else self.lessons()
        unknown = [n for n in names if n not in self.lessons()]
        if unknown:
            raise KeyError(f"not lessons of this course: {', '.join(unknown)} (it has: {', '.join(self.lessons())})")
        return names

    def release(self, lessons: Sequence[str] | None = None) -> list[str]:
        """Make the student versions and hand them out through the exchange (all lessons by default)."""
        names = self._each(lessons)
        for name in names:
            self.nbgrader("generate_assignment", name, "--force")
            self.nbgrader("release_assignment", name, "--force")
        return names

    def collect(self, lessons: Sequence[str] | None = None) -> list[str]:
        """Collect every submission of each lesson into ``submitted/`` (with the students' records)."""
        names = self._each(lessons)
        for name in names:
            self.nbgrader("collect", name, "--update")
        return names

    def autograde(self, lessons: Sequence[str] | None = None) -> list[str]:
        """Autograde every collected submission of each lesson."""
        names = self._each(lessons)
        for name in names:
            if any((self.root / "submitted").glob(f"*/{name}")):
                self.nbgrader("autograde", name, "--force")
        return names

    def report(self, path: str | os.PathLike[str] | None = None) -> Path:
        """Write the class dashboard as one HTML page (``report.html`` in the course folder).

        Completion per exercise, the most frequent misconceptions, the students who are stuck,
        and the plots, from the records in ``submitted/``.
        """
        import base64
        import io

        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt

        from boardgames_widgets.lessons import dashboard
        from boardgames_widgets.lessons.check import _load

        submitted = self.root / "submitted"
        records = dashboard.load_class(submitted) if submitted.is_dir() else []
        out = Path(path) if path is not None else self.root / "report.html"
        parts = ["<!doctype html><meta charset='utf-8'><title>Class report</title><h1>Class report</h1>"]
        if not records:
            parts.append("<p>No records yet: collect the submissions first.</p>")
        else:
            buf = io.BytesIO()
            ax = dashboard.plot_completion(records)
            ax.figure.savefig(buf, format="png", bbox_inches="tight")
            plt.close(ax.figure)
            parts.append(
                f"<img alt='completion' src='data:image/png;base64,{base64.b64encode(buf.getvalue()).decode()}'>"
            )
            for lesson_id in sorted({r.lesson for r in records}):
                parts.append(f"<h2>{html.escape(lesson_id)}</h2><ul>")
                for q, share in dashboard.completion(records, lesson_id).items():
                    common = dashboard.misconceptions(records, lesson_id).get(q, [])
                    said = "; ".join(f"{html.escape(text)} ({n})" for text, n in common)
                    parts.append(f"<li>{html.escape(q)}: {share:.0%} done{' — ' + said if said else ''}</li>")
                parts.append("</ul>")
            parts.append("<h2>Stuck</h2><ul>")
            for student, lesson_id, q, attempts, last in dashboard.stuck(records):
                text = dashboard.message_text(_load(lesson_id).exercises[q], last)
                parts.append(
                    f"<li>{html.escape(student)}, {html.escape(lesson_id)} {html.escape(q)}: {attempts} tries — "
                    f"{html.escape(text)}</li>"
                )
            parts.append("</ul>")
        out.write_text("\n".join(parts), encoding="utf-8")
        return out


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """The ``course`` subcommand (its subcommands: init, release, collect, autograde, report)."""
    course = sub.add_parser(
        "course",
        help="run an nbgrader course of the lessons",
        description="An nbgrader course of the lessons: init, then release, collect, autograde and report "
        "for all lessons at once (or the ones named).",
    )
    steps = course.add_subparsers(dest="step", required=True, metavar="{init,release,collect,autograde,report}")
    init = steps.add_parser("init", help="lay out a course from your copy of the lessons")
    init.add_argument("directory", metavar="DIR", help="the course folder")
    init.add_argument("--from", dest="lessons_from", help="your copy of the lessons (boardgames-widgets lessons DIR)")
    init.add_argument("--lessons", nargs="*", help="only these lessons (e.g. probability_01_dice)")
    init.add_argument("--course-id", default="lessons", help="nbgrader's course id (default: lessons)")
    init.add_argument("--exchange", help="the exchange folder (default: DIR/exchange; JupyterHub: a shared folder)")
    init.add_argument("--timeout", type=int, default=DEFAULT_TIMEOUT, help="seconds per cell when grading")
    init.add_argument("--lang", help="without --from: the lessons in this language (en, lv, ru, he)")
    for name, text in (
        ("release", "make the student versions and release them"),
        ("collect", "collect the submissions"),
        ("autograde", "autograde the collected submissions"),
    ):
        step = steps.add_parser(name, help=text + " (all lessons, or the ones named)")
        step.add_argument("directory", metavar="DIR", help="the course folder")
        step.add_argument("lessons", nargs="*", help="only these lessons")
    report = steps.add_parser("report", help="write the class dashboard as report.html")
    report.add_argument("directory", metavar="DIR", help="the course folder")
    report.add_argument("--open", action="store_true", help="open it in the browser")


def run(args: argparse.Namespace) -> int:
    """Carry out ``boardgames-widgets course STEP``; the exit code."""
    try:
        if args.step == "init":
            course = Course.init(
                args.directory,
                lessons_from=args.lessons_from,
                lessons=args.lessons,
                course_id=args.course_id,
                exchange=args.exchange,
                timeout=args.timeout,
                lang=args.lang,
            )
            n = len(course.lessons())
            print(
                f"course {args.course_id!r} in {course.root}: {n} lesson{'s' if n != 1 else ''}; settings in "
                f"{course.root / 'nbgrader_config.py'}, your notes in {course.root / 'teacher_notes.md'}"
            )
            return 0
        course = Course(Path(args.directory))
        if not (course.root / "nbgrader_config.py").is_file():
            print(
                f"no course in {course.root}: run 'boardgames-widgets course init {course.root}' first", file=sys.stderr
            )
            return 2
        if args.step == "report":
            out = course.report()
            print(f"wrote {out}")
            if args.open:
                import webbrowser

                webbrowser.open(out.resolve().as_uri())
            return 0
        done = getattr(course, args.step)(args.lessons or None)
        print(f"{args.step}: {', '.join(done)}")
        return 0
    except (KeyError, FileNotFoundError, ValueError, RuntimeError) as exc:
        print(f"boardgames-widgets course {args.step}: {exc}", file=sys.stderr)
        return 1
