"""The offline rating lists (issue 36): federation lists imported once into a local SQLite
index, then looked up as a director types a name at the desk.  No network: the director
downloads each list by hand (README "Rating lists") and imports the file.

Where it lives (:func:`index_path`): ``$XDG_DATA_HOME/swisstui/ratings.sqlite3``, else
``~/.local/share/swisstui/ratings.sqlite3`` (the XDG base-directory rule the compiled solver's
cache follows for ``$XDG_CACHE_HOME``, core/pairing/warmup.py); ``SWISSTUI_RATINGS`` names
another file (tests, a shared copy on a club's laptop).

What it holds: a table ``lists`` with one row per installed list (its source, the list's
date, its number of players, the file's SHA-256, the file's name and when it was imported),
and per list two tables:

* ``players_<source>`` — one row per player: the list's id (FIDE id, EGD PIN, AGA id…),
  name, rating, rank, federation, club, birth year, sex, title and reading;
* ``keys_<source>`` — the folded name keys of each player (a clustered B-tree,
  ``WITHOUT ROWID``): the name folded as the alphabetical lists fold it
  (:func:`swisstui.core.collation.fold`: accents, case and kana forms ignored), cut into
  words and written once starting from each word (``carlsen magnus``, ``magnus carlsen``), so
  a query finds a player by any of his names typed first.  A reading (a CSV's ``reading``
  column) gives keys too.

A query is folded the same way and looked up as a prefix: ``key >= q AND key < q + U+10FFFF``
(a range scan of the key index, a few milliseconds on the full FIDE list; tests/bench/ratings.py
and docs/INTEROP.md "Rating lists" give the figures); digits are also looked up as the
start of an id.

A (re-)import of a source happens in one transaction: the old tables are dropped, the new
ones filled and indexed, and ``lists`` updated; a file refused at any line, an interrupted
import or a crash leave the previous list as it was (SQLite's journal), and nothing is
installed from a bad file.
"""

from __future__ import annotations

import hashlib
import os
import re
import sqlite3
import stat
import threading
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any

from .collation import fold
from .errors import SwissError
from .i18n import _
from .interop.player_lists import LIST_SOURCES, iter_list, parse_column_map

__all__ = ["SOURCES", "InstalledList", "RatedPlayer", "index_path", "import_list",
           "installed", "lookup", "by_ids", "guess_source", "game_sources"]

#: The lists the index knows, in the order a lookup without a game reads them.
SOURCES = LIST_SOURCES

_WORD = re.compile(r"\w+")
_LAST = chr(0x10FFFF)  # after every character: q … q+_LAST is the range of keys starting with q
_ROTATIONS = 4  # keys per name at most (a name of many words: its first four words lead)
_BATCH = 5000


@dataclass(frozen=True, slots=True)
class InstalledList:
    """One list in the index, as ``swisstui ratings list`` shows it."""

    source: str
    list_date: str  # ISO date: the date the list states, else the one given, else the file's
    rows: int
    sha256: str
    file: str  # the imported file's name
    imported: str  # when (UTC, ISO)


@dataclass(frozen=True, slots=True)
class RatedPlayer:
    """A player found in a rating list.  ``id`` is the list's own id (FIDE id, EGD PIN, AGA
    member number); ``federation`` the list's federation or country code."""

    name: str
    id: str | None
    rating: int | None
    rank: str | None
    federation: str | None
    club: str | None
    birth: str | None
    sex: str | None
    title: str | None
    source: str
    reading: str | None = None

    def player_fields(self) -> dict[str, Any]:
        """The :class:`~swisstui.core.model.Player` fields this row fills (registration's
        ``add_player(event, name, **fields)``), empty values left out."""
        fields = {"rating": self.rating, "rank": self.rank, "club": self.club,
                  "country": self.federation, "federation_id": self.id, "sex": self.sex,
                  "title": self.title, "birth": self.birth, "reading": self.reading}
        return {"name": self.name, **{k: v for k, v in fields.items() if v is not None}}


# ---- where ------------------------------------------------------------------------------------

def index_path() -> Path:
    """The index file (module docstring)."""
    given = os.environ.get("SWISSTUI_RATINGS")
    if given:
        return Path(given)
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "swisstui" / "ratings.sqlite3"


