"""The writers' lock: an exclusive ``fcntl.flock`` on ``.swisstui.lock`` for writers, a shared
one for readers (so a reader never sees half of a multi-file update).  The kernel releases a
lock when its process dies.

The lock file is opened without following a symbolic link (``O_NOFOLLOW``) and must be a
regular file: a link or a named pipe in its place is refused with one line, and nothing is
created through a dangling link.  A new lock file gets the mode 0666 less the umask, like
every file swisstui creates.
"""

from __future__ import annotations

from ..i18n import _

import errno
import fcntl
import importlib
import os
import stat
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from ..errors import SwissError
from .layout import LOCK_FILE

#: A writer that has waited this long for another process's lock says so (through
#: ``lock_wait_notice``); a shorter wait goes unmentioned, so that a script reading stderr
#: does not take a successful command for a failed one.
NOTICE_AFTER = 0.5


def _notice() -> Callable[[Path], None] | None:
    """``swisstui.core.store.lock_wait_notice``: the hook is set on the package."""
    return getattr(importlib.import_module(__package__), "lock_wait_notice", None)


def _open_lock(folder: Path, flags: int, what: str) -> int | None:
    """A descriptor of the lock file (None when a reader finds none); refuses a link or
    anything but a regular file."""
    path = folder / LOCK_FILE
    try:
        fd = os.open(path, flags | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC, 0o666)
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise SwissError(_("{path}: is a symbolic link; the lock is never followed through a link (remove it)").format(path=path)) from None
        if not flags & os.O_CREAT:
            return None  # a reader: no lock file (not an event, made by hand, no access)
        raise SwissError(_("{path}: cannot lock the event {what}: {strerror}").format(path=path, what=what, strerror=exc.strerror)) from None
    try:
        mode = os.fstat(fd).st_mode
    except OSError:  # pragma: no cover
        mode = stat.S_IFREG
    if not stat.S_ISREG(mode):
        os.close(fd)
        raise SwissError(_("{path}: is not a regular file; the lock must be an empty file (remove it)").format(path=path))
    return fd


def _wait_exclusive(fd: int, path: Path) -> None:
    """Take the exclusive lock; tell the hook only when the wait lasts :data:`NOTICE_AFTER`."""
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        return
    except BlockingIOError:
        pass
    deadline = time.monotonic() + NOTICE_AFTER
    pause = 0.002
    while time.monotonic() < deadline:
        time.sleep(pause)
        pause = min(pause * 2, 0.05)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return
        except BlockingIOError:
            pass
    notice = _notice()  # another process is writing: say so, then wait for it
    if notice is not None:
        notice(path)
    fcntl.flock(fd, fcntl.LOCK_EX)


@contextmanager
def _locked(folder: Path) -> Iterator[None]:
    key = os.path.abspath(folder)
    if key in _held():  # this thread holds it already (a change that calls update)
        yield
        return
    fd = _open_lock(folder, os.O_RDWR | os.O_CREAT, "for writing")
    assert fd is not None
    try:
        _wait_exclusive(fd, folder / LOCK_FILE)
        _held().add(key)
        try:
            try:
                yield
            except BaseException:
                _history_forget(folder)
                raise
            _history_record(folder)  # under the lock: one commit of what this hold wrote
        finally:
            _held().discard(key)
            fcntl.flock(fd, fcntl.LOCK_UN)
    finally:
        os.close(fd)


# Folders this thread holds the exclusive lock of (a `change` run by update() may call
# load(); a shared flock on a second descriptor would wait for ourselves forever).
_LOCAL = threading.local()


def _held() -> set[str]:
    held = getattr(_LOCAL, "held", None)
    if held is None:
        held = _LOCAL.held = set()
    return held


@contextmanager
def _shared(folder: Path) -> Iterator[None]:
    if os.path.abspath(folder) in _held():
        yield
        return
    fd = _open_lock(folder, os.O_RDONLY, "for reading")
    if fd is None:  # nothing to wait for
        yield
        return
    try:
        fcntl.flock(fd, fcntl.LOCK_SH)
        yield
    finally:
        os.close(fd)  # closing releases the lock


def _history_record(folder: Path) -> None:
    """The history's commit of what this lock hold wrote (:mod:`.history`); a failure there
    never undoes or hides the change, which is saved: it is said in one line."""
    from . import history
    try:
        history.record(folder)
    except Exception as exc:  # pragma: no cover - a bug in the history must not lose a write
        history._say(_("{path}: history not recorded ({error}); the change is saved").format(
            path=folder, error=f"{type(exc).__name__}: {exc}"))


def _history_forget(folder: Path) -> None:
    from . import history
    history.forget(folder)

