"""The event's history as a director reads it (issue 34; docs/FORMAT.md "History"): the log
of every change (``swisstui log``), one entry in the director's words ("round 3 board 7:
1-0 → 0-1"), and bringing the event back to any moment as a new change (``swisstui
restore``, nothing rewritten).  The record itself is written by the store
(:mod:`swisstui.core.store.history`); this module only reads it, and ``restore`` writes
through the store like every other change."""

from __future__ import annotations

import datetime as dt
import os
import re
import shutil
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass, fields
from decimal import Decimal
from enum import Enum
from pathlib import Path
from typing import Any

from .. import fees, store
from ..errors import SwissError
from ..fees import DESK_FILE
from ..i18n import N_, _
from ..model import ByeKind, Event
from ..store import history as record

Folder = str | os.PathLike[str]


@dataclass(frozen=True)
class Entry:
    """One change on the record, numbered from 1 (the oldest)."""

    number: int
    id: str  # the commit's id (hex)
    time: str  # ISO 8601, the author's time with its offset
    author: str
    email: str
    subject: str
    reason: str | None = None
    round: int | None = None
    board: int | None = None
    players: tuple[int, ...] = ()
    section: str | None = None
    client: str | None = None

    @property
    def short(self) -> str:
        return self.id[:8]


def _repo(root: Path) -> Any:
    """The event's repository, read-only; one line when there is none or it is damaged."""
    from dulwich.repo import Repo
    gdir = root / record.GIT_DIR
    damaged = record.not_a_folder(root, reading=True)
    if damaged:
        raise SwissError(damaged)
    if not gdir.is_dir():
        raise SwissError(_("{event}: no history yet: it starts with the event's next change").format(event=root))
    try:
        return Repo(str(root))
    except Exception as exc:
        raise SwissError(_("{path}: the history cannot be read ({error}); the event's files are not affected").format(path=gdir, error=record._err(exc))) from None


def _parse(number: int, commit: Any) -> Entry:
    text = commit.message.decode("utf-8", "replace")
    subject, _sep, body = text.partition("\n")
    fields: dict[str, list[str]] = {}
    reason = None
    for line in body.splitlines():
        key, sep, value = line.partition(": ")
        if sep and key.startswith("Swisstui-"):
            fields.setdefault(key, []).append(value.strip())
        elif sep and key == "Reason":
            reason = value.strip()
    author = commit.author.decode("utf-8", "replace")
    name, _lt, email = author.partition(" <")
    tz = dt.timezone(dt.timedelta(seconds=commit.author_timezone))
    when = dt.datetime.fromtimestamp(commit.author_time, tz).isoformat(timespec="seconds")

    def one(key: str) -> int | None:
        got = fields.get(key)
        return int(got[0]) if got and got[0].lstrip("-").isdecimal() else None
    return Entry(number, commit.id.decode(), when, name, email.rstrip(">"), subject.strip(),
                 reason, one("Swisstui-Round"), one("Swisstui-Board"),
                 tuple(int(p) for p in fields.get("Swisstui-Player", []) if p.isdecimal()),
                 next(iter(fields.get("Swisstui-Section", [])), None),
                 next(iter(fields.get("Swisstui-Client", [])), None))


def _commits(repo: Any) -> list[Any]:
    """Every commit of HEAD's line, oldest first (first parents: swisstui never merges)."""
    return list(_newest_first(repo))[::-1]


def settle(event: Folder) -> None:
    """Record what stands before reading the history: each folder's hand edits and
    interrupted changes (:mod:`swisstui.core.store.history`), each under its own lock."""
    root = record.root_of(Path(event))
    if not record.has_history(root):
        return
    for folder in record.all_folders(root):
        store.settle_history(folder)


_RESTORED = re.compile(r"restore to #(\d+) \(([0-9a-f]+)\): (.*)", re.S)
_ITEM = re.compile(r"(round|board|player) (\d+)")
ITEM_WORDS = {"round": N_("round {n}"), "board": N_("board {n}"), "player": N_("player {n}")}


