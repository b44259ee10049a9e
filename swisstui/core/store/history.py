"""The event's history in git (issue 34; docs/FORMAT.md "History").

The event folder (an event of several sections: its root) is a git repository, ``.git``,
written through dulwich (a maintained pure-Python git library with compiled speed-ups;
docs/FORMAT.md says why it was chosen over pygit2).  The TOML files stay exactly as they are
and hand-editable; git is only the record.  swisstui never needs the ``git`` program, and
plain ``git log`` / ``git diff`` in the folder work for those who have it.

One write is one commit: every change the store makes under a folder's lock (one
``store.update``, a new event, a side file such as ``desk.toml`` or ``clock.toml``) is
recorded when the lock is released, with

* the author: the director (``SWISSTUI_DIRECTOR``, else the login name), whose e-mail is
  ``login@host``; the SSH client's address (``SSH_CLIENT``) as a trailer when there is one;
* the message: the action in words with its arguments (:func:`action`, set by the core
  service the CLI or the TUI called), the reason when one was given, and trailers that
  ``swisstui log`` filters on (``Swisstui-Round``, ``Swisstui-Board``, ``Swisstui-Player``,
  ``Swisstui-Section``).

Before a folder's first change is written, what stands is settled, in this order:

1. a folder without history gets one: ``.git`` is created and the event as it is committed
   ("history started");
2. a change interrupted after its intent was written (``kill -9`` between the files and the
   commit) is committed with its own words, marked "finished after an interruption";
3. a file changed, added or removed outside swisstui is committed as "edited outside
   swisstui: players.toml".

The intent (``.git/swisstui/pending-KEY``, one per folder: a folder has one writer at a
time) is written atomically before the files and removed after the commit, so history and
files never disagree for longer than until the next change.  A command that changes nothing
(a refusal, a read) never touches ``.git``.

The commit's tree is the previous commit's with only the files this write changed, under
the history lock (``.git/swisstui/lock``, taken after a folder's lock, never before): two
sections written at once give two commits, neither losing the other's files.  A damaged or
foreign ``.git`` (missing objects, a detached HEAD) never blocks the event: the change is
saved, and one line (:data:`notice`) says it was not recorded and why.  ``.git`` keeps the
access of ``players.toml`` (a private event's history is private too).
"""

from __future__ import annotations

import contextlib
import contextvars
import fcntl
import getpass
import hashlib
import json
import os
import socket
import stat
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast

from ..errors import SwissError
from ..i18n import N_, _
from .layout import CLOCK_FILE, EVENT_FILE, PLAYERS_FILE, ROUNDS_DIR, round_file_name

GIT_DIR = ".git"
OWN_DIR = "swisstui"  # swisstui's own files inside .git: the lock, the intents, the stat cache
BRANCH = b"refs/heads/main"
#: files of a folder that are recorded besides rounds/NN.toml (the desk's, the prizes', the clock)
SIDE_FILES = ("desk.toml", "prizes.toml", CLOCK_FILE)
#: what ``git status`` need not show (info/exclude): swisstui's lock, journal, cache, prints
EXCLUDE = (".swisstui.lock", ".swisstui.journal", "*.swisstui-tmp", ".swisstui-cache/",
           ".swisstui.cache", "prints/")
SECTIONS_DIR = "sections"

#: Called with one line when a change was saved but could not be recorded (a damaged
#: ``.git``); the CLI prints it on stderr, the TUI on the status line.  None: silent.
notice: Callable[[str], None] | None = None


# ---- the action a change is recorded as ----------------------------------------------------

@dataclass(frozen=True)
class Action:
    """What a director did, in words (English, as the record keeps it), with the fields the
    log filters on and the reason when one was given."""

    words: str
    round: int | None = None
    board: int | None = None
    players: tuple[int, ...] = ()
    reason: str | None = None


_ACTION: contextvars.ContextVar[Action | None] = contextvars.ContextVar("swisstui_action",
                                                                        default=None)


@contextlib.contextmanager
def action(words: str, *, round: int | None = None, board: int | None = None,
           players: tuple[int, ...] | list[int] = (), reason: str | None = None
           ) -> Iterator[None]:
    """Record the changes made inside as ``words`` (the outermost action names them).  A
    reason is one line of text: a newline in it would have planted lines of its own in the
    record (``Swisstui-Round: 4`` read back as a trailer), so it is refused before anything
    is written."""
    if reason is not None:
        bad = next((ch for ch in reason if not ch.isprintable()), None)
        if bad is not None:
            raise SwissError(_("a reason is one line of text: no control characters ({ch!r} "
                               "in {value!r})").format(ch=bad, value=reason), field="reason")
    if _ACTION.get() is not None:
        yield
        return
    token = _ACTION.set(Action(words, round, board, tuple(players), reason))
    try:
        yield
    finally:
        _ACTION.reset(token)


