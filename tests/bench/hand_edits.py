"""Hand-edit benchmark (issue 34 item 9; run on demand:
``.venv/bin/python tests/bench/hand_edits.py [--sizes 500,4000] [--repeat 5]``).

A chess event of N players (Swiss system, the matching engine; Dutch with ``--system
dutch``) with 4 complete rounds simulated by the engine and round 5 paired; then the
previews a director sees before saving — each judged by the engine's rules, with its costs
in words — timed in process: a swap of two players, a latecomer against the bye (an odd
field), two latecomers on a new board, a board removed, and the round re-paired keeping 10
boards (this one runs the pairing engine).  Prints the median and p95 of each, in ms, and
the peak memory."""

from __future__ import annotations

import argparse
import random
import resource
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/ (conftest)

from conftest import make_event  # noqa: E402

from swisstui.core import services, store  # noqa: E402
from swisstui.core.pairing.simulate import play  # noqa: E402


def build(tmp: Path, n: int, system: str) -> Path:
    folder = make_event(tmp, "chess", n + 1, rounds=9, system=system, folder=f"p{n}")
    rng = random.Random(7)
    for _r in range(4):
        services.pair_next(folder)
        store.update(folder, lambda ev: ev.with_round(play(ev, ev.round(ev.current_round), rng)))
    services.pair_next(folder)
    for name in ("Lena Late", "Mo Late", "Nia Late"):
        services.add_player(folder, name, rating=1500)
    return folder


def timed(fn, repeat: int) -> list[float]:
    out = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        out.append((time.perf_counter() - t) * 1000)
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--sizes", default="500,4000")
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--system", default="swiss")
    args = ap.parse_args()
    for n in (int(x) for x in args.sizes.split(",")):
        with tempfile.TemporaryDirectory() as tmp:
            folder = build(Path(tmp), n, args.system)
            ev = store.load(folder)
            r = ev.current_round
            rnd = ev.round(r)
            a, b = rnd.boards[0].players[0], rnd.boards[-1].players[1]
            late = [p.id for p in ev.players][-3:]
            cases = {
                "swap": lambda: services.preview_swap(ev, r, a, b),
                "latecomer v bye": lambda: services.preview_latecomer(ev, r, late[0]),
                "new board": lambda: services.preview_new_board(ev, r, late[1], late[2]),
                "remove board": lambda: services.preview_remove_board(ev, r, 1, "half"),
                "re-pair keeping 10": lambda: services.preview_repair(
                    ev, r, tuple(range(1, 11))),
            }
            print(f"{n} players ({args.system}), round {r}, {len(rnd.boards)} boards:")
            for name, fn in cases.items():
                ms = sorted(timed(fn, args.repeat))
                p95 = ms[min(len(ms) - 1, round(0.95 * (len(ms) - 1)))]
                print(f"  {name:<20} median {statistics.median(ms):8.1f} ms   p95 {p95:8.1f} ms")
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak memory {peak:.0f} MB")


if __name__ == "__main__":
    main()
