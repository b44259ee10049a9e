"""Sonneborn-Berger: Σ over rounds of the opponent's score × the points scored against them.

FIDE C.07 Art. 9.1 (docs/RULES.md §5.2) with the chess unplayed-round rules of :mod:`.unplayed`
(dummy opponent × points of the round: ×1 for a PAB, ×0 for a forfeit loss, docs/RULES.md §5.3);
Renju "Berger" (docs/RULES.md §4.4).  With 1/½/0 scoring it equals the scores of the beaten
opponents plus half the scores of the drawn ones.  Go's SODOS (on wins) is in :mod:`.go`.
"""

from __future__ import annotations

from ..i18n import N_
from .context import Context
from .registry import tiebreak
from .unplayed import contributions


@tiebreak("SB", N_("Sonneborn-Berger"), "docs/RULES.md §5.2 (C.07 Art. 9.1), §5.3, §4.4",
          aliases=("SONNEBORN", "BERGER", "SONNEBORN-BERGER"))
def sonneborn_berger(ctx: Context) -> dict[int, float]:
    """Σ (opponent's score × fraction of a win scored against them); chess unplayed rounds
    against the dummy opponent (docs/RULES.md §5.3)."""
    return {pid: sum([v * f for v, _vur, f in row]) for pid, row in contributions(ctx).items()}
