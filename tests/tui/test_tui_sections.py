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
from swisstui.tui.app import SwissApp
from swisstui.tui.screens.sections import SectionPicker
from swisstui.tui.widgets.dialogs import ConfirmScreen
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
            and ".git" not in p.relative_to(folder).parts
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
    """No header name, no section column; F1 lists F9 and F9 opens the dialog with the one
    section, from which ``a`` adds the second."""
    folder = make_event(tmp_path, n_players=4)
    app = SwissApp(folder, mode="registration")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.section is None
        assert header(app) == header_text(app.event, "Registration", 80)
        assert len(table_rows(app, "#players")[0]) == 6  # no section column
        await burst(pilot, "f1")
        help_text = str(app.screen.query_one("#help-text").render())
        assert "F9" in help_text and "Sections: switch, add" in help_text
        await burst(pilot, "escape")
        await burst(pilot, "f9")
        assert isinstance(app.screen, SectionPicker) and app.screen.ids == ["main"]


async def test_help_lists_the_section_key(tmp_path):
    root, _u = two_sections(tmp_path)
    app = SwissApp(root, mode="standings")
    async with app.run_test(size=SIZE) as pilot:
        await burst(pilot, "f1")
        assert "F9" in str(app.screen.query_one("#help-text").render())
        assert "Sections: switch, add" in str(app.screen.query_one("#help-text").render())


def test_header_section_fits_80_columns(tmp_path):
    root, u = two_sections(tmp_path)
    ev = store.load(u)
    text = header_text(ev, "Registration", 80, "A" * 40)
    assert len(text) <= 80 and ("A" * 11 + "…") in text


async def test_add_a_section_from_the_keyboard(tmp_path):
    """F9, ``a``, the form typed in one burst: the section is added with its rounds and
    first board and becomes the current one; a bad name stays in the form, nothing written."""
    folder = make_event(tmp_path, n_players=4)
    app = SwissApp(folder, mode="registration")
    async with app.run_test(size=SIZE) as pilot:
        await burst(pilot, "f9", "a")
        assert app.screen.query_one(".dialog-title", Static).render().plain.startswith(
            "New section")
        await burst(pilot, *chars("a b"), "enter")
        assert "plain word" in str(app.screen.query_one("#form-error", Static).render()) \
            or "letters, digits" in str(app.screen.query_one("#form-error", Static).render())
        assert not (folder / "sections").exists()
        await burst(pilot, "ctrl+u", *chars("U1600"), "tab", "tab", *chars("3"), "tab", "tab",
                    "tab", *chars("101"), "enter")
        u = folder / "sections" / "U1600"
        assert await wait_for(pilot, lambda: app.folder == u)
        assert store.load(u).settings.rounds == 3 and sections.first_board(u) == 101
        assert app.section == "U1600" and header(app).startswith("REGISTRATION · U1600 · ")
        assert "section U1600 added" in str(app.screen.query_one("#status", Static).render())
        # the dialog now shows both, the U1600's first board
        await burst(pilot, "f9")
        assert any("U1600" in label and "boards from 101" in label
                   for label in app.screen.labels)
        # b on the highlighted (current) section renumbers it
        await burst(pilot, "b")
        await burst(pilot, "ctrl+u", *chars("201"), "enter")
        assert await wait_for(pilot, lambda: sections.first_board(u) == 201)


async def test_move_a_player_after_a_preview(tmp_path):
    """``m`` on a player of the pool: the sections to choose from, the core's preview, y
    saves; the player is then entered in the U1600."""
    root, u = two_sections(tmp_path)
    app = SwissApp(root, mode="registration")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        first = store.load(root).players[0]
        app.screen.query_one("#players").move_to_key(str(first.id))
        await burst(pilot, "m")
        assert app.screen.ids == ["U1600"]  # the other sections only
        await burst(pilot, "1")
        assert await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        lines = "\n".join(app.screen.lines)
        assert f"{first.name} ({first.id}) moves from main to U1600 (joins round 1)" in lines
        assert store.load(u).player(first.id) is None  # a preview writes nothing
        await burst(pilot, "y")
        assert await wait_for(pilot, lambda: store.load(u).player(first.id) is not None)
        assert store.load(root).player(first.id) is None  # a free move before pairing
        assert "moved from main to U1600" in str(app.screen.query_one("#status", Static).render())


