"""Standings and crosstables as text and JSON data (pure string building).  Every export goes
through :mod:`swisstui.core.interop.formats`, which uses these for its text and JSON rows and
:mod:`swisstui.core.interop.tables` for CSV and HTML.

JSON shapes (stable):

* standings: ``{"event", "game", "after_round", "tiebreaks": [codes], "rows": [{"rank",
  "place", "player": id, "name", "score", "tiebreaks": {code: value}}], "warnings": [...]}``
  — percent codes as fractions (``0.5714``);
* crosstable: the same rows with ``"rounds": [cells]`` and a top-level ``"rounds": [numbers]``.

Text shows percent codes as percents (``57.14%``).
"""

from __future__ import annotations

from typing import Any
from collections.abc import Sequence

from .. import textwidth
from .crosstable import Crosstable
from .table import Standings, format_value, json_value

def table_lines(headers: Sequence[str], rows: Sequence[Sequence[str]], right: set[int]
                ) -> list[str]:
    """Aligned columns, padded by terminal display width (Korean/Japanese/Chinese names take
    two columns per character: :mod:`..textwidth`)."""
    widths = [textwidth.width(h) for h in headers]
    for r in rows:
        widths = [max(w, textwidth.width(c)) for w, c in zip(widths, r)]

    def line(cells: Sequence[str]) -> str:
        out = [textwidth.rjust(c, w) if i in right else textwidth.ljust(c, w)
               for i, (c, w) in enumerate(zip(cells, widths))]
        return "  ".join(out).rstrip()

    return [line(headers)] + [line(r) for r in rows]


def _title(kind: str, name: str, after: int) -> str:
    return f"{name} — {kind} after round {after}" if name else f"{kind} after round {after}"


def standings_rows(st: Standings) -> tuple[list[str], list[list[str]]]:
    """Header and text cells of a standings table (for any front end)."""
    headers = ["Pl", "No", "Name", "Pts", *st.tiebreaks]
    rows = [[r.place, str(r.player.id), r.player.name, format_value(None, r.score),
             *(format_value(c, r.values.get(c)) for c in st.tiebreaks)] for r in st.rows]
    return headers, rows


def standings_text(st: Standings, name: str = "") -> str:
    headers, rows = standings_rows(st)
    right = {0, 1} | set(range(3, len(headers)))
    lines = [_title("standings", name, st.after_round), ""]
    lines += table_lines(headers, rows, right)
    lines += [f"warning: {w}" for w in st.warnings]
    return "\n".join(lines) + "\n"


def standings_data(st: Standings, name: str = "") -> dict[str, Any]:
    return {
        "event": name,
        "game": st.game,
        "after_round": st.after_round,
        "tiebreaks": list(st.tiebreaks),
        "rows": [{"rank": r.rank, "place": r.place, "player": r.player.id,
                  "name": r.player.name, "score": json_value(None, r.score),
                  "tiebreaks": {c: json_value(c, r.values.get(c, 0.0)) for c in st.tiebreaks}}
                 for r in st.rows],
        "warnings": list(st.warnings),
    }


def crosstable_rows(ct: Crosstable) -> tuple[list[str], list[list[str]]]:
    headers = ["Pl", "No", "Name", *(f"R{n}" for n in ct.rounds), "Pts", *ct.tiebreaks]
    rows = [[r.place, str(r.player.id), r.player.name, *r.cells, format_value(None, r.score),
             *(format_value(c, r.values.get(c)) for c in ct.tiebreaks)] for r in ct.rows]
    return headers, rows


def crosstable_text(ct: Crosstable, name: str = "") -> str:
    headers, rows = crosstable_rows(ct)
    right = {0, 1} | set(range(3, len(headers)))
    lines = [_title("crosstable", name, ct.after_round), ""]
    lines += table_lines(headers, rows, right)
    lines += [f"warning: {w}" for w in ct.warnings]
    return "\n".join(lines) + "\n"


def crosstable_data(ct: Crosstable, name: str = "", game: str = "") -> dict[str, Any]:
    return {
        "event": name,
        "game": game,
        "after_round": ct.after_round,
        "rounds": list(ct.rounds),
        "tiebreaks": list(ct.tiebreaks),
        "rows": [{"rank": r.rank, "place": r.place, "player": r.player.id,
                  "name": r.player.name, "rounds": list(r.cells),
                  "score": json_value(None, r.score),
                  "tiebreaks": {c: json_value(c, r.values.get(c, 0.0)) for c in ct.tiebreaks}}
                 for r in ct.rows],
        "warnings": list(ct.warnings),
    }
