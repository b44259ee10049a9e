"""A draft round is kept out of ``export`` (issue 34 item 7): asked for by its number it is
refused in one line, nothing written; "the current round" is the published one."""

from __future__ import annotations

import shutil
from pathlib import Path

from swisstui.cli import main
from swisstui.core import services

SAMPLES = Path(__file__).resolve().parents[2] / "swisstui" / "sample_events"


def test_export_of_a_draft_round_is_refused_and_writes_nothing(tmp_path, capsys):
    folder = tmp_path / "chess"
    shutil.copytree(SAMPLES / "chess", folder)
    services.undo_round(folder, force=True)
    services.change_settings(folder, publish="manual")
    services.pair_next(folder)
    out = tmp_path / "slips.html"
    assert main(["export", str(folder), "--format", "html", "--what", "slips", "--round", "4",
                 "-o", str(out)]) == 1
    assert capsys.readouterr().err == ("swisstui: round 4 is a draft: publish it first "
                                       "(swisstui publish EVENT)\n")
    assert not out.exists()
    assert main(["export", str(folder), "--format", "text", "--what", "pairings"]) == 0
    assert "Pairings round 3" in capsys.readouterr().out
