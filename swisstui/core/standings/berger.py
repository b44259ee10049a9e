"""Sonneborn-Berger: Σ over rounds of the opponent's score × the points scored against them.

FIDE C.07 Art. 9.1 (docs/RULES.md §5.2) with the chess unplayed-round rules of :mod:`.unplayed`
(dummy opponent × points of the round: ×1 for a PAB, ×0 for a forfeit loss, docs/RULES.md §5.3);
Renju "Berger" (docs/RULES.md §4.4).  With 1/½/0 scoring it equals the scores of the beaten
opponents plus half the scores of the drawn ones.  Go's SODOS (on wins) is in :mod:`.go`.

* SB-C1 / SB-C2 — Cut-1 / Cut-2, C.07 Art. 9.1 with Art. 14.1: without the contributions of
  the 1 or 2 least significant opponents — for SB-type tie-breaks the lowest-scored opponents
  (docs/RULES.md §5.2 "Modifiers"), VURs first under the chess rules (:func:`.unplayed.cut_rows`).
* SB-M1 / SB-M2 — Median-1 / Median-2, Art. 14.2: also without the 1 or 2 highest-scored
  opponents' contributions.
* ``/P`` (SB and its cuts and medians): forfeits count as games played against the scheduled
  opponent, C.07 Art. 14.
"""

from __future__ import annotations

from .context import Context, entries
from ..i18n import N_
from .registry import tiebreak
from .unplayed import contributions, cut_rows, cut_rule

P = ("P",)


def _sb(ctx: Context, low: int, high: int,
        only: frozenset[int] | None = None) -> dict[int, float]:
    items = entries(contributions(ctx), only)
    if low == 0 and high == 0:
        return {pid: sum([v * f for v, _vur, f in row]) for pid, row in items}
    rule = cut_rule(ctx)
    return {pid: sum([v * f for v, _vur, f in cut_rows(row, low, high, rule, product=True)])
            for pid, row in items}


@tiebreak("SB", N_("Sonneborn-Berger"), "docs/RULES.md §5.2 (C.07 Art. 9.1), §5.3, §4.4",
          aliases=("SONNEBORN", "BERGER", "SONNEBORN-BERGER"), modifiers=P, scope="opponents")
def sonneborn_berger(ctx: Context, only: frozenset[int] | None = None) -> dict[int, float]:
    """Σ (opponent's score × fraction of a win scored against them); chess unplayed rounds
    against the dummy opponent (docs/RULES.md §5.3)."""
    return _sb(ctx, 0, 0, only)


@tiebreak("SB-C1", N_("Sonneborn-Berger Cut-1"), "docs/RULES.md §5.2 (C.07 Art. 9.1, 14.1), §5.3",
          aliases=("SBC1",), modifiers=P, scope="opponents")
def sonneborn_berger_cut1(ctx: Context, only: frozenset[int] | None = None) -> dict[int, float]:
    """SB without the contribution of the lowest-scored opponent (a VUR first)."""
    return _sb(ctx, 1, 0, only)


@tiebreak("SB-C2", N_("Sonneborn-Berger Cut-2"), "docs/RULES.md §5.2 (C.07 Art. 9.1, 14.1), §5.3",
          aliases=("SBC2",), modifiers=P, scope="opponents")
def sonneborn_berger_cut2(ctx: Context, only: frozenset[int] | None = None) -> dict[int, float]:
    """SB without the contributions of the two lowest-scored opponents (VURs first)."""
    return _sb(ctx, 2, 0, only)


@tiebreak("SB-M1", N_("Sonneborn-Berger Median-1"), "docs/RULES.md §5.2 (C.07 Art. 9.1, 14.2), §5.3",
          aliases=("SBM1",), modifiers=P, scope="opponents")
def sonneborn_berger_median1(ctx: Context, only: frozenset[int] | None = None) -> dict[int, float]:
    """SB without the contributions of the lowest- and the highest-scored opponent."""
    return _sb(ctx, 1, 1, only)


@tiebreak("SB-M2", N_("Sonneborn-Berger Median-2"), "docs/RULES.md §5.2 (C.07 Art. 9.1, 14.2), §5.3",
          aliases=("SBM2",), modifiers=P, scope="opponents")
def sonneborn_berger_median2(ctx: Context, only: frozenset[int] | None = None) -> dict[int, float]:
    """SB without the contributions of the two lowest- and the two highest-scored opponents."""
    return _sb(ctx, 2, 2, only)
