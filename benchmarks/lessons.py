"""CPU time of each lesson notebook, run top to bottom in a fresh kernel (the Binder budget: 30 s).

Each notebook is executed with nbclient; a last cell asks the kernel for its CPU time (user +
system) and for that of the processes it started ("children": its finished child processes,
and every live process below it with the children that process has reaped — the class
tournament's pool runs under a forkserver). The budget holds for the sum, what the lesson
costs the machine. A process that leaves the tree before it ends (re-parented to init, as the
tournament's pool workers can be in a kernel) is not counted: "children" is a lower bound. An
anchor — a fixed pure-Python workload run in a kernel the same way — gives the ratio, so
figures from machines of different speed compare.

    python benchmarks/lessons.py                 # all lessons, plus the teacher dashboard
    python benchmarks/lessons.py search/03       # the lessons whose path contains "search/03"
    python benchmarks/lessons.py --save          # also write the executed notebooks back (outputs, clean metadata)
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import nbformat
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parents[1] / "notebooks"
BUDGET = 30.0  # seconds of kernel CPU per lesson
CPU_CELL = """\
import os as _os, resource as _r
def _tree_cpu(root):
    # CPU of the live processes below root (Linux /proc): each one's own time and its reaped children's
    # (the forkserver of a process pool reaps its workers, which reap their sandboxes)
    stats = {}
    for pid in (p for p in _os.listdir("/proc") if p.isdigit()) if _os.path.isdir("/proc") else ():
        try:
            fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        stats[int(pid)] = (int(fields[1]), sum(int(x) for x in fields[11:15]) / _os.sysconf("SC_CLK_TCK"))
    total, todo = 0.0, [root]
    while todo:
        parent = todo.pop()
        for pid, (ppid, cpu) in stats.items():
            if ppid == parent:
                total += cpu
                todo.append(pid)
    return total
_s, _c = _r.getrusage(_r.RUSAGE_SELF), _r.getrusage(_r.RUSAGE_CHILDREN)
print(_s.ru_utime + _s.ru_stime, _c.ru_utime + _c.ru_stime + _tree_cpu(_os.getpid()))"""
ANCHOR = """\
total = 0
for i in range(3_000_000):
    total += i % 7
"""


def run(nb: nbformat.NotebookNode, folder: Path) -> tuple[float, float, float]:
    """Execute ``nb`` (in place) plus the CPU cell; return (kernel CPU, children CPU, wall seconds)."""
    nb.cells.append(nbformat.v4.new_code_cell(CPU_CELL))
    start = time.perf_counter()
    NotebookClient(nb, timeout=1800, kernel_name="python3", resources={"metadata": {"path": str(folder)}}).execute()
    wall = time.perf_counter() - start
    cell = nb.cells.pop()
    own, children = (float(x) for x in cell.outputs[0]["text"].split())
    return own, children, wall


def clean(nb: nbformat.NotebookNode) -> None:
    """Drop the metadata that changes on every run (widget state, execution timing)."""
    nb.metadata.pop("widgets", None)
    for cell in nb.cells:
        cell.metadata.pop("execution", None)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("only", nargs="*", help="run the notebooks whose path contains one of these")
    parser.add_argument("--save", action="store_true", help="write the executed notebooks back")
    args = parser.parse_args()
    paths = [*sorted((ROOT / "lessons").glob("*/*.ipynb")), ROOT / "teacher_dashboard.ipynb"]
    paths = [p for p in paths if not args.only or any(o in str(p) for o in args.only)]
    anchor_nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(ANCHOR)])
    anchor_nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    base, _, _ = run(anchor_nb, ROOT)
    print(f"anchor (kernel start + a 3-million-step loop): {base:.2f} s CPU")
    print(
        f"{'notebook':<52} {'kernel CPU':>10} {'children':>9} {'total':>7} {'wall':>7} {'ratio':>6}  budget {BUDGET:.0f} s"
    )
    over = []
    for path in paths:
        nb = nbformat.read(path, as_version=4)
        own, children, wall = run(nb, path.parent)
        name = str(path.relative_to(ROOT))
        total = own + children
        flag = "" if total <= BUDGET else "  OVER"
        print(
            f"{name:<52} {own:>9.1f}s {children:>8.1f}s {total:>6.1f}s {wall:>6.1f}s {total / base:>6.1f}{flag}",
            flush=True,
        )
        if total > BUDGET:
            over.append(name)
        for record in path.parent.glob("checks_*.json"):
            record.unlink()  # the run's own check record
        if args.save:
            clean(nb)
            nbformat.write(nb, path)
    if over:
        print("over the budget:", ", ".join(over))
        sys.exit(1)


if __name__ == "__main__":
    main()
