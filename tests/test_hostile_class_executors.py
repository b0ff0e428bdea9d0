"""Issue 29: the whole hostile class on a process pool and on dask (the slow tier).

Three honest students and every cheat of :mod:`hostile_class` play a round robin.
Asserted: the honest agents' results against each other are exactly those of a class
without the cheats (same secret); every cheat that breaks a rule is charged with it in
every game it forfeits; no escape succeeded (no "ESCAPED", no connection, the files
intact); no sandbox process is left; and the run finishes (every move is time-limited).
"""

from __future__ import annotations

import sys
import time
from collections.abc import Iterator
from concurrent.futures import Executor, ProcessPoolExecutor
from contextlib import contextmanager
from pathlib import Path

import pytest
from hostile_class import CHARGED, CHEATS, HONEST, connections, listener, sandbox_processes, write_class

from boardgames_widgets import make_game
from boardgames_widgets.analysis.tournament import load_agents, round_robin
from boardgames_widgets.core.sandbox import Limits, isolation_layer

GAME = make_game("food_chain", num_players=2)
SECRET = "a fixed secret, so that both classes meet the same deals"

pytestmark = pytest.mark.skipif(
    not sys.platform.startswith("linux") or isolation_layer(trust=True) != "bwrap", reason="needs bubblewrap"
)


@contextmanager
def _pool() -> Iterator[Executor]:
    from boardgames_widgets.analysis.tournament import sandbox_context

    with ProcessPoolExecutor(2, mp_context=sandbox_context()) as pool:
        yield pool


@contextmanager
def _dask() -> Iterator[Executor]:
    distributed = pytest.importorskip("distributed")
    with (
        distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster,
        distributed.Client(cluster) as client,
    ):
        yield client.get_executor()


@pytest.mark.parametrize("executor", [_pool, _dask], ids=["process_pool", "dask"])
def test_a_hostile_class(tmp_path: Path, executor: object) -> None:
    server = listener()
    port = server.getsockname()[1]
    honest_folder, cheat_folder = tmp_path / "honest", tmp_path / "class"
    honest_out, out = tmp_path / "honest_out", tmp_path / "out"
    write_class(honest_folder, honest_out, port, cheats=False)
    write_class(cheat_folder, out, port)
    before = {p.name: p.read_bytes() for p in cheat_folder.iterdir()}
    options = {"games": 2, "progress": False, "move_time_limit": 1.0, "secret": SECRET, "limits": Limits(reset_time=1)}
    honest = round_robin(GAME, load_agents(honest_folder), results_path=honest_out / "results.jsonl", **options)
    loaded = load_agents(cheat_folder, hide=[out])
    assert sorted(loaded.agents) == sorted(n.removesuffix(".py") for n in [*HONEST, *CHEATS])
    with executor() as ex:  # type: ignore[operator]
        result = round_robin(GAME, loaded, executor=ex, results_path=out / "results.jsonl", **options)
    # honest results unchanged
    names = [n.removesuffix(".py") for n in HONEST]
    for a in names:
        for b in names:
            if a != b:
                assert result.pairing(a, b) == honest.pairing(a, b)
    # every cheat charged, with its reason, in every game against an honest student
    reasons = {s.agent: dict(s.reasons) for s in result.standings}
    for cheat, why in CHARGED.items():
        assert why in reasons[cheat], (cheat, reasons[cheat])
        for a in names:
            assert result.pairing(cheat, a).score == 0, (cheat, a)
    assert all(not reasons[a] for a in names)  # no honest student charged
    # no escape
    assert not [m.error for m in result.matches if "ESCAPED" in (m.error or "")]
    assert connections(server) == 0
    server.close()
    assert {p.name: p.read_bytes() for p in cheat_folder.iterdir()} == before
    assert not [m for m in result.matches if m.returns is None]  # nothing left unplayed
    deadline = time.monotonic() + 10  # the workers' sandboxes die with them, as soon as the kernel says so
    while sandbox_processes() and time.monotonic() < deadline:
        time.sleep(0.2)
    left = {pid: Path(f"/proc/{pid}/cmdline").read_bytes()[:80] for pid in sandbox_processes()}
    assert left == {}
