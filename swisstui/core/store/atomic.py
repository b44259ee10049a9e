"""Durable file writes: temp file in the same folder, flush, fsync, ``os.replace``, fsync the
folder — a ``kill -9`` at any instant leaves the old or the new file, never a torn one.  A
change of several files goes through a journal (:func:`_commit`), so it is all-or-nothing
too.  Written files keep the mode of the file they replace; a symbolic link is written
through when it leads to a file inside the event folder, and refused when it leads outside:
nothing a folder contains makes swisstui write, replace or delete a file outside it (issue
31, item 8; the journal's steps are confined the same way).  Also the export-file writer
(:func:`write_file`), which uses the same path."""

from __future__ import annotations

from ..i18n import _

import errno
import json
import os
import secrets
import signal
import stat
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from ..errors import EventFileError, SwissError
from .layout import (EVENT_FILE, JOURNAL_FILE, LOCK_FILE, PLAYERS_FILE, ROUNDS_DIR, TMP_SUFFIX,
                     inside, journalled)
from .reading import _read_bytes


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


def _target(path: Path, folder: Path | None = None) -> Path:
    """The file a write to ``path`` replaces: ``path`` itself or, when ``path`` is a symbolic
    link, the regular file it points to — written through (replacing the link would silently
    detach it).  With ``folder`` (a file of that event), the file must lie inside the folder,
    every link on the way resolved: a link to a file elsewhere, or ``rounds/`` linked to a
    folder elsewhere, is refused in one line — reading through it stays possible."""
    if folder is not None and not inside(folder, path):
        raise _outside(path)
    if not os.path.islink(path):
        return path
    real = Path(os.path.realpath(path))
    try:
        mode = os.stat(real).st_mode
    except OSError:
        raise SwissError(_("{path}: is a symbolic link to a missing file ({real}); swisstui writes through a link only to an existing file").format(path=path, real=real)) from None
    if not stat.S_ISREG(mode):
        raise SwissError(_("{path}: is a symbolic link to {real}, which is not a regular file").format(path=path, real=real))
    return real


def _removable(folder: Path, path: Path) -> bool:
    """Whether the name ``path`` may be removed: the folder it is removed from is the event
    ``folder`` itself or lies inside it (a file of the folder's top — event.toml, desk.toml —
    was refused, so restoring to before a section or a desk file existed failed)."""
    return (os.path.realpath(path.parent) == os.path.realpath(folder)
            or inside(folder, path.parent))


def _outside(path: Path) -> SwissError:
    return SwissError(_("{path}: leads to {real}, outside the event folder; swisstui writes nothing outside the event folder (put the file itself in place of the link)").format(path=path, real=os.path.realpath(path)))


def _stage(dest: Path, data: bytes, new_mode: int | None = None) -> Path:
    """``data`` in a new temp file beside ``dest`` (same folder, so the replace is atomic),
    flushed and fsynced.  It gets the mode of the file it will replace (and its group; its
    owner too when run as root), so a ``chmod 644`` survives every write; a new file gets
    0666 less the umask, like any file a program creates, and no more than ``new_mode``
    when given."""
    try:
        old = os.stat(dest)
    except FileNotFoundError:
        old = None
    for _unused in range(100):
        tmp = dest.parent / f".{dest.name}.{secrets.token_hex(4)}{TMP_SUFFIX}"
        try:
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW
                         | os.O_CLOEXEC, 0o666)
            break
        except FileExistsError:  # pragma: no cover - 2**32 names
            continue
    else:  # pragma: no cover
        raise SwissError(_("{dest}: cannot create a temporary file beside it").format(dest=dest))
    try:
        with os.fdopen(fd, "wb") as f:
            if old is not None:
                try:
                    os.fchown(f.fileno(), old.st_uid if os.geteuid() == 0 else -1, old.st_gid)
                except OSError:
                    pass  # not a member of that group: the file keeps ours
                os.fchmod(f.fileno(), stat.S_IMODE(old.st_mode))
            elif new_mode is not None:
                os.fchmod(f.fileno(), stat.S_IMODE(os.fstat(f.fileno()).st_mode) & new_mode)
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
    except BaseException:
        _discard(tmp)
        raise
    return tmp


def _discard(tmp: Path) -> None:
    try:
        os.unlink(tmp)
    except OSError:
        pass


def _atomic_write(path: Path, data: bytes, folder: Path | None = None,
                  new_mode: int | None = None) -> None:
    """Temp file in the same folder, flush, fsync, os.replace, fsync the folder (Ctrl-C
    waits until it is done).  With ``folder``, ``path`` is a file of that event and must
    lie inside it (:func:`_target`); ``new_mode`` bounds a new file's mode (:func:`_stage`)."""
    with _deferred_interrupt():
        dest = _target(path, folder)
        tmp = _stage(dest, data, new_mode)
        try:
            os.replace(tmp, dest)
        except BaseException:
            _discard(tmp)
            raise
        _fsync_dir(dest.parent)


# ---- several files as one change: the journal ----------------------------------------------

