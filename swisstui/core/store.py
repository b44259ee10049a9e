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
"""

from __future__ import annotations

import errno
import fcntl
import math
import os
import re
import tempfile
import threading
import tomllib
from contextlib import contextmanager
from dataclasses import fields, replace
from pathlib import Path
from typing import Any
from collections.abc import Callable, Iterator, Mapping

import tomli_w

from .errors import EventFileError, SwissError
from .registration import (check_birth, check_range, check_text, duplicate_federation_ids,
                           played_conflicts)
from .model import (GAMES, SCHEMA_VERSION, Board, Bye, ByeKind, Event, Player, Round,
                    Scoring, Settings)

EVENT_FILE = "event.toml"
PLAYERS_FILE = "players.toml"
ROUNDS_DIR = "rounds"
LOCK_FILE = ".swisstui.lock"
TMP_SUFFIX = ".swisstui-tmp"
_ROUND_NAME = re.compile(r"^(\d+)\.toml$")

__all__ = ["load", "create", "update", "fingerprint", "check", "round_file_name",
           "EVENT_FILE", "PLAYERS_FILE", "ROUNDS_DIR", "LOCK_FILE"]


def round_file_name(number: int) -> str:
    return f"{number:02d}.toml"


# ---- locating a key in the text (for file:line messages) -------------------------------------

_HEADER = re.compile(r"^\s*(\[\[?)\s*([A-Za-z0-9_.\-\"' ]+?)\s*\]\]?\s*(#.*)?$")


def _key_re(key: str) -> re.Pattern[str]:
    k = re.escape(key)
    return re.compile(rf"^\s*(?:{k}|\"{k}\"|'{k}')\s*=")


def _locate(text: str, table: str | None = None, index: int | None = None,
            key: str | None = None) -> int | None:
    """Line (1-based) of ``key`` in the ``index``-th ``[[table]]`` (or ``[table]``, or the
    top level when ``table`` is None).  Falls back to the table's header line, then None."""
    counts: dict[str, int] = {}
    in_target = table is None
    header_line: int | None = None
    for no, line in enumerate(text.splitlines(), 1):
        m = _HEADER.match(line)
        if m:
            if in_target and table is None and key is not None:
                return _header_of(text, key)  # a top-level key written as a table: [key]
            if in_target:  # leaving the table we searched: key not there
                return header_line
            name = m.group(2).strip().strip('"').strip("'")
            idx = None
            if m.group(1) == "[[":
                idx = counts[name] = counts.get(name, -1) + 1
            in_target = name == table and (index is None or idx == index)
            if in_target:
                header_line = no
                if key is None:
                    return no
            continue
        if in_target and key is not None and _key_re(key).match(line):
            return no
    if header_line is None and table is not None and index is None:
        return _locate(text, None, None, table)  # inline table: `scoring = {...}`
    return header_line


def _header_of(text: str, name: str) -> int | None:
    """Line of the first table header ``[name]``, ``[[name]]`` or ``[name.sub]``."""
    for no, line in enumerate(text.splitlines(), 1):
        m = _HEADER.match(line)
        if m:
            found = m.group(2).strip().strip('"').strip("'")
            if found == name or found.startswith(name + "."):
                return no
    return None


# ---- validation helpers -----------------------------------------------------------------------

class _Reader:
    """Typed access to one parsed TOML table, with file:line errors."""

    def __init__(self, path: Path, text: str, data: Mapping[str, Any], table: str | None = None,
                 index: int | None = None, label: str | None = None):
        self.path, self.text, self.data = path, text, data
        self.table, self.index = table, index
        self.label = label or (f"[[{table}]]" if index is not None else
                               f"[{table}]" if table else "top level")

    def err(self, key: str | None, msg: str) -> EventFileError:
        exc = EventFileError(self.path, _locate(self.text, self.table, self.index, key), msg)
        exc.where = (self.table, key)  # type: ignore[attr-defined]  # for check mode
        return exc

    def only(self, allowed: set[str] | tuple[str, ...]) -> None:
        for key in self.data:
            if key not in allowed:
                raise self.err(key, f"unknown key {key!r} in {self.label} "
                                    f"(valid: {', '.join(sorted(allowed))})")

    def get(self, key: str, kind: str, default: Any = None, required: bool = False) -> Any:
        if key not in self.data:
            if required:
                raise self.err(None, f"{self.label}: missing key {key!r}")
            return default
        value = self.data[key]
        ok: bool
        if kind == "int":
            ok = isinstance(value, int) and not isinstance(value, bool)
        elif kind == "float":
            ok = isinstance(value, (int, float)) and not isinstance(value, bool)
            if ok:
                value = float(value)
                ok = math.isfinite(value)
        elif kind == "str":
            ok = isinstance(value, str)
        elif kind == "bool":
            ok = isinstance(value, bool)
        elif kind == "strlist":
            ok = isinstance(value, list) and all(isinstance(v, str) for v in value)
            if ok:
                value = tuple(value)
        elif kind == "table":
            ok = isinstance(value, dict)
        else:  # pragma: no cover - programming error
            raise ValueError(kind)
        if not ok:
            names = {"int": "an integer", "float": "a number", "str": "a string",
                     "bool": "true or false", "strlist": "a list of strings",
                     "table": "a table"}
            raise self.err(key, f"{key!r} must be {names[kind]}, not {_show(value)}")
        return value

    def positive(self, key: str, default: Any = None, required: bool = False,
                 minimum: int = 1) -> Any:
        value = self.get(key, "int", default, required)
        if value is not None and value < minimum:
            raise self.err(key, f"{key!r} must be at least {minimum}, not {value}")
        return value


def _show(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):
        return "a table"
    if isinstance(value, list):
        return "a list"
    return repr(value)


