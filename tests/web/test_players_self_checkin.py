"""Self check-in from the players' page (issue 35 item 4): ``POST /players/checkin`` writes
one player's check-in and nothing else.  Random and hostile requests — other ids, other
fields, path tricks, huge and broken bodies, closed check-in, withdrawn and waitlisted
players — leave every file of the event folder byte-identical, its history (.git) too; the
one request that may write changes exactly that player's ``state`` line of desk.toml (and
adds its history entry).  Every answer is one line of JSON, never a traceback."""

import json
import random
from pathlib import Path

import pytest
from aiohttp.test_utils import TestClient, TestServer
from conftest import make_event

from swisstui.core import registration, self_checkin, store
from swisstui.core.services import desk, sections
from swisstui.core.services.history import log
from swisstui.web import server

from test_players_sections import sectioned


def _files(folder: Path) -> dict[str, bytes]:
    """Every file under the folder, .git's too, by relative path."""
    return {str(p.relative_to(folder)): p.read_bytes()
            for p in sorted(folder.rglob("*")) if p.is_file() and not p.is_symlink()}


def _event(tmp_path, n=6) -> tuple[Path, str]:
    """A chess event whose desk has an entry for every player (fees, one waitlisted, one
    withdrawn) and self check-in open; its key."""
    folder = make_event(tmp_path, "chess", n)
    for pid in range(1, n + 1):
        desk.set_due(folder, pid, "15")
    desk.set_state(folder, 5, "waitlist")
    store.update(folder, lambda ev: registration.withdraw(ev, 6, 1))
    return folder, desk.set_self_check_in(folder, True).self_checkin_key


async def _client(folder) -> TestClient:
    client = TestClient(TestServer(server.make_app(folder, poll=0.05), host="127.0.0.1"))
    await client.start_server()
    return client


async def _post(client, body, path="/players/checkin", **kw):
    resp = await client.post(path, data=body, headers={
        "Content-Type": "application/x-www-form-urlencoded", **kw.pop("headers", {})}, **kw)
    text = await resp.text()
    return resp.status, text


async def _doc_until(client, ok, timeout=10.0):
    """The document, once ``ok(doc)`` (the server's watcher sees the desk file change)."""
    import asyncio
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while True:
        doc = json.loads(await (await client.get("/players/data.json")).read())
        if ok(doc) or loop.time() > deadline:
            return doc
        await asyncio.sleep(0.05)


def _code(key, pid):
    return self_checkin.code_for(key, pid)


def _wrong(key, pid):
    return str((int(_code(key, pid)) + 1) % 1_000_000).zfill(6)


async def test_a_player_checks_in_and_only_their_state_line_changes(tmp_path):
    folder, key = _event(tmp_path)
    before, entries = _files(folder), len(log(folder))
    client = await _client(folder)
    try:
        status, text = await _post(client, f"id=2&code={_code(key, 2)}")
        assert (status, json.loads(text)) == (200, {"ok": True})
        doc = await _doc_until(client, lambda d: d.get("self_checkin", {}).get("in"))
        assert doc["self_checkin"] == {"in": [2]}
        # again: already in, nothing more written
        assert (await _post(client, f"id=2&code={_code(key, 2)}"))[0] == 200
    finally:
        await client.close()
    after = _files(folder)
    changed = {k for k in before.keys() | after.keys()
               if before.get(k) != after.get(k) and not k.startswith(".git/")}
    assert changed == {"desk.toml"}
    old, new = before["desk.toml"].decode().splitlines(), after["desk.toml"].decode().splitlines()
    diff = [(a, b) for a, b in zip(old, new) if a != b]
    assert len(old) == len(new) and diff == [('state = "confirmed"', 'state = "checked-in"')]
    at = new.index("id = 2")
    assert new[at + 1] == 'state = "checked-in"'  # the line of player 2's entry
    assert len(log(folder)) == entries + 1
    assert log(folder)[0].subject == "self check-in: player 2"


