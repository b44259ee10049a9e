"""The desk file of an event (issue 35 items 1, 2, 5, 6; docs/FORMAT.md "desk.toml"): each
entry's registration state, the fee due with its discount and reason, the payments taken,
the event's currency and whether check-in is open.  Pure functions; the services
(:mod:`swisstui.core.services.desk`) read and write the file under the event's lock.

Money is :class:`~decimal.Decimal`, never a float: amounts are written in the file as strings
(``"12.50"``) or whole numbers; a TOML float is refused (``12.1`` is not exactly 12.10 as a
float).  ``owed = due − discount − paid``.

One section, one desk file: a section's folder holds its own, so check-in opens and closes
per section."""

from __future__ import annotations

from .i18n import N_, _

import os
import re
from dataclasses import dataclass, replace
from datetime import date, datetime
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import Any

from .errors import EventFileError, SwissError
from .model import Event, Player
from .registration import CHECKED_IN, DEFAULT_STATE, STATES, WAITLIST, WITHDRAWN

DESK_FILE = "desk.toml"
MAX_BYTES = 4_000_000
#: How a payment may be taken.
METHODS = ("cash", "card", "transfer", "cheque", "online")
# Translators: how a payment was taken (the desk's payment form, the treasurer's sheet)
METHOD_WORDS = {"cash": N_("cash"), "card": N_("card"), "transfer": N_("transfer"),
                "cheque": N_("cheque"), "online": N_("online")}
MAX_AMOUNT = Decimal("1000000")
_CURRENCY = re.compile(r"[A-Z]{3}")
_KEY = re.compile(r"[0-9a-f]{32}")

__all__ = ["DESK_FILE", "METHODS", "METHOD_WORDS", "method_word", "method_typed", "Payment",
           "Entry", "Desk", "read_desk", "desk_toml", "money", "minor_unit",
           "currency_problem", "state_of", "expected", "waitlisted", "counts", "Sheet",
           "sheet"]


@dataclass(frozen=True)
class Payment:
    amount: Decimal
    method: str
    time: str  # ISO 8601, local time of the desk
    by: str  # the director who took it


@dataclass(frozen=True)
class Entry:
    """What the desk knows of one player (``id``)."""

    id: int
    state: str = DEFAULT_STATE
    due: Decimal = Decimal(0)
    discount: Decimal = Decimal(0)
    reason: str = ""
    payments: tuple[Payment, ...] = ()

    @property
    def paid(self) -> Decimal:
        return sum((p.amount for p in self.payments), Decimal(0))

    @property
    def owed(self) -> Decimal:
        return self.due - self.discount - self.paid

    @property
    def refund(self) -> Decimal:
        """What was paid above the fee (taken before the fee was set, or twice): the desk
        owes it back.  A payment is never refused for it: prepaying is a desk practice."""
        return max(-self.owed, Decimal(0))


@dataclass(frozen=True)
class Desk:
    currency: str = ""
    checkin_open: bool = False
    entries: tuple[Entry, ...] = ()
    # self check-in from the players' page (issue 35 item 4; core/self_checkin.py): open
    # or not, and the secret the players' codes are derived from (made when first opened)
    self_checkin: bool = False
    self_checkin_key: str = ""

    def entry(self, pid: int) -> Entry:
        """Player ``pid``'s entry (a default one when the file has none).  The entries are
        indexed by id on first use: the desk's counts and lists read every player's entry,
        which a scan made quadratic (0.5 s for a pool of 2000 at each check-in)."""
        index = self.__dict__.get("_by_id")
        if index is None:
            index = {e.id: e for e in self.entries}
            object.__setattr__(self, "_by_id", index)
        found = index.get(pid)
        return found if found is not None else Entry(pid)

    def with_entry(self, entry: Entry) -> Desk:
        rest = tuple(e for e in self.entries if e.id != entry.id)
        return replace(self, entries=tuple(sorted(rest + (entry,), key=lambda e: e.id)))


