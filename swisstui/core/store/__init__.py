"""The event folder ⇄ the model: read (tomllib), write (tomli-w), atomic, locked, validated.

Format (documented with an example of every field in ``docs/FORMAT.md``)::

    EVENT/
      event.toml        schema = 1, the settings, [scoring], [options]
      players.toml      [[player]] tables
      rounds/NN.toml    one file per round: [[board]] and [[bye]] tables
      .swisstui.lock    the writers' lock (fcntl.flock), empty

Public API: :func:`load`, :func:`create`, :func:`update`, :func:`fingerprint`,
:func:`check` (every problem, one line each).

* Reading validates everything and raises :class:`EventFileError` ``file:line: message`` —
  never a traceback on user input.  Unknown keys are errors.
* Writing is atomic: temp file in the same folder, flush, fsync, ``os.replace``, fsync the
  folder.  A ``kill -9`` at any instant leaves the old or the new file, never a torn one.
* Writers go through :func:`update`: exclusive lock on ``.swisstui.lock``, re-read the folder,
  apply the change to the *fresh* event, write only the files whose content changed, unlock.
  So no write is ever based on a stale read.

The package, by what each part does:

* :mod:`.layout` — file names, round file names, which round files exist;
* :mod:`.reading` — TOML text → data, the ``file:line`` of a key;
* :mod:`.parsing` — data → the model (event.toml, players.toml, rounds/NN.toml);
* :mod:`.validation` — domain validation of an event (in memory and across files);
* :mod:`.checking` — check mode (every problem, one line each);
* :mod:`.serialise` — the model → TOML bytes;
* :mod:`.writing` — which files a change writes, in which order;
* :mod:`.atomic` — durable writes, the export-file writer;
* :mod:`.locking` — the writers' and readers' locks;
* :mod:`.cache` — parsed files by stat signature;
* :mod:`.diskcache` — the parsed files kept on disk in ``EVENT/.swisstui-cache/``, written
  by writers only, used by readers only when it vouches for the files as they are.
"""

from __future__ import annotations

from ..i18n import _, ngettext

import os
from functools import partial
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

from ..errors import EventFileError, SwissError
from ..gcpause import paused_gc
from ..model import Event, Player, Round, Settings
from . import history
from .atomic import _commit, _fsync_dir, _journal_pending, _recover, write_file
from . import diskcache, sections
from .cache import _cached, _parsed
from .checking import _check
from .layout import (EVENT_FILE, JOURNAL_FILE, LOCK_FILE, PLAYERS_FILE, ROUNDS_DIR, TMP_SUFFIX,
                     _ROUND_NAME, _round_files, round_file_name)
from .locking import _locked, _shared
from .parsing import _load_players, _load_round, _load_settings
from .reading import _Texts
from .validation import _cross_check, _recheck_results, _validate_settings, validate_event
from .writing import _write_changes

__all__ = ["load", "create", "update", "one_change", "add_section", "remove_section", "next_free_id",
           "check_writable", "update_side_file", "fingerprint", "check",
           "round_file_name", "write_file", "validate_event", "lock_wait_notice",
           "EVENT_FILE", "PLAYERS_FILE", "ROUNDS_DIR", "LOCK_FILE", "TMP_SUFFIX", "JOURNAL_FILE"]

#: (the CLI prints a line; the lock is released by the kernel if that process dies).
lock_wait_notice: Callable[[Path], None] | None = None


def load(folder: str | os.PathLike[str]) -> Event:
    """Read and validate an event folder.  Raises :class:`EventFileError` on any problem.

    Takes a shared lock on ``.swisstui.lock`` (when it exists and can be opened) so a reader
    never sees half of a multi-file update.  Files unchanged since this process last parsed
    them (same inode, size, mtime, ctime) are not parsed again, so a writer re-reading a large
    event before each result stays fast."""
    folder = Path(folder)
    _section_guard(folder)
    with _shared(folder):
        if not _journal_pending(folder):
            return _load(folder)
    with _finishing(folder):  # a change was interrupted: finish it first (needs the lock)
        _recover(folder)
        return _load(folder)


def _section_guard(folder: Path) -> None:
    """A section folder (or ``sections/``) that is a symbolic link is refused before its
    lock is opened: nothing is read or written through it."""
    root = sections.root_of(folder)
    if root is not None:
        sections.guard(folder, root)


