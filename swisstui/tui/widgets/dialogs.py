"""Modal dialogs driven by the keyboard: confirm (y/n), one-line prompt, pick from a list,
player form, help.

Every modal of the TUI is a :class:`Dialog` (a test lists them all): it answers once.  SSH
delivers keys in bursts (a paste or a bouncing key does the same), so a second Enter is often
already queued for the dialog when the first one answers it; Textual's ``dismiss`` would then
pop the screen *under* the dialog, and the last one with ``ScreenStackError`` (issue 31).  A
dialog's later answers are refused with a bell, and nothing else happens.

A form with several fields is a :class:`FormDialog`: Tab / Shift+Tab and Down / Up move the
focus at once, before the next key of the burst is routed (Textual's own Tab moves it only
once the key has reached the focused field and bubbled up, so a key typed right after Tab
went into the field just left), and the field reached shows its whole text selected, so
typing replaces a prefilled value."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, ClassVar, TypeVar

from rich.cells import cell_len
from textual import events
from textual.app import ComposeResult
from textual.await_complete import AwaitComplete
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Input, Label, OptionList, Static
from textual.widgets.option_list import Option

from ...core.i18n import N_, _
from ..lang import tr

TYPED_AHEAD_NOTE = N_("Answer this question first (y or n). Typed ahead, not taken: {keys}")
# the keys line of every form (FormDialog)
FORM_KEYS = N_("Tab / Up / Down move · Enter saves · Esc cancels")

ResultT = TypeVar("ResultT")


async def _nothing() -> None:
    return None


class Dialog(ModalScreen[ResultT]):
    """A modal that answers once: the first ``dismiss`` gives the caller its answer and
    closes the dialog; any later one (a second Enter of the same burst, a number key after
    the Enter that chose) is refused with a bell and changes nothing.  ``accepting`` says
    whether the dialog may still act, for a handler that does something before it
    dismisses (the event form saves first)."""

    answered: bool = False

    @property
    def accepting(self) -> bool:
        """Not answered yet, and the dialog on top (nothing opened over it)."""
        return not self.answered and self.is_active

    def refuse(self) -> None:
        """A key or an answer the dialog does not take: a bell, nothing else."""
        self.app.bell()

    def dismiss(self, result: ResultT | None = None) -> AwaitComplete:
        if not self.accepting:
            self.refuse()
            return AwaitComplete(_nothing())
        self.answered = True
        return super().dismiss(result)


class FieldInput(Input):
    """A dialog's text field that applies its own keys (Backspace, Home, End, Left, Right,
    Ctrl+U, Enter…) the moment it takes them, in order with the characters typed.

    Textual runs a widget's key bindings only once the key has bubbled up to the
    application, after the field has already inserted the characters that followed it in
    the same burst: ``a b Backspace c`` gave ``ab``, not ``ac``, and ``Kim Home x`` gave
    ``Kimx``.  ``typed`` says whether the director has typed in the field (a key other than
    Enter), so a form does not overwrite it with a value it derives from another field."""

    typed = False

    async def on_key(self, event: events.Key) -> None:
        if event.key != "enter":
            self.typed = True
        for binding in self._bindings.key_to_bindings.get(event.key, ()):
            if binding.priority:
                continue
            if await self.app.run_action(binding.action, self):
                event.stop()
                event.prevent_default()
                return


class FormDialog(Dialog[ResultT]):
    """A dialog of several one-line fields (the :class:`~textual.widgets.Input` widgets
    ``form_inputs()`` gives, in order).  Tab / Shift+Tab go to the next / previous field (round
    the form), Down / Up too (stopping at the ends).  They are priority bindings, so the
    focus has moved before the application routes the next key of a burst; the field is
    scrolled into view and a prefilled field has its text selected (``select_on_focus``)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("tab", "next_field(1, True)", show=False, priority=True),
        Binding("shift+tab", "next_field(-1, True)", show=False, priority=True),
        Binding("down", "next_field(1, False)", show=False, priority=True),
        Binding("up", "next_field(-1, False)", show=False, priority=True),
    ]

    def form_inputs(self) -> list[Input]:
        """The form's fields in order (every Input of the dialog unless overridden)."""
        return list(self.query(Input))

    def focus_input(self, widget: Input) -> None:
        """Focus ``widget`` now, not after the queued messages (``Widget.focus`` waits)."""
        self.set_focus(widget)

    def action_next_field(self, delta: int, wrap: bool) -> None:
        inputs = self.form_inputs()
        if not inputs:
            return
        focused = self.focused
        i = inputs.index(focused) if focused in inputs else (-1 if delta > 0 else 0)
        j = i + delta
        if wrap:
            j %= len(inputs)
        elif not 0 <= j < len(inputs):
            return
        self.focus_input(inputs[j])


