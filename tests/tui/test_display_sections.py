"""The projector with sections (issue 33 item 9): every section in turn (each list once per
section, "find your board" once across the event with the section named), or one section
(``display --section``); boards by the hall's numbers; the clock the section follows."""

from __future__ import annotations

import pytest

from conftest import make_event
from swisstui.cli import main
from swisstui.core import services
from swisstui.core.services import sections
from swisstui.tui.screens.display import VIEWS, DisplayApp
from swisstui.tui.widgets.fasttable import FastTable

SIZE = (100, 32)


def _text(app, selector: str) -> str:
    return str(app.query_one(selector).render())


def _rows(app) -> list[list[str]]:
    t = app.query_one(FastTable)
    return [t.get_row_at(i) for i in range(t.row_count)]


@pytest.fixture
def hall(tmp_path):
    """A chess open of 6 ("main", boards 1-3) and a U1600 of 4 numbered from 101, round 1
    paired in both; the hall's clock started."""
    root = make_event(tmp_path, n_players=6)
    u = sections.add_section(root, "U1600", rounds=3, first_board=101).folder
    for i, name in enumerate(["Ana Lima", "Bea Souza", "Caio Reis", "Duda Melo"]):
        services.add_player(u, name, rating=1500 - 10 * i)
    services.pair_next(root)
    services.pair_next(u)
    services.clock_start(root, 90)
    return root, u


async def test_every_section_in_turn_and_find_your_board_across(hall):
    root, u = hall
    app = DisplayApp(root, cycle=3600)  # cycles, but not within the test
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        # a round is being played: the cycle starts with the first section's pairings
        assert VIEWS[app.view] == "pairings" and app.folder == root
        assert [r[0] for r in _rows(app)] == ["1", "2", "3"]
        assert " · main · Round 1 pairings" in _text(app, "#display-title")
        assert "time 1:" in _text(app, "#display-title")  # the hall's clock (90 min)
        # views 3..: standings main, standings U1600, pairings main, pairings U1600, ...
        assert "main · chess · round 1/5 · view 3/7: pairings" in _text(app, "#display-foot")
        app.action_next_page()
        await pilot.pause()
        assert app.folder == u and VIEWS[app.view] == "pairings"
        assert [r[0] for r in _rows(app)] == ["101", "102"]  # the hall's numbers
        assert " · U1600 · Round 1 pairings" in _text(app, "#display-title")
        assert "time 1:" in _text(app, "#display-title")  # it follows the hall's clock
        assert "U1600 · chess · round 1/3 · view 4/7: pairings" in _text(app, "#display-foot")
        app.action_next_page()
        await pilot.pause()
        # find your board: every player of the event once, his section and hall board named
        assert VIEWS[app.view] == "alphabetical"
        assert "Find your board: every section" in _text(app, "#display-title")
        rows = _rows(app)
        assert len(rows) == 10
        by_name = {r[0]: r for r in rows}
        assert by_name["Ana Lima"][1] == "U1600" and by_name["Ana Lima"][2] in ("101", "102")
        assert {r[1] for r in rows} == {"main", "U1600"}
        assert [r[0] for r in rows] == sorted(r[0] for r in rows)
        assert all(r[2] in ("1", "2", "3") for r in rows if r[1] == "main")
        assert "view 5/7: alphabetical" in _text(app, "#display-foot")
        # back: the U1600's pairings again; on: the crosstables, then round to the start
        app.action_prev_page()
        await pilot.pause()
        assert app.folder == u and VIEWS[app.view] == "pairings"
        for _ in range(3):
            app.action_next_page()
            await pilot.pause()
        assert app.folder == u and VIEWS[app.view] == "crosstable"
        app.action_next_page()
        await pilot.pause()
        assert app.folder == root and VIEWS[app.view] == "standings"


async def test_one_section_only(hall):
    root, u = hall
    services.clock_start(u, 45)  # the U1600 runs on its own time
    app = DisplayApp(root, cycle=3600, section="U1600")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.folder == u and VIEWS[app.view] == "pairings"
        assert [r[0] for r in _rows(app)] == ["101", "102"]
        assert " · U1600 · Round 1 pairings" in _text(app, "#display-title")
        assert "time 4" in _text(app, "#display-title")  # its own clock (45 min)
        assert "view 2/4: pairings" in _text(app, "#display-foot")
        app.action_next_page()
        await pilot.pause()
        rows = _rows(app)  # its own "find your board": the U1600's four, hall numbers
        assert VIEWS[app.view] == "alphabetical" and len(rows) == 4
        assert sorted(r[1] for r in rows) == ["101", "101", "102", "102"]


async def test_a_one_section_event_is_as_before(tmp_path):
    folder = make_event(tmp_path, n_players=6)
    services.pair_next(folder)
    app = DisplayApp(folder, cycle=3600)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert _text(app, "#display-title").startswith("Test chess event · Round 1 pairings")
        assert _text(app, "#display-foot").startswith("chess · round 1/5 · view 2/4: pairings")


def test_display_unknown_section_refused(hall, capsys):
    root, _u = hall
    assert main(["display", str(root), "--section", "Kids"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("swisstui: ") and err.count("\n") == 1 and "Kids" in err
