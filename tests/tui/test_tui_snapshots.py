"""Snapshot tests (pytest-textual-snapshot): what a director sees at 80×24 in each mode, the
F1 help, the projector view and the too-small notice, on a copy of a sample event.

The pictures are in ``tests/__snapshots__/test_tui_snapshots/*.svg``; after a deliberate
change of the screen, regenerate them with

    .venv/bin/python -m pytest tests/test_tui_snapshots.py --snapshot-update

and look at them (``snapshot_report.html`` shows the differences when one fails).

Nothing on these screens may depend on the machine: the event is a copy of
``swisstui/sample_events/<game>`` (the tmp path is never shown), nothing shows the clock,
pairings come from the sample's stored rounds, the text cursor does not blink, and
``NO_COLOR`` is unset so the theme's colours are compared.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from textual.widgets import Input

from swisstui.tui.app import SwissApp
from swisstui.tui.screens.display import DisplayApp

SAMPLES = Path(__file__).resolve().parents[2] / "swisstui" / "sample_events"
SIZE = (80, 24)


@pytest.fixture(autouse=True)
def _colour_environment(monkeypatch):
    # a CI runner with NO_COLOR set would otherwise draw a different (colourless) picture
    monkeypatch.delenv("NO_COLOR", raising=False)


def sample_copy(tmp_path: Path, game: str) -> Path:
    folder = tmp_path / game
    shutil.copytree(SAMPLES / game, folder)
    return folder


async def steady(pilot) -> None:
    """Stop the text cursor blinking (it would be on or off depending on timing)."""
    for inp in pilot.app.query(Input):
        inp.cursor_blink = False
    for screen in pilot.app.screen_stack:
        for inp in screen.query(Input):
            inp.cursor_blink = False
    await pilot.pause()


def test_registration_go(snap_compare, tmp_path):
    """F2 on the Go sample: ids, names, ranks, clubs, countries; the search line."""
    app = SwissApp(sample_copy(tmp_path, "go"), mode="results")
    assert snap_compare(app, press=["f2"], terminal_size=SIZE, run_before=steady)


def test_pairings_chess(snap_compare, tmp_path):
    """F3 on the chess sample: round 4 by board, scores before the round, results so far."""
    app = SwissApp(sample_copy(tmp_path, "chess"), mode="results")
    assert snap_compare(app, press=["f3"], terminal_size=SIZE, run_before=steady)


def test_results_chess(snap_compare, tmp_path):
    """F4 on the chess sample (it opens there: round 4 has 3 missing results): the entry
    line has the cursor, the board cursor is on the first board without a result."""
    app = SwissApp(sample_copy(tmp_path, "chess"))
    assert snap_compare(app, terminal_size=SIZE, run_before=steady)


def test_standings_magic(snap_compare, tmp_path):
    """F5 on the Magic sample: match points, OMW / GW / OGW as percentages, live."""
    app = SwissApp(sample_copy(tmp_path, "magic"), mode="results")
    assert snap_compare(app, press=["f5"], terminal_size=SIZE, run_before=steady)


def test_crosstable_go(snap_compare, tmp_path):
    """F6 on the Go sample: one column per round, names with their ids, MMS tie-breaks."""
    app = SwissApp(sample_copy(tmp_path, "go"), mode="results")
    assert snap_compare(app, press=["f6"], terminal_size=SIZE, run_before=steady)


def test_help_results_othello(snap_compare, tmp_path):
    """F1 in Results on the Othello sample: the mode's keys and the game's notations."""
    app = SwissApp(sample_copy(tmp_path, "othello"), mode="results")
    assert snap_compare(app, press=["f1"], terminal_size=SIZE, run_before=steady)


def test_display_chess(snap_compare, tmp_path):
    """The projector view (``swisstui display``): official standings after round 3, big
    rows, no cursor, no keys to edit."""
    app = DisplayApp(sample_copy(tmp_path, "chess"), cycle=0)
    assert snap_compare(app, terminal_size=SIZE)


def test_too_small_chess(snap_compare, tmp_path):
    """A 72×20 terminal: the notice instead of a cut-off screen."""
    app = SwissApp(sample_copy(tmp_path, "chess"))
    assert snap_compare(app, terminal_size=(72, 20), run_before=steady)
