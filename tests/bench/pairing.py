"""Pairing benchmark (issues 3 and 14): median pairing time and peak memory at 1000, 4000,
4001 (an odd field: the pairing bye's vertex) and 16 000 players, rounds 2, 5 and 9 of a 9-round event, chess-style (FIDE colours, slide) and
Magic-style (random in-group order, no colours).  Not a test: run on demand (16 000 players
take minutes per round on the engine of issue 14's time; ``--sizes 1000,4000`` for a quick run).

    .venv/bin/python tests/bench/pairing.py [--sizes 1000,4000,4001,16000] [--games chess,magic]
                                            [--repeat 3]

Each event is played through the real engine (rating-based random results, forfeits 2 %);
before rounds 2, 5 and 9 the next round is paired ``--repeat`` times and the median time is
printed with the solving method (complete graph / candidate window k).  Peak memory is the
maximum resident set size (resource.getrusage) of the process that played the event, i.e.
including the history: each game and size runs in a process of its own, as a director's
program holds one event (``--shared``: all in this process, as before).
Targets on the 2-core box (issue 14): ≤ 1 s at 4000, ≤ 5 s at 16 000, 4000 at most 5× the time
of 1000 (the ratio of the medians is printed per game), peak ≤ 300 MB at 16 000.

``cpu s`` is the median CPU time (time.process_time) and ``solver`` its share spent in the
matching solvers — rustworkx / networkx (matching.solve) and our blossom of the proof
(the engine's ``Blossom`` and its compiled twin ``nblossom.Blossom``: construction, warm
start, resumes, duals) — the rest being the
Python of the engine (states, candidates, weights, pricing, explanations).  A native solver can
save at most that share.
"""

from __future__ import annotations

import argparse
from dataclasses import replace
import random
import resource
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from swisstui.core.model import Event  # noqa: E402
from swisstui.core.pairing import engine, pair_round  # noqa: E402
from swisstui.core.pairing.simulate import play, random_players, settings_for  # noqa: E402

MEASURE = (2, 5, 9)
# an odd size has the even one's target: its bye vertex must cost nothing noticeable (until
# 2026-11-28 a 4001-player chess round took 30–45 s and was not proven: docs/PAIRING.md)
TARGET = {100: 0.2, 1000: 1.0, 4000: 1.0, 16000: 5.0}
TARGET.update({n + 1: t for n, t in list(TARGET.items())})


SOLVER = [0.0, 0]  # CPU seconds inside the solvers, nesting depth


def _timed(f):
    """``f``, its CPU time added to SOLVER (outermost call only)."""
    def timed(*args, **kw):
        SOLVER[1] += 1
        t = time.process_time()
        try:
            return f(*args, **kw)
        finally:
            SOLVER[1] -= 1
            if not SOLVER[1]:
                SOLVER[0] += time.process_time() - t
    return timed


engine.solve = _timed(engine.solve)  # rustworkx / networkx, as the engine calls it
_TIMED: set = set()


def _time_blossoms() -> None:
    """Time the blossom classes loaded so far (the compiled one is imported by the engine's
    first proof from NATIVE_FROM players: importing it here would add numba's memory to
    every figure)."""
    classes = [engine.Blossom]
    native = sys.modules.get("swisstui.core.pairing.nblossom")
    if native is not None:
        classes.append(native.Blossom)
    for cls in classes:
        if cls not in _TIMED:
            _TIMED.add(cls)
            for name in ("__init__", "start", "solve", "add_edges", "duals"):
                setattr(cls, name, _timed(getattr(cls, name)))


_time_blossoms()


def peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def bench(game: str, n: int, repeat: int) -> list[tuple]:
    rng = random.Random(n)
    s = settings_for(game, f"bench {game} {n}", 9, seed=n)
    if s.system == "dutch":  # chess's default; this script measures the general engine
        s = replace(s, system="swiss")
    ev = Event(s, tuple(random_players(n, rng, game)))
    rows = []
    for r in range(1, 10):
        times, cpus, shares = [], [], []
        p = None
        for _ in range(repeat if r in MEASURE else 1):
            _time_blossoms()
            SOLVER[0] = 0.0
            t, c = time.perf_counter(), time.process_time()
            p = pair_round(ev, allow_rematch=True)
            times.append(time.perf_counter() - t)
            cpus.append(time.process_time() - c)
            shares.append(SOLVER[0] / cpus[-1] if cpus[-1] else 0.0)
        if r in MEASURE:
            rows.append((game, n, r, statistics.median(times), max(times),
                         statistics.median(cpus), statistics.median(shares), p.method,
                         peak_mb()))
        ev = ev.with_round(play(ev, p.round, rng, forfeit_rate=0.02))
    return rows


def _rows(game: str, n: int, repeat: int, shared: bool) -> list[tuple]:
    """:func:`bench` in a process of its own (the peak is that event's), or in this one."""
    if shared:
        return bench(game, n, repeat)
    import json
    import subprocess
    out = subprocess.run([sys.executable, __file__, "--child", f"{game}:{n}", "--repeat",
                          str(repeat)], check=True, capture_output=True, text=True).stdout
    return [tuple(row) for row in json.loads(out.splitlines()[-1])]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="1000,4000,4001,16000")
    ap.add_argument("--games", default="chess,magic")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--shared", action="store_true",
                    help="every event in this process (the peak is then the largest of all)")
    ap.add_argument("--child", help=argparse.SUPPRESS)  # GAME:N, rows as JSON (_rows)
    args = ap.parse_args()
    if args.child:
        import json
        game, n = args.child.split(":")
        print(json.dumps(bench(game, int(n), args.repeat)))
        return 0
    print(f"{'game':<6} {'players':>7} {'round':>5} {'median s':>9} {'max s':>7} "
          f"{'cpu s':>6} {'solver':>6} {'target':>6} {'peak MB':>8}  method")
    worst = 0.0
    medians: dict[tuple[str, int], list[float]] = {}
    shares: dict[int, list[tuple[float, float]]] = {}
    peaks: list[float] = []
    for n in (int(x) for x in args.sizes.split(",")):
        for game in args.games.split(","):
            for g, size, r, med, mx, cpu, share, method, mb in _rows(game, n, args.repeat,
                                                                      args.shared):
                peaks.append(mb)
                medians.setdefault((g, size), []).append(med)
                shares.setdefault(size, []).append((cpu, share))
                tgt = TARGET.get(size)
                flag = "" if tgt is None or med <= tgt else "  OVER TARGET"
                worst = max(worst, med / tgt if tgt else 0)
                print(f"{g:<6} {size:>7} {r:>5} {med:>9.3f} {mx:>7.3f} {cpu:>6.2f} "
                      f"{share:>6.0%} {tgt if tgt else '-':>6} {mb:>8.0f}  {method}{flag}",
                      flush=True)
    for game in args.games.split(","):
        if (game, 1000) in medians and (game, 4000) in medians:
            ratio = statistics.median(medians[(game, 4000)]) / \
                statistics.median(medians[(game, 1000)])
            print(f"{game}: 4000 players take {ratio:.1f}× the time of 1000 (target ≤ 5×)")
    for size, rows in shares.items():
        cpu = sum(c for c, _s in rows)
        solver = sum(c * sh for c, sh in rows)
        print(f"{size} players: {solver / cpu if cpu else 0:.0%} of the CPU time in the "
              f"solvers (rustworkx, blossom), {cpu - solver:.2f} s of {cpu:.2f} s elsewhere "
              f"(sum of the medians)")
    where = "this process" if args.shared else "the largest of the events' processes"
    print(f"peak memory {max(peaks, default=peak_mb()):.0f} MB ({where}); "
          f"worst median/target {worst:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
