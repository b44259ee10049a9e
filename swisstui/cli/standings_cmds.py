"""CLI twin of the standings area: ``standings``, ``crosstable``, ``playoff``, ``rounds``,
``prizes``:
argument parsing over :mod:`swisstui.core.services` and the export table
(:mod:`swisstui.core.interop.formats`), so ``standings --format csv`` and ``export --format
csv --what standings`` write the same bytes.
"""

from __future__ import annotations

from ..core.i18n import N_, _, ngettext

import argparse
import sys

from ..core import services
from ..core.errors import SwissError
from ..core.model import GAMES
from ..core.readers import reader_text
from ..core.standings import advice
from .interop_cmds import request, write_out

FORMATS = ("text", "json", "csv", "html")


def _out(text: str) -> None:
    sys.stdout.write(text)


def cmd_standings(args: argparse.Namespace) -> int:
    ev = services.load(args.event)
    write_out(services.export(ev, request(args, what="standings")))
    return 0


def cmd_crosstable(args: argparse.Namespace) -> int:
    ev = services.load(args.event)
    write_out(services.export(ev, request(args, what="crosstable")))
    return 0


def cmd_playoff(args: argparse.Namespace) -> int:
    if args.show:
        _out("\n".join(services.bracket(services.load(args.event))) + "\n")
        return 0
    ev, rnd = services.next_playoff_round(args.event, args.top)
    names = {p.id: p.name for p in ev.players}
    _out(_("playoff round {number} saved ({count} board(s)):\n").format(number=rnd.number, count=len(rnd.boards)))
    for b in rnd.boards:
        a, c = b.players
        _out(f"  {b.number}. {names.get(a, a)} ({a})  –  {names.get(c, c)} ({c})\n")
    return 0


def cmd_rounds(args: argparse.Namespace) -> int:
    if args.players < 1:
        raise SwissError(_("--players must be at least 1, not {players}").format(players=args.players))
    a = advice(args.players, args.game)
    _out(f"{a.rounds}\n" if args.quiet else _("{rounds} rounds — {note}\n").format(rounds=a.rounds, note=reader_text(a.note, _)))
    return 0


def cmd_prizes(args: argparse.Namespace) -> int:
    from ..core.prizes import line_text, money_text
    from ..core.services.prizes import prize_allocation
    alloc = prize_allocation(args.event)
    if args.json:
        import json
        doc = {"currency": alloc.currency, "after_round": alloc.after_round,
               "warnings": [str(w) for w in alloc.warnings],
               "groups": [{"name": g.name,
                           "awards": [{"category": a.category, "place": a.place,
                                       "player": a.player, "name": a.name,
                                       "points": a.points, "money": float(a.money),
                                       "nominal": float(a.nominal), "item": a.item,
                                       "shared_with": list(a.shared_with)}
                                      for a in g.awards],
                           "unawarded": [{"category": c, "place": n}
                                         for c, n in g.unawarded],
                           "tied_with_last": {c: list(t)
                                              for c, t in g.tied_with_last.items()},
                           "explanation": [str(x) for x in g.explanation]}
                          for g in alloc.groups],
               "totals": {k: float(v) for k, v in alloc.totals().items()}}
        _out(json.dumps(doc, ensure_ascii=False, indent=2) + "\n")
        return 0
    cur = f" {alloc.currency}" if alloc.currency else ""
    for w in alloc.warnings:
        print(_("warning: {w}").format(w=reader_text(w, _)), file=sys.stderr)
    for g in alloc.groups:
        _out(f"{g.name}\n")
        for a in g.awards:
            prize = " + ".join(x for x in ((money_text(a.money) + cur) if a.money else "",
                                           a.item) if x) or "-"
            shared = (" " + ngettext("(shared with {count} player)",
                                     "(shared with {count} players)",
                                     len(a.shared_with)).format(count=len(a.shared_with))
                      if a.shared_with else "")
            _out(f"  {line_text(a.label, _)}  {a.name} ({a.player})  {prize}{shared}\n")
        for cat, place in g.unawarded:
            _out("  " + _("{category} {place}.  not awarded: nobody eligible").format(
                category=cat, place=place) + "\n")
        if args.explain:
            for line in g.explanation:
                _out("    " + line_text(line, _) + "\n")
    _out(_("total paid: {amount}").format(amount=money_text(alloc.totals()[""]) + cur)
         + "\n")
    return 0


def register(sub: argparse._SubParsersAction) -> None:
    for name, func, help_text in (
            ("standings", cmd_standings, N_("standings after a round, with the tie-breaks")),
            ("crosstable", cmd_crosstable, N_("crosstable: one row per player, one column per "
                                              "round"))):
        p = sub.add_parser(name, help=_(help_text))
        p.add_argument("event", help=_("event folder"))
        p.add_argument("--round", type=int, default=None,
                       help=_("after this round (default: the last complete round)"))
        p.add_argument("--tiebreaks", default=None,
                       help=_("tie-break chain, e.g. BH-C1,BH,SB (default: the event's; "
                            "'' for the score alone, ties shared)"))
        p.add_argument("--format", choices=FORMATS, default="text")
        p.set_defaults(func=func)

    p = sub.add_parser("playoff", help=_("single-elimination playoff: create the next round "
                                       "(--top N) or --show the bracket"))
    p.add_argument("event", help=_("event folder"))
    p.add_argument("--top", type=int, default=8, help=_("playoff size: 2, 4, 8, 16… (default 8)"))
    p.add_argument("--show", action="store_true", help=_("print the bracket, change nothing"))
    p.set_defaults(func=cmd_playoff)

    p = sub.add_parser("prizes", help=_("who wins which prize of the event's prizes.toml, "
                                      "after the final standings"))
    p.add_argument("event", help=_("event folder"))
    p.add_argument("--explain", action="store_true",
                   help=_("say why: prizes passed on, shared, not awarded"))
    p.add_argument("--json", action="store_true", help=_("as JSON"))
    p.set_defaults(func=cmd_prizes)

    p = sub.add_parser("rounds", help=_("recommended number of Swiss rounds for a field"))
    p.add_argument("--players", type=int, required=True,
                   help=_("expected number of players"))
    p.add_argument("--game", choices=GAMES, default=None)
    p.add_argument("--quiet", action="store_true", help=_("print only the number"))
    p.set_defaults(func=cmd_rounds)
