"""Benchmark of the interop formats (run on demand: ``.venv/bin/python tests/bench/interop.py``).

Synthetic complete events (players 1..n, each round pairs neighbours of a shuffled order,
results drawn at random, one pairing bye when the field is odd) — for chess: TRF write (ranks
given, i.e. the file layout alone), TRF write with the real standings, TRF read (parsing,
consistency checks and the points check), and the HTML standings page; for Go: the h9 file.
Prints the median of several runs and the peak memory of one run (tracemalloc).
"""

from __future__ import annotations

import random
import statistics
import sys
import time
import tracemalloc

from swisstui.core.games import profile
from swisstui.core.interop.h9 import write_h9
from swisstui.core.interop.formats import ExportRequest, render
from swisstui.core.interop.trf import read_trf, write_trf
from swisstui.core.model import Board, Bye, ByeKind, Event, Player, Round
from swisstui.core.settings import make_settings


def make_event(game: str, n: int, rounds: int, seed: int = 1) -> Event:
    rng = random.Random(seed)
    prof = profile(game)
    settings = make_settings(game, f"Bench {game} {n}", rounds)
    texts = ("1-0", "0-1", "1/2-1/2") if game == "chess" else ("B+R", "W+R", "B+0.5")
    results = {t: prof.result(t, settings) for t in texts}
    players = tuple(Player(i, f"Player{i:05d}, Bench", 2800 - i % 2000,
                           rank=f"{1 + i % 20}k" if game == "go" else None,
                           country="FR" if game == "go" else "FRA") for i in range(1, n + 1))
    out = []
    for r in range(1, rounds + 1):
        order = list(range(1, n + 1))
        rng.shuffle(order)
        byes = (Bye(order.pop(), ByeKind.PAIRING),) if len(order) % 2 else ()
        boards = tuple(Board(k + 1, (order[2 * k], order[2 * k + 1]),
                             results[rng.choice(texts)]) for k in range(len(order) // 2))
        out.append(Round(r, boards, byes))
    return Event(settings, players, tuple(out))


def measure(fn, repeat: int = 5) -> tuple[float, float]:
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    tracemalloc.start()
    fn()
    _cur, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return statistics.median(times), peak / 2**20


def main(sizes: list[int]) -> None:
    print(f"{'case':<42} {'median s':>9} {'peak MiB':>9}")
    for n in sizes:
        chess = make_event("chess", n, 9)
        ranks = {p.id: p.id for p in chess.players}
        text = write_trf(chess, ranks=ranks)
        cases = [
            (f"TRF write, {n} players x 9, ranks given", lambda: write_trf(chess, ranks=ranks)),
            (f"TRF write with standings, {n} x 9", lambda: write_trf(chess)),
            (f"TRF read + validate, {n} x 9", lambda: read_trf(text, "bench.trf")),
            (f"HTML standings, {n} x 9", lambda: render(chess, ExportRequest("html", "standings"))),
        ]
        go = make_event("go", n, 6)
        cases.append((f"h9 write with standings, {n} x 6", lambda: write_h9(go)))
        for label, fn in cases:
            med, peak = measure(fn, repeat=3 if n >= 2000 else 5)
            print(f"{label:<42} {med:9.3f} {peak:9.1f}")
        sys.stdout.flush()


if __name__ == "__main__":
    main([int(a) for a in sys.argv[1:]] or [100, 1000, 4000])
