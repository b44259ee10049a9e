"""TUI benchmark (run on demand: ``.venv/bin/python tests/bench/tui.py``; not collected).

Prints, on this machine:
* keystroke → result on disk: median time from Enter in the Results entry line to the
  round file written (500-player event, 250 boards), target ≤ 50 ms;
* Standings mode with 2000 players: time to open (app start → table filled), target ≤ 1 s;
* time to update the standings table after one new result, target ≤ 100 ms
  (core standings computation + table update, measured inside the app), and the core's
  share of it (``standings.standings`` alone);
* peak memory (ru_maxrss).

With ``--before DIR``: the figures of issue 14 item 3 against the older code in ``DIR``, in
the same run (:mod:`before_after`): the standings update at 2000 players after a result
(target ≤ 20 ms) and the first draw of a 4000-player event in a new process (target ≤ 1 s),
CPU time and wall time.
"""

from __future__ import annotations

import asyncio
import resource
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests"))  # conftest; swisstui is the installed one (or
# PYTHONPATH's, for --before)

from conftest import make_event  # noqa: E402
from swisstui.core import store  # noqa: E402
from swisstui.core.model import Board, Round  # noqa: E402
from swisstui.tui import backend  # noqa: E402
from swisstui.tui.app import SwissApp  # noqa: E402
from textual.widgets import Input  # noqa: E402
from swisstui.tui.widgets.fasttable import FastTable  # noqa: E402


