"""Fair play: every way an agent can cheat or break costs it the game, never the tournament.

Each cheat of issue 19 (a look-alike action, a made-up or appended action, ``None``,
a wrong type, walking the stack to the state, an endless loop, a long sleep,
``os._exit``, an exception, an agent that cannot be pickled) is played in
``play_game`` and in a process-pool tournament, charged to the cheater.
"""

from __future__ import annotations

import gc
import json
import multiprocessing
import os
import random
import sys
import threading
import time
from collections.abc import Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor, ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from boardgames_widgets import AgentError, RandomAgent, make_game, play_game
from boardgames_widgets.agents.basic import FirstActionAgent
from boardgames_widgets.agents.greedy import GreedyAgent
from boardgames_widgets.analysis.tournament import (
    AgentFolder,
    MatchResult,
    default_executor,
    load_agents,
    round_robin,
)
from boardgames_widgets.core.play import legal_index

LIMIT = 0.5  # seconds per move: small, so the suite stays fast
GAME = make_game("food_chain", num_players=2)


# -- the cheats (module level, so process pools can take them) ---------------------------------
def lookalike(observation: Any, legal_actions: Sequence[Any], rng: random.Random) -> Any:
    """A plain tuple equal to a legal ``Place``."""
    return tuple(legal_actions[0])


def made_up(observation: Any, legal_actions: Sequence[Any], rng: random.Random) -> Any:
    """An action of the right type that is not legal here (a card placed far off the table)."""
    return legal_actions[0]._replace(row=99, col=99)


def appender(observation: Any, legal_actions: Any, rng: random.Random) -> Any:
    """Adds its own action to the list it was handed (a tuple: it cannot)."""
    legal_actions.append(legal_actions[0]._replace(row=99))
    return legal_actions[-1]


def nothing(observation: Any, legal_actions: Sequence[Any], rng: random.Random) -> Any:
    """Returns ``None``."""
    return None


def wrong_type(observation: Any, legal_actions: Sequence[Any], rng: random.Random) -> Any:
    """Returns the action's text instead of the action."""
    return str(legal_actions[0])


def frame_walker(observation: Any, legal_actions: Sequence[Any], rng: random.Random) -> Any:
    """Looks for the full state up the stack and in the heap; plays the worst move if it finds none."""
    frame = sys._getframe(1)
    while frame is not None:
        if "state" in frame.f_locals:
            raise RuntimeError("found the state on the stack")
        frame = frame.f_back
    if any(type(o).__name__ == "FoodChainState" for o in gc.get_objects()):
        raise RuntimeError("found the state in memory")
    return legal_actions[0]


def looper(observation: Any, legal_actions: Sequence[Any], rng: random.Random) -> Any:
    """Never answers."""
    while True:
        pass


def sleeper(observation: Any, legal_actions: Sequence[Any], rng: random.Random) -> Any:
    """Answers after 10 s."""
    time.sleep(10)
    return legal_actions[0]


def exiter(observation: Any, legal_actions: Sequence[Any], rng: random.Random) -> Any:
    """Ends its process."""
    os._exit(3)


def crasher(observation: Any, legal_actions: Sequence[Any], rng: random.Random) -> Any:
    """Raises on its second move."""
    if sum(observation.placed) >= 2:
        raise ValueError("boom")
    return legal_actions[0]


def where_am_i(observation: Any, legal_actions: Sequence[Any], rng: random.Random) -> Any:
    """Plays on only inside a sandbox process (a sandbox says so in its environment)."""
    if not os.environ.get("BGW_SANDBOX"):
        raise RuntimeError(f"playing in process {os.getpid()}, not in a sandbox")
    return legal_actions[0]


class Unpicklable:
    """A good agent that holds a lock, so it cannot be sent to another process."""

    name = "unpicklable"

    def __init__(self) -> None:
        self.lock = threading.Lock()

    def act(self, observation: Any, legal_actions: Sequence[Any], rng: random.Random) -> Any:
        return legal_actions[0]


