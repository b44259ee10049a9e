"""CLI twin of the spine: ``new``, ``settings``, ``players ...``, ``result``, ``check``.

Every command parses its arguments, calls one action of :mod:`swisstui.core.services` and
prints what that action reports; refusals are :class:`~swisstui.core.errors.SwissError` → one
line on stderr, exit 1, nothing written.
"""

from __future__ import annotations

from ..core import i18n
from ..core.i18n import _

import argparse
import json
import math
import os
import re
import sys
from typing import Any

from ..core import services, textwidth
from ..core.errors import SwissError
from ..core.export_json import player_json
from ..core.model import GAMES, ByeKind
from ..core.settings import COLOURS, PUBLISH, ROUND1, STYLES, SYSTEMS


def _out(text: str = "") -> None:
    try:
        print(text, file=sys.stdout)
        sys.stdout.flush()
    except BrokenPipeError:  # `swisstui players list EV --json | head`: the reader left
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        raise SystemExit(1) from None


# ---- new ----------------------------------------------------------------------------------------

def parse_option(game: str, text: str) -> tuple[str, Any]:
    """``key=value`` → (key, value) of the type the game's option declares (one parser for
    every ``--option``, the settings form's: :func:`swisstui.core.settings_form.parse_option`)."""
    from ..core.settings_form import parse_option as parse
    return parse(game, text)


_SETTING_FLAGS = ("system", "style", "round1", "colours", "tiebreaks", "pairing_order", "seed",
                  "win", "draw", "loss", "bye", "absent", "forfeit_win", "double_forfeit",
                  "venue", "city", "arbiter", "date_start", "date_end", "club_weight",
                  "country_weight", "language", "publish", "fide_mode")


def _settings_args(args: argparse.Namespace, game: str
                   ) -> tuple[dict[str, Any], dict[str, Any]]:
    """(settings given as flags, game options given as --option key=value, typed by the
    options ``game`` declares)."""
    overrides = {k: getattr(args, k) for k in _SETTING_FLAGS if getattr(args, k) is not None}
    options = dict(parse_option(game, text) for text in args.option or ())
    return overrides, options


def _add_setting_flags(p: argparse.ArgumentParser) -> None:
    p.add_argument("--system", help=_("pairing system: {items}").format(items=', '.join(SYSTEMS)))
    p.add_argument("--style", help=_("in-group style: {items}").format(items=', '.join(STYLES)))
    p.add_argument("--round1", help=_("round-1 method: {items}").format(items=', '.join(ROUND1)))
    p.add_argument("--colours", help=_("colour policy: {items}").format(items=', '.join(COLOURS)))
    p.add_argument("--tiebreaks", metavar="A,B,...", help=_("tie-break order"))
    p.add_argument("--pairing-order", metavar="A,B,...",
                   help=_("tie-break chain for the 'tiebreaks' style"))
    p.add_argument("--seed", type=int, help=_("random seed (lots, random pairing)"))
    for key, text in (("win", _("points for a win")), ("draw", _("points for a draw")),
                      ("loss", _("points for a loss")), ("bye", _("points for the pairing bye")),
                      ("absent", _("points for an absence"))):
        p.add_argument(f"--{key}", type=float, metavar="POINTS", help=text)
    p.add_argument("--forfeit-win", type=float, metavar="POINTS")
    p.add_argument("--double-forfeit", type=float, metavar="POINTS")
    p.add_argument("--option", action="append", metavar="KEY=VALUE",
                   help=_("game option, repeatable (komi=6.5, rules=ing, best_of=3, "
                        "bye_discs=40-24, opening=soosorv, opening_n=5)"))
    for key in ("venue", "city", "arbiter", "date-start", "date-end"):
        p.add_argument(f"--{key}")
    p.add_argument("--language", metavar="LANG",
                   help=_("the players' language (projector, players' page, prints): {langs}; "
                          "'' = the director's").format(langs=", ".join(i18n.available())))
    p.add_argument("--publish",
                   help=_("{values}: a new round reaches the players when it is paired (auto) "
                          "or when you publish it (manual)").format(values=", ".join(PUBLISH)))
    p.add_argument("--club-weight", type=int)
    p.add_argument("--country-weight", type=int)
    p.add_argument("--fide-mode", action=argparse.BooleanOptionalAction, default=None,
                   help=_("chess: FIDE mode (the tie-breaks locked after round 1, every "
                          "change to a published round with a reason, named in the TRF)"))


