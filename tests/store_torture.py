"""Shared machinery of the folder fuzzer and the crash test (QA issue 16, items 6-11), used by
tests/cli/test_store_folder_fuzz.py, tests/core/test_store_crash.py and the long run
tests/long/store_torture.py.

* Folder fuzzer: a valid event folder, one to three mutations a director's disk or a hand
  edit could produce (a named pipe, a folder or a symbolic link in place of a file, deep
  nesting, a truncated file, a stray round name, a changed mode, ...), then every command of
  the CLI, in-process.  Each must end with exit 0, 1 or 2, never a traceback; a refused
  command (exit 1 or 2) leaves the folder byte-identical, modes and links included.  The
  mutated files include ``clock.toml`` and a cache entry; hostile mutations (issue 31,
  items 8-10) plant a journal whose steps point outside the folder, link ``rounds/`` or
  ``.swisstui-cache/`` to a folder elsewhere.  Nothing outside the event folder (a sandbox
  holding canaries and every link's target) may change, whatever the command and its exit,
  and after a successful write every cache entry is no more readable than its data.
* Crash test: a real process making multi-file changes (state i → i+1: settings, players and
  several round files at once) is killed with SIGKILL at a random moment; the folder then
  loads as exactly one state — the last acknowledged one or the one being written — and
  ``check`` finds nothing.
"""

from __future__ import annotations

import io
import json
import os
import random
import shutil
import signal
import stat
import subprocess
import sys
import textwrap
import time
from contextlib import redirect_stderr, redirect_stdout
from dataclasses import replace
from pathlib import Path

from conftest import make_event
from swisstui.cli import main
from swisstui.core import store
from swisstui.core.games import profile
from manual_round import make_round
from swisstui.core.model import Board, Event, Player, Round
from swisstui.core.results import record_result

# ---- the folder fuzzer --------------------------------------------------------------------

FILES = ("event.toml", "players.toml", "rounds/01.toml", "rounds/02.toml", "clock.toml",
         ".swisstui-cache/players.toml.pickle")
MUTATIONS = ("fifo", "folder", "deep", "rounds_file", "symlink", "dangling", "lock_link",
             "lock_fifo", "lock_missing", "round_alias", "round_rename", "truncate",
             "edit", "bad_utf8", "chmod", "delete", "empty", "junk_journal",
             "hostile_journal", "rounds_link", "cache_link", "cache_junk")
#: Files outside the event folder that no command may touch (the hostile journals name them)
CANARIES = ("canary.toml", "players.toml", ".canary.toml.0badc0de.swisstui-tmp")
VALUES = ('"x"', "1", "-3", "0", "3.5", "true", "[1, 2]", '["a"]', "{a = 1}", "[]", "1e400",
          "nan", "99999999999999999999", '"1-0"', "[[1, 2]]", '"2026-01-01"')
KEYS = ("name", "rounds", "game", "id", "rating", "result", "players", "board", "kind",
        "player", "byes", "options", "round", "notes")


def build_base(tmp: Path) -> Path:
    """A chess event: 8 players, round 1 complete, round 2 paired with one result."""
    folder = make_event(tmp, "chess", 8, rounds=5, folder="base")

    def two_rounds(e):
        e = make_round(e, [(1, 2), (3, 4), (5, 6), (7, 8)])
        for b, r in zip((1, 2, 3, 4), ("1-0", "0-1", "1/2-1/2", "1-0")):
            e = record_result(e, 1, b, r)
        e = make_round(e, [(1, 3), (2, 4), (5, 7), (6, 8)])
        return record_result(e, 2, 1, "1-0")
    store.update(folder, two_rounds)
    from datetime import UTC, datetime
    from swisstui.core import clock
    clock.change(folder, lambda c: clock.started(2, 60, at=datetime(2026, 5, 1, 10, tzinfo=UTC)))
    return folder


