"""The desk's prints (issue 35 items 6 and 8) as export "what"s: the treasurer's sheet, the
ceremony list (read in reverse order, naming the players tied with each category's last
winner) and the payout sheet (a signature column, totals by type) — text, CSV and HTML for
paper, filled from the event folder by the export service.  Values typed by hand."""

from __future__ import annotations

import csv
import io
from datetime import datetime
from decimal import Decimal

import pytest

from conftest import make_event
from swisstui.cli import main
from swisstui.core import store
from swisstui.core.interop.formats import ExportRequest, render
from swisstui.core.model import Player
from swisstui.core.prizes import (Category, Group, Place, PrizeFile, Standing, allocate)
from swisstui.core.services import desk, exports
from test_standings_build import build

D = Decimal


def _fees(tmp_path):
    folder = make_event(tmp_path, "chess", 4, name="Club Open")
    desk.set_currency(folder, "EUR")
    desk.set_due(folder, 1, "30", "7.50", "junior")
    desk.pay(folder, 1, "22.50", "cash", when=datetime(2026, 5, 1, 9, 0))
    desk.set_due(folder, 2, "30")
    desk.pay(folder, 2, "10", "card", when=datetime(2026, 5, 1, 9, 5))
    desk.pay(folder, 2, "5", "cash", when=datetime(2026, 5, 1, 9, 6))
    desk.set_due(folder, 3, "30")
    return folder


def _names(folder):
    return {p.id: p.name for p in store.load(folder).players}


def test_treasurer_text_lines_totals_by_method_and_owed(tmp_path):
    folder = _fees(tmp_path)
    n = _names(folder)
    (w,) = exports.export_folder(folder, ExportRequest("text", "treasurer"))
    lines = [" ".join(x.split()) for x in w.data.decode().splitlines()]
    assert lines[0] == "Club Open — Treasurer's sheet"
    assert lines[2] == "No. Name Due Discount Reason Paid Methods Owed"
    assert lines[3] == f"1 {n[1]} 30.00 EUR 7.50 EUR junior 22.50 EUR cash 0.00 EUR"
    assert lines[4] == f"2 {n[2]} 30.00 EUR 15.00 EUR card, cash 15.00 EUR"
    assert lines[5] == f"3 {n[3]} 30.00 EUR 0.00 EUR 30.00 EUR"
    assert f"4 {n[4]}" not in " ".join(lines)  # no fee, no payment: not on the sheet
    totals = lines[lines.index("Club Open — Totals"):]
    # cash 22.50 + 5, card 10; due 90 - 7.50; owed 15 + 30
    assert totals[3:9] == ["paid by cash 27.50 EUR", "paid by card 10.00 EUR",
                           "Due (after discounts) 82.50 EUR", "Discounts 7.50 EUR",
                           "Paid 37.50 EUR", "Owed 45.00 EUR"]
    owed = lines[lines.index("Club Open — Owed"):]
    assert owed[3:5] == [f"2 {n[2]} 15.00 EUR", f"3 {n[3]} 30.00 EUR"]


def test_a_payment_above_the_fee_is_to_refund_on_every_sheet(tmp_path, capsys):
    """A player who paid 50 on a fee of 30 had 'owed -20' and nothing else said it; the
    sheet now lists 20 to refund, and the total owed still counts only who owes."""
    folder = _fees(tmp_path)
    n = _names(folder)
    desk.pay(folder, 3, "50", "cash", when=datetime(2026, 5, 1, 9, 7))
    (w,) = exports.export_folder(folder, ExportRequest("text", "treasurer"))
    lines = [" ".join(x.split()) for x in w.data.decode().splitlines()]
    totals = lines[lines.index("Club Open — Totals"):]
    assert totals[7:10] == ["Paid 87.50 EUR", "Owed 15.00 EUR", "To refund 20.00 EUR"]
    refund = lines[lines.index("Club Open — To refund"):]
    assert refund[3] == f"3 {n[3]} 20.00 EUR"
    capsys.readouterr()
    assert main(["fees", str(folder), "pay", "4", "5", "--method", "card"]) == 0
    assert capsys.readouterr().out.strip().endswith(": due 0, paid 5, to refund 5")
    assert main(["fees", str(folder)]) == 0
    assert capsys.readouterr().out.strip().splitlines()[-1] == (
        f"to refund 25.00 EUR: 3 {n[3]} (20), 4 {n[4]} (5)")


