"""The venue server (swisstui/web): the players' page, its live feed, QR codes, and the
projector page that works at whatever address the browser used."""

import asyncio
import json
import re

import pytest
from aiohttp.test_utils import TestClient, TestServer
from conftest import make_event

from swisstui.core import services
from swisstui.web import pages, qr, server
from swisstui.web.snapshot import snapshot


def _paired(tmp_path, game="go", n=9):
    folder = make_event(tmp_path, game, n)
    services.pair_next(folder)
    return folder


def test_snapshot_finds_each_player_of_the_round(tmp_path):
    folder = _paired(tmp_path)
    ev = services.load(folder)
    doc = snapshot(ev)
    cur = doc["current"]
    assert cur["number"] == 1 and len(cur["boards"]) == 4 and len(cur["byes"]) == 1
    names = [p["name"] for p in cur["players"]]
    assert names == sorted(names) and len(names) == 9
    b1 = cur["boards"][0]
    first = next(p for p in cur["players"] if p["id"] == b1["a"]["id"])
    assert (first["board"], first["opponent_id"]) == (1, b1["b"]["id"])
    assert {b1["a"]["seat"], b1["b"]["seat"]} == {"Black", "White"}  # Go: colours
    bye = next(p for p in cur["players"] if p["id"] == cur["byes"][0]["id"])
    assert bye["note"] == "bye" and "board" not in bye
    # each player's own games: one row for round 1
    assert doc["games"][str(first["id"])][0][:4] == [1, 1, first["seat"], first["opponent"]]


def test_snapshot_of_a_game_without_colours(tmp_path):
    folder = _paired(tmp_path, "magic", 6)
    doc = snapshot(services.load(folder))
    assert {p["seat"] for p in doc["current"]["players"]} <= {"first", "second"}
    assert doc["has_colours"] is False


async def _client(folder, projector=None) -> TestClient:
    app = server.make_app(folder, projector, poll=0.05)
    client = TestClient(TestServer(app, host="127.0.0.1"))
    await client.start_server()
    return client


async def test_players_page_is_self_contained(tmp_path):
    client = await _client(_paired(tmp_path))
    try:
        resp = await client.get("/players")
        html = await resp.text()
        assert resp.status == 200 and "<title>Test go event – players</title>" in html
        assert "http:" not in html and "https:" not in html and "//" not in \
            re.sub(r"(?s)<script>.*?</script>", "", html)
        assert not re.search(r"""(src|href)=["']?(https?:)?//""", html)
        assert 'new EventSource("players/events")' in html  # relative: the browser's host
        resp = await client.get("/players/data.json")
        assert resp.headers["Content-Encoding"] == "gzip"  # the client asked for it
        data = json.loads(await resp.read())
        assert data["event"] == "Test go event"
        raw = await client.get("/players/data.json", headers={"Accept-Encoding": "identity"})
        assert "Content-Encoding" not in raw.headers
        assert json.loads(await raw.read()) == data
    finally:
        await client.close()


async def _next_message(reader, client) -> dict:
    """The next message of the feed, and the document it announces."""
    while True:
        line = await asyncio.wait_for(reader.readline(), 10)
        if line.startswith(b"data: "):
            msg = json.loads(line[6:])
            resp = await client.get(f"/players/data.json?v={msg['version']}")
            assert resp.headers["X-Document-Version"] == str(msg["version"])
            return {**msg, "doc": json.loads(await resp.read())}


async def test_live_feed_sends_a_saved_result_and_the_clock(tmp_path):
    folder = _paired(tmp_path)
    client = await _client(folder)
    try:
        resp = await client.get("/players/events")
        assert resp.headers["Content-Type"] == "text/event-stream"
        first = await _next_message(resp.content, client)
        assert set(first) == {"version", "now", "doc"} and first["now"] > 0
        assert first["doc"]["current"]["boards"][0]["result"] == ""
        assert first["doc"]["clock"] is None
        await asyncio.to_thread(services.record_result, folder, 1, 1, "B+R")
        second = await _next_message(resp.content, client)
        assert second["doc"]["current"]["boards"][0]["result"] == "B+R"
        assert second["version"] == first["version"] + 1
        await asyncio.to_thread(services.clock_start, folder, 50)
        third = await _next_message(resp.content, client)
        assert third["doc"]["clock"]["round"] == 1 and third["doc"]["clock"]["minutes"] == 50
        assert client.app[server.LIVE].clients == 1
        resp.close()
    finally:
        await client.close()


async def test_qr_code_holds_the_address_the_browser_used(tmp_path):
    client = await _client(_paired(tmp_path))
    try:
        svg = await (await client.get("/players/qr.svg",
                                      headers={"Host": "10.1.2.3:8000"})).text()
        assert "<title>http://10.1.2.3:8000/players</title>" in svg
        svg = await (await client.get("/players/qr.svg", headers={"Host": "[fd00::5]:8000"})).text()
        assert "<title>http://[fd00::5]:8000/players</title>" in svg
    finally:
        await client.close()


def test_qr_text_rows_are_square_and_match_the_code():
    import segno
    rows = qr.text_rows("http://10.0.0.7:8000/players", border=2)
    size = len(segno.make("http://10.0.0.7:8000/players", error="m", micro=False).matrix) + 4
    assert {len(r) for r in rows} == {size} and len(rows) == (size + 1) // 2
    assert rows[0] == "█" * size  # the quiet zone, drawn light


async def test_projector_page_uses_the_browsers_address_and_no_outside_font(tmp_path):
    client = await _client(_paired(tmp_path), projector="true")
    try:
        html = await (await client.get("/")).text()
        assert "fonts.googleapis" not in html and not re.search(r"https?://\w", html)
        assert 'src="static/js/textual.js"' in html and "location.host" in html
        assert 'url("static/fonts/RobotoMono-VariableFont_wght.ttf")' in html
        assert "fitFontSize" in html  # the text follows the window
        font = await client.get("/static/fonts/RobotoMono-VariableFont_wght.ttf")
        assert font.status == 200
        js = await (await client.get("/static/js/textual.js")).text()
        assert "fonts.googleapis" not in js
    finally:
        await client.close()


@pytest.mark.parametrize("host,expected", [
    ("192.168.1.5:8000", "http://192.168.1.5:8000/players"),
    ("[fd00::5]:8000", "'http://[fd00::5]:8000/players'"),
    ("x;rm -rf ~", None),  # not a host: never reaches the shell
])
def test_projector_command_gets_a_quoted_players_url(host, expected):
    from aiohttp.test_utils import make_mocked_request
    proj = server.Projector("python -m swisstui display EV", "T")
    req = make_mocked_request("GET", "/ws", headers={"Host": host})
    cmd = proj.command_for(req)
    if expected is not None:
        assert cmd.endswith(f"--players-url {expected}")
    else:
        assert "rm" not in cmd and ";" not in cmd
        assert re.fullmatch(r"python -m swisstui display EV --players-url http://[\w.:]+/players",
                            cmd)


def test_wildcard_address_is_shown_as_an_address_a_phone_can_use():
    assert server.url_host("127.0.0.1", 8000) == "127.0.0.1:8000"
    assert server.url_host("::1", 8000) == "[::1]:8000"
    assert not server.url_host("0.0.0.0", 8000).startswith("0.0.0.0")


def test_projector_page_is_a_template_of_ours():
    html = pages.projector_page("A & B")
    assert "<title>A &amp; B</title>" in html and "{{" not in html and "{title}" not in html
