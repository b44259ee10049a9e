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
