"""The ``boardgames-widgets`` command (also ``python -m boardgames_widgets``).

Three subcommands, each with ``--help``:

- ``lessons DIR``: copy the notebooks (start, arcade, games, lessons, teacher dashboard) into
  ``DIR``, keeping files that were changed unless ``--force``;
- ``play [GAME]``: open the arcade as an app in the browser with Voilà (the ``lab`` extra);
- ``tournament FOLDER --game GAME``: a class tournament of the agent files in ``FOLDER``
  (one ``.py`` file per student, defining ``act(observation, legal_actions, rng)`` or
  ``agent``), with a progress bar; the table is printed and saved next to the agents;
- ``course init|release|collect|autograde|report DIR``: an nbgrader course of the lessons
  (:mod:`boardgames_widgets.lessons.course_cli`).
"""

from __future__ import annotations

import argparse
import contextlib
import csv
import importlib.util
import os
import pathlib
import subprocess
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from boardgames_widgets.analysis.tournament import TournamentResult

__all__ = [
    "TABLE_LEGEND",
    "build_parser",
    "main",
    "save_cross_table_picture",
    "save_table",
    "voila_command",
    "voila_template",
]

#: The environment variable through which ``play GAME`` tells the arcade which game to preselect.
ARCADE_GAME_ENV = "BGW_ARCADE_GAME"
#: What the columns of the tournament table mean, printed under it and saved with it.
TABLE_LEGEND = (
    "The best agent is first. win rate: the share of its games an agent won (a shared win counts in part). "
    "forfeits: games it lost by crashing, making an illegal move, running out of time or memory, by reason. "
    "In cross_table.csv, vs NAME: how often the agent in that row beat NAME; in brackets, the range the true "
    "rate is in with 95% confidence (more games, a narrower range)."
)
#: Voilà's default port.
VOILA_PORT = 8866


