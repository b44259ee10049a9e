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

from ..core.i18n import SOURCE, N_, NP_, available, translate_with
from ..core.interop.html_export import html_lang
from ..core.readers import gettext_for, translations

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
    # Translators: the column of player numbers (not the answer "No")
    "col_number": NP_("column", "No"),
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
    # the player's own card (issue 32, item 8) and the language picker (item 9)
    "tab_crosstable": N_("Crosstable"),
    "language": N_("Language"),
    # Translators: a button on a player's card on the players' page: "I am this player"
    "this_is_me": N_("This is me"),
    # Translators: a button on the player's own card: pick another player (a shared phone)
    "not_me": N_("Not you? Choose another player"),
    # Translators: the player's place (rank) in the standings, a label on their card
    "place": N_("Place"),
    # Translators: the player's points in the standings, a label on their card
    "points": N_("Points"),
    "result_is": N_("Result: {result}"),
    # Translators: the banner on the players' page when the director publishes a round
    "new_round": N_("Round {round} is paired."),
    "close": N_("Close"),
    # Translators: a mark on a board of the players' page: changed after the round was
    # published (the time of day, 10:42)
    "changed": N_("changed {time}"),
    # Translators: the label of the section picker on the players' page (an event of several
    # sections, issue 33: an Open and a U1600; dan and kyu classes)
    "section": N_("Section"),
    # self check-in from the player's own card (issue 35 item 4)
    # Translators: a button on the player's own card: tell the desk "I am here"
    "check_in": N_("Check in"),
    # Translators: the label of the field for the player's own check-in code (6 digits,
    # handed out by the desk)
    "checkin_code": N_("Your check-in code"),
    # Translators: on the player's own card once the desk has them as present
    "checked_in": N_("Checked in"),
    "checkin_closed": N_("Self check-in is closed: please check in at the desk."),
    "checkin_code_wrong": N_("That is not your check-in code. It is on your entry "
                             "confirmation; the desk has it too."),
    "checkin_state": N_("You cannot check in here: please see the desk."),
    "checkin_tries": N_("Too many tries: please check in at the desk."),
    "checkin_busy": N_("The desk is busy: try again in a moment."),
    "checkin_error": N_("That did not work: please check in at the desk."),
}


def page_text(lang: str = SOURCE) -> dict[str, str]:
    """:data:`PAGE_TEXT` in ``lang``."""
    catalogue = translations(lang)
    return {key: translate_with(catalogue, text) for key, text in PAGE_TEXT.items()}


def _script_json(data: object) -> str:
    """JSON safe inside a ``<script>`` element (no ``</script>`` can end it early)."""
    return json.dumps(data, ensure_ascii=False).replace("<", "\\u003c")

