"""Issue 33's "done means", in the TUI alone, typed at 80×24: from an empty folder to the
final standings and prints of

* a Go event with a dan class (the event's first section: McMahon, even games) and a kyu
  class (a section added with F9 ``a``, handicap games set with F7 in it);
* a chess open with a U1600 section numbered from board 101 in the hall, one player moved
  from the open into the U1600 after round 2 (``m`` in Registration), his open record kept.

Every step is keys: the game list, the new-event form, ``n`` for each player, F9 to switch
and add, F7, ``p``/``y`` to pair, results typed in the entry line by the hall's board
numbers, F5, ``P`` for pages.  What the keys did is then read back from the folders."""

from __future__ import annotations

import pytest

from swisstui.core import i18n, store
from swisstui.core.games import GAMES
from swisstui.core.services import sections
from swisstui.core.standings import standings
from swisstui.tui.app import SwissApp
from test_tui import dialog_title as _title, status as _status, table_rows, wait_for
from test_tui_bursts import burst, chars

SIZE = (80, 24)


@pytest.fixture(autouse=True)
def _english_after():
    yield
    i18n.use(i18n.SOURCE)


async def _form_field(pilot, app, key: str, text: str) -> None:
    """Go to a field of the open form (as Tab does) and type ``text`` over it."""
    app.screen.focus_on(key)
    await burst(pilot, "ctrl+u", *chars(text))


async def _new_event(pilot, app, game: str, name: str, rounds: int,
                     system: str | None = None) -> None:
    assert await wait_for(pilot, lambda: "which game?" in _title(app))
    await burst(pilot, str(GAMES.index(game) + 1))
    assert await wait_for(pilot, lambda: _title(app).startswith("New "))
    await _form_field(pilot, app, "name", name)
    await _form_field(pilot, app, "rounds", str(rounds))
    if system:
        await _form_field(pilot, app, "system", system)
    await burst(pilot, "enter")
    assert await wait_for(pilot, lambda: "saved: new event" in _status(app))


async def _register(pilot, app, folder, players: list[tuple[str, str]]) -> None:
    """``n``, the name, Tab to the rating (chess) or Tab Tab to the rank (Go), Enter."""
    for name, strength in players:
        tabs = ["tab", "tab"] if strength[-1] in "dk" else ["tab"]
        await burst(pilot, "n", *chars(name), *tabs, *chars(strength), "enter")
        assert await wait_for(pilot, lambda name=name: any(
            p.name == name for p in store.load(folder).players)), (name, _status(app))


async def _switch(pilot, app, number: int, folder) -> None:
    await burst(pilot, "f9", str(number))
    assert await wait_for(pilot, lambda: app.folder == folder)


async def _pair(pilot, app, folder, round_no: int) -> None:
    await burst(pilot, "f3", "p")
    assert await wait_for(pilot, lambda: f"Pair round {round_no}?" in _title(app))
    await burst(pilot, "y")
    assert await wait_for(pilot, lambda: store.load(folder).round(round_no) is not None)


async def _results(pilot, app, folder, round_no: int, result: str) -> None:
    """Every board of the round: the hall's board number and ``result``, Enter."""
    first = sections.first_board(folder)
    await burst(pilot, "f4")
    for bd in store.load(folder).round(round_no).boards:
        await burst(pilot, *chars(f"{bd.number + first - 1} {result}"), "enter")
        assert await wait_for(pilot, lambda n=bd.number: store.load(folder).round(
            round_no).board(n).result is not None), _status(app)
    assert store.load(folder).round(round_no).missing_results() == 0


async def _print(pilot, app, folder, page: str) -> str:
    await burst(pilot, "f3", "P")
    assert await wait_for(pilot, lambda: _title(app) == "Print")
    await burst(pilot, "ctrl+u", *chars(page), "enter")
    assert await wait_for(pilot, lambda: "saved " in _status(app)), _status(app)
    path = _status(app).split("saved ", 1)[1].split(" — ")[0]
    return open(path, encoding="utf-8").read()


DAN = [("Aiko Sato", "5d"), ("Ben Kim", "4d"), ("Chen Li", "3d"), ("Dai Ito", "3d"),
       ("Eri Mori", "2d"), ("Fumi Abe", "1d")]
