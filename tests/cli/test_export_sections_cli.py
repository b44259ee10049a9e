"""``swisstui export`` on an event with sections (issue 33 items 6, 7, 10): a section's
boards by the hall's numbers, the master lists without ``--section``, one TRF per section
with ``-o`` (each path said), refusals in one line with nothing written."""

from __future__ import annotations

import shutil
from pathlib import Path

from swisstui.cli import main
from swisstui.core import services
from swisstui.core.services import sections

SAMPLES = Path(__file__).resolve().parents[2] / "swisstui" / "sample_events"


def run(capsys, *argv):
    rc = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return rc, out, err


def make(tmp_path) -> Path:
    folder = tmp_path / "open"
    shutil.copytree(SAMPLES / "chess", folder)
    u = sections.add_section(folder, "U1600", rounds=3).folder
    with (u / "event.toml").open("a") as f:
        f.write("first_board = 101\n")
    for i, name in enumerate(("Ana", "Bea", "Caio", "Duda")):
        services.add_player(u, name, rating=1500 - i)
    services.pair_next(u)
    return folder


def test_export_with_sections(tmp_path, capsys):
    folder = make(tmp_path)
    rc, out, err = run(capsys, "export", folder, "--section", "U1600", "--format", "text",
                       "--what", "pairings")
    assert rc == 0, err
    assert [ln.split()[0] for ln in out.splitlines()[3:5]] == ["101", "102"]
    rc, out, err = run(capsys, "export", folder, "--format", "csv", "--what", "checkin")
    assert rc == 0, err
    lines = out.splitlines()
    assert lines[0].startswith("Section,No.,Name,Rating,Club,State,Checked in")
    assert len(lines) == 1 + 16 + 4 and sum(ln.startswith("U1600,") for ln in lines) == 4
    rc, out, err = run(capsys, "export", folder, "--format", "text")  # standings
    assert rc == 0, err
    assert out.startswith("== section main ==\n") and "\n== section U1600 ==\n" in out
    before = sorted(p.name for p in tmp_path.iterdir())
    rc, out, err = run(capsys, "export", folder, "--format", "trf")
    assert rc == 1 and err.count("\n") == 1 and "main, U1600" in err and "-o FILE.trf" in err
    rc, out, err = run(capsys, "export", folder, "--format", "trf", "-o", tmp_path / "x.trf")
    assert rc == 0, err
    assert out.splitlines() == [f"section main: wrote {tmp_path / 'x-main.trf'}",
                                f"section U1600: wrote {tmp_path / 'x-U1600.trf'}"]
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(before + ["x-U1600.trf",
                                                                          "x-main.trf"])
    rc, out, err = run(capsys, "export", folder, "--format", "html", "--what", "slips")
    assert rc == 1 and "say which with --section NAME" in err and err.count("\n") == 1


def test_export_section_main_is_one_section(tmp_path, capsys):
    """``--section main`` (the root's folder) exports that section alone: its standings
    and check-in list, not the master lists."""
    folder = make(tmp_path)
    rc, out, err = run(capsys, "export", folder, "--section", "main", "--format", "csv",
                       "--what", "checkin")
    assert rc == 0, err
    lines = out.splitlines()
    assert lines[0].startswith("No.,Name,") and len(lines) == 1 + 16
    rc, out, err = run(capsys, "export", folder, "--section", "main", "--format", "text")
    assert rc == 0 and "== section" not in out and "Ana" not in out
    rc, out, err = run(capsys, "export", folder, "--section", "main", "--format", "trf",
                       "-o", tmp_path / "m.trf")
    assert rc == 0 and out == "" and (tmp_path / "m.trf").exists()
