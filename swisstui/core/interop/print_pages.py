"""Pages for paper: the lists of :mod:`.tables` laid out for a printer (A4 or US Letter,
page breaks between rows, the table header and the event's title repeated on every page),
result slips (one per board, with the game's own fields from its profile's
``slip_fields`` — those its ``slip_prefill`` knows printed filled in, Go's stones and komi —
and two signature lines; each slip as tall as its content, never split over two pages, so
no slip runs into the next) and the wall chart (every player's rounds on one
grid, landscape).  Static HTML like :mod:`.html_export`, no outside resources; a browser's
"Print" (or headless Chromium, as the tests do) turns them into paper.

Every page takes ``lang``, the language of the people who read it (the event's players,
issue 17): its own words, the seat names and slip fields of the game's profile (marked in
:mod:`swisstui.core.games`) and the ``lang`` attribute; result notations stay as they are.

Paper sizes: ISO 216 A4 (210 × 297 mm) and ANSI letter (8.5 × 11 in).
"""

from __future__ import annotations

from html import escape

from ..board_setup import describe
from ..errors import SwissError
from ..games import profile
from ..i18n import SOURCE, N_, _
from ..model import Event
from .html_export import html_lang, legend_html
from ..readers import Gettext, gettext_for, number_text
from .tables import Table, paired_round

PAPERS = {"a4": "A4", "letter": "letter"}
DEFAULT_PAPER = "a4"

PRINT_CSS = """\
@page{{size:{size} {orientation};margin:12mm 11mm 14mm}}
body{{font-family:system-ui,-apple-system,"Segoe UI",Roboto,"DejaVu Sans",sans-serif;margin:0;color:#000;background:#fff;font-size:11pt}}
h1{{font-size:15pt;margin:0 0 2mm}}
table{{border-collapse:collapse;width:100%;margin-bottom:6mm}}
thead{{display:table-header-group}}
tr{{break-inside:avoid;page-break-inside:avoid}}
th,td{{padding:1.2mm 2mm;border-bottom:0.3mm solid #999;text-align:left;white-space:nowrap}}
th{{border-bottom:0.5mm solid #000}}
th.pagehead{{font-size:12.5pt;border-bottom:none;padding:0 0 2mm}}
.n{{text-align:right;font-variant-numeric:tabular-nums}}
.big td{{font-size:13pt;padding:1.8mm 2mm}}
.chart td,.chart th{{font-size:9pt;padding:0.8mm 1.2mm}}
p.note{{font-size:9pt}}
p.legend{{font-size:8.5pt}}
p.dates{{margin:0 0 2mm}}
.qr{{float:right;width:34mm;margin:0 0 2mm 4mm;text-align:center;font-size:8pt;overflow-wrap:anywhere}}
.qr svg{{width:32mm;height:32mm}}
.slip{{break-inside:avoid;page-break-inside:avoid;border:0.4mm dashed #000;padding:3mm 4mm;margin:0 0 5mm;min-height:56mm;box-sizing:border-box;overflow-wrap:anywhere}}
.slip h2{{font-size:12pt;margin:0 0 2mm;display:flex;justify-content:space-between;gap:4mm}}
.slip h2 span:last-child{{white-space:nowrap}}
.slip .seats{{display:flex;gap:6mm}}
.slip .seat{{flex:1}}
.slip .seat b{{font-size:12pt}}
.field{{display:flex;gap:2mm;margin-top:2.5mm;font-size:10pt}}
.field span.line{{flex:1;border-bottom:0.3mm solid #000;min-height:5mm}}
.field b.filled{{flex:1;font-size:11pt}}
.sign{{display:flex;gap:6mm;margin-top:9mm;font-size:9pt}}
.sign div{{flex:1;border-top:0.3mm solid #000;padding-top:0.8mm}}
@media screen{{body{{max-width:200mm;margin:8mm auto}}}}
"""


def check_paper(paper: str | None) -> str:
    key = (paper or DEFAULT_PAPER).lower()
    if key not in PAPERS:
        raise SwissError(_("--paper {paper}: valid: {items}")
                         .format(paper=paper, items=', '.join(PAPERS)), field="paper")
    return key


def _page(heading: str, title: str, body: list[str], paper: str | None,
          landscape: bool = False, lang: str = SOURCE) -> str:
    css = PRINT_CSS.format(size=PAPERS[check_paper(paper)],
                           orientation="landscape" if landscape else "portrait")
    return "\n".join([
        "<!DOCTYPE html>", f'<html lang="{html_lang(lang)}">', "<head>", '<meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{escape(heading)} – {escape(title)}</title>",
        f"<style>\n{css}</style>", "</head>", "<body>", *body, "</body>", "</html>"]) + "\n"


def _qr_block(url: str | None, _: Gettext) -> list[str]:
    if not url:
        return []
    from ..qrcode import svg_inline
    caption = _("Your board on your phone:")  # outside the f-string, where extraction sees it
    return [f'<div class="qr">{svg_inline(url)}<br>{escape(caption)}<br>{escape(url)}</div>']


def table_page(table: Table, heading: str, paper: str | None, *, big: bool = False,
               landscape: bool = False, url: str | None = None, cls: str = "",
               lang: str = SOURCE, dates: str = "") -> str:
    """One table for paper: the event and the table's title in a header row that the
    browser repeats on every printed page, with the column titles."""
    return tables_page([table], heading, paper, big=big, landscape=landscape, url=url,
                       cls=cls, lang=lang, dates=dates)


