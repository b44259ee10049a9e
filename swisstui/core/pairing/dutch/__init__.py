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

from dataclasses import replace

from ...colours_vocab import WHITE
from ...errors import PairingError
from ...field import Field
from ...i18n import _, ngettext
from ...model import Board, Bye, ByeKind, Round
from ..criteria import guarantee_note, rematches_text
from .brackets import Result, pair_players
from .colours import allocate
from .players import DPlayer, build_players, pairing_numbers

__all__ = ["pair_dutch", "pair_players", "pairing_numbers", "build_players", "allocate",
           "DPlayer", "Result"]


def _pts(x: float) -> str:
    return f"{x:g}"


def _met_in(field: Field) -> dict[frozenset[int], int]:
    """Every pair that played a game before ``field.round_no`` -> the last round they met."""
    out: dict[frozenset[int], int] = {}
    for pid, recs in field.records.items():
        for r in recs:
            if r.played and r.opponent is not None:
                key = frozenset((pid, r.opponent))
                out[key] = max(out.get(key, 0), r.round)
    return out


def relax_rematches(field: Field, players: list[DPlayer],
                    forbidden: frozenset) -> tuple[Result, list[tuple[int, int, int]]] | None:
    """The pairing with C1 (no rematch) relaxed for the oldest meetings first: the games of
    round 1 are forgotten, then those of round 2, and so on, until the absolute criteria
    can be met — the director's ``--allow-rematch``, as the general engine's relaxation
    (fewest, least recent rematches; docs/PAIRING.md).  Returns the pairing and its
    rematches ``(a, b, round last met)``, or None when even forgetting every game does not
    help (forbidden pairs, C2, C3)."""
    met = _met_in(field)
    for cutoff in sorted(set(met.values())):
        relaxed = [replace(q, opponents=frozenset(
            o for o in q.opponents if met.get(frozenset((q.id, o)), 0) > cutoff))
            for q in players]
        try:
            res = pair_players(relaxed, forbidden)
        except PairingError:
            continue
        rematches = sorted((min(a, b), max(a, b), met[frozenset((a, b))])
                           for a, b in res.pairs if frozenset((a, b)) in met)
        return res, rematches
    return None


def _refused(round_no: int, players: list[DPlayer]) -> str:
    """The head of a refusal: the round and how many players are to be paired in it."""
    return ngettext("no Dutch pairing of round {round_no} for {count} player meets the "
                    "absolute criteria (C1 no rematch, C2 PAB eligibility, C3 colours, "
                    "forbidden pairs)",
                    "no Dutch pairing of round {round_no} for {count} players meets the "
                    "absolute criteria (C1 no rematch, C2 PAB eligibility, C3 colours, "
                    "forbidden pairs)", len(players)).format(round_no=round_no,
                                                             count=len(players))


def _no_pairing(round_no: int, players: list[DPlayer], forbidden: frozenset) -> PairingError:
    """The refusal when even forgetting every game (``--allow-rematch``) leaves no pairing:
    C1 is not what blocks the round, so one of the criteria FIDE C.04.3 never relaxes does
    — C2 (nobody of an odd field may take the pairing-allocated bye), C3 (absolute colour
    preferences) or a forbidden pair — and the arbiter decides (a requested bye, pairs set
    by hand).  One line: which one, and what the director can do."""
    head = _refused(round_no, players)
    forgotten = [replace(q, opponents=frozenset()) for q in players]
    if len(players) % 2 and not any(q.bye_eligible for q in players):
        why = _("; even rematches do not help: none of them may get the pairing-allocated "
                "bye (C2: each has had it or a win without playing) — give one player a "
                "requested bye for this round (players bye)")
    elif (not forbidden or _pairs(forgotten, frozenset()) is None) and _pairs(
            [replace(q, topscorer=True) for q in forgotten], forbidden) is not None:
        # (C3 exempts topscorers: so only the absolute colour preferences block it)
        why = _("; even rematches do not help: only breaking colour limits would (pair "
                "by hand with --fixed)")
    else:
        why = _("; even rematches do not help: remove a forbidden pair or give a player "
                "a bye")
    return PairingError(head + why + guarantee_note(round_no, len(players)),
                        players=sorted(q.id for q in players))


def _pairs(players: list[DPlayer], forbidden: frozenset) -> Result | None:
    """The Dutch pairing of ``players``, or None when there is none."""
    try:
        return pair_players(players, forbidden)
    except PairingError:
        return None


