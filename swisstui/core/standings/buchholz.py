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
* ``/P`` (BH, its cuts and medians, FB): forfeits count as games played against the scheduled
  opponent, C.07 Art. 14 (:mod:`.registry`, :mod:`.unplayed`).

Go's SOS family (sum of opponents' *wins*, OpenGotha) lives in :mod:`.go`.
"""

from __future__ import annotations

from .context import OVER_THE_BOARD, Context, entries
from ..i18n import N_
from .registry import tiebreak
from .unplayed import contributions, cut_rows, cut_rule

P = ("P",)  # the modifiers these tie-breaks accept (C.07 Art. 14)


def _bh(ctx: Context, low: int, high: int,
        only: frozenset[int] | None = None) -> dict[int, float]:
    items = entries(contributions(ctx), only)
    rule = cut_rule(ctx)
    if low == 0 and high == 0:
        return {pid: sum([c[0] for c in row]) for pid, row in items}
    return {pid: sum([c[0] for c in cut_rows(row, low, high, rule)])
            for pid, row in items}


@tiebreak("BH", N_("Buchholz"), "docs/RULES.md §5.2 (C.07 Art. 8.1), §5.3, §4.4", aliases=("BUCHHOLZ",), modifiers=P, scope="opponents")
def buchholz(ctx: Context, only: frozenset[int] | None = None) -> dict[int, float]:
    """Sum of the opponents' scores (chess: adjusted scores and dummy opponents, docs/RULES.md
    §5.3; other games: unpaired rounds count 0)."""
    return _bh(ctx, 0, 0, only)


@tiebreak("BH-C1", N_("Buchholz Cut-1"), "docs/RULES.md §5.2 (C.07 Art. 8.1, 14.1), §5.3",
          aliases=("BHC1", "BUCHHOLZ-C1"), modifiers=P, scope="opponents")
def buchholz_cut1(ctx: Context, only: frozenset[int] | None = None) -> dict[int, float]:
    """Buchholz without the least significant contribution (a VUR first, docs/RULES.md §5.3)."""
    return _bh(ctx, 1, 0, only)


@tiebreak("BH-C2", N_("Buchholz Cut-2"), "docs/RULES.md §5.2 (C.07 Art. 8.1, 14.1), §5.3",
          aliases=("BHC2",), modifiers=P, scope="opponents")
def buchholz_cut2(ctx: Context, only: frozenset[int] | None = None) -> dict[int, float]:
    """Buchholz without the two least significant contributions (VURs first)."""
    return _bh(ctx, 2, 0, only)


@tiebreak("BH-M1", N_("Buchholz Median-1"), "docs/RULES.md §5.2 (C.07 Art. 8.1, 14.2)",
          aliases=("BHM1", "MEDIAN"), modifiers=P, scope="opponents")
def buchholz_median1(ctx: Context, only: frozenset[int] | None = None) -> dict[int, float]:
    """Buchholz without the highest and the least significant contribution."""
    return _bh(ctx, 1, 1, only)


@tiebreak("BH-M2", N_("Buchholz Median-2"), "docs/RULES.md §5.2 (C.07 Art. 8.1, 14.2)",
          aliases=("BHM2",), modifiers=P, scope="opponents")
def buchholz_median2(ctx: Context, only: frozenset[int] | None = None) -> dict[int, float]:
    """Buchholz without the two highest and the two least significant contributions."""
    return _bh(ctx, 2, 2, only)


@tiebreak("AOB", N_("Average of opponents' Buchholz"), "docs/RULES.md §5.2 (C.07 Art. 8.2)")
def average_opponents_buchholz(ctx: Context) -> dict[int, float]:
    """Mean Buchholz of the opponents met over the board (0 when there are none)."""
    bh = ctx.tiebreak("BH")
    out: dict[int, float] = {}
    for pid, recs in ctx.history.items():
        vals = [bh[r.opp] for r in recs if r.kind in OVER_THE_BOARD]
        out[pid] = sum(vals) / len(vals) if vals else 0.0
    return out


@tiebreak("FB", N_("Fore Buchholz"), "docs/RULES.md §5.2 (C.07 Art. 8.3)", ("chess",),
          aliases=("FOREBUCHHOLZ",), modifiers=P)
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
    if ctx.forfeits_played:
        fore = fore.with_forfeits_played()
    return buchholz(fore)
