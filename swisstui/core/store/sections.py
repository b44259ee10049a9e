"""Sections of one event (issue 33, docs/FORMAT.md "Sections"): the root folder is the event
and its first section; each further section is a folder ``sections/NAME/`` in the layout of
an event folder (``event.toml``, ``players.toml``, ``rounds/``) whose ``event.toml`` holds
only the settings that differ from the root's.

One place decides what a section inherits (:func:`merge`) and what a section's file says
(:func:`section_doc`, the inverse: only what differs).  Each section folder has its own lock
and journal, so writing one section never locks another; a section reads the root's
``event.toml`` (replaced atomically, one file) without the root's lock.
"""

from __future__ import annotations

from ..i18n import _

import os
import re
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import partial
from pathlib import Path
from typing import Any

from ..errors import EventFileError, SwissError
from ..model import SCHEMA_VERSION
from .layout import EVENT_FILE, JOURNAL_FILE, PLAYERS_FILE
from .reading import _Reader

SECTIONS_DIR = "sections"
#: The root's ``schema`` once the event has a second section (an older swisstui refuses it
#: in one line instead of reading one section as the whole event)
SECTIONS_SCHEMA = 2
#: The root section's name when ``event.toml`` has no ``section`` key
DEFAULT_SECTION = "main"
#: Keys only the root's event.toml has: the root section's name, and whether a player may
#: be entered in several sections (the same id, the same name)
ROOT_KEYS = ("section", "multi_entry", "plays_up")
#: Never inherited: forbidden pairs name the root's players; ``[interop]`` keeps another
#: program's records of the root's file
NOT_INHERITED = ("schema", "forbidden", "interop")
#: What belongs to the game: not inherited by a section of another game (its own defaults)
GAME_KEYS = ("system", "style", "round1", "colours", "tiebreaks", "pairing_order",
             "scoring", "options", "fide_mode")
#: Tables merged key by key (a section overrides one option, inherits the others)
TABLES = ("scoring", "options")

_PLAIN = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,39}")


def plain_word(name: str) -> bool:
    """Letters, digits, ``-`` and ``_``, starting with a letter or digit, at most 40."""
    return isinstance(name, str) and _PLAIN.fullmatch(name) is not None and name.isascii()


def check_name(name: str) -> str:
    if not plain_word(name):
        raise SwissError(_("{name!r} is not a section name: use letters, digits, - and _ (e.g. U1600, kyu)").format(name=name), field="section")
    return name


def root_of(folder: Path) -> Path | None:
    """The event's root when ``folder`` is a section folder (``ROOT/sections/NAME`` with a
    root ``event.toml``), else None (a root or a one-section event)."""
    path = Path(os.path.abspath(folder))
    parent = path.parent
    if parent.name != SECTIONS_DIR or not plain_word(path.name):
        return None
    root = parent.parent
    return root if os.path.lexists(root / EVENT_FILE) else None


def guard(folder: Path, root: Path) -> None:
    """A section folder must be a folder of the event, not a link to one elsewhere."""
    for path in (root / SECTIONS_DIR, Path(os.path.abspath(folder))):
        if os.path.islink(path):
            raise SwissError(_("{path}: is a symbolic link; a section is a folder inside the event folder (put the folder itself there)").format(path=path))


def section_folders(root: Path) -> list[tuple[str, Path]]:
    """The further sections (name, folder) in name order: folders of ``sections/`` holding an
    event.toml (or a change in progress); a link or a name that is not a plain word is
    refused in one line."""
    sdir = root / SECTIONS_DIR
    if os.path.islink(sdir):
        raise SwissError(_("{path}: is a symbolic link; a section is a folder inside the event folder (put the folder itself there)").format(path=sdir))
    if not sdir.is_dir():
        return []
    out = []
    for name in sorted(os.listdir(sdir)):
        path = sdir / name
        if name.startswith("."):
            continue
        if os.path.islink(path):
            raise SwissError(_("{path}: is a symbolic link; a section is a folder inside the event folder (put the folder itself there)").format(path=path))
        if not path.is_dir() or not (os.path.lexists(path / EVENT_FILE)
                                     or os.path.lexists(path / JOURNAL_FILE)):
            continue
        if not plain_word(name):
            raise SwissError(_("{path}: {name!r} is not a section name: use letters, digits, - and _ (rename the folder)").format(path=sdir, name=name))
        out.append((name, path))
    return out


