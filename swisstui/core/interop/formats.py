"""Every export in one table: format × what → the bytes written.

The CLI's ``export``, ``standings --format``, ``crosstable --format`` and ``pair --json``, and
the TUI, all ask :func:`render` with an :class:`ExportRequest`; nothing else builds an export,
so the same request gives byte-identical output from every entry point.

=========  ================================================================  ==============
format     what                                                             default what
=========  ================================================================  ==============
text       standings, crosstable, pairings, wall, alphabetical, final,      standings
           checkin, treasurer, ceremony, payout
json       event, standings, crosstable, pairings, final                    event
csv        standings, crosstable, pairings, wall, alphabetical, final,      standings
           checkin, treasurer, ceremony, payout
html       standings, crosstable, pairings, alphabetical, slips, wall,      standings
           all, final, checkin, treasurer, ceremony, payout
trf        event (FIDE TRF-16 / TRF-2026, chess)                            event
h9         event (EGD results, Go)                                          event
aga        event (AGA results, Go)                                          event
wof        event (WOF rating-list results, Othello)                         event
=========  ================================================================  ==============

``treasurer``, ``ceremony`` and ``payout`` are the desk's prints (issue 35,
:mod:`.desk_prints`): the treasurer's sheet from the request's ``desk``, the ceremony list and
the payout sheet from its ``prizes`` (the allocation), both filled by the service from the
folder (:func:`swisstui.core.services.exports.request_for`); text, CSV (one table: the
per-player lines, the prizes) and HTML always for paper (A4 unless ``paper`` says letter).

``checkin`` is the registration / check-in list (issue 33 item 10): every player's entry with
the desk's state, a check-in mark and, when fees are kept, paid and owed; the service fills
``roster`` from every section's players and desk file (:func:`swisstui.core.services.exports
.export_folder`), with a Section column when it holds several; in HTML always for paper with a
blank column to sign.  ``first_board`` is the hall's number of a section's board 1: pairings,
the alphabetical list, slips and ``all`` show the hall's numbers; JSON and TRF keep the round
files' own (TRF has no board numbers).

``final`` is the final places after a playoff (the champion first; without a playoff, the
Swiss order).  ``round`` means "after round N" for standings, crosstable, h9 and trf, and "of round N" for
pairings and the wall list (default: the last complete round / the current round).
``tiebreaks`` replaces the event's chain for standings and crosstable (``""``: score alone).
``encoding``: for the formats whose :attr:`Format.encodings` lists it (trf: ``utf-8``,
``latin-1``, ``ascii``, names folded by :mod:`.charset`); h9 is always ISO 8859-15.

Paper (:mod:`.print_pages`): ``paper`` (``a4`` or ``letter``) makes an HTML list a page for a
printer (page size, rows never split, header repeated on every page); ``alphabetical`` (who
plays where, large type), ``slips`` (one result slip per board) and ``wall`` (the wall chart:
every player's rounds, landscape) are always for paper (A4 unless ``paper`` says letter).
In text and CSV, ``wall`` is the alphabetical list as before (also ``alphabetical``).  ``url``
(the players' page) adds its QR code to printed pairings and the alphabetical list.

Language (issue 17): text and HTML (lists, prints, slips, the wall chart) are for people and
speak the readers' language: ``lang`` in the request, else the players' language of the event
(:func:`swisstui.core.readers.players_lang`).  JSON, CSV, TRF and h9 are machine formats: English words,
locale-independent numbers, the same bytes whatever the language.

To add a format: write its renderer(s) ``(event, request) -> bytes`` below (or in a module of
its own) and add a :class:`Format` row to :data:`FORMATS`; every entry point offers it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any
from collections.abc import Callable, Mapping

from ..errors import SwissError
from ..i18n import SOURCE, N_, _
from .charset import ENCODINGS
from ..model import Event
from ..history import board_colours
from ..readers import event_dates

TEXT_WHATS = ("standings", "crosstable", "pairings", "wall", "alphabetical")


@dataclass(frozen=True)
class ExportRequest:
    """What to export: ``format`` (a key of :data:`FORMATS`), ``what`` (None: the format's
    default), ``round``, a tie-break chain override, and the options of TRF and h9."""

    format: str
    what: str | None = None
    round: int | None = None
    tiebreaks: str | tuple[str, ...] | None = None
    trf_version: str | None = None
    info: Mapping[str, str] = field(default_factory=dict)
    paper: str | None = None  # "a4" | "letter": an HTML page laid out for a printer
    url: str | None = None  # the players' page: a QR code on printed pairings
    encoding: str | None = None  # TRF: "utf-8" (default), "latin-1" or "ascii"
    lang: str | None = None  # text/HTML: the readers' language (None: the event's players')
    # the hall's number of the section's board 1 (its event.toml ``first_board``, issue 33):
    # filled once by the service from the folder, read by every list that shows a board
    first_board: int = 1
    # the check-in list's entries (``checkin``): filled by the service from every section's
    # players and desk file; None: the event's own players without a desk
    roster: tuple[Any, ...] | None = None
    # the desk's prints (``treasurer``; ``ceremony``, ``payout``): the section's desk file
    # (:class:`swisstui.core.fees.Desk`) and its prize allocation
    # (:class:`swisstui.core.prizes.Allocation`), filled by the service from the folder;
    # None: no desk file (an empty sheet), no prizes file (a page saying so)
    desk: Any = None
    prizes: Any = None
    # TRF: the notes of a FIDE-mode event (each tie-break change after round 1, each edit to
    # a published round: when, who, what, why), filled by the service from the history and
    # written as ``### swisstui note:`` comment records (core/fide_mode.py)
    notes: tuple[str, ...] = ()


Renderer = Callable[[Event, ExportRequest], bytes]


@dataclass(frozen=True)
class Format:
    """One export format: what it can hold, its default, the file suffix, a help line
    (marked: translate it where shown, ``_(f.help)``) and the encodings its renderer takes
    from ``ExportRequest.encoding`` (the first is the default; empty: the format fixes its
    own, as h9 does with ISO 8859-15)."""

    name: str
    renderers: Mapping[str, Renderer]
    default: str
    suffix: str
    help: str
    encodings: tuple[str, ...] = ()

    @property
    def whats(self) -> tuple[str, ...]:
        return tuple(self.renderers)


# ---- renderers ------------------------------------------------------------------------------

def _standings(event: Event, req: ExportRequest):
    from ..standings import check_after_round, standings
    check_after_round(event, req.round)
    return standings(event, req.round, req.tiebreaks)


def _crosstable(event: Event, req: ExportRequest):
    from ..standings import check_after_round, crosstable
    check_after_round(event, req.round)
    return crosstable(event, req.round, req.tiebreaks)


def _utf8(text: str) -> bytes:
    return text.encode("utf-8")


def _json(data: Any) -> bytes:
    return _utf8(json.dumps(data, indent=2, ensure_ascii=False) + "\n")


def _lang(event: Event, req: ExportRequest) -> str:
    """The language of a format people read: the request's, else the players'."""
    from ..readers import players_lang
    return req.lang or players_lang(event)


def _text_standings(event: Event, req: ExportRequest) -> bytes:
    from ..standings.render import standings_text
    return _utf8(standings_text(_standings(event, req), event.settings.name,
                                lang=_lang(event, req)))


def _text_crosstable(event: Event, req: ExportRequest) -> bytes:
    from ..standings.render import crosstable_text
    return _utf8(crosstable_text(_crosstable(event, req), event.settings.name,
                                 lang=_lang(event, req)))


def _text_table(what: str) -> Renderer:
    def render(event: Event, req: ExportRequest) -> bytes:
        from ..standings.render import table_lines
        from ..readers import gettext_for
        lang = _lang(event, req)
        _ = gettext_for(lang)
        table = _table(event, what, req, lang=lang)
        right = {i for i, numeric in enumerate(table.numeric) if numeric}
        lines = [f"{event.settings.name} — {table.title}" if event.settings.name
                 else table.title, ""]
        lines += table_lines(table.headers, table.rows, right)
        lines += [_("note: {note}").format(note=n) for n in table.notes]
        return _utf8("\n".join(lines) + "\n")
    return render


def _json_event(event: Event, req: ExportRequest) -> bytes:
    from ..export_json import event_to_json
    return _json(event_to_json(event))


def _json_standings(event: Event, req: ExportRequest) -> bytes:
    from ..standings.render import standings_data
    return _json(standings_data(_standings(event, req), event.settings.name))


def _json_crosstable(event: Event, req: ExportRequest) -> bytes:
    from ..standings.render import crosstable_data
    return _json(crosstable_data(_crosstable(event, req), event.settings.name, event.game))


def pairing_json(event: Event, rnd) -> dict[str, Any]:
    """The documented JSON shape of a round's pairing (``pair --json``, ``export --format
    json --what pairings``): ``{"round", "boards": [{"board", "players", "colours"}],
    "byes": [{"player", "kind"}]}``; colours of the first- and second-listed player, or null
    where the game has none (or, in Renju, before Black is recorded); a board decided with a
    setup (Go handicap games) adds ``"setup": {"handicap", "komi"}``."""
    def colours(board) -> list[str] | None:
        cols = board_colours(event.game, board)
        return list(cols) if cols else None

    def board(b) -> dict[str, Any]:
        d: dict[str, Any] = {"board": b.number, "players": list(b.players),
                             "colours": colours(b)}
        if b.setup:  # Go handicap games: {"handicap": stones, "komi": komi}
            d["setup"] = dict(b.setup)
        return d

    return {"round": rnd.number,
            "boards": [board(b) for b in rnd.boards],
            "byes": [{"player": b.player, "kind": b.kind.value} for b in rnd.byes]}


def _json_pairings(event: Event, req: ExportRequest) -> bytes:
    from .tables import paired_round
    return _json(pairing_json(event, paired_round(event, req.round)))


def _json_final(event: Event, req: ExportRequest) -> bytes:
    """``{"event", "places": [{"place", "player", "name", "stage", "decided"}]}``: the final
    places after a playoff (the Swiss order without one)."""
    from ..standings.playoff import final_places
    by_id = event.by_id()
    return _json({"event": event.settings.name, "places": [
        {"place": f.place, "player": f.player,
         "name": by_id[f.player].name if f.player in by_id else None, "stage": f.stage,
         "decided": f.decided} for f in final_places(event)]})


def _csv_table(what: str) -> Renderer:
    def render(event: Event, req: ExportRequest) -> bytes:
        from .csv_export import table_to_csv
        return _utf8(table_to_csv(_table(event, what, req, lang=SOURCE)))
    return render


def _html_table(what: str) -> Renderer:
    def render(event: Event, req: ExportRequest) -> bytes:
        from .html_export import tables_to_html
        lang = _lang(event, req)
        if req.paper is not None and what != "all":
            from .print_pages import check_paper, table_page
            check_paper(req.paper)
            return _utf8(table_page(_table(event, what, req, lang=lang), event.settings.name,
                                    req.paper, landscape=what == "crosstable",
                                    url=req.url if what == "pairings" else None, lang=lang,
                                    dates=event_dates(event, lang)))
        if what == "all":  # the page to publish after each round
            tables = [_table(event, "standings", req, lang=lang),
                      _table(event, "crosstable", req, lang=lang)]
            if event.rounds:
                now = ExportRequest("html", first_board=req.first_board)
                tables += [_table(event, "pairings", now, lang=lang),
                           _table(event, "wall", now, lang=lang)]
        else:
            tables = [_table(event, what, req, lang=lang)]
        return _utf8(tables_to_html(tables, event.settings.name, lang=lang,
                                    dates=event_dates(event, lang)))
    return render


def _table(event: Event, what: str, req: ExportRequest, *, lang: str):
    from ..standings import check_after_round
    from .tables import build
    if what in ("standings", "crosstable"):
        check_after_round(event, req.round)
    if what == "alphabetical":  # the alphabetical list of who plays where
        what = "wall"
    if what == "checkin":  # every entry of the request's roster (the service fills it)
        from .tables import checkin_table, roster_of
        return checkin_table(event, req.roster if req.roster is not None else roster_of(event),
                             lang=lang, paper=req.format == "html")
    return build(event, what, req.round, req.tiebreaks, lang=lang,
                 first_board=req.first_board)


def _print_alphabetical(event: Event, req: ExportRequest) -> bytes:
    from .print_pages import table_page
    lang = _lang(event, req)
    return _utf8(table_page(_table(event, "wall", req, lang=lang), event.settings.name,
                            req.paper, big=True, url=req.url, lang=lang,
                            dates=event_dates(event, lang)))


def _print_checkin(event: Event, req: ExportRequest) -> bytes:
    """The registration / check-in list for paper (A4 unless ``paper`` says letter), with a
    blank column to sign or tick."""
    from .print_pages import table_page
    lang = _lang(event, req)
    return _utf8(table_page(_table(event, "checkin", req, lang=lang), event.settings.name,
                            req.paper, lang=lang, dates=event_dates(event, lang)))


#: the desk's prints (issue 35): text, CSV and HTML for paper
DESK_PRINTS = ("treasurer", "ceremony", "payout")


def _desk_tables(event: Event, what: str, req: ExportRequest, *, lang: str,
                 machine: bool = False, paper: bool = False) -> list:
    from . import desk_prints
    if what == "treasurer":
        return desk_prints.treasurer_tables(event, req.desk, lang=lang, machine=machine)
    if what == "ceremony":
        return [desk_prints.ceremony_table(event, req.prizes, lang=lang, machine=machine)]
    return desk_prints.payout_tables(event, req.prizes, lang=lang, machine=machine,
                                     paper=paper)


def _text_desk(what: str) -> Renderer:
    def render(event: Event, req: ExportRequest) -> bytes:
        from ..standings.render import table_lines
        from ..readers import gettext_for
        lang = _lang(event, req)
        _ = gettext_for(lang)
        lines: list[str] = []
        for table in _desk_tables(event, what, req, lang=lang):
            right = {i for i, numeric in enumerate(table.numeric) if numeric}
            lines += [f"{event.settings.name} — {table.title}" if event.settings.name
                      else table.title, ""]
            lines += table_lines(table.headers, table.rows, right) if table.rows else []
            lines += [_("note: {note}").format(note=n) for n in table.notes] + [""]
        return _utf8("\n".join(lines))
    return render


def _csv_desk(what: str) -> Renderer:
    def render(event: Event, req: ExportRequest) -> bytes:
        from .csv_export import table_to_csv
        return _utf8(table_to_csv(_desk_tables(event, what, req, lang=SOURCE,
                                               machine=True)[0]))
    return render


def _print_desk(what: str) -> Renderer:
    """A desk's print for paper (A4 unless ``paper`` says letter): its tables one after
    another on the same pages."""
    def render(event: Event, req: ExportRequest) -> bytes:
        from .print_pages import check_paper, tables_page
        check_paper(req.paper)
        lang = _lang(event, req)
        return _utf8(tables_page(_desk_tables(event, what, req, lang=lang, paper=True),
                                 event.settings.name, req.paper, lang=lang,
                                 dates=event_dates(event, lang), new_pages=False))
    return render


def _print_slips(event: Event, req: ExportRequest) -> bytes:
    from .print_pages import slips_page
    return _utf8(slips_page(event, req.round, req.paper, lang=_lang(event, req),
                            first_board=req.first_board))


def _print_wall_chart(event: Event, req: ExportRequest) -> bytes:
    from ..standings import check_after_round
    from .print_pages import table_page, wall_chart_table
    check_after_round(event, req.round)
    lang = _lang(event, req)
    return _utf8(table_page(wall_chart_table(event, req.round, req.tiebreaks, lang=lang),
                            event.settings.name, req.paper, landscape=True, cls="chart",
                            lang=lang, dates=event_dates(event, lang)))


def _trf(event: Event, req: ExportRequest) -> bytes:
    from . import trf
    if req.round is not None:  # the event as it stood after round N (pairing checkers)
        event = trf.event_after(event, req.round)
    encoding = req.encoding or trf.DEFAULT_ENCODING
    return trf.encode_trf(trf.write_trf(event, version=req.trf_version or trf.DEFAULT_VERSION,
                                        encoding=encoding, notes=req.notes), encoding)


def _h9(event: Event, req: ExportRequest) -> bytes:
    from .h9 import write_h9
    return write_h9(event, _standings(event, req), info=dict(req.info))


def _aga(event: Event, req: ExportRequest) -> bytes:
    from .aga import write_aga
    return write_aga(event, req.round)


def _wof(event: Event, req: ExportRequest) -> bytes:
    from .wof import write_wof
    return write_wof(event, req.round, info=dict(req.info))


FORMATS: dict[str, Format] = {f.name: f for f in (
    Format("text", {"standings": _text_standings, "crosstable": _text_crosstable,
                    "pairings": _text_table("pairings"), "wall": _text_table("wall"),
                    "alphabetical": _text_table("wall"), "final": _text_table("final"),
                    "checkin": _text_table("checkin"),
                    **{w: _text_desk(w) for w in DESK_PRINTS}},
           "standings", ".txt", N_("aligned text for a terminal or a printer")),
    Format("json", {"event": _json_event, "standings": _json_standings,
                    "crosstable": _json_crosstable, "pairings": _json_pairings,
                    "final": _json_final},
           "event", ".json", N_("JSON (documented, stable shapes)")),
    Format("csv", {**{w: _csv_table(w) for w in TEXT_WHATS}, "final": _csv_table("final"),
                   "checkin": _csv_table("checkin"), **{w: _csv_desk(w) for w in DESK_PRINTS}},
           "standings", ".csv", N_("CSV for spreadsheets (RFC 4180, UTF-8)")),
    Format("html", {"standings": _html_table("standings"),
                    "crosstable": _html_table("crosstable"),
                    "pairings": _html_table("pairings"), "alphabetical": _print_alphabetical,
                    "slips": _print_slips, "wall": _print_wall_chart, "all": _html_table("all"),
                    "final": _html_table("final"), "checkin": _print_checkin,
                    **{w: _print_desk(w) for w in DESK_PRINTS}},
           "standings", ".html", N_("one static HTML page, printable, no outside resources; "
                                     "with --paper a4|letter laid out for a printer")),
    Format("trf", {"event": _trf}, "event", ".trf", N_("FIDE Tournament Report File (chess)"),
           encodings=ENCODINGS),
    Format("h9", {"event": _h9}, "event", ".h9", N_("EGD tournament results (Go)")),
    Format("aga", {"event": _aga}, "event", ".txt", N_("AGA tournament results for rating (Go)")),
    Format("wof", {"event": _wof}, "event", ".elo",
           N_("WOF results file for the Othello rating list")),
)}

WHATS: tuple[str, ...] = tuple(dict.fromkeys(w for f in FORMATS.values() for w in f.whats))


def lookup(fmt: str, what: str | None) -> tuple[Format, str]:
    """The :class:`Format` and the list it exports, or SwissError naming what is valid."""
    f = FORMATS.get(fmt)
    if f is None:
        raise SwissError(_("unknown format {fmt!r}; valid: {items}")
                         .format(fmt=fmt, items=', '.join(FORMATS)), field="format")
    what = what or f.default
    if what not in f.renderers:
        raise SwissError(_("--format {fmt} cannot hold {what!r}; it holds {items}")
                         .format(fmt=fmt, what=what, items=', '.join(f.whats)), field="what")
    return f, what


def warnings(event: Event, req: ExportRequest) -> list[str]:
    """One line per thing the file of ``req`` cannot say as its reader needs it (the export is
    still written): names an 8-bit file writes with ``?`` — neither the name nor the player's
    ``reading`` fits its charset (TRF ``latin-1``/``ascii``, h9) — h9's missing EGF class, and
    what a TRF-2026 for FIDE's rating lacks (:func:`.trf.rating_gaps`).
    The CLI prints them on stderr, the TUI in its status line."""
    from .charset import unwritable
    if req.format == "h9":
        from .h9 import h9_warnings
        return h9_warnings(event)
    out = []
    if req.format == "trf" and req.encoding and req.encoding != "utf-8":
        lost = unwritable(event.players, req.encoding)
        if lost:
            out.append(_("names written with '?' ({encoding} cannot hold them; give a reading "
                         "in Latin letters): {players}").format(
                encoding=req.encoding, players=", ".join(f"{p.id} {p.name}" for p in lost)))
    if req.format == "trf" and req.trf_version == "2026":
        from .trf import rating_gaps  # what FIDE's rating needs (TRF-2026 "R" mandatory)
        gaps = rating_gaps(event)
        if gaps:
            out.append(_("TRF-2026 for FIDE rating: missing {items}")
                       .format(items="; ".join(gaps)))
    return out


#: formats written for one game's federation (each game's profile names its own)
FEDERATION = ("trf", "h9", "aga", "wof")


def formats_for(game: str) -> tuple[str, ...]:
    """The formats an event of ``game`` can be exported to: every format that serves all
    games, and of the federation formats only those the game's profile names
    (``GameProfile.printing.file_formats``: TRF for chess, h9 for Go) — the TUI's export picker (F8)."""
    from ..games import profile
    own = set(profile(game).printing.file_formats)
    return tuple(name for name in FORMATS if name not in FEDERATION or name in own)


