"""Player registration: pure functions over an :class:`~swisstui.core.model.Event`.

Use them inside :func:`swisstui.core.store.update` so they apply to the fresh event::

    store.update(folder, lambda ev: add_player(ev, "Lee Sedol", rank="9p", country="KR"))

* Ids are the start numbers: positive, unique; a new player gets ``max(id) + 1`` unless an id
  is given.
* A player added after round 1 was paired is a late entrant: ``joined_round`` is the next
  round (earlier rounds count as absent, docs/RULES.md §1.5, §5.3).
* Ranks are canonicalised by :mod:`swisstui.core.ranks` (``"3 dan"`` → ``"3d"``).
* :func:`import_csv` reads a header row (name, rating, rank, club, country, id and the other
  player fields; common aliases such as Elo, Grade, Federation, No; case-insensitive), UTF-8
  with or without BOM, comma / semicolon / tab separated.  Problems are reported as
  ``file:line: message``.
"""

from __future__ import annotations

from .i18n import N_, _

import csv
import io
import os
import re
import unicodedata
from datetime import date
from dataclasses import fields, replace
from pathlib import Path
from typing import Any
from collections.abc import Iterable, Iterator

from .errors import EventFileError, SwissError
from .model import ByeKind, Event, Player
from . import seats as fixed_seats

__all__ = ["add_player", "edit_player", "remove_player", "withdraw", "reinstate",
           "request_bye",
           "import_csv", "parse_players_csv", "COLUMNS"]

# CSV header (lower-cased, spaces/underscores/dashes removed) -> Player field
COLUMNS: dict[str, str] = {
    "name": "name", "player": "name", "playername": "name", "fullname": "name",
    "rating": "rating", "elo": "rating", "rtg": "rating", "fiderating": "rating",
    "rank": "rank", "grade": "rank", "level": "rank", "kyudan": "rank",
    "club": "club", "team": "club",
    "country": "country", "federation": "country", "fed": "country", "nation": "country",
    "nat": "country",
    "id": "id", "no": "id", "number": "id", "startnumber": "id", "startno": "id", "#": "id",
    "lot": "lot", "fideid": "federation_id", "federationid": "federation_id",
    "egdpin": "federation_id", "pin": "federation_id",
    "sex": "sex", "gender": "sex", "title": "title",
    "birth": "birth", "born": "birth", "birthdate": "birth", "birthyear": "birth",
    "notes": "notes", "note": "notes", "comment": "notes",
    "reading": "reading", "furigana": "reading", "yomigana": "reading", "yomi": "reading",
    "kana": "reading", "romanisation": "reading", "romanization": "reading",
}
_INT_FIELDS = ("id", "rating", "lot")

# Legal ranges of the numeric player fields (also checked by the store when reading
# players.toml): beyond them a value is a typo, and TOML integers are 64-bit anyway.
MAX_ROUND = 999
FIELD_RANGES: dict[str, tuple[int, int]] = {
    "id": (1, 999_999), "rating": (0, 9_999), "lot": (1, 999_999),
    "joined_round": (1, MAX_ROUND), "withdrawn_from": (1, MAX_ROUND),
    "smms_correction": (-9, 9),
    "seat": (1, fixed_seats.MAX_SEAT),  # a fixed seat (core/seats.py)
}


def check_range(key: str, value: int) -> None:
    lo, hi = FIELD_RANGES[key]
    if not lo <= value <= hi:
        raise SwissError(_("{key} must be {lo} to {hi}, not {value}").format(key=key, lo=lo, hi=hi, value=value))


def nfc(text: str) -> str:
    """Text as typed or imported, in Unicode NFC: a name typed or saved on macOS arrives
    decomposed (``e`` + U+0301), which would compare, sort and export differently from the
    same name precomposed (``é``; ISO-8859-15 in h9 files has no combining marks)."""
    return unicodedata.normalize("NFC", text)


def check_text(key: str, value: str) -> None:
    """Names and other texts are one line of printable text: a control character (newline,
    tab, NUL, ESC) would break text tables, terminals and fixed-column TRF lines.  Notes may
    have newlines and tabs."""
    allowed = "\n\t" if key == "notes" else ""  # notes may have several lines
    for ch in value:
        if unicodedata.category(ch) == "Cc" and ch not in allowed:
            raise SwissError(_("a player {key} cannot contain control characters ({ch!r} in {value!r})").format(key=key, ch=ch, value=value))


