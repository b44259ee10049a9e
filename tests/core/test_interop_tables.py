"""CSV and HTML exports of standings, crosstable, pairings and the wall list (issue 6).

Golden CSV files (tests/golden/event1.*.csv) were written by hand from the event of
test_interop_trf.py (round 3: Carlsen–Ju draw, Polgar–Gukesh 0-1, Late gets the pairing bye,
Doe absent, Smith withdrawn)."""

from __future__ import annotations

import csv
import io
from html.parser import HTMLParser
from pathlib import Path

import pytest

from swisstui.core.errors import SwissError
from swisstui.core.interop.formats import ExportRequest, render

from swisstui.core.interop.tables import build
from trf_event import EVENT

GOLDEN = Path(__file__).resolve().parents[1] / "golden"


def export_csv(event, what="standings", round_no=None) -> str:
    return render(event, ExportRequest("csv", what, round_no)).decode()


def export_html(event, what="standings", round_no=None) -> str:
    return render(event, ExportRequest("html", what, round_no)).decode()


class TableParser(HTMLParser):
    """Collects the text of every table cell, row by row, and every tag seen."""

    def __init__(self):
        super().__init__()
        self.rows: list[list[str]] = []
        self.tags: list[tuple[str, dict]] = []
        self._cell: list[str] | None = None

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))
        if tag == "tr":
            self.rows.append([])
        elif tag in ("td", "th"):
            self._cell = []

    def handle_endtag(self, tag):
        if tag in ("td", "th") and self._cell is not None:
            self.rows[-1].append("".join(self._cell))
            self._cell = None

    def handle_data(self, data):
        if self._cell is not None:
            self._cell.append(data)


def parse(html: str) -> TableParser:
    p = TableParser()
    p.feed(html)
    p.close()
    return p


def test_pairings_csv_matches_golden():
    assert export_csv(EVENT, "pairings", 3).encode() == \
        (GOLDEN / "event1.pairings-r3.csv").read_bytes()


def test_wall_csv_matches_golden_alphabetical_with_bye_and_absent():
    assert export_csv(EVENT, "wall", 3).encode() == (GOLDEN / "event1.wall-r3.csv").read_bytes()


def test_pairings_default_to_the_current_round_and_unknown_round_is_refused():
    assert export_csv(EVENT, "pairings") == export_csv(EVENT, "pairings", 3)
    with pytest.raises(SwissError, match="no pairing for round 7"):
        export_csv(EVENT, "pairings", 7)
    with pytest.raises(SwissError, match="no round has been paired yet"):
        export_csv(EVENT.__class__(EVENT.settings, EVENT.players), "wall")
    with pytest.raises(SwissError, match="unknown list"):
        build(EVENT, "prizes")


def test_standings_csv_columns_and_scores():
    rows = list(csv.reader(io.StringIO(export_csv(EVENT, "standings"))))
    assert rows[0] == ["Pl", "No", "Name", "Rating", "Club", "Country", "Pts",
                       "BH-C1", "BH", "SB", "DE", "WIN"]
    assert rows[1][4:6] == ["", "NOR"] or rows[1][4:6] == ["", "IND"]
    assert [(r[1], r[6]) for r in rows[1:]][:2] in ([("1", "2.5"), ("3", "2.5")],
                                                    [("3", "2.5"), ("1", "2.5")])
    assert {r[1]: r[6] for r in rows[1:]} == {"1": "2.5", "2": "2", "3": "2.5", "4": "0",
                                              "5": "0.5", "6": "1", "7": "1"}
    assert rows[-1][2] == "Polgar, Judit" and rows[-1][0] == "7"


def test_crosstable_csv_cells():
    rows = list(csv.reader(io.StringIO(export_csv(EVENT, "crosstable"))))
    assert rows[0][:7] == ["#", "Pl", "No", "Name", "R1", "R2", "R3"]
    pos = {r[3]: r[0] for r in rows[1:]}
    gukesh = next(r for r in rows[1:] if r[3] == "Gukesh, D")
    assert gukesh[4] == f"{pos['Doe, Jane']}f+"  # forfeit win in round 1
    assert gukesh[5] == "H="  # half-point bye
    assert gukesh[6] == f"{pos['Polgar, Judit']}b+"
    assert [r[0] for r in rows[1:]] == [str(i) for i in range(1, 8)]


@pytest.mark.parametrize("what,rnd", [("standings", None), ("crosstable", None),
                                      ("pairings", 3)])
def test_html_parses_back_to_the_same_table(what, rnd):
    html = export_html(EVENT, what, rnd)
    table = build(EVENT, what, rnd)
    parsed = parse(html)
    assert parsed.rows[0] == list(table.headers)
    assert parsed.rows[1:] == [list(r) for r in table.rows]