def subject_text(subject: str) -> str:
    """An entry's subject in the director's language.  The record keeps it in English (a git
    message, the same for every reader, and what ``--json`` gives); what is shown translates
    the action (marked where the service is recorded, ``@recorded("result", …)``),
    ``round 3``, ``board 2``, ``player 5``, a restore and a change finished after an
    interruption.  The values stay as recorded: a result, a name, a file."""
    if not subject:
        return subject
    if subject.endswith(record.FINISHED):
        return _("{subject} (finished after an interruption)").format(
            subject=subject_text(subject[:-len(record.FINISHED)]))
    m = _RESTORED.fullmatch(subject)
    if m:
        return _("restore to #{n} ({id}): {subject}").format(n=m[1], id=m[2],
                                                             subject=subject_text(m[3]))
    whole = _(subject)
    if whole != subject:
        return whole
    head, sep, rest = subject.partition(": ")
    if not sep:
        return _(head)
    items = []
    for item in rest.split(", "):
        hit = _ITEM.fullmatch(item)
        items.append(_(ITEM_WORDS[hit[1]]).format(n=hit[2]) if hit else item)
    return (_(head) if head else head) + ": " + ", ".join(items)


def _readable(root: Path) -> None:
    """An event folder, else its own line.  A file of it that does not read (a hand edit
    gone wrong) does not stop the history being read: the history is how it is mended
    (``swisstui restore`` to an entry before the edit)."""
    from ..errors import EventFileError
    try:
        store.load(root)
    except EventFileError:
        if not (record.has_history(root) and (root / store.EVENT_FILE).is_file()):
            raise


def log(event: Folder, *, round: int | None = None, board: int | None = None,
        player: int | None = None, since: str | None = None, section: str | None = None
        ) -> list[Entry]:
    """The changes on the record, newest first, those matching every filter given:
    ``round``/``board``/``player`` as the change named them, ``since`` an ISO date or
    date-time (the entries from then on), ``section`` a section's name (its
    ``Swisstui-Section``: one the event has, or had when an entry names it, else a one-line
    refusal).  The history is the whole event's, whichever of its folders is given."""
    root = record.root_of(Path(event))
    _readable(root)
    settle(root)
    repo = _repo(root)
    try:
        commits = _commits(repo)
    except Exception as exc:
        raise SwissError(_("{path}: the history cannot be read ({error}); the event's files are not affected").format(path=root / record.GIT_DIR, error=record._err(exc))) from None
    finally:
        repo.close()
    start = _since(since)
    out = []
    named: set[str | None] = set()  # the sections the entries name
    for number, commit in enumerate(commits, 1):
        e = _parse(number, commit)
        named.add(e.section)
        if round is not None and e.round != round:
            continue
        if board is not None and e.board != board:
            continue
        if player is not None and player not in e.players:
            continue
        if section is not None and e.section != section:
            continue
        if start is not None and dt.datetime.fromisoformat(e.time) < start:
            continue
        out.append(e)
    if section is not None and section not in named:
        _known_section(root, event, section)
    out.reverse()
    return out


def _known_section(root: Path, event: Folder, name: str) -> None:
    """A section the event has (none of whose changes is on the record yet), else the
    one-line refusal of an unknown ``--section``."""
    from ..store import sections as layout
    try:
        names = [record_section_name(root)] + [n for n, _f in layout.section_folders(root)]
    except SwissError:
        names = [record_section_name(root)]
    if name not in names:
        raise SwissError(_("no section {name} in {event} (sections: {items})").format(name=name, event=event, items=", ".join(names)), field="section")


def folder_section(event: Folder) -> str | None:
    """The section whose folder ``event`` is (``EVENT/sections/U1600``: ``U1600``): what
    ``swisstui log`` given a section's folder lists, as ``--section U1600`` does; None for
    the event's own folder (every section's entries)."""
    folder = Path(event)
    prefix = record._prefix(folder, record.root_of(folder))
    return prefix.rstrip("/").rpartition("/")[2] or None


def _since(text: str | None) -> dt.datetime | None:
    if not text:
        return None
    try:
        when = dt.datetime.fromisoformat(text)
    except ValueError:
        raise SwissError(_("--since {value}: a date (2026-05-01) or a date and time (2026-05-01T14:30)").format(value=text), field="since") from None
    return when if when.tzinfo is not None else when.astimezone()


