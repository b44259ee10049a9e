"""The FIDE Dutch system (FIDE Handbook C.04.3, with C.04.1 basic rules and C.04.2 general
handling; the 2026 text with criteria C1-C21, as the endorsed engines implement it).

Modules:

* :mod:`.players` — pairing numbers (C.04.2), colour preferences (A.6), floats (A.4), PAB
  eligibility (C2) and topscorers (A.7);
* :mod:`.criteria` — the absolute and quality criteria C1-C21 as weight terms;
* :mod:`.brackets` — brackets from the top score down, the Dutch order of candidates (D);
* :mod:`.colours` — colour allocation E.1-E.5.

:func:`pair_dutch` is what :func:`swisstui.core.pairing.pair_round` calls for
``system = "dutch"``; it returns the same :class:`~swisstui.core.pairing.Pairing`.
"""

from __future__ import annotations

from ...i18n import _

from ...errors import PairingError
from ...model import Board, Bye, ByeKind, Event, Round
from .brackets import Result, pair_players
from .colours import allocate
from .players import DPlayer, build_players, pairing_numbers

__all__ = ["pair_dutch", "pair_players", "pairing_numbers", "build_players", "allocate",
           "DPlayer", "Result"]


def _pts(x: float) -> str:
    return f"{x:g}"


def pair_dutch(event: Event, round_no: int, ids: list[int], byes: list[Bye], *,
               fixed=(), forbid=()):
    """Pair ``ids`` (everyone to pair in ``round_no``; ``byes`` are the requested ones) by the
    Dutch system.  ``fixed`` pairs are set aside first; ``forbid`` adds forbidden pairs."""
    from ..engine import Pairing  # the engine imports this package lazily

    s = event.settings
    pinned = {x for ab in fixed for x in ab}
    players = build_players(event, round_no, [i for i in ids if i not in pinned])
    by_id = {q.id: q for q in players}
    fixed_players = {q.id: q for q in build_players(event, round_no, sorted(pinned))}
    forbidden = frozenset(frozenset(p) for p in (*s.forbidden, *forbid))
    res = pair_players(players, forbidden)
    initial = str(s.options.get("initial_colour", "w"))[:1].lower() or "w"
    everyone = {**by_id, **fixed_players}
    pairs = [(everyone[a], everyone[b]) for a, b in fixed] + [
        (by_id[a], by_id[b]) for a, b in res.pairs]
    pairs.sort(key=lambda ab: (-max(ab[0].score, ab[1].score), -min(ab[0].score, ab[1].score),
                               min(ab[0].tpn, ab[1].tpn)))
    boards, notes = [], {}
    for n, (a, b) in enumerate(pairs, start=1):
        white, black, rule = allocate(a, b, initial)
        boards.append(Board(n, (white, black)))
        notes[n] = _explain(a, b, white, rule, res, initial)
    out_byes = list(byes)
    bye_notes: list[str] = []
    if res.bye is not None:
        out_byes.append(Bye(res.bye, ByeKind.PAIRING))
        q = by_id[res.bye]
        bye_notes.append(_("pairing-allocated bye: {id} (TPN {tpn}, {pts} pts): the lowest score a PAB-eligible player can have while everyone else is paired (C5), then the fewest unplayed games (C9)").format(id=q.id, tpn=q.tpn, pts=_pts(q.score)))
    out_byes.sort(key=lambda b: b.player)
    for req in byes:
        bye_notes.append(_("{player}: requested {value} bye").format(player=req.player, value=req.kind.value))
    rnd = Round(round_no, tuple(boards), tuple(out_byes))
    if not boards and not out_byes:
        raise PairingError(_("round {round_no}: nobody to pair").format(round_no=round_no))
    return Pairing(rnd, (), notes, tuple(bye_notes), (), "dutch")


def _explain(a: DPlayer, b: DPlayer, white: int, rule: str, res: Result,
             initial: str) -> list[str]:
    hi, lo = (a, b) if (a.score, -a.tpn) > (b.score, -b.tpn) else (b, a)
    k = res.bracket_of.get(hi.id)
    lines = []
    if k is None:
        lines.append(_("{id}-{id2}: pair fixed by the director").format(id=a.id, id2=b.id))
    else:
        note = res.brackets[k]
        mdp = f"; moved down: {', '.join(map(str, note.mdps))}" if note.mdps else ""
        lines.append(_("bracket {value}: score {pts} ({count} resident(s){mdp})").format(value=k + 1, pts=_pts(note.score), count=len(note.residents), mdp=mdp))
        decided = ", ".join(note.criteria) or "none"
        lines.append(_("criteria weighed in this bracket (C.04.3): {decided}").format(decided=decided))
        lines.append(_("given up: {costs}").format(costs="; ".join(note.costs))
                     if note.costs else _("given up: nothing (every quality criterion met)"))
        if note.downfloaters:
            lines.append(_("downfloaters of the bracket: {ids}").format(
                ids=", ".join(map(str, note.downfloaters))))
    if hi.score > lo.score:
        lines.append(_("float: {id} ({pts}) plays down, {id2} ({pts2}) floats up").format(id=hi.id, pts=_pts(hi.score), id2=lo.id, pts2=_pts(lo.score)))
    for q in (hi, lo):
        lines.append(_("{id}: TPN {tpn}, {pts} pts, colour preference {value} ({strength}, CD {cd:+d})").format(id=q.id, tpn=q.tpn, pts=_pts(q.score), value=q.pref or '-', strength=q.strength(), cd=q.cd))
    why = {"E.1": "both preferences granted", "E.2": "the stronger preference granted",
           "E.3": "colours alternate from the last round they differed",
           "E.4": "the higher-ranked player's preference granted",
           "E.5": f"no preferences: higher-ranked TPN parity with initial colour {initial}"}
    lines.append(_("colour: {white} white — {rule} {value}").format(white=white, rule=rule, value=why[rule]))
    return lines
