"""Exactness benchmark (issue 14 item 1): the engine against the exact complete-graph solve at
1000 and 2000 players, every game.  Not a test: run on demand (a complete graph of 2000 players
has about two million candidate edges and takes minutes).

    .venv/bin/python tests/bench/exact.py [--sizes 1000,2000] [--games chess,go,othello,magic,renju]
                                          [--seeds 1]

For each game, size and seed a simulated event is played up to a random round (2–7) and its
next round is paired twice: by the engine as it is (``pair_round``) and on the complete graph
(``window=0``, rustworkx).  Each line prints the engine's method, both times and the
difference of the objectives per criterion (``criteria.FIELDS``; 0 everywhere = the engine's
round is the optimum of its own objective).  The last line counts the rounds that differ
(expected 0) and those the engine proved optimal itself (docs/PAIRING.md "The proof").
"""

from __future__ import annotations

import argparse
from dataclasses import replace
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from swisstui.core.pairing import pair_round  # noqa: E402
from swisstui.core.pairing.criteria import FIELDS  # noqa: E402
from swisstui.core.pairing.simulate import settings_for, simulate  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="1000,2000")
    ap.add_argument("--games", default="chess,go,othello,magic,renju")
    ap.add_argument("--seeds", type=int, default=1)
    args = ap.parse_args()
    differ = total = proven = 0
    for n in (int(x) for x in args.sizes.split(",")):
        for game in args.games.split(","):
            for seed in range(args.seeds):
                rounds = random.Random(f"{game}-{n}-{seed}").randint(2, 7)
                s = settings_for(game, f"Simulated {game} event", rounds, seed)
                if s.system == "dutch":  # chess's default; the general engine is measured
                    s = replace(s, system="swiss")
                ev = simulate(game, n, rounds, seed=seed, settings=s).without_round(rounds)
                t = time.perf_counter()
                got = pair_round(ev, allow_rematch=True)
                t_engine = time.perf_counter() - t
                t = time.perf_counter()
                ref = pair_round(ev, allow_rematch=True, window=0, engine="rustworkx")
                t_full = time.perf_counter() - t
                diff = {f: a - b for f, a, b in zip(FIELDS, got.objective, ref.objective)
                        if a != b}
                total += 1
                differ += bool(diff)
                proven += "optimum proven" in got.method or got.method == "complete graph"
                print(f"{game:<8} {n:>5} round {rounds}: engine {t_engine:6.2f} s "
                      f"({got.method}), complete graph {t_full:6.1f} s; difference "
                      f"{diff or 0}", flush=True)
    print(f"{differ} of {total} rounds differ from the complete-graph optimum; {proven} of "
          f"{total} were proven optimal by the engine itself (complete graph or dual "
          f"certificate)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
