"""Federation player lists read into rows for registration (issue 6; docs/INTEROP.md).

:func:`read_players(path, fmt) <read_players>` returns one ``dict`` per player whose keys are
:class:`~swisstui.core.model.Player` fields (``name``, ``rating``, ``rank``, ``club``,
``country``, ``federation_id``, ``sex``, ``title``, ``birth``) — ready for
:func:`swisstui.core.registration.add_player`.  Both readers stream the file line by line (the
full FIDE list has over a million lines) and can keep only the players a director wants
(``ids``: FIDE ids / EGD PINs; ``federation``: a country code).

* ``fide`` — the FIDE rating-list TXT download (``players_list_foa.txt``,
  ``standard_rating_list.txt``…): fixed columns announced by the header line
  (``ID Number  Name  Fed Sex Tit WTit OTit FOA SRtng … B-day Flag``); the columns are found
  from the header, so the combined and the single-list layouts both work.  ``rating`` picks
  standard (``SRtng`` or a month column such as ``NOV25``), ``rapid`` (``RRtng``) or
  ``blitz`` (``BRtng``).
* ``egd`` — an EGD player list line: ``PIN  Surname Firstname  CC  Club  Grade  GoR …``
  (whitespace separated, as in the EGD "all players" text list and OpenGotha's EGF rating
  list).  The grade token (``3d``, ``12k``, ``1p``) anchors the line: the two-letter country
  is the last capitalised pair before it, the club sits between them, the name before the
  country; the first number after the grade is the GoR; a trailing ``|PIN`` is accepted.

The offline rating index (issue 36, :mod:`swisstui.core.rating_index`) reads the same lists
through :func:`iter_list`, which also knows:

* the FIDE list as XML (``players_list_xml_foa.xml``, ``standard_rating_list_xml.xml``…):
  ``<playerslist><player><fideid/><name/><country/><sex/><title/><w_title/><rating/>
  <rapid_rating/><blitz_rating/><birthday/>…</player>…`` — the same fields as the TXT's
  columns (``rating`` is the standard rating of a combined list, the list's own in a
  single one);
* the EGD ``allworld_lp.html`` / ``.txt`` list: the EGD's columns (``PIN  Surname Firstname
  CC Club Grade Proposed GoR Tournaments Last``, as OpenGotha's ``RatingList.java`` reads
  them) between the page's title lines: a line is a player line when it starts with the
  PIN, every other line is the page's (its date, ``(28.11.2026 …``, is taken as the list's);
* ``aga`` — the AGA's ``TDListN.txt`` / ``TDListA.txt``: ``Last, First  ID  Type  Rating
  Expires  Club  State``, tab-separated (or by blanks); the rating (dan positive, kyu
  negative: ``5.3`` is 5d, ``-3.6`` is 3k) gives the rank;
* ``csv`` — a federation's own CSV (``,``, ``;`` or tab), its header naming the columns as
  the players import knows them (core/registration.py ``COLUMNS``) or through a column map
  ``name=Nome,id=Codigo,rating=Elo`` (:func:`parse_column_map`); a rating list, so a file
  without a rating, rank or id column, or with those columns empty in every row, is refused.

Malformed lines are refused with ``file:line: message`` (:class:`EventFileError`).
"""

from __future__ import annotations

import math
import os
import re
from pathlib import Path
from typing import Any, BinaryIO
from collections.abc import Iterable, Iterator

from ..i18n import _, ngettext
from ..errors import EventFileError, SwissError

FORMATS = ("fide", "egd")
RATINGS = ("standard", "rapid", "blitz")

_MONTH = re.compile(r"[A-Z]{3}\d{2}")
_GRADE = re.compile(r"\d{1,2}[kdpKDP]")
_COUNTRY = re.compile(r"[A-Z]{2}")


def _open(path: Path) -> BinaryIO:
    try:
        return open(path, "rb")  # noqa: SIM115 - the caller closes it
    except FileNotFoundError:
        raise SwissError(_("{path}: no such file").format(path=path)) from None
    except OSError as exc:
        raise SwissError(_("{path}: cannot read: {strerror}")
                         .format(path=path, strerror=exc.strerror)) from None