def cmd_new(args: argparse.Namespace) -> int:
    overrides, options = _settings_args(args, args.game)
    name = args.name or str(args.event).rstrip("/").split("/")[-1]
    ev = services.create_event(args.event, args.game, name, args.rounds, options=options,
                               **overrides)
    s = ev.settings
    _out(_("created {event}: {game}, {rounds} rounds, {system}, tie-breaks {value}").format(event=args.event, game=s.game, rounds=s.rounds, system=s.system, value=', '.join(s.tiebreaks) or '-'))
    from ..core.settings import default_mismatches
    for line in default_mismatches(s):
        _out(_("warning: {w}").format(w=line))
    return 0


def cmd_settings(args: argparse.Namespace) -> int:
    game = services.load(args.event).settings.game if args.option else ""
    overrides, options = _settings_args(args, game)
    for key in ("name", "rounds"):
        if getattr(args, key) is not None:
            overrides[key] = getattr(args, key)
    if options:
        overrides["options"] = options
    if not overrides:  # show them
        from ..core.export_json import settings_json
        settings = services.load(args.event).settings
        # the export's shape (kept stable), then the settings it leaves out: what F7 shows
        data = {**settings_json(settings), "language": settings.language,
                "publish": settings.publish, "fide_mode": settings.fide_mode}
        if args.json:
            _out(json.dumps(data, ensure_ascii=False, indent=2))
        else:
            for key, value in data.items():
                _out(f"{key} = {json.dumps(value, ensure_ascii=False)}")
        return 0
    if args.dry_run:
        change = services.preview_settings(services.load(args.event), **overrides)
    else:
        _ev, change = services.change_settings(args.event, reason=args.reason, **overrides)
    verb = _("would change: {keys}") if args.dry_run else _("changed: {keys}")
    _out(verb.format(keys=", ".join(change.changed)) if change.changed
         else _("nothing changes"))
    for line in change.effects:
        _out(f"  {line}")
    for line in change.warnings:
        _out(_("warning: {w}").format(w=line))
    return 0


# ---- players ------------------------------------------------------------------------------------

def _int_or_empty(text: str) -> int | str:
    """A whole number, or ``''`` (``players edit --rating ''`` clears the field)."""
    return "" if not text.strip() else int(text)


_int_or_empty.__name__ = "int"  # argparse's message: "invalid int value: 'x'"

_PLAYER_FLAGS = (("rating", _int_or_empty), ("rank", str), ("club", str), ("country", str),
                 ("lot", _int_or_empty), ("fide_id", str), ("sex", str), ("title", str),
                 ("birth", str), ("notes", str), ("smms_correction", _int_or_empty),
                 ("joined_round", _int_or_empty), ("reading", str), ("seat", _int_or_empty))


def _add_player_flags(p: argparse.ArgumentParser) -> None:
    for name, typ in _PLAYER_FLAGS:
        p.add_argument(f"--{name.replace('_', '-')}", dest=name, type=typ, default=None,
                       metavar=name.upper().replace("_", "-"))
    # a Go player's federation id is the EGD PIN (the h9 export writes it, |PIN)
    p.add_argument("--egd-pin", dest="fide_id", type=str, default=None, metavar="PIN",
                   help=_("the player's EGD PIN (Go; same field as --fide-id)"))


def _player_fields(args: argparse.Namespace, clear_empty: bool = False) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for name, _typ in _PLAYER_FLAGS:
        value = getattr(args, name)
        if value is None:
            continue
        key = "federation_id" if name == "fide_id" else name
        out[key] = None if (clear_empty and value == "") else value
    return out


