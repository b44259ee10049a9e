"""``swisstui sections`` and ``--section`` (issue 33 item 7): a chess open with a second
section from the CLI alone, the master list of standings, refusals in one line with
nothing written."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from swisstui.cli import main
from swisstui.core import store

SAMPLES = Path(__file__).resolve().parents[2] / "swisstui" / "sample_events"


def run(capsys, *argv):
    rc = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return rc, out, err


def files(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*.toml"))}


def refused(capsys, folder, *argv, match=""):
    before = files(folder)
    rc, out, err = run(capsys, *argv)
    assert rc == 1, (out, err)
    assert err.startswith("swisstui: ") and err.count("\n") == 1, err
    assert match in err, err
    assert files(folder) == before
    return err


@pytest.fixture
def ev(tmp_path, capsys):
    folder = tmp_path / "open"
    shutil.copytree(SAMPLES / "chess", folder)
    rc, out, err = run(capsys, "sections", "add", folder, "U1600", "--rounds", 3,
                       "--tiebreaks", "BH,SB", "--option", "initial_colour=b")
    assert rc == 0, err
    assert "U1600" in out
    for i, name in enumerate(("Ana", "Bea", "Caio", "Duda", "Edu", "Fabi")):
        rc, out, err = run(capsys, "players", "add", folder, name, "--rating", 1500 - i,
                           "--section", "U1600")
        assert rc == 0, err
    return folder


def test_list_and_json(ev, capsys):
    rc, out, err = run(capsys, "sections", ev)
    assert rc == 0, err
    lines = out.splitlines()
    assert lines[0].startswith("main: chess") and lines[1].startswith("U1600: chess, ")
    assert "6 players" in lines[1] and "round 0 of 3" in lines[1]
    rc, out, err = run(capsys, "sections", ev, "--json")
    rows = json.loads(out)
    assert [(r["name"], r["players"], r["rounds"], r["paired"]) for r in rows] == \
        [("main", 16, 5, 4), ("U1600", 6, 3, 0)]
    sec = store.load(ev / "sections" / "U1600").settings
    assert sec.tiebreaks == ("BH", "SB") and sec.options["initial_colour"] == "b"


def test_pair_result_standings_per_section_and_master_list(ev, capsys):
    rc, out, err = run(capsys, "pair", ev, "--section", "U1600")
    assert rc == 0, err
    rnd = store.load(ev / "sections" / "U1600").rounds[0]
    assert len(rnd.boards) == 3
    for b in rnd.boards:
        rc, out, err = run(capsys, "result", ev, 1, b.number, "1-0", "--section", "U1600")
        assert rc == 0, err
    rc, one, err = run(capsys, "standings", ev, "--section", "U1600", "--format", "csv")
    assert rc == 0, err
    assert len(one.strip().splitlines()) == 7  # header and six players
    rc, master, err = run(capsys, "standings", ev)
    assert rc == 0, err
    assert master.index("== section main ==") < master.index("== section U1600 ==")
    assert "Ito Takumi" in master and "Fabi" in master
    rc, out, err = run(capsys, "check", ev)
    assert rc == 0, err
    assert out.count("ok: ") == 2
    rc, out, err = run(capsys, "export", ev, "--format", "trf", "--section", "U1600")
    assert rc == 0, err
    assert "Fabi" in out and "Ito Takumi" not in out


def test_refusals(ev, capsys):
    refused(capsys, ev, "pair", ev, match="--section NAME")
    refused(capsys, ev, "players", "add", ev, "X", match="main, U1600")
    refused(capsys, ev, "pair", ev, "--section", "U1800", match="no section U1800")
    refused(capsys, ev, "pair", ev, "--section", "../x", match="not a section name")
    refused(capsys, ev, "sections", "add", ev, "u1600", match="already a section")
    refused(capsys, ev, "sections", "add", ev, "a/b", match="not a section name")
    refused(capsys, ev, "sections", "remove", ev, "U1600", match="remove their entries first")
    refused(capsys, ev, "players", "add", ev, "Clash", "--id", 1, "--section", "U1600",
            match="section main")
    rc, out, err = run(capsys, "pair", ev, "--section", "U1600")
    assert rc == 0
    refused(capsys, ev, "sections", "remove", ev, "U1600", match="never removed")


def test_one_section_event_unchanged(tmp_path, capsys):
    folder = tmp_path / "go"
    shutil.copytree(SAMPLES / "go", folder)
    rc, out, err = run(capsys, "sections", folder)
    assert rc == 0 and out.startswith("main: go")
    rc, plain, err = run(capsys, "standings", folder)
    rc2, named, err = run(capsys, "standings", folder, "--section", "main")
    assert rc == rc2 == 0 and plain == named and "== section" not in plain


def test_sections_move_cli(tmp_path, capsys):
    """``sections move EVENT PLAYER SECTION [--dry-run] [--json]``: the preview writes
    nothing and names the places that change; the move; a refusal in one line."""
    from swisstui.core.services import sections as svc
    folder = tmp_path / "ev"
    shutil.copytree(SAMPLES / "chess", folder)
    svc.add_section(folder, "U1600")
    pid = store.load(folder).players[0].id
    before = files(folder)
    rc, out, err = run(capsys, "sections", "move", folder, pid, "U1600", "--dry-run")
    assert rc == 0 and "record kept" in out and "dry run: nothing written" in out, out
    assert "U1600: " in out and "place - -> " in out
    assert files(folder) == before
    rc, out, _err = run(capsys, "sections", "move", folder, pid, "U1600", "--json")
    data = json.loads(out)
    assert rc == 0 and data["to"] == "U1600" and data["written"] is True
    assert data["after_round"] == len(store.load(folder).rounds)
    assert store.load(folder / "sections" / "U1600").player(pid) is not None
    refused(capsys, folder, "sections", "move", folder, pid, "Nope", match="no section Nope")
    refused(capsys, folder, "sections", "move", folder, 9999, "U1600", match="no player 9999")


def test_sections_distribute_cli(tmp_path, capsys):
    """``sections distribute EVENT --by rating --bands ... [--dry-run] [--plays-up]``."""
    from swisstui.core import services as svc_all
    from swisstui.core.services import sections as svc
    folder = tmp_path / "ev"
    shutil.copytree(SAMPLES / "chess", folder)
    for f in (folder / "rounds").glob("*.toml"):
        f.unlink()
    (folder / "players.toml").write_text("")
    svc.add_section(folder, "U1600")
    for i, r in enumerate((2000, 1500, 1400)):
        svc_all.add_player(folder, f"P{i}", rating=r)
    before = files(folder)
    argv = ("sections", "distribute", folder, "--by", "rating",
            "--bands", "main:1600-,U1600:-1599", "--plays-up", "3")
    rc, out, _err = run(capsys, *argv, "--dry-run")
    assert rc == 0 and "P1 (2): main -> U1600" in out and "plays up, kept in place: 3" in out
    assert "1 player moves; dry run: nothing written" in out and files(folder) == before
    rc, out, _err = run(capsys, *argv, "--json")
    assert rc == 0 and json.loads(out)["moves"] == [
        {"player": 2, "name": "P1", "from": "main", "to": "U1600"}]
    assert [p.id for p in store.load(folder / "sections" / "U1600").players] == [2]
    refused(capsys, folder, "sections", "distribute", folder, "--by", "rating",
            "--bands", "Nope:1-", match="no section Nope")
    # a plays-up list that is not ids was cut to its ids silently (3,x kept 3 only); a base
    # date that is not a date gave a ValueError traceback (2024/01/01) or was taken (02-30)
    refused(capsys, folder, "sections", "distribute", folder, "--by", "rating",
            "--bands", "main:1600-,U1600:-1599", "--plays-up", "3,x", match="--plays-up x")
    for bad in ("2024/01/01", "2024-02-30"):
        refused(capsys, folder, "sections", "distribute", folder, "--by", "age",
                "--bands", "main:16-,U1600:-15", "--date", bad, match=f"--date {bad}")


def test_first_board_hall_numbering(tmp_path, capsys):
    """A section's ``first_board = 101`` (issue 33 item 6): its pairing list numbers its
    boards from 101, ``result`` takes the hall's number (101 is its board 1), a number
    below 101 is refused in one line, a settings change of the section keeps the key, the
    root (no key) numbers from 1 as before."""
    from swisstui.core import services as svc_all
    from swisstui.core.services import sections as svc
    folder = tmp_path / "ev"
    shutil.copytree(SAMPLES / "chess", folder)
    u = svc.add_section(folder, "U1600").folder
    with (u / "event.toml").open("a") as f:
        f.write("first_board = 101\n")
    for i in range(4):
        svc_all.add_player(u, f"P{i}", rating=1500 - i)
    assert svc.first_board(u) == 101 and svc.first_board(folder) == 1
    rc, out, _err = run(capsys, "pair", folder, "--section", "U1600")
    assert rc == 0 and [ln.split()[0] for ln in out.splitlines()[1:3]] == ["101", "102"], out
    rc, out, _err = run(capsys, "result", folder, 1, 102, "1-0", "--section", "U1600")
    assert rc == 0 and "board 102" in out
    assert store.load(u).rounds[0].board(2).result.text == "1-0"
    assert store.load(u).rounds[0].board(1).result is None
    refused(capsys, folder, "result", folder, 1, 2, "1-0", "--section", "U1600",
            match="numbered from 101")
    svc_all.change_settings(u, seed=5)
    assert "first_board = 101" in (u / "event.toml").read_text()
    assert store.check(u) == []
    (u / "event.toml").write_text((u / "event.toml").read_text().replace("= 101", "= 0"))
    assert any("first_board must be a board number" in p for p in store.check(u))


def test_first_board_set_by_add_and_by_first_board(tmp_path, capsys):
    """``sections add --first-board 101`` and ``sections first-board EVENT NAME N`` write the
    section's own key (issue 33 item 6); 1 removes it; the root and numbers out of range are
    refused in one line with nothing written; the rounds keep their numbers."""
    from swisstui.core.services import sections as svc
    folder = tmp_path / "ev"
    shutil.copytree(SAMPLES / "chess", folder)
    rc, out, _err = run(capsys, "sections", "add", folder, "U1600", "--first-board", "101")
    assert rc == 0
    u = folder / "sections" / "U1600"
    assert svc.first_board(u) == 101 and "first_board = 101" in (u / "event.toml").read_text()
    rc, out, _err = run(capsys, "sections", "first-board", folder, "U1600", "201")
    assert rc == 0 and "201" in out and svc.first_board(u) == 201
    before = (u / "event.toml").read_bytes(), (folder / "event.toml").read_bytes()
    refused(capsys, folder, "sections", "first-board", folder, "U1600", "0",
            match="from 1 to 99999")
    refused(capsys, folder, "sections", "first-board", folder, "main", "50",
            match="numbers its boards from 1")
    refused(capsys, folder, "sections", "first-board", folder, "Kids", "50",
            match="no section Kids")
    refused(capsys, folder, "sections", "add", folder, "Kids", "--first-board", "0",
            match="from 1 to 99999")
    assert not (folder / "sections" / "Kids").exists()
    assert ((u / "event.toml").read_bytes(), (folder / "event.toml").read_bytes()) == before
    rc, _out, _err = run(capsys, "sections", "first-board", folder, "U1600", "1")
    assert rc == 0 and "first_board" not in (u / "event.toml").read_text()
    assert svc.first_board(u) == 1


def test_explain_takes_and_names_the_hall_board(tmp_path, capsys):
    """``explain EVENT ROUND 102 --section U1600`` explains the section's board 2 and names it
    board 102; a number below the section's first is refused in one line."""
    from swisstui.core import services as svc_all
    from swisstui.core.services import sections as svc
    folder = tmp_path / "ev"
    shutil.copytree(SAMPLES / "chess", folder)
    u = svc.add_section(folder, "U1600", first_board=101).folder
    for i in range(4):
        svc_all.add_player(u, f"P{i}", rating=1500 - i)
    svc_all.pair_next(u)
    rc, out, _err = run(capsys, "explain", folder, 1, 102, "--section", "U1600")
    second = store.load(u).round(1).board(2)
    assert rc == 0 and out.startswith("board 102: "), out
    assert all(store.load(u).player(pid).name in out.splitlines()[0] for pid in second.players)
    refused(capsys, folder, "explain", folder, 1, 2, "--section", "U1600",
            match="numbered from 101")