def find(event: Folder, which: str, entries: list[Entry] | None = None) -> Entry:
    """The entry ``which`` names: its number in the log (``12`` or ``#12``) or the start of
    its id (at least 4 hex digits); ``entries``: the log when already read.

    An id's start may be all digits (``9715565``): digits name the entry with that number
    when there is one (the log shows 8 characters of an id; no event reaches 10 million
    entries), and an id's start otherwise; ``#12`` is always a number."""
    entries = log(event) if entries is None else entries
    text = which.strip()
    numbered = text.startswith("#")
    text = text.lstrip("#").strip()
    if text.isdecimal() and text.isascii():
        by_number = [e for e in entries if e.number == int(text)]
    else:
        by_number = []
    hits = [] if numbered or by_number or len(text) < 4 else [
        e for e in entries if e.id.startswith(text.lower())]
    if by_number:
        return by_number[0]
    if len(hits) == 1:
        return hits[0]
    if len(hits) > 1:
        raise SwissError(_("{value}: the ids of {count} entries start with it; give more of the id").format(value=which, count=len(hits)), field="to")
    if text.isdecimal() and (numbered or len(text) < 4):
        raise SwissError(_("no entry #{n} in the history (entries 1–{last})").format(n=text, last=len(entries)), field="to")
    raise SwissError(_("{value}: not an entry of the history (give its number from swisstui log, or its id)").format(value=which), field="to")


# ---- an entry's files, read back as events -----------------------------------------------------

@dataclass(frozen=True)
class Snapshot:
    """The event's files at one entry: section folder prefix ("" for the root) -> path ->
    bytes."""

    files: dict[str, dict[str, bytes]]


def snapshot(event: Folder, entry: Entry | None) -> Snapshot:
    """The files recorded at ``entry`` (None: nothing, before the history's start)."""
    root = record.root_of(Path(event))
    out: dict[str, dict[str, bytes]] = {}
    if entry is None:
        return Snapshot(out)
    repo = _repo(root)
    try:
        commit = repo.object_store[entry.id.encode()]
        for path, (_mode, sha) in record._flat(repo, commit.tree).items():
            folder, rel = _split(path)
            if rel is not None and record.recordable(rel):
                out.setdefault(folder, {})[rel] = repo.object_store[sha].as_raw_string()
    except KeyError as exc:
        raise SwissError(_("{path}: the history is missing an object ({error}); the event's files are not affected").format(path=root / record.GIT_DIR, error=exc)) from None
    finally:
        repo.close()
    return Snapshot(out)


def _split(path: str) -> tuple[str, str | None]:
    """(section folder prefix, path in it) of a recorded path; None for a path no section
    of the event can hold (a tree from someone else's commit naming ``sections/../``): a
    restore writes only into the event's own folders."""
    from ..store.sections import plain_word
    if path.startswith(record.SECTIONS_DIR + "/"):
        parts = path.split("/", 2)
        if len(parts) == 3 and plain_word(parts[1]):
            return f"{parts[0]}/{parts[1]}/", parts[2]
        return "", None
    return "", path


def current(event: Folder) -> Snapshot:
    """The event's recorded files as they are on disk now."""
    root = record.root_of(Path(event))
    out: dict[str, dict[str, bytes]] = {}
    for folder in record.all_folders(root):
        prefix = record._prefix(folder, root)
        for rel in record.folder_files(folder):
            out.setdefault(prefix, {})[rel] = (folder / rel).read_bytes()
    return Snapshot(out)


def _events(snap: Snapshot, root: Path) -> Iterator[tuple[str, Event | None]]:
    """Each section of a snapshot read back as an event (None: it has no event.toml)."""
    with tempfile.TemporaryDirectory(prefix="swisstui-history-") as tmp:
        base = Path(tmp) / "event"
        base.mkdir()
        for prefix, files in sorted(snap.files.items()):
            for rel, data in files.items():
                path = base / prefix / rel
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_bytes(data)
        for prefix in sorted(snap.files):
            folder = base / prefix if prefix else base
            name = prefix.rstrip("/").rpartition("/")[2] if prefix else ""
            if not (folder / "event.toml").exists():
                yield name, None
                continue
            try:
                yield name, store.load(folder)
            except SwissError:
                yield name, None


# ---- what changed, in the director's words --------------------------------------------------------

Events = dict[str, Event | None]  # a snapshot's sections read back (:func:`_events`)


