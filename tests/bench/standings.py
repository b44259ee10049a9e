"""Benchmark: standings with every tie-break of the chain, 4000 players × 15 rounds.

Run: ``.venv/bin/python tests/bench/standings.py [players] [rounds] [repeats]``; with
``--before DIR`` the figures of issue 14 item 3 (4000 × 15, target ≤ 0.1 s CPU) against the
older code in ``DIR``, in the same run (:mod:`before_after`).
Target (issue 4): ≤ 0.5 s median for the chess default chain; issue 14: ≤ 0.1 s (the
history of unchanged rounds is cached, :func:`swisstui.core.history.history`).  Prints the median and best of
several runs (wall clock, and CPU time, which is steadier when other jobs share the machine),
the time of ``history()`` alone, and the peak memory (tracemalloc, one run).
"""

from __future__ import annotations

import random
import statistics
import sys
import time
import tracemalloc
from dataclasses import replace

from swisstui.core.model import (Board, Bye, ByeKind, Event, Player, Result, Round, Scoring,
                                 Settings)
try:
    from swisstui.core import history as _hist_mod
    from swisstui.core.history import history
except ImportError:  # --before on a swisstui older than core/history.py (issue 33)
    from swisstui.core import model as _hist_mod  # type: ignore[no-redef]
    from swisstui.core.model import history  # type: ignore[attr-defined,no-redef]
from swisstui.core.standings import crosstable, standings

RESULTS = [Result("1-0", (1.0, 0.0)), Result("0-1", (0.0, 1.0)),
           Result("1/2-1/2", (0.5, 0.5)), Result("+-", (1.0, 0.0), True)]
WEIGHTS = [40, 35, 23, 2]
GAME_RESULTS = {
    "chess": (RESULTS, WEIGHTS, ("BH-C1", "BH", "SB", "DE", "WIN"), Scoring()),
    "go": ([Result("B+R", (1.0, 0.0)), Result("W+R", (0.0, 1.0))], [50, 50],
           ("WINS", "SOS", "SOSOS", "SODOS", "SODOSODOS", "DE"), Scoring()),
    "othello": ([Result("40-24", (1.0, 0.0), detail={"discs": (40, 24)}),
                 Result("20-44", (0.0, 1.0), detail={"discs": (20, 44)}),
                 Result("32-32", (0.5, 0.5), detail={"discs": (32, 32)})], [48, 48, 4],
                ("BQ", "DISCS"), Scoring()),
    "magic": ([Result("2-1", (1.0, 0.0), detail={"games": (2, 1, 0)}),
               Result("0-2", (0.0, 1.0), detail={"games": (0, 2, 0)}),
               Result("1-1", (0.5, 0.5), detail={"games": (1, 1, 0)})], [48, 48, 4],
              ("OMW", "GW", "OGW"), Scoring(win=3, draw=1, loss=0, bye=3)),
}


