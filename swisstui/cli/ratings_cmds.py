"""``swisstui ratings import FILE [--source S] [--map COLUMNS] [--date D]`` · ``ratings list``
· ``ratings find QUERY [--game G]`` · ``ratings refresh EVENT [--dry-run] [--force]``: the offline rating lists of
:mod:`swisstui.core.services.ratings`.  Thin: argument parsing and printing."""

from __future__ import annotations

import argparse
import json

from ..core.i18n import _, ngettext, pgettext
from ..core.model import GAMES
from ..core.services import ratings
from ..core.textwidth import ljust, rjust


def register(sub) -> None:
    p = sub.add_parser(
        "ratings", help=_("offline rating lists: import, list, find"),
        description=_("Federation rating lists kept on this computer (no network): import "
                      "the file you downloaded, see what is installed, find a player. "
                      "README \"Rating lists\" says where each list is downloaded."))
    acts = p.add_subparsers(dest="ratings_action", metavar="ACTION")
    imp = acts.add_parser(
        "import", help=_("install or replace a list from its file"),
        description=_("Install a rating list from the file: the FIDE list (TXT or XML), the "
                      "EGD allworld_lp list, the AGA TD list or a federation's CSV. A list "
                      "of the same source is replaced whole; a file with an error installs "
                      "nothing."))
    imp.add_argument("file", metavar="FILE", help=_("the list's file"))
    imp.add_argument("--source", choices=ratings.SOURCES, default=None,
                     help=_("which list the file is (default: from the file's name)"))
    imp.add_argument("--map", metavar="COLUMNS", default=None, action="append",
                     help=_("a CSV's columns: FIELD=COLUMN,… with the fields name, id, "
                            "rating, rank, federation, club, birth, sex, title, reading"))
    imp.add_argument("--date", metavar="YYYY-MM-DD", default=None,
                     help=_("the list's date (default: the date the file states, else "
                            "the file's)"))
    imp.set_defaults(func=cmd_import)
    lst = acts.add_parser("list", help=_("show the installed lists"),
                          description=_("The installed lists: source, date, players, the "
                                        "file's SHA-256."))
    lst.add_argument("--json", action="store_true", help=_("print JSON"))
    lst.set_defaults(func=cmd_list)
    find = acts.add_parser("find", help=_("find players by name or id"),
                           description=_("Players whose name starts with the words typed "
                                         "(accents and case ignored, any name first) or "
                                         "whose id starts with the digits typed; the "
                                         "game's lists first."))
    find.add_argument("query", metavar="QUERY", nargs="+", help=_("name or id"))
    ref = acts.add_parser("refresh", help=_("update the registered players from the lists"),
                          description=_("Every rating, rank, title and federation the "
                                        "installed lists give otherwise for the players "
                                        "registered with their federation id; frozen once "
                                        "round 1 is paired."))
    ref.add_argument("event", metavar="EVENT", help=_("the event folder"))
    ref.add_argument("--dry-run", action="store_true",
                     help=_("show every change, write nothing"))
    ref.add_argument("--force", action="store_true",
                     help=_("refresh even after round 1 is paired"))
    ref.set_defaults(func=cmd_refresh)
    find.add_argument("--game", choices=GAMES, default=None,
                      help=_("the game whose lists come first (default: every list)"))
    find.add_argument("--limit", type=int, default=10, help=_("at most this many rows"))
    find.add_argument("--json", action="store_true", help=_("print JSON"))
    find.set_defaults(func=cmd_find)
    p.set_defaults(func=lambda args: (p.print_help(), 2)[1])


def cmd_refresh(args: argparse.Namespace) -> int:
    from ..core import services
    if args.dry_run:
        out = ratings.preview_refresh(services.load(args.event))
    else:
        out = ratings.refresh(args.event, force=args.force)
    for line in out.reminders:
        print(_("note: {text}").format(text=line))
    if not out.changes:
        print(_("no change: the registrations agree with the installed lists"))
        return 0
    for c in out.changes:
        print(_("{player} {name}: {field} {old} → {new} ({source})").format(
            player=c.player, name=c.name, field=c.field,
            old="—" if c.old is None else c.old, new=c.new, source=c.source.upper()))
    n = len(out.changes)
    if args.dry_run:
        print(ngettext("{n} change would be made (nothing written)",
                       "{n} changes would be made (nothing written)", n).format(n=n)
              + (_("; round 1 is paired: the ratings are frozen, --force refreshes them")
                 if out.frozen else ""))
    else:
        print(ngettext("{n} change made", "{n} changes made", n).format(n=n))
    return 0


def cmd_import(args: argparse.Namespace) -> int:
    # --map may be given more than once (--map name=Nome --map rating=Elo): one map; it is
    # read after the file is found (a missing file is said first)
    columns = ",".join(args.map) if args.map else None
    done = ratings.import_list(args.file, args.source, columns=columns, list_date=args.date)
    print(ngettext("{source}: {rows} player installed (list of {date}, SHA-256 {sha})",
                   "{source}: {rows} players installed (list of {date}, SHA-256 {sha})",
                   done.rows).format(source=done.source, rows=done.rows,
                                     date=done.list_date, sha=done.sha256[:12]))
    return 0


def cmd_list(args: argparse.Namespace) -> int:
    lists = ratings.installed()
    if args.json:
        print(json.dumps([{"source": i.source, "date": i.list_date, "rows": i.rows,
                           "sha256": i.sha256, "file": i.file, "imported": i.imported}
                          for i in lists], ensure_ascii=False, indent=1))
        return 0
    if not lists:
        print(_("no rating list installed (swisstui ratings import FILE)"))
        return 0
    print(" ".join([ljust(pgettext("rating lists", "list"), 6), ljust(_("date"), 10),
                    rjust(_("players"), 8), ljust("SHA-256", 12), _("file")]))
    for i in lists:
        print(f"{i.source:<6} {i.list_date:<10} {i.rows:>8} {i.sha256[:12]} {i.file}")
    print(_("index: {path}").format(path=ratings.index_path()))
    return 0


def cmd_find(args: argparse.Namespace) -> int:
    found = ratings.lookup(" ".join(args.query), args.game, args.limit)
    if args.json:
        print(json.dumps([{"source": p.source, **p.player_fields()} for p in found],
                         ensure_ascii=False, indent=1))
        return 0
    if not found:
        print(_("no player found"))
        return 0
    for p in found:
        strength = p.rank or (str(p.rating) if p.rating else "")
        print(" ".join([ljust(p.source, 4), ljust(p.id or "", 9), ljust(p.name, 30),
                        ljust(p.title or "", 3), ljust(strength, 5), ljust(p.federation or "", 3),
                        p.birth or "", p.club or ""]).rstrip())
    return 0