_BIRTH = re.compile(r"(\d{4})(?:[-/.](\d{1,2})[-/.](\d{1,2}))?")


def clean_birth(value: str) -> str:
    """A birth date as stored: the year (``1989``) or the ISO date (``1989-05-24``); typed
    or imported ``1989/05/24`` and ``1989.5.24`` are read too.  Anything else is refused:
    the TRF writes it in the fixed columns 70-79 (a longer text shifts the points and every
    round of the line) and the federations read it as a date."""
    m = _BIRTH.fullmatch(value.strip())
    if m and int(m.group(1)) >= 1000:
        year, month, day = m.groups()
        if month is None:
            return year
        try:
            return date(int(year), int(month), int(day)).isoformat()
        except ValueError:
            pass
    raise SwissError(_("birth must be a year or a date like 1989 or 1989-05-24, not {value!r}").format(value=value))


def check_birth(value: str) -> None:
    """``value`` is a birth as stored (:func:`clean_birth` gives it back unchanged)."""
    if clean_birth(value) != value:
        raise SwissError(_("birth must be written as a year or a date like 1989 or 1989-05-24, not {value!r}").format(value=value))


_EDITABLE = {f.name for f in fields(Player)} - {"id", "byes"}


def canonical_rank(rank: str) -> str:
    """Canonical form of a rank (``"3 dan"`` → ``"3d"``) or one clear line (ranks.py)."""
    from .ranks import parse_rank
    try:
        return parse_rank(rank)
    except SwissError:
        raise
    except ValueError as exc:
        raise SwissError(str(exc) or f"malformed rank {rank!r}") from None


def _clean(kw: dict[str, Any]) -> dict[str, Any]:
    """Normalise and check player fields given by a director."""
    out: dict[str, Any] = {}
    for key, value in kw.items():
        if key not in _EDITABLE:
            raise SwissError(_("unknown player field {key!r}; valid: {items}").format(key=key, items=', '.join(sorted(_EDITABLE))))
        if isinstance(value, str):
            check_text(key, value)
            value = nfc(value).strip() or None
        if key == "name":
            if not value:
                raise SwissError(_("a player needs a name"))
        elif key == "rank" and value is not None:
            value = canonical_rank(value)
        elif key == "birth" and value is not None:
            value = clean_birth(value)
        elif key == "country" and value is not None:
            value = value.upper() if len(value) <= 3 else value
        elif key in ("rating", "lot", "joined_round", "withdrawn_from", "smms_correction",
                     "seat"):
            if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
                raise SwissError(_("{key} must be a whole number, not {value!r}").format(key=key, value=value))
            if value is not None:
                check_range(key, value)
        if key in ("joined_round", "smms_correction") and value is None:
            value = {"joined_round": 1, "smms_correction": 0}[key]
        out[key] = value
    return out


def _fid_key(fid: str | None) -> str | None:
    """A federation id (FIDE id, EGD PIN) as compared; None for none (blank or 0)."""
    if not fid or not fid.strip().strip("0"):
        return None
    return fid.strip()


def federation_id_taken(players: Iterable[Player], fid: str | None,
                        but: int | None = None) -> Player | None:
    """The player (other than ``but``) already registered with federation id ``fid``: one
    FIDE id or EGD PIN is one person, so a second registration is a double entry (the same
    list imported twice) and federations refuse the report."""
    key = _fid_key(fid)
    if key is None:
        return None
    return next((p for p in players if p.id != but and _fid_key(p.federation_id) == key), None)


def duplicate_federation_ids(players: Iterable[Player]) -> list[tuple[int, str]]:
    """``(index, message)`` for every player whose federation id an earlier one has."""
    seen: dict[str, Player] = {}
    out = []
    for i, p in enumerate(players):
        key = _fid_key(p.federation_id)
        if key is None:
            continue
        if key in seen:
            q = seen[key]
            out.append((i, _fid_message(key, q)))
        else:
            seen[key] = p
    return out


def _fid_message(fid: str, owner: Player) -> str:
    return (f"federation id {fid} (FIDE id / EGD PIN) is already registered for "
            f"{owner.name} ({owner.id})")


def _check_federation_id(event: Event, kw: dict[str, Any], but: int | None = None) -> None:
    owner = federation_id_taken(event.players, kw.get("federation_id"), but)
    if owner is not None:
        raise SwissError(_fid_message(kw["federation_id"].strip(), owner))


