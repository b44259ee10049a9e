"""The AGA results file (Go) and the WOF results file (Othello): issue 36 item 6
(swisstui/core/interop/aga.py, wof.py; docs/INTEROP.md "AGA results", "WOF results").

The expected lines are typed from the specifications, not from the writers: the AGA's
"Qualifications for Rated Games" page (its minimal example, reproduced here with the same two
players and games) and the WOF rating page (its result line ``3752 (42)>(22) 1024 B``)."""

from __future__ import annotations

import pytest

from swisstui.core.errors import SwissError
from swisstui.core.games import profile
from swisstui.core.interop.aga import read_aga, write_aga
from swisstui.core.interop.formats import ExportRequest, formats_for, render
from swisstui.core.interop.wof import read_wof, write_wof
from swisstui.core.model import Board, Bye, ByeKind, Event, Player, Round
from swisstui.core.settings import make_settings

GO = profile("go")
AGA_SETTINGS = make_settings("go", "Princeton Go Club Rated Games", 2, city="Princeton, NJ",
                             date_start="2004-06-15", date_end="2004-06-30",
                             options={"rules": "aga"})


def go(text: str, settings=AGA_SETTINGS, **extra):
    return GO.entry.parse(text, settings, extra)


# the page's example: Matthews (489) and Mott (3199), both 4k, two even games; 489 wins
# the first with Black, 3199 the second with Black (first-listed is Black in Go)
PAGE_PLAYERS = (Player(1, "Matthews, Paul", rank="4k", federation_id="489"),
                Player(2, "Mott, Rick", rank="4k", federation_id="3199"))
PAGE_EVENT = Event(AGA_SETTINGS, PAGE_PLAYERS, (
    Round(1, (Board(1, (1, 2), go("B+R")),)),
    Round(2, (Board(1, (2, 1), go("W+2.5")),)),
))


def test_aga_file_is_the_pages_example():
    text = write_aga(PAGE_EVENT).decode("utf-8")
    assert text.splitlines() == [
        "TOURNEY Princeton Go Club Rated Games, Princeton, NJ",
        "        start=6/15/2004",
        "        finish=6/30/2004",
        "        rules=AGA",
        "PLAYERS",
        " 489 Matthews, Paul 4k",
        "3199 Mott, Rick     4k",
        "GAMES",
        "3199 489 b 0 7",   # White 3199, Black 489, Black won, no stones, komi 7 (7.5)
        "489 3199 w 0 7",   # round 2: 3199 had Black, White (489) won
    ]


def test_aga_read_back_gives_the_events_games():
    back = read_aga(write_aga(PAGE_EVENT))
    assert back.fields == {"start": "6/15/2004", "finish": "6/30/2004", "rules": "AGA"}
    assert [(p.id, p.name, p.rank) for p in back.players] == [
        (489, "Matthews, Paul", "4k"), (3199, "Mott, Rick", "4k")]
    assert [(g.white, g.black, g.winner, g.handicap, g.komi) for g in back.games] == [
        (3199, 489, "b", 0, 7), (489, 3199, "w", 0, 7)]


def test_aga_handicap_game_forfeit_and_bye():
    s = make_settings("go", "Club", 2, city="Boston", date_start="2026-01-10",
                      options={"rules": "japanese", "handicap": True})
    players = (Player(1, "A, One", rank="1d", federation_id="101"),
               Player(2, "B, Two", rank="3k", federation_id="202"),
               Player(3, "C, Three", rank="5k", federation_id="303"))
    # round 1: 2 (3k, Black) takes 3 stones from... 1 (1d) with komi 0.5, White wins; 3 bye
    # round 2: 3 wins against 1 by forfeit (not a rated game)
    ev = Event(s, players, (
        Round(1, (Board(1, (2, 1), go("W+R", s), setup={"handicap": 3, "komi": 0.5}),),
              (Bye(3, ByeKind.PAIRING),)),
        Round(2, (Board(1, (3, 1), go("B+F", s)),), (Bye(2, ByeKind.PAIRING),)),
    ))
    text = write_aga(ev).decode("utf-8").splitlines()
    assert text[1:4] == ["        start=1/10/2026", "        finish=1/10/2026",
                         "        rules=Japanese"]
    assert text[text.index("GAMES") + 1:] == ["101 202 w 3 0"]
    # only the players of a rated game are listed (3 played none)
    assert [x.split()[0] for x in text[text.index("PLAYERS") + 1:text.index("GAMES")]] == \
        ["101", "202"]


