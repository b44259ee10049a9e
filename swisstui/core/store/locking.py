"""The writers' lock: an exclusive ``fcntl.flock`` on ``.swisstui.lock`` for writers, a shared
one for readers (so a reader never sees half of a multi-file update).  The kernel releases a
lock when its process dies."""

from __future__ import annotations

import fcntl
import importlib
import os
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from ..errors import SwissError
from .layout import LOCK_FILE


def _notice() -> Callable[[Path], None] | None:
    """``swisstui.core.store.lock_wait_notice``: the hook is set on the package."""
    return getattr(importlib.import_module(__package__), "lock_wait_notice", None)


@contextmanager
def _locked(folder: Path) -> Iterator[None]:
    try:
        fd = os.open(folder / LOCK_FILE, os.O_RDWR | os.O_CREAT, 0o644)
    except OSError as exc:
        raise SwissError(f"{folder / LOCK_FILE}: cannot lock the event for writing: "
                         f"{exc.strerror}") from None
    key = os.path.abspath(folder)
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:  # another process is writing: say so, then wait for it
            notice = _notice()
            if notice is not None:
                notice(folder / LOCK_FILE)
            fcntl.flock(fd, fcntl.LOCK_EX)
        _held().add(key)
        try:
            yield
        finally:
            _held().discard(key)
            fcntl.flock(fd, fcntl.LOCK_UN)
    finally:
        os.close(fd)


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
    try:
        fd = os.open(folder / LOCK_FILE, os.O_RDONLY)
    except OSError:  # no lock file (not an event, or made by hand): nothing to wait for
        yield
        return
    try:
        fcntl.flock(fd, fcntl.LOCK_SH)
        yield
    finally:
        os.close(fd)  # closing releases the lock
