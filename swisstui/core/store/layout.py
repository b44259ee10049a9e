"""The event folder's layout: file names, the round file names, which round files exist.

Format: ``docs/FORMAT.md``."""

from __future__ import annotations

import re
from pathlib import Path

from ..errors import EventFileError

EVENT_FILE = "event.toml"
PLAYERS_FILE = "players.toml"
ROUNDS_DIR = "rounds"
LOCK_FILE = ".swisstui.lock"
TMP_SUFFIX = ".swisstui-tmp"
_ROUND_NAME = re.compile(r"^(\d+)\.toml$")


def round_file_name(number: int) -> str:
    return f"{number:02d}.toml"


def _round_files(folder: Path) -> list[tuple[int, Path]]:
    rdir = folder / ROUNDS_DIR
    out: list[tuple[int, Path]] = []
    if not rdir.is_dir():
        return out
    for path in rdir.iterdir():
        if path.suffix != ".toml" or path.name.startswith("."):
            continue
        m = _ROUND_NAME.match(path.name)
        if not m or int(m.group(1)) < 1:
            raise EventFileError(path, None, "round files are named by the round number, "
                                             "e.g. rounds/03.toml")
        out.append((int(m.group(1)), path))
    out.sort()
    for (n1, p1), (n2, p2) in zip(out, out[1:]):
        if n1 == n2:
            raise EventFileError(p2, None, f"round {n2} is also in {p1.name}")
    expected = 1
    for n, path in out:
        if n != expected:  # a lost or deleted file: standings and pairing would be wrong
            raise EventFileError(path, None, f"round {expected} is missing "
                                             f"({ROUNDS_DIR}/{round_file_name(expected)})")
        expected += 1
    return out
