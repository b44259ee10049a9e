"""Fixed seats from the command line (issue 35 item 10): `players add/edit --seat`, a seat
taken refused in one line with nothing written, and the pairing keeping the seat."""

from __future__ import annotations

from swisstui.cli import main
from swisstui.core import store


def run(capsys, *argv):
    rc = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return rc, out, err


def test_players_seat_add_edit_refuse_and_pair(tmp_path, capsys):
    folder = tmp_path / "open"
    assert run(capsys, "new", folder, "--game", "chess", "--rounds", 3, "--name", "Open")[0] == 0
    for i in range(1, 9):
        assert run(capsys, "players", "add", folder, f"P{i}", "--rating", 2400 - 10 * i)[0] == 0
    assert run(capsys, "players", "edit", folder, 2, "--seat", 4)[0] == 0
    assert store.load(folder).player(2).seat == 4
    before = (folder / "players.toml").read_bytes()
    rc, out, err = run(capsys, "players", "add", folder, "Late", "--seat", 4)
    assert rc == 1 and err == "swisstui: seat 4 is already P2's (2)\n"
    rc, out, err = run(capsys, "players", "edit", folder, 3, "--seat", 0)
    assert rc == 1 and err == "swisstui: seat must be 1 to 9999, not 0\n"
    assert (folder / "players.toml").read_bytes() == before
    # round 1 by the Dutch system: 1-5, 2-6, 3-7, 4-8 on boards 1-4; player 2's board goes
    # to board 4, the boards after it move up one
    assert run(capsys, "pair", folder)[0] == 0
    boards = {b.number: set(b.players) for b in store.load(folder).round(1).boards}
    assert boards == {1: {1, 5}, 2: {3, 7}, 3: {4, 8}, 4: {2, 6}}
    rc, out, err = run(capsys, "explain", folder, 1, 4)
    assert rc == 0, err
    assert "board 4: kept for player 2 (fixed seat)" in out.splitlines()
    # '' clears the seat
    assert run(capsys, "players", "edit", folder, 2, "--seat", "")[0] == 0
    assert store.load(folder).player(2).seat is None
