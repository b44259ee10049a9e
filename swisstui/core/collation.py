"""Alphabetical order of names for printed lists (the wall list: "find your name, read your
board").

A director's readers look for ``Ólafur`` under O and ``Åström`` under A, so the order is by
the letters without their accents: the name is decomposed (Unicode NFKD), combining marks
are dropped, letters that do not decompose are spelt as their usual Latin letters (Þ → th,
Æ → ae, Ø → o, Œ → oe, ß → ss, Ð/Đ → d, Ł → l, ı → i), and the result is case-folded.  Names
in other scripts (Hangul, Kanji, Cyrillic …) come after the Latin ones, in code-point order.
"""

from __future__ import annotations

import unicodedata

__all__ = ["name_key"]

_SPELT = str.maketrans({"þ": "th", "Þ": "th", "æ": "ae", "Æ": "ae", "ø": "o", "Ø": "o",
                        "œ": "oe", "Œ": "oe", "ß": "ss", "ẞ": "ss", "ð": "d", "Ð": "d",
                        "đ": "d", "Đ": "d", "ł": "l", "Ł": "l", "ı": "i", "ħ": "h",
                        "Ħ": "h", "ŧ": "t", "Ŧ": "t"})


def _folded(name: str) -> str:
    text = unicodedata.normalize("NFKD", name.translate(_SPELT))
    return "".join(ch for ch in text if not unicodedata.combining(ch)).casefold()


def name_key(name: str) -> tuple[int, str, str]:
    """Sort key: Latin names first, by accent-free case-folded letters; ties by the exact
    name so the order is total."""
    folded = _folded(name)
    first = next((ch for ch in folded if ch.isalpha()), "")
    latin = first.isascii()
    return (0 if latin else 1, folded, name)