def _lines(path: Path) -> Iterator[tuple[int, str]]:
    with _open(path) as fh:
        for n, raw in enumerate(fh, start=1):
            try:
                line = raw.decode("utf-8")
            except UnicodeDecodeError:
                line = raw.decode("cp1252", errors="replace")
            if n == 1 and line.startswith("\ufeff"):
                line = line[1:]
            yield n, line.rstrip("\r\n")


def _keep(row: dict[str, Any], ids: set[str] | None, federation: str | None) -> bool:
    if ids is not None and row.get("federation_id") not in ids:
        return False
    return federation is None or (row.get("country") or "").upper() == federation


# ---- FIDE rating list ------------------------------------------------------------------------

def _fide_columns(header: str) -> list[tuple[str, int, int]]:
    """(name, start, end) of each column announced by the header line."""
    marks = [(m.group(), m.start()) for m in re.finditer(r"ID Number|\S+", header)]
    cols = []
    for i, (name, start) in enumerate(marks):
        end = marks[i + 1][1] if i + 1 < len(marks) else 10_000
        cols.append((name, start, end))
    return cols


def _rating(path: Path, n: int, text: str) -> int | None:
    """A list's rating column: digits (none or 0: unrated); more than six digits is no rating
    (and would not fit the index's integer)."""
    if text and not (text.isdecimal() and len(text) <= 6):
        raise EventFileError(path, n, _("rating {rating_text!r} is not a number")
                                      .format(rating_text=text))
    return int(text) if text and int(text) > 0 else None


def _fide_row(path: Path, n: int, fid: str, name: str, rating_text: str, fed: str,
              sex: str, titles: tuple[str, str], birth: str) -> dict[str, Any]:
    """One FIDE player as Player fields: the TXT's columns and the XML's elements alike."""
    if not fid.isdecimal():
        raise EventFileError(path, n, _("FIDE id {fid!r} is not a number")
                                      .format(fid=fid))
    if not name:
        raise EventFileError(path, n, _("player {fid} has no name")
                                      .format(fid=fid))
    rating = _rating(path, n, rating_text)
    sex = sex.lower()
    return {
        "name": name,
        "rating": rating,
        "country": fed or None,
        "federation_id": fid,
        "sex": sex if sex in ("m", "f") else None,
        "title": titles[0] or titles[1] or None,
        "birth": birth if birth.isdecimal() and int(birth) > 0 else None,
    }


_MONTHS = ("JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC")


def _month_date(column: str) -> str | None:
    """``NOV25`` (a single list's rating column) → ``2025-11-01``."""
    if column[:3] not in _MONTHS:
        return None
    return f"20{column[3:]}-{_MONTHS.index(column[:3]) + 1:02d}-01"


def _fide_rows(path: Path, rating: str, meta: dict[str, Any] | None = None
               ) -> Iterator[tuple[int, dict[str, Any]]]:
    cols: dict[str, tuple[int, int]] | None = None
    rating_col = None
    for n, line in _lines(path):
        if not line.strip():
            continue
        if cols is None:
            if not line.startswith("ID"):
                raise EventFileError(path, n, _("not a FIDE rating list: the first line must be "
                                                "the header (ID Number  Name  Fed  Sex …)"))
            found = _fide_columns(line)
            cols = {name: (a, b) for name, a, b in found}
            for need in ("ID Number", "Name"):
                if need not in cols:
                    raise EventFileError(path, n, _("header has no {need!r} column")
                                                  .format(need=need))
            wanted = {"standard": "SRtng", "rapid": "RRtng", "blitz": "BRtng"}[rating]
            if wanted in cols:
                rating_col = wanted
            elif rating == "standard":
                rating_col = next((name for name, _a, _b in found if _MONTH.fullmatch(name)),
                                  None)
            if rating_col is None:
                raise EventFileError(path, n, _("header has no {rating} rating column")
                                              .format(rating=rating))
            month = next((_month_date(name) for name, _a, _b in found
                          if _MONTH.fullmatch(name)), None)
            if meta is not None and month:
                meta["date"] = month
            continue

        def get(name: str, cols=cols, line=line) -> str:
            span = cols.get(name)
            return line[span[0]:span[1]].strip() if span else ""

        yield n, _fide_row(path, n, get("ID Number"), get("Name"),
                           get(rating_col),  # type: ignore[arg-type]
                           get("Fed"), get("Sex"), (get("Tit"), get("WTit")), get("B-day"))


_XML_RATING = {"standard": "rating", "rapid": "rapid_rating", "blitz": "blitz_rating"}


