"""``swisstui prizes EVENT [--explain] [--json]`` through the real store and parser."""

import json

from conftest import make_event
from swisstui.cli import main
from test_standings_cli import play

PRIZES = """\
currency = "EUR"

[[group]]
name = "Main"
sharing = "average"
rounding = 1

[[group.category]]
name = "Open"
money = [100, 60]
items = ["Cup"]
"""


def _event(tmp_path):
    folder = make_event(tmp_path, "chess", n_players=4, rounds=2, name="Club Open")
    play(folder, "chess", [[(1, 2, "1-0"), (3, 4, "1-0")], [(1, 3, "1-0"), (2, 4, "1-0")]])
    (folder / "prizes.toml").write_text(PRIZES, encoding="utf-8")
    return folder


def test_prizes_text_explain_and_json(tmp_path, capsys):
    folder = _event(tmp_path)
    assert main(["prizes", str(folder), "--explain"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "Main"
    assert out[1].startswith("  Open 1.  ") and out[1].endswith("(1)  100 EUR + Cup")
    # 2 and 3 tie on one point for 2nd: 60 / 2 = 30 each
    assert "30 EUR (shared with 1 player)" in out[2] and "30 EUR (shared with 1 player)" in out[3]
    assert any("shared by" in line and "60 / 2 = 30 each" in line for line in out)
    assert out[-1] == "total paid: 160 EUR"
    assert main(["prizes", str(folder), "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert [(a["player"], a["money"]) for a in doc["groups"][0]["awards"]] == [
        (1, 100.0), (2, 30.0), (3, 30.0)]
    assert doc["totals"][""] == 160.0


def test_a_bad_prizes_file_is_one_line_and_exit_1(tmp_path, capsys):
    folder = _event(tmp_path)
    path = folder / "prizes.toml"
    path.write_text(PRIZES.replace("[100, 60]", "[100, -60]"), encoding="utf-8")
    before = {p.name: p.read_bytes() for p in folder.rglob("*") if p.is_file()}
    assert main(["prizes", str(folder)]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert err == [f"swisstui: {path}:10: 'money': a prize cannot be negative (-60)"]
    assert {p.name: p.read_bytes() for p in folder.rglob("*") if p.is_file()} == before


def test_no_prizes_file(tmp_path, capsys):
    folder = _event(tmp_path)
    (folder / "prizes.toml").unlink()
    assert main(["prizes", str(folder)]) == 1
    assert "no prizes file" in capsys.readouterr().err
