"""The ``boardgames-widgets`` command and ``copy_lessons``: what lands where, what is kept, what would run."""

from __future__ import annotations

import importlib.util
import json
import os
import pathlib
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request

import pytest

import boardgames_widgets as bw
from boardgames_widgets import cli
from boardgames_widgets.lessons.copying import LANGUAGE_CELL_ID, TRANSLATED, notebooks_dir, shipped_files

ROOT = pathlib.Path(__file__).resolve().parent.parent
#: The package is imported from this source tree (an editable install), not an installed wheel
#: (the release workflow runs these tests against the wheel: its notebooks ship inside it).
FROM_SOURCE = pathlib.Path(bw.__file__).resolve().parent == ROOT / "boardgames_widgets"
from_source = pytest.mark.skipif(not FROM_SOURCE, reason="tests the source tree's notebooks; the wheel is installed")
START = "00_start_here.ipynb"


def _source_notebooks() -> set[str]:
    """The English notebooks (the generated translations in notebooks/<lang>/ are copied in their place)."""
    found = (ROOT / "notebooks").rglob("*.ipynb")
    names = {p.relative_to(ROOT / "notebooks").as_posix() for p in found if ".ipynb_checkpoints" not in p.parts}
    return {n for n in names if n.split("/")[0] not in TRANSLATED}


# -- copy_lessons ------------------------------------------------------------------------------
@from_source
def test_an_editable_install_reads_the_notebooks_of_the_source_tree() -> None:
    assert notebooks_dir() == ROOT / "notebooks"
    assert {str(p) for p in shipped_files()} >= _source_notebooks()


def test_copy_lessons_copies_every_notebook_with_its_folders(tmp_path: pathlib.Path) -> None:
    report = bw.copy_lessons(tmp_path / "class")
    expected = _source_notebooks()
    assert {"arcade.ipynb", START, "games/chop_chop.ipynb"} <= expected
    assert any(name.startswith("lessons/") for name in expected)
    assert set(report.copied) >= expected and not report.kept and not report.replaced
    for name in expected:
        assert (tmp_path / "class" / name).read_bytes() == (ROOT / "notebooks" / name).read_bytes()
    assert report.notebooks == len(expected)
    summary = report.summary()
    assert (
        "\n" not in summary and f"{len(report.copied)} files copied" in summary and str(tmp_path / "class") in summary
    )


def test_a_changed_file_is_kept_unless_forced_and_a_deleted_one_comes_back(tmp_path: pathlib.Path) -> None:
    bw.copy_lessons(tmp_path)
    mine = tmp_path / START
    mine.write_text('{"my": "work"}', encoding="utf-8")
    (tmp_path / "arcade.ipynb").unlink()
    again = bw.copy_lessons(tmp_path)
    assert again.kept == (START,)
    assert again.copied == ("arcade.ipynb",)
    assert mine.read_text(encoding="utf-8") == '{"my": "work"}'
    assert "1 changed file kept (00_start_here.ipynb; add force=True to replace it)" in again.summary()
    forced = bw.copy_lessons(tmp_path, force=True)
    assert forced.replaced == (START,) and not forced.kept and not forced.copied
    assert mine.read_bytes() == (ROOT / "notebooks" / START).read_bytes()
    assert "1 changed file replaced" in forced.summary()


@pytest.mark.parametrize("lang", TRANSLATED)
def test_lang_copies_the_translated_lessons_in_place_of_the_english_ones(tmp_path: pathlib.Path, lang: str) -> None:
    generated = sorted((ROOT / "notebooks" / lang).rglob("*.ipynb"))
    if not generated:
        pytest.skip(f"no {lang} notebooks generated (tools/lesson_i18n.py)")
    report = bw.copy_lessons(tmp_path, lang=lang)
    for path in generated:
        rel = path.relative_to(ROOT / "notebooks" / lang).as_posix()
        assert rel in report.copied, rel
        assert (tmp_path / rel).read_bytes() == path.read_bytes()  # the translation, with its one language cell
        first = json.loads(path.read_text(encoding="utf-8"))["cells"][0]
        assert first["id"] == LANGUAGE_CELL_ID and f'bw.set_language("{lang}")' in "".join(first["source"])
    assert not any(name.split("/")[0] in TRANSLATED for name in report.copied)  # no lv/ru/he trees in the copy
    assert cli.main(["lessons", str(tmp_path / "cli"), "--lang", lang]) == 0
    assert (tmp_path / "cli" / rel).read_bytes() == path.read_bytes()


