"""Issue 34's "done means", in the TUI alone at 80×24: a round paired as a draft (event
setting publish = manual), two players swapped in it freely, the round published with ``l``,
a result corrected with a reason asked on the spot, both found in the history (``L``), and
the event restored to before the swap — a new entry, nothing rewritten."""

from __future__ import annotations

import pytest
from textual.widgets import Static

from conftest import make_event
from swisstui.core import i18n, services, store
from swisstui.core.services import history
from swisstui.tui.app import SwissApp
from swisstui.tui.screens.history import HistoryScreen
from swisstui.tui.widgets.dialogs import ConfirmScreen, PromptScreen
from swisstui.web.snapshot import snapshot_bytes
from test_tui import dialog_title as _title, status, table_rows, wait_for
from test_tui_bursts import burst, chars

SIZE = (80, 24)


@pytest.fixture(autouse=True)
def _english_after():
    yield
    i18n.use(i18n.SOURCE)


async def test_draft_swap_publish_correct_log_restore(tmp_path):
    folder = make_event(tmp_path, n_players=8)
    services.change_settings(folder, publish="manual")
    players_page = snapshot_bytes(folder)
    app = SwissApp(folder, mode="pairings")
    async with app.run_test(size=SIZE) as pilot:
        await burst(pilot, "p")
        assert await wait_for(pilot, lambda: _title(app) == "Pair round 1?")
        await burst(pilot, "y")
        assert await wait_for(pilot, lambda: store.load(folder).round(1) is not None)
        assert not store.load(folder).round(1).published
        assert await wait_for(pilot, lambda: "draft: l publishes" in str(
            app.screen.query_one("#pairings-hint", Static).render()))
        assert snapshot_bytes(folder) == players_page  # the players see nothing yet
        paired = [b.players for b in store.load(folder).round(1).boards]
        a, b = paired[0][0], paired[1][0]
        # a draft is changed freely: the swap asks no reason
        await burst(pilot, "s")
        assert await wait_for(pilot, lambda: isinstance(app.screen, PromptScreen))
        await burst(pilot, *chars(f"{a} {b}"), "enter")
        assert await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        await burst(pilot, "y")
        assert await wait_for(pilot, lambda: [x.players for x in store.load(folder).round(1)
                                              .boards] != paired)
        # publish, after a question naming the round
        await burst(pilot, "l")
        assert await wait_for(pilot, lambda: _title(app) == "Publish round 1?")
        await burst(pilot, "y")
        assert await wait_for(pilot, lambda: store.load(folder).round(1).published)
        assert '"round":1' in snapshot_bytes(folder).decode()
        # a result, then its correction: the reason is asked, and kept in the history
        await burst(pilot, "f4", *chars("1 1-0"), "enter")
        assert await wait_for(pilot, lambda: store.load(folder).round(1).board(1).result
                              is not None)
        await burst(pilot, *chars("1 0-1"), "enter")
        assert await wait_for(pilot, lambda: _title(app).startswith("Replace result"))
        await burst(pilot, "y")
        assert await wait_for(pilot, lambda: "why the change" in _title(app))
        await burst(pilot, *chars("score sheet misread"), "enter")
        assert await wait_for(pilot, lambda: store.load(folder).round(1).board(1).result.text
                              == "0-1")
        entry = history.log(folder)[0]
        assert entry.reason == "score sheet misread" and entry.board == 1
        # both in the history; restore to the pairing, before the swap
        await burst(pilot, "escape", "L")
        assert await wait_for(pilot, lambda: isinstance(app.screen, HistoryScreen))
        subjects = [e.subject for e in app.screen.entries]
        assert any(s.startswith("swap two players: round 1") for s in subjects)
        assert any(s.startswith("result: round 1, board 1, 0-1") for s in subjects)
        await burst(pilot, *chars("pair the next"))
        await burst(pilot, "ctrl+r")
        assert await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        await burst(pilot, "y")
        # the restore changes the published round: it asks why, as the correction did
        assert await wait_for(pilot, lambda: _title(app) ==
                              "The restore changes what players have seen: why?")
        assert store.load(folder).round(1).published
        await burst(pilot, *chars("back to the draft"), "enter")
        assert await wait_for(pilot, lambda: [x.players for x in store.load(folder).round(1)
                                              .boards] == paired)
        assert history.log(folder)[0].reason == "back to the draft"
        assert store.load(folder).round(1).board(1).result is None
        assert not store.load(folder).round(1).published  # as it was then: a draft
        assert history.log(folder)[0].subject.startswith("restore to #")
        assert len(table_rows(app, "#boards")) == len(paired)


async def test_undo_asks_why_of_a_published_round_never_of_a_draft(tmp_path):
    """``u`` on a published round (publish = manual) asks the reason on one line after the
    question, as the restore does; Esc keeps the round and writes nothing; the reason is
    kept in the history.  A draft is undone without one."""
    folder = make_event(tmp_path, n_players=8)
    services.change_settings(folder, publish="manual")
    services.pair_next(folder)
    services.publish_round(folder)
    services.record_result(folder, 1, 1, "1-0")
    entries = len(history.log(folder))
    app = SwissApp(folder, mode="pairings")
    async with app.run_test(size=SIZE) as pilot:
        await burst(pilot, "u")
        assert await wait_for(pilot, lambda: _title(app) == "Undo round 1?")
        await burst(pilot, "y")
        assert await wait_for(pilot, lambda: _title(app) ==
                              "This round is published: why undo it?")
        assert isinstance(app.screen, PromptScreen)
        await burst(pilot, "escape")  # kept: nothing written
        assert await wait_for(pilot, lambda: not isinstance(app.screen, PromptScreen))
        assert status(app) == "kept"
        assert store.load(folder).round(1).board(1).result is not None
        assert len(history.log(folder)) == entries
        await burst(pilot, "u")
        assert await wait_for(pilot, lambda: _title(app) == "Undo round 1?")
        await burst(pilot, "y")
        assert await wait_for(pilot, lambda: isinstance(app.screen, PromptScreen))
        await burst(pilot, *chars("paired with the wrong list"), "enter")
        assert await wait_for(pilot, lambda: store.load(folder).rounds == ())
        entry = history.log(folder)[0]
        assert (entry.subject, entry.reason) == ("undo the last round: force",
                                                 "paired with the wrong list")
        # a draft: undone on the question alone
        services.pair_next(folder)
        assert await wait_for(pilot, lambda: app.event is not None
                              and app.event.current_round == 1)
        await burst(pilot, "u")
        assert await wait_for(pilot, lambda: _title(app) == "Undo round 1?")
        await burst(pilot, "y")
        assert await wait_for(pilot, lambda: store.load(folder).rounds == ())
        assert not isinstance(app.screen, PromptScreen)
        assert history.log(folder)[0].reason is None
