"""Hand edits from the Pairings screen at 80×24 (issue 34 item 9): each shows what it costs
before it is saved — a latecomer against the bye (``b``), two latecomers on a new board
(``n``), a board removed with the unplayed result chosen (``x``), boards kept (``f``) and
the round re-paired around them (``r``) — typed as one burst, as SSH delivers keys; on a
published round the reason is asked and kept in the history."""

from __future__ import annotations

import pytest

from conftest import make_event
from swisstui.core import i18n, services, store
from swisstui.core.model import ByeKind
from swisstui.core.services import history
from swisstui.tui.app import SwissApp
from swisstui.tui.widgets.dialogs import ConfirmScreen
from test_tui import dialog_title as _title, wait_for
from test_tui_bursts import burst, chars

SIZE = (80, 24)


@pytest.fixture(autouse=True)
def _english_after():
    yield
    i18n.use(i18n.SOURCE)


def _confirm_text(app) -> str:
    from textual.widgets import Static
    return str(app.screen.query_one("#confirm-text", Static).render())


async def test_latecomer_new_board_and_remove_each_previewed_then_saved(tmp_path):
    folder = make_event(tmp_path, "chess", n_players=5)
    bye = services.pair_next(folder).event.round(1).byes[0].player
    for name in ("Lena Late", "Mo Late", "Nia Late"):
        services.add_player(folder, name, rating=1500)
    app = SwissApp(folder, mode="pairings")
    async with app.run_test(size=SIZE) as pilot:
        # the latecomer 6 against the bye, typed in one burst up to the question
        await burst(pilot, "b", *chars("6"), "enter")
        assert await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        assert _title(app) == "Seat 6 against the bye in round 1?"
        assert "board 3: " in _confirm_text(app)
        assert store.load(folder).round(1).byes  # nothing saved yet
        await burst(pilot, "y")
        assert await wait_for(pilot, lambda: not store.load(folder).round(1).byes)
        assert set(store.load(folder).round(1).board(3).players) == {bye, 6}
        # two latecomers on a new board; then n keeps the pairing as it is
        await burst(pilot, "n", *chars("7 8"), "enter")
        assert await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        assert "board 4: " in _confirm_text(app)
        await burst(pilot, "n")
        assert await wait_for(pilot, lambda: not isinstance(app.screen, ConfirmScreen))
        assert store.load(folder).round(1).board(4) is None
        # a y typed in the same burst, before the costs were on screen, does not answer
        await burst(pilot, "n", *chars("7 8"), "enter", "y")
        assert await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        for _ in range(5):
            await pilot.pause()
        # (the y reached either the Pairings screen while the costs were worked out, or the
        # question, which refused it and says so: which one depends on the worker's speed)
        assert isinstance(app.screen, ConfirmScreen)
        assert app.screen.typed_ahead in ("", "y")
        assert store.load(folder).round(1).board(4) is None
        await burst(pilot, "y")
        assert await wait_for(pilot, lambda: store.load(folder).round(1).board(4) is not None)
        # remove the board under the cursor (board 1): both get a half-point bye
        players = store.load(folder).round(1).board(1).players
        await burst(pilot, "home", "x", *chars("h"), "enter")
        assert await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        assert "each get a half-point bye" in _confirm_text(app)
        await burst(pilot, "y")
        assert await wait_for(pilot, lambda: store.load(folder).round(1).board(1) is None)
        assert {(y.player, y.kind) for y in store.load(folder).round(1).byes} == \
            {(players[0], ByeKind.HALF), (players[1], ByeKind.HALF)}


async def test_keep_boards_and_repair_on_a_published_round_asks_the_reason(tmp_path):
    folder = make_event(tmp_path, "chess", n_players=8, system="swiss")
    services.change_settings(folder, publish="manual")
    services.pair_next(folder)
    services.publish_round(folder)
    ev = store.load(folder)
    services.swap(folder, 1, ev.round(1).board(1).players[0], ev.round(1).board(4).players[0],
                  reason="table 1 was taken")
    edited = store.load(folder).round(1)
    app = SwissApp(folder, mode="pairings")
    async with app.run_test(size=SIZE) as pilot:
        # keep board 2 (cursor down once), re-pair the rest; the reason is asked
        await burst(pilot, "home", "down", "f", "r")
        assert await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        assert _title(app) == "Re-pair round 1, keeping boards 2?"
        await burst(pilot, "y")
        assert await wait_for(pilot, lambda: "why the change" in _title(app))
        await burst(pilot, *chars("swap was a mistake"), "enter")
        assert await wait_for(pilot, lambda: store.load(folder).round(1) != edited)
    rnd = store.load(folder).round(1)
    assert rnd.board(2) == edited.board(2)
    entry = history.log(folder)[0]
    assert entry.subject.startswith("re-pair the round keeping fixed boards: round 1, keep (2,)")
    assert entry.reason == "swap was a mistake"


async def test_a_hand_edit_asked_twice_in_one_burst_is_worked_out_and_saved_once(tmp_path):
    """``r r y y`` in one burst: the second ``r`` finds the first being worked out (or its
    question open) and starts nothing; the ``y``s typed before the costs were on screen
    answer nothing, the ``y`` typed after them saves — the round is re-paired once, one
    history entry, never two questions."""
    folder = make_event(tmp_path, "chess", n_players=8, system="swiss")
    ev = services.pair_next(folder).event
    # a swap, so that the re-pair (the engine's pairing again) changes the round
    services.swap(folder, 1, ev.round(1).board(1).players[0], ev.round(1).board(4).players[0])
    before = len(history.log(folder))
    app = SwissApp(folder, mode="pairings")
    async with app.run_test(size=SIZE) as pilot:
        await burst(pilot, "r", "r", "y", "y")
        for _ in range(30):
            await pilot.pause()
            assert sum(isinstance(x, ConfirmScreen) for x in app.screen_stack) <= 1
        assert await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        assert len(history.log(folder)) == before
        await burst(pilot, "y")
        assert await wait_for(pilot, lambda: len(history.log(folder)) > before)
        for _ in range(20):
            await pilot.pause()
        assert not isinstance(app.screen, ConfirmScreen)
    entries = history.log(folder)
    assert len(entries) == before + 1
    assert entries[0].subject.startswith("re-pair the round keeping fixed boards")


async def test_a_key_read_before_the_question_never_answers_it(tmp_path):
    """The question of a hand edit is made after the costs are worked out; keys that carry
    an earlier time than the question were typed before the director could see the costs."""
    from textual import events

    from swisstui.tui.widgets.dialogs import ConfirmScreen as Confirm

    folder = make_event(tmp_path, "chess", n_players=4)
    app = SwissApp(folder, mode="pairings")
    async with app.run_test(size=SIZE) as pilot:
        early = [events.Key(k, c) for k, c in (("y", "y"), ("enter", "\r"), ("escape", None))]
        answers: list[bool | None] = []
        app.push_screen(Confirm("Costs?", ["board 3: 6 (0) v 2 (0)"],
                                answer_typed_ahead=False), answers.append)
        await pilot.pause()
        for key in early:
            app.post_message(key)
        for _ in range(5):
            await pilot.pause()
        assert answers == [] and app.screen.typed_ahead == "y⏎Esc"
        assert "Typed ahead, not taken: y⏎Esc" in str(
            app.screen.query_one("#confirm-typed").render())
        await burst(pilot, "y")
        assert answers == [True]
