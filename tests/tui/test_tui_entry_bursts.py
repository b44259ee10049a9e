"""Result entry under heads-down typing (issue 31, items 4 and 5).

SSH delivers keys in bursts (a paste or a bouncing key does the same): every key of a burst
is queued before the application handles the first.  ``burst`` posts all its keys at once
(``pilot.press`` waits for the application to go idle after each key, which hides these
faults), then lets the application handle them.  Each test asserts what the round file holds
on every board and that no file appeared in the event folder.

* Go, after Esc to the board list and a mode switch: F4 puts the cursor in the entry line,
  and ``W+R`` typed on the board list is a result, not Export (``W``); a result typed
  heads-down never becomes a file name (it became a file ``B+2.5`` in the event folder).
* A refused entry is not kept for the next one to be appended to: ``1-0 black=3=0-1
  black=81-0 black=4`` was saved on board 1 as ``1-0 black=4``."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from textual import events
from textual.widgets import Input, Static

from conftest import make_event
from swisstui.core import services, store
from swisstui.core.games import profile
from swisstui.tui.app import SwissApp
from swisstui.tui.screens.exports import ExportPicker, PathPrompt, path_doubt
from swisstui.tui.widgets.dialogs import ConfirmScreen

from test_tui import SIZE, status, type_text

NAMES = {" ": "space", "-": "minus", "=": "equals_sign", "+": "plus", ".": "full_stop",
         "/": "slash"}


def key_event(ch: str) -> events.Key:
    """The event a terminal sends for one character (``\\r`` is Enter)."""
    if ch == "\r":
        return events.Key("enter", "\r")
    return events.Key(ch if ch.isalnum() else NAMES[ch], ch)


async def burst(pilot, text: str | list[events.Key]) -> None:
    """Queue every key of ``text`` (characters, or events made earlier) before the
    application handles any, then let it handle them all."""
    for key in text:
        pilot.app.post_message(key_event(key) if isinstance(key, str) else key)
    for _ in range(8):
        await pilot.pause()


def results(folder: Path, round_no: int = 1) -> dict[int, str | None]:
    """Each board's result as the round file holds it (``1-0 black=8`` for Renju)."""
    rnd = store.load(folder).round(round_no)
    out: dict[int, str | None] = {}
    for b in rnd.boards:
        r = b.result
        out[b.number] = None if r is None else " ".join(
            [r.text, *(f"{k}={v}" for k, v in r.detail.items()
                       if k == "black" and v is not None)])
    return out


def files(folder: Path) -> set[str]:
    """The folder's files, not its cache or its history (which records every result)."""
    return {str(p.relative_to(folder)) for p in folder.rglob("*")
            if ".swisstui-cache" not in p.parts and ".git" not in p.parts}


# ---- item 4: Go, the board list, a mode switch, W+R -------------------------------------------

@pytest.fixture
def go_event(tmp_path, monkeypatch):
    """A Go event of 8 (komi 6.5), round 1 paired; swisstui started in the event folder,
    as the director who met the stray file did."""
    folder = make_event(tmp_path, game="go", n_players=8)
    services.pair_next(folder)
    monkeypatch.chdir(folder)
    return folder


async def test_f4_after_esc_and_a_mode_switch_puts_the_cursor_in_the_entry_line(go_event):
    folder = go_event
    before = files(folder)
    app = SwissApp(folder, mode="results")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("escape", "f5", "f4")
        await pilot.pause()
        assert app.screen.MODE == "results"
        assert isinstance(app.focused, Input) and app.focused.id == "entry"
        await burst(pilot, "W+R\rB+2.5\r")
        assert not isinstance(app.screen, (ExportPicker, PathPrompt))
        assert results(folder) == {1: "W+R", 2: "B+2.5", 3: None, 4: None}
        assert "saved: round 1 board 2 B+2.5" in status(app)
    assert files(folder) == before
    assert not (folder / "B+2.5").exists()


async def test_f4_in_results_on_the_board_list_goes_to_the_entry_line(go_event):
    app = SwissApp(go_event, mode="results")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("escape")
        assert app.focused.id == "boards"
        await pilot.press("f4")
        await pilot.pause()
        assert app.focused.id == "entry"


