"""Speed of the Dutch engine (prints medians): one round of a 1000- and a 4000-player event.

The event is made by the engine itself: ``PLAYED`` rounds are paired with system = "dutch"
and played with rating-based random results (``pairing.simulate.play``), then round
``PLAYED + 1`` is paired ``REPEAT`` times; the median wall time the median CPU time (the
box is shared: compare CPU times) and the peak resident memory of the process are printed.  Usage: ``python tests/bench/dutch_speed.py [N ...]`` (default
1000 4000); ``--played K`` and ``--repeat R`` change the defaults (3 and 3).
"""

from __future__ import annotations

import random
import resource
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from swisstui.core.model import Event  # noqa: E402
from swisstui.core.pairing import pair_round  # noqa: E402
from swisstui.core.pairing.simulate import play, random_players, settings_for  # noqa: E402


def build(n: int, played: int, seed: int = 1) -> Event:
    rng = random.Random(seed)
    s = settings_for("chess", f"Dutch bench {n}", played + 4, seed, system="dutch")
    event = Event(s, tuple(random_players(n, rng, "chess")))
    for _ in range(played):
        event = event.with_round(play(event, pair_round(event).round, rng))
    return event


def main(argv: list[str]) -> int:
    played, repeat = 3, 3
    if "--played" in argv:
        played = int(argv[argv.index("--played") + 1])
    if "--repeat" in argv:
        repeat = int(argv[argv.index("--repeat") + 1])
    sizes = [int(a) for a in argv if a.isdigit() and str(played) != a and str(repeat) != a]
    for n in sizes or [1000, 4000]:
        t0 = time.perf_counter()
        event = build(n, played)
        made = time.perf_counter() - t0
        times, cpu = [], []
        for _ in range(repeat):
            t, c = time.perf_counter(), time.process_time()
            pair_round(event)
            times.append(time.perf_counter() - t)
            cpu.append(time.process_time() - c)
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        print(f"{n} players, round {played + 1}: median {statistics.median(times):.2f} s "
              f"(runs {', '.join(f'{x:.2f}' for x in times)}), CPU median "
              f"{statistics.median(cpu):.2f} s; event made in {made:.1f} s; "
              f"peak memory {peak:.0f} MB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