def _load(folder: Path) -> Event:
    if not folder.is_dir():
        raise EventFileError(folder, None, _("no such event folder"))
    if not os.path.lexists(folder / EVENT_FILE):
        raise EventFileError(folder / EVENT_FILE, None,
                             _("file is missing (not an event folder? create one with "
                               "'swisstui new')"))
    with paused_gc():  # many small acyclic objects (swisstui.core.gcpause)
        return _read_event(folder)


def _read_event(folder: Path) -> Event:
    """The files parsed, each taken from this process's parse cache, else from the folder's
    on-disk cache (:mod:`.diskcache`, read only), else parsed; then the checks across files."""
    disk = diskcache.Reader(folder)
    ev_path = folder / EVENT_FILE
    root = sections.root_of(folder)
    if root is None:
        settings = _cached(ev_path, None, partial(_parse, disk, ev_path, EVENT_FILE, None,
                                                  partial(_load_settings, ev_path)))
    else:  # a section: read over the root's settings, never from the on-disk cache
        sections.guard(folder, root)
        disk.usable = False
        base = sections.read_root(root)[0]
        settings = _cached(ev_path, ("section", repr(base)),
                           partial(_load_settings, ev_path, base))
    players: tuple[Player, ...] = ()
    pl_path = folder / PLAYERS_FILE
    if os.path.lexists(pl_path):
        players = _cached(pl_path, None, partial(_parse, disk, pl_path, PLAYERS_FILE, None,
                                                 partial(_load_players, pl_path)))
    rounds: list[Round] = []
    for number, path in _round_files(folder):
        rel = f"{ROUNDS_DIR}/{path.name}"
        rounds.append(_cached(path, (settings, number),
                              partial(_parse, disk, path, rel, number,
                                      partial(_load_round, path, settings, number))))
    event = Event(settings, players, tuple(rounds))
    _cross_check(folder, event, _Texts(folder))
    return event


def _parse(disk: diskcache.Reader, path: Path, rel: str, number: int | None,
           parse: Callable[[], Any]) -> Any:
    """The folder's cache entry for ``path`` if one vouches for the file, else the parse."""
    found = disk.get(path, rel, number)
    return parse() if found is None else found


def check(folder: str | os.PathLike[str]) -> list[str]:
    """Every problem of the folder, one line each (``file:line: message``); [] when valid.

    Files are checked independently so one broken file does not hide problems in others."""
    folder = Path(folder)
    _section_guard(folder)
    with _shared(folder):
        if not _journal_pending(folder):
            return _check(folder) + _pool_problems(folder)
    try:
        with _finishing(folder):  # a change was interrupted: finish it first (needs the lock)
            _recover(folder)
            return _check(folder) + _pool_problems(folder)
    except SwissError as exc:
        return [str(exc)]


def _pool_problems(folder: Path) -> list[str]:
    """The root's check also reports a move between sections left half-done, and sections
    whose boards share the hall's numbers (issue 33)."""
    if sections.root_of(folder) is not None:
        return []
    return sections.pool_problems(folder) + sections.board_overlaps(folder, load)


@contextmanager
def _finishing(folder: Path) -> Iterator[None]:
    """The writers' lock for a reader that found a journal; one who may not write the event
    is told who can finish the change (any command of a user who may write it)."""
    with ExitStack() as stack:
        try:
            stack.enter_context(_locked(folder))
        except SwissError as exc:
            raise SwissError(_("{value}: a change was interrupted and must be finished by a user who may write this event ({exc})").format(value=folder / JOURNAL_FILE, exc=exc)) from None
        yield


@contextmanager
def one_change(folder: str | os.PathLike[str]) -> Iterator[None]:
    """The writes made inside (update, update_side_file) as one change: one hold of the
    event's lock, so no other writer comes between them and the history records them as
    one entry (closing check-in writes players.toml and desk.toml)."""
    folder = Path(folder)
    _section_guard(folder)
    with _locked(folder):
        yield


