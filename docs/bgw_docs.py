"""Generate the parts of the documentation that follow the code (run by ``conf.py``).

Everything here is written under ``docs/_generated/`` (not committed) at every build, so
pages appear by themselves as the project grows:

- one page per game in the registry (:func:`boardgames_widgets.game_ids`): the rules in
  plain words with their rule IDs (the game's section of ``docs/rules/RULES.md``), pictures
  drawn by the game's SVG view, and how to play it in the widget;
- every notebook under ``notebooks/`` (except the arcade, which is an app), with widget
  outputs replaced by a note: canvas pixels and live widgets do not survive in static HTML;
- the API reference, one section per module of ``core``, ``agents`` and ``analysis``;
- the JupyterLite site's inputs: ``jupyter_lite_config.json``, the wheels of this package
  and of the pure-Python packages its widgets need (built offline: this package with
  hatchling, the others repacked from the installed distributions), and the notebooks, each
  with a first cell that installs the package from the bundled wheel.

Nothing here touches the network.
"""

from __future__ import annotations

import base64
import csv
import hashlib
import io
import json
import os
import pathlib
import pkgutil
import re
import shutil
import subprocess
import sys
import zipfile
from importlib import metadata

DOCS = pathlib.Path(__file__).resolve().parent
#: The repository (its notebooks and package); ``BGW_DOCS_ROOT`` when the docs folder was
#: copied elsewhere to build (the tests do, so parallel builds never share ``_generated``).
ROOT = pathlib.Path(os.environ.get("BGW_DOCS_ROOT") or DOCS.parent).resolve()
GEN = DOCS / "_generated"
NOTEBOOKS = ROOT / "notebooks"
RULES = DOCS / "rules" / "RULES.md"

#: Notebooks that are apps, not pages (the arcade runs under Voilà or Binder).
APP_NOTEBOOKS = {"arcade.ipynb"}
#: Seeds of the pictures on the game pages: a representative game between random bots.
PICTURE_SEED = 1
#: How many actions into the game the "in progress" picture is taken (a fraction of the game).
PROGRESS_FRACTION = 0.4
#: Pure-Python packages bundled into the JupyterLite site next to this package's wheel
#: (their dependencies that Pyodide does not ship itself: numpy, matplotlib, pillow and
#: ipython come with Pyodide; the pyodide kernel brings its own widgetsnbextension).
LITE_DEPENDENCIES = ("ipywidgets", "ipycanvas", "comm", "jupyterlab_widgets", "tqdm")
#: The note that replaces a live widget in the static pages.
WIDGET_NOTE = (
    '<div class="bgw-widget-note"><b>▶ Interactive widget.</b> It runs in a live notebook: '
    'open this notebook in JupyterLab, on Binder or on the <a href="{root}try_it.html">Try it</a> page.</div>'
)
WIDGET_MIME = "application/vnd.jupyter.widget-view+json"
#: The picture of the board a widget's display carries for places where widgets cannot run.
PICTURE_MIMES = ("image/svg+xml", "image/png")


# -- games -----------------------------------------------------------------------------
def rules_sections(text: str) -> dict[str, tuple[str, str]]:
    """Split RULES.md into its numbered sections: number -> (title, body in Markdown)."""
    out: dict[str, tuple[str, str]] = {}
    parts = re.split(r"^## (\d+)\. (.*)$", text, flags=re.M)
    for i in range(1, len(parts) - 2, 3):
        body = parts[i + 2].strip()
        body = re.sub(r"\n-{3,}\s*$", "", body).strip()
        title = re.sub(r"\s*\(seeds? [\d, ]+\)\s*$", "", parts[i + 1].strip())  # the source files' numbers
        out[parts[i]] = (title, body)
    return out


def emphasise_rule_ids(body: str) -> str:
    """Make each rule ID at the start of a list item bold and linkable (``CC-M3`` -> anchor)."""

    def repl(m: re.Match[str]) -> str:
        rid = m.group(2)
        return f'{m.group(1)}<span id="rule-{rid.lower()}"></span>**{rid}**'

    return re.sub(r"^(\s*- )([A-Z]{2}-[A-Z]+\d+[a-z]?)\b", repl, body, flags=re.M)