def hostile_journal(folder: Path, outside: Path, param: int) -> list:
    """The steps of a journal planted to reach ``outside`` (canaries there)."""
    rel = os.path.relpath(outside, folder)
    tmp = ".canary.toml.0badc0de.swisstui-tmp"
    return [
        [["delete", f"{rel}/canary.toml"]],
        [["delete", str(outside / "canary.toml")]],
        [["delete", f"rounds/../{rel}/canary.toml"]],
        [["replace", f"{rel}/{tmp}", f"{rel}/canary.toml"]],
        [["replace", str(outside / tmp), str(outside / "canary.toml")]],
        [["delete", "rounds/02.toml"], ["delete", f"{rel}/players.toml"]],
        [["replace", f"{rel}/{tmp}", "players.toml"]],
        [["delete", "rounds/01.toml"], ["replace", f"rounds/../{rel}/{tmp}",
                                        f"rounds/../{rel}/canary.toml"]],
        [["delete", ".swisstui-cache"]],
        [["delete", "../" * 12 + "etc/hostname-canary"]],
    ][param % 10]


def commands(event: Path, out: Path) -> list[list[str]]:
    """Every command of the CLI that reads or writes an event (the TUI ones aside): the
    readers first, then the writers."""
    e = str(event)
    return [
        ["check", e], ["standings", e], ["standings", e, "--round", "1", "--format", "json"],
        ["crosstable", e], ["playoff", e, "--show"], ["players", "list", e],
        ["explain", e, "2", "1"], ["clock", e, "show"], ["serve-snapshot", e],
        ["export", e, "--format", "json", "-o", str(out / "x.json")],
        ["export", e, "--format", "trf", "-o", str(out / "x.trf")],
        ["export", e, "--format", "csv", "-o", str(out / "x.csv")],
        ["export", e, "--format", "html", "-o", str(out / "x.html")],
        ["result", e, "2", "2", "0-1"], ["result", e, "2", "1", "--clear"],
        ["players", "add", e, "Zed Late"], ["players", "edit", e, "1", "--rating", "2001"],
        ["players", "bye", e, "3", "--round", "4", "--kind", "half"],
        ["players", "withdraw", e, "8", "--from-round", "4"],
        ["pairings", "swap", e, "2", "5", "6"], ["pair", e], ["pair", e, "--undo"],
        ["players", "remove", e, "9"], ["clock", e, "extend", "5"], ["clock", e, "pause"],
    ]


def snapshot(folder: Path) -> dict[str, tuple]:
    """Every entry under ``folder`` (not following links): type, mode, bytes or target."""
    out: dict[str, tuple] = {}

    def one(path: Path, rel: str) -> None:
        st = os.lstat(path)
        mode = stat.S_IMODE(st.st_mode)
        if stat.S_ISLNK(st.st_mode):
            out[rel] = ("link", os.readlink(path))
        elif stat.S_ISREG(st.st_mode):
            out[rel] = ("file", mode, path.read_bytes())
        elif stat.S_ISDIR(st.st_mode):
            out[rel] = ("dir", mode)
            for name in sorted(os.listdir(path)):
                one(path / name, f"{rel}/{name}")
        else:
            out[rel] = ("other", stat.S_IFMT(st.st_mode), mode)

    if os.path.lexists(folder):
        one(folder, ".")
    return out


