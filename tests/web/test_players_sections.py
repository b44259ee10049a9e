"""The players' page of an event of several sections (issue 33, item 9): one document for
the whole event, given its folder or a section's; board numbers are the hall's (a section's
``first_board``); the search finds every section's players and names the section; the
server rebuilds on a change in any section's folder or clock.  An event of one section is
served as before."""

import asyncio
import json
import shutil

import pytest
from aiohttp.test_utils import TestClient, TestServer
from conftest import make_event

from swisstui.core import services
from swisstui.core.services import sections
from swisstui.web import server
from swisstui.web.snapshot import snapshot, snapshot_bytes

U1600 = ("Ana Lima", "Bea Costa", "Caio Reis", "Duda Alves", "Edu Rocha", "Fabi Dias")


def sectioned(tmp_path):
    """A chess open (8 players, ids 1-8) and a U1600 section whose board 1 is the hall's
    101 (6 players, ids 9-14); round 1 played in both (first-listed wins), then player 3
    moved to the U1600 and round 2 paired in both."""
    root = make_event(tmp_path, "chess", 8, name="Spring Open")
    u = sections.add_section(root, "U1600").folder
    with (u / "event.toml").open("a") as f:
        f.write("first_board = 101\n")
    for i, name in enumerate(U1600):
        services.add_player(u, name, rating=1500 - i)
    for folder in (root, u):
        services.pair_next(folder)
        for b in services.load(folder).round(1).boards:
            services.record_result(folder, 1, b.number, "1-0")
    sections.move_player(root, 3, "U1600")
    services.pair_next(u)
    services.pair_next(root)
    return root, u


def test_one_document_holds_every_section_with_the_halls_board_numbers(tmp_path):
    root, u = sectioned(tmp_path)
    doc = json.loads(snapshot_bytes(root))
    assert json.loads(snapshot_bytes(u)) == {**doc, "clock": None}  # a section's folder: same
    assert [(s["name"], s["first_board"]) for s in doc["sections"]] == \
        [("main", 1), ("U1600", 101)]
    # the top level is the first section's, as for an event of one section; the others
    # carry their own fields
    assert doc["event"] == "Spring Open" and doc["round"] == 2
    assert set(doc["sections"][0]) == {"name", "first_board"}
    second = doc["sections"][1]
    ev = services.load(u)
    assert second["round"] == 2 and second["rounds"] == 5 and second["game"] == "chess"
    assert [b["board"] for b in doc["current"]["boards"]] == [1, 2, 3]
    assert [b["board"] for b in second["current"]["boards"]] == [101, 102, 103]
    # the round file keeps the section's own numbers
    assert [b.number for b in ev.round(2).boards] == [1, 2, 3]
    board3 = ev.round(2).boards[2]
    a, b = board3.players
    card = next(c for c in second["cards"] if c["id"] == a)
    assert card["board"] == 103 and card["opponent_id"] == b
    found = next(p for p in second["current"]["players"] if p["id"] == a)
    assert found["board"] == 103
    # "my games": round 1's board of a U1600 player is 101 or more, never 1
    nine = second["games"]["9"]
    assert [row[0] for row in nine] == [1, 2] and all(row[1] >= 101 for row in nine)
    assert {row[1] for row in doc["games"]["1"]} <= {1, 2, 3, 4}
    # the moved player: withdrawn in the open (no board), playing in the U1600
    moved_open = next(c for c in doc["cards"] if c["id"] == 3)
    moved_u = next(c for c in second["cards"] if c["id"] == 3)
    assert "board" not in moved_open and moved_open["note"] == "withdrawn"
    assert moved_u["board"] in (101, 102, 103)
    standing = [r[2] for r in second["standings"]["rows"]]
    assert sorted(standing) == sorted([*U1600, "Chen Ahn"])


def test_each_section_shows_its_own_clock_else_the_halls(tmp_path):
    root, u = sectioned(tmp_path)
    services.clock_start(root, 60)
    doc = json.loads(snapshot_bytes(root))
    assert doc["clock"]["minutes"] == 60 and doc["sections"][1]["clock"]["minutes"] == 60
    services.clock_start(u, 45)
    doc = json.loads(snapshot_bytes(root))
    assert doc["clock"]["minutes"] == 60 and doc["sections"][1]["clock"]["minutes"] == 45


@pytest.mark.parametrize("game", ["chess", "go", "magic"])
def test_an_event_of_one_section_is_served_as_before(tmp_path, game):
    root = tmp_path / "ev"
    shutil.copytree(services.__file__.rsplit("/core/", 1)[0] + f"/sample_events/{game}", root)
    doc = json.loads(snapshot_bytes(root))
    assert list(doc) == ["event", "game", "lang", "event_lang", "round", "rounds",
                         "rounds_text", "text", "has_colours", "dates", "current",
                         "standings", "games", "cards", "crosstable", "clock"]
    assert doc == snapshot(services.load(root))
    boards = [b["board"] for b in doc["current"]["boards"]]
    assert boards == list(range(1, len(boards) + 1))


async def _client(folder) -> TestClient:
    client = TestClient(TestServer(server.make_app(folder, poll=0.05), host="127.0.0.1"))
    await client.start_server()
    return client


async def _version_after(client, before: int) -> int:
    live = client.app[server.LIVE]
    for _ in range(200):
        if live.version > before:
            break
        await asyncio.sleep(0.05)
    return live.version