def describe(before: Snapshot, after: Snapshot, root: Path,
             read: tuple[Events, Events] | None = None) -> list[str]:
    """What differs between two snapshots, as a director says it: rounds paired or removed,
    results, pairings, players, settings (each section named when the event has several).
    ``read``: both snapshots' events when the caller has read them already."""
    old, new = read if read is not None else (dict(_events(before, root)),
                                               dict(_events(after, root)))
    several = len(set(old) | set(new)) > 1
    lines: list[str] = []
    for name in sorted(set(old) | set(new), key=lambda n: (n != "", n)):
        a, b = old.get(name), new.get(name)
        bf, af = before.files.get(_key(name), {}), after.files.get(_key(name), {})
        changed = ", ".join(sorted(f for f in set(bf) | set(af) if bf.get(f) != af.get(f)))
        broke_a = a is None and store.EVENT_FILE in bf  # files there that do not read
        broke_b = b is None and store.EVENT_FILE in af
        if broke_a and broke_b:
            here = [_("files changed: {files}").format(files=changed)] if bf != af else []
        elif broke_a:
            here = [_("the files read as an event again: {files}").format(files=changed)]
        elif broke_b:
            here = [_("the files no longer read as an event: {files}").format(files=changed)]
        else:
            here = _describe_event(a, b)
        if bf.get(DESK_FILE) != af.get(DESK_FILE):
            here += _describe_desk(bf.get(DESK_FILE), af.get(DESK_FILE), b or a)
        if not here and bf != af:  # (only the files whose bytes differ: every file was named)
            here = [_("files changed: {files}").format(files=changed)]
        label = name or (record_section_name(root) if several else "")
        lines += [f"{label}: {line}" if label and several else line for line in here]
    return lines


def record_section_name(root: Path) -> str:
    from ..store.sections import root_name
    try:
        return root_name(root)
    except SwissError:
        return "main"


def _key(name: str) -> str:
    return f"{record.SECTIONS_DIR}/{name}/" if name else ""


def _describe_event(a: Event | None, b: Event | None) -> list[str]:
    if a is None and b is None:
        return []
    if a is None:
        assert b is not None
        return [_("section added: {name}, {players} players, {rounds} rounds paired").format(name=b.settings.name, players=len(b.players), rounds=len(b.rounds))]
    if b is None:
        return [_("section removed")]
    out: list[str] = []
    sa, sb = a.settings, b.settings
    if sa != sb:
        for key in sorted(f.name for f in fields(sa)):
            x, y = getattr(sa, key), getattr(sb, key)
            if x != y:
                out.append(_("setting {key}: {before} → {after}").format(key=key, before=_text(x), after=_text(y)))
    pa, pb = a.by_id(), b.by_id()
    for pid in sorted(set(pa) | set(pb)):
        x, y = pa.get(pid), pb.get(pid)
        if x is None and y is not None:
            out.append(_("player {pid} {name} added").format(pid=pid, name=y.name))
        elif y is None and x is not None:
            out.append(_("player {pid} {name} removed").format(pid=pid, name=x.name))
        elif x is not None and y is not None and x != y:
            changed = [f"{k}: {_text(getattr(x, k))} → {_text(getattr(y, k))}"
                       for k in x.__dataclass_fields__ if getattr(x, k) != getattr(y, k)]
            out.append(_("player {pid} {name}: {changes}").format(pid=pid, name=y.name, changes="; ".join(changed)))
    ra = {r.number: r for r in a.rounds}
    rb = {r.number: r for r in b.rounds}
    for n in sorted(set(ra) | set(rb)):
        x, y = ra.get(n), rb.get(n)
        if x is None and y is not None:
            out.append(_("round {round} paired: {boards} boards").format(round=n, boards=len(y.boards)))
            if not y.published:
                out.append(_("round {round} is a draft: the players do not see it").format(round=n))
            continue
        if y is None:
            out.append(_("round {round} removed").format(round=n))
            continue
        assert x is not None
        if x.published and not y.published:
            out.append(_("round {round} back to draft: the players no longer see it").format(round=n))
        elif y.published and not x.published:
            out.append(_("round {round} published: the players see it").format(round=n))
        bx = {bd.number: bd for bd in x.boards}
        by = {bd.number: bd for bd in y.boards}
        for num in sorted(set(bx) | set(by)):
            p, q = bx.get(num), by.get(num)
            if p is None and q is not None:
                out.append(_("round {round} board {board}: new, {a} v {b}").format(round=n, board=num, a=_who(b, q.players[0]), b=_who(b, q.players[1])))
            elif q is None and p is not None:
                out.append(_("round {round} board {board}: removed ({a} v {b})").format(round=n, board=num, a=_who(a, p.players[0]), b=_who(a, p.players[1])))
            elif p is not None and q is not None:
                if p.players != q.players:
                    out.append(_("round {round} board {board}: {before} → {after}").format(round=n, board=num, before=f"{_who(a, p.players[0])} v {_who(a, p.players[1])}", after=f"{_who(b, q.players[0])} v {_who(b, q.players[1])}"))
                rp = p.result.text if p.result else None
                rq = q.result.text if q.result else None
                if rp != rq:
                    out.append(_("round {round} board {board}: {before} → {after}").format(round=n, board=num, before=rp or _("no result"), after=rq or _("no result")))
        if x.byes != y.byes:
            out.append(_("round {round}: byes {before} → {after}").format(round=n, before=", ".join(str(bye.player) for bye in x.byes) or "-", after=", ".join(str(bye.player) for bye in y.byes) or "-"))
    return out