def mutate(folder: Path, outside: Path, kind: str, which: int, param: int) -> str:
    """Apply one mutation; return a short description."""
    name = FILES[which % len(FILES)]
    path = folder / name
    rng = random.Random(param)
    if kind in ("fifo", "folder", "symlink", "dangling", "delete", "empty", "truncate",
                "edit", "bad_utf8", "chmod", "deep") and not path.is_file():
        return f"{kind} {name}: skipped (not a file)"
    if kind == "fifo":
        path.unlink()
        os.mkfifo(path)
    elif kind == "folder":
        path.unlink()
        path.mkdir()
    elif kind == "symlink":
        copy = outside / f"copy{param}-{path.name}"
        shutil.copy(path, copy)
        path.unlink()
        path.symlink_to(copy)
    elif kind == "dangling":
        path.unlink()
        path.symlink_to(outside / f"missing{param}")
    elif kind == "delete":
        path.unlink()
    elif kind == "empty":
        path.write_bytes(b"")
    elif kind == "truncate":
        data = path.read_bytes()
        path.write_bytes(data[: param % (len(data) + 1)])
    elif kind == "bad_utf8":
        data = path.read_bytes()
        at = param % (len(data) + 1)
        path.write_bytes(data[:at] + b"\xff\xfe" + data[at:])
    elif kind == "chmod":
        os.chmod(path, (0o600, 0o640, 0o644, 0o664, 0o444)[param % 5])
    elif kind == "deep":
        depth = 33 + param % 3000
        lines = path.read_bytes().decode("utf-8", "replace").splitlines()
        lines.insert(rng.randrange(len(lines) + 1), "deep = " + "[" * depth + "]" * depth)
        path.write_text("\n".join(lines) + "\n")
    elif kind == "edit":
        lines = path.read_bytes().decode("utf-8", "replace").splitlines() or [""]
        i = rng.randrange(len(lines))
        op = rng.random()
        if op < 0.5 and "=" in lines[i]:
            lines[i] = lines[i].split("=")[0] + "= " + rng.choice(VALUES)
        elif op < 0.75:
            lines.insert(i + 1, f"{rng.choice(KEYS)} = {rng.choice(VALUES)}")
        else:
            del lines[i]
        path.write_text("\n".join(lines) + "\n")
    elif kind == "rounds_file":
        if not (folder / "rounds").is_dir():
            return f"{kind}: skipped"
        if (folder / "rounds").is_symlink():
            (folder / "rounds").unlink()
        else:
            shutil.rmtree(folder / "rounds")
        (folder / "rounds").write_text("[[board]]\n")
    elif kind in ("round_alias", "round_rename"):
        src = folder / "rounds" / ("01.toml", "02.toml")[param % 2]
        if not src.is_file():
            return f"{kind}: skipped"
        alias = src.parent / (src.name.lstrip("0") if param % 3 else "0" + src.name)
        if kind == "round_alias":
            shutil.copy(src, alias)
        else:
            src.rename(alias)
    elif kind.startswith("lock_"):
        lock = folder / store.LOCK_FILE
        if os.path.lexists(lock):
            lock.unlink()
        if kind == "lock_link":
            lock.symlink_to(outside / f"lock-target{param}")
        elif kind == "lock_fifo":
            os.mkfifo(lock)
    elif kind == "junk_journal":
        (folder / store.JOURNAL_FILE).write_text(("{", "[]", '{"swisstui_journal": 2}')[param % 3])
    elif kind == "hostile_journal":
        journal = folder / store.JOURNAL_FILE
        doc = json.dumps({"swisstui_journal": 1,
                          "steps": hostile_journal(folder, outside, param)})
        if os.path.lexists(journal):
            journal.unlink()
        if param % 7 == 6:  # the journal itself a link to one outside
            (outside / f"journal{param}").write_text(doc)
            journal.symlink_to(outside / f"journal{param}")
        else:
            journal.write_text(doc)
    elif kind == "rounds_link":
        rdir = folder / "rounds"
        if not rdir.is_dir() or rdir.is_symlink():
            return f"{kind}: skipped"
        elsewhere = outside / f"rounds{param}"
        shutil.move(rdir, elsewhere)
        (elsewhere / ".03.toml.1234abcd.swisstui-tmp").write_text("not ours\n")
        rdir.symlink_to(elsewhere)
    elif kind == "cache_link":
        cdir = folder / ".swisstui-cache"
        elsewhere = outside / f"cache{param}"
        if cdir.is_dir() and not cdir.is_symlink():
            shutil.move(cdir, elsewhere)
        else:
            elsewhere.mkdir(exist_ok=True)
        (elsewhere / "stray.pickle").write_text("not ours\n")
        if os.path.lexists(cdir):
            return f"{kind}: skipped"
        cdir.symlink_to(elsewhere)
    elif kind == "cache_junk":
        cdir = folder / ".swisstui-cache"
        if not cdir.is_dir() or cdir.is_symlink():
            return f"{kind}: skipped"
        entries = sorted(e for e in cdir.iterdir() if stat.S_ISREG(os.lstat(e).st_mode))
        if entries:
            entry = entries[param % len(entries)]
            data = entry.read_bytes()
            at = param % (len(data) + 1)
            entry.write_bytes(data[:at] + rng.randbytes(1 + param % 64) + data[at + 1:])
    return f"{kind} {name} {param}"