def currency_problem(code: str) -> str | None:
    """Why ``code`` is not a currency an amount may be kept in (None: it is one): three
    capital letters naming an ISO 4217 currency CLDR knows (Babel's ``list_currencies``; XYZ
    was taken and printed as "100.5 XYZ")."""
    if not _CURRENCY.fullmatch(code):
        return _("'currency' must be a code of 3 capital letters (EUR, KRW, JPY, BRL), not "
                 "{value!r}").format(value=code)
    from babel.numbers import list_currencies
    if code not in list_currencies():
        return _("'currency': {value!r} is not an ISO 4217 currency code (EUR, KRW, JPY, "
                 "BRL)").format(value=code)
    return None


def minor_unit(currency: str = "") -> int:
    """How many decimals an amount in ``currency`` may have: its ISO 4217 minor unit as
    CLDR gives it (Babel's ``get_currency_precision``: JPY and KRW 0, EUR and BRL 2), at
    most 2 (the cents the desk keeps); 2 without a currency or for one CLDR does not know."""
    if not currency:
        return 2
    from babel.numbers import get_currency_precision
    try:
        return min(2, int(get_currency_precision(currency)))
    except (ValueError, LookupError):  # pragma: no cover - CLDR answers 2 for unknown codes
        return 2


def money(text: Any, what: str = "amount", currency: str = "", field: str | None = None
          ) -> Decimal:
    """An amount typed or read: a whole number or a decimal text, not negative, at most two
    decimals (the cents) — none for a ``currency`` without a minor unit (JPY, KRW:
    :func:`minor_unit`).  One line on anything else, naming the amount as ``what`` (the
    file's key, or a typed field's word: :data:`AMOUNT_WORDS`) and its ``field``."""
    field = field or what
    if isinstance(text, (bool, float)):
        raise SwissError(_("{what} must be written as a text like \"12.50\" or a whole "
                           "number, not {value!r}").format(what=what, value=text), field=field)
    try:
        value = Decimal(str(text).strip())
    except InvalidOperation:
        raise SwissError(_("{what} must be an amount like 12.50, not {value!r}").format(
            what=what, value=text), field=field) from None
    if not value.is_finite() or value < 0:
        raise SwissError(_("{what} cannot be negative or infinite, not {value}").format(
            what=what, value=text), field=field)
    if minor_unit(currency) == 0 and value != value.to_integral_value():
        raise SwissError(_("{what} must be a whole amount: {currency} has no decimals, not "
                           "{value}").format(what=what, currency=currency, value=text), field=field)
    # the limit first: quantizing 1E+30 to the cent overflows the decimal context
    if value > MAX_AMOUNT or value != value.quantize(Decimal("0.01")):
        raise SwissError(_("{what} must have at most 2 decimals and be at most {limit}, not "
                           "{value}").format(what=what, limit=MAX_AMOUNT, value=text), field=field)
    # one spelling of each amount: -0 is 0, 1E+1 is 10 (as written back to desk.toml)
    exact = value == value.to_integral_value()
    return abs(value.quantize(Decimal(1) if exact else Decimal("0.01")))


_DECIMAL_COMMA = re.compile(r"\s*\d+,\d{1,2}\s*")


def typed(text: str) -> str:
    """An amount as a director types it: the decimal comma of Brazil and most of Europe is
    taken (``12,50`` is ``12.50``).  A comma before three digits (``1,000``) is not a
    decimal mark: it stays, for :func:`money` to refuse.  Only typed input: desk.toml keeps
    ``"12.50"``."""
    return text.replace(",", ".") if _DECIMAL_COMMA.fullmatch(text) else text


#: An amount typed at the desk named in the director's words (``fee must be an amount like
#: 12.50``); desk.toml's errors name its keys (``due``) as the file has them.
AMOUNT_WORDS = {"due": N_("the fee"), "discount": N_("the discount"), "amount": N_("the amount")}


def typed_money(text: str, key: str, currency: str = "") -> Decimal:
    """An amount typed in the field ``key`` (``due``, ``discount``, ``amount``): a decimal
    comma taken (:func:`typed`), refused in the director's words naming the field."""
    return money(typed(text), _(AMOUNT_WORDS[key]), currency, field=key)


