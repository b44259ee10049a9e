"""Unplayed rounds in opponent-based tie-breaks (Buchholz family, Sonneborn-Berger).

Chess (FIDE C.07, docs/RULES.md §5.3) — a game whose profile names an ``unplayed_rules_option``
— chosen by the chess option ``tiebreak_rules``:

* ``"2023"`` (default) — the 2023/24 **dummy opponent** rule (Art. 16):

  - a VUR (voluntary unplayed round) is a requested half/zero-point bye, a forfeit loss, an
    absent round, or any round after a withdrawal (a zero-point bye); rounds before a late
    entry are treated as zero-point byes too;
  - as somebody's opponent, a participant counts with an *adjusted score*: real points for
    every round, except requested byes followed only by VURs (trailing: typically a
    withdrawal; or in the last round), which count as draws (category 5);
  - the participant's own unplayed rounds (byes, forfeits won or lost, absences) are games
    against a dummy opponent whose score is the participant's own **real** score (the points
    actually scored, not the adjusted score, which serves only as somebody's opponent;
    FIDE TEC's reference TieBreakServer agrees, docs/RULES.md §5.3); in SB the dummy's score
    is multiplied by the points scored that round (×1 PAB, ×0 forfeit loss); in a round robin
    an unplayed round contributes 0;
  - Cut-1/Cut-2 remove VUR contributions first.

  Modifier ``/P`` (C.07 Art. 14, docs/RULES.md §5.2 "Modifiers"): forfeits (won, lost or
  drawn) count as games played against the scheduled opponent — his adjusted score, not a
  dummy, and not a VUR (:meth:`.context.Context.with_forfeits_played`).

* ``"2026"`` — C.07 from 1 Mar 2026 (docs/RULES.md §5.3 "From 1 Mar 2026", a **secondary
  source** [S]: Sharly-Chess and a research note, not the handbook text).  Everything as
  ``"2023"`` (VURs, adjusted scores), except:

  - the dummy opponent's score is capped (:func:`dummy_2026`): for a forfeit (won, lost or
    drawn: a round with a scheduled opponent) at the scheduled opponent's adjusted score,
    for every other unplayed round (byes, absences, rounds after a withdrawal or before a
    late entry) at draw points × number of rounds.  "Own score" is the 2023 dummy score it
    caps — the player's own real score — and "number of rounds" the rounds the standings count (``ctx.after_round``; the event's rounds once it is over);
  - Cut-1/Cut-2 cut the lowest VUR contribution only if it is not below the least
    significant value, else the least significant value (:func:`cut_one`).  For Buchholz
    the least significant value is the lowest contribution, which no VUR can be below, so
    the BH cuts equal the 2023 cuts.

* ``"pre2023"`` — the **virtual opponent** rule: an opponent's unplayed rounds count as
  draws; the participant's own unplayed round R counts as a game against a virtual opponent
  with ``Svon = SPR + (1 − SfPR) + ½·(n − R)`` (score before R, plus the complement of the
  forfeit score in R, plus a draw for every later round); cuts remove the lowest values.

Other games: the opponent's real score; a round without an opponent contributes 0 (Go SOS,
docs/RULES.md §1.4; Renju Buchholz, docs/RULES.md §4.4; Papp's SO, docs/RULES.md §2.2).

Each player's contributions are ``(value, vur, fraction)`` per round: the opponent's (or
dummy's) score, whether the round is a VUR (cut first), and the fraction of a win the player
scored that round (for SB).
"""

from __future__ import annotations


from ..model import GameKind as K
from .context import OVER_THE_BOARD, Context

#: voluntary unplayed rounds (C.07 2023/24 Art. 16)
VUR = frozenset({K.HALF_BYE, K.ZERO_BYE, K.FORFEIT_LOSS, K.ABSENT, K.WITHDRAWN,
                 K.NOT_REGISTERED})
#: VURs that are requested byes (category 5 when trailing): everything but a forfeit loss
REQUESTED = VUR - {K.FORFEIT_LOSS}
#: unplayed rounds with a scheduled opponent: games played under the ``/P`` modifier
FORFEITS = frozenset({K.FORFEIT_WIN, K.FORFEIT_LOSS, K.FORFEIT_DRAW})

Contribution = tuple  # (value: float, vur: bool, fraction: float)


