"""Paths (search lesson 1, ``notebooks/lessons/search/01_paths.ipynb``).

The depth-first search of the rules' own path search
(:func:`~boardgames_widgets.games.chop_chop.paths.search_paths`) recorded frame by frame
(:func:`dfs_frames`), breadth-first distances (:func:`bfs_distances`, :func:`bfs_frames`),
the step rule of a piece as a plain function (:func:`step_rule`), pictures of the kitchen
with squares lit up (:func:`board_svg`) and a stepper widget over recorded frames
(:func:`stepper`). The lessons reach these through :mod:`~boardgames_widgets.lessons.search_tools`.
"""

from __future__ import annotations

import html
from collections import deque
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from boardgames_widgets.analysis.chop_chop import _piece
from boardgames_widgets.games.chop_chop.layout import Coord
from boardgames_widgets.games.chop_chop.paths import search_paths
from boardgames_widgets.games.chop_chop.rules import CAT, ChopChop, ChopChopState
from boardgames_widgets.lessons import text as tx

# ======================================================================================
# Lesson 1: paths
# ======================================================================================

#: Colours of the lit squares in the board pictures.
LIT_VISITED = "#f6c945"
LIT_FOUND = "#3aa05a"
LIT_PATH = "#d2452f"
LIT_BLOCKED = "#555555"


@dataclass(frozen=True)
class Frame:
    """One step of a recorded search, for the stepper.

    Attributes:
        path: the squares of the path being extended (DFS) or the frontier (BFS).
        visited: every square the search has stood on so far (lit yellow).
        found: landing squares found so far with their number of paths (DFS) or
            their distance (BFS) (lit green, with the number written on them).
        event: what happened: ``"start"``, ``"step"``, ``"found"``, ``"back"``, ``"done"``.
        text: the frame in words.
    """

    path: tuple[Coord, ...]
    visited: frozenset[Coord]
    found: tuple[tuple[Coord, int], ...]
    event: str
    text: str


def step_rule(state: ChopChopState, piece: Any, *, game: ChopChop | None = None) -> Callable[[Coord], list[Coord]]:
    """The squares ``piece`` may step onto from a square, as a function ``neighbours(square)``.

    The rules of one step (CC-M1 orthogonal, CC-M3 no passing through pieces or
    uncovered cheese, CC-M5/CC-M6 the table's layers, CC-M8 holes). A square the
    piece may stop on but not pass through (a mouse, for the cat; a hole, for a
    mouse) is included only where it would end the move, so the function is exact
    for positions where no such square can be reached before the last step — the
    lesson's exercises use such positions.

    Raises:
        ValueError: an unknown piece.
    """
    game = game or ChopChop()
    lay = game.layout
    who = _piece(piece)
    may_pass, may_stop = game.passable(state, who)
    nbrs = lay.cat_nbrs if who == CAT else lay.mouse_nbrs

    def neighbours(square: Coord) -> list[Coord]:
        cell = lay.index[square]
        return [lay.coords[n] for n in nbrs[cell] if may_pass[n] or may_stop[n]]

    return neighbours


def count_walks(state: ChopChopState, piece: Any, steps: int, *, game: ChopChop | None = None) -> int:
    """The number of walks of ``steps`` that may revisit squares (CC-M4 ignored) — a typical wrong count.

    Raises:
        ValueError: an unknown piece.
    """
    game = game or ChopChop()
    lay = game.layout
    neighbours = step_rule(state, piece, game=game)
    start = lay.coords[game.piece_cell(state, _piece(piece))]

    def walks(square: Coord, left: int) -> int:
        if left == 0:
            return 1
        return sum(walks(n, left - 1) for n in neighbours(square))

    return walks(start, steps)