CHEATS: dict[str, tuple[Any, str]] = {
    "lookalike": (lookalike, "illegal"),
    "made_up": (made_up, "illegal"),
    "appender": (appender, "crash"),
    "nothing": (nothing, "illegal"),
    "wrong_type": (wrong_type, "illegal"),
    "looper": (looper, "time"),
    "sleeper": (sleeper, "time"),
    "exiter": (exiter, "crash"),
    "crasher": (crasher, "crash"),
    "unpicklable": (Unpicklable(), "crash"),
}
#: cheats that would take this process down (or need a sandbox to be cheats at all)
SANDBOX_ONLY = {"exiter", "unpicklable"}


# -- exact legality ------------------------------------------------------------------------------
def test_legal_index_is_exact() -> None:
    legal = (1, 2, 3)
    assert legal_index(2, legal) == 1
    assert legal_index(True, (0, 1)) is None  # equal, but a bool is not an int
    assert legal_index(2.0, legal) is None
    assert legal_index(None, legal) is None
    seen: list[Any] = []
    play_game(GAME, [lambda o, legal, r: seen.append(legal) or legal[0], RandomAgent()], seed=0, max_actions=10)
    place = seen[0]
    assert legal_index(tuple(place[0]), place) is None
    assert legal_index(place[0], place) == 0


def test_agents_get_an_immutable_tuple() -> None:
    seen: list[Any] = []

    def spy(observation: Any, legal_actions: Any, rng: random.Random) -> Any:
        seen.append(legal_actions)
        return legal_actions[0]

    play_game(GAME, [spy, RandomAgent()], seed=2)
    assert seen and all(type(x) is tuple for x in seen)


# -- each cheat in play_game -------------------------------------------------------------------
@pytest.mark.parametrize("isolate", [False, True], ids=["in-process", "sandbox"])
@pytest.mark.parametrize("cheat", sorted(CHEATS))
def test_each_cheat_loses_in_play_game(cheat: str, isolate: bool) -> None:
    agent, reason = CHEATS[cheat]
    if cheat in SANDBOX_ONLY and not isolate:
        pytest.skip("only a sandbox can survive (or catch) this one")
    with pytest.raises(AgentError) as info:
        play_game(GAME, [RandomAgent(), agent], seed=4, move_time_limit=LIMIT, isolate=isolate)
    err = info.value
    assert (err.seat, err.reason) == (1, reason)
    assert "in seat 1" in str(err) and err.agent in str(err) and err.detail in str(err)
    assert err.record.to_json()  # the record up to the fault is valid
    if reason == "illegal":
        assert err.detail.startswith("returned an illegal action")


def test_a_lookalike_is_named_in_the_message() -> None:
    with pytest.raises(AgentError, match=r"a tuple that equals a legal action but is not one") as info:
        play_game(GAME, [lookalike, RandomAgent()], seed=1)
    assert info.value.reason == "illegal" and info.value.seat == 0


def test_nothing_is_charged_to_none() -> None:
    with pytest.raises(AgentError, match="returned an illegal action None"):
        play_game(GAME, [nothing, RandomAgent()], seed=1)


def test_the_sandbox_hides_the_state_from_a_frame_walker() -> None:
    with pytest.raises(AgentError, match="found the state"):  # in this process it finds it
        play_game(GAME, [frame_walker, RandomAgent()], seed=3)
    record = play_game(GAME, [frame_walker, RandomAgent()], seed=3, isolate=True)
    assert record.returns is not None


def test_a_loop_is_stopped_not_waited_for() -> None:
    start = time.perf_counter()
    with pytest.raises(AgentError) as info:
        play_game(GAME, [looper, RandomAgent()], seed=1, move_time_limit=0.2)
    assert info.value.reason == "time" and "0.2 s" in info.value.detail
    assert time.perf_counter() - start < 5  # stopped: the loop would never end on its own


