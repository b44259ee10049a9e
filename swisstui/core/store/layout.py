"""The event folder's layout: file names, the round file names, which round files exist.

Format: ``docs/FORMAT.md``."""

from __future__ import annotations

from ..i18n import _

import os
import re
from pathlib import Path

from ..errors import EventFileError

EVENT_FILE = "event.toml"
PLAYERS_FILE = "players.toml"
ROUNDS_DIR = "rounds"
LOCK_FILE = ".swisstui.lock"
TMP_SUFFIX = ".swisstui-tmp"
#: A change of several files in progress (see atomic._commit and docs/FORMAT.md)
JOURNAL_FILE = ".swisstui.journal"
#: The round clock, a side file of the event (swisstui.core.clock)
CLOCK_FILE = "clock.toml"
_ROUND_NAME = re.compile(r"^(\d+)\.toml$")


def round_file_name(number: int) -> str:
    return f"{number:02d}.toml"


def journalled(rel: str, delete: bool = False) -> bool:
    """Whether ``rel`` (a path relative to the event folder, as a journal writes it) names a
    file a change of several files writes: ``event.toml``, ``players.toml`` or a round file
    ``rounds/NN.toml`` — with ``delete``, a round file only (the only files a change
    deletes).  Nothing else may be named by a journal step (issue 31, item 8)."""
    if rel in (EVENT_FILE, PLAYERS_FILE):
        return not delete
    head, sep, name = rel.partition("/")
    m = _ROUND_NAME.match(name)
    return bool(sep and head == ROUNDS_DIR and m and int(m.group(1)) >= 1
                and name == round_file_name(int(m.group(1))))


def inside(folder: Path, path: Path) -> bool:
    """Whether ``path``, every symbolic link on the way resolved, lies inside ``folder``
    (also resolved): where a write may land."""
    root = os.path.realpath(folder)
    real = os.path.realpath(path)
    return real != root and os.path.commonpath([root, real]) == root


def _round_files(folder: Path) -> list[tuple[int, Path]]:
    rdir = folder / ROUNDS_DIR
    out: list[tuple[int, Path]] = []
    if not rdir.is_dir():
        if os.path.lexists(rdir):  # a file (or a dangling link) where the folder should be
            raise EventFileError(rdir, None, _("is not a folder; the round files live in {ROUNDS_DIR}/NN.toml (move it away)").format(ROUNDS_DIR=ROUNDS_DIR))
        return out
    try:
        names = sorted(os.listdir(rdir))
    except OSError as exc:
        raise EventFileError(rdir, None, _("cannot read: {strerror}").format(strerror=exc.strerror)) from None
    for name in names:
        path = rdir / name
        if not name.endswith(".toml") or name.startswith("."):
            continue
        m = _ROUND_NAME.match(name)
        if not m or int(m.group(1)) < 1:
            raise EventFileError(path, None, _("round files are named by the round number, "
                                             "e.g. rounds/03.toml"))
        number = int(m.group(1))
        if name != round_file_name(number):  # 1.toml next to 01.toml: the round twice
            raise EventFileError(path, None, _("round files are named with two digits: rename it to {ROUNDS_DIR}/{round_file_name}").format(ROUNDS_DIR=ROUNDS_DIR, round_file_name=round_file_name(number)))
        out.append((number, path))
    out.sort()
    for (n1, p1), (n2, p2) in zip(out, out[1:]):
        if n1 == n2:
            raise EventFileError(p2, None, _("round {n2} is also in {name}").format(n2=n2, name=p1.name))
    expected = 1
    for n, path in out:
        if n != expected:  # a lost or deleted file: standings and pairing would be wrong
            raise EventFileError(path, None, _("round {expected} is missing ({ROUNDS_DIR}/{round_file_name})").format(expected=expected, ROUNDS_DIR=ROUNDS_DIR, round_file_name=round_file_name(expected)))
        expected += 1
    return out