def _read_toml(path: Path) -> tuple[str, dict[str, Any]]:
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise EventFileError(path, None, "file is missing") from None
    except OSError as exc:
        raise EventFileError(path, None, f"cannot read: {exc.strerror}") from None
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw[:exc.start].count(b"\n") + 1
        raise EventFileError(path, line, "not valid UTF-8") from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        line = getattr(exc, "lineno", None)
        msg = getattr(exc, "msg", None) or str(exc)
        if line is None:
            m = re.search(r"\(at line (\d+), column (\d+)\)", str(exc))
            if m:
                line = int(m.group(1))
            msg = re.sub(r"\s*\(at line \d+, column \d+\)|\s*\(at end of document\)", "",
                         str(exc))
        raise EventFileError(path, line, f"invalid TOML: {msg}") from None
    bad = _non_finite(data)
    if bad is not None:
        table, index, key = bad
        raise EventFileError(path, _locate(text, table, index, key),
                             f"{key!r}: numbers must be finite (not inf, nan or 1e400)")
    return text, data


def _non_finite(data: dict[str, Any]) -> tuple[str | None, int | None, str] | None:
    """Where a float is inf or nan (TOML allows them; no setting or result means them)."""
    def bad(v: Any) -> bool:
        if isinstance(v, float):
            return not math.isfinite(v)
        if isinstance(v, list):
            return any(bad(x) for x in v)
        if isinstance(v, dict):
            return any(bad(x) for x in v.values())
        return False

    for key, value in data.items():
        if isinstance(value, dict):
            for k, v in value.items():
                if bad(v):
                    return key, None, k
        elif isinstance(value, list) and value and all(isinstance(x, dict) for x in value):
            for i, item in enumerate(value):
                for k, v in item.items():
                    if bad(v):
                        return key, i, k
        elif bad(value):
            return None, None, key
    return None


# ---- event.toml -------------------------------------------------------------------------------

_SETTINGS_KEYS = ("schema", "name", "game", "rounds", "system", "style", "round1", "colours",
                  "tiebreaks", "pairing_order", "seed", "club_weight", "country_weight",
                  "date_start", "date_end", "venue", "city", "arbiter", "forbidden",
                  "scoring", "options")
_SCORING_KEYS = tuple(f.name for f in fields(Scoring))


def _parse_settings(path: Path, text: str, data: dict[str, Any]) -> Settings:
    r = _Reader(path, text, data, label="event.toml")
    r.only(_SETTINGS_KEYS)
    schema = r.get("schema", "int", required=True)
    if schema != SCHEMA_VERSION:
        raise r.err("schema", f"schema version {schema} is not supported "
                              f"(this swisstui reads schema {SCHEMA_VERSION})")
    game = r.get("game", "str", required=True)
    if game not in GAMES:
        raise r.err("game", f"unknown game {game!r}; valid: {', '.join(GAMES)}")
    kw: dict[str, Any] = {
        "name": r.get("name", "str", required=True),
        "game": game,
        "rounds": r.positive("rounds", required=True),
    }
    for key in ("system", "style", "round1", "colours", "date_start", "date_end", "venue",
                "city", "arbiter"):
        if key in data:
            kw[key] = r.get(key, "str")
    for key in ("tiebreaks", "pairing_order"):
        if key in data:
            kw[key] = r.get(key, "strlist")
    if "seed" in data:
        kw["seed"] = r.get("seed", "int")
    for key in ("club_weight", "country_weight"):
        if key in data:
            kw[key] = r.positive(key, minimum=0)
    if "forbidden" in data:
        forb = data["forbidden"]
        if not (isinstance(forb, list) and all(
                isinstance(p, list) and len(p) == 2 and all(
                    isinstance(x, int) and not isinstance(x, bool) and x > 0 for x in p)
                for p in forb)):
            raise r.err("forbidden", "'forbidden' must be a list of pairs of player ids, "
                                     "e.g. [[3, 7], [2, 11]]")
        kw["forbidden"] = tuple((a, b) for a, b in forb)
    from .settings import game_defaults  # what event.toml leaves out: the game's defaults
    defaults = game_defaults(game, kw.get("system"), kw.get("style"))
    if "scoring" in data:
        sr = _Reader(path, text, r.get("scoring", "table"), table="scoring")
        sr.only(_SCORING_KEYS)
        skw = {k: sr.get(k, "float") for k in _SCORING_KEYS if k in sr.data}
        kw["scoring"] = replace(defaults["scoring"], **skw)
    if "options" in data:
        kw["options"] = dict(r.get("options", "table"))
    settings = Settings(**{**defaults, **kw})
    try:
        _validate_settings(settings)
        from .settings import normalize_options
        settings = replace(settings, options=normalize_options(game, settings.options))
    except SwissError as exc:
        key = getattr(exc, "key", None)
        msg = str(exc)
        in_options = bool(key) and key in settings.options
        line = _locate(text, "options", None, key) if in_options \
            else _locate(text, None, None, key) if key else None
        err = EventFileError(path, line, msg)
        err.where = ("options" if in_options else None, key)  # type: ignore[attr-defined]
        raise err from None
    return settings


def _validate_settings(settings: Settings) -> None:
    """Settings values (system, style, tie-breaks, game options): one rule, one place —
    :mod:`swisstui.core.settings`."""
    from .settings import validate_settings
    validate_settings(settings)


def _settings_doc(s: Settings) -> dict[str, Any]:
    doc: dict[str, Any] = {"schema": SCHEMA_VERSION, "name": s.name, "game": s.game,
                           "rounds": s.rounds, "system": s.system, "style": s.style,
                           "round1": s.round1, "colours": s.colours,
                           "tiebreaks": list(s.tiebreaks)}
    if s.pairing_order:
        doc["pairing_order"] = list(s.pairing_order)
    doc["seed"] = s.seed
    doc["club_weight"] = s.club_weight
    doc["country_weight"] = s.country_weight
    for key in ("date_start", "date_end", "venue", "city", "arbiter"):
        value = getattr(s, key)
        if value is not None:
            doc[key] = value
    if s.forbidden:
        doc["forbidden"] = [[a, b] for a, b in s.forbidden]
    sc = s.scoring
    doc["scoring"] = {k: float(getattr(sc, k)) for k in _SCORING_KEYS
                      if getattr(sc, k) is not None}
    if s.options:
        doc["options"] = {k: _tomlable(v) for k, v in s.options.items() if v is not None}
    return doc


