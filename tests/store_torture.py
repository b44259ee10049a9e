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
* The same fuzzer for an event with sections (issue 33; ``build_sections_base``,
  ``mutate_sections``, ``section_commands``): a root and ``sections/U1600``, each paired,
  the mutations above applied to the files of either, and the sections' own hostile
  layouts (``SECTION_MUTATIONS``); every command with and without ``--section U1600`` and
  every ``sections`` command.  Besides the properties above, no command that succeeds
  leaves a player in two sections or in none, and no command but ``sections add`` makes
  ``sections/`` in an event without it.
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
from collections.abc import Callable
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
             "hostile_journal", "rounds_link", "cache_link", "cache_junk", "git_damage")
#: Files outside the event folder that no command may touch (the hostile journals name them)
CANARIES = ("canary.toml", "players.toml", ".canary.toml.0badc0de.swisstui-tmp")
VALUES = ('"x"', "1", "-3", "0", "3.5", "true", "[1, 2]", '["a"]', "{a = 1}", "[]", "1e400",
          "nan", "99999999999999999999", '"1-0"', "[[1, 2]]", '"2026-01-01"')
KEYS = ("name", "rounds", "game", "id", "rating", "result", "players", "board", "kind",
        "player", "byes", "options", "round", "notes")


def build_base(tmp: Path) -> Path:
    """A chess event: 8 players, round 1 complete, round 2 paired with one result."""
    folder = make_event(tmp, "chess", 8, rounds=5, folder="base")
    store.update(folder, two_rounds)
    _start_clock(folder)
    return folder


def two_rounds(e: Event, offset: int = 0) -> Event:
    """Round 1 complete, round 2 paired with one result, of players ``offset`` + 1..8."""
    def pairs(*ps: tuple[int, int]) -> list[tuple[int, int]]:
        return [(a + offset, b + offset) for a, b in ps]
    e = make_round(e, pairs((1, 2), (3, 4), (5, 6), (7, 8)))
    for b, r in zip((1, 2, 3, 4), ("1-0", "0-1", "1/2-1/2", "1-0")):
        e = record_result(e, 1, b, r)
    e = make_round(e, pairs((1, 3), (2, 4), (5, 7), (6, 8)))
    return record_result(e, 2, 1, "1-0")


def _start_clock(folder: Path, minutes: int = 60) -> None:
    from datetime import UTC, datetime
    from swisstui.core import clock
    clock.change(folder, lambda c: clock.started(2, minutes,
                                                 at=datetime(2026, 5, 1, 10, tzinfo=UTC)))


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


