"""The projector at the venue: single-spaced rows that fill the window, the alphabetical
"find your board" view, side-by-side copies in large windows, the round clock, the QR code."""

from conftest import make_event

from swisstui.core import services
from swisstui.tui.screens.display import VIEWS, DisplayApp, side_by_side
from swisstui.tui.widgets.fasttable import FastTable


def test_side_by_side_fills_each_copy_before_the_next():
    rows = [(f"p{i}", str(i)) for i in range(10)]
    labels, widths, laid, k = side_by_side(["Name", "Bd"], rows, [6, 3], avail=60, body=3)
    assert k == 3 and labels == ["Name", "Bd", "", "Name", "Bd", "", "Name", "Bd"]
    # page 1: rows 0-2 | 3-5 | 6-8, page 2: row 9 alone
    assert laid[0] == ("p0", "0", "", "p3", "3", "", "p6", "6")
    assert laid[2] == ("p2", "2", "", "p5", "5", "", "p8", "8")
    assert laid[3] == ("p9", "9", "", "", "", "", "", "")
    assert len(laid) == 4
    assert side_by_side(["Name", "Bd"], rows, [6, 3], avail=20, body=3)[3] == 1
    assert side_by_side(["Name", "Bd"], rows[:2], [6, 3], avail=200, body=30)[3] == 1


async def _show(app, pilot, view):
    app.view = VIEWS.index(view)
    app._show_view()
    await pilot.pause()
    return str(app.query_one("#display-title").render())