def has_sections(folder: Path) -> bool:
    """Whether ``folder`` belongs to an event of several sections."""
    return root_of(folder) is not None or bool(section_folders(Path(folder)))


# ---- the root's own keys ------------------------------------------------------------------

def root_keys(path: Path, text: str, data: dict[str, Any]) -> tuple[dict[str, Any],
                                                                    dict[str, Any]]:
    """(``data`` as a one-section event.toml reads it, the root's own keys): ``schema`` 2 is
    read as 1 plus sections; ``section`` must be a plain word, ``multi_entry`` a boolean."""
    data = dict(data)
    extra: dict[str, Any] = {}
    r = _Reader(path, text, data, label="event.toml")
    if data.get("schema") == SECTIONS_SCHEMA:
        data["schema"] = SCHEMA_VERSION
    if "section" in data:
        name = r.get("section", "str")
        if not plain_word(name):
            raise r.err("section", _("{name!r} is not a section name: use letters, digits, - and _ (e.g. U1600, kyu)").format(name=name))
        extra["section"] = data.pop("section")
    if "multi_entry" in data:
        extra["multi_entry"] = r.get("multi_entry", "bool")
        data.pop("multi_entry")
    _own_keys(r, data, extra)
    if "plays_up" in data:
        ids = data.pop("plays_up")
        if not isinstance(ids, list) or not all(type(i) is int and i > 0 for i in ids):
            raise r.err("plays_up", _("plays_up must be a list of player ids, e.g. plays_up = [7, 12]"))
        extra["plays_up"] = list(ids)
    return data, extra


def read_root(root: Path) -> tuple[dict[str, Any], dict[str, Any]]:
    """The root's event.toml as data for :func:`merge`, and its own keys."""
    from .reading import _read_toml
    path = root / EVENT_FILE
    text, data = _read_toml(path)
    return root_keys(path, text, data)


def root_name(root: Path) -> str:
    try:
        return str(read_root(root)[1].get("section", DEFAULT_SECTION))
    except SwissError:
        return DEFAULT_SECTION


# ---- inheritance ----------------------------------------------------------------------------

def merge(root: dict[str, Any], own: dict[str, Any]) -> dict[str, Any]:
    """The settings a section reads: the root's, the section's own over them (``options``
    and ``scoring`` key by key).  Never inherited: forbidden pairs and ``[interop]``; a
    section of another game inherits none of the game's keys (:data:`GAME_KEYS`), it takes
    that game's defaults."""
    other_game = "game" in own and own["game"] != root.get("game")
    out = {k: v for k, v in root.items()
           if k not in NOT_INHERITED and not (other_game and k in GAME_KEYS)}
    for key, value in own.items():
        if key in TABLES and isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = {**out[key], **value}
        else:
            out[key] = value
    out["schema"] = SCHEMA_VERSION
    return out


def section_doc(full: dict[str, Any], base: dict[str, Any]) -> dict[str, Any]:
    """What a section's event.toml says: the keys of ``full`` (its settings as a one-section
    event.toml would say them) that differ from ``base`` (what it inherits); tables key by
    key.  ``merge(root, section_doc(full, base))`` reads back as ``full``."""
    out: dict[str, Any] = {}
    for key, value in full.items():
        if key == "schema":
            continue
        if key in TABLES and isinstance(value, dict) and isinstance(base.get(key), dict):
            diff = {k: v for k, v in value.items() if base[key].get(k) != v}
            if diff:
                out[key] = diff
        elif base.get(key) != value:
            out[key] = value
    return out