def tables_page(tables: list[Table], heading: str, paper: str | None, *, big: bool = False,
                landscape: bool = False, url: str | None = None, cls: str = "",
                lang: str = SOURCE, dates: str = "", new_pages: bool = True) -> str:
    """Tables for paper one after another (a section's standings in the master list, issue
    33), each from a new page (``new_pages``; else each right after the one before: the
    treasurer's sheet and its totals), each as :func:`table_page` lays out one."""
    classes = " ".join(x for x in ("big" if big else "", cls) if x)
    out = [f"<h1>{escape(heading)}</h1>" if heading else "",
           *([f'<p class="dates">{escape(dates)}</p>'] if dates else []),
           *_qr_block(url, gettext_for(lang))]
    for i, table in enumerate(tables):
        out += _table_block(table, heading, classes, lang, new_page=i > 0 and new_pages)
    return _page(heading, tables[0].title, out, paper, landscape, lang)


def _table_block(table: Table, heading: str, classes: str, lang: str,
                 new_page: bool = False) -> list[str]:
    def c(i: int) -> str:
        return ' class="n"' if table.numeric[i] else ""

    # a table after the first starts a new page, its notes with it
    brk = ' style="break-before:page"' if new_page else ""
    out = [f'<p class="note"{brk if i == 0 else ""}>{escape(n)}</p>'
           for i, n in enumerate(table.notes)]
    attrs = (f' class="{classes}"' if classes else "") + ("" if table.notes else brk)
    out.append(f"<table{attrs}>")
    out.append("<thead>")
    out.append(f'<tr><th class="pagehead" colspan="{len(table.headers)}">'
               f"{escape(heading)} — {escape(table.title)}</th></tr>")
    out.append("<tr>" + "".join(f'<th scope="col"{c(i)}>{escape(h)}</th>'
                                for i, h in enumerate(table.headers)) + "</tr>")
    out.append("</thead>")
    out.append("<tbody>")
    for row in table.rows:
        out.append("<tr>" + "".join(f"<td{c(i)}>{escape(v)}</td>"
                                    for i, v in enumerate(row)) + "</tr>")
    out += ["</tbody>", "</table>", *legend_html(table, gettext_for(lang))]
    return out


def slips_page(event: Event, round_no: int | None, paper: str | None, *,
               lang: str = SOURCE, first_board: int = 1) -> str:
    """One result slip per board of the round, four to a page: board (the hall's number,
    ``first_board`` being board 1's), round, the two players under their seat names, the
    result, the game's fields, two signatures."""
    _ = gettext_for(lang)
    rnd = paired_round(event, round_no)
    prof = profile(event.game)
    seats = tuple(_(s) for s in (prof.seats.names if prof.seats.first_colour is not None
                                 else (N_("Player"), N_("Player"))))
    examples = ", ".join(prof.entry.examples[:5])
    signature = _("Signature {seat}")
    name = event.settings.name
    out: list[str] = []
    for board in sorted(rnd.boards, key=lambda b: b.number):
        cells = []
        for seat, pid in zip(seats, board.players):
            p = event.player(pid)
            own = "".join(f'<div class="field">{escape(_(label))}<span class="line"></span>'
                          "</div>" for label, each in prof.printing.slip_fields if each)
            cells.append(f'<div class="seat">{escape(seat)}<br><b>'
                         f'{escape(p.name if p else f"#{pid}")}</b> ({pid}){own}</div>')
        filled = prof.printing.slip_prefill(event.settings, board.setup) if prof.printing.slip_prefill else {}
        shared = "".join(
            f'<div class="field">{escape(_(label))}<b class="filled">'
            f"{escape(number_text(filled[label], lang))}</b></div>" if label in filled else
            f'<div class="field">{escape(_(label))}<span class="line"></span></div>'
            for label, each in prof.printing.slip_fields if not each)
        terms = "" if filled else describe(event.game, board, _)  # "H3 komi 0.5"
        if terms:
            played = _("Played with: {terms}").format(terms=terms)
            shared = f'<div class="field"><b>{escape(played)}</b></div>' + shared
        where = _("Round {round} · Board {board}").format(
            round=rnd.number, board=board.number + first_board - 1)
        result = _("Result (e.g. {examples})").format(examples=examples)
        out.append(
            f'<div class="slip"><h2><span>{escape(name)}</span><span>{escape(where)}'
            "</span></h2>"
            f'<div class="seats">{"".join(cells)}</div>'
            f'<div class="field">{escape(result)}<span class="line"></span>'
            f"</div>{shared}"
            f'<div class="sign"><div>{escape(signature.format(seat=seats[0]))}'
            f'</div><div>{escape(signature.format(seat=seats[1]))}</div>'
            "</div></div>")
    if not out:
        out.append("<p>" + escape(_("No boards in this round.")) + "</p>")
    return _page(name, _("Result slips round {round}").format(round=rnd.number), out, paper,
                 lang=lang)


def wall_chart_table(event: Event, upto: int | None = None, chain=None, *,
                     lang: str = SOURCE) -> Table:
    """The wall chart: each player's row with every round's opponent, colour and result
    (the crosstable's cells), the score and the place — printed landscape."""
    from .tables import crosstable_table
    return crosstable_table(event, upto, chain, lang=lang,
                            title=N_("Wall chart after round {round}"))
