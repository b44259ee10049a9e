"""``swisstui desk`` and ``swisstui fees``: the registration desk (states, check-in, closing
check-in) and the treasurer's sheet (issue 35).  A shell over
:mod:`swisstui.core.services.desk`."""

from __future__ import annotations

from ..core.i18n import _, current, ngettext
from ..core.readers import number_text

import argparse
import csv
import json
import sys
from typing import Any

from ..core import fees, textwidth
from ..core.registration import CHECKED_IN, STATE_WORDS, WITHDRAWN
from ..core.errors import SwissError
from ..core.services import desk as svc
from ..core.services import load


def _out(text: str = "") -> None:
    print(text)


def _usage(msg: str) -> SwissError:
    return SwissError(msg)


ACTIONS = ("open", "close", "state", "self-checkin")


class _Words(argparse.Action):
    """``desk [open|close|state|self-checkin] EVENT …``: the words as typed (``words``) and
    the event among them (``event``), so that ``--section NAME`` picks the section's folder
    as for every command acting on one section (:func:`.section_cmds.apply_section`: an
    event of several sections without it is refused naming them, as ``fees`` is)."""

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: Any, option_string: str | None = None) -> None:
        words = list(values)
        rest = words[1:] if words and words[0] in ACTIONS else words
        namespace.words = words
        namespace.event = rest[0] if rest else None


def cmd_desk(args: argparse.Namespace) -> int:
    words = args.words
    action = words[0] if words and words[0] in ACTIONS else None
    rest = words[1:] if action else words
    if not rest:
        raise _usage(_("name the event: swisstui desk [open|close|state|self-checkin] EVENT"))
    folder = args.event  # the section's folder when --section named one
    if action == "self-checkin":
        return _self_checkin(folder, rest[1:], args)
    if action == "open":
        svc.set_check_in_open(folder, True)
        _out(_("check-in is open"))
        return 0
    if action == "close":
        if args.withdraw == args.absent and not args.dry_run:
            raise _usage(_("say what happens to the players not checked in: --absent or "
                           "--withdraw"))
        out = svc.close_check_in(folder, withdraw=args.withdraw, dry_run=args.dry_run)
        for p in out.players:
            _out(f"{p.id:>5} {p.name}")
        if args.dry_run:
            _out(ngettext("{count} player not checked in for round {round_no} (nothing "
                          "written)", "{count} players not checked in for round {round_no} "
                          "(nothing written)", len(out.players)).format(
                count=len(out.players), round_no=out.round_no))
        elif out.withdrawn:
            _out(ngettext("check-in closed: {count} player withdrawn from round {round_no}",
                          "check-in closed: {count} players withdrawn from round {round_no}",
                          len(out.players)).format(count=len(out.players),
                                                   round_no=out.round_no))
        else:
            _out(ngettext("check-in closed: {count} player absent in round {round_no} "
                          "({points} points each)", "check-in closed: {count} players absent "
                          "in round {round_no} ({points} points each)",
                          len(out.players)).format(count=len(out.players),
                                                   round_no=out.round_no,
                                                   points=number_text(out.points, current())))
        return 0
    if action == "state":
        if len(rest) != 3:
            raise _usage(_("usage: swisstui desk state EVENT PLAYER STATE"))
        ev = load(folder)
        p = svc.find_player(ev, rest[1])
        _p, state = svc.set_state(folder, p.id, rest[2])
        _out(f"{p.id} {p.name}: {_(STATE_WORDS[state])}")
        return 0
    ev = load(folder)
    desk = svc.load_desk(folder, ev)
    c = fees.counts(ev, desk)
    rows: list[dict[str, Any]] = []
    for p in sorted(ev.players, key=lambda p: p.id):
        state = fees.state_of(desk, p)
        if args.not_checked_in and state in (CHECKED_IN, WITHDRAWN):
            continue
        e = desk.entry(p.id)
        rows.append({"id": p.id, "name": p.name, "state": state,
                     "byes": [r for r, _k in p.byes], "owed": str(e.owed)})
    if args.json:
        json.dump({"checkin": "open" if desk.checkin_open else "closed",
                   "self_checkin": "open" if desk.self_checkin else "closed",
                   "checked_in": c.checked_in, "expected": c.expected, "paid": c.paid,
                   "players": rows}, sys.stdout, ensure_ascii=False, indent=1)
        _out()
        return 0
    for r in rows:
        byes = ",".join(map(str, r["byes"]))
        _out(f"{r['id']:>5}  {textwidth.ljust(_(STATE_WORDS[r['state']]), 14)} {r['owed']:>9}  "
             f"{byes:<6} {r['name']}")
    _out(_("checked in {checked_in} / expected {expected} / paid {paid}; check-in is "
           "{status}").format(checked_in=c.checked_in, expected=c.expected, paid=c.paid,
                              status=_("open") if desk.checkin_open else _("closed")))
    return 0


def _self_checkin(folder: str, words: list[str], args: argparse.Namespace) -> int:
    """``desk self-checkin EVENT open|close|codes``: self check-in from the players' page
    (docs/TUI.md "The venue server"), and each player's code to hand out."""
    if len(words) != 1 or words[0] not in ("open", "close", "codes"):
        raise _usage(_("usage: swisstui desk self-checkin EVENT open|close|codes"))
    if words[0] == "codes":
        codes = svc.self_check_in_codes(folder)
        if not codes:
            raise _usage(_("self check-in was never opened, so there are no codes yet "
                           "(swisstui desk self-checkin EVENT open)"))
        if args.json:
            json.dump([{"id": p.id, "name": p.name, "code": code} for p, code in codes],
                      sys.stdout, ensure_ascii=False, indent=1)
            _out()
            return 0
        for p, code in codes:
            _out(f"{p.id:>5}  {code}  {p.name}")
        return 0
    desk = svc.set_self_check_in(folder, words[0] == "open")
    _out(_("self check-in on the players' page is open (check-in too)") if desk.self_checkin
         else _("self check-in on the players' page is closed"))
    return 0


