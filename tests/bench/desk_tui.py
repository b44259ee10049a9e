"""The TUI desk at 2000 players (run on demand: ``.venv/bin/python tests/bench/desk_tui.py``).

Issue 35 asks that check-in at the desk answers within 20 ms of a key at 2000 registered
players.  tests/bench/desk.py times the core's search alone; this times what the screen does
at each key (:meth:`swisstui.tui.screens.desk.DeskScreen.apply_search`: the search, the
"not checked in" filter, the table's rows and the counts), at 80×24 in a Pilot session, on a
chess event of 2000 players whose desk file has an entry (a fee) for each, with the filter
off and on; and the redraw after a write (``show_event``: desk.toml read again, every row,
the counts).  Wall time (time.perf_counter): median and 95th percentile per key.
"""

from __future__ import annotations

import asyncio
import statistics
import sys
import tempfile
import time
from decimal import Decimal
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from conftest import make_event  # noqa: E402
from swisstui.core import fees  # noqa: E402
from swisstui.core.fees import Desk, Entry  # noqa: E402
from swisstui.tui.app import SwissApp  # noqa: E402

PLAYERS = 2000
GOAL_MS = 20.0
TYPED = ("a", "an", "ann", "anna", "anna a", "b", "bo", "bor", "k", "ki", "kim")


def _stats(times: list[float]) -> str:
    ms = sorted(t * 1000 for t in times)
    p95 = ms[min(len(ms) - 1, int(round(0.95 * (len(ms) - 1))))]
    return f"median {statistics.median(ms):.2f} ms, p95 {p95:.2f} ms ({len(ms)} keys)"


async def run() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        folder = make_event(Path(tmp), n_players=PLAYERS)
        desk = Desk("EUR", True, tuple(Entry(i, due=Decimal(30))
                                       for i in range(1, PLAYERS + 1)))
        (folder / fees.DESK_FILE).write_bytes(fees.desk_toml(desk))
        app = SwissApp(folder, mode="registration")
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("D")
            await pilot.pause()
            screen = app.screen
            search = screen.query_one("#desk-search")
            for filtered in (False, True):
                screen.not_checked_in = filtered
                times = []
                for _round in range(5):
                    for text in TYPED:
                        search.value = text
                        t = time.perf_counter()
                        screen.apply_search()
                        times.append(time.perf_counter() - t)
                label = "not checked in" if filtered else "everyone"
                print(f"a key, list of {label}: {_stats(times)}; goal {GOAL_MS:.0f} ms")
            redraws = []
            for _round in range(10):
                t = time.perf_counter()
                screen.show_event(app.event)
                redraws.append(time.perf_counter() - t)
            print(f"redraw after a write (desk.toml read, {PLAYERS} rows): {_stats(redraws)}")


if __name__ == "__main__":
    asyncio.run(run())
