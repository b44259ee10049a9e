"""Standings and crosstables as text, JSON, CSV and HTML (pure string building; the CLI,
the TUI and the projector share it).

JSON shapes (stable):

* standings: ``{"event", "game", "after_round", "tiebreaks": [codes], "rows": [{"rank",
  "place", "player": id, "name", "score", "tiebreaks": {code: value}}], "warnings": [...]}``
  — percent codes as fractions (``0.5714``);
* crosstable: the same rows with ``"rounds": [cells]`` and a top-level ``"rounds": [numbers]``.

Text and HTML show percent codes as percents (``57.14%``).
"""

from __future__ import annotations

import html
import json
from typing import Any
from collections.abc import Sequence

from .. import textwidth
from ..spreadsheet import write_csv
from .crosstable import Crosstable
from .table import Standings, format_value, json_value

FORMATS = ("text", "json", "csv", "html")


def _table(headers: Sequence[str], rows: Sequence[Sequence[str]], right: set[int]) -> list[str]:
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
    lines += _table(headers, rows, right)
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


def _csv(headers: Sequence[str], rows: Sequence[Sequence[Any]]) -> str:
    """Formula-like text cells get a ``'`` (CSV injection, :mod:`..spreadsheet`)."""
    return write_csv(headers, rows, lineterminator="\n")


def standings_csv(st: Standings) -> str:
    return _csv(["place", "rank", "id", "name", "score", *st.tiebreaks],
                [[r.place, r.rank, r.player.id, r.player.name, json_value(None, r.score),
                  *(json_value(c, r.values.get(c, 0.0)) for c in st.tiebreaks)]
                 for r in st.rows])


def _html(title: str, headers: Sequence[str], rows: Sequence[Sequence[str]],
          warnings: Sequence[str]) -> str:
    e = html.escape
    out = ["<!DOCTYPE html>", '<html><head><meta charset="utf-8">',
           f"<title>{e(title)}</title></head><body>", f"<h1>{e(title)}</h1>",
           "<table>", "<thead><tr>" + "".join(f"<th>{e(h)}</th>" for h in headers)
           + "</tr></thead>", "<tbody>"]
    out += ["<tr>" + "".join(f"<td>{e(c)}</td>" for c in r) + "</tr>" for r in rows]
    out += ["</tbody></table>"]
    out += [f'<p class="warning">{e(w)}</p>' for w in warnings]
    out += ["</body></html>"]
    return "\n".join(out) + "\n"


def standings_html(st: Standings, name: str = "") -> str:
    headers, rows = standings_rows(st)
    return _html(_title("Standings", name, st.after_round), headers, rows, st.warnings)


def crosstable_rows(ct: Crosstable) -> tuple[list[str], list[list[str]]]:
    headers = ["Pl", "No", "Name", *(f"R{n}" for n in ct.rounds), "Pts", *ct.tiebreaks]
    rows = [[r.place, str(r.player.id), r.player.name, *r.cells, format_value(None, r.score),
             *(format_value(c, r.values.get(c)) for c in ct.tiebreaks)] for r in ct.rows]
    return headers, rows


def crosstable_text(ct: Crosstable, name: str = "") -> str:
    headers, rows = crosstable_rows(ct)
    right = {0, 1} | set(range(3, len(headers)))
    lines = [_title("crosstable", name, ct.after_round), ""]
    lines += _table(headers, rows, right)
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


def crosstable_csv(ct: Crosstable) -> str:
    return _csv(["place", "rank", "id", "name", *(f"R{n}" for n in ct.rounds), "score",
                 *ct.tiebreaks],
                [[r.place, r.rank, r.player.id, r.player.name, *r.cells,
                  json_value(None, r.score),
                  *(json_value(c, r.values.get(c, 0.0)) for c in ct.tiebreaks)]
                 for r in ct.rows])


def crosstable_html(ct: Crosstable, name: str = "") -> str:
    headers, rows = crosstable_rows(ct)
    return _html(_title("Crosstable", name, ct.after_round), headers, rows, ct.warnings)


def render_standings(st: Standings, fmt: str, name: str = "") -> str:
    if fmt == "json":
        return json.dumps(standings_data(st, name), ensure_ascii=False, indent=2) + "\n"
    if fmt == "csv":
        return standings_csv(st)
    if fmt == "html":
        return standings_html(st, name)
    return standings_text(st, name)


def render_crosstable(ct: Crosstable, fmt: str, name: str = "", game: str = "") -> str:
    if fmt == "json":
        return json.dumps(crosstable_data(ct, name, game), ensure_ascii=False, indent=2) + "\n"
    if fmt == "csv":
        return crosstable_csv(ct)
    if fmt == "html":
        return crosstable_html(ct, name)
    return crosstable_text(ct, name)
