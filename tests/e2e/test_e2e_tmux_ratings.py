"""Issue 36's "done means" in a real terminal: a director registers 30 players from the
rating lists by typing a few letters each.  The ``swisstui`` console script in tmux at 80×24,
typed into like a director (some keys in one burst, as SSH delivers them); the twin of
tests/tui/test_tui_rating_lookup.py (Pilot).

A FIDE combined TXT list of 200 players (a small file written here, never a real list) is
installed with the CLI (``swisstui ratings import``, into the index ``SWISSTUI_RATINGS``
names); in Registration, for each of 30 of its players: ``n``, the first 3 to 5 letters of
the surname (as few as put the player first in the suggestions; every other player's without
the accents), Down, Enter (the form is filled from the row), Enter (saved).  At the end the folder is read with the core: the 30
players with the list's names, ids, ratings, federations, sexes and birth years.  The same
for a Go event from an EGD ``allworld_lp`` list (ranks instead of ratings)."""

from __future__ import annotations

import os
import random
import subprocess
from pathlib import Path

import pytest
from test_e2e_director import Terminal

from conftest import make_event
from swisstui.core import rating_index, store
from tmux_terminal import SCRIPT, TMUX
from tmux_terminal import kill_session
from tmux_terminal import tmux as _tmux

pytestmark = [pytest.mark.e2e,
              pytest.mark.skipif(TMUX is None, reason="tmux is not installed"),
              pytest.mark.skipif(not SCRIPT.exists(),
                                 reason=f"console script {SCRIPT} not installed")]

HEADER = ("ID Number      Name                                                         Fed "
          "Sex Tit  WTit OTit           FOA SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag")
COLS = {name: HEADER.index(name) for name in ("ID Number", "Name", "Fed", "Sex", "SRtng",
                                              "B-day")}
SYLLABLES = ("ka", "ri", "mo", "san", "lev", "ova", "ić", "er", "son", "ås", "ne", "ül", "ta",
             "ber", "go", "vi", "chen", "lo", "pé", "rez", "dó", "ko", "mar", "in")
FEDS = ("NOR", "IND", "USA", "GER", "FRA", "ESP", "SRB", "CHN", "BRA", "KOR", "JPN", "ISL")
PLAYERS = 200
REGISTER = 30


Director = Terminal  # its keys in bursts, its flat screen: test_e2e_director

def _word(rng: random.Random) -> str:
    return "".join(rng.choice(SYLLABLES) for _ in range(rng.randint(2, 3))).capitalize()


def _fide_line(values: dict[str, str]) -> str:
    out = ""
    for key, start in sorted(COLS.items(), key=lambda kv: kv[1]):
        out = out.ljust(start) + values[key]
    return out


def _fide_list(rng: random.Random) -> tuple[str, list[dict[str, str]]]:
    rows, names = [], set()
    while len(rows) < PLAYERS:
        name = f"{_word(rng)}, {_word(rng)}"
        if name in names:
            continue
        names.add(name)
        rows.append({"ID Number": str(5_100_000 + 7 * len(rows)), "Name": name,
                     "Fed": rng.choice(FEDS), "Sex": rng.choice("MF"),
                     "SRtng": str(rng.randint(1100, 2700)),
                     "B-day": str(rng.randint(1950, 2015))})
    return "\n".join([HEADER, *map(_fide_line, rows)]) + "\n", rows


def _prefix(name: str, pid: str, game: str, index: Path, plain: bool) -> str | None:
    """The fewest letters (3 to 5) of the surname that put the player first in the
    suggestions, as the director would type them: lower case, with the list's accents, or
    ``plain`` without them (``ić`` as ``ic``, as on a keyboard without them)."""
    surname = name.split(",")[0].split()[0]
    for n in (3, 4, 5):
        if len(surname) < n:
            break
        typed = rating_index.query_key(surname[:n]) if plain else surname[:n].lower()
        found = rating_index.lookup(typed, game, limit=3, index=index)
        if found and found[0].id == pid:
            return typed
    return None


def _import(tmp_path: Path, path: Path, env: dict[str, str]) -> None:
    done = subprocess.run([str(SCRIPT), "ratings", "import", str(path)], env=env,
                          capture_output=True, text=True, cwd=tmp_path, timeout=60)
    assert done.returncode == 0, done.stderr


def _register(term: Director, folder: Path, picks: list[tuple[str, str, str]],
              label) -> None:
    """``picks``: (typed letters, name, id); each player saved before the next is typed.
    The keys go in three ways, in turn: ``n`` and the letters in one burst; Down, Enter,
    Enter in one burst; all one key at a time, each after the screen took the one before."""
    start = len(store.load(folder).players)
    for i, (typed, name, pid) in enumerate(picks):
        first = label(name, pid)

        def shown(first: str = first) -> bool:
            return first in term.flat()
        if i % 3 == 0:
            term.burst("n", typed)
        else:
            term.press("n")
            term.see("New player")
            term.type(typed)
        term.until(shown, f"{name} suggested for {typed!r}")
        if i % 3 == 1:
            term.burst("Down", "Enter", "Enter")
        else:
            term.press("Down")
            term.press("Enter")
            term.until(lambda s=shown: not s() and "New player" in term.screen(),
                       f"the form filled from {name}'s row")
            term.press("Enter")
        term.until(lambda n=start + i + 1: len(store.load(folder).players) == n,
                   f"{name} saved")
        term.until(lambda: "New player" not in term.screen(), "the form closed")


