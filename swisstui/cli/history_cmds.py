"""``swisstui log`` and ``swisstui restore``: the event's history (issue 34;
:mod:`swisstui.core.services.history`).  Thin: arguments in, the service's entries and words
out."""

from __future__ import annotations

import argparse
import json
import sys

from ..core.i18n import _, ngettext
from ..core.services import history


def _out(text: str) -> None:
    sys.stdout.write(text + "\n")


def _entry_json(e: history.Entry) -> dict:
    return {"number": e.number, "id": e.id, "time": e.time, "author": e.author,
            "email": e.email, "subject": e.subject, "reason": e.reason, "round": e.round,
            "board": e.board, "players": list(e.players), "section": e.section,
            "client": e.client}


def _line(e: history.Entry) -> str:
    when = e.time.replace("T", " ")[:16]
    where = f" [{e.section}]" if e.section else ""
    who = e.author + (f" ({e.client})" if e.client else "")
    return f"#{e.number:<4} {e.short}  {when}  {who}{where}: {history.subject_text(e.subject)}" + (
        "  — " + _("reason: {reason}").format(reason=e.reason) if e.reason else "")


def cmd_log(args: argparse.Namespace) -> int:
    if args.show:
        entry, changes = history.show(args.event, args.show)
        if args.json:
            _out(json.dumps({**_entry_json(entry), "changes": changes},
                            ensure_ascii=False, indent=2))
            return 0
        _out(_line(entry))
        for line in changes or [_("(no change to the event's results, pairings, players or settings)")]:
            _out("  " + line)
        return 0
    section = args.section if args.section is not None else history.folder_section(args.event)
    entries = history.log(args.event, round=args.round, board=args.board, player=args.player,
                          since=args.since, section=section)
    if args.json:
        _out(json.dumps([_entry_json(e) for e in entries], ensure_ascii=False, indent=2))
        return 0
    for e in entries:
        _out(_line(e))
    if not entries:
        _out(_("no entry matches"))
    return 0


def cmd_restore(args: argparse.Namespace) -> int:
    r = history.restore(args.event, args.to, dry_run=args.dry_run, reason=args.reason)
    _out(_("back to #{n} ({id}, {time}): {subject}").format(
        n=r.entry.number, id=r.entry.short, time=r.entry.time.replace("T", " ")[:16],
        subject=history.subject_text(r.entry.subject)))
    for line in r.changes:
        _out("  " + line)
    if not r.changes:
        _out(_("the event is already as it was then: nothing to restore"))
    elif r.written:
        _out(ngettext("saved: {count} change undone, as a new entry of the history",
                      "saved: {count} changes undone, as a new entry of the history",
                      len(r.changes)).format(count=len(r.changes)))
    else:
        _out(_("dry run: nothing written"))
    return 0


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("log", help=_("the history of the event: every change, who made it, "
                                     "when and why"))
    p.add_argument("event", metavar="EVENT", help=_("event folder"))
    p.add_argument("--round", type=int, default=None, metavar="N", help=_("changes of round N"))
    p.add_argument("--board", type=int, default=None, metavar="B",
                   help=_("changes of board B (the section's own number)"))
    p.add_argument("--player", type=int, default=None, metavar="ID",
                   help=_("changes naming this player"))
    p.add_argument("--since", default=None, metavar="WHEN",
                   help=_("from this date or time on (2026-05-01, 2026-05-01T14:30)"))
    p.add_argument("--section", default=None, metavar="NAME", help=_("changes of this section"))
    p.add_argument("--show", default=None, metavar="ENTRY",
                   help=_("one entry (#12 or its id) and what it changed, in words"))
    p.add_argument("--json", action="store_true", help=_("as JSON"))
    p.set_defaults(func=cmd_log)
    p = sub.add_parser("restore", help=_("bring the event back to an entry of its history, "
                                         "as a new change (nothing is rewritten)"))
    p.add_argument("event", metavar="EVENT", help=_("event folder"))
    p.add_argument("--to", required=True, metavar="ENTRY",
                   help=_("the entry: its number from swisstui log (#12) or its id"))
    p.add_argument("--dry-run", action="store_true",
                   help=_("show which results and pairings change, write nothing"))
    p.add_argument("--reason", help=_("why (needed when the restore changes a published "
                                      "round or FIDE mode's locked tie-breaks)"))
    p.set_defaults(func=cmd_restore)
