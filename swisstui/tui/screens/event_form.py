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
from textual.widgets import Input, Label, OptionList, Static
from textual.widgets.option_list import Option

from ...core.games import game_title
from ...core.i18n import N_, _
from ...core.settings_form import OPTION, FormField
from ..lang import tr
from ..widgets.dialogs import FORM_KEYS, Dialog, FieldInput, FormDialog, ListPicker

# Strings a director reads (English, marked with N_, shown with _()).
PICK_TITLE = N_("New event in {folder}: which game?")
PICK_HINT = N_("Up/Down and Enter, or the number · Esc quits (nothing is written)")
NEW_TITLE = N_("New {game} event in {folder}")
SETTINGS_TITLE = N_("Event settings ({game}; the game cannot change)")
# Translators: a form label, at most 12 columns.
PLAYERS_FIELD = FormField("players", N_("Expected"),
                          N_("expected players: the rounds field takes the recommended "
                             "number"))

# The outcome of a submit: None when saved (the form closes), else (message, field at fault).
Submit = Callable[[dict[str, str]], "tuple[str, str | None] | None"]
# The tie-break picker's source: typed chain -> ((code, name) of every tie-break of the game,
# the chain's codes so far).
ChainSource = Callable[[str], "tuple[tuple[tuple[str, str], ...], list[str]]"]
# The fields that follow an edit: (texts before, texts now) -> (fields to set, warnings).
Follow = Callable[[dict[str, str], dict[str, str]], "tuple[dict[str, str], list[str]]"]
PICK_KEYS_HINT = N_("Ctrl+T tie-breaks")
PICK_FIELD_HINT = N_("Ctrl+T: pick them from the list, add, remove and reorder")
CHAIN_TITLE = N_("Tie-break chain, in order")
CHAIN_HINT = N_("Space add/remove · +/- (Ctrl+Up/Down) move · Enter use · Esc cancel")
CHAIN_NOW = N_("Chain: {chain}")
CHAIN_EMPTY = N_("(none: Space adds the highlighted tie-break)")


class ChainPicker(Dialog["str | None"]):
    """Pick and order the tie-break chain from the game's list (keyboard only): the chosen
    tie-breaks come first, numbered in chain order, then the others; Space adds or removes
    the highlighted one, ``+``/``-`` (or Ctrl+Up/Down) move a chosen one, Enter gives the
    chain as the form's comma list, Esc gives None (the typed text stays)."""

    BINDINGS = [
        Binding("escape", "cancel", N_("Cancel")),
        Binding("space", "toggle_code", N_("Add / remove"), show=False),
        Binding("plus,ctrl+up", "move(-1)", N_("Move up"), show=False),
        Binding("minus,ctrl+down", "move(1)", N_("Move down"), show=False),
    ]

    def __init__(self, choices: tuple[tuple[str, str], ...], chain: list[str]) -> None:
        super().__init__()
        self.choices = choices
        self.names = dict(choices)
        self.chain = [c for c in chain if c in self.names]

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog chain-picker"):
            yield Static(_(CHAIN_TITLE), classes="dialog-title", markup=False)
            yield Static("", id="chain-now", markup=False)
            yield OptionList(id="chain-list")
            yield Static(_(CHAIN_HINT), classes="hint", markup=False)

    def on_mount(self) -> None:
        self._redraw(self.chain[0] if self.chain else None)
        self.query_one(OptionList).focus()

    def order(self) -> list[str]:
        """The list's codes top to bottom: the chain, then the others in the game's order."""
        return self.chain + [c for c, _name in self.choices if c not in self.chain]

    def _redraw(self, keep: str | None) -> None:
        ol = self.query_one(OptionList)
        ol.clear_options()
        for code in self.order():
            if code in self.chain:
                mark = f"✓ {self.chain.index(code) + 1:>2}"
            else:
                mark = "·   "
            ol.add_option(Option(f"{mark} {code:<9} {self.names[code]}"[:70], id=code))
        if keep is not None:
            ol.highlighted = self.order().index(keep)
        now = ", ".join(self.chain) if self.chain else _(CHAIN_EMPTY)
        self.query_one("#chain-now", Static).update(_(CHAIN_NOW).format(chain=now))

    def _current(self) -> str | None:
        ol = self.query_one(OptionList)
        if ol.highlighted is None:
            return None
        return self.order()[ol.highlighted]

    def action_toggle_code(self) -> None:
        code = self._current()
        if code is None:
            return
        if code in self.chain:
            self.chain.remove(code)
        else:
            self.chain.append(code)
        self._redraw(code)

    def action_move(self, delta: int) -> None:
        code = self._current()
        if code is None or code not in self.chain:
            self.app.bell()  # only a chosen tie-break has a place to move
            return
        i = self.chain.index(code)
        j = max(0, min(len(self.chain) - 1, i + delta))
        self.chain.insert(j, self.chain.pop(i))
        self._redraw(code)

    def on_option_list_option_selected(self, message: OptionList.OptionSelected) -> None:
        message.stop()
        self.dismiss(", ".join(self.chain))

    def action_cancel(self) -> None:
        self.dismiss(None)