def make_event(n: int, rounds: int, seed: int = 1, game: str = "chess") -> Event:
    rng = random.Random(seed)
    results, weights, chain, scoring = GAME_RESULTS[game]
    players = tuple(Player(i, f"Player {i}", rating=2600 - i % 1200) for i in range(1, n + 1))
    score = {p.id: 0.0 for p in players}
    rs = []
    for r in range(1, rounds + 1):
        order = sorted(score, key=lambda p: (-score[p], p))
        byes = []
        if r % 5 == 0:  # a few requested half-point byes
            byes = [Bye(pid, ByeKind.HALF) for pid in order[-4:-2]]
            order = [p for p in order if p not in {b.player for b in byes}]
        if len(order) % 2:
            byes.append(Bye(order.pop(), ByeKind.PAIRING))
        boards = []
        for i in range(0, len(order), 2):
            a, b = order[i], order[i + 1]
            res = rng.choices(results, weights)[0]
            boards.append(Board(i // 2 + 1, (a, b) if rng.random() < 0.5 else (b, a), res))
            first = boards[-1].players[0]
            pa, pb = res.outcome
            score[first] += pa
            score[b if first == a else a] += pb
        if game != "chess":
            byes = [bye if bye.kind is ByeKind.PAIRING else None for bye in byes]
            byes = [bye for bye in byes if bye is not None]
        for bye in byes:
            score[bye.player] += 1.0 if bye.kind is ByeKind.PAIRING else 0.5
        rs.append(Round(r, tuple(boards), tuple(byes)))
    settings = Settings(name="bench", game=game, rounds=rounds, scoring=scoring,
                        tiebreaks=chain)
    return Event(settings, players, tuple(rs))


CPU: list[float] = []  # CPU seconds of the last timed() runs (steadier on a shared box)


def timed(fn, repeats: int) -> list[float]:
    out = []
    CPU.clear()
    for _ in range(repeats):
        c = time.process_time()
        t = time.perf_counter()
        fn()
        out.append(time.perf_counter() - t)
        CPU.append(time.process_time() - c)
    return out


def measure() -> dict[str, list[list[float]]]:
    """Issue 14 item 3 (1): standings of 4000 players × 15 rounds, chess default chain —
    again on the same event (earlier rounds cached) and after a result entered in the last
    round (a new last Round object, the 14 rounds before it unchanged)."""
    ev = make_event(4000, 15)
    standings(ev)
    out: dict[str, list[list[float]]] = {}

    def sample(key: str, fn) -> None:
        c, t = time.process_time(), time.perf_counter()
        fn()
        out.setdefault(key, []).append([time.process_time() - c, time.perf_counter() - t])

    last = ev.rounds[-1]
    for i in range(7):
        sample("standings 4000x15 (chess default chain)", lambda: standings(ev))
        bd = last.boards[i]
        other = RESULTS[2] if bd.result != RESULTS[2] else RESULTS[0]
        flip = ev.with_round(replace(last, boards=last.boards[:i] + (replace(bd, result=other),)
                                     + last.boards[i + 1:]))
        sample("standings 4000x15 after a result in the last round", lambda: standings(flip))
    return out


TARGETS = {"standings 4000x15 after a result in the last round": 0.1,
           "standings 4000x15 (chess default chain)": 0.1}


def main() -> None:
    from before_after import handle
    if handle(__file__, measure, targets=TARGETS):
        return
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 4000
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 15
    repeats = int(sys.argv[3]) if len(sys.argv) > 3 else 7
    t = time.perf_counter()
    ev = make_event(n, rounds)
    print(f"event: {n} players × {rounds} rounds built in {time.perf_counter() - t:.2f} s")
    chains = {
        "chess default (BH-C1 BH SB DE WIN)": None,
        "long chess chain (+ BH-C2 BH-M1 PS AOB ARO AROC1 TPR KS WON BPG BWG)":
            "BH-C1,BH,SB,DE,WIN,BH-C2,BH-M1,PS,AOB,ARO,AROC1,TPR,KS,WON,BPG,BWG",
    }
    def cold():
        _hist_mod._HISTORY.entries.clear()  # noqa: SLF001 - the cold figure: nothing cached
        history(ev)

    h = timed(cold, repeats)
    print(f"history() cold: median {statistics.median(h):.3f} s "
          f"(CPU {statistics.median(CPU):.3f} s)")
    h = timed(lambda: history(ev), repeats)
    print(f"history() again (rounds cached): median {statistics.median(h):.3f} s "
          f"(CPU {statistics.median(CPU):.3f} s)")
    last = ev.rounds[-1]
    flips = []
    for i in range(repeats):  # a result entered in the last round: a new last Round object
        bd = last.boards[i]
        other = RESULTS[(RESULTS.index(bd.result) + 1) % 2] if bd.result in RESULTS[:2] \
            else RESULTS[0]
        flips.append(ev.with_round(replace(last, boards=last.boards[:i]
                                           + (replace(bd, result=other),)
                                           + last.boards[i + 1:])))
    it = iter(flips)
    times = timed(lambda: standings(next(it)), repeats)
    print(f"standings after a result entry in the last round (earlier rounds cached): "
          f"median {statistics.median(times):.3f} s, CPU median {statistics.median(CPU):.3f} s")
    for label, chain in chains.items():
        times = timed(lambda: standings(ev, chain=chain), repeats)
        print(f"standings, {label}: median {statistics.median(times):.3f} s, "
              f"best {min(times):.3f} s, CPU median {statistics.median(CPU):.3f} s "
              f"({repeats} runs)")
    ct = timed(lambda: crosstable(ev), max(1, repeats // 2))
    print(f"crosstable: median {statistics.median(ct):.3f} s")
    for game in ("go", "othello", "magic"):
        gev = make_event(n, rounds, game=game)
        times = timed(lambda: standings(gev), max(3, repeats // 2))
        print(f"standings, {game} default chain {','.join(gev.settings.tiebreaks)}: "
              f"median {statistics.median(times):.3f} s, CPU {statistics.median(CPU):.3f} s")
    tracemalloc.start()
    standings(ev)
    _cur, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    print(f"peak memory of one standings() call (tracemalloc): {peak / 2**20:.1f} MiB")
    import resource

    print(f"process max RSS: {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MiB")


if __name__ == "__main__":
    main()
