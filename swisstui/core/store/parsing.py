"""Plain data of the three kinds of file → the model, every error ``file:line: message``:
event.toml (:func:`_parse_settings`), players.toml (:func:`_parse_players`), rounds/NN.toml
(:func:`_parse_round`).  In check mode (``problems`` given) a broken table is recorded and
the next one read, so every problem is listed."""

from __future__ import annotations

from ..i18n import _

import datetime
import re
from collections.abc import Callable, Mapping
from functools import partial
from dataclasses import fields, replace
from pathlib import Path
from typing import Any

from ..board_setup import result_setup
from ..errors import EventFileError, SwissError
from ..seats import duplicate_seats
from ..model import GAMES, SCHEMA_VERSION, Board, Bye, ByeKind, Player, Round, Scoring, Settings
from ..registration import (canonical_rank, check_birth, check_range, check_text,
                            duplicate_federation_ids)
from .reading import _locate, _read_toml, _Reader, _show
from .sections import merge, root_keys, section_keys
from .validation import _PLAYER_STR, _profile, _validate_settings

# ---- event.toml -------------------------------------------------------------------------------

_SETTINGS_KEYS = ("schema", "name", "game", "rounds", "system", "style", "round1", "colours",
                  "tiebreaks", "pairing_order", "seed", "club_weight", "country_weight",
                  "date_start", "date_end", "venue", "city", "arbiter", "forbidden",
                  "scoring", "options", "language", "publish", "fide_mode", "interop")
_SCORING_KEYS = tuple(f.name for f in fields(Scoring))


def _parse_settings(path: Path, text: str, data: dict[str, Any]) -> Settings:
    r = _Reader(path, text, data, label="event.toml")
    r.only(_SETTINGS_KEYS)
    schema = r.get("schema", "int", required=True)
    if schema != SCHEMA_VERSION:
        raise r.err("schema", _("schema version {schema} is not supported (this swisstui reads schema {SCHEMA_VERSION})").format(schema=schema, SCHEMA_VERSION=SCHEMA_VERSION))
    game = r.get("game", "str", required=True)
    if game not in GAMES:
        raise r.err("game", _("unknown game {game!r}; valid: {items}").format(game=game, items=', '.join(GAMES)))
    kw: dict[str, Any] = {
        "name": r.get("name", "str", required=True),
        "game": game,
        "rounds": r.positive("rounds", required=True),
    }
    for key in ("system", "style", "round1", "colours", "date_start", "date_end", "venue",
                "city", "arbiter", "language", "publish"):
        if key in data:
            kw[key] = r.get(key, "str")
    for key in ("tiebreaks", "pairing_order"):
        if key in data:
            kw[key] = r.get(key, "strlist")
    if "seed" in data:
        kw["seed"] = r.get("seed", "int")
    if "fide_mode" in data:
        kw["fide_mode"] = r.get("fide_mode", "bool")
    for key in ("club_weight", "country_weight"):
        if key in data:
            kw[key] = r.positive(key, minimum=0)
    if "forbidden" in data:
        forb = data["forbidden"]
        if not (isinstance(forb, list) and all(
                isinstance(p, list) and len(p) == 2 and all(
                    isinstance(x, int) and not isinstance(x, bool) and x > 0 for x in p)
                for p in forb)):
            raise r.err("forbidden", _("'forbidden' must be a list of pairs of player ids, "
                                     "e.g. [[3, 7], [2, 11]]"))
        kw["forbidden"] = tuple((a, b) for a, b in forb)
    from ..settings import canonical_system, game_defaults  # what event.toml leaves out
    if "system" in kw:
        kw["system"] = canonical_system(kw["system"])
    defaults = game_defaults(game, kw.get("system"), kw.get("style"))
    if "scoring" in data:
        sr = _Reader(path, text, r.get("scoring", "table"), table="scoring")
        sr.only(_SCORING_KEYS)
        skw = {k: sr.get(k, "float") for k in _SCORING_KEYS if k in sr.data}
        kw["scoring"] = replace(defaults["scoring"], **skw)
    if "options" in data:
        kw["options"] = dict(r.get("options", "table"))
    if "interop" in data:
        kw["interop"] = _parse_interop(path, text, r.get("interop", "table"))
    settings = Settings(**{**defaults, **kw})
    try:
        _validate_settings(settings)
        from ..settings import normalize_options
        settings = replace(settings, options=normalize_options(game, settings.options))
    except SwissError as exc:
        bad: str | None = getattr(exc, "key", None)
        msg = str(exc)
        in_options = bool(bad) and bad in settings.options
        line = _locate(text, "options", None, bad) if in_options \
            else _locate(text, None, None, bad) if bad else None
        err = EventFileError(path, line, msg)
        err.where = ("options" if in_options else None, bad)  # type: ignore[attr-defined]
        raise err from None
    return settings