# The record's own words, in English like every subject (the history view translates them:
# swisstui.core.services.history.subject_text)
STARTED = N_("history started: the event as it was")
OUTSIDE = N_("edited outside swisstui")
WRITE = N_("write")
FINISHED = " (finished after an interruption)"


def recorded(words: str, **fields: str) -> Callable:
    """A core service's decorator: its writes are recorded as ``words: arg=value, …`` (the
    arguments but the folder and the reason, which the message has on a line of its own);
    ``fields`` maps the log's fields (``round``, ``board``, ``player``: one name or several,
    ``"a,b"``) to argument names."""
    import functools
    import inspect

    def wrap(fn: Callable) -> Callable:
        sig = inspect.signature(fn)

        @functools.wraps(fn)
        def run(*args: Any, **kw: Any) -> Any:
            if _ACTION.get() is not None:
                return fn(*args, **kw)
            try:
                bound = sig.bind(*args, **kw)
            except TypeError:
                return fn(*args, **kw)
            values = dict(bound.arguments)
            shown = ", ".join(_shown(k, v) for k, v in values.items()
                              if k not in ("folder", "event", "root", "basis", "preview",
                                           "reason")
                              and not callable(v) and v not in (None, False, (), [], {}))

            def field(name: str) -> Any:
                key = fields.get(name)
                return values.get(key) if key else None
            named = [values.get(k) for k in (fields.get("player") or "").split(",") if k]
            players = tuple(p for v in named
                            for p in (v if isinstance(v, (list, tuple)) else (v,))
                            if isinstance(p, int))
            board, rnd = field("board"), field("round")
            with action(words + (f": {shown}" if shown else ""),
                        round=rnd if isinstance(rnd, int) else None,
                        board=board if isinstance(board, int) else None,
                        players=players, reason=values.get("reason")):
                return fn(*args, **kw)
        return run
    return wrap


#: argument names as the record says them ("round 4, board 2, 1-0")
_NAMES = {"round_no": "round", "board_no": "board", "pid": "player", "text": "", "changes": "", "fields": "",
          "kind": "", "name": ""}


def _shown(key: str, value: Any) -> str:
    name = _NAMES.get(key, key)
    if isinstance(value, dict):
        text = ", ".join(f"{k} {_short(v)}" for k, v in value.items())
    else:
        text = _short(value)
    if value is True:
        return name
    return f"{name} {text}" if name else text


def _short(value: Any) -> str:
    text = str(value)
    return text if len(text) <= 60 else text[:57] + "…"


# ---- who ------------------------------------------------------------------------------------

def director() -> tuple[str, str, str | None]:
    """(name, e-mail, SSH client address or None) of whoever runs this process."""
    try:
        login = getpass.getuser()
    except Exception:  # no login name (a container): the uid
        login = f"uid{os.getuid()}"
    name = os.environ.get("SWISSTUI_DIRECTOR", "").strip() or login
    host = socket.gethostname() or "localhost"
    client = os.environ.get("SSH_CLIENT", "").split(" ")[0] or None
    return _clean(name), _clean(f"{login}@{host}"), client


def _clean(text: str) -> str:
    return "".join(ch for ch in text if ch.isprintable() and ch not in "<>\n") or "?"


# ---- the files recorded ---------------------------------------------------------------------

def root_of(folder: Path) -> Path:
    from .sections import root_of as section_root
    return section_root(Path(folder)) or Path(folder)


def _prefix(folder: Path, root: Path) -> str:
    rel = os.path.relpath(os.path.abspath(folder), os.path.abspath(root))
    return "" if rel == "." else rel.replace(os.sep, "/") + "/"


def folder_files(folder: Path) -> list[str]:
    """The files of one folder (a section's, or the root's own) that history records,
    relative to it: event.toml, players.toml, rounds/NN.toml, the side files."""
    # read as the store reads them: through a link (a link is only ever read, never written
    # through to outside the folder); a named pipe or a folder in a file's place is skipped
    out = [name for name in (EVENT_FILE, PLAYERS_FILE, *SIDE_FILES) if _regular(folder / name)]
    rdir = folder / ROUNDS_DIR
    if os.path.isdir(rdir):
        try:
            names = sorted(os.listdir(rdir))
        except OSError:
            names = []
        for name in names:
            stem = name[:-5] if name.endswith(".toml") else ""
            if stem.isdecimal() and name == round_file_name(int(stem)) and \
                    _regular(rdir / name):
                out.append(f"{ROUNDS_DIR}/{name}")
    return out