def cmd_players_add(args: argparse.Namespace) -> int:
    p = services.add_player(args.event, args.name, id=args.id, **_player_fields(args)).player
    late = f" (joins in round {p.joined_round})" if p.joined_round > 1 else ""
    _out(_("added {id} {name}{late}").format(id=p.id, name=p.name, late=late))
    return 0


def cmd_players_import(args: argparse.Namespace) -> int:
    ids = [i for i in (args.ids or "").split(",") if i.strip()] or None
    kw = {"ids": ids, "federation": args.federation, "rating": args.rating}
    if args.dry_run:
        new = services.read_player_list(services.load(args.event), args.file, args.format,
                                        **kw)
        for p in new:
            _out(_("would add {id} {name}").format(id=p.id, name=p.name))
        _out(_("would import {count} players").format(count=len(new)))
        return 0
    added = [p.id for p in services.import_players(args.event, args.file, args.format,
                                                   **kw).added]
    if added:
        _out(_("imported {count} players (ids {min}-{max})").format(count=len(added), min=min(added), max=max(added)))
    else:
        _out(_("imported 0 players"))
    return 0


def cmd_players_list(args: argparse.Namespace) -> int:
    ev = services.load(args.event)
    if args.json:
        _out(json.dumps([player_json(ev, p) for p in ev.players], ensure_ascii=False,
                        indent=2))
        return 0
    rated = any(p.rating is not None for p in ev.players)
    ranked = any(p.rank is not None for p in ev.players)
    rows = []
    for p in ev.players:
        cols = [str(p.id), p.name]
        if ranked:
            cols.append(p.rank or "-")
        if rated:
            cols.append(str(p.rating) if p.rating is not None else "-")
        cols += [p.club or "-", p.country or "-"]
        notes = []
        if p.joined_round > 1:
            notes.append(f"joins r{p.joined_round}")
        if p.withdrawn_from is not None:
            notes.append(f"withdrawn from r{p.withdrawn_from}")
        notes += [f"{k.value} bye r{r}" for r, k in p.byes]
        cols.append("(" + "; ".join(notes) + ")" if notes else "")
        rows.append(cols)
    if rows:
        widths = [max(textwidth.width(r[i]) for r in rows) for i in range(len(rows[0]))]
        numeric = {0} | ({len(rows[0]) - 4} if rated else set())
        for r in rows:
            cells = [textwidth.rjust(c, w) if i in numeric else textwidth.ljust(c, w)
                     for i, (c, w) in enumerate(zip(r, widths))]
            _out("  ".join(cells).rstrip())
    _out(_("{count} players").format(count=len(ev.players)))
    return 0


def cmd_players_edit(args: argparse.Namespace) -> int:
    changes = _player_fields(args, clear_empty=True)
    if args.new_name is not None:
        changes["name"] = args.new_name
    if not changes:
        raise SwissError(_("nothing to change; give --name, --rating, --rank, --club, ..."))
    p = services.edit_player(args.event, args.id, **changes).player
    _out(_("edited {id} {name}").format(id=p.id, name=p.name))
    return 0


def cmd_players_remove(args: argparse.Namespace) -> int:
    p = services.remove_player(args.event, args.id).player
    _out(_("removed {id} {name}").format(id=p.id, name=p.name))
    return 0


def cmd_players_withdraw(args: argparse.Namespace) -> int:
    if args.undo:
        p = services.reinstate(args.event, args.id).player
        _out(_("reinstated {id} {name}").format(id=p.id, name=p.name))
        return 0
    p = services.withdraw(args.event, args.id, args.from_round).player
    _out(_("withdrew {id} {name} from round {withdrawn_from}").format(id=p.id, name=p.name, withdrawn_from=p.withdrawn_from))
    return 0


