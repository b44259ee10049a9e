"""The director's desk in the TUI (issue 35 items 1-3, 5; ``D`` or F10 in every mode): a
screen over the mode the director was in, Esc goes back to it.

* The search line keeps the cursor: each letter typed narrows the list (name or its reading,
  club, country, id; accents, case and kana ignored: the core's
  :func:`swisstui.core.services.desk.search`), Enter checks the highlighted player in, or out
  again, and empties the line for the next name.  Up / Down / PgUp / PgDn move in the list.
* The counts (checked in / expected / paid) and whether check-in is open stay on screen;
  Tab shows only the players not checked in, or everyone again.
* Ctrl+O opens check-in, or closes it: the core's preview of who is not checked in, then
  ``a`` (absent: the game's unplayed result for the round) or ``w`` (withdrawn), one call of
  :func:`~swisstui.core.services.desk.close_check_in`.
* Ctrl+F sets the highlighted player's fee due (with a discount and its reason), Ctrl+T
  takes a payment (amount, method), Ctrl+N changes the entry's state, Ctrl+G opens the
  prizes (:mod:`.prizes`).

Every key the search line does not take is a key of the screen: Enter, Tab, Esc and Ctrl
letters a text field leaves alone, so a burst of letters and Enter (SSH) lands whole in the
search line and Enter acts on the list those letters narrowed; an Enter right after the one
that checked a player in or out (a bouncing key) is a bell, not a second toggle.  The desk
file is another director's too: it is read again when it changes on disk.  No rule here: every step is a
call of :mod:`swisstui.core.services.desk`."""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from decimal import Decimal
from pathlib import Path
from typing import Any

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Input, Label, Static

from ...core import fees
from ...core.errors import SwissError
from ...core.fees import Desk
from ...core.i18n import N_, _, current, ngettext
from ...core.interop.tables import money_text
from ...core.model import Event, Player
from ...core.readers import number_text
from ...core.registration import CHECKED_IN, STATE_WORDS, STATES, WITHDRAWN
from ...core.services import desk as svc
from .. import keymap
from ..backend import guarded
from ..widgets.dialogs import (FORM_KEYS, Dialog, FieldInput, FormDialog, ListPicker,
                               PromptScreen, shown_now, typed_before)
from ..widgets.fasttable import FastTable
from .base import EventScreen
from .standings import update_table

# Strings a director reads (English, marked with N_, shown with _()).
SEARCH_HINT = N_("type a name, club or id: the list narrows · Enter checks in / out")
# Translators: the desk's columns; "Owed" is the fee still to pay, "Byes" the rounds the
# player asked to skip.  At most 14 columns each.
COLUMNS = (N_("Id"), N_("Name"), N_("State"), N_("Owed"), N_("Byes"))
FIXED = {N_("Id"): 5, N_("State"): 14, N_("Owed"): 9, N_("Byes"): 6}
SHOWN_ALL = N_("everyone: {shown} · Tab: only those not checked in")
SHOWN_NOT_IN = N_("not checked in: {shown} · Tab: everyone")
MATCHING = N_(" · matching {text}")
TOGGLED = N_("{name} ({id}): {state}")
NOBODY = N_("no player in the list: type fewer letters (Backspace) or Esc")
OPENED = N_("check-in is open: type a name, Enter checks the player in")
CLOSE_TITLE = N_("Close check-in for round {round_no}")
CLOSE_NONE = N_("Every player expected for round {round_no} is checked in.")
CLOSE_KEYS = N_("a = absent ({points} points each) · w = withdraw · Esc = keep it open")
KEPT_OPEN = N_("check-in stays open")
DUE_TITLE = N_("Fee due: {name} ({id})")
PAY_TITLE = N_("Payment: {name} ({id}), owes {owed}")
PAY_HINT = N_("methods: {methods} (a name or its number)")
# Translators: the fee forms' labels, at most 10 columns.
DUE_FIELDS = (("due", N_("Due")), ("discount", N_("Discount")), ("reason", N_("Reason")))
PAY_FIELDS = (("amount", N_("Amount")), ("method", N_("Method")))
DUE_SAVED = N_("saved: {name} ({id}) due {due}, paid {paid}, owed {owed}")
PAID = N_("saved: {name} ({id}) paid {amount} by {method}; owes {owed}")
PAID_OVER = N_("saved: {name} ({id}) paid {amount} by {method}; to refund {refund}")
STATE_TITLE = N_("Entry state: {name} ({id}), now {state}")
STATE_HINT = N_("Up/Down and Enter, or the number · Esc cancels")
STATE_SAVED = N_("saved: {name} ({id}) is {state}")
NOT_CHANGED = N_("nothing changed")
NO_PLAYER = N_("no player highlighted")