def _regular(path: Path) -> bool:
    try:
        return stat.S_ISREG(os.stat(path).st_mode)
    except OSError:
        return False


def recordable(rel: str) -> bool:
    """Whether ``rel`` (relative to its folder) is a file history records."""
    if rel in (EVENT_FILE, PLAYERS_FILE, *SIDE_FILES):
        return True
    head, sep, name = rel.partition("/")
    stem = name[:-5] if name.endswith(".toml") else ""
    return bool(sep and head == ROUNDS_DIR and stem.isdecimal()
                and name == round_file_name(int(stem)))


def all_folders(root: Path) -> list[Path]:
    """The root and every section folder under it."""
    from .sections import section_folders
    try:
        return [root] + [p for _n, p in section_folders(root)]
    except SwissError:
        return [root]


def blob_id(data: bytes) -> bytes:
    """The git object id of a blob holding ``data`` (hex, as dulwich names objects)."""
    return hashlib.sha1(b"blob %d\0" % len(data) + data).hexdigest().encode()


# ---- per-thread record of what this lock hold wrote ------------------------------------------

_LOCAL = threading.local()


def _writes() -> dict[str, dict[str, bytes | None]]:
    """folder key -> {path relative to the root: bytes written, None deleted}."""
    got = getattr(_LOCAL, "writes", None)
    if got is None:
        got = _LOCAL.writes = {}
    return got


def wrote(folder: Path, ops: list[tuple[Path, bytes | None]]) -> None:
    """Called by the store under ``folder``'s lock before it writes ``ops`` (path, bytes or
    None to delete): on the folder's first write of this lock hold, history is settled and
    the intent written; the bytes are kept for the commit (:func:`record`)."""
    folder = Path(folder)
    root = root_of(folder)
    prefix = _prefix(folder, root)
    key = os.path.abspath(folder)
    mine = {}
    for path, data in ops:
        rel = os.path.relpath(os.path.abspath(path), key).replace(os.sep, "/")
        if recordable(rel):
            mine[prefix + rel] = data
    if not mine:
        return
    first = key not in _writes()
    if not first and not _writes()[key]:
        return  # this hold's history failed already (said once)
    _writes().setdefault(key, {}).update(mine)
    if first:
        try:
            with _repo_locked(root, keep=True) as repo:
                _settle(repo, root, folder)
                _write_intent(root, folder, _message(_ACTION.get(), folder, root))
        except _Unrecorded as exc:
            _say(str(exc))  # said once: this hold's commit is not tried again
            _writes()[key] = {}


def _deferred() -> dict[str, tuple[dict[str, bytes | None], list[Path]]]:
    """outer folder key -> (the writes of the folders inside its hold, those folders): they
    wait for its commit (:func:`record`)."""
    got = getattr(_LOCAL, "deferred", None)
    if got is None:
        got = _LOCAL.deferred = {}
    return got


def _outer(folder: Path, root: Path) -> str | None:
    """Another folder of the same event whose lock this thread holds, around ``folder``'s
    (adding a section writes the section under the root's lock): None when there is none."""
    from .locking import _held
    key, event = os.path.abspath(folder), os.path.abspath(root)
    return next((held for held in sorted(_held()) if held != key
                 and os.path.abspath(root_of(Path(held))) == event), None)


def record(folder: Path) -> None:
    """Called by the store when ``folder``'s lock is released: one commit of what this hold
    wrote (nothing written: nothing done).  Inside a hold of another folder of the same
    event, its writes join that hold's commit: one director action, one entry (adding a
    section was two, and restoring to the first gave a root of schema 1 with sections).
    Each folder's intent stays until that commit, so a crash before it is finished by the
    next command as any interrupted change is."""
    folder = Path(folder)
    key = os.path.abspath(folder)
    files, inner = _deferred().pop(key, ({}, []))
    mine = {**files, **_writes().pop(key, {})}
    if not mine:
        return
    root = root_of(folder)
    outer = _outer(folder, root)
    if outer is not None:
        joined, folders = _deferred().setdefault(outer, ({}, []))
        joined.update(mine)
        folders.extend([*inner, folder])
        return
    try:
        with _repo_locked(root) as repo:
            _commit(repo, root, mine, _message(_ACTION.get(), folder, root))
            for done in (*inner, folder):
                _clear_intent(root, done)
    except _Unrecorded as exc:
        _say(str(exc))


