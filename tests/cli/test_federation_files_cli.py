"""``swisstui export --format aga|wof`` end to end (issue 36 item 6): a player without his
federation's number is named in one line, exit 1, and no file is written; with the numbers
given the file is written and reads back."""

from __future__ import annotations

from conftest import make_event
from swisstui.cli import main
from swisstui.core import store
from swisstui.core.interop.aga import read_aga
from swisstui.core.interop.wof import read_wof

from test_standings_cli import play


def run(capsys, *argv):
    rc = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return rc, out, err


def _numbers(folder, ids: dict[int, str]) -> None:
    from dataclasses import replace

    def change(ev):
        for pid, fid in ids.items():
            ev = ev.with_player(replace(ev.player(pid), federation_id=fid))
        return ev

    store.update(folder, change)


def test_aga_export_names_the_player_without_an_id_and_writes_nothing(tmp_path, capsys):
    folder = make_event(tmp_path, "go", n_players=4, rounds=2, city="Boston",
                        date_start="2026-05-02")
    play(folder, "go", [[(1, 2, "B+R"), (3, 4, "W+2.5")]])
    _numbers(folder, {1: "101", 2: "202", 3: "303"})
    out_file = tmp_path / "results.txt"
    rc, out, err = run(capsys, "export", folder, "--format", "aga", "-o", out_file)
    assert rc == 1 and out == ""
    assert len(err.strip().splitlines()) == 1
    fourth = store.load(folder).player(4)
    assert "no AGA id" in err and err.rstrip().endswith(f": 4 {fourth.name}")
    assert not out_file.exists()
    _numbers(folder, {4: "404"})
    rc, out, err = run(capsys, "export", folder, "--format", "aga", "-o", out_file)
    assert rc == 0 and err == ""
    back = read_aga(out_file.read_bytes())
    assert sorted(p.id for p in back.players) == [101, 202, 303, 404]
    assert [(g.white, g.black, g.winner) for g in back.games] == [(202, 101, "b"),
                                                                  (404, 303, "w")]


def test_wof_export_needs_its_country_and_the_numbers(tmp_path, capsys):
    folder = make_event(tmp_path, "othello", n_players=2, rounds=1, arbiter="Ana Souza",
                        date_start="2026-05-02")
    play(folder, "othello", [[(1, 2, "40-24")]])
    out_file = tmp_path / "r.elo"
    rc, _out, err = run(capsys, "export", folder, "--format", "wof", "-o", out_file)
    assert rc == 1 and "--info COUNTRY=" in err and not out_file.exists()
    rc, _out, err = run(capsys, "export", folder, "--format", "wof", "--info",
                        "COUNTRY=Brazil", "-o", out_file)
    names = [f"{p.id} {p.name}" for p in store.load(folder).players]
    assert rc == 1 and "no WOF number" in err and not out_file.exists()
    assert err.rstrip().endswith(": " + ", ".join(names))  # both players named, one line
    _numbers(folder, {1: "7001", 2: "7002"})
    rc, _out, err = run(capsys, "export", folder, "--format", "wof", "--info",
                        "COUNTRY=Brazil", "-o", out_file)
    assert rc == 0, err
    back = read_wof(out_file.read_bytes())
    assert back.header["Country"] == "Brazil" and back.header["Sender"] == "Ana Souza"
    assert [(g.first, g.first_discs, g.second_discs, g.second) for g in back.games] == \
        [(7001, 40, 24, 7002)]
