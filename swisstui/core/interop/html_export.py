"""HTML export of the printable lists (:mod:`.tables`): one static file with no scripts and
no outside resources (no links, fonts or images), readable on a phone (viewport meta, a
scrolling table wrapper, small-screen CSS) and printable (print CSS drops the shading).
``lang`` is the readers' language: the page's ``lang`` attribute and its own words (the
tables arrive translated from :mod:`.tables`)."""

from __future__ import annotations

from html import escape

from ..i18n import SOURCE
from ..readers import gettext_for
from .tables import Table

CSS = """\
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:1rem;color:#111;background:#fff}
h1{font-size:1.3rem;margin:0 0 .2rem}
h2{font-size:1.05rem;margin:0 0 .8rem;font-weight:normal;color:#444}
.wrap{overflow-x:auto;-webkit-overflow-scrolling:touch}
table{border-collapse:collapse;font-size:.95rem}
th,td{padding:.3rem .55rem;border-bottom:1px solid #ccc;text-align:left;white-space:nowrap}
th{background:#eee}
.n{text-align:right;font-variant-numeric:tabular-nums}
tbody tr:nth-child(even){background:#f6f6f6}
p.note{color:#844;font-size:.9rem}
p.legend{color:#444;font-size:.85rem}
p.dates{color:#444;margin:0 0 .6rem}
footer{margin-top:1rem;color:#777;font-size:.8rem}
@media (max-width:600px){body{margin:.5rem}table{font-size:.85rem}th,td{padding:.25rem .35rem}}
@media print{body{margin:0}.wrap{overflow:visible}tbody tr:nth-child(even){background:none}th{background:none}}
"""


def legend_html(table: Table, _) -> list[str]:
    """The tie-break codes of ``table`` with what they are called (codes as they are)."""
    if not table.legend:
        return []
    items = " · ".join(escape(_("{code}: {name}").format(code=c, name=n))
                       for c, n in table.legend)
    return [f'<p class="legend">{items}</p>']


def _section(table: Table, _) -> list[str]:
    def cls(i: int) -> str:
        return ' class="n"' if table.numeric[i] else ""

    out = [f"<h2>{escape(table.title)}</h2>"]
    out += [f'<p class="note">{escape(n)}</p>' for n in table.notes]
    out.append('<div class="wrap">')
    out.append("<table>")
    out.append("<thead><tr>" + "".join(f'<th scope="col"{cls(i)}>{escape(h)}</th>'
                                       for i, h in enumerate(table.headers)) + "</tr></thead>")
    out.append("<tbody>")
    for row in table.rows:
        out.append("<tr>" + "".join(f"<td{cls(i)}>{escape(c)}</td>"
                                    for i, c in enumerate(row)) + "</tr>")
    out += ["</tbody>", "</table>", "</div>", *legend_html(table, _)]
    return out


def html_lang(lang: str) -> str:
    """A language as HTML's ``lang`` attribute spells it (BCP 47: ``pt-BR``)."""
    return lang.replace("_", "-")


def tables_to_html(tables: list[Table], heading: str, *, lang: str = SOURCE,
                   dates: str = "") -> str:
    """One page: the heading (and the event's ``dates``, already in the readers' form),
    then each table under its own title."""
    _ = gettext_for(lang)
    title = tables[0].title if len(tables) == 1 else _("results")
    out = [
        "<!DOCTYPE html>",
        f'<html lang="{html_lang(lang)}">',
        "<head>",
        '<meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{escape(heading)} – {escape(title)}</title>",
        f"<style>\n{CSS}</style>",
        "</head>",
        "<body>",
        f"<h1>{escape(heading)}</h1>",
        *([f'<p class="dates">{escape(dates)}</p>'] if dates else []),
    ]
    for table in tables:
        out += _section(table, _)
    out += ["<footer>swisstui</footer>", "</body>", "</html>"]
    return "\n".join(out) + "\n"