PLAYERS_CSS = """\
:root{--fg:#111;--mut:#666;--bg:#fff;--card:#f3f4f6;--acc:#0b5cad;--line:#ddd;--hl:#fff3b0}
@media (prefers-color-scheme:dark){:root{--fg:#eee;--mut:#aaa;--bg:#111;--card:#1d2024;--acc:#6cb2ff;--line:#333;--hl:#4a4210}}
*{box-sizing:border-box}
body{margin:0;font:16px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--fg);background:var(--bg)}
header{position:sticky;top:0;background:var(--bg);padding:.6rem .8rem .3rem;border-bottom:1px solid var(--line)}
h1{font-size:1.1rem;margin:0;overflow-wrap:anywhere}
#bar{display:flex;justify-content:space-between;align-items:center;gap:.5rem}
#sub{color:var(--mut);font-size:.9rem;min-width:0}
#sec[hidden]{display:none}
#lang,#sec{flex:none;max-width:9.5rem;font-size:.85rem;padding:.15rem;border:1px solid var(--line);border-radius:.3rem;background:var(--bg);color:var(--fg)}
#clock{float:right;font-variant-numeric:tabular-nums;font-weight:600;font-size:1.2rem}
#clock.up{color:#c0392b}
#banner{margin-top:.4rem;padding:.5rem .7rem;border-radius:.4rem;background:var(--acc);color:#fff;cursor:pointer}
#banner[hidden]{display:none}
#banner button{all:unset;float:right;font-size:1.2rem;line-height:1;padding:0 .2rem}
nav{display:flex;gap:.3rem;margin-top:.4rem}
nav button{flex:1;min-width:0;overflow-wrap:anywhere;padding:.5rem .3rem;border:1px solid var(--line);background:var(--card);color:var(--fg);border-radius:.4rem;font-size:1rem}
nav button[aria-selected=true]{border-color:var(--acc);color:var(--acc);font-weight:600}
main{padding:.6rem .8rem 2rem}
input{width:100%;font-size:1.1rem;padding:.6rem;border:1px solid var(--line);border-radius:.4rem;background:var(--bg);color:var(--fg)}
.card{background:var(--card);border-radius:.5rem;padding:.6rem .7rem;margin:.5rem 0;overflow-wrap:anywhere}
.card.mine{border:2px solid var(--acc)}
.card .big{font-size:1.4rem;font-weight:700}
.card button{all:unset;color:var(--acc);cursor:pointer;display:inline-block;margin:.3rem 0}
.stats{display:flex;flex-wrap:wrap;gap:.2rem 1rem;margin:.5rem 0 .2rem}
.stats dt{font-size:.75rem;color:var(--mut)}
.stats dd{margin:0;font-weight:600;font-variant-numeric:tabular-nums}
h2{font-size:1rem;margin:.7rem 0 .2rem}
table{border-collapse:collapse;width:100%;font-size:.95rem}
th,td{padding:.3rem .35rem;border-bottom:1px solid var(--line);text-align:left}
td.n,th.n{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
td.name{overflow-wrap:anywhere}
tr.me td{background:var(--hl);font-weight:600}
.scroll{overflow-x:auto;max-width:100%}
.scroll td,.scroll th{white-space:nowrap}
.mut{color:var(--mut)}
#checkin{margin:.5rem 0}
#checkin label{display:block;font-size:.9rem;color:var(--mut)}
#checkin input{width:9rem;letter-spacing:.15em;font-variant-numeric:tabular-nums}
#checkin button{all:unset;margin-left:.4rem;padding:.5rem .8rem;border-radius:.4rem;background:var(--acc);color:#fff;font-weight:600;cursor:pointer}
#ckmsg{color:#c0392b;font-size:.9rem}
#checkedin{color:#1e8449;font-weight:600;margin:.4rem 0}
#err{color:#c0392b}
#live{font-size:.75rem;color:var(--mut)}
@media (max-width:480px){
 body{font-size:15px}
 main{padding:.5rem .5rem 2rem}
 header{padding:.5rem .5rem .3rem}
 nav button{font-size:.9rem;padding:.45rem .15rem}
 table{font-size:.88rem}
 th,td{padding:.25rem .2rem}
 .no,.tbx{display:none}
}
"""

