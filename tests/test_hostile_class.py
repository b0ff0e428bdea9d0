"""Issue 29: a class that attacks its tournament — each attack on its own, against honest agents.

Every test plays real student files in real sandboxes (bubblewrap) and checks that the
attack is charged to the attacker or learns nothing, that the teacher's files are
untouched, and that no process is left. The whole class on a process pool and on dask
is in ``test_hostile_class_executors.py``.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from hostile_class import CHEATS, c_call, connections, listener, sandbox_processes, write_class

from boardgames_widgets import AgentError, make_game, play_game
from boardgames_widgets.agents.basic import FirstActionAgent, RandomAgent
from boardgames_widgets.analysis.tournament import ResultsError, load_agents, round_robin
from boardgames_widgets.core.sandbox import Limits, isolation_layer

GAME = make_game("food_chain", num_players=2)
LIMITS = Limits(reset_time=1.0)

pytestmark = pytest.mark.skipif(
    not sys.platform.startswith("linux") or isolation_layer(trust=True) != "bwrap", reason="needs bubblewrap"
)


def _class(tmp_path: Path, *cheats: str) -> tuple[Path, Path]:
    folder, out = tmp_path / "class", tmp_path / "out"
    server = listener()
    write_class(folder, out, server.getsockname()[1])
    server.close()
    for name in CHEATS:
        if name.removesuffix(".py") not in cheats:
            (folder / name).unlink()
    return folder, out


def _play(folder: Path, out: Path, **options: Any) -> Any:
    loaded = load_agents(folder, hide=[out])
    options = {"games": 2, "progress": False, "move_time_limit": 1.0, "limits": LIMITS, **options}
    return round_robin(GAME, loaded, results_path=out / "results.jsonl", **options)


def test_escapes_fail_and_cost_the_escaper(tmp_path: Path) -> None:
    folder, out = tmp_path / "class", tmp_path / "out"
    server = listener()
    write_class(folder, out, server.getsockname()[1])
    for name in CHEATS:
        if name != "escaper.py":
            (folder / name).unlink()
    before = {p.name: p.read_bytes() for p in folder.iterdir()}
    package = Path(sys.modules["boardgames_widgets"].__file__ or "").read_bytes()
    result = _play(folder, out)
    assert connections(server) == 0  # no network
    server.close()
    errors = [m.error or "" for m in result.matches]
    assert not [e for e in errors if "ESCAPED" in e]  # it could not read, write, connect or see
    faults = {s.agent: s.faults for s in result.standings}
    assert faults == {"ada": 0, "ben": 0, "cy": 0, "escaper": 6}  # its crafted pickle is nonsense, never unpickled
    assert all("sent nonsense" in (m.error or "") for m in result.matches if m.faulty == "escaper")
    assert {p.name: p.read_bytes() for p in folder.iterdir()} == before  # classmates' files intact
    assert Path(sys.modules["boardgames_widgets"].__file__ or "").read_bytes() == package
    assert result.standings[0].agent != "escaper"  # its patched _summarize stayed in its sandbox
    lines = (out / "results.jsonl").read_text().splitlines()
    assert len(lines) == 12 and all("sabotaged" not in line for line in lines)
    assert sandbox_processes() == []


def test_the_seed_replay_attack_learns_nothing_from_a_secret_seed(tmp_path: Path) -> None:
    folder, out = _class(tmp_path, "seeker")
    public = round_robin(GAME, load_agents(folder), games=2, progress=False)  # seed 0, no secret
    assert any("ESCAPED: my seed is 0/game/0/agent/" in (m.error or "") for m in public.matches)  # the attack is real
    secret = _play(folder, out)  # a results folder: a random secret beside it
    assert not [m for m in secret.matches if m.error]
    assert len((out / "results.secret").read_text().strip()) == 64
    assert os.stat(out / "results.secret").st_mode & 0o077 == 0  # the teacher's alone
    (out / "results.jsonl").unlink()
    again = _play(folder, out)  # the teacher's replay (same secret, every game played again) is exact
    assert again == secret


def test_resources_are_limited_and_charged(tmp_path: Path) -> None:
    folder, out = _class(tmp_path, "hog", "forker", "flooder", "orphan", "slow_reset", "c_caller")
    (folder / "ben.py").unlink()
    (folder / "cy.py").unlink()
    result = _play(folder, out, games=1)
    reasons = {s.agent: dict(s.reasons) for s in result.standings}
    expected = {"hog": "memory", "forker": "crash", "orphan": "crash", "slow_reset": "time", "c_caller": "time"}
    for agent, why in expected.items():
        assert set(reasons[agent]) == {why}, (agent, reasons[agent])
        assert result.pairing(agent, "ada").score == 0  # every game against the honest agent lost
    assert reasons["flooder"] == reasons["ada"] == {}
    forker = next(m.error for m in result.matches if m.faulty == "forker")
    assert "PermissionError" in (forker or "")  # seccomp: no new process (threads are fine)
    flood = out / "output" / "flooder.txt"
    assert flood.exists() and flood.stat().st_size <= LIMITS.output_bytes + 200  # captured, capped
    assert "output cut" in flood.read_text()
    assert "forfeits" in result.standings_text() and " memory" in result.standings_text()
    assert sandbox_processes() == []  # the orphans and the forker's children died with their sandboxes


def test_forged_and_edited_results_are_refused(tmp_path: Path) -> None:
    folder, out = _class(tmp_path)
    first = _play(folder, out)
    path = out / "results.jsonl"
    lines = path.read_text().splitlines()
    edited = json.loads(lines[0])
    edited["returns"] = [1.0, 0.0] if edited["returns"] != [1.0, 0.0] else [0.0, 1.0]
    path.write_text("\n".join([json.dumps(edited), *lines[1:]]) + "\n")
    with pytest.raises(ResultsError, match="line 1: not written by this tournament"):
        _play(folder, out)
    forged = json.loads(lines[1])
    forged.pop("mac")
    path.write_text("\n".join([*lines, json.dumps(forged)]) + "\n")
    with pytest.raises(ResultsError, match=f"line {len(lines) + 1}"):
        _play(folder, out)
    path.write_text("\n".join(lines) + "\n")
    assert _play(folder, out) == first


def test_a_late_student_reuses_every_finished_game(tmp_path: Path) -> None:
    folder, out = _class(tmp_path)
    _play(folder, out)
    (folder / "aaron.py").write_text("def act(observation, legal_actions, rng):\n    return legal_actions[0]\n")
    played: list[Any] = []
    result = _play(folder, out, on_result=played.append)
    assert len(played) == 3 * 2  # only aaron's games
    assert all("aaron" in r.match.seats for r in played)
    assert len(result.matches) == 6 * 2
    (folder / "ada.py").write_text("def act(observation, legal_actions, rng):\n    return legal_actions[0]\n")
    played.clear()
    _play(folder, out, on_result=played.append)
    assert len(played) == 3 * 2 and all("ada" in r.match.seats for r in played)  # a changed file is a new agent


def test_names_are_file_names_and_display_names_are_clean(tmp_path: Path) -> None:
    folder, out = _class(tmp_path, "impostor", "injector")
    loaded = load_agents(folder)
    assert sorted(loaded.agents) == ["ada", "ben", "cy", "impostor", "injector"]
    assert loaded.agents["impostor"].display_name == "ada (impostor)"
    assert loaded.agents["injector"].display_name == "x| fake | 9999 |"
    text = _play(folder, out, games=2).standings_text()
    assert len(text.splitlines()) == 2 + 5  # no injected row


def test_a_file_that_fails_to_load_is_in_the_table(tmp_path: Path) -> None:
    folder, out = _class(tmp_path)
    (folder / "quitter.py").write_text("import os\nos._exit(1)\n")
    result = _play(folder, out)
    assert result.problems == (("quitter.py", "cannot be imported: its process ended (exit code 1)"),)
    assert "quitter.py" in result.standings_text() and "not played" in result.standings_text()


def test_student_files_do_not_run_unisolated_without_trust(tmp_path: Path) -> None:
    from boardgames_widgets.core.sandbox import IsolationError

    folder, _ = _class(tmp_path)
    with pytest.raises(IsolationError, match="trust_students"):
        round_robin(GAME, load_agents(folder), games=2, progress=False, isolate=False)


# -- in a notebook -------------------------------------------------------------------------------
NOTEBOOK = """
import random, sys
from boardgames_widgets import make_game, play_game, AgentError
from boardgames_widgets.agents.basic import RandomAgent
game = make_game("food_chain", num_players=2)