def shown_now() -> float:
    """Now, on the clock a key is stamped with when it is read (Textual's event time)."""
    return events.Key("", None).time


def typed_before(event: events.Key, shown: float | None) -> bool:
    """``event`` was read before a question shown at ``shown`` was on screen (so it cannot
    answer it); Ctrl+Q always goes through."""
    return shown is not None and event.time < shown and event.key != "ctrl+q"


class ConfirmScreen(Dialog[bool]):
    """A question answered with y / Enter (yes) or n / Esc (no).

    ``enter_confirms=False`` for questions that pop up while the director is typing (replace
    or clear a result): there an Enter typed ahead must not answer yes, only ``y`` does, and
    every other key typed while the question is open is refused with a bell and listed on the
    question (``typed_ahead``), so the caller can say what was not taken: typed-ahead keys
    are never kept for a later question.

    ``answer_typed_ahead=False`` for questions shown after work in a worker (a hand edit's
    costs): a key typed before the question was on screen never answers it, ``y`` included
    (the director confirms costs they have seen); it is refused and listed as above.  Keys
    carry the time they were read, so this holds however fast the worker was."""

    BINDINGS = [
        Binding("y", "answer(True)", N_("Yes")),
        Binding("enter", "enter", N_("Yes"), show=False),
        Binding("n,escape", "answer(False)", N_("No")),
    ]

    def __init__(self, title: str, lines: list[str] | str, yes: str | None = None,
                 enter_confirms: bool = True, answer_typed_ahead: bool = True) -> None:
        """``title``, ``lines`` and ``yes`` (the keys line; default "y = yes, n = no") are
        shown as given: the caller translates them."""
        super().__init__()
        self.title_text = title
        self.lines = [lines] if isinstance(lines, str) else list(lines)
        self.yes = _("y = yes, n = no") if yes is None else yes
        self.enter_confirms = enter_confirms
        self.typed_ahead = ""
        # keys read before this moment were typed before the question existed
        self.opened = None if answer_typed_ahead else shown_now()

    def action_enter(self) -> None:
        if self.enter_confirms:
            self.dismiss(True)
        else:
            self._refuse("⏎")

    def on_key(self, event: events.Key) -> None:
        if typed_before(event, self.opened):
            event.stop()
            event.prevent_default()
            char = event.character
            self._refuse(char if char and char.isprintable() else
                         {"enter": "⏎", "escape": "Esc"}.get(event.key, ""))
            return
        if self.enter_confirms or event.key in ("y", "n", "escape", "enter", "ctrl+q"):
            return
        char = event.character
        if char and char.isprintable():
            event.stop()
            event.prevent_default()
            self._refuse(char)

    def _refuse(self, char: str) -> None:
        self.typed_ahead += char
        self.app.bell()
        note = self.query_one("#confirm-typed", Static)
        note.update(_(TYPED_AHEAD_NOTE).format(keys=self.typed_ahead))
        note.display = True

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(self.title_text, classes="dialog-title", markup=False)
            with VerticalScroll(classes="dialog-body"):
                yield Static("\n".join(self.lines), markup=False, id="confirm-text")
            note = Static("", markup=False, id="confirm-typed", classes="dialog-warning")
            note.display = False
            yield note
            yield Static(self.yes, classes="hint", markup=False)

    def action_answer(self, value: bool) -> None:
        self.dismiss(value)