def run_cli(argv: list[str]) -> tuple[int, str, str]:
    """``swisstui ARGV`` in-process: (exit code, stdout, stderr).  Any exception other than
    SystemExit escapes (that is a traceback for the user)."""
    out, err = io.StringIO(), io.StringIO()
    if argv[0] == "serve-snapshot":  # what `serve` reads on each poll (it never raises)
        from swisstui.web.snapshot import snapshot_bytes
        doc = json.loads(snapshot_bytes(argv[1]))
        return (1 if "error" in doc else 0), "", (f"swisstui: {doc['error']}\n"
                                                  if "error" in doc else "")
    with redirect_stdout(out), redirect_stderr(err):
        try:
            rc = main(list(argv))
        except SystemExit as exc:  # argparse: usage errors
            rc = exc.code if isinstance(exc.code, int) else 2
    return rc, out.getvalue(), err.getvalue()


def _without_new_lock(after: dict, before: dict) -> dict:
    """A writer creates the lock file when it is missing (it must, to lock): that alone is
    not a change of the event."""
    lock = f"./{store.LOCK_FILE}"
    if lock not in before and after.get(lock, ("file", 0, b""))[0] == "file" \
            and after.get(lock, ("file", 0, b""))[2:] == (b"",):
        return {k: v for k, v in after.items() if k != lock}
    return after


def _cache_too_open(folder: Path) -> list[str]:
    """Cache entries readable by group or others when their data is not (issue 31, item 9)."""
    cdir = folder / ".swisstui-cache"
    if not cdir.is_dir() or cdir.is_symlink():
        return []
    bad = []
    try:
        event_mode = os.stat(folder / "event.toml").st_mode
    except OSError:
        return []
    for entry in cdir.iterdir():
        if not entry.name.endswith(".pickle") or not stat.S_ISREG(os.lstat(entry).st_mode):
            continue
        rel = entry.name[: -len(".pickle")].replace("rounds-", "rounds/", 1)
        try:
            mode = os.stat(folder / rel).st_mode
        except OSError:
            continue  # a source gone: the entry is unused, the next writer removes it
        if rel.startswith("rounds/"):
            mode &= event_mode
        if stat.S_IMODE(os.stat(entry).st_mode) & 0o077 & ~mode:
            bad.append(f"{entry.name} {oct(stat.S_IMODE(os.stat(entry).st_mode))} "
                       f"for data {oct(stat.S_IMODE(mode))}")
    return bad


def fuzz_case(base: Path, work: Path, mutations: list[tuple[str, int, int]]) -> list[str]:
    """Copy ``base``, apply ``mutations``, run every command; return the failures found."""
    if work.exists():
        shutil.rmtree(work)
    work.mkdir(parents=True)
    folder, outside, out = work / "event", work / "outside", work / "out"
    outside.mkdir()
    out.mkdir()
    for name in CANARIES:
        (outside / name).write_text(f"# {name}: a file outside the event\n")
    shutil.copytree(base, folder, symlinks=True)
    done = [mutate(folder, outside, *m) for m in mutations]
    failures: list[str] = []
    for argv in commands(folder, out):
        before = snapshot(folder)
        sandbox = snapshot(outside)
        try:
            rc, stdout, stderr = run_cli(argv)
        except BaseException as exc:  # a traceback for the user
            failures.append(f"{done} {argv[:2]}: {type(exc).__name__}: {exc}")
            continue
        after = snapshot(folder)
        where = f"{done} {argv[:2]} -> {rc}"
        if snapshot(outside) != sandbox:
            now = snapshot(outside)
            changed = sorted(k for k in set(sandbox) | set(now) if sandbox.get(k) != now.get(k))
            failures.append(f"{where}: changed outside the event folder {changed}")
        if rc == 0 and any(k.startswith(("./event.toml", "./players.toml", "./rounds/"))
                           and before.get(k) != after.get(k) for k in set(before) | set(after)):
            failures += [f"{where}: cache too open: {b}" for b in _cache_too_open(folder)]
        if rc not in (0, 1, 2):
            failures.append(f"{where}: exit code")
        if "Traceback" in stderr or "Traceback" in stdout:
            failures.append(f"{where}: traceback")
        if rc == 1 and argv[0] != "check" \
                and not (stderr.startswith("swisstui: ") and stderr.count("\n") == 1):
            failures.append(f"{where}: not one line: {stderr!r}")
        if rc != 0 and _without_new_lock(after, before) != before:
            changed = sorted(k for k in set(before) | set(after) if before.get(k) != after.get(k))
            failures.append(f"{where}: refused but changed {changed}")
    shutil.rmtree(work, ignore_errors=True)
    return failures


