"""The TUI for sections (issue 33 item 8): F9 switches the section every mode acts on, the
header names it, registration shows the whole pool with a section column; a one-section event
shows none of it.  Built with the core services in tmp_path, run at 80×24 with the keys sent
in one burst (tests/tui/test_tui_typed_ahead.py)."""

from __future__ import annotations

import pytest
from textual.widgets import Static

from conftest import make_event
from swisstui.core import i18n, services, store
from swisstui.core.services import sections
from swisstui.tui import keymap
from swisstui.tui.app import SwissApp
from swisstui.tui.screens.sections import SectionPicker
from swisstui.tui.widgets.header import EventHeader, header_text
from test_tui import table_rows, wait_for
from test_tui_bursts import burst, chars

SIZE = (80, 24)


@pytest.fixture(autouse=True)
def _english_after():
    yield
    i18n.use(i18n.SOURCE)


def files(folder) -> dict[str, bytes]:
    """The event's own files under ``folder`` (not its sections', lock or cache)."""
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file() and "sections" not in p.relative_to(folder).parts
            and ".swisstui-cache" not in p.parts and p.name != ".swisstui.lock"}


def two_sections(tmp_path):
    """A chess open (6 players, the root section "main") and a U1600 of 4."""
    root = make_event(tmp_path, n_players=6)
    u = sections.add_section(root, "U1600", rounds=3).folder
    for i, name in enumerate(["Ana Lima", "Bea Souza", "Caio Reis", "Duda Melo"]):
        services.add_player(u, name, rating=1500 - 10 * i)
    return root, u


def header(app) -> str:
    return str(app.screen.query_one(EventHeader).render())


async def test_switch_pair_and_enter_a_result_in_the_second_section(tmp_path):
    root, u = two_sections(tmp_path)
    before = files(root)
    app = SwissApp(root, mode="pairings")
    async with app.run_test(size=SIZE) as pilot:
        assert header(app).startswith("PAIRINGS · main · ")
        # F9 and the second section's number in one burst (the keys typed behind a
        # dialog's answer are refused by design, test_tui_typed_ahead.py), then p
        await burst(pilot, "f9", "2")
        assert app.folder == u and app.section == "U1600"
        assert header(app).startswith("PAIRINGS · U1600 · ") and "4 players" in header(app)
        await burst(pilot, "p")
        assert await wait_for(pilot, lambda: bool(app.screen.query(".dialog-title")))
        assert "Pair round 1?" in str(app.screen.query_one(".dialog-title", Static).render())
        await burst(pilot, "y")
        assert await wait_for(pilot, lambda: store.load(u).round(1) is not None)
        assert await wait_for(pilot, lambda: len(table_rows(app, "#pairings")) == 2)
        # a result (a draw) on board 1 of the U1600
        await burst(pilot, "f4", *chars("1 ="), "enter")
        assert await wait_for(pilot, lambda: store.load(u).round(1).boards[0].result
                              is not None)
        assert store.load(u).round(1).boards[0].result.text == "1/2-1/2"
        assert store.load(u).round(1).boards[1].result is None
        assert header(app).startswith("RESULTS · U1600 · ")
        assert "Round 1/3 · 1 missing · 4 players" in header(app)
        # the root section: not one file changed, still unpaired
        assert files(root) == before and store.load(root).rounds == ()
        # back to main: its round 0 on view, the U1600's round gone from the screen
        await burst(pilot, "f9", "1")
        await burst(pilot, "f3")
        assert app.folder == root and header(app).startswith("PAIRINGS · main · ")
        assert "Round 0/5 (not paired) · 6 players" in header(app)
        assert table_rows(app, "#pairings") == []


async def test_pool_with_section_column_and_adding_to_the_current_section(tmp_path):
    root, u = two_sections(tmp_path)
    app = SwissApp(root, mode="registration")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        rows = table_rows(app, "#players")
        assert len(rows) == 10
        assert [r[1] for r in rows] == ["main"] * 6 + ["U1600"] * 4
        assert rows[6][2] == "Ana Lima"
        # the picker lists both, with game, round and players
        await burst(pilot, "f9")
        assert isinstance(app.screen, SectionPicker)
        assert any("U1600" in label and "Chess" in label and "4 players" in label
                   for label in app.screen.labels)
        await burst(pilot, "down", "enter")
        assert app.section == "U1600" and header(app).startswith("REGISTRATION · U1600 · ")
        # a new player goes into the current section (the U1600)
        await burst(pilot, "n", *chars("Eva Nunes"), "enter")
        assert await wait_for(pilot, lambda: any(p.name == "Eva Nunes"
                                                 for p in store.load(u).players))
        assert not any(p.name == "Eva Nunes" for p in store.load(root).players)
        assert await wait_for(pilot, lambda: len(table_rows(app, "#players")) == 11)
        # a player of the other section is not edited here: one line names his section
        await burst(pilot, "escape", "home")
        app.screen.query_one("#players").move_to_key(
            next(k for k in app.screen.query_one("#players").keys if k.startswith("main:")))
        await burst(pilot, "w")
        status = str(app.screen.query_one("#status", Static).render())
        assert "is in section main: F9 switches to it" in status


async def test_one_section_event_shows_no_section_ui(tmp_path):
    folder = make_event(tmp_path, n_players=4)
    app = SwissApp(folder, mode="registration")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.section is None
        assert header(app) == header_text(app.event, "Registration", 80)
        assert len(table_rows(app, "#players")[0]) == 6  # no section column
        await burst(pilot, "f1")
        help_text = str(app.screen.query_one("#help-text").render())
        assert keymap.SECTION_KEY.description not in help_text
        await burst(pilot, "escape")
        await burst(pilot, "f9")
        assert not isinstance(app.screen, SectionPicker)
        assert "has one section" in str(app.screen.query_one("#status", Static).render())


async def test_help_lists_the_section_key(tmp_path):
    root, _u = two_sections(tmp_path)
    app = SwissApp(root, mode="standings")
    async with app.run_test(size=SIZE) as pilot:
        await burst(pilot, "f1")
        assert "F9" in str(app.screen.query_one("#help-text").render())
        assert "Switch section" in str(app.screen.query_one("#help-text").render())


def test_header_section_fits_80_columns(tmp_path):
    root, u = two_sections(tmp_path)
    ev = store.load(u)
    text = header_text(ev, "Registration", 80, "A" * 40)
    assert len(text) <= 80 and ("A" * 11 + "…") in text