def _master_text(parts: list[tuple[str, Event, ExportRequest]], req: ExportRequest) -> bytes:
    from ..readers import gettext_for
    _ = gettext_for(_lang(parts[0][1], req))
    return b"\n".join(_utf8(_("== section {name} ==").format(name=name) + "\n")
                       + _text_standings(ev, r) for name, ev, r in parts)


def _master_html(parts: list[tuple[str, Event, ExportRequest]], req: ExportRequest) -> bytes:
    from dataclasses import replace
    from ..readers import gettext_for
    root = parts[0][1]
    lang = _lang(root, req)
    _ = gettext_for(lang)
    tables = []
    for name, ev, r in parts:
        t = _table(ev, "standings", r, lang=lang)
        # Translators: a section's table in the event's master list, e.g. "U1600: Standings
        # after round 5"
        tables.append(replace(t, title=_("{section}: {title}").format(section=name,
                                                                      title=t.title)))
    if req.paper is not None:
        from .print_pages import check_paper, tables_page
        check_paper(req.paper)
        return _utf8(tables_page(tables, root.settings.name, req.paper, lang=lang,
                                 dates=event_dates(root, lang)))
    from .html_export import tables_to_html
    return _utf8(tables_to_html(tables, root.settings.name, lang=lang,
                                dates=event_dates(root, lang)))


