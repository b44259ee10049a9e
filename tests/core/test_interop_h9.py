"""EGD .h9 writer (issue 6; docs/RULES.md §1.6; swisstui/core/interop/h9.py).

tests/golden/go1.h9 was typed by hand (ISO-8859-15) from the column table in h9.py /
docs/INTEROP.md: line number 1-4, name 6-35, rank 37-39, country 41-42, club 44-47, criteria
5 columns each from 48, rounds 9 columns each."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from types import SimpleNamespace as NS

import pytest

from swisstui.core.errors import SwissError
from swisstui.core.games import profile
from swisstui.core.interop.h9 import ENCODING, egd_name, write_h9
from swisstui.core.model import Board, Bye, ByeKind, Event, Player, Round
from swisstui.core.settings import make_settings

GOLDEN = Path(__file__).resolve().parents[1] / "golden"
GO = profile("go")
SETTINGS = make_settings("go", "Paris Go Open", 4, city="Paris", date_start="2026-03-07",
                         date_end="2026-03-08")


def R(text: str):
    return GO.parse(text, SETTINGS, {})


PLAYERS = (
    Player(1, "Minieri, Davide", rank="3d", country="FR", club="75Ju"),
    Player(2, "Tanaka Hiro", rank="2d", country="JP"),
    Player(3, "Müller, Jörg", rank="1k", country="DE", club="Berlin"),
    Player(4, "Novak Petr", rank="5k", country="CZ", club="Brno"),
    Player(5, "Łukasz Nowak", rank="10k", country="PL", club="Wars"),
)
# R1: 1 beats 2 with Black, 4 beats 3 with White, 5 pairing bye.
# R2: 2 wins by forfeit against 5, 1 beats 4 with White, 3 absent.
ROUNDS = (
    Round(1, (Board(1, (1, 2), R("B+R")), Board(2, (3, 4), R("W+3.5"))),
          (Bye(5, ByeKind.PAIRING),)),
    Round(2, (Board(1, (2, 5), R("B+F")), Board(2, (4, 1), R("W+0.5")))),
)
EVENT = Event(SETTINGS, PLAYERS, ROUNDS)
CHAIN = ("WINS", "SOS", "SOSOS", "SODOS")


def _row(rank, pid, score, vals, event=EVENT, chain=CHAIN):
    return NS(rank=rank, place=str(rank), player=event.player(pid), score=score,
              values=dict(zip(chain, vals)))


TABLE = NS(after_round=2, tiebreaks=CHAIN, rows=[
    _row(1, 1, 2, (2, 2, 5, 2)), _row(2, 4, 1, (1, 3, 6, 0)), _row(2, 2, 1, (1, 2.5, 4, 0)),
    _row(2, 5, 1, (1, 1, 3, 0)), _row(5, 3, 0, (0, 1, 4, 0))])
INFO = {"CL": "A", "PC": "FR,Paris", "TM": "82", "CM": "Standard byo-yomi"}


def player_lines(data: bytes) -> list[str]:
    return [x for x in data.decode(ENCODING).splitlines() if not x.startswith(";")]


def test_matches_hand_written_golden_file():
    assert write_h9(EVENT, TABLE, info=INFO) == (GOLDEN / "go1.h9").read_bytes()


def test_header_lines():
    head = write_h9(EVENT, TABLE).decode(ENCODING).splitlines()[:8]
    assert head == ["; CL[]", "; EV[Paris Go Open]", "; PC[,Paris]",
                    "; DT[2026-03-07,2026-03-08]", "; HA[]", "; KM[6.5]", "; TM[]", "; CM[]"]


def test_player_line_column_by_column():
    line = player_lines(write_h9(EVENT, TABLE))[0]
    col = lambda a, b: line[a - 1:b]  # noqa: E731 - 1-based columns
    assert col(1, 4) == "   1"
    assert col(6, 35) == "Minieri Davide".ljust(30)
    assert col(37, 39) == " 3D"
    assert col(41, 42) == "FR"
    assert col(44, 47) == "75Ju"
    assert [col(48 + 5 * k, 52 + 5 * k) for k in range(4)] == ["    2", "    2", "    5",
                                                               "    2"]
    assert col(68, 76) == "    3+/b0"  # round 1: beat line 3 (Tanaka) with Black
    assert col(77, 85) == "    2+/w0"  # round 2: beat line 2 (Novak) with White
    assert col(5, 5) + col(36, 36) + col(40, 40) + col(43, 43) == "    "


def test_unplayed_rounds_forfeits_and_unknown_club():
    lines = {int(x[:4]): x for x in player_lines(write_h9(EVENT, TABLE))}
    assert lines[3][43:47] == "xxxx"  # no club
    assert lines[3][67:].split() == ["1-/w0", "0+"]  # forfeit win is not a rated game
    assert lines[4][67:].split() == ["0+", "0-"]  # pairing bye = win; forfeit loss
    assert lines[5][67:].split() == ["2-/b0", "0-"]  # absent, scores nothing
    assert lines[5][43:47] == "Berl"  # club cut to 4 characters


def test_encoding_is_iso_8859_15():
    data = write_h9(EVENT, TABLE)
    assert "Müller Jörg".encode(ENCODING) in data  # ü, ö as single bytes
    assert b"?ukasz" in data  # Ł is not in ISO-8859-15
    with pytest.raises(UnicodeDecodeError):
        data.decode("utf-8")


def test_pending_result_half_point_absence_and_handicap():
    go = make_settings("go", "McMahon Cup", 3, system="mcmahon")
    ev = Event(go, PLAYERS[:3], (
        Round(1, (Board(1, (1, 2), GO.parse("W+R", go, {"handicap": 2})),),
              (Bye(3, ByeKind.ABSENT),)),
        Round(2, (Board(1, (2, 3), None),)),
    ))
    ev = replace(ev, settings=replace(go, scoring=replace(go.scoring, absent=0.5)))
    chain = ("MMS", "SOSM", "SOSOSM")
    table = NS(after_round=2, tiebreaks=chain, rows=[
        _row(1, 2, 1, (20, 1, 2), ev, chain), _row(2, 1, 0, (19, 1, 1), ev, chain),
        _row(3, 3, 0.5, (17.5, 0, 0), ev, chain)])
    lines = player_lines(write_h9(ev, table))
    assert lines[0][47:67] == "   20    1    2    0"  # MMS leads: no extra score column
    assert lines[0][67:].split() == ["2+/w2", "3?/b0"]
    assert lines[2][67:].split() == ["0=", "1?/w0"]  # absent worth ½: free round 0=


def test_score_column_added_when_chain_has_no_score():
    table = NS(after_round=2, tiebreaks=("SOS",), rows=TABLE.rows)
    data = write_h9(EVENT, table).decode(ENCODING)
    assert "Rk Co Club  Pts  SOS    0    0" in data
    assert player_lines(data.encode(ENCODING))[0][47:67] == "    2    2    0    0"


def test_with_real_standings():
    lines = player_lines(write_h9(EVENT))
    assert lines[0][5:35].strip() == "Minieri Davide"
    assert len(lines) == 5


def test_refusals():
    with pytest.raises(SwissError, match="h9 is the EGD format for Go"):
        write_h9(replace(EVENT, settings=replace(SETTINGS, game="chess")), TABLE)
    no_rank = replace(EVENT, players=(replace(PLAYERS[0], rank=None),) + PLAYERS[1:])
    table = NS(after_round=2, tiebreaks=CHAIN,
               rows=[_row(1, 1, 2, (2, 2, 5, 2), no_rank)])
    with pytest.raises(SwissError, match="has no rank"):
        write_h9(no_rank, table)
    with pytest.raises(SwissError, match="unknown h9 header field 'XY'; valid: CL, EV"):
        write_h9(EVENT, TABLE, info={"XY": "1"})


def test_egd_name():
    assert egd_name("Minieri, Davide") == "Minieri Davide"
    assert egd_name("  Tanaka   Hiro ") == "Tanaka Hiro"