def _game_id(text: str) -> str:
    """An argparse type: a registered game id (``chop-chop`` and ``Chop_Chop`` are accepted)."""
    from boardgames_widgets.core.registry import game_ids

    gid = text.strip().lower().replace("-", "_")
    if gid not in game_ids():
        raise argparse.ArgumentTypeError(f"unknown game {text!r}; choose one of {', '.join(game_ids())}")
    return gid


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``boardgames-widgets`` command."""
    from boardgames_widgets import __version__
    from boardgames_widgets.core.registry import game_ids

    games = ", ".join(game_ids()[:-1]) + " or " + game_ids()[-1]
    parser = argparse.ArgumentParser(
        prog="boardgames-widgets",
        description="Four family board and card games as Jupyter widgets, with lessons.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="{lessons,play,tournament,course}")

    lessons = sub.add_parser(
        "lessons",
        help="copy the notebooks and lessons into a folder",
        description="Copy the start notebook, the arcade, the game notebooks, the lessons and the teacher "
        "dashboard into DIR (sub-folders kept). Files already there with the same content are left alone; "
        "files that differ (your work) are kept unless --force.",
    )
    lessons.add_argument("directory", metavar="DIR", help="the folder to copy into (created when missing)")
    lessons.add_argument("--force", action="store_true", help="overwrite files that differ from the package's copy")
    lessons.add_argument(
        "--lang",
        help="copy the lessons and the teacher dashboard in this language (en, lv, ru, he); every other notebook "
        "starts with a cell that sets the language of the boards",
    )

    play = sub.add_parser(
        "play",
        help="open the arcade in the browser (Voilà)",
        description="Open the arcade as an app in your browser with Voilà (install it with "
        "pip install 'boardgames_widgets[lab]'). Press Ctrl+C to stop.",
    )
    play.add_argument(
        "game", metavar="GAME", nargs="?", type=_game_id, help=f"the game to open first in the arcade: {games}"
    )
    play.add_argument("--port", type=int, default=VOILA_PORT, help=f"the port to serve on (default {VOILA_PORT})")
    play.add_argument("--no-browser", action="store_true", help="do not open a browser; print the address")
    play.add_argument("--dry-run", action="store_true", help="print the command that would run, and stop")

    tour = sub.add_parser(
        "tournament",
        help="a class tournament of agent files",
        description="Every agent file in FOLDER (one .py per student, defining act(observation, legal_actions, "
        "rng) or agent) plays every other one. Files that fail to load are listed and left out; an agent that "
        "crashes, cheats or runs out of time forfeits that game. Each agent runs in a bubblewrap sandbox "
        "(Linux) that cannot see the other files or the results, write anything, reach the network or "
        "signal other processes; without bubblewrap the command refuses unless --trust-students. The "
        "standings are printed and saved as standings.md and standings.csv in FOLDER (or --out), the full "
        "cross table as cross_table.csv and cross_table.html, each agent's output in output/; finished "
        "games go to results.jsonl (signed with results.secret), so a rerun resumes.",
    )
    tour.add_argument("folder", metavar="FOLDER", help="the folder of agent files")
    tour.add_argument("--game", required=True, type=_game_id, help=f"the game to play: {games}")
    tour.add_argument("--players", type=int, help="seats per game (default: the game's smallest)")
    tour.add_argument("--games", type=int, default=20, help="games per pairing (default 20)")
    tour.add_argument("--seed", type=int, default=0, help="the tournament's seed (default 0)")
    tour.add_argument(
        "--move-time-limit",
        type=float,
        default=2.0,
        metavar="SECONDS",
        help="seconds an agent may think per move (default 2; slower forfeits the game)",
    )
    tour.add_argument(
        "--reset-time-limit",
        type=float,
        default=10.0,
        metavar="SECONDS",
        help="seconds an agent's reset() may take at the start of a game (default 10; slower forfeits)",
    )
    tour.add_argument(
        "--memory-limit", type=int, default=1024, metavar="MB", help="memory per agent process (default 1024 MB)"
    )
    tour.add_argument(
        "--trust-students",
        action="store_true",
        help="where bubblewrap cannot start, run the agents unconfined (as your own user) instead of refusing",
    )
    tour.add_argument("--workers", type=int, default=None, help="processes to play in (default: one per core)")
    tour.add_argument("--out", help="folder for the table and results (default: FOLDER)")
    from boardgames_widgets.lessons.course_cli import add_parser as add_course_parser

    add_course_parser(sub)
    return parser


def voila_command(
    game: str | None = None, *, port: int = VOILA_PORT, no_browser: bool = False
) -> tuple[list[str], dict[str, str]]:
    """The command that serves the arcade with Voilà, and the environment variables it adds.

    Args:
        game: the game the arcade preselects (passed as ``BGW_ARCADE_GAME``), or ``None``.
        port: the port to serve on.
        no_browser: do not open a browser.

    Returns:
        ``(argv, extra_env)``.

    Raises:
        FileNotFoundError: the arcade notebook is missing (a broken installation).
    """
    from boardgames_widgets.lessons.copying import notebooks_dir

    arcade = notebooks_dir() / "arcade.ipynb"
    if not arcade.is_file():
        raise FileNotFoundError(f"{arcade} is missing: reinstall boardgames_widgets")
    template_args, env = voila_template()
    argv = [sys.executable, "-m", "voila", str(arcade), "--Voila.ip=127.0.0.1", f"--port={port}", *template_args]
    if no_browser:
        argv.append("--no-browser")
    return argv, ({ARCADE_GAME_ENV: game, **env} if game else env)


def voila_template() -> tuple[list[str], dict[str, str]]:
    """Voilà's arguments and environment for the arcade's own template (no request to another host).

    The template ``bgw`` (``widgets/voila/templates/bgw``) is Voilà's "lab" template without
    its links to a CDN; Voilà finds it through ``JUPYTER_PATH``.

    Returns:
        ``(argv, extra_env)``.
    """
    here = str(pathlib.Path(__file__).resolve().parent / "widgets")
    path = os.pathsep.join(p for p in (here, os.environ.get("JUPYTER_PATH", "")) if p)
    return ["--template=bgw"], {"JUPYTER_PATH": path}


def _lessons(args: argparse.Namespace) -> int:
    from boardgames_widgets.lessons.copying import copy_lessons

    print(copy_lessons(args.directory, force=args.force, lang=args.lang).summary("--force"))
    return 0


def _play(args: argparse.Namespace) -> int:
    argv, extra = voila_command(args.game, port=args.port, no_browser=args.no_browser)
    if args.dry_run:
        print(" ".join([*(f"{k}={v}" for k, v in extra.items()), *argv]))
        return 0
    if importlib.util.find_spec("voila") is None:
        print("Voilà is not installed: pip install 'boardgames_widgets[lab]'", file=sys.stderr)
        return 1
    env = {**os.environ, **extra}
    if os.name == "posix":
        # Become Voilà: Ctrl+C and a stop signal reach the server itself (no orphaned server).
        os.execve(argv[0], argv, env)
    try:  # pragma: no cover - Windows
        return subprocess.call(argv, env=env)
    except KeyboardInterrupt:  # pragma: no cover
        return 0


def save_table(
    rows: Sequence[Sequence[str]], out: pathlib.Path, legend: str | None = None
) -> tuple[pathlib.Path, pathlib.Path]:
    """Write a table (a header row, then data rows) as ``standings.md`` and ``standings.csv`` in ``out``.

    ``legend``, when given, is a paragraph under the Markdown table (the CSV holds the cells only).

    Raises:
        OSError: ``out`` cannot be written.
    """
    out.mkdir(parents=True, exist_ok=True)
    md, csv_path = out / "standings.md", out / "standings.csv"
    cells = [[c.replace("|", "\\|") for c in row] for row in rows]
    lines = ["| " + " | ".join(cells[0]) + " |", "|" + "---|" * len(cells[0])]
    lines += ["| " + " | ".join(row) + " |" for row in cells[1:]]
    if legend:
        lines += ["", legend]
    md.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with csv_path.open("w", newline="", encoding="utf-8") as f:
        csv.writer(f).writerows(rows)
    return md, csv_path


def save_cross_table(rows: Sequence[Sequence[str]], out: pathlib.Path) -> tuple[pathlib.Path, pathlib.Path]:
    """Write the full cross table as ``cross_table.csv`` and ``cross_table.html`` in ``out``.

    Raises:
        OSError: ``out`` cannot be written.
    """
    import html

    out.mkdir(parents=True, exist_ok=True)
    csv_path, html_path = out / "cross_table.csv", out / "cross_table.html"
    with csv_path.open("w", newline="", encoding="utf-8") as f:
        csv.writer(f).writerows(rows)
    head = "".join(f"<th>{html.escape(c)}</th>" for c in rows[0])
    body = "".join("<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in row) + "</tr>\n" for row in rows[1:])
    html_path.write_text(
        f"<!doctype html><meta charset=utf-8><title>cross table</title><table border=1><tr>{head}</tr>\n{body}</table>\n",
        encoding="utf-8",
    )
    return csv_path, html_path


def save_cross_table_picture(result: TournamentResult, out: pathlib.Path) -> pathlib.Path:
    """Draw the cross table (:meth:`TournamentResult.plot`) into ``cross_table.png`` in ``out``.

    Raises:
        OSError: ``out`` cannot be written.
    """
    from matplotlib.figure import Figure  # no pyplot: no window, any backend

    side = 0.45 * len(result.standings) + 2.5
    figure = Figure(figsize=(side + 1.5, side))
    result.plot(ax=figure.subplots())
    path = out / "cross_table.png"
    figure.savefig(path, dpi=100, bbox_inches="tight")
    return path


def _stop_on_sigterm() -> None:
    """Turn SIGTERM into ``KeyboardInterrupt``, so a killed run cleans up as after Ctrl+C."""
    import signal

    def stop(signum: int, frame: object) -> None:
        raise KeyboardInterrupt(f"signal {signum}")

    signal.signal(signal.SIGTERM, stop)


def _kill_workers(executor: object) -> None:
    """Stop a process pool's workers now (their sandboxes die with them)."""
    processes = getattr(executor, "_processes", None) or {}
    for process in list(processes.values()):
        with contextlib.suppress(Exception):
            process.kill()
    with contextlib.suppress(Exception):
        executor.shutdown(wait=False, cancel_futures=True)  # type: ignore[attr-defined]


