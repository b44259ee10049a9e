"""Dialogs and forms under bursts of keys (issue 31, items 2, 3 and 7).

SSH delivers keys in bursts, and a paste or a bouncing key does the same: every key of a
burst is queued before the application handles the first.  ``burst`` posts all its keys to
the application at once (``pilot.press`` waits for the application to go idle after each
key, which hides these faults), then lets the application handle them.

* Two Enters in one burst answer a dialog once; the application stays up (it used to exit
  with ``ScreenStackError``: the second Enter dismissed the screen under the dialog).
* A key typed right after Tab, Shift+Tab, Up or Down goes into the field that the move
  focuses, never into the one left; Up/Down move between fields as the forms' help lines say.
* A prefilled field focused from the keyboard has its text selected, so typing replaces it.

Run at 80×24, in English and in Korean (whose labels are twice as wide)."""

from __future__ import annotations

import importlib
import pkgutil
import unicodedata
from pathlib import Path

import pytest
from textual import events
from textual.screen import ModalScreen
from textual.widgets import Input

import swisstui.tui
from conftest import make_event
from swisstui.core import i18n, store
from swisstui.core.settings_form import FormField
from swisstui.tui.app import SwissApp
from swisstui.tui.screens.event_form import ChainPicker, EventForm, GamePicker
from swisstui.tui.screens.exports import (EncodingPicker, ExportPicker, default_path,
                                         export_choices)
from swisstui.tui.screens.language import LanguagePicker
from swisstui.tui.widgets.dialogs import (NEW_FORM_FIELDS, ConfirmScreen, Dialog, HelpScreen,
                                         ListPicker, MessageScreen, PlayerForm, PromptScreen)

SIZE = (80, 24)
KEY_NAMES = {" ": "space", "-": "minus", "=": "equals_sign", "+": "plus", ".": "full_stop",
             "/": "slash", ",": "comma"}


@pytest.fixture(autouse=True)
def _english_after():
    yield
    i18n.use(i18n.SOURCE)


def key_event(key: str) -> events.Key:
    """The event a terminal sends for ``key`` (a key name or one character), as Pilot makes it."""
    key = KEY_NAMES.get(key, key)
    typed = {name: ch for ch, name in KEY_NAMES.items()}  # (MINUS is U+2212, PLUS no name)
    try:
        char: str | None = typed[key] if key in typed else \
            unicodedata.lookup(key.upper().replace("_", " "))
    except KeyError:
        char = key if len(key) == 1 else None
    if key in ("tab", "enter", "escape", "up", "down", "shift+tab", "backspace"):
        char = {"tab": "\t", "enter": "\r", "escape": "\x1b", "backspace": "\x7f"}.get(key)
    return events.Key(key, char)


async def burst(pilot, *keys: str) -> None:
    """Queue every key before the application handles any, then let it handle them all."""
    app = pilot.app
    for key in keys:
        app.post_message(key_event(key))
    for _ in range(6):
        await pilot.pause()


def chars(text: str) -> list[str]:
    return list(text)


async def settle(pilot) -> None:
    for _ in range(4):
        await pilot.pause()


def field(app, wid: str) -> Input:
    return app.screen.query_one(f"#{wid}", Input)


# ---- every modal is a Dialog ------------------------------------------------------------------

def modal_classes() -> list[type]:
    """Every ModalScreen subclass defined in swisstui.tui (all its modules imported)."""
    for info in pkgutil.walk_packages(swisstui.tui.__path__, "swisstui.tui."):
        importlib.import_module(info.name)
    found: list[type] = []
    todo: list[type] = [ModalScreen]
    while todo:
        cls = todo.pop()
        for sub in cls.__subclasses__():
            todo.append(sub)
            if sub.__module__.startswith("swisstui.tui") and sub not in found:
                found.append(sub)
    return found


def test_every_modal_is_a_dialog():
    """A new dialog cannot forget the answer-once rule: each modal of the TUI inherits it."""
    classes = modal_classes()
    names = {c.__name__ for c in classes}
    assert {"ConfirmScreen", "PromptScreen", "PlayerForm", "EventForm", "ExportPicker",
            "ChainPicker", "LanguagePicker", "HelpScreen"} <= names
    assert [c.__name__ for c in classes if not issubclass(c, Dialog)] == []