def _commit(folder: Path, ops: list[tuple[Path, bytes | None]]) -> None:
    """Write (bytes) and delete (None) files of the event ``folder`` as one change: after a
    crash at any instant the next reader or writer sees the event as it was or fully changed.

    One file is simply replaced atomically.  For several: every new content is first staged
    in a temp file beside its target; then the journal ``.swisstui.journal`` — the list of
    (temp → target) replacements and deletions — is written atomically: that is the commit
    point.  Then the replacements and deletions are done and the journal removed.  Whoever
    next takes the lock finds a journal only if this was interrupted after the commit point,
    and finishes it (:func:`_recover`); temp files without a journal are thrown away.  Run
    under the exclusive lock; Ctrl-C waits until the change is done."""
    if not ops:
        return
    for path, data in ops:  # refuse before anything is staged or recorded
        if data is None:
            if not _removable(folder, path):
                raise _outside(path)
        else:
            _target(path, folder)
    from . import history
    history.wrote(folder, ops)  # settled and the intent written before any file changes
    if len(ops) == 1:
        path, data = ops[0]
        if data is None:
            if not _removable(folder, path):
                raise _outside(path)
            with _deferred_interrupt():
                _unlink(path)
        else:
            _atomic_write(path, data, folder)
        return
    for path, data in ops:  # refuse before anything is staged
        if not inside(folder, path if data is not None else path.parent):
            raise _outside(path)
    entries: list[tuple[Path | None, Path]] = []
    committed = False
    with _deferred_interrupt():
        try:
            for path, data in ops:
                if data is None:
                    entries.append((None, path))
                else:
                    entries.append((_stage(_target(path, folder), data), path))
            _atomic_write(folder / JOURNAL_FILE, _journal_bytes(folder, entries), folder)
            committed = True
            _apply(folder, entries)
        except BaseException:
            if not committed:
                for tmp, _unused in entries:
                    if tmp is not None:
                        _discard(tmp)
            raise


def _rel(folder: Path, path: Path) -> str:
    """``path`` relative to the event folder, both with their links resolved (a temp file
    staged beside the file a link inside the folder leads to)."""
    real = os.path.join(os.path.realpath(path.parent), path.name)
    return Path(os.path.relpath(real, os.path.realpath(folder))).as_posix()


def _journal_bytes(folder: Path, entries: list[tuple[Path | None, Path]]) -> bytes:
    """The journal of ``entries``: (temp file, event file) to replace, (None, round file) to
    delete; the event files by their own names (``players.toml``, ``rounds/03.toml``)."""
    doc = {"swisstui_journal": 1,
           "steps": [["delete", _own(folder, path)] if tmp is None else
                     ["replace", _rel(folder, tmp), _own(folder, path)]
                     for tmp, path in entries]}
    return (json.dumps(doc, indent=1) + "\n").encode("utf-8")


def _own(folder: Path, path: Path) -> str:
    return Path(os.path.relpath(path, folder)).as_posix()


def _apply(folder: Path, entries: list[tuple[Path | None, Path]]) -> None:
    """Do the steps of a committed journal, then remove it.  Idempotent: a step already done
    (its temp file gone, its target already deleted) is skipped, so a crash while finishing
    is finished by the next one.  Each target is an event file by its own name; a link is
    written through to the file inside the folder it leads to (:func:`_target`)."""
    dirs: dict[str, Path] = {}
    for tmp, path in entries:
        dest = path
        if tmp is None:
            try:
                os.unlink(path)
            except FileNotFoundError:
                pass
        elif os.path.lexists(tmp):
            dest = _target(path, folder)
            os.replace(tmp, dest)
        dirs[str(dest.parent)] = dest.parent
    for d in dirs.values():
        _fsync_dir(d)
    _unlink(folder / JOURNAL_FILE)


def _read_journal(folder: Path) -> list[tuple[Path | None, Path]]:
    """The steps of the folder's journal, every one checked before any is done: the journal
    is a regular file (not a link), of swisstui's form, and each step names an event file
    of this folder by its own name (:func:`~.layout.journalled`) — a round file for a
    delete — with, for a replace, a temp file of ours beside the file it replaces.  Anything
    else is refused in one line naming the step, and the journal is left in place."""
    path = folder / JOURNAL_FILE
    bad = EventFileError(path, None, _("not a journal written by swisstui (remove it if no "
                                     "swisstui command was interrupted while writing)"))
    if os.path.islink(path):
        raise EventFileError(path, None, _("is a symbolic link; a journal is never followed through a link (remove it if no swisstui command was interrupted while writing)"))
    try:
        doc = json.loads(_read_bytes(path).decode("utf-8"))
    except (ValueError, UnicodeDecodeError):
        raise bad from None
    if not isinstance(doc, dict) or doc.get("swisstui_journal") != 1 \
            or not isinstance(doc.get("steps"), list):
        raise bad
    entries: list[tuple[Path | None, Path]] = []
    for step in doc["steps"]:
        if not (isinstance(step, list) and all(isinstance(x, str) and x for x in step)):
            raise bad
        outside = EventFileError(path, None, _("step {step} names a file outside the event's own files (event.toml, players.toml, rounds/NN.toml); nothing was done (remove the journal if no swisstui command was interrupted while writing)").format(step=json.dumps(step, ensure_ascii=False)))
        if step[0] == "delete" and len(step) == 2:
            target = folder / step[1]
            if not journalled(step[1], delete=True) or not inside(folder, target.parent):
                raise outside
            entries.append((None, target))
        elif step[0] == "replace" and len(step) == 3:
            own, tmp = folder / step[2], folder / step[1]
            if not journalled(step[2]) or os.path.isabs(step[1]) \
                    or ".." in Path(step[1]).parts:
                raise outside
            try:
                dest = _target(own, folder)
            except SwissError:
                raise outside from None
            # only ever a regular temp file of ours, beside the file it replaces
            if os.path.realpath(tmp.parent) != os.path.realpath(dest.parent) \
                    or not tmp.name.startswith(f".{dest.name}.") \
                    or not tmp.name.endswith(TMP_SUFFIX) \
                    or (os.path.lexists(tmp) and not stat.S_ISREG(os.lstat(tmp).st_mode)):
                raise outside
            entries.append((tmp, own))
        else:
            raise bad
    return entries


