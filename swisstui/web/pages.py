"""The HTML of the venue server: the players' page and the projector's page.

Both are self-contained: no fonts, scripts or images from any other host, and every URL is
relative, so a page works at whatever address the browser used (``http://192.168.1.20:8000``
on the hall's network with ``serve --host 0.0.0.0``, ``[::1]`` with ``--host ::``).

Both speak the players' language (the event's ``language``, issue 17): every word the
players' page shows is in :data:`PAGE_TEXT` (marked here, translated by :func:`page_text`),
sent with the page and again in every document (``text``), so the page follows a change of
the event's language without a reload.  Placeholders are ``{name}`` fields, filled in the
browser after translation.
"""

from __future__ import annotations

import json
from html import escape

from ..core.i18n import SOURCE, N_
from ..core.interop.html_export import html_lang
from ..core.readers import gettext_for

# The players' page's own words (the script looks them up by key).
PAGE_TEXT = {
    "title": N_("{event} – players"),
    "tab_find": N_("My board"),
    "tab_boards": N_("Boards"),
    "tab_standings": N_("Standings"),
    "loading": N_("Loading…"),
    "your_name": N_("Your name"),
    "live": N_("live"),
    "reconnecting": N_("reconnecting…"),
    "clock": N_("Round {round} · {time}"),
    "paused": N_("{clock} (paused)"),
    "time_up": N_("{clock} · time is up"),
    "round_of": N_("Round {round} of {rounds}"),
    "col_round": N_("Rd"),
    "col_board": N_("Bd"),
    "col_opponent": N_("Opponent"),
    "col_result": N_("Result"),
    "col_points": N_("Pts"),
    "col_place": N_("Pl"),
    "col_number": N_("No"),
    "col_name": N_("Name"),
    "board": N_("Board {board}"),
    "against": N_("{seat} against {opponent}"),
    "not_paired": N_("not paired"),
    "my_games": N_("My games"),
    "no_round": N_("No round has been paired yet."),
    "no_match": N_("No player of this round matches."),
    "type_name": N_("Type part of your name to see your board."),
    "no_standings": N_("No standings yet."),
    "after_round": N_("After round {round}"),
}


def page_text(lang: str = SOURCE) -> dict[str, str]:
    """:data:`PAGE_TEXT` in ``lang``."""
    _ = gettext_for(lang)
    return {key: _(text) for key, text in PAGE_TEXT.items()}


def _script_json(data: object) -> str:
    """JSON safe inside a ``<script>`` element (no ``</script>`` can end it early)."""
    return json.dumps(data, ensure_ascii=False).replace("<", "\\u003c")

PLAYERS_CSS = """\
:root{--fg:#111;--mut:#666;--bg:#fff;--card:#f3f4f6;--acc:#0b5cad;--line:#ddd}
@media (prefers-color-scheme:dark){:root{--fg:#eee;--mut:#aaa;--bg:#111;--card:#1d2024;--acc:#6cb2ff;--line:#333}}
*{box-sizing:border-box}
body{margin:0;font:16px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--fg);background:var(--bg)}
header{position:sticky;top:0;background:var(--bg);padding:.6rem .8rem .3rem;border-bottom:1px solid var(--line)}
h1{font-size:1.1rem;margin:0}
#sub{color:var(--mut);font-size:.9rem}
#clock{float:right;font-variant-numeric:tabular-nums;font-weight:600;font-size:1.2rem}
#clock.up{color:#c0392b}
nav{display:flex;gap:.3rem;margin-top:.4rem}
nav button{flex:1;padding:.5rem;border:1px solid var(--line);background:var(--card);color:var(--fg);border-radius:.4rem;font-size:1rem}
nav button[aria-selected=true]{border-color:var(--acc);color:var(--acc);font-weight:600}
main{padding:.6rem .8rem 2rem}
input{width:100%;font-size:1.1rem;padding:.6rem;border:1px solid var(--line);border-radius:.4rem;background:var(--bg);color:var(--fg)}
.card{background:var(--card);border-radius:.5rem;padding:.6rem .7rem;margin:.5rem 0}
.card .big{font-size:1.4rem;font-weight:700}
.card button{all:unset;color:var(--acc);cursor:pointer}
table{border-collapse:collapse;width:100%;font-size:.95rem}
th,td{padding:.3rem .35rem;border-bottom:1px solid var(--line);text-align:left}
td.n,th.n{text-align:right;font-variant-numeric:tabular-nums}
.mut{color:var(--mut)}
#err{color:#c0392b}
#live{font-size:.75rem;color:var(--mut)}
"""