#: Formats whose records swisstui keeps in ``[interop.FORMAT]``, and the lists each has
#: (core/interop/trf.py: the records before the player records and after them).
INTEROP_KEYS = {"trf": ("header", "after")}


def _parse_interop(path: Path, text: str, data: dict[str, Any]
                   ) -> dict[str, dict[str, tuple[str, ...]]]:
    """``[interop.FORMAT]``: lists of another program's records kept verbatim, one record
    (one line of that file) a string."""
    top = _Reader(path, text, data, table="interop")
    top.only(tuple(INTEROP_KEYS))
    out: dict[str, dict[str, tuple[str, ...]]] = {}
    for fmt, table in data.items():
        r = _Reader(path, text, top.get(fmt, "table"), table=f"interop.{fmt}")
        r.only(INTEROP_KEYS[fmt])
        parts: dict[str, tuple[str, ...]] = {}
        for key in INTEROP_KEYS[fmt]:
            if key not in table:
                continue
            lines = r.get(key, "strlist")
            for line in lines:
                if line.splitlines() != [line]:  # no line break inside, not empty
                    raise r.err(key, _("each record in '{key}' is one line of the file, not "
                                       "{value!r}").format(key=key, value=line[:40]))
            parts[key] = lines
        out[fmt] = parts
    return out


def _untoml(v: Any) -> Any:
    if isinstance(v, list):
        return tuple(_untoml(x) for x in v)
    return v


# ---- players.toml ---------------------------------------------------------------------------------

_PLAYER_KEYS = ("id", "name", "rating", "rank", "club", "country", "lot", "federation_id",
                "sex", "title", "birth", "joined_round", "withdrawn_from", "byes",
                "smms_correction", "notes", "reading", "seat")


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
        raise top.err("player", _("'player' must be an array of tables: [[player]]"))
    players: list[Player] = []
    seen: dict[int, int] = {}
    for i, item in enumerate(items):
        if not isinstance(item, dict):
            raise top.err("player", _("'player' must be an array of tables: [[player]]"))
        player = _each(problems, partial(_parse_player, path, text, i, item, seen))
        if player is not None:
            players.append(player)
    for i, message in duplicate_federation_ids(players):  # one FIDE id / PIN, one person
        index = next(k for k, item in enumerate(items) if isinstance(item, dict)
                     and item.get("id") == players[i].id)
        exc = EventFileError(path, _locate(text, "player", index, "federation_id"),
                             _("player {id}: {message}").format(id=players[i].id, message=message))
        if problems is None:
            raise exc
        problems.append(str(exc))
    for i, message in duplicate_seats(players):  # one table, one player (core/seats.py)
        index = next(k for k, item in enumerate(items) if isinstance(item, dict)
                     and item.get("id") == players[i].id)
        exc = EventFileError(path, _locate(text, "player", index, "seat"),
                             _("player {id}: {message}").format(id=players[i].id, message=message))
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
        raise r.err("id", _("duplicate player id {pid} (also player #{value})").format(pid=pid, value=seen[pid] + 1))
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
                raise r.err(key, _("player {pid}: {exc}").format(pid=pid, exc=exc)) from None
    if "name" not in item or not kw["name"].strip():
        raise r.err("name" if "name" in item else None, _("player {pid} has no name").format(pid=pid))
    if "rank" in kw:
        try:
            kw["rank"] = canonical_rank(kw["rank"])
        except SwissError as exc:
            raise r.err("rank", _("player {pid}: {exc}").format(pid=pid, exc=exc)) from None
    for key in ("rating", "lot", "joined_round", "withdrawn_from", "smms_correction", "seat"):
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
    bad = r.err("byes", _("player {pid}: 'byes' must be a list like [{{round = 3, kind = \"half\"}}] (kinds: {items})").format(pid=pid, items=', '.join(kinds)))
    if not isinstance(value, list):
        raise bad
    out: list[tuple[int, ByeKind]] = []
    for b in value:
        if not isinstance(b, dict) or set(b) != {"round", "kind"}:
            raise bad
        rnd, kind = b["round"], b["kind"]
        if not isinstance(rnd, int) or isinstance(rnd, bool) or rnd < 1 or kind not in kinds:
            raise bad
        if any(x == rnd for x, _unused in out):
            raise r.err("byes", _("player {pid}: two byes requested for round {rnd}").format(pid=pid, rnd=rnd))
        out.append((rnd, ByeKind(kind)))
    return tuple(sorted(out))


