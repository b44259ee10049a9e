"""Item 7 of issue 34 in the TUI: ``P``'s print of a draft round (Pairings showing it) is
refused with a message on the status line, no traceback, nothing written.  80×24."""

from __future__ import annotations

import shutil
from pathlib import Path

from swisstui.core import services
from swisstui.tui.app import SwissApp
from swisstui.tui.widgets.dialogs import PromptScreen
from test_tui import SIZE, dialog_title, status, wait_for

SAMPLES = Path(__file__).resolve().parents[2] / "swisstui" / "sample_events"


async def test_printing_a_draft_round_is_refused_with_a_message(tmp_path):
    folder = tmp_path / "chess"
    shutil.copytree(SAMPLES / "chess", folder)
    services.undo_round(folder, force=True)
    services.change_settings(folder, publish="manual")
    services.pair_next(folder)
    app = SwissApp(folder, mode="pairings")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("P")
        assert await wait_for(pilot, lambda: dialog_title(app) == "Print")
        await pilot.press("enter")  # pairings of the round shown: the draft
        assert await wait_for(pilot, lambda: not isinstance(app.screen, PromptScreen))
        assert await wait_for(pilot, lambda: status(app) == (
            "round 4 is a draft: publish it first (swisstui publish EVENT)"))
        assert not (folder / "prints" / "pairings-round4-a4.html").exists()
