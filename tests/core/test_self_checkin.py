"""Self check-in from the players' page (issue 35 item 4): the codes, the rule, and the
service that writes one player's check-in and nothing else."""

import hashlib
import hmac

import pytest

from conftest import make_event
from swisstui.core import fees, registration, self_checkin, store
from swisstui.core.errors import EventFileError, SwissError
from swisstui.core.services import desk
from swisstui.core.services.history import log


def test_the_code_is_the_hmac_of_the_id_in_six_digits():
    key = "00" * 16
    mac = hmac.new(bytes(16), b"7", hashlib.sha256).digest()
    expected = str(int.from_bytes(mac[:8], "big") % 1_000_000).zfill(6)
    assert self_checkin.code_for(key, 7) == expected and len(expected) == 6
    assert self_checkin.code_matches(key, 7, expected[:3] + " " + expected[3:])
    assert not self_checkin.code_matches(key, 8, expected)
    assert not self_checkin.code_matches("", 7, expected)
    codes = {self_checkin.code_for(self_checkin.new_key(), 7) for _ in range(20)}
    assert len(codes) > 15  # a key of its own per section: other codes


def test_opening_makes_a_key_once_and_opens_check_in(tmp_path):
    folder = make_event(tmp_path, "chess", 4)
    d = desk.set_self_check_in(folder, True)
    assert d.self_checkin and d.checkin_open and len(d.self_checkin_key) == 32
    text = (folder / "desk.toml").read_text()
    assert 'self_checkin = "open"' in text and f'self_checkin_key = "{d.self_checkin_key}"' in text
    assert desk.set_self_check_in(folder, False).self_checkin_key == d.self_checkin_key
    again = desk.set_self_check_in(folder, True)
    assert again.self_checkin_key == d.self_checkin_key  # the codes handed out stay valid
    # closing check-in closes self check-in; opening check-in does not reopen it
    desk.set_check_in_open(folder, False)
    assert not desk.load_desk(folder).self_checkin
    assert not desk.set_check_in_open(folder, True).self_checkin
    codes = desk.self_check_in_codes(folder)
    assert [(p.id, c) for p, c in codes] == [
        (pid, self_checkin.code_for(d.self_checkin_key, pid)) for pid in (1, 2, 3, 4)]


def test_a_desk_without_self_check_in_is_written_as_before(tmp_path):
    folder = make_event(tmp_path, "chess", 4)
    desk.set_check_in_open(folder, True)
    assert "self_checkin" not in (folder / "desk.toml").read_text()
    assert desk.self_check_in_codes(folder) == []


def test_a_player_checks_in_with_their_code_and_nothing_else_changes(tmp_path):
    folder = make_event(tmp_path, "chess", 4)
    desk.set_due(folder, 2, "20")
    key = desk.set_self_check_in(folder, True).self_checkin_key
    before = (folder / "desk.toml").read_text()
    p, done = desk.self_check_in(folder, 2, self_checkin.code_for(key, 2))
    assert (p.id, done) == (2, True)
    after = (folder / "desk.toml").read_text()
    assert after == before.replace('id = 2\nstate = "confirmed"', 'id = 2\nstate = "checked-in"')
    assert after != before
    # twice: nothing written, no second history entry
    entries = len(log(folder))
    assert desk.self_check_in(folder, 2, self_checkin.code_for(key, 2))[1] is False
    assert (folder / "desk.toml").read_text() == after and len(log(folder)) == entries
    # the history names the player, never the code
    last = log(folder)[0]  # newest first
    assert last.subject == "self check-in: player 2"
    assert self_checkin.code_for(key, 2) not in last.subject + (last.reason or "")
    assert last.players == (2,)


@pytest.mark.parametrize("case,reason", [("closed", "closed"), ("check-in closed", "closed"),
                                         ("wrong code", "code"), ("no such id", "code"),
                                         ("withdrawn", "state"), ("waitlist", "state")])
def test_refusals_write_nothing(tmp_path, case, reason):
    folder = make_event(tmp_path, "chess", 4)
    key = desk.set_self_check_in(folder, True).self_checkin_key
    pid, code = 3, self_checkin.code_for(key, 3)
    if case == "closed":
        desk.set_self_check_in(folder, False)
    elif case == "check-in closed":
        desk.set_check_in_open(folder, False)
    elif case == "wrong code":
        code = str((int(code) + 1) % 1_000_000).zfill(6)
    elif case == "no such id":
        pid, code = 99, self_checkin.code_for(key, 99)
    elif case == "withdrawn":
        store.update(folder, lambda ev: registration.withdraw(ev, 3, 1))
    elif case == "waitlist":
        desk.set_state(folder, 3, "waitlist")
    files = {p: p.read_bytes() for p in folder.iterdir() if p.is_file()}
    with pytest.raises(SwissError) as err:
        desk.self_check_in(folder, pid, code)
    assert err.value.field == reason
    assert {p: p.read_bytes() for p in folder.iterdir() if p.is_file()} == files


@pytest.mark.parametrize("line,message", [
    ('self_checkin = "yes"', "'self_checkin' must be \"open\" or \"closed\""),
    ('self_checkin_key = "abc"', "'self_checkin_key' must be 32 hexadecimal digits"),
    ('self_checkin = "open"', "self check-in is open without a 'self_checkin_key'"),
])
def test_bad_desk_keys_are_one_line(tmp_path, line, message):
    path = tmp_path / "desk.toml"
    path.write_text(f'checkin = "open"\n{line}\n')
    with pytest.raises(EventFileError) as err:
        fees.read_desk(path)
    assert str(err.value).startswith(f"{path}:2:") and message in str(err.value)