@pytest.mark.parametrize("fid", [None, "", "TMP1", "12345678", "0", "J-42"])
def test_aga_refuses_a_player_without_an_aga_id_naming_him(fid):
    players = (PAGE_PLAYERS[0], Player(2, "Mott, Rick", rank="4k", federation_id=fid))
    with pytest.raises(SwissError) as exc:
        write_aga(Event(AGA_SETTINGS, players, PAGE_EVENT.rounds))
    msg = str(exc.value)
    assert "no AGA id" in msg and "2 Mott, Rick" in msg and "Matthews" not in msg
    assert "\n" not in msg and exc.value.players == (2,)


def test_aga_refuses_missing_rank_same_id_jigo_and_pending():
    no_rank = (PAGE_PLAYERS[0], Player(2, "Mott, Rick", federation_id="3199"))
    with pytest.raises(SwissError, match=r"no rank .*: 2 Mott, Rick"):
        write_aga(Event(AGA_SETTINGS, no_rank, PAGE_EVENT.rounds))
    twins = (PAGE_PLAYERS[0], Player(2, "Mott, Rick", rank="4k", federation_id="00489"))
    with pytest.raises(SwissError, match="the same AGA id 489"):
        write_aga(Event(AGA_SETTINGS, twins, PAGE_EVENT.rounds))
    s = make_settings("go", "X", 1, city="Y", date_start="2026-01-01",
                      options={"rules": "japanese", "komi": 6.0})
    jigo = Event(s, PAGE_PLAYERS, (Round(1, (Board(1, (1, 2), go("jigo", s)),)),))
    with pytest.raises(SwissError, match="no jigo.*round 1 board 1"):
        write_aga(jigo)
    pending = Event(AGA_SETTINGS, PAGE_PLAYERS, PAGE_EVENT.rounds
                    + (Round(3, (Board(1, (1, 2), None),)),))
    with pytest.raises(SwissError, match="no result yet: round 3 board 1"):
        write_aga(pending)
    assert write_aga(pending, upto=2) == write_aga(PAGE_EVENT)  # --round 2


def test_aga_refuses_an_event_without_dates_or_place():
    s = make_settings("go", "Club night", 2)
    with pytest.raises(SwissError) as exc:
        write_aga(Event(s, PAGE_PLAYERS, PAGE_EVENT.rounds))
    assert "its dates" in str(exc.value) and "its place" in str(exc.value)


def test_aga_refuses_another_game():
    chess = Event(make_settings("chess", "X", 1, city="Y", date_start="2026-01-01"), ())
    with pytest.raises(SwissError, match="for Go"):
        write_aga(chess)


# ---- WOF ------------------------------------------------------------------------------------

OTH = profile("othello")
WOF_SETTINGS = make_settings("othello", "Paris Open", 2, city="Paris",
                             date_start="2026-03-07", date_end="2026-03-08",
                             arbiter="Jean Dupont")
WOF_PLAYERS = (Player(1, "Lazard, Emmanuel", country="FRA", federation_id="3752"),
               Player(2, "Tamenori, Hideshi", country="JPN", federation_id="1024"),
               Player(3, "Nowak, Piotr", country="POL", federation_id="179"),
               Player(4, "Leader, Imre", country="HUN", federation_id="55"))


def oth(text: str):
    return OTH.entry.parse(text, WOF_SETTINGS, {})


WOF_EVENT = Event(WOF_SETTINGS, WOF_PLAYERS, (
    Round(1, (Board(1, (1, 2), oth("42-22")), Board(2, (3, 4), oth("30-34")))),
    Round(2, (Board(1, (4, 1), oth("32-32")), Board(2, (2, 3), oth("+-")))),
))


def wof_text(event=WOF_EVENT, **info) -> list[str]:
    return write_wof(event, info={"COUNTRY": "France", **info}).decode("latin-1").splitlines()