def test_fees_in_portuguese_shows_the_decimal_comma_and_csv_keeps_the_point(tmp_path, capsys):
    """`fees` printed 7.50 and 37.50 in pt_BR while the desk and the prints said 7,50."""
    from swisstui.core import i18n
    folder = _fees(tmp_path)
    capsys.readouterr()
    try:
        assert main(["--lang", "pt_BR", "fees", str(folder)]) == 0
        out = capsys.readouterr().out.splitlines()
        assert out[-1] == ("devido 82,50 EUR após descontos de 7,50 EUR, pago 37,50 EUR, em "
                           "aberto 45,00 EUR")
        assert main(["--lang", "pt_BR", "fees", str(folder), "--csv"]) == 0
        assert ",22.50," in capsys.readouterr().out  # the CSV: the file's point
    finally:
        i18n.use(i18n.SOURCE)


def test_treasurer_csv_is_the_fees_csv(tmp_path, capsys):
    folder = _fees(tmp_path)
    (w,) = exports.export_folder(folder, ExportRequest("csv", "treasurer"))
    rows = list(csv.reader(io.StringIO(w.data.decode())))
    n = _names(folder)
    assert rows == [["id", "name", "due", "discount", "reason", "paid", "owed", "currency"],
                    ["1", n[1], "30", "7.50", "junior", "22.50", "0.00", "EUR"],
                    ["2", n[2], "30", "0", "", "15", "15", "EUR"],
                    ["3", n[3], "30", "0", "", "0", "30", "EUR"]]
    assert main(["fees", str(folder), "--csv"]) == 0  # the desk command's own CSV
    assert list(csv.reader(io.StringIO(capsys.readouterr().out))) == rows


# Ann 3, Bob 2.5, Cid 2.5 (tied with Bob), Dan 1 (1500), Eve 1 (1400, tied with Dan)
PLAYERS = [Player(1, "Ann", rating=2000), Player(2, "Bob", rating=1900),
           Player(3, "Cid", rating=1800), Player(4, "Dan", rating=1500),
           Player(5, "Eve", rating=1400)]
POINTS = (3, 2.5, 2.5, 1, 1)
PRIZES = PrizeFile((
    Group("Main", (Category("Open", 1, (Place(1, D(100), "Cup", D(100)),
                                        Place(2, D(50), "", D(50)))),
                   Category("U1600", 2, (Place(1, D(30), "", D(30)),),
                            criteria={"rating_max": 1599}))),
    Group("Trophies", (Category("Junior", 1, (Place(1, D(0), "Junior trophy", D(40)),)),))),
    currency="EUR")


def _allocation():
    rows = [Standing(p, i, pts, str(i)) for i, (p, pts) in enumerate(zip(PLAYERS, POINTS), 1)]
    return build("chess", PLAYERS, []), allocate(rows, PRIZES, after_round=5)


def test_ceremony_list_is_read_in_reverse_naming_the_tied():
    ev, alloc = _allocation()
    text = render(ev, ExportRequest("text", "ceremony", prizes=alloc)).decode()
    lines = [" ".join(x.split()) for x in text.splitlines()]
    assert lines[2] == "No. Group Prize Name Points Money Item Note"
    # the last group first, in a group the least valuable prize first; the first prize last
    assert lines[3:7] == [
        "1 Trophies Junior 1. Ann 3 Junior trophy",
        "2 Main U1600 1. Dan 1 30.00 EUR tied with Eve (5)",
        "3 Main Open 2. Bob 2.5 50.00 EUR tied with Cid (3)",
        "4 Main Open 1. Ann 3 100.00 EUR Cup"]
    rows = list(csv.reader(io.StringIO(render(ev, ExportRequest(
        "csv", "ceremony", prizes=alloc)).decode())))
    assert rows[0] == ["no", "group", "prize", "name", "points", "money", "item", "note"]
    assert rows[2] == ["2", "Main", "U1600 1.", "Dan", "1", "30", "", "tied with Eve (5)"]
    assert rows[4] == ["4", "Main", "Open 1.", "Ann", "3", "100", "Cup", ""]