def _hostile(key) -> list[tuple[str, str | bytes]]:
    """(path, body) of requests that must change nothing."""
    huge = b"id=2&code=" + b"1" * 2_000_000
    return [
        ("/players/checkin", f"id=2&code={_wrong(key, 2)}"),  # not the code
        ("/players/checkin", f"id=3&code={_code(key, 2)}"),  # someone else's code
        ("/players/checkin", f"id=99&code={_code(key, 99)}"),  # no such player
        ("/players/checkin", f"id=5&code={_code(key, 5)}"),  # on the waitlist
        ("/players/checkin", f"id=6&code={_code(key, 6)}"),  # withdrawn
        ("/players/checkin", f"id=2&code={_code(key, 2)}&state=withdrawn"),  # other fields
        ("/players/checkin", f"id=2&code={_code(key, 2)}&due=0"),
        ("/players/checkin", f"id=3&id=2&code={_code(key, 2)}"),
        ("/players/checkin", f"id=2&code={_code(key, 2)}&code={_code(key, 2)}"),
        ("/players/checkin", f"id=-2&code={_code(key, 2)}"),
        ("/players/checkin", f"id=2.0&code={_code(key, 2)}"),
        ("/players/checkin", f"id=../desk.toml&code={_code(key, 2)}"),  # path tricks
        ("/players/checkin", f"id=2/../../event.toml&code={_code(key, 2)}"),
        ("/players/checkin/../../desk.toml", f"id=2&code={_code(key, 2)}"),
        ("/players/../desk.toml", f"id=2&code={_code(key, 2)}"),
        ("/players/checkin%2f..%2fdesk.toml", f"id=2&code={_code(key, 2)}"),
        ("/players/checkin", json.dumps({"id": 2, "code": _code(key, 2)})),
        ("/players/checkin", "id=2&code=" + "9" * 300),
        ("/players/checkin", huge),  # too large
        ("/players/checkin", b"id=2&code=\xff\xfe"),  # not text
        ("/players/checkin", b"\x00" * 100),
        ("/players/checkin", ""),
    ]


async def test_hostile_requests_change_no_byte_of_the_folder(tmp_path, monkeypatch):
    folder, key = _event(tmp_path)
    desk.set_state(folder, 4, "checked-in")
    before = _files(folder)
    monkeypatch.setattr(server, "CHECKIN_PER_CLIENT", 10_000)  # the guards below, not this
    monkeypatch.setattr(server, "CHECKIN_TRIES", 10_000)
    client = await _client(folder)
    try:
        for path, body in _hostile(key):
            status, text = await _post(client, body, path=path)
            assert status in (400, 403, 404, 405, 413, 429), (path, body[:80], status, text)
            assert "Traceback" not in text
            if path == "/players/checkin":
                assert json.loads(text)["ok"] is False
        # other methods, and the page's other addresses, write nothing either
        for method in ("GET", "PUT", "DELETE", "PATCH"):
            resp = await client.request(method, "/players/checkin",
                                        data=f"id=2&code={_code(key, 2)}")
            assert resp.status == 405
        # a code right for player 2 against checked-in player 4: the code is 4's or nothing
        status, text = await _post(client, f"id=4&code={_code(key, 2)}")
        assert json.loads(text) == {"ok": False, "reason": "code"}
        assert _files(folder) == before
        # closed: the right code changes nothing either
        desk.set_self_check_in(folder, False)
        closed = _files(folder)
        status, text = await _post(client, f"id=2&code={_code(key, 2)}")
        assert (status, json.loads(text)) == (403, {"ok": False, "reason": "closed"})
        assert _files(folder) == closed
        desk.set_self_check_in(folder, True)
        desk.set_check_in_open(folder, False)  # check-in closed at the desk: self closed too
        closed = _files(folder)
        assert json.loads((await _post(client, f"id=2&code={_code(key, 2)}"))[1])["reason"] \
            == "closed"
        assert _files(folder) == closed
    finally:
        await client.close()
    assert desk.load_desk(folder).entry(2).state == "confirmed"


def _random_body(rng: random.Random, key: str) -> bytes:
    """A body a fuzzer makes: random bytes, random fields, or a near-valid form."""
    kind = rng.randrange(5)
    if kind == 0:
        return bytes(rng.randrange(256) for _ in range(rng.randrange(0, 400)))
    if kind == 1:
        alphabet = "id=code&%;/.\\0123456789abcdef +-_\n\x00é한"
        return "".join(rng.choice(alphabet) for _ in range(rng.randrange(0, 300))).encode()
    if kind == 2:
        fields = ["id", "code", "state", "due", "name", "id[]", "ID", "", "checkin"]
        return "&".join(f"{rng.choice(fields)}={rng.randrange(-5, 10**7)}"
                        for _ in range(rng.randrange(0, 6))).encode()
    if kind == 3:  # an id and a wrong code
        pid = rng.randrange(0, 20)
        return f"id={pid}&code={_wrong(key, pid)}".encode()
    pid = rng.choice([5, 6, 99])  # waitlisted, withdrawn, nobody: their own codes
    return f"code={_code(key, pid)}&id={pid}".encode()


async def test_random_bodies_never_write_or_raise(tmp_path, monkeypatch):
    folder, key = _event(tmp_path)
    before = _files(folder)
    monkeypatch.setattr(server, "CHECKIN_PER_CLIENT", 10_000)
    rng = random.Random(35)
    client = await _client(folder)
    try:
        for _i in range(300):
            body = _random_body(rng, key)
            status, text = await _post(client, body)
            answer = json.loads(text)
            assert status in (400, 403, 429) and answer["ok"] is False, (body, status, text)
            assert answer["reason"] in ("closed", "code", "state", "tries", "busy", "error")
    finally:
        await client.close()
    assert _files(folder) == before