async def test_distribute_and_remove_from_the_sections_dialog(tmp_path):
    root, u = two_sections(tmp_path)
    app = SwissApp(root, mode="registration")
    async with app.run_test(size=SIZE) as pilot:
        await burst(pilot, "f9", "d")
        await burst(pilot, "ctrl+u", *chars("rating"), "tab",
                    *chars("main:1495-,U1600:-1494"), "enter")
        assert await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        title = str(app.screen.query_one(".dialog-title", Static).render())
        assert "Distribute:" in title
        moved = {p.id for p in store.load(root).players if p.rating < 1495} | \
            {p.id for p in store.load(u).players if p.rating >= 1495}
        assert f"{len(moved)} players move" in title or f"{len(moved)} player moves" in title
        await burst(pilot, "y")
        assert await wait_for(pilot, lambda: all(p.rating >= 1495
                                                 for p in store.load(root).players))
        assert all(p.rating < 1495 for p in store.load(u).players)
        total = len(store.load(root).players) + len(store.load(u).players)
        assert total == 10  # none lost, none twice
        # a section with players cannot be removed: one line, nothing written
        sections.add_section(root, "Kids")
        app.action_reload()
        await burst(pilot, "f9")
        assert app.screen.ids == ["main", "Kids", "U1600"]  # the root's first, then by name
        await burst(pilot, "down", "down", "delete")
        await burst(pilot, "y")
        left = len(store.load(u).players)
        assert await wait_for(pilot, lambda: f"section U1600 has {left} players entered" in str(
            app.screen.query_one("#status", Static).render()))
        assert u.exists() and len(store.load(u).players) == left
        await burst(pilot, "f9", "down", "delete")
        await burst(pilot, "y")
        assert await wait_for(pilot, lambda: not (root / "sections" / "Kids").exists())


async def test_hall_board_numbers_in_pairings_and_results(tmp_path):
    """A section numbered from 101 (issue 33 item 6): Pairings and Results show 101, 102;
    the entry line takes the hall's number (``102 1-0`` is the section's board 2), and a
    number below 101 is refused naming the section's boards, nothing written."""
    root, u = two_sections(tmp_path)
    sections.set_first_board(root, "U1600", 101)
    services.pair_next(u)
    app = SwissApp(u, mode="pairings")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert [r[0] for r in table_rows(app, "#pairings")] == ["101", "102"]
        await burst(pilot, "f4", *chars("102 1-0"), "enter")
        assert await wait_for(pilot, lambda: store.load(u).round(1).board(2).result
                              is not None)
        assert store.load(u).round(1).board(2).result.text == "1-0"
        assert store.load(u).round(1).board(1).result is None
        assert "board 102" in str(app.screen.query_one("#status", Static).render())
        assert [r[0] for r in table_rows(app, "#boards")] == ["101", "102"]
        await burst(pilot, *chars("2 1-0"), "enter")
        assert await wait_for(pilot, lambda: "boards 101–102" in str(
            app.screen.query_one("#status", Static).render()))
        assert store.load(u).round(1).board(1).result is None


async def test_a_mode_shown_after_a_switch_does_not_keep_the_other_sections_status(tmp_path):
    """Pairings said ``saved: round 1 paired, 3 boards`` for the open; the director goes to
    Results, switches to the U1600 there (F9 2) and comes back with F3: the status line
    names the U1600, not the open's pairing (it kept it, and in a real terminal a test
    waiting for "saved: round 1 paired" took it for the U1600's; a director would too)."""
    root, u = two_sections(tmp_path)
    app = SwissApp(root, mode="pairings")
    async with app.run_test(size=SIZE) as pilot:
        await burst(pilot, "p")
        assert await wait_for(pilot, lambda: bool(app.screen.query(".dialog-title")))
        await burst(pilot, "y")
        assert await wait_for(pilot, lambda: store.load(root).round(1) is not None)
        status = lambda: str(app.screen.query_one("#status", Static).render())  # noqa: E731
        assert await wait_for(pilot, lambda: "saved: round 1 paired, 3 boards" in status())
        await burst(pilot, "f4")
        await burst(pilot, "f9", "2")
        assert app.folder == u and status() == "section: U1600"
        await burst(pilot, "f3")
        assert header(app).startswith("PAIRINGS · U1600 · ")
        assert status() == "section: U1600"
        # and back: the open's Results no longer speaks of the U1600 either
        await burst(pilot, "f9", "1")
        await burst(pilot, "f4")
        assert header(app).startswith("RESULTS · main · ") and status() == "section: main"
