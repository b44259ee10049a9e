"""The parsed event kept on disk beside its TOML files, so that a new process (a CLI command,
the TUI starting) does not parse a large event again: ``EVENT/.swisstui-cache/``, one entry
per event file (``event.toml.pickle``, ``players.toml.pickle``, ``rounds-NN.toml.pickle``).

Why inside the event folder (not the user's cache folder): the cache travels and disappears
with the event, a reader running as another user (the venue server) uses it too, and nothing
is written outside the folder a director chose.  It is safe to delete at any time.

Rules (docs/FORMAT.md, "The cache"):

* **Only writers write it** — :func:`save`, called by ``store.update`` / ``store.create``
  under the writers' lock, after the change is committed.  A reader (``store.load``,
  ``store.check``) never writes anything into the folder: with a stale or missing entry it
  parses the TOML, as without a cache.  An entry is written atomically (temp file, rename)
  but not fsynced: after a crash it may be missing or torn, and is then ignored.
* **Never trusted over the files.**  An entry is used only when (1) its header names this
  code's format (the swisstui version, the model's fields and a stamp of the parsing code),
  (2) the file's stamp — inode, size, mtime_ns, ctime_ns — is the one recorded, (3) the
  file's bytes have the recorded BLAKE2b digest (so an edit within the same clock tick is
  seen), (4) for a round file, ``event.toml`` has the digest it was parsed with (results
  are read under the settings), (5) the payload has its recorded digest, and (6) the
  payload unpickles, with a restricted unpickler that builds nothing but the model's own
  dataclasses and enums (a foreign or forged entry cannot run code), into an object of the
  expected type.  Anything else — including any error — means "parse the file".
* A folder copied elsewhere gets new inodes, so its entries are ignored until the next write.
* **No more readable than its data** (issue 31, item 9): an entry gets the permission bits
  of the files it was parsed from (a round's: its file's and ``event.toml``'s), never
  write or execute bits for others; the folder loses its group / other bits when some of
  its data is not readable by group / others.  A writer tightens entries and the folder
  written by an older version.  ``players.toml`` at 0600 (names, birth dates, notes) thus
  gives ``players.toml.pickle`` 0600 in a 0700 folder.
"""

from __future__ import annotations

import dataclasses
import enum
import hashlib
import io
import json
import os
import pickle
import secrets
import stat
from collections.abc import Callable
from pathlib import Path
from typing import Any

from .. import model
from ..model import Player, Round, Settings
from .cache import signature
from .layout import EVENT_FILE, PLAYERS_FILE, ROUNDS_DIR, TMP_SUFFIX

CACHE_DIR = ".swisstui-cache"
MAGIC = b"swisstui-cache 1\n"
_MAX_HEADER = 4096
_PROTOCOL = 5


def _digest(data: bytes | memoryview) -> str:
    return hashlib.blake2b(data, digest_size=20).hexdigest()


_CODE: list[str] = []


def code_key() -> str:
    """What the entries depend on besides the files: the swisstui version, the model's
    dataclass fields, and the stamps (size, mtime) of the core's source files, so a changed
    parser (an editable install, an upgrade) never reads entries written by another."""
    if not _CODE:
        import swisstui
        parts = [swisstui.__version__, str(pickle.HIGHEST_PROTOCOL)]
        for name in sorted(_ALLOWED):
            cls = _ALLOWED[name]
            if dataclasses.is_dataclass(cls):
                parts.append(name + ":" + ",".join(f.name for f in dataclasses.fields(cls)))
        core = Path(model.__file__).parent
        for path in sorted(core.rglob("*.py")):
            try:
                st = path.stat()
            except OSError:
                continue
            parts.append(f"{path.relative_to(core)}:{st.st_size}:{st.st_mtime_ns}")
        _CODE.append(_digest("\n".join(parts).encode()))
    return _CODE[0]


_ALLOWED: dict[str, type] = {
    name: obj for name, obj in vars(model).items()
    if isinstance(obj, type) and obj.__module__ == model.__name__
    and (dataclasses.is_dataclass(obj) or issubclass(obj, enum.Enum))}


class _Unpickler(pickle.Unpickler):
    """Builds the model's dataclasses and enums and plain data, nothing else."""

    def find_class(self, module: str, name: str) -> Any:
        if module == model.__name__ and name in _ALLOWED:
            return _ALLOWED[name]
        raise pickle.UnpicklingError(f"{module}.{name} is not allowed in the cache")


def entry_name(rel: str) -> str:
    return rel.replace("/", "-") + ".pickle"


def _stamp(st: os.stat_result) -> list[int]:
    return list(signature(st))  # a list: what the JSON header reads back


def _read_regular(path: Path) -> bytes | None:
    """An entry's bytes: a regular file, no symbolic link followed; else None."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC)
    except OSError:
        return None
    try:
        return _read_fd(fd)[1]
    finally:
        os.close(fd)


def _read_source(path: Path) -> tuple[list[int], bytes | None] | None:
    """An event file's stamp and bytes, read through one descriptor (a link to a regular
    file is followed, as the loader does; a pipe or device is not read)."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    except OSError:
        return None
    try:
        return _read_fd(fd)
    finally:
        os.close(fd)


