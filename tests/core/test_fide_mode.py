"""FIDE mode (issue 34 item 10; docs/FORMAT.md "FIDE mode", core/fide_mode.py): an event
setting of a game FIDE rates; the tie-break list locks once round 1 is paired, every edit
to a published round needs a reason even when rounds publish on pairing, and the TRF's
notes name both."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from conftest import make_event
from swisstui.core import publishing, services, store
from swisstui.core.errors import EventFileError, SwissError
from swisstui.core.interop import trf
from swisstui.core.interop.formats import ExportRequest
from swisstui.core.services import exports, history

SAMPLES = Path(__file__).resolve().parents[2] / "swisstui" / "sample_events"
REFUSED = "in FIDE mode the tie-breaks are locked once round 1 is paired"


def _files(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file() and ".git" not in p.parts}


@pytest.fixture
def chess(tmp_path):
    """The chess sample (4 rounds played), in FIDE mode; rounds publish on pairing."""
    folder = tmp_path / "chess"
    shutil.copytree(SAMPLES / "chess", folder)
    services.change_settings(folder, fide_mode=True)
    return folder


def test_a_game_fide_does_not_rate_refuses_it_naming_the_field(tmp_path):
    go = make_event(tmp_path, game="go")
    before = _files(go)
    with pytest.raises(SwissError) as exc:
        services.change_settings(go, fide_mode=True)
    assert exc.value.field == "fide_mode"
    assert str(exc.value) == ("fide_mode: FIDE mode is for games FIDE rates (chess); this "
                              "event is go")
    assert _files(go) == before
    # a hand-written key: file:line naming it
    text = (go / "event.toml").read_text()
    (go / "event.toml").write_text(text.replace('game = "go"\n', 'game = "go"\nfide_mode = true\n'))
    with pytest.raises(EventFileError, match=r"event\.toml:\d+: fide_mode: FIDE mode is for"):
        store.load(go)


def test_the_setting_is_written_only_when_on_and_read_back(tmp_path):
    folder = make_event(tmp_path)
    assert "fide_mode" not in (folder / "event.toml").read_text()
    services.change_settings(folder, fide_mode=True)
    assert "fide_mode = true" in (folder / "event.toml").read_text()
    assert store.load(folder).settings.fide_mode is True


def test_tiebreaks_are_free_before_round_1_is_paired(tmp_path):
    folder = make_event(tmp_path, fide_mode=True)
    services.change_settings(folder, tiebreaks="BH,SB")
    assert store.load(folder).settings.tiebreaks == ("BH", "SB")


def test_tiebreaks_lock_after_round_1_unless_a_reason_is_given(chess, tmp_path):
    before = _files(chess)
    with pytest.raises(SwissError) as exc:
        services.change_settings(chess, tiebreaks="BH,SB")
    assert exc.value.field == "reason"
    assert str(exc.value) == (f"tiebreaks: {REFUSED}; a change needs a reason (--reason "
                              "\"…\"; in the TUI it is asked)")
    assert _files(chess) == before
    # the unplayed-round rules of the tie-breaks, and turning FIDE mode off, likewise
    with pytest.raises(SwissError, match=f"option tiebreak_rules: {REFUSED}"):
        services.change_settings(chess, options={"tiebreak_rules": "pre2023"})
    with pytest.raises(SwissError, match=f"fide_mode: {REFUSED}"):
        services.change_settings(chess, fide_mode=False)
    assert _files(chess) == before
    # other settings stay free
    services.change_settings(chess, venue="Main hall")
    services.change_settings(chess, tiebreaks="BH,SB", reason="the regulations say BH, SB")
    assert store.load(chess).settings.tiebreaks == ("BH", "SB")
    entry = history.log(chess)[0]
    assert (entry.subject, entry.reason) == ("settings: tiebreaks BH,SB",
                                             "the regulations say BH, SB")
    # without FIDE mode the chain changes freely after round 1, as before
    plain = tmp_path / "plain"
    shutil.copytree(SAMPLES / "chess", plain)
    services.change_settings(plain, tiebreaks="BH,SB")
    assert store.load(plain).settings.tiebreaks == ("BH", "SB")


def test_an_edit_to_a_published_round_needs_a_reason_even_when_rounds_publish_on_pairing(
        chess):
    ev = store.load(chess)
    n = ev.current_round
    assert ev.settings.publish == "auto" and publishing.needs_reason(ev, n)
    played = ev.round(n).board(1)
    other = "0-1" if played.result.text != "0-1" else "1-0"
    with pytest.raises(SwissError, match="needs a reason"):
        services.record_result(chess, n, 1, other, force=True)
    with pytest.raises(SwissError, match="needs a reason"):
        services.clear_result(chess, n, 1)
    b1, b2 = ev.round(n).boards[0], ev.round(n).boards[1]
    with pytest.raises(SwissError, match="needs a reason"):
        services.swap(chess, n, b1.players[0], b2.players[0])
    services.record_result(chess, n, 1, other, force=True, reason="score sheet misread")
    assert store.load(chess).round(n).board(1).result.text == other
    # the same event without FIDE mode keeps today's rules
    plain = replace_settings_off(chess)
    assert not publishing.needs_reason(plain, n)
    # removing the round too (pair --undo): refused without a reason, nothing written
    before = _files(chess)
    with pytest.raises(SwissError, match="needs a reason") as exc:
        services.undo_round(chess, force=True)
    assert exc.value.field == "reason" and _files(chess) == before
    services.undo_round(chess, force=True, reason="round paired with the wrong list")
    assert store.load(chess).current_round == n - 1
    assert history.log(chess)[0].reason == "round paired with the wrong list"


def replace_settings_off(folder: Path):
    from dataclasses import replace
    ev = store.load(folder)
    return replace(ev, settings=replace(ev.settings, fide_mode=False))


def _trf(folder: Path, **kw) -> str:
    return exports.export_folder(folder, ExportRequest("trf", **kw))[0].data.decode()


def test_the_trf_names_tiebreak_changes_and_edits_with_their_reasons(chess):
    plain = _trf(chess)
    assert trf.NOTE_TAG not in plain  # nothing on the record with a reason yet
    ev = store.load(chess)
    n = ev.current_round
    other = "0-1" if ev.round(n).board(1).result.text != "0-1" else "1-0"
    services.change_settings(chess, tiebreaks="BH,SB", reason="the regulations say BH, SB")
    services.record_result(chess, n, 1, other, force=True, reason="score sheet misread")
    text = _trf(chess)
    notes = [line for line in text.split("\r\n") if line.startswith("###")
             and not line.startswith(trf.IDS_TAG)]
    log = {e.reason: e for e in history.log(chess) if e.reason}
    first, second = log["the regulations say BH, SB"], log["score sheet misread"]
    assert notes == [
        f"### swisstui note: {first.time} {first.author}: settings: tiebreaks BH,SB; "
        "reason: the regulations say BH, SB",
        f"### swisstui note: {second.time} {second.author}: result: round {n}, board 1, "
        f"{other}, force; reason: score sheet misread"]
    # our own reader still reads it: the same event as the file without the notes
    without = "\r\n".join(line for line in text.split("\r\n") if line not in notes)
    unused: list = []
    back = trf.read_trf(text, "x.trf", unused=unused)
    assert back == trf.read_trf(without, "x.trf") and unused == []
    assert [p.name for p in back.players] == [p.name for p in trf.read_trf(plain, "x.trf").players]


def test_a_note_is_one_record_and_folds_to_the_encoding():
    from swisstui.core.settings import make_settings
    from swisstui.core.model import Event, Player
    ev = Event(make_settings("chess", "x", 3), (Player(1, "Ana"), Player(2, "Bo")))
    text = trf.write_trf(ev, encoding="ascii", notes=("a\nb  Åström — why",))
    assert text.split("\r\n")[-2] == "### swisstui note: a b Astrom - why"


def test_a_trf_of_an_event_without_fide_mode_has_no_notes(tmp_path):
    folder = tmp_path / "chess"
    shutil.copytree(SAMPLES / "chess", folder)
    ev = store.load(folder)
    n = ev.current_round
    other = "0-1" if ev.round(n).board(1).result.text != "0-1" else "1-0"
    services.record_result(folder, n, 1, other, force=True, reason="score sheet misread")
    assert trf.NOTE_TAG not in _trf(folder)
