"""Store benchmark (run on demand: ``.venv/bin/python tests/bench/store.py``).

For 100 / 1000 / 4000 players and 10 paired rounds (chess): cold load of the folder (a new
process sees every file for the first time), warm load, and result entry = one
``store.update(record_result)`` (lock, re-read, write one round file atomically with fsync).
Prints medians of several runs and peak memory.  With ``--before DIR``: the figures of issue 14
item 3 at 4000 players — a new process loading the event (target ≤ 0.3 s) and a result entry
(target ≤ 20 ms) — against the older code in ``DIR``, in the same run (:mod:`before_after`).
"""

from __future__ import annotations

import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/ (conftest)

from conftest import make_event  # noqa: E402

from swisstui.core import store  # noqa: E402
from swisstui.core.games import profile  # noqa: E402
from swisstui.core.model import Board, Round  # noqa: E402
from swisstui.core.results import record_result  # noqa: E402

ROUNDS = 10


def build(tmp: Path, n: int) -> Path:
    folder = make_event(tmp, "chess", n, rounds=ROUNDS + 1, folder=f"p{n}")

    def rounds(e):
        res = profile("chess").result("1-0", e.settings)
        for r in range(1, ROUNDS + 1):
            e = e.with_round(Round(r, tuple(Board(b, (2 * b - 1, 2 * b), res if r < ROUNDS
                                                      else None)
                                            for b in range(1, n // 2 + 1))))
        return e
    store.update(folder, rounds)
    return folder


def cold_load(folder: Path) -> float:
    code = ("import time, sys; from swisstui.core import store; t = time.perf_counter(); "
            "store.load(sys.argv[1]); print(time.perf_counter() - t)")
    out = subprocess.run([sys.executable, "-c", code, str(folder)], capture_output=True,
                         text=True, check=True)
    return float(out.stdout)


def _cold_cpu(folder: Path) -> list[float]:
    code = ("import time, sys; from swisstui.core import store; c = time.process_time(); "
            "t = time.perf_counter(); store.load(sys.argv[1]); "
            "print(time.process_time() - c, time.perf_counter() - t)")
    out = subprocess.run([sys.executable, "-c", code, str(folder)], capture_output=True,
                         text=True, check=True)
    return [float(x) for x in out.stdout.split()]


def measure() -> dict[str, list[list[float]]]:
    """Issue 14 item 3 (3) and (4) at 4000 players × 10 rounds: a new process loading the
    event after the writes that made it, and one result entry (``store.update``)."""
    out: dict[str, list[list[float]]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        folder = build(Path(tmp), 4000)
        for b in range(1, 3):  # the writers' usual traffic before a reader comes
            store.update(folder, lambda e, b=b: record_result(e, ROUNDS, b, "1-0"))
        for _ in range(3):
            out.setdefault("load 4000 players x 10 rounds, new process", []).append(
                _cold_cpu(folder))
        for b in range(3, 12):
            c, t = time.process_time(), time.perf_counter()
            store.update(folder, lambda e, b=b: record_result(e, ROUNDS, b, "1-0"))
            out.setdefault("result entry at 4000 players (store.update)", []).append(
                [time.process_time() - c, time.perf_counter() - t])
    return out


TARGETS = {"load 4000 players x 10 rounds, new process": 0.3,
           "result entry at 4000 players (store.update)": 0.02}


def main() -> None:
    from before_after import handle
    if handle(__file__, measure, targets=TARGETS):
        return
    with tempfile.TemporaryDirectory() as tmp:
        for n in (100, 1000, 4000):
            folder = build(Path(tmp), n)
            cold = statistics.median(cold_load(folder) for _ in range(3))
            warm = []
            for _ in range(5):
                t = time.perf_counter()
                store.load(folder)
                warm.append(time.perf_counter() - t)
            entry = []
            for b in range(1, 8):
                t = time.perf_counter()
                store.update(folder, lambda e, b=b: record_result(e, ROUNDS, b, "1-0"))
                entry.append(time.perf_counter() - t)
            print(f"{n:5d} players x {ROUNDS} rounds: cold load {cold * 1000:7.1f} ms, "
                  f"warm load {statistics.median(warm) * 1000:6.1f} ms, "
                  f"result entry {statistics.median(entry) * 1000:6.1f} ms (median)")
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak RSS {peak:.0f} MB")


if __name__ == "__main__":
    main()
