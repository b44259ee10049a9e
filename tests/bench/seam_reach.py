"""Reach-backs of one pairing request and one standings request (issue 33, the seam).

Counts, while ``pair_round`` (or ``standings``) runs on a sample event, the calls made from
swisstui's modules into the derived history (``history``, ``scores``, ``round_records``,
``board_colours`` — in core/history.py, in core/model.py before issue 33) and into the game
profiles (``swisstui.core.games.profile``) and into the event's own lookups (the methods of
core/model.py: ``Event.player``, ``by_id``, ``round``, ``Player.active_in`` …), per call site, and prints the distinct call
sites and the number of calls; calls made while the request's Field is built (core/field.py
on the stack: once per request, issue 33) are counted apart, under "Field build".  Not a test: run it on this checkout, and with
``PYTHONPATH=DIR`` on an older ``swisstui`` package to compare.

    .venv/bin/python tests/bench/seam_reach.py [--sites]
"""

from __future__ import annotations

import collections
import sys
from dataclasses import replace
from pathlib import Path

from swisstui.core import store
from swisstui.core.pairing import pair_round
from swisstui.core.standings import standings

HISTORY = {"history", "scores", "round_records", "board_colours"}
SAMPLES = Path(__import__("swisstui").__file__).parent / "sample_events"


def _traced(fn):
    sites: collections.Counter = collections.Counter()

    def prof(frame, event, arg):
        if event != "call":
            return
        code = frame.f_code
        path = code.co_filename
        if "swisstui" not in path:
            return
        kind = None
        if code.co_name in HISTORY and path.endswith(("core/history.py", "core/model.py")):
            kind = "history"
        elif code.co_name == "profile" and path.endswith("core/games/__init__.py"):
            kind = "profile"
        elif path.endswith("core/model.py") and not code.co_name.startswith("<"):
            kind = "model"  # the event's lookups: Event.player, by_id, round, active_in …
        if kind is None:
            return
        back = frame.f_back
        if back is None or "swisstui" not in back.f_code.co_filename:
            return
        caller = back.f_code.co_filename.split("swisstui/", 1)[-1]
        if caller in ("core/history.py", "core/model.py", "core/games/__init__.py"):
            return  # inside the history or the profiles themselves
        up = back
        while up is not None:  # made while the request's Field is built: counted apart
            if up.f_code.co_filename.endswith("core/field.py"):
                kind = "field"
                break
            up = up.f_back
        sites[(kind, f"{caller}:{back.f_code.co_name}", code.co_name)] += 1

    sys.setprofile(prof)
    try:
        fn()
    finally:
        sys.setprofile(None)
    return sites


def _event(game: str, system: str | None = None, keep: int = 3):
    ev = store.load(SAMPLES / game)
    ev = replace(ev, rounds=ev.rounds[:keep])
    if system:
        ev = replace(ev, settings=replace(ev.settings, system=system))
    return ev


def main() -> None:
    show = "--sites" in sys.argv
    cases = [("pair", "chess (swiss)", _event("chess")),
             ("pair", "chess (dutch)", _event("chess", "dutch")),
             ("pair", "go (mcmahon)", _event("go")),
             ("pair", "magic (swiss, random)", _event("magic")),
             ("standings", "chess", _event("chess")),
             ("standings", "go (mcmahon)", _event("go"))]
    print(f"{'request':10} {'event':22} {'history sites':>13} {'calls':>6} "
          f"{'profile sites':>13} {'calls':>6} {'model sites':>11} {'calls':>6} "
          f"{'Field build':>11}")
    for what, name, ev in cases:
        pair_round(ev) if what == "pair" else standings(ev)  # warm the caches alike
        sites = _traced(lambda: pair_round(ev) if what == "pair" else standings(ev))
        row = []
        for kind in ("history", "profile", "model", "field"):
            mine = {k: v for k, v in sites.items() if k[0] == kind}
            row += [len(mine), sum(mine.values())]
        print(f"{what:10} {name:22} {row[0]:>13} {row[1]:>6} {row[2]:>13} {row[3]:>6} "
              f"{row[4]:>11} {row[5]:>6} {row[7]:>11}")
        if show:
            for (kind, caller, callee), n in sorted(sites.items()):
                print(f"    {kind:8} {caller} -> {callee} ×{n}")


if __name__ == "__main__":
    main()
