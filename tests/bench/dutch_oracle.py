"""Dutch engine against py4swiss on random events (test-only oracle; prints figures).

py4swiss (PyPI, ``pip install py4swiss`` into the venv; never a dependency) claims pairings
identical to bbpPairings.  Each event: random players (pairing numbers = ids), random requested
half/zero byes and forfeits; every round is paired by swisstui (system dutch) and, from the same
history written as TRF by ``write_trf``, by ``py4swiss``; the pairs, colours and bye are compared.
Usage: ``python tests/bench/dutch_oracle.py [EVENTS] [--seed S] [-v]`` (default 20 events).

Known difference: a player who has not yet played (only requested byes) and also skips the
next round gets no pairing number in bbpPairings (which swisstui follows) but one in py4swiss;
rounds where that changes a colour are reported as such.
"""

from __future__ import annotations

import random
import shutil
import subprocess
import sys
import tempfile
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from swisstui.core.interop.trf import write_trf  # noqa: E402
from swisstui.core.model import ByeKind, Event, Player  # noqa: E402
from swisstui.core.pairing import pair_round  # noqa: E402
from swisstui.core.pairing.simulate import play  # noqa: E402
from swisstui.core.settings import make_settings  # noqa: E402


def oracle(event: Event, exe: str, tmp: Path):
    trf = tmp / "e.trf"
    out = tmp / "p.txt"
    trf.write_text(write_trf(event, version="16"), encoding="utf-8")
    run = subprocess.run([exe, "-t", str(trf), "-p", str(out)], capture_output=True, text=True,
                         timeout=600)
    if run.returncode != 0:
        return None
    nums = list(map(int, out.read_text().split()))
    boards, bye = set(), None
    for k in range(nums[0]):
        w, b = nums[1 + 2 * k], nums[2 + 2 * k]
        if b == 0:
            bye = w
        else:
            boards.add((w, b))
    return boards, bye


def main(argv: list[str]) -> int:
    exe = shutil.which("py4swiss") or str(Path(sys.executable).with_name("py4swiss"))
    if not Path(exe).exists():
        print("py4swiss is not installed: skipped")
        return 0
    verbose = "-v" in argv
    seed = int(argv[argv.index("--seed") + 1]) if "--seed" in argv else 0
    nums = [a for a in argv if a.isdigit() and (("--seed" not in argv)
                                                or a != argv[argv.index("--seed") + 1])]
    events = int(nums[0]) if nums else 20
    same = total = 0
    with tempfile.TemporaryDirectory() as d:
        tmp = Path(d)
        for e in range(seed, seed + events):
            rng = random.Random(e)
            n = rng.randint(10, 70)
            rounds = rng.randint(4, 9)
            ratings = sorted(rng.sample(range(1200, 2700), n), reverse=True)
            players = []
            for i, r in enumerate(ratings, start=1):
                byes = tuple((k, rng.choice((ByeKind.HALF, ByeKind.ZERO)))
                             for k in range(2, rounds + 1) if rng.random() < 0.04)
                players.append(Player(i, f"Player {i:03d}", rating=r, byes=byes))
            s = make_settings("chess", f"oracle {e}", rounds, system="dutch")
            s = replace(s, options={**s.options, "initial_colour": rng.choice("wb")})
            event = Event(s, tuple(players))
            for rnd in range(1, rounds + 1):
                mine = pair_round(event).round
                if rnd > 1:
                    ref = oracle(event, exe, tmp)
                    got = {tuple(b.players) for b in mine.boards}
                    gbye = next((b.player for b in mine.byes if b.kind is ByeKind.PAIRING),
                                None)
                    total += 1
                    if ref is not None and ref == (got, gbye):
                        same += 1
                    elif verbose:
                        print(f"event {e} round {rnd}: differs "
                              f"(missing {sorted(ref[0] - got) if ref else '?'}, "
                              f"extra {sorted(got - ref[0]) if ref else '?'})")
                event = event.with_round(play(event, mine, rng, forfeit_rate=0.03))
    print(f"rounds compared: {total}; identical: {same} ({100 * same / max(total, 1):.1f} %)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
