"""Same-run comparison of a benchmark with older code: ``--before DIR``.

``DIR`` holds an older ``swisstui`` package (e.g. ``git archive main swisstui | tar -x -C
/tmp/before``).  The benchmark's ``measure()`` runs in child processes, alternately on the
older code (``PYTHONPATH=DIR``) and on this checkout, ``--runs`` times each (default 3), so
both sides share the machine's load; then each figure is printed as the median CPU time and
wall time of either side and their ratio (after / before).  ``measure()`` returns
``{figure: [[cpu_seconds, wall_seconds], ...]}`` and uses only APIs both sides have.

Without ``--before`` a benchmark prints its own figures as before.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

Samples = dict[str, list[list[float]]]


def _option(argv: list[str], name: str) -> str | None:
    if name in argv:
        i = argv.index(name)
        value = argv[i + 1]
        del argv[i:i + 2]
        return value
    return None


def handle(script: str, measure: Callable[[], Samples], argv: list[str] | None = None,
           targets: dict[str, float] | None = None) -> bool:
    """Run the comparison (or, in a child, ``measure()``) if the command line asks for it;
    False when it does not (the benchmark then runs as usual)."""
    argv = sys.argv if argv is None else argv
    if "--json" in argv:
        argv.remove("--json")
        print("BENCH-JSON " + json.dumps(measure()))
        return True
    before = _option(argv, "--before")
    if before is None:
        return False
    runs = int(_option(argv, "--runs") or 3)
    sides: dict[str, Samples] = {"before": {}, "after": {}}
    for _ in range(runs):
        for side in ("before", "after"):
            env = dict(os.environ)
            env.pop("PYTHONPATH", None)
            if side == "before":
                env["PYTHONPATH"] = str(Path(before).resolve())
            out = subprocess.run([sys.executable, script, "--json", *argv[1:]], env=env,
                                 capture_output=True, text=True, cwd="/")
            line = [x for x in out.stdout.splitlines() if x.startswith("BENCH-JSON ")]
            if out.returncode or not line:
                sys.exit(f"{side} run failed:\n{out.stdout[-2000:]}\n{out.stderr[-4000:]}")
            for key, samples in json.loads(line[-1][len("BENCH-JSON "):]).items():
                sides[side].setdefault(key, []).extend(samples)
    print(f"same run, {runs} alternating processes per side; medians; before = {before}")
    print(f"{'figure':58} {'before CPU':>10} {'wall':>8} {'after CPU':>10} {'wall':>8} "
          f"{'CPU x':>6} {'wall x':>6}")
    for key, after in sides["after"].items():
        old = sides["before"].get(key)
        a_cpu = statistics.median(s[0] for s in after)
        a_wall = statistics.median(s[1] for s in after)
        if old:
            b_cpu = statistics.median(s[0] for s in old)
            b_wall = statistics.median(s[1] for s in old)
            cells = (f"{b_cpu * 1000:8.1f}ms {b_wall * 1000:6.1f}ms {a_cpu * 1000:8.1f}ms "
                     f"{a_wall * 1000:6.1f}ms {a_cpu / b_cpu if b_cpu else 0:6.2f} "
                     f"{a_wall / b_wall if b_wall else 0:6.2f}")
        else:
            cells = f"{'—':>10} {'—':>8} {a_cpu * 1000:8.1f}ms {a_wall * 1000:6.1f}ms"
        goal = (targets or {}).get(key)
        mark = "" if goal is None else (f"  target ≤ {goal * 1000:.0f} ms CPU: "
                                        f"{'met' if a_cpu <= goal else 'NOT met'}")
        print(f"{key:58} {cells}{mark}")
    return True
