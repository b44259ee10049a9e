"""The compiled blossom benchmark (issue 14): pairing/blossom.py (Python) against
pairing/nblossom.py (numba) and rustworkx on random sparse graphs.  Not a test: run on demand.

    .venv/bin/python tests/bench/nblossom.py [--sizes 1000,4000,16000] [--degree 30]
                                             [--bits 100] [--repeat 3] [--python-max 1000]
                                             [--python-warm-max 4000]

Graphs: n vertices, a path 0–1–…–(n−1) (so a perfect matching exists) and random edges up to
about ``degree`` per vertex, weights uniform on ``bits`` bits.  Each case runs in its own
process (so its peak memory is its own): ``cold`` solves from nothing, ``warm`` starts from
rustworkx's maximum-weight matching of the same graph (what the engine's proof does with the
candidate window's optimum).  Times are CPU seconds (median of ``--repeat`` runs); memory is the
process's peak resident set above what it had after the imports and the JIT warm-up.  The
Python solver is skipped above ``--python-max`` vertices cold, ``--python-warm-max`` warm
(it needs minutes there).  Last, the
numba module's first-call compile time (an empty cache) and its cached load, each in a fresh
process.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))


def graph(n: int, degree: int, bits: int, seed: int) -> list[tuple[int, int, int]]:
    r = random.Random(f"nblossom-{n}-{seed}")
    w = {(i, i + 1): r.getrandbits(bits) for i in range(n - 1)}
    for _ in range(n * degree // 2):
        a, b = r.sample(range(n), 2)
        w[(min(a, b), max(a, b))] = r.getrandbits(bits)
    return [(a, b, x) for (a, b), x in w.items()]


def _rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def one(solver: str, n: int, mode: str, degree: int, bits: int, repeat: int) -> dict:
    """One case in this process: median CPU time, peak memory, the matching's weight."""
    import rustworkx as rx

    from swisstui.core.pairing import blossom, nblossom

    cls = {"python": blossom.Blossom, "numba": nblossom.Blossom}.get(solver)
    if solver == "numba":  # the JIT (or the cache load) is not what is measured here
        nblossom.Blossom(2, [(0, 1, 1)]).solve()
    base = _rss_mb()
    times = []
    total = None
    for seed in range(repeat):
        edges = graph(n, degree, bits, seed)
        g = rx.PyGraph()
        g.add_nodes_from(range(n))
        g.add_edges_from(edges)
        start = {}
        if mode == "warm" or solver == "rustworkx":
            t = time.process_time()
            pairs = rx.max_weight_matching(g, max_cardinality=True, weight_fn=lambda w: w)
            t_rx = time.process_time() - t
            for a, b in pairs:
                start[a], start[b] = b, a
        if solver == "rustworkx":
            times.append(t_rx)
            mate = start
        else:
            assert cls is not None
            t = time.process_time()
            bs = cls(n, edges)
            if mode == "warm":
                bs.start(start)
            mate = bs.solve()
            times.append(time.process_time() - t)
        w = {(a, b): x for a, b, x in edges}
        got = sum(w[(a, b)] for a, b in mate.items() if a < b)
        total = got if total is None else total + got
    return {"time": statistics.median(times), "mem": _rss_mb() - base, "weight": total}


def _child(args: list[str], env: dict | None = None) -> dict:
    out = subprocess.run([sys.executable, __file__, *args], capture_output=True, text=True,
                         env=env, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def jit_times() -> tuple[float, float]:
    """Wall seconds of import + first solve: with an empty cache, then from the cache."""
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(os.environ, NUMBA_CACHE_DIR=tmp)
        cold = _child(["--jit"], env)["time"]
        cached = _child(["--jit"], env)["time"]
    return cold, cached


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="1000,4000,16000")
    ap.add_argument("--degree", type=int, default=30)
    ap.add_argument("--bits", type=int, default=100)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--python-max", type=int, default=1000)
    ap.add_argument("--python-warm-max", type=int, default=4000)
    ap.add_argument("--one", nargs=3, metavar=("SOLVER", "N", "MODE"))
    ap.add_argument("--jit", action="store_true")
    args = ap.parse_args()
    if args.jit:
        t = time.perf_counter()
        from swisstui.core.pairing import nblossom
        nblossom.Blossom(4, [(0, 1, 3), (2, 3, 1), (1, 2, 5)]).solve()
        print(json.dumps({"time": time.perf_counter() - t}))
        return 0
    if args.one:
        solver, n, mode = args.one
        print(json.dumps(one(solver, int(n), mode, args.degree, args.bits, args.repeat)))
        return 0
    common = ["--degree", str(args.degree), "--bits", str(args.bits), "--repeat",
              str(args.repeat)]
    print(f"random graphs, ~{args.degree} edges per vertex, {args.bits}-bit weights; CPU "
          f"seconds (median of {args.repeat}) and peak memory above the imports (MB)")
    print(f"{'n':>6} {'mode':<5} {'python':>16} {'numba':>16} {'rustworkx':>16}  "
          "numba vs python, vs rustworkx")
    for n in (int(x) for x in args.sizes.split(",")):
        for mode in ("cold", "warm"):
            res = {}
            for solver in ("python", "numba", "rustworkx"):
                if solver == "python" and n > (args.python_max if mode == "cold"
                                                else args.python_warm_max):
                    continue
                if solver == "rustworkx" and mode == "warm":
                    continue
                res[solver] = _child(["--one", solver, str(n), mode, *common])
            if mode == "cold":
                ref = res["rustworkx"]
            res["rustworkx"] = ref  # the same solve: rustworkx has no warm start
            weights = {r["weight"] for r in res.values()}
            assert len(weights) == 1, ("the solvers disagree", n, mode, res)
            cells = []
            for solver in ("python", "numba", "rustworkx"):
                r = res.get(solver)
                cells.append(f"{r['time']:8.2f}s {r['mem']:5.0f}MB" if r else f"{'—':>16}")
            ratio = (f"{res['python']['time'] / res['numba']['time']:7.1f}×"
                     if "python" in res else f"{'—':>8}")
            ratio += f" {res['rustworkx']['time'] / res['numba']['time']:7.2f}×"
            print(f"{n:>6} {mode:<5} {' '.join(cells)}  {ratio}", flush=True)
    cold, cached = jit_times()
    print(f"numba: first call with an empty cache (compile) {cold:.1f} s wall; cached load "
          f"{cached:.2f} s wall (import + first solve, fresh processes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
