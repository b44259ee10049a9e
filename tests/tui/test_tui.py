"""TUI tests: pure helpers (entry line, themes, header) and Pilot tests that type like a
director at 80×24 — register four players, pair, enter every result (one refused), see the
standings change; a write by another process appears; a broken file does not crash; the
projector view refuses edits."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from textual.widgets import Input, Static

from conftest import make_event
from swisstui.cli import main as cli_main
from swisstui.core import store
from swisstui.core.errors import ResultError, SwissError
from swisstui.tui import backend, keymap
from swisstui.tui.app import SwissApp
from swisstui.tui.screens.display import DisplayApp
from swisstui.tui.themes import available_themes, resolve_theme
from swisstui.tui.widgets.fasttable import FastTable
from swisstui.tui.widgets.header import header_text

SIZE = (80, 24)


def table_rows(app, selector: str) -> list[list[str]]:
    t = app.screen.query_one(selector, FastTable)
    return [t.get_row_at(i) for i in range(t.row_count)]


def status(app) -> str:
    return str(app.screen.query_one("#status", Static).render())


def dialog_title(app) -> str:
    """The title of the dialog on top ("" when none)."""
    titles = app.screen.query(".dialog-title")
    return str(titles.first(Static).render()) if titles else ""


async def wait_for(pilot, cond, timeout: float = 10.0) -> bool:
    """True once ``cond()`` holds; it returns as soon as it does, so the long timeout costs
    a passing test nothing and keeps workers (pairing, previews) on a loaded CI box from
    failing it."""
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while loop.time() < end:
        if cond():
            return True
        await pilot.pause(0.05)
    return cond()


async def type_text(pilot, text: str) -> None:
    keys = []
    for ch in text:
        keys.append({" ": "space", "-": "minus", "=": "equals_sign", "+": "plus",
                     ".": "full_stop", "/": "slash"}.get(ch, ch))
    await pilot.press(*keys)


# ---- pure helpers -------------------------------------------------------------------------------

@pytest.mark.parametrize("text, board, result, extra", [
    ("12 1-0", 12, "1-0", {}),
    ("  3 40-24 ", 3, "40-24", {}),
    ("7 2-1", 7, "2-1", {}),
    ("5 B+3.5", 5, "B+3.5", {}),
    ("1-0", None, "1-0", {}),
    ("1-1-1", None, "1-1-1", {}),
    ("=", None, "=", {}),
    ("4 1-0 black=17", 4, "1-0", {"black": 17}),
])
def test_parse_entry(text, board, result, extra):
    e = backend.parse_entry(text)
    assert (e.board, e.result, e.extra, e.clear) == (board, result, extra, False)


def test_parse_entry_clear_and_empty():
    assert backend.parse_entry("12 clear").clear and backend.parse_entry("12 clear").board == 12
    with pytest.raises(ResultError):
        backend.parse_entry("   ")
    with pytest.raises(ResultError):
        backend.parse_entry("12 black=3")


def test_themes_are_toml_and_resolve():
    themes = available_themes()
    assert {"dark", "light", "projector", "monochrome"} <= set(themes)
    assert themes["projector"].background == "#000000"
    assert themes["light"].dark is False
    assert resolve_theme("light")[1] == "swisstui-light"
    assert resolve_theme(None)[1] == "swisstui-dark"
    assert resolve_theme("textual-dark")[1] == "textual-dark"
    with pytest.raises(SwissError, match="unknown theme"):
        resolve_theme("neon")
    assert (Path(__file__).resolve().parents[2] / "themes" / "dark.toml").exists()


def test_header_text(tmp_path):
    ev = store.load(make_event(tmp_path, n_players=4, rounds=5, name="Spring Open"))
    assert header_text(ev, "Results") == ("RESULTS · Spring Open · Chess · "
                                          "Round 0/5 (not paired) · 4 players")


def test_keymap_every_mode_has_f_key_and_letter():
    keys = [k.keys for k in keymap.GLOBAL]
    for mode, (title, fk, letter) in keymap.MODES.items():
        assert f"{fk},{letter}" in keys
    labels = [k.label for k in keymap.GLOBAL]
    assert "F2 / R" in labels and "F1 / ?" in labels


def test_next_empty_board(tmp_path):
    folder = make_event(tmp_path, n_players=6)
    ev = backend.pair_next(folder)[0]
    assert backend.next_empty_board(ev, 1, None) == 1
    ev = backend.record_result(folder, 1, 2, "1-0").event
    assert backend.next_empty_board(ev, 1, 1) == 3
    assert backend.next_empty_board(ev, 1, 3) == 1  # wraps to the first empty board


# ---- Pilot: one director's evening --------------------------------------------------------------

async def test_register_pair_enter_results_standings(tmp_path):
    folder = make_event(tmp_path, n_players=0, rounds=3, name="Club Night")
    app = SwissApp(folder, watch_interval=0.1)
    async with app.run_test(size=SIZE) as pilot:
        assert app.screen.MODE == "registration"  # empty event opens on registration
        assert app.animation_level == "none"
        people = [("Anna Berg", "2100"), ("Boris Costa", "2050"), ("Chen Dvorak", "1990"),
                  ("Dara Ito", "1900")]
        for name, rating in people:
            await pilot.press("n")
            await type_text(pilot, name)
            await pilot.press("tab")
            await type_text(pilot, rating)
            await pilot.press("enter")
            await pilot.pause()
        ev = store.load(folder)
        assert [(p.name, p.rating) for p in ev.players] == [(n, int(r)) for n, r in people]
        assert len(table_rows(app, "#players")) == 4
        assert "saved: player 4 Dara Ito" in status(app)

        # search by typing
        await pilot.press("slash")
        await type_text(pilot, "chen")
        await pilot.pause()
        assert [r[1] for r in table_rows(app, "#players")] == ["Chen Dvorak"]
        await pilot.press("escape")
        await pilot.pause()
        assert len(table_rows(app, "#players")) == 4

        # pair round 1: confirmation first, nothing written before "y"
        await pilot.press("f3")
        await pilot.press("p")
        await pilot.pause()
        assert "Pair round 1?" in str(app.screen.query_one(".dialog-title", Static).render())
        assert "4 players paired" in str(app.screen.query_one("#confirm-text", Static).render())
        assert not (folder / "rounds").exists() or not list((folder / "rounds").iterdir())
        await pilot.press("y")
        await pilot.pause()
        rnd = store.load(folder).round(1)
        assert rnd is not None and len(rnd.boards) == 2
        assert len(table_rows(app, "#pairings")) == 2

        # results: board + result, a refused entry, then just the result on the cursor board
        await pilot.press("f4")
        await pilot.pause()
        assert app.screen.query_one("#entry", Input).has_focus
        b1, b2 = (b.number for b in rnd.boards)
        await type_text(pilot, f"{b1} 1-0")
        await pilot.press("enter")
        await pilot.pause()
        assert store.load(folder).round(1).board(b1).result.text == "1-0"
        assert f"saved: round 1 board {b1} 1-0" in status(app)
        assert app.screen.selected_board() == b2  # cursor moved to the next empty board

        before = (folder / "rounds").stat().st_mtime_ns, sorted(
            p.read_bytes() for p in (folder / "rounds").iterdir())
        await type_text(pilot, "3-0")
        await pilot.press("enter")
        await pilot.pause()
        assert "chess result '3-0' not understood" in status(app)
        assert app.screen.query_one("#status").has_class("-error")
        assert app.screen.query_one("#entry", Input).value == "3-0"  # kept for correcting
        after = sorted(p.read_bytes() for p in (folder / "rounds").iterdir())
        assert after == before[1]  # nothing written
        await pilot.press("ctrl+u")
        await type_text(pilot, "0-1")
        await pilot.press("enter")
        await pilot.pause()
        rnd = store.load(folder).round(1)
        assert rnd.board(b2).result.text == "0-1" and rnd.missing_results() == 0
        assert "round complete" in status(app)
        rows = table_rows(app, "#boards")
        assert [r[3] for r in rows] == ["1-0", "0-1"]

        # standings show the new scores
        await pilot.press("f5")
        await pilot.pause()
        st = table_rows(app, "#standings")
        winners = {store.load(folder).by_id()[rnd.board(b1).players[0]].name,
                   store.load(folder).by_id()[rnd.board(b2).players[1]].name}
        top = {r[1].rsplit(" (", 1)[0] for r in st if r[2] == "1"}
        assert top == winners
        assert [r[2] for r in st].count("0") == 2


async def test_changing_a_result_asks_and_clear(tmp_path):
    folder = make_event(tmp_path, n_players=4)
    backend.pair_next(folder)
    backend.record_result(folder, 1, 1, "1-0")
    app = SwissApp(folder, watch_interval=0.1)
    async with app.run_test(size=SIZE) as pilot:
        assert app.screen.MODE == "results"
        await type_text(pilot, "1 0-1")
        await pilot.press("enter")
        await pilot.pause()
        assert "already has 1-0" in str(app.screen.query_one("#confirm-text", Static).render())
        await pilot.press("n")
        await pilot.pause()
        assert store.load(folder).round(1).board(1).result.text == "1-0"
        await type_text(pilot, "1 0-1")
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert store.load(folder).round(1).board(1).result.text == "0-1"
        await type_text(pilot, "1 clear")
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert store.load(folder).round(1).board(1).result is None
        assert "cleared" in status(app)


async def test_other_process_write_appears_in_standings(tmp_path):
    folder = make_event(tmp_path, n_players=4)
    backend.pair_next(folder)
    app = SwissApp(folder, watch_interval=0.1, mode="standings")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert all(r[2] == "0" for r in table_rows(app, "#standings"))
        # a second director (or the CLI) writes the same event
        from swisstui.core import results
        ev = store.update(folder, lambda e: results.record_result(e, 1, 1, "1-0"))
        winner = ev.by_id()[ev.round(1).board(1).players[0]].name
        ok = await wait_for(pilot, lambda: any(
            r[2] == "1" for r in table_rows(app, "#standings")))
        assert ok, table_rows(app, "#standings")
        assert table_rows(app, "#standings")[0][1].startswith(winner)
        assert "1 missing" in str(app.screen.query_one("#header").render())


async def test_broken_file_keeps_last_good_state(tmp_path):
    folder = make_event(tmp_path, n_players=4)
    app = SwissApp(folder, watch_interval=0.1, mode="registration")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert len(table_rows(app, "#players")) == 4
        text = (folder / "players.toml").read_text()
        (folder / "players.toml").write_text(text + "\n[[player]]\nid = 'x'\nnonsense = 1\n")
        ok = await wait_for(pilot, lambda: "players.toml:" in status(app))
        assert ok, status(app)
        assert "last good state" in status(app)
        assert len(table_rows(app, "#players")) == 4
        (folder / "players.toml").write_text(text)
        await wait_for(pilot, lambda: app.load_error is None)
        assert app.load_error is None


async def test_too_small_terminal_says_so(tmp_path):
    folder = make_event(tmp_path, n_players=4)
    app = SwissApp(folder)
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        assert app.screen.has_class("-too-small")
        assert "at least 80×24" in str(app.screen.query_one("#too-small").render())
        assert "(this one is 60×20)" in str(app.screen.query_one("#too-small").render())
        assert not app.screen.query_one("KeyBar").display  # no half-cut key lines
    app = SwissApp(folder)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert not app.screen.has_class("-too-small")
        await pilot.resize_terminal(79, 24)
        await pilot.pause()
        assert app.screen.has_class("-too-small")
        assert "(this one is 79×24)" in str(app.screen.query_one("#too-small").render())
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        assert not app.screen.has_class("-too-small")
        await pilot.press("f5")  # a screen first shown after the resize
        await pilot.pause()
        assert not app.screen.has_class("-too-small")
        await pilot.resize_terminal(60, 20)
        await pilot.press("f2")  # a screen that was suspended during the resize
        await pilot.pause()
        assert app.screen.MODE == "registration" and app.screen.has_class("-too-small")


async def test_mode_letters_help_and_palette(tmp_path):
    folder = make_event(tmp_path, n_players=4)
    app = SwissApp(folder, mode="standings")
    async with app.run_test(size=SIZE) as pilot:
        for letter, mode in (("R", "registration"), ("P", "pairings"), ("E", "results"),
                             ("escape", "results"), ("X", "crosstable"), ("S", "standings")):
            await pilot.press(letter)
            await pilot.pause()
            assert mode == app.screen.MODE
        await pilot.press("P")
        await pilot.press("f1")
        await pilot.pause()
        text = str(app.screen.query_one("#help-text").render())
        for k in keymap.MODE_KEYS["pairings"] + keymap.GLOBAL:
            assert k.description in text
        await pilot.press("escape")
        titles = [c.title for c in app.get_system_commands(app.screen)]
        for mode, keys in keymap.MODE_KEYS.items():
            if mode in keymap.MODES:
                assert f"Mode: {keymap.MODES[mode][0]}" in titles
        assert "Pairings: Pair next round" in titles and "Results: Clear result" in titles


async def test_typing_in_results_entry_does_not_switch_mode(tmp_path):
    folder = make_event(tmp_path, n_players=4)
    backend.pair_next(folder)
    app = SwissApp(folder, mode="results")
    async with app.run_test(size=SIZE) as pilot:
        await type_text(pilot, "RPESX?")
        await pilot.pause()
        assert app.screen.MODE == "results"
        assert app.screen.query_one("#entry", Input).value == "RPESX?"


# ---- projector ------------------------------------------------------------------------------------

async def test_display_refuses_edits_and_follows_disk(tmp_path):
    folder = make_event(tmp_path, n_players=4)
    backend.pair_next(folder)
    fp = store.fingerprint(folder)
    app = DisplayApp(folder, cycle=0, poll=0.1)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.animation_level == "none"
        assert "Standings after round" in str(app.query_one("#display-title").render())
        await pilot.press("p", "y", "f4", "1", "space", "1", "minus", "0", "enter", "n",
                          "delete", "u", "y", "ctrl+p")
        await pilot.pause()
        assert store.fingerprint(folder) == fp  # nothing written
        assert not app.query(Input)  # nothing to type into
        assert not any(b.action in ("pair", "undo", "swap", "clear_result", "new_player")
                       for b in app.BINDINGS)
        # another process writes: the view follows within 2 s
        from swisstui.core import results
        app.view = 1
        app._show_view()
        assert "Round 1 pairings" in str(app.query_one("#display-title").render())
        store.update(folder, lambda e: results.record_result(e, 1, 1, "1-0"))
        assert await wait_for(pilot, lambda: table_rows(app, "#display")[0][3] == "1-0", 2)
        app.action_prev_page()  # standings: official, after complete rounds only
        await pilot.pause()
        assert "Standings after round 0" in str(app.query_one("#display-title").render())
        store.update(folder, lambda e: results.record_result(e, 1, 2, "0-1"))
        assert await wait_for(pilot, lambda: "after round 1" in str(
            app.query_one("#display-title").render()), 2)
        assert [r[2] for r in table_rows(app, "#display")].count("1") == 2
        app.action_next_page()
        app.action_next_page()
        await pilot.pause()
        assert "find your board" in str(app.query_one("#display-title").render())
        app.action_next_page()
        await pilot.pause()
        assert "Crosstable" in str(app.query_one("#display-title").render())


async def test_display_too_small(tmp_path):
    folder = make_event(tmp_path, n_players=4)
    app = DisplayApp(folder, cycle=0)
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        assert app.screen.has_class("-too-small")
        assert "(this one is 60×20)" in str(app.query_one("#too-small").render())
        await pilot.resize_terminal(100, 30)
        await pilot.pause()
        assert not app.screen.has_class("-too-small")


# ---- command line ----------------------------------------------------------------------------------

def test_cli_refuses_non_event_folder(tmp_path, capsys):
    (tmp_path / "notes.txt").write_text("not an event")  # an empty folder opens the new-event form
    assert cli_main(["open", str(tmp_path)]) == 1
    assert "not an event folder" in capsys.readouterr().err
    assert cli_main(["display", str(tmp_path / "nope")]) == 1
    assert cli_main([str(tmp_path)]) == 1  # `swisstui EVENT` means open


def test_cli_unknown_theme(tmp_path, capsys):
    folder = make_event(tmp_path, n_players=2)
    assert cli_main(["serve", str(folder), "--theme", "neon"]) == 1
    assert "unknown theme 'neon'" in capsys.readouterr().err


def test_serve_command_runs_display(tmp_path):
    from swisstui.cli.tui_cmds import serve_command
    cmd = serve_command(tmp_path, 10, "light")
    assert "-m swisstui display" in cmd and "--cycle 10" in cmd and "--theme light" in cmd


def test_demo_makes_an_event(tmp_path, capsys, monkeypatch):
    import tempfile
    monkeypatch.setattr(tempfile, "mkdtemp", lambda prefix="": str(tmp_path / "demo"))
    (tmp_path / "demo").mkdir()
    assert cli_main(["demo", "--no-open"]) == 0
    folder = Path(capsys.readouterr().out.strip())
    ev = store.load(folder)
    assert ev.game == "chess" and len(ev.players) >= 4


async def test_results_help_shows_game_notations(tmp_path):
    folder = make_event(tmp_path, game="othello", n_players=4)
    app = SwissApp(folder, mode="results")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f1")
        await pilot.pause()
        text = str(app.screen.query_one("#help-text").render())
        assert "Results in othello:" in text and "12 1-0" in text


async def test_no_color_marks_cursor_by_reverse(tmp_path, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    folder = make_event(tmp_path, n_players=4)
    app = SwissApp(folder, mode="registration")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.no_color and app.has_class("-no-color")
        t = app.screen.query_one("#players", FastTable)
        assert t.get_component_rich_style("fasttable--cursor").reverse


async def test_large_standings_computed_in_background(tmp_path, monkeypatch):
    from swisstui.core.model import Board, Round
    from swisstui.tui.screens import standings as standings_mod
    monkeypatch.setattr(standings_mod, "BACKGROUND_AT", 50)
    n = 60
    folder = make_event(tmp_path, n_players=n)
    store.update(folder, lambda ev: ev.with_round(
        Round(1, tuple(Board(i + 1, (i + 1, n // 2 + i + 1)) for i in range(n // 2)))))
    app = SwissApp(folder, watch_interval=0.1, mode="crosstable")
    async with app.run_test(size=SIZE) as pilot:
        assert await wait_for(pilot, lambda: len(table_rows(app, "#crosstable")) == n, 10)
        await pilot.press("f5")
        assert await wait_for(pilot, lambda: len(table_rows(app, "#standings")) == n, 10)
        backend.record_result(folder, 1, 7, "0-1")  # as another process would
        assert await wait_for(pilot, lambda: table_rows(app, "#standings")[0][1].endswith(
            f"({n // 2 + 7})"), 10), table_rows(app, "#standings")[:2]


async def test_pairings_explain_swap_undo_alphabetical(tmp_path):
    folder = make_event(tmp_path, n_players=5)
    app = SwissApp(folder, mode="pairings")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("p")
        await pilot.pause()
        text = str(app.screen.query_one("#confirm-text", Static).render())
        assert "4 players paired on 2 boards" in text and "Bye (pairing): " in text
        await pilot.press("y")
        await pilot.pause()
        rnd = store.load(folder).round(1)
        assert len(rnd.boards) == 2 and len(rnd.byes) == 1
        rows = table_rows(app, "#pairings")
        assert [r[0] for r in rows] == ["1", "2", "—"]
        await pilot.press("enter")  # why board 1?
        await pilot.pause()
        assert "board 1: why" in str(app.screen.query_one(".dialog-title", Static).render())
        await pilot.press("escape")
        await pilot.press("a")
        await pilot.pause()
        names = [r[0] for r in table_rows(app, "#pairings")]
        assert names == sorted(names, key=str.casefold) and len(names) == 5
        await pilot.press("a")
        a, b = rnd.boards[0].players[0], rnd.boards[1].players[0]
        await pilot.press("s")
        await type_text(pilot, f"{a} {b}")
        await pilot.press("enter")
        await pilot.pause()
        assert store.load(folder).round(1) == rnd  # the rules it breaks are shown first
        await pilot.press("y")
        await pilot.pause()
        swapped = store.load(folder).round(1)
        assert swapped.boards[0].players[0] == b and swapped.boards[1].players[0] == a
        assert f"swapped {a} and {b}" in status(app)
        await pilot.press("u")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert store.load(folder).round(1) is None
        assert "round undone" in status(app)


async def test_pairing_refused_while_results_missing(tmp_path):
    folder = make_event(tmp_path, n_players=4)
    backend.pair_next(folder)
    app = SwissApp(folder, mode="pairings")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("p")
        await pilot.pause()
        assert "still has 2 boards without a result" in status(app)
        assert store.load(folder).round(2) is None


async def test_command_palette_runs_a_mode_action(tmp_path):
    folder = make_event(tmp_path, n_players=4)
    app = SwissApp(folder, mode="standings")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+p")
        await pilot.pause()
        await type_text(pilot, "Pairings: Pair next")
        await pilot.pause(0.3)
        await pilot.press("enter")
        assert await wait_for(pilot, lambda: len(app.screen_stack) > 1
                              and bool(app.screen.query("#confirm-text")))
        assert app.current_mode == "pairings"
        await pilot.press("y")
        await pilot.pause()
        assert store.load(folder).round(1) is not None


async def test_long_error_wraps_on_status_line(tmp_path):
    folder = make_event(tmp_path, n_players=4)
    app = SwissApp(folder, mode="registration")
    async with app.run_test(size=SIZE) as pilot:
        msg = "x" * 150
        app.screen.error(msg)
        # (the layout may take more than one pause on a loaded machine)
        assert await wait_for(pilot, lambda: app.screen.query_one("#status").size.height >= 2)


async def test_typing_on_board_list_goes_to_entry(tmp_path):
    folder = make_event(tmp_path, n_players=4)
    backend.pair_next(folder)
    app = SwissApp(folder, mode="results")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("escape", "down")
        assert isinstance(app.screen.focused, FastTable)
        assert app.screen.selected_board() == 2
        await type_text(pilot, "=")
        assert app.screen.query_one("#entry", Input).has_focus
        await pilot.press("enter")
        await pilot.pause()
        assert store.load(folder).round(1).board(2).result.text == "1/2-1/2"


async def test_unexpected_core_error_does_not_close_the_app(tmp_path, monkeypatch):
    folder = make_event(tmp_path, n_players=4)
    backend.pair_next(folder)
    from swisstui.core import results

    def broken(*a, **kw):
        raise ZeroDivisionError("division by zero")

    monkeypatch.setattr(results, "record_result", broken)
    app = SwissApp(folder, mode="results")
    async with app.run_test(size=SIZE) as pilot:
        await type_text(pilot, "1 1-0")
        await pilot.press("enter")
        await pilot.pause()
        assert "internal error, nothing saved (ZeroDivisionError" in status(app)
        assert app.is_running
    assert store.load(folder).round(1).board(1).result is None


def test_cli_open_unknown_theme(tmp_path, capsys):
    folder = make_event(tmp_path, n_players=2)
    assert cli_main([str(folder), "--theme", "neon"]) == 1
    assert "unknown theme" in capsys.readouterr().err


def test_bare_swisstui_opens_the_current_event_folder(tmp_path, monkeypatch):
    folder = make_event(tmp_path, n_players=2)
    opened = []
    import swisstui.tui.app as app_mod
    monkeypatch.setattr(app_mod, "run_app", lambda f, theme=None: opened.append((f, theme)) or 0)
    monkeypatch.chdir(folder)
    assert cli_main([]) == 0
    monkeypatch.chdir(tmp_path)
    assert cli_main(["event", "--theme", "light"]) == 0
    assert opened[0][0].resolve() == folder.resolve() and opened[-1][1] == "light"
    # an empty folder opens the application (its new-event form), not a refusal
    (tmp_path / "brand-new").mkdir()
    monkeypatch.chdir(tmp_path / "brand-new")
    assert cli_main([]) == 0
    assert opened[-1][0].resolve() == (tmp_path / "brand-new").resolve()
    assert not (tmp_path / "brand-new" / "event.toml").exists()


async def test_go_registration_with_rank(tmp_path):
    folder = make_event(tmp_path, game="go", n_players=0)
    app = SwissApp(folder)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        await type_text(pilot, "Cho Hun")
        await pilot.press("tab", "tab")
        await type_text(pilot, "3 dan")
        await pilot.press("enter")
        await pilot.pause()
        p = store.load(folder).players[0]
        assert (p.name, p.rank) == ("Cho Hun", "3d")
        assert table_rows(app, "#players")[0][2] == "3d"
        # a refused field: the form comes back with what was typed
        await pilot.press("n")
        await type_text(pilot, "Lee")
        await pilot.press("tab")
        await type_text(pilot, "abc")
        await pilot.press("enter")
        await pilot.pause()
        below = app.screen_stack[-2]
        assert "rating: 'abc' is not a whole number" in str(below.query_one("#status").render())
        assert app.screen.query_one("#f-name", Input).value == "Lee"
        await pilot.press("escape")
        assert len(store.load(folder).players) == 1


async def test_explain_after_reopening(tmp_path):
    folder = make_event(tmp_path, n_players=5)
    backend.pair_next(folder)
    app = SwissApp(folder, mode="pairings")  # a new window: no Pairing kept in memory
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        assert "board 1: why" in str(app.screen.query_one(".dialog-title", Static).render())
        await pilot.press("escape", "end", "enter")  # the bye row: explained as by the CLI
        await pilot.pause()
        title = str(app.screen.query_one(".dialog-title", Static).render())
        body = " ".join(str(w.render()) for w in app.screen.query(Static))
        assert "why" in title and "bye" in body and "5" in body


@pytest.mark.parametrize("game", ["chess", "go", "othello", "magic", "renju"])
async def test_every_sample_event_in_every_mode(tmp_path, capsys, monkeypatch, game):
    import tempfile
    monkeypatch.setattr(tempfile, "mkdtemp", lambda prefix="": str(tmp_path / "demo"))
    (tmp_path / "demo").mkdir()
    assert cli_main(["demo", "--game", game, "--no-open"]) == 0
    folder = Path(capsys.readouterr().out.strip())
    ev = store.load(folder)
    assert ev.game == game
    app = SwissApp(folder)
    async with app.run_test(size=SIZE) as pilot:
        for key in ("f2", "f3", "a", "f4", "f5", "f6"):
            await pilot.press(key)
            await pilot.pause()
            assert not app.screen.query_one("#status").has_class("-error"), status(app)
        rows = table_rows(app, "#crosstable")
        assert len(rows) == len(ev.players)


async def test_display_pages_through_a_long_table(tmp_path):
    folder = make_event(tmp_path, n_players=40)
    app = DisplayApp(folder, cycle=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        t = app.query_one(FastTable)
        assert t.row_count == 40 and t.spacing == 0  # single-spaced rows
        pages = 0
        while app.view == 0 and pages < 20:
            app.advance()
            await pilot.pause()
            pages += 1
        assert app.view == 1 and 2 <= pages <= 3  # 40 rows, ~18 per screen, then pairings


async def test_no_legal_pairing_offers_rematches(tmp_path):
    folder = make_event(tmp_path, n_players=4, rounds=5)
    for r in (1, 2, 3):  # four players, three rounds: everyone has met everyone
        ev, p = backend.pair_next(folder)
        for bd in p.round.boards:
            backend.record_result(folder, r, bd.number, "1-0")
    app = SwissApp(folder, mode="pairings")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("p")
        await pilot.pause()
        assert "No legal pairing" in str(app.screen.query_one(".dialog-title", Static).render())
        await pilot.press("y")
        await pilot.pause()
        text = str(app.screen.query_one("#confirm-text", Static).render())
        assert "Rematches allowed" in text
        await pilot.press("y")
        await pilot.pause()
        assert len(store.load(folder).round(4).boards) == 2


def test_apps_run_without_mouse(tmp_path, monkeypatch):
    from swisstui.tui import app as app_mod
    from swisstui.tui.screens import display as display_mod
    calls = []
    monkeypatch.setattr(app_mod.SwissApp, "run", lambda self, **kw: calls.append(kw))
    monkeypatch.setattr(display_mod.DisplayApp, "run", lambda self, **kw: calls.append(kw))
    folder = make_event(tmp_path, n_players=2)
    assert cli_main(["open", str(folder)]) == 0
    assert cli_main(["display", str(folder), "--cycle", "5"]) == 0
    assert calls == [{"mouse": False}, {"mouse": False}]


async def test_remove_and_withdraw_from_registration(tmp_path):
    folder = make_event(tmp_path, n_players=5)
    app = SwissApp(folder, mode="registration")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("end", "delete")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert [p.id for p in store.load(folder).players] == [1, 2, 3, 4]
        assert "player 5 removed" in status(app)
        await pilot.press("home", "w")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert store.load(folder).player(1).withdrawn_from == 1
        assert table_rows(app, "#players")[0][5] == "withdrawn from r1"


async def test_import_csv_from_registration(tmp_path):
    folder = make_event(tmp_path, n_players=2)
    good = tmp_path / "more.csv"
    good.write_text("name,rating,club\nZoe Quinn,1800,Harbour\nYuri Petrov,1750,Old Town\n")
    bad = tmp_path / "bad.csv"
    bad.write_text("name,rating\nXavier,lots\n")
    app = SwissApp(folder, mode="registration")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("i")
        await type_text(pilot, str(bad))
        await pilot.press("enter")
        await pilot.pause()
        assert "bad.csv:2" in status(app) and len(store.load(folder).players) == 2
        await pilot.press("i")
        await type_text(pilot, str(good))
        await pilot.press("enter")
        await pilot.pause()
        assert "Zoe Quinn" in str(app.screen.query_one("#confirm-text", Static).render())
        assert len(store.load(folder).players) == 2  # the preview writes nothing
        await pilot.press("y")
        await pilot.pause()
        assert "2 players imported" in status(app)
        assert [p.name for p in store.load(folder).players][-2:] == ["Zoe Quinn", "Yuri Petrov"]


def test_serve_refuses_a_bad_or_busy_port(tmp_path, capsys):
    """QA bug 14: one `swisstui:` line, no traceback, before any server starts."""
    import socket
    from swisstui.cli.tui_cmds import check_address
    from swisstui.core.errors import SwissError
    for port in (0, -1, 99999):
        with pytest.raises(SwissError, match="--port must be 1 to 65535"):
            check_address("127.0.0.1", port)
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        with pytest.raises(SwissError, match=f"port {port} is already in use; try --port"):
            check_address("127.0.0.1", port)
    with pytest.raises(SwissError, match="--host no.such.host.invalid"):
        check_address("no.such.host.invalid", 8000)


# ---- fitting 80×24 ----------------------------------------------------------------------------

def screen_lines(app) -> list[str]:
    """What the terminal shows, one string per line (as capture-pane would)."""
    return [s.text for s in app.screen._compositor.render_strips()]


async def test_key_bar_fits_80_columns_in_every_mode(tmp_path):
    """Nit: the footer was cut at 80 columns ("f6 Cros…"); every F-key must show."""
    folder = make_event(tmp_path, n_players=6, name="Porto Alegre Rapid Open 2026")
    backend.pair_next(folder)
    app = SwissApp(folder, mode="registration")
    async with app.run_test(size=SIZE) as pilot:
        for key, mode in (("f2", "registration"), ("f3", "pairings"), ("f4", "results"),
                          ("f5", "standings"), ("f6", "crosstable")):
            await pilot.press(key)
            await pilot.pause()
            assert mode == app.screen.MODE
            lines = screen_lines(app)
            assert len(lines) == 24 and all(len(x) <= 80 for x in lines)
            assert lines[-1].strip() == ("F1 Help  F2 Registration  F3 Pairings  F4 Results"
                                         "  F5 Standings  F6 Crosstable")
            assert lines[-2].rstrip().endswith("Ctrl+Q Quit")
            for keys, label in keymap.footer_items(mode)[:2]:  # the mode's first keys
                assert f"{keys} {label}" in lines[-2]
            # the header keeps the player count: the event name is shortened instead
            assert lines[0].rstrip().endswith("· 6 players"), lines[0]
            assert "Porto Alegre Rap" in lines[0] and "…" in lines[0]
        bar = app.screen.query_one("KeyBar")
        current = [t for t, part in bar.lines(80)[1] if part == "current"]
        assert current == ["F6 Crosstable"]  # the current mode is marked


async def test_crosstable_names_keep_their_id(tmp_path):
    """Nit: the crosstable cut names to 12 cells and lost the "(id)"; wide (Korean,
    Japanese) names must keep the columns aligned."""
    from rich.cells import cell_len
    from swisstui.core import registration
    # the matching system: with every game 1-0, the Dutch system (C3) needs a rematch in R4
    folder = make_event(tmp_path, n_players=0, rounds=6, system="swiss")
    names = ["Maximiliana Oberhollenzer-Wittgenstein", "김민준박서연이도윤", "山田太郎左衛門",
             "Ito Takumi", "Léa Lefèvre", "Bo"]
    for n in names:
        store.update(folder, lambda ev, n=n: registration.add_player(ev, name=n))
    for r in range(1, 6):  # five rounds: the name column is at its narrowest
        ev, p = backend.pair_next(folder)
        for bd in p.round.boards:
            backend.record_result(folder, r, bd.number, "1-0")
    app = SwissApp(folder, mode="crosstable")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        lines = screen_lines(app)
        head = next(i for i, x in enumerate(lines) if x.startswith(" Pl"))
        body = lines[head + 1:head + 1 + len(names)]
        col = lines[head].index("R1")
        for pid, name in enumerate(names, 1):
            row = next(x for x in body if f"({pid})" in x)
            before, _, after = row.partition(f"({pid})")
            assert cell_len(before) + len(f"({pid})") < col  # the id is inside the name column
            shown = before.split(maxsplit=1)[1].rstrip()
            assert shown == name or (shown.endswith("…") and name.startswith(shown[:-1]))
            # the rounds start at the same terminal column on every row (wide names included)
            assert cell_len(before + f"({pid})" + after[:after.index(after.lstrip()[0])]) \
                == col, row
        assert any("…" in x for x in body)


# ---- QA regressions ----------------------------------------------------------------------------

async def test_refused_edit_keeps_the_form_and_what_was_typed(tmp_path):
    """QA: a refused field in the *edit* form closed it and lost the director's changes (the
    new-player form already came back with them)."""
    folder = make_event(tmp_path, n_players=3)
    app = SwissApp(folder, mode="registration")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("down", "enter")
        await pilot.pause()
        assert app.screen.query_one("#f-name", Input).value == "Boris Ahn"
        await pilot.press("tab", "tab", "tab", "end")
        await type_text(pilot, " New")
        await pilot.press("shift+tab", "shift+tab", "ctrl+u")
        await type_text(pilot, "12ab")
        await pilot.press("enter")
        await pilot.pause()
        below = app.screen_stack[-2]
        assert "rating: '12ab' is not a whole number" in str(below.query_one("#status").render())
        assert app.screen.query_one("#f-rating", Input).value == "12ab"
        assert app.screen.query_one("#f-rating", Input).has_focus  # the field to fix
        assert app.screen.query_one("#f-club", Input).value.endswith(" New")
        assert "Edit player 2" in str(app.screen.query_one(".dialog-title", Static).render())
        await pilot.press("ctrl+u")
        await type_text(pilot, "1999")
        await pilot.press("enter")
        await pilot.pause()
        p = store.load(folder).player(2)
        assert (p.rating, p.club) == (1999, "Old Town New")
        assert "saved: player 2" in status(app)


async def test_escape_on_the_list_clears_the_search(tmp_path):
    """QA: after / chen Enter (to edit the found player), Esc on the list did nothing: the
    list stayed filtered and only / then Esc brought everyone back."""
    folder = make_event(tmp_path, n_players=5)
    app = SwissApp(folder, mode="registration")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("slash")
        await type_text(pilot, "chen")
        await pilot.press("enter")
        await pilot.pause()
        assert [r[1] for r in table_rows(app, "#players")] == ["Chen Ahn"]
        assert isinstance(app.screen.focused, FastTable)
        await pilot.press("escape")
        await pilot.pause()
        assert len(table_rows(app, "#players")) == 5
        assert app.screen.query_one("#search", Input).value == ""
        assert app.screen.selected_id() == 3  # still on the player that was found


@pytest.mark.parametrize("game, text, message", [
    ("chess", "1 1-0 black=2", "black= is for Renju events, this one is chess"),
    ("othello", "1 40-24 komi=6.5", "komi= is for Go events, this one is othello"),
    ("go", "1 B+R colour=w", "colour= is not an extra of go results (go takes komi=, handicap=, penalties=)"),
    ("magic", "1 2-1 seat=3", "seat= is not an extra of magic results (magic takes drop=)"),
    ("chess", "1 1-0 drop=3", "drop= is for Magic events, this one is chess"),
    ("magic", "1 2-1 drop=x", "drop=x: give the id of the player who drops"),
])
async def test_extras_for_another_game_are_refused(tmp_path, game, text, message):
    """QA: ``key=value`` extras that mean nothing to the event's game were dropped silently
    (the CLI refuses --black on a chess event); now refused, nothing written."""
    folder = make_event(tmp_path, game=game, n_players=4)
    backend.pair_next(folder)
    before = sorted(p.read_bytes() for p in (folder / "rounds").iterdir())
    app = SwissApp(folder, mode="results")
    async with app.run_test(size=SIZE) as pilot:
        await type_text(pilot, text)
        await pilot.press("enter")
        await pilot.pause()
        assert message in status(app)
        assert app.screen.query_one("#status").has_class("-error")
        assert app.screen.query_one("#entry", Input).value == text  # kept for correcting
    assert sorted(p.read_bytes() for p in (folder / "rounds").iterdir()) == before


async def test_extras_of_the_game_are_kept(tmp_path):
    folder = make_event(tmp_path, game="go", n_players=4)
    backend.pair_next(folder)
    app = SwissApp(folder, mode="results")
    async with app.run_test(size=SIZE) as pilot:
        await type_text(pilot, "1 W+R handicap=2")
        await pilot.press("enter")
        await pilot.pause()
        assert "saved: round 1 board 1 W+R" in status(app)
    assert store.load(folder).round(1).board(1).result.detail["handicap"] == 2


async def test_display_shows_a_long_file_error_whole(tmp_path):
    """QA: the projector's red error bar showed only the first line of a long message
    ("…use 1-0, 0-1," and the rest cut off)."""
    folder = make_event(tmp_path, n_players=4)
    backend.pair_next(folder)
    backend.record_result(folder, 1, 1, "1-0")
    app = DisplayApp(folder, cycle=0, poll=0.1)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        path = folder / "rounds" / "01.toml"
        path.write_text(path.read_text().replace('"1-0"', '"1-0-0"'))
        assert await wait_for(pilot, lambda: app.load_error is not None)
        await pilot.pause()
        text = " ".join(x.strip() for x in screen_lines(app))
        line = path.read_text().splitlines().index('result = "1-0-0"') + 1
        assert f"01.toml:{line}:" in "".join(x.strip() for x in screen_lines(app))
        assert "(double forfeit)" in text, text  # the end of the message too
        assert app.query_one("#display-error").size.height >= 2
        assert "Standings after round" in text  # the last good picture stays


async def test_typed_ahead_enter_does_not_replace_a_result(tmp_path):
    """QA: typing results heads-down, ``1 0-1⏎2 =⏎`` on a board that already had 1-0: the
    Replace question popped up, swallowed ``2 =`` and took the second Enter as yes — the
    old result was replaced without the director seeing the question."""
    folder = make_event(tmp_path, n_players=4)
    backend.pair_next(folder)
    backend.record_result(folder, 1, 1, "1-0")
    app = SwissApp(folder, mode="results")
    async with app.run_test(size=SIZE) as pilot:
        await type_text(pilot, "1 0-1")
        await pilot.press("enter")
        await type_text(pilot, "2 =")
        await pilot.press("enter")
        await pilot.pause()
        assert store.load(folder).round(1).board(1).result.text == "1-0"  # not replaced
        assert "Replace result on board 1?" in str(
            app.screen.query_one(".dialog-title", Static).render())  # still asking
        assert "y = replace" in " ".join(screen_lines(app))
        await pilot.press("y")
        await pilot.pause()
        assert store.load(folder).round(1).board(1).result.text == "0-1"
        # clearing asks the same way: Enter alone does not clear
        await type_text(pilot, "1 clear")
        await pilot.press("enter", "enter")
        await pilot.pause()
        assert store.load(folder).round(1).board(1).result.text == "0-1"
        await pilot.press("y")
        await pilot.pause()
        assert store.load(folder).round(1).board(1).result is None


async def test_counts_of_one_are_singular_and_hints_fit_the_round(tmp_path):
    """QA: "1 players", "1 byes", "1 rounds", "1 results missing"; and a complete earlier
    (or last) round said "F3 then p pairs the next" in Results."""
    folder = make_event(tmp_path, n_players=3, rounds=2)
    backend.pair_next(folder)  # one board, one bye
    app = SwissApp(folder, mode="pairings")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        hint = str(app.screen.query_one("#pairings-hint").render())
        assert "Round 1 · 1 board · 1 bye ·" in hint, hint
        await pilot.press("f4")
        await pilot.pause()
        assert str(app.screen.query_one("#results-hint").render()).startswith(
            "Round 1: 1 board, 1 without result")
        await pilot.press("f5")
        await pilot.pause()
        assert "live: 1 result missing" in str(app.screen.query_one("#standings-hint").render())
        await pilot.press("f6")
        await pilot.pause()
        assert "3 players · 1 round ·" in str(app.screen.query_one("#crosstable-hint").render())
        backend.record_result(folder, 1, 1, "1-0")
        backend.pair_next(folder)
        bd = store.load(folder).round(2).boards[0]
        backend.record_result(folder, 2, bd.number, "0-1")
        app.action_reload()
        await pilot.press("f4")
        await pilot.pause()
        hint = str(app.screen.query_one("#results-hint").render())
        assert "round complete" in hint and "the last Swiss round" in hint, hint
        assert "pairs the next" not in hint
        await pilot.press("escape", "left_square_bracket")
        await pilot.pause()
        hint = str(app.screen.query_one("#results-hint").render())
        assert hint.startswith("Round 1: 1 board, 0 without result (an earlier round)"), hint
        assert "pairs the next" not in hint
    folder = make_event(tmp_path, n_players=1)
    app = SwissApp(folder, mode="registration")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert str(app.screen.query_one("#header").render()).endswith("· 1 player")
        assert str(app.screen.query_one("#reg-hint").render()) == "1 player"


async def test_bye_prompt_and_status_column_read_whole(tmp_path):
    """QA: at 80 columns the bye prompt's hint was cut ("(e.g. 3"), the Status column cut
    "withdrawn from r1" to "withdrawn fro…", and cancelling a request said "bye in round 1
    (none)"."""
    folder = make_event(tmp_path, n_players=3)
    app = SwissApp(folder, mode="registration")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("b")
        await pilot.pause()
        text = "\n".join(screen_lines(app))
        assert "e.g. 3 half" in text and "none cancels" in text, text
        await pilot.press("enter")  # the suggested "1 half"
        await pilot.pause()
        assert "saved: player 1 requests a half bye in round 1" in status(app)
        await pilot.press("b", "ctrl+u")
        await type_text(pilot, "1 none")
        await pilot.press("enter")
        await pilot.pause()
        assert "saved: player 1's bye request for round 1 cancelled" in status(app)
        assert store.load(folder).player(1).byes == ()
        await pilot.press("w", "y")
        await pilot.pause()
        assert any(line.rstrip().endswith("withdrawn from r1") for line in screen_lines(app))
        await pilot.press("down", "delete")
        await pilot.pause()
        assert "core" not in " ".join(screen_lines(app))  # no developer words


