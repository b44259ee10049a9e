"""The shared computation context of one standings request.

Tie-breaks of a chain share per-player aggregates (scores, adjusted scores, opponents' lists,
percentages…), so each is computed once per request and memoised here (:meth:`Context.memo`),
never stored in the event.  Everything derives from the request's
:class:`~swisstui.core.field.Field` (core/field.py): the per-player
:class:`~swisstui.core.history.RoundRecord` tuples of rounds ``1..after_round``
(:func:`swisstui.core.history.history`) and the game profile, looked up once;
playoff rounds never enter Swiss standings (docs/RULES.md §3.6: the Swiss standings stay frozen).
"""

from __future__ import annotations

from ..i18n import _

from typing import Any, TypeVar
from collections.abc import Callable, Iterable

from ..errors import SwissError
from ..field import Field
from ..model import Event, GameKind, Player, Round
from ..history import RoundRecord

GAME = GameKind.GAME
PENDING = GameKind.PENDING
#: kinds where the player met a scheduled opponent over the board (or will: pending)
OVER_THE_BOARD = frozenset({GameKind.GAME, GameKind.PENDING})

T = TypeVar("T")


def entries(table: dict[int, T], only: frozenset[int] | None) -> Iterable[tuple[int, T]]:
    """``table``'s (player id, value) pairs, only those of the players ``only`` names when
    given: what a tie-break with a ``scope`` recomputes for :meth:`Context.incremental`."""
    return table.items() if only is None else [(pid, table[pid]) for pid in only]


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


def after_round_of(event: Event, upto: int | None) -> int:
    """The round standings asked for after ``upto`` are computed after: the default
    (:func:`default_after_round`) or ``upto`` clamped to the Swiss rounds paired."""
    if upto is None:
        upto = default_after_round(event)
    last = max((r.number for r in event.swiss_rounds()), default=0)
    return max(0, min(int(upto), last))


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
                 "win", "draw", "ids", "forfeits_played", "_memo", "rounds", "base", "changed",
                 "_touched", "field", "profile")

    def __init__(self, event: Event, upto: int | None = None, field: Field | None = None):
        """``field``: the request's Field of ``event`` after the round asked for (built here
        when not given)."""
        self.event = event
        self.settings = event.settings
        self.game = event.game
        self.after_round = after_round_of(event, upto)
        if field is None or field.event is not event or field.upto != self.after_round:
            field = Field.of(event, self.after_round)
        self.field = field
        self.profile = field.profile  # the game profile: looked up once, by the Field
        self.history: dict[int, tuple[RoundRecord, ...]] = field.records
        self.rounds = tuple(r for r in event.rounds
                            if not r.playoff and r.number <= self.after_round)
        #: an earlier context this one differs from in the last round's records only
        #: (:func:`_find_base`), and the players whose records differ (None: no base)
        self.base: Context | None = None
        self.changed: frozenset[int] | None = None
        self._touched: frozenset[int] | None = None
        self.ids: list[int]
        self.score: dict[int, float]
        self.players: dict[int, Player]
        found = _find_base(self)
        if found is not None:
            self.base, self.changed = found
            self.ids = self.base.ids
            # the same players (the same tuple): the same {id: player}
            self.players = (self.base.players if self.base.event.players is event.players
                            else event.by_id())
            score = dict(self.base.score)
            for pid in self.changed:
                score[pid] = sum([r.points for r in self.history[pid]])
            self.score = score
        else:
            self.players = event.by_id()
            self.ids = sorted(self.history)
            self.score = {pid: sum([r.points for r in recs])
                          for pid, recs in self.history.items()}
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
            other.base = other.changed = other._touched = None  # its own values: no reuse
            return other

        return self.memo("forfeits_played", build)

    def touched(self) -> frozenset[int]:
        """The changed players (:attr:`changed`) and everybody who met one of them: the
        players whose opponents' scores may differ from the base context's."""
        if self._touched is None:
            assert self.changed is not None and self.base is not None
            out = set(self.changed)
            for hist in (self.history, self.base.history):
                for pid in self.changed:
                    out.update(r.opponent for r in hist.get(pid, ())
                               if r.opponent is not None)
            self._touched = frozenset(out)
        return self._touched

    def reuse(self, key: Any, scope: str) -> tuple[dict[int, Any], frozenset[int]] | None:
        """A per-player value of the base context (a copy) and the players whose entry must be
        computed again, or None (no base, or the base has not computed it).  ``scope`` says
        what a player's entry depends on: ``"own"`` — the player's own records only;
        ``"opponents"`` — also the opponents' scores (the contributions and what sums
        them: Buchholz, Sonneborn-Berger and their cuts)."""
        base = self.base
        if base is None or self.forfeits_played or key not in base._memo:
            return None
        ids = self.changed if scope == "own" else self.touched()
        assert ids is not None
        return dict(base._memo[key]), ids

    def from_base(self, key: Any) -> Any:
        """The base context's memoised value under ``key`` (None: no base, or the base has not
        computed it), for a caller that works out itself what :attr:`changed` alters (the
        ranking of :func:`.table.standings`)."""
        if self.base is None or self.forfeits_played:
            return None
        return self.base._memo.get(key)

    def incremental(self, key: Any, scope: str,
                    compute: Callable[[Any], dict[int, Any]]) -> dict[int, Any]:
        """``compute(ids)`` (``ids`` None: every player) memoised under ``key``, reusing the
        base context's entries of the players ``scope`` leaves unchanged (:meth:`reuse`)."""

        def build() -> dict[int, Any]:
            found = self.reuse(key, scope)
            if found is None:
                return compute(None)
            values, ids = found
            values.update(compute(ids))
            return values

        return self.memo(key, build)

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
        if tb.scope:
            return self.incremental(("tb", code), tb.scope,
                                    lambda ids: tb.compute(self, only=ids))
        return self.memo(("tb", code), lambda: tb.compute(self))