def section_keys(path: Path, text: str, data: dict[str, Any]) -> None:
    """A section's own event.toml: the keys of an event.toml but the root's own, and the
    folder's own keys (:data:`OWN_KEYS`), taken out of ``data`` here."""
    from .parsing import _SETTINGS_KEYS
    r = _Reader(path, text, data, label="event.toml")
    _own_keys(r, data, {})
    r.only(tuple(k for k in _SETTINGS_KEYS if k != "schema"))


#: Keys of a folder's own event.toml (the root's or a section's), never inherited, not
#: settings of the pairing: ``first_board``, the number the section's first board has in the
#: hall's numbering (the U1600 from 101), default 1
OWN_KEYS = ("first_board",)
MAX_FIRST_BOARD = 99_999


def _own_keys(r: _Reader, data: dict[str, Any], extra: dict[str, Any]) -> None:
    if "first_board" in data:
        value = r.get("first_board", "int")
        if not 1 <= value <= MAX_FIRST_BOARD:
            raise r.err("first_board", _("first_board must be a board number from 1 to {limit}, not {value}").format(limit=MAX_FIRST_BOARD, value=value))
        extra["first_board"] = data.pop("first_board")


def own_keys(folder: Path) -> dict[str, Any]:
    """The folder's own keys as its event.toml says them now ({} when it says none or
    cannot be read: the reader reports that)."""
    from .reading import _read_toml
    path = Path(folder) / EVENT_FILE
    try:
        text, data = _read_toml(path)
        extra: dict[str, Any] = {}
        _own_keys(_Reader(path, text, data, label="event.toml"), data, extra)
    except (SwissError, OSError):
        return {}
    return extra


def first_board(folder: Path) -> int:
    """The hall's number of the folder's board 1 (its ``first_board``, default 1)."""
    return int(own_keys(folder).get("first_board", 1))


def other_players(folder: Path) -> list[tuple[str, Path]]:
    """(section name, players.toml) of every section of the event but ``folder``'s."""
    folder = Path(os.path.abspath(folder))
    root = root_of(folder) or folder
    every = [(root_name(root), root)] + section_folders(root)
    return [(name, path / PLAYERS_FILE) for name, path in every
            if Path(os.path.abspath(path)) != folder and os.path.lexists(path / PLAYERS_FILE)]


def check_ids(folder: Path, old: Any, new: Any) -> None:
    """Ids are unique in the event: a player added (or renamed) here may not carry an id
    another section gives a different person; the same person may be entered in several
    sections only where the root says ``multi_entry = true``."""
    from .cache import _cached
    from .parsing import _load_players
    before = {p.id: p for p in old.players}
    fresh = [p for p in new.players if p.id not in before or before[p.id].name != p.name]
    if not fresh:
        return
    root = root_of(folder) or Path(folder)
    others = other_players(folder)
    if not others:
        return
    multi = bool(read_root(root)[1].get("multi_entry", False))
    for name, path in others:
        try:
            theirs = {p.id: p for p in _cached(path, None, partial(_load_players, path))}
        except EventFileError:
            continue  # that section's own problem, reported where it is read
        for p in fresh:
            q = theirs.get(p.id)
            if q is None:
                continue
            if (multi or p.id in _MOVING.get()) and q.name == p.name:
                continue
            raise SwissError(_("player id {pid} is {name} in section {section}; ids are unique in the event (leave the id out to get the next free one)").format(pid=p.id, name=q.name, section=name), field="id")


def next_free_id(folder: Path, event: Any) -> int | None:
    """The next id free in the whole event (None for a one-section event: the section's)."""
    from .cache import _cached
    from .parsing import _load_players
    others = other_players(folder) if has_sections(Path(folder)) else []
    if not others:
        return None
    top = max((p.id for p in event.players), default=0)
    for _name, path in others:
        try:
            top = max([top] + [p.id for p in _cached(path, None, partial(_load_players, path))])
        except EventFileError:
            continue
    return top + 1


# ---- moving a player between sections (issue 33 item 4) ----------------------------------

