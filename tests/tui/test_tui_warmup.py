"""Opening a large event in the TUI starts the solver's warm-up in the background and says so
on the status line (issue 31, item 13; swisstui/core/pairing/warmup.py); a small event, or a
solver already compiled, starts nothing and says nothing."""

from __future__ import annotations

from textual.widgets import Static

from conftest import make_event
from swisstui.core.pairing import warmup
from swisstui.tui.app import SwissApp

SIZE = (80, 24)


def _status(app) -> str:
    return str(app.screen.query_one("#status", Static).render())


async def _open(folder, monkeypatch, started: bool) -> tuple[list[int], str]:
    seen: list[int] = []
    monkeypatch.setattr(warmup, "start_background", lambda n: seen.append(n) or started)
    app = SwissApp(folder, mode="registration")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.pause()
        return seen, _status(app)


async def test_opening_a_large_event_starts_the_warmup_and_says_so(tmp_path, monkeypatch):
    folder = make_event(tmp_path, game="magic", n_players=600)
    seen, status = await _open(folder, monkeypatch, started=True)
    assert seen == [600]
    assert "compiles in the background" in status


async def test_a_small_event_or_a_ready_solver_says_nothing(tmp_path, monkeypatch):
    folder = make_event(tmp_path, game="magic", n_players=8)
    seen, status = await _open(folder, monkeypatch, started=False)
    assert seen == [8]  # asked, and the warm-up module declined
    assert "background" not in status