def state_word(state: str) -> str:
    return _(STATE_WORDS.get(state, state))


def money(value: Decimal, currency: str = "") -> str:
    """An amount as the prints show it, with the director's decimal mark (12,50 in pt_BR)."""
    return money_text(value, currency, current())


class SearchLine(FieldInput):
    """The desk's search line: what it does not take (Enter, Tab, Esc, Up/Down, Ctrl
    letters) goes to the screen."""


class DeskForm(FormDialog["dict[str, str] | None"]):
    """A small form of one-line fields (``fields``: (key, English label)) with a hint line
    and, after a refusal, the refusal in its own line; Enter answers the texts, Esc None."""

    BINDINGS = [Binding("escape", "cancel", N_("Cancel"))]
    # the methods' line wraps (a sentence), as a prompt's hint does
    DEFAULT_CSS = """
    DeskForm .desk-form-hint {
        height: auto;
        padding: 0 1;
        color: $secondary;
    }
    """

    def __init__(self, title: str, fields: Sequence[tuple[str, str]], values: dict[str, str],
                 hint: str = "", error: str = "", focus: str | None = None) -> None:
        super().__init__()
        self.title_text, self.fields, self.values = title, tuple(fields), dict(values)
        self.hint, self.error_text = hint, error
        keys = [k for k, _label in self.fields]
        self.focus_field = focus if focus in keys else keys[0]

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog desk-form"):
            yield Static(self.title_text, classes="dialog-title", markup=False)
            for key, label in self.fields:
                with Horizontal(classes="form-row form-line"):
                    yield Label(_(label), classes="form-label form-line-label", markup=False)
                    yield FieldInput(self.values.get(key, ""), id=f"f-{key}",
                                     classes="form-line-input")
            if self.error_text:
                yield Static(self.error_text, classes="dialog-warning", markup=False)
            if self.hint:
                yield Static(self.hint, classes="desk-form-hint", markup=False)
            yield Static(_(FORM_KEYS), classes="hint", markup=False)

    def on_mount(self) -> None:
        self.focus_input(self.query_one(f"#f-{self.focus_field}", Input))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        if not self.accepting:
            self.refuse()
            return
        self.dismiss({key: self.query_one(f"#f-{key}", Input).value.strip()
                      for key, _label in self.fields})

    def action_cancel(self) -> None:
        self.dismiss(None)


class CloseCheckIn(Dialog["str | None"]):
    """The core's preview of who is not checked in; ``a`` absent, ``w`` withdraw, Esc keeps
    check-in open.  No key typed before the preview was on screen answers it — Enter, nor
    the ``a`` or ``w`` of a name typed on behind Ctrl+O (``wang`` withdrew everyone not yet
    checked in) — each is refused with a bell."""

    BINDINGS = [Binding("a", "answer('absent')", show=False),
                Binding("w", "answer('withdraw')", show=False),
                Binding("escape,n", "answer('')", show=False)]

    def __init__(self, title: str, lines: list[str], keys: str) -> None:
        super().__init__()
        self.title_text, self.lines, self.keys = title, lines, keys
        self.opened = shown_now()  # (as ConfirmScreen.opened)

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(self.title_text, classes="dialog-title", markup=False)
            with VerticalScroll(classes="dialog-body"):
                yield Static("\n".join(self.lines), markup=False, id="close-list")
            yield Static(self.keys, classes="hint close-keys", markup=False)

    def on_mount(self) -> None:
        self.query_one(VerticalScroll).focus()

    def on_key(self, event: events.Key) -> None:
        if event.key == "enter" or typed_before(event, self.opened):  # typed ahead
            event.stop()
            event.prevent_default()
            self.app.bell()

    def action_answer(self, choice: str) -> None:
        self.dismiss(choice or None)