@pytest.mark.parametrize("mode, table", [("crosstable", "#crosstable"),
                                         ("standings", "#standings"),
                                         ("registration", "#players")])
async def test_tables_refit_when_the_terminal_is_resized(tmp_path, mode, table):
    """QA: the name column took its width once, for the size the screen was drawn at; after
    PuTTY was narrowed from 120 to 80 columns the crosstable's rounds and tie-breaks were
    pushed off to the right (and a widened window left them squeezed)."""
    folder = make_event(tmp_path, n_players=6, rounds=4)
    for r in (1, 2, 3):
        ev, p = backend.pair_next(folder)
        for bd in p.round.boards:
            backend.record_result(folder, r, bd.number, "1-0")
    app = SwissApp(folder, mode=mode)
    async with app.run_test(size=(120, 30)) as pilot:
        await pilot.pause()
        t = app.screen.query_one(table, FastTable)
        wide = t._line_width
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        await pilot.pause()
        assert t._line_width <= 80 and (wide <= 80 or t._line_width < wide)
        header = next(x for x in screen_lines(app) if x.startswith((" Pl", " Id")))
        assert header.rstrip().endswith(t.labels[-1])  # the last column is on screen
        await pilot.resize_terminal(120, 30)
        await pilot.pause()
        await pilot.pause()
        assert t._line_width == wide