def _tomlable(v: Any) -> Any:
    if isinstance(v, tuple):
        return [_tomlable(x) for x in v]
    if isinstance(v, list):
        return [_tomlable(x) for x in v]
    if isinstance(v, dict):
        return {k: _tomlable(x) for k, x in v.items()}
    if isinstance(v, ByeKind):
        return v.value
    return v


def _untoml(v: Any) -> Any:
    if isinstance(v, list):
        return tuple(_untoml(x) for x in v)
    return v


# ---- players.toml -----------------------------------------------------------------------------

_PLAYER_STR = ("name", "rank", "club", "country", "federation_id", "sex", "title", "birth",
               "notes")
_PLAYER_KEYS = ("id", "name", "rating", "rank", "club", "country", "lot", "federation_id",
                "sex", "title", "birth", "joined_round", "withdrawn_from", "byes",
                "smms_correction", "notes")


def _canonical_rank(rank: str) -> str:
    """Canonical rank via :mod:`swisstui.core.ranks` (owned by the games area)."""
    try:
        from . import ranks
    except ImportError:  # pragma: no cover - until the games area lands
        return rank
    try:
        return ranks.parse_rank(rank)
    except (ValueError, SwissError) as exc:
        raise SwissError(str(exc).strip() or f"malformed rank {rank!r}") from None


def _each(problems: list[str] | None, fn: Callable[[], Any]) -> Any:
    """Run the parser of one table; in check mode (``problems`` given) record its error and
    go on with the next table, so ``swisstui check`` lists every problem."""
    try:
        return fn()
    except EventFileError as exc:
        if problems is None:
            raise
        problems.append(str(exc))
        return None


def _parse_players(path: Path, text: str, data: dict[str, Any],
                   problems: list[str] | None = None) -> tuple[Player, ...]:
    top = _Reader(path, text, data, label="players.toml")
    top.only(("player",))
    items = data.get("player", [])
    if not isinstance(items, list):
        raise top.err("player", "'player' must be an array of tables: [[player]]")
    players: list[Player] = []
    seen: dict[int, int] = {}
    for i, item in enumerate(items):
        if not isinstance(item, dict):
            raise top.err("player", "'player' must be an array of tables: [[player]]")
        player = _each(problems, lambda i=i, item=item: _parse_player(path, text, i, item,
                                                                       seen))
        if player is not None:
            players.append(player)
    for i, message in duplicate_federation_ids(players):  # one FIDE id / PIN, one person
        index = next(k for k, item in enumerate(items) if isinstance(item, dict)
                     and item.get("id") == players[i].id)
        exc = EventFileError(path, _locate(text, "player", index, "federation_id"),
                             f"player {players[i].id}: {message}")
        if problems is None:
            raise exc
        problems.append(str(exc))
    return tuple(sorted(players, key=lambda p: p.id))


def _parse_player(path: Path, text: str, i: int, item: dict[str, Any],
                  seen: dict[int, int]) -> Player:
    r = _Reader(path, text, item, table="player", index=i)
    r.only(_PLAYER_KEYS)
    pid = r.positive("id", required=True)
    _in_range(r, "id", pid)
    if pid in seen:
        raise r.err("id", f"duplicate player id {pid} (also player #{seen[pid] + 1})")
    seen[pid] = i
    kw: dict[str, Any] = {"id": pid}
    for key in _PLAYER_STR:
        if key in item:
            kw[key] = r.get(key, "str")
            try:
                check_text(key, kw[key])
                if key == "birth":
                    check_birth(kw[key])
            except SwissError as exc:
                raise r.err(key, f"player {pid}: {exc}") from None
    if "name" not in item or not kw["name"].strip():
        raise r.err("name" if "name" in item else None, f"player {pid} has no name")
    if "rank" in kw:
        try:
            kw["rank"] = _canonical_rank(kw["rank"])
        except SwissError as exc:
            raise r.err("rank", f"player {pid}: {exc}") from None
    for key in ("rating", "lot", "joined_round", "withdrawn_from", "smms_correction"):
        if key in item:
            kw[key] = _in_range(r, key, r.get(key, "int"))
    if "byes" in item:
        kw["byes"] = _parse_byes(r, pid, item["byes"])
    return Player(**kw)


def _in_range(r: _Reader, key: str, value: int) -> int:
    try:
        check_range(key, value)
    except SwissError as exc:
        raise r.err(key, str(exc)) from None
    return value


def _parse_byes(r: _Reader, pid: int, value: Any) -> tuple[tuple[int, ByeKind], ...]:
    kinds = [k.value for k in ByeKind if k is not ByeKind.PAIRING]
    bad = r.err("byes", f"player {pid}: 'byes' must be a list like "
                        f"[{{round = 3, kind = \"half\"}}] (kinds: {', '.join(kinds)})")
    if not isinstance(value, list):
        raise bad
    out: list[tuple[int, ByeKind]] = []
    for b in value:
        if not isinstance(b, dict) or set(b) != {"round", "kind"}:
            raise bad
        rnd, kind = b["round"], b["kind"]
        if not isinstance(rnd, int) or isinstance(rnd, bool) or rnd < 1 or kind not in kinds:
            raise bad
        if any(x == rnd for x, _ in out):
            raise r.err("byes", f"player {pid}: two byes requested for round {rnd}")
        out.append((rnd, ByeKind(kind)))
    return tuple(sorted(out))


def _players_doc(players: tuple[Player, ...]) -> dict[str, Any]:
    out = []
    for p in players:
        d: dict[str, Any] = {"id": p.id, "name": p.name}
        for f in fields(Player):
            if f.name in ("id", "name", "byes"):
                continue
            value = getattr(p, f.name)
            if value is None or value == f.default:
                continue
            d[f.name] = value
        if p.byes:
            d["byes"] = [{"round": r, "kind": k.value} for r, k in p.byes]
        out.append(d)
    return {"player": out} if out else {}