def _run(tmp_path: Path, folder: Path, index: Path, session: str) -> Director:
    env = f"TERM=xterm-256color SWISSTUI_RATINGS={index} SWISSTUI_DIRECTOR=td"
    _tmux("new-session", "-d", "-s", session, "-x", "80", "-y", "24",
          f"cd {tmp_path} && {env} exec {SCRIPT} {folder}")
    term = Director(session)
    term.press("F2")
    term.header("registration")
    return term


def test_thirty_players_from_the_fide_list_by_a_few_letters_each_in_tmux(tmp_path):
    rng = random.Random(36)
    text, rows = _fide_list(rng)
    src = tmp_path / "players_list_foa.txt"
    src.write_text(text, encoding="utf-8")
    index = tmp_path / "ratings.sqlite3"
    _import(tmp_path, src, {**os.environ, "SWISSTUI_RATINGS": str(index)})
    assert rating_index.installed(index=index)[0].rows == PLAYERS

    picks: list[tuple[str, str, str]] = []
    by_id = {r["ID Number"]: r for r in rows}
    for r in rng.sample(rows, len(rows)):
        typed = _prefix(r["Name"], r["ID Number"], "chess", index, plain=len(picks) % 2 == 1)
        if typed is not None:
            picks.append((typed, r["Name"], r["ID Number"]))
        if len(picks) == REGISTER:
            break
    assert len(picks) == REGISTER

    folder = make_event(tmp_path, "chess", n_players=0, name="List Open")
    session = f"swisstui-ratings-{os.getpid()}"
    term = _run(tmp_path, folder, index, session)
    try:
        _register(term, folder, picks,
                  lambda name, pid: f"{name} {pid} {by_id[pid]['SRtng']} "
                                    f"{by_id[pid]['Fed']}")
        term.press("C-q")
    finally:
        kill_session(session)

    players = store.load(folder).players
    assert len(players) == REGISTER
    got = [(p.name, p.federation_id, p.rating, p.country, p.sex, p.birth) for p in players]
    want = [(by_id[pid]["Name"], pid, int(by_id[pid]["SRtng"]), by_id[pid]["Fed"],
             by_id[pid]["Sex"].lower(), by_id[pid]["B-day"]) for _t, _n, pid in picks]
    assert got == want
    assert all(3 <= len(typed) <= 5 for typed, _n, _p in picks)


def _egd_list(rng: random.Random, n: int) -> tuple[str, list[dict[str, str]]]:
    """An EGD ``allworld_lp`` page: ``PIN  Surname Firstname  CC  Club  Grade  Proposed  GoR
    Tot  Last`` (ASCII names: the page writes the others as HTML entities)."""
    rows, names = [], set()
    while len(rows) < n:
        name = f"{_word(rng)} {_word(rng)}"
        if not name.isascii() or name in names:
            continue
        names.add(name)
        rank = rng.choice([f"{k}k" for k in range(1, 21)] + [f"{d}d" for d in range(1, 7)])
        rows.append({"pin": str(10_000_000 + 13 * len(rows)), "name": name,
                     "cc": rng.choice(("FR", "DE", "CZ", "PL", "NL", "UA")),
                     "club": rng.choice(("Pari", "Bonn", "Brno", "Wars", "Amst")),
                     "rank": rank, "gor": str(rng.randint(100, 2700))})
    lines = [f"  {r['pin']}  {r['name']:<36}  {r['cc']}  {r['club']}  {r['rank']:>4}   --  "
             f"{r['gor']:>5}    12  T261101A" for r in rows]
    page = ["<html><head><title>EGD - all players</title></head><body>", "<pre>",
            " European Go Database - list of all players (28.11.2026 07:00)",
            "  Pin_Player Name                           Country Club  Grade Proposed  GoR  "
            "Tot Last", *lines, "</pre>", "</body></html>"]
    return "\n".join(page) + "\n", rows


def test_ten_go_players_from_the_egd_list_in_tmux(tmp_path):
    rng = random.Random(360)
    text, rows = _egd_list(rng, PLAYERS)
    src = tmp_path / "allworld_lp.html"
    src.write_text(text, encoding="utf-8")
    index = tmp_path / "ratings.sqlite3"
    _import(tmp_path, src, {**os.environ, "SWISSTUI_RATINGS": str(index)})
    assert rating_index.installed(index=index)[0].rows == PLAYERS

    by_id = {r["pin"]: r for r in rows}
    picks: list[tuple[str, str, str]] = []
    for r in rng.sample(rows, len(rows)):
        typed = _prefix(r["name"], r["pin"], "go", index, plain=False)
        if typed is not None:
            picks.append((typed, r["name"], r["pin"]))
        if len(picks) == 10:
            break

    folder = make_event(tmp_path, "go", n_players=0, name="EGD Cup")
    session = f"swisstui-egd-{os.getpid()}"
    term = _run(tmp_path, folder, index, session)
    try:
        _register(term, folder, picks,
                  lambda name, pin: f"{name} {pin} {by_id[pin]['gor']} {by_id[pin]['cc']} "
                                    f"{by_id[pin]['club']} EGD")
        term.press("C-q")
    finally:
        kill_session(session)

    got = [(p.name, p.federation_id, p.rank, p.rating, p.country, p.club)
           for p in store.load(folder).players]
    assert got == [(by_id[pin]["name"], pin, by_id[pin]["rank"], int(by_id[pin]["gor"]),
                    by_id[pin]["cc"], by_id[pin]["club"]) for _t, _n, pin in picks]