# ---- rounds/NN.toml -------------------------------------------------------------------------------

def _parse_round(path: Path, text: str, data: dict[str, Any], settings: Settings,
                 number: int, problems: list[str] | None = None) -> Round:
    prof = _profile(settings.game)
    detail_keys = tuple(prof.entry.detail_keys)
    parse = prof.entry.parse
    if parse is None:  # pragma: no cover - every profile defines one
        raise SwissError(_("{game}: no result grammar").format(game=settings.game))
    top = _Reader(path, text, data, label=path.name)
    top.only(("round", "playoff", "date", "published", "board", "bye"))
    if "round" in data:
        declared = top.positive("round")
        if declared != number:
            raise top.err("round", _("'round = {declared}' does not match the file name (round {number})").format(declared=declared, number=number))
    playoff = top.get("playoff", "bool", False)
    published = top.get("published", "bool", True)
    date = _round_date(top, data.get("date"))
    where: dict[int, str] = {}

    def seat(r: _Reader, key: str, pid: int, what: str) -> None:
        if pid in where:
            raise r.err(key, _("player {pid} appears twice in round {number} ({value} and {what})").format(pid=pid, number=number, value=where[pid], what=what))
        where[pid] = what

    boards: list[Board] = []
    items = data.get("board", [])
    if not isinstance(items, list) or not all(isinstance(x, dict) for x in items):
        raise top.err("board", _("'board' must be an array of tables: [[board]]"))
    numbers: set[int] = set()

    def one_board(i: int, item: dict[str, Any]) -> Board:
        r = _Reader(path, text, item, table="board", index=i)
        r.only(("board", "players", "result") + detail_keys
               + tuple(k for k in prof.setup.keys if k not in detail_keys))
        bno = r.positive("board", required=True)
        if bno in numbers:
            raise r.err("board", _("duplicate board number {bno}").format(bno=bno))
        numbers.add(bno)
        ps = item.get("players")
        if not (isinstance(ps, list) and len(ps) == 2 and all(
                isinstance(x, int) and not isinstance(x, bool) and x > 0 for x in ps)):
            raise r.err("players" if "players" in item else None,
                        _("board {bno}: 'players' must be two player ids, e.g. [3, 7]").format(bno=bno))
        a, b = ps
        if a == b:
            raise r.err("players", _("board {bno}: player {a} cannot play themselves").format(bno=bno, a=a))
        seat(r, "players", a, f"board {bno}")
        seat(r, "players", b, f"board {bno}")
        result = None
        setup: Mapping[str, Any] | None = None
        extra = {k: _untoml(item[k]) for k in detail_keys if k in item}
        if "result" in item:
            rtext = r.get("result", "str")
            try:
                result = parse(rtext, settings, {**extra, "players": (a, b)})
            except SwissError as exc:
                raise r.err("result", _("board {bno}: {exc}").format(bno=bno, exc=exc)) from None
            setup = result_setup(settings, result)
        else:
            given = {k: _untoml(item[k]) for k in prof.setup.keys if k in item}
            extra = {k: v for k, v in extra.items() if k not in given}
            if extra:
                k = next(iter(extra))
                raise r.err(k, _("board {bno}: {k!r} given without a result").format(
                    bno=bno, k=k))
            if given and prof.setup.check is not None:
                try:
                    setup = dict(prof.setup.check(given))
                except SwissError as exc:
                    raise r.err(next(iter(given)), _("board {bno}: {exc}").format(bno=bno, exc=exc)) from None
        return Board(bno, (a, b), result, setup)

    for i, item in enumerate(items):
        board = _each(problems, partial(one_board, i, item))
        if board is not None:
            boards.append(board)
    byes: list[Bye] = []
    items = data.get("bye", [])
    if not isinstance(items, list) or not all(isinstance(x, dict) for x in items):
        raise top.err("bye", _("'bye' must be an array of tables: [[bye]]"))
    kinds = [k.value for k in ByeKind]

    def one_bye(i: int, item: dict[str, Any]) -> Bye:
        r = _Reader(path, text, item, table="bye", index=i)
        r.only(("player", "kind"))
        pid = r.positive("player", required=True)
        kind = r.get("kind", "str", "pairing")
        if kind not in kinds:
            raise r.err("kind", _("bye of player {pid}: unknown kind {kind!r}; valid: {items}").format(pid=pid, kind=kind, items=', '.join(kinds)))
        seat(r, "player", pid, "a bye")
        return Bye(pid, ByeKind(kind))

    for i, item in enumerate(items):
        bye = _each(problems, partial(one_bye, i, item))
        if bye is not None:
            byes.append(bye)
    return Round(number, tuple(sorted(boards, key=lambda b: b.number)), tuple(byes), playoff,
                 date, published)


