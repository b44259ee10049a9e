"""The venue server in a real browser (headless Chromium; skipped with a reason without it):
served with ``--host 0.0.0.0`` and opened at 127.0.0.1, the projector page connects its
websocket (the bug: it used to dial 0.0.0.0).  (The players' page keeps an event stream
open, which headless Chromium's --dump-dom never waits past; its feed is tested with an
HTTP client in tests/web.)"""

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
from conftest import make_event

from swisstui.core import services

CHROMIUM = "/usr/bin/chromium"
pytestmark = pytest.mark.skipif(not Path(CHROMIUM).exists(),
                                reason=f"{CHROMIUM} is missing (apt-get install chromium)")


def _port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def served(tmp_path):
    folder = make_event(tmp_path, "go", 8)
    services.pair_next(folder)
    port = _port()
    proc = subprocess.Popen([sys.executable, "-m", "swisstui", "serve", str(folder), "--host",
                             "0.0.0.0", "--port", str(port), "--cycle", "0"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            start_new_session=True)
    try:
        deadline = time.time() + 30
        while time.time() < deadline:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
                break
            except OSError:
                time.sleep(0.2)
        yield folder, f"http://127.0.0.1:{port}"
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(10)


def dom(url: str, tmp_path: Path, wait_ms: int = 8000) -> str:
    out = subprocess.run([CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu",
                          "--disable-background-networking", "--disable-component-update",
                          "--disable-sync", "--no-first-run",
                          f"--user-data-dir={tmp_path / 'profile'}",
                          f"--virtual-time-budget={wait_ms}", "--dump-dom", url],
                         capture_output=True, text=True, timeout=120)
    return out.stdout


def test_projector_page_connects_at_the_address_the_browser_used(served, tmp_path):
    folder, base = served
    port = base.rsplit(":", 1)[1]
    for _attempt in range(3):  # (a loaded box — the whole suite on 2 cores — may need
        # longer than the virtual time budget for the server to start the app: once, in
        # a clean-clone CI run, the page had not connected yet)
        html = dom(f"{base}/", tmp_path, wait_ms=15000)
        # the address typed, not the one bound (0.0.0.0 reaches nothing from a phone)
        assert f'data-session-websocket-url="ws://127.0.0.1:{port}/ws"' in html
        if "-connected" in html:
            break
    assert "-connected" in html  # textual.js opened it