# ---- rounds/NN.toml ---------------------------------------------------------------------------

def _profile(game: str):
    from .games import profile
    return profile(game)


def _parse_round(path: Path, text: str, data: dict[str, Any], settings: Settings,
                 number: int, problems: list[str] | None = None) -> Round:
    prof = _profile(settings.game)
    detail_keys = tuple(prof.detail_keys)
    parse = prof.parse
    if parse is None:  # pragma: no cover - every profile defines one
        raise SwissError(f"{settings.game}: no result grammar")
    top = _Reader(path, text, data, label=path.name)
    top.only(("round", "playoff", "board", "bye"))
    if "round" in data:
        declared = top.positive("round")
        if declared != number:
            raise top.err("round", f"'round = {declared}' does not match the file name "
                                   f"(round {number})")
    playoff = top.get("playoff", "bool", False)
    where: dict[int, str] = {}

    def seat(r: _Reader, key: str, pid: int, what: str) -> None:
        if pid in where:
            raise r.err(key, f"player {pid} appears twice in round {number} "
                             f"({where[pid]} and {what})")
        where[pid] = what

    boards: list[Board] = []
    items = data.get("board", [])
    if not isinstance(items, list) or not all(isinstance(x, dict) for x in items):
        raise top.err("board", "'board' must be an array of tables: [[board]]")
    numbers: set[int] = set()

    def one_board(i: int, item: dict[str, Any]) -> Board:
        r = _Reader(path, text, item, table="board", index=i)
        r.only(("board", "players", "result") + detail_keys)
        bno = r.positive("board", required=True)
        if bno in numbers:
            raise r.err("board", f"duplicate board number {bno}")
        numbers.add(bno)
        ps = item.get("players")
        if not (isinstance(ps, list) and len(ps) == 2 and all(
                isinstance(x, int) and not isinstance(x, bool) and x > 0 for x in ps)):
            raise r.err("players" if "players" in item else None,
                        f"board {bno}: 'players' must be two player ids, e.g. [3, 7]")
        a, b = ps
        if a == b:
            raise r.err("players", f"board {bno}: player {a} cannot play themselves")
        seat(r, "players", a, f"board {bno}")
        seat(r, "players", b, f"board {bno}")
        result = None
        extra = {k: _untoml(item[k]) for k in detail_keys if k in item}
        if "result" in item:
            rtext = r.get("result", "str")
            try:
                result = parse(rtext, settings, {**extra, "players": (a, b)})
            except SwissError as exc:
                raise r.err("result", f"board {bno}: {exc}") from None
        elif extra:
            k = next(iter(extra))
            raise r.err(k, f"board {bno}: {k!r} given without a result")
        return Board(bno, (a, b), result)

    for i, item in enumerate(items):
        board = _each(problems, lambda i=i, item=item: one_board(i, item))
        if board is not None:
            boards.append(board)
    byes: list[Bye] = []
    items = data.get("bye", [])
    if not isinstance(items, list) or not all(isinstance(x, dict) for x in items):
        raise top.err("bye", "'bye' must be an array of tables: [[bye]]")
    kinds = [k.value for k in ByeKind]

    def one_bye(i: int, item: dict[str, Any]) -> Bye:
        r = _Reader(path, text, item, table="bye", index=i)
        r.only(("player", "kind"))
        pid = r.positive("player", required=True)
        kind = r.get("kind", "str", "pairing")
        if kind not in kinds:
            raise r.err("kind", f"bye of player {pid}: unknown kind {kind!r}; "
                                f"valid: {', '.join(kinds)}")
        seat(r, "player", pid, "a bye")
        return Bye(pid, ByeKind(kind))

    for i, item in enumerate(items):
        bye = _each(problems, lambda i=i, item=item: one_bye(i, item))
        if bye is not None:
            byes.append(bye)
    return Round(number, tuple(sorted(boards, key=lambda b: b.number)), tuple(byes), playoff)


def _round_doc(game: str, rnd: Round) -> dict[str, Any]:
    prof = _profile(game)
    doc: dict[str, Any] = {"round": rnd.number}
    if rnd.playoff:
        doc["playoff"] = True
    boards = []
    for b in rnd.boards:
        d: dict[str, Any] = {"board": b.number, "players": list(b.players)}
        if b.result is not None:
            d["result"] = b.result.text
            for key in prof.detail_keys:
                value = b.result.detail.get(key)
                if value is not None:
                    d[key] = _tomlable(value)
        boards.append(d)
    if boards:
        doc["board"] = boards
    if rnd.byes:
        doc["bye"] = [{"player": y.player, "kind": y.kind.value} for y in rnd.byes]
    return doc


# ---- cross-file checks ------------------------------------------------------------------------

def _table_index(text: str, table: str, key: str, value: int, default: int) -> int:
    """Index of the ``[[table]]`` whose ``key = value`` (tables that failed to parse are not
    in the model, so the model's index can be off); ``default`` when not found."""
    index = -1
    pattern = re.compile(rf"^\s*{re.escape(key)}\s*=\s*{value}\s*(#.*)?$")
    inside = False
    for line in text.splitlines():
        m = _HEADER.match(line)
        if m:
            inside = m.group(1) == "[[" and m.group(2).strip() == table
            if inside:
                index += 1
            continue
        if inside and pattern.match(line):
            return index
    return default