@pytest.mark.parametrize("mode", ["results", "pairings"])
async def test_round_undone_elsewhere_is_said(tmp_path, mode):
    """QA: after another window (or ``swisstui pair --undo``) removed the round on screen, the
    status line still said "saved: round 2 board 1 1-0 · 1 to go" above round 1's boards."""
    folder = make_event(tmp_path, n_players=4)
    ev, p = backend.pair_next(folder)
    for bd in p.round.boards:
        backend.record_result(folder, 1, bd.number, "1-0")
    backend.pair_next(folder)
    app = SwissApp(folder, mode=mode, watch_interval=0.1)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        if mode == "results":
            await type_text(pilot, "1 1-0")
            await pilot.press("enter")
            await pilot.pause()
            assert "saved: round 2 board 1 1-0" in status(app)
        backend.undo_round(folder, force=True)  # as another process would
        assert await wait_for(pilot, lambda: "round 2 is no longer paired" in status(app)), \
            status(app)
        assert "showing round 1" in status(app)


async def test_pair_confirmation_says_who_is_not_paired_and_why(tmp_path):
    """Follow-up: the pairing confirmation said who got the pairing bye but not who would
    be left out — withdrawn players, requested byes (and their kind), absent players, late
    entrants not joined yet — the facts a director checks before pressing y."""
    from swisstui.core import registration
    folder = make_event(tmp_path, n_players=10, rounds=5)
    ev, p = backend.pair_next(folder)
    for bd in p.round.boards:
        backend.record_result(folder, 1, bd.number, "1-0")
    backend.withdraw(folder, 3, 2)
    backend.request_bye(folder, 4, 2, "half")
    backend.request_bye(folder, 6, 2, "full")
    backend.request_bye(folder, 5, 2, "absent")
    store.update(folder, lambda e: registration.add_player(e, "Zoe Late", joined_round=3))
    app = SwissApp(folder, mode="pairings")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("p")
        await pilot.pause()
        text = str(app.screen.query_one("#confirm-text", Static).render())
        assert "Round 2: 6 players paired on 3 boards." in text, text
        assert "No pairing bye." in text
        assert "Not paired: 5 players." in text
        assert "Requested full bye (1): 6 Fumiko Ahn" in text
        assert "Requested half bye (1): 4 Dara Ahn" in text
        assert "Absent (1): 5 Emil Ahn" in text
        assert "Withdrawn (1): 3 Chen Ahn" in text
        assert "Not joined yet (1): 11 Zoe Late (joins round 3)" in text
        shown = "\n".join(screen_lines(app))
        assert "Withdrawn (1): 3 Chen Ahn" in shown and "y / Enter" in shown  # fits 80×24
        await pilot.press("n")


