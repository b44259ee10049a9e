"""The first large round on a fresh machine (issue 31, item 13): what round 1 of a 600-player
event costs when numba's cache is empty, when it is warm, and when the warm-up
(swisstui/core/pairing/warmup.py) ran in the background first.  Not a test: run on demand.

    .venv/bin/python tests/bench/first_round.py [--players 600] [--game magic] [--repeat 3]
                                                [--cold 1] [--skip-background]

Every case runs in a fresh process of its own with ``NUMBA_CACHE_DIR`` a fresh temporary
folder (a fresh install as numba sees it), so its peak memory (``ru_maxrss``) is that of a
director's pairing process:

* ``cold``: no warm-up ran, round 1 compiles the solver (``--cold`` runs, the median);
* ``warm``: the same folder afterwards: a later process loads the compiled code
  (``--repeat`` runs, the median);
* ``background, done``: a fresh folder, the background warm-up started as registration
  starts it (:func:`warmup.start_background`), waited for until ready, then round 1;
* ``background, racing``: a fresh folder, the warm-up started and round 1 paired at once:
  the pairing waits for the warm-up (the lock) instead of compiling beside it.

Wall seconds (what the hall waits for), CPU seconds of the pairing process, peak MB; for the
cold case also the number of compiled signatures (numba's compile events, numba's own helpers
included) and the ten most expensive (seconds inclusive of what they call: nested).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))


def _round1(game: str, players: int, record: bool) -> dict:
    """In this process: build the event, pair round 1; times, peak, compiles."""
    import random

    from swisstui.core.model import Event
    from swisstui.core.pairing import pair_round
    from swisstui.core.pairing.simulate import random_players, settings_for

    rng = random.Random(players)
    s = settings_for(game, "first round", 9, seed=players)
    ev = Event(s, tuple(random_players(players, rng, game)))
    comp: dict[str, float] = {}
    t, c = time.perf_counter(), time.process_time()
    if record:
        from numba.core import event as nev
        with nev.install_recorder("numba:compile") as rec:
            p = pair_round(ev)
        starts: dict[str, float] = {}
        for ts, e in rec.buffer:
            key = f"{e.data['dispatcher'].py_func.__qualname__}{e.data['args']}"
            if e.is_start:
                starts[key] = ts
            else:
                comp[key] = ts - starts.get(key, ts)
    else:
        p = pair_round(ev)
    wall, cpu = time.perf_counter() - t, time.process_time() - c
    top = sorted(comp.items(), key=lambda kv: -kv[1])[:10]
    return {"wall": wall, "cpu": cpu, "method": p.method, "compiled": len(comp),
            "top": [(k[:90], v) for k, v in top],
            "peak": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}


def _child(cache: str, game: str, players: int, record: bool = False) -> dict:
    env = dict(os.environ, NUMBA_CACHE_DIR=cache)
    args = [sys.executable, __file__, "--child", f"{game}:{players}"]
    if record:
        args.append("--record")
    t = time.perf_counter()
    out = subprocess.run(args, env=env, capture_output=True, text=True, check=True).stdout
    got = json.loads(out.strip().splitlines()[-1])
    got["process"] = time.perf_counter() - t  # start-up and imports included
    return got


def _background(cache: str, game: str, players: int, race: bool) -> dict:
    """Start the warm-up as registration does, then pair round 1 (after it, or at once)."""
    env = dict(os.environ, NUMBA_CACHE_DIR=cache)
    code = ("from swisstui.core.pairing import warmup; import sys; "
            f"sys.exit(0 if warmup.start_background({players}) else 1)")
    t = time.perf_counter()
    subprocess.run([sys.executable, "-c", code], env=env, check=True, cwd=str(ROOT))
    started = time.perf_counter() - t
    if not race:
        from swisstui.core.pairing import warmup
        os.environ["NUMBA_CACHE_DIR"] = cache
        while not warmup.is_ready(Path(cache)):
            time.sleep(0.5)
        got = _child(cache, game, players)
        got["warmup"] = time.perf_counter() - t
    else:
        time.sleep(1)  # (the warm-up has taken its lock)
        got = _child(cache, game, players)
    got["start"] = started
    return got


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=600)
    ap.add_argument("--game", default="magic")
    ap.add_argument("--repeat", type=int, default=3, help="warm runs (median)")
    ap.add_argument("--cold", type=int, default=1,
                    help="cold runs (median; a minute each; 0: only the background cases)")
    ap.add_argument("--skip-background", action="store_true")
    ap.add_argument("--child", help=argparse.SUPPRESS)
    ap.add_argument("--record", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        game, n = args.child.split(":")
        print(json.dumps(_round1(game, int(n), args.record)))
        return 0
    g, n = args.game, args.players
    print(f"round 1 of a {n}-player {g} event, each case a fresh process "
          f"(load average {os.getloadavg()[0]:.1f})")
    print(f"{'case':<22} {'wall s':>8} {'cpu s':>7} {'process s':>9} {'peak MB':>8}  note")

    def row(name: str, runs: list[dict], note: str = "") -> None:
        med = {k: statistics.median(r[k] for r in runs) for k in ("wall", "cpu", "process",
                                                                    "peak")}
        print(f"{name:<22} {med['wall']:>8.2f} {med['cpu']:>7.2f} {med['process']:>9.2f} "
              f"{max(r['peak'] for r in runs):>8.0f}  {note}", flush=True)

    colds, warms = [], []
    for _ in range(args.cold):
        with tempfile.TemporaryDirectory() as cache:
            colds.append(_child(cache, g, n, record=True))
            if not warms:
                warms = [_child(cache, g, n) for _ in range(args.repeat)]
    if colds:
        row("cold (no warm-up)", colds, f"{colds[0]['compiled']} signatures compiled; "
            f"{colds[0]['method']}")
        row("warm (cache loaded)", warms)
    if not args.skip_background:
        with tempfile.TemporaryDirectory() as cache:
            done = _background(cache, g, n, race=False)
        row("background, done", [done], f"warm-up ready {done['warmup']:.0f} s after the "
            f"registration (its start took {done['start']:.2f} s)")
        with tempfile.TemporaryDirectory() as cache:
            race = _background(cache, g, n, race=True)
        row("background, racing", [race], "round 1 asked 1 s after the warm-up started: "
            "it waits for it")
    if colds:
        print("cold compile, most expensive (seconds, nested: a caller includes its callees):")
        for name, sec in colds[0]["top"]:
            print(f"  {sec:7.1f}  {name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
