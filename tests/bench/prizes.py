"""Benchmark (issue 35 "Speed"): the prize allocation with its explanations for 2000 players
and a realistic prizes file of 20 groups (an open with rating classes, women, juniors,
seniors, clubs, unrated; shared by points, Hort and averaged).  Goal: under 0.2 s.  Prints
the median and the peak memory of the allocation (tracemalloc).

    .venv/bin/python tests/bench/prizes.py [--players 2000] [--repeat 15]
"""

from __future__ import annotations

import argparse
import datetime
import random
import statistics
import time
import tracemalloc
from decimal import Decimal

from swisstui.core.model import Player
from swisstui.core.prizes import (Category, Group, Place, PrizeFile, Standing, allocate,
                                  line_text)


def field(n: int, seed: int = 1) -> list[Standing]:
    rnd = random.Random(seed)
    rows = []
    for i in range(n):
        rating = None if rnd.random() < 0.1 else rnd.randint(1000, 2600)
        rows.append((rnd.randint(0, 18) / 2, Player(
            i + 1, f"Player {i + 1}", rating=rating, sex=rnd.choice("mf"),
            club=f"Club {rnd.randint(1, 60)}", country=rnd.choice(["KOR", "JPN", "BRA"]),
            birth=str(rnd.randint(1940, 2018)),
            withdrawn_from=6 if rnd.random() < 0.02 else None)))
    rows.sort(key=lambda r: -r[0])
    return [Standing(p, i + 1, pts, str(i + 1)) for i, (pts, p) in enumerate(rows)]


def prizes() -> PrizeFile:
    base = datetime.date(2026, 5, 1)

    def places(*money):
        return tuple(Place(i + 1, Decimal(m), "", Decimal(m)) for i, m in enumerate(money))

    groups = []
    sharing = ["hort", "average", "none"]
    for g in range(20):
        cats = [Category("Open", 1, places(*range(2000, 0, -100)))]
        for k, top in enumerate(range(1200, 2400, 200)):
            cats.append(Category(f"U{top}", 2 + k, places(300, 200, 100, 50),
                                 criteria={"rating_max": top - 1}))
        cats += [Category("Women", 10, places(400, 200, 100), criteria={"sex": "f"}),
                 Category("U18", 11, places(200, 100), criteria={"age_max": 17,
                                                               "base_date": base}),
                 Category("S65", 12, places(200, 100), criteria={"age_min": 65,
                                                               "base_date": base}),
                 Category("Unrated", 13, places(150), criteria={"unrated": "only"}),
                 Category("Club 7", 14, places(80), criteria={"club": frozenset({"club 7"})})]
        groups.append(Group(f"Group {g + 1}", tuple(cats), sharing[g % 3],
                            rounding=Decimal(1), minimum_share=Decimal(5)))
    return PrizeFile(tuple(groups), "EUR")


def run(standing, pf) -> int:
    alloc = allocate(standing, pf)
    return sum(len(line_text(x, str)) for g in alloc.groups for x in g.explanation)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--players", type=int, default=2000)
    ap.add_argument("--repeat", type=int, default=15)
    args = ap.parse_args()
    standing, pf = field(args.players), prizes()
    run(standing, pf)
    times = []
    for _ in range(args.repeat):
        t = time.perf_counter()
        run(standing, pf)
        times.append(time.perf_counter() - t)
    tracemalloc.start()
    run(standing, pf)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    alloc = allocate(standing, pf)
    print(f"players {args.players}, groups {len(pf.groups)}, prizes "
          f"{sum(len(c.places) for g in pf.groups for c in g.categories)}, awards "
          f"{len(alloc.awards())}, explanation lines "
          f"{sum(len(g.explanation) for g in alloc.groups)}")
    print(f"allocation with explanations: median {statistics.median(times) * 1000:.1f} ms, "
          f"max {max(times) * 1000:.1f} ms (goal 200 ms); peak memory "
          f"{peak / 1e6:.1f} MB")


if __name__ == "__main__":
    main()
