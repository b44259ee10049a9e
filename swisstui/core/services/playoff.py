"""The single-elimination playoff after the Swiss: cut to the top N, then each next round
from the winners (rules: :mod:`swisstui.core.standings.playoff`)."""

from __future__ import annotations

import os

from .. import store
from ..model import Event, Round
from ..standings.playoff import bracket

Folder = str | os.PathLike[str]

__all__ = ["next_playoff_round", "bracket"]


def next_playoff_round(folder: Folder, top: int | None = 8) -> tuple[Event, Round]:
    """Create and save the next playoff round: the first from the final Swiss standings
    (``top`` players: 2, 4, 8, 16 …), later ones from the previous round's winners."""
    from ..standings import playoff_round
    ev = store.update(folder, lambda e: e.with_round(playoff_round(e, top)))
    return ev, max((r for r in ev.rounds if r.playoff), key=lambda r: r.number)