def _check_seat(event: Event, kw: dict[str, Any], but: int | None = None) -> None:
    """A fixed seat is one player's among the players not withdrawn (core/seats.py)."""
    owner = fixed_seats.seat_taken(event.players, kw.get("seat"), but)
    if owner is not None:
        raise SwissError(fixed_seats.taken_message(kw["seat"], owner), field="seat")


def _need(event: Event, pid: int) -> Player:
    p = event.player(pid)
    if p is None:
        raise SwissError(_("no player with id {pid}").format(pid=pid))
    return p


def next_id(event: Event) -> int:
    return max((p.id for p in event.players), default=0) + 1


def add_player(event: Event, name: str, *, id: int | None = None, **fields_: Any) -> Event:
    """Register a player (id = max + 1 unless given; late entrants join the next round)."""
    kw = _clean({"name": name, **fields_})
    if id is None:
        id = next_id(event)
    elif isinstance(id, bool) or not isinstance(id, int):
        raise SwissError(_("player id must be a positive whole number, not {id!r}").format(id=id))
    elif (taken := event.player(id)) is not None:
        raise SwissError(_("player id {id} is already taken by {name}").format(id=id, name=taken.name))
    check_range("id", id)
    if "joined_round" not in fields_ and event.current_round > 0:
        kw["joined_round"] = event.current_round + 1
    _check_rounds(event, kw)
    _check_federation_id(event, kw)
    _check_seat(event, kw)
    return event.with_player(Player(id=id, **kw))


def _last_round(event: Event) -> int:
    return max(event.settings.rounds, event.current_round)


def _check_rounds(event: Event, kw: dict[str, Any]) -> None:
    last = _last_round(event)
    if (kw.get("joined_round") or 1) > last + 1:
        raise SwissError(_("joined_round {value} is after the last round ({last})").format(value=kw['joined_round'], last=last))
    if (kw.get("withdrawn_from") or 1) > last + 1:
        raise SwissError(_("withdrawn_from {value} is after the last round ({last})").format(value=kw['withdrawn_from'], last=last))


# byes that score without a game: the round counts for the player as one he took part in
_SCORING_BYES = (ByeKind.PAIRING, ByeKind.FULL, ByeKind.HALF)


def rounds_played(event: Event) -> dict[int, tuple[int, int]]:
    """First and last round each player sat at a board or had a bye that scores (the
    pairing bye, a full- or half-point bye written in a paired round)."""
    first: dict[int, int] = {}
    last: dict[int, int] = {}
    seats = []
    for r in sorted(event.rounds, key=lambda r: r.number):
        ids = [pid for b in r.boards for pid in b.players]
        ids += [y.player for y in r.byes if y.kind in _SCORING_BYES]
        seats.append((r.number, ids))
        last.update(dict.fromkeys(ids, r.number))  # the latest round wins
    for number, ids in reversed(seats):
        first.update(dict.fromkeys(ids, number))  # the earliest round wins
    return {pid: (first[pid], last[pid]) for pid in first}


def played_conflicts(event: Event) -> list[tuple[int, str, str]]:
    """``(player index, field, message)`` for every player whose joined_round /
    withdrawn_from contradicts the rounds played (:func:`played_conflict`); players who
    joined in round 1 and never withdrew cannot conflict, so most events cost nothing."""
    marked = [(i, p) for i, p in enumerate(event.players)
              if p.joined_round > 1 or p.withdrawn_from is not None]
    if not marked:
        return []
    span = rounds_played(event)
    out = []
    for i, p in marked:
        conflict = played_conflict(p, span.get(p.id))
        if conflict:
            out.append((i, *conflict))
    return out


def played_conflict(p: Player, span: tuple[int, int] | None) -> tuple[str, str] | None:
    """``(field, message)`` when ``joined_round`` / ``withdrawn_from`` contradict the rounds
    the player played (``span``: first and last, :func:`rounds_played`): a player who
    played round N joined by round N and withdrew after it (docs/RULES.md §1.5)."""
    if span is None:
        return None
    first, last = span
    if p.joined_round > first:
        return ("joined_round", f"{p.name} ({p.id}) plays in round {first}; joined_round "
                                f"must be at most {first}, not {p.joined_round}")
    if p.withdrawn_from is not None and p.withdrawn_from <= last:
        return ("withdrawn_from", f"{p.name} ({p.id}) plays in round {last}; withdrawn_from "
                                  f"must be at least {last + 1}, not {p.withdrawn_from} (or "
                                  f"undo round {last} first)")
    return None


