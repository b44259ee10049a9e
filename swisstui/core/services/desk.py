"""The registration desk (issue 35 items 1-3, 5, 6): entry states, check-in by name, closing
check-in, fees and payments, the treasurer's sheet.  The rules are in
:mod:`swisstui.core.fees` and :mod:`swisstui.core.registration`; this module runs them on the
event folder: the desk file (``desk.toml``) is written under the event's lock, atomically,
and a refusal writes nothing."""

from __future__ import annotations

from ..store.history import action, recorded
from ..i18n import N_, _

import getpass
import os
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import datetime
from pathlib import Path

from .. import fees, registration, self_checkin, store
from ..collation import found_by, player_key, search_fields, search_query
from ..errors import SwissError
from ..fees import DESK_FILE, Desk, Entry, Payment
from ..model import ByeKind, Event, Player
from ..registration import CHECKED_IN, CONFIRMED

Folder = str | os.PathLike[str]

__all__ = ["load_desk", "search", "find_player", "set_state", "toggle_check_in",
           "set_check_in_open", "close_preview", "close_check_in", "set_due", "pay",
           "set_currency", "director", "Closed", "desk_path", "waitlisted",
           "set_self_check_in", "self_check_in", "self_check_in_codes"]


def desk_path(folder: Folder) -> Path:
    return Path(folder) / DESK_FILE


def load_desk(folder: Folder, event: Event | None = None) -> Desk:
    ev = event if event is not None else store.load(folder)
    return fees.read_desk(desk_path(folder), {p.id for p in ev.players})


def waitlisted(folder: Folder, event: Event | None = None) -> frozenset[int]:
    """The ids of the section's waitlisted entries, for the service that pairs it
    (``Field.of(event, waitlist=...)``; docs/FORMAT.md "desk.toml"): empty without a desk
    file, so an event without one pairs as before; a damaged desk file is refused in its
    one ``desk.toml:LINE:`` line (who waits is then unknown)."""
    if not os.path.lexists(desk_path(folder)):
        return frozenset()
    ev = event if event is not None else store.load(folder)
    return fees.waitlisted(ev, load_desk(folder, ev))


def _change(folder: Folder, change: Callable[[Event, Desk], Desk]) -> tuple[Event, Desk]:
    """Run ``change`` on the desk as it is now, under the event's lock."""
    seen: list[tuple[Event, Desk]] = []

    def run(path: Path) -> bytes:
        ev = store.load(folder)
        new = change(ev, fees.read_desk(path, {p.id for p in ev.players}))
        seen.append((ev, new))
        return fees.desk_toml(new)

    store.update_side_file(folder, DESK_FILE, run)
    return seen[-1]


# the last pool searched, folded once: (players, [(player, its search fields)] by name)
_INDEX: list[tuple[tuple[Player, ...], list[tuple[Player, tuple[str, str, str, str]]]]] = []


def _index(players: tuple[Player, ...]) -> list[tuple[Player, tuple[str, str, str, str]]]:
    if _INDEX and _INDEX[0][0] is players:
        return _INDEX[0][1]
    rows = [(p, search_fields(p)) for p in sorted(players, key=player_key)]
    _INDEX[:] = [(players, rows)]
    return rows


def search(event: Event, query: str) -> list[Player]:
    """The players a few typed letters find: :func:`swisstui.core.collation.matches_player`'s
    rule (name or reading, club, country, id; accents, case and kana ignored), with the
    pool's folded texts kept between keys."""
    q = search_query(query)
    return [p for p, fields in _index(event.players) if found_by(q, fields)]


def find_player(event: Event, text: str) -> Player:
    """The one player an id or a few letters name; one line when none or several match."""
    text = text.strip()
    if text.isdecimal():
        p = event.player(int(text))
        if p is None:
            raise SwissError(_("no player with id {pid}").format(pid=int(text)),
                             players=[int(text)])
        return p
    found = search(event, text) if text else []
    if len(found) == 1:
        return found[0]
    if not found:
        raise SwissError(_("no player matches {text!r}").format(text=text))
    raise SwissError(_("{text!r} matches {count} players ({items}); type more of the name or "
                       "the id").format(text=text, count=len(found),
                                        items=", ".join(f"{p.id} {p.name}" for p in found[:5])))


def _entry_player(ev: Event, desk: Desk, pid: int) -> tuple[Player, Entry]:
    p = ev.player(pid)
    if p is None:
        raise SwissError(_("no player with id {pid}").format(pid=pid))
    return p, desk.entry(pid)


@recorded('registration state', player='pid')
def set_state(folder: Folder, pid: int, state: str) -> tuple[Player, str]:
    """Move an entry to ``state`` (withdrawal: ``players withdraw``)."""
    def change(ev: Event, desk: Desk) -> Desk:
        p, e = _entry_player(ev, desk, pid)
        registration.check_transition(p, fees.state_of(desk, p), state)
        if state == CHECKED_IN and not desk.checkin_open:
            raise SwissError(_("check-in is closed; open it first (swisstui desk open EVENT)"))
        return desk.with_entry(replace(e, state=state))

    ev, desk = _change(folder, change)
    return ev.player(pid) or Player(pid, "?"), state