def test_not_paired_lines_count_and_name_few():
    from swisstui.core.pairing.groups import LeftOut
    from swisstui.core.model import Player
    from swisstui.tui.screens.pairings import not_paired_lines
    assert not_paired_lines([])[0].startswith("Not paired: nobody")
    many = [LeftOut(Player(i, f"P{i}"), "withdrawn") for i in range(1, 25)]
    lines = not_paired_lines(many)
    assert lines[0] == "Not paired: 24 players."
    assert lines[1] == ("  Withdrawn (24): ids " + ", ".join(map(str, range(1, 21)))
                        + " … and 4 more")


async def test_mcmahon_pairings_show_the_mms_they_were_paired_on(tmp_path):
    """Follow-up (docs/QA.md bug 40): in a McMahon event the Pairings list's score column
    showed points; it shows the McMahon score the round was paired on, titled MMS, as the
    CLI's pairing list does — and so does the projector's pairing page."""
    import shutil
    from swisstui.core.pairing.groups import pairing_scores
    from swisstui.tui.screens.display import pairing_rows
    folder = tmp_path / "go"
    shutil.copytree(Path(__file__).resolve().parents[2] / "swisstui" / "sample_events" / "go", folder)
    ev = store.load(folder)
    assert ev.settings.system == "mcmahon"
    rnd = ev.round(ev.current_round)
    mms = pairing_scores(ev, rnd.number)
    assert any(v >= 20 for v in mms.values())  # start scores, not points
    app = SwissApp(folder, mode="pairings")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        t = app.screen.query_one("#pairings", FastTable)
        assert t.labels[2] == t.labels[4] == "MMS"
        header = next(x for x in screen_lines(app) if x.startswith(" Bd"))
        assert header.split().count("MMS") == 2 and "Pts" not in header
        for bd, row in zip(sorted(rnd.boards, key=lambda b: b.number), t.rows):
            a, b = bd.players
            assert (row[2], row[4]) == (backend.fmt_score(mms[a]), backend.fmt_score(mms[b]))
    title, _, rows = pairing_rows(ev)
    assert "McMahon score" in title
    bd = min(rnd.boards, key=lambda b: b.number)
    assert rows[0][1].endswith(f"({backend.fmt_score(mms[bd.players[0]])})")
    folder = make_event(tmp_path, n_players=4)  # a Swiss event keeps its points, titled Pts
    backend.pair_next(folder)
    app = SwissApp(folder, mode="pairings")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.screen.query_one("#pairings", FastTable).labels[2] == "Pts"