def edit_player(event: Event, pid: int, **changes: Any) -> Event:
    """Change fields of a registered player (not the id; ``None`` clears a field)."""
    p = _need(event, pid)
    kw = _clean(changes)
    _check_rounds(event, kw)
    _check_federation_id(event, kw, but=pid)
    new = replace(p, **kw)
    if new.withdrawn_from is None:
        _check_seat(event, {"seat": new.seat}, but=pid)
    if "joined_round" in kw or "withdrawn_from" in kw:
        conflict = played_conflict(new, rounds_played(event).get(pid))
        if conflict:
            raise SwissError(conflict[1])
    return event.with_player(new)


def withdraw(event: Event, pid: int, from_round: int | None = None) -> Event:
    """The player is not paired from ``from_round`` on (default: the next round).  Rounds
    already paired with the player must be undone first."""
    p = _need(event, pid)
    if from_round is None:
        from_round = event.current_round + 1
    if isinstance(from_round, bool) or not isinstance(from_round, int) or from_round < 1:
        raise SwissError(_("round must be at least 1, not {from_round!r}").format(from_round=from_round))
    if from_round > _last_round(event) + 1:
        raise SwissError(_("round {from_round} is after the last round ({last_round})").format(from_round=from_round, last_round=_last_round(event)))
    for rnd in event.rounds:
        if rnd.number >= from_round and any(pid in b.players for b in rnd.boards):
            raise SwissError(_("{name} ({pid}) is paired in round {number}; withdraw from round {value} or undo round {number} first").format(name=p.name, pid=pid, number=rnd.number, value=event.current_round + 1))
        bye = next((y for y in rnd.byes if y.player == pid and y.kind in _SCORING_BYES),
                   None)
        if rnd.number >= from_round and bye is not None:
            raise SwissError(_("{name} ({pid}) has a {value} bye in round {number}, which is paired; withdraw from round {value2} or undo round {number} first").format(name=p.name, pid=pid, value=bye.kind.value, number=rnd.number, value2=event.current_round + 1))
    return event.with_player(replace(p, withdrawn_from=from_round))


def remove_player(event: Event, pid: int) -> Event:
    """Delete a registration made by mistake (only a player who is in no round and no
    forbidden pair; otherwise withdraw him)."""
    p = _need(event, pid)
    for rnd in event.rounds:
        if pid in rnd.paired_ids():
            raise SwissError(_("{name} ({pid}) is in round {number}; withdraw the player instead").format(name=p.name, pid=pid, number=rnd.number))
    if any(pid in pair for pair in event.settings.forbidden):
        raise SwissError(_("{name} ({pid}) is in a forbidden pair of event.toml; remove the pair first").format(name=p.name, pid=pid))
    return replace(event, players=tuple(q for q in event.players if q.id != pid))


def reinstate(event: Event, pid: int) -> Event:
    """Undo a withdrawal (refused when another player has taken the player's seat)."""
    p = _need(event, pid)
    _check_seat(event, {"seat": p.seat}, but=pid)
    return event.with_player(replace(p, withdrawn_from=None))


def request_bye(event: Event, pid: int, round_no: int, kind: ByeKind | str) -> Event:
    """A bye requested in advance for ``round_no`` (``full``/``half``/``zero``/``absent``;
    ``none`` cancels the request).  Only rounds not paired yet."""
    p = _need(event, pid)
    if isinstance(round_no, bool) or not isinstance(round_no, int) or round_no < 1:
        raise SwissError(_("round must be at least 1, not {round_no!r}").format(round_no=round_no))
    if round_no > _last_round(event):
        raise SwissError(_("round {round_no} is after the last round ({last_round})").format(round_no=round_no, last_round=_last_round(event)))
    if event.round(round_no) is not None:
        raise SwissError(_("round {round_no} is already paired; undo it first to change {name}'s bye").format(round_no=round_no, name=p.name))
    valid = [k.value for k in ByeKind if k is not ByeKind.PAIRING]
    kind_s = kind.value if isinstance(kind, ByeKind) else str(kind).lower()
    byes = tuple((r, k) for r, k in p.byes if r != round_no)
    if kind_s != "none":
        if p.withdrawn_from is not None and round_no >= p.withdrawn_from:
            raise SwissError(_("{name} ({pid}) is withdrawn from round {withdrawn_from} on; a bye in round {round_no} would count for nothing (reinstate the player first)").format(name=p.name, pid=pid, withdrawn_from=p.withdrawn_from, round_no=round_no))
        if round_no < p.joined_round:
            raise SwissError(_("{name} ({pid}) joins in round {joined_round}; rounds before that already score as missed rounds").format(name=p.name, pid=pid, joined_round=p.joined_round))
        if kind_s not in valid:
            raise SwissError(_("unknown bye kind {kind_s!r}; valid: {items}, none").format(kind_s=kind_s, items=', '.join(valid)))
        byes = tuple(sorted(byes + ((round_no, ByeKind(kind_s)),)))
    return event.with_player(replace(p, byes=byes))