def _desk(data: bytes | None) -> fees.Desk | None:
    """A snapshot's desk file read by the desk's own reader (None: none, or it does not
    read: the entry is then named by its file)."""
    if data is None:
        return fees.Desk()
    with tempfile.TemporaryDirectory(prefix="swisstui-history-") as tmp:
        path = Path(tmp) / DESK_FILE
        path.write_bytes(data)
        try:
            return fees.read_desk(path)
        except SwissError:
            return None


def _describe_desk(before: bytes | None, after: bytes | None, ev: Event | None) -> list[str]:
    """What a desk change did, as the desk says it: check-in opened or closed, a player's
    state, fee, discount and payments (issue 35; docs/FORMAT.md "desk.toml")."""
    from ..interop.tables import money_text
    from ..registration import STATE_WORDS
    from ..i18n import current
    a, b = _desk(before), _desk(after)
    if a is None or b is None:
        return []
    out: list[str] = []
    if a.currency != b.currency:
        out.append(_("currency: {before} → {after}").format(before=a.currency or "—", after=b.currency or "—"))
    if a.checkin_open != b.checkin_open:
        out.append(_("check-in opened") if b.checkin_open else _("check-in closed"))
    if a.self_checkin != b.self_checkin:
        out.append(_("self check-in opened") if b.self_checkin else _("self check-in closed"))
    lang = current()

    def cash(amount: Decimal) -> str:
        return money_text(amount, b.currency, lang)

    for pid in sorted({e.id for e in a.entries} | {e.id for e in b.entries}):
        x, y = a.entry(pid), b.entry(pid)
        if x == y:
            continue
        items = []
        if x.state != y.state:
            items.append(_("state {before} → {after}").format(
                before=_(STATE_WORDS.get(x.state, x.state)), after=_(STATE_WORDS.get(y.state, y.state))))
        if x.due != y.due:
            items.append(_("due {before} → {after}").format(before=cash(x.due), after=cash(y.due)))
        if x.discount != y.discount or x.reason != y.reason:
            items.append(_("discount {before} → {after}").format(
                before=cash(x.discount) + (f" ({x.reason})" if x.reason else ""),
                after=cash(y.discount) + (f" ({y.reason})" if y.reason else "")))
        gone, came = list(x.payments), []
        for pay in y.payments:
            if pay in gone:
                gone.remove(pay)
            else:
                came.append(pay)
        items += [_("paid {amount} ({method})").format(amount=cash(p.amount), method=fees.method_word(p.method))
                  for p in came]
        items += [_("payment of {amount} ({method}) removed").format(amount=cash(p.amount), method=fees.method_word(p.method))
                  for p in gone]
        who = _who(ev, pid) if ev is not None else str(pid)
        out.append(_("desk: {player}: {changes}").format(player=who, changes="; ".join(items)))
    return out


def _who(ev: Event, pid: int) -> str:
    p = ev.player(pid)
    return f"{pid} {p.name}" if p is not None else str(pid)


