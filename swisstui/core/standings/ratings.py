"""Rating-based tie-breaks (FIDE C.07 Art. 10, docs/RULES.md §5.2) and the player's own
rating/rank (any game, docs/RULES.md §1.4 "Rank, Rating"; docs/RULES.md §8.2's dan/kyu order).

* ARO — average rating of the opponents met over the board, rounded half up (Art. 10.1).
* AROC1 — ARO without the lowest-rated opponent (Art. 10.1 with Cut-1).
* TPR — tournament performance rating: ARO + dp(p), p the fraction of points scored in those
  games rounded to two decimals, dp from the FIDE conversion table (Art. 10.2, FIDE B.02
  table 8.1a).
* RATING — the player's rating; Go/Renju players without one rank by their rank
  (:func:`swisstui.core.ranks.rank_value`).
* RANK — the kyu/dan rank alone (docs/RULES.md §8.2's 段級位 step), ignoring ratings; for the games
  whose players have ranks (``GameProfile.ranks``: Go, Renju).

Unrated opponents are left out (Art. 10: the rating to use for them must be published first).
"""

from __future__ import annotations

import math

from ..i18n import N_
from ..model import GameKind as K
from .context import Context
from .registry import tiebreak

# FIDE B.02 table 8.1(a): p (in hundredths, 50..100) -> dp; symmetric below 0.50.
_DP = (0, 7, 14, 21, 29, 36, 43, 50, 57, 65, 72, 80, 87, 95, 102, 110, 117, 125, 133, 141, 149,
       158, 166, 175, 184, 193, 202, 211, 220, 230, 240, 251, 262, 273, 284, 296, 309, 322, 336,
       351, 366, 383, 401, 422, 444, 470, 501, 538, 589, 677, 800)


def dp(p: float) -> int:
    """Rating difference for a score fraction ``p`` (FIDE B.02 table 8.1a)."""
    hundredths = int(math.floor(p * 100 + 0.5 + 1e-9))
    if hundredths >= 50:
        return _DP[min(hundredths, 100) - 50]
    return -_DP[min(100 - hundredths, 100) - 50]


UNRATED = -100.0


def _half_up(x: float) -> int:
    return int(math.floor(x + 0.5 + 1e-9))


def _opponent_ratings(ctx: Context) -> dict[int, list[tuple[int, float]]]:
    def build() -> dict[int, list[tuple[int, float]]]:
        rating = {pid: p.rating for pid, p in ctx.players.items()}
        return {pid: [(rt, r.outcome or 0.0) for r in recs
                      if r.kind is K.GAME and (rt := rating.get(r.opp))]
                for pid, recs in ctx.history.items()}

    return ctx.memo("opp_ratings", build)


@tiebreak("ARO", N_("Average rating of opponents"), "docs/RULES.md §5.2 (C.07 Art. 10.1)",
          integer=True)
def aro(ctx: Context) -> dict[int, float]:
    """Mean rating of the rated opponents met over the board, rounded half up."""
    return {pid: float(_half_up(sum(r for r, _ in v) / len(v))) if v else 0.0
            for pid, v in _opponent_ratings(ctx).items()}


@tiebreak("AROC1", N_("Average rating of opponents Cut-1"), "docs/RULES.md §5.2 (C.07 Art. 10.1, 14)",
          aliases=("AROC", "ARO-C1"), integer=True)
def aro_cut1(ctx: Context) -> dict[int, float]:
    """ARO without the lowest-rated opponent."""
    out: dict[int, float] = {}
    for pid, v in _opponent_ratings(ctx).items():
        rs = sorted(r for r, _ in v)[1:]
        out[pid] = float(_half_up(sum(rs) / len(rs))) if rs else 0.0
    return out


@tiebreak("TPR", N_("Tournament performance rating"), "docs/RULES.md §5.2 (C.07 Art. 10.2)",
          integer=True)
def performance(ctx: Context) -> dict[int, float]:
    """ARO + dp(p) over the games played against rated opponents."""
    out: dict[int, float] = {}
    for pid, v in _opponent_ratings(ctx).items():
        if not v:
            out[pid] = 0.0
            continue
        avg = _half_up(sum(r for r, _ in v) / len(v))
        out[pid] = float(avg + dp(sum(o for _, o in v) / len(v)))
    return out


@tiebreak("RATING", N_("Rating or rank"), "docs/RULES.md §1.4 (Rank, Rating); §8.2",
          aliases=("ELO", "RTG", "GOR"), integer=True)
def rating(ctx: Context) -> dict[int, float]:
    """The player's rating; without one, a Go/Renju rank value (1d = 0, 1k = −1); players
    with neither rank below everybody (``UNRATED`` = −100, under 30k)."""
    out: dict[int, float] = {}
    for pid in ctx.ids:
        p = ctx.players.get(pid)
        if p is None:
            out[pid] = 0.0
        elif p.rating is not None:
            out[pid] = float(p.rating)
        elif p.rank:
            from ..ranks import rank_value

            out[pid] = float(rank_value(p.rank))
        else:
            out[pid] = UNRATED
    return out


@tiebreak("RANK", N_("Rank (dan/kyu)"), "docs/RULES.md §1.1 (rank encoding), §1.4; §8.2",
          lambda prof: prof.ranks, aliases=("DANKYU", "GRADE"), integer=True)
def rank(ctx: Context) -> dict[int, float]:
    """The Go/Renju rank value (1d = 0, 1k = −1, pros above 9d); no rank ranks last."""
    from ..ranks import rank_value

    out: dict[int, float] = {}
    for pid in ctx.ids:
        p = ctx.players.get(pid)
        out[pid] = float(rank_value(p.rank)) if p is not None and p.rank else UNRATED
    return out