# ---- CSV import -------------------------------------------------------------------------------

def _column(header: str) -> str | None:
    key = "".join(ch for ch in header.strip().lower() if ch not in " _-.")
    return COLUMNS.get(key) or COLUMNS.get(header.strip().lower())


def _rows(reader: Any, path: str) -> Iterator[tuple[int, list[str]]]:
    """(first line of the record, cells); csv.Error (an unterminated quote, a field over the
    csv module's size limit, a NUL byte) → EventFileError at the line the record starts."""
    start = 1
    while True:
        try:
            row = next(reader)
        except StopIteration:
            return
        except csv.Error as exc:
            what = str(exc)
            if "unexpected end of data" in what:
                what = "unterminated quote (a \" that is never closed)"
            raise EventFileError(path, start, _("not a readable CSV record: {what}").format(what=what)) from None
        yield start, row
        start = reader.line_num + 1


def parse_players_csv(text: str, path: str = "players.csv",
                      start_id: int = 1, taken: Iterable[int] = (),
                      registered: Iterable[Player] = ()) -> list[Player]:
    """Players of a CSV text (first row = header).  Raises EventFileError file:line.
    ``registered``: players already in the event (a federation id they have is refused)."""
    if text.startswith("\ufeff"):
        text = text[1:]
    lines = text.splitlines()
    if not lines or not lines[0].strip():
        raise EventFileError(path, 1, _("empty file; the first row must name the columns "
                                      "(name, rating, rank, club, country, id)"))
    try:
        dialect = csv.Sniffer().sniff(lines[0], delimiters=",;\t")
        delimiter = dialect.delimiter
    except csv.Error:
        delimiter = ","
    rows_in = _rows(csv.reader(io.StringIO(text), delimiter=delimiter, strict=True), path)
    _unused, header = next(rows_in)
    cols: list[str] = []
    for h in header:
        col = _column(h)
        if col is None:
            shown = h.strip() if len(h.strip()) <= 40 else h.strip()[:40] + "…"
            raise EventFileError(path, 1, _("unknown column {shown!r}; known: name, rating, rank, club, country, id, lot, fide_id, sex, title, birth, notes").format(shown=shown))
        if col in cols:
            raise EventFileError(path, 1, _("column {value!r} given twice").format(value=h.strip()))
        cols.append(col)
    if "name" not in cols:
        raise EventFileError(path, 1, _("no 'name' column"))
    taken_ids = set(taken)
    registered = tuple(registered)
    fids: dict[str, int] = {}
    seen: dict[int, int] = {}
    rows: list[tuple[int, dict[str, Any]]] = []
    for line, row in rows_in:
        if not any(cell.strip() for cell in row):
            continue
        if len(row) > len(cols):
            raise EventFileError(path, line, _("{count} values but {count2} columns").format(count=len(row), count2=len(cols)))
        kw: dict[str, Any] = {}
        for col, cell in zip(cols, row):
            cell = cell.strip()
            if not cell:
                continue
            if col in _INT_FIELDS:
                try:
                    kw[col] = int(cell)
                except ValueError:
                    what = {"id": "id", "rating": "rating", "lot": "lot number"}[col]
                    raise EventFileError(path, line, _("bad {what} {cell!r} (a whole number)").format(what=what, cell=cell)
                                         ) from None
            else:
                kw[col] = cell
        if "name" not in kw:
            raise EventFileError(path, line, _("no name"))
        if "id" in kw:
            pid = kw["id"]
            lo, hi = FIELD_RANGES["id"]
            if not lo <= pid <= hi:
                raise EventFileError(path, line, _("bad id {pid} (ids are {lo} to {hi})").format(pid=pid, lo=lo, hi=hi))
            if pid in seen:
                raise EventFileError(path, line, _("duplicate id {pid} (also line {value})").format(pid=pid, value=seen[pid]))
            if pid in taken_ids:
                raise EventFileError(path, line, _("id {pid} is already registered").format(pid=pid))
            seen[pid] = line
        try:
            kw = {"id": kw.pop("id", None), **_clean(kw)}
        except SwissError as exc:
            raise EventFileError(path, line, str(exc)) from None
        fid = _fid_key(kw.get("federation_id"))
        if fid is not None:
            owner = federation_id_taken(registered, fid)
            if owner is not None:
                raise EventFileError(path, line, _fid_message(fid, owner))
            if fid in fids:
                raise EventFileError(path, line, _("federation id {fid} given twice (also line {value})").format(fid=fid, value=fids[fid]))
            fids[fid] = line
        rows.append((line, kw))
    players = []
    next_free = max([start_id - 1, *seen, *taken_ids], default=0) + 1
    for _line, kw in rows:
        if kw["id"] is None:
            kw["id"] = next_free
            next_free += 1
        players.append(Player(**kw))
    return players


