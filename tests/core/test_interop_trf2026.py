"""TRF-2026 complete (issue 36 item 6): the header records FIDE's TRF-2026 lists are written
when the event has them, what the rating needs and the event lacks is named in one line,
and the file reads back (swisstui/core/interop/trf.py; docs/INTEROP.md "TRF-2026").

Columns and examples are typed from the TRF-2026 text (FIDE Handbook, approved 12/05/2025):
032 federation, 102/112 chief and deputy arbiters (one 112 line each), 122 allotted times,
132 round dates, 142 rounds, 182 pairing controller, 202/212 tie-breaks (212 = PTS then
202's), 222 encoded time control (``90'+30"`` → ``5400+30``), 250 accelerated rounds
(positions 5-8 match points, blank for individuals; 10-13 game points ``11.5``; 15-17 and
19-21 first and last round; 23-26 and 28-31 first and last player)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from swisstui.core.errors import SwissError
from swisstui.core.games import profile
from swisstui.core.interop.formats import ExportRequest, warnings
from swisstui.core.interop.trf import rating_gaps, read_trf, write_trf
from swisstui.core.model import Board, Event, Player, Round
from swisstui.core.pairing.dutch.players import virtual_points
from swisstui.core.settings import make_settings

CHESS = profile("chess")
OPTIONS = {"federation": "eng", "deputy_arbiters": "FA Doe, Jane;  Roe, Rick ",
           "time_control": "5400+30"}
SETTINGS = make_settings("chess", "London Open", 5, city="London", date_start="2026-03-07",
                         date_end="2026-03-09", arbiter="IA Smith, John", options=OPTIONS)
PLAYERS = tuple(Player(i, f"Player, No{i}", rating=2400 - 10 * i, federation_id=str(1000 + i))
                for i in range(1, 9))


def _event(settings=SETTINGS, players=PLAYERS, date="2026-03-07") -> Event:
    r = lambda t: CHESS.entry.parse(t, settings, {})  # noqa: E731
    return Event(settings, players, (
        Round(1, (Board(1, (1, 5), r("1-0")), Board(2, (6, 2), r("0-1")),
                  Board(3, (3, 7), r("=")), Board(4, (8, 4), r("0-1"))), date=date),))


def records(text: str, code: str) -> list[str]:
    return [line for line in text.split("\r\n") if line[:3] == code]


def test_header_records_the_event_has_are_written():
    text = write_trf(_event(), version="2026")
    assert records(text, "032") == ["032 ENG"]
    assert records(text, "102") == ["102 IA Smith, John"]
    assert records(text, "112") == ["112 FA Doe, Jane", "112 Roe, Rick"]  # one line each
    assert records(text, "122") == ["122 5400+30"]
    assert records(text, "132")[0][91:99] == "26/03/07"  # round 1 in columns 92-99
    assert records(text, "142") == ["142 5"]
    assert records(text, "182") == ["182 swisstui"]
    assert records(text, "202") == ["202 BH-C1,BH,SB,DE,WIN"]
    assert records(text, "212") == ["212 PTS,BH-C1,BH,SB,DE,WIN"]
    assert records(text, "222") == ["222 5400+30"]
    codes = [line[:3] for line in text.split("\r\n") if line[:3].isdecimal()]
    header = codes[:codes.index("001")]
    assert header == sorted(header)  # the tournament section in the order of its tags


def test_trf16_has_no_records_of_2026():
    text = write_trf(_event(), version="16")
    assert records(text, "032") and records(text, "112") and records(text, "122")
    for code in ("182", "202", "212", "222", "250", "142"):
        assert records(text, code) == []


def test_baku_acceleration_records_follow_the_pairings_own_points():
    s = replace(SETTINGS, options={**SETTINGS.options, "acceleration": "baku"})
    text = write_trf(_event(s), version="2026")
    recs = records(text, "250")
    assert recs == ["250      01.0 001 002 0001 0004", "250      00.5 003 003 0001 0004"]
    for rec in recs:
        assert rec[4:8] == "    "  # match points: blank for individuals
    # the records give each player, each round, the points the Dutch pairing adds
    given = {(rnd, pid): float(rec[9:13]) for rec in recs
             for rnd in range(int(rec[14:17]), int(rec[18:21]) + 1)
             for pid in range(int(rec[22:26]), int(rec[27:31]) + 1)}
    for rnd in range(1, 6):
        for pid in range(1, 9):
            assert given.get((rnd, pid), 0.0) == virtual_points("baku", 8, 5, s.scoring, pid,
                                                                rnd)
    assert records(write_trf(_event(), version="2026"), "250") == []  # none without it


def test_read_back_and_written_again_gives_the_same_file():
    text = write_trf(_event(), version="2026")
    unused: list[tuple[str, int]] = []
    back = read_trf(text, unused=unused)
    assert [p.federation_id for p in back.players] == [p.federation_id for p in PLAYERS]
    assert back.settings.arbiter == "IA Smith, John" and back.settings.city == "London"
    assert back.rounds[0].date == "2026-03-07"
    assert {code for code, _line in unused} == {"032", "112", "122", "182", "202", "212",
                                               "222"}
    assert write_trf(back, version="2026") == text  # kept records back in their places


def test_a_record_kept_from_an_import_is_not_written_twice():
    plain = replace(SETTINGS, options={}, interop={"trf": {"header": (
        "032 FRA", "112 Kept, Deputy", "182 Swiss-Manager", "202 BH,SB"), "after": ()}})
    text = write_trf(_event(plain), version="2026")
    assert records(text, "032") == ["032 FRA"] and records(text, "112") == ["112 Kept, Deputy"]
    assert records(text, "182") == ["182 Swiss-Manager"]  # that program paired the rounds
    assert records(text, "202") == ["202 BH,SB"]
    # a record the director has set since replaces the kept one
    again = replace(plain, options={"federation": "ENG"})
    assert records(write_trf(_event(again), version="2026"), "032") == ["032 ENG"]


def test_what_the_rating_needs_is_named_in_one_line():
    assert rating_gaps(_event()) == []
    bare = make_settings("chess", "Club night", 5)
    players = PLAYERS[:7] + (replace(PLAYERS[7], federation_id=None),)
    gaps = rating_gaps(_event(bare, players, date=None))
    assert [g.split()[0] for g in gaps] == ["022", "032", "042", "052", "102", "132", "FIDE"]
    assert "8 Player, No8" in gaps[-1] and "1 Player" not in gaps[-1]
    req = ExportRequest("trf", trf_version="2026")
    lines = warnings(_event(bare, players, date=None), req)
    assert len(lines) == 1 and "\n" not in lines[0] and "102 chief arbiter" in lines[0]
    assert warnings(_event(bare, players), ExportRequest("trf", trf_version="16")) == []
    assert warnings(_event(), req) == []


@pytest.mark.parametrize("key,value", [("federation", "EN"), ("federation", "E1G"),
                                       ("time_control", "90 min"),
                                       ("time_control", "W300-240")])
def test_the_new_options_are_checked(key, value):
    with pytest.raises(SwissError, match=key):
        make_settings("chess", "X", 5, options={key: value})


def test_time_control_examples_of_the_specification_are_accepted():
    for given in ("5400+30", "40/6000+30:900+30", "W300-B240", "40/ 6000 + 30"):
        s = make_settings("chess", "X", 5, options={"time_control": given})
        assert s.options["time_control"] == given.replace(" ", "")
