"""``swisstui sections``: list, add and remove the sections of an event (issue 33), and the
``--section NAME`` every command acting on one section takes (:func:`add_section_option`,
:func:`apply_section`).  The work is in :mod:`swisstui.core.services.sections`."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from ..core.i18n import _, ngettext
from ..core import services
from ..core.services import sections

#: Commands that never act on one section's folder: they make an event or own the screen,
#: or read the whole event's history (``log --section NAME`` filters it)
NOT_SECTIONED = ("new", "import", "open", "demo", "display", "serve", "sections", "rounds",
                 "simulate", "warm", "log", "restore")
#: Commands that, with several sections and no ``--section``, run once per section (the
#: master list of standings, each section's crosstable, the check of every section, each
#: section's rating report, each section's refresh from the rating lists)
EVERY_SECTION = ("standings", "crosstable", "check", "report", "ratings")
#: Commands that, with several sections and no ``--section``, act on the event root: the
#: hall's round clock (a section follows it until it starts a clock of its own)
HALL = ("clock",)
#: Commands that, with several sections and no ``--section``, are given the event root and
#: decide themselves: ``export`` writes the master lists (standings, the check-in list) and
#: one federation file per section, and refuses the rest naming the sections
#: (:func:`swisstui.core.services.exports.export_folder`)
WHOLE_EVENT = ("export",)
SUBCOMMANDS = ("list", "add", "remove", "move", "distribute", "first-board")


def _out(text: str) -> None:
    sys.stdout.write(text + "\n")


def cmd_list(args: argparse.Namespace) -> int:
    rows = sections.list_sections(args.event)
    if args.json:
        _out(json.dumps([{"name": s.name, "folder": str(s.folder), "game": s.game,
                          "system": s.system, "rounds": s.rounds, "players": s.players,
                          "paired": s.paired, "first_board": s.first_board} for s in rows], ensure_ascii=False, indent=2))
        return 0
    for s in rows:
        _out(ngettext("{name}: {game}, {system}, {players} player, round {paired} of {rounds} paired ({folder})",
                      "{name}: {game}, {system}, {players} players, round {paired} of {rounds} paired ({folder})",
                      s.players).format(
            name=s.name, game=s.game, system=s.system, players=s.players, paired=s.paired,
            rounds=s.rounds, folder=s.folder))
    return 0


def cmd_add(args: argparse.Namespace) -> int:
    from .event_cmds import parse_option
    options = None
    if args.option:
        game = args.game or services.load(sections.root_of(args.event)).settings.game
        options = dict(parse_option(game, text) for text in args.option)
    tiebreaks = None
    if args.tiebreaks is not None:
        tiebreaks = [t.strip() for t in args.tiebreaks.split(",") if t.strip()]
    s = sections.add_section(args.event, args.name, game=args.game, rounds=args.rounds,
                             system=args.system, tiebreaks=tiebreaks, options=options,
                             first_board=args.first_board)
    _out(_("section {name} added: {game}, {system}, {rounds} rounds ({folder})").format(
        name=s.name, game=s.game, system=s.system, rounds=s.rounds, folder=s.folder))
    return 0


def cmd_first_board(args: argparse.Namespace) -> int:
    s = sections.set_first_board(args.event, args.name, args.number)
    _out(_("section {name}: boards numbered from {number} in the hall").format(
        name=s.name, number=s.first_board))
    return 0


def cmd_remove(args: argparse.Namespace) -> int:
    folder = sections.remove_section(args.event, args.name)
    _out(_("section {name} removed ({folder})").format(name=args.name, folder=folder))
    return 0


def cmd_move(args: argparse.Namespace) -> int:
    player: int | str = int(args.player) if args.player.isdecimal() else args.player
    m = sections.move_player(args.event, player, args.section_to, dry_run=args.dry_run)
    if args.json:
        _out(json.dumps({"player": m.player, "name": m.name, "from": m.source, "to": m.target,
                         "after_round": m.after_round, "joined_round": m.joined_round,
                         "written": m.written,
                         "changes": [{"section": c.section, "player": c.player,
                                      "name": c.name, "before": c.before, "after": c.after}
                                     for c in m.changes]}, ensure_ascii=False, indent=2))
        return 0
    for line in sections.move_lines(m):
        _out(line)
    _out(_("dry run: nothing written") if not m.written else _("saved"))
    return 0


def cmd_distribute(args: argparse.Namespace) -> int:
    ids = sections.parse_plays_up(args.plays_up)
    d = sections.distribute(args.event, args.by, args.bands, base_date=args.date,
                            plays_up=ids, dry_run=args.dry_run)
    if args.json:
        _out(json.dumps({"moves": [{"player": m.player, "name": m.name, "from": m.source,
                                    "to": m.target} for m in d.moves],
                         "kept": list(d.kept), "unplaced": list(d.unplaced),
                         "paired": list(d.paired), "written": d.written},
                        ensure_ascii=False, indent=2))
        return 0
    for line in sections.distribution_lines(d):
        _out(line)
    _out(ngettext("{count} player moves", "{count} players move", len(d.moves)).format(
        count=len(d.moves)) + "; " + (_("saved") if d.written else _("dry run: nothing written")))
    return 0


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("sections", help=_("the sections of an event: list (the default), "
                                          "add, remove, move, distribute, first-board"))
    ss = p.add_subparsers(dest="sections_command", metavar="list|add|remove|move|distribute|first-board")
    q = ss.add_parser("list", help=_("list the sections: name, game, system, players, "
                                     "rounds paired"))
    q.add_argument("event", metavar="EVENT", help=_("event folder"))
    q.add_argument("--json", action="store_true", help=_("as JSON"))
    q.set_defaults(func=cmd_list)
    q = ss.add_parser("add", help=_("add a section; it inherits every setting of the event "
                                    "but those given"))
    q.add_argument("event", metavar="EVENT", help=_("event folder"))
    q.add_argument("name", metavar="NAME",
                   help=_("the section's name: letters, digits, - and _ (U1600, kyu)"))
    q.add_argument("--game", default=None, help=_("another game than the event's"))
    q.add_argument("--rounds", type=int, default=None, help=_("number of rounds"))
    q.add_argument("--system", default=None, help=_("pairing system"))
    q.add_argument("--tiebreaks", default=None, help=_("tie-break chain, e.g. BH,SB"))
    q.add_argument("--option", action="append", metavar="KEY=VALUE",
                   help=_("game option, repeatable (komi=6.5, handicap=true)"))
    q.add_argument("--first-board", type=int, default=None, metavar="N",
                   help=_("the hall's number of the section's board 1 (e.g. 101)"))
    q.set_defaults(func=cmd_add)
    q = ss.add_parser("first-board", help=_("number a section's boards in the hall from N "
                                            "(who plays whom stays as it is)"))
    q.add_argument("event", metavar="EVENT", help=_("event folder"))
    q.add_argument("name", metavar="NAME", help=_("the section's name"))
    q.add_argument("number", metavar="N", type=int, help=_("the hall's number of its board 1"))
    q.set_defaults(func=cmd_first_board)
    q = ss.add_parser("remove", help=_("remove a section without rounds or players"))
    q.add_argument("event", metavar="EVENT", help=_("event folder"))
    q.add_argument("name", metavar="NAME", help=_("the section's name"))
    q.set_defaults(func=cmd_remove)
    q = ss.add_parser("move", help=_("move a player into another section (his record in "
                                     "the old one kept once paired)"))
    q.add_argument("event", metavar="EVENT", help=_("event folder"))
    q.add_argument("player", metavar="PLAYER", help=_("the player's id or exact name"))
    q.add_argument("section_to", metavar="SECTION", help=_("the section to move into"))
    q.add_argument("--dry-run", action="store_true",
                   help=_("show what changes (places in both sections), write nothing"))
    q.add_argument("--json", action="store_true", help=_("as JSON"))
    q.set_defaults(func=cmd_move)
    q = ss.add_parser("distribute", help=_("enter the players not yet paired in sections by "
                                           "rating, rank, age or Go class"))
    q.add_argument("event", metavar="EVENT", help=_("event folder"))
    q.add_argument("--by", required=True, choices=sections.BY, help=_("what decides"))
    q.add_argument("--bands", default=None, metavar="NAME:LOW-HIGH,...",
                   help=_("the sections' bands, e.g. Open:1800-,U1800:-1799; for --by "
                          "class, CLASS:SECTION to rename (S:Open)"))
    q.add_argument("--date", default=None, metavar="YYYY-MM-DD",
                   help=_("base date of the ages (default: the event's start)"))
    q.add_argument("--plays-up", default=None, metavar="ID,...",
                   help=_("players who stay in the section they are entered in"))
    q.add_argument("--dry-run", action="store_true", help=_("show who moves, write nothing"))
    q.add_argument("--json", action="store_true", help=_("as JSON"))
    q.set_defaults(func=cmd_distribute)


def default_list(argv: list[str]) -> list[str]:
    """``sections EVENT`` is ``sections list EVENT``."""
    if len(argv) >= 2 and argv[0] == "sections" and argv[1] not in SUBCOMMANDS \
            and argv[1] not in ("-h", "--help"):
        return ["sections", "list", *argv[1:]]
    return argv


def add_section_option(parser: argparse.ArgumentParser, command: str) -> None:
    """``--section NAME`` on every parser under ``command`` that takes an EVENT."""
    subs = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    for action in subs:
        for child in action.choices.values():
            add_section_option(child, command)
    if any(a.dest == "event" for a in parser._actions) and command not in NOT_SECTIONED:
        parser.add_argument("--section", metavar="NAME", default=None,
                            help=_("the section to act on (default: the only one)"))


def apply_section(args: argparse.Namespace) -> int:
    """Run the command on the section ``--section`` names (the only one when not given); a
    command of :data:`EVERY_SECTION` with several sections and none named runs once per
    section, each under its name."""
    if not hasattr(args, "section") or not getattr(args, "event", None) \
            or args.command in NOT_SECTIONED:  # log's --section is its own filter
        return int(args.func(args) or 0)
    if args.command in EVERY_SECTION and args.section is None:
        every = sections.targets(args.event, None)
    elif args.command in HALL and args.section is None:
        every = [("", sections.root_of(args.event))]
    elif args.command in WHOLE_EVENT and args.section is None:
        every = [("", Path(args.event))]
    else:
        every = [("", sections.resolve(args.event, args.section))]
    if len(every) == 1:
        if every[0][1] != Path(args.event):
            args.event = str(every[0][1])
        return int(args.func(args) or 0)
    rc = 0
    for i, (name, folder) in enumerate(every):
        if i:
            _out("")
        _out(_("== section {name} ==").format(name=name))
        sys.stdout.flush()
        args.event = str(folder)
        rc = max(rc, int(args.func(args) or 0))
    return rc
