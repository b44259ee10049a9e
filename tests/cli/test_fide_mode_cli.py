"""FIDE mode from the command line (issue 34 item 10): ``settings --fide-mode``, the locked
tie-breaks refused in one line unless ``--reason`` is given, the TRF's notes."""

from __future__ import annotations

import shutil
from pathlib import Path

from conftest import make_event
from swisstui.cli import main
from swisstui.core import store
from swisstui.core.services import history

SAMPLES = Path(__file__).resolve().parents[2] / "swisstui" / "sample_events"


def _chess(tmp_path: Path) -> Path:
    folder = tmp_path / "chess"
    shutil.copytree(SAMPLES / "chess", folder)
    return folder


def test_fide_mode_is_refused_for_go_in_one_line(tmp_path, capsys):
    go = make_event(tmp_path, game="go")
    before = (go / "event.toml").read_bytes()
    assert main(["settings", str(go), "--fide-mode"]) == 1
    err = capsys.readouterr().err
    assert err == ("swisstui: fide_mode: FIDE mode is for games FIDE rates (chess); this event "
                   "is go\n")
    assert (go / "event.toml").read_bytes() == before


def test_locked_tiebreaks_need_a_reason_and_the_trf_names_it(tmp_path, capsys):
    folder = _chess(tmp_path)
    assert main(["settings", str(folder), "--fide-mode"]) == 0
    assert "changed: fide_mode" in capsys.readouterr().out
    before = (folder / "event.toml").read_bytes()
    assert main(["settings", str(folder), "--tiebreaks", "BH,SB"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "tiebreaks: in FIDE mode the tie-breaks are locked" in err
    assert (folder / "event.toml").read_bytes() == before
    assert main(["settings", str(folder), "--tiebreaks", "BH,SB", "--reason",
                 "misprint in the regulations"]) == 0
    assert store.load(folder).settings.tiebreaks == ("BH", "SB")
    assert history.log(folder)[0].reason == "misprint in the regulations"
    out = tmp_path / "chess.trf"
    assert main(["export", str(folder), "--format", "trf", "-o", str(out)]) == 0
    notes = [line for line in out.read_text().splitlines() if line.startswith("### swisstui note:")]
    assert len(notes) == 1
    assert notes[0].endswith(": settings: tiebreaks BH,SB; reason: misprint in the regulations")
    # our own reader takes the file back
    assert main(["import", str(out), "--format", "trf", str(tmp_path / "back")]) == 0
    assert len(store.load(tmp_path / "back").players) == len(store.load(folder).players)


def test_pair_undo_of_a_published_round_needs_a_reason(tmp_path, capsys):
    """``pair --undo --force`` deleted a published round and its results with no reason;
    now it is refused in one line, nothing written, until ``--reason`` is given (kept in
    the history)."""
    folder = tmp_path / "fm"
    assert main(["new", str(folder), "--game", "chess", "--fide-mode"]) == 0
    for name in ("Ann", "Bob", "Cid", "Dan"):
        assert main(["players", "add", str(folder), name]) == 0
    assert main(["pair", str(folder)]) == 0
    assert main(["result", str(folder), "1", "1", "1-0"]) == 0
    capsys.readouterr()
    files = {p: p.read_bytes() for p in folder.rglob("*") if p.is_file()}
    assert main(["pair", str(folder), "--undo", "--force"]) == 1
    err = capsys.readouterr().err
    assert err == ("swisstui: round 1 is published: a change to it needs a reason (--reason "
                   "\"…\"; in the TUI it is asked)\n")
    assert {p: p.read_bytes() for p in folder.rglob("*") if p.is_file()} == files
    assert main(["pair", str(folder), "--undo", "--force", "--reason",
                 "paired before the last arrivals"]) == 0
    assert "removed round 1" in capsys.readouterr().out
    assert store.load(folder).rounds == ()
    entry = history.log(folder)[0]
    assert (entry.subject, entry.reason) == ("undo the last round: force",
                                             "paired before the last arrivals")
