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


def wait(cond: Callable[[], object], timeout: float = 20.0) -> bool:
    """True as soon as ``cond()`` holds, polling every 0.1 s for ``timeout`` seconds."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if cond():
            return True
        time.sleep(0.1)
    return bool(cond())