def _pictures(game_id: str, outdir: pathlib.Path) -> list[tuple[str, str]]:
    """Draw an early, a middle and a final position of a seeded random game as SVG files."""
    import boardgames_widgets as bw
    from boardgames_widgets.core.registry import game_class

    info = game_class(game_id).info
    game = bw.make_game(game_id, num_players=info.min_players)
    record = bw.play_game(game, [bw.RandomAgent()] * game.num_players, seed=PICTURE_SEED)
    states = record.states()
    middle = states[int(len(states) * PROGRESS_FRACTION)]
    pics = [
        ("middle", middle, f"{info.name} in progress: {game.describe(middle)}"),
        (
            "end",
            states[-1],
            f"A finished game of {info.name} between {game.num_players} random bots "
            f"(seed {PICTURE_SEED}): {game.describe(states[-1])}",
        ),
    ]
    out = []
    for tag, state, caption in pics:
        name = f"{game_id}_{tag}.svg"
        (outdir / name).write_text(game.state_svg(state), encoding="utf-8")
        out.append((name, caption))
    return out


def game_page(game_id: str, rules_text: str, outdir: pathlib.Path) -> str:
    """The Markdown page of one registered game (pictures are written into ``outdir``)."""
    from boardgames_widgets.core.registry import game_class
    from boardgames_widgets.widgets.bots import BOTS, HUMAN

    info = game_class(game_id).info
    sections = rules_sections(rules_text)
    if info.rules_section in sections:
        title, body = sections[info.rules_section]
    else:  # a game outside RULES.md (the docs' example, Pig): its own rules summary
        from boardgames_widgets.i18n import rules_summary

        title, body = info.name, "\n".join(rules_summary(game_id, "en").splitlines()[1:]).strip()
    lines = [f"# {info.name}", ""]
    facts = [f"{info.min_players}–{info.max_players} players"]
    facts.append("dice or shuffled cards (chance)" if info.has_chance else "no chance")
    facts.append("hidden information" if info.hidden_information else "everything is in the open")
    lines += [f"*{title}* — {', '.join(facts)}. Game id: `{game_id}`.", ""]
    for name, caption in _pictures(game_id, outdir):
        lines += [":::{figure} " + name, f":alt: {caption}", ":width: 100%", "", caption, ":::", ""]
    seats = ", ".join([f'"{HUMAN}"'] + ['"Random bot"'] * (info.min_players - 1))
    lines += [
        "## Play it in the widget",
        "",
        "In a notebook (JupyterLab, Notebook 7, Binder, or the [Try it](../../try_it.md) page):",
        "",
        "```python",
        "import boardgames_widgets as bw",
        "",
        f'bw.play("{game_id}", players={info.min_players}, seed=1, seats=[{seats}])',
        "```",
        "",
        "Click on the board to move (the rules decide: an illegal move is refused with the rule it breaks); "
        "or use the keyboard — arrow keys move the cursor, Enter plays, **U** undoes, **H** asks for a hint, "
        "**B** lets the bot move. The buttons *New game*, *Undo*, *Hint* and *Let the bot move*, the animation "
        "speed and one seat picker per player (Human or a bot) sit under the board; the log tells every move "
        "in words.",
        "",
        f"Bots offered in the seat pickers: {', '.join(BOTS)} (more appear as they are registered). "
        "Without code, the [arcade](../../getting_started.md#the-arcade) does the same.",
        "",
    ]
    nb = NOTEBOOKS / "games" / f"{game_id}.ipynb"
    if nb.exists():
        lines += [f"The notebook [{info.name} step by step](../notebooks/games/{game_id}.ipynb) shows more.", ""]
    lines += [
        "## The rules",
        "",
        "The rules as this package implements them. Every rule has an ID; the rules engine names it "
        "when it refuses a move (for example `IllegalActionError: "
        + _example_rule_id(body)
        + ": …`), and at least one test names each ID. Where the original rules are silent, the "
        "choice is marked **Assumption** and is a named parameter of the game.",
        "",
        emphasise_rule_ids(body),
        "",
    ]
    lines += summaries_section(game_id)
    return "\n".join(lines)


#: The languages of the rules summaries, with their names in their own language.
SUMMARY_LANGUAGES = {"en": "English", "lv": "Latviešu", "ru": "Русский", "he": "עברית"}
RTL_LANGUAGES = {"he"}


