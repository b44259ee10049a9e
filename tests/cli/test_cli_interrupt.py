"""Ctrl-C at any moment (QA issue 16, item 7): the console entry (swisstui.launch) exits 130
with one line and no traceback, and a write is either done or not done.

The process starts with SIGINT blocked, as a signal sent during the interpreter's own
start-up (before the first line of swisstui runs, which no program can handle) would be:
launch.py unblocks it as soon as its handler is in place, so a SIGINT at any instant from
t = 0 reaches swisstui's handler."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from conftest import make_event

import swisstui
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


# ---- start-up (issue 31, item 12) ------------------------------------------------------------
# A real Ctrl-C is not held back: until launch.py's handler is in place, Python's own handler
# turns it into a KeyboardInterrupt traceback.  What runs before that line is the interpreter's
# start-up (site and the venv's .pth files) and swisstui/__init__.py: the installed command is
# bin/swisstui, whose first import is the handler (pip's generated console script imported `re`
# first); tests/bench/interrupt_window.py measures it.

SAMPLE = Path(swisstui.__file__).parent / "sample_events" / "chess"
CONSOLE_SCRIPT = Path(sys.executable).parent / "swisstui"


def _imports_before(argv: list[str], module: str) -> list[str]:
    """The modules ``argv`` imports before ``module`` is imported (``-X importtime``, which
    lists a module once its import ends: children before parents)."""
    env = dict(os.environ, PYTHONPROFILEIMPORTTIME="1")
    proc = subprocess.run(argv, capture_output=True, text=True, env=env, timeout=120)
    names = [line.split("|")[-1].strip() for line in proc.stderr.splitlines()
             if line.startswith("import time:") and "|" in line]
    assert module in names, proc.stderr[-2000:]
    return names[:names.index(module)]


def test_the_console_script_imports_nothing_of_its_own_before_the_handler():
    """Before swisstui.launch installs its handler, the installed command imports only what
    a bare interpreter with site imports and setuptools' distutils shim: not `re` (pip's
    generated console script imported it first; bin/swisstui is installed instead), no
    editable-install finder (which imported pathlib, urllib, ipaddress …:
    30-40 ms during which Ctrl-C gave a traceback; the README installs in compat mode, a
    plain path in a .pth) and nothing of swisstui but its trivial __init__."""
    if not CONSOLE_SCRIPT.exists():
        pytest.skip(f"no console script at {CONSOLE_SCRIPT} (not a pip-installed venv)")
    before = _imports_before([str(CONSOLE_SCRIPT), "check", str(SAMPLE)], "swisstui.launch")
    baseline = set(_imports_before([sys.executable, "-S", "-c", "import site, sys; "
                                    "import swisstui.launch"], "swisstui.launch"))
    extra = set(before) - baseline - {"_distutils_hack", "sitecustomize", "usercustomize"}
    assert extra == set(), (f"imported before the Ctrl-C handler: {sorted(extra)} "
                            f"(reinstall as the README says?)")


def _python_m(delay: float) -> tuple[int, str]:
    p = subprocess.Popen([sys.executable, "-m", "swisstui", "check", str(SAMPLE)],
                         stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                         stderr=subprocess.PIPE)
    time.sleep(delay)
    p.send_signal(signal.SIGINT)
    _, err = p.communicate(timeout=60)
    return p.returncode, err.decode()


def test_python_m_swisstui_takes_ctrl_c_while_it_imports_the_command_line():
    """``python -m swisstui`` imported the whole command line (swisstui.cli: 0.1-0.5 s)
    before any handler: a Ctrl-C then printed a KeyboardInterrupt traceback.  It goes
    through launch.py now: past the interpreter's start-up, every Ctrl-C exits 130 with the
    one line, or the command had already finished.  The delays start at twice the time
    this machine takes now to reach the handler (so a loaded machine does not put them in
    the interpreter's start-up) and span the command line's import."""
    reach = []
    for _ in range(3):
        t = time.perf_counter()
        subprocess.run([sys.executable, "-c", "import re, swisstui.launch"], check=True)
        reach.append(time.perf_counter() - t)
    base = 2 * max(reach)
    for delay in (0.0, 0.05, 0.1, 0.15, 0.25, 0.4):
        rc, err = _python_m(base + delay)
        assert "Traceback" not in err and "KeyboardInterrupt" not in err, (base, delay, err)
        assert (rc, err) in ((130, INTERRUPTED.decode()), (0, "")), (base, delay, rc, err)


# ---- a reader that leaves early ---------------------------------------------------------------

@pytest.mark.parametrize("argv", [["desk", "{ev}"], ["fees", "{ev}"], ["players", "list", "{ev}"],
                                  ["standings", "{ev}"], ["crosstable", "{ev}"],
                                  ["sections", "{ev}"], ["check", "{ev}"]])
def test_a_reader_that_leaves_early_gets_no_traceback(tmp_path, argv):
    """``swisstui desk EVENT | head -1`` printed a BrokenPipeError traceback (the desk's
    printer had no guard of its own): any command whose reader leaves exits quietly."""
    import shutil
    if not CONSOLE_SCRIPT.exists():
        pytest.skip(f"no console script at {CONSOLE_SCRIPT} (not a pip-installed venv)")
    ev = tmp_path / "ev"
    shutil.copytree(SAMPLE, ev)
    cmd = [str(CONSOLE_SCRIPT), *(a.format(ev=ev) for a in argv)]
    for _ in range(3):  # the reader must leave while the command still prints
        r, w = os.pipe()
        p = subprocess.Popen(cmd, stdout=w, stderr=subprocess.PIPE)
        os.close(w)
        os.read(r, 1)
        os.close(r)
        _, err = p.communicate(timeout=60)
        assert b"Traceback" not in err, err.decode()
