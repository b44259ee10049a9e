"""Check mode: every problem of an event folder, one line each, each file checked on its own
so one broken file does not hide the problems of the others (``swisstui check``)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from ..errors import EventFileError, SwissError
from ..model import Event, Player, Round, Settings
from .layout import EVENT_FILE, PLAYERS_FILE, ROUNDS_DIR, _round_files
from .parsing import (_SETTINGS_KEYS, _parse_players, _parse_round, _parse_settings,
                      _settings_data)
from .reading import _read_toml, _Texts
from .sections import guard, read_root, root_of
from .validation import _cross_check

_REQUIRED_STAND_IN = {"name": "?", "rounds": 1}  # check mode: valid values of required keys


def _check_settings(path: Path, problems: list[str],
                    base: dict[str, Any] | None = None) -> Settings | None:
    """event.toml in check mode: after each problem, drop the offending key and read on, so
    every bad key is listed.  The settings are still used to check the round files when the
    only problems were unknown keys (typos), else None."""
    try:
        text, data = _settings_data(path, base)
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
                del holder[str(key)]  # in holder: checked above
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
    base = None
    root = root_of(folder)
    if root is not None:
        try:
            guard(folder, root)
            base = read_root(root)[0]
        except SwissError as exc:
            return [str(exc)]
    settings = _check_settings(folder / EVENT_FILE, problems, base)
    players: tuple[Player, ...] = ()
    players_ok = True
    if os.path.lexists(folder / PLAYERS_FILE):
        found: list[str] = []
        try:
            text, data = _read_toml(folder / PLAYERS_FILE)
            players = _parse_players(folder / PLAYERS_FILE, text, data, found)
            if found:  # ids of the broken [[player]] tables still count as registered
                known = {p.id for p in players}
                listed = data.get("player")
                raw = listed if isinstance(listed, list) else []
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
