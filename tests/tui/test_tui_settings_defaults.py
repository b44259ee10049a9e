"""The new-event and settings forms follow the defaults that depend on the system (issue 31,
item 6): in a Go event, choosing McMahon turns the chain WINS, SOS… into MMS, SOSM…; a chain
the director typed stays and the form says it is another system's default; ``p`` says it too
(it used to say "No warnings" over a McMahon event ranked by wins).  At 80×24, keys only."""

from __future__ import annotations

from textual.widgets import Input, Static

from conftest import make_event
from swisstui.core import store
from swisstui.tui.app import SwissApp
from swisstui.tui.widgets.dialogs import ConfirmScreen

from test_tui import SIZE, type_text

MCMAHON = ("MMS", "SOSM", "SOSOSM")
SWISS_IN_MCMAHON = ("tiebreaks WINS, SOS, SOSOS, SODOS is the default of a swiss event, this "
                    "one is mcmahon (its default: MMS, SOSM, SOSOSM)")


def _field(app, key: str) -> Input:
    return app.screen.query_one(f"#ff-{key.replace('.', '--')}", Input)


def _warning(app) -> str:
    line = app.screen.query_one("#form-error", Static)
    return str(line.render()) if line.display else ""


async def _to_field(pilot, app, key: str) -> None:
    for _ in range(40):
        if _field(app, key).has_focus:
            return
        await pilot.press("tab")
    raise AssertionError(f"no field {key}")


async def test_choosing_mcmahon_in_the_new_event_form_brings_its_chain(tmp_path):
    folder = tmp_path / "go-cup"
    app = SwissApp(folder, watch_interval=0.1)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("2")  # go
        await pilot.pause()
        assert _field(app, "tiebreaks").value == "WINS, SOS, SOSOS, SODOS"
        await _to_field(pilot, app, "system")
        await pilot.press("ctrl+u")
        await type_text(pilot, "mcmahon")
        await pilot.pause()
        assert _field(app, "tiebreaks").value == "MMS, SOSM, SOSOSM"
        assert _warning(app) == ""
        await pilot.press("enter")
        await pilot.pause()
        ev = store.load(folder)
        assert (ev.settings.system, ev.settings.tiebreaks) == ("mcmahon", MCMAHON)


async def test_a_chain_the_director_typed_stays_and_is_warned_in_the_form(tmp_path):
    folder = make_event(tmp_path, game="go", n_players=6)
    app = SwissApp(folder, mode="pairings")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("f7")
        await pilot.pause()
        await _to_field(pilot, app, "tiebreaks")
        await pilot.press("ctrl+u")
        await type_text(pilot, "SOS, WINS")  # the director's own chain …
        await _to_field(pilot, app, "system")
        await pilot.press("ctrl+u")
        await type_text(pilot, "mcmahon")  # … stays when the system changes, and is said
        await pilot.pause()
        assert _field(app, "tiebreaks").value == "SOS, WINS"
        assert _warning(app) == ("tiebreaks SOS, WINS: a McMahon event is ranked by MMS "
                                 "first (its default: MMS, SOSM, SOSOSM)")
        await pilot.press("enter")  # the form; the question repeats the warning
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        assert "ranked by MMS first" in str(app.screen.query_one("#confirm-text").render())
        await pilot.press("y")
        await pilot.pause()
        s = store.load(folder).settings
        assert (s.system, s.tiebreaks) == ("mcmahon", ("SOS", "WINS"))


async def test_another_systems_chain_is_said_by_the_form_and_at_p(tmp_path):
    """A McMahon event with the Swiss chain (made so on the command line, or before this
    rule): the settings form says it as it opens, and ``p`` lists it among the warnings."""
    folder = make_event(tmp_path, game="go", n_players=6, system="mcmahon",
                        tiebreaks="WINS,SOS,SOSOS,SODOS")
    app = SwissApp(folder, mode="pairings")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("f7")
        await pilot.pause()
        assert _warning(app) == SWISS_IN_MCMAHON
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("p")
        await pilot.pause()
        text = str(app.screen.query_one("#confirm-text").render())
        assert SWISS_IN_MCMAHON in text.replace("\n", " ") and "No warnings." not in text