@recorded('check-in', player='pid')
def toggle_check_in(folder: Folder, pid: int) -> tuple[Player, str]:
    """Check the player in, or out again if checked in (check-in must be open)."""
    def change(ev: Event, desk: Desk) -> Desk:
        p, e = _entry_player(ev, desk, pid)
        if not desk.checkin_open:
            raise SwissError(_("check-in is closed; open it first (swisstui desk open EVENT)"))
        old = fees.state_of(desk, p)
        new = CONFIRMED if old == CHECKED_IN else CHECKED_IN
        registration.check_transition(p, old, new)
        return desk.with_entry(replace(e, state=new))

    ev, desk = _change(folder, change)
    p = ev.player(pid)
    assert p is not None
    return p, fees.state_of(desk, p)


def set_check_in_open(folder: Folder, is_open: bool) -> Desk:
    """Open or close check-in; closing it closes self check-in too (opening check-in again
    does not reopen the players' page).  Recorded as what it did ("check-in closed": the
    decorator's fixed words said "check-in open" for both)."""
    with action(N_("check-in opened") if is_open else N_("check-in closed")):
        return _change(folder, lambda _ev, desk: replace(
            desk, checkin_open=is_open, self_checkin=desk.self_checkin and is_open))[1]


def set_self_check_in(folder: Folder, is_open: bool) -> Desk:
    """Open or close self check-in from the players' page (issue 35 item 4;
    :mod:`swisstui.core.self_checkin`).  Opening it opens check-in too, and makes the
    section's secret for the players' codes the first time (kept after: codes handed out
    stay valid when it is closed and opened again)."""
    def change(_ev: Event, desk: Desk) -> Desk:
        if not is_open:
            return replace(desk, self_checkin=False)
        return replace(desk, checkin_open=True, self_checkin=True,
                       self_checkin_key=desk.self_checkin_key or self_checkin.new_key())
    with action(N_("self check-in opened") if is_open else N_("self check-in closed")):
        return _change(folder, change)[1]


def self_check_in_codes(folder: Folder, event: Event | None = None) -> list[tuple[Player, str]]:
    """Each player's self check-in code, by id (what the desk hands out); empty until self
    check-in was first opened (no secret yet).  Writes nothing."""
    ev = event if event is not None else store.load(folder)
    key = load_desk(folder, ev).self_checkin_key
    if not key:
        return []
    return [(p, self_checkin.code_for(key, p.id)) for p in sorted(ev.players, key=lambda p: p.id)]


class _AlreadyIn(Exception):
    """The player is checked in already: nothing to write."""


def self_check_in(folder: Folder, pid: int, code: str) -> tuple[Player, bool]:
    """A player checks themself in from the players' page with their code: under the
    event's lock, the rule (:func:`swisstui.core.self_checkin.check`) on the desk as it is
    now, then that player's state becomes ``checked-in`` and nothing else changes (the desk
    file is written back in its own form, as every desk change).  Returns the player and
    whether this call checked them in (False: they were already; nothing written).  A
    refusal is a SwissError whose ``field`` is one of ``self_checkin.REASONS``."""
    def check(ev: Event, desk: Desk) -> Player:
        return self_checkin.check(ev, desk, pid, code)
    try:
        return _self_check_in(folder, pid, check), True
    except _AlreadyIn as done:
        return done.args[0], False


# the code reaches the service as a function (``check``): the history's words name the
# arguments, and a player's code must not be written there
@recorded('self check-in', player='pid')
def _self_check_in(folder: Folder, pid: int,
                   check: Callable[[Event, Desk], Player]) -> Player:
    def change(ev: Event, desk: Desk) -> Desk:
        p = check(ev, desk)
        if fees.state_of(desk, p) == CHECKED_IN:
            raise _AlreadyIn(p)
        return desk.with_entry(replace(desk.entry(pid), state=CHECKED_IN))

    ev, _desk = _change(folder, change)
    p = ev.player(pid)
    assert p is not None
    return p


def close_preview(event: Event, desk: Desk) -> tuple[Player, ...]:
    """Who is expected for the next round and not checked in: not withdrawn, not on the
    waitlist (:func:`fees.expected`: the waitlist is not paired, so it is not absent), and
    without a bye already asked for that round (a half-point bye agreed before stays what it
    is, as roll-call keeps it: services.players.check_in)."""
    rnd = event.current_round + 1
    return tuple(p for p in sorted(event.players, key=lambda p: p.id)
                 if p.active_in(rnd) and p.requested_bye(rnd) is None
                 and fees.expected(desk, p) and fees.state_of(desk, p) != CHECKED_IN)


@dataclass(frozen=True)
class Closed:
    event: Event
    round_no: int
    players: tuple[Player, ...]  # those not checked in, as they were
    withdrawn: bool
    points: float  # what each absent player scores for the round (the game's rule)