def summaries_section(game_id: str) -> list[str]:
    """The game's rules in brief in every language (the same text the widgets' notebooks show)."""
    from boardgames_widgets.i18n import rules_summary, summary_games

    if game_id not in summary_games("lv"):  # English only (Pig): the rules above are its summary
        return []
    lines = [
        "## The rules in brief, in four languages",
        "",
        f'The same summaries are in the package: `bw.rules_summary("{game_id}", "lv")`. The Latvian, Russian '
        "and Hebrew ones were written from the original rule texts.",
        "",
    ]
    for code, name in SUMMARY_LANGUAGES.items():
        text = rules_summary(game_id, code)
        body = "\n".join(text.splitlines()[1:]).strip()  # the summary's own title becomes our heading
        lines += [f"### {name}", ""]
        if code in RTL_LANGUAGES:
            lines += [":::{container} rtl", body, ":::", ""]
        else:
            lines += [body, ""]
    return lines


def _example_rule_id(body: str) -> str:
    m = re.search(r"\b([A-Z]{2}-[A-Z]+\d+)\b", body)
    return m.group(1) if m else "XX-T1"


def write_game_pages() -> list[str]:
    """Write ``_generated/games/<id>.md`` for every registered game; their ids."""
    from boardgames_widgets.core.registry import game_ids

    out = GEN / "games"
    out.mkdir(parents=True, exist_ok=True)
    text = RULES.read_text(encoding="utf-8")
    ids = game_ids()
    for gid in ids:
        (out / f"{gid}.md").write_text(game_page(gid, text, out), encoding="utf-8")
    return ids


# -- notebooks -------------------------------------------------------------------------
def notebook_paths() -> list[pathlib.Path]:
    """Every notebook under ``notebooks/`` (relative paths), checkpoints and apps left out."""
    found = sorted(NOTEBOOKS.rglob("*.ipynb"))
    return [
        p.relative_to(NOTEBOOKS) for p in found if ".ipynb_checkpoints" not in p.parts and p.name not in APP_NOTEBOOKS
    ]


def static_notebook(nb: dict, depth: int) -> dict:
    """A copy of a notebook for static HTML: a live widget becomes its picture and a note, widget state goes."""
    nb = json.loads(json.dumps(nb))
    nb.get("metadata", {}).pop("widgets", None)
    root = "../" * depth
    for cell in nb.get("cells", []):
        meta = cell.setdefault("metadata", {})
        if meta.get("nbgrader", {}).get("solution") or "solution" in meta.get("tags", []):
            # A solution stays folded on the page, as in JupyterLab (students open it on purpose).
            meta["tags"] = [*meta.get("tags", []), "hide-input"]
        outputs: list[dict] = []
        for out in cell.get("outputs", []):
            data = out.get("data")
            if isinstance(data, dict) and WIDGET_MIME in data:
                # The widget's own picture of its board (its mime bundle carries SVG and PNG),
                # then a note on where it comes alive; only the note for a widget without one.
                picture = {k: data[k] for k in PICTURE_MIMES if k in data}
                if picture:
                    outputs.append({**out, "data": {**picture, "text/plain": data.get("text/plain", "")}})
                out = {
                    **out,
                    "data": {"text/html": WIDGET_NOTE.format(root=root), "text/plain": "(interactive widget)"},
                }
            outputs.append(out)
        if "outputs" in cell:
            cell["outputs"] = outputs
    return nb


#: The lessons' languages: the generated translations live in ``notebooks/<code>/`` (issue 23).
LESSON_LANGUAGES = {"en": "English", "lv": "Latviešu", "ru": "Русский", "he": "עברית"}


def language_of(rel: pathlib.PurePath) -> tuple[str, pathlib.PurePosixPath]:
    """A notebook's language and its path in the English tree (``lv/lessons/x.ipynb`` -> ``lv``, ``lessons/x.ipynb``)."""
    parts = pathlib.PurePosixPath(rel.as_posix()).parts
    if len(parts) > 1 and parts[0] in LESSON_LANGUAGES and parts[0] != "en":
        return parts[0], pathlib.PurePosixPath(*parts[1:])
    return "en", pathlib.PurePosixPath(*parts)