#: The note a move writes on the player's record in the section he left (a file-format
#: marker, kept in English so that ``check`` can read it back, docs/FORMAT.md "Sections")
MOVED_NOTE = re.compile(r"moved to ([A-Za-z0-9][A-Za-z0-9_-]{0,39}) after round (\d+)")

#: Ids a move in progress enters in its target section while the source still holds them
#: (so :func:`check_ids` lets the same person be in two sections for that one write)
_MOVING: ContextVar[frozenset[int]] = ContextVar("swisstui_moving", default=frozenset())


@contextmanager
def moving(pid: int) -> Iterator[None]:
    with moving_all({pid}):
        yield


@contextmanager
def moving_all(ids: set[int] | frozenset[int]) -> Iterator[None]:
    token = _MOVING.set(_MOVING.get() | frozenset(ids))
    try:
        yield
    finally:
        _MOVING.reset(token)


def pool_problems(folder: Path) -> list[str]:
    """Half-done moves across the event's sections, one line each: a player active in two
    sections (without ``multi_entry``), or withdrawn with a "moved to X" note and not in X."""
    from .cache import _cached
    from .parsing import _load_players
    folder = Path(os.path.abspath(folder))
    root = root_of(folder) or folder
    try:
        every = [(root_name(root), root)] + section_folders(root)
    except SwissError:
        return []  # the check reports it on its own
    if len(every) < 2:
        return []
    try:
        multi = bool(read_root(root)[1].get("multi_entry", False))
    except SwissError:
        return []
    pools: dict[str, dict[int, Any]] = {}
    for name, path in every:
        try:
            pools[name] = {p.id: p for p in _cached(path / PLAYERS_FILE, None,
                                                    partial(_load_players,
                                                            path / PLAYERS_FILE))}
        except (EventFileError, OSError):
            continue
    out = []
    active: dict[int, str] = {}
    for name, pool in pools.items():
        for p in pool.values():
            m = MOVED_NOTE.search(p.notes or "")
            if m and p.withdrawn_from is not None and p.id not in pools.get(m.group(1), {}):
                out.append(_("player {pid} ({name}) was moved to section {target} after round {n} but is not entered there: a move was interrupted; run 'swisstui sections move EVENT {pid} {target}' again").format(pid=p.id, name=p.name, target=m.group(1), n=m.group(2)))
            if p.withdrawn_from is not None or multi:
                continue
            if p.id in active:
                out.append(_("player {pid} ({name}) is entered in sections {first} and {second}: a move was interrupted; run 'swisstui sections move EVENT {pid} SECTION' again to finish it").format(pid=p.id, name=p.name, first=active[p.id], second=name))
            active[p.id] = name
    return out


def board_overlaps(folder: Path, load: Any) -> list[str]:
    """Sections whose current rounds' boards share hall numbers, one line each, when the
    hall numbers its boards across sections (a section has a ``first_board``): the U1600
    from 101 while the open's round has 104 boards.  ``load`` reads a section's event.
    Sections all numbered from 1 (separate rooms) are not reported."""
    root = root_of(Path(folder)) or Path(folder)
    try:
        every = [(root_name(root), root)] + section_folders(root)
    except SwissError:
        return []
    spans = []
    for name, path in every:
        try:
            ev = load(path)
        except SwissError:
            continue
        rnd = ev.round(ev.current_round)
        if rnd is not None and rnd.boards:
            first = first_board(path)
            spans.append((first, first + len(rnd.boards) - 1, name))
    if all(first == 1 for first, _last, _name in spans):
        return []
    out = []
    spans.sort()
    reach: tuple[int, int, str] | None = None  # the span reaching furthest so far
    for span in spans:
        if reach is not None and span[0] <= reach[1]:
            out.append(_("sections {first} (boards {a}–{b}) and {second} (boards {c}–{d}) share hall board numbers: give {second} a first board above {b} ('swisstui sections first-board EVENT {second} {next}')").format(first=reach[2], a=reach[0], b=reach[1], second=span[2], c=span[0], d=span[1], next=reach[1] + 1))
        if reach is None or span[1] > reach[1]:
            reach = span
    return out