def _tournament(args: argparse.Namespace) -> int:
    from boardgames_widgets import make_game
    from boardgames_widgets.analysis.tournament import default_executor, load_agents, round_robin
    from boardgames_widgets.core.registry import game_class
    from boardgames_widgets.core.sandbox import Limits, describe_layer

    folder = pathlib.Path(args.folder)
    if not folder.is_dir():
        raise NotADirectoryError(f"{folder} is not a folder of agent files")
    out = pathlib.Path(args.out) if args.out else folder
    out.mkdir(parents=True, exist_ok=True)
    _stop_on_sigterm()
    loaded = load_agents(folder, trust_students=args.trust_students, hide=[out])
    print(describe_layer(loaded.isolation), flush=True)
    for name, problem in loaded.problems:
        print(f"left out {name}: {problem}", file=sys.stderr)
    if len(loaded.agents) < 2:
        print(f"a tournament needs at least two agents; {folder} has {len(loaded.agents)}", file=sys.stderr)
        return 1
    game = make_game(args.game, num_players=args.players or game_class(args.game).info.min_players)
    limits = Limits(memory_mb=args.memory_limit, reset_time=args.reset_time_limit)
    executor = default_executor(args.workers)
    try:
        result = round_robin(
            game,
            loaded,
            games=args.games,
            seed=args.seed,
            executor=executor,
            progress=True,
            move_time_limit=args.move_time_limit,
            results_path=out / "results.jsonl",
            trust_students=args.trust_students,
            limits=limits,
        )
    except BaseException:
        _kill_workers(executor)
        raise
    executor.shutdown(wait=True)
    print(result.standings_text())
    print(TABLE_LEGEND)
    md, csv_path = save_table(result.standings_rows(), out, legend=TABLE_LEGEND)
    cross_csv, cross_html = save_cross_table(result.rows(), out)
    picture = save_cross_table_picture(result, out)
    print(f"Saved the standings as {md} and {csv_path}, the cross table as {cross_csv}, {cross_html} and {picture},")
    print(f"each agent's output in {out / 'output'}.")
    return 0


def _course(args: argparse.Namespace) -> int:
    from boardgames_widgets.lessons.course_cli import run

    return run(args)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; the exit status.

    Raises:
        SystemExit: ``--help``, ``--version`` or wrong arguments (argparse's way).
    """
    parser = build_parser()
    args = parser.parse_args(argv)
    handlers = {"lessons": _lessons, "play": _play, "tournament": _tournament, "course": _course}
    from boardgames_widgets.core.sandbox import IsolationError

    try:
        return handlers[args.command](args)
    except KeyboardInterrupt:
        print(f"boardgames-widgets {args.command}: stopped; every process was ended", file=sys.stderr)
        return 130
    except (ValueError, OSError, IsolationError) as exc:
        # "Permission denied: /srv/class" rather than "[Errno 13] Permission denied: '/srv/class'".
        reason = f"{exc.strerror}: {exc.filename}" if isinstance(exc, OSError) and exc.strerror else str(exc)
        print(f"boardgames-widgets {args.command}: {reason}", file=sys.stderr)
        return 2
