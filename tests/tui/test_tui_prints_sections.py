"""Prints from the TUI with sections (issue 33 items 6, 10): in a section numbered from 101
in the hall, the Print prompt (P in Pairings) writes slips with the hall's board numbers,
and ``checkin`` writes the registration and check-in list of every section; F8 offers the
check-in list.  80×24, keys in one burst (tests/tui/test_tui_typed_ahead.py)."""

from __future__ import annotations

import re

from textual.widgets import Input, OptionList

from conftest import make_event
from swisstui.core import services
from swisstui.core.services import desk, sections
from swisstui.tui.app import SwissApp
from swisstui.tui.widgets.dialogs import PromptScreen
from test_tui import wait_for
from test_tui_bursts import burst, chars

SIZE = (80, 24)


def two_sections(tmp_path):
    root = make_event(tmp_path, n_players=6)
    u = sections.add_section(root, "U1600", rounds=3).folder
    with (u / "event.toml").open("a") as f:
        f.write("first_board = 101\n")
    for i, name in enumerate(["Ana Lima", "Bea Souza", "Caio Reis", "Duda Melo"]):
        services.add_player(u, name, rating=1500 - 10 * i)
    services.pair_next(u)
    desk.set_check_in_open(root, True)
    desk.toggle_check_in(root, store_first_id(root))
    return root, u


def store_first_id(folder) -> int:
    return services.load(folder).players[0].id


async def test_print_prompt_in_a_section(tmp_path):
    root, u = two_sections(tmp_path)
    app = SwissApp(u, mode="pairings", watch_interval=60)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await burst(pilot, "P")
        assert await wait_for(pilot, lambda: isinstance(app.screen, PromptScreen))
        assert "checkin" in str(app.screen.hint)
        await burst(pilot, "ctrl+u", *chars("slips"), "enter")
        slips = u / "prints" / "slips-round1-a4.html"
        assert await wait_for(pilot, slips.is_file)
        assert re.findall(r"Board (\d+)</span>", slips.read_text()) == ["101", "102"]
        await burst(pilot, "P")
        assert await wait_for(pilot, lambda: isinstance(app.screen, PromptScreen))
        await burst(pilot, "ctrl+u", *chars("checkin"), "enter")
        page = u / "prints" / "checkin-a4.html"
        assert await wait_for(pilot, page.is_file)
        text = page.read_text()
        names = [p.name for f in (root, u) for p in services.load(f).players]
        assert all(n in text for n in names)
        assert "<th scope=\"col\">Section</th>" in text and "<td>U1600</td>" in text
        assert text.count("✓") == 1 and "Signature" in text


async def test_export_picker_offers_the_checkin_list(tmp_path):
    root, u = two_sections(tmp_path)
    app = SwissApp(u, mode="pairings", watch_interval=60)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await burst(pilot, "f8")
        assert await wait_for(pilot, lambda: bool(app.screen.query(OptionList)))
        options = app.screen.query_one(OptionList)
        ids = [options.get_option_at_index(i).id for i in range(options.option_count)]
        assert "html:checkin" in ids and "csv:checkin" in ids and "text:checkin" in ids
        options.highlighted = ids.index("csv:checkin")
        await burst(pilot, "enter")
        assert await wait_for(pilot, lambda: isinstance(app.screen, PromptScreen))
        out = tmp_path / "desk.csv"
        app.screen.query_one(Input).value = str(out)
        await burst(pilot, "enter")
        assert await wait_for(pilot, out.is_file)
        lines = out.read_text().splitlines()
        assert lines[0].startswith("Section,No.,Name,") and len(lines) == 1 + 6 + 4


def test_export_path_of_a_section_is_next_to_the_event(tmp_path):
    """F8's default file for a section is next to the event's folder, named with the
    section (it went into the event's ``sections/`` folder), and a path inside the event's
    folder asks for ``y`` from a section too."""
    from swisstui.tui.screens.exports import default_path, path_doubt
    root, u = two_sections(tmp_path)
    assert default_path(u, "html", "pairings") == str(root.parent / f"{root.name}-U1600-pairings.html")
    assert default_path(root, "csv", "checkin") == str(root.parent / f"{root.name}-checkin.csv")
    assert path_doubt(u, "html", str(root / "x.html"))
    assert not path_doubt(u, "html", str(tmp_path / "x.html"))