@pytest.mark.parametrize("mode", ["registration", "pairings", "results", "standings"])
async def test_command_palette_lists_only_swisstui_commands(tmp_path, mode):
    """Follow-up: ctrl+p listed Textual's own "Keys" (its help panel), "Maximize" and
    "Screenshot", which do nothing useful here; only swisstui's commands (every action of
    every mode, help, reload, theme) and Quit are listed."""
    folder = make_event(tmp_path, n_players=4)
    backend.pair_next(folder)
    app = SwissApp(folder, mode=mode)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("escape")  # Results: the board list has the cursor
        await pilot.pause()
        titles = [c.title for c in app.get_system_commands(app.screen)]
        assert not {"Keys", "Maximize", "Minimize", "Screenshot"} & set(titles), titles
        assert {"Help", "Reload", "Theme", "Language…", "Quit"} <= set(titles)
        assert "Pairings: Pair next round" in titles and "Mode: Standings" in titles
        assert all(t.startswith(("Mode: ", "Help", "Reload", "Theme", "Quit"))
                   or t in ("Event settings", "Export / print", "Language…", "Desk", "Prizes")
                   or t.split(": ")[0] in {v[0] for v in keymap.MODES.values()}
                   for t in titles), titles
        await pilot.press("ctrl+p")
        await pilot.pause()
        await type_text(pilot, "keys")
        await pilot.pause(0.3)
        shown = "\n".join(screen_lines(app))
        assert "Show help for the focused widget" not in shown
        await pilot.press("escape")