def settle(folder: Path) -> str | None:
    """Record ``folder``'s hand edits and its interrupted change now (the caller holds the
    folder's lock); nothing when the event has no history yet.  Returns why it could not
    (a damaged ``.git``) instead of saying it: the reader that settles says it its own way."""
    folder = Path(folder)
    root = root_of(folder)
    if not has_history(root):
        return None
    try:
        with _repo_locked(root) as repo:
            _settle(repo, root, folder)
    except _Unrecorded as exc:
        return str(exc)
    return None


def forget(folder: Path) -> None:
    """Drop what this hold noted for ``folder`` without recording (a write that failed
    before any file changed)."""
    _writes().pop(os.path.abspath(folder), None)
    _deferred().pop(os.path.abspath(folder), None)  # (their intents finish them later)
    repo = _kept().pop(os.path.abspath(root_of(Path(folder))), None)
    if repo is not None:
        with contextlib.suppress(Exception):
            repo.close()


def _say(line: str) -> None:
    if notice is not None:
        notice(line)


class _Unrecorded(Exception):
    """The history could not be written; the change itself is saved."""


# ---- the repository ---------------------------------------------------------------------------

def has_history(root: Path) -> bool:
    return os.path.isdir(Path(root) / GIT_DIR)


def not_a_folder(root: Path, *, reading: bool = False) -> str | None:
    """The one line saying ``root``'s ``.git`` is a file or a link (someone else's work
    tree, a copy gone wrong), never written through nor read; None when it is a folder or
    there is none.  A writer says its change is saved but not recorded; a reader
    (``reading``: ``swisstui log``, ``--show``, ``restore``) that the history cannot be
    read — both with the same remedy."""
    gdir = Path(root) / GIT_DIR
    if not (os.path.islink(gdir) or (os.path.lexists(gdir) and not gdir.is_dir())):
        return None
    if reading:
        return _("{path}: is not a folder; the history cannot be read (move it away); the event's files are not affected").format(path=gdir)
    return _("{path}: is not a folder; the change is saved but not recorded in the history (move it away)").format(path=gdir)


def _own(root: Path) -> Path:
    return Path(root) / GIT_DIR / OWN_DIR


def _players_mode(root: Path) -> int:
    try:
        return stat.S_IMODE(os.stat(Path(root) / PLAYERS_FILE).st_mode)
    except OSError:
        return 0o644


def _follow_mode(root: Path) -> None:
    """``.git`` gives no more access than players.toml: its directory's mode is the file's
    with the search bit where reading is allowed (0600 → 0700, 0644 → 0755)."""
    mode = _players_mode(root)
    want = 0o700 | (0o050 if mode & 0o040 else 0) | (0o005 if mode & 0o004 else 0)
    gdir = Path(root) / GIT_DIR
    try:
        if stat.S_IMODE(os.stat(gdir).st_mode) != want:
            os.chmod(gdir, want)
    except OSError:
        pass


def _kept() -> dict[str, Any]:
    """root -> the repository a lock hold opened in :func:`wrote`, kept open for its
    :func:`record` (one open a change, not two)."""
    got = getattr(_LOCAL, "repos", None)
    if got is None:
        got = _LOCAL.repos = {}
    return got


@contextlib.contextmanager
def _repo_locked(root: Path, keep: bool = False) -> Iterator[Any]:
    """The repository of ``root`` (made when missing) under the history lock; ``keep``
    leaves it open for the same hold's next use (which closes it)."""
    try:
        from dulwich.repo import Repo
    except ImportError as exc:  # pragma: no cover - a broken install
        raise _Unrecorded(_("history not recorded: the git library is missing ({error})").format(error=exc)) from None
    root = Path(root)
    gdir = root / GIT_DIR
    made = False
    try:
        damaged = not_a_folder(root)
        if damaged:
            raise _Unrecorded(damaged)
        if not gdir.exists():
            Repo.init(str(root))
            made = True
        own = _own(root)
        own.mkdir(exist_ok=True)
        fd = os.open(own / "lock", os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW, 0o600)
    except _Unrecorded:
        raise
    except Exception as exc:
        raise _Unrecorded(_("{path}: history not recorded ({error}); the change is saved").format(path=gdir, error=_err(exc))) from None
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        _sweep(root)
        key = os.path.abspath(root)
        try:
            repo = _kept().pop(key, None) or Repo(str(root))
            # a change's blob is one round file: compressed fast (git's core.looseCompression
            # 1: 250 KB in 2 ms, not 8); packing later compresses it again
            repo.object_store.loose_compression_level = 1
        except Exception as exc:
            raise _Unrecorded(_("{path}: history not recorded ({error}); the change is saved").format(path=gdir, error=_err(exc))) from None
        try:
            if made:
                repo.refs.set_symbolic_ref(cast(Any, b"HEAD"), cast(Any, BRANCH))
                with open(gdir / "info" / "exclude", "a", encoding="utf-8") as f:
                    f.write("".join(line + "\n" for line in EXCLUDE))
                _follow_mode(root)
            yield repo
        except _Unrecorded:
            keep = False
            raise
        except Exception as exc:
            keep = False
            raise _Unrecorded(_("{path}: history not recorded ({error}); the change is saved").format(path=gdir, error=_err(exc))) from None
        finally:
            if keep:
                _kept()[key] = repo
            else:
                repo.close()
    finally:
        os.close(fd)


