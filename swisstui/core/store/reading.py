"""TOML text → plain data, with ``file:line`` in every error: reading a file (UTF-8, TOML,
finite numbers), finding the line of a key or table in the text, typed access to a table."""

from __future__ import annotations

from ..i18n import N_, _

import math
import os
import re
import stat
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ..errors import EventFileError

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


# ---- typed access to a table --------------------------------------------------------------

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
                raise self.err(key, _("unknown key {key!r} in {label} (valid: {items})").format(key=key, label=self.label, items=', '.join(sorted(allowed))))

    def get(self, key: str, kind: str, default: Any = None, required: bool = False) -> Any:
        if key not in self.data:
            if required:
                raise self.err(None, _("{label}: missing key {key!r}").format(label=self.label, key=key))
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
            names = {"int": N_("an integer"), "float": N_("a number"), "str": N_("a string"),
                     "bool": N_("true or false"), "strlist": N_("a list of strings"),
                     "table": N_("a table")}
            raise self.err(key, _("{key!r} must be {kind}, not {value}").format(
                key=key, kind=_(names[kind]), value=_show(value)))
        return value

    def positive(self, key: str, default: Any = None, required: bool = False,
                 minimum: int = 1) -> Any:
        value = self.get(key, "int", default, required)
        if value is not None and value < minimum:
            raise self.err(key, _("{key!r} must be at least {minimum}, not {value}").format(key=key, minimum=minimum, value=value))
        return value


def _show(value: Any) -> str:
    """A value read as the file shows it: a list's first items (``[1, 'x']``), a date as
    written (``2026-05-01``), never Python's spelling (``datetime.date(2026, 5, 1)``)."""
    import datetime as _dt
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):
        return "a table"
    if isinstance(value, list):
        inner = ", ".join(_show(v) for v in value[:3])
        return f"[{inner}{', …' if len(value) > 3 else ''}]"
    if isinstance(value, (_dt.date, _dt.time)):
        return value.isoformat()
    return repr(value)


#: Deepest nesting of arrays and inline tables an event file may have.  The format needs 3
#: (``byes = [{round = 3, kind = "half"}]``); a deeper value is a hand-edit gone wrong, and
#: a very deep one would exhaust Python's stack in the parser (a traceback, QA issue 16).
MAX_DEPTH = 32


def _read_bytes(path: Path) -> bytes:
    """The bytes of a regular file.  Anything else (a named pipe, a device, a folder) is
    refused before reading: a pipe would block every command until Ctrl-C."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    except FileNotFoundError:
        if os.path.islink(path):
            raise EventFileError(path, None, _("is a symbolic link to a missing file")) from None
        raise EventFileError(path, None, _("file is missing")) from None
    except OSError as exc:
        raise EventFileError(path, None, _("cannot read: {strerror}").format(strerror=exc.strerror)) from None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            kind = ("a folder" if stat.S_ISDIR(st.st_mode) else
                    "a named pipe" if stat.S_ISFIFO(st.st_mode) else "a special file")
            raise EventFileError(path, None, _("is {kind}, not a regular file").format(kind=kind))
        chunks = []
        while True:
            chunk = os.read(fd, max(st.st_size + 1, 65536))
            if not chunk:
                break
            chunks.append(chunk)
        return b"".join(chunks)
    except OSError as exc:
        raise EventFileError(path, None, _("cannot read: {strerror}").format(strerror=exc.strerror)) from None
    finally:
        os.close(fd)


def _last_line(text: str) -> int:
    """The line number of the end of the text (a TOML error 'at end of document')."""
    return max(1, text.count("\n") + (0 if text.endswith("\n") else 1))


def _deep_line(text: str, limit: int = MAX_DEPTH) -> int:
    """The line where brackets (outside strings and comments) first nest deeper than
    ``limit``; the last line when no such place is found."""
    depth, line, quote, i, n = 0, 1, "", 0, len(text)
    while i < n:
        c = text[i]
        if c == "\n":
            line += 1
        elif quote:
            if c == "\\" and quote == '"':
                i += 1
            elif c == quote:
                quote = ""
        elif c in "\"'":
            quote = c
        elif c == "#":
            j = text.find("\n", i)
            i = n if j < 0 else j
            continue
        elif c in "[{":
            depth += 1
            if depth > limit:
                return line
        elif c in "]}":
            depth = max(0, depth - 1)
        i += 1
    return _last_line(text)


def _read_toml(path: Path) -> tuple[str, dict[str, Any]]:
    raw = _read_bytes(path)
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw[:exc.start].count(b"\n") + 1
        raise EventFileError(path, line, _("not valid UTF-8")) from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        at: int | None = getattr(exc, "lineno", None)
        msg = getattr(exc, "msg", None) or str(exc)
        if at is None:
            m = re.search(r"\(at line (\d+), column (\d+)\)", str(exc))
            if m:
                at = int(m.group(1))
            elif "at end of document" in str(exc):
                at = _last_line(text)
            msg = re.sub(r"\s*\(at line \d+, column \d+\)|\s*\(at end of document\)", "",
                         str(exc))
        raise EventFileError(path, at, _("invalid TOML: {msg}").format(msg=msg)) from None
    except RecursionError:
        raise EventFileError(path, _deep_line(text), _("invalid TOML: arrays or tables nested more than {MAX_DEPTH} deep").format(MAX_DEPTH=MAX_DEPTH)) from None
    bad = _non_finite(data)
    if bad is not None:
        table, index, key, deep = bad
        if deep:
            raise EventFileError(path, _deep_line(text),
                                 _("{key!r}: arrays or tables nested more than {MAX_DEPTH} deep").format(key=key, MAX_DEPTH=MAX_DEPTH))
        raise EventFileError(path, _locate(text, table, index, key),
                             _("{key!r}: numbers must be finite (not inf, nan or 1e400)").format(key=key))
    return text, data


def _non_finite(data: dict[str, Any]) -> tuple[str | None, int | None, str, bool] | None:
    """Where a float is inf or nan (TOML allows them; no setting or result means them), or a
    value nests deeper than :data:`MAX_DEPTH`: (table, index, key, too_deep).  Iterative, so
    a deep value cannot exhaust the stack here either."""
    def bad(v: Any) -> int:  # 0 fine, 1 not finite, 2 too deep
        stack = [(v, 0)]
        while stack:
            x, depth = stack.pop()
            if depth > MAX_DEPTH:
                return 2
            if isinstance(x, float):
                if not math.isfinite(x):
                    return 1
            elif isinstance(x, list):
                stack.extend((y, depth + 1) for y in x)
            elif isinstance(x, dict):
                stack.extend((y, depth + 1) for y in x.values())
        return 0

    for key, value in data.items():
        if isinstance(value, dict):
            for k, v in value.items():
                if b := bad(v):
                    return key, None, k, b == 2
        elif isinstance(value, list) and value and all(isinstance(x, dict) for x in value):
            for i, item in enumerate(value):
                for k, v in item.items():
                    if b := bad(v):
                        return key, i, k, b == 2
        elif b := bad(value):
            return None, None, key, b == 2
    return None


class _Texts(dict):
    """File texts by relative name, read on first use (only needed for error lines)."""

    def __init__(self, folder: Path):
        super().__init__()
        self.folder = folder

    def __missing__(self, name: str) -> str:
        try:
            text = _read_bytes(self.folder / name).decode("utf-8-sig")
        except (EventFileError, UnicodeDecodeError):
            text = ""
        self[name] = text
        return text
