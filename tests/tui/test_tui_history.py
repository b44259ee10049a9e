"""The history in the TUI (issue 34 item 3): ``L`` lists every change, newest first, filtered
as the director types (``b2``: board 2); Enter shows what an entry changed in words; Ctrl+R
restores the event to it after a preview, as a new entry.  At 80×24, keys in bursts."""

from __future__ import annotations

import pytest
from textual.widgets import OptionList, Static

from conftest import make_event
from swisstui.core import i18n, services, store
from swisstui.core.services import history
from swisstui.tui.app import SwissApp
from swisstui.tui.screens.history import HistoryScreen
from swisstui.tui.widgets.dialogs import ConfirmScreen, MessageScreen
from test_tui import wait_for
from test_tui_bursts import burst, chars

SIZE = (80, 24)


@pytest.fixture(autouse=True)
def _english_after():
    yield
    i18n.use(i18n.SOURCE)


def _labels(app) -> list[str]:
    options = app.screen.query_one(OptionList)
    return [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]


async def test_log_filter_show_and_restore_from_the_keyboard(tmp_path):
    folder = make_event(tmp_path, n_players=6)
    services.pair_next(folder)
    services.record_result(folder, 1, 1, "1-0")
    services.record_result(folder, 1, 2, "0-1")
    services.record_result(folder, 1, 2, "1-0", force=True)
    app = SwissApp(folder, mode="results")
    async with app.run_test(size=SIZE) as pilot:
        await burst(pilot, "escape", "L")
        assert await wait_for(pilot, lambda: isinstance(app.screen, HistoryScreen))
        labels = _labels(app)
        assert "result: round 1, board 2, 1-0, force" in labels[0]
        assert len(labels) == len(history.log(folder))
        await burst(pilot, *chars("b2"))
        assert [lbl.split(": ", 1)[1] for lbl in _labels(app)] == [
            "result: round 1, board 2, 1-0, force", "result: round 1, board 2, 0-1"]
        await burst(pilot, "enter")
        assert await wait_for(pilot, lambda: isinstance(app.screen, MessageScreen))
        text = "\n".join(app.screen.lines)
        assert "round 1 board 2: 0-1 → 1-0" in text
        await burst(pilot, "escape")  # back to the history
        assert await wait_for(pilot, lambda: isinstance(app.screen, HistoryScreen))
        # restore to the pairing: both results go, after a preview
        await burst(pilot, *chars("pair"))
        assert len(_labels(app)) == 1
        await burst(pilot, "ctrl+r")
        assert await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        assert "Restore the event to #" in str(app.screen.query_one(".dialog-title", Static).render())
        assert "round 1 board 1: 1-0 → no result" in app.screen.lines
        assert store.load(folder).round(1).board(1).result is not None  # a preview
        await burst(pilot, "y")
        assert await wait_for(pilot, lambda: store.load(folder).round(1).board(1).result is None)
        assert store.load(folder).round(1).board(2).result is None
        assert history.log(folder)[0].subject.startswith("restore to #")


async def test_the_history_in_korean_shows_and_filters_the_words_shown(tmp_path):
    """The list said 'result: round 1, board 2, 0-1' in every language; it shows the
    director's words, and a word typed in them (or in the record's English) filters."""
    folder = make_event(tmp_path, n_players=6)
    services.pair_next(folder)
    services.record_result(folder, 1, 2, "0-1")
    app = SwissApp(folder, mode="results", lang="ko")
    async with app.run_test(size=SIZE) as pilot:
        await burst(pilot, "escape", "L")
        assert await wait_for(pilot, lambda: isinstance(app.screen, HistoryScreen))
        assert _labels(app)[0].endswith(": 결과: 1라운드, 2번 판, 0-1")
        await burst(pilot, *chars("대진"))
        assert [lbl.split(": ", 1)[1] for lbl in _labels(app)] == ["다음 라운드 대진"]
        await burst(pilot, "ctrl+u", *chars("result"))
        assert len(_labels(app)) == 1 and "결과" in _labels(app)[0]


async def test_the_history_comes_back_where_it_was_after_an_entry_is_shown(tmp_path):
    """After Enter and Esc the highlight went back to the newest entry and the filter was
    gone: Ctrl+R then restored to the newest ('nothing to restore'), not the entry read."""
    folder = make_event(tmp_path, n_players=6)
    services.pair_next(folder)
    services.record_result(folder, 1, 1, "1-0")
    services.record_result(folder, 1, 2, "0-1")
    services.record_result(folder, 1, 3, "1-0")
    app = SwissApp(folder, mode="results")
    async with app.run_test(size=SIZE) as pilot:
        await burst(pilot, "escape", "L")
        assert await wait_for(pilot, lambda: isinstance(app.screen, HistoryScreen))
        await burst(pilot, "down", "down", "enter")
        assert await wait_for(pilot, lambda: isinstance(app.screen, MessageScreen))
        assert "round 1 board 1: no result → 1-0" in "\n".join(app.screen.lines)
        await burst(pilot, "escape")
        assert await wait_for(pilot, lambda: isinstance(app.screen, HistoryScreen))
        options = app.screen.query_one(OptionList)
        assert options.highlighted == 2
        await burst(pilot, "ctrl+r")
        assert await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        assert "result: round 1, board 1, 1-0" in app.screen.lines[0]  # the entry read
        assert "round 1 board 2: 0-1 → no result" in app.screen.lines
        assert "round 1 board 1: 1-0 → no result" not in app.screen.lines
        await burst(pilot, "escape")
        # a filter stays too
        await burst(pilot, "L")
        assert await wait_for(pilot, lambda: isinstance(app.screen, HistoryScreen))
        await burst(pilot, *chars("b2"), "enter")
        assert await wait_for(pilot, lambda: isinstance(app.screen, MessageScreen))
        await burst(pilot, "escape")
        assert await wait_for(pilot, lambda: isinstance(app.screen, HistoryScreen))
        assert app.screen.query_one("#history-filter").value == "b2"
        assert len(_labels(app)) == 1 and "board 2" in _labels(app)[0]


async def test_a_change_the_history_cannot_record_is_said_on_the_status_line(tmp_path):
    """A detached HEAD (someone checked out an old state with git): the new player is saved
    and the status line says the history did not record it, in one line."""
    from swisstui.core.store import history as record
    folder = make_event(tmp_path, n_players=4)
    services.add_player(folder, "Zoe Alves")
    head = (folder / ".git" / "refs" / "heads" / "main").read_text().strip()
    (folder / ".git" / "HEAD").write_text(head + "\n")
    app = SwissApp(folder, mode="registration")
    try:
        async with app.run_test(size=SIZE) as pilot:
            await burst(pilot, "n", *chars("Yan Braga"), "enter")
            assert await wait_for(pilot, lambda: any(p.name == "Yan Braga"
                                                     for p in store.load(folder).players))
            assert await wait_for(pilot, lambda: "HEAD is detached" in str(
                app.screen.query_one("#status", Static).render()))
    finally:
        record.notice = None
