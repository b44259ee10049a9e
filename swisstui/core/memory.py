"""How the process takes large blocks of memory (issue 14: a 16 000-player round within
300 MB).

glibc's malloc serves a request of at least its *mmap threshold* (128 KiB at start) with a
private mapping that goes back to the system when freed, but it raises the threshold to the
size of every such block that is freed (up to 32 MiB on 64-bit systems): from then on the
proof's large, short-lived numpy arrays — a scan's pairs, a blossom's edge arrays copied as
priced pairs are added — come from the heap, whose free space is fragmented and stays in
the process.  Setting the threshold with ``mallopt(M_MMAP_THRESHOLD, …)`` fixes it and turns
that adjustment off (the GNU C Library manual, "Malloc Tunable Parameters"; mallopt(3)), so
a large block always returns to the system when it is freed.

Measured on round 9 of a 16 000-player chess event in a fresh process (docs/PAIRING.md
"Memory of the proof"): peak RSS 328 MB with glibc's adjustment, 298 MB with the threshold
fixed here.  The cost is a mapping and its page faults per large array: a few dozen per
pricing round.

Elsewhere than glibc's Linux (musl's mallopt does nothing, macOS and Windows have none)
nothing changes.  The pairing engine calls :func:`large_blocks_from_the_system` before a
large proof; the setting holds for the rest of the process.
"""

from __future__ import annotations

import sys

M_MMAP_THRESHOLD = -3  # glibc's <malloc.h>
THRESHOLD = 128 * 1024  # glibc's initial value, now fixed

_done: list[bool] = []


def large_blocks_from_the_system() -> bool:
    """Fix malloc's mmap threshold at 128 KiB (once per process); whether it was set."""
    if _done:
        return _done[0]
    ok = False
    if sys.platform.startswith("linux"):
        import ctypes
        try:
            mallopt = getattr(ctypes.CDLL(None), "mallopt", None)  # the interpreter's libc
            if mallopt is not None:
                ok = bool(mallopt(ctypes.c_int(M_MMAP_THRESHOLD), ctypes.c_int(THRESHOLD)))
        except (OSError, AttributeError):
            ok = False
    _done.append(ok)
    return ok


__all__ = ["large_blocks_from_the_system"]