def paired_event(tmp: Path, n: int, results: int) -> Path:
    folder = make_event(tmp, n_players=n, rounds=7, name=f"Bench {n}")
    boards = tuple(Board(i + 1, (i + 1, n // 2 + i + 1)) for i in range(n // 2))
    rnd = Round(1, boards)
    store.update(folder, lambda ev: ev.with_round(rnd))
    if results:
        from swisstui.core import results as res

        def fill(ev):
            for b in range(1, results + 1):
                ev = res.record_result(ev, 1, b, ("1-0", "0-1", "=")[b % 3])
            return ev
        store.update(folder, fill)
    return folder


async def bench_entry(tmp: Path, entries: int = 30) -> tuple[list[float], list[float]]:
    """Per entry: (Enter pressed → round file written) and the Enter handler's whole time
    (parse, write, list and header updated, cursor moved)."""
    folder = paired_event(tmp, 500, 0)
    app = SwissApp(folder, mode="results", watch_interval=3600)
    written: list[float] = []
    real = backend.record_result

    def timed(*a, **kw):
        ev = real(*a, **kw)
        written.append(time.perf_counter())  # store.update has returned: file is on disk
        return ev

    backend.record_result = timed
    to_disk, to_screen = [], []
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            screen = app.screen
            inp = screen.query_one("#entry", Input)
            submit = screen.submit

            def timed_submit(text: str) -> None:
                t = time.perf_counter()
                submit(text)
                to_screen.append(time.perf_counter() - t)

            screen.submit = timed_submit
            for b in range(1, entries + 1):
                inp.value = f"{b} 1-0"
                await pilot.pause()
                t0 = time.perf_counter()
                await pilot.press("enter")
                to_disk.append(written[-1] - t0)
    finally:
        backend.record_result = real
    assert store.load(folder).round(1).missing_results() == 250 - entries
    return to_disk, to_screen


async def bench_standings(tmp: Path, n: int = 2000) -> tuple[float, list[tuple]]:
    """Open time; per update (total, core standings() alone, table update + repaint)."""
    from swisstui.tui.screens import standings as screen_mod
    table_times: list[float] = []
    real_update = screen_mod.update_table

    def timed_update(*a, **kw):
        t = time.perf_counter()
        real_update(*a, **kw)
        table_times.append(time.perf_counter() - t)

    core_times: list[float] = []
    real_standings = backend.standings

    def timed_standings(*a, **kw):
        t = time.perf_counter()
        out = real_standings(*a, **kw)
        core_times.append(time.perf_counter() - t)
        return out

    screen_mod.update_table = timed_update
    backend.standings = timed_standings
    try:
        return await _bench_standings(tmp, n, table_times, core_times)
    finally:
        screen_mod.update_table = real_update
        backend.standings = real_standings


async def _bench_standings(tmp: Path, n: int, table_times: list[float],
                           core_times: list[float]):
    folder = paired_event(tmp, n, n // 2 - 10)
    t0 = time.perf_counter()
    app = SwissApp(folder, mode="standings", watch_interval=3600)
    opened = None
    updates = []
    async with app.run_test(size=(80, 24)) as pilot:
        table = app.screen.query_one("#standings", FastTable)
        while table.row_count < n:
            await pilot.pause(0.01)
        opened = time.perf_counter() - t0
        for k in range(5):
            b = n // 2 - 10 + k + 1
            ev = backend.record_result(folder, 1, b, "1-0").event
            t1 = time.perf_counter()
            app.event_written(ev)  # what the Results screen does after a write
            await asyncio.sleep(0)
            while any(not w.is_finished for w in app.workers):  # computed in a thread
                await asyncio.sleep(0.002)
            t_shown = time.perf_counter()
            await pilot.pause(0)  # repaint
            t2 = time.perf_counter()
            # the core's share of this very update, and the table's (update + repaint)
            updates.append((t2 - t1, core_times[-1], table_times[-1] + (t2 - t_shown)))
        row = table.get_row_at(0)
        assert str(row[2]) == "1"
    return opened, updates


async def _standings_updates(tmp: Path, n: int = 2000) -> list[list[float]]:
    """Per result entered by another writer: CPU and wall time from the app being told of
    the new event until the standings table shows it (computation, table, repaint)."""
    folder = paired_event(tmp, n, n // 2 - 10)
    app = SwissApp(folder, mode="standings", watch_interval=3600)
    out = []
    async with app.run_test(size=(80, 24)) as pilot:
        table = app.screen.query_one("#standings", FastTable)
        while table.row_count < n:
            await pilot.pause(0.01)
        for k in range(5):
            ev = backend.record_result(folder, 1, n // 2 - 10 + k + 1, "1-0").event
            await pilot.pause(0)
            c, t = time.process_time(), time.perf_counter()
            app.event_written(ev)  # what the Results screen does after a write
            await asyncio.sleep(0)
            while any(not w.is_finished for w in app.workers):  # computed in a thread
                await asyncio.sleep(0.001)
            await pilot.pause(0)  # repaint
            out.append([time.process_time() - c, time.perf_counter() - t])
    return out


_FIRST_DRAW = """
import asyncio, sys, time
c, t = time.process_time(), time.perf_counter()
from swisstui.tui.app import SwissApp
from swisstui.tui.widgets.fasttable import FastTable
imported = time.process_time() - c, time.perf_counter() - t

async def main():
    c, t = time.process_time(), time.perf_counter()
    app = SwissApp(sys.argv[1], mode=sys.argv[2] or None, watch_interval=3600)
    async with app.run_test(size=(100, 30)) as pilot:
        while not any(tb.row_count for tb in app.screen.query(FastTable)):
            await asyncio.sleep(0.002)
        await pilot.pause(0)
        print(time.process_time() - c, time.perf_counter() - t, app.current_mode)

asyncio.run(main())
"""


def measure() -> dict[str, list[list[float]]]:
    """Issue 14 item 3 (2) and (5)."""
    out: dict[str, list[list[float]]] = {}
    with tempfile.TemporaryDirectory() as d:
        tmp = Path(d)
        out["TUI standings update at 2000 players (result -> shown)"] = asyncio.run(
            _standings_updates(tmp / "s"))
        sys.path.insert(0, str(Path(__file__).resolve().parent))
        from store import ROUNDS, build  # 4000 players, 10 rounds, the last one open
        from swisstui.core.results import record_result
        folder = build(tmp / "f", 4000)
        for b in range(1, 3):  # the writers' usual traffic before the TUI starts
            store.update(folder, lambda e, b=b: record_result(e, ROUNDS, b, "1-0"))
        import subprocess
        for mode in ("", "standings"):
            for _ in range(2):
                res = subprocess.run([sys.executable, "-c", _FIRST_DRAW, str(folder), mode],
                                     capture_output=True, text=True, check=True)
                cpu, wall, shown = res.stdout.split()
                out.setdefault(f"TUI first draw, 4000 players, new process ({shown})",
                               []).append([float(cpu), float(wall)])
    return out


TARGETS = {"TUI standings update at 2000 players (result -> shown)": 0.02,
           "TUI first draw, 4000 players, new process (results)": 1.0,
           "TUI first draw, 4000 players, new process (standings)": 1.0}


def ms(x: float) -> str:
    return f"{x * 1000:.1f} ms"


def main() -> None:
    from before_after import handle
    if handle(__file__, measure, targets=TARGETS):
        return
    with tempfile.TemporaryDirectory() as d:
        tmp = Path(d)
        disk, screen = asyncio.run(bench_entry(tmp / "a"))
        print(f"keystroke -> result on disk (500 players, 250 boards, {len(disk)} entries): "
              f"median {ms(statistics.median(disk))}, max {ms(max(disk))} (target <= 50 ms)")
        print(f"Enter handler (parse, write, list updated): median "
              f"{ms(statistics.median(screen))}")
        opens, upds = [], []
        for i in range(3):
            o, u = asyncio.run(bench_standings(tmp / f"s{i}"))
            opens.append(o)
            upds.extend(u)
        print(f"standings 2000 players: open median {ms(statistics.median(opens))} "
              f"(runs {', '.join(ms(x) for x in opens)}; target <= 1 s)")
        total = [u[0] for u in upds]
        core = [u[1] for u in upds]
        table = [u[2] for u in upds]
        print(f"standings 2000 players: update after one result median "
              f"{ms(statistics.median(total))}, max {ms(max(total))} (target <= 100 ms)")
        print(f"  of which core standings() {ms(statistics.median(core))}; "
              f"table update + repaint {ms(statistics.median(table))}")
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(f"peak memory (ru_maxrss): {rss / 1024:.0f} MB")


if __name__ == "__main__":
    main()