async def test_a_result_typed_on_the_board_list_is_a_result_not_a_global_key(go_event):
    """``W`` is the Export key and ``E``, ``S``… the mode letters; on the board list a key a
    Go result starts with (W of W+R) goes to the entry line, the others stay keys."""
    folder = go_event
    before = files(folder)
    app = SwissApp(folder, mode="results")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("escape")
        assert app.focused.id == "boards"
        await burst(pilot, "W+R\r")
        assert app.screen.MODE == "results" and app.focused.id == "entry"
        assert results(folder)[1] == "W+R"
        await pilot.press("escape", "down")
        await burst(pilot, "B+R\r")
        assert results(folder) == {1: "W+R", 2: None, 3: "B+R", 4: None}
        await pilot.press("escape")
        await burst(pilot, "S")  # not a Go result: still the Standings key
        assert app.screen.MODE == "standings"
    assert files(folder) == before


def test_every_game_says_what_an_entry_starts_with():
    """The board list sends these to the entry line (GameProfile.entry.starts)."""
    digits = set("0123456789")
    assert profile("go").entry.starts() - digits == {"B", "W", "j", "i", "=", "+", "-"}
    assert profile("magic").entry.starts() - digits == {"I"}
    assert profile("chess").entry.starts() - digits == {"=", "½", "+", "-"}
    assert "W" not in profile("chess").entry.starts()


# ---- item 4: the export's file prompt ------------------------------------------------------------

async def test_the_file_prompt_does_not_take_keys_typed_before_it_was_shown(go_event):
    """The keys of a result typed in the same burst as the Enter that chose the list (or
    typed ahead on the screen below) never become the file name."""
    folder = go_event
    before = files(folder)
    app = SwissApp(folder, mode="standings")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        typed = [key_event(ch) for ch in "B+2.5\r"]  # typed before the prompt showed …
        app._export_ask_path("text", "standings", None)
        await burst(pilot, typed)  # … and handled after
        assert isinstance(app.screen, PathPrompt)
        prompt = app.screen.query_one("#prompt", Input)
        assert prompt.value.endswith("-standings.txt") and "B+2.5" not in prompt.value
        assert "not taken: B+2.5⏎" in str(app.screen.query_one("#prompt-typed",
                                                                Static).render())
        await pilot.press("escape")
        await pilot.pause()
        assert "nothing exported" in status(app)
    assert files(folder) == before
    assert sorted(os.listdir(folder.parent)) == [folder.name]


async def test_a_file_name_not_of_the_format_is_written_only_after_y(go_event):
    folder = go_event
    before = files(folder)
    app = SwissApp(folder, mode="standings")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("W")
        await pilot.pause()
        assert isinstance(app.screen, ExportPicker)
        await pilot.press("enter")  # text standings
        await pilot.pause()
        assert isinstance(app.screen, PathPrompt)
        await type_text(pilot, "B+2.5")  # typed by a person, after the prompt showed
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        text = str(app.screen.query_one("#confirm-text", Static).render())
        assert "B+2.5 does not end in .txt" in text and "inside the event folder" in text
        await pilot.press("enter")  # Enter does not answer this question
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen) and not (folder / "B+2.5").exists()
        await pilot.press("n")
        await pilot.pause()
        assert "nothing exported" in status(app)
        assert files(folder) == before
        # y writes it: the director's choice
        await pilot.press("W")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        await type_text(pilot, "B+2.5")
        await pilot.press("enter", "y")
        await pilot.pause()
        assert (folder / "B+2.5").is_file()


def test_path_doubt(tmp_path):
    folder = tmp_path / "cup"
    folder.mkdir()
    assert path_doubt(folder, "html", str(tmp_path / "cup-standings.html")) == []
    assert path_doubt(folder, "html", str(tmp_path / "Cup-Standings.HTML")) == []
    assert path_doubt(folder, "html", str(tmp_path / "B+2.5")) == [
        "B+2.5 does not end in .html, the ending of a html file."]
    inside = path_doubt(folder, "html", str(folder / "standings.html"))
    assert len(inside) == 1 and "inside the event folder" in inside[0]


# ---- item 5: a refused entry and the entries typed after it ----------------------------------

@pytest.fixture
def renju_event(tmp_path):
    """A Renju event of 8, round 1 paired on boards 1: 1-4, 2: 2-3, 3: 8-5, 4: 6-7 (Black is
    recorded with the result, ``black=ID``, one of the board's two players)."""
    folder = make_event(tmp_path, game="renju", n_players=8)
    services.pair_next(folder, fixed=[(1, 4), (2, 3), (5, 8), (6, 7)])
    assert [b.players for b in store.load(folder).round(1).boards] == [
        (1, 4), (2, 3), (8, 5), (6, 7)]
    return folder