def _cross_check(folder: Path, event: Event, texts: _Texts,
                 problems: list[str] | None = None) -> None:
    """Boards, byes and forbidden pairs name registered players, no Swiss round file lies
    beyond ``rounds`` of event.toml (playoff rounds may), and no player's joined_round /
    withdrawn_from contradicts the rounds they played (first problem raised, or every
    problem appended to ``problems``)."""
    def report(err: EventFileError) -> None:
        if problems is None:
            raise err
        problems.append(str(err))

    ids = {p.id for p in event.players}
    ev_path = folder / EVENT_FILE
    swiss = [r.number for r in event.rounds if not r.playoff]
    if swiss and max(swiss) > event.settings.rounds:  # a hand edit: pairing would stop early
        report(EventFileError(ev_path, _locate(texts[EVENT_FILE], None, None, "rounds"),
                              f"rounds = {event.settings.rounds} but {ROUNDS_DIR}/"
                              f"{round_file_name(max(swiss))} exists"))
    for a, b in event.settings.forbidden:
        for pid in (a, b):
            if pid not in ids:
                report(EventFileError(ev_path, _locate(texts[EVENT_FILE], None, None,
                                                       "forbidden"),
                                      f"forbidden pair [{a}, {b}]: no player with id {pid}"))
    for i, field, message in played_conflicts(event):
        pl_text = texts[PLAYERS_FILE]
        at = _table_index(pl_text, "player", "id", event.players[i].id, i)
        report(EventFileError(folder / PLAYERS_FILE, _locate(pl_text, "player", at, field),
                              message))
    for rnd in event.rounds:
        name = round_file_name(rnd.number)
        path = folder / ROUNDS_DIR / name
        text = texts[f"{ROUNDS_DIR}/{name}"]
        for i, b in enumerate(rnd.boards):
            for pid in b.players:
                if pid not in ids:
                    at = _table_index(text, "board", "board", b.number, i)
                    report(EventFileError(path, _locate(text, "board", at, "players"),
                                          f"board {b.number}: no player with id {pid} "
                                          f"in {PLAYERS_FILE}"))
        for i, y in enumerate(rnd.byes):
            if y.player not in ids:
                at = _table_index(text, "bye", "player", y.player, i)
                report(EventFileError(path, _locate(text, "bye", at, "player"),
                                      f"bye: no player with id {y.player} in "
                                      f"{PLAYERS_FILE}"))


def validate_event(event: Event) -> None:
    """Structural checks on an in-memory event (used by :func:`update` before writing, so a
    change can never produce a folder that does not load)."""
    seen: set[int] = set()
    for p in event.players:
        if p.id in seen:
            raise SwissError(f"duplicate player id {p.id}")
        if p.id < 1:
            raise SwissError(f"player id must be positive, not {p.id}")
        if not p.name.strip():
            raise SwissError(f"player {p.id} has no name")
        check_range("id", p.id)
        for key in _PLAYER_STR:
            value = getattr(p, key)
            if isinstance(value, str):
                check_text(key, value)
        if p.birth is not None:
            check_birth(p.birth)
        seen.add(p.id)
    for i, message in duplicate_federation_ids(event.players)[:1]:
        raise SwissError(f"player {event.players[i].id}: {message}")
    for a, b in event.settings.forbidden:
        for pid in (a, b):
            if pid not in seen:
                raise SwissError(f"forbidden pair ({a}, {b}): no player with id {pid}")
    numbers: set[int] = set()
    for rnd in event.rounds:
        if rnd.number < 1 or rnd.number in numbers:
            raise SwissError(f"bad or duplicate round number {rnd.number}")
        numbers.add(rnd.number)
    if numbers and numbers != set(range(1, max(numbers) + 1)):
        missing = min(set(range(1, max(numbers) + 1)) - numbers)
        raise SwissError(f"round {missing} is missing; rounds are numbered 1, 2, 3, … "
                         f"(undo the later rounds first)")
    for _, _, message in played_conflicts(event)[:1]:  # would not load (see _cross_check)
        raise SwissError(message)
    swiss = [r.number for r in event.rounds if not r.playoff]
    if swiss and max(swiss) > event.settings.rounds:  # would not load (see _cross_check)
        raise SwissError(f"round {max(swiss)} is past the event's {event.settings.rounds} "
                         f"rounds (raise rounds first)")
    for rnd in event.rounds:
        where: set[int] = set()
        bnos: set[int] = set()
        for b in rnd.boards:
            if b.number in bnos or b.number < 1:
                raise SwissError(f"round {rnd.number}: bad or duplicate board {b.number}")
            bnos.add(b.number)
            if b.players[0] == b.players[1]:
                raise SwissError(f"round {rnd.number} board {b.number}: player "
                                 f"{b.players[0]} cannot play themselves")
            for pid in b.players:
                if pid not in seen:
                    raise SwissError(f"round {rnd.number} board {b.number}: no player "
                                     f"with id {pid}")
                if pid in where:
                    raise SwissError(f"round {rnd.number}: player {pid} appears twice")
                where.add(pid)
        for y in rnd.byes:
            if y.player not in seen:
                raise SwissError(f"round {rnd.number}: bye for unknown player {y.player}")
            if y.player in where:
                raise SwissError(f"round {rnd.number}: player {y.player} appears twice")
            where.add(y.player)


def _recheck_results(event: Event) -> None:
    """After a settings change (komi, best-of-N, ...) every recorded result must still be
    valid, or the folder would not load: refuse the change naming the first that is not."""
    prof = _profile(event.game)
    assert prof.parse is not None
    for rnd in event.rounds:
        for b in rnd.boards:
            if b.result is None:
                continue
            extra = {k: v for k, v in b.result.detail.items()
                     if k in prof.detail_keys and v is not None}
            try:
                prof.parse(b.result.text, event.settings, {**extra, "players": b.players})
            except SwissError as exc:
                raise SwissError(f"round {rnd.number} board {b.number}: {b.result.text} would "
                                 f"not be valid with these settings ({exc})") from None


# ---- load -------------------------------------------------------------------------------------

