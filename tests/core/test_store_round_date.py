"""The date a round was paired (issue 32 item 13): ``date`` in rounds/NN.toml, set by the
pairing service (today, or ``date=``), read into ``Round.date``; old folders without it read
and write unchanged.  And ``[interop.trf]``: another program's records kept verbatim in
event.toml."""

from __future__ import annotations

import datetime
import shutil
from dataclasses import replace
from pathlib import Path

import pytest

from conftest import make_event

from swisstui.core import services, store
from swisstui.core.errors import EventFileError, SwissError

SAMPLES = Path(__file__).resolve().parents[2] / "swisstui" / "sample_events"


def test_pairing_saves_todays_date_or_the_date_given(tmp_path):
    folder = make_event(tmp_path, "chess", 6)
    today = datetime.date.today().isoformat()
    assert services.preview_pairing(store.load(folder)).round.date == today  # as it is saved
    out = services.pair_next(folder)
    assert out.event.round(1).date == today and out.pairing.round.date == today
    text = (folder / "rounds" / "01.toml").read_text(encoding="utf-8")
    assert text.splitlines()[1:3] == ["round = 1", f'date = "{today}"']
    assert store.load(folder).round(1).date == today
    services.undo_round(folder)
    services.pair_next(folder, date="2026-11-28")
    assert 'date = "2026-11-28"' in (folder / "rounds" / "01.toml").read_text()
    assert store.load(folder).round(1).date == "2026-11-28"
    # the explanation of a board paired in this session still comes from that pairing
    assert services.explain(store.load(folder), 1, 1, last=out.pairing)


@pytest.mark.parametrize("text", ["28.11.2026", "2026-11-31", "2026-1-5", "today"])
def test_a_date_that_is_not_iso_is_refused_and_nothing_written(tmp_path, text):
    folder = make_event(tmp_path, "chess", 6)
    before = {p: p.read_bytes() for p in folder.rglob("*.toml")}
    with pytest.raises(SwissError) as info:
        services.pair_next(folder, date=text)
    assert info.value.field == "date" and repr(text) in str(info.value)
    assert {p: p.read_bytes() for p in folder.rglob("*.toml")} == before


@pytest.mark.parametrize("game", ["chess", "go"])
def test_an_old_folder_reads_and_rewrites_without_a_date(tmp_path, game):
    folder = tmp_path / game
    shutil.copytree(SAMPLES / game, folder)
    ev = store.load(folder)
    assert ev.rounds and all(r.date is None for r in ev.rounds)
    last = ev.rounds[-1]
    board = next(b for b in last.boards if b.result is not None)
    name = f"{last.number:02d}.toml"
    before = (SAMPLES / game / "rounds" / name).read_bytes()

    def change(e):  # a correction: the round file is written again, the round not re-paired
        rnd = e.round(last.number)
        return e.with_round(replace(rnd, boards=tuple(
            replace(b, result=None) if b.number == board.number else b for b in rnd.boards)))

    store.update(folder, change)
    after = (folder / "rounds" / name).read_bytes()
    assert after != before and b"date" not in after
    store.update(folder, lambda e: e.with_round(last))  # the result back: the same bytes
    assert (folder / "rounds" / name).read_bytes() == before
    for path in (SAMPLES / game).rglob("*.toml"):
        assert (folder / path.relative_to(SAMPLES / game)).read_bytes() == path.read_bytes()


def test_round_file_date_forms_and_refusals(tmp_path):
    folder = make_event(tmp_path, "chess", 4)
    services.pair_next(folder, date="2026-11-28")
    path = folder / "rounds" / "01.toml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace('date = "2026-11-28"', "date = 2026-11-29"), encoding="utf-8")
    assert store.load(folder).round(1).date == "2026-11-29"  # a TOML date is taken too
    for bad in ('"29/11/2026"', '"2026-02-30"', "2026-11-29T10:00:00", "20261129"):
        path.write_text(text.replace('"2026-11-28"', bad), encoding="utf-8")
        with pytest.raises(EventFileError) as info:
            store.load(folder)
        assert info.value.line == 3 and "'date' must be a date like 2026-11-28" in str(
            info.value), str(info.value)


def test_interop_records_round_trip_and_are_checked(tmp_path):
    folder = make_event(tmp_path, "chess", 4)
    kept = {"trf": {"header": ("250    1.0 001 002    1    2", 'x "quoted" \\ \t tab'),
                    "after": ("DAT 0001 EMAIL a@example.org",)}}
    store.update(folder, lambda e: replace(e, settings=replace(e.settings, interop=kept)))
    toml = (folder / "event.toml").read_text(encoding="utf-8")
    assert toml.endswith('[interop.trf]\nheader = [\n    "250    1.0 001 002    1    2",\n'
                         '    "x \\"quoted\\" \\\\ \t tab",\n]\nafter = [\n'
                         '    "DAT 0001 EMAIL a@example.org",\n]\n')
    assert store.load(folder).settings.interop == kept
    for bad, msg in (('header = ["a\\nb"]', "one line of the file"),
                     ("header = [1]", "must be a list of strings"),
                     ('other = ["x"]', "unknown key 'other'")):
        (folder / "event.toml").write_text(toml.split("[interop.trf]")[0]
                                           + "[interop.trf]\n" + bad + "\n", encoding="utf-8")
        with pytest.raises(EventFileError) as info:
            store.load(folder)
        assert msg in str(info.value) and info.value.line is not None, str(info.value)
    (folder / "event.toml").write_text(toml.split("[interop.trf]")[0]
                                       + '[interop.h9]\nheader = ["x"]\n', encoding="utf-8")
    with pytest.raises(EventFileError, match="unknown key 'h9'"):
        store.load(folder)


def test_the_format_docs_interop_example_loads(tmp_path):
    import re
    doc = (Path(__file__).resolve().parents[2] / "docs" / "FORMAT.md").read_text("utf-8")
    (block,) = [b for b in re.findall(r"```toml\n(.*?)```", doc, re.S)
                if b.startswith("# lisboa-open/event.toml")]
    folder = make_event(tmp_path, "chess", 4)
    (folder / "event.toml").write_text(block, encoding="utf-8")
    assert store.load(folder).settings.interop == {"trf": {
        "header": ("112 FA Costa, Rui", "250    1.0 001 002    1    2"),
        "after": ("DAT 0001 EMAIL ana@example.org",)}}
