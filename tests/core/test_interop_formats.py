"""Issue 32 item 17: the federation formats an event is offered (the game's profile says
which), and the warnings of an 8-bit export whose names need '?'."""

from __future__ import annotations

from dataclasses import replace

from swisstui.core.interop.formats import ExportRequest, formats_for, warnings
from swisstui.core.interop.trf import encode_trf, write_trf
from swisstui.core.model import Event, Player
from swisstui.core.settings import make_settings


def test_each_game_is_offered_only_its_own_federation_format():
    assert formats_for("chess") == ("text", "json", "csv", "html", "trf")
    assert formats_for("go") == ("text", "json", "csv", "html", "h9", "aga")
    assert formats_for("othello") == ("text", "json", "csv", "html", "wof")
    for game in ("magic", "renju"):
        assert formats_for(game) == ("text", "json", "csv", "html")


def test_the_tui_picker_lists_only_those_formats():
    from swisstui.tui.screens.exports import export_choices
    assert {fmt for fmt, _what, _label in export_choices("go")} == {
        "text", "json", "csv", "html", "h9", "aga"}
    assert "h9" not in {fmt for fmt, _w, _l in export_choices("chess")}
    assert {"trf", "h9"} <= {fmt for fmt, _w, _l in export_choices()}


def _chess(*players: Player) -> Event:
    return Event(make_settings("chess", "Seoul Open", 5), players)


def test_latin1_trf_uses_the_reading_and_warns_about_the_rest():
    ev = _chess(Player(1, "김지우", rating=2100, reading="Kim, Ji-woo"),
                Player(2, "박서준", rating=2000), Player(3, "Müller, Jörg", rating=1900))
    data = encode_trf(write_trf(ev, encoding="latin-1"), "latin-1").decode("latin-1")
    names = {int(line[4:8]): line[14:47].rstrip() for line in data.splitlines()
             if line.startswith("001")}
    assert names == {1: "Kim, Ji-woo", 2: "???", 3: "Müller, Jörg"}  # 1 was "???"
    req = ExportRequest("trf", encoding="latin-1")
    assert warnings(ev, req) == ["names written with '?' (latin-1 cannot hold them; give a "
                                 "reading in Latin letters): 2 박서준"]
    assert warnings(ev, replace(req, encoding="utf-8")) == []
    assert warnings(ev, ExportRequest("csv")) == []