def method_word(method: str, gettext=_) -> str:
    """A payment method in words: the director's language (``gettext``: another's)."""
    return gettext(METHOD_WORDS[method]) if method in METHOD_WORDS else method


def method_typed(text: str) -> str:
    """The method a director typed: its name as kept (``cash``), its number in
    :data:`METHODS` (``1``) or its word in the director's language (``현금``); else the
    text as typed, which :func:`check_method` then refuses naming the valid ones."""
    t = text.strip()
    if t.isdecimal() and 1 <= int(t) <= len(METHODS):
        return METHODS[int(t) - 1]
    folded = t.casefold()
    for m in METHODS:
        if folded in (m, method_word(m).casefold()):
            return m
    return t.lower()


def check_method(method: str, typed: bool = False) -> str:
    """``method`` if it is one; else one line naming the valid ones as the file writes them,
    or (``typed``) as the director types them: their words in the director's language."""
    if method not in METHODS:
        items = (", ".join(f"{i} {method_word(m)}" for i, m in enumerate(METHODS, 1)) if typed
                 else ", ".join(METHODS))
        raise SwissError(_("unknown payment method {method!r}; valid: {items}").format(
            method=method, items=items), field="method")
    return method


def read_desk(path: str | os.PathLike[str], ids: set[int] | None = None) -> Desk:
    """``desk.toml`` read with the store's hardened reader and checked: one
    ``file:line: message`` for the first problem.  No file: an empty desk."""
    from .store.reading import _Reader, _read_toml
    path = Path(path)
    if not os.path.lexists(path):
        return Desk()
    try:
        size = os.stat(path).st_size
    except OSError:  # a dangling link: the reader below says so
        size = 0
    if size > MAX_BYTES:
        raise EventFileError(path, None, _("a desk file may have at most {limit} bytes")
                             .format(limit=MAX_BYTES))
    text, data = _read_toml(path)
    top = _Reader(path, text, data, label=DESK_FILE)
    top.only(("currency", "checkin", "self_checkin", "self_checkin_key", "entry"))
    currency = top.get("currency", "str", "")
    problem = currency_problem(currency) if currency else None
    if problem:
        raise top.err("currency", problem)
    checkin = top.get("checkin", "str", "closed")
    if checkin not in ("open", "closed"):
        raise top.err("checkin", _("'checkin' must be \"open\" or \"closed\", not {value!r}")
                      .format(value=checkin))
    self_checkin = top.get("self_checkin", "str", "closed")
    if self_checkin not in ("open", "closed"):
        raise top.err("self_checkin", _("'self_checkin' must be \"open\" or \"closed\", not "
                                        "{value!r}").format(value=self_checkin))
    key = top.get("self_checkin_key", "str", "")
    if key and not _KEY.fullmatch(key):
        raise top.err("self_checkin_key", _("'self_checkin_key' must be 32 hexadecimal digits "
                                            "(remove the line: opening self check-in makes a "
                                            "new one)"))
    if self_checkin == "open" and not key:
        raise top.err("self_checkin", _("self check-in is open without a "
                                        "'self_checkin_key'; open it again with swisstui desk "
                                        "self-checkin EVENT open"))
    raw = data.get("entry", [])
    if not isinstance(raw, list) or not all(isinstance(e, dict) for e in raw):
        raise top.err("entry", _("'entry' must be [[entry]] tables"))
    entries: dict[int, Entry] = {}
    pay_no = 0  # the payment tables of the file, in order (for their lines)
    for i, item in enumerate(raw):
        r = _Reader(path, text, item, table="entry", index=i)
        r.only(("id", "state", "due", "discount", "reason", "payment"))
        pid = r.positive("id", required=True)
        if pid in entries:
            raise r.err("id", _("player {pid} has two [[entry]] tables").format(pid=pid))
        if ids is not None and pid not in ids:
            raise r.err("id", _("no player with id {pid}").format(pid=pid))
        state = r.get("state", "str", DEFAULT_STATE)
        if state not in STATES or state == WITHDRAWN:
            raise r.err("state", _("unknown state {state!r}; valid: {items}").format(
                state=state, items=", ".join(s for s in STATES if s != WITHDRAWN)))
        due, discount = (_money_at(r, key, item.get(key, 0), currency)
                         for key in ("due", "discount"))
        if discount > due:
            raise r.err("discount", _("the discount ({discount}) is more than the fee due "
                                      "({due})").format(discount=discount, due=due))
        reason = r.get("reason", "str", "")
        pays = item.get("payment", [])
        if not isinstance(pays, list) or not all(isinstance(p, dict) for p in pays):
            raise r.err("payment", _("'payment' must be [[entry.payment]] tables"))
        payments = []
        for p in pays:
            pr = _Reader(path, text, p, table="entry", index=i, label="[[entry.payment]]")
            pr.err = _payment_err(path, text, pay_no)  # type: ignore[method-assign]
            pay_no += 1
            pr.only(("amount", "method", "time", "by"))
            pr.get("amount", "str" if isinstance(p.get("amount"), str) else "int",
                   required=True)
            amount = _money_at(pr, "amount", p["amount"], currency)
            if amount == 0:
                raise pr.err("amount", _("a payment must be more than 0"))
            method = pr.get("method", "str", required=True)  # (its refusal names the line)
            try:
                method = check_method(method)
            except SwissError as exc:
                raise pr.err("method", str(exc)) from None
            payments.append(Payment(amount, method, _time_at(pr, p.get("time", "")),
                                    pr.get("by", "str", "")))
        entries[pid] = Entry(pid, state, due, discount, reason, tuple(payments))
    return Desk(currency, checkin == "open", tuple(entries[k] for k in sorted(entries)),
                self_checkin == "open", key)