def _read_fd(fd: int) -> tuple[list[int], bytes | None]:
    st = os.fstat(fd)
    if not stat.S_ISREG(st.st_mode):
        return [], None
    chunks = []
    while chunk := os.read(fd, max(st.st_size + 1, 65536)):
        chunks.append(chunk)
    return _stamp(st), b"".join(chunks)


def _kind_ok(obj: Any, rel: str) -> bool:
    if rel == EVENT_FILE:
        return isinstance(obj, Settings)
    if rel == PLAYERS_FILE:
        return isinstance(obj, tuple) and all(isinstance(p, Player) for p in obj)
    return isinstance(obj, Round)


class Reader:
    """The entries of one folder for one load (reads only)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.dir = folder / CACHE_DIR
        self._settings_digest: str | None = None
        self.usable = os.path.isdir(self.dir) and not os.path.islink(self.dir)

    def settings_digest(self) -> str | None:
        if self._settings_digest is None:
            src = _read_source(self.folder / EVENT_FILE)
            if src is None or src[1] is None:
                return None
            self._settings_digest = _digest(src[1])
        return self._settings_digest

    def get(self, path: Path, rel: str, number: int | None = None) -> Any:
        """The parsed content of ``path`` (``rel`` inside the folder) if a valid entry
        vouches for it, else None."""
        if not self.usable:
            return None
        try:
            return self._get(path, rel, number)
        except Exception:  # noqa: BLE001 - a cache problem is never the director's problem
            return None

    def _get(self, path: Path, rel: str, number: int | None) -> Any:
        raw = _read_regular(self.dir / entry_name(rel))
        split = _split_head(raw) if raw is not None else None
        if raw is None or split is None:
            return None
        head, start = split
        if head.get("code") != code_key() or head.get("file") != rel:
            return None
        if head.get("stamp") != _stamp(os.stat(path)):
            return None  # cheap refusal before reading the file
        src = _read_source(path)
        if src is None or src[1] is None or src[0] != head["stamp"] \
                or _digest(src[1]) != head.get("sha"):
            return None
        if rel.startswith(ROUNDS_DIR + "/") and head.get("settings") != self.settings_digest():
            return None
        payload = memoryview(raw)[start:]
        if _digest(payload) != head.get("payload"):
            return None
        obj = _Unpickler(io.BytesIO(payload)).load()
        if not _kind_ok(obj, rel) or (number is not None and obj.number != number):
            return None
        return obj


def save(folder: Path, event: model.Event, parsed: Callable[[Path, Any], Any]) -> None:
    """Write the entries that are missing or stale for ``event`` as now on disk (called by
    a writer holding the lock, after its commit).  ``parsed(path, context)`` is the object
    this process parsed from the file as it is now (the in-memory parse cache), or None; an
    entry is written only for such an object whose serialisation is byte for byte the file
    (so the entry says nothing the file does not).  Any problem leaves the cache as it is."""
    try:
        _save(folder, event, parsed)
    except Exception:  # noqa: BLE001 - a cache problem must never fail a write
        pass


def _serialised(rel: str, obj: Any, event: model.Event) -> bytes:
    from .serialise import _HEADERS, _dump, _players_doc, _round_bytes, _settings_doc
    if rel == EVENT_FILE:
        return _dump(_settings_doc(obj), _HEADERS[EVENT_FILE])
    if rel == PLAYERS_FILE:
        return _dump(_players_doc(obj), _HEADERS[PLAYERS_FILE])
    return _round_bytes(event.settings.game, obj)


def _save(folder: Path, event: model.Event, parsed: Callable[[Path, Any], Any]) -> None:
    from .layout import round_file_name
    cdir = folder / CACHE_DIR
    if os.path.lexists(cdir) and (os.path.islink(cdir) or not os.path.isdir(cdir)):
        return  # not ours: leave it alone
    files: list[tuple[str, Any]] = [(EVENT_FILE, None)]
    if os.path.lexists(folder / PLAYERS_FILE):
        files.append((PLAYERS_FILE, None))
    files += [(f"{ROUNDS_DIR}/{round_file_name(r.number)}", (event.settings, r.number))
              for r in event.rounds]
    src = _read_source(folder / EVENT_FILE)
    if src is None or src[1] is None:
        return
    settings_sha = _digest(src[1])
    code = code_key()
    event_mode = stat.S_IMODE(os.stat(folder / EVENT_FILE).st_mode)
    modes = {rel: _entry_mode(folder / rel, event_mode if context is not None else None)
             for rel, context in files}
    if os.path.isdir(cdir):
        _tighten_dir(cdir, modes.values())
    for rel, context in files:
        try:
            path = folder / rel
            target = cdir / entry_name(rel)
            _tighten(target, modes[rel])
            old = _head_of(target)
            stamp = _stamp(os.stat(path))
            if old is not None and old.get("code") == code and old.get("stamp") == stamp and \
                    (context is None or old.get("settings") == settings_sha):
                continue  # up to date (its digest was checked when it was written)
            obj = parsed(path, context)
            if obj is None:
                continue
            read = _read_source(path)
            if read is None or read[1] is None or read[1] != _serialised(rel, obj, event):
                continue
            head: dict[str, Any] = {"code": code, "file": rel, "stamp": read[0],
                                    "sha": _digest(read[1])}
            if context is not None:
                head["settings"] = settings_sha
            payload = pickle.dumps(obj, protocol=_PROTOCOL)
            head["payload"] = _digest(payload)
            if not os.path.lexists(cdir):
                os.mkdir(cdir, 0o777)
                _tighten_dir(cdir, modes.values())
                _owned_like(cdir, folder)
            _write(target, MAGIC + json.dumps(head).encode() + b"\n" + payload, modes[rel])
            _owned_like(target, folder)
        except Exception:  # noqa: BLE001 - one bad entry (a folder, a pipe) spoils no other
            continue
    keep = {entry_name(rel) for rel, _ in files}
    for name in os.listdir(cdir) if os.path.isdir(cdir) else ():  # entries of deleted rounds, temp files of a crash
        if name not in keep:
            try:
                os.unlink(cdir / name)
            except OSError:
                pass


def _entry_mode(path: Path, also: int | None = None) -> int:
    """The permission bits of an entry parsed from ``path`` (and from a file of mode
    ``also``): theirs, never more, never write or execute for others, and at least the
    owner's read and write (the writer must read and replace its own entries)."""
    mode = stat.S_IMODE(os.stat(path).st_mode)
    if also is not None:
        mode &= also
    return (mode & 0o644) | 0o600


