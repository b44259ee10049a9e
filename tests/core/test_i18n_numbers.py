"""Numbers and dates in the readers' form (issue 17, item 6): pt_BR ``62,50%`` and
``24/11/2026``, Korean and Japanese dates, on the pages people read (HTML lists, prints,
text exports, the players' page) — and never in the machine formats, whose bytes do not
change with the language."""

import re

import pytest
from conftest import make_event

from swisstui.core import services
from swisstui.core.games import profile
from swisstui.core.interop.formats import ExportRequest, render
from swisstui.core.readers import date_text, event_dates, number_text, percent_text
from swisstui.core.standings import format_value
from swisstui.web.snapshot import snapshot


def _played(tmp_path, game, rounds=2, n=9, **settings):
    folder = make_event(tmp_path, game, n, **settings)
    text = profile(game).entry.examples[0]
    for number in range(1, rounds + 1):
        services.pair_next(folder)
        rnd = services.load(folder).round(number)
        for board in rnd.boards[:-1]:
            services.record_result(folder, number, board.number, text)
        last = rnd.boards[-1]
        draw = {"chess": "1/2-1/2", "magic": "1-1-1", "go": "B+R", "othello": "32-32",
                "renju": "1/2"}[game]
        services.record_result(folder, number, last.number, draw)
    return folder, services.load(folder)


def test_worked_examples():
    assert percent_text(0.625, "pt_BR") == "62,50%"
    assert percent_text(0.625, "en") == percent_text(0.625) == "62.50%"
    assert percent_text(0.625, "ko") == percent_text(0.625, "ja") == "62.50%"
    assert number_text(5.5, "pt_BR") == "5,5" and number_text(30.0, "pt_BR") == "30"
    assert number_text(5.5) == "5.5" and number_text(1 / 3) == "0.33"
    assert date_text("2026-11-24", "pt_BR") == "24/11/2026"
    assert date_text("2026-11-24", "ko") == "2026. 11. 24."
    assert date_text("2026-11-24", "ja") == "2026/11/24"
    assert date_text("2026-11-24") == "Nov 24, 2026"
    assert format_value("OMW%", 0.625, "pt_BR") == "62,50%"
    assert format_value("OMW%", 0.625) == "62.50%"
    assert format_value(None, 2.5, "pt_BR") == "2,5"


def test_event_dates(tmp_path):
    one = services.load(make_event(tmp_path, "chess", 4, date_start="2026-11-24"))
    two = services.load(make_event(tmp_path, "chess", 4, date_start="2026-11-24",
                                   date_end="2026-11-26"))
    none = services.load(make_event(tmp_path, "chess", 4))
    assert event_dates(one, "pt_BR") == "24/11/2026"
    assert event_dates(two, "pt_BR") == "24/11/2026 – 26/11/2026"
    assert event_dates(two, "ja") == "2026/11/24 – 2026/11/26"
    assert event_dates(none, "ko") == ""


def test_magic_standings_in_portuguese(tmp_path):
    folder, ev = _played(tmp_path, "magic", date_start="2026-11-24")
    page = render(ev, ExportRequest("html", "standings", lang="pt_BR")).decode()
    assert re.search(r">\d{1,3},\d\d%</td>", page)
    assert not re.search(r">\d{1,3}\.\d\d%</td>", page)
    assert '<p class="dates">24/11/2026</p>' in page and '<html lang="pt-BR">' in page
    english = render(ev, ExportRequest("html", "standings", lang="en")).decode()
    assert re.search(r">\d{1,3}\.\d\d%</td>", english) and "Nov 24, 2026" in english
    text = render(ev, ExportRequest("text", "standings", lang="pt_BR")).decode()
    assert re.search(r"\d,\d\d%", text) and not re.search(r"\d\.\d\d%", text)
    printed = render(ev, ExportRequest("html", "standings", paper="a4", lang="pt_BR")).decode()
    assert re.search(r">\d{1,3},\d\d%</td>", printed) and "24/11/2026" in printed


def test_chess_half_points_in_portuguese(tmp_path):
    folder, ev = _played(tmp_path, "chess")
    text = render(ev, ExportRequest("text", "crosstable", lang="pt_BR")).decode()
    assert re.search(r"\b\d,5\b", text) and not re.search(r"\b\d\.5\b", text)
    services.pair_next(folder)
    pairings = render(services.load(folder),
                      ExportRequest("html", "pairings", lang="pt_BR")).decode()
    assert re.search(r'<td class="n">\d,5</td>', pairings)


@pytest.mark.parametrize("lang,date", [("ko", "2026. 11. 24."), ("ja", "2026/11/24"),
                                       ("pt_BR", "24/11/2026")])
def test_dates_on_every_page_people_read(tmp_path, lang, date):
    folder, ev = _played(tmp_path, "go", rounds=1, date_start="2026-11-24")
    services.pair_next(folder)
    ev = services.load(folder)
    for what, paper in [("all", None), ("alphabetical", None), ("wall", None),
                        ("pairings", "a4")]:
        page = render(ev, ExportRequest("html", what, paper=paper, lang=lang)).decode()
        assert date in page, what
    assert snapshot(ev, lang=lang)["dates"] == date


def test_the_players_page_numbers(tmp_path):
    folder, ev = _played(tmp_path, "magic")
    doc = snapshot(ev, lang="pt_BR")
    cells = [c for row in doc["standings"]["rows"] for c in row[4:]]
    assert any(re.fullmatch(r"\d{1,3},\d\d%", c) for c in cells)
    assert not any(re.fullmatch(r"\d{1,3}\.\d\d%", c) for c in cells)
    english = snapshot(ev, lang="en")
    assert any(re.fullmatch(r"\d{1,3}\.\d\d%", c)
               for row in english["standings"]["rows"] for c in row[4:])


@pytest.mark.parametrize("game,fmt,what", [
    ("magic", "csv", "standings"), ("magic", "csv", "crosstable"), ("chess", "csv", "wall"),
    ("chess", "csv", "pairings"), ("magic", "csv", "final"),
    ("magic", "json", "event"), ("magic", "json", "standings"),
    ("magic", "json", "crosstable"), ("chess", "json", "pairings"), ("chess", "trf", "event"),
    ("go", "h9", "event"),
])
def test_machine_formats_are_the_same_bytes_in_portuguese(tmp_path, game, fmt, what):
    folder, ev = _played(tmp_path, game, date_start="2026-11-24", date_end="2026-11-26")
    english = render(ev, ExportRequest(fmt, what, lang="en"))
    assert render(ev, ExportRequest(fmt, what, lang="pt_BR")) == english
    assert render(ev, ExportRequest(fmt, what, lang="ja")) == english
    assert b"24/11/2026" not in english