def random_mutations(rng: random.Random) -> list[tuple[str, int, int]]:
    return [(rng.choice(MUTATIONS), rng.randrange(len(FILES)), rng.randrange(10**6))
            for _ in range(rng.randint(1, 3))]


# ---- the crash test -----------------------------------------------------------------------

def state(base: Event, i: int) -> Event:
    """State ``i`` of the crash test, a pure function of the base event: each step from
    i to i+1 changes event.toml, players.toml and several round files at once (and adds or
    deletes a round file)."""
    chess = profile("chess")
    settings = replace(base.settings, name=f"Crash {i}", seed=i)
    players = list(base.players) + [Player(100 + k, f"Late {i} {k}") for k in range(i % 3)]
    ev = Event(settings, tuple(players), ())
    for r in range(1, 2 + i % 3):
        res = chess.result(("1-0", "0-1", "1/2-1/2")[(i + r) % 3], settings)
        boards = tuple(Board(b, (2 * b - 1, 2 * b), res if (i + b) % 4 else None)
                       for b in range(1, len(base.players) // 2 + 1))
        ev = ev.with_round(Round(r, boards))
    return ev


def base_event() -> Event:
    """The event of ``make_event(tmp, "chess", 8, rounds=5)``, before any round."""
    from conftest import sample_players
    from swisstui.core.settings import make_settings
    return Event(make_settings("chess", "Test chess event", 5), sample_players("chess", 8), ())


def crash_base(tmp: Path) -> Path:
    folder = make_event(tmp, "chess", 8, rounds=5, folder="crash")
    assert store.load(folder) == base_event()
    store.update(folder, lambda e: state(base_event(), 0))
    return folder


WRITER = textwrap.dedent("""
    import sys
    sys.path[:0] = sys.argv[3].split(":")
    from store_torture import base_event, state
    from swisstui.core import store
    folder, start = sys.argv[1], int(sys.argv[2])
    base = base_event()
    print("ready", flush=True)
    i = start
    while True:
        i += 1
        store.update(folder, lambda e, i=i: state(base, i))
        print(f"ack {i}", flush=True)
""")


def crash_once(folder: Path, rng: random.Random, max_delay: float = 0.4) -> tuple[int, int]:
    """Start a writer, kill it (SIGKILL) after a random delay; return (last acknowledged
    state, state found on disk).  Raises AssertionError if the folder is not exactly one
    state, or is not the acknowledged one or the next."""
    base = base_event()
    current = store.load(folder)
    start = int(current.settings.name.split()[-1])
    paths = ":".join([str(Path(__file__).resolve().parent), *sys.path])
    p = subprocess.Popen([sys.executable, "-c", WRITER, str(folder), str(start), paths],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert p.stdout is not None
    line = p.stdout.readline().strip()
    assert line == "ready", (line, p.stderr.read() if p.stderr else "")
    time.sleep(rng.uniform(0, max_delay))
    p.send_signal(signal.SIGKILL)
    out, err = p.communicate(timeout=60)
    assert p.returncode == -signal.SIGKILL, err
    acks = [int(x.split()[1]) for x in out.split("\n") if x.startswith("ack ")]
    acked = acks[-1] if acks else start
    ev = store.load(folder)  # finishes a journalled change if there is one
    found = int(ev.settings.name.split()[-1])
    assert found in (acked, acked + 1), (acked, found)
    assert ev == state(base, found), f"state {found} on disk is not whole"
    assert store.check(folder) == []
    return acked, found