def _connect(path: Path) -> sqlite3.Connection:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        con = sqlite3.connect(path, timeout=30, isolation_level=None,
                              check_same_thread=False)
        con.execute("PRAGMA journal_mode=WAL")
        con.execute("PRAGMA synchronous=NORMAL")
        con.execute("CREATE TABLE IF NOT EXISTS lists (source TEXT PRIMARY KEY, "
                    "list_date TEXT, rows INTEGER, sha256 TEXT, file TEXT, imported TEXT)")
    except (OSError, sqlite3.Error) as exc:
        raise SwissError(_("{path}: cannot open the rating index: {error}")
                         .format(path=path, error=exc)) from None
    return con


# ---- keys -------------------------------------------------------------------------------------

def _words(text: str) -> list[str]:
    return _WORD.findall(fold(text))


def name_keys(name: str, reading: str | None = None) -> set[str]:
    """The index keys of a name (and its reading): its folded words joined, starting from
    each word in turn (``Carlsen, Magnus`` → ``carlsen magnus``, ``magnus carlsen``)."""
    keys: set[str] = set()
    for text in (name, reading):
        words = _words(text) if text else []
        for i in range(min(len(words), _ROTATIONS)):
            keys.add(" ".join(words[i:] + words[:i]))
    return keys


def query_key(query: str) -> str:
    """A typed query folded as the keys are (``Carlsen, M`` → ``carlsen m``)."""
    return " ".join(_words(query))


# ---- import -----------------------------------------------------------------------------------

def guess_source(path: str | os.PathLike[str]) -> str | None:
    """The list a file's name says it is (``players_list_foa.txt`` → fide, ``allworld_lp`` →
    egd, ``TDListN.txt`` → aga, ``*.csv`` → csv), else None."""
    name = Path(path).name.lower()
    if "allworld" in name:
        return "egd"
    if name.startswith("tdlist"):
        return "aga"
    if "players_list" in name or "rating_list" in name or name.endswith(".xml"):
        return "fide"
    if name.endswith(".csv"):
        return "csv"
    return None


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    try:
        with open(path, "rb") as fh:
            for block in iter(lambda: fh.read(1 << 20), b""):
                digest.update(block)
    except FileNotFoundError:
        raise SwissError(_("{path}: no such file").format(path=path)) from None
    except OSError as exc:
        raise SwissError(_("{path}: cannot read: {strerror}")
                         .format(path=path, strerror=exc.strerror)) from None
    return digest.hexdigest()


_COLUMNS = ("pid", "name", "rating", "rank", "federation", "club", "birth", "sex", "title",
            "reading")


def _create(con: sqlite3.Connection, source: str) -> None:
    con.execute(f"DROP TABLE IF EXISTS keys_{source}")
    con.execute(f"DROP TABLE IF EXISTS players_{source}")
    con.execute(f"CREATE TABLE players_{source} (n INTEGER PRIMARY KEY, pid TEXT, name TEXT, "
                "rating INTEGER, rank TEXT, federation TEXT, club TEXT, birth TEXT, sex TEXT, "
                "title TEXT, reading TEXT)")
    con.execute(f"CREATE TABLE keys_{source} (key TEXT, n INTEGER, PRIMARY KEY (key, n)) "
                "WITHOUT ROWID")


def _fill(con: sqlite3.Connection, source: str,
          rows: Iterable[tuple[int, dict[str, Any]]]) -> int:
    put_player = (f"INSERT INTO players_{source} VALUES "
                  f"({', '.join('?' * (len(_COLUMNS) + 1))})")
    put_key = f"INSERT OR IGNORE INTO keys_{source} VALUES (?, ?)"
    players: list[tuple[Any, ...]] = []
    keys: list[tuple[str, int]] = []
    count = 0
    for _line, row in rows:
        count += 1
        players.append((count, row.get("federation_id"), row["name"], row.get("rating"),
                        row.get("rank"), row.get("country"), row.get("club"),
                        row.get("birth"), row.get("sex"), row.get("title"),
                        row.get("reading")))
        keys.extend((k, count) for k in name_keys(row["name"], row.get("reading")))
        if len(players) >= _BATCH:
            con.executemany(put_player, players)
            con.executemany(put_key, keys)
            players.clear()
            keys.clear()
    con.executemany(put_player, players)
    con.executemany(put_key, keys)
    con.execute(f"CREATE INDEX players_{source}_pid ON players_{source} (pid)")
    return count


