"""Keys typed in the same burst as the key that opens a dialog (issue 31, item 3).

``n`` then ``Kim`` on the registration screen, F8 then Down, ``P`` then a page name: SSH
delivers them together, so every key was already routed to the screen underneath before the
first one had opened its dialog, and the text went there (``i`` of ``Kim`` opened the import
prompt) or nowhere.  The application now routes one key at a time (``SwissApp._keys``): the
next key of a burst goes where the focus is once the previous one has been handled and any
dialog it opened is shown.  Each test compares a burst with the same keys pressed one at a
time (``pilot.press`` waits for the application after each key), and checks the values by
hand.  Run at 80×24."""

from __future__ import annotations

import time

import pytest
from textual import events
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Input, Static

from conftest import make_event
from swisstui.core import i18n, store
from swisstui.tui import keyorder
from swisstui.tui.app import SwissApp
from swisstui.tui.keyorder import OrderedKeysApp
from swisstui.tui.screens.event_form import EventForm
from swisstui.tui.screens.exports import PathPrompt, default_path, export_choices
from swisstui.tui.widgets.dialogs import PlayerForm, PromptScreen
from test_tui_bursts import burst, chars, key_event, settle

SIZE = (80, 24)


@pytest.fixture(autouse=True)
def _english_after():
    yield
    i18n.use(i18n.SOURCE)


def first_field(app) -> str | None:
    """The text of the dialog's first field (None: no field)."""
    inputs = list(app.screen.query(Input))
    return inputs[0].value if inputs else None


# (mode, keys, dialog type, first field's text): the key that opens the dialog, then what is
# typed into it in the same burst
CASES = {
    "new player": ("registration", ["n", *chars("Kim")], PlayerForm, "Kim"),
    "import": ("registration", ["i", *chars("fide x.txt")], PromptScreen, "fide x.txt"),
    "print": ("pairings", ["P", *chars("slips a4")], PromptScreen, "slips a4"),
    "clock": ("pairings", ["c", *chars("60")], PromptScreen, "60"),
    "settings": ("standings", ["T", *chars("Spring")], EventForm, "Spring"),
    "settings F7": ("registration", ["f7", *chars("Spring")], EventForm, "Spring"),
}


@pytest.mark.parametrize("name", sorted(CASES))
@pytest.mark.parametrize("slow", [True, False], ids=["one-by-one", "burst"])
async def test_keys_after_the_key_that_opens_a_dialog_go_into_it(tmp_path, name, slow):
    mode, keys, kind, text = CASES[name]
    folder = make_event(tmp_path, n_players=4, name="Club Night")
    before = store.load(folder)
    app = SwissApp(folder, watch_interval=60, mode=mode)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        base = app.screen
        search = list(base.query("#search"))
        if slow:
            await pilot.press(*keys)
        else:
            await burst(pilot, *keys)
        await settle(pilot)
        assert app.is_running
        assert type(app.screen) is kind, app.screen_stack
        assert app.screen_stack[-2] is base  # one dialog, over the screen the key was typed on
        assert first_field(app) == text
        focused = app.focused
        assert isinstance(focused, Input) and focused.value == text
        # nothing landed underneath
        assert all(s.value == "" for s in search)
    assert store.load(folder) == before


@pytest.mark.parametrize("slow", [True, False], ids=["one-by-one", "burst"])
async def test_f8_then_down_and_enter_picks_in_the_export_list(tmp_path, slow):
    """F8, Down, Down, Enter: the third format of the list, not the list of players moved
    underneath and the first format picked."""
    folder = make_event(tmp_path, n_players=4)
    fmt, what, _label = export_choices("chess")[2]
    app = SwissApp(folder, watch_interval=60, mode="registration")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = app.screen.query_one("#players")
        row = table.cursor_row
        keys = ["f8", "down", "down", "enter"]
        if slow:
            await pilot.press(*keys)
        else:
            await burst(pilot, *keys)
        await settle(pilot)
        assert isinstance(app.screen, PathPrompt)
        assert app.screen.query_one(Input).value == default_path(folder, fmt, what)
        assert table.cursor_row == row