@recorded('close check-in')
def close_check_in(folder: Folder, withdraw: bool, dry_run: bool = False) -> Closed:
    """Close check-in: every player not checked in for the next round gets the unplayed
    result the game's rules give an absent round (an ``absent`` bye request: its value is the
    profile's ``scoring.absent``, like roll-call's ``players checkin --absent``), or is
    withdrawn from that round.  The players' change and the desk's check-in closing are one
    change (one entry of the history).  ``dry_run``: the preview, nothing written."""
    from ..games import profile
    ev = store.load(folder)
    points = profile(ev.settings.game).scoring.absent
    if dry_run:
        rnd = ev.current_round + 1
        return Closed(ev, rnd, close_preview(ev, load_desk(folder, ev)), withdraw, points)
    desk = load_desk(folder, ev)
    if not desk.checkin_open:
        raise SwissError(_("check-in is not open; nothing to close"))
    out: list[tuple[int, tuple[Player, ...]]] = []

    def change(e: Event) -> Event:
        rnd = e.current_round + 1
        late = close_preview(e, load_desk(folder, e))
        out.append((rnd, late))
        for p in late:
            e = (registration.withdraw(e, p.id, rnd) if withdraw
                 else registration.request_bye(e, p.id, rnd, ByeKind.ABSENT))
        return e

    with store.one_change(folder):  # players.toml and desk.toml: one entry of the history
        new = store.update(folder, change)
        set_check_in_open(folder, False)
    rnd, late = out[-1]
    return Closed(new, rnd, late, withdraw, points)


def director() -> str:
    """Who takes a payment: ``SWISSTUI_DIRECTOR``, else the login name."""
    name = os.environ.get("SWISSTUI_DIRECTOR", "").strip()
    if name:
        return name
    try:
        return getpass.getuser()
    except (OSError, KeyError):  # pragma: no cover - no login name
        return "?"


@recorded('fee due', player='pid')
def set_due(folder: Folder, pid: int, amount: str, discount: str | None = None,
            reason: str | None = None) -> Entry:
    """The fee due for an entry, with a discount and its reason (junior, titled, early);
    a discount or reason not given (None) is kept as it was (a new fee of 25 kept the
    junior discount's place: it was silently dropped)."""
    fees.typed_money(amount, "due")  # (refused before the lock)
    if discount is not None:
        fees.typed_money(discount, "discount")
    if reason is not None:
        registration.check_text("reason", reason)

    def change(ev: Event, desk: Desk) -> Desk:
        # in the desk's currency: none of JPY's or KRW's amounts has decimals
        _p, e = _entry_player(ev, desk, pid)
        due = fees.typed_money(amount, "due", desk.currency)
        off = e.discount if discount is None else fees.typed_money(discount, "discount",
                                                                   desk.currency)
        if off > due:
            raise SwissError(_("the discount ({discount}) is more than the fee due ({due})")
                             .format(discount=off, due=due), field="discount")
        why = e.reason if reason is None else reason.strip()
        return desk.with_entry(replace(e, due=due, discount=off, reason=why))

    return _change(folder, change)[1].entry(pid)


@recorded('payment', player='pid')
def pay(folder: Folder, pid: int, amount: str, method: str,
        when: datetime | None = None) -> Entry:
    """A payment taken at the desk: amount, method, time, and the director who took it."""
    if fees.typed_money(amount, "amount") == 0:
        raise SwissError(_("a payment must be more than 0"), field="amount")
    fees.check_method(method, typed=True)
    stamp = (when or datetime.now()).replace(microsecond=0).isoformat()
    by = director()

    def change(ev: Event, desk: Desk) -> Desk:
        value = fees.typed_money(amount, "amount", desk.currency)  # (JPY: no decimals)
        _p, e = _entry_player(ev, desk, pid)
        return desk.with_entry(replace(e, payments=e.payments + (
            Payment(value, method, stamp, by),)))

    return _change(folder, change)[1].entry(pid)


@recorded('currency')
def set_currency(folder: Folder, code: str) -> Desk:
    code = code.strip().upper()
    problem = fees.currency_problem(code)
    if problem:
        raise SwissError(problem, field="currency")

    def change(ev: Event, desk: Desk) -> Desk:
        # every amount the desk holds must be one in the new currency (KRW has no cents):
        # else the file would be written and every command after it refused
        for e in desk.entries:
            for amount in (e.due, e.discount, *(p.amount for p in e.payments)):
                try:
                    fees.money(amount, currency=code)  # (the one rule: fees.money)
                except SwissError:
                    who = ev.player(e.id)
                    raise SwissError(_("{currency} has no decimals, and {name} ({id}) has an "
                                       "amount of {amount}; change it first").format(
                        currency=code, name=who.name if who else "?", id=e.id,
                        amount=amount), field="currency") from None
        return replace(desk, currency=code)

    return _change(folder, change)[1]