def fide_rules(ctx: Context) -> bool:
    """The event's game counts unplayed rounds by FIDE C.07
    (``GameProfile.standings.unplayed_rules_option`` names the option choosing the edition:
    chess ``tiebreak_rules``); other games use the opponents' real scores."""
    return ctx.profile.standings.unplayed_rules_option is not None


def chess_rules(ctx: Context) -> str:
    """The FIDE edition the option chooses: ``"2023"`` (dummy opponent, default), ``"2026"``
    (capped dummy opponent) or ``"pre2023"`` (virtual opponent)."""
    option = ctx.profile.standings.unplayed_rules_option
    value = str(ctx.option(option, "2023") if option else "2023").lower().replace("-", "")
    if value in ("pre2023", "2022", "virtual"):
        return "pre2023"
    return "2026" if value in ("2026", "032026") else "2023"


def cut_rule(ctx: Context) -> str:
    """How Cut/Median modifiers treat VUR contributions (C.07 Art. 14 with Art. 16, docs/RULES.md
    §5.2 "Modifiers", §5.3): ``"first"`` (2023/24: VURs are cut first), ``"not_below"``
    (2026: the lowest VUR only if not below the least significant value) or ``"none"``
    (pre-2023 and games without FIDE rules: the lowest values)."""
    if not fide_rules(ctx):
        return "none"
    return {"2023": "first", "2026": "not_below"}.get(chess_rules(ctx), "none")


def dummy_2026(own: float, scheduled: float | None, cap: float) -> float:
    """C.07 2026 dummy opponent's score (docs/RULES.md §5.3 "From 1 Mar 2026", [S]): the 2023/24
    dummy score (the player's own score ``own``) capped at the scheduled opponent's
    adjusted score for a forfeit (``scheduled``), else at ``cap`` = draw points × number of
    rounds."""
    return min(own, scheduled if scheduled is not None else cap)


def adjusted_scores(ctx: Context) -> dict[int, float]:
    """Each participant's score as somebody's opponent (see module docstring).  A player's
    value depends on their own records only (reused from an earlier context,
    :meth:`.context.Context.incremental`)."""

    def build(ids: frozenset[int] | None) -> dict[int, float]:
        hist = ctx.history
        items = hist.items() if ids is None else [(pid, hist[pid]) for pid in ids]
        if not fide_rules(ctx):
            score = ctx.score
            return {pid: score[pid] for pid, _recs in items}
        draw = ctx.draw
        out: dict[int, float] = {}
        if chess_rules(ctx) == "pre2023":
            for pid, recs in items:
                out[pid] = sum(r.points if r.kind in OVER_THE_BOARD else draw for r in recs)
            return out
        for pid, recs in items:
            total = ctx.score[pid]
            for rec in reversed(recs):
                if rec.kind not in VUR:
                    break
                if rec.kind in REQUESTED:
                    total += draw - rec.points
            out[pid] = total
        return out

    return ctx.incremental("adjusted", "own", build)


def _played_fraction(rec, win: float) -> float:
    """The fraction of a win scored in a round counted as a game: the game's outcome; for a
    forfeit counted as played (``/P``), its points as a fraction of a win."""
    if rec.kind in FORFEITS:
        return rec.points / win
    return rec.outcome or 0.0


