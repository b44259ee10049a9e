"""Durable file writes: temp file in the same folder, flush, fsync, ``os.replace``, fsync the
folder — a ``kill -9`` at any instant leaves the old or the new file, never a torn one.  Also
the export-file writer (:func:`write_file`), which uses the same path."""

from __future__ import annotations

import errno
import os
import tempfile
from pathlib import Path

from ..errors import SwissError
from .layout import EVENT_FILE, LOCK_FILE, PLAYERS_FILE, ROUNDS_DIR, TMP_SUFFIX

def _fsync_dir(path: Path) -> None:
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:  # pragma: no cover - platforms without directory fds
        return
    try:
        os.fsync(fd)
    except OSError as exc:  # pragma: no cover
        if exc.errno not in (errno.EINVAL, errno.EBADF):
            raise
    finally:
        os.close(fd)


def _atomic_write(path: Path, data: bytes) -> None:
    """Temp file in the same folder, flush, fsync, os.replace, fsync the folder."""
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=TMP_SUFFIX)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    _fsync_dir(path.parent)


def write_file(path: str | os.PathLike, data: bytes) -> None:
    """Write an output file (exports) the same durable way as the event files.

    A target that exists and is not a regular file (``/dev/stdout``, ``/dev/null``, a named
    pipe) is written in place: replacing it would swap a device node for a plain file.  A
    missing folder or an unwritable target is one line naming the path."""
    path = Path(path)
    folder = path.parent if str(path.parent) else Path(".")
    owner = _event_owning(path)
    if owner is not None:
        raise SwissError(f"{path}: is a file of the event {owner} itself; choose another name")
    try:
        if path.exists() and not path.is_file():
            if path.is_dir():
                raise SwissError(f"{path}: is a folder; give a file name")
            with open(path, "wb") as fh:
                fh.write(data)
            return
        if not folder.is_dir():
            raise SwissError(f"{path}: folder {folder} does not exist")
        _atomic_write(path, data)
    except OSError as exc:
        raise SwissError(f"{path}: cannot write: {exc.strerror or exc}") from None


def _event_owning(path: Path) -> Path | None:
    """The event folder whose own file ``path`` is (event.toml, players.toml, the lock, a
    file under rounds/), else None: an export must never replace them (QA bug 25)."""
    try:
        path = path.resolve()
    except OSError:
        return None
    if path.name in (EVENT_FILE, PLAYERS_FILE, LOCK_FILE) and (path.parent / EVENT_FILE).is_file():
        return path.parent
    if path.parent.name == ROUNDS_DIR and (path.parent.parent / EVENT_FILE).is_file():
        return path.parent.parent
    return None


def _unlink(path: Path) -> None:
    try:
        os.unlink(path)
    except FileNotFoundError:
        return
    _fsync_dir(path.parent)


def _clean_temp(folder: Path) -> None:
    """Remove temp files left by a writer killed mid-write (only called under the lock)."""
    for d in (folder, folder / ROUNDS_DIR):
        if d.is_dir():
            for p in d.iterdir():
                if p.name.endswith(TMP_SUFFIX):
                    try:
                        p.unlink()
                    except OSError:
                        pass
