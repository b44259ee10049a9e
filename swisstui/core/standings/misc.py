"""Tie-breaks for any game that do not depend on the games played (docs/RULES.md §1.4 "Rank,
Rating"; docs/RULES.md §8.2: rank, lot number, computer random number), and the score itself.

* PTS — the score (event scoring); lets a pairing chain (:func:`.table.order_by_chain`) start
  with the score.
* LOT — the lot (drawing) number; the lower number ranks higher (docs/RULES.md §8.2 "ナンバー").
  Players without one rank by their id after those with one.
* RANDOM — a random order fixed by the event's seed and the round ranked, so the same folder
  always gives the same standings (docs/RULES.md §8.2's "乱数" step).
"""

from __future__ import annotations

import hashlib

from ..i18n import N_
from .context import Context
from .registry import tiebreak


@tiebreak("PTS", N_("Score"), "docs/RULES.md §0 (main score)", aliases=("SCORE", "POINTS"), primary=True)
def points(ctx: Context) -> dict[int, float]:
    """The player's score after the round ranked."""
    return dict(ctx.score)


@tiebreak("LOT", N_("Lot number"), "docs/RULES.md §8.2 (lot number)", aliases=("LOTNUMBER", "NUMBER"),
          higher_better=False, integer=True)
def lot(ctx: Context) -> dict[int, float]:
    """The lot number (lower ranks higher); players without one after, by id."""
    out: dict[int, float] = {}
    for pid in ctx.ids:
        p = ctx.players.get(pid)
        out[pid] = float(p.lot) if p is not None and p.lot is not None else 1_000_000.0 + pid
    return out


@tiebreak("RANDOM", N_("Random (by seed)"), "docs/RULES.md §8.2 (random number)", aliases=("RND", "RAND"),
          integer=True)
def random_order(ctx: Context) -> dict[int, float]:
    """A pseudo-random number per player from (event seed, round ranked, player id)."""
    seed = ctx.settings.seed
    rnd = ctx.after_round
    out: dict[int, float] = {}
    for pid in ctx.ids:
        digest = hashlib.blake2b(f"{seed}:{rnd}:{pid}".encode(), digest_size=6).digest()
        out[pid] = float(int.from_bytes(digest, "big") % 1_000_000)
    return out
