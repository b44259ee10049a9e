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
        bye_notes.append(f"pairing-allocated bye: {q.id} (TPN {q.tpn}, {_pts(q.score)} pts): "
                         "the lowest score a PAB-eligible player can have while everyone "
                         "else is paired (C5), then the fewest unplayed games (C9)")
    out_byes.sort(key=lambda b: b.player)
    for req in byes:
        bye_notes.append(f"{req.player}: requested {req.kind.value} bye")
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
        lines.append(f"{a.id}-{b.id}: pair fixed by the director")
    else:
        note = res.brackets[k]
        mdp = f"; moved down: {', '.join(map(str, note.mdps))}" if note.mdps else ""
        lines.append(f"bracket {k + 1}: score {_pts(note.score)} ({len(note.residents)} "
                     f"resident(s){mdp})")
        decided = ", ".join(note.criteria) or "none"
        lines.append(f"criteria weighed in this bracket (C.04.3): {decided}")
        lines.append("given up: " + ("; ".join(note.costs) if note.costs else
                                     "nothing (every quality criterion met)"))
        if note.downfloaters:
            lines.append("downfloaters of the bracket: "
                         + ", ".join(map(str, note.downfloaters)))
    if hi.score > lo.score:
        lines.append(f"float: {hi.id} ({_pts(hi.score)}) plays down, {lo.id} "
                     f"({_pts(lo.score)}) floats up")
    for q in (hi, lo):
        lines.append(f"{q.id}: TPN {q.tpn}, {_pts(q.score)} pts, colour preference "
                     f"{q.pref or '-'} ({q.strength()}, CD {q.cd:+d})")
    why = {"E.1": "both preferences granted", "E.2": "the stronger preference granted",
           "E.3": "colours alternate from the last round they differed",
           "E.4": "the higher-ranked player's preference granted",
           "E.5": f"no preferences: higher-ranked TPN parity with initial colour {initial}"}
    lines.append(f"colour: {white} white — {rule} {why[rule]}")
    return lines