def cmd_players_checkin(args: argparse.Namespace) -> int:
    from ..core.services import desk
    p = desk.find_player(services.load(args.event), args.id)
    if not (args.absent or args.round) and desk.load_desk(args.event).checkin_open:
        # the desk's check-in is open: the command toggles the desk's check-in (issue 35)
        p, state = desk.toggle_check_in(args.event, p.id)
        from ..core.registration import STATE_WORDS
        _out(_("{id} {name}: {state}").format(id=p.id, name=p.name,
                                              state=_(STATE_WORDS[state])))
        return 0
    out = services.check_in(args.event, p.id, present=not args.absent, round_no=args.round)
    p, ev = out.player, out.event
    rnd = args.round or ev.current_round + 1
    _out((_("{id} {name}: absent in round {rnd}") if args.absent
          else _("{id} {name}: present in round {rnd}")).format(id=p.id, name=p.name, rnd=rnd))
    return 0


def cmd_players_bye(args: argparse.Namespace) -> int:
    p = services.request_bye(args.event, args.id, args.round, args.kind).player
    if args.kind == "none":
        _out(_("{id} {name}: no bye in round {round}").format(id=p.id, name=p.name, round=args.round))
    else:
        _out(_("{id} {name}: {kind} bye in round {round}").format(id=p.id, name=p.name, kind=args.kind, round=args.round))
    return 0


# ---- result -------------------------------------------------------------------------------------

_NUMBER = re.compile(r"-\d+(\.\d*)?")


class _ResultParser(argparse.ArgumentParser):
    """Lets a RESULT that starts with '-' be typed as documented: ``-+`` (forfeit win for
    the second-listed player) and ``--`` (double forfeit) as the last word.  ``-- -+``
    and ``-- --`` (the usual separator first) work too, and the RESULT may come after an
    option (``--force 0-1``, ``--black 7 1-0``)."""

    def _is_option(self, token: str) -> bool:
        head = token.split("=", 1)[0]
        if head in self._option_string_actions:
            return True
        return (head.startswith("--") and len(head) > 2 and head[2:3].isalpha()
                and any(o.startswith(head) for o in self._option_string_actions))

    def parse_known_args(self, args=None, namespace=None):
        args = list(sys.argv[1:] if args is None else args)
        stash = None
        for i, token in enumerate(args):
            if token == "--":
                words = len([a for a in args[:i] if not a.startswith("-")])
                if i == len(args) - 1 and words >= 3:
                    stash = args.pop(i)  # `result EV 1 3 --`: the double forfeit
                elif args[i + 1:] == ["--"] and words >= 3:
                    stash = args.pop(i + 1)  # `result EV 1 3 -- --`: separator, then it
                    args.pop(i)
                break  # a separator: argparse handles what follows
            if token.startswith("-") and not self._is_option(token) \
                    and not _NUMBER.fullmatch(token):
                stash = args.pop(i)
                break
        ns, rest = super().parse_known_args(args, namespace)
        if stash is not None:
            if getattr(ns, "result", None) is None:
                ns.result = stash
            else:
                rest.append(stash)
        # `result EV 3 12 --force 0-1` / `--black 7 1-0` / `--force -- -+`: argparse fills
        # the optional RESULT (with nothing) when it reads EVENT ROUND BOARD, before the
        # option, and then calls the result an unrecognized argument
        left = rest[1:] if rest[:1] == ["--"] else rest
        if getattr(ns, "result", None) is None and len(left) == 1 and (
                rest[:1] == ["--"] or not self._is_option(left[0])):
            ns.result, rest = left[0], []
        return ns, rest


