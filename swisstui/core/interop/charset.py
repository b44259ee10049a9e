"""Text for files whose readers take one 8-bit charset (Latin-1 or ASCII): the TRF option
``--encoding`` (FIDE's readers before UTF-8) and EGD's h9 results (Latin-1).

A character the charset holds is kept; else a letter is folded to its base letter(s) — by a
small table for letters Unicode does not decompose (``Ł`` → ``L``, ``ß`` → ``ss``, ``Œ`` →
``OE``, typographic quotes and dashes to their ASCII forms), else by dropping its accents
(NFKD); what still does not fit becomes ``?``.  One place for both formats.

A player's name that would need a ``?`` is written as the player's ``reading`` (a
romanisation) when that fits (:func:`fit_name`); the players left with a ``?`` are named by
:func:`unwritable`, and the export warns about them (issue 32 item 17).
"""

from __future__ import annotations

import unicodedata

__all__ = ["ENCODINGS", "fit_name", "fold_to", "lossless", "unwritable"]

#: the encodings a file for such readers can be written in (TRF ``--encoding``; UTF-8 first,
#: the default)
ENCODINGS = ("utf-8", "latin-1", "ascii")

_SPELT = {"ß": "ss", "ẞ": "SS", "Æ": "AE", "æ": "ae", "Œ": "OE", "œ": "oe", "Ø": "O", "ø": "o",
          "Đ": "D", "đ": "d", "Ð": "D", "ð": "d", "Ł": "L", "ł": "l", "Þ": "Th", "þ": "th",
          "ı": "i", "Ħ": "H", "ħ": "h", "Ŧ": "T", "ŧ": "t", "Ŋ": "N", "ŋ": "n", "ĸ": "k",
          "ŉ": "'n", "‘": "'", "’": "'", "‚": ",", "“": '"', "”": '"', "„": '"', "–": "-",
          "—": "-", "\u00a0": " "}


def fold_to(text: str, encoding: str) -> str:
    """``text`` written with the characters ``encoding`` has (UTF-8: unchanged)."""
    if encoding.replace("_", "-").lower() in ("utf-8", "utf8"):
        return text
    out = []
    for ch in text:
        try:
            ch.encode(encoding)
            out.append(ch)
            continue
        except UnicodeEncodeError:
            pass
        if ch in _SPELT:
            out.append(_SPELT[ch])
            continue
        base = "".join(c for c in unicodedata.normalize("NFKD", ch)
                       if not unicodedata.combining(c))
        try:
            base.encode(encoding)
            out.append(base or "?")
        except UnicodeEncodeError:
            out.append("?")
    return "".join(out)


def lossless(text: str, encoding: str) -> bool:
    """Whether ``text`` folds to ``encoding`` without a ``?`` standing for a character (an
    accent dropped is no loss: ``Łukasz`` → ``Lukasz``)."""
    return fold_to(text, encoding).count("?") == text.count("?")


def fit_name(name: str, reading: str | None, encoding: str) -> str:
    """The name a file in ``encoding`` carries for a player: ``name`` folded when it fits;
    else the player's ``reading`` (a romanisation, ``Kim Ji-woo`` for 김지우) when that fits;
    else ``name`` folded with its ``?`` — :func:`unwritable` names those players."""
    if lossless(name, encoding) or not reading or not lossless(reading, encoding):
        return fold_to(name, encoding)
    return fold_to(reading, encoding)


def unwritable(players, encoding: str, name=lambda p: p.name) -> list:
    """The players whose name (``name(p)``) neither fits ``encoding`` nor has a reading that
    fits: the file writes ``?`` for some of their letters."""
    return [p for p in players
            if not lossless(name(p), encoding)
            and not (p.reading and lossless(p.reading, encoding))]
