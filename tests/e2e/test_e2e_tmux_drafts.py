"""Issue 34's "done means" in a real terminal: the ``swisstui`` console script in tmux at
80×24, typed into like a director (some keys in one burst, as SSH delivers them).  The
twin of tests/tui/test_tui_drafts.py (Pilot):

an event with ``publish = "manual"``; Pairings ``p`` ``y`` pairs round 1 as a draft (the
players' page leaves it out), ``s`` swaps two players in it (no reason asked: a draft is
changed freely), ``l`` ``y`` publishes it; in Results board 1's result is typed, then
replaced, and the reason is asked on one line; ``L`` lists both changes, a filter and Enter
show the correction in words, and Ctrl+R on the pairing's entry, after its preview, brings
the event back to before the swap — as a new entry.  At the end the folder is read with the
core: the pairing before the swap, no result, the restore and the reason in the history."""

from __future__ import annotations

import os

import pytest
from test_e2e_director import Terminal

from conftest import make_event
from swisstui.core import services, store
from swisstui.core.services import history
from swisstui.web.snapshot import snapshot_bytes
from tmux_terminal import SCRIPT, TMUX
from tmux_terminal import kill_session
from tmux_terminal import tmux as _tmux

pytestmark = [pytest.mark.e2e,
              pytest.mark.skipif(TMUX is None, reason="tmux is not installed"),
              pytest.mark.skipif(not SCRIPT.exists(),
                                 reason=f"console script {SCRIPT} not installed")]

REASON = "score sheet misread"


Director = Terminal  # its keys in bursts, its flat screen: test_e2e_director

def _boards(folder) -> list[tuple[int, ...]]:
    rnd = store.load(folder).round(1)
    return [b.players for b in rnd.boards] if rnd is not None else []


def test_draft_swap_publish_correct_log_restore_in_tmux(tmp_path):
    folder = make_event(tmp_path, n_players=8, name="Draft Open")
    services.change_settings(folder, publish="manual")
    players_page = snapshot_bytes(folder)
    session = f"swisstui-drafts-{os.getpid()}"
    _tmux("new-session", "-d", "-s", session, "-x", "80", "-y", "24",
          f"cd {tmp_path} && TERM=xterm-256color SWISSTUI_DIRECTOR=td "
          f"exec {SCRIPT} {folder}")
    term = Director(session)
    try:
        # a draft: paired, not published; the players' page does not show it
        term.see("Draft Open")
        term.press("F3")
        term.header("pairings")
        term.press("p")
        term.see("Pair round 1?")
        term.press("y")
        term.until(lambda: store.load(folder).round(1) is not None, "round 1 paired")
        term.see("draft: l publishes")
        assert not store.load(folder).round(1).published
        assert snapshot_bytes(folder) == players_page
        paired = _boards(folder)
        a, b = paired[0][0], paired[1][0]

        # the swap: "A B" on one line, what it costs shown (each board changed), y; no
        # reason asked
        term.press("s")
        term.see_flat("Swap two players")
        term.burst(f"{a} {b}", "Enter")
        term.see_flat(f"Swap {a} and {b} in round 1?", "board ", "y / Enter = save the edit")
        term.press("y")
        term.until(lambda: _boards(folder) != paired, "the swap saved")
        swapped = _boards(folder)
        assert {swapped[0][0], swapped[1][0]} == {a, b} and swapped[0][0] == b
        assert snapshot_bytes(folder) == players_page  # still a draft

        # publish, after a question naming the round
        term.press("l")
        term.see_flat("Publish round 1?")
        term.press("y")
        term.until(lambda: store.load(folder).round(1).published, "round 1 published")
        assert '"round":1' in snapshot_bytes(folder).decode()
        term.until(lambda: "draft: l publishes" not in term.screen(), "the draft hint gone")

        # a result, then its correction: the reason is asked on one line
        term.press("F4")
        term.header("results")
        term.see("Round 1:")
        term.burst("1 1-0", "Enter")
        term.until(lambda: store.load(folder).round(1).board(1).result is not None,
                   "board 1's result")
        assert store.load(folder).round(1).board(1).result.text == "1-0"
        term.burst("1 0-1", "Enter")
        term.see_flat("Replace result")
        term.press("y")
        term.see_flat("why the change?")
        assert store.load(folder).round(1).board(1).result.text == "1-0"  # not yet
        term.burst(REASON, "Enter")
        term.until(lambda: store.load(folder).round(1).board(1).result.text == "0-1",
                   "the corrected result")
        newest = history.log(folder)[0]
        assert newest.reason == REASON and newest.board == 1 and newest.round == 1

        # L: both changes listed, newest first
        term.press("F3")
        term.header("pairings")
        term.press("L")
        term.see_flat("History of Draft Open", "td: result: round 1, board 1, 0-1",
                      "td: swap two players: round 1")
        screen = term.screen()
        assert screen.index("result: round 1, board 1, 0-1") < \
            screen.index("swap two players: round 1")
        # a filter (b1: the changes naming board 1), Enter: the correction in words
        term.type("b1 0-1")
        term.until(lambda: "swap two players" not in term.screen()
                   and "result: round 1, board 1, 0-1" in term.screen(), "the filter")
        term.press("Enter")
        term.see_flat(f"reason: {REASON}", "round 1 board 1: 1-0 → 0-1")
        term.press("Escape")  # back to the history, its filter and place kept
        term.see_flat("History of Draft Open", "b1 0-1")
        assert "swap two players" not in term.screen()
        term.press("C-u")  # the filter cleared: every entry again
        term.until(lambda: term.flat().count(" td: ") >= 5, "the whole history listed")

        # restore to the pairing, before the swap: a preview naming the changes, y
        term.type("pair the next")
        term.until(lambda: "swap two players" not in term.screen()
                   and "pair the next" in term.screen(), "the pairing's entry alone")
        pairing = next(e for e in history.log(folder)
                       if e.subject.startswith("pair the next"))
        term.press("C-r")
        term.see_flat(f"Restore the event to #{pairing.number}?", "y = restore")
        term.see_flat("round 1 board 1: 0-1 → no result")
        assert store.load(folder).round(1).board(1).result is not None  # a preview
        term.press("y")
        # it changes the published round: asked why, as the correction was
        term.see_flat("The restore changes what players have seen: why?")
        assert store.load(folder).round(1).published  # not yet
        term.burst("back to the draft", "Enter")
        term.until(lambda: _boards(folder) == paired, "the pairing before the swap")
        term.see_flat(f"saved: back to #{pairing.number}")

        ev = store.load(folder)
        assert ev.round(1).board(1).result is None
        assert not ev.round(1).published  # as it was then: a draft
        log = history.log(folder)
        assert log[0].subject.startswith(f"restore to #{pairing.number}")
        assert log[0].number == len(log) and log[0].number > pairing.number  # nothing rewritten
        assert [e.reason for e in log if e.reason] == ["back to the draft", REASON]
        assert any(e.subject.startswith("swap two players: round 1") for e in log)
        # restored to a draft: the players' page is back to what it was before
        assert '"round":1' not in snapshot_bytes(folder).decode()
        term.press("C-q")
    finally:
        kill_session(session)
