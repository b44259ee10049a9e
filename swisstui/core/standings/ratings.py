"""Rating-based tie-breaks (FIDE C.07 Art. 10, docs/RULES.md §5.2) and the player's own
rating/rank (any game, docs/RULES.md §1.4 "Rank, Rating"; docs/RULES.md §8.2's dan/kyu order).

* ARO — average rating of the opponents met over the board, rounded half up (Art. 10.1).
* AROC1 (ARO-C1), ARO-C2 — ARO without the 1 or 2 lowest-rated opponents (Art. 10.1 with
  Cut-n, Art. 14.1); ARO-M1, ARO-M2 — also without the 1 or 2 highest-rated (Median-n, 14.2).
* TPR — tournament performance rating: ARO + dp(p), p the fraction of points scored in those
  games rounded to two decimals, dp from the FIDE conversion table (Art. 10.2, FIDE B.02
  table 8.1a).  TPR-C1/C2/M1/M2: TPR over the games left once the same opponents as ARO's
  cut or median are removed (with the points scored against them).
* PTP — perfect tournament performance (Art. 10.3): the lowest whole rating whose expected
  score against the rated opponents met over the board (FIDE B.02 table 8.1b, differences
  capped at 800) reaches the points scored against them; a zero score gives the lowest
  opponent's rating − 800, a full score the highest opponent's rating + 800.
* APRO — average of the opponents' TPR (Art. 10.4), APPO — average of the opponents' PTP
  (Art. 10.5): over the opponents met over the board who have a value (a TPR/PTP of 0 —
  no rated game — is left out), rounded half up.
* RATING — the player's rating; Go/Renju players without one rank by their rank
  (:func:`swisstui.core.ranks.rank_value`).
* RANK — the kyu/dan rank alone (docs/RULES.md §8.2's 段級位 step), ignoring ratings; for the games
  whose players have ranks (``GameProfile.ranks``: Go, Renju).

Unrated opponents are left out (Art. 10: the rating to use for them must be published first).
"""

from __future__ import annotations

import math

from ..model import GameKind as K
from .context import Context
from ..i18n import N_
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


# FIDE B.02 table 8.1(b): the lowest rating difference giving each expected score from 0.51
# to 1.00 (0-3 -> 0.50, 4-10 -> 0.51, ..., 620-735 -> 0.99, 736 and more -> 1.00).
_PD_FROM = (4, 11, 18, 26, 33, 40, 47, 54, 62, 69, 77, 84, 92, 99, 107, 114, 122, 130, 138, 146,
            154, 163, 171, 180, 189, 198, 207, 216, 226, 236, 246, 257, 268, 279, 291, 303, 316,
            329, 345, 358, 375, 392, 412, 433, 457, 485, 518, 560, 620, 736)


def expected(diff: int) -> float:
    """Expected score of a player rated ``diff`` points above the opponent (FIDE B.02 table
    8.1b; symmetric below 0)."""
    steps = sum(1 for d in _PD_FROM if abs(diff) >= d)
    return (50 + steps) / 100 if diff >= 0 else (50 - steps) / 100


def perfect_performance(ratings: list[int], score: float) -> int:
    """PTP (C.07 Art. 10.3): the lowest whole rating R with Σ expected(R − Ri) ≥ ``score``;
    0 points: lowest rating − 800, every point: highest rating + 800; 0 without games."""
    if not ratings:
        return 0
    if score <= 0:
        return min(ratings) - 800
    if score >= len(ratings):
        return max(ratings) + 800
    lo, hi = min(ratings) - 800, max(ratings) + 800  # sum(lo) < score <= sum(hi)
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if sum(expected(mid - r) for r in ratings) >= score - 1e-9:
            hi = mid
        else:
            lo = mid
    return hi


def _opponent_ratings(ctx: Context) -> dict[int, list[tuple[int, float]]]:
    def build() -> dict[int, list[tuple[int, float]]]:
        rating = {pid: p.rating for pid, p in ctx.players.items()}
        return {pid: [(rt, r.outcome or 0.0) for r in recs
                      if r.kind is K.GAME and (rt := rating.get(r.opp))]
                for pid, recs in ctx.history.items()}

    return ctx.memo("opp_ratings", build)


def _kept(v: list[tuple[int, float]], low: int, high: int) -> list[tuple[int, float]]:
    """The (rating, points) games left without the ``low`` lowest- and ``high`` highest-rated
    opponents (Cut-n / Median-n, C.07 Art. 14); ties: the lower points go first at the low
    end, the higher at the high end."""
    games = sorted(v)
    return games[low:len(games) - high]


def _aro(ctx: Context, low: int = 0, high: int = 0) -> dict[int, float]:
    out: dict[int, float] = {}
    for pid, v in _opponent_ratings(ctx).items():
        rs = [r for r, _ in _kept(v, low, high)]
        out[pid] = float(_half_up(sum(rs) / len(rs))) if rs else 0.0
    return out


def _tpr(ctx: Context, low: int = 0, high: int = 0) -> dict[int, float]:
    out: dict[int, float] = {}
    for pid, v in _opponent_ratings(ctx).items():
        games = _kept(v, low, high)
        if not games:
            out[pid] = 0.0
            continue
        avg = _half_up(sum(r for r, _ in games) / len(games))
        out[pid] = float(avg + dp(sum(o for _, o in games) / len(games)))
    return out