def pair_dutch(field: Field, ids: list[int], byes: list[Bye], *,
               fixed=(), forbid=(), allow_rematch: bool = False):
    """Pair ``ids`` (everyone to pair in ``field.round_no``; ``byes`` are the requested ones)
    by the Dutch system, on the request's :class:`~swisstui.core.field.Field`.  ``fixed`` pairs are set aside first; ``forbid`` adds forbidden pairs;
    ``allow_rematch`` relaxes C1 when no pairing meets it (:func:`relax_rematches`).  A
    refusal that rematches would solve carries ``relaxation = "allow_rematch"`` and the
    players concerned."""
    from ..engine import Pairing  # the engine imports this package lazily

    round_no, plan = field.round_no, field.plan
    pinned = {x for ab in fixed for x in ab}
    # one list for the whole round: the fixed pairs' players keep their pairing numbers, and
    # so do the players below them (E.5 gives colours by the parity of the number)
    every = build_players(field, ids)
    players = [q for q in every if q.id not in pinned]
    by_id = {q.id: q for q in players}
    fixed_players = {q.id: q for q in every if q.id in pinned}
    forbidden = plan.forbidden | frozenset(frozenset(p) for p in forbid)
    warnings: list[str] = []
    try:
        res = pair_players(players, forbidden)
    except PairingError:
        relaxed = relax_rematches(field, players, forbidden)
        if relaxed is None:
            raise _no_pairing(round_no, players, forbidden) from None
        if not allow_rematch:
            k = len(relaxed[1])
            raise PairingError(
                _("{error}; smallest relaxation: --allow-rematch pairs it with {k} "
                  "rematch(es): {pairs}").format(error=_refused(round_no, players), k=k,
                                                  pairs=rematches_text(relaxed[1]))
                + guarantee_note(round_no, len(players)),
                players=sorted({x for a, b, _r in relaxed[1] for x in (a, b)}),
                relaxation="allow_rematch") from None
        res, rematches = relaxed
        warnings.append(_("rematches allowed (--allow-rematch, C1 relaxed for the oldest "
                          "games first): {pairs}").format(pairs=rematches_text(rematches)))
    initial = plan.initial_colour[:1].lower() or WHITE
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
        bye_notes.append(_("bye: {id} gets the pairing bye (pairing-allocated, TPN {tpn}, "
                           "{pts} pts): the lowest score a PAB-eligible player can have while "
                           "everyone else is paired (C5), then the fewest unplayed games (C9)"
                           ).format(id=q.id, tpn=q.tpn, pts=_pts(q.score)))
    out_byes.sort(key=lambda b: b.player)
    for req in byes:
        bye_notes.append(_("bye: {player} {kind} bye (requested / absent)").format(
            player=req.player, kind=req.kind.value))
    rnd = Round(round_no, tuple(boards), tuple(out_byes))
    if not boards and not out_byes:
        raise PairingError(_("round {round_no}: nobody to pair").format(round_no=round_no))
    return Pairing(rnd, tuple(warnings), notes, tuple(bye_notes), (), "dutch")


def _explain(a: DPlayer, b: DPlayer, white: int, rule: str, res: Result,
             initial: str) -> list[str]:
    hi, lo = (a, b) if (a.score, -a.tpn) > (b.score, -b.tpn) else (b, a)
    k = res.bracket_of.get(hi.id)
    lines = []
    if k is None:
        lines.append(_("{id}-{id2}: pair fixed by the director").format(id=a.id, id2=b.id))
    else:
        note = res.brackets[k]
        mdp = _("; moved down: {ids}").format(ids=", ".join(map(str, note.mdps))) \
            if note.mdps else ""
        lines.append(_("bracket {value}: score {pts} ({count} resident(s){mdp})").format(value=k + 1, pts=_pts(note.score), count=len(note.residents), mdp=mdp))
        decided = ", ".join(note.criteria) or _("none")
        lines.append(_("criteria weighed in this bracket (C.04.3): {decided}").format(decided=decided))
        lines.append(_("given up: {costs}").format(costs="; ".join(note.costs))
                     if note.costs else _("given up: nothing (every quality criterion met)"))
        if note.downfloaters:
            lines.append(_("downfloaters of the bracket: {ids}").format(
                ids=", ".join(map(str, note.downfloaters))))
    if hi.score > lo.score:
        lines.append(_("float: {id} ({pts}) plays down, {id2} ({pts2}) floats up").format(id=hi.id, pts=_pts(hi.score), id2=lo.id, pts2=_pts(lo.score)))
    for q in (hi, lo):
        lines.append(_("{id}: TPN {tpn}, {pts} pts, colour preference {value} ({strength}, CD {cd:+d})").format(id=q.id, tpn=q.tpn, pts=_pts(q.score), value=q.pref or '-', strength=_(q.strength()), cd=q.cd))
    why = {"E.1": _("both preferences granted"), "E.2": _("the stronger preference granted"),
           "E.3": _("colours alternate from the last round they differed"),
           "E.4": _("the higher-ranked player's preference granted"),
           "E.5": _("no preferences: higher-ranked TPN parity with initial colour {initial}")
           .format(initial=initial)}
    lines.append(_("colour: {white} white — {rule} {value}").format(white=white, rule=rule, value=why[rule]))
    return lines