def test_same_game_in_process_and_in_the_sandbox() -> None:
    here = play_game(GAME, [GreedyAgent(), RandomAgent()], seed=9)
    there = play_game(GAME, [GreedyAgent(), RandomAgent()], seed=9, isolate=True, move_time_limit=30)
    assert here == there


def test_the_sandbox_starts_for_an_interpreter_kept_under_tmp(tmp_path: Path) -> None:
    """A venv in /tmp (CI's fresh venvs, a teacher's scratch one) still runs sandboxed games.

    The sandbox mounts its own empty /tmp, so the interpreter and the package are shown again,
    read-only, at their own paths; without that bubblewrap cannot even start Python there.
    """
    if not str(tmp_path).startswith("/tmp/"):
        pytest.skip(f"pytest's temporary folder {tmp_path} is not under /tmp")
    import subprocess
    import venv

    venv.create(tmp_path / "venv", system_site_packages=True, with_pip=False)
    script = (
        "from boardgames_widgets import RandomAgent, make_game, play_game\n"
        "from boardgames_widgets.agents.greedy import GreedyAgent\n"
        "from boardgames_widgets.core.sandbox import isolation_layer\n"
        "game = make_game('food_chain', num_players=2)\n"
        "here = play_game(game, [GreedyAgent(), RandomAgent()], seed=9)\n"
        "there = play_game(game, [GreedyAgent(), RandomAgent()], seed=9, isolate=True, move_time_limit=30)\n"
        "print(isolation_layer(), here == there)\n"
    )
    root = Path(__file__).resolve().parents[1]
    env = {**os.environ, "PYTHONPATH": str(root)}
    done = subprocess.run(
        [str(tmp_path / "venv" / "bin" / "python"), "-c", script], capture_output=True, text=True, env=env, check=False
    )
    assert done.returncode == 0, done.stderr[-3000:]
    assert done.stdout.split() == ["bwrap", "True"]


def test_code_shown_again_in_tmp_never_uncovers_a_hidden_folder(monkeypatch: pytest.MonkeyPatch) -> None:
    """A checkout in /tmp is shown read-only, but a class folder inside it stays hidden (mounted after)."""
    from boardgames_widgets.core import sandbox

    checkout, classmates, elsewhere = "/tmp/checkout", "/tmp/checkout/class/agents", "/tmp/class2/agents"
    path = os.pathsep.join([checkout, "/tmp/class2/agents/lib", "/usr/lib/python3"])
    monkeypatch.setattr(sandbox, "_python_path", lambda: path)
    conf = sandbox.Confinement("bwrap", sandbox.Limits(), (classmates, elsewhere))
    command = sandbox.sandbox_command(conf, 3, 4)
    mounts = [(command[i], command[i + 1]) for i in range(len(command) - 1) if command[i].startswith("--")]
    assert ("--ro-bind", checkout) in mounts
    assert mounts.index(("--ro-bind", checkout)) < mounts.index(("--tmpfs", classmates))
    assert ("--ro-bind", "/tmp/class2/agents/lib") not in mounts  # inside a hidden folder: stays hidden
    assert ("--ro-bind", "/usr/lib/python3") not in mounts  # outside /tmp it was never covered