def _fide_xml_rows(path: Path, rating: str) -> Iterator[tuple[int, dict[str, Any]]]:
    """The ``<player>`` elements of a FIDE XML list, streamed (expat, 1 MB at a time)."""
    from xml.parsers import expat

    parser = expat.ParserCreate()
    ready: list[tuple[int, dict[str, str]]] = []
    state: dict[str, Any] = {"player": None, "field": None, "line": 0, "root": None}
    buf: list[str] = []

    def start(name: str, _attrs: Any) -> None:
        if state["root"] is None:
            state["root"] = name
            if name not in ("playerslist", "players"):
                raise EventFileError(path, parser.CurrentLineNumber, _(
                    "not a FIDE XML list: the root element is <{name}>, not <playerslist>")
                    .format(name=name))
        elif name == "player":
            state["player"], state["line"] = {}, parser.CurrentLineNumber
        elif state["player"] is not None:
            state["field"] = name
            buf.clear()

    def end(name: str) -> None:
        if name == "player" and state["player"] is not None:
            ready.append((state["line"], state["player"]))
            state["player"] = None
        elif state["player"] is not None and name == state["field"]:
            state["player"][name] = "".join(buf).strip()
            state["field"] = None

    def text(data: str) -> None:
        if state["field"] is not None:
            buf.append(data)

    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.CharacterDataHandler = text
    tag = _XML_RATING[rating]
    found = False
    with _open(path) as fh:
        while True:
            chunk = fh.read(1 << 20)
            try:
                parser.Parse(chunk, not chunk)
            except expat.ExpatError as exc:
                raise EventFileError(path, exc.lineno, _("not a FIDE XML list: {error}")
                                     .format(error=expat.errors.messages[exc.code])) from None
            for n, el in ready:
                found = True
                yield n, _fide_row(path, n, el.get("fideid", ""), el.get("name", ""),
                                   el.get(tag, ""), el.get("country", ""), el.get("sex", ""),
                                   (el.get("title", ""), el.get("w_title", "")),
                                   el.get("birthday", ""))
            ready.clear()
            if not chunk:
                break
    if not found:
        raise EventFileError(path, None, _("no <player> element in this FIDE XML list"))


# ---- EGD player list -------------------------------------------------------------------------

def _egd_row(tokens: list[str], path: Path, n: int) -> dict[str, Any]:
    from ..ranks import parse_rank

    pin = None
    if tokens and tokens[-1].startswith("|"):
        pin = tokens.pop()[1:] or None
    g = next((i for i, t in enumerate(tokens) if _GRADE.fullmatch(t)), None)
    if g is None:
        raise EventFileError(path, n, _("no grade (such as 3d, 12k or 1p) on this line; "
                                        "expected PIN, name, country, club, grade, GoR"))
    c = next((i for i in range(g - 1, 0, -1) if _COUNTRY.fullmatch(tokens[i])), None)
    if c is None:
        raise EventFileError(path, n, _("no two-letter country code before the grade"))
    name_tokens = []
    for t in tokens[:c]:
        if t.isdecimal() and len(t) >= 5 and pin is None:
            pin = t
        elif not t.isdecimal():
            name_tokens.append(t)
    if not name_tokens:
        raise EventFileError(path, n, _("no name before the country code"))
    club = " ".join(tokens[c + 1:g]) or None
    gor = next((t for t in tokens[g + 1:] if t.isdecimal() and len(t) <= 4), None)
    try:
        rank = parse_rank(tokens[g])
    except (ValueError, SwissError) as exc:
        raise EventFileError(path, n, _("grade {tokens!r}: {exc}")
                                      .format(tokens=tokens[g], exc=exc)) from None
    return {"name": " ".join(name_tokens), "rank": rank, "country": tokens[c],
            "club": club, "federation_id": pin, "rating": int(gor) if gor else None}


def _egd_rows(path: Path) -> Iterator[tuple[int, dict[str, Any]]]:
    """Player lines of an EGD list.  Blank and ``;``/``#`` lines are skipped, and the first
    other line when it is a header (``Pin_Player Name …``: no leading PIN, no grade); every
    later line must read as a player (else ``file:line``), and a list without one is
    refused."""
    header_allowed, found = True, False
    for n, line in _lines(path):
        text = line.strip()
        if not text or text[0] in ";#":
            continue
        tokens = text.split()
        if header_allowed:
            header_allowed = False
            if not tokens[0].isdecimal() and not any(_GRADE.fullmatch(t) for t in tokens):
                continue
        found = True
        yield n, _egd_row(tokens, path, n)
    if not found:
        raise EventFileError(path, None, _("no player line in this EGD list (expected PIN, "
                                           "name, country, club, grade, GoR)"))