async def test_a_whole_registration_in_one_burst(tmp_path):
    """n, the name, Tab, the rating, Enter: the player saved as typed, the list on view; the
    next n of the same burst (typed once the form has closed) opens a new form."""
    folder = make_event(tmp_path, n_players=4)
    app = SwissApp(folder, watch_interval=60, mode="registration")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        base = app.screen
        await burst(pilot, "n", *chars("Kim Jiwoo"), "tab", *chars("1850"), "enter")
        await settle(pilot)
        assert app.screen is base
        added = [p for p in store.load(folder).players if p.name == "Kim Jiwoo"]
        assert [p.rating for p in added] == [1850]
        assert len(store.load(folder).players) == 5
        await burst(pilot, "n", *chars("Lee"))
        await settle(pilot)
        assert isinstance(app.screen, PlayerForm) and first_field(app) == "Lee"


async def test_a_paste_after_n_goes_into_the_form(tmp_path):
    folder = make_event(tmp_path, n_players=4)
    app = SwissApp(folder, watch_interval=60, mode="registration")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.post_message(key_event("n"))
        app.post_message(events.Paste("Kim Ji-woo"))
        await settle(pilot)
        assert isinstance(app.screen, PlayerForm) and first_field(app) == "Kim Ji-woo"


@pytest.mark.parametrize("pick", ["enter", "2"])
async def test_the_game_then_the_event_form_from_the_start(tmp_path, pick):
    """In an empty folder: the list of games, then its answer and the event's name in the
    same burst; the name lands in the form the answer opens (the first field, its prefilled
    text replaced)."""
    folder = tmp_path / "autumn"
    app = SwissApp(folder, watch_interval=60)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await burst(pilot, pick, *chars("Autumn Cup"))
        await settle(pilot)
        assert isinstance(app.screen, EventForm)
        assert app.screen.texts()["name"] == "Autumn Cup"


async def test_keys_typed_before_the_first_screen_is_shown(tmp_path):
    """Keys that arrive while the application starts go to the list of games once it is
    shown, in order: 2 picks the second game and the name follows into the form."""
    folder = tmp_path / "autumn"
    app = SwissApp(folder, watch_interval=60)
    async with app.run_test(size=SIZE) as pilot:
        for key in ["2", *chars("Autumn")]:
            app.post_message(key_event(key))
        await settle(pilot)
        await settle(pilot)
        assert isinstance(app.screen, EventForm)
        assert app.screen.texts()["name"] == "Autumn"


# ---- the order never freezes the keyboard ------------------------------------------------------

class _Swallowing(OrderedKeysApp):
    """Two fields in a container that drops every message bubbling through it, the marks
    that follow the keys too: a mark that never arrives."""

    def compose(self) -> ComposeResult:
        with Vertical(id="box"):
            yield Input(id="a")
            yield Input(id="b")

    def on_mount(self) -> None:
        self.query_one("#box").disable_messages(OrderedKeysApp.Passed)
        self.query_one("#a").focus()


async def test_a_lost_mark_holds_the_keys_at_most_the_hold_limit():
    assert keyorder.HOLD_LIMIT == 1.0
    app = _Swallowing()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await burst(pilot, "x", "y", "z")
        a = app.query_one("#a", Input)
        assert a.value == "x"  # the first key went, the others wait for its mark
        await pilot.pause(3 * keyorder.HOLD_LIMIT)  # then each after the limit, in order
        assert a.value == "xyz"


class _Slow(OrderedKeysApp):
    """``o`` opens a one-field dialog after 1.5 s of work in the application's own task."""

    BINDINGS = [("o", "open_slowly", "open")]

    def compose(self) -> ComposeResult:
        yield Static("nothing to type into")

    def action_open_slowly(self) -> None:
        time.sleep(1.5 * keyorder.HOLD_LIMIT)  # the whole program waits, every widget too
        self.push_screen(PromptScreen("Slow", "hint"))


async def test_keys_behind_a_slow_key_still_go_to_the_dialog_it_opens():
    """Time the whole program was busy does not count as time a key waited."""
    app = _Slow()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await burst(pilot, "o", *chars("ab"))
        await pilot.pause(0.3)
        await settle(pilot)
        assert isinstance(app.screen, PromptScreen)
        assert app.screen.query_one(Input).value == "ab"
