"""Counting tie-breaks of FIDE C.07 Art. 7 and 9.2 (docs/RULES.md §5.2).

* WIN — rounds in which the participant obtained a win's points, with or without playing
  (forfeit wins, the pairing-allocated bye and full-point byes count), Art. 7.1.
* WON — games won over the board, Art. 7.2.
* BPG — games played with Black (forfeits not counted), Art. 7.3.
* BWG — games won over the board with Black, Art. 7.4.
* PS — sum of the progressive (running) scores after each round, Art. 7.5.
* PS-C1 / PS-C2 — Cut-1 / Cut-2 (Art. 7.5 with 14.1): without the running scores of the first
  1 or 2 rounds (the least significant: a running score never decreases).
* PS-M1 / PS-M2 — Median-1 / Median-2 (Art. 14.2): also without the running scores of the
  last 1 or 2 rounds (the most significant).
* KS — Koya: points scored against opponents who finished with at least 50 % of the maximum
  possible score, Art. 9.2 (for round robins).
"""

from __future__ import annotations

from ..colours_vocab import BLACK
from ..model import GameKind as K
from .context import Context, entries
from ..i18n import N_
from .registry import tiebreak



def _coloured(prof) -> bool:
    """BPG and BWG serve the games with colours (``GameProfile.seats.has_colours``)."""
    return prof.seats.has_colours


@tiebreak("WIN", N_("Number of wins"), "docs/RULES.md §5.2 (C.07 Art. 7.1)", aliases=("WINS-ALL",),
          scope="own")
def wins(ctx: Context, only: frozenset[int] | None = None) -> dict[int, float]:
    """Rounds scoring a win's points, played or not (forfeit wins, PAB, full-point byes)."""
    win, pending = ctx.win, K.PENDING
    items = entries(ctx.history, only)
    return {pid: float(sum([1 for r in recs if r.points >= win and r.kind is not pending]))
            for pid, recs in items}


@tiebreak("WON", N_("Number of games won"), "docs/RULES.md §5.2 (C.07 Art. 7.2)", scope="own")
def won(ctx: Context, only: frozenset[int] | None = None) -> dict[int, float]:
    """Games won over the board (forfeits and byes do not count)."""
    game = K.GAME
    items = entries(ctx.history, only)
    return {pid: float(sum([1 for r in recs if r.outcome == 1 and r.kind is game]))
            for pid, recs in items}


@tiebreak("BPG", N_("Games played with Black"), "docs/RULES.md §5.2 (C.07 Art. 7.3)", _coloured)
def black_games(ctx: Context) -> dict[int, float]:
    """Games played over the board with Black (forfeits not counted)."""
    return {pid: float(sum(1 for r in recs if r.kind is K.GAME and r.colour == BLACK))
            for pid, recs in ctx.history.items()}


@tiebreak("BWG", N_("Games won with Black"), "docs/RULES.md §5.2 (C.07 Art. 7.4)", _coloured)
def black_wins(ctx: Context) -> dict[int, float]:
    """Games won over the board with Black."""
    return {pid: float(sum(1 for r in recs
                           if r.kind is K.GAME and r.colour == BLACK and r.outcome == 1))
            for pid, recs in ctx.history.items()}


def _progressive(ctx: Context, low: int, high: int) -> dict[int, float]:
    """Σ of the running scores after each round, without those of the first ``low`` and
    the last ``high`` rounds (none left when there are no more rounds than that)."""
    out: dict[int, float] = {}
    for pid, recs in ctx.history.items():
        run = 0.0
        running = []
        for r in recs:
            run += r.points
            running.append(run)
        out[pid] = sum(running[low:len(running) - high])
    return out


@tiebreak("PS", N_("Progressive scores"), "docs/RULES.md §5.2 (C.07 Art. 7.5)",
          aliases=("PROGRESSIVE", "CUMULATIVE"))
def progressive(ctx: Context) -> dict[int, float]:
    """Σ over rounds of the running score after that round."""
    return _progressive(ctx, 0, 0)


@tiebreak("PS-C1", N_("Progressive scores Cut-1"), "docs/RULES.md §5.2 (C.07 Art. 7.5, 14.1)",
          aliases=("PSC1",))
def progressive_cut1(ctx: Context) -> dict[int, float]:
    """PS without the first round's running score."""
    return _progressive(ctx, 1, 0)


@tiebreak("PS-C2", N_("Progressive scores Cut-2"), "docs/RULES.md §5.2 (C.07 Art. 7.5, 14.1)",
          aliases=("PSC2",))
def progressive_cut2(ctx: Context) -> dict[int, float]:
    """PS without the running scores of the first two rounds."""
    return _progressive(ctx, 2, 0)


@tiebreak("PS-M1", N_("Progressive scores Median-1"), "docs/RULES.md §5.2 (C.07 Art. 7.5, 14.2)",
          aliases=("PSM1",))
def progressive_median1(ctx: Context) -> dict[int, float]:
    """PS without the running scores of the first and the last round."""
    return _progressive(ctx, 1, 1)


@tiebreak("PS-M2", N_("Progressive scores Median-2"), "docs/RULES.md §5.2 (C.07 Art. 7.5, 14.2)",
          aliases=("PSM2",))
def progressive_median2(ctx: Context) -> dict[int, float]:
    """PS without the running scores of the first two and the last two rounds."""
    return _progressive(ctx, 2, 2)


@tiebreak("KS", N_("Koya system"), "docs/RULES.md §5.2 (C.07 Art. 9.2)", aliases=("KOYA",))
def koya(ctx: Context) -> dict[int, float]:
    """Points scored against opponents who finished on at least half the maximum possible
    score (``ks_limit`` option, default 50 %)."""
    limit = float(ctx.option("ks_limit", 0.5)) * ctx.win * ctx.after_round
    score = ctx.score
    return {pid: sum(r.points for r in recs
                     if r.opponent is not None and score[r.opponent] >= limit)
            for pid, recs in ctx.history.items()}


@tiebreak("GE", N_("Games one elected to play"), "docs/RULES.md §5.2 (C.07 Art. 7.6)", ("chess",),
          aliases=("REP",))
def elected_games(ctx: Context) -> dict[int, float]:
    """Rounds minus voluntary unplayed rounds (requested half/zero byes, forfeit losses,
    absences, rounds after a withdrawal): games played plus rounds where a win was given
    without playing (PAB, forfeit win, full-point bye)."""
    from .unplayed import VUR

    return {pid: float(sum([1 for r in recs if r.kind not in VUR]))
            for pid, recs in ctx.history.items()}
