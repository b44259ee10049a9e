"""``swisstui report ratings EVENT [--round N] [--k ID=K] [--json]``: the rating report
(:mod:`swisstui.core.rating_report`) — chess: each player's FIDE rating change,
performance and title norms; Go: the EGD estimate and the rank certificates; Othello and
Renju: the tournament performance.  Thin: argument parsing and printing."""

from __future__ import annotations

import argparse
import json

from ..core.i18n import _
from ..core.prizes import line_text
from ..core.rating_report import PlayerReport, RatingReport
from ..core.services import reports


def register(sub) -> None:
    p = sub.add_parser("report", help=_("reports on an event for the rating bodies"),
                       description=_("Reports computed from the event's rounds."))
    acts = p.add_subparsers(dest="report_action", metavar="REPORT")
    r = acts.add_parser(
        "ratings", help=_("each player's rating change, performance and title norms"),
        description=_("Chess: each player's FIDE rating change (K, the 400-point rule, "
                      "the expected score from FIDE's table), performance and title norm "
                      "checks with their calculation. Go: the EGD rating estimate and the "
                      "rank certificates (4-0 promotes, 3 wins confirm). Othello, Renju: "
                      "the tournament performance. docs/REPORTS.md"))
    r.add_argument("event", metavar="EVENT", help=_("event folder"))
    r.add_argument("--round", type=int, default=None,
                   help=_("after this round (default: the last complete round)"))
    r.add_argument("--k", action="append", metavar="ID=K", default=None,
                   help=_("a player's K factor when known (FIDE: 40 for the first 30 rated "
                          "games), repeatable"))
    r.add_argument("--player", type=int, default=None, metavar="ID",
                   help=_("only this player, with every game's calculation"))
    r.add_argument("--json", action="store_true", help=_("as JSON"))
    r.set_defaults(func=cmd_ratings)
    p.set_defaults(func=lambda args: (p.print_help(), 2)[1])


def cmd_ratings(args: argparse.Namespace) -> int:
    rep = reports.ratings_report(args.event, args.round, reports.parse_k(args.k))
    players = [p for p in rep.players if args.player is None or p.id == args.player]
    if args.player is not None and not players:
        from ..core.errors import SwissError
        raise SwissError(_("--player: no player {id} in this event").format(id=args.player))
    if args.json:
        doc = rep.as_json()
        doc["players"] = [p.as_json() for p in players]
        print(json.dumps(doc, ensure_ascii=False, indent=1, default=str))
        return 0
    print("\n".join(lines(rep, players, detail=args.player is not None)))
    return 0


def _t(line) -> str:
    return line_text(line, _)


def _signed(x: float | None, places: int = 1) -> str:
    return "" if x is None else f"{x:+.{places}f}"


def lines(rep: RatingReport, players: list[PlayerReport], detail: bool = False) -> list[str]:
    out = [_("rating report after round {round}").format(round=rep.after_round)]
    out += [_t(n) for n in rep.notes]
    for p in players:
        head = f"{p.id:>4} {p.name}"
        rating = "-" if p.rating is None else f"{p.rating:g}"
        out.append(head)
        facts = [_("rating {rating}").format(rating=rating),
                 _("games {games}").format(games=p.games),
                 _("score {score}").format(score=f"{p.score:g}")]
        if p.expected is not None:
            facts.append(_("expected {expected}").format(expected=f"{p.expected:.2f}"))
        if p.average_opponent:
            facts.append(_("opponents' average {aro}").format(aro=p.average_opponent))
        if p.performance:
            facts.append(_("performance {tpr}").format(tpr=p.performance))
        out.append("     " + ", ".join(facts))
        if p.change is not None:
            k = f"K {p.k}, " if p.k is not None else ""
            out.append("     " + _("change {k}{change} → {rounded:+d}, new rating {new}").format(
                k=k, change=_signed(p.change, 2), rounded=p.change_rounded or 0,
                new=f"{p.new_rating:.0f}" if p.new_rating is not None else "-"))
        if p.k_reason is not None:
            out.append("     " + _t(p.k_reason))
        for n in p.notes:
            out.append("     " + _t(n))
        if detail:
            for g in p.lines:
                opp = "-" if g.opponent_rating is None else f"{g.opponent_rating:g}"
                ex = "" if g.expected is None else f"{g.expected:.2f}"
                out.append("       " + _("round {round}: against {opponent} ({rating}), "
                                         "scored {score}, expected {expected}, change "
                                         "{change}").format(
                    round=g.round, opponent=g.opponent, rating=opp, score=f"{g.score:g}",
                    expected=ex, change=_signed(g.change, 2)))
                if g.counted is not None and p.rating is not None and g.opponent_rating \
                        is not None and g.counted != p.rating - g.opponent_rating:
                    out.append("         " + _("a difference of {diff:+g} counts as "
                                               "{counted:+d} (the 400-point rule)").format(
                        diff=p.rating - g.opponent_rating, counted=g.counted))
                if g.handicap:
                    out.append("         " + _("handicap: {stones:+d} stones").format(
                        stones=g.handicap))
        for norm in p.norms:
            verdict = _("reached") if norm.reached else _("not reached")
            out.append("     " + _("{title} norm: {verdict}").format(title=norm.title,
                                                                     verdict=verdict))
            if detail or norm.reached:
                out += ["       " + _t(x) for x in norm.lines]
        if p.certificate is not None:
            out.append("     " + _t(p.certificate))
    certified = [p for p in players if p.certificate is not None]
    if certified:  # the list the desk hands over: promotions first, then confirmations
        out.append(_("rank certificates:"))
        certified.sort(key=lambda p: (not p.promotion, p.id))
        out += [f"  {p.id:>4} {p.name}: {_t(p.certificate)}" for p in certified]
    return out
