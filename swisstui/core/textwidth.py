"""Terminal display width of text, for aligned text tables with Korean, Japanese and Chinese
names: East Asian wide and full-width characters take two columns, combining marks none
(Unicode UAX #11 ``East_Asian_Width`` W/F).  ``str.ljust`` counts characters, not columns."""

from __future__ import annotations

import unicodedata

__all__ = ["width", "ljust", "rjust", "wrap"]


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


def wrap(text: str, columns: int) -> list[str]:
    """``text`` in lines of at most ``columns`` terminal columns (``textwrap`` counts
    characters, so a Korean or Japanese line ran twice as wide): broken at spaces, and inside
    a word only when the word alone is wider than a line (Japanese has no spaces)."""
    columns = max(columns, 2)
    lines: list[str] = []
    line, used = "", 0
    for word in text.split():
        w = width(word)
        if line and used + 1 + w <= columns:
            line, used = f"{line} {word}", used + 1 + w
            continue
        if line:
            lines.append(line)
        line, used = "", 0
        while w > columns:  # a word wider than a line: cut it between characters
            cut, taken = "", 0
            for ch in word:
                cw = width(ch)
                if taken + cw > columns:
                    break
                cut, taken = cut + ch, taken + cw
            lines.append(cut)
            word = word[len(cut):]
            w = width(word)
        line, used = word, w
    if line:
        lines.append(line)
    return lines