def language_switcher(rel: pathlib.PurePath, targets: set[str]) -> str | None:
    """A Markdown line linking a page to its versions in the other languages, or ``None`` (only one).

    ``targets`` are the rendered notebooks (paths relative to ``notebooks/``).
    """
    lang, base = language_of(rel)
    versions = {code: base if code == "en" else pathlib.PurePosixPath(code) / base for code in LESSON_LANGUAGES}
    there = {code: v for code, v in versions.items() if v.as_posix() in targets}
    if len(there) < 2:
        return None
    here = pathlib.PurePosixPath(rel.as_posix()).parent
    links = []
    for code, target in there.items():
        name = LESSON_LANGUAGES[code]
        if code == lang:
            links.append(f"**{name}**")
        else:
            links.append(f"[{name}]({os.path.relpath(target.as_posix(), here.as_posix())})")
    return '<div class="bgw-languages" dir="ltr">\n\n🌐 ' + " · ".join(links) + "\n\n</div>"


#: Files next to the notebooks that the rendered pages may show (copied along).
ASSET_SUFFIXES = (".svg", ".png", ".jpg", ".jpeg", ".gif")
_LINK = re.compile(r"(?<!!)\[([^\]]+)\]\(([^)\s]+)\)")


def unlink_missing(markdown: str, here: pathlib.PurePosixPath, targets: set[str]) -> str:
    """Keep a relative link only when it points to a page or file of the rendered notebooks.

    Any other relative link (to the arcade, to source files, to a notebook not there yet)
    becomes its text plus the target in code, so the strict build has no broken links.
    ``here`` is the notebook's folder and ``targets`` the rendered paths, both relative to
    ``notebooks/``.
    """

    def repl(m: re.Match[str]) -> str:
        text, target = m.group(1), m.group(2)
        if re.match(r"^[a-z][a-z0-9+.-]*:", target, flags=re.I) or target.startswith("#"):
            return m.group(0)
        path = target.split("#")[0]
        joined = os.path.normpath((here / path).as_posix()).replace(os.sep, "/")
        if joined in targets:
            return m.group(0)
        return f"{text} (`{target}`)"

    return _LINK.sub(repl, markdown)


def _title(nb: dict, fallback: str) -> str:
    for cell in nb.get("cells", []):
        if cell.get("cell_type") == "markdown":
            src = "".join(cell.get("source", ""))
            m = re.search(r"^#\s+(.+)$", src, flags=re.M)
            if m:
                return m.group(1).strip()
    return fallback