PLAYERS_JS = """\
"use strict";
let doc=null, docVersion=-1, got=0, serverNow=0, tab=localStorage.getItem("tab")||"find";
const $=s=>document.querySelector(s);
const esc=s=>String(s??"").replace(/[&<>"']/g,c=>({"&":"&amp;","<":"&lt;",">":"&gt;",'"':"&quot;","'":"&#39;"}[c]));
const fill=(s,v)=>{for(const k in v||{}) s=s.split("{"+k+"}").join(v[k]); return s;};
const tr=(key,v)=>fill(TEXT[key]??key,v);
const trh=(key,v)=>fill(esc(TEXT[key]??key),v);
const fold=s=>String(s).normalize("NFKD").replace(/[\\u0300-\\u036f]/g,"").toLowerCase().replace(/[\\u30a1-\\u30f6]/g,c=>String.fromCharCode(c.charCodeAt(0)-96));
async function load(version){
  const r=await fetch("players/data.json?v="+version,{cache:"no-store"});
  if(!r.ok) return;
  const v=parseInt(r.headers.get("X-Document-Version")||"-1",10);
  doc=await r.json(); docVersion=v; render();
}
function show(msg){
  const m=JSON.parse(msg); serverNow=m.now; got=performance.now();
  if(m.version!==docVersion) load(m.version); else tick();
}
function clockText(){
  const c=doc&&doc.clock; if(!c) return ["",false];
  let left=c.remaining-(c.paused?0:(serverNow-c.at)+(performance.now()-got)/1000);
  const up=left<=0; left=Math.max(0,Math.ceil(left));
  const h=Math.floor(left/3600),m=Math.floor(left%3600/60),s=left%60;
  const t=(h?h+":"+String(m).padStart(2,"0"):m)+":"+String(s).padStart(2,"0");
  const line=tr("clock",{round:c.round,time:t});
  return [c.paused?tr("paused",{clock:line}):up?tr("time_up",{clock:line}):line,up];
}
function tick(){const [t,up]=clockText();const el=$("#clock");el.textContent=t;el.className=up?"up":"";}
function player(id){
  const rows=(doc.games[String(id)]||[]).map(g=>`<tr><td class=n>${g[0]}</td><td class=n>${g[1]??""}</td><td>${esc(g[2])}</td><td>${esc(g[3])}</td><td>${esc(g[4])}</td><td class=n>${esc(g[5])}</td></tr>`).join("");
  return `<table><thead><tr><th class=n>${trh("col_round")}</th><th class=n>${trh("col_board")}</th><th></th><th>${trh("col_opponent")}</th><th>${trh("col_result")}</th><th class=n>${trh("col_points")}</th></tr></thead><tbody>${rows}</tbody></table>`;
}
function card(p){
  const where=p.board?`<div class=big>${trh("board",{board:p.board})}</div><div>${trh("against",{seat:esc(p.seat),opponent:"<b>"+esc(p.opponent)+"</b>"})}</div>`:`<div class=big>${esc(p.note||tr("not_paired"))}</div>`;
  return `<div class=card><div><b>${esc(p.name)}</b> <span class=mut>#${p.id}</span></div>${where}<details><summary>${trh("my_games")}</summary>${player(p.id)}</details></div>`;
}
function findView(){
  const cur=doc.current; if(!cur) return `<p>${trh("no_round")}</p>`;
  const q=fold($("#q")?$("#q").value:localStorage.getItem("q")||"");
  const hits=q?cur.players.filter(p=>(p.find??fold(p.name)).includes(q)||String(p.id)===q):[];
  const list=q?(hits.length?hits.slice(0,30).map(card).join(""):`<p class=mut>${trh("no_match")}</p>`):`<p class=mut>${trh("type_name")}</p>`;
  return list;
}
function boardsView(){
  const cur=doc.current; if(!cur) return `<p>${trh("no_round")}</p>`;
  const b=cur.boards.map(x=>`<tr><td class=n>${x.board}</td><td>${esc(x.a.name)} <span class=mut>${esc(x.a.seat)}</span></td><td>${esc(x.result)}</td><td>${esc(x.b.name)} <span class=mut>${esc(x.b.seat)}</span></td></tr>`).join("");
  const byes=cur.byes.map(x=>`<tr><td></td><td>${esc(x.name)}</td><td colspan=2 class=mut>${esc(x.kind)}</td></tr>`).join("");
  return `<table><thead><tr><th class=n>${trh("col_board")}</th><th></th><th>${trh("col_result")}</th><th></th></tr></thead><tbody>${b}${byes}</tbody></table>`;
}
function standingsView(){
  const s=doc.standings; if(!s) return `<p>${trh("no_standings")}</p>`;
  const head=[tr("col_place"),tr("col_number"),tr("col_name"),tr("col_points"),...s.tiebreaks].map((h,i)=>`<th${i==2?"":" class=n"}>${esc(h)}</th>`).join("");
  const rows=s.rows.map(r=>"<tr>"+r.map((c,i)=>`<td${i==2?"":" class=n"}>${esc(c)}</td>`).join("")+"</tr>").join("");
  return `<p class=mut>${trh("after_round",{round:s.after_round})}</p><table><thead><tr>${head}</tr></thead><tbody>${rows}</tbody></table>`;
}
function render(){
  if(!doc) return;
  if(doc.error){$("#err").textContent=doc.error;return;} $("#err").textContent="";
  if(doc.text && doc.lang!==LANG){TEXT=doc.text; LANG=doc.lang; document.documentElement.lang=LANG.replace("_","-"); if($("#q")) $("#body").innerHTML="";}
  $("#name").textContent=doc.event; document.title=tr("title",{event:doc.event});
  $("#sub").textContent=[doc.round?tr("round_of",{round:doc.round,rounds:doc.rounds}):doc.rounds_text,doc.dates].filter(Boolean).join(" · ");
  for(const b of document.querySelectorAll("nav button")){b.setAttribute("aria-selected",b.dataset.tab===tab); b.textContent=tr("tab_"+b.dataset.tab);}
  const body=$("#body");
  if(tab==="find"){
    if(!$("#q")){body.innerHTML=`<input id=q type=search autocomplete=off placeholder="${trh("your_name")}" aria-label="${trh("your_name")}"><div id=hits></div>`;
      $("#q").value=localStorage.getItem("q")||"";
      $("#q").addEventListener("input",()=>{localStorage.setItem("q",$("#q").value);$("#hits").innerHTML=findView();});}
    $("#hits").innerHTML=findView();
  } else body.innerHTML=tab==="boards"?boardsView():standingsView();
  tick();
}
for(const b of document.querySelectorAll("nav button")) b.addEventListener("click",()=>{tab=b.dataset.tab;localStorage.setItem("tab",tab);render();});
function connect(){
  const es=new EventSource("players/events");
  es.onmessage=e=>{$("#live").textContent=tr("live");show(e.data);};
  es.onerror=()=>{$("#live").textContent=tr("reconnecting");};
}
serverNow=Date.now()/1000; got=performance.now(); load("start"); connect(); setInterval(tick,1000);
"""


