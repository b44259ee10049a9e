"""Pairing commands: ``pair``, ``pairings swap``, ``explain``, ``simulate`` — thin shells over
:mod:`swisstui.core.pairing` (DESIGN.md §5, §8).  Pairing is computed *inside*
``store.update`` so it sees the fresh event; a refusal writes nothing."""

from __future__ import annotations

import argparse
import json
from dataclasses import replace

from ..core import textwidth
from ..core.errors import SwissError
from ..core.games import profile


def _pair_arg(text: str) -> tuple[int, int]:
    try:
        a, b = text.replace("-", ":").split(":")
        return int(a), int(b)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r}: give two player ids as A:B") from None


def _board_json(game: str, board) -> dict:
    cols = profile(game).order_colours  # where the order fixes them
    return {"board": board.number, "players": list(board.players),
            "colours": list(cols) if cols else None}


def pairing_json(game: str, rnd) -> dict:
    """The documented JSON shape of ``pair --json`` (issue 3)."""
    return {"round": rnd.number,
            "boards": [_board_json(game, b) for b in rnd.boards],
            "byes": [{"player": b.player, "kind": b.kind.value} for b in rnd.byes]}


def _name(event, pid: int) -> str:
    p = event.player(pid)
    return f"{pid} {p.name}" if p else str(pid)


def format_round(event, rnd) -> list[str]:
    from ..core.pairing.groups import pairing_scores
    pts = pairing_scores(event, rnd.number)  # points, or the McMahon score
    cols = profile(event.game).list_marks
    lines = [f"Round {rnd.number}"]
    width = max([textwidth.width(_name(event, p)) for b in rnd.boards for p in b.players]
                + [10])  # terminal columns: a Hangul or Kanji character takes two
    for b in rnd.boards:
        a, c = b.players
        ca, cc = (f"({cols[0]}) ", f"({cols[1]}) ") if cols else ("", "")
        lines.append(f"{b.number:>4}  {ca}{textwidth.ljust(_name(event, a), width)} "
                     f"{pts.get(a, 0):>5g}  -  "
                     f"{cc}{textwidth.ljust(_name(event, c), width)} {pts.get(c, 0):>5g}")
    for y in rnd.byes:
        lines.append(f" bye  {_name(event, y.player)} ({y.kind.value})")
    return lines


# ---- pair ---------------------------------------------------------------------------------


def cmd_pair(args: argparse.Namespace) -> int:
    from ..core import pairing, store
    if args.undo:
        ev = store.update(args.event, lambda e: pairing.undo_round(e, force=args.force))
        print(f"removed round {ev.current_round + 1}; the event is back at round "
              f"{ev.current_round}")
        return 0
    made = []

    def change(ev):
        if args.forbid:
            extra = tuple(p for p in args.forbid if frozenset(p) not in
                          {frozenset(q) for q in ev.settings.forbidden})
            ev = replace(ev, settings=replace(ev.settings,
                                              forbidden=ev.settings.forbidden + extra))
        p = pairing.pair_round(ev, fixed=args.fixed or (), allow_rematch=args.allow_rematch)
        made.append(p)
        return ev.with_round(p.round)

    ev = store.update(args.event, change)
    p = made[-1]
    if args.json:
        out = pairing_json(ev.game, p.round)
        out["warnings"] = list(p.warnings)
        if args.explain:
            out["explain"] = {str(n): p.explain(n) for n in p.notes}
            out["explain_byes"] = list(p.bye_notes)
        print(json.dumps(out, ensure_ascii=False, indent=1))
        return 0
    print("\n".join(format_round(ev, p.round)))
    for w in p.warnings:
        print(f"warning: {w}")
    if args.explain:
        for n in sorted(p.notes):
            print()
            print("\n".join(p.explain(n)))
        if p.bye_notes:
            print()
            print("\n".join(p.bye_notes))
    return 0


# ---- pairings swap ------------------------------------------------------------------------


def cmd_swap(args: argparse.Namespace) -> int:
    from ..core import pairing, store
    broken: list[str] = []

    def change(ev):
        new, br = pairing.swap(ev, args.round, args.a, args.b)
        broken[:] = br
        return new

    ev = store.update(args.event, change)
    print("\n".join(format_round(ev, ev.round(args.round))))
    if broken:
        print("this edit breaks:")
        for line in broken:
            print(f"  - {line}")
    else:
        print("this edit breaks no pairing rule")
    return 0


# ---- explain ------------------------------------------------------------------------------


def explain_board(event, round_no: int, board_no: int) -> list[str]:
    """Why a saved board is what it is: re-run the engine on the rounds before it (the engine
    is deterministic); if the saved board differs (fixed or swapped by hand), list the rules
    it breaks instead."""
    from ..core import pairing
    from ..core.errors import PairingError
    rnd = event.round(round_no)
    if rnd is None:
        raise SwissError(f"round {round_no} is not paired")
    if board_no == 0:  # board 0: the byes (docs/PAIRING.md "Explanations")
        return _explain_byes(event, rnd)
    board = rnd.board(board_no)
    if board is None:
        raise SwissError(f"round {round_no} has no board {board_no} "
                         f"(boards 1–{len(rnd.boards)})")
    before = replace(event, rounds=tuple(r for r in event.rounds if r.number < round_no))
    if event.settings.system != "roundrobin":
        try:
            p = pairing.pair_round(before, allow_rematch=True)
        except PairingError:
            p = None
        if p is not None:
            for b in p.round.boards:
                if set(b.players) == set(board.players):
                    lines = p.explain(b.number)
                    lines[0] = lines[0].replace(f"board {b.number}:", f"board {board_no}:", 1)
                    return lines
    lines = [f"board {board_no}: {_name(event, board.players[0])} v "
             f"{_name(event, board.players[1])}",
             "why: this board was set by hand (--fixed or a swap), not by the engine"]
    broken = pairing.check_board(before, round_no, *board.players)
    lines += [f"breaks: {x}" for x in broken] or ["breaks: no pairing rule"]
    return lines