# -- each cheat in a process-pool round robin -------------------------------------------------
def test_every_cheat_forfeits_in_a_process_pool_round_robin() -> None:
    """All the cheats, an honest agent and the frame walker meet each other, sandboxed, on a pool."""
    honest_ones = ("honest", "frame_walker")
    field = {"honest": RandomAgent(), "frame_walker": frame_walker, **{n: a for n, (a, _) in CHEATS.items()}}
    with ProcessPoolExecutor(2) as pool:  # one game a pairing; a roomier limit for 66 games on a busy machine
        result = round_robin(
            GAME, field, games=1, seed=5, executor=pool, progress=False, move_time_limit=2.0, isolate=True
        )
    pairs = len(field) * (len(field) - 1) // 2
    assert len(result.matches) == pairs and not [m for m in result.matches if m.returns is None]
    assert all(m.faulty is not None for m in result.errors)  # no error is left uncharged
    faults = {s.agent: s.faults for s in result.standings}
    # the frame walker raises if it finds the state: in its sandbox it never does, and plays on
    assert faults["honest"] == faults["frame_walker"] == 0, [m.error for m in result.matches if m.faulty in honest_ones]
    for m in result.matches:
        cheats_here = set(m.match.seats) & set(CHEATS)
        assert (m.faulty in cheats_here) if cheats_here else m.faulty is None  # charged to a cheater
    assert sum(faults.values()) == sum(1 for m in result.matches if set(m.match.seats) & set(CHEATS))
    for name, (_, reason) in CHEATS.items():
        for honest in honest_ones:
            assert result.pairing(honest, name).score == 1.0 and result.pairing(name, honest).score == 0.0
        assert faults[name] >= 2  # at least its games with the two honest agents
        assert {m.fault for m in result.matches if m.faulty == name} == {reason}
    assert {s.agent for s in result.standings[:2]} == set(honest_ones)


@pytest.mark.skipif("fork" not in multiprocessing.get_all_start_methods(), reason="no plain fork here")
def test_a_forked_pool_worker_starts_real_sandboxes() -> None:
    """A plain-fork pool (Linux's default ``ProcessPoolExecutor``) made after this process has
    started sandboxes (so a fork server) still runs every agent in a sandbox of its own."""
    assert play_game(GAME, [where_am_i, RandomAgent()], seed=1, isolate=True).returns is not None
    agents = {"random": RandomAgent(), "where_am_i": where_am_i, "walker": frame_walker}
    with ProcessPoolExecutor(2, mp_context=multiprocessing.get_context("fork")) as pool:
        result = round_robin(GAME, agents, games=2, seed=2, executor=pool, progress=False, isolate=True)
    assert not result.errors, [m.error for m in result.errors]


@pytest.mark.parametrize("isolate", [False, True], ids=["in-process", "sandbox"])
def test_six_agents_one_cheating_one_looping_one_crashing(isolate: bool) -> None:
    agents = {
        "greedy": GreedyAgent(),
        "random": RandomAgent(),
        "first": FirstActionAgent(),
        "cheater": lookalike,
        "looper": looper,
        "crasher": crasher,
    }
    honest, bad = ["greedy", "random", "first"], ["cheater", "looper", "crasher"]
    with default_executor(2) as pool:
        result = round_robin(
            GAME, agents, games=2, seed=1, executor=pool, progress=False, move_time_limit=LIMIT, isolate=isolate
        )
    assert len(result.matches) == 15 * 2 and not [m for m in result.matches if m.returns is None]
    faults = {s.agent: s.faults for s in result.standings}
    assert all(faults[n] == 0 for n in honest)
    for b in bad:
        for h in honest:
            assert result.pairing(h, b).score == 2.0 and result.pairing(b, h).score == 0.0
        assert faults[b] >= 2 * len(honest)
    bad_games = [m for m in result.matches if set(m.match.seats) & set(bad)]
    assert sum(faults.values()) == len(bad_games)  # one forfeit per game with a bad agent
    assert {m.fault for m in result.matches if m.faulty == "looper"} == {"time"}
    assert {m.fault for m in result.matches if m.faulty == "cheater"} == {"illegal"}
    assert {m.fault for m in result.matches if m.faulty == "crasher"} == {"crash"}
    assert {s.agent for s in result.standings[3:]} == set(bad)


def test_with_three_players_the_others_share_a_forfeited_game() -> None:
    game = make_game("papageno", num_players=3)
    result = round_robin(game, {"a": RandomAgent(), "b": FirstActionAgent(), "bad": nothing}, games=2, progress=False)
    forfeits = [m for m in result.matches if "bad" in m.match.seats]
    assert len(forfeits) == 4 and all(m.faulty == "bad" and m.fault == "illegal" for m in forfeits)
    for m in forfeits:  # a round robin of two agents fills the 3 seats with one of them twice
        others = sum(seat != "bad" for seat in m.match.seats)
        assert m.returns == tuple(0.0 if seat == "bad" else 1 / others for seat in m.match.seats)
    assert any(m.match.seats.count("bad") == 1 for m in forfeits)  # two others shared that win
    assert {s.agent: s.faults for s in result.standings} == {"a": 0, "b": 0, "bad": 4}