async def test_large_window_alphabetical_view_and_clock(tmp_path):
    folder = make_event(tmp_path, n_players=100, rounds=7)
    services.pair_next(folder)
    services.clock_start(folder, 45)
    app = DisplayApp(folder, cycle=0, poll=0.1)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        title = await _show(app, pilot, "alphabetical")
        assert "Round 1: find your board" in title and "time 4" in title  # 44:59 or 45:00
        t = app.query_one(FastTable)
        assert t.spacing == 0 and app.groups == 2
        assert t.labels[:4] == ["Name", "Bd", "Colour", "Opponent"]
        body = t._body_height
        assert body >= 30  # single-spaced rows fill the window
        ev = services.load(folder)
        first = sorted(ev.players, key=lambda p: p.name)
        assert t.rows[0][0] == first[0].name and t.rows[0][5] == first[body].name
        # the whole field of 100 is on two screens (2 copies × ≥ 30 rows per screen)
        assert len(t.rows) <= 2 * body
        services.clock_pause(folder)
        for _ in range(30):
            await pilot.pause(0.1)
            if "(paused)" in str(app.query_one("#display-title").render()):
                break
        assert "(paused)" in str(app.query_one("#display-title").render())
    app = DisplayApp(folder, cycle=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await _show(app, pilot, "alphabetical")
        assert app.groups == 1 and app.query_one(FastTable)._body_height >= 17


async def test_qr_code_of_the_players_page(tmp_path):
    folder = make_event(tmp_path, n_players=10)
    services.pair_next(folder)
    url = "http://192.168.1.20:8000/players"
    app = DisplayApp(folder, cycle=0, players_url=url)
    async with app.run_test(size=(160, 45)) as pilot:
        await pilot.pause()
        await _show(app, pilot, "pairings")
        qr = app.query_one("#display-qr")
        assert qr.display and url in str(qr.render()) and "▀" in str(qr.render())
    app = DisplayApp(folder, cycle=0, players_url=url)
    async with app.run_test(size=(80, 24)) as pilot:  # no room: the lists keep the width
        await pilot.pause()
        assert not app.query_one("#display-qr").display


def test_clock_prompt_commands(tmp_path):
    import pytest

    from swisstui.core.errors import SwissError
    from swisstui.tui.clock_prompt import run_clock_command
    folder = make_event(tmp_path)
    services.pair_next(folder)
    assert run_clock_command(folder, "") .startswith("no round clock")
    assert run_clock_command(folder, "60").startswith("Round 1 · ")
    assert run_clock_command(folder, "pause").endswith("(paused)")
    assert run_clock_command(folder, "+5").startswith("Round 1 · 1:05:00")
    assert run_clock_command(folder, "resume").startswith("Round 1 · 1:0")
    assert services.clock_state(folder).minutes == 65
    with pytest.raises(SwissError, match="type 60, pause"):
        run_clock_command(folder, "later")


async def test_c_in_pairings_opens_the_clock_prompt(tmp_path):
    from textual.widgets import Input

    from swisstui.tui.app import SwissApp
    folder = make_event(tmp_path)
    services.pair_next(folder)
    app = SwissApp(folder, mode="pairings")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("c")
        await pilot.pause()
        app.screen.query_one(Input).value = "50"
        await pilot.press("enter")
        await pilot.pause()
    assert services.clock_state(folder).minutes == 50


async def test_o_in_pairings_writes_a_page_for_paper(tmp_path):
    from textual.widgets import Input

    from swisstui.tui.app import SwissApp
    folder = make_event(tmp_path)
    services.pair_next(folder)
    app = SwissApp(folder, mode="pairings")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("P")
        await pilot.pause()
        app.screen.query_one(Input).value = "slips letter"
        await pilot.press("enter")
        await pilot.pause()
    page = folder / "prints" / "slips-round1-letter.html"
    assert page.is_file() and "@page{size:letter portrait" in page.read_text()
    assert page.read_text().count('<div class="slip">') == 4
    services.load(folder)
    assert services.check(folder) == []


# ---- issue 32: paper and projector (items 2-7) ------------------------------------------------

def _lines(app) -> list[str]:
    return [s.text for s in app.screen._compositor.render_strips()]


def _foot(app) -> str:
    return str(app.query_one("#display-foot").render())


def _all_draws(folder):
    from swisstui.core import results, store
    ev = services.load(folder)
    rnd = ev.round(ev.current_round)

    def draw_all(e):
        for b in rnd.boards:
            e = results.record_result(e, rnd.number, b.number, "=")
        return e
    store.update(folder, draw_all)


async def test_shared_places_are_not_cut(tmp_path):
    """Item 3: 120 players who all drew share places 1-120; the place column showed
    "1-1…" (4 cells) on the standings and the crosstable."""
    folder = make_event(tmp_path, n_players=120, rounds=5)
    services.pair_next(folder)
    _all_draws(folder)
    app = DisplayApp(folder, cycle=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for view in ("standings", "crosstable"):
            await _show(app, pilot, view)
            t = app.query_one(FastTable)
            assert t.rows[0][0] == "1-120"
            body = _lines(app)[3:-1]  # title bar 3 lines, the footer
            assert body[1].split()[0] == "1-120" and "…" not in body[1].split()[0], body[1]
            assert t.widths[0] == 5


async def test_each_screen_continues_where_the_last_stopped(tmp_path):
    """Item 4: a long list, one or two copies side by side: the screens show every row
    once, in order (the last screen scrolled back and showed rows again: 13-44 then
    89-100 with two copies)."""
    folder = make_event(tmp_path, n_players=100, rounds=7)
    services.pair_next(folder)
    ev = services.load(folder)
    names = [r[0] for r in __import__("swisstui.tui.screens.display", fromlist=["x"])
             .alphabetical_rows(ev)[2]]
    for size, copies in (((80, 25), 1), ((120, 40), 2), ((114, 32), 2)):
        app = DisplayApp(folder, cycle=0)
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            await _show(app, pilot, "alphabetical")
            assert app.groups == copies
            t = app.query_one(FastTable)
            seen: list[str] = []
            pages = []
            for _screen in range(20):
                top, body = int(t.scroll_y), t._body_height
                pages.append(_foot(app).rpartition("page ")[2])
                visible = t.rows[top:top + body]
                width = len(visible[0]) // copies + 1
                for g in range(copies):
                    seen += [r[g * width] for r in visible if r[g * width]]
                app.advance()
                await pilot.pause()
                if VIEWS[app.view] != "alphabetical":
                    break
            assert seen == names  # every row once, in order
            n = len(pages)
            assert pages == [f"{i}/{n}" for i in range(1, n + 1)]


async def test_playoff_on_the_projector(tmp_path):
    """Item 5: during a playoff the lists name the stage, show only the players still in
    it (not the others as "absent"), and the standings view shows the final places."""
    from swisstui.core import results, store
    folder = tmp_path / "ev"
    services.simulate_event("chess", 16, 4, seed=1, out=folder)
    services.next_playoff_round(folder, 4)
    app = DisplayApp(folder, cycle=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert "Semi-finals: pairings" in await _show(app, pilot, "pairings")
        title = await _show(app, pilot, "alphabetical")
        assert "Semi-finals: find your board" in title and "Round 5" not in title
        t = app.query_one(FastTable)
        rows = [r for r in t.rows if r[0]]
        assert len(rows) == 4 and not any("absent" in " ".join(r) for r in rows)
        assert "Semi-finals" in _foot(app) and "round 5/4" not in _foot(app)
        title = await _show(app, pilot, "standings")
        assert "Final places" in title
        assert app.query_one(FastTable).labels[2] == "Playoff"
    # both stages played: the champion
    store.update(folder, lambda e: results.record_result(
        results.record_result(e, 5, 1, "1-0"), 5, 2, "1-0"))
    services.next_playoff_round(folder, None)
    store.update(folder, lambda e: results.record_result(e, 6, 1, "0-1"))
    ev = services.load(folder)
    final = ev.round(6).boards[0]
    champion = ev.player(final.players[1]).name
    app = DisplayApp(folder, cycle=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        title = await _show(app, pilot, "standings")
        assert f"Champion: {champion}" in title
        first = app.query_one(FastTable).rows[0]
        assert first[0] == "1" and first[1].startswith(champion) and first[2] == "Champion"


async def test_large_field_pages_order_and_parts(tmp_path):
    """Item 6: 300 players.  The footer counts the screens (page 2/6); while a round is
    played the cycle starts with the pairings, then "find your board"; --only and --range
    let each screen of the hall show one part of one list."""
    folder = make_event(tmp_path, n_players=300, rounds=7)
    services.pair_next(folder)
    app = DisplayApp(folder, cycle=3600)  # cycles, but not within the test
    async with app.run_test(size=(114, 32)) as pilot:
        await pilot.pause()
        assert VIEWS[app.view] == "pairings"
        t = app.query_one(FastTable)
        pages = -(-150 // t._body_height)
        assert _foot(app).endswith(f"view 2/4: pairings · page 1/{pages}")
        app.advance()
        await pilot.pause()
        assert _foot(app).endswith(f"page 2/{pages}")
        app.action_next_page()
        await pilot.pause()
        assert VIEWS[app.view] == "alphabetical" and "view 3/4" in _foot(app)
    ev = services.load(folder)
    parts = []
    for rng in ("A-H", "I-P", "Q-Z"):
        app = DisplayApp(folder, cycle=0, only="alphabetical", rows=rng)
        async with app.run_test(size=(114, 32)) as pilot:
            await pilot.pause()
            assert VIEWS[app.view] == "alphabetical" and "view 1/1" in _foot(app)
            t = app.query_one(FastTable)
            width = len(t.labels) // app.groups + 1
            names = [r[g * width] for r in t.rows for g in range(app.groups)
                     if g * width < len(r) and r[g * width]]
            assert names and all(rng[0] <= n[0].upper() <= rng[2] for n in names)
            parts += names
            app.action_next_page()  # one view only: it stays
            await pilot.pause()
            assert VIEWS[app.view] == "alphabetical"
    assert sorted(parts) == sorted(p.name for p in ev.players)
    app = DisplayApp(folder, cycle=0, only="pairings", rows="51-100")
    async with app.run_test(size=(114, 32)) as pilot:
        await pilot.pause()
        boards = [r[0] for r in app.query_one(FastTable).rows if r[0]]
        assert boards == [str(b) for b in range(51, 101)]


def test_only_and_range_are_checked():
    import pytest

    from swisstui.core.errors import SwissError
    from swisstui.tui.screens.display import in_range, parse_range, parse_views
    assert parse_views("pairings, alphabetical") == ("pairings", "alphabetical")
    assert parse_range("a-l") == ("A", "L") and parse_range("1-50") == (1, 50)
    with pytest.raises(SwissError, match="valid views: standings, pairings"):
        parse_views("boards")
    for bad in ("L-A", "50-1", "A", "AB-C", "0-5", "1-²", "²-3"):  # ² is a digit int() refuses
        with pytest.raises(SwissError, match="letters"):
            parse_range(bad)
    rows = [("Ábel",), ("Łukasz",), ("zoe",), ("김민준",), ("山田",)]
    assert in_range(rows, ("A", "A"), 0) == [("Ábel",)]
    assert in_range(rows, ("L", "Z"), 0) == rows[1:]  # other scripts with the range ending at Z


async def test_the_clock_is_never_covered_or_cut(tmp_path):
    """Item 2: the browser projector at 1920×1080 is a 114×32 terminal (pages.py's
    fitFontSize: 28 px cells).  With a long event name and the QR code, the title bar kept
    neither the clock's digits (the name pushed it past the bar) nor its right end (the QR
    panel, docked over the whole height, covered it)."""
    name = "Campeonato Brasileiro Absoluto de Xadrez Rápido e Relâmpago 2026 — Etapa Porto " \
        "Alegre, Rio Grande do Sul"
    folder = make_event(tmp_path, n_players=10, name=name)
    services.pair_next(folder)
    services.clock_start(folder, 45)
    app = DisplayApp(folder, cycle=0, players_url="http://192.168.1.20:8000/players")
    async with app.run_test(size=(114, 32)) as pilot:
        await pilot.pause()
        await _show(app, pilot, "pairings")
        await pilot.pause()
        title = app.query_one("#display-title")
        qr = app.query_one("#display-qr")
        assert qr.display
        assert not qr.region.overlaps(title.region)
        clock = services.clock_state(folder).text
        bar = " ".join(_lines(app)[:3])
        assert f"time {clock}" in bar or "time 44:5" in bar, bar
        assert "…" in bar  # the name gave way


async def test_a_loopback_players_address_is_a_warning_not_a_code(tmp_path):
    """Item 7: a projector opened at http://127.0.0.1 on a server that cannot find (or
    does not listen on) a LAN address: no code phones cannot open, a warning instead."""
    folder = make_event(tmp_path, n_players=10)
    services.pair_next(folder)
    app = DisplayApp(folder, cycle=0, players_url="http://127.0.0.1:8000/players")
    async with app.run_test(size=(160, 45)) as pilot:
        await pilot.pause()
        qr = app.query_one("#display-qr")
        text = str(qr.render())
        assert qr.display and "phones cannot open http://127.0.0.1:8000/players" in text
        assert "▀" not in text and qr.has_class("-warning")
