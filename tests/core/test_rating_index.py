"""The offline rating index (issue 36; core/rating_index.py, the list readers of
interop/player_lists.py): each list's format read into the index, the lookup by folded name
prefix and id, the game's lists first, and a replacement that is all or nothing.  Every list
here is a small file written by the test, never a real one."""

from __future__ import annotations

import hashlib
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from swisstui.core import rating_index
from swisstui.core.errors import EventFileError, SwissError
from swisstui.core.interop.player_lists import parse_column_map

HEADER = ("ID Number      Name                                                         Fed "
          "Sex Tit  WTit OTit           FOA SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag")
STARTS = {name: HEADER.index(name) for name in (
    "ID Number", "Name", "Fed", "Sex", "Tit", "WTit", "SRtng", "RRtng", "B-day")}


def fide_line(**values: str) -> str:
    line = ""
    for key, start in sorted(STARTS.items(), key=lambda kv: kv[1]):
        if key in values:
            line = line.ljust(start) + values[key]
    return line


def fide_txt(*players: tuple[str, str, str, str]) -> str:
    """A combined FIDE TXT list of (id, name, federation, standard rating)."""
    return "\n".join([HEADER, *(fide_line(**{"ID Number": i, "Name": n, "Fed": f, "Sex": "M",
                                              "SRtng": r, "B-day": "1990"})
                                for i, n, f, r in players)]) + "\n"


FIDE = fide_txt(("1503014", "Carlsen, Magnus", "NOR", "2833"),
                ("8603006", "Ju, Wenjun", "CHN", "2560"),
                ("2300303", "Ólafsson, Helgi", "ISL", "2500"))

FIDE_XML = """\
<?xml version="1.0" encoding="UTF-8"?>
<playerslist>
 <player>
  <fideid>1503014</fideid><name>Carlsen, Magnus</name><country>NOR</country><sex>M</sex>
  <title>GM</title><w_title></w_title><o_title></o_title><foa_title></foa_title>
  <rating>2833</rating><games>0</games><k>10</k><rapid_rating>2823</rapid_rating>
  <blitz_rating>2886</blitz_rating><birthday>1990</birthday><flag></flag>
 </player>
 <player>
  <fideid>8603006</fideid><name>Ju, Wenjun</name><country>CHN</country><sex>F</sex>
  <title></title><w_title>WGM</w_title><rating>0</rating><birthday>1991</birthday>
  <flag>wi</flag>
 </player>
</playerslist>
"""

EGD_HTML = """\
<html><head><title>EGD - all players</title></head><body>
<pre>
 European Go Database - list of all players (28.11.2026 07:00)
  Pin_Player Name                           Country Club  Grade Proposed  GoR  Tot Last
  19574643  Abad Jahin                            FR  38GJ   20k   --     15     2  T200202B
  12345678  Kim Ji-woo                            KR  Seou    3d   --   2250    12  T261101A
  13345678  M&uuml;ller Hans                     DE  Bonn    1k   --   2050    30  T261002C
</pre>
</body></html>
"""

AGA_TABS = ("Name\tAGAID\tMType\tRating\tExpires\tClub\tState\n"
            "Smith, John\t1234\tFull\t-3.6\t12/31/2026\tNYGC\tNY\n"
            "Lee, Anna\t555\tForgn\t5.3\t\t\t\n"
            "New, Member\t777\tYouth\t\t\t\t\n")
AGA_BLANKS = ("Smith, John        1234 Full   -3.6 12/31/2026 NYGC NY\n"
              "Doe, Jane          42   Life    2.1\n")


@pytest.fixture
def index(tmp_path: Path, monkeypatch) -> Path:
    path = tmp_path / "data" / "ratings.sqlite3"
    monkeypatch.setenv("SWISSTUI_RATINGS", str(path))
    return path


def write(tmp_path: Path, name: str, text: str, encoding: str = "utf-8") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding=encoding)
    return path


def names(found) -> list[str]:
    return [p.name for p in found]