def update(folder: str | os.PathLike[str], change: Callable[[Event], Event]) -> Event:
    """Lock, re-read the folder, apply ``change`` to the fresh event, write only the changed
    files atomically, unlock; return the new event.  ``change`` may raise
    :class:`SwissError` to refuse — then nothing is written."""
    folder = Path(folder)
    _section_guard(folder)
    if not os.path.lexists(folder / EVENT_FILE) and not _journal_pending(folder):
        load(folder)  # raises the right message
    with _locked(folder):
        _recover(folder)
        old = _load(folder)
        new = change(old)
        if not isinstance(new, Event):  # pragma: no cover - programming error
            raise TypeError("change must return an Event")
        if new == old:
            return old
        validate_event(new, old)  # what changed: old was checked when read
        _validate_settings(new.settings)
        if new.settings != old.settings:
            _recheck_results(new)
        if new.players != old.players:
            sections.check_ids(folder, old, new)  # ids are unique across the sections
        _write_changes(folder, old, new)
        if sections.root_of(folder) is None:
            diskcache.save(folder, new, _parsed)  # the writer keeps the folder's cache
    return new


def create(folder: str | os.PathLike[str], settings: Settings,
           players: tuple[Player, ...] | list[Player] = (),
           rounds: tuple[Round, ...] | list[Round] = ()) -> Event:
    """Create a new event folder (refuses an existing event or a non-empty folder), with
    ``rounds`` already played if given (an import): all its files are one change, so a
    crash leaves no event or the whole one."""
    folder = Path(folder)
    _section_guard(folder)
    if os.path.lexists(folder / EVENT_FILE) or _journal_pending(folder):
        raise SwissError(_("{folder}: already an event folder").format(folder=folder))
    if os.path.lexists(folder) and not folder.is_dir():
        raise SwissError(_("{folder}: exists and is not a folder").format(folder=folder))
    if folder.is_dir() and not _empty(folder):
        raise SwissError(_("{folder}: folder is not empty").format(folder=folder))
    event = Event(settings, tuple(sorted(players, key=lambda p: p.id)),
                  tuple(sorted(rounds, key=lambda r: r.number)))
    validate_event(event)
    _validate_settings(settings)
    if event.rounds:
        _recheck_results(event)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise SwissError(_("{folder}: cannot create folder: {strerror}").format(folder=folder, strerror=exc.strerror)) from None
    _fsync_dir(folder.parent)
    with _locked(folder):
        _recover(folder)
        if os.path.lexists(folder / EVENT_FILE):
            raise SwissError(_("{folder}: already an event folder").format(folder=folder))
        if sections.root_of(folder) is not None:
            sections.check_ids(folder, Event(settings), event)
        _write_changes(folder, None, event)
        if sections.root_of(folder) is None:
            diskcache.save(folder, event, _parsed)
    return event


def update_side_file(folder: str | os.PathLike[str], name: str,
                     change: Callable[[Path], bytes]) -> bytes:
    """A file of the event folder that is not part of the event's results (``clock.toml``):
    under the event's exclusive lock, ``change(path)`` reads it as it is now and returns the
    new bytes (or raises SwissError: nothing is written), which are written atomically like
    every event file (mode kept, links written through).  The folder must be a valid event."""
    folder = Path(folder)
    if os.sep in name or name in (EVENT_FILE, PLAYERS_FILE, ROUNDS_DIR, LOCK_FILE, JOURNAL_FILE):
        raise ValueError(f"not a side file: {name}")
    load(folder)  # an event folder, valid: else its own error
    with _locked(folder):
        _recover(folder)
        data = change(folder / name)
        _commit(folder, [(folder / name, data)])
    return data


