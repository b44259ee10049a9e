"""Ctrl-C during start-up (issue 31, item 12), measured: run on demand,
``.venv/bin/python tests/bench/interrupt_window.py [--venv DIR] [--tries N] [--step MS]``.

Starts the installed console script (``DIR/bin/swisstui check <the chess sample>``, a
command that only reads) again and again and sends it SIGINT ``delay`` ms after it was
started (``subprocess.Popen`` returns once the exec succeeded), for delays 0, step, ... up
to ``--until`` ms, ``--tries`` times each.  Each run ends one of four ways:

* ``traceback`` — a Python traceback (or ``KeyboardInterrupt``) on stderr: the signal came
  before swisstui's handler was in place (interpreter start-up, ``site`` and the ``.pth``
  files, the console script's own ``import re``, ``swisstui/__init__``);
* ``clean`` — exit 130 and exactly swisstui's one line (``launch.INTERRUPTED``);
* ``silent`` — killed by SIGINT with nothing on stderr (before Python installed its own
  handler: the C start-up, which no program can change);
* ``done`` — the command had finished (exit 0) before the signal.

It prints one row per delay and the window: the latest delay that still gave a traceback.
``--python`` measures ``python -m swisstui`` instead of the console script; ``--bare``
measures an interpreter that does nothing (``python -c pass``, with and without ``-S``):
how long start-up takes before any program's first line, the floor of the window.

The machine has two cores shared with other work: timings move by a few ms run to run, so
compare before/after in the same session.
"""

from __future__ import annotations

import argparse
import os
import signal
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "swisstui" / "sample_events" / "chess"
LINE = (b"swisstui: interrupted; writes are atomic, so a change was saved whole or not at "
        b"all\n")


def classify(rc: int, err: bytes) -> str:
    if b"Traceback" in err or b"KeyboardInterrupt" in err:
        return "traceback"
    if rc == 130 and err == LINE:
        return "clean"
    if rc == -signal.SIGINT and not err:
        return "silent"
    if rc == 0:
        return "done"
    return f"other (rc {rc}: {err[-80:]!r})"


def once(argv: list[str], delay: float) -> str:
    p = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                         stderr=subprocess.PIPE, cwd="/")
    if delay:
        time.sleep(delay)
    p.send_signal(signal.SIGINT)
    _, err = p.communicate(timeout=60)
    return classify(p.returncode, err)


def startup_ms(argv: list[str], runs: int = 20) -> float:
    """The median wall time of ``argv`` run to its end, in ms."""
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        subprocess.run(argv, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL, check=False)
        times.append((time.perf_counter() - t) * 1000)
    return statistics.median(times)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--venv", type=Path, default=ROOT / ".venv")
    ap.add_argument("--tries", type=int, default=6)
    ap.add_argument("--step", type=float, default=5.0, help="ms between delays")
    ap.add_argument("--until", type=float, default=150.0, help="the last delay, ms")
    ap.add_argument("--python", action="store_true", help="python -m swisstui")
    ap.add_argument("--bare", action="store_true", help="only the interpreter's start-up")
    args = ap.parse_args(argv)
    python = str(args.venv / "bin" / "python")
    if args.bare:
        for label, cmd in (("python -c pass", [python, "-c", "pass"]),
                           ("python -S -c pass (no site)", [python, "-S", "-c", "pass"]),
                           ("python -I -S -c pass", [python, "-I", "-S", "-c", "pass"]),
                           ("python -c 'import swisstui.launch'",
                            [python, "-c", "import swisstui.launch"])):
            print(f"{label:40} {startup_ms(cmd):6.1f} ms (median of 20)")
        return 0
    cmd = ([python, "-m", "swisstui"] if args.python else [str(args.venv / "bin" / "swisstui")])
    cmd += ["check", str(SAMPLE)]
    print("command:", " ".join(cmd))
    print(f"whole command, to its end: {startup_ms(cmd, 5):.0f} ms (median of 5)")
    kinds = ("traceback", "clean", "silent", "done")
    print(f"{'delay ms':>8} " + " ".join(f"{k:>9}" for k in kinds) + "  other")
    window = None
    totals = dict.fromkeys(kinds, 0)
    steps = int(args.until / args.step) + 1
    for i in range(steps):
        delay = i * args.step
        seen = [once(cmd, delay / 1000) for _ in range(args.tries)]
        row = {k: seen.count(k) for k in kinds}
        other = [s for s in seen if s not in kinds]
        for k in kinds:
            totals[k] += row[k]
        if row["traceback"]:
            window = delay
        print(f"{delay:8.0f} " + " ".join(f"{row[k]:9d}" for k in kinds)
              + (f"  {other}" if other else ""))
    print("totals: " + ", ".join(f"{k} {v}" for k, v in totals.items())
          + f" of {steps * args.tries}")
    print("window (latest delay with a traceback): "
          + ("none" if window is None else f"{window:.0f} ms"))
    return 0


if __name__ == "__main__":
    os.environ.pop("PYTHONSTARTUP", None)
    sys.exit(main())
