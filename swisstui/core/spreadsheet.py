"""Cells written to CSV files that a director opens in a spreadsheet.

CSV injection (OWASP "CSV Injection"): Excel and LibreOffice evaluate a cell whose text
starts with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return as a formula, so a player
registered as ``=HYPERLINK(...)`` would run when the list is opened.  Such text cells are
written with a leading ``'`` (the spreadsheet shows the text, evaluates nothing).  Numbers,
and text that is just a number (``-1``, ``-0.5``, ``+3``), stay numeric.
"""

from __future__ import annotations

import csv
import io
import re
from typing import Any
from collections.abc import Iterable, Sequence

__all__ = ["safe_cell", "write_csv"]

_TRIGGERS = ("=", "+", "-", "@", "\t", "\r")
_NUMBER = re.compile(r"[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?%?")


def safe_cell(value: Any) -> Any:
    """``value`` as it may go into a CSV cell: formula-like text prefixed with ``'``."""
    if not isinstance(value, str) or not value.startswith(_TRIGGERS):
        return value
    if _NUMBER.fullmatch(value):
        return value
    return "'" + value


def write_csv(headers: Sequence[Any], rows: Iterable[Sequence[Any]],
              lineterminator: str = "\r\n") -> str:
    """CSV text (RFC 4180 quoting) of a header row and rows, every cell through
    :func:`safe_cell`."""
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator=lineterminator)
    writer.writerow([safe_cell(c) for c in headers])
    writer.writerows([safe_cell(c) for c in row] for row in rows)
    return buf.getvalue()