def test_lang_starts_each_notebook_with_a_language_cell(tmp_path: pathlib.Path) -> None:
    bw.copy_lessons(tmp_path, lang="LV")
    nb = json.loads((tmp_path / START).read_text(encoding="utf-8"))
    original = json.loads((ROOT / "notebooks" / START).read_text(encoding="utf-8"))
    first = nb["cells"][0]
    assert first["metadata"]["tags"] == [LANGUAGE_CELL_ID] and 'bw.set_language("lv")' in first["source"]
    assert nb["cells"][1:] == original["cells"]
    # A second copy in the same language sees nothing changed; another language is a change.
    assert not bw.copy_lessons(tmp_path, lang="lv").copied
    assert START in bw.copy_lessons(tmp_path, lang="he").kept


def test_bad_arguments_raise_and_write_nothing(tmp_path: pathlib.Path) -> None:
    with pytest.raises(ValueError, match="unknown language 'xx'"):
        bw.copy_lessons(tmp_path / "a", lang="xx")
    assert not (tmp_path / "a").exists()
    afile = tmp_path / "file.txt"
    afile.write_text("x", encoding="utf-8")
    with pytest.raises(NotADirectoryError, match="is a file"):
        bw.copy_lessons(afile)


# -- the command line ----------------------------------------------------------------------------
def test_lessons_subcommand_prints_the_one_line_summary(
    tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli.main(["lessons", str(tmp_path)]) == 0
    (first,) = capsys.readouterr().out.splitlines()
    assert first.startswith(f"Lessons in {tmp_path}:")
    (tmp_path / START).write_text("changed", encoding="utf-8")
    assert cli.main(["lessons", str(tmp_path)]) == 0
    assert "1 changed file kept (00_start_here.ipynb; add --force to replace it)" in capsys.readouterr().out
    assert cli.main(["lessons", str(tmp_path), "--force"]) == 0
    assert "1 changed file replaced" in capsys.readouterr().out
    assert cli.main(["lessons", str(tmp_path), "--lang", "xx"]) == 2
    assert "unknown language" in capsys.readouterr().err
    (tmp_path / "afile").write_text("x", encoding="utf-8")
    assert cli.main(["lessons", str(tmp_path / "afile" / "class")]) == 2  # a folder inside a file
    err = capsys.readouterr().err
    assert err.startswith("boardgames-widgets lessons: Not a directory: ") and "Errno" not in err


@pytest.mark.parametrize("command", ["lessons", "play", "tournament"])
def test_every_subcommand_has_help(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        cli.main([command, "--help"])
    assert exc.value.code == 0
    out = capsys.readouterr().out
    assert out.startswith(f"usage: boardgames-widgets {command}")
    assert {"lessons": "--force", "play": "GAME", "tournament": "--game"}[command] in out
    if command != "lessons":
        ids = bw.game_ids()
        assert ", ".join(ids[:-1]) + " or " + ids[-1] in " ".join(out.split())


def test_no_subcommand_is_an_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        cli.main([])
    assert exc.value.code == 2
    assert "lessons,play,tournament" in capsys.readouterr().err


@from_source
def test_play_runs_voila_on_the_arcade_with_the_game_preselected() -> None:
    argv, env = cli.voila_command("chop_chop", port=9000, no_browser=True)
    assert argv[:3] == [sys.executable, "-m", "voila"]
    assert pathlib.Path(argv[3]) == ROOT / "notebooks" / "arcade.ipynb"
    assert "--Voila.ip=127.0.0.1" in argv and "--port=9000" in argv and "--no-browser" in argv
    assert env[cli.ARCADE_GAME_ENV] == "chop_chop"
    # the arcade's own template (no CDN), found through JUPYTER_PATH
    assert "--template=bgw" in argv
    templates = pathlib.Path(env["JUPYTER_PATH"].split(os.pathsep)[0]) / "voila" / "templates" / "bgw"
    assert (templates / "index.html.j2").is_file() and (templates / "conf.json").is_file()
    argv, env = cli.voila_command()
    assert "--port=8866" in argv and "--no-browser" not in argv and set(env) == {"JUPYTER_PATH"}


def test_play_dry_run_accepts_spellings_of_a_game_and_refuses_unknown_ones(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["play", "Chop-Chop", "--dry-run", "--port", "9001"]) == 0
    out = capsys.readouterr().out.strip()
    assert (
        out.startswith(f"{cli.ARCADE_GAME_ENV}=chop_chop JUPYTER_PATH=")
        and "arcade.ipynb" in out
        and "--port=9001" in out
    )
    with pytest.raises(SystemExit) as exc:
        cli.main(["play", "chess"])
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert "unknown game 'chess'" in err and "food_chain" in err


def test_play_without_voila_says_how_to_install_it(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    real = cli.importlib.util.find_spec
    monkeypatch.setattr(cli.importlib.util, "find_spec", lambda name: None if name == "voila" else real(name))
    monkeypatch.setattr(cli.subprocess, "call", lambda *a, **k: pytest.fail("voila must not start"))
    monkeypatch.setattr(cli.os, "execve", lambda *a, **k: pytest.fail("voila must not start"))
    assert cli.main(["play", "papageno"]) == 1
    assert "pip install 'boardgames_widgets[lab]'" in capsys.readouterr().err


def test_play_becomes_voila_with_the_game_in_its_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[tuple[str, list[str], dict[str, str]]] = []

    class Replaced(Exception):
        """What execve does: this process does not come back."""

    def execve(path: str, argv: list[str], env: dict[str, str]) -> None:
        calls.append((path, argv, env))
        raise Replaced

    monkeypatch.setattr(cli.importlib.util, "find_spec", lambda name: object())
    monkeypatch.setattr(cli.os, "name", "posix")
    monkeypatch.setattr(cli.os, "execve", execve)
    monkeypatch.setattr(cli.subprocess, "call", lambda *a, **k: pytest.fail("no second Voilà"))
    with pytest.raises(Replaced):
        cli.main(["play", "mouse_trap", "--no-browser"])
    ((path, argv, env),) = calls
    assert path == sys.executable and argv == cli.voila_command("mouse_trap", no_browser=True)[0]
    assert env[cli.ARCADE_GAME_ENV] == "mouse_trap" and env["PATH"] == os.environ["PATH"]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.mark.skipif(importlib.util.find_spec("voila") is None, reason="Voilà is not installed (the lab extra)")
def test_play_serves_the_arcade_with_that_game_on_127_0_0_1(tmp_path: pathlib.Path) -> None:
    """The real command: Voilà starts, the page comes over 127.0.0.1 with the chosen game's board
    (its picture, titled with the game's name), and stopping the command's own PID stops the server."""
    port = _free_port()
    log = tmp_path / "voila.log"
    env = dict(os.environ, PYTHONPATH=str(ROOT), MPLBACKEND="Agg")
    argv = [sys.executable, "-m", "boardgames_widgets", "play", "papageno", "--no-browser", "--port", str(port)]
    with log.open("wb") as out:
        server = subprocess.Popen(argv, stdout=out, stderr=subprocess.STDOUT, env=env, cwd=tmp_path)
        try:
            page = ""
            deadline = time.monotonic() + 180  # how long to wait for a slow machine, not a speed check
            while not page and server.poll() is None and time.monotonic() < deadline:
                try:
                    with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=120) as answer:
                        page = answer.read().decode("utf-8")
                except (urllib.error.URLError, ConnectionError):
                    time.sleep(0.5)
        finally:
            server.terminate()
            server.wait(timeout=60)
    assert page, log.read_text(encoding="utf-8", errors="replace")[-3000:]
    assert "<title>arcade" in page
    # The board shown first is Papageno's (the picture that stands in for the canvas carries its name).
    assert "\\u003ctitle\\u003ePapageno\\u003c/title\\u003e" in page
    assert "\\u003ctitle\\u003eFood Chain\\u003c/title\\u003e" not in page
    with pytest.raises(OSError):  # nothing is left listening
        socket.create_connection(("127.0.0.1", port), timeout=5).close()


def test_save_table_writes_markdown_and_csv(tmp_path: pathlib.Path) -> None:
    rows = [["agent", "Elo", "vs a|b"], ["a|b", "1510", "—"], ["c", "1490", "40% (20–60)"]]
    md, csv_path = cli.save_table(rows, tmp_path / "out")
    assert md.read_text(encoding="utf-8").splitlines() == [
        "| agent | Elo | vs a\\|b |",
        "|---|---|---|",
        "| a\\|b | 1510 | — |",
        "| c | 1490 | 40% (20–60) |",
    ]
    import csv

    with csv_path.open(encoding="utf-8", newline="") as f:
        assert list(csv.reader(f)) == rows
    md, csv_path = cli.save_table(rows, tmp_path / "legend", legend="What the columns mean.")
    assert md.read_text(encoding="utf-8").splitlines()[-2:] == ["", "What the columns mean."]
    with csv_path.open(encoding="utf-8", newline="") as f:
        assert list(csv.reader(f)) == rows  # the CSV holds the cells only


def test_python_dash_m_runs_the_command(tmp_path: pathlib.Path) -> None:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    res = subprocess.run(
        [sys.executable, "-m", "boardgames_widgets", "lessons", str(tmp_path)],
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    assert res.returncode == 0, res.stderr
    assert res.stdout.startswith("Lessons in") and (tmp_path / START).exists()


# -- tournament (the fair-play API: load_agents, round_robin, default_executor) ---------------
AGENT_FILES = {
    "alice.py": "def act(observation, legal_actions, rng):\n    return rng.choice(legal_actions)\n",
    "bob.py": 'NAME = "Bob"\n\n\ndef act(observation, legal_actions, rng):\n    return legal_actions[0]\n',
    "carol.py": 'def act(observation, legal_actions, rng):\n    return "not a move"\n',
    "broken.py": "def act(observation, legal_actions, rng)\n    return 1\n",
}


def _standings(path: pathlib.Path) -> list[list[str]]:
    import csv

    with path.open(encoding="utf-8", newline="") as f:
        return list(csv.reader(f))


def test_tournament_plays_the_folder_and_saves_the_table(
    tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "agents"
    folder.mkdir()
    for name, text in AGENT_FILES.items():
        (folder / name).write_text(text, encoding="utf-8")
    args = ["tournament", str(folder), "--game", "food-chain", "--games", "2", "--workers", "1"]
    assert cli.main(args) == 0
    out, err = capsys.readouterr()
    assert "left out broken.py" in err and "SyntaxError" in err
    assert "tournament" in err  # the progress bar
    header, *rows = _standings(folder / "standings.csv")
    assert header == ["#", "agent", "Elo", "games", "win rate", "forfeits"]
    by_name = {r[1]: r for r in rows}
    assert set(by_name) == {"alice", "bob (Bob)", "carol", "broken.py"}  # file names; NAME shown beside
    assert by_name["carol"][5] == "4: 4 illegal" and by_name["carol"][4] == "0%"  # every game a forfeit, and why
    assert by_name["alice"][5] == by_name["bob (Bob)"][5] == "0"
    assert by_name["broken.py"][5].startswith("not played: cannot be imported: SyntaxError")  # listed in the table
    assert rows[-2][1] == "carol"  # best first, files not played last
    md = (folder / "standings.md").read_text(encoding="utf-8")
    assert md.startswith("| # | agent | Elo |") and f"Saved the standings as {folder / 'standings.md'}" in out
    assert md.rstrip().endswith(cli.TABLE_LEGEND) and cli.TABLE_LEGEND in out  # what the columns mean
    assert all(word in cli.TABLE_LEGEND for word in ("win rate:", "forfeits:", "vs NAME:", "95%"))
    assert out.index("carol") > out.index("alice")  # the table is printed too
    assert max(len(line) for line in out.split(cli.TABLE_LEGEND)[0].splitlines()) <= 100
    cross = _standings(folder / "cross_table.csv")
    assert cross[0][:5] == ["agent", "Elo", "games", "win rate", "errors"] and len(cross) == 4
    assert "<table" in (folder / "cross_table.html").read_text(encoding="utf-8")
    assert (folder / "cross_table.png").read_bytes().startswith(b"\x89PNG")  # the picture of the same table
    assert "isolation: bubblewrap" in out  # the layer in force, said at the start
    results = (folder / "results.jsonl").read_text(encoding="utf-8").splitlines()
    assert len(results) == 6  # 3 pairings x 2 games
    # Run again: every game is already finished, so the same table comes back and nothing is replayed.
    assert cli.main(args) == 0
    capsys.readouterr()
    assert (folder / "results.jsonl").read_text(encoding="utf-8").splitlines() == results
    assert _standings(folder / "standings.csv") == [header, *rows]


def test_tournament_needs_two_agents_and_a_folder(tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "alice.py").write_text(AGENT_FILES["alice.py"], encoding="utf-8")
    assert cli.main(["tournament", str(tmp_path), "--game", "papageno"]) == 1
    assert "needs at least two agents" in capsys.readouterr().err
    assert not (tmp_path / "standings.csv").exists()
    assert cli.main(["tournament", str(tmp_path / "nowhere"), "--game", "papageno"]) == 2
    assert "is not a folder" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        cli.main(["tournament", str(tmp_path)])  # --game is required
    assert "--game" in capsys.readouterr().err