async def test_alphabetical_list_cursor_stays_on_the_player_after_a_reload(tmp_path):
    """Follow-up: in the alphabetical wall list the two rows of a board shared one key, so
    a redraw (another window renaming a player) left the cursor on the opponent's row.
    Each row has its own key; the cursor stays on the same player, and ``a`` keeps the
    board under the cursor when switching between the two lists."""
    from swisstui.core import registration
    folder = make_event(tmp_path, n_players=8)
    ev, p = backend.pair_next(folder)
    a, b = p.round.boards[0].players
    other = next(x for x in range(1, 9) if x not in (a, b))
    store.update(folder, lambda e: registration.edit_player(e, a, name="Mia Opponent"))
    store.update(folder, lambda e: registration.edit_player(e, b, name="Mila Player"))
    store.update(folder, lambda e: registration.edit_player(e, other, name="Zora Last"))
    app = SwissApp(folder, mode="pairings", watch_interval=0.1)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("a")
        await pilot.pause()
        t = app.screen.query_one("#pairings", FastTable)
        names = [r[0] for r in t.rows]
        t.move_cursor(names.index("Mila Player"))  # the second row of board 1
        await pilot.pause()
        # another window renames a player so that a row appears above the cursor
        store.update(folder, lambda e: registration.edit_player(e, other, name="Abe First"))
        assert await wait_for(pilot, lambda: t.rows[0][0] == "Abe First")
        assert t.get_row_at(t.cursor_row)[0] == "Mila Player"  # not "Mia Opponent"
        assert app.screen.selected_board() == 1
        await pilot.press("a")  # back to the list by board: on board 1
        await pilot.pause()
        assert t.cursor_key == "b1"
        await pilot.press("a")
        await pilot.pause()
        assert t.get_row_at(t.cursor_row)[1] == "1"


