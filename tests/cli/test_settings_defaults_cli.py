"""``swisstui new``, ``settings`` and ``pair`` on defaults that depend on the system (issue
31, item 6; the rule: tests/core/test_settings_defaults.py): ``settings --system mcmahon``
brings McMahon's chain; a chain the director gives that is another system's default is kept
and warned about, and ``pair`` warns of it too."""

from __future__ import annotations

from pathlib import Path

from swisstui.cli import main
from swisstui.core import store

SWISS = ("WINS", "SOS", "SOSOS", "SODOS")
MCMAHON = ("MMS", "SOSM", "SOSOSM")
SWISS_IN_MCMAHON = ("tiebreaks WINS, SOS, SOSOS, SODOS is the default of a swiss event, this "
                    "one is mcmahon (its default: MMS, SOSM, SOSOSM)")


def run(capsys, *argv):
    rc = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return rc, out, err


def test_cli_new_settings_and_pair(tmp_path: Path, capsys):
    folder = tmp_path / "go"
    rc, out, err = run(capsys, "new", folder, "--game", "go", "--rounds", 4, "--name", "Go")
    assert rc == 0 and "warning" not in out
    rc, out, err = run(capsys, "settings", folder, "--system", "mcmahon")
    assert rc == 0 and out.splitlines()[0] == "changed: system, tiebreaks"
    assert store.load(folder).settings.tiebreaks == MCMAHON

    other = tmp_path / "mm"
    rc, out, err = run(capsys, "new", other, "--game", "go", "--rounds", 4, "--name", "MM",
                       "--system", "mcmahon", "--tiebreaks", "WINS,SOS,SOSOS,SODOS")
    assert rc == 0 and out.splitlines()[1] == f"warning: {SWISS_IN_MCMAHON}"
    assert store.load(other).settings.tiebreaks == SWISS  # the director's choice, warned
    for i, name in enumerate(("Ana", "Bo", "Cy", "Di")):
        assert run(capsys, "players", "add", other, name, "--rank", f"{i + 1}k")[0] == 0
    rc, out, err = run(capsys, "pair", other)
    assert rc == 0 and f"warning: {SWISS_IN_MCMAHON}" in out.splitlines()
    rc, out, err = run(capsys, "settings", folder, "--tiebreaks", "WINS,SOS,SOSOS,SODOS",
                       "--dry-run")
    assert rc == 0 and out.splitlines()[-1] == f"warning: {SWISS_IN_MCMAHON}"
