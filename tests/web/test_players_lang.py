"""The players' page and the projector page in the players' language (issue 17): a
pseudo-catalogue brackets every translated string (``⟦Board⟧``); the page's script, run in
Node with a small stand-in for the browser's document, must show only bracketed words and
data (names, numbers, codes, results)."""

import json
import re
import shutil
import subprocess

import pytest
from conftest import make_event

from swisstui.core import services
from swisstui.web import pages
from swisstui.web.snapshot import snapshot




def _event(tmp_path, game="go", n=9):
    folder = make_event(tmp_path, game, n)
    services.pair_next(folder)
    rnd = services.load(folder).round(1)
    services.record_result(folder, 1, rnd.boards[0].number, "B+R" if game == "go" else "1-0")
    return services.load(folder)


def test_the_snapshot_speaks_the_players_language(tmp_path, pseudo):
    ev = _event(tmp_path)
    doc = snapshot(ev, lang=pseudo)
    assert doc["lang"] == "xx"
    assert doc["text"] == {k: f"⟦{v}⟧" for k, v in pages.PAGE_TEXT.items()}
    cur = doc["current"]
    assert {cur["boards"][0]["a"]["seat"], cur["boards"][0]["b"]["seat"]} == \
        {"⟦Black⟧", "⟦White⟧"}
    assert cur["byes"][0]["kind"] == "⟦bye⟧"
    bye = next(p for p in cur["players"] if p["id"] == cur["byes"][0]["id"])
    assert bye["note"] == "⟦bye⟧"
    assert doc["rounds_text"] == "⟦{n} rounds⟧".replace("{n}", "5")
    assert cur["boards"][0]["result"] == "B+R"  # result notations stay as they are
    english = snapshot(ev, lang="en")
    assert english["current"]["byes"][0]["kind"] == "bye"
    assert english["text"]["tab_find"] == "My board"


def test_the_page_shell_and_the_projector_page(pseudo):
    page = pages.players_page("Cup </script> & co", pseudo)
    assert '<html lang="xx">' in page
    for key in ("tab_find", "tab_boards", "tab_standings", "loading"):
        assert f"⟦{pages.PAGE_TEXT[key]}⟧" in page
    assert "<title>⟦Cup &lt;/script&gt; &amp; co – players⟧</title>" in page
    # the texts for the script cannot end its element early
    script = page.split("<script>", 1)[1]
    assert script.count("</script>") == 1
    proj = pages.projector_page("Cup", lang=pseudo)
    assert '<html lang="xx">' in proj and "⟦Session ended.⟧" in proj and "⟦Restart⟧" in proj


_STUB = """
const els={};
function el(id){return els[id]||(els[id]={id,textContent:"",innerHTML:"",className:"",value:"",
  dataset:{},setAttribute(){},addEventListener(){}});}
const buttons=["find","boards","standings"].map(t=>({dataset:{tab:t},textContent:"",
  setAttribute(){},addEventListener(){}}));
globalThis.localStorage={getItem(k){return k==="q"?QUERY:k==="me"?ME:null},setItem(){}};
globalThis.document={documentElement:{},title:"",querySelector(s){
  if(s==="#q") return (els.body&&els.body.innerHTML.includes("id=q"))?el("q"):null;
  return el(s.slice(1));},querySelectorAll(){return buttons;}};
globalThis.fetch=async()=>({ok:true,headers:{get(){return "1"}},json:async()=>DOC});
globalThis.EventSource=function(){};
globalThis.performance={now(){return 0}};
globalThis.setInterval=()=>0;
"""

_SHOW = """
setTimeout(()=>{const out=[];
  for (const t of ["find","boards","standings"]){tab=t;render();
    out.push(els.body.innerHTML, els.hits?els.hits.innerHTML:"",
             els.mine?els.mine.innerHTML:"");}
  const [clock]=clockText(); serverNow=DOC.clock?DOC.clock.at:0;
  out.push(els.sub.textContent, document.title, clockText()[0],
           buttons.map(b=>b.textContent).join("|"));
  console.log(JSON.stringify(out));},20);
"""