def players_page(title: str, lang: str = SOURCE) -> str:
    """The players' page in ``lang``: one file; ``players/events`` (Server-Sent Events) says
    when the event changed, then the page fetches ``players/data.json``."""
    text = page_text(lang)
    t = escape(title)
    e = {key: escape(value) for key, value in text.items()}
    head = escape(text["title"].replace("{event}", title))
    return f"""<!DOCTYPE html>
<html lang="{html_lang(lang)}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{head}</title>
<style>{PLAYERS_CSS}</style></head>
<body><header><span id="clock"></span><h1 id="name">{t}</h1><div id="sub"></div>
<nav><button data-tab="find">{e["tab_find"]}</button><button data-tab="boards">{e["tab_boards"]}</button>
<button data-tab="standings">{e["tab_standings"]}</button></nav></header>
<main><div id="err"></div><div id="body"><p class="mut">{e["loading"]}</p></div>
<p id="live"></p></main>
<script>let TEXT={_script_json(text)}, LANG={_script_json(lang)};
{PLAYERS_JS}</script></body></html>
"""


# The projector page of textual-serve, rewritten: local font, relative websocket address,
# and a font size computed from the window so the terminal fills a projector screen.
PROJECTOR_HTML = """<!DOCTYPE html>
<html lang="{lang}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<link rel="stylesheet" href="static/css/xterm.css">
<style>
@font-face{{font-family:"Roboto Mono";src:url("static/fonts/RobotoMono-VariableFont_wght.ttf") format("truetype");font-weight:100 700}}
html,body{{margin:0;height:100%;background:#000;overflow:hidden}}
#terminal{{position:absolute;inset:0}}
#closed{{display:none;position:absolute;inset:0;align-items:center;justify-content:center;color:#eee;font:20px system-ui,sans-serif;background:#000c;z-index:5}}
body.-closed #closed{{display:flex}}
#closed button{{font-size:20px;margin-left:1em}}
#start{{display:none}}
</style>
<script src="static/js/textual.js"></script>
<script>
// The terminal's font size: ?fontsize=N, else the size that shows about {cols} columns and
// {rows} rows in this window (16 px on a laptop, about 30 px on a 1920×1080 projector).
function fitFontSize() {{
  const q = new URLSearchParams(location.search), given = parseInt(q.get("fontsize") || "", 10);
  if (given > 0) return given;
  const cols = parseInt(q.get("cols") || "{cols}", 10), rows = parseInt(q.get("rows") || "{rows}", 10);
  const size = Math.floor(Math.min(innerWidth / (cols * 0.6), innerHeight / (rows * 1.2)));
  return Math.max(12, Math.min(64, size));
}}
const textualLoad = window.onload;
window.onload = async (e) => {{
  const el = document.getElementById("terminal"), size = fitFontSize();
  el.dataset.fontSize = size;
  // ?view=pairings&range=A-L: this screen shows one view and one part of the list
  const q = new URLSearchParams(location.search), view = q.get("view"), range = q.get("range");
  el.dataset.sessionWebsocketUrl = (location.protocol === "https:" ? "wss://" : "ws://") +
    location.host + location.pathname.replace(/[^/]*$/, "") + "ws" + (view || range ?
    "/" + encodeURIComponent(view || "-") + "/" + encodeURIComponent(range || "-") : "");
  try {{ await document.fonts.load(size + 'px "Roboto Mono"'); }} catch (err) {{}}
  textualLoad(e);
  let last = size, timer = null;
  window.addEventListener("resize", () => {{
    clearTimeout(timer);
    timer = setTimeout(() => {{ if (Math.abs(fitFontSize() - last) >= 2) location.reload(); }}, 800);
  }});
}};
function restart() {{ location.reload(); }}
</script></head>
<body>
<div id="closed">{ended} <button type="button" onclick="restart()">{restart}</button></div>
<button id="start" type="button"></button>
<div id="terminal" class="textual-terminal"></div>
</body></html>
"""


def projector_page(title: str, cols: int = 100, rows: int = 32, lang: str = SOURCE) -> str:
    _ = gettext_for(lang)
    return PROJECTOR_HTML.format(title=escape(title), cols=cols, rows=rows, lang=html_lang(lang),
                                 ended=escape(_("Session ended.")),
                                 restart=escape(_("Restart")))