_TAG = re.compile(r"<[^>]*>")
_DAY = re.compile(r"\((\d{1,2})\.(\d{1,2})\.(\d{4})")


def _allworld_rows(path: Path, meta: dict[str, Any] | None = None
                   ) -> Iterator[tuple[int, dict[str, Any]]]:
    """Player lines of the EGD ``allworld_lp`` list (HTML or text): a line starting with a
    PIN is a player (read as :func:`_egd_row` reads it, else ``file:line``); the others are
    the page's title, header and markup, and the first date ``(dd.mm.yyyy`` among them is
    the list's."""
    import html

    found = False
    for n, line in _lines(path):
        text = html.unescape(_TAG.sub("", line)).strip()
        tokens = text.split()
        if not tokens or not tokens[0].isdecimal():
            day = _DAY.search(text)
            if day and meta is not None and "date" not in meta:
                meta["date"] = f"{day[3]}-{int(day[2]):02d}-{int(day[1]):02d}"
            continue
        found = True
        yield n, _egd_row(tokens, path, n)
    if not found:
        raise EventFileError(path, None, _("no player line in this EGD list (expected PIN, "
                                           "name, country, club, grade, GoR)"))


# ---- AGA TD list -----------------------------------------------------------------------------

_AGA_LINE = re.compile(
    r"\s*(?P<name>.*?\S)\s+(?P<id>\d+)(?:\s+(?P<type>[A-Za-z][\w.-]*))?"
    r"\s+(?P<rating>-?\d+(?:\.\d+)?)(?:\s+(?P<expires>\d{1,2}[-/]\d{1,2}[-/]\d{2,4}))?"
    r"(?:\s+(?P<club>\S{1,4}))?(?:\s+(?P<state>[A-Za-z]{2}))?\s*")


def _aga_rank(text: str, path: Path, n: int) -> str | None:
    """The AGA rating's rank: 1.0 and above dan (``5.3`` → 5d), −1.0 and below kyu
    (``-3.6`` → 3k); an empty or zero rating (not yet rated) gives none."""
    from ..ranks import parse_rank

    try:
        value = float(text) if text else 0.0
        if not math.isfinite(value):
            raise ValueError(text)
    except ValueError:
        raise EventFileError(path, n, _("AGA rating {rating!r} is not a number")
                                      .format(rating=text)) from None
    if -1.0 < value < 1.0:
        return None
    try:
        return parse_rank(f"{int(abs(value))}{'d' if value > 0 else 'k'}")
    except SwissError as exc:
        raise EventFileError(path, n, _("AGA rating {rating!r}: {exc}")
                                      .format(rating=text, exc=exc)) from None


def _aga_rows(path: Path) -> Iterator[tuple[int, dict[str, Any]]]:
    """Members of an AGA TD list.  A first line without a member id is a header."""
    first, found = True, False
    for n, line in _lines(path):
        if not line.strip():
            continue
        if "\t" in line:
            cells = [c.strip() for c in line.split("\t")] + [""] * 7
            name, aid, mtype, rating, _expires, club = cells[:6]
        else:
            m = _AGA_LINE.fullmatch(line)
            name, aid, mtype, rating, club = (
                (m["name"], m["id"], m["type"] or "", m["rating"], m["club"] or "")
                if m else (line.strip(), "", "", "", ""))
        if first:
            first = False
            if not aid.isdecimal():
                continue
        if not aid.isdecimal():
            raise EventFileError(path, n, _("no AGA member id on this line; expected "
                                            "name, id, type, rating, expiry, club, state"))
        if not name:
            raise EventFileError(path, n, _("player {fid} has no name").format(fid=aid))
        found = True
        yield n, {"name": name, "federation_id": aid, "rank": _aga_rank(rating, path, n),
                  "country": None if mtype.lower().startswith("forgn") else "US",
                  "club": club or None}
    if not found:
        raise EventFileError(path, None, _("no member line in this AGA TD list"))


# ---- a federation's CSV ----------------------------------------------------------------------