KYU = [("Goro Ono", "2k"), ("Hana Ueda", "4k"), ("Iku Noda", "7k"), ("Jun Oda", "10k")]


async def test_a_go_event_with_a_dan_and_a_kyu_class(tmp_path):
    root = tmp_path / "go-cup"
    kyu = root / "sections" / "kyu"
    app = SwissApp(root, watch_interval=0.1)
    async with app.run_test(size=SIZE) as pilot:
        await _new_event(pilot, app, "go", "Go Cup", 3, "mcmahon")
        await _register(pilot, app, root, DAN)
        # the kyu class: F9 a, its name, Enter; then F7 in it: handicap games
        await burst(pilot, "f9", "a")
        assert await wait_for(pilot, lambda: _title(app).startswith("New section"))
        await burst(pilot, *chars("kyu"), "enter")
        assert await wait_for(pilot, lambda: app.folder == kyu)
        await burst(pilot, "f7")
        assert await wait_for(pilot, lambda: _title(app).startswith("Event settings"))
        await _form_field(pilot, app, "option.handicap", "yes")
        await burst(pilot, "enter")
        assert await wait_for(pilot, lambda: _title(app) == "Save these settings?")
        await burst(pilot, "y")
        assert await wait_for(pilot, lambda: store.load(kyu).settings.options.get("handicap"))
        await burst(pilot, "f2")
        await _register(pilot, app, kyu, KYU)
        for rnd in (1, 2, 3):
            await _switch(pilot, app, 1, root)
            await _pair(pilot, app, root, rnd)
            await _results(pilot, app, root, rnd, "B+R")
            await _switch(pilot, app, 2, kyu)
            await _pair(pilot, app, kyu, rnd)
            await _results(pilot, app, kyu, rnd, "W+R")
        await burst(pilot, "f5")
        assert await wait_for(pilot, lambda: len(table_rows(app, "#standings")) == 4)
        kyu_page = await _print(pilot, app, kyu, "standings")
        await _switch(pilot, app, 1, root)
        await burst(pilot, "f5")
        assert await wait_for(pilot, lambda: len(table_rows(app, "#standings")) == 6)
        dan_page = await _print(pilot, app, root, "standings")
    dan, kyu_ev = store.load(root), store.load(kyu)
    assert dan.settings.system == kyu_ev.settings.system == "mcmahon"
    assert not dan.settings.options.get("handicap")
    # the dan class played even games, the kyu class handicap games (stones by rank)
    assert all(not (b.setup or {}).get("handicap") for r in dan.rounds for b in r.boards)
    stones = [(b.setup or {}).get("handicap", 0) for r in kyu_ev.rounds for b in r.boards]
    assert len(stones) == 6 and any(s >= 2 for s in stones)
    assert [len(r.boards) for r in dan.rounds] == [3, 3, 3]
    # final standings: Black won every dan game, White every kyu game; every player once
    assert {r.player.name for r in standings(dan).rows} == {n for n, _r in DAN}
    assert {r.player.name for r in standings(kyu_ev).rows} == {n for n, _r in KYU}
    assert all(b.result.text == "B+R" for r in dan.rounds for b in r.boards)
    assert all(name in dan_page for name, _r in DAN)
    assert all(name in kyu_page for name, _r in KYU) and "Aiko Sato" not in kyu_page
    assert [s.name for s in sections.list_sections(root)] == ["main", "kyu"]


OPEN = [("Ana Lima", "1900"), ("Bruno Dias", "1850"), ("Caio Reis", "1800"),
        ("Duda Melo", "1760"), ("Eva Nunes", "1720"), ("Fabio Luz", "1700"),
        ("Gil Rocha", "1680"), ("Hugo Sena", "1650")]
U1600 = [("Ines Lobo", "1590"), ("Joao Paz", "1550"), ("Kaue Vaz", "1500"),
         ("Lia Ramos", "1450"), ("Mia Costa", "1400"), ("Nina Sol", "1350")]