# ---- two Enters: every dialog answers once --------------------------------------------------

def _event_form(calls: list) -> EventForm:
    fields = (FormField("name", "Name", "the event's name"),
              FormField("rounds", "Rounds", "how many rounds"))

    def submit(texts):
        calls.append(("submit", dict(texts)))
        return None
    return EventForm("Settings", fields, {"name": "Open", "rounds": "4"}, submit)


# name -> (factory(calls) -> dialog, keys that answer it, the answer expected)
DIALOGS = {
    "confirm": (lambda c: ConfirmScreen("Pair?", ["4 players"]), ("enter", "enter"), True),
    "confirm-typing": (lambda c: ConfirmScreen("Replace?", ["x"], enter_confirms=False),
                       ("y", "y", "enter"), True),
    "message": (lambda c: MessageScreen("Why", ["because"]), ("enter", "enter"), None),
    "prompt": (lambda c: PromptScreen("Print", "hint", value="slips"), ("enter", "enter"),
               "slips"),
    "list": (lambda c: ListPicker("Pick", [("a", "A"), ("b", "B")], "hint", list_id="l"),
             ("enter", "enter"), "a"),
    "list-number": (lambda c: ListPicker("Pick", [("a", "A"), ("b", "B")], "hint",
                                         list_id="l", numbered=True), ("2", "1", "enter"), "b"),
    "game": (lambda c: GamePicker("spring", ("chess", "go")), ("enter", "enter"), "chess"),
    "language": (lambda c: LanguagePicker(), ("enter", "enter"), "en"),
    "encoding": (lambda c: EncodingPicker("trf", ("utf-8", "latin-1")), ("enter", "enter"),
                 "utf-8"),
    "export": (lambda c: ExportPicker(), ("enter", "enter"), None),  # checked below
    "chain": (lambda c: ChainPicker((("BH", "Buchholz"), ("SB", "Sonneborn")), ["SB"]),
              ("enter", "enter"), "SB"),
    "player": (lambda c: PlayerForm("New player", {"name": "Kim"}, fields=NEW_FORM_FIELDS),
               ("enter", "enter"), None),  # checked below
    "event-form": (_event_form, ("enter", "enter"), True),
    "help": (lambda c: HelpScreen("Help", [("F1", "help")], ()), ("enter", "enter"), None),
}


@pytest.mark.parametrize("name", sorted(DIALOGS))
async def test_a_burst_of_enters_answers_a_dialog_once(tmp_path, name):
    factory, keys, expected = DIALOGS[name]
    folder = make_event(tmp_path, n_players=4)
    app = SwissApp(folder, watch_interval=60)
    calls: list = []
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        base = app.screen
        dialog = factory(calls)
        app.push_screen(dialog, lambda value: calls.append(("answer", value)))
        await settle(pilot)
        assert app.screen is dialog
        await burst(pilot, *keys)
        await settle(pilot)
        assert app.is_running and app.screen is base
        answers = [v for kind, v in calls if kind == "answer"]
        assert len(answers) == 1
        if name == "export":
            assert isinstance(answers[0], tuple) and len(answers[0]) == 2
        elif name == "player":
            assert answers[0]["name"] == "Kim"
        else:
            assert answers[0] == expected
        assert len([k for k, _v in calls if k == "submit"]) <= 1
    assert app.return_code in (None, 0)


async def test_double_enter_in_the_real_dialogs(tmp_path):
    """F8's export picker and its path prompt, the Print prompt (P in Pairings) and the
    new-player form, each opened by its key and answered by a burst of two Enters."""
    folder = make_event(tmp_path, n_players=4)
    fmt, what, _label = export_choices()[0]
    out = Path(default_path(folder, fmt, what))
    app = SwissApp(folder, watch_interval=60)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("f2")
        await settle(pilot)
        base = app.screen
        # the new-player form: one player saved, not two
        await pilot.press("n")
        await settle(pilot)
        await burst(pilot, *chars("Kim"), "enter", "enter")
        await settle(pilot)
        assert app.is_running and app.screen is base
        assert [p.name for p in store.load(folder).players].count("Kim") == 1

        # F8: the list, then the path prompt
        await pilot.press("f8")
        await settle(pilot)
        await burst(pilot, "enter", "enter")
        await settle(pilot)
        assert app.is_running and isinstance(app.screen, PromptScreen)
        assert app.screen.query_one(Input).value == str(out)
        await burst(pilot, "enter", "enter")
        await settle(pilot)
        assert app.is_running and app.screen is base
        assert out.is_file()

        # the Print prompt in Pairings (P)
        await pilot.press("f3")
        await settle(pilot)
        pairings = app.screen
        await pilot.press("P")
        await settle(pilot)
        assert isinstance(app.screen, PromptScreen)
        await burst(pilot, "enter", "enter")
        await settle(pilot)
        assert app.is_running and app.screen is pairings


