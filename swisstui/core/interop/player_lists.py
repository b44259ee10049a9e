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

Malformed lines are refused with ``file:line: message`` (:class:`EventFileError`).
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any
from collections.abc import Iterable, Iterator

from ..i18n import _
from ..errors import EventFileError, SwissError

FORMATS = ("fide", "egd")
RATINGS = ("standard", "rapid", "blitz")

_MONTH = re.compile(r"[A-Z]{3}\d{2}")
_GRADE = re.compile(r"\d{1,2}[kdpKDP]")
_COUNTRY = re.compile(r"[A-Z]{2}")


def _lines(path: Path) -> Iterator[tuple[int, str]]:
    try:
        fh = open(path, "rb")  # noqa: SIM115 - closed by the `with` below
    except FileNotFoundError:
        raise SwissError(_("{path}: no such file").format(path=path)) from None
    except OSError as exc:
        raise SwissError(_("{path}: cannot read: {strerror}")
                         .format(path=path, strerror=exc.strerror)) from None
    with fh:
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


def _fide_rows(path: Path, rating: str) -> Iterator[tuple[int, dict[str, Any]]]:
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
            continue

        def get(name: str, cols=cols, line=line) -> str:
            span = cols.get(name)
            return line[span[0]:span[1]].strip() if span else ""

        fid = get("ID Number")
        if not fid.isdecimal():
            raise EventFileError(path, n, _("FIDE id {fid!r} is not a number")
                                          .format(fid=fid))
        name = get("Name")
        if not name:
            raise EventFileError(path, n, _("player {fid} has no name")
                                          .format(fid=fid))
        rating_text = get(rating_col)  # type: ignore[arg-type]
        if rating_text and not rating_text.isdecimal():
            raise EventFileError(path, n, _("rating {rating_text!r} is not a number")
                                          .format(rating_text=rating_text))
        birth = get("B-day")
        sex = get("Sex").lower()
        row: dict[str, Any] = {
            "name": name,
            "rating": int(rating_text) if rating_text and int(rating_text) > 0 else None,
            "country": get("Fed") or None,
            "federation_id": fid,
            "sex": sex if sex in ("m", "f") else None,
            "title": get("Tit") or get("WTit") or None,
            "birth": birth if birth.isdecimal() and int(birth) > 0 else None,
        }
        yield n, row


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


# ---- entry point -----------------------------------------------------------------------------

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