def write_notebook_pages() -> list[str]:
    """Copy the notebooks into ``_generated/notebooks`` and write their index; their paths."""
    out = GEN / "notebooks"
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    assets = [
        p.relative_to(NOTEBOOKS)
        for p in NOTEBOOKS.rglob("*")
        if p.suffix.lower() in ASSET_SUFFIXES and ".ipynb_checkpoints" not in p.parts
    ]
    for rel in assets:  # pictures the notebooks show
        (out / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(NOTEBOOKS / rel, out / rel)
    targets = {p.as_posix() for p in notebook_paths()} | {p.as_posix() for p in assets}
    for rel in notebook_paths():
        nb = static_notebook(json.loads((NOTEBOOKS / rel).read_text(encoding="utf-8")), len(rel.parts) + 1)
        here = pathlib.PurePosixPath(rel.parent.as_posix())
        for cell in nb.get("cells", []):
            if cell.get("cell_type") == "markdown":
                cell["source"] = unlink_missing("".join(cell.get("source", "")), here, targets)
        switcher = language_switcher(rel, targets)
        if switcher:  # a lesson (or the dashboard) in several languages: links to the others, first
            cell = {"cell_type": "markdown", "id": "bgw-language-switcher", "metadata": {}, "source": switcher}
            nb["cells"] = [cell, *nb.get("cells", [])]
        target = out / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(json.dumps(nb, indent=1), encoding="utf-8")
    (out / "index.md").write_text(notebook_index(notebook_paths()), encoding="utf-8")
    return [p.as_posix() for p in notebook_paths()]


def notebook_index(paths: list[pathlib.Path]) -> str:
    """The notebooks' index page: a toctree per folder, grouped by language.

    English first (start here, the games, the lessons by subject), then each translation
    (``notebooks/<lang>/``) as a block of its own in :data:`LESSON_LANGUAGES`' order, every
    caption in that language's name: "Latviešu" (its top folder: the teacher's dashboard),
    "Latviešu — Lessons: probability"... A translated notebook is never listed under an
    English heading.
    """
    groups: dict[tuple[str, str], list[str]] = {}
    for rel in paths:
        lang, base = language_of(rel)
        group = base.parent.as_posix() if len(base.parts) > 1 else ""
        groups.setdefault((lang, group), []).append(pathlib.PurePosixPath(rel.as_posix()).with_suffix("").as_posix())
    names = {"": "Start here", "games": "The games, step by step", "lessons": "Lessons"}
    lines = [
        "# Notebooks",
        "",
        "The notebooks of the `notebooks/` folder, rendered with their stored outputs. Boards show as "
        "pictures; the interactive widgets need a live notebook — open them in JupyterLab, on Binder, "
        "or on the [Try it](../../try_it.md) page. The lessons and the teacher's dashboard follow in "
        + ", ".join(LESSON_LANGUAGES[code] for code in LESSON_LANGUAGES if code != "en")
        + ", after the English notebooks.",
        "",
    ]
    order = list(LESSON_LANGUAGES)
    for lang, group in sorted(groups, key=lambda k: (order.index(k[0]), k[1] != "", k[1] != "games", k[1])):
        head, _, rest = group.partition("/")
        if lang != "en" and not group:
            title = LESSON_LANGUAGES[lang]
        else:
            title = names.get(group) or names.get(head, head.replace("_", " ").capitalize())
            if rest:
                title += ": " + rest.replace("_", " ").replace("/", ", ")
            if lang != "en":
                title = f"{LESSON_LANGUAGES[lang]} — {title}"
        lines += ["```{toctree}", f":caption: {title}", ":maxdepth: 1", "", *groups[(lang, group)], "```", ""]
    return "\n".join(lines)


# -- API -------------------------------------------------------------------------------
#: Packages whose modules the API reference documents, with a sentence each.
API_PACKAGES = {
    "boardgames_widgets.core": "The game API every game speaks, records, randomness, the play loop, drawing.",
    "boardgames_widgets.agents": "Bots and search: random and greedy agents, minimax, alpha-beta, expectimax, "
    "MCTS, information-set MCTS, determinization.",
    "boardgames_widgets.analysis": "Tournaments between agents, confidence intervals and ratings.",
    "boardgames_widgets.rl": "Learning agents: PettingZoo and Gymnasium environments, encodings, learned policies.",
}


def write_api_page() -> None:
    """Write ``_generated/api.md``: each package, then each of its public modules."""
    import importlib

    lines = [
        "# API reference",
        "",
        "Generated from the docstrings. Start with `boardgames_widgets.core` (the `Game` interface) and "
        "[Write your own agent](../own_agent.md).",
        "",
    ]
    seen: set[int] = set()  # objects already documented (packages re-export each other's names)
    for pkg, sentence in API_PACKAGES.items():
        mod = importlib.import_module(pkg)
        public = [n for n in getattr(mod, "__all__", []) if hasattr(mod, n)]
        again = [n for n in public if id(getattr(mod, n)) in seen]
        seen.update(id(getattr(mod, n)) for n in public)
        intro = [] if (mod.__doc__ or "").strip() else [sentence, ""]
        lines += [f"## `{pkg}`", "", *intro, "```{eval-rst}", f".. automodule:: {pkg}", "   :members:"]
        if again:
            lines.append(f"   :exclude-members: {', '.join(again)}")
        lines += ["```", ""]
        for info in pkgutil.iter_modules(mod.__path__):
            if info.name.startswith("_"):
                continue
            name = f"{pkg}.{info.name}"
            sub = importlib.import_module(name)
            own = [
                n for n, obj in vars(sub).items() if not n.startswith("_") and getattr(obj, "__module__", None) == name
            ]
            # A module's __all__ makes autodoc document what it re-exports too (core.play's Agent
            # comes from core.seats): a name already documented elsewhere is left out here.
            own += [n for n in getattr(sub, "__all__", []) if n not in own and hasattr(sub, n)]
            done = [n for n in own if id(getattr(sub, n)) in seen]
            seen.update(id(getattr(sub, n)) for n in own)
            lines += [f"### `{name}`", "", "```{eval-rst}", f".. automodule:: {name}", "   :members:"]
            if done:
                lines.append(f"   :exclude-members: {', '.join(sorted(done))}")
            lines += ["```", ""]
    lines += [
        "## `boardgames_widgets.widgets`",
        "",
        "```{eval-rst}",
        ".. autofunction:: boardgames_widgets.widgets.play",
        ".. autofunction:: boardgames_widgets.widgets.bots.register_bot",
        "```",
        "",
    ]
    (GEN / "api.md").write_text("\n".join(line for line in lines), encoding="utf-8")


# -- JupyterLite -----------------------------------------------------------------------
def _record_line(name: str, data: bytes) -> list[str]:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return [name, f"sha256={digest}", str(len(data))]


def repack_installed(dist_name: str, outdir: pathlib.Path) -> pathlib.Path:
    """Write a py3-none-any wheel of an installed pure-Python distribution (offline).

    Only the files installed into site-packages are packed (data files such as JupyterLab
    extensions are left out: the lite site serves those itself).

    Raises:
        ValueError: the distribution is not pure Python.
        importlib.metadata.PackageNotFoundError: it is not installed.
    """
    dist = metadata.distribution(dist_name)
    wheel_meta = dist.read_text("WHEEL") or ""
    if "Root-Is-Purelib: true" not in wheel_meta:
        raise ValueError(f"{dist_name} is not a pure-Python distribution; it cannot be bundled")
    name = re.sub(r"[-_.]+", "_", dist.metadata["Name"]).lower()
    version = dist.version
    info_dir = f"{name}-{version}.dist-info"
    path = outdir / f"{name}-{version}-py3-none-any.whl"
    records: list[list[str]] = []
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zf:
        for f in dist.files or []:
            rel = f.as_posix()
            if rel.startswith("..") or "__pycache__" in rel or rel.endswith(".pyc"):
                continue
            top = rel.split("/")[0]
            if top.endswith(".dist-info"):
                continue
            src = pathlib.Path(str(f.locate()))
            if not src.is_file():
                continue
            data = src.read_bytes()
            zf.writestr(rel, data)
            records.append(_record_line(rel, data))
        meta_files = {
            "METADATA": (dist.read_text("METADATA") or "").encode(),
            "WHEEL": b"Wheel-Version: 1.0\nGenerator: boardgames_widgets docs\nRoot-Is-Purelib: true\nTag: py3-none-any\n",
        }
        for extra in ("entry_points.txt", "top_level.txt"):
            text = dist.read_text(extra)
            if text:
                meta_files[extra] = text.encode()
        for fname, data in meta_files.items():
            zf.writestr(f"{info_dir}/{fname}", data)
            records.append(_record_line(f"{info_dir}/{fname}", data))
        buf = io.StringIO()
        csv.writer(buf, lineterminator="\n").writerows([*records, [f"{info_dir}/RECORD", "", ""]])
        zf.writestr(f"{info_dir}/RECORD", buf.getvalue())
    return path


def build_own_wheel(outdir: pathlib.Path, kind: str = "wheel") -> pathlib.Path:
    """Build this package's wheel (or ``kind="sdist"``) with hatchling, offline (no build isolation).

    Raises:
        subprocess.CalledProcessError: the build failed (is hatchling installed?).
    """
    code = f"import os, sys; os.chdir(sys.argv[1]); import hatchling.build as b; print(b.build_{kind}(sys.argv[2]))"
    res = subprocess.run(
        [sys.executable, "-c", code, str(ROOT), str(outdir)], check=True, capture_output=True, text=True
    )
    return outdir / res.stdout.strip().splitlines()[-1]


#: The first cell of every notebook in the lite site (Pyodide has no pip: piplite installs
#: the bundled wheels).
LITE_INSTALL_CELL = (
    "# JupyterLite only: install this package from the wheel bundled with the site.\n%pip install -q boardgames_widgets"
)


def lite_notebook(nb: dict) -> dict:
    """A copy of a notebook for JupyterLite: an install cell first, outputs cleared."""
    nb = json.loads(json.dumps(nb))
    nb.get("metadata", {}).pop("widgets", None)
    nb["metadata"]["kernelspec"] = {"display_name": "Python (Pyodide)", "language": "python", "name": "python"}
    for cell in nb.get("cells", []):
        if cell.get("cell_type") == "code":
            cell["outputs"] = []
            cell["execution_count"] = None
    install = {
        "cell_type": "code",
        "execution_count": None,
        "id": "bgw-lite-install",
        "metadata": {"tags": ["jupyterlite-install"]},
        "outputs": [],
        "source": LITE_INSTALL_CELL,
    }
    nb["cells"] = [install, *nb.get("cells", [])]
    return nb


def write_lite_inputs() -> tuple[pathlib.Path, pathlib.Path]:
    """Write the lite dir (config + wheels) and the lite contents; both paths."""
    lite = GEN / "lite"
    files = GEN / "lite_files"
    for d in (lite, files):
        if d.exists():
            shutil.rmtree(d)
        d.mkdir(parents=True)
    wheels = lite / "wheels"
    wheels.mkdir()
    build_own_wheel(wheels)
    for dep in LITE_DEPENDENCIES:
        repack_installed(dep, wheels)
    config = {
        "LiteBuildConfig": {"no_sourcemaps": True},
        "PipliteAddon": {"piplite_urls": sorted(str(p) for p in wheels.glob("*.whl"))},
    }
    (lite / "jupyter_lite_config.json").write_text(json.dumps(config, indent=1), encoding="utf-8")
    for rel in sorted(NOTEBOOKS.rglob("*.ipynb")):
        rel = rel.relative_to(NOTEBOOKS)
        if ".ipynb_checkpoints" in rel.parts:
            continue
        nb = json.loads((NOTEBOOKS / rel).read_text(encoding="utf-8"))
        target = files / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(json.dumps(lite_notebook(nb), indent=1), encoding="utf-8")
    return lite, files


#: The script that says in words when Pyodide cannot be loaded (in ``docs/_static``).
PYODIDE_CHECK_JS = "bgw_pyodide_check.js"
#: The words it shows (``docs/_static/bgw_pyodide_check.js`` says the same; a browser test checks it).
PYODIDE_OFFLINE_WORDS = "needs internet access to the Pyodide CDN"


def pyodide_url() -> str:
    """The address from which the lite site's kernel loads Pyodide (the installed kernel's default)."""
    try:
        from jupyterlite_pyodide_kernel.constants import PYODIDE_CDN_URL, PYODIDE_MJS
    except ImportError:  # an older kernel package: its long-standing default
        return "https://cdn.jsdelivr.net/pyodide/v0.27.0/full/pyodide.mjs"
    return f"{PYODIDE_CDN_URL}/{PYODIDE_MJS}"


def pyodide_check_tag(static_prefix: str) -> str:
    """The ``<script>`` element that runs the Pyodide check, for a page ``static_prefix`` away from ``_static/``."""
    return f'<script src="{static_prefix}_static/{PYODIDE_CHECK_JS}" data-pyodide-url="{pyodide_url()}"></script>'


def add_pyodide_check(lite_out: pathlib.Path) -> list[pathlib.Path]:
    """Put the Pyodide check into every JupyterLite app page of a built site (``lite/<app>/index.html``).

    Without it, a notebook opened in JupyterLite without access to the Pyodide CDN just waits.
    Returns the pages changed (a page that has the check already is left alone).
    """
    changed = []
    for page in sorted(lite_out.glob("*/index.html")):
        html = page.read_text(encoding="utf-8")
        if PYODIDE_CHECK_JS in html or "</body>" not in html:
            continue
        page.write_text(html.replace("</body>", pyodide_check_tag("../../") + "\n</body>", 1), encoding="utf-8")
        changed.append(page)
    return changed


def try_it_body(lite: bool) -> str:
    """The body of the Try it page: the embedded JupyterLite and a link per notebook."""
    intro = [
        "The notebooks run in **JupyterLite**: JupyterLab in your browser with a Python kernel "
        "compiled to WebAssembly (Pyodide). No server and no installation; the first start takes "
        "a little while, then everything runs in the browser tab. Each notebook begins with a cell "
        "that installs this package from a wheel bundled with this site — run it first.",
        "",
        "What comes from where: JupyterLab, the widget extensions (ipywidgets, ipycanvas), this "
        "package's wheel and the pure-Python packages it needs (ipywidgets, ipycanvas, comm, "
        "jupyterlab_widgets, tqdm) are all served by this site. **Only Pyodide itself** — the Python "
        "runtime and the compiled packages of its distribution such as numpy and matplotlib — "
        "**is loaded from the Pyodide CDN at run time**, so the page needs an internet connection "
        "the first time; a fully offline copy is not possible from the package registries alone. "
        f"When the CDN cannot be reached (offline, or a school network that blocks it), this page and "
        f"JupyterLite say so at the top: Python {PYODIDE_OFFLINE_WORDS}.",
        "",
        "Your changes are saved in this browser's storage only (download what you want to keep).",
        "",
    ]
    if not lite:
        return "\n".join(
            [
                *intro,
                ":::{note}",
                "This build of the documentation was made without the JupyterLite site "
                "(`BGW_DOCS_LITE=0`, or jupyterlite-sphinx is not installed). Install the `docs` extra "
                '(`pip install -e ".[docs]"`) and build again to include it.',
                ":::",
                "",
            ]
        )
    links = []
    for rel in sorted(NOTEBOOKS.rglob("*.ipynb")):
        rel = rel.relative_to(NOTEBOOKS)
        if ".ipynb_checkpoints" in rel.parts:
            continue
        links.append(f'<li><a href="lite/lab/index.html?path={rel.as_posix()}">{rel.as_posix()}</a></li>')
    return "\n".join(
        [
            # First on the page: where the check says so when Pyodide cannot be loaded.
            '<div id="bgw-pyodide-status" aria-live="polite"></div>',
            pyodide_check_tag(""),
            "",
            *intro,
            "```{jupyterlite}",
            ":width: 100%",
            ":height: 640px",
            ":new_tab: True",
            ":new_tab_button_text: Open JupyterLab in a new tab",
            "```",
            "",
            "Or open one notebook directly:",
            "",
            "<ul>",
            *links,
            "</ul>",
            "",
        ]
    )


_BUILT: dict[bool, pathlib.Path] = {}


def build_site(lite: bool) -> pathlib.Path:
    """Build the site (``sphinx-build -W``) into a temporary folder, once per process; its path.

    The build runs from a copy of ``docs/``, so generated pages never land in the work tree and
    parallel builds never share them. The tests of the site and the offline browser test share it.

    Raises:
        RuntimeError: the build failed (its output is in the message).
    """
    if lite in _BUILT:
        return _BUILT[lite]
    import atexit
    import tempfile

    base = pathlib.Path(tempfile.mkdtemp(prefix="bgw-docs-"))
    atexit.register(shutil.rmtree, base, True)
    src, out = base / "src", base / "html"
    shutil.copytree(
        DOCS, src, ignore=shutil.ignore_patterns("_build", "_generated", "_contents", ".jupyterlite.doit.db")
    )
    env = dict(os.environ, BGW_DOCS_LITE="1" if lite else "0", BGW_DOCS_ROOT=str(ROOT))
    res = subprocess.run(
        [sys.executable, "-m", "sphinx", "-W", "--keep-going", "-q", "-b", "html", str(src), str(out)],
        cwd=src,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    if res.returncode != 0:
        raise RuntimeError(f"sphinx-build -W failed:\n{res.stdout[-4000:]}\n{res.stderr[-8000:]}")
    _BUILT[lite] = out
    return out


#: The example game of the page "Adding a game", shown file by file as it is in the package.
EXAMPLE_GAME = ROOT / "boardgames_widgets" / "games" / "pig"


def write_example_game() -> None:
    """Copy the example game's files to ``_generated/example_game/`` (the page includes them)."""
    out = GEN / "example_game"
    out.mkdir(parents=True, exist_ok=True)
    for path in sorted(EXAMPLE_GAME.glob("*.py")):
        shutil.copyfile(path, out / path.name)


def generate_all(lite: bool = True) -> None:
    """Write every generated input of the docs (and of the lite site when ``lite``)."""
    GEN.mkdir(exist_ok=True)
    write_example_game()
    write_game_pages()
    write_notebook_pages()
    write_api_page()
    (GEN / "try_it_body.md").write_text(try_it_body(lite), encoding="utf-8")
    if lite:
        write_lite_inputs()


if __name__ == "__main__":  # pragma: no cover - manual use: python docs/bgw_docs.py
    generate_all(lite=os.environ.get("BGW_DOCS_LITE", "1") != "0")
    print("wrote", GEN)