def test_wof_header_is_the_four_lines_the_page_asks_first():
    assert wof_text()[:4] == ["%%Tournament: Paris Open", "%%Country: France",
                              "%%Date: 07/03/2026", "%%Sender: Jean Dupont"]
    assert wof_text(SENDER="E. Lazard", TOURNAMENT="Paris Open 2026")[3] == "%%Sender: E. Lazard"


def test_wof_result_lines_as_the_page_writes_them():
    games = [x for x in wof_text()[4:] if x.strip() and not x.startswith("%")]
    # the page's own line, whitespace aside: 3752 (42)>(22) 1024 B — Black first
    assert [x.split() for x in games] == [
        ["3752", "(42)>(22)", "1024", "B"],
        ["179", "(30)<(34)", "55", "B"],
        ["55", "(32)=(32)", "3752", "B"],   # the forfeit of round 2 is not a game
    ]
    # every other line after the header is blank or a comment (players, rounds)
    rest = wof_text()[4:]
    assert all(not x.strip() or x.startswith("%") or x in games for x in rest)
    assert "%Round: 1" in rest and "%Round: 2" in rest
    assert sum(1 for x in rest if x.startswith("%_%")) == 4


def test_wof_read_back_gives_the_events_games():
    back = read_wof(write_wof(WOF_EVENT, info={"COUNTRY": "France"}))
    assert back.header == {"Tournament": "Paris Open", "Country": "France",
                           "Date": "07/03/2026", "Sender": "Jean Dupont"}
    assert [(g.first, g.first_discs, g.result, g.second_discs, g.second, g.colour)
            for g in back.games] == [(3752, 42, ">", 22, 1024, "B"), (179, 30, "<", 34, 55, "B"),
                                    (55, 32, "=", 32, 3752, "B")]


def test_wof_refuses_a_missing_header_field_naming_it():
    with pytest.raises(SwissError) as exc:
        write_wof(WOF_EVENT)
    assert "--info COUNTRY=" in str(exc.value) and "\n" not in str(exc.value)
    s = make_settings("othello", "Paris Open", 2)
    with pytest.raises(SwissError) as exc:
        write_wof(Event(s, WOF_PLAYERS, WOF_EVENT.rounds), info={"COUNTRY": "France"})
    assert "its date" in str(exc.value) and "SENDER" in str(exc.value)
    with pytest.raises(SwissError, match="unknown WOF header field 'CL'"):
        write_wof(WOF_EVENT, info={"COUNTRY": "France", "CL": "A"})


def test_wof_refuses_players_without_a_number_and_games_without_discs():
    players = WOF_PLAYERS[:3] + (Player(4, "Leader, Imre", country="HUN"),)
    with pytest.raises(SwissError) as exc:
        write_wof(Event(WOF_SETTINGS, players, WOF_EVENT.rounds), info={"COUNTRY": "France"})
    assert "no WOF number" in str(exc.value) and "4 Leader, Imre" in str(exc.value)
    assert exc.value.players == (4,)
    bare = Event(WOF_SETTINGS, WOF_PLAYERS, (Round(1, (Board(1, (1, 2), oth("1-0")),)),))
    with pytest.raises(SwissError, match="no disc count: round 1 board 1"):
        write_wof(bare, info={"COUNTRY": "France"})
    # a game without its result: refused, naming it and the field, unless --round stops before
    pending = Event(WOF_SETTINGS, WOF_PLAYERS, WOF_EVENT.rounds
                    + (Round(3, (Board(1, (1, 3), None), Board(2, (2, 4), oth("40-24")))),))
    with pytest.raises(SwissError, match="WOF rates .*no result yet: round 3 board 1 \\(") as exc:
        write_wof(pending, info={"COUNTRY": "France"})
    assert exc.value.field == "round"
    assert write_wof(pending, upto=2, info={"COUNTRY": "France"}) == \
        write_wof(WOF_EVENT, info={"COUNTRY": "France"})


def test_federation_formats_are_offered_to_their_game_only():
    assert "aga" in formats_for("go") and "h9" in formats_for("go")
    assert "wof" in formats_for("othello")
    assert not {"aga", "wof"} & set(formats_for("chess"))
    assert render(PAGE_EVENT, ExportRequest("aga")) == write_aga(PAGE_EVENT)
    assert render(WOF_EVENT, ExportRequest("wof", info={"COUNTRY": "France"})) == \
        write_wof(WOF_EVENT, info={"COUNTRY": "France"})