def import_list(path: str | os.PathLike[str], source: str | None = None, *,
                columns: dict[str, str] | str | None = None, list_date: str | None = None,
                index: Path | None = None) -> InstalledList:
    """Install (or replace) the list of ``source`` from the file ``path``: one transaction,
    all or nothing (module docstring).  ``source`` None: from the file's name
    (:func:`guess_source`), or csv when ``columns`` is given.  ``columns``: a CSV's column
    map, as :func:`~swisstui.core.interop.player_lists.parse_column_map` gives it, or its
    text (``--map``), read once the file is known to be there.  A missing file or a folder
    is refused first, whatever ``source``.  ``list_date`` (ISO) overrides the date the file
    states; without either, the file's modification date is the list's."""
    path = Path(path).expanduser()
    # the file first, whatever --source says: a name mistyped is said as such, not as a
    # list of unknown kind
    try:
        folder = stat.S_ISDIR(os.stat(path).st_mode)
    except FileNotFoundError:
        raise SwissError(_("{path}: no such file").format(path=path), field="file") from None
    except OSError as exc:  # a name too long, a folder on the way not readable …
        raise SwissError(_("{path}: cannot read: {strerror}").format(
            path=path, strerror=exc.strerror), field="file") from None
    if folder:
        raise SwissError(_("{path}: is a folder; give a file name").format(path=path),
                         field="file")
    if source is None:
        # a column map is a CSV's: the file's name need not end in .csv
        source = "csv" if columns else guess_source(path)
        if source is None:
            raise SwissError(_("{path}: which list is it? say --source {items}")
                             .format(path=path, items="|".join(SOURCES)), field="source")
    if source not in SOURCES:
        raise SwissError(_("unknown rating list {source!r}; valid: {items}")
                         .format(source=source, items=", ".join(SOURCES)), field="source")
    if isinstance(columns, str):
        columns = parse_column_map(columns)
    if list_date is not None:
        try:
            list_date = date.fromisoformat(list_date).isoformat()
        except ValueError:
            raise SwissError(_("bad date {value!r} (write YYYY-MM-DD)").format(value=list_date),
                             field="date") from None
    digest = _sha256(path)
    meta: dict[str, Any] = {}
    con = _connect(index or index_path())
    try:
        con.execute("BEGIN IMMEDIATE")
        try:
            _create(con, source)
            count = _fill(con, source, iter_list(path, source, columns=columns, meta=meta))
            if not count:  # an empty file must not replace the list installed
                raise SwissError(_("{path}: no player in this file; the list installed is "
                                   "kept").format(path=path), field="file")
            when = list_date or meta.get("date") or date.fromtimestamp(
                path.stat().st_mtime).isoformat()
            done = InstalledList(source, when, count, digest, path.name,
                                 datetime.now(UTC).isoformat(timespec="seconds"))
            con.execute("INSERT OR REPLACE INTO lists VALUES (?, ?, ?, ?, ?, ?)",
                        (done.source, done.list_date, done.rows, done.sha256, done.file,
                         done.imported))
            con.execute("COMMIT")
        except BaseException:
            con.execute("ROLLBACK")
            raise
    except sqlite3.Error as exc:
        raise SwissError(_("{path}: the rating index refused the list: {error}")
                         .format(path=index or index_path(), error=exc)) from None
    finally:
        con.close()
    return done


def installed(index: Path | None = None) -> tuple[InstalledList, ...]:
    """The installed lists, in :data:`SOURCES` order (none when there is no index yet)."""
    path = index or index_path()
    if not path.exists():
        return ()
    con = _reader(path)
    with _LOCK:
        try:
            rows = con.execute("SELECT source, list_date, rows, sha256, file, imported "
                               "FROM lists").fetchall()
        except sqlite3.Error as exc:
            raise _unreadable(path, exc) from None
    found = {r[0]: InstalledList(*r) for r in rows}
    return tuple(found[s] for s in SOURCES if s in found)


# ---- lookup -----------------------------------------------------------------------------------

_READERS: dict[Path, sqlite3.Connection] = {}
_LOCK = threading.Lock()


def _unreadable(path: Path, exc: sqlite3.Error) -> SwissError:
    return SwissError(_("{path}: cannot open the rating index: {error}")
                      .format(path=path, error=exc))


def _reader(path: Path) -> sqlite3.Connection:
    """One read connection per index file, kept open: a lookup at every key press does not
    pay for opening the file (a re-import is seen by the next read, as WAL readers do)."""
    with _LOCK:
        con = _READERS.get(path)
        if con is None:
            try:
                con = sqlite3.connect(path, timeout=5, check_same_thread=False)
            except sqlite3.Error as exc:
                raise SwissError(_("{path}: cannot open the rating index: {error}")
                                 .format(path=path, error=exc)) from None
            _READERS[path] = con
        return con


