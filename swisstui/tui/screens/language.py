"""The language switch (command palette "Language…"): every language with a catalogue
(:func:`swisstui.core.i18n.available`), each in its own words, the current one first
selected.  Choosing one calls ``SwissApp.set_language``, which switches the catalogue and
redraws what is on screen (key bar, header, tables, hints)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from ...core import i18n
from ...core.i18n import N_, _
from ..lang import language_name


class LanguagePicker(ModalScreen["str | None"]):
    """Up/Down and Enter (or the number) picks a language; Esc keeps the current one."""

    BINDINGS = [Binding("escape", "cancel", N_("Cancel"))]

    def __init__(self) -> None:
        super().__init__()
        self.langs = i18n.available()

    def compose(self) -> ComposeResult:
        current = i18n.current()
        with Vertical(classes="dialog"):
            yield Static(_("Language of the screens"), classes="dialog-title", markup=False)
            yield OptionList(*(Option(f"{i}  {language_name(lang)}  ({lang})"
                                      + ("  ✓" if lang == current else ""), id=lang)
                               for i, lang in enumerate(self.langs, 1)), id="languages")
            yield Static(_("Up/Down and Enter, or the number · Esc keeps the language"),
                         classes="hint", markup=False)

    def on_mount(self) -> None:
        options = self.query_one(OptionList)
        current = i18n.current()
        if current in self.langs:
            options.highlighted = self.langs.index(current)
        options.focus()

    def on_key(self, event) -> None:
        char = event.character or ""
        if char.isdigit() and 1 <= int(char) <= len(self.langs):
            event.stop()
            self.dismiss(self.langs[int(char) - 1])

    def on_option_list_option_selected(self, message: OptionList.OptionSelected) -> None:
        message.stop()
        self.dismiss(message.option.id)

    def action_cancel(self) -> None:
        self.dismiss(None)