async def test_a_chess_open_with_a_u1600_and_a_move_after_round_two(tmp_path):
    root = tmp_path / "spring-open"
    u = root / "sections" / "U1600"
    app = SwissApp(root, watch_interval=0.1)
    async with app.run_test(size=SIZE) as pilot:
        await _new_event(pilot, app, "chess", "Spring Open", 3)
        await _register(pilot, app, root, OPEN)
        # the U1600, its boards numbered from 101 in the hall
        await burst(pilot, "f9", "a")
        assert await wait_for(pilot, lambda: _title(app).startswith("New section"))
        await burst(pilot, *chars("U1600"))
        await _form_field(pilot, app, "first_board", "101")
        await burst(pilot, "enter")
        assert await wait_for(pilot, lambda: app.folder == u)
        await burst(pilot, "f2")
        await _register(pilot, app, u, U1600)
        for rnd in (1, 2):
            await _switch(pilot, app, 1, root)
            await _pair(pilot, app, root, rnd)
            await _results(pilot, app, root, rnd, "1-0")
            await _switch(pilot, app, 2, u)
            await _pair(pilot, app, u, rnd)
            assert min(b.number for b in store.load(u).round(rnd).boards) == 1
            await _results(pilot, app, u, rnd, "1-0")  # typed as 101, 102, 103
        # after round 2: Hugo Sena (open, 1650) moves down into the U1600
        hugo = next(p for p in store.load(root).players if p.name == "Hugo Sena")
        before_open = standings(store.load(root))
        await burst(pilot, "f2")
        app.screen.query_one("#players").move_to_key(f"main:{hugo.id}")
        await burst(pilot, "m")
        assert await wait_for(pilot, lambda: "to which section?" in _title(app))
        await burst(pilot, "1")
        assert await wait_for(pilot, lambda: _title(app).startswith("Move "))
        preview = "\n".join(app.screen.lines)
        assert "Hugo Sena" in preview and "withdrawn after round 2, record kept" in preview
        assert "(joins round 3)" in preview
        await burst(pilot, "y")
        assert await wait_for(pilot, lambda: store.load(u).player(hugo.id) is not None)
        for folder, number in ((root, 1), (u, 2)):
            await _switch(pilot, app, number, folder)
            await _pair(pilot, app, folder, 3)
            await _results(pilot, app, folder, 3, "1-0")
        await burst(pilot, "f5")
        assert await wait_for(pilot, lambda: len(table_rows(app, "#standings")) == 7)
        u_page = await _print(pilot, app, u, "standings")
        checkin = await _print(pilot, app, u, "checkin")
        await _switch(pilot, app, 1, root)
        open_page = await _print(pilot, app, root, "standings")
    open_ev, u_ev = store.load(root), store.load(u)
    moved_open, moved_u = open_ev.player(hugo.id), u_ev.player(hugo.id)
    # his open record is kept (two games, withdrawn from round 3), never deleted
    assert moved_open is not None and moved_open.withdrawn_from == 3
    assert sum(1 for r in open_ev.rounds[:2] for b in r.boards if hugo.id in b.players) \
        + sum(1 for r in open_ev.rounds[:2] for y in r.byes if y.player == hugo.id) == 2
    assert all(hugo.id not in b.players for b in open_ev.round(3).boards)
    # and he plays round 3 in the U1600
    assert moved_u is not None and moved_u.joined_round == 3
    assert any(hugo.id in b.players for b in u_ev.round(3).boards) or \
        any(y.player == hugo.id for y in u_ev.round(3).byes)
    # every result kept, none twice: 4+4+3 open boards, 3+3+3 U1600 boards
    assert [len(r.boards) for r in open_ev.rounds] == [4, 4, 3]
    assert [len(r.boards) for r in u_ev.rounds] == [3, 3, 3]
    assert all(r.missing_results() == 0 for r in (*open_ev.rounds, *u_ev.rounds))
    # the open's final standings keep him with his two rounds' points, not one more
    final_open = standings(open_ev)
    assert final_open.row(hugo.id).score == before_open.row(hugo.id).score
    assert len(final_open.rows) == 8 and len(standings(u_ev).rows) == 7
    # the prints: each section's standings, the check-in list across both sections
    assert all(n in open_page for n, _r in OPEN)
    assert all(n in u_page for n, _r in U1600) and "Hugo Sena" in u_page
    assert all(n in checkin for n, _r in OPEN + U1600)
    assert checkin.count("Hugo Sena") == 2  # entered in both sections