def test_check_reports_sections_sharing_hall_numbers(tmp_path, capsys):
    """``check`` names two sections whose current rounds' boards share the hall's numbers
    once the hall numbers across sections, and says what first board would clear it;
    sections all numbered from 1 (separate rooms) are not reported."""
    from swisstui.core import services as svc_all
    from swisstui.core.services import sections as svc
    folder = tmp_path / "ev"
    shutil.copytree(SAMPLES / "chess", folder)
    u = svc.add_section(folder, "U1600").folder
    for i in range(6):
        svc_all.add_player(u, f"P{i}", rating=1500 - i)
    svc_all.pair_next(u)
    assert store.check(folder) == []  # both from 1: separate rooms
    main_boards = len(store.load(folder).round(store.load(folder).current_round).boards)
    svc.set_first_board(folder, "U1600", main_boards)  # one board too low
    problems = store.check(folder)
    assert len(problems) == 1 and "share hall board numbers" in problems[0]
    assert f"sections main (boards 1–{main_boards}) and U1600" in problems[0]
    assert f"first-board EVENT U1600 {main_boards + 1}" in problems[0]
    svc.set_first_board(folder, "U1600", main_boards + 1)
    assert store.check(folder) == []


def test_desk_takes_section_like_fees(ev, capsys):
    """``desk``, ``desk open|close|state|self-checkin`` take ``--section`` as ``fees`` does:
    on an event of several sections without it they are refused naming the sections (they
    acted on the main section silently, and ``desk state EV 19 …`` of a U1600 player said
    "no player with id 19"); with it, or given the section's folder, they act on that
    section's desk only."""
    line = f"swisstui: {ev} has sections main, U1600: say which with --section NAME\n"
    for argv in (("fees", ev), ("desk", ev), ("desk", ev, "--json"), ("desk", "open", ev),
                 ("desk", "close", ev, "--absent"), ("desk", "state", ev, 19, "waitlist"),
                 ("desk", "self-checkin", ev, "open")):
        assert refused(capsys, ev, *argv) == line, argv
    u = ev / "sections" / "U1600"
    rc, out, err = run(capsys, "desk", "state", ev, 19, "waitlist", "--section", "U1600")
    assert (rc, out, err) == (0, "19 Caio: waitlist\n", "")
    rc, out, err = run(capsys, "desk", "open", ev, "--section", "U1600")
    assert (rc, out) == (0, "check-in is open\n"), err
    assert not (ev / "desk.toml").exists() and (u / "desk.toml").is_file()
    rc, out, err = run(capsys, "desk", ev, "--section", "U1600", "--json")
    data = json.loads(out)
    assert (data["checkin"], data["checked_in"], data["expected"]) == ("open", 0, 5)
    assert [(p["id"], p["state"]) for p in data["players"]] == \
        [(17, "confirmed"), (18, "confirmed"), (19, "waitlist"), (20, "confirmed"),
         (21, "confirmed"), (22, "confirmed")]
    assert run(capsys, "desk", u, "--json")[1] == out  # the section's folder: that section
    rc, out, err = run(capsys, "desk", ev, "--section", "main", "--json")
    data = json.loads(out)
    assert (data["checkin"], len(data["players"]), data["expected"]) == ("closed", 16, 16)
    refused(capsys, ev, "desk", "state", ev, 19, "waitlist", "--section", "main",
            match="no player with id 19")
    refused(capsys, ev, "desk", ev, "--section", "U1800", match="no section U1800")


