"""Pausing Python's cyclic garbage collector while a computation builds many small acyclic
objects (standings, histories, a parsed event).

Every 700 new container objects CPython runs a collection, and every few of those a full one
that walks every object alive — with a 4000-player event in memory (60 000 round records)
that walk costs more than the computation itself.  The objects built here (tuples, dicts,
frozen dataclasses) hold no reference cycles, so reference counting frees them and pausing
the cycle collector for the duration loses nothing; it is resumed on exit (only by the
outermost pause, and only if it was running), so a thread that pauses it while another
computes leaves it as it found it.
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator
from contextlib import contextmanager

_LOCK = threading.Lock()
_DEPTH = 0
_RESUME = False


@contextmanager
def paused_gc() -> Iterator[None]:
    """The cyclic collector off inside the block (nested and concurrent blocks share one
    pause; the outermost exit restores the state found on entry)."""
    global _DEPTH, _RESUME
    with _LOCK:
        if _DEPTH == 0:
            _RESUME = gc.isenabled()
            gc.disable()
        _DEPTH += 1
    try:
        yield
    finally:
        with _LOCK:
            _DEPTH -= 1
            if _DEPTH == 0 and _RESUME:
                gc.enable()
