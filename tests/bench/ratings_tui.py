"""The rating lists' suggestions in the TUI on a full-size list (issue 36 item 2; run on
demand: ``.venv/bin/python tests/bench/ratings_tui.py [--rows 500000] [--keys 50]``).

The issue's goal: the first suggestions within 50 ms of a key on the full FIDE list.
tests/bench/ratings.py times the core's lookup alone; this times what the director waits
for, in the Textual app at 80×24 (``app.run_test``): a synthetic FIDE combined TXT list of
``--rows`` players (tests/bench/ratings.py's ``write_list``; in a temporary folder, never
the real list, never kept) is imported into an index there (``SWISSTUI_RATINGS``), the
new-player form is opened in Registration (``n``) and, for each of ``--keys`` samples, the
first letters of a name drawn from the list are typed into the name field (2, 3 or 4 letters,
lower case, accents dropped, as a director types them) and the last key is timed:

* **key → suggestions drawn**: from the key handed to the app's driver (as the terminal
  hands it) to the first screen update (``App._display``: the compositor's update a
  terminal would be sent) that shows the name with that letter and the rows the lookup
  found for it; it includes the Input's change, the lookup, the rows' text, the layout
  and the wait for the screen's next frame (Textual draws at most 60 frames a second).  With
  2 letters the list appears (the first suggestions: the form is laid out again); with 3 or
  4 it changes.  Also this process's CPU time over the same span (the machine may be busy);
* **key → the lookup returned** and **the lookup alone** (``backend.rating_lookup`` timed
  inside the form);
* **a first letter → drawn**: a key in the same field that looks nothing up (one letter),
  for comparison: what any key in the form costs.

Wall time (time.perf_counter), median and 95th percentile.  docs/INTEROP.md "Rating lists"
quotes the figures.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT), str(ROOT / "tests"), str(ROOT / "tests" / "bench")]

from conftest import make_event  # noqa: E402
from ratings import write_list  # noqa: E402
from swisstui.core import rating_index  # noqa: E402
from swisstui.tui import backend  # noqa: E402
from swisstui.tui.app import SwissApp  # noqa: E402
from swisstui.tui.widgets.dialogs import PlayerForm  # noqa: E402
from textual import events  # noqa: E402
from textual.widgets import Input, Static  # noqa: E402

GOAL_MS = 50.0


def _stats(ms: list[float]) -> str:
    ms = sorted(ms)
    p95 = ms[min(len(ms) - 1, int(round(0.95 * (len(ms) - 1))))]
    return f"median {statistics.median(ms):.1f} ms, p95 {p95:.1f} ms, max {ms[-1]:.1f} ms"


async def _until(cond, timeout: float = 5.0) -> bool:
    end = time.perf_counter() + timeout
    while time.perf_counter() < end:
        if cond():
            return True
        await asyncio.sleep(0.002)  # the times measured are the app's own, not this loop's
    return bool(cond())


class Figures:
    def __init__(self) -> None:
        self.shown: list[float] = []  # key -> suggestions drawn (wall)
        self.cpu: list[float] = []  # the same, this process's CPU time
        self.handled: list[float] = []  # key -> the lookup returned
        self.lookup: list[float] = []  # the lookup alone
        self.plain: list[float] = []  # key -> drawn, a letter that looks nothing up
        self.rows: list[int] = []


async def run(folder: Path, prefixes: list[str]) -> Figures:
    app = SwissApp(folder, mode="registration", watch_interval=3600)
    # each screen update (App._display: what a terminal would be sent): its wall time, this
    # process's CPU time, and what the form showed then (the name, the suggestions)
    drawn: list[tuple[float, float, tuple]] = []
    state: list = [lambda: ()]
    real_display = app._display

    def display(screen, renderable) -> None:
        if renderable is not None:
            drawn.append((time.perf_counter(), time.process_time(), state[0]()))
        real_display(screen, renderable)

    app._display = display  # type: ignore[method-assign]
    returned: list[tuple[float, float]] = []  # each lookup: (its time, when it returned)
    real_lookup = backend.rating_lookup

    def timed_lookup(*a, **kw):
        t = time.perf_counter()
        try:
            return real_lookup(*a, **kw)
        finally:
            done = time.perf_counter()
            returned.append(((done - t) * 1000, done))

    backend.rating_lookup = timed_lookup
    out = Figures()

    async def key(char: str, want: tuple) -> tuple[float, float, float]:
        """Type ``char`` as the terminal hands it to the app; the wall and CPU time to the
        first screen update showing the name and ``want`` (the rows expected; () none),
        and when the key was sent."""
        del drawn[:], returned[:]
        t, c = time.perf_counter(), time.process_time()
        app._driver.send_message(events.Key(char, char))
        name = app.screen.query_one("#f-name", Input).value + char
        # the name, the rows shown and the lookups done: a frame with the new letter but
        # the rows of the shorter name (drawn before the lookup's handler ran, the same rows
        # or not) is not the one waited for
        seen = (name, tuple(r.id for r in want), 1 if want else 0)
        assert await _until(lambda: any(s == seen for _w, _c, s in drawn)), seen
        wall, cpu, _s = next(d for d in drawn if d[2] == seen)
        return (wall - t) * 1000, (cpu - c) * 1000, t

    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            for typed in prefixes:
                await pilot.press("n")
                assert await _until(lambda: isinstance(app.screen, PlayerForm))
                await pilot.pause()
                form = app.screen
                name = form.query_one("#f-name", Input)
                found = form.query_one("#f-found", Static)
                state[0] = lambda n=name, f=found, form=form: (
                    n.value, tuple(r.id for r in form.found) if f.display else (),
                    len(returned))
                plain, _cpu, _t = await key(typed[0], ())
                out.plain.append(plain)
                if len(typed) > 2:
                    await pilot.press(*typed[1:-1])
                await pilot.pause()
                await pilot.pause()
                want = rating_index.lookup(typed, "chess", limit=8)
                assert want, typed
                wall, cpu, t = await key(typed[-1], want)
                assert len(returned) == 1, (typed, returned)
                out.shown.append(wall)
                out.cpu.append(cpu)
                out.lookup.append(returned[0][0])
                out.handled.append((returned[0][1] - t) * 1000)
                out.rows.append(len(want))
                state[0] = lambda: ()
                await pilot.press("escape", "escape")
                assert await _until(lambda: not isinstance(app.screen, PlayerForm))
                await pilot.pause()
    finally:
        backend.rating_lookup = real_lookup
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rows", type=int, default=500_000)
    ap.add_argument("--keys", type=int, default=50)
    args = ap.parse_args()
    rng = random.Random(36)
    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp) / "players_list_foa.txt"
        index = Path(tmp) / "ratings.sqlite3"
        os.environ["SWISSTUI_RATINGS"] = str(index)
        names = write_list(src, args.rows, rng)
        t = time.perf_counter()
        done = rating_index.import_list(src, "fide")
        print(f"synthetic FIDE list: {done.rows} players, {src.stat().st_size / 1e6:.0f} MB, "
              f"imported in {time.perf_counter() - t:.1f} s")
        src.unlink()
        prefixes = []
        for i in range(args.keys):
            word = rng.choice(rating_index.query_key(rng.choice(names)).split())
            prefixes.append(word[:2 + i % 3])
        folder = make_event(Path(tmp), "chess", n_players=8, name="Bench ratings")
        fig = asyncio.run(run(folder, prefixes))
    print(f"key -> suggestions drawn, 80x24, {len(fig.shown)} keys "
          f"(2-4 letter prefixes): {_stats(fig.shown)}")
    print(f"  CPU time of this process: {_stats(fig.cpu)}")
    for letters in (2, 3, 4):
        some = [ms for ms, p in zip(fig.shown, prefixes) if len(p) == letters]
        cpu = [ms for ms, p in zip(fig.cpu, prefixes) if len(p) == letters]
        print(f"  {letters} letters{' (the first suggestions)' if letters == 2 else ''}: "
              f"{_stats(some)}; CPU {_stats(cpu)}")
    print(f"  key -> the lookup returned: {_stats(fig.handled)}")
    print(f"  the lookup alone: {_stats(fig.lookup)}")
    print(f"  rows found per key: {min(fig.rows)}-{max(fig.rows)} (3 shown)")
    print(f"a first letter (nothing looked up) -> drawn: {_stats(fig.plain)}")
    within = sum(ms <= GOAL_MS for ms in fig.shown)
    print(f"goal, first suggestions within {GOAL_MS:.0f} ms: {within} of {len(fig.shown)} keys")
    return 0


if __name__ == "__main__":
    sys.exit(main())
