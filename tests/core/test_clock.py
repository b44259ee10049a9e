"""The round clock (swisstui/core/clock.py, services.clock_*): state from clock.toml."""

from datetime import UTC, datetime, timedelta

import pytest
from conftest import make_event

from swisstui.core import clock, services
from swisstui.core.errors import SwissError

T0 = datetime(2026, 5, 1, 10, 0, tzinfo=UTC)


def test_state_counts_down_and_pauses():
    c = clock.started(3, 60, at=T0)
    assert clock.state(c, T0 + timedelta(minutes=10)).remaining == 50 * 60
    p = clock.paused(c, at=T0 + timedelta(minutes=10))
    st = clock.state(p, T0 + timedelta(minutes=40))
    assert st.paused and st.remaining == 50 * 60 and st.text == "50:00"
    r = clock.resumed(p, at=T0 + timedelta(minutes=40))
    assert r.paused_seconds == 30 * 60
    assert clock.state(r, T0 + timedelta(minutes=45)).remaining == 45 * 60
    e = clock.extended(r, 5)
    assert e.minutes == 65
    late = clock.state(e, T0 + timedelta(hours=3))
    assert late.expired and late.text == "0:00" and late.label.endswith("time is up")
    assert clock.state(clock.started(1, 90, at=T0), T0).text == "1:30:00"


def test_refusals():
    c = clock.started(1, 30, at=T0)
    with pytest.raises(SwissError, match="not paused"):
        clock.resumed(c)
    with pytest.raises(SwissError, match="already paused"):
        clock.paused(clock.paused(c))
    with pytest.raises(SwissError, match="has not been started"):
        clock.paused(None)
    for bad in (0, -5, "x", 100000):
        with pytest.raises(SwissError, match="minutes"):
            clock.started(1, bad)


def test_services_write_clock_toml_and_change_the_fingerprint(tmp_path):
    folder = make_event(tmp_path)
    with pytest.raises(SwissError, match="no round has been paired"):
        services.clock_start(folder, 60)
    assert not (folder / "clock.toml").exists()
    services.pair_next(folder)
    fp = services.fingerprint(folder)
    assert services.clock_state(folder) is None
    st = services.clock_start(folder, 60)
    assert st.round == 1 and 59 * 60 < st.remaining <= 3600 and not st.paused
    assert services.fingerprint(folder) != fp
    text = (folder / "clock.toml").read_text()
    assert "round = 1" in text and "minutes = 60.0" in text and "started = " in text
    assert services.clock_pause(folder).paused
    with pytest.raises(SwissError, match="already paused"):
        services.clock_pause(folder)
    assert (folder / "clock.toml").read_text() == services_text(folder)
    assert services.clock_extend(folder, 5).minutes == 65
    st = services.clock_resume(folder)
    assert not st.paused and st.remaining > 64 * 60
    assert services.clock_state(folder).minutes == 65
    services.load(folder)  # the event still loads with clock.toml beside it
    assert services.check(folder) == []


def services_text(folder):
    return (folder / "clock.toml").read_text()


def test_damaged_clock_file_is_one_line(tmp_path):
    folder = make_event(tmp_path)
    (folder / "clock.toml").write_text("round = \n")
    with pytest.raises(SwissError, match="clock.toml:1: invalid TOML"):
        services.clock_state(folder)


def test_the_venue_server_is_not_stopped_by_a_named_pipe(tmp_path):
    """Issue 31, item 10: a FIFO in place of clock.toml hung `clock show` and the whole
    `serve` (its snapshot reads the clock).  Now the page carries the one-line refusal.  In
    a process of its own with a timeout, so the test fails rather than hangs."""
    import json
    import os
    import subprocess
    import sys
    folder = make_event(tmp_path)
    services.pair_next(folder)
    os.mkfifo(folder / "clock.toml")
    code = ("import sys; from swisstui.web.snapshot import snapshot_bytes; "
            "sys.stdout.write(snapshot_bytes(sys.argv[1]).decode())")
    try:
        p = subprocess.run([sys.executable, "-c", code, str(folder)], capture_output=True,
                           text=True, timeout=60, env={**os.environ, "LANGUAGE": "en"})
    except subprocess.TimeoutExpired:
        raise AssertionError("the snapshot hung on clock.toml") from None
    assert p.returncode == 0, p.stderr
    assert json.loads(p.stdout) == {
        "error": f"{folder / 'clock.toml'}: is a named pipe, not a regular file"}


def test_a_deep_clock_file_is_one_line(tmp_path):
    folder = make_event(tmp_path)
    (folder / "clock.toml").write_text("round = " + "[" * 3000 + "]" * 3000 + "\n")
    with pytest.raises(SwissError) as err:
        services.clock_state(folder)
    assert str(err.value) == (f"{folder / 'clock.toml'}:1: invalid TOML: arrays or tables "
                              f"nested more than 32 deep")


def test_the_format_doc_example_reads(tmp_path):
    import re
    from pathlib import Path
    doc = (Path(__file__).resolve().parents[2] / "docs" / "FORMAT.md").read_text()
    (block,) = [b for b in re.findall(r"```toml\n(.*?)```", doc, re.S)
                if b.startswith("# go-open/clock.toml")]
    (tmp_path / "clock.toml").write_text(block)
    c = clock.read(tmp_path)
    assert (c.round, c.minutes, c.paused_seconds) == (3, 65.0, 120.0)
    assert c.paused_at == datetime(2026, 5, 1, 10, 41, 7, tzinfo=UTC)
    st = clock.state(c)
    assert st.paused and st.remaining == 65 * 60 - (41 * 60 + 7 - 120)