def add_section(root: str | os.PathLike[str], name: str,
                overrides: dict[str, Any]) -> Event:
    """A further section ``sections/NAME/`` of the event ``root`` whose settings are the
    root's with ``overrides`` (event.toml data: ``rounds``, ``system``, ``tiebreaks``,
    ``options``, even ``game``) over them; returns it, empty.  Under the root's lock: the
    root's event.toml gets ``schema = 2`` first, then the section is created (one change of
    its own).  Refuses a name that is not a plain word, a name already used (any case, the
    root section's too), a root that is itself a section."""
    root = Path(root)
    sections.check_name(name)
    if sections.root_of(root) is not None:
        raise SwissError(_("{folder}: is a section; add sections to the event folder {root}").format(folder=root, root=sections.root_of(root)))
    load(root)  # a valid event, else its own error
    with _locked(root):
        _recover(root)
        taken = [sections.root_name(root)] + [n for n, _p in sections.section_folders(root)]
        if name.casefold() in (t.casefold() for t in taken):
            raise SwissError(_("there is already a section {name} (sections: {items})").format(name=name, items=", ".join(taken)), field="section")
        sdir = root / sections.SECTIONS_DIR
        if os.path.lexists(sdir) and not sdir.is_dir():
            raise SwissError(_("{path}: is not a folder; an event keeps its sections in a folder of this name (move the file away)").format(path=sdir))
        folder = sdir / name
        if os.path.lexists(folder) and (folder.is_symlink() or not folder.is_dir()
                                        or not _empty(folder)):
            raise SwissError(_("{folder}: exists and is not an empty folder (move it away)").format(folder=folder))
        base, _extra = sections.read_root(root)
        settings = _load_section_data(folder / EVENT_FILE, sections.merge(base, overrides))
        if not sdir.is_dir():
            sdir.mkdir(0o777)
            _fsync_dir(root)
        folder.mkdir(0o777, exist_ok=True)
        _fsync_dir(sdir)
        made = create(folder, settings)
        _restamp_root(root)  # schema = 2 now that the event has sections
        return made


def set_first_board(folder: str | os.PathLike[str], number: int) -> int:
    """The hall's number of section ``folder``'s board 1 (its event.toml's ``first_board``,
    :data:`.sections.OWN_KEYS`): written under the section's lock, atomically, only when it
    changes; 1 removes the key.  Refused in one line for the event's root (its boards are
    numbered from 1) and outside 1..:data:`.sections.MAX_FIRST_BOARD`.  Returns the number."""
    from .serialise import _HEADERS, _dump
    from .writing import event_doc
    folder = Path(folder)
    if sections.root_of(folder) is None:
        raise SwissError(_("{folder}: the event's first section numbers its boards from 1; give another section its first board").format(folder=folder), field="first_board")
    if not 1 <= number <= sections.MAX_FIRST_BOARD:
        raise SwissError(_("first_board must be a board number from 1 to {limit}, not {value}").format(limit=sections.MAX_FIRST_BOARD, value=number), field="first_board")
    load(folder)  # a valid section, else its own error
    with _locked(folder):
        _recover(folder)
        own = dict(sections.own_keys(folder))
        own.pop("first_board", None)
        if number != 1:
            own["first_board"] = number
        data = _dump(event_doc(folder, _load(folder).settings, own), _HEADERS[EVENT_FILE])
        try:
            same = (folder / EVENT_FILE).read_bytes() == data
        except OSError:
            same = False
        if not same:
            _commit(folder, [(folder / EVENT_FILE, data)])
    return number


def _load_section_data(path: Path, data: dict[str, Any]) -> Settings:
    from .parsing import _parse_settings
    return _parse_settings(path, "", data)


def _restamp_root(root: Path) -> None:
    """The root's event.toml as :func:`.writing.event_doc` says it now (``schema = 2`` with
    sections, 1 without), written only when its bytes differ (caller holds the lock)."""
    from .serialise import _HEADERS, _dump
    from .writing import event_doc
    settings = _load(root).settings
    data = _dump(event_doc(root, settings), _HEADERS[EVENT_FILE])
    try:
        same = (root / EVENT_FILE).read_bytes() == data
    except OSError:
        same = False
    if not same:
        _commit(root, [(root / EVENT_FILE, data)])


def remove_section(root: str | os.PathLike[str], name: str) -> Path:
    """Remove the further section ``name`` of ``root`` when no round of it was paired and no
    player is entered in it (else a one-line refusal, nothing changed); the root's
    ``schema`` goes back to 1 when it was the last.  Returns the folder removed."""
    import shutil
    root = Path(root)
    sections.check_name(name)
    with _locked(root):
        _recover(root)
        found = dict(sections.section_folders(root))
        if name not in found:
            raise SwissError(_("no section {name} to remove (sections: {items})").format(name=name, items=", ".join([sections.root_name(root), *found])), field="section")
        folder = found[name]
        with _locked(folder):
            event = load(folder)
            if event.rounds:
                raise SwissError(ngettext("section {name} has {n} round; a section with rounds is never removed", "section {name} has {n} rounds; a section with rounds is never removed", len(event.rounds)).format(name=name, n=len(event.rounds)), field="section")
            if event.players:
                raise SwissError(ngettext("section {name} has {n} player entered; remove the entry first", "section {name} has {n} players entered; remove their entries first", len(event.players)).format(name=name, n=len(event.players)), field="section")
            gone = folder.parent / f".{name}.{os.getpid()}-{id(folder):x}{TMP_SUFFIX}"
            # its files leave the history with it (recorded when the section's lock goes)
            history.wrote(folder, [(folder / rel, None) for rel in history.folder_files(folder)])
            os.replace(folder, gone)  # one step: the section is there or not
            _fsync_dir(folder.parent)
        shutil.rmtree(gone, ignore_errors=True)
        _restamp_root(root)
    return folder