#: What a rating list's column may hold (``--map FIELD=COLUMN``): Player fields, the list's
#: id being the federation id.
LIST_FIELDS = ("name", "id", "rating", "rank", "federation", "club", "birth", "sex", "title",
               "reading")
_LIST_FIELD_OF = {"federation_id": "id", "id": "id", "country": "federation"}


#: Between two FIELD=COLUMN of a column map: a comma, a semicolon (as the director's CSV
#: separates its columns), or blanks before the next field (``name=Nome rating=Elo``; a
#: column's name may hold blanks: ``name=Nome Completo``).
_MAP_SEPARATOR = re.compile(r"[,;]|\s+(?=(?:" + "|".join(LIST_FIELDS) + r")\s*=)", re.I)

#: The fields that make a list a rating list: a CSV list without any is refused.
_RATED_FIELDS = ("rating", "rank", "id")


def parse_column_map(text: str) -> dict[str, str]:
    """``name=Nome,id=Codigo,rating=Elo`` → {field: header}; refused with the valid fields.
    ``;`` or blanks separate the fields too (``name=Nome;rating=Elo``, ``name=Nome
    rating=Elo``)."""
    out: dict[str, str] = {}
    for part in _MAP_SEPARATOR.split(text):
        if not part.strip():
            continue
        key, sep, header = part.partition("=")
        key = key.strip().lower()
        if not sep or not header.strip() or key not in LIST_FIELDS:
            raise SwissError(_("bad column map {part!r}: write FIELD=COLUMN, the fields "
                               "being {items}").format(part=part.strip(),
                                                       items=", ".join(LIST_FIELDS)),
                             field="map")
        out[key] = header.strip()
    if "name" not in out:
        raise SwissError(_("the column map names no 'name' column"), field="map")
    return out


def _csv_rows(path: Path, columns: dict[str, str] | None
              ) -> Iterator[tuple[int, dict[str, Any]]]:
    """Rows of a federation's CSV list, by the header (``columns``: field → header)."""
    import csv
    import io

    from ..ranks import parse_rank
    from ..registration import COLUMNS

    lines = _lines(path)
    first = next(((n, line) for n, line in lines if line.strip()), None)
    if first is None:
        raise EventFileError(path, 1, _("empty file; the first row must name the columns"))
    try:
        delimiter = csv.Sniffer().sniff(first[1], delimiters=",;\t").delimiter
    except csv.Error:
        delimiter = ","
    header = [h.strip() for h in next(csv.reader([first[1]], delimiter=delimiter))]
    where: dict[str, int] = {}
    if columns:
        lower = [h.lower() for h in header]
        for key, name in columns.items():
            if name.lower() not in lower:
                raise EventFileError(path, first[0], _(
                    "no column {name!r} (the map's {key}); the header has {items}").format(
                    name=name, key=key, items=", ".join(header)))
            where[key] = lower.index(name.lower())
    else:
        for i, h in enumerate(header):
            col = COLUMNS.get("".join(ch for ch in h.lower() if ch not in " _-."))
            field = _LIST_FIELD_OF.get(col or "", col)
            if field in LIST_FIELDS and field not in where:
                where[field] = i
        if "name" not in where:
            raise EventFileError(path, first[0], _(
                "no 'name' column; name the columns with --map name=COLUMN,id=COLUMN,…"))
    rated = [where[k] for k in _RATED_FIELDS if k in where]
    if not rated:  # a list of names alone: nothing to look up a rating or an id by
        raise EventFileError(path, first[0], _(
            "no rating, rank or id column (the header has {items}); name one with --map "
            "name=COLUMN,rating=COLUMN,id=COLUMN; the list installed is kept").format(
            items=", ".join(header)))
    filled, rows = False, 0
    for n, line in lines:
        if not line.strip():
            continue
        try:
            cells = next(csv.reader(io.StringIO(line), delimiter=delimiter, strict=True))
        except csv.Error as exc:
            raise EventFileError(path, n, _("not a readable CSV record: {what}")
                                 .format(what=exc)) from None
        if len(cells) > len(header):  # a shifted row: its values would land in the wrong
            # columns (players import refuses it too)
            raise EventFileError(path, n, _("{count} values but {count2} columns").format(
                count=len(cells), count2=len(header)))
        got = {k: (cells[i].strip() if i < len(cells) else "") for k, i in where.items()}
        if not got.get("name"):
            raise EventFileError(path, n, _("no name"))
        filled = filled or any(got.get(k) for k in _RATED_FIELDS)
        rows += 1
        rating = _rating(path, n, got.get("rating") or "")
        rank = got.get("rank") or None
        if rank:
            try:
                rank = parse_rank(rank)
            except SwissError as exc:
                raise EventFileError(path, n, str(exc)) from None
        sex = (got.get("sex") or "").lower()[:1]
        yield n, {"name": got["name"], "federation_id": got.get("id") or None,
                  "rating": rating,
                  "rank": rank, "country": got.get("federation") or None,
                  "club": got.get("club") or None, "birth": got.get("birth") or None,
                  "sex": sex if sex in ("m", "f") else None,
                  "title": got.get("title") or None, "reading": got.get("reading") or None}
    if rows and not filled:  # rows, but their ratings, ranks and ids all blank
        raise EventFileError(path, None, ngettext(
            "no rating, rank or id in any row: the column {items} is empty; the list "
            "installed is kept",
            "no rating, rank or id in any row: the columns {items} are empty; the list "
            "installed is kept", len(rated)).format(items=", ".join(header[i] for i in rated)))


