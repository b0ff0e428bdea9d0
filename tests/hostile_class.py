"""A hostile class for the tests of issue 29: honest student files and cheats, written to a folder.

Every cheat that tries to get out of its sandbox raises ``RuntimeError("ESCAPED: …")``
if any attempt worked (so an escape shows in the results); otherwise it plays on or
breaks in its own way, which must be charged to it.
"""

from __future__ import annotations

import os
import socket
from pathlib import Path
from typing import Any

import boardgames_widgets

HONEST = {
    "ada.py": "def act(observation, legal_actions, rng):\n    return legal_actions[-1]\n",
    "ben.py": "def act(observation, legal_actions, rng):\n    return rng.choice(legal_actions)\n",
    "cy.py": (
        "import random\n"
        "class Agent:\n"
        "    def reset(self):\n"
        "        self.moves = 0\n"
        "    def act(self, observation, legal_actions, rng):\n"
        "        self.moves += 1\n"
        "        return legal_actions[rng.randrange(len(legal_actions))]\n"
        "agent = Agent()\n"
    ),
}

#: every way out we know, tried on each move; {port}, {results}, {victim}, {teacher} filled in
ESCAPES = """
import os, socket, signal, pickle, sys
HERE = os.path.dirname(os.path.abspath(__file__))

def attempts():
    got = []
    for path in ({victim!r}, os.path.join({results!r}, "results.jsonl"), os.path.join({results!r}, "results.secret")):
        try:
            with open(path, "rb") as f:
                f.read()
            got.append("read " + path)
        except OSError:
            pass
    for path in ({victim!r}, os.path.join({results!r}, "results.jsonl"), {package!r}, os.path.join(HERE, "new.py")):
        try:
            with open(path, "a") as f:
                f.write("# sabotaged")
            got.append("wrote " + path)
        except OSError:
            pass
    try:
        socket.create_connection(("127.0.0.1", {port}), timeout=1).close()
        got.append("network")
    except OSError:
        pass
    if os.path.exists("/proc/{teacher}/status") and {teacher} != os.getpid():
        got.append("sees the teacher's process")
    others = [p for p in os.listdir("/proc") if p.isdigit() and int(p) not in (1, os.getpid())]
    if len(others) > 2:
        got.append("sees %d other processes" % len(others))
    try:
        import resource
        resource.prlimit(os.getppid(), resource.RLIMIT_NOFILE, (3, 3))  # lower the parent's limits
        resource.prlimit({teacher}, resource.RLIMIT_NOFILE, (3, 3))
        got.append("lowered the teacher's open-file limit")
    except (OSError, ValueError):
        pass
    import boardgames_widgets.analysis.tournament as t
    t._summarize = lambda *a, **k: None  # patch the teacher's summary (only this process's copy)
    return got

def act(observation, legal_actions, rng):
    got = attempts()
    if got:
        raise RuntimeError("ESCAPED: " + "; ".join(got))
    for fd in range(3, 64):  # a crafted pickle down every pipe it can find: never unpickled by the teacher
        try:
            data = pickle.dumps(("index", 0))
            os.write(fd, len(data).to_bytes(4, "big") + data)
        except OSError:
            pass
    return legal_actions[0]
"""

#: matches its generator against every public seed string: finds it only if seeds are public
SEED_REPLAY = """
import random
CANDIDATES = {}
for seed in range(10):
    for k in range(40):
        for seat in range(4):
            text = f"{seed}/game/{k}/agent/{seat}"
            CANDIDATES[random.Random(text).getstate()] = text

def act(observation, legal_actions, rng):
    found = CANDIDATES.get(rng.getstate())
    if found is not None:
        raise RuntimeError("ESCAPED: my seed is " + found + ", so I know the deal")
    return legal_actions[0]
"""