PLAYERS_JS = """\
"use strict";
let doc=null, docVersion=-1, got=0, serverNow=0, tab=localStorage.getItem("tab")||"find";
let online=null, loads=0, banner=0, me=localStorage.getItem("me")||"", chosen=localStorage.getItem("lang")||"";
// an event of several sections: the one the tabs show (?section=NAME, else remembered)
let sec=localStorage.getItem("section")||"", view=null, seenRound=0;
const asked=new URLSearchParams(typeof location!=="undefined"?location.search:"").get("section");
if(asked){sec=asked; localStorage.setItem("section",sec);}
const $=s=>document.querySelector(s);
const esc=s=>String(s??"").replace(/[&<>"']/g,c=>({"&":"&amp;","<":"&lt;",">":"&gt;",'"':"&quot;","'":"&#39;"}[c]));
const fill=(s,v)=>{for(const k in v||{}) s=s.split("{"+k+"}").join(v[k]); return s;};
const tr=(key,v)=>fill(TEXT[key]??key,v);
const trh=(key,v)=>fill(esc(TEXT[key]??key),v);
const fold=s=>String(s).normalize("NFKD").replace(/[\\u0300-\\u036f]/g,"").toLowerCase().replace(/[\\u30a1-\\u30f6]/g,c=>String.fromCharCode(c.charCodeAt(0)-96));
async function load(version){
  const n=++loads;
  const r=await fetch("players/data.json?v="+version+(chosen?"&lang="+encodeURIComponent(chosen):""),{cache:"no-store"});
  if(!r.ok||n!==loads) return;
  const v=parseInt(r.headers.get("X-Document-Version")||"-1",10), d=await r.json();
  if(n!==loads) return;
  doc=d; docVersion=v; pick(); newRound(); render();
}
// the sections (none for an event of one): each with its part of the document, the first's
// being the top level
const parts=()=>doc.sections?doc.sections.map((s,i)=>({name:s.name,v:i?s:doc})):[{name:"",v:doc}];
function pick(){
  const all=parts(), p=all.find(x=>x.name===sec)||all[0];
  view=p.v; if(doc.sections) sec=p.name;
}
// every card of the player (a player moved to another section has one in each): where
// he plays this round first, then the section shown, then the first
function mineOf(id){
  const found=[];
  for(const p of parts()) for(const c of p.v.cards||[]) if(String(c.id)===String(id)) found.push({c,sec:p.name});
  const rank=x=>(x.c.board?0:2)+(x.sec===sec?0:1);
  return found.sort((x,y)=>rank(x)-rank(y))[0]||null;
}
function show(msg){
  const m=JSON.parse(msg); serverNow=m.now; got=performance.now();
  if(m.version!==docVersion) load(m.version); else tick();
}
// a round published while the page is open (or since the phone last saw it): the banner,
// for the player's own section (else the one shown)
function newRound(){
  const m=me?mineOf(me):null, name=m?m.sec:sec, at=parts().find(x=>x.name===name)||parts()[0];
  const key=doc.sections?"round@"+at.name:"round", cur=at.v.current;
  seenRound=parseInt(localStorage.getItem(key)||"0",10)||0;
  const n=cur?cur.number:0;
  if(!n||n===seenRound) return;
  if(seenRound&&n>seenRound){
    banner=n;
    if(typeof navigator!=="undefined"&&navigator.vibrate){try{navigator.vibrate([200,100,200]);}catch(e){}}
  }
  seenRound=n; localStorage.setItem(key,String(n));
}
function clockText(){
  const c=view&&view.clock; if(!c) return ["",false];
  let left=c.remaining-(c.paused?0:(serverNow-c.at)+(performance.now()-got)/1000);
  const up=left<=0; left=Math.max(0,Math.ceil(left));
  const h=Math.floor(left/3600),m=Math.floor(left%3600/60),s=left%60;
  const t=(h?h+":"+String(m).padStart(2,"0"):m)+":"+String(s).padStart(2,"0");
  const line=tr("clock",{round:c.round,time:t});
  return [c.paused?tr("paused",{clock:line}):up?tr("time_up",{clock:line}):line,up];
}
function tick(){const [t,up]=clockText();const el=$("#clock");el.textContent=t;el.className=up?"up":"";}
function liveText(){$("#live").textContent=online===null?"":tr(online?"live":"reconnecting");}
function player(id,v){
  const rows=((v||view).games[String(id)]||[]).map(g=>`<tr><td class=n>${g[0]}</td><td class=n>${g[1]??""}</td><td>${esc(g[2])}</td><td class=name>${esc(g[3])}</td><td>${esc(g[4])}</td><td class=n>${esc(g[5])}</td></tr>`).join("");
  return `<table><thead><tr><th class=n>${trh("col_round")}</th><th class=n>${trh("col_board")}</th><th></th><th>${trh("col_opponent")}</th><th>${trh("col_result")}</th><th class=n>${trh("col_points")}</th></tr></thead><tbody>${rows}</tbody></table>`;
}
// where the player plays: the board by the hall's number, after the section's name when
// the event has several ("U1600 · Board 103")
function where(p,s){
  const at=s?`<span class=sec>${esc(s)}</span> · `:"";
  return p.board?`<div class=big>${at}${trh("board",{board:p.board})}</div><div>${trh("against",{seat:esc(p.seat),opponent:"<b>"+esc(p.opponent)+"</b>"})}</div>`:`<div class=big>${at}${esc(p.note||tr("not_paired"))}</div>`;
}
function card(h){
  const p=h.c;
  const pick=String(p.id)===me?"":`<button type=button data-me="${p.id}" data-sec="${esc(h.sec)}">${trh("this_is_me")}</button>`;
  return `<div class=card><div><b>${esc(p.name)}</b> <span class=mut>#${p.id}</span></div>${where(p,h.sec)}${pick}<details><summary>${trh("my_games")}</summary>${player(p.id,h.v)}</details></div>`;
}
// the player's own card: this round (opponent's rank, rating, club; the board's setup), the
// standings' place, points and tie-breaks, and every round so far
function myCard(m){
  const p=m.c, v=(parts().find(x=>x.name===m.sec)||parts()[0]).v;
  let h=`<div class="card mine" id=mycard><div><b>${esc(p.name)}</b> <span class=mut>#${p.id}${p.club?" · "+esc(p.club):""}</span></div>${where(p,m.sec)}`;
  if(p.board&&p.opponent_info) h+=`<div class=mut>${esc(p.opponent_info)}</div>`;
  if(p.setup&&p.setup.length) h+=`<div id=setup>${p.setup.map(([k,v])=>esc(k)+" <b>"+esc(v)+"</b>").join(" · ")}</div>`;
  if(p.result) h+=`<div>${trh("result_is",{result:"<b>"+esc(p.result)+"</b>"})}</div>`;
  if(p.place!=null){
    const items=[[tr("place"),p.place],[tr("points"),p.points],...(p.tb||[])];
    h+=`<dl class=stats>${items.map(([k,v])=>`<div><dt>${esc(k)}</dt><dd>${esc(v)}</dd></div>`).join("")}</dl><div class=mut>${trh("after_round",{round:p.after_round})}</div>`;
  }
  h+=checkInView(p,v);
  if((v.games[String(p.id)]||[]).length) h+=`<h2>${trh("my_games")}</h2>${player(p.id,v)}`;
  return h+`<button type=button data-me="">${trh("not_me")}</button></div>`;
}
// self check-in (issue 35 item 4): while the director has it open in the player's section,
// their own card asks for the code the desk handed out; the one request the page sends
// that writes (players/checkin), and it checks in only this player
let ckMsg="", ckDone="";
function checkInView(p,v){
  const sc=v.self_checkin; if(!sc) return "";
  if(sc.in.some(x=>String(x)===String(p.id))||ckDone===String(p.id)) return `<div id=checkedin>✓ ${trh("checked_in")}</div>`;
  return `<form id=checkin data-id="${esc(p.id)}"><label for=ckcode>${trh("checkin_code")}</label><input id=ckcode name=code inputmode=numeric autocomplete=one-time-code maxlength=16><button type=submit>${trh("check_in")}</button><div id=ckmsg role=status>${esc(ckMsg)}</div></form>`;
}
async function checkIn(id,code){
  let reason="error";
  try{
    const r=await fetch("players/checkin",{method:"POST",cache:"no-store",headers:{"Content-Type":"application/x-www-form-urlencoded","Accept":"application/json"},body:"id="+encodeURIComponent(id)+"&code="+encodeURIComponent(code)});
    const a=await r.json(); reason=a.ok?"":String(a.reason||"error");
  }catch(e){}
  if(!reason) ckDone=String(id);
  ckMsg=reason?tr(reason==="code"?"checkin_code_wrong":"checkin_"+reason):"";
  render();
}
function findView(){
  const q=fold($("#q")?$("#q").value:localStorage.getItem("q")||"");
  // every section's players: the search is the whole event's
  const all=parts().flatMap(s=>(s.v.cards||(s.v.current?s.v.current.players:[])).map(c=>({c,sec:s.name,v:s.v})));
  const hits=q?all.filter(({c})=>(c.find??fold(c.name)).includes(q)||String(c.id)===q):[];
  const list=q?(hits.length?hits.slice(0,30).map(card).join(""):`<p class=mut>${trh("no_match")}</p>`):(me&&mineOf(me)?"":`<p class=mut>${trh("type_name")}</p>`);
  return (parts().some(s=>s.v.current)?"":`<p>${trh("no_round")}</p>`)+list;
}
function boardsView(){
  const cur=view.current; if(!cur) return `<p>${trh("no_round")}</p>`;
  const mine=x=>String(x.a.id)===me||String(x.b.id)===me?" class=me":"";
  const b=cur.boards.map(x=>`<tr${mine(x)}><td class=n>${x.board}</td><td class=name>${esc(x.a.name)} <span class=mut>${esc(x.a.seat)}</span></td><td>${esc(x.result)}${x.changed?` <span class=mut>${trh("changed",{time:esc(x.changed)})}</span>`:""}</td><td class=name>${esc(x.b.name)} <span class=mut>${esc(x.b.seat)}</span></td></tr>`).join("");
  const byes=cur.byes.map(x=>`<tr${String(x.id)===me?" class=me":""}><td></td><td class=name>${esc(x.name)}</td><td colspan=2 class=mut>${esc(x.kind)}</td></tr>`).join("");
  return `<table><thead><tr><th class=n>${trh("col_board")}</th><th></th><th>${trh("col_result")}</th><th></th></tr></thead><tbody>${b}${byes}</tbody></table>`;
}
// columns a phone drops (max-width:480px): the number and the tie-breaks after the first
const col=(i,fixed)=>[i===2?"name":"n",i===1?"no":"",!fixed&&i>=5?"tbx":""].filter(Boolean).join(" ");
function table(head,rows,fixed){
  const h=head.map((x,i)=>`<th class="${col(i,fixed)}">${esc(x)}</th>`).join("");
  const b=rows.map(r=>`<tr${r[1]===me?" class=me id=myrow":""}>`+r.map((c,i)=>`<td class="${col(i,fixed)}">${esc(c)}</td>`).join("")+"</tr>").join("");
  return `<table><thead><tr>${h}</tr></thead><tbody>${b}</tbody></table>`;
}
function standingsView(){
  const s=view.standings; if(!s) return `<p>${trh("no_standings")}</p>`;
  const head=[tr("col_place"),tr("col_number"),tr("col_name"),tr("col_points"),...s.tiebreaks];
  return `<p class=mut>${trh("after_round",{round:s.after_round})}</p>`+table(head,s.rows,false);
}
function crosstableView(){
  const c=view.crosstable; if(!c) return `<p>${trh("no_standings")}</p>`;
  return `<p class=mut>${trh("after_round",{round:c.after_round})}</p><div class=scroll>${table(c.head,c.rows,true)}</div>`;
}
function bannerView(){
  const el=$("#banner"); if(!banner){el.hidden=true; el.innerHTML=""; return;}
  const m=me?mineOf(me):null, p=m?m.c:null, at=m&&m.sec?esc(m.sec)+" · ":"";
  el.innerHTML=`<button type=button aria-label="${trh("close")}">×</button><b>${trh("new_round",{round:banner})}</b>`+(p&&p.board?`<div>${at}${trh("board",{board:p.board})} · ${trh("against",{seat:esc(p.seat),opponent:"<b>"+esc(p.opponent)+"</b>"})}</div>`:"");
  el.hidden=false;
}
function render(){
  if(!doc) return;
  if(doc.error){$("#err").textContent=doc.error;return;} $("#err").textContent="";
  if(doc.text && doc.lang!==LANG){TEXT=doc.text; LANG=doc.lang; document.documentElement.lang=LANG.replace("_","-"); if($("#q")) $("#body").innerHTML="";}
  $("#lang").value=LANG; $("#lang").setAttribute("aria-label",tr("language"));
  pick(); sectionPicker();
  $("#name").textContent=doc.event; document.title=tr("title",{event:doc.event});
  $("#sub").textContent=[view.round?tr("round_of",{round:view.round,rounds:view.rounds}):view.rounds_text,view.dates].filter(Boolean).join(" · ");
  for(const b of document.querySelectorAll("nav button")){b.setAttribute("aria-selected",b.dataset.tab===tab); b.textContent=tr("tab_"+b.dataset.tab);}
  liveText(); bannerView();
  const body=$("#body");
  if(tab==="find"){
    if(!$("#q")){body.innerHTML=`<div id=mine></div><input id=q type=search autocomplete=off placeholder="${trh("your_name")}" aria-label="${trh("your_name")}"><div id=hits></div>`;
      $("#q").value=localStorage.getItem("q")||"";
      $("#q").addEventListener("input",()=>{localStorage.setItem("q",$("#q").value);$("#hits").innerHTML=findView();});}
    const m=me?mineOf(me):null, typed=$("#ckcode"), keep=typed?[typed.value,document.activeElement===typed]:null;
    $("#mine").innerHTML=m?myCard(m):"";
    const again=$("#ckcode"); if(again&&keep){again.value=keep[0]; if(keep[1]) again.focus();}  // a new document keeps what was typed
    $("#hits").innerHTML=findView();
  } else body.innerHTML=tab==="boards"?boardsView():tab==="crosstable"?crosstableView():standingsView();
  tick();
}
// the section picker: shown for an event of several sections, in the header
function sectionPicker(){
  const el=$("#sec"); if(!el) return;
  if(!doc.sections){el.hidden=true; return;}
  const names=doc.sections.map(s=>s.name);
  if(el.dataset.names!==names.join("\\n")){
    el.innerHTML=names.map(n=>`<option>${esc(n)}</option>`).join("");  // a name is a plain word: its own value
    el.dataset.names=names.join("\\n");
  }
  el.value=sec; el.setAttribute("aria-label",tr("section")); el.hidden=false;
}
for(const b of document.querySelectorAll("nav button")) b.addEventListener("click",()=>{tab=b.dataset.tab;localStorage.setItem("tab",tab);render();});
$("#body").addEventListener("click",e=>{
  const b=e.target&&e.target.closest?e.target.closest("[data-me]"):null; if(!b) return;
  me=b.dataset.me; localStorage.setItem("me",me); ckMsg="";
  // "This is me": the page shows the player's section (where he plays this round)
  if(me&&doc.sections){const m=mineOf(me); sec=m&&m.c.board?m.sec:(b.dataset.sec||sec); localStorage.setItem("section",sec);}
  render(); if(me&&window.scrollTo) window.scrollTo(0,0);
});
$("#body").addEventListener("submit",e=>{
  const f=e.target; if(!f||!f.getAttribute||f.getAttribute("id")!=="checkin") return;
  e.preventDefault(); const c=f.querySelector("#ckcode"); checkIn(f.dataset.id,c?c.value:"");
});
$("#banner").addEventListener("click",()=>{banner=0;tab="find";localStorage.setItem("tab",tab);render();});
$("#sec").addEventListener("change",()=>{sec=$("#sec").value;localStorage.setItem("section",sec);render();});
$("#lang").addEventListener("change",()=>{chosen=$("#lang").value;localStorage.setItem("lang",chosen);load(docVersion);});
function connect(){
  const es=new EventSource("players/events");
  es.onmessage=e=>{online=true;liveText();show(e.data);};
  es.onerror=()=>{online=false;liveText();};
}
serverNow=Date.now()/1000; got=performance.now(); load("start"); connect(); setInterval(tick,1000);
"""


