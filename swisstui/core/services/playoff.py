"""The single-elimination playoff after the Swiss: cut to the top N, then each next round
from the winners (rules: :mod:`swisstui.core.standings.playoff`)."""

from __future__ import annotations

import os

from ..store.history import recorded
from .. import store
from ..model import Event, Round
from ..standings.playoff import FinalPlace, bracket, final_places, stage_name

Folder = str | os.PathLike[str]

__all__ = ["next_playoff_round", "preview_playoff_round", "bracket", "final_places",
           "FinalPlace", "stage_name", "playoff_started"]


def playoff_started(event: Event) -> bool:
    """Whether a playoff round has been cut (then no more Swiss rounds are paired)."""
    return any(r.playoff for r in event.rounds)


def preview_playoff_round(event: Event, top: int | None = 8) -> Round:
    """The round :func:`next_playoff_round` would save (the first from the Swiss standings,
    later ones from the winners), without writing it; refuses as it would."""
    return _playoff_round(event, top)


def _playoff_round(event: Event, top: int | None) -> Round:
    """The next playoff round with what its boards are played with (Go handicap stones and
    komi, :mod:`swisstui.core.board_setup`)."""
    from ..board_setup import with_setup
    from ..standings import playoff_round
    return with_setup(event, playoff_round(event, top))


@recorded('pair the next playoff stage')
def next_playoff_round(folder: Folder, top: int | None = 8) -> tuple[Event, Round]:
    """Create and save the next playoff round: the first from the final Swiss standings
    (``top`` players: 2, 4, 8, 16 …), later ones from the previous round's winners."""
    ev = store.update(folder, lambda e: e.with_round(_playoff_round(e, top)))
    return ev, max((r for r in ev.rounds if r.playoff), key=lambda r: r.number)