_PAY_HEADER = re.compile(r"\s*\[\[\s*entry\.payment\s*\]\]")


def _payment_err(path: Path, text: str, number: int) -> Any:
    """The ``err`` of the reader of the ``number``-th ``[[entry.payment]]`` table: the
    line of its key (the table's header line for a missing key)."""
    lines = text.splitlines()
    headers = [i for i, ln in enumerate(lines) if _PAY_HEADER.match(ln)]

    def err(key: str | None, msg: str) -> EventFileError:
        if number >= len(headers):  # written inline: the entry's line is not known here
            return EventFileError(path, None, msg)
        at = headers[number]
        for j in range(at + 1, len(lines)):
            if lines[j].lstrip().startswith("["):
                break
            if key and re.match(rf"\s*{re.escape(key)}\s*=", lines[j]):
                return EventFileError(path, j + 1, msg)
        return EventFileError(path, at + 1, msg)
    return err


def _time_at(r: Any, value: Any) -> str:
    """A payment's ``time``: ISO 8601 as the desk writes it (``2026-05-01T14:30:00``), a
    TOML date-time written bare by hand, or nothing."""
    from .store.reading import _show
    if isinstance(value, (datetime, date)):
        return value.isoformat()
    if isinstance(value, str):
        try:
            if value:
                datetime.fromisoformat(value)
            return value
        except ValueError:
            pass
    raise r.err("time", _("a payment's 'time' must be a date and time (2026-05-01T14:30), not "
                          "{value}").format(value=_show(value)))


def _money_at(r: Any, key: str, value: Any, currency: str = "") -> Decimal:
    try:
        return money(value, key, currency)
    except SwissError as exc:
        raise r.err(key, str(exc)) from None


