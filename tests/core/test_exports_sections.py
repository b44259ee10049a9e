"""Prints and exports of an event with sections (issue 33 items 6, 7, 10): the hall's board
numbers in every list that shows a board, the registration / check-in list across
sections, the master standings and one TRF per section
(:func:`swisstui.core.services.exports.export_folder`)."""

from __future__ import annotations

import csv
import io
import json
import re
import shutil
from pathlib import Path

import pytest

from swisstui.core import services, store
from swisstui.core.errors import SwissError
from swisstui.core.interop.formats import ExportRequest, render
from swisstui.core.services import desk, sections
from swisstui.core.services.exports import export_folder

SAMPLES = Path(__file__).resolve().parents[2] / "swisstui" / "sample_events"


def rows(data: bytes) -> list[list[str]]:
    return list(csv.reader(io.StringIO(data.decode("utf-8"))))


def one(folder, fmt, what=None, **kw) -> bytes:
    (w,) = export_folder(folder, ExportRequest(fmt, what, **kw))
    return w.data


@pytest.fixture
def hall(tmp_path):
    """A chess open (the sample, one section numbered from 1) and a section U1600 whose
    boards are numbered from 101 in the hall, round 1 paired."""
    folder = tmp_path / "open"
    shutil.copytree(SAMPLES / "chess", folder)
    u = sections.add_section(folder, "U1600", rounds=3).folder
    with (u / "event.toml").open("a") as f:
        f.write("first_board = 101\n")
    for i, name in enumerate(("Ana", "Bea", "Caio", "Duda")):
        services.add_player(u, name, rating=1500 - i)
    services.pair_next(u)
    return folder, u


def test_hall_board_numbers_in_every_print(hall):
    """first_board = 101: pairings (text, CSV, HTML, paper), the alphabetical list (text,
    CSV, paper), result slips and the 'all' page show 101 and 102; the round files keep 1
    and 2, so JSON keeps them, and TRF (no board numbers) is the same bytes."""
    _folder, u = hall
    rnd = store.load(u).round(1)
    assert sorted(b.number for b in rnd.boards) == [1, 2]
    text = one(u, "text", "pairings").decode()
    assert [ln.split()[0] for ln in text.splitlines()[3:5]] == ["101", "102"]
    assert [r[0] for r in rows(one(u, "csv", "pairings"))[1:]] == ["101", "102"]
    wall = rows(one(u, "csv", "wall"))
    assert wall[0][2] == "Board" and sorted(r[2] for r in wall[1:]) == ["101", "101", "102",
                                                                        "102"]
    assert sorted(re.findall(r"\s(10\d)\s", one(u, "text", "alphabetical").decode())) == \
        ["101", "101", "102", "102"]
    for what, kw in (("pairings", {}), ("pairings", {"paper": "a4"}),
                     ("alphabetical", {}), ("all", {})):
        page = one(u, "html", what, **kw).decode()
        page = page[page.index("Pairings round 1" if what == "all" else "<tbody>"):]
        cells = re.findall(r'<td class="n">(\d+)</td>', page)
        assert "101" in cells and "102" in cells, (what, kw)
        assert not re.search(r'<tr><td class="n">[12]</td>', page), (what, kw)
    slips = one(u, "html", "slips").decode()
    assert re.findall(r"Board (\d+)</span>", slips) == ["101", "102"]
    assert [b["board"] for b in json.loads(one(u, "json", "pairings"))["boards"]] == [1, 2]
    ev = store.load(u)
    assert one(u, "trf") == render(ev, ExportRequest("trf"))


def test_one_section_event_unchanged(tmp_path):
    """An event of one section: every list is the bytes the format table gives as before
    (boards from 1, no Section column)."""
    folder = tmp_path / "open"
    shutil.copytree(SAMPLES / "chess", folder)
    ev = store.load(folder)
    for fmt, what, kw in (("text", "pairings", {}), ("csv", "wall", {}),
                          ("html", "slips", {}), ("html", "alphabetical", {}),
                          ("text", "standings", {}), ("trf", None, {}),
                          ("html", "pairings", {"paper": "letter"})):
        assert one(folder, fmt, what, **kw) == render(ev, ExportRequest(fmt, what, **kw)), \
            (fmt, what)
    head = rows(one(folder, "csv", "checkin"))[0]
    assert head == ["No.", "Name", "Rating", "Club", "State", "Checked in"]


@pytest.fixture
def desk_event(tmp_path):
    """Two sections with desk files: main (Ólafur, Nina, Pedro, Zoe; fees in EUR, Nina
    checked in and paid, Pedro owing), U1600 (Anna, Ülle waitlisted); Pedro moves to U1600
    after round 1 of main, so he is on two lines."""
    folder = tmp_path / "ev"
    services.create_event(folder, "chess", "Desk Open", 3)
    for name, rating in (("Zoe", 2000), ("Ólafur", 1900), ("Nina", 1800), ("Pedro", 1700)):
        services.add_player(folder, name, rating=rating, club="Club " + name[0])
    u = sections.add_section(folder, "U1600").folder
    services.add_player(u, "Anna", rating=1400)
    services.add_player(u, "Ülle", rating=1300)
    ids = {p.name: p.id for f in (folder, u) for p in store.load(f).players}
    desk.set_currency(folder, "EUR")
    desk.set_check_in_open(folder, True)
    desk.toggle_check_in(folder, ids["Nina"])
    desk.set_due(folder, ids["Nina"], "20")
    desk.pay(folder, ids["Nina"], "20", "cash")
    desk.set_due(folder, ids["Pedro"], "20", "5", "junior")
    desk.pay(folder, ids["Pedro"], "7.50", "card")
    desk.set_state(u, ids["Ülle"], "waitlist")
    rnd = services.pair_next(folder).event.round(1)
    for b in rnd.boards:
        services.record_result(folder, 1, b.number, "1-0")
    sections.move_player(folder, ids["Pedro"], "U1600")
    return folder, u, ids


