"""The shared computation context of one standings request.

Tie-breaks of a chain share per-player aggregates (scores, adjusted scores, opponents' lists,
percentages…), so each is computed once per request and memoised here (:meth:`Context.memo`),
never stored in the event.  Everything derives from :func:`swisstui.core.model.history` (the
per-player :class:`~swisstui.core.model.RoundRecord` tuples) for rounds ``1..after_round``;
playoff rounds never enter Swiss standings (docs/RULES.md §3.6: the Swiss standings stay frozen).
"""

from __future__ import annotations

from ..i18n import _

from typing import Any
from collections.abc import Callable

from ..errors import SwissError
from ..model import Event, GameKind, RoundRecord, history

GAME = GameKind.GAME
PENDING = GameKind.PENDING
#: kinds where the player met a scheduled opponent over the board (or will: pending)
OVER_THE_BOARD = frozenset({GameKind.GAME, GameKind.PENDING})


def default_after_round(event: Event) -> int:
    """The round standings are shown after when none is asked for: the last Swiss round whose
    results are all entered (a round still being played is not counted yet)."""
    done = 0
    for rnd in event.swiss_rounds():
        if rnd.missing_results() == 0:
            done = max(done, rnd.number)
        else:
            break
    return done


def check_after_round(event: Event, number: int | None) -> None:
    """Standings or a crosstable can be asked for after round 0 (before the first) up to the
    last Swiss round paired; anything else is refused (:class:`Context` would clamp it and
    show another round than asked)."""
    if number is None:
        return
    last = max((r.number for r in event.swiss_rounds()), default=0)
    if not 0 <= number <= last:
        raise SwissError(_("standings after round {number}: the event has Swiss rounds 1..{last} (0 = before the first)").format(number=number, last=last))


class Context:
    """Everything a tie-break needs about one event after round ``after_round``."""

    __slots__ = ("event", "settings", "game", "after_round", "history", "players", "score",
                 "win", "draw", "ids", "forfeits_played", "_memo")

    def __init__(self, event: Event, upto: int | None = None):
        self.event = event
        self.settings = event.settings
        self.game = event.game
        if upto is None:
            upto = default_after_round(event)
        last = max((r.number for r in event.swiss_rounds()), default=0)
        self.after_round = max(0, min(int(upto), last))
        self.history: dict[int, tuple[RoundRecord, ...]] = history(event, self.after_round)
        self.players = event.by_id()
        self.ids = sorted(self.history)
        self.score = {pid: sum([r.points for r in recs]) for pid, recs in self.history.items()}
        sc = self.settings.scoring
        self.win = sc.win or 1.0
        self.draw = sc.draw
        #: the ``/P`` modifier (FIDE C.07 Art. 14, docs/RULES.md §5.2 "Modifiers"): forfeits
        #: count as games played against the scheduled opponent
        self.forfeits_played = False
        self._memo: dict[Any, Any] = {}

    def with_forfeits_played(self) -> Context:
        """The same standings request under the ``/P`` modifier (one shared copy, its own
        memo: adjusted scores and contributions differ)."""
        if self.forfeits_played:
            return self

        def build() -> Context:
            other = object.__new__(Context)
            for name in Context.__slots__:
                setattr(other, name, getattr(self, name))
            other.forfeits_played = True
            other._memo = {}
            return other

        return self.memo("forfeits_played", build)

    def memo(self, key: Any, fn: Callable[[], Any]) -> Any:
        """Compute ``fn()`` once per context (shared per-player aggregates)."""
        try:
            return self._memo[key]
        except KeyError:
            value = self._memo[key] = fn()
            return value

    def option(self, key: str, default: Any) -> Any:
        return self.settings.options.get(key, default)

    def fraction(self, rec: RoundRecord) -> float:
        """The points of a round as a fraction of a win (1, ½, 0), for SB-type products."""
        if rec.outcome is not None and rec.kind is GAME:
            return rec.outcome
        return rec.points / self.win if self.win else 0.0

    def tiebreak(self, code: str) -> dict[int, float]:
        """Another tie-break's values (memoised), e.g. AOB needs every player's BH."""
        from .registry import REGISTRY

        tb = REGISTRY[code]
        return self.memo(("tb", code), lambda: tb.compute(self))
