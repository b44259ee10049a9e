from conftest import make_event

from swisstui.cli import main


def test_clock_command(tmp_path, capsys):
    folder = str(make_event(tmp_path))
    assert main(["pair", folder]) == 0
    capsys.readouterr()
    assert main(["clock", folder, "show"]) == 0
    assert "no round clock" in capsys.readouterr().out
    assert main(["clock", folder, "start"]) == 1
    assert "give the minutes" in capsys.readouterr().err
    assert main(["clock", folder, "start", "60"]) == 0
    assert capsys.readouterr().out.startswith("Round 1 · ")
    assert main(["clock", folder, "pause"]) == 0
    assert capsys.readouterr().out.strip().endswith("(paused)")
    assert main(["clock", folder, "extend", "5"]) == 0
    assert main(["clock", folder, "resume"]) == 0
    assert main(["clock", folder, "resume"]) == 1
    assert "not paused" in capsys.readouterr().err
    assert main(["clock", folder, "show"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Round 1 · 1:04:") or out.startswith("Round 1 · 1:05:00"), out


# ---- issue 31, item 10: clock.toml is read like the event's own files --------------------

def _show(folder) -> tuple[int, str, str]:
    """``swisstui clock EVENT show`` in a process of its own, with a timeout: a reader that
    waits on a named pipe fails the test instead of hanging it."""
    import subprocess
    import sys
    try:
        p = subprocess.run([sys.executable, "-m", "swisstui", "clock", str(folder), "show"],
                           capture_output=True, text=True, timeout=60,
                           env={**__import__("os").environ, "LANGUAGE": "en"})
    except subprocess.TimeoutExpired:
        raise AssertionError("clock show hung on clock.toml") from None
    return p.returncode, p.stdout, p.stderr


def test_clock_show_refuses_a_named_pipe_in_one_line(tmp_path):
    import os
    folder = make_event(tmp_path)
    assert main(["pair", str(folder)]) == 0
    os.mkfifo(folder / "clock.toml")
    rc, out, err = _show(folder)
    assert rc == 1, (out, err)
    assert err == f"swisstui: {folder / 'clock.toml'}: is a named pipe, not a regular file\n"
    assert out == ""


def test_clock_show_refuses_deep_nesting_in_one_line(tmp_path, capsys):
    folder = make_event(tmp_path)
    assert main(["pair", str(folder)]) == 0
    capsys.readouterr()
    (folder / "clock.toml").write_text("round = 1\nminutes = 60.0\n"
                                       "started = 2026-05-01T10:00:00Z\n"
                                       "deep = " + "[" * 5000 + "]" * 5000 + "\n")
    assert main(["clock", str(folder), "show"]) == 1
    err = capsys.readouterr().err
    assert err == (f"swisstui: {folder / 'clock.toml'}:4: invalid TOML: arrays or tables "
                   f"nested more than 32 deep\n"), err


def test_clock_show_refuses_values_out_of_range_in_one_line(tmp_path, capsys):
    folder = make_event(tmp_path)
    assert main(["pair", str(folder)]) == 0
    for body, where in (("round = 1\nminutes = 1e308\nstarted = 2026-05-01T10:00:00Z\n",
                         ":2: minutes: more than 0 and at most 1440"),
                        ("round = true\nminutes = 60.0\nstarted = 2026-05-01T10:00:00Z\n",
                         ":1: 'round' must be an integer"),
                        ("round = 1\nminutes = 60.0\n", ": top level: missing key 'started'")):
        (folder / "clock.toml").write_text(body)
        capsys.readouterr()
        assert main(["clock", str(folder), "show"]) == 1
        err = capsys.readouterr().err
        assert err.startswith(f"swisstui: {folder / 'clock.toml'}{where}"), err
        assert err.count("\n") == 1