def _explain_byes(event, rnd) -> list[str]:
    """Why the players of ``rnd`` without an opponent have their bye: the engine's note
    when it would give the same byes today, else the byes as they are on file."""
    from ..core import pairing
    from ..core.errors import PairingError
    if not rnd.byes:
        raise SwissError(f"round {rnd.number} has no bye")
    before = replace(event, rounds=tuple(r for r in event.rounds if r.number < rnd.number))
    if event.settings.system != "roundrobin" and not rnd.playoff:
        try:
            p = pairing.pair_round(before, allow_rematch=True)
        except PairingError:
            p = None
        if p is not None and set(p.round.byes) == set(rnd.byes) and p.bye_notes:
            return list(p.bye_notes)
    return [f"bye: {_name(event, y.player)} ({y.kind.value})" +
            (": set by hand (a swap), not by the engine" if y.kind.value == "pairing"
             else ": requested") for y in rnd.byes]


def cmd_explain(args: argparse.Namespace) -> int:
    from ..core import store
    ev = store.load(args.event)
    print("\n".join(explain_board(ev, args.round, args.board)))
    return 0


# ---- simulate -----------------------------------------------------------------------------


SIMULATE_MAX_PLAYERS = 20_000  # round 1 takes about 11 s at 20 000 (docs/QA.md)


def cmd_simulate(args: argparse.Namespace) -> int:
    from ..core.pairing import simulate as sim
    if not 2 <= args.players <= SIMULATE_MAX_PLAYERS:
        raise SwissError(f"--players must be 2 to {SIMULATE_MAX_PLAYERS} (the largest "
                         f"field the engine is measured on is 4000)")
    if not 1 <= args.rounds <= 30:
        raise SwissError("--rounds must be 1 to 30")
    settings = sim.settings_for(args.game, args.name or f"Simulated {args.game} event",
                                args.rounds, args.seed)
    ev = sim.simulate(args.game, args.players, args.rounds, args.seed, settings=settings)
    if args.out:
        from ..core import store
        store.create(args.out, ev.settings, ev.players)
        for rnd in ev.rounds:
            store.update(args.out, lambda e, r=rnd: e.with_round(r))
    dist = sim.score_distribution(ev)
    first = sim.rounds_to_one_unbeaten(ev)
    if args.json:
        print(json.dumps({"game": args.game, "players": args.players, "rounds": args.rounds,
                          "seed": args.seed, "distribution": dict(dist),
                          "rounds_to_one_unbeaten": first}, ensure_ascii=False))
        return 0
    print(f"{args.game}: {args.players} players, {args.rounds} rounds, seed {args.seed}")
    print("final records (wins-losses[-draws]): players")
    for rec, n in dist:
        print(f"  {rec:>9}  {n:>5}  {'#' * min(n, 60)}")
    if first is None:
        print("no round left exactly one player with a perfect record")
    else:
        print(f"exactly one unbeaten player after round {first}")
    if args.out:
        print(f"written to {args.out}")
    return 0


# ---- registration ------------------------------------------------------------------------


def register(sub) -> None:
    from ..core.model import GAMES
    p = sub.add_parser("pair", help="pair the next round and save it")
    p.add_argument("event", help="event folder")
    p.add_argument("--json", action="store_true", help="print the pairing as JSON")
    p.add_argument("--explain", action="store_true",
                   help="explain every board (why these two, colours, floats)")
    p.add_argument("--fixed", type=_pair_arg, action="append", metavar="A:B",
                   help="pin a pair (repeatable)")
    p.add_argument("--forbid", type=_pair_arg, action="append", metavar="A:B",
                   help="never pair A with B (stored in event.toml for all rounds)")
    p.add_argument("--allow-rematch", action="store_true",
                   help="when no pairing without a rematch exists, allow the fewest and "
                        "least recent rematches")
    p.add_argument("--undo", action="store_true",
                   help="remove the last round's pairing (refused if it has results)")
    p.add_argument("--force", action="store_true", help="with --undo: remove results too")
    p.set_defaults(func=cmd_pair)

    p = sub.add_parser("pairings", help="edit a pairing by hand")
    ps = p.add_subparsers(dest="pairings_command", metavar="COMMAND")
    q = ps.add_parser("swap", help="exchange two players of a round; lists every broken rule")
    q.add_argument("event")
    q.add_argument("round", type=int)
    q.add_argument("a", type=int)
    q.add_argument("b", type=int)
    q.set_defaults(func=cmd_swap)

    p = sub.add_parser("explain", help="why a board of a round was paired so")
    p.add_argument("event")
    p.add_argument("round", type=int)
    p.add_argument("board", type=int)
    p.set_defaults(func=cmd_explain)

    p = sub.add_parser("simulate", help="play a whole simulated event through the engine")
    p.add_argument("--game", required=True, choices=GAMES)
    p.add_argument("--players", type=int, required=True)
    p.add_argument("--rounds", type=int, required=True)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--name", help="event name (with --out)")
    p.add_argument("--out", metavar="EVENT", help="write the played event to this folder")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_simulate)
