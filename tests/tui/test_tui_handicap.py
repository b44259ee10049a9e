"""Go handicap games in the TUI and the pairing lists: the stones and komi decided at
pairing are shown on Pairings, on the entry line's target, in the text/CSV/HTML/JSON pairing
exports and the slips, and the result entered takes them (docs/RULES.md §1.3)."""

from __future__ import annotations

import json

from textual.widgets import Input

from conftest import make_event
from swisstui.core import services, store
from swisstui.tui import backend
from swisstui.tui.app import SwissApp
from swisstui.tui.widgets.fasttable import FastTable

SIZE = (80, 24)


def _event(tmp_path):
    # sample ranks 6d 5d 4d 3d 2d 1d 1k 2k
    return make_event(tmp_path, game="go", n_players=8, options={"handicap": True})


def _terms(folder) -> dict[int, str]:
    ev = store.load(folder)
    return {b.number: services.board_terms("go", b) for b in ev.round(1).boards}


async def test_pairings_and_entry_target_show_stones_and_komi(tmp_path):
    folder = _event(tmp_path)
    backend.pair_next(folder)
    terms = _terms(folder)
    assert all(t.startswith("H") and t.endswith("komi 0.5") for t in terms.values())
    app = SwissApp(folder, mode="pairings")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        t = app.screen.query_one("#pairings", FastTable)
        assert t.labels[-1] == "Handicap"
        rows = [t.get_row_at(i) for i in range(t.row_count)]
        assert [(r[0], r[-1]) for r in rows] == [(str(n), terms[n]) for n in sorted(terms)]
        assert sum(t.widths) + 2 * len(t.widths) <= 80  # fits 80 columns
        await pilot.press("E")
        await pilot.pause()
        inp = app.screen.query_one("#entry", Input)
        assert f"→ board 1 · {terms[1]}" in inp.border_title
        for ch in "B+3.5":
            await pilot.press({"+": "plus", ".": "full_stop"}.get(ch, ch))
        await pilot.press("enter")
        await pilot.pause()
    board = store.load(folder).round(1).board(1)
    assert board.result.text == "B+3.5"
    assert board.result.detail["handicap"] == int(terms[1].split()[0][1:])
    assert board.result.detail["komi"] == 0.5


def test_pairing_exports_and_slips_show_stones_and_komi(tmp_path):
    folder = _event(tmp_path)
    backend.pair_next(folder)
    ev = store.load(folder)
    terms = _terms(folder)
    first = ev.round(1).board(1)

    def export(fmt: str, what: str) -> str:
        return services.export(ev, services.ExportRequest(fmt, what, 1)).decode("utf-8")

    text = export("text", "pairings")
    assert "Handicap" in text and terms[1] in text
    csv = export("csv", "pairings").splitlines()
    assert csv[0].split(",")[-1] == "Handicap" and csv[1].split(",")[-1] == terms[1]
    assert terms[1] in export("html", "pairings")
    data = json.loads(export("json", "pairings"))
    assert data["boards"][0]["setup"] == dict(first.setup)
    assert json.loads(export("json", "event"))["rounds"][0]["boards"][0]["setup"] == \
        dict(first.setup)
    slips = export("html", "slips")
    # the slip prints the board's stones and komi filled in (issue 32, item 1)
    setup = dict(first.setup)
    assert f'Handicap<b class="filled">{setup["handicap"]}</b>' in slips, slips
    komi = f'{setup["komi"]:g}'
    assert f'Komi<b class="filled">{komi}</b>' in slips, slips