def test_html_is_static_self_contained_and_phone_friendly():
    html = export_html(EVENT, "pairings", 3)
    tags = parse(html).tags
    names = {t for t, _ in tags}
    assert "script" not in names and "link" not in names and "img" not in names
    assert "http" not in html and "url(" not in html and "@import" not in html
    assert not any(k.startswith("on") for _, attrs in tags for k in attrs)
    assert ("meta", {"name": "viewport", "content": "width=device-width, initial-scale=1"}) \
        in tags
    assert ("meta", {"charset": "utf-8"}) in tags
    assert "<h1>Test Open 2026</h1>" in html and "<h2>Pairings round 3</h2>" in html
    assert "@media print" in html and "overflow-x:auto" in html


def test_html_escapes_names():
    from dataclasses import replace

    ev = replace(EVENT, players=tuple(replace(p, name="<b>Bobby & Co</b>") if p.id == 1
                                      else p for p in EVENT.players))
    html = export_html(ev, "alphabetical", 3)  # for paper: a title row, then the headers
    assert "<b>Bobby" not in html and "&lt;b&gt;Bobby &amp; Co&lt;/b&gt;" in html
    assert parse(html).rows[2][0] == "<b>Bobby & Co</b>"


def test_html_all_lists_on_one_page():
    html = export_html(EVENT, "all")
    tables = [build(EVENT, w) for w in ("standings", "crosstable", "pairings", "wall")]
    assert all(f"<h2>{t.title}</h2>" in html for t in tables)
    expected = [row for t in tables for row in [list(t.headers), *map(list, t.rows)]]
    parsed = parse(html)
    assert parsed.rows == expected
    assert "script" not in [t for t, _ in parsed.tags]


def test_csv_cells_cannot_be_formulas():
    """QA bug 22 (OWASP CSV injection): text starting with = + - @ tab CR gets a ', numbers
    (also negative ones written as text) stay numeric; every CSV export uses the rule."""
    from dataclasses import replace
    from swisstui.core.spreadsheet import safe_cell
    assert [safe_cell(v) for v in ("=1+2", "+x", "-x", "@SUM(A1)", "\tA", "\rA")] == \
        ["'=1+2", "'+x", "'-x", "'@SUM(A1)", "'\tA", "'\rA"]
    assert [safe_cell(v) for v in ("-1", "-0.5", "+3", "12", "Anna", -2, 1.5, None)] == \
        ["-1", "-0.5", "+3", "12", "Anna", -2, 1.5, None]
    bad = '=HYPERLINK("http://example.invalid","win")'
    players = tuple(replace(p, name=bad) if p.id == 1 else p for p in EVENT.players)
    ev = replace(EVENT, players=players)
    for text in (export_csv(ev, "standings"), export_csv(ev, "crosstable")):
        cells = [c for row in csv.reader(io.StringIO(text)) for c in row]
        assert "'" + bad in cells and bad not in cells


def test_wall_list_sorts_accented_names_with_their_letter():
    """QA bug 23: accents are folded for the order (Ólafur under O, Åström under A, Þ as
    th), other scripts after Latin."""
    from dataclasses import replace
    from swisstui.core.collation import name_key
    from swisstui.core.model import Board, Player, Round
    names = ["Zoë Åström", "山田太郎", "Ólafur Þór", "김민준", "Ödön Late", "anna", "Þóra",
             "Émile", "Łukasz"]
    assert sorted(names, key=name_key) == ["anna", "Émile", "Łukasz", "Ödön Late",
                                           "Ólafur Þór", "Þóra", "Zoë Åström", "김민준",
                                           "山田太郎"]
    players = tuple(Player(i, n) for i, n in enumerate(names[:4], 1))
    ev = replace(EVENT, players=players, rounds=(Round(1, (Board(1, (1, 2)),
                                                           Board(2, (3, 4)))),))
    rows = build(ev, "wall").rows
    assert [r[0] for r in rows] == ["Ólafur Þór", "Zoë Åström", "김민준", "山田太郎"]


def test_the_wall_chart_names_a_magic_seat_as_the_players_page_does():
    """Magic's boards fix no colour: the alphabetical list printed "A"/"B", words no
    catalogue held, while the players' page said "first"/"second" in the reader's language.
    One rule (tables.seat_word) for both."""
    from swisstui.core import store
    from swisstui.core.i18n import translator
    from swisstui.core.interop.tables import seat_word, wall_table
    sample = Path(__file__).resolve().parents[2] / "swisstui" / "sample_events" / "magic"
    ev = store.load(sample)
    table = wall_table(ev, lang="ja")
    ja = translator("ja").gettext
    words = {seat_word(ev, None, True, ja), seat_word(ev, None, False, ja)}
    assert words == {ja("first"), ja("second")} and "first" not in words
    cells = {c for row in table.rows for c in row}
    assert words <= cells and not {"A", "B"} & cells