def dfs_frames(state: ChopChopState, piece: Any, steps: int, *, game: ChopChop | None = None) -> list[Frame]:
    """The depth-first search of :func:`enumerate_paths` — the rules' own
    :func:`~boardgames_widgets.games.chop_chop.paths.search_paths` — recorded one step at a time.

    Raises:
        ValueError: an unknown piece.
    """
    game = game or ChopChop()
    lay = game.layout
    who = _piece(piece)
    may_pass, may_stop = game.passable(state, who)
    nbrs = lay.cat_nbrs if who == CAT else lay.mouse_nbrs
    start = game.piece_cell(state, who)
    frames: list[Frame] = []
    visited: set[Coord] = set()
    found: dict[Coord, int] = {}

    def snap(path: Sequence[int], event: str, text: str) -> None:
        coords = tuple(lay.coords[c] for c in path)
        frames.append(Frame(coords, frozenset(visited), tuple(sorted(found.items())), event, text))

    if start >= 0 and steps >= 1:
        snap(
            [start],
            "start",
            tx.ngettext(
                "start on {square}, {n} step to walk",
                "start on {square}, {n} steps to walk",
                steps,
                square=lay.coords[start],
            ),
        )
        for event, path in search_paths(nbrs, start, steps, may_pass, may_stop, trace=True):
            here = lay.coords[path[-1]]
            if event == "back":  # every way on from this path tried
                if len(path) > 1:
                    snap(path[:-1], "back", tx._("every way on from {square} tried: step back", square=here))
                continue
            visited.add(here)
            if event == "found":  # a path of exactly the steps
                found[here] = found.get(here, 0) + 1
                snap(
                    path,
                    "found",
                    tx._(
                        "{steps} steps done: land on {square} (path {path})",
                        steps=steps,
                        square=here,
                        path=sum(found.values()),
                    ),
                )
            else:  # "step": a path entered, to be extended
                snap(
                    path,
                    "step",
                    tx.ngettext(
                        "at {square} after {n} step: try its neighbours",
                        "at {square} after {n} steps: try its neighbours",
                        len(path) - 1,
                        square=here,
                    ),
                )
    n_paths = sum(found.values())
    frames.append(
        Frame(
            (),
            frozenset(visited),
            tuple(sorted(found.items())),
            "done",
            tx._("done: {paths} paths, {squares} landing squares", paths=n_paths, squares=len(found)),
        )
    )
    return frames


def bfs_distances(state: ChopChopState, piece: Any, *, game: ChopChop | None = None) -> dict[Coord, int]:
    """The fewest steps ``piece`` needs to reach each square (breadth-first search).

    Squares it may stop on but not pass (a mouse for the cat, a hole for a mouse)
    get a distance but are not walked through. The start square has distance 0.

    Raises:
        ValueError: an unknown piece.
    """
    return {sq: d for sq, d, _ in _bfs(state, piece, game or ChopChop())}


def _bfs(state: ChopChopState, piece: Any, game: ChopChop) -> list[tuple[Coord, int, tuple[Coord, ...]]]:
    """(square, distance, frontier after it was reached) in the order BFS reaches them."""
    lay = game.layout
    who = _piece(piece)
    may_pass, may_stop = game.passable(state, who)
    nbrs = lay.cat_nbrs if who == CAT else lay.mouse_nbrs
    start = game.piece_cell(state, who)
    dist = {start: 0}
    queue = deque([start])
    order: list[tuple[Coord, int, tuple[Coord, ...]]] = [(lay.coords[start], 0, (lay.coords[start],))]
    while queue:
        cell = queue.popleft()
        if cell != start and not may_pass[cell]:
            continue  # may stop here, not walk on
        for nxt in nbrs[cell]:
            if nxt not in dist and (may_pass[nxt] or may_stop[nxt]):
                dist[nxt] = dist[cell] + 1
                queue.append(nxt)
                order.append((lay.coords[nxt], dist[nxt], tuple(lay.coords[c] for c in queue)))
    return order


def bfs_frames(state: ChopChopState, piece: Any, *, game: ChopChop | None = None) -> list[Frame]:
    """Breadth-first search recorded square by square: the distances fill in ring by ring.

    Raises:
        ValueError: an unknown piece.
    """
    game = game or ChopChop()
    frames: list[Frame] = []
    seen: dict[Coord, int] = {}
    for square, d, frontier in _bfs(state, piece, game):
        seen[square] = d
        frames.append(
            Frame(
                frontier,
                frozenset(seen),
                tuple(sorted(seen.items())),
                "step",
                tx.ngettext(
                    "{square} is {n} step away; {waiting} square(s) waiting in the queue",
                    "{square} is {n} steps away; {waiting} square(s) waiting in the queue",
                    d,
                    square=square,
                    waiting=len(frontier),
                ),
            )
        )
    frames.append(
        Frame(
            (), frozenset(seen), tuple(sorted(seen.items())), "done", tx._("done: {squares} squares", squares=len(seen))
        )
    )
    return frames


