"""End to end: the real ``swisstui`` console script in tmux at 80×24.  A director types a
round's results with send-keys; the round file on disk and the screen (capture-pane) show
them."""

from __future__ import annotations

import os

import pytest

from tmux_terminal import SCRIPT, TMUX, has_session, kill_session
from tmux_terminal import tmux as _tmux
from tmux_terminal import wait as _wait

from conftest import make_event
from swisstui.core import store
from swisstui.core.model import Board, Round

pytestmark = pytest.mark.e2e



def _pane(session: str) -> str:
    return _tmux("capture-pane", "-p", "-t", session)


@pytest.mark.skipif(TMUX is None, reason="tmux is not installed")
@pytest.mark.skipif(not SCRIPT.exists(), reason=f"console script {SCRIPT} not installed")
def test_director_types_a_round_in_tmux(tmp_path):
    folder = make_event(tmp_path, n_players=6, rounds=3, name="Tmux Open")
    store.update(folder, lambda ev: ev.with_round(
        Round(1, (Board(1, (1, 4)), Board(2, (5, 2)), Board(3, (3, 6))))))
    session = f"swisstui-e2e-{os.getpid()}"
    env_cmd = f"cd {tmp_path} && TERM=xterm-256color exec {SCRIPT} {folder}"
    _tmux("new-session", "-d", "-s", session, "-x", "80", "-y", "24", env_cmd)
    try:
        assert _wait(lambda: "Tmux Open" in _pane(session)), _pane(session)
        assert "3 missing" in _pane(session)
        assert _pane(session).splitlines()[0].strip().startswith("RESULTS · Tmux Open")
        def missing() -> int:
            rnd = store.load(folder).round(1)
            assert rnd is not None
            return rnd.missing_results()

        # the last one goes to the cursor board (3); each is on disk before the next is
        # typed (a wait for the state, not a fixed sleep)
        for left, keys in ((2, "1 1-0"), (1, "2 ="), (0, "0-1")):
            _tmux("send-keys", "-t", session, "-l", keys)
            _tmux("send-keys", "-t", session, "Enter")
            assert _wait(lambda n=left: missing() == n), _pane(session)
        rnd = store.load(folder).round(1)
        assert [b.result.text for b in rnd.boards] == ["1-0", "1/2-1/2", "0-1"]
        text = (folder / "rounds" / sorted(os.listdir(folder / "rounds"))[0]).read_text()
        assert '"1-0"' in text and '"0-1"' in text
        assert _wait(lambda: "round complete" in _pane(session)), _pane(session)
        screen = _pane(session)
        assert "all results in" in screen.splitlines()[0]
        assert "1/2-1/2" in screen
        # a refused entry: message in the game's terms, nothing written
        _tmux("send-keys", "-t", session, "-l", "2 9-9")
        _tmux("send-keys", "-t", session, "Enter")
        assert _wait(lambda: "not understood" in _pane(session)), _pane(session)
        assert [b.result.text for b in store.load(folder).round(1).boards] == [
            "1-0", "1/2-1/2", "0-1"]
        # PuTTY's default function keys (ESC [12~ = F2, ESC [15~ = F5) switch modes
        _tmux("send-keys", "-t", session, "-l", "\x1b[12~")
        assert _wait(lambda: "REGISTRATION" in _pane(session).splitlines()[0]), _pane(session)
        _tmux("send-keys", "-t", session, "-l", "\x1b[15~")
        assert _wait(lambda: "STANDINGS" in _pane(session).splitlines()[0]), _pane(session)
        _tmux("send-keys", "-t", session, "C-q")
        assert _wait(lambda: not has_session(session), 5)  # ctrl+q quits
    finally:
        kill_session(session)