def contributions(ctx: Context) -> dict[int, list[Contribution]]:
    """Per player, one ``(value, vur, fraction)`` per round (see module docstring).  A
    player's row depends on their own records and their opponents' adjusted scores (reused
    from an earlier context for everybody else, :meth:`.context.Context.incremental`)."""

    def build(ids: frozenset[int] | None) -> dict[int, list[Contribution]]:
        adj = adjusted_scores(ctx)
        win = ctx.win
        hist = ctx.history
        items = hist.items() if ids is None else [(pid, hist[pid]) for pid in ids]
        out: dict[int, list[Contribution]] = {}
        if not fide_rules(ctx):
            for pid, recs in items:
                row = []
                for r in recs:
                    if r.opponent is not None:
                        frac = r.outcome if r.kind is K.GAME else r.points / win
                        row.append((adj[r.opponent], False, frac or 0.0))
                    else:
                        row.append((0.0, False, 0.0))
                out[pid] = row
            return out
        rr = ctx.settings.system == "roundrobin"
        # rounds that count as games against the opponent (``/P``: forfeits too)
        otb = OVER_THE_BOARD | FORFEITS if ctx.forfeits_played else OVER_THE_BOARD
        if chess_rules(ctx) == "pre2023":
            draw = ctx.draw
            for pid, recs in items:
                row = []
                before = 0.0
                n = len(recs)
                for i, r in enumerate(recs):
                    frac = r.points / win
                    if r.kind in otb:
                        row.append((adj[r.opp], False, _played_fraction(r, win)))
                    else:
                        svon = 0.0 if rr else before + (win - r.points) + draw * (n - i - 1)
                        row.append((svon, False, frac))
                    before += r.points
                out[pid] = row
            return out
        vur = VUR
        score = ctx.score
        if chess_rules(ctx) == "2026" and not rr:
            cap = ctx.draw * ctx.after_round
            for pid, recs in items:
                own = score[pid]
                out[pid] = [(adj[r.opp], False, _played_fraction(r, win)) if r.kind in otb
                            else (dummy_2026(own, None if r.opponent is None
                                             else adj[r.opponent], cap),
                                  r.kind in vur, r.points / win) for r in recs]
            return out
        for pid, recs in items:
            dummy = 0.0 if rr else score[pid]  # the player's own points (Art. 16)
            out[pid] = [(adj[r.opp], False, _played_fraction(r, win)) if r.kind in otb
                        else (dummy, r.kind in vur, r.points / win) for r in recs]
        return out

    return ctx.incremental("contributions", "opponents", build)


def cut_one(values: list[float], vurs: list[float], rule: str) -> float:
    """The value a Cut modifier removes (C.07 Art. 14.1; docs/RULES.md §5.2 "Modifiers", §5.3):
    ``values`` are all contributions left, ``vurs`` those from VURs.

    * ``"first"`` (2023/24) — the lowest VUR contribution if there is one;
    * ``"not_below"`` (2026, [S]) — the lowest VUR contribution only if it is not below the
      least significant value, else that value.  For Buchholz the least significant value
      is the lowest contribution, so a VUR is never below it and this equals ``"first"``;
    * ``"none"`` — the lowest contribution."""
    least = min(values)
    if not vurs or rule == "none":
        return least
    low_vur = min(vurs)
    if rule == "not_below" and low_vur < least:
        return least
    return low_vur


def cut_rows(row: list[Contribution], low: int, high: int = 0, rule: str = "first",
             product: bool = False) -> list[Contribution]:
    """The contributions left after the Cut (``low``) and Median (``high``) modifiers (C.07
    Art. 14; docs/RULES.md §5.2 "Modifiers", §5.3).

    The least significant contribution is the one from the lowest-scored opponent (dummy
    included), the most significant the highest-scored; among equal scores the smaller
    (larger) value goes.  The value is the opponent's score for Buchholz, the product score
    × fraction for Sonneborn-Berger (``product``).  Cuts remove VUR contributions first by
    ``rule`` (:func:`cut_one`: under ``"not_below"`` the lowest VUR goes only if its value is
    not below the least significant one's); Median's high end ignores VURs.  Fewer
    contributions than ``low + high`` leave none."""
    if low == 0 and high == 0:
        return list(row)
    if len(row) <= low + high:
        return []

    def value(c: Contribution) -> float:
        return c[0] * c[2] if product else c[0]

    kept = list(row)
    for _ in range(low):
        least = min(kept, key=lambda c: (c[0], value(c)))
        vurs = [c for c in kept if c[1]] if rule != "none" else []
        cut = least
        if vurs:
            low_vur = min(vurs, key=lambda c: (c[0], value(c)))
            if rule == "first" or value(low_vur) >= value(least):
                cut = low_vur
        kept.remove(cut)
    for _ in range(high):
        kept.remove(max(kept, key=lambda c: (c[0], value(c))))
    return kept


def cut_values(row: list[Contribution], low: int, high: int = 0,
               rule: str = "first") -> list[float]:
    """The opponents' scores left after removing ``low`` least significant contributions one
    by one (VURs first by ``rule``), then the ``high`` highest (Median): :func:`cut_rows`
    for Buchholz."""
    return sorted(c[0] for c in cut_rows(row, low, high, rule))
