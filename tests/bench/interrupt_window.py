"""Ctrl-C during start-up (issue 31, item 12), measured: run on demand,
``.venv/bin/python tests/bench/interrupt_window.py [--venv DIR ...] [--tries N] [--step MS]``.

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
Give ``--venv`` twice (e.g. an install with the editable finder and one in compat mode) to
compare them in one run, interleaved.
``--python`` measures ``python -m swisstui`` instead of the console script; ``--bare``
measures an interpreter that does nothing (``python -c pass``, with and without ``-S``):
how long start-up takes before any program's first line, the floor of the window.

The machine has two cores shared with other work: timings move by a few ms run to run, so
compare before/after in the same session.
"""

from __future__ import annotations

import argparse
import os
import resource
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


def startup_ms(argv: list[str], runs: int = 20) -> tuple[float, float, float]:
    """The least and the median wall time of ``argv`` run to its end, and its least CPU time
    (user + system), in ms: the least wall time is the figure of a quiet machine, the CPU
    time moves little with the machine's load."""
    times, cpu = [], []
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        t = time.perf_counter()
        subprocess.run(argv, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL, check=False)
        times.append((time.perf_counter() - t) * 1000)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu.append((after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime) * 1000)
    return min(times), statistics.median(times), min(cpu)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--venv", type=Path, action="append",
                    help="a venv to measure (repeat to compare, runs interleaved); "
                         "default .venv")
    ap.add_argument("--tries", type=int, default=6)
    ap.add_argument("--step", type=float, default=5.0, help="ms between delays")
    ap.add_argument("--until", type=float, default=150.0, help="the last delay, ms")
    ap.add_argument("--python", action="store_true", help="python -m swisstui")
    ap.add_argument("--bare", action="store_true", help="only the interpreter's start-up")
    args = ap.parse_args(argv)
    venvs = args.venv or [ROOT / ".venv"]
    if args.bare:
        for venv in venvs:
            python = str(venv / "bin" / "python")
            print(f"{venv}: wall least / median, CPU least, of 20 runs")
            for label, cmd in (("python -S -c pass (no site)", [python, "-S", "-c", "pass"]),
                               ("python -c pass", [python, "-c", "pass"]),
                               ("python -c 'import re'", [python, "-c", "import re"]),
                               ("python -c 'import re, swisstui.launch'",
                                [python, "-c", "import re, swisstui.launch"])):
                least, median, cpu = startup_ms(cmd)
                print(f"  {label:40} {least:6.1f} / {median:6.1f} ms, CPU {cpu:5.1f} ms")
        return 0
    cmds = {}
    for venv in venvs:
        python = str(venv / "bin" / "python")
        cmd = [python, "-m", "swisstui"] if args.python else [str(venv / "bin" / "swisstui")]
        cmds[venv] = [*cmd, "check", str(SAMPLE)]
        least, median, _cpu = startup_ms(cmds[venv], 5)
        print(f"{' '.join(cmds[venv])}\n  whole command: {least:.0f} / {median:.0f} ms "
              f"(least / median of 5)")
    kinds = ("traceback", "clean", "silent", "done")
    print(f"{'delay ms':>8}  " + "   ".join(
        " ".join(f"{k[:5]:>5}" for k in kinds) for _ in venvs))
    window: dict[Path, float | None] = dict.fromkeys(venvs)
    totals = {venv: dict.fromkeys(kinds, 0) for venv in venvs}
    others: dict[Path, list[str]] = {venv: [] for venv in venvs}
    steps = int(args.until / args.step) + 1
    for i in range(steps):
        delay = i * args.step
        seen: dict[Path, list[str]] = {venv: [] for venv in venvs}
        for _ in range(args.tries):
            for venv in venvs:  # interleaved: the machine's load falls on each alike
                seen[venv].append(once(cmds[venv], delay / 1000))
        cells = []
        for venv in venvs:
            row = {k: seen[venv].count(k) for k in kinds}
            others[venv] += [s for s in seen[venv] if s not in kinds]
            for k in kinds:
                totals[venv][k] += row[k]
            if row["traceback"]:
                window[venv] = delay
            cells.append(" ".join(f"{row[k]:5d}" for k in kinds))
        print(f"{delay:8.0f}  " + "   ".join(cells))
    for venv in venvs:
        w = window[venv]
        print(f"{venv}: " + ", ".join(f"{k} {v}" for k, v in totals[venv].items())
              + f" of {steps * args.tries}; window (latest delay with a traceback): "
              + ("none" if w is None else f"{w:.0f} ms")
              + (f"; other: {others[venv]}" if others[venv] else ""))
    return 0


if __name__ == "__main__":
    os.environ.pop("PYTHONSTARTUP", None)
    sys.exit(main())