def cmd_result(args: argparse.Namespace) -> int:
    from ..core.services import sections
    typed = args.board  # the hall's number (a section's first_board on): shown as typed
    args.board = sections.section_board(args.event, typed)
    if args.clear:
        if args.result is not None:
            raise SwissError(_("give either a RESULT or --clear, not both"))
        out = services.clear_result(args.event, args.round, args.board, reason=args.reason)
        _out(_("round {round} board {board}: result cleared").format(round=args.round, board=typed))
    else:
        if args.result is None:
            raise SwissError(_("no RESULT given (or use --clear)"))
        extra: dict[str, Any] = {}
        if args.black is not None:
            extra["black"] = args.black
        if args.komi is not None:
            if not math.isfinite(args.komi):
                raise SwissError(_("--komi {komi}: komi must be a finite number").format(komi=args.komi))
            extra["komi"] = args.komi
        if args.handicap is not None:
            extra["handicap"] = args.handicap
        if args.drop:
            extra["drop"] = args.drop
        out = services.record_result(args.event, args.round, args.board, args.result, extra,
                                     force=args.force, spell=_as_flag, reason=args.reason)
        ev, board = out.event, out.board
        by_id = ev.by_id()
        assert board.result is not None  # record_result has just written it
        names = " – ".join(by_id[pid].name for pid in board.players)
        msg = _("round {round} board {board}: {result} ({names})").format(
            round=args.round, board=typed, result=board.result.text, names=names)
        for pid in out.dropped:
            msg += _("; {player} drops").format(player=by_id[pid].name)
        _out(msg)
    if out.note:
        print(f"swisstui: {out.note}", file=sys.stderr)
    return 0


def _as_flag(key: str, value: object = "") -> str:
    """An extra of a result as the CLI spells it (``--black``, ``--drop 12``)."""
    return f"--{key} {value}".rstrip()


# ---- check --------------------------------------------------------------------------------------

def cmd_check(args: argparse.Namespace) -> int:
    problems = services.check(args.event)
    if problems:
        for line in problems:
            print(line, file=sys.stderr)
        return 1
    ev = services.load(args.event)
    _out(_("ok: {event}: {count} players, {rounds} rounds").format(event=args.event, count=len(ev.players), rounds=len(ev.rounds)))
    return 0


# ---- registration with argparse -----------------------------------------------------------------

