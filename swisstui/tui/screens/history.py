"""The event's history in the TUI (``L`` in every mode, issue 34 item 3): the log of every
change, newest first, filtered as the director types (words, author, round, board, player:
``r3``, ``b7``, ``p12``); Enter shows what the highlighted entry changed, in words; Ctrl+R
brings the event back to it after a preview (``swisstui restore``).  The work is
:mod:`swisstui.core.services.history`'s."""

from __future__ import annotations

from collections.abc import Sequence

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from ...core.collation import search_text
from ...core.i18n import N_, _
from ...core.services.history import subject_text
from ..widgets.dialogs import Dialog, FieldInput

# Translators: the keys of the history view; r3, b7, p12 are typed as they are.
HINT = N_("type to filter (r3 round, b7 board, p12 player) · Enter what changed · "
          "Ctrl+R restore to it · Esc")
SHOW, RESTORE = "show:", "restore:"


def entry_label(e) -> str:
    when = e.time.replace("T", " ")[5:16]
    where = f" [{e.section}]" if e.section else ""
    return f"#{e.number:<4} {when}  {e.author}{where}: {subject_text(e.subject)}"


def searched(e) -> str:
    """What a filter word is looked for in: the words shown, the English record, the
    author, the reason and the section, folded (accents and case ignored)."""
    return search_text(f"{subject_text(e.subject)} {e.subject} {e.author} {e.reason or ''} "
                       f"{e.section or ''}", None)


def matches(e, needle: str, text: str | None = None) -> bool:
    """Whether entry ``e`` matches every word of the filter: ``r3``, ``b7``, ``p12`` name a
    round, a board, a player; any other word is looked for in :func:`searched` (``text``:
    it, worked out already)."""
    text = searched(e) if text is None else text
    for word in needle.split():
        low = word.lower()
        if low[:1] in "rbp" and low[1:].isdecimal():
            value = int(low[1:])
            if (low[0] == "r" and e.round != value) or (low[0] == "b" and e.board != value) \
                    or (low[0] == "p" and value not in e.players):
                return False
        elif search_text(word, None) not in text:
            return False
    return True


class HistoryScreen(Dialog["str | None"]):
    """``entries``: the core's log, newest first.  Answers ``show:NUMBER``,
    ``restore:NUMBER`` or None (Esc)."""

    BINDINGS = [
        Binding("escape", "cancel", N_("Cancel")),
        Binding("ctrl+r", "restore", show=False, priority=True),
        Binding("down", "move(1)", show=False, priority=True),
        Binding("up", "move(-1)", show=False, priority=True),
        Binding("pagedown", "move(10)", show=False, priority=True),
        Binding("pageup", "move(-10)", show=False, priority=True),
    ]

    def __init__(self, entries: Sequence, title: str, needle: str = "",
                 at: int | None = None) -> None:
        """``needle``, ``at``: the filter and the entry highlighted when it opens (the view
        comes back where the director left it, after an entry was shown)."""
        super().__init__()
        self.entries = list(entries)
        self.title_text = title
        # worked out once, not at each key: 10 000 entries are a long event's history
        self._labels = {e.number: entry_label(e) for e in self.entries}
        self._texts: dict[int, str] = {}
        self.needle = needle.strip()
        self.shown = self._filtered(self.needle)
        self._at = at

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog history"):
            yield Static(self.title_text, classes="dialog-title", markup=False)
            yield FieldInput(self.needle, placeholder=_("filter"), id="history-filter")
            yield OptionList(*self._options(), id="history")
            yield Static(_(HINT), classes="hint", markup=False)

    def _options(self) -> list[Option]:
        return [Option(self._labels[e.number], id=str(e.number)) for e in self.shown] or \
            [Option(_("no entry matches"), id="", disabled=True)]

    def on_mount(self) -> None:
        self.query_one(Input).focus()
        options = self.query_one(OptionList)
        if self.shown:
            numbers = [e.number for e in self.shown]
            options.highlighted = numbers.index(self._at) if self._at in numbers else 0

    def _filtered(self, needle: str) -> list:
        if needle and not self._texts:
            self._texts = {e.number: searched(e) for e in self.entries}
        return [e for e in self.entries if matches(e, needle, self._texts.get(e.number))]

    def on_input_changed(self, message: Input.Changed) -> None:
        needle = message.value.strip()
        if needle == self.needle:
            return  # (the filter it opened with: already applied, its highlight kept)
        self.needle = needle
        self.shown = self._filtered(needle)
        options = self.query_one(OptionList)
        options.clear_options()
        options.add_options(self._options())
        options.highlighted = 0 if self.shown else None

    def action_move(self, delta: int) -> None:
        options = self.query_one(OptionList)
        if not self.shown:
            return
        at = options.highlighted or 0
        options.highlighted = max(0, min(len(self.shown) - 1, at + delta))

    def _current(self) -> str | None:
        at = self.query_one(OptionList).highlighted
        return str(self.shown[at].number) if at is not None and 0 <= at < len(self.shown) \
            else None

    def on_input_submitted(self, message: Input.Submitted) -> None:
        message.stop()
        number = self._current()
        if number is not None:
            self.dismiss(SHOW + number)

    def on_option_list_option_selected(self, message: OptionList.OptionSelected) -> None:
        message.stop()
        if message.option.id:
            self.dismiss(SHOW + message.option.id)

    def action_restore(self) -> None:
        number = self._current()
        if number is not None:
            self.dismiss(RESTORE + number)

    def action_cancel(self) -> None:
        self.dismiss(None)