def _round_files(folder: Path) -> list[tuple[int, Path]]:
    rdir = folder / ROUNDS_DIR
    out: list[tuple[int, Path]] = []
    if not rdir.is_dir():
        return out
    for path in rdir.iterdir():
        if path.suffix != ".toml" or path.name.startswith("."):
            continue
        m = _ROUND_NAME.match(path.name)
        if not m or int(m.group(1)) < 1:
            raise EventFileError(path, None, "round files are named by the round number, "
                                             "e.g. rounds/03.toml")
        out.append((int(m.group(1)), path))
    out.sort()
    for (n1, p1), (n2, p2) in zip(out, out[1:]):
        if n1 == n2:
            raise EventFileError(p2, None, f"round {n2} is also in {p1.name}")
    expected = 1
    for n, path in out:
        if n != expected:  # a lost or deleted file: standings and pairing would be wrong
            raise EventFileError(path, None, f"round {expected} is missing "
                                             f"({ROUNDS_DIR}/{round_file_name(expected)})")
        expected += 1
    return out


class _Texts(dict):
    """File texts by relative name, read on first use (only needed for error lines)."""

    def __init__(self, folder: Path):
        super().__init__()
        self.folder = folder

    def __missing__(self, name: str) -> str:
        try:
            text = (self.folder / name).read_text("utf-8-sig")
        except (OSError, UnicodeDecodeError):
            text = ""
        self[name] = text
        return text


# Parsed files by absolute path: (stat signature, context, value).  An atomic replace gives a
# new inode, an edit in place a new mtime/size, so a matching signature means the same bytes;
# a file that changes between stat and read is simply parsed again next time.
_CACHE: dict[str, tuple[tuple[int, ...], Any, Any]] = {}
_CACHE_MAX = 4096


def _cached(path: Path, context: Any, parse: Callable[[], Any]) -> Any:
    key = os.path.abspath(path)
    try:
        st = os.stat(path)
        sig = (st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns)
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
    _CACHE[os.path.abspath(path)] = ((st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns),
                                     context, value)


def _load_settings(path: Path) -> Settings:
    return _parse_settings(path, *_read_toml(path))


def _load_players(path: Path) -> tuple[Player, ...]:
    return _parse_players(path, *_read_toml(path))


def _load_round(path: Path, settings: Settings, number: int) -> Round:
    text, data = _read_toml(path)
    return _parse_round(path, text, data, settings, number)


def load(folder: str | os.PathLike[str]) -> Event:
    """Read and validate an event folder.  Raises :class:`EventFileError` on any problem.

    Takes a shared lock on ``.swisstui.lock`` (when it exists and can be opened) so a reader
    never sees half of a multi-file update.  Files unchanged since this process last parsed
    them (same inode, size, mtime, ctime) are not parsed again, so a writer re-reading a large
    event before each result stays fast."""
    folder = Path(folder)
    with _shared(folder):
        return _load(folder)


# Folders this thread holds the exclusive lock of (a `change` run by update() may call
# load(); a shared flock on a second descriptor would wait for ourselves forever).
_LOCAL = threading.local()


def _held() -> set[str]:
    held = getattr(_LOCAL, "held", None)
    if held is None:
        held = _LOCAL.held = set()
    return held


@contextmanager
def _shared(folder: Path) -> Iterator[None]:
    if os.path.abspath(folder) in _held():
        yield
        return
    try:
        fd = os.open(folder / LOCK_FILE, os.O_RDONLY)
    except OSError:  # no lock file (not an event, or made by hand): nothing to wait for
        yield
        return
    try:
        fcntl.flock(fd, fcntl.LOCK_SH)
        yield
    finally:
        os.close(fd)  # closing releases the lock


def _load(folder: Path) -> Event:
    if not folder.is_dir():
        raise EventFileError(folder, None, "no such event folder")
    if not (folder / EVENT_FILE).exists():
        raise EventFileError(folder / EVENT_FILE, None,
                             "file is missing (not an event folder? create one with "
                             "'swisstui new')")
    ev_path = folder / EVENT_FILE
    settings = _cached(ev_path, None, lambda: _load_settings(ev_path))
    players: tuple[Player, ...] = ()
    pl_path = folder / PLAYERS_FILE
    if pl_path.exists():
        players = _cached(pl_path, None, lambda: _load_players(pl_path))
    rounds: list[Round] = []
    for number, path in _round_files(folder):
        rounds.append(_cached(path, (settings, number),
                              lambda path=path, number=number: _load_round(path, settings,
                                                                           number)))
    event = Event(settings, players, tuple(rounds))
    _cross_check(folder, event, _Texts(folder))
    return event


def check(folder: str | os.PathLike[str]) -> list[str]:
    """Every problem of the folder, one line each (``file:line: message``); [] when valid.

    Files are checked independently so one broken file does not hide problems in others."""
    folder = Path(folder)
    with _shared(folder):
        return _check(folder)


_REQUIRED_STAND_IN = {"name": "?", "rounds": 1}  # check mode: valid values of required keys


def _check_settings(path: Path, problems: list[str]) -> Settings | None:
    """event.toml in check mode: after each problem, drop the offending key and read on, so
    every bad key is listed.  The settings are still used to check the round files when the
    only problems were unknown keys (typos), else None."""
    try:
        text, data = _read_toml(path)
    except SwissError as exc:
        problems.append(str(exc))
        return None
    found: list[str] = []
    for _ in range(len(_SETTINGS_KEYS) + 20):
        try:
            settings = _parse_settings(path, text, data)
        except EventFileError as exc:
            found.append(str(exc))
            table, key = getattr(exc, "where", (None, None))
            holder = data.get(table) if table else data
            if not isinstance(holder, dict) or key not in holder \
                    or key in ("schema", "game"):
                break
            if holder is data and key in _REQUIRED_STAND_IN:
                # a required key with a bad value: a stand-in, so that the next pass does not
                # report it missing as well (it is there, only wrong)
                holder[key] = _REQUIRED_STAND_IN[key]
            else:
                del holder[key]
            continue
        except SwissError as exc:
            found.append(str(exc))
            break
        problems += found
        if all("unknown key" in f for f in found):
            return settings
        return None
    problems += found
    return None