@tiebreak("ARO", N_("Average rating of opponents"), "docs/RULES.md §5.2 (C.07 Art. 10.1)",
          integer=True)
def aro(ctx: Context) -> dict[int, float]:
    """Mean rating of the rated opponents met over the board, rounded half up."""
    return _aro(ctx)


@tiebreak("AROC1", N_("Average rating of opponents Cut-1"), "docs/RULES.md §5.2 (C.07 Art. 10.1, 14)",
          aliases=("AROC", "ARO-C1"), integer=True)
def aro_cut1(ctx: Context) -> dict[int, float]:
    """ARO without the lowest-rated opponent."""
    return _aro(ctx, 1)


@tiebreak("ARO-C2", N_("Average rating of opponents Cut-2"),
          "docs/RULES.md §5.2 (C.07 Art. 10.1, 14.1)", aliases=("AROC2",), integer=True)
def aro_cut2(ctx: Context) -> dict[int, float]:
    """ARO without the two lowest-rated opponents."""
    return _aro(ctx, 2)


@tiebreak("ARO-M1", N_("Average rating of opponents Median-1"),
          "docs/RULES.md §5.2 (C.07 Art. 10.1, 14.2)", aliases=("AROM1",), integer=True)
def aro_median1(ctx: Context) -> dict[int, float]:
    """ARO without the lowest- and the highest-rated opponent."""
    return _aro(ctx, 1, 1)


@tiebreak("ARO-M2", N_("Average rating of opponents Median-2"),
          "docs/RULES.md §5.2 (C.07 Art. 10.1, 14.2)", aliases=("AROM2",), integer=True)
def aro_median2(ctx: Context) -> dict[int, float]:
    """ARO without the two lowest- and the two highest-rated opponents."""
    return _aro(ctx, 2, 2)


@tiebreak("TPR", N_("Tournament performance rating"), "docs/RULES.md §5.2 (C.07 Art. 10.2)",
          integer=True)
def performance(ctx: Context) -> dict[int, float]:
    """ARO + dp(p) over the games played against rated opponents."""
    return _tpr(ctx)


@tiebreak("TPR-C1", N_("Tournament performance rating Cut-1"),
          "docs/RULES.md §5.2 (C.07 Art. 10.2, 14.1)", aliases=("TPRC1",), integer=True)
def performance_cut1(ctx: Context) -> dict[int, float]:
    """TPR without the game against the lowest-rated opponent."""
    return _tpr(ctx, 1)


@tiebreak("TPR-C2", N_("Tournament performance rating Cut-2"),
          "docs/RULES.md §5.2 (C.07 Art. 10.2, 14.1)", aliases=("TPRC2",), integer=True)
def performance_cut2(ctx: Context) -> dict[int, float]:
    """TPR without the games against the two lowest-rated opponents."""
    return _tpr(ctx, 2)


@tiebreak("TPR-M1", N_("Tournament performance rating Median-1"),
          "docs/RULES.md §5.2 (C.07 Art. 10.2, 14.2)", aliases=("TPRM1",), integer=True)
def performance_median1(ctx: Context) -> dict[int, float]:
    """TPR without the games against the lowest- and the highest-rated opponent."""
    return _tpr(ctx, 1, 1)


@tiebreak("TPR-M2", N_("Tournament performance rating Median-2"),
          "docs/RULES.md §5.2 (C.07 Art. 10.2, 14.2)", aliases=("TPRM2",), integer=True)
def performance_median2(ctx: Context) -> dict[int, float]:
    """TPR without the games against the two lowest- and the two highest-rated opponents."""
    return _tpr(ctx, 2, 2)


@tiebreak("PTP", N_("Perfect tournament performance"), "docs/RULES.md §5.2 (C.07 Art. 10.3)",
          integer=True)
def perfect(ctx: Context) -> dict[int, float]:
    """The lowest rating whose expected score against the rated opponents met over the board
    reaches the points scored against them (:func:`perfect_performance`)."""
    return {pid: float(perfect_performance([r for r, _ in v], sum(o for _, o in v)))
            for pid, v in _opponent_ratings(ctx).items()}


def _opponents_average(ctx: Context, code: str) -> dict[int, float]:
    """Mean of the opponents' ``code`` values over the opponents met over the board, those
    without a value (0) left out, rounded half up; 0 without any."""
    values = ctx.tiebreak(code)
    out: dict[int, float] = {}
    for pid, recs in ctx.history.items():
        vals = [values[r.opp] for r in recs if r.kind is K.GAME and values.get(r.opp, 0)]
        out[pid] = float(_half_up(sum(vals) / len(vals))) if vals else 0.0
    return out


@tiebreak("APRO", N_("Average performance rating of opponents"),
          "docs/RULES.md §5.2 (C.07 Art. 10.4)", integer=True)
def average_opponents_performance(ctx: Context) -> dict[int, float]:
    """Mean TPR of the opponents met over the board (those with a TPR), rounded half up."""
    return _opponents_average(ctx, "TPR")


@tiebreak("APPO", N_("Average perfect performance of opponents"),
          "docs/RULES.md §5.2 (C.07 Art. 10.5)", integer=True)
def average_opponents_perfect(ctx: Context) -> dict[int, float]:
    """Mean PTP of the opponents met over the board (those with a PTP), rounded half up."""
    return _opponents_average(ctx, "PTP")


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
