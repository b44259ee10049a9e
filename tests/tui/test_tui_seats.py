"""Fixed seats in the TUI's player form (issue 35 item 10): the "Fixed seat" field saves the
seat, a seat another player has is refused on the status line and the form comes back on
that field with what was typed."""

from __future__ import annotations

from textual.widgets import Input

from conftest import make_event
from swisstui.core import store
from swisstui.tui.app import SwissApp
from test_tui import SIZE, dialog_title, status, type_text


async def test_player_form_sets_a_seat_and_refuses_a_taken_one(tmp_path):
    folder = make_event(tmp_path, n_players=4)
    app = SwissApp(folder, mode="registration")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("down", "enter")  # edit player 2
        await pilot.pause()
        assert "Edit player 2" in dialog_title(app)
        # name, rating, rank, club, country, fed. id, lot, then the seat
        await pilot.press(*["tab"] * 7)
        assert app.screen.query_one("#f-seat", Input).has_focus
        await type_text(pilot, "3")
        await pilot.press("enter")
        await pilot.pause()
        assert store.load(folder).player(2).seat == 3
        assert "saved: player 2" in status(app)
        await pilot.press("down", "enter")  # edit player 3: the same seat
        await pilot.pause()
        assert "Edit player 3" in dialog_title(app)
        await pilot.press(*["tab"] * 7)
        await type_text(pilot, "3")
        await pilot.press("enter")
        await pilot.pause()
        below = app.screen_stack[-2]
        assert "seat 3 is already" in str(below.query_one("#status").render())
        seat = app.screen.query_one("#f-seat", Input)
        assert seat.value == "3" and seat.has_focus
        assert store.load(folder).player(3).seat is None
        await pilot.press("ctrl+u")
        await type_text(pilot, "2")
        await pilot.press("enter")
        await pilot.pause()
        assert store.load(folder).player(3).seat == 2
        # the edit form shows the seat saved
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen.query_one("#f-seat", Input).value == "2"