def _recover(folder: Path) -> None:
    """Under the exclusive lock, before reading: finish a change interrupted after its
    journal was written (roll forward), then remove the temp files of changes interrupted
    before (roll back)."""
    if os.path.lexists(folder / JOURNAL_FILE):
        entries = _read_journal(folder)
        try:
            with _deferred_interrupt():
                _apply(folder, entries)
        except OSError as exc:
            raise SwissError(_("{value}: an interrupted change cannot be finished: {value2}").format(value=folder / JOURNAL_FILE, value2=exc.strerror or exc)) from None
    _clean_temp(folder)


def _journal_pending(folder: Path) -> bool:
    return os.path.lexists(folder / JOURNAL_FILE)


@contextmanager
def _deferred_interrupt() -> Iterator[None]:
    """Ctrl-C (SIGINT) during the block takes effect when the block is done, so a change is
    either written or not.  Only the main thread receives signals; elsewhere a no-op."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    try:
        previous = signal.getsignal(signal.SIGINT)
    except (ValueError, OSError):  # pragma: no cover
        previous = None
    if previous is None or previous == signal.SIG_IGN:
        yield
        return
    got: list[tuple[int, Any]] = []
    signal.signal(signal.SIGINT, lambda signum, frame: got.append((signum, frame)))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
        if got:
            if callable(previous):
                previous(*got[0])
            else:  # SIG_DFL: end the way the signal would have
                os.kill(os.getpid(), signal.SIGINT)


def write_file(path: str | os.PathLike, data: bytes) -> None:
    """Write an output file (exports) the same durable way as the event files.

    A target that exists and is not a regular file (``/dev/stdout``, ``/dev/null``, a named
    pipe) is written in place: replacing it would swap a device node for a plain file.  A
    missing folder or an unwritable target is one line naming the path."""
    path = Path(path)
    folder = path.parent if str(path.parent) else Path(".")
    owner = _event_owning(path)
    if owner is not None:
        raise SwissError(_("{path}: is a file of the event {owner} itself; choose another name").format(path=path, owner=owner))
    try:
        if path.exists() and not path.is_file():
            if path.is_dir():
                raise SwissError(_("{path}: is a folder; give a file name").format(path=path))
            with open(path, "wb") as fh:
                fh.write(data)
            return
        if not folder.is_dir():
            raise SwissError(_("{path}: folder {folder} does not exist").format(path=path, folder=folder))
        _atomic_write(path, data, new_mode=_players_mode(folder))
    except OSError as exc:
        raise SwissError(_("{path}: cannot write: {value}").format(path=path, value=exc.strerror or exc)) from None


def _players_mode(folder: Path) -> int | None:
    """The permission bits of the players' file when ``folder`` is an event folder or a
    folder in one (the TUI's ``prints/``): an export written there holds the players' names
    and is new with no more access than that file gives (issue 31, item 9).  Else None."""
    for where in (folder, folder.parent):
        try:
            if (where / EVENT_FILE).is_file():
                return stat.S_IMODE(os.stat(where / PLAYERS_FILE).st_mode)
        except OSError:
            return None
    return None


def _event_owning(path: Path) -> Path | None:
    """The event folder whose own file ``path`` is (event.toml, players.toml, the lock, a
    file under rounds/), else None: an export must never replace them (QA bug 25)."""
    try:
        path = path.resolve()
    except OSError:
        return None
    if path.name in (EVENT_FILE, PLAYERS_FILE, LOCK_FILE, JOURNAL_FILE) and (path.parent / EVENT_FILE).is_file():
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
        if d.is_dir() and (d == folder or inside(folder, d)):  # never rounds/ linked elsewhere
            for p in d.iterdir():
                if p.name.endswith(TMP_SUFFIX):
                    try:
                        p.unlink()
                    except OSError:
                        pass