def test_a_dead_pool_worker_loses_nothing() -> None:
    """``os._exit`` outside a sandbox breaks the pool: every game is played again here, sandboxed."""
    agents = {"random": RandomAgent(), "exiter": exiter, "first": FirstActionAgent()}
    with ProcessPoolExecutor(2) as pool:
        result = round_robin(GAME, agents, games=2, executor=pool, progress=False, isolate=False)
    assert len(result.matches) == 6 and not [m for m in result.matches if m.returns is None]
    assert {s.agent: s.faults for s in result.standings} == {"random": 0, "first": 0, "exiter": 4}
    assert result.pairing("random", "first").games == 2


def test_lambda_agents_play_through_a_process_pool() -> None:
    agents = {"random": RandomAgent(), "last": lambda o, legal, r: legal[-1], "first": FirstActionAgent()}
    here = round_robin(GAME, agents, games=4, seed=2, progress=False)
    with ProcessPoolExecutor(2) as pool:
        there = round_robin(GAME, agents, games=4, seed=2, executor=pool, progress=False)
    assert there == here and not here.errors


class FailsOnce(Executor):
    """Runs tasks in this thread, except that the first task's future fails (a worker that died)."""

    def __init__(self) -> None:
        self.failed = False

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Future[Any]:
        future: Future[Any] = Future()
        if not self.failed:
            self.failed = True
            future.set_exception(RuntimeError("worker lost"))
        else:
            future.set_result(fn(*args, **kwargs))
        return future


def test_a_failed_task_is_played_again() -> None:
    here = round_robin(GAME, [RandomAgent(), FirstActionAgent()], games=4, seed=6, progress=False)
    there = round_robin(
        GAME, [RandomAgent(), FirstActionAgent()], games=4, seed=6, executor=FailsOnce(), progress=False
    )
    assert there == here


def test_a_task_that_fails_twice_is_recorded_as_an_error_for_its_pairing(monkeypatch: pytest.MonkeyPatch) -> None:
    from boardgames_widgets.analysis import tournament

    real = tournament.play_match
    tries: list[int] = []

    def fails_for_game_0(game: Any, agents: Any, match: Any, *args: Any, **kwargs: Any) -> Any:
        if match.index == 0:
            tries.append(match.index)
            raise RuntimeError("worker lost")
        return real(game, agents, match, *args, **kwargs)

    monkeypatch.setattr(tournament, "play_match", fails_for_game_0)
    agents = {"random": RandomAgent(), "first": FirstActionAgent(), "greedy": GreedyAgent()}
    result = round_robin(GAME, agents, games=2, seed=6, progress=False)
    assert len(tries) == 2  # played, then played once more
    lost = result.matches[0]
    assert lost.returns is None and lost.error is not None and lost.error.startswith("task failed twice")
    assert lost.faulty is None  # nobody is charged with it
    a, b = lost.match.seats
    assert result.pairing(a, b).errors == 1 and result.pairing(a, b).games == 1
    assert [m for m in result.matches if m.returns is None] == [lost]  # every other game was kept


# -- same table on every executor; results file and resume -------------------------------------
def _field() -> dict[str, Any]:
    return {"greedy": GreedyAgent(), "random": RandomAgent(), "first": FirstActionAgent(), "crasher": crasher}


