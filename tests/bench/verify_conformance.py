"""``swisstui verify`` on the Dutch conformance cases (prints figures).

Verifies every TRF of ../shared/dutch-cases (X_kK.trf: the event after round K, paired by
bbpPairings) with :func:`swisstui.core.interop.verify.verify_trf`, each round recomputed by
swisstui's Dutch engine, and prints how many rounds are identical and the time taken.
``--last`` verifies only the last file of each tournament (it holds every round of the
others).  Usage: ``python tests/bench/verify_conformance.py [DIR] [--last] [-v]``.
"""

from __future__ import annotations

import re
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from swisstui.core.interop.verify import verify_trf  # noqa: E402

DEFAULT = ROOT.parent / "shared" / "dutch-cases"


def main(argv: list[str]) -> int:
    args = [a for a in argv if not a.startswith("-")]
    folder = Path(args[0]) if args else DEFAULT
    if not folder.is_dir():
        print(f"no cases at {folder}: skipped")
        return 0
    cases = sorted(folder.glob("*.trf"))
    if "--last" in argv:
        last: dict[str, Path] = {}
        for c in cases:
            m = re.fullmatch(r"(.*)_k(\d+)\.trf", c.name)
            if m and (m.group(1) not in last
                      or int(m.group(2)) > int(last[m.group(1)].stem.rsplit("_k", 1)[1])):
                last[m.group(1)] = c
        cases = sorted(last.values())
    t0 = time.perf_counter()
    rounds = same = points = 0
    for c in cases:
        rep = verify_trf(c.read_text(encoding="utf-8"), str(c))
        rounds += len(rep.rounds)
        same += sum(r.identical for r in rep.rounds)
        points += len(rep.points)
        if "-v" in argv and not rep.ok:
            print("\n".join([c.name, *rep.lines()]))
    dt = time.perf_counter() - t0
    print(f"files: {len(cases)}; rounds verified: {rounds}; identical: {same}; "
          f"points differing: {points}; time {dt:.1f} s ({dt / max(rounds, 1) * 1000:.0f} ms "
          f"per round)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