def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("new", help=_("create an event folder"))
    p.add_argument("event", metavar="EVENT")
    p.add_argument("--game", required=True, choices=GAMES)
    p.add_argument("--rounds", type=int, default=5, help=_("planned rounds (default 5)"))
    p.add_argument("--name", help=_("event name (default: the folder name)"))
    _add_setting_flags(p)
    p.set_defaults(func=cmd_new)

    p = sub.add_parser("settings", help=_("show the event's settings, or change them "
                                        "(validated; --dry-run says what would change)"))
    p.add_argument("event", metavar="EVENT")
    p.add_argument("--name", help=_("event name"))
    p.add_argument("--rounds", type=int, help=_("planned rounds"))
    _add_setting_flags(p)
    p.add_argument("--dry-run", action="store_true",
                   help=_("say what would change (settings, places in the standings); "
                        "write nothing"))
    p.add_argument("--json", action="store_true", help=_("show the settings as JSON"))
    p.add_argument("--reason", default=None, metavar="TEXT",
                   help=_("why the tie-breaks change after round 1 (FIDE mode; kept in the "
                          "history)"))
    p.set_defaults(func=cmd_settings)

    pl = sub.add_parser("players", help=_("register and edit players"))
    psub = pl.add_subparsers(dest="players_command", metavar="ACTION")
    pl.set_defaults(func=lambda a: (pl.print_help(), 2)[1])

    q = psub.add_parser("add", help=_("add a player"))
    q.add_argument("event", metavar="EVENT")
    q.add_argument("name", metavar="NAME")
    q.add_argument("--id", type=int)
    _add_player_flags(q)
    q.set_defaults(func=cmd_players_add)

    q = psub.add_parser("import", help=_("add the players of a CSV file (header row), "
                                       "a FIDE rating-list TXT or an EGD player list"))
    q.add_argument("event", metavar="EVENT")
    q.add_argument("file", metavar="FILE")
    q.add_argument("--format", choices=("csv", "fide", "egd"), default="csv",
                   help=_("csv (default), fide (rating-list TXT) or egd (EGD player list)"))
    q.add_argument("--ids", metavar="ID,ID,...", help=_("fide/egd: only these FIDE ids / PINs"))
    q.add_argument("--federation", metavar="CC", help=_("fide/egd: only this country code"))
    q.add_argument("--rating", choices=("standard", "rapid", "blitz"), default="standard",
                   help=_("fide: which rating to register (default standard)"))
    q.add_argument("--dry-run", action="store_true",
                   help=_("list the players the import would add, with their ids; write nothing"))
    q.set_defaults(func=cmd_players_import)

    q = psub.add_parser("list", help=_("list the players"))
    q.add_argument("event", metavar="EVENT")
    q.add_argument("--json", action="store_true")
    q.set_defaults(func=cmd_players_list)

    q = psub.add_parser("edit", help=_("change a player's fields ('' clears a field)"))
    q.add_argument("event", metavar="EVENT")
    q.add_argument("id", type=int, metavar="ID")
    q.add_argument("--name", dest="new_name")
    _add_player_flags(q)
    q.set_defaults(func=cmd_players_edit)

    q = psub.add_parser("remove", help=_("delete a registration made by mistake "
                                       "(never paired)"))
    q.add_argument("event", metavar="EVENT")
    q.add_argument("id", type=int, metavar="ID")
    q.set_defaults(func=cmd_players_remove)

    q = psub.add_parser("withdraw", help=_("withdraw a player from a round on"))
    q.add_argument("event", metavar="EVENT")
    q.add_argument("id", type=int, metavar="ID")
    q.add_argument("--from-round", type=int, help=_("first round not paired (default: next)"))
    q.add_argument("--undo", action="store_true", help=_("reinstate the player"))
    q.set_defaults(func=cmd_players_withdraw)

    q = psub.add_parser("checkin", help=_("roll-call: mark a player present (default) or "
                                        "--absent for the next round; while the desk's "
                                        "check-in is open, toggle the player's check-in"))
    q.add_argument("event", metavar="EVENT")
    q.add_argument("id", metavar="NAME-OR-ID")
    q.add_argument("--absent", action="store_true", help=_("absent (an 'absent' bye request)"))
    q.add_argument("--round", type=int, help=_("the round (default: the next one)"))
    q.set_defaults(func=cmd_players_checkin)

    q = psub.add_parser("bye", help=_("request a bye for a future round"))
    q.add_argument("event", metavar="EVENT")
    q.add_argument("id", type=int, metavar="ID")
    q.add_argument("--round", type=int, required=True)
    q.add_argument("--kind", required=True,
                   choices=[k.value for k in ByeKind if k is not ByeKind.PAIRING] + ["none"])
    q.set_defaults(func=cmd_players_bye)

    p = sub.add_parser("result", help=_("record (or --clear) a result"))
    p.__class__ = _ResultParser
    p.add_argument("event", metavar="EVENT")
    p.add_argument("round", type=int, metavar="ROUND")
    p.add_argument("board", type=int, metavar="BOARD")
    p.add_argument("result", nargs="?", metavar="RESULT",
                   help=_("in the game's notation: 1-0, B+3.5, 40-24, 2-1, ..."))
    p.add_argument("--force", action="store_true", help=_("replace a different result"))
    p.add_argument("--reason", default=None, metavar="TEXT",
                   help=_("why a published round's result is corrected (event setting "
                          "publish = manual, or FIDE mode; kept in the history)"))
    p.add_argument("--clear", action="store_true", help=_("remove the result"))
    p.add_argument("--black", type=int, metavar="ID", help=_("renju: who actually had Black"))
    p.add_argument("--drop", type=int, action="append", metavar="ID",
                   help=_("magic: this player leaves after this match"))
    p.add_argument("--komi", type=float, help=_("go: komi of this game"))
    p.add_argument("--handicap", type=int, metavar="STONES",
                   help=_("go: handicap stones of this game (0-9; SOSM corrects by them)"))
    p.set_defaults(func=cmd_result)

    p = sub.add_parser("check", help=_("validate the event folder (file:line messages)"))
    p.add_argument("event", metavar="EVENT")
    p.set_defaults(func=cmd_check)