def settle_history(folder: str | os.PathLike[str]) -> str | None:
    """Under ``folder``'s lock: record its hand edits and an interrupted change in the
    history (:func:`.history.settle`) — what ``swisstui log`` does before reading it.
    Returns why it could not (a damaged ``.git``), else None."""
    folder = Path(folder)
    _section_guard(folder)
    with _locked(folder):
        _recover(folder)
        return history.settle(folder)


def replace_files(folder: str | os.PathLike[str],
                  ops: list[tuple[Path, bytes | None]]) -> None:
    """Write the files ``ops`` (path, bytes; None deletes) of ``folder`` as they are given,
    under its lock — the bytes of an earlier state of the event, read back and checked by
    the caller (``swisstui restore``).  The event's own files are one change (the journal);
    each side file (desk.toml, clock.toml …) its own atomic write."""
    from .layout import journalled
    folder = Path(folder)
    _section_guard(folder)
    with _locked(folder):
        _recover(folder)
        own = [(p, d) for p, d in ops
               if journalled(os.path.relpath(p, folder).replace(os.sep, "/"), d is None)]
        _commit(folder, own)
        for op in ops:
            if op not in own:
                _commit(folder, [op])


def check_writable(folder: str | os.PathLike[str], *names: str) -> None:
    """Refuse in one line, writing nothing, when a write of the files ``names`` of
    ``folder`` would be refused for a reason the folder shows now (a section folder that is
    a link, a file that is a link leading outside the event or to no file): a change of two
    folders (a move between sections) asks before its first write, so a refusal of the
    second never leaves the first written and taken back."""
    from .atomic import _target
    folder = Path(folder)
    _section_guard(folder)
    for name in names:
        if os.path.lexists(folder / name):
            _target(folder / name, folder)


def next_free_id(folder: str | os.PathLike[str], event: Event) -> int | None:
    """The next player id free in the whole event when ``folder`` is one of several
    sections (ids are unique in the event); None for a one-section event."""
    return sections.next_free_id(Path(folder), event)


def _empty(folder: Path) -> bool:
    """Nothing in ``folder`` but what a create interrupted before its commit leaves: the
    lock, temp files, an empty rounds/ folder, the history's ``.git`` (made just before the
    files; a ``git init`` of the director's own is welcome too)."""
    for p in folder.iterdir():
        if p.name == LOCK_FILE or p.name.endswith(TMP_SUFFIX):
            continue
        if p.name == history.GIT_DIR and p.is_dir() and not p.is_symlink():
            continue
        if p.name == ROUNDS_DIR and p.is_dir() and not p.is_symlink() \
                and all(q.name.endswith(TMP_SUFFIX) for q in p.iterdir()):
            continue
        return False
    return True


def fingerprint(folder: str | os.PathLike[str]) -> tuple:
    """Cheap change detector for watchers: (name, mtime_ns, size) of every event file."""
    folder = Path(folder)
    out: list[tuple[str, int | None, int | None, int | None]] = []
    paths = [folder / EVENT_FILE, folder / PLAYERS_FILE]
    rdir = folder / ROUNDS_DIR
    try:
        paths += sorted(p for p in rdir.iterdir() if _ROUND_NAME.match(p.name))
    except OSError:
        pass
    for p in paths:
        try:
            st = p.stat()
        except OSError:
            out.append((p.name, None, None, None))
            continue
        out.append((str(p.relative_to(folder)), st.st_mtime_ns, st.st_size, st.st_ino))
    return tuple(out)
