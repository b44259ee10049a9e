"""The tie-break chain picker of the new-event form and the settings screen (Ctrl+T): the
game's tie-breaks listed with their names, Space adds and removes, + / - move, Enter puts the
chain in the form's field, Esc keeps what was typed; the typed list still works."""

from __future__ import annotations

from textual.widgets import Input, OptionList, Static

from conftest import make_event
from swisstui.core import store
from swisstui.core.settings_form import chain_codes, tiebreak_choices
from swisstui.tui.app import SwissApp

SIZE = (80, 24)


def _field(app, key: str) -> Input:
    return app.screen.query_one(f"#ff-{key.replace('.', '--')}", Input)


def _rows(app) -> list[str]:
    ol = app.screen.query_one("#chain-list", OptionList)
    return [str(ol.get_option_at_index(i).prompt) for i in range(ol.option_count)]


def test_choices_and_typed_chains():
    codes = [c for c, _name in tiebreak_choices("go")]
    assert {"SOS", "SOSOS", "MMS", "WINS"} <= set(codes)
    assert dict(tiebreak_choices("go"))["SOS"]  # every code comes with its name
    assert "OMW%" not in codes  # Magic's: not offered in Go
    assert chain_codes("chess", "bh-c1, sb BH sb nonsense") == ["BH-C1", "SB", "BH"]


async def test_settings_picker_adds_removes_reorders_and_saves(tmp_path):
    folder = make_event(tmp_path, "go", n_players=6, rounds=3)
    app = SwissApp(folder, mode="standings")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f7")
        await pilot.pause()
        tb = _field(app, "tiebreaks")
        assert tb.value == "WINS, SOS, SOSOS, SODOS"
        tb.focus()
        await pilot.pause()
        assert "Ctrl+T" in str(app.screen.query_one("#form-help", Static).render())
        await pilot.press("ctrl+t")
        await pilot.pause()
        rows = _rows(app)
        assert rows[0].startswith("✓  1 WINS") and rows[3].startswith("✓  4 SODOS")
        assert rows[4].startswith("·")
        # highlight on WINS: remove it; then SOS (now first) moves down once
        await pilot.press("space")
        await pilot.pause()
        now = str(app.screen.query_one("#chain-now", Static).render())
        assert now == "Chain: SOS, SOSOS, SODOS"
        await pilot.press("home", "minus")
        await pilot.pause()
        now = str(app.screen.query_one("#chain-now", Static).render())
        assert now == "Chain: SOSOS, SOS, SODOS"
        # MMS, further down the list: add it, then move it to the top with +
        ol = app.screen.query_one("#chain-list", OptionList)
        code = "MMS"
        target = next(i for i, r in enumerate(_rows(app)) if r.split()[1] == code)
        assert target > 3
        await pilot.press(*["down"] * (target - ol.highlighted))  # keyboard only
        assert ol.highlighted == target
        await pilot.press("space")
        await pilot.pause()
        await pilot.press("plus", "plus", "plus", "plus")
        await pilot.pause()
        assert str(app.screen.query_one("#chain-now", Static).render()) == \
            f"Chain: {code}, SOSOS, SOS, SODOS"
        await pilot.press("enter")  # use this chain: back in the form
        await pilot.pause()
        tb = _field(app, "tiebreaks")
        assert tb.value == f"{code}, SOSOS, SOS, SODOS" and tb.has_focus
        await pilot.press("enter")  # save the form
        await pilot.pause()
        if "Save these settings?" in str(app.screen.query_one(".dialog-title", Static)
                                         .render()):
            await pilot.press("y")
            await pilot.pause()
    assert store.load(folder).settings.tiebreaks == (code, "SOSOS", "SOS", "SODOS")


async def test_picker_escape_keeps_the_typed_chain(tmp_path):
    folder = make_event(tmp_path, "chess", n_players=6, rounds=3)
    app = SwissApp(folder, mode="standings")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f7")
        await pilot.pause()
        tb = _field(app, "tiebreaks")
        tb.value = "SB, bh"
        tb.focus()
        await pilot.press("ctrl+t")
        await pilot.pause()
        assert _rows(app)[0].startswith("✓  1 SB") and _rows(app)[1].startswith("✓  2 BH")
        await pilot.press("space", "escape")
        await pilot.pause()
        assert _field(app, "tiebreaks").value == "SB, bh"