# ---- a key right after Tab / Up / Down lands in the field focused -----------------------------

@pytest.mark.parametrize("lang", ["en", "ko"])
async def test_player_form_keys_after_tab_and_arrows(tmp_path, lang):
    folder = make_event(tmp_path, n_players=2)
    app = SwissApp(folder, watch_interval=60, lang=None if lang == "en" else lang)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("f2")
        await settle(pilot)
        await pilot.press("n")
        await settle(pilot)
        assert isinstance(app.screen, PlayerForm)
        # Tab, Shift+Tab and Down/Up, each followed at once by the next field's text
        await burst(pilot, *chars("Kim"), "tab", *chars("1850"), "tab", *chars("5d"),
                    "shift+tab", "end", *chars("0"), "down", "down", *chars("Busan"),
                    "up", "up", "up", "end", *chars(" Ji"))
        await settle(pilot)
        form = app.screen
        assert isinstance(form, PlayerForm)
        values = {k: field(app, f"f-{k}").value for k, _label in NEW_FORM_FIELDS}
        assert (values["name"], values["rating"], values["rank"], values["club"]) == (
            "Kim Ji", "18500", "5d", "Busan")
        assert [k for k, v in values.items() if v] == ["name", "rating", "rank", "club"]


async def test_player_form_far_fields_scroll_into_view(tmp_path):
    """The last fields of the player form are reached by Down and shown while typed in."""
    folder = make_event(tmp_path, n_players=2)
    app = SwissApp(folder, watch_interval=60)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("f2")
        await settle(pilot)
        await pilot.press("n")
        await settle(pilot)
        n = len(NEW_FORM_FIELDS)
        await burst(pilot, *(["down"] * (n - 2)), *chars("kana"))
        await settle(pilot)
        reading = field(app, "f-reading")
        assert reading.has_focus and reading.value == "kana"
        region = reading.region
        assert region.height > 0 and 0 <= region.y < SIZE[1]
        assert app.screen.find_widget(reading).visible_region.height > 0


async def _new_event_form(pilot, app) -> EventForm:
    await settle(pilot)
    await burst(pilot, "enter")  # the first game of the list
    await settle(pilot)
    assert isinstance(app.screen, EventForm)
    return app.screen


@pytest.mark.parametrize("lang", ["en", "ja"])
async def test_new_event_form_keys_after_tab_and_arrows(tmp_path, lang):
    folder = tmp_path / "spring"
    app = SwissApp(folder, watch_interval=60, lang=None if lang == "en" else lang)
    async with app.run_test(size=SIZE) as pilot:
        form = await _new_event_form(pilot, app)
        keys = [f.key for f in form.fields]
        assert keys[:3] == ["name", "players", "rounds"]
        # the name is prefilled: focused on opening, its text selected, typing replaces it
        await burst(pilot, *chars("Spring"), "tab", *chars("40"), "tab", *chars("5"))
        await settle(pilot)
        texts = form.texts()
        assert (texts["name"], texts["players"], texts["rounds"]) == ("Spring", "40", "5")
        # Up / Down move (the help line says so), and the key after lands in the new field
        await burst(pilot, "up", "up", *chars("Autumn"), "down", "down", *chars("7"),
                    "down", "up", *chars("9"))
        await settle(pilot)
        texts = form.texts()
        assert (texts["name"], texts["players"], texts["rounds"]) == ("Autumn", "40", "9")
        # the last field: scrolled into view when reached by Down
        await burst(pilot, *(["down"] * len(keys)))
        await settle(pilot)
        last = field(app, "ff-" + keys[-1].replace(".", "--"))
        assert last.has_focus
        assert app.screen.find_widget(last).visible_region.height == 1