async def test_wrong_codes_lock_the_id_and_a_flood_locks_the_client(tmp_path):
    folder, key = _event(tmp_path)
    client = await _client(folder)
    try:
        for _i in range(server.CHECKIN_TRIES):
            assert json.loads((await _post(client, f"id=2&code={_wrong(key, 2)}"))[1])[
                "reason"] == "code"
        # the right code now: refused, the id has had its tries
        status, text = await _post(client, f"id=2&code={_code(key, 2)}")
        assert (status, json.loads(text)["reason"]) == (429, "tries")
        assert desk.load_desk(folder).entry(2).state == "confirmed"
        # another player is not locked by it
        assert json.loads((await _post(client, f"id=3&code={_code(key, 3)}"))[1]) == \
            {"ok": True}
        left = server.CHECKIN_PER_CLIENT - server.CHECKIN_TRIES - 2
        for _i in range(left):
            await _post(client, "junk")
        status, text = await _post(client, f"id=4&code={_code(key, 4)}")
        assert (status, json.loads(text)["reason"]) == (429, "busy")
        assert desk.load_desk(folder).entry(4).state == "confirmed"
    finally:
        await client.close()


def test_limits_forget_old_times_and_old_keys():
    limits = server.Limits(keys=3)
    for t in (0.0, 1.0, 2.0):
        limits.add("a", t)
    assert limits.count("a", 2.5, 60.0) == 3 and limits.count("a", 61.5, 60.0) == 1
    for k in "bcd":
        limits.add(k, 3.0)
    assert "a" not in limits.seen and len(limits.seen) == 3


async def test_a_moved_player_checks_in_where_they_play(tmp_path):
    root, u = sectioned(tmp_path)
    key = desk.set_self_check_in(u, True).self_checkin_key
    assert not (root / "desk.toml").exists()
    before = _files(root)
    client = await _client(root)
    try:
        # player 3 moved to the U1600 after round 1: withdrawn in the open, plays in U1600
        assert json.loads((await _post(client, f"id=3&code={_code(key, 3)}"))[1]) == \
            {"ok": True}
        # an open player: the U1600's code is not theirs, and the open has no self check-in
        assert json.loads((await _post(client, f"id=1&code={_code(key, 1)}"))[1])[
            "reason"] == "closed"
        doc = await _doc_until(client, lambda d: d["sections"][1]["self_checkin"]["in"])
        assert "self_checkin" not in doc
        assert [s.get("self_checkin") for s in doc["sections"]] == [None, {"in": [3]}]
    finally:
        await client.close()
    after = _files(root)
    changed = {k for k in before.keys() | after.keys()
               if before.get(k) != after.get(k) and not k.startswith(".git/")}
    assert changed == {"sections/U1600/desk.toml"}
    assert desk.load_desk(u).entry(3).state == "checked-in"
    assert sections.section_name(u) == "U1600"


def test_the_document_has_no_self_checkin_while_it_is_closed(tmp_path):
    from swisstui.web.snapshot import snapshot_bytes
    folder = make_event(tmp_path, "chess", 4)
    plain = snapshot_bytes(folder)
    desk.set_check_in_open(folder, True)
    assert snapshot_bytes(folder) == plain  # a desk without it: the document as before
    desk.set_self_check_in(folder, True)
    assert json.loads(snapshot_bytes(folder))["self_checkin"] == {"in": []}
    (folder / "desk.toml").write_text("checkin = 1\n")  # damaged: the page offers none
    assert "self_checkin" not in json.loads(snapshot_bytes(folder))


@pytest.mark.parametrize("body", ["id=2&code=123456", "code=123456&id=2"])
def test_the_form_is_read_in_any_order(body):
    assert server._checkin_form(body.encode()) == (2, "123456")


@pytest.mark.skipif(__import__("shutil").which("node") is None, reason="node is missing")
def test_the_card_asks_for_the_code_in_the_players_language(tmp_path, pseudo):
    from test_players_lang import _run_page
    from swisstui.web.snapshot import snapshot
    folder = make_event(tmp_path, "chess", 4)
    doc = snapshot(store.load(folder), lang=pseudo)
    assert "self_checkin" not in doc
    closed = _run_page(doc, pseudo, "", "2")[2]
    assert "id=mycard" in closed and "checkin" not in closed
    doc["self_checkin"] = {"in": []}
    mine = _run_page(doc, pseudo, "", "2")[2]
    assert "<form id=checkin" in mine and 'data-id="2"' in mine
    assert "⟦Your check-in code⟧" in mine and "⟦Check in⟧</button>" in mine
    doc["self_checkin"] = {"in": [2]}
    mine = _run_page(doc, pseudo, "", "2")[2]
    assert "✓ ⟦Checked in⟧" in mine and "<form" not in mine
    # the texts of every answer are on the page, in the player's language
    text = doc["text"]
    for reason in ("closed", "code_wrong", "state", "tries", "busy", "error"):
        assert text[f"checkin_{reason}"].startswith("⟦")
