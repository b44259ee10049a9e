"""FIDE mode in the TUI (issue 34 item 10), at 80×24 with keys only: F7's tie-break chain
changed after round 1 asks why on one line (the question Pairings asks for a published
round), the refusal's words on the status line under it; the reason is kept in the history;
Esc keeps the settings as they were."""

from __future__ import annotations

import shutil
from pathlib import Path

from textual.widgets import Input

from swisstui.core import services, store
from swisstui.core.services import history
from swisstui.tui.app import SwissApp
from swisstui.tui.widgets.dialogs import ConfirmScreen, PromptScreen
from test_tui import SIZE, dialog_title, status, type_text, wait_for

SAMPLES = Path(__file__).resolve().parents[2] / "swisstui" / "sample_events"
CHAIN = ("BH-C1", "BH", "SB", "DE", "WIN")


def _chess(tmp_path: Path) -> Path:
    folder = tmp_path / "chess"
    shutil.copytree(SAMPLES / "chess", folder)
    return folder


async def _change_chain(pilot, app, chain: str) -> None:
    await pilot.press("f7")
    assert await wait_for(pilot, lambda: bool(app.screen.query("#ff-tiebreaks")))
    for _ in range(40):
        if app.screen.query_one("#ff-tiebreaks", Input).has_focus:
            break
        await pilot.press("tab")
    await pilot.press("ctrl+u")
    await type_text(pilot, chain)
    await pilot.press("enter")
    assert await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen))
    await pilot.press("y")


async def test_f7_asks_why_the_locked_tiebreaks_change(tmp_path):
    folder = _chess(tmp_path)
    services.change_settings(folder, fide_mode=True)
    assert store.load(folder).settings.tiebreaks == CHAIN
    app = SwissApp(folder, mode="standings")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        # Esc at the question: nothing changes
        await _change_chain(pilot, app, "BH, SB")
        assert await wait_for(pilot, lambda: isinstance(app.screen, PromptScreen))
        assert dialog_title(app) == "FIDE mode: the tie-breaks are locked; why the change?"
        await pilot.press("escape")
        assert await wait_for(pilot, lambda: status(app) == "settings not changed")
        assert store.load(folder).settings.tiebreaks == CHAIN
        # asked again, answered: saved with the reason
        await _change_chain(pilot, app, "BH, SB")
        assert await wait_for(pilot, lambda: isinstance(app.screen, PromptScreen))
        under = app.screen_stack[-2]
        assert "in FIDE mode the tie-breaks are locked once round 1 is paired" in str(
            under.query_one("#status").render())
        await type_text(pilot, "the regulations say BH then SB")
        await pilot.press("enter")
        assert await wait_for(pilot, lambda: store.load(folder).settings.tiebreaks
                              == ("BH", "SB"))
        assert await wait_for(pilot, lambda: status(app).startswith("settings saved")
                              or "tiebreaks" in status(app))
        entry = history.log(folder)[0]
        assert (entry.subject, entry.reason) == ("settings: tiebreaks ('BH', 'SB')",
                                                 "the regulations say BH then SB")
