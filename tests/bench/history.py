"""History benchmark (issue 34 item 6; run on demand: ``.venv/bin/python tests/bench/history.py``).

1. Result entry with its commit at 500 and 4000 players (chess, 10 paired rounds): the
   service call ``record_result`` (lock, re-read, write one round file, commit) with the
   history on, against the same call with the history's hooks switched off, alternately in
   one process; p50 and p95 of each and the p50 added (goal: ≤ 20 ms).
2. ``swisstui log`` (the service: settle, walk, parse) on an event with ``--entries``
   entries (default 10 000), p50 of three runs; and one ``--show`` of an entry in words.
3. Disk growth of ``.git`` for a 2000-player, 9-round event whose every pairing and result
   was committed one by one (9 pairings + 9000 results; the round file written as each
   result came): bytes of the loose objects, and after dulwich's packing of them.

Prints medians and peak memory.  ``--quick`` for a short run (fewer entries, no disk run)."""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/ (conftest)

from conftest import make_event  # noqa: E402

from swisstui.core import services, store  # noqa: E402
from swisstui.core.games import profile  # noqa: E402
from swisstui.core.model import Board, Round  # noqa: E402
from swisstui.core.services import history  # noqa: E402
from swisstui.core.store import history as record  # noqa: E402
from swisstui.core.store.serialise import _round_bytes  # noqa: E402

ROUNDS = 10


