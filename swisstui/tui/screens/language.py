"""The language switch (command palette "Language…"): every language with a catalogue
(:func:`swisstui.core.i18n.available`), each in its own words, the current one first
selected.  Choosing one calls ``SwissApp.set_language``, which switches the catalogue and
redraws what is on screen (key bar, header, tables, hints)."""

from __future__ import annotations

from ...core import i18n
from ...core.i18n import _
from ..lang import language_name
from ..widgets.dialogs import ListPicker


class LanguagePicker(ListPicker):
    """Up/Down and Enter (or the number) picks a language; Esc keeps the current one."""

    def __init__(self) -> None:
        current = i18n.current()
        self.langs = i18n.available()
        super().__init__(_("Language of the screens"),
                         [(lang, f"{language_name(lang)}  ({lang})"
                           + ("  ✓" if lang == current else "")) for lang in self.langs],
                         _("Up/Down and Enter, or the number · Esc keeps the language"),
                         list_id="languages", current=current, numbered=True)
