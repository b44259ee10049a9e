"""The prize view in the TUI (issue 35 item 8; ``A`` in every mode, Ctrl+G at the desk): the
allocation of the event's ``prizes.toml`` over the standings as a table — prize, player,
money and items, the players it was shared with — and, with Enter (or ``w``), the
explanation lines, each group's in turn.  A refusal of the prizes file (no file, a
``prizes.toml:LINE:`` problem) is the status line's message and the table stays empty.
The allocation and its explanations are :func:`swisstui.core.services.prizes.prize_allocation`'s
(read only: nothing is written); the prints of the ceremony and the payout sheet are the
print prompt's (``P``) when the export table has them."""

from __future__ import annotations

import os

from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Static

from ...core.errors import SwissError
from ...core.i18n import N_, _
from ...core.model import Event
from ...core.prizes import Allocation, line_text, money_text
from ...core.readers import Message, reader_text
from ...core.services import prizes as svc
from .. import keymap
from ..widgets.dialogs import MessageScreen
from ..widgets.fasttable import FastTable
from .base import EventScreen
from .standings import update_table

# Translators: the prize view's columns; "Shared with" lists the ids of the players a
# prize's money was shared with.  At most 14 columns each.
COLUMNS = (N_("Prize"), N_("Player"), N_("Money / item"), N_("Shared with"))
FIXED = {N_("Prize"): 16, N_("Money / item"): 18, N_("Shared with"): 12}
AFTER = N_("after round {round_no} · total paid {amount} · Enter: why")
PROVISIONAL = N_("provisional: {warning}")
NOT_AWARDED = N_("not awarded: nobody eligible")
WHY_TITLE = N_("Why these prizes")


def fitted_label(label, width: int) -> str:
    """A prize's label in ``width`` cells: a long category name is cut (…), never its place
    ("Under 2000 rati…" twice could not tell 1st from 2nd)."""
    from rich.cells import cell_len
    text = line_text(label, _)
    category = getattr(label, "fields", {}).get("category")
    if cell_len(text) <= width or not isinstance(category, str):
        return text
    frame = cell_len(line_text(Message(label.msgid, **{**label.fields, "category": ""}), _))
    room = max(1, width - frame - 1)
    cut = ""
    for ch in category:
        if cell_len(cut + ch) > room:
            break
        cut += ch
    return line_text(Message(label.msgid, **{**label.fields, "category": cut + "…"}), _)


def prize_text(money, item: str, currency: str) -> str:
    cur = f" {currency}" if currency else ""
    return " + ".join(x for x in ((money_text(money) + cur) if money else "", item) if x) \
        or "-"


class PrizeScreen(EventScreen):
    """The prizes of the application's current section folder."""

    MODE = "prizes"
    BINDINGS = [*(Binding(k.keys, k.action, k.description, show=False, priority=True)
                  for k in keymap.MODE_KEYS["prizes"]),
                *(Binding(fk, f"leave('{mode}')", show=False, priority=True)
                  for mode, (_t, fk, _l) in keymap.MODES.items())]

    allocation: Allocation | None = None
    _stat: tuple | None = None
    _refused = False  # the status line shows the prizes file's refusal

    def compose_body(self) -> ComposeResult:
        yield Static("", id="prizes-hint", classes="hint", markup=False)
        yield FastTable(id="prizes")

    def on_mount(self) -> None:
        super().on_mount()
        self.query_one("#prizes", FastTable).focus()
        self.set_interval(0.5, self._poll_file, name="prizes-watcher")

    def _file_stat(self) -> tuple | None:
        try:
            st = os.stat(svc.prizes_path(self.sapp.folder))
        except OSError:
            return None
        return (st.st_mtime_ns, st.st_size, st.st_ino)

    def _poll_file(self) -> None:
        """prizes.toml edited while the view is open: allocated again."""
        if self._file_stat() != self._stat and self.event is not None:
            self.show_event(self.event)

    def show_event(self, event: Event) -> None:
        self._stat = self._file_stat()
        table = self.query_one("#prizes", FastTable)
        hint = self.query_one("#prizes-hint", Static)
        cols = [_(c) for c in COLUMNS]
        fixed = {_(k): v for k, v in FIXED.items()}
        try:
            alloc = svc.prize_allocation(self.sapp.folder, event)
        except SwissError as exc:  # no file, or its file:line refusal
            self.allocation = None
            update_table(table, cols, [], fixed, [], fit=(_("Player"),))
            hint.update("")
            self.error(str(exc))
            self._refused = True
            return
        if self._refused:  # the file is good again: its refusal no longer stands
            self._refused = False
            self.status("")
        self.allocation = alloc
        rows: list[tuple[str, ...]] = []
        keys: list[str] = []
        for g in alloc.groups:
            rows.append((f"▸ {g.name}", "", "", ""))
            keys.append(f"group:{g.name}")
            for a in g.awards:
                rows.append((fitted_label(a.label, FIXED[N_("Prize")]),
                             f"{a.name} ({a.player})",
                             prize_text(a.money, a.item, alloc.currency),
                             ", ".join(str(i) for i in a.shared_with)))
                keys.append(f"{g.name}:{a.category}:{a.place}:{a.player}")
            for cat, place in g.unawarded:
                # the label the core gives an awarded place (core/prizes.py _label)
                rows.append((fitted_label(Message(N_("{category} {place}."), category=cat,
                                                  place=place), FIXED[N_("Prize")]),
                             _(NOT_AWARDED), "", ""))
                keys.append(f"{g.name}:{cat}:{place}:")
        update_table(table, cols, rows, fixed, keys, fit=(_("Player"),), strings=True)
        cur = f" {alloc.currency}" if alloc.currency else ""
        hint.update(_(AFTER).format(round_no=alloc.after_round,
                                    amount=money_text(alloc.totals()[""]) + cur))
        if alloc.warnings:
            self.status(_(PROVISIONAL).format(warning=reader_text(alloc.warnings[0], _)))

    def action_explain(self) -> None:
        alloc = self.allocation
        if alloc is None:
            if self.event is not None:
                self.show_event(self.event)  # says again why there is none
            return
        lines: list[str] = [reader_text(w, _) for w in alloc.warnings]
        for g in alloc.groups:
            if lines:
                lines.append("")
            lines.append(g.name)
            lines += ["  " + line_text(x, _) for x in g.explanation]
        self.app.push_screen(MessageScreen(_(WHY_TITLE), lines))

    def action_back(self) -> None:
        self.app.pop_screen()

    def action_leave(self, mode: str) -> None:
        self.sapp.leave_desk(mode)

    def action_print(self) -> None:
        from ..print_prompt import ask_print, desk_pages
        pages = desk_pages(("ceremony", "payout"))
        if not pages:
            self.status(_("no print of the prizes yet: swisstui prizes EVENT prints them"))
            return
        ask_print(self, offered=pages)