def _s(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def desk_toml(desk: Desk) -> bytes:
    """The desk file's text (what :func:`read_desk` reads back to the same desk)."""
    out = ["# swisstui desk file: states, fees and payments (docs/FORMAT.md \"desk.toml\")"]
    if desk.currency:
        out.append(f"currency = {_s(desk.currency)}")
    out.append(f"checkin = {_s('open' if desk.checkin_open else 'closed')}")
    if desk.self_checkin or desk.self_checkin_key:  # a desk that never had it: as before
        out.append(f"self_checkin = {_s('open' if desk.self_checkin else 'closed')}")
        out.append(f"self_checkin_key = {_s(desk.self_checkin_key)}")
    for e in desk.entries:
        out += ["", "[[entry]]", f"id = {e.id}", f"state = {_s(e.state)}"]
        if e.due:
            out.append(f"due = {_s(str(e.due))}")
        if e.discount:
            out.append(f"discount = {_s(str(e.discount))}")
        if e.reason:
            out.append(f"reason = {_s(e.reason)}")
        for p in e.payments:
            out += ["[[entry.payment]]", f"amount = {_s(str(p.amount))}",
                    f"method = {_s(p.method)}", f"time = {_s(p.time)}", f"by = {_s(p.by)}"]
    return ("\n".join(out) + "\n").encode()


def waitlisted(event: Event, desk: Desk) -> frozenset[int]:
    """The ids of the entries on the waitlist (withdrawn players are withdrawn, not
    waitlisted): the pairing leaves them out like players not yet joined
    (:func:`swisstui.core.pairing.groups.left_out`)."""
    return frozenset(p.id for p in event.players if state_of(desk, p) == WAITLIST)


def state_of(desk: Desk, player: Player) -> str:
    """The player's state: ``withdrawn`` from players.toml, else the desk's."""
    if player.withdrawn_from is not None:
        return WITHDRAWN
    return desk.entry(player.id).state


@dataclass(frozen=True)
class Counts:
    checked_in: int
    expected: int  # neither withdrawn nor on the waitlist
    paid: int  # expected players with a fee who owe nothing


def expected(desk: Desk, player: Player) -> bool:
    """The player is expected at the desk: neither withdrawn nor on the waitlist (the
    counts' "expected", and who closing check-in acts on)."""
    return state_of(desk, player) not in (WITHDRAWN, WAITLIST)


def counts(event: Event, desk: Desk) -> Counts:
    ci = exp = paid = 0
    for p in event.players:
        state = state_of(desk, p)
        if not expected(desk, p):
            continue
        exp += 1
        ci += state == CHECKED_IN
        e = desk.entry(p.id)
        paid += e.due > 0 and e.owed <= 0
    return Counts(ci, exp, paid)


@dataclass(frozen=True)
class Line:
    player: Player
    entry: Entry


@dataclass(frozen=True)
class Sheet:
    """The treasurer's sheet: per-player lines, totals by method, the owed list."""

    currency: str
    lines: tuple[Line, ...]
    by_method: tuple[tuple[str, Decimal], ...]
    due: Decimal  # after discounts
    discounts: Decimal
    paid: Decimal
    owed: Decimal  # what players still owe (overpayments are not netted off)
    refund: Decimal = Decimal(0)  # what was paid above the fees: the desk owes it back

    @property
    def owing(self) -> tuple[Line, ...]:
        return tuple(line for line in self.lines if line.entry.owed > 0)

    @property
    def refunding(self) -> tuple[Line, ...]:
        """The players who paid more than their fee."""
        return tuple(line for line in self.lines if line.entry.refund > 0)


def sheet(event: Event, desk: Desk) -> Sheet:
    lines = tuple(Line(p, desk.entry(p.id)) for p in sorted(event.players, key=lambda p: p.id)
                  if desk.entry(p.id).due or desk.entry(p.id).payments)
    methods: dict[str, Decimal] = {}
    for line in lines:
        for pay in line.entry.payments:
            methods[pay.method] = methods.get(pay.method, Decimal(0)) + pay.amount
    zero = Decimal(0)
    return Sheet(desk.currency, lines,
                 tuple((m, methods[m]) for m in METHODS if m in methods),
                 sum((ln.entry.due - ln.entry.discount for ln in lines), zero),
                 sum((ln.entry.discount for ln in lines), zero),
                 sum((ln.entry.paid for ln in lines), zero),
                 sum((max(ln.entry.owed, zero) for ln in lines), zero),
                 sum((ln.entry.refund for ln in lines), zero))