async def test_settings_form_keys_after_tab(tmp_path):
    folder = make_event(tmp_path, n_players=4, rounds=4, name="Club Night")
    app = SwissApp(folder, watch_interval=60)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.action_settings()
        await settle(pilot)
        form = app.screen
        assert isinstance(form, EventForm)
        keys = [f.key for f in form.fields]
        i = keys.index("rounds")
        before = form.texts()
        assert before["rounds"] == "4" and before[keys[i - 1]]
        await burst(pilot, *(["tab"] * i), *chars("6"), "shift+tab", *chars("x"))
        await settle(pilot)
        texts = form.texts()
        # typed over the prefilled 4 (not 46, not into the field before), then over the
        # field before it; every other field as it was
        assert texts == {**before, "rounds": "6", keys[i - 1]: "x"}


# ---- select on focus ------------------------------------------------------------------------

async def test_prefilled_fields_select_on_focus(tmp_path):
    """Typing 5 into the rounds field that shows 4 gives 5, not 45 (Tab and Up/Down)."""
    folder = make_event(tmp_path, n_players=4, rounds=4, name="Club Night")
    app = SwissApp(folder, watch_interval=60)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.action_settings()
        await settle(pilot)
        form = app.screen
        keys = [f.key for f in form.fields]
        i = keys.index("rounds")
        for _ in range(i):
            await pilot.press("down")
        await pilot.press("5")
        await settle(pilot)
        assert form.texts()["rounds"] == "5"
        for _ in range(i):
            await pilot.press("up")
        await pilot.press(*chars("Spring"))
        assert form.texts()["name"] == "Spring"
        # Left / Right / End keep the text and move the cursor in it, as usual
        await pilot.press("tab", "end", "1")
        assert form.texts()[keys[1]].endswith("1")


async def test_a_burst_in_the_list_of_games_then_the_form(tmp_path):
    """A number key picks the game; a second number in the same burst is refused (the list
    answered already), and the form opens."""
    folder = tmp_path / "autumn"
    app = SwissApp(folder, watch_interval=60)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await burst(pilot, "2", "2")  # the second game, then a second answer: refused
        await settle(pilot)
        assert app.is_running and isinstance(app.screen, EventForm)



# ---- editing keys in a burst keep their place among the characters ---------------------------

async def test_editing_keys_in_a_burst_apply_in_order(tmp_path):
    """Backspace, Home, End… used to be applied after the characters typed behind them in
    the same burst (Textual runs a field's bindings once the key has bubbled up to the
    application): ``a b Backspace c`` gave ``ab``, ``Kim Home x`` gave ``Kimx``."""
    folder = make_event(tmp_path, n_players=2)
    app = SwissApp(folder, watch_interval=60)
    got: list = []
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.push_screen(PromptScreen("Print", "hint"), got.append)
        await settle(pilot)
        await burst(pilot, "a", "b", "backspace", "c", "home", "x", "end", "y", "left",
                    "left", "z", "enter")
        await settle(pilot)
        assert got == ["xazcy"]
        # the export's file prompt too (its line refuses keys typed before it was shown,
        # and was a plain Input: a b Backspace c gave ab there)
        from swisstui.tui.screens.exports import PathPrompt
        app.push_screen(PathPrompt("Write", "hint"), got.append)
        await settle(pilot)
        await burst(pilot, "a", "b", "backspace", "c", "home", "x", "enter")
        await settle(pilot)
        assert got == ["xazcy", "xac"]


async def test_back_from_the_chain_picker_the_cursor_follows_the_chain(tmp_path):
    """After Ctrl+T's picker, the chain is not selected: a key typed next adds to it."""
    folder = make_event(tmp_path, n_players=4)
    app = SwissApp(folder, watch_interval=60)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.action_settings()
        await settle(pilot)
        form = app.screen
        keys = [f.key for f in form.fields]
        await burst(pilot, *(["down"] * keys.index("tiebreaks")))
        chain = form.texts()["tiebreaks"]
        await pilot.press("ctrl+t")
        await settle(pilot)
        assert isinstance(app.screen, ChainPicker)
        await pilot.press("enter")
        await settle(pilot)
        assert app.screen is form
        await burst(pilot, *chars(", WIN"))
        assert form.texts()["tiebreaks"] == chain + ", WIN"
