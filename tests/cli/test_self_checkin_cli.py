"""``swisstui desk self-checkin EVENT open|close|codes`` through the real parser and store
(issue 35 item 4)."""

import json

from conftest import make_event
from swisstui.cli import main
from swisstui.core import self_checkin
from swisstui.core.services import desk


def _run(capsys, *argv):
    rc = main(list(argv))
    out = capsys.readouterr()
    return rc, out.out, out.err


def test_open_codes_close(tmp_path, capsys):
    folder = str(make_event(tmp_path, "chess", 3))
    rc, _out, err = _run(capsys, "desk", "self-checkin", folder, "codes")
    assert rc == 1 and "self check-in was never opened" in err and "Traceback" not in err
    assert _run(capsys, "desk", "self-checkin", folder, "open")[1] == \
        "self check-in on the players' page is open (check-in too)\n"
    d = desk.load_desk(folder)
    assert d.self_checkin and d.checkin_open
    data = json.loads(_run(capsys, "desk", folder, "--json")[1])
    assert (data["checkin"], data["self_checkin"]) == ("open", "open")
    rc, out, _e = _run(capsys, "desk", "self-checkin", folder, "codes")
    codes = [line.split(None, 2) for line in out.splitlines()]
    assert [(int(i), c) for i, c, _n in codes] == [
        (pid, self_checkin.code_for(d.self_checkin_key, pid)) for pid in (1, 2, 3)]
    rc, out, _e = _run(capsys, "desk", "self-checkin", folder, "codes", "--json")
    assert [r["code"] for r in json.loads(out)] == [c for _i, c, _n in codes]
    assert _run(capsys, "desk", "self-checkin", folder, "close")[1] == \
        "self check-in on the players' page is closed\n"
    assert not desk.load_desk(folder).self_checkin and desk.load_desk(folder).checkin_open
    before = (tmp_path / "event" / "desk.toml").read_bytes()
    rc, _out, err = _run(capsys, "desk", "self-checkin", folder, "maybe")
    assert rc == 1 and err.strip().endswith(
        "usage: swisstui desk self-checkin EVENT open|close|codes")
    assert (tmp_path / "event" / "desk.toml").read_bytes() == before
