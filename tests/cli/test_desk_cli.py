"""``swisstui desk`` / ``fees`` / ``players checkin NAME`` through the real parser and store."""

import json

from conftest import make_event
from swisstui.cli import main
from swisstui.core import store
from swisstui.core.model import ByeKind


def _run(capsys, *argv):
    rc = main(list(argv))
    out = capsys.readouterr()
    return rc, out.out, out.err


def test_players_checkin_keeps_roll_call_when_desk_closed(tmp_path, capsys):
    folder = str(make_event(tmp_path, "chess", 4))
    assert _run(capsys, "players", "checkin", folder, "2", "--absent")[0] == 0
    assert store.load(folder).player(2).requested_bye(1) is ByeKind.ABSENT
    rc, out, _e = _run(capsys, "players", "checkin", folder, "2")
    assert rc == 0 and out.endswith("present in round 1\n")
    assert store.load(folder).player(2).requested_bye(1) is None
    assert not (tmp_path / "event" / "desk.toml").exists()


def test_desk_toggle_by_name_counts_and_close(tmp_path, capsys):
    folder = str(make_event(tmp_path, "chess", 4))
    name = store.load(folder).player(3).name
    assert _run(capsys, "desk", "open", folder)[1] == "check-in is open\n"
    rc, out, _e = _run(capsys, "players", "checkin", folder, name[:4].lower())
    assert rc == 0 and out == f"3 {name}: checked in\n"
    rc, out, _e = _run(capsys, "desk", folder, "--json")
    data = json.loads(out)
    assert (data["checked_in"], data["expected"], data["paid"]) == (1, 4, 0)
    rc, out, _e = _run(capsys, "desk", folder, "--not-checked-in")
    assert [line.split()[0] for line in out.splitlines()[:-1]] == ["1", "2", "4"]
    assert out.splitlines()[-1] == ("checked in 1 / expected 4 / paid 0; check-in is open")
    rc, out, _e = _run(capsys, "desk", "close", folder, "--withdraw", "--dry-run")
    assert out.splitlines()[-1] == "3 players not checked in for round 1 (nothing written)"
    assert store.load(folder).player(1).withdrawn_from is None
    rc, out, _e = _run(capsys, "desk", "close", folder, "--withdraw")
    assert rc == 0 and out.splitlines()[-1] == "check-in closed: 3 players withdrawn from round 1"
    assert [p.withdrawn_from for p in store.load(folder).players] == [1, 1, None, 1]


def test_fees_sheet_text_and_csv(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("SWISSTUI_DIRECTOR", "Anna")
    folder = str(make_event(tmp_path, "chess", 3))
    assert _run(capsys, "fees", folder, "currency", "eur")[1] == "EUR\n"
    rc, out, _e = _run(capsys, "fees", folder, "due", "1", "30", "--discount", "7.50",
                       "--reason", "junior")
    assert out.endswith(": due 22.50, paid 0, owed 22.50\n")
    _run(capsys, "fees", folder, "pay", "1", "20", "--method", "cash")
    _run(capsys, "fees", folder, "due", "2", "30")
    _run(capsys, "fees", folder, "pay", "2", "30", "--method", "card")
    rc, out, _e = _run(capsys, "fees", folder)
    lines = out.splitlines()
    assert lines[-3:] == ["paid by cash: 20 EUR", "paid by card: 30 EUR",
                          "due 52.50 EUR after discounts of 7.50 EUR, paid 50 EUR, owed 2.50 EUR"]
    rc, out, _e = _run(capsys, "fees", folder, "--owed", "--csv")
    rows = out.splitlines()
    assert rows[0] == "id,name,due,discount,reason,paid,owed,currency"
    assert len(rows) == 2 and rows[1].startswith("1,") and rows[1].endswith(
        ",30,7.50,junior,20,2.50,EUR")


def test_fees_bad_input_one_line_nothing_written(tmp_path, capsys):
    folder = make_event(tmp_path, "chess", 3)
    assert _run(capsys, "fees", str(folder), "due", "1", "10")[0] == 0
    before = (folder / "desk.toml").read_bytes()
    rc, out, err = _run(capsys, "fees", str(folder), "due", "1", "-10")
    assert rc == 1 and err == "swisstui: the fee cannot be negative or infinite, not -10\n"
    rc, out, err = _run(capsys, "fees", str(folder), "pay", "1", "5", "--method", "gold")
    assert rc == 1 and err.count("\n") == 1 and "unknown payment method 'gold'" in err
    assert (folder / "desk.toml").read_bytes() == before