def _run_page(doc, lang, query, me=""):
    page = pages.players_page(doc.get("event", ""), lang)
    script = re.search(r"<script>(.*)</script>", page, re.S).group(1)
    js = (_STUB + f"const DOC={json.dumps(doc)}, QUERY={json.dumps(query)}, "
          f"ME={json.dumps(me)};\n" + script
          + _SHOW)
    out = subprocess.run(["node", "-e", js], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


def _texts(fragments):
    parts = []
    for frag in fragments:
        frag = re.sub(r'(placeholder|aria-label)="([^"]*)"', r">\2<", frag)
        frag = re.sub(r"</?b>", "", frag)  # inline: part of the sentence around it
        parts += [t.strip() for t in re.split(r"<[^>]*>", frag) if t.strip()]
    return parts


@pytest.mark.skipif(shutil.which("node") is None, reason="node is missing")
@pytest.mark.parametrize("game", ["go", "chess", "magic"])
def test_every_word_the_page_shows_is_translated(tmp_path, pseudo, game):
    ev = _event(tmp_path, game)
    doc = snapshot(ev, lang=pseudo)
    doc["clock"] = {"round": 1, "remaining": 600, "paused": True, "at": 0}
    first = ev.players[0].name.split()[0]
    # the player's own card too (issue 32, item 8): a player of board 1 picked themself
    me = doc["current"]["boards"][0]["a"]["id"]
    out = _run_page(doc, pseudo, first, str(me))
    assert "id=mycard" in out[2]  # the card was drawn
    data = sorted({p.name for p in ev.players} | {ev.settings.name}
                  | set(doc["standings"]["tiebreaks"] if doc["standings"] else ())
                  | {p.club for p in ev.players if p.club}
                  | {p.rank for p in ev.players if p.rank},
                  key=len, reverse=True)
    results = {b["result"] for b in doc["current"]["boards"] if b["result"]}
    bad = []
    for part in _texts(out):
        rest = part
        while "⟦" in rest and rest != (rest := re.sub(r"⟦[^⟦⟧]*⟧", " ", rest)):
            pass
        for word in [*data, *results]:
            rest = rest.replace(word, " ")
        if not re.fullmatch(r"[\s\d.,%:#+\-=/·|]*", rest):
            bad.append(part)
    assert bad == []
    assert "⟦My board⟧|⟦Boards⟧|⟦Standings⟧" in out
    assert any("⟦" in x and "10:00" in x for x in out)  # the clock line


def test_the_server_serves_the_events_language(tmp_path, pseudo, monkeypatch):
    from aiohttp.test_utils import TestClient, TestServer

    from swisstui.web import server
    from swisstui.web import snapshot as snapshot_module
    for module in (server, snapshot_module):  # the event's language setting, "xx"
        monkeypatch.setattr(module, "players_lang", lambda event: "xx")
    folder = make_event(tmp_path, "go", 8)
    services.pair_next(folder)

    async def go():
        app = server.make_app(folder)
        async with TestClient(TestServer(app)) as client:
            page = await (await client.get("/players")).text()
            doc = await (await client.get("/players/data.json")).json()
        return page, doc

    import asyncio
    page, doc = asyncio.run(go())
    assert '<html lang="xx">' in page and "⟦My board⟧" in page
    assert doc["lang"] == "xx" and doc["text"]["tab_boards"] == "⟦Boards⟧"


def test_english_stays_english(tmp_path):
    page = pages.players_page("Cup")
    assert '<html lang="en">' in page and ">My board<" in page and "⟦" not in page


@pytest.mark.skipif(shutil.which("node") is None, reason="node is missing")
@pytest.mark.parametrize("query,found", [
    ("ヤマダ", "山田太郎"),  # katakana finds the hiragana reading
    ("やまだ", "山田太郎"),
    ("山田", "山田太郎"),
    ("joao", "João Araújo"),  # accents folded
    ("ARAÚJO", "João Araújo"),
    ("민준", "김민준"),
    ("ﾅｶﾑﾗ", "中村"),  # half-width katakana
])
def test_the_search_box_finds_names_and_readings(tmp_path, query, found):
    from swisstui.core import store
    from swisstui.core.model import Player
    from swisstui.core.settings import make_settings
    players = (Player(1, "山田太郎", rank="3d", reading="やまだ たろう"),
               Player(2, "João Araújo", rank="2d"), Player(3, "김민준", rank="1d"),
               Player(4, "中村", rank="1k", reading="ナカムラ"))
    folder = tmp_path / "ev"
    store.create(folder, make_settings("go", "Cup", 3), players)
    services.pair_next(folder)
    doc = snapshot(services.load(folder), lang="en")
    out = _run_page(doc, "en", query)
    hits = out[1]  # the find tab's list
    names = re.findall(r"<div><b>([^<]+)</b> <span class=mut>#", hits)
    assert names == [found]