def import_csv(event: Event, path: str | os.PathLike[str]) -> Event:
    """Add the players of a CSV file (see module doc).  Nothing is added on any error."""
    path = Path(path)
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise SwissError(_("{path}: cannot read: {strerror}").format(path=path, strerror=exc.strerror)) from None
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw[:exc.start].count(b"\n") + 1
        raise EventFileError(path, line, _("not valid UTF-8 (save the file as UTF-8)")) from None
    players = parse_players_csv(text, str(path), next_id(event),
                                taken=(p.id for p in event.players), registered=event.players)
    joined = event.current_round + 1 if event.current_round > 0 else 1
    for p in players:
        event = event.with_player(replace(p, joined_round=joined))
    return event


# ---- registration states (issue 35 item 1; kept in the desk file, core/fees.py) -------------

PRE_REGISTERED, CONFIRMED, CHECKED_IN, WAITLIST, WITHDRAWN = (
    "pre-registered", "confirmed", "checked-in", "waitlist", "withdrawn")
#: The states of an entry.  A player the desk file does not name is ``confirmed``: an event
#: made before the desk existed (or that never uses it) is paired exactly as before.
#: ``withdrawn`` is not stored: it is the player's ``withdrawn_from`` (players.toml).
STATES = (PRE_REGISTERED, CONFIRMED, CHECKED_IN, WAITLIST, WITHDRAWN)
#: Each state as a director reads it (the keys above are what files and --json hold).
STATE_WORDS = {
    # Translators: registration states at the desk (swisstui desk), short words
    PRE_REGISTERED: N_("pre-registered"), CONFIRMED: N_("confirmed"),
    CHECKED_IN: N_("checked in"), WAITLIST: N_("waitlist"), WITHDRAWN: N_("withdrawn")}
DEFAULT_STATE = CONFIRMED

# state -> the states the desk may move it to (withdrawal and reinstatement are
# :func:`withdraw` / :func:`reinstate`)
_MOVES: dict[str, tuple[str, ...]] = {
    PRE_REGISTERED: (CONFIRMED, CHECKED_IN, WAITLIST),
    CONFIRMED: (PRE_REGISTERED, CHECKED_IN, WAITLIST),
    CHECKED_IN: (CONFIRMED,),
    WAITLIST: (PRE_REGISTERED, CONFIRMED),
    WITHDRAWN: (),
}


def check_transition(player: Player, old: str, new: str) -> None:
    """Refuse a move the desk may not make, in one line: a waitlisted player is confirmed
    before checking in, a checked-in player is checked out before going back, a withdrawn
    player is reinstated first."""
    if new not in STATES or new == WITHDRAWN:
        raise SwissError(_("unknown state {state!r}; valid: {items}").format(
            state=new, items=", ".join(s for s in STATES if s != WITHDRAWN)))
    if old == new:
        return
    if new not in _MOVES[old]:
        raise SwissError(_("{name} ({pid}) is {old}; the desk cannot make the entry {new} "
                           "(allowed: {items})").format(
            name=player.name, pid=player.id, old=_(STATE_WORDS[old]), new=_(STATE_WORDS[new]),
            items=", ".join(_(STATE_WORDS[m]) for m in _MOVES[old])
            or _("reinstate the player first")))