def game_sources(game: str | None) -> tuple[str, ...]:
    """The lists a lookup for ``game`` reads, in order: the game's own (its profile's
    ``rating_lists``: chess FIDE; Go EGD, then AGA), then the lists of no game (a
    federation's CSV); another game's list is never offered (a chess rating is not a Go
    player's).  ``game`` None: every list."""
    if game is None:
        return SOURCES
    from .games import profile
    from .model import GAMES

    owned = {s for g in GAMES for s in profile(g).rating_lists}
    own = profile(game).rating_lists
    return tuple(own) + tuple(s for s in SOURCES if s not in owned and s not in own)


def _rows(con: sqlite3.Connection, source: str, q: str, digits: bool, limit: int
          ) -> Iterator[tuple[Any, ...]]:
    cols = ", ".join(f"p.{c}" for c in ("n", *_COLUMNS))
    if digits:
        yield from con.execute(
            f"SELECT {cols} FROM players_{source} p WHERE p.pid >= ? AND p.pid < ? "
            "ORDER BY p.pid LIMIT ?", (q, q + ":", limit))
    if q:
        yield from con.execute(
            f"SELECT {cols} FROM keys_{source} k JOIN players_{source} p ON p.n = k.n "
            "WHERE k.key >= ? AND k.key < ? ORDER BY k.key LIMIT ?",
            (q, q + _LAST, limit * 2))


def lookup(query: str, game: str | None = None, limit: int = 10, *,
           index: Path | None = None) -> tuple[RatedPlayer, ...]:
    """Players of the installed lists whose name (or reading) starts with the typed
    ``query`` word by word — accents, case and kana forms ignored, any of the names first —
    or whose id starts with it, the game's lists first (:func:`game_sources`), at most
    ``limit``.  No index or no list: nothing found."""
    path = index or index_path()
    if limit <= 0 or not path.exists():
        return ()
    limit = min(limit, 1 << 31)  # SQLite's LIMIT takes no larger integer
    text = query.strip()
    digits = text.isdecimal()
    q = query_key(text)
    if not q and not digits:
        return ()
    con = _reader(path)
    found: list[RatedPlayer] = []
    with _LOCK:
        try:
            for source in _installed_sources(con, game):
                seen: set[int] = set()
                for row in _rows(con, source, text if digits else q, digits, limit):
                    if row[0] in seen:
                        continue
                    seen.add(row[0])
                    found.append(_rated(row, source))
                    if len(found) >= limit:
                        return tuple(found)
        except sqlite3.Error as exc:
            raise _unreadable(path, exc) from None
    return tuple(found)


def _rated(row: tuple[Any, ...], source: str) -> RatedPlayer:
    """A row of ``players_<source>`` read with ``n`` first (:data:`_COLUMNS` after it)."""
    return RatedPlayer(row[2], row[1], row[3], row[4], row[5], row[6], row[7], row[8], row[9],
                       source, row[10])


def _installed_sources(con: sqlite3.Connection, game: str | None) -> list[str]:
    """The game's lists that are installed, in lookup order (:func:`game_sources`)."""
    have = {r[0] for r in con.execute("SELECT source FROM lists")}
    return [s for s in game_sources(game) if s in have]


def by_ids(ids: Iterable[str], game: str | None = None, *, index: Path | None = None
           ) -> dict[str, RatedPlayer]:
    """The rows of the installed lists whose id is exactly one of ``ids`` (FIDE ids, EGD
    PINs …), each id's first in the game's lists order (:func:`game_sources`): what a
    refresh of the registered players reads.  No index or no list: {}."""
    path = index or index_path()
    wanted = sorted({i.strip() for i in ids if i and i.strip()})
    if not wanted or not path.exists():
        return {}
    con = _reader(path)
    cols = ", ".join(f"p.{c}" for c in ("n", *_COLUMNS))
    found: dict[str, RatedPlayer] = {}
    with _LOCK:
        try:
            for source in _installed_sources(con, game):
                for k in range(0, len(wanted), 500):
                    chunk = wanted[k:k + 500]
                    marks = ", ".join("?" * len(chunk))
                    for row in con.execute(f"SELECT {cols} FROM players_{source} p "
                                           f"WHERE p.pid IN ({marks})", chunk):
                        found.setdefault(row[1], _rated(row, source))
        except sqlite3.Error as exc:
            raise _unreadable(path, exc) from None
    return found
