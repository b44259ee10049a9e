"""Where a proven round's pricing goes (issue 14): the pricing rounds of a round, and what the
round would take had its window held, from the start, the pairs the pricing ends up adding.
Not a test and not a method: the second and third lines of each round are oracles, run on
pairs only a finished proof knows.  Run on demand:

    .venv/bin/python tests/bench/pricing.py [--sizes 1000,4000] [--games chess] [--rounds 2,5,9]

The events are those of ``tests/bench/pairing.py`` (same seeds and results).  Before each
round of ``--rounds`` the next round is paired three ways, each proven (docs/PAIRING.md
"The proof"):

* ``engine`` — as the engine pairs it;
* ``+ optimum`` — the window also holds the pairs of the proven optimum: does a window that
  contains the answer still need pricing?
* ``+ all priced`` — the window also holds every pair the engine's pricing added: the least
  a round could take if the window foresaw them.

Each line prints the wall time, the solves of the blossom (the window's, then one per pricing
round), the pairs priced in and how many pairs of the optimum the window lacked.  The
oracles are wired in by wrapping ``Candidates.spread`` (the last step of the window) and
``Pricer.violations`` (each pricing round) — nothing in the engine changes.
"""

from __future__ import annotations

import argparse
from dataclasses import replace
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from swisstui.core.model import Event  # noqa: E402
from swisstui.core.pairing import certify, pair_round  # noqa: E402
from swisstui.core.pairing.candidates import Candidates  # noqa: E402
from swisstui.core.pairing.simulate import play, random_players, settings_for  # noqa: E402

EXTRA: list[tuple[int, int]] = []  # pairs added to the next window (the oracles)
SEEN: dict = {}  # what the last pairing showed: window, solves, last graph and matching

_spread = Candidates.spread
_violations = certify.Pricer.violations


def spread(self, *args, **kw):
    out = _spread(self, *args, **kw)
    SEEN["window"] = set(self.edges)
    for i, j in EXTRA:
        self._add(i, j)
    return out


def violations(self, y, blossoms, scale, mate, have, limit, ends=None):
    SEEN["rounds"] = SEEN.get("rounds", 0) + 1
    SEEN["n"], SEEN["mate"] = self.n, dict(mate)
    if ends is not None:
        SEEN["graph"] = list(zip(ends[0].tolist(), ends[1].tolist()))
    elif have is not None:
        SEEN["graph"] = list(have)
    return _violations(self, y, blossoms, scale, mate, have, limit, ends)


Candidates.spread = spread
certify.Pricer.violations = violations


def measure(ev: Event, extra: list[tuple[int, int]]):
    """Wall seconds, what the pairing showed, its method, the pairing."""
    EXTRA[:] = extra
    SEEN.clear()
    t = time.perf_counter()
    p = pair_round(ev, allow_rematch=True)
    EXTRA.clear()
    return time.perf_counter() - t, dict(SEEN), p.method, p


def run(game: str, n: int, rounds: set[int]) -> None:
    rng = random.Random(n)  # (tests/bench/pairing.py's event)
    s = settings_for(game, f"bench {game} {n}", 9, seed=n)
    if s.system == "dutch":
        s = replace(s, system="swiss")
    ev = Event(s, tuple(random_players(n, rng, game)))
    pair_round(ev, allow_rematch=True)  # (warm: numba's first compiled calls)
    for r in range(1, max(rounds) + 1):
        t, seen, method, p = measure(ev, [])
        if r in rounds:
            m = seen.get("n", n)
            opt = sorted({(a, b) if a < b else (b, a) for a, b in seen.get("mate", {}).items()
                          if a < m and b < m})
            window = seen.get("window", set())
            lacked = sum(1 for pr in opt if pr not in window)
            priced = [(a, b) for a, b in seen.get("graph", []) if b < m and (a, b) not in window]
            lines = [("engine", t, seen, method)]
            for label, extra in (("+ optimum", opt), ("+ all priced", priced)):
                lines.append((label, *measure(ev, extra)[:3]))
            for label, t, seen, method in lines:
                got = method.split(", ", 1)[-1] if "priced" in method else method
                print(f"{game:<6} {n:>6} round {r}  {label:<13} {t:6.3f} s  "
                      f"{seen.get('rounds', 0):>2} scan(s)  {got}"
                      + (f"  [window lacked {lacked} pair(s) of the optimum]"
                         if label == "engine" else ""), flush=True)
        ev = ev.with_round(play(ev, p.round, rng, forfeit_rate=0.02))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="1000,4000")
    ap.add_argument("--games", default="chess")
    ap.add_argument("--rounds", default="2,5,9")
    args = ap.parse_args()
    rounds = {int(x) for x in args.rounds.split(",")}
    for n in (int(x) for x in args.sizes.split(",")):
        for game in args.games.split(","):
            run(game, n, rounds)
    return 0


if __name__ == "__main__":
    sys.exit(main())