@pytest.mark.parametrize("given", ["root", "section"])
async def test_the_server_rebuilds_on_a_change_in_the_second_section(tmp_path, given):
    root, u = sectioned(tmp_path)
    client = await _client(root if given == "root" else u)
    try:
        resp = await client.get("/players")
        assert "Spring Open" in await resp.text() and 'id="sec"' in await resp.text()
        doc = await (await client.get("/players/data.json")).json()
        version = client.app[server.LIVE].version
        assert [s["name"] for s in doc["sections"]] == ["main", "U1600"]
        assert doc["sections"][1]["current"]["boards"][1]["result"] == ""
        await asyncio.to_thread(services.record_result, u, 2, 2, "1-0")  # board 102
        assert await _version_after(client, version) == version + 1
        doc = await (await client.get("/players/data.json")).json()
        assert doc["sections"][1]["current"]["boards"][1] == {
            **doc["sections"][1]["current"]["boards"][1], "board": 102, "result": "1-0"}
        # a clock the U1600 starts for itself
        await asyncio.to_thread(services.clock_start, u, 30)
        assert await _version_after(client, version + 1) == version + 2
        doc = await (await client.get("/players/data.json?lang=ja")).json()
        assert doc["clock"] is None and doc["sections"][1]["clock"]["minutes"] == 30
        # a third section added while serving
        await asyncio.to_thread(sections.add_section, root, "U1200")
        assert await _version_after(client, version + 2) == version + 3
        doc = await (await client.get("/players/data.json")).json()
        assert [s["name"] for s in doc["sections"]] == ["main", "U1200", "U1600"]
    finally:
        await client.close()


@pytest.mark.parametrize("section,expected", [
    ("U1600", " --players-url 'http://10.0.0.7:8000/players?section=U1600' --section U1600"),
    ("-", " --players-url http://10.0.0.7:8000/players"),
    ("a;rm -rf ~", " --players-url http://10.0.0.7:8000/players"),  # not a section name
])
def test_the_projector_shows_one_section_with_its_players_page(section, expected):
    """``/?section=U1600`` on the projector's page reaches ``/ws/-/-/U1600``: the display
    shows that section, and its QR code opens the players' page on it."""
    from aiohttp.test_utils import make_mocked_request
    proj = server.Projector("python -m swisstui display EV", "T")
    req = make_mocked_request("GET", f"/ws/-/-/{section}", headers={"Host": "10.0.0.7:8000"},
                              match_info={"view": "-", "range": "-", "section": section})
    assert proj.command_for(req) == "python -m swisstui display EV" + expected
    html = server.pages.projector_page("T")
    assert 'section = q.get("section")' in html and "encodeURIComponent(section)" in html


# ---- the page's script (run in Node with a stand-in for the browser's document) -------------

_STUB = """
const els={};
function el(id){return els[id]||(els[id]={id,textContent:"",innerHTML:"",className:"",value:"",
  hidden:false,dataset:{},setAttribute(){},addEventListener(){}});}
const buttons=["find","boards","standings"].map(t=>({dataset:{tab:t},textContent:"",
  setAttribute(){},addEventListener(){}}));
globalThis.localStorage={getItem(k){return STORE[k]??null},setItem(k,v){STORE[k]=String(v)}};
globalThis.document={documentElement:{},title:"",querySelector(s){
  if(s==="#q") return (els.body&&els.body.innerHTML.includes("id=q"))?el("q"):null;
  return el(s.slice(1));},querySelectorAll(){return buttons;}};
globalThis.fetch=async()=>({ok:true,headers:{get(){return "1"}},json:async()=>DOC});
globalThis.EventSource=function(){};
globalThis.performance={now(){return 0}};
globalThis.setInterval=()=>0;
"""


def _page(doc, store):
    """The page's script run on ``doc`` with ``store`` as the phone's localStorage: what the
    banner, the section picker and the boards tab show, and the storage after."""
    import re
    import subprocess
    from swisstui.web import pages
    script = re.search(r"<script>(.*)</script>", pages.players_page(doc["event"]), re.S).group(1)
    show = """setTimeout(()=>{tab="boards";render();
      console.log(JSON.stringify([els.banner.hidden?"":els.banner.innerHTML, els.sec.value,
        els.sec.hidden, els.body.innerHTML, STORE]));},20);"""
    js = f"const DOC={json.dumps(doc)}, STORE={json.dumps(store)};\n{_STUB}{script}{show}"
    out = subprocess.run(["node", "-e", js], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


@pytest.mark.skipif(shutil.which("node") is None, reason="node is missing")
def test_the_banner_names_the_players_section_and_hall_board(tmp_path):
    root, u = sectioned(tmp_path)
    doc = json.loads(snapshot_bytes(root))
    board = next(b.number for b in services.load(u).round(2).boards if 9 in b.players)
    # Ana Lima (9, U1600) saw round 1 of her section; the page was left on the open
    banner, shown, hidden, body, store = _page(doc, {"me": "9", "section": "main",
                                                     "round@U1600": "1"})
    assert "Round 2 is paired." in banner and f"U1600 · Board {100 + board}" in banner
    assert (shown, hidden) == ("main", False) and store["round@U1600"] == "2"
    assert ">1</td>" in body and ">101</td>" not in body  # the open's boards
    # her section's round already seen: no banner; a section never seen: none either
    assert _page(doc, {"me": "9", "round@U1600": "2"})[0] == ""
    assert _page(doc, {"section": "U1600"})[0] == ""
    banner, shown, _hidden, body, store = _page(doc, {"section": "U1600"})
    assert shown == "U1600" and ">101</td>" in body and store["round@U1600"] == "2"
    # an event of one section: the picker hidden, the banner's key as before
    folder = make_event(tmp_path, "chess", 6)
    services.pair_next(folder)
    one = json.loads(snapshot_bytes(folder))
    banner, _shown, hidden, _body, store = _page(one, {})
    assert hidden is True and store == {"round": "1"} and banner == ""
    assert "Round 2 is paired." in _page({**one, "current": {**one["current"], "number": 2}},
                                         {"round": "1"})[0]