def languages() -> list[tuple[str, str]]:
    """The languages a player may choose on the page: each catalogue's, English first, by
    its own name (한국어, 日本語, Português (Brasil): Babel's CLDR names, as the TUI's
    language list has them)."""
    from babel import Locale, UnknownLocaleError
    out = []
    for lang in available():
        try:
            name = Locale.parse(lang).get_display_name(lang) or lang
        except (ValueError, UnknownLocaleError):
            name = lang
        out.append((lang, name[:1].upper() + name[1:]))
    return out


def players_page(title: str, lang: str = SOURCE) -> str:
    """The players' page in ``lang``: one file; ``players/events`` (Server-Sent Events) says
    when the event changed, then the page fetches ``players/data.json`` (with ``lang=`` when
    the player chose a language in the page's picker, remembered on the phone)."""
    text = page_text(lang)
    t = escape(title)
    e = {key: escape(value) for key, value in text.items()}
    head = escape(text["title"].replace("{event}", title))
    options = "".join(f'<option value="{escape(code)}"{" selected" if code == lang else ""}>'
                      f"{escape(name)}</option>" for code, name in languages())
    return f"""<!DOCTYPE html>
<html lang="{html_lang(lang)}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{head}</title>
<style>{PLAYERS_CSS}</style></head>
<body><header><span id="clock"></span><h1 id="name">{t}</h1>
<div id="bar"><div id="sub"></div><select id="sec" aria-label="{e["section"]}" hidden></select><select id="lang" aria-label="{e["language"]}">{options}</select></div>
<div id="banner" role="status" hidden></div>
<nav><button data-tab="find">{e["tab_find"]}</button><button data-tab="boards">{e["tab_boards"]}</button>
<button data-tab="standings">{e["tab_standings"]}</button><button data-tab="crosstable">{e["tab_crosstable"]}</button></nav></header>
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
  // ?view=pairings&range=A-L: this screen shows one view and one part of the list;
  // ?section=U1600: one section of the event
  const q = new URLSearchParams(location.search), view = q.get("view"), range = q.get("range"),
    section = q.get("section");
  el.dataset.sessionWebsocketUrl = (location.protocol === "https:" ? "wss://" : "ws://") +
    location.host + location.pathname.replace(/[^/]*$/, "") + "ws" + (view || range || section ?
    "/" + encodeURIComponent(view || "-") + "/" + encodeURIComponent(range || "-") : "") +
    (section ? "/" + encodeURIComponent(section) : "");
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
