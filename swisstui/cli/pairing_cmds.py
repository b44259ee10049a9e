"""Pairing commands: ``pair``, ``pairings swap``, ``explain``, ``simulate``, ``warm`` — argument
parsing and printing over :mod:`swisstui.core.services` (pairing happens inside the store's lock
on the fresh event; a refusal writes nothing)."""

from __future__ import annotations

from ..core.i18n import _

import argparse
import json

from ..core import publishing, services, textwidth
from ..core.services import sections
from ..core.board_setup import describe
from ..core.games import profile
from ..core.interop.formats import pairing_json


def _pair_arg(text: str) -> tuple[int, int]:
    try:
        a, b = text.replace("-", ":").split(":")
        return int(a), int(b)
    except ValueError:
        raise argparse.ArgumentTypeError(
            _("{text!r}: give two player ids as A:B").format(text=text)) from None


def _name(event, pid: int) -> str:
    p = event.player(pid)
    return f"{pid} {p.name}" if p else str(pid)


def format_round(event, rnd, first: int = 1) -> list[str]:
    """The round as a list; ``first``: the hall's number of board 1 (a section's
    ``first_board``)."""
    pts = services.pairing_scores(event, rnd.number)  # points, or the McMahon score
    cols = profile(event.game).seats.list_marks
    lines = [_("Round {number}").format(number=rnd.number)]
    width = max([textwidth.width(_name(event, p)) for b in rnd.boards for p in b.players]
                + [10])  # terminal columns: a Hangul or Kanji character takes two
    for b in rnd.boards:
        a, c = b.players
        ca, cc = (f"({cols[0]}) ", f"({cols[1]}) ") if cols else ("", "")
        # Go handicap games: "  H3 komi 0.5", the word in the reader's language (H3 コミ 0.5)
        terms = describe(event.game, b, _)
        lines.append(f"{b.number + first - 1:>4}  {ca}{textwidth.ljust(_name(event, a), width)} "
                     f"{pts.get(a, 0):>5g}  -  "
                     f"{cc}{textwidth.ljust(_name(event, c), width)} {pts.get(c, 0):>5g}"
                     + (f"  {terms}" if terms else ""))
    for y in rnd.byes:
        # Translators: a line of the printed pairing; keep "{name} ({kind})" (kind is a code)
        lines.append(_(" bye  {name} ({kind})").format(name=_name(event, y.player),
                                                       kind=y.kind.value))
    return lines


# ---- pair ---------------------------------------------------------------------------------


def cmd_pair(args: argparse.Namespace) -> int:
    if args.undo:
        ev = services.undo_round(args.event, force=args.force, reason=args.reason)
        print(_("removed round {value}; the event is back at round {current_round}").format(value=ev.current_round + 1, current_round=ev.current_round))
        return 0
    out = services.pair_next(args.event, fixed=args.fixed or (), forbid=args.forbid or (),
                             allow_rematch=args.allow_rematch, date=args.date)
    ev, p = out.event, out.pairing
    if args.json:
        data = pairing_json(ev, p.round)
        data["warnings"] = list(p.warnings)
        if args.explain:
            data["explain"] = {str(n): p.explain(n) for n in p.notes}
            data["explain_byes"] = list(p.bye_notes)
        print(json.dumps(data, ensure_ascii=False, indent=1))
        return 0
    print("\n".join(format_round(ev, p.round, sections.first_board(args.event))))
    for w in p.warnings:
        print(_("warning: {w}").format(w=w))
    if publishing.draft(ev) is not None:
        print(_("round {round} is a draft: the players see it once you publish it (swisstui publish EVENT)").format(round=ev.current_round))
    if args.explain:
        for n in sorted(p.notes):
            print()
            print("\n".join(p.explain(n)))
        if p.bye_notes:
            print()
            print("\n".join(p.bye_notes))
    return 0


# ---- pairings swap ------------------------------------------------------------------------


def _show_edit(args: argparse.Namespace, out) -> int:
    """Print a hand edit (:class:`swisstui.core.services.HandEdit`): the round as it is (or
    would be) and what the edit costs, board by board."""
    print("\n".join(format_round(out.event, out.round, sections.first_board(args.event))))
    print(_("this edit would cost:") if args.dry_run else _("this edit costs:"))
    for line in out.costs:
        print(f"  {line}")
    return 0