CHEATS = {
    "escaper.py": ESCAPES,
    "seeker.py": SEED_REPLAY,
    "looper.py": "def act(observation, legal_actions, rng):\n    while True:\n        pass\n",
    "c_caller.py": "def act(observation, legal_actions, rng):\n    return legal_actions[sum(range(4 * 10**9)) % 1]\n",
    "hog.py": "def act(observation, legal_actions, rng):\n    block = bytearray(3 << 30)\n    return legal_actions[0]\n",
    "forker.py": (
        "import subprocess\n"
        "def act(observation, legal_actions, rng):\n"
        "    kids = [subprocess.Popen(['sleep', '3600'], start_new_session=True) for _ in range(30)]\n"
        "    return legal_actions[0]\n"
    ),
    "orphan.py": (
        "import subprocess\n"
        "STARTED = []\n"
        "def act(observation, legal_actions, rng):\n"
        "    if not STARTED:  # one child that would outlive it, in its own session\n"
        "        STARTED.append(subprocess.Popen(['sleep', '3601'], start_new_session=True))\n"
        "    return legal_actions[0]\n"
    ),
    "flooder.py": "def act(observation, legal_actions, rng):\n    print('x' * 10_000_000)\n    return legal_actions[0]\n",
    "slow_reset.py": (
        "import time\n"
        "class Agent:\n"
        "    def reset(self):\n"
        "        time.sleep(60)\n"
        "    def act(self, observation, legal_actions, rng):\n"
        "        return legal_actions[0]\n"
        "agent = Agent()\n"
    ),
    "lookalike.py": "def act(observation, legal_actions, rng):\n    return tuple(legal_actions[0])\n",
    "impostor.py": "NAME = 'ada'\ndef act(observation, legal_actions, rng):\n    return legal_actions[0]\n",
    "injector.py": "NAME = 'x\\n| fake | 9999 |'\ndef act(observation, legal_actions, rng):\n    return legal_actions[0]\n",
}

#: what each cheat is charged with when it plays (the cheats that play on are not charged)
CHARGED = {
    "escaper": "crash",  # its crafted pickle arrives as nonsense
    "looper": "time",
    "c_caller": "time",
    "hog": "memory",
    "forker": "crash",  # no new process may start (seccomp)
    "orphan": "crash",
    "slow_reset": "time",
    "lookalike": "illegal",
}


def c_call(observation: Any, legal_actions: Any, rng: Any) -> Any:
    """A long call into C (no Python instruction for a thread's stop to act on)."""
    return legal_actions[sum(range(4 * 10**9)) % 1]


def write_class(folder: Path, results: Path, port: int, cheats: bool = True) -> None:
    """The honest files (and the cheats) in ``folder``; the escaper aims at ``results`` and ``port``."""
    folder.mkdir(parents=True, exist_ok=True)
    for name, text in HONEST.items():
        (folder / name).write_text(text, encoding="utf-8")
    if not cheats:
        return
    package = str(Path(boardgames_widgets.__file__).resolve())
    values = {
        "port": port,
        "results": str(results),
        "victim": str(folder / "ada.py"),
        "teacher": os.getpid(),
        "package": package,
    }
    for name, text in CHEATS.items():
        (folder / name).write_text(text.format(**values) if name == "escaper.py" else text, encoding="utf-8")


def listener() -> socket.socket:
    """A local listening socket (the escaper tries to connect to it)."""
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(5)
    server.setblocking(False)
    return server


def connections(server: socket.socket) -> int:
    """How many connections came to ``server``."""
    n = 0
    while True:
        try:
            conn, _ = server.accept()
        except BlockingIOError:
            return n
        conn.close()
        n += 1


def sandbox_processes() -> list[int]:
    """Processes left that a sandbox started (its environment says ``BGW_SANDBOX``), or its ``sleep``s."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            environ = Path(f"/proc/{entry}/environ").read_bytes()
            cmdline = Path(f"/proc/{entry}/cmdline").read_bytes()
        except OSError:
            continue
        if b"BGW_SANDBOX=" in environ or cmdline.startswith((b"sleep\x003600", b"sleep\x003601")):
            found.append(int(entry))
    return found