class GamePicker(ListPicker):
    """Choose the game of a new event (Up/Down, Enter, or its number)."""

    def __init__(self, folder: str, games: tuple[str, ...]) -> None:
        super().__init__(_(PICK_TITLE).format(folder=folder),
                         [(g, f"{game_title(g)}  ({g})") for g in games],
                         _(PICK_HINT), list_id="games", numbered=True)
        self.folder, self.games = folder, games


class EventForm(FormDialog[bool]):
    """Every field of ``fields`` as one line (label, text); the help line shows the focused
    field's legal values.  Tab / Shift+Tab and Down / Up move between the fields
    (:class:`~swisstui.tui.widgets.dialogs.FormDialog`: at once, so a key typed right after
    lands in the field reached; its text selected, so typing replaces a prefilled value).
    Enter calls ``submit(texts)``: a refusal stays in the form, in the error colour, with the
    cursor on the field at fault."""

    BINDINGS = [
        Binding("escape", "cancel", N_("Cancel")),
        Binding("ctrl+t", "pick_chain", show=False),
    ]

    def __init__(self, title: str, fields: tuple[FormField, ...], values: dict[str, str],
                 submit: Submit, advice: Callable[[str], tuple[str, str] | None] | None = None,
                 focus: str | None = None, chain: ChainSource | None = None,
                 follow: Follow | None = None) -> None:
        """``advice(players_text)``: (rounds text, a note) for the expected-players field;
        ``chain``: the tie-break picker's source (Ctrl+T), None: the chain is typed only;
        ``follow(before, texts)``: (fields to set, warnings) after an edit — the defaults
        that depend on another field (Go's chain on the system:
        :func:`swisstui.core.settings_form.follow_texts`), the warnings on the warning line."""
        super().__init__()
        self.title_text, self.fields, self.values = title, fields, dict(values)
        self.submit, self.advice, self.chain = submit, advice, chain
        self.follow, self._before, self._warned = follow, dict(values), False
        self.focus_field = focus or fields[0].key
        self._help = {f.key: tr(f.help) for f in fields}

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog event-form"):
            yield Static(self.title_text, classes="dialog-title", markup=False)
            with VerticalScroll(classes="form-body"):
                for f in self.fields:
                    with Horizontal(classes="form-line"):
                        yield Label(tr(f.label), classes="form-line-label", markup=False)
                        yield FieldInput(self.values.get(f.key, ""), id=_wid(f.key),
                                         classes="form-line-input")
            yield Static("", id="form-help", classes="form-help", markup=False)
            yield Static("", id="form-error", classes="dialog-warning", markup=False)
            yield Static(_(FORM_KEYS) + (" · " + _(PICK_KEYS_HINT) if self._can_pick() else ""),
                         classes="hint", markup=False)

    def _can_pick(self) -> bool:
        return self.chain is not None and any(f.key == "tiebreaks" for f in self.fields)

    def on_mount(self) -> None:
        self.query_one("#form-error", Static).display = False
        self.focus_on(self.focus_field)
        if self.follow is not None:  # the settings as they are: warned at once
            self._follow_defaults()

    def focus_on(self, key: str | None) -> None:
        ids = [f.key for f in self.fields]
        key = key if key in ids else ids[0]
        self.focus_input(self.query_one(f"#{_wid(key)}", Input))

    def texts(self) -> dict[str, str]:
        return {f.key: self.query_one(f"#{_wid(f.key)}", Input).value for f in self.fields}

    def on_descendant_focus(self, event) -> None:
        widget = event.widget
        if isinstance(widget, Input) and widget.id and widget.id.startswith("ff-"):
            key = _key(widget.id)
            more = " · " + _(PICK_FIELD_HINT) if key == "tiebreaks" and self._can_pick() else ""
            # the key as event.toml names it, once (a game option's help starts with it)
            name, help_ = key.removeprefix(OPTION), self._help.get(key, "")
            line = help_ if help_.startswith(name + ":") else f"{name}: {help_}"
            self.query_one("#form-help", Static).update(line + more)

    def on_input_changed(self, message: Input.Changed) -> None:
        if self.follow is not None and self.is_mounted:
            self._follow_defaults()
        if self.advice is None or not message.input.id or _key(message.input.id) != "players":
            return
        got = self.advice(message.value)
        if got is not None:
            rounds, note = got
            field = self.query_one(f"#{_wid('rounds')}", Input)
            # the rounds the director typed stay (this message may come after them, when the
            # keys came in one burst); else the advice, selected if the cursor is there
            if not (isinstance(field, FieldInput) and field.typed):
                field.value = rounds
                if field.has_focus:
                    field.select_all()
            self.query_one("#form-help", Static).update(note)

    def _follow_defaults(self) -> None:
        """A field whose default depends on the one just changed, still showing the old
        default, takes the new one (choosing McMahon in a Go event: the chain MMS, SOSM…);
        a setting that is another system's default is said on the warning line."""
        assert self.follow is not None
        texts = self.texts()
        updates, warnings = self.follow(self._before, texts)
        for key, text in updates.items():
            self.query_one(f"#{_wid(key)}", Input).value = text
        self._before = {**texts, **updates}
        line = self.query_one("#form-error", Static)
        if warnings:  # (translated by the core)
            line.update(" · ".join(warnings))
            line.display = True
        elif self._warned:
            line.display = False
        self._warned = bool(warnings)

    def on_input_submitted(self, message: Input.Submitted) -> None:
        message.stop()
        if not self.accepting:  # answered already (a second Enter of a burst): never saved twice
            self.refuse()
            return
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

    def action_pick_chain(self) -> None:
        """Ctrl+T: the tie-break picker, started from the chain typed so far; its chain
        replaces the field's text (Esc there keeps the text)."""
        if self.chain is None or not self._can_pick():
            return
        field = self.query_one(f"#{_wid('tiebreaks')}", Input)
        choices, codes = self.chain(field.value)

        def picked(text: str | None) -> None:
            if text is not None:
                field.value = text
            self.focus_input(field)
            # back from the picker, the cursor after the chain (not the chain selected: a
            # key typed next adds to it)
            self.call_after_refresh(field.action_end)

        self.app.push_screen(ChainPicker(choices, codes), picked)

    def action_cancel(self) -> None:
        self.dismiss(False)


def _wid(key: str) -> str:
    return "ff-" + key.replace(".", "--")


def _key(wid: str) -> str:
    return wid.removeprefix("ff-").replace("--", ".")