def _edit(args: argparse.Namespace, preview, save, *values) -> int:
    """``--dry-run``: ``preview`` on the event as it is (nothing written); else ``save``
    under the event's lock, with ``--reason``."""
    if args.dry_run:
        ev = services.load(args.event)
        out = preview(ev, args.round, *values, first_board=sections.first_board(args.event))
    else:
        out = save(args.event, args.round, *values, reason=args.reason)
    return _show_edit(args, out)


def cmd_swap(args: argparse.Namespace) -> int:
    return _edit(args, services.preview_swap, services.swap, args.a, args.b)


def cmd_latecomer(args: argparse.Namespace) -> int:
    return _edit(args, services.preview_latecomer, services.add_latecomer, args.player)


def cmd_new_board(args: argparse.Namespace) -> int:
    return _edit(args, services.preview_new_board, services.add_board, args.a, args.b)


def cmd_remove_board(args: argparse.Namespace) -> int:
    board = sections.section_board(args.event, args.board)
    return _edit(args, services.preview_remove_board, services.remove_board, board,
                 args.result)


def cmd_repair(args: argparse.Namespace) -> int:
    keep = tuple(sections.section_board(args.event, n) for n in args.keep or ())
    if args.dry_run:
        ev = services.load(args.event)
        out = services.preview_repair(ev, args.round, keep, allow_rematch=args.allow_rematch,
                                      first_board=sections.first_board(args.event))
    else:
        out = services.repair_round(args.event, args.round, keep,
                                    allow_rematch=args.allow_rematch, reason=args.reason)
    return _show_edit(args, out)


def _board_list(text: str) -> list[int]:
    try:
        return [int(x) for x in text.replace(",", " ").split()]
    except ValueError:
        raise argparse.ArgumentTypeError(
            _("{text!r}: give board numbers, e.g. 1,3,7").format(text=text)) from None


# ---- explain ------------------------------------------------------------------------------


def cmd_publish(args: argparse.Namespace) -> int:
    ev = services.publish_round(args.event)
    print(_("round {round} published: the projector and the players' page show it").format(round=ev.current_round))
    return 0


def cmd_explain(args: argparse.Namespace) -> int:
    ev = services.load(args.event)
    # the board as the hall numbers it (a section's first_board on); 0: the byes
    board = sections.section_board(args.event, args.board) if args.board else 0
    print("\n".join(services.explain(ev, args.round, board,
                                     first_board=sections.first_board(args.event),
                                     folder=args.event)))
    return 0


# ---- simulate -----------------------------------------------------------------------------


def cmd_simulate(args: argparse.Namespace) -> int:
    from ..core.pairing import simulate as sim
    ev = services.simulate_event(args.game, args.players, args.rounds, args.seed,
                                 name=args.name, out=args.out)
    dist = sim.score_distribution(ev)
    first = sim.rounds_to_one_unbeaten(ev)
    if args.json:
        print(json.dumps({"game": args.game, "players": args.players, "rounds": args.rounds,
                          "seed": args.seed, "distribution": dict(dist),
                          "rounds_to_one_unbeaten": first}, ensure_ascii=False))
        return 0
    print(_("{game}: {players} players, {rounds} rounds, seed {seed}").format(game=args.game, players=args.players, rounds=args.rounds, seed=args.seed))
    print(_("final records (wins-losses[-draws]): players"))
    for rec, n in dist:
        print(f"  {rec:>9}  {n:>5}  {'#' * min(n, 60)}")
    if first is None:
        print(_("no round left exactly one player with a perfect record"))
    else:
        print(_("exactly one unbeaten player after round {first}").format(first=first))
    if args.out:
        print(_("written to {out}").format(out=args.out))
    return 0


# ---- warm ---------------------------------------------------------------------------------


def cmd_warm(args: argparse.Namespace) -> int:
    if args.status:
        state = services.solver_state()
        print({"ready": _("the pairing solver is compiled and cached"),
               "warming": _("the pairing solver is being compiled (a warm-up is running)"),
               "cold": _("the pairing solver is not compiled yet: the first round of a large "
                         "field compiles it (swisstui warm does it now)")}[state])
        return 0
    print(_("compiling the pairing solver for large fields (about a minute, once) ..."),
          flush=True)

    def step(done: int, total: int) -> None:
        print(_("  {done}/{total} rounds of the warm-up paired").format(done=done, total=total),
              flush=True)

    out = services.warm_solver(step)
    if not out.compiled:
        print(_("a warm-up is already running into {folder}; nothing done").format(
            folder=out.folder))
        return 0
    print(_("ready in {seconds:.0f} s: {folder}").format(seconds=out.seconds, folder=out.folder))
    return 0


