"""Speed of the Dutch engine (prints medians): one round of events of N players.

The event is made by the engine itself: ``PLAYED`` rounds are paired with system = "dutch"
and played with rating-based random results (``pairing.simulate.play``), then round
``PLAYED + 1`` is paired ``REPEAT`` times in a fresh process; the median wall time, the
median CPU time (the box is shared: compare CPU times) and the peak resident memory of that
process (VmHWM: the interpreter, the event and the pairing) are printed.

``--compare REV`` pairs the same events with the engine of the git revision ``REV`` too
(exported with ``git archive`` into a temporary folder), in the same run, so that the
figures can be compared (a 1000-player round of the engine before its speed work took
about 12 s).

Usage: ``python tests/bench/dutch_speed.py [N ...] [--played K] [--repeat R]
[--compare REV]`` (default sizes 1000 4000, K = 3, R = 3).
"""

from __future__ import annotations

import pickle
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def build(n: int, played: int, seed: int = 1):
    """An event of ``n`` players after ``played`` rounds (paired by this tree's engine)."""
    from swisstui.core.model import Event
    from swisstui.core.pairing import pair_round
    from swisstui.core.pairing.simulate import play, random_players, settings_for

    rng = random.Random(seed)
    s = settings_for("chess", f"Dutch bench {n}", played + 4, seed, system="dutch")
    event = Event(s, tuple(random_players(n, rng, "chess")))
    for _ in range(played):
        event = event.with_round(play(event, pair_round(event).round, rng))
    return event


def peak_mb() -> float:
    """Peak resident memory of this process in MB: VmHWM (Linux; ru_maxrss would carry the
    parent's peak over the fork), else ru_maxrss."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def measure(event_file: str, repeat: int) -> str:
    """Pair the pickled event ``repeat`` times (run in a child process, whose ``sys.path``
    starts with the tree to measure): one line ``wall_median cpu_median peak_mb runs…``."""
    from swisstui.core.pairing import pair_round

    with open(event_file, "rb") as f:
        event = pickle.load(f)
    times, cpu = [], []
    for _ in range(repeat):
        t, c = time.perf_counter(), time.process_time()
        pair_round(event)
        times.append(time.perf_counter() - t)
        cpu.append(time.process_time() - c)
    peak = peak_mb()
    return " ".join(f"{x:.3f}" for x in (statistics.median(times), statistics.median(cpu),
                                         peak, *times))


def run_child(root: Path, event_file: str, repeat: int) -> list[float]:
    """Measure in a fresh process with the engine of the tree ``root``."""
    out = subprocess.run([sys.executable, str(Path(__file__).resolve()), "--measure",
                          event_file, str(repeat), str(root)],
                         capture_output=True, text=True, check=True).stdout
    return [float(x) for x in out.split()]


def export(rev: str, into: Path) -> Path:
    """The tree of git revision ``rev`` in ``into``."""
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", rev],
                             capture_output=True, check=True).stdout
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)
    return into


def main(argv: list[str]) -> int:
    if "--measure" in argv:
        k = argv.index("--measure")
        sys.path.insert(0, argv[k + 3])
        print(measure(argv[k + 1], int(argv[k + 2])))
        return 0
    sys.path.insert(0, str(ROOT))
    played, repeat, rev = 3, 3, None
    if "--played" in argv:
        played = int(argv[argv.index("--played") + 1])
    if "--repeat" in argv:
        repeat = int(argv[argv.index("--repeat") + 1])
    if "--compare" in argv:
        rev = argv[argv.index("--compare") + 1]
    skip = {str(played), str(repeat)} if ("--played" in argv or "--repeat" in argv) else set()
    sizes = [int(a) for a in argv if a.isdigit() and a not in skip]
    with tempfile.TemporaryDirectory() as tmp:
        roots = [("this tree", ROOT)]
        if rev:
            ref = Path(tmp) / "ref"
            ref.mkdir()
            roots.insert(0, (rev, export(rev, ref)))
        print(f"{'players':>7} {'engine':>12} {'wall median':>11} {'CPU median':>10} "
              f"{'peak MB':>7}  runs (wall)")
        for n in sizes or [1000, 4000]:
            t0 = time.perf_counter()
            event = build(n, played)
            made = time.perf_counter() - t0
            event_file = str(Path(tmp) / f"event{n}.pickle")
            with open(event_file, "wb") as f:
                pickle.dump(event, f)
            for name, root in roots:
                wall, cpu, peak, *runs = run_child(root, event_file, repeat)
                print(f"{n:>7} {name:>12} {wall:>10.3f}s {cpu:>9.3f}s {peak:>7.0f}  "
                      f"{', '.join(f'{x:.3f}' for x in runs)}", flush=True)
            print(f"{'':>7} (round {played + 1}; event made in {made:.1f} s)", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