# ---- entry points ----------------------------------------------------------------------------

#: The lists :func:`iter_list` reads (the rating index's sources).
LIST_SOURCES = ("fide", "egd", "aga", "csv")


def _starts_with_markup(path: Path) -> bool:
    with _open(path) as fh:
        head = fh.read(512).lstrip(b"\xef\xbb\xbf \t\r\n")
    return head.startswith(b"<")


def iter_list(path: str | os.PathLike[str], source: str, *, rating: str = "standard",
              columns: dict[str, str] | None = None, meta: dict[str, Any] | None = None
              ) -> Iterator[tuple[int, dict[str, Any]]]:
    """(line, row of Player fields) for every player of a whole federation list, streamed:
    ``fide`` (TXT or XML, told apart by the first byte), ``egd`` (the ``allworld_lp`` list,
    HTML or text), ``aga`` (TD list) or ``csv`` (``columns``: a :func:`parse_column_map`).
    ``meta`` receives the list's date (``"date"``: ISO) when the file states it."""
    path = Path(path)
    with _open(path) as fh:
        if fh.read(4) == b"PK\x03\x04":
            raise EventFileError(path, 1, _("a ZIP archive: unzip it and import the list "
                                            "inside"))
    if source == "fide":
        if _starts_with_markup(path):
            return _fide_xml_rows(path, rating)
        return _fide_rows(path, rating, meta)
    if source == "egd":
        return _allworld_rows(path, meta)
    if source == "aga":
        return _aga_rows(path)
    if source == "csv":
        return _csv_rows(path, columns)
    raise SwissError(_("unknown rating list {source!r}; valid: {items}")
                     .format(source=source, items=", ".join(LIST_SOURCES)), field="source")


# ---- the players import -----------------------------------------------------------------------------

def read_players(path: str | os.PathLike[str], fmt: str, *, ids: Iterable[str] | None = None,
                 federation: str | None = None, rating: str = "standard",
                 ) -> list[dict[str, Any]]:
    """The players of a FIDE rating-list TXT (``fmt="fide"``) or EGD list (``"egd"``) as
    rows of Player fields, in file order, keeping only ``ids`` (FIDE ids / EGD PINs) and
    ``federation`` (country code) when given."""
    path = Path(path)
    if fmt not in FORMATS:
        raise SwissError(_("unknown player-list format {fmt!r}; valid: {items}")
                         .format(fmt=fmt, items=', '.join(FORMATS)))
    if rating not in RATINGS:
        raise SwissError(_("unknown rating list {rating!r}; valid: {items}")
                         .format(rating=rating, items=', '.join(RATINGS)))
    wanted = {str(i).strip() for i in ids} if ids is not None else None
    fed = federation.strip().upper() if federation else None
    rows = _fide_rows(path, rating) if fmt == "fide" else _egd_rows(path)
    out = [row for _n, row in rows if _keep(row, wanted, fed)]
    if wanted is not None:
        missing = wanted - {r.get("federation_id") for r in out}
        if missing:
            raise SwissError(_("{path}: no player with id {items}")
                             .format(path=path, items=', '.join(sorted(missing))))
    return out
