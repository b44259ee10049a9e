"""The event's settings from the keyboard: the new-event form (``swisstui`` in an empty or new
folder: pick the game, then every field with the game's defaults, the rounds recommended for
the expected field) and the settings screen (``ctrl+e`` / command palette: every setting a
director may change mid-event; a change that alters finished standings says what changes and
asks before saving).

The fields, their help and the text ↔ value conversion are the core's
(:mod:`swisstui.core.settings_form`); the values are validated by the core exactly as
event.toml is.  A refused value is shown in the form with the reason and the cursor goes to
that field; nothing is written until the form is valid."""

from __future__ import annotations

from collections.abc import Callable

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Input, Label, OptionList, Static
from textual.widgets.option_list import Option

from ...core.i18n import N_, _
from ...core.settings_form import FormField
from ..lang import tr

# Strings a director reads (English, marked with N_, shown with _()).
PICK_TITLE = N_("New event in {folder}: which game?")
PICK_HINT = N_("Up/Down and Enter, or the number · Esc quits (nothing is written)")
FORM_KEYS = N_("Tab / Up / Down move · Enter saves · Esc cancels")
NEW_TITLE = N_("New {game} event in {folder}")
SETTINGS_TITLE = N_("Event settings ({game}; the game cannot change)")
# Translators: a form label, at most 12 columns.
PLAYERS_FIELD = FormField("players", N_("Expected"),
                          N_("expected players: the rounds field takes the recommended "
                             "number"))

# The outcome of a submit: None when saved (the form closes), else (message, field at fault).
Submit = Callable[[dict[str, str]], "tuple[str, str | None] | None"]


class GamePicker(ModalScreen[str | None]):
    """Choose the game of a new event (Up/Down, Enter, or its number)."""

    BINDINGS = [Binding("escape", "cancel", N_("Cancel"))]

    def __init__(self, folder: str, games: tuple[str, ...]) -> None:
        super().__init__()
        self.folder, self.games = folder, games

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(_(PICK_TITLE).format(folder=self.folder), classes="dialog-title",
                         markup=False)
            yield OptionList(*(Option(f"{i}  {g}", id=g) for i, g in enumerate(self.games, 1)),
                             id="games")
            yield Static(_(PICK_HINT), classes="hint", markup=False)

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()

    def on_key(self, event) -> None:
        char = event.character or ""
        if char.isdigit() and 1 <= int(char) <= len(self.games):
            event.stop()
            self.dismiss(self.games[int(char) - 1])

    def on_option_list_option_selected(self, message: OptionList.OptionSelected) -> None:
        message.stop()
        self.dismiss(message.option.id)

    def action_cancel(self) -> None:
        self.dismiss(None)


class EventForm(ModalScreen[bool]):
    """Every field of ``fields`` as one line (label, text); the help line shows the focused
    field's legal values.  Enter calls ``submit(texts)``: a refusal stays in the form, in the
    error colour, with the cursor on the field at fault."""

    BINDINGS = [
        Binding("escape", "cancel", N_("Cancel")),
        Binding("down", "move(1)", show=False),
        Binding("up", "move(-1)", show=False),
    ]

    def __init__(self, title: str, fields: tuple[FormField, ...], values: dict[str, str],
                 submit: Submit, advice: Callable[[str], tuple[str, str] | None] | None = None,
                 focus: str | None = None) -> None:
        """``advice(players_text)``: (rounds text, a note) for the expected-players field."""
        super().__init__()
        self.title_text, self.fields, self.values = title, fields, dict(values)
        self.submit, self.advice = submit, advice
        self.focus_field = focus or fields[0].key
        self._help = {f.key: tr(f.help) for f in fields}

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog event-form"):
            yield Static(self.title_text, classes="dialog-title", markup=False)
            with VerticalScroll(classes="form-body"):
                for f in self.fields:
                    with Horizontal(classes="form-line"):
                        yield Label(tr(f.label), classes="form-line-label", markup=False)
                        yield Input(self.values.get(f.key, ""), id=_wid(f.key),
                                    classes="form-line-input", select_on_focus=False)
            yield Static("", id="form-help", classes="form-help", markup=False)
            yield Static("", id="form-error", classes="dialog-warning", markup=False)
            yield Static(_(FORM_KEYS), classes="hint", markup=False)

    def on_mount(self) -> None:
        self.query_one("#form-error", Static).display = False
        self.focus_on(self.focus_field)

    def focus_on(self, key: str | None) -> None:
        ids = [f.key for f in self.fields]
        key = key if key in ids else ids[0]
        self.query_one(f"#{_wid(key)}", Input).focus()

    def texts(self) -> dict[str, str]:
        return {f.key: self.query_one(f"#{_wid(f.key)}", Input).value for f in self.fields}

    def on_descendant_focus(self, event) -> None:
        widget = event.widget
        if isinstance(widget, Input) and widget.id and widget.id.startswith("ff-"):
            key = _key(widget.id)
            self.query_one("#form-help", Static).update(f"{key}: {self._help.get(key, '')}")

    def on_input_changed(self, message: Input.Changed) -> None:
        if self.advice is None or not message.input.id or _key(message.input.id) != "players":
            return
        got = self.advice(message.value)
        if got is not None:
            rounds, note = got
            self.query_one(f"#{_wid('rounds')}", Input).value = rounds
            self.query_one("#form-help", Static).update(note)

    def on_input_submitted(self, message: Input.Submitted) -> None:
        message.stop()
        refused = self.submit(self.texts())
        if refused is None:
            self.dismiss(True)
            return
        text, field = refused
        err = self.query_one("#form-error", Static)
        err.update(text)
        err.display = True
        self.app.bell()
        self.focus_on(field)

    def action_move(self, delta: int) -> None:
        ids = [f.key for f in self.fields]
        focused = self.focused
        cur = _key(focused.id) if isinstance(focused, Input) and focused.id else ids[0]
        i = ids.index(cur) if cur in ids else 0
        self.focus_on(ids[max(0, min(len(ids) - 1, i + delta))])

    def action_cancel(self) -> None:
        self.dismiss(False)


def _wid(key: str) -> str:
    return "ff-" + key.replace(".", "--")


def _key(wid: str) -> str:
    return wid.removeprefix("ff-").replace("--", ".")
