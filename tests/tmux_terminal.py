"""The end-to-end tests' terminal: the real ``swisstui`` console script in a tmux session
(``send-keys`` to type, ``capture-pane`` to read the screen)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

TMUX = shutil.which("tmux")
SCRIPT = Path(sys.executable).parent / "swisstui"
# a tmux server of this test process's own (tmux -L): with the default socket the test
# processes of ``-n auto`` shared one server, and a session started while another process's
# last session closed it failed with "server exited unexpectedly" (once, in a CI run)
SOCKET = f"swisstui-tests-{os.getpid()}"


def _run(args: tuple[str, ...]) -> subprocess.CompletedProcess:
    assert TMUX is not None
    return subprocess.run([TMUX, "-L", SOCKET, *args], capture_output=True, text=True)


def tmux(*args: str) -> str:
    """Run a tmux command on this process's server; its output.  A server still exiting
    after this process's previous session closed is waited out (a few tries)."""
    for _try in range(5):
        done = _run(args)
        if "server exited unexpectedly" not in done.stderr:
            break
        time.sleep(0.2)
    done.check_returncode()
    return done.stdout


def has_session(session: str) -> bool:
    return _run(("has-session", "-t", session)).returncode == 0


def kill_session(session: str) -> None:
    if has_session(session):
        _run(("kill-session", "-t", session))


# Generous: a loaded CI box (2 cores, 8 test runs) can take seconds to draw a screen; a wait
# returns as soon as its state is there, so a long limit costs nothing when all is well.
TIMEOUT = 45.0


def wait(cond: Callable[[], object], timeout: float = TIMEOUT) -> bool:
    """True as soon as ``cond()`` holds, polling every 0.05 s for ``timeout`` seconds.  The
    end-to-end tests wait for a state (text on the screen, a result on disk) after each step
    instead of sleeping a fixed time: keys typed before the screen has taken the previous
    ones were lost under load (a key right after ctrl+u, a result typed while Results was
    still being drawn)."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if cond():
            return True
        time.sleep(0.05)
    return bool(cond())
