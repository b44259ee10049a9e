"""The model → TOML bytes: one document per file, in a readable layout (top-level values,
``[table]`` sections, then ``[[array]]`` tables, short arrays on one line).  Scalars are
written by tomli-w."""

from __future__ import annotations

from ..i18n import _

import math
import re
from dataclasses import fields
from typing import Any

import tomli_w

from ..errors import SwissError
from ..model import SCHEMA_VERSION, ByeKind, Player, Round, Settings
from .layout import EVENT_FILE, PLAYERS_FILE
from .parsing import _SCORING_KEYS
from .validation import _profile


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
    if s.language:
        doc["language"] = s.language
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
        elif b.setup:  # decided at pairing (Go handicap stones and komi)
            for key in prof.setup_keys:
                if b.setup.get(key) is not None:
                    d[key] = _tomlable(b.setup[key])
        boards.append(d)
    if boards:
        doc["board"] = boards
    if rnd.byes:
        doc["bye"] = [{"player": y.player, "kind": y.kind.value} for y in rnd.byes]
    return doc


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