def commands(event: Path, out: Path, section: str | None = None, offset: int = 0,
             late: int = 9, first_board: int = 1) -> list[list[str]]:
    """Every command of the CLI that reads or writes an event (the TUI ones aside): the
    readers first, then the writers.  With ``section``, each takes ``--section SECTION``;
    its players are ``offset`` + 1..8, the one ``players add`` enters gets id ``late``,
    ``result`` and ``explain`` type the hall's board numbers (from ``first_board``)."""
    e = str(event)

    def p(n: int) -> str:
        return str(n + offset)

    def b(n: int) -> str:
        return str(n + first_board - 1)
    every = [
        ["check", e], ["standings", e], ["standings", e, "--round", "1", "--format", "json"],
        ["crosstable", e], ["playoff", e, "--show"], ["players", "list", e],
        ["explain", e, "2", b(1)], ["clock", e, "show"], ["serve-snapshot", e],
        ["export", e, "--format", "json", "-o", str(out / "x.json")],
        ["export", e, "--format", "trf", "-o", str(out / "x.trf")],
        ["export", e, "--format", "csv", "-o", str(out / "x.csv")],
        ["export", e, "--format", "html", "-o", str(out / "x.html")],
        ["result", e, "2", b(2), "0-1"], ["result", e, "2", b(1), "--clear"],
        ["players", "add", e, "Zed Late"], ["players", "edit", e, p(1), "--rating", "2001"],
        ["players", "bye", e, p(3), "--round", "4", "--kind", "half"],
        ["players", "withdraw", e, p(8), "--from-round", "4"],
        ["pairings", "swap", e, "2", p(5), p(6)],
        ["pairings", "latecomer", e, "2", str(late)],
        ["pairings", "board", e, "2", str(late), p(7), "--dry-run"],
        ["pairings", "remove", e, "2", b(3), "--result", "half"],
        ["pairings", "repair", e, "2", "--keep", b(1)],
        ["pair", e], ["pair", e, "--undo"],
        ["players", "remove", e, str(late)], ["clock", e, "extend", "5"],
        ["clock", e, "pause"], ["log", e], ["log", e, "--show", "1"],
        ["restore", e, "--to", "1", "--dry-run"],
    ]
    if section is not None:
        every = [argv if argv[0] == "serve-snapshot" else [*argv, "--section", section]
                 for argv in every]
    return every


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
    elif kind == "git_damage":  # the history's .git damaged (issue 34 item 5)
        gdir = folder / ".git"
        if not gdir.is_dir():
            return f"{kind}: skipped"
        how = param % 6
        if how == 0:
            (gdir / "HEAD").write_text("not a ref\n")
        elif how == 1:
            (gdir / "refs" / "heads" / "main").write_text("ab" * 20 + "\n")  # no such commit
        elif how == 2:
            for obj in sorted((gdir / "objects").rglob("*")):
                if obj.is_file() and len(obj.parent.name) == 2:
                    obj.unlink()
        elif how == 3:
            shutil.rmtree(gdir)
            gdir.write_text("gitdir: /nowhere\n")
        elif how == 4:
            own = gdir / "swisstui"
            own.mkdir(exist_ok=True)
            (own / "pending-da39a3ee5e6b").write_bytes(rng.randbytes(1 + param % 64))
            (own / "stat.json").write_bytes(rng.randbytes(1 + param % 64))
        else:
            head = (gdir / "refs" / "heads" / "main").read_text().strip()
            (gdir / "HEAD").write_text(head + "\n")  # detached
        return f"{kind} {how}"
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
    not a change of the event (the root's lock, or a section's)."""
    def new_lock(key: str) -> bool:
        return key.endswith(f"/{store.LOCK_FILE}") and key not in before \
            and after[key][0] == "file" and after[key][2:] == (b"",)
    return {k: v for k, v in after.items() if not new_lock(k)}


def _without_empty_journal(before: dict, after: dict) -> dict:
    """A reader finishes a change it finds interrupted (docs/FORMAT.md "Writing"): a journal
    with no steps left is removed, and that alone is not a change of the event."""
    def finished(key: str) -> bool:
        if not key.endswith(f"/{store.JOURNAL_FILE}") or key in after \
                or before[key][0] != "file":
            return False
        try:
            return json.loads(before[key][2]).get("steps") == []
        except (ValueError, AttributeError):
            return False
    return {k: v for k, v in before.items() if not finished(k)}


def _pool_problems(folder: Path) -> list[str]:
    """A player in two sections, or moved and in none (what the root's check reports); []
    also when the folder cannot be read (the commands report that)."""
    from swisstui.core.store import sections
    try:
        return sections.pool_problems(folder)
    except Exception as exc:  # a traceback here is a command's traceback too: reported
        return [f"pool_problems: {type(exc).__name__}: {exc}"]


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


def fuzz_case(base: Path, work: Path, mutations: list[tuple[str, int, int]],
              every: Callable[[Path, Path], list[list[str]]] | None = None,
              apply: Callable[[Path, Path, str, int, int], str] | None = None) -> list[str]:
    """Copy ``base``, apply ``mutations`` (by ``apply``, default :func:`mutate`), run every
    command (``every``, default :func:`commands`); return the failures found."""
    every = every or commands
    apply = apply or mutate
    if work.exists():
        shutil.rmtree(work)
    work.mkdir(parents=True)
    folder, outside, out = work / "event", work / "outside", work / "out"
    outside.mkdir()
    out.mkdir()
    for name in CANARIES:
        (outside / name).write_text(f"# {name}: a file outside the event\n")
    shutil.copytree(base, folder, symlinks=True)
    done = [apply(folder, outside, *m) for m in mutations]
    failures: list[str] = []
    for argv in every(folder, out):
        before = snapshot(folder)
        sandbox = snapshot(outside)
        pool = _pool_problems(folder)
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
        if rc == 0 and pool == [] and _pool_problems(folder):
            failures.append(f"{where}: a player lost or in two sections: "
                            f"{_pool_problems(folder)}")
        if "Traceback" in stderr or "Traceback" in stdout:
            failures.append(f"{where}: traceback")
        if rc == 1 and argv[0] != "check" \
                and not (stderr.startswith("swisstui: ") and stderr.count("\n") == 1):
            failures.append(f"{where}: not one line: {stderr!r}")
        if "./sections" not in before and "./sections" in after \
                and argv[:2] != ["sections", "add"]:
            failures.append(f"{where}: made sections/ in an event without sections")
        if rc != 0 and _without_new_lock(after, before) != _without_empty_journal(before, after):
            changed = sorted(k for k in set(before) | set(after) if before.get(k) != after.get(k))
            failures.append(f"{where}: refused but changed {changed}")
    shutil.rmtree(work, ignore_errors=True)
    return failures


def random_mutations(rng: random.Random) -> list[tuple[str, int, int]]:
    return [(rng.choice(MUTATIONS), rng.randrange(len(FILES)), rng.randrange(10**6))
            for _ in range(rng.randint(1, 3))]



# ---- the folder fuzzer for events with sections (issue 33) --------------------------------

#: The second section of the sections' base event, and its folder
SECTION = "U1600"
SECTION_DIR = f"sections/{SECTION}"
#: Hostile changes of an event's sections (besides :data:`MUTATIONS` applied to a file of
#: either section): ``sections/`` a file or a link to a folder outside, the section a link
#: to another event outside, a section folder whose name is not a plain word, a section
#: without event.toml, an id another section gives someone else, root-only keys in a
#: section's event.toml, a nested section, the root's ``section`` key not a plain word, a
#: move left half-done (the player entered in both sections), something in the place of the
#: section the commands add (``sections/Junior`` a file, a named pipe, a folder of notes)
SECTION_MUTATIONS = ("sections_file", "sections_link", "section_link", "section_name",
                     "section_no_event", "id_clash", "section_keys", "nested",
                     "root_section_key", "half_move", "section_squat")
#: Section folder names that are not plain words (a space, non-ASCII, a dot, a dash first,
#: a newline, too long)
BAD_NAMES = ("a b", "u\n1600", "Ü1600", "x.y", "-x", "x" * 41, "강")
#: What a section's event.toml may be given that it should not hold (root-only keys, the
#: schema) or may (a name of its own)
SECTION_KEYS = ('schema = 2', 'schema = 1', 'name = "Other"', 'section = "Y"',
                'multi_entry = true', 'plays_up = [1]', 'first_board = 0',
                'first_board = 100000', 'first_board = "101"', 'forbidden = [[1, 2]]')
#: The root's ``section`` key: not plain words, the other section's name in another case
ROOT_NAMES = ('"../x"', '"a b"', '"U1600"', '"u1600"', '""', '"sections"', "1")


def build_sections_base(tmp: Path) -> Path:
    """:func:`build_base`'s chess event (players 1-8, round 1 complete, round 2 paired with
    one result, a clock) with a second section ``U1600`` in the same state (players 9-16),
    its boards numbered from 101 in the hall, a clock of its own."""
    from swisstui.core import services
    from swisstui.core.services import sections
    folder = build_base(tmp)
    u = sections.add_section(folder, SECTION).folder
    with (u / "event.toml").open("a") as f:
        f.write("first_board = 101\n")
    for i in range(8):
        services.add_player(u, f"Under {i}", rating=1500 - 10 * i)
    store.update(u, lambda e: two_rounds(e, 8))
    _start_clock(u, 45)
    assert [p.id for p in store.load(u).players] == list(range(9, 17))
    assert store.check(folder) == [] and store.check(u) == []
    return folder


def section_commands(event: Path, out: Path) -> list[list[str]]:
    """Every command with and without ``--section U1600`` (:func:`commands`), and every
    ``sections`` command, dry runs and real ones, in between."""
    e = str(event)
    bands = ["--by", "rating", "--bands", f"main:1600-,{SECTION}:-1599"]
    return [
        *commands(event, out),  # without --section: several sections, most refused
        ["sections", "list", e], ["sections", "list", e, "--json"],
        ["sections", "list", str(event / SECTION_DIR)],  # a section's folder as EVENT
        ["standings", str(event / SECTION_DIR)],
        ["result", str(event / SECTION_DIR), "2", "103", "1/2-1/2"],
        ["standings", e, "--section", "../x"], ["check", e, "--section", "a b"],
        ["sections", "move", e, "3", SECTION, "--dry-run"],
        ["sections", "move", e, "3", SECTION],
        ["sections", "move", e, "9", "main", "--json"],
        ["sections", "move", e, "1", "../x"], ["sections", "move", e, "2", "Nope"],
        ["players", "add", e, "Young One", "--rating", "1200", "--section", "main"],
        ["sections", "distribute", e, *bands, "--dry-run"],
        ["sections", "distribute", e, *bands, "--plays-up", "17"],
        ["sections", "add", e, "Junior", "--rounds", "3"],
        ["sections", "add", e, "u1600"], ["sections", "add", e, "../x"],
        ["sections", "remove", e, SECTION], ["sections", "remove", e, "Junior"],
        *commands(event, out, SECTION, offset=8, late=18, first_board=101),
    ]


def _copy(src: Path, dst: Path, *skip: str) -> None:
    """``src``'s tree copied to ``dst``, links as links, without ``skip`` and what is not a
    file, a folder or a link (a named pipe an earlier mutation put there)."""
    def ignore(folder: str, names: list[str]) -> list[str]:
        return [n for n in names if n in skip or not (
            stat.S_ISREG(m := os.lstat(os.path.join(folder, n)).st_mode)
            or stat.S_ISDIR(m) or stat.S_ISLNK(m))]
    shutil.copytree(src, dst, symlinks=True, ignore=ignore)


def mutate_sections(folder: Path, outside: Path, kind: str, which: int, param: int) -> str:
    """Apply one mutation to the sections' base: a :data:`MUTATIONS` kind to the file
    ``which`` of the root (``which`` < len(FILES)) or of the section, else a kind of
    :data:`SECTION_MUTATIONS`; return a short description (a mutation an earlier one made
    impossible, a folder where it unlinks a file, is skipped)."""
    try:
        return _mutate_sections(folder, outside, kind, which, param)
    except (OSError, shutil.Error) as exc:
        return f"{kind} {which} {param}: skipped ({type(exc).__name__})"


def _mutate_sections(folder: Path, outside: Path, kind: str, which: int, param: int) -> str:
    sdir = folder / "sections"
    sec = sdir / SECTION
    rng = random.Random(param)
    if kind in MUTATIONS:
        target = folder if which < len(FILES) else sec
        if os.path.islink(target) or not target.is_dir():
            return f"{kind} {which}: skipped (no section folder)"
        where = "root" if target == folder else SECTION
        return f"{where}: " + mutate(target, outside, kind, which % len(FILES), param)
    if kind in ("sections_file", "sections_link"):
        if not sdir.is_dir() or sdir.is_symlink():
            return f"{kind}: skipped"
        if kind == "sections_file":
            shutil.rmtree(sdir)
            sdir.write_text(("", "[[board]]\n", "U1600\n")[param % 3])
        else:
            elsewhere = outside / f"sections{param}"
            shutil.move(sdir, elsewhere)
            sdir.symlink_to(elsewhere)
        return f"{kind} {param}"
    if kind == "section_squat":
        if not sdir.is_dir() or sdir.is_symlink():
            return f"{kind}: skipped"
        place = sdir / "Junior"
        if param % 3 == 0:
            place.write_text("notes\n")
        elif param % 3 == 1:
            os.mkfifo(place)
        else:
            place.mkdir()
            (place / "notes.txt").write_text("notes\n")
        return f"{kind} {param % 3}"
    if (not sec.is_dir() or sec.is_symlink()) and kind != "root_section_key":
        return f"{kind}: skipped (no section folder)"
    if kind == "section_link":  # another event elsewhere: a copy of the section, or a root
        other = outside / f"other{param}"
        if param % 2:
            _copy(sec, other)
        else:
            _copy(folder, other, "sections")
        shutil.rmtree(sec)
        sec.symlink_to(other)
    elif kind == "section_name":
        bad = sdir / BAD_NAMES[param % len(BAD_NAMES)]
        if param % 3:
            _copy(sec, bad)
        else:
            sec.rename(bad)
        return f"{kind} {bad.name!r} {'copy' if param % 3 else 'rename'}"
    elif kind == "section_no_event":
        if os.path.lexists(sec / "event.toml"):
            (sec / "event.toml").unlink()
        if param % 2:
            (sec / store.JOURNAL_FILE).write_text('{"swisstui_journal": 1, "steps": []}')
    elif kind == "id_clash":
        path = sec / "players.toml"
        if not path.is_file() or path.is_symlink():
            return f"{kind}: skipped"
        pid = 1 + param % 8
        if param % 2:  # another person with a root's id
            with path.open("a") as f:
                f.write(f'\n[[player]]\nid = {pid}\nname = "Clash {pid}"\n')
        else:  # one of the section's players renumbered to a root's id
            text = path.read_text(errors="replace")
            path.write_text(text.replace(f"id = {9 + param % 8}\n", f"id = {pid}\n", 1))
        return f"{kind} {pid} {param % 2}"
    elif kind == "section_keys":
        path = sec / "event.toml"
        if not path.is_file() or path.is_symlink():
            return f"{kind}: skipped"
        line = SECTION_KEYS[param % len(SECTION_KEYS)]
        lines = path.read_text(errors="replace").splitlines()
        lines.insert(rng.randrange(len(lines) + 1) if param % 2 else 0, line)
        path.write_text("\n".join(lines) + "\n")
        return f"{kind} {line!r}"
    elif kind == "nested":
        nested = sec / "sections" / ("X", SECTION, "main")[param % 3]
        nested.parent.mkdir(exist_ok=True)
        _copy(sec, nested, "sections")
    elif kind == "root_section_key":
        path = folder / "event.toml"
        if not path.is_file() or path.is_symlink():
            return f"{kind}: skipped"
        value = ROOT_NAMES[param % len(ROOT_NAMES)]
        path.write_text(f"section = {value}\n" + path.read_text(errors="replace"))
        return f"{kind} {value}"
    elif kind == "half_move":  # the move's first write done (the target), not the second
        from swisstui.core.errors import SwissError
        from swisstui.core.services import sections as svc
        from swisstui.core.store import sections as layout
        pid = (1, 3, 9, 11)[param % 4]
        src, tgt = (folder, sec) if pid < 9 else (sec, folder)
        try:
            p = store.load(src).player(pid)
            assert p is not None
            with layout.moving(pid):
                store.update(tgt, lambda ev: svc._target_change(
                    ev, p, ev.current_round, "main" if tgt == folder else SECTION))
        except (SwissError, AssertionError, OSError) as exc:
            return f"{kind} {pid}: skipped ({type(exc).__name__})"
        return f"{kind} {pid}"
    return f"{kind} {param}"


def random_section_mutations(rng: random.Random) -> list[tuple[str, int, int]]:
    return [(rng.choice(MUTATIONS + SECTION_MUTATIONS), rng.randrange(2 * len(FILES)),
             rng.randrange(10**6)) for _ in range(rng.randint(1, 3))]


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


# ---- the crash test of a move between sections (issue 33) --------------------------------

#: The real program, as tests/core/test_store_crash.py starts it
ENTRY = "import sys; from swisstui.launch import run; run()"
#: The player the crash test moves: main's player 3 (his round 2 game has a result) to U1600
MOVER = 3


def _mover_state(root: Path) -> str:
    """Where the mover is: ``before`` (active in main only), ``half`` (active in both: the
    target written, not the source), ``done`` (withdrawn in main with the move's note,
    active in U1600); raises AssertionError for anything else (lost, torn)."""
    main = store.load(root).player(MOVER)
    there = store.load(root / SECTION_DIR).player(MOVER)
    assert main is not None, "the mover's record in main is gone"
    if there is None:
        assert main.withdrawn_from is None and not main.notes, main
        return "before"
    assert there.withdrawn_from is None and there.joined_round == 3, there
    if main.withdrawn_from is None:
        return "half"
    assert main.withdrawn_from == 3 and "moved to U1600 after round 2" in (main.notes or "")
    return "done"


def move_crash_once(base: Path, work: Path, rng: random.Random,
                    duration: float) -> tuple[str, str]:
    """Copy the sections' base, start a real ``swisstui sections move EVENT 3 U1600`` and
    kill it with SIGKILL: half the time at a random moment of its run (``duration``, the
    time an uninterrupted move takes), half the time 0-5 ms after its first write (the
    target's players.toml replaced), the window between its two writes.  Then every
    section loads, ``check`` reports a half-done move in one line or nothing, the player is
    in main or U1600 or both (and reported), nothing else changed, and running the move
    again ends with the player in U1600.  Returns (how the moment was chosen, the state
    found: ``before``, ``half``, ``done`` or ``finished before the kill``)."""
    if work.exists():
        shutil.rmtree(work)
    work.mkdir(parents=True)
    root = work / "event"
    shutil.copytree(base, root, symlinks=True)
    target = root / SECTION_DIR / "players.toml"
    others = {d: store.load(d) for d in (root, root / SECTION_DIR)}
    argv = ["sections", "move", str(root), str(MOVER), SECTION]
    p = subprocess.Popen([sys.executable, "-c", ENTRY, *argv], stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True)
    if rng.random() < 0.5:
        when = "random"
        time.sleep(rng.uniform(0, duration))
    else:
        when = "after the first write"
        ino = os.stat(target).st_ino
        while p.poll() is None and os.stat(target).st_ino == ino:
            time.sleep(0.0002)
        time.sleep(rng.uniform(0, 0.005))
    p.send_signal(signal.SIGKILL)
    out, err = p.communicate(timeout=60)
    if p.returncode != 0:
        assert p.returncode == -signal.SIGKILL, (p.returncode, err)
    found = _mover_state(root)
    rc, stdout, stderr = run_cli(["check", str(root)])
    if found == "half":
        assert rc == 1 and stderr.count("\n") == 1 and f"player {MOVER} " in stderr \
            and "a move was interrupted" in stderr, (rc, stderr)
    else:
        assert (rc, stderr) == (0, ""), (found, rc, stderr)
    for d, ev in others.items():  # nothing but the mover changed
        now = store.load(d)
        assert now.rounds == ev.rounds and now.settings == ev.settings, d
        assert [q for q in now.players if q.id != MOVER] == \
            [q for q in ev.players if q.id != MOVER], d
    if found != "done":  # running it again finishes it
        rc, stdout, stderr = run_cli(argv)
        assert rc == 0, stderr
        assert _mover_state(root) == "done" and run_cli(["check", str(root)])[0] == 0
    shutil.rmtree(work, ignore_errors=True)
    return when, "finished before the kill" if p.returncode == 0 else found


def move_duration(base: Path, work: Path) -> float:
    """How long an uninterrupted ``swisstui sections move`` takes here (start to exit)."""
    if work.exists():
        shutil.rmtree(work)
    shutil.copytree(base, work, symlinks=True)
    t0 = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", ENTRY, "sections", "move", str(work),
                           str(MOVER), SECTION], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    shutil.rmtree(work, ignore_errors=True)
    return time.perf_counter() - t0