def test_same_table_serial_threads_processes_dask() -> None:
    here = round_robin(GAME, _field(), games=4, seed=3, progress=False, move_time_limit=30)
    with ThreadPoolExecutor(2) as threads:
        assert (
            round_robin(GAME, _field(), games=4, seed=3, executor=threads, progress=False, move_time_limit=30) == here
        )
    with default_executor(2) as processes:
        assert isinstance(processes, ProcessPoolExecutor)
        assert (
            round_robin(GAME, _field(), games=4, seed=3, executor=processes, progress=False, move_time_limit=30) == here
        )
    distributed = pytest.importorskip("dask.distributed")
    with distributed.Client(processes=False, n_workers=1, threads_per_worker=2, dashboard_address=None) as client:
        on_dask = round_robin(
            GAME, _field(), games=4, seed=3, executor=client.get_executor(), progress=False, move_time_limit=30
        )
    assert on_dask == here
    with distributed.Client(processes=True, n_workers=2, threads_per_worker=1, dashboard_address=None) as client:
        on_dask_processes = round_robin(
            GAME, _field(), games=4, seed=3, executor=client.get_executor(), progress=False, move_time_limit=30
        )
    assert on_dask_processes == here  # dask's own worker processes, too
    assert {s.agent: s.faults for s in here.standings}["crasher"] == 12


def test_results_file_and_resume(tmp_path: Path) -> None:
    path = tmp_path / "results.jsonl"
    seen: list[MatchResult] = []
    full = round_robin(GAME, _field(), games=2, seed=8, progress=False, results_path=path, on_result=seen.append)
    lines = path.read_text().splitlines()
    assert len(lines) == len(seen) == len(full.matches) == 12
    assert json.loads(lines[0])["game"] == "food_chain"
    path.write_text("\n".join(lines[:5]) + "\n" + lines[5][:10])  # cut short, as by a crash
    replayed: list[MatchResult] = []
    again = round_robin(GAME, _field(), games=2, seed=8, progress=False, results_path=path, on_result=replayed.append)
    assert again == full
    assert sorted(r.match.index for r in replayed) == sorted(m.match.index for m in full.matches)[5:]
    done: list[MatchResult] = []
    assert (
        round_robin(GAME, _field(), games=2, seed=8, progress=False, results_path=path, on_result=done.append) == full
    )
    assert done == []


# -- a folder of student files -----------------------------------------------------------------
STUDENT_FILES = {
    "alice.py": "def act(observation, legal_actions, rng):\n    return legal_actions[0]\n",
    "bob.py": "NAME = 'Bob the bot'\nagent = lambda observation, legal_actions, rng: rng.choice(legal_actions)\n",
    "carol.py": "class Mine:\n    def act(self, o, legal, rng):\n        return legal[-1]\nagent = Mine()\n",
    "dave.py": "def act(observation, legal_actions, rng):\n    return tuple(legal_actions[0])\n",
    # walks the stack for the state and crashes if it finds it: it never does, being sandboxed by default
    "erin.py": (
        "import sys\n"
        "def act(observation, legal_actions, rng):\n"
        "    frame = sys._getframe(1)\n"
        "    while frame is not None:\n"
        "        if 'state' in frame.f_locals:\n"
        "            raise RuntimeError('found the state')\n"
        "        frame = frame.f_back\n"
        "    return legal_actions[0]\n"
    ),
    "broken.py": "def act(observation, legal_actions, rng)\n    return 1\n",
    "empty.py": "x = 1\n",
    "quitter.py": "import os\nos._exit(1)\n",
    "_helper.py": "raise RuntimeError('not an agent file')\n",
}


def test_load_agents_reports_problems_and_plays_on(tmp_path: Path) -> None:
    for name, text in STUDENT_FILES.items():
        (tmp_path / name).write_text(text)
    folder = load_agents(tmp_path)
    assert isinstance(folder, AgentFolder)
    assert sorted(folder.agents) == ["alice", "bob", "carol", "dave", "erin"]  # agents are known by their files
    assert folder.agents["bob"].display_name == "Bob the bot"
    problems = dict(folder.problems)
    assert sorted(problems) == ["broken.py", "empty.py", "quitter.py"]
    assert "SyntaxError" in problems["broken.py"] and "no agent" in problems["empty.py"]
    assert "exit code 1" in problems["quitter.py"]
    with default_executor(2) as pool:
        result = round_robin(GAME, folder.agents, games=2, executor=pool, progress=False, move_time_limit=5)
    faults = {s.agent: s.faults for s in result.standings}
    assert faults == {"alice": 0, "bob": 0, "carol": 0, "dave": 8, "erin": 0}
    assert not [m for m in result.matches if m.returns is None]


