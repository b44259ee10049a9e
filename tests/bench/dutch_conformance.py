"""Conformance of the Dutch engine against bbpPairings' pairings (prints figures).

Runs every case of ../shared/dutch-cases (X_kK.trf = event cut after round K, X_kK.pairs =
the reference pairing of round K+1: number of boards, then ``white black`` per board and
``N 0`` for the pairing bye) through the TRF reader and ``pair_round`` with
``system = "dutch"``, and prints the identical-rounds share, the differing-boards share and
the time per case.  Usage: ``python tests/bench/dutch_conformance.py [DIR] [-v] [-k PATTERN]``.
"""

from __future__ import annotations

import sys
import time
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from swisstui.core.interop.trf import read_trf  # noqa: E402
from swisstui.core.pairing import pair_round  # noqa: E402

DEFAULT = next((d / "shared" / "dutch-cases" for d in (ROOT.parent, ROOT.parent.parent)
                if (d / "shared" / "dutch-cases").is_dir()), ROOT.parent / "shared" / "dutch-cases")


def load_case(trf: Path):
    """(event with system dutch, expected pairs as a set of (white, black), expected bye)."""
    event = read_trf(trf.read_text(encoding="utf-8"))
    if isinstance(event, tuple):
        event = event[0]
    event = replace(event, settings=replace(event.settings, system="dutch"))
    lines = trf.with_suffix(".pairs").read_text().split()
    nums = list(map(int, lines))
    boards = set()
    bye = None
    for k in range(nums[0]):
        w, b = nums[1 + 2 * k], nums[2 + 2 * k]
        if b == 0:
            bye = w
        else:
            boards.add((w, b))
    return event, boards, bye


def run_case(trf: Path):
    event, want, want_bye = load_case(trf)
    t0 = time.perf_counter()
    pairing = pair_round(event)
    dt = time.perf_counter() - t0
    rnd = pairing.round
    got = {tuple(b.players) for b in rnd.boards}
    got_bye = next((b.player for b in rnd.byes if b.kind.value == "pairing"), None)
    nboards = len(want) + (want_bye is not None)
    diff = len(want - got) + (want_bye != got_bye)
    return diff == 0, diff, nboards, dt, got, got_bye, want, want_bye


def main(argv: list[str]) -> int:
    verbose = "-v" in argv
    pattern = None
    if "-k" in argv:
        pattern = argv[argv.index("-k") + 1]
    args = [a for a in argv if not a.startswith("-") and a != pattern]
    folder = Path(args[0]) if args else DEFAULT
    if not folder.is_dir():
        print(f"no cases at {folder}: skipped")
        return 0
    cases = sorted(folder.glob("*.trf"))
    if pattern:
        cases = [c for c in cases if pattern in c.name]
    same = boards = differ = 0
    times = []
    failed = []
    for trf in cases:
        try:
            ok, diff, nb, dt, got, gbye, want, wbye = run_case(trf)
        except Exception as exc:  # a crash counts as a miss
            failed.append(trf.name)
            print(f"{trf.name}: ERROR {type(exc).__name__}: {exc}")
            continue
        times.append(dt)
        same += ok
        boards += nb
        differ += diff
        if not ok:
            failed.append(trf.name)
            if verbose:
                print(f"{trf.name}: {diff}/{nb} boards differ; missing {sorted(want - got)} "
                      f"bye {wbye}; extra {sorted(got - want)} bye {gbye}")
    n = len(cases)
    times.sort()
    med = times[len(times) // 2] if times else 0.0
    print(f"cases: {n}; identical rounds: {same}/{n} ({100 * same / max(n, 1):.1f} %); "
          f"differing boards: {differ}/{boards} ({100 * differ / max(boards, 1):.1f} %)")
    print(f"time per case: median {med:.3f} s, max {max(times, default=0):.3f} s, "
          f"total {sum(times):.1f} s")
    if failed and not verbose:
        print("not identical:", " ".join(failed[:40]), "…" if len(failed) > 40 else "")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
