"""The end-to-end tests' terminal: the real ``swisstui`` console script in a tmux session
(``send-keys`` to type, ``capture-pane`` to read the screen)."""

from __future__ import annotations

import shutil
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

TMUX = shutil.which("tmux")
SCRIPT = Path(sys.executable).parent / "swisstui"


def tmux(*args: str) -> str:
    assert TMUX is not None
    return subprocess.run([TMUX, *args], check=True, capture_output=True, text=True).stdout


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