def _err(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    return f"{type(exc).__name__}: {text[0]}" if text else type(exc).__name__


def _branch(repo: Any) -> bytes:
    """The branch HEAD names (refs/heads/main for swisstui's own); a detached HEAD is refused
    in one line (someone checked out an old commit with git)."""
    head = repo.refs.read_ref(b"HEAD")
    if head is None or (not head.startswith(b"ref: ") and
                        not (len(head) == 40 and all(c in b"0123456789abcdef" for c in head))):
        raise _Unrecorded(_("{path}: HEAD is damaged; the change is saved but not recorded: put 'ref: refs/heads/main' in .git/HEAD").format(path=Path(repo.path) / GIT_DIR))
    if not head.startswith(b"ref: "):
        raise _Unrecorded(_("{path}: HEAD is detached (an old state checked out with git); the change is saved but not recorded: run 'git checkout main' in the event folder").format(path=Path(repo.path) / GIT_DIR))
    return head[5:].strip()


def _head(repo: Any) -> bytes | None:
    return repo.refs.read_ref(_branch(repo))


# ---- trees --------------------------------------------------------------------------------------

def _flat(repo: Any, tree_id: bytes | None, skip: tuple[str, ...] = ()
          ) -> dict[str, tuple[int, bytes]]:
    """Every file of a tree: path -> (mode, blob id); the top-level folders ``skip`` not
    walked (a root's settle reads its own files, not every section's)."""
    out: dict[str, tuple[int, bytes]] = {}
    if tree_id is None:
        return out
    stack = [("", tree_id)]
    while stack:
        base, tid = stack.pop()
        for entry in repo.object_store[tid].iteritems():
            name = entry.path.decode("utf-8", "surrogateescape")
            if stat.S_ISDIR(entry.mode):
                if not base and name in skip:
                    continue
                stack.append((base + name + "/", entry.sha))
            else:
                out[base + name] = (entry.mode, entry.sha)
    return out


def _subtree(repo: Any, tree_id: bytes, prefix: str) -> bytes | None:
    """The tree at ``prefix`` ("sections/U1600/") in ``tree_id`` (None when missing)."""
    tid: bytes | None = tree_id
    for part in filter(None, prefix.split("/")):
        if tid is None:
            return None
        raw = part.encode("utf-8", "surrogateescape")
        tree = repo.object_store[tid]
        tid = tree[raw][1] if raw in tree and stat.S_ISDIR(tree[raw][0]) else None
    return tid


def _changed_tree(repo: Any, tree_id: bytes | None, changes: dict[str, bytes | None]) -> bytes:
    """The tree ``tree_id`` with ``changes`` (path -> blob id, None: removed) applied; the
    subtrees no change reaches are reused as they are."""
    from dulwich.objects import Tree
    store = repo.object_store
    tree = Tree()
    if tree_id is not None:
        for entry in store[tree_id].iteritems():
            tree.add(entry.path, entry.mode, entry.sha)
    here: dict[str, bytes | None] = {}
    below: dict[str, dict[str, bytes | None]] = {}
    for path, blob in changes.items():
        head, sep, rest = path.partition("/")
        if sep:
            below.setdefault(head, {})[rest] = blob
        else:
            here[head] = blob
    for name, blob in here.items():
        raw = name.encode("utf-8", "surrogateescape")
        if blob is None:
            if raw in tree:
                del tree[raw]
        else:
            tree.add(raw, 0o100644, cast(Any, blob))
    for name, sub in below.items():
        raw = name.encode("utf-8", "surrogateescape")
        old = tree[raw][1] if raw in tree and stat.S_ISDIR(tree[raw][0]) else None
        new = _changed_tree(repo, old, sub)
        if len(store[new]) == 0:
            if raw in tree:
                del tree[raw]
        else:
            tree.add(raw, 0o040000, cast(Any, new))
    store.add_object(tree)
    return tree.id


def _commit(repo: Any, root: Path, files: dict[str, bytes | None], message: tuple[str, str]
            ) -> bytes | None:
    """Commit ``files`` (path from the root -> bytes, None: deleted) over HEAD's tree; no
    commit when the tree is unchanged.  Returns the new commit id."""
    from dulwich.objects import Blob
    branch = _branch(repo)
    parent = repo.refs.read_ref(branch)
    old_tree = repo.object_store[parent].tree if parent else None
    changes: dict[str, bytes | None] = {}
    for path, data in files.items():
        if data is None:
            changes[path] = None
        else:
            blob = Blob.from_string(data)
            repo.object_store.add_object(blob)
            changes[path] = blob.id
    tree = _changed_tree(repo, old_tree, changes)
    if tree == old_tree:
        return None
    made = _new_commit(repo, tree, [parent] if parent else [], message)
    ok = (repo.refs.set_if_equals(branch, parent, made) if parent
          else repo.refs.add_if_new(branch, made))
    if not ok:  # pragma: no cover - the history lock serialises swisstui's writers
        raise _Unrecorded(_("{path}: history not recorded (the branch moved meanwhile); the change is saved").format(path=Path(root) / GIT_DIR))
    _remember(root, files, made)
    _stage(repo, root, files)
    _follow_mode(root)
    return made


def _stage(repo: Any, root: Path, files: dict[str, bytes | None]) -> None:
    """git's index follows the commit for the files it recorded, so plain ``git status``
    and ``git diff`` in the folder show only what changed since; each entry is made from
    the file's stat and the blob id already known (no second read or hash).  swisstui
    reads only the commits: a stale index is cosmetic, so a failure here is let pass."""
    from dulwich.index import index_entry_from_stat
    with contextlib.suppress(Exception):
        index = repo.open_index()
        for path, data in files.items():
            key = path.encode("utf-8", "surrogateescape")
            if data is None:
                if key in index:
                    del index[key]
                continue
            try:
                st = os.stat(Path(root) / path)
            except OSError:
                continue
            index[key] = index_entry_from_stat(st, cast(Any, blob_id(data)), mode=0o100644)
        _write_index(index, Path(repo.index_path()))


def _write_index(index: Any, path: Path) -> None:
    """The index written as dulwich writes it, to a temp file renamed over it, without the
    fsync dulwich's own write makes (the index is cosmetic, and the fsync cost 7 ms a
    change on this box); dulwich's own write when its layout is not the one known."""
    from dulwich.index import IndexChecksumWriter, write_index_dict
    try:
        byname, version = index._byname, index._version
        fmt = index._object_format
        extensions = [ext for ext in index._extensions if ext.to_bytes()]
    except AttributeError:  # pragma: no cover - another dulwich
        index.write()
        return
    tmp = path.with_name(f"index.swisstui-{os.getpid()}.tmp")
    with open(tmp, "wb") as f:
        writer = IndexChecksumWriter(f, fmt)
        write_index_dict(writer, byname, version=version, extensions=extensions,
                         object_format=fmt)
        writer.write_checksum()
    os.replace(tmp, path)


def _new_commit(repo: Any, tree: bytes, parents: list[bytes], message: tuple[str, str]) -> bytes:
    from dulwich.objects import Commit
    name, email, _client = director()
    subject, body = message
    c = Commit()
    c.tree = tree
    c.parents = cast(Any, parents)
    c.author = f"{name} <{email}>".encode()
    c.committer = b"swisstui <swisstui@localhost>"
    now = int(time.time())
    offset = -time.altzone if time.daylight and time.localtime(now).tm_isdst else -time.timezone
    c.author_time = c.commit_time = now
    c.author_timezone = c.commit_timezone = offset
    c.encoding = b"UTF-8"
    c.message = (subject + ("\n\n" + body if body else "") + "\n").encode("utf-8")
    repo.object_store.add_object(c)
    return c.id


def _message(act: Action | None, folder: Path, root: Path, words: str | None = None
             ) -> tuple[str, str]:
    """(subject, body with trailers) of a commit."""
    from .sections import root_name
    subject = words or (act.words if act is not None else WRITE)  # recorded in English
    lines: list[str] = []
    if act is not None and act.reason:
        lines += [f"Reason: {act.reason}", ""]
    trailers = []
    if act is not None:
        if act.round is not None:
            trailers.append(f"Swisstui-Round: {act.round}")
        if act.board is not None:
            trailers.append(f"Swisstui-Board: {act.board}")
        trailers += [f"Swisstui-Player: {p}" for p in act.players]
    prefix = _prefix(folder, root)
    try:
        section = prefix.rstrip("/").rpartition("/")[2] if prefix else root_name(root)
    except SwissError:
        section = ""
    if section and (prefix or several(root)):
        trailers.append(f"Swisstui-Section: {section}")
    client = director()[2]
    if client:
        trailers.append(f"Swisstui-Client: {client}")
    return subject, "\n".join(lines + trailers)


def several(root: Path) -> bool:
    """Whether the event has several sections (:func:`.sections.has_sections`)."""
    from .sections import has_sections
    try:
        return has_sections(Path(root))
    except SwissError:
        return False


# ---- intents and settling --------------------------------------------------------------------

def _intent_path(root: Path, folder: Path) -> Path:
    key = hashlib.sha1(_prefix(folder, root).encode()).hexdigest()[:12]
    return _own(root) / f"pending-{key}"


def _write_own(path: Path, data: bytes) -> None:
    """One of swisstui's own files in ``.git/swisstui`` written whole (a temp file beside it,
    renamed; the history lock is held, and a temp file a killed writer left is removed by
    the next one: :func:`_sweep`)."""
    tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_NOFOLLOW, 0o600)
    try:  # no fsync: a kill -9 keeps what was written (the page cache); a power cut may
        os.write(fd, data)  # lose an intent, and the change is then a hand edit's
    finally:
        os.close(fd)
    os.replace(tmp, path)