def build(tmp: Path, n: int, rounds: int = ROUNDS) -> Path:
    folder = make_event(tmp, "chess", n, rounds=rounds + 1, folder=f"p{n}")
    res = profile("chess").result("1-0", store.load(folder).settings)

    def made(e):
        for r in range(1, rounds + 1):
            e = e.with_round(Round(r, tuple(Board(b, (2 * b - 1, 2 * b), res if r < rounds
                                                  else None)
                                            for b in range(1, n // 2 + 1))))
        return e
    store.update(folder, made)
    return folder


class Off:
    """The history's hooks switched off (the store as before issue 34)."""

    def __enter__(self):
        self.saved = record.wrote, record.record
        record.wrote = lambda folder, ops: None
        record.record = lambda folder: None

    def __exit__(self, *exc):
        record.wrote, record.record = self.saved


def result_entry(n: int) -> tuple[list[float], list[float]]:
    on, off = [], []
    with tempfile.TemporaryDirectory() as tmp:
        folder = build(Path(tmp), n)
        services.record_result(folder, ROUNDS, 1, "1-0")  # history starts (not timed)
        for b in range(2, 62):
            t = time.perf_counter()
            if b % 2:
                with Off():
                    services.record_result(folder, ROUNDS, b, "1-0")
                off.append(time.perf_counter() - t)
            else:
                services.record_result(folder, ROUNDS, b, "1-0")
                on.append(time.perf_counter() - t)
    return on, off


def _p(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def many_entries(tmp: Path, entries: int) -> Path:
    """An event whose history has ``entries`` commits (results on 200 players' rounds,
    committed straight through the history's own commit, as each change would be)."""
    folder = build(tmp, 200, rounds=4)
    services.record_result(folder, 4, 1, "1-0")  # history starts
    ev = store.load(folder)
    rnd = ev.round(4)
    game = ev.settings.game
    texts = ("1-0", "0-1", "1/2-1/2")
    with record._repo_locked(folder) as repo:
        for i in range(entries - 2):
            b = rnd.boards[i % len(rnd.boards)]
            res = profile(game).result(texts[i % 3], ev.settings)
            rnd = replace(rnd, boards=tuple(replace(x, result=res) if x.number == b.number
                                            else x for x in rnd.boards))
            data = _round_bytes(game, rnd)
            with record.action(f"result: round 4, board {b.number}, {texts[i % 3]}",
                               round=4, board=b.number):
                record._commit(repo, folder, {"rounds/04.toml": data},
                               record._message(record._ACTION.get(), folder, folder))
        final = data
    store.replace_files(folder, [(folder / "rounds" / "04.toml", final)])
    return folder


def log_figures(entries: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        t = time.perf_counter()
        folder = many_entries(Path(tmp), entries)
        made = time.perf_counter() - t
        runs = []
        for _ in range(3):
            t = time.perf_counter()
            got = history.log(folder)
            runs.append(time.perf_counter() - t)
        filtered = []
        for _ in range(3):
            t = time.perf_counter()
            history.log(folder, board=7)
            filtered.append(time.perf_counter() - t)
        t = time.perf_counter()
        history.show(folder, str(len(got) // 2))
        show = time.perf_counter() - t
        print(f"log of {len(got)} entries: {statistics.median(runs) * 1000:.0f} ms (p50 of 3), "
              f"--board 7 {statistics.median(filtered) * 1000:.0f} ms, one entry in words "
              f"{show * 1000:.0f} ms; building them took {made:.0f} s")


def _du(path: Path) -> int:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file())


def disk_growth() -> None:
    """2000 players, 9 rounds: each pairing then each result committed as it came."""
    n, rounds = 2000, 9
    with tempfile.TemporaryDirectory() as tmp:
        folder = make_event(Path(tmp), "chess", n, rounds=rounds, folder="p2000")
        services.change_settings(folder, seed=1)  # history starts with the players
        ev = store.load(folder)
        res = profile("chess").result("1-0", ev.settings)
        files = 0
        t = time.perf_counter()
        with record._repo_locked(folder) as repo:
            for r in range(1, rounds + 1):
                boards = [Board(b, (2 * b - 1, 2 * b)) for b in range(1, n // 2 + 1)]
                rnd = Round(r, tuple(boards))
                path = f"rounds/{r:02d}.toml"
                record._commit(repo, folder, {path: _round_bytes("chess", rnd)},
                               ("pair the next round", ""))
                files += 1
                for i in range(len(boards)):
                    boards[i] = replace(boards[i], result=res)
                    rnd = Round(r, tuple(boards))
                    record._commit(repo, folder, {path: _round_bytes("chess", rnd)},
                                   (f"result: round {r}, board {i + 1}, 1-0", ""))
                    files += 1
        took = time.perf_counter() - t
        gdir = folder / ".git"
        loose = _du(gdir / "objects")
        from dulwich.repo import Repo
        repo = Repo(str(folder))
        t = time.perf_counter()
        repo.object_store.pack_loose_objects()
        packed_in = time.perf_counter() - t
        repo.close()
        packed = _du(gdir / "objects")
        event_bytes = sum((folder / f).stat().st_size for f in ("event.toml", "players.toml"))
        print(f"disk: {files} commits (2000 players, 9 rounds, each result as it came) in "
              f"{took:.0f} s: .git objects {loose / 2**20:.0f} MB loose, "
              f"{packed / 2**20:.1f} MB once packed ({packed_in:.0f} s); the event's own "
              f"files {event_bytes / 2**20:.1f} MB + 9 round files")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--entries", type=int, default=10_000)
    ap.add_argument("--quick", action="store_true")
    args = ap.parse_args()
    os.environ.setdefault("SWISSTUI_DIRECTOR", "bench")
    for n in (500, 4000):
        on, off = result_entry(n)
        print(f"result entry at {n} players: with history p50 {_p(on, .5) * 1000:.1f} ms "
              f"p95 {_p(on, .95) * 1000:.1f} ms; without p50 {_p(off, .5) * 1000:.1f} ms "
              f"p95 {_p(off, .95) * 1000:.1f} ms; added p50 "
              f"{(_p(on, .5) - _p(off, .5)) * 1000:.1f} ms (goal ≤ 20 ms)")
    log_figures(1000 if args.quick else args.entries)
    if not args.quick:
        disk_growth()
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak RSS {peak:.0f} MB")


if __name__ == "__main__":
    main()