def test_the_index_lives_in_the_xdg_data_folder(tmp_path, monkeypatch):
    monkeypatch.delenv("SWISSTUI_RATINGS", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert rating_index.index_path() == tmp_path / "xdg" / "swisstui" / "ratings.sqlite3"
    monkeypatch.delenv("XDG_DATA_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert rating_index.index_path() == (tmp_path / "home" / ".local" / "share" / "swisstui"
                                         / "ratings.sqlite3")


def test_fide_txt_is_installed_with_its_date_and_hash(tmp_path, index):
    path = write(tmp_path, "players_list_foa.txt", FIDE)
    done = rating_index.import_list(path, list_date="2026-11-01")
    assert (done.source, done.rows, done.list_date, done.file) == (
        "fide", 3, "2026-11-01", "players_list_foa.txt")
    assert done.sha256 == hashlib.sha256(path.read_bytes()).hexdigest()
    assert rating_index.installed() == (done,)


@pytest.mark.parametrize("name,empty", [("players_list_foa.txt", ""),
                                        ("fed.csv", "name,id,rating\n")])
def test_an_empty_list_never_replaces_the_one_installed(tmp_path, index, name, empty):
    """An empty (or header-only) FIDE TXT or CSV was installed as 0 players, replacing the
    good list: now refused in one line, the installed list kept."""
    good = rating_index.import_list(write(tmp_path, "players_list_foa.txt", FIDE))
    source = "fide" if name.endswith(".txt") else "csv"
    if source == "csv":
        good = rating_index.import_list(write(tmp_path, "fed.csv",
                                              "name,id,rating\nAna Lima,1001,1500\n"))
    before = rating_index.installed()
    with pytest.raises(SwissError, match="no player in this file; the list installed is kept"):
        rating_index.import_list(write(tmp_path, "new_" + name, empty), source)
    assert rating_index.installed() == before and good in before


def test_a_csv_row_with_more_values_than_columns_is_refused(tmp_path, index):
    """It was installed (its values shifted), where players import refused the same file."""
    good = rating_index.import_list(write(tmp_path, "fed.csv",
                                          "name,id,rating\nAna Lima,1001,1500\n"))
    path = write(tmp_path, "short.csv",
                 "name,id,rating\nAna Lima,1001\nBeto Souza,1002,1600,extra,more\n")
    with pytest.raises(SwissError, match=r"short.csv:3: 5 values but 3 columns"):
        rating_index.import_list(path, "csv")
    assert rating_index.installed() == (good,)


def test_a_single_list_dates_itself_by_its_month_column(tmp_path, index):
    text = FIDE.replace("SRtng", "NOV26")
    path = write(tmp_path, "standard_rating_list.txt", text)
    assert rating_index.import_list(path).list_date == "2026-11-01"


def test_lookup_by_any_name_first_accents_and_case_ignored(tmp_path, index):
    rating_index.import_list(write(tmp_path, "players_list_foa.txt", FIDE))
    assert names(rating_index.lookup("carl", "chess")) == ["Carlsen, Magnus"]
    assert names(rating_index.lookup("Magnus", "chess")) == ["Carlsen, Magnus"]
    assert names(rating_index.lookup("magnus carlsen", "chess")) == ["Carlsen, Magnus"]
    assert names(rating_index.lookup("carlsen, m", "chess")) == ["Carlsen, Magnus"]
    assert names(rating_index.lookup("OLAFS", "chess")) == ["Ólafsson, Helgi"]
    assert names(rating_index.lookup("ólafsson h", "chess")) == ["Ólafsson, Helgi"]
    assert names(rating_index.lookup("helgi o", "chess")) == ["Ólafsson, Helgi"]
    assert rating_index.lookup("magnus x", "chess") == ()
    assert rating_index.lookup("", "chess") == ()
    # the id, or its first digits
    assert names(rating_index.lookup("8603006", "chess")) == ["Ju, Wenjun"]
    assert names(rating_index.lookup("150", "chess")) == ["Carlsen, Magnus"]
    first = rating_index.lookup("ju", "chess")[0]
    assert (first.id, first.rating, first.federation, first.birth, first.sex, first.source) == (
        "8603006", 2560, "CHN", "1990", "m", "fide")
    assert first.player_fields() == {
        "name": "Ju, Wenjun", "rating": 2560, "country": "CHN", "federation_id": "8603006",
        "sex": "m", "birth": "1990"}


def test_lookup_stops_at_the_limit(tmp_path, index):
    many = fide_txt(*((str(100 + i), f"Kim, Player{i:02d}", "KOR", "1500") for i in range(30)))
    rating_index.import_list(write(tmp_path, "players_list_foa.txt", many))
    found = rating_index.lookup("kim", "chess", limit=10)
    assert names(found) == [f"Kim, Player{i:02d}" for i in range(10)]
    assert rating_index.lookup("kim", "chess", limit=0) == ()
    # a limit beyond SQLite's integers (ratings find --limit 1e23) finds them all, no
    # OverflowError
    assert len(rating_index.lookup("kim", "chess", limit=10 ** 23)) == 30


def test_fide_xml(tmp_path, index):
    path = write(tmp_path, "players_list_xml_foa.xml", FIDE_XML)
    assert rating_index.import_list(path).rows == 2
    carlsen, = rating_index.lookup("carlsen", "chess")
    assert (carlsen.id, carlsen.rating, carlsen.title, carlsen.birth, carlsen.sex) == (
        "1503014", 2833, "GM", "1990", "m")
    ju, = rating_index.lookup("wenjun", "chess")
    assert (ju.rating, ju.title, ju.sex) == (None, "WGM", "f")  # rating 0: unrated


def test_fide_xml_errors_name_the_line(tmp_path, index):
    bad = FIDE_XML.replace("<fideid>8603006</fideid>", "<fideid>86O3006</fideid>")
    path = write(tmp_path, "players_list_xml_foa.xml", bad)
    with pytest.raises(EventFileError) as err:
        rating_index.import_list(path)
    assert str(err.value).startswith(f"{path}:9: FIDE id '86O3006' is not a number")
    broken = write(tmp_path, "broken.xml", FIDE_XML.replace("</name>", "", 1))
    with pytest.raises(EventFileError) as err:
        rating_index.import_list(broken, "fide")
    assert str(err.value) == f"{broken}:8: not a FIDE XML list: mismatched tag"
    other = write(tmp_path, "other.xml", "<?xml version='1.0'?>\n<html><p/></html>\n")
    with pytest.raises(EventFileError, match=r"other.xml:2: .*root element is <html>"):
        rating_index.import_list(other, "fide")


def test_egd_allworld_html(tmp_path, index):
    path = write(tmp_path, "allworld_lp.html", EGD_HTML, encoding="latin-1")
    done = rating_index.import_list(path)
    assert (done.source, done.rows, done.list_date) == ("egd", 3, "2026-11-28")
    kim, = rating_index.lookup("ji woo", "go")
    assert (kim.name, kim.id, kim.rank, kim.rating, kim.federation, kim.club) == (
        "Kim Ji-woo", "12345678", "3d", 2250, "KR", "Seou")
    assert names(rating_index.lookup("muller", "go")) == ["Müller Hans"]


def test_egd_bad_player_line_names_it(tmp_path, index):
    bad = EGD_HTML.replace("  13345678  M&uuml;ller Hans                     DE  Bonn    1k",
                           "  13345678  Nobody Without Grade  DE Bonn")
    path = write(tmp_path, "allworld_lp.html", bad)
    with pytest.raises(EventFileError, match=r"allworld_lp.html:7: no grade"):
        rating_index.import_list(path)
    assert rating_index.installed() == ()


def test_aga_td_list_by_tabs_and_by_blanks(tmp_path, index):
    rating_index.import_list(write(tmp_path, "TDListN.txt", AGA_TABS))
    smith, = rating_index.lookup("john smith", "go")
    assert (smith.id, smith.rank, smith.federation, smith.club, smith.source) == (
        "1234", "3k", "US", "NYGC", "aga")
    lee, = rating_index.lookup("lee", "go")
    assert (lee.rank, lee.federation) == ("5d", None)  # a foreign member
    assert rating_index.lookup("new", "go")[0].rank is None  # not yet rated
    rating_index.import_list(write(tmp_path, "TDListA.txt", AGA_BLANKS))
    assert [(p.name, p.id, p.rank) for p in rating_index.lookup("d", "go")] == [
        ("Doe, Jane", "42", "2d")]
    assert rating_index.installed()[0].rows == 2


def test_csv_with_a_column_map_and_readings(tmp_path, index):
    text = ("Codigo;Nome;Elo;Clube;Leitura\n"
            "901;Álvaro Souza;1850;Clube Paulista;\n"
            "902;山田太郎;1700;東京;やまだ たろう\n")
    path = write(tmp_path, "cbx.csv", text)
    columns = parse_column_map("id=Codigo, name=Nome,rating=Elo,club=Clube,reading=Leitura")
    assert rating_index.import_list(path, columns=columns).rows == 2
    alvaro, = rating_index.lookup("alvaro", "chess")
    assert (alvaro.id, alvaro.rating, alvaro.club, alvaro.source) == (
        "901", 1850, "Clube Paulista", "csv")
    # by the reading, in hiragana or katakana, surname or given name first
    assert names(rating_index.lookup("ヤマダ", "chess")) == ["山田太郎"]
    assert names(rating_index.lookup("たろう や", "chess")) == ["山田太郎"]
    # a header the players import knows needs no map
    plain = write(tmp_path, "list.csv", "FIDE ID,Name,Rating,Fed\n77,Anna Berg,2010,SWE\n")
    rating_index.import_list(plain)
    anna, = rating_index.lookup("berg", "chess")
    assert (anna.id, anna.rating, anna.federation) == ("77", 2010, "SWE")


def test_csv_refusals(tmp_path, index):
    path = write(tmp_path, "cbx.csv", "Codigo;Nome\n901;Ana\n")
    with pytest.raises(EventFileError, match=r"cbx.csv:1: no 'name' column"):
        rating_index.import_list(path)
    with pytest.raises(EventFileError, match=r"cbx.csv:1: no column 'Elo'"):
        rating_index.import_list(path, columns=parse_column_map("name=Nome,rating=Elo"))
    with pytest.raises(SwissError, match="bad column map 'elo'"):
        parse_column_map("name=Nome,elo")
    with pytest.raises(SwissError, match="bad column map 'colour=Cor'"):
        parse_column_map("name=Nome,colour=Cor")
    bad = write(tmp_path, "bad.csv", "Nome;Elo\nAna;1800\nBia;18OO\n")
    with pytest.raises(EventFileError, match=r"bad.csv:3: rating '18OO' is not a number"):
        rating_index.import_list(bad, columns=parse_column_map("name=Nome,rating=Elo"))


def test_the_games_lists_first_and_never_another_games(tmp_path, index):
    rating_index.import_list(write(tmp_path, "players_list_foa.txt",
                                   fide_txt(("1", "Kim, Chess", "KOR", "2000"))))
    rating_index.import_list(write(tmp_path, "allworld_lp.html", EGD_HTML))
    rating_index.import_list(write(tmp_path, "TDListN.txt", "Kim, Aga\t99\tFull\t2.5\n"))
    rating_index.import_list(write(tmp_path, "club.csv", "name,rating\nKim Club,1500\n"))
    assert [(p.name, p.source) for p in rating_index.lookup("kim", "go")] == [
        ("Kim Ji-woo", "egd"), ("Kim, Aga", "aga"), ("Kim Club", "csv")]
    assert [(p.name, p.source) for p in rating_index.lookup("kim", "chess")] == [
        ("Kim, Chess", "fide"), ("Kim Club", "csv")]
    assert [p.source for p in rating_index.lookup("kim", "othello")] == ["csv"]
    assert [p.source for p in rating_index.lookup("kim")] == ["fide", "egd", "aga", "csv"]
    assert [i.source for i in rating_index.installed()] == ["fide", "egd", "aga", "csv"]


def test_a_reimport_replaces_the_list(tmp_path, index):
    rating_index.import_list(write(tmp_path, "players_list_foa.txt", FIDE))
    newer = write(tmp_path, "new.txt", fide_txt(("5000001", "Newman, Nils", "DEN", "2100")))
    done = rating_index.import_list(newer, "fide")
    assert rating_index.installed() == (done,) and done.rows == 1
    assert rating_index.lookup("carl", "chess") == ()
    assert names(rating_index.lookup("nils", "chess")) == ["Newman, Nils"]


def test_a_bad_file_installs_nothing_and_keeps_the_previous_list(tmp_path, index):
    first = rating_index.import_list(write(tmp_path, "players_list_foa.txt", FIDE))
    # a bad line after several batches were written into the new tables
    rows = [(str(10_000 + i), f"Filler, Number{i}", "FRA", "1500") for i in range(12_000)]
    text = fide_txt(*rows) + fide_line(**{"ID Number": "12x", "Name": "Bad, Id"}) + "\n"
    path = write(tmp_path, "next.txt", text)
    with pytest.raises(EventFileError) as err:
        rating_index.import_list(path, "fide")
    assert str(err.value) == f"{path}:12002: FIDE id '12x' is not a number"
    assert rating_index.installed() == (first,)
    assert names(rating_index.lookup("carl", "chess")) == ["Carlsen, Magnus"]
    assert rating_index.lookup("filler", "chess") == ()
    # not a list of the source at all: refused at its first line, nothing installed
    with pytest.raises(EventFileError, match=r"aga.txt:1: not a FIDE rating list"):
        rating_index.import_list(write(tmp_path, "aga.txt", AGA_TABS), "fide")
    assert rating_index.installed() == (first,)


def test_a_killed_import_keeps_the_previous_list(tmp_path, index):
    """A real process killed (SIGKILL) in the middle of replacing a list: the index still
    holds the old list whole, and the next import works."""
    first = rating_index.import_list(write(tmp_path, "players_list_foa.txt", FIDE))
    rows = [(str(10_000 + i), f"Filler, Number{i}", "FRA", "1500") for i in range(20_000)]
    path = write(tmp_path, "big.txt", fide_txt(*rows))
    flag = tmp_path / "writing"
    script = textwrap.dedent(f"""
        import time
        from pathlib import Path
        from swisstui.core import rating_index
        from swisstui.core.interop import player_lists
        real = player_lists.iter_list
        def slow(*args, **kwargs):
            for n, row in real(*args, **kwargs):
                if n == 12_000:  # two batches are in the new tables
                    Path({str(flag)!r}).touch()
                    time.sleep(60)
                yield n, row
        rating_index.iter_list = slow
        rating_index.import_list({str(path)!r}, "fide")
    """)
    proc = subprocess.Popen([sys.executable, "-c", script], env={**os.environ})
    try:
        deadline = time.monotonic() + 60
        while not flag.exists():
            assert proc.poll() is None, "the import ended before it was killed"
            assert time.monotonic() < deadline
            time.sleep(0.05)
        proc.send_signal(signal.SIGKILL)
        proc.wait(10)
    finally:
        if proc.poll() is None:
            proc.kill()
    rating_index._READERS.clear()
    assert rating_index.installed() == (first,)
    assert names(rating_index.lookup("carlsen", "chess")) == ["Carlsen, Magnus"]
    assert rating_index.lookup("filler", "chess") == ()
    assert rating_index.import_list(path, "fide").rows == 20_000


def test_no_index_finds_nothing(index):
    assert not index.exists()
    assert rating_index.lookup("carl", "chess") == ()
    assert rating_index.installed() == ()


def test_the_source_from_the_files_name(tmp_path, index):
    assert [rating_index.guess_source(n) for n in (
        "players_list_foa.txt", "standard_rating_list_xml.xml", "allworld_lp.html",
        "TDListN.txt", "cbx.csv", "list.txt")] == ["fide", "fide", "egd", "aga", "csv", None]
    with pytest.raises(SwissError, match=r"list.txt: which list is it\? say --source"):
        rating_index.import_list(write(tmp_path, "list.txt", FIDE))
    with pytest.raises(SwissError, match="bad date '1 Nov'"):
        rating_index.import_list(write(tmp_path, "players_list.txt", FIDE), list_date="1 Nov")
    assert rating_index.installed() == ()


def test_a_zip_or_a_damaged_index_is_one_line(tmp_path, index):
    import zipfile

    archive = tmp_path / "players_list.zip"
    with zipfile.ZipFile(archive, "w") as z:
        z.writestr("players_list_foa.txt", FIDE)
    with pytest.raises(EventFileError) as err:
        rating_index.import_list(archive, "fide")
    assert str(err.value) == f"{archive}:1: a ZIP archive: unzip it and import the list inside"
    assert rating_index.installed() == ()
    index.parent.mkdir(parents=True, exist_ok=True)
    index.write_bytes(b"not a database at all" * 100)
    with pytest.raises(SwissError, match="cannot open the rating index: "):
        rating_index.lookup("carl", "chess")
    with pytest.raises(SwissError, match="cannot open the rating index"):
        rating_index.installed()


@pytest.mark.parametrize("source", [None, "fide", "csv"])
def test_a_missing_file_or_a_folder_is_named_first(tmp_path, index, source):
    """Whatever --source: the missing file (it was 'which list is it?' without --source) and
    the folder ('cannot read: Is a directory' with one) are said first, in one line."""
    missing = tmp_path / "nothere.txt"
    with pytest.raises(SwissError) as exc:
        rating_index.import_list(missing, source)
    assert str(exc.value) == f"{missing}: no such file"
    folder = tmp_path / "lists.csv"
    folder.mkdir()
    with pytest.raises(SwissError) as exc:
        rating_index.import_list(folder, source, columns="name=Nome,rating=Elo")
    assert str(exc.value) == f"{folder}: is a folder; give a file name"
    assert not index.exists()


CBX = "Nome;Elo;Codigo\nSilva, Ana;1800;123\nSouza, Bruno;;456\n"


@pytest.mark.parametrize("text, columns, message", [
    # the map names the name only: a list of names without a rating or an id
    (CBX, "name=Nome",
     "cbx.csv:1: no rating, rank or id column (the header has Nome, Elo, Codigo); name one "
     "with --map name=COLUMN,rating=COLUMN,id=COLUMN; the list installed is kept"),
    # a header the players import knows, without a rating, rank or id
    ("name,club\nAna Lima,Clube\n", None,
     "cbx.csv:1: no rating, rank or id column (the header has name, club); name one with "
     "--map name=COLUMN,rating=COLUMN,id=COLUMN; the list installed is kept"),
    # the columns are mapped but empty in every row
    ("Nome;Elo;Codigo\nSilva, Ana;;\nSouza, Bruno;;\n", "name=Nome,rating=Elo,id=Codigo",
     "cbx.csv: no rating, rank or id in any row: the columns Elo, Codigo are empty; the "
     "list installed is kept"),
    ("Nome;Elo\nSilva, Ana;\n", "name=Nome,rating=Elo",
     "cbx.csv: no rating, rank or id in any row: the column Elo is empty; the list "
     "installed is kept"),
], ids=["names-only-map", "names-only-header", "empty-columns", "empty-column"])
def test_a_csv_list_without_ratings_or_ids_is_refused(tmp_path, index, text, columns,
                                                      message):
    """It was installed as a list of names (no rating, no id), silently replacing the CSV
    list installed: now refused in one line naming what is missing, the list kept."""
    good = rating_index.import_list(write(tmp_path, "fed.csv",
                                          "name,id,rating\nAna Lima,1001,1500\n"))
    path = write(tmp_path, "cbx.csv", text)
    with pytest.raises(EventFileError) as exc:
        rating_index.import_list(path, "csv", columns=columns)
    assert str(exc.value) == str(tmp_path / message)
    assert rating_index.installed() == (good,)
    assert [(p.id, p.rating) for p in rating_index.lookup("ana lima")] == [("1001", 1500)]


@pytest.mark.parametrize("columns", ["name=Nome,rating=Elo,id=Codigo",
                                     "name=Nome;rating=Elo;id=Codigo",
                                     "name=Nome rating=Elo id=Codigo",
                                     " Name = Nome ,  RATING=Elo,id = Codigo "])
def test_a_column_map_of_a_semicolon_csv(tmp_path, index, columns):
    """The documented map (commas) reads a ';' file; ';' or blanks between the fields do
    too (they said "no column 'Nome rating=Elo id=Codigo'"). A map makes the file a CSV
    whatever its name."""
    assert parse_column_map(columns) == {"name": "Nome", "rating": "Elo", "id": "Codigo"}
    done = rating_index.import_list(write(tmp_path, "cbx.txt", CBX), columns=columns)
    assert (done.source, done.rows) == ("csv", 2)
    assert [(p.name, p.id, p.rating) for p in rating_index.lookup("s")] == [
        ("Silva, Ana", "123", 1800), ("Souza, Bruno", "456", None)]


def test_a_column_name_may_hold_blanks(tmp_path, index):
    assert parse_column_map("name=Nome Completo rating=Elo FIDE") == {
        "name": "Nome Completo", "rating": "Elo FIDE"}