# -- where processes (or threads) cannot be started ---------------------------------------------
def test_no_silent_fallback_when_sandboxes_cannot_start(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 29: a sandbox that cannot start is a clear refusal, never a game in this process."""
    from boardgames_widgets.core import sandbox
    from boardgames_widgets.core.sandbox import IsolationError

    def no_process(*args: Any, **kwargs: Any) -> None:
        raise OSError("processes are not allowed here")

    monkeypatch.setattr(sandbox.Sandbox, "__init__", no_process)
    with pytest.raises(IsolationError, match="processes are not allowed here"):
        play_game(GAME, [RandomAgent(), looper], seed=1, move_time_limit=0.2, isolate=True)
    with pytest.raises(IsolationError, match="processes are not allowed here"):
        play_game(GAME, [RandomAgent(), looper], seed=1, move_time_limit=0.2)
    with pytest.raises(IsolationError):
        round_robin(GAME, {"a": RandomAgent(), "b": looper}, games=2, progress=False, isolate=True)


def test_without_bubblewrap_isolation_is_refused_unless_trusted(monkeypatch: pytest.MonkeyPatch) -> None:
    from boardgames_widgets.core import sandbox
    from boardgames_widgets.core.sandbox import IsolationError

    monkeypatch.setattr(sandbox, "_bwrap_status", lambda: "bubblewrap is not installed")
    with pytest.raises(IsolationError, match=r"bubblewrap is not installed.*trust_students=True"):
        play_game(GAME, [RandomAgent(), FirstActionAgent()], seed=1, isolate=True)
    with pytest.raises(IsolationError, match="bubblewrap is not installed"):
        round_robin(GAME, {"a": RandomAgent(), "b": FirstActionAgent()}, games=2, progress=False, isolate=True)
    # a time limit alone needs a process, not confinement: a plain one, with its resource limits
    with pytest.raises(AgentError) as info:
        play_game(GAME, [RandomAgent(), looper], seed=1, move_time_limit=0.3)
    assert info.value.reason == "time"
    trusted = round_robin(
        GAME, {"a": RandomAgent(), "b": FirstActionAgent()}, games=2, progress=False, isolate=True, trust_students=True
    )
    assert trusted.isolation == "process"
    assert trusted == round_robin(GAME, {"a": RandomAgent(), "b": FirstActionAgent()}, games=2, progress=False)


def test_under_jupyterlite_threads_and_processes_are_not_used(monkeypatch: pytest.MonkeyPatch) -> None:
    from boardgames_widgets.analysis import tournament
    from boardgames_widgets.core import seats
    from boardgames_widgets.core.sandbox import IsolationError

    monkeypatch.setattr(sys, "platform", "emscripten")
    for module, flag in (
        (seats, "_no_thread_warned"),
        (tournament, "_thread_pool_warned"),
    ):
        monkeypatch.setattr(module, flag, False)
    with pytest.warns(RuntimeWarning, match="threads"):
        executor = default_executor(2)
    assert isinstance(executor, ThreadPoolExecutor)
    executor.shutdown()

    def slow(observation: Any, legal_actions: Sequence[Any], rng: random.Random) -> Any:
        time.sleep(0.3)
        return legal_actions[0]

    with pytest.warns(RuntimeWarning), pytest.raises(AgentError) as info:
        play_game(GAME, [RandomAgent(), slow], seed=1, move_time_limit=0.1)
    assert info.value.reason == "time"  # seen late (no thread can stop it), but seen
    with pytest.raises(IsolationError, match="no processes"):
        play_game(GAME, [RandomAgent(), slow], seed=1, isolate=True)  # refused, not played unconfined