def _round_date(r: _Reader, value: Any) -> str | None:
    """A round file's optional ``date`` (the day the round was paired): an ISO date, as a
    string ``"2026-11-28"`` or a TOML date ``2026-11-28``; kept as the ISO string."""
    if value is None:
        return None
    if isinstance(value, datetime.date) and not isinstance(value, datetime.datetime):
        return value.isoformat()
    if isinstance(value, str) and re.fullmatch(r"\d{4}-\d{2}-\d{2}", value):
        try:
            return datetime.date.fromisoformat(value).isoformat()
        except ValueError:
            pass
    raise r.err("date", _("'date' must be a date like 2026-11-28, not {value}").format(
        value=_show(value)))


def _settings_data(path: Path, base: dict[str, Any] | None = None
                   ) -> tuple[str, dict[str, Any]]:
    """event.toml's text and the data its settings are read from: the root's own keys, or a
    section's (``base``: the root's data) read over the root's (:func:`.sections.merge`)."""
    text, data = _read_toml(path)
    if base is None:
        return text, root_keys(path, text, data)[0]
    section_keys(path, text, data)
    return text, merge(base, data)


def _load_settings(path: Path, base: dict[str, Any] | None = None) -> Settings:
    """event.toml → settings (:func:`_settings_data`)."""
    return _parse_settings(path, *_settings_data(path, base))


def _load_players(path: Path) -> tuple[Player, ...]:
    return _parse_players(path, *_read_toml(path))


def _load_round(path: Path, settings: Settings, number: int) -> Round:
    text, data = _read_toml(path)
    return _parse_round(path, text, data, settings, number)
