"""The sections dialog (F9, issue 33 item 8): the event's sections, each with its game, its
round, its players and its first board in the hall, the current one first selected.  Enter
(or the number) makes every mode act on the section chosen (``SwissApp.use_section``); ``a``
adds a section, ``b`` numbers the highlighted one's boards in the hall, ``d`` distributes the
players not yet paired, Delete removes an empty section.  The work is in
:mod:`swisstui.core.services.sections`; :mod:`swisstui.tui.section_actions` asks for what
each action needs and says what it did."""

from __future__ import annotations

from collections.abc import Sequence

from textual.binding import Binding
from textual.widgets import OptionList

from ...core.games import game_title
from ...core.i18n import N_, _
from ..widgets.dialogs import ListPicker
from ..widgets.header import count

#: What the dialog answers besides a section's name (names are plain words: no clash)
ADD, BOARD, DISTRIBUTE, REMOVE = "+add", "+board:", "+distribute", "+remove:"
# Translators: the keys of the sections dialog (F9); a, b, d and Del are keys, keep them.
HINT = N_("Enter or the number switches · a add · b first board · d distribute · "
          "Del remove · Esc")


class SectionPicker(ListPicker):
    """``rows``: the core's ``Section`` records (:func:`swisstui.core.services.sections.
    list_sections`).  Answers a section's name, :data:`ADD`, :data:`DISTRIBUTE`, or
    :data:`BOARD` / :data:`REMOVE` followed by the highlighted section's name; None (Esc)."""

    BINDINGS = [
        *ListPicker.BINDINGS,
        Binding("a", "answer_add", show=False),
        Binding("b", "answer_board", show=False),
        Binding("d", "answer_distribute", show=False),
        Binding("delete,x", "answer_remove", show=False),
    ]

    def __init__(self, rows: Sequence, current: str) -> None:
        super().__init__(
            _("Sections"),
            [(r.name, "  ·  ".join((r.name, game_title(r.game),
                                    _("Round {round}/{rounds}").format(round=r.paired,
                                                                       rounds=r.rounds),
                                    count(r.players, "player"))
                                   + ((_("boards from {number}").format(number=r.first_board),)
                                      if r.first_board != 1 else ()))
              + ("  ✓" if r.name == current else "")) for r in rows],
            _(HINT), list_id="sections", current=current, numbered=True)

    def highlighted(self) -> str | None:
        at = self.query_one(OptionList).highlighted
        return self.ids[at] if at is not None and 0 <= at < len(self.ids) else None

    def _answer(self, value: str | None) -> None:
        if value is not None:
            self.dismiss(value)

    def action_answer_add(self) -> None:
        self._answer(ADD)

    def action_answer_distribute(self) -> None:
        self._answer(DISTRIBUTE)

    def action_answer_board(self) -> None:
        name = self.highlighted()
        self._answer(BOARD + name if name else None)

    def action_answer_remove(self) -> None:
        name = self.highlighted()
        self._answer(REMOVE + name if name else None)
