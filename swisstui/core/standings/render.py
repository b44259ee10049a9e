"""Standings and crosstables as text and JSON data (pure string building).  Every export goes
through :mod:`swisstui.core.interop.formats`, which uses these for its text and JSON rows and
:mod:`swisstui.core.interop.tables` for CSV and HTML.

JSON shapes (stable):

* standings: ``{"event", "game", "after_round", "tiebreaks": [codes], "rows": [{"rank",
  "place", "player": id, "name", "score", "tiebreaks": {code: value}}], "warnings": [...]}``
  — percent codes as fractions (``0.5714``);
* crosstable: the same rows with ``"rounds": [cells]`` and a top-level ``"rounds": [numbers]``.

Text shows percent codes as percents (``57.14%``; ``57,14%`` in pt_BR).  The text and the headers are for people:
``lang`` gives their language (default English); codes (BH, SB …) stay as they are, and the
JSON shapes never change with the language.
"""

from __future__ import annotations

from typing import Any
from collections.abc import Sequence

from .. import textwidth
from ..i18n import SOURCE
from ..readers import gettext_for, pgettext_for, reader_text
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


def _title(title: str, name: str) -> str:
    return f"{name} — {title}" if name else title


def standings_rows(st: Standings, *, lang: str = SOURCE) -> tuple[list[str], list[list[str]]]:
    """Header and text cells of a standings table (for any front end)."""
    _, pgettext = gettext_for(lang), pgettext_for(lang)
    headers = [_("Pl"), pgettext("column", "No"), _("Name"), _("Pts"), *st.tiebreaks]
    rows = [[r.place, str(r.player.id), r.player.name, format_value(None, r.score, lang),
             *(format_value(c, r.values.get(c), lang) for c in st.tiebreaks)] for r in st.rows]
    return headers, rows


def standings_text(st: Standings, name: str = "", *, lang: str = SOURCE) -> str:
    _ = gettext_for(lang)
    headers, rows = standings_rows(st, lang=lang)
    right = {0, 1} | set(range(3, len(headers)))
    lines = [_title(_("standings after round {round}").format(round=st.after_round), name), ""]
    lines += table_lines(headers, rows, right)
    lines += [_("warning: {warning}").format(warning=reader_text(w, _)) for w in st.warnings]
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


def crosstable_rows(ct: Crosstable, *, lang: str = SOURCE) -> tuple[list[str], list[list[str]]]:
    _, pgettext = gettext_for(lang), pgettext_for(lang)
    headers = [_("Pl"), pgettext("column", "No"), _("Name"),
               *(_("R{round}").format(round=n) for n in ct.rounds), _("Pts"), *ct.tiebreaks]
    rows = [[r.place, str(r.player.id), r.player.name, *r.cells,
             format_value(None, r.score, lang),
             *(format_value(c, r.values.get(c), lang) for c in ct.tiebreaks)] for r in ct.rows]
    return headers, rows


def crosstable_text(ct: Crosstable, name: str = "", *, lang: str = SOURCE) -> str:
    _ = gettext_for(lang)
    headers, rows = crosstable_rows(ct, lang=lang)
    right = {0, 1} | set(range(3, len(headers)))
    lines = [_title(_("crosstable after round {round}").format(round=ct.after_round), name), ""]
    lines += table_lines(headers, rows, right)
    lines += [_("warning: {warning}").format(warning=reader_text(w, _)) for w in ct.warnings]
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