def _check(folder: Path) -> list[str]:
    problems: list[str] = []
    if not folder.is_dir():
        return [f"{folder}: no such event folder"]
    settings = _check_settings(folder / EVENT_FILE, problems)
    players: tuple[Player, ...] = ()
    players_ok = True
    if (folder / PLAYERS_FILE).exists():
        found: list[str] = []
        try:
            text, data = _read_toml(folder / PLAYERS_FILE)
            players = _parse_players(folder / PLAYERS_FILE, text, data, found)
            if found:  # ids of the broken [[player]] tables still count as registered
                known = {p.id for p in players}
                raw = data.get("player") if isinstance(data.get("player"), list) else []
                players += tuple(Player(x["id"], "?") for x in raw if isinstance(x, dict)
                                 and type(x.get("id")) is int and x["id"] not in known)
        except SwissError as exc:
            found.append(str(exc))
            players_ok = False
        problems += found
    try:
        files = _round_files(folder)
    except SwissError as exc:
        problems.append(str(exc))
        files = []
    rounds: list[Round] = []
    texts = _Texts(folder)
    if settings is not None:
        for number, path in files:
            try:
                text, data = _read_toml(path)
                texts[f"{ROUNDS_DIR}/{path.name}"] = text
                rounds.append(_parse_round(path, text, data, settings, number, problems))
            except SwissError as exc:
                problems.append(str(exc))
        if players_ok:  # else every board would name an unknown player
            _cross_check(folder, Event(settings, players, tuple(rounds)), texts, problems)
    return problems


# ---- writing ----------------------------------------------------------------------------------

def _fsync_dir(path: Path) -> None:
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:  # pragma: no cover - platforms without directory fds
        return
    try:
        os.fsync(fd)
    except OSError as exc:  # pragma: no cover
        if exc.errno not in (errno.EINVAL, errno.EBADF):
            raise
    finally:
        os.close(fd)


def _atomic_write(path: Path, data: bytes) -> None:
    """Temp file in the same folder, flush, fsync, os.replace, fsync the folder."""
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=TMP_SUFFIX)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    _fsync_dir(path.parent)


def write_file(path: str | os.PathLike, data: bytes) -> None:
    """Write an output file (exports) the same durable way as the event files.

    A target that exists and is not a regular file (``/dev/stdout``, ``/dev/null``, a named
    pipe) is written in place: replacing it would swap a device node for a plain file.  A
    missing folder or an unwritable target is one line naming the path."""
    path = Path(path)
    folder = path.parent if str(path.parent) else Path(".")
    owner = _event_owning(path)
    if owner is not None:
        raise SwissError(f"{path}: is a file of the event {owner} itself; choose another name")
    try:
        if path.exists() and not path.is_file():
            if path.is_dir():
                raise SwissError(f"{path}: is a folder; give a file name")
            with open(path, "wb") as fh:
                fh.write(data)
            return
        if not folder.is_dir():
            raise SwissError(f"{path}: folder {folder} does not exist")
        _atomic_write(path, data)
    except OSError as exc:
        raise SwissError(f"{path}: cannot write: {exc.strerror or exc}") from None


def _event_owning(path: Path) -> Path | None:
    """The event folder whose own file ``path`` is (event.toml, players.toml, the lock, a
    file under rounds/), else None: an export must never replace them (QA bug 25)."""
    try:
        path = path.resolve()
    except OSError:
        return None
    if path.name in (EVENT_FILE, PLAYERS_FILE, LOCK_FILE) and (path.parent / EVENT_FILE).is_file():
        return path.parent
    if path.parent.name == ROUNDS_DIR and (path.parent.parent / EVENT_FILE).is_file():
        return path.parent.parent
    return None


def _unlink(path: Path) -> None:
    try:
        os.unlink(path)
    except FileNotFoundError:
        return
    _fsync_dir(path.parent)


_BARE_KEY = re.compile(r"^[A-Za-z0-9_-]+$")


def _scalar(v: Any) -> str:
    """A scalar in TOML syntax, written by tomli_w (escaping is its business)."""
    return tomli_w.dumps({"v": v})[4:].rstrip("\n")


def _toml_str(text: str) -> str:
    return _scalar(text)


def _toml_key(key: str) -> str:
    return key if _BARE_KEY.match(key) else _toml_str(key)


def _toml_value(v: Any) -> str:
    """One value, inline (arrays as ``[1, 2]``, tables as ``{ a = 1 }``)."""
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        if not math.isfinite(v):
            raise SwissError(f"cannot store the number {v!r}")
        return _scalar(v)
    if isinstance(v, str):
        return _toml_str(v)
    if isinstance(v, (list, tuple)):
        return "[" + ", ".join(_toml_value(x) for x in v) + "]"
    if isinstance(v, dict):
        if not v:
            return "{}"
        return "{ " + ", ".join(f"{_toml_key(k)} = {_toml_value(x)}"
                                for k, x in v.items()) + " }"
    raise SwissError(f"cannot store {v!r} in a TOML file")


def _dump(doc: dict[str, Any], header: str) -> bytes:
    """A readable TOML document: top-level values, then ``[table]`` sections, then
    ``[[array]]`` tables, short arrays on one line (``players = [3, 7]``).  The layout is ours
    (tomli_w puts every array on several lines); scalars are written by tomli_w."""
    lines = [header.rstrip("\n")]
    tables, arrays = [], []
    for key, value in doc.items():
        if isinstance(value, dict):
            tables.append((key, value))
        elif isinstance(value, list) and value and all(isinstance(x, dict) for x in value):
            arrays.append((key, value))
        else:
            lines.append(f"{_toml_key(key)} = {_toml_value(value)}")
    for key, table in tables:
        lines.append("")
        lines.append(f"[{_toml_key(key)}]")
        lines.extend(f"{_toml_key(k)} = {_toml_value(v)}" for k, v in table.items())
    for key, items in arrays:
        for item in items:
            lines.append("")
            lines.append(f"[[{_toml_key(key)}]]")
            lines.extend(f"{_toml_key(k)} = {_toml_value(v)}" for k, v in item.items())
    return ("\n".join(lines) + "\n").encode("utf-8")