async def test_entries_typed_after_a_refusal_are_never_appended_to_it(renju_event):
    """Heads-down on the selected boards: the first entry is refused (3 is not on board 1).
    Each later one used to be appended to it, and the last, ``1-0 black=3=0-1 black=81-0
    black=4``, was saved on board 1 as ``1-0 black=4``.  Now the refused text is replaced,
    and a result without a board is refused until the director acts on the refusal: the
    cursor is still on board 1, where none of them was meant to go."""
    folder = renju_event
    before = files(folder)
    app = SwissApp(folder, mode="results")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.screen.selected_board() == 1
        await burst(pilot, "1-0 black=3\r=\r0-1 black=8\r1-0 black=4\r")
        assert results(folder) == {1: None, 2: None, 3: None, 4: None}
        entry = app.screen.query_one("#entry", Input)
        assert entry.value == "1-0 black=4"  # the last entry, not all of them
        assert entry.selected_text == "1-0 black=4"  # the next key replaces it
        assert "the entry before was refused" in status(app)
        # the director reads the line and corrects it: Backspace and the right Black
        await pilot.press("end", "backspace", "1", "enter")
        await pilot.pause()
        assert results(folder) == {1: "1-0 black=1", 2: None, 3: None, 4: None}
    assert files(folder) == before


async def test_the_issue_text_as_one_entry_is_refused(renju_event):
    folder = renju_event
    app = SwissApp(folder, mode="results")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await burst(pilot, "1-0 black=3=0-1 black=81-0 black=4\r")
        assert results(folder) == {1: None, 2: None, 3: None, 4: None}
        assert "black=3=0-1: an extra takes one value" in status(app)


async def test_after_a_refusal_the_next_board_replaces_the_refused_text(renju_event):
    """Heads-down with board numbers: the entry after the refused one starts with its board,
    replaces the refused text and is saved where it says."""
    folder = renju_event
    app = SwissApp(folder, mode="results")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await burst(pilot, "1 1-0 black=3\r2 =\r3 0-1 black=8\r4 1-0 black=6\r")
        assert results(folder) == {1: None, 2: "1/2-1/2", 3: "0-1 black=8",
                                   4: "1-0 black=6"}
        # board 1, refused, is still to do; picking it with the cursor takes a bare result
        await pilot.press("escape", "home", "i")
        await burst(pilot, "1-0 black=1\r")
        assert results(folder)[1] == "1-0 black=1"


async def test_a_refused_entry_retyped_as_it_was_is_tried_again(renju_event):
    """Enter again on the refused text (nothing typed) tries it again on the same board."""
    folder = renju_event
    app = SwissApp(folder, mode="results")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await burst(pilot, "= black=3\r\r")
        assert "Black must be one of the two players on the board (1 or 4), not 3" in \
            status(app)
        assert app.screen.query_one("#entry", Input).value == "= black=3"
        assert results(folder)[1] is None


async def test_keys_behind_the_enter_that_opens_a_question_are_the_questions(tmp_path):
    """Board 2 has 1-0; ``2 0-1⏎`` asks before replacing it.  The keys typed behind that
    Enter in the same burst had already reached the entry line: they are handed to the
    question (refused there and named), never typed into the line behind it and entered."""
    folder = make_event(tmp_path, n_players=8)
    services.pair_next(folder)
    services.record_result(folder, 1, 2, "1-0")
    app = SwissApp(folder, mode="results")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await burst(pilot, "2 0-1\r3 =\r4 1")
        assert isinstance(app.screen, ConfirmScreen)
        note = str(app.screen.query_one("#confirm-typed", Static).render())
        # (the question lists its Enter after the letters: its Enter is a binding)
        taken = note.split("not taken: ")[1]
        assert sorted(taken) == sorted("3 =⏎4 1")
        assert results(folder) == {1: None, 2: "1-0", 3: None, 4: None}
        await pilot.press("n")
        await pilot.pause()
        assert app.screen.query_one("#entry", Input).value == ""
        assert results(folder) == {1: None, 2: "1-0", 3: None, 4: None}
