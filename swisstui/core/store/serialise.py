"""The model → TOML bytes: one document per file, in a readable layout (top-level values,
``[table]`` sections, then ``[[array]]`` tables, short arrays on one line).  Scalars are
written by tomli-w."""

from __future__ import annotations

from ..i18n import _

import math
import re
from functools import lru_cache
from dataclasses import fields
from typing import Any

import tomli_w

from ..errors import SwissError
from ..model import SCHEMA_VERSION, Board, ByeKind, Player, Round, Settings
from .layout import EVENT_FILE, PLAYERS_FILE
from .parsing import _SCORING_KEYS
from .validation import _profile


def _settings_doc(s: Settings) -> dict[str, Any]:
    doc: dict[str, Any] = {"schema": SCHEMA_VERSION, "name": s.name, "game": s.game,
                           "rounds": s.rounds, "system": s.system, "style": s.style,
                           "round1": s.round1, "colours": s.colours,
                           "tiebreaks": list(s.tiebreaks)}
    method = _profile(s.game).pairing.style_methods.get(s.style)
    if s.pairing_order or (method is not None and "pairing_order" in method.settings):
        # an empty order is written when the style has another default (Go's Tagajo
        # order), so the file reads back as it was (a key left out takes the default)
        doc["pairing_order"] = list(s.pairing_order)
    doc["seed"] = s.seed
    doc["club_weight"] = s.club_weight
    doc["country_weight"] = s.country_weight
    for key in ("date_start", "date_end", "venue", "city", "arbiter"):
        value = getattr(s, key)
        if value is not None:
            doc[key] = value
    if s.language:
        doc["language"] = s.language
    if s.publish != "auto":
        doc["publish"] = s.publish
    if s.fide_mode:
        doc["fide_mode"] = True
    if s.forbidden:
        doc["forbidden"] = [[a, b] for a, b in s.forbidden]
    sc = s.scoring
    doc["scoring"] = {k: float(getattr(sc, k)) for k in _SCORING_KEYS
                      if getattr(sc, k) is not None}
    if s.options:
        doc["options"] = {k: _tomlable(v) for k, v in s.options.items() if v is not None}
    interop = {fmt: {k: list(lines) for k, lines in parts.items() if lines}
               for fmt, parts in s.interop.items()}
    interop = {fmt: parts for fmt, parts in interop.items() if parts}
    if interop:  # another program's records kept verbatim ([interop.trf])
        doc["interop"] = interop
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


def _board_doc(detail_keys: tuple[str, ...], setup_keys: tuple[str, ...], b: Board
               ) -> dict[str, Any]:
    d: dict[str, Any] = {"board": b.number, "players": list(b.players)}
    if b.result is not None:
        d["result"] = b.result.text
        for key in detail_keys:
            value = b.result.detail.get(key)
            if value is not None:
                d[key] = _tomlable(value)
    elif b.setup:  # decided at pairing (Go handicap stones and komi)
        for key in setup_keys:
            if b.setup.get(key) is not None:
                d[key] = _tomlable(b.setup[key])
    return d


def _round_doc(game: str, rnd: Round) -> dict[str, Any]:
    prof = _profile(game)
    doc: dict[str, Any] = {"round": rnd.number}
    if rnd.playoff:
        doc["playoff"] = True
    if rnd.date is not None:
        doc["date"] = rnd.date
    if not rnd.published:
        doc["published"] = False
    keys = tuple(prof.entry.detail_keys)
    boards = [_board_doc(keys, tuple(prof.setup.keys), b) for b in rnd.boards]
    if boards:
        doc["board"] = boards
    if rnd.byes:
        doc["bye"] = [{"player": y.player, "kind": y.kind.value} for y in rnd.byes]
    return doc


_BARE_KEY = re.compile(r"^[A-Za-z0-9_-]+$")


def _scalar(v: Any) -> str:
    """A scalar in TOML syntax, written by tomli_w (escaping is its business)."""
    return tomli_w.dumps({"v": v})[4:].rstrip("\n")


@lru_cache(maxsize=8192)
def _toml_str(text: str) -> str:
    return _scalar(text)  # the same few texts again and again ("1-0", names): kept


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
            raise SwissError(_("cannot store the number {v!r}").format(v=v))
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
    raise SwissError(_("cannot store {v!r} in a TOML file").format(v=v))


#: Tables written as ``[key.sub]`` sections of their own, with one array item a line (the
#: records of another program's file kept verbatim, ``[interop.trf]``).
_NESTED = ("interop",)


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
        if key in _NESTED:
            for sub, items in table.items():
                lines.append("")
                lines.append(f"[{_toml_key(key)}.{_toml_key(sub)}]")
                for k, v in items.items():
                    lines.append(f"{_toml_key(k)} = [")
                    lines.extend(f"    {_toml_value(x)}," for x in v)
                    lines.append("]")
            continue
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


#: The text of each board last written, by the Board object (held, so its id stays unique)
#: and the game: a result entry rewrites a round file of which one board changed, and the
#: other boards are the same objects (frozen), so their text is reused.
_BOARD_TEXT: dict[tuple[int, str], tuple[Board, str]] = {}
_BOARD_TEXT_MAX = 65536


def _round_bytes(game: str, rnd: Round) -> bytes:
    """``_dump(_round_doc(game, rnd), _HEADERS["round"])``, the same bytes, reusing the text
    of boards written before (tests/core/test_store_perf.py compares the two)."""
    prof = _profile(game)
    keys, setup_keys = tuple(prof.entry.detail_keys), tuple(prof.setup.keys)
    parts = [_HEADERS["round"].rstrip("\n"), f"round = {_toml_value(rnd.number)}"]
    if rnd.playoff:
        parts.append("playoff = true")
    if rnd.date is not None:
        parts.append(f"date = {_toml_str(rnd.date)}")
    if not rnd.published:
        parts.append("published = false")
    cache = _BOARD_TEXT
    if len(cache) > _BOARD_TEXT_MAX:
        cache.clear()
    for b in rnd.boards:
        hit = cache.get((id(b), game))
        if hit is not None and hit[0] is b:
            parts.append(hit[1])
            continue
        text = "\n[[board]]\n" + "\n".join(f"{_toml_key(k)} = {_toml_value(v)}"
                                           for k, v in _board_doc(keys, setup_keys, b).items())
        cache[(id(b), game)] = (b, text)
        parts.append(text)
    for y in rnd.byes:
        parts.append(f"\n[[bye]]\nplayer = {_toml_value(y.player)}\n"
                     f"kind = {_toml_value(y.kind.value)}")
    return ("\n".join(parts) + "\n").encode("utf-8")
