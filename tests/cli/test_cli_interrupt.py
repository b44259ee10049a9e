"""Ctrl-C at any moment (QA issue 16, item 7): the console entry (swisstui.launch) exits 130
with one line and no traceback, and a write is either done or not done.

The process starts with SIGINT blocked, as a signal sent during the interpreter's own
start-up (before the first line of swisstui runs, which no program can handle) would be:
launch.py unblocks it as soon as its handler is in place, so a SIGINT at any instant from
t = 0 reaches swisstui's handler."""

from __future__ import annotations

import random
import signal
import subprocess
import sys
import time

from conftest import make_event
from swisstui.core import store
from swisstui.launch import INTERRUPTED

ENTRY = "from swisstui.launch import run; run()"


def _interrupt(argv, delay):
    p = subprocess.Popen([sys.executable, "-c", ENTRY, *argv], stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE,
                         preexec_fn=lambda: signal.pthread_sigmask(signal.SIG_BLOCK,
                                                                   {signal.SIGINT}))
    time.sleep(delay)
    p.send_signal(signal.SIGINT)
    out, err = p.communicate(timeout=60)
    return p.returncode, out.decode(), err.decode()


def test_ctrl_c_at_any_moment_of_a_reader(tmp_path):
    folder = make_event(tmp_path, "chess", 8)
    rng = random.Random(7)
    codes = []
    for k in range(10):
        rc, out, err = _interrupt(["standings", str(folder)], 0.0 if k == 0 else
                                  rng.uniform(0, 0.4))
        assert "Traceback" not in err and "Exception" not in err, err
        assert rc in (0, 130), (rc, err)
        if rc == 130:
            assert err == INTERRUPTED.decode()
        codes.append(rc)
    assert 130 in codes  # early interrupts did land


def test_ctrl_c_at_any_moment_of_a_writer(tmp_path):
    folder = make_event(tmp_path, "chess", 8)
    rng = random.Random(8)
    count = len(store.load(folder).players)
    for k in range(10):
        rc, out, err = _interrupt(["players", "add", str(folder), f"Late {k}"],
                                  0.0 if k == 0 else rng.uniform(0, 0.5))
        assert "Traceback" not in err and "Exception" not in err, err
        assert rc in (0, 130), (rc, err)
        after = len(store.load(folder).players)
        assert after - count in ((1,) if rc == 0 else (0, 1))  # done or not done
        count = after
        assert store.check(folder) == []