def _leave(mode: str) -> Binding:
    return Binding(keymap.MODES[mode][1], f"leave('{mode}')", show=False, priority=True)


class DeskScreen(EventScreen):
    """The desk over the application's current section folder (``app.folder``)."""

    MODE = "desk"
    BINDINGS = [*(Binding(k.keys, k.action, k.description, show=False, priority=True)
                  for k in keymap.MODE_KEYS["desk"]),
                Binding("down", "move(1)", show=False, priority=True),
                Binding("up", "move(-1)", show=False, priority=True),
                Binding("pagedown", "move(10)", show=False, priority=True),
                Binding("pageup", "move(-10)", show=False, priority=True),
                *(_leave(mode) for mode in keymap.MODES)]

    not_checked_in = False
    desk: Desk = Desk()
    _desk_stat: tuple | None = None
    _applied: str | None = None  # the search text the list shows
    # the player Enter just checked in or out; an Enter right after it on the emptied line
    # (a bouncing key, two Enters in one burst) does not check them out again
    _toggled: int | None = None

    def compose_body(self) -> ComposeResult:
        yield SearchLine(placeholder=_(SEARCH_HINT), id="desk-search")
        yield Static("", id="desk-counts", classes="hint", markup=False)
        yield Static("", id="desk-shown", classes="hint", markup=False)
        yield FastTable(id="desk-players")

    def translate_fixed(self) -> None:
        self.query_one("#desk-search", Input).placeholder = _(SEARCH_HINT)

    def on_mount(self) -> None:
        self._rows: dict[int, tuple[str, ...]] = {}
        self._states: dict[int, str] = {}  # each player's state, as the desk was read
        self._counts: fees.Counts | None = None
        self._shown: list[Player] = []
        super().on_mount()
        self.query_one("#desk-search", Input).focus()
        self.set_interval(0.5, self._poll_desk, name="desk-watcher")

    # ---- reading ------------------------------------------------------------------------
    @property
    def folder(self) -> Path:
        return self.sapp.folder

    def _stat(self) -> tuple | None:
        try:
            st = os.stat(svc.desk_path(self.folder))
        except OSError:
            return None
        return (st.st_mtime_ns, st.st_size, st.st_ino)

    def _poll_desk(self) -> None:
        """Another director (or the CLI) changed the desk file: read it again."""
        if self._stat() != self._desk_stat and self.event is not None:
            self.show_event(self.event)

    def show_event(self, event: Event) -> None:
        self._desk_stat = self._stat()
        try:
            self.desk = svc.load_desk(self.folder, event)
        except SwissError as exc:  # a damaged desk file: its line, the last desk kept
            self.error(str(exc))
        desk = self.desk
        cur = desk.currency
        self._rows, self._states = {}, {}
        for p in event.players:
            e = desk.entry(p.id)
            owed = money(e.owed, cur) if e.due or e.payments else ""
            byes = ",".join(str(r) for r, _k in p.byes)
            self._states[p.id] = state = fees.state_of(desk, p)
            self._rows[p.id] = (str(p.id), p.name, state_word(state), owed, byes)
        self._counts = fees.counts(event, desk)
        svc.search(event, "")  # the pool folded once, before the first key
        self._applied = None
        self.apply_search(keep=True)

    def players(self, text: str) -> list[Player]:
        """The players the list shows for the search ``text`` (the core's search; the whole
        pool by name without one), less those checked in with the filter on."""
        ev = self.event
        if ev is None:
            return []
        found = svc.search(ev, text)  # the whole pool by name for no text
        if self.not_checked_in:
            found = [p for p in found
                     if self._states.get(p.id) not in (CHECKED_IN, WITHDRAWN)]
        return found

    def apply_search(self, keep: bool = False) -> None:
        """Show the list for the search line's text now (at each key, and before Enter
        acts: the list Enter acts on is the one the letters typed before it narrowed)."""
        text = self.query_one("#desk-search", Input).value
        if text == self._applied and not keep:
            return
        table = self.query_one("#desk-players", FastTable)
        before = table.cursor_key
        self._applied = text
        self._shown = self.players(text)
        rows = [self._rows.get(p.id) or (str(p.id), p.name, "", "", "") for p in self._shown]
        update_table(table, [_(c) for c in COLUMNS], rows,
                     {_(k): v for k, v in FIXED.items()}, [str(p.id) for p in self._shown],
                     fit=(_("Name"),), strings=True)
        if keep and before is not None and table.move_to_key(before):
            pass
        else:
            table.move_cursor(0)
        self._show_counts()

    def _show_counts(self) -> None:
        c = self._counts
        if c is None:
            return
        self.query_one("#desk-counts", Static).update(
            _("checked in {checked_in} / expected {expected} / paid {paid}; check-in is "
              "{status}").format(checked_in=c.checked_in, expected=c.expected, paid=c.paid,
                                 status=_("open") if self.desk.checkin_open else _("closed"))
            + (_(" (and on the players' page)") if self.desk.self_checkin else ""))
        shown = (_(SHOWN_NOT_IN) if self.not_checked_in else _(SHOWN_ALL)).format(
            shown=len(self._shown))
        text = self._applied.strip() if self._applied else ""
        self.query_one("#desk-shown", Static).update(
            shown + (_(MATCHING).format(text=repr(text)) if text else ""))

    def on_input_changed(self, message: Input.Changed) -> None:
        if message.input.id == "desk-search":
            message.stop()
            if message.value:
                self._toggled = None
            self.apply_search()

    # ---- keys ---------------------------------------------------------------------------
    def action_move(self, delta: int) -> None:
        self._toggled = None
        table = self.query_one("#desk-players", FastTable)
        table.move_cursor(table.cursor_row + delta)

    def on_input_submitted(self, message: Input.Submitted) -> None:
        if message.input.id == "desk-search":
            message.stop()
            self.action_check_in()

    def action_back(self) -> None:
        search = self.query_one("#desk-search", Input)
        if search.value:
            search.value = ""
            self.apply_search()
            return
        self.app.pop_screen()

    def action_leave(self, mode: str) -> None:
        """F2–F6: back to the modes, in the one asked for."""
        self.sapp.leave_desk(mode)

    def action_filter(self) -> None:
        self._toggled = None
        self.not_checked_in = not self.not_checked_in
        self._applied = None
        self.apply_search()

    def highlighted(self) -> Player | None:
        self.apply_search()  # what was typed before this key
        ev = self.event
        key = self.query_one("#desk-players", FastTable).cursor_key
        return ev.player(int(key)) if ev is not None and key else None

    def _run(self, action: Callable[..., Any], *args: Any, **kw: Any) -> Any:
        """A core service through the TUI's guard; a refusal is the status line's, and None."""
        try:
            return guarded(action, self.folder, *args, **kw)
        except SwissError as exc:
            self.error(str(exc))
            return None

    def _written(self) -> None:
        ev = self.event
        if ev is not None:
            self.show_event(ev)

    def action_check_in(self) -> None:
        if self._toggled is not None and not self.query_one("#desk-search", Input).value:
            self.app.bell()  # typed ahead: the player just toggled stays as they are
            return
        p = self.highlighted()
        if p is None:
            self.error(_(NOBODY) if self.query_one("#desk-search", Input).value
                       else _(NO_PLAYER))
            return
        try:
            closed = not guarded(svc.load_desk, self.folder).checkin_open  # (as on disk now)
        except SwissError:
            closed = False  # the toggle below says what is wrong with the file
        if closed:  # the core's refusal names the CLI's command; here it is a key
            self.error(_("check-in is closed; Ctrl+O opens it"))
            return
        out = self._run(svc.toggle_check_in, p.id)
        if out is None:
            return
        player, state = out
        self._toggled = player.id
        search = self.query_one("#desk-search", Input)
        search.value = ""  # the next name starts afresh
        self._written()
        self.query_one("#desk-players", FastTable).move_to_key(str(player.id))
        self.status(_(TOGGLED).format(name=player.name, id=player.id, state=state_word(state)),
                    "ok")

    # ---- check-in open / closed ---------------------------------------------------------
    def action_open_close(self) -> None:
        if not self.desk.checkin_open:
            if self._run(svc.set_check_in_open, True) is not None:
                self._written()
                self.status(_(OPENED), "ok")
            return
        preview = self._run(svc.close_check_in, withdraw=False, dry_run=True)
        if preview is None:
            return
        lines = [f"{p.id:>5}  {p.name}" for p in preview.players] or \
            [_(CLOSE_NONE).format(round_no=preview.round_no)]
        if preview.players:
            lines.insert(0, ngettext(
                "{count} player not checked in for round {round_no} (nothing written)",
                "{count} players not checked in for round {round_no} (nothing written)",
                len(preview.players)).format(count=len(preview.players),
                                             round_no=preview.round_no))
        keys = _(CLOSE_KEYS).format(points=number_text(preview.points, current()))
        self.app.push_screen(CloseCheckIn(_(CLOSE_TITLE).format(round_no=preview.round_no),
                                          lines, keys), self._close_answered)

    def _close_answered(self, choice: str | None) -> None:
        if not choice:
            self.status(_(KEPT_OPEN))
            return
        out = self._run(svc.close_check_in, withdraw=choice == "withdraw")
        if out is None:
            return
        self.sapp.event_written(out.event)
        self._written()
        n = len(out.players)
        if out.withdrawn:
            text = ngettext("check-in closed: {count} player withdrawn from round {round_no}",
                            "check-in closed: {count} players withdrawn from round {round_no}",
                            n).format(count=n, round_no=out.round_no)
        else:
            text = ngettext("check-in closed: {count} player absent in round {round_no} "
                            "({points} points each)", "check-in closed: {count} players "
                            "absent in round {round_no} ({points} points each)", n).format(
                count=n, round_no=out.round_no, points=number_text(out.points, current()))
        self.status(text, "ok")

    # ---- self check-in on the players' page (issue 35 item 4) ------------------------------
    def action_self_checkin(self) -> None:
        """Ctrl+R: open or close self check-in on the players' page; opening it opens
        check-in too.  The players' codes: ``swisstui desk self-checkin EVENT codes``."""
        opening = not self.desk.self_checkin
        if self._run(svc.set_self_check_in, opening) is None:
            return
        self._written()
        self.status(_("self check-in open: players check in on the players' page with their "
                      "code (swisstui desk self-checkin EVENT codes prints them)") if opening
                    else _("self check-in closed: only the desk checks players in"), "ok")

    def action_currency(self) -> None:
        """Ctrl+Y: the currency the fees and prizes are in (ISO 4217, three letters)."""
        self.app.push_screen(PromptScreen(
            _("The currency of the fees"),
            _("Three capital letters (ISO 4217), e.g. EUR, USD, KRW, JPY, BRL · Enter saves, "
              "Esc keeps {currency}").format(currency=self.desk.currency or "—"),
            value=self.desk.currency or ""), self._set_currency)

    def _set_currency(self, text: str | None) -> None:
        if text is None or not text.strip() or text.strip().upper() == self.desk.currency:
            self.status(_("currency kept"))  # the same currency: nothing written
            return
        if self._run(svc.set_currency, text.strip().upper()) is None:
            return
        self._written()
        self.status(_("saved: the fees are in {currency}").format(
            currency=text.strip().upper()), "ok")

    # ---- fees -------------------------------------------------------------------------------
    def _target(self, pid: int | None) -> Player | None:
        """The player a fee form is for: ``pid`` (a form coming back after a refusal), else
        the highlighted one; None, said on the status line, when there is none."""
        p = self.highlighted() if pid is None else (self.event.player(pid)
                                                    if self.event else None)
        if p is None:
            self.error(_(NO_PLAYER))
        return p

    def action_due(self, values: dict[str, str] | None = None, error: str = "",
                   pid: int | None = None, field: str | None = None) -> None:
        p = self._target(pid)
        if p is None:
            return
        e = self.desk.entry(p.id)
        if values is None:
            values = {"due": money(e.due) if e.due else "",
                      "discount": money(e.discount) if e.discount else "",
                      "reason": e.reason}
        focus = field  # the field the refusal names (SwissError.field)
        self.app.push_screen(
            DeskForm(_(DUE_TITLE).format(name=p.name, id=p.id), DUE_FIELDS, values,
                     error=error, focus=focus),
            lambda texts: self._due_answered(p, texts))

    def _due_answered(self, p: Player, texts: dict[str, str] | None) -> None:
        if texts is None:
            self.status(_(NOT_CHANGED))
            return
        try:
            e = guarded(svc.set_due, self.folder, p.id, texts["due"] or "0",
                        texts["discount"] or "0", texts["reason"])
        except SwissError as exc:  # back to the form, what was typed kept
            self.action_due(texts, str(exc), pid=p.id, field=exc.field)
            return
        self._written()
        cur = self.desk.currency
        self.status(_(DUE_SAVED).format(name=p.name, id=p.id, due=money(e.due - e.discount, cur),
                                        paid=money(e.paid, cur), owed=money(e.owed, cur)), "ok")

    def action_pay(self, values: dict[str, str] | None = None, error: str = "",
                   pid: int | None = None, field: str | None = None) -> None:
        p = self._target(pid)
        if p is None:
            return
        e = self.desk.entry(p.id)
        if values is None:
            values = {"amount": money(e.owed) if e.owed > 0 else "",
                      "method": fees.method_word(fees.METHODS[0])}
        methods = " ".join(f"{i} {fees.method_word(m)}" for i, m in enumerate(fees.METHODS, 1))
        focus = field  # the field the refusal names (SwissError.field)
        self.app.push_screen(
            DeskForm(_(PAY_TITLE).format(name=p.name, id=p.id,
                                         owed=money(e.owed, self.desk.currency)),
                     PAY_FIELDS, values, hint=_(PAY_HINT).format(methods=methods),
                     error=error, focus=focus),
            lambda texts: self._pay_answered(p, texts))

    def _pay_answered(self, p: Player, texts: dict[str, str] | None) -> None:
        if texts is None:
            self.status(_(NOT_CHANGED))
            return
        method = fees.method_typed(texts["method"])  # a name, its word or its number
        try:
            e = guarded(svc.pay, self.folder, p.id, texts["amount"], method)
        except SwissError as exc:
            self.action_pay(texts, str(exc), pid=p.id, field=exc.field)
            return
        self._written()
        cur = self.desk.currency
        self.status(_(PAID_OVER if e.refund else PAID).format(
            name=p.name, id=p.id, amount=money(e.payments[-1].amount, cur),
            method=fees.method_word(method), owed=money(e.owed, cur),
            refund=money(e.refund, cur)), "ok")

    # ---- entry state ----------------------------------------------------------------------
    def action_state(self) -> None:
        p = self.highlighted()
        if p is None:
            self.error(_(NO_PLAYER))
            return
        now = fees.state_of(self.desk, p)
        rows = [(s, state_word(s)) for s in STATES if s != WITHDRAWN]
        self.app.push_screen(
            ListPicker(_(STATE_TITLE).format(name=p.name, id=p.id, state=state_word(now)),
                       rows, _(STATE_HINT), list_id="desk-states", current=now,
                       numbered=True),
            lambda state: self._state_answered(p, now, state))

    def _state_answered(self, p: Player, now: str, state: str | None) -> None:
        if not state or state == now:
            self.status(_(NOT_CHANGED))
            return
        if self._run(svc.set_state, p.id, state) is None:
            return
        self._written()
        self.status(_(STATE_SAVED).format(name=p.name, id=p.id, state=state_word(state)), "ok")

    # ---- prizes -----------------------------------------------------------------------------
    def action_prizes(self) -> None:
        from .prizes import PrizeScreen
        self.app.push_screen(PrizeScreen())