async def test_no_color_marks_the_current_mode_by_reverse(tmp_path, monkeypatch):
    """Follow-up: with NO_COLOR=1 the current mode in the key bar was dark text on light
    grey (colours only) instead of reverse video: the widget's ``.-no-color`` rules were
    scoped under the widget by Textual and never matched.  Same for the tables' header
    (bold underline)."""
    monkeypatch.setenv("NO_COLOR", "1")
    folder = make_event(tmp_path, n_players=4)
    app = SwissApp(folder, mode="registration")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.no_color
        bar = app.screen.query_one("KeyBar")
        style = bar.get_component_rich_style("keybar--current")
        assert style.reverse and style.bold
        segs = [s for s in app.screen._compositor.render_strips()[-1] if s.text.strip()]
        current = next(s for s in segs if s.text == "F2 Registration")
        assert current.style.reverse and current.style.bold
        assert not any(s.style.reverse for s in segs if s is not current)
        header = app.screen.query_one("#players", FastTable)
        assert header.get_component_rich_style("fasttable--header").underline
    monkeypatch.delenv("NO_COLOR")
    app = SwissApp(folder, mode="registration")
    async with app.run_test(size=SIZE) as pilot:  # in colour: a tab in the theme's colours
        await pilot.pause()
        assert not app.screen.query_one("KeyBar").get_component_rich_style(
            "keybar--current").reverse


async def test_alphabetical_list_sorts_accents_with_their_letter(tmp_path):
    """docs/QA.md bug 41: the alphabetical list sorted by ``casefold`` put Émile and Ólafur
    after Zoë; it uses the wall list's order (core/collation.py)."""
    from swisstui.core import registration
    folder = make_event(tmp_path, n_players=0, rounds=3)
    for name in ("Zoë Åström", "Ólafur Þór Ægisson", "Anna", "Émile Zola"):
        store.update(folder, lambda e, n=name: registration.add_player(e, n))
    backend.pair_next(folder)
    app = SwissApp(folder, mode="pairings")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("a")
        await pilot.pause()
        names = [r[0] for r in table_rows(app, "#pairings")]
    assert names == ["Anna", "Émile Zola", "Ólafur Þór Ægisson", "Zoë Åström"], names


async def test_board_and_result_typed_on_the_board_list_go_to_that_board(tmp_path):
    """Results: after Esc and Down (cursor on board 2), typing ``3 1-0`` Enter saved 1-0 on
    board 2: the 3 moved the cursor to the entry line, which selected it on focus, and the
    space replaced it — `` 1-0`` went to the selected board.  Same for a refused entry's
    text: focusing the entry line again (``i``) must not select it for replacing."""
    folder = make_event(tmp_path, n_players=8)
    backend.pair_next(folder)
    app = SwissApp(folder, mode="results")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("escape", "down")
        assert app.screen.selected_board() == 2
        await type_text(pilot, "3 1-0")
        assert app.screen.query_one("#entry", Input).value == "3 1-0"
        await pilot.press("enter")
        await pilot.pause()
        rnd = store.load(folder).round(1)
        assert rnd.board(3).result.text == "1-0" and rnd.board(2).result is None
        await type_text(pilot, "4 1-")  # unfinished: Esc to look at the list, i to go on
        await pilot.press("escape", "i")
        await type_text(pilot, "0")
        assert app.screen.query_one("#entry", Input).value == "4 1-0"