def board_svg(
    state: ChopChopState,
    *,
    lit: Iterable[Coord] = (),
    found: dict[Coord, int] | Iterable[tuple[Coord, int]] = (),
    path: Sequence[Coord] = (),
    blocked: Iterable[Coord] = (),
    caption: str = "",
    game: ChopChop | None = None,
    scale: float = 0.7,
) -> str:
    """The kitchen with squares lit up: ``lit`` yellow, ``found`` green with a number,
    ``blocked`` grey, and ``path`` drawn as a red line; ``caption`` under the board.
    """
    from boardgames_widgets.core.painter import SVGPainter
    from boardgames_widgets.games.chop_chop import view

    game = game or ChopChop()
    lay = game.layout
    w, h = view.board_size(lay)
    cap_h = 28 if caption else 0
    p = SVGPainter(w * scale, (h + cap_h) * scale, title="Chop Chop search")
    found_items = dict(found.items() if isinstance(found, dict) else found)
    with p.transform(scale=scale):
        view.draw_state(p, state, lay, cheese_to_win=game.cfg.cheese_to_win)
        cell = view.CELL
        for squares, colour in ((lit, LIT_VISITED), (found_items, LIT_FOUND), (blocked, LIT_BLOCKED)):
            for sq in squares:
                x, y = view.cell_origin(lay, lay.index[sq])
                p.rect(x + 3, y + 3, cell - 6, cell - 6, fill=colour, opacity=0.3, radius=6)
                p.rect(x + 3, y + 3, cell - 6, cell - 6, stroke=colour, line_width=4, radius=6)
        for sq, n in found_items.items():
            x, y = view.cell_origin(lay, lay.index[sq])
            p.circle(x + cell - 13, y + 13, 10, fill="#ffffff", stroke=LIT_FOUND, line_width=2)
            p.text(x + cell - 13, y + 13, str(n), size=12, fill="#1b5e20", bold=True)
        if len(path) >= 1:
            pts = [view.cell_center(lay, lay.index[sq]) for sq in path]
            if len(pts) >= 2:
                p.polygon(pts, stroke=LIT_PATH, line_width=5, closed=False, opacity=0.8)
            p.circle(*pts[0], 7, fill=LIT_PATH)
            p.circle(*pts[-1], 9, fill="none", stroke=LIT_PATH, line_width=3)
        if caption:
            p.text(w / 2, h + cap_h / 2 - 2, caption, size=15, fill=view.INK)
    return p.to_svg()


def frame_svg(state: ChopChopState, frame: Frame, *, game: ChopChop | None = None, show_path: bool = True) -> str:
    """One recorded frame drawn on the board (visited yellow, found green, path red)."""
    return board_svg(
        state,
        lit=frame.visited,
        found=frame.found,
        path=frame.path if show_path else (),
        caption=frame.text,
        game=game,
    )


def stepper(frames: Sequence[Any], render: Callable[[Any], str], *, interval_ms: int = 400) -> Any:
    """A widget that shows recorded frames one by one: a Play button and a slider.

    Args:
        frames: the recorded frames.
        render: turns one frame into HTML or SVG text.
        interval_ms: time per frame while playing.

    Raises:
        ValueError: no frames.
    """
    import ipywidgets as widgets  # type: ignore[import-untyped]

    if not frames:
        raise ValueError("the stepper needs at least one frame")
    last = len(frames) - 1
    play = widgets.Play(value=0, min=0, max=last, step=1, interval=interval_ms, description=tx._("play"))
    slider = widgets.IntSlider(value=0, min=0, max=last, step=1, description=tx._("frame"), continuous_update=True)
    widgets.jslink((play, "value"), (slider, "value"))
    board = widgets.HTML(render(frames[0]))

    def show(change: dict[str, Any]) -> None:
        board.value = render(frames[change["new"]])

    slider.observe(show, names="value")
    box = widgets.VBox([widgets.HBox([play, slider]), board])
    box.frames = frames
    box.slider = slider
    box.board = board
    return box


def svg_row(svgs: Sequence[str], captions: Sequence[str] = ()) -> str:
    """Several SVG pictures side by side as one HTML block (for ``IPython.display.HTML``)."""
    cells = []
    for i, svg in enumerate(svgs):
        cap = f"<div style='text-align:center'>{html.escape(captions[i])}</div>" if i < len(captions) else ""
        cells.append(f"<div style='display:inline-block;margin:4px;vertical-align:top'>{svg}{cap}</div>")
    return "<div>" + "".join(cells) + "</div>"