class MessageScreen(Dialog[None]):
    """Read-only text (explanations, lists); any of Enter / Esc / q closes it."""

    BINDINGS = [Binding("escape,enter,q,space", "close", N_("Close"))]

    def __init__(self, title: str, lines: list[str]) -> None:
        super().__init__()
        self.title_text = title
        self.lines = lines

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(self.title_text, classes="dialog-title", markup=False)
            with VerticalScroll(classes="dialog-body"):
                yield Static("\n".join(self.lines) or _("(nothing)"), markup=False)
            yield Static(_("Enter / Esc closes · Up/Down scroll"), classes="hint", markup=False)

    def on_mount(self) -> None:
        self.query_one(VerticalScroll).focus()

    def action_close(self) -> None:
        self.dismiss(None)


class PromptScreen(Dialog[str | None]):
    """Ask for one line of text; Enter answers, Esc cancels."""

    BINDINGS = [Binding("escape", "cancel", N_("Cancel"))]

    def __init__(self, title: str, hint: str, value: str = "", placeholder: str = "") -> None:
        super().__init__()
        self.title_text, self.hint, self.value, self.placeholder = title, hint, value, placeholder

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(self.title_text, classes="dialog-title", markup=False)
            yield FieldInput(self.value, placeholder=self.placeholder, id="prompt")
            yield Static(self.hint, classes="hint", markup=False)

    def on_mount(self) -> None:
        self.query_one(Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.dismiss(event.value)

    def action_cancel(self) -> None:
        self.dismiss(None)


class ListPicker(Dialog["str | None"]):
    """A title, a list and a hint: Up/Down and Enter pick a row, and with ``numbered`` its
    number (1–9) too; the dialog gives the row's id, Esc gives None.  ``rows`` are (id,
    label), the labels shown as given (the caller translates them); the row ``current`` is
    highlighted first, so Enter keeps it.  ``list_id`` names the list for the stylesheet."""

    BINDINGS = [Binding("escape", "cancel", N_("Cancel"))]

    def __init__(self, title: str, rows: Sequence[tuple[str, str]], hint: str, *,
                 list_id: str, current: str | None = None, numbered: bool = False) -> None:
        super().__init__()
        self.title_text, self.hint = title, hint
        self.ids = [key for key, _label in rows]
        self.labels = [f"{i}  {label}" if numbered else label
                       for i, (_key, label) in enumerate(rows, 1)]
        self.list_id, self.current, self.numbered = list_id, current, numbered

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(self.title_text, classes="dialog-title", markup=False)
            yield OptionList(*(Option(label, id=key)
                               for key, label in zip(self.ids, self.labels)), id=self.list_id)
            yield Static(self.hint, classes="hint", markup=False)

    def on_mount(self) -> None:
        options = self.query_one(OptionList)
        if self.current in self.ids:
            options.highlighted = self.ids.index(self.current)
        options.focus()

    def on_key(self, event: events.Key) -> None:
        char = event.character or ""
        if self.numbered and char.isdecimal() and 1 <= int(char) <= len(self.ids):
            event.stop()
            self.dismiss(self.ids[int(char) - 1])

    def on_option_list_option_selected(self, message: OptionList.OptionSelected) -> None:
        message.stop()
        self.dismiss(message.option.id)

    def action_cancel(self) -> None:
        self.dismiss(None)


# (field, label): labels English (N_), translated in the form.
# Translators: player form labels, at most 12 columns (a Hangul or kanji character counts 2).
FORM_FIELDS = (
    ("name", N_("Name")),
    ("rating", N_("Rating")),
    ("rank", N_("Rank")),
    ("club", N_("Club")),
    ("country", N_("Country")),
    ("federation_id", N_("Fed. id")),
    ("lot", N_("Lot")),
    # Translators: a fixed seat, the board number a player keeps every round.
    ("seat", N_("Fixed seat")),
    # Translators: SMMS is a code (McMahon start score), keep it; at most 12 columns.
    ("smms_correction", N_("SMMS corr")),
    ("birth", N_("Birth")),
    ("sex", N_("Sex")),
    ("title", N_("Title")),
    ("notes", N_("Notes")),
    # Translators: the name's reading (furigana, romanisation) used to sort and search.
    ("reading", N_("Reading")),
)
# a new player may also be given an id (the next free one otherwise); last, so Tab after the
# name still reaches Rating and Rank first
NEW_FORM_FIELDS = (*FORM_FIELDS, ("id", N_("Id")))


class PlayerForm(FormDialog[dict[str, Any] | None]):
    """Add or edit a player: Tab / Shift+Tab or Down / Up between fields, Enter saves, Esc
    cancels."""

    BINDINGS = [Binding("escape", "cancel", N_("Cancel"))]

    def __init__(self, title: str, values: dict[str, Any] | None = None,
                 fields: tuple[tuple[str, str], ...] = FORM_FIELDS,
                 focus: str | None = None,
                 lookup: Callable[[str], Sequence[Any]] | None = None) -> None:
        """``focus``: the field that gets the cursor (default the first; after a refusal,
        the field the message names).  ``lookup``: the rating lists' search (issue 36 item
        2; rows with ``player_fields()``, :class:`swisstui.core.rating_index.RatedPlayer`):
        while the name is typed, the rows found are listed under it — Down / Up highlight
        one, Enter then fills the form from it, Esc closes the list."""
        super().__init__()
        self.title_text = title
        self.values = values or {}
        self.fields = fields
        self.focus_field = focus if focus in {k for k, _label in fields} else fields[0][0]
        self.lookup = lookup
        self.found: list[Any] = []
        self._chosen: str | None = None  # the name a chosen row wrote: no new search for it

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(self.title_text, classes="dialog-title", markup=False)
            for key, label in self.fields:
                with Horizontal(classes="form-row form-line"):
                    yield Label(tr(label), classes="form-label form-line-label", markup=False)
                    v = self.values.get(key)
                    yield FieldInput("" if v is None else str(v), id=f"f-{key}",
                                     classes="form-line-input")
                if key == "name" and self.lookup is not None:
                    found = Static("", id="f-found", classes="form-found", markup=False)
                    found.display = False
                    yield found
            yield Static(_(FORM_KEYS), classes="hint", markup=False, id="form-keys")

    def on_mount(self) -> None:
        self.focus_input(self.query_one(f"#f-{self.focus_field}", Input))

    # ---- the rating lists' suggestions ------------------------------------------------------
    # A plain text of up to three rows under the name (redrawn in the frame of the letter
    # typed: a list widget took one more frame and a layout); the name keeps the cursor, and
    # ``picked`` is the row Down / Up highlight (None: the name is being typed).
    picked: int | None = None

    def on_input_changed(self, event: Input.Changed) -> None:
        if self.lookup is None or event.input.id != "f-name":
            return
        if event.value == self._chosen:  # the row just chosen wrote it
            return
        self._chosen = None
        text = event.value.strip()
        # two letters, or one wide one: a Hangul or kanji syllable is a whole surname (김)
        self.found = list(self.lookup(text)) if cell_len(text) >= 2 else []
        self.picked = None
        self._draw_found()

    def _draw_found(self) -> None:
        found = self.query_one("#f-found", Static)
        if not self.found:
            found.display = False
            self.query_one("#form-keys", Static).display = True
            return
        first = 0 if self.picked is None else max(0, min(self.picked - 1,
                                                         len(self.found) - FOUND_ROWS))
        rows = []
        for i, row in enumerate(self.found[first:first + FOUND_ROWS], first):
            mark = "▶ " if i == self.picked else "  "
            rows.append(mark + found_label(row))
        found.update("\n".join(rows))
        found.display = True
        self.query_one("#form-keys", Static).display = False

    def _found_shown(self) -> bool:
        return self.lookup is not None and bool(self.found)

    def action_next_field(self, delta: int, wrap: bool) -> None:
        name = self.query_one("#f-name", Input) if self.lookup is not None else None
        if self._found_shown() and not wrap and self.focused is name:
            # Down / Up from the name move the highlight in the rows found; Up from the
            # first row gives the name back, Down past the last stays
            if self.picked is None:
                if delta > 0:
                    self.picked = 0
                    self._draw_found()
                    return
            else:
                self.picked = None if self.picked + delta < 0 else \
                    min(self.picked + delta, len(self.found) - 1)
                self._draw_found()
                return
        super().action_next_field(delta, wrap)

    def _fill(self, row: Any) -> None:
        keys = {k for k, _label in self.fields}
        self._chosen = row.name
        for key, value in row.player_fields().items():
            if key in keys and value is not None:
                field = self.query_one(f"#f-{key}", Input)
                field.value = str(value)
                field.cursor_position = len(field.value)  # a key typed next goes after it
        self._close_found()

    def _close_found(self) -> None:
        self.found = []
        self.picked = None
        self._draw_found()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        if not self.accepting:
            self.refuse()
            return
        if self.picked is not None and self._found_shown():  # Enter on a row: fill from it
            self._fill(self.found[self.picked])
            return
        out: dict[str, Any] = {}
        for key, _label in self.fields:
            out[key] = self.query_one(f"#f-{key}", Input).value.strip()
        self.dismiss(out)

    def action_cancel(self) -> None:
        if self._found_shown():  # Esc closes the suggestions first
            self._close_found()
            return
        self.dismiss(None)


FOUND_ROWS = 3  # the rows found shown under the name (the form fits 80×24)


def found_label(row: Any) -> str:
    """One rating-list row as the player form lists it: name, id, rating or rank,
    federation, club, the list (fits the 72 columns of the form)."""
    parts = [row.name, row.id, row.rating if row.rating is not None else row.rank,
             row.federation, row.club, str(row.source).upper()]
    text = "  ".join(str(x) for x in parts if x not in (None, ""))
    while cell_len(text) > 70:
        text = text[:-2] + "…"
    return text


def field_named_in(message: str, fields: tuple[tuple[str, str], ...] = FORM_FIELDS) -> str | None:
    """The form field a refusal is about (``rating: 'x' is not a whole number``,
    ``rating must be 0 to 9999``, ``a player name cannot …``): the one named first."""
    import re
    found = []
    for key, _label in fields:
        m = re.search(rf"\b{key}\b", message)
        if m:
            found.append((m.start(), key))
    return min(found)[1] if found else None


def pad_cells(text: str, width: int) -> str:
    """``text`` followed by spaces up to ``width`` terminal cells (a wide character counts 2)."""
    return text + " " * max(0, width - cell_len(text))


class HelpScreen(Dialog[None]):
    """Every key of the current mode, how to use it, then the global keys (F1 / ?)."""

    BINDINGS = [Binding("escape,f1,question_mark,q,enter", "close", N_("Close"))]

    def __init__(self, title: str, rows: list[tuple[str, str]], notes: tuple[str, ...],
                 rows_global: list[tuple[str, str]] | None = None) -> None:
        super().__init__()
        self.title_text, self.rows, self.notes = title, rows, notes
        self.rows_global = rows_global or []

    def compose(self) -> ComposeResult:
        # key names are ASCII, but pad by cells all the same (textwidth rule)
        width = max((cell_len(k) for k, _d in self.rows + self.rows_global), default=4) + 2
        lines = [pad_cells(k, width) + d for k, d in self.rows]
        if self.notes:
            lines.append("")
            lines.extend(self.notes)
        if self.rows_global:
            lines += ["", _("In every mode:")]
            lines += [pad_cells(k, width) + d for k, d in self.rows_global]
        with Vertical(classes="dialog"):
            yield Static(self.title_text, classes="dialog-title", markup=False)
            with VerticalScroll(classes="dialog-body"):
                yield Static("\n".join(lines), markup=False, id="help-text")
            yield Static(_("Up/Down scroll · Esc closes"), classes="hint", markup=False)

    def on_mount(self) -> None:
        self.query_one(VerticalScroll).focus()

    def action_close(self) -> None:
        self.dismiss(None)
