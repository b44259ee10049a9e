"""Benchmark of the offline rating index (issue 36; run on demand:
``.venv/bin/python tests/bench/ratings.py [--rows 500000] [--queries 400]``).

Writes a synthetic FIDE combined TXT list (``players_list_foa.txt``'s columns) of ``--rows``
players into a temporary folder — never the real list, and never kept — imports it into an
index in the same folder, and prints the import time, the file's and the index's size on
disk, and the median and 95th percentile of a lookup's time for queries of 2, 3 and 4 letters
(prefixes of names drawn from the list, typed as a director would: lower case, accents
dropped), each after a first warm-up lookup.  docs/INTEROP.md "Rating lists" quotes the
figures.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

from swisstui.core import rating_index

HEADER = ("ID Number      Name                                                         Fed "
          "Sex Tit  WTit OTit           FOA SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag")
COLS = {name: HEADER.index(name) for name in (
    "ID Number", "Name", "Fed", "Sex", "Tit", "SRtng", "RRtng", "BRtng", "B-day", "Flag")}
SYLLABLES = ("ka", "ri", "mo", "san", "lev", "ova", "ić", "er", "son", "ås", "ne", "ül", "ta",
             "ber", "go", "vi", "chen", "wang", "lo", "pé", "rez", "dó", "ko", "mar", "in")
FEDS = ("NOR", "IND", "USA", "GER", "FRA", "ESP", "RUS", "CHN", "BRA", "KOR", "JPN", "ISL")


def word(rng: random.Random) -> str:
    return "".join(rng.choice(SYLLABLES) for _ in range(rng.randint(2, 4))).capitalize()


def line(values: dict[str, str]) -> str:
    out = ""
    for key, start in sorted(COLS.items(), key=lambda kv: kv[1]):
        if values.get(key):
            out = out.ljust(start) + values[key]
    return out


def write_list(path: Path, rows: int, rng: random.Random) -> list[str]:
    names = []
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(HEADER + "\n")
        for i in range(rows):
            name = f"{word(rng)}, {word(rng)}"
            names.append(name)
            fh.write(line({"ID Number": str(1_000_000 + i), "Name": name,
                           "Fed": rng.choice(FEDS), "Sex": rng.choice("MF"),
                           "Tit": rng.choice(("", "", "", "", "FM", "IM", "GM")),
                           "SRtng": str(rng.randint(1000, 2800)) if rng.random() < 0.5 else "",
                           "B-day": str(rng.randint(1940, 2018))}) + "\n")
    return names


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rows", type=int, default=500_000)
    ap.add_argument("--queries", type=int, default=400)
    args = ap.parse_args()
    rng = random.Random(36)
    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp) / "players_list_foa.txt"
        index = Path(tmp) / "ratings.sqlite3"
        t = time.perf_counter()
        names = write_list(src, args.rows, rng)
        print(f"synthetic list: {args.rows} players, {src.stat().st_size / 1e6:.1f} MB "
              f"(written in {time.perf_counter() - t:.1f} s)")
        t = time.perf_counter()
        done = rating_index.import_list(src, "fide", index=index)
        took = time.perf_counter() - t
        size = sum(p.stat().st_size for p in Path(tmp).glob("ratings.sqlite3*"))
        print(f"import: {took:.1f} s, {done.rows} rows, index {size / 1e6:.1f} MB on disk")
        rating_index.lookup("warm", "chess", index=index)
        for letters in (2, 3, 4):
            times = []
            for _ in range(args.queries):
                name = rng.choice(names)
                words = rating_index.query_key(name).split()
                q = rng.choice(words)[:letters]
                t = time.perf_counter()
                found = rating_index.lookup(q, "chess", index=index)
                times.append((time.perf_counter() - t) * 1000)
                assert found, q
            times.sort()
            p95 = times[int(len(times) * 0.95) - 1]
            print(f"lookup of {letters} letters: median {statistics.median(times):.2f} ms, "
                  f"p95 {p95:.2f} ms ({len(times)} queries)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