def _text(value: Any) -> str:
    """A field's value in the director's words: a bye as the prints name it, a requested
    bye with its round (``round 1: absent``), never Python's spelling of a value."""
    from ..interop.tables import BYE_TEXT
    if value is None or value == "":
        return "—"
    if isinstance(value, ByeKind):
        return _(BYE_TEXT[value])
    if isinstance(value, Enum):
        return str(value.value)
    if isinstance(value, tuple) and len(value) == 2 and isinstance(value[0], int) \
            and isinstance(value[1], ByeKind):
        return _("round {round}: {bye}").format(round=value[0], bye=_text(value[1]))
    if isinstance(value, (list, tuple)):
        return ", ".join(map(_text, value)) or "—"
    return str(value)


def _parent(entries: list[Entry], entry: Entry) -> Entry | None:
    return next((e for e in entries if e.number == entry.number - 1), None)


def show(event: Folder, which: str) -> tuple[Entry, list[str]]:
    """An entry and what it changed, in the director's words."""
    root = record.root_of(Path(event))
    entries = log(root)  # read once (10 000 entries: about a second)
    entry = find(root, which, entries)
    before = snapshot(root, _parent(entries, entry))
    return entry, describe(before, snapshot(root, entry), root)


@dataclass(frozen=True)
class Restore:
    """Bringing the event back to ``entry``: what changes (in words) and whether it was
    written."""

    entry: Entry
    changes: tuple[str, ...]
    written: bool


def _guarded(now: Events, then: Events, reason: str | None) -> None:
    """A restore is a change like any other: one that changes a published round (the event
    publishes by hand or runs in FIDE mode) or FIDE mode's locked tie-breaks needs a reason,
    as the result, the hand edit or the setting it undoes did (it undid them silently)."""
    from .. import fide_mode, publishing
    for name, ev in now.items():
        if ev is None:
            continue
        old = then.get(name)
        for rnd in ev.rounds:
            was = old.round(rnd.number) if old is not None else None
            if was != rnd:
                publishing.check_reason(ev, rnd.number, reason)
        if old is not None:
            fide_mode.check_settings_change(ev, old.settings, reason)


def restore(event: Folder, which: str, *, dry_run: bool = False,
            reason: str | None = None) -> Restore:
    """The event as it was at entry ``which``, written as a new change ("restore to #12");
    nothing of the history is rewritten, so the restore itself can be undone the same way.
    Refused in one line, nothing written, when that entry's files do not read as an event,
    or when it changes a published round or a locked setting without a ``reason``."""
    root = record.root_of(Path(event))
    entry = find(root, which)
    target = snapshot(root, entry)
    then = dict(_events(target, root))  # each snapshot read back as events once
    for name, ev in then.items():
        if ev is None and target.files.get(_key(name)):
            raise SwissError(_("entry #{n}'s files do not read as an event (a hand edit recorded then?); nothing restored").format(n=entry.number), field="to")
    now = current(root)
    now_read = dict(_events(now, root))
    changes = tuple(describe(now, target, root, (now_read, then)))
    if dry_run or not changes and now.files == target.files:
        return Restore(entry, changes, False)
    _guarded(now_read, then, reason)
    words = f"restore to #{entry.number} ({entry.short}): {entry.subject}"
    with record.action(words, reason=reason):
        for prefix in sorted(set(now.files) | set(target.files)):
            folder = root / prefix if prefix else root
            want = target.files.get(prefix, {})
            have = now.files.get(prefix, {})
            if want and not folder.exists():
                folder.mkdir(parents=True)
                (folder / "rounds").mkdir(exist_ok=True)
            ops: list[tuple[Path, bytes | None]] = [
                (folder / rel, data) for rel, data in sorted(want.items()) if have.get(rel) != data]
            ops += [(folder / rel, None) for rel in sorted(have) if rel not in want]
            if ops:
                store.replace_files(folder, ops)
            if not want and folder != root and folder.exists():
                shutil.rmtree(folder, ignore_errors=True)
    return Restore(entry, changes, True)


# ---- the boards of a published round changed since (issue 34 item 8) --------------------------

PUBLISH_WORDS = "publish the round"  # the words publish_round is recorded with
PAIR_WORDS = "pair the next round"  # … and pair_next