#: git's lock files a writer killed while updating a ref or the index leaves behind: while
#: one is there no ref can move (every later change would go unrecorded)
GIT_LOCKS = ("HEAD.lock", "index.lock", "packed-refs.lock")
STALE_LOCK_SECONDS = 2.0  # a lock this old, while swisstui holds the history lock, is dead


def _sweep(root: Path) -> None:
    """Under the history lock: the temp files of a writer killed while writing one of
    swisstui's own files, and git's lock files a killed writer left (``refs/heads/main.lock``
    after a ``kill -9`` during the branch's update).  A git lock younger than
    :data:`STALE_LOCK_SECONDS` may be the ``git`` program's at work: it is waited for."""
    with contextlib.suppress(OSError):
        for name in os.listdir(_own(root)):
            if name.endswith(".tmp"):
                with contextlib.suppress(OSError):
                    os.unlink(_own(root) / name)
    gdir = Path(root) / GIT_DIR
    with contextlib.suppress(OSError):
        for name in os.listdir(gdir):
            if name.startswith("index.swisstui-") and name.endswith(".tmp"):
                with contextlib.suppress(OSError):
                    os.unlink(gdir / name)
    locks = [gdir / name for name in GIT_LOCKS]
    with contextlib.suppress(OSError):
        heads = gdir / "refs" / "heads"
        locks += [heads / name for name in os.listdir(heads) if name.endswith(".lock")]
    for lock in locks:
        deadline = time.monotonic() + STALE_LOCK_SECONDS
        while os.path.lexists(lock):
            try:
                age = time.time() - os.lstat(lock).st_mtime
            except OSError:
                break
            if age >= STALE_LOCK_SECONDS or time.monotonic() >= deadline:
                with contextlib.suppress(OSError):
                    os.unlink(lock)
                break
            time.sleep(0.05)


