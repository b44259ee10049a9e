"""Parsed files kept in memory, keyed by each file's stat signature (never trusted over the
file: a changed inode, size, mtime or ctime means the file is parsed again)."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

# new inode, an edit in place a new mtime/size, so a matching signature means the same bytes;
# a file that changes between stat and read is simply parsed again next time.
_CACHE: dict[str, tuple[tuple[int, ...], Any, Any]] = {}
_CACHE_MAX = 4096


def signature(st: os.stat_result) -> tuple[int, int, int, int]:
    """What identifies one version of a file: inode, size, mtime and ctime in ns (also the
    stamp of the on-disk cache's entries, :mod:`.diskcache`)."""
    return (st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns)


def _cached(path: Path, context: Any, parse: Callable[[], Any]) -> Any:
    key = os.path.abspath(path)
    try:
        sig = signature(os.stat(path))
    except OSError:
        return parse()  # reports the problem
    hit = _CACHE.get(key)
    if hit is not None and hit[0] == sig and hit[1] == context:
        return hit[2]
    value = parse()
    if len(_CACHE) >= _CACHE_MAX:
        _CACHE.clear()
    _CACHE[key] = (sig, context, value)
    return value


def _remember(path: Path, context: Any, value: Any) -> None:
    """Seed the cache with what was just written (the model → file → model round-trip is
    the identity, tests/test_store_roundtrip.py), so the next update does not parse it."""
    try:
        st = os.stat(path)
    except OSError:  # pragma: no cover
        return
    _CACHE[os.path.abspath(path)] = (signature(st), context, value)


def _parsed(path: Path, context: Any) -> Any:
    """What this process parsed (or wrote) for ``path`` as it is now — the same stat
    signature and context — else None (for the on-disk cache, :mod:`.diskcache`)."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    hit = _CACHE.get(os.path.abspath(path))
    if hit is not None and hit[0] == signature(st) and hit[1] == context:
        return hit[2]
    return None
