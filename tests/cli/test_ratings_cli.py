"""``swisstui ratings import / list / find`` (issue 36): the offline rating lists through the
real CLI, with an index in the test's folder (``SWISSTUI_RATINGS``) and small lists written
by the test."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from swisstui.cli import main

HEADER = ("ID Number      Name                                                         Fed "
          "Sex Tit  WTit OTit           FOA SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag")


def fide_line(fid: str, name: str, fed: str, rating: str) -> str:
    return (fid.ljust(HEADER.index("Name")) + name).ljust(HEADER.index("Fed")) + fed.ljust(
        HEADER.index("SRtng") - HEADER.index("Fed")) + rating


@pytest.fixture
def index(tmp_path: Path, monkeypatch) -> Path:
    path = tmp_path / "ratings.sqlite3"
    monkeypatch.setenv("SWISSTUI_RATINGS", str(path))
    return path


def test_import_list_and_find(tmp_path, index, capsys):
    src = tmp_path / "players_list_foa.txt"
    src.write_text("\n".join([HEADER, fide_line("1503014", "Carlsen, Magnus", "NOR", "2833"),
                              fide_line("2300303", "Ólafsson, Helgi", "ISL", "2500")]) + "\n",
                   encoding="utf-8")
    sha = hashlib.sha256(src.read_bytes()).hexdigest()
    assert main(["ratings", "list"]) == 0
    assert capsys.readouterr().out == "no rating list installed (swisstui ratings import FILE)\n"
    assert main(["ratings", "import", str(src), "--date", "2026-11-01"]) == 0
    assert capsys.readouterr().out == (
        f"fide: 2 players installed (list of 2026-11-01, SHA-256 {sha[:12]})\n")
    assert main(["ratings", "list"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[1] == f"fide   2026-11-01        2 {sha[:12]} players_list_foa.txt"
    assert lines[2] == f"index: {index}"
    assert main(["ratings", "list", "--json"]) == 0
    listed, = json.loads(capsys.readouterr().out)
    assert (listed["source"], listed["rows"], listed["sha256"]) == ("fide", 2, sha)
    assert main(["ratings", "find", "olafsson", "--game", "chess"]) == 0
    assert capsys.readouterr().out.split() == ["fide", "2300303", "Ólafsson,", "Helgi", "2500",
                                               "ISL"]
    assert main(["ratings", "find", "helgi", "o", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == [
        {"source": "fide", "name": "Ólafsson, Helgi", "rating": 2500, "country": "ISL",
         "federation_id": "2300303"}]
    assert main(["ratings", "find", "nobody"]) == 0
    assert capsys.readouterr().out == "no player found\n"
    # Go's lists do not hold chess players
    assert main(["ratings", "find", "carl", "--game", "go"]) == 0
    assert capsys.readouterr().out == "no player found\n"


def test_a_bad_file_is_one_line_and_installs_nothing(tmp_path, index, capsys):
    src = tmp_path / "TDListN.txt"
    src.write_text("Smith, John\t1234\tFull\t-3.6\nDoe, Jane\tnone\tFull\t2.0\n",
                   encoding="utf-8")
    assert main(["ratings", "import", str(src)]) == 1
    err = capsys.readouterr().err
    assert err == (f"swisstui: {src}:2: no AGA member id on this line; expected name, id, "
                   "type, rating, expiry, club, state\n")
    assert main(["ratings", "list"]) == 0
    assert "no rating list installed" in capsys.readouterr().out


def test_csv_with_a_map_and_its_refusals(tmp_path, index, capsys):
    src = tmp_path / "cbx.csv"
    src.write_text("Codigo;Nome;Elo\n901;Álvaro Souza;1850\n", encoding="utf-8")
    assert main(["ratings", "import", str(src), "--map", "name=Nome,id=Codigo,elo"]) == 1
    assert capsys.readouterr().err.startswith("swisstui: bad column map 'elo': write FIELD=")
    assert main(["ratings", "import", str(src), "--map", "name=Nome,id=Codigo,rating=Elo"]) == 0
    assert capsys.readouterr().out.startswith("csv: 1 player installed (list of ")
    assert main(["ratings", "find", "ALVARO"]) == 0
    assert capsys.readouterr().out.split() == ["csv", "901", "Álvaro", "Souza", "1850"]
    odd = tmp_path / "list.txt"
    odd.write_text("x\n", encoding="utf-8")
    assert main(["ratings", "import", str(odd)]) == 1
    assert capsys.readouterr().err == (
        f"swisstui: {odd}: which list is it? say --source fide|egd|aga|csv\n")


def test_messages_in_korean(tmp_path, index, capsys):
    assert main(["--lang", "ko", "ratings", "find", "kim"]) == 0
    assert capsys.readouterr().out == "찾은 선수가 없습니다\n"


@pytest.mark.parametrize("name, text, message", [
    ("cbx.csv", "Codigo;Nome;Elo\n901;Álvaro Souza;99999999999999999999999\n",
     "cbx.csv:2: rating '99999999999999999999999' is not a number"),
    ("TDListN.txt", "Smith, John\t1234\tFull\t1e999\n", "TDListN.txt:1: AGA rating '1e999' is "
     "not a number"),
    ("TDListN.txt", "Smith, John\t1234\tFull\tnan\n", "TDListN.txt:1: AGA rating 'nan' is "
     "not a number"),
])
def test_a_rating_out_of_any_range_is_one_line(tmp_path, index, capsys, name, text, message):
    src = tmp_path / name
    src.write_text(text, encoding="utf-8")
    args = ["--map", "name=Nome,id=Codigo,rating=Elo"] if name.endswith(".csv") else []
    assert main(["ratings", "import", str(src), *args]) == 1
    assert capsys.readouterr().err == f"swisstui: {tmp_path / message}\n"


@pytest.mark.parametrize("source", [[], ["--source", "fide"], ["--source", "csv"]])
def test_a_missing_file_or_a_folder_is_one_line_first(tmp_path, index, capsys, source):
    missing = tmp_path / "nonexistent.txt"
    assert main(["ratings", "import", str(missing), *source]) == 1
    assert capsys.readouterr().err == f"swisstui: {missing}: no such file\n"
    assert main(["ratings", "import", str(tmp_path), *source, "--map", "name=Nome,elo"]) == 1
    assert capsys.readouterr().err == f"swisstui: {tmp_path}: is a folder; give a file name\n"
    long = tmp_path / ("a" * 300)  # a name the system refuses: one line, not a traceback
    assert main(["ratings", "import", str(long), *source]) == 1
    assert capsys.readouterr().err == f"swisstui: {long}: cannot read: File name too long\n"


def test_a_csv_of_names_alone_is_refused_and_the_list_kept(tmp_path, index, capsys):
    """``--map name=Nome`` on ``Nome;Elo;Codigo`` installed a list with no rating and no id
    over the CSV list installed."""
    src = tmp_path / "cbx.csv"
    src.write_text("Nome;Elo;Codigo\nSilva, Ana;1800;123\n", encoding="utf-8")
    assert main(["ratings", "import", str(src), "--map", "name=Nome", "--map",
                 "rating=Elo id=Codigo"]) == 0
    assert capsys.readouterr().out.startswith("csv: 1 player installed (list of ")
    assert main(["ratings", "import", str(src), "--source", "csv", "--map", "name=Nome"]) == 1
    assert capsys.readouterr().err == (
        f"swisstui: {src}:1: no rating, rank or id column (the header has Nome, Elo, Codigo); "
        "name one with --map name=COLUMN,rating=COLUMN,id=COLUMN; the list installed is kept\n")
    assert main(["ratings", "find", "silva"]) == 0
    assert capsys.readouterr().out.split() == ["csv", "123", "Silva,", "Ana", "1800"]