async def test_go_results_typed_on_the_board_list_keep_their_first_letter(tmp_path):
    """Results, Go: after Esc and Up/Down to pick a board, typing ``B+R`` lost the ``B``
    (only digits and - = + ½ / moved to the entry line) and ``+R`` was refused; ``jigo``
    became ``go``.  Every printable character that is not a key starts the entry; the
    mode's keys (c, i, [ ], ?) and the mode letters stay keys."""
    folder = make_event(tmp_path, game="go", n_players=8, options={"komi": 7})
    backend.pair_next(folder)
    app = SwissApp(folder, mode="results")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("escape", "down")
        assert app.screen.selected_board() == 2
        await type_text(pilot, "B+R")
        assert app.screen.query_one("#entry", Input).value == "B+R"
        await pilot.press("enter")
        await pilot.pause()
        assert store.load(folder).round(1).board(2).result.text == "B+R"
        await pilot.press("escape", "up", "up")
        await type_text(pilot, "jigo")
        await pilot.press("enter")
        await pilot.pause()
        assert store.load(folder).round(1).board(1).result.text == "jigo"
        await pilot.press("escape", "home", "c")  # still the clear key (board 1)
        await pilot.pause()
        assert "Clear board" in str(app.screen.query_one(".dialog-title", Static).render())
        await pilot.press("n", "escape", "S")  # and S still Standings
        await pilot.pause()
        assert app.screen.MODE == "standings"


async def test_magic_drop_with_the_result(tmp_path):
    """Results, Magic: a player who leaves after the match had no way in the TUI (the CLI
    has ``result … --drop ID``): ``2-0 drop=ID`` records the match and withdraws that player
    from the next round in the same write; a player of another board is refused."""
    folder = make_event(tmp_path, game="magic", n_players=8)
    ev, p = backend.pair_next(folder)
    a, b = p.round.board(1).players
    stranger = p.round.board(2).players[0]
    app = SwissApp(folder, mode="results")
    async with app.run_test(size=SIZE) as pilot:
        assert "drop=12" in app.screen.query_one("#entry", Input).placeholder
        await type_text(pilot, f"2 2-1 drop={a}")  # not on board 2
        await pilot.press("enter")
        await pilot.pause()
        assert f"drop={a}: not a player of round 1 board 2" in status(app)
        assert store.load(folder).round(1).board(2).result is None
        await pilot.press("f1")  # the help names the extra of this game only
        await pilot.pause()
        text = str(app.screen.query_one("#help-text").render())
        assert "drop=12" in text and "black=" not in text and "komi=" not in text
        await pilot.press("escape")
        await pilot.press("ctrl+u")
        await type_text(pilot, f"1 2-0 drop={b}")
        await pilot.press("enter")
        await pilot.pause()
        ev = store.load(folder)
        assert ev.round(1).board(1).result.text == "2-0"
        assert ev.player(b).withdrawn_from == 2 and ev.player(a).withdrawn_from is None
        assert ev.player(stranger).withdrawn_from is None
        name = ev.player(b).name
        assert f"saved: round 1 board 1 2-0 · {b} {name} drops (withdrawn from round 2)" \
            in status(app)


async def test_renju_results_show_who_had_black(tmp_path):
    """Results, Renju: the list showed ``1-0`` whether or not the director had typed who
    actually had Black (``black=ID``, the opening swap), so the boards still missing it
    could not be found at the end of the round.  The Result column shows ``1-0 black=5``
    (``black=?`` when not given; a forfeit has none), the hint counts the boards without
    Black, and the Replace question shows the new Black."""
    folder = make_event(tmp_path, game="renju", n_players=8)
    ev, p = backend.pair_next(folder)
    first, second = p.round.board(1).players
    app = SwissApp(folder, mode="results")
    async with app.run_test(size=SIZE) as pilot:
        for text in (f"1 1-0 black={second}", "2 =", "3 +-"):
            await type_text(pilot, text)
            await pilot.press("enter")
            await pilot.pause()
        assert "saved: round 1 board 3 +-" in status(app)
        rows = table_rows(app, "#boards")
        assert [r[3] for r in rows] == [f"1-0 black={second}", "1/2-1/2 black=?", "+-", "·"]
        assert all(len(x) <= 80 for x in screen_lines(app))
        assert f"1-0 black={second}" in "\n".join(screen_lines(app))
        hint = str(app.screen.query_one("#results-hint").render())
        assert hint.startswith("Round 1: 4 boards, 1 without result, 1 without Black"), hint
        await type_text(pilot, f"1 1-0 black={first}")  # the swap was entered wrongly
        await pilot.press("enter")
        await pilot.pause()
        text = str(app.screen.query_one("#confirm-text", Static).render())
        assert f"Replace it with 1-0 black={first}?" in text
        assert f"keep 1-0 black={second}" in "\n".join(screen_lines(app))
        await pilot.press("y")
        await pilot.pause()
        assert f"saved: round 1 board 1 1-0 black={first}" in status(app)
        await type_text(pilot, "4 0-1")
        await pilot.press("enter")
        await pilot.pause()
        hint = str(app.screen.query_one("#results-hint").render())
        assert hint == "Round 1: 4 boards, 0 without result, 2 without Black — round complete"
    assert store.load(folder).round(1).board(1).result.detail["black"] == first


async def test_go_ing_calculator_entries_say_what_they_store(tmp_path):
    """Results, Go under Ing rules: ``2 ing 9 ext 0-0`` over a recorded W+1 asked "Replace it
    with ing 9 ext 0-0?" — not what would be stored (B+1).  The question and the status line
    show the computed result and what was typed; the entry line suggests the calculator."""
    folder = make_event(tmp_path, game="go", n_players=8, options={"rules": "ing"})
    backend.pair_next(folder)
    app = SwissApp(folder, mode="results")
    async with app.run_test(size=SIZE) as pilot:
        assert "ing 9 5/6" in app.screen.query_one("#entry", Input).placeholder
        await type_text(pilot, "2 ing 9 ext 1-0")
        await pilot.press("enter")
        await pilot.pause()
        assert "saved: round 1 board 2 W+1 (from ing 9 ext 1-0)" in status(app)
        await type_text(pilot, "2 ing 9 ext 0-0")
        await pilot.press("enter")
        await pilot.pause()
        text = str(app.screen.query_one("#confirm-text", Static).render())
        assert "Replace it with B+1 (from ing 9 ext 0-0)?" in text, text
        await pilot.press("y")
        await pilot.pause()
        assert "saved: round 1 board 2 B+1 (from ing 9 ext 0-0)" in status(app)
        await type_text(pilot, "2 =")  # refused by the game, as before: nothing asked
        await pilot.press("enter")
        await pilot.pause()
        assert "no jigo under Ing rules" in status(app) and len(app.screen_stack) == 1
    assert store.load(folder).round(1).board(2).result.text == "B+1"
    folder = make_event(tmp_path, game="go", n_players=4)  # Japanese rules: no calculator
    backend.pair_next(folder)
    app = SwissApp(folder, mode="results")
    async with app.run_test(size=SIZE) as pilot:
        assert "ing" not in app.screen.query_one("#entry", Input).placeholder


async def test_delete_in_the_empty_entry_line_clears_the_selected_board(tmp_path):
    """Results: the key bar says "Delete Clear result", but Delete with the entry line
    focused (as it is when Results opens) did nothing — the line took it.  With nothing
    typed, Delete clears the selected board's result (after y); with text typed it still
    deletes a character."""
    folder = make_event(tmp_path, n_players=6)
    backend.pair_next(folder)
    backend.record_result(folder, 1, 1, "1-0")
    backend.record_result(folder, 1, 2, "0-1")
    app = SwissApp(folder, mode="results")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.screen.query_one("#entry", Input).has_focus
        assert "Delete Clear result" in screen_lines(app)[-2]
        await type_text(pilot, "3 1-0x")
        await pilot.press("left", "delete")
        assert app.screen.query_one("#entry", Input).value == "3 1-0"
        await pilot.press("ctrl+u", "up", "up")  # board 1
        assert app.screen.selected_board() == 1
        await pilot.press("delete")
        await pilot.pause()
        assert "Clear board 1?" in str(app.screen.query_one(".dialog-title", Static).render())
        await pilot.press("y")
        await pilot.pause()
        assert store.load(folder).round(1).board(1).result is None
        assert "cleared: round 1 board 1" in status(app)
        assert app.screen.query_one("#entry", Input).has_focus