#: the last few contexts built: a new one differing from one of them only in the last
#: round's records reuses its per-player values (:meth:`Context.reuse`)
_BASES: list[Context] = []
_KEEP = 2


def _find_base(ctx: Context) -> tuple[Context, frozenset[int]] | None:
    """A recent context with the same players, settings and round count after the same round,
    whose rounds before the last are the same (the same objects or equal), and the players
    whose records differ from it; then ``ctx`` is remembered as a base for the next one."""
    found: tuple[Context, frozenset[int]] | None = None
    event, rounds, hist = ctx.event, ctx.rounds, ctx.history
    for base in list(_BASES):
        if not (base.after_round == ctx.after_round and len(base.rounds) == len(rounds)
                and (base.settings is ctx.settings or base.settings == ctx.settings)
                and (base.event.players is event.players
                     or base.event.players == event.players)
                and len(base.history) == len(hist)):
            continue
        if any(x is not y and x != y for x, y in zip(base.rounds[:-1], rounds[:-1])):
            continue
        old = base.history
        if old is hist:
            found = (base, frozenset())
            break
        changed: set[int] = set()
        ok = True
        boards = (_changed_boards(base.rounds[-1], rounds[-1])
                  if rounds and base.rounds[-1] is not rounds[-1] else None)
        if boards is not None:
            # only the players of the boards that differ can have another last record
            for pid in boards:
                recs, prev = hist.get(pid), old.get(pid)
                if recs is None or prev is None:
                    ok = False
                    break
                if prev is not recs and (len(prev) != len(recs)
                                         or (recs and prev[-1] != recs[-1])):
                    changed.add(pid)
        elif rounds and base.rounds[-1] is not rounds[-1]:
            # the records of the rounds before the last are equal (same rounds, players and
            # settings): only a last record can differ
            for pid, recs in hist.items():
                prev = old.get(pid)
                if prev is None:
                    ok = False
                    break
                # (a board left as it was keeps its record objects: history.round_records)
                if prev is not recs and (len(prev) != len(recs) or (
                        recs and prev[-1] is not recs[-1] and prev[-1] != recs[-1])):
                    changed.add(pid)
        if ok:
            found = (base, frozenset(changed))
            break
    if found is not None and found[0].base is not None:
        found[0].base = None  # a chain of bases is never followed: let older ones go
    if ctx.after_round:
        _BASES.insert(0, ctx)
        del _BASES[_KEEP:]
    return found


def _changed_boards(old: Round, new: Round) -> set[int] | None:
    """The players of the boards of ``new`` that differ from ``old``'s, when the two rounds
    differ in their boards' results only (the same number, byes and boards' players: every
    other record of the round is the same, :func:`swisstui.core.history.round_records`), else
    None."""
    if not (old.number == new.number and old.playoff == new.playoff
            and len(old.boards) == len(new.boards)
            and (old.byes is new.byes or old.byes == new.byes)):
        return None
    out: set[int] = set()
    for a, b in [(a, b) for a, b in zip(old.boards, new.boards) if a is not b]:
        if a.players != b.players:
            return None
        if a != b:
            out.update(b.players)
    return out
