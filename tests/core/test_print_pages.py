"""Pages for paper (swisstui/core/interop/print_pages.py): what each page holds, without a
browser (tests/e2e/test_print_chromium.py prints them)."""

import re

import pytest
from conftest import make_event

from swisstui.core import services
from swisstui.core.errors import SwissError
from swisstui.core.interop.formats import ExportRequest, render


def _html(folder, what, **kw) -> str:
    return render(services.load(folder), ExportRequest("html", what, **kw)).decode()


@pytest.mark.parametrize("game,fields", [
    ("othello", ["Discs", "Discs"]),
    ("go", []),  # one line, the result; stones and komi printed (issue 32 item 1)
    ("magic", ["Games won", "Games won", "Drawn games", "Drops after this match"]),
    ("chess", []),
])
def test_result_slips_carry_the_games_fields(tmp_path, game, fields):
    folder = make_event(tmp_path, game, 8)
    services.pair_next(folder)
    html = _html(folder, "slips")
    ev = services.load(folder)
    rnd = ev.round(1)
    assert html.count('<div class="slip">') == len(rnd.boards) == 4
    slip1 = html.split('<div class="slip">')[1]
    labels = re.findall(r'<div class="field">([^<]+)<span class="line">', slip1)
    results = [x for x in labels if x.startswith("Result (e.g. ")]
    assert len(results) == 1
    assert sorted(x for x in labels if x not in results) == sorted(fields)
    a, b = rnd.boards[0].players
    assert ev.player(a).name in slip1 and ev.player(b).name in slip1
    assert slip1.count("Signature ") == 2
    assert "@page{size:A4 portrait" in html
    assert "http" not in html.replace(ev.settings.name, "")
    if game == "go":  # even games of the default settings: no stones, the rules' komi 6.5
        assert '<div class="field">Handicap<b class="filled">0</b></div>' in slip1
        assert '<div class="field">Komi<b class="filled">6.5</b></div>' in slip1


def test_paper_sizes_and_repeated_header(tmp_path):
    folder = make_event(tmp_path, "chess", 10)
    services.pair_next(folder)
    html = _html(folder, "pairings", paper="letter")
    assert "@page{size:letter portrait" in html and "thead{display:table-header-group}" in html
    assert '<th class="pagehead" colspan="6">Test chess event — Pairings round 1</th>' in html
    assert "@page{size:A4 landscape" in _html(folder, "wall")
    with pytest.raises(SwissError, match="--paper legal"):
        _html(folder, "slips", paper="legal")
    # without paper the pairings page stays the page for phones and the web
    assert "@page" not in _html(folder, "pairings")


def test_printed_pairings_carry_the_qr_code_of_the_players_page(tmp_path):
    folder = make_event(tmp_path, "chess", 10)
    services.pair_next(folder)
    url = "http://192.168.1.20:8000/players"
    html = _html(folder, "alphabetical", url=url)
    assert f"<title>{url}</title>" in html and "<svg" in html and "Your board on your phone" in html
    assert "<svg" not in _html(folder, "alphabetical")


def test_wall_chart_lists_every_round(tmp_path):
    folder = make_event(tmp_path, "chess", 6)
    for r in (1, 2):
        services.pair_next(folder)
        for bd in services.load(folder).round(r).boards:
            services.record_result(folder, r, bd.number, "1-0")
    html = _html(folder, "wall")
    assert "Wall chart after round 2" in html
    assert '<th scope="col">R1</th><th scope="col">R2</th>' in html


def test_alphabetical_in_text_and_csv_is_the_wall_list(tmp_path):
    folder = make_event(tmp_path, "chess", 6)
    services.pair_next(folder)
    ev = services.load(folder)
    for fmt in ("text", "csv"):
        assert render(ev, ExportRequest(fmt, "alphabetical")) == render(ev, ExportRequest(fmt, "wall"))