_HEADERS = {
    EVENT_FILE: "# swisstui event settings (format: docs/FORMAT.md)\n",
    PLAYERS_FILE: "# swisstui players (format: docs/FORMAT.md)\n",
    "round": "# swisstui round (format: docs/FORMAT.md)\n",
}


def _write_changes(folder: Path, old: Event | None, new: Event) -> None:
    """Write the files that changed, in an order that keeps the folder loadable if the
    process dies between two files: each intermediate state only names players that exist.

    1. rounds deleted; 2. changed rounds naming only players that already exist; 3. event.toml
    (if its forbidden pairs name only existing players); 4. players.toml; 5. the rest."""
    rdir = folder / ROUNDS_DIR
    if not rdir.is_dir():
        rdir.mkdir()
        _fsync_dir(folder)
    old_ids = {p.id for p in old.players} if old is not None else set()
    old_rounds = {r.number: r for r in old.rounds} if old is not None else {}
    new_rounds = {r.number: r for r in new.rounds}
    game_changed = old is not None and old.settings.game != new.settings.game
    changed = [rnd for n, rnd in sorted(new_rounds.items())
               if game_changed or old_rounds.get(n) != rnd]

    def write_round(rnd: Round) -> None:
        path = rdir / round_file_name(rnd.number)
        _atomic_write(path, _dump(_round_doc(new.settings.game, rnd), _HEADERS["round"]))
        _remember(path, (new.settings, rnd.number), rnd)

    def write_event() -> None:
        _atomic_write(folder / EVENT_FILE, _dump(_settings_doc(new.settings),
                                                 _HEADERS[EVENT_FILE]))

    for n in old_rounds:
        if n not in new_rounds:
            _unlink(rdir / round_file_name(n))
    later = []
    for rnd in changed:
        if rnd.paired_ids() <= old_ids and not game_changed:
            write_round(rnd)
        else:
            later.append(rnd)
    event_changed = old is None or old.settings != new.settings
    event_later = any(pid not in old_ids for pair in new.settings.forbidden for pid in pair)
    if event_changed and not event_later:
        write_event()
    if old is None or old.players != new.players or not (folder / PLAYERS_FILE).exists():
        _atomic_write(folder / PLAYERS_FILE, _dump(_players_doc(new.players),
                                                   _HEADERS[PLAYERS_FILE]))
    if event_changed and event_later:
        write_event()
    for rnd in later:
        write_round(rnd)


#: Called with the lock file's path when a writer has to wait for another process's lock
#: (the CLI prints a line; the lock is released by the kernel if that process dies).
lock_wait_notice: Callable[[Path], None] | None = None


@contextmanager
def _locked(folder: Path) -> Iterator[None]:
    try:
        fd = os.open(folder / LOCK_FILE, os.O_RDWR | os.O_CREAT, 0o644)
    except OSError as exc:
        raise SwissError(f"{folder / LOCK_FILE}: cannot lock the event for writing: "
                         f"{exc.strerror}") from None
    key = os.path.abspath(folder)
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:  # another process is writing: say so, then wait for it
            if lock_wait_notice is not None:
                lock_wait_notice(folder / LOCK_FILE)
            fcntl.flock(fd, fcntl.LOCK_EX)
        _held().add(key)
        try:
            yield
        finally:
            _held().discard(key)
            fcntl.flock(fd, fcntl.LOCK_UN)
    finally:
        os.close(fd)


def _clean_temp(folder: Path) -> None:
    """Remove temp files left by a writer killed mid-write (only called under the lock)."""
    for d in (folder, folder / ROUNDS_DIR):
        if d.is_dir():
            for p in d.iterdir():
                if p.name.endswith(TMP_SUFFIX):
                    try:
                        p.unlink()
                    except OSError:
                        pass


def update(folder: str | os.PathLike[str], change: Callable[[Event], Event]) -> Event:
    """Lock, re-read the folder, apply ``change`` to the fresh event, write only the changed
    files atomically, unlock; return the new event.  ``change`` may raise
    :class:`SwissError` to refuse — then nothing is written."""
    folder = Path(folder)
    if not (folder / EVENT_FILE).exists():
        load(folder)  # raises the right message
    with _locked(folder):
        _clean_temp(folder)
        old = _load(folder)
        new = change(old)
        if not isinstance(new, Event):  # pragma: no cover - programming error
            raise TypeError("change must return an Event")
        if new == old:
            return old
        validate_event(new)
        _validate_settings(new.settings)
        if new.settings != old.settings:
            _recheck_results(new)
        _write_changes(folder, old, new)
    return new


def create(folder: str | os.PathLike[str], settings: Settings,
           players: tuple[Player, ...] | list[Player] = ()) -> Event:
    """Create a new event folder (refuses an existing event or a non-empty folder)."""
    folder = Path(folder)
    if (folder / EVENT_FILE).exists():
        raise SwissError(f"{folder}: already an event folder")
    if folder.exists() and not folder.is_dir():
        raise SwissError(f"{folder}: exists and is not a folder")
    if folder.is_dir() and any(p.name != LOCK_FILE for p in folder.iterdir()):
        raise SwissError(f"{folder}: folder is not empty")
    event = Event(settings, tuple(sorted(players, key=lambda p: p.id)), ())
    validate_event(event)
    _validate_settings(settings)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise SwissError(f"{folder}: cannot create folder: {exc.strerror}") from None
    _fsync_dir(folder.parent)
    with _locked(folder):
        if (folder / EVENT_FILE).exists():
            raise SwissError(f"{folder}: already an event folder")
        _write_changes(folder, None, event)
    return event


def fingerprint(folder: str | os.PathLike[str]) -> tuple:
    """Cheap change detector for watchers: (name, mtime_ns, size) of every event file."""
    folder = Path(folder)
    out = []
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
            out.append((p.name, None, None))
            continue
        out.append((str(p.relative_to(folder)), st.st_mtime_ns, st.st_size, st.st_ino))
    return tuple(out)
