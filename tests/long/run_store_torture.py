"""The long run of the folder fuzzer and the crash test (QA issue 16): run on demand,

    .venv/bin/python tests/long/run_store_torture.py [--cases 10000] [--kills 1000]
        [--sections] [--move-kills 0]

The fuzzer (tests/store_torture.py: ``fuzz_case``) applies one to three random mutations to
a valid event folder (its files, ``clock.toml``, the cache, hostile journals and links
pointing outside) and runs every command in-process: no traceback, exit 0/1/2, a refused
command leaves the folder byte-identical, nothing outside the folder changes, and a cache
entry is never more readable than its data.  With ``--fast`` (the default) fsync is a no-op
and the argument parser is built once, which makes a case ~3x cheaper and changes nothing
the fuzzer checks.  The crash test (``crash_once``) kills a real multi-file writer with
SIGKILL at a random moment, then verifies the folder is exactly the acknowledged state or
the next, and that ``check`` is clean.  With ``--sections`` the fuzzer runs on an event with
two sections (``build_sections_base``, ``mutate_sections``, ``section_commands``: the
sections' own hostile layouts, every command with and without ``--section``, the
``sections`` commands).  ``--move-kills N`` kills N real ``swisstui sections move``
processes (``move_crash_once``): at random moments and just after the move's first write;
the player must be in one section, or in both with ``check`` saying so in one line.
Prints the figures for the closing note.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import store_torture as torture  # noqa: E402


def fuzz(cases: int, seed: int, fast: bool, minutes: float | None,
         with_sections: bool = False) -> None:
    if fast:
        import functools

        import swisstui.cli as cli
        os.fsync = lambda fd: None  # durability is not what the fuzzer checks
        cli.build_parser = functools.lru_cache(maxsize=1)(cli.build_parser)
    rng = random.Random(seed)
    tmp = Path(tempfile.mkdtemp(prefix="swisstui-torture-"))
    if with_sections:
        base = torture.build_sections_base(tmp)
        draw, every, apply = (torture.random_section_mutations, torture.section_commands,
                              torture.mutate_sections)
    else:
        base = torture.build_base(tmp)
        draw, every, apply = torture.random_mutations, torture.commands, torture.mutate
    kinds: Counter[str] = Counter()
    failures: list[str] = []
    t0 = time.perf_counter()
    done = 0
    for done in range(1, cases + 1):
        mutations = draw(rng)
        kinds.update(m[0] for m in mutations)
        found = torture.fuzz_case(base, tmp / "work", mutations, every, apply)
        failures += found
        if found:
            print("FAIL", found[:3], flush=True)
        if done % 500 == 0:
            print(f"  fuzz: {done} cases, {len(failures)} failures, "
                  f"{time.perf_counter() - t0:.0f} s", flush=True)
        if minutes is not None and time.perf_counter() - t0 > 60 * minutes:
            break
    n_cmds = len(every(Path("E"), Path("O")))
    print(f"fuzz{' (sections)' if with_sections else ''}: {done} cases x {n_cmds} commands = {done * n_cmds} command runs, "
          f"{len(failures)} failures, {time.perf_counter() - t0:.0f} s "
          f"(mutations: {', '.join(f'{k} {v}' for k, v in sorted(kinds.items()))})",
          flush=True)


def crash(kills: int, seed: int, max_delay: float) -> None:
    rng = random.Random(seed)
    tmp = Path(tempfile.mkdtemp(prefix="swisstui-crash-"))
    folder = torture.crash_base(tmp)
    outcomes: Counter[str] = Counter()
    failures = 0
    t0 = time.perf_counter()
    for k in range(1, kills + 1):
        try:
            acked, found = torture.crash_once(folder, rng, max_delay)
            outcomes["acknowledged state" if found == acked else "next state (whole)"] += 1
        except AssertionError as exc:
            failures += 1
            print("FAIL", exc, flush=True)
        if k % 100 == 0:
            print(f"  crash: {k} kills, {failures} failures, {time.perf_counter() - t0:.0f} s",
                  flush=True)
    final = int(torture.store.load(folder).settings.name.split()[-1])
    print(f"crash: {kills} kills with SIGKILL, {failures} torn or lost, found "
          f"{dict(outcomes)}; {final} multi-file changes acknowledged in all, "
          f"{time.perf_counter() - t0:.0f} s", flush=True)


def move_crash(kills: int, seed: int) -> None:
    rng = random.Random(seed)
    tmp = Path(tempfile.mkdtemp(prefix="swisstui-move-crash-"))
    base = torture.build_sections_base(tmp / "base")
    duration = torture.move_duration(base, tmp / "timing")
    outcomes: Counter[tuple[str, str]] = Counter()
    failures = 0
    t0 = time.perf_counter()
    for k in range(1, kills + 1):
        try:
            outcomes[torture.move_crash_once(base, tmp / "work", rng, duration)] += 1
        except AssertionError as exc:
            failures += 1
            print("FAIL", exc, flush=True)
        if k % 100 == 0:
            print(f"  move crash: {k} kills, {failures} failures, "
                  f"{time.perf_counter() - t0:.0f} s", flush=True)
    print(f"move crash: {kills} kills with SIGKILL of 'sections move' ({duration:.2f} s "
          f"uninterrupted), {failures} failures, found "
          f"{', '.join(f'{w} -> {f}: {n}' for (w, f), n in sorted(outcomes.items()))}; "
          f"{time.perf_counter() - t0:.0f} s", flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--cases", type=int, default=10_000)
    ap.add_argument("--kills", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--minutes", type=float, default=None, help="stop the fuzzer after this")
    ap.add_argument("--max-delay", type=float, default=0.5, help="kill within this (s)")
    ap.add_argument("--slow", action="store_true", help="real fsync, parser per command")
    ap.add_argument("--sections", action="store_true",
                    help="fuzz an event with two sections (issue 33)")
    ap.add_argument("--move-kills", type=int, default=0,
                    help="kill this many real 'sections move' processes")
    args = ap.parse_args()
    if args.kills:
        crash(args.kills, args.seed, args.max_delay)
    if args.move_kills:
        move_crash(args.move_kills, args.seed)
    if args.cases:
        fuzz(args.cases, args.seed, not args.slow, args.minutes, args.sections)


if __name__ == "__main__":
    main()
