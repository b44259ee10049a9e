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
