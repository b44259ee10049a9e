"""Terminal display width of text, for aligned text tables with Korean, Japanese and Chinese
names: East Asian wide and full-width characters take two columns, combining marks none
(Unicode UAX #11 ``East_Asian_Width`` W/F).  ``str.ljust`` counts characters, not columns."""

from __future__ import annotations

import unicodedata

__all__ = ["width", "ljust", "rjust"]


def width(text: str) -> int:
    """Columns ``text`` takes in a terminal."""
    total = 0
    for ch in text:
        if unicodedata.combining(ch) or unicodedata.category(ch) in ("Mn", "Me", "Cf"):
            continue
        total += 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1
    return total


def ljust(text: str, columns: int) -> str:
    return text + " " * max(0, columns - width(text))


def rjust(text: str, columns: int) -> str:
    return " " * max(0, columns - width(text)) + text