def cmd_fees(args: argparse.Namespace) -> int:
    folder, words = args.event, args.words
    if words and words[0] in ("pay", "due"):
        if len(words) != 3:
            raise _usage(_("usage: swisstui fees EVENT pay|due PLAYER AMOUNT"))
        ev = load(folder)
        p = svc.find_player(ev, words[1])
        if words[0] == "pay":
            if not args.method:
                raise _usage(_("name the payment method with --method ({items})").format(
                    items=", ".join(fees.METHODS)))
            e = svc.pay(folder, p.id, words[2], fees.method_typed(args.method))
        else:
            e = svc.set_due(folder, p.id, words[2], args.discount, args.reason)
        if e.refund:
            _out(_("{id} {name}: due {due}, paid {paid}, to refund {refund}").format(
                id=p.id, name=p.name, due=_mark(e.due - e.discount), paid=_mark(e.paid),
                refund=_mark(e.refund)))
        else:
            _out(_("{id} {name}: due {due}, paid {paid}, owed {owed}").format(
                id=p.id, name=p.name, due=_mark(e.due - e.discount), paid=_mark(e.paid),
                owed=_mark(e.owed)))
        return 0
    if words and words[0] == "currency" and len(words) == 2:
        _out(svc.set_currency(folder, words[1]).currency)
        return 0
    if words:
        raise _usage(_("unknown fees action {word!r}; valid: pay, due, currency").format(
            word=words[0]))
    ev = load(folder)
    sheet = fees.sheet(ev, svc.load_desk(folder, ev))
    lines = sheet.owing if args.owed else sheet.lines
    if args.csv:
        w = csv.writer(sys.stdout, lineterminator="\n")
        w.writerow(["id", "name", "due", "discount", "reason", "paid", "owed", "currency"])
        for ln in lines:
            e = ln.entry
            w.writerow([ln.player.id, ln.player.name, e.due, e.discount, e.reason, e.paid,
                        e.owed, sheet.currency])
        return 0
    cur = f" {sheet.currency}" if sheet.currency else ""
    for ln in lines:
        e = ln.entry
        _out(f"{ln.player.id:>5} {ln.player.name:<24} {_mark(e.due - e.discount):>9} "
             f"{_mark(e.paid):>9} {_mark(e.owed):>9} {e.reason}")
    for method, total in sheet.by_method:
        _out(_("paid by {method}: {amount}{currency}").format(
            method=fees.method_word(method), amount=_mark(total), currency=cur))
    _out(_("due {due}{currency} after discounts of {discounts}{currency}, paid "
           "{paid}{currency}, owed {owed}{currency}").format(
        due=_mark(sheet.due), discounts=_mark(sheet.discounts), paid=_mark(sheet.paid),
        owed=_mark(sheet.owed), currency=cur))
    if sheet.refund:
        _out(_("to refund {amount}{currency}: {players}").format(
            amount=_mark(sheet.refund), currency=cur, players=", ".join(
                f"{ln.player.id} {ln.player.name} ({_mark(ln.entry.refund)})"
                for ln in sheet.refunding)))
    return 0


def _mark(amount: Any) -> str:
    """An amount with the director's decimal mark (12,50 in pt_BR), as the desk and the
    prints show it; ``--csv`` and ``--json`` keep the file's point."""
    from ..core.interop.tables import money_text
    return money_text(amount, "", current())


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("desk", help=_("the registration desk: states, check-in counts; "
                                      "desk open|close|state EVENT …; desk self-checkin "
                                      "EVENT open|close|codes (the players' page)"))
    p.add_argument("event", nargs="+", action=_Words,
                   metavar="[open|close|state|self-checkin] EVENT")
    p.add_argument("--not-checked-in", action="store_true",
                   help=_("only the players not checked in"))
    p.add_argument("--json", action="store_true", help=_("the list (or the codes) as JSON"))
    g = p.add_mutually_exclusive_group()
    g.add_argument("--absent", action="store_true",
                   help=_("close: the players not checked in are absent in the round"))
    g.add_argument("--withdraw", action="store_true",
                   help=_("close: the players not checked in are withdrawn"))
    p.add_argument("--dry-run", action="store_true",
                   help=_("close: show who is not checked in, write nothing"))
    p.set_defaults(func=cmd_desk)

    p = sub.add_parser("fees", help=_("entry fees and the treasurer's sheet; fees EVENT "
                                      "pay|due PLAYER AMOUNT"))
    p.add_argument("event", metavar="EVENT")
    p.add_argument("words", nargs="*", metavar="ACTION")
    p.add_argument("--owed", action="store_true", help=_("only the players who owe"))
    p.add_argument("--csv", action="store_true", help=_("the sheet as CSV"))
    p.add_argument("--method", help=_("pay: how it was paid"))
    p.add_argument("--discount", help=_("due: the discount"))
    p.add_argument("--reason", help=_("due: why (junior, titled, early)"))
    p.set_defaults(func=cmd_fees)