def c_call(observation, legal_actions, rng):
    return legal_actions[sum(range(4 * 10**9)) % 1]

class Cell:
    def __init__(self):
        self.depth = 2
    def act(self, observation, legal_actions, rng):
        return random.choice(legal_actions) if self.depth != 2 else legal_actions[0]

def rule_patcher(observation, legal_actions, rng):
    type(game).returns = lambda self, state: [1.0, 0.0]
    return legal_actions[0]

try:
    play_game(game, [RandomAgent(), c_call], seed=1, move_time_limit=0.5)
except AgentError as e:
    print("c_call:", e.reason)
a = play_game(game, [RandomAgent(), Cell()], seed=1, isolate=True)
b = play_game(game, [RandomAgent(), Cell()], seed=1)
print("cell:", a == b)
original = type(game).returns
try:
    play_game(game, [rule_patcher, RandomAgent()], seed=1)
except AgentError as e:
    print("patcher:", e.reason, "changed the rules" in e.detail)
print("rules:", type(game).returns is original)
"""


def test_in_a_script_without_a_main_guard(tmp_path: Path) -> None:
    """Agents defined in ``__main__`` (a cell, a script), a long C call, a rules patcher — no ``__main__`` guard."""
    script = tmp_path / "notebook.py"
    script.write_text(NOTEBOOK)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, env=env, timeout=300)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split("\n")[:4] == ["c_call: time", "cell: True", "patcher: crash True", "rules: True"]


def test_play_game_with_a_limit_stops_a_c_call() -> None:
    """A long call into C cannot be stopped by a thread: with a limit, the agent runs in a process."""
    with pytest.raises(AgentError) as info:
        play_game(GAME, [RandomAgent(), c_call], seed=1, move_time_limit=0.5)
    assert info.value.reason == "time"


def test_an_agent_cannot_change_the_rules_for_later_games() -> None:
    game = make_game("food_chain", num_players=2)
    original = type(game).returns

    def patcher(observation: Any, legal_actions: Any, rng: Any) -> Any:
        type(game).returns = lambda self, state: [1.0, 0.0]
        return legal_actions[0]

    with pytest.raises(AgentError, match="changed the rules of the game"):
        play_game(game, [patcher, FirstActionAgent()], seed=1)
    assert type(game).returns is original
    assert play_game(game, [FirstActionAgent(), RandomAgent()], seed=1).returns is not None


# -- cleanup -------------------------------------------------------------------------------------
@pytest.mark.parametrize("how", [signal.SIGTERM, signal.SIGINT])
def test_the_cli_leaves_no_process_on_sigterm_or_ctrl_c(tmp_path: Path, how: signal.Signals) -> None:
    folder, out = _class(tmp_path, "orphan", "looper")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    command = [sys.executable, "-m", "boardgames_widgets", "tournament", str(folder), "--game", "food_chain"]
    process = subprocess.Popen(
        [*command, "--out", str(out), "--games", "20", "--workers", "2"],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    results, deadline = out / "results.jsonl", time.monotonic() + 180
    while not (results.exists() and results.read_text().count("\n") >= 2) and time.monotonic() < deadline:
        time.sleep(0.2)  # games are being played: the workers hold their sandboxes
    assert sandbox_processes(), "no sandbox running"
    process.send_signal(how)
    assert process.wait(60) in (130, -how)
    deadline = time.monotonic() + 10
    while sandbox_processes() and time.monotonic() < deadline:
        time.sleep(0.2)
    assert sandbox_processes() == []


def test_the_import_probe_never_unpickles_what_a_file_sends(tmp_path: Path) -> None:
    """A file that answers the import probe with a crafted pickle (it would run a command if unpickled)."""
    folder, _ = _class(tmp_path)
    marker = tmp_path / "pwned"
    (folder / "prober.py").write_text(
        "import os, pickle\n"
        "class Boom:\n"
        "    def __reduce__(self):\n"
        f"        return (os.system, ('touch {marker}',))\n"
        "data = pickle.dumps(Boom())\n"
        "for fd in range(3, 64):\n"
        "    try:\n"
        "        os.write(fd, len(data).to_bytes(4, 'big') + data)\n"
        "    except OSError:\n"
        "        pass\n"
        "def act(observation, legal_actions, rng):\n"
        "    return legal_actions[0]\n"
    )
    loaded = load_agents(folder)
    assert dict(loaded.problems)["prober.py"].startswith("cannot be imported: its process sent nonsense")
    assert not marker.exists()
    assert "prober" not in loaded.agents


# -- a busy machine ---------------------------------------------------------------------------------
def busy_looper(observation: Any, legal_actions: Any, rng: Any) -> Any:
    while True:
        pass


def test_a_busy_machine_does_not_cost_an_honest_agent_its_move() -> None:
    """The limit counts the agent's own CPU time: a sandbox kept off the CPU (here: stopped for
    three times its limit, as a loaded class server might) still answers; a looping one does not."""
    import threading

    from boardgames_widgets.core import sandbox

    game = make_game("food_chain", num_players=2)
    state = game.new_initial_state()
    while game.is_chance_node(state):
        state = game.apply(state, game.chance_outcomes(state)[0][0])
    obs, legal = game.observation(state, game.current_player(state)), tuple(game.legal_actions(state))
    limit = 0.4

    def stall(pid: int) -> None:  # the machine is busy: the sandbox gets no CPU for a while
        tree = sandbox._process_tree(pid) or {}
        for p in tree:
            os.kill(p, signal.SIGSTOP)
        time.sleep(3 * limit)
        for p in tree:
            os.kill(p, signal.SIGCONT)

    seat: Any = sandbox.open_seat(FirstActionAgent(), game, move_time_limit=limit)
    try:
        seat.start("busy", 0)
        staller = threading.Thread(target=stall, args=(seat.sandbox.process.pid,))
        staller.start()
        start = time.perf_counter()
        assert seat.act(obs, legal) == 0  # answered, though later than the limit by the clock
        staller.join()
        assert time.perf_counter() - start >= 2 * limit
    finally:
        seat.close()
    with pytest.raises(AgentError) as info:  # CPU it does use is counted: a loop is still stopped
        play_game(game, [busy_looper, RandomAgent()], seed=1, move_time_limit=limit, isolate=True)
    assert info.value.reason == "time"