def _write_intent(root: Path, folder: Path, message: tuple[str, str]) -> None:
    data = json.dumps({"folder": _prefix(folder, root), "subject": message[0],
                       "body": message[1], "time": time.time()}).encode()
    _write_own(_intent_path(root, folder), data)


def _clear_intent(root: Path, folder: Path) -> None:
    with contextlib.suppress(FileNotFoundError):
        os.unlink(_intent_path(root, folder))


def _settle(repo: Any, root: Path, folder: Path) -> None:
    """Under the history lock, before ``folder``'s first write: the event as it stands is
    committed — whole when history starts, else an interrupted change with its intent's
    words, else a hand edit of this folder's files."""
    head = _head(repo)
    if head is None:  # history starts: every section's files as they are
        files: dict[str, bytes | None] = {}
        for f in all_folders(root):
            prefix = _prefix(f, root)
            for rel in folder_files(f):
                files[prefix + rel] = _read(f / rel)
        if files:
            _commit(repo, root, files, (STARTED, ""))
        return
    prefix = _prefix(folder, root)
    intent = _intent_path(root, folder)
    cache = _stat_cache(root)
    if cache.get(HEAD_KEY) == head.decode() and not os.path.exists(intent) and \
            _unchanged(folder, prefix, cache):
        return  # as recorded: every file's stat the one recorded, HEAD the one it described
    tree = _flat(repo, _subtree(repo, repo.object_store[head].tree, prefix), (SECTIONS_DIR,))
    known = {prefix + p: sha for p, (_m, sha) in tree.items()
             if recordable(p) and not p.startswith(SECTIONS_DIR + "/")}
    now = {prefix + rel: rel for rel in folder_files(folder)}
    changed: dict[str, bytes | None] = {}
    for path, rel in now.items():
        sha, data = _sha_of(folder / rel, path, cache)
        if known.get(path) != sha:
            changed[path] = data if data is not None else _read(folder / rel)
    for path in known:
        if path not in now:
            changed[path] = None
    pending = None
    if os.path.exists(intent):
        try:
            pending = json.loads(intent.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            pending = {"subject": "a change", "body": ""}
    if changed:
        if pending is not None:
            subject = f"{pending.get('subject', '')}{FINISHED}"
            _commit(repo, root, changed, (subject, str(pending.get("body", ""))))
        else:
            names = ", ".join(sorted(changed))
            _commit(repo, root, changed, (f"{OUTSIDE}: {names}", ""))
    if pending is not None:
        _clear_intent(root, folder)


def _unchanged(folder: Path, prefix: str, cache: dict[str, Any]) -> bool:
    """Whether the folder's recorded files are exactly those the stat cache lists under
    ``prefix``, each with the stat it was recorded with (nothing to settle)."""
    names = folder_files(folder)
    listed = {p for p in cache if p.startswith(prefix) and p != HEAD_KEY
              and "/" not in p[len(prefix):].replace(ROUNDS_DIR + "/", "", 1)}
    if listed != {prefix + rel for rel in names}:
        return False
    for rel in names:
        got = cache.get(prefix + rel)
        if not isinstance(got, list) or got[:4] != _stamp(folder / rel):
            return False
    return True


def _read(path: Path) -> bytes:
    with open(path, "rb") as f:
        return f.read()


# the stat cache: path -> [mtime_ns, size, ino, ctime_ns, blob id]; a file whose stat is
# unchanged since it was last recorded is not read again to find out whether it changed
def _stat_file(root: Path) -> Path:
    return _own(root) / "stat.json"


def _stat_cache(root: Path) -> dict[str, Any]:
    try:
        data = json.loads(_stat_file(root).read_text(encoding="utf-8"))
        return data if isinstance(data, dict) else {}
    except (OSError, ValueError):
        return {}


def _stamp(path: Path) -> list | None:
    try:
        st = os.stat(path)
    except OSError:
        return None
    return [st.st_mtime_ns, st.st_size, st.st_ino, st.st_ctime_ns]


def _sha_of(path: Path, key: str, cache: dict[str, Any]) -> tuple[bytes, bytes | None]:
    """(blob id, the bytes when they had to be read) of a folder's file."""
    stamp = _stamp(path)
    got = cache.get(key)
    if stamp is not None and isinstance(got, list) and got[:4] == stamp and len(got) == 5:
        return str(got[4]).encode(), None
    data = _read(path)
    return blob_id(data), data


HEAD_KEY = "\u0000head"  # the stat cache's record of the commit it describes


def _remember(root: Path, files: dict[str, bytes | None], head: bytes) -> None:
    """After a commit: the stat of each file recorded, so the next settle skips it, and
    the commit the cache now describes."""
    cache = _stat_cache(root)
    cache[HEAD_KEY] = head.decode()
    for path, data in files.items():
        if data is None:
            cache.pop(path, None)
            continue
        stamp = _stamp(Path(root) / path)
        if stamp is not None and _read_matches(Path(root) / path, data, stamp):
            cache[path] = [*stamp, blob_id(data).decode()]
        else:
            cache.pop(path, None)
    with contextlib.suppress(OSError):
        _write_own(_stat_file(root), json.dumps(cache).encode())


def _read_matches(path: Path, data: bytes, stamp: list) -> bool:
    """Whether the file holds ``data`` now (its size says so cheaply; same size: read)."""
    if stamp[1] != len(data):
        return False
    try:
        return _read(path) == data
    except OSError:
        return False
