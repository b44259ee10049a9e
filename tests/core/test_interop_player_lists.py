"""FIDE rating-list TXT and EGD player-list readers (issue 6; interop/player_lists.py)."""

from __future__ import annotations

import pytest

from swisstui.core.errors import EventFileError, SwissError
from swisstui.core.interop.player_lists import read_players

# FIDE combined list: each value starts at its header's column.
HEADER = ("ID Number      Name                                                         Fed "
          "Sex Tit  WTit OTit           FOA SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag")
STARTS = {name: HEADER.index(name) for name in (
    "ID Number", "Name", "Fed", "Sex", "Tit", "WTit", "SRtng", "RRtng", "BRtng", "B-day",
    "Flag")}


def fide_line(**values: str) -> str:
    line = ""
    for key, start in sorted(STARTS.items(), key=lambda kv: kv[1]):
        if key in values:
            line = line.ljust(start) + values[key]
    return line


FIDE_TEXT = "\n".join([
    HEADER,
    fide_line(**{"ID Number": "1503014", "Name": "Carlsen, Magnus", "Fed": "NOR",
                 "Sex": "M", "Tit": "GM", "SRtng": "2833", "RRtng": "2823",
                 "BRtng": "2886", "B-day": "1990"}),
    fide_line(**{"ID Number": "8603006", "Name": "Ju, Wenjun", "Fed": "CHN", "Sex": "F",
                 "Tit": "GM", "WTit": "WGM", "SRtng": "2560", "B-day": "1991", "Flag": "w"}),
    fide_line(**{"ID Number": "99999999", "Name": "Newcomer, Nora", "Fed": "ENG",
                 "Sex": "F", "WTit": "WCM", "RRtng": "1500", "B-day": "0000",
                 "Flag": "wi"}),
]) + "\n"

EGD_TEXT = """\
; EGD player list (hand-written sample)
Pin_Player Name                        Co Club  Grade GoR   Tournaments
  10231565 Aaij Daan                   NL Ams   5k    1650  12
  13345678 Minieri Davide              FR 75Ju  3d    2280  40
  19876543 van der Berg Jan            NL       12k   950   3
  11111111 Nowak Łukasz                PL Wars  1p    2710  99 |11111111
"""


def test_fide_list_rows(tmp_path):
    path = tmp_path / "players_list_foa.txt"
    path.write_text(FIDE_TEXT, encoding="utf-8")
    rows = read_players(path, "fide")
    assert rows[0] == {"name": "Carlsen, Magnus", "rating": 2833, "country": "NOR",
                       "federation_id": "1503014", "sex": "m", "title": "GM",
                       "birth": "1990"}
    assert rows[1]["title"] == "GM" and rows[1]["sex"] == "f"
    assert rows[2] == {"name": "Newcomer, Nora", "rating": None, "country": "ENG",
                       "federation_id": "99999999", "sex": "f", "title": "WCM",
                       "birth": None}


def test_fide_list_filters_and_rating_kinds(tmp_path):
    path = tmp_path / "list.txt"
    path.write_text(FIDE_TEXT, encoding="utf-8")
    assert [r["name"] for r in read_players(path, "fide", federation="chn")] == ["Ju, Wenjun"]
    assert [r["rating"] for r in read_players(path, "fide", rating="rapid")] == [2823, None,
                                                                                 1500]
    rows = read_players(path, "fide", ids=["99999999", "1503014"])
    assert [r["federation_id"] for r in rows] == ["1503014", "99999999"]
    with pytest.raises(SwissError, match="no player with id 42"):
        read_players(path, "fide", ids=["42"])


def test_fide_single_list_with_month_column(tmp_path):
    header = "ID Number      Name                                Fed Sex Tit  NOV25 Gms K  B-day"
    line = "".ljust(0) + "700070".ljust(15) + "Polgar, Judit".ljust(36) + "HUN F   GM   2675"
    path = tmp_path / "standard.txt"
    path.write_text(header + "\n" + line + "\n", encoding="utf-8")
    assert read_players(path, "fide")[0]["rating"] == 2675


def test_fide_list_errors_name_the_line(tmp_path):
    path = tmp_path / "bad.txt"
    path.write_text(FIDE_TEXT.replace("8603006", "86O3006"), encoding="utf-8")
    with pytest.raises(EventFileError) as info:
        read_players(path, "fide")
    assert info.value.line == 3 and "FIDE id '86O3006'" in str(info.value)
    path.write_text("hello\n", encoding="utf-8")
    with pytest.raises(EventFileError, match=r"bad.txt:1: not a FIDE rating list"):
        read_players(path, "fide")
    with pytest.raises(SwissError, match="no such file"):
        read_players(tmp_path / "missing.txt", "fide")
    with pytest.raises(SwissError, match="unknown player-list format"):
        read_players(path, "xml")


def test_egd_list_rows(tmp_path):
    path = tmp_path / "allworld.txt"
    path.write_text(EGD_TEXT, encoding="utf-8")
    rows = read_players(path, "egd")
    assert rows[0] == {"name": "Aaij Daan", "rank": "5k", "country": "NL", "club": "Ams",
                       "federation_id": "10231565", "rating": 1650}
    assert rows[1]["rank"] == "3d" and rows[1]["club"] == "75Ju"
    assert rows[2]["name"] == "van der Berg Jan" and rows[2]["club"] is None
    assert rows[3]["rank"] == "1p" and rows[3]["federation_id"] == "11111111"
    assert [r["name"] for r in read_players(path, "egd", federation="NL")] == [
        "Aaij Daan", "van der Berg Jan"]


def test_egd_bad_line_is_refused_with_its_number(tmp_path):
    path = tmp_path / "egd.txt"
    path.write_text(EGD_TEXT + "  12345678 Nobody Without Grade  DE Bonn  1500\n",
                    encoding="utf-8")
    with pytest.raises(EventFileError) as info:
        read_players(path, "egd")
    assert info.value.line == 7 and "no grade" in str(info.value)


@pytest.mark.parametrize("content,line", [
    ("name,rating,rank\nAnna,2000,3d\n", 2),                   # a CSV given as --format egd
    ("Pin_Player Name Country Club Grade GoR\nnot a player line at all\n", 2),
    (EGD_TEXT.replace("  13345678", "some damaged line\n  13345678"), 4),
    ("", None), ("; only a comment\n\n", None),
])
def test_egd_only_line_one_is_a_header_and_an_empty_list_is_refused(tmp_path, content, line):
    """QA bug 15: an unreadable line is never skipped as a 'header' (only the first line
    that is not a comment may be one), and a list without a player line is refused instead of importing nobody."""
    path = tmp_path / "list.txt"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(EventFileError) as info:
        read_players(path, "egd")
    if line is not None:
        assert info.value.line == line
    else:
        assert "no player line" in str(info.value)