def test_payout_sheet_signature_column_and_totals_by_type():
    ev, alloc = _allocation()
    html = render(ev, ExportRequest("html", "payout", prizes=alloc)).decode()
    assert "@page{size:A4 portrait" in html  # always for paper, A4 by default
    assert html.count("<th") and ">Signature</th>" in html
    body = html.split("<tbody>")[1].split("</tbody>")[0]
    assert body.count("<tr>") == 4 and body.count("<td></td>") >= 4  # a blank to sign each
    assert "<td>Open 1.</td><td class=\"n\">1</td><td>Ann</td><td class=\"n\">100.00 EUR" \
           "</td><td>Cup</td><td></td>" in body
    # totals by type, on the same page (no page break between the two tables)
    assert "<td>Money</td><td>180.00 EUR</td>" in html
    assert "<td>Items</td><td>2 (Cup, Junior trophy)</td>" in html
    assert "break-before:page" not in html
    text = render(ev, ExportRequest("text", "payout", prizes=alloc)).decode()
    assert "Signature" not in text  # a blank column only on paper
    rows = list(csv.reader(io.StringIO(render(ev, ExportRequest(
        "csv", "payout", prizes=alloc)).decode())))
    assert rows[0] == ["group", "prize", "id", "name", "money", "currency", "item"]
    assert rows[1:] == [["Main", "Open 1.", "1", "Ann", "100", "EUR", "Cup"],
                        ["Main", "Open 2.", "2", "Bob", "50", "EUR", ""],
                        ["Main", "U1600 1.", "4", "Dan", "30", "EUR", ""],
                        ["Trophies", "Junior 1.", "1", "Ann", "0", "EUR", "Junior trophy"]]


PRIZES_TOML = """\
currency = "EUR"

[[group]]
name = "Main"

[[group.category]]
name = "Open"
money = [100, 60]
items = ["Cup"]
"""


def test_the_service_fills_the_prizes_from_the_folder_and_says_when_there_are_none(tmp_path):
    # 1 beats 2 and 3, 3 beats 4, 2 beats 4: 1 on 2 points, 2 and 3 tied on 1
    ev = build("chess", [Player(i, f"P{i}", rating=2000 - 100 * i) for i in (1, 2, 3, 4)],
               [[(1, 2, "1-0"), (3, 4, "1-0")], [(1, 3, "1-0"), (2, 4, "1-0")]])
    folder = tmp_path / "club"
    store.create(folder, ev.settings, ev.players, ev.rounds)
    (w,) = exports.export_folder(folder, ExportRequest("text", "ceremony"))
    assert "No prizes: the event folder has no prizes file (prizes.toml)." in w.data.decode()
    (folder / "prizes.toml").write_text(PRIZES_TOML, encoding="utf-8")
    (w,) = exports.export_folder(folder, ExportRequest("text", "ceremony"))
    lines = [" ".join(x.split()) for x in w.data.decode().splitlines()]
    # Open 2. goes by place to whichever of P2 and P3 the tie-breaks put first; the other
    # is named as tied with them
    assert lines[3] in ("1 Main Open 2. P2 1 60.00 EUR tied with P3 (3)",
                        "1 Main Open 2. P3 1 60.00 EUR tied with P2 (2)")
    assert lines[4] == "2 Main Open 1. P1 2 100.00 EUR Cup"


def test_cli_export_writes_the_treasurer_page(tmp_path):
    folder = _fees(tmp_path)
    out = tmp_path / "x.html"
    assert main(["export", str(folder), "--format", "html", "--what", "treasurer", "--paper",
                 "letter", "-o", str(out)]) == 0
    page = out.read_text(encoding="utf-8")
    assert "@page{size:letter portrait" in page
    assert "<td>Owed</td><td class=\"n\">45.00 EUR</td>" in page


@pytest.mark.parametrize("what", ["treasurer", "ceremony", "payout"])
def test_pages_speak_the_players_language(tmp_path, what):
    folder = _fees(tmp_path)
    (w,) = exports.export_folder(folder, ExportRequest("html", what, lang="pt_BR"))
    page = w.data.decode()
    assert 'lang="pt-BR"' in page
    words = {"treasurer": "22,50 EUR", "ceremony": "prizes.toml", "payout": "prizes.toml"}
    assert words[what] in page