def test_log_of_the_whole_event_and_of_one_section(ev, capsys):
    """``log``, ``log --show`` and ``restore`` on an event of several sections need no
    ``--section`` (``log`` was refused asking for one): the history is the whole event's,
    and ``--section NAME`` filters it; a section's folder lists that section's entries, as
    ``--section`` does, numbered as in the whole log."""
    rc, whole, err = run(capsys, "log", ev, "--json")
    assert rc == 0, err
    entries = json.loads(whole)
    added = "add section: U1600, rounds 3, tiebreaks ['BH', 'SB'], options initial_colour b"
    assert [(e["number"], e["section"], e["subject"]) for e in entries] == \
        [(8 - i, "U1600", f"add player: {name}, rating {1500 - 5 + i}")
         for i, name in enumerate(("Fabi", "Edu", "Duda", "Caio", "Bea", "Ana"))] + \
        [(2, "main", added),  # one entry: the root's schema and the new section together
         (1, None, "history started: the event as it was")]
    rc, out, err = run(capsys, "log", ev)
    assert rc == 0 and len(out.splitlines()) == 8 and out.startswith("#8 "), err
    rc, out, err = run(capsys, "log", ev, "--section", "main", "--json")
    assert rc == 0 and [e["number"] for e in json.loads(out)] == [2], err
    u1600 = [e["number"] for e in entries if e["section"] == "U1600"]
    rc, out, err = run(capsys, "log", ev, "--section", "U1600", "--json")
    assert rc == 0 and [e["number"] for e in json.loads(out)] == u1600 == [8, 7, 6, 5, 4, 3]
    rc, out2, err = run(capsys, "log", ev / "sections" / "U1600", "--json")
    assert rc == 0 and out2 == out, err
    rc, out, err = run(capsys, "log", ev / "sections" / "U1600", "--section", "main", "--json")
    assert rc == 0 and [e["number"] for e in json.loads(out)] == [2], err
    rc, out, err = run(capsys, "log", ev, "--show", 3)
    assert rc == 0 and out.splitlines()[1] == "  U1600: player 17 Ana added", (out, err)
    rc, out, err = run(capsys, "log", ev, "--show", 2)
    assert rc == 0 and out.splitlines()[1:] == [
        "  main: files changed: event.toml",
        "  U1600: section added: Porto Alegre Rapid Open 2026, 0 players, 0 rounds paired",
    ], (out, err)
    rc, out, err = run(capsys, "restore", ev, "--to", 7, "--dry-run")
    assert rc == 0 and out.splitlines()[1:] == ["  U1600: player 22 Fabi removed",
                                                "dry run: nothing written"], (out, err)
    refused(capsys, ev, "log", ev, "--section", "U1800",
            match="no section U1800 in " + str(ev) + " (sections: main, U1600)")
