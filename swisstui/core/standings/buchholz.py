"""Buchholz family: the sum of the opponents' scores, its cuts and medians, and the average of
the opponents' Buchholz.

* BH — Buchholz, FIDE C.07 Art. 8.1 (docs/RULES.md §5.2) with the unplayed-round rules of
  :mod:`.unplayed` (chess: dummy opponent, docs/RULES.md §5.3); Renju Buchholz (docs/RULES.md §4.4);
  Othello/Papp SO (docs/RULES.md §2.2).
* BH-C1 / BH-C2 — Cut-1 / Cut-2: without the 1 or 2 least significant contributions (VURs
  first; 2026: :func:`.unplayed.cut_one`), C.07 Art. 14 (docs/RULES.md §5.2 "Modifiers", §5.3).
* BH-M1 / BH-M2 — Median-1 / Median-2: without the 1 or 2 highest and lowest, Art. 14.
* AOB — average of the opponents' Buchholz, Art. 8.2: mean BH of the opponents met over the
  board (0 without any).

Go's SOS family (sum of opponents' *wins*, OpenGotha) lives in :mod:`.go`.
"""

from __future__ import annotations

from operator import itemgetter

from .context import OVER_THE_BOARD, Context
from .registry import tiebreak
from .unplayed import contributions, cut_rule, cut_values


_VUR_FLAG = itemgetter(1)  # a contribution's "from a VUR" flag


def _bh(ctx: Context, low: int, high: int) -> dict[int, float]:
    rows = contributions(ctx)
    rule = cut_rule(ctx)
    if low == 0 and high == 0:
        return {pid: sum([c[0] for c in row]) for pid, row in rows.items()}
    if low == 1 and high == 0:  # Cut-1: the lowest goes unless a VUR is cut first
        out: dict[int, float] = {}
        for pid, row in rows.items():
            if len(row) > 1 and (rule == "none" or not any(map(_VUR_FLAG, row))):
                out[pid] = sum(sorted([c[0] for c in row])[1:])  # as cut_values sums it
            else:
                out[pid] = sum(cut_values(row, 1, 0, rule))
        return out
    return {pid: sum(cut_values(row, low, high, rule)) for pid, row in rows.items()}


@tiebreak("BH", "Buchholz", "docs/RULES.md §5.2 (C.07 Art. 8.1), §5.3, §4.4", aliases=("BUCHHOLZ",))
def buchholz(ctx: Context) -> dict[int, float]:
    """Sum of the opponents' scores (chess: adjusted scores and dummy opponents, docs/RULES.md
    §5.3; other games: unpaired rounds count 0)."""
    return _bh(ctx, 0, 0)


@tiebreak("BH-C1", "Buchholz Cut-1", "docs/RULES.md §5.2 (C.07 Art. 8.1, 14.1), §5.3",
          aliases=("BHC1", "BUCHHOLZ-C1"))
def buchholz_cut1(ctx: Context) -> dict[int, float]:
    """Buchholz without the least significant contribution (a VUR first, docs/RULES.md §5.3)."""
    return _bh(ctx, 1, 0)


@tiebreak("BH-C2", "Buchholz Cut-2", "docs/RULES.md §5.2 (C.07 Art. 8.1, 14.1), §5.3",
          aliases=("BHC2",))
def buchholz_cut2(ctx: Context) -> dict[int, float]:
    """Buchholz without the two least significant contributions (VURs first)."""
    return _bh(ctx, 2, 0)


@tiebreak("BH-M1", "Buchholz Median-1", "docs/RULES.md §5.2 (C.07 Art. 8.1, 14.2)",
          aliases=("BHM1", "MEDIAN"))
def buchholz_median1(ctx: Context) -> dict[int, float]:
    """Buchholz without the highest and the least significant contribution."""
    return _bh(ctx, 1, 1)


@tiebreak("BH-M2", "Buchholz Median-2", "docs/RULES.md §5.2 (C.07 Art. 8.1, 14.2)",
          aliases=("BHM2",))
def buchholz_median2(ctx: Context) -> dict[int, float]:
    """Buchholz without the two highest and the two least significant contributions."""
    return _bh(ctx, 2, 2)


@tiebreak("AOB", "Average of opponents' Buchholz", "docs/RULES.md §5.2 (C.07 Art. 8.2)")
def average_opponents_buchholz(ctx: Context) -> dict[int, float]:
    """Mean Buchholz of the opponents met over the board (0 when there are none)."""
    bh = ctx.tiebreak("BH")
    out: dict[int, float] = {}
    for pid, recs in ctx.history.items():
        vals = [bh[r.opp] for r in recs if r.kind in OVER_THE_BOARD]
        out[pid] = sum(vals) / len(vals) if vals else 0.0
    return out


@tiebreak("FB", "Fore Buchholz", "docs/RULES.md §5.2 (C.07 Art. 8.3)", ("chess",),
          aliases=("FOREBUCHHOLZ",))
def fore_buchholz(ctx: Context) -> dict[int, float]:
    """Buchholz computed as if every game paired in the last round ranked were a draw (that
    round then counts as played) — the Buchholz a player can know before the last round."""
    from dataclasses import replace

    from ..model import Result

    last = ctx.event.round(ctx.after_round) if ctx.after_round else None
    if last is None:
        return ctx.tiebreak("BH")
    draw = Result("1/2-1/2", (0.5, 0.5))
    drawn = replace(last, boards=tuple(replace(b, result=draw) for b in last.boards))
    fore = Context(ctx.event.with_round(drawn), ctx.after_round)
    return buchholz(fore)
