"""Pairing in the TUI (issue 14 item 3): the engine runs in a worker thread, never on the
UI thread; a pairing that takes longer than 0.2 s shows a progress line; the pairing shown
in the confirmation is the one saved, without pairing again."""

from __future__ import annotations

import threading
import time

from textual.widgets import Static

from conftest import make_event
from swisstui.core import pairing, store
from swisstui.tui.app import SwissApp

SIZE = (80, 24)


def _status(app) -> str:
    return str(app.screen.query_one("#status", Static).render())


async def _settle(pilot) -> None:
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


async def test_pairing_runs_once_in_a_worker_and_the_preview_is_saved(tmp_path, monkeypatch):
    folder = make_event(tmp_path, n_players=8)
    calls: list[str] = []
    real = pairing.pair_round

    def counted(*a, **kw):
        calls.append(threading.current_thread().name)
        return real(*a, **kw)

    monkeypatch.setattr(pairing, "pair_round", counted)
    app = SwissApp(folder, mode="pairings")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("p")
        await _settle(pilot)
        assert "Pair round 1?" in str(app.screen.query_one(".dialog-title", Static).render())
        await pilot.press("y")
        await _settle(pilot)
    assert len(calls) == 1  # previewed once, saved as shown
    assert calls[0] != threading.main_thread().name
    rnd = store.load(folder).round(1)
    assert rnd is not None and len(rnd.boards) == 4


async def test_a_slow_pairing_shows_a_progress_line(tmp_path, monkeypatch):
    folder = make_event(tmp_path, n_players=8)
    real = pairing.pair_round
    release = threading.Event()
    calls = []

    def slow(*a, **kw):
        calls.append(1)
        release.wait(5)
        return real(*a, **kw)

    monkeypatch.setattr(pairing, "pair_round", slow)
    app = SwissApp(folder, mode="pairings")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("p")
        deadline = time.monotonic() + 5
        while "pairing round 1…" not in _status(app) and time.monotonic() < deadline:
            await pilot.pause(0.05)
        assert "pairing round 1…" in _status(app)
        await pilot.press("p")  # a second request while the first runs: said, not started
        await pilot.pause(0.05)
        assert "still running" in _status(app)
        release.set()
        await _settle(pilot)
        assert "Pair round 1?" in str(app.screen.query_one(".dialog-title", Static).render())
        below = app.screen_stack[-2]  # the pairings screen under the confirmation
        assert "pairing round" not in str(below.query_one("#status", Static).render())
    assert len(calls) == 1


async def test_a_core_bug_while_pairing_is_one_status_line(tmp_path, monkeypatch):
    """An unexpected exception in the engine (run in the worker) reaches the director as
    backend.guarded's one line, not a traceback; nothing is written."""
    folder = make_event(tmp_path, n_players=8)

    def broken(*a, **kw):
        raise RuntimeError("boom")

    monkeypatch.setattr(pairing, "pair_round", broken)
    app = SwissApp(folder, mode="pairings")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("p")
        await _settle(pilot)
        assert "internal error, nothing saved (RuntimeError: boom)" in _status(app)
    assert store.load(folder).round(1) is None