def _tighten(target: Path, mode: int) -> None:
    """Take from an existing entry (not followed through a link) the bits its data lacks."""
    try:
        fd = os.open(target, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC)
    except OSError:
        return
    try:
        st = os.fstat(fd)
        if stat.S_ISREG(st.st_mode) and stat.S_IMODE(st.st_mode) & ~mode:
            os.fchmod(fd, stat.S_IMODE(st.st_mode) & mode)
    finally:
        os.close(fd)


def _tighten_dir(cdir: Path, modes: Any) -> None:
    """The cache folder without group (other) access when some entry's data is not readable
    by the group (others): its names alone say who plays."""
    keep = 0o700
    modes = list(modes)
    if all(m & stat.S_IRGRP for m in modes):
        keep |= 0o070
    if all(m & stat.S_IROTH for m in modes):
        keep |= 0o007
    st = os.lstat(cdir)
    if stat.S_ISDIR(st.st_mode) and stat.S_IMODE(st.st_mode) & ~keep:
        os.chmod(cdir, stat.S_IMODE(st.st_mode) & keep)


def _owned_like(path: Path, folder: Path) -> None:
    """Run as root, the cache belongs to the event folder's owner and group (as the event
    files keep theirs), so the owner's own writes can keep it up to date."""
    if os.geteuid() != 0:
        return
    st = os.stat(folder)
    try:
        os.chown(path, st.st_uid, st.st_gid, follow_symlinks=False)
    except OSError:
        pass


def _head_of(target: Path) -> dict | None:
    """The header of an entry (reads its first few kilobytes only); None for anything but a
    regular file (a named pipe in its place must not block the writer)."""
    try:
        fd = os.open(target, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC)
    except OSError:
        return None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return None
        raw = os.read(fd, len(MAGIC) + _MAX_HEADER)
    finally:
        os.close(fd)
    split = _split_head(raw)
    return split[0] if split is not None else None


def _split_head(raw: bytes) -> tuple[dict[str, Any], int] | None:
    """An entry's JSON header and the offset of its payload; None when ``raw`` is not an
    entry (no magic line, no header within ``_MAX_HEADER`` bytes, not a JSON object)."""
    if not raw.startswith(MAGIC):
        return None
    end = raw.find(b"\n", len(MAGIC), len(MAGIC) + _MAX_HEADER)
    if end < 0:
        return None
    try:
        head = json.loads(raw[len(MAGIC):end])
    except ValueError:
        return None
    return (head, end + 1) if isinstance(head, dict) else None


def _write(target: Path, data: bytes, mode: int = 0o600) -> None:
    """Temp file beside ``target`` with ``mode`` from its creation (never readable by more
    than its data), then rename (no fsync: a torn entry is ignored)."""
    tmp = target.parent / f".{target.name}.{secrets.token_hex(4)}{TMP_SUFFIX}"
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC,
                 0o600)
    try:
        with os.fdopen(fd, "wb") as f:
            os.fchmod(f.fileno(), mode)
            f.write(data)
        os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
