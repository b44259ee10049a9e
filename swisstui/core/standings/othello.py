"""Othello tie-breaks: Brightwell quotient and disc count (docs/RULES.md §2.2, §2.3).

* BQ — WOC definition (docs/RULES.md §2.2): the player's own discs in the games against
  non-withdrawn opponents + C × the sum of those opponents' points; each bye, each game
  against an opponent who withdrew during the event, and each round the player did not play
  (late entry, absence, own withdrawal) adds ``32 + C × own points`` — a 32-32 draw against
  oneself.  C is the event option ``bq_coefficient`` (6 = WOC; 0 = a pure disc count, Papp).
  Points are counted in wins (1 per win, ½ per draw) whatever the event's scoring.
* DISCS — total disc count of all games, byes included at the bye disc score (option
  ``bye_discs``, Papp's 40-24 by default, docs/RULES.md §2.3); a requested half-point bye counts
  as a drawn game's discs (half of the bye's total, 32 of 64), as the BQ values it; zero
  byes, absences and rounds not played count 0.

Disc counts come from ``Result.detail["discs"] = (first-listed, second-listed)``.  A result
without disc counts (issue 32 item 20; docs/TIEBREAKS.md "Othello"):

* a game played but entered without discs (``1-0``, ``0-1``, ``=``) counts the event's bye
  disc score (option ``bye_discs``, Papp's 40-24): the winner the bye player's discs (40),
  the loser the rest of the bye's total (24), a draw half the total each (32-32).  The bye
  score is the one disc score of a win the event defines without a board (docs/RULES.md
  §2.3); before, such a win counted 64-0 in DISCS and the BQ, more than any game won on the
  board short of a wipe-out, so not recording the discs paid;
* a forfeit (a game not played, ``+-``) scores 64-0 for the winner (32-32 when drawn), as
  before.
"""

from __future__ import annotations

from ..i18n import N_
from ..model import GameKind as K
from ..history import RoundRecord
from .context import Context
from .registry import tiebreak

_WITH_OPPONENT = frozenset({K.GAME, K.FORFEIT_WIN, K.FORFEIT_LOSS, K.FORFEIT_DRAW})
_BYES = frozenset({K.PAIRING_BYE, K.FULL_BYE})


def own_discs(rec: RoundRecord, unrecorded: tuple[float, float] = (40.0, 64.0)) -> float:
    """The player's discs in a game: from ``detail["discs"]``; a game played without disc
    counts by ``unrecorded`` = (the winner's discs, the total) — the bye disc score,
    :func:`bye_discs` —, the loser the rest, a draw half the total; a forfeit without disc
    counts 64 × the outcome (module doc)."""
    discs = rec.result.detail.get("discs") if rec.result is not None else None
    if discs:
        return float(discs[0] if rec.first else discs[1])
    outcome = rec.outcome or 0.0
    if rec.kind is K.GAME:
        win, total = unrecorded
        return win if outcome == 1 else total - win if outcome == 0 else total / 2
    return 64.0 * outcome


def bye_discs(ctx: Context) -> tuple[float, float]:
    """The bye's disc score (option ``bye_discs``: ``40``, ``(40, 24)`` or ``"40-24"``;
    default 40-24, Papp's reading, docs/RULES.md §2.3): the bye player's discs and the total
    (a single number means the rest of 64 went to nobody)."""
    raw = ctx.option("bye_discs", (40, 24))
    if isinstance(raw, str):
        raw = raw.replace("–", "-").split("-")
    if isinstance(raw, (list, tuple)):
        own = float(raw[0])
        return own, own + (float(raw[1]) if len(raw) > 1 else 64.0 - own)
    return float(raw), 64.0


def _withdrawn(ctx: Context) -> set[int]:
    return {pid for pid, p in ctx.players.items()
            if p.withdrawn_from is not None and p.withdrawn_from <= ctx.after_round}


@tiebreak("BQ", N_("Brightwell quotient"), "docs/RULES.md §2.2", ("othello",),
          aliases=("BRIGHTWELL",))
def brightwell(ctx: Context) -> dict[int, float]:
    """Own discs + C × opponents' points; byes, withdrawn opponents and unplayed rounds as
    32 + C × own points (docs/RULES.md §2.2, C = option ``bq_coefficient``, default 6)."""
    c = float(ctx.option("bq_coefficient", 6))
    win = ctx.win
    unrecorded = bye_discs(ctx)
    gone = _withdrawn(ctx)
    score = ctx.score
    out: dict[int, float] = {}
    for pid, recs in ctx.history.items():
        own = score[pid] / win
        total = 0.0
        for r in recs:
            if r.kind is K.PENDING:
                continue
            if r.kind in _WITH_OPPONENT and r.opponent not in gone:
                total += own_discs(r, unrecorded) + c * score[r.opp] / win
            else:
                total += 32 + c * own
        out[pid] = total
    return out


@tiebreak("DISCS", N_("Disc count"), "docs/RULES.md §2.1 (tie order), §2.3", ("othello",),
          aliases=("DISC", "TOTALDISCS"))
def disc_count(ctx: Context) -> dict[int, float]:
    """Sum of the player's discs over all games, byes at the bye disc score, a requested
    half-point bye at a draw's (half the bye's total)."""
    bye, total = bye_discs(ctx)
    credit = {**dict.fromkeys(_BYES, bye), K.HALF_BYE: total / 2}
    out: dict[int, float] = {}
    for pid, recs in ctx.history.items():
        out[pid] = sum(own_discs(r, (bye, total)) if r.kind in _WITH_OPPONENT else
                       credit.get(r.kind, 0.0) for r in recs)
    return out
