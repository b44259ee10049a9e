"""F8 export with the TRF encoding chosen from the keyboard (issue 13): the file written is
byte for byte the CLI's ``export --format trf --encoding latin-1 -o FILE``."""

from __future__ import annotations

from textual.widgets import Input, OptionList, Static

from conftest import make_event
from swisstui.cli import main
from swisstui.core import services, store
from swisstui.core.interop.formats import FORMATS
from swisstui.tui import backend
from swisstui.tui.app import SwissApp
from swisstui.tui.screens.exports import EncodingPicker, encodings, export_choices

from test_tui import SIZE, status, type_text

NAMES = ("Łukasz Dvořák", "José Müller", "김민준")


def _event(tmp_path):
    folder = make_event(tmp_path, n_players=3, name="Wrocław Open")
    for k, name in enumerate(NAMES):
        backend.add_player(folder, name=name, rating=2100 - 10 * k)
    backend.pair_next(folder)
    ev = store.load(folder)
    for b in ev.round(1).boards:
        backend.record_result(folder, 1, b.number, "1-0")
    return folder


def _title(app) -> str:
    return str(app.screen.query_one(".dialog-title", Static).render())


def test_only_trf_takes_an_encoding():
    assert encodings("trf") == ("utf-8", "latin-1", "ascii")
    assert FORMATS["trf"].encodings[0] == "utf-8"  # the default first
    assert all(encodings(name) == () for name in FORMATS if name != "trf")  # h9: ISO 8859-15
    assert encodings("nonsense") == ()


async def test_trf_latin1_from_f8_is_the_clis_file(tmp_path, monkeypatch):
    folder = _event(tmp_path)
    monkeypatch.chdir(tmp_path)  # the director types a path relative to where he started
    trf_row = [(f, w) for f, w, _ in export_choices()].index(("trf", "event"))
    app = SwissApp(folder, mode="standings")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f8")
        await pilot.pause()
        await pilot.press(*["down"] * trf_row, "enter")
        await pilot.pause()
        assert isinstance(app.screen, EncodingPicker)
        assert _title(app) == "Encoding of the trf file"
        options = app.screen.query_one(OptionList)
        assert options.highlighted == 0  # UTF-8 unless chosen otherwise
        assert [str(options.get_option_at_index(i).prompt).split()[0]
                for i in range(options.option_count)] == ["utf-8", "latin-1", "ascii"]
        await pilot.press("down", "enter")
        await pilot.pause()
        assert _title(app) == "Write event as trf (latin-1) to"
        await pilot.press("ctrl+u")
        await type_text(pilot, "open-latin1.trf")
        await pilot.press("enter")
        await pilot.pause()
        written = (tmp_path / "open-latin1.trf").read_bytes()
        assert "saved: event (trf, latin-1) to open-latin1.trf" in status(app)
        assert app.export_encoding == "latin-1"

        # the next TRF export starts on the encoding chosen last; Esc there writes nothing
        await pilot.press("f8")
        await pilot.pause()
        await pilot.press(*["down"] * trf_row, "enter")
        await pilot.pause()
        assert app.screen.query_one(OptionList).highlighted == 1
        await pilot.press("escape")
        await pilot.pause()
        assert "nothing exported" in status(app)

    assert main(["export", str(folder), "--format", "trf", "--encoding", "latin-1",
                 "-o", str(tmp_path / "cli.trf")]) == 0
    assert written == (tmp_path / "cli.trf").read_bytes()
    req = services.ExportRequest("trf", encoding="latin-1")
    assert written == services.export(store.load(folder), req)
    text = written.decode("latin-1")
    # Latin-1 keeps á, é and ü, folds Ł and ř; the Korean name has no Latin letters: ???
    assert "Lukasz Dvorák" in text and "José Müller" in text and "???" in text
    assert "Wroclaw Open" in text
    assert written != services.export(store.load(folder), services.ExportRequest("trf"))


async def test_trf_with_the_default_encoding_is_utf8(tmp_path):
    folder = _event(tmp_path)
    trf_row = [(f, w) for f, w, _ in export_choices()].index(("trf", "event"))
    app = SwissApp(folder, mode="standings")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f8")
        await pilot.pause()
        await pilot.press(*["down"] * trf_row, "enter", "enter")  # Enter keeps UTF-8
        await pilot.pause()
        target = tmp_path / "event-event.trf"
        assert app.screen.query_one("#prompt", Input).value == str(target)
        await pilot.press("enter")
        await pilot.pause()
        assert "saved: event (trf, utf-8)" in status(app)
    data = target.read_bytes()
    assert data == services.export(store.load(folder), services.ExportRequest("trf"))
    assert "Łukasz Dvořák" in data.decode("utf-8") and "김민준" in data.decode("utf-8")