# ---- registration ------------------------------------------------------------------------


def register(sub) -> None:
    from ..core.model import GAMES
    p = sub.add_parser("publish", help=_("publish the draft round (event setting publish = "
                                         "manual): the players see it from now on"))
    p.add_argument("event", help=_("event folder"))
    p.set_defaults(func=cmd_publish)
    p = sub.add_parser("pair", help=_("pair the next round and save it"))
    p.add_argument("event", help=_("event folder"))
    p.add_argument("--json", action="store_true", help=_("print the pairing as JSON"))
    p.add_argument("--explain", action="store_true",
                   help=_("explain every board (why these two, colours, floats)"))
    p.add_argument("--fixed", type=_pair_arg, action="append", metavar="A:B",
                   help=_("pin a pair (repeatable)"))
    p.add_argument("--forbid", type=_pair_arg, action="append", metavar="A:B",
                   help=_("never pair A with B (stored in event.toml for all rounds)"))
    p.add_argument("--allow-rematch", action="store_true",
                   help=_("when no pairing without a rematch exists, allow the fewest and "
                        "least recent rematches"))
    p.add_argument("--undo", action="store_true",
                   help=_("remove the last round's pairing (refused if it has results)"))
    p.add_argument("--force", action="store_true", help=_("with --undo: remove results too"))
    p.add_argument("--reason", default=None, metavar="TEXT",
                   help=_("with --undo: why a published round is removed (event setting "
                          "publish = manual, or FIDE mode; kept in the history)"))
    p.add_argument("--date", metavar="YYYY-MM-DD",
                   help=_("the date the round is saved with (default: today; TRF 132)"))
    p.set_defaults(func=cmd_pair)

    p = sub.add_parser("pairings", help=_("edit a pairing by hand"))
    ps = p.add_subparsers(dest="pairings_command", metavar="COMMAND")
    def edit(name: str, text: str, func, *args: tuple[str, dict]) -> argparse.ArgumentParser:
        q = ps.add_parser(name, help=text)
        q.add_argument("event")
        q.add_argument("round", type=int)
        for arg, kw in args:
            q.add_argument(arg, **kw)
        q.add_argument("--dry-run", action="store_true",
                       help=_("show the round and what the edit would cost; write nothing"))
        q.add_argument("--reason", default=None, metavar="TEXT",
                       help=_("why a published round is changed (event setting publish = "
                              "manual; kept in the history)"))
        q.set_defaults(func=func)
        return q

    pid = {"type": int}
    edit("swap", _("exchange two players of a round; lists what it costs"), cmd_swap,
         ("a", pid), ("b", pid))
    edit("latecomer", _("seat a latecomer against the player with the pairing bye"),
         cmd_latecomer, ("player", pid))
    edit("board", _("pair two latecomers on a new board"), cmd_new_board,
         ("a", pid), ("b", pid))
    edit("remove", _("take a board out: both players get the unplayed result chosen"),
         cmd_remove_board, ("board", pid),
         ("--result", {"required": True, "choices": ("full", "half", "zero", "absent"),
                       "help": _("what both players get: a full-, half- or zero-point bye, "
                                 "or an absence")}))
    q = edit("repair", _("pair the round again, keeping the boards named"), cmd_repair,
             ("--keep", {"type": _board_list, "default": [], "metavar": "1,3,7",
                         "help": _("the boards kept as they are (the hall's numbers)")}))
    q.add_argument("--allow-rematch", action="store_true",
                   help=_("when no pairing without a rematch exists, allow the fewest and "
                          "least recent rematches"))

    p = sub.add_parser("explain", help=_("why a board of a round was paired so"))
    p.add_argument("event")
    p.add_argument("round", type=int)
    p.add_argument("board", type=int)
    p.set_defaults(func=cmd_explain)

    p = sub.add_parser("simulate", help=_("play a whole simulated event through the engine"))
    p.add_argument("--game", required=True, choices=GAMES)
    p.add_argument("--players", type=int, required=True, help=_("number of players"))
    p.add_argument("--rounds", type=int, required=True)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--name", help=_("event name (with --out)"))
    p.add_argument("--out", metavar="EVENT", help=_("write the played event to this folder"))
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_simulate)

    p = sub.add_parser("warm", help=_("compile the pairing solver of large fields now (600 "
                                      "players or more), so that round 1 does not wait for it"))
    p.add_argument("--status", action="store_true",
                   help=_("only say whether the solver is compiled"))
    p.set_defaults(func=cmd_warm)