def changed_boards(folder: Folder, event: Event) -> dict[int, str]:
    """The boards of ``event``'s current round changed after it was published (the event
    publishes by hand, or is in FIDE mode: a change needs a reason), each with the time of
    its last change (``HH:MM``, the director's
    clock): a result corrected, two players swapped (their boards) — the changes made with a
    reason, as every change to a published round is.  Read from the history
    newest first, back to the round's publishing, writing nothing (the players' page calls
    it); {} when there is no such round or no readable history."""
    from .. import publishing
    folder = Path(folder)
    rnd = event.round(event.current_round)
    if rnd is None or not publishing.needs_reason(event, rnd.number):
        return {}  # a change to the round needs no reason: nothing to mark
    root = record.root_of(folder)
    if not record.has_history(root):
        return {}
    mine = section_trailer(folder, root)
    where = {pid: bd.number for bd in rnd.boards for pid in bd.players}
    out: dict[int, str] = {}
    try:
        from dulwich.repo import Repo
        repo = Repo(str(root))
    except Exception:
        return {}
    try:
        for commit in _newest_first(repo):
            e = _parse(0, commit)
            if e.section != mine:
                continue
            if e.subject.startswith((PUBLISH_WORDS, PAIR_WORDS)):
                break  # published there (by hand, or as paired: publish = auto)
            if e.round != rnd.number or not e.reason:  # a change to it needs a reason;
                continue  # a result entered for the first time is none
            boards = {e.board} if e.board is not None else {where[p] for p in e.players
                                                              if p in where}
            when = dt.datetime.fromisoformat(e.time).strftime("%H:%M")
            for b in boards:
                out.setdefault(b, when)
    except Exception:  # a damaged history: the page shows the round without marks
        return {}
    finally:
        repo.close()
    return out


def hand_edit(folder: Folder, event: Event, round_no: int, players: tuple[int, ...]
              ) -> list[str]:
    """Who edited by hand the board of ``players`` in round ``round_no``, when, and why:
    the newest hand edit on the record (:data:`swisstui.core.services.pairing.HAND_EDITS`)
    of that round naming one of them, or re-pairing the whole round — the lines a board's
    explanation ends with (issue 34 item 9).  Read newest first back to the start of the
    round's day, writing nothing; [] when none is found or the history cannot be read."""
    from .pairing import HAND_EDITS
    folder = Path(folder)
    root = record.root_of(folder)
    rnd = event.round(round_no)
    if rnd is None or not record.has_history(root):
        return []
    mine = section_trailer(folder, root)
    start = None
    if rnd.date:
        try:
            start = dt.datetime.fromisoformat(rnd.date).astimezone()
        except ValueError:
            start = None
    try:
        from dulwich.repo import Repo
        repo = Repo(str(root))
    except Exception:
        return []
    try:
        for commit in _newest_first(repo):
            e = _parse(0, commit)
            if start is not None and dt.datetime.fromisoformat(e.time) < start:
                break
            if e.section != mine or e.round != round_no \
                    or not e.subject.startswith(HAND_EDITS):
                continue
            if e.players and not set(e.players) & set(players):
                continue
            when = dt.datetime.fromisoformat(e.time).strftime("%Y-%m-%d %H:%M")
            lines = [_("edited by hand by {author} at {time}: {what}").format(
                author=e.author, time=when, what=e.subject)]
            if e.reason:
                lines.append(_("reason: {reason}").format(reason=e.reason))
            return lines
    except Exception:  # a damaged history: the explanation stands without it
        return []
    finally:
        repo.close()
    return []


def section_trailer(folder: Path, root: Path) -> str | None:
    """The ``Swisstui-Section`` trailer the folder's commits carry (None: an event of one
    section)."""
    prefix = record._prefix(folder, root)
    if prefix:
        return prefix.rstrip("/").rpartition("/")[2]
    return record_section_name(root) if record.several(root) else None


def _newest_first(repo: Any) -> Iterator[Any]:
    """The commits of HEAD's line, newest first, read one at a time."""
    head = repo.refs.read_ref(b"HEAD")
    if head is not None and head.startswith(b"ref: "):
        head = repo.refs.read_ref(head[5:].strip())
    sha = head
    while sha is not None:
        commit = repo.object_store[sha]
        yield commit
        sha = commit.parents[0] if commit.parents else None