def render_master(parts: list[tuple[str, Event, ExportRequest]], req: ExportRequest) -> bytes:
    """The master standings of an event with sections (issue 33 item 7): each section's
    standings one after another under the section's name — ``parts`` is (name, the
    section's event, its request) in the sections' order.  Text: each section's list under
    ``== section NAME ==`` (as ``swisstui standings`` prints them); HTML: one page, a table
    per section titled with its name (on paper each section from a new page); CSV: one table
    with a first ``Section`` column and every section's columns; JSON: ``{"event",
    "sections": [{"section", ...the section's standings}]}``."""
    f, what = lookup(req.format, req.what)
    if what != "standings":
        raise SwissError(_("--format {fmt} cannot hold {what!r}; it holds {items}")
                         .format(fmt=req.format, what=what, items=', '.join(f.whats)),
                         field="what")
    root = parts[0][1]
    if f.name == "json":
        from ..standings.render import standings_data
        return _json({"event": root.settings.name, "sections": [
            {"section": name, **standings_data(_standings(ev, r), ev.settings.name)}
            for name, ev, r in parts]})
    if f.name == "text":
        return _master_text(parts, req)
    if f.name == "csv":
        from .csv_export import table_to_csv
        from .tables import Table
        tables = [(name, _table(ev, what, r, lang=SOURCE)) for name, ev, r in parts]
        headers = list(dict.fromkeys(h for _n, t in tables for h in t.headers))
        rows = tuple((name, *(dict(zip(t.headers, row)).get(h, "") for h in headers))
                     for name, t in tables for row in t.rows)
        return _utf8(table_to_csv(Table(tables[0][1].title, ("Section", *headers), rows,
                                        (False,) * (len(headers) + 1))))
    if f.name == "html":
        return _master_html(parts, req)
    raise SwissError(_("--format {fmt} cannot hold {what!r}; it holds {items}")
                     .format(fmt=req.format, what=what, items=', '.join(f.whats)),
                     field="what")


def render(event: Event, req: ExportRequest) -> bytes:
    """The bytes of ``req`` for ``event``; SwissError for a request the table cannot serve
    or a round the event does not have."""
    f, what = lookup(req.format, req.what)
    return f.renderers[what](event, req)