def test_checkin_list_across_sections(desk_event):
    """Without --section: every entry of every section once, sorted by name as its readers
    sort it (Ólafur under O, Ülle under U), a Section column, the desk's state, the check-in
    mark, paid and owed where a fee is kept; Pedro, moved after round 1, is on two lines
    (withdrawn in main, confirmed in U1600)."""
    folder, _u, ids = desk_event
    (w,) = export_folder(folder, ExportRequest("csv", "checkin"))
    table = rows(w.data)
    assert table[0] == ["Section", "No.", "Name", "Rating", "Club", "State", "Checked in",
                        "Paid", "Owed"]
    assert [r[2] for r in table[1:]] == ["Anna", "Nina", "Ólafur", "Pedro", "Pedro", "Ülle",
                                         "Zoe"]
    by = {(r[0], r[2]): r for r in table[1:]}
    assert by[("main", "Nina")] == ["main", str(ids["Nina"]), "Nina", "1800", "Club N",
                                    "checked in", "✓", "20 EUR", "0 EUR"]
    assert by[("main", "Pedro")][5:] == ["withdrawn", "", "7.50 EUR", "7.50 EUR"]
    assert by[("U1600", "Pedro")][5:] == ["confirmed", "", "", ""]
    assert by[("U1600", "Ülle")][5:] == ["waitlist", "", "", ""]
    assert by[("main", "Zoe")][5:] == ["confirmed", "", "", ""]
    text = export_folder(folder, ExportRequest("text", "checkin"))[0].data.decode()
    assert "Registration and check-in" in text and text.count("Pedro") == 2
    page = export_folder(folder, ExportRequest("html", "checkin"))[0].data.decode()
    assert "@page{size:A4 portrait" in page and "<th scope=\"col\">Signature</th>" in page
    assert "<td>U1600</td>" in page


def test_checkin_list_of_one_section(desk_event):
    """With a section named: its entries only, without the Section column."""
    folder, u, _ids = desk_event
    table = rows(export_folder(u, ExportRequest("csv", "checkin"))[0].data)
    assert table[0][:2] == ["No.", "Name"] and "Paid" not in table[0]
    assert [r[1] for r in table[1:]] == ["Anna", "Pedro", "Ülle"]


def test_checkin_pt_br_money(desk_event):
    """The readers' decimal mark on paper and in text (pt_BR 7,50), CSV stays 7.50."""
    folder, _u, _ids = desk_event
    text = export_folder(folder, ExportRequest("text", "checkin", lang="pt_BR"))[0].data
    assert "7,50 EUR" in text.decode() and "7.50" not in text.decode()


def test_master_standings(hall):
    """Without --section: each section's standings under its name, in the sections' order
    (text as `swisstui standings` prints them; CSV one table with a Section column; HTML one
    page, a table per section; JSON a list of sections)."""
    folder, u = hall
    text = one(folder, "text", "standings").decode()
    main_text = render(store.load(folder), ExportRequest("text", "standings")).decode()
    u_text = render(store.load(u), ExportRequest("text", "standings")).decode()
    assert text == f"== section main ==\n{main_text}\n== section U1600 ==\n{u_text}"
    table = rows(one(folder, "csv", "standings"))
    assert table[0][:4] == ["Section", "Pl", "No", "Name"]
    assert [r[0] for r in table[1:]] == ["main"] * 16 + ["U1600"] * 4
    assert {r[3] for r in table if r[0] == "U1600"} == {"Ana", "Bea", "Caio", "Duda"}
    page = one(folder, "html", "standings").decode()
    assert page.index("<h2>main: Standings after round") < \
        page.index("<h2>U1600: Standings after round")
    paper = one(folder, "html", "standings", paper="a4").decode()
    assert paper.count("<table") == 2 and paper.count('style="break-before:page"') == 1
    # U1600's note (round 1 unfinished) goes to the new page with its table
    assert paper.index('style="break-before:page"') < paper.index("U1600: Standings") \
        and paper.index("main: Standings") < paper.index('style="break-before:page"')
    assert re.search(r'<p class="note" style="break-before:page">[^<]*round 1', paper)
    data = json.loads(one(folder, "json", "standings"))
    assert [s["section"] for s in data["sections"]] == ["main", "U1600"]


def test_trf_per_section(hall, tmp_path):
    """TRF without --section: with -o FILE.trf one file per section, FILE-NAME.trf, the
    bytes of each section's own export; without -o one line naming the sections, nothing
    written; pairings without --section refused naming them."""
    folder, u = hall
    with pytest.raises(SwissError) as exc:
        export_folder(folder, ExportRequest("trf"))
    assert "main, U1600" in str(exc.value) and "--section NAME" in str(exc.value)
    assert "-o FILE.trf" in str(exc.value) and "\n" not in str(exc.value)
    out = export_folder(folder, ExportRequest("trf"), tmp_path / "hall.trf")
    assert [(w.section, w.path.name) for w in out] == [("main", "hall-main.trf"),
                                                       ("U1600", "hall-U1600.trf")]
    assert (tmp_path / "hall-U1600.trf").read_bytes() == render(store.load(u),
                                                                ExportRequest("trf"))
    assert (tmp_path / "hall-main.trf").read_bytes() == render(store.load(folder),
                                                               ExportRequest("trf"))
    assert not (tmp_path / "hall.trf").exists()
    with pytest.raises(SwissError, match="say which with --section NAME"):
        export_folder(folder, ExportRequest("text", "pairings"))
